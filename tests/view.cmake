# nsbeam view: the first-look picture of a run (a ball bouncing next to a
# cantilever) shows the ball and the beam (tests/check_view_png.py counts their
# pixels), and the ParaView script it writes is valid Python.  With matplotlib
# always; with ParaView's pvbatch too when it is installed (view_pvbatch).
add_test(NAME view_matplotlib
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/view_mpl -DMODE=--no-pvbatch
          -DCHECK=${CMAKE_CURRENT_LIST_DIR}/check_view_png.py -P ${CMAKE_CURRENT_LIST_DIR}/run_view.cmake)
set_tests_properties(view_matplotlib PROPERTIES LABELS program)
find_program(NSB_PVBATCH pvbatch)
if(NSB_PVBATCH)
  add_test(NAME view_pvbatch
    COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp
            -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/view_pv -DMODE=
            -DCHECK=${CMAKE_CURRENT_LIST_DIR}/check_view_png.py -P ${CMAKE_CURRENT_LIST_DIR}/run_view.cmake)
  set_tests_properties(view_pvbatch PROPERTIES LABELS program)
endif()

# Mode-shape frames carry their natural frequency as FieldData (read back with VTK).
add_test(NAME modes_vtk_frequency
  COMMAND ${CMAKE_COMMAND} -E env sh -c "$<TARGET_FILE:nsbeam> run ${PROJECT_SOURCE_DIR}/examples/cantilever_modes.inp -o ${PROJECT_BINARY_DIR}/tests_tmp/modes_freq --quiet && ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_mode_frequency.py ${PROJECT_BINARY_DIR}/tests_tmp/modes_freq")
set_tests_properties(modes_vtk_frequency PROPERTIES LABELS "program;vtk")

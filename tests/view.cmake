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

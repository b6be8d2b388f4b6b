# Mode files colour by the linearized fields of the mode: bending modes of the
# straight tube cantilever (examples/cantilever_modes.inp, step 1) have zero
# linearized axial strain and a non-zero curvature (read back with VTK).
add_test(NAME modes_vtk_linearized
  COMMAND ${CMAKE_COMMAND} -E env sh -c "$<TARGET_FILE:nsbeam> run ${PROJECT_SOURCE_DIR}/examples/cantilever_modes.inp -o ${PROJECT_BINARY_DIR}/tests_tmp/modes_lin --quiet && ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_mode_linearized.py ${PROJECT_BINARY_DIR}/tests_tmp/modes_lin 1")
set_tests_properties(modes_vtk_linearized PROPERTIES LABELS "program;vtk")

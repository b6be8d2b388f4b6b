# A gmsh line mesh (T3D2 elements, -format inp) included unchanged and made a
# beam by a *BEAM SECTION: the cantilever's tip deflection under 1 N is the
# Euler-Bernoulli value P L^3 / (3 E I) = 1.904762e-3 m to 2e-4 relative
# (shear and the geometric nonlinearity of this small load are below that).
add_test(NAME gmsh_line_mesh
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/gmsh_beam.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/gmsh -P ${CMAKE_CURRENT_LIST_DIR}/run_gmsh.cmake)
set_tests_properties(gmsh_line_mesh PROPERTIES LABELS program)

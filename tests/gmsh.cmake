# A gmsh line mesh (T3D2 elements, -format inp) included unchanged and made a
# beam by a *BEAM SECTION: the cantilever's tip deflection under 1 N is the
# Euler-Bernoulli value P L^3 / (3 E I) = 1.904762e-3 m to 2e-4 relative
# (shear and the geometric nonlinearity of this small load are below that).
add_test(NAME gmsh_line_mesh
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/gmsh_beam.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/gmsh -P ${CMAKE_CURRENT_LIST_DIR}/run_gmsh.cmake)
set_tests_properties(gmsh_line_mesh PROPERTIES LABELS program)

# *STATIC without a data line takes Abaqus's defaults (period 1, one increment
# with cutbacks); a B32 cantilever under 1 N: tip uz = -9.52381e-4 m
# (Euler-Bernoulli), shear adds 7e-5 of it; band 2e-4.
add_test(NAME static_defaults_b32
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/static_defaults_b32.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/static_defaults -DCOL=TIP.uz -DLO=-9.5257e-4 -DHI=-9.5219e-4
          -P ${CMAKE_CURRENT_LIST_DIR}/run_gmsh.cmake)
set_tests_properties(static_defaults_b32 PROPERTIES LABELS program)

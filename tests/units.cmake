# Unit invariance under impact: the demo's ball on a strip written in m-kg-s
# and in mm-tonne-s must give the same history and contact rows to round-off
# (tests/units/compare_units.py).  Open contacts once left a round-off impulse
# whose sign and size depended on the units and made an increment impulsive.
add_test(NAME unit_invariance_impact
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/units/compare_units.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/units/ball_on_beam_si.inp ${CMAKE_CURRENT_LIST_DIR}/units/ball_on_beam_mm.inp
          ${PROJECT_BINARY_DIR}/tests_tmp/units)
set_tests_properties(unit_invariance_impact PROPERTIES LABELS program)

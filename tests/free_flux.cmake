# The residual test in free motion without gravity (tests/check_free_flux.py): a brick thrown
# spinning with a wobble, in m-kg-s and mm-tonne-s, converges by the residual test (no
# acceptance at the round-off floor), in at most three iterations an increment and the same
# count in both unit systems (docs/theory.md §5, the inertial flux).
add_test(NAME free_flux_brick
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_free_flux.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/free_flux
          ${CMAKE_CURRENT_LIST_DIR}/decks/free_flux/brick_si.inp ${CMAKE_CURRENT_LIST_DIR}/decks/free_flux/brick_mm.inp)
set_tests_properties(free_flux_brick PROPERTIES LABELS program)

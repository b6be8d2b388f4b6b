# A model at rest (tests/check_rest.py): a B2S cantilever, unloaded and at rest, in m-kg-s and
# mm-t-s, takes one Newton iteration an increment and stays exactly at rest (the element's
# discrete reference configuration, docs/theory_beam_strain.md §13); it and two particles on a
# spring whose free length misses their distance by round-off (m-kg-s, in-lbf-s) run without the
# energy-balance warning (its least energy scale, docs/theory.md §3.6).
add_test(NAME rest_one_iteration_no_warning
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_rest.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/rest
          ${CMAKE_CURRENT_LIST_DIR}/decks/rest/b2s_cantilever_si.inp ${CMAKE_CURRENT_LIST_DIR}/decks/rest/b2s_cantilever_mm.inp
          ${CMAKE_CURRENT_LIST_DIR}/decks/rest/spring_si.inp ${CMAKE_CURRENT_LIST_DIR}/decks/rest/spring_in.inp)
set_tests_properties(rest_one_iteration_no_warning PROPERTIES LABELS program)

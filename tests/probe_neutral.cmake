# Output never changes results: a run with one more history probe of a support's reaction
# (RF, RM: an evaluation of every element at each written increment's converged state) gives
# the same bytes in every other column of history.csv and in contacts.csv as the run without
# it (tests/check_probe_neutral.py): a beam cantilever beside a bouncing ball, clamped at
# node 2, and the contact kinds' deck, its master particle held at node 5.
foreach(case "plot_bounce;2" "contact_points_geometry;5")
  list(GET case 0 deck)
  list(GET case 1 node)
  add_test(NAME probe_neutral_${deck}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_probe_neutral.py $<TARGET_FILE:nsbeam>
            ${CMAKE_CURRENT_LIST_DIR}/decks/good/${deck}.inp ${node} ${PROJECT_BINARY_DIR}/tests_tmp/probe_neutral_${deck})
  set_tests_properties(probe_neutral_${deck} PROPERTIES LABELS program)
endforeach()

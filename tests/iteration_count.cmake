# The run statistics' "Newton iterations" (tests/check_iteration_count.py): with a row every
# increment history.csv's newton_iterations sum to it, the acceleration solves and the
# attempts repeated with full Newton or after a first touch included.
# A bouncing ball (first touches, restarts after impulses) beside a cantilever under modified
# Newton (increments repeated with full Newton).
add_test(NAME iteration_count_plot_bounce
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_iteration_count.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp ${PROJECT_BINARY_DIR}/tests_tmp/iteration_count)
set_tests_properties(iteration_count_plot_bounce PROPERTIES LABELS program)

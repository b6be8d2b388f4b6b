# A fresh run into the folder of an earlier one removes that run's files
# (frames and series of another deck would be left next to the new ones) and
# nothing else: a user's file and a symbolic link stay.
add_test(NAME rerun_removes_earlier_output
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/rerun -P ${CMAKE_CURRENT_LIST_DIR}/run_rerun.cmake)
set_tests_properties(rerun_removes_earlier_output PROPERTIES LABELS program)

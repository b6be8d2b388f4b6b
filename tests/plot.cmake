# nsbeam plot: a short run with contacts and probes, then every default image
# is written as a PNG of plausible size, a chosen column too, and an unknown
# column or a folder without history ends with status 1 and a message.
add_test(NAME plot_run
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp
          -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/plot -P ${CMAKE_CURRENT_LIST_DIR}/run_plot.cmake)
set_tests_properties(plot_run PROPERTIES LABELS program)

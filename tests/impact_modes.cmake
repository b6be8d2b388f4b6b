# impact_modes.cmake -- decks that pass `nsbeam check` but must stop during the
# run with a `file:line:` message (tests/decks/run_fail/*.inp, first line
# "** expect: <substring>"; driver tests/run_fail_deck.sh).  Today: the closed
# form of Fischer & Hennig (IMPACT=CLOSED FORM) meeting two coupled contacts.
# Included from tests/program_tests.cmake.
find_program(NSB_SH sh REQUIRED)
file(GLOB NSB_RUN_FAIL_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/run_fail/*.inp)
foreach(deck ${NSB_RUN_FAIL_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME run_fail_${deck_name}
           COMMAND ${NSB_SH} ${CMAKE_CURRENT_LIST_DIR}/run_fail_deck.sh $<TARGET_FILE:nsbeam> ${deck}
                   ${PROJECT_BINARY_DIR}/tests_tmp/run_fail/${deck_name}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/decks/run_fail)
  set_tests_properties(run_fail_${deck_name} PROPERTIES LABELS "program;bad_deck" TIMEOUT 30)
endforeach()

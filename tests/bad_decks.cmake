# bad_decks.cmake -- one ctest per malformed deck in tests/decks/bad.
#
# Each test runs "nsbeam check <deck>" through tests/run_bad_deck.sh, which
# requires a failure exit status (not a crash) and an error line
# "<deck>.inp:<line>: ..." containing the substring given on the deck's first
# line ("** expect: <substring>").  The same corpus is also read in-process by
# tests/test_io.c (suite "bad"), which runs even without the CLI.

find_program(NSB_SH sh REQUIRED)
file(GLOB NSB_BAD_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/bad/*.inp)
foreach(deck ${NSB_BAD_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME io_bad_deck_${deck_name}
           COMMAND ${NSB_SH} ${CMAKE_CURRENT_LIST_DIR}/run_bad_deck.sh $<TARGET_FILE:nsbeam> ${deck}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/decks/bad)
  set_tests_properties(io_bad_deck_${deck_name} PROPERTIES LABELS "io;bad_deck" TIMEOUT 30)
endforeach()

# Decks that parse but break a rule of the discrete model (scheme/element/
# support compatibility, element setup): `nsbeam check` builds the system and
# prepares every step, so it refuses them as `run` would; same driver and
# "** expect:" convention, not read by tests/test_io.c (the parser accepts them).
file(GLOB NSB_BAD_MODEL_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/bad_model/*.inp)
foreach(deck ${NSB_BAD_MODEL_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME io_bad_model_${deck_name}
           COMMAND ${NSB_SH} ${CMAKE_CURRENT_LIST_DIR}/run_bad_deck.sh $<TARGET_FILE:nsbeam> ${deck}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/decks/bad_model)
  set_tests_properties(io_bad_model_${deck_name} PROPERTIES LABELS "io;bad_deck" TIMEOUT 30)
endforeach()

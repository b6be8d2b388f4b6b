# hostile_decks.cmake -- one ctest per deck in tests/decks/hostile: decks a
# hostile or careless user writes (numbers out of range or overflowing, a
# contact that can never be detected, tolerances that would hang the run).
# Each must be refused, or its run must stop, with exit status 1 and a message
# that names the cause (the "** expect:" line); tests/run_hostile_deck.sh.
find_program(NSB_SH sh REQUIRED)
file(GLOB NSB_HOSTILE_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/hostile/*.inp)
foreach(deck ${NSB_HOSTILE_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME io_hostile_${deck_name}
           COMMAND ${NSB_SH} ${CMAKE_CURRENT_LIST_DIR}/run_hostile_deck.sh $<TARGET_FILE:nsbeam> ${deck}
                   ${PROJECT_BINARY_DIR}/hostile/${deck_name}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/decks/hostile)
  set_tests_properties(io_hostile_${deck_name} PROPERTIES LABELS "io;bad_deck" TIMEOUT 60)
endforeach()

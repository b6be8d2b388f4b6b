# Numerical failures during a run (tests/check_numfail.py, decks tests/decks/numfail/*.inp):
# each deck passes `nsbeam check` and fails in the run in its own way (a load beyond the
# limit point in *STATIC without RIKS, one increment far too large for a stiff contact, a
# mechanism, an amplitude whose values overflow the equations, a RHOINF=1 run whose energy
# grows until Newton fails).  The message must name the time, step, increment and a probable
# cause (the deck's "** expect:" lines), and history.csv and the VTK files written so far
# must parse.
file(GLOB NSB_NUMFAIL_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/numfail/*.inp)
foreach(deck ${NSB_NUMFAIL_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME numfail_${deck_name}
           COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_numfail.py $<TARGET_FILE:nsbeam> ${deck}
                   ${PROJECT_BINARY_DIR}/tests_tmp/numfail/${deck_name})
  set_tests_properties(numfail_${deck_name} PROPERTIES LABELS program TIMEOUT 60)
endforeach()

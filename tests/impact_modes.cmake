# impact_modes.cmake -- whole-program tests of *CONTACT PAIR, IMPACT=POISSON and
# IMPACT=CLOSED FORM (docs/contact.md §7.3).  Included from tests/program_tests.cmake.
#
#   run_fail_<deck>           decks that pass `nsbeam check` but must stop during the
#                             run with a `file:line:` message (tests/decks/run_fail/*.inp,
#                             first line "** expect: <substring>"; driver
#                             tests/run_fail_deck.sh): the closed form of Fischer &
#                             Hennig meeting two coupled contacts;
#   impact_chain15_poisson    15 touching balls, e = 0.5 everywhere, IMPACT=POISSON (14
#                             contacts: the Gauss-Seidel branch above 12): its history
#                             must equal that of the same row with IMPACT=SIMULTANEOUS
#                             (impact_chain15_newton, run first), since with one e
#                             Poisson's law is Newton's (compare_history.py, rtol 1e-7;
#                             measured 5.6e-14 relative);
#   impact_bounce_poisson     a ball dropped on a floor under gravity, e = 0.8, one
#                             contact: bounces and the final rest equal IMPACT=SIMULTANEOUS
#                             (impact_bounce_newton): the smooth force's impulse is not
#                             restituted, a resting ball is not lifted.
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

set(nsb_impact_dir ${PROJECT_BINARY_DIR}/tests_tmp/impact)
foreach(case chain15 bounce)
  add_test(NAME impact_${case}_newton
           COMMAND $<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/impact/${case}_newton.inp
                   -o ${nsb_impact_dir}/${case}_newton --quiet)
  set_tests_properties(impact_${case}_newton PROPERTIES LABELS "program;impact" TIMEOUT 60
                       FIXTURES_SETUP nsb_${case}_newton)
  add_test(NAME impact_${case}_poisson
    COMMAND ${CMAKE_COMMAND}
      -DNSBEAM=$<TARGET_FILE:nsbeam>
      -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/impact/${case}_poisson.inp
      -DOUT=${nsb_impact_dir}/${case}_poisson
      -DPYTHON=${NSB_PYTHON3}
      -DSCRIPT=${CMAKE_CURRENT_LIST_DIR}/compare_history.py
      -DREF=${nsb_impact_dir}/${case}_newton/history.csv
      -P ${CMAKE_CURRENT_LIST_DIR}/run_deck_check.cmake)
  set_tests_properties(impact_${case}_poisson PROPERTIES LABELS "program;impact" TIMEOUT 60
                       FIXTURES_REQUIRED nsb_${case}_newton)
endforeach()

# mechanism_<deck>: a model that is a mechanism stops at its first increment
# with the node, the DOF and the probable cause, after at most 2 rejected
# increments (tests/decks/mechanism/*.inp, first line "** expect: <substring>";
# driver tests/run_mechanism_deck.sh; solver/newton.c singular_for_any_h).
file(GLOB NSB_MECHANISM_DECKS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/decks/mechanism/*.inp)
foreach(deck ${NSB_MECHANISM_DECKS})
  get_filename_component(deck_name ${deck} NAME_WE)
  add_test(NAME mechanism_${deck_name}
           COMMAND ${NSB_SH} ${CMAKE_CURRENT_LIST_DIR}/run_mechanism_deck.sh $<TARGET_FILE:nsbeam> ${deck}
                   ${PROJECT_BINARY_DIR}/tests_tmp/mechanism/${deck_name}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/decks/mechanism)
  set_tests_properties(mechanism_${deck_name} PROPERTIES LABELS "program;bad_deck" TIMEOUT 30)
endforeach()

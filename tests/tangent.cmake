# tangent.cmake -- whole-program tests of modified Newton (*SOLVER CONTROLS,
# TANGENT=REUSE; docs/theory.md §5).  Included from tests/program_tests.cmake.
#
#   tangent_<case>_full     the problem with TANGENT=FULL (the reference, run first);
#   tangent_<case>_reuse    the same with TANGENT=REUSE (tests/run_tangent.cmake): its
#                           statistics show iterations with a kept matrix, and its
#                           history equals the full-Newton one within
#                           compare_history.py's rtol 1e-7 (ten times the correction
#                           tolerance: both are converged states of the same equations);
#     bar                   the 20-element bar of benchmarks/peers against a rigid wall
#                           (Newton-law contact held for 2 L/c; measured 1.4e-10 of the
#                           energy scale), the matrix kept over nearly every increment;
#     helix                 the helix cantilever (Češarek 2013) as a static solve in 20
#                           load increments: the end moment turns the tip by 2 pi, the
#                           kept matrix contracts too slowly, and increments are repeated
#                           with full Newton (the statistics must say so), with the
#                           cutbacks of full Newton;
#     spinning_body         a particle with Newton-law contact and friction on a spinning plane
#                           beside a free rigid body spinning with a particle on a spherical
#                           joint (the model of tests/unrelated_motion), 60 s: impulsive
#                           increments whose acceleration solves see the body's inertia turn
#                           away from the kept matrix; such a solve forms its matrix anew
#                           instead of failing the increment (it failed at t = 2.23 s);
#   tangent_auto_<case>     the default TANGENT=AUTO (model/model.h nsb_step_tangent) against
#                           the case's TANGENT=FULL history as above:
#     bar                   a dynamic step of beams: modified Newton (its statistics);
#     bar_restart           the same in a run that writes checkpoints (*RESTART): full Newton
#                           (no matrix kept);
#     helix                 a static step: full Newton;
#   tangent_spin_up_reuse   the spin-up of a flexible beam (Simo & Vu-Quoc 1986; the regression
#                           deck tests/decks/regress/spin_up_b2v.inp with TANGENT=REUSE):
#                           dynamic large rotations of B2V elements, increments repeated with
#                           full Newton (required), history equal to the committed full-Newton
#                           reference spin_up_b2v.ref.csv within rtol 1e-7;
#   tangent_threads_contact_strip  the B2V strip with two sliding balls of
#                           tests/decks/threads with TANGENT=REUSE (frictional contacts,
#                           contact list rebuilds, the kept factors per element): every output
#                           file the same byte for byte with 1, 2 and 3 threads
#                           (tests/run_threads.cmake);
#   tangent_restart_bar     the bar with TANGENT=REUSE killed after a periodic checkpoint
#                           and continued from it (tests/run_restart.py): every output
#                           file identical byte for byte to the uninterrupted run's (a
#                           checkpoint makes both runs form the matrix anew).
set(nsb_tangent_dir ${PROJECT_BINARY_DIR}/tests_tmp/tangent)
set(nsb_tangent_decks ${CMAKE_CURRENT_LIST_DIR}/decks/tangent)
set(nsb_tangent_cases
  "bar|iterations reusing +[1-9]"
  "helix|iterations reusing +[1-9],increments repeated with full Newton [1-9]"
  "spinning_body|iterations reusing +[1-9],increments repeated with full Newton [1-9]")
foreach(case ${nsb_tangent_cases})
  string(FIND "${case}" "|" bar_at)
  string(SUBSTRING "${case}" 0 ${bar_at} name)
  math(EXPR rest_at "${bar_at} + 1")
  string(SUBSTRING "${case}" ${rest_at} -1 expect)
  add_test(NAME tangent_${name}_full
           COMMAND $<TARGET_FILE:nsbeam> run ${nsb_tangent_decks}/${name}_full.inp
                   -o ${nsb_tangent_dir}/${name}_full --quiet)
  set_tests_properties(tangent_${name}_full PROPERTIES LABELS "program;tangent" TIMEOUT 60
                       FIXTURES_SETUP nsb_tangent_${name})
  add_test(NAME tangent_${name}_reuse
    COMMAND ${CMAKE_COMMAND}
      -DNSBEAM=$<TARGET_FILE:nsbeam>
      -DDECK=${nsb_tangent_decks}/${name}_reuse.inp
      -DOUT=${nsb_tangent_dir}/${name}_reuse
      -DPYTHON=${NSB_PYTHON3}
      -DSCRIPT=${CMAKE_CURRENT_LIST_DIR}/compare_history.py
      -DREF=${nsb_tangent_dir}/${name}_full/history.csv
      "-DEXPECT=${expect}"
      -P ${CMAKE_CURRENT_LIST_DIR}/run_tangent.cmake)
  set_tests_properties(tangent_${name}_reuse PROPERTIES LABELS "program;tangent" TIMEOUT 60
                       FIXTURES_REQUIRED nsb_tangent_${name})
endforeach()
add_test(NAME tangent_restart_bar
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam>
    ${nsb_tangent_decks}/bar_reuse.inp ${nsb_tangent_dir}/restart_bar 7 20)
set_tests_properties(tangent_restart_bar PROPERTIES LABELS "program;tangent;reliable" TIMEOUT 120)
add_test(NAME tangent_spin_up_reuse
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${nsb_tangent_decks}/spin_up_reuse.inp
    -DOUT=${nsb_tangent_dir}/spin_up_reuse
    -DPYTHON=${NSB_PYTHON3}
    -DSCRIPT=${CMAKE_CURRENT_LIST_DIR}/compare_history.py
    -DREF=${CMAKE_CURRENT_LIST_DIR}/decks/regress/spin_up_b2v.ref.csv
    "-DEXPECT=iterations reusing +[1-9],increments repeated with full Newton [1-9]"
    -P ${CMAKE_CURRENT_LIST_DIR}/run_tangent.cmake)
set_tests_properties(tangent_spin_up_reuse PROPERTIES LABELS "program;tangent" TIMEOUT 60)
add_test(NAME tangent_threads_contact_strip
  COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${nsb_tangent_decks}/contact_strip_reuse.inp
          -DOUT=${nsb_tangent_dir}/threads_contact_strip -P ${CMAKE_CURRENT_LIST_DIR}/run_threads.cmake)
set_tests_properties(tangent_threads_contact_strip PROPERTIES LABELS "program;tangent" TIMEOUT 120)
# reference case (<case>_full)|name (deck <name>_auto.inp)|EXPECT|REJECT (one of the two empty)
set(nsb_tangent_auto_cases
  "bar|bar|tangents formed +[1-9],iterations reusing +[1-9]|"
  "bar|bar_restart||tangents formed"
  "helix|helix||tangents formed")
foreach(case ${nsb_tangent_auto_cases})
  string(REPLACE "|" ";" f "${case}")
  list(GET f 0 ref)
  list(GET f 1 name)
  list(GET f 2 expect)
  list(GET f 3 reject)
  set(checks "-DEXPECT=${expect}")
  if(reject)
    list(APPEND checks "-DREJECT=${reject}")
  endif()
  add_test(NAME tangent_auto_${name}
    COMMAND ${CMAKE_COMMAND}
      -DNSBEAM=$<TARGET_FILE:nsbeam>
      -DDECK=${nsb_tangent_decks}/${name}_auto.inp
      -DOUT=${nsb_tangent_dir}/${name}_auto
      -DPYTHON=${NSB_PYTHON3}
      -DSCRIPT=${CMAKE_CURRENT_LIST_DIR}/compare_history.py
      -DREF=${nsb_tangent_dir}/${ref}_full/history.csv
      ${checks}
      -P ${CMAKE_CURRENT_LIST_DIR}/run_tangent.cmake)
  set_tests_properties(tangent_auto_${name} PROPERTIES LABELS "program;tangent" TIMEOUT 60
                       FIXTURES_REQUIRED nsb_tangent_${ref})
endforeach()

# tests/reliable.cmake -- what an interrupted or failing run leaves behind.
# Included from tests/program_tests.cmake (CMAKE_CURRENT_LIST_DIR is tests/).
#
# check_output_selftest: the checker (check_output.py) catches a cut CSV row,
#   a non-numeric field, a cut .pvd, a listed .vtu that is missing and a .vtu
#   cut inside its appended data.
# interrupt_sigterm / interrupt_sigint: a long run (decks/reliable/drop_long.inp,
#   output at every increment) stopped by the signal exits with 143 / 130,
#   reports where it stopped, and every output file is complete.
# interrupt_sigkill: the same run killed four times at different points of the
#   output cycle: only complete CSV rows, valid .pvd collections, every listed
#   .vtu complete.
# io_error_*: unwritable outputs (a file where the directory should be, a
#   directory that cannot be created, /dev/full as a CSV or a .vtu): exit 1,
#   a message naming the file and the OS error, earlier output complete.
set(nsb_rel_deck ${CMAKE_CURRENT_LIST_DIR}/decks/reliable/drop_long.inp)
set(nsb_rel_dir ${PROJECT_BINARY_DIR}/tests_tmp/reliable)

add_test(NAME check_output_selftest
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_output.py --selftest ${nsb_rel_dir}/selftest)
set_tests_properties(check_output_selftest PROPERTIES LABELS "program;reliable" TIMEOUT 30)

foreach(sig TERM INT KILL)
  string(TOLOWER ${sig} lsig)
  if(sig STREQUAL "KILL")
    set(rounds 4)
  else()
    set(rounds 2)
  endif()
  add_test(NAME interrupt_sig${lsig}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_interrupt.py $<TARGET_FILE:nsbeam> ${nsb_rel_deck}
      ${nsb_rel_dir}/sig${lsig} ${sig} ${rounds})
  set_tests_properties(interrupt_sig${lsig} PROPERTIES LABELS "program;reliable" TIMEOUT 300)
endforeach()

foreach(case outdir_is_file outdir_below_file unwritable_dir full_history full_contacts full_vtu full_surface)
  add_test(NAME io_error_${case}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_io_errors.py $<TARGET_FILE:nsbeam> ${nsb_rel_deck}
      ${nsb_rel_dir}/io ${case})
  set_tests_properties(io_error_${case} PROPERTIES LABELS "program;reliable" TIMEOUT 120)
endforeach()

# restart_*: *RESTART, WRITE and `nsbeam run --restart` (tests/run_restart.py).
# A run killed (SIGKILL) after a checkpoint, then continued from it, must leave
# every output file identical byte for byte to an uninterrupted run's: beams
# (B2V) with frictional contact, strain-based beams (B2S) with joints, rigid
# bodies, a chain of joints, a static step of beams, *MODAL DYNAMIC with
# contact in both reductions (modal and quasi-static), *STATIC, RIKS with the
# spherical (B2V arch) and the cylindrical (B2S arch) constraint, a dynamic
# step followed by a modal one (killed in the first: the modes are computed
# after the restart, modes.csv continued), the friction and bed states of the
# compliant contact laws (a bar sticking to a spinning disk with the
# elasto-visco-plastic law, a particle leaving a relaxing Winkler bed), the
# strain rates of beams with a material's Rayleigh damping (B2V, B2S), and the filtered
# velocities of a damped element's mass-rule point masses (tests/energy alpha_rule_fall).
# restart_signal_*: a run with *RESTART stopped by SIGTERM or SIGINT writes a
# checkpoint of its last increment and names it; continued from it, every
# file is identical to the uninterrupted run's (a dynamic step with contact,
# a quasi-static modal step, a cylindrical Riks step).  restart_no_restart:
# without *RESTART the stop message says what adding it would allow.
# restart_refuse: a corrupt, truncated or foreign checkpoint is refused with
# its cause.
set(nsb_regress ${CMAKE_CURRENT_LIST_DIR}/decks/regress)
set(nsb_restart_cases
  "beam_contact|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_beam_contact.inp|50|40"
  "b2s_joints|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_b2s.inp|40|12"
  "rigid_heavy_top|${nsb_regress}/heavy_top_mn.inp|7|5"
  "joints_double_pendulum|${nsb_regress}/double_pendulum.inp|7|5"
  "static_beam_frame|${nsb_regress}/beam_frame.inp|7|5"
  "modal_contact|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_modal_contact.inp|37|100"
  "qs_contact|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_qs_contact.inp|37|100"
  "riks_spherical|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_riks_spherical.inp|37|200"
  "riks_cylindrical|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_riks_cylindrical.inp|7|60"
  "dynamic_then_qs|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_dynamic_then_qs.inp|7|10"
  "friction_states|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_friction.inp|37|40"
  "material_damping|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_damping.inp|37|100"
  "damping_mass_rule|${CMAKE_CURRENT_LIST_DIR}/energy/alpha_rule_fall_si.inp|20|30")
foreach(case ${nsb_restart_cases})
  string(REPLACE "|" ";" f "${case}")
  list(GET f 0 name)
  list(GET f 1 deck)
  list(GET f 2 freq)
  list(GET f 3 rows)
  add_test(NAME restart_${name}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam> ${deck}
      ${nsb_rel_dir}/restart_${name} ${freq} ${rows})
  set_tests_properties(restart_${name} PROPERTIES LABELS "program;reliable" TIMEOUT 300)
endforeach()
# restart_checkpoint_at_*: what a stop by SIGTERM does, without its timing: a
# Riks deck checkpointed at one increment only (FREQUENCY over half the run's
# increments: 161 cylindrical, 560 spherical) and continued from there must
# match the run that wrote no checkpoint.  Cylindrical: 85 to 92 and a spread
# up to the last increment; checkpoints at 88 to 116 (cylindrical) and 300 to
# 400 (spherical) differed when a Riks increment's first factorization reused
# an earlier increment's KLU pivots.  ball_friction: a rigid ball sliding into
# rolling under Coulomb friction, whose systems the dense LU solves; the
# checkpoint keeps its pivot order (solver/checkpoint.c): at 501 and 520 the
# continued run's tangential impulses differed when it factored afresh.
# particle_off_cylinder: the damping of the law on a curved obstacle reads the
# last two increments (contact/pair.c step_damping): checkpoints in the
# increments that damp the start's alternation and in the slide.
# struck_rho1: the struck cantilever with RHOINF=1, whose released massless tip
# and ball carry the alternating force of the release for the rest of the run
# in a pair the candidate lists keep from the contact memory (contact/pair.c
# nsb_contact_keep_candidates): checkpoints after the release and at the
# increment in which the lists once dropped the pair (1736 at v0 = 2 m/s).
# hinged_rod_rho1: the energy-consistent internal forces of the plain scheme
# (docs/theory_beam.md §11.2), whose stored differences the checkpoint carries
# (tests/energy hinged_rod_si, 800 increments).
# name|deck|checkpoint increments
set(nsb_checkpoint_at_cases
  "hinged_rod_rho1|${CMAKE_CURRENT_LIST_DIR}/energy/hinged_rod_si.inp|401 555 799"
  "ball_friction|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_ball_friction.inp|501 520 555 800"
  "particle_off_cylinder|${CMAKE_CURRENT_LIST_DIR}/user/particle_off_cylinder_si.inp|1 2 3 1000"
  "riks_cylindrical|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_riks_cylindrical.inp|85 86 87 88 89 90 91 92 100 116 130 150 161"
  "riks_spherical|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_riks_spherical.inp|281 300 333 350 400 450 559"
  "struck_rho1|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_struck_rho1.inp|1001 1500 1736")
foreach(case ${nsb_checkpoint_at_cases})
  string(REPLACE "|" ";" f "${case}")
  list(GET f 0 name)
  list(GET f 1 deck)
  list(GET f 2 at)
  separate_arguments(at)
  add_test(NAME restart_checkpoint_at_${name}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam> ${deck}
      ${nsb_rel_dir}/restart_checkpoint_at_${name} --checkpoint-at ${at})
  set_tests_properties(restart_checkpoint_at_${name} PROPERTIES LABELS "program;reliable" TIMEOUT 300)
endforeach()
# name|deck|signal|history rows before the signal (FREQUENCY far beyond the run's increments)
set(nsb_restart_signal_cases
  "term_beam_contact|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_beam_contact.inp|TERM|40"
  "int_qs_contact|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_qs_contact.inp|INT|100"
  "term_riks_cylindrical|${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_riks_cylindrical.inp|TERM|60")
foreach(case ${nsb_restart_signal_cases})
  string(REPLACE "|" ";" f "${case}")
  list(GET f 0 name)
  list(GET f 1 deck)
  list(GET f 2 sig)
  list(GET f 3 rows)
  add_test(NAME restart_signal_${name}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam> ${deck}
      ${nsb_rel_dir}/restart_signal_${name} 1000000 ${rows} --signal ${sig})
  set_tests_properties(restart_signal_${name} PROPERTIES LABELS "program;reliable" TIMEOUT 300)
endforeach()
add_test(NAME restart_no_restart
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam> ${nsb_rel_deck}
    ${nsb_rel_dir}/restart_no_restart --no-restart 20)
set_tests_properties(restart_no_restart PROPERTIES LABELS "program;reliable" TIMEOUT 120)
add_test(NAME restart_refuse
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_restart.py $<TARGET_FILE:nsbeam>
    ${CMAKE_CURRENT_LIST_DIR}/decks/reliable/restart_beam_contact.inp ${nsb_rel_dir}/restart_refuse 50 --refuse
    ${CMAKE_CURRENT_LIST_DIR}/decks/reliable/alloc_small.inp)
set_tests_properties(restart_refuse PROPERTIES LABELS "program;reliable" TIMEOUT 120)

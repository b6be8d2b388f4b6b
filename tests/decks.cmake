# tests/decks.cmake -- whole-program tests of the real executable.
# Included from tests/program_tests.cmake, so CMAKE_CURRENT_SOURCE_DIR is tests/.
#
#   regress_<case>          run tests/decks/regress/<case>.inp and compare its
#                           history.csv with the committed <case>.ref.csv
#                           (tests/compare_history.py: rtol 1e-7 of value plus the
#                           scale of its vector; the reasons are in that script);
#   regress_<case>_sse3     the same with OpenBLAS's SSE3 kernels (OPENBLAS_CORETYPE=Prescott)
#   heavy_top_vtk_readback  run benchmarks/heavy_top/heavy_top.inp (10 s, VTK
#                           every 5 increments: 201 frames of 1 point) and read
#                           the series back with VTK (tests/vtk_readback.py);
#   validate_quick          benchmarks/validate --quick (label validation), and
#                           the source tree unchanged after it;
#   validate_concurrent     two quick runs of five cases at the same time: the
#                           rows and bytes of a run alone (label validation);
#   cli_*                   command-line behaviour: exit statuses 0/1/2, a
#                           one-line cause for a missing deck, and
#                           `nsbeam check` on every benchmark deck.
#
# Python: the regressions and the validation need only the standard library
# (python3 from PATH at configure time); the VTK read-back needs a Python with
# vtk (NSB_VTK_PYTHON, see tests/vtk.cmake).  If one is missing the tests still
# exist and fail with a message: never a silent skip.
#
# Regenerating a reference (only after a deliberate change of the results, and
# after checking the new numbers):  nsbeam run tests/decks/regress/<case>.inp
# -o /tmp/<case> --quiet && cp /tmp/<case>/history.csv tests/decks/regress/<case>.ref.csv

find_program(NSB_PYTHON3 NAMES python3 DOC "Python 3 (standard library only) for the deck regression tests")
if(NOT NSB_PYTHON3)
  message(WARNING "python3 not found on PATH: the regress_* and validate_quick tests will fail")
  set(NSB_PYTHON3 python3)
endif()
if(NOT DEFINED NSB_VTK_PYTHON)
  set(NSB_VTK_PYTHON /usr/bin/python3)
endif()

set(nsb_regress_dir ${PROJECT_BINARY_DIR}/regress)

# ---- deck regressions -----------------------------------------------------------
file(GLOB nsb_regress_decks CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/decks/regress/*.inp)
foreach(deck ${nsb_regress_decks})
  get_filename_component(name ${deck} NAME_WE)
  add_test(NAME regress_${name}
    COMMAND ${CMAKE_COMMAND}
      -DNSBEAM=$<TARGET_FILE:nsbeam>
      -DDECK=${deck}
      -DOUT=${nsb_regress_dir}/${name}
      -DPYTHON=${NSB_PYTHON3}
      -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/compare_history.py
      -DREF=${CMAKE_CURRENT_SOURCE_DIR}/decks/regress/${name}.ref.csv
      -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
  set_tests_properties(regress_${name} PROPERTIES LABELS "program;regress" TIMEOUT 120)
  # The same references must hold with another BLAS kernel: OpenBLAS picks its
  # kernels by CPU (AVX-512 on one machine, AVX2 on the next), which moves the
  # round-off of every factorization; the regression must not notice.
  add_test(NAME regress_${name}_sse3
    COMMAND ${CMAKE_COMMAND}
      -DNSBEAM=$<TARGET_FILE:nsbeam>
      -DDECK=${deck}
      -DOUT=${nsb_regress_dir}/${name}_sse3
      -DPYTHON=${NSB_PYTHON3}
      -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/compare_history.py
      -DREF=${CMAKE_CURRENT_SOURCE_DIR}/decks/regress/${name}.ref.csv
      -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
  set_tests_properties(regress_${name}_sse3 PROPERTIES LABELS "program;regress" TIMEOUT 120
    ENVIRONMENT "OPENBLAS_CORETYPE=Prescott")
endforeach()

# ---- heavy top: the former demo deck, read back with VTK ---------------------
add_test(NAME heavy_top_vtk_readback
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${PROJECT_SOURCE_DIR}/benchmarks/heavy_top/heavy_top.inp
    -DOUT=${nsb_regress_dir}/heavy_top_vtk
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
    -DSTEPS=201 -DPOINTS=1
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(heavy_top_vtk_readback PROPERTIES LABELS "program;vtk" TIMEOUT 120)

# ---- helix: the beam output (axis + swept solid) read back with VTK ----------------
# static_ne10_N3: VTK at t = 0 and at the end; 10 elements x (2 ends + 4 x 5
# integration points) = 220 axis points per frame
add_test(NAME helix_vtk_readback_beams
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${PROJECT_SOURCE_DIR}/benchmarks/helix_cantilever/static_ne10_N3.inp
    -DOUT=${nsb_regress_dir}/helix_vtk
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
    -DBEAMS=1 -DSTEPS=2 -DPOINTS=220
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(helix_vtk_readback_beams PROPERTIES LABELS "program;vtk" TIMEOUT 120)

# ---- the flying beam (Češarek 2013, §6.6.4): 100 s of a tumbling beam read back -------------
# h0.1: VTK every 5 increments -> 201 frames; 10 elements x (2 ends + 4 x 3
# integration points) = 140 axis points per frame
add_test(NAME free_flight_vtk_readback_beams
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${PROJECT_SOURCE_DIR}/benchmarks/free_flight_beam/h0.1.inp
    -DOUT=${nsb_regress_dir}/free_flight_vtk
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
    -DBEAMS=1 -DSTEPS=201 -DPOINTS=140
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(free_flight_vtk_readback_beams PROPERTIES LABELS "program;vtk" TIMEOUT 180)

# ---- mode shapes (examples/cantilever_modes.inp): the series of *FREQUENCY step 3 --------
# 6 modes ("time" = mode number); 20 elements x 14 axis points = 280 points per frame
add_test(NAME modes_vtk_readback_beams
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${PROJECT_SOURCE_DIR}/examples/cantilever_modes.inp
    -DOUT=${nsb_regress_dir}/modes_vtk
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
    -DBEAMS=1 -DPVD=modes3_beams.pvd -DSTEPS=6 -DPOINTS=280
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(modes_vtk_readback_beams PROPERTIES LABELS "program;vtk" TIMEOUT 120)

# ---- the demo deck: contact points read back with VTK ----------------------------
# examples/ball_on_beam.inp (README's demo): 6000 increments, VTK every 20 -> 301
# frames of contacts.pvd; the ball must be in contact, with a force, in some frames
add_test(NAME demo_contacts_vtk_readback
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${PROJECT_SOURCE_DIR}/examples/ball_on_beam.inp
    -DOUT=${nsb_regress_dir}/demo_contacts
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback_contacts.py
    -DCONTACTS=1 -DSTEPS=301
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(demo_contacts_vtk_readback PROPERTIES LABELS "program;vtk" TIMEOUT 180)

# ---- friction states of the contact points read back with VTK --------------------
# Both decks write contacts.csv at the VTK times; every frame is compared with its
# rows exactly (friction_state, friction, stick_elongation, plastic_rate, pair,
# slave, point).
# breakaway_vtk.inp (Stamm 2011, §4.7, F_a = 1.5): 1200 increments, VTK every 50 ->
# 25 frames; the mass sticks (1) until t_0 = 0.004678 and then slides (3).
add_test(NAME breakaway_contacts_vtk_readback
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${CMAKE_CURRENT_SOURCE_DIR}/decks/good/breakaway_vtk.inp
    -DOUT=${nsb_regress_dir}/breakaway_contacts
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback_contacts.py
    -DCONTACTS=1 -DSTEPS=25 "-DCHECK_ARGS=--sequence;1;1,3"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(breakaway_contacts_vtk_readback PROPERTIES LABELS "program;vtk" TIMEOUT 120)
# grasp_vtk.inp (Stamm 2011, §6.4): 4400 increments, VTK every 200 -> 23 frames; the
# ground points (pair 1) stick, slide after the drop and stick again; the finger
# points (pairs 2, 3) stick throughout, and at t = 1 (held at rest) their friction
# forces carry the cube: sum of friction_z on the fingers = -m g = -19.62 N (the
# round-off of the converged increment, as benchmarks/robot_grasp's 1e-9 N).
add_test(NAME grasp_contacts_vtk_readback
  COMMAND ${CMAKE_COMMAND}
    -DNSBEAM=$<TARGET_FILE:nsbeam>
    -DDECK=${CMAKE_CURRENT_SOURCE_DIR}/decks/good/grasp_vtk.inp
    -DOUT=${nsb_regress_dir}/grasp_contacts
    -DPYTHON=${NSB_VTK_PYTHON}
    -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback_contacts.py
    -DCONTACTS=1 -DSTEPS=23
    "-DCHECK_ARGS=--sequence;1;1,3,1;--sequence;2;1;--sequence;3;1;--friction-sum;1.0;2,3;2;-19.62;1e-9"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_deck_check.cmake)
set_tests_properties(grasp_contacts_vtk_readback PROPERTIES LABELS "program;vtk" TIMEOUT 120)

# ---- benchmark validation (quick variants) -----------------------------------------
# The quick validation runs every case of benchmarks/ but four_bar_mechanism,
# whose quick variant takes a minute (full `benchmarks/validate` run only): a
# new case is in it without an edit here.  tests/validate_concurrent.py runs it
# and fails when the run created, changed or removed anything in the source
# tree outside the build folder (everything goes to NSB_VALIDATE_OUT).
add_test(NAME validate_quick COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/validate_concurrent.py
  ${PROJECT_BINARY_DIR}/validate --exclude-dir ${PROJECT_BINARY_DIR}
  -- ${NSB_PYTHON3} ${PROJECT_SOURCE_DIR}/benchmarks/validate --quick --exclude four_bar_mechanism)
set_tests_properties(validate_quick PROPERTIES LABELS validation TIMEOUT 900
  ENVIRONMENT "NSBEAM=$<TARGET_FILE:nsbeam>;NSB_TOOLS=${PROJECT_BINARY_DIR}/benchmarks;NSB_VALIDATE_OUT=${PROJECT_BINARY_DIR}/validate")
# Two quick runs of a few cases at the same time, each with its own
# NSB_VALIDATE_OUT, give the rows and write the bytes of a run alone, and leave
# the source tree as it was: the cases that write reference tables (double_pendulum),
# scratch folders (rigid_prescribed_rotation), import their deck generators
# (bar_wall_impact) and start other interpreters (beam_rayleigh_damping).
add_test(NAME validate_concurrent COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/validate_concurrent.py
  ${PROJECT_BINARY_DIR}/validate_concurrent --exclude-dir ${PROJECT_BINARY_DIR}
  --concurrent double_pendulum rigid_prescribed_rotation heavy_top bar_wall_impact beam_rayleigh_damping)
set_tests_properties(validate_concurrent PROPERTIES LABELS validation TIMEOUT 300
  ENVIRONMENT "NSBEAM=$<TARGET_FILE:nsbeam>;NSB_TOOLS=${PROJECT_BINARY_DIR}/benchmarks")

# ---- command line ---------------------------------------------------------------------
set(nsb_cli_dir ${PROJECT_BINARY_DIR}/tests_tmp/cli)
# name | arguments ('|'-separated) | expected exit status | extra -D checks
function(nsb_cli_test name args rc)
  add_test(NAME cli_${name}
    COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> "-DARGS=${args}" -DEXPECT_RC=${rc}
      -DWORKDIR=${nsb_cli_dir} ${ARGN} -P ${CMAKE_CURRENT_SOURCE_DIR}/run_cli.cmake)
  set_tests_properties(cli_${name} PROPERTIES LABELS "program;cli" TIMEOUT 30)
endfunction()
nsb_cli_test(help "--help" 0 "-DSTDOUT_REGEX=usage: nsbeam run")
nsb_cli_test(run_help "run|--help" 0 "-DSTDOUT_REGEX=usage: nsbeam run")
nsb_cli_test(check_help "check|-h" 0 "-DSTDOUT_REGEX=usage: nsbeam run")
nsb_cli_test(no_args "" 2 "-DSTDERR_REGEX=usage:")
nsb_cli_test(unknown_command "--frobnicate" 2)
nsb_cli_test(unknown_option "run|${PROJECT_SOURCE_DIR}/benchmarks/heavy_top/heavy_top.inp|--frobnicate" 2
  "-DSTDERR_REGEX=unknown option")
# an increment whose stick and slip branches alternate, in a DIRECT step: exit 1, the message says
# that the corrections alternate and that the step allows no cutback (docs/contact.md §7)
nsb_cli_test(run_alternating_direct
  "run|${PROJECT_SOURCE_DIR}/tests/decks/cycle/static_friction_band.inp|-o|static_friction_band|--quiet" 1
  "-DSTDERR_REGEX=t = 79\\.324.*DIRECT and gives no h_min.*the corrections do not fall: the iterate alternates")
# MASS=REDISTRIBUTED on collocation elements: no warning since their moment rows take the moment of the
# force rows' projected resultant (docs/contact.md §7.2; the rule no longer gains energy across the axis);
# nor on Galerkin elements
nsb_cli_test(mass_collocation_no_warning "check|${PROJECT_SOURCE_DIR}/benchmarks/massless_end/transverse_floor_b31_mm.inp" 0
  -DSTDERR_LINES=0)
nsb_cli_test(mass_galerkin_no_warning "check|${PROJECT_SOURCE_DIR}/benchmarks/massless_end/bar_gal_p3_n100_c0.0625_default.inp" 0
  -DSTDERR_LINES=0)
# the default of MASS= (docs/contact.md §7.2, "The default"): `nsbeam check` counts the pairs that
# take the mass rule; one deck per condition (tests/decks/mass_default/make_decks.py), the count on
# the deck's first line ("** summary: N with MASS=REDISTRIBUTED", and ", K with MASS=LUMPED" where
# K > 0: docs/contact.md §7.8)
file(GLOB nsb_mass_default_decks CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/decks/mass_default/*.inp)
foreach(deck ${nsb_mass_default_decks})
  get_filename_component(name ${deck} NAME_WE)
  file(STRINGS ${deck} first LIMIT_COUNT 1)
  string(REGEX REPLACE "^\\*\\* summary: ([0-9]+ with MASS=REDISTRIBUTED(, [0-9]+ with MASS=LUMPED)?)$" "\\1" n "${first}")
  nsb_cli_test(mass_default_${name} "check|${deck}" 0
    "-DSTDOUT_REGEX=contact pairs: [0-9]+ \\(${n}\\)")
endforeach()
# the default weighting of B2S elements (docs/deck.md, WEIGHTING=): `nsbeam check` counts the beams of
# each weighting; one deck per side of each condition (tests/decks/b2s_weighting/make_decks.py), the
# counts on the deck's first line ("** summary: beams: G Galerkin, C collocation")
file(GLOB nsb_b2s_weighting_decks CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/decks/b2s_weighting/*.inp)
foreach(deck ${nsb_b2s_weighting_decks})
  get_filename_component(name ${deck} NAME_WE)
  file(STRINGS ${deck} first LIMIT_COUNT 1)
  string(REGEX REPLACE "^\\*\\* summary: beams: ([0-9]+) Galerkin, ([0-9]+) collocation$" "\\1 Galerkin, \\2 collocation" n "${first}")
  nsb_cli_test(b2s_weighting_${name} "check|${deck}" 0 -DSTDERR_LINES=0
    "-DSTDOUT_REGEX=elements: +[0-9]+ \\(beams: ${n}\\)")
endforeach()
# a missing deck: exit 1 and exactly one line on stderr that names the file and the cause
nsb_cli_test(run_missing_deck "run|missing.inp" 1 -DSTDERR_LINES=1 "-DSTDERR_REGEX=missing\\.inp.*cannot open")

# `nsbeam check` on every benchmark deck (model*.inp are include-only fragments)
file(GLOB_RECURSE nsb_bench_decks CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/benchmarks/*.inp)
foreach(deck ${nsb_bench_decks})
  get_filename_component(base ${deck} NAME)
  if(base MATCHES "^model.*\\.inp$")
    continue()
  endif()
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/benchmarks ${deck})
  string(REGEX REPLACE "\\.inp$" "" rel "${rel}")
  string(REGEX REPLACE "[^A-Za-z0-9_.-]" "_" rel "${rel}")
  add_test(NAME cli_check_${rel} COMMAND $<TARGET_FILE:nsbeam> check ${deck})
  set_tests_properties(cli_check_${rel} PROPERTIES LABELS "program;cli" TIMEOUT 30)
endforeach()
# a non-square rectangle that a contact pair takes as a circle: a warning at the pair's data line
# naming the radius used (docs/contact.md §8.3, §9); none where the pair chose the radius or where
# the rectangle itself touches (a beam node on a plane)
set(nsb_rect_warn ${CMAKE_CURRENT_SOURCE_DIR}/decks/rect_warn)
nsb_cli_test(rect_no_warning_particle_newton "check|${nsb_rect_warn}/particle_on_deep_beam.inp" 0 -DSTDERR_LINES=0)
nsb_cli_test(rect_warn_particle_beam_modal "check|${nsb_rect_warn}/particle_on_deep_beam_modal.inp" 0
  "-DSTDERR_REGEX=particle_on_deep_beam_modal\\.inp:23: warning: \\*CONTACT PAIR: beam element 1 of master set BEAM has a 0\\.04 x 0\\.08 rectangular section; this contact takes it as a circle of radius 0\\.02 \\(half the smaller side\\): a body on a narrow face sinks 0\\.02 into it \\(particle node 10 starts off its wider faces\\); give RADIUS= to choose the radius")
nsb_cli_test(rect_warn_particle_beam_hermite "check|${nsb_rect_warn}/particle_on_deep_beam_hermite.inp" 0
  "-DSTDERR_REGEX=particle_on_deep_beam_hermite\\.inp:23: warning: \\*CONTACT PAIR: beam element 1 of master set BEAM has a 0\\.04 x 0\\.08 rectangular section; this contact takes it as a circle of radius 0\\.02")
nsb_cli_test(rect_no_warning_particle_hertz "check|${nsb_rect_warn}/particle_on_deep_beam_hertz.inp" 0 -DSTDERR_LINES=0)
nsb_cli_test(rect_warn_particle_wide_face "check|${nsb_rect_warn}/particle_on_wide_face.inp" 0 -DSTDERR_LINES=0)
nsb_cli_test(rect_warn_particle_beam_radius "check|${nsb_rect_warn}/particle_on_deep_beam_radius.inp" 0
  -DSTDERR_LINES=0)
nsb_cli_test(rect_warn_beam_beam_master "check|${nsb_rect_warn}/node_on_deep_beam.inp" 0
  "-DSTDERR_REGEX=node_on_deep_beam\\.inp:28: warning: \\*CONTACT PAIR: beam element 1 of master set LOW has a 0\\.04 x 0\\.08 rectangular section; this contact takes it as a circle of radius 0\\.02")
nsb_cli_test(rect_warn_beam_beam_slave "check|${nsb_rect_warn}/node_on_deep_beam.inp" 0
  "-DSTDERR_REGEX=node_on_deep_beam\\.inp:28: warning: \\*CONTACT PAIR: slave beam node 11 has a 0\\.04 x 0\\.08 rectangular section; this contact takes it as a circle of radius 0\\.02 \\(half the smaller side; the rectangle itself only against a plane obstacle\\); give SLAVE RADIUS= to choose the radius")
nsb_cli_test(rect_warn_node_sphere "check|${nsb_rect_warn}/node_on_sphere.inp" 0
  "-DSTDERR_REGEX=node_on_sphere\\.inp:18: warning: \\*CONTACT PAIR: slave beam node 1 has a 0\\.04 x 0\\.08 rectangular section; this contact takes it as a circle of radius 0\\.02")
nsb_cli_test(rect_no_warning_plane "check|${nsb_rect_warn}/node_on_plane.inp" 0 -DSTDERR_LINES=0)

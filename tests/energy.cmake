# The work of driven supports (support_work) and the guard on the energy balance
# (tests/energy/check_energy.py): a mass on a spring with a base driven at constant speed
# and a rigid body spun up by a driven rotation against their closed forms, in SI and
# mm-t-s; a flexible beam turned by a driven hub whose balance closes to second order; a hinged
# rod struck at its tip and the same rod free (Galerkin B2V, RHOINF=1) keep E + D - W to round-off
# and the free rod its momenta (the energy-consistent internal forces, docs/theory_beam.md §11.2); the
# guard's warning on the collocation cantilever of benchmarks/step_loaded_cantilever and its
# silence on the Galerkin one and on a spring whose held end jumps (the largest gain, 0.2 of the
# energy scale, of a deck without an instability); dashpots booked as the discrete work of their
# forces: a particle thrown on two dashpots keeps kinetic + dissipated to round-off (SI, mm-t-s),
# and the start of benchmarks/disk_on_disk centre_torque gains nothing; compliant contacts' damping
# booked as the discrete work of its force: a particle started inside a Hunt-Crossley floor and a
# Winkler bed, whose velocity the rule alternates, keeps E + D - W to round-off (SI, mm-t-s); time-varying loads' work booked as the equations
# apply it: a particle on a spring and a dashpot driven by a periodic load, its velocity
# alternating, keeps E + D - W to round-off (SI, mm-t-s), a rigid body turned by a periodic moment
# about one axis too (second order about a tilted one), and so does benchmarks/bearing_radial
# axial_drive with RHOINF=1 after its contacts' first 5 ms, and benchmarks/bouncing_ball ball_grid with
# e = 1 and a periodic load through its impacts; a moving obstacle's work and SMOOTH friction booked as
# the equations apply them: a particle in a damped floor that moves along its normal, and a block under
# SMOOTH friction on a floor that shakes along x, their velocities alternating, keep E + D - W to
# round-off (SI, mm-t-s); a soft bar stretched and twisted by time-varying distributed loads (*DLOAD), its
# end on a dashpot, likewise (SI, mm-t-s; B2S under Newmark 1/4, 1/2); under RHOINF < 1 dampers and
# loads booked as their shares of the change of the kinetic energy: a particle on a dashpot driven by
# a periodic load keeps E + D - W to round-off at RHOINF 0.9 and 0.6, so do the compliant contacts'
# dampers (Hunt-Crossley's floor, the Winkler bed) beside their elastic force's share computed from
# the history (RHOINF 0.9 and 0.6, SI and mm-t-s), a free beam with Rayleigh ALPHA
# damping driven by periodic end loads never gains, and thrown or spun without them keeps T + D to
# round-off (B2V, B2S; SI, mm-t-s), and a bar with ALPHA falling with three MASS=REDISTRIBUTED slave
# nodes keeps E + D - W to round-off under RHOINF=1 and rises by MASS=STANDARD's second-order amount under
# the default scheme (the mass rule's point masses booked as the integration points); Rayleigh BETA damping booked by its share (the filtered strain
# rates on the strain rates at the mean of the end velocities): a soft free bar stretched along its
# axis closes every increment beside its elastic force's share computed from the history (RHOINF 0.9
# and 0.6, B2V and B2S, SI and mm-t-s; B2V let go after a static step); the joints' shares left in the
# balance as the scheme's: the jointed brake started consistent falls second order and never rises,
# started off its joint point it falls by about the plastic impact's loss; BETA through impulsive
# increments: a bar landing on three massless supports never gains under RHOINF=1 (B2V, B2S; one
# step and two), and a damped B2S cantilever beside a ball resting on a plane keeps the history it
# has without the ball's contact pair (SI, mm-t-s).
add_test(NAME energy_support_work
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/energy/check_energy.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/energy ${PROJECT_SOURCE_DIR}/benchmarks/step_loaded_cantilever
          ${PROJECT_BINARY_DIR}/tests_tmp/energy)
set_tests_properties(energy_support_work PROPERTIES LABELS program TIMEOUT 180 ENVIRONMENT "OPENBLAS_NUM_THREADS=1")

# A contact must not feel unrelated parts of the model (tests/unrelated_motion/check.py):
# the self-centring particle of benchmarks/rotating_disk (LAW=NEWTON, far dashpot anchors) with an
# unrelated driven rotation, with a spherical joint on it, with a free spinning body carrying a
# jointed particle, and the disk of benchmarks/disk_on_disk on a driven body face with its spin
# free: each settles on Stamm's (2011) equilibrium (6.37)-(6.38) to 1e-9.  The Newton iteration's
# correction test once took the driven or spinning motion, times a model length spanned by the far
# anchors (or, for driven.inp, by a body 10^6 away), as the motion scale of every translation, and
# stopped with the friction unsolved (1.4e-2 off, a three-increment cycle).
add_test(NAME unrelated_motion
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/unrelated_motion/check.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/unrelated_motion
          ${CMAKE_CURRENT_LIST_DIR}/unrelated_motion/driven.inp
          ${CMAKE_CURRENT_LIST_DIR}/unrelated_motion/driven_joint.inp
          ${CMAKE_CURRENT_LIST_DIR}/unrelated_motion/spinning_joint.inp
          ${CMAKE_CURRENT_LIST_DIR}/unrelated_motion/face_spin.inp)
set_tests_properties(unrelated_motion PROPERTIES LABELS program TIMEOUT 60)

# Compliant contact and the step (tests/hertz/check_hertz.py): a particle dropped
# on a Hertz floor with a grid increment that under-resolves the contact keeps its
# energy to round-off (RHOINF=1: the discrete gradient in every increment of the episode,
# the closing one included) through sub-increments, and with *DYNAMIC, DIRECT warns; the
# drop from the touch at h = 0.001, 0.0007, 0.0005 and from 0.25 to 4.25 mm above the floor
# (SI and drop_mm.inp) keeps its energy to 1e-12 and lasts Hertz's contact time to
# 0.25^2/12 (docs/contact.md 6.3); a particle resting on a Hertz floor at t = 0 stays at
# rest; a ball on a vibrating strip (a user's deck in mm) is resolved by repeated
# increments, and reported with DIRECT.
add_test(NAME hertz_substeps
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/hertz/check_hertz.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/hertz/drop.inp ${PROJECT_BINARY_DIR}/tests_tmp/hertz
          ${CMAKE_CURRENT_LIST_DIR}/hertz/rest.inp ${CMAKE_CURRENT_LIST_DIR}/hertz/strip_mm.inp)
set_tests_properties(hertz_substeps PROPERTIES LABELS program TIMEOUT 60)

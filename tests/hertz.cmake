# Compliant contact and the step (tests/hertz/check_hertz.py): a particle dropped
# on a Hertz floor with a grid increment that under-resolves the contact keeps its
# energy to 0.5 % through sub-increments, and with *DYNAMIC, DIRECT warns instead; a
# particle resting on a Hertz floor at t = 0 stays at rest; dropped from 4.25 mm (SI and
# drop_mm.inp) its energy never rises above its start (docs/contact.md 6.3); a ball on a vibrating strip
# (a user's deck in mm) is resolved by repeated increments, and reported with DIRECT.
add_test(NAME hertz_substeps
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/hertz/check_hertz.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/hertz/drop.inp ${PROJECT_BINARY_DIR}/tests_tmp/hertz
          ${CMAKE_CURRENT_LIST_DIR}/hertz/rest.inp ${CMAKE_CURRENT_LIST_DIR}/hertz/strip_mm.inp)
set_tests_properties(hertz_substeps PROPERTIES LABELS program TIMEOUT 60)

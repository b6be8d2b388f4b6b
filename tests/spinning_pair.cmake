# A touching NEWTON contact pair on a spinning structure (tests/spinning_pair/
# check_spinning_pair.py): a piece of a delaminated shaft spun up to 20 Hz, the
# two sublaminates touching at rest; the centrifugal load opens the gap, so the
# contact must carry no impulse and the gap must equal the one without the pair,
# in the plain scheme (RHOINF=1) and the default one (docs/contact.md §7.1).
add_test(NAME spinning_pair
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/spinning_pair/check_spinning_pair.py $<TARGET_FILE:nsbeam>
          ${CMAKE_CURRENT_LIST_DIR}/spinning_pair/pair.inp ${PROJECT_BINARY_DIR}/tests_tmp/spinning_pair)
set_tests_properties(spinning_pair PROPERTIES LABELS program TIMEOUT 60)

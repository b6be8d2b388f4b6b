# Contact rows of *MODAL DYNAMIC steps (tests/modal/check_contacts.py): a free bar
# against a wall reduced to 12 modes (MODAL and QUASI-STATIC) writes one row per
# pressed increment, on the wall, and the rows' dissipation adds up to the history's.
add_test(NAME modal_contact_rows
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/modal/check_contacts.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/modal ${CMAKE_CURRENT_LIST_DIR}/modal/bar_modal.inp
          ${CMAKE_CURRENT_LIST_DIR}/modal/bar_qs.inp)
set_tests_properties(modal_contact_rows PROPERTIES LABELS program TIMEOUT 60)

# Beam-beam contacts of *MODAL DYNAMIC (tests/modal/check_beam_master.py): two
# identical pinned beams pressed together move, by symmetry, exactly as one of
# them against the symmetry plane, and so does a beam against a held beam.
add_test(NAME modal_beam_master
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/modal/check_beam_master.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/modal_beam ${CMAKE_CURRENT_LIST_DIR}/modal)
set_tests_properties(modal_beam_master PROPERTIES LABELS program TIMEOUT 60)

# Compliant contacts of *MODAL DYNAMIC (tests/modal/check_compliant.py): LAW=HERTZ on a
# beam pair, a plane, a held beam and the co-rotating model at rest agree by symmetry,
# keep the energy balance, and a damped one-mode run settles at the static equilibrium.
add_test(NAME modal_compliant
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/modal/check_compliant.py $<TARGET_FILE:nsbeam>
          ${PROJECT_BINARY_DIR}/tests_tmp/modal_compliant ${CMAKE_CURRENT_LIST_DIR}/modal)
set_tests_properties(modal_compliant PROPERTIES LABELS program TIMEOUT 60)

# Abaqus input that reads as written: DECAY and MODULATED amplitudes against the
# closed-form response of an oscillator (tests/check_amplitude_response.py).
add_test(NAME amplitude_decay_modulated_response
  COMMAND ${CMAKE_COMMAND} -E env sh -c "$<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/good/amplitude_decay_modulated.inp -o ${PROJECT_BINARY_DIR}/tests_tmp/amplitude_decay_modulated --quiet && ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_amplitude_response.py ${PROJECT_BINARY_DIR}/tests_tmp/amplitude_decay_modulated")
set_tests_properties(amplitude_decay_modulated_response PROPERTIES LABELS "program")
# contacts.csv: the contact point of every contact kind on its master's surface
# (tests/check_contact_points.py).
add_test(NAME contact_points_geometry
  COMMAND ${CMAKE_COMMAND} -E env sh -c "$<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/good/contact_points_geometry.inp -o ${PROJECT_BINARY_DIR}/tests_tmp/contact_points_geometry --quiet && ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_contact_points.py ${PROJECT_BINARY_DIR}/tests_tmp/contact_points_geometry")
set_tests_properties(contact_points_geometry PROPERTIES LABELS "program")
# *FREQUENCY, NORMALIZATION=DISPLACEMENT: the *MODAL DYNAMIC after it bit for bit as after
# MASS, generalized masses against closed forms and across unit systems
# (tests/check_normalization.py); the VTK modes' linearized fields (tests/check_normalization_vtk.py).
add_test(NAME frequency_normalization_displacement
  COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_normalization.py $<TARGET_FILE:nsbeam> ${PROJECT_SOURCE_DIR}
          ${PROJECT_BINARY_DIR}/tests_tmp/frequency_normalization)
set_tests_properties(frequency_normalization_displacement PROPERTIES LABELS "program")
add_test(NAME frequency_normalization_displacement_vtk
  COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_normalization_vtk.py $<TARGET_FILE:nsbeam> ${PROJECT_SOURCE_DIR}
          ${PROJECT_BINARY_DIR}/tests_tmp/frequency_normalization_vtk)
set_tests_properties(frequency_normalization_displacement_vtk PROPERTIES LABELS "program;vtk")

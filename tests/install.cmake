# cmake --install into a scratch prefix: the installed program runs a deck,
# and the man page and the documentation are where the FHS puts them.
add_test(NAME install_tree
  COMMAND ${CMAKE_COMMAND} -DBUILD=${PROJECT_BINARY_DIR} -DPREFIX=${PROJECT_BINARY_DIR}/tests_tmp/install
          -P ${CMAKE_CURRENT_LIST_DIR}/run_install.cmake)
set_tests_properties(install_tree PROPERTIES LABELS program)

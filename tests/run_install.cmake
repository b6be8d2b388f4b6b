# Driver of the install_tree test (tests/install.cmake).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f bin/nsbeam share/man/man1/nsbeam.1
          share/doc/nsbeam/README.md share/doc/nsbeam/LICENSE share/doc/nsbeam/CITATION.cff
          share/doc/nsbeam/deck.md share/doc/nsbeam/examples/ball_on_beam.inp)
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "not installed: ${PREFIX}/${f}")
  endif()
endforeach()
execute_process(COMMAND ${PREFIX}/bin/nsbeam check
                        ${PREFIX}/share/doc/nsbeam/examples/ball_on_beam.inp
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed nsbeam cannot check the installed example (${rc}): ${err}")
endif()
execute_process(COMMAND ${PREFIX}/bin/nsbeam --version
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT out MATCHES "^nsbeam [0-9]+\\.[0-9]+")
  message(FATAL_ERROR "nsbeam --version printed '${out}'")
endif()

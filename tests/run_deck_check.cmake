# run_deck_check.cmake -- ctest driver (cmake -P) for the whole-program tests of
# tests/decks.cmake: run one deck with the real executable into a fresh output
# directory, then check the output with a Python script.
#
#   -DNSBEAM=<nsbeam> -DDECK=<deck.inp> -DOUT=<output directory> -DPYTHON=<python3>
#   -DSCRIPT=<checker.py> and either
#   -DREF=<reference.csv>            compare OUT/history.csv with REF (compare_history.py), or
#   -DSTEPS=<n> -DPOINTS=<n>         read back OUT/bodies.pvd (vtk_readback.py), or with
#   -DBEAMS=1 as well                read back OUT/beams.pvd + beams_surface.pvd (or
#                                    OUT/<PVD> + its _surface series with -DPVD=<name>.pvd), or
#   -DCONTACTS=1 -DSTEPS=<n>         read back OUT/contacts.pvd (vtk_readback_contacts.py),
#   [-DCHECK_ARGS=<a;b;...>]         with these further arguments
#
# The output directory is removed first so that a stale result can never pass.
foreach(var NSBEAM DECK OUT PYTHON SCRIPT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_deck_check.cmake: -D${var}= is required")
  endif()
endforeach()
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${NSBEAM}" run "${DECK}" -o "${OUT}" --quiet RESULT_VARIABLE rv)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "nsbeam run ${DECK} failed (exit status ${rv})")
endif()
if(DEFINED REF)
  execute_process(COMMAND "${PYTHON}" "${SCRIPT}" "${OUT}/history.csv" "${REF}" RESULT_VARIABLE rv)
elseif(DEFINED CONTACTS)
  execute_process(COMMAND "${PYTHON}" "${SCRIPT}" "${OUT}/contacts.pvd" ${STEPS} ${CHECK_ARGS} RESULT_VARIABLE rv)
elseif(DEFINED BEAMS)
  if(NOT DEFINED PVD)
    set(PVD beams.pvd)
  endif()
  execute_process(COMMAND "${PYTHON}" "${SCRIPT}" --beams "${OUT}/${PVD}" ${STEPS} ${POINTS} RESULT_VARIABLE rv)
else()
  execute_process(COMMAND "${PYTHON}" "${SCRIPT}" "${OUT}/bodies.pvd" ${STEPS} ${POINTS} RESULT_VARIABLE rv)
endif()
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit status ${rv})")
endif()

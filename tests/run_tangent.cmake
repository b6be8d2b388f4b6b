# run_tangent.cmake -- ctest driver (cmake -P) of tests/tangent.cmake: run a deck with
# *SOLVER CONTROLS, TANGENT=REUSE or the default TANGENT=AUTO into a fresh output directory,
# require every regular expression of EXPECT in its statistics (that the kept matrix was
# used, that the fallback to full Newton ran) and none of REJECT (that it was not used),
# then compare its history.csv with REF, the history of the same problem with TANGENT=FULL
# (compare_history.py).
#
#   -DNSBEAM=<nsbeam> -DDECK=<deck.inp> -DOUT=<directory> -DPYTHON=<python3>
#   -DSCRIPT=<compare_history.py> -DREF=<history.csv> -DEXPECT=<regex>[,<regex>...]
#   [-DREJECT=<regex>[,<regex>...]]
foreach(var NSBEAM DECK OUT PYTHON SCRIPT REF EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_tangent.cmake: -D${var}= is required")
  endif()
endforeach()
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${NSBEAM}" run "${DECK}" -o "${OUT}" RESULT_VARIABLE rv OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "nsbeam run ${DECK} failed (exit status ${rv}):\n${out}${err}")
endif()
string(REPLACE "," ";" EXPECT "${EXPECT}")
foreach(re IN LISTS EXPECT)
  if(NOT out MATCHES "${re}")
    message(FATAL_ERROR "the statistics of ${DECK} do not match '${re}':\n${out}")
  endif()
endforeach()
if(DEFINED REJECT)
  string(REPLACE "," ";" REJECT "${REJECT}")
  foreach(re IN LISTS REJECT)
    if(out MATCHES "${re}")
      message(FATAL_ERROR "the statistics of ${DECK} match '${re}':\n${out}")
    endif()
  endforeach()
endif()
execute_process(COMMAND "${PYTHON}" "${SCRIPT}" "${OUT}/history.csv" "${REF}" RESULT_VARIABLE rv)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit status ${rv})")
endif()

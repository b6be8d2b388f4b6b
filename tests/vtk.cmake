# tests/vtk.cmake -- read-back of the VTK writer's output with VTK itself.
# Included from tests/program_tests.cmake, so CMAKE_CURRENT_SOURCE_DIR is tests/.
#
# vtk_readback_ascii / vtk_readback_binary: vtk_write_sample writes 3 steps of
# 5 points and 2 lines into a fresh directory under the build tree, then
# vtk_readback.py reads the .pvd and every .vtu with VTK's XML readers and
# checks counts, arrays and body axes.
# vtk_readback_beams (binary) / vtk_readback_beams_ascii: the same with
# `vtk_write_sample OUT ASCII beams` (a curved beam of 3 elements, 5 points
# each, 3 steps) and `vtk_readback.py --beams`, which reads the axis and the
# swept-surface collections and checks arrays, cell types, ring layout and
# that the surface encloses the axis.  The Python used is NSB_VTK_PYTHON
# (default /usr/bin/python3 with Debian's python3-vtk9, installed by the setup
# script; a pyenv python3 on PATH usually has no vtk).  If it cannot import vtk
# the tests still exist and FAIL with a message saying so: never a silent skip.

add_executable(vtk_write_sample ${CMAKE_CURRENT_SOURCE_DIR}/vtk_write_sample.c)
target_link_libraries(vtk_write_sample PRIVATE nsb_core)
target_compile_options(vtk_write_sample PRIVATE ${NSB_WARNINGS} -ffp-contract=off)

set(NSB_VTK_PYTHON /usr/bin/python3 CACHE FILEPATH
  "Python interpreter that can import vtk (Debian python3-vtk9), for the VTK read-back tests")
execute_process(COMMAND ${NSB_VTK_PYTHON} -c "import vtk"
  RESULT_VARIABLE nsb_vtk_python_status OUTPUT_QUIET ERROR_QUIET)
if(NOT nsb_vtk_python_status EQUAL 0)
  message(WARNING "${NSB_VTK_PYTHON} cannot import vtk: the tests vtk_readback_ascii, "
    "vtk_readback_binary and vtk_readback_beams[_ascii] will fail. Install Debian's python3-vtk9 (the project's setup script does) "
    "or set NSB_VTK_PYTHON to a Python that has vtk.")
endif()

# Driver run by `cmake -P` at test time: check vtk, clean the directory (so a
# stale .pvd can never pass), write, read back.  Generated into the build tree
# from this file so that the test needs no shell.
set(nsb_vtk_driver ${CMAKE_CURRENT_BINARY_DIR}/vtk_readback_run.cmake)
file(CONFIGURE OUTPUT ${nsb_vtk_driver} @ONLY CONTENT [=[
# generated from tests/vtk.cmake: -DWRITER= -DASCII= -DOUT= -DPYTHON= -DSCRIPT= -DSTEPS= -DPOINTS=
# and optionally -DMODE=beams
if(MODE STREQUAL "beams")
  set(writer_mode beams)
  set(script_mode --beams)
else()
  set(writer_mode "")
  set(script_mode "")
endif()
execute_process(COMMAND "${PYTHON}" -c "import vtk" RESULT_VARIABLE rv OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "${PYTHON} cannot import vtk (${err}). Install Debian's python3-vtk9 "
    "(the project's setup script does) or configure with -DNSB_VTK_PYTHON=<python with vtk>.")
endif()
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${WRITER}" "${OUT}" "${ASCII}" ${writer_mode} RESULT_VARIABLE rv OUTPUT_VARIABLE pvd
  OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "vtk_write_sample failed (${rv})")
endif()
message(STATUS "wrote ${pvd}")
execute_process(COMMAND "${PYTHON}" "${SCRIPT}" ${script_mode} "${pvd}" "${STEPS}" "${POINTS}" RESULT_VARIABLE rv)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "vtk_readback.py failed (${rv})")
endif()
]=])

foreach(nsb_vtk_mode ascii binary)
  if(nsb_vtk_mode STREQUAL "ascii")
    set(nsb_vtk_flag 1)
  else()
    set(nsb_vtk_flag 0)
  endif()
  add_test(NAME vtk_readback_${nsb_vtk_mode}
    COMMAND ${CMAKE_COMMAND}
      -DWRITER=$<TARGET_FILE:vtk_write_sample>
      -DASCII=${nsb_vtk_flag}
      -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tests_tmp/vtk_readback_${nsb_vtk_mode}
      -DPYTHON=${NSB_VTK_PYTHON}
      -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
      -DSTEPS=3 -DPOINTS=5
      -P ${nsb_vtk_driver})
  set_tests_properties(vtk_readback_${nsb_vtk_mode} PROPERTIES LABELS "program;vtk" TIMEOUT 120)
endforeach()

# Beams: axis polylines and swept surface (binary, the default output, and ascii).
foreach(nsb_vtk_mode binary ascii)
  if(nsb_vtk_mode STREQUAL "ascii")
    set(nsb_vtk_flag 1)
    set(nsb_vtk_name vtk_readback_beams_ascii)
  else()
    set(nsb_vtk_flag 0)
    set(nsb_vtk_name vtk_readback_beams)
  endif()
  add_test(NAME ${nsb_vtk_name}
    COMMAND ${CMAKE_COMMAND}
      -DWRITER=$<TARGET_FILE:vtk_write_sample>
      -DASCII=${nsb_vtk_flag}
      -DMODE=beams
      -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tests_tmp/${nsb_vtk_name}
      -DPYTHON=${NSB_VTK_PYTHON}
      -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/vtk_readback.py
      -DSTEPS=3 -DPOINTS=15
      -P ${nsb_vtk_driver})
  set_tests_properties(${nsb_vtk_name} PROPERTIES LABELS "program;vtk" TIMEOUT 120)
endforeach()

# tests/fuzz.cmake -- the fuzz targets (tests/fuzz/README.md).
#
# Always: fuzz_deck_replay and fuzz_run_replay, the targets' entry points
# driven by a plain main (tests/fuzz/replay.c), and one ctest per target that
# replays every reproducer kept in tests/fuzz/regress/<target>/ (label fuzz;
# the sanitizer build runs them too).  With -DNSB_FUZZ=ON and clang: the
# libFuzzer executables fuzz_deck and fuzz_run (whole core built with
# -fsanitize=fuzzer-no-link,address,undefined by the top-level CMakeLists),
# driven by scripts/fuzz.sh.
foreach(target deck run)
  add_executable(fuzz_${target}_replay ${CMAKE_CURRENT_LIST_DIR}/fuzz/fuzz_${target}.c
                 ${CMAKE_CURRENT_LIST_DIR}/fuzz/replay.c)
  target_link_libraries(fuzz_${target}_replay PRIVATE nsb_core)
  target_compile_options(fuzz_${target}_replay PRIVATE ${NSB_WARNINGS} -ffp-contract=off)
  file(GLOB nsb_fuzz_regress CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/fuzz/regress/${target}/*)
  add_test(NAME fuzz_replay_${target} COMMAND fuzz_${target}_replay ${nsb_fuzz_regress}
           WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/fuzz/regress/${target})
  set_tests_properties(fuzz_replay_${target} PROPERTIES LABELS "fuzz;unit" TIMEOUT 300)
  if(NSB_FUZZ)
    add_executable(fuzz_${target} ${CMAKE_CURRENT_LIST_DIR}/fuzz/fuzz_${target}.c)
    target_link_libraries(fuzz_${target} PRIVATE nsb_core)
    target_compile_options(fuzz_${target} PRIVATE ${NSB_WARNINGS} -fsanitize=fuzzer)
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
  endif()
endforeach()

# The threaded element loop gives the same bits for any thread count
# (solver/assembly.c): a beam deck (B2S and B2V bars, revolute joints) and a
# contact deck (a B2V strip sliding with friction, two balls, contact list
# rebuilds) run with 1, 2 and 3 threads, and every output file (history,
# contact history, VTK frames and collections) must be the same byte for byte.
# A welded cantilever of 21 012 equations with LINEAR SOLVER=KLU2 checks the
# two-domain factorization on the threads (solver/linsolve.c) the same way.
# A Rayleigh-damped rod and a bar with a mass rule check the beams' energy
# terms, computed on the threads and summed in element order; a cable with
# every other node a MASS=REDISTRIBUTED slave, the mass rules made on every
# thread from the model's per-node mark.
foreach(deck four_bar contact_strip cantilever_klu2 damped_spin mass_rule_bar cable_floor)
  # the cantilever writes its history only (VTK frames of 3 500 beams: 90 MB a run)
  set(min_files 3)
  if(deck STREQUAL cantilever_klu2 OR deck STREQUAL damped_spin)
    set(min_files 1)
  elseif(deck STREQUAL mass_rule_bar OR deck STREQUAL cable_floor)
    set(min_files 2)
  endif()
  add_test(NAME threads_bit_identical_${deck}
    COMMAND ${CMAKE_COMMAND} -DNSBEAM=$<TARGET_FILE:nsbeam> -DDECK=${CMAKE_CURRENT_LIST_DIR}/decks/threads/${deck}.inp
            -DMIN_FILES=${min_files}
            -DOUT=${PROJECT_BINARY_DIR}/tests_tmp/threads_${deck} -P ${CMAKE_CURRENT_LIST_DIR}/run_threads.cmake)
  set_tests_properties(threads_bit_identical_${deck} PROPERTIES LABELS program)
endforeach()
# Bad thread counts on the command line and in NSB_THREADS: a message (and exit status 2).
foreach(arg 0 -1 2x "" 1025)
  string(MAKE_C_IDENTIFIER "bad_${arg}" id)
  add_test(NAME threads_option_${id}
    COMMAND $<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/threads/four_bar.inp --threads "${arg}"
            -o ${PROJECT_BINARY_DIR}/tests_tmp/threads_bad)
  set_tests_properties(threads_option_${id} PROPERTIES LABELS program
                       PASS_REGULAR_EXPRESSION "--threads needs a whole number from 1 to 1024")
endforeach()
add_test(NAME threads_option_missing
  COMMAND $<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/threads/four_bar.inp --threads)
set_tests_properties(threads_option_missing PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "--threads needs a whole number from 1 to 1024")
add_test(NAME threads_env_bad
  COMMAND ${CMAKE_COMMAND} -E env NSB_THREADS=two $<TARGET_FILE:nsbeam> run
          ${CMAKE_CURRENT_LIST_DIR}/decks/threads/four_bar.inp -o ${PROJECT_BINARY_DIR}/tests_tmp/threads_bad)
set_tests_properties(threads_env_bad PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "NSB_THREADS=two: the thread count must be a whole number from 1 to 1024")
# The welded cantilever is split indeed (the statistics name the domains),
# its weld's multipliers kept with their unknowns in a domain.
add_test(NAME threads_klu2_split
  COMMAND $<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/threads/cantilever_klu2.inp --threads 2
          -o ${PROJECT_BINARY_DIR}/tests_tmp/threads_klu2_split)
set_tests_properties(threads_klu2_split PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "two domains +[0-9]+ \\+ [0-9]+ unknowns, separator [1-9][0-9]* \\(KLU2\\)")
# The statistics and nsbeam check name the linear solver: KLU2 and its split
# for the welded cantilever's 21 012 equations, AUTO's KLU for the four-bar.
add_test(NAME threads_klu2_names_solver
  COMMAND $<TARGET_FILE:nsbeam> run ${CMAKE_CURRENT_LIST_DIR}/decks/threads/cantilever_klu2.inp --threads 1
          -o ${PROJECT_BINARY_DIR}/tests_tmp/threads_klu2_names)
set_tests_properties(threads_klu2_names_solver PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "linear solver +KLU2, 21012 equations \\(last analysis\\)\n.*two domains +[0-9]+ \\+ [0-9]+ unknowns")
add_test(NAME threads_klu2_check_names_solver
  COMMAND $<TARGET_FILE:nsbeam> check ${CMAKE_CURRENT_LIST_DIR}/decks/threads/cantilever_klu2.inp)
set_tests_properties(threads_klu2_check_names_solver PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "linear solver: klu2 from step 1, 21012 equations, two domains of [0-9]+ and [0-9]+ unknowns, separator 6\n")
add_test(NAME threads_auto_check_names_klu
  COMMAND $<TARGET_FILE:nsbeam> check ${CMAKE_CURRENT_LIST_DIR}/decks/threads/four_bar.inp)
set_tests_properties(threads_auto_check_names_klu PROPERTIES LABELS program
                     PASS_REGULAR_EXPRESSION "linear solver: klu from step 1, [0-9]+ equations \\(LINEAR SOLVER=AUTO\\)\n")

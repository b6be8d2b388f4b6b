# Output never changes results: with an RF, RM probe (the reactions' evaluation at every written
# increment) and with VTK output at every increment, every history column and contacts.csv are the
# same bytes as without either (tests/check_output_neutral.py; the deck's own RF, RM probes taken
# out of the run without output): two free beams crossing (benchmarks/beam_contact), a cantilever
# beside a bouncing ball, a static B2V step, a Riks path, a static B2S roll-up and a B2S bar
# against a wall (its acceleration restarts after impulsive increments) and the bar of
# benchmarks/peers (acceptance after one correction; its initial acceleration solve accepted by
# the norm of its correction, the pass of an acceleration solve) and its Saint-Venant bar, probed
# at its held end (the restart without a residual sweep skips the beam there, whose reaction the
# probe's evaluation then reads; solver/assembly.c nsb_sys_accel_far).  Both decks take that
# restart with and without the output.
foreach(case "crossing_soft;${PROJECT_SOURCE_DIR}/benchmarks/beam_contact/crossing_soft.inp;1"
             "plot_bounce;${CMAKE_CURRENT_LIST_DIR}/decks/good/plot_bounce.inp;2"
             "cantilever_tip_force;${CMAKE_CURRENT_LIST_DIR}/user/cantilever_tip_force_si.inp;1"
             "euler_column;${CMAKE_CURRENT_LIST_DIR}/user/euler_column_si.inp;1"
             "cantilever_end_moment;${CMAKE_CURRENT_LIST_DIR}/user/cantilever_end_moment_si.inp;1"
             "bar_b2s_wall;${PROJECT_SOURCE_DIR}/benchmarks/bar_wall_impact/bar_b2s_n20_c1_p2_r1.inp;1"
             "peers_bar_n100;${PROJECT_SOURCE_DIR}/benchmarks/peers/bar_n100.inp;1"
             "peers_sv_n100;${PROJECT_SOURCE_DIR}/benchmarks/peers/sv_n100.inp;101")
  list(GET case 0 name)
  list(GET case 1 deck)
  list(GET case 2 node)
  add_test(NAME output_neutral_${name}
    COMMAND ${NSB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/check_output_neutral.py $<TARGET_FILE:nsbeam>
            ${deck} ${node} ${PROJECT_BINARY_DIR}/tests_tmp/output_neutral_${name})
  set_tests_properties(output_neutral_${name} PROPERTIES LABELS program)
endforeach()

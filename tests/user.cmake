# User-style audit decks (tests/user): models an engineer would write, with the defaults,
# each in two or three unit systems (make_decks.py).  One test per model runs its decks and
# compares every history, mode and contact column across the unit systems (1e-7 of the
# largest value of the column's dimension) and the SI run with closed forms: Mattiasson's
# elastica, the rolled-up strip, follower-load and support reactions, linear frame and
# span deflections, section forces at interior points and in the VTK output, Riks reactions,
# momenta after a pulse and an impact, beam frequencies, sliding friction, the pendulum's
# period, modal dynamics, a ring across a diameter, a helical spring, a precessing top, a hanging
# cable, CalculiX loads and their changes between steps, lateral-torsional buckling, a support
# moved over two steps, torsion with bending in a frame bent in plan, MacNeal and Harder's twisted
# beam, dynamic section forces and reactions against modal superposition, the von Mises truss's
# snap-through by Riks, a free ring's in-plane and out-of-plane modes, Rayleigh-damped modal
# dynamics against the modal step response, a cantilever with a tip body's mass and rotary
# inertia, a column's frequencies under axial load, the membrane stiffening of a clamped strip,
# a strip rolled up twice, a tripod's reactions, Abaqus's history output requests and DaDeppo and
# Schmidt's deep arch, the transmissibility of isolators on a shaken support, and step-time
# amplitudes held in later steps, a portal frame's sway buckling by its frequency, and Abaqus/CAE's
# frequency step; a block stopping on a rough slope, a ball stack, a rod and a double pendulum
# striking with Newton's law, stick-slip on a belt, a slider-crank, a particle leaving a cylinder, a
# ballistic pendulum, a ball on a sprung platform, a Hertz impact of a hinged bar; a disk brake, a
# bar dropped on its end, a clamped beam under a sudden load, Lee's frame, a beam at resonance, a
# mass sliding across a beam, a Z frame, a whirling shaft, a tuned mass damper; the section forces
# at every VTK axis point against the free body of propped, continuous, curved and settled beams, a
# portal, an arch and a gable frame, and a beam's frequencies with an offset and a hung mass; a
# cantilever struck at its tip by a ball; an impact oscillator,
# a trolley against a sprung buffer, a rigid pendulum striking a stop, a spinning ball bouncing on a
# rough floor, a block sliding along a rail, two Hertz balls, a cantilever's tip on a stop, a ball
# rolling into a cushion, a bar dropped flat, a string pendulum striking a wall, a bat striking a
# ball, a strain-element cantilever struck at its tip by a ball; a rod spinning free from an initial
# velocity field (also TYPE=ROTATING VELOCITY), a coil under gravity through static, dynamic and
# frequency steps, a wire stretched by a support then its frequencies, a bar swinging on a hinge at
# a cantilever's tip, a particle sliding up and down a sloped beam, a restart in a contact, a
# CalculiX deck with continued keyword lines, a shallow sine arch's snap-through, a cantilever
# shaken at its clamp, two crossed rods pressed together in a static step; a damped cantilever
# let go under RHOINF=0.8 and continued from a checkpoint, a deep bar landing on its narrow face,
# a ball striking a tube cantilever's tip (e = 0.5), a B31 rod pendulum striking a stop, a box
# beam's frequencies over two spans, a rod dropped at an angle, a torsion pendulum on strain-element
# wires; a rafter written by *NGEN and *ELGEN
# under a line load, an L-frame in plan with a general section, a B32 quarter ring under a load out
# of its plane, a box tethered by a link sliding to rest on a rough floor, a quarter ring of curved
# B2S elements (node frames) under a tip force and a line load, a floor beam's sudden line load in
# modal dynamics; a clamped member's end rotation and settlement (slope-deflection), an eccentrically
# loaded column (secant formula), a tie beam under tension and a central load, a harmonic force in
# damped modal dynamics, free bricks spinning about their major and intermediate axes, a bar under
# a step end load, a Hertz ball striking a bar's end; two bars colliding end to end, a bar striking
# a bar twice its length, a ball bouncing on a cantilever's tip, a swinging rod striking a particle,
# a Hertz ball on a beam's midspan, a rod landing at an angle with e = 0.5; two balls striking a free
# beam at symmetric points, a ball dropped on a cantilever's midspan, a Hertz ball on a B2S beam, a
# propped cantilever under a trapezoidal line load, a frame with an inclined member and a skew pin;
# a beam with an overhang, a couple on a simply supported span, a clamped beam's modes and line
# load, a bar landing flat on two rough supports, a ball dropped on a damped two-span beam
# (check_user.py).
set(NSB_USER_MODELS cantilever_tip_force cantilever_end_moment cantilever_follower l_frame ss_udl
    shallow_arch free_beam_impulse harmonic_cantilever freq_clamped freq_pinned freq_free freq_portal
    particle_on_free_beam box_drop_friction pendulum modal_cantilever modal_settle self_weight
    hertz_ball_on_strip prestressed_string distributed_moment particle_in_element ccx_cantilever
    three_hinged_frame driven_disk rolling_sphere incline_box pendulum_stop modal_stop ball_drop_beam four_bar driven_slider pushed_mass
    quarter_ring euler_column spring_support beam_on_stop beam_with_mass conical_pendulum abaqus_b31 abaqus_cae
    rotating_blade ring_compression helical_spring gyro_top hanging_cable ccx_loads ccx_steps
    lateral_buckling support_steps beam_on_supports support_added bar_pushed_on_supports
    follower_moment free_beam_end_mass inclined_roller winkler_beam portal_sway pendulum_preload
    particle_collision hertz_ball_wall bouncing_ball newtons_cradle ball_on_element
    ball_on_incline conveyor crossing_beams
    bent_cantilever twisted_beam step_load_cantilever ss_harmonic_damped girder_bracket gerber_beam
    bend45 torsion_sections spin_up_rod moving_load
    von_mises_truss ring_modes modal_rayleigh tip_body_cantilever
    skew_tip_load inclined_support half_span_xsymm
    preloaded_column clamped_membrane roll_up_twice tripod abaqus_history deep_arch base_excitation
    amplitude_steps preloaded_portal abaqus_cae_frequency
    block_stops_on_incline ball_stack rod_strikes_floor stick_slip_belt slider_crank
    particle_off_cylinder ballistic_pendulum drop_on_platform double_pendulum_wall
    pendulum_hertz_wall
    disk_brake bar_drop_end clamped_step_udl lee_frame ss_resonance moving_mass z_frame whirling_shaft tuned_mass_damper pluck_test
    propped_beams continuous_beam portal_wind settled_cantilever hinged_arch curved_cantilever offset_mass
    hung_tip_mass gable_frame fixed_portal
    struck_cantilever
    impact_oscillator trolley_buffer rigid_pendulum_stop spinning_ball_bounce block_on_rail hertz_two_balls
    cantilever_tip_stop ball_into_cushion beam_dropped_flat string_pendulum_wall bat_strikes_ball
    struck_cantilever_b2s
    spinning_rod coil_gravity wire_three_steps body_on_hinge slider_on_sloped_beam restart_impact ccx_continued
    sine_arch_riks base_shaken_cantilever crossed_beams_static
    tip_spring_modes pinned_membrane spinning_ring flexible_pendulum follower_roll_dynamic mass_strikes_bar
    torsion_pendulum torsion_pendulum_b2s wide_flange_modes
    damped_restart narrow_face_drop ball_on_cantilever_tip b31_pendulum_stop two_span_modes
    tilted_bar_drop
    ngen_rafter general_section_plan b32_ring tethered_block framed_ring_b2s
    modal_udl_beam
    slope_deflection eccentric_column tie_beam modal_harmonic free_brick step_loaded_bar
    hertz_ball_bar_end)
# round seven: impacts
list(APPEND NSB_USER_MODELS
    bars_collide bar_strikes_long_bar ball_bounces_on_cantilever rod_swings_into_particle
    hertz_ball_midspan rod_lands_at_angle)
# round eight: dynamics and contact
list(APPEND NSB_USER_MODELS
    spinning_bar_strikes_wall unequal_cradle block_sticks_on_tilted_beam ball_on_shaken_table
    beam_settles_on_supports ball_in_ring hammer_strikes_cantilever block_rests_on_beam_node)
# round nine: structures
list(APPEND NSB_USER_MODELS
    three_span_beam grillage stepped_pole ccx_table clamped_arch point_load_in_element
    elbow_opened)
# round ten: impacts
list(APPEND NSB_USER_MODELS
    al_bar_strikes_steel_bar steel_bar_strikes_al_bar bead_on_turning_beam ball_leaves_arch ball_strikes_rail_obliquely
    step_load_onto_stop)
# round eleven: structures
list(APPEND NSB_USER_MODELS
    skew_portal williams_toggle fork_arch_modes ltb_uniform_moment sudden_tip_load)
# round twelve: impacts on flexible beams and section forces in structures
list(APPEND NSB_USER_MODELS
    twin_balls_free_beam ball_on_cantilever_midspan hertz_ball_b2s propped_trapezoid inclined_member_frame)
# round thirteen: what an engineer writes first
list(APPEND NSB_USER_MODELS
    overhang_beam span_couple clamped_beam bar_lands_on_two_supports ball_on_two_spans)
foreach(model ${NSB_USER_MODELS})
  add_test(NAME user_${model}
    COMMAND ${NSB_VTK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/user/check_user.py $<TARGET_FILE:nsbeam>
            ${PROJECT_BINARY_DIR}/tests_tmp/user ${model})
  set_tests_properties(user_${model} PROPERTIES LABELS program TIMEOUT 120)
endforeach()
# its BETA variants (the default scheme, and RHOINF=1 in each unit system) run four more decks
set_tests_properties(user_beam_settles_on_supports PROPERTIES TIMEOUT 240)

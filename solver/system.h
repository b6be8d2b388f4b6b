/* system.h -- the discrete system: node state, element instances, equation
 * numbering, sparse Newton matrix, Newton iteration for one increment.
 *
 * Built once from a model (nsb_system_create: all allocation for the run
 * happens here and in nsb_system_begin_step, never per increment).  Each step
 * renumbers the equations (supports may change between steps), rebuilds the
 * sparsity pattern and redoes the symbolic factorization; increments then
 * only assemble values, factorize numerically and solve.
 *
 * Global unknowns: for every node with DOFs and every DOF not held by a
 * support, the scheme's iteration unknown (translation first, then rotation),
 * then every joint multiplier (scaled, see elements/element.h).
 */
#ifndef NSB_SYSTEM_H
#define NSB_SYSTEM_H

#include "elements/element.h"
#include "solver/convergence.h"
#include "solver/integrator.h"
#include "solver/linsolve.h"
#include "solver/modal.h"
#include "solver/sparse.h"

#define NSB_NEWTON_HISTORY 64

/// What one Newton solve did (for statistics and failure reports).
typedef struct nsb_newton_report {
  int iterations;
  int converged;
  int status;                          /* NSB_OK or the failure code */
  char cause[640];                     /* failure cause in words */
  /* per iteration (solver/convergence.h): the residual before the correction
     and the correction, each relative to its bound (<= 1: that test holds),
     and the largest force and moment residual and translation and rotation
     correction in the model's units */
  double res_rel[NSB_NEWTON_HISTORY], cor_rel[NSB_NEWTON_HISTORY];
  double r_force[NSB_NEWTON_HISTORY], r_moment[NSB_NEWTON_HISTORY];
  double c_trans[NSB_NEWTON_HISTORY], c_rot[NSB_NEWTON_HISTORY];
  /* a static increment given up at its first correction (solver/newton.c,
     first_correction_shrink): the factor (< 1/2) by which the increment must
     shrink for that correction to be of a sensible size; 0 otherwise */
  double shrink;
  /* the failure does not depend on the increment's length, so a cutback
     cannot help (solver/newton.c, singular_for_any_h: a singular first
     matrix at the converged start state of a static increment, or on a DOF
     without stiffness and inertia in a dynamic one); the driver reports it
     at once */
  int final;
} nsb_newton_report;

/// Run statistics (CVodePrintAllStats-like), filled by the system and the driver.
typedef struct nsb_stats {
  /* newton_iterations: every Newton iteration of the run; of them accel_iterations in the
     acceleration solves (a step's initial accelerations, the restarts after impulsive
     increments).  The driver's: row_iterations, those in history.csv's newton_iterations
     (every iteration since the increment before, io/run.c increment_iterations: all but a
     failed increment's and those after the last accepted one), and attempt_iterations, each
     accepted or failed increment's final attempt and its cutbacks' (the rest of the
     increments' iterations: an attempt that was repeated, with full Newton or after a first
     touch) */
  long increments, rejected, newton_iterations, accel_iterations, row_iterations, factorizations, solves, outputs;
  long attempt_iterations;
  long floor_accepted;        /* increments accepted with converged corrections and the residual at its
                                 round-off floor (docs/theory.md §5) */
  long factorizations_fresh; /* of which with a fresh pivot search (KLU: reused pivots rejected) */
  long factorizations_fallback; /* LINEAR SOLVER=KLU2: of which by the global KLU (a singular domain block) */
  int split_nd[2], split_ns;    /* LINEAR SOLVER=KLU2: domains and separator of the last analysis (0: not split) */
  const char* linsolver;        /* the linear solver's back end of the last analysis ("dense", "klu", "klu2",
                                   "umfpack"; NULL: none yet) and its order, equations */
  int linsolver_auto, equations; /* linsolver chosen by LINEAR SOLVER=AUTO (by the order, solver/linsolve.h) */
  int order_blocks[2];          /* KLU: blocks of the last analysis ordered by AMD [0] and METIS [1] (by fill) */
  long contact_lists;        /* contact candidate lists built (set-up and rebuilds) */
  long contact_sweeps;       /* prox sweeps (CONTACT SOLVER=PROX) */
  long hertz_shortened;      /* increments shortened for LAW=HERTZ contacts (solver/step_control.h) */
  long hertz_landed;         /* of them, ended where a contact opens (not by the omega h bound) */
  long hertz_grown;          /* of them, set by the twofold growth back after shortened increments */
  /* modified Newton (*SOLVER CONTROLS, TANGENT=REUSE; solver/newton.c) */
  long tangents;        /* iteration matrices formed and factored in steps with TANGENT=REUSE */
  long tangent_reuses;  /* Newton iterations with a kept matrix (residual only, no factorization) */
  long tangent_retries; /* increments that failed with a kept matrix and were repeated with full Newton */
  long first_accepted;  /* increments accepted after their first correction by the contraction rate
                           (*SOLVER CONTROLS, ACCEPT=RATE; solver/newton.c) */
  /* dynamic steps (nsb_system_energy_guard, at the history rows): the change of the balance
     kinetic + potential + dissipated - external_work - support_work since the start of the
     dynamic steps at the last row, and the run's energy scale (docs/theory.md §3.6) */
  int balance_on;
  double balance_change, balance_scale;
  double t_setup, t_assemble, t_factor, t_solve, t_output, t_total;
} nsb_stats;

typedef struct nsb_system nsb_system;

/// Build the system for a model (borrowed; must outlive the system).
int nsb_system_create(nsb_ctx* ctx, const nsb_model* model, nsb_system** out);
/// nsb_system_create with the element loop on n_threads threads from the
/// start (nsb_system_set_threads): the beam elements are made on the team,
/// each by the thread that later evaluates it (its storage first touched
/// there).  Results as nsb_system_create's with nsb_system_set_threads.
int nsb_system_create_threads(nsb_ctx* ctx, const nsb_model* model, int n_threads, nsb_system** out);
void nsb_system_destroy(nsb_system** s);

/// Evaluate the static elements (all but contacts) with n_threads threads
/// (a team of POSIX threads, base/team.h; 1, the default: none).  The elements are cut into n_threads
/// contiguous ranges of about equal cost, and every entry of the residual
/// and the matrix sums its element contributions in element order whatever
/// n_threads is: results are bit-identical for any thread count
/// (solver/assembly.c).  Allocates (set-up): call before the first step.
int nsb_system_set_threads(nsb_system* s, int n_threads);
/// The thread count of the element loop.
int nsb_system_threads(const nsb_system* s);
/// Prepare step k starting at total time t0: equation numbering, pattern,
/// symbolic factorization, scheme.  Allocates (setup phase).
int nsb_system_begin_step(nsb_system* s, int k, double t0);
/// Solve for consistent accelerations (and multipliers) at the current time;
/// called at the start of the analysis for dynamic steps.
int nsb_system_initial_acceleration(nsb_system* s, nsb_newton_report* rep);
/// Advance by one increment h from the current time.  On failure the state
/// is restored to the start of the increment and a negative status returned.
int nsb_system_increment(nsb_system* s, double h, nsb_newton_report* rep);
/// Advance by one increment to the time t_new > current time: as
/// nsb_system_increment with h = t_new - t, and the time afterwards is
/// t_new exactly (the step control's times, solver/step_control.h).
int nsb_system_increment_to(nsb_system* s, double t_new, nsb_newton_report* rep);
/// Switching point of the next increment h (docs/theory.md §9): the
/// earliest time tau in (tau_lo, h] after the current time at which a
/// NEWTON-law contact that is open, or closed and separating, now closes,
/// from the quadratic of its gap g0 + gN tau + aN tau^2 / 2 (gap, normal
/// velocity and smooth normal acceleration now; exact for a particle in a
/// uniform field against a plane); -1 when none closes.  Dynamic steps only.
/// *flexible: 1 when a beam node takes part in that contact (slave node or
/// chord master), else 0.
/// Reads the contact geometry at the current state (and rebuilds the
/// candidate list when it has expired, as an increment would).
double nsb_system_contact_event(nsb_system* s, double h, double tau_lo, int* flexible);
/// Whether the model has a contact pair of a compliant law (LAW=HERTZ or
/// WINKLER): only then can nsb_system_hertz_increment shorten an increment.
int nsb_system_has_compliant_contact(const nsb_system* s);
/// The largest increment tau <= h over which every LAW=HERTZ contact keeps
/// omega tau <= target (docs/contact.md §6.3): omega^2 = p c al^(p-1) / m at
/// the penetration al the contact reaches by tau, predicted linearly from its
/// gap and normal velocity now (m its mass scale); h when no compliant contact
/// is closed or closes within h.  Dynamic steps only (else h).  Reads the
/// contact geometry at the current state (and rebuilds the candidate list
/// when it has expired, as an increment would).  *landed: 1 when tau is
/// that of a contact predicted to open within h (the increment ends where
/// it opens, docs/contact.md §6.3), not of the omega tau bound.
double nsb_system_hertz_increment(nsb_system* s, double h, double target, int* landed);
/// on: an increment that leaves a LAW=HERTZ contact under-resolved (omega h >
/// NSB_HERTZ_OMEGA_H_WARN at its deepest end) fails with NSB_ERR_UNDER_RESOLVED
/// and is restored, for the step control to repeat it shorter (io/run.c sets
/// it in dynamic steps without DIRECT); off (the default): it is accepted.
void nsb_system_check_compliant(nsb_system* s, int on);
/// Acceleration solves with kept factors of their own matrix (solver/newton.c,
/// accel_key) are accepted after one solve, without the residual evaluation
/// that would confirm them; on != 0 confirms every one all the same (tests:
/// the results are the same bit for bit).  The count of those accepted so.
void nsb_system_confirm_accelerations(nsb_system* s, int on);
long nsb_system_exact_accelerations(const nsb_system* s);
/// Those solves after an impulsive increment take the part of the beams that
/// no contact reaches from the increment instead of evaluating them
/// (solver/newton.c, restart_far; docs/theory.md §5): on = 0 evaluates every
/// element as before (tests: the results agree to the Newton tolerance).
/// The count of beam evaluations so saved.
void nsb_system_restart_far(nsb_system* s, int on);
long nsb_system_restart_skipped(const nsb_system* s);
/// Those solves take their after_accel pass and the energies of the state
/// it leaves in one loop over the elements (solver/assembly.c,
/// after_accel_energy): on = 0 keeps the two loops (tests: the results are
/// the same bit for bit).  The count of those solves whose passes were one.
void nsb_system_fused_energy(nsb_system* s, int on);
long nsb_system_energy_fused(const nsb_system* s);
/// Modified Newton accepts an increment after its first correction when the
/// contraction rate of earlier increments proves it converged
/// (*SOLVER CONTROLS, ACCEPT=RATE; solver/newton.c).  on != 0: such an
/// increment iterates on all the same (the rate's bookkeeping as if it had
/// been accepted), and the confirming iteration's residual and correction
/// there, in multiples of their tolerances, are recorded (tests: the error
/// an acceptance leaves), and so is whether the beams' points-only pass
/// there (nsb_beam_points) left at their points what the confirming
/// evaluation leaves, bit for bit.  nsb_system_first_audits returns how many
/// were recorded, their largest value in *worst and in *points_differ how
/// many of them found the points different (either pointer may be NULL).
void nsb_system_confirm_first(nsb_system* s, int on);
long nsb_system_first_audits(const nsb_system* s, double* worst, long* points_differ);
/// The state after an impact increment of length delta (a located
/// switching point, solver/step_control.h): the contacts' multipliers hold
/// impulse / delta (1e9 times a force); set them to zero (they are only the
/// next increment's warm start) and recompute the smooth accelerations
/// without them (the recomputation inside the increment carries their
/// round-off, 5e-4 m/s^2 on a bouncing ball), restart the
/// pseudo-accelerations from them (p = a, as at the start of a step: the
/// recurrence continued across the impact increment keeps the round-off of
/// impulse / delta) and the predictor's history (the step averages before
/// the jump predict nothing after it).
/// Failures as nsb_system_initial_acceleration.
int nsb_system_after_impact(nsb_system* s, nsb_newton_report* rep);

/// *STATIC, RIKS steps (docs/theory.md §8): the building blocks that
/// solver/arclength.c drives.  The step's loads are its reference loads
/// times the load proportionality factor (LPF, 0 at the step start); the
/// static map runs with h = 1, so the node unknowns of an increment are
/// displacements and material spins of the node frames.
/// Start an increment at the current (converged) state: remember it for
/// restore, interior unknowns of a zero increment, no predictor.
/// Errors: NSB_ERR_ARG (not a Riks step).
int nsb_system_riks_begin_increment(nsb_system* s);
/// Assemble at the current iterate and LPF: residual (view
/// nsb_system_residual), tangent, q = -d residual / d LPF into q
/// (n_equations values, caller's), and the residual norms of Newton's
/// convergence test.  Errors: element evaluation failures.
int nsb_system_riks_assemble(nsb_system* s, double* q);
/// The residual of the last assembly (view, n_equations values) and its
/// 2-norm (condensed beam rows included).
const double* nsb_system_residual(const nsb_system* s);
double nsb_system_riks_residual_norm(const nsb_system* s);
/// Factorize the assembled tangent (timed, counted).  On failure rep->status
/// and rep->cause say why (a singular matrix names its unknown).
int nsb_system_factor(nsb_system* s, nsb_newton_report* rep);
/// Solve with the last factorization in place (x: right-hand side in,
/// solution out, n_equations values; timed, counted).
int nsb_system_solve(nsb_system* s, double* x, nsb_newton_report* rep);
/// Apply the node increments dx (equation space, borrowed) together with the
/// LPF change dlpf: the beams' interior unknowns follow from the last
/// assembly's condensation, consistently with the bordered update
/// (element.h post_solve_lpf); the correction norms of the convergence test
/// are updated.
void nsb_system_riks_apply(nsb_system* s, const double* dx, double dlpf);
/// Newton's convergence test (solver/convergence.h, the one of every
/// increment) on the last assembly and correction, iteration it (0-based);
/// fills rep's per-iteration entries, and its status and cause for a
/// verdict other than converged.
nsb_conv_verdict nsb_system_riks_test(nsb_system* s, int it, nsb_newton_report* rep);
/// Back to the start of the increment (state, multipliers, LPF, interiors).
void nsb_system_riks_restore(nsb_system* s);
/// Accept the increment (reactions when asked for, as in any increment);
/// the step time advances by the arc length ds.
int nsb_system_riks_commit(nsb_system* s, double ds);
/// The factor on the loads of the current step: the LPF in a Riks step, the
/// ramp t_step / period in any other static step, 1 in dynamic, *FREQUENCY
/// and *MODAL DYNAMIC steps (history.csv column load_factor).
double nsb_system_load_factor(const nsb_system* s);
/// The definition of the current step (view; NULL before the first step).
const nsb_step_def* nsb_system_step(const nsb_system* s);
/// The current step's number as the deck counts them (1 = the first *STEP; 0 before any).
int nsb_system_step_number(const nsb_system* s);
/// Equation of DOF dof (0..5) of node (0-based), or -1 (held, absent).
int nsb_system_node_equation(const nsb_system* s, int node, int dof);

/// Modal analysis of the current state (a *FREQUENCY step, docs/theory.md §6):
/// the static tangent K (h = 1: displacements and material spins) and the
/// mass matrix M (element mass ops) of the structure without contacts, and
/// the step's n_modes eigenpairs (solver/modal.h) in equation numbering.
/// The state is unchanged on return.  out owned by the caller
/// (nsb_modal_result_free).  Errors: see nsb_modal_solve.
int nsb_system_modes(nsb_system* s, nsb_modal_result* out);
/// Set the state to the linearization state plus scale * phi_j (beam
/// interiors follow as in a static increment), for drawing the mode;
/// nsb_system_show_mode_reset returns to the linearization state.
int nsb_system_show_mode(nsb_system* s, const nsb_modal_result* r, int j, double scale);
void nsb_system_show_mode_reset(nsb_system* s);
/// Node part of mode j: 3 translations (global), 3 rotations (material spin of
/// the node frame; 0 for particles), 0 for held DOFs.
void nsb_system_mode_node(const nsb_system* s, const nsb_modal_result* r, int j, int node, double d[6]);
/// The same for any vector in equation numbering.
void nsb_system_eq_node(const nsb_system* s, const double* vec, int node, double d[6]);
/// *FREQUENCY, NORMALIZATION=DISPLACEMENT (Abaqus): scales the mass-normalized
/// modes of r in place so that the largest magnitude among the translation
/// entries (x, y, z of every node) is 1, that entry positive (of entries within
/// 1e-9 of the largest, the first in node order); a mode whose translations are
/// at most 1e-9 of its largest rotation times the model size (the diagonal of
/// the initial nodes' bounding box) is scaled by its rotations instead.
/// gen_mass[j] = phi_j^T M phi_j of the scaled mode, 1/c^2 for the factor c
/// (the modes were mass-normalized).  No allocation.
void nsb_system_modes_displacement(const nsb_system* s, nsb_modal_result* r, double* gen_mass);

/// *MODAL DYNAMIC support (docs/theory.md §7).  After nsb_system_modes in a
/// modal dynamic step the mass matrix is kept: y = M x (equation space).
/// When some of the lowest modes stay at rest (nsb_modal_result.n_rest),
/// y is M x on the rows the step's modes reach (those with a mass entry in
/// a column where a mode is non-zero) and 0 elsewhere: exact for x in the
/// span of the modes, and for the projection Phi^T M x of any x.
void nsb_system_modal_mass_mv(const nsb_system* s, const double* x, double* y);
/// Static residual r (equation space, n_eq values) of the linearization
/// state with the loads at time t (loads of the step at their dynamic values;
/// earlier_only: only the loads of earlier steps).  The step's load vector is
/// F(t) = r(t_0, earlier only) - r(t): the departure of the applied loads from
/// those the linearization state is in equilibrium with.
int nsb_system_modal_load(nsb_system* s, double t, int earlier_only, double* r);
/// Node velocities of the current state in equation space (translations,
/// material angular velocities; 0 for held DOFs).
void nsb_system_node_velocities(const nsb_system* s, double* ve);
/// Set the state to the linearization state plus dq (equation space; beam
/// interiors follow statically), node velocities dv, time t.  nodes_only:
/// the nodes only, no element is evaluated (its interior keeps an earlier
/// state): for outputs that read node values alone.
int nsb_system_modal_state(nsb_system* s, const double* dq, const double* dv, double t, int nodes_only);
/// Outputs of a *MODAL DYNAMIC step that are forces (support reactions, beam
/// strains and resultants) are linearized as the model is: their values at
/// the linearization state x0 plus their derivative along the modal
/// displacement dq, by central differences at x0 +- eps dq
/// (docs/theory.md §7).  nsb_system_modal_eps: that eps, the largest
/// translation of eps dq 1e-5 of the model's size (a rotation 1e-5); 0 for
/// dq = 0.
double nsb_system_modal_eps(const nsb_system* s, const double* dq);
/// The state x0 + scale dq (beam interiors following statically), its
/// elements evaluated there (static, loads at time t), and its support
/// reactions (6 per node, global; the elements' static forces on the held
/// rows) into react.  Velocities and time are left: nsb_system_modal_state
/// sets the state that is written.
int nsb_system_modal_probe(nsb_system* s, const double* dq, double scale, double t, double* react);
/// Marks (mark[i] = 1, n_nodes entries) the nodes whose support reactions
/// can be non-zero: those with a held DOF of an element or a support along
/// local directions; returns their number.
int nsb_system_reaction_nodes(const nsb_system* s, unsigned char* mark);
/// The support reactions written next: r0 + (rp - rm) / (2 eps), the
/// reactions of nsb_system_modal_probe at scales 0, eps and -eps; r0 for eps = 0.
void nsb_system_modal_reactions(nsb_system* s, const double* r0, const double* rp, const double* rm, double eps);
/// Only the time of the current state to t (its nodes keep their values): for
/// a history row whose values come from the modal coordinates alone.
void nsb_system_modal_time(nsb_system* s, double t);
/// *MODAL DYNAMIC, SPIN (docs/theory.md §7.5): the co-rotating model's modal
/// matrices per unit rate for the modes r about the global axis `axis` (0 x,
/// 1 y, 2 z) through the origin, from the kept mass matrix and the current
/// (start) state; sm allocated for r's modes (nsb_spin_matrices_alloc,
/// solver/reduced.h).  Errors: NSB_ERR_ARG, NSB_ERR_ALLOC.
struct nsb_spin_matrices;
int nsb_system_spin_matrices(nsb_system* s, const nsb_modal_result* r, int axis, struct nsb_spin_matrices* sm);
/// The gravity of the model at time t (all steps up to the current one,
/// amplitudes applied): in a SPIN step nsb_system_modal_load leaves the
/// step's gravity out and the caller turns this vector into the frame.
nsb_vec3 nsb_system_modal_gravity(const nsb_system* s, double t);
/// Report e (copied) instead of the elements' energies from now on; NULL: stop.
void nsb_system_set_energy(nsb_system* s, const nsb_energy* e);
/// REDUCTION=QUASI-STATIC: the truncated modes' flexibility
/// sum_{i > m} phi_i phi_i^T / lambda_i applied to the three translations of
/// each listed node (columns, n_eq x 3 n_nodes, column-major; zero for held
/// translations): (K_s - sigma M)^-1 e - sum_{i <= m} phi_i phi_i[e] / (lambda_i - sigma),
/// sigma = 0, or -1e-9 lambda_m when rigid-body modes are retained (free
/// structures).  Errors: NSB_ERR_UNSUPPORTED (only rigid modes retained),
/// NSB_ERR_SINGULAR (a mechanism without mass).
int nsb_system_modal_flexibility(nsb_system* s, const nsb_modal_result* r, int n_nodes, const int* nodes,
                                 double* cols);

/// Support reactions (*BOUNDARY): with on = 1, every converged increment
/// from now on also evaluates the forces and moments that the supports
/// exert on the structure at its converged state (one residual-only
/// assembly; docs/theory.md §5).  nsb_system_reactions: 6 per node (force,
/// then moment, global frame; 0 for free DOFs and nodes without DOFs) of the
/// last increment that computed them (view valid until the next increment).
void nsb_system_want_reactions(nsb_system* s, int on);
const double* nsb_system_reactions(const nsb_system* s);
/// Current total time, step time.
double nsb_system_time(const nsb_system* s);
/// The weight of the last increment's phase times in the statistics
/// (base/clock.h): 0 when its phases were not timed.  The driver weights the
/// output after that increment by it.
double nsb_system_clock_weight(const nsb_system* s);
double nsb_system_step_time(const nsb_system* s);
/// Current state (view valid until the next increment).
const nsb_state* nsb_system_state(const nsb_system* s);
/// Current gravity vector.
nsb_vec3 nsb_system_gravity(const nsb_system* s);
/// Energies and momenta of the current state.
void nsb_system_energy(const nsb_system* s, nsb_energy* e);
/// The run-time guard on the energy balance (docs/theory.md §3.6): in a
/// dynamic step (*DYNAMIC), with the energies e of the current state, the
/// balance B = kinetic + potential + dissipated - external_work -
/// support_work against its value B0 at the start of the dynamic steps;
/// when B - B0 exceeds NSB_ENERGY_GUARD times the largest energy scale
/// kinetic + |potential| + |external_work| + |support_work| + |dissipated|
/// seen since, one warning (with the time, the increment and the probable
/// causes) through the context's log, once per run; a warning, not a stop.
/// The first call of a dynamic step that starts the balance records B0.
/// Returns 1 when it warned now.
int nsb_system_energy_guard(nsb_system* s, const nsb_energy* e, long increment);
/// The gain of the balance over the energy scale that makes the guard warn.
#define NSB_ENERGY_GUARD 0.5
/// Number of equations and multipliers in the current step.
int nsb_system_n_equations(const nsb_system* s);
int nsb_system_n_multipliers(const nsb_system* s);
/// The model the system was built from.
const nsb_model* nsb_system_model(const nsb_system* s);
/// Contact elements (contact/pair.h): count and element i (its state is an nsb_contact_data).
int nsb_system_n_contacts(const nsb_system* s);
const nsb_elem* nsb_system_contact(const nsb_system* s, int i);
/// Number of contact candidate lists built so far (set-up included).
long nsb_system_contact_rebuilds(const nsb_system* s);
/// Statistics accumulated so far (view).
nsb_stats* nsb_system_stats(nsb_system* s);
/// Initial positions and orientations (for displacements), views.
const double* nsb_system_x0(const nsb_system* s);

/// Evaluate one element's residual and tangent at the current state with the
/// current scheme (for tests: tangent versus finite differences).  f, K
/// have room for e->n_local and e->n_local^2 values.
int nsb_system_eval_element(nsb_system* s, int i_elem, double* f, double* K);
/// The system element made from model element i (SPRINGA or beam), or NULL.
const nsb_elem* nsb_system_model_element(const nsb_system* s, int i);
/// Element count, element view, and the raw increment map (tests).
int nsb_system_n_elements(const nsb_system* s);
/// The force of the model's joint j, if it is an ELEMENT POINT joint, on its
/// beam element (element.h nsb_beam_point_load: the multiplier's force at
/// the element's side of the point and its shares at the element's node A,
/// at the current state and multipliers): returns 1 and the model element
/// in *element, else 0.  For the output's resultants (io/).
int nsb_system_element_point_load(const nsb_system* s, int j, int* element, nsb_beam_point_load* pl);
/// The output of a beam element (nsb_beam_probe at xi of model element
/// `element`; nsb_beam_sample of the system's beam element e) at the
/// current state, with the forces of the ELEMENT POINT joints on it
/// (nsb_beam_probe_loads, nsb_beam_sample_loads): what the probes, *EL PRINT
/// and the VTK output write.  O(joints), allocation free.
void nsb_system_beam_probe(const nsb_system* s, int element, double xi, nsb_beam_probe_out* o);
void nsb_system_beam_sample(const nsb_system* s, const nsb_elem* e, nsb_beam_sample_out* o);
const nsb_elem* nsb_system_element(const nsb_system* s, int i);
/// Apply a local increment to element i's nodes and multipliers (tests).
void nsb_system_apply_local(nsb_system* s, int i_elem, const double* d);
/// Prepare the current scheme for increment h (predictor included), without solving (tests).
int nsb_system_prepare_increment(nsb_system* s, double h);

/* ---- checkpoint (solver/checkpoint.c) ------------------------------------------ */

/// Bytes of the system's checkpoint (everything an increment reads that an
/// earlier increment wrote: states, multipliers, integrator history,
/// convergence averages, contact lists and states, beam interiors, energy
/// accumulators), for nsb_system_checkpoint_save.  Errors (negative):
/// NSB_ERR_UNSUPPORTED for element states the checkpoint does not know.
long nsb_system_checkpoint_size(nsb_system* s);
/// Write the checkpoint into buf (nsb_system_checkpoint_size bytes), and
/// make the next factorization a fresh one, as the continued run's first is.
int nsb_system_checkpoint_save(nsb_system* s, void* buf);
/// Restore a checkpoint of the same model, saved in the current step (call
/// nsb_system_begin_step of that step first).  Errors: NSB_ERR_ARG when it
/// does not fit this system (message says what differs).
int nsb_system_checkpoint_load(nsb_system* s, const void* buf, long bytes);

/// Internal to solver/checkpoint.c: the system's state as (address, bytes)
/// blocks; rebuild the contact elements from the broad phase at x.
typedef struct nsb_block {
  void* p;
  size_t bytes;
} nsb_block;
int nsb_system_blocks(nsb_system* s, nsb_block* b, int cap);
int nsb_system_contacts_at(nsb_system* s, const double* x, const double** x_build);
nsb_scheme* nsb_system_scheme(nsb_system* s);
nsb_ctx* nsb_system_ctx(const nsb_system* s);
nsb_linsolver* nsb_system_linsolver(nsb_system* s);
/// Internal to solver/checkpoint.c (modal.c): the mass matrix values a
/// *MODAL DYNAMIC step keeps (NULL before one; *nnz its length), and their
/// restoration (allocates when the system has none); the energies set by
/// nsb_system_set_energy (returns 0 when none is set).
const double* nsb_system_modal_mass_values(const nsb_system* s, int* nnz);
int nsb_system_modal_mass_restore(nsb_system* s, const double* val, int nnz);
int nsb_system_energy_set(const nsb_system* s, nsb_energy* e);

#endif

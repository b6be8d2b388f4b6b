/* system_internal.h -- the discrete system's data, private to the solver files
 * that implement solver/system.h:
 *   system.c          creation, destruction, equation numbering, step set-up,
 *                     state queries;
 *   assembly.c        predictor, element loop (residual, tangent, norms),
 *                     increment map, reactions, initial accelerations;
 *   newton.c          Newton's iteration, diagnosis of singular matrices,
 *                     acceptance or restore of an increment;
 *   system_contact.c  contact list rebuilds (Verlet list), prox sweeps;
 *   system_riks.c     the parts of a *STATIC, RIKS step (solver/arclength.c);
 *   modal.c           *FREQUENCY and *MODAL DYNAMIC pieces.
 * Callers see nsb_system as an opaque handle; only these files include this
 * header.  The helpers they share carry the prefix nsb_sys_ and work on the
 * current step's numbering (node_eq, mult_eq, n_eq), which only
 * nsb_sys_number_and_analyze changes.
 * Rejected: separate assembler and Newton objects with handles of their own:
 * they share every array of the system (state, numbering, matrix, scratch),
 * so the split would only move pointers around. */
#ifndef NSB_SYSTEM_INTERNAL_H
#define NSB_SYSTEM_INTERNAL_H

#include "solver/system.h"

#include <stddef.h>
#include "base/clock.h"
#include "base/team.h"
#include "contact/broad_phase.h"
#include "contact/lumped.h"
#include "contact/pair.h"
#include "solver/convergence.h"
#include "solver/modal.h"

/* Scratch and results of one element range of the threaded assembly
   (assembly.c): the local blocks of its elements, its share of the flux
   norms, and the first element of the range whose evaluation failed. */
typedef struct nsb_sys_range {
  double fK[NSB_ELEM_MAX_LOCAL * NSB_ELEM_MAX_LOCAL], ff[NSB_ELEM_MAX_LOCAL];
  double qf, qm;
  int failed, status;
  nsb_corr corr; /* post_solve: the range's largest interior corrections */
  double cn[5];  /* nsb_sys_correction_norms: the maxima of the range's nodes */
} nsb_sys_range;

struct nsb_system {
  nsb_ctx* ctx;
  const nsb_model* model;
  int n_nodes;
  int* ndof;  /* n */
  double* X0; /* 3n */
  /* 3 per *BOUNDARY record: its node's displacement at the start of the
     record's step (translations; assembly.c bc_value), saved in checkpoints */
  double* bc_start;
  nsb_state cur, old;
  double *lam, *lam_old;
  int n_mult;
  int* mult_level; /* joint level per multiplier */
  nsb_elem* elems;
  /* quadrature tables the beam elements share (setup; freed after them): one
     store per member of the team that created the beams (create_beams) */
  nsb_beam_tables** beam_tables;
  int n_beam_tables;
  int n_elems;
  nsb_joint_geom* jgeom;
  int *eq_pool, *map_pool;
  int eq_pool_size, map_pool_size;
  int* node_eq;  /* 6n */
  int* fixed_t;  /* 3n: boundary record index fixing the component, -1 free */
  unsigned* fixed_r; /* n: mask of held body-axis rotations (bit k: axis k) */
  int* rot_bc;       /* 3n: boundary record prescribing body-axis rotation k of node i, -1 free */
  int* driven;       /* n: the node has a DOF whose support moves in this dynamic step (support work) */
  int n_driven;      /* nodes with driven[i] */
  void* sp_keep;     /* a beam's state kept over the support power's evaluation (sp_keep_size bytes) */
  size_t sp_keep_size;
  int* mult_eq;  /* n_mult */
  int n_eq, n_node_eq, max_eq;
  double *r, *dx, *row_unscale;
  nsb_kin* kin;
  nsb_csr* A;
  nsb_pattern_builder* pb; /* kept with A from one numbering to the next (no allocation on contact changes) */
  nsb_linsolver* ls;
  nsb_scheme* scheme;
  const nsb_scheme_ops* ops;
  nsb_step_def step;
  int step_index;
  double t, t_step_start;
  double lam_scale, con_scale[3];
  int has_beams, has_vbeams, has_sbeams; /* any beam; velocity-based (B2V); strain-based (B2S) */
  double work, power; /* work of the non-potential loads since t = 0, their power at t */
  double dissipated, diss_rate; /* energy dissipated since t = 0 (dampers, contacts), damper power at t */
  double swork, spower; /* work of the driven supports since t = 0, their power at t (nsb_sys_support_power) */
  /* the concentrated forces filtered as the pseudo-accelerations filter the
     forces at t (3 a *CLOAD record; nsb_cload_filtered), for their work
     under the schemes other than the trapezoidal rule (docs/theory.md §3.6,
     "Loads"); the dashpots' forces filtered likewise (3 an element of the
     model, written for the DASHPOTA elements; nsb_dashpot_filtered), for
     their dissipation ("Loads and dampers under rho_inf < 1"), whether the model has
     any, and whether both arrays hold (not at a step's initial
     accelerations, where p = a: then they are the forces) */
  double* load_filt;
  double* damp_filt;
  int has_dashpots;
  int filt_valid;
  /* the energy guard (nsb_system_energy_guard): the balance E + D - W -
     W_s at the start of the dynamic steps run so far, the largest energy
     scale T + |V| + |W| + |W_s| + D seen since, and whether it is armed
     (a dynamic step) and has warned */
  double guard_b0, guard_scale;
  int guard_on, guard_warned;
  /* the guard's least energy scale (guard_floor, solver/energy_guard.c):
     from the model alone, so not in a checkpoint; < 0 until computed */
  double guard_floor;
  /* contact elements: elems[first_contact ...], rebuilt from the broad phase
     (Verlet list) when a node has moved half the skin since the last build */
  int first_contact, n_contacts;
  int first_joint; /* elems[first_joint + j]: the model's joint j */
  nsb_contact_data* cdata;
  /* the contacts' geometries at the end of the last accepted increment, for
     the next one's start (nsb_contact_geo_memo; capacity cdata_cap) */
  nsb_contact_geo_memo* cgeo;
  int has_newton_contact;
  int has_compliant_contact; /* a pair with LAW=HERTZ or WINKLER (the step control asks their increment) */
  int hertz_check;           /* refuse increments that under-resolve them (nsb_system_check_compliant) */
  int contact_prox;      /* this step solves NEWTON contacts by prox sweeps */
  int reuse_factor;      /* newton(): keep the last factorization (prox sweeps) */
  /* Modified Newton (*SOLVER CONTROLS, TANGENT=REUSE; newton.c): slot 0 of
     the linear solver and the condensing elements' kept interior factors
     hold the iteration matrix of an earlier iteration (tan_ok), formed in
     mode tan_mode with the increment tan_h and the contact rows of the
     contact_form fingerprint tan_contacts, and factored in the slot's epoch
     tan_epoch (solver/linsolve.h).  tan_used: the current increment has
     iterated with it; tan_off: full Newton for the increment being repeated
     after a failure with it. */
  int tan_ok, tan_mode, tan_used, tan_off;
  long tan_epoch;
  /* the same for the acceleration solves after impulsive increments (the
     recurring slot NSB_LINSOLVER_RECUR and the elements' second set of kept
     factors): tana_ok, the slot's epoch tana_epoch */
  int tana_ok;
  long tana_epoch;
  /* what that matrix was formed from (newton.c, accel_key), when its
     elements let it be told (tana_key_ok) */
  int tana_key_ok;
  unsigned long tana_key;
  long accel_exact;  /* acceleration solves accepted without their confirming residual */
  /* Increments accepted after their first correction (newton.c,
     accept_first): first_capable, every condensing element has a
     points-only pass (B2V beams; the other elements keep no state of an
     evaluation); first_confirm, iterate on all the same and record in
     first_audits / first_worst how far the confirming iteration found the
     iterate that would have been accepted from converged (the larger of its
     residual and its correction in multiples of their tolerances) */
  int first_capable, first_confirm;
  long first_audits;
  double first_worst;
  /* and whether the points-only pass left at the beams' points what the
     confirming evaluation leaves there (fingerprints, nsb_beam_points_hash) */
  unsigned long first_points;
  long first_points_differ;
  int accel_confirm; /* confirm every acceleration solve all the same (nsb_system_confirm_accelerations) */
  /* The acceleration restart without a residual sweep (newton.c,
     restart_far): acc_near (n_nodes) marks the nodes a contact, a particle
     or a beam that is not plain (nsb_beam_accel_plain) reaches, acc_skip
     (first_contact) the beams with no such node, whose part the restart
     takes from the increment (nsb_beam_accel_skip); acc_skip_on while its
     one assembly runs (nsb_sys_assemble then sets the other nodes' rows to
     zero); acc_far_off turns it off (nsb_system_restart_far); acc_skipped
     counts the beams so taken.  Sized with the ranges (make_ranges). */
  unsigned char *acc_near, *acc_skip;
  int acc_skip_on, acc_far_off;
  long acc_skipped;
  /* accel_solve's after_accel pass and energies in one loop over the
     elements (assembly.c, after_accel_energy); acc_energy_apart keeps the
     two loops (nsb_system_fused_energy), acc_energy_fused counts the
     passes fused */
  int acc_energy_apart;
  long acc_energy_fused;
  /* the next acceleration solve after an impulsive increment adds
     alpha split (a_increment - a_smooth) to the velocities
     (nsb_contact_step_split; split = gamma h gain, alpha from
     nsb_contact_split_weight with split_ec, the increment's context at its
     end); 0 otherwise */
  double split;
  int accel_restart; /* accel_solve after an impulsive increment (nsb_eval_ctx.accel_restart) */
  const nsb_eval_ctx* split_ec;
  double tan_h;
  unsigned long tan_contacts;
  /* the contact elements' local matrices of the kept matrix (their n_local^2
     in element order; capacity tan_cK_size, grown with the contact list),
     and whether the last NSB_ASM_RESIDUAL_KEPT assembly found one changed
     (assembly.c) */
  double* tan_cK;
  int tan_cK_size;
  int tan_contact_changed;
  /* the node orientations when the kept matrix was formed (4 per node) and
     the cosine of half the largest rotation of each node since then that
     the kept interior factors of its beam elements stand (newton.c,
     tangent_turned; -1 at nodes without beam elements); tan_nodes the
     n_tan_nodes nodes with a limit, ascending */
  double *tan_q, *tan_turn;
  int* tan_nodes;
  int n_tan_nodes;
  int tan_contact_rows_changed; /* the same, row by row (assembly.c contact_rows_changed) */
  double* prox_scratch;  /* 3 doubles per node (nsb_contact_prox_sweep); NULL without contact pairs */
  double* support;       /* 8 doubles per node: the support estimate of resting contacts (nsb_contact_support_init);
                            NULL without contact pairs */
  int n_static_elems, n_static_mult, n_node_dof;
  nsb_contact_cand* cand;
  int cand_cap;
  /* capacities kept across contact list rebuilds (grown geometrically, never
     shrunk: a rebuild allocates only when it outgrows every earlier one):
     elems, cdata and cgeo, the multiplier arrays (lam, lam_old, mult_eq, mult_level),
     the equation arrays (r, dx, row_unscale), the broad phase's grid */
  int elems_cap, cdata_cap, mult_cap, eq_cap;
  nsb_broad_ws broad_ws;
  /* what contacts carry across a rebuild (nsb_contact_memory), kept with its
     capacity so that rebuilds do not allocate it again */
  nsb_contact_memory* cmem;
  int cmem_cap;
  /* the joints' velocity-level impulses of an impulsive increment
     (nsb_sys_joint_impulse; docs/contact.md §7, "Impacts on jointed
     bodies"): per node jv_node (0: not moved by the solve; 1: a particle or
     rigid body that its own mass alone moves: no beam, boundary or massless
     slave; 2: such a node in a joint of such nodes) and jv_map (its DOF
     offset in the solve, -1 outside; -1 between solves); the solve's nodes,
     its rows' elements (a joint: its static element index; a contact:
     n_static_elems + its index) and dense C (rows x DOFs), M^-1 C^T, the
     Delassus matrix, the right-hand side and the velocities, sized at each
     contact rebuild */
  int *jv_node, *jv_map, *jv_list, *jv_rows;
  double *jv_C, *jv_X, *jv_A, *jv_b, *jv_u;
  int jv_joint_rows, jv_joint_nodes, jv_cap_u, jv_cap_r;
  int jv_stabilized; /* joints with velocity rows and projected positions (joint_stabilize_flags) */
  double skin;
  double* x_build; /* 3n positions at the last build */
  int *ceq_pool, *cmap_pool;
  int ceq_size, cmap_size;
  long contact_rebuilds;
  long fresh_before; /* fresh factorizations of linear solvers already destroyed */
  long fallback_before; /* KLU2 factorizations by the global KLU of linear solvers already destroyed */
  double internal_res2; /* condensed-out residual rows of the last assembly */
  double length;        /* model length scale (convergence test, docs/theory.md §5) */
  double node_mass_max; /* largest mass of a node (particle, rigid body, beam share): weight flux */
  double* node_mi;      /* 2n mass and rotary inertia of each node: inertial flux (nsb_sys_assemble) */
  nsb_conv conv;        /* Newton's convergence test over the step */
  long inc_in_step;     /* increments accepted in the current step */
  int failed_elem;      /* element whose evaluation failed in the last assembly, or -1 */
  double* react;        /* 6n support reactions of the last increment that computed them (global) */
  /* the next three only with contact pairs (NULL without: no impulsive increments, no NEWTON contacts) */
  double* react_end;    /* 6n scratch: an impulsive increment's reactions at its end point */
  double* react_c;      /* 6n: the NEWTON contacts' part of react (global) */
  double* react_c_end;  /* 6n scratch: react_c at the end point; the contacts' mean forces */
  int want_react;       /* compute reactions after the next converged increments */
  nsb_conv_norms nrm;   /* norms of the last assembly and correction */
  nsb_stats stats;
  /* the monotonic clock (nsb_now_s) at the end of the last nsb_sys_assemble:
     the Newton iteration starts its factorization's timing there (nothing
     but a few scalar tests lies between), one clock read per phase boundary */
  double clock_assembled;
  /* the weight of the current increment's phase times (base/clock.h): 0
     when this increment reads no clock; 1 outside increments */
  double clock_w;
  nsb_clock_sample clock_sample;
  double fK[NSB_ELEM_MAX_LOCAL * NSB_ELEM_MAX_LOCAL], ff[NSB_ELEM_MAX_LOCAL];
  /* *MODAL DYNAMIC: the mass matrix of the linearization (values on the
     pattern of A, nnz_modal of them) and the energies reported instead of
     the elements' (the reduced model's; nsb_system_set_energy) */
  double* modal_M;
  int nnz_modal;
  /* the rows M Phi reaches when some of the lowest modes stay at rest
     (nsb_system_modal_mass_mv), else NULL */
  int* modal_rows;
  int n_modal_rows;
  int energy_override;
  nsb_energy override;
  /* The energies of the state an accepted increment left (increment_to:
     the last ones it computed), which nsb_system_energy returns while
     en_last_ok: the history row of that increment then reads them instead
     of a further pass over the elements.  Every change of the state after
     that increment clears en_last_ok first (nsb_sys_energy_stale). */
  int en_last_ok;
  nsb_energy en_last;
  /* *STATIC, RIKS (solver/arclength.h): the load proportionality factor of
     the step's loads now and at the start of the increment, the step time
     at which the amplitudes of earlier loads are held (that of the end of
     the previous step), and a local scratch row for the load rates */
  double lpf, lpf_old, riks_t_hold;
  double* step_lpf; /* per step: the LPF a Riks step ended with, 1 for the others (nsb_eval_ctx.step_lpf) */
  double fl[NSB_ELEM_MAX_LOCAL], f1[NSB_ELEM_MAX_LOCAL];
  /* Threaded assembly (assembly.c, nsb_system_set_threads): the static
     elements elems[0 .. first_contact) in n_threads contiguous ranges, each
     evaluated by one thread that adds the rows of the nodes only its range
     touches; the rows of the nodes that several ranges touch (shared) are
     added afterwards from the deferred blocks, in element order, so that
     every entry sums its contributions in element order whatever the number
     of ranges.  Contact elements (after the static ones) are added last, in
     order, by one thread. */
  int n_threads;
  int* range_lo;       /* n_threads + 1: first static element of each range, then first_contact */
  int* node_range;     /* n_nodes: the one range whose elements touch the node, -1 none, -2 several */
  int* defer_ofs;      /* first_contact: offset of the element's block in defer, -1 none */
  int* defer_list;     /* n_defer: the elements with a block, ascending */
  int n_defer;
  double* defer;       /* the blocks: ff (n_local) then fK (n_local^2) */
  size_t defer_size;   /* doubles */
  double* elem_sum;    /* first_contact: each static element's squared norm of its condensed-out
                          residual rows (assembly) or interior correction (post_solve) */
  int* en_ofs;         /* first_contact: offset of the element's energy terms in en_terms
                          (nsb_elem_ops.energy_terms), -1 none */
  double* en_terms;    /* the static elements' energy terms, computed on the team, summed in order */
  size_t en_size;      /* doubles */
  int n_static_ranged; /* first_contact when the ranges were made */
  nsb_sys_range* rng;  /* n_threads */
  nsb_team* team;        /* n_threads members (base/team.h), NULL for one thread */
};

/* ---- system.c --------------------------------------------------------------- */

/// Copy the node state src to dst (n nodes).
void nsb_sys_state_copy(nsb_state* dst, const nsb_state* src, int n);
/// The evaluation context of the elements at time t in mode (scheme weights,
/// load factors, scales of the constraint rows), written to *ec.
void nsb_sys_fill_ec(const nsb_system* s, nsb_eval_mode mode, double t, nsb_eval_ctx* ec);
/// The same, returned (inline: the caller's variable is filled in place).
static inline nsb_eval_ctx nsb_sys_make_ec(const nsb_system* s, nsb_eval_mode mode, double t) {
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, t, &ec);
  return ec;
}
/// Ints of an element's matrix positions (e->map): one per local row and
/// group of columns, a node's unknowns or one multiplier
/// (nsb_csr_block_map_grouped).
static inline int nsb_elem_map_size(const nsb_elem* e) {
  return e->n_local * nsb_csr_map_groups(e->n_local, e->n_nodes, e->node_ndof);
}
/// A->val += the element's block K (n_local^2, column-major) at its positions.
static inline void nsb_elem_add_block(nsb_csr* A, const nsb_elem* e, const double* restrict K) {
  nsb_csr_add_grouped(A, e->map, e->eq, e->n_local, e->n_nodes, e->node_ndof, K);
}
/// Equation numbering, element maps, sparsity pattern and symbolic
/// factorization for the current supports and elements.  Allocates.
int nsb_sys_number_and_analyze(nsb_system* s);

/// The power of the loads and the dissipation rate of the dampers at the
/// current state, e->power and e->dissipation_rate bit for bit as
/// nsb_system_energy computes them (the same element ops in the same order,
/// a beam's by nsb_beam_power: its energies and momenta, most of the pass,
/// are left out); the other fields of e are partial.
void nsb_sys_rates(const nsb_system* s, nsb_energy* e);
/// The energies at the end of an increment (after its commit, before the
/// contacts' finish), with ec filled for the current state (NSB_EVAL_DYNAMIC
/// at s->t): all of them as nsb_system_energy computes them, bit for bit, and
/// 1 when they still hold after the finish (no contacts; or no beam element,
/// whose rates leave out its energies, no thread team and no contact with
/// energies of its own, which the finish changes: their rates are then the
/// whole pass), else the rates of nsb_sys_rates and 0.
int nsb_sys_increment_energy(const nsb_system* s, const nsb_eval_ctx* ec, nsb_energy* e);
/// The state changes: the energies of the last increment (en_last) no longer hold.
static inline void nsb_sys_energy_stale(nsb_system* s) { s->en_last_ok = 0; }

/* ---- assembly.c ------------------------------------------------------------- */

/// The scheme's kinematic weights of every node with DOFs (s->kin) for the current iterate.
void nsb_sys_kinematics(nsb_system* s);
/// Predictor of every node, with the prescribed supports at t_new.
void nsb_sys_predict_all(nsb_system* s, nsb_eval_mode mode, double t_new);
/// What nsb_sys_assemble forms: the residual, or with it the matrix; in
/// modified Newton (newton.c) the matrix whose interior factors the
/// condensing elements keep, or the residual condensed with the kept ones
/// (elements/element.h, nsb_factor_use).
typedef enum nsb_asm_kind {
  NSB_ASM_RESIDUAL = 0,
  NSB_ASM_MATRIX = 1,
  NSB_ASM_MATRIX_KEEP = 2,
  NSB_ASM_RESIDUAL_KEPT = 3
} nsb_asm_kind;
/// Residual (and for NSB_ASM_MATRIX and NSB_ASM_MATRIX_KEEP the tangent) at
/// the current iterate, with the residual norms of s->nrm.
int nsb_sys_assemble(nsb_system* s, nsb_eval_mode mode, double t_new, nsb_asm_kind what);
/// Evaluate the contact elements at the current iterate with their local
/// matrices and compare those with the kept matrix's (modified Newton's
/// tan_cK) row by row: 1 when a contact row changed its form (as
/// tan_contact_rows_changed of NSB_ASM_RESIDUAL_KEPT finds it), 0 when none
/// did, a negative status when an evaluation failed.  With rc non-NULL (n_eq
/// values) the contacts' residuals of their multiplier rows are added there
/// (the rows no other element adds to; the rest of rc is left alone); with
/// inexact non-NULL (set to 0 by the caller) it is set to 1 when an entry of
/// a contact's local matrix moved by more than 1e-9 of its row's kept entries
/// (assembly.c CONTACT_ROW_EXACT).  Both are complete only when it returns 0.
int nsb_sys_contact_rows_changed(nsb_system* s, nsb_eval_mode mode, double t_new, double* rc, int* inexact);
/// Correction norms of s->nrm after nsb_sys_apply_increment and nsb_sys_post_solve.
void nsb_sys_correction_norms(nsb_system* s, nsb_eval_mode mode, const double* dx, const nsb_corr* ic);
/// Apply the increment dx (equation space) to the nodes and multipliers.
void nsb_sys_apply_increment(nsb_system* s, const double* dx, double lam_scale);
/// Recover the interior unknowns of condensing elements.
nsb_corr nsb_sys_post_solve(nsb_system* s, const double* dx);
/// The elements' commit of an accepted increment (element.h): the static
/// elements on the thread team (each commits its own state), the rest after.
void nsb_sys_commit(nsb_system* s);
/// Add the elements' energies at ec to e (zeroed by the caller): the terms
/// on the thread team, summed in element order on the calling thread.
void nsb_sys_energy_sum(const nsb_system* s, const nsb_eval_ctx* ec, nsb_energy* e);
/// Element ranges and the deferred blocks of the threaded assembly for
/// n_threads threads (>= 1).  Allocates (set-up).
int nsb_sys_make_ranges(nsb_system* s, int n_threads);
/// Free what nsb_sys_make_ranges allocated.
void nsb_sys_free_ranges(nsb_system* s);
/// The point states of the beams (element.h, points) at the current
/// iterate, as an evaluation in mode at t_new leaves them (solver/newton.c):
/// after an iterate is accepted by the norm of its last correction.
void nsb_sys_commit_points(nsb_system* s, nsb_eval_mode mode, double t_new);
/// Whether an acceleration solve after an impulsive increment leaves the
/// beams' point accelerations to its after_accel pass
/// (nsb_beam_accel_continue) when it accepts without evaluating its last
/// iterate: nothing between the two reads them (no reactions, no driven
/// supports' power, no impulse split).
int nsb_sys_accel_continue(const nsb_system* s);
/// Whether an acceleration solve after an impulsive increment may take the
/// restart without a residual sweep (solver/newton.c, restart_far): no
/// driven support, no impulse split.  Not the output: with the reactions
/// wanted (an RF, RM probe, VTK output) the same path is taken, and their
/// evaluation after the solve reads the states it leaves
/// (nsb_sys_compute_reactions evaluates every element at a held row, a
/// skipped beam too); nsb_sys_accel_continue adds !want_react for the fused
/// continuation alone, whose two forms leave the same states bit for bit.
int nsb_sys_accel_far(const nsb_system* s);
/// Support reactions at the converged state of an increment (s->react).
int nsb_sys_compute_reactions(nsb_system* s, nsb_eval_mode mode, double t_new);
/// Power of the driven supports at the converged state of an increment
/// (before its commit, like the reactions): the sum over the driven nodes
/// of reaction . velocity and reaction moment . angular velocity (global);
/// the reactions of those nodes alone when they are not computed anyway
/// (want_react).  0 without driven nodes.
int nsb_sys_support_power(nsb_system* s, nsb_eval_mode mode, double t_new, double* power);
/* After an impulsive increment: the smooth accelerations at the committed
   state replace the increment's ones (contact impulses belong to the velocity
   jump of their increment only), and the generalized-alpha pseudo-accelerations
   continue their recurrence instead of restarting (docs/contact.md §6), by
   p_gain times the change of the accelerations (nsb_scheme_pseudo_gain; 1
   for the support's force of a first touch, nsb_scheme_continue_pseudo). */
int nsb_sys_restart_acceleration(nsb_system* s, double p_gain, nsb_newton_report* rep);

/* ---- newton.c --------------------------------------------------------------- */

/// Name the unknown behind equation eq (for messages about singular matrices).
void nsb_sys_describe_equation(const nsb_system* s, int eq, char* buf, size_t n);
/// Solve with the current factorization in place, timed; failures in rep.
int nsb_sys_timed_solve(nsb_system* s, double* x, nsb_newton_report* rep);
/// Newton's iteration at t_new in mode from the current iterate.
int nsb_sys_newton(nsb_system* s, nsb_eval_mode mode, double t_new, nsb_newton_report* rep);
/// Newton's convergence test on the last assembly and correction of
/// iteration it (0-based): rep's per-iteration entries, the floor count, and
/// for a stagnation rep's status and cause.
nsb_conv_verdict nsb_sys_test_iteration(nsb_system* s, int it, nsb_newton_report* rep);
/// rep's cause after iterations without convergence (the status is the caller's).
void nsb_sys_no_convergence_cause(const nsb_system* s, int iterations, nsb_newton_report* rep);
/// Back to the start of the increment: node state, multipliers, the elements' interior unknowns.
void nsb_sys_restore_increment(nsb_system* s);

/* ---- system_contact.c ------------------------------------------------------- */

/// Rebuild the contact elements from the broad phase.  Allocates.
int nsb_sys_contact_rebuild(nsb_system* s);
/// Largest node displacement since the last contact build.
double nsb_sys_moved_since_build(const nsb_system* s);
/// After nsb_contact_finish of an impulsive increment (ec at its end): the
/// joints of particles and rigid bodies that its impulses reached also at
/// velocity level, G v = 0 at t_n+1 with their own impulses, the contacts
/// that carried the impulses held at their normal velocity (their further
/// impulses booked; docs/contact.md §7, "Impacts on jointed bodies").
/// Returns the energy those further contact impulses dissipate (0 when
/// nothing was solved).
double nsb_sys_joint_impulse(nsb_system* s, const nsb_eval_ctx* ec);
/// After a converged dynamic increment (ec at its end): the positions of the
/// bodies of the joints that take velocity rows beside Coulomb contacts
/// (nsb_joint_geom.stabilized) projected onto their Phi = 0, least change in
/// M, velocities untouched (docs/theory.md §4).  Returns 1 if it projected.
int nsb_sys_joint_project(nsb_system* s, const nsb_eval_ctx* ec);
/// Free the workspace of nsb_sys_joint_impulse.
void nsb_sys_joint_impulse_free(nsb_system* s);
/// An increment with NEWTON-law contacts solved by prox sweeps.
int nsb_sys_prox_solve(nsb_system* s, double t_new, nsb_newton_report* rep);
/* Did the converged increment h (ending at t_new) keep every LAW=HERTZ
   contact resolved, omega h <= NSB_HERTZ_OMEGA_H_WARN at its largest
   penetration of the two ends (docs/contact.md §6.3)?  1 also when the
   driver did not ask for the check (nsb_system_check_compliant), in
   non-dynamic steps, and for increments the step control cannot shorten
   further (twice its smallest). */
int nsb_sys_hertz_resolved(nsb_system* s, double h, double t_new);

#endif

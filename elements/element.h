/* element.h -- the element interface: an ops table plus element data.
 *
 * Everything that contributes to the global Newton system is an element:
 * rigid bodies, particles, springs, nodal loads, joints (with Lagrange
 * multipliers), and later beams and contacts.  An element touches up to
 * NSB_ELEM_MAX_NODES nodes and may own n_mult multipliers.  Its local
 * unknowns are, node by node, the node's iteration unknowns (3 translations,
 * then 3 rotations for 6-DOF nodes), followed by its (scaled) multipliers.
 *
 * Residual convention.  Node rows: translational rows are force balances in
 * the global frame, rotational rows are moment balances in the body (material)
 * frame, both as  inertia + internal + constraint - applied = 0.  Multiplier
 * rows are the constraint equations times con_scale.
 *
 * Linearization.  Elements differentiate with respect to the node's physical
 * state at t_{n+1}: position x, material spin Theta (R -> R exp(S(dTheta))),
 * velocity v, material angular velocity omega, acceleration a and material
 * angular acceleration alpha.  The time-integration scheme says how these
 * move with the iteration unknown Delta of the node (nsb_kin):
 *   dx = cr Dt, dv = cv Dt, da = ca Dt;   dTheta = Bth Dr, domega = Bw Dr, dalpha = Bal Dr.
 * nsb_kin_t / nsb_kin_r apply that chain rule to 3x3 partial-derivative blocks.
 * Elements are pure: (model data, state) -> (local residual, local tangent)
 * into caller buffers; no allocation, no global writes.
 */
#ifndef NSB_ELEMENT_H
#define NSB_ELEMENT_H

#include "base/so3.h"
#include "model/model.h"

#define NSB_ELEM_MAX_NODES 3
#define NSB_ELEM_MAX_LOCAL (6 * NSB_ELEM_MAX_NODES + 6)

/// Per-node state arrays (structure of arrays).  w and al are material.
typedef struct nsb_state {
  double* x;  /* 3n position */
  double* q;  /* 4n orientation quaternion */
  double* v;  /* 3n velocity */
  double* w;  /* 3n angular velocity, body frame */
  double* a;  /* 3n acceleration */
  double* al; /* 3n angular acceleration, body frame */
} nsb_state;

/// How a node's state at t_{n+1} moves with its iteration unknown (see header).
typedef struct nsb_kin {
  double cr, cv, ca;
  nsb_mat3 Bth, Bw, Bal;
} nsb_kin;

typedef enum nsb_eval_mode {
  NSB_EVAL_DYNAMIC = 0, /* full equations of motion; constraints at their level */
  NSB_EVAL_STATIC = 1,  /* no inertia; constraints at position level */
  NSB_EVAL_ACCEL = 2    /* initial accelerations: constraints at acceleration level */
} nsb_eval_mode;

/// Which interior factors a condensing element uses (nsb_eval_ctx.factors).
typedef enum nsb_factor_use {
  NSB_FACTORS_FRESH = 0, /* of the current state */
  NSB_FACTORS_KEEP = 1,  /* of the current state, kept for later NSB_FACTORS_KEPT evaluations */
  NSB_FACTORS_KEPT = 2,  /* residual only, condensed with the kept factors */
  NSB_FACTORS_KEPT_ALONE = 3 /* as KEPT, in a dynamic iteration whose caller discards the states the
                                evaluation would leave (an acceptance sets them by the points pass) */
} nsb_factor_use;

/// Everything an element may read during evaluation (borrowed views).
typedef struct nsb_eval_ctx {
  const nsb_model* model;
  const nsb_state* cur;   /* state at t_{n+1} (current iterate) */
  const nsb_kin* kin;     /* per node */
  const double* lambda;   /* physical multiplier values, global multiplier array */
  nsb_eval_mode mode;
  double t;               /* time at t_{n+1} (total time) */
  double t_step;          /* step time at t_{n+1} */
  double t_total_step_start; /* total time at the start of the current step */
  int step;               /* index of the current step */
  int step_static;        /* 1 in a static step (loads of this step without amplitude ramp) */
  double step_period;     /* duration of the current step */
  nsb_vec3 gravity;       /* gravity acceleration at t_{n+1} */
  /* the scheme's view, for elements that integrate their own interior
     kinematics (beams): node step averages and scheme parameters */
  const double* vbar;     /* 3n node vbar of the modified-Newmark/static map, or NULL */
  const double* wbar;     /* 3n node wbar (body frame), or NULL */
  double h, beta, gamma;
  const nsb_state* old;   /* state at t_n */
  double* internal_res2;  /* accumulator: squared norm of condensed-out residual rows (may be NULL) */
  /* Modified Newton (*SOLVER CONTROLS, TANGENT=REUSE; modes DYNAMIC and
     STATIC; nsb_factor_use): an element that condenses interior unknowns
     keeps the interior factors of an evaluation with NSB_FACTORS_KEEP (with
     K), the ones the system's kept iteration matrix is formed with; with
     NSB_FACTORS_KEPT (K == NULL) it condenses its residual with them,
     f_c = f_n - K_ni K_ii^{-1} f_i, and post_solve recovers the interior
     with them: the iteration is then modified Newton on the whole
     (uncondensed) system, and its converged state, f_n = 0 and f_i = 0,
     does not depend on the factors (docs/theory.md §5).  NSB_FACTORS_FRESH
     (0, every other evaluation): the factors of the current state, the kept
     ones left alone. */
  int factors;
  double lam_scale;       /* physical multiplier = lam_scale * unknown */
  double con_scale[3];    /* multiplier-row scale for position, velocity, acceleration level */
  /* generalized-alpha parameters (dynamic evaluations of a GENERALIZED
     ALPHA step; 0 otherwise).  Lie-group form of Arnold & Bruls: the
     equations hold at t_{n+1}; alpha_m, alpha_f only relate the
     accelerations to the pseudo-accelerations of the Newmark relations
     (solver/integrator.h, docs/theory.md §3.4).  Elements with interior
     points (strain beam) apply the same map there. */
  double alpha_m, alpha_f;
  /* 1: the modified scheme in generalized-alpha form (docs/theory.md §3.5):
     vbar, wbar are the unknowns as in the plain scheme, but beta, gamma
     above are the Newmark parameters of the pseudo-accelerations,
     vbar = v_n + h ((1/2 - beta) p_n + beta p), v = v_n + h ((1 - gamma) p_n + gamma p),
     and alpha_m, alpha_f relate a to p; elements with interior points (both
     beams) apply the same map there.  0: plain modified scheme (beta, gamma
     of Cesarek's update) or another scheme. */
  int mn_alpha;
  /* generalized-alpha pseudo-accelerations of the nodes at t_n (3n, body
     frame for rotations), or NULL (then they equal the accelerations) */
  const double* p_old;
  const double* pw_old;
  /* the concentrated forces filtered as the pseudo-accelerations filter the
     forces, at t_n (3 a *CLOAD record, the model's order; nsb_cload_filtered),
     or NULL: then they equal the forces at t_n (the step's start, where
     p = a) */
  const double* load_filt;
  /* the dashpots' forces filtered likewise, at t_n (3 an element, the
     model's element order; nsb_dashpot_filtered), or NULL: then they equal
     the forces at t_n */
  const double* damp_filt;
  /* NEWTON-law contacts solved by prox sweeps (*SOLVER CONTROLS, CONTACT
     SOLVER=PROX): their rows hold the impulses at the sweep's values */
  int contact_prox;
  /* NSB_EVAL_ACCEL only: 1 in the smooth accelerations after an impulsive
     increment or a first touch (nsb_sys_restart_acceleration), 0 in a
     step's initial accelerations */
  int accel_restart;
  /* *STATIC, RIKS (docs/theory.md §8): the loads of the current step are
     its reference loads times the load proportionality factor lpf (riks = 1;
     nsb_load_scale); gravity_lpf = d gravity / d lpf.  With f_lpf non-NULL,
     an element that condenses interior unknowns adds there the derivative of
     its condensed residual with respect to lpf (n_local values, tangent at
     lpf) and keeps what post_solve_lpf needs; the other elements leave it
     alone (the system differences their residuals, which are affine in lpf). */
  int riks;
  double lpf;
  nsb_vec3 gravity_lpf;
  double* f_lpf;
  /* per step (model->steps.count values): the LPF a *STATIC, RIKS step
     ended with (1 for the other steps); later steps keep that step's loads
     at it.  NULL: all 1 */
  const double* step_lpf;
  /* static steps: the branch parameter r (force per length) of a NEWTON-law
     contact's Signorini row, min(g, P/r) (contact/static_law.h): the force
     flux of the last assembly over the model's length scale; 0 before the
     first assembly */
  double contact_stiffness;
} nsb_eval_ctx;

/// Energy and momentum contributions of one element.
typedef struct nsb_energy {
  double kinetic, potential;
  double power;          /* power of the applied loads that have no potential (all but gravity) */
  double external_work;  /* their work since t = 0 (filled by the system: trapezoidal rule on the power,
                            plus external_work_increment) */
  double support_work;   /* work of the supports that move (prescribed motions) since t = 0 (filled by the
                            system: trapezoidal rule on reaction . velocity) */
  double dissipation_rate; /* power dissipated by SMOOTH contact friction (trapezoidal rule); negative: energy input */
  /* energy dissipated in the last increment by elements that book it as the
     scheme's own discrete work (the beams' material damping,
     docs/theory_beam.md §10; dashpots, docs/theory.md §3.6; compliant contacts'
     damping, docs/contact.md §6), added to `dissipated` as it is after an
     accepted increment (not through the trapezoidal rule on the rate) */
  double dissipated_increment;
  /* what the trapezoidal rule on the power misses, in the last increment, of
     the work of the loads that book it as the discrete equations apply it
     (concentrated forces and moments, the beams' distributed loads under
     the trapezoidal rule; a moving obstacle's work on a compliant contact,
     docs/theory.md §3.6 "Loads"), added to external_work after an accepted
     dynamic increment */
  double external_work_increment;
  double dissipated;     /* energy dissipated since t = 0: dampers (their discrete work), contact damping plus contact impulses
                            (filled by the system) */
  nsb_vec3 momentum, angular_momentum; /* angular momentum about the global origin */
} nsb_energy;

/// Size of a Newton correction of an element's interior (condensed) fields,
/// for the convergence test (solver/convergence.h): the largest change of
/// position (a length) and of rotation (radians) it makes along the element,
/// and the squared 2-norm of the raw interior unknowns' corrections (for an
/// explicit absolute increment tolerance).
typedef struct nsb_corr {
  double trans, rot, raw2;
} nsb_corr;

typedef struct nsb_elem nsb_elem;

typedef struct nsb_elem_ops {
  const char* name;
  /// Add the local residual into f[n_local] and, when K != NULL, the tangent
  /// into K (n_local x n_local, column-major, K[i + n_local*j] = d f_i / d u_j).
  /// Multiplier rows are scaled by ec->con_scale[level] (the system divides
  /// them out again for convergence norms).
  int (*eval)(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K);
  /// Add kinetic/potential energy and momenta (NULL: contributes none).
  void (*energy)(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc);
  /* Elements whose energy adds many terms to its sums (beams) may split it,
     so that the terms can be had on any thread and summed in element order
     on one (solver/assembly.c): energy_terms writes the energy_n_terms terms
     of the element's state, energy_add adds them to acc in the order and
     with the operations energy uses, which leaves acc with the bits energy
     gives.  NULL for the others (energy is then called as it is). */
  /// Number of doubles energy_terms writes.
  int (*energy_n_terms)(const nsb_elem* e);
  /// The terms of energy into t[energy_n_terms]; reads the element only.
  void (*energy_terms)(const nsb_elem* e, const nsb_eval_ctx* ec, double* t);
  /// Add the terms t of energy_terms to acc, as energy adds them.
  void (*energy_add)(const nsb_elem* e, const double* t, nsb_energy* acc);
  /* Elements with internal (condensed) unknowns and history at interior
     points (beams) set these; NULL for the others.  eval then returns the
     residual and tangent already condensed to the node unknowns and keeps
     what post_solve needs to recover the internal increments. */
  /// Start of an increment: remember the internal unknowns for restore.
  void (*begin_increment)(const nsb_elem* e);
  /// After a global solve: recover and apply the internal increments from
  /// the node increments du (n_local values, 0 for eliminated); raises
  /// c->trans, c->rot to the size of the interior correction and adds its raw
  /// squared norm to c->raw2 (nsb_corr).
  void (*post_solve)(const nsb_elem* e, const double* du, nsb_corr* c);
  /// Arc-length steps: as post_solve, for node increments du together with a
  /// change dlpf of the load factor,
  ///   du_i = -K_ii^{-1} (f_i + K_in du + f_i,lpf dlpf),
  /// with f_i,lpf from the last eval with ec->f_lpf (docs/theory.md §8).
  /// Set by every element that sets post_solve.
  void (*post_solve_lpf)(const nsb_elem* e, const double* du, double dlpf, nsb_corr* c);
  /// An iterate accepted after a correction that no evaluation followed
  /// (Newton's acceptance by the correction's norm, solver/newton.c): set
  /// the interior point states (and what else the commit, the energies and
  /// the output read of an evaluation) as an evaluation in ec's mode at the
  /// current node states and interior unknowns leaves them, bit for bit,
  /// without the tangent and the condensation, so that the committed states
  /// are those of the accepted iterate whether or not an output evaluates it
  /// (docs/theory.md §5, "Support reactions").  Set by every element that
  /// sets post_solve.
  void (*points)(const nsb_elem* e, const nsb_eval_ctx* ec);
  /// Increment accepted: the current interior states become the old ones.
  void (*commit)(const nsb_elem* e);
  /// Increment rejected: internal unknowns back to the start of the increment.
  void (*restore)(const nsb_elem* e);
  /// An acceleration solve converged: keep its interior accelerations.
  /// p_gain < 0: the step's initial accelerations, from which the
  /// pseudo-accelerations of the generalized-alpha forms start (p = a).
  /// p_gain >= 0: the smooth accelerations after an impulsive increment
  /// replace the increment's ones, and the pseudo-accelerations continue
  /// their recurrence, p += p_gain (a_new - a_old) with
  /// p_gain = (1 - alpha_f)/(1 - alpha_m) (docs/contact.md §6).
  void (*after_accel)(const nsb_elem* e, double p_gain);
  /// An acceleration solve after an impulsive increment converged, before
  /// after_accel: add c (a_increment - a_smooth) to the interior points'
  /// velocities and angular velocities (the part of the impulses' velocity
  /// jump the scheme's step average left out, nsb_contact_step_split).  cur:
  /// the system's state at t_n+1, whose node velocities already hold the
  /// split.  NULL: no interior rates.
  void (*impulse_split)(const nsb_elem* e, double c, const nsb_state* cur);
  /// Free the element's state (system teardown).
  void (*destroy)(nsb_ctx* ctx, nsb_elem* e);
  /// Modal analysis (*FREQUENCY): add the local mass matrix at the current
  /// state into M (n_local x n_local, column-major) in the unknowns of a
  /// static step with h = 1: translations in the global frame, rotations as
  /// material spins of the node frames.  NULL: the element has no inertia.
  void (*mass)(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict M);
  /// Modal analysis: set the internal unknowns to those of a zero increment
  /// from the last committed state (rate unknowns zero, force unknowns kept),
  /// so that eval linearizes about that state.  restore undoes it.  NULL:
  /// nothing to do (no internal unknowns, or absolute ones).
  void (*rest)(const nsb_elem* e);
} nsb_elem_ops;

struct nsb_elem {
  const nsb_elem_ops* ops;
  int n_nodes;
  int nodes[NSB_ELEM_MAX_NODES];
  int node_ndof[NSB_ELEM_MAX_NODES];
  int n_mult;     /* multipliers owned by this element */
  int mult_first; /* index of the first one in the global multiplier array */
  int n_local;    /* sum of node_ndof + n_mult */
  int* eq;        /* n_local global equation numbers (-1: eliminated); owned by the system */
  int* map;       /* positions in the CSR values, one per local row and node or multiplier
                     (solver/system_internal.h, nsb_elem_map_size); owned by the system */
  int model_index; /* index of the model record it comes from (body, element, joint, node) */
  const void* data; /* family-specific setup data (borrowed from the system), or NULL */
  void* state;      /* family-specific mutable state (beams), owned through ops->destroy */
};

/// Joint geometry fixed at setup (elements/joint.c); side A always has DOFs.
typedef struct nsb_joint_geom {
  nsb_vec3 s[3];      /* joint point in each body frame (particle: 0); ELEMENT POINT: the
                         node's term of the point (below) */
  double wx[3];       /* ELEMENT POINT: Phi = sum_k (wx[k] x_k + R_k s[k]) over the
                         attached node and the element's two nodes */
  nsb_vec3 ground[2]; /* fixed point for a side without DOFs */
  nsb_vec3 axis_a;    /* revolute: axis in body frame A */
  nsb_vec3 perp_b[2]; /* revolute: two unit vectors normal to the axis, body frame B */
  nsb_vec3 perp_a;    /* fixed: perp_b[0] at t = 0 in body frame A (third orientation row) */
  double length;      /* distance joint */
  int swapped;        /* 1 if the model's node_a is element side B */
  int stabilized;     /* a position-level joint whose bodies a frictional LAW=NEWTON pair reaches:
                         velocity rows in dynamic increments, the positions projected onto
                         Phi = 0 after each (solver/system_contact.c, nsb_sys_joint_project) */
} nsb_joint_geom;

/// Exact rotation vector, body angular velocity and body angular acceleration
/// of a manufactured rotation at time t (elements/nodal_load.c).
void nsb_manufactured_kinematics(const nsb_model* m, const nsb_manufactured_rotation* mr, double t, nsb_vec3* th,
                                 nsb_vec3* w, nsb_vec3* al);

/// dx = cr Dt ...: combined 3x3 block d f / d Dt = cr Fx + cv Fv + ca Fa.
static inline nsb_mat3 nsb_kin_t(const nsb_kin* k, nsb_mat3 fx, nsb_mat3 fv, nsb_mat3 fa) {
  return nsb_m3_add(nsb_m3_scale(k->cr, fx), nsb_m3_add(nsb_m3_scale(k->cv, fv), nsb_m3_scale(k->ca, fa)));
}
/// d f / d Dr = Fth Bth + Fw Bw + Fal Bal.
static inline nsb_mat3 nsb_kin_r(const nsb_kin* k, nsb_mat3 fth, nsb_mat3 fw, nsb_mat3 fal) {
  return nsb_m3_add(nsb_m3_mul(fth, k->Bth), nsb_m3_add(nsb_m3_mul(fw, k->Bw), nsb_m3_mul(fal, k->Bal)));
}

/// Add a 3x3 block into a local column-major matrix K (n x n) at (row, col).
static inline void nsb_local_add3(double* K, int n, int row, int col, nsb_mat3 b) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) K[(row + i) + n * (col + j)] += b.c[i + 3 * j];
}
static inline void nsb_local_addv(double* f, int row, nsb_vec3 v) {
  f[row] += v.x;
  f[row + 1] += v.y;
  f[row + 2] += v.z;
}

/// Velocity jump that a force held over the increment produces per unit
/// force and mass, i.e. impulse / force (docs/contact.md §7): gamma h for
/// Newmark and the plain modified scheme (dv = gamma h da); in the modified
/// scheme's generalized-alpha form dv = gamma h dp and
/// dp = (1 - alpha_f)/(1 - alpha_m) da, so gamma h (1 - alpha_f)/(1 - alpha_m).
static inline double nsb_impulse_time(const nsb_eval_ctx* ec) {
  if (ec->mn_alpha) return ec->gamma * ec->h * (1.0 - ec->alpha_f) / (1.0 - ec->alpha_m);
  return ec->gamma * ec->h;
}

/// Node state accessors.
static inline nsb_vec3 nsb_st_x(const nsb_state* s, int i) { return nsb_v3_load(s->x + 3 * i); }
static inline nsb_vec3 nsb_st_v(const nsb_state* s, int i) { return nsb_v3_load(s->v + 3 * i); }
static inline nsb_vec3 nsb_st_a(const nsb_state* s, int i) { return nsb_v3_load(s->a + 3 * i); }
static inline nsb_vec3 nsb_st_w(const nsb_state* s, int i) { return nsb_v3_load(s->w + 3 * i); }
static inline nsb_vec3 nsb_st_al(const nsb_state* s, int i) { return nsb_v3_load(s->al + 3 * i); }
static inline nsb_quat nsb_st_q(const nsb_state* s, int i) { return nsb_q_load(s->q + 4 * i); }

/* Element families (one file each). */
extern const nsb_elem_ops nsb_rigid_body_ops;     /* elements/rigid_body.c */
extern const nsb_elem_ops nsb_particle_ops;       /* elements/particle.c */
extern const nsb_elem_ops nsb_spring_ops;         /* elements/spring.c */
extern const nsb_elem_ops nsb_dashpot_ops;        /* elements/spring.c */
extern const nsb_elem_ops nsb_cload_ops;          /* elements/nodal_load.c */
extern const nsb_elem_ops nsb_manufactured_ops;   /* elements/nodal_load.c */

/// Multiplier of a load defined in step load_step with amplitude amp (-1: none)
/// at the evaluation time: the load proportionality factor ec->lpf for the
/// loads of the current *STATIC, RIKS step (which take no amplitude),
/// amplitude value (step or total time as the amplitude says), or a linear
/// ramp over the step for amplitude-free loads of the current static step
/// (and of the model data when that step is the first), else 1.  d1, d2
/// (may be NULL): first and second time derivatives (0 in a Riks step,
/// which has no time).
double nsb_load_scale(const nsb_eval_ctx* ec, int amp, int load_step, double* d1, double* d2);
/// nsb_load_scale of a *CLOAD or *DLOAD record that a later step may replace
/// (replaced = k + 1: replaced in step k, 0: never): in step k, a static step,
/// it ramps down as the new value ramps up when ramp_down (Abaqus: a load
/// changes linearly from its value at the end of the previous step), else it
/// is gone; in a Riks step k it keeps 1 - LPF, and 1 - the LPF that step ended
/// with in every later step (0 after any other step).
double nsb_load_scale_until(const nsb_eval_ctx* ec, int amp, int load_step, int replaced, int ramp_down, double* d1,
                            double* d2);
/// Whether the dynamic scheme of ec is the trapezoidal rule (Newmark 1/4, 1/2
/// or the plain modified scheme, no weighting of the accelerations), under
/// which the loads' work is booked as the equations apply it (docs/theory.md
/// §3.6, "Loads"; elements/nodal_load.c).
int nsb_eval_trapezoidal(const nsb_eval_ctx* ec);
/// The concentrated force of the *CLOAD element e (dof 1-3) filtered as the
/// pseudo-accelerations of the generalized-alpha forms filter the forces, at
/// t_n+1 of the increment of ec: from F~_n (ec->load_filt, or F_n),
///   (1 - alpha_m) F~_n+1 + alpha_m F~_n = (1 - alpha_f) F_n+1 + alpha_f F_n
/// (docs/theory.md §3.6, "Loads"); zero for a moment or a load not yet active.
nsb_vec3 nsb_cload_filtered(const nsb_elem* e, const nsb_eval_ctx* ec);
/// The force c (n.u) n of the DASHPOTA element e (u = v_B - v_A) filtered as
/// nsb_cload_filtered filters a load, at t_n+1 of the increment of ec (from
/// ec->damp_filt, or the force at t_n; docs/theory.md §3.6, "Loads and
/// dampers under rho_inf < 1").
nsb_vec3 nsb_dashpot_filtered(const nsb_elem* e, const nsb_eval_ctx* ec);
/// The alpha relation's filter of the generalized-alpha forms at t_n+1: the
/// value x~_n+1 of (1 - alpha_m) x~_n+1 + alpha_m x~_n = (1 - alpha_f) x_n+1
/// + alpha_f x_n from x_n, x_n+1 and x~_n (x~ = x with alpha_m = alpha_f =
/// 0, and with x~_0 = x_0 also with alpha_m = alpha_f); the pseudo-
/// accelerations are the accelerations filtered so (docs/theory.md §3.4).
static inline nsb_vec3 nsb_alpha_filter(const nsb_eval_ctx* ec, nsb_vec3 x0, nsb_vec3 x1, nsb_vec3 xt0) {
  const double am = ec->alpha_m, af = ec->alpha_f;
  return nsb_v3_scale(1.0 / (1.0 - am),
                      nsb_v3_sub(nsb_v3_add(nsb_v3_scale(1.0 - af, x1), nsb_v3_scale(af, x0)), nsb_v3_scale(am, xt0)));
}
/// The share of a force F in the change of the kinetic energy over the
/// increment of ec under a scheme that is not the trapezoidal rule, per unit
/// of the mean velocity: h ((1 - gamma) F~_n + gamma F~_n+1), F~ the filtered
/// force (docs/theory.md §3.6); dotted with (v_n + v_n+1)/2.
static inline nsb_vec3 nsb_share_weight(const nsb_eval_ctx* ec, nsb_vec3 ft0, nsb_vec3 ft1) {
  const double g = ec->gamma;
  return nsb_v3_scale(ec->h, nsb_v3_add(nsb_v3_scale(1.0 - g, ft0), nsb_v3_scale(g, ft1)));
}
/// Node position for any node: the state for nodes with DOFs, else the fixed
/// initial position (ground points).
nsb_vec3 nsb_node_position(const nsb_eval_ctx* ec, int node);
extern const nsb_elem_ops nsb_joint_ops;          /* elements/joint.c */
/// The velocity-level rates dPhi/dt of joint element e at the state ec->cur
/// (its n_mult rows, unscaled): linear in the velocities of its nodes (v
/// global, w body frame), so G's columns follow from unit velocities
/// (docs/contact.md §7, "Impacts on jointed bodies").
int nsb_joint_rate(const nsb_elem* e, const nsb_eval_ctx* ec, double* rate);
/// The position-level values Phi of joint element e at the state ec->cur (its
/// n_mult rows, unscaled); their gradient along (dx, dTheta) is the rate's G.
int nsb_joint_violation(const nsb_elem* e, const nsb_eval_ctx* ec, double* phi);
/* a support along local directions of a *TRANSFORM (nsb_boundary.transform): one node, one
   multiplier per held local translational DOF; model_index: the boundary record */
extern const nsb_elem_ops nsb_skew_support_ops;   /* elements/joint.c */
extern const nsb_elem_ops nsb_beam_v_ops;         /* elements/beam.c (velocity-based beam) */

/// Quadrature tables shared by beam elements (elements/beam.c): an element's
/// tables (weights, Lagrange values and integrals at its points, the strain
/// element's Magnus tables) are a function of its POINTS, Gauss points and
/// length only, so elements whose tables are equal bit for bit (a mesh of
/// equal elements) read one copy.  Setup only; owns the copies.
typedef struct nsb_beam_tables nsb_beam_tables;

/// Create an empty table store; *out owned by the caller (nsb_beam_tables_destroy,
/// after the elements that read it).  Errors: NSB_ERR_ALLOC.
int nsb_beam_tables_create(nsb_ctx* ctx, nsb_beam_tables** out);

/// Destroy a table store and its tables; accepts NULL and *t == NULL, sets *t = NULL.
void nsb_beam_tables_destroy(nsb_ctx* ctx, nsb_beam_tables** t);

/// Create the state of a velocity-based beam element for model element
/// el_index (elements/beam.c): geometry, section, end-frame offsets from
/// the nodes' initial orientations q0 (4n), initial velocities from the
/// nodes' v0 (3n) and body-frame w0 (3n).  With a table store (borrowed,
/// may be NULL) the element's quadrature tables are the store's copy of
/// equal tables, else they are in the element's own block.
int nsb_beam_create(nsb_ctx* ctx, const nsb_model* m, int el_index, const double* x0, const double* q0,
                    const double* v0, const double* w0, nsb_beam_tables* tables, nsb_elem* e);

/// Output samples of a beam element: its two ends and its integration
/// points, in order along the axis.  Kinematics: the node states at the ends,
/// the integration points' states inside.  Resultants: the equilibrium
/// resultants N_g, M_g of the element at the sample's section
/// (nsb_beam_velocity_resultants_at, nsb_beam_strain_resultants_at), as the
/// element's last evaluation left its state; section components in the
/// sample's frame q; strains: those the constitutive law gives for them,
/// C_N^-1 R^T N_g and C_M^-1 R^T M_g (not the points' kinematic strains).
typedef struct nsb_beam_sample_out {
  double *x, *u, *v, *w; /* 3 per sample; w: angular velocity, global frame */
  double* q;             /* 4 per sample: section frame */
  double* strain;        /* 6 per sample: gamma, kappa (section frame) of the resultants below */
  double *force, *moment;             /* 3 per sample, global frame (equilibrium resultants) */
  double *force_local, *moment_local; /* 3 per sample, section frame */
} nsb_beam_sample_out;
/// How far the section frame turns along a beam element at the current
/// iterate: the largest curvature at its collocation points times its
/// length, in radians (failure diagnosis: one element cannot turn a full
/// 2 pi, where the rotation maps of its interior become singular).
double nsb_beam_turn(const nsb_elem* e);
/// The power of a beam element's distributed loads alone, added to
/// acc->power as its energy op adds it (the same operations in the same
/// order), without the energies and momenta of the rest of the op.
void nsb_beam_power(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc);
/// What a beam element's matrix of the acceleration solves depends on
/// beyond its constant data: the frame of its node 0 in st, into q (the
/// Galerkin weighting's rows read R(0)^T alone).  Returns 0 when it depends
/// on more (the collocation weighting's lever arms r - r(0), the strain
/// element).
int nsb_beam_accel_frame(const nsb_elem* e, const nsb_state* st, double q[4]);
/// After an acceleration solve accepted without a further evaluation
/// (solver/newton.c): the element's point accelerations from the node
/// accelerations of cur and its interior unknowns, as an evaluation at
/// them leaves them (the same operations), and its N^0, M^0.
void nsb_beam_accel_points(const nsb_elem* e, const nsb_state* cur);
/// nsb_beam_accel_points, then the element's after_accel with p_gain >= 0
/// (the smooth accelerations after an impulsive increment), in one pass over
/// the points where the commit left the current arrays invalid; for a
/// caller that reads nothing of the elements' point accelerations between
/// the two (solver/assembly.c accel_solve).  The same states as the two
/// calls.
void nsb_beam_accel_continue(const nsb_elem* e, const nsb_state* cur, double p_gain);
/// Whether the acceleration restart after an impulsive increment may take
/// a beam element's part from the increment instead of evaluating it
/// (solver/newton.c, the restart without a residual sweep): a Galerkin
/// velocity beam whose acceleration rows are the increment's rows at the
/// increment's accelerations (no regularizing inertia of a zero rhoJ
/// component, no mass rule or lumped mass, no damping, no distributed load),
/// with the acceleration solves' kept interior factors.
int nsb_beam_accel_plain(const nsb_elem* e);
/// The restart's part of such a beam at nodes no contact reaches, without
/// its evaluation: its interior accelerations a'^p, alpha'^p fitted to the
/// increment's accelerations at its collocation points (the field
/// a(x) = a(0) + sum_p J_p(x) a'^p through the node-0 accelerations of cur,
/// in the end frame), so that its interior residual is the increment's and
/// its X_f zero; N^0, M^0 kept (the increment's); the end states and
/// output flags an acceleration evaluation leaves.  post_solve then
/// recovers its interior with the kept X_n alone.
void nsb_beam_accel_skip(const nsb_elem* e, const nsb_state* cur);
/// Whether a beam element has the points-only pass below (the velocity
/// element, either weighting; not the strain element).
int nsb_beam_points_pass(const nsb_elem* e);
/// After a Newton iterate accepted without evaluating it (solver/newton.c):
/// the element's point states (integration, collocation and end points) and
/// its N^0, M^0 from the node unknowns of ec (vbar, wbar) and its interior
/// unknowns, and with a damped section the increment's strain rates and
/// damping work, as an evaluation in ec's mode (DYNAMIC or STATIC) at them
/// leaves them (the same operations), without the residual.
void nsb_beam_points(const nsb_elem* e, const nsb_eval_ctx* ec);
/// FNV-1a fingerprint, continued from h, of what an evaluation leaves at a
/// beam element's points (the states nsb_beam_points sets, N^0, M^0, the
/// damping data, the strain element's resultant parts and the loads and
/// flags of the output's resultants: what the points op sets):
/// tests of that pass against an evaluation.
unsigned long nsb_beam_points_hash(const nsb_elem* e, unsigned long h);
int nsb_beam_n_samples(const nsb_elem* e);
/// Checkpoint of a beam element's evolving state (solver/checkpoint.c): the
/// byte count, a copy into buf, and the copy back (same element of the same
/// model).  What the element computed at set-up is not included.
size_t nsb_beam_state_bytes(const nsb_elem* e);
/// Sets of interior factors a beam element keeps for modified Newton
/// (nsb_factor_use): 0 in a model without a TANGENT=REUSE step, 1 for the
/// dynamic and static modes, 2 with the acceleration solves after
/// impulsive increments (a model with contact pairs).
int nsb_beam_kept_sets(const nsb_elem* e);
/// Kept sets of the element stored compact (valid, non-zeros only:
/// elements/beam.c, keep_compact), 0 to nsb_beam_kept_sets.
int nsb_beam_compact_sets(const nsb_elem* e);
/// Whether the beams may store their kept sets compact (default 1; 0 keeps
/// them dense, for the tests that compare both forms bit for bit).  Global:
/// set before the systems are stepped.
void nsb_beam_compact_kept(int on);
/// Whether the velocity beams' commit swaps their old and current point
/// arrays (default 1; 0 copies them, for the test that compares both bit
/// for bit).  Global, as nsb_beam_compact_kept.
void nsb_beam_swap_commit(int on);
/// Whether nsb_beam_accel_continue makes its one pass over the committed
/// points (default 1; 0 runs nsb_beam_accel_points and after_accel as two,
/// for the test that compares both bit for bit).  Global, as
/// nsb_beam_compact_kept.
void nsb_beam_fused_continue(int on);
void nsb_beam_state_save(const nsb_elem* e, void* buf);
void nsb_beam_state_load(const nsb_elem* e, const void* buf);
/// Integration points of a beam element (consistent mass of the modal
/// analysis): their count, and weights, current positions (3 each) and
/// section frames (4 each) into caller arrays, and the section's rhoA, rhoJ.
int nsb_beam_n_qp(const nsb_elem* e);
void nsb_beam_mass_points(const nsb_elem* e, double* w, double* r, double* q, double* rhoA, double rhoJ[3]);
void nsb_beam_sample(const nsb_elem* e, const nsb_state* st, const double* X0, nsb_beam_sample_out* o);
/// Values of a beam element at local coordinate xi in [0, 1] (clamped): at
/// xi = 0 and 1 the end samples of nsb_beam_sample; inside, at x = xi L,
/// the element's own fields: position, frame and equilibrium resultants of
/// nsb_beam_velocity_resultants_at / nsb_beam_strain_resultants_at,
/// velocity and angular velocity by nsb_beam_field_rates.  Allocation free.
typedef struct nsb_beam_probe_out {
  double x[3], u[3], v[3], w[3], q[4], strain[6], force[3], moment[3], force_local[3], moment_local[3];
} nsb_beam_probe_out;
void nsb_beam_probe(const nsb_elem* e, const nsb_state* st, const double* X0, double xi, nsb_beam_probe_out* o);
/// A force P (global) that an ELEMENT POINT joint applies to a beam element
/// at the point p, xi along it, and the shares of it the joint puts on the
/// element's node A (force FA, moment MA, global; solver/system.c
/// nsb_system_element_point_load).  The element's own resultants are those
/// of the element loaded at its nodes by the shares; the two functions below
/// add what the shares leave out, the free body [0, x] with the shares at
/// node A and, beyond x_p = xi L, P at p:
///   dN(x) = FA - [x > x_p] P,  dM(x) = MA + (r_A - r(x)) x FA + [x > x_p] (r(x) - p) x P,
/// r_A node A's position in st and r(x) the sample's position; at x_p
/// itself the value on node A's side.  At x = L, dN = -FB and dM = -MB
/// (the shares are statically equivalent to P at p), so the element ends at
/// its neighbours' values.  Section components and strains follow.
typedef struct nsb_beam_point_load {
  double xi, p[3], P[3], FA[3], MA[3];
} nsb_beam_point_load;
/// The samples of nsb_beam_sample (o as it filled it) with the loads pl[0 .. n_pl).
void nsb_beam_sample_loads(const nsb_elem* e, const nsb_state* st, const nsb_beam_point_load* pl, int n_pl,
                           nsb_beam_sample_out* o);
/// nsb_beam_probe's values at xi (o as it filled it) with the loads pl[0 .. n_pl).
void nsb_beam_probe_loads(const nsb_elem* e, const nsb_state* st, double xi, const nsb_beam_point_load* pl, int n_pl,
                          nsb_beam_probe_out* o);
/// Cross-section shape for drawing (nsb_section_shape) and its dimensions.
void nsb_beam_section_draw(const nsb_elem* e, const nsb_model* m, int* shape, double dims[2]);

#endif

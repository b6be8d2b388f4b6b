/* integrator.h -- time-integration schemes on SO(3) behind an ops table.
 *
 * A scheme owns the map from a node's iteration unknown Delta (3 or 6 numbers)
 * to the node's state at t_{n+1}, and its linearization (nsb_kin, see
 * elements/element.h).  Two schemes (Češarek 2013, ch. 4; docs/theory.md), each
 * also in a generalized-alpha form (nsb_scheme_set_alpha):
 *
 *  - Newmark on SO(3) (Simo & Vu-Quoc).  Unknowns: position x_{n+1} and the
 *    rotation, corrected by a material spin: R <- R exp(S(dTheta)).  With the
 *    incremental rotation theta = log(R_n^T R_{n+1}) (|theta| <= pi):
 *      v = g/(b h) u + (1 - g/b) v_n + h (1 - g/(2b)) a_n,  a = (u - h v_n - h^2 (1/2 - b) a_n)/(b h^2)
 *    and the same for omega, alpha with theta in place of u = x_{n+1} - x_n.
 *  - Modified Newmark (Cesarek §4.2).  Unknowns: step-average velocity vbar
 *    and material angular velocity wbar, both additive:
 *      x = x_n + h vbar,  v = ((b-1)/b) v_n + vbar/b,  a = ((g-1)/g) a_n - v_n/(b g h) + vbar/(b g h),
 *      R = R_n exp(S(h wbar)),  omega, alpha likewise from wbar.
 *    Its generalized-alpha form (nsb_scheme_set_alpha; docs/theory.md §3.5)
 *    keeps the unknowns and the update of x and R, and relates vbar to the
 *    rates through Newmark's relations on pseudo-accelerations p (b, g the
 *    Newmark parameters; Arnold & Bruls 2007):
 *      vbar = v_n + h ((1/2 - b) p_n + b p),  v = v_n + h ((1 - g) p_n + g p),
 *      (1 - af) a + af a_n = (1 - am) p + am p_n.
 *
 * Lifecycle: create (parameters) -> setup (sizes; all allocation) -> per step
 * begin_step / predict / apply / kin -> destroy.  No allocation after setup.
 */
#ifndef NSB_INTEGRATOR_H
#define NSB_INTEGRATOR_H

#include "elements/element.h"

typedef struct nsb_scheme nsb_scheme;

typedef struct nsb_scheme_ops {
  const char* name;
  /// Initial guess for node i at t_{n+1} from the state at t_n (constant-acceleration predictor).
  void (*predict)(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur);
  /// Add the iteration increment d[ndof] to node i and update all its rates.
  void (*apply)(nsb_scheme* s, int i, int ndof, const double* d, const nsb_state* old, nsb_state* cur);
  /// Prescribe translational component c of node i to position value xv at t_{n+1} (rates follow;
  /// initial accelerations: xv is the acceleration).  end (borrowed, may be NULL): the prescribed
  /// velocity end[0] and acceleration end[1] at t_{n+1}, which the modified scheme writes instead
  /// of the rates it would derive from the step average (see hold_rotation).
  void (*prescribe)(nsb_scheme* s, int i, int c, double xv, const double* end, const nsb_state* old, nsb_state* cur);
  /// Prescribe the rotation of node i about the body axes in mask (bit k:
  /// axis k) over the increment through its rate: target[k] is the step
  /// average angular velocity wbar_k (modified Newmark, static), or the
  /// angular acceleration (initial accelerations); 0 holds the rotation.
  /// end (borrowed, may be NULL) holds the prescribed angular velocity
  /// (end[k]) and acceleration (end[3 + k]) at t_{n+1}, which the modified
  /// scheme writes instead of the rates it would derive from wbar_k.
  /// Newmark supports only holding all three (mask 7, targets 0).
  void (*hold_rotation)(nsb_scheme* s, int i, unsigned mask, const double* target, const double* end,
                        const nsb_state* old, nsb_state* cur);
  /// Linearization coefficients of node i at the current iterate.
  void (*kin)(const nsb_scheme* s, int i, int ndof, const nsb_state* old, const nsb_state* cur, nsb_kin* k);
} nsb_scheme_ops;

struct nsb_scheme {
  const nsb_scheme_ops* ops;
  nsb_ctx* ctx;
  double beta, gamma, h;
  int n_nodes;
  double* vbar; /* 3n, modified Newmark unknowns */
  double* wbar; /* 3n */
  /* converged step averages of the last two increments (predictor history) */
  double *vbar_n, *wbar_n, *vbar_nm1, *wbar_nm1;
  double h_n, h_nm1;
  int n_hist; /* 0, 1 or 2 increments in the history */
  /* generalized-alpha in the Lie-group form of Arnold & Bruls (2007): the
     Newmark relations drive pseudo-accelerations p, and the true
     accelerations follow (1 - af) a_{n+1} + af a_n = (1 - am) p_{n+1} + am p_n;
     the equations of motion hold at t_{n+1}.  am = af = 0: plain Newmark. */
  double am, af;
  int pseudo;         /* nsb_scheme_set_alpha was called: the generalized-alpha form (for the
                         modified scheme, beta and gamma are then the Newmark parameters of p) */
  double *p_n, *pw_n; /* 3n pseudo-accelerations at t_n (translation, rotation) */
  double *p, *pw;     /* 3n at t_{n+1} (current iterate) */
  int p_valid;        /* p_n initialized from the accelerations at the step start */
  /* prescribed translations and body-axis rotations (modified Newmark): the
     rates at t_{n+1} that replace those derived from vbar, wbar (mask bit k:
     rotation about axis k of node i; bit 3 + k: translation k) */
  unsigned* end_mask; /* n, set by prescribe and hold_rotation, cleared by predict */
  double* w_end;      /* 3n angular velocities */
  double* al_end;     /* 3n angular accelerations */
  double* v_end;      /* 3n velocities */
  double* a_end;      /* 3n accelerations */
};

/// Generalized-alpha (Arnold-Bruls): set alpha_m, alpha_f and switch the
/// scheme to its generalized-alpha form (Newmark: the Newmark relations act
/// on pseudo-accelerations; modified Newmark: as well, with beta, gamma the
/// Newmark parameters and the step averages as unknowns).
void nsb_scheme_set_alpha(nsb_scheme* s, double alpha_m, double alpha_f);
/// Continue the pseudo-accelerations of the previous dynamic step's scheme
/// src (borrowed) in dst, a generalized-alpha scheme of the same model
/// (consecutive dynamic steps); no-op when src has none or dst is not in
/// generalized-alpha form.
void nsb_scheme_carry_pseudo(nsb_scheme* dst, const nsb_scheme* src);
/// Start pseudo-accelerations from the current accelerations (after the
/// initial-acceleration solve); no-op for the other schemes.
void nsb_scheme_init_pseudo(nsb_scheme* s, const nsb_state* cur);
/// (1 - alpha_f)/(1 - alpha_m): the change of the pseudo-accelerations per
/// change of the accelerations at fixed history, from
/// (1 - af) a + af a_n = (1 - am) p + am p_n (1 for the plain schemes).
double nsb_scheme_pseudo_gain(const nsb_scheme* s);
/// c = (1 - alpha_m)/(gamma (1 - alpha_f)) (1/gamma for the plain schemes):
/// a velocity jump dv over an increment h from a smooth start shows in the
/// end point's acceleration as c dv/h (2 dv/h for beta = gamma = 1/2), so an
/// impulse P over the increment as the end-point force c P/h.
double nsb_scheme_impulse_factor(const nsb_scheme* s);
/// After the accelerations of the committed state were replaced (before ->
/// after: the smooth accelerations after an impulsive increment), continue
/// the pseudo-accelerations by the same recurrence,
/// p += gain (a_after - a_before), instead of restarting them from the
/// accelerations: a restart loses what the generalized-alpha filter holds of
/// the mesh's high frequencies and adds energy (docs/contact.md §6).  gain
/// nsb_scheme_pseudo_gain: the recurrence at fixed history; 1: as if the
/// change had been in the accelerations of the history too (a support's
/// force at a first touch, docs/contact.md §7, "The first touch").  No-op
/// without pseudo-accelerations.
void nsb_scheme_continue_pseudo(nsb_scheme* s, const nsb_state* before, const nsb_state* after, double gain);
/// Restart the pseudo-accelerations of node i from its accelerations in cur
/// (p = a): a particle or rigid body held on a support with its contact
/// force in the smooth accelerations (docs/contact.md §7, "Gap drift"), whose
/// filter state would otherwise carry the support's force of the increment
/// before.  No-op without pseudo-accelerations.
void nsb_scheme_restart_pseudo_node(nsb_scheme* s, int i, const nsb_state* cur);

/// Record the converged step averages of an accepted increment (predictor
/// history); for Newmark they are computed from the states: vbar = (x - x_n)/h,
/// wbar = log(R_n^T R)/h.
void nsb_scheme_commit(nsb_scheme* s, const nsb_state* old, const nsb_state* cur);

/// Create a scheme of the given kind (owned by caller; nsb_scheme_destroy).
int nsb_scheme_create(nsb_ctx* ctx, nsb_scheme_kind kind, double beta, double gamma, int n_nodes, nsb_scheme** out);
void nsb_scheme_destroy(nsb_scheme** s);

/// The static "scheme": the modified-Newmark kinematic map over a pseudo-time
/// increment h (unknowns vbar, wbar: x = x_n + h vbar, R = R_n exp(h wbar)),
/// all rates zero.  The same map the velocity-based beam element uses.
extern const nsb_scheme_ops nsb_static_ops;
/// The initial-acceleration "scheme": unknowns are a and alpha, positions and velocities fixed.
extern const nsb_scheme_ops nsb_accel_ops;

/// Physical-multiplier scale and constraint-row scales for the map ops
/// (the scheme s, or the static or initial-acceleration map) and the
/// increment h (see elements/element.h, nsb_eval_ctx): chosen so that the
/// Newton matrix reads c_a [M, G^T; G, 0] for unit masses.  s is borrowed.
void nsb_scheme_scales(const nsb_scheme_ops* ops, const nsb_scheme* s, double h, double* lam_scale,
                       double con_scale[3]);

#endif

/* contact.h -- contact elements: a particle against an obstacle, another
 * particle, or the centreline of a beam element (docs/contact.md).
 *
 * One element per candidate: (pair, slave particle, master item).  Master
 * items are an obstacle, a particle, or one beam element; the candidates of
 * one particle against the beams of one pair form a group, and only the
 * group's owner (the element whose chord is nearest at the start of the
 * increment) may carry force, so a particle near a shared node is never
 * pushed twice.  Candidates come from a broad phase (Verlet list with a
 * skin, rebuilt by the system when a contact node has moved half the skin).
 *
 * Geometry: by default (CENTRELINE=CHORD, positions only) the beam
 * centreline is the chord between the element's nodes,
 * x_c(xi) = (1 - xi) x_A + xi x_B, xi clamped to [0, 1]; gap
 * g = |x_p - x_c| - r_p - r_master (plane: n.(x_p - p(t)) - r_p).  The chord
 * differs from the deformed collocation centreline by at most kappa L^2 / 8
 * (curvature kappa, element length L).  CENTRELINE=HERMITE uses the cubic
 * Hermite curve of the ELEMENT POINT joint instead,
 *   c(xi) = h00 x_A + h01 x_B + h10 R_A b_A + h11 R_B b_B,
 * b_k = l R_k(0)^T T_k (initial chord l, initial unit end tangents T_k), so
 * the contact follows a bent element; the closest point xi* comes from a
 * safeguarded Newton iteration, and the beam nodes receive forces and
 * body-frame moments (docs/contact.md §5.1).
 *
 * Laws (nsb_contact_law):
 *  - HERTZ: force element F = c alpha^p (1 + d alpha_dot) >= 0, alpha = -g,
 *    consistent tangent with the exact Hessian of the gap (including the
 *    motion of the closest point along the chord);
 *  - NEWTON: impulses in the step's momentum balance (measure equality),
 *    with multipliers P (force-like, impulse Lambda = gamma h P) and
 *    semi-smooth complementarity rows
 *       normal:  phi_N = Lambda_N/m - prox_{R+}(Lambda_N/m - xi_N),
 *                xi_N = gamma_N+ + e min(gamma_N-, 0),
 *       Coulomb: phi_T = Lambda_T/m - prox_{disk(mu Lambda_N/m)}(Lambda_T/m - gamma_T+),
 *    with contact normal, tangents and weights frozen at the start of the
 *    increment; a contact takes part when the gap at the step midpoint,
 *    g_n + h/2 gamma_N(v_n) + h^2/8 n.a_n, is <= 0 (Moreau's midpoint
 *    test, to second order so that a resting contact pressed by a smooth
 *    force stays closed).  Contact impulses never enter
 *    the accelerations carried to the next step (the system recomputes them).
 */
#ifndef NSB_ELEMENTS_CONTACT_H
#define NSB_ELEMENTS_CONTACT_H

#include "elements/element.h"

/// What a contact element needs beyond nsb_elem (owned by the system, one per element).
typedef struct nsb_contact_data {
  int pair;        /* model contact pair */
  int kind;        /* 0 obstacle, 1 particle-particle, 2 particle-beam chord */
  int master;      /* obstacle index, particle node, or beam model element */
  int group;       /* beam candidates of one particle and pair share a group id (else -1) */
  int hermite;     /* kind 2 with CENTRELINE=HERMITE (docs/contact.md §5.1) */
  double b[2][3];  /* HERMITE: b_k = l R_k(0)^T T_k, end tangents of A, B in their node frames (times l) */
  double radius;   /* r_p + r_master */
  double m_eff;    /* mass scale of the complementarity rows (NEWTON) */
  /* frozen at the start of an increment */
  int active, owner;
  double n[3], t[6], wt[3]; /* normal, two tangents, node weights */
  double jr[2][9];  /* HERMITE: d(x_p - c)/dTheta of nodes A, B (3x3 column-major), frozen with n */
  double gap0, gN_pre, aN_pre, gT_pre[2];
  double arm[3]; /* spinning obstacle: contact point minus the axis point (velocity spin dir x arm) */
  /* CONTACT SOLVER=PROX: impulses of the current sweep (velocity units,
     lambda_v = gamma h P / m_eff) and the contact's step r (same units) */
  double pfix[3], r_prox, dpfix[3]; /* dpfix: change of the last sweep */
  /* results of the last accepted increment (output) */
  double gap, impulse[3], force, slip, dissipated, point[3];
} nsb_contact_data;

extern const nsb_elem_ops nsb_contact_newton_ops;
extern const nsb_elem_ops nsb_contact_hertz_ops;

/// A candidate contact: pair, slave particle node, master item (obstacle
/// index, particle node, or beam model element).
typedef struct nsb_contact_cand {
  int pair, slave, item;
} nsb_contact_cand;

/// Skin of the candidate lists when no pair gives SKIN=: half the largest
/// particle or beam contact radius, at least 1e-3 of the model's extent.
double nsb_contact_default_skin(const nsb_model* m);
/// Broad phase (Verlet list): every (pair, particle, master item) whose gap at
/// the positions x (3n) is below skin; obstacles list every particle.  Cell
/// grid per pair: O(particles + elements) work plus the sort of the binned
/// items.  *out grows (nsb_realloc, capacity *cap); allocates: call at set-up
/// and on list rebuilds only.  Candidates of one particle and pair are
/// contiguous (owner groups of the beam chords).
int nsb_contact_broad_phase(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_contact_cand** out,
                            int* cap, int* n_out);
/// Multipliers the candidates' elements own.
int nsb_contact_mult_count(const nsb_model* m, const nsb_contact_cand* c, int n);
/// Fill elements e[0..n) and their data d[] from candidates: nodes, laws,
/// multiplier counts (mult_first from *mult, advanced), geometry constants.
void nsb_contact_setup(const nsb_model* m, const nsb_contact_cand* c, int n, nsb_elem* e, nsb_contact_data* d,
                       int* mult);

/// Start of an increment (ec on the state at t_n, ec->h the new step):
/// closest points, group owners, frozen normals, activity of NEWTON contacts.
void nsb_contact_prepare(nsb_elem* e, int n, const nsb_eval_ctx* ec);
/// CONTACT SOLVER=PROX, start of an increment (after nsb_contact_prepare):
/// warm start of every active contact's impulses from the multipliers, and
/// its step r_i = 1 / W_ii, W_ii the diagonal of the lumped-mass Delassus
/// operator (docs/contact.md §7.5).
void nsb_contact_prox_begin(nsb_elem* e, int n, const nsb_eval_ctx* ec);
/// One projected Gauss-Seidel sweep from the state in ec (the smooth
/// solution for the current impulses): per contact, in order,
/// lambda <- prox(lambda - alpha r xi) with xi from node velocities that
/// carry the lumped-mass response to the impulse changes made so far in
/// the sweep (vel: scratch, 3 doubles per model node).  Returns the largest
/// impulse change relative to the largest impulse or node speed of the
/// contacts taking part (velocity units); the changes are left in dpfix.
double nsb_contact_prox_sweep(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* vel);

/// Generalized load on node j (0 slave, 1, 2 master nodes) of contact
/// element e from a global force F at the contact point, with the geometry
/// frozen at the start of the increment (NEWTON law, prox sweeps): g[0..2] =
/// wt_j F (translational rows); for a master node of a CENTRELINE=HERMITE
/// contact also g[3..5] = jr_j^T F (body-frame moment rows).  Returns the
/// number of rows filled, 3 or 6.  The node's residual rows change by -g.
int nsb_contact_node_load(const nsb_elem* e, int j, nsb_vec3 F, double g[6]);

/// Increment accepted (ec at t_{n+1} with the converged multipliers):
/// record gap, impulses/forces, slip and dissipated energy per contact; return
/// the energy dissipated by NEWTON impulses in this increment, set
/// *impulsive when any contact carried an impulse and *obstacle_work to the
/// work of moving obstacles through their impulses (external work).
double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive, double* obstacle_work);

/// Contact radius of a slave node of pair p: a particle's radius, or for a
/// beam node the pair's SLAVE RADIUS or its sections' radius.
double nsb_contact_node_radius(const nsb_model* m, const nsb_contact_pair* p, int node);
/// Gap of a sphere of radius r at x to obstacle `obstacle` at time t (plane,
/// sphere, cylinder, translating with its amplitude), the outward normal n
/// (n_prev when the centre sits on a sphere's centre or a cylinder's axis)
/// and the obstacle's translational velocity (spin moves the surface in
/// itself, not along n).  For the modal dynamics (solver/reduced.c).
double nsb_obstacle_gap(const nsb_model* m, int obstacle, double t, nsb_vec3 x, double r, nsb_vec3 n_prev,
                        nsb_vec3* n, nsb_vec3* vobs);

#endif

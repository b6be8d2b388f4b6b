/* prox.h -- the projective (prox) contact solver at impulse level: the local
 * projective step of one contact, the projected Gauss-Seidel sweep over
 * contacts, and the augmented-Lagrangian solver built on them.  The one
 * implementation of prox/PGS in nsbeam: the impact solvers (contact/impact.c),
 * the time step's prox sweeps (contact/lumped.c) and the reduced model
 * (solver/reduced.c) all sweep through nsb_prox_gauss_seidel.
 *
 * The discrete problem of one Moreau time step or one impact (Studer 2008;
 * Waltersberger 2007, eqs. 3.94-3.98): find per-contact impulses
 * Lambda_i = (Lambda_N, Lambda_T1, Lambda_T2) such that, with the contact
 * velocities
 *
 *     gamma = W Lambda + gamma_free,      W = G M^-1 G^T (Delassus operator),
 *
 * every contact satisfies the projective equations (contact/laws.h)
 *
 *     xi_N     = gamma_N + e gamma_N^A                      (Newton impact law)
 *     Lambda_N = prox_{R+}(Lambda_N - r xi_N)               (Signorini/Newton)
 *     Lambda_T = prox_{D(mu Lambda_N)}(Lambda_T - r gamma_T) (Coulomb, disk D)
 *
 * Layers.
 *  - nsb_prox_local_step: one contact's update lambda' = prox_C(lambda - r xi).
 *  - nsb_prox_gauss_seidel: one sweep, contact by contact, each seeing the
 *    impulses its predecessors set.  It reaches the contacts through a small
 *    ops table (nsb_prox_gs_ops): `local` gives contact i's impulses, its
 *    velocity at the current impulses and its step; `update` stores the new
 *    impulses and is the hook that lets an operator keep a velocity state.
 *    Three operators use it: the dense Delassus matrix (this file: gamma_i
 *    from row_block), the time step's lumped-mass response (node velocities
 *    updated contact by contact, contact/lumped.c), and the reduced model's
 *    dense matrix of normal rows (solver/reduced.c).
 *  - nsb_prox_solve: sweeps (Gauss-Seidel or Jacobi) until the impulses
 *    settle and the complementarity residual is small, on a Delassus operator
 *    W reached only through nsb_delassus_ops (apply, row block, diagonal
 *    block), so big systems never form it; nsb_delassus_dense is the dense
 *    implementation.
 * Each caller keeps its own convergence policy (the time step interleaves
 * sweeps with back substitutions, solver/system_contact.c; the reduced model
 * stops at a relative change), and forms r xi itself, so that the floating-point
 * operations of every caller are those of its formula (r xi, or xi / W_ii for
 * the exact local solve of a frictionless contact).
 * Rejected: a sweep over flat impulse arrays with a velocity hook only (the
 * time step keeps each contact's impulses in its element state; gathering
 * them into flat arrays would move per-contact storage into the system), and
 * one convergence test for all callers (each caller's stopping rule decides
 * its results to the last bit, and the time step's is interleaved with
 * back substitutions).
 *
 * Layout: vectors of length 3 n_contacts, contact i at [3i, 3i+3), normal
 * first.  Invariants / ownership: a solver is created for a capacity of
 * contacts and owns all its workspace; nsb_prox_solve and
 * nsb_prox_gauss_seidel never allocate (tests check nsb_ctx_alloc_count).
 * Operators, ops tables and problem arrays are borrowed for one call.
 * nsb_prox_solve's step is r_i = alpha / |W_ii|_F (0 < alpha < 2): |W_ii|_F
 * bounds the largest eigenvalue of the symmetric block, so each local step is
 * a contraction for the local quadratic.  A contact whose diagonal block
 * vanishes has no stiffness to work against and keeps Lambda_i = 0.
 */
#ifndef NSB_CONTACT_PROX_H
#define NSB_CONTACT_PROX_H

#include "contact/laws.h"
#include "base/ctx.h"

/* ---- one contact: the local projective step ----------------------------------- */

/// How normal and tangential parts are projected.  A two-way choice inside the
/// innermost loop, so an enum rather than an ops table (an indirect call per
/// contact per sweep was rejected).
typedef enum nsb_prox_friction {
  NSB_PROX_SPLIT = 0, ///< Lambda_N on R+, then Lambda_T on the disk of radius mu Lambda_N (new)
  NSB_PROX_CONE = 1   ///< (Lambda_N, Lambda_T) jointly onto the Coulomb cone (associated law)
} nsb_prox_friction;

/// One contact's projective step lambda' = prox_C(lambda - r xi).
typedef struct nsb_prox_local {
  int n_dir;        ///< 1: normal only (lambda[1], lambda[2] pass unchanged); 3: normal and two tangents
  double mu;        ///< Coulomb coefficient (n_dir = 3): disk radius mu lambda_N', or the cone's slope
  double lambda[3]; ///< impulses before the step, normal first
  double r_xi[3];   ///< r xi: the step times the contact velocity at lambda (xi_N with restitution,
                    ///< nsb_newton_xi; then gamma_T1, gamma_T2), formed by the operator
  double mu_stick;  ///< SPLIT with static friction: the trial impulse sticks inside the disk of
                    ///< radius mu_stick lambda_N' (> mu), else slides on radius mu; <= mu: mu
} nsb_prox_local;

/// out = prox_C(c->lambda - c->r_xi): SPLIT projects with nsb_prox_coulomb
/// (nsb_prox_coulomb_static when c->mu_stick > c->mu), CONE (n_dir = 3) with
/// nsb_prox_cone.  No allocation.
void nsb_prox_local_step(nsb_prox_friction friction, const nsb_prox_local* c, double out[3]);

/* ---- the Gauss-Seidel sweep ---------------------------------------------------- */

/// How a Gauss-Seidel sweep reaches its contacts.  Neither call may allocate.
typedef struct nsb_prox_gs_ops {
  /// Contact i at the current impulses: fill c (impulses, r xi with xi from
  /// the impulses of this sweep so far, mu, n_dir) and return 1; return 0 if
  /// the contact sits the sweep out (inactive, or no stiffness), or a
  /// negative status.
  int (*local)(void* data, int i, nsb_prox_local* c);
  /// Contact i's impulses become lambda, a change of dlambda (3 each; 0 for
  /// the directions beyond n_dir): store them, and let the contacts after i
  /// see them, e.g. by adding their response to a velocity state.
  void (*update)(void* data, int i, const double* lambda, const double* dlambda);
} nsb_prox_gs_ops;

/// The norm of one contact's impulses in sweep statistics.
typedef enum nsb_prox_norm {
  NSB_PROX_NORM_2 = 0,  ///< Euclidean norm of the three components
  NSB_PROX_NORM_MAX = 1 ///< largest absolute value of the n_dir components
} nsb_prox_norm;

/// One sweep: the contacts (ops + data, borrowed) and how to sweep them.
typedef struct nsb_prox_gs {
  const nsb_prox_gs_ops* ops;
  void* data;
  int n_contacts;
  const int* order;           ///< [n_contacts] sweep order, a permutation (NULL: 0..n-1)
  nsb_prox_friction friction; ///< projection of the local steps
  nsb_prox_norm norm;         ///< norm of the statistics
} nsb_prox_gs;

/// Statistics of one sweep, over the contacts that took part (0 if none).
typedef struct nsb_prox_gs_stats {
  double change;      ///< max_i |lambda_i' - lambda_i|
  double size;        ///< max_i |lambda_i'|
  double size_before; ///< max_i |lambda_i|
} nsb_prox_gs_stats;

/// One projected Gauss-Seidel sweep: for each contact i in order,
///   c = ops->local(i);  lambda_i' = prox(c.lambda - c.r_xi);  ops->update(i, lambda_i', lambda_i' - c.lambda).
/// st (may be NULL) gets the statistics in gs->norm.  No allocation.  Errors:
/// a negative status of ops->local (the sweep stops there).
int nsb_prox_gauss_seidel(const nsb_prox_gs* gs, nsb_prox_gs_stats* st);

/* ---- Delassus operator ---------------------------------------------------- */

/// Operations on a Delassus operator W (3 n_contacts square, symmetric positive
/// semi-definite).  All return NSB_OK or a negative status; none may allocate.
typedef struct nsb_delassus_ops {
  /// y = W x (x, y of length 3 n_contacts; borrowed, must not alias).
  int (*apply)(void* data, const double* x, double* y);
  /// y[0..2] = rows [3i, 3i+3) of W times x (Gauss-Seidel needs it; may be NULL).
  int (*row_block)(void* data, int i_contact, const double* x, double* y);
  /// b[0..8] = the 3x3 diagonal block W_ii, column-major.
  int (*diag_block)(void* data, int i_contact, double* b);
} nsb_delassus_ops;

/// A Delassus operator: ops table + its data (both borrowed).
typedef struct nsb_delassus {
  const nsb_delassus_ops* ops;
  void* data;
  int n_contacts;
} nsb_delassus;

/// Dense W, column-major with leading dimension ld >= 3 n_contacts (borrowed view).
typedef struct nsb_delassus_dense {
  const double* w;
  int ld;
  int n_contacts;
} nsb_delassus_dense;

/// Wrap a dense matrix (borrowed, must outlive the returned operator).  No allocation.
nsb_delassus nsb_delassus_dense_view(nsb_delassus_dense* d, int n_contacts, const double* w, int ld);

/* ---- solver --------------------------------------------------------------- */

/// Sweep type.
typedef enum nsb_prox_sweep {
  NSB_PROX_GAUSS_SEIDEL = 0, ///< contacts in turn, each seeing the latest impulses
  NSB_PROX_JACOBI = 1        ///< all contacts from the previous sweep (needs smaller alpha when coupled)
} nsb_prox_sweep;

/// Solver parameters (copied at create).
typedef struct nsb_prox_def {
  nsb_prox_sweep sweep;
  nsb_prox_friction friction;
  double alpha;      ///< r_i = alpha / |W_ii|_F, 0 < alpha < 2 (default 1)
  int max_sweeps;    ///< default 10000
  double tol_lambda; ///< relative: max_i |Lambda_i^{k+1} - Lambda_i^k| <= tol_lambda max_i |Lambda_i|, default 1e-13
  double tol_gamma;  ///< relative: complementarity residual <= tol_gamma max_i (|gamma_free_i|, |gamma_i|, e_i |gamma_pre_i|, |Lambda_i| / r_i), default 1e-12
} nsb_prox_def;

/// Defaults listed in nsb_prox_def.
nsb_prox_def nsb_prox_default_def(void);

/// One problem instance (all arrays borrowed for one solve call).
typedef struct nsb_prox_problem {
  const double* gamma_free; ///< [3 n] contact velocities at Lambda = 0
  const double* gamma_pre;  ///< [n] normal velocity before the impact/step (NULL: 0)
  const double* e;          ///< [n] restitution coefficients (NULL: 0)
  const double* mu;         ///< [n] friction coefficients (NULL: frictionless)
  const int* order;         ///< [n] Gauss-Seidel sweep order, a permutation (NULL: 0..n-1)
} nsb_prox_problem;

/// Statistics of the last solve.
typedef struct nsb_prox_stats {
  int sweeps;        ///< sweeps done
  double change;     ///< max_i |Delta Lambda_i| of the last sweep
  double residual;   ///< max_i |Lambda_i - prox(Lambda_i - r_i xi_i)| / r_i (velocity units)
  int converged;     ///< 1 if both tolerances were met
} nsb_prox_stats;

typedef struct nsb_prox_solver nsb_prox_solver;

/// Create a solver for up to max_contacts contacts (all workspace allocated here).
/// *out owned by caller (nsb_prox_destroy).  Errors: NSB_ERR_ARG, NSB_ERR_ALLOC.
int nsb_prox_create(nsb_ctx* ctx, const nsb_prox_def* def, int max_contacts, nsb_prox_solver** out);
/// Destroy; accepts NULL, sets *s = NULL.
void nsb_prox_destroy(nsb_prox_solver** s);

/// Solve the projective equations.  lambda [3 n]: warm start on entry (e.g. zeros),
/// solution on return.  gamma_out [3 n] (may be NULL): W lambda + gamma_free at the
/// solution.  stats may be NULL.  No allocation.  Errors: NSB_ERR_ARG (n above
/// capacity, Gauss-Seidel without row_block), NSB_ERR_NO_CONVERGENCE (max_sweeps
/// reached; lambda holds the last iterate), NSB_ERR_NOT_FINITE, or an ops status.
int nsb_prox_solve(nsb_prox_solver* s, const nsb_delassus* w, const nsb_prox_problem* prob, double* lambda,
                   double* gamma_out, nsb_prox_stats* stats);

/* ---- exact solution of a small LCP -------------------------------------------- */

/// Largest n for which nsb_lcp_exact enumerates (2^n supports).
#define NSB_LCP_EXACT_MAX 12

/// Workspace doubles nsb_lcp_exact needs for n unknowns.
#define NSB_LCP_EXACT_WORK(n) ((size_t)(n) * (size_t)(n) + 2 * (size_t)(n))

/// Exact solution of the linear complementarity problem
///     0 <= z  _|_  w = A z + q >= 0,
/// A [n x n, lda] symmetric positive semi-definite (a normal Delassus matrix),
/// n <= NSB_LCP_EXACT_MAX, by enumerating the supports S = {i : z_i > 0}: on each,
/// A_SS z_S = -q_S by Cholesky (supports whose A_SS is not positive definite are
/// skipped); the first support with z_S >= -tol_z and w >= -tol_w is the answer,
/// negative round-off set to zero.  tol_z = 1e-12 max|z_S|, tol_w = 1e-12 (max|q| +
/// max|A| max|z_S|).  For a Delassus matrix A = J^T M^-1 J a solvable LCP has a
/// solution whose support columns of J are independent (conic Caratheodory), so
/// skipping singular supports loses none; w (the contact velocities) is the same
/// for every solution.  Cost n^3 2^n / 3 at most: for the few contacts of one
/// impact; big problems go to nsb_prox_solve.  z [n] out, w [n] out (may be NULL),
/// work [NSB_LCP_EXACT_WORK(n)].  No allocation.  Errors: NSB_ERR_ARG (n out of
/// range), NSB_ERR_NO_CONVERGENCE (no support satisfies the conditions: the LCP
/// has no solution, or A is not positive semi-definite).
int nsb_lcp_exact(nsb_ctx* ctx, int n, const double* A, int lda, const double* q, double* z, double* w,
                  double* work);

#endif

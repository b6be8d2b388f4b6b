/* prox.h -- proximal-point projections and the augmented-Lagrangian
 * (projective-equation) contact solver at impulse level.
 *
 * The discrete problem of one Moreau time step or one impact (Studer 2008,
 * seed 003; Waltersberger, seed 000, eqs. 3.94-3.98): find per-contact
 * impulses Lambda_i = (Lambda_N, Lambda_T1, Lambda_T2) such that, with the
 * contact velocities
 *
 *     gamma = W Lambda + gamma_free,      W = G M^-1 G^T (Delassus operator),
 *
 * every contact satisfies the projective equations
 *
 *     xi_N     = gamma_N + e gamma_N^A                      (Newton impact law)
 *     Lambda_N = prox_{R+}(Lambda_N - r xi_N)               (Signorini/Newton)
 *     Lambda_T = prox_{D(mu Lambda_N)}(Lambda_T - r gamma_T) (Coulomb, disk D)
 *
 * Layout: vectors of length 3 n_contacts, contact i at [3i, 3i+3), normal
 * first.  W is reached only through a small ops table (apply, row block,
 * diagonal block), so big systems never form it; nsb_delassus_dense is the
 * dense implementation for tests and small systems.
 *
 * The projections are in contact/laws.h.
 *
 * Invariants / ownership: a solver is created for a capacity of contacts and
 * owns all its workspace; nsb_prox_solve never allocates (tests check
 * nsb_ctx_alloc_count).  The Delassus operator and the problem arrays are
 * borrowed for the duration of one call.  Per-contact step r_i = alpha /
 * |W_ii|_F (0 < alpha < 2): |W_ii|_F bounds the largest eigenvalue of the
 * symmetric block, so each local step is a contraction for the local
 * quadratic.  A contact whose diagonal block vanishes has no stiffness to
 * work against and keeps Lambda_i = 0.
 */
#ifndef NSB_CONTACT_PROX_H
#define NSB_CONTACT_PROX_H

#include "contact/laws.h"
#include "solver/base/ctx.h"

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

/// How normal and tangential parts are projected.  A two-way choice inside the
/// innermost loop, so an enum rather than an ops table (an indirect call per
/// contact per sweep was rejected).
typedef enum nsb_prox_friction {
  NSB_PROX_SPLIT = 0, ///< Lambda_N on R+, then Lambda_T on the disk of radius mu Lambda_N (new)
  NSB_PROX_CONE = 1   ///< (Lambda_N, Lambda_T) jointly onto the Coulomb cone (associated law)
} nsb_prox_friction;

/// Solver parameters (copied at create).
typedef struct nsb_prox_def {
  nsb_prox_sweep sweep;
  nsb_prox_friction friction;
  double alpha;      ///< r_i = alpha / |W_ii|_F, 0 < alpha < 2 (default 1)
  int max_sweeps;    ///< default 10000
  double tol_lambda; ///< relative: max_i |Lambda_i^{k+1} - Lambda_i^k| <= tol_lambda max_i |Lambda_i|, default 1e-13
  double tol_gamma;  ///< complementarity residual (velocity units), default 1e-12
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

#endif

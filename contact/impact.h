/* impact.h -- impacts at impulse level for systems with finitely many DOFs.
 *
 * Two tools:
 *
 * 1. nsb_hybrid_impact: the closed form of Fischer & Hennig for one
 *    impact direction h with bilateral constraints B that persist through the
 *    impact (rigid or Ritz/FE-discretised "hybrid" systems):
 *        [ G  -B ] [u]   [h]
 *        [-B^T 0 ] [v] = [0],                                           (9)
 *        p0 = -(1 + kappa)(h^T qdot1 + h0) / (h^T u),                  (10-11)
 *        dq = p0 u,  p = p0 v.
 *    G is the mass matrix, qdot1 the pre-impact velocity, kappa the Poisson
 *    restitution number.  Dense LU (LAPACKE dgesv, no internal allocation).
 *
 * 2. nsb_impact: multi-contact impact of M (v+ - v-) = J Lambda with the
 *    Delassus operator W = J^T M^-1 J formed densely from a Cholesky factor
 *    of M, and either
 *    - the simultaneous Newton law (Waltersberger 3.94-3.98) solved by the
 *      prox solver (friction optional, post-impact slip, disk radius mu
 *      Lambda_N), or
 *    - Waltersberger's sequential scheme (Schema 5.3, frictionless): only
 *      contacts with J_i^T u^l < -tol take part in sub-impact l, restitution
 *      uses the sub-step velocity u^l, repeat until no contact approaches or
 *      l_max sub-impacts were done, or
 *    - the Poisson law (Waltersberger 2007, eqs. 5.10-5.13; frictionless):
 *      a plastic compression phase, then an expansion phase whose impulse
 *      is at least e_i times the compression impulse of contact i; each
 *      phase an LCP on the normal Delassus matrix, solved exactly
 *      (nsb_lcp_exact) up to NSB_LCP_EXACT_MAX contacts, else by the prox
 *      solver.
 *    J is n_dof x 3 n_contacts, column-major: columns 3i, 3i+1, 3i+2 are the
 *    normal and the two tangential directions of contact i (gamma = J^T v,
 *    gap g >= 0 admissible, Lambda_N >= 0).  Frictionless contacts may have
 *    zero tangential columns.
 *
 * Ownership: objects own their workspace (allocated at create, sized for the
 * maxima given there); the solve/impact calls never allocate.  Matrices and
 * vectors passed in are borrowed for the call.
 */
#ifndef NSB_CONTACT_IMPACT_H
#define NSB_CONTACT_IMPACT_H

#include "contact/prox.h"
#include "base/ctx.h"

/* ---- closed-form single impact with bilateral constraints (Fischer & Hennig) - */

typedef struct nsb_hybrid_impact nsb_hybrid_impact;

/// Result of nsb_hybrid_impact_solve (views into the object, valid until the next solve).
typedef struct nsb_hybrid_result {
  double p0;       ///< impulse along h, eq. (11)
  double h_u;      ///< h^T u (the inverse "effective mass" along h)
  const double* u; ///< [n] velocity jump per unit p0, eq. (8)
  const double* v; ///< [n_b] constraint impulse per unit p0
} nsb_hybrid_result;

/// Create workspace for n coordinates and n_b bilateral constraints (n_b may be 0).
/// *out owned by caller.  Errors: NSB_ERR_ARG, NSB_ERR_ALLOC.
int nsb_hybrid_impact_create(nsb_ctx* ctx, int n, int n_b, nsb_hybrid_impact** out);
/// Destroy; accepts NULL, sets *h = NULL.
void nsb_hybrid_impact_destroy(nsb_hybrid_impact** h);

/// Solve (9)-(11).  G [n x n, ldg], B [n x n_b, ldb] (NULL if n_b = 0), h [n],
/// h0 scalar, qdot1 [n] pre-impact velocity, kappa in [0, 1].  Writes dq [n] and
/// p [n_b] (either may be NULL) and *res (may be NULL).  Errors: NSB_ERR_SINGULAR
/// (saddle matrix singular or h^T u = 0), NSB_ERR_LAPACK.
int nsb_hybrid_impact_solve(nsb_hybrid_impact* hi, const double* G, int ldg, const double* B, int ldb,
                            const double* h, double h0, const double* qdot1, double kappa, double* dq,
                            double* p, nsb_hybrid_result* res);

/* ---- multi-contact impact --------------------------------------------------- */

/// Parameters of an impact solver (copied at create).
typedef struct nsb_impact_def {
  int n_dof;          ///< number of velocity coordinates
  int max_contacts;   ///< capacity
  nsb_prox_def prox;  ///< inner solver
  double tol_seq;     ///< Schema 5.3: contact approaches if J_i^T u < -tol_seq max_k |J_Nk^T v-|
                      ///< (relative to the largest normal contact velocity at entry; default 1e-12)
  int max_seq;        ///< Schema 5.3: l_max (default 1000)
  int lcp_exact_max;  ///< Poisson law: exact LCP for at most this many contacts, else prox
                      ///< (default NSB_LCP_EXACT_MAX; 0: always prox)
} nsb_impact_def;

/// Defaults (n_dof and max_contacts must be set by the caller).
nsb_impact_def nsb_impact_default_def(void);

/// Statistics of one impact.
typedef struct nsb_impact_stats {
  int sub_impacts;   ///< sequential: sub-impacts done (1 for the simultaneous law, 2 phases for Poisson)
  int capped;        ///< sequential: 1 if l_max was reached with contacts still approaching
  int prox_sweeps;   ///< total prox sweeps
} nsb_impact_stats;

typedef struct nsb_impact nsb_impact;

/// Create (all workspace here).  Errors: NSB_ERR_ARG, NSB_ERR_ALLOC.
int nsb_impact_create(nsb_ctx* ctx, const nsb_impact_def* def, nsb_impact** out);
/// Destroy; accepts NULL, sets *imp = NULL.
void nsb_impact_destroy(nsb_impact** imp);

/// Prepare for impacts of a system: M [n x n, ldm] symmetric positive definite,
/// J [n x 3 n_contacts, ldj].  Factors M and forms W = J^T M^-1 J.
/// Errors: NSB_ERR_ARG, NSB_ERR_SINGULAR (M not positive definite), NSB_ERR_LAPACK.
int nsb_impact_set_system(nsb_impact* imp, const double* M, int ldm, int n_contacts, const double* J, int ldj);

/// The dense Delassus matrix formed by set_system (3 n_contacts square, ld 3 n_contacts);
/// view valid until the next set_system.
const double* nsb_impact_delassus(const nsb_impact* imp);

/// Simultaneous Newton impact law: v_plus = v_minus + M^-1 J Lambda with, per contact,
/// 0 <= Lambda_N  _|_  gamma_N+ + e_i gamma_N- >= 0 and Coulomb on the post-impact slip.
/// e_i is applied only to approaching contacts (gamma_N- < 0; Waltersberger's
/// caution 3: otherwise a separating contact may be driven to -e gamma_N- < 0).
/// e [n_c] (NULL: 0), mu [n_c] (NULL: frictionless), v_minus [n], v_plus [n],
/// lambda [3 n_c] (out; may be NULL), stats may be NULL.  Errors from the prox solver.
int nsb_impact_newton(nsb_impact* imp, const double* e, const double* mu, const double* v_minus,
                      double* v_plus, double* lambda, nsb_impact_stats* stats);

/// Sequential impacts (Waltersberger Schema 5.3, frictionless): u^1 = v_minus; while
/// A(u^l) = {i : J_Ni^T u^l < -tol_seq max_k |J_Nk^T v-|} is not empty and l <= l_max, solve the Newton
/// law with only the contacts of A(u^l) and restitution on u^l.  lambda [3 n_c]
/// (may be NULL) accumulates the impulses of all sub-impacts.  Reaching l_max is not
/// an error (stats->capped = 1; Ex. 5.5 shows sequences that never end).
int nsb_impact_sequential(nsb_impact* imp, const double* e, const double* v_minus, double* v_plus,
                          double* lambda, nsb_impact_stats* stats);

/// Poisson impact law, simultaneous and frictionless (Waltersberger 2007, eqs.
/// 5.10-5.13), for all contacts given to set_system (normal columns only):
///   compression  v_C = v- + M^-1 J_N Lambda_C,  0 <= Lambda_C _|_ J_N^T v_C >= 0
///   expansion    v+  = v_C + M^-1 J_N Lambda_E, Lambda_E = Diag(e) Lambda_C + Lambda_R,
///                0 <= Lambda_R _|_ J_N^T v+ >= 0,
/// i.e. each contact's expansion impulse is at least e_i times its compression
/// impulse.  Closed contacts (gamma_N- = 0) take part: a compression impulse
/// through a closed contact is restituted too (the three-ball chain with
/// (e1, e2) = (0, 1) ends at (1/6, 1/6, 2/3)).  One contact: Newton's law with
/// e = e_1.  Equal e everywhere (all contacts approaching or closed): the
/// simultaneous Newton law with that e.  Never gains kinetic energy for
/// 0 <= e_i <= 1 (docs/contact.md §3.1).  Each phase is an LCP on the normal
/// Delassus matrix W_N: exact (nsb_lcp_exact) for at most def.lcp_exact_max
/// contacts, else the prox solver.  e [n_c] (NULL: 0, a plastic impact), v_minus
/// [n], v_plus [n], lambda [3 n_c] (out, may be NULL): total impulses
/// Lambda_C + Lambda_E (tangential 0), lambda_c [n_c] (out, may be NULL): the
/// compression impulses; stats may be NULL (sub_impacts = 2, the phases).  No
/// allocation.  Errors: from nsb_lcp_exact or the prox solver.
int nsb_impact_poisson(nsb_impact* imp, const double* e, const double* v_minus, double* v_plus, double* lambda,
                       double* lambda_c, nsb_impact_stats* stats);

#endif

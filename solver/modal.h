/* modal.h -- a few eigenpairs of the linearized structure: K phi = lambda M phi.
 *
 * K is the static tangent (sparse, CSR, possibly with joint-multiplier rows),
 * M the mass matrix on the same pattern (zero on multiplier rows and on DOFs
 * without inertia).  Subspace iteration with shift-invert (Bathe): each
 * iteration solves (K - sigma M) Xbar = M X with one sparse factorization
 * and projects K and M onto Xbar (Rayleigh-Ritz on M-orthonormalized iterates, LAPACKE dsyev).  It finds
 * the eigenvalues nearest the shift sigma; with sigma below the spectrum,
 * the lowest ones, including the zero eigenvalues of free bodies (K - sigma M
 * stays non-singular).  The eigenvectors come out mass-normalized,
 * phi_i^T M phi_j = delta_ij.  Multiplier rows hold the constraint, so the
 * vectors satisfy G phi = 0 and the multiplier components are the
 * constraint forces of the mode.  docs/theory.md §6.
 *
 * A collocation-weighted element, or a loaded state, gives a slightly
 * unsymmetric K; the problem solved is that of its symmetric part
 * K_s = (K + K^T)/2, and the asymmetry |K - K^T|_F / |K|_F is reported.
 * Setup-phase routine: allocates its workspace through ctx and frees it.
 */
#ifndef NSB_MODAL_H
#define NSB_MODAL_H

#include "solver/linsolve.h"
#include "solver/sparse.h"

typedef struct nsb_modal_result {
  int n_modes;        /* eigenpairs returned */
  int n;              /* vector length (equations) */
  double* lambda;     /* n_modes eigenvalues (omega^2), ascending */
  double* phi;        /* n x n_modes, column-major, mass-normalized */
  double* residual;   /* n_modes: backward error |K_s phi - lambda M phi| / ((|K_s| + |lambda| |M|) |phi|),
                         K_s = (K + K^T)/2, infinity norms of the matrices */
  int iterations;     /* subspace iterations done */
  double shift;       /* the shift used */
  double asymmetry;   /* |K - K^T|_F / |K|_F */
  /* nsb_modal_solve_moving: rank[j] (1-based) of pair j among the n lowest of
     the whole problem, and n_rest, how many of those lie in blocks at rest
     and were left out (n_modes + n_rest = n); rank NULL and n_rest 0 when
     every one of the n lowest is returned */
  int* rank;
  int n_rest;
} nsb_modal_result;

/// n_modes eigenpairs of (K, M) nearest the shift (ascending).  K and M:
/// values on the pattern of A (K_val, M_val of length A->nnz); A is a work
/// matrix with that pattern (its values are overwritten with K - sigma M)
/// and ls a solver analyzed for it.  shift_given = 0: sigma = -1e-6 *
/// sum(K_ii) / sum(M_ii) (below every eigenvalue of a positive
/// semi-definite K, so free bodies work).  Converged when the backward error
/// of every wanted pair (see residual) is below tol (1e-12 in *FREQUENCY)
/// and the eigenvalues have settled (1e-10 relative change, or five
/// iterations at the backward-error floor).
/// The automatic shift is moved up to -lambda_1/20 (lowest elastic Ritz
/// value) after 3, 7 and 15 iterations when that is 10 times closer (one
/// more factorization each), where the convergence factors are small.
/// Rows with neither stiffness nor mass on the diagonal count as constraints
/// (multipliers); the subspace is kept within the DOFs with mass they leave.
/// Errors: NSB_ERR_ARG (fewer DOFs with mass than n_modes, before or after the constraints),
/// NSB_ERR_SINGULAR (K - sigma M singular: choose another shift),
/// NSB_ERR_NO_CONVERGENCE (max_iter reached), NSB_ERR_LAPACK, NSB_ERR_ALLOC.
/// Dense solve (LAPACKE_dsygvd, all eigenpairs) instead of the subspace
/// iteration when there are no constraint rows, every DOF carries mass, and
/// the independent blocks of the problem (the connected components of the
/// non-zeros of K_s and M: decoupled motions, each solved on its own) cost
/// together at most one dense solve of NSB_MODAL_DENSE_SMALL equations (the
/// sum of their sizes cubed), or the largest has at most NSB_MODAL_DENSE_MAX
/// with a subspace of at least an eighth of all equations.
#define NSB_MODAL_DENSE_SMALL 300
#define NSB_MODAL_DENSE_MAX 4000
int nsb_modal_solve(nsb_ctx* ctx, nsb_csr* A, nsb_linsolver* ls, const double* K_val, const double* M_val,
                    int n_modes, double shift, int shift_given, double tol, int max_iter, nsb_modal_result* out);

/// nsb_modal_solve with the rows that move: moving[i] != 0 for every row a
/// load, an initial velocity or a contact direction reaches (NULL: all).
/// An independent block of the dense path without such a row stays exactly
/// at rest in a linear reduced model whose modes are coupled only through
/// those rows (docs/theory.md §7): it is not solved, only the count of its
/// eigenvalues below each moving pair's is taken (Sylvester's law of
/// inertia: the negative pivots of one banded LDL^T of K_s - lambda M on
/// the block), which places the moving blocks' pairs among the n_modes
/// lowest of the whole problem (the full solve's selection), and only the
/// moving pairs among them are returned (out->n_modes of them, out->rank,
/// out->n_rest).  Where
/// the dense path does not apply, or none of the n_modes lowest moves, the
/// result is that of nsb_modal_solve.
int nsb_modal_solve_moving(nsb_ctx* ctx, nsb_csr* A, nsb_linsolver* ls, const double* K_val, const double* M_val,
                           int n_modes, double shift, int shift_given, double tol, int max_iter,
                           const unsigned char* moving, nsb_modal_result* out);

/// Ks = (K + K^T)/2 for values K on the (structurally symmetric) pattern of A;
/// Ks may not alias K.
void nsb_modal_symmetric_part(const nsb_csr* A, const double* K, double* Ks);

/// Free the result's arrays (accepts an empty result).
void nsb_modal_result_free(nsb_ctx* ctx, nsb_modal_result* r);

#endif

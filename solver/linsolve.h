/* linsolve.h -- direct linear solver behind an ops table (KLU, UMFPACK, and a
 * dense LU for small systems), and the METIS nested-dissection fill-reducing
 * ordering.
 *
 * Solves A x = b for the square, generally unsymmetric and possibly
 * saddle-point (zero diagonal blocks) Newton matrix of nsbeam, stored as an
 * nsb_csr (sparse.h).  All back ends pivot.  NSB_LINSOLVER_AUTO picks at
 * analyze the dense LU (partial pivoting, KLU's scaling, refactorization and
 * singularity tests: linsolve.c) for a small matrix (the bounds below) and
 * KLU otherwise; a later analyze of another pattern may switch.  Life cycle:
 *   create -> analyze(A) once per sparsity pattern (ordering, symbolic
 *   factorization, all of our workspace) -> { factor(A) after every
 *   re-assembly -> solve(b) one or more times } -> destroy.
 * factor must be given a matrix with the same pattern as the last analyze
 * (same n, nnz, rowptr and col contents); values may change freely.  A new
 * pattern needs a new analyze, which discards the previous analysis.
 *
 * Transpose trick: KLU and UMFPACK take compressed sparse *column* input.
 * The CSR arrays (rowptr, col, val) of A, read as CSC, describe A^T, so the
 * back ends factor A^T and solve with the transposed solve (klu_tsolve,
 * UMFPACK_At), which yields A x = b without copying the matrix.  As a
 * consequence the "column" a back end reports singular is a row (equation)
 * of A; messages give the index in the original (unpermuted) numbering.
 *
 * Fill-reducing ordering (KLU): each diagonal block of KLU's block triangular
 * form is ordered by AMD and by METIS nested dissection, and the one whose
 * Cholesky factor of the block's C + C^T has fewer entries is kept (AMD on a
 * tie): AMD on beam chains, METIS on 2-D meshes (linsolve.c, "Ordering.").
 *
 * Two numeric factorizations of one analyzed pattern (slots): slot 0 for the
 * Newton matrices of the increments, and the recurring slot
 * NSB_LINSOLVER_RECUR for a matrix that comes back between them unchanged
 * (the mass matrix of the accelerations that restart the smooth motion after
 * an impulsive increment, solver/assembly.c).  Each slot keeps its own
 * pivot sequence, so alternating between the two matrices does not spoil
 * KLU's refactorization of either; in the recurring slot, a matrix equal
 * bit for bit to the one of its last factorization is not factored again
 * (its factors are those: results do not change).  The dense LU does the
 * same in either slot (a rigid body in free flight: the same matrix at
 * every iteration), counted in n_factor_same, not in n_factor_reused.
 *
 * Memory: our workspace is allocated in analyze through the context; factor
 * and solve allocate nothing of ours.  KLU and UMFPACK allocate their
 * symbolic and numeric objects with the C library allocator (SuiteSparse 5
 * only offers a process-global hook for that, which would be global state);
 * all of it is released by the next analyze/factor or by destroy.
 */
#ifndef NSB_LINSOLVE_H
#define NSB_LINSOLVE_H

#include "base/ctx.h"
#include "base/team.h"
#include "model/model.h"
#include "solver/sparse.h"

typedef struct nsb_linsolver nsb_linsolver;

/// Largest order the dense back end takes (its scratch lives on the stack).
#define NSB_LINSOLVER_DENSE_MAX_N 64
/// NSB_LINSOLVER_AUTO takes the dense back end for a matrix of at most
/// NSB_LINSOLVER_AUTO_DENSE_ANY_N equations, or of at most
/// NSB_LINSOLVER_AUTO_DENSE_N with at least a quarter of its entries
/// stored; KLU otherwise.  Chosen by measurement (tests/test_sparse.c,
/// dense_vs_klu, prints the times of one factorization and solve): on a
/// beam-like chain of 12 x 12 element blocks the dense LU is 1.5 to 3 times
/// faster up to n = 24 (0.8 against 2.7 us at n = 12, 4.6 against 7.1 us at
/// n = 24), at par about n = 40; on independent 3 x 3 blocks (particles) it
/// is at par at n = 12 (0.5 us) and slower from n = 18 (1.0 against 0.7 us).
/// (Two runs on the loaded shared machine: single times vary up to 2x.)
#define NSB_LINSOLVER_AUTO_DENSE_ANY_N 12
#define NSB_LINSOLVER_AUTO_DENSE_N 24

/// NSB_LINSOLVER_KLU2 (two domains and a separator, linsolve.c) splits a
/// matrix of at least this many equations (nsb_linsolver_set_split_min);
/// a smaller one gets the global KLU, with KLU's results bit for bit.
#define NSB_LINSOLVER_SPLIT_MIN_N 20000

/// Number of numeric factorization slots, and the recurring one (header).
#define NSB_LINSOLVER_SLOTS 2
#define NSB_LINSOLVER_RECUR 1

/// Operations of one back end; the wrappers below do the argument checks and counting.
typedef struct nsb_linsolver_ops {
  const char* name;
  int (*analyze)(nsb_linsolver* s, const nsb_csr* A); /* symbolic analysis, once per pattern */
  int (*factor)(nsb_linsolver* s, const nsb_csr* A);  /* numeric factorization, reuses analyze */
  int (*solve)(nsb_linsolver* s, double* b);          /* in place, b := A^{-1} b */
  void (*destroy_data)(nsb_linsolver* s);
} nsb_linsolver_ops;

/// A linear solver.  Fields are public for reading (statistics); do not write them.
struct nsb_linsolver {
  const nsb_linsolver_ops* ops; /* the back end in use (AUTO: chosen by the last analyze) */
  nsb_linsolver_kind kind; /* the kind it was created with */
  void* data;   /* back-end state, owned */
  nsb_ctx* ctx; /* borrowed */
  long n_analyze, n_factor, n_solve; /* successful calls */
  long n_factor_fresh; /* factorizations with a fresh pivot search (KLU, dense: refactor rejected or first; UMFPACK: all) */
  int singular_eq;   /* equation (row of A, original numbering) of the last NSB_ERR_SINGULAR, else -1 */
  double rcond_last; /* reciprocal condition estimate of the last successful factor
                        (KLU: klu_rcond, dense: min|U_kk| / max|U_kk|; UMFPACK: Info[UMFPACK_RCOND]) */
  int slot;          /* slot that factor and solve act on (nsb_linsolver_select; 0 after create) */
  int lean;          /* nsb_linsolver_set_lean (0 after create) */
  nsb_ordering_kind ordering; /* nsb_linsolver_set_ordering (NSB_ORDERING_AUTO after create) */
  int factor_reused; /* the last factor kept the recurring slot's factors (same matrix) */
  long n_factor_reused; /* such factor calls (not counted in n_factor) */
  long n_factor_same; /* dense LU: factor calls of either slot that kept the slot's factors, the matrix being
                         equal bit for bit to the one they are of (counted in n_factor: same results) */
  /* per slot: changes with every factor call in the slot (successful or not)
     and with nsb_linsolver_forget_pivots, so that a caller that keeps a
     factorization for later solves (modified Newton, solver/newton.c) knows
     whether the slot still holds it */
  long epoch[NSB_LINSOLVER_SLOTS];
  /* Pattern of the last analyze, checked by factor (private): its
     fingerprint, and the stamp (nsb_csr.stamp) of the last matrix found to
     have it. */
  int n, nnz;
  unsigned long pattern_stamp, pattern_hash;
  /* Values of the recurring slot's last factorization (private; capacity
     grows geometrically in analyze), whether they are valid, its rcond. */
  double* kept_val;
  int kept_cap, kept_valid;
  double kept_rcond;
  nsb_team* team;    /* borrowed (nsb_linsolver_set_team): KLU2 runs its two domains on it */
  int split_min;     /* KLU2: smallest order that is split (nsb_linsolver_set_split_min) */
  double nnz_lu;     /* entries of the factors of the last successful factor (KLU: nnz(L + U) with
                        the off-diagonal blocks; KLU2: both domains' and S's n^2; 0 for the others) */
  int split_nd[2], split_ns; /* KLU2: sizes of the domains and separator of the last analyze (0: not split) */
  long n_factor_fallback; /* KLU2: factorizations done by the global KLU after a singular domain block or Schur complement */
  int order_blocks[2];  /* KLU (and KLU2's global KLU): diagonal blocks of size > 3 of the last analyze ordered by
                           AMD [0] and by METIS nested dissection [1], whichever gave the smaller Cholesky factor
                           of the block's C + C^T (linsolve.c, "Ordering."); 0 for the others */
  double order_lnz[2];  /* that nnz(L) (diagonal excluded) summed over those blocks, under AMD [0] and METIS [1]
                           (0 for an ordering not computed: ORDERING=AMD or METIS) */
};

/// Create a solver of the given kind.  *out owned by caller (nsb_linsolver_destroy); ctx borrowed.
/// Errors: NSB_ERR_ARG (unknown kind), NSB_ERR_ALLOC.  NSB_LINSOLVER_DENSE refuses (at analyze,
/// NSB_ERR_UNSUPPORTED) a matrix of more than NSB_LINSOLVER_DENSE_MAX_N equations.
int nsb_linsolver_create(nsb_ctx* ctx, nsb_linsolver_kind kind, nsb_linsolver** out);

/// Lean mode (default off), for a solver that analyzes its pattern once per
/// step and never uses the recurring slot (a model without contact): analyze
/// then frees the ordering workspace before it returns instead of keeping it
/// for the next analysis (it is allocated again by a later analyze), and
/// keeps no copy of the matrix values for the recurring slot, whose factor
/// then always factors (same results: the kept factors are those of the
/// same matrix).  Together nnz ints, nnz doubles and 4 n ints less: at 10^5
/// beam elements, 1.7 KB of the 15 KB of peak memory per element.
/// Allocates nothing; takes effect at the next analyze.
void nsb_linsolver_set_lean(nsb_linsolver* s, int lean);

/// The team whose threads KLU2 factors and solves its two domains on (member
/// k mod size takes domain k); NULL (the default): the calling thread does
/// both.  Borrowed: it must outlive the solver's use of it.  The results do
/// not depend on it.  Allocates nothing.
void nsb_linsolver_set_team(nsb_linsolver* s, nsb_team* team);

/// The ordering of KLU's diagonal blocks (NSB_ORDERING_AUTO after create: per
/// block the smaller Cholesky fill of AMD and METIS; NSB_ORDERING_AMD,
/// NSB_ORDERING_METIS: that one alone), also for KLU2's global KLU; UMFPACK,
/// the dense LU and KLU2's domain blocks (AMD) do not read it.  Allocates
/// nothing; takes effect at the next analyze.
void nsb_linsolver_set_ordering(nsb_linsolver* s, nsb_ordering_kind ordering);

/// KLU2: split matrices of at least n equations (default
/// NSB_LINSOLVER_SPLIT_MIN_N); takes effect at the next analyze.
void nsb_linsolver_set_split_min(nsb_linsolver* s, int n);

/// KLU2 after a successful analyze that split the matrix: the part of
/// unknown i (0, 1: a domain, 2: the separator); -1 when not split.
int nsb_linsolver_split_part(const nsb_linsolver* s, int i);

/// Symbolic analysis of the pattern of A (borrowed, read only during the call): METIS
/// ordering, symbolic factorization, workspace.  Discards any previous analysis/factorization.
/// Our workspace is kept from one analyze to the next and grows geometrically: a pattern no
/// larger than an earlier one allocates nothing of ours (a contact set that changes during
/// the steps re-analyzes the same solver).
/// Errors: NSB_ERR_ARG (A empty or inconsistent), NSB_ERR_ALLOC, NSB_ERR_METIS.
int nsb_linsolver_analyze(nsb_linsolver* s, const nsb_csr* A);

/// Numeric LU factorization of A (borrowed, read only during the call), same pattern as the
/// last analyze, into the selected slot.  Sets s->rcond_last.  In the recurring slot, A
/// equal bit for bit to the matrix of the slot's last successful factorization keeps
/// those factors (s->factor_reused = 1, n_factor_reused counts it, n_factor does not).  The
/// dense LU keeps them in slot 0 too (s->factor_reused stays 0, n_factor_same and n_factor count it).
/// Errors: NSB_ERR_ARG (no analyze, or a different pattern), NSB_ERR_NOT_FINITE (a NaN/Inf
/// value; message names row and column), NSB_ERR_SINGULAR (message names the index of the
/// zero pivot in original numbering; a later solve is refused until a factor succeeds),
/// NSB_ERR_ALLOC.
int nsb_linsolver_factor(nsb_linsolver* s, const nsb_csr* A);

/// Solve A x = b in place (b of length n: right-hand side in, x out) with the last
/// successful factorization.  Allocates nothing.
/// Errors: NSB_ERR_ARG (no valid factorization).
int nsb_linsolver_solve(nsb_linsolver* s, double* b);

/// Select the slot (0 or NSB_LINSOLVER_RECUR) that the next factor and solve
/// calls act on; allocates nothing, keeps both slots' factorizations.
void nsb_linsolver_select(nsb_linsolver* s, int slot);

/// Destroy a solver and everything it holds; accepts NULL and *s == NULL, sets *s = NULL.
void nsb_linsolver_destroy(nsb_linsolver** s);
/// Make the next factor of every slot a fresh one (KLU: drop the numeric
/// factorizations and with them the pivot sequences that refactor reuses;
/// the recurring slot forgets its matrix), so that the factors from
/// here on depend only on the matrices to come: a run continued from a
/// checkpoint (solver/checkpoint.c) pivots as the run that wrote it.
void nsb_linsolver_forget_pivots(nsb_linsolver* s);

/// The pivot order the next factorizations reuse, as bytes for a checkpoint
/// (solver/checkpoint.c): with buf NULL the size only; else written to buf
/// (caller-owned, that size).  The dense LU's per slot (its order, whether
/// it is valid, the pivot growth of its last fresh factorization); nothing
/// of KLU's or UMFPACK's (their next factorization after a load is fresh).
long nsb_linsolver_pivots_save(const nsb_linsolver* s, void* buf);
/// Install a pivot order saved by nsb_linsolver_pivots_save (buf borrowed,
/// bytes long) into the analyzed solver, so that its next factor of each
/// slot refactors with it as the solver that saved it would have; the
/// factors themselves are not restored, so a factor must come before the
/// next solve.  Errors: NSB_ERR_ARG (another back end or order, a corrupt state).
int nsb_linsolver_pivots_load(nsb_linsolver* s, const void* buf, long bytes);

/// METIS nested-dissection fill-reducing ordering of the symmetrized pattern of A
/// (A + A^T without the diagonal): perm[k] = old index at new position k (size A->n,
/// caller-provided).  Only A->n, rowptr and col are read; columns need not be sorted nor the
/// diagonal present, so a CSC pattern works as well.  Identity for n < 3 or a graph without
/// edges; disconnected graphs are fine.  Temporary memory comes from ctx and is freed before
/// return (setup-time routine).
/// Errors: NSB_ERR_ALLOC, NSB_ERR_METIS.
int nsb_order_metis(nsb_ctx* ctx, const nsb_csr* A, int* perm);

#endif

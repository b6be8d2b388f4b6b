/* small_lu.h -- LU factorization with partial pivoting and its solves for
 * the small dense blocks of the element kernels (the interior block K_ii of
 * the beam's static condensation, 12 x 12 to 66 x 66), as plain loops.
 *
 * Why not LAPACK: at these sizes one dgetrf/dgetrs call costs more in call
 * overhead (argument checks, dispatch, OpenBLAS's buffer lock) than in
 * arithmetic.  The loops below are the textbook right-looking elimination
 * (Golub & Van Loan 2013, Algorithm 3.4.1, "kji" form): column-major, the
 * innermost loop runs down a column (unit stride), so the compiler
 * vectorizes it; called with a constant n (nsb_lu_factor_fixed) it also
 * unrolls.  Pivoting as LAPACK's dgetf2: the first row of largest |a_ik|,
 * rows swapped over the whole width, the multipliers scaled by the
 * reciprocal of the pivot.  The results equal dgetrf/dgetrs up to the order
 * of the floating-point operations (round-off).
 *
 * Storage: A is n x n, column-major, leading dimension lda (so a block of a
 * larger matrix can be factored in place); after nsb_lu_factor it holds L
 * (unit lower, below the diagonal) and U (upper); piv[k] is the row swapped
 * with row k at step k (0-based; LAPACK's ipiv minus one).  No allocation.
 */
#ifndef NSB_SMALL_LU_H
#define NSB_SMALL_LU_H
#include <math.h>

#include "base/ctx.h" /* NSB_ASSERT */

/// Largest n of nsb_lu_factor's update by pairs of rows (the beam interior
/// blocks of up to 10 points).
#define NSB_LU_PAIR_MAX 66
/// Factor P A = L U in place.  Returns 0, or k + 1 when the pivot of column
/// k is exactly zero (LAPACK's info > 0; A is then not factored further).
/// A NaN in the block propagates into the factors (no scan, as the _work
/// LAPACKE calls): the callers' residual-norm checks catch it.
static inline int nsb_lu_factor(int n, double* restrict A, int lda, int* restrict piv) {
  for (int k = 0; k < n; ++k) {
    double* restrict ck = A + (size_t)lda * k;
    int p = k;
    double amax = fabs(ck[k]);
    for (int i = k + 1; i < n; ++i) {
      double v = fabs(ck[i]);
      if (v > amax) {
        amax = v;
        p = i;
      }
    }
    piv[k] = p;
    if (ck[p] == 0.0) return k + 1;
    if (p != k)
      for (int j = 0; j < n; ++j) { /* the whole row, L part included (dlaswp) */
        double* cj = A + (size_t)lda * j;
        double t = cj[k];
        cj[k] = cj[p];
        cj[p] = t;
      }
    /* l_ik = a_ik / u_kk, then the trailing update a_ij -= l_ik u_kj.  For an
       even n the update runs in pairs of rows from the even row i0 at or
       below k + 1 (SSE2's two lanes, without a remainder): the multipliers
       are copied to l with l_k = 0, so that row k, the one row above k + 1
       a pair can take in, subtracts an exact zero from u_kj (its value
       stays, up to the sign of an exact zero); every other entry sees the
       operations of the plain loop.  Not at n = 12 (POINTS = 1), where the
       plain loop of the constant size was 2 % faster (element_kernel). */
    double r = 1.0 / ck[k];
    for (int i = k + 1; i < n; ++i) ck[i] *= r;
    if (n % 2 == 0 && n >= 18 && n <= NSB_LU_PAIR_MAX) {
      double l[NSB_LU_PAIR_MAX];
      const int i0 = (k + 1) & ~1;
      for (int i = i0; i < n; ++i) l[i] = i > k ? ck[i] : 0.0;
      for (int j = k + 1; j < n; ++j) {
        double* restrict cj = A + (size_t)lda * j;
        double ukj = cj[k];
        if (ukj == 0.0) continue; /* the blocks are sparse: skip a zero row of U */
        for (int i = i0; i < n; i += 2) {
          cj[i] -= l[i] * ukj;
          cj[i + 1] -= l[i + 1] * ukj;
        }
      }
      continue;
    }
    for (int j = k + 1; j < n; ++j) {
      double* restrict cj = A + (size_t)lda * j;
      double ukj = cj[k];
      if (ukj == 0.0) continue; /* the blocks are sparse: skip a zero row of U */
      for (int i = k + 1; i < n; ++i) cj[i] -= ck[i] * ukj;
    }
  }
  return 0;
}

/// Largest n of nsb_lu_solve (the beam interior block at 10 points: 6 * 10 + 6).
#define NSB_LU_MAX 66

/// Solve A X = B with the factors of nsb_lu_factor: B (n x nrhs, leading
/// dimension ldb) is overwritten with X.  Row swaps, L y = P b (unit lower),
/// U x = y with the reciprocals of the diagonal (as OpenBLAS's trsm); the
/// columns advance together, step k of all of them before step k + 1, so
/// that their independent updates overlap.  n <= NSB_LU_MAX.
static inline void nsb_lu_solve(int n, const double* restrict A, int lda, const int* restrict piv, int nrhs,
                                double* restrict B, int ldb) {
  NSB_ASSERT(n <= NSB_LU_MAX);
  double rd[NSB_LU_MAX];
  for (int k = 0; k < n; ++k) rd[k] = 1.0 / A[k + (size_t)lda * k];
  for (int c = 0; c < nrhs; ++c) {
    double* restrict b = B + (size_t)ldb * c;
    for (int k = 0; k < n; ++k) {
      int p = piv[k];
      double t = b[k];
      b[k] = b[p];
      b[p] = t;
    }
  }
  for (int k = 0; k < n; ++k) {
    const double* restrict ck = A + (size_t)lda * k;
    for (int c = 0; c < nrhs; ++c) {
      double* restrict b = B + (size_t)ldb * c;
      double bk = b[k];
      if (bk == 0.0) continue; /* sparse right-hand sides (K_in) */
      for (int i = k + 1; i < n; ++i) b[i] -= ck[i] * bk;
    }
  }
  for (int k = n - 1; k >= 0; --k) {
    const double* restrict ck = A + (size_t)lda * k;
    for (int c = 0; c < nrhs; ++c) {
      double* restrict b = B + (size_t)ldb * c;
      double bk = b[k] * rd[k];
      b[k] = bk;
      for (int i = 0; i < k; ++i) b[i] -= ck[i] * bk;
    }
  }
}

/// Width of the row-major right-hand sides of nsb_lu_solve_rows: the 13
/// columns of the beam's condensation (f_i and the 12 columns of K_in) and
/// one of padding, an even count so that every row update runs in pairs of
/// doubles without a remainder (SSE2's two lanes; the loops vectorize at -O2).
#define NSB_LU_ROW_WIDTH 14

/// nsb_lu_solve with the right-hand sides stored by rows: B is n x
/// NSB_LU_ROW_WIDTH, row-major (row i at B + NSB_LU_ROW_WIDTH i), overwritten
/// with X.  Each entry of X sees the same operations in the same order as in
/// nsb_lu_solve (row k of the forward step subtracts l_ik times row k from
/// row i for i > k, the backward step scales by 1/u_kk and subtracts from the
/// rows above), so the results are equal; the difference is the inner loop,
/// which runs along a row over a constant width instead of down a column
/// from k + 1 (a trip count that changes with k).  Zero multipliers (the
/// blocks are sparse) skip their row update, which would subtract exact
/// zeros.  n <= NSB_LU_MAX.
/// y -= a x over one row of NSB_LU_ROW_WIDTH (y and x distinct rows: the
/// restrict parameters tell the compiler so, which the block-scope pointers
/// into one array do not).
/// Unrolled whole (GCC and clang read the pragma): at -O2 the loop ran as
/// seven two-wide iterations with a counter, compare and branch each
/// (callgrind: the update was a quarter of the B2V POINTS = 1 condensation's
/// instructions); the operations per entry are the same.
static inline void nsb_lu_row_update(double* restrict y, double a, const double* restrict x) {
#pragma GCC unroll 14
  for (int c = 0; c < NSB_LU_ROW_WIDTH; ++c) y[c] -= a * x[c];
}

static inline void nsb_lu_solve_rows(int n, const double* restrict A, int lda, const int* restrict piv,
                                     double* restrict B) {
  enum { W = NSB_LU_ROW_WIDTH };
  NSB_ASSERT(n <= NSB_LU_MAX);
  for (int k = 0; k < n; ++k) {
    int p = piv[k];
    if (p == k) continue;
    double* restrict bk = B + W * k;
    double* restrict bp = B + W * p;
#pragma GCC unroll 14 /* (and the scaling below: the rows of constant width unrolled whole) */
    for (int c = 0; c < W; ++c) {
      double t = bk[c];
      bk[c] = bp[c];
      bp[c] = t;
    }
  }
  for (int k = 0; k < n; ++k) { /* L y = P b, unit lower */
    const double* restrict ck = A + (size_t)lda * k;
    for (int i = k + 1; i < n; ++i) {
      double l = ck[i];
      if (l != 0.0) nsb_lu_row_update(B + W * i, l, B + W * k);
    }
  }
  for (int k = n - 1; k >= 0; --k) { /* U x = y with the reciprocal of the diagonal */
    const double* restrict ck = A + (size_t)lda * k;
    double* bk = B + W * k;
    const double rk = 1.0 / ck[k];
#pragma GCC unroll 14
    for (int c = 0; c < W; ++c) bk[c] *= rk;
    for (int i = 0; i < k; ++i) {
      double u = ck[i];
      if (u != 0.0) nsb_lu_row_update(B + W * i, u, bk);
    }
  }
}

/// nsb_lu_factor for the interior sizes of the beam elements with 1 to 3
/// points (n = 12, 18, 24): a constant n lets the compiler unroll and
/// vectorize without remainder loops; other sizes take the general loop.
static inline int nsb_lu_factor_fixed(int n, double* restrict A, int lda, int* restrict piv) {
  switch (n) {
    case 12: return nsb_lu_factor(12, A, lda, piv);
    case 18: return nsb_lu_factor(18, A, lda, piv);
    case 24: return nsb_lu_factor(24, A, lda, piv);
    default: return nsb_lu_factor(n, A, lda, piv);
  }
}

/// nsb_lu_solve_rows with the constant sizes of nsb_lu_factor_fixed.
static inline void nsb_lu_solve_rows_fixed(int n, const double* restrict A, int lda, const int* restrict piv,
                                           double* restrict B) {
  switch (n) {
    case 12: nsb_lu_solve_rows(12, A, lda, piv, B); break;
    case 18: nsb_lu_solve_rows(18, A, lda, piv, B); break;
    case 24: nsb_lu_solve_rows(24, A, lda, piv, B); break;
    default: nsb_lu_solve_rows(n, A, lda, piv, B); break;
  }
}

/// nsb_lu_solve with the constant sizes of nsb_lu_factor_fixed.
static inline void nsb_lu_solve_fixed(int n, const double* restrict A, int lda, const int* restrict piv, int nrhs,
                                      double* restrict B, int ldb) {
  switch (n) {
    case 12: nsb_lu_solve(12, A, lda, piv, nrhs, B, ldb); break;
    case 18: nsb_lu_solve(18, A, lda, piv, nrhs, B, ldb); break;
    case 24: nsb_lu_solve(24, A, lda, piv, nrhs, B, ldb); break;
    default: nsb_lu_solve(n, A, lda, piv, nrhs, B, ldb); break;
  }
}

#endif

/* modal.c -- subspace iteration with shift-invert for K phi = lambda M phi
 * (Bathe, Finite Element Procedures, §11.6; see modal.h), and the modal
 * pieces of the discrete system (solver/system.h: *FREQUENCY and *MODAL
 * DYNAMIC steps, the consistent beam mass, the quasi-static flexibility),
 * which reach the system's data through solver/system_internal.h. */
#define _POSIX_C_SOURCE 200809L
#include "solver/modal.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elements/beam_velocity.h"
#include "solver/reduced.h"
#include "solver/system_internal.h"
#include "base/clock.h"

/* y = B x for the values Bv on the pattern of A */
static void pattern_mv(const nsb_csr* A, const double* Bv, const double* x, double* y) {
  for (int i = 0; i < A->n; ++i) {
    double s = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) s += Bv[p] * x[A->col[p]];
    y[i] = s;
  }
}

/* The rows of a vector that lies in one independent block of the problem
   (see components): the nr rows rows, and the pattern's entries within the
   blocks (rp, col: row i's at rp[i] .. rp[i + 1]; Kc, Mc their values of
   K_s and M; the entries left out are zeros); rows NULL: all A->n rows. */
typedef struct row_set {
  const int* rows;
  int nr;
  const int *rp, *col;
  const double *Kc, *Mc;
} row_set;

/* y = B x on the rows of rs only (the other entries of y are not touched);
   Bv: B on the pattern of A, Bc: on the blocks' entries of rs (rs.Kc or
   rs.Mc). */
static void pattern_mv_rows(const nsb_csr* A, const double* Bv, const double* Bc, const double* x, double* y,
                            row_set rs) {
  if (!rs.rows) {
    pattern_mv(A, Bv, x, y);
    return;
  }
  for (int k = 0; k < rs.nr; ++k) {
    int i = rs.rows[k];
    double s = 0.0;
    for (int p = rs.rp[i]; p < rs.rp[i + 1]; ++p) s += Bc[p] * x[rs.col[p]];
    y[i] = s;
  }
}

/* Backward error of the pair (lambda, x): |K_s x - lambda M x| /
   ((|K_s| + |lambda| |M|) |x|), with mx = M x given; kx is scratch.  With a
   block's rows rs, x vanishes off them and so do K_s x and M x (the block
   is coupled to no other row): the sums over rs are the whole ones. */
static double backward_error(const nsb_csr* A, const double* Ks, const double* x, const double* mx, double lam,
                             double normK, double normM, double* kx, row_set rs) {
  pattern_mv_rows(A, Ks, rs.Kc, x, kx, rs);
  int nr = rs.rows ? rs.nr : A->n;
  double r2 = 0.0, x2 = 0.0;
  for (int k = 0; k < nr; ++k) {
    int i = rs.rows ? rs.rows[k] : k;
    double r = kx[i] - lam * mx[i];
    r2 += r * r;
    x2 += x[i] * x[i];
  }
  double den = (normK + fabs(lam) * normM) * sqrt(x2);
  return den > 0.0 ? sqrt(r2) / den : 0.0;
}

/* position of entry (i, j) in the pattern, or -1 */
static int find_entry(const nsb_csr* A, int i, int j) {
  int lo = A->rowptr[i], hi = A->rowptr[i + 1] - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (A->col[mid] == j) return mid;
    if (A->col[mid] < j) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

static double asymmetry(const nsb_csr* A, const double* Kv) {
  double d2 = 0.0, k2 = 0.0;
  for (int i = 0; i < A->n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      int q = find_entry(A, A->col[p], i);
      double kt = q >= 0 ? Kv[q] : 0.0;
      d2 += (Kv[p] - kt) * (Kv[p] - kt);
      k2 += Kv[p] * Kv[p];
    }
  return k2 > 0.0 ? sqrt(d2 / k2) : 0.0;
}

/* C (q x q) = X^T Y for n x q column-major blocks */
static void gram(int n, int q, const double* X, const double* Y, double* C) {
  for (int j = 0; j < q; ++j)
    for (int i = 0; i < q; ++i) {
      double s = 0.0;
      for (int k = 0; k < n; ++k) s += X[k + (size_t)n * i] * Y[k + (size_t)n * j];
      C[i + q * j] = s;
    }
}

static void symmetrize(int q, double* C) {
  for (int j = 0; j < q; ++j)
    for (int i = 0; i < j; ++i) {
      double v = 0.5 * (C[i + q * j] + C[j + q * i]);
      C[i + q * j] = C[j + q * i] = v;
    }
}

/* Out (n x q) = X (n x q) Z (q x q, columns in the order perm) */
static void combine(int n, int q, const double* X, const double* Z, const int* perm, double* Out) {
  for (int j = 0; j < q; ++j) {
    const double* z = Z + (size_t)q * perm[j];
    double* o = Out + (size_t)n * j;
    for (int k = 0; k < n; ++k) o[k] = 0.0;
    for (int i = 0; i < q; ++i) {
      double c = z[i];
      if (c == 0.0) continue;
      const double* x = X + (size_t)n * i;
      for (int k = 0; k < n; ++k) o[k] += c * x[k];
    }
  }
}

void nsb_modal_symmetric_part(const nsb_csr* A, const double* K, double* Ks) {
  for (int i = 0; i < A->n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      int pt = find_entry(A, A->col[p], i);
      Ks[p] = 0.5 * (K[p] + (pt >= 0 ? K[pt] : 0.0));
    }
}

void nsb_modal_result_free(nsb_ctx* ctx, nsb_modal_result* r) {
  if (!r) return;
  if (r->lambda) NSB_FREE_ARRAY(ctx, r->lambda, r->n_modes, double);
  if (r->residual) NSB_FREE_ARRAY(ctx, r->residual, r->n_modes, double);
  if (r->phi) NSB_FREE_ARRAY(ctx, r->phi, (size_t)r->n * (size_t)r->n_modes, double);
  if (r->rank) NSB_FREE_ARRAY(ctx, r->rank, r->n_modes, int);
  memset(r, 0, sizeof *r);
}

/* The subspace iteration's problem (the pattern, the factorization of
   K_s - sigma M, the matrices' values and norms) and its workspace, allocated
   once per analysis (set-up phase). */
typedef struct work {
  nsb_ctx* ctx;
  nsb_csr* A;           /* the pattern; its values hold K_s - sigma M */
  nsb_linsolver* ls;    /* analyzed for A, factorized at sigma */
  const double *Ks, *M; /* values on the pattern of A */
  double sigma, normK, normM;
  int n, q, n_modes, n_mass;
  unsigned rng; /* xorshift state of the pseudo-random vectors */
  double *X, *Y, *Xb, *KX, *MX, *Ar, *mu, *lam_prev;
  int* perm;
  size_t nq, qq;
  /* the dense path's independent blocks (components): block b holds the rows
     blk_rows[blk_ptr[b] .. blk_ptr[b + 1]), column j of X lies in block
     col_blk[j]; n_blk = 0 when X has no such structure (one block, or the
     iteration's vectors) */
  int n_blk;
  int *blk_ptr, *blk_rows, *col_blk;
  int *blk_lab, *blk_loc; /* n each: the block of a row, its index within it */
  int *blk_rp, *blk_col;  /* the pattern's entries within the blocks (row_set) */
  double *blk_K, *blk_M;  /* their values of K_s and M */
  int blk_nnz;
  double* res;            /* the dense path: the wanted pairs' backward errors (n_modes), else NULL */
  /* blocks at rest (nsb_modal_solve_moving): blk_rest[b] != 0 for a block
     no moving row reaches (NULL: none at rest); the dense path then keeps
     the moving blocks' pairs among the n_modes lowest, n_modes becomes
     their count, rank their places among the lowest (1-based), n_rest the
     pairs at rest left out; n_lowest the n_modes asked for */
  unsigned char* blk_rest;
  int *rank, n_rest, n_lowest;
} work;

/* The rows column j of X lies on (all rows without blocks). */
static row_set col_rows(const work* w, int j) {
  if (w->n_blk == 0) return (row_set){NULL, w->n, NULL, NULL, NULL, NULL};
  int b = w->col_blk[j];
  return (row_set){w->blk_rows + w->blk_ptr[b], w->blk_ptr[b + 1] - w->blk_ptr[b], w->blk_rp, w->blk_col, w->blk_K,
                   w->blk_M};
}

static void work_free(nsb_ctx* ctx, work* w) {
  if (w->X) NSB_FREE_ARRAY(ctx, w->X, w->nq, double);
  if (w->Y) NSB_FREE_ARRAY(ctx, w->Y, w->nq, double);
  if (w->Xb) NSB_FREE_ARRAY(ctx, w->Xb, w->nq, double);
  if (w->KX) NSB_FREE_ARRAY(ctx, w->KX, w->nq, double);
  if (w->MX) NSB_FREE_ARRAY(ctx, w->MX, w->nq, double);
  if (w->Ar) NSB_FREE_ARRAY(ctx, w->Ar, w->qq, double);
  if (w->mu) NSB_FREE_ARRAY(ctx, w->mu, w->q, double);
  if (w->lam_prev) NSB_FREE_ARRAY(ctx, w->lam_prev, w->q, double);
  if (w->perm) NSB_FREE_ARRAY(ctx, w->perm, w->q, int);
  if (w->blk_ptr) NSB_FREE_ARRAY(ctx, w->blk_ptr, w->n + 1, int);
  if (w->blk_rows) NSB_FREE_ARRAY(ctx, w->blk_rows, w->n, int);
  if (w->col_blk) NSB_FREE_ARRAY(ctx, w->col_blk, w->q, int);
  if (w->blk_lab) NSB_FREE_ARRAY(ctx, w->blk_lab, w->n, int);
  if (w->blk_loc) NSB_FREE_ARRAY(ctx, w->blk_loc, w->n, int);
  if (w->blk_rp) NSB_FREE_ARRAY(ctx, w->blk_rp, w->n + 1, int);
  if (w->blk_col) NSB_FREE_ARRAY(ctx, w->blk_col, w->blk_nnz > 0 ? w->blk_nnz : 1, int);
  if (w->blk_K) NSB_FREE_ARRAY(ctx, w->blk_K, w->blk_nnz > 0 ? w->blk_nnz : 1, double);
  if (w->blk_M) NSB_FREE_ARRAY(ctx, w->blk_M, w->blk_nnz > 0 ? w->blk_nnz : 1, double);
  if (w->res) NSB_FREE_ARRAY(ctx, w->res, w->n_modes, double);
  if (w->blk_rest) NSB_FREE_ARRAY(ctx, w->blk_rest, w->n + 1, unsigned char);
  if (w->rank) NSB_FREE_ARRAY(ctx, w->rank, w->n_lowest, int);
}

/* The arrays of w for its n and q (w's arrays NULL on entry). */
static int work_alloc(nsb_ctx* ctx, work* w) {
  int n = w->n, q = w->q;
  w->nq = (size_t)n * (size_t)q;
  w->qq = (size_t)q * (size_t)q;
  w->X = NSB_NEW_ARRAY(ctx, w->nq, double);
  w->Y = NSB_NEW_ARRAY(ctx, w->nq, double);
  w->Xb = NSB_NEW_ARRAY(ctx, w->nq, double);
  w->KX = NSB_NEW_ARRAY(ctx, w->nq, double);
  w->MX = NSB_NEW_ARRAY(ctx, w->nq, double);
  w->Ar = NSB_NEW_ARRAY(ctx, w->qq, double);
  w->mu = NSB_NEW_ARRAY(ctx, q, double);
  w->lam_prev = NSB_NEW_ARRAY(ctx, q, double);
  w->perm = NSB_NEW_ARRAY(ctx, q, int);
  if (!w->X || !w->Y || !w->Xb || !w->KX || !w->MX || !w->Ar || !w->mu || !w->lam_prev || !w->perm) {
    work_free(ctx, w);
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
  }
  return NSB_OK;
}

/* The DOFs with mass (they bound the number of finite eigenvalues), the
   constraint rows among all rows (multipliers: no stiffness and no mass on
   the diagonal), and the traces sum |K_ii| and sum M_ii over the DOFs with
   mass.  Returns the number of DOFs with mass. */
static int count_mass_dofs(const nsb_csr* A, const double* K, const double* M, int* n_con, double* trK,
                           double* trM) {
  int n_mass = 0;
  *n_con = 0;
  for (int i = 0; i < A->n; ++i) {
    int p = find_entry(A, i, i);
    double mii = p >= 0 ? M[p] : 0.0;
    if (mii > 0.0) {
      ++n_mass;
      *trM += mii;
      *trK += fabs(K[p]);
    }
  }
  for (int i = 0; i < A->n; ++i) {
    int p = find_entry(A, i, i);
    if (p < 0 || (K[p] == 0.0 && M[p] == 0.0)) ++*n_con;
  }
  return n_mass;
}

/* Infinity norms of K_s and M (the backward error of an eigenpair). */
static void matrix_norms(work* w) {
  const nsb_csr* A = w->A;
  w->normK = w->normM = 0.0;
  for (int i = 0; i < A->n; ++i) {
    double rk = 0.0, rm = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      rk += fabs(w->Ks[p]);
      rm += fabs(w->M[p]);
    }
    w->normK = fmax(w->normK, rk);
    w->normM = fmax(w->normM, rm);
  }
}

/* A's values to K_s - sigma M, and factorize. */
static int factor_shifted(work* w, double sigma) {
  for (int p = 0; p < w->A->nnz; ++p) w->A->val[p] = w->Ks[p] - sigma * w->M[p];
  return nsb_linsolver_factor(w->ls, w->A);
}

/* The next pseudo-random entry in [-1, 1] (xorshift; reproducible from run to run). */
static double next_random(unsigned* rng) {
  *rng ^= *rng << 13;
  *rng ^= *rng >> 17;
  *rng ^= *rng << 5;
  return (double)(*rng % 2001u) / 1000.0 - 1.0;
}

/* Starting vectors X: the mass diagonal, then pseudo-random vectors on the
   DOFs with mass; Y = M X. */
static void start_vectors(work* w) {
  int n = w->n, q = w->q;
  for (int i = 0; i < n; ++i) {
    int p = find_entry(w->A, i, i);
    double mii = p >= 0 ? w->M[p] : 0.0;
    w->X[i] = mii;
    for (int j = 1; j < q; ++j) {
      double r = next_random(&w->rng);
      w->X[i + (size_t)n * j] = mii > 0.0 ? r : 0.0;
    }
  }
  for (int j = 0; j < q; ++j) pattern_mv(w->A, w->M, w->X + (size_t)n * j, w->Y + (size_t)n * j);
  for (int j = 0; j < q; ++j) w->lam_prev[j] = HUGE_VAL;
}

/* The automatic shift lies far below the spectrum (safe for free bodies),
   where the convergence factors (lambda_i - sigma) / (lambda_{q+1} - sigma)
   are close to 1.  Move it up to a twentieth of the lowest elastic Ritz value
   (still below the spectrum: Ritz values are upper bounds) when that is ten
   times closer, and factorize once more; if that factorization fails, keep
   the shift (and refactorize at it). */
static int raise_shift(work* w, nsb_modal_result* out) {
  double low = HUGE_VAL;
  for (int j = 0; j < w->n_modes; ++j) {
    double lam = w->lam_prev[j];
    if (lam > 1e-6 * fabs(w->sigma) && lam < low) low = lam;
  }
  double s1 = -0.05 * low;
  if (!(low < HUGE_VAL && fabs(s1) < 0.1 * fabs(w->sigma))) return NSB_OK;
  if (factor_shifted(w, s1) == NSB_OK) {
    w->sigma = s1;
    out->shift = s1;
    return NSB_OK;
  }
  nsb_ctx_clear_error(w->ctx);
  return factor_shifted(w, w->sigma);
}

/* M-orthonormalize the iterates Xb (modified Gram-Schmidt, twice), with
   MX = M Xb: the projected mass matrix is then the identity, and a vector
   that has become dependent on the others (the subspace nearly spans all
   DOFs with mass) is replaced by a fresh one, carried into the constrained
   space by one step of the iteration, instead of breaking dsyev.  One
   algorithm read top to bottom: kept in one piece. */
static int m_orthonormalize(work* w) {
  int n = w->n, q = w->q, st = NSB_OK;
  for (int j = 0; j < q; ++j) {
    double* xj = w->Xb + (size_t)n * j;
    double* mj = w->MX + (size_t)n * j;
    for (int attempt = 0; attempt < 3; ++attempt) {
      pattern_mv(w->A, w->M, xj, mj);
      double n0 = 0.0;
      for (int i = 0; i < n; ++i) n0 += xj[i] * mj[i];
      for (int pass = 0; pass < 2; ++pass)
        for (int l = 0; l < j; ++l) {
          const double* xl = w->Xb + (size_t)n * l;
          double c = 0.0;
          for (int i = 0; i < n; ++i) c += xl[i] * mj[i];
          const double* ml = w->MX + (size_t)n * l;
          for (int i = 0; i < n; ++i) {
            xj[i] -= c * xl[i];
            mj[i] -= c * ml[i];
          }
        }
      double nn = 0.0;
      for (int i = 0; i < n; ++i) nn += xj[i] * mj[i];
      if (nn > 1e-20 * n0 && nn > 0.0) {
        double sc = 1.0 / sqrt(nn);
        for (int i = 0; i < n; ++i) {
          xj[i] *= sc;
          mj[i] *= sc;
        }
        break;
      }
      for (int i = 0; i < n; ++i) { /* dependent: a fresh pseudo-random vector on the DOFs with mass, */
        double r = next_random(&w->rng);
        int pd = find_entry(w->A, i, i);
        mj[i] = pd >= 0 && w->M[pd] > 0.0 ? r : 0.0;
      }
      pattern_mv(w->A, w->M, mj, xj); /* carried into the constrained space by one step of the iteration */
      st = nsb_linsolver_solve(w->ls, xj);
      if (st < 0) break;
      if (attempt == 2) {
        st = nsb_ctx_error(w->ctx, NSB_ERR_LAPACK, __FILE__, __LINE__, __func__,
                           "modal analysis: cannot keep %d independent iteration vectors (%d DOFs with mass)", q,
                           w->n_mass);
      }
    }
    if (st < 0) break;
  }
  return st;
}

/* Rayleigh-Ritz on the M-orthonormal iterates: the projected problem
   Xb^T (K_s - sigma M) Xb z = mu z (dsyev), its pairs ordered nearest the
   shift first (insertion sort on |mu|, into perm), and the Ritz vectors
   X = Xb Z, Y = M X = MX Z for the next iteration. */
static int rayleigh_ritz(work* w) {
  int n = w->n, q = w->q;
  for (int j = 0; j < q; ++j) pattern_mv(w->A, w->Ks, w->Xb + (size_t)n * j, w->KX + (size_t)n * j);
  gram(n, q, w->Xb, w->KX, w->Ar);
  for (int j = 0; j < q; ++j) w->Ar[j + q * j] -= w->sigma;
  symmetrize(q, w->Ar);
  lapack_int info = LAPACKE_dsyev(LAPACK_COL_MAJOR, 'V', 'U', q, w->Ar, q, w->mu);
  if (info != 0)
    return nsb_ctx_error(w->ctx, NSB_ERR_LAPACK, __FILE__, __LINE__, __func__,
                         "modal analysis: the projected eigenproblem failed (dsyev info %d)", (int)info);
  for (int j = 0; j < q; ++j) w->perm[j] = j;
  for (int j = 1; j < q; ++j) {
    int v = w->perm[j], k = j - 1;
    while (k >= 0 && fabs(w->mu[w->perm[k]]) > fabs(w->mu[v])) {
      w->perm[k + 1] = w->perm[k];
      --k;
    }
    w->perm[k + 1] = v;
  }
  combine(n, q, w->Xb, w->Ar, w->perm, w->X);
  combine(n, q, w->MX, w->Ar, w->perm, w->Y);
  return NSB_OK;
}

/* Converged: every wanted pair has a backward error below tol (it is exact
   for matrices perturbed by tol relative to their norms), and its eigenvalue
   has settled: changed by less than 1e-10 (|lambda| + |sigma|) in one
   iteration, or the pairs have stayed below tol for five iterations (the
   Rayleigh quotients then jitter at their round-off floor, of order
   eps |K| / lambda: 1e-9 with stiff axial DOFs).  Updates lam_prev and the
   count n_small of iterations with all backward errors below tol. */
static int ritz_converged(work* w, double tol, int* n_small) {
  int n = w->n, settled = 1, small = 1;
  for (int j = 0; j < w->n_modes; ++j) {
    double lam = w->mu[w->perm[j]] + w->sigma;
    if (!(fabs(lam - w->lam_prev[j]) <= 1e-10 * (fabs(lam) + fabs(w->sigma)))) settled = 0;
    w->lam_prev[j] = lam;
  }
  for (int j = 0; j < w->n_modes && small; ++j)
    if (!(backward_error(w->A, w->Ks, w->X + (size_t)n * j, w->Y + (size_t)n * j, w->lam_prev[j], w->normK,
                         w->normM, w->KX, col_rows(w, j)) <= tol))
      small = 0;
  *n_small = small ? *n_small + 1 : 0;
  return small && (settled || *n_small >= 5);
}

/* The wanted pairs into out, ascending in lambda (insertion sort of the
   first n_modes), with their backward errors. */
static int store_modes(work* w, int iterations, nsb_modal_result* out) {
  int n = w->n, n_modes = w->n_modes;
  out->n = n;
  out->n_modes = n_modes;
  out->iterations = iterations;
  out->lambda = NSB_NEW_ARRAY(w->ctx, n_modes, double);
  out->residual = NSB_NEW_ARRAY(w->ctx, n_modes, double);
  out->phi = NSB_NEW_ARRAY(w->ctx, (size_t)n * (size_t)n_modes, double);
  if (w->rank) out->rank = NSB_NEW_ARRAY(w->ctx, n_modes, int);
  out->n_rest = w->n_rest;
  if (!out->lambda || !out->residual || !out->phi || (w->rank && !out->rank)) {
    nsb_modal_result_free(w->ctx, out);
    return nsb_ctx_error(w->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
  }
  int* order = w->perm; /* reused: indices 0..n_modes-1 into the converged columns */
  for (int j = 0; j < n_modes; ++j) order[j] = j;
  for (int j = 1; j < n_modes; ++j) {
    int v = order[j], k = j - 1;
    while (k >= 0 && w->lam_prev[order[k]] > w->lam_prev[v]) {
      order[k + 1] = order[k];
      --k;
    }
    order[k + 1] = v;
  }
  for (int j = 0; j < n_modes; ++j) {
    int c = order[j];
    out->lambda[j] = w->lam_prev[c];
    double* phi = out->phi + (size_t)n * j;
    memcpy(phi, w->X + (size_t)n * c, (size_t)n * sizeof(double));
    if (out->rank) out->rank[j] = w->rank[c];
    if (w->res) {
      out->residual[j] = w->res[c]; /* the dense path's test computed it */
      continue;
    }
    row_set rs = col_rows(w, c);
    pattern_mv_rows(w->A, w->M, rs.Mc, phi, w->MX, rs);
    out->residual[j] = backward_error(w->A, w->Ks, phi, w->MX, out->lambda[j], w->normK, w->normM, w->KX, rs);
  }
  return NSB_OK;
}

/* Union-find root of i (path halving). */
static int uf_root(int* par, int i) {
  while (par[i] != i) {
    par[i] = par[par[i]];
    i = par[i];
  }
  return i;
}

/* The independent blocks of the problem: the connected components of the
   graph of the non-zero off-diagonal entries of K_s and M.  A structure whose
   motions decouple has several (a straight bar along an axis: the axial, the
   torsional and the two bending motions; a plane frame: the in-plane and the
   out-of-plane ones), and its eigenpairs are exactly those of the blocks,
   each vector zero off its block.  Into w (allocated here): blk_ptr,
   blk_rows (each block's rows ascending, blocks in the order of their first
   rows), blk_lab, blk_loc (the block of a row and its index within it).
   Returns the number of blocks, or a negative status. */
static int components(work* w) {
  const nsb_csr* A = w->A;
  int n = A->n, nb = 0;
  w->blk_ptr = NSB_NEW_ARRAY(w->ctx, n + 1, int);
  w->blk_rows = NSB_NEW_ARRAY(w->ctx, n, int);
  w->blk_lab = NSB_NEW_ARRAY(w->ctx, n, int);
  w->blk_loc = NSB_NEW_ARRAY(w->ctx, n, int);
  if (!w->blk_ptr || !w->blk_rows || !w->blk_lab || !w->blk_loc)
    return nsb_ctx_error(w->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
  int *lab = w->blk_lab, *loc = w->blk_loc;
  for (int i = 0; i < n; ++i) loc[i] = i; /* the union-find parents; the root of a set is its lowest row */
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      int j = A->col[p];
      if (j == i || (w->Ks[p] == 0.0 && w->M[p] == 0.0)) continue;
      int ri = uf_root(loc, i), rj = uf_root(loc, j);
      if (ri < rj) loc[rj] = ri;
      else if (rj < ri) loc[ri] = rj;
    }
  for (int i = 0; i < n; ++i) {
    int r = uf_root(loc, i);
    lab[i] = r == i ? nb++ : lab[r]; /* r <= i: labelled already */
  }
  memset(w->blk_ptr, 0, (size_t)(nb + 1) * sizeof(int));
  for (int i = 0; i < n; ++i) ++w->blk_ptr[lab[i] + 1];
  for (int b = 0; b < nb; ++b) w->blk_ptr[b + 1] += w->blk_ptr[b];
  for (int b = 0; b < nb; ++b) loc[b] = w->blk_ptr[b]; /* fill positions (loc is free again) */
  for (int i = 0; i < n; ++i) w->blk_rows[loc[lab[i]]++] = i;
  for (int b = 0; b < nb; ++b)
    for (int k = w->blk_ptr[b]; k < w->blk_ptr[b + 1]; ++k) loc[w->blk_rows[k]] = k - w->blk_ptr[b];
  /* the entries within the blocks (the others are zeros) */
  int nz = 0;
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) nz += lab[A->col[p]] == lab[i];
  w->blk_nnz = nz;
  w->blk_rp = NSB_NEW_ARRAY(w->ctx, n + 1, int);
  w->blk_col = NSB_NEW_ARRAY(w->ctx, nz > 0 ? nz : 1, int);
  w->blk_K = NSB_NEW_ARRAY(w->ctx, nz > 0 ? nz : 1, double);
  w->blk_M = NSB_NEW_ARRAY(w->ctx, nz > 0 ? nz : 1, double);
  if (!w->blk_rp || !w->blk_col || !w->blk_K || !w->blk_M)
    return nsb_ctx_error(w->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
  nz = 0;
  for (int i = 0; i < n; ++i) {
    w->blk_rp[i] = nz;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
      if (lab[A->col[p]] == lab[i]) {
        w->blk_col[nz] = A->col[p];
        w->blk_K[nz] = w->Ks[p];
        w->blk_M[nz++] = w->M[p];
      }
  }
  w->blk_rp[n] = nz;
  return nb;
}

/* An eigenvalue mu of the dense path and its place: the index of the pair
   over all blocks (block b's pairs at blk_ptr[b] + column). */
typedef struct dense_pair {
  double mu;
  int idx;
} dense_pair;

/* mu descending; equal ones by descending index (one block: the columns
   of dsygvd from the last, as they come) */
static int dense_pair_cmp(const void* a, const void* b) {
  const dense_pair *x = a, *y = b;
  if (x->mu != y->mu) return x->mu < y->mu ? 1 : -1;
  return (x->idx < y->idx) - (x->idx > y->idx);
}

/* The half-bandwidth of block b in its own row order. */
static int block_bandwidth(const work* w, int b) {
  const nsb_csr* A = w->A;
  const int *lab = w->blk_lab, *loc = w->blk_loc;
  int o = w->blk_ptr[b], m = w->blk_ptr[b + 1] - o, kd = 0;
  for (int k = 0; k < m; ++k) {
    int i = w->blk_rows[o + k];
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
      if (lab[A->col[p]] == b && abs(loc[A->col[p]] - k) > kd) kd = abs(loc[A->col[p]] - k);
  }
  return kd;
}

/* Block b's K_s and M in band form ((kd + 1) x m each, column j: the
   diagonal and the kd entries below it, in the block's own row order),
   for block_count_below. */
static void block_band(const work* w, int b, int kd, double* Kb, double* Mb) {
  const nsb_csr* A = w->A;
  const int *lab = w->blk_lab, *loc = w->blk_loc;
  int o = w->blk_ptr[b], m = w->blk_ptr[b + 1] - o, ld = kd + 1;
  memset(Kb, 0, (size_t)ld * (size_t)m * sizeof(double));
  memset(Mb, 0, (size_t)ld * (size_t)m * sizeof(double));
  for (int k = 0; k < m; ++k) { /* the lower triangle: row k, column loc[j] <= k */
    int i = w->blk_rows[o + k];
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      int j = A->col[p];
      if (lab[j] != b || loc[j] > k) continue;
      Kb[(k - loc[j]) + (size_t)ld * loc[j]] = w->Ks[p];
      Mb[(k - loc[j]) + (size_t)ld * loc[j]] = w->M[p];
    }
  }
}

/* The number of eigenvalues below lam of the block of m rows whose K_s and
   M are the bands Kb, Mb (block_band) (Sylvester's law of inertia): the
   negative pivots of the LDL^T factorization of K_s - lam M, banded,
   without pivoting (the Sturm sequence check of Bathe 2014, ch. 11; a
   zero pivot is moved to eps times its row's size,
   as a shift perturbed by round-off).  L ((kd + 1) x m) is scratch; about
   m kd^2 operations. */
static int block_count_below(int m, int kd, const double* Kb, const double* Mb, double lam, double* L) {
  int ld = kd + 1, neg = 0;
  for (size_t q = 0; q < (size_t)ld * (size_t)m; ++q) L[q] = Kb[q] - lam * Mb[q];
  for (int j = 0; j < m; ++j) {
    double* cj = L + (size_t)ld * j; /* cj[0] = d_j, cj[r] = L(j + r, j) */
    int k0 = j - kd > 0 ? j - kd : 0;
    double size = fabs(cj[0]), d = cj[0];
    for (int k = k0; k < j; ++k) {
      const double* ck = L + (size_t)ld * k;
      double l = ck[j - k];
      d -= l * l * ck[0];
    }
    if (d == 0.0) d = size > 0.0 ? 1e-16 * size : 1e-300;
    cj[0] = d;
    if (d < 0.0) ++neg;
    for (int r = 1; r <= kd && j + r < m; ++r) { /* L(j + r, j) */
      int i = j + r, ki = i - kd > 0 ? i - kd : 0;
      double a = cj[r];
      for (int k = ki > k0 ? ki : k0; k < j; ++k) {
        const double* ck = L + (size_t)ld * k;
        a -= ck[i - k] * ck[j - k] * ck[0];
      }
      cj[r] = a / d;
    }
  }
  return neg;
}

/* Whether the dense m x m block (Kd = K_s - sigma M, Md = M) is a chain:
   Kd tridiagonal and Md diagonal and positive. */
static int is_chain(int m, const double* Kd, const double* Md) {
  for (int j = 0; j < m; ++j) {
    if (!(Md[j + (size_t)m * j] > 0.0)) return 0;
    for (int i = 0; i < m; ++i) {
      if (i == j) continue;
      if (Md[i + (size_t)m * j] != 0.0 || (abs(i - j) > 1 && Kd[i + (size_t)m * j] != 0.0)) return 0;
    }
  }
  return 1;
}

/* The eigenvalues of the symmetric tridiagonal matrix (diagonal t, t[i] and
   t[i + 1] coupled by e[i], e[m - 1] = 0) into t, in no order, by the
   implicit QL iteration with Wilkinson's shift (the symmetric QR algorithm
   of Golub & Van Loan 2013, §8.3, run from the other end): from the top, each sweep chases the
   shifted bulge up the unreduced part with plane rotations until the
   coupling below the current row is negligible.  e is destroyed.  Returns
   0, or 1 when a row needs more than 60 sweeps. */
static int tridiagonal_eigenvalues(int m, double* t, double* e) {
  for (int l = 0; l < m; ++l) {
    for (int sweeps = 0;; ++sweeps) {
      int k = l; /* the first negligible coupling at or below l */
      while (k < m - 1 && fabs(e[k]) > DBL_EPSILON * (fabs(t[k]) + fabs(t[k + 1]))) ++k;
      if (k == l) break;
      if (sweeps == 60) return 1;
      double g = (t[l + 1] - t[l]) / (2.0 * e[l]), r = hypot(g, 1.0);
      g = t[k] - t[l] + e[l] / (g + copysign(r, g)); /* the shifted first entry */
      double sn = 1.0, cs = 1.0, p = 0.0;
      int i = k - 1, split = 0;
      for (; i >= l; --i) {
        double f = sn * e[i], b = cs * e[i];
        r = hypot(f, g);
        e[i + 1] = r;
        if (r == 0.0) { /* the bulge vanished: the matrix splits here */
          t[i + 1] -= p;
          e[k] = 0.0;
          split = 1;
          break;
        }
        sn = f / r;
        cs = g / r;
        g = t[i + 1] - p;
        r = (t[i] - g) * sn + 2.0 * cs * b;
        p = sn * r;
        t[i + 1] = g + p;
        g = cs * r - b;
      }
      if (split) continue;
      t[l] -= p;
      e[l] = g;
      e[k] = 0.0;
    }
  }
  return 0;
}

/* One inverse-iteration solve (T - nu I) z = z in place for the
   tridiagonal T (diagonal t, couplings e), Gaussian elimination with row
   interchanges (the elimination of LAPACK's dgttrf and dgtts2 in our own
   words: an interchanged row brings a second superdiagonal); a zero pivot
   becomes tiny (T - nu I is singular to working precision at an
   eigenvalue, which is what makes the iteration converge).  wk: 5 m. */
static void tridiagonal_shifted_solve(int m, const double* t, const double* e, double nu, double tiny, double* z,
                                      double* wk) {
  double *dl = wk, *d = wk + m, *du = wk + 2 * m, *du2 = wk + 3 * m, *sw = wk + 4 * m;
  for (int i = 0; i < m; ++i) {
    d[i] = t[i] - nu;
    dl[i] = du[i] = i + 1 < m ? e[i] : 0.0;
    du2[i] = 0.0;
  }
  for (int i = 0; i + 1 < m; ++i) {
    if (fabs(d[i]) >= fabs(dl[i])) {
      if (d[i] == 0.0) d[i] = tiny;
      double f = dl[i] / d[i];
      dl[i] = f;
      d[i + 1] -= f * du[i];
      sw[i] = 0.0;
    } else { /* rows i and i + 1 interchanged */
      double f = d[i] / dl[i];
      d[i] = dl[i];
      dl[i] = f;
      double u = du[i];
      du[i] = d[i + 1];
      d[i + 1] = u - f * d[i + 1];
      if (i + 2 < m) {
        du2[i] = du[i + 1];
        du[i + 1] = -f * du[i + 1];
      }
      sw[i] = 1.0;
    }
  }
  if (d[m - 1] == 0.0) d[m - 1] = tiny;
  for (int i = 0; i + 1 < m; ++i) {
    if (sw[i] != 0.0) {
      double u = z[i];
      z[i] = z[i + 1];
      z[i + 1] = u - dl[i] * z[i];
    } else {
      z[i + 1] -= dl[i] * z[i];
    }
  }
  for (int i = m - 1; i >= 0; --i) {
    double v = z[i];
    if (i + 1 < m) v -= du[i] * z[i + 1];
    if (i + 2 < m) v -= du2[i] * z[i + 2];
    z[i] = v / d[i];
  }
}

/* A chain block (is_chain: K_s - sigma M tridiagonal, M = D diagonal; the
   axial motion of a straight bar with lumped masses), solved without
   LAPACK: the eigenvalues nu = lambda - sigma of the tridiagonal
   T = D^-1/2 (K_s - sigma M) D^-1/2 (tridiagonal_eigenvalues), each vector
   by inverse iteration on T - nu I (Golub & Van Loan 2013, §8.2.2; three solves from a fixed start,
   orthogonalized against the vectors already found whose nu lies within
   1e-3 |T|, as LAPACK's dstein does for clusters), x = D^-1/2 z.  Into mu
   (1 / nu, as the shift-inverted dense solve gives them) and the columns of
   V (m x m; V may be Md).  O(m^2) where dsygvd is O(m^3) -- and the process
   needs no LAPACK for it.  Returns NSB_OK, 1 when T is not positive
   definite or the iteration does not converge (the caller then takes
   dsygvd), or a negative status. */
static int chain_pairs(nsb_ctx* ctx, int m, const double* Kd, const double* Md, double* mu, double* V) {
  double* wk = NSB_NEW_ARRAY(ctx, (size_t)11 * m, double);
  NSB_CHECK(ctx, wk, NSB_ERR_ALLOC, "modal analysis: out of memory");
  double *t = wk, *e = wk + m, *nu = wk + 2 * m, *sd = wk + 3 * m, *e2 = wk + 4 * m, *sol = wk + 5 * m;
  double norm = 0.0;
  for (int i = 0; i < m; ++i) sd[i] = 1.0 / sqrt(Md[i + (size_t)m * i]);
  for (int i = 0; i < m; ++i) {
    t[i] = Kd[i + (size_t)m * i] * sd[i] * sd[i];
    e[i] = i + 1 < m ? Kd[i + (size_t)m * (i + 1)] * sd[i] * sd[i + 1] : 0.0;
  }
  for (int i = 0; i < m; ++i) {
    norm = fmax(norm, fabs(t[i]) + fabs(e[i]) + (i > 0 ? fabs(e[i - 1]) : 0.0));
    nu[i] = t[i];
    e2[i] = e[i];
  }
  int st = tridiagonal_eigenvalues(m, nu, e2);
  for (int j = 0; j < m && st == NSB_OK; ++j) {
    if (!(nu[j] > 0.0)) {
      st = 1;
      break;
    }
    double* z = V + (size_t)m * j;
    for (int i = 0; i < m; ++i) z[i] = 1.0 + 0.1 * (double)((i * 7 + j * 3) % 11) / 11.0;
    for (int it = 0; it < 3; ++it) {
      tridiagonal_shifted_solve(m, t, e, nu[j], DBL_EPSILON * norm, z, sol);
      for (int c = 0; c < j; ++c) { /* the cluster's earlier vectors (z in T's coordinates until the end) */
        if (fabs(nu[c] - nu[j]) > 1e-3 * norm) continue;
        const double* zc = V + (size_t)m * c;
        double dot = 0.0;
        for (int i = 0; i < m; ++i) dot += zc[i] * z[i];
        for (int i = 0; i < m; ++i) z[i] -= dot * zc[i];
      }
      double zz = 0.0;
      for (int i = 0; i < m; ++i) zz += z[i] * z[i];
      if (!(zz > 0.0) || !isfinite(zz)) {
        st = 1;
        break;
      }
      double f = 1.0 / sqrt(zz);
      for (int i = 0; i < m; ++i) z[i] *= f;
    }
    mu[j] = 1.0 / nu[j];
  }
  for (int j = 0; j < m && st == NSB_OK; ++j) /* x = D^-1/2 z */
    for (int i = 0; i < m; ++i) V[i + (size_t)m * j] *= sd[i];
  NSB_FREE_ARRAY(ctx, wk, (size_t)11 * m, double);
  return st;
}

/* Dense path, shift-inverted: every eigenpair of M x = mu (K_s - sigma M) x
   by LAPACKE_dsygvd, block by block (components: the blocks are exactly
   independent, and a solve costs the cube of its size: the 606 equations of
   the 100-element bar of benchmarks/peers are four blocks of at most 202),
   lambda = sigma + 1/mu; the q of largest mu (nearest sigma) go to w->X
   (n x q, ascending in lambda; the wanted n_modes mass-normalized with the
   component of largest magnitude positive) and w->lam_prev, their blocks to
   w->col_blk (w->n_blk: the blocks of components on entry; set to 0 with
   one block).  The inverted form resolves the low modes to the relative
   accuracy of the largest mu; the direct form
   K_s x = lambda M x would give them an absolute error of eps times the
   highest eigenvalue (rigid modes at lambda = -35 instead of 0 on a steel
   bar).  Needs K_s - sigma M positive definite (sigma below the spectrum:
   the automatic shift).  With blocks at rest (w->blk_rest) those are not
   solved: the moving blocks' pairs, ascending, each get their place among
   all pairs, their index among the moving ones plus the blocks at rest's
   eigenvalues below theirs (block_count_below), and those within the n_modes
   lowest are the columns (w->n_modes becomes their count; w->rank,
   w->n_rest: the full solve's selection), nothing left for an iteration.  Returns NSB_OK, a
   negative status, or 1 when the dense solve does not apply (not positive
   definite; with blocks at rest also when none of the lowest moves). */
static int dense_modes(work* w, double sigma) {
  nsb_ctx* ctx = w->ctx;
  const nsb_csr* A = w->A;
  int n = A->n, q = w->q, st = NSB_OK, nb = w->n_blk;
  const int *lab = w->blk_lab, *loc = w->blk_loc;
  dense_pair* pr = NSB_NEW_ARRAY(ctx, n, dense_pair);
  double* ev = NSB_NEW_ARRAY(ctx, n, double);
  double *Kd = NULL, *V = NULL;
  int* kd_rest = NULL;   /* the half-bandwidths of the blocks at rest */
  double* bands = NULL;  /* their K_s and M bands, block by block */
  size_t nkd = 0, nv = 0, n_bands = 0;
  w->col_blk = NSB_NEW_ARRAY(ctx, q, int);
  if (!pr || !ev || !w->col_blk) goto oom;
  const unsigned char* rest = w->blk_rest;
  int big = 0;
  size_t nband = 1; /* the largest band of a block at rest */
  for (int b = 0; b < nb; ++b) {
    size_t sb = (size_t)(w->blk_ptr[b + 1] - w->blk_ptr[b]);
    if (rest && rest[b]) continue;
    nv += sb * sb;
    if ((int)sb > big) big = (int)sb;
  }
  if (rest && !(kd_rest = NSB_NEW_ARRAY(ctx, nb, int))) goto oom;
  for (int b = 0; b < nb && rest; ++b) {
    kd_rest[b] = rest[b] ? block_bandwidth(w, b) : 0;
    size_t nbb = (size_t)(kd_rest[b] + 1) * (size_t)(w->blk_ptr[b + 1] - w->blk_ptr[b]);
    if (rest[b]) n_bands += 2 * nbb;
    if (rest[b] && nbb > nband) nband = nbb;
  }
  if (rest && !(bands = NSB_NEW_ARRAY(ctx, n_bands, double))) goto oom;
  for (size_t b = 0, off = 0; rest && b < (size_t)nb; ++b) {
    if (!rest[b]) continue;
    size_t nbb = (size_t)(kd_rest[b] + 1) * (size_t)(w->blk_ptr[b + 1] - w->blk_ptr[b]);
    block_band(w, (int)b, kd_rest[b], bands + off, bands + off + nbb);
    off += 2 * nbb;
  }
  nkd = (size_t)big * (size_t)big;
  if (rest && nkd < nband) nkd = nband; /* Kd: also the bands' scratch */
  Kd = NSB_NEW_ARRAY(ctx, nkd, double);
  V = NSB_NEW_ARRAY(ctx, nv, double); /* the moving blocks' mass matrices, then their eigenvectors */
  w->n_lowest = w->n_modes; /* (the size of rank, for work_free) */
  if (rest) w->rank = NSB_NEW_ARRAY(ctx, w->n_modes, int);
  if (!Kd || !V || (rest && !w->rank)) goto oom;
  size_t voff = 0;
  for (int b = 0; b < nb && st == NSB_OK; ++b) {
    if (rest && rest[b]) continue;
    int o = w->blk_ptr[b], m = w->blk_ptr[b + 1] - o;
    double* Md = V + voff;
    memset(Kd, 0, (size_t)m * (size_t)m * sizeof(double));
    memset(Md, 0, (size_t)m * (size_t)m * sizeof(double));
    for (int k = 0; k < m; ++k) {
      int i = w->blk_rows[o + k];
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
        int j = A->col[p];
        if (lab[j] != b) continue; /* a zero entry of the pattern */
        Kd[k + (size_t)m * loc[j]] = w->Ks[p] - sigma * w->M[p];
        Md[k + (size_t)m * loc[j]] = w->M[p];
      }
    }
    if (is_chain(m, Kd, Md)) {
      /* Md is read before V's columns are written (V + voff is Md) */
      st = chain_pairs(ctx, m, Kd, Md, ev + o, Md);
      if (st < 0) break;
      if (st == NSB_OK) {
        voff += (size_t)m * (size_t)m;
        continue;
      }
      st = NSB_OK; /* dsygvd after all: Md again */
      memset(Md, 0, (size_t)m * (size_t)m * sizeof(double));
      for (int k = 0; k < m; ++k) {
        int i = w->blk_rows[o + k];
        int pd = find_entry(A, i, i);
        Md[k + (size_t)m * k] = w->M[pd];
      }
    }
    lapack_int info = LAPACKE_dsygvd(LAPACK_COL_MAJOR, 1, 'V', 'U', m, Md, m, Kd, m, ev + o);
    if (info != 0)
      st = info > 0 ? 1 : nsb_ctx_error(ctx, NSB_ERR_LAPACK, __FILE__, __LINE__, __func__,
                                        "modal analysis: LAPACKE_dsygvd failed (info %d)", (int)info);
    voff += (size_t)m * (size_t)m;
  }
  if (st != NSB_OK) goto done;
  int n_pr = 0;
  for (int b = 0; b < nb; ++b) /* pair i of the order: block b's column i - blk_ptr[b] */
    for (int i = w->blk_ptr[b]; i < w->blk_ptr[b + 1] && !(rest && rest[b]); ++i) pr[n_pr++] = (dense_pair){ev[i], i};
  qsort(pr, (size_t)n_pr, sizeof *pr, dense_pair_cmp);
  w->n_blk = nb > 1 ? nb : 0;
  /* the columns: pairs j of the order (with blocks at rest: the moving
     pairs within the n_modes lowest) */
  int n_cols = rest ? (n_pr < w->n_lowest ? n_pr : w->n_lowest) : q, kc = 0;
  for (int j = 0; j < n_cols; ++j) {
    int idx = pr[j].idx, b = 0;
    if (!(pr[j].mu > 0.0)) {
      st = 1;
      goto done;
    }
    while (w->blk_ptr[b + 1] <= idx) ++b;
    if (rest) { /* its place among all pairs */
      double lam = sigma + 1.0 / pr[j].mu;
      int place = j + 1;
      size_t off = 0;
      for (int c = 0; c < nb; ++c) {
        if (!rest[c]) continue;
        int mc = w->blk_ptr[c + 1] - w->blk_ptr[c];
        size_t nbb = (size_t)(kd_rest[c] + 1) * (size_t)mc;
        place += block_count_below(mc, kd_rest[c], bands + off, bands + off + nbb, lam, Kd);
        off += 2 * nbb;
      }
      if (place > w->n_lowest) break;
      w->rank[kc] = place;
    }
    int o = w->blk_ptr[b], m = w->blk_ptr[b + 1] - o;
    voff = 0;
    for (int c = 0; c < b; ++c) {
      size_t sc = (size_t)(w->blk_ptr[c + 1] - w->blk_ptr[c]);
      if (!(rest && rest[c])) voff += sc * sc;
    }
    const double* v = V + voff + (size_t)m * (size_t)(idx - o);
    w->lam_prev[kc] = sigma + 1.0 / pr[j].mu;
    w->col_blk[kc] = b;
    double* phi = w->X + (size_t)n * kc;
    memset(phi, 0, (size_t)n * sizeof(double));
    for (int k = 0; k < m; ++k) phi[w->blk_rows[o + k]] = v[k];
    if (kc++ >= w->n_modes) continue; /* only the iteration's start, which normalizes */
    row_set rs = {w->blk_rows + o, m, w->blk_rp, w->blk_col, w->blk_K, w->blk_M};
    pattern_mv_rows(A, w->M, rs.Mc, phi, w->MX, rs);
    double mn = 0.0;
    int imax = rs.rows[0];
    for (int k = 0; k < m; ++k) {
      int i = rs.rows[k];
      mn += phi[i] * w->MX[i];
      if (fabs(phi[i]) > fabs(phi[imax])) imax = i;
    }
    double f = (phi[imax] < 0.0 ? -1.0 : 1.0) / sqrt(mn);
    for (int k = 0; k < m; ++k) phi[rs.rows[k]] *= f;
  }
  if (rest) {
    if (kc == 0) st = 1; /* nothing among the lowest moves: the whole solve */
    w->n_rest = w->n_lowest - kc;
    w->n_modes = kc;
  }
  goto done;
oom:
  st = nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
done:
  if (st != NSB_OK) w->n_blk = 0;
  if (kd_rest) NSB_FREE_ARRAY(ctx, kd_rest, nb, int);
  if (bands) NSB_FREE_ARRAY(ctx, bands, n_bands, double);
  if (pr) NSB_FREE_ARRAY(ctx, pr, n, dense_pair);
  if (ev) NSB_FREE_ARRAY(ctx, ev, n, double);
  if (Kd) NSB_FREE_ARRAY(ctx, Kd, nkd, double);
  if (V) NSB_FREE_ARRAY(ctx, V, nv, double);
  return st;
}

int nsb_modal_solve(nsb_ctx* ctx, nsb_csr* A, nsb_linsolver* ls, const double* K_val, const double* M_val,
                    int n_modes, double shift, int shift_given, double tol, int max_iter, nsb_modal_result* out) {
  return nsb_modal_solve_moving(ctx, A, ls, K_val, M_val, n_modes, shift, shift_given, tol, max_iter, NULL, out);
}

/* The blocks no moving row reaches into w->blk_rest (left NULL when there
   is none, or when every block is at rest). */
static int blocks_at_rest(work* w, const unsigned char* moving) {
  int nb = w->n_blk, n_rest = nb;
  w->blk_rest = NSB_NEW_ARRAY(w->ctx, w->n + 1, unsigned char); /* n + 1 >= nb: freed by work_free */
  NSB_CHECK(w->ctx, w->blk_rest, NSB_ERR_ALLOC, "modal analysis: out of memory");
  memset(w->blk_rest, 1, (size_t)nb);
  for (int i = 0; i < w->n; ++i)
    if (moving[i] && w->blk_rest[w->blk_lab[i]]) {
      w->blk_rest[w->blk_lab[i]] = 0;
      --n_rest;
    }
  if (n_rest == 0 || n_rest == nb) NSB_FREE_ARRAY(w->ctx, w->blk_rest, w->n + 1, unsigned char);
  return NSB_OK;
}

int nsb_modal_solve_moving(nsb_ctx* ctx, nsb_csr* A, nsb_linsolver* ls, const double* K_val, const double* M_val,
                           int n_modes, double shift, int shift_given, double tol, int max_iter,
                           const unsigned char* moving, nsb_modal_result* out) {
  memset(out, 0, sizeof *out);
  int n = A->n;
  NSB_CHECK(ctx, n_modes >= 1, NSB_ERR_ARG, "modal analysis: the number of modes must be >= 1, got %d", n_modes);
  int n_con = 0;
  double trK = 0.0, trM = 0.0;
  int n_mass = count_mass_dofs(A, K_val, M_val, &n_con, &trK, &trM);
  NSB_CHECK(ctx, n_mass >= n_modes, NSB_ERR_ARG,
            "modal analysis: %d modes requested, but only %d free DOFs carry mass (inertia)", n_modes, n_mass);
  /* constraint rows remove at most one DOF with mass each */
  int n_free = n_mass - n_con > 0 ? n_mass - n_con : 0;
  NSB_CHECK(ctx, n_modes <= n_mass - n_con || n_con == 0, NSB_ERR_ARG,
            "modal analysis: %d modes requested, but the constraints leave at most %d DOFs with mass (%d with mass, "
            "%d constraint rows)",
            n_modes, n_free, n_mass, n_con);
  double sigma = shift;
  if (!shift_given) sigma = trK > 0.0 ? -1e-6 * trK / trM : -1.0;
  out->shift = sigma;
  out->asymmetry = asymmetry(A, K_val);
  int q = 2 * n_modes > n_modes + 8 ? 2 * n_modes : n_modes + 8;
  if (q > n_mass - n_con) q = n_mass - n_con > n_modes ? n_mass - n_con : n_modes;
  /* the symmetric part K_s = (K + K^T)/2 (the pattern is structurally symmetric) */
  double* Ks = NSB_NEW_ARRAY(ctx, A->nnz, double);
  NSB_CHECK(ctx, Ks, NSB_ERR_ALLOC, "modal analysis: out of memory");
  nsb_modal_symmetric_part(A, K_val, Ks);
  work w = {.ctx = ctx, .A = A, .ls = ls, .Ks = Ks, .M = M_val, .sigma = sigma, .n = n, .q = q,
            .n_modes = n_modes, .n_mass = n_mass, .rng = 2463534242u};
  matrix_norms(&w);
  int st = NSB_OK;
  /* small problems, or a subspace of a large part of the DOFs: the dense
     solve gives the subspace at once (accepted if every wanted pair passes
     the test of the iteration, else the iteration's start) */
  int dense = 0, big = n;
  double cubes = (double)n * n * n; /* the sum of the blocks' sizes cubed */
  if (!shift_given && n_con == 0 && n_mass == n) {
    /* the independent blocks: their sizes decide (a dense solve costs the
       cube of a block's) */
    st = components(&w);
    if (st < 0) {
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return st;
    }
    w.n_blk = st;
    st = moving && w.n_blk > 1 ? blocks_at_rest(&w, moving) : NSB_OK;
    if (st < 0) {
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return st;
    }
    big = 0;
    cubes = 0.0;
    int n_moving = 0;
    for (int b = 0; b < w.n_blk; ++b) {
      double sb = w.blk_ptr[b + 1] - w.blk_ptr[b];
      cubes += sb * sb * sb;
      if ((int)sb > big) big = (int)sb;
      if (w.blk_rest && !w.blk_rest[b]) n_moving += (int)sb;
    }
    /* with blocks at rest the dense path keeps at most one column per
       moving row, and never iterates (a failure solves the whole problem
       anew): X of n x 6006 on the 1000-element bar of benchmarks/peers with
       MODES=3100 would be 288 MB, its 1001 moving rows need 48 */
    if (w.blk_rest && w.q > n_moving) w.q = n_moving;
  }
  st = work_alloc(ctx, &w);
  if (st < 0) {
    work_free(ctx, &w);
    NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
    return st;
  }
  /* dense: at most the work of one dense solve of NSB_MODAL_DENSE_SMALL
     equations, or a subspace of an eighth of the equations and blocks of at
     most NSB_MODAL_DENSE_MAX */
  double small3 = (double)NSB_MODAL_DENSE_SMALL * NSB_MODAL_DENSE_SMALL * NSB_MODAL_DENSE_SMALL;
  if (!shift_given && n_con == 0 && n_mass == n &&
      (cubes <= small3 || (big <= NSB_MODAL_DENSE_MAX && 8 * q >= n))) {
    /* its own shift, -1e-2 sum K_ii / sum M_ii: still below the spectrum of
       a positive semi-definite K (the mean of K_ii / M_ii is at least
       lambda_1), and it keeps K_s - sigma M well conditioned (with the
       iteration's -1e-6 the backward errors of the upper wanted modes came
       to 1.2e-12 on a 100-element bar; with -1e-2, 6e-15) */
    double sd = trK > 0.0 ? -1e-2 * trK / trM : sigma;
    st = dense_modes(&w, sd);
    if (st < 0) {
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return st;
    }
    dense = st == NSB_OK;
    st = NSB_OK;
  }
  if (w.blk_rest && !dense) { /* the blocks at rest need the dense path: the whole solve */
    work_free(ctx, &w);
    NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
    return nsb_modal_solve_moving(ctx, A, ls, K_val, M_val, n_modes, shift, shift_given, tol, max_iter, NULL, out);
  }
  if (dense) {
    /* the wanted pairs' test (on their blocks' rows, M x into the scratch
       MX); Y = M X only if the iteration follows */
    int ok = 1;
    n_modes = w.n_modes; /* with blocks at rest: the moving pairs among the lowest */
    double* res = NSB_NEW_ARRAY(ctx, n_modes, double);
    if (!res) {
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
    }
    for (int j = 0; j < n_modes && ok; ++j) {
      const double* x = w.X + (size_t)n * j;
      double* y = w.MX;
      row_set rs = col_rows(&w, j);
      pattern_mv_rows(w.A, w.M, rs.Mc, x, y, rs);
      res[j] = backward_error(A, Ks, x, y, w.lam_prev[j], w.normK, w.normM, w.KX, rs);
      ok = res[j] <= tol;
    }
    if (ok) w.res = res;
    else NSB_FREE_ARRAY(ctx, res, n_modes, double);
    if (!ok && w.blk_rest) { /* a pair failed the test: the whole solve, whose iteration may fix it */
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return nsb_modal_solve_moving(ctx, A, ls, K_val, M_val, w.n_lowest, shift, shift_given, tol, max_iter, NULL,
                                    out);
    }
    if (ok) {
      st = store_modes(&w, 0, out);
      work_free(ctx, &w);
      NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
      return st;
    }
    w.n_blk = 0; /* the iteration mixes the blocks' vectors */
    for (int j = 0; j < q; ++j) pattern_mv(w.A, w.M, w.X + (size_t)n * j, w.Y + (size_t)n * j);
  } else {
    w.n_blk = 0; /* the iteration's vectors span every block */
    start_vectors(&w);
  }
  /* K_s - sigma M, factorized for the iteration (and again when the shift
     moves); the dense path does not need it */
  st = factor_shifted(&w, sigma);
  if (st < 0) {
    char why[300];
    snprintf(why, sizeof why, "%s", nsb_ctx_error_message(ctx));
    nsb_ctx_clear_error(ctx);
    work_free(ctx, &w);
    NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
    return nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__,
                         "K - sigma M is singular at the shift sigma = %.6g (%s): a mechanism without mass, or a "
                         "shift on an eigenvalue",
                         sigma, why);
  }
  int converged = 0, it = 0, reshifted = shift_given || dense ? 3 : 0, n_small = 0;
  while (!converged && it < max_iter && st == NSB_OK) {
    ++it;
    /* the automatic shift moves up after 3 iterations, and again after 7
       and 15 if the estimate has come down by 10 */
    if (reshifted < 3 && (it == 4 || it == 8 || it == 16)) {
      ++reshifted;
      st = raise_shift(&w, out);
      if (st < 0) break;
    }
    /* Xb = (K_s - sigma M)^-1 M X */
    memcpy(w.Xb, w.Y, w.nq * sizeof(double));
    for (int j = 0; j < q && st == NSB_OK; ++j) st = nsb_linsolver_solve(ls, w.Xb + (size_t)n * j);
    if (st < 0) break;
    st = m_orthonormalize(&w);
    if (st < 0) break;
    st = rayleigh_ritz(&w);
    if (st < 0) break;
    converged = ritz_converged(&w, tol, &n_small);
  }
  if (st == NSB_OK && !converged)
    st = nsb_ctx_error(ctx, NSB_ERR_NO_CONVERGENCE, __FILE__, __LINE__, __func__,
                       "modal analysis: subspace iteration did not converge in %d iterations (tolerance %.3g)",
                       max_iter, tol);
  if (st == NSB_OK) st = store_modes(&w, it, out);
  work_free(ctx, &w);
  NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
  return st;
}

/* ---- modal analysis (*FREQUENCY) -------------------------------------------- */

/* Back to the state the modal analysis linearizes about: the state at the
   start (s->old), the multipliers, the elements' interior unknowns, and the
   static map with zero increments (the kinematic weights of make_ec). */
static void modal_base(nsb_system* s) {
  nsb_sys_state_copy(&s->cur, &s->old, s->n_nodes);
  memcpy(s->lam, s->lam_old, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i) {
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
    if (s->elems[i].ops->rest) s->elems[i].ops->rest(&s->elems[i]);
  }
  nsb_sys_predict_all(s, NSB_EVAL_STATIC, s->t);
  nsb_sys_kinematics(s);
}

/* Leave the modal analysis: the state, multipliers and internal unknowns as
   they were before it (the next step continues as if it had not run). */
static void modal_finish(nsb_system* s) {
  modal_base(s);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
  nsb_sys_state_copy(&s->cur, &s->old, s->n_nodes);
}

/* The central differences of beam_consistent_mass: columns j = 0..11 of the
   interior points' displacements Nu and spatial rotations Nt (3 MAXQ rows
   each, column-major), from the rested base state back to it. */
enum { BEAM_MAXQ = NSB_BEAM_MAX_QP };
static int beam_mass_columns(nsb_system* s, const nsb_elem* e, const nsb_eval_ctx* ec, const double* q0, double len,
                             double* Nu, double* Nt) {
  int nq = nsb_beam_n_qp(e);
  double f[12], du[12], d[6], w[BEAM_MAXQ], rp[3 * BEAM_MAXQ], qp[4 * BEAM_MAXQ], rA, rJ[3];
  nsb_corr ic = {0.0, 0.0, 0.0};
  for (int j = 0; j < 12; ++j) {
    int node = e->nodes[j / 6], dof = j % 6, nd = s->ndof[node];
    if (dof >= nd || s->node_eq[6 * node + dof] < 0) continue; /* held or absent: no motion */
    double eps = dof < 3 ? 1e-7 * len : 1e-7;
    for (int sg = 0; sg < 2; ++sg) {
      double a = sg == 0 ? eps : -eps, c1 = (sg == 0 ? 1.0 : -1.0) / (2.0 * eps);
      memset(d, 0, sizeof d);
      memset(du, 0, sizeof du);
      d[dof] = a;
      du[j] = a;
      s->ops->apply(s->scheme, node, nd, d, &s->old, &s->cur);
      e->ops->post_solve(e, du, &ic);
      NSB_CALL(e->ops->eval(e, ec, f, NULL));
      nsb_beam_mass_points(e, w, rp, qp, &rA, rJ);
      for (int i = 0; i < nq; ++i) {
        /* spatial rotation from the base frame: log(q q0^-1) */
        nsb_vec3 th = nsb_so3_log_q(nsb_q_mul(nsb_q_load(qp + 4 * i), nsb_q_conj(nsb_q_load(q0 + 4 * i))));
        double tv[3];
        nsb_v3_store(th, tv);
        for (int c = 0; c < 3; ++c) {
          Nu[(3 * i + c) + 3 * BEAM_MAXQ * j] += c1 * rp[3 * i + c];
          Nt[(3 * i + c) + 3 * BEAM_MAXQ * j] += c1 * tv[c];
        }
      }
      /* back to the base: the node, the interior unknowns, the condensation */
      d[dof] = -a;
      s->ops->apply(s->scheme, node, nd, d, &s->old, &s->cur);
      if (e->ops->restore) e->ops->restore(e);
      if (e->ops->rest) e->ops->rest(e);
      NSB_CALL(e->ops->eval(e, ec, f, NULL));
    }
  }
  return NSB_OK;
}

/* Consistent mass of a beam element from its own interior field (MASS=
   CONSISTENT): the interior points' displacements and rotations per node DOF,
   N_u, N_theta, by central differences of a static increment of that DOF
   (the element's condensed static response, post_solve + eval), then
   M_e = sum_q w_q (rhoA N_u^T N_u + N_theta^T R_q diag(rhoJ) R_q^T N_theta)
   (docs/theory.md §6).  Called at the rested base state; leaves it so. */
static int beam_consistent_mass(nsb_system* s, const nsb_elem* e, const nsb_eval_ctx* ec, double* M) {
  int nq = nsb_beam_n_qp(e);
  double f[12], w[BEAM_MAXQ], r0[3 * BEAM_MAXQ], q0[4 * BEAM_MAXQ], rhoA, rhoJ[3];
  NSB_CALL(e->ops->eval(e, ec, f, NULL));
  nsb_beam_mass_points(e, w, r0, q0, &rhoA, rhoJ);
  double len = 0.0;
  for (int i = 0; i < nq; ++i) len += w[i];
  size_t nN = (size_t)3 * BEAM_MAXQ * 12;
  double* Nu = NSB_NEW_ARRAY(s->ctx, 2 * nN, double); /* set-up phase of a modal step */
  NSB_CHECK(s->ctx, Nu, NSB_ERR_ALLOC, "modal analysis: out of memory");
  memset(Nu, 0, 2 * nN * sizeof(double));
  double* Nt = Nu + nN;
  int st = beam_mass_columns(s, e, ec, q0, len, Nu, Nt);
  for (int i = 0; i < nq && st == NSB_OK; ++i) {
    nsb_mat3 R = nsb_q_to_m3(nsb_q_load(q0 + 4 * i));
    nsb_mat3 J = nsb_m3_mul(R, nsb_m3_mul(nsb_m3_diag(rhoJ[0], rhoJ[1], rhoJ[2]), nsb_m3_transpose(R)));
    for (int b = 0; b < 12; ++b)
      for (int a = 0; a < 12; ++a) {
        const double* ua = Nu + 3 * i + 3 * BEAM_MAXQ * a;
        const double* ub = Nu + 3 * i + 3 * BEAM_MAXQ * b;
        const double* ta = Nt + 3 * i + 3 * BEAM_MAXQ * a;
        const double* tb = Nt + 3 * i + 3 * BEAM_MAXQ * b;
        double v = rhoA * (ua[0] * ub[0] + ua[1] * ub[1] + ua[2] * ub[2]);
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) v += ta[r] * J.c[r + 3 * c] * tb[c];
        M[a + 12 * b] += w[i] * v;
      }
  }
  NSB_FREE_ARRAY(s->ctx, Nu, 2 * nN, double);
  return st;
}

/* vals[position of (i, j)] += K[i + n_local j] over the element's block, in
   the order of nsb_csr_add_mapped (vals: a value array of s->A's pattern). */
static void add_block_values(const nsb_elem* e, const double* K, double* vals) {
  const int nl = e->n_local;
  int colg[NSB_ELEM_MAX_LOCAL], colo[NSB_ELEM_MAX_LOCAL];
  nsb_csr_group_cols(e->eq, nl, e->n_nodes, e->node_ndof, colg, colo);
  for (int j = 0; j < nl; ++j) {
    if (colo[j] < 0) continue;
    const int* mg = e->map + (size_t)nl * (size_t)colg[j];
    for (int i = 0; i < nl; ++i)
      if (mg[i] >= 0) vals[mg[i] + colo[j]] += K[i + nl * j];
  }
}

/* Evaluate the structural elements (contacts left out) at the current
   iterate; with Kv/Mv non-NULL add their static tangent and mass matrix
   into those value arrays (pattern of s->A). */
static int modal_eval_at(nsb_system* s, double t, double* Kv, double* Mv, double* rv) {
  nsb_eval_ctx ec = nsb_sys_make_ec(s, NSB_EVAL_STATIC, t);
  /* SPIN: gravity stands in the inertial frame and turns in the co-rotating
     one; the caller adds it (nsb_system_modal_gravity), and no earlier step
     has any (refused by the deck reader) */
  if (s->step.modal_dynamic && s->step.spinning) ec.gravity = nsb_v3_zero();
  int n_struct = s->n_contacts > 0 ? s->first_contact : s->n_elems;
  for (int i = 0; i < n_struct; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    if (Kv) memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    int st = e->ops->eval(e, &ec, s->ff, Kv ? s->fK : NULL);
    if (st < 0)
      return nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__,
                           "*FREQUENCY: element %d (%s) cannot be linearized at t = %.10g: %s", i, e->ops->name, s->t,
                           nsb_status_message(st));
    if (rv)
      for (int q = 0; q < nl; ++q)
        if (e->eq[q] >= 0) rv[e->eq[q]] += s->ff[q];
    if (!Kv) continue;
    add_block_values(e, s->fK, Kv);
    if (!Mv || !e->ops->mass) continue;
    memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    if (s->step.consistent_mass && e->ops == &nsb_beam_v_ops) NSB_CALL(beam_consistent_mass(s, e, &ec, s->fK));
    else e->ops->mass(e, &ec, s->fK);
    add_block_values(e, s->fK, Mv);
  }
  return NSB_OK;
}

static int modal_eval(nsb_system* s, double* Kv, double* Mv) { return modal_eval_at(s, s->t, Kv, Mv, NULL); }

/* Mark node's rows of DOFs first..last (0-based) as moving. */
static void mark_node(const nsb_system* s, int node, int first, int last, unsigned char* moving) {
  for (int k = first; k <= last && k < s->ndof[node]; ++k) {
    int eq = s->node_eq[6 * node + k];
    if (eq >= 0) moving[eq] = 1;
  }
}

/* The rows a *MODAL DYNAMIC step (REDUCTION=MODAL, no SPIN) moves: those
   with an initial velocity, those a load of the model reaches (a *CLOAD its
   DOF, a follower its node's three of that kind, a *DLOAD its element's
   nodes), and the contact directions: the slave node's translations along
   a plane obstacle's fixed normal, all its DOFs against a sphere or a
   cylinder, for a beam master the translations of the slave and of the
   nodes of the element it is paired with along the axes of the start
   normal.  Anything else that could excite the step from its time
   (gravity, a manufactured rotation, a prescribed motion, contact points of
   a body, a plane carried by a body) marks every row.  The reduced model's
   modes are coupled only through these rows and the contact impulses along
   them (Rayleigh damping is diagonal in the modes), so a mode that is zero
   on all of them starts at rest, is neither loaded nor pushed, and stays
   exactly at rest. */
static void moving_rows(nsb_system* s, unsigned char* moving, double* ve) {
  const nsb_model* m = s->model;
  int n = s->n_eq, all = m->gravities.count > 0 || m->manufactured.count > 0;
  nsb_system_node_velocities(s, ve);
  for (int i = 0; i < n; ++i) moving[i] = ve[i] != 0.0;
  for (int k = 0; k < m->boundaries.count; ++k)
    if (m->boundaries.data[k].amplitude >= 0 || m->boundaries.data[k].value != 0.0) all = 1;
  for (int k = 0; k < m->cloads.count; ++k) {
    const nsb_cload* c = &m->cloads.data[k];
    int block = c->follower || c->transform > 0; /* the load's direction has all three components */
    int first = block ? (c->dof <= 3 ? 0 : 3) : c->dof - 1;
    mark_node(s, c->node, first, block ? first + 2 : first, moving);
  }
  for (int k = 0; k < m->dloads.count; ++k) {
    const nsb_element* el = &m->elements.data[m->dloads.data[k].element];
    for (int a = 0; a < 2; ++a) mark_node(s, el->nodes[a], 0, 5, moving);
  }
  for (int p = 0; p < m->contact_pairs.count && !all; ++p) {
    const nsb_contact_pair* cp = &m->contact_pairs.data[p];
    const nsb_nset* ns = &m->nsets.data[cp->slave_nset];
    if (cp->points >= 0 || cp->master_kind == NSB_MASTER_PARTICLES) all = 1;
    if (cp->master_kind == NSB_MASTER_BEAMS) {
      /* each slave is paired with a chord point of one element (reduced.h);
         the gap's normal is x - xm, the contact points move along the
         translations of the slave and of that element's nodes: those along
         the start normal's axes move.  An axis the start normal has no
         component on stays out of the normal as long as those translations
         rest, so the rows marked are closed under the motion. */
      const double* x0 = nsb_system_state(s)->x;
      for (int i = 0; i < ns->nodes.count; ++i) {
        int node = ns->nodes.data[i], el;
        double xi, dist;
        nsb_reduced_beam_pairing(m, cp, node, x0, &el, &xi, &dist);
        if (el < 0 || !(dist > 0.0)) { /* refused when the step builds its contacts */
          all = 1;
          break;
        }
        const nsb_element* e = &m->elements.data[el];
        for (int k = 0; k < 3; ++k) {
          double xm = (1.0 - xi) * x0[3 * e->nodes[0] + k] + xi * x0[3 * e->nodes[1] + k];
          if (x0[3 * node + k] == xm) continue;
          mark_node(s, node, k, k, moving);
          for (int a = 0; a < 2; ++a) mark_node(s, e->nodes[a], k, k, moving);
        }
      }
      continue;
    }
    const nsb_obstacle* ob = cp->master_kind == NSB_MASTER_OBSTACLE ? &m->obstacles.data[cp->master] : NULL;
    if (ob && ob->body >= 0) all = 1;
    int plane = ob && ob->kind == NSB_OBSTACLE_PLANE;
    for (int i = 0; i < ns->nodes.count; ++i)
      for (int k = 0; k < (plane ? 3 : 6); ++k)
        if (!plane || ob->dir[k] != 0.0) mark_node(s, ns->nodes.data[i], k, k, moving);
  }
  if (all) memset(moving, 1, (size_t)n);
}

static int modal_mass_rows(nsb_system* s, const nsb_modal_result* r);

int nsb_system_modes(nsb_system* s, nsb_modal_result* out) {
  memset(out, 0, sizeof *out);
  const nsb_model* m = s->model;
  NSB_CHECK(s->ctx, s->step.n_modes > 0, NSB_ERR_ARG, "nsb_system_modes: the current step is not a *FREQUENCY step");
  NSB_CHECK(s->ctx, s->n_eq > 0 && s->A, NSB_ERR_ARG, "%s:%d: *FREQUENCY: the model has no free degrees of freedom",
            m->source, s->step.line);
  double tic = nsb_now_s();
  /* the static map with h = 1 about the current state: increments are displacements
     and material spins; constraint rows at position level, unscaled */
  s->scheme->h = 1.0;
  nsb_scheme_scales(s->ops, s->scheme, 1.0, &s->lam_scale, s->con_scale);
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  modal_base(s);
  int nnz = s->A->nnz;
  double* Kv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  double* Mv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  int st = Kv && Mv ? NSB_OK : nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
  if (st == NSB_OK) {
    memset(Kv, 0, (size_t)nnz * sizeof(double));
    memset(Mv, 0, (size_t)nnz * sizeof(double));
    /* linearize with the loads the state is in equilibrium with: those of
       the earlier steps (a *MODAL DYNAMIC step's own loads are its excitation,
       and their load stiffness at the start state is not part of K) */
    int k = s->step_index;
    s->step_index = k - 1;
    st = modal_eval(s, Kv, Mv);
    s->step_index = k;
  }
  s->stats.t_assemble += nsb_now_s() - tic;
  if (st == NSB_OK) {
    tic = nsb_now_s();
    /* REDUCTION=MODAL without SPIN: the blocks that stay at rest are ranked, not solved */
    unsigned char* moving = NULL;
    if (s->step.modal_dynamic && !s->step.reduction && !s->step.spinning) {
      moving = NSB_NEW_ARRAY(s->ctx, s->n_eq, unsigned char);
      double* ve = NSB_NEW_ARRAY(s->ctx, s->n_eq, double);
      if (moving && ve) moving_rows(s, moving, ve);
      else st = nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
      if (ve) NSB_FREE_ARRAY(s->ctx, ve, s->n_eq, double);
    }
    if (st == NSB_OK)
      st = nsb_modal_solve_moving(s->ctx, s->A, s->ls, Kv, Mv, s->step.n_modes, s->step.shift,
                                  s->step.shift_given, 1e-12, 1000, moving, out);
    if (moving) NSB_FREE_ARRAY(s->ctx, moving, s->n_eq, unsigned char);
    s->stats.t_factor += nsb_now_s() - tic;
    s->stats.factorizations++;
    if (st < 0) {
      char msg[512], where[256] = "";
      snprintf(msg, sizeof msg, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      if (st == NSB_ERR_SINGULAR && s->ls->singular_eq >= 0) nsb_sys_describe_equation(s, s->ls->singular_eq, where, sizeof where);
      st = nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__, "%s:%d: *FREQUENCY at t = %.10g: %s%s%s", m->source,
                         s->step.line, s->t, msg, where,
                         st == NSB_ERR_SINGULAR ? "; give that DOF inertia (section rotary inertia, body mass) or "
                                                  "hold it, or choose a SHIFT"
                                                : "");
    }
  }
  if (Kv) NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
  if (st == NSB_OK && s->step.modal_dynamic) { /* kept for the modal dynamics */
    if (s->modal_M) NSB_FREE_ARRAY(s->ctx, s->modal_M, s->nnz_modal, double);
    s->modal_M = Mv;
    s->nnz_modal = nnz;
    Mv = NULL;
    st = modal_mass_rows(s, out);
  }
  if (Mv) NSB_FREE_ARRAY(s->ctx, Mv, nnz, double);
  modal_finish(s);
  return st;
}

int nsb_system_show_mode(nsb_system* s, const nsb_modal_result* r, int j, double scale) {
  NSB_CHECK(s->ctx, j >= 0 && j < r->n_modes && r->n == s->n_eq, NSB_ERR_ARG, "nsb_system_show_mode: no mode %d", j);
  modal_base(s);
  /* the beams' condensation at the base state, then one static increment */
  NSB_CALL(modal_eval(s, NULL, NULL));
  const double* phi = r->phi + (size_t)r->n * (size_t)j;
  for (int i = 0; i < s->n_eq; ++i) s->dx[i] = scale * phi[i];
  nsb_sys_apply_increment(s, s->dx, 0.0);
  (void)nsb_sys_post_solve(s, s->dx);
  return modal_eval(s, NULL, NULL);
}

void nsb_system_show_mode_reset(nsb_system* s) {
  modal_base(s);
  (void)modal_eval(s, NULL, NULL);
  modal_finish(s);
}

void nsb_system_mode_node(const nsb_system* s, const nsb_modal_result* r, int j, int node, double d[6]) {
  nsb_system_eq_node(s, r->phi + (size_t)r->n * (size_t)j, node, d);
}

void nsb_system_eq_node(const nsb_system* s, const double* phi, int node, double d[6]) {
  for (int k = 0; k < 6; ++k) {
    int eq = k < s->ndof[node] ? s->node_eq[6 * node + k] : -1;
    d[k] = eq >= 0 ? phi[eq] : 0.0;
  }
}

/* Abaqus's displacement normalization counts rotations too ("the largest
   displacement, rotation, or acoustic pressure entry", keyword reference of
   *FREQUENCY), which compares lengths with radians: which entry wins would
   depend on the unit of length (a 2 m cantilever's second mode: its tip turns
   by 3.8 rad per metre of tip deflection; per millimetre, 0.0038).  Here the
   translations decide; rotations only for a mode without them. */
void nsb_system_modes_displacement(const nsb_system* s, nsb_modal_result* r, double* gen_mass) {
  const nsb_model* m = s->model;
  double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  double size = 0.0;
  for (int c = 0; c < 3 && m->nodes.count > 0; ++c) size += (hi[c] - lo[c]) * (hi[c] - lo[c]);
  size = sqrt(size);
  if (!(size > 0.0)) size = 1.0;
  for (int j = 0; j < r->n_modes; ++j) {
    double tmax = 0.0, rmax = 0.0, d[6];
    for (int i = 0; i < m->nodes.count; ++i) {
      nsb_system_mode_node(s, r, j, i, d);
      for (int c = 0; c < 3; ++c) {
        tmax = fmax(tmax, fabs(d[c]));
        rmax = fmax(rmax, fabs(d[3 + c]));
      }
    }
    const int first = tmax > 1e-9 * size * rmax ? 0 : 3; /* translations, or rotations */
    const double big = first == 0 ? tmax : rmax;
    gen_mass[j] = 1.0;
    if (!(big > 0.0)) continue;
    double sign = 0.0;
    for (int i = 0; i < m->nodes.count && sign == 0.0; ++i) {
      nsb_system_mode_node(s, r, j, i, d);
      for (int c = first; c < first + 3 && sign == 0.0; ++c)
        if (fabs(d[c]) >= (1.0 - 1e-9) * big) sign = d[c] > 0.0 ? 1.0 : -1.0;
    }
    double* phi = r->phi + (size_t)r->n * (size_t)j;
    for (int k = 0; k < r->n; ++k) phi[k] = sign * phi[k] / big;
    gen_mass[j] = 1.0 / (big * big);
  }
}

/* ---- modal dynamics (*MODAL DYNAMIC) ------------------------------------------ */

int nsb_system_modal_load(nsb_system* s, double t, int earlier_only, double* r) {
  modal_base(s);
  memset(r, 0, (size_t)s->n_eq * sizeof(double));
  int k = s->step_index;
  if (earlier_only) s->step_index = k - 1; /* the loads of this step are not yet active (ec.step, gravity) */
  int st = modal_eval_at(s, t, NULL, NULL, r);
  s->step_index = k;
  modal_finish(s);
  return st;
}

void nsb_system_modal_mass_mv(const nsb_system* s, const double* x, double* y) {
  if (!s->modal_rows) {
    pattern_mv(s->A, s->modal_M, x, y);
    return;
  }
  const nsb_csr* A = s->A;
  memset(y, 0, (size_t)A->n * sizeof(double));
  for (int k = 0; k < s->n_modal_rows; ++k) {
    int i = s->modal_rows[k];
    double v = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) v += s->modal_M[p] * x[A->col[p]];
    y[i] = v;
  }
}

/* The rows M Phi reaches into s->modal_rows (nsb_system_modal_mass_mv):
   those with a non-zero mass entry in a column where one of r's modes is
   non-zero.  Set-up of a modal dynamic step whose lowest modes leave some
   at rest; NULL without such modes, or when the rows are half of all or
   more. */
static int modal_mass_rows(nsb_system* s, const nsb_modal_result* r) {
  const nsb_csr* A = s->A;
  int n = A->n, nr = 0;
  if (s->modal_rows) NSB_FREE_ARRAY(s->ctx, s->modal_rows, s->n_modal_rows, int);
  s->n_modal_rows = 0;
  if (r->n_rest == 0) return NSB_OK;
  unsigned char* on = NSB_NEW_ARRAY(s->ctx, n, unsigned char);
  NSB_CHECK(s->ctx, on, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  memset(on, 0, (size_t)n);
  for (int j = 0; j < r->n_modes; ++j)
    for (int i = 0; i < n; ++i)
      if (r->phi[i + (size_t)n * j] != 0.0) on[i] = 1;
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
      if (s->modal_M[p] != 0.0 && on[A->col[p]] == 1) {
        on[i] |= 2;
        break;
      }
  for (int i = 0; i < n; ++i) nr += (on[i] & 2) != 0;
  if (nr > 0 && 2 * nr < n) {
    s->modal_rows = NSB_NEW_ARRAY(s->ctx, nr, int);
    if (!s->modal_rows) {
      NSB_FREE_ARRAY(s->ctx, on, n, unsigned char);
      return nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
    }
    for (int i = 0; i < n; ++i)
      if (on[i] & 2) s->modal_rows[s->n_modal_rows++] = i;
  }
  NSB_FREE_ARRAY(s->ctx, on, n, unsigned char);
  return NSB_OK;
}

void nsb_system_node_velocities(const nsb_system* s, double* ve) {
  memset(ve, 0, (size_t)s->n_eq * sizeof(double));
  for (int i = 0; i < s->n_nodes; ++i)
    for (int k = 0; k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      if (eq >= 0) ve[eq] = k < 3 ? s->cur.v[3 * i + k] : s->cur.w[3 * i + k - 3];
    }
}

/* The state x0 + scale dq from the linearization state x0: nodes, then the
   interior unknowns of the condensing elements; evaluated when eval
   (nsb_system_modal_probe's reactions evaluate the elements themselves). */
static int modal_rebuild(nsb_system* s, const double* dq, double scale, int eval) {
  modal_base(s);
  NSB_CALL(modal_eval(s, NULL, NULL));
  for (int i = 0; i < s->n_eq; ++i) s->dx[i] = scale * dq[i];
  nsb_sys_apply_increment(s, s->dx, 0.0);
  (void)nsb_sys_post_solve(s, s->dx);
  return eval ? modal_eval(s, NULL, NULL) : NSB_OK;
}

double nsb_system_modal_eps(const nsb_system* s, const double* dq) {
  double big = 0.0;
  for (int i = 0; i < s->n_nodes; ++i)
    for (int k = 0; k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      if (eq >= 0) big = fmax(big, k < 3 ? fabs(dq[eq]) / s->length : fabs(dq[eq]));
    }
  return big > 0.0 ? 1e-5 / big : 0.0;
}

/* The static forces of the elements on the held rows are the whole support
   reaction of the rebuilt state: with the reduced model's lumped mass a held
   node does not accelerate. */
int nsb_system_modal_probe(nsb_system* s, const double* dq, double scale, double t, double* react) {
  NSB_CALL(modal_rebuild(s, dq, scale, 0));
  NSB_CALL(nsb_sys_compute_reactions(s, NSB_EVAL_STATIC, t));
  memcpy(react, s->react, 6 * (size_t)s->n_nodes * sizeof(double));
  return NSB_OK;
}

int nsb_system_reaction_nodes(const nsb_system* s, unsigned char* mark) {
  int n = 0;
  memset(mark, 0, (size_t)s->n_nodes);
  /* the rows nsb_sys_compute_reactions writes: held DOFs of an element,
     and the nodes of supports along local directions */
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
        if (e->eq[q] < 0 || e->ops == &nsb_skew_support_ops) mark[e->nodes[k]] = 1;
  }
  for (int i = 0; i < s->n_nodes; ++i) n += mark[i];
  return n;
}

void nsb_system_modal_reactions(nsb_system* s, const double* r0, const double* rp, const double* rm, double eps) {
  size_t n6 = 6 * (size_t)s->n_nodes;
  if (eps == 0.0) {
    memcpy(s->react, r0, n6 * sizeof(double));
    return;
  }
  for (size_t q = 0; q < n6; ++q) s->react[q] = r0[q] + (rp[q] - rm[q]) / (2.0 * eps);
}

int nsb_system_modal_state(nsb_system* s, const double* dq, const double* dv, double t, int nodes_only) {
  if (nodes_only) {
    /* no element is evaluated, so the kinematic weights (s->kin, those of
       the linearization state since modal_base) are not needed */
    nsb_sys_state_copy(&s->cur, &s->old, s->n_nodes);
    nsb_sys_predict_all(s, NSB_EVAL_STATIC, s->t);
    memcpy(s->dx, dq, (size_t)s->n_eq * sizeof(double));
    nsb_sys_apply_increment(s, s->dx, 0.0);
  } else {
    NSB_CALL(modal_rebuild(s, dq, 1.0, 1));
  }
  for (int i = 0; i < s->n_nodes; ++i)
    for (int k = 0; k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      double val = eq >= 0 ? dv[eq] : 0.0;
      if (k < 3) s->cur.v[3 * i + k] = val;
      else s->cur.w[3 * i + k - 3] = val;
    }
  s->t = t;
  return NSB_OK;
}

void nsb_system_modal_time(nsb_system* s, double t) { s->t = t; }

void nsb_system_set_energy(nsb_system* s, const nsb_energy* e) {
  s->energy_override = e != NULL;
  if (e) s->override = *e;
}

int nsb_system_energy_set(const nsb_system* s, nsb_energy* e) {
  if (s->energy_override) *e = s->override;
  return s->energy_override;
}

const double* nsb_system_modal_mass_values(const nsb_system* s, int* nnz) {
  *nnz = s->modal_M ? s->nnz_modal : 0;
  return s->modal_M;
}

int nsb_system_modal_mass_restore(nsb_system* s, const double* val, int nnz) {
  NSB_CHECK(s->ctx, nnz > 0, NSB_ERR_ARG, "checkpoint: a modal mass matrix of %d entries", nnz);
  if (s->modal_M && s->nnz_modal != nnz) {
    NSB_FREE_ARRAY(s->ctx, s->modal_M, s->nnz_modal, double);
    s->modal_M = NULL;
  }
  if (!s->modal_M) {
    s->modal_M = NSB_NEW_ARRAY(s->ctx, nnz, double);
    NSB_CHECK(s->ctx, s->modal_M, NSB_ERR_ALLOC, "checkpoint: out of memory");
    s->nnz_modal = nnz;
  }
  memcpy(s->modal_M, val, (size_t)nnz * sizeof(double));
  return NSB_OK;
}

int nsb_system_modal_flexibility(nsb_system* s, const nsb_modal_result* r, int n_nodes, const int* nodes,
                                 double* cols) {
  const nsb_model* m = s->model;
  /* the truncated modes' flexibility sum_{i > m} phi_i phi_i^T / lambda_i =
     (K_s - sigma M)^-1 - sum_{i <= m} phi_i phi_i^T / (lambda_i - sigma) up to
     a relative sigma / lambda_{m+1}: sigma = 0 for a supported structure; a
     free one needs all its rigid-body modes among the retained ones and
     sigma = -1e-9 lambda_m (K_s - sigma M regular) */
  double lam_max = r->lambda[r->n_modes - 1];
  /* rigid-body modes: eigenvalues at round-off of the stiffness scale
     sum |K_ii| / sum M_ii (the automatic shift is -1e-6 of it) */
  double scale = r->shift < 0.0 ? -1e6 * r->shift : lam_max;
  int n_rigid = 0;
  for (int j = 0; j < r->n_modes; ++j)
    if (!(r->lambda[j] > 1e-12 * scale)) ++n_rigid;
  NSB_CHECK(s->ctx, n_rigid < r->n_modes && lam_max > 0.0, NSB_ERR_UNSUPPORTED,
            "%s:%d: REDUCTION=QUASI-STATIC: all %d retained modes are rigid-body modes; retain elastic modes too "
            "(raise MODES)",
            m->source, s->step.line, r->n_modes);
  int n = s->n_eq, nnz = s->A->nnz;
  double* Kv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  double* tmp = n_rigid > 0 ? NSB_NEW_ARRAY(s->ctx, n, double) : NULL;
  if (!Kv || (n_rigid > 0 && !tmp)) {
    if (Kv) NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
    return nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
  }
  memset(Kv, 0, (size_t)nnz * sizeof(double));
  modal_base(s);
  int k = s->step_index;
  s->step_index = k - 1; /* as in nsb_system_modes */
  int st = modal_eval(s, Kv, NULL);
  s->step_index = k;
  /* K_s = (K + K^T)/2 (into A's values, the same pattern) */
  if (st == NSB_OK) {
    nsb_modal_symmetric_part(s->A, Kv, s->A->val);
    memcpy(Kv, s->A->val, (size_t)nnz * sizeof(double));
  }
  /* a supported structure: sigma = 0, exact.  A free one: two shifts
     sigma_1 = -1e-3 lambda_m, sigma_2 = 2 sigma_1 and F_0 = 2 F(sigma_1) - F(sigma_2),
     exact up to (sigma / lambda_{m+1})^2 <= 4e-6 (a shift of order eps would
     make the retained rigid modes, computed to |lambda| ~ 1e-7, cancel
     badly) */
  int n_shift = n_rigid > 0 ? 2 : 1;
  for (int sh = 0; sh < n_shift && st == NSB_OK; ++sh) {
    double sigma = n_rigid > 0 ? -1e-3 * lam_max * (double)(sh + 1) : 0.0;
    for (int p = 0; p < nnz; ++p) s->A->val[p] = Kv[p] - sigma * s->modal_M[p];
    st = nsb_linsolver_factor(s->ls, s->A);
    if (st < 0) {
      char msg[300];
      snprintf(msg, sizeof msg, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      st = nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__,
                         "%s:%d: REDUCTION=QUASI-STATIC: the stiffness matrix is singular (%s): a mechanism "
                         "without mass; use REDUCTION=MODAL",
                         m->source, s->step.line, msg);
      break;
    }
    for (int a = 0; a < n_nodes && st == NSB_OK; ++a)
      for (int c = 0; c < 3 && st == NSB_OK; ++c) {
        double* col = cols + (size_t)n * (3 * a + c);
        double* x = n_shift == 2 && sh == 1 ? tmp : col;
        memset(x, 0, (size_t)n * sizeof(double));
        int eq = c < s->ndof[nodes[a]] ? s->node_eq[6 * nodes[a] + c] : -1;
        if (eq < 0) continue; /* a held translation: no flexibility (the column stays zero) */
        x[eq] = 1.0;
        st = nsb_linsolver_solve(s->ls, x);
        /* minus the retained modes' part: sum_j phi_j phi_j[eq] / (lambda_j - sigma) */
        for (int j = 0; j < r->n_modes && st == NSB_OK; ++j) {
          const double* phi = r->phi + (size_t)n * j;
          double w = phi[eq] / (r->lambda[j] - sigma);
          for (int i = 0; i < n; ++i) x[i] -= w * phi[i];
        }
        if (x == tmp)
          for (int i = 0; i < n; ++i) col[i] = 2.0 * col[i] - tmp[i];
      }
  }
  NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
  if (tmp) NSB_FREE_ARRAY(s->ctx, tmp, n, double);
  modal_finish(s);
  return st;
}

/* ---- the co-rotating model (*MODAL DYNAMIC, SPIN) ------------------------------ */

/* y = A x for the spin operator A of solver/reduced.h: E = [e]x on every
   node's translations (the rotations' terms come with the nodes' rotary
   inertia, below); held DOFs carry 0. */
static void spin_apply(const nsb_system* s, nsb_vec3 e, const double* x, double* y) {
  memset(y, 0, (size_t)s->n_eq * sizeof(double));
  for (int i = 0; i < s->n_nodes; ++i) {
    double d[6];
    nsb_system_eq_node(s, x, i, d);
    nsb_vec3 at = nsb_v3_cross(e, nsb_v3(d[0], d[1], d[2]));
    double a[3] = {at.x, at.y, at.z};
    for (int k = 0; k < 3 && k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      if (eq >= 0) y[eq] = a[k];
    }
  }
}

/* The nodes' rotary inertia J (3 x 3 per node, column-major, in the frame of
   the node's rotation DOFs) from the elements' lumped mass matrices, held
   rotations included: a spin held at a bearing still carries its polar
   inertia's gyroscopic couple. */
static void node_rotary_inertia(nsb_system* s, double* J) {
  memset(J, 0, (size_t)9 * (size_t)s->n_nodes * sizeof(double));
  nsb_eval_ctx ec = nsb_sys_make_ec(s, NSB_EVAL_STATIC, s->t);
  int n_struct = s->n_contacts > 0 ? s->first_contact : s->n_elems;
  for (int i = 0; i < n_struct; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->mass) continue;
    int nl = e->n_local;
    memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    e->ops->mass(e, &ec, s->fK);
    for (int a = 0, off = 0; a < e->n_nodes; off += e->node_ndof[a], ++a) {
      if (e->node_ndof[a] < 6) continue;
      double* Jn = J + (size_t)9 * (size_t)e->nodes[a];
      for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) Jn[r + 3 * c] += s->fK[(off + 3 + r) + (size_t)nl * (size_t)(off + 3 + c)];
    }
  }
}

int nsb_system_spin_matrices(nsb_system* s, const nsb_modal_result* r, int axis, nsb_spin_matrices* sm) {
  NSB_CHECK(s->ctx, s->modal_M && r->n == s->n_eq && sm->m == r->n_modes && axis >= 0 && axis < 3, NSB_ERR_ARG,
            "nsb_system_spin_matrices: needs the modes and mass of a *MODAL DYNAMIC step");
  int n = s->n_eq, m = r->n_modes;
  nsb_vec3 e = nsb_v3(axis == 0, axis == 1, axis == 2);
  /* A phi_j, M phi_j (n x m each), b, M b, M A phi_j, the nodes' J */
  size_t nm = (size_t)n * (size_t)m, len = 2 * nm + 3 * (size_t)n + (size_t)9 * (size_t)s->n_nodes;
  double* Aphi = NSB_NEW_ARRAY(s->ctx, len, double);
  NSB_CHECK(s->ctx, Aphi, NSB_ERR_ALLOC, "co-rotating model: out of memory");
  double *Mphi = Aphi + nm, *b = Mphi + nm, *Mb = b + n, *MAphi = Mb + n, *Jnode = MAphi + n;
  for (int j = 0; j < m; ++j) {
    const double* phi = r->phi + (size_t)n * j;
    spin_apply(s, e, phi, Aphi + (size_t)n * j);
    pattern_mv(s->A, s->modal_M, phi, Mphi + (size_t)n * j);
  }
  /* b: the rigid spin's velocity per unit rate, e x x on the translations */
  memset(b, 0, (size_t)n * sizeof(double));
  for (int i = 0; i < s->n_nodes; ++i) {
    nsb_vec3 bt = nsb_v3_cross(e, nsb_st_x(&s->cur, i));
    double bv[3] = {bt.x, bt.y, bt.z};
    for (int k = 0; k < 3 && k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      if (eq >= 0) b[eq] = bv[k];
    }
  }
  pattern_mv(s->A, s->modal_M, b, Mb);
  for (int i = 0; i < m; ++i) {
    const double *Ai = Aphi + (size_t)n * i, *Mi = Mphi + (size_t)n * i;
    double fc = 0.0, fb = 0.0, g[3] = {0.0, 0.0, 0.0};
    for (int q = 0; q < n; ++q) {
      fc += Ai[q] * Mb[q];
      fb += Mi[q] * b[q];
    }
    sm->fc1[i] = fc;
    sm->fb1[i] = fb;
    /* Pg: M phi_i summed over each translation direction */
    for (int node = 0; node < s->n_nodes; ++node)
      for (int k = 0; k < 3 && k < s->ndof[node]; ++k) {
        int eq = s->node_eq[6 * node + k];
        if (eq >= 0) g[k] += Mi[eq];
      }
    for (int k = 0; k < 3; ++k) sm->Pg[i + (size_t)m * k] = g[k];
  }
  for (int j = 0; j < m; ++j) {
    const double *Aj = Aphi + (size_t)n * j, *Mj = Mphi + (size_t)n * j;
    pattern_mv(s->A, s->modal_M, Aj, MAphi);
    for (int i = 0; i < m; ++i) {
      const double *Ai = Aphi + (size_t)n * i, *Mi = Mphi + (size_t)n * i;
      double mai = 0.0, ami = 0.0, ama = 0.0;
      for (int q = 0; q < n; ++q) {
        mai += Mi[q] * Aj[q];    /* phi_i^T M A phi_j */
        ami += Ai[q] * Mj[q];    /* phi_i^T A^T M phi_j */
        ama += Ai[q] * MAphi[q]; /* phi_i^T A^T M A phi_j */
      }
      size_t ij = (size_t)i + (size_t)m * j;
      sm->G1[ij] = mai - ami;
      sm->Kc1[ij] = ama;
      sm->P1[ij] = mai;
    }
  }
  /* the rotary inertia's terms of the linearized rotation kinematics
     (docs/theory.md §7.5; e_n = R0^T e, E_n = [e_n]x, J the node's lumped
     rotary inertia in the frame of its rotation DOFs):
       G_r = J E_n + E_n J - [J e_n]x,  Kc_r = E_n^T J E_n + ([J e_n]x E_n + E_n [J e_n]x) / 2,
       fc_r = E_n^T J e_n */
  node_rotary_inertia(s, Jnode);
  for (int node = 0; node < s->n_nodes; ++node) {
    if (s->ndof[node] < 6) continue;
    int eqr[3], any = 0;
    for (int k = 0; k < 3; ++k) {
      eqr[k] = s->node_eq[6 * node + 3 + k];
      any |= eqr[k] >= 0;
    }
    if (!any) continue;
    nsb_mat3 J;
    memcpy(J.c, Jnode + (size_t)9 * (size_t)node, sizeof J.c);
    nsb_vec3 en = nsb_q_rotate_inv(nsb_st_q(&s->cur, node), e);
    nsb_vec3 Je = nsb_m3_mulv(J, en);
    nsb_mat3 Sj = nsb_m3_skew(Je), En = nsb_m3_skew(en), Et = nsb_m3_transpose(En);
    nsb_mat3 Rg = nsb_m3_add(nsb_m3_add(nsb_m3_mul(J, En), nsb_m3_mul(En, J)), nsb_m3_scale(-1.0, Sj));
    nsb_mat3 Rk = nsb_m3_add(nsb_m3_mul(Et, nsb_m3_mul(J, En)),
                             nsb_m3_scale(0.5, nsb_m3_add(nsb_m3_mul(Sj, En), nsb_m3_mul(En, Sj))));
    nsb_vec3 fr = nsb_m3_mulv(Et, Je);
    double frv[3] = {fr.x, fr.y, fr.z};
    for (int i = 0; i < m; ++i) {
      const double* pi = r->phi + (size_t)n * i;
      for (int a = 0; a < 3; ++a)
        if (eqr[a] >= 0) sm->fc1[i] += pi[eqr[a]] * frv[a];
      for (int j = 0; j < m; ++j) {
        const double* pj = r->phi + (size_t)n * j;
        double g = 0.0, k = 0.0;
        for (int a = 0; a < 3; ++a)
          for (int c = 0; c < 3; ++c) {
            if (eqr[a] < 0 || eqr[c] < 0) continue;
            double w = pi[eqr[a]] * pj[eqr[c]];
            g += w * Rg.c[a + 3 * c];
            k += w * Rk.c[a + 3 * c];
          }
        sm->G1[i + (size_t)m * j] += g;
        sm->Kc1[i + (size_t)m * j] += k;
      }
    }
  }
  NSB_FREE_ARRAY(s->ctx, Aphi, len, double);
  return NSB_OK;
}

nsb_vec3 nsb_system_modal_gravity(const nsb_system* s, double t) { return nsb_sys_make_ec(s, NSB_EVAL_STATIC, t).gravity; }

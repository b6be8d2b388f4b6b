/* modal.c -- subspace iteration with shift-invert for K phi = lambda M phi
 * (Bathe, Finite Element Procedures, §11.6).  See modal.h. */
#include "solver/modal.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* y = B x for the values Bv on the pattern of A */
static void pattern_mv(const nsb_csr* A, const double* Bv, const double* x, double* y) {
  for (int i = 0; i < A->n; ++i) {
    double s = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) s += Bv[p] * x[A->col[p]];
    y[i] = s;
  }
}

/* Backward error of the pair (lambda, x): |K_s x - lambda M x| /
   ((|K_s| + |lambda| |M|) |x|), with mx = M x given; kx is scratch. */
static double backward_error(const nsb_csr* A, const double* Ks, const double* x, const double* mx, double lam,
                             double normK, double normM, double* kx) {
  pattern_mv(A, Ks, x, kx);
  double r2 = 0.0, x2 = 0.0;
  for (int i = 0; i < A->n; ++i) {
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
  memset(r, 0, sizeof *r);
}

typedef struct work {
  double *X, *Y, *Xb, *KX, *MX, *Ar, *mu, *lam_prev;
  int* perm;
  size_t nq, qq;
  int q;
} work;

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
}

static int work_alloc(nsb_ctx* ctx, work* w, int n, int q) {
  memset(w, 0, sizeof *w);
  w->q = q;
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

int nsb_modal_solve(nsb_ctx* ctx, nsb_csr* A, nsb_linsolver* ls, const double* K_val, const double* M_val,
                    int n_modes, double shift, int shift_given, double tol, int max_iter, nsb_modal_result* out) {
  memset(out, 0, sizeof *out);
  int n = A->n;
  NSB_CHECK(ctx, n_modes >= 1, NSB_ERR_ARG, "modal analysis: the number of modes must be >= 1, got %d", n_modes);
  /* DOFs with mass bound the number of finite eigenvalues */
  int n_mass = 0;
  double trK = 0.0, trM = 0.0;
  for (int i = 0; i < n; ++i) {
    int p = find_entry(A, i, i);
    double mii = p >= 0 ? M_val[p] : 0.0;
    if (mii > 0.0) {
      ++n_mass;
      trM += mii;
      trK += fabs(K_val[p]);
    }
  }
  NSB_CHECK(ctx, n_mass >= n_modes, NSB_ERR_ARG,
            "modal analysis: %d modes requested, but only %d free DOFs carry mass (inertia)", n_modes, n_mass);
  /* constraint rows (multipliers: no stiffness and no mass on the diagonal)
     remove at most one DOF with mass each */
  int n_con = 0;
  for (int i = 0; i < n; ++i) {
    int p = find_entry(A, i, i);
    if (p < 0 || (K_val[p] == 0.0 && M_val[p] == 0.0)) ++n_con;
  }
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
  /* infinity norms for the backward error of an eigenpair */
  double normK = 0.0, normM = 0.0;
  for (int i = 0; i < n; ++i) {
    double rk = 0.0, rm = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      rk += fabs(Ks[p]);
      rm += fabs(M_val[p]);
    }
    normK = fmax(normK, rk);
    normM = fmax(normM, rm);
  }
  /* K_s - sigma M, factorized once */
  for (int p = 0; p < A->nnz; ++p) A->val[p] = Ks[p] - sigma * M_val[p];
  int st = nsb_linsolver_factor(ls, A);
  if (st < 0) {
    char why[300];
    snprintf(why, sizeof why, "%s", nsb_ctx_error_message(ctx));
    nsb_ctx_clear_error(ctx);
    NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
    return nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__,
                         "K - sigma M is singular at the shift sigma = %.6g (%s): a mechanism without mass, or a "
                         "shift on an eigenvalue",
                         sigma, why);
  }
  work w;
  st = work_alloc(ctx, &w, n, q);
  if (st < 0) {
    NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
    return st;
  }
  /* starting vectors: the mass diagonal, then pseudo-random vectors on the DOFs with mass */
  unsigned rng = 2463534242u;
  for (int i = 0; i < n; ++i) {
    int p = find_entry(A, i, i);
    double mii = p >= 0 ? M_val[p] : 0.0;
    w.X[i] = mii;
    for (int j = 1; j < q; ++j) {
      rng ^= rng << 13;
      rng ^= rng >> 17;
      rng ^= rng << 5;
      w.X[i + (size_t)n * j] = mii > 0.0 ? (double)(rng % 2001u) / 1000.0 - 1.0 : 0.0;
    }
  }
  for (int j = 0; j < q; ++j) pattern_mv(A, M_val, w.X + (size_t)n * j, w.Y + (size_t)n * j);
  for (int j = 0; j < q; ++j) w.lam_prev[j] = HUGE_VAL;
  int converged = 0, it = 0, reshifted = shift_given ? 3 : 0, n_small = 0;
  st = NSB_OK;
  while (!converged && it < max_iter && st == NSB_OK) {
    ++it;
    /* The automatic shift lies far below the spectrum (safe for free
       bodies), where the convergence factors (lambda_i - sigma) /
       (lambda_{q+1} - sigma) are close to 1.  After a few iterations move it
       up to a twentieth of the lowest elastic Ritz value (still below the
       spectrum: Ritz values are upper bounds) and factorize once more; again
       after 8 and 16 iterations if the estimate has come down by 10. */
    if (reshifted < 3 && (it == 4 || it == 8 || it == 16)) {
      ++reshifted;
      double low = HUGE_VAL;
      for (int j = 0; j < n_modes; ++j) {
        double lam = w.lam_prev[j];
        if (lam > 1e-6 * fabs(sigma) && lam < low) low = lam;
      }
      double s1 = -0.05 * low;
      if (low < HUGE_VAL && fabs(s1) < 0.1 * fabs(sigma)) {
        for (int p = 0; p < A->nnz; ++p) A->val[p] = Ks[p] - s1 * M_val[p];
        if (nsb_linsolver_factor(ls, A) == NSB_OK) {
          sigma = s1;
          out->shift = sigma;
        } else { /* keep the first shift */
          nsb_ctx_clear_error(ctx);
          for (int p = 0; p < A->nnz; ++p) A->val[p] = Ks[p] - sigma * M_val[p];
          st = nsb_linsolver_factor(ls, A);
          if (st < 0) break;
        }
      }
    }
    memcpy(w.Xb, w.Y, w.nq * sizeof(double));
    for (int j = 0; j < q && st == NSB_OK; ++j) st = nsb_linsolver_solve(ls, w.Xb + (size_t)n * j);
    if (st < 0) break;
    /* M-orthonormalize the iterates (modified Gram-Schmidt, twice): the
       projected mass matrix is then the identity, and a vector that has
       become dependent on the others (the subspace nearly spans all DOFs
       with mass) is replaced by a fresh one instead of breaking dsygv */
    for (int j = 0; j < q; ++j) {
      double* xj = w.Xb + (size_t)n * j;
      double* mj = w.MX + (size_t)n * j;
      for (int attempt = 0; attempt < 3; ++attempt) {
        pattern_mv(A, M_val, xj, mj);
        double n0 = 0.0;
        for (int i = 0; i < n; ++i) n0 += xj[i] * mj[i];
        for (int pass = 0; pass < 2; ++pass)
          for (int l = 0; l < j; ++l) {
            const double* xl = w.Xb + (size_t)n * l;
            double c = 0.0;
            for (int i = 0; i < n; ++i) c += xl[i] * mj[i];
            const double* ml = w.MX + (size_t)n * l;
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
          rng ^= rng << 13;
          rng ^= rng >> 17;
          rng ^= rng << 5;
          int pd = find_entry(A, i, i);
          mj[i] = pd >= 0 && M_val[pd] > 0.0 ? (double)(rng % 2001u) / 1000.0 - 1.0 : 0.0;
        }
        pattern_mv(A, M_val, mj, xj); /* carried into the constrained space by one step of the iteration */
        st = nsb_linsolver_solve(ls, xj);
        if (st < 0) break;
        if (attempt == 2) {
          st = nsb_ctx_error(ctx, NSB_ERR_LAPACK, __FILE__, __LINE__, __func__,
                             "modal analysis: cannot keep %d independent iteration vectors (%d DOFs with mass)", q,
                             n_mass);
        }
      }
      if (st < 0) break;
    }
    if (st < 0) break;
    for (int j = 0; j < q; ++j) pattern_mv(A, Ks, w.Xb + (size_t)n * j, w.KX + (size_t)n * j);
    gram(n, q, w.Xb, w.KX, w.Ar);
    for (int j = 0; j < q; ++j) w.Ar[j + q * j] -= sigma;
    symmetrize(q, w.Ar);
    lapack_int info = LAPACKE_dsyev(LAPACK_COL_MAJOR, 'V', 'U', q, w.Ar, q, w.mu);
    if (info != 0) {
      st = nsb_ctx_error(ctx, NSB_ERR_LAPACK, __FILE__, __LINE__, __func__,
                         "modal analysis: the projected eigenproblem failed (dsyev info %d)", (int)info);
      break;
    }
    /* Ritz pairs nearest the shift first (insertion sort on |mu|) */
    for (int j = 0; j < q; ++j) w.perm[j] = j;
    for (int j = 1; j < q; ++j) {
      int v = w.perm[j], k = j - 1;
      while (k >= 0 && fabs(w.mu[w.perm[k]]) > fabs(w.mu[v])) {
        w.perm[k + 1] = w.perm[k];
        --k;
      }
      w.perm[k + 1] = v;
    }
    combine(n, q, w.Xb, w.Ar, w.perm, w.X);
    combine(n, q, w.MX, w.Ar, w.perm, w.Y);
    /* converged: every wanted pair has a backward error below tol (it is
       exact for matrices perturbed by tol relative to their norms), and its
       eigenvalue has settled: changed by less than 1e-10 (|lambda| + |sigma|)
       in one iteration, or the pairs have stayed below tol for five
       iterations (the Rayleigh quotients then jitter at their round-off
       floor, of order eps |K| / lambda: 1e-9 with stiff axial DOFs) */
    int settled = 1, small = 1;
    for (int j = 0; j < n_modes; ++j) {
      double lam = w.mu[w.perm[j]] + sigma;
      if (!(fabs(lam - w.lam_prev[j]) <= 1e-10 * (fabs(lam) + fabs(sigma)))) settled = 0;
      w.lam_prev[j] = lam;
    }
    for (int j = 0; j < n_modes && small; ++j)
      if (!(backward_error(A, Ks, w.X + (size_t)n * j, w.Y + (size_t)n * j, w.lam_prev[j], normK, normM, w.KX) <=
            tol))
        small = 0;
    n_small = small ? n_small + 1 : 0;
    converged = small && (settled || n_small >= 5);
  }
  if (st == NSB_OK && !converged)
    st = nsb_ctx_error(ctx, NSB_ERR_NO_CONVERGENCE, __FILE__, __LINE__, __func__,
                       "modal analysis: subspace iteration did not converge in %d iterations (tolerance %.3g)",
                       max_iter, tol);
  if (st == NSB_OK) {
    out->n = n;
    out->n_modes = n_modes;
    out->iterations = it;
    out->lambda = NSB_NEW_ARRAY(ctx, n_modes, double);
    out->residual = NSB_NEW_ARRAY(ctx, n_modes, double);
    out->phi = NSB_NEW_ARRAY(ctx, (size_t)n * (size_t)n_modes, double);
    if (!out->lambda || !out->residual || !out->phi) {
      nsb_modal_result_free(ctx, out);
      st = nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal analysis: out of memory");
    }
  }
  if (st == NSB_OK) {
    /* the wanted pairs, ascending in lambda (insertion sort of the first n_modes) */
    int* order = w.perm; /* reused: indices 0..n_modes-1 into the converged columns */
    for (int j = 0; j < n_modes; ++j) order[j] = j;
    for (int j = 1; j < n_modes; ++j) {
      int v = order[j], k = j - 1;
      while (k >= 0 && w.lam_prev[order[k]] > w.lam_prev[v]) {
        order[k + 1] = order[k];
        --k;
      }
      order[k + 1] = v;
    }
    for (int j = 0; j < n_modes; ++j) {
      int c = order[j];
      out->lambda[j] = w.lam_prev[c];
      double* phi = out->phi + (size_t)n * j;
      memcpy(phi, w.X + (size_t)n * c, (size_t)n * sizeof(double));
      pattern_mv(A, M_val, phi, w.MX);
      out->residual[j] = backward_error(A, Ks, phi, w.MX, out->lambda[j], normK, normM, w.KX);
    }
  }
  work_free(ctx, &w);
  NSB_FREE_ARRAY(ctx, Ks, A->nnz, double);
  return st;
}

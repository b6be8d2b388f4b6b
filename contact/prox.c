/* prox.c -- projective (prox) contact solver: local step, Gauss-Seidel sweep,
 * augmented-Lagrangian solver.
 *
 * Reference: Studer 2008 (Numerics of Unilateral Contacts and Friction, LNACM
 * 47, 2009): every normal-cone inclusion -Lambda in N_C(xi) is written as
 * Lambda = prox_C(Lambda - r xi) and solved by Jacobi or Gauss-Seidel sweeps,
 * each contact followed by its projection; r_i = alpha / |W_ii| with
 * 0 < alpha < 2.  See prox.h and docs/contact.md §1-§2.
 */
#include "contact/prox.h"

#include <string.h>

/* ---- local step and Gauss-Seidel sweep ------------------------------------------ */

void nsb_prox_local_step(nsb_prox_friction friction, const nsb_prox_local* c, double out[3]) {
  double x[3] = {c->lambda[0] - c->r_xi[0], c->lambda[1] - c->r_xi[1], c->lambda[2] - c->r_xi[2]};
  if (friction == NSB_PROX_CONE && c->n_dir == 3) {
    nsb_prox_cone(x, c->mu, out);
    return;
  }
  out[1] = c->lambda[1];
  out[2] = c->lambda[2];
  if (c->n_dir == 3 && c->mu_stick > c->mu) {
    nsb_prox_coulomb_static(c->mu_stick, c->mu, x, out);
    return;
  }
  nsb_prox_coulomb(c->n_dir, c->mu, x, out);
}

/* |v| in the sweep's norm */
static double impulse_norm(nsb_prox_norm norm, int n_dir, const double* v) {
  if (norm == NSB_PROX_NORM_2) return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  double a = fabs(v[0]);
  for (int k = 1; k < n_dir; ++k) a = fmax(a, fabs(v[k]));
  return a;
}

int nsb_prox_gauss_seidel(const nsb_prox_gs* gs, nsb_prox_gs_stats* st) {
  nsb_prox_gs_stats s = {0.0, 0.0, 0.0};
  for (int k = 0; k < gs->n_contacts; ++k) {
    int i = gs->order ? gs->order[k] : k;
    NSB_ASSERT(i >= 0 && i < gs->n_contacts);
    nsb_prox_local c;
    memset(&c, 0, sizeof c);
    int taking_part = gs->ops->local(gs->data, i, &c);
    if (taking_part < 0) return taking_part;
    if (!taking_part) continue;
    NSB_ASSERT(c.n_dir == 1 || c.n_dir == 3);
    double lnew[3], dl[3] = {0.0, 0.0, 0.0};
    nsb_prox_local_step(gs->friction, &c, lnew);
    for (int d = 0; d < c.n_dir; ++d) dl[d] = lnew[d] - c.lambda[d];
    s.change = fmax(s.change, impulse_norm(gs->norm, c.n_dir, dl));
    s.size = fmax(s.size, impulse_norm(gs->norm, c.n_dir, lnew));
    s.size_before = fmax(s.size_before, impulse_norm(gs->norm, c.n_dir, c.lambda));
    gs->ops->update(gs->data, i, lnew, dl);
  }
  if (st) *st = s;
  return NSB_OK;
}

struct nsb_prox_solver {
  nsb_ctx* ctx;
  nsb_prox_def def;
  int capacity;
  double* gamma;   /* [3 cap] W Lambda + gamma_free */
  double* lam_new; /* [3 cap] Jacobi iterate / residual scratch */
  double* r;       /* [cap]   per-contact step */
};

/* ---- dense Delassus ------------------------------------------------------- */

static int dense_apply(void* data, const double* x, double* y) {
  const nsb_delassus_dense* d = data;
  int n = 3 * d->n_contacts;
  for (int i = 0; i < n; ++i) y[i] = 0.0;
  for (int j = 0; j < n; ++j) {
    double xj = x[j];
    if (xj == 0.0) continue;
    const double* col = d->w + (size_t)j * (size_t)d->ld;
    for (int i = 0; i < n; ++i) y[i] += col[i] * xj;
  }
  return NSB_OK;
}

static int dense_row_block(void* data, int i_contact, const double* x, double* y) {
  const nsb_delassus_dense* d = data;
  int n = 3 * d->n_contacts, i0 = 3 * i_contact;
  double y0 = 0.0, y1 = 0.0, y2 = 0.0;
  for (int j = 0; j < n; ++j) {
    double xj = x[j];
    if (xj == 0.0) continue;
    const double* col = d->w + (size_t)j * (size_t)d->ld + i0;
    y0 += col[0] * xj;
    y1 += col[1] * xj;
    y2 += col[2] * xj;
  }
  y[0] = y0;
  y[1] = y1;
  y[2] = y2;
  return NSB_OK;
}

static int dense_diag_block(void* data, int i_contact, double* b) {
  const nsb_delassus_dense* d = data;
  int i0 = 3 * i_contact;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) b[i + 3 * j] = d->w[(size_t)(i0 + j) * (size_t)d->ld + (size_t)(i0 + i)];
  return NSB_OK;
}

static const nsb_delassus_ops dense_ops = {dense_apply, dense_row_block, dense_diag_block};

nsb_delassus nsb_delassus_dense_view(nsb_delassus_dense* d, int n_contacts, const double* w, int ld) {
  d->w = w;
  d->ld = ld;
  d->n_contacts = n_contacts;
  nsb_delassus op = {&dense_ops, d, n_contacts};
  return op;
}

/* ---- solver --------------------------------------------------------------- */

nsb_prox_def nsb_prox_default_def(void) {
  nsb_prox_def d;
  d.sweep = NSB_PROX_GAUSS_SEIDEL;
  d.friction = NSB_PROX_SPLIT;
  d.alpha = 1.0;
  d.max_sweeps = 10000;
  d.tol_lambda = 1e-13;
  d.tol_gamma = 1e-12;
  return d;
}

int nsb_prox_create(nsb_ctx* ctx, const nsb_prox_def* def, int max_contacts, nsb_prox_solver** out) {
  *out = NULL;
  NSB_CHECK(ctx, max_contacts >= 0, NSB_ERR_ARG, "prox: max_contacts = %d < 0", max_contacts);
  NSB_CHECK(ctx, def->alpha > 0.0 && def->alpha < 2.0, NSB_ERR_ARG, "prox: alpha = %g not in (0, 2)", def->alpha);
  NSB_CHECK(ctx, def->max_sweeps > 0, NSB_ERR_ARG, "prox: max_sweeps = %d", def->max_sweeps);
  nsb_prox_solver* s = nsb_alloc(ctx, sizeof *s);
  NSB_CHECK(ctx, s != NULL, NSB_ERR_ALLOC, "prox: out of memory");
  s->ctx = ctx;
  s->def = *def;
  s->capacity = max_contacts;
  int cap = max_contacts > 0 ? max_contacts : 1;
  s->gamma = NSB_NEW_ARRAY(ctx, 3 * cap, double);
  s->lam_new = NSB_NEW_ARRAY(ctx, 3 * cap, double);
  s->r = NSB_NEW_ARRAY(ctx, cap, double);
  if (!s->gamma || !s->lam_new || !s->r) {
    nsb_prox_destroy(&s);
    NSB_CHECK(ctx, 0, NSB_ERR_ALLOC, "prox: out of memory");
  }
  *out = s;
  return NSB_OK;
}

void nsb_prox_destroy(nsb_prox_solver** sp) {
  if (!sp || !*sp) return;
  nsb_prox_solver* s = *sp;
  int cap = s->capacity > 0 ? s->capacity : 1;
  NSB_FREE_ARRAY(s->ctx, s->gamma, 3 * cap, double);
  NSB_FREE_ARRAY(s->ctx, s->lam_new, 3 * cap, double);
  NSB_FREE_ARRAY(s->ctx, s->r, cap, double);
  nsb_free(s->ctx, s, sizeof *s);
  *sp = NULL;
}

/* Contact i of a problem on a dense operator, at the impulses lam and the
 * contact velocities gam = (W lambda + gamma_free)_i, with step r:
 *   xi_N = gamma_N + e gamma_N^A,   xi_T = gamma_T,
 *   split: L_N' = prox_R+(L_N - r xi_N),  L_T' = prox_D(mu L_N')(L_T - r xi_T)
 *   cone:  L'   = prox_K_mu(L - r xi) */
static void problem_local(const nsb_prox_problem* p, int i, double r, const double* lam, const double* gam,
                          nsb_prox_local* c) {
  double e = p->e ? p->e[i] : 0.0, ga = p->gamma_pre ? p->gamma_pre[i] : 0.0;
  c->n_dir = 3;
  c->mu = p->mu ? p->mu[i] : 0.0;
  c->mu_stick = 0.0;
  memcpy(c->lambda, lam, sizeof c->lambda);
  c->r_xi[0] = r * (gam[0] + e * ga);
  c->r_xi[1] = r * gam[1];
  c->r_xi[2] = r * gam[2];
}

static double dist3(const double* a, const double* b) {
  double d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2];
  return sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}

/* gamma = W lambda + gamma_free */
static int full_gamma(const nsb_delassus* w, const double* gf, const double* lam, double* gam) {
  NSB_CALL(w->ops->apply(w->data, lam, gam));
  for (int k = 0; k < 3 * w->n_contacts; ++k) gam[k] += gf[k];
  return NSB_OK;
}

/* Gauss-Seidel on a Delassus operator: contact i's velocity from the row
   block at the latest impulses (the impulses live in one flat array). */
typedef struct dense_sweep {
  const nsb_delassus* w;
  const nsb_prox_problem* prob;
  const double* r;
  double* lambda;
} dense_sweep;

static int dense_local(void* data, int i, nsb_prox_local* c) {
  const dense_sweep* ds = data;
  if (ds->r[i] == 0.0) return 0;
  double g[3];
  NSB_CALL(ds->w->ops->row_block(ds->w->data, i, ds->lambda, g));
  for (int k = 0; k < 3; ++k) g[k] += ds->prob->gamma_free[3 * i + k];
  problem_local(ds->prob, i, ds->r[i], ds->lambda + 3 * i, g, c);
  return 1;
}

static void dense_update(void* data, int i, const double* lambda, const double* dlambda) {
  (void)dlambda;
  const dense_sweep* ds = data;
  memcpy(ds->lambda + 3 * i, lambda, 3 * sizeof(double));
}

static const nsb_prox_gs_ops dense_sweep_ops = {dense_local, dense_update};

int nsb_prox_solve(nsb_prox_solver* s, const nsb_delassus* w, const nsb_prox_problem* prob, double* lambda,
                   double* gamma_out, nsb_prox_stats* stats) {
  nsb_ctx* ctx = s->ctx;
  const nsb_prox_def* def = &s->def;
  int n = w->n_contacts;
  NSB_CHECK(ctx, n >= 0 && n <= s->capacity, NSB_ERR_ARG, "prox: %d contacts, capacity %d", n, s->capacity);
  NSB_CHECK(ctx, def->sweep != NSB_PROX_GAUSS_SEIDEL || w->ops->row_block, NSB_ERR_ARG,
            "prox: Gauss-Seidel needs the row_block operation");
  nsb_prox_stats st = {0, 0.0, 0.0, 0};
  /* r_i = alpha / |W_ii|_F (Studer 2008) */
  for (int i = 0; i < n; ++i) {
    double b[9], f = 0.0;
    NSB_CALL(w->ops->diag_block(w->data, i, b));
    for (int k = 0; k < 9; ++k) f += b[k] * b[k];
    f = sqrt(f);
    s->r[i] = f > 0.0 ? def->alpha / f : 0.0;
    if (s->r[i] == 0.0) lambda[3 * i] = lambda[3 * i + 1] = lambda[3 * i + 2] = 0.0;
  }
  static const double zero3[3] = {0.0, 0.0, 0.0};
  double* gam = s->gamma;
  dense_sweep ds = {w, prob, s->r, lambda};
  nsb_prox_gs gs = {&dense_sweep_ops, &ds, n, prob->order, def->friction, NSB_PROX_NORM_2};
  for (int it = 1; it <= def->max_sweeps && n > 0; ++it) {
    double change = 0.0, lmax = 0.0;
    if (def->sweep == NSB_PROX_JACOBI) {
      NSB_CALL(full_gamma(w, prob->gamma_free, lambda, gam));
      for (int i = 0; i < n; ++i) {
        double* ln = s->lam_new + 3 * i;
        if (s->r[i] == 0.0) {
          ln[0] = ln[1] = ln[2] = 0.0;
          continue;
        }
        nsb_prox_local c;
        problem_local(prob, i, s->r[i], lambda + 3 * i, gam + 3 * i, &c);
        nsb_prox_local_step(def->friction, &c, ln);
        double d = dist3(ln, lambda + 3 * i), l = dist3(ln, zero3);
        if (d > change) change = d;
        if (l > lmax) lmax = l;
      }
      memcpy(lambda, s->lam_new, (size_t)(3 * n) * sizeof(double));
    } else {
      nsb_prox_gs_stats gst;
      NSB_CALL(nsb_prox_gauss_seidel(&gs, &gst));
      change = gst.change;
      lmax = gst.size;
    }
    st.sweeps = it;
    st.change = change;
    NSB_CHECK(ctx, isfinite(change), NSB_ERR_NOT_FINITE, "prox: non-finite impulse in sweep %d", it);
    if (change > def->tol_lambda * lmax) continue;
    /* change small: check the complementarity residual with fresh velocities,
       relative to the problem's velocities (the largest of the free and
       current ones, the restitution's e gamma_pre and the impulses' own
       |W_ii| |Lambda_i| / alpha, the size of the terms whose round-off the
       residual carries), so that the stop is the same in any unit system */
    NSB_CALL(full_gamma(w, prob->gamma_free, lambda, gam));
    double res = 0.0, vmax = 0.0;
    for (int i = 0; i < n; ++i) {
      if (s->r[i] == 0.0) continue;
      double lp[3];
      nsb_prox_local c;
      problem_local(prob, i, s->r[i], lambda + 3 * i, gam + 3 * i, &c);
      nsb_prox_local_step(def->friction, &c, lp);
      double d = dist3(lp, lambda + 3 * i) / s->r[i];
      if (d > res) res = d;
      vmax = fmax(vmax, fmax(dist3(prob->gamma_free + 3 * i, zero3), dist3(gam + 3 * i, zero3)));
      vmax = fmax(vmax, dist3(lambda + 3 * i, zero3) / s->r[i]);
      if (prob->e && prob->gamma_pre) vmax = fmax(vmax, fabs(prob->e[i] * prob->gamma_pre[i]));
    }
    st.residual = res;
    if (res <= def->tol_gamma * vmax) {
      st.converged = 1;
      break;
    }
  }
  if (n == 0) st.converged = 1;
  if (gamma_out) {
    if (n > 0 && !st.converged) NSB_CALL(full_gamma(w, prob->gamma_free, lambda, gam));
    if (n > 0) memcpy(gamma_out, gam, (size_t)(3 * n) * sizeof(double));
  }
  if (stats) *stats = st;
  NSB_CHECK(ctx, st.converged, NSB_ERR_NO_CONVERGENCE,
            "prox: no convergence after %d sweeps (change %.3g, residual %.3g)", st.sweeps, st.change, st.residual);
  return NSB_OK;
}

/* ---- exact solution of a small LCP -------------------------------------------- */

/* Cholesky A = L L^T in place (lower triangle, n x n, ld n); 0 if a pivot is
   not above 1e-13 times the largest diagonal entry (not positive definite). */
static int small_cholesky(double* a, int n) {
  double dmax = 0.0;
  for (int i = 0; i < n; ++i) dmax = fmax(dmax, a[i + i * n]);
  for (int j = 0; j < n; ++j) {
    double d = a[j + j * n];
    for (int k = 0; k < j; ++k) d -= a[j + k * n] * a[j + k * n];
    if (!(d > 1e-13 * dmax)) return 0;
    d = sqrt(d);
    a[j + j * n] = d;
    for (int i = j + 1; i < n; ++i) {
      double s = a[i + j * n];
      for (int k = 0; k < j; ++k) s -= a[i + k * n] * a[j + k * n];
      a[i + j * n] = s / d;
    }
  }
  return 1;
}

/* Solve L L^T x = b in place (b overwritten by x). */
static void small_cholesky_solve(const double* l, int n, double* b) {
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= l[i + k * n] * b[k];
    b[i] = s / l[i + i * n];
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= l[k + i * n] * b[k];
    b[i] = s / l[i + i * n];
  }
}

int nsb_lcp_exact(nsb_ctx* ctx, int n, const double* A, int lda, const double* q, double* z, double* w,
                  double* work) {
  NSB_CHECK(ctx, n >= 0 && n <= NSB_LCP_EXACT_MAX && lda >= n, NSB_ERR_ARG, "lcp: n = %d (at most %d), lda = %d", n,
            NSB_LCP_EXACT_MAX, lda);
  double* ls = work;                         /* [n*n] A_SS, then its factor */
  double* zs = work + (size_t)n * (size_t)n; /* [n] z_S */
  double* ww = zs + n;                       /* [n] w */
  double qmax = 0.0, amax = 0.0;
  for (int i = 0; i < n; ++i) {
    qmax = fmax(qmax, fabs(q[i]));
    for (int j = 0; j < n; ++j) amax = fmax(amax, fabs(A[i + (size_t)j * (size_t)lda]));
  }
  /* supports in order of size, so that a basic solution is found first */
  for (int size = 0; size <= n; ++size)
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      int s[NSB_LCP_EXACT_MAX], ns = 0;
      for (int i = 0; i < n; ++i)
        if (mask & (1u << i)) s[ns++] = i;
      if (ns != size) continue;
      for (int b = 0; b < ns; ++b) {
        zs[b] = -q[s[b]];
        for (int a = 0; a < ns; ++a) ls[a + b * ns] = A[s[a] + (size_t)s[b] * (size_t)lda];
      }
      if (ns > 0) {
        if (!small_cholesky(ls, ns)) continue;
        small_cholesky_solve(ls, ns, zs);
      }
      double zmax = 0.0;
      for (int b = 0; b < ns; ++b) zmax = fmax(zmax, fabs(zs[b]));
      double tol_z = 1e-12 * zmax, tol_w = 1e-12 * (qmax + amax * zmax);
      int ok = 1;
      for (int b = 0; b < ns && ok; ++b) ok = zs[b] >= -tol_z;
      for (int i = 0; i < n && ok; ++i) {
        double wi = q[i];
        for (int b = 0; b < ns; ++b) wi += A[i + (size_t)s[b] * (size_t)lda] * zs[b];
        ww[i] = wi;
        ok = (mask & (1u << i)) || wi >= -tol_w;
      }
      if (!ok) continue;
      for (int i = 0; i < n; ++i) z[i] = 0.0;
      for (int b = 0; b < ns; ++b) z[s[b]] = fmax(zs[b], 0.0);
      if (w)
        for (int i = 0; i < n; ++i) w[i] = (mask & (1u << i)) ? 0.0 : fmax(ww[i], 0.0);
      return NSB_OK;
    }
  NSB_CHECK(ctx, 0, NSB_ERR_NO_CONVERGENCE, "lcp: no support of the %d unknowns satisfies complementarity", n);
  return NSB_ERR_NO_CONVERGENCE;
}

/* impact.c -- closed-form hybrid impact (Fischer & Hennig) and
 * multi-contact Newton / sequential / Poisson impact laws (Waltersberger
 * 2007, eqs. 3.94-3.98, Schema 5.3 and eqs. 5.10-5.13).  See impact.h and
 * docs/contact.md.
 */
#include "contact/impact.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* ---- hybrid closed form ------------------------------------------------------ */

struct nsb_hybrid_impact {
  nsb_ctx* ctx;
  int n, n_b;
  double* K;       /* [(n+n_b)^2] saddle matrix, LU in place */
  double* x;       /* [n+n_b] rhs -> (u, v) */
  lapack_int* piv; /* [n+n_b] */
};

int nsb_hybrid_impact_create(nsb_ctx* ctx, int n, int n_b, nsb_hybrid_impact** out) {
  *out = NULL;
  NSB_CHECK(ctx, n > 0 && n_b >= 0 && n_b < n, NSB_ERR_ARG, "hybrid impact: n = %d, n_b = %d", n, n_b);
  nsb_hybrid_impact* hi = nsb_alloc(ctx, sizeof *hi);
  NSB_CHECK(ctx, hi != NULL, NSB_ERR_ALLOC, "hybrid impact: out of memory");
  int N = n + n_b;
  hi->ctx = ctx;
  hi->n = n;
  hi->n_b = n_b;
  hi->K = NSB_NEW_ARRAY(ctx, (size_t)N * (size_t)N, double);
  hi->x = NSB_NEW_ARRAY(ctx, N, double);
  hi->piv = NSB_NEW_ARRAY(ctx, N, lapack_int);
  if (!hi->K || !hi->x || !hi->piv) {
    nsb_hybrid_impact_destroy(&hi);
    NSB_CHECK(ctx, 0, NSB_ERR_ALLOC, "hybrid impact: out of memory");
  }
  *out = hi;
  return NSB_OK;
}

void nsb_hybrid_impact_destroy(nsb_hybrid_impact** hp) {
  if (!hp || !*hp) return;
  nsb_hybrid_impact* hi = *hp;
  int N = hi->n + hi->n_b;
  NSB_FREE_ARRAY(hi->ctx, hi->K, (size_t)N * (size_t)N, double);
  NSB_FREE_ARRAY(hi->ctx, hi->x, N, double);
  NSB_FREE_ARRAY(hi->ctx, hi->piv, N, lapack_int);
  nsb_free(hi->ctx, hi, sizeof *hi);
  *hp = NULL;
}

int nsb_hybrid_impact_solve(nsb_hybrid_impact* hi, const double* G, int ldg, const double* B, int ldb,
                            const double* h, double h0, const double* qdot1, double kappa, double* dq,
                            double* p, nsb_hybrid_result* res) {
  nsb_ctx* ctx = hi->ctx;
  int n = hi->n, nb = hi->n_b, N = n + nb;
  NSB_CHECK(ctx, ldg >= n && (nb == 0 || (B && ldb >= n)), NSB_ERR_ARG, "hybrid impact: bad leading dimension");
  /* K = [[G, -B], [-B^T, 0]], column-major */
  double* K = hi->K;
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      double kij = 0.0;
      if (i < n && j < n) kij = G[i + (size_t)j * (size_t)ldg];
      else if (i < n) kij = -B[i + (size_t)(j - n) * (size_t)ldb];
      else if (j < n) kij = -B[j + (size_t)(i - n) * (size_t)ldb];
      K[i + (size_t)j * (size_t)N] = kij;
    }
  for (int i = 0; i < N; ++i) hi->x[i] = i < n ? h[i] : 0.0;
  lapack_int info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, N, 1, K, N, hi->piv, hi->x, N);
  NSB_CHECK(ctx, info >= 0, NSB_ERR_LAPACK, "hybrid impact: dgesv argument %d illegal", (int)-info);
  NSB_CHECK(ctx, info == 0, NSB_ERR_SINGULAR, "hybrid impact: saddle matrix (9) singular (U(%d,%d) = 0)",
            (int)info, (int)info);
  const double* u = hi->x;
  double hu = 0.0, hq = h0;
  double scale = 0.0;
  for (int i = 0; i < n; ++i) {
    hu += h[i] * u[i];
    hq += h[i] * qdot1[i];
    scale += fabs(h[i] * u[i]);
  }
  NSB_CHECK(ctx, fabs(hu) > 1e-14 * scale && hu != 0.0, NSB_ERR_SINGULAR,
            "hybrid impact: h^T u = %g (impact direction blocked by the constraints)", hu);
  /* (10)-(11): p0 = -(1 + kappa)(h^T qdot1 + h0)/(h^T u) */
  double p0 = -(1.0 + kappa) * hq / hu;
  if (dq)
    for (int i = 0; i < n; ++i) dq[i] = p0 * u[i];
  if (p)
    for (int k = 0; k < nb; ++k) p[k] = p0 * hi->x[n + k];
  if (res) {
    res->p0 = p0;
    res->h_u = hu;
    res->u = hi->x;
    res->v = hi->x + n;
  }
  return NSB_OK;
}

/* ---- multi-contact impact -------------------------------------------------- */

struct nsb_impact {
  nsb_ctx* ctx;
  nsb_impact_def def;
  int n_c;               /* contacts of the current system */
  double* L;             /* [n*n] Cholesky factor of M */
  double* J;             /* [n*3mc] copy of J, ld n */
  double* X;             /* [n*3mc] M^-1 J, ld n */
  double* W;             /* [3mc*3mc] J^T M^-1 J, ld 3 n_c */
  double* Wsub;          /* [3mc*3mc] sub-problem W, ld 3 |A| */
  double* gf;            /* [3mc] */
  double* gpre;          /* [mc] */
  double* esub;          /* [mc] */
  double* lam;           /* [3mc] */
  double* u;             /* [n] */
  double* WN;            /* [mc*mc] normal Delassus matrix, ld n_c (Poisson) */
  double* qn;            /* [mc] LCP data (Poisson) */
  double* lc;            /* [mc] compression impulses (Poisson) */
  double* lr;            /* [mc] expansion impulses beyond Diag(e) Lambda_C (Poisson) */
  double* lcp_work;      /* [NSB_LCP_EXACT_WORK(min(mc, NSB_LCP_EXACT_MAX))] */
  int* idx;              /* [mc] */
  nsb_prox_solver* prox;
};

nsb_impact_def nsb_impact_default_def(void) {
  nsb_impact_def d;
  d.n_dof = 0;
  d.max_contacts = 0;
  d.prox = nsb_prox_default_def();
  d.tol_seq = 1e-12;
  d.max_seq = 1000;
  d.lcp_exact_max = NSB_LCP_EXACT_MAX;
  return d;
}

#define IMPACT_ARRAYS(X_)                                  \
  X_(L, (size_t)n * (size_t)n, double)                      \
  X_(J, (size_t)n * (size_t)m3, double)                     \
  X_(X, (size_t)n * (size_t)m3, double)                     \
  X_(W, (size_t)m3 * (size_t)m3, double)                    \
  X_(Wsub, (size_t)m3 * (size_t)m3, double)                 \
  X_(gf, m3, double)                                        \
  X_(gpre, mc, double)                                      \
  X_(esub, mc, double)                                      \
  X_(lam, m3, double)                                       \
  X_(u, n, double)                                          \
  X_(WN, (size_t)mc * (size_t)mc, double)                   \
  X_(qn, mc, double)                                        \
  X_(lc, mc, double)                                        \
  X_(lr, mc, double)                                        \
  X_(lcp_work, NSB_LCP_EXACT_WORK(mc < NSB_LCP_EXACT_MAX ? mc : NSB_LCP_EXACT_MAX), double) \
  X_(idx, mc, int)

int nsb_impact_create(nsb_ctx* ctx, const nsb_impact_def* def, nsb_impact** out) {
  *out = NULL;
  NSB_CHECK(ctx, def->n_dof > 0 && def->max_contacts > 0, NSB_ERR_ARG, "impact: n_dof = %d, max_contacts = %d",
            def->n_dof, def->max_contacts);
  NSB_CHECK(ctx, def->max_seq > 0 && def->tol_seq >= 0.0, NSB_ERR_ARG, "impact: bad sequential parameters");
  NSB_CHECK(ctx, def->lcp_exact_max >= 0 && def->lcp_exact_max <= NSB_LCP_EXACT_MAX, NSB_ERR_ARG,
            "impact: lcp_exact_max = %d (0 .. %d)", def->lcp_exact_max, NSB_LCP_EXACT_MAX);
  nsb_impact* imp = nsb_alloc(ctx, sizeof *imp);
  NSB_CHECK(ctx, imp != NULL, NSB_ERR_ALLOC, "impact: out of memory");
  imp->ctx = ctx;
  imp->def = *def;
  int n = def->n_dof, mc = def->max_contacts, m3 = 3 * mc;
  int ok = 1;
#define ALLOC_(name, count, T)                 \
  imp->name = NSB_NEW_ARRAY(ctx, count, T);    \
  if (!imp->name) ok = 0;
  IMPACT_ARRAYS(ALLOC_)
#undef ALLOC_
  int st = ok ? nsb_prox_create(ctx, &def->prox, mc, &imp->prox) : NSB_ERR_ALLOC;
  if (st != NSB_OK) {
    nsb_impact_destroy(&imp);
    return nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__, "impact: workspace creation failed");
  }
  *out = imp;
  return NSB_OK;
}

void nsb_impact_destroy(nsb_impact** ip) {
  if (!ip || !*ip) return;
  nsb_impact* imp = *ip;
  int n = imp->def.n_dof, mc = imp->def.max_contacts, m3 = 3 * mc;
  (void)n;
#define FREE_(name, count, T) NSB_FREE_ARRAY(imp->ctx, imp->name, count, T);
  IMPACT_ARRAYS(FREE_)
#undef FREE_
  nsb_prox_destroy(&imp->prox);
  nsb_free(imp->ctx, imp, sizeof *imp);
  *ip = NULL;
}

int nsb_impact_set_system(nsb_impact* imp, const double* M, int ldm, int n_contacts, const double* J, int ldj) {
  nsb_ctx* ctx = imp->ctx;
  int n = imp->def.n_dof;
  NSB_CHECK(ctx, n_contacts >= 0 && n_contacts <= imp->def.max_contacts, NSB_ERR_ARG,
            "impact: %d contacts, capacity %d", n_contacts, imp->def.max_contacts);
  NSB_CHECK(ctx, ldm >= n && ldj >= n, NSB_ERR_ARG, "impact: bad leading dimension");
  int m3 = 3 * n_contacts;
  imp->n_c = n_contacts;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) imp->L[i + (size_t)j * (size_t)n] = M[i + (size_t)j * (size_t)ldm];
  for (int j = 0; j < m3; ++j)
    for (int i = 0; i < n; ++i)
      imp->J[i + (size_t)j * (size_t)n] = imp->X[i + (size_t)j * (size_t)n] = J[i + (size_t)j * (size_t)ldj];
  lapack_int info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, imp->L, n);
  NSB_CHECK(ctx, info >= 0, NSB_ERR_LAPACK, "impact: dpotrf argument %d illegal", (int)-info);
  NSB_CHECK(ctx, info == 0, NSB_ERR_SINGULAR, "impact: mass matrix not positive definite (minor %d)", (int)info);
  if (m3 > 0) {
    info = LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n, m3, imp->L, n, imp->X, n);
    NSB_CHECK(ctx, info == 0, NSB_ERR_LAPACK, "impact: dpotrs info %d", (int)info);
  }
  /* W = J^T X, symmetrised */
  for (int b = 0; b < m3; ++b)
    for (int a = 0; a <= b; ++a) {
      const double* ja = imp->J + (size_t)a * (size_t)n;
      const double* xb = imp->X + (size_t)b * (size_t)n;
      const double* jb = imp->J + (size_t)b * (size_t)n;
      const double* xa = imp->X + (size_t)a * (size_t)n;
      double s1 = 0.0, s2 = 0.0;
      for (int k = 0; k < n; ++k) {
        s1 += ja[k] * xb[k];
        s2 += jb[k] * xa[k];
      }
      imp->W[a + (size_t)b * (size_t)m3] = imp->W[b + (size_t)a * (size_t)m3] = 0.5 * (s1 + s2);
    }
  return NSB_OK;
}

const double* nsb_impact_delassus(const nsb_impact* imp) { return imp->W; }

/* out[k] = J[:, c]^T v for c = 3 i + k */
static void contact_velocity(const nsb_impact* imp, int i, const double* v, double* out) {
  int n = imp->def.n_dof;
  for (int k = 0; k < 3; ++k) {
    const double* jc = imp->J + (size_t)(3 * i + k) * (size_t)n;
    double s = 0.0;
    for (int d = 0; d < n; ++d) s += jc[d] * v[d];
    out[k] = s;
  }
}

/* v += X[:, 3i..3i+2] lam[0..2] */
static void add_impulse(const nsb_impact* imp, int i, const double* lam, double* v) {
  int n = imp->def.n_dof;
  for (int k = 0; k < 3; ++k) {
    if (lam[k] == 0.0) continue;
    const double* xc = imp->X + (size_t)(3 * i + k) * (size_t)n;
    for (int d = 0; d < n; ++d) v[d] += xc[d] * lam[k];
  }
}

int nsb_impact_newton(nsb_impact* imp, const double* e, const double* mu, const double* v_minus,
                      double* v_plus, double* lambda, nsb_impact_stats* stats) {
  int n = imp->def.n_dof, nc = imp->n_c;
  for (int i = 0; i < nc; ++i) {
    contact_velocity(imp, i, v_minus, imp->gf + 3 * i);
    imp->gpre[i] = imp->gf[3 * i];
    imp->esub[i] = (e && imp->gpre[i] < 0.0) ? e[i] : 0.0;
  }
  memset(imp->lam, 0, (size_t)(3 * nc) * sizeof(double));
  nsb_delassus_dense dd;
  nsb_delassus w = nsb_delassus_dense_view(&dd, nc, imp->W, 3 * nc > 0 ? 3 * nc : 1);
  nsb_prox_problem prob = {imp->gf, imp->gpre, imp->esub, mu, NULL};
  nsb_prox_stats ps;
  NSB_CALL(nsb_prox_solve(imp->prox, &w, &prob, imp->lam, NULL, &ps));
  memmove(v_plus, v_minus, (size_t)n * sizeof(double));
  for (int i = 0; i < nc; ++i) add_impulse(imp, i, imp->lam + 3 * i, v_plus);
  if (lambda) memcpy(lambda, imp->lam, (size_t)(3 * nc) * sizeof(double));
  if (stats) {
    stats->sub_impacts = 1;
    stats->capped = 0;
    stats->prox_sweeps = ps.sweeps;
  }
  return NSB_OK;
}

int nsb_impact_sequential(nsb_impact* imp, const double* e, const double* v_minus, double* v_plus,
                          double* lambda, nsb_impact_stats* stats) {
  int n = imp->def.n_dof, nc = imp->n_c, m3 = 3 * nc;
  double* u = imp->u;
  memcpy(u, v_minus, (size_t)n * sizeof(double));
  if (lambda) memset(lambda, 0, (size_t)m3 * sizeof(double));
  nsb_impact_stats st = {0, 0, 0};
  /* the approach threshold is relative to the largest normal contact velocity at
     entry, so that the sequence does not depend on the unit of velocity */
  double gscale = 0.0;
  for (int i = 0; i < nc; ++i) {
    double g[3];
    contact_velocity(imp, i, u, g);
    gscale = fmax(gscale, fabs(g[0]));
  }
  const double tol = imp->def.tol_seq * gscale;
  for (;;) {
    /* A_seq(u^l) = {i : J_Ni^T u^l < -tol}  (5.14) */
    int na = 0;
    for (int i = 0; i < nc; ++i) {
      double g[3];
      contact_velocity(imp, i, u, g);
      if (g[0] < -tol) {
        imp->idx[na] = i;
        imp->gf[3 * na] = g[0];
        imp->gf[3 * na + 1] = g[1];
        imp->gf[3 * na + 2] = g[2];
        imp->gpre[na] = g[0]; /* restitution on the sub-step velocity u^l */
        imp->esub[na] = e ? e[i] : 0.0;
        ++na;
      }
    }
    if (na == 0) break;
    if (st.sub_impacts == imp->def.max_seq) {
      st.capped = 1;
      break;
    }
    /* W restricted to A: blocks (idx[a], idx[b]) */
    int s3 = 3 * na;
    for (int b = 0; b < na; ++b)
      for (int cb = 0; cb < 3; ++cb)
        for (int a = 0; a < na; ++a)
          for (int ca = 0; ca < 3; ++ca)
            imp->Wsub[(3 * a + ca) + (size_t)(3 * b + cb) * (size_t)s3] =
                imp->W[(3 * imp->idx[a] + ca) + (size_t)(3 * imp->idx[b] + cb) * (size_t)m3];
    memset(imp->lam, 0, (size_t)s3 * sizeof(double));
    nsb_delassus_dense dd;
    nsb_delassus w = nsb_delassus_dense_view(&dd, na, imp->Wsub, s3);
    nsb_prox_problem prob = {imp->gf, imp->gpre, imp->esub, NULL, NULL};
    nsb_prox_stats ps;
    NSB_CALL(nsb_prox_solve(imp->prox, &w, &prob, imp->lam, NULL, &ps));
    st.prox_sweeps += ps.sweeps;
    for (int a = 0; a < na; ++a) {
      int i = imp->idx[a];
      add_impulse(imp, i, imp->lam + 3 * a, u);
      if (lambda)
        for (int k = 0; k < 3; ++k) lambda[3 * i + k] += imp->lam[3 * a + k];
    }
    ++st.sub_impacts;
  }
  memcpy(v_plus, u, (size_t)n * sizeof(double));
  if (stats) *stats = st;
  return NSB_OK;
}

/* ---- Poisson law ------------------------------------------------------------- */

/* One phase of the Poisson law: 0 <= z _|_ W_N z + q >= 0 for the n_c normal
   impulses (q = imp->qn), exactly for few contacts, else by prox sweeps on the
   full W with frictionless contacts (the tangential impulses stay 0). */
static int poisson_phase(nsb_impact* imp, double* z, nsb_impact_stats* st) {
  int nc = imp->n_c;
  if (nc <= imp->def.lcp_exact_max) return nsb_lcp_exact(imp->ctx, nc, imp->WN, nc, imp->qn, z, NULL, imp->lcp_work);
  for (int i = 0; i < nc; ++i) {
    imp->gf[3 * i] = imp->qn[i];
    imp->gf[3 * i + 1] = imp->gf[3 * i + 2] = 0.0;
  }
  memset(imp->lam, 0, (size_t)(3 * nc) * sizeof(double));
  nsb_delassus_dense dd;
  nsb_delassus w = nsb_delassus_dense_view(&dd, nc, imp->W, 3 * nc);
  nsb_prox_problem prob = {imp->gf, NULL, NULL, NULL, NULL};
  nsb_prox_stats ps;
  NSB_CALL(nsb_prox_solve(imp->prox, &w, &prob, imp->lam, NULL, &ps));
  st->prox_sweeps += ps.sweeps;
  for (int i = 0; i < nc; ++i) z[i] = imp->lam[3 * i];
  return NSB_OK;
}

int nsb_impact_poisson(nsb_impact* imp, const double* e, const double* v_minus, double* v_plus, double* lambda,
                       double* lambda_c, nsb_impact_stats* stats) {
  int n = imp->def.n_dof, nc = imp->n_c, m3 = 3 * nc;
  nsb_impact_stats st = {2, 0, 0};
  /* W_N: the normal rows and columns of W */
  for (int j = 0; j < nc; ++j)
    for (int i = 0; i < nc; ++i) imp->WN[i + (size_t)j * (size_t)nc] = imp->W[3 * i + (size_t)(3 * j) * (size_t)m3];
  /* compression: 0 <= Lambda_C _|_ W_N Lambda_C + gamma_N- >= 0 */
  for (int i = 0; i < nc; ++i) {
    double g[3];
    contact_velocity(imp, i, v_minus, g);
    imp->qn[i] = g[0];
  }
  NSB_CALL(poisson_phase(imp, imp->lc, &st));
  /* expansion: Lambda_E = Diag(e) Lambda_C + Lambda_R with
     0 <= Lambda_R _|_ W_N Lambda_R + (gamma_C + W_N Diag(e) Lambda_C) >= 0,
     gamma_C = gamma_N- + W_N Lambda_C; so q = gamma_N- + W_N (I + Diag(e)) Lambda_C */
  for (int i = 0; i < nc; ++i) {
    double s = imp->qn[i];
    for (int j = 0; j < nc; ++j) s += imp->WN[i + (size_t)j * (size_t)nc] * (1.0 + (e ? e[j] : 0.0)) * imp->lc[j];
    imp->qn[i] = s;
  }
  NSB_CALL(poisson_phase(imp, imp->lr, &st));
  /* v+ = v- + M^-1 J_N ((I + Diag(e)) Lambda_C + Lambda_R) */
  memmove(v_plus, v_minus, (size_t)n * sizeof(double));
  for (int i = 0; i < nc; ++i) {
    double l[3] = {(1.0 + (e ? e[i] : 0.0)) * imp->lc[i] + imp->lr[i], 0.0, 0.0};
    add_impulse(imp, i, l, v_plus);
    if (lambda) {
      lambda[3 * i] = l[0];
      lambda[3 * i + 1] = lambda[3 * i + 2] = 0.0;
    }
    if (lambda_c) lambda_c[i] = imp->lc[i];
  }
  if (stats) *stats = st;
  return NSB_OK;
}

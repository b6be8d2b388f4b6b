/* test_contact.c -- contact module: projections, the prox (augmented
 * Lagrangian) solver, impact laws (Newton simultaneous, Waltersberger's
 * sequential Schema 5.3, Fischer-Hennig closed form), and the Gauss-Seidel
 * sweep shared by all prox solvers (local step, statistics, an operator that
 * keeps a velocity state, the divided step of the reduced model).  Reference
 * values are from Waltersberger 2007 and Fischer & Hennig (Newton's cradle,
 * impact vibrator, hybrid girder) or derived by hand in the comments. */
#include <math.h>
#include <stdlib.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <string.h>

#include "contact/impact.h"
#include "contact/prox.h"
#include "cunit_main.h"
#include "base/ctx.h"

static unsigned rng_state = 4711u;
static double urand(void) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (double)((rng_state >> 8) & 0xFFFFFF) / (double)0xFFFFFF;
}
static double srand1(void) { return 2.0 * urand() - 1.0; }

/* ---- projections ------------------------------------------------------------- */

static void test_proj_known(void) {
  CU_ASSERT(nsb_prox_rplus(-2.0) == 0.0 && nsb_prox_rplus(3.0) == 3.0 && nsb_prox_rplus(0.0) == 0.0);
  double y[3];
  nsb_prox_disk((const double[]){3.0, 4.0}, 1.0, y);
  NSB_ASSERT_CLOSE(y[0], 0.6, 1e-15);
  NSB_ASSERT_CLOSE(y[1], 0.8, 1e-15);
  nsb_prox_disk((const double[]){0.3, -0.4}, 1.0, y);
  CU_ASSERT(y[0] == 0.3 && y[1] == -0.4);
  nsb_prox_disk((const double[]){0.3, -0.4}, 0.0, y);
  CU_ASSERT(y[0] == 0.0 && y[1] == 0.0);
  /* cone mu = 1: (0, 1, 0) -> n' = (0 + 1)/2, t' = 1 * 0.5 */
  nsb_prox_cone((const double[]){0.0, 1.0, 0.0}, 1.0, y);
  NSB_ASSERT_CLOSE(y[0], 0.5, 1e-15);
  NSB_ASSERT_CLOSE(y[1], 0.5, 1e-15);
  NSB_ASSERT_CLOSE(y[2], 0.0, 1e-15);
  nsb_prox_cone((const double[]){-1.0, 0.5, 0.0}, 1.0, y); /* polar cone */
  CU_ASSERT(y[0] == 0.0 && y[1] == 0.0 && y[2] == 0.0);
  nsb_prox_cone((const double[]){2.0, 0.3, 0.4}, 0.5, y); /* inside */
  CU_ASSERT(y[0] == 2.0 && y[1] == 0.3 && y[2] == 0.4);
  nsb_prox_cone((const double[]){2.0, 0.3, 0.4}, 0.0, y); /* mu = 0: half line */
  CU_ASSERT(y[0] == 2.0 && y[1] == 0.0 && y[2] == 0.0);
}

static void test_proj_idempotent_nonexpansive(void) {
  for (int k = 0; k < 500; ++k) {
    double x[3] = {3 * srand1(), 3 * srand1(), 3 * srand1()}, z[3] = {3 * srand1(), 3 * srand1(), 3 * srand1()};
    double mu = 2.0 * urand(), rad = 2.0 * urand();
    double px[3], ppx[3], pz[3];
    /* disk */
    nsb_prox_disk(x, rad, px);
    nsb_prox_disk(px, rad, ppx);
    NSB_ASSERT_CLOSE(hypot(ppx[0] - px[0], ppx[1] - px[1]), 0.0, 1e-15);
    CU_ASSERT(hypot(px[0], px[1]) <= rad * (1 + 1e-15));
    nsb_prox_disk(z, rad, pz);
    CU_ASSERT(hypot(px[0] - pz[0], px[1] - pz[1]) <= hypot(x[0] - z[0], x[1] - z[1]) * (1 + 1e-14));
    /* cone */
    nsb_prox_cone(x, mu, px);
    nsb_prox_cone(px, mu, ppx);
    NSB_ASSERT_CLOSE(fabs(ppx[0] - px[0]) + fabs(ppx[1] - px[1]) + fabs(ppx[2] - px[2]), 0.0, 1e-14);
    CU_ASSERT(hypot(px[1], px[2]) <= mu * px[0] * (1 + 1e-14) + 1e-15);
    /* projection characterisation: (x - Px) . (Px) = 0 and x - Px in the polar cone */
    double d[3] = {x[0] - px[0], x[1] - px[1], x[2] - px[2]};
    NSB_ASSERT_CLOSE(d[0] * px[0] + d[1] * px[1] + d[2] * px[2], 0.0, 1e-13);
    nsb_prox_cone(z, mu, pz);
    double dx = 0, dz = 0;
    for (int c = 0; c < 3; ++c) {
      dx += (px[c] - pz[c]) * (px[c] - pz[c]);
      dz += (x[c] - z[c]) * (x[c] - z[c]);
    }
    CU_ASSERT(sqrt(dx) <= sqrt(dz) * (1 + 1e-14));
    /* R+ */
    double a = nsb_prox_rplus(x[0]), b = nsb_prox_rplus(z[0]);
    CU_ASSERT(nsb_prox_rplus(a) == a && fabs(a - b) <= fabs(x[0] - z[0]));
  }
}

/* ---- prox solver on small LCPs --------------------------------------------- */

/* W (3m x 3m) with the normal entries Wn (m x m, column-major) and zero tangential parts */
static void embed_normal(int m, const double* wn, double* w) {
  memset(w, 0, sizeof(double) * (size_t)(9 * m * m));
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) w[3 * i + (size_t)(3 * j) * (size_t)(3 * m)] = wn[i + j * m];
}

/* solve the frictionless LCP 0 <= lam _|_ Wn lam + q >= 0 with both sweeps */
static void check_lcp(nsb_ctx* ctx, int m, const double* wn, const double* q, const double* expect) {
  double w[81], gf[9] = {0}, lam[9], gam[9];
  embed_normal(m, wn, w);
  for (int i = 0; i < m; ++i) gf[3 * i] = q[i];
  for (int s = 0; s < 2; ++s) {
    nsb_prox_def def = nsb_prox_default_def();
    def.sweep = s == 0 ? NSB_PROX_GAUSS_SEIDEL : NSB_PROX_JACOBI;
    def.alpha = s == 0 ? 1.0 : 0.5;
    nsb_prox_solver* ps = NULL;
    CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, 3, &ps) == NSB_OK);
    nsb_delassus_dense dd;
    nsb_delassus op = nsb_delassus_dense_view(&dd, m, w, 3 * m);
    nsb_prox_problem prob = {gf, NULL, NULL, NULL, NULL};
    memset(lam, 0, sizeof lam);
    nsb_prox_stats st;
    CU_ASSERT(nsb_prox_solve(ps, &op, &prob, lam, gam, &st) == NSB_OK);
    CU_ASSERT(st.converged && st.sweeps > 0);
    for (int i = 0; i < m; ++i) {
      if (expect) NSB_ASSERT_CLOSE(lam[3 * i], expect[i], 1e-12);
      CU_ASSERT(lam[3 * i] >= 0.0 && gam[3 * i] >= -1e-12 && fabs(lam[3 * i] * gam[3 * i]) <= 1e-12);
      CU_ASSERT(lam[3 * i + 1] == 0.0 && lam[3 * i + 2] == 0.0);
    }
    nsb_prox_destroy(&ps);
  }
}

static void test_lcp_known(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  /* 1 contact: 2 lam - 1 = 0 -> 0.5; approaching vs separating */
  check_lcp(ctx, 1, (const double[]){2.0}, (const double[]){-1.0}, (const double[]){0.5});
  check_lcp(ctx, 1, (const double[]){2.0}, (const double[]){1.0}, (const double[]){0.0});
  /* 2 contacts: both active -> 3 lam = 1; one active -> (0.5, 0) */
  const double w2[] = {2, 1, 1, 2};
  check_lcp(ctx, 2, w2, (const double[]){-1, -1}, (const double[]){1.0 / 3, 1.0 / 3});
  check_lcp(ctx, 2, w2, (const double[]){-1, 1}, (const double[]){0.5, 0.0});
  /* 3 contacts, tridiagonal W: middle inactive -> (1/4, 0, 1/4); all active -> (6/7, 4/7, 6/7) */
  const double w3[] = {4, 1, 0, 1, 4, 1, 0, 1, 4};
  check_lcp(ctx, 3, w3, (const double[]){-1, 2, -1}, (const double[]){0.25, 0.0, 0.25});
  check_lcp(ctx, 3, w3, (const double[]){-4, -4, -4}, (const double[]){6.0 / 7, 4.0 / 7, 6.0 / 7});
  /* degenerate: zero free velocity -> zero impulse; contact with a zero block is inert */
  check_lcp(ctx, 2, w2, (const double[]){0, 0}, (const double[]){0, 0});
  check_lcp(ctx, 2, (const double[]){2, 0, 0, 0}, (const double[]){-1, 0}, (const double[]){0.5, 0.0});
  /* degenerate: two identical contacts (W singular), the solution set is lam1 + lam2 = 1 */
  check_lcp(ctx, 2, (const double[]){1, 1, 1, 1}, (const double[]){-1, -1}, NULL);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* block (point mass m) on a plane: W = I/m, free contact velocity (-1, 0.3, 0.4), e = 0:
 * Lambda_N = m = 2; stick needs |m gamma_T| = 1 <= mu Lambda_N. */
static void test_friction_block(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  const double m = 2.0;
  double w[9] = {1 / m, 0, 0, 0, 1 / m, 0, 0, 0, 1 / m}, gf[3] = {-1.0, 0.3, 0.4};
  for (int law = 0; law < 2; ++law)
    for (int s = 0; s < 2; ++s) {
      nsb_prox_def def = nsb_prox_default_def();
      def.sweep = s ? NSB_PROX_JACOBI : NSB_PROX_GAUSS_SEIDEL;
      def.friction = law ? NSB_PROX_CONE : NSB_PROX_SPLIT;
      nsb_prox_solver* ps = NULL;
      CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, 1, &ps) == NSB_OK);
      nsb_delassus_dense dd;
      nsb_delassus op = nsb_delassus_dense_view(&dd, 1, w, 3);
      /* stick: mu = 0.6 -> Lambda = (2, -0.6, -0.8), gamma_T+ = 0 */
      double mu = 0.6, lam[3] = {0, 0, 0}, gam[3];
      nsb_prox_problem prob = {gf, NULL, NULL, &mu, NULL};
      CU_ASSERT(nsb_prox_solve(ps, &op, &prob, lam, gam, NULL) == NSB_OK);
      NSB_ASSERT_CLOSE(lam[0], 2.0, 1e-12);
      NSB_ASSERT_CLOSE(lam[1], -0.6, 1e-12);
      NSB_ASSERT_CLOSE(lam[2], -0.8, 1e-12);
      NSB_ASSERT_CLOSE(hypot(gam[1], gam[2]), 0.0, 1e-12);
      /* slip: mu = 0.3 -> Lambda_T = -mu Lambda_N (0.6, 0.8) = (-0.36, -0.48), gamma_T+ = (0.12, 0.16) */
      mu = 0.3;
      memset(lam, 0, sizeof lam);
      CU_ASSERT(nsb_prox_solve(ps, &op, &prob, lam, gam, NULL) == NSB_OK);
      if (!law) {
        NSB_ASSERT_CLOSE(lam[0], 2.0, 1e-12);
        NSB_ASSERT_CLOSE(lam[1], -0.36, 1e-12);
        NSB_ASSERT_CLOSE(lam[2], -0.48, 1e-12);
        NSB_ASSERT_CLOSE(gam[1], 0.12, 1e-12);
        NSB_ASSERT_CLOSE(gam[2], 0.16, 1e-12);
      } else {
        /* associated (cone) law: slip on the cone mantle, with dilatancy gamma_N = mu |gamma_T| */
        NSB_ASSERT_CLOSE(hypot(lam[1], lam[2]), mu * lam[0], 1e-12);
        NSB_ASSERT_CLOSE(gam[0], mu * hypot(gam[1], gam[2]), 1e-12);
        NSB_ASSERT_CLOSE(lam[1] * gam[2] - lam[2] * gam[1], 0.0, 1e-12);
        CU_ASSERT(lam[1] * gam[1] + lam[2] * gam[2] < 0.0);
      }
      nsb_prox_destroy(&ps);
    }
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* random SPD M (n x n) = A A^T + n I and random J (n x 3m) */
static void random_system(int n, int m, int frictional, double* M, double* J) {
  double A[64];
  for (int k = 0; k < n * n; ++k) A[k] = srand1();
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double s = (i == j) ? (double)n : 0.0;
      for (int k = 0; k < n; ++k) s += A[i + k * n] * A[j + k * n];
      M[i + j * n] = s;
    }
  for (int c = 0; c < 3 * m; ++c)
    for (int i = 0; i < n; ++i) J[i + c * n] = (c % 3 == 0 || frictional) ? srand1() : 0.0;
}

/* An impact problem on a random system (random_system) of n DOFs and mc contacts. */
static nsb_impact* random_impact(nsb_ctx* ctx, int n, int mc, int frictional, double* M, double* J) {
  random_system(n, mc, frictional, M, J);
  nsb_impact_def idef = nsb_impact_default_def();
  idef.n_dof = n;
  idef.max_contacts = mc;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &idef, &imp) == NSB_OK);
  CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, n, mc, J, n) == NSB_OK);
  return imp;
}

static void test_sweep_order(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { N = 8, MC = 4 };
  for (int fr = 0; fr < 2; ++fr)
    for (int trial = 0; trial < 20; ++trial) {
      double M[N * N], J[N * 3 * MC], gf[3 * MC], mu[MC], ref[3 * MC];
      nsb_impact* imp = random_impact(ctx, N, MC, fr, M, J);
      for (int k = 0; k < 3 * MC; ++k) gf[k] = srand1();
      for (int i = 0; i < MC; ++i) mu[i] = fr ? 0.3 : 0.0;
      static const int orders[3][MC] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}};
      nsb_delassus_dense dd;
      nsb_delassus op = nsb_delassus_dense_view(&dd, MC, nsb_impact_delassus(imp), 3 * MC);
      for (int v = 0; v < 4; ++v) {
        nsb_prox_def def = nsb_prox_default_def();
        if (v == 3) {
          def.sweep = NSB_PROX_JACOBI;
          def.alpha = 0.3;
          def.max_sweeps = 200000;
        }
        nsb_prox_solver* ps = NULL;
        CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, MC, &ps) == NSB_OK);
        nsb_prox_problem prob = {gf, NULL, NULL, mu, v < 3 ? orders[v] : NULL};
        double lam[3 * MC] = {0};
        nsb_prox_stats st;
        int rc = nsb_prox_solve(ps, &op, &prob, lam, NULL, &st);
        CU_ASSERT(rc == NSB_OK);
        if (rc != NSB_OK) fprintf(stderr, "  fr %d trial %d variant %d: %s\n", fr, trial, v, nsb_ctx_error_message(ctx));
        nsb_ctx_clear_error(ctx);
        if (v == 0) memcpy(ref, lam, sizeof ref);
        else
          for (int k = 0; k < 3 * MC; ++k) NSB_ASSERT_CLOSE(lam[k], ref[k], 1e-9);
        nsb_prox_destroy(&ps);
      }
      nsb_impact_destroy(&imp);
    }
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* The same impact in SI, mm-t-s, in-lbf-s and km-kg-s (a length unit of L
 * per metre and a mass unit of Mf per kilogram: velocities scale by L,
 * impulses by Mf L, W by 1/Mf): the impulses agree and the sweeps stop at
 * the same point, so that no tolerance of the solver is absolute in the
 * deck's units (docs/contact.md §2, §10). */
static void test_units(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { N = 8, MC = 4 };
  static const double units[4][2] = {{1.0, 1.0}, {1e3, 1e-3}, {1.0 / 0.0254, 0.0254 / 4.4482216152605}, {1e-3, 1.0}};
  const unsigned rng_saved = rng_state; /* the later tests draw what they drew before */
  for (int trial = 0; trial < 20; ++trial) {
    double M[N * N], J[N * 3 * MC], gf[3 * MC], mu[MC], ref[3 * MC];
    nsb_impact* imp = random_impact(ctx, N, MC, 1, M, J);
    for (int k = 0; k < 3 * MC; ++k) gf[k] = srand1();
    for (int i = 0; i < MC; ++i) mu[i] = 0.3;
    int sweeps_si = 0;
    for (int u = 0; u < 4; ++u) {
      const double L = units[u][0], Mf = units[u][1];
      double w[9 * MC * MC], g[3 * MC], lam[3 * MC] = {0};
      for (int k = 0; k < 9 * MC * MC; ++k) w[k] = nsb_impact_delassus(imp)[k] / Mf;
      for (int k = 0; k < 3 * MC; ++k) g[k] = gf[k] * L;
      nsb_prox_def def = nsb_prox_default_def();
      nsb_prox_solver* ps = NULL;
      CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, MC, &ps) == NSB_OK);
      nsb_delassus_dense dd;
      nsb_delassus op = nsb_delassus_dense_view(&dd, MC, w, 3 * MC);
      nsb_prox_problem prob = {g, NULL, NULL, mu, NULL};
      nsb_prox_stats st;
      int rc = nsb_prox_solve(ps, &op, &prob, lam, NULL, &st);
      CU_ASSERT(rc == NSB_OK);
      if (rc != NSB_OK) fprintf(stderr, "  trial %d units %d: %s\n", trial, u, nsb_ctx_error_message(ctx));
      nsb_ctx_clear_error(ctx);
      if (u == 0) {
        memcpy(ref, lam, sizeof ref);
        sweeps_si = st.sweeps;
      } else {
        double lmax = 0.0;
        for (int k = 0; k < 3 * MC; ++k) lmax = fmax(lmax, fabs(ref[k]));
        for (int k = 0; k < 3 * MC; ++k) CU_ASSERT(fabs(lam[k] / (Mf * L) - ref[k]) <= 1e-12 * lmax);
        /* round-off may move the stop by a sweep */
        CU_ASSERT(abs(st.sweeps - sweeps_si) <= 1);
        if (abs(st.sweeps - sweeps_si) > 1) fprintf(stderr, "  trial %d units %d: %d sweeps, %d in SI\n", trial, u, st.sweeps, sweeps_si);
      }
      nsb_prox_destroy(&ps);
    }
    nsb_impact_destroy(&imp);
  }
  rng_state = rng_saved;
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

static void test_no_alloc_and_errors(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { N = 6, MC = 3 };
  double M[N * N], J[N * 3 * MC], v[N], vp[N], e[MC] = {0.5, 0.5, 0.5}, mu[MC] = {0.2, 0.2, 0.2};
  random_system(N, MC, 1, M, J);
  for (int i = 0; i < N; ++i) v[i] = srand1();
  nsb_impact_def idef = nsb_impact_default_def();
  idef.n_dof = N;
  idef.max_contacts = MC;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &idef, &imp) == NSB_OK);
  CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, N, MC, J, N) == NSB_OK);
  long before = nsb_ctx_alloc_count(ctx);
  CU_ASSERT(nsb_impact_newton(imp, e, mu, v, vp, NULL, NULL) == NSB_OK);
  CU_ASSERT(nsb_impact_sequential(imp, e, v, vp, NULL, NULL) == NSB_OK);
  CU_ASSERT(nsb_impact_set_system(imp, M, N, MC, J, N) == NSB_OK);
  CU_ASSERT(nsb_ctx_alloc_count(ctx) == before);
  nsb_prox_def def = nsb_prox_default_def();
  def.sweep = NSB_PROX_JACOBI;
  def.alpha = 0.3;
  nsb_prox_solver* ps = NULL;
  CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, MC, &ps) == NSB_OK);
  long mid = nsb_ctx_alloc_count(ctx);
  nsb_delassus_dense dd;
  nsb_delassus op = nsb_delassus_dense_view(&dd, MC, nsb_impact_delassus(imp), 3 * MC);
  double gf[3 * MC] = {-1, 0.1, 0.2, -0.5, 0, 0.3, 0.2, 0.1, 0}, lam[3 * MC] = {0};
  nsb_prox_problem prob = {gf, NULL, NULL, mu, NULL};
  CU_ASSERT(nsb_prox_solve(ps, &op, &prob, lam, NULL, NULL) == NSB_OK);
  CU_ASSERT(nsb_ctx_alloc_count(ctx) == mid);
  /* max_sweeps reached -> NSB_ERR_NO_CONVERGENCE */
  nsb_prox_destroy(&ps);
  def = nsb_prox_default_def();
  def.max_sweeps = 1;
  CU_ASSERT_FATAL(nsb_prox_create(ctx, &def, MC, &ps) == NSB_OK);
  memset(lam, 0, sizeof lam);
  CU_ASSERT(nsb_prox_solve(ps, &op, &prob, lam, NULL, NULL) == NSB_ERR_NO_CONVERGENCE);
  nsb_ctx_clear_error(ctx);
  /* capacity exceeded, bad alpha */
  nsb_delassus op4 = nsb_delassus_dense_view(&dd, MC + 1, nsb_impact_delassus(imp), 3 * MC);
  CU_ASSERT(nsb_prox_solve(ps, &op4, &prob, lam, NULL, NULL) == NSB_ERR_ARG);
  nsb_prox_destroy(&ps);
  def.alpha = 2.0;
  CU_ASSERT(nsb_prox_create(ctx, &def, MC, &ps) == NSB_ERR_ARG && ps == NULL);
  /* M not positive definite */
  double Mbad[N * N] = {0};
  CU_ASSERT(nsb_impact_set_system(imp, Mbad, N, MC, J, N) == NSB_ERR_SINGULAR);
  nsb_ctx_clear_error(ctx);
  nsb_impact_destroy(&imp);
  CU_ASSERT(imp == NULL);
  /* allocation-failure sweep over the create functions: no leak on any failure */
  for (long k = 1; k < 20; ++k) {
    nsb_ctx_fail_alloc_after(ctx, k);
    int rc = nsb_impact_create(ctx, &idef, &imp);
    nsb_ctx_fail_alloc_after(ctx, 0);
    nsb_ctx_clear_error(ctx);
    CU_ASSERT(rc == NSB_OK || (rc == NSB_ERR_ALLOC && imp == NULL));
    nsb_impact_destroy(&imp);
    CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  }
  nsb_impact_destroy(&imp);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- Newton's cradle (Waltersberger 2007, §5.1.1, Ex. 5.1 and 5.4) -------------------- */

/* three unit masses on a line; g1 = q2 - q1 - r, g2 = q3 - q2 - r; v- = (1, 0, 0) */
static void cradle(nsb_ctx* ctx, int sequential, double eps, double v0, double* vp, nsb_impact_stats* st) {
  double M[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double J[3 * 6] = {0};
  J[0 + 0 * 3] = -1; /* contact 1 normal: (-1, 1, 0) */
  J[1 + 0 * 3] = 1;
  J[1 + 3 * 3] = -1; /* contact 2 normal: (0, -1, 1) */
  J[2 + 3 * 3] = 1;
  double vm[3] = {v0, 0, 0}, e[2] = {eps, eps};
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = 3;
  def.max_contacts = 2;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
  CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, 3, 2, J, 3) == NSB_OK);
  int rc = sequential ? nsb_impact_sequential(imp, e, vm, vp, NULL, st) : nsb_impact_newton(imp, e, NULL, vm, vp, NULL, st);
  CU_ASSERT(rc == NSB_OK);
  nsb_impact_destroy(&imp);
}

static void test_cradle(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  static const struct {
    int seq;
    double eps, v[3];
    int subs;
  } cases[] = {
      {0, 1.0, {-1.0 / 3, 2.0 / 3, 2.0 / 3}, 1}, {0, 0.0, {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1},
      {0, 0.5, {0.0, 0.5, 0.5}, 1},              {1, 1.0, {0.0, 0.0, 1.0}, 2},
      {1, 0.5, {0.203125, 0.234375, 0.5625}, 3},
  };
  /* the laws are homogeneous of degree one in the velocities: the same impact in
     any unit of velocity (v0 from 1e-13 to 1e6) */
  static const double v0s[] = {1.0, 1e-13, 1e6};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    for (size_t k0 = 0; k0 < sizeof v0s / sizeof v0s[0]; ++k0) {
      const double v0 = v0s[k0];
      double vp[3];
      nsb_impact_stats st;
      cradle(ctx, cases[c].seq, cases[c].eps, v0, vp, &st);
      printf("\n    cradle %s eps=%.2f v0=%g: v+/v0 = (%.17g, %.17g, %.17g), sub-impacts %d, prox sweeps %d",
             cases[c].seq ? "sequential  " : "simultaneous", cases[c].eps, v0, vp[0] / v0, vp[1] / v0, vp[2] / v0,
             st.sub_impacts, st.prox_sweeps);
      for (int k = 0; k < 3; ++k) NSB_ASSERT_CLOSE(vp[k] / v0, cases[c].v[k], 1e-12);
      NSB_ASSERT_CLOSE((vp[0] + vp[1] + vp[2]) / v0, 1.0, 1e-14); /* momentum */
      CU_ASSERT(st.sub_impacts == cases[c].subs && !st.capped);
    }
  printf("\n");
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- Fischer-Hennig closed form ------------------------------------------------ */

static void test_impact_vibrator(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  const double m1 = 2.0, m2 = 3.0, m3 = 0.5, r = 0.4, Jd = 0.1, q3 = 0.7, kappa = 0.6;
  const double c = cos(q3);
  double G[9] = {m1, 0, 0, 0, m2 + m3, -m3 * r * c, 0, -m3 * r * c, m3 * r * r + Jd};
  double B[3] = {0, 0, 1}, h[3] = {-1, 1, 0}, qd[3] = {0.3, -1.2, 5.0}, dq[3], p[1];
  nsb_hybrid_impact* hi = NULL;
  CU_ASSERT_FATAL(nsb_hybrid_impact_create(ctx, 3, 1, &hi) == NSB_OK);
  nsb_hybrid_result res;
  CU_ASSERT_FATAL(nsb_hybrid_impact_solve(hi, G, 3, B, 3, h, 0.0, qd, kappa, dq, p, &res) == NSB_OK);
  /* closed form: u = (-1/m1, 1/(m2+m3), 0), v1 = -m3 r cos q3/(m2+m3),
   * p0 = -(1+kappa) m1 (m2+m3)/(m1+m2+m3) (q2dot - q1dot), dq1 = -p0/m1, dq2 = p0/(m2+m3),
   * P1 = -m3 p0 r cos q3/(m2+m3) */
  double p0 = -(1 + kappa) * m1 * (m2 + m3) / (m1 + m2 + m3) * (qd[1] - qd[0]);
  NSB_ASSERT_CLOSE(res.u[0], -1 / m1, 1e-14);
  NSB_ASSERT_CLOSE(res.u[1], 1 / (m2 + m3), 1e-14);
  NSB_ASSERT_CLOSE(res.u[2], 0.0, 1e-14);
  NSB_ASSERT_CLOSE(res.v[0], -m3 * r * c / (m2 + m3), 1e-14);
  NSB_ASSERT_CLOSE(res.p0, p0, 1e-13);
  NSB_ASSERT_CLOSE(dq[0], -p0 / m1, 1e-13);
  NSB_ASSERT_CLOSE(dq[1], p0 / (m2 + m3), 1e-13);
  NSB_ASSERT_CLOSE(dq[2], 0.0, 1e-13);
  NSB_ASSERT_CLOSE(p[0], -m3 * p0 * r * c / (m2 + m3), 1e-13);
  /* Newton: relative velocity h^T qdot reverses with factor kappa */
  double rel0 = qd[1] - qd[0], rel1 = (qd[1] + dq[1]) - (qd[0] + dq[0]);
  NSB_ASSERT_CLOSE(rel1, -kappa * rel0, 1e-13);
  printf("\n    vibrator: p0 = %.15g (closed form %.15g), P1 = %.15g\n", res.p0, p0, p[0]);
  /* an impact direction blocked by the constraints is singular: h = B */
  CU_ASSERT(nsb_hybrid_impact_solve(hi, G, 3, B, 3, B, 0.0, qd, kappa, dq, p, &res) == NSB_ERR_SINGULAR);
  nsb_ctx_clear_error(ctx);
  nsb_hybrid_impact_destroy(&hi);
  CU_ASSERT(hi == NULL && nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

static void test_hybrid_girder(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  const double a = 12.0 / M_PI;
  double G[16] = {4, 2, a, 0, 2, 4, a, 0, a, a, 6, 0, 0, 0, 0, 1};
  double h[4] = {1, 0, 0, -1}, qd[4] = {1, 0, 0, 0}, dq[4];
  nsb_hybrid_impact* hi = NULL;
  CU_ASSERT_FATAL(nsb_hybrid_impact_create(ctx, 4, 0, &hi) == NSB_OK);
  nsb_hybrid_result res;
  /* kappa = 0 and q1dot - q4dot = 1: p0 and dq are the printed coefficients */
  CU_ASSERT_FATAL(nsb_hybrid_impact_solve(hi, G, 4, NULL, 0, h, 0.0, qd, 0.0, dq, NULL, &res) == NSB_OK);
  static const double u_ref[4] = {0.68992, 0.18992, -0.56012, -1};
  static const double dq_ref[4] = {-0.40825, -0.11238, 0.33145, 0.59175};
  const double tol5 = 0.5e-5 + 1e-12; /* half a unit in the 5th printed digit */
  for (int i = 0; i < 4; ++i) {
    NSB_ASSERT_CLOSE(res.u[i], u_ref[i], tol5);
    NSB_ASSERT_CLOSE(dq[i], dq_ref[i], tol5);
  }
  NSB_ASSERT_CLOSE(res.p0, -0.59175, tol5);
  printf("\n    girder: u = (%.8f, %.8f, %.8f, %.8f), p0 coeff %.8f, dq coeff (%.8f, %.8f, %.8f, %.8f)\n",
         res.u[0], res.u[1], res.u[2], res.u[3], res.p0, dq[0], dq[1], dq[2], dq[3]);
  /* the same impact through the Newton law with one contact, J = -h (gap >= 0 convention) */
  double qd2[4] = {0.7, -0.2, 0.4, -0.5}, J[12] = {0}, vp[4], lam[3];
  for (int i = 0; i < 4; ++i) J[i] = -h[i];
  const double kappa = 0.8;
  CU_ASSERT_FATAL(nsb_hybrid_impact_solve(hi, G, 4, NULL, 0, h, 0.0, qd2, kappa, dq, NULL, &res) == NSB_OK);
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = 4;
  def.max_contacts = 1;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
  CU_ASSERT_FATAL(nsb_impact_set_system(imp, G, 4, 1, J, 4) == NSB_OK);
  CU_ASSERT(nsb_impact_newton(imp, &kappa, NULL, qd2, vp, lam, NULL) == NSB_OK);
  NSB_ASSERT_CLOSE(lam[0], -res.p0, 1e-12);
  for (int i = 0; i < 4; ++i) NSB_ASSERT_CLOSE(vp[i] - qd2[i], dq[i], 1e-12);
  nsb_impact_destroy(&imp);
  nsb_hybrid_impact_destroy(&hi);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- dissipation: T+ <= T- for e <= 1, frictionless, approaching contacts ---- */

static double kinetic(int n, const double* M, const double* v) {
  double t = 0.0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) t += 0.5 * v[i] * M[i + j * n] * v[j];
  return t;
}

static void test_energy_random(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  int n_checked = 0, max_sweeps = 0;
  double worst = -INFINITY;
  for (int trial = 0; trial < 300; ++trial) {
    int n = 2 + trial % 5, m = 1 + trial % 3;
    double M[64], J[8 * 9], vm[8], vp[8], e[3];
    random_system(n, m, 0, M, J);
    for (int i = 0; i < m; ++i) e[i] = urand();
    /* rejection-sample a pre-impact velocity with all contacts approaching */
    int ok = 0;
    for (int tries = 0; tries < 200 && !ok; ++tries) {
      for (int i = 0; i < n; ++i) vm[i] = srand1();
      ok = 1;
      for (int c = 0; c < m; ++c) {
        double g = 0.0;
        for (int i = 0; i < n; ++i) g += J[i + 3 * c * n] * vm[i];
        if (g > 0.0) ok = 0;
      }
    }
    if (!ok) continue;
    nsb_impact_def def = nsb_impact_default_def();
    def.n_dof = n;
    def.max_contacts = m;
    def.prox.max_sweeps = 1000000; /* nearly parallel random normals make Gauss-Seidel slow */
    nsb_impact* imp = NULL;
    CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
    CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, n, m, J, n) == NSB_OK);
    double t0 = kinetic(n, M, vm);
    for (int law = 0; law < 2; ++law) {
      nsb_impact_stats st;
      int rc = law ? nsb_impact_sequential(imp, e, vm, vp, NULL, &st) : nsb_impact_newton(imp, e, NULL, vm, vp, NULL, &st);
      CU_ASSERT(rc == NSB_OK);
      if (rc != NSB_OK) fprintf(stderr, "  n %d m %d law %d: %s\n", n, m, law, nsb_ctx_error_message(ctx));
      if (st.prox_sweeps > max_sweeps) max_sweeps = st.prox_sweeps;
      double d = (kinetic(n, M, vp) - t0) / t0;
      if (d > worst) worst = d;
      CU_ASSERT(d <= 1e-12);
    }
    ++n_checked;
    nsb_impact_destroy(&imp);
  }
  printf("\n    energy: %d random systems, max (T+ - T-)/T- = %.3g, max prox sweeps %d\n", n_checked, worst,
         max_sweeps);
  CU_ASSERT(n_checked > 200);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- the Gauss-Seidel sweep (nsb_prox_gauss_seidel) ------------------------------ */

/* Local steps with known results: normal only (the tangential impulses pass),
   split (R+ then the disk of radius mu lambda_N'), cone. */
static void test_local_step(void) {
  double out[3];
  nsb_prox_local c = {1, 0.5, {1.0, 7.0, 9.0}, {3.0, 0.0, 0.0}, 0.0};
  nsb_prox_local_step(NSB_PROX_SPLIT, &c, out); /* 1 - 3 < 0 -> 0 */
  CU_ASSERT(out[0] == 0.0 && out[1] == 7.0 && out[2] == 9.0);
  nsb_prox_local_step(NSB_PROX_CONE, &c, out); /* n_dir = 1: the cone does not apply */
  CU_ASSERT(out[0] == 0.0 && out[1] == 7.0 && out[2] == 9.0);
  nsb_prox_local d = {3, 0.5, {1.0, 0.0, 0.0}, {-1.0, -3.0, -4.0}, 0.0};
  nsb_prox_local_step(NSB_PROX_SPLIT, &d, out); /* x = (2, 3, 4): disk of radius 1 */
  NSB_ASSERT_CLOSE(out[0], 2.0, 1e-15);
  NSB_ASSERT_CLOSE(out[1], 0.6, 1e-15);
  NSB_ASSERT_CLOSE(out[2], 0.8, 1e-15);
  /* cone: |t| = 5 > mu n, n' = (2 + 0.5 * 5) / 1.25 = 3.6, t' = 0.5 * 3.6 (3, 4) / 5 */
  nsb_prox_local_step(NSB_PROX_CONE, &d, out);
  NSB_ASSERT_CLOSE(out[0], 3.6, 1e-15);
  NSB_ASSERT_CLOSE(out[1], 1.08, 1e-15);
  NSB_ASSERT_CLOSE(out[2], 1.44, 1e-15);
}

/* One contact whose local step is fixed: the statistics of one sweep in both norms. */
typedef struct fixed_contact {
  nsb_prox_local c;
  double lambda[3], dlambda[3];
  int updates;
} fixed_contact;

static int fixed_local(void* data, int i, nsb_prox_local* c) {
  const fixed_contact* f = data;
  *c = f[i].c;
  return f[i].c.n_dir > 0; /* n_dir = 0 marks a contact that sits out */
}

static void fixed_update(void* data, int i, const double* lambda, const double* dlambda) {
  fixed_contact* f = data;
  memcpy(f[i].lambda, lambda, sizeof f[i].lambda);
  memcpy(f[i].dlambda, dlambda, sizeof f[i].dlambda);
  ++f[i].updates;
}

static void test_gs_stats(void) {
  static const nsb_prox_gs_ops ops = {fixed_local, fixed_update};
  /* contact 0: (0.5, 0, 0) -> (2, 0.6, 0.8) (change (1.5, 0.6, 0.8)); contact 1 sits out */
  fixed_contact f[2] = {{{3, 0.5, {0.5, 0.0, 0.0}, {-1.5, -3.0, -4.0}, 0.0}, {0}, {0}, 0}, {{0, 0.0, {0}, {0}, 0.0}, {0}, {0}, 0}};
  nsb_prox_gs gs = {&ops, f, 2, NULL, NSB_PROX_SPLIT, NSB_PROX_NORM_MAX};
  nsb_prox_gs_stats st;
  CU_ASSERT(nsb_prox_gauss_seidel(&gs, &st) == NSB_OK);
  CU_ASSERT(f[0].updates == 1 && f[1].updates == 0);
  NSB_ASSERT_CLOSE(f[0].lambda[0], 2.0, 1e-15);
  NSB_ASSERT_CLOSE(f[0].dlambda[0], 1.5, 1e-15);
  NSB_ASSERT_CLOSE(f[0].dlambda[2], 0.8, 1e-15);
  NSB_ASSERT_CLOSE(st.change, 1.5, 1e-15);
  NSB_ASSERT_CLOSE(st.size, 2.0, 1e-15);
  NSB_ASSERT_CLOSE(st.size_before, 0.5, 1e-15);
  gs.norm = NSB_PROX_NORM_2;
  CU_ASSERT(nsb_prox_gauss_seidel(&gs, &st) == NSB_OK);
  NSB_ASSERT_CLOSE(st.change, sqrt(1.5 * 1.5 + 0.6 * 0.6 + 0.8 * 0.8), 1e-15);
  NSB_ASSERT_CLOSE(st.size, sqrt(4.0 + 1.0), 1e-15);
  /* normal only: the change counts the normal component alone in the max norm */
  f[0].c.n_dir = 1;
  gs.norm = NSB_PROX_NORM_MAX;
  CU_ASSERT(nsb_prox_gauss_seidel(&gs, &st) == NSB_OK);
  CU_ASSERT(f[0].dlambda[1] == 0.0 && f[0].dlambda[2] == 0.0 && f[0].lambda[1] == 0.0);
  NSB_ASSERT_CLOSE(st.change, 1.5, 1e-15);
}

/* A chain of point masses on a line, contact i between masses i and i + 1
   (gamma_i = v_{i+1} - v_i): the operator keeps the velocities and adds each
   impulse change's response to them, as the time step's lumped-mass sweep
   does (exact here: W = G M^-1 G^T with a diagonal M). */
typedef struct chain {
  int n;         /* masses */
  double m[4];   /* masses */
  double v[4];   /* velocities, updated contact by contact */
  double vpre[4];
  double lam[3]; /* impulses */
  double e;
} chain;

static int chain_local(void* data, int i, nsb_prox_local* c) {
  const chain* ch = data;
  double w = 1.0 / ch->m[i] + 1.0 / ch->m[i + 1]; /* W_ii */
  double gam = ch->v[i + 1] - ch->v[i], gpre = ch->vpre[i + 1] - ch->vpre[i];
  c->n_dir = 1;
  c->mu = 0.0;
  c->lambda[0] = ch->lam[i];
  c->lambda[1] = c->lambda[2] = 0.0;
  c->r_xi[0] = nsb_newton_xi(gam, ch->e, gpre) / w;
  c->r_xi[1] = c->r_xi[2] = 0.0;
  return 1;
}

static void chain_update(void* data, int i, const double* lambda, const double* dlambda) {
  chain* ch = data;
  ch->lam[i] = lambda[0];
  ch->v[i] -= dlambda[0] / ch->m[i];
  ch->v[i + 1] += dlambda[0] / ch->m[i + 1];
}

/* Newton's cradle (three unit masses, the first at 1) by sweeps of the chain
   operator: e = 1 gives (-1/3, 2/3, 2/3), e = 0 (1/3, 1/3, 1/3), e = 0.5
   (0, 1/2, 1/2) (Waltersberger 2007, the simultaneous law; the same as
   nsb_impact_newton in test newtons_cradle); in both sweep orders. */
static void test_gs_velocity_state(void) {
  static const nsb_prox_gs_ops ops = {chain_local, chain_update};
  static const int reversed[2] = {1, 0};
  const double es[3] = {1.0, 0.0, 0.5};
  const double expect[3][3] = {{-1.0 / 3, 2.0 / 3, 2.0 / 3}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {0.0, 0.5, 0.5}};
  for (int k = 0; k < 3; ++k)
    for (int o = 0; o < 2; ++o) {
      chain ch = {3, {1.0, 1.0, 1.0}, {1.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {0.0, 0.0}, es[k]};
      nsb_prox_gs gs = {&ops, &ch, 2, o ? reversed : NULL, NSB_PROX_SPLIT, NSB_PROX_NORM_MAX};
      int sweeps = 0;
      nsb_prox_gs_stats st = {1.0, 1.0, 0.0};
      while (st.change > 1e-15 * st.size && sweeps < 1000) {
        CU_ASSERT(nsb_prox_gauss_seidel(&gs, &st) == NSB_OK);
        ++sweeps;
      }
      CU_ASSERT(sweeps < 1000);
      for (int i = 0; i < 3; ++i) NSB_ASSERT_CLOSE(ch.v[i], expect[k][i], 1e-13);
      /* momentum is exchanged, not created */
      NSB_ASSERT_CLOSE(ch.v[0] + ch.v[1] + ch.v[2], 1.0, 1e-14);
    }
}

/* One impulse per contact with the step applied as a division,
   P <- max(0, P - (G P + q)_a / G_aa) (the reduced model's form): the LCPs
   of test lcp_known. */
typedef struct dense_normal {
  int n;
  const double* g; /* n x n, column-major */
  const double* q;
  double p[3];
} dense_normal;

static int normal_local(void* data, int a, nsb_prox_local* c) {
  const dense_normal* dn = data;
  double gaa = dn->g[a + dn->n * a];
  if (!(gaa > 0.0)) return 0;
  double res = dn->q[a];
  for (int b = 0; b < dn->n; ++b) res += dn->g[a + dn->n * b] * dn->p[b];
  *c = (nsb_prox_local){1, 0.0, {dn->p[a], 0.0, 0.0}, {res / gaa, 0.0, 0.0}, 0.0};
  return 1;
}

static void normal_update(void* data, int a, const double* lambda, const double* dlambda) {
  (void)dlambda;
  ((dense_normal*)data)->p[a] = lambda[0];
}

static void check_normal_lcp(int n, const double* g, const double* q, const double* expect) {
  static const nsb_prox_gs_ops ops = {normal_local, normal_update};
  dense_normal dn = {n, g, q, {0.0, 0.0, 0.0}};
  nsb_prox_gs gs = {&ops, &dn, n, NULL, NSB_PROX_SPLIT, NSB_PROX_NORM_MAX};
  int sweeps = 0;
  for (;;) {
    nsb_prox_gs_stats st;
    CU_ASSERT_FATAL(nsb_prox_gauss_seidel(&gs, &st) == NSB_OK);
    ++sweeps;
    if (st.change <= 1e-14 * st.size || st.size == 0.0 || sweeps == 10000) break;
  }
  CU_ASSERT(sweeps < 10000);
  for (int a = 0; a < n; ++a) NSB_ASSERT_CLOSE(dn.p[a], expect[a], 1e-13);
}

static void test_gs_divided_step(void) {
  const double w2[] = {2, 1, 1, 2}, w3[] = {4, 1, 0, 1, 4, 1, 0, 1, 4};
  check_normal_lcp(1, (const double[]){2.0}, (const double[]){-1.0}, (const double[]){0.5});
  check_normal_lcp(2, w2, (const double[]){-1, -1}, (const double[]){1.0 / 3, 1.0 / 3});
  check_normal_lcp(2, w2, (const double[]){-1, 1}, (const double[]){0.5, 0.0});
  check_normal_lcp(3, w3, (const double[]){-1, 2, -1}, (const double[]){0.25, 0.0, 0.25});
  check_normal_lcp(3, w3, (const double[]){-4, -4, -4}, (const double[]){6.0 / 7, 4.0 / 7, 6.0 / 7});
  /* a contact with G_aa = 0 sits out and keeps P = 0 */
  check_normal_lcp(2, (const double[]){2, 0, 0, 0}, (const double[]){-1, -5}, (const double[]){0.5, 0.0});
}

static const nsb_test_suite suites[] = {
    {"projection", (const nsb_test_case[]){{"known_values", test_proj_known},
                                           {"idempotent_nonexpansive", test_proj_idempotent_nonexpansive},
                                           {NULL, NULL}}},
    {"prox", (const nsb_test_case[]){{"lcp_known", test_lcp_known},
                                     {"friction_block", test_friction_block},
                                     {"sweep_order", test_sweep_order},
                                     {"no_alloc_and_errors", test_no_alloc_and_errors},
                                     {"units", test_units},
                                     {NULL, NULL}}},
    {"gauss_seidel", (const nsb_test_case[]){{"local_step", test_local_step},
                                             {"stats", test_gs_stats},
                                             {"velocity_state", test_gs_velocity_state},
                                             {"divided_step", test_gs_divided_step},
                                             {NULL, NULL}}},
    {"impact", (const nsb_test_case[]){{"newtons_cradle", test_cradle},
                                       {"impact_vibrator", test_impact_vibrator},
                                       {"hybrid_girder", test_hybrid_girder},
                                       {"energy_random", test_energy_random},
                                       {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

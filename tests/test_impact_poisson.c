/* test_impact_poisson.c -- the Poisson impact law (contact/impact.h,
 * nsb_impact_poisson; Waltersberger 2007, eqs. 5.10-5.13) and the exact
 * small LCP it uses (contact/prox.h, nsb_lcp_exact).
 *
 * Checks: the three-ball chain for (e1, e2) = (0, 1) and over the whole
 * (e1, e2) square against the piecewise closed form derived in
 * docs/contact.md §3; one contact and equal e everywhere give the Newton law;
 * random multi-contact impacts of particle systems keep the momentum and never
 * gain kinetic energy; exact and prox phases agree; no allocation.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contact/impact.h"
#include "cunit_main.h"

static unsigned long long rng = 88172645463325252ULL;
static double urand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
}
static double srand1(void) { return 2.0 * urand() - 1.0; }

/* ---- the three-ball chain (Waltersberger 2007, §5.1.1, Ex. 5.2) --------------- */

/* unit masses on a line, g1 = q2 - q1 - r, g2 = q3 - q2 - r, v- = (1, 0, 0);
   exact: 1 to use nsb_lcp_exact in both phases, 0 the prox solver */
static int chain(nsb_ctx* ctx, double e1, double e2, int exact, double* vp, double* lam) {
  double M[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double J[3 * 6] = {0};
  J[0] = -1;
  J[1] = 1;
  J[1 + 9] = -1;
  J[2 + 9] = 1;
  double vm[3] = {1, 0, 0}, e[2] = {e1, e2};
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = 3;
  def.max_contacts = 2;
  if (!exact) def.lcp_exact_max = 0;
  nsb_impact* imp = NULL;
  int rc = nsb_impact_create(ctx, &def, &imp);
  if (rc == NSB_OK) rc = nsb_impact_set_system(imp, M, 3, 2, J, 3);
  nsb_impact_stats st;
  if (rc == NSB_OK) rc = nsb_impact_poisson(imp, e, vm, vp, lam, NULL, &st);
  if (rc == NSB_OK) CU_ASSERT(st.sub_impacts == 2 && (exact ? st.prox_sweeps == 0 : st.prox_sweeps > 0));
  nsb_impact_destroy(&imp);
  return rc;
}

static void test_chain_corner(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  for (int exact = 1; exact >= 0; --exact) {
    double vp[3], lam[6];
    CU_ASSERT_FATAL(chain(ctx, 0.0, 1.0, exact, vp, lam) == NSB_OK);
    printf("\n    (e1, e2) = (0, 1), %s: v+ = (%.17g, %.17g, %.17g)", exact ? "exact" : "prox ", vp[0], vp[1], vp[2]);
    double tol = exact ? 1e-15 : 1e-12;
    NSB_ASSERT_CLOSE(vp[0], 1.0 / 6, tol);
    NSB_ASSERT_CLOSE(vp[1], 1.0 / 6, tol);
    NSB_ASSERT_CLOSE(vp[2], 2.0 / 3, tol);
    /* impulses: Lambda_C = (2/3, 1/3), Lambda_E = (0 + 1/6, 1/3) */
    NSB_ASSERT_CLOSE(lam[0], 2.0 / 3 + 1.0 / 6, tol);
    NSB_ASSERT_CLOSE(lam[3], 2.0 / 3, tol);
  }
  printf("\n");
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* The chain's closed form (docs/contact.md §3): after the plastic compression
   (1/3, 1/3, 1/3) with Lambda_C = (2/3, 1/3),
     e1 <= e2 <= 4 e1:  d12 = (4 e1 - e2)/3, d23 = 2 (e2 - e1)/3
     e2 > 4 e1:         d12 = 0,             d23 = e2/2
     e2 < e1:           d12 = e1,            d23 = 0
   with d12 = v2 - v1, d23 = v3 - v2 and momentum v1 + v2 + v3 = 1. */
static void chain_closed_form(double e1, double e2, double* d12, double* d23) {
  if (e2 > 4.0 * e1) {
    *d12 = 0.0;
    *d23 = 0.5 * e2;
  } else if (e2 < e1) {
    *d12 = e1;
    *d23 = 0.0;
  } else {
    *d12 = (4.0 * e1 - e2) / 3.0;
    *d23 = 2.0 * (e2 - e1) / 3.0;
  }
}

static void test_chain_surface(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  double err = 0.0, d23max = 0.0, d12max = 0.0;
  for (int exact = 1; exact >= 0; --exact)
    for (int a = 0; a <= 20; ++a)
      for (int b = 0; b <= 20; ++b) {
        double e1 = a / 20.0, e2 = b / 20.0, vp[3], d12, d23;
        CU_ASSERT_FATAL(chain(ctx, e1, e2, exact, vp, NULL) == NSB_OK);
        chain_closed_form(e1, e2, &d12, &d23);
        double tol = exact ? 1e-14 : 1e-11;
        NSB_ASSERT_CLOSE(vp[1] - vp[0], d12, tol);
        NSB_ASSERT_CLOSE(vp[2] - vp[1], d23, tol);
        NSB_ASSERT_CLOSE(vp[0] + vp[1] + vp[2], 1.0, 1e-14);
        /* kinetic energy never above the initial 1/2 */
        CU_ASSERT(0.5 * (vp[0] * vp[0] + vp[1] * vp[1] + vp[2] * vp[2]) <= 0.5 + 1e-15);
        if (exact) err = fmax(err, fmax(fabs(vp[1] - vp[0] - d12), fabs(vp[2] - vp[1] - d23)));
        d12max = fmax(d12max, vp[1] - vp[0]);
        d23max = fmax(d23max, vp[2] - vp[1]);
      }
  printf("\n    441 (e1, e2) pairs: largest deviation from the closed form %.3g (exact LCP); "
         "max v2 - v1 = %.17g, max v3 - v2 = %.17g\n", err, d12max, d23max);
  /* Waltersberger's Figs 5.4/5.5: ranges 0..1 and 0..0.5; v3 - v2 = v01 is never reached */
  NSB_ASSERT_CLOSE(d12max, 1.0, 1e-11);
  NSB_ASSERT_CLOSE(d23max, 0.5, 1e-11);
  /* e1 = e2 = 1 is Newton's eps = 1 result */
  double vp[3];
  CU_ASSERT_FATAL(chain(ctx, 1.0, 1.0, 1, vp, NULL) == NSB_OK);
  NSB_ASSERT_CLOSE(vp[0], -1.0 / 3, 1e-15);
  NSB_ASSERT_CLOSE(vp[1], 2.0 / 3, 1e-15);
  NSB_ASSERT_CLOSE(vp[2], 2.0 / 3, 1e-15);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- random systems -------------------------------------------------------------- */

/* random SPD M (n x n) = A A^T + n I and random normal columns of J (n x 3m) */
static void random_system(int n, int m, double* M, double* J) {
  double A[64];
  for (int k = 0; k < n * n; ++k) A[k] = srand1();
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double s = (i == j) ? (double)n : 0.0;
      for (int k = 0; k < n; ++k) s += A[i + k * n] * A[j + k * n];
      M[i + j * n] = s;
    }
  for (int c = 0; c < 3 * m; ++c)
    for (int i = 0; i < n; ++i) J[i + c * n] = c % 3 == 0 ? srand1() : 0.0;
}

static double normal_velocity(const double* J, int n, int i, const double* v) {
  double s = 0.0;
  for (int d = 0; d < n; ++d) s += J[d + 3 * i * n] * v[d];
  return s;
}

/* One contact: the Poisson law with e_P is Newton's law with e = e_P. */
static void test_single_contact_newton(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { N = 5 };
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = N;
  def.max_contacts = 1;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
  double worst = 0.0;
  for (int trial = 0; trial < 200; ++trial) {
    double M[N * N], J[N * 3], v[N], vn[N], vp[N], e = urand();
    random_system(N, 1, M, J);
    for (int i = 0; i < N; ++i) v[i] = srand1();
    CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, N, 1, J, N) == NSB_OK);
    CU_ASSERT(nsb_impact_newton(imp, &e, NULL, v, vn, NULL, NULL) == NSB_OK);
    CU_ASSERT(nsb_impact_poisson(imp, &e, v, vp, NULL, NULL, NULL) == NSB_OK);
    double gm = normal_velocity(J, N, 0, v), gp = normal_velocity(J, N, 0, vp);
    for (int i = 0; i < N; ++i) {
      NSB_ASSERT_CLOSE(vp[i], vn[i], 1e-13);
      worst = fmax(worst, fabs(vp[i] - vn[i]));
    }
    /* approaching: gamma+ = -e gamma-; separating: untouched */
    NSB_ASSERT_CLOSE(gp, gm < 0.0 ? -e * gm : gm, 1e-13);
  }
  printf("\n    200 single-contact impacts: Poisson - Newton at most %.3g\n", worst);
  nsb_impact_destroy(&imp);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* Equal e at every contact, all contacts approaching or closed: the
   simultaneous Newton law with that e (Waltersberger 2007, §5.1.1). */
static void test_equal_e_newton(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { N = 6, MC = 3 };
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = N;
  def.max_contacts = MC;
  def.prox.max_sweeps = 400000;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
  double worst = 0.0;
  int used = 0;
  for (int trial = 0; trial < 4000 && used < 100; ++trial) {
    double M[N * N], J[N * 3 * MC], v[N], vn[N], vp[N], ee = urand(), e[MC] = {ee, ee, ee};
    random_system(N, MC, M, J);
    for (int i = 0; i < N; ++i) v[i] = srand1();
    int approaching = 1;
    for (int c = 0; c < MC; ++c) approaching = approaching && normal_velocity(J, N, c, v) <= 0.0;
    if (!approaching) continue;
    ++used;
    CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, N, MC, J, N) == NSB_OK);
    CU_ASSERT(nsb_impact_newton(imp, e, NULL, v, vn, NULL, NULL) == NSB_OK);
    CU_ASSERT(nsb_impact_poisson(imp, e, v, vp, NULL, NULL, NULL) == NSB_OK);
    double scale = 0.0;
    for (int i = 0; i < N; ++i) scale = fmax(scale, fabs(v[i]));
    for (int i = 0; i < N; ++i) {
      NSB_ASSERT_CLOSE(vp[i], vn[i], 1e-9 * scale);
      worst = fmax(worst, fabs(vp[i] - vn[i]) / scale);
    }
  }
  printf("\n    %d impacts with equal e: Poisson - Newton (prox, 1e-13) at most %.3g relative\n", used, worst);
  CU_ASSERT(used == 100);
  nsb_impact_destroy(&imp);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* Random particle systems: np particles (masses 0.5..2) in 3-D, contacts
   between random pairs (normal: a random unit vector) and against fixed walls,
   random velocities (contacts approaching, closed or separating), random
   e_i in [0, 1].  Particle-particle contacts exchange equal and opposite
   impulses, so with no wall contact the momentum is kept; the kinetic energy
   must never grow (for 0 <= e_i <= 1: docs/contact.md §3.1). */
static void random_particles(int np, int nc, int walls, double* M, double* J, double* v) {
  int n = 3 * np;
  memset(M, 0, (size_t)n * (size_t)n * sizeof(double));
  memset(J, 0, (size_t)n * (size_t)(3 * nc) * sizeof(double));
  for (int p = 0; p < np; ++p) {
    double m = 0.5 + 1.5 * urand();
    for (int k = 0; k < 3; ++k) M[(3 * p + k) * (n + 1)] = m;
  }
  for (int c = 0; c < nc; ++c) {
    double d[3], s;
    do {
      d[0] = srand1();
      d[1] = srand1();
      d[2] = srand1();
      s = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    } while (s < 0.1);
    int a = (int)(urand() * np), b = (int)(urand() * (np - 1));
    if (b >= a) ++b;
    for (int k = 0; k < 3; ++k) {
      J[3 * a + k + 3 * c * n] = d[k] / s;
      if (!(walls && c % 2 == 1)) J[3 * b + k + 3 * c * n] = -d[k] / s;
    }
  }
  for (int i = 0; i < n; ++i) v[i] = srand1();
}

static void test_random_energy_momentum(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { NP = 4, N = 3 * NP, MC = 6 };
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = N;
  def.max_contacts = MC;
  nsb_impact* imp = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
  double worst_gain = -1.0, worst_mom = 0.0, worst_comp = 0.0;
  int n_imp = 0, n_fail = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    int walls = trial % 2, nc = 1 + trial % MC;
    double M[N * N], J[N * 3 * MC], v[N], vp[N], lam[3 * MC], lc[MC], e[MC];
    random_particles(NP, nc, walls, M, J, v);
    for (int c = 0; c < nc; ++c) e[c] = (trial % 7 == 0) ? (double)(c % 2) : urand();
    CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, N, nc, J, N) == NSB_OK);
    int rc = nsb_impact_poisson(imp, e, v, vp, lam, lc, NULL);
    CU_ASSERT(rc == NSB_OK);
    if (rc != NSB_OK) {
      fprintf(stderr, "  trial %d: %s\n", trial, nsb_ctx_error_message(ctx));
      nsb_ctx_clear_error(ctx);
      ++n_fail;
      continue;
    }
    double tm = 0.0, tp = 0.0;
    for (int i = 0; i < N; ++i) {
      tm += 0.5 * M[i * (N + 1)] * v[i] * v[i];
      tp += 0.5 * M[i * (N + 1)] * vp[i] * vp[i];
    }
    worst_gain = fmax(worst_gain, (tp - tm) / tm);
    CU_ASSERT(tp <= tm * (1.0 + 1e-14));
    if (tp > tm * (1.0 + 1e-14)) fprintf(stderr, "  trial %d: kinetic energy %.17g -> %.17g\n", trial, tm, tp);
    /* the end state: no contact approaches, Lambda_C >= 0, and the expansion
       impulse beyond e_i Lambda_C,i, Lambda_R = Lambda - (1 + e) Lambda_C, is
       >= 0 and complementary to gamma+ */
    for (int c = 0; c < nc; ++c) {
      double g = normal_velocity(J, N, c, vp), lr = lam[3 * c] - (1.0 + e[c]) * lc[c];
      CU_ASSERT(lc[c] >= 0.0 && lr >= -1e-13);
      CU_ASSERT(g >= -1e-13);
      CU_ASSERT(fabs(lr * g) <= 1e-13);
      worst_comp = fmax(worst_comp, fabs(lr * g));
    }
    if (!walls) {
      for (int k = 0; k < 3; ++k) {
        double pm = 0.0, pp = 0.0;
        for (int p = 0; p < NP; ++p) {
          pm += M[(3 * p + k) * (N + 1)] * v[3 * p + k];
          pp += M[(3 * p + k) * (N + 1)] * vp[3 * p + k];
        }
        NSB_ASSERT_CLOSE(pp, pm, 1e-13);
        worst_mom = fmax(worst_mom, fabs(pp - pm));
      }
    }
    ++n_imp;
  }
  printf("\n    %d random impacts (1-6 contacts, 4 particles): max relative energy change %.3g, "
         "momentum error %.3g, max |Lambda_R gamma+| %.3g\n", n_imp, worst_gain, worst_mom, worst_comp);
  CU_ASSERT(n_fail == 0);
  nsb_impact_destroy(&imp);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* The exact phases and the prox phases give the same velocities. */
static void test_exact_vs_prox(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { NP = 3, N = 3 * NP, MC = 4 };
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = N;
  def.max_contacts = MC;
  def.prox.max_sweeps = 400000;
  nsb_impact_def defp = def;
  defp.lcp_exact_max = 0;
  nsb_impact *ie = NULL, *ip = NULL;
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &ie) == NSB_OK);
  CU_ASSERT_FATAL(nsb_impact_create(ctx, &defp, &ip) == NSB_OK);
  double worst = 0.0;
  for (int trial = 0; trial < 100; ++trial) {
    double M[N * N], J[N * 3 * MC], v[N], v1[N], v2[N], e[MC];
    random_particles(NP, MC, trial % 2, M, J, v);
    for (int c = 0; c < MC; ++c) e[c] = urand();
    CU_ASSERT_FATAL(nsb_impact_set_system(ie, M, N, MC, J, N) == NSB_OK);
    CU_ASSERT_FATAL(nsb_impact_set_system(ip, M, N, MC, J, N) == NSB_OK);
    CU_ASSERT(nsb_impact_poisson(ie, e, v, v1, NULL, NULL, NULL) == NSB_OK);
    CU_ASSERT(nsb_impact_poisson(ip, e, v, v2, NULL, NULL, NULL) == NSB_OK);
    for (int i = 0; i < N; ++i) {
      NSB_ASSERT_CLOSE(v1[i], v2[i], 1e-9);
      worst = fmax(worst, fabs(v1[i] - v2[i]));
    }
  }
  printf("\n    100 random impacts: exact and prox phases differ by at most %.3g\n", worst);
  nsb_impact_destroy(&ie);
  nsb_impact_destroy(&ip);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* ---- the exact LCP ------------------------------------------------------------------ */

static void test_lcp_exact(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  double work[NSB_LCP_EXACT_WORK(3)], z[3], w[3];
  /* W = [[2, -1], [-1, 2]] (the chain), q = (-1, 0): z = (2/3, 1/3), w = 0 */
  double A[4] = {2, -1, -1, 2}, q[2] = {-1, 0};
  CU_ASSERT(nsb_lcp_exact(ctx, 2, A, 2, q, z, w, work) == NSB_OK);
  NSB_ASSERT_CLOSE(z[0], 2.0 / 3, 1e-15);
  NSB_ASSERT_CLOSE(z[1], 1.0 / 3, 1e-15);
  CU_ASSERT(w[0] == 0.0 && w[1] == 0.0);
  /* separating data: z = 0, w = q */
  double q2[2] = {0.5, 0.25};
  CU_ASSERT(nsb_lcp_exact(ctx, 2, A, 2, q2, z, w, work) == NSB_OK);
  CU_ASSERT(z[0] == 0.0 && z[1] == 0.0 && w[0] == 0.5 && w[1] == 0.25);
  /* redundant contacts (identical columns, A singular): w = 0 on both, z >= 0 */
  double B[9] = {1, 1, 0, 1, 1, 0, 0, 0, 1}, q3[3] = {-1, -1, 2};
  CU_ASSERT(nsb_lcp_exact(ctx, 3, B, 3, q3, z, w, work) == NSB_OK);
  NSB_ASSERT_CLOSE(z[0] + z[1], 1.0, 1e-15);
  CU_ASSERT(z[0] >= 0.0 && z[1] >= 0.0 && z[2] == 0.0);
  NSB_ASSERT_CLOSE(w[0], 0.0, 1e-15);
  NSB_ASSERT_CLOSE(w[1], 0.0, 1e-15);
  NSB_ASSERT_CLOSE(w[2], 2.0, 1e-15);
  /* no solution: A = 0 (not positive definite on any support), q < 0 */
  double Z[1] = {0.0}, qn[1] = {-1.0};
  CU_ASSERT(nsb_lcp_exact(ctx, 1, Z, 1, qn, z, w, work) == NSB_ERR_NO_CONVERGENCE);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_lcp_exact(ctx, NSB_LCP_EXACT_MAX + 1, Z, 20, qn, z, w, work) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

/* nsb_impact_poisson never allocates; create cleans up after any failed allocation. */
static void test_poisson_no_alloc(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  enum { NP = 3, N = 3 * NP, MC = 3 };
  double M[N * N], J[N * 3 * MC], v[N], vp[N], e[MC] = {0.2, 0.7, 1.0};
  random_particles(NP, MC, 0, M, J, v);
  for (int exact = 0; exact < 2; ++exact) {
    nsb_impact_def def = nsb_impact_default_def();
    def.n_dof = N;
    def.max_contacts = MC;
    def.lcp_exact_max = exact ? NSB_LCP_EXACT_MAX : 0;
    nsb_impact* imp = NULL;
    CU_ASSERT_FATAL(nsb_impact_create(ctx, &def, &imp) == NSB_OK);
    CU_ASSERT_FATAL(nsb_impact_set_system(imp, M, N, MC, J, N) == NSB_OK);
    long before = nsb_ctx_alloc_count(ctx);
    CU_ASSERT(nsb_impact_poisson(imp, e, v, vp, NULL, NULL, NULL) == NSB_OK);
    CU_ASSERT(nsb_ctx_alloc_count(ctx) == before);
    nsb_impact_destroy(&imp);
    for (long k = 1; k < 24; ++k) {
      nsb_ctx_fail_alloc_after(ctx, k);
      int rc = nsb_impact_create(ctx, &def, &imp);
      nsb_ctx_fail_alloc_after(ctx, 0);
      nsb_ctx_clear_error(ctx);
      CU_ASSERT(rc == NSB_OK || (rc == NSB_ERR_ALLOC && imp == NULL));
      nsb_impact_destroy(&imp);
      CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
    }
  }
  nsb_impact_def bad = nsb_impact_default_def();
  bad.n_dof = 3;
  bad.max_contacts = 1;
  bad.lcp_exact_max = NSB_LCP_EXACT_MAX + 1;
  nsb_impact* imp = NULL;
  CU_ASSERT(nsb_impact_create(ctx, &bad, &imp) == NSB_ERR_ARG && imp == NULL);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
}

static const nsb_test_suite suites[] = {
    {"poisson", (const nsb_test_case[]){{"chain_corner", test_chain_corner},
                                        {"chain_surface", test_chain_surface},
                                        {"single_contact_newton", test_single_contact_newton},
                                        {"equal_e_newton", test_equal_e_newton},
                                        {"random_energy_momentum", test_random_energy_momentum},
                                        {"exact_vs_prox", test_exact_vs_prox},
                                        {"lcp_exact", test_lcp_exact},
                                        {"no_alloc", test_poisson_no_alloc},
                                        {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* test_arclength.c -- arc-length (Riks) continuation (solver/arclength.c,
 * *STATIC, RIKS) against analytic equilibrium paths.
 *
 * The von Mises truss: two SPRINGA bars of stiffness k from the ground
 * points (-a, 0) and (a, 0) to the apex (0, h), the apex loaded downward by
 * P.  With w the apex deflection and u = h - w,
 *   P(u) = 2 k u (L0 / sqrt(a^2 + u^2) - 1),  L0 = sqrt(a^2 + h^2),
 * a limit point at (a^2 + u*^2)^{3/2} = L0 a^2, P_max = 2 k u* ((L0/a)^{2/3} - 1),
 * a snap-through to the mirror image.  A vertical spring ks between the apex
 * and a loaded node above it adds the node's deflection v = w + P / ks,
 * which turns back (snap-back) where dP/dw < -ks.
 *
 * Suites:
 *   truss     points of the path on the analytic curve through both limit
 *             points (spherical and cylindrical constraint), loads of an
 *             earlier step held, the snap-back followed;
 *   beam      a cantilever under a distributed load (*DLOAD on the span):
 *             the Riks point equals the load-controlled solution at the same
 *             load factor (B2V, B2S), and the condensed interior unknowns
 *             follow the bordered update to second order;
 *   deck      the data line's fields and Abaqus's defaults;
 *   control   the end criteria, failure at the minimum increment, a load
 *             the supports take, the state carried into a later step, no
 *             allocation in the increments.
 *
 * Tolerances are stated next to each check with their reason.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/deck.h"
#include "io/run.h"
#include "solver/arclength.h"
#include "solver/modal.h"
#include "solver/system.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

/* ---- the von Mises truss ------------------------------------------------------------ */

static const double TK = 1000.0, TA = 1.0, TH = 0.5, TP = 50.0; /* stiffness, half span, rise, reference load */

static double truss_P(double w) {
  double u = TH - w, L0 = hypot(TA, TH);
  return 2.0 * TK * u * (L0 / hypot(TA, u) - 1.0);
}

static double truss_wstar(void) {
  double L0 = hypot(TA, TH);
  return TH - sqrt(pow(L0 * TA * TA, 2.0 / 3.0) - TA * TA);
}

static double truss_Pmax(void) { return truss_P(truss_wstar()); }

/* Deck of the truss; riks_line: the *STATIC, RIKS keyword and data line,
   extra: more step lines (loads), series: with the spring ks and node 4. */
static void truss_deck(char* buf, size_t n, const char* riks, const char* extra, double ks, const char* before) {
  char series[512] = "";
  if (ks > 0.0)
    snprintf(series, sizeof series,
             "*NODE\n4, 0.0, 10.5, 0.0\n*PARTICLE, NODE=4, MASS=1.0\n*ELEMENT, TYPE=SPRINGA, ELSET=SERIES\n3, 2, 4\n"
             "*SPRING, ELSET=SERIES\n%.17g\n*BOUNDARY\n4, 1, 1\n4, 3, 3\n",
             ks);
  snprintf(buf, n,
           "*NODE\n1, -1.0, 0.0, 0.0\n2, 0.0, 0.5, 0.0\n3, 1.0, 0.0, 0.0\n*PARTICLE, NODE=2, MASS=1.0\n"
           "*ELEMENT, TYPE=SPRINGA, ELSET=BARS\n1, 1, 2\n2, 2, 3\n*SPRING, ELSET=BARS\n%.17g\n"
           "*BOUNDARY\n2, 1, 1\n2, 3, 3\n%s%s*STEP, INC=400\n%s\n*CLOAD\n%d, 2, %.17g\n%s*END STEP\n",
           TK, series, before, riks, ks > 0.0 ? 4 : 2, -TP, extra);
}

typedef struct fixture {
  nsb_ctx* ctx;
  nsb_model* m;
  nsb_system* s;
  nsb_arclength* al;
} fixture;

static int fx_open(fixture* f, const char* text) {
  memset(f, 0, sizeof *f);
  f->ctx = nsb_test_new_ctx();
  int n_err = 0;
  int st = nsb_deck_read_string(f->ctx, "riks.inp", text, stderr, &f->m, &n_err);
  CU_ASSERT_EQUAL(st, NSB_OK);
  if (st != NSB_OK) return -1;
  st = nsb_system_create(f->ctx, f->m, &f->s);
  CU_ASSERT_EQUAL(st, NSB_OK);
  return st == NSB_OK ? 0 : -1;
}

/* Begin step k (a Riks step: with its arc-length driver). */
static int fx_step(fixture* f, int k) {
  int st = nsb_system_begin_step(f->s, k, nsb_system_time(f->s));
  CU_ASSERT_EQUAL(st, NSB_OK);
  if (st == NSB_OK && f->m->steps.data[k].riks) st = nsb_arclength_create(f->ctx, f->s, &f->al);
  CU_ASSERT_EQUAL(st, NSB_OK);
  return st;
}

static void fx_close(fixture* f) {
  nsb_arclength_destroy(&f->al);
  nsb_system_destroy(&f->s);
  nsb_model_destroy(&f->m);
  nsb_test_end_ctx(&f->ctx);
}

static double uy(const fixture* f, int node) {
  return nsb_system_state(f->s)->x[3 * node + 1] - nsb_system_x0(f->s)[3 * node + 1];
}

/* A path: LPF and the downward deflections of nodes 2 (w) and 4 (v). */
typedef struct path {
  int n;
  double lpf[512], w[512], v[512];
  int iterations;
  nsb_arclength_end end;
} path;

/* Follow the Riks step until it ends (or fails: returns the status). */
static int follow(fixture* f, path* p, int series) {
  memset(p, 0, sizeof *p);
  nsb_arclength_info info;
  nsb_newton_report rep;
  do {
    int st = nsb_arclength_increment(f->al, &info, &rep);
    if (st < 0) return st;
    if (p->n < 512) {
      p->lpf[p->n] = info.lpf;
      p->w[p->n] = -uy(f, 1);
      p->v[p->n] = series ? -uy(f, 3) : 0.0;
      p->n++;
    }
    p->iterations += info.iterations;
  } while (info.end == NSB_ARC_GOING);
  p->end = info.end;
  return NSB_OK;
}

/* Largest |P(w) - lpf P_ref| over the path.  Converged points satisfy the
   residual test |f| <= 1e-8 (absolute, the default TOL RESIDUAL), so 1e-7 is
   the bound with a margin for the cancellation in P(w) near the flat state. */
static double path_error(const path* p, double P0) {
  double e = 0.0;
  for (int i = 0; i < p->n; ++i) e = fmax(e, fabs(truss_P(p->w[i]) - P0 - p->lpf[i] * TP));
  return e;
}

static void truss_run(const char* riks, double* err, double* lmax, double* lmin, double* wmax, int* n) {
  char text[4096];
  truss_deck(text, sizeof text, riks, "", 0.0, "");
  fixture f;
  path p;
  *n = 0;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    int st = follow(&f, &p, 0);
    CU_ASSERT_EQUAL(st, NSB_OK);
    CU_ASSERT_EQUAL(p.end, NSB_ARC_END_DISPLACEMENT);
    *err = path_error(&p, 0.0);
    /* the first local maximum (the upper limit point) and the least LPF
       (the lower one); past the mirror state the bars stretch and the LPF
       grows without bound */
    int i = 0;
    while (i + 1 < p.n && p.lpf[i + 1] >= p.lpf[i]) ++i;
    *lmax = p.lpf[i];
    *lmin = HUGE_VAL;
    for (int j = 0; j < p.n; ++j) *lmin = fmin(*lmin, p.lpf[j]);
    *wmax = p.w[p.n - 1];
    *n = p.n;
  }
  fx_close(&f);
}

/* Through both limit points to the mirror state and beyond: every converged
   point on the analytic path; the first maximum of the sampled LPF at most
   the analytic limit and at least 90 % of it (the samples straddle the
   limit), the least LPF below -90 % of it (the snap-through passes the lower
   limit point, where P = -P_max by symmetry). */
static void test_truss_spherical(void) {
  double err, lmax, lmin, wmax;
  int n;
  truss_run("*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -1.2", &err, &lmax, &lmin, &wmax, &n);
  double lam_star = truss_Pmax() / TP;
  printf("\n    spherical: %d increments, path error %.2e, LPF %.6f .. %.6f (limits +-%.6f), w_end %.4f", n, err, lmin,
         lmax, lam_star, wmax);
  CU_ASSERT(err <= 1e-7);
  CU_ASSERT(lmax <= lam_star * (1.0 + 1e-12));
  CU_ASSERT(lmax >= 0.9 * lam_star);
  CU_ASSERT(lmin <= -0.9 * lam_star);
  CU_ASSERT(wmax >= 1.2);
}

static void test_truss_cylindrical(void) {
  double err, lmax, lmin, wmax;
  int n;
  truss_run("*STATIC, RIKS, CONSTRAINT=CYLINDRICAL\n0.05, 20.0, , 0.5, , 2, 2, -1.2", &err, &lmax, &lmin, &wmax, &n);
  double lam_star = truss_Pmax() / TP;
  printf("\n    cylindrical: %d increments, path error %.2e, LPF %.6f .. %.6f, w_end %.4f", n, err, lmin, lmax, wmax);
  CU_ASSERT(err <= 1e-7);
  CU_ASSERT(lmax <= lam_star * (1.0 + 1e-12));
  CU_ASSERT(lmax >= 0.9 * lam_star);
  CU_ASSERT(lmin <= -0.9 * lam_star);
}

/* The limit load itself: with the largest increment bounded the samples
   near the limit lie within (Delta w)^2 of it; a parabola through the three
   samples around the largest LPF gives the limit to 1e-6 of P_max and its
   deflection to 1e-3 of w* (cubic term of P(w) over the sample spacing). */
static void test_truss_limit_point(void) {
  char text[4096];
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.01, 5.0, , 0.02, , 2, 2, -0.5", "", 0.0, "");
  fixture f;
  path p;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK && follow(&f, &p, 0) == NSB_OK) {
    int j = 0;
    for (int i = 1; i < p.n; ++i)
      if (p.lpf[i] > p.lpf[j]) j = i;
    CU_ASSERT_FATAL(j > 0 && j + 1 < p.n);
    double x0 = p.w[j - 1], x1 = p.w[j], x2 = p.w[j + 1], y0 = p.lpf[j - 1], y1 = p.lpf[j], y2 = p.lpf[j + 1];
    double d01 = (y1 - y0) / (x1 - x0), d12 = (y2 - y1) / (x2 - x1), c2 = (d12 - d01) / (x2 - x0);
    double c1 = d01 - c2 * (x0 + x1);
    double xs = -c1 / (2.0 * c2), ys = y1 + d01 * (xs - x1) + c2 * (xs - x0) * (xs - x1);
    printf("\n    limit: LPF %.10f (analytic %.10f), w %.6f (analytic %.6f), %d samples", ys, truss_Pmax() / TP, xs,
           truss_wstar(), p.n);
    NSB_ASSERT_CLOSE(ys, truss_Pmax() / TP, 1e-6 * truss_Pmax() / TP);
    NSB_ASSERT_CLOSE(xs, truss_wstar(), 1e-3 * truss_wstar());
    /* past the limit the LPF falls while w grows */
    CU_ASSERT(p.lpf[j + 1] < p.lpf[j] && p.w[j + 1] > p.w[j]);
  }
  fx_close(&f);
}

/* A load of an earlier step at the DOF the Riks step loads is replaced
   (Abaqus's OP=MOD and its Riks loading P0 + lpf (P_ref - P0)): a static step
   applies P0 = 20 downward; the Riks step's path is P(w) = P0 + lpf (P_ref - P0). */
static void test_truss_preload(void) {
  char text[4096];
  const char* pre = "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n2, 2, -20.0\n*END STEP\n";
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -1.2", "", 0.0, pre);
  fixture f;
  path p;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    nsb_newton_report rep;
    for (int i = 0; i < 2; ++i) CU_ASSERT_EQUAL(nsb_system_increment(f.s, 0.5, &rep), NSB_OK);
    double w0 = -uy(&f, 1);
    CU_ASSERT_EQUAL(nsb_system_load_factor(f.s), 1.0);
    if (fx_step(&f, 1) == NSB_OK && follow(&f, &p, 0) == NSB_OK) {
      double e = 0.0;
      for (int i = 0; i < p.n; ++i) e = fmax(e, fabs(truss_P(p.w[i]) - 20.0 - p.lpf[i] * (TP - 20.0)));
      printf("\n    preload 20: start w %.6f (P(w) = %.10f), path error %.2e over %d increments", w0, truss_P(w0), e, p.n);
      NSB_ASSERT_CLOSE(truss_P(w0), 20.0, 1e-7);
      CU_ASSERT(e <= 1e-7);
    }
  }
  fx_close(&f);
}

/* Snap-back: the loaded node's deflection v = w + P/ks turns back (ks =
   100 < 2 k (L0/a - 1) = 236, the steepest descent of P(w)).  Every point on
   both analytic relations; the path follows v back while w keeps growing. */
static void test_truss_snap_back(void) {
  char text[4096];
  const double ks = 100.0;
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.02, 40.0, , 0.25, , 2, 2, -1.1", "", ks, "");
  fixture f;
  path p;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK && follow(&f, &p, 1) == NSB_OK) {
    double e1 = path_error(&p, 0.0), e2 = 0.0, back = 0.0;
    int turned = 0;
    for (int i = 0; i < p.n; ++i) e2 = fmax(e2, fabs(p.v[i] - p.w[i] - p.lpf[i] * TP / ks));
    for (int i = 1; i < p.n; ++i)
      if (p.v[i] < p.v[i - 1] && p.w[i] > p.w[i - 1]) {
        turned++;
        back = fmax(back, p.v[i - 1] - p.v[i]);
      }
    printf("\n    snap-back: %d increments, %d with v turning back (up to %.4f), errors %.2e (force), %.2e (spring)", p.n,
           turned, back, e1, e2);
    CU_ASSERT(e1 <= 1e-7);
    CU_ASSERT(e2 <= 1e-9); /* |dv| = |df| / ks: the residual bound over ks, with margin */
    CU_ASSERT(turned >= 2);
    CU_ASSERT(p.end == NSB_ARC_END_DISPLACEMENT);
  }
  fx_close(&f);
}

/* ---- beams --------------------------------------------------------------------------- */

/* Cantilever of 10 elements along x (EI = 1, EA = GA = 100, rhoA = 1),
   written with lengths in units of 1/sc (sc = 1000: millimetres for
   metres; forces unchanged, so EI, GJ scale by sc^2 and loads per length
   by 1/sc); proc: the step's procedure lines, load: the step's load lines. */
static void cantilever_deck_sc(char* buf, size_t n, const char* type, const char* proc, const char* load, double sc) {
  int len = snprintf(buf, n, "*NODE\n");
  for (int i = 0; i <= 10; ++i) len += snprintf(buf + len, n - (size_t)len, "%d, %.17g, 0, 0\n", i + 1, 0.1 * i * sc);
  len += snprintf(buf + len, n - (size_t)len, "*ELEMENT, TYPE=%s, ELSET=B, POINTS=2\n", type);
  for (int i = 0; i < 10; ++i) len += snprintf(buf + len, n - (size_t)len, "%d, %d, %d\n", i + 1, i + 1, i + 2);
  double I = sc * sc;
  snprintf(buf + len, n - (size_t)len,
           "*BEAM GENERAL SECTION, ELSET=B\n100.0, 100.0, 100.0, %.17g, %.17g, %.17g\n%.17g, 1.0, 1.0, 1.0\n0, 0, 1\n"
           "*BOUNDARY\n1, 1, 6\n*STEP, INC=100\n%s\n%s*END STEP\n",
           I, I, I, 1.0 / sc, proc, load);
}

static void cantilever_deck(char* buf, size_t n, const char* type, const char* proc, double q) {
  char load[128];
  snprintf(load, sizeof load, "*DLOAD\nB, PY, %.17g\n", q);
  cantilever_deck_sc(buf, n, type, proc, load, 1.0);
}

/* The Riks point at LPF lambda equals the load-controlled static solution
   under the load lambda times the reference: both are converged solutions
   of the same equations, to the Newton tolerance (relative 1e-8 of motions
   of order 0.4, and the Riks point carries the correction of its last
   iteration: 1e-9 absolute).  Loads on the span (*DLOAD; *GRAVITY on the
   section's mass) go through the beams' condensed load rate, a follower tip
   force through the load stiffness of the reference load. */
static void test_beam_loads_match_static(void) {
  const char* types[2] = {"B2V", "B2S"};
  const char* loads[3] = {"*DLOAD\nB, PY, %.17g\n", "*GRAVITY\n0.0, %.17g, 0.0\n", "*CLOAD, FOLLOWER=YES\n11, 2, %.17g\n"};
  const double ref[3] = {3.0, 3.0, 1.5};
  for (int c = 0; c < 6; ++c) {
    const char* type = types[c % 2];
    int l = c / 2;
    char text[8192], load[128];
    snprintf(load, sizeof load, loads[l], ref[l]);
    cantilever_deck_sc(text, sizeof text, type, "*STATIC, RIKS\n0.1, 10.0, , , 1.0", load, 1.0);
    fixture f;
    double lam = 0.0, tip[3] = {0, 0, 0};
    int iters = 0;
    if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
      nsb_arclength_info info;
      nsb_newton_report rep;
      do {
        CU_ASSERT_EQUAL_FATAL(nsb_arclength_increment(f.al, &info, &rep), NSB_OK);
        iters = rep.iterations > iters ? rep.iterations : iters;
      } while (info.end == NSB_ARC_GOING);
      CU_ASSERT_EQUAL(info.end, NSB_ARC_END_LPF);
      lam = info.lpf;
      for (int k = 0; k < 3; ++k) tip[k] = nsb_system_state(f.s)->x[3 * 10 + k];
    }
    fx_close(&f);
    snprintf(load, sizeof load, loads[l], ref[l] * lam);
    cantilever_deck_sc(text, sizeof text, type, "*STATIC\n0.1, 1.0", load, 1.0);
    double d = HUGE_VAL;
    if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
      nsb_newton_report rep;
      d = 0.0;
      for (int i = 0; i < 10; ++i) CU_ASSERT_EQUAL(nsb_system_increment(f.s, 0.1, &rep), NSB_OK);
      for (int k = 0; k < 3; ++k) d = fmax(d, fabs(nsb_system_state(f.s)->x[3 * 10 + k] - tip[k]));
    }
    fx_close(&f);
    printf("\n    %s, %s: LPF %.10f, tip (%.8f, %.8f), |Riks - static| = %.2e, at most %d iterations per increment",
           type, l == 0 ? "*DLOAD" : l == 1 ? "*GRAVITY" : "follower tip force", lam, tip[0], tip[1], d, iters);
    CU_ASSERT(lam >= 1.0);
    CU_ASSERT(d <= 1e-9);
  }
}

/* The beams condense their interior unknowns; under a load on the span the
   interior residual depends on the LPF, and the bordered update must carry
   that into the interior recovery (element.h post_solve_lpf).  From the
   loaded, converged state, the tangent step (eps dt, eps) leaves a residual
   of second order in eps: halving eps quarters it (ratio 4, measured within
   [3.5, 4.5]).  A recovery without the LPF term leaves the interior
   residual of first order (measured: ratios 2.5 and 2.2 for B2V, 2.07 and
   2.02 for B2S). */
static void test_beam_interior_consistency(void) {
  const char* types[2] = {"B2V", "B2S"};
  for (int c = 0; c < 2; ++c) {
    char text[8192];
    cantilever_deck(text, sizeof text, types[c], "*STATIC, RIKS\n0.2, 10.0, , , 0.5", 3.0);
    fixture f;
    if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
      nsb_arclength_info info;
      nsb_newton_report rep;
      do {
        CU_ASSERT_EQUAL_FATAL(nsb_arclength_increment(f.al, &info, &rep), NSB_OK);
      } while (info.end == NSB_ARC_GOING);
      int n = nsb_system_n_equations(f.s);
      double* q = calloc((size_t)n, sizeof(double));
      double* dt = calloc((size_t)n, sizeof(double));
      double* dx = calloc((size_t)n, sizeof(double));
      double res[3], r0 = 0.0;
      const double eps[3] = {0.02, 0.01, 0.005};
      for (int k = 0; k < 3; ++k) {
        CU_ASSERT_EQUAL(nsb_system_riks_begin_increment(f.s), NSB_OK);
        CU_ASSERT_EQUAL(nsb_system_riks_assemble(f.s, q), NSB_OK);
        r0 = nsb_system_riks_residual_norm(f.s);
        CU_ASSERT_EQUAL(nsb_system_factor(f.s, &rep), NSB_OK);
        memcpy(dt, q, (size_t)n * sizeof(double));
        CU_ASSERT_EQUAL(nsb_system_solve(f.s, dt, &rep), NSB_OK);
        for (int i = 0; i < n; ++i) dx[i] = eps[k] * dt[i];
        nsb_system_riks_apply(f.s, dx, eps[k]);
        CU_ASSERT_EQUAL(nsb_system_riks_assemble(f.s, q), NSB_OK);
        res[k] = nsb_system_riks_residual_norm(f.s);
        nsb_system_riks_restore(f.s);
      }
      double r1 = res[0] / res[1], r2 = res[1] / res[2];
      printf("\n    %s: residual at the converged state %.2e; after the tangent step %.3e, %.3e, %.3e (ratios %.3f, %.3f)",
             types[c], r0, res[0], res[1], res[2], r1, r2);
      CU_ASSERT(r1 > 3.5 && r1 < 4.5);
      CU_ASSERT(r2 > 3.5 && r2 < 4.5);
      free(q);
      free(dt);
      free(dx);
    }
    fx_close(&f);
  }
}

/* ---- deck ---------------------------------------------------------------------------- */

/* The data line as parsed: Abaqus's defaults for empty and zero fields
   (docs/deck.md, *STATIC, RIKS), INC as the increment bound. */
static void test_deck_fields(void) {
  char text[4096];
  nsb_ctx* ctx = nsb_test_new_ctx();
  struct {
    const char* riks;
    const char* inc;
    double h, period, h_min, h_max, lpf_max, u_max;
    int node, dof, cyl, max_inc;
  } cases[3] = {
      {"*STATIC, RIKS\n0.05", "", 0.05, 1.0, 1e-5, 0.0, 0.0, 0.0, -1, 0, 0, 100},
      {"*STATIC, RIKS, CONSTRAINT=CYLINDRICAL\n0, 4.0, 0, 0, 1.5", "INC=7", 4.0, 4.0, 4e-5, 0.0, 1.5, 0.0, -1, 0, 1, 7},
      {"*STATIC, RIKS\n0.1, 2.0, 0.001, 0.5, , 2, 2, -1.2", "", 0.1, 2.0, 0.001, 0.5, 0.0, -1.2, 1, 2, 0, 100}};
  for (int c = 0; c < 3; ++c) {
    truss_deck(text, sizeof text, cases[c].riks, "", 0.0, "");
    char* at = strstr(text, "INC=400");
    CU_ASSERT_FATAL(at != NULL);
    memset(at, ' ', 7);
    if (cases[c].inc[0]) memcpy(at, cases[c].inc, strlen(cases[c].inc));
    nsb_model* m = NULL;
    int n_err = 0;
    CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "riks_fields.inp", text, stderr, &m, &n_err), NSB_OK);
    const nsb_step_def* sd = &m->steps.data[0];
    CU_ASSERT_EQUAL(sd->kind, NSB_STEP_STATIC);
    CU_ASSERT_EQUAL(sd->riks, 1);
    CU_ASSERT_EQUAL(sd->riks_cylindrical, cases[c].cyl);
    NSB_ASSERT_CLOSE(sd->h, cases[c].h, 0.0);
    NSB_ASSERT_CLOSE(sd->period, cases[c].period, 0.0);
    NSB_ASSERT_CLOSE(sd->h_min, cases[c].h_min, 1e-20);
    NSB_ASSERT_CLOSE(sd->riks_h_max, cases[c].h_max, 0.0);
    NSB_ASSERT_CLOSE(sd->riks_lpf_max, cases[c].lpf_max, 0.0);
    CU_ASSERT_EQUAL(sd->riks_node, cases[c].node);
    CU_ASSERT_EQUAL(sd->riks_dof, cases[c].dof);
    NSB_ASSERT_CLOSE(sd->riks_u_max, cases[c].u_max, 0.0);
    CU_ASSERT_EQUAL(sd->riks_max_inc, cases[c].max_inc);
    nsb_model_destroy(&m);
  }
  nsb_test_end_ctx(&ctx);
}

/* ---- control ------------------------------------------------------------------------- */

static void test_end_criteria(void) {
  struct {
    const char* riks;
    nsb_arclength_end end;
  } cases[4] = {{"*STATIC, RIKS\n0.05, 20.0, , 0.5, 0.5", NSB_ARC_END_LPF},
                {"*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -0.1", NSB_ARC_END_DISPLACEMENT},
                {"*STATIC, RIKS\n0.05, 0.2", NSB_ARC_END_LENGTH},
                {"*STATIC, RIKS\n0.01, 20.0", NSB_ARC_END_INCREMENTS}};
  for (int c = 0; c < 4; ++c) {
    char text[4096];
    truss_deck(text, sizeof text, cases[c].riks, "", 0.0, "");
    if (c == 3) { /* INC=3 */
      char* at = strstr(text, "INC=400");
      CU_ASSERT_FATAL(at != NULL);
      memcpy(at, "INC=3  ", 7);
    }
    fixture f;
    path p;
    if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK && follow(&f, &p, 0) == NSB_OK) {
      printf("\n    case %d: %d increments, LPF %.6f, w %.6f, arc length %.6g: %s", c, p.n, p.lpf[p.n - 1],
             p.w[p.n - 1], nsb_arclength_used(f.al), nsb_arclength_end_text(p.end));
      CU_ASSERT_EQUAL(p.end, cases[c].end);
      double lb = p.n > 1 ? p.lpf[p.n - 2] : 0.0, wb = p.n > 1 ? p.w[p.n - 2] : 0.0;
      if (c == 0) CU_ASSERT(p.lpf[p.n - 1] >= 0.5 && lb < 0.5);
      if (c == 1) CU_ASSERT(p.w[p.n - 1] >= 0.1 && wb < 0.1);
      if (c == 2) NSB_ASSERT_CLOSE(nsb_arclength_used(f.al), 0.2, 1e-15);
      if (c == 2) NSB_ASSERT_CLOSE(nsb_system_time(f.s), 0.2, 1e-15);
      if (c == 3) CU_ASSERT_EQUAL(p.n, 3);
    }
    fx_close(&f);
  }
}

/* An increment that cannot converge (one iteration allowed) is halved down
   to the minimum, then the step fails with the cause, the state restored. */
static void test_minimum_increment(void) {
  char text[4096];
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.05, 20.0, 0.01\n*SOLVER CONTROLS, ITERATIONS=1", "", 0.0, "");
  fixture f;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    nsb_arclength_info info;
    nsb_newton_report rep;
    int st = nsb_arclength_increment(f.al, &info, &rep);
    printf("\n    status %d after %d cutbacks: %s", st, info.rejected, rep.cause);
    CU_ASSERT_EQUAL(st, NSB_ERR_NO_CONVERGENCE);
    CU_ASSERT_EQUAL(info.rejected, 3); /* 0.05, 0.025, 0.0125; 0.00625 < 0.01 */
    CU_ASSERT_PTR_NOT_NULL(strstr(rep.cause, "below the minimum"));
    CU_ASSERT_EQUAL(nsb_system_load_factor(f.s), 0.0);
    CU_ASSERT_EQUAL(uy(&f, 1), 0.0);
  }
  fx_close(&f);
}

/* A reference load that the supports take entirely moves nothing: the
   constraint has no scale, and the step says so instead of dividing by 0. */
static void test_load_on_support(void) {
  const char* text =
      "*NODE\n1, -1.0, 0.0, 0.0\n2, 0.0, 0.5, 0.0\n3, 1.0, 0.0, 0.0\n*PARTICLE, NODE=2, MASS=1.0\n"
      "*ELEMENT, TYPE=SPRINGA, ELSET=BARS\n1, 1, 2\n2, 2, 3\n*SPRING, ELSET=BARS\n1000.0\n"
      "*BOUNDARY\n2, 2, 3\n*STEP\n*STATIC, RIKS\n0.05, 1.0\n*CLOAD\n2, 2, -50.0\n*END STEP\n";
  fixture f;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    nsb_arclength_info info;
    nsb_newton_report rep;
    int st = nsb_arclength_increment(f.al, &info, &rep);
    printf("\n    status %d: %s", st, rep.cause);
    CU_ASSERT_EQUAL(st, NSB_ERR_UNSUPPORTED);
    CU_ASSERT_PTR_NOT_NULL(strstr(rep.cause, "does not move the structure"));
  }
  fx_close(&f);
}

/* A singular tangent at the converged state (a body free to spin about the
   line through its joint) fails at once: halving the arc cannot change it. */
static void test_singular_start(void) {
  const char* text = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*RIGID BODY, NODE=2, MASS=1.0\n0.1, 0.1, 0.1\n"
                     "*JOINT, TYPE=SPHERICAL\n1, 2, 0.0, 0.0, 0.0\n*STEP\n*STATIC, RIKS\n0.1, 1.0\n"
                     "*GRAVITY\n0, -9.81, 0\n*END STEP\n";
  fixture f;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    nsb_arclength_info info;
    nsb_newton_report rep;
    int st = nsb_arclength_increment(f.al, &info, &rep);
    printf("\n    status %d after %d attempt(s): %.120s...", st, info.rejected, rep.cause);
    CU_ASSERT_EQUAL(st, NSB_ERR_SINGULAR);
    CU_ASSERT_EQUAL(info.rejected, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(rep.cause, "a shorter arc length cannot help"));
  }
  fx_close(&f);
}

/* After a Riks step the loads of that step stay at the LPF it ended with: a
   static step without loads of its own leaves the state where it was. */
static void test_state_carried(void) {
  char text[4096];
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -0.3",
             "*END STEP\n*STEP\n*STATIC\n0.5, 1.0\n", 0.0, "");
  fixture f;
  path p;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK && follow(&f, &p, 0) == NSB_OK) {
    double w0 = -uy(&f, 1);
    nsb_arclength_destroy(&f.al);
    if (fx_step(&f, 1) == NSB_OK) {
      nsb_newton_report rep;
      for (int i = 0; i < 2; ++i) CU_ASSERT_EQUAL(nsb_system_increment(f.s, 0.5, &rep), NSB_OK);
      double w1 = -uy(&f, 1);
      printf("\n    LPF %.10f, w after the Riks step %.12f, after the static step %.12f", p.lpf[p.n - 1], w0, w1);
      NSB_ASSERT_CLOSE(w1, w0, 1e-12);
      CU_ASSERT_EQUAL(nsb_system_load_factor(f.s), 1.0);
    }
  }
  fx_close(&f);
}

/* Unit invariance: the same structure written in millimetres instead of
   metres (forces in N) takes the same increments to the same LPF, with
   displacements 1000 times larger: the truss (translations only) and the
   cantilever under *DLOAD (rotations in the metric, weighed by the model
   size).  Equal to round-off amplified by the Newton iterations: 1e-9
   relative. */
static void follow_lpf(const char* text, path* p, int node, double* disp) {
  fixture f;
  memset(p, 0, sizeof *p);
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    nsb_arclength_info info;
    nsb_newton_report rep;
    do {
      if (nsb_arclength_increment(f.al, &info, &rep) != NSB_OK) break;
      if (p->n < 512) {
        p->lpf[p->n] = info.lpf;
        disp[p->n] = uy(&f, node);
        p->n++;
      }
    } while (info.end == NSB_ARC_GOING);
    p->end = info.end;
  }
  fx_close(&f);
}

static void test_units(void) {
  static path p1, p2;
  static double d1[512], d2[512];
  char t1[8192], t2[8192];
  for (int c = 0; c < 2; ++c) {
    if (c == 0) {
      truss_deck(t1, sizeof t1, "*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -1.2", "", 0.0, "");
      snprintf(t2, sizeof t2,
               "*NODE\n1, -1000.0, 0.0, 0.0\n2, 0.0, 500.0, 0.0\n3, 1000.0, 0.0, 0.0\n*PARTICLE, NODE=2, MASS=1.0\n"
               "*ELEMENT, TYPE=SPRINGA, ELSET=BARS\n1, 1, 2\n2, 2, 3\n*SPRING, ELSET=BARS\n1.0\n"
               "*BOUNDARY\n2, 1, 1\n2, 3, 3\n*STEP, INC=400\n*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -1200.0\n"
               "*CLOAD\n2, 2, -50.0\n*END STEP\n");
    } else {
      cantilever_deck_sc(t1, sizeof t1, "B2V", "*STATIC, RIKS\n0.1, 10.0, , , 1.0", "*DLOAD\nB, PY, 3.0\n", 1.0);
      cantilever_deck_sc(t2, sizeof t2, "B2V", "*STATIC, RIKS\n0.1, 10.0, , , 1.0", "*DLOAD\nB, PY, 0.003\n", 1000.0);
    }
    int node = c == 0 ? 1 : 10;
    follow_lpf(t1, &p1, node, d1);
    follow_lpf(t2, &p2, node, d2);
    double el = 0.0, ed = 0.0, dmax = 0.0;
    for (int i = 0; i < p1.n && i < p2.n; ++i) {
      el = fmax(el, fabs(p1.lpf[i] - p2.lpf[i]));
      ed = fmax(ed, fabs(1000.0 * d1[i] - d2[i]));
      dmax = fmax(dmax, fabs(d2[i]));
    }
    printf("\n    %s: %d and %d increments, max |LPF m - LPF mm| %.2e, max |1000 u_m - u_mm| / max |u_mm| %.2e",
           c == 0 ? "truss" : "cantilever", p1.n, p2.n, el, ed / dmax);
    CU_ASSERT(p1.n > 5);
    CU_ASSERT_EQUAL(p1.n, p2.n);
    CU_ASSERT(el <= 1e-9);
    CU_ASSERT(ed <= 1e-9 * dmax);
  }
}

/* Every allocation of a whole Riks run (deck model in hand: system,
   arc-length driver, history) failing in turn gives NSB_ERR_ALLOC and
   leaves nothing allocated. */
static void test_alloc_failure_sweep(void) {
  char dir[] = "/tmp/nsb_test_arclength_XXXXXX";
  CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
  char text[4096];
  truss_deck(text, sizeof text, "*STATIC, RIKS\n0.05, 0.3", "*OUTPUT, FORMAT=HISTORY, EVERY=2\n", 0.0, "");
  nsb_run_options opt = nsb_run_default_options();
  opt.outdir = dir;
  opt.quiet = 1;
  opt.report = NULL;
  long k = 1, n_fail = 0, n_other = 0;
  int succeeded = 0;
  for (; k <= 10000 && !succeeded; ++k) {
    nsb_ctx* ctx = nsb_test_new_ctx();
    nsb_model* m = NULL;
    int n_err = 0;
    if (nsb_deck_read_string(ctx, "sweep.inp", text, stderr, &m, &n_err) != NSB_OK) {
      nsb_ctx_destroy(&ctx);
      break;
    }
    nsb_ctx_fail_alloc_after(ctx, k);
    nsb_stats stats;
    int st = nsb_run(ctx, m, &opt, &stats);
    nsb_ctx_fail_alloc_after(ctx, 0);
    if (st == NSB_OK) {
      succeeded = 1;
    } else {
      n_fail++;
      if (st != NSB_ERR_ALLOC) {
        n_other++;
        fprintf(stderr, "  k = %ld: status %d (%s)\n", k, st, nsb_status_message(st));
      }
    }
    nsb_model_destroy(&m);
    nsb_test_end_ctx(&ctx);
  }
  printf("\n    %ld failing runs, success at k = %ld", n_fail, k - 1);
  CU_ASSERT(succeeded);
  CU_ASSERT(n_fail >= 5);
  CU_ASSERT_EQUAL(n_other, 0);
  char path[256];
  snprintf(path, sizeof path, "%s/history.csv", dir);
  remove(path);
  rmdir(dir);
}

/* A *FREQUENCY step after a Riks step linearizes with that step's loads at
   the LPF it ended with: with a follower tip force (whose load stiffness is
   proportional to it) the frequencies equal those after load control to the
   same load, to the accuracy of the two equilibrium states (1e-8 relative).
   With the loads at the reference value instead, the first eigenvalue
   differs by 4.5e-3 here (measured with the LPF not carried into the
   modal linearization). */
static double first_eigenvalues(const char* text, double* lam2, double* lpf) {
  fixture f;
  double l1 = HUGE_VAL;
  *lam2 = HUGE_VAL;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    int ok = 1;
    if (f.al) {
      path p;
      ok = follow(&f, &p, 0) == NSB_OK;
      *lpf = p.lpf[p.n - 1];
      nsb_arclength_destroy(&f.al);
    } else {
      nsb_newton_report rep;
      for (int i = 0; i < 10 && ok; ++i) ok = nsb_system_increment(f.s, 0.1, &rep) == NSB_OK;
    }
    CU_ASSERT(ok);
    nsb_modal_result r;
    if (ok && fx_step(&f, 1) == NSB_OK && nsb_system_modes(f.s, &r) == NSB_OK) {
      l1 = r.lambda[0];
      *lam2 = r.lambda[1];
      nsb_modal_result_free(f.ctx, &r);
    }
  }
  fx_close(&f);
  return l1;
}

static void test_frequency_after_riks(void) {
  char text[8192], load[128];
  const char* freq = "*END STEP\n*STEP\n*FREQUENCY\n2\n";
  snprintf(load, sizeof load, "*CLOAD, FOLLOWER=YES\n11, 2, 1.5\n%s", freq);
  cantilever_deck_sc(text, sizeof text, "B2V", "*STATIC, RIKS\n0.1, 10.0, , , 1.0", load, 1.0);
  double lpf = 0.0, a2, b2, dummy;
  double a1 = first_eigenvalues(text, &a2, &lpf);
  snprintf(load, sizeof load, "*CLOAD, FOLLOWER=YES\n11, 2, %.17g\n%s", 1.5 * lpf, freq);
  cantilever_deck_sc(text, sizeof text, "B2V", "*STATIC\n0.1, 1.0", load, 1.0);
  double b1 = first_eigenvalues(text, &b2, &dummy);
  printf("\n    LPF %.10f: omega^2 after Riks %.12g, %.12g; after load control %.12g, %.12g", lpf, a1, a2, b1, b2);
  NSB_ASSERT_CLOSE(a1, b1, 1e-8 * b1);
  NSB_ASSERT_CLOSE(a2, b2, 1e-8 * b2);
}

/* The increments allocate nothing (all set-up in nsb_arclength_create). */
static void test_no_alloc(void) {
  char text[8192];
  cantilever_deck(text, sizeof text, "B2V", "*STATIC, RIKS\n0.1, 10.0, , , 1.0", 3.0);
  fixture f;
  if (fx_open(&f, text) == 0 && fx_step(&f, 0) == NSB_OK) {
    long before = nsb_ctx_alloc_count(f.ctx);
    nsb_arclength_info info;
    nsb_newton_report rep;
    int n = 0;
    do {
      CU_ASSERT_EQUAL_FATAL(nsb_arclength_increment(f.al, &info, &rep), NSB_OK);
      ++n;
    } while (info.end == NSB_ARC_GOING);
    printf("\n    %d increments, nsb_alloc calls %ld", n, nsb_ctx_alloc_count(f.ctx) - before);
    CU_ASSERT_EQUAL(nsb_ctx_alloc_count(f.ctx), before);
  }
  fx_close(&f);
}

static const nsb_test_suite suites[] = {
    {"truss",
     (const nsb_test_case[]){{"spherical", test_truss_spherical},
                             {"cylindrical", test_truss_cylindrical},
                             {"limit_point", test_truss_limit_point},
                             {"preload", test_truss_preload},
                             {"snap_back", test_truss_snap_back},
                             {NULL, NULL}}},
    {"beam",
     (const nsb_test_case[]){{"loads_match_static", test_beam_loads_match_static},
                             {"interior_consistency", test_beam_interior_consistency},
                             {NULL, NULL}}},
    {"deck", (const nsb_test_case[]){{"fields", test_deck_fields}, {NULL, NULL}}},
    {"control",
     (const nsb_test_case[]){{"end_criteria", test_end_criteria},
                             {"minimum_increment", test_minimum_increment},
                             {"load_on_support", test_load_on_support},
                             {"singular_start", test_singular_start},
                             {"state_carried", test_state_carried},
                             {"frequency_after_riks", test_frequency_after_riks},
                             {"units", test_units},
                             {"no_alloc", test_no_alloc},
                             {"alloc_failure_sweep", test_alloc_failure_sweep},
                             {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

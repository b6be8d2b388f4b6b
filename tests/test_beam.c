/* test_beam.c -- the velocity-based beam kernel (elements/beam_velocity.c).
 *
 * Suites:
 *   geom       Gauss-Legendre rule, Lagrange basis and its integral, the
 *              helicoidal initial geometry (ends reproduced, |E0| = 1);
 *   kinematics K from the update formula vs axial(R^T R') by differences in
 *              x along the element, and dT/dx = nsb_so3_T_dot(h wbar, h wbar');
 *   tangent    analytic tangent vs central differences, all columns, N = 1,
 *              2, 3, 5 (and 10), curved and twisted element, strained and
 *              moving old state, h = 0.01 and 0.5, inertia on and static;
 *              also the energy-consistent form of the plain scheme
 *              (in.emc, docs/theory_beam.md §11.2) and its committed
 *              differences (nsb_beam_velocity_emc_commit);
 *   residual   a residual-only evaluation and the points pass leave the
 *              residual and point states of the evaluation with its
 *              tangent, bit for bit;
 *   rigid      rigid translation / rotation: no strain, no stress;
 *   objectivity superposed rotation of state and unknowns;
 *              tangent, rigid and objectivity also for the Galerkin
 *              weighting (in.galerkin = 1, docs/theory_beam.md §7);
 *   patch      static cantilever (end force vs Timoshenko, end moment vs the
 *              circular arc), local Newton with the node-0 unknowns fixed;
 *   deck       *ELEMENT, WEIGHTING= read into nsb_element.weighting;
 *   energy     free spinning element, 100 steps, beta = gamma = 1/2; and
 *              100 s with both weightings (Galerkin: bounded energy error).
 */
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "elements/beam_velocity.h"
#include "io/deck.h"
#include "model/model.h"

#define NMAX (12 + 6 * NSB_BEAM_MAX_POINTS + 6)

static unsigned rng = 12345u;
static double urand(void) {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 8) & 0xFFFFFF) / (double)0xFFFFFF * 2.0 - 1.0;
}
static nsb_vec3 vrand(double s) { return nsb_v3(s * urand(), s * urand(), s * urand()); }

/* One element with its old and new point states. */
typedef struct beam_case {
  nsb_beam_geom g;
  double gtab[NSB_BEAM_GEOM_MAX_DOUBLES]; /* g's tables */
  nsb_beam_mass_rule rule;                /* g's mass rule, if it gets one */
  nsb_beam_section sec;
  nsb_beam_point old_qp[NSB_BEAM_MAX_QP], old_cp[NSB_BEAM_MAX_POINTS], old_end[2];
  nsb_beam_point cur_qp[NSB_BEAM_MAX_QP], cur_cp[NSB_BEAM_MAX_POINTS], cur_end[2];
  nsb_vec3 XA, XB;
  nsb_quat qA, qB;
  nsb_beam_eval_in in;
} beam_case;

static beam_case bc_storage;

static nsb_beam_section section_generic(void) {
  nsb_beam_section s = {200.0, 80.0, 60.0, 5.0, 8.0, 6.0, 2.0, {0.05, 0.03, 0.02}, 0.0, 0.0};
  return s;
}

/* Set up geometry and a state at rest; the ends take the node data. */
static beam_case* setup(int N, int n_gauss, nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB, nsb_quat qB,
                        nsb_beam_section sec) {
  beam_case* bc = &bc_storage;
  memset(bc, 0, sizeof *bc);
  bc->XA = XA;
  bc->XB = XB;
  bc->qA = qA;
  bc->qB = qB;
  bc->sec = sec;
  int st = nsb_beam_geom_init(&bc->g, bc->gtab, N, n_gauss, XA, qA, XB, qB, bc->old_qp, bc->old_cp);
  CU_ASSERT_EQUAL_FATAL(st, 0);
  nsb_v3_store(XA, bc->old_end[0].r);
  nsb_q_store(qA, bc->old_end[0].q);
  nsb_v3_store(XB, bc->old_end[1].r);
  nsb_q_store(qB, bc->old_end[1].q);
  nsb_beam_eval_in* in = &bc->in;
  memset(in, 0, sizeof *in);
  in->g = &bc->g;
  in->sec = &bc->sec;
  in->old_qp = bc->old_qp;
  in->old_cp = bc->old_cp;
  in->old_end = bc->old_end;
  in->h = 0.01;
  in->beta = 0.5;
  in->gamma = 0.5;
  in->inertia = 1;
  return bc;
}

/* The curved, twisted element used by most tests. */
static beam_case* setup_curved(int N) {
  nsb_vec3 XA = nsb_v3(0.1, -0.2, 0.3);
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.5, 0.8));
  nsb_vec3 XB = nsb_v3_add(XA, nsb_v3(0.9, 0.4, -0.3));
  nsb_quat qB = nsb_q_mul(qA, nsb_so3_exp_q(nsb_v3(0.4, 0.6, -0.5)));
  return setup(N, N + 2, XA, qA, XB, qB, section_generic());
}

static void random_u(double* u, int N, double sv, double sw, double sf) {
  int n = nsb_beam_velocity_nlocal(N);
  for (int i = 0; i < n; ++i) {
    int blk = i / 3;
    double s = blk % 2 == 0 ? sv : sw; /* v, w blocks alternate; N0, M0 last two */
    if (i >= 12 + 6 * N) s = sf;
    u[i] = s * urand();
  }
}

static void random_rates(nsb_beam_point* p, int n, double s) {
  for (int k = 0; k < n; ++k) {
    nsb_v3_store(vrand(s), p[k].v);
    nsb_v3_store(vrand(s), p[k].a);
    nsb_v3_store(vrand(s), p[k].w);
    nsb_v3_store(vrand(s), p[k].al);
  }
}

/* Strained, moving old state: two evaluations with random u, the result taken
 * as the old state, then fresh random rates. */
static void make_old_state(beam_case* bc, double h) {
  int N = bc->g.N;
  double u[NMAX], f[NMAX];
  random_rates(bc->old_qp, bc->g.n_qp, 1.0);
  random_rates(bc->old_cp, N, 1.0);
  random_rates(bc->old_end, 2, 1.0);
  for (int it = 0; it < 2; ++it) {
    bc->in.h = h;
    random_u(u, N, 0.3, 0.4, 1.0);
    bc->in.u = u;
    nsb_beam_velocity_eval(&bc->in, bc->cur_qp, bc->cur_cp, bc->cur_end, f, NULL);
    memcpy(bc->old_qp, bc->cur_qp, sizeof(nsb_beam_point) * (size_t)bc->g.n_qp);
    memcpy(bc->old_cp, bc->cur_cp, sizeof(nsb_beam_point) * (size_t)N);
    memcpy(bc->old_end, bc->cur_end, sizeof bc->old_end);
  }
  random_rates(bc->old_qp, bc->g.n_qp, 1.0);
  random_rates(bc->old_cp, N, 1.0);
  random_rates(bc->old_end, 2, 1.0);
}

static double resid(beam_case* bc, const double* u, double* f, double* K) {
  bc->in.u = u;
  return nsb_beam_velocity_eval(&bc->in, bc->cur_qp, bc->cur_cp, bc->cur_end, f, K);
}

/* ---- geom ---------------------------------------------------------------- */

static void test_geom(void) {
  for (int N = 1; N <= NSB_BEAM_MAX_POINTS; ++N) {
    beam_case* bc = setup_curved(N);
    const nsb_beam_geom* g = &bc->g;
    double L = g->L, sw = 0.0, swq = 0.0;
    for (int p = 0; p < N; ++p) sw += g->JL[p];
    for (int q = 0; q < g->n_qp; ++q) swq += g->wq[q];
    NSB_ASSERT_CLOSE(sw, L, 1e-14);
    NSB_ASSERT_CLOSE(swq, L, 1e-14);
    if (N == 1) NSB_ASSERT_CLOSE(g->xp[0], 0.5 * L, 1e-15);
    /* Gauss rule of N points integrates x^(2N-1) exactly */
    double m = 0.0;
    for (int p = 0; p < N; ++p) m += g->JL[p] * pow(g->xp[p] / L, 2 * N - 1);
    NSB_ASSERT_CLOSE(m, L / (2.0 * N), 1e-14);
    /* J' = I (central differences), I_p(x_k) = delta, J_p(L) = weight */
    double Ib[NSB_BEAM_MAX_POINTS], Jp_[NSB_BEAM_MAX_POINTS], Jm_[NSB_BEAM_MAX_POINTS], JL[NSB_BEAM_MAX_POINTS];
    double x = 0.37 * L, e = 1e-5 * L;
    nsb_beam_geom_shape(g, x, Ib, NULL);
    nsb_beam_geom_shape(g, x + e, NULL, Jp_);
    nsb_beam_geom_shape(g, x - e, NULL, Jm_);
    nsb_beam_geom_shape(g, L, NULL, JL);
    for (int p = 0; p < N; ++p) {
      NSB_ASSERT_CLOSE((Jp_[p] - Jm_[p]) / (2 * e), Ib[p], 1e-7);
      NSB_ASSERT_CLOSE(JL[p], g->JL[p], 1e-13);
      for (int k = 0; k < N; ++k) {
        double Ik[NSB_BEAM_MAX_POINTS];
        nsb_beam_geom_shape(g, g->xp[k], Ik, NULL);
        NSB_ASSERT_CLOSE(Ik[p], p == k ? 1.0 : 0.0, 1e-12);
      }
    }
    /* initial geometry: |E0| = 1, r0(L) = XB, R0(L) = RB (through a point at L) */
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_load(g->E0)), 1.0, 1e-14);
    nsb_vec3 K0 = nsb_v3_load(g->K0), E0 = nsb_v3_load(g->E0);
    nsb_vec3 rL = nsb_v3_add(bc->XA, nsb_q_rotate(bc->qA, nsb_v3_scale(L, nsb_m3_mulv(nsb_so3_T(nsb_v3_scale(L, K0)), E0))));
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(rL, bc->XB)), 0.0, 1e-14);
    nsb_quat qL = nsb_q_mul(bc->qA, nsb_so3_exp_q(nsb_v3_scale(L, K0)));
    NSB_ASSERT_CLOSE(nsb_m3_norm(nsb_m3_sub(nsb_q_to_m3(qL), nsb_q_to_m3(bc->qB))), 0.0, 1e-14);
    /* points: r0' = R0 E0 (differences of two close Gauss points is too crude;
       check consistency with the closed form instead) */
    for (int q = 0; q < g->n_qp; ++q) {
      double xq = g->xq[q];
      nsb_vec3 r = nsb_v3_add(bc->XA, nsb_q_rotate(bc->qA, nsb_v3_scale(xq, nsb_m3_mulv(nsb_so3_T(nsb_v3_scale(xq, K0)), E0))));
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(r, nsb_v3_load(bc->old_qp[q].r))), 0.0, 1e-15);
    }
  }
  /* straight element: E0 = e1, K0 = 0 */
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.2, 0.7, -0.4));
  nsb_vec3 XA = nsb_v3(1.0, 2.0, 3.0);
  beam_case* bc = setup(3, 5, XA, qA, nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(2.5, 0, 0))), qA, section_generic());
  NSB_ASSERT_CLOSE(bc->g.L, 2.5, 1e-14);
  NSB_ASSERT_CLOSE(bc->g.E0[0], 1.0, 1e-14);
  NSB_ASSERT_CLOSE(fabs(bc->g.E0[1]) + fabs(bc->g.E0[2]) + nsb_v3_norm(nsb_v3_load(bc->g.K0)), 0.0, 1e-14);
  /* invalid input */
  nsb_beam_geom g;
  static double gtab[NSB_BEAM_GEOM_MAX_DOUBLES];
  CU_ASSERT_EQUAL(nsb_beam_geom_init(&g, NULL, 2, 3, XA, qA, nsb_v3(1, 0, 0), qA, NULL, NULL), -1);
  CU_ASSERT_EQUAL(nsb_beam_geom_init(&g, gtab, 0, 3, XA, qA, nsb_v3(0, 0, 0), qA, NULL, NULL), -1);
  CU_ASSERT_EQUAL(nsb_beam_geom_init(&g, gtab, 11, 3, XA, qA, nsb_v3(0, 0, 0), qA, NULL, NULL), -1);
  CU_ASSERT_EQUAL(nsb_beam_geom_init(&g, gtab, 2, 13, XA, qA, nsb_v3(0, 0, 0), qA, NULL, NULL), -1);
  CU_ASSERT_EQUAL(nsb_beam_geom_init(&g, gtab, 2, 3, XA, qA, XA, qA, NULL, NULL), -1);
}

/* ---- kinematics ------------------------------------------------------------ */

/* Along the element at arbitrary x: old state = initial geometry,
 * R(x) = R0(x) exp(S(h wbar(x))).  K from the update formula must equal
 * axial(R^T R') by differences in x, and d/dx T(h wbar(x)) = T_dot(h wbar, h wbar'). */
static void test_kinematics(void) {
  const double h = 0.5;
  for (int N = 1; N <= 5; ++N) {
    beam_case* bc = setup_curved(N);
    const nsb_beam_geom* g = &bc->g;
    nsb_vec3 K0 = nsb_v3_load(g->K0);
    nsb_vec3 wb0 = vrand(1.0), wp[NSB_BEAM_MAX_POINTS];
    for (int p = 0; p < N; ++p) wp[p] = vrand(1.5);
    double maxK = 0.0, maxT = 0.0;
    for (int i = 1; i < 10; ++i) {
      double x = g->L * i / 10.0, e = 2e-5;
      nsb_mat3 Rs[2], Ts[2];
      nsb_vec3 wbar = wb0, wbp = nsb_v3_zero();
      double Ib[NSB_BEAM_MAX_POINTS], Jb[NSB_BEAM_MAX_POINTS];
      for (int side = -1; side <= 1; ++side) {
        double xs = x + side * e;
        nsb_beam_geom_shape(g, xs, Ib, Jb);
        nsb_vec3 w = wb0, wd = nsb_v3_zero();
        for (int p = 0; p < N; ++p) {
          w = nsb_v3_muladd(w, Jb[p], wp[p]);
          wd = nsb_v3_muladd(wd, Ib[p], wp[p]);
        }
        nsb_mat3 R = nsb_m3_mul(nsb_q_to_m3(nsb_q_mul(bc->qA, nsb_so3_exp_q(nsb_v3_scale(xs, K0)))),
                                nsb_so3_exp(nsb_v3_scale(h, w)));
        if (side == 0) {
          wbar = w;
          wbp = wd;
        } else {
          Rs[(side + 1) / 2] = R;
          Ts[(side + 1) / 2] = nsb_so3_T(nsb_v3_scale(h, w));
        }
      }
      /* formula */
      nsb_mat3 dR = nsb_so3_exp(nsb_v3_scale(h, wbar));
      nsb_vec3 Kf = nsb_v3_add(nsb_m3_tmulv(dR, K0), nsb_v3_scale(h, nsb_m3_tmulv(nsb_so3_T(nsb_v3_scale(h, wbar)), wbp)));
      nsb_mat3 R = nsb_m3_mul(nsb_q_to_m3(nsb_q_mul(bc->qA, nsb_so3_exp_q(nsb_v3_scale(x, K0)))), dR);
      nsb_mat3 Rp = nsb_m3_scale(1.0 / (2 * e), nsb_m3_sub(Rs[1], Rs[0]));
      nsb_vec3 Kd = nsb_m3_axial(nsb_m3_tmul(R, Rp));
      double dK = nsb_v3_norm(nsb_v3_sub(Kd, Kf)) / (1.0 + nsb_v3_norm(Kf));
      nsb_mat3 Td = nsb_so3_T_dot(nsb_v3_scale(h, wbar), nsb_v3_scale(h, wbp));
      nsb_mat3 Tdd = nsb_m3_scale(1.0 / (2 * e), nsb_m3_sub(Ts[1], Ts[0]));
      double dT = nsb_m3_norm(nsb_m3_sub(Td, Tdd)) / (1.0 + nsb_m3_norm(Td));
      if (dK > maxK) maxK = dK;
      if (dT > maxT) maxT = dT;
    }
    printf("\n    N=%d: K formula vs axial(R^T R') %.2e, dT/dx vs T_dot %.2e", N, maxK, maxT);
    CU_ASSERT(maxK < 1e-7);
    CU_ASSERT(maxT < 1e-7);
  }
  printf("\n");
}

/* ---- tangent ---------------------------------------------------------------- */

static double Kan[NMAX * NMAX], Kfd[NMAX * NMAX];
/* stored differences of the energy-consistent form (in.emc_d) */
static double emc_d[9 * NSB_BEAM_MAX_POINTS];

/* Fourth-order central differences: D = (8 (f(+e) - f(-e)) - (f(+2e) - f(-2e))) / (12 e),
 * e = 1e-4 max(1, |u_j|).  Truncation O(e^4 f^(5)) ~ 1e-16 relative, rounding
 * ~ eps |f| / e ~ 1e-12 |f|: both far below the bound. */
static double tangent_error(beam_case* bc, double* u) {
  int N = bc->g.N, n = nsb_beam_velocity_nlocal(N);
  double f[NMAX], fp[NMAX], fm[NMAX], fp2[NMAX], fm2[NMAX];
  resid(bc, u, f, Kan);
  for (int j = 0; j < n; ++j) {
    double uj = u[j], e = 1e-3 * (fabs(uj) > 1.0 ? fabs(uj) : 1.0);
    u[j] = uj + e;
    resid(bc, u, fp, NULL);
    u[j] = uj - e;
    resid(bc, u, fm, NULL);
    u[j] = uj + 2 * e;
    resid(bc, u, fp2, NULL);
    u[j] = uj - 2 * e;
    resid(bc, u, fm2, NULL);
    u[j] = uj;
    for (int i = 0; i < n; ++i) Kfd[i + n * j] = (8.0 * (fp[i] - fm[i]) - (fp2[i] - fm2[i])) / (12.0 * e);
  }
  resid(bc, u, f, NULL); /* restore cur states */
  /* Error of each entry relative to its own size, with a floor of 1e-4 of the
   * largest entry of its row: the differences carry round-off noise of about
   * eps |f_i| / e ~ 1e-12 |f_i| (a few 1e-12 here, in entries whose exact
   * value is zero by cancellation, e.g. d M_g / d vbar^0 in statics), so the
   * test checks every entry to 1e-6 relative or 1e-10 of its row, whichever
   * is larger. */
  double err = 0.0;
  for (int i = 0; i < n; ++i) {
    double rowmax = 0.0;
    for (int j = 0; j < n; ++j) rowmax = fmax(rowmax, fabs(Kan[i + n * j]));
    for (int j = 0; j < n; ++j) {
      double d = fabs(Kan[i + n * j] - Kfd[i + n * j]);
      double e = d / (fabs(Kan[i + n * j]) + 1e-4 * rowmax + 1e-300);
      if (e > err) err = e;
    }
  }
  return err;
}

static void test_tangent(void) {
  const int Ns[] = {1, 2, 3, 5, 10};
  const double hs[] = {0.01, 0.5};
  double worst = 0.0;
  printf("\n");
  for (int iN = 0; iN < 5; ++iN)
    for (int ih = 0; ih < 2; ++ih)
      for (int inert = 1; inert >= 0; --inert) {
        int N = Ns[iN];
        double h = hs[ih];
        beam_case* bc = setup_curved(N);
        make_old_state(bc, h);
        bc->in.h = h;
        bc->in.inertia = inert;
        bc->in.beta = 0.6; /* not 1/2, so every rate coefficient is exercised */
        bc->in.gamma = 0.55;
        nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
        nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
        double u[NMAX];
        /* large rotation per step at h = 0.5: |h wbar| ~ 1 rad */
        random_u(u, N, 1.0, 2.0, 3.0);
        double err = tangent_error(bc, u);
        double th = 0.0;
        for (int q = 0; q < bc->g.n_qp; ++q) {
          nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_q_load(bc->old_qp[q].q)), nsb_q_load(bc->cur_qp[q].q));
          th = fmax(th, nsb_v3_norm(nsb_so3_log_q(dq)));
        }
        printf("    N=%2d h=%.2f %-7s max |h wbar| = %.2f rad: rel. error %.2e\n", N, h, inert ? "inertia" : "static",
               th, err);
        if (err > worst) worst = err;
        CU_ASSERT(err < 1e-6);
      }
  printf("    worst %.2e\n", worst);
}

/* The Galerkin weighting (docs/theory_beam.md §7): the same cases. */
static void test_tangent_galerkin(void) {
  const int Ns[] = {1, 2, 3, 5};
  const double hs[] = {0.01, 0.5};
  double worst = 0.0;
  printf("\n");
  for (int iN = 0; iN < 4; ++iN)
    for (int ih = 0; ih < 2; ++ih)
      for (int inert = 1; inert >= 0; --inert) {
        int N = Ns[iN];
        double h = hs[ih];
        beam_case* bc = setup_curved(N);
        bc->in.galerkin = 1;
        make_old_state(bc, h);
        bc->in.h = h;
        bc->in.inertia = inert;
        bc->in.beta = 0.6;
        bc->in.gamma = 0.55;
        nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
        nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
        double u[NMAX];
        random_u(u, N, 1.0, 2.0, 3.0);
        double err = tangent_error(bc, u);
        double th = 0.0;
        for (int q = 0; q < bc->g.n_qp; ++q) {
          nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_q_load(bc->old_qp[q].q)), nsb_q_load(bc->cur_qp[q].q));
          th = fmax(th, nsb_v3_norm(nsb_so3_log_q(dq)));
        }
        printf("    Galerkin N=%d h=%.2f %-7s max |h wbar| = %.2f rad: rel. error %.2e\n", N, h,
               inert ? "inertia" : "static", th, err);
        if (err > worst) worst = err;
        CU_ASSERT(err < 1e-6);
      }
  printf("    worst %.2e\n", worst);
}

/* The energy-consistent internal forces of the plain scheme
   (docs/theory_beam.md §11.2): the Galerkin element with in.emc and stored
   differences d_n, beta = gamma = 1/2 (the scheme they belong to), the same
   cases with inertia (the form acts in dynamic increments only). */
static void test_tangent_emc(void) {
  const int Ns[] = {1, 2, 3, 5};
  const double hs[] = {0.01, 0.5};
  double worst = 0.0, th_max = 0.0;
  printf("\n");
  for (int iN = 0; iN < 4; ++iN)
    for (int ih = 0; ih < 2; ++ih) {
      int N = Ns[iN];
      double h = hs[ih];
      beam_case* bc = setup_curved(N);
      bc->in.galerkin = 1;
      make_old_state(bc, h);
      bc->in.h = h;
      bc->in.emc = 1;
      for (int i = 0; i < 9 * N; ++i) emc_d[i] = 0.5 * urand();
      bc->in.emc_d = emc_d;
      nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
      nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
      double u[NMAX];
      random_u(u, N, 1.0, 2.0, 3.0);
      double err = tangent_error(bc, u);
      double th = 0.0;
      for (int k = 0; k < N; ++k) {
        nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_q_load(bc->old_cp[k].q)), nsb_q_load(bc->cur_cp[k].q));
        th = fmax(th, nsb_v3_norm(nsb_so3_log_q(dq)));
      }
      printf("    energy-consistent N=%d h=%.2f max |theta| at the points = %.2f rad: rel. error %.2e\n", N, h, th,
             err);
      worst = fmax(worst, err);
      th_max = fmax(th_max, th);
      CU_ASSERT(err < 1e-6);
    }
  printf("    worst %.2e\n", worst);
  CU_ASSERT(th_max > 0.5); /* the rotation terms of the blocks are exercised */
}

/* The form's triple against the constitutive one (the rows are linear in
   the triple): an evaluation with the form and d_n minus one without it
   leaves in the force rows of point p exactly A_p - R N_G(x_p), and the
   committed difference d_n+1 (nsb_beam_velocity_emc_commit) is that
   difference to round-off; without an increment of the configuration
   (vbar = wbar = 0 from a strained state: E = E_n, K = K_n, R = R_n) and
   d_n = 0 the form is the constitutive triple to round-off. */
static void test_emc_commit(void) {
  const int Ns[] = {1, 2, 3, 5};
  double worst = 0.0, worst_rest = 0.0;
  for (int iN = 0; iN < 4; ++iN) {
    int N = Ns[iN];
    beam_case* bc = setup_curved(N);
    bc->in.galerkin = 1;
    make_old_state(bc, 0.2);
    bc->in.h = 0.2;
    nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
    double u[NMAX], f0[NMAX], f1[NMAX];
    random_u(u, N, 1.0, 2.0, 3.0);
    for (int i = 0; i < 9 * N; ++i) emc_d[i] = 0.5 * urand();
    bc->in.emc = 0;
    resid(bc, u, f0, NULL);
    bc->in.emc = 1;
    bc->in.emc_d = emc_d;
    resid(bc, u, f1, NULL);
    nsb_beam_velocity_emc_commit(&bc->g, &bc->sec, bc->old_cp, bc->cur_cp, emc_d);
    for (int p = 0; p < N; ++p) {
      /* force rows: R N_G - N^0 - Fv + FJ_p/W_p, with R N_G replaced */
      for (int i = 0; i < 3; ++i) {
        double diff = f1[12 + 6 * p + i] - f0[12 + 6 * p + i];
        worst = fmax(worst, fabs(diff - emc_d[9 * p + i]) / (fabs(diff) + 1e-3));
      }
    }
    /* node 1's moment row: Gm = ... + sum_k W_k c_k */
    for (int i = 0; i < 3; ++i) {
      double diff = f1[9 + i] - f0[9 + i], sum = 0.0;
      for (int k = 0; k < N; ++k) sum += bc->g.JL[k] * emc_d[9 * k + 6 + i];
      worst = fmax(worst, fabs(diff - sum) / (fabs(diff) + 1e-3));
    }
    /* no increment of the configuration (vbar = wbar = 0) from a strained
       state: the triple is the constitutive one */
    beam_case* br = setup_curved(N);
    br->in.galerkin = 1;
    make_old_state(br, 0.2);
    br->in.h = 0.2;
    const int n = nsb_beam_velocity_nlocal(N);
    for (int i = 0; i < n; ++i) u[i] = i >= 12 + 6 * N ? urand() : 0.0;
    br->in.emc = 0;
    resid(br, u, f0, NULL);
    br->in.emc = 1;
    br->in.emc_d = NULL;
    resid(br, u, f1, NULL);
    double fmx = 0.0, dmx = 0.0;
    for (int i = 0; i < n; ++i) {
      fmx = fmax(fmx, fabs(f0[i]));
      dmx = fmax(dmx, fabs(f1[i] - f0[i]));
    }
    worst_rest = fmax(worst_rest, dmx / fmx);
  }
  printf("\n    committed difference vs the rows' change: %.2e; at rest: %.2e", worst, worst_rest);
  CU_ASSERT(worst < 1e-11);
  CU_ASSERT(worst_rest < 1e-12);
}

/* A translational mass rule (nsb_beam_geom_mass_rule; docs/contact.md §7.2):
   point masses at one end and at collocation points, gravity on them; the
   same cases, either massless end. */
static void test_tangent_mass_rule(void) {
  const int Ns[] = {2, 3, 5};
  const double hs[] = {0.01, 0.5};
  double worst = 0.0;
  printf("\n");
  for (int gal = 1; gal >= 0; --gal)
  for (int iN = 0; iN < 3; ++iN)
    for (int end = 0; end < 2; ++end)
      for (int ih = 0; ih < 2; ++ih)
        for (int inert = 1; inert >= 0; --inert) {
          int N = Ns[iN];
          double h = hs[ih];
          beam_case* bc = setup_curved(N);
          CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&bc->g, &bc->rule, end), 0);
          bc->in.galerkin = gal;
          make_old_state(bc, h);
          bc->in.h = h;
          bc->in.inertia = inert;
          bc->in.beta = 0.6;
          bc->in.gamma = 0.55;
          nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
          nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
          nsb_v3_store(nsb_v3(0.5, -9.81, 0.2), bc->in.grav);
          double u[NMAX];
          random_u(u, N, 1.0, 2.0, 3.0);
          double err = tangent_error(bc, u);
          printf("    mass rule %s N=%d, massless end %d, h=%.2f %-7s: rel. error %.2e\n",
                 gal ? "Galerkin" : "collocation", N, end, h, inert ? "inertia" : "static", err);
          if (err > worst) worst = err;
          CU_ASSERT(err < 1e-6);
        }
  printf("    worst %.2e\n", worst);
}

/* The collocation rule's two kinds of rows see one load distribution
   (docs/contact.md §7.2): at rest, on a straight element without rotary
   inertia, the inertia of the point masses in the moment row of x_k is the
   moment of the projected resultant whose values at the x_m the force rows
   hold, -t x sum_m J_m(x_k) F_m (t the axis; F_m the force row's inertia at
   x_m), column by column of the mass matrix (tangent with inertia minus the
   static one, over c_a).  With the exact moments of the steps instead
   (before: sum over x_j < x_k of (x_k - x_j) t x f_j) the element gained
   energy across the axis (benchmarks/massless_end, README). */
static void test_mass_rule_moment_rows(void) {
  static double K0[NMAX * NMAX], K1[NMAX * NMAX];
  const int Ns[] = {2, 3, 5};
  double worst = 0.0;
  printf("\n");
  for (int iN = 0; iN < 3; ++iN)
    for (int end = 0; end < 2; ++end) {
      int N = Ns[iN], n = nsb_beam_velocity_nlocal(N);
      nsb_beam_section sec = section_generic();
      sec.rhoJ[0] = sec.rhoJ[1] = sec.rhoJ[2] = 0.0;
      nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.2, 0.7, -0.4));
      nsb_vec3 XA = nsb_v3(1.0, 2.0, 3.0), t = nsb_q_rotate(qA, nsb_v3(1.0, 0.0, 0.0));
      beam_case* bc = setup(N, N + 2, XA, qA, nsb_v3_add(XA, nsb_v3_scale(2.5, t)), qA, sec);
      CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&bc->g, &bc->rule, end), 0);
      double u[NMAX] = {0}, f[NMAX];
      bc->in.inertia = 0;
      resid(bc, u, f, K0);
      bc->in.inertia = 1;
      resid(bc, u, f, K1);
      const double ca = 1.0 / (bc->in.beta * bc->in.gamma * bc->in.h);
      const double* Jp = bc->g.Jp;
      double err = 0.0, scale = 0.0;
      for (int c = 0; c < n; ++c) {
        nsb_vec3 Fm[NSB_BEAM_MAX_POINTS];
        for (int m = 0; m < N; ++m) {
          double* v = &Fm[m].x;
          for (int i = 0; i < 3; ++i) {
            int r = 12 + 6 * m + i;
            v[i] = (K1[r + n * c] - K0[r + n * c]) / ca;
          }
          if (nsb_v3_norm(Fm[m]) > scale) scale = nsb_v3_norm(Fm[m]);
        }
        for (int k = 0; k < N; ++k) {
          nsb_vec3 mom = nsb_v3_zero(), S = nsb_v3_zero();
          double* v = &mom.x;
          for (int i = 0; i < 3; ++i) {
            int r = 12 + 6 * k + 3 + i;
            v[i] = (K1[r + n * c] - K0[r + n * c]) / ca;
          }
          for (int m = 0; m < N; ++m) S = nsb_v3_muladd(S, Jp[N * k + m], Fm[m]);
          double e = nsb_v3_norm(nsb_v3_add(mom, nsb_v3_cross(t, S)));
          if (e > err) err = e;
        }
      }
      err /= scale * bc->g.L;
      printf("    collocation rule N=%d, massless end %d: moment rows vs the force rows' moment, rel. error %.2e\n", N,
             end, err);
      if (err > worst) worst = err;
      CU_ASSERT(scale > 0.0);
      CU_ASSERT(err < 1e-12);
    }
  printf("    worst %.2e\n", worst);
}

/* The generalized-alpha form of the modified scheme (in.gen_alpha;
   docs/theory.md §3.5): the same cases with Newmark's beta, gamma of
   rho_inf = 0.6, alpha_m, alpha_f, and old pseudo-accelerations that differ
   from the accelerations, both weightings. */
static void test_tangent_gen_alpha(void) {
  const int Ns[] = {1, 2, 3, 5};
  const double hs[] = {0.01, 0.5};
  const double r = 0.6, am = (2.0 * r - 1.0) / (r + 1.0), af = r / (r + 1.0);
  double worst = 0.0;
  printf("\n");
  for (int gal = 0; gal < 2; ++gal)
    for (int iN = 0; iN < 4; ++iN)
      for (int ih = 0; ih < 2; ++ih) {
        int N = Ns[iN];
        double h = hs[ih];
        beam_case* bc = setup_curved(N);
        bc->in.galerkin = gal;
        make_old_state(bc, h);
        for (int k = 0; k < bc->g.n_qp; ++k) {
          nsb_v3_store(vrand(1.0), bc->old_qp[k].p);
          nsb_v3_store(vrand(1.0), bc->old_qp[k].pw);
        }
        for (int k = 0; k < N; ++k) {
          nsb_v3_store(vrand(1.0), bc->old_cp[k].p);
          nsb_v3_store(vrand(1.0), bc->old_cp[k].pw);
        }
        for (int k = 0; k < 2; ++k) {
          nsb_v3_store(vrand(1.0), bc->old_end[k].p);
          nsb_v3_store(vrand(1.0), bc->old_end[k].pw);
        }
        bc->in.h = h;
        bc->in.inertia = 1;
        bc->in.gen_alpha = 1;
        bc->in.alpha_m = am;
        bc->in.alpha_f = af;
        bc->in.beta = 0.25 * (1.0 - am + af) * (1.0 - am + af);
        bc->in.gamma = 0.5 - am + af;
        nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
        nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
        double u[NMAX];
        random_u(u, N, 1.0, 2.0, 3.0);
        double err = tangent_error(bc, u);
        printf("    generalized-alpha %s N=%d h=%.2f: rel. error %.2e\n", gal ? "Galerkin" : "collocation", N, h, err);
        if (err > worst) worst = err;
        CU_ASSERT(err < 1e-6);
      }
  printf("    worst %.2e\n", worst);
}

/* The generalized-alpha point map against its defining relations at one
   integration point: vbar = v_n + h ((1/2 - beta) p_n + beta p),
   v = v_n + h ((1 - gamma) p_n + gamma p), (1 - af) a + af a_n = (1 - am) p + am p_n,
   and the same for the angular velocity (wbar, omega, alpha). */
static void test_gen_alpha_point_map(void) {
  beam_case* bc = setup_curved(2);
  make_old_state(bc, 0.05);
  for (int k = 0; k < bc->g.n_qp; ++k) {
    nsb_v3_store(vrand(1.0), bc->old_qp[k].p);
    nsb_v3_store(vrand(1.0), bc->old_qp[k].pw);
  }
  const double r = 0.7, am = (2.0 * r - 1.0) / (r + 1.0), af = r / (r + 1.0), h = 0.05;
  const double b = 0.25 * (1.0 - am + af) * (1.0 - am + af), g = 0.5 - am + af;
  bc->in.h = h;
  bc->in.gen_alpha = 1;
  bc->in.alpha_m = am;
  bc->in.alpha_f = af;
  bc->in.beta = b;
  bc->in.gamma = g;
  double u[NMAX], f[NMAX];
  random_u(u, 2, 1.0, 2.0, 3.0);
  resid(bc, u, f, NULL);
  double worst = 0.0;
  for (int q = 0; q < bc->g.n_qp; ++q) {
    const nsb_beam_point *o = &bc->old_qp[q], *c = &bc->cur_qp[q];
    /* the point's step averages: vbar = (r - r_n)/h, wbar = log(R_n^T R)/h (|h wbar| < pi) */
    double vb[3], wb[3];
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_v3_sub(nsb_v3_load(c->r), nsb_v3_load(o->r))), vb);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_so3_log_q(nsb_q_mul(nsb_q_conj(nsb_q_load(o->q)), nsb_q_load(c->q)))), wb);
    for (int k = 0; k < 3; ++k) {
      double e1 = vb[k] - (o->v[k] + h * ((0.5 - b) * o->p[k] + b * c->p[k]));
      double e2 = c->v[k] - (o->v[k] + h * ((1.0 - g) * o->p[k] + g * c->p[k]));
      double e3 = (1.0 - af) * c->a[k] + af * o->a[k] - ((1.0 - am) * c->p[k] + am * o->p[k]);
      double e4 = wb[k] - (o->w[k] + h * ((0.5 - b) * o->pw[k] + b * c->pw[k]));
      double e5 = c->w[k] - (o->w[k] + h * ((1.0 - g) * o->pw[k] + g * c->pw[k]));
      double e6 = (1.0 - af) * c->al[k] + af * o->al[k] - ((1.0 - am) * c->pw[k] + am * o->pw[k]);
      worst = fmax(worst, fmax(fmax(fabs(e1), fabs(e2)), fmax(fmax(fabs(e3), fabs(e4)), fmax(fabs(e5), fabs(e6)))));
    }
  }
  printf("\n    relations of the generalized-alpha form at %d points: worst residual %.2e", bc->g.n_qp, worst);
  CU_ASSERT(worst < 1e-11);
}

/* ---- residual alone ---------------------------------------------------------- */

/* A residual-only evaluation (K == NULL: modified Newton's kept matrix) skips
   what only the tangent reads (an integration point's R without a
   distributed moment, every T(h wbar) but the collocation points'), and the
   points pass (nsb_beam_velocity_points) skips the residual: the residual
   and every point state must be those of the evaluation with its tangent,
   bit for bit, with and without a distributed moment, both weightings,
   the plain and the generalized-alpha scheme, static and dynamic. */
static nsb_beam_point pts_a[NSB_BEAM_MAX_QP + NSB_BEAM_MAX_POINTS + 2];
static nsb_beam_point pts_b[NSB_BEAM_MAX_QP + NSB_BEAM_MAX_POINTS + 2];
static double Kres[NMAX * NMAX];

static void save_points(const beam_case* bc, nsb_beam_point* to) {
  int nq = bc->g.n_qp, N = bc->g.N;
  memcpy(to, bc->cur_qp, sizeof(nsb_beam_point) * (size_t)nq);
  memcpy(to + nq, bc->cur_cp, sizeof(nsb_beam_point) * (size_t)N);
  memcpy(to + nq + N, bc->cur_end, 2 * sizeof(nsb_beam_point));
}

static void test_residual_alone(void) {
  const int Ns[] = {1, 2, 3};
  const double r = 0.6, am = (2.0 * r - 1.0) / (r + 1.0), af = r / (r + 1.0);
  int cases = 0, differ = 0;
  for (int gal = 0; gal < 2; ++gal)
    for (int iN = 0; iN < 3; ++iN)
      for (int mode = 0; mode < 4; ++mode) /* plain dynamic, generalized-alpha, static, energy-consistent */
        for (int mom = 0; mom < 4; ++mom) { /* 2, 3: with mass-proportional damping */
          int N = Ns[iN];
          beam_case* bc = setup_curved(N);
          bc->sec.alpha = mom >= 2 ? 0.3 : 0.0;
          bc->in.galerkin = gal;
          make_old_state(bc, 0.05);
          bc->in.h = 0.05;
          bc->in.inertia = mode != 2;
          bc->in.gen_alpha = mode == 1;
          bc->in.alpha_m = mode == 1 ? am : 0.0;
          bc->in.alpha_f = mode == 1 ? af : 0.0;
          bc->in.beta = mode == 1 ? 0.25 * (1.0 - am + af) * (1.0 - am + af) : mode == 3 ? 0.5 : 0.6;
          bc->in.gamma = mode == 1 ? 0.5 - am + af : mode == 3 ? 0.5 : 0.55;
          bc->in.emc = mode == 3 && gal;
          for (int i = 0; i < 9 * N; ++i) emc_d[i] = 0.5 * urand();
          bc->in.emc_d = bc->in.emc ? emc_d : NULL;
          nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
          nsb_v3_store(mom % 2 ? nsb_v3(-0.4, 0.25, 0.9) : nsb_v3_zero(), bc->in.m_load);
          double u[NMAX], fa[NMAX], fb[NMAX];
          random_u(u, N, 1.0, 2.0, 3.0);
          const int n = nsb_beam_velocity_nlocal(N), np = bc->g.n_qp + N + 2;
          CU_ASSERT_EQUAL(resid(bc, u, fa, Kres), 0);
          save_points(bc, pts_a);
          memset(bc->cur_qp, 0, sizeof bc->cur_qp);
          memset(bc->cur_cp, 0, sizeof bc->cur_cp);
          memset(bc->cur_end, 0, sizeof bc->cur_end);
          CU_ASSERT_EQUAL(resid(bc, u, fb, NULL), 0);
          save_points(bc, pts_b);
          int d = memcmp(fa, fb, sizeof(double) * (size_t)n) != 0;
          d |= memcmp(pts_a, pts_b, sizeof(nsb_beam_point) * (size_t)np) != 0;
          memset(bc->cur_qp, 0, sizeof bc->cur_qp);
          memset(bc->cur_cp, 0, sizeof bc->cur_cp);
          memset(bc->cur_end, 0, sizeof bc->cur_end);
          nsb_beam_velocity_points(&bc->in, bc->cur_qp, bc->cur_cp, bc->cur_end);
          save_points(bc, pts_b);
          d |= memcmp(pts_a, pts_b, sizeof(nsb_beam_point) * (size_t)np) != 0;
          if (gal) {
            /* the residual without the point states (nsb_beam_velocity_residual,
               modified Newton's iterations): the same bits, no point written,
               end 1's old state not read (NaN there) */
            double fc[NMAX];
            const nsb_beam_point end1 = bc->old_end[1];
            for (size_t k = 0; k < sizeof end1 / sizeof(double); ++k) ((double*)&bc->old_end[1])[k] = NAN;
            memset(bc->cur_qp, 0, sizeof bc->cur_qp);
            memset(bc->cur_cp, 0, sizeof bc->cur_cp);
            memset(bc->cur_end, 0, sizeof bc->cur_end);
            d |= nsb_beam_velocity_residual(&bc->in, fc) != 0;
            bc->old_end[1] = end1;
            d |= memcmp(fa, fc, sizeof(double) * (size_t)n) != 0;
            save_points(bc, pts_b);
            for (size_t k = 0; k < sizeof(nsb_beam_point) * (size_t)np; ++k) d |= ((unsigned char*)pts_b)[k] != 0;
          }
          if (d) printf("\n    differs: %s N=%d mode %d moment %d", gal ? "Galerkin" : "collocation", N, mode, mom);
          differ += d;
          ++cases;
        }
  printf("\n    %d cases, %d with a different residual or point state", cases, differ);
  CU_ASSERT_EQUAL(differ, 0);
}

/* ---- rigid motion ------------------------------------------------------------- */

/* the strains of the collocation points (the integration points carry none:
   beam_velocity.c update_point) */
static void check_strains_equal_initial(beam_case* bc, double tol) {
  for (int k = 0; k < bc->g.N; ++k) {
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_v3_load(bc->cur_cp[k].E), nsb_v3_load(bc->g.E0))), 0.0, tol);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_v3_load(bc->cur_cp[k].K), nsb_v3_load(bc->g.K0))), 0.0, tol);
  }
}

static double max_abs(const double* f, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) m = fmax(m, fabs(f[i]));
  return m;
}

static void test_rigid(void) {
  const double h = 0.3;
  for (int N = 1; N <= NSB_BEAM_MAX_POINTS; ++N) {
    double u[NMAX], f[NMAX];
    int n = nsb_beam_velocity_nlocal(N);
    /* (a) uniform translation of the curved element, inertia on, constant velocity */
    beam_case* bc = setup_curved(N);
    nsb_vec3 V = nsb_v3(0.7, -1.1, 0.4);
    for (int q = 0; q < bc->g.n_qp; ++q) nsb_v3_store(V, bc->old_qp[q].v);
    for (int k = 0; k < N; ++k) nsb_v3_store(V, bc->old_cp[k].v);
    for (int e = 0; e < 2; ++e) nsb_v3_store(V, bc->old_end[e].v);
    memset(u, 0, sizeof u);
    nsb_v3_store(V, u);
    nsb_v3_store(V, u + 6);
    bc->in.h = h;
    resid(bc, u, f, NULL);
    check_strains_equal_initial(bc, 1e-14);
    NSB_ASSERT_CLOSE(max_abs(f, n), 0.0, 1e-13);
    for (int q = 0; q < bc->g.n_qp; ++q) NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_load(bc->cur_qp[q].a)), 0.0, 1e-12);

    /* (b) rigid rotation Q = exp(S(h Omega)) about the origin of a straight,
     * arbitrarily oriented element: vbar(x) = (Q - I) r0(x)/h (linear in x),
     * wbar = R_A^T Omega (constant, since K0 = 0).  Inertia off, N0 = M0 = 0. */
    nsb_quat qA = nsb_so3_exp_q(nsb_v3(-0.6, 0.2, 1.3));
    nsb_vec3 XA = nsb_v3(0.4, -0.3, 1.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(1.7, 0, 0)));
    bc = setup(N, N + 2, XA, qA, XB, qA, section_generic());
    nsb_vec3 Om = nsb_v3(1.3, -0.8, 2.1);
    nsb_mat3 QmI = nsb_m3_sub(nsb_so3_exp(nsb_v3_scale(h, Om)), nsb_m3_identity());
    memset(u, 0, sizeof u);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XA)), u);
    nsb_v3_store(nsb_q_rotate_inv(qA, Om), u + 3);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XB)), u + 6);
    nsb_v3_store(nsb_q_rotate_inv(qA, Om), u + 9);
    for (int p = 0; p < N; ++p) nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, nsb_q_rotate(qA, nsb_v3(1, 0, 0)))), u + 12 + 6 * p);
    bc->in.h = h;
    bc->in.inertia = 0;
    resid(bc, u, f, NULL);
    check_strains_equal_initial(bc, 1e-13);
    NSB_ASSERT_CLOSE(max_abs(f, n), 0.0, 1e-11);
  }
  /* (c) rigid rotation of the curved element: wbar(x) = R0(x)^T Omega is not a
   * polynomial, so it is represented only up to the interpolation error; the
   * strain error must decrease quickly with N (printed). */
  printf("\n");
  for (int N = 1; N <= NSB_BEAM_MAX_POINTS; N += 1) {
    beam_case* bc = setup_curved(N);
    const nsb_beam_geom* g = &bc->g;
    double u[NMAX], f[NMAX];
    nsb_vec3 Om = nsb_v3(1.3, -0.8, 2.1), K0 = nsb_v3_load(g->K0), E0 = nsb_v3_load(g->E0);
    nsb_mat3 QmI = nsb_m3_sub(nsb_so3_exp(nsb_v3_scale(h, Om)), nsb_m3_identity());
    memset(u, 0, sizeof u);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, bc->XA)), u);
    nsb_v3_store(nsb_q_rotate_inv(bc->qA, Om), u + 3);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, bc->XB)), u + 6);
    nsb_v3_store(nsb_q_rotate_inv(bc->qB, Om), u + 9);
    for (int p = 0; p < N; ++p) {
      nsb_quat q0 = nsb_q_load(bc->old_cp[p].q);
      nsb_vec3 wb = nsb_q_rotate_inv(q0, Om);
      nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, nsb_q_rotate(q0, E0))), u + 12 + 6 * p);
      nsb_v3_store(nsb_v3_neg(nsb_v3_cross(K0, wb)), u + 15 + 6 * p); /* (R0^T Omega)' = -K0 x wbar */
    }
    bc->in.h = h;
    bc->in.inertia = 0;
    resid(bc, u, f, NULL);
    double eE = 0.0, eK = 0.0;
    for (int k = 0; k < N; ++k) {
      eE = fmax(eE, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(bc->cur_cp[k].E), E0)));
      eK = fmax(eK, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(bc->cur_cp[k].K), K0)));
    }
    printf("    curved, rigid rotation, N=%2d: |E-E0| %.1e  |K-K0| %.1e  |f| %.1e\n", N, eE, eK,
           max_abs(f, nsb_beam_velocity_nlocal(N)));
    if (N >= 8) {
      CU_ASSERT(eE < 1e-9);
      CU_ASSERT(eK < 1e-9);
    }
  }
}

/* Galerkin weighting: (a) uniform translation of the curved element with
 * inertia, (b) rigid rotation of a straight element: no strain and a zero
 * residual (all rows, N^0 = M^0 = 0). */
static void test_rigid_galerkin(void) {
  const double h = 0.3;
  double worst = 0.0;
  for (int N = 1; N <= NSB_BEAM_MAX_POINTS; ++N) {
    double u[NMAX], f[NMAX];
    int n = nsb_beam_velocity_nlocal(N);
    beam_case* bc = setup_curved(N);
    bc->in.galerkin = 1;
    nsb_vec3 V = nsb_v3(0.7, -1.1, 0.4);
    for (int q = 0; q < bc->g.n_qp; ++q) nsb_v3_store(V, bc->old_qp[q].v);
    for (int k = 0; k < N; ++k) nsb_v3_store(V, bc->old_cp[k].v);
    for (int e = 0; e < 2; ++e) nsb_v3_store(V, bc->old_end[e].v);
    memset(u, 0, sizeof u);
    nsb_v3_store(V, u);
    nsb_v3_store(V, u + 6);
    bc->in.h = h;
    resid(bc, u, f, NULL);
    check_strains_equal_initial(bc, 1e-14);
    NSB_ASSERT_CLOSE(max_abs(f, n), 0.0, 1e-13);
    worst = fmax(worst, max_abs(f, n));

    nsb_quat qA = nsb_so3_exp_q(nsb_v3(-0.6, 0.2, 1.3));
    nsb_vec3 XA = nsb_v3(0.4, -0.3, 1.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(1.7, 0, 0)));
    bc = setup(N, N + 2, XA, qA, XB, qA, section_generic());
    bc->in.galerkin = 1;
    nsb_vec3 Om = nsb_v3(1.3, -0.8, 2.1);
    nsb_mat3 QmI = nsb_m3_sub(nsb_so3_exp(nsb_v3_scale(h, Om)), nsb_m3_identity());
    memset(u, 0, sizeof u);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XA)), u);
    nsb_v3_store(nsb_q_rotate_inv(qA, Om), u + 3);
    nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XB)), u + 6);
    nsb_v3_store(nsb_q_rotate_inv(qA, Om), u + 9);
    for (int p = 0; p < N; ++p)
      nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, nsb_q_rotate(qA, nsb_v3(1, 0, 0)))), u + 12 + 6 * p);
    bc->in.h = h;
    bc->in.inertia = 0;
    resid(bc, u, f, NULL);
    check_strains_equal_initial(bc, 1e-13);
    NSB_ASSERT_CLOSE(max_abs(f, n), 0.0, 1e-11);
    worst = fmax(worst, max_abs(f, n));
  }
  printf("\n    Galerkin, N = 1..%d: max |f| under rigid motion %.1e\n", NSB_BEAM_MAX_POINTS, worst);
}

/* ---- objectivity ---------------------------------------------------------------- */

static nsb_beam_point rotate_point(nsb_beam_point p, nsb_quat Q) {
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.r)), p.r);
  nsb_q_store(nsb_q_normalize(nsb_q_mul(Q, nsb_q_load(p.q))), p.q);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.v)), p.v);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.a)), p.a);
  return p;
}

static double Kq[NMAX * NMAX];

/* Galerkin: the interior moment rows are material (M_G - R(0)^T M^0 - ...),
 * the interior force rows global. */
static void objectivity_run_damped(int galerkin, double alpha, double beta) {
  const int Ns[] = {1, 3, 5};
  for (int iN = 0; iN < 3; ++iN) {
    int N = Ns[iN], n = nsb_beam_velocity_nlocal(N);
    beam_case* bc = setup_curved(N);
    bc->sec.alpha = alpha;
    bc->sec.beta = beta;
    bc->in.galerkin = galerkin;
    make_old_state(bc, 0.2);
    bc->in.h = 0.2;
    nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
    nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
    double u[NMAX], uq[NMAX], f[NMAX], fq[NMAX];
    random_u(u, N, 1.0, 2.0, 3.0);
    resid(bc, u, f, Kan);
    nsb_beam_point cqp[NSB_BEAM_MAX_QP], ccp[NSB_BEAM_MAX_POINTS];
    memcpy(cqp, bc->cur_qp, sizeof cqp);
    memcpy(ccp, bc->cur_cp, sizeof ccp);

    nsb_quat Q = nsb_so3_exp_q(nsb_v3(1.1, -2.0, 0.6));
    nsb_mat3 Qm = nsb_q_to_m3(Q);
    for (int q = 0; q < bc->g.n_qp; ++q) bc->old_qp[q] = rotate_point(bc->old_qp[q], Q);
    for (int k = 0; k < N; ++k) bc->old_cp[k] = rotate_point(bc->old_cp[k], Q);
    for (int e = 0; e < 2; ++e) bc->old_end[e] = rotate_point(bc->old_end[e], Q);
    nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(bc->in.n_load)), bc->in.n_load);
    nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(bc->in.m_load)), bc->in.m_load);
    /* which 3-blocks are global (rotate with Q): v-blocks, N0, M0; w-blocks are material */
    int global_col[NMAX / 3], global_row[NMAX / 3];
    for (int b = 0; b < n / 3; ++b) global_col[b] = (b % 2 == 0) || b >= (12 + 6 * N) / 3;
    /* rows: node 0 (-N0 global, -R^T M0 material), node 1 likewise, collocation
     * rows both global, closure rows (vbar global, wbar material) */
    for (int b = 0; b < n / 3; ++b) {
      if (b < 4) global_row[b] = b % 2 == 0;
      else if (b < 4 + 2 * N) global_row[b] = galerkin ? (b % 2 == 0) : 1;
      else global_row[b] = b == 4 + 2 * N;
    }
    for (int b = 0; b < n / 3; ++b) {
      nsb_vec3 x = nsb_v3_load(u + 3 * b);
      nsb_v3_store(global_col[b] ? nsb_q_rotate(Q, x) : x, uq + 3 * b);
    }
    resid(bc, uq, fq, Kq);
    double scale = max_abs(f, n), err = 0.0;
    for (int b = 0; b < n / 3; ++b) {
      nsb_vec3 x = nsb_v3_load(f + 3 * b);
      nsb_vec3 y = global_row[b] ? nsb_q_rotate(Q, x) : x;
      err = fmax(err, nsb_v3_norm(nsb_v3_sub(y, nsb_v3_load(fq + 3 * b))) / scale);
    }
    /* tangent: Kq = P K P^T with P = blockdiag(Q or I) */
    double kscale = max_abs(Kan, n * n), kerr = 0.0;
    for (int bi = 0; bi < n / 3; ++bi)
      for (int bj = 0; bj < n / 3; ++bj) {
        nsb_mat3 B;
        for (int j = 0; j < 3; ++j)
          for (int i = 0; i < 3; ++i) B.c[i + 3 * j] = Kan[(3 * bi + i) + n * (3 * bj + j)];
        if (global_row[bi]) B = nsb_m3_mul(Qm, B);
        if (global_col[bj]) B = nsb_m3_mult(B, Qm);
        for (int j = 0; j < 3; ++j)
          for (int i = 0; i < 3; ++i)
            kerr = fmax(kerr, fabs(B.c[i + 3 * j] - Kq[(3 * bi + i) + n * (3 * bj + j)]) / kscale);
      }
    /* material quantities unchanged, positions rotated */
    double merr = 0.0;
    for (int q = 0; q < bc->g.n_qp; ++q) {
      merr = fmax(merr, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(cqp[q].w), nsb_v3_load(bc->cur_qp[q].w))));
      merr = fmax(merr, nsb_v3_norm(nsb_v3_sub(nsb_q_rotate(Q, nsb_v3_load(cqp[q].r)), nsb_v3_load(bc->cur_qp[q].r))));
    }
    for (int k = 0; k < N; ++k) {
      merr = fmax(merr, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(ccp[k].E), nsb_v3_load(bc->cur_cp[k].E))));
      merr = fmax(merr, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(ccp[k].K), nsb_v3_load(bc->cur_cp[k].K))));
    }
    printf("\n    %s N=%d: residual %.1e, tangent %.1e, material states %.1e", galerkin ? "Galerkin" : "collocation",
           N, err, kerr, merr);
    CU_ASSERT(err < 1e-12);
    CU_ASSERT(kerr < 1e-12);
    CU_ASSERT(merr < 1e-12);
  }
  printf("\n");
}

static void objectivity_run(int galerkin) { objectivity_run_damped(galerkin, 0.0, 0.0); }
static void test_objectivity(void) { objectivity_run(0); }
static void test_objectivity_galerkin(void) { objectivity_run(1); }

/* ---- Rayleigh damping (docs/theory_beam.md §10) ------------------------------------ */

/* The damped cases of the tangent tests: collocation, Galerkin, Galerkin with
   a mass rule, generalized-alpha, N = 1, 2, 3, 5, h = 0.01 (beta/h = 4: the
   damping stress dominates) and 0.5 (rotations of about 1 rad per step),
   alpha and beta together and apart.  Each case also checks that the damping
   changes the residual (so that the comparison is not of the undamped
   element twice). */
static void test_damping_tangent(void) {
  const int Ns[] = {1, 2, 3, 5};
  const double hs[] = {0.01, 0.5};
  const double ab[3][2] = {{0.7, 0.04}, {0.7, 0.0}, {0.0, 0.04}};
  const double r = 0.6, am = (2.0 * r - 1.0) / (r + 1.0), af = r / (r + 1.0);
  double worst = 0.0;
  printf("\n");
  /* collocation, Galerkin, Galerkin with a mass rule, generalized-alpha, collocation with a mass rule */
  for (int variant = 0; variant < 5; ++variant)
    for (int iN = 0; iN < 4; ++iN)
      for (int ih = 0; ih < 2; ++ih)
        for (int id = 0; id < 3; ++id) {
          int N = Ns[iN];
          double h = hs[ih];
          const int rule = variant == 2 || variant == 4;
          if (rule && N < 2) continue; /* a mass rule needs N >= 2 */
          beam_case* bc = setup_curved(N);
          if (rule) CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&bc->g, &bc->rule, 1), 0);
          bc->in.galerkin = variant == 1 || variant == 2;
          make_old_state(bc, h);
          bc->in.h = h;
          bc->in.inertia = 1;
          bc->in.beta = 0.6;
          bc->in.gamma = 0.55;
          if (variant == 3) {
            bc->in.gen_alpha = 1;
            bc->in.alpha_m = am;
            bc->in.alpha_f = af;
            bc->in.beta = 0.25 * (1.0 - am + af) * (1.0 - am + af);
            bc->in.gamma = 0.5 - am + af;
          }
          nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), bc->in.n_load);
          nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), bc->in.m_load);
          if (rule) nsb_v3_store(nsb_v3(0.5, -9.81, 0.2), bc->in.grav);
          double u[NMAX], f0[NMAX], f1[NMAX];
          random_u(u, N, 1.0, 2.0, 3.0);
          int n = nsb_beam_velocity_nlocal(N);
          resid(bc, u, f0, NULL);
          bc->sec.alpha = ab[id][0];
          bc->sec.beta = ab[id][1];
          resid(bc, u, f1, NULL);
          double change = 0.0;
          for (int i = 0; i < n; ++i) change = fmax(change, fabs(f1[i] - f0[i]));
          CU_ASSERT(change > 1e-3 * max_abs(f0, n));
          double err = tangent_error(bc, u);
          static const char* const names[] = {"collocation", "Galerkin", "mass rule", "gen-alpha",
                                              "coll. rule"};
          printf("    damped %-11s alpha=%.1f beta=%.2f N=%d h=%.2f: rel. error %.2e (damping changes f by %.1e)\n",
                 names[variant], ab[id][0], ab[id][1], N, h, err, change);
          if (err > worst) worst = err;
          CU_ASSERT(err < 1e-6);
        }
  printf("    worst %.2e\n", worst);
}

/* A straight element spinning rigidly (old state: velocities of the rigid
   rotation with angular velocity Omega, strains the initial ones) turned on
   by the rigid rotation exp(S(h Omega)) of the increment: its strains stay
   the initial ones, so the stiffness-proportional damping adds nothing (the
   residual with beta equals the one without to round-off), with inertia on,
   both weightings, N = 1..5; the mass-proportional part acts on the absolute
   velocities and does change it.  Strained states under a superposed
   rotation: test_damping_objectivity. */
static void test_damping_rigid_spin(void) {
  const double h = 0.05;
  double worst = 0.0;
  for (int gal = 0; gal < 2; ++gal)
    for (int N = 1; N <= 5; ++N) {
      double u[NMAX], f0[NMAX], f1[NMAX];
      int n = nsb_beam_velocity_nlocal(N);
      nsb_quat qA = nsb_so3_exp_q(nsb_v3(-0.6, 0.2, 1.3));
      nsb_vec3 XA = nsb_v3(0.4, -0.3, 1.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(1.7, 0, 0)));
      beam_case* bc = setup(N, N + 2, XA, qA, XB, qA, section_generic());
      bc->in.galerkin = gal;
      nsb_vec3 Om = nsb_v3(1.3, -0.8, 2.1);
      nsb_vec3 wmat = nsb_q_rotate_inv(qA, Om);
      nsb_beam_point* sets[3] = {bc->old_qp, bc->old_cp, bc->old_end};
      const int counts[3] = {bc->g.n_qp, N, 2};
      for (int k = 0; k < 3; ++k)
        for (int i = 0; i < counts[k]; ++i) {
          nsb_v3_store(nsb_v3_cross(Om, nsb_v3_load(sets[k][i].r)), sets[k][i].v);
          nsb_v3_store(wmat, sets[k][i].w);
        }
      nsb_mat3 QmI = nsb_m3_sub(nsb_so3_exp(nsb_v3_scale(h, Om)), nsb_m3_identity());
      memset(u, 0, sizeof u);
      nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XA)), u);
      nsb_v3_store(wmat, u + 3);
      nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, XB)), u + 6);
      nsb_v3_store(wmat, u + 9);
      for (int p = 0; p < N; ++p)
        nsb_v3_store(nsb_v3_scale(1.0 / h, nsb_m3_mulv(QmI, nsb_q_rotate(qA, nsb_v3(1, 0, 0)))), u + 12 + 6 * p);
      bc->in.h = h;
      bc->in.inertia = 1;
      resid(bc, u, f0, NULL);
      check_strains_equal_initial(bc, 1e-13);
      bc->sec.beta = 0.05; /* beta/h = 1 */
      resid(bc, u, f1, NULL);
      double d = 0.0;
      for (int i = 0; i < n; ++i) d = fmax(d, fabs(f1[i] - f0[i]));
      worst = fmax(worst, d / max_abs(f0, n));
      CU_ASSERT(d <= 1e-12 * max_abs(f0, n));
      /* the mass-proportional part is not zero under a rigid rotation (it acts on the absolute velocity) */
      bc->sec.alpha = 0.5;
      resid(bc, u, f1, NULL);
      d = 0.0;
      for (int i = 0; i < n; ++i) d = fmax(d, fabs(f1[i] - f0[i]));
      CU_ASSERT(d > 1e-3 * max_abs(f0, n));
    }
  printf("\n    spinning straight element: beta's change of the residual %.1e of |f|\n", worst);
}

/* Objectivity with damping: the superposed rotation of state and unknowns
   rotates the residual and tangent (alpha and beta on). */
static void test_damping_objectivity(void) {
  objectivity_run_damped(0, 0.7, 0.04);
  objectivity_run_damped(1, 0.7, 0.04);
}

/* ---- local Newton driver -------------------------------------------------------- */

static double Kred[NMAX * NMAX];

/* Solve the local system for the unknowns u[first..n-1] (the node-0 unknowns
 * before `first` are held fixed and the node-0 rows dropped when first = 6),
 * with a dead end force F and a dead end moment M at node 1:
 * node-1 rows N_g(L) - F, R(L)^T (M_g(L) - M).  Returns iterations or -1. */
static int newton(beam_case* bc, double* u, int first, nsb_vec3 F, nsb_vec3 M, double tol) {
  int N = bc->g.N, n = nsb_beam_velocity_nlocal(N), m = n - first;
  double f[NMAX], du[NMAX];
  int ipiv[NMAX];
  for (int it = 0; it < 30; ++it) {
    resid(bc, u, f, Kan);
    nsb_mat3 RL = nsb_q_to_m3(nsb_q_load(bc->cur_end[1].q));
    nsb_vec3 RtM = nsb_m3_tmulv(RL, M);
    for (int i = 0; i < 3; ++i) {
      f[6 + i] -= nsb_v3_get(F, i);
      f[9 + i] -= nsb_v3_get(RtM, i);
    }
    /* d(-R^T M)/dwbar^L = -h S(R^T M) T(h wbar^L)^T */
    nsb_mat3 D = nsb_m3_scale(-bc->in.h, nsb_m3_mult(nsb_m3_skew(RtM), nsb_so3_T(nsb_v3_scale(bc->in.h, nsb_v3_load(u + 9)))));
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) Kan[(9 + i) + n * (9 + j)] += D.c[i + 3 * j];
    double fn = 0.0;
    for (int i = first; i < n; ++i) fn = fmax(fn, fabs(f[i]));
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i) Kred[i + m * j] = Kan[(first + i) + n * (first + j)];
    for (int i = 0; i < m; ++i) du[i] = f[first + i];
    int info = LAPACKE_dgesv(LAPACK_COL_MAJOR, m, 1, Kred, m, ipiv, du, m);
    if (info != 0) return -1;
    double dn = 0.0;
    for (int i = 0; i < m; ++i) {
      u[first + i] -= du[i];
      dn = fmax(dn, fabs(du[i]));
    }
    if (fn < tol && dn < 1e-12) {
      resid(bc, u, f, NULL);
      return it + 1;
    }
  }
  return -1;
}

/* ---- static patch tests ---------------------------------------------------------- */

static void test_patch_cantilever_force(void) {
  /* straight cantilever along an arbitrary direction, end force across G2 */
  const double L = 1.0;
  nsb_beam_section sec = {1000.0, 400.0, 300.0, 2.0, 1.5, 1.0, 1.0, {0.1, 0.05, 0.05}, 0.0, 0.0};
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.2, 0.5));
  nsb_vec3 XA = nsb_v3(0.5, 0.2, -0.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(L, 0, 0)));
  double P = 1e-5;
  printf("\n");
  for (int N = 1; N <= 5; ++N) {
    beam_case* bc = setup(N, N + 2, XA, qA, XB, qA, sec);
    bc->in.inertia = 0;
    bc->in.h = 1.0;
    double u[NMAX];
    memset(u, 0, sizeof u);
    nsb_vec3 F = nsb_q_rotate(qA, nsb_v3(0, P, 0));
    int it = newton(bc, u, 6, F, nsb_v3_zero(), 1e-12);
    CU_ASSERT(it > 0);
    nsb_vec3 d = nsb_q_rotate_inv(qA, nsb_v3_scale(bc->in.h, nsb_v3_load(u + 6)));
    double exact = P * L * L * L / (3.0 * sec.EI3) + P * L / sec.GA2;
    double n1 = P * L * L * L / (4.0 * sec.EI3) + P * L / sec.GA2; /* N = 1 prediction (constant wbar') */
    double rel = (d.y - exact) / exact;
    printf("    cantilever N=%d: tip %.10e, Timoshenko %.10e, rel. error %+.2e (%d iterations)\n", N, d.y, exact, rel,
           it);
    if (N == 1)
      NSB_ASSERT_CLOSE(d.y, n1, 1e-6 * n1);
    else
      NSB_ASSERT_CLOSE(d.y, exact, 1e-6 * exact);
  }
}

static void test_patch_end_moment(void) {
  /* end moment M e3 on a straight cantilever: circular arc of curvature M/EI3,
   * tip rotation M L/EI3 = 1 rad.  One static step (h = 1) from the straight
   * configuration.  The curvature (wbar' constant) and the tip rotation are in
   * the interpolation space for any N.  The positions are integrals of
   * vbar' = (R(x) - I) e1/h, which is not a polynomial: the element gives
   * exactly the N-point Gauss rule of int_0^L R(x) e1 dx (checked to 1e-10),
   * and that equals the arc to 1e-10 from N = 5 on. */
  const double L = 1.0;
  nsb_beam_section sec = {1000.0, 400.0, 300.0, 2.0, 1.5, 1.0, 1.0, {0.1, 0.05, 0.05}, 0.0, 0.0};
  double kap = 1.0 / L, M = sec.EI3 * kap;
  printf("\n");
  for (int N = 1; N <= 6; ++N) {
    beam_case* bc = setup(N, N + 2, nsb_v3_zero(), nsb_q_identity(), nsb_v3(L, 0, 0), nsb_q_identity(), sec);
    bc->in.inertia = 0;
    bc->in.h = 1.0;
    double u[NMAX];
    memset(u, 0, sizeof u);
    int it = newton(bc, u, 6, nsb_v3_zero(), nsb_v3(0, 0, M), 1e-13);
    CU_ASSERT(it > 0);
    nsb_vec3 tip = nsb_v3_load(bc->cur_end[1].r);
    nsb_vec3 rot = nsb_so3_log_q(nsb_q_load(bc->cur_end[1].q));
    nsb_vec3 arc = nsb_v3(sin(kap * L) / kap, (1.0 - cos(kap * L)) / kap, 0.0);
    nsb_vec3 gauss = nsb_v3_zero();
    for (int p = 0; p < N; ++p)
      gauss = nsb_v3_muladd(gauss, bc->g.JL[p], nsb_v3(cos(kap * bc->g.xp[p]), sin(kap * bc->g.xp[p]), 0.0));
    double e_arc = nsb_v3_norm(nsb_v3_sub(tip, arc)), e_gauss = nsb_v3_norm(nsb_v3_sub(tip, gauss));
    double e_rot = nsb_v3_norm(nsb_v3_sub(rot, nsb_v3(0, 0, kap * L)));
    /* the curvature of the collocation points, where the constitutive law
       holds (the integration points carry no strains: beam_velocity.c
       update_point) */
    double e_K = 0.0;
    for (int k = 0; k < N; ++k) e_K = fmax(e_K, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(bc->cur_cp[k].K), nsb_v3(0, 0, kap))));
    printf("    end moment N=%d: |tip - arc| %.2e, |tip - Gauss rule| %.2e, |rotation error| %.2e, |K - M/EI| %.2e (%d it)\n",
           N, e_arc, e_gauss, e_rot, e_K, it);
    CU_ASSERT(e_gauss < 1e-10);
    CU_ASSERT(e_rot < 1e-10);
    CU_ASSERT(e_K < 1e-10);
    if (N >= 5) CU_ASSERT(e_arc < 1e-10);
    double Ng[3 * NSB_BEAM_MAX_POINTS], Mg[3 * NSB_BEAM_MAX_POINTS];
    nsb_beam_velocity_resultants(&bc->in, bc->cur_cp, Ng, Mg);
    for (int k = 0; k < N; ++k) {
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_load(Ng + 3 * k)), 0.0, 1e-10);
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_v3_load(Mg + 3 * k), nsb_v3(0, 0, M))), 0.0, 1e-10);
    }
  }
}

/* ---- energy of a free element ------------------------------------------------------ */

static void set_rigid_rates(beam_case* bc, nsb_beam_point* p, nsb_vec3 V, nsb_vec3 Om, nsb_vec3 rc) {
  nsb_vec3 Jd = nsb_v3_load(bc->sec.rhoJ);
  nsb_quat q = nsb_q_load(p->q);
  nsb_vec3 w = nsb_q_rotate_inv(q, Om);
  nsb_vec3 Jw = nsb_v3(Jd.x * w.x, Jd.y * w.y, Jd.z * w.z), wJw = nsb_v3_cross(w, Jw);
  nsb_v3_store(nsb_v3_add(V, nsb_v3_cross(Om, nsb_v3_sub(nsb_v3_load(p->r), rc))), p->v);
  nsb_v3_store(nsb_v3_zero(), p->a); /* unstressed: N' = rhoA a = 0 */
  nsb_v3_store(w, p->w);
  nsb_v3_store(nsb_v3(-wJw.x / Jd.x, -wJw.y / Jd.y, -wJw.z / Jd.z), p->al); /* J alpha + w x J w = 0 */
}

/* A free curved element spinning and translating (rigid initial rates,
 * beta = gamma = 1/2, h = 0.01), `steps` steps or until the local Newton
 * (residual tolerance tol) fails.  Energy W = kinetic + strain (nsb_beam_velocity_energy), linear
 * momentum P and angular momentum H about the origin. */
typedef struct spin_result {
  double W0, H0, dWmax, dPmax, dHmax, esmax, Wend;
  int steps_done, itmax;
} spin_result;

static nsb_vec3 spin_angular_momentum(const beam_case* bc) {
  nsb_vec3 H = nsb_v3_zero(), Jd = nsb_v3_load(bc->sec.rhoJ);
  for (int q = 0; q < bc->g.n_qp; ++q) {
    const nsb_beam_point* p = &bc->cur_qp[q];
    nsb_vec3 w = nsb_v3_load(p->w), Jw = nsb_v3(Jd.x * w.x, Jd.y * w.y, Jd.z * w.z);
    nsb_vec3 l = nsb_v3_add(nsb_v3_scale(bc->sec.rhoA, nsb_v3_cross(nsb_v3_load(p->r), nsb_v3_load(p->v))),
                            nsb_q_rotate(nsb_q_load(p->q), Jw));
    H = nsb_v3_muladd(H, bc->g.wq[q], l);
  }
  return H;
}

static spin_result free_spin(int N, int galerkin, int steps, double tol) {
  spin_result res;
  memset(&res, 0, sizeof res);
  nsb_beam_section sec = {400.0, 150.0, 150.0, 8.0, 10.0, 10.0, 1.0, {0.02, 0.01, 0.01}, 0.0, 0.0};
  beam_case* bc = setup_curved(N);
  bc->sec = sec;
  const double h = 0.01;
  bc->in.h = h;
  bc->in.beta = bc->in.gamma = 0.5;
  bc->in.inertia = 1;
  bc->in.galerkin = galerkin;
  nsb_vec3 V = nsb_v3(0.5, -0.2, 0.3), Om = nsb_v3(1.0, 3.0, -2.0);
  nsb_vec3 rc = nsb_v3_scale(0.5, nsb_v3_add(bc->XA, bc->XB));
  for (int q = 0; q < bc->g.n_qp; ++q) set_rigid_rates(bc, &bc->old_qp[q], V, Om, rc);
  for (int k = 0; k < N; ++k) set_rigid_rates(bc, &bc->old_cp[k], V, Om, rc);
  for (int e = 0; e < 2; ++e) set_rigid_rates(bc, &bc->old_end[e], V, Om, rc);
  /* predictor for the first step: vbar = v_n, vbar' = Omega x R0 E0,
   * wbar = R0^T Omega, wbar' = -K0 x wbar */
  double u[NMAX];
  memset(u, 0, sizeof u);
  nsb_vec3 E0 = nsb_v3_load(bc->g.E0), K0 = nsb_v3_load(bc->g.K0);
  for (int e = 0; e < 2; ++e) {
    nsb_v3_store(nsb_v3_load(bc->old_end[e].v), u + 6 * e);
    nsb_v3_store(nsb_v3_load(bc->old_end[e].w), u + 6 * e + 3);
  }
  for (int p = 0; p < N; ++p) {
    nsb_quat q0 = nsb_q_load(bc->old_cp[p].q);
    nsb_v3_store(nsb_v3_cross(Om, nsb_q_rotate(q0, E0)), u + 12 + 6 * p);
    nsb_v3_store(nsb_v3_neg(nsb_v3_cross(K0, nsb_v3_load(bc->old_cp[p].w))), u + 15 + 6 * p);
  }
  double ek0, es0, P0[3] = {0, 0, 0};
  nsb_beam_velocity_energy(&bc->g, &bc->sec, bc->old_qp, bc->old_cp, NULL, &ek0, &es0);
  for (int q = 0; q < bc->g.n_qp; ++q)
    for (int i = 0; i < 3; ++i) P0[i] += bc->g.wq[q] * sec.rhoA * bc->old_qp[q].v[i];
  memcpy(bc->cur_qp, bc->old_qp, sizeof(nsb_beam_point) * (size_t)bc->g.n_qp);
  nsb_vec3 H0 = spin_angular_momentum(bc);
  res.W0 = ek0 + es0;
  res.Wend = res.W0;
  res.H0 = nsb_v3_norm(H0);
  for (int step = 0; step < steps; ++step) {
    int it = newton(bc, u, 0, nsb_v3_zero(), nsb_v3_zero(), tol);
    if (it < 0) break;
    if (it > res.itmax) res.itmax = it;
    double ek, es, P[3] = {0, 0, 0};
    nsb_beam_velocity_energy(&bc->g, &bc->sec, bc->cur_qp, bc->cur_cp, NULL, &ek, &es);
    for (int q = 0; q < bc->g.n_qp; ++q)
      for (int i = 0; i < 3; ++i) P[i] += bc->g.wq[q] * sec.rhoA * bc->cur_qp[q].v[i];
    res.Wend = ek + es;
    res.dWmax = fmax(res.dWmax, fabs(res.Wend - res.W0) / res.W0);
    res.esmax = fmax(res.esmax, es);
    for (int i = 0; i < 3; ++i) res.dPmax = fmax(res.dPmax, fabs(P[i] - P0[i]));
    res.dHmax = fmax(res.dHmax, nsb_v3_norm(nsb_v3_sub(spin_angular_momentum(bc), H0)) / res.H0);
    memcpy(bc->old_qp, bc->cur_qp, sizeof(nsb_beam_point) * (size_t)bc->g.n_qp);
    memcpy(bc->old_cp, bc->cur_cp, sizeof(nsb_beam_point) * (size_t)N);
    memcpy(bc->old_end, bc->cur_end, sizeof bc->old_end);
    res.steps_done = step + 1;
  }
  return res;
}

static void test_energy(void) {
  const int Ns[] = {1, 2, 3};
  const double Wtol[] = {0.2, 0.05, 1e-3}; /* measured: 1.2e-1, 2.3e-2, 3.0e-4 */
  for (int iN = 0; iN < 3; ++iN) {
    int N = Ns[iN];
    spin_result r = free_spin(N, 0, 100, 1e-11);
    CU_ASSERT(r.steps_done == 100);
    printf("\n    free element N=%d, 100 steps h=0.01: W0 = %.6f, max strain energy %.3e, max |W-W0|/W0 = %.2e, "
           "final %.2e, max |P-P0| = %.1e, max Newton iterations %d",
           N, r.W0, r.esmax, r.dWmax, (r.Wend - r.W0) / r.W0, r.dPmax, r.itmax);
    CU_ASSERT(r.dWmax < Wtol[iN]);
    CU_ASSERT(r.dPmax < 1e-10);
  }
  printf("\n");
}

/* The same element over 100 s (10^4 steps): the Galerkin weighting keeps the
 * energy error bounded; the collocation form is run alongside until its local
 * Newton fails (printed, not asserted: docs/theory_beam.md §6, §7). */
static void test_energy_galerkin_long(void) {
  const int Ns[] = {1, 2, 3};
  const double Wtol[] = {1e-3, 1e-3, 1e-3};
  const int steps = 10000;
  for (int iN = 0; iN < 3; ++iN) {
    int N = Ns[iN];
    /* residual tolerance 1e-10: over 10^4 steps the local Newton meets the
     * round-off floor of the rows (about 1e-11 here) now and then */
    spin_result c = free_spin(N, 0, steps, 1e-10), g = free_spin(N, 1, steps, 1e-10);
    printf("\n    N=%d, h=0.01, 100 s: collocation %s t = %.2f, max |W-W0|/W0 = %.2e, max |H-H0|/|H0| = %.2e;"
           "\n                         Galerkin    %s t = %.2f, max |W-W0|/W0 = %.2e, max |H-H0|/|H0| = %.2e, "
           "max |P-P0| = %.1e, max Newton iterations %d",
           N, c.steps_done == steps ? "reaches" : "fails at", 0.01 * c.steps_done, c.dWmax, c.dHmax,
           g.steps_done == steps ? "reaches" : "fails at", 0.01 * g.steps_done, g.dWmax, g.dHmax, g.dPmax, g.itmax);
    CU_ASSERT(g.steps_done == steps);
    CU_ASSERT(g.dWmax < Wtol[iN]);
    CU_ASSERT(g.dPmax < 1e-9);
  }
  printf("\n");
}

/* ---- deck: *ELEMENT, WEIGHTING= ----------------------------------------------------- */

static void test_deck_weighting(void) {
  nsb_ctx* ctx = NULL;
  nsb_model* m = NULL;
  int n_err = -1;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  int st = nsb_deck_read(ctx, NSB_TEST_DECK_DIR "/good/beam_weighting.inp", stderr, &m, &n_err);
  CU_ASSERT_EQUAL(st, NSB_OK);
  CU_ASSERT_EQUAL(n_err, 0);
  if (m) {
    /* element 1 names no weighting: Galerkin, the deck has a *DYNAMIC step (default_weightings) */
    static const int want[] = {1, 0, 1, 1}, points[] = {2, 3, 3, 3}; /* default for B2V: 3 */
    CU_ASSERT_EQUAL_FATAL(m->elements.count, 4);
    for (int i = 0; i < 4; ++i) {
      CU_ASSERT_EQUAL(m->elements.data[i].weighting, want[i]);
      CU_ASSERT_EQUAL(m->elements.data[i].n_points, points[i]);
    }
  }
  nsb_model_destroy(&m);
  /* without a *DYNAMIC step an element that names no weighting is collocation; B2S stays
     collocation in dynamics too (its collocation form keeps the step-loaded cantilever's energy) */
  static const char* const decks[] = {
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n*ELEMENT, TYPE=B2S, ELSET=B\n"
      "2, 2, 3\n*BEAM GENERAL SECTION, ELSET=B\n1e4, 1e4, 1e4, 500.0, 500.0, 500.0\n1.0, 20.0, 10.0, 10.0\n"
      "0.0, 1.0, 0.0\n*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n*CLOAD\n3, 2, 1.0\n*END STEP\n",
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n*ELEMENT, TYPE=B2S, ELSET=B\n"
      "2, 2, 3\n*BEAM GENERAL SECTION, ELSET=B\n1e4, 1e4, 1e4, 500.0, 500.0, 500.0\n1.0, 20.0, 10.0, 10.0\n"
      "0.0, 1.0, 0.0\n*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n*CLOAD\n3, 2, 1.0\n*END STEP\n"
      "*STEP\n*DYNAMIC\n0.1, 1.0\n*END STEP\n"};
  static const int want_b2v[] = {0, 1};
  for (int d = 0; d < 2; ++d) {
    st = nsb_deck_read_string(ctx, "weighting.inp", decks[d], stderr, &m, &n_err);
    CU_ASSERT_EQUAL(st, NSB_OK);
    if (m) {
      CU_ASSERT_EQUAL(m->elements.data[0].weighting, want_b2v[d]);
      CU_ASSERT_EQUAL(m->elements.data[1].weighting, 0);
    }
    nsb_model_destroy(&m);
  }
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* nsb_beam_accel_gyro (the diagonal products) against the full products with
   diag(Jd), on values with zeros of both signs, overflowing products, inf
   and NaN: the same bits where an input is not finite, and the same bits of
   sums that start at +0 (as the acceleration residual's Gm, GJ_p) always;
   some results differ in the sign of a zero, which the sums must absorb. */
static void test_accel_gyro(void) {
  static const double vals[] = {0.0, -0.0, 1.0, -2.5, 3.0e-200, -7.0e150, 1.0e300, INFINITY, -INFINITY, NAN};
  const int nv = (int)(sizeof vals / sizeof vals[0]);
  unsigned long long r = 12345u;
  int zero_sign = 0, nonfinite = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    nsb_vec3 S_new = nsb_v3_zero(), S_old = nsb_v3_zero();
    for (int q = 0; q < 4; ++q) {
      double x[9];
      for (int i = 0; i < 9; ++i) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        int k = (int)((r >> 33) % (unsigned long long)(nv + 4));
        /* mostly finite values; Jd positive as accel_inertia's */
        x[i] = k < nv ? vals[k] : (double)((r >> 40) & 0xff) - 128.0;
        if (i < 3) x[i] = fabs(x[i]) > 0.0 && isfinite(x[i]) ? fabs(x[i]) : 1.5;
      }
      const nsb_vec3 Jd = nsb_v3(x[0], x[1], x[2]), al = nsb_v3(x[3], x[4], x[5]), om = nsb_v3(x[6], x[7], x[8]);
      const nsb_mat3 J = nsb_m3_diag(Jd.x, Jd.y, Jd.z);
      const nsb_vec3 g_old = nsb_v3_add(nsb_m3_mulv(J, al), nsb_v3_cross(om, nsb_m3_mulv(J, om)));
      const nsb_vec3 g_new = nsb_beam_accel_gyro(Jd, al, om);
      int fin = 1;
      for (int i = 3; i < 9; ++i) fin = fin && isfinite(x[i]);
      if (!fin) {
        ++nonfinite;
        CU_ASSERT_EQUAL(memcmp(&g_old, &g_new, sizeof g_old), 0);
      } else if (memcmp(&g_old, &g_new, sizeof g_old) != 0) {
        const double o[3] = {g_old.x, g_old.y, g_old.z}, n[3] = {g_new.x, g_new.y, g_new.z};
        for (int i = 0; i < 3; ++i)
          if (memcmp(&o[i], &n[i], sizeof o[i]) != 0) {
            CU_ASSERT(o[i] == 0.0 && n[i] == 0.0);
            ++zero_sign;
          }
      }
      const double w = 0.25 + 0.5 * q;
      S_old = nsb_v3_muladd(S_old, w, g_old);
      S_new = nsb_v3_muladd(S_new, w, g_new);
    }
    CU_ASSERT_EQUAL(memcmp(&S_old, &S_new, sizeof S_old), 0);
  }
  CU_ASSERT(zero_sign > 0);
  CU_ASSERT(nonfinite > 0);
}

static const nsb_test_suite suites[] = {
    {"geom", (const nsb_test_case[]){{"gauss_lagrange_initial_geometry", test_geom}, {NULL, NULL}}},
    {"kinematics", (const nsb_test_case[]){{"curvature_update_vs_differences", test_kinematics}, {NULL, NULL}}},
    {"tangent",
     (const nsb_test_case[]){{"central_differences", test_tangent},
                             {"central_differences_galerkin", test_tangent_galerkin},
                             {"central_differences_energy_consistent", test_tangent_emc},
                             {"energy_consistent_commit", test_emc_commit},
                             {"central_differences_mass_rule", test_tangent_mass_rule},
                             {"mass_rule_moment_rows", test_mass_rule_moment_rows},
                             {"central_differences_gen_alpha", test_tangent_gen_alpha},
                             {"gen_alpha_point_map", test_gen_alpha_point_map},
                             {NULL, NULL}}},
    {"residual",
     (const nsb_test_case[]){{"residual_alone_same_bits", test_residual_alone},
                             {"accel_gyro_same_sums", test_accel_gyro},
                             {NULL, NULL}}},
    {"rigid",
     (const nsb_test_case[]){{"no_strain_no_stress", test_rigid},
                             {"no_strain_no_stress_galerkin", test_rigid_galerkin},
                             {NULL, NULL}}},
    {"objectivity",
     (const nsb_test_case[]){{"superposed_rotation", test_objectivity},
                             {"superposed_rotation_galerkin", test_objectivity_galerkin},
                             {NULL, NULL}}},
    {"patch",
     (const nsb_test_case[]){{"cantilever_end_force", test_patch_cantilever_force},
                             {"cantilever_end_moment", test_patch_end_moment},
                             {NULL, NULL}}},
    {"energy",
     (const nsb_test_case[]){{"free_spinning_element", test_energy},
                             {"free_spinning_element_100s_galerkin", test_energy_galerkin_long},
                             {NULL, NULL}}},
    {"deck", (const nsb_test_case[]){{"element_weighting_parameter", test_deck_weighting}, {NULL, NULL}}},
    {"damping",
     (const nsb_test_case[]){{"central_differences", test_damping_tangent},
                             {"rigid_spin_no_stiffness_damping", test_damping_rigid_spin},
                             {"superposed_rotation", test_damping_objectivity},
                             {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* test_beam_strain.c -- the strain-based beam kernel (elements/beam_strain.c).
 *
 * Suites:
 *   integrator  Magnus on SE(3): exact for constant strains (orders 2 and 4),
 *               convergence for linear strains against an RK4 reference;
 *   tangent     analytic tangent vs central differences, all columns, N = 1,
 *               2, 3, 5, curved and twisted element, strained and rotating
 *               old state, random u (rotation slots included), h = 0.01 and
 *               0.5, Newmark and generalized-alpha (rho_inf = 0.6), inertia
 *               on and static;
 *   rigid       zero strains and resultants: zero residual for any rigid
 *               placement;
 *   objectivity superposed rotation of states, unknowns and loads;
 *   patch       static local Newton with node 0 held: end moment -> circular
 *               arc (exact for every N), end force vs Timoshenko;
 *   mass_rule   the translational mass rule of a massless end (docs/
 *               theory_beam_strain.md §10): tangent, mass and first moment,
 *               the end's mode against the inertia rows;
 *   restart     the acceleration restart (docs/theory_beam_strain.md §11):
 *               compatible station accelerations against differences of
 *               the configuration map, the rows the element's own.
 * Each suite also runs its cases with the Galerkin weighting (*_galerkin,
 * docs/theory_beam_strain.md §7) under the same criteria.
 */
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "elements/beam_strain.h"

#define NMAX NSB_BEAM_STRAIN_MAX_LOCAL
#define MAXP NSB_BEAM_MAX_POINTS

static unsigned rng = 20240601u;
static double urand(void) {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 8) & 0xFFFFFF) / (double)0xFFFFFF * 2.0 - 1.0;
}
static nsb_vec3 vrand(double s) { return nsb_v3(s * urand(), s * urand(), s * urand()); }

typedef struct strain_case {
  nsb_beam_strain_geom g;
  double gtab[NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES]; /* g's tables */
  nsb_beam_section sec;
  nsb_beam_point old_qp[NSB_BEAM_MAX_QP], old_cp[MAXP], old_end[2];
  nsb_beam_point cur_qp[NSB_BEAM_MAX_QP], cur_cp[MAXP], cur_end[2];
  nsb_beam_strain_force old_res[MAXP + 2], cur_res[MAXP + 2];
  double q_end[8];
  nsb_beam_strain_in in;
} strain_case;

static strain_case sc_storage, sc_rot;

/* Weighting of the element under test: 0 collocation, 1 Galerkin
 * (docs/theory_beam_strain.md §7); the *_galerkin cases set it around a run
 * of the collocation case's body. */
static int galerkin_weighting = 0;
static const char* wname(void) { return galerkin_weighting ? "galerkin " : ""; }

/* Rayleigh damping of the section (alpha, beta) of the cases: the suite
   damping runs the tangent and objectivity cases with it on. */
static double damping_ab[2] = {0.0, 0.0};

static nsb_beam_section section_generic(void) {
  nsb_beam_section s = {200.0, 80.0, 60.0, 5.0, 8.0, 6.0, 2.0, {0.05, 0.03, 0.02}, damping_ab[0], damping_ab[1]};
  return s;
}

static void wire(strain_case* sc) {
  nsb_beam_strain_in* in = &sc->in;
  in->g = &sc->g;
  in->sec = &sc->sec;
  in->old_qp = sc->old_qp;
  in->old_cp = sc->old_cp;
  in->old_end = sc->old_end;
  in->old_res = sc->old_res;
  in->q_end = sc->q_end;
}

static strain_case* setup(int N, int n_gauss, nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB, nsb_quat qB,
                          nsb_beam_section sec) {
  strain_case* sc = &sc_storage;
  memset(sc, 0, sizeof *sc);
  sc->sec = sec;
  int st = nsb_beam_strain_geom_init(&sc->g, sc->gtab, N, n_gauss, 4, XA, qA, XB, qB, sc->old_qp, sc->old_cp);
  CU_ASSERT_EQUAL_FATAL(st, 0);
  nsb_v3_store(XA, sc->old_end[0].r);
  nsb_q_store(qA, sc->old_end[0].q);
  nsb_v3_store(XB, sc->old_end[1].r);
  nsb_q_store(qB, sc->old_end[1].q);
  nsb_q_store(qA, sc->q_end);
  nsb_q_store(qB, sc->q_end + 4);
  wire(sc);
  nsb_beam_strain_in* in = &sc->in;
  in->h = 0.01;
  in->beta = 0.25;
  in->gamma_n = 0.5;
  in->inertia = 1;
  in->galerkin = galerkin_weighting;
  return sc;
}

static strain_case* setup_curved(int N) {
  nsb_vec3 XA = nsb_v3(0.1, -0.2, 0.3);
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.5, 0.8));
  nsb_vec3 XB = nsb_v3_add(XA, nsb_v3(0.9, 0.4, -0.3));
  nsb_quat qB = nsb_q_mul(qA, nsb_so3_exp_q(nsb_v3(0.4, 0.6, -0.5)));
  return setup(N, N + 2, XA, qA, XB, qB, section_generic());
}

/* Random unknowns around the old node positions: positions +- sr, rotation
 * slots +- sth, strains +- ss, N^0, M^0 +- sf. */
static void random_u(strain_case* sc, double* u, double sr, double sth, double ss, double sf) {
  int N = sc->g.base.N;
  nsb_v3_store(nsb_v3_add(nsb_v3_load(sc->old_end[0].r), vrand(sr)), u);
  nsb_v3_store(vrand(sth), u + 3);
  nsb_v3_store(nsb_v3_add(nsb_v3_load(sc->old_end[1].r), vrand(sr)), u + 6);
  nsb_v3_store(vrand(sth), u + 9);
  for (int i = 12; i < 12 + 6 * N; ++i) u[i] = ss * urand();
  for (int i = 12 + 6 * N; i < 18 + 6 * N; ++i) u[i] = sf * urand();
}

static void random_rates(nsb_beam_point* p, int n, double s) {
  for (int k = 0; k < n; ++k) {
    nsb_v3_store(vrand(s), p[k].v);
    nsb_v3_store(vrand(s), p[k].a);
    nsb_v3_store(vrand(s), p[k].w);
    nsb_v3_store(vrand(s), p[k].al);
  }
}

static int resid(strain_case* sc, const double* u, double* f, double* K) {
  sc->in.u = u;
  return nsb_beam_strain_eval(&sc->in, sc->cur_qp, sc->cur_cp, sc->cur_end, sc->cur_res, f, K);
}

/* Strained, rotating old state: two steps with random u accepted as the old
 * state (old resultant parts included), then fresh random rates. */
static void make_old_state(strain_case* sc, double h) {
  int N = sc->g.base.N;
  double u[NMAX], f[NMAX];
  random_rates(sc->old_qp, sc->g.base.n_qp, 1.0);
  random_rates(sc->old_cp, N, 1.0);
  random_rates(sc->old_end, 2, 1.0);
  for (int it = 0; it < 2; ++it) {
    sc->in.h = h;
    random_u(sc, u, 0.05, 0.3, 0.3, 1.0);
    resid(sc, u, f, NULL);
    memcpy(sc->old_qp, sc->cur_qp, sizeof(nsb_beam_point) * (size_t)sc->g.base.n_qp);
    memcpy(sc->old_cp, sc->cur_cp, sizeof(nsb_beam_point) * (size_t)N);
    memcpy(sc->old_end, sc->cur_end, sizeof sc->old_end);
    memcpy(sc->old_res, sc->cur_res, sizeof(nsb_beam_strain_force) * (size_t)(N + 2));
    memcpy(sc->q_end, sc->cur_end[0].q, sizeof(double) * 4);
    memcpy(sc->q_end + 4, sc->cur_end[1].q, sizeof(double) * 4);
  }
  random_rates(sc->old_qp, sc->g.base.n_qp, 1.0);
  random_rates(sc->old_cp, N, 1.0);
  random_rates(sc->old_end, 2, 1.0);
}

static double max_abs(const double* f, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) m = fmax(m, fabs(f[i]));
  return m;
}

/* ---- integrator ------------------------------------------------------------ */

/* Strain fields of the convergence study: E = E0 + sum I_p gamma^p, K likewise. */
static void strain_at(const nsb_beam_strain_geom* g, const double* strains, double x, nsb_vec3* E, nsb_vec3* K) {
  double Ix[MAXP];
  nsb_beam_geom_shape(&g->base, x, Ix, NULL);
  *E = nsb_v3_load(g->base.E0);
  *K = nsb_v3_load(g->base.K0);
  for (int p = 0; p < g->base.N; ++p) {
    *E = nsb_v3_muladd(*E, Ix[p], nsb_v3_load(strains + 6 * p));
    *K = nsb_v3_muladd(*K, Ix[p], nsb_v3_load(strains + 6 * p + 3));
  }
}

/* y = (R columns 9, r 3): R' = R S(K), r' = R E */
static void ode_rhs(const nsb_beam_strain_geom* g, const double* strains, double x, const double* y, double* dy) {
  nsb_vec3 E, K;
  strain_at(g, strains, x, &E, &K);
  nsb_mat3 R;
  memcpy(R.c, y, sizeof R.c);
  nsb_mat3 dR = nsb_m3_mul(R, nsb_m3_skew(K));
  memcpy(dy, dR.c, sizeof dR.c);
  nsb_v3_store(nsb_m3_mulv(R, E), dy + 9);
}

/* Classical RK4 with m steps from (r0, R0) to x = L. */
static void rk4_reference(const nsb_beam_strain_geom* g, const double* strains, nsb_vec3 r0, nsb_mat3 R0, int m,
                          nsb_vec3* rL, nsb_mat3* RL) {
  double y[12], k1[12], k2[12], k3[12], k4[12], t[12];
  memcpy(y, R0.c, sizeof R0.c);
  nsb_v3_store(r0, y + 9);
  const double d = g->base.L / m;
  for (int s = 0; s < m; ++s) {
    double x = s * d;
    ode_rhs(g, strains, x, y, k1);
    for (int i = 0; i < 12; ++i) t[i] = y[i] + 0.5 * d * k1[i];
    ode_rhs(g, strains, x + 0.5 * d, t, k2);
    for (int i = 0; i < 12; ++i) t[i] = y[i] + 0.5 * d * k2[i];
    ode_rhs(g, strains, x + 0.5 * d, t, k3);
    for (int i = 0; i < 12; ++i) t[i] = y[i] + d * k3[i];
    ode_rhs(g, strains, x + d, t, k4);
    for (int i = 0; i < 12; ++i) y[i] += d / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  memcpy(RL->c, y, sizeof RL->c);
  *rL = nsb_v3_load(y + 9);
}

static nsb_beam_strain_geom gconv;
static double gconv_tab[NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES]; /* gconv's tables */

static void test_integrator(void) {
  nsb_vec3 XA = nsb_v3(0.2, 0.1, -0.3);
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.2, 0.7, -0.4));
  double r_st[3 * NSB_BEAM_STRAIN_MAX_ST], q_st[4 * NSB_BEAM_STRAIN_MAX_ST];
  printf("\n");
  /* (a) constant strains on a curved element: R = R^0 exp(x S(K)),
   *     r = r^0 + R^0 x T(x K) E, exact for both orders */
  for (int order = 2; order <= 4; order += 2)
    for (int N = 1; N <= 5; N += 2) {
      nsb_vec3 XB = nsb_v3_add(XA, nsb_v3(0.7, -0.5, 0.4));
      nsb_quat qB = nsb_q_mul(qA, nsb_so3_exp_q(nsb_v3(1.1, -0.8, 0.6)));
      int st = nsb_beam_strain_geom_init(&gconv, gconv_tab, N, N + 2, order, XA, qA, XB, qB, NULL, NULL);
      CU_ASSERT_EQUAL_FATAL(st, 0);
      double strains[6 * MAXP];
      nsb_vec3 ga = nsb_v3(0.05, -0.1, 0.08), ka = nsb_v3(1.5, -2.0, 0.9);
      for (int p = 0; p < N; ++p) {
        nsb_v3_store(ga, strains + 6 * p);
        nsb_v3_store(ka, strains + 6 * p + 3);
      }
      nsb_beam_strain_frames(&gconv, XA, qA, strains, r_st, q_st);
      nsb_vec3 E = nsb_v3_add(nsb_v3_load(gconv.base.E0), ga), K = nsb_v3_add(nsb_v3_load(gconv.base.K0), ka);
      double er = 0.0, eq = 0.0;
      for (int k = 0; k < gconv.n_st; ++k) {
        double x = gconv.xs[k];
        nsb_vec3 rex = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3_scale(x, nsb_m3_mulv(nsb_so3_T(nsb_v3_scale(x, K)), E))));
        nsb_quat qex = nsb_q_mul(qA, nsb_so3_exp_q(nsb_v3_scale(x, K)));
        er = fmax(er, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(r_st + 3 * k), rex)));
        eq = fmax(eq, nsb_v3_norm(nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qex), nsb_q_load(q_st + 4 * k)))));
      }
      printf("    constant strain, Magnus order %d, N=%d: max position error %.2e, rotation error %.2e\n", order, N,
             er, eq);
      CU_ASSERT(er < 1e-13);
      CU_ASSERT(eq < 1e-13);
    }
  /* (b) linear strains (N = 2) with large curvature and twist (|K| L ~ 3.5):
   *     error at L vs an RK4 reference with 20000 steps, stations refined
   *     through n_gauss; observed order from consecutive refinements. */
  {
    const int N = 2;
    nsb_vec3 XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(1.0, 0.0, 0.0)));
    double strains[12] = {0.05, -0.08, 0.1, 2.0, -1.5, 1.0, -0.1, 0.06, -0.04, -1.0, 2.5, 3.0};
    double err[2][9], dx[9];
    for (int io = 0; io < 2; ++io) {
      int order = io == 0 ? 2 : 4;
      for (int ng = 1; ng <= 8; ++ng) {
        int st = nsb_beam_strain_geom_init(&gconv, gconv_tab, N, ng, order, XA, qA, XB, qA, NULL, NULL);
        CU_ASSERT_EQUAL_FATAL(st, 0);
        nsb_beam_strain_frames(&gconv, XA, qA, strains, r_st, q_st);
        nsb_vec3 rref;
        nsb_mat3 Rref;
        if (io == 0 && ng == 1) rk4_reference(&gconv, strains, XA, nsb_q_to_m3(qA), 20000, &rref, &Rref);
        static nsb_vec3 rref_s;
        static nsb_mat3 Rref_s;
        if (io == 0 && ng == 1) {
          rref_s = rref;
          Rref_s = Rref;
        }
        int kL = gconv.n_st - 1;
        double e_r = nsb_v3_norm(nsb_v3_sub(nsb_v3_load(r_st + 3 * kL), rref_s));
        double e_R = nsb_m3_norm(nsb_m3_sub(nsb_q_to_m3(nsb_q_load(q_st + 4 * kL)), Rref_s));
        err[io][ng] = fmax(e_r, e_R);
        dx[ng] = gconv.base.L / (gconv.n_st - 1); /* mean step */
      }
    }
    printf("    linear strains (N = 2, |K| L ~ 3.5), error at x = L vs RK4 reference:\n");
    printf("      n_gauss  n_st   mean step    Magnus-2   order    Magnus-4   order\n");
    double ord2 = 0.0, ord4 = 0.0;
    for (int ng = 1; ng <= 8; ++ng) {
      double o2 = ng > 1 ? log(err[0][ng - 1] / err[0][ng]) / log(dx[ng - 1] / dx[ng]) : 0.0;
      double o4 = ng > 1 ? log(err[1][ng - 1] / err[1][ng]) / log(dx[ng - 1] / dx[ng]) : 0.0;
      printf("      %5d  %5d   %.4e   %.3e   %5.2f   %.3e   %5.2f\n", ng, 1 + 3 * (ng + 1), dx[ng], err[0][ng], o2,
             err[1][ng], o4);
      if (ng == 6) {
        ord2 = o2;
        ord4 = o4;
      }
    }
    CU_ASSERT(fabs(ord2 - 2.0) < 0.2);
    CU_ASSERT(fabs(ord4 - 4.0) < 0.3);
    /* n_gauss = N + 2 (the default): Magnus-4 is 70x more accurate than
     * Magnus-2 at the same stations on this strongly curved element */
    CU_ASSERT(err[1][4] < 1e-3);
    CU_ASSERT(err[1][4] < err[0][4] / 50.0);
  }
}

/* ---- tangent ---------------------------------------------------------------- */

static double Kan[NMAX * NMAX], Kfd[NMAX * NMAX];

/* Fourth-order central differences, e = 1e-3 max(1, |u_j|); each entry's
 * error relative to its own size with a floor of 1e-4 of its row's largest
 * entry (entries that vanish by cancellation carry round-off noise). */
static double tangent_error(strain_case* sc, double* u) {
  int N = sc->g.base.N, n = nsb_beam_strain_nlocal(N);
  double f[NMAX], fp[NMAX], fm[NMAX], fp2[NMAX], fm2[NMAX];
  resid(sc, u, f, Kan);
  for (int j = 0; j < n; ++j) {
    double uj = u[j], e = 1e-3 * (fabs(uj) > 1.0 ? fabs(uj) : 1.0);
    u[j] = uj + e;
    resid(sc, u, fp, NULL);
    u[j] = uj - e;
    resid(sc, u, fm, NULL);
    u[j] = uj + 2 * e;
    resid(sc, u, fp2, NULL);
    u[j] = uj - 2 * e;
    resid(sc, u, fm2, NULL);
    u[j] = uj;
    for (int i = 0; i < n; ++i) Kfd[i + n * j] = (8.0 * (fp[i] - fm[i]) - (fp2[i] - fm2[i])) / (12.0 * e);
  }
  resid(sc, u, f, NULL);
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

/* Chung-Hulbert parameters from rho_inf (Češarek 2013, eq. 6.101).  mode 0: Newmark;
 * mode 1: generalized-alpha as the program runs it (elements/beam.c: the
 * Arnold-Bruls map of the points, kin_alpha, equations at t_{n+1}); mode 2:
 * the kernel's resultant averaging (alpha_m, alpha_f with old_res), kept as a
 * kernel option and not used by the program (collocation only: Galerkin has
 * no averaging). */
static void set_scheme(nsb_beam_strain_in* in, int mode) {
  in->kin_alpha_m = in->kin_alpha_f = 0.0;
  if (mode) {
    const double ri = 0.6;
    in->alpha_m = (2.0 * ri - 1.0) / (ri + 1.0);
    in->alpha_f = ri / (ri + 1.0);
    in->beta = 0.25 * (1.0 - in->alpha_m + in->alpha_f) * (1.0 - in->alpha_m + in->alpha_f);
    in->gamma_n = 0.5 - in->alpha_m + in->alpha_f;
    if (mode == 1 || in->galerkin) {
      in->kin_alpha_m = in->alpha_m;
      in->kin_alpha_f = in->alpha_f;
      in->alpha_m = in->alpha_f = 0.0;
    }
  } else {
    in->alpha_m = in->alpha_f = 0.0;
    in->beta = 0.3; /* not 1/4, 1/2, so every Newmark coefficient is exercised */
    in->gamma_n = 0.55;
  }
}

static void test_tangent(void) {
  const int Ns[] = {1, 2, 3, 5};
  const double hs[] = {0.01, 0.5};
  double worst = 0.0;
  printf("\n");
  for (int iN = 0; iN < 4; ++iN)
    for (int ih = 0; ih < 2; ++ih)
      for (int ga = 0; ga < 3; ++ga)
        for (int inert = 1; inert >= 0; --inert) {
          int N = Ns[iN];
          double h = hs[ih];
          strain_case* sc = setup_curved(N);
          set_scheme(&sc->in, 0);
          make_old_state(sc, h);
          set_scheme(&sc->in, ga);
          sc->in.h = h;
          sc->in.inertia = inert;
          nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), sc->in.n_load);
          nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), sc->in.m_load);
          double u[NMAX];
          random_u(sc, u, h * 0.5, 0.5, 0.5, 3.0);
          double err = tangent_error(sc, u);
          double th = 0.0;
          for (int q = 0; q < sc->g.base.n_qp; ++q) {
            nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_q_load(sc->old_qp[q].q)), nsb_q_load(sc->cur_qp[q].q));
            th = fmax(th, nsb_v3_norm(nsb_so3_log_q(dq)));
          }
          printf("    %sN=%d h=%.2f %-7s %-8s max |theta| = %.2f rad: rel. error %.2e\n", wname(), N, h,
                 ga == 2 ? "avg-res" : ga ? "gen-a" : "Newmark", inert ? "inertia" : "static", th, err);
          if (err > worst) worst = err;
          CU_ASSERT(err < 1e-6);
        }
  printf("    worst %.2e\n", worst);
}

/* ---- rigid placement -------------------------------------------------------- */

static void test_rigid(void) {
  printf("\n");
  for (int N = 1; N <= 5; ++N) {
    strain_case* sc = setup_curved(N);
    int n = nsb_beam_strain_nlocal(N);
    nsb_beam_point init_qp[NSB_BEAM_MAX_QP];
    memcpy(init_qp, sc->old_qp, sizeof init_qp);
    double worst = 0.0, worst_pos = 0.0;
    for (int trial = 0; trial < 5; ++trial) {
      nsb_quat Q = nsb_so3_exp_q(vrand(3.0));
      nsb_vec3 d = vrand(5.0);
      double u[NMAX], f[NMAX];
      memset(u, 0, sizeof u);
      nsb_v3_store(nsb_v3_add(nsb_q_rotate(Q, nsb_v3(0.1, -0.2, 0.3)), d), u);
      nsb_v3_store(nsb_v3_add(nsb_q_rotate(Q, nsb_v3(1.0, 0.2, 0.0)), d), u + 6);
      /* node frames rigidly moved; the slots carry part of the rotation */
      nsb_vec3 sl0 = vrand(0.5), slL = vrand(0.5);
      nsb_v3_store(sl0, u + 3);
      nsb_v3_store(slL, u + 9);
      nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.5, 0.8));
      nsb_quat qB = nsb_q_mul(qA, nsb_so3_exp_q(nsb_v3(0.4, 0.6, -0.5)));
      nsb_q_store(nsb_q_mul(nsb_q_mul(Q, qA), nsb_so3_exp_q(nsb_v3_neg(sl0))), sc->q_end);
      nsb_q_store(nsb_q_mul(nsb_q_mul(Q, qB), nsb_so3_exp_q(nsb_v3_neg(slL))), sc->q_end + 4);
      sc->in.inertia = 0;
      resid(sc, u, f, NULL);
      worst = fmax(worst, max_abs(f, n));
      for (int q = 0; q < sc->g.base.n_qp; ++q) {
        nsb_vec3 rex = nsb_v3_add(nsb_q_rotate(Q, nsb_v3_load(init_qp[q].r)), d);
        worst_pos = fmax(worst_pos, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(sc->cur_qp[q].r), rex)));
      }
    }
    printf("    %srigid placement N=%d: max |residual| %.2e, max |r - rigid r| %.2e\n", wname(), N, worst,
           worst_pos);
    CU_ASSERT(worst < 1e-12);
    CU_ASSERT(worst_pos < 1e-12);
  }
}

/* ---- objectivity ---------------------------------------------------------- */

static nsb_beam_point rotate_point(nsb_beam_point p, nsb_quat Q) {
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.r)), p.r);
  nsb_q_store(nsb_q_mul(Q, nsb_q_load(p.q)), p.q);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.v)), p.v);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.a)), p.a);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p.p)), p.p); /* pseudo-acceleration (kinematic generalized-alpha) */
  return p;
}
static void rot3(nsb_quat Q, double* p) { nsb_v3_store(nsb_q_rotate(Q, nsb_v3_load(p)), p); }

static double Kq[NMAX * NMAX];

/* 1 when the 3-block b of the local vector has global components. */
static int col_global(int b, int N) { return b == 0 || b == 2 || b >= 4 + 2 * N; }
/* Interior rows: global under collocation, material under Galerkin. */
static int row_global(int b, int N) {
  return b == 0 || b == 2 || (!galerkin_weighting && b >= 4 && b < 4 + 2 * N) || b == 4 + 2 * N;
}

static void test_objectivity(void) {
  printf("\n");
  for (int N = 1; N <= 3; ++N)
    for (int inert = 0; inert <= 1; ++inert) {
      strain_case* sc = setup_curved(N);
      set_scheme(&sc->in, 0);
      make_old_state(sc, 0.1);
      set_scheme(&sc->in, 1);
      sc->in.h = 0.1;
      sc->in.inertia = inert;
      nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), sc->in.n_load);
      nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), sc->in.m_load);
      int n = nsb_beam_strain_nlocal(N), nb = n / 3;
      double u[NMAX], f[NMAX], uq[NMAX], fq[NMAX];
      random_u(sc, u, 0.05, 0.3, 0.4, 2.0);
      resid(sc, u, f, Kan);
      /* rotated copy */
      nsb_quat Q = nsb_so3_exp_q(nsb_v3(1.3, -2.1, 0.7));
      strain_case* sr = &sc_rot;
      *sr = *sc;
      wire(sr);
      for (int q = 0; q < sr->g.base.n_qp; ++q) sr->old_qp[q] = rotate_point(sr->old_qp[q], Q);
      for (int k = 0; k < N; ++k) sr->old_cp[k] = rotate_point(sr->old_cp[k], Q);
      for (int e = 0; e < 2; ++e) sr->old_end[e] = rotate_point(sr->old_end[e], Q);
      for (int k = 0; k < N + 2; ++k) {
        rot3(Q, sr->old_res[k].Nf);
        rot3(Q, sr->old_res[k].Nm);
        rot3(Q, sr->old_res[k].Mf);
        rot3(Q, sr->old_res[k].Mm);
      }
      for (int e = 0; e < 2; ++e) nsb_q_store(nsb_q_mul(Q, nsb_q_load(sr->q_end + 4 * e)), sr->q_end + 4 * e);
      rot3(Q, sr->in.n_load);
      rot3(Q, sr->in.m_load);
      memcpy(uq, u, sizeof(double) * (size_t)n);
      for (int b = 0; b < nb; ++b)
        if (col_global(b, N)) rot3(Q, uq + 3 * b);
      resid(sr, uq, fq, Kq);
      /* f' = P_row f,  K' = P_row K P_col^T */
      nsb_mat3 Qm = nsb_q_to_m3(Q), Id = nsb_m3_identity();
      double ef = 0.0, eK = 0.0, sf = max_abs(f, n), sK = max_abs(Kan, n * n);
      for (int bi = 0; bi < nb; ++bi) {
        nsb_mat3 Pi = row_global(bi, N) ? Qm : Id;
        nsb_vec3 fr = nsb_m3_mulv(Pi, nsb_v3_load(f + 3 * bi));
        ef = fmax(ef, nsb_v3_norm(nsb_v3_sub(fr, nsb_v3_load(fq + 3 * bi))));
        for (int bj = 0; bj < nb; ++bj) {
          nsb_mat3 Pj = col_global(bj, N) ? Qm : Id, B, Bq;
          for (int j = 0; j < 3; ++j)
            for (int i = 0; i < 3; ++i) {
              B.c[i + 3 * j] = Kan[(3 * bi + i) + n * (3 * bj + j)];
              Bq.c[i + 3 * j] = Kq[(3 * bi + i) + n * (3 * bj + j)];
            }
          eK = fmax(eK, nsb_m3_norm(nsb_m3_sub(nsb_m3_mult(nsb_m3_mul(Pi, B), Pj), Bq)));
        }
      }
      printf("    %sobjectivity N=%d %-7s: residual %.2e (of %.2e), tangent %.2e (of %.2e)\n", wname(), N,
             inert ? "inertia" : "static", ef, sf, eK, sK);
      CU_ASSERT(ef < 1e-11 * sf);
      CU_ASSERT(eK < 1e-11 * sK);
    }
}

/* ---- local Newton driver ------------------------------------------------------ */

static double Kred[NMAX * NMAX];

/* Solve for u[6..n-1] with node 0 held, dead end force F and dead end moment
 * M at node 1 (rows N_g(L) - F, R^L^T (M_g(L) - M)); the node-1 rotation
 * increment is a material spin folded into q^L after every iteration.
 * Returns iterations or -1. */
static int newton(strain_case* sc, double* u, nsb_vec3 F, nsb_vec3 M, double tol) {
  const int first = 6;
  int N = sc->g.base.N, n = nsb_beam_strain_nlocal(N), m = n - first;
  double f[NMAX], du[NMAX];
  int ipiv[NMAX];
  for (int it = 0; it < 40; ++it) {
    resid(sc, u, f, Kan);
    nsb_mat3 RL = nsb_q_to_m3(nsb_q_load(sc->cur_end[1].q));
    nsb_vec3 RtM = nsb_m3_tmulv(RL, M);
    for (int i = 0; i < 3; ++i) {
      f[6 + i] -= nsb_v3_get(F, i);
      f[9 + i] -= nsb_v3_get(RtM, i);
    }
    nsb_mat3 D = nsb_m3_scale(-1.0, nsb_m3_skew(RtM)); /* d(-R^T M)/dTheta, slot = 0 */
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
    nsb_quat qL = nsb_q_normalize(nsb_q_mul(nsb_q_load(sc->q_end + 4), nsb_so3_exp_q(nsb_v3_load(u + 9))));
    nsb_q_store(qL, sc->q_end + 4);
    memset(u + 9, 0, 3 * sizeof(double));
    if (fn < tol && dn < 1e-12) {
      resid(sc, u, f, NULL);
      return it + 1;
    }
  }
  return -1;
}

/* ---- static patch tests -------------------------------------------------------- */

static void test_patch_end_moment(void) {
  /* End moment M G3 on a straight cantilever: circular arc of curvature
   * M/EI3, in the strain space for every N; with the SE(3) Magnus integrator
   * positions and rotations are exact to round-off. */
  const double L = 1.0;
  nsb_beam_section sec = {1000.0, 400.0, 300.0, 2.0, 1.5, 1.0, 1.0, {0.1, 0.05, 0.05}, 0.0, 0.0};
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.2, 0.5));
  nsb_vec3 XA = nsb_v3(0.5, 0.2, -0.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(L, 0, 0)));
  const double kLs[] = {1.0, 3.0};
  printf("\n");
  for (int ik = 0; ik < 2; ++ik)
    for (int N = 1; N <= 5; ++N) {
      double kap = kLs[ik] / L, M = sec.EI3 * kap;
      strain_case* sc = setup(N, N + 2, XA, qA, XB, qA, sec);
      sc->in.inertia = 0;
      double u[NMAX];
      memset(u, 0, sizeof u);
      nsb_v3_store(XA, u);
      nsb_v3_store(XB, u + 6);
      int it = newton(sc, u, nsb_v3_zero(), nsb_q_rotate(qA, nsb_v3(0, 0, M)), 1e-12);
      CU_ASSERT(it > 0);
      nsb_vec3 tip = nsb_q_rotate_inv(qA, nsb_v3_sub(nsb_v3_load(sc->cur_end[1].r), XA));
      nsb_vec3 rot = nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qA), nsb_q_load(sc->cur_end[1].q)));
      nsb_vec3 arc = nsb_v3(sin(kap * L) / kap, (1.0 - cos(kap * L)) / kap, 0.0);
      double e_arc = nsb_v3_norm(nsb_v3_sub(tip, arc)), e_rot = nsb_v3_norm(nsb_v3_sub(rot, nsb_v3(0, 0, kap * L)));
      double e_pts = 0.0, e_K = 0.0;
      for (int q = 0; q < sc->g.base.n_qp; ++q) {
        double x = sc->g.base.xq[q];
        nsb_vec3 rx = nsb_q_rotate_inv(qA, nsb_v3_sub(nsb_v3_load(sc->cur_qp[q].r), XA));
        e_pts = fmax(e_pts, nsb_v3_norm(nsb_v3_sub(rx, nsb_v3(sin(kap * x) / kap, (1.0 - cos(kap * x)) / kap, 0.0))));
        e_K = fmax(e_K, nsb_v3_norm(nsb_v3_sub(nsb_v3_load(sc->cur_qp[q].K), nsb_v3(0, 0, kap))));
      }
      double e_M = 0.0;
      for (int k = 0; k < N + 2; ++k) {
        nsb_vec3 Mk = nsb_q_rotate_inv(qA, nsb_v3_load(sc->cur_res[k].Mf));
        e_M = fmax(e_M, nsb_v3_norm(nsb_v3_sub(Mk, nsb_v3(0, 0, M))) + nsb_v3_norm(nsb_v3_load(sc->cur_res[k].Nf)));
      }
      printf("    %send moment kL=%.0f N=%d: |tip - arc| %.2e, |rotation error| %.2e, points %.2e, |K - M/EI| %.2e, "
             "resultants %.2e (%d it)\n",
             wname(), kLs[ik], N, e_arc, e_rot, e_pts, e_K, e_M, it);
      CU_ASSERT(e_arc < 1e-12);
      CU_ASSERT(e_rot < 1e-12);
      CU_ASSERT(e_pts < 1e-12);
      CU_ASSERT(e_K < 1e-12);
      CU_ASSERT(e_M < 1e-9);
    }
}

static void test_patch_cantilever_force(void) {
  const double L = 1.0;
  nsb_beam_section sec = {1000.0, 400.0, 300.0, 2.0, 1.5, 1.0, 1.0, {0.1, 0.05, 0.05}, 0.0, 0.0};
  nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.3, -0.2, 0.5));
  nsb_vec3 XA = nsb_v3(0.5, 0.2, -0.1), XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(L, 0, 0)));
  double P = 1e-5;
  printf("\n");
  for (int N = 1; N <= 5; ++N) {
    strain_case* sc = setup(N, N + 2, XA, qA, XB, qA, sec);
    sc->in.inertia = 0;
    double u[NMAX];
    memset(u, 0, sizeof u);
    nsb_v3_store(XA, u);
    nsb_v3_store(XB, u + 6);
    nsb_vec3 F = nsb_q_rotate(qA, nsb_v3(0, P, 0));
    int it = newton(sc, u, F, nsb_v3_zero(), 1e-14);
    CU_ASSERT(it > 0);
    nsb_vec3 d = nsb_q_rotate_inv(qA, nsb_v3_sub(nsb_v3_load(u + 6), XB));
    double exact = P * L * L * L / (3.0 * sec.EI3) + P * L / sec.GA2;
    double n1 = P * L * L * L / (4.0 * sec.EI3) + P * L / sec.GA2; /* N = 1: constant curvature P L/(2 EI) */
    double ref = N == 1 ? n1 : exact;
    printf("    %scantilever N=%d: tip %.10e, %s %.10e, rel. error %+.2e (%d iterations)\n", wname(), N, d.y,
           N == 1 ? "N=1 prediction" : "Timoshenko", ref, (d.y - ref) / ref, it);
    NSB_ASSERT_CLOSE(d.y, ref, 1e-6 * ref);
  }
}

/* ---- Galerkin weighting: the same cases, criteria unchanged ------------------ */

static void with_galerkin(void (*fn)(void)) {
  galerkin_weighting = 1;
  fn();
  galerkin_weighting = 0;
}
static void test_tangent_galerkin(void) { with_galerkin(test_tangent); }

/* ---- Rayleigh damping (docs/theory_beam_strain.md §9) ------------------------ */

static void with_damping(void (*fn)(void)) {
  damping_ab[0] = 0.7;
  damping_ab[1] = 0.04; /* beta/h = 4 at h = 0.01 */
  fn();
  damping_ab[0] = damping_ab[1] = 0.0;
}
static void test_damping_tangent(void) { with_damping(test_tangent); }
static void test_damping_objectivity(void) { with_damping(test_objectivity); }
static void test_damping_tangent_galerkin(void) { with_galerkin(test_damping_tangent); }
static void test_damping_objectivity_galerkin(void) { with_galerkin(test_damping_objectivity); }

/* The damping changes the residual of a moving, strained element (so that
   the damped tangent cases are not the undamped ones), and beta changes
   nothing when the strain unknowns keep their old values under any rigid
   placement of the element (the strain rate is (gamma - gamma_n)/h): both
   weightings, N = 1..5, plain and generalized-alpha Newmark. */
static void test_damping_rigid(void) {
  double worst = 0.0, least_change = 1e300;
  for (int gal = 0; gal < 2; ++gal)
    for (int N = 1; N <= 5; ++N)
      for (int ga = 0; ga < 2; ++ga) {
        galerkin_weighting = gal;
        strain_case* sc = setup_curved(N);
        set_scheme(&sc->in, 0);
        make_old_state(sc, 0.1);
        set_scheme(&sc->in, ga);
        sc->in.h = 0.1;
        int n = nsb_beam_strain_nlocal(N);
        double u[NMAX], f0[NMAX], f1[NMAX];
        random_u(sc, u, 0.05, 0.3, 0.4, 2.0);
        resid(sc, u, f0, NULL);
        sc->sec.alpha = 0.7;
        sc->sec.beta = 0.04;
        resid(sc, u, f1, NULL);
        double d = 0.0;
        for (int i = 0; i < n; ++i) d = fmax(d, fabs(f1[i] - f0[i]));
        least_change = fmin(least_change, d / max_abs(f0, n));
        CU_ASSERT(d > 1e-3 * max_abs(f0, n));
        /* strains kept: gamma^p = E_n - E0, kappa^p = K_n - K0 */
        for (int p = 0; p < N; ++p)
          for (int i = 0; i < 3; ++i) {
            u[12 + 6 * p + i] = sc->old_cp[p].E[i] - sc->g.base.E0[i];
            u[15 + 6 * p + i] = sc->old_cp[p].K[i] - sc->g.base.K0[i];
          }
        sc->sec.alpha = sc->sec.beta = 0.0;
        resid(sc, u, f0, NULL);
        sc->sec.beta = 0.04;
        resid(sc, u, f1, NULL);
        d = 0.0;
        for (int i = 0; i < n; ++i) d = fmax(d, fabs(f1[i] - f0[i]));
        worst = fmax(worst, d / max_abs(f0, n));
        CU_ASSERT(d <= 1e-13 * max_abs(f0, n));
      }
  galerkin_weighting = 0;
  printf("\n    damping changes f by >= %.1e of |f|; beta with the strains kept: %.1e of |f|\n", least_change, worst);
}
static void test_rigid_galerkin(void) { with_galerkin(test_rigid); }
static void test_objectivity_galerkin(void) { with_galerkin(test_objectivity); }
static void test_patch_end_moment_galerkin(void) { with_galerkin(test_patch_end_moment); }
static void test_patch_cantilever_force_galerkin(void) { with_galerkin(test_patch_cantilever_force); }

/* ---- translational mass rule (docs/theory_beam_strain.md §10) ------------------ */

static nsb_beam_mass_rule mrule; /* the rule of the element under test */

/* The tangent with a rule against central differences: either massless end,
 * both weightings, N = 2, 3, 5, h = 0.01 and 0.5, Newmark and generalized-
 * alpha, inertia on and static, gravity on the point masses, damping. */
static void test_mass_rule_tangent(void) {
  const int Ns[] = {2, 3, 5};
  double worst = 0.0;
  for (int gal = 0; gal < 2; ++gal)
    for (int end = 0; end < 2; ++end)
      for (int iN = 0; iN < 3; ++iN)
        for (int ih = 0; ih < 2; ++ih)
          for (int ga = 0; ga < 2; ++ga)
            for (int inert = 1; inert >= 0; --inert) {
              galerkin_weighting = gal;
              damping_ab[0] = ih ? 0.7 : 0.0;
              damping_ab[1] = ih ? 0.04 : 0.0;
              const double h = ih ? 0.5 : 0.01;
              strain_case* sc = setup_curved(Ns[iN]);
              CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&sc->g.base, &mrule, end), 0);
              set_scheme(&sc->in, 0);
              make_old_state(sc, h);
              set_scheme(&sc->in, ga);
              sc->in.h = h;
              sc->in.inertia = inert;
              nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), sc->in.n_load);
              nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), sc->in.m_load);
              nsb_v3_store(nsb_v3(1.5, -9.0, 2.5), sc->in.grav);
              double u[NMAX];
              random_u(sc, u, h * 0.5, 0.5, 0.5, 3.0);
              double err = tangent_error(sc, u);
              worst = fmax(worst, err);
              CU_ASSERT(err < 1e-6);
            }
  galerkin_weighting = 0;
  damping_ab[0] = damping_ab[1] = 0.0;
  printf("\n    worst relative error %.2e (either massless end, both weightings, N = 2, 3, 5)\n", worst);
}

/* The inertia rows of an element at rest, K_m = dK/dc_a: with Newmark
 * (beta = 1/4, gamma = 1/2), zero rates and u at the old positions the
 * tangent is K_s + c_a K_m exactly (no velocity, no inertial force), so two
 * steps give K_m. */
static double Km[NMAX * NMAX], Kh2[NMAX * NMAX];
static void inertia_rows(strain_case* sc, double* u) {
  const int n = nsb_beam_strain_nlocal(sc->g.base.N);
  double f[NMAX];
  sc->in.beta = 0.25;
  sc->in.gamma_n = 0.5;
  sc->in.h = 1.0;
  resid(sc, u, f, Km);
  sc->in.h = 0.5;
  resid(sc, u, f, Kh2);
  for (int i = 0; i < n * n; ++i) Km[i] = (Kh2[i] - Km[i]) / 12.0; /* c_a = 4/h^2: 16 - 4 */
}

/* The unknowns at rest of the element of setup(): node positions and
 * frames of the initial geometry, zero strains and resultants. */
static void rest_u(strain_case* sc, double* u) {
  memset(u, 0, sizeof(double) * NMAX);
  memcpy(u, sc->old_end[0].r, 3 * sizeof(double));
  memcpy(u + 6, sc->old_end[1].r, 3 * sizeof(double));
}

/* The velocity mode of a massless end: the node at `end` moves by e, node
 * 0's frame and every curvature are held (so no frame along the element
 * turns and the rotary inertia sees nothing), the shear/stretch unknowns
 * delta gamma^p hold the stations of the point masses (the rule's points
 * away from `end`):  G dgamma = target, G = d r(station)/d gamma by
 * central differences of the element's configuration map
 * (nsb_beam_strain_frames), 3N equations in 3N unknowns. */
static void end_mode(strain_case* sc, int end, nsb_vec3 e, double* mode) {
  const nsb_beam_strain_geom* g = &sc->g;
  const int N = g->base.N, ng = g->base.n_gauss, n3 = 3 * N;
  int st[MAXP]; /* stations of the constraints: the rule's points that are not node 0, then L if end = 1 */
  int m = 0;
  for (int k = 0; k < N; ++k) {
    const int src = mrule.src[k];
    if (src == -1) continue;
    st[m++] = src == -2 ? g->n_st - 1 : (src + 1) * (ng + 1);
  }
  if (end == 1) st[m++] = g->n_st - 1;
  CU_ASSERT_EQUAL_FATAL(m, N);
  static double G[3 * MAXP * 3 * MAXP];
  double strains[6 * MAXP] = {0}, rp[3 * NSB_BEAM_STRAIN_MAX_ST], rm[3 * NSB_BEAM_STRAIN_MAX_ST];
  double qs[4 * NSB_BEAM_STRAIN_MAX_ST];
  const nsb_vec3 r0 = nsb_v3_load(sc->old_end[0].r);
  const nsb_quat q0 = nsb_q_load(sc->old_end[0].q);
  const double d = 1e-6;
  for (int p = 0; p < N; ++p)
    for (int c = 0; c < 3; ++c) {
      strains[6 * p + c] = d;
      nsb_beam_strain_frames(g, r0, q0, strains, rp, qs);
      strains[6 * p + c] = -d;
      nsb_beam_strain_frames(g, r0, q0, strains, rm, qs);
      strains[6 * p + c] = 0.0;
      for (int i = 0; i < N; ++i)
        for (int r = 0; r < 3; ++r)
          G[(3 * i + r) + n3 * (3 * p + c)] = (rp[3 * st[i] + r] - rm[3 * st[i] + r]) / (2.0 * d);
    }
  /* node 0 moves by e when it is the massless end: every station follows */
  const nsb_vec3 d0 = end == 0 ? e : nsb_v3_zero();
  double rhs[3 * MAXP];
  for (int i = 0; i < N; ++i) {
    nsb_vec3 t = nsb_v3_sub(end == 1 && i == N - 1 ? e : nsb_v3_zero(), d0);
    nsb_v3_store(t, rhs + 3 * i);
  }
  lapack_int ipiv[3 * MAXP];
  CU_ASSERT_EQUAL_FATAL(LAPACKE_dgesv(LAPACK_COL_MAJOR, n3, 1, G, n3, ipiv, rhs, n3), 0);
  memset(mode, 0, sizeof(double) * NMAX);
  nsb_v3_store(d0, mode);
  if (end == 1) nsb_v3_store(e, mode + 6);
  for (int p = 0; p < N; ++p) memcpy(mode + 12 + 6 * p, rhs + 3 * p, 3 * sizeof(double));
}

/* |K_m x| / (max |K_m| |x|) */
static double km_residual(int n, const double* x) {
  double kmax = max_abs(Km, n * n), xmax = max_abs(x, n), r = 0.0;
  for (int i = 0; i < n; ++i) {
    double s = 0.0;
    for (int j = 0; j < n; ++j) s += Km[i + n * j] * x[j];
    r = fmax(r, fabs(s));
  }
  return r / (kmax * xmax);
}

/* The straight element of length L at rest accelerated rigidly along e (x,
   of n local unknowns, set here): the relative error of its node-1 inertia
   rows K_m x against N_m(L) = sum m_k a = rhoA L e and R^L^T M_m(L) =
   sum m_k (r_k - r(L)) x e = -rhoA L^2/2 e_1 x e (inertia_rows before). */
static double rigid_rows_error(const strain_case* sc, int n, double L, double* x) {
  const nsb_vec3 e = nsb_v3(0.3, -0.8, 0.5);
  memset(x, 0, sizeof(double) * (size_t)n);
  nsb_v3_store(e, x);
  nsb_v3_store(e, x + 6);
  double rows[6];
  for (int i = 0; i < 6; ++i) {
    rows[i] = 0.0;
    for (int j = 0; j < n; ++j) rows[i] += Km[(6 + i) + n * j] * x[j];
  }
  const double rhoA = sc->sec.rhoA;
  const nsb_vec3 Fx = nsb_v3_scale(rhoA * L, e);
  const nsb_vec3 Mx = nsb_v3_scale(-0.5 * rhoA * L * L, nsb_v3_cross(nsb_v3(1.0, 0.0, 0.0), e));
  double dm = 0.0;
  for (int i = 0; i < 3; ++i) {
    dm = fmax(dm, fabs(rows[i] - ((double*)&Fx)[i]) / (rhoA * L));
    dm = fmax(dm, fabs(rows[3 + i] - ((double*)&Mx)[i]) / (rhoA * L * L));
  }
  return dm;
}

/* The rule keeps the mass and its first moment, and the end is massless:
 * (i) a straight element at rest accelerated rigidly along e: the node-1
 * rows carry rhoA L e (mass) and the moment about r(L) of rhoA L^2/2 at the
 * centre (first moment), as without the rule; (ii) curved and twisted
 * element: K_m times the massless end's mode (end_mode) vanishes to the
 * difference quotients' error, and without the rule it does not. */
static void test_mass_rule_massless_end(void) {
  double worst_mode = 0.0, least_plain = 1e300, worst_mass = 0.0;
  for (int gal = 0; gal < 2; ++gal)
    for (int N = 2; N <= 5; ++N)
      for (int end = 0; end < 2; ++end) {
        galerkin_weighting = gal;
        const int n = nsb_beam_strain_nlocal(N);
        double u[NMAX], x[NMAX];
        /* (i) straight element along x, L = 1.3 */
        const double L = 1.3;
        strain_case* sc = setup(N, N + 2, nsb_v3_zero(), nsb_q_identity(), nsb_v3(L, 0.0, 0.0), nsb_q_identity(),
                                section_generic());
        CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&sc->g.base, &mrule, end), 0);
        rest_u(sc, u);
        inertia_rows(sc, u);
        const double dm = rigid_rows_error(sc, n, L, x);
        worst_mass = fmax(worst_mass, dm);
        CU_ASSERT(dm < 1e-12);
        /* (ii) curved, twisted element */
        sc = setup_curved(N);
        CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&sc->g.base, &mrule, end), 0);
        rest_u(sc, u);
        inertia_rows(sc, u);
        end_mode(sc, end, nsb_v3(0.6, 0.3, -0.7), x);
        const double rm = km_residual(n, x);
        worst_mode = fmax(worst_mode, rm);
        CU_ASSERT(rm < 1e-8);
        /* the same mode in the element without the rule meets inertia */
        sc->g.base.massless_end = -1;
        sc->g.base.n_mp = 0;
        sc->g.base.mp = NULL;
        inertia_rows(sc, u);
        const double rp = km_residual(n, x);
        least_plain = fmin(least_plain, rp);
        CU_ASSERT(rp > 1e-3);
        printf("%s    %sN=%d massless end %d: |mass, first moment - rhoA L, rhoA L^2/2| %.1e; |K_m mode| %.1e "
               "(without the rule %.1e)",
               N == 2 && end == 0 && gal == 0 ? "\n" : "", wname(), N, end, dm, rm, rp);
        printf("\n");
      }
  galerkin_weighting = 0;
  printf("    worst: mass and first moment %.1e, |K_m mode| %.1e; without the rule >= %.1e\n", worst_mass,
         worst_mode, least_plain);
}


/* MASS=LUMPED's rule on this element (nsb_beam_geom_mass_rule_ends; docs/theory_beam_strain.md
 * §12), N = 1 ... 5, both weightings: (i) a straight element at rest accelerated rigidly along e:
 * the node-1 rows carry rhoA L e and the moment about r(L) of rhoA L^2/2 at the centre, as without
 * the rule; (ii) a shear/stretch mode that holds both ends (gamma^1 = J_2(L) d, gamma^2 = -J_1(L) d,
 * N >= 2; the stations between move) carries no inertia (K_m times it 0 to the difference
 * quotients' error), and without the rule it does. */
static void test_mass_rule_ends_lumped(void) {
  double worst_mass = 0.0, worst_mode = 0.0, least_plain = 1e300;
  for (int gal = 0; gal < 2; ++gal)
    for (int N = 1; N <= 5; ++N) {
      galerkin_weighting = gal;
      const int n = nsb_beam_strain_nlocal(N);
      double u[NMAX], x[NMAX];
      const double L = 1.3;
      strain_case* sc = setup(N, N + 2, nsb_v3_zero(), nsb_q_identity(), nsb_v3(L, 0.0, 0.0), nsb_q_identity(),
                              section_generic());
      CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule_ends(&sc->g.base, &mrule), 0);
      CU_ASSERT_EQUAL(sc->g.base.massless_end, NSB_BEAM_MASS_ENDS);
      rest_u(sc, u);
      inertia_rows(sc, u);
      const double dm = rigid_rows_error(sc, n, L, x);
      worst_mass = fmax(worst_mass, dm);
      CU_ASSERT(dm < 1e-12);
      if (N < 2) continue;
      const nsb_vec3 d = nsb_v3(0.6, 0.3, -0.7);
      memset(x, 0, sizeof x);
      nsb_v3_store(nsb_v3_scale(sc->g.base.JL[1], d), x + 12);
      nsb_v3_store(nsb_v3_scale(-sc->g.base.JL[0], d), x + 18);
      const double rm = km_residual(n, x);
      worst_mode = fmax(worst_mode, rm);
      CU_ASSERT(rm < 1e-8);
      sc->g.base.massless_end = -1;
      sc->g.base.n_mp = 0;
      sc->g.base.mp = NULL;
      inertia_rows(sc, u);
      const double rp = km_residual(n, x);
      least_plain = fmin(least_plain, rp);
      CU_ASSERT(rp > 1e-3);
    }
  galerkin_weighting = 0;
  printf("\n    worst: mass and first moment %.1e, |K_m mode| %.1e; without the rule >= %.1e\n", worst_mass,
         worst_mode, least_plain);
}

/* ---- acceleration restart (nsb_beam_strain_in.acc; docs/theory_beam_strain.md §11) ---- */

/* A consistent configuration u of the curved element (random strains, node 1
 * at the integrated r(L), R(L)) and station states there: the old states'
 * positions and frames those of the sweep, random rates. */
static double st_r[3 * NSB_BEAM_STRAIN_MAX_ST], st_q[4 * NSB_BEAM_STRAIN_MAX_ST];
static void restart_state(strain_case* sc, double* u) {
  const nsb_beam_strain_geom* g = &sc->g;
  const int N = g->base.N, ng = g->base.n_gauss;
  random_u(sc, u, 0.0, 0.0, 0.3, 2.0);
  memset(u + 3, 0, 3 * sizeof(double));
  memset(u + 9, 0, 3 * sizeof(double));
  nsb_beam_strain_frames(g, nsb_v3_load(u), nsb_q_load(sc->q_end), u + 12, st_r, st_q);
  memcpy(u + 6, st_r + 3 * (g->n_st - 1), 3 * sizeof(double));
  memcpy(sc->q_end + 4, st_q + 4 * (g->n_st - 1), 4 * sizeof(double));
  random_rates(sc->old_qp, g->base.n_qp, 1.0);
  random_rates(sc->old_cp, N, 1.0);
  random_rates(sc->old_end, 2, 1.0);
  for (int k = 0; k < g->n_st; ++k) {
    nsb_beam_point* p = NULL;
    if (k == 0) p = &sc->old_end[0];
    else if (k == g->n_st - 1) p = &sc->old_end[1];
    else if ((k - 1) % (ng + 1) < ng) p = &sc->old_qp[(k - 1) / (ng + 1) * ng + (k - 1) % (ng + 1)];
    else p = &sc->old_cp[(k - 1) / (ng + 1)];
    memcpy(p->r, st_r + 3 * k, 3 * sizeof(double));
    memcpy(p->q, st_q + 4 * k, 4 * sizeof(double));
  }
}

/* The restart's station accelerations are the compatible change J dq'' of
 * the old ones: against central differences of the configuration map
 * (nsb_beam_strain_frames) along dq'' (node 0 position, node 0 material
 * spin, strains), translations and material spins of every station; and
 * the closure rows vanish when the node-1 change is that of r(L), R(L).
 * Both weightings, N = 1, 2, 3, 5, either mass rule and none. */
static void test_restart_compatible(void) {
  const int Ns[] = {1, 2, 3, 5};
  double worst = 0.0, worst_cl = 0.0;
  for (int gal = 0; gal < 2; ++gal)
    for (int iN = 0; iN < 4; ++iN)
      for (int end = -1; end < 2; ++end) {
        if (end >= 0 && Ns[iN] < 2) continue;
        galerkin_weighting = gal;
        strain_case* sc = setup_curved(Ns[iN]);
        if (end >= 0) CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&sc->g.base, &mrule, end), 0);
        const nsb_beam_strain_geom* g = &sc->g;
        const int N = g->base.N, ng = g->base.n_gauss, n = nsb_beam_strain_nlocal(N), iN0 = 12 + 6 * N;
        double u[NMAX], acc[NMAX], f[NMAX];
        restart_state(sc, u);
        for (int i = 0; i < n; ++i) acc[i] = i < iN0 ? urand() : 0.0;
        /* the node-1 change of r(L), R(L) (central differences below) */
        const double e = 1e-6;
        double rp[3 * NSB_BEAM_STRAIN_MAX_ST], qp[4 * NSB_BEAM_STRAIN_MAX_ST];
        double rm[3 * NSB_BEAM_STRAIN_MAX_ST], qm[4 * NSB_BEAM_STRAIN_MAX_ST], sp[6 * MAXP], sm[6 * MAXP];
        for (int i = 0; i < 6 * N; ++i) {
          sp[i] = u[12 + i] + e * acc[12 + i];
          sm[i] = u[12 + i] - e * acc[12 + i];
        }
        const nsb_vec3 r0 = nsb_v3_load(u), a0 = nsb_v3_load(acc), al0 = nsb_v3_load(acc + 3);
        const nsb_quat q0 = nsb_q_load(sc->q_end);
        nsb_beam_strain_frames(g, nsb_v3_muladd(r0, e, a0), nsb_q_mul(q0, nsb_so3_exp_q(nsb_v3_scale(e, al0))), sp, rp,
                               qp);
        nsb_beam_strain_frames(g, nsb_v3_muladd(r0, -e, a0), nsb_q_mul(q0, nsb_so3_exp_q(nsb_v3_scale(-e, al0))), sm,
                               rm, qm);
        nsb_vec3 dr[NSB_BEAM_STRAIN_MAX_ST], dth[NSB_BEAM_STRAIN_MAX_ST];
        double scale = 0.0;
        for (int k = 0; k < g->n_st; ++k) {
          dr[k] = nsb_v3_scale(0.5 / e, nsb_v3_sub(nsb_v3_load(rp + 3 * k), nsb_v3_load(rm + 3 * k)));
          dth[k] = nsb_v3_scale(0.5 / e, nsb_so3_log_q(nsb_q_mul(nsb_q_conj(nsb_q_load(qm + 4 * k)), nsb_q_load(qp + 4 * k))));
          scale = fmax(scale, fmax(nsb_v3_norm(dr[k]), nsb_v3_norm(dth[k])));
        }
        nsb_v3_store(dr[g->n_st - 1], acc + 6);
        nsb_v3_store(dth[g->n_st - 1], acc + 9);
        sc->in.acc = acc;
        sc->in.inertia = 1;
        CU_ASSERT_EQUAL_FATAL(resid(sc, u, f, NULL), 0);
        double err = 0.0;
        for (int k = 1; k < g->n_st - 1; ++k) {
          const int j = (k - 1) % (ng + 1), s = (k - 1) / (ng + 1);
          const nsb_beam_point *o = j < ng ? &sc->old_qp[s * ng + j] : &sc->old_cp[s];
          const nsb_beam_point *c = j < ng ? &sc->cur_qp[s * ng + j] : &sc->cur_cp[s];
          err = fmax(err, nsb_v3_norm(nsb_v3_sub(nsb_v3_sub(nsb_v3_load(c->a), nsb_v3_load(o->a)), dr[k])));
          err = fmax(err, nsb_v3_norm(nsb_v3_sub(nsb_v3_sub(nsb_v3_load(c->al), nsb_v3_load(o->al)), dth[k])));
        }
        err /= scale;
        const double cl = fmax(max_abs(f + iN0, 6) / scale, 0.0);
        worst = fmax(worst, err);
        worst_cl = fmax(worst_cl, cl);
        CU_ASSERT(err < 1e-7);
        CU_ASSERT(cl < 1e-7);
        sc->in.acc = NULL;
      }
  galerkin_weighting = 0;
  printf("\n    worst: station accelerations against differences %.1e, closure rows %.1e (relative)\n", worst,
         worst_cl);
}

/* The restart's rows are the element's own: with the old rates zero but
 * for the accelerations, a Newmark step (beta = 1/4, gamma = 1/2) that
 * stays at the old configuration gives every station the acceleration
 * -a_n and velocity 0, so the dynamic residual with old accelerations -a
 * equals the restart's residual at the same configuration whose stations
 * end at a (a: the restart's own output for random dq''); all rows but the
 * closure's agree to rounding.  Both weightings, N = 1, 2, 3, 5, either
 * mass rule and none, gravity on the point masses, distributed loads. */
static void test_restart_own_rows(void) {
  const int Ns[] = {1, 2, 3, 5};
  double worst = 0.0;
  for (int gal = 0; gal < 2; ++gal)
    for (int iN = 0; iN < 4; ++iN)
      for (int end = -1; end < 2; ++end) {
        if (end >= 0 && Ns[iN] < 2) continue;
        galerkin_weighting = gal;
        strain_case* sc = setup_curved(Ns[iN]);
        if (end >= 0) CU_ASSERT_EQUAL_FATAL(nsb_beam_geom_mass_rule(&sc->g.base, &mrule, end), 0);
        const nsb_beam_strain_geom* g = &sc->g;
        const int N = g->base.N, nq = g->base.n_qp, n = nsb_beam_strain_nlocal(N), iN0 = 12 + 6 * N;
        double u[NMAX], acc[NMAX], fa[NMAX], fd[NMAX];
        restart_state(sc, u);
        nsb_v3_store(nsb_v3(0.3, -1.2, 0.7), sc->in.n_load);
        nsb_v3_store(nsb_v3(-0.4, 0.25, 0.9), sc->in.m_load);
        nsb_v3_store(nsb_v3(1.5, -9.0, 2.5), sc->in.grav);
        nsb_beam_point* sets[3] = {sc->old_qp, sc->old_cp, sc->old_end};
        const int counts[3] = {nq, N, 2};
        for (int m = 0; m < 3; ++m)
          for (int i = 0; i < counts[m]; ++i) {
            memset(sets[m][i].v, 0, sizeof sets[m][i].v);
            memset(sets[m][i].w, 0, sizeof sets[m][i].w);
          }
        for (int i = 0; i < n; ++i) acc[i] = i < iN0 ? urand() : 0.0;
        sc->in.acc = acc;
        sc->in.inertia = 1;
        sc->in.alpha_m = sc->in.alpha_f = sc->in.kin_alpha_m = sc->in.kin_alpha_f = 0.0;
        CU_ASSERT_EQUAL_FATAL(resid(sc, u, fa, NULL), 0);
        /* the dynamic step: old accelerations minus the restart's */
        const nsb_beam_point* cur[3] = {sc->cur_qp, sc->cur_cp, sc->cur_end};
        for (int m = 0; m < 3; ++m)
          for (int i = 0; i < counts[m]; ++i)
            for (int c = 0; c < 3; ++c) {
              sets[m][i].a[c] = -cur[m][i].a[c];
              sets[m][i].al[c] = -cur[m][i].al[c];
            }
        sc->in.acc = NULL;
        sc->in.beta = 0.25;
        sc->in.gamma_n = 0.5;
        sc->in.h = 0.01;
        CU_ASSERT_EQUAL_FATAL(resid(sc, u, fd, NULL), 0);
        double err = 0.0, big = 0.0;
        for (int i = 0; i < n; ++i) {
          big = fmax(big, fabs(fa[i]));
          if (i < iN0) err = fmax(err, fabs(fa[i] - fd[i]));
        }
        err /= big;
        worst = fmax(worst, err);
        CU_ASSERT(err < 1e-12);
      }
  galerkin_weighting = 0;
  printf("\n    worst |f_restart - f_dynamic| / |f| = %.1e\n", worst);
}

/* ---- the kept interior factors of a turned element ------------------------
 * Modified Newton keeps the element's K_ii^{-1} (solver/newton.c); turned
 * rigidly by theta, the element's interior matrix is P K_ii P^T (N^0, M^0,
 * the collocation rows and the position closure global), and the iteration
 * with the kept inverse contracts by I - K_ii^{-1} P K_ii P^T.  Its spectral
 * radius is 2 sin(theta/2), the rotation's own, whatever the slenderness
 * (docs/theory.md §5; solver/system.c B2S_TURN_LIMIT): steel wires of 1 and
 * 10 mm in elements of 25 and 100 mm (L/r_g 10 to 400), POINTS 1 to 3, both
 * weightings, tension 0 and 50 N, turned about the axis or across it. */
static void interior_matrix(nsb_quat Q, int N, double L, double T, nsb_beam_section sec, double* Kii) {
  nsb_vec3 XA = nsb_v3(0.0, 0.0, 0.0), XB = nsb_q_rotate(Q, nsb_v3(L, 0.0, 0.0));
  strain_case* sc = setup(N, N + 2, XA, Q, XB, Q, sec);
  sc->in.h = 1e-3;
  const int n = 18 + 6 * N, ni = n - 12;
  const double eps = T / sec.EA;
  double u[NMAX] = {0.0}, f[NMAX], K[NMAX * NMAX];
  nsb_v3_store(XA, u);
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3(L * (1.0 + eps), 0.0, 0.0)), u + 6);
  for (int p = 0; p < N; ++p) u[12 + 6 * p] = eps;
  nsb_v3_store(nsb_q_rotate(Q, nsb_v3(T, 0.0, 0.0)), u + 12 + 6 * N);
  CU_ASSERT_EQUAL_FATAL(resid(sc, u, f, K), 0);
  for (int j = 0; j < ni; ++j)
    for (int i = 0; i < ni; ++i) Kii[i + ni * j] = K[(12 + i) + n * (12 + j)];
}

static void test_kept_inverse_turned(void) {
  static double K0[NMAX * NMAX], K1[NMAX * NMAX];
  const double E = 210e9, G = E / 2.6;
  double worst = 0.0;
  int cases = 0;
  for (int gal = 0; gal < 2; ++gal)
    for (int N = 1; N <= 3; ++N)
      for (int k = 0; k < 8; ++k) {
        const double d = k & 1 ? 0.01 : 0.001, L = k & 2 ? 0.1 : 0.025, T = k & 4 ? 50.0 : 0.0;
        const double r = d / 2, A = 3.141592653589793 * r * r, Ia = A * r * r / 4;
        nsb_beam_section sec = {E * A, 0.9 * G * A, 0.9 * G * A, 2 * G * Ia, E * Ia, E * Ia, 7850 * A,
                                {7850 * 2 * Ia, 7850 * Ia, 7850 * Ia}, 0.0, 0.0};
        for (int axis = 0; axis < 2; ++axis)
          for (double th = 0.01; th < 2.0; th *= 10.0) {
            galerkin_weighting = gal;
            const int ni = 6 + 6 * N;
            nsb_quat Q0 = nsb_so3_exp_q(nsb_v3(0.3, 0.2, 0.1));
            nsb_vec3 turn = nsb_q_rotate(Q0, axis ? nsb_v3(0.0, th, 0.0) : nsb_v3(th, 0.0, 0.0));
            interior_matrix(Q0, N, L, T, sec, K0);
            interior_matrix(nsb_q_mul(nsb_so3_exp_q(turn), Q0), N, L, T, sec, K1);
            lapack_int ip[NMAX];
            CU_ASSERT_EQUAL_FATAL(LAPACKE_dgesv(LAPACK_COL_MAJOR, ni, ni, K0, ni, ip, K1, ni), 0);
            for (int i = 0; i < ni; ++i) K1[i + ni * i] -= 1.0;
            double wr[NMAX], wi[NMAX];
            CU_ASSERT_EQUAL_FATAL(LAPACKE_dgeev(LAPACK_COL_MAJOR, 'N', 'N', ni, K1, ni, wr, wi, NULL, 1, NULL, 1), 0);
            double rho = 0.0;
            for (int i = 0; i < ni; ++i) rho = fmax(rho, hypot(wr[i], wi[i]));
            /* measured: at most 1e-5 of it (a slender Galerkin element at
               theta = 0.01, the round-off of its K_ii); the B2V's radius is
               about 0.08 theta L/r_g instead */
            const double err = fabs(rho / (2.0 * sin(0.5 * th)) - 1.0);
            worst = fmax(worst, err);
            cases++;
            CU_ASSERT(err < 1e-4);
          }
      }
  galerkin_weighting = 0;
  printf("\n    %d cases (theta 0.01, 0.1, 1): |radius / (2 sin(theta/2)) - 1| at most %.1e\n", cases, worst);
}

/* ---- the discrete reference: a beam at rest evaluates to exactly zero ---- */

/* nsb_beam_strain_set_reference: at the reference configuration, at rest
 * (zero strains and resultants, old states at rest), every row of the
 * evaluation is exactly zero, dynamic and static, collocation and Galerkin,
 * on a skew straight element far from the origin and on a curved twisted
 * one.  Without it the closed-form station states of
 * nsb_beam_strain_geom_init and the sweep's differ by round-off (an
 * acceleration of that over beta h^2) and the closure rows hold the sweep's
 * miss of node L: rows of round-off that a Newton iteration does not remove
 * (docs/theory_beam_strain.md §13). */
static void test_rest_exact(void) {
  const int Ns[] = {1, 2, 3};
  double u[NMAX], f[NMAX];
  int cases = 0, nonzero_before = 0;
  for (int w = 0; w < 2; ++w)
    for (int geo = 0; geo < 2; ++geo)
      for (int t = 0; t < 3; ++t) {
        galerkin_weighting = w;
        strain_case* sc;
        if (geo == 0) {
          nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.0, 0.0, 0.7));
          nsb_vec3 XA = nsb_v3(12.3, -4.56, 0.789);
          nsb_vec3 XB = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3(0.37, 0.0, 0.0)));
          sc = setup(Ns[t], Ns[t] + 2, XA, qA, XB, qA, section_generic());
        } else {
          sc = setup_curved(Ns[t]);
        }
        const int n = nsb_beam_strain_nlocal(Ns[t]);
        rest_u(sc, u);
        CU_ASSERT_EQUAL_FATAL(resid(sc, u, f, NULL), 0);
        nonzero_before += max_abs(f, n) > 0.0;
        nsb_beam_strain_set_reference(&sc->g, nsb_v3_load(sc->old_end[0].r), nsb_v3_load(sc->old_end[1].r),
                                      sc->q_end, sc->old_qp, sc->old_cp);
        for (int st = 0; st < 2; ++st) {
          sc->in.inertia = st == 0;
          CU_ASSERT_EQUAL_FATAL(resid(sc, u, f, NULL), 0);
          for (int i = 0; i < n; ++i)
            if (f[i] != 0.0) {
              printf("\n    %sN = %d, %s, %s: row %d = %.3e\n", wname(), Ns[t], geo ? "curved" : "straight",
                     st ? "static" : "dynamic", i, f[i]);
              CU_FAIL("a row of the evaluation at rest is not zero");
              break;
            }
          cases++;
        }
      }
  galerkin_weighting = 0;
  printf("\n    %d evaluations at rest exactly zero (without the reference %d of the 12 elements are not)\n", cases,
         nonzero_before);
  CU_ASSERT(nonzero_before > 0); /* the case tests something */
}

static const nsb_test_suite suites[] = {
    {"integrator", (const nsb_test_case[]){{"magnus", test_integrator}, {NULL, NULL}}},
    {"tangent", (const nsb_test_case[]){{"fd", test_tangent}, {"fd_galerkin", test_tangent_galerkin}, {NULL, NULL}}},
    {"rigid",
     (const nsb_test_case[]){{"placement", test_rigid}, {"placement_galerkin", test_rigid_galerkin}, {NULL, NULL}}},
    {"objectivity",
     (const nsb_test_case[]){{"superposed_rotation", test_objectivity},
                             {"superposed_rotation_galerkin", test_objectivity_galerkin},
                             {"kept_inverse_turned", test_kept_inverse_turned},
                             {NULL, NULL}}},
    {"patch",
     (const nsb_test_case[]){{"end_moment", test_patch_end_moment},
                             {"cantilever_force", test_patch_cantilever_force},
                             {"end_moment_galerkin", test_patch_end_moment_galerkin},
                             {"cantilever_force_galerkin", test_patch_cantilever_force_galerkin},
                             {NULL, NULL}}},
    {"damping",
     (const nsb_test_case[]){{"fd", test_damping_tangent},
                             {"fd_galerkin", test_damping_tangent_galerkin},
                             {"superposed_rotation", test_damping_objectivity},
                             {"superposed_rotation_galerkin", test_damping_objectivity_galerkin},
                             {"strains_kept_no_stiffness_damping", test_damping_rigid},
                             {NULL, NULL}}},
    {"mass_rule",
     (const nsb_test_case[]){{"fd", test_mass_rule_tangent},
                             {"mass_first_moment_massless_end", test_mass_rule_massless_end},
                             {"mass_at_ends_lumped", test_mass_rule_ends_lumped},
                             {NULL, NULL}}},
    {"rest", (const nsb_test_case[]){{"exact_zero", test_rest_exact}, {NULL, NULL}}},
    {"restart",
     (const nsb_test_case[]){{"compatible_accelerations", test_restart_compatible},
                             {"own_rows", test_restart_own_rows},
                             {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* test_kernels.c -- the small dense kernels of the elements
 * (elements/small_lu.h) against LAPACK (dgetrf/dgetrs) on random blocks:
 * same pivots, same solutions up to round-off, the same zero-pivot report,
 * and a block factored in place inside a larger matrix leaves the rest of
 * that matrix alone; the solve by rows equals the solve by columns; the
 * combined SO(3) exponential and tangent operator and the partial
 * derivatives of T (base/so3.h: nsb_so3_exp_q_T, nsb_so3_T_partials)
 * against the separate functions, the forms without divisions
 * (nsb_so3_exp_q_T_fast, nsb_so3_T_dot_fast, nsb_so3_dT_rho,
 * nsb_so3_dTt_nu) within a few ulps of the exact ones, the products
 * with skew and diagonal matrices (base/vec.h) equal to the general ones;
 * the beam geometry tables filled to their sized end and not beyond. */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "base/so3.h"
#include "elements/beam_strain.h"
#include "elements/small_lu.h"
#include "tests/cunit_main.h"

/* deterministic uniform numbers in [-1, 1) (64-bit LCG, Knuth's MMIX constants) */
static double rnd(unsigned long long* s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*s >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* a random n x n block (column-major, leading dimension n) with a fraction
   of exact zeros, like the beam's interior blocks */
static void random_block(int n, double* A, unsigned long long* s) {
  for (int i = 0; i < n * n; ++i) {
    double z = rnd(s);
    A[i] = fabs(z) < 0.4 ? 0.0 : rnd(s);
  }
  for (int k = 0; k < n; ++k) A[k + n * k] += 0.5 * rnd(s); /* diagonal: no dominance, pivoting needed */
}

static double max_abs(const double* x, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) m = fmax(m, fabs(x[i]));
  return m;
}

/* factor + solve with 13 right-hand sides against LAPACK for the sizes of
   the beam elements (POINTS 1, 2, 3, 4 and the largest, 10) */
static void test_lu_against_lapack(void) {
  const int sizes[] = {12, 18, 24, 30, 66};
  unsigned long long rng = 12345;
  for (int t = 0; t < 5; ++t) {
    const int n = sizes[t], nrhs = 13;
    for (int rep = 0; rep < 20; ++rep) {
      double A[66 * 66], A2[66 * 66], B[66 * 13], B2[66 * 13];
      int piv[66];
      lapack_int ipiv[66];
      random_block(n, A, &rng);
      for (int i = 0; i < n * nrhs; ++i) B[i] = fabs(rnd(&rng)) < 0.5 ? 0.0 : rnd(&rng);
      memcpy(A2, A, sizeof(double) * (size_t)(n * n));
      memcpy(B2, B, sizeof(double) * (size_t)(n * nrhs));
      int info = nsb_lu_factor_fixed(n, A, n, piv);
      lapack_int info2 = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, A2, n, ipiv);
      CU_ASSERT_EQUAL_FATAL(info2, 0);
      CU_ASSERT_EQUAL_FATAL(info, 0);
      for (int k = 0; k < n; ++k) CU_ASSERT_EQUAL(piv[k], ipiv[k] - 1);
      /* the factors agree to round-off (relative to their size) */
      double fa = max_abs(A2, n * n), dmax = 0.0;
      for (int i = 0; i < n * n; ++i) dmax = fmax(dmax, fabs(A[i] - A2[i]));
      CU_ASSERT(dmax <= 1e-12 * fa);
      nsb_lu_solve_fixed(n, A, n, piv, nrhs, B, n);
      CU_ASSERT_EQUAL(LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, nrhs, A2, n, ipiv, B2, n), 0);
      double xa = max_abs(B2, n * nrhs);
      dmax = 0.0;
      for (int i = 0; i < n * nrhs; ++i) dmax = fmax(dmax, fabs(B[i] - B2[i]));
      CU_ASSERT(dmax <= 1e-10 * xa);
    }
  }
}

/* the solution solves the system: residual at round-off of |A| |X| */
static void test_lu_residual(void) {
  unsigned long long rng = 777;
  const int n = 24;
  double A[24 * 24], F[24 * 24], b[24], x[24];
  int piv[24];
  random_block(n, A, &rng);
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng);
  memcpy(F, A, sizeof A);
  memcpy(x, b, sizeof b);
  CU_ASSERT_EQUAL_FATAL(nsb_lu_factor(n, F, n, piv), 0);
  nsb_lu_solve(n, F, n, piv, 1, x, n);
  double rmax = 0.0, scale = 0.0;
  for (int i = 0; i < n; ++i) {
    double r = -b[i], s = fabs(b[i]);
    for (int j = 0; j < n; ++j) {
      r += A[i + n * j] * x[j];
      s += fabs(A[i + n * j] * x[j]);
    }
    rmax = fmax(rmax, fabs(r));
    scale = fmax(scale, s);
  }
  CU_ASSERT(rmax <= 1e-13 * scale);
}

/* a zero leading entry needs the row swap; a zero column is reported as
   LAPACK reports it (info = index of the first zero pivot, 1-based) */
static void test_lu_pivot_and_singular(void) {
  double A[9] = {0, 1, 0, 2, 0, 0, 0, 0, 3}; /* columns: (0,1,0), (2,0,0), (0,0,3) */
  int piv[3];
  CU_ASSERT_EQUAL(nsb_lu_factor(3, A, 3, piv), 0);
  CU_ASSERT_EQUAL(piv[0], 1);
  double b[3] = {4, 5, 6};
  nsb_lu_solve(3, A, 3, piv, 1, b, 3); /* x = (5, 2, 2): 2 x2 = 4, x1 = 5, 3 x3 = 6 */
  CU_ASSERT_DOUBLE_EQUAL(b[0], 5.0, 1e-15);
  CU_ASSERT_DOUBLE_EQUAL(b[1], 2.0, 1e-15);
  CU_ASSERT_DOUBLE_EQUAL(b[2], 2.0, 1e-15);
  unsigned long long rng = 99;
  double S[12 * 12], S2[12 * 12];
  lapack_int ipiv[12];
  int p12[12];
  random_block(12, S, &rng);
  for (int i = 0; i < 12; ++i) S[i + 12 * 5] = 0.0; /* column 5 zero: rank deficient */
  memcpy(S2, S, sizeof S);
  int info = nsb_lu_factor_fixed(12, S, 12, p12);
  lapack_int info2 = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, 12, 12, S2, 12, ipiv);
  CU_ASSERT(info > 0);
  CU_ASSERT_EQUAL(info, info2);
}

/* in place in a larger matrix (the beam factors K_ii inside its full
   tangent, leading dimension n + 12): the entries outside the block stay */
static void test_lu_in_place_block(void) {
  enum { N = 18, LD = N + 12 };
  unsigned long long rng = 4242;
  double M[LD * LD], M0[LD * LD], Ablk[N * N], b[N], b2[N];
  int piv[N], piv2[N];
  for (int i = 0; i < LD * LD; ++i) M[i] = rnd(&rng);
  random_block(N, Ablk, &rng);
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) M[(12 + i) + LD * (12 + j)] = Ablk[i + N * j];
  memcpy(M0, M, sizeof M);
  double* blk = M + 12 + LD * 12;
  CU_ASSERT_EQUAL_FATAL(nsb_lu_factor_fixed(N, blk, LD, piv), 0);
  CU_ASSERT_EQUAL_FATAL(nsb_lu_factor(N, Ablk, N, piv2), 0);
  int outside_same = 1, inside_same = 1;
  for (int j = 0; j < LD; ++j)
    for (int i = 0; i < LD; ++i) {
      int in = i >= 12 && j >= 12;
      if (!in && M[i + LD * j] != M0[i + LD * j]) outside_same = 0;
      if (in && M[i + LD * j] != Ablk[(i - 12) + N * (j - 12)]) inside_same = 0;
    }
  CU_ASSERT(outside_same);
  CU_ASSERT(inside_same);
  for (int i = 0; i < N; ++i) b[i] = b2[i] = rnd(&rng);
  nsb_lu_solve_fixed(N, blk, LD, piv, 1, b, N);
  nsb_lu_solve(N, Ablk, N, piv2, 1, b2, N);
  for (int i = 0; i < N; ++i) CU_ASSERT_EQUAL(b[i], b2[i]);
}

/* nsb_lu_solve_rows (right-hand sides by rows) gives the values of
   nsb_lu_solve (by columns) exactly, with the 13 + 1 columns of the beam's
   condensation, sparse like it (exact zeros in the block and in the
   right-hand sides), for every beam size. */
static void test_lu_solve_rows_equal(void) {
  enum { W = NSB_LU_ROW_WIDTH };
  const int sizes[] = {12, 18, 24, 30, 66};
  unsigned long long rng = 4242;
  for (int t = 0; t < 5; ++t) {
    const int n = sizes[t];
    double A[66 * 66], Bc[66 * W], Br[66 * W];
    int piv[66];
    random_block(n, A, &rng);
    CU_ASSERT_EQUAL_FATAL(nsb_lu_factor_fixed(n, A, n, piv), 0);
    for (int c = 0; c < W; ++c)
      for (int i = 0; i < n; ++i) {
        double z = rnd(&rng);
        Bc[i + n * c] = c == W - 1 || fabs(z) < 0.3 ? 0.0 : rnd(&rng);
        Br[W * i + c] = Bc[i + n * c];
      }
    nsb_lu_solve_fixed(n, A, n, piv, W, Bc, n);
    nsb_lu_solve_rows_fixed(n, A, n, piv, Br);
    int equal = 1;
    for (int c = 0; c < W; ++c)
      for (int i = 0; i < n; ++i)
        if (Br[W * i + c] != Bc[i + n * c]) equal = 0;
    CU_ASSERT(equal);
    CU_ASSERT(max_abs(Bc, n * W) > 0.0);
  }
}

/* nsb_so3_exp_q_T returns the values of nsb_so3_exp_q and nsb_so3_T exactly
   (==, not within a tolerance): angles on both sides of each series switch
   (1e-4 of the exponential, 0.05 of T), tiny, moderate and beyond pi, along
   random axes and along coordinate axes (exact zeros in theta). */
static void test_so3_exp_T_equal(void) {
  const double lens[] = {0.0, 1e-12, 3e-7, 1e-4 * (1.0 - 1e-15), 1e-4, 2e-3, 0.05 * (1.0 - 1e-15), 0.05, 0.3, 1.0, 2.5,
                         3.14159, 4.0, 7.5};
  unsigned long long rng = 777;
  int equal = 1, cases = 0;
  for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); ++l) {
    for (int k = 0; k < 12; ++k) {
      nsb_vec3 d = k < 3 ? nsb_v3(k == 0, k == 1, k == 2) : nsb_v3(rnd(&rng), rnd(&rng), rnd(&rng));
      nsb_vec3 th = nsb_v3_scale(lens[l] / nsb_v3_norm(d), d);
      nsb_mat3 T;
      nsb_quat q = nsb_so3_exp_q_T(th, &T), q1 = nsb_so3_exp_q(th);
      nsb_mat3 T1 = nsb_so3_T(th);
      if (q.w != q1.w || q.x != q1.x || q.y != q1.y || q.z != q1.z) equal = 0;
      for (int i = 0; i < 9; ++i)
        if (T.c[i] != T1.c[i]) equal = 0;
      ++cases;
    }
  }
  CU_ASSERT_EQUAL(cases, 14 * 12);
  CU_ASSERT(equal);
}

/* nsb_so3_T_partials returns nsb_so3_T_dot(theta, e_j) exactly, on both
   sides of the series switch at t = 0.05. */
static void test_so3_T_partials_equal(void) {
  const double lens[] = {0.0, 1e-9, 0.01, 0.05 * (1.0 - 1e-15), 0.05, 0.7, 2.0, 3.14159, 5.0};
  unsigned long long rng = 99;
  int equal = 1;
  for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); ++l)
    for (int k = 0; k < 8; ++k) {
      nsb_vec3 d = k < 3 ? nsb_v3(k == 0, k == 1, k == 2) : nsb_v3(rnd(&rng), rnd(&rng), rnd(&rng));
      nsb_vec3 th = nsb_v3_scale(lens[l] / nsb_v3_norm(d), d);
      nsb_mat3 dT[3];
      nsb_so3_T_partials(th, dT);
      for (int j = 0; j < 3; ++j) {
        nsb_mat3 r = nsb_so3_T_dot(th, nsb_v3(j == 0, j == 1, j == 2));
        for (int i = 0; i < 9; ++i)
          if (dT[j].c[i] != r.c[i]) equal = 0;
      }
    }
  CU_ASSERT(equal);
}

/* nsb_so3_exp_q_T_fast returns the values of nsb_so3_exp_q_T within a few
   units in the last place (its series by multiplications, cos(t/2) and
   sin(t/2)/t by their series below t = 1e-4): angles on both sides of each
   switch, along random and coordinate axes.  The bound, 4 eps on entries
   of size at most 1, is a few times the differences seen (at most 1 eps
   relative in the coefficients, times the entries' sums of two terms). */
static void test_so3_exp_T_fast(void) {
  const double lens[] = {0.0, 1e-12, 3e-7, 1e-5, 1e-4 * (1.0 - 1e-15), 1e-4, 1e-4 * (1.0 + 1e-15), 2e-3,
                         0.05 * (1.0 - 1e-15), 0.05, 0.3, 1.0, 2.5, 3.14159, 4.0, 7.5};
  unsigned long long rng = 4242;
  double worst = 0.0;
  for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); ++l) {
    for (int k = 0; k < 12; ++k) {
      nsb_vec3 d = k < 3 ? nsb_v3(k == 0, k == 1, k == 2) : nsb_v3(rnd(&rng), rnd(&rng), rnd(&rng));
      nsb_vec3 th = nsb_v3_scale(lens[l] / nsb_v3_norm(d), d);
      nsb_mat3 T, T1;
      nsb_quat q = nsb_so3_exp_q_T_fast(th, &T), q1 = nsb_so3_exp_q_T(th, &T1);
      worst = fmax(worst, fmax(fmax(fabs(q.w - q1.w), fabs(q.x - q1.x)), fmax(fabs(q.y - q1.y), fabs(q.z - q1.z))));
      for (int i = 0; i < 9; ++i) worst = fmax(worst, fabs(T.c[i] - T1.c[i]) / fmax(1.0, fabs(T1.c[i])));
    }
  }
  CU_ASSERT(worst <= 4.0 * 2.220446049250313e-16);
}

/* nsb_so3_T_dot_fast returns the values of nsb_so3_T_dot within round-off:
   at most 4 eps times |theta_d| per entry (the entries are of the size of
   |theta_d| times coefficients below 1; the differences seen are about
   1 eps), on both sides of the switch at t = 0.05 and up to t near pi. */
static void test_so3_T_dot_fast(void) {
  const double lens[] = {0.0, 1e-9, 1e-5, 2e-3, 0.05 * (1.0 - 1e-15), 0.05, 0.051, 0.3, 1.0, 2.5, 3.1};
  unsigned long long rng = 555;
  double worst = 0.0;
  for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); ++l)
    for (int k = 0; k < 10; ++k) {
      nsb_vec3 d = k < 3 ? nsb_v3(k == 0, k == 1, k == 2) : nsb_v3(rnd(&rng), rnd(&rng), rnd(&rng));
      nsb_vec3 th = nsb_v3_scale(lens[l] / nsb_v3_norm(d), d);
      nsb_vec3 thd = nsb_v3(rnd(&rng), 10.0 * rnd(&rng), rnd(&rng));
      nsb_mat3 r = nsb_so3_T_dot_fast(th, thd), e = nsb_so3_T_dot(th, thd);
      for (int i = 0; i < 9; ++i) worst = fmax(worst, fabs(r.c[i] - e.c[i]) / nsb_v3_norm(thd));
    }
  CU_ASSERT(worst <= 4.0 * 2.220446049250313e-16);
}

/* nsb_so3_dT_rho and nsb_so3_dTt_nu against the products of
   nsb_so3_T_partials with the vector: within 4 eps times |rho| per entry
   (about 1 eps seen), on both sides of the series switch at t = 0.05. */
static void test_so3_dT_rho(void) {
  const double lens[] = {0.0, 1e-9, 1e-5, 2e-3, 0.05 * (1.0 - 1e-15), 0.05, 0.051, 0.3, 1.0, 2.5, 3.1};
  unsigned long long rng = 8080;
  double worst = 0.0;
  for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); ++l)
    for (int k = 0; k < 10; ++k) {
      nsb_vec3 d = k < 3 ? nsb_v3(k == 0, k == 1, k == 2) : nsb_v3(rnd(&rng), rnd(&rng), rnd(&rng));
      nsb_vec3 th = nsb_v3_scale(lens[l] / nsb_v3_norm(d), d);
      nsb_vec3 rho = nsb_v3(rnd(&rng), 10.0 * rnd(&rng), rnd(&rng));
      nsb_mat3 dT[3];
      nsb_so3_T_partials(th, dT);
      nsb_mat3 e1 = nsb_m3_cols(nsb_m3_mulv(dT[0], rho), nsb_m3_mulv(dT[1], rho), nsb_m3_mulv(dT[2], rho));
      nsb_mat3 e2 = nsb_m3_cols(nsb_m3_tmulv(dT[0], rho), nsb_m3_tmulv(dT[1], rho), nsb_m3_tmulv(dT[2], rho));
      nsb_mat3 r1 = nsb_so3_dT_rho(th, rho), r2 = nsb_so3_dTt_nu(th, rho);
      for (int i = 0; i < 9; ++i) {
        worst = fmax(worst, fabs(r1.c[i] - e1.c[i]) / nsb_v3_norm(rho));
        worst = fmax(worst, fabs(r2.c[i] - e2.c[i]) / nsb_v3_norm(rho));
      }
    }
  CU_ASSERT(worst <= 4.0 * 2.220446049250313e-16);
}

/* The products with skew and diagonal matrices (base/vec.h: nsb_m3_skew_mul,
   nsb_m3_skew_mult, nsb_m3_mul_skew, nsb_m3_mul_diag) equal the general
   products with nsb_m3_skew / nsb_m3_diag (== : an exact zero of either
   sign compares equal), on random entries and on entries with exact zeros. */
static void test_m3_structured_products(void) {
  unsigned long long rng = 2024;
  int equal = 1;
  for (int k = 0; k < 100; ++k) {
    nsb_mat3 B;
    for (int i = 0; i < 9; ++i) B.c[i] = k % 5 == 0 && i % 3 == 1 ? 0.0 : rnd(&rng);
    nsb_vec3 a = nsb_v3(rnd(&rng), k % 7 == 0 ? 0.0 : rnd(&rng), 1e3 * rnd(&rng));
    nsb_mat3 r[4] = {nsb_m3_skew_mul(a, B), nsb_m3_skew_mult(a, B), nsb_m3_mul_skew(B, a), nsb_m3_mul_diag(B, a)};
    nsb_mat3 e[4] = {nsb_m3_mul(nsb_m3_skew(a), B), nsb_m3_mult(nsb_m3_skew(a), B), nsb_m3_mul(B, nsb_m3_skew(a)),
                     nsb_m3_mul(B, nsb_m3_diag(a.x, a.y, a.z))};
    for (int m = 0; m < 4; ++m)
      for (int i = 0; i < 9; ++i)
        if (r[m].c[i] != e[m].c[i]) equal = 0;
  }
  CU_ASSERT(equal);
}

/* The geometry tables are sized to the element (nsb_beam_geom_doubles,
   nsb_beam_strain_geom_doubles): the last table ends at the last double,
   its last entry is written (the last integration point lies between x_N
   and L; the last station is L), and nothing beyond is touched (a sentinel
   after the tables), for every N and n_gauss the elements accept. */
static void test_geom_tables_sized(void) {
  enum { PAD = 64 };
  static double buf[NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES + PAD];
  const nsb_vec3 XA = nsb_v3(0.1, -0.2, 0.3), XB = nsb_v3(1.1, 0.4, -0.2);
  const nsb_quat qA = nsb_so3_exp_q(nsb_v3(0.1, 0.2, -0.3)), qB = nsb_so3_exp_q(nsb_v3(0.4, -0.2, 0.5));
  int beyond = 1, last = 1, cases = 0;
  for (int strain = 0; strain < 2; ++strain)
    for (int N = 1; N <= NSB_BEAM_MAX_POINTS; ++N)
      for (int ng = 1; ng <= NSB_BEAM_MAX_GAUSS; ++ng) {
        size_t nd = strain ? nsb_beam_strain_geom_doubles(N, ng) : nsb_beam_geom_doubles(N, ng);
        CU_ASSERT_FATAL(nd + PAD <= sizeof buf / sizeof buf[0]);
        for (size_t i = 0; i < nd + PAD; ++i) buf[i] = -12345.0;
        nsb_beam_geom g;
        nsb_beam_strain_geom sg;
        int st = strain ? nsb_beam_strain_geom_init(&sg, buf, N, ng, 4, XA, qA, XB, qB, NULL, NULL)
                        : nsb_beam_geom_init(&g, buf, N, ng, XA, qA, XB, qB, NULL, NULL);
        CU_ASSERT_EQUAL_FATAL(st, 0);
        for (size_t i = nd; i < nd + PAD; ++i)
          if (buf[i] != -12345.0) beyond = 0;
        const nsb_beam_geom* b = strain ? &sg.base : &g;
        const double* end = strain ? sg.xs + sg.n_st : b->xq + b->n_qp;
        const double xq_last = b->xq[b->n_qp - 1];
        if (end != buf + nd || !(xq_last > b->xp[N - 1] && xq_last < b->L)) last = 0;
        if (strain && sg.xs[sg.n_st - 1] != b->L) last = 0;
        ++cases;
      }
  CU_ASSERT_EQUAL(cases, 2 * NSB_BEAM_MAX_POINTS * NSB_BEAM_MAX_GAUSS);
  CU_ASSERT(beyond);
  CU_ASSERT(last);
}

static const nsb_test_suite suites[] = {{"small_lu",
                                         (const nsb_test_case[]){{"against_lapack", test_lu_against_lapack},
                                                                 {"residual", test_lu_residual},
                                                                 {"pivot_and_singular", test_lu_pivot_and_singular},
                                                                 {"in_place_block", test_lu_in_place_block},
                                                                 {"solve_rows_equal", test_lu_solve_rows_equal},
                                                                 {NULL, NULL}}},
                                        {"so3", (const nsb_test_case[]){{"exp_T_equal", test_so3_exp_T_equal},
                                                         {"T_partials_equal", test_so3_T_partials_equal},
                                                         {"exp_T_fast", test_so3_exp_T_fast},
                                                         {"T_dot_fast", test_so3_T_dot_fast},
                                                         {"dT_rho", test_so3_dT_rho},
                                                         {"m3_structured_products", test_m3_structured_products},
                                                         {NULL, NULL}}},
                                        {"geom", (const nsb_test_case[]){{"tables_sized", test_geom_tables_sized}, {NULL, NULL}}},
                                        {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* test_core.c -- base layer: small vector math (nsb_fmax against libm), SO(3) maps, context and
 * allocation, amplitudes, the sample of timed increments.  Identities with
 * tolerances (Box2D test_math style). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (base/clock.h) */
#include <math.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "base/clock.h"
#include "base/ctx.h"
#include "base/so3.h"
#include "model/model.h"

static unsigned rng_state = 12345u;
static double urand(void) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (double)((rng_state >> 8) & 0xFFFFFF) / (double)0xFFFFFF;
}
static nsb_vec3 rvec(double scale) { return nsb_v3(scale * (2 * urand() - 1), scale * (2 * urand() - 1), scale * (2 * urand() - 1)); }
static nsb_vec3 rvec_norm(double len) {
  nsb_vec3 v = rvec(1.0);
  return nsb_v3_scale(len / nsb_v3_norm(v), v);
}
static double m3_dist(nsb_mat3 a, nsb_mat3 b) { return nsb_m3_norm(nsb_m3_sub(a, b)); }

/* nsb_fmax is libm's fmax bit for bit on every pair of special and ordinary
   values (subnormals, infinities, quiet NaNs of both signs) and on random
   pairs; two NaNs give a NaN.  The sign of fmax(+0, -0) is unspecified (C99
   F.9.9.2): glibc's function and gcc's builtin differ, so a pair of zeros is
   compared by value, and nsb_fmax's own choice, the second argument, is
   checked by itself (the same in every build). */
static void test_fmax(void) {
  const double v[] = {0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 4.9406564584124654e-324, -4.9406564584124654e-324,
                      1e-300, 1.7976931348623157e308, -1.7976931348623157e308, INFINITY, -INFINITY, NAN, -NAN};
  const int n = (int)(sizeof v / sizeof v[0]);
  int bad = 0, pairs = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const double a = nsb_fmax(v[i], v[j]), b = fmax(v[i], v[j]);
      ++pairs;
      const int zeros = v[i] == 0.0 && v[j] == 0.0;
      if (isnan(b) ? !isnan(a) : zeros ? a != b : memcmp(&a, &b, sizeof a) != 0) {
        printf("\n  fmax(%g, %g): %g, libm %g", v[i], v[j], a, b);
        ++bad;
      }
    }
  for (int k = 0; k < 100000; ++k) {
    const double x = 4.0 * urand() - 2.0, y = k % 7 == 0 ? x : 4.0 * urand() - 2.0;
    const double a = nsb_fmax(x, y), b = fmax(x, y);
    bad += memcmp(&a, &b, sizeof a) != 0;
  }
  CU_ASSERT_EQUAL(pairs, n * n);
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT(signbit(nsb_fmax(0.0, -0.0)) && !signbit(nsb_fmax(-0.0, 0.0)));
}

static void test_vec_basics(void) {
  nsb_vec3 a = nsb_v3(1, 2, 3), b = nsb_v3(-2, 0.5, 4);
  NSB_ASSERT_CLOSE(nsb_v3_dot(nsb_v3_cross(a, b), a), 0.0, 1e-14);
  nsb_mat3 S = nsb_m3_skew(a);
  NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_m3_mulv(S, b), nsb_v3_cross(a, b))), 0.0, 1e-14);
  NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_m3_axial(S), a)), 0.0, 1e-15);
  nsb_mat3 A = nsb_m3_add(nsb_m3_outer(a, b), nsb_m3_diag(3, 4, 5)), Ai = nsb_m3_zero();
  CU_ASSERT(nsb_m3_inverse(A, &Ai));
  NSB_ASSERT_CLOSE(m3_dist(nsb_m3_mul(A, Ai), nsb_m3_identity()), 0.0, 1e-13);
  CU_ASSERT(!nsb_m3_inverse(nsb_m3_outer(a, b), &Ai));
  NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_m3_tmulv(A, b), nsb_m3_mulv(nsb_m3_transpose(A), b))), 0.0, 1e-14);
  NSB_ASSERT_CLOSE(m3_dist(nsb_m3_tmul(A, Ai), nsb_m3_mul(nsb_m3_transpose(A), Ai)), 0.0, 1e-14);
}

static void test_quat(void) {
  for (int k = 0; k < 200; ++k) {
    nsb_vec3 th = rvec(3.0), v = rvec(2.0);
    nsb_quat q = nsb_so3_exp_q(th);
    nsb_mat3 R = nsb_so3_exp(th);
    NSB_ASSERT_CLOSE(m3_dist(nsb_q_to_m3(q), R), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_q_rotate(q, v), nsb_m3_mulv(R, v))), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_q_rotate_inv(q, v), nsb_m3_tmulv(R, v))), 0.0, 1e-14);
    /* composition: R(q1 q2) = R(q1) R(q2) */
    nsb_vec3 th2 = rvec(3.0);
    nsb_mat3 R12 = nsb_q_to_m3(nsb_q_mul(q, nsb_so3_exp_q(th2)));
    NSB_ASSERT_CLOSE(m3_dist(R12, nsb_m3_mul(R, nsb_so3_exp(th2))), 0.0, 1e-13);
    /* orthogonality and det = 1 */
    NSB_ASSERT_CLOSE(m3_dist(nsb_m3_tmul(R, R), nsb_m3_identity()), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_m3_det(R), 1.0, 1e-14);
  }
}

static void test_exp_log_roundtrip(void) {
  const double lens[] = {0.0, 1e-14, 1e-9, 1e-5, 9.99e-4, 1.001e-3, 0.3, 1.0, 2.5, 3.0, M_PI - 1e-3, M_PI - 1e-7};
  for (size_t l = 0; l < sizeof lens / sizeof lens[0]; ++l)
    for (int k = 0; k < 50; ++k) {
      nsb_vec3 th = rvec_norm(lens[l]);
      nsb_vec3 back = nsb_so3_log(nsb_so3_exp(th));
      /* the matrix route loses relative accuracy like 1e-16/|pi - t| near pi */
      double tol = 1e-14 + (lens[l] > 3.0 ? 1e-16 / (M_PI - lens[l]) * 10.0 : 0.0);
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(back, th)), 0.0, tol);
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_so3_log_q(nsb_so3_exp_q(th)), th)), 0.0, 1e-14);
    }
  /* beyond pi the log returns the equivalent vector of length 2 pi - t */
  nsb_vec3 th = rvec_norm(4.0);
  nsb_vec3 back = nsb_so3_log(nsb_so3_exp(th));
  NSB_ASSERT_CLOSE(nsb_v3_norm(back), 2 * M_PI - 4.0, 1e-13);
  NSB_ASSERT_CLOSE(m3_dist(nsb_so3_exp(back), nsb_so3_exp(th)), 0.0, 1e-13);
  /* exactly pi: a rotation by pi about an axis, both signs are the same rotation */
  nsb_vec3 pi_axis = nsb_v3_scale(M_PI / sqrt(3.0), nsb_v3(1, 1, 1));
  nsb_vec3 b2 = nsb_so3_log(nsb_so3_exp(pi_axis));
  NSB_ASSERT_CLOSE(nsb_v3_norm(b2), M_PI, 1e-12);
  NSB_ASSERT_CLOSE(m3_dist(nsb_so3_exp(b2), nsb_so3_exp(pi_axis)), 0.0, 1e-13);
  /* Spurrier picks each of its four branches: rotations of pi/2 .. pi about the axes */
  for (int ax = 0; ax < 3; ++ax) {
    nsb_vec3 e = nsb_v3(ax == 0, ax == 1, ax == 2);
    nsb_vec3 t3 = nsb_v3_scale(3.1, e);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_so3_log(nsb_so3_exp(t3)), t3)), 0.0, 1e-13);
  }
}

/* right trivialization: exp(th + e d) = exp(th) exp(S(e T^T d)) + O(e^2) */
static void test_T_derivative(void) {
  const double lens[] = {0.0, 1e-6, 1e-3, 0.049, 0.051, 0.5, 2.0, 3.0, 5.0};
  for (size_t l = 0; l < sizeof lens / sizeof lens[0]; ++l)
    for (int k = 0; k < 20; ++k) {
      nsb_vec3 th = rvec_norm(lens[l]), d = rvec(1.0);
      double eps = 1e-6;
      nsb_mat3 Rp = nsb_so3_exp(nsb_v3_muladd(th, eps, d)), Rm = nsb_so3_exp(nsb_v3_muladd(th, -eps, d));
      nsb_mat3 R = nsb_so3_exp(th);
      /* material: R^T dR/de = S(T^T d) ; spatial: dR/de R^T = S(T d) */
      nsb_mat3 dR = nsb_m3_scale(0.5 / eps, nsb_m3_sub(Rp, Rm));
      nsb_vec3 mat = nsb_m3_axial(nsb_m3_tmul(R, dR)), spa = nsb_m3_axial(nsb_m3_mult(dR, R));
      nsb_mat3 T = nsb_so3_T(th);
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(mat, nsb_m3_tmulv(T, d))), 0.0, 1e-8);
      NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(spa, nsb_m3_mulv(T, d))), 0.0, 1e-8);
      /* R^T T = T^T and T(-th) = T^T; the entries of T grow like 1 + t^2/6, so
         the round-off bound of the 3-term products scales with (1 + t)^2 */
      double ulp_tol = 16 * 2.3e-16 * (1 + lens[l]) * (1 + lens[l]);
      NSB_ASSERT_CLOSE(m3_dist(nsb_m3_tmul(R, T), nsb_m3_transpose(T)), 0.0, ulp_tol);
      NSB_ASSERT_CLOSE(m3_dist(nsb_so3_T(nsb_v3_neg(th)), nsb_m3_transpose(T)), 0.0, 1e-15);
      if (lens[l] < 6.0) NSB_ASSERT_CLOSE(m3_dist(nsb_m3_mul(T, nsb_so3_Tinv(th)), nsb_m3_identity()), 0.0, 1e-12);
    }
  /* series / closed form agree across the switch points */
  nsb_vec3 e = rvec_norm(1.0);
  /* no jump at the switch points: |dT/dt| <= 1 and |dR/dt| <= sqrt(2), so the
     difference across a 1e-12 step is bounded by that plus round-off */
  NSB_ASSERT_CLOSE(m3_dist(nsb_so3_T(nsb_v3_scale(0.05 - 1e-12, e)), nsb_so3_T(nsb_v3_scale(0.05, e))), 0.0,
                   1e-12 + 1e-15);
  NSB_ASSERT_CLOSE(m3_dist(nsb_so3_exp(nsb_v3_scale(1e-3 - 1e-12, e)), nsb_so3_exp(nsb_v3_scale(1e-3, e))), 0.0,
                   1.5e-12 + 1e-15);
  NSB_ASSERT_CLOSE(m3_dist(nsb_m3_mul(nsb_so3_T(nsb_v3_scale(0.999e-2, e)), nsb_so3_Tinv(nsb_v3_scale(0.999e-2, e))),
                           nsb_m3_identity()), 0.0, 16 * 2.3e-16);
  NSB_ASSERT_CLOSE(m3_dist(nsb_m3_mul(nsb_so3_T(nsb_v3_scale(1.001e-2, e)), nsb_so3_Tinv(nsb_v3_scale(1.001e-2, e))),
                           nsb_m3_identity()), 0.0, 16 * 2.3e-16);
}

static void test_T_dot(void) {
  const double lens[] = {0.0, 1e-4, 0.049, 0.051, 0.7, 2.9};
  for (size_t l = 0; l < sizeof lens / sizeof lens[0]; ++l)
    for (int k = 0; k < 10; ++k) {
      nsb_vec3 th = rvec_norm(lens[l]), thd = rvec(2.0);
      double eps = 1e-6;
      nsb_mat3 fd = nsb_m3_scale(0.5 / eps, nsb_m3_sub(nsb_so3_T(nsb_v3_muladd(th, eps, thd)),
                                                       nsb_so3_T(nsb_v3_muladd(th, -eps, thd))));
      NSB_ASSERT_CLOSE(m3_dist(fd, nsb_so3_T_dot(th, thd)), 0.0, 1e-8);
    }
}

/* omega_G = T^T theta_dot: integrate R' = R S(w) along theta(t) and compare */
static void test_angular_velocity_identity(void) {
  nsb_vec3 th0 = nsb_v3(0.3, -1.2, 0.8), thd = nsb_v3(1.0, 0.4, -0.7);
  double t = 0.37, eps = 1e-6;
  nsb_vec3 th = nsb_v3_muladd(th0, t, thd);
  nsb_mat3 dR = nsb_m3_scale(0.5 / eps, nsb_m3_sub(nsb_so3_exp(nsb_v3_muladd(th, eps, thd)), nsb_so3_exp(nsb_v3_muladd(th, -eps, thd))));
  nsb_vec3 wG = nsb_m3_axial(nsb_m3_tmul(nsb_so3_exp(th), dR));
  NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(wG, nsb_m3_tmulv(nsb_so3_T(th), thd))), 0.0, 1e-9);
}

static void test_ctx_alloc(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_EQUAL(nsb_ctx_create(&ctx), NSB_OK);
  double* p = NSB_NEW_ARRAY(ctx, 10, double);
  CU_ASSERT_PTR_NOT_NULL(p);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 10 * sizeof(double));
  p = nsb_realloc(ctx, p, 10 * sizeof(double), 20 * sizeof(double));
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 20 * sizeof(double));
  CU_ASSERT_EQUAL(p[15], 0.0);
  nsb_ctx_fail_alloc_after(ctx, 2);
  void* a = nsb_alloc(ctx, 8);
  void* b = nsb_alloc(ctx, 8);
  CU_ASSERT_PTR_NOT_NULL(a);
  CU_ASSERT_PTR_NULL(b);
  CU_ASSERT_EQUAL(nsb_ctx_error_code(ctx), NSB_ERR_ALLOC);
  nsb_ctx_fail_alloc_after(ctx, 0);
  nsb_free(ctx, a, 8);
  NSB_FREE_ARRAY(ctx, p, 20, double);
  CU_ASSERT_PTR_NULL(p);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  CU_ASSERT_STRING_EQUAL(nsb_status_message(NSB_ERR_SINGULAR), "singular matrix");
  nsb_ctx_destroy(&ctx);
  CU_ASSERT_PTR_NULL(ctx);
}

static void check_amp_fd(const nsb_amplitude* a, double t) {
  double d1, d2, e = 1e-5;
  nsb_amplitude_eval(a, t, &d1, &d2);
  double p1, m1;
  double vp = nsb_amplitude_eval(a, t + e, &p1, NULL), vm = nsb_amplitude_eval(a, t - e, &m1, NULL);
  NSB_ASSERT_CLOSE((vp - vm) / (2 * e), d1, 1e-6 * (1 + fabs(d1)));
  NSB_ASSERT_CLOSE((p1 - m1) / (2 * e), d2, 1e-5 * (1 + fabs(d2)));
}

static void test_amplitudes(void) {
  double tab[] = {0.0, 0.0, 1.0, 2.0, 3.0, 2.0};
  nsb_amplitude a = {"T", NSB_AMP_TABULAR, 0, 6, tab};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&a, -1.0, NULL, NULL), 0.0, 0);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&a, 0.5, NULL, NULL), 1.0, 1e-15);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&a, 2.0, NULL, NULL), 2.0, 1e-15);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&a, 7.0, NULL, NULL), 2.0, 0);
  check_amp_fd(&a, 0.5);
  /* right-continuous rates: at the first point the first piece's (a driven
     motion whose table starts with a slope moves at it from the start), at
     an inner point the next piece's, constant before and after the table */
  double r1, r2;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&a, 0.0, &r1, &r2), 0.0, 0);
  NSB_ASSERT_CLOSE(r1, 2.0, 1e-15);
  NSB_ASSERT_CLOSE(r2, 0.0, 0);
  nsb_amplitude_eval(&a, -1e-12, &r1, NULL);
  NSB_ASSERT_CLOSE(r1, 0.0, 0);
  nsb_amplitude_eval(&a, 1.0, &r1, NULL);
  NSB_ASSERT_CLOSE(r1, 0.0, 1e-15);
  nsb_amplitude_eval(&a, 3.0, &r1, NULL);
  NSB_ASSERT_CLOSE(r1, 0.0, 0);
  double poly[] = {1.0, -2.0, 0.5, 0.25};
  nsb_amplitude p = {"P", NSB_AMP_POLYNOMIAL, 1, 4, poly};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&p, 2.0, NULL, NULL), 1 - 4 + 2 + 2, 1e-14);
  check_amp_fd(&p, 1.3);
  double per[] = {2, 2.0, 0.5, 1.0, 0.3, -0.2, 0.1, 0.4};
  nsb_amplitude q = {"Q", NSB_AMP_PERIODIC, 0, 8, per};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&q, 0.2, NULL, NULL), 1.0, 0);
  double t = 1.7, s = t - 0.5;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&q, t, NULL, NULL),
                   1.0 + 0.3 * cos(2 * s) - 0.2 * sin(2 * s) + 0.1 * cos(4 * s) + 0.4 * sin(4 * s), 1e-14);
  check_amp_fd(&q, t);
  nsb_amplitude sm = {"S", NSB_AMP_SMOOTH_STEP, 0, 6, tab};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&sm, 0.5, NULL, NULL), 1.0, 1e-15);
  check_amp_fd(&sm, 0.3);
  check_amp_fd(&sm, 2.2);
  /* SUM, flattened as the deck reader leaves it (model/model.h): 2 P - 0.5 Q */
  double sum_data[1 + 3 + 4 + 3 + 8];
  int at = 0;
  sum_data[at++] = 2;
  sum_data[at++] = NSB_AMP_POLYNOMIAL;
  sum_data[at++] = 4;
  sum_data[at++] = 2.0;
  for (int k = 0; k < 4; ++k) sum_data[at++] = poly[k];
  sum_data[at++] = NSB_AMP_PERIODIC;
  sum_data[at++] = 8;
  sum_data[at++] = -0.5;
  for (int k = 0; k < 8; ++k) sum_data[at++] = per[k];
  nsb_amplitude sum = {"SUM", NSB_AMP_SUM, 0, at, sum_data};
  double ds1, ds2, dp1, dp2, dq1, dq2;
  double vs = nsb_amplitude_eval(&sum, t, &ds1, &ds2);
  double vp = nsb_amplitude_eval(&p, t, &dp1, &dp2), vq = nsb_amplitude_eval(&q, t, &dq1, &dq2);
  NSB_ASSERT_CLOSE(vs, 2.0 * vp - 0.5 * vq, 1e-14);
  NSB_ASSERT_CLOSE(ds1, 2.0 * dp1 - 0.5 * dq1, 1e-13);
  NSB_ASSERT_CLOSE(ds2, 2.0 * dp2 - 0.5 * dq2, 1e-13);
  check_amp_fd(&sum, t);
  /* DECAY (Abaqus): A0 before t0, A0 + A exp(-(t - t0)/t_d) from t0 on (right-continuous) */
  double dec[] = {0.5, 2.0, 0.3, 0.25};
  nsb_amplitude de = {"D", NSB_AMP_DECAY, 0, 4, dec};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&de, 0.2999, &r1, &r2), 0.5, 0);
  NSB_ASSERT_CLOSE(r1, 0.0, 0);
  NSB_ASSERT_CLOSE(r2, 0.0, 0);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&de, 0.3, &r1, &r2), 2.5, 0);
  NSB_ASSERT_CLOSE(r1, -8.0, 1e-15);
  NSB_ASSERT_CLOSE(r2, 32.0, 1e-14);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&de, 0.8, NULL, NULL), 0.5 + 2.0 * exp(-2.0), 1e-15);
  check_amp_fd(&de, 0.8);
  check_amp_fd(&de, 0.1);
  /* MODULATED (Abaqus): A0 up to t0, A0 + A sin(w1 s) sin(w2 s), s = t - t0, after */
  double mod[] = {0.5, 2.0, 0.3, 7.0, 1.5};
  nsb_amplitude mo = {"M", NSB_AMP_MODULATED, 0, 5, mod};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&mo, 0.1, &r1, &r2), 0.5, 0);
  NSB_ASSERT_CLOSE(r1, 0.0, 0);
  NSB_ASSERT_CLOSE(r2, 0.0, 0);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&mo, 0.3, &r1, &r2), 0.5, 0);
  NSB_ASSERT_CLOSE(r1, 0.0, 0);
  NSB_ASSERT_CLOSE(r2, 2.0 * 2.0 * 7.0 * 1.5, 1e-13); /* the rate after t0: 2 A w1 w2 */
  s = 1.1 - 0.3;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&mo, 1.1, NULL, NULL), 0.5 + 2.0 * sin(7.0 * s) * sin(1.5 * s), 1e-15);
  check_amp_fd(&mo, 1.1);
  check_amp_fd(&mo, 0.45);
  /* as terms of a SUM: D - M */
  double sum2[1 + 3 + 4 + 3 + 5];
  at = 0;
  sum2[at++] = 2;
  sum2[at++] = NSB_AMP_DECAY;
  sum2[at++] = 4;
  sum2[at++] = 1.0;
  for (int k = 0; k < 4; ++k) sum2[at++] = dec[k];
  sum2[at++] = NSB_AMP_MODULATED;
  sum2[at++] = 5;
  sum2[at++] = -1.0;
  for (int k = 0; k < 5; ++k) sum2[at++] = mod[k];
  nsb_amplitude dm = {"DM", NSB_AMP_SUM, 0, at, sum2};
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(&dm, 1.1, NULL, NULL),
                   nsb_amplitude_eval(&de, 1.1, NULL, NULL) - nsb_amplitude_eval(&mo, 1.1, NULL, NULL), 1e-15);
  check_amp_fd(&dm, 1.1);
}

/* The sample of timed increments (base/clock.h): the first NSB_CLOCK_ALL
   timed whole, then weights 0 or NSB_CLOCK_STRIDE with probability
   1/NSB_CLOCK_STRIDE, and an unbiased total for costs that recur every 8th
   or 10th increment (output every few increments), which a sample of every
   NSB_CLOCK_STRIDE-th increment would miss or count twice over. */
static void test_clock_sample(void) {
  nsb_clock_sample c = nsb_clock_sample_start(), c2 = nsb_clock_sample_start();
  for (int i = 0; i < NSB_CLOCK_ALL; ++i) CU_ASSERT_EQUAL(nsb_clock_sample_next(&c), 1.0);
  const long n = 800000;
  long timed = 0;
  double est8 = 0.0, est10 = 0.0, true8 = 0.0, true10 = 0.0;
  for (long i = 0; i < n; ++i) {
    const double w = nsb_clock_sample_next(&c);
    CU_ASSERT_FATAL(w == 0.0 || w == (double)NSB_CLOCK_STRIDE);
    timed += w > 0.0;
    const double cost8 = i % 8 == 0 ? 10.0 : 1.0, cost10 = i % 10 == 0 ? 10.0 : 1.0;
    est8 += w * cost8;
    est10 += w * cost10;
    true8 += cost8;
    true10 += cost10;
  }
  /* four standard deviations of the binomial count */
  const double p = 1.0 / NSB_CLOCK_STRIDE;
  CU_ASSERT(fabs((double)timed - p * (double)n) < 4.0 * sqrt(p * (1.0 - p) * (double)n));
  CU_ASSERT(fabs(est8 / true8 - 1.0) < 0.01);
  CU_ASSERT(fabs(est10 / true10 - 1.0) < 0.01);
  /* the same increments every run */
  for (long i = 0; i < NSB_CLOCK_ALL + 1000; ++i) (void)nsb_clock_sample_next(&c2);
  nsb_clock_sample c3 = nsb_clock_sample_start();
  for (long i = 0; i < NSB_CLOCK_ALL + 1000; ++i) (void)nsb_clock_sample_next(&c3);
  CU_ASSERT_EQUAL(c2.state, c3.state);
}

int main(int argc, char** argv) {
  static const nsb_test_case vec_cases[] = {
      {"basics", test_vec_basics}, {"quaternion", test_quat}, {"fmax", test_fmax}, {NULL, NULL}};
  static const nsb_test_case so3_cases[] = {{"exp_log_roundtrip", test_exp_log_roundtrip},
                                            {"T_derivative", test_T_derivative},
                                            {"T_dot", test_T_dot},
                                            {"angular_velocity", test_angular_velocity_identity},
                                            {NULL, NULL}};
  static const nsb_test_case ctx_cases[] = {{"alloc", test_ctx_alloc}, {NULL, NULL}};
  static const nsb_test_case amp_cases[] = {{"eval", test_amplitudes}, {NULL, NULL}};
  static const nsb_test_case clock_cases[] = {{"sample", test_clock_sample}, {NULL, NULL}};
  static const nsb_test_suite suites[] = {{"vec", vec_cases},       {"so3", so3_cases},     {"ctx", ctx_cases},
                                          {"amplitude", amp_cases}, {"clock", clock_cases}, {NULL, NULL}};
  return nsb_test_run(suites, argc, argv);
}

/* so3.h -- rotation maps on SO(3): exponential, logarithm, tangent operator.
 *
 * Rotation vector theta (|theta| = angle, direction = axis), R = exp(S(theta))
 * (Rodrigues).  The tangent operator follows Češarek (2013), §3.4:
 *
 *   T(theta) = I + a S(theta) + b S(theta)^2,
 *   a = (1 - cos t)/t^2,  b = (t - sin t)/t^3,  t = |theta|,
 *
 * with the properties
 *   spatial angular velocity   w_g = T(theta)   theta_dot,
 *   material angular velocity  w_G = T(theta)^T theta_dot,
 *   R^T T = T^T,   T(-theta) = T(theta)^T,
 *   exp(theta + d) = exp(theta) exp(S(T(theta)^T d)) + O(d^2)      (right)
 *                  = exp(S(T(theta) d)) exp(theta) + O(d^2)        (left)
 * Inverse: T^{-1} = I - S/2 + c S^2, c = (1 - (t/2) cot(t/2))/t^2, singular at
 * t = 2 pi.  Near t = 0 every coefficient uses its Taylor series, so no
 * division by a small angle ever happens.
 *
 * The logarithm is computed on quaternions; a matrix is first converted with
 * Spurrier's algorithm (pick the largest of trace and diagonal entries),
 * which is accurate at every angle including pi.  The log returns the
 * representative with |theta| <= pi.  Tests: tests/test_core.c.
 */
#ifndef NSB_SO3_H
#define NSB_SO3_H

#include "base/vec.h"

/* Coefficients a, b of T and their derivatives with respect to t.
 * 1 - cos t is evaluated as 2 sin^2(t/2) (no cancellation).  The remaining
 * closed forms lose about eps/t^2 relative accuracy to cancellation, which
 * the products in T scale back to O(eps) except for da, db (error ~ eps/t),
 * so below t = 0.05 all four use Taylor series with truncation < 1e-17. */
static inline void nsb_so3_tcoef(double t, double* a, double* b, double* da, double* db) {
  double t2 = t * t;
  if (t < 0.05) {
    double t4 = t2 * t2, t6 = t4 * t2, t8 = t4 * t4;
    *a = 0.5 - t2 / 24.0 + t4 / 720.0 - t6 / 40320.0 + t8 / 3628800.0;
    *b = 1.0 / 6.0 - t2 / 120.0 + t4 / 5040.0 - t6 / 362880.0 + t8 / 39916800.0;
    *da = t * (-1.0 / 12.0 + t2 / 180.0 - t4 / 6720.0 + t6 / 453600.0);
    *db = t * (-1.0 / 60.0 + t2 / 1260.0 - t4 / 60480.0 + t6 / 4989600.0);
  } else {
    double s = sin(t), sh = sin(0.5 * t), omc = 2.0 * sh * sh; /* 1 - cos t */
    *a = omc / t2;
    *b = (t - s) / (t2 * t);
    *da = s / t2 - 2.0 * omc / (t2 * t);
    *db = omc / (t2 * t) - 3.0 * (t - s) / (t2 * t2);
  }
}

/// exp(S(theta)) as a unit quaternion: (cos(t/2), sin(t/2)/t theta).
static inline nsb_quat nsb_so3_exp_q(nsb_vec3 th) {
  double t = nsb_v3_norm(th);
  double half = 0.5 * t, s;
  if (t < 1e-4) {
    s = 0.5 - t * t / 48.0; /* sin(t/2)/t */
  } else {
    s = sin(half) / t;
  }
  return nsb_q(cos(half), s * th.x, s * th.y, s * th.z);
}

/// exp(S(theta)) as a matrix (Rodrigues): I + sin t/t S + (1-cos t)/t^2 S^2.
static inline nsb_mat3 nsb_so3_exp(nsb_vec3 th) {
  double t = nsb_v3_norm(th), t2 = t * t, s1, s2;
  if (t < 1e-3) {
    s1 = 1.0 - t2 / 6.0 + t2 * t2 / 120.0;
    s2 = 0.5 - t2 / 24.0 + t2 * t2 / 720.0;
  } else {
    double sh = sin(0.5 * t);
    s1 = sin(t) / t;
    s2 = 2.0 * sh * sh / t2; /* (1 - cos t)/t^2 without cancellation */
  }
  nsb_mat3 S = nsb_m3_skew(th);
  return nsb_m3_add(nsb_m3_identity(), nsb_m3_add(nsb_m3_scale(s1, S), nsb_m3_scale(s2, nsb_m3_mul(S, S))));
}

/// Unit quaternion of a rotation matrix, Spurrier's algorithm; result has w >= 0.
static inline nsb_quat nsb_so3_spurrier(nsb_mat3 r) {
  double tr = r.c[0] + r.c[4] + r.c[8];
  double m = tr;
  int i = -1;
  for (int k = 0; k < 3; ++k)
    if (r.c[4 * k] > m) {
      m = r.c[4 * k];
      i = k;
    }
  nsb_quat q;
  if (i < 0) {
    double w = 0.5 * sqrt(1.0 + tr);
    q = nsb_q(w, (nsb_m3_get(&r, 2, 1) - nsb_m3_get(&r, 1, 2)) / (4.0 * w),
              (nsb_m3_get(&r, 0, 2) - nsb_m3_get(&r, 2, 0)) / (4.0 * w),
              (nsb_m3_get(&r, 1, 0) - nsb_m3_get(&r, 0, 1)) / (4.0 * w));
  } else {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    double v[3];
    v[i] = sqrt(0.5 * nsb_m3_get(&r, i, i) + 0.25 * (1.0 - tr));
    double w = (nsb_m3_get(&r, k, j) - nsb_m3_get(&r, j, k)) / (4.0 * v[i]);
    v[j] = (nsb_m3_get(&r, j, i) + nsb_m3_get(&r, i, j)) / (4.0 * v[i]);
    v[k] = (nsb_m3_get(&r, k, i) + nsb_m3_get(&r, i, k)) / (4.0 * v[i]);
    q = nsb_q(w, v[0], v[1], v[2]);
  }
  if (q.w < 0.0) q = nsb_q(-q.w, -q.x, -q.y, -q.z);
  return nsb_q_normalize(q);
}

/// Rotation vector of a unit quaternion, |theta| <= pi.
static inline nsb_vec3 nsb_so3_log_q(nsb_quat q) {
  if (q.w < 0.0) q = nsb_q(-q.w, -q.x, -q.y, -q.z);
  nsb_vec3 u = nsb_q_vec(q);
  double s = nsb_v3_norm(u);
  double f;
  if (s < 1e-8 * q.w) {
    f = 2.0 / q.w; /* 2 atan2(s, w)/s -> 2/w (1 - s^2/(3 w^2)) */
    f *= 1.0 - s * s / (3.0 * q.w * q.w);
  } else {
    f = 2.0 * atan2(s, q.w) / s;
  }
  return nsb_v3_scale(f, u);
}

/// Rotation vector of a rotation matrix (Spurrier, then quaternion log).
static inline nsb_vec3 nsb_so3_log(nsb_mat3 r) { return nsb_so3_log_q(nsb_so3_spurrier(r)); }

/// Tangent operator T(theta) = I + a S + b S^2 (see the file header).
static inline nsb_mat3 nsb_so3_T(nsb_vec3 th) {
  double a, b, da, db;
  nsb_so3_tcoef(nsb_v3_norm(th), &a, &b, &da, &db);
  nsb_mat3 S = nsb_m3_skew(th);
  return nsb_m3_add(nsb_m3_identity(), nsb_m3_add(nsb_m3_scale(a, S), nsb_m3_scale(b, nsb_m3_mul(S, S))));
}

/// T = I + a S + b S^2 with S = skew(theta) (nsb_m3_skew), column-major,
/// from the coefficients a, b of the caller's form of nsb_so3_tcoef.
static inline void nsb_so3_T_fill(nsb_vec3 th, double a, double b, nsb_mat3* T) {
  const double x = th.x, y = th.y, z = th.z;
  const double xy = x * y, xz = x * z, yz = y * z;
  T->c[0] = 1.0 + b * (-z * z - y * y);
  T->c[1] = a * z + b * xy;
  T->c[2] = a * -y + b * xz;
  T->c[3] = a * -z + b * xy;
  T->c[4] = 1.0 + b * (-z * z - x * x);
  T->c[5] = a * x + b * yz;
  T->c[6] = a * y + b * xz;
  T->c[7] = a * -x + b * yz;
  T->c[8] = 1.0 + b * (-y * y - x * x);
}

/// exp(S(theta)) as a unit quaternion (nsb_so3_exp_q) and the tangent
/// operator *T = T(theta) (nsb_so3_T) from one norm and one sine of t/2, for
/// the callers that need both.  Bit for bit the results of the two separate
/// functions: the same formulas in the same order of operations, with
/// S^2 = theta theta^T - t^2 I written out entry by entry as nsb_m3_mul(S, S)
/// forms it (diagonal -(theta_j^2) - theta_k^2, off-diagonal theta_i theta_j).
static inline nsb_quat nsb_so3_exp_q_T(nsb_vec3 th, nsb_mat3* T) {
  const double t = nsb_v3_norm(th), t2 = t * t, half = 0.5 * t;
  const double sh = t < 1e-4 ? 0.0 : sin(half); /* sin(t/2), used from t >= 0.05 on below */
  double s, a, b;
  if (t < 1e-4) {
    s = 0.5 - t * t / 48.0; /* sin(t/2)/t */
  } else {
    s = sh / t;
  }
  if (t < 0.05) { /* nsb_so3_tcoef's series */
    double t4 = t2 * t2, t6 = t4 * t2, t8 = t4 * t4;
    a = 0.5 - t2 / 24.0 + t4 / 720.0 - t6 / 40320.0 + t8 / 3628800.0;
    b = 1.0 / 6.0 - t2 / 120.0 + t4 / 5040.0 - t6 / 362880.0 + t8 / 39916800.0;
  } else {
    double omc = 2.0 * sh * sh; /* 1 - cos t */
    a = omc / t2;
    b = (t - sin(t)) / (t2 * t);
  }
  nsb_so3_T_fill(th, a, b, T);
  return nsb_q(cos(half), s * th.x, s * th.y, s * th.z);
}

/// The values of nsb_so3_exp_q_T up to round-off (a few units in the last
/// place), with fewer long-latency operations for the per-point updates of
/// the beam kernels, where most angles are small: below t = 0.05 the series
/// of a and b in Horner form with the reciprocals of their denominators as
/// constants (multiplications instead of the nine divisions of
/// nsb_so3_tcoef's form), and below t = 1e-4 no square root and no call at
/// all: t^2 = theta . theta, sin(t/2)/t = 1/2 - t^2/48 and cos(t/2) =
/// 1 - t^2/8 + t^4/384 (truncation below 1e-19 there, under half an ulp of
/// the results).  Between 1e-4 and 0.05 sin(t/2) and cos(t/2) come from one
/// pair of calls on the same argument (the compiler may join them); above,
/// a and b are those of nsb_so3_tcoef's closed form.
static inline nsb_quat nsb_so3_exp_q_T_fast(nsb_vec3 th, nsb_mat3* T) {
  const double t2 = nsb_v3_dot(th, th);
  /* nsb_so3_tcoef's series (t < 0.05; above, the closed form below replaces them) */
  double a = 0.5 + t2 * (-1.0 / 24.0 + t2 * (1.0 / 720.0 + t2 * (-1.0 / 40320.0 + t2 * (1.0 / 3628800.0))));
  double b = 1.0 / 6.0 + t2 * (-1.0 / 120.0 + t2 * (1.0 / 5040.0 + t2 * (-1.0 / 362880.0 + t2 * (1.0 / 39916800.0))));
  double s, c;
  if (t2 < 1e-8) { /* t < 1e-4 */
    s = 0.5 + t2 * (-1.0 / 48.0);
    c = 1.0 + t2 * (-1.0 / 8.0 + t2 * (1.0 / 384.0));
  } else {
    const double t = sqrt(t2), half = 0.5 * t, sh = sin(half);
    c = cos(half);
    s = sh / t;
    if (t >= 0.05) {
      a = 2.0 * sh * sh / t2; /* (1 - cos t)/t^2 */
      b = (t - sin(t)) / (t2 * t);
    }
  }
  nsb_so3_T_fill(th, a, b, T);
  return nsb_q(c, s * th.x, s * th.y, s * th.z);
}

/// The quaternion of nsb_so3_exp_q_T_fast alone, bit for bit (the same
/// operations for sin(t/2)/t and cos(t/2)), for the point updates that need
/// no tangent operator: the residual-only evaluations of the beam kernels.
static inline nsb_quat nsb_so3_exp_q_fast(nsb_vec3 th) {
  const double t2 = nsb_v3_dot(th, th);
  double s, c;
  if (t2 < 1e-8) { /* t < 1e-4 */
    s = 0.5 + t2 * (-1.0 / 48.0);
    c = 1.0 + t2 * (-1.0 / 8.0 + t2 * (1.0 / 384.0));
  } else {
    const double t = sqrt(t2), half = 0.5 * t;
    c = cos(half);
    s = sin(half) / t;
  }
  return nsb_q(c, s * th.x, s * th.y, s * th.z);
}

/// Inverse tangent operator T^{-1}(theta) = I - S/2 + c S^2; valid for |theta| < 2 pi.
static inline nsb_mat3 nsb_so3_Tinv(nsb_vec3 th) {
  double t = nsb_v3_norm(th), t2 = t * t, c;
  if (t < 1e-2) {
    c = 1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0;
  } else {
    c = (1.0 - 0.5 * t * cos(0.5 * t) / sin(0.5 * t)) / t2;
  }
  nsb_mat3 S = nsb_m3_skew(th);
  return nsb_m3_add(nsb_m3_identity(), nsb_m3_add(nsb_m3_scale(-0.5, S), nsb_m3_scale(c, nsb_m3_mul(S, S))));
}

/// Time derivative dT/dt of T(theta(t)) for given theta and theta_dot.
static inline nsb_mat3 nsb_so3_T_dot(nsb_vec3 th, nsb_vec3 thd) {
  double t = nsb_v3_norm(th), a, b, da, db;
  nsb_so3_tcoef(t, &a, &b, &da, &db);
  /* dt/dt = theta . theta_dot / t; da/dt = (da/dt)(dt/dt).  Use (da/dt)/t,
     which is regular at t = 0: -1/12 + ..., and (db/dt)/t = -1/60 + ... */
  double dat, dbt; /* da/dt * (1/t), db/dt * (1/t) */
  if (t < 0.05) {
    double t2 = t * t, t4 = t2 * t2, t6 = t4 * t2;
    dat = -1.0 / 12.0 + t2 / 180.0 - t4 / 6720.0 + t6 / 453600.0;
    dbt = -1.0 / 60.0 + t2 / 1260.0 - t4 / 60480.0 + t6 / 4989600.0;
  } else {
    dat = da / t;
    dbt = db / t;
  }
  double tdot_t = nsb_v3_dot(th, thd); /* t * dt/dt */
  nsb_mat3 S = nsb_m3_skew(th), Sd = nsb_m3_skew(thd);
  nsb_mat3 r = nsb_m3_scale(dat * tdot_t, S);
  r = nsb_m3_muladd(r, a, Sd);
  r = nsb_m3_muladd(r, dbt * tdot_t, nsb_m3_mul(S, S));
  r = nsb_m3_muladd(r, b, nsb_m3_add(nsb_m3_mul(Sd, S), nsb_m3_mul(S, Sd)));
  return r;
}


/// Coefficients of T and of its derivatives from t^2 = theta . theta: a, b of
/// T = I + a S + b S^2 and dat = (da/dt)/t, dbt = (db/dt)/t (regular at
/// t = 0), as nsb_so3_tcoef and nsb_so3_T_dot compute them up to round-off:
/// below t = 0.05 their series in Horner form in t^2 with the reciprocals of
/// the denominators as constants (no square root, no division), above the
/// closed forms of nsb_so3_tcoef.
static inline void nsb_so3_tcoef_t2(double t2, double* a, double* b, double* dat, double* dbt) {
  if (t2 < 0.0025) { /* t < 0.05 */
    *a = 0.5 + t2 * (-1.0 / 24.0 + t2 * (1.0 / 720.0 + t2 * (-1.0 / 40320.0 + t2 * (1.0 / 3628800.0))));
    *b = 1.0 / 6.0 + t2 * (-1.0 / 120.0 + t2 * (1.0 / 5040.0 + t2 * (-1.0 / 362880.0 + t2 * (1.0 / 39916800.0))));
    *dat = -1.0 / 12.0 + t2 * (1.0 / 180.0 + t2 * (-1.0 / 6720.0 + t2 * (1.0 / 453600.0)));
    *dbt = -1.0 / 60.0 + t2 * (1.0 / 1260.0 + t2 * (-1.0 / 60480.0 + t2 * (1.0 / 4989600.0)));
  } else {
    const double t = sqrt(t2);
    double da, db;
    nsb_so3_tcoef(t, a, b, &da, &db);
    *dat = da / t;
    *dbt = db / t;
  }
}

/// nsb_so3_T_dot up to round-off, with the coefficients of nsb_so3_tcoef_t2
/// and the matrix products written out with
///   S^2 = theta theta^T - t^2 I,
///   S_d S + S S_d = theta theta_d^T + theta_d theta^T - 2 (theta . theta_d) I
/// (S = S(theta), S_d = S(theta_d)): entry by entry
///   dT = (da/t)(theta . theta_d) S + a S_d + (db/t)(theta . theta_d) S^2 + b (S_d S + S S_d).
static inline nsb_mat3 nsb_so3_T_dot_fast(nsb_vec3 th, nsb_vec3 thd) {
  const double t2 = nsb_v3_dot(th, th);
  double a, b, dat, dbt;
  nsb_so3_tcoef_t2(t2, &a, &b, &dat, &dbt);
  const double td = nsb_v3_dot(th, thd), c1 = dat * td, c2 = dbt * td;
  const double x[3] = {th.x, th.y, th.z}, d[3] = {thd.x, thd.y, thd.z};
  const nsb_mat3 S = nsb_m3_skew(th), Sd = nsb_m3_skew(thd);
  nsb_mat3 r;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) {
      const int k = i + 3 * j;
      const double e = i == j ? 1.0 : 0.0;
      r.c[k] = c1 * S.c[k] + a * Sd.c[k] + c2 * (x[i] * x[j] - t2 * e) + b * (x[i] * d[j] + d[i] * x[j] - 2.0 * td * e);
    }
  return r;
}

/// The matrix D with columns (dT/dtheta_j) rho, j = 0, 1, 2 (the derivative
/// of T(theta) rho with respect to theta), up to round-off of the products
/// with nsb_so3_T_partials, from the closed form of the columns
///   (dT/dtheta_j) rho = theta_j u + a (e_j x rho) + b (theta rho_j + e_j (theta . rho)),
///   u = (da/t)(theta x rho) + (db/t)((theta . rho) theta - t^2 rho) - 2 b rho,
/// that is D = u theta^T - a S(rho) + b (theta rho^T + (theta . rho) I).
static inline nsb_mat3 nsb_so3_dT_rho(nsb_vec3 th, nsb_vec3 rho) {
  double a, b, dat, dbt;
  const double t2 = nsb_v3_dot(th, th), xr = nsb_v3_dot(th, rho);
  nsb_so3_tcoef_t2(t2, &a, &b, &dat, &dbt);
  nsb_vec3 u = nsb_v3_scale(dat, nsb_v3_cross(th, rho));
  u = nsb_v3_add(u, nsb_v3_scale(dbt, nsb_v3_sub(nsb_v3_scale(xr, th), nsb_v3_scale(t2, rho))));
  u = nsb_v3_muladd(u, -2.0 * b, rho);
  nsb_mat3 D = nsb_m3_add(nsb_m3_outer(u, th), nsb_m3_scale(-a, nsb_m3_skew(rho)));
  D = nsb_m3_muladd(D, b, nsb_m3_outer(th, rho));
  for (int i = 0; i < 3; ++i) D.c[4 * i] += b * xr;
  return D;
}

/// The matrix with columns (dT/dtheta_j)^T nu, j = 0, 1, 2, as nsb_so3_dT_rho
/// (dT_j^T = -(da/t) theta_j S + a S(e_j)^T + the symmetric terms):
///   u theta^T + a S(nu) + b (theta nu^T + (theta . nu) I),
///   u = -(da/t)(theta x nu) + (db/t)((theta . nu) theta - t^2 nu) - 2 b nu.
static inline nsb_mat3 nsb_so3_dTt_nu(nsb_vec3 th, nsb_vec3 nu) {
  double a, b, dat, dbt;
  const double t2 = nsb_v3_dot(th, th), xn = nsb_v3_dot(th, nu);
  nsb_so3_tcoef_t2(t2, &a, &b, &dat, &dbt);
  nsb_vec3 u = nsb_v3_scale(-dat, nsb_v3_cross(th, nu));
  u = nsb_v3_add(u, nsb_v3_scale(dbt, nsb_v3_sub(nsb_v3_scale(xn, th), nsb_v3_scale(t2, nu))));
  u = nsb_v3_muladd(u, -2.0 * b, nu);
  nsb_mat3 D = nsb_m3_add(nsb_m3_outer(u, th), nsb_m3_scale(a, nsb_m3_skew(nu)));
  D = nsb_m3_muladd(D, b, nsb_m3_outer(th, nu));
  for (int i = 0; i < 3; ++i) D.c[4 * i] += b * xn;
  return D;
}

/// The three partial derivatives dT/dtheta_j (j = 0, 1, 2) into dT[3]: the
/// values of nsb_so3_T_dot(theta, e_j) exactly (the same operations in the
/// same order), with the coefficients a, b and their derivatives computed
/// once instead of three times.
static inline void nsb_so3_T_partials(nsb_vec3 th, nsb_mat3 dT[3]) {
  double t = nsb_v3_norm(th), a, b, da, db;
  nsb_so3_tcoef(t, &a, &b, &da, &db);
  double dat, dbt; /* as nsb_so3_T_dot */
  if (t < 0.05) {
    double t2 = t * t, t4 = t2 * t2, t6 = t4 * t2;
    dat = -1.0 / 12.0 + t2 / 180.0 - t4 / 6720.0 + t6 / 453600.0;
    dbt = -1.0 / 60.0 + t2 / 1260.0 - t4 / 60480.0 + t6 / 4989600.0;
  } else {
    dat = da / t;
    dbt = db / t;
  }
  const nsb_mat3 S = nsb_m3_skew(th), SS = nsb_m3_mul(S, S);
  for (int j = 0; j < 3; ++j) {
    const nsb_vec3 ej = nsb_v3(j == 0, j == 1, j == 2);
    const double tdot_t = nsb_v3_dot(th, ej);
    const nsb_mat3 Sd = nsb_m3_skew(ej);
    nsb_mat3 r = nsb_m3_scale(dat * tdot_t, S);
    r = nsb_m3_muladd(r, a, Sd);
    r = nsb_m3_muladd(r, dbt * tdot_t, SS);
    r = nsb_m3_muladd(r, b, nsb_m3_add(nsb_m3_mul(Sd, S), nsb_m3_mul(S, Sd)));
    dT[j] = r;
  }
}

#endif

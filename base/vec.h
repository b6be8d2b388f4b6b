/* vec.h -- small fixed-size linear algebra on values: 3-vectors, 3x3
 * matrices, unit quaternions.
 *
 * Conventions: nsb_mat3 is column-major, element (i, j) at c[i + 3*j], so a
 * nsb_mat3 can be passed to LAPACK as a 3x3 matrix with leading dimension 3.
 * nsb_quat is (w, x, y, z) with w the scalar part; a unit quaternion q maps a
 * vector by v -> q v q*, i.e. it represents the rotation matrix R(q) whose
 * columns are the rotated base vectors.  Everything is static inline and
 * allocation free.  Tests: tests/test_core.c.
 */
#ifndef NSB_VEC_H
#define NSB_VEC_H

#include <math.h>

typedef struct nsb_vec3 {
  double x, y, z;
} nsb_vec3;

typedef struct nsb_mat3 {
  double c[9]; /* column-major */
} nsb_mat3;

typedef struct nsb_quat {
  double w, x, y, z;
} nsb_quat;

/* ---- vectors ---------------------------------------------------------- */

static inline nsb_vec3 nsb_v3(double x, double y, double z) {
  nsb_vec3 r = {x, y, z};
  return r;
}
static inline nsb_vec3 nsb_v3_zero(void) { return nsb_v3(0.0, 0.0, 0.0); }
/// Load from a double array p[0..2].
static inline nsb_vec3 nsb_v3_load(const double* p) { return nsb_v3(p[0], p[1], p[2]); }
/// Store into a double array p[0..2].
static inline void nsb_v3_store(nsb_vec3 a, double* p) {
  p[0] = a.x;
  p[1] = a.y;
  p[2] = a.z;
}
static inline double nsb_v3_get(nsb_vec3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
static inline nsb_vec3 nsb_v3_add(nsb_vec3 a, nsb_vec3 b) { return nsb_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline nsb_vec3 nsb_v3_sub(nsb_vec3 a, nsb_vec3 b) { return nsb_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline nsb_vec3 nsb_v3_scale(double s, nsb_vec3 a) { return nsb_v3(s * a.x, s * a.y, s * a.z); }
static inline nsb_vec3 nsb_v3_neg(nsb_vec3 a) { return nsb_v3(-a.x, -a.y, -a.z); }
/// a + s b
static inline nsb_vec3 nsb_v3_muladd(nsb_vec3 a, double s, nsb_vec3 b) {
  return nsb_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}
static inline double nsb_v3_dot(nsb_vec3 a, nsb_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline nsb_vec3 nsb_v3_cross(nsb_vec3 a, nsb_vec3 b) {
  return nsb_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double nsb_v3_norm(nsb_vec3 a) { return sqrt(nsb_v3_dot(a, a)); }
/* C99's fmax without its libm call (gcc inlines fmax only where NaNs may be
   ignored): a quiet NaN argument is ignored, and of two equal values (+0,
   -0) the second is returned, as gcc's inline maxsd does (the sign of that
   pair is unspecified in C99 and glibc's function returns +0); the same
   value as fmax for every pair of arguments (tests/test_core.c vec/fmax).
   The norms of the Newton iteration take a few hundred thousand a run. */
static inline double nsb_fmax(double x, double y) {
  if (x != x) return y;
  if (y != y) return x;
  return x > y ? x : y;
}
static inline double nsb_v3_maxabs(nsb_vec3 a) {
  double m = fabs(a.x);
  if (fabs(a.y) > m) m = fabs(a.y);
  if (fabs(a.z) > m) m = fabs(a.z);
  return m;
}

/* ---- 3x3 matrices ------------------------------------------------------ */

static inline double nsb_m3_get(const nsb_mat3* a, int i, int j) { return a->c[i + 3 * j]; }
static inline nsb_mat3 nsb_m3_zero(void) {
  nsb_mat3 r = {{0, 0, 0, 0, 0, 0, 0, 0, 0}};
  return r;
}
static inline nsb_mat3 nsb_m3_identity(void) {
  nsb_mat3 r = {{1, 0, 0, 0, 1, 0, 0, 0, 1}};
  return r;
}
static inline nsb_mat3 nsb_m3_diag(double a, double b, double c) {
  nsb_mat3 r = {{a, 0, 0, 0, b, 0, 0, 0, c}};
  return r;
}
/// Matrix with columns a, b, c.
static inline nsb_mat3 nsb_m3_cols(nsb_vec3 a, nsb_vec3 b, nsb_vec3 c) {
  nsb_mat3 r = {{a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z}};
  return r;
}
static inline nsb_vec3 nsb_m3_col(nsb_mat3 a, int j) { return nsb_v3(a.c[3 * j], a.c[3 * j + 1], a.c[3 * j + 2]); }
/// Skew matrix S(a) with S(a) b = a x b.
static inline nsb_mat3 nsb_m3_skew(nsb_vec3 a) {
  nsb_mat3 r = {{0, a.z, -a.y, -a.z, 0, a.x, a.y, -a.x, 0}};
  return r;
}
/// Axial vector of the skew part of A: axial(A) = (A - A^T)/2 as a vector.
static inline nsb_vec3 nsb_m3_axial(nsb_mat3 a) {
  return nsb_v3(0.5 * (a.c[5] - a.c[7]), 0.5 * (a.c[6] - a.c[2]), 0.5 * (a.c[1] - a.c[3]));
}
/// Outer product a b^T.
static inline nsb_mat3 nsb_m3_outer(nsb_vec3 a, nsb_vec3 b) {
  return nsb_m3_cols(nsb_v3_scale(b.x, a), nsb_v3_scale(b.y, a), nsb_v3_scale(b.z, a));
}
static inline nsb_mat3 nsb_m3_add(nsb_mat3 a, nsb_mat3 b) {
  for (int k = 0; k < 9; ++k) a.c[k] += b.c[k];
  return a;
}
static inline nsb_mat3 nsb_m3_sub(nsb_mat3 a, nsb_mat3 b) {
  for (int k = 0; k < 9; ++k) a.c[k] -= b.c[k];
  return a;
}
static inline nsb_mat3 nsb_m3_scale(double s, nsb_mat3 a) {
  for (int k = 0; k < 9; ++k) a.c[k] *= s;
  return a;
}
/// a + s b
static inline nsb_mat3 nsb_m3_muladd(nsb_mat3 a, double s, nsb_mat3 b) {
  for (int k = 0; k < 9; ++k) a.c[k] += s * b.c[k];
  return a;
}
static inline nsb_mat3 nsb_m3_transpose(nsb_mat3 a) {
  nsb_mat3 r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.c[i + 3 * j] = a.c[j + 3 * i];
  return r;
}
/// A v
static inline nsb_vec3 nsb_m3_mulv(nsb_mat3 a, nsb_vec3 v) {
  return nsb_v3(a.c[0] * v.x + a.c[3] * v.y + a.c[6] * v.z, a.c[1] * v.x + a.c[4] * v.y + a.c[7] * v.z,
                a.c[2] * v.x + a.c[5] * v.y + a.c[8] * v.z);
}
/// A^T v
static inline nsb_vec3 nsb_m3_tmulv(nsb_mat3 a, nsb_vec3 v) {
  return nsb_v3(a.c[0] * v.x + a.c[1] * v.y + a.c[2] * v.z, a.c[3] * v.x + a.c[4] * v.y + a.c[5] * v.z,
                a.c[6] * v.x + a.c[7] * v.y + a.c[8] * v.z);
}
/// A B
static inline nsb_mat3 nsb_m3_mul(nsb_mat3 a, nsb_mat3 b) {
  nsb_mat3 r;
  for (int j = 0; j < 3; ++j) nsb_v3_store(nsb_m3_mulv(a, nsb_m3_col(b, j)), r.c + 3 * j);
  return r;
}
/// A^T B
static inline nsb_mat3 nsb_m3_tmul(nsb_mat3 a, nsb_mat3 b) {
  nsb_mat3 r;
  for (int j = 0; j < 3; ++j) nsb_v3_store(nsb_m3_tmulv(a, nsb_m3_col(b, j)), r.c + 3 * j);
  return r;
}
/// A B^T
static inline nsb_mat3 nsb_m3_mult(nsb_mat3 a, nsb_mat3 b) { return nsb_m3_mul(a, nsb_m3_transpose(b)); }
/// S(a) B (S the skew matrix of nsb_m3_skew) by columns a x b_j: the values of
/// nsb_m3_mul(nsb_m3_skew(a), B) without its products with the zeros of S(a)
/// (each entry the same two products, added in an order IEEE addition does
/// not tell apart; only the sign of an exact zero may differ).
static inline nsb_mat3 nsb_m3_skew_mul(nsb_vec3 a, nsb_mat3 b) {
  nsb_mat3 r;
  for (int j = 0; j < 3; ++j) nsb_v3_store(nsb_v3_cross(a, nsb_m3_col(b, j)), r.c + 3 * j);
  return r;
}
/// S(a) B^T as nsb_m3_skew_mul: nsb_m3_mult(nsb_m3_skew(a), B) without the zero products.
static inline nsb_mat3 nsb_m3_skew_mult(nsb_vec3 a, nsb_mat3 b) {
  nsb_mat3 r;
  for (int j = 0; j < 3; ++j) nsb_v3_store(nsb_v3_cross(a, nsb_v3(b.c[j], b.c[j + 3], b.c[j + 6])), r.c + 3 * j);
  return r;
}
/// A S(a) as nsb_m3_skew_mul: nsb_m3_mul(A, nsb_m3_skew(a)) without the zero
/// products; column j of S(a) is a x e_j.
static inline nsb_mat3 nsb_m3_mul_skew(nsb_mat3 m, nsb_vec3 a) {
  nsb_mat3 r;
  for (int i = 0; i < 3; ++i) {
    const double m0 = m.c[i], m1 = m.c[i + 3], m2 = m.c[i + 6];
    r.c[i] = m1 * a.z - m2 * a.y;
    r.c[i + 3] = m2 * a.x - m0 * a.z;
    r.c[i + 6] = m0 * a.y - m1 * a.x;
  }
  return r;
}
/// A diag(d): the columns of A scaled, nsb_m3_mul(A, nsb_m3_diag(d)) without the zero products.
static inline nsb_mat3 nsb_m3_mul_diag(nsb_mat3 m, nsb_vec3 d) {
  for (int i = 0; i < 3; ++i) {
    m.c[i] *= d.x;
    m.c[i + 3] *= d.y;
    m.c[i + 6] *= d.z;
  }
  return m;
}
static inline double nsb_m3_det(nsb_mat3 a) {
  return nsb_v3_dot(nsb_m3_col(a, 0), nsb_v3_cross(nsb_m3_col(a, 1), nsb_m3_col(a, 2)));
}
/// Inverse by the adjugate; returns 0 and leaves *out untouched if |det| <= tiny * scale.
static inline int nsb_m3_inverse(nsb_mat3 a, nsb_mat3* out) {
  nsb_vec3 c0 = nsb_m3_col(a, 0), c1 = nsb_m3_col(a, 1), c2 = nsb_m3_col(a, 2);
  nsb_vec3 r0 = nsb_v3_cross(c1, c2), r1 = nsb_v3_cross(c2, c0), r2 = nsb_v3_cross(c0, c1);
  double det = nsb_v3_dot(c0, r0);
  double scale = nsb_v3_norm(c0) * nsb_v3_norm(c1) * nsb_v3_norm(c2);
  if (!(fabs(det) > 1e-14 * scale)) return 0;
  /* rows of the inverse are r0, r1, r2 divided by det */
  *out = nsb_m3_transpose(nsb_m3_cols(nsb_v3_scale(1.0 / det, r0), nsb_v3_scale(1.0 / det, r1),
                                      nsb_v3_scale(1.0 / det, r2)));
  return 1;
}
/// Frobenius norm.
static inline double nsb_m3_norm(nsb_mat3 a) {
  double s = 0.0;
  for (int k = 0; k < 9; ++k) s += a.c[k] * a.c[k];
  return sqrt(s);
}

/* ---- quaternions ------------------------------------------------------- */

static inline nsb_quat nsb_q(double w, double x, double y, double z) {
  nsb_quat q = {w, x, y, z};
  return q;
}
static inline nsb_quat nsb_q_identity(void) { return nsb_q(1.0, 0.0, 0.0, 0.0); }
static inline nsb_quat nsb_q_load(const double* p) { return nsb_q(p[0], p[1], p[2], p[3]); }
static inline void nsb_q_store(nsb_quat q, double* p) {
  p[0] = q.w;
  p[1] = q.x;
  p[2] = q.y;
  p[3] = q.z;
}
static inline nsb_vec3 nsb_q_vec(nsb_quat q) { return nsb_v3(q.x, q.y, q.z); }
static inline nsb_quat nsb_q_conj(nsb_quat q) { return nsb_q(q.w, -q.x, -q.y, -q.z); }
/// Hamilton product a b (rotation b first, then a).
static inline nsb_quat nsb_q_mul(nsb_quat a, nsb_quat b) {
  return nsb_q(a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
               a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w);
}
static inline nsb_quat nsb_q_normalize(nsb_quat q) {
  double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return nsb_q(q.w / n, q.x / n, q.y / n, q.z / n);
}
/// Rotate v: R(q) v = v + 2w (u x v) + 2 u x (u x v), u = vector part.
static inline nsb_vec3 nsb_q_rotate(nsb_quat q, nsb_vec3 v) {
  nsb_vec3 u = nsb_q_vec(q);
  nsb_vec3 t = nsb_v3_scale(2.0, nsb_v3_cross(u, v));
  return nsb_v3_add(nsb_v3_muladd(v, q.w, t), nsb_v3_cross(u, t));
}
/// Inverse rotation R(q)^T v.
static inline nsb_vec3 nsb_q_rotate_inv(nsb_quat q, nsb_vec3 v) { return nsb_q_rotate(nsb_q_conj(q), v); }
/// Rotation matrix of a unit quaternion.
static inline nsb_mat3 nsb_q_to_m3(nsb_quat q) {
  double w = q.w, x = q.x, y = q.y, z = q.z;
  nsb_mat3 r = {{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y), 2 * (x * y - w * z),
                 1 - 2 * (x * x + z * z), 2 * (y * z + w * x), 2 * (x * z + w * y), 2 * (y * z - w * x),
                 1 - 2 * (x * x + y * y)}};
  return r;
}

#endif

/* beam_strain.c -- strain-based geometrically exact beam element kernel.
 *
 * Zupan & Saje interpolation of strains extended to dynamics by Cesarek 2013
 * (Češarek et al. 2013, §6.1.1, §6.3.1, §6.4.1, §6.5).  The contract is the
 * header comment of beam_strain.h; the derivations, including the discrete
 * variation of the Magnus integrator that replaces the thesis's lost
 * §6.4.1-6.4.3, are in docs/theory_beam_strain.md.  Summary of the
 * linearization (material spin dTheta, R -> R exp(S(dTheta)); spatial dr):
 *
 *   Magnus step  R+ = R exp(S(phi)),  r+ = r + R T(phi) rho:
 *     dTheta+ = exp(S(phi))^T dTheta + T(phi)^T dphi,
 *     dr+     = dr - R S(T(phi) rho) dTheta + R [D(phi, rho) dphi + T(phi) drho],
 *     D(phi, rho) = d(T(phi) rho)/d phi  (columns nsb_so3_T_dot(phi, e_j) rho),
 *     dphi = sum_p A_p dkappa^p,  drho = sum_p (A_p dgamma^p + B_p dkappa^p),
 *     A_p = D/2 (I1p + I2p) I + c2 (I2p S(K1) - I1p S(K2)),
 *     B_p = c2 (I2p S(E1) - I1p S(E2)),  c2 = sqrt(3) D^2 / 12;
 *   Newmark at a station: dv = c_v dr, da = c_a dr, dtheta = T(theta)^{-T} dTheta,
 *     domega = c_v dtheta, dalpha = c_a dtheta,  c_v = gamma_N/(beta h), c_a = 1/(beta h^2);
 *   closure: dc = T(c)^{-T} (dTheta^L - exp(S(c))^T dTheta(L)),  c = log(R(L)^T R^L).
 *
 * Tangent organisation: forward mode.  Every station carries the dense
 * Jacobians Jr = dr/du and JT = dTheta/du (3 x n_local each); the quadrature
 * sums that make the resultants carry theirs, so each row block is emitted
 * when its station is reached.  O(n_st n_local) work, all on the stack
 * (n_local <= 78), no allocation.
 */
#include "elements/beam_strain.h"

#include <string.h>

#define MAXN NSB_BEAM_STRAIN_MAX_LOCAL

/* ---- small helpers ------------------------------------------------------ */

/* 3 x n Jacobians, column-major: J[i + 3 j]. */
static void jac_zero(double* restrict J, int n) { memset(J, 0, sizeof(double) * 3 * (size_t)n); }

/* J += s A Jin (3x3 times 3 x n) */
static void jac_muladd(double* restrict J, double s, nsb_mat3 A, const double* restrict Jin, int n) {
  for (int j = 0; j < n; ++j) {
    nsb_vec3 c = nsb_m3_mulv(A, nsb_v3_load(Jin + 3 * j));
    J[3 * j] += s * c.x;
    J[3 * j + 1] += s * c.y;
    J[3 * j + 2] += s * c.z;
  }
}
/* J += s S(a) Jin: jac_muladd with A = S(a) by cross products, without the
   products with the zeros of S(a) (the same values but for the sign of an
   exact zero; base/vec.h nsb_m3_skew_mul) */
static void jac_muladd_skew(double* restrict J, double s, nsb_vec3 a, const double* restrict Jin, int n) {
  for (int j = 0; j < n; ++j) {
    nsb_vec3 c = nsb_v3_cross(a, nsb_v3_load(Jin + 3 * j));
    J[3 * j] += s * c.x;
    J[3 * j + 1] += s * c.y;
    J[3 * j + 2] += s * c.z;
  }
}
/* J[:, j0..j0+2] += A */
static void jac_block(double* restrict J, int j0, nsb_mat3 A) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) J[i + 3 * (j0 + j)] += A.c[i + 3 * j];
}
/* J += s Jin */
static void jac_axpy(double* restrict J, double s, const double* restrict Jin, int n) {
  for (int k = 0; k < 3 * n; ++k) J[k] += s * Jin[k];
}
/* K[i0..i0+2, :] += s J */
static void rows_add(double* restrict K, int n, int i0, double s, const double* restrict J) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < 3; ++i) K[(i0 + i) + (size_t)n * j] += s * J[i + 3 * j];
}
/* K[i0..i0+2, :] += A J */
static void rows_muladd(double* restrict K, int n, int i0, nsb_mat3 A, const double* restrict J) {
  for (int j = 0; j < n; ++j) {
    nsb_vec3 c = nsb_m3_mulv(A, nsb_v3_load(J + 3 * j));
    K[i0 + (size_t)n * j] += c.x;
    K[i0 + 1 + (size_t)n * j] += c.y;
    K[i0 + 2 + (size_t)n * j] += c.z;
  }
}
/* K[i0.., j0..] += A */
static void add_block(double* restrict K, int n, int i0, int j0, nsb_mat3 A) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) K[(i0 + i) + (size_t)n * (j0 + j)] += A.c[i + 3 * j];
}
static void add_vec(double* restrict f, int i0, nsb_vec3 v) {
  f[i0] += v.x;
  f[i0 + 1] += v.y;
  f[i0 + 2] += v.z;
}
static nsb_vec3 diag_mulv(nsb_vec3 d, nsb_vec3 v) { return nsb_v3(d.x * v.x, d.y * v.y, d.z * v.z); }
/* diag(d) A */
static nsb_mat3 diag_mul(nsb_vec3 d, nsb_mat3 A) {
  for (int j = 0; j < 3; ++j) {
    A.c[3 * j] *= d.x;
    A.c[3 * j + 1] *= d.y;
    A.c[3 * j + 2] *= d.z;
  }
  return A;
}
/* v0 + sum_p c_p s^p, s^p = strains + 6p + off (off 0: gamma, 3: kappa) */
static nsb_vec3 interp(nsb_vec3 v0, const double* restrict strains, int off, const double* restrict c, int N) {
  for (int p = 0; p < N; ++p) v0 = nsb_v3_muladd(v0, c[p], nsb_v3_load(strains + 6 * p + off));
  return v0;
}

/* ---- geometry ------------------------------------------------------------ */

int nsb_beam_strain_geom_init(nsb_beam_strain_geom* g, double* tables, int N, int n_gauss, int magnus_order,
                              nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB, nsb_quat qB, nsb_beam_point* pts_qp,
                              nsb_beam_point* pts_cp) {
  if (!g || (magnus_order != 2 && magnus_order != 4)) return -1;
  memset(g, 0, sizeof *g);
  if (nsb_beam_geom_init(&g->base, tables, N, n_gauss, XA, qA, XB, qB, pts_qp, pts_cp) != 0) return -1;
  const nsb_beam_geom* b = &g->base;
  g->magnus_order = magnus_order;
  g->n_st = 1 + b->n_sub * (n_gauss + 1);
  const size_t n_st = (size_t)g->n_st, n = (size_t)N;
  g->Im = tables + nsb_beam_geom_doubles(N, n_gauss);
  g->Wm = g->Im + 2 * n_st * n;
  g->xs = g->Wm + n;
  memset(g->Im, 0, sizeof(double) * (2 * n_st * n + n + n_st));
  int i = 0;
  g->xs[i++] = 0.0;
  for (int s = 0; s < b->n_sub; ++s) {
    for (int j = 0; j < n_gauss; ++j) g->xs[i++] = b->xq[s * n_gauss + j];
    g->xs[i++] = s < N ? b->xp[s] : b->L;
  }
  /* Magnus points of step i: the 2-point Gauss rule of [x_i, x_{i+1}]
   * (order 4) or its midpoint (order 2). */
  const double c = sqrt(3.0) / 6.0;
  for (int k = 0; k + 1 < g->n_st; ++k) {
    double a = g->xs[k], d = g->xs[k + 1] - a;
    double* I1 = g->Im + n * (size_t)(2 * k);
    double* I2 = I1 + n;
    if (magnus_order == 4) {
      nsb_beam_geom_shape(b, a + d * (0.5 - c), I1, NULL);
      nsb_beam_geom_shape(b, a + d * (0.5 + c), I2, NULL);
    } else {
      nsb_beam_geom_shape(b, a + 0.5 * d, I1, NULL);
    }
    for (int p = 0; p < N; ++p) g->Wm[p] += magnus_order == 4 ? 0.5 * d * (I1[p] + I2[p]) : d * I1[p];
  }
  return 0;
}

/* ---- the Magnus step ------------------------------------------------------ */

/* Omega = (rho, phi) of the step from station k to k + 1 and, if A != NULL,
 * the derivative matrices A_p, B_p (header of this file). */
typedef struct magnus_step {
  nsb_vec3 phi, rho;
} magnus_step;

static magnus_step magnus(const nsb_beam_strain_geom* g, int k, nsb_vec3 E0, nsb_vec3 K0,
                          const double* restrict strains, nsb_mat3* A, nsb_mat3* B) {
  const int N = g->base.N;
  const double d = g->xs[k + 1] - g->xs[k];
  magnus_step m;
  const double* I1 = nsb_beam_strain_Im(g, k, 0);
  nsb_vec3 E1 = interp(E0, strains, 0, I1, N), K1 = interp(K0, strains, 3, I1, N);
  if (g->magnus_order == 2) {
    m.phi = nsb_v3_scale(d, K1);
    m.rho = nsb_v3_scale(d, E1);
    if (A)
      for (int p = 0; p < N; ++p) {
        A[p] = nsb_m3_diag(d * I1[p], d * I1[p], d * I1[p]);
        B[p] = nsb_m3_zero();
      }
    return m;
  }
  const double* I2 = nsb_beam_strain_Im(g, k, 1);
  nsb_vec3 E2 = interp(E0, strains, 0, I2, N), K2 = interp(K0, strains, 3, I2, N);
  const double c2 = sqrt(3.0) * d * d / 12.0;
  m.phi = nsb_v3_muladd(nsb_v3_scale(0.5 * d, nsb_v3_add(K1, K2)), c2, nsb_v3_cross(K1, K2));
  m.rho = nsb_v3_muladd(nsb_v3_scale(0.5 * d, nsb_v3_add(E1, E2)), c2,
                        nsb_v3_sub(nsb_v3_cross(K1, E2), nsb_v3_cross(K2, E1)));
  if (A) {
    nsb_mat3 SK1 = nsb_m3_skew(K1), SK2 = nsb_m3_skew(K2), SE1 = nsb_m3_skew(E1), SE2 = nsb_m3_skew(E2);
    for (int p = 0; p < N; ++p) {
      double s = 0.5 * d * (I1[p] + I2[p]);
      A[p] = nsb_m3_add(nsb_m3_diag(s, s, s),
                        nsb_m3_sub(nsb_m3_scale(c2 * I2[p], SK1), nsb_m3_scale(c2 * I1[p], SK2)));
      B[p] = nsb_m3_sub(nsb_m3_scale(c2 * I2[p], SE1), nsb_m3_scale(c2 * I1[p], SE2));
    }
  }
  return m;
}

/* d(T(phi) rho)/d phi, column j = (dT/dphi_j) rho (closed form of the
   columns, base/so3.h; it replaced the three partial derivatives of T and
   their products with rho, the same up to round-off). */
static nsb_mat3 dT_rho(nsb_vec3 phi, nsb_vec3 rho) { return nsb_so3_dT_rho(phi, rho); }

/* ---- Galerkin weighting: second derivatives of the Magnus step ----------- */

/* Coefficients of T = I + a S + b S^2 and of its first two derivatives in t:
 * al = a'/t, be = b'/t, al2 = (a'' - a'/t)/t^2, be2 = (b'' - b'/t)/t^2,
 * all regular at t = 0.  Below t = 0.2 the series
 *   a = sum_k (-1)^k t^2k/(2k+2)!,  al = sum_{k>=1} (-1)^k 2k t^(2k-2)/(2k+2)!,
 *   al2 = sum_{k>=2} (-1)^k 2k(2k-2) t^(2k-4)/(2k+2)!   (b likewise with (2k+3)!)
 * (truncation < 1e-16 relative with k <= 9); above, the closed forms
 *   a'' = cos t/t^2 - 4 sin t/t^3 + 6(1 - cos t)/t^4,
 *   b'' = sin t/t^3 - 6(1 - cos t)/t^4 + 12(t - sin t)/t^5,
 * whose cancellation costs eps/t^4 < 2e-13 relative. */
static void tcoef2(double t, double* a, double* b, double* al, double* be, double* al2, double* be2) {
  double t2 = t * t;
  if (t < 0.2) {
    double fa = 2.0, fb = 6.0, pw[10]; /* (2k+2)!, (2k+3)!, pw[k] = t^2k */
    pw[0] = 1.0;
    for (int k = 1; k <= 9; ++k) pw[k] = pw[k - 1] * t2;
    *a = *b = *al = *be = *al2 = *be2 = 0.0;
    for (int k = 0; k <= 9; ++k) {
      double sg = (k & 1) ? -1.0 : 1.0;
      *a += sg * pw[k] / fa;
      *b += sg * pw[k] / fb;
      if (k >= 1) {
        *al += sg * 2.0 * k * pw[k - 1] / fa;
        *be += sg * 2.0 * k * pw[k - 1] / fb;
      }
      if (k >= 2) {
        *al2 += sg * 2.0 * k * (2.0 * k - 2.0) * pw[k - 2] / fa;
        *be2 += sg * 2.0 * k * (2.0 * k - 2.0) * pw[k - 2] / fb;
      }
      fa *= (2.0 * k + 3.0) * (2.0 * k + 4.0);
      fb *= (2.0 * k + 4.0) * (2.0 * k + 5.0);
    }
    return;
  }
  double s = sin(t), c = cos(t), sh = sin(0.5 * t), omc = 2.0 * sh * sh, t3 = t2 * t, t4 = t2 * t2;
  *a = omc / t2;
  *b = (t - s) / t3;
  double da = s / t2 - 2.0 * omc / t3, db = omc / t3 - 3.0 * (t - s) / t4;
  double dda = c / t2 - 4.0 * s / t3 + 6.0 * omc / t4, ddb = s / t3 - 6.0 * omc / t4 + 12.0 * (t - s) / (t4 * t);
  *al = da / t;
  *be = db / t;
  *al2 = (dda - *al) / t2;
  *be2 = (ddb - *be) / t2;
}

void nsb_beam_strain_frames(const nsb_beam_strain_geom* g, nsb_vec3 r0, nsb_quat q0, const double* strains,
                            double* r_st, double* q_st) {
  const nsb_vec3 E0 = nsb_v3_load(g->base.E0), K0 = nsb_v3_load(g->base.K0);
  nsb_vec3 r = r0;
  nsb_quat q = nsb_q_normalize(q0);
  for (int k = 0; k < g->n_st; ++k) {
    nsb_v3_store(r, r_st + 3 * k);
    nsb_q_store(q, q_st + 4 * k);
    if (k + 1 == g->n_st) break;
    magnus_step m = magnus(g, k, E0, K0, strains, NULL, NULL);
    nsb_mat3 T;
    const nsb_quat dq = nsb_so3_exp_q_T(m.phi, &T);
    r = nsb_v3_add(r, nsb_q_rotate(q, nsb_m3_mulv(T, m.rho)));
    q = nsb_q_normalize(nsb_q_mul(q, dq));
  }
}

void nsb_beam_strain_set_reference(nsb_beam_strain_geom* g, nsb_vec3 r0, nsb_vec3 rL, const double* q_end,
                                   nsb_beam_point* pts_qp, nsb_beam_point* pts_cp) {
  /* nsb_beam_strain_eval's operations on its configuration (Theta = 0,
     strains zero), in its order: its station frames and closure rows bit
     for bit (tests/test_beam_strain.c checks every row of an evaluation at
     rest zero) */
  const int N = g->base.N, ng = g->base.n_gauss;
  const double strains[6 * NSB_BEAM_MAX_POINTS] = {0};
  const nsb_vec3 E0 = nsb_v3_load(g->base.E0), K0 = nsb_v3_load(g->base.K0), th = nsb_v3_zero();
  const nsb_quat q0 = nsb_q_normalize(nsb_q_mul(nsb_q_load(q_end), nsb_so3_exp_q(th)));
  const nsb_quat qL = nsb_q_normalize(nsb_q_mul(nsb_q_load(q_end + 4), nsb_so3_exp_q(th)));
  nsb_vec3 r = r0;
  nsb_quat q = q0;
  nsb_mat3 R = nsb_q_to_m3(q0), Bm[NSB_BEAM_MAX_POINTS];
  for (int k = 1; k < g->n_st; ++k) {
    magnus_step m = magnus(g, k - 1, E0, K0, strains, NULL, Bm);
    nsb_mat3 T;
    const nsb_quat dq = nsb_so3_exp_q_T(m.phi, &T);
    nsb_vec3 Trho = nsb_m3_mulv(T, m.rho);
    r = nsb_v3_add(r, nsb_m3_mulv(R, Trho));
    q = nsb_q_normalize(nsb_q_mul(q, dq));
    R = nsb_q_to_m3(q);
    const int s = (k - 1) / (ng + 1), j = (k - 1) % (ng + 1);
    nsb_beam_point* pt = j < ng ? (pts_qp ? &pts_qp[s * ng + j] : NULL) : s < N && pts_cp ? &pts_cp[s] : NULL;
    if (pt) {
      nsb_v3_store(r, pt->r);
      nsb_q_store(q, pt->q);
    }
  }
  nsb_v3_store(nsb_v3_sub(rL, r), g->gap);
  nsb_v3_store(nsb_so3_log_q(nsb_q_mul(nsb_q_conj(q), qL)), g->gap + 3);
}

/* ---- Newmark on SO(3) at one point ------------------------------------------ */

typedef struct newmark {
  double cv, ca;           /* gamma/(beta h), 1/(beta h^2) (pseudo-acceleration) */
  double am, af, cat;      /* generalized-alpha (Arnold-Bruls): a from p; cat = d a/d u = ca (1-am)/(1-af) */
  double cvn, cvh, cah, ah; /* v = cv u + cvn v_n + cvh a_n; a = ca (u - h v_n - ah a_n) */
  double h;
} newmark;

/* New state of a point at (r, q), and in *Tit (when not NULL) T(theta)^{-T}
   (identity in statics): only the inertia terms of the tangent read it, and
   its coefficient (a cotangent) is the most expensive part of the update. */
static void update_point(const nsb_beam_point* restrict old, nsb_vec3 r, nsb_quat q, const newmark* nm,
                         nsb_beam_point* restrict cur, nsb_mat3* Tit) {
  nsb_v3_store(r, cur->r);
  nsb_q_store(q, cur->q);
  if (!nm) {
    memset(cur->v, 0, sizeof cur->v);
    memset(cur->a, 0, sizeof cur->a);
    memset(cur->w, 0, sizeof cur->w);
    memset(cur->al, 0, sizeof cur->al);
    if (Tit) *Tit = nsb_m3_identity();
    return;
  }
  nsb_vec3 u = nsb_v3_sub(r, nsb_v3_load(old->r));
  /* a frame that did not turn: no rotation (the product conj(q_n) q of two
     equal quaternions has a vector part of round-off, w y + x z - y w - z x,
     which over beta h^2 was an angular acceleration of a beam at rest) */
  const nsb_quat qo = nsb_q_load(old->q);
  const int same = qo.w == q.w && qo.x == q.x && qo.y == q.y && qo.z == q.z;
  nsb_vec3 th = same ? nsb_v3_zero() : nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qo), q));
  /* Newmark relations on the pseudo-accelerations p; the accelerations follow
     (1 - af) a + af a_n = (1 - am) p + am p_n (Arnold-Bruls; p = a for Newmark) */
  const int ga = nm->am != 0.0 || nm->af != 0.0; /* Newmark: p = a, whatever the p fields hold */
  nsb_vec3 vn = nsb_v3_load(old->v), an = nsb_v3_load(old->a), pn = ga ? nsb_v3_load(old->p) : an;
  nsb_vec3 wn = nsb_v3_load(old->w), aln = nsb_v3_load(old->al), pwn = ga ? nsb_v3_load(old->pw) : aln;
  nsb_vec3 v = nsb_v3_add(nsb_v3_scale(nm->cv, u), nsb_v3_add(nsb_v3_scale(nm->cvn, vn), nsb_v3_scale(nm->cvh, pn)));
  nsb_vec3 p = nsb_v3_scale(nm->ca, nsb_v3_sub(nsb_v3_sub(u, nsb_v3_scale(nm->h, vn)), nsb_v3_scale(nm->ah, pn)));
  nsb_vec3 w = nsb_v3_add(nsb_v3_scale(nm->cv, th), nsb_v3_add(nsb_v3_scale(nm->cvn, wn), nsb_v3_scale(nm->cvh, pwn)));
  nsb_vec3 pw = nsb_v3_scale(nm->ca, nsb_v3_sub(nsb_v3_sub(th, nsb_v3_scale(nm->h, wn)), nsb_v3_scale(nm->ah, pwn)));
  const double s1 = (1.0 - nm->am) / (1.0 - nm->af), s2 = nm->am / (1.0 - nm->af), s3 = nm->af / (1.0 - nm->af);
  nsb_vec3 a = nsb_v3_sub(nsb_v3_add(nsb_v3_scale(s1, p), nsb_v3_scale(s2, pn)), nsb_v3_scale(s3, an));
  nsb_vec3 al = nsb_v3_sub(nsb_v3_add(nsb_v3_scale(s1, pw), nsb_v3_scale(s2, pwn)), nsb_v3_scale(s3, aln));
  nsb_v3_store(v, cur->v);
  nsb_v3_store(a, cur->a);
  nsb_v3_store(w, cur->w);
  nsb_v3_store(al, cur->al);
  nsb_v3_store(p, cur->p);
  nsb_v3_store(pw, cur->pw);
  if (Tit) *Tit = nsb_m3_transpose(nsb_so3_Tinv(th));
}

/* Acceleration restart (nsb_beam_strain_in.acc): the committed state of a
   station with the compatible change of its accelerations, a + J_r acc,
   alpha + J_Theta acc (da, dal: those products, the material spin's
   Jacobian for alpha). */
static void accel_point(const nsb_beam_point* restrict old, nsb_vec3 da, nsb_vec3 dal, nsb_beam_point* restrict cur) {
  *cur = *old;
  nsb_v3_store(nsb_v3_add(nsb_v3_load(old->a), da), cur->a);
  nsb_v3_store(nsb_v3_add(nsb_v3_load(old->al), dal), cur->al);
}

/* ---- the kernel --------------------------------------------------------------- */

/* Running quadrature sums from x = 0 and their Jacobians. */
typedef struct sums {
  nsb_vec3 Fe, Fm;     /* int f_e = -int n,  int rhoA a */
  nsb_vec3 Ige, Igm;   /* -int m,  int R (J alpha + omega x J omega) */
  nsb_vec3 Irfe, Irfm; /* int rho x f_e,  int rho x f_m */
  double dFm[3 * MAXN], dIgm[3 * MAXN], dIrfe[3 * MAXN], dIrfm[3 * MAXN];
} sums;

/* Resultant parts at a section and their Jacobians (3 x n each). */
typedef struct section_res {
  nsb_vec3 Nf, Nm, Mf, Mm;
  double dNf[3 * MAXN], dNm[3 * MAXN], dMf[3 * MAXN], dMm[3 * MAXN];
} section_res;

/* Parts at a section x with relative position rho = r(x) - c, Jacobian Jr:
 *   N_f = N0 + F_e,  N_m = F_m,
 *   M_f = M0 - (rho - rho0) x N0 + I_ge - rho x F_e + I_rfe,
 *   M_m = I_gm - rho x F_m + I_rfm. */
static void section_parts(const sums* restrict S, nsb_vec3 N0, nsb_vec3 M0, nsb_vec3 rho, nsb_vec3 rho0,
                          const double* restrict Jr, const double* restrict Jr0, int n, int iN0, int iM0,
                          int inertia, int want_K, section_res* restrict out) {
  out->Nf = nsb_v3_add(N0, S->Fe);
  out->Nm = S->Fm;
  out->Mf = nsb_v3_add(nsb_v3_sub(M0, nsb_v3_cross(nsb_v3_sub(rho, rho0), N0)),
                       nsb_v3_add(nsb_v3_sub(S->Ige, nsb_v3_cross(rho, S->Fe)), S->Irfe));
  out->Mm = nsb_v3_add(nsb_v3_sub(S->Igm, nsb_v3_cross(rho, S->Fm)), S->Irfm);
  if (!want_K) return;
  jac_zero(out->dNf, n);
  jac_block(out->dNf, iN0, nsb_m3_identity());
  jac_zero(out->dMf, n);
  jac_block(out->dMf, iM0, nsb_m3_identity());
  jac_block(out->dMf, iN0, nsb_m3_skew(nsb_v3_sub(rho0, rho)));
  nsb_mat3 SN0 = nsb_m3_skew(N0);
  jac_muladd(out->dMf, 1.0, nsb_m3_add(SN0, nsb_m3_skew(S->Fe)), Jr, n);
  jac_muladd(out->dMf, -1.0, SN0, Jr0, n);
  jac_axpy(out->dMf, 1.0, S->dIrfe, n);
  jac_zero(out->dNm, n);
  jac_zero(out->dMm, n);
  if (!inertia) return;
  jac_axpy(out->dNm, 1.0, S->dFm, n);
  memcpy(out->dMm, S->dIgm, sizeof(double) * 3 * (size_t)n);
  jac_axpy(out->dMm, 1.0, S->dIrfm, n);
  jac_muladd_skew(out->dMm, 1.0, S->Fm, Jr, n);
  jac_muladd_skew(out->dMm, -1.0, rho, S->dFm, n);
}

/* A point mass m of the translational mass rule (docs/theory_beam_strain.md
 * §10) at a station with state pt, relative position rho and Jacobian Jr
 * joins the running sums like an integration point (no rotary part), so that
 * the sections after the station carry it: its weight m g in the external
 * part (as rhoA g is a distributed load of the element without a rule),
 *   f_e = -m g,  d(rho x f_e) = -S(f_e) dr,
 * and with inertia its force f_m = m (a + alpha v) in the inertial part,
 *   d f_m = m (c_a + alpha c_v) dr,  d(rho x f_m) = (-S(f_m) + m (c_a + alpha c_v) S(rho)) dr. */
static void add_point_mass(sums* restrict S, double m, const nsb_beam_point* pt, nsb_vec3 grav, int inertia,
                           double d_alpha, double cva, nsb_vec3 rho, const double* restrict Jr, int n, int want_K) {
  const nsb_vec3 mg = nsb_v3_scale(m, grav);
  S->Fe = nsb_v3_sub(S->Fe, mg);
  S->Irfe = nsb_v3_sub(S->Irfe, nsb_v3_cross(rho, mg));
  if (want_K) jac_muladd_skew(S->dIrfe, 1.0, mg, Jr, n);
  if (!inertia) return;
  nsb_vec3 fm = nsb_v3_scale(m, nsb_v3_load(pt->a));
  if (d_alpha != 0.0) fm = nsb_v3_muladd(fm, d_alpha * m, nsb_v3_load(pt->v));
  S->Fm = nsb_v3_add(S->Fm, fm);
  S->Irfm = nsb_v3_add(S->Irfm, nsb_v3_cross(rho, fm));
  if (!want_K) return;
  jac_axpy(S->dFm, m * cva, Jr, n);
  jac_muladd_skew(S->dIrfm, 1.0, nsb_v3_sub(nsb_v3_scale(m * cva, rho), fm), Jr, n);
}

/* Averaged resultants N_g, M_g of a section (generalized alpha). */
static void averaged(const section_res* restrict s, const nsb_beam_strain_force* restrict old, double am, double af,
                     nsb_vec3* Ng, nsb_vec3* Mg) {
  *Ng = nsb_v3_add(nsb_v3_scale(1.0 - af, s->Nf), nsb_v3_scale(1.0 - am, s->Nm));
  *Mg = nsb_v3_add(nsb_v3_scale(1.0 - af, s->Mf), nsb_v3_scale(1.0 - am, s->Mm));
  if (old) {
    *Ng = nsb_v3_add(*Ng, nsb_v3_add(nsb_v3_scale(af, nsb_v3_load(old->Nf)), nsb_v3_scale(am, nsb_v3_load(old->Nm))));
    *Mg = nsb_v3_add(*Mg, nsb_v3_add(nsb_v3_scale(af, nsb_v3_load(old->Mf)), nsb_v3_scale(am, nsb_v3_load(old->Mm))));
  }
}
/* K[i0.., :] += s (d N_g) or (d M_g) */
static void rows_averaged(double* restrict K, int n, int i0, double s, const double* restrict dF,
                          const double* restrict dM, double af, double am) {
  rows_add(K, n, i0, s * (1.0 - af), dF);
  rows_add(K, n, i0, s * (1.0 - am), dM);
}
static void store_parts(const section_res* s, nsb_beam_strain_force* out) {
  if (!out) return;
  nsb_v3_store(s->Nf, out->Nf);
  nsb_v3_store(s->Nm, out->Nm);
  nsb_v3_store(s->Mf, out->Mf);
  nsb_v3_store(s->Mm, out->Mm);
}

/* ---- Galerkin rows (docs/theory_beam_strain.md §7) --------------------------- */

/* Hessian in phi of f(phi) = nu . T(phi) rho (its gradient is D(phi, rho)^T nu):
 *   f = a P + b Q,  P = phi . (rho x nu),  Q = (nu.phi)(phi.rho) - t^2 (nu.rho),
 *   H = (al P + be Q) I + (al2 P + be2 Q) phi phi^T + al (phi c^T + c phi^T)
 *       + be (phi g^T + g phi^T) + b (nu rho^T + rho nu^T - 2 (nu.rho) I),
 *   c = rho x nu,  g = grad Q = nu (phi.rho) + rho (nu.phi) - 2 (nu.rho) phi. */
static nsb_mat3 hess_Trho(nsb_vec3 phi, nsb_vec3 rho, nsb_vec3 nu) {
  double a, b, al, be, al2, be2;
  tcoef2(nsb_v3_norm(phi), &a, &b, &al, &be, &al2, &be2);
  nsb_vec3 c = nsb_v3_cross(rho, nu);
  double P = nsb_v3_dot(phi, c), s1 = nsb_v3_dot(nu, phi), s2 = nsb_v3_dot(phi, rho), s3 = nsb_v3_dot(nu, rho);
  double Q = s1 * s2 - nsb_v3_dot(phi, phi) * s3;
  nsb_vec3 gq = nsb_v3_muladd(nsb_v3_add(nsb_v3_scale(s2, nu), nsb_v3_scale(s1, rho)), -2.0 * s3, phi);
  double d = al * P + be * Q - 2.0 * b * s3;
  nsb_mat3 H = nsb_m3_diag(d, d, d);
  H = nsb_m3_muladd(H, al2 * P + be2 * Q, nsb_m3_outer(phi, phi));
  H = nsb_m3_muladd(H, al, nsb_m3_add(nsb_m3_outer(phi, c), nsb_m3_outer(c, phi)));
  H = nsb_m3_muladd(H, be, nsb_m3_add(nsb_m3_outer(phi, gq), nsb_m3_outer(gq, phi)));
  H = nsb_m3_muladd(H, b, nsb_m3_add(nsb_m3_outer(nu, rho), nsb_m3_outer(rho, nu)));
  return H;
}

/* d(T(phi)^T nu)/d phi: column j = (dT/dphi_j)^T nu.  Its transpose is
 * d(D(phi, rho)^T nu)/d rho. */
static nsb_mat3 dTt_nu(nsb_vec3 phi, nsb_vec3 nu) { return nsb_so3_dTt_nu(phi, nu); }

/* One Magnus step i (station i -> i + 1) of the Galerkin rows.  With the
 * local step map  dr_{i+1} = R_i [D dphi + T drho],  dTheta_{i+1} = T^T dphi
 * (station i held) and the section resultants just before station i + 1
 * (loads of the stations <= i; moment about r_{i+1}), nu = R_i^T N_g,
 * mu = R_{i+1}^T M_g:
 *   f_gamma^p -= (1/W_p) A_p^T y2,             y2 = T^T nu,   (W_p = g->Wm[p])
 *   f_kappa^p -= (1/W_p) (A_p^T y1 + B_p^T y2), y1 = D^T nu + T mu,
 * and their derivatives (docs/theory_beam_strain.md §7.3):
 *   dy2 = Ct dphi + T^T Xnu du,   Ct = dTt_nu(phi, nu),
 *   dy1 = (H + D(phi, mu)) dphi + Ct^T drho + (D^T Xnu + T Xmu) du,
 *   Xnu = S(nu) JT_i + R_i^T dN_g,  Xmu = S(mu) JT_{i+1} + R_{i+1}^T dM_g,
 *   dphi = sum_r A_r dkappa^r,  drho = sum_r (A_r dgamma^r + B_r dkappa^r),
 *   d(A_p^T y) = cc_pr S(y) dkappa^r,  d(B_p^T y) = cc_pr S(y) dgamma^r,
 *   cc_pr = c2 (I2p I1r - I1p I2r). */
typedef struct gal_step {
  const nsb_beam_strain_geom* g;
  const nsb_mat3 *A, *B;       /* A_p, B_p of the step */
  const double *I1, *I2;       /* I_p at the Magnus points (I2 = NULL for order 2) */
  double c2;                   /* sqrt(3) D^2/12 (0 for order 2) */
  nsb_vec3 phi, rho;           /* Omega of the step */
  nsb_mat3 Rp, R;              /* R_i, R_{i+1} */
  const double *JTp, *JT;      /* dTheta_i/du, dTheta_{i+1}/du */
} gal_step;

static void galerkin_rows(const gal_step* st, const section_res* restrict sr, int n, double* restrict f,
                          double* restrict K) {
  const int N = st->g->base.N;
  const nsb_vec3 Ng = nsb_v3_add(sr->Nf, sr->Nm), Mg = nsb_v3_add(sr->Mf, sr->Mm);
  const nsb_vec3 nu = nsb_m3_tmulv(st->Rp, Ng), mu = nsb_m3_tmulv(st->R, Mg);
  const nsb_mat3 T = nsb_so3_T(st->phi), Tt = nsb_m3_transpose(T), D = dT_rho(st->phi, st->rho);
  const nsb_vec3 y2 = nsb_m3_mulv(Tt, nu), y1 = nsb_v3_add(nsb_m3_tmulv(D, nu), nsb_m3_mulv(T, mu));
  for (int p = 0; p < N; ++p) {
    const double iW = 1.0 / st->g->Wm[p];
    const int tr = 12 + 6 * p, rr = tr + 3;
    add_vec(f, tr, nsb_v3_scale(-iW, nsb_m3_tmulv(st->A[p], y2)));
    add_vec(f, rr, nsb_v3_scale(-iW, nsb_v3_add(nsb_m3_tmulv(st->A[p], y1), nsb_m3_tmulv(st->B[p], y2))));
  }
  if (!K) return;
  double Xnu[3 * MAXN], Xmu[3 * MAXN], Y1[3 * MAXN], Y2[3 * MAXN];
  jac_zero(Xnu, n);
  jac_muladd_skew(Xnu, 1.0, nu, st->JTp, n);
  nsb_mat3 Rpt = nsb_m3_transpose(st->Rp), Rt = nsb_m3_transpose(st->R);
  jac_muladd(Xnu, 1.0, Rpt, sr->dNf, n);
  jac_muladd(Xnu, 1.0, Rpt, sr->dNm, n);
  jac_zero(Xmu, n);
  jac_muladd_skew(Xmu, 1.0, mu, st->JT, n);
  jac_muladd(Xmu, 1.0, Rt, sr->dMf, n);
  jac_muladd(Xmu, 1.0, Rt, sr->dMm, n);
  jac_zero(Y2, n);
  jac_muladd(Y2, 1.0, Tt, Xnu, n);
  jac_zero(Y1, n);
  jac_muladd(Y1, 1.0, nsb_m3_transpose(D), Xnu, n);
  jac_muladd(Y1, 1.0, T, Xmu, n);
  const nsb_mat3 Ct = dTt_nu(st->phi, nu), Ctt = nsb_m3_transpose(Ct);
  const nsb_mat3 HD = nsb_m3_add(hess_Trho(st->phi, st->rho, nu), dT_rho(st->phi, mu));
  const nsb_mat3 S1 = nsb_m3_skew(y1), S2 = nsb_m3_skew(y2);
  for (int p = 0; p < N; ++p) {
    const double iW = 1.0 / st->g->Wm[p];
    const int tr = 12 + 6 * p, rr = tr + 3;
    const nsb_mat3 Apt = nsb_m3_transpose(st->A[p]), Bpt = nsb_m3_transpose(st->B[p]);
    rows_muladd(K, n, tr, nsb_m3_scale(-iW, Apt), Y2);
    rows_muladd(K, n, rr, nsb_m3_scale(-iW, Apt), Y1);
    rows_muladd(K, n, rr, nsb_m3_scale(-iW, Bpt), Y2);
    for (int r = 0; r < N; ++r) {
      const int cg = 12 + 6 * r, ck = cg + 3;
      const double cc = st->I2 ? st->c2 * (st->I2[p] * st->I1[r] - st->I1[p] * st->I2[r]) : 0.0;
      const nsb_mat3 Ar = st->A[r], Br = st->B[r];
      /* gamma^p row */
      add_block(K, n, tr, ck, nsb_m3_scale(-iW, nsb_m3_muladd(nsb_m3_mul(Apt, nsb_m3_mul(Ct, Ar)), cc, S2)));
      /* kappa^p row */
      nsb_mat3 Kk = nsb_m3_mul(Apt, nsb_m3_add(nsb_m3_mul(HD, Ar), nsb_m3_mul(Ctt, Br)));
      Kk = nsb_m3_add(Kk, nsb_m3_mul(Bpt, nsb_m3_mul(Ct, Ar)));
      add_block(K, n, rr, ck, nsb_m3_scale(-iW, nsb_m3_muladd(Kk, cc, S1)));
      add_block(K, n, rr, cg, nsb_m3_scale(-iW, nsb_m3_muladd(nsb_m3_mul(Apt, nsb_m3_mul(Ctt, Ar)), cc, S2)));
    }
  }
}

/* MASS=LUMPED (docs/contact.md §7.8, docs/theory_beam_strain.md §12): the
 * translational mass rhoA L/2 at each end leaves the 3(N - 1) shear/stretch
 * acceleration modes that hold both ends without inertia, and the
 * acceleration system (nsb_beam_strain_in.acc) singular along them.  Masses
 * m = rhoA L on b_s = sum_p G_s,p (gamma''^p - u), the collocation stations'
 * accelerations from the shear/stretch part with its share u of a uniform
 * strain acceleration taken out, make it regular:
 *   G_s,p = d r_s / d gamma^p = sum of R_i T_i A_p,i over the steps before
 *   station s (no frame turns along gamma), G_L,p the same at L,
 *   u = H^-1 sum_q G_L,q gamma''^q,  H = sum_p G_L,p,
 * so b = 0 for a uniform gamma'' (u = gamma''), and for any gamma'' once the
 * part that moves the end L is taken out: the modes of b are exactly those
 * that hold both ends (on a straight element b_s = a_gamma(x_s) - (x_s/L)
 * a_gamma(L), B2V's departure from the chord).  A solution of the system
 * without the term has a member with b = 0, which solves it with the term
 * whatever m: the node rows and every acceleration an inertia term sees are
 * those of the lumped mass.  Rows (the Galerkin rows' 1/W_p):
 *   f_gamma^p += (m/W_p) sum_s (G_s,p - S_s H^-1 G_L,p)^T b_s,  S_s = sum_r G_s,r.
 * H singular (an element closed on itself, never a beam element in
 * practice): u = 0, b the stations' shear/stretch accelerations. */
static void lumped_rows(const nsb_beam_strain_geom* g, nsb_mat3 Gs[][NSB_BEAM_MAX_POINTS], const nsb_mat3* GL,
                        const double* acc, double m, double* restrict f) {
  const int N = g->base.N;
  nsb_mat3 H = nsb_m3_zero(), Hi = nsb_m3_zero();
  nsb_vec3 dL = nsb_v3_zero();
  for (int p = 0; p < N; ++p) {
    H = nsb_m3_add(H, GL[p]);
    dL = nsb_v3_add(dL, nsb_m3_mulv(GL[p], nsb_v3_load(acc + 12 + 6 * p)));
  }
  (void)nsb_m3_inverse(H, &Hi);
  const nsb_vec3 u = nsb_m3_mulv(Hi, dL);
  for (int s = 0; s < N; ++s) {
    nsb_vec3 bs = nsb_v3_zero();
    nsb_mat3 Ss = nsb_m3_zero();
    for (int p = 0; p < N; ++p) {
      bs = nsb_v3_add(bs, nsb_m3_mulv(Gs[s][p], nsb_v3_sub(nsb_v3_load(acc + 12 + 6 * p), u)));
      Ss = nsb_m3_add(Ss, Gs[s][p]);
    }
    const nsb_mat3 SH = nsb_m3_mul(Ss, Hi);
    for (int p = 0; p < N; ++p) {
      const nsb_mat3 D = nsb_m3_sub(Gs[s][p], nsb_m3_mul(SH, GL[p]));
      add_vec(f, 12 + 6 * p, nsb_v3_scale(m / g->Wm[p], nsb_m3_tmulv(D, bs)));
    }
  }
}

/* One piece on purpose: the strain element's residual and tangent (Zupan &
 * Saje 2003; Češarek 2013 for the dynamic terms, docs/theory_beam_strain.md)
 * as one sweep over the stations from node 0, integrating the configuration
 * (Magnus) and the resultants station by station; each station's rows and
 * Jacobian columns use the running state of the sweep, so the sweep reads top
 * to bottom and the per-station pieces it calls (jac_*, rows_muladd, the
 * closure rows above) are its named steps. */
int nsb_beam_strain_eval(const nsb_beam_strain_in* in, nsb_beam_point* restrict cur_qp,
                         nsb_beam_point* restrict cur_cp, nsb_beam_point* restrict cur_end,
                         nsb_beam_strain_force* restrict cur_res, double* restrict f, double* restrict K) {
  const nsb_beam_strain_geom* g = in->g;
  const nsb_beam_geom* b = &g->base;
  const nsb_beam_section* sec = in->sec;
  const int N = b->N, n = nsb_beam_strain_nlocal(N), ng = b->n_gauss;
  const int iN0 = 12 + 6 * N, iM0 = iN0 + 3;
  const double* u = in->u;
  const double* strains = u + 12;
  const int inertia = in->inertia != 0, want_K = K != NULL;
  const double* acc = in->acc; /* acceleration restart (header) */
  /* acc: the station Jacobians along acc alone, J_r acc and J_Theta acc
     (the sweep's Jacobian recursion applied to one direction) */
  nsb_vec3 dra = acc ? nsb_v3_load(acc) : nsb_v3_zero(), dTa = acc ? nsb_v3_load(acc + 3) : nsb_v3_zero();
  const double am = in->alpha_m, af = in->alpha_f;
  const nsb_beam_strain_force* old_res = in->old_res;
  const int gal = in->galerkin != 0;
  /* Galerkin rows need the resultants at every station: no stored old parts */
  if (gal && (am != 0.0 || af != 0.0)) return -1;
  if (acc && (want_K || !inertia || am != 0.0 || af != 0.0)) return -1;

  newmark nmv = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, in->h};
  if (inertia && !acc) {
    const double h = in->h, be = in->beta, ga = in->gamma_n;
    nmv.cv = ga / (be * h);
    nmv.ca = 1.0 / (be * h * h);
    nmv.cvn = 1.0 - ga / be;
    nmv.cvh = h * (1.0 - ga / (2.0 * be));
    nmv.ah = h * h * (0.5 - be);
    nmv.am = in->kin_alpha_m;
    nmv.af = in->kin_alpha_f;
    nmv.cat = nmv.ca * (1.0 - nmv.am) / (1.0 - nmv.af);
  }
  const newmark* nm = inertia ? &nmv : NULL;

  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  /* Rayleigh damping (dynamic only; docs/theory_beam_strain.md §9): the
     Kelvin-Voigt law N_G = C_N (gamma + beta (gamma - gamma_n)/h), whose
     derivative by the strain unknown is C_N (1 + beta/h) (CNd), and
     alpha (rhoA v, J omega) with the inertia (d/dr: c_a + alpha c_v, cva) */
  const double d_alpha = inertia ? sec->alpha : 0.0, d_beta = inertia && !acc ? sec->beta : 0.0;
  const double beta_h = d_beta != 0.0 ? d_beta / in->h : 0.0;
  const nsb_vec3 CNd = d_beta != 0.0 ? nsb_v3_scale(1.0 + beta_h, CN) : CN;
  const nsb_vec3 CMd = d_beta != 0.0 ? nsb_v3_scale(1.0 + beta_h, CM) : CM;
  const double cva = d_alpha != 0.0 ? nmv.cat + d_alpha * nmv.cv : nmv.cat;
  const nsb_vec3 Jd = nsb_v3_load(sec->rhoJ);
  const nsb_mat3 Jm = nsb_m3_diag(Jd.x, Jd.y, Jd.z);
  const nsb_vec3 nl = nsb_v3_load(in->n_load), ml = nsb_v3_load(in->m_load);
  const nsb_vec3 E0 = nsb_v3_load(b->E0), K0 = nsb_v3_load(b->K0);
  const nsb_vec3 cref = nsb_v3_load(in->old_end[0].r);
  /* Translational mass rule (docs/theory_beam_strain.md §10): no rhoA at the
     integration points (their rotary inertia and loads stay); point masses
     rhoA w_k at the rule's points: x = 0 (end state), collocation points
     (their states), L (end state, in the node-1 rows), weight in g */
  const int rule = b->massless_end >= 0;
  const double rhoA_q = rule ? 0.0 : sec->rhoA;
  const nsb_vec3 grav = nsb_v3_load(in->grav);

  const nsb_vec3 r0 = nsb_v3_load(u), th0 = nsb_v3_load(u + 3);
  const nsb_vec3 rL = nsb_v3_load(u + 6), thL = nsb_v3_load(u + 9);
  const nsb_vec3 N0 = nsb_v3_load(u + iN0), M0 = nsb_v3_load(u + iM0);
  const nsb_quat q0 = nsb_q_normalize(nsb_q_mul(nsb_q_load(in->q_end), nsb_so3_exp_q(th0)));
  const nsb_quat qL = nsb_q_normalize(nsb_q_mul(nsb_q_load(in->q_end + 4), nsb_so3_exp_q(thL)));
  const nsb_mat3 R0 = nsb_q_to_m3(q0), RL = nsb_q_to_m3(qL);

  memset(f, 0, sizeof(double) * (size_t)n);
  if (want_K) memset(K, 0, sizeof(double) * (size_t)n * (size_t)n);

  /* node states */
  if (acc) {
    for (int e = 0; e < 2; ++e) {
      cur_end[e] = in->old_end[e];
      for (int i = 0; i < 3; ++i) {
        cur_end[e].a[i] += acc[6 * e + i];
        cur_end[e].al[i] += acc[6 * e + 3 + i];
      }
    }
  } else {
    update_point(&in->old_end[0], r0, q0, nm, &cur_end[0], NULL);
    update_point(&in->old_end[1], rL, qL, nm, &cur_end[1], NULL);
  }
  memcpy(cur_end[0].E, in->old_end[0].E, sizeof cur_end[0].E);
  memcpy(cur_end[0].K, in->old_end[0].K, sizeof cur_end[0].K);
  memcpy(cur_end[1].E, in->old_end[1].E, sizeof cur_end[1].E);
  memcpy(cur_end[1].K, in->old_end[1].K, sizeof cur_end[1].K);

  /* ---- node-0 rows: -N_g(0), -R0^T M_g(0) ---- */
  const nsb_vec3 rho0 = nsb_v3_sub(r0, cref);
  double Jr0[3 * MAXN];
  jac_zero(Jr0, n);
  jac_block(Jr0, 0, nsb_m3_identity());
  {
    section_res s0;
    sums z;
    memset(&z, 0, sizeof z);
    section_parts(&z, N0, M0, rho0, rho0, Jr0, Jr0, n, iN0, iM0, 0, 0, &s0);
    nsb_vec3 Ng, Mg;
    averaged(&s0, old_res ? &old_res[N] : NULL, am, af, &Ng, &Mg);
    store_parts(&s0, cur_res ? &cur_res[N] : NULL);
    nsb_vec3 RtM = nsb_m3_tmulv(R0, Mg);
    add_vec(f, 0, nsb_v3_neg(Ng));
    add_vec(f, 3, nsb_v3_neg(RtM));
    if (want_K) {
      add_block(K, n, 0, iN0, nsb_m3_scale(-(1.0 - af), nsb_m3_identity()));
      add_block(K, n, 3, iM0, nsb_m3_scale(-(1.0 - af), nsb_m3_transpose(R0)));
      add_block(K, n, 3, 3, nsb_m3_scale(-1.0, nsb_m3_skew(RtM)));
    }
  }

  /* ---- sweep over the stations ---- */
  nsb_vec3 r = r0;
  nsb_quat q = q0;
  nsb_mat3 R = R0;
  double Jr[3 * MAXN], JT[3 * MAXN], Jr1[3 * MAXN], JT1[3 * MAXN], JTp[3 * MAXN];
  jac_zero(Jr, n);
  jac_zero(JT, n);
  jac_block(Jr, 0, nsb_m3_identity());
  jac_block(JT, 3, nsb_m3_identity());
  sums S;
  memset(&S, 0, sizeof S);
  for (int k = 0; rule && k < b->n_mp; ++k)
    if (b->mp->src[k] == -1)
      add_point_mass(&S, sec->rhoA * b->mp->w[k], &cur_end[0], grav, inertia, d_alpha, cva, rho0, Jr0, n, want_K);
  section_res sr;
  nsb_mat3 Am[NSB_BEAM_MAX_POINTS], Bm[NSB_BEAM_MAX_POINTS];
  /* MASS=LUMPED in the acceleration system (lumped_rows): G_p = d r / d
     gamma^p along the sweep, kept at the collocation stations */
  const int lump = acc && b->massless_end == NSB_BEAM_MASS_ENDS;
  nsb_mat3 Gg[NSB_BEAM_MAX_POINTS], Gs[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N && lump; ++p) Gg[p] = nsb_m3_zero();
  const nsb_vec3 fe = nsb_v3_neg(nl), ge = nsb_v3_neg(ml);

  for (int k = 1; k < g->n_st; ++k) {
    /* Magnus step k-1 -> k */
    gal_step gs;
    {
      magnus_step m = magnus(g, k - 1, E0, K0, strains, (want_K || acc || gal) ? Am : NULL, Bm);
      if (gal) {
        gs.g = g;
        gs.A = Am;
        gs.B = Bm;
        gs.I1 = nsb_beam_strain_Im(g, k - 1, 0);
        gs.I2 = g->magnus_order == 4 ? nsb_beam_strain_Im(g, k - 1, 1) : NULL;
        const double d = g->xs[k] - g->xs[k - 1];
        gs.c2 = g->magnus_order == 4 ? sqrt(3.0) * d * d / 12.0 : 0.0;
        gs.phi = m.phi;
        gs.rho = m.rho;
        gs.Rp = R;
        gs.JTp = JTp;
        gs.JT = JT;
        if (want_K) memcpy(JTp, JT, sizeof(double) * 3 * (size_t)n);
      }
      nsb_mat3 T;
      const nsb_quat dq = nsb_so3_exp_q_T(m.phi, &T); /* exp(S(phi)) and T(phi) from one sine */
      nsb_vec3 Trho = nsb_m3_mulv(T, m.rho);
      if (acc) { /* dr <- dr - R S(T rho) dTheta + R (D dphi + T drho), dTheta <- Q^T dTheta + T^T dphi */
        nsb_vec3 dphi = nsb_v3_zero(), drho = nsb_v3_zero();
        for (int p = 0; p < N; ++p) {
          const nsb_vec3 ag = nsb_v3_load(acc + 12 + 6 * p), ak = nsb_v3_load(acc + 15 + 6 * p);
          dphi = nsb_v3_add(dphi, nsb_m3_mulv(Am[p], ak));
          drho = nsb_v3_add(drho, nsb_v3_add(nsb_m3_mulv(Am[p], ag), nsb_m3_mulv(Bm[p], ak)));
        }
        nsb_vec3 t = nsb_v3_add(nsb_m3_mulv(dT_rho(m.phi, m.rho), dphi), nsb_m3_mulv(T, drho));
        dra = nsb_v3_add(dra, nsb_m3_mulv(R, nsb_v3_sub(t, nsb_v3_cross(Trho, dTa))));
        dTa = nsb_v3_add(nsb_m3_tmulv(nsb_q_to_m3(dq), dTa), nsb_m3_tmulv(T, dphi));
        if (lump) {
          const nsb_mat3 RT = nsb_m3_mul(R, T);
          for (int p = 0; p < N; ++p) Gg[p] = nsb_m3_add(Gg[p], nsb_m3_mul(RT, Am[p]));
        }
      }
      if (want_K) {
        nsb_mat3 Qt = nsb_m3_transpose(nsb_q_to_m3(dq));
        nsb_mat3 RD = nsb_m3_mul(R, dT_rho(m.phi, m.rho)), RT = nsb_m3_mul(R, T), Tt = nsb_m3_transpose(T);
        memcpy(Jr1, Jr, sizeof(double) * 3 * (size_t)n);
        jac_muladd(Jr1, -1.0, nsb_m3_mul(R, nsb_m3_skew(Trho)), JT, n);
        jac_zero(JT1, n);
        jac_muladd(JT1, 1.0, Qt, JT, n);
        for (int p = 0; p < N; ++p) {
          const int cg = 12 + 6 * p, ck = cg + 3;
          jac_block(Jr1, cg, nsb_m3_mul(RT, Am[p]));
          jac_block(Jr1, ck, nsb_m3_add(nsb_m3_mul(RD, Am[p]), nsb_m3_mul(RT, Bm[p])));
          jac_block(JT1, ck, nsb_m3_mul(Tt, Am[p]));
        }
        memcpy(Jr, Jr1, sizeof(double) * 3 * (size_t)n);
        memcpy(JT, JT1, sizeof(double) * 3 * (size_t)n);
      }
      r = nsb_v3_add(r, nsb_m3_mulv(R, Trho));
      q = nsb_q_normalize(nsb_q_mul(q, dq));
      R = nsb_q_to_m3(q);
    }
    const int s = (k - 1) / (ng + 1), j = (k - 1) % (ng + 1);
    const nsb_vec3 rho = nsb_v3_sub(r, cref);
    /* resultants just before station k (loads of the stations < k) */
    if (gal || j == ng) section_parts(&S, N0, M0, rho, rho0, Jr, Jr0, n, iN0, iM0, inertia, want_K, &sr);
    if (gal) {
      gs.R = R;
      galerkin_rows(&gs, &sr, n, f, want_K ? K : NULL);
    }

    if (j < ng) {
      /* ---- integration point qi ---- */
      const int qi = s * ng + j;
      nsb_beam_point* cur = &cur_qp[qi];
      nsb_mat3 Tit;
      if (acc)
        accel_point(&in->old_qp[qi], dra, dTa, cur);
      else
        update_point(&in->old_qp[qi], r, q, nm, cur, want_K && inertia ? &Tit : NULL);
      nsb_v3_store(interp(E0, strains, 0, nsb_beam_geom_row(b, b->Iq, qi), N), cur->E);
      nsb_v3_store(interp(K0, strains, 3, nsb_beam_geom_row(b, b->Iq, qi), N), cur->K);
      const double w = b->wq[qi];
      S.Fe = nsb_v3_muladd(S.Fe, w, fe);
      S.Ige = nsb_v3_muladd(S.Ige, w, ge);
      S.Irfe = nsb_v3_muladd(S.Irfe, w, nsb_v3_cross(rho, fe));
      if (want_K) jac_muladd_skew(S.dIrfe, w, nl, Jr, n); /* d(rho x f_e) = -S(f_e) dr */
      if (!inertia) continue;
      nsb_vec3 om = nsb_v3_load(cur->w), Jw = diag_mulv(Jd, om);
      nsb_vec3 inm = nsb_v3_add(diag_mulv(Jd, nsb_v3_load(cur->al)), nsb_v3_cross(om, Jw));
      nsb_vec3 fm = nsb_v3_scale(rhoA_q, nsb_v3_load(cur->a));
      if (d_alpha != 0.0) { /* + alpha rhoA v, + alpha J omega (with the inertial part) */
        fm = nsb_v3_muladd(fm, d_alpha * rhoA_q, nsb_v3_load(cur->v));
        inm = nsb_v3_muladd(inm, d_alpha, Jw);
      }
      nsb_vec3 gm = nsb_m3_mulv(R, inm);
      S.Fm = nsb_v3_muladd(S.Fm, w, fm);
      S.Igm = nsb_v3_muladd(S.Igm, w, gm);
      S.Irfm = nsb_v3_muladd(S.Irfm, w, nsb_v3_cross(rho, fm));
      if (!want_K) continue;
      const double mca = rhoA_q * cva;
      /* d f_m = rhoA c_a dr;  d(rho x f_m) = (-S(f_m) + rhoA c_a S(rho)) dr */
      jac_axpy(S.dFm, w * mca, Jr, n);
      jac_muladd_skew(S.dIrfm, w, nsb_v3_sub(nsb_v3_scale(mca, rho), fm), Jr, n);
      /* d g_m = -R S(inm) dTheta + R [c_a J + c_v (S(omega) J - S(J omega))] dtheta */
      jac_muladd(S.dIgm, -w, nsb_m3_mul(R, nsb_m3_skew(inm)), JT, n);
      nsb_mat3 Gw = nsb_m3_muladd(nsb_m3_scale(cva, Jm), nmv.cv,
                                  nsb_m3_sub(nsb_m3_mul(nsb_m3_skew(om), Jm), nsb_m3_skew(Jw)));
      jac_muladd(S.dIgm, w, nsb_m3_mul(R, nsb_m3_mul(Gw, Tit)), JT, n);
      continue;
    }

    if (s < N) {
      /* ---- collocation point s: R C_N gamma^s - N_g, R C_M kappa^s - M_g ---- */
      nsb_beam_point* cur = &cur_cp[s];
      if (lump) memcpy(Gs[s], Gg, sizeof(nsb_mat3) * (size_t)N);
      if (acc)
        accel_point(&in->old_cp[s], dra, dTa, cur);
      else
        update_point(&in->old_cp[s], r, q, nm, cur, NULL);
      /* a point mass of the rule here acts on the sections after x_s (the
         rows at x_s read N_g(x_s^-), already in sr) */
      for (int im = 0; rule && im < b->n_mp; ++im)
        if (b->mp->src[im] == s)
          add_point_mass(&S, sec->rhoA * b->mp->w[im], cur, grav, inertia, d_alpha, cva, rho, Jr, n, want_K);
      nsb_vec3 ga = nsb_v3_load(strains + 6 * s), ka = nsb_v3_load(strains + 6 * s + 3);
      nsb_v3_store(nsb_v3_add(E0, ga), cur->E);
      nsb_v3_store(nsb_v3_add(K0, ka), cur->K);
      nsb_vec3 NG = diag_mulv(CN, ga), MG = diag_mulv(CM, ka), Ng, Mg;
      if (d_beta != 0.0) {
        NG = nsb_v3_add(NG, diag_mulv(nsb_v3_scale(beta_h, CN), nsb_v3_sub(nsb_v3_load(cur->E), nsb_v3_load(in->old_cp[s].E))));
        MG = nsb_v3_add(MG, diag_mulv(nsb_v3_scale(beta_h, CM), nsb_v3_sub(nsb_v3_load(cur->K), nsb_v3_load(in->old_cp[s].K))));
      } else if (acc && in->acc_rates) { /* the restart's kept beta stress (header) */
        const double* rk = in->acc_rates + 6 * s;
        NG = nsb_v3_add(NG, diag_mulv(nsb_v3_scale(sec->beta, CN), nsb_v3_load(rk)));
        MG = nsb_v3_add(MG, diag_mulv(nsb_v3_scale(sec->beta, CM), nsb_v3_load(rk + 3)));
      }
      averaged(&sr, old_res ? &old_res[s] : NULL, am, af, &Ng, &Mg);
      store_parts(&sr, cur_res ? &cur_res[s] : NULL);
      const int tr = 12 + 6 * s, rr = tr + 3;
      if (gal) {
        /* Galerkin: the constitutive part (1/W_s) W_s C gamma^s of the
           interior rows (material); the resultant part is in galerkin_rows */
        add_vec(f, tr, NG);
        add_vec(f, rr, MG);
        if (want_K) {
          add_block(K, n, tr, tr, nsb_m3_diag(CNd.x, CNd.y, CNd.z));
          add_block(K, n, rr, rr, nsb_m3_diag(CMd.x, CMd.y, CMd.z));
        }
        continue;
      }
      add_vec(f, tr, nsb_v3_sub(nsb_m3_mulv(R, NG), Ng));
      add_vec(f, rr, nsb_v3_sub(nsb_m3_mulv(R, MG), Mg));
      if (!want_K) continue;
      /* d(R C gamma) = -R S(C gamma) dTheta + R C dgamma */
      rows_muladd(K, n, tr, nsb_m3_scale(-1.0, nsb_m3_mul(R, nsb_m3_skew(NG))), JT);
      rows_muladd(K, n, rr, nsb_m3_scale(-1.0, nsb_m3_mul(R, nsb_m3_skew(MG))), JT);
      add_block(K, n, tr, tr, nsb_m3_transpose(diag_mul(CNd, nsb_m3_transpose(R))));
      add_block(K, n, rr, rr, nsb_m3_transpose(diag_mul(CMd, nsb_m3_transpose(R))));
      rows_averaged(K, n, tr, -1.0, sr.dNf, sr.dNm, af, am);
      rows_averaged(K, n, rr, -1.0, sr.dMf, sr.dMm, af, am);
    } else {
      /* ---- x = L: node-1 rows +N_g(L), +R^L^T M_g(L); closure rows ---- */
      /* a point mass of the rule at L: on node 1 (r^L, its state; no moment
         about r(L), which the closure makes r^L) */
      for (int im = 0; rule && im < b->n_mp; ++im) {
        if (b->mp->src[im] != -2) continue;
        const double mk = sec->rhoA * b->mp->w[im];
        sr.Nf = nsb_v3_muladd(sr.Nf, -mk, grav);
        if (!inertia) continue;
        nsb_vec3 fm = nsb_v3_scale(mk, nsb_v3_load(cur_end[1].a));
        if (d_alpha != 0.0) fm = nsb_v3_muladd(fm, d_alpha * mk, nsb_v3_load(cur_end[1].v));
        sr.Nm = nsb_v3_add(sr.Nm, fm);
        if (want_K) jac_block(sr.dNm, 6, nsb_m3_scale(mk * cva, nsb_m3_identity()));
      }
      nsb_vec3 Ng, Mg;
      averaged(&sr, old_res ? &old_res[N + 1] : NULL, am, af, &Ng, &Mg);
      store_parts(&sr, cur_res ? &cur_res[N + 1] : NULL);
      nsb_vec3 RtM = nsb_m3_tmulv(RL, Mg);
      add_vec(f, 6, Ng);
      add_vec(f, 9, RtM);
      nsb_quat dqc = nsb_q_mul(nsb_q_conj(q), qL);
      nsb_vec3 c = nsb_so3_log_q(dqc);
      if (acc) { /* the closure's second time derivative (R(L) = R^L) */
        add_vec(f, iN0, nsb_v3_sub(nsb_v3_load(acc + 6), dra));
        add_vec(f, iM0, nsb_v3_sub(nsb_v3_load(acc + 9), dTa));
        continue;
      }
      /* less the reference's closure rows (nsb_beam_strain_set_reference) */
      add_vec(f, iN0, nsb_v3_sub(nsb_v3_sub(rL, r), nsb_v3_load(g->gap)));
      add_vec(f, iM0, nsb_v3_sub(c, nsb_v3_load(g->gap + 3)));
      if (!want_K) continue;
      rows_averaged(K, n, 6, 1.0, sr.dNf, sr.dNm, af, am);
      nsb_mat3 RLt = nsb_m3_transpose(RL);
      double Jtmp[3 * MAXN];
      jac_zero(Jtmp, n);
      jac_axpy(Jtmp, 1.0 - af, sr.dMf, n);
      jac_axpy(Jtmp, 1.0 - am, sr.dMm, n);
      rows_muladd(K, n, 9, RLt, Jtmp);
      add_block(K, n, 9, 9, nsb_m3_skew(RtM));
      /* closure */
      add_block(K, n, iN0, 6, nsb_m3_identity());
      rows_add(K, n, iN0, -1.0, Jr);
      nsb_mat3 Tic = nsb_m3_transpose(nsb_so3_Tinv(c));
      add_block(K, n, iM0, 9, Tic);
      rows_muladd(K, n, iM0, nsb_m3_scale(-1.0, nsb_m3_mul(Tic, nsb_m3_transpose(nsb_q_to_m3(dqc)))), JT);
    }
  }

  if (lump) lumped_rows(g, Gs, Gg, acc, sec->rhoA * b->L, f);

  /* Rotation slots: material spin dTheta_mat = T(Theta)^T dTheta_slot, so
   * the columns become K_mat T(Theta)^T (identity for Theta = 0). */
  if (want_K) {
    for (int e = 0; e < 2; ++e) {
      const int j0 = e == 0 ? 3 : 9;
      nsb_mat3 Tt = nsb_m3_transpose(nsb_so3_T(e == 0 ? th0 : thL));
      for (int i = 0; i < n; ++i) {
        nsb_vec3 row = nsb_v3(K[i + (size_t)n * j0], K[i + (size_t)n * (j0 + 1)], K[i + (size_t)n * (j0 + 2)]);
        nsb_vec3 nr = nsb_m3_tmulv(Tt, row); /* row * Tt = (Tt^T row^T)^T */
        K[i + (size_t)n * j0] = nr.x;
        K[i + (size_t)n * (j0 + 1)] = nr.y;
        K[i + (size_t)n * (j0 + 2)] = nr.z;
      }
    }
  }
  return 0;
}

/* ---- equilibrium resultants along the element (output) -------------------- */

/* Stored state of station k (0: the end-0 state; integration points;
 * collocation points); NULL for the station at L, which has none. */
static const nsb_beam_point* station_state(const nsb_beam_strain_geom* g, const nsb_beam_field* f, int k) {
  const int ng = g->base.n_gauss;
  if (k == 0) return &f->end[0];
  const int s = (k - 1) / (ng + 1), j = (k - 1) % (ng + 1);
  if (j < ng) return &f->qp[s * ng + j];
  return s < g->base.N ? &f->cp[s] : NULL;
}

void nsb_beam_strain_resultants_at(const nsb_beam_strain_geom* g, const nsb_beam_field* f, int n, const double* x,
                                   nsb_beam_resultant* out) {
  const nsb_beam_geom* b = &g->base;
  const int N = b->N;
  const nsb_vec3 E0 = nsb_v3_load(b->E0), K0 = nsb_v3_load(b->K0);
  /* the strain unknowns, from the collocation states (also after an
     initial-acceleration evaluation, whose local unknowns are rates) */
  double strains[6 * NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) {
    nsb_v3_store(nsb_v3_sub(nsb_v3_load(f->cp[p].E), nsb_v3_load(b->E0)), strains + 6 * p);
    nsb_v3_store(nsb_v3_sub(nsb_v3_load(f->cp[p].K), nsb_v3_load(b->K0)), strains + 6 * p + 3);
  }
  for (int i = 0; i < n; ++i) {
    const double xi = x[i] < 0.0 ? 0.0 : x[i] > b->L ? b->L : x[i];
    int k = 0; /* the last station at or before x that has a state (not L) */
    while (k + 2 < g->n_st && g->xs[k + 1] <= xi) ++k;
    const nsb_beam_point* st = station_state(g, f, k);
    /* one Magnus step from station k to x (the kernel's step, on [x_k, x]) */
    const double d = xi - g->xs[k];
    nsb_vec3 phi, rho;
    if (g->magnus_order == 2) {
      double I1[NSB_BEAM_MAX_POINTS];
      nsb_beam_geom_shape(b, g->xs[k] + 0.5 * d, I1, NULL);
      phi = nsb_v3_scale(d, interp(K0, strains, 3, I1, N));
      rho = nsb_v3_scale(d, interp(E0, strains, 0, I1, N));
    } else {
      const double c = sqrt(3.0) / 6.0, c2 = sqrt(3.0) * d * d / 12.0;
      double I1[NSB_BEAM_MAX_POINTS], I2[NSB_BEAM_MAX_POINTS];
      nsb_beam_geom_shape(b, g->xs[k] + d * (0.5 - c), I1, NULL);
      nsb_beam_geom_shape(b, g->xs[k] + d * (0.5 + c), I2, NULL);
      nsb_vec3 E1 = interp(E0, strains, 0, I1, N), K1 = interp(K0, strains, 3, I1, N);
      nsb_vec3 E2 = interp(E0, strains, 0, I2, N), K2 = interp(K0, strains, 3, I2, N);
      phi = nsb_v3_muladd(nsb_v3_scale(0.5 * d, nsb_v3_add(K1, K2)), c2, nsb_v3_cross(K1, K2));
      rho = nsb_v3_muladd(nsb_v3_scale(0.5 * d, nsb_v3_add(E1, E2)), c2,
                          nsb_v3_sub(nsb_v3_cross(K1, E2), nsb_v3_cross(K2, E1)));
    }
    const nsb_quat qk = nsb_q_load(st->q);
    nsb_mat3 T;
    const nsb_quat dq = nsb_so3_exp_q_T(phi, &T);
    nsb_v3_store(nsb_v3_add(nsb_v3_load(st->r), nsb_q_rotate(qk, nsb_m3_mulv(T, rho))), out[i].r);
    nsb_q_store(nsb_q_normalize(nsb_q_mul(qk, dq)), out[i].q);
  }
  nsb_beam_equilibrium_at(f, n, x, out);
}

void nsb_beam_strain_average(const nsb_beam_resultant* cur, const nsb_beam_strain_force* old, double alpha_m,
                             double alpha_f, double* Ng, double* Mg) {
  const double* oNf = old ? old->Nf : cur->Nf;
  const double* oNm = old ? old->Nm : cur->Nm;
  const double* oMf = old ? old->Mf : cur->Mf;
  const double* oMm = old ? old->Mm : cur->Mm;
  for (int c = 0; c < 3; ++c) {
    Ng[c] = (1.0 - alpha_f) * cur->Nf[c] + alpha_f * oNf[c] + (1.0 - alpha_m) * cur->Nm[c] + alpha_m * oNm[c];
    Mg[c] = (1.0 - alpha_f) * cur->Mf[c] + alpha_f * oMf[c] + (1.0 - alpha_m) * cur->Mm[c] + alpha_m * oMm[c];
  }
}

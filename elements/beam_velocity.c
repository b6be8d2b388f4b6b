/* beam_velocity.c -- velocity-based geometrically exact beam element kernel.
 *
 * Češarek et al. 2013 (§6.1.2, §6.3.2); the contract (unknowns,
 * layout, equations) is the comment in beam_velocity.h and the derivations,
 * including the tangent that the thesis lost (its §6.4.2), are in
 * docs/theory_beam.md.  Summary of the linearization (material spin dTheta,
 * R -> R exp(S(dTheta)); c_v = 1/beta, c_a = 1/(beta gamma h)):
 *
 *   dTheta = h T^T dwbar,  dr = h dvbar,  dv = c_v dvbar,  da = c_a dvbar,
 *   domega = c_v dwbar,    dalpha = c_a dwbar,
 *   dE = S(E) dTheta + h R^T dvbar',
 *   dK = dTheta' + K x dTheta,  dTheta' = h (dT/dx)^T dwbar + h T^T dwbar',
 *   dT/dx = nsb_so3_T_dot(h wbar, h wbar'),
 *   d(R N_G) = -R S(N_G) dTheta + R C_N dE,   d(R M_G) likewise,
 *   d(R J alpha + R(omega x J omega)) = -R S(J alpha + omega x J omega) dTheta
 *                                       + c_a R J dwbar + c_v R (S(omega) J - S(J omega)) dwbar.
 *
 * Moments are taken about c = r_n(0) (the old position of end 0): the
 * integrated-by-parts M_g is independent of that point exactly (also after
 * quadrature), and relative positions rho = r - c keep the cross products
 * r x F free of cancellation when the element is far from the origin.
 *
 * Tangent organisation.  Every unknown enters a point through the column
 * groups "0" (vbar^0 / wbar^0, weight 1) and "p" (vbar'^p / wbar'^p, weight
 * J_p(x)).  The quadrature sums that make F and M_g are accumulated per
 * column group while sweeping the sub-intervals from x = 0; at the end of
 * sub-interval s the running sums are exactly the integrals from 0 to x_{s+1}
 * (or to L), so each collocation row block and the node-1 block are emitted
 * in one pass with O(n_qp N) 3x3 work and no dense intermediates.  The
 * translational part of the quadrature terms is skew (S(h f) and
 * S(rhoA c_a rho)) and is accumulated as a vector; only the rotational
 * inertia needs 3x3 accumulators.
 */
#include "elements/beam_velocity.h"
#include "elements/beam_pair.h"

#include <string.h>

/* ---- geometry helpers -------------------------------------------------- */

/* Gauss-Legendre rule of n points on [-1, 1], nodes ascending.  Newton on
 * P_n from the asymptotic guess cos(pi (i + 3/4)/(n + 1/2)); w = 2/((1-z^2) P_n'(z)^2). */
static void gauss_legendre(int n, double* x, double* w) {
  const double pi = acos(-1.0);
  for (int i = 0; i < n; ++i) {
    double z = cos(pi * (i + 0.75) / (n + 0.5)), dp = 1.0;
    for (int it = 0; it < 100; ++it) {
      double p0 = 1.0, p1 = z;
      for (int k = 2; k <= n; ++k) {
        double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      dp = n * (z * p1 - p0) / (z * z - 1.0);
      double dz = p1 / dp;
      z -= dz;
      if (fabs(dz) <= 1e-16) break;
    }
    {
      double p0 = 1.0, p1 = z;
      for (int k = 2; k <= n; ++k) {
        double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      dp = n * (z * p1 - p0) / (z * z - 1.0);
    }
    x[n - 1 - i] = z;
    w[n - 1 - i] = 2.0 / ((1.0 - z * z) * dp * dp);
  }
}

/* Lagrange polynomial I_p(x) on the points xp[0..N-1] (product form). */
static double lagrange(const double* xp, int N, int p, double x) {
  double v = 1.0;
  for (int j = 0; j < N; ++j)
    if (j != p) v *= (x - xp[j]) / (xp[p] - xp[j]);
  return v;
}

void nsb_beam_geom_shape(const nsb_beam_geom* g, double x, double* Ix, double* Jx) {
  /* J_p(x) = int_0^x I_p: the collocation points are the N-point Gauss rule
   * of [0, L] with weights JL, so (x/L) xp_i, (x/L) JL_i is the Gauss rule of
   * [0, x], exact for the degree N - 1 of I_p. */
  const int N = g->N;
  const double s = x / g->L;
  for (int p = 0; p < N; ++p) {
    if (Ix) Ix[p] = lagrange(g->xp, N, p, x);
    if (Jx) {
      double acc = 0.0;
      for (int i = 0; i < N; ++i) acc += g->JL[i] * lagrange(g->xp, N, p, s * g->xp[i]);
      Jx[p] = s * acc;
    }
  }
}

int nsb_beam_geom_init(nsb_beam_geom* g, double* tables, int N, int n_gauss, nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB,
                       nsb_quat qB, nsb_beam_point* pts_qp, nsb_beam_point* pts_cp) {
  if (!g || !tables || N < 1 || N > NSB_BEAM_MAX_POINTS || n_gauss < 1 || n_gauss > NSB_BEAM_MAX_GAUSS) return -1;
  const double pi = acos(-1.0);
  qA = nsb_q_normalize(qA);
  qB = nsb_q_normalize(qB);
  /* phi = log(R_A^T R_B), c = T(phi)^{-1} R_A^T (X_B - X_A) = L E0 (exact:
   * int_0^L exp(xi S(K0)) dxi = L T(L K0)). */
  nsb_vec3 phi = nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qA), qB));
  if (!(nsb_v3_norm(phi) < pi - 1e-9)) return -1;
  nsb_vec3 d = nsb_v3_sub(XB, XA);
  double dn = nsb_v3_norm(d);
  if (!(dn > 0.0)) return -1;
  nsb_vec3 c = nsb_m3_mulv(nsb_so3_Tinv(phi), nsb_q_rotate_inv(qA, d));
  double L = nsb_v3_norm(c);
  if (!(L > 1e-12 * dn)) return -1;
  nsb_vec3 E0 = nsb_v3_scale(1.0 / L, c), K0 = nsb_v3_scale(1.0 / L, phi);

  memset(g, 0, sizeof *g);
  g->N = N;
  g->L = L;
  g->n_sub = N + 1;
  g->n_gauss = n_gauss;
  g->n_qp = g->n_sub * n_gauss;
  g->massless_end = -1; /* the element's own quadrature carries rhoA (nsb_beam_geom_mass_rule) */
  nsb_v3_store(XA, g->XA);
  nsb_q_store(qA, g->qA);
  nsb_v3_store(E0, g->E0);
  nsb_v3_store(K0, g->K0);
  const size_t nq = (size_t)g->n_qp, n = (size_t)N;
  memset(tables, 0, sizeof(double) * nsb_beam_geom_doubles(N, n_gauss));
  g->wq = tables;
  g->Iq = g->wq + nq;
  g->Jq = g->Iq + nq * n;
  g->Jp = g->Jq + nq * n;
  g->JL = g->Jp + n * n;
  g->xp = g->JL + n;
  g->xq = g->xp + n;

  double xs[NSB_BEAM_MAX_GAUSS], ws[NSB_BEAM_MAX_GAUSS];
  gauss_legendre(N, xs, ws); /* N = 1: the midpoint L/2 (Češarek et al. 2013, §7.2.1) */
  for (int p = 0; p < N; ++p) {
    g->xp[p] = 0.5 * L * (1.0 + xs[p]);
    g->JL[p] = 0.5 * L * ws[p]; /* J_p(L) = int_0^L I_p = Gauss weight */
  }
  gauss_legendre(n_gauss, xs, ws);
  for (int s = 0, q = 0; s < g->n_sub; ++s) {
    double a = s == 0 ? 0.0 : g->xp[s - 1], b = s == N ? L : g->xp[s];
    for (int i = 0; i < n_gauss; ++i, ++q) {
      g->xq[q] = a + 0.5 * (b - a) * (1.0 + xs[i]);
      g->wq[q] = 0.5 * (b - a) * ws[i];
      nsb_beam_geom_shape(g, g->xq[q], g->Iq + n * (size_t)q, g->Jq + n * (size_t)q);
    }
  }
  for (int k = 0; k < N; ++k) nsb_beam_geom_shape(g, g->xp[k], NULL, g->Jp + n * (size_t)k);

  /* Initial states: R0(x) = R_A exp(S(x K0)), r0(x) = X_A + R_A x T(x K0) E0. */
  for (int k = 0; k < g->n_qp + N; ++k) {
    int is_qp = k < g->n_qp;
    double x = is_qp ? g->xq[k] : g->xp[k - g->n_qp];
    nsb_beam_point* pt = is_qp ? (pts_qp ? &pts_qp[k] : NULL) : (pts_cp ? &pts_cp[k - g->n_qp] : NULL);
    if (!pt) continue;
    memset(pt, 0, sizeof *pt);
    nsb_vec3 xk = nsb_v3_scale(x, K0);
    nsb_q_store(nsb_q_normalize(nsb_q_mul(qA, nsb_so3_exp_q(xk))), pt->q);
    nsb_vec3 r = nsb_v3_add(XA, nsb_q_rotate(qA, nsb_v3_scale(x, nsb_m3_mulv(nsb_so3_T(xk), E0))));
    nsb_v3_store(r, pt->r);
    nsb_v3_store(E0, pt->E);
    nsb_v3_store(K0, pt->K);
  }
  return 0;
}

int nsb_beam_geom_mass_rule(nsb_beam_geom* g, nsb_beam_mass_rule* rule, int end) {
  const int N = g->N;
  if (N < 2 || (end != 0 && end != 1)) return -1;
  /* the other end and the N - 1 collocation points away from `end` */
  for (int k = 0; k < N; ++k) {
    if (end == 1) {
      rule->src[k] = k == 0 ? -1 : k;
      rule->x[k] = k == 0 ? 0.0 : g->xp[k];
    } else {
      rule->src[k] = k == N - 1 ? -2 : k;
      rule->x[k] = k == N - 1 ? g->L : g->xp[k];
    }
  }
  /* interpolatory weights: sum_k w_k y_k^j = 1/(j + 1), j < N, y = x/L
     (Vandermonde system, Gaussian elimination with partial pivoting) */
  double A[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS + 1];
  for (int j = 0; j < N; ++j) {
    for (int k = 0; k < N; ++k) A[j][k] = pow(rule->x[k] / g->L, j);
    A[j][N] = 1.0 / (j + 1.0);
  }
  for (int c = 0; c < N; ++c) {
    int piv = c;
    for (int r = c + 1; r < N; ++r)
      if (fabs(A[r][c]) > fabs(A[piv][c])) piv = r;
    for (int k = 0; k <= N; ++k) {
      double t = A[c][k];
      A[c][k] = A[piv][k];
      A[piv][k] = t;
    }
    if (A[c][c] == 0.0) return -1;
    for (int r = c + 1; r < N; ++r) {
      double f = A[r][c] / A[c][c];
      for (int k = c; k <= N; ++k) A[r][k] -= f * A[c][k];
    }
  }
  for (int c = N - 1; c >= 0; --c) {
    double v = A[c][N];
    for (int k = c + 1; k < N; ++k) v -= A[c][k] * rule->w[k];
    rule->w[c] = v / A[c][c];
  }
  for (int k = 0; k < N; ++k) {
    if (!(rule->w[k] > 0.0)) return -1;
    rule->w[k] *= g->L;
    nsb_beam_geom_shape(g, rule->x[k], NULL, rule->J[k]);
  }
  /* levers of the collocation moment rows: lev[k][j][m] = sum_l b_lj
     int_0^{x_k} I_m I_l, b_lj = 1 - J_l(x_j)/W_l, by the Gauss rule of
     [0, x_k] on the scaled points (exact: degree 2N - 2) */
  for (int k = 0; k < N; ++k) {
    const double s = g->xp[k] / g->L;
    double Ii[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS]; /* I_m at the i-th scaled point: [i][m] */
    for (int i = 0; i < N; ++i)
      for (int m = 0; m < N; ++m) Ii[i][m] = lagrange(g->xp, N, m, s * g->xp[i]);
    for (int j = 0; j < N; ++j)
      for (int m = 0; m < N; ++m) {
        double acc = 0.0;
        for (int i = 0; i < N; ++i) {
          double Pj = 0.0; /* P_j at the scaled point */
          for (int l = 0; l < N; ++l) Pj += (1.0 - rule->J[j][l] / g->JL[l]) * Ii[i][l];
          acc += g->JL[i] * Ii[i][m] * Pj;
        }
        rule->lev[k][j][m] = s * acc;
      }
  }
  g->mp = rule;
  g->n_mp = N;
  g->massless_end = end;
  return 0;
}

int nsb_beam_geom_mass_rule_ends(nsb_beam_geom* g, nsb_beam_mass_rule* rule) {
  memset(rule, 0, sizeof *rule);
  for (int k = 0; k < 2; ++k) {
    rule->src[k] = -1 - k;
    rule->x[k] = k == 0 ? 0.0 : g->L;
    rule->w[k] = 0.5 * g->L;
    nsb_beam_geom_shape(g, rule->x[k], NULL, rule->J[k]);
  }
  g->mp = rule;
  g->n_mp = 2;
  g->massless_end = NSB_BEAM_MASS_ENDS;
  return 0;
}

/* ---- kernel helpers ----------------------------------------------------- */

/* Modified Newmark rate update (Češarek et al. 2013, §4.2):
 *   v = cvn v_n + cv vbar,  a = can a_n - ca v_n + ca vbar,
 * cvn = (beta-1)/beta, cv = 1/beta, can = (gamma-1)/gamma, ca = 1/(beta gamma h).
 * Generalized-alpha form (ga = 1; docs/theory.md §3.5; beta, gamma Newmark's):
 *   p = cp (vbar - v_n) - cpp p_n,            cp = 1/(beta h), cpp = (1/2 - beta)/beta,
 *   v = v_n + h (1 - gamma) p_n + h gamma p,  i.e. dv/dvbar = cv = gamma/beta,
 *   a = s1 p + s2 p_n - s3 a_n,               s1 = (1-am)/(1-af), s2 = am/(1-af), s3 = af/(1-af),
 *   so da/dvbar = ca = s1 cp. */
typedef struct rate_coef {
  double cvn, cv, can, ca;
  int ga;
  double cp, cpp, hg0, hg1, s1, s2, s3;
  /* the generalized-alpha coefficients twice (rates_alpha's pairs of lanes) */
  nsb_pair16 cp2, cpp2, hg02, hg12, s12, s22, s32;
} rate_coef;

/* Rate coefficients of the evaluation (zero when static): plain modified
   Newmark v = cvn v_n + cv vbar,  a = can a_n + ca (vbar - v_n), or its
   generalized-alpha form. */
static inline __attribute__((always_inline)) rate_coef rate_coef_of(const nsb_beam_eval_in* in) {
  rate_coef rc = {0}; /* in place in the caller: no call, no copy of the struct */
  if (in->inertia && in->gen_alpha) {
    double b = in->beta, g = in->gamma, h = in->h, am = in->alpha_m, af = in->alpha_f;
    rc.ga = 1;
    rc.cp = 1.0 / (b * h);
    rc.cpp = (0.5 - b) / b;
    rc.hg0 = h * (1.0 - g);
    rc.hg1 = h * g;
    rc.s1 = (1.0 - am) / (1.0 - af);
    rc.s2 = am / (1.0 - af);
    rc.s3 = af / (1.0 - af);
    rc.cv = g / b;
    rc.ca = rc.s1 * rc.cp;
  } else if (in->inertia) {
    rc.cvn = (in->beta - 1.0) / in->beta;
    rc.cv = 1.0 / in->beta;
    rc.can = (in->gamma - 1.0) / in->gamma;
    rc.ca = 1.0 / (in->beta * in->gamma * in->h);
  }
  rc.cp2 = (nsb_pair16){rc.cp, rc.cp};
  rc.cpp2 = (nsb_pair16){rc.cpp, rc.cpp};
  rc.hg02 = (nsb_pair16){rc.hg0, rc.hg0};
  rc.hg12 = (nsb_pair16){rc.hg1, rc.hg1};
  rc.s12 = (nsb_pair16){rc.s1, rc.s1};
  rc.s22 = (nsb_pair16){rc.s2, rc.s2};
  rc.s32 = (nsb_pair16){rc.s3, rc.s3};
  return rc;
}

/* Generalized-alpha form at one point: new rate x (v or omega), its
   acceleration xa and pseudo-acceleration xp from the step average xb and
   the old xn, xan, xpn (3 doubles each; see rate_coef):
     p = cp (xb - xn) - cpp xpn,  x = xn + (hg0 xpn + hg1 p),
     xa = (s1 p + s2 xpn) - s3 xan.
   The first two components of every vector in one SSE2 register (a pair of
   lanes, each lane the operations of the scalar form in the same order: the
   same bits as three scalar lanes) and the third alone: two thirds of the
   arithmetic instructions (callgrind, bar_n100 of benchmarks/peers: the
   rate updates were 28 % of a residual-only evaluation). */
static inline __attribute__((always_inline)) void rates_alpha(const rate_coef* rc, nsb_vec3 xb, const double* xn,
                                                                const double* xan, const double* xpn, double* x,
                                                                double* xa, double* xp) {
  const double cp = rc->cp, cpp = rc->cpp, hg0 = rc->hg0, hg1 = rc->hg1, s1 = rc->s1, s2 = rc->s2, s3 = rc->s3;
  const nsb_pair b2 = {xb.x, xb.y}, n2 = *(const nsb_pair*)xn, an2 = *(const nsb_pair*)xan,
                 pn2 = *(const nsb_pair*)xpn;
  const nsb_pair p2 = rc->cp2 * (b2 - n2) - rc->cpp2 * pn2;
  *(nsb_pair*)x = n2 + (rc->hg02 * pn2 + rc->hg12 * p2);
  *(nsb_pair*)xa = (rc->s12 * p2 + rc->s22 * pn2) - rc->s32 * an2;
  *(nsb_pair*)xp = p2;
  const double pz = cp * (xb.z - xn[2]) - cpp * xpn[2];
  x[2] = xn[2] + (hg0 * xpn[2] + hg1 * pz);
  xa[2] = (s1 * pz + s2 * xpn[2]) - s3 * xan[2];
  xp[2] = pz;
}

/* nsb_q_mul(a, b) (base/vec.h) in two pairs of lanes, (w, x) and (y, z):
   each component the same products summed in the same order, a
   subtraction written as the addition of the negated product (x - y is
   x + (-y) in IEEE arithmetic, and a factor's sign flip negates the
   product exactly): the same bits in about half the instructions.  Its
   squared norm (w^2 + x^2) + y^2 + z^2 alongside, in that order. */
static inline __attribute__((always_inline)) nsb_quat q_mul_pk(const double* restrict a, nsb_quat b,
                                                                double* restrict qn2) {
  const nsb_pair aw = {a[0], a[0]}, ax = {a[1], a[1]}, ay = {a[2], a[2]}, az = {a[3], a[3]};
  const nsb_pair wx = ((aw * (nsb_pair){b.w, b.x} + ax * (nsb_pair){-b.x, b.w}) + ay * (nsb_pair){-b.y, b.z}) +
                      az * (nsb_pair){-b.z, -b.y};
  const nsb_pair yz = ((aw * (nsb_pair){b.y, b.z} + ax * (nsb_pair){-b.z, b.y}) + ay * (nsb_pair){b.w, -b.x}) +
                      az * (nsb_pair){b.x, b.w};
  const nsb_pair s1 = wx * wx, s2 = yz * yz;
  *qn2 = ((s1[0] + s1[1]) + s2[0]) + s2[1];
  return nsb_q(wx[0], wx[1], yz[0], yz[1]);
}

/* The rates of update_point at one point: v, a, p from vbar, omega, alpha,
   pw from wbar (rc NULL: static, all zero). */
static inline __attribute__((always_inline)) void update_rates(const nsb_beam_point* restrict old, nsb_vec3 vb,
                                                               nsb_vec3 wb, const rate_coef* rc,
                                                               nsb_beam_point* restrict cur) {
  if (rc && rc->ga) {
    rates_alpha(rc, vb, old->v, old->a, old->p, cur->v, cur->a, cur->p);
    rates_alpha(rc, wb, old->w, old->al, old->pw, cur->w, cur->al, cur->pw);
  } else if (rc) {
    nsb_vec3 vn = nsb_v3_load(old->v), an = nsb_v3_load(old->a);
    nsb_vec3 wn = nsb_v3_load(old->w), aln = nsb_v3_load(old->al);
    nsb_vec3 a = nsb_v3_add(nsb_v3_scale(rc->can, an), nsb_v3_scale(rc->ca, nsb_v3_sub(vb, vn)));
    nsb_vec3 al = nsb_v3_add(nsb_v3_scale(rc->can, aln), nsb_v3_scale(rc->ca, nsb_v3_sub(wb, wn)));
    nsb_v3_store(nsb_v3_add(nsb_v3_scale(rc->cvn, vn), nsb_v3_scale(rc->cv, vb)), cur->v);
    nsb_v3_store(a, cur->a);
    nsb_v3_store(nsb_v3_add(nsb_v3_scale(rc->cvn, wn), nsb_v3_scale(rc->cv, wb)), cur->w);
    nsb_v3_store(al, cur->al);
    /* plain scheme: the pseudo-accelerations are the accelerations (a
       generalized-alpha step that follows starts from them).  Stored from
       the registers, not copied from cur->a, cur->al: a 16-byte load of the
       three 8-byte stores just made cannot take its data from the store
       buffer (a store-forwarding stall, 14 % of update_point's samples in
       perf) */
    nsb_v3_store(a, cur->p);
    nsb_v3_store(al, cur->pw);
  } else {
    memset(cur->v, 0, sizeof cur->v);
    memset(cur->a, 0, sizeof cur->a);
    memset(cur->w, 0, sizeof cur->w);
    memset(cur->al, 0, sizeof cur->al);
    memset(cur->p, 0, sizeof cur->p);
    memset(cur->pw, 0, sizeof cur->pw);
  }
}

/* New state of one point from vbar, wbar (and vbar', wbar' when strains are
 * wanted: vbp != NULL, the collocation points).  rc == NULL: static, rates
 * set to zero.  Returns R and T(h wbar) where the caller asks for them (R,
 * T not NULL; the strains need both).  The integration points carry no
 * strains of their own (vbp == NULL: E, K copied, as at the ends): no
 * equation of the element holds there and nothing reads them (the strain
 * energy and the resultants are those of the collocation points,
 * docs/theory_beam.md §2). */
static inline __attribute__((always_inline)) void update_point(const nsb_beam_point* restrict old, nsb_vec3 vb, nsb_vec3 wb, const nsb_vec3* vbp,
                         const nsb_vec3* wbp, double h, const rate_coef* rc, nsb_beam_point* restrict cur,
                         nsb_mat3* R, nsb_mat3* T) {
  nsb_vec3 th = nsb_v3_scale(h, wb);
  /* exp(S(h wbar)) and T(h wbar) from one sine, by multiplications below
     the angle of 0.05 (nsb_so3_exp_q_T_fast: most points turn little in an
     increment).  Rejected: renormalizing the product by one Newton step of
     1/sqrt(|q|^2) from 1 instead of the square root and divisions (8 % of
     the B2V POINTS=1 evaluation): correct to round-off, but the unit
     invariance of the ball on a beam under modified Newton
     (tests/units.cmake, whose tolerance leaves main a factor 4) then moved
     to 1.5e-9 of the gap, beyond its 1e-9. */
  nsb_quat dq = T ? nsb_so3_exp_q_T_fast(th, T) : nsb_so3_exp_q_fast(th);
  /* nsb_q_normalize but for a product whose squared norm is 1 exactly
     (square root 1, quotients the product itself: the same bits without
     the root and the four divisions, which were a quarter of this
     function's samples on the bars of benchmarks/peers, whose sections do
     not turn) */
  double qn2;
  nsb_quat q = q_mul_pk(old->q, dq, &qn2);
  if (qn2 != 1.0) {
    const double qn = sqrt(qn2);
    q = nsb_q(q.w / qn, q.x / qn, q.y / qn, q.z / qn);
  }
  if (R) *R = nsb_q_to_m3(q);
  nsb_q_store(q, cur->q);
  nsb_v3_store(nsb_v3_muladd(nsb_v3_load(old->r), h, vb), cur->r);
  update_rates(old, vb, wb, rc, cur);
  if (vbp) {
    /* E = dR^T E_n + h R^T vbar',  K = dR^T K_n + h T^T wbar' */
    nsb_vec3 E = nsb_v3_add(nsb_q_rotate_inv(dq, nsb_v3_load(old->E)), nsb_v3_scale(h, nsb_m3_tmulv(*R, *vbp)));
    nsb_vec3 K = nsb_v3_add(nsb_q_rotate_inv(dq, nsb_v3_load(old->K)), nsb_v3_scale(h, nsb_m3_tmulv(*T, *wbp)));
    nsb_v3_store(E, cur->E);
    nsb_v3_store(K, cur->K);
  } else {
    memcpy(cur->E, old->E, sizeof cur->E);
    memcpy(cur->K, old->K, sizeof cur->K);
  }
}

/* K[i0.., j0..] += A (K column-major with leading dimension n), by columns
   with their address formed once: gcc -O2 kept the loop over the rows, with
   a counter, compare and branch per entry, at every inlined call. */
static void add_block(double* restrict K, int n, int i0, int j0, nsb_mat3 A) {
  for (int j = 0; j < 3; ++j) {
    double* restrict kj = K + i0 + (size_t)n * (size_t)(j0 + j);
    kj[0] += A.c[3 * j];
    kj[1] += A.c[3 * j + 1];
    kj[2] += A.c[3 * j + 2];
  }
}
/* K[i0.., j0..] += s I */
static void add_diag(double* restrict K, int n, int i0, int j0, double s) {
  double* restrict kd = K + i0 + (size_t)n * (size_t)j0;
  kd[0] += s;
  kd[n + 1] += s;
  kd[2 * n + 2] += s;
}
static void add_vec(double* restrict f, int i0, nsb_vec3 v) {
  f[i0] += v.x;
  f[i0 + 1] += v.y;
  f[i0 + 2] += v.z;
}
/* diag(d) A */
static nsb_mat3 diag_mul(nsb_vec3 d, nsb_mat3 A) {
  for (int j = 0; j < 3; ++j) {
    A.c[3 * j] *= d.x;
    A.c[3 * j + 1] *= d.y;
    A.c[3 * j + 2] *= d.z;
  }
  return A;
}
/* A + s diag(d): nsb_m3_muladd(A, s, nsb_m3_diag(d)) without the zero products */
static nsb_mat3 muladd_diag(nsb_mat3 A, double s, nsb_vec3 d) {
  A.c[0] += s * d.x;
  A.c[4] += s * d.y;
  A.c[8] += s * d.z;
  return A;
}
static nsb_vec3 diag_mulv(nsb_vec3 d, nsb_vec3 v) { return nsb_v3(d.x * v.x, d.y * v.y, d.z * v.z); }

/* vbar(x) = vbar^0 + sum_p J_p(x) vbar'^p (u0 the node-0 block, stride 6 over p). */
static inline __attribute__((always_inline)) nsb_vec3 interp(nsb_vec3 v0, const double* restrict up,
                                                              const double* restrict c, int N) {
  /* x, y in one pair of lanes (rates_alpha), z alone: the same operations */
  nsb_pair xy = {v0.x, v0.y};
  double z = v0.z;
  for (int p = 0; p < N; ++p) {
    xy = xy + c[p] * *(const nsb_pair*)(up + 6 * p);
    z = z + c[p] * up[6 * p + 2];
  }
  return nsb_v3(xy[0], xy[1], z);
}

/* Stress-resultant moment about c from the integrated-by-parts form:
 * M_g = M0 + Ig - (rho - rho0) x N0 - rho x F + Irf. */
static nsb_vec3 moment_g(nsb_vec3 M0, nsb_vec3 N0, nsb_vec3 Ig, nsb_vec3 F, nsb_vec3 Irf, nsb_vec3 rho, nsb_vec3 rho0) {
  nsb_vec3 m = nsb_v3_add(M0, nsb_v3_add(Ig, Irf));
  m = nsb_v3_sub(m, nsb_v3_cross(nsb_v3_sub(rho, rho0), N0));
  return nsb_v3_sub(m, nsb_v3_cross(rho, F));
}

/* ---- Rayleigh damping (docs/theory_beam.md §10) ----------------------------
 *
 * Kelvin-Voigt section law with the discrete material strain rates of the
 * increment (the convected strains of Simo 1985; the viscoelastic rod of Antman 2005):
 *   N_G = C_N (E - E_0) + beta C_N (E - E_n)/h,
 *   M_G = C_M (K - K_0) + beta C_M (K - K_n)/h,
 * E, K the convected (material) strains of the point: unchanged by any rigid
 * motion superposed on the increment, so the damping stress of a rigid motion
 * is zero to round-off and the law is objective.  Linearization: dE and dK
 * enter with C_N (1 + beta/h), C_M (1 + beta/h) (CNd, CMd); the S(N_G),
 * S(M_G) terms take the damped stresses.  Mass-proportional part: alpha rhoA v
 * beside rhoA a and alpha J omega beside J alpha + omega x J omega (material),
 * so their derivatives with respect to vbar, wbar are c_a + alpha c_v times
 * rhoA, J (cv_a).  Static evaluations carry no damping (Abaqus's convention). */
typedef struct damping {
  double alpha, beta;   /* 0 when off (static evaluation, or no *DAMPING) */
  double beta_h;        /* beta / h */
  double cv_a;          /* c_a + alpha c_v: d(a + alpha v)/d vbar */
  nsb_vec3 CNd, CMd;    /* C_N (1 + beta/h), C_M (1 + beta/h) */
  nsb_vec3 CNb, CMb;    /* C_N beta/h, C_M beta/h */
} damping;

static damping section_damping(const nsb_beam_eval_in* in, const rate_coef* rc, nsb_vec3 CN, nsb_vec3 CM) {
  damping d;
  const int on = in->inertia != 0;
  d.alpha = on ? in->sec->alpha : 0.0;
  d.beta = on ? in->sec->beta : 0.0;
  d.beta_h = d.beta != 0.0 ? d.beta / in->h : 0.0;
  d.cv_a = d.alpha != 0.0 ? rc->ca + d.alpha * rc->cv : rc->ca;
  d.CNd = d.beta != 0.0 ? nsb_v3_scale(1.0 + d.beta_h, CN) : CN;
  d.CMd = d.beta != 0.0 ? nsb_v3_scale(1.0 + d.beta_h, CM) : CM;
  d.CNb = d.beta != 0.0 ? nsb_v3_scale(d.beta_h, CN) : nsb_v3_zero();
  d.CMb = d.beta != 0.0 ? nsb_v3_scale(d.beta_h, CM) : nsb_v3_zero();
  return d;
}

/* N_G += beta C_N (E - E_n)/h, M_G += beta C_M (K - K_n)/h (E_n, K_n of `old`). */
static void damped_stress(const damping* d, const nsb_beam_point* old, nsb_vec3 E, nsb_vec3 K, nsb_vec3* NG,
                          nsb_vec3* MG) {
  *NG = nsb_v3_add(*NG, diag_mulv(d->CNb, nsb_v3_sub(E, nsb_v3_load(old->E))));
  *MG = nsb_v3_add(*MG, diag_mulv(d->CMb, nsb_v3_sub(K, nsb_v3_load(old->K))));
}

/* ---- Galerkin weighting (docs/theory_beam.md §7) ------------------------
 *
 * Weak form (virtual power) with the test functions of the trial space,
 *   dvbar(x) = dv^0 + sum_p J_p(x) dv'^p,   dwbar(x) = dw^0 + sum_p J_p(x) dw'^p:
 *   int [dvbar.(rhoA a - n) + dwbar.g] + sum_k W_k [dvbar'_k.R N_G + dwbar'_k.M_G + dwbar_k.c]
 *     = dvbar(0).P_0 + dvbar(L).P_L + dwbar(0).M_0 + dwbar(L).M_L,
 *   g = J alpha + omega x J omega - R^T m  (material),  c = N_G x E + M_G x K,
 * inertia by the integration points, the constitutive terms by the N-point
 * Gauss rule on the points x_k (weights W_k = J_k(L)).  The closure
 * vbar^L = vbar(L), wbar^L = wbar(L) carries the multiplier (P_L, M_L),
 * which is re-expressed by the end resultants at x = 0:
 *   P_L = N^0 + Fv,  M_L = R(0)^T M^0 + Gm,
 *   Fv = int (rhoA a - n),  Gm = int g + sum_k W_k c_k,
 * so the node-0 rows are -N^0, -R(0)^T M^0 as in the collocation form and
 * the local system keeps its layout.  Interior rows (divided by W_p, so they
 * are forces and moments):
 *   R N_G(x_p) - N^0 - Fv + FJ_p/W_p,     FJ_p = int J_p (rhoA a - n),
 *   M_G(x_p) - R(0)^T M^0 - Gm + GJ_p/W_p, GJ_p = int J_p g + sum_k W_k J_p(x_k) c_k.
 * Linearization: the per-point derivatives of the collocation kernel plus
 *   d g   = Gw dwbar,  Gw = c_a J + c_v (S(omega) J - S(J omega)) - h S(R^T m) T^T,
 *   d c   = P_N dE + P_M dK,  P_N = S(N_G) - S(E) C_N,  P_M = S(M_G) - S(K) C_M,
 * accumulated per column group with the weights 1, J_p(x) and J_p(x) J_r(x). */
/* ---- Energy-consistent internal forces of the plain scheme ---------------
 * (docs/theory_beam.md §11.2; Simo, Tarnow & Doblaré 1995).  At a point x_k
 * with theta = h wbar(x_k), T = T(theta), the mean of the frames
 * (R_n + R)/2 and the means of the stresses N_bar = (N_n + N_G)/2,
 * M_bar = (M_n + M_G)/2,
 *   A_bar = (R_n + R) N_bar/2,  M_hat = (T + T^T) M_bar/2,
 *   c_hat = N_bar x (T^T E_n + T E)/2 + M_bar x (T^T K_n + T K)/2
 * do on the increment's velocities the work h vbar'.A_bar + h wbar'.M_hat +
 * theta.c_hat = N_bar.(E - E_n) + M_bar.(K - K_n), the change of the
 * (quadratic) strain energy.  The rows at t_n+1 carry 2 S_bar - S_n - d_n
 * (S the constitutive triple, d_n the difference the rows of t_n carried,
 * nsb_beam_velocity_emc_commit), so that the mean of the rows of t_n and
 * t_n+1, the increment's equation, carries S_bar. */
typedef struct emc_point {
  nsb_mat3 Rn;                 /* R_n */
  nsb_vec3 En, Kn;             /* E_n, K_n */
  nsb_vec3 Ns, Ms;             /* N_n + N_G, M_n + M_G */
  nsb_vec3 Eb, Kb;             /* (T^T E_n + T E)/2, (T^T K_n + T K)/2 */
  nsb_vec3 A, M, c;            /* 2 A_bar - R_n N_n, 2 M_hat - M_n, 2 c_hat - c_n */
} emc_point;

static void emc_point_of(const nsb_beam_point* old, nsb_vec3 CN, nsb_vec3 CM, nsb_vec3 E0, nsb_vec3 K0, nsb_mat3 R,
                         nsb_mat3 T, nsb_vec3 E, nsb_vec3 K, nsb_vec3 NG, nsb_vec3 MG, emc_point* p) {
  p->Rn = nsb_q_to_m3(nsb_q_load(old->q));
  p->En = nsb_v3_load(old->E);
  p->Kn = nsb_v3_load(old->K);
  const nsb_vec3 Nn = diag_mulv(CN, nsb_v3_sub(p->En, E0)), Mn = diag_mulv(CM, nsb_v3_sub(p->Kn, K0));
  p->Ns = nsb_v3_add(Nn, NG);
  p->Ms = nsb_v3_add(Mn, MG);
  p->Eb = nsb_v3_scale(0.5, nsb_v3_add(nsb_m3_tmulv(T, p->En), nsb_m3_mulv(T, E)));
  p->Kb = nsb_v3_scale(0.5, nsb_v3_add(nsb_m3_tmulv(T, p->Kn), nsb_m3_mulv(T, K)));
  const nsb_vec3 RsNs = nsb_v3_scale(0.5, nsb_v3_add(nsb_m3_mulv(p->Rn, p->Ns), nsb_m3_mulv(R, p->Ns)));
  p->A = nsb_v3_sub(RsNs, nsb_m3_mulv(p->Rn, Nn));
  const nsb_vec3 TsMs = nsb_v3_scale(0.5, nsb_v3_add(nsb_m3_mulv(T, p->Ms), nsb_m3_tmulv(T, p->Ms)));
  p->M = nsb_v3_sub(TsMs, Mn);
  const nsb_vec3 cb = nsb_v3_add(nsb_v3_cross(p->Ns, p->Eb), nsb_v3_cross(p->Ms, p->Kb));
  p->c = nsb_v3_sub(cb, nsb_v3_add(nsb_v3_cross(Nn, p->En), nsb_v3_cross(Mn, p->Kn)));
}

void nsb_beam_velocity_emc_commit(const nsb_beam_geom* g, const nsb_beam_section* sec, const nsb_beam_point* old_cp,
                                  const nsb_beam_point* cur_cp, double* d) {
  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  const nsb_vec3 E0 = nsb_v3_load(g->E0), K0 = nsb_v3_load(g->K0);
  for (int k = 0; k < g->N; ++k) {
    const nsb_beam_point *o = &old_cp[k], *c = &cur_cp[k];
    const nsb_quat q = nsb_q_load(c->q);
    const nsb_mat3 R = nsb_q_to_m3(q);
    const nsb_mat3 T = nsb_so3_T(nsb_so3_log_q(nsb_q_mul(nsb_q_conj(nsb_q_load(o->q)), q)));
    const nsb_vec3 E = nsb_v3_load(c->E), K = nsb_v3_load(c->K);
    const nsb_vec3 NG = diag_mulv(CN, nsb_v3_sub(E, E0)), MG = diag_mulv(CM, nsb_v3_sub(K, K0));
    emc_point ep;
    emc_point_of(o, CN, CM, E0, K0, R, T, E, K, NG, MG, &ep);
    double* dk = d + 9 * k;
    /* the triple the rows used, less the constitutive one of t_n+1 */
    nsb_v3_store(nsb_v3_sub(nsb_v3_sub(ep.A, nsb_v3_load(dk)), nsb_m3_mulv(R, NG)), dk);
    nsb_v3_store(nsb_v3_sub(nsb_v3_sub(ep.M, nsb_v3_load(dk + 3)), MG), dk + 3);
    const nsb_vec3 cn1 = nsb_v3_add(nsb_v3_cross(NG, E), nsb_v3_cross(MG, K));
    nsb_v3_store(nsb_v3_sub(nsb_v3_sub(ep.c, nsb_v3_load(dk + 6)), cn1), dk + 6);
  }
}

typedef struct gal_point {
  nsb_mat3 AN, BN;  /* d(R N_G)/dwbar, d(R N_G)/dvbar'_k */
  nsb_mat3 AM, BM;  /* d M_G / dwbar,  d M_G / dwbar'_k */
  nsb_mat3 Cv, Cwp; /* d c / dvbar'_k, d c / dwbar'_k (direct) */
} gal_point;

/* The per-point blocks of the energy-consistent triple (docs/theory_beam.md
 * §11.2, "The consistent tangent"): the derivatives of 2 S_bar (S_n, d_n are
 * constants of the increment) in the slots of the constitutive ones, th =
 * theta = h wbar(x_k), dtheta/dwbar = h I, Ns = N_n + N_G, Ms = M_n + M_G,
 * Eb = (T^T E_n + T E)/2, Kb likewise, D_T(th; rho) = d(T rho)/dtheta,
 * D_T'(th; nu) = d(T^T nu)/dtheta:
 *   AN = h [(R_n + R)/2 C_N S(E) - R S(Ns/2)] T^T,   BN = h (R_n + R)/2 C_N R^T,
 *   AM = (T + T^T)/2 C_M dK/dwbar + h/2 [D_T(th; Ms) + D_T'(th; Ms)],   BM = h (T + T^T)/2 C_M T^T,
 *   P_N = S(Ns) T/2 - S(Eb) C_N,  P_M = S(Ms) T/2 - S(Kb) C_M,
 *   Cv = h P_N R^T,  Cwp = h P_M T^T,
 *   Cw = P_N dE/dwbar + P_M dK/dwbar + h/2 S(Ns) [D_T'(th; E_n) + D_T(th; E)]
 *        + h/2 S(Ms) [D_T'(th; K_n) + D_T(th; K)]. */
static void emc_blocks(const emc_point* ep, double h, nsb_vec3 th, nsb_mat3 R, nsb_mat3 T, nsb_mat3 Tt, nsb_vec3 E,
                       nsb_vec3 K, nsb_vec3 CN, nsb_vec3 CM, nsb_mat3 dEw, nsb_mat3 dKw, gal_point* pt,
                       nsb_mat3* Cw) {
  const nsb_mat3 Rs = nsb_m3_scale(0.5, nsb_m3_add(ep->Rn, R));
  const nsb_mat3 Ts = nsb_m3_scale(0.5, nsb_m3_add(T, Tt));
  const nsb_mat3 Rt = nsb_m3_transpose(R);
  pt->AN = nsb_m3_scale(
      h, nsb_m3_mul(nsb_m3_sub(nsb_m3_mul(Rs, diag_mul(CN, nsb_m3_skew(E))), nsb_m3_mul(R, nsb_m3_skew(nsb_v3_scale(0.5, ep->Ns)))),
                    Tt));
  pt->BN = nsb_m3_scale(h, nsb_m3_mul(Rs, diag_mul(CN, Rt)));
  pt->AM = nsb_m3_add(nsb_m3_mul(Ts, diag_mul(CM, dKw)),
                      nsb_m3_scale(0.5 * h, nsb_m3_add(nsb_so3_dT_rho(th, ep->Ms), nsb_so3_dTt_nu(th, ep->Ms))));
  pt->BM = nsb_m3_scale(h, nsb_m3_mul(Ts, diag_mul(CM, Tt)));
  const nsb_mat3 PN = nsb_m3_sub(nsb_m3_scale(0.5, nsb_m3_skew_mul(ep->Ns, T)), nsb_m3_mul_diag(nsb_m3_skew(ep->Eb), CN));
  const nsb_mat3 PM = nsb_m3_sub(nsb_m3_scale(0.5, nsb_m3_skew_mul(ep->Ms, T)), nsb_m3_mul_diag(nsb_m3_skew(ep->Kb), CM));
  pt->Cv = nsb_m3_scale(h, nsb_m3_mul(PN, Rt));
  pt->Cwp = nsb_m3_scale(h, nsb_m3_mul(PM, Tt));
  nsb_mat3 C = nsb_m3_add(nsb_m3_mul(PN, dEw), nsb_m3_mul(PM, dKw));
  const nsb_mat3 DE = nsb_m3_add(nsb_so3_dTt_nu(th, ep->En), nsb_so3_dT_rho(th, E));
  const nsb_mat3 DK = nsb_m3_add(nsb_so3_dTt_nu(th, ep->Kn), nsb_so3_dT_rho(th, K));
  C = nsb_m3_add(C, nsb_m3_scale(0.5 * h, nsb_m3_add(nsb_m3_skew_mul(ep->Ns, DE), nsb_m3_skew_mul(ep->Ms, DK))));
  *Cw = C;
}

/* One piece on purpose: the Galerkin residual and tangent of the formulas above
 * (Češarek et al. 2013 with the Galerkin weighting of docs/theory_beam.md),
 * read top to bottom — ends, the accumulators Fv, FJ_p, Gm, GJ_p, integration
 * points, constitutive points, residual, tangent — where every later block
 * reads the accumulators of the earlier ones; cut into functions it would
 * pass a dozen 3x3 arrays between them for no gain in reading. */
static inline __attribute__((always_inline)) int eval_galerkin_n(const nsb_beam_eval_in* in, const int N,
                                                               const int n_qp,
                                                               const int store, nsb_beam_point* restrict cur_qp,
                                                               nsb_beam_point* restrict cur_cp,
                                                               nsb_beam_point* restrict cur_end, double* restrict f,
                                                               double* restrict K) {
  const nsb_beam_geom* g = in->g;
  const nsb_beam_section* sec = in->sec;
  const int n = nsb_beam_velocity_nlocal(N);
  const int iN0 = 12 + 6 * N, iM0 = iN0 + 3;
  const double* u = in->u;
  const double h = in->h;
  const int inertia = in->inertia != 0;
  const rate_coef rcv = rate_coef_of(in);
  const rate_coef* rc = inertia ? &rcv : NULL;
  const int rule = g->massless_end >= 0; /* translational mass at the rule's points (nsb_beam_geom_mass_rule) */

  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  const damping dmp = section_damping(in, &rcv, CN, CM);
  const nsb_vec3 CNd = dmp.CNd, CMd = dmp.CMd; /* d N_G / dE, d M_G / dK */
  const double mca = inertia ? sec->rhoA * dmp.cv_a : 0.0;
  const nsb_vec3 Jd = nsb_v3_load(sec->rhoJ);
  const nsb_vec3 nl = nsb_v3_load(in->n_load), ml = nsb_v3_load(in->m_load);
  /* the energy-consistent triple (emc_point): dynamic, undamped sections */
  const int emc = in->emc && inertia && !dmp.beta;

  const nsb_vec3 vb0 = nsb_v3_load(u), wb0 = nsb_v3_load(u + 3);
  const nsb_vec3 vbL = nsb_v3_load(u + 6), wbL = nsb_v3_load(u + 9);
  const double *vp = u + 12, *wp = u + 15;
  const nsb_vec3 N0 = nsb_v3_load(u + iN0), M0 = nsb_v3_load(u + iM0);
  const nsb_vec3 zero = nsb_v3_zero();

  memset(f, 0, sizeof(double) * (size_t)n);
  if (K) memset(K, 0, sizeof(double) * (size_t)n * (size_t)n);

  /* store 0 (nsb_beam_velocity_residual; K NULL, no mass rule): the point
     states go to this scratch, whose fields the residual does not read are
     never formed: the integration points' positions, rotations and
     velocities, end 1 whole */
  nsb_beam_point scratch;

  /* ---- ends ---- */
  nsb_mat3 R0, T0;
  update_point(&in->old_end[0], vb0, wb0, NULL, NULL, h, rc, store ? &cur_end[0] : &scratch, &R0, K ? &T0 : NULL);
  if (store) update_point(&in->old_end[1], vbL, wbL, NULL, NULL, h, rc, &cur_end[1], NULL, NULL);
  const nsb_vec3 R0tM0 = nsb_m3_tmulv(R0, M0);
  /* d(R(0)^T M^0)/dwbar^0 = h S(R^T M) T^T (the tangent's) */
  const nsb_mat3 DM0 = K ? nsb_m3_scale(h, nsb_m3_skew_mult(R0tM0, T0)) : nsb_m3_zero();
  /* a residual alone needs an integration point's rotation only for a
     distributed moment, and its T(h wbar) not at all */
  const int ml_on = ml.x != 0.0 || ml.y != 0.0 || ml.z != 0.0;
  const int want_R = K || ml_on;

  /* ---- accumulators: Fv, FJ_p, Gm, GJ_p and their derivative weights ---- */
  nsb_vec3 Fv = zero, Gm = zero, FJ[NSB_BEAM_MAX_POINTS], GJ[NSB_BEAM_MAX_POINTS];
  double SM0 = 0.0, SMp[NSB_BEAM_MAX_POINTS], SMM[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
  nsb_mat3 GW0 = nsb_m3_zero(), GWp[NSB_BEAM_MAX_POINTS], GWW[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) {
    FJ[p] = GJ[p] = zero;
    SMp[p] = 0.0;
    GWp[p] = nsb_m3_zero();
    for (int r = 0; r < N; ++r) {
      SMM[p][r] = 0.0;
      GWW[p][r] = nsb_m3_zero();
    }
  }

  /* integration points: inertia and distributed loads; Fv, Gm, FJ_p, GJ_p
     summed in pairs of lanes (pk3) */
  pk3 Fvk = pk3_of(zero), Gmk = pk3_of(zero), FJk[NSB_BEAM_MAX_POINTS], GJk[NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) FJk[p] = GJk[p] = pk3_of(zero);
  const pk3 Jdk = pk3_of(Jd);
  for (int q = 0; q < n_qp; ++q) {
    const double* Jq = nsb_beam_geom_row(g, g->Jq, q);
    nsb_vec3 vb = interp(vb0, vp, Jq, N), wb = interp(wb0, wp, Jq, N);
    nsb_mat3 R, T;
    nsb_beam_point* cur = store ? &cur_qp[q] : &scratch;
    if (store || want_R)
      update_point(&in->old_qp[q], vb, wb, NULL, NULL, h, rc, cur, want_R ? &R : NULL, K ? &T : NULL);
    else
      update_rates(&in->old_qp[q], vb, wb, rc, cur); /* the same a, alpha, omega (and v) */
    /* without a distributed moment R^T m is a zero; +0 here, whose sign
       cannot reach the sums, which start at +0 */
    nsb_vec3 Rtm = want_R ? nsb_m3_tmulv(R, ml) : zero;
    pk3 fq = pk3_of(nsb_v3_neg(nl)), gq = pk3_of(nsb_v3_neg(Rtm)), wk = pk3_of(zero), Jwk = pk3_of(zero);
    if (inertia) {
      wk = pk3_load(cur->w);
      Jwk = pk3_diag(Jdk, wk);
      if (!rule) fq = pk3_muladd(fq, sec->rhoA, pk3_load(cur->a)); /* else: at the mass points below */
      gq = pk3_add(gq, pk3_add(pk3_diag(Jdk, pk3_load(cur->al)), pk3_cross(wk, Jwk)));
      if (dmp.alpha) { /* + alpha rhoA v, + alpha J omega */
        if (!rule) fq = pk3_muladd(fq, dmp.alpha * sec->rhoA, pk3_load(cur->v));
        gq = pk3_muladd(gq, dmp.alpha, Jwk);
      }
    }
    const double wq = g->wq[q];
    Fvk = pk3_muladd(Fvk, wq, fq);
    Gmk = pk3_muladd(Gmk, wq, gq);
    for (int p = 0; p < N; ++p) {
      FJk[p] = pk3_muladd(FJk[p], wq * Jq[p], fq);
      GJk[p] = pk3_muladd(GJk[p], wq * Jq[p], gq);
    }
    if (!K) continue;
    const nsb_vec3 w = v3_of(wk), Jw = v3_of(Jwk);
    nsb_mat3 Gw = nsb_m3_scale(-h, nsb_m3_skew_mult(Rtm, T));
    if (inertia) {
      Gw = muladd_diag(Gw, dmp.cv_a, Jd); /* c_a J (+ alpha c_v J) */
      Gw = nsb_m3_muladd(Gw, rcv.cv, nsb_m3_sub(nsb_m3_mul_diag(nsb_m3_skew(w), Jd), nsb_m3_skew(Jw)));
    }
    const double wt = rule ? 0.0 : wq; /* translational mass weight */
    SM0 += wt;
    GW0 = nsb_m3_muladd(GW0, wq, Gw);
    for (int p = 0; p < N; ++p) {
      SMp[p] += wt * Jq[p];
      GWp[p] = nsb_m3_muladd(GWp[p], wq * Jq[p], Gw);
      for (int r = 0; r < N; ++r) {
        SMM[p][r] += wt * Jq[p] * Jq[r];
        GWW[p][r] = nsb_m3_muladd(GWW[p][r], wq * Jq[p] * Jq[r], Gw);
      }
    }
  }

  Fv = v3_of(Fvk);
  Gm = v3_of(Gmk);
  for (int p = 0; p < N; ++p) {
    FJ[p] = v3_of(FJk[p]);
    GJ[p] = v3_of(GJk[p]);
  }

  /* points x_k: constitutive terms */
  nsb_vec3 RNG[NSB_BEAM_MAX_POINTS], MGk[NSB_BEAM_MAX_POINTS];
  gal_point gp[NSB_BEAM_MAX_POINTS];
  for (int k = 0; k < N; ++k) {
    const double* Jk = nsb_beam_geom_row(g, g->Jp, k);
    const double W = g->JL[k];
    nsb_vec3 vb = interp(vb0, vp, Jk, N), wb = interp(wb0, wp, Jk, N);
    nsb_vec3 vbp = nsb_v3_load(vp + 6 * k), wbp = nsb_v3_load(wp + 6 * k); /* I_p(x_k) = delta_pk */
    nsb_mat3 R, T;
    nsb_beam_point* cur = store ? &cur_cp[k] : &scratch;
    update_point(&in->old_cp[k], vb, wb, &vbp, &wbp, h, rc, cur, &R, &T);
    nsb_vec3 E = nsb_v3_load(cur->E), Kc = nsb_v3_load(cur->K);
    nsb_vec3 NG = diag_mulv(CN, nsb_v3_sub(E, nsb_v3_load(g->E0)));
    nsb_vec3 MG = diag_mulv(CM, nsb_v3_sub(Kc, nsb_v3_load(g->K0)));
    if (dmp.beta) damped_stress(&dmp, &in->old_cp[k], E, Kc, &NG, &MG);
    nsb_vec3 c = nsb_v3_add(nsb_v3_cross(NG, E), nsb_v3_cross(MG, Kc));
    RNG[k] = nsb_m3_mulv(R, NG);
    MGk[k] = MG;
    emc_point ep;
    if (emc) { /* 2 S_bar - S_n - d_n in place of S */
      emc_point_of(&in->old_cp[k], CN, CM, nsb_v3_load(g->E0), nsb_v3_load(g->K0), R, T, E, Kc, NG, MG, &ep);
      const double* dk = in->emc_d ? in->emc_d + 9 * k : NULL;
      RNG[k] = dk ? nsb_v3_sub(ep.A, nsb_v3_load(dk)) : ep.A;
      MGk[k] = dk ? nsb_v3_sub(ep.M, nsb_v3_load(dk + 3)) : ep.M;
      c = dk ? nsb_v3_sub(ep.c, nsb_v3_load(dk + 6)) : ep.c;
    }
    Gm = nsb_v3_muladd(Gm, W, c);
    for (int p = 0; p < N; ++p) GJ[p] = nsb_v3_muladd(GJ[p], W * Jk[p], c);
    if (!K) continue;
    nsb_mat3 Tt = nsb_m3_transpose(T);
    nsb_mat3 Td = nsb_so3_T_dot_fast(nsb_v3_scale(h, wb), nsb_v3_scale(h, wbp));
    /* dE/dwbar = h S(E) T^T, dE/dvbar'_k = h R^T, dK/dwbar = h (Td^T + S(K) T^T), dK/dwbar'_k = h T^T */
    nsb_mat3 dEw = nsb_m3_scale(h, nsb_m3_skew_mul(E, Tt));
    nsb_mat3 dKw = nsb_m3_scale(h, nsb_m3_add(nsb_m3_transpose(Td), nsb_m3_skew_mul(Kc, Tt)));
    gal_point* pt = &gp[k];
    nsb_mat3 Cw;
    if (emc) {
      emc_blocks(&ep, h, nsb_v3_scale(h, wb), R, T, Tt, E, Kc, CNd, CMd, dEw, dKw, pt, &Cw);
    } else {
      nsb_mat3 PN = nsb_m3_sub(nsb_m3_skew(NG), nsb_m3_mul_diag(nsb_m3_skew(E), CNd));
      nsb_mat3 PM = nsb_m3_sub(nsb_m3_skew(MG), nsb_m3_mul_diag(nsb_m3_skew(Kc), CMd));
      /* d(R N_G) = -R S(N_G) dTheta + R C_N dE (C_N (1 + beta/h) with damping) */
      pt->AN = nsb_m3_scale(h, nsb_m3_mul(R, nsb_m3_mul(nsb_m3_sub(diag_mul(CNd, nsb_m3_skew(E)), nsb_m3_skew(NG)), Tt)));
      pt->BN = nsb_m3_scale(h, nsb_m3_mul(R, diag_mul(CNd, nsb_m3_transpose(R))));
      pt->AM = diag_mul(CMd, dKw);
      pt->BM = nsb_m3_scale(h, diag_mul(CMd, Tt));
      pt->Cv = nsb_m3_scale(h, nsb_m3_mul(PN, nsb_m3_transpose(R)));
      pt->Cwp = nsb_m3_scale(h, nsb_m3_mul(PM, Tt));
      Cw = nsb_m3_add(nsb_m3_mul(PN, dEw), nsb_m3_mul(PM, dKw));
    }
    /* the point x_k enters the dwbar-weighted sums like an integration point of weight W */
    GW0 = nsb_m3_muladd(GW0, W, Cw);
    for (int p = 0; p < N; ++p) {
      GWp[p] = nsb_m3_muladd(GWp[p], W * Jk[p], Cw);
      for (int r = 0; r < N; ++r) GWW[p][r] = nsb_m3_muladd(GWW[p][r], W * Jk[p] * Jk[r], Cw);
    }
  }

  /* translational point masses of the mass rule: rhoA w_k (a - grav) at
     x_k, in Fv and FJ_p like an integration point; at end 0 and the
     collocation points a follows vbar(x_k) (columns 0 and vbar'_p), at end 1
     the node unknown vbar^L (column 6: SL) */
  double SL = 0.0, SLp[NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) SLp[p] = 0.0;
  for (int k = 0; k < g->n_mp; ++k) {
    const nsb_beam_point* pt = nsb_beam_mass_point(g, cur_end, cur_cp, k);
    const double wk = g->mp->w[k], *Jk = g->mp->J[k];
    nsb_vec3 fk = nsb_v3_scale(-sec->rhoA * wk, nsb_v3_load(in->grav));
    if (inertia) fk = nsb_v3_muladd(fk, sec->rhoA * wk, nsb_v3_load(pt->a));
    if (dmp.alpha) fk = nsb_v3_muladd(fk, dmp.alpha * sec->rhoA * wk, nsb_v3_load(pt->v));
    Fv = nsb_v3_add(Fv, fk);
    for (int p = 0; p < N; ++p) FJ[p] = nsb_v3_muladd(FJ[p], Jk[p], fk);
    if (g->mp->src[k] == -2) {
      SL += wk;
      for (int p = 0; p < N; ++p) SLp[p] += wk * Jk[p];
      continue;
    }
    SM0 += wk;
    for (int p = 0; p < N; ++p) {
      SMp[p] += wk * Jk[p];
      for (int r = 0; r < N; ++r) SMM[p][r] += wk * Jk[p] * Jk[r];
    }
  }

  /* ---- residual ---- */
  add_vec(f, 0, nsb_v3_neg(N0));
  add_vec(f, 3, nsb_v3_neg(R0tM0));
  add_vec(f, 6, nsb_v3_add(N0, Fv));
  add_vec(f, 9, nsb_v3_add(R0tM0, Gm));
  for (int p = 0; p < N; ++p) {
    const double iW = 1.0 / g->JL[p];
    const int tr = 12 + 6 * p, rr = tr + 3;
    add_vec(f, tr, nsb_v3_muladd(nsb_v3_sub(nsb_v3_sub(RNG[p], N0), Fv), iW, FJ[p]));
    add_vec(f, rr, nsb_v3_muladd(nsb_v3_sub(nsb_v3_sub(MGk[p], R0tM0), Gm), iW, GJ[p]));
  }
  add_vec(f, iN0, nsb_v3_sub(vbL, interp(vb0, vp, g->JL, N)));
  add_vec(f, iM0, nsb_v3_sub(wbL, interp(wb0, wp, g->JL, N)));
  if (!K) return 0;

  /* ---- tangent ---- */
  const nsb_mat3 R0t = nsb_m3_transpose(R0);
  /* node 0 */
  add_diag(K, n, 0, iN0, -1.0);
  add_block(K, n, 3, iM0, nsb_m3_scale(-1.0, R0t));
  add_block(K, n, 3, 3, nsb_m3_scale(-1.0, DM0));
  /* node 1: N^0 + Fv, R(0)^T M^0 + Gm */
  add_diag(K, n, 6, iN0, 1.0);
  add_diag(K, n, 6, 0, mca * SM0);
  add_diag(K, n, 6, 6, mca * SL);
  add_block(K, n, 9, iM0, R0t);
  add_block(K, n, 9, 3, nsb_m3_add(DM0, GW0));
  for (int r = 0; r < N; ++r) {
    const int cv = 12 + 6 * r, cw = cv + 3;
    const double Wr = g->JL[r];
    add_diag(K, n, 6, cv, mca * SMp[r]);
    add_block(K, n, 9, cv, nsb_m3_scale(Wr, gp[r].Cv));
    add_block(K, n, 9, cw, nsb_m3_muladd(GWp[r], Wr, gp[r].Cwp));
  }
  /* interior rows */
  for (int p = 0; p < N; ++p) {
    const double iW = 1.0 / g->JL[p];
    const int tr = 12 + 6 * p, rr = tr + 3;
    const gal_point* pp = &gp[p];
    add_diag(K, n, tr, iN0, -1.0);
    add_diag(K, n, tr, 0, mca * (iW * SMp[p] - SM0));
    add_diag(K, n, tr, 6, mca * (iW * SLp[p] - SL));
    add_block(K, n, tr, 3, pp->AN);
    add_block(K, n, rr, iM0, nsb_m3_scale(-1.0, R0t));
    add_block(K, n, rr, 3, nsb_m3_add(nsb_m3_sub(pp->AM, nsb_m3_add(DM0, GW0)), nsb_m3_scale(iW, GWp[p])));
    for (int r = 0; r < N; ++r) {
      const int cv = 12 + 6 * r, cw = cv + 3;
      const double Wr = g->JL[r], Jpr = g->Jp[N * p + r], Jrp = g->Jp[N * r + p];
      add_diag(K, n, tr, cv, mca * (iW * SMM[p][r] - SMp[r]));
      add_block(K, n, tr, cw, nsb_m3_scale(Jpr, pp->AN));
      /* d/dvbar'_r: -W_r Cv_r + (W_r J_p(x_r)/W_p) Cv_r */
      add_block(K, n, rr, cv, nsb_m3_scale(Wr * (iW * Jrp - 1.0), gp[r].Cv));
      /* d/dwbar'_r */
      nsb_mat3 B = nsb_m3_scale(Jpr, pp->AM);
      B = nsb_m3_sub(B, nsb_m3_muladd(GWp[r], Wr, gp[r].Cwp));
      B = nsb_m3_add(B, nsb_m3_scale(iW, nsb_m3_muladd(GWW[p][r], Wr * Jrp, gp[r].Cwp)));
      add_block(K, n, rr, cw, B);
    }
    add_block(K, n, tr, 12 + 6 * p, pp->BN);
    add_block(K, n, rr, 15 + 6 * p, pp->BM);
  }
  /* closure rows */
  add_diag(K, n, iN0, 6, 1.0);
  add_diag(K, n, iN0, 0, -1.0);
  add_diag(K, n, iM0, 9, 1.0);
  add_diag(K, n, iM0, 3, -1.0);
  for (int p = 0; p < N; ++p) {
    add_diag(K, n, iN0, 12 + 6 * p, -g->JL[p]);
    add_diag(K, n, iM0, 15 + 6 * p, -g->JL[p]);
  }
  return 0;
}

/* The residual alone (modified Newton's frozen evaluations, most of a run's
   evaluations) with the sizes of POINTS = 1, 2, 3 (n_gauss = N + 2, as
   elements/beam.c makes them) as constants: the loops over the points and
   the accumulators FJ_p, GJ_p of a known count, kept in registers, and none
   of the tangent's sums.  The same operations in the same order as the
   general form: the same bits. */
static __attribute__((noinline)) int eval_galerkin_res1(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp,
                                                        nsb_beam_point* restrict cur_cp,
                                                        nsb_beam_point* restrict cur_end, double* restrict f) {
  return eval_galerkin_n(in, 1, 6, 1, cur_qp, cur_cp, cur_end, f, NULL);
}
static __attribute__((noinline)) int eval_galerkin_res2(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp,
                                                        nsb_beam_point* restrict cur_cp,
                                                        nsb_beam_point* restrict cur_end, double* restrict f) {
  return eval_galerkin_n(in, 2, 12, 1, cur_qp, cur_cp, cur_end, f, NULL);
}
static __attribute__((noinline)) int eval_galerkin_res3(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp,
                                                        nsb_beam_point* restrict cur_cp,
                                                        nsb_beam_point* restrict cur_end, double* restrict f) {
  return eval_galerkin_n(in, 3, 20, 1, cur_qp, cur_cp, cur_end, f, NULL);
}

static int eval_galerkin(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp, nsb_beam_point* restrict cur_cp,
                         nsb_beam_point* restrict cur_end, double* restrict f, double* restrict K) {
  const nsb_beam_geom* g = in->g;
  if (!K && g->n_qp == (g->N + 1) * (g->N + 2)) switch (g->N) {
      case 1: return eval_galerkin_res1(in, cur_qp, cur_cp, cur_end, f);
      case 2: return eval_galerkin_res2(in, cur_qp, cur_cp, cur_end, f);
      case 3: return eval_galerkin_res3(in, cur_qp, cur_cp, cur_end, f);
      default: break;
    }
  return eval_galerkin_n(in, g->N, g->n_qp, 1, cur_qp, cur_cp, cur_end, f, K);
}

/* nsb_beam_velocity_residual's kernels: the residual-only evaluation without
   the point states (store 0), POINTS = 1, 2, 3 with n_gauss = N + 2 as
   constants, else the general sizes */
static __attribute__((noinline)) int galerkin_alone2(const nsb_beam_eval_in* in, double* restrict f) {
  return eval_galerkin_n(in, 2, 12, 0, NULL, NULL, NULL, f, NULL);
}
static __attribute__((noinline)) int galerkin_alone_any(const nsb_beam_eval_in* in, double* restrict f) {
  return eval_galerkin_n(in, in->g->N, in->g->n_qp, 0, NULL, NULL, NULL, f, NULL);
}

int nsb_beam_velocity_residual(const nsb_beam_eval_in* in, double* f) {
  const nsb_beam_geom* g = in->g;
  if (!in->galerkin || g->massless_end >= 0) return -1;
  if (g->N == 2 && g->n_qp == 12) return galerkin_alone2(in, f);
  return galerkin_alone_any(in, f);
}

/* The collocation evaluation (nsb_beam_velocity_eval) in named steps: the
 * constants of one evaluation (coll_eval), the node-0 rows, one sweep over
 * the sub-intervals that accumulates the integrals of each integration point
 * (coll_sums, coll_point) and emits at the end of each sub-interval the rows
 * of its collocation point (coll_point_rows) or of node 1 (node1_rows), and
 * the closure rows.  Equations and linearization: header and
 * docs/theory_beam.md §3, §4. */
typedef struct coll_eval {
  const nsb_beam_eval_in* in;
  const nsb_beam_geom* g;
  const nsb_beam_section* sec;
  int N, n, iN0, iM0; /* local size, rows / columns of N^0 and M^0 */
  double h;
  int inertia;
  rate_coef rcv;
  const rate_coef* rc; /* &rcv with inertia, else NULL (static: rates zero) */
  double mca;          /* d(rhoA a + alpha rhoA v)/d vbar */
  nsb_vec3 CN, CM, Jd;
  damping dmp;         /* Rayleigh damping of the evaluation (section_damping) */
  nsb_mat3 Jm;
  nsb_vec3 vb0, wb0, vbL, wbL;
  const double *vp, *wp; /* vbar'^p at vp + 6p, wbar'^p at wp + 6p */
  nsb_vec3 N0, M0;
  nsb_vec3 cref, rho0;           /* moment reference: old r(0); r(0) - cref */
  nsb_vec3 f_static, g_static;   /* -n, -m */
  /* translational mass rule (g->massless_end >= 0; docs/contact.md §7.2):
     mca above is then 0 (no translational mass at the integration points)
     and the rule's point masses carry it: force pm_f = rhoA w_k (a - grav
     + alpha v) at x_k, position pm_rho relative to cref, pm_m = d pm_f /
     d vbar(x_k) = rhoA w_k (c_a + alpha c_v); pm_rp the new r' = R E =
     R_n E_n + h vbar'^m at every collocation point m (the moment rows'
     levers, coll_mass_rows) */
  int rule;
  nsb_vec3 pm_f[NSB_BEAM_MAX_POINTS], pm_rho[NSB_BEAM_MAX_POINTS], pm_rp[NSB_BEAM_MAX_POINTS];
  double pm_m[NSB_BEAM_MAX_POINTS];
} coll_eval;

/* Integrals of the sweep from x = 0 to the current section:
 * F = int f, Ig = int (inertia - m), Irf = int rho x f, and per column group
 * p (0: vbar^0, wbar^0, weight 1; p + 1: vbar'^p, wbar'^p, weight J_p):
 * SM = int w_p, SV = int w_p (-h f + rhoA c_a rho), SW = int w_p Gw. */
typedef struct coll_sums {
  nsb_vec3 F, Ig, Irf;
  double SM[NSB_BEAM_MAX_POINTS + 1];
  nsb_vec3 SV[NSB_BEAM_MAX_POINTS + 1];
  nsb_mat3 SW[NSB_BEAM_MAX_POINTS + 1];
} coll_sums;

static void coll_eval_init(const nsb_beam_eval_in* in, coll_eval* c) {
  const nsb_beam_section* sec = in->sec;
  const double* u = in->u;
  c->in = in;
  c->g = in->g;
  c->sec = sec;
  c->N = in->g->N;
  c->n = nsb_beam_velocity_nlocal(c->N);
  c->iN0 = 12 + 6 * c->N;
  c->iM0 = c->iN0 + 3;
  c->h = in->h;
  c->inertia = in->inertia != 0;
  c->rcv = rate_coef_of(in);
  c->rc = c->inertia ? &c->rcv : NULL;
  c->CN = nsb_v3(sec->EA, sec->GA2, sec->GA3);
  c->CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  c->dmp = section_damping(in, &c->rcv, c->CN, c->CM);
  c->rule = in->g->massless_end >= 0;
  c->mca = c->inertia && !c->rule ? sec->rhoA * c->dmp.cv_a : 0.0;
  c->Jd = nsb_v3_load(sec->rhoJ);
  c->Jm = nsb_m3_diag(c->Jd.x, c->Jd.y, c->Jd.z);
  c->vb0 = nsb_v3_load(u);
  c->wb0 = nsb_v3_load(u + 3);
  c->vbL = nsb_v3_load(u + 6);
  c->wbL = nsb_v3_load(u + 9);
  c->vp = u + 12;
  c->wp = u + 15;
  c->N0 = nsb_v3_load(u + c->iN0);
  c->M0 = nsb_v3_load(u + c->iM0);
  c->cref = nsb_v3_load(in->old_end[0].r);
  c->rho0 = nsb_v3_scale(c->h, c->vb0);
  c->f_static = nsb_v3_neg(nsb_v3_load(in->n_load));
  c->g_static = nsb_v3_neg(nsb_v3_load(in->m_load));
}

/* node-0 rows: -N^0, -R(0)^T M^0;  d(R^T M) = S(R^T M) dTheta + R^T dM, dTheta = h T^T dwbar */
static void node0_rows(const coll_eval* c, nsb_mat3 R0, nsb_mat3 T0, double* restrict f, double* restrict K) {
  const int n = c->n;
  add_vec(f, 0, nsb_v3_neg(c->N0));
  nsb_vec3 R0tM0 = nsb_m3_tmulv(R0, c->M0);
  add_vec(f, 3, nsb_v3_neg(R0tM0));
  if (K) {
    add_diag(K, n, 0, c->iN0, -1.0);
    add_block(K, n, 3, c->iM0, nsb_m3_scale(-1.0, nsb_m3_transpose(R0)));
    add_block(K, n, 3, 3, nsb_m3_scale(-c->h, nsb_m3_skew_mult(R0tM0, T0)));
  }
}

/* Integration point q: its new state, and its terms added to the sums
   (tangent sums only when tangent != 0). */
static void coll_point(const coll_eval* c, int q, nsb_beam_point* restrict cur, coll_sums* S, int tangent) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N;
  const double h = c->h;
  const nsb_vec3 zero = nsb_v3_zero();
  const double* Jq = nsb_beam_geom_row(g, g->Jq, q);
  nsb_vec3 vb = interp(c->vb0, c->vp, Jq, N), wb = interp(c->wb0, c->wp, Jq, N);
  nsb_mat3 R, T;
  const nsb_beam_point* old = &c->in->old_qp[q];
  update_point(old, vb, wb, NULL, NULL, h, c->rc, cur, &R, tangent ? &T : NULL);
  nsb_vec3 rho = nsb_v3_muladd(nsb_v3_sub(nsb_v3_load(old->r), c->cref), h, vb);
  nsb_vec3 fq = c->f_static, gq = c->g_static, Jal = zero, Jw = zero, w = zero, inm = zero;
  if (c->inertia) {
    w = nsb_v3_load(cur->w);
    Jal = diag_mulv(c->Jd, nsb_v3_load(cur->al));
    Jw = diag_mulv(c->Jd, w);
    inm = nsb_v3_add(Jal, nsb_v3_cross(w, Jw)); /* J alpha + omega x J omega */
    if (!c->rule) fq = nsb_v3_muladd(c->f_static, c->sec->rhoA, nsb_v3_load(cur->a)); /* else: the point masses */
    if (c->dmp.alpha) { /* + alpha rhoA v, + alpha J omega */
      if (!c->rule) fq = nsb_v3_muladd(fq, c->dmp.alpha * c->sec->rhoA, nsb_v3_load(cur->v));
      inm = nsb_v3_muladd(inm, c->dmp.alpha, Jw);
    }
    gq = nsb_v3_add(nsb_m3_mulv(R, inm), c->g_static);
  }
  const double wq = g->wq[q];
  S->F = nsb_v3_muladd(S->F, wq, fq);
  S->Ig = nsb_v3_muladd(S->Ig, wq, gq);
  S->Irf = nsb_v3_muladd(S->Irf, wq, nsb_v3_cross(rho, fq));
  if (!tangent) return;
  /* d(rho x f)/dvbar = -h S(f) + rhoA c_a S(rho) = S(gv) */
  nsb_vec3 gv = nsb_v3_muladd(nsb_v3_scale(-h, fq), c->mca, rho);
  S->SM[0] += wq;
  S->SV[0] = nsb_v3_muladd(S->SV[0], wq, gv);
  for (int p = 0; p < N; ++p) {
    double cw = wq * Jq[p];
    S->SM[p + 1] += cw;
    S->SV[p + 1] = nsb_v3_muladd(S->SV[p + 1], cw, gv);
  }
  if (c->inertia) {
    /* Gw = R [ -h S(J alpha + omega x J omega) T^T + c_a J + c_v (S(omega) J - S(J omega)) ] */
    nsb_mat3 A = nsb_m3_scale(-h, nsb_m3_skew_mult(inm, T));
    A = muladd_diag(A, c->dmp.cv_a, c->Jd); /* c_a J (+ alpha c_v J) */
    A = nsb_m3_muladd(A, c->rcv.cv, nsb_m3_sub(nsb_m3_mul_diag(nsb_m3_skew(w), c->Jd), nsb_m3_skew(Jw)));
    nsb_mat3 Gw = nsb_m3_mul(R, A);
    S->SW[0] = nsb_m3_muladd(S->SW[0], wq, Gw);
    for (int p = 0; p < N; ++p) S->SW[p + 1] = nsb_m3_muladd(S->SW[p + 1], wq * Jq[p], Gw);
  }
}

/* The rule's point masses in the collocation rows (docs/contact.md §7.2).
   Force rows: the I_k-weighted mean of their resultant over the element,
   sum_j (1 - J_k(x_j)/W_k) f_j, as the Galerkin rows weight the inertia (the
   velocity mode that moves the massless end alone then meets no inertia in
   any row, and the axial bar has the Galerkin element's energy identity):
   the value at x_k of P N_m, the L2 projection of their step resultant
   N_m(x) = sum_j H(x - x_j) f_j onto the polynomials of degree N - 1.
   Moment rows: the moment of that same projected resultant,
   int_0^{x_k} r' x P N_m = sum_j d_kj x f_j, d_kj = int_0^{x_k} r' P_j =
   sum_m lev[k][j][m] r'(x_m) (r' of degree N - 1 through the collocation
   points, exact for straight elements), so that the two rows see one
   load distribution (with the exact moment of the steps instead,
   sum_{x_j < x_k} (rho_k - rho_j) x f_j, the element gained energy across
   the axis, up to complex, growing modes; benchmarks/massless_end, README).
   Rows of collocation point k, or of node 1 (k = N: its force row only, the
   total force; its moment rows take the exact moments of coll_mass_moment_L
   inside R(L)^T M_g(L), the element's angular momentum balance). */
static void coll_mass_rows(const coll_eval* c, int k, double* restrict f, double* restrict K) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N, n = c->n, tr = k < N ? 12 + 6 * k : 6, rr = tr + 3;
  const double h = c->h;
  for (int j = 0; j < g->n_mp; ++j) {
    const int src = g->mp->src[j];
    const double* Jj = g->mp->J[j];
    /* force: weight b of f_j in the row */
    const double b = k < N ? -(1.0 - Jj[k] / g->JL[k]) : 1.0;
    add_vec(f, tr, nsb_v3_scale(b, c->pm_f[j]));
    if (K) {
      if (src == -2)
        add_diag(K, n, tr, 6, b * c->pm_m[j]);
      else {
        add_diag(K, n, tr, 0, b * c->pm_m[j]);
        for (int r = 0; r < N; ++r) add_diag(K, n, tr, 12 + 6 * r, b * c->pm_m[j] * Jj[r]);
      }
    }
    if (k == N || src == -2) continue; /* a mass at L: P_j = 0, no lever */
    /* moment about x_k: + d_kj x f_j in the row R M_G - M_g */
    const double* lev = g->mp->lev[k][j];
    nsb_vec3 d = nsb_v3_zero();
    for (int m = 0; m < N; ++m) d = nsb_v3_muladd(d, lev[m], c->pm_rp[m]);
    add_vec(f, rr, nsb_v3_cross(d, c->pm_f[j]));
    if (!K) continue;
    /* d(d_kj) = h sum_m lev[k][j][m] dvbar'^m */
    nsb_mat3 Sd = nsb_m3_scale(c->pm_m[j], nsb_m3_skew(d)), Sf = nsb_m3_skew(c->pm_f[j]);
    add_block(K, n, rr, 0, Sd);
    for (int r = 0; r < N; ++r)
      add_block(K, n, rr, 12 + 6 * r, nsb_m3_add(nsb_m3_scale(-h * lev[r], Sf), nsb_m3_scale(Jj[r], Sd)));
  }
}

/* Moment of the rule's point masses about the point rho at L (node 1's
   rows): - sum_j (rho - rho_j) x f_j, added to M_g(L), and its derivative
   D (3 x 3 blocks: column group 0, then vbar'^r) before R(L)^T. */
static nsb_vec3 coll_mass_moment_L(const coll_eval* c, nsb_vec3 rho, nsb_mat3* D) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N;
  nsb_vec3 m = nsb_v3_zero();
  for (int r = 0; r <= N; ++r) D[r] = nsb_m3_zero();
  for (int j = 0; j < g->n_mp; ++j) {
    if (g->mp->src[j] == -2) continue; /* at L: no lever */
    const double* Jj = g->mp->J[j];
    nsb_vec3 d = nsb_v3_sub(rho, c->pm_rho[j]);
    m = nsb_v3_sub(m, nsb_v3_cross(d, c->pm_f[j]));
    nsb_mat3 Sd = nsb_m3_scale(-c->pm_m[j], nsb_m3_skew(d)), Sf = nsb_m3_skew(c->pm_f[j]);
    D[0] = nsb_m3_add(D[0], Sd);
    for (int r = 0; r < N; ++r)
      D[r + 1] = nsb_m3_add(D[r + 1], nsb_m3_add(nsb_m3_scale(c->h * (g->JL[r] - Jj[r]), Sf), nsb_m3_scale(Jj[r], Sd)));
  }
  return m;
}

/* Collocation point k: rows R N_G - N_g, R M_G - M_g and their tangent. */
static void coll_point_rows(const coll_eval* c, int k, const coll_sums* S, nsb_beam_point* restrict cur,
                            double* restrict f, double* restrict K) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N, n = c->n;
  const double h = c->h, mca = c->mca;
  const double* Jk = nsb_beam_geom_row(g, g->Jp, k);
  nsb_vec3 vb = interp(c->vb0, c->vp, Jk, N), wb = interp(c->wb0, c->wp, Jk, N);
  nsb_vec3 vbp = nsb_v3_load(c->vp + 6 * k), wbp = nsb_v3_load(c->wp + 6 * k); /* I_p(x_k) = delta_pk */
  nsb_mat3 R, T;
  const nsb_beam_point* old = &c->in->old_cp[k];
  update_point(old, vb, wb, &vbp, &wbp, h, c->rc, cur, &R, &T);
  nsb_vec3 E = nsb_v3_load(cur->E), Kc = nsb_v3_load(cur->K);
  nsb_vec3 NG = diag_mulv(c->CN, nsb_v3_sub(E, nsb_v3_load(g->E0)));
  nsb_vec3 MG = diag_mulv(c->CM, nsb_v3_sub(Kc, nsb_v3_load(g->K0)));
  if (c->dmp.beta) damped_stress(&c->dmp, old, E, Kc, &NG, &MG);
  const nsb_vec3 CNd = c->dmp.CNd, CMd = c->dmp.CMd; /* d N_G / dE, d M_G / dK */
  nsb_vec3 rho = nsb_v3_muladd(nsb_v3_sub(nsb_v3_load(old->r), c->cref), h, vb);
  nsb_vec3 Ng = nsb_v3_add(c->N0, S->F);
  nsb_vec3 Mg = moment_g(c->M0, c->N0, S->Ig, S->F, S->Irf, rho, c->rho0);
  const int tr = 12 + 6 * k, rr = tr + 3;
  add_vec(f, tr, nsb_v3_sub(nsb_m3_mulv(R, NG), Ng));
  add_vec(f, rr, nsb_v3_sub(nsb_m3_mulv(R, MG), Mg));
  if (c->rule) coll_mass_rows(c, k, f, K);
  if (!K) return;
  nsb_mat3 Td = nsb_so3_T_dot_fast(nsb_v3_scale(h, wb), nsb_v3_scale(h, wbp));
  nsb_mat3 Tt = nsb_m3_transpose(T);
  /* d(R N_G)/dwbar = h R (C_N S(E) - S(N_G)) T^T,  d(R N_G)/dvbar' = h R C_N R^T */
  nsb_mat3 AN = nsb_m3_mul(R, nsb_m3_mul(nsb_m3_sub(diag_mul(CNd, nsb_m3_skew(E)), nsb_m3_skew(NG)), Tt));
  AN = nsb_m3_scale(h, AN);
  nsb_mat3 BN = nsb_m3_scale(h, nsb_m3_mul(R, diag_mul(CNd, nsb_m3_transpose(R))));
  /* d(R M_G)/dwbar = h R [(C_M S(K) - S(M_G)) T^T + C_M Td^T],  d(R M_G)/dwbar' = h R C_M T^T */
  nsb_mat3 BMl = diag_mul(CMd, Tt);
  nsb_mat3 AM = nsb_m3_add(nsb_m3_mul(nsb_m3_sub(diag_mul(CMd, nsb_m3_skew(Kc)), nsb_m3_skew(MG)), Tt),
                           diag_mul(CMd, nsb_m3_transpose(Td)));
  AM = nsb_m3_scale(h, nsb_m3_mul(R, AM));
  nsb_mat3 BM = nsb_m3_scale(h, nsb_m3_mul(R, BMl));
  /* group 0 */
  add_diag(K, n, tr, 0, -mca * S->SM[0]);
  add_block(K, n, rr, 0,
            nsb_m3_skew(nsb_v3_neg(nsb_v3_add(nsb_v3_muladd(S->SV[0], -mca * S->SM[0], rho),
                                              nsb_v3_scale(h, nsb_v3_sub(Ng, c->N0))))));
  add_block(K, n, tr, 3, AN);
  add_block(K, n, rr, 3, nsb_m3_sub(AM, S->SW[0]));
  /* groups p */
  for (int p = 0; p < N; ++p) {
    const int cv = 12 + 6 * p, cw = cv + 3;
    add_diag(K, n, tr, cv, -mca * S->SM[p + 1]);
    add_block(K, n, tr, cw, nsb_m3_scale(Jk[p], AN));
    add_block(K, n, rr, cv,
              nsb_m3_skew(nsb_v3_neg(nsb_v3_muladd(nsb_v3_muladd(S->SV[p + 1], -mca * S->SM[p + 1], rho), h * Jk[p], Ng))));
    add_block(K, n, rr, cw, nsb_m3_sub(nsb_m3_scale(Jk[p], AM), S->SW[p + 1]));
  }
  add_block(K, n, tr, 12 + 6 * k, BN);
  add_block(K, n, rr, 15 + 6 * k, BM);
  add_diag(K, n, tr, c->iN0, -1.0);
  add_block(K, n, rr, c->iN0, nsb_m3_skew(nsb_v3_sub(rho, c->rho0)));
  add_diag(K, n, rr, c->iM0, -1.0);
}

/* node 1: +N_g(L), +R(L)^T M_g(L); r(L) from the interpolated vbar(L) */
static void node1_rows(const coll_eval* c, nsb_mat3 RL, nsb_mat3 TL, const coll_sums* S, double* restrict f,
                       double* restrict K) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N, n = c->n;
  const double h = c->h, mca = c->mca;
  nsb_vec3 vbLi = interp(c->vb0, c->vp, g->JL, N);
  nsb_vec3 rho = nsb_v3_muladd(nsb_v3_sub(nsb_v3_load(c->in->old_end[1].r), c->cref), h, vbLi);
  nsb_vec3 Ng = nsb_v3_add(c->N0, S->F);
  nsb_vec3 Mg = moment_g(c->M0, c->N0, S->Ig, S->F, S->Irf, rho, c->rho0);
  nsb_mat3 DL[NSB_BEAM_MAX_POINTS + 1];
  if (c->rule) {
    coll_mass_rows(c, N, f, K);
    Mg = nsb_v3_add(Mg, coll_mass_moment_L(c, rho, DL));
  }
  nsb_vec3 RtM = nsb_m3_tmulv(RL, Mg);
  add_vec(f, 6, Ng);
  add_vec(f, 9, RtM);
  if (!K) return;
  nsb_mat3 RLt = nsb_m3_transpose(RL);
  if (c->rule)
    for (int r = 0; r <= N; ++r) add_block(K, n, 9, r == 0 ? 0 : 6 + 6 * r, nsb_m3_mul(RLt, DL[r]));
  add_diag(K, n, 6, c->iN0, 1.0);
  add_diag(K, n, 6, 0, mca * S->SM[0]);
  add_block(K, n, 9, 9, nsb_m3_scale(h, nsb_m3_skew_mult(RtM, TL)));
  add_block(K, n, 9, 0,
            nsb_m3_mul_skew(RLt, nsb_v3_add(nsb_v3_muladd(S->SV[0], -mca * S->SM[0], rho),
                                                   nsb_v3_scale(h, nsb_v3_sub(Ng, c->N0)))));
  add_block(K, n, 9, 3, nsb_m3_mul(RLt, S->SW[0]));
  for (int p = 0; p < N; ++p) {
    const int cv = 12 + 6 * p, cw = cv + 3;
    add_diag(K, n, 6, cv, mca * S->SM[p + 1]);
    add_block(K, n, 9, cv,
              nsb_m3_mul_skew(RLt, nsb_v3_muladd(nsb_v3_muladd(S->SV[p + 1], -mca * S->SM[p + 1], rho),
                                                        h * g->JL[p], Ng)));
    add_block(K, n, 9, cw, nsb_m3_mul(RLt, S->SW[p + 1]));
  }
  add_block(K, n, 9, c->iN0, nsb_m3_scale(-1.0, nsb_m3_mul_skew(RLt, nsb_v3_sub(rho, c->rho0))));
  add_block(K, n, 9, c->iM0, RLt);
}

/* closure rows: vbar^L - vbar(L), wbar^L - wbar(L) */
static void closure_rows(const coll_eval* c, double* restrict f, double* restrict K) {
  const nsb_beam_geom* g = c->g;
  const int N = c->N, n = c->n, iN0 = c->iN0, iM0 = c->iM0;
  add_vec(f, iN0, nsb_v3_sub(c->vbL, interp(c->vb0, c->vp, g->JL, N)));
  add_vec(f, iM0, nsb_v3_sub(c->wbL, interp(c->wb0, c->wp, g->JL, N)));
  if (!K) return;
  add_diag(K, n, iN0, 6, 1.0);
  add_diag(K, n, iN0, 0, -1.0);
  add_diag(K, n, iM0, 9, 1.0);
  add_diag(K, n, iM0, 3, -1.0);
  for (int p = 0; p < N; ++p) {
    add_diag(K, n, iN0, 12 + 6 * p, -g->JL[p]);
    add_diag(K, n, iM0, 15 + 6 * p, -g->JL[p]);
  }
}

/* The rule's point masses before the sweep: their states (the ends', and
   the collocation points' as coll_point_rows leaves them), forces and
   positions (coll_eval). */
static void coll_mass_points(coll_eval* c, nsb_beam_point* restrict cur_cp, const nsb_beam_point* cur_end) {
  const nsb_beam_geom* g = c->g;
  const nsb_beam_section* sec = c->sec;
  const int N = c->N;
  for (int j = 0; j < g->n_mp; ++j) {
    const int src = g->mp->src[j];
    const double w = g->mp->w[j];
    if (src >= 0) {
      const double* Jk = nsb_beam_geom_row(g, g->Jp, src);
      nsb_vec3 vb = interp(c->vb0, c->vp, Jk, N), wb = interp(c->wb0, c->wp, Jk, N);
      nsb_vec3 vbp = nsb_v3_load(c->vp + 6 * src), wbp = nsb_v3_load(c->wp + 6 * src);
      nsb_mat3 R, T;
      update_point(&c->in->old_cp[src], vb, wb, &vbp, &wbp, c->h, c->rc, &cur_cp[src], &R, &T);
      c->pm_rho[j] = nsb_v3_muladd(nsb_v3_sub(nsb_v3_load(c->in->old_cp[src].r), c->cref), c->h, vb);
    } else {
      c->pm_rho[j] = src == -1 ? c->rho0 : nsb_v3_zero(); /* at L: never a lever (coll_mass_rows) */
    }
    const nsb_beam_point* pt = nsb_beam_mass_point(g, cur_end, cur_cp, j);
    nsb_vec3 fk = nsb_v3_scale(-sec->rhoA * w, nsb_v3_load(c->in->grav));
    if (c->inertia) fk = nsb_v3_muladd(fk, sec->rhoA * w, nsb_v3_load(pt->a));
    if (c->dmp.alpha) fk = nsb_v3_muladd(fk, c->dmp.alpha * sec->rhoA * w, nsb_v3_load(pt->v));
    c->pm_f[j] = fk;
    c->pm_m[j] = c->inertia ? sec->rhoA * w * c->dmp.cv_a : 0.0;
  }
  for (int m = 0; m < N; ++m) {
    const nsb_beam_point* o = &c->in->old_cp[m];
    nsb_vec3 rpn = nsb_q_rotate(nsb_q_load(o->q), nsb_v3_load(o->E));
    c->pm_rp[m] = nsb_v3_muladd(rpn, c->h, nsb_v3_load(c->vp + 6 * m));
  }
}

int nsb_beam_velocity_eval(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp,
                           nsb_beam_point* restrict cur_cp, nsb_beam_point* restrict cur_end, double* restrict f,
                           double* restrict K) {
  if (in->galerkin) return eval_galerkin(in, cur_qp, cur_cp, cur_end, f, K);
  coll_eval c;
  coll_eval_init(in, &c);
  const int N = c.N, n = c.n;
  memset(f, 0, sizeof(double) * (size_t)n);
  if (K) memset(K, 0, sizeof(double) * (size_t)n * (size_t)n);
  /* ends: states from the node unknowns */
  nsb_mat3 R0, T0, RL, TL;
  update_point(&in->old_end[0], c.vb0, c.wb0, NULL, NULL, c.h, c.rc, &cur_end[0], &R0, &T0);
  update_point(&in->old_end[1], c.vbL, c.wbL, NULL, NULL, c.h, c.rc, &cur_end[1], &RL, &TL);
  node0_rows(&c, R0, T0, f, K);
  if (c.rule) coll_mass_points(&c, cur_cp, cur_end);
  /* sweep of the sub-intervals [0, x_1], ..., [x_N, L] */
  coll_sums S;
  S.F = S.Ig = S.Irf = nsb_v3_zero();
  for (int p = 0; p <= N; ++p) {
    S.SM[p] = 0.0;
    S.SV[p] = nsb_v3_zero();
    S.SW[p] = nsb_m3_zero();
  }
  for (int s = 0, q = 0; s <= N; ++s) {
    for (int i = 0; i < in->g->n_gauss; ++i, ++q) coll_point(&c, q, &cur_qp[q], &S, K != NULL);
    if (s < N)
      coll_point_rows(&c, s, &S, &cur_cp[s], f, K);
    else
      node1_rows(&c, RL, TL, &S, f, K);
  }
  closure_rows(&c, f, K);
  return 0;
}

static inline __attribute__((always_inline)) void velocity_points_n(const nsb_beam_eval_in* in, const int N,
                                                                  const int n_qp, nsb_beam_point* restrict cur_qp,
                                                                  nsb_beam_point* restrict cur_cp,
                                                                  nsb_beam_point* restrict cur_end) {
  const nsb_beam_geom* g = in->g;
  const double* u = in->u;
  const double h = in->h;
  const rate_coef rcv = rate_coef_of(in);
  const rate_coef* rc = in->inertia ? &rcv : NULL;
  const nsb_vec3 vb0 = nsb_v3_load(u), wb0 = nsb_v3_load(u + 3);
  const double *vp = u + 12, *wp = u + 15;
  nsb_mat3 R, T;
  update_point(&in->old_end[0], vb0, wb0, NULL, NULL, h, rc, &cur_end[0], NULL, NULL);
  update_point(&in->old_end[1], nsb_v3_load(u + 6), nsb_v3_load(u + 9), NULL, NULL, h, rc, &cur_end[1], NULL, NULL);
  for (int q = 0; q < n_qp; ++q) {
    const double* Jq = nsb_beam_geom_row(g, g->Jq, q);
    nsb_vec3 vb = interp(vb0, vp, Jq, N), wb = interp(wb0, wp, Jq, N);
    update_point(&in->old_qp[q], vb, wb, NULL, NULL, h, rc, &cur_qp[q], NULL, NULL);
  }
  for (int k = 0; k < N; ++k) {
    const double* Jk = nsb_beam_geom_row(g, g->Jp, k);
    nsb_vec3 vb = interp(vb0, vp, Jk, N), wb = interp(wb0, wp, Jk, N);
    nsb_vec3 vbp = nsb_v3_load(vp + 6 * k), wbp = nsb_v3_load(wp + 6 * k);
    update_point(&in->old_cp[k], vb, wb, &vbp, &wbp, h, rc, &cur_cp[k], &R, &T);
  }
}

/* The point states alone, as both weightings' evaluations leave them: the
   same update_point calls on the same interpolated rates (the collocation
   sweep visits the integration points in the order q = 0 .. n_qp - 1 as the
   Galerkin loop does); the sizes of POINTS = 1, 2, 3 as constants, as the
   residual-only evaluation (eval_galerkin). */
void nsb_beam_velocity_points(const nsb_beam_eval_in* in, nsb_beam_point* restrict cur_qp,
                              nsb_beam_point* restrict cur_cp, nsb_beam_point* restrict cur_end) {
  const nsb_beam_geom* g = in->g;
  if (g->n_qp == (g->N + 1) * (g->N + 2)) switch (g->N) {
      case 1: velocity_points_n(in, 1, 6, cur_qp, cur_cp, cur_end); return;
      case 2: velocity_points_n(in, 2, 12, cur_qp, cur_cp, cur_end); return;
      case 3: velocity_points_n(in, 3, 20, cur_qp, cur_cp, cur_end); return;
      default: break;
    }
  velocity_points_n(in, g->N, g->n_qp, cur_qp, cur_cp, cur_end);
}

void nsb_beam_velocity_resultants(const nsb_beam_eval_in* in, const nsb_beam_point* cur_cp, double* Ng, double* Mg) {
  const nsb_beam_geom* g = in->g;
  const nsb_beam_section* sec = in->sec;
  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  for (int k = 0; k < g->N; ++k) {
    nsb_quat q = nsb_q_load(cur_cp[k].q);
    nsb_vec3 NG = diag_mulv(CN, nsb_v3_sub(nsb_v3_load(cur_cp[k].E), nsb_v3_load(g->E0)));
    nsb_vec3 MG = diag_mulv(CM, nsb_v3_sub(nsb_v3_load(cur_cp[k].K), nsb_v3_load(g->K0)));
    nsb_v3_store(nsb_q_rotate(q, NG), Ng + 3 * k);
    nsb_v3_store(nsb_q_rotate(q, MG), Mg + 3 * k);
  }
}

void nsb_beam_velocity_energy(const nsb_beam_geom* g, const nsb_beam_section* sec, const nsb_beam_point* pts_qp,
                              const nsb_beam_point* pts_cp, const nsb_beam_point* pts_end, double* kinetic,
                              double* strain) {
  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  const nsb_vec3 Jd = nsb_v3_load(sec->rhoJ);
  const double rhoA_q = g->massless_end >= 0 ? 0.0 : sec->rhoA; /* translational mass of the integration points */
  double ek = 0.0, es = 0.0;
  /* kinetic: the quadrature of the inertia terms */
  for (int q = 0; q < g->n_qp; ++q) {
    const nsb_beam_point* pt = &pts_qp[q];
    nsb_vec3 v = nsb_v3_load(pt->v), w = nsb_v3_load(pt->w);
    ek += g->wq[q] * 0.5 * (rhoA_q * nsb_v3_dot(v, v) + nsb_v3_dot(w, diag_mulv(Jd, w)));
  }
  /* the mass rule's point masses */
  for (int k = 0; k < g->n_mp; ++k) {
    nsb_vec3 v = nsb_v3_load(nsb_beam_mass_point(g, pts_end, pts_cp, k)->v);
    ek += 0.5 * sec->rhoA * g->mp->w[k] * nsb_v3_dot(v, v);
  }
  /* strain: the N-point Gauss rule on the collocation points, where the
   * constitutive law is enforced (the strains at the integration points are
   * not governed by any equation of the element and drift, see
   * docs/theory_beam.md) */
  for (int k = 0; k < g->N; ++k) {
    const nsb_beam_point* pt = &pts_cp[k];
    nsb_vec3 ga = nsb_v3_sub(nsb_v3_load(pt->E), nsb_v3_load(g->E0));
    nsb_vec3 ka = nsb_v3_sub(nsb_v3_load(pt->K), nsb_v3_load(g->K0));
    es += g->JL[k] * 0.5 * (nsb_v3_dot(ga, diag_mulv(CN, ga)) + nsb_v3_dot(ka, diag_mulv(CM, ka)));
  }
  if (kinetic) *kinetic = ek;
  if (strain) *strain = es;
}

/* ---- equilibrium resultants along the element (output) -------------------
 *
 * Contract: the comment above nsb_beam_field in beam_velocity.h; equations
 * and the choice of quadrature in docs/theory_beam.md §8. */

/* Sub-interval [a, b] that holds x: the first s with x <= b (x at a
 * collocation point belongs to the sub-interval it ends). */
static int sub_of(const nsb_beam_geom* g, double x) {
  int s = 0;
  while (s < g->N && x > g->xp[s]) ++s;
  return s;
}
static double sub_a(const nsb_beam_geom* g, int s) { return s == 0 ? 0.0 : g->xp[s - 1]; }
static double sub_b(const nsb_beam_geom* g, int s) { return s == g->N ? g->L : g->xp[s]; }
static double clamp_x(const nsb_beam_geom* g, double x) { return x < 0.0 ? 0.0 : x > g->L ? g->L : x; }

/* Weights w[j] = int_a^x l_j of the interpolatory rule on the n_gauss
 * integration points of sub-interval s: the points' own Gauss rule mapped
 * to [a, x] (exact, l_j has degree n_gauss - 1).  x = b gives the Gauss
 * weights. */
static void partial_weights(const nsb_beam_geom* g, int s, double x, double* w) {
  const int ng = g->n_gauss, q0 = s * ng;
  const double a = sub_a(g, s), t = (x - a) / (sub_b(g, s) - a);
  for (int j = 0; j < ng; ++j) {
    double acc = 0.0;
    for (int i = 0; i < ng; ++i) acc += g->wq[q0 + i] * lagrange(g->xq + q0, ng, j, a + t * (g->xq[q0 + i] - a));
    w[j] = t * acc;
  }
}

/* The points of sub-interval s with full states, in order: its left end
 * (element end 0 or collocation point s - 1), its integration points, its
 * right end (collocation point s or element end L).  Returns their count. */
static int sub_points(const nsb_beam_field* f, int s, double* xs, const nsb_beam_point** pts) {
  const nsb_beam_geom* g = f->g;
  const int ng = g->n_gauss;
  xs[0] = sub_a(g, s);
  pts[0] = s == 0 ? &f->end[0] : &f->cp[s - 1];
  for (int j = 0; j < ng; ++j) {
    xs[1 + j] = g->xq[s * ng + j];
    pts[1 + j] = &f->qp[s * ng + j];
  }
  xs[ng + 1] = sub_b(g, s);
  pts[ng + 1] = s == g->N ? &f->end[1] : &f->cp[s];
  return ng + 2;
}

/* Initial axis r0(x) = XA + R_A x T(x K0) E0 and frame R0(x) = R_A exp(S(x K0)). */
static nsb_vec3 initial_position(const nsb_beam_geom* g, double x) {
  nsb_vec3 xk = nsb_v3_scale(x, nsb_v3_load(g->K0));
  nsb_vec3 d = nsb_v3_scale(x, nsb_m3_mulv(nsb_so3_T(xk), nsb_v3_load(g->E0)));
  return nsb_v3_add(nsb_v3_load(g->XA), nsb_q_rotate(nsb_q_load(g->qA), d));
}

/* Integrands of the equilibrium at one integration point (moments about c). */
typedef struct eq_terms {
  nsb_vec3 fe, fm, ge, gm, rfe, rfm;
} eq_terms;

static eq_terms eq_point(const nsb_beam_field* f, const nsb_beam_point* p, nsb_vec3 c) {
  const nsb_beam_section* sec = f->sec;
  eq_terms t;
  nsb_vec3 rho = nsb_v3_sub(nsb_v3_load(p->r), c);
  t.fe = nsb_v3_neg(nsb_v3_load(f->n_load));
  t.ge = nsb_v3_neg(nsb_v3_load(f->m_load));
  t.fm = t.gm = nsb_v3_zero();
  if (f->inertia) {
    nsb_vec3 Jd = nsb_v3_load(sec->rhoJ), w = nsb_v3_load(p->w);
    nsb_vec3 inm = nsb_v3_add(diag_mulv(Jd, nsb_v3_load(p->al)), nsb_v3_cross(w, diag_mulv(Jd, w)));
    t.fm = nsb_v3_scale(sec->rhoA, nsb_v3_load(p->a));
    if (sec->alpha != 0.0) { /* mass-proportional damping, with the inertia as in the kernels */
      t.fm = nsb_v3_muladd(t.fm, sec->alpha * sec->rhoA, nsb_v3_load(p->v));
      inm = nsb_v3_muladd(inm, sec->alpha, diag_mulv(Jd, w));
    }
    t.gm = nsb_q_rotate(nsb_q_load(p->q), inm);
  }
  t.rfe = nsb_v3_cross(rho, t.fe);
  t.rfm = nsb_v3_cross(rho, t.fm);
  return t;
}

static void eq_add(eq_terms* acc, double w, const eq_terms* t) {
  acc->fe = nsb_v3_muladd(acc->fe, w, t->fe);
  acc->fm = nsb_v3_muladd(acc->fm, w, t->fm);
  acc->ge = nsb_v3_muladd(acc->ge, w, t->ge);
  acc->gm = nsb_v3_muladd(acc->gm, w, t->gm);
  acc->rfe = nsb_v3_muladd(acc->rfe, w, t->rfe);
  acc->rfm = nsb_v3_muladd(acc->rfm, w, t->rfm);
}

/* Sums with the partial rule of sub-interval s at x, from the starts. */
static eq_terms sums_at(const nsb_beam_geom* g, const eq_terms* start, const eq_terms* t, double x) {
  const int s = sub_of(g, x), ng = g->n_gauss;
  double w[NSB_BEAM_MAX_GAUSS];
  partial_weights(g, s, x, w);
  eq_terms S = start[s];
  for (int j = 0; j < ng; ++j) eq_add(&S, w[j], &t[s * ng + j]);
  return S;
}

/* Section components, strains and the global sums of one resultant. */
static void finish(const nsb_beam_section* sec, nsb_vec3 Nf, nsb_vec3 Nm, nsb_vec3 Mf, nsb_vec3 Mm,
                   nsb_beam_resultant* o) {
  const nsb_vec3 Ng = nsb_v3_add(Nf, Nm), Mg = nsb_v3_add(Mf, Mm);
  const nsb_quat q = nsb_q_load(o->q);
  const nsb_vec3 Ns = nsb_q_rotate_inv(q, Ng), Ms = nsb_q_rotate_inv(q, Mg);
  nsb_v3_store(Nf, o->Nf);
  nsb_v3_store(Nm, o->Nm);
  nsb_v3_store(Mf, o->Mf);
  nsb_v3_store(Mm, o->Mm);
  nsb_v3_store(Ng, o->N);
  nsb_v3_store(Mg, o->M);
  nsb_v3_store(Ns, o->Ns);
  nsb_v3_store(Ms, o->Ms);
  nsb_v3_store(nsb_v3(Ns.x / sec->EA, Ns.y / sec->GA2, Ns.z / sec->GA3), o->strain);
  nsb_v3_store(nsb_v3(Ms.x / sec->GJ, Ms.y / sec->EI2, Ms.z / sec->EI3), o->strain + 3);
}

/* The Galerkin velocity element's moment defect (header): the node-1
 * moment of its rows, R(L) [R(0)^T M^0 + Gm], Gm = int g + sum_k W_k c_k,
 * g = J alpha + omega x J omega - R^T m (material), c_k = N_G x E + M_G x K,
 * minus the spatial M_g(L) (spatial parts at L given in atL), split into
 * the part of m, c, M^0 (Df) and of the inertia (Dm). */
static void galerkin_defect(const nsb_beam_field* f, const nsb_beam_resultant* atL, nsb_vec3* Df, nsb_vec3* Dm) {
  const nsb_beam_geom* g = f->g;
  const nsb_beam_section* sec = f->sec;
  const int N = g->N;
  const nsb_vec3 ml = nsb_v3_load(f->m_load), Jd = nsb_v3_load(sec->rhoJ);
  const nsb_vec3 CN = nsb_v3(sec->EA, sec->GA2, sec->GA3), CM = nsb_v3(sec->GJ, sec->EI2, sec->EI3);
  nsb_vec3 Gf = nsb_q_rotate_inv(nsb_q_load(f->end[0].q), nsb_v3_load(f->u + 15 + 6 * N)), Gi = nsb_v3_zero();
  for (int q = 0; q < g->n_qp; ++q) {
    const nsb_beam_point* p = &f->qp[q];
    Gf = nsb_v3_muladd(Gf, -g->wq[q], nsb_q_rotate_inv(nsb_q_load(p->q), ml));
    if (f->inertia) {
      nsb_vec3 w = nsb_v3_load(p->w);
      nsb_vec3 inm = nsb_v3_add(diag_mulv(Jd, nsb_v3_load(p->al)), nsb_v3_cross(w, diag_mulv(Jd, w)));
      if (sec->alpha != 0.0) inm = nsb_v3_muladd(inm, sec->alpha, diag_mulv(Jd, w));
      Gi = nsb_v3_muladd(Gi, g->wq[q], inm);
    }
  }
  for (int k = 0; k < N; ++k) {
    const nsb_vec3 E = nsb_v3_load(f->cp[k].E), K = nsb_v3_load(f->cp[k].K);
    nsb_vec3 NG = diag_mulv(CN, nsb_v3_sub(E, nsb_v3_load(g->E0)));
    nsb_vec3 MG = diag_mulv(CM, nsb_v3_sub(K, nsb_v3_load(g->K0)));
    if (f->rate && sec->beta != 0.0) { /* the damped section law of the kernel (docs/theory_beam.md §10) */
      NG = nsb_v3_add(NG, diag_mulv(nsb_v3_scale(sec->beta, CN), nsb_v3_load(f->rate + 6 * k)));
      MG = nsb_v3_add(MG, diag_mulv(nsb_v3_scale(sec->beta, CM), nsb_v3_load(f->rate + 6 * k + 3)));
    }
    nsb_vec3 c = nsb_v3_add(nsb_v3_cross(NG, E), nsb_v3_cross(MG, K));
    if (f->emc_d) c = nsb_v3_add(c, nsb_v3_load(f->emc_d + 9 * k + 6)); /* the c the rows used */
    Gf = nsb_v3_muladd(Gf, g->JL[k], c);
  }
  const nsb_quat qL = nsb_q_load(f->end[1].q);
  *Df = nsb_v3_sub(nsb_q_rotate(qL, Gf), nsb_v3_load(atL->Mf));
  *Dm = nsb_v3_sub(nsb_q_rotate(qL, Gi), nsb_v3_load(atL->Mm));
}

void nsb_beam_equilibrium_at(const nsb_beam_field* f, int n, const double* x, nsb_beam_resultant* out) {
  const nsb_beam_geom* g = f->g;
  const nsb_beam_section* sec = f->sec;
  const int N = g->N, ng = g->n_gauss;
  const nsb_vec3 c = nsb_v3_load(f->end[0].r);
  const nsb_vec3 N0 = nsb_v3_load(f->u + 12 + 6 * N), M0 = nsb_v3_load(f->u + 15 + 6 * N);
  const nsb_vec3 zero = nsb_v3_zero();
  /* integrands at the integration points, and their sums from 0 to the
   * start of every sub-interval */
  eq_terms t[NSB_BEAM_MAX_QP], start[NSB_BEAM_MAX_POINTS + 1];
  eq_terms acc = {zero, zero, zero, zero, zero, zero};
  for (int s = 0, q = 0; s <= N; ++s) {
    start[s] = acc;
    for (int j = 0; j < ng; ++j, ++q) {
      t[q] = eq_point(f, &f->qp[q], c);
      eq_add(&acc, g->wq[q], &t[q]);
    }
  }
  for (int i = 0; i < n; ++i) {
    const eq_terms S = sums_at(g, start, t, clamp_x(g, x[i]));
    nsb_beam_resultant* o = &out[i];
    const nsb_vec3 rho = nsb_v3_sub(nsb_v3_load(o->r), c);
    const nsb_vec3 Nf = nsb_v3_add(N0, S.fe), Nm = S.fm;
    nsb_vec3 Mf = nsb_v3_sub(nsb_v3_add(M0, S.ge), nsb_v3_cross(rho, N0));
    Mf = nsb_v3_add(nsb_v3_sub(Mf, nsb_v3_cross(rho, S.fe)), S.rfe);
    const nsb_vec3 Mm = nsb_v3_add(nsb_v3_sub(S.gm, nsb_v3_cross(rho, S.fm)), S.rfm);
    finish(sec, Nf, Nm, Mf, Mm, o);
  }
}

/* Lagrange weights l[i](x) on the n points xs. */
static void lagrange_all(const double* xs, int n, double x, double* l) {
  for (int i = 0; i < n; ++i) l[i] = lagrange(xs, n, i, x);
}

void nsb_beam_velocity_resultants_at(const nsb_beam_field* f, int n, const double* x, nsb_beam_resultant* out) {
  const nsb_beam_geom* g = f->g;
  for (int i = 0; i < n; ++i) {
    const double xi = clamp_x(g, x[i]);
    double xs[NSB_BEAM_MAX_GAUSS + 2], l[NSB_BEAM_MAX_GAUSS + 2];
    const nsb_beam_point* pts[NSB_BEAM_MAX_GAUSS + 2];
    const int m = sub_points(f, sub_of(g, xi), xs, pts);
    lagrange_all(xs, m, xi, l);
    /* r = r0 + sum_i l_i (r_i - r0(x_i)); R = R_a exp(S(sum_i l_i log(R_a^T R_i))) */
    const nsb_quat qa = nsb_q_load(pts[0]->q);
    nsb_vec3 d = nsb_v3_zero(), th = nsb_v3_zero();
    for (int k = 0; k < m; ++k) {
      d = nsb_v3_muladd(d, l[k], nsb_v3_sub(nsb_v3_load(pts[k]->r), initial_position(g, xs[k])));
      if (k > 0) th = nsb_v3_muladd(th, l[k], nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qa), nsb_q_load(pts[k]->q))));
    }
    nsb_v3_store(nsb_v3_add(initial_position(g, xi), d), out[i].r);
    nsb_q_store(nsb_q_normalize(nsb_q_mul(qa, nsb_so3_exp_q(th))), out[i].q);
  }
  nsb_beam_equilibrium_at(f, n, x, out);
  if (!f->galerkin) return;
  /* Galerkin: the defect spread uniformly (a couple -D/L per length) */
  nsb_beam_resultant atL;
  const double L = g->L;
  memcpy(atL.r, f->end[1].r, sizeof atL.r);
  memcpy(atL.q, f->end[1].q, sizeof atL.q);
  nsb_beam_equilibrium_at(f, 1, &L, &atL);
  nsb_vec3 Df, Dm;
  galerkin_defect(f, &atL, &Df, &Dm);
  for (int i = 0; i < n; ++i) {
    const double s = clamp_x(g, x[i]) / L;
    finish(f->sec, nsb_v3_load(out[i].Nf), nsb_v3_load(out[i].Nm), nsb_v3_muladd(nsb_v3_load(out[i].Mf), s, Df),
           nsb_v3_muladd(nsb_v3_load(out[i].Mm), s, Dm), &out[i]);
  }
}

void nsb_beam_geom_initial(const nsb_beam_geom* g, double x, double* r0, double* q0) {
  if (r0) nsb_v3_store(initial_position(g, x), r0);
  if (q0) {
    nsb_quat dq = nsb_so3_exp_q(nsb_v3_scale(x, nsb_v3_load(g->K0)));
    nsb_q_store(nsb_q_normalize(nsb_q_mul(nsb_q_load(g->qA), dq)), q0);
  }
}

void nsb_beam_field_rates(const nsb_beam_field* f, double x, double* v, double* w) {
  const nsb_beam_geom* g = f->g;
  x = clamp_x(g, x);
  double xs[NSB_BEAM_MAX_GAUSS + 2], l[NSB_BEAM_MAX_GAUSS + 2];
  const nsb_beam_point* pts[NSB_BEAM_MAX_GAUSS + 2];
  const int m = sub_points(f, sub_of(g, x), xs, pts);
  lagrange_all(xs, m, x, l);
  nsb_vec3 vv = nsb_v3_zero(), ww = nsb_v3_zero();
  for (int k = 0; k < m; ++k) {
    vv = nsb_v3_muladd(vv, l[k], nsb_v3_load(pts[k]->v));
    ww = nsb_v3_muladd(ww, l[k], nsb_v3_load(pts[k]->w));
  }
  nsb_v3_store(vv, v);
  nsb_v3_store(ww, w);
}

/* contact.c -- see contact.h; derivations in docs/contact.md §5-§7.
 *
 * Local layout of every contact element: the slave particle (3 unknowns),
 * then the master nodes (a particle: 3; beam element ends: 6 each, of which
 * the chord touches only the translations and the Hermite centreline also
 * the rotations), then the NEWTON multipliers (1, or 3 with friction).  Tangents verified against central differences
 * (tests/test_contact.c).
 */
#include "elements/contact.h"

#include "contact/prox.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- geometry ------------------------------------------------------------------ */

typedef struct geo {
  int nn;          /* nodes used: 1 obstacle, 2 particle pair, 3 chord */
  double w[3];     /* d g / d x_j = w_j n */
  nsb_vec3 n;      /* unit normal (from master to slave) */
  nsb_vec3 point;  /* closest point on the master surface's reference (centre/axis/plane) */
  nsb_vec3 vobs;   /* obstacle velocity (zero for particles and beams) */
  double g;        /* gap */
  nsb_mat3 Pd;     /* d n / d d: (I - n n^T)/|d| (cylinder: (P_a - n n^T)/|d|; plane: 0) */
  int interior;    /* chord with 0 < xi < 1: closest-point motion enters the Hessian */
  nsb_vec3 a[3];   /* d g_xi / d x_j for the interior chord */
  double gxx;      /* d^2 g / d xi^2 */
  int degenerate;  /* zero distance: normal undefined (the stored one is used) */
  /* CENTRELINE=HERMITE (docs/contact.md §5.1); a[] and gxx as above, for psi_xi */
  int hermite;
  double xi, h[4]; /* closest point and the Hermite basis there */
  nsb_mat3 R[2];   /* node rotations of A, B */
  nsb_vec3 b[2];   /* b_k (node frame) */
  nsb_mat3 JR[2];  /* d(x_p - c)/dTheta_k = h1k R_k S(b_k) (h1k = h10, h11) */
  nsb_mat3 Q[2];   /* d(JR_k^T n)/dTheta_k at fixed n, xi: -h1k S(b_k) S(R_k^T n) */
  nsb_vec3 ar[2];  /* d psi_xi / dTheta_k */
} geo;

static nsb_vec3 obstacle_offset(const nsb_model* m, const nsb_obstacle* o, double t, nsb_vec3* vel) {
  if (o->amplitude < 0) {
    *vel = nsb_v3_zero();
    return nsb_v3_zero();
  }
  double d1 = 0.0, a = nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, NULL);
  nsb_vec3 mo = nsb_v3_load(o->motion);
  *vel = nsb_v3_scale(d1, mo);
  return nsb_v3_scale(a, mo);
}

static nsb_vec3 obstacle_acceleration(const nsb_model* m, const nsb_obstacle* o, double t) {
  if (o->amplitude < 0) return nsb_v3_zero();
  double d1 = 0.0, d2 = 0.0;
  (void)nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, &d2);
  return nsb_v3_scale(d2, nsb_v3_load(o->motion));
}

/* Velocity of a spinning obstacle's surface point at arm r from its axis point. */
static nsb_vec3 spin_velocity(const nsb_obstacle* o, nsb_vec3 r) {
  return nsb_v3_scale(o->spin, nsb_v3_cross(nsb_v3_load(o->dir), r));
}

/* Obstacle velocity at the contact point frozen at the start of the
   increment (NEWTON law: the geometry of the increment is frozen). */
static nsb_vec3 frozen_obstacle_velocity(const nsb_model* m, const nsb_contact_data* d, double t) {
  const nsb_obstacle* o = &m->obstacles.data[d->master];
  nsb_vec3 v;
  (void)obstacle_offset(m, o, t, &v);
  if (o->spin != 0.0) v = nsb_v3_add(v, spin_velocity(o, nsb_v3_load(d->arm)));
  return v;
}

/* Point-to-point part shared by spheres, particles and chords: d = x_p - c. */
static void geo_point(geo* G, nsb_vec3 d, nsb_vec3 fallback_n) {
  double dist = nsb_v3_norm(d);
  if (!(dist > 0.0)) {
    G->degenerate = 1;
    G->n = fallback_n;
    G->Pd = nsb_m3_zero();
    G->g = -G->g; /* filled by caller as -radius */
    return;
  }
  G->n = nsb_v3_scale(1.0 / dist, d);
  G->Pd = nsb_m3_scale(1.0 / dist, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n)));
  G->g = dist;
}

static void hermite_geometry(const nsb_elem* e, const nsb_contact_data* d, const nsb_state* st, geo* G);

static void geometry(const nsb_elem* e, const nsb_contact_data* d, const nsb_model* m, const nsb_state* st, double t,
                     geo* G) {
  memset(G, 0, sizeof *G);
  const double* x = st->x;
  if (d->hermite) {
    hermite_geometry(e, d, st, G);
    return;
  }
  nsb_vec3 xp = nsb_v3_load(x + 3 * e->nodes[0]);
  nsb_vec3 nprev = nsb_v3_load(d->n);
  G->w[0] = 1.0;
  if (d->kind == 0) {
    const nsb_obstacle* o = &m->obstacles.data[d->master];
    nsb_vec3 off = obstacle_offset(m, o, t, &G->vobs);
    nsb_vec3 p = nsb_v3_add(nsb_v3_load(o->point), off);
    nsb_vec3 dir = nsb_v3_load(o->dir);
    G->nn = 1;
    if (o->kind == NSB_OBSTACLE_PLANE) {
      G->n = dir;
      G->g = nsb_v3_dot(dir, nsb_v3_sub(xp, p)) - d->radius;
      G->point = nsb_v3_muladd(xp, -(G->g + d->radius), dir);
      if (o->spin != 0.0) G->vobs = nsb_v3_add(G->vobs, spin_velocity(o, nsb_v3_sub(G->point, p)));
      return;
    }
    nsb_vec3 dd = nsb_v3_sub(xp, p);
    if (o->kind == NSB_OBSTACLE_CYLINDER) dd = nsb_v3_muladd(dd, -nsb_v3_dot(dd, dir), dir);
    G->g = d->radius;
    geo_point(G, dd, nprev);
    if (o->kind == NSB_OBSTACLE_CYLINDER && !G->degenerate)
      G->Pd = nsb_m3_sub(G->Pd, nsb_m3_scale(1.0 / G->g, nsb_m3_outer(dir, dir)));
    G->point = nsb_v3_sub(xp, dd);
    G->g -= d->radius + (o->kind == NSB_OBSTACLE_PLANE ? 0.0 : o->radius);
    /* a spinning cylinder's surface point moves with spin a x (s - p) */
    if (o->spin != 0.0)
      G->vobs = nsb_v3_add(G->vobs, spin_velocity(o, nsb_v3_sub(nsb_v3_muladd(xp, -(G->g + d->radius), G->n), p)));
    return;
  }
  if (d->kind == 1) {
    nsb_vec3 xq = nsb_v3_load(x + 3 * e->nodes[1]);
    G->nn = 2;
    G->w[1] = -1.0;
    G->g = d->radius;
    geo_point(G, nsb_v3_sub(xp, xq), nprev);
    G->point = xq;
    G->g -= d->radius;
    return;
  }
  /* particle against the chord A-B */
  nsb_vec3 xa = nsb_v3_load(x + 3 * e->nodes[1]), xb = nsb_v3_load(x + 3 * e->nodes[2]);
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0;
  G->interior = xi > 0.0 && xi < 1.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  nsb_vec3 c = nsb_v3_muladd(xa, xi, ev);
  G->nn = 3;
  G->w[1] = -(1.0 - xi);
  G->w[2] = -xi;
  G->g = d->radius;
  geo_point(G, nsb_v3_sub(xp, c), nprev);
  G->point = c;
  double dist = G->g;
  G->g -= d->radius;
  if (G->interior && !G->degenerate) {
    /* closest-point motion: H = H|_xi - a a^T / g_xixi (docs/contact.md §5) */
    nsb_vec3 Pe = nsb_m3_mulv(G->Pd, ev); /* P e / |d| */
    G->gxx = nsb_v3_dot(ev, Pe);
    nsb_vec3 z[3] = {nsb_v3_zero(), G->n, nsb_v3_neg(G->n)};
    for (int j = 0; j < 3; ++j) G->a[j] = nsb_v3_muladd(z[j], -G->w[j], Pe);
    if (!(G->gxx > 1e-14 * L2 / (dist > 0.0 ? dist : 1.0))) G->interior = 0;
  }
}

/* Hessian block H_ij of the gap (translations of nodes i, j). */
static nsb_mat3 hess(const geo* G, int i, int j) {
  nsb_mat3 H = nsb_m3_scale(G->w[i] * G->w[j], G->Pd);
  if (G->interior) H = nsb_m3_sub(H, nsb_m3_scale(1.0 / G->gxx, nsb_m3_outer(G->a[i], G->a[j])));
  return H;
}

/* ---- Hermite centreline (CENTRELINE=HERMITE, docs/contact.md §5.1) ------------------ */

/* Cubic Hermite basis on [0, 1] and its first two derivatives,
   h = (h00, h01, h10, h11) = (2s^3 - 3s^2 + 1, 3s^2 - 2s^3, s^3 - 2s^2 + s, s^3 - s^2);
   the curve is c(s) = h00 x_A + h01 x_B + h10 t_A + h11 t_B with t_k = R_k b_k. */
static void hermite_basis(double s, double h[4], double h1[4], double h2[4]) {
  h[0] = (2.0 * s - 3.0) * s * s + 1.0;
  h[1] = (3.0 - 2.0 * s) * s * s;
  h[2] = ((s - 2.0) * s + 1.0) * s;
  h[3] = (s - 1.0) * s * s;
  h1[0] = 6.0 * s * (s - 1.0);
  h1[1] = -h1[0];
  h1[2] = (3.0 * s - 4.0) * s + 1.0;
  h1[3] = (3.0 * s - 2.0) * s;
  h2[0] = 12.0 * s - 6.0;
  h2[1] = -h2[0];
  h2[2] = 6.0 * s - 4.0;
  h2[3] = 6.0 * s - 2.0;
}

static nsb_vec3 hermite_comb(const nsb_vec3 P[4], const double h[4]) {
  nsb_vec3 c = nsb_v3_scale(h[0], P[0]);
  for (int i = 1; i < 4; ++i) c = nsb_v3_muladd(c, h[i], P[i]);
  return c;
}

/* f(s) = d/ds |x_p - c(s)|^2 / 2 = -(x_p - c).c'  and  f'(s) = |c'|^2 - (x_p - c).c'';
   *dist2 = |x_p - c(s)|^2. */
static double hermite_f(const nsb_vec3 P[4], nsb_vec3 xp, double s, double* fp, double* dist2) {
  double h[4], h1[4], h2[4];
  hermite_basis(s, h, h1, h2);
  nsb_vec3 dv = nsb_v3_sub(xp, hermite_comb(P, h)), c1 = hermite_comb(P, h1), c2 = hermite_comb(P, h2);
  *fp = nsb_v3_dot(c1, c1) - nsb_v3_dot(dv, c2);
  *dist2 = nsb_v3_dot(dv, dv);
  return -nsb_v3_dot(dv, c1);
}

/* Closest point s* in [0, 1] of x_p to the curve, from the chord projection s0.
   If f(0) < 0 < f(1) the interval brackets an interior minimum: Newton on f
   safeguarded by bisection (Numerical Recipes' rtsafe: a Newton step that
   leaves the bracket or does not halve the step gives way to bisection; the
   bracket shrinks with the sign of f), so it always converges.  Otherwise an
   end is a local minimum (f(0) >= 0 or f(1) <= 0); an interior minimum may
   still exist, so unbracketed Newton from s0 is tried and accepted only if
   it stays in (0, 1), converges and has f' > 0; the nearest candidate wins.
   Rejected: Newton from s0 alone (diverges or leaves [0, 1] near the element
   ends, where the chord projection clamps), and a global scan (cost, and the
   curve of one element has one minimum for any realistic bending: several
   need the element bent by more than ~180 degrees). */
static double hermite_closest(const nsb_vec3 P[4], nsb_vec3 xp, double s0) {
  const double tol = 1e-15;
  double fp, d2, d0, d1;
  double f0 = hermite_f(P, xp, 0.0, &fp, &d0), f1 = hermite_f(P, xp, 1.0, &fp, &d1);
  s0 = s0 < 0.0 ? 0.0 : s0 > 1.0 ? 1.0 : s0;
  if (f0 < 0.0 && f1 > 0.0) {
    double lo = 0.0, hi = 1.0, s = s0 > 0.0 && s0 < 1.0 ? s0 : 0.5, dx = 1.0, dxold = 1.0;
    double f = hermite_f(P, xp, s, &fp, &d2);
    for (int it = 0; it < 200; ++it) {
      if (f < 0.0) lo = s;
      else if (f > 0.0) hi = s;
      else break;
      int newton = fp > 0.0 && ((s - hi) * fp - f) * ((s - lo) * fp - f) < 0.0 && fabs(2.0 * f) <= fabs(dxold * fp);
      dxold = dx;
      if (newton) {
        dx = f / fp;
        s -= dx;
      } else {
        dx = 0.5 * (hi - lo);
        s = lo + dx;
      }
      if (fabs(dx) <= tol) break;
      f = hermite_f(P, xp, s, &fp, &d2);
    }
    return s;
  }
  double best = f0 >= 0.0 && !(f1 <= 0.0 && d1 < d0) ? 0.0 : 1.0;
  double dbest = best == 0.0 ? d0 : d1;
  if (s0 > 0.0 && s0 < 1.0) {
    double s = s0;
    for (int it = 0; it < 50 && s > 0.0 && s < 1.0; ++it) {
      double f = hermite_f(P, xp, s, &fp, &d2);
      if (!(fp > 0.0)) break;
      double dx = f / fp;
      s -= dx;
      if (fabs(dx) <= tol) {
        (void)hermite_f(P, xp, s, &fp, &d2);
        if (s > 0.0 && s < 1.0 && fp > 0.0 && d2 < dbest) best = s;
        break;
      }
    }
  }
  return best;
}

/* Geometry of a particle against the Hermite centreline of the element
   (nodes 1, 2 of e).  With D = x_p - c(xi*), J_q = dD/dq at fixed xi
   (slave I, A: -h00 I and JR_A, B: -h01 I and JR_B), the gap gradient is
   J^T n, and its derivative (the Hessian with body-frame rotation
   increments) is H = J^T P_d J + Q - a a^T / psi_xixi (docs/contact.md §5.1). */
static void hermite_geometry(const nsb_elem* e, const nsb_contact_data* d, const nsb_state* st, geo* G) {
  nsb_vec3 xp = nsb_st_x(st, e->nodes[0]);
  nsb_vec3 xa = nsb_st_x(st, e->nodes[1]), xb = nsb_st_x(st, e->nodes[2]);
  G->hermite = 1;
  G->nn = 3;
  for (int k = 0; k < 2; ++k) {
    G->R[k] = nsb_q_to_m3(nsb_st_q(st, e->nodes[1 + k]));
    G->b[k] = nsb_v3_load(d->b[k]);
  }
  nsb_vec3 P[4] = {xa, xb, nsb_m3_mulv(G->R[0], G->b[0]), nsb_m3_mulv(G->R[1], G->b[1])};
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = hermite_closest(P, xp, L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0);
  double h1[4], h2[4];
  hermite_basis(xi, G->h, h1, h2);
  nsb_vec3 c = hermite_comb(P, G->h), c1 = hermite_comb(P, h1), c2 = hermite_comb(P, h2);
  G->xi = xi;
  G->w[0] = 1.0;
  G->w[1] = -G->h[0];
  G->w[2] = -G->h[1];
  nsb_mat3 RS[2];
  for (int k = 0; k < 2; ++k) {
    RS[k] = nsb_m3_mul(G->R[k], nsb_m3_skew(G->b[k]));
    G->JR[k] = nsb_m3_scale(G->h[2 + k], RS[k]);
  }
  G->g = d->radius;
  geo_point(G, nsb_v3_sub(xp, c), nsb_v3_load(d->n));
  G->point = c;
  double dist = G->g;
  G->g -= d->radius;
  if (G->degenerate) return;
  for (int k = 0; k < 2; ++k)
    G->Q[k] = nsb_m3_scale(-G->h[2 + k], nsb_m3_mul(nsb_m3_skew(G->b[k]), nsb_m3_skew(nsb_m3_tmulv(G->R[k], G->n))));
  G->interior = xi > 0.0 && xi < 1.0;
  if (!G->interior) return;
  /* closest-point motion: psi_xi = -n.c', psi_xixi = c'^T P_d c' - n.c'',
     a = d psi_xi / dq = -J^T P_d c' + J'^T n, J' = dJ/dxi (slave 0) */
  nsb_vec3 Pc = nsb_m3_mulv(G->Pd, c1);
  G->gxx = nsb_v3_dot(c1, Pc) - nsb_v3_dot(G->n, c2);
  const double wp[3] = {0.0, -h1[0], -h1[1]};
  for (int j = 0; j < 3; ++j) G->a[j] = nsb_v3_add(nsb_v3_scale(-G->w[j], Pc), nsb_v3_scale(wp[j], G->n));
  for (int k = 0; k < 2; ++k)
    G->ar[k] = nsb_v3_add(nsb_v3_neg(nsb_m3_tmulv(G->JR[k], Pc)), nsb_v3_scale(h1[2 + k], nsb_m3_tmulv(RS[k], G->n)));
  if (!(G->gxx > 1e-14 * L2 / (dist > 0.0 ? dist : 1.0))) G->interior = 0;
}

/* Hermite: sum_k JR_k w_k, the rotational part of the relative velocity
   x_p' - c'|xi (jr: the two 3x3 blocks, column-major, one after the other). */
static nsb_vec3 hermite_rot_velocity(const nsb_elem* e, const double* jr, const nsb_state* st) {
  nsb_vec3 v = nsb_v3_zero();
  for (int k = 0; k < 2; ++k) {
    if (e->node_ndof[1 + k] != 6) continue;
    nsb_mat3 J;
    memcpy(J.c, jr + 9 * k, sizeof J.c);
    v = nsb_v3_add(v, nsb_m3_mulv(J, nsb_st_w(st, e->nodes[1 + k])));
  }
  return v;
}

static void geo_jr(const geo* G, double jr[2][9]) {
  for (int k = 0; k < 2; ++k) memcpy(jr[k], G->JR[k].c, sizeof G->JR[k].c);
}

static void local_offsets(const nsb_elem* e, int off[4]) {
  off[0] = 0;
  for (int q = 0; q < e->n_nodes; ++q) off[q + 1] = off[q] + e->node_ndof[q];
}

/* Relative velocity of the slave with respect to the master point: sum_j w_j v_j - v_obs. */
static nsb_vec3 rel_velocity(const nsb_elem* e, const double* w, const nsb_state* st, nsb_vec3 vobs) {
  nsb_vec3 v = nsb_v3_neg(vobs);
  for (int j = 0; j < e->n_nodes; ++j) v = nsb_v3_muladd(v, w[j], nsb_st_v(st, e->nodes[j]));
  return v;
}

static void tangents(nsb_vec3 n, nsb_vec3* t1, nsb_vec3* t2) {
  nsb_vec3 a = fabs(n.x) < 0.6 ? nsb_v3(1, 0, 0) : fabs(n.y) < 0.6 ? nsb_v3(0, 1, 0) : nsb_v3(0, 0, 1);
  nsb_vec3 u = nsb_v3_muladd(a, -nsb_v3_dot(a, n), n);
  *t1 = nsb_v3_scale(1.0 / nsb_v3_norm(u), u);
  *t2 = nsb_v3_cross(n, *t1);
}

/* ---- Hertz -------------------------------------------------------------------------- */

/* Force and its partial derivatives for penetration al and its rate ald. */
static double hertz_force(const nsb_contact_pair* p, double al, double ald, double* F_al, double* F_ald) {
  *F_al = *F_ald = 0.0;
  if (!(al > 0.0)) return 0.0;
  double ap = pow(al, p->exponent);
  double F = p->stiffness * ap * (1.0 + p->damping * ald);
  if (F <= 0.0) return 0.0; /* Hunt-Crossley: no pull */
  *F_al = p->stiffness * p->exponent * pow(al, p->exponent - 1.0) * (1.0 + p->damping * ald);
  *F_ald = p->stiffness * ap * p->damping;
  return F;
}

/* Relative velocity of the slave with respect to the contact point of the
   geometry G: the chord's sum_j w_j v_j - v_obs, plus sum_k JR_k w_k on the
   Hermite centreline (body angular velocities w_k). */
static nsb_vec3 geo_velocity(const nsb_elem* e, const geo* G, const nsb_state* st) {
  nsb_vec3 v = rel_velocity(e, G->w, st, G->vobs);
  if (G->hermite) {
    double jr[2][9];
    geo_jr(G, jr);
    v = nsb_v3_add(v, hermite_rot_velocity(e, jr[0], st));
  }
  return v;
}

/* Hertz on the Hermite centreline: generalized coordinates in five 3-blocks
   (slave x, x_A, Theta_A, x_B, Theta_B), gap gradient G_b = J_b^T n, force
   rows -F G_b, and the exact tangent
     d(-F G_r)/dq_c = -G_r (x) (F_al dal/dq_c + F_ald dald/dq_c) - F H_rc,
     dal/dq_c = -G_c,  dald/dq_c = -sum_r H_rc^T qdot_r,  dald/dqdot_c = -G_c,
   H_rc = J_r^T P_d J_c + [r = c rotation] Q_r - a_r a_c^T / psi_xixi
   (docs/contact.md §5.1); qdot = v for translations, the body angular
   velocity w for rotations, chained by the scheme with nsb_kin_t / nsb_kin_r. */
static void hertz_hermite(const nsb_elem* e, const nsb_eval_ctx* ec, const geo* G, double F, double Fa, double Fd,
                          double* restrict f, double* restrict K) {
  int off[4];
  local_offsets(e, off);
  const int ofs[5] = {off[0], off[1], off[1] + 3, off[2], off[2] + 3};
  const int node[5] = {e->nodes[0], e->nodes[1], e->nodes[1], e->nodes[2], e->nodes[2]};
  const int rot[5] = {0, 0, 1, 0, 1};
  int has[5] = {1, 1, e->node_ndof[1] == 6, 1, e->node_ndof[2] == 6};
  nsb_mat3 I = nsb_m3_identity(), Z = nsb_m3_zero();
  nsb_mat3 J[5] = {I, nsb_m3_scale(G->w[1], I), G->JR[0], nsb_m3_scale(G->w[2], I), G->JR[1]};
  nsb_vec3 a[5] = {G->a[0], G->a[1], G->ar[0], G->a[2], G->ar[1]};
  nsb_vec3 gb[5], qd[5];
  for (int b = 0; b < 5; ++b) {
    gb[b] = nsb_m3_tmulv(J[b], G->n);
    qd[b] = rot[b] ? nsb_st_w(ec->cur, node[b]) : nsb_st_v(ec->cur, node[b]);
    if (has[b]) nsb_local_addv(f, ofs[b], nsb_v3_scale(-F, gb[b]));
  }
  if (!K) return;
  nsb_mat3 H[5][5];
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      H[r][c] = nsb_m3_tmul(J[r], nsb_m3_mul(G->Pd, J[c]));
      if (r == c && rot[r]) H[r][c] = nsb_m3_add(H[r][c], G->Q[r == 2 ? 0 : 1]);
      if (G->interior) H[r][c] = nsb_m3_sub(H[r][c], nsb_m3_scale(1.0 / G->gxx, nsb_m3_outer(a[r], a[c])));
    }
  int dyn = ec->mode != NSB_EVAL_STATIC;
  for (int c = 0; c < 5; ++c) {
    if (!has[c]) continue;
    nsb_vec3 dF_dq = nsb_v3_scale(-Fa, gb[c]), dF_dv = nsb_v3_zero();
    if (dyn) {
      nsb_vec3 Hq = nsb_v3_zero();
      for (int r = 0; r < 5; ++r) Hq = nsb_v3_add(Hq, nsb_m3_tmulv(H[r][c], qd[r]));
      dF_dq = nsb_v3_add(dF_dq, nsb_v3_scale(-Fd, Hq));
      dF_dv = nsb_v3_scale(-Fd, gb[c]);
    }
    const nsb_kin* kk = &ec->kin[node[c]];
    for (int r = 0; r < 5; ++r) {
      if (!has[r]) continue;
      nsb_mat3 Kq = nsb_m3_sub(nsb_m3_scale(-1.0, nsb_m3_outer(gb[r], dF_dq)), nsb_m3_scale(F, H[r][c]));
      nsb_mat3 Kv = nsb_m3_scale(-1.0, nsb_m3_outer(gb[r], dF_dv));
      nsb_local_add3(K, e->n_local, ofs[r], ofs[c], rot[c] ? nsb_kin_r(kk, Kq, Kv, Z) : nsb_kin_t(kk, Kq, Kv, Z));
    }
  }
}

static int hertz_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  if (!d->owner || ec->mode == NSB_EVAL_ACCEL) return NSB_OK;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  geo G;
  geometry(e, d, ec->model, ec->cur, ec->t, &G);
  if (!(G.g < 0.0)) return NSB_OK;
  nsb_vec3 vr = geo_velocity(e, &G, ec->cur);
  double al = -G.g, ald = ec->mode == NSB_EVAL_STATIC ? 0.0 : -nsb_v3_dot(G.n, vr);
  double Fa, Fd, F = hertz_force(p, al, ald, &Fa, &Fd);
  if (F == 0.0) return NSB_OK;
  if (G.hermite) {
    hertz_hermite(e, ec, &G, F, Fa, Fd, f, K);
    return NSB_OK;
  }
  int off[4];
  local_offsets(e, off);
  for (int j = 0; j < G.nn; ++j) nsb_local_addv(f, off[j], nsb_v3_scale(-F * G.w[j], G.n));
  if (!K) return NSB_OK;
  /* v_eff: node velocities, the slave's relative to the obstacle */
  nsb_vec3 veff[3];
  for (int j = 0; j < G.nn; ++j) veff[j] = nsb_st_v(ec->cur, e->nodes[j]);
  veff[0] = nsb_v3_sub(veff[0], G.vobs);
  for (int k = 0; k < G.nn; ++k) {
    const nsb_kin* kk = &ec->kin[e->nodes[k]];
    /* d alpha / d x_k = -w_k n;  d alpha_dot / d x_k = -(H v_eff)_k;  d alpha_dot / d v_k = -w_k n */
    nsb_vec3 Hv = nsb_v3_zero();
    for (int j = 0; j < G.nn; ++j) Hv = nsb_v3_add(Hv, nsb_m3_mulv(hess(&G, k, j), veff[j]));
    nsb_vec3 dF_dx = nsb_v3_add(nsb_v3_scale(-Fa * G.w[k], G.n), nsb_v3_scale(-Fd, Hv));
    nsb_vec3 dF_dv = nsb_v3_scale(-Fd * G.w[k], G.n);
    if (ec->mode == NSB_EVAL_STATIC) dF_dx = nsb_v3_scale(-Fa * G.w[k], G.n), dF_dv = nsb_v3_zero();
    for (int j = 0; j < G.nn; ++j) {
      nsb_mat3 Kx = nsb_m3_add(nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dx)), nsb_m3_scale(-F, hess(&G, j, k)));
      nsb_mat3 Kv = nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dv));
      nsb_local_add3(K, e->n_local, off[j], off[k], nsb_kin_t(kk, Kx, Kv, nsb_m3_zero()));
    }
  }
  return NSB_OK;
}

static void hertz_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_contact_data* d = e->state;
  if (!d->owner) return;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  geo G;
  geometry(e, d, ec->model, ec->cur, ec->t, &G);
  if (!(G.g < 0.0)) return;
  double al = -G.g, ald = -nsb_v3_dot(G.n, geo_velocity(e, &G, ec->cur));
  acc->potential += p->stiffness * pow(al, p->exponent + 1.0) / (p->exponent + 1.0);
  double Fa, Fd, F = hertz_force(p, al, ald, &Fa, &Fd);
  /* the damping part of the force times the approach rate is dissipated;
     a moving obstacle does work F n.v_obs */
  double Fel = p->stiffness * pow(al, p->exponent);
  acc->dissipation_rate += (F - Fel) * ald;
  acc->power += F * nsb_v3_dot(G.n, G.vobs);
}

const nsb_elem_ops nsb_contact_hertz_ops = {.name = "contact (Hertz)", .eval = hertz_eval, .energy = hertz_energy};

/* ---- Newton / Coulomb ------------------------------------------------------------- */

/* Hermite, frozen geometry: the moment rows of the master nodes,
   -jr_k^T dir_l P_l (f), and their multiplier columns (K, when given). */
static void hermite_moment_rows(const nsb_elem* e, const nsb_contact_data* d, const int off[4], const nsb_vec3 dir[3],
                                const double* P, int nm, double* f, double* K, double lam_scale) {
  int nl = e->n_local, m0 = nl - nm;
  for (int k = 0; k < 2; ++k) {
    if (e->node_ndof[1 + k] != 6) continue;
    nsb_mat3 Jr;
    memcpy(Jr.c, d->jr[k], sizeof Jr.c);
    int r0 = off[1 + k] + 3;
    for (int l = 0; l < nm; ++l) {
      nsb_vec3 m = nsb_m3_tmulv(Jr, dir[l]);
      nsb_local_addv(f, r0, nsb_v3_scale(-P[l], m));
      if (K) {
        K[(r0 + 0) + nl * (m0 + l)] -= lam_scale * m.x;
        K[(r0 + 1) + nl * (m0 + l)] -= lam_scale * m.y;
        K[(r0 + 2) + nl * (m0 + l)] -= lam_scale * m.z;
      }
    }
  }
}

static int newton_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  int nl = e->n_local, nm = e->n_mult, m0 = nl - nm;
  const double* P = ec->lambda + e->mult_first;
  if (ec->mode != NSB_EVAL_DYNAMIC || !(ec->h > 0.0)) {
    /* initial/after-impact accelerations: contacts carry no force */
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += P[k];
      if (K) K[(m0 + k) * (nl + 1)] += ec->lam_scale;
    }
    return NSB_OK;
  }
  double c1 = ec->con_scale[1];
  double sl = nsb_impulse_time(ec) / d->m_eff;   /* lambda_v = sl * P (velocity units) */
  double su = sl * ec->lam_scale;                /* d lambda_v / d unknown */
  double lv[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < nm; ++k) lv[k] = sl * P[k];
  if (!(d->active && d->owner)) {
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += c1 * lv[k];
      if (K) K[(m0 + k) * (nl + 1)] += c1 * su;
    }
    return NSB_OK;
  }
  int off[4];
  local_offsets(e, off);
  nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  if (ec->contact_prox) {
    /* prox sweeps: the impulses are data (the sweep's, set by the system);
       they load the nodes and add nothing to the matrix, and the contact
       has no equations of its own (docs/contact.md §7.5) */
    for (int j = 0; j < e->n_nodes; ++j)
      for (int k = 0; k < nm; ++k) nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
    if (d->hermite) hermite_moment_rows(e, d, off, dir, P, nm, f, NULL, 0.0);
    return NSB_OK;
  }
  /* obstacle velocity at t_{n+1} */
  nsb_vec3 vobs = d->kind == 0 ? frozen_obstacle_velocity(ec->model, d, ec->t) : nsb_v3_zero();
  nsb_vec3 vr = rel_velocity(e, d->wt, ec->cur, vobs);
  if (d->hermite) vr = nsb_v3_add(vr, hermite_rot_velocity(e, d->jr[0], ec->cur));
  if (d->hermite) hermite_moment_rows(e, d, off, dir, P, nm, f, K, ec->lam_scale);
  double gam[3];
  for (int k = 0; k < nm; ++k) gam[k] = nsb_v3_dot(dir[k], vr);
  /* node rows: -sum_k w_j dir_k P_k */
  for (int j = 0; j < e->n_nodes; ++j)
    for (int k = 0; k < nm; ++k) {
      nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
      if (K) {
        nsb_vec3 col = nsb_v3_scale(-d->wt[j] * ec->lam_scale, dir[k]);
        K[(off[j] + 0) + nl * (m0 + k)] += col.x;
        K[(off[j] + 1) + nl * (m0 + k)] += col.y;
        K[(off[j] + 2) + nl * (m0 + k)] += col.z;
      }
    }
  /* row coefficients: phi_k = sum_l A[k][l] gamma_l + B[k][l] lambda_v_l + const */
  double A[3][3] = {{0}}, B[3][3] = {{0}}, phi[3] = {0.0, 0.0, 0.0};
  double xiN = gam[0] + p->restitution * (d->gN_pre < 0.0 ? d->gN_pre : 0.0);
  /* Rigid contacts are often redundant (a particle on a floor against a wall
     and its neighbours in a pile), which makes the saddle matrix of the
     closed and stick branches singular.  Their tangent carries eps on the
     impulse (a proximal-point term eps (Lambda - Lambda_k)/m, zero at the
     current iterate, so the residual and the converged solution are exact);
     in redundant directions it picks the step of least change. */
  const double eps = 1e-9;
  if (lv[0] - xiN > 0.0) {
    phi[0] = xiN;
    A[0][0] = 1.0;
    B[0][0] = eps;
  } else {
    phi[0] = lv[0];
    B[0][0] = 1.0;
  }
  if (nm == 3) {
    double y[2] = {lv[1] - gam[1], lv[2] - gam[2]};
    double ny = sqrt(y[0] * y[0] + y[1] * y[1]);
    double rho = p->friction * (lv[0] > 0.0 ? lv[0] : 0.0);
    if (ny <= rho) {
      /* stick: gamma_T = 0 (with the compliance eps, see above) */
      phi[1] = gam[1];
      phi[2] = gam[2];
      A[1][1] = A[2][2] = 1.0;
      B[1][1] = B[2][2] = eps;
    } else {
      double yh[2] = {y[0] / ny, y[1] / ny};
      phi[1] = lv[1] - rho * yh[0];
      phi[2] = lv[2] - rho * yh[1];
      /* d(rho yh) = yh d rho + rho/|y| (I - yh yh^T) (d lambda_vT - d gamma_T) */
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
          double Pab = (a == b ? 1.0 : 0.0) - yh[a] * yh[b];
          /* near the stick boundary (|y| -> rho) the row tends to the stick
             row gamma_T = 0: the same proximal term eps keeps it regular */
          B[1 + a][1 + b] = (a == b ? 1.0 + eps : 0.0) - rho / ny * Pab;
          A[1 + a][1 + b] = rho / ny * Pab;
        }
        if (lv[0] > 0.0) B[1 + a][0] = -p->friction * yh[a];
      }
    }
  }
  for (int k = 0; k < nm; ++k) {
    f[m0 + k] += c1 * phi[k];
    if (!K) continue;
    for (int l = 0; l < nm; ++l) K[(m0 + k) + nl * (m0 + l)] += c1 * B[k][l] * su;
    for (int j = 0; j < e->n_nodes; ++j) {
      const nsb_kin* kj = &ec->kin[e->nodes[j]];
      /* d gamma_l / d v_j = w_j dir_l */
      nsb_vec3 row = nsb_v3_zero();
      for (int l = 0; l < nm; ++l) row = nsb_v3_muladd(row, A[k][l], dir[l]);
      nsb_vec3 rw = row;
      row = nsb_v3_scale(c1 * d->wt[j] * kj->cv, row);
      K[(m0 + k) + nl * (off[j] + 0)] += row.x;
      K[(m0 + k) + nl * (off[j] + 1)] += row.y;
      K[(m0 + k) + nl * (off[j] + 2)] += row.z;
      if (d->hermite && j > 0 && e->node_ndof[j] == 6) {
        /* d gamma_l / d w_j = jr_j^T dir_l, chained by domega = Bw Dr */
        nsb_mat3 Jr;
        memcpy(Jr.c, d->jr[j - 1], sizeof Jr.c);
        nsb_vec3 rr = nsb_m3_tmulv(kj->Bw, nsb_m3_tmulv(Jr, nsb_v3_scale(c1, rw)));
        K[(m0 + k) + nl * (off[j] + 3)] += rr.x;
        K[(m0 + k) + nl * (off[j] + 4)] += rr.y;
        K[(m0 + k) + nl * (off[j] + 5)] += rr.z;
      }
    }
  }
  return NSB_OK;
}

const nsb_elem_ops nsb_contact_newton_ops = {.name = "contact (Newton)", .eval = newton_eval};

/* ---- setup ---------------------------------------------------------------------- */

static double beam_contact_radius(const nsb_model* m, const nsb_contact_pair* p, int el) {
  if (p->master_radius >= 0.0) return p->master_radius;
  return nsb_section_contact_radius(&m->sections.data[m->elements.data[el].section]);
}

/* A contact node is a particle (its radius and mass) or a beam node (slaves
   only: the pair's SLAVE RADIUS or the sections' radius, half the adjacent
   elements' mass; nsb_model_beam_node_contact).  p = NULL for master nodes,
   which are particles. */
static double node_radius(const nsb_model* m, const nsb_contact_pair* p, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  if (nd->body_kind == NSB_BODY_PARTICLE) return m->particles.data[nd->body].radius;
  return p && p->slave_radius >= 0.0 ? p->slave_radius : nd->contact_radius;
}
double nsb_contact_node_radius(const nsb_model* m, const nsb_contact_pair* p, int node) {
  return node_radius(m, p, node);
}

double nsb_obstacle_gap(const nsb_model* m, int obstacle, double t, nsb_vec3 x, double r, nsb_vec3 n_prev,
                        nsb_vec3* n, nsb_vec3* vobs) {
  const nsb_obstacle* o = &m->obstacles.data[obstacle];
  nsb_vec3 p = nsb_v3_add(nsb_v3_load(o->point), obstacle_offset(m, o, t, vobs));
  nsb_vec3 dir = nsb_v3_load(o->dir);
  if (o->kind == NSB_OBSTACLE_PLANE) {
    *n = dir;
    return nsb_v3_dot(dir, nsb_v3_sub(x, p)) - r;
  }
  nsb_vec3 dd = nsb_v3_sub(x, p);
  if (o->kind == NSB_OBSTACLE_CYLINDER) dd = nsb_v3_muladd(dd, -nsb_v3_dot(dd, dir), dir);
  double dist = nsb_v3_norm(dd);
  *n = dist > 0.0 ? nsb_v3_scale(1.0 / dist, dd) : n_prev;
  return dist - o->radius - r;
}

static double node_mass(const nsb_model* m, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  return nd->body_kind == NSB_BODY_PARTICLE ? m->particles.data[nd->body].mass : nd->contact_mass;
}

/* Hermite centreline: b_k = l R_k(0)^T T_k for the ends of beam element el,
   T_k the unit end tangents of nsb_joint_element_point (the node's *BEAM
   NODE FRAME G1, else the chord), l the initial chord and R_k(0) the node's
   initial rotation: identity, or the last *INITIAL CONDITIONS, TYPE=ROTATION
   of the node (as solver/system.c init_state sets it; beam nodes carry no
   manufactured rotation).  Work O(node frames + initial conditions), at
   candidate set-up only. */
static void hermite_end_tangents(const nsb_model* m, int el, double b[2][3]) {
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = NSB_JOINT_ELEMENT_POINT;
  j.element = el;
  j.xi = 0.5;
  double w[2], t[2], T[2][3], X0[3];
  nsb_joint_element_point(m, &j, w, t, T[0], T[1], X0);
  const nsb_element* E = &m->elements.data[el];
  nsb_vec3 XA = nsb_v3_load(m->nodes.data[E->nodes[0]].X), XB = nsb_v3_load(m->nodes.data[E->nodes[1]].X);
  double l = nsb_v3_norm(nsb_v3_sub(XB, XA));
  for (int k = 0; k < 2; ++k) {
    nsb_quat q0 = nsb_q_identity();
    for (int i = 0; i < m->initials.count; ++i) {
      const nsb_initial* in = &m->initials.data[i];
      if (in->kind == NSB_INIT_ROTATION && in->node == E->nodes[k]) q0 = nsb_so3_exp_q(nsb_v3_load(in->vec));
    }
    nsb_v3_store(nsb_v3_scale(l, nsb_q_rotate_inv(q0, nsb_v3_load(T[k]))), b[k]);
  }
}

/* Broad phase, Hermite centreline: a bound of the curve's distance from the
   chord that needs no rotations.  c(xi) - chord(xi) = h10 (t_A - e) + h11
   (t_B - e) (e = x_B - x_A, h01 - xi = -(h10 + h11)), |h10| + |h11| =
   xi (1 - xi) <= 1/4 and |t_k| = l, so |c - chord| <= (l + |e|)/4 whatever
   the node rotations.  The skin is added to |e| because the list must stay
   valid until a node has moved skin/2 (|e| grows by at most skin meanwhile).
   Rejected: the tighter rotation-dependent bound max |t_k - e| / 4, which
   would need the rotations in the broad phase and a rebuild trigger on
   rotations (the system watches translations only). */
static double hermite_sag_bound(const nsb_model* m, int el, const double* x, double skin) {
  const nsb_element* E = &m->elements.data[el];
  nsb_vec3 XA = nsb_v3_load(m->nodes.data[E->nodes[0]].X), XB = nsb_v3_load(m->nodes.data[E->nodes[1]].X);
  nsb_vec3 e = nsb_v3_sub(nsb_v3_load(x + 3 * E->nodes[1]), nsb_v3_load(x + 3 * E->nodes[0]));
  return 0.25 * (nsb_v3_norm(nsb_v3_sub(XB, XA)) + nsb_v3_norm(e) + skin);
}

/* ---- candidates: broad phase (cell grid), setup --------------------------------- */

double nsb_contact_default_skin(const nsb_model* m) {
  double r = 0.0, lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->particles.count; ++i) r = fmax(r, m->particles.data[i].radius);
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->slave_nset >= 0) {
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      for (int a = 0; a < S->nodes.count; ++a) r = fmax(r, node_radius(m, p, S->nodes.data[a]));
    }
    if (p->master_kind != NSB_MASTER_BEAMS) continue;
    const nsb_elset* es = &m->elsets.data[p->master];
    for (int k = 0; k < es->elements.count; ++k) r = fmax(r, beam_contact_radius(m, p, es->elements.data[k]));
  }
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  double size = 0.0;
  for (int c = 0; c < 3 && m->nodes.count > 0; ++c) size = fmax(size, hi[c] - lo[c]);
  /* half the largest radius: a pile of equal spheres then lists only its
     face neighbours (the candidate graph sets the fill of the direct solve:
     a skin of 2 r lists 26 neighbours per sphere and made the factorization
     17x slower in benchmarks/contact_scaling), at the price of a rebuild
     after every r/4 of motion */
  return fmax(0.5 * r, 1e-3 * (size > 0.0 ? size : 1.0));
}

typedef struct cell_item {
  uint64_t key;
  int item;
} cell_item;

static int cmp_cell(const void* a, const void* b) {
  const cell_item *x = a, *y = b;
  return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->item > y->item) - (x->item < y->item);
}

static uint64_t cell_key(long ix, long iy, long iz) {
  const long off = 1L << 20;
  return ((uint64_t)((ix + off) & 0x1FFFFF) << 42) | ((uint64_t)((iy + off) & 0x1FFFFF) << 21) |
         (uint64_t)((iz + off) & 0x1FFFFF);
}

static long cell_of(double x, double h) { return (long)floor(x / h); }

/* Grow *c to hold at least need entries. */
static int cand_reserve(nsb_ctx* ctx, nsb_contact_cand** c, int* cap, int need) {
  if (need <= *cap) return NSB_OK;
  int nc = *cap > 0 ? *cap : 64;
  while (nc < need) nc *= 2;
  void* p = nsb_realloc(ctx, *c, (size_t)*cap * sizeof(nsb_contact_cand), (size_t)nc * sizeof(nsb_contact_cand));
  if (!p) return NSB_ERR_ALLOC;
  *c = p;
  *cap = nc;
  return NSB_OK;
}

static double point_chord_distance(nsb_vec3 xp, nsb_vec3 xa, nsb_vec3 xb) {
  nsb_vec3 e = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(e, e);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), e) / L2 : 0.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  return nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_muladd(xa, xi, e)));
}

/* Candidates of one pair against particles or beams through a cell grid:
   master items are binned by the cells their (inflated) boxes overlap, every
   slave looks at the 27 cells around its own.  Items found twice (boxes
   spanning cells) are skipped with a stamp per item. */
static int grid_candidates(nsb_ctx* ctx, const nsb_model* m, int ip, const double* x, double skin,
                           nsb_contact_cand** out, int* cap, int* n_out) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  const nsb_nset* S = &m->nsets.data[p->slave_nset];
  int beams = p->master_kind == NSB_MASTER_BEAMS;
  int hermite = beams && p->centreline == NSB_CENTRELINE_HERMITE;
  int n_items = beams ? m->elsets.data[p->master].elements.count : m->nsets.data[p->master].nodes.count;
  if (n_items == 0 || S->nodes.count == 0) return NSB_OK;
  double rmax = 0.0, lmax = 0.0;
  for (int a = 0; a < S->nodes.count; ++a) rmax = fmax(rmax, node_radius(m, p, S->nodes.data[a]));
  for (int b = 0; b < n_items; ++b) {
    if (beams) {
      int el = m->elsets.data[p->master].elements.data[b];
      const nsb_element* E = &m->elements.data[el];
      nsb_vec3 xa = nsb_v3_load(x + 3 * E->nodes[0]), xb = nsb_v3_load(x + 3 * E->nodes[1]);
      lmax = fmax(lmax, nsb_v3_norm(nsb_v3_sub(xb, xa)));
      rmax = fmax(rmax, beam_contact_radius(m, p, el));
    } else {
      rmax = fmax(rmax, node_radius(m, NULL, m->nsets.data[p->master].nodes.data[b]));
    }
  }
  /* cell size: every item box fits in 2 cells per direction, every contact
     partner lies in the neighbouring cells */
  double h = fmax(lmax, 2.0 * rmax + skin);
  if (!(h > 0.0)) h = 1.0;
  double infl = 2.0 * rmax + skin;
  /* bin the items */
  int n_bins = 0, cap_bins = 8 * n_items;
  cell_item* bins = NSB_NEW_ARRAY(ctx, cap_bins, cell_item);
  int* stamp = NSB_NEW_ARRAY(ctx, n_items, int);
  if (!bins || !stamp) {
    NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
    NSB_FREE_ARRAY(ctx, stamp, n_items, int);
    return NSB_ERR_ALLOC;
  }
  for (int b = 0; b < n_items; ++b) {
    stamp[b] = -1;
    double lo[3], hi[3];
    if (beams) {
      int el = m->elsets.data[p->master].elements.data[b];
      const nsb_element* E = &m->elements.data[el];
      double inf_b = hermite ? infl + hermite_sag_bound(m, el, x, skin) : infl;
      for (int c = 0; c < 3; ++c) {
        lo[c] = fmin(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) - inf_b;
        hi[c] = fmax(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) + inf_b;
      }
    } else {
      int q = m->nsets.data[p->master].nodes.data[b];
      for (int c = 0; c < 3; ++c) lo[c] = hi[c] = x[3 * q + c];
    }
    long i0 = cell_of(lo[0], h), i1 = cell_of(hi[0], h), j0 = cell_of(lo[1], h), j1 = cell_of(hi[1], h);
    long k0 = cell_of(lo[2], h), k1 = cell_of(hi[2], h);
    for (long ix = i0; ix <= i1; ++ix)
      for (long iy = j0; iy <= j1; ++iy)
        for (long iz = k0; iz <= k1; ++iz) {
          if (n_bins == cap_bins) {
            void* nb = nsb_realloc(ctx, bins, (size_t)cap_bins * sizeof(cell_item), (size_t)2 * cap_bins * sizeof(cell_item));
            if (!nb) {
              NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
              NSB_FREE_ARRAY(ctx, stamp, n_items, int);
              return NSB_ERR_ALLOC;
            }
            bins = nb;
            cap_bins *= 2;
          }
          bins[n_bins].key = cell_key(ix, iy, iz);
          bins[n_bins].item = b;
          ++n_bins;
        }
  }
  qsort(bins, (size_t)n_bins, sizeof(cell_item), cmp_cell);
  int st = NSB_OK;
  int same_set = !beams && p->master == p->slave_nset;
  for (int a = 0; a < S->nodes.count && st == NSB_OK; ++a) {
    int sn = S->nodes.data[a];
    nsb_vec3 xp = nsb_v3_load(x + 3 * sn);
    double rp = node_radius(m, p, sn);
    long cx = cell_of(xp.x, h), cy = cell_of(xp.y, h), cz = cell_of(xp.z, h);
    int first = *n_out;
    for (long dx = -1; dx <= 1 && st == NSB_OK; ++dx)
      for (long dy = -1; dy <= 1 && st == NSB_OK; ++dy)
        for (long dz = -1; dz <= 1 && st == NSB_OK; ++dz) {
          uint64_t key = cell_key(cx + dx, cy + dy, cz + dz);
          /* lower bound of key in the sorted bins */
          int lo = 0, hi = n_bins;
          while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (bins[mid].key < key) lo = mid + 1;
            else hi = mid;
          }
          for (int q = lo; q < n_bins && bins[q].key == key; ++q) {
            int b = bins[q].item;
            if (stamp[b] == a) continue;
            stamp[b] = a;
            int item;
            double gap;
            if (beams) {
              item = m->elsets.data[p->master].elements.data[b];
              const nsb_element* E = &m->elements.data[item];
              if (E->nodes[0] == sn || E->nodes[1] == sn) continue; /* a beam node never touches its own element */
              gap = point_chord_distance(xp, nsb_v3_load(x + 3 * E->nodes[0]), nsb_v3_load(x + 3 * E->nodes[1])) - rp -
                    beam_contact_radius(m, p, item);
              if (hermite) gap -= hermite_sag_bound(m, item, x, skin); /* lower bound of the curve's gap */
            } else {
              item = m->nsets.data[p->master].nodes.data[b];
              if (item == sn || (same_set && item < sn)) continue;
              gap = nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_load(x + 3 * item))) - rp - node_radius(m, NULL, item);
            }
            if (!(gap < skin)) continue;
            if ((st = cand_reserve(ctx, out, cap, *n_out + 1)) < 0) break;
            (*out)[*n_out].pair = ip;
            (*out)[*n_out].slave = sn;
            (*out)[*n_out].item = item;
            ++*n_out;
          }
        }
    /* deterministic order within a slave: by master item */
    for (int u = first + 1; u < *n_out; ++u)
      for (int v = u; v > first && (*out)[v - 1].item > (*out)[v].item; --v) {
        nsb_contact_cand t = (*out)[v];
        (*out)[v] = (*out)[v - 1];
        (*out)[v - 1] = t;
      }
  }
  NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
  NSB_FREE_ARRAY(ctx, stamp, n_items, int);
  return st;
}

int nsb_contact_broad_phase(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_contact_cand** out,
                            int* cap, int* n_out) {
  *n_out = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->master_kind == NSB_MASTER_OBSTACLE) {
      /* obstacles: every particle is a candidate (one element each, O(n)) */
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      NSB_CALL(cand_reserve(ctx, out, cap, *n_out + S->nodes.count));
      for (int a = 0; a < S->nodes.count; ++a) {
        (*out)[*n_out].pair = ip;
        (*out)[*n_out].slave = S->nodes.data[a];
        (*out)[*n_out].item = p->master;
        ++*n_out;
      }
    } else {
      NSB_CALL(grid_candidates(ctx, m, ip, x, skin, out, cap, n_out));
    }
  }
  return NSB_OK;
}

int nsb_contact_mult_count(const nsb_model* m, const nsb_contact_cand* c, int n) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_pair* p = &m->contact_pairs.data[c[i].pair];
    if (p->law == NSB_CONTACT_NEWTON) k += p->friction > 0.0 ? 3 : 1;
  }
  return k;
}

void nsb_contact_setup(const nsb_model* m, const nsb_contact_cand* c, int n, nsb_elem* e, nsb_contact_data* d,
                       int* mult) {
  int group = -1;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_pair* p = &m->contact_pairs.data[c[i].pair];
    nsb_elem* E = &e[i];
    nsb_contact_data* D = &d[i];
    memset(E, 0, sizeof *E);
    memset(D, 0, sizeof *D);
    int sn = c[i].slave, item = c[i].item;
    if (p->master_kind == NSB_MASTER_BEAMS &&
        !(i > 0 && c[i - 1].pair == c[i].pair && c[i - 1].slave == sn))
      ++group;
    E->ops = p->law == NSB_CONTACT_HERTZ ? &nsb_contact_hertz_ops : &nsb_contact_newton_ops;
    E->nodes[0] = sn;
    E->model_index = c[i].pair;
    D->pair = c[i].pair;
    D->master = item;
    D->group = p->master_kind == NSB_MASTER_BEAMS ? group : -1;
    D->owner = 1;
    D->n[2] = 1.0;
    D->gap = HUGE_VAL; /* unknown until the first increment: not reported as closed */
    double rp = node_radius(m, p, sn), mp = node_mass(m, sn);
    if (!(mp > 0.0)) mp = 1.0; /* massless beam nodes: rows scaled by 1 kg (scaling only) */
    if (p->master_kind == NSB_MASTER_OBSTACLE) {
      D->kind = 0;
      E->n_nodes = 1;
      D->radius = rp;
      D->m_eff = mp;
    } else if (p->master_kind == NSB_MASTER_PARTICLES) {
      D->kind = 1;
      E->n_nodes = 2;
      E->nodes[1] = item;
      D->radius = rp + node_radius(m, NULL, item);
      double mq = node_mass(m, item);
      D->m_eff = mp * mq / (mp + mq);
    } else {
      D->kind = 2;
      E->n_nodes = 3;
      E->nodes[1] = m->elements.data[item].nodes[0];
      E->nodes[2] = m->elements.data[item].nodes[1];
      D->radius = rp + beam_contact_radius(m, p, item);
      D->m_eff = mp;
      if (p->centreline == NSB_CENTRELINE_HERMITE) {
        D->hermite = 1;
        hermite_end_tangents(m, item, D->b);
      }
    }
    if (p->law == NSB_CONTACT_NEWTON) {
      E->n_mult = p->friction > 0.0 ? 3 : 1;
      E->mult_first = *mult;
      *mult += E->n_mult;
    }
    E->state = D;
  }
}

/* ---- per increment --------------------------------------------------------------- */

void nsb_contact_prepare(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    geo G;
    geometry(&e[i], d, ec->model, ec->cur, ec->t, &G);
    nsb_vec3 t1, t2;
    tangents(G.n, &t1, &t2);
    nsb_v3_store(G.n, d->n);
    nsb_v3_store(t1, d->t);
    nsb_v3_store(t2, d->t + 3);
    memcpy(d->wt, G.w, sizeof d->wt);
    if (G.hermite) geo_jr(&G, d->jr);
    d->gap0 = G.g;
    if (d->kind == 0) {
      /* contact point on the obstacle's surface, relative to its (moved) axis point */
      const nsb_obstacle* o = &ec->model->obstacles.data[d->master];
      nsb_vec3 vdummy, p = nsb_v3_add(nsb_v3_load(o->point), obstacle_offset(ec->model, o, ec->t, &vdummy));
      nsb_vec3 xp = nsb_st_x(ec->cur, e[i].nodes[0]);
      nsb_v3_store(nsb_v3_sub(nsb_v3_muladd(xp, -(G.g + d->radius), G.n), p), d->arm);
    }
    nsb_vec3 vr = geo_velocity(&e[i], &G, ec->cur);
    d->gN_pre = nsb_v3_dot(G.n, vr);
    /* normal acceleration of the smooth (contact-free) motion */
    nsb_vec3 ar = nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) ar = nsb_v3_muladd(ar, G.w[j], nsb_st_a(ec->cur, e[i].nodes[j]));
    if (G.hermite)
      for (int k = 0; k < 2; ++k) {
        /* d^2(R b)/dt^2 = R (al x b + w x (w x b)): JR al - h1k R (w x (w x b)) */
        int q = e[i].nodes[1 + k];
        if (e[i].node_ndof[1 + k] != 6) continue;
        nsb_vec3 w = nsb_st_w(ec->cur, q), wb = nsb_v3_cross(w, G.b[k]);
        ar = nsb_v3_add(ar, nsb_m3_mulv(G.JR[k], nsb_st_al(ec->cur, q)));
        ar = nsb_v3_muladd(ar, -G.h[2 + k], nsb_m3_mulv(G.R[k], nsb_v3_cross(w, wb)));
      }
    if (d->kind == 0) ar = nsb_v3_sub(ar, obstacle_acceleration(ec->model, &ec->model->obstacles.data[d->master], ec->t));
    d->aN_pre = nsb_v3_dot(G.n, ar);
    d->gT_pre[0] = nsb_v3_dot(t1, vr);
    d->gT_pre[1] = nsb_v3_dot(t2, vr);
    d->owner = 1;
  }
  /* groups (one particle against the chords of one pair): the nearest owns */
  for (int i = 0; i < n;) {
    nsb_contact_data* d = e[i].state;
    int j = i + 1;
    if (d->group >= 0) {
      int best = i;
      while (j < n && ((nsb_contact_data*)e[j].state)->group == d->group) {
        if (((nsb_contact_data*)e[j].state)->gap0 < ((nsb_contact_data*)e[best].state)->gap0) best = j;
        ++j;
      }
      for (int k = i; k < j; ++k) ((nsb_contact_data*)e[k].state)->owner = k == best;
    }
    i = j;
  }
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    /* Moreau: closed at the step midpoint, g(t_n + h/2) to second order */
    double h = ec->h;
    d->active = d->owner && d->gap0 + 0.5 * h * d->gN_pre + 0.125 * h * h * d->aN_pre <= 0.0;
    /* IMPACT=SEQUENTIAL: a closed contact that does not approach at t_n sits
       this increment out (Waltersberger, Schema 5.3: sub-impact l involves
       only the contacts approaching with u^l; here one sub-impact per
       increment, so a chain resolves over as many increments) */
    if (d->active && e[i].ops == &nsb_contact_newton_ops &&
        ec->model->contact_pairs.data[d->pair].sequential && !(d->gN_pre < 0.0))
      d->active = 0;
  }
}

/* ---- prox sweeps (CONTACT SOLVER=PROX, docs/contact.md §7.5) ------------------------ */

static int prox_taking_part(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_newton_ops && d->active && d->owner;
}

/* Lumped mass of a contact node (particle, or half the beam elements at a
   beam node); floored so that a massless node gives a tiny, safe step. */
static double lumped_mass(const nsb_model* m, int node) { return fmax(node_mass(m, node), 1e-12); }

void nsb_contact_prox_begin(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  const nsb_model* m = ec->model;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->pfix[0] = d->pfix[1] = d->pfix[2] = 0.0;
    if (!prox_taking_part(&e[i])) continue;
    /* diagonal of the lumped-mass Delassus operator, W_ii = sum_q w_iq^2 / m_q
       (impulse units); r = 1 / W_ii is m_eff r in lambda_v units */
    double W = 0.0;
    for (int j = 0; j < e[i].n_nodes; ++j) W += d->wt[j] * d->wt[j] / lumped_mass(m, e[i].nodes[j]);
    d->r_prox = W > 0.0 ? 1.0 / (d->m_eff * W) : 0.0;
    /* warm start: the multipliers of the last increment, projected */
    const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
    double sl = nsb_impulse_time(ec) / d->m_eff;
    const double* P = ec->lambda + e[i].mult_first;
    for (int k = 0; k < e[i].n_mult; ++k) d->pfix[k] = sl * P[k];
    d->pfix[0] = nsb_prox_rplus(d->pfix[0]);
    if (e[i].n_mult == 3) nsb_prox_disk(d->pfix + 1, p->friction * d->pfix[0], d->pfix + 1);
  }
}

double nsb_contact_prox_sweep(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* vel) {
  const nsb_model* m = ec->model;
  double dmax = 0.0, lmax = 0.0;
  /* local velocities of the contact nodes, updated contact by contact */
  for (int i = 0; i < n; ++i)
    if (prox_taking_part(&e[i]))
      for (int j = 0; j < e[i].n_nodes; ++j) nsb_v3_store(nsb_st_v(ec->cur, e[i].nodes[j]), vel + 3 * e[i].nodes[j]);
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->dpfix[0] = d->dpfix[1] = d->dpfix[2] = 0.0;
    if (!prox_taking_part(&e[i])) continue;
    const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
    nsb_vec3 vr = d->kind == 0 ? nsb_v3_neg(frozen_obstacle_velocity(m, d, ec->t)) : nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) vr = nsb_v3_muladd(vr, d->wt[j], nsb_v3_load(vel + 3 * e[i].nodes[j]));
    /* Hermite: the rotational part from the state's angular velocities (the
       lumped response inside the sweep is translational only; the fixed
       point, reached through the exact back substitution, is exact) */
    if (d->hermite) vr = nsb_v3_add(vr, hermite_rot_velocity(&e[i], d->jr[0], ec->cur));
    double r = alpha * d->r_prox, old[3] = {d->pfix[0], d->pfix[1], d->pfix[2]};
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    double xiN = nsb_v3_dot(dir[0], vr) + p->restitution * (d->gN_pre < 0.0 ? d->gN_pre : 0.0);
    d->pfix[0] = nsb_prox_rplus(old[0] - r * xiN);
    if (e[i].n_mult == 3) {
      double y[2] = {old[1] - r * nsb_v3_dot(dir[1], vr), old[2] - r * nsb_v3_dot(dir[2], vr)};
      nsb_prox_disk(y, p->friction * d->pfix[0], d->pfix + 1);
    }
    nsb_vec3 dimp = nsb_v3_zero(); /* impulse change, global */
    for (int k = 0; k < e[i].n_mult; ++k) {
      d->dpfix[k] = d->pfix[k] - old[k];
      dimp = nsb_v3_muladd(dimp, d->m_eff * d->dpfix[k], dir[k]);
      dmax = fmax(dmax, fabs(d->dpfix[k]));
      lmax = fmax(lmax, fmax(fabs(d->pfix[k]), fabs(old[k])));
    }
    /* Gauss-Seidel: the next contacts see the nodes' lumped-mass response */
    for (int j = 0; j < e[i].n_nodes; ++j) {
      int q = e[i].nodes[j];
      nsb_v3_store(nsb_v3_muladd(nsb_v3_load(vel + 3 * q), d->wt[j] / lumped_mass(m, q), dimp), vel + 3 * q);
      /* velocity scale: resting contacts have vanishing impulses */
      lmax = fmax(lmax, nsb_v3_norm(nsb_st_v(ec->cur, q)));
    }
  }
  return dmax > 0.0 ? dmax / lmax : 0.0;
}

int nsb_contact_node_load(const nsb_elem* e, int j, nsb_vec3 F, double g[6]) {
  const nsb_contact_data* d = e->state;
  nsb_v3_store(nsb_v3_scale(d->wt[j], F), g);
  if (!(d->hermite && j > 0 && e->node_ndof[j] == 6)) return 3;
  nsb_mat3 Jr;
  memcpy(Jr.c, d->jr[j - 1], sizeof Jr.c);
  nsb_v3_store(nsb_m3_tmulv(Jr, F), g + 3);
  return 6;
}

double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive, double* obstacle_work) {
  double total = 0.0;
  *impulsive = 0;
  *obstacle_work = 0.0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
    geo G;
    geometry(&e[i], d, ec->model, ec->cur, ec->t, &G);
    d->gap = G.g;
    nsb_v3_store(G.point, d->point);
    d->impulse[0] = d->impulse[1] = d->impulse[2] = 0.0;
    d->force = 0.0;
    d->dissipated = 0.0;
    nsb_vec3 vr = geo_velocity(&e[i], &G, ec->cur);
    nsb_vec3 t1, t2;
    tangents(G.n, &t1, &t2);
    d->slip = sqrt(nsb_v3_dot(t1, vr) * nsb_v3_dot(t1, vr) + nsb_v3_dot(t2, vr) * nsb_v3_dot(t2, vr));
    if (e[i].ops == &nsb_contact_hertz_ops) {
      if (d->owner && G.g < 0.0) {
        double Fa, Fd;
        d->force = hertz_force(p, -G.g, -nsb_v3_dot(G.n, vr), &Fa, &Fd);
      }
      continue;
    }
    if (!(d->active && d->owner)) continue;
    const double* P = ec->lambda + e[i].mult_first;
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    nsb_vec3 vobs = d->kind == 0 ? frozen_obstacle_velocity(ec->model, d, ec->t) : nsb_v3_zero();
    nsb_vec3 vrf = rel_velocity(&e[i], d->wt, ec->cur, vobs);
    if (d->hermite) vrf = nsb_v3_add(vrf, hermite_rot_velocity(&e[i], d->jr[0], ec->cur));
    double pre[3] = {d->gN_pre, d->gT_pre[0], d->gT_pre[1]};
    for (int k = 0; k < e[i].n_mult; ++k) {
      d->impulse[k] = nsb_impulse_time(ec) * P[k];
      double post = nsb_v3_dot(dir[k], vrf);
      d->dissipated -= d->impulse[k] * 0.5 * (post + pre[k]);
    }
    if (e[i].n_mult == 3) {
      double a = nsb_v3_dot(dir[1], vrf), b = nsb_v3_dot(dir[2], vrf);
      d->slip = sqrt(a * a + b * b);
    }
    d->force = d->impulse[0] / ec->h;
    if (d->kind == 0 && (ec->model->obstacles.data[d->master].amplitude >= 0 ||
                         ec->model->obstacles.data[d->master].spin != 0.0)) {
      /* a moving (or spinning) obstacle works on the particle: impulse times its step-average velocity */
      nsb_vec3 v0 = frozen_obstacle_velocity(ec->model, d, ec->t - ec->h);
      nsb_vec3 va = nsb_v3_scale(0.5, nsb_v3_add(v0, vobs));
      for (int k = 0; k < e[i].n_mult; ++k) *obstacle_work += d->impulse[k] * nsb_v3_dot(dir[k], va);
    }
    if (d->impulse[0] != 0.0 || (e[i].n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)))
      *impulsive = 1;
    total += d->dissipated;
  }
  return total;
}

/* pair.c -- the contact elements; see pair.h, derivations in docs/contact.md §5-§7.
 *
 * Local layout of every contact element: the slave node (3 unknowns, or 6
 * for a beam node), then the master nodes (a particle: 3; beam element ends:
 * 6 each, of which the chord touches only the translations and the Hermite
 * centreline also the rotations), then the NEWTON multipliers (1, or 3 with
 * friction).  Tangents verified against central differences
 * (tests/test_contact_elem.c).
 */
#include "contact/pair.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "contact/friction.h"
#include "contact/laws.h"
#include "contact/static_law.h"

static void local_offsets(const nsb_elem* e, int off[4]) {
  off[0] = 0;
  for (int q = 0; q < e->n_nodes; ++q) off[q + 1] = off[q] + e->node_ndof[q];
}

/* Whether the master nodes of a contact carry moment rows of frozen blocks
   d->jr (NEWTON law, prox loads): the Hermite centreline's ends (JR_A, JR_B),
   and the master body of a face (kind 3: -JB in jr[0], the master point's
   velocity v_m + JB w_m enters v_r with the minus sign), and a rectangular
   master's ends (NEWTON, docs/contact.md §8.5: hb_k S(r_q) R_k). */
static int master_moments(const nsb_contact_data* d) {
  return d->shape.hermite || d->shape.kind == 3 || d->shape.rectm;
}

/* A rectangular master's contact point inside its chord at t_n (0 < xi < 1). */
static int rect_interior(const nsb_contact_data* d) { return d->shape.rectm && d->hb[0] > 0.0 && d->hb[1] > 0.0; }

/* Whether contact a (gap ga, interior ia) of a group is nearer than b: the
   smaller gap, but a rectangular master's interior point against another
   element's clamped end within 1e-9 of the section's size (the end measures
   in its section plane at a shared node, §8.4, and ties with the interior up
   to round-off: the end would put the force on the shared node, round-off
   deciding; docs/contact.md §8.4, §8.5), under NEWTON and HERTZ alike */
static int group_nearer(const nsb_contact_data* a, double ga, int ia, const nsb_contact_data* b, double gb, int ib) {
  if (a->shape.rectm && b->shape.rectm && ia != ib &&
      fabs(ga - gb) <= 1e-9 * (a->shape.ra[0] + a->shape.ra[1] + b->shape.ra[0] + b->shape.ra[1]))
    return ia;
  return ga < gb;
}

/* Whether the master's point of a contact moves with its end nodes'
   rotations as x_c + sum_k hb_k R_k b_k (b_k in node k's frame, master_arm):
   the Hermite centreline (b_k = shape.b) and a rectangular master (b_k = sb,
   the arm to the rectangle's point at t_n). */
static int master_turns(const nsb_contact_data* d) { return d->shape.hermite || d->shape.rectm; }
static nsb_vec3 master_arm(const nsb_contact_data* d, int k) {
  return nsb_v3_load(d->shape.rectm ? d->sb[k] : d->shape.b[k]);
}

/* ---- Hertz, Winkler ----------------------------------------------------------------- */

/* The compliant normal force for penetration al and its rate ald, at the end
   of an increment of size h (F_al, F_ald its partial derivatives).  HERTZ:
   nsb_hertz_force.  WINKLER (Stamm 2011, §4.5, eqs. 4.74-4.81): the bed
   spring c and damper beta press the slave with F = c al + beta ald while it
   presses the bed, F >= 0 (no pull); a bed the slave let go of relaxes by
   c s + beta s' = 0, so it is pressed again only once the slave reaches its
   relaxed surface, al > s = s_n e^(-c h/beta) (the bed's compression at
   t_n+1; 0 when it was pressed at t_n).  Written about the relaxed surface,
   F = c e + beta e' with e = al - s (c s + beta s' = 0), the damper's force
   jumps to beta e' at the touch: in an increment that ends just after it
   the equations would have no solution (the force pushes the slave back
   out, without it the slave is in).  The damper therefore acts on
   min(e', e/h): the rate that brings the slave from the surface to e in one
   increment, the part of the increment after the touch to first order, and
   e' once the contact has lasted longer; F is then continuous in al. */
static double compliant_force(const nsb_contact_pair* p, const nsb_contact_data* d, double h, double al, double ald,
                              double* F_al, double* F_ald) {
  /* STIFFNESS (and a Winkler bed's DAMPING) times the point's weight (1 without POINTS=) */
  const double c = p->stiffness * d->shape.weight;
  if (p->law != NSB_CONTACT_WINKLER) return nsb_hertz_force(c, p->exponent, p->damping, al, ald, F_al, F_ald);
  *F_al = *F_ald = 0.0;
  const double b = p->damping * d->shape.weight;
  double s = d->bed_closed ? 0.0 : d->bed_s * (b > 0.0 ? exp(-c * h / b) : 0.0);
  if (!(al > 0.0) || !(al > s)) return 0.0;
  double e = al - s, ed = ald + (b > 0.0 ? c * s / b : 0.0); /* e' = al' - s', s' = -c s/beta */
  double F, Fa, Fd;
  if (h > 0.0 && ed > e / h) {
    F = c * e + b * e / h;
    Fa = c + b / h;
    Fd = 0.0;
  } else {
    F = c * e + b * ed;
    Fa = c;
    Fd = b;
  }
  if (!(F > 0.0)) return 0.0;
  *F_al = Fa;
  *F_ald = Fd;
  return F;
}

/* WINKLER, increment accepted with penetration al and force F at t_n+1: the
   bed's state (contact/pair.h).  Returns the energy the bed keeps when the
   slave lets go of it, c s^2/2, which its damper dissipates while it
   relaxes (the potential energy reports c al^2/2 only while pressed; c the
   point's share, STIFFNESS times its weight). */
static double bed_commit(nsb_contact_data* d, const nsb_contact_pair* p, double al, double F, double h) {
  if (F > 0.0) {
    d->bed_s = al;
    d->bed_closed = 1;
    return 0.0;
  }
  double kept = 0.0;
  if (d->bed_closed) {
    /* let go in this increment: the bed starts relaxing from its compression at t_n */
    kept = d->bed_s > 0.0 ? 0.5 * p->stiffness * d->shape.weight * d->bed_s * d->bed_s : 0.0;
    d->bed_closed = 0;
  }
  d->bed_s *= p->damping > 0.0 ? exp(-p->stiffness * h / p->damping) : 0.0;
  return kept;
}

/* A contact on a beam master's chord in five 3-blocks (slave x, x_A,
   Theta_A, x_B, Theta_B): their local offsets, nodes, which are rotations,
   which the element has, and their rates (v, or the body angular velocity w). */
typedef struct {
  int ofs[5], node[5], rot[5], has[5];
  nsb_vec3 qd[5];
} five_blocks;

static void five_blocks_of(const nsb_elem* e, const nsb_eval_ctx* ec, five_blocks* B) {
  int off[4];
  local_offsets(e, off);
  const int ofs[5] = {off[0], off[1], off[1] + 3, off[2], off[2] + 3};
  const int node[5] = {e->nodes[0], e->nodes[1], e->nodes[1], e->nodes[2], e->nodes[2]};
  const int rot[5] = {0, 0, 1, 0, 1};
  const int has[5] = {1, 1, e->node_ndof[1] == 6, 1, e->node_ndof[2] == 6};
  for (int b = 0; b < 5; ++b) {
    B->ofs[b] = ofs[b];
    B->node[b] = node[b];
    B->rot[b] = rot[b];
    B->has[b] = has[b];
    B->qd[b] = rot[b] ? nsb_st_w(ec->cur, node[b]) : nsb_st_v(ec->cur, node[b]);
  }
}

/* The tangent of the normal force rows -F G_r of a Hertz contact in five
   3-blocks (slave x, x_A, Theta_A, x_B, Theta_B; hertz_hermite,
   hertz_rectm): d(-F G_r)/dq_c = -G_r (x) (F_al dal/dq_c + F_ald dald/dq_c)
   - F H_rc, dald/dq_c = -sum_r H_rc^T qdot_r over the blocks (all five, or
   only the present ones with present_only), chained by the scheme. */
static void hertz_blocks_tangent(const nsb_elem* e, const nsb_eval_ctx* ec, const five_blocks* B,
                                 const nsb_vec3 gb[5], nsb_mat3 H[5][5], int present_only, double F, double Fa,
                                 double Fd, double* restrict K) {
  const int *ofs = B->ofs, *node = B->node, *rot = B->rot, *has = B->has;
  const nsb_vec3* qd = B->qd;
  const nsb_mat3 Z = nsb_m3_zero();
  int dyn = ec->mode != NSB_EVAL_STATIC;
  for (int c = 0; c < 5; ++c) {
    if (!has[c]) continue;
    nsb_vec3 dF_dq = nsb_v3_scale(-Fa, gb[c]), dF_dv = nsb_v3_zero();
    if (dyn) {
      nsb_vec3 Hq = nsb_v3_zero();
      for (int r = 0; r < 5; ++r)
        if (has[r] || !present_only) Hq = nsb_v3_add(Hq, nsb_m3_tmulv(H[r][c], qd[r]));
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

/* Hertz on the Hermite centreline: generalized coordinates in five 3-blocks
   (slave x, x_A, Theta_A, x_B, Theta_B), gap gradient G_b = J_b^T n, force
   rows -F G_b, and the exact tangent
     d(-F G_r)/dq_c = -G_r (x) (F_al dal/dq_c + F_ald dald/dq_c) - F H_rc,
     dal/dq_c = -G_c,  dald/dq_c = -sum_r H_rc^T qdot_r,  dald/dqdot_c = -G_c,
   H_rc = J_r^T P_d J_c + [r = c rotation] Q_r - a_r a_c^T / psi_xixi
   (docs/contact.md §5.1); qdot = v for translations, the body angular
   velocity w for rotations, chained by the scheme with nsb_kin_t / nsb_kin_r. */
static void hertz_hermite(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_geo* G, double F, double Fa,
                          double Fd, double* restrict f, double* restrict K) {
  five_blocks B;
  five_blocks_of(e, ec, &B);
  nsb_mat3 I = nsb_m3_identity();
  nsb_mat3 J[5] = {I, nsb_m3_scale(G->w[1], I), G->JR[0], nsb_m3_scale(G->w[2], I), G->JR[1]};
  nsb_vec3 a[5] = {G->a[0], G->a[1], G->ar[0], G->a[2], G->ar[1]};
  nsb_vec3 gb[5];
  for (int b = 0; b < 5; ++b) {
    gb[b] = nsb_m3_tmulv(J[b], G->n);
    if (B.has[b]) nsb_local_addv(f, B.ofs[b], nsb_v3_scale(-F, gb[b]));
  }
  if (!K) return;
  nsb_mat3 H[5][5];
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      H[r][c] = nsb_m3_tmul(J[r], nsb_m3_mul(G->Pd, J[c]));
      if (r == c && B.rot[r]) H[r][c] = nsb_m3_add(H[r][c], G->Q[r == 2 ? 0 : 1]);
      if (G->interior) H[r][c] = nsb_m3_sub(H[r][c], nsb_m3_scale(1.0 / G->gxx, nsb_m3_outer(a[r], a[c])));
    }
  hertz_blocks_tangent(e, ec, &B, gb, H, 0, F, Fa, Fd, K);
}

/* Hertz on a rectangular master (docs/contact.md §8.4): the blocks of
   hertz_hermite with the gap gradient G_b = gr_b and its Hessian H_rc by
   central differences of the gradient (nsb_rect_master_hessian). */
static void hertz_rectm(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_geo* G, double F, double Fa,
                        double Fd, double* restrict f, double* restrict K) {
  five_blocks B;
  five_blocks_of(e, ec, &B);
  for (int b = 0; b < 5; ++b)
    if (B.has[b]) nsb_local_addv(f, B.ofs[b], nsb_v3_scale(-F, G->gr[b]));
  if (!K) return;
  const nsb_contact_data* d = e->state;
  nsb_mat3 H[5][5];
  nsb_rect_master_hessian(e, &d->shape, ec->cur, H);
  hertz_blocks_tangent(e, ec, &B, G->gr, H, 1, F, Fa, Fd, K);
}

static nsb_mat3 neg3(nsb_mat3 a) { return nsb_m3_scale(-1.0, a); }

/* Hertz on a framed slave (rigid body, point of a POINTS= set) against an
   obstacle (docs/contact.md §8.1): generalized coordinates in two 3-blocks
   (x, Theta of the slave node), gap gradient G_b = J_b^T n with J = (I, JS),
   normal force rows -F G_b and the exact tangent as in hertz_hermite with
     H_rc = J_r^T P_d J_c + [r = c = Theta] QS,
   the approach rate -n.(v + JS w - v_obs(c)) with D_obs = d v_obs / d c.
   Friction (FRICTION > 0, dynamic steps): the force T of the pair's law
   (friction_force: F S(v_T) for SMOOTH) at the contact point, v_T = P v_r, v_r = v + JA w - v_obs, rows -T (x) and
   -JA^T T = -R^T (a x T) (Theta), a = R s - r n; with u = R w,
     d v_r/dx = -r S(u) P_d - D_obs,
     d v_r/dTheta = S(u) (I - r P_d) JS + S(a) R S(w) - D_obs JS,
     d v_r/dv = I,  d v_r/dw = JA,
     d v_T = P d v_r - ((n.v_r) I + n v_r^T) d n,  d n = P_d J_c dq_c,
     d(JA^T T)|_T: Theta: S(R^T (a x T)) - R^T S(T) (I - r P_d) JS,  x: r R^T S(T) P_d. */
static nsb_vec3 friction_force(const nsb_contact_pair* p, const nsb_contact_data* d, double N, nsb_vec3 vT, nsb_vec3 q,
                               double h, nsb_vec3* T_N, nsb_mat3* T_v, nsb_mat3* T_q, int* slip);
static nsb_vec3 friction_carry(const nsb_contact_pair* p, const nsb_contact_data* d, double h);
static int friction_accel_stored(const nsb_eval_ctx* ec, const nsb_contact_pair* p);
static nsb_vec3 friction_at(const nsb_eval_ctx* ec, const nsb_contact_pair* p, const nsb_contact_data* d, double N,
                            nsb_mat3 P, nsb_vec3 vr, nsb_vec3* q0, nsb_vec3* T_N, nsb_mat3* T_v, nsb_mat3* T_q);

static void hertz_framed(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                         const nsb_contact_geo* G, nsb_mat3 Dobs, nsb_vec3 vr, double F, double Fa, double Fd,
                         double* restrict f, double* restrict K) {
  const int nb = e->node_ndof[0] == 6 ? 2 : 1;
  const int node = e->nodes[0];
  const int dyn = ec->mode != NSB_EVAL_STATIC;
  const int fric = p->friction > 0.0 && dyn;
  const nsb_contact_data* d = e->state;
  nsb_mat3 Z = nsb_m3_zero(), I = nsb_m3_identity();
  nsb_mat3 J[2] = {I, G->JS};
  nsb_vec3 gb[2], qd[2] = {nsb_v3_sub(nsb_st_v(ec->cur, node), G->vobs), nsb_st_w(ec->cur, node)};
  for (int b = 0; b < nb; ++b) {
    gb[b] = nsb_m3_tmulv(J[b], G->n);
    nsb_local_addv(f, 3 * b, nsb_v3_scale(-F, gb[b]));
  }
  /* the friction force T of the pair's law (friction_force; ELASTOPLASTIC:
     q = P q0, q0 the elastic slip carried into the increment) and its
     derivatives T_N, T_v = dT/dv_T, T_q = dT/dq */
  nsb_mat3 P = nsb_m3_sub(I, nsb_m3_outer(G->n, G->n)), T_v = Z, T_q = Z;
  nsb_vec3 T = nsb_v3_zero(), T_N = nsb_v3_zero(), q0 = nsb_v3_zero();
  if (fric) {
    T = friction_at(ec, p, d, F, P, vr, &q0, &T_N, &T_v, &T_q);
    nsb_local_addv(f, 0, nsb_v3_neg(T));
    if (nb == 2) nsb_local_addv(f, 3, nsb_v3_neg(nsb_m3_tmulv(G->JA, T)));
  }
  if (!K) return;
  nsb_mat3 H[2][2];
  for (int r = 0; r < nb; ++r)
    for (int c = 0; c < nb; ++c) {
      H[r][c] = nsb_m3_tmul(J[r], nsb_m3_mul(G->Pd, J[c]));
      if (r == 1 && c == 1) H[r][c] = nsb_m3_add(H[r][c], G->QS);
    }
  const nsb_kin* kk = &ec->kin[node];
  nsb_vec3 Don = nsb_m3_tmulv(Dobs, G->n);
  /* friction kinematics: d v_r / d q_c, d v_r / d qdot_c, d n / d q_c */
  double rad = d->shape.radius;
  nsb_mat3 R = nsb_q_to_m3(nsb_st_q(ec->cur, node));
  nsb_vec3 w = qd[1], u = nsb_m3_mulv(R, w);
  nsb_vec3 arm = nsb_v3_muladd(nsb_m3_mulv(R, nsb_v3_load(d->shape.s)), -rad, G->n);
  nsb_mat3 IrP = nsb_m3_sub(I, nsb_m3_scale(rad, G->Pd));
  nsb_mat3 dvr_q[2] = {nsb_m3_sub(nsb_m3_scale(-rad, nsb_m3_mul(nsb_m3_skew(u), G->Pd)), Dobs),
                       nsb_m3_sub(nsb_m3_add(nsb_m3_mul(nsb_m3_skew(u), nsb_m3_mul(IrP, G->JS)),
                                             nsb_m3_mul(nsb_m3_skew(arm), nsb_m3_mul(R, nsb_m3_skew(w)))),
                                  nsb_m3_mul(Dobs, G->JS))};
  nsb_mat3 dvr_v[2] = {I, G->JA};
  nsb_mat3 Cn = nsb_m3_add(nsb_m3_scale(nsb_v3_dot(G->n, vr), I), nsb_m3_outer(G->n, vr));
  nsb_mat3 Cq = nsb_m3_add(nsb_m3_scale(nsb_v3_dot(G->n, q0), I), nsb_m3_outer(G->n, q0));
  nsb_vec3 aT = nsb_v3_cross(arm, T);
  nsb_mat3 RtST = nsb_m3_tmul(R, nsb_m3_skew(T));
  for (int c = 0; c < nb; ++c) {
    nsb_vec3 dF_dq = nsb_v3_scale(-Fa, gb[c]), dF_dv = nsb_v3_zero();
    if (dyn) {
      nsb_vec3 Hq = nsb_v3_zero();
      for (int r = 0; r < nb; ++r) Hq = nsb_v3_add(Hq, nsb_m3_tmulv(H[r][c], qd[r]));
      Hq = nsb_v3_sub(Hq, nsb_m3_tmulv(J[c], Don));
      dF_dq = nsb_v3_add(dF_dq, nsb_v3_scale(-Fd, Hq));
      dF_dv = nsb_v3_scale(-Fd, gb[c]);
    }
    for (int r = 0; r < nb; ++r) {
      nsb_mat3 Kq = nsb_m3_sub(nsb_m3_scale(-1.0, nsb_m3_outer(gb[r], dF_dq)), nsb_m3_scale(F, H[r][c]));
      nsb_mat3 Kv = nsb_m3_scale(-1.0, nsb_m3_outer(gb[r], dF_dv));
      nsb_local_add3(K, e->n_local, 3 * r, 3 * c, c ? nsb_kin_r(kk, Kq, Kv, Z) : nsb_kin_t(kk, Kq, Kv, Z));
    }
    if (!fric) continue;
    nsb_mat3 dn = nsb_m3_mul(G->Pd, J[c]);
    nsb_mat3 dvT_q = nsb_m3_sub(nsb_m3_mul(P, dvr_q[c]), nsb_m3_mul(Cn, dn));
    nsb_mat3 dvT_v = nsb_m3_mul(P, dvr_v[c]);
    /* d q = -((n.q0) I + n q0^T) d n (ELASTOPLASTIC; T_q = 0 otherwise) */
    nsb_mat3 Tq = nsb_m3_add(nsb_m3_add(nsb_m3_outer(T_N, dF_dq), nsb_m3_mul(T_v, dvT_q)),
                             nsb_m3_scale(-1.0, nsb_m3_mul(T_q, nsb_m3_mul(Cq, dn))));
    nsb_mat3 Tv = nsb_m3_add(nsb_m3_outer(T_N, dF_dv), nsb_m3_mul(T_v, dvT_v));
    /* rows x: -T; rows Theta: -JA^T T (and its own change at fixed T) */
    nsb_mat3 Mq = nsb_m3_tmul(G->JA, Tq), Mv = nsb_m3_tmul(G->JA, Tv);
    if (c == 1) Mq = nsb_m3_add(Mq, nsb_m3_sub(nsb_m3_skew(nsb_m3_tmulv(R, aT)), nsb_m3_mul(RtST, nsb_m3_mul(IrP, G->JS))));
    else Mq = nsb_m3_add(Mq, nsb_m3_scale(rad, nsb_m3_mul(RtST, G->Pd)));
    nsb_local_add3(K, e->n_local, 0, 3 * c,
                   c ? nsb_kin_r(kk, neg3(Tq), neg3(Tv), Z) : nsb_kin_t(kk, neg3(Tq), neg3(Tv), Z));
    if (nb == 2)
      nsb_local_add3(K, e->n_local, 3, 3 * c,
                     c ? nsb_kin_r(kk, neg3(Mq), neg3(Mv), Z) : nsb_kin_t(kk, neg3(Mq), neg3(Mv), Z));
  }
}

/* Hertz (or Winkler) between a framed slave and the plane face of a rigid
   body (kind 3, docs/contact.md §8.2).  Generalized coordinates in four
   3-blocks, q = (x_s, Theta_s, x_m, Theta_m), velocities qdot = (v_s, w_s,
   v_m, w_m) (body angular velocities; R -> R exp(S(dTheta))).  With c = x_s +
   Rs s, n = Rm n_b, the contact point q = c - r n, a = q - x_s, b = q - x_m:
     gap gradient  G = (n, JS^T n, -n, S(n_b) Rm^T (c - x_m)),
     its Hessian   H_03 = JN, H_11 = S(s) S(Rs^T n), H_13 = S(s) Rs^T JN, H_23 = -JN,
                   H_30 = S(n_b) Rm^T, H_31 = S(n_b) Rm^T JS, H_32 = -S(n_b) Rm^T,
                   H_33 = S(n_b) S(Rm^T (c - x_m))   (others 0; H symmetric),
     relative velocity v_r = v_s + JA w_s - v_m - JB w_m = L qdot, n.v_r = G.qdot,
     L = (I, JA, -I, -JB),
   normal rows -F G (alpha = -g, alpha_dot = -G.qdot), friction rows -L_r^T T
   (the force T on the slave at q, -T on the master at q: equal and opposite
   at one point, so their moments cancel about any point).  Tangent of the
   normal rows as in hertz_framed; of the friction rows
     -L_r^T dT/dq_c - d(L_r^T T)/dq_c |_T,
     dT = T_N dF + T_v dv_T + T_q dq_EP,  dv_T = P dv_r - ((n.v_r) I + n v_r^T) JN dTheta_m,
     dv_r/dq = (-S(om_m), S(a) Rs S(w_s) + (S(om_s) - S(om_m)) JS, S(om_m),
                -S(b) Rm S(w_m) + r (S(om_m) - S(om_s)) JN)   (om = R w),
     d(Rs^T (a x T)): Theta_s S(Rs^T (a x T)) - Rs^T S(T) JS, Theta_m r Rs^T S(T) JN,
     d(-Rm^T (b x T)): x_s Rm^T S(T), Theta_s Rm^T S(T) JS, x_m -Rm^T S(T),
                       Theta_m -S(Rm^T (b x T)) - r Rm^T S(T) JN. */
static void hertz_body(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p, const nsb_contact_geo* G,
                       nsb_vec3 vr, double F, double Fa, double Fd, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const int dyn = ec->mode != NSB_EVAL_STATIC;
  const int fric = p->friction > 0.0 && dyn;
  const int ns = e->nodes[0], nm = e->nodes[1];
  const int node[4] = {ns, ns, nm, nm};
  const double r = d->shape.radius;
  nsb_mat3 Z = nsb_m3_zero(), I = nsb_m3_identity();
  nsb_mat3 Rs = nsb_q_to_m3(nsb_st_q(ec->cur, ns)), Rm = G->Rm;
  nsb_vec3 ws = nsb_st_w(ec->cur, ns), wm = nsb_st_w(ec->cur, nm);
  nsb_vec3 qd[4] = {nsb_st_v(ec->cur, ns), ws, nsb_st_v(ec->cur, nm), wm};
  nsb_vec3 gb[4] = {G->n, nsb_m3_tmulv(G->JS, G->n), nsb_v3_neg(G->n),
                    nsb_m3_mulv(nsb_m3_skew(G->nb), nsb_m3_tmulv(Rm, G->cm))};
  nsb_mat3 L[4] = {I, G->JA, neg3(I), neg3(G->JB)};
  for (int b = 0; b < 4; ++b) nsb_local_addv(f, 3 * b, nsb_v3_scale(-F, gb[b]));
  nsb_mat3 P = nsb_m3_sub(I, nsb_m3_outer(G->n, G->n)), T_v = Z, T_q = Z;
  nsb_vec3 T = nsb_v3_zero(), T_N = nsb_v3_zero(), q0 = nsb_v3_zero();
  if (fric) {
    T = friction_at(ec, p, d, F, P, vr, &q0, &T_N, &T_v, &T_q);
    for (int b = 0; b < 4; ++b) nsb_local_addv(f, 3 * b, nsb_v3_neg(nsb_m3_tmulv(L[b], T)));
  }
  if (!K) return;
  nsb_mat3 H[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) H[i][j] = Z;
  nsb_mat3 SnRt = nsb_m3_mul(nsb_m3_skew(G->nb), nsb_m3_transpose(Rm));
  nsb_mat3 SsRt = nsb_m3_mul(nsb_m3_skew(nsb_v3_load(d->shape.s)), nsb_m3_transpose(Rs));
  H[0][3] = G->JN;
  H[1][1] = G->QS;
  H[1][3] = nsb_m3_mul(SsRt, G->JN);
  H[2][3] = neg3(G->JN);
  H[3][0] = SnRt;
  H[3][1] = nsb_m3_mul(SnRt, G->JS);
  H[3][2] = neg3(SnRt);
  H[3][3] = nsb_m3_mul(nsb_m3_skew(G->nb), nsb_m3_skew(nsb_m3_tmulv(Rm, G->cm)));
  /* friction kinematics */
  nsb_vec3 oms = nsb_m3_mulv(Rs, ws), omm = nsb_m3_mulv(Rm, wm);
  nsb_vec3 arm = nsb_v3_sub(nsb_v3_add(G->bm, nsb_st_x(ec->cur, nm)), nsb_st_x(ec->cur, ns));
  nsb_mat3 Soms = nsb_m3_skew(oms), Somm = nsb_m3_skew(omm);
  nsb_mat3 dvr_q[4] = {
      neg3(Somm),
      nsb_m3_add(nsb_m3_mul(nsb_m3_skew(arm), nsb_m3_mul(Rs, nsb_m3_skew(ws))), nsb_m3_mul(nsb_m3_sub(Soms, Somm), G->JS)),
      Somm,
      nsb_m3_add(neg3(nsb_m3_mul(nsb_m3_skew(G->bm), nsb_m3_mul(Rm, nsb_m3_skew(wm)))),
                 nsb_m3_scale(r, nsb_m3_mul(nsb_m3_sub(Somm, Soms), G->JN)))};
  nsb_mat3 Cn = nsb_m3_add(nsb_m3_scale(nsb_v3_dot(G->n, vr), I), nsb_m3_outer(G->n, vr));
  nsb_mat3 Cq = nsb_m3_add(nsb_m3_scale(nsb_v3_dot(G->n, q0), I), nsb_m3_outer(G->n, q0));
  nsb_mat3 ST = nsb_m3_skew(T);
  nsb_mat3 RsST = nsb_m3_tmul(Rs, ST), RmST = nsb_m3_tmul(Rm, ST);
  /* d(L_r^T T)/dq_c at fixed T (rows 1 and 3) */
  nsb_mat3 dLT[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) dLT[i][j] = Z;
  dLT[1][1] = nsb_m3_sub(nsb_m3_skew(nsb_m3_tmulv(Rs, nsb_v3_cross(arm, T))), nsb_m3_mul(RsST, G->JS));
  dLT[1][3] = nsb_m3_scale(r, nsb_m3_mul(RsST, G->JN));
  dLT[3][0] = RmST;
  dLT[3][1] = nsb_m3_mul(RmST, G->JS);
  dLT[3][2] = neg3(RmST);
  dLT[3][3] = nsb_m3_sub(neg3(nsb_m3_skew(nsb_m3_tmulv(Rm, nsb_v3_cross(G->bm, T)))),
                         nsb_m3_scale(r, nsb_m3_mul(RmST, G->JN)));
  for (int c = 0; c < 4; ++c) {
    const int rot = c & 1;
    const nsb_kin* kk = &ec->kin[node[c]];
    nsb_vec3 dF_dq = nsb_v3_scale(-Fa, gb[c]), dF_dv = nsb_v3_zero();
    if (dyn) {
      nsb_vec3 Hq = nsb_v3_zero();
      for (int rr = 0; rr < 4; ++rr) Hq = nsb_v3_add(Hq, nsb_m3_tmulv(H[rr][c], qd[rr]));
      dF_dq = nsb_v3_add(dF_dq, nsb_v3_scale(-Fd, Hq));
      dF_dv = nsb_v3_scale(-Fd, gb[c]);
    }
    nsb_mat3 Tq = Z, Tv = Z;
    if (fric) {
      nsb_mat3 dn = c == 3 ? G->JN : Z;
      nsb_mat3 dvT_q = nsb_m3_sub(nsb_m3_mul(P, dvr_q[c]), nsb_m3_mul(Cn, dn));
      Tq = nsb_m3_add(nsb_m3_add(nsb_m3_outer(T_N, dF_dq), nsb_m3_mul(T_v, dvT_q)),
                      neg3(nsb_m3_mul(T_q, nsb_m3_mul(Cq, dn))));
      Tv = nsb_m3_add(nsb_m3_outer(T_N, dF_dv), nsb_m3_mul(T_v, nsb_m3_mul(P, L[c])));
    }
    for (int rr = 0; rr < 4; ++rr) {
      nsb_mat3 Kq = nsb_m3_sub(neg3(nsb_m3_outer(gb[rr], dF_dq)), nsb_m3_scale(F, H[rr][c]));
      nsb_mat3 Kv = neg3(nsb_m3_outer(gb[rr], dF_dv));
      if (fric) {
        Kq = nsb_m3_sub(Kq, nsb_m3_add(nsb_m3_tmul(L[rr], Tq), dLT[rr][c]));
        Kv = nsb_m3_sub(Kv, nsb_m3_tmul(L[rr], Tv));
      }
      nsb_local_add3(K, e->n_local, 3 * rr, 3 * c, rot ? nsb_kin_r(kk, Kq, Kv, Z) : nsb_kin_t(kk, Kq, Kv, Z));
    }
  }
}

/* Stiffness of contact d of pair p: STIFFNESS times the point's weight (1
   without POINTS=). */
static double contact_stiffness(const nsb_contact_pair* p, const nsb_contact_data* d) {
  return p->stiffness * d->shape.weight;
}

/* d v_obs / d x_slave of a spinning obstacle: the surface point under the
   slave turns with it.  Plane: the point x - n n^T (x - p) moves with
   I - n n^T, so spin S(dir) (I - n n^T) = spin S(dir); cylinder: the point
   p + (axial part of x - p) + R n moves with a a^T + R P_d, so spin R S(a) P_d.
   Zero for other masters and for a degenerate normal. */
static nsb_mat3 obstacle_velocity_gradient(const nsb_model* m, const nsb_contact_shape* sh, const nsb_contact_geo* G) {
  if (sh->kind != 0 || G->degenerate) return nsb_m3_zero();
  const nsb_obstacle* o = &m->obstacles.data[sh->master];
  if (o->spin == 0.0) return nsb_m3_zero();
  nsb_mat3 S = nsb_m3_scale(o->spin, nsb_m3_skew(nsb_v3_load(o->dir)));
  return o->kind == NSB_OBSTACLE_PLANE ? S : nsb_m3_mul(S, nsb_m3_scale(o->radius, G->Pd));
}

/* The tangential law of a compliant contact at slip velocity vT, normal
   force N, time step h (ELASTOPLASTIC: q = P (z_n + h/2 v_T,n), the elastic
   slip carried into the increment, in the tangent plane): the force T on the
   slave and its derivatives T_N = dT/dN, T_v = dT/dv_T, T_q = dT/dq. */
static nsb_vec3 friction_force(const nsb_contact_pair* p, const nsb_contact_data* d, double N, nsb_vec3 vT, nsb_vec3 q,
                               double h, nsb_vec3* T_N, nsb_mat3* T_v, nsb_mat3* T_q, int* slip) {
  if (p->friction_law == NSB_FRICTION_SMOOTH) {
    nsb_mat3 dS;
    nsb_vec3 S = nsb_friction_smooth(p->friction, p->slip_velocity, vT, &dS);
    *T_N = S;
    *T_v = nsb_m3_scale(N, dS);
    *T_q = nsb_m3_zero();
    *slip = 1;
    return nsb_v3_scale(N, S);
  }
  /* trial force a = c (z_n + h/2 (v_T,n + v_T)) + beta v_T = c q + (beta + c h/2) v_T */
  double c = p->stick_stiffness, b = p->stick_damping + 0.5 * c * h;
  double mu = d->fslide ? p->friction : p->friction_static;
  nsb_vec3 a = nsb_v3_add(nsb_v3_scale(c, q), nsb_v3_scale(b, vT));
  nsb_mat3 T_a;
  nsb_vec3 T = nsb_friction_elastoplastic(mu, N, a, T_N, &T_a, slip);
  *T_v = nsb_m3_scale(b, T_a);
  *T_q = nsb_m3_scale(c, T_a);
  return T;
}

/* The friction force of the acceleration solves (mode NSB_EVAL_ACCEL: a
   force at the current state, no tangent): SMOOTH its law at the current
   slip velocity; ELASTOPLASTIC the force of the last accepted increment (the
   law's force at t_n; zero before the first, consistent with the friction
   work of friction_commit), not a new radial return. */
static int friction_accel_stored(const nsb_eval_ctx* ec, const nsb_contact_pair* p) {
  return ec->mode == NSB_EVAL_ACCEL && p->friction_law == NSB_FRICTION_ELASTOPLASTIC;
}

/* ELASTOPLASTIC: the elastic slip carried into the increment, z_n + h/2 v_T,n
   (unprojected; zero for the other laws).  z lives in the slave's frame, as
   in Stamm (2011, §4.4): for a particle (and, here, a beam node) the global
   frame, whatever the master does (a spinning obstacle turns under it). */
static nsb_vec3 friction_carry(const nsb_contact_pair* p, const nsb_contact_data* d, double h) {
  if (p->friction_law != NSB_FRICTION_ELASTOPLASTIC) return nsb_v3_zero();
  return nsb_v3_muladd(nsb_v3_load(d->fz), 0.5 * h, nsb_v3_load(d->fv));
}

/* The friction force of a compliant contact at normal force N and relative
   velocity vr, P = I - n n^T: the stored force in an acceleration solve
   (friction_accel_stored; its derivatives zero), else the law's at
   v_T = P vr and q = P q0, q0 = friction_carry (returned for the tangent). */
static nsb_vec3 friction_at(const nsb_eval_ctx* ec, const nsb_contact_pair* p, const nsb_contact_data* d, double N,
                            nsb_mat3 P, nsb_vec3 vr, nsb_vec3* q0, nsb_vec3* T_N, nsb_mat3* T_v, nsb_mat3* T_q) {
  *q0 = friction_carry(p, d, ec->h);
  if (friction_accel_stored(ec, p)) {
    *T_N = nsb_v3_zero();
    *T_v = *T_q = nsb_m3_zero();
    return nsb_v3_load(d->fT);
  }
  int slip;
  return friction_force(p, d, N, nsb_m3_mulv(P, vr), nsb_m3_mulv(P, *q0), ec->h, T_N, T_v, T_q, &slip);
}

/* Friction of a compliant contact (docs/contact.md §6.2) on an obstacle or a
   particle master (constant weights w_j = 1, -1): the force T on the slave,
   -T on the master particle, T of the law at v_T = P v_r (P = I - n n^T) and,
   for ELASTOPLASTIC, q = P q0 (q0 = friction_carry).  Residual rows -w_j T;
   tangent
     d v_T / d v_k = w_k P,
     d v_T / d x_k = -w_k ((n.v_r) P_d + n (P_d v_r)^T) - [k = 0] P D_obs,
     d q / d x_k   = -w_k ((n.q0) P_d + n (P_d q0)^T)
   (d n / d x_k = w_k P_d, D_obs = d v_obs / d x_slave), and the normal
   force's gradients dN_x[k], dN_v[k] (K only). */
static void hertz_friction(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                           const nsb_contact_geo* G, nsb_mat3 Dobs, nsb_vec3 vr, double N, const nsb_vec3* dN_x,
                           const nsb_vec3* dN_v, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  int off[4];
  local_offsets(e, off);
  nsb_mat3 P = nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n));
  nsb_vec3 q0, T_N;
  nsb_mat3 T_v, T_q;
  nsb_vec3 T = friction_at(ec, p, d, N, P, vr, &q0, &T_N, &T_v, &T_q);
  for (int j = 0; j < G->nn; ++j) nsb_local_addv(f, off[j], nsb_v3_scale(-G->w[j], T));
  if (!K) return;
  double nvr = nsb_v3_dot(G->n, vr), nq = nsb_v3_dot(G->n, q0);
  nsb_vec3 Pdvr = nsb_m3_mulv(G->Pd, vr), Pdq = nsb_m3_mulv(G->Pd, q0);
  for (int k = 0; k < G->nn; ++k) {
    nsb_mat3 dvT_dx = nsb_m3_scale(-G->w[k], nsb_m3_add(nsb_m3_scale(nvr, G->Pd), nsb_m3_outer(G->n, Pdvr)));
    if (k == 0) dvT_dx = nsb_m3_sub(dvT_dx, nsb_m3_mul(P, Dobs));
    nsb_mat3 dq_dx = nsb_m3_scale(-G->w[k], nsb_m3_add(nsb_m3_scale(nq, G->Pd), nsb_m3_outer(G->n, Pdq)));
    nsb_mat3 Tx = nsb_m3_add(nsb_m3_add(nsb_m3_outer(T_N, dN_x[k]), nsb_m3_mul(T_v, dvT_dx)), nsb_m3_mul(T_q, dq_dx));
    nsb_mat3 Tv = nsb_m3_add(nsb_m3_outer(T_N, dN_v[k]), nsb_m3_scale(G->w[k], nsb_m3_mul(T_v, P)));
    const nsb_kin* kk = &ec->kin[e->nodes[k]];
    for (int j = 0; j < G->nn; ++j)
      nsb_local_add3(K, e->n_local, off[j], off[k],
                     nsb_kin_t(kk, nsb_m3_scale(-G->w[j], Tx), nsb_m3_scale(-G->w[j], Tv), nsb_m3_zero()));
  }
}

/* The friction of a compliant contact at the end of the increment (ec at
   t_n+1, the state of t_n in d): the force T on the slave and its power
   T.v_T; for ELASTOPLASTIC also the elastic slip z_n+1 = q + h/2 v_T - h w'
   and the plastic rate w' = (a + T)/(beta + c h), from -T = c z_n+1 +
   beta z'_n+1 = a - (beta + c h) w' (contact/friction.h). */
static nsb_vec3 friction_end(const nsb_contact_data* d, const nsb_contact_pair* p, const nsb_contact_geo* G,
                             nsb_vec3 vr, double N, double h, nsb_vec3* vT_out, nsb_vec3* z, nsb_vec3* wd) {
  nsb_mat3 P = nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n));
  nsb_vec3 vT = nsb_m3_mulv(P, vr), q = nsb_m3_mulv(P, friction_carry(p, d, h)), T_N;
  nsb_mat3 T_v, T_q;
  int slip;
  nsb_vec3 T = friction_force(p, d, N, vT, q, h, &T_N, &T_v, &T_q, &slip);
  *vT_out = vT;
  *z = *wd = nsb_v3_zero();
  if (p->friction_law == NSB_FRICTION_ELASTOPLASTIC) {
    double c = p->stick_stiffness, b = p->stick_damping + 0.5 * c * h;
    nsb_vec3 a = nsb_v3_add(nsb_v3_scale(c, q), nsb_v3_scale(b, vT));
    *wd = nsb_v3_scale(1.0 / (p->stick_damping + c * h), nsb_v3_add(a, T));
    *z = nsb_v3_muladd(nsb_v3_muladd(q, 0.5 * h, vT), -h, *wd);
  }
  return T;
}

/* ELASTOPLASTIC, increment accepted: the friction state of t_n+1 (z, v_T, T
   and sliding when |w'| > SLIP VELOCITY); an open contact (N = 0) forgets
   its elastic slip and sticks again.  Returns the energy the friction
   dissipated in the increment: minus its work on the slip,
   h/4 (T_n + T_n+1).(v_T,n + v_T,n+1) (the product of step averages, which
   the trapezoidal increment of z makes exact for the stick element: in stick
   the dissipation is beta h/4 |v_T,n + v_T,n+1|^2), minus the change of the
   stick element's energy c |z|^2/2 (all of it released when it opens).  A
   moving obstacle works h/4 (T_n + T_n+1).(v_obs,n + v_obs,n+1) on the
   slave (*wobs), so that the friction's work on the slave's own velocity is
   the same product of step averages the scheme's energy balance has. */
static double friction_commit(nsb_contact_data* d, const nsb_contact_pair* p,
                              const nsb_contact_geo* G, nsb_vec3 vr, double N, double h, double* wobs) {
  nsb_vec3 vT, z, wd, T = nsb_v3_zero();
  nsb_vec3 z0 = nsb_v3_load(d->fz), v0 = nsb_v3_load(d->fv), T0 = nsb_v3_load(d->fT), o0 = nsb_v3_load(d->fo);
  if (!(N > 0.0)) {
    vT = nsb_v3_muladd(vr, -nsb_v3_dot(G->n, vr), G->n);
    z = nsb_v3_zero();
    d->fslide = 0;
  } else {
    T = friction_end(d, p, G, vr, N, h, &vT, &z, &wd);
    /* sliding (the dynamic coefficient) while the plastic rate is above
       SLIP VELOCITY, and from a breakaway (plastic flow under the static
       coefficient, fslide = 2) until the rate has first risen above it: the
       re-entry is the rate falling back to SLIP VELOCITY, a crossing
       downwards as Stamm's event (2011, eq. 6.32).  Without the breakaway
       state, the tiny plastic rate of the increments after a breakaway
       returned the contact to mu_st, and a load rising slowly past mu_st N
       crept on at the static force instead of sliding at mu N */
    const double rate = nsb_v3_norm(wd);
    d->frate = rate;
    d->fslide = rate > p->slip_velocity ? 1 : rate > 0.0 && d->fslide != 1 ? 2 : 0;
  }
  nsb_v3_store(z, d->fz);
  nsb_v3_store(vT, d->fv);
  nsb_v3_store(T, d->fT);
  nsb_v3_store(G->vobs, d->fo);
  d->f_known = 1;
  *wobs += 0.25 * h * nsb_v3_dot(nsb_v3_add(T0, T), nsb_v3_add(o0, G->vobs));
  double work = 0.25 * h * nsb_v3_dot(nsb_v3_add(T0, T), nsb_v3_add(v0, vT));
  return -work - 0.5 * p->stick_stiffness * (nsb_v3_dot(z, z) - nsb_v3_dot(z0, z0));
}

/* HERTZ: the penetration at t_n whose elastic force *E0 the accelerations
   of t_n hold: the episode's (ep_al, ep_F; 0 and 0 out of an episode, also
   after a handover), or, in the first increment after a step's initial
   accelerations (damp_filt unset, where the record may be a static step's),
   the contact's own from the geometry of t_n. */
static double hertz_old(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                        const nsb_contact_data* d, double* E0) {
  if (ec->damp_filt) {
    *E0 = d->ep_open ? d->ep_F : 0.0;
    return d->ep_open ? d->ep_al : 0.0;
  }
  nsb_contact_geo G0;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->old, ec->t - ec->h, &G0);
  *E0 = G0.g < 0.0 ? nsb_hertz_elastic(contact_stiffness(p, d), p->exponent, -G0.g) : 0.0;
  return -G0.g;
}

/* HERTZ, the closing increment under the trapezoidal rule (docs/contact.md
   §6.3, "The discrete gradient in the closing increment"): open at t_n (al0
   <= 0, the accelerations of t_n hold no elastic force), closed at the
   iterate (al1 = -G->g > 0).
   The trapezoidal mean F_n+1/2 of the law's force acted over the whole
   change of the penetration, also before the touch: the increment lost
   F_n+1 (al1 - al0)/2 - V(al1) >= (1/2 - 1/(p+1)) F_n+1 al1.  The row makes
   the mean the discrete gradient across the touch (Gonzalez 1996,
   nsb_hertz_mean_force), Fbar = V(al1)/(al1 - al0), F_n+1 = 2 Fbar: its
   work over the change of the penetration is V(al1), exactly, and its
   impulse h Fbar is the exact impulse of a law integrated along the
   increment's straight path al(t) (for the approach at a constant rate,
   c (al1/tau)^p tau^(p+1)/(p+1) from the touch, tau = h al1/(al1 - al0)).
   al0 from the geometry of t_n: the episode's record holds no penetration
   while open; a contact whose geometry of t_n is closed (a record that
   missed it) keeps the law's force.  The caller has checked the law, the
   scheme, p != 1, no friction and no beam node (hertz_mean_row).  Returns 2
   with the row *F and its derivative *Fa in al1, or 0. */
static int hertz_closing_row(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                             const nsb_contact_data* d, const nsb_contact_geo* G, double* F, double* Fa) {
  nsb_contact_geo G0;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->old, ec->t - ec->h, &G0);
  const double al0 = -G0.g, al1 = -G->g;
  if (al0 > 0.0 || !(al1 > 0.0)) return 0;
  double dF;
  const double Fbar = nsb_hertz_mean_force(contact_stiffness(p, d), p->exponent, al0, al1, &dF);
  *F = 2.0 * Fbar;
  *Fa = 2.0 * dF;
  return 2;
}

/* HERTZ, an increment from a contact closed at t_n (docs/contact.md §6.3):
   the penetration goes from al0 > 0 at t_n to al1 at the iterate.  The
   scheme applies the contact's rows over the increment with the weights of
   the velocity update, h ((1 - gamma) F~_n + gamma F~_n+1), F~ the force
   filtered by the alpha relation
     (1 - alpha_m) F~_n+1 + alpha_m F~_n = (1 - alpha_f) F_n+1 + alpha_f F_n
   (F~ = F with alpha_m = alpha_f = 0): under the trapezoidal rule (F_n +
   F_n+1)/2.  Where the contact opens (al1 <= 0) that mean, with F_n+1 = 0,
   went on pushing with half the start force over the whole motion, past the
   opening (a gain); inside the contact it is the trapezoidal rule on the
   hardening spring, whose error over the increment, (F_n + F_n+1)/2 (al1 -
   al0) - (V1 - V0), has the sign of the loading (a loss) or of the
   unloading (a gain) and grows without bound relative to the increment's
   potential change towards al = 0 (F'' = p (p - 1) c al^(p-2)): an
   increment that ends just short of the opening gained up to the kink's
   (1/2 - 1/(p+1)) c al0^(p+1).  The row of t_n+1 instead makes the elastic
   mean the discrete gradient of the potential (Gonzalez 1996,
   nsb_hertz_mean_force),
     Fbar = (V(al0) - V(al1+))/(al0 - al1),   (1 - gamma) F~_n + gamma F~_n+1 = Fbar,
   solved for F_n+1, F_n = c al0^p the elastic force the accelerations of t_n
   hold and F~_n its filtered value (el_Ft; under the trapezoidal rule F~ =
   F and F_n+1 = 2 Fbar - F_n): its work over the change of the penetration
   is Fbar (al0 - al1) = V(al0) - V(al1+), exactly under the trapezoidal
   rule; under generalized-alpha the share of the kinetic energy's change,
   h (v_n + v_n+1)/2 . n Fbar, differs from it by (gamma/2 - beta)(p_n -
   p_n+1) h^2 . n Fbar, -7e-4 of the change of the pseudo-accelerations at
   rho_inf = 0.9.  al0 is the episode's penetration at t_n (ep_al, whose
   force the accelerations hold, also after a handover; in the first
   increment after a step's initial accelerations, damp_filt unset, where
   the record may be a static step's, the contact's own from the geometry of
   t_n).  Only the elastic part: a Hunt-Crossley damping part keeps its
   share and its booking (hertz_row_damped adds it where the contact stays
   closed; it is 0 at t_n+1 where it opens); friction keeps its normal
   force, 0 while open (on a framed slave or a body's face, whose rows carry
   the friction, a pair with friction takes no row where it opens).  A mean
   over the increment, not a force of the end state: the increment ends
   impulsive (nsb_contact_finish) and the smooth accelerations of t_n+1 are
   solved anew with the law's force.  Closed at both ends, the row is taken
   for p != 1 without friction: for p = 1 the trapezoidal rule is the
   discrete gradient already (F'' = 0), and a friction force reads the
   normal force of the end state (not a mean).  Closed at both ends only
   under the trapezoidal rule (RHOINF=1): under generalized-alpha the
   discrete gradient leaves the increment's E + V changed by (gamma/2 -
   beta) h^2/m Fbar (F~_n - F~_n+1) (a particle on a plane), a gain where
   the contact unloads (gamma/2 - beta = -(gamma - 1/2)^2/4 < 0): taken in
   every closed increment, tests/user hertz_ball_wall at h = 0.1 ms left
   6.7e-6 faster than it came; taken where the contact unloads only, the
   loading increments' trapezoidal loss, uncovered, put hertz_ball_wall,
   hertz_two_balls and pendulum_hertz_wall outside their closed forms
   (docs/contact.md §6.3).  Nor for contacts with a beam node (flexible):
   with the row and the acceleration solve in every closed increment the
   angular momentum of benchmarks/beam_contact crossing_soft after the
   contact moved by 1.7e-9 (1.9e-13 before; its check 1e-12).  The closing
   increment (al0 <= 0) takes the discrete gradient across the touch under
   the same conditions (hertz_closing_row); under generalized-alpha it keeps
   the law's force, a loss.  Not for WINKLER (its bed is no
   potential), static steps and the acceleration solves.  Returns 1 when the
   contact opens (al1 <= 0), 2 when it is closed at the iterate (also from an
   open t_n: hertz_closing_row), with the elastic row *F and its derivative
   *Fa in the iterate's penetration al1 = -G->g, else 0 (and 0, 0). */
static int hertz_mean_row(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                          const nsb_contact_data* d, const nsb_contact_geo* G, double* F, double* Fa) {
  *F = *Fa = 0.0;
  if (p->law != NSB_CONTACT_HERTZ || ec->mode != NSB_EVAL_DYNAMIC || ec->step_static || !ec->old || !d->owner)
    return 0;
  const int closed = G->g < 0.0;
  if (closed ? p->exponent == 1.0 || p->friction > 0.0 : p->friction > 0.0 && (G->body || G->framed)) return 0;
  if (closed && (!nsb_eval_trapezoidal(ec) || d->flexible)) return 0;
  double E_old;
  const double al0 = hertz_old(e, ec, p, d, &E_old);
  if (!(al0 > 0.0)) return closed ? hertz_closing_row(e, ec, p, d, G, F, Fa) : 0;
  const double c = contact_stiffness(p, d), al1 = -G->g;
  const double E0 = nsb_hertz_elastic(c, p->exponent, al0);
  double dF, Fbar = nsb_hertz_mean_force(c, p->exponent, al0, al1, &dF);
  const int kind = closed ? 2 : 1;
  if (nsb_eval_trapezoidal(ec)) {
    *F = 2.0 * Fbar - E0;
    *Fa = 2.0 * dF;
    return kind;
  }
  const double am = ec->alpha_m, af = ec->alpha_f, g = ec->gamma;
  const double Et0 = ec->damp_filt && d->el_ft_known ? d->el_Ft : E0;
  /* F~_n+1 = (Fbar - (1 - g) F~_n)/g, F_n+1 = ((1 - am) F~_n+1 + am F~_n - af F_n)/(1 - af) */
  const double w = (1.0 - am) / (g * (1.0 - af));
  *F = w * (Fbar - (1.0 - g) * Et0) + (am * Et0 - af * E0) / (1.0 - af);
  *Fa = w * dF;
  return kind;
}

/* The row of a contact closed at both ends of the increment (hertz_mean_row
   returned 2: the elastic row Fr, its derivative Fra in the penetration al)
   with the law's damping part: *F, *Fa the law's force and its derivative
   on entry (compliant_force), the row's on return, F - c al^p + Fr (the
   damping part of compliant_damping, also where Hunt-Crossley lets go). */
static void hertz_row_damped(const nsb_contact_pair* p, const nsb_contact_data* d, double al, double Fr, double Fra,
                             double* F, double* Fa) {
  const double c = contact_stiffness(p, d);
  *F += Fr - nsb_hertz_elastic(c, p->exponent, al);
  *Fa += Fra - p->exponent * c * pow(al, p->exponent - 1.0);
}

/* HERTZ: the elastic force the accelerations of t_n hold (the episode's
   force ep_F, or from the geometry of t_n in the first increment after a
   step's initial accelerations, as hertz_mean_row reads al0) and its
   filtered value (el_Ft, or that force where the filters start anew). */
static double hertz_elastic_old(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                                const nsb_contact_data* d, double* Et0) {
  double E0;
  hertz_old(e, ec, p, d, &E0);
  *Et0 = ec->damp_filt && d->el_ft_known ? d->el_Ft : E0;
  return E0;
}

static int hertz_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  if (!d->owner) return NSB_OK;
  /* the acceleration solves (the step's initial accelerations, the smooth
     accelerations after an impulsive increment) see the compliant force of
     the current positions and velocities: a smooth force, constant in the
     accelerations (no tangent) */
  if (ec->mode == NSB_EVAL_ACCEL) K = NULL;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  /* a contact closed at t_n: its row makes the increment's elastic mean
     force the potential's discrete gradient (hertz_mean_row); where it opens
     in this increment no friction (its normal force is 0 while open) */
  double F, Fa, Fd = 0.0;
  const int row = hertz_mean_row(e, ec, p, d, &G, &F, &Fa);
  const int opening = row == 1;
  if (!opening && !(G.g < 0.0)) return NSB_OK;
  nsb_vec3 vr = nsb_contact_geo_velocity(e, &G, ec->cur);
  double al = -G.g, ald = ec->mode == NSB_EVAL_STATIC ? 0.0 : -nsb_v3_dot(G.n, vr);
  if (!opening) {
    const double Fr = F, Fra = Fa;
    F = compliant_force(p, d, ec->h, al, ald, &Fa, &Fd);
    /* closed at both ends: the row with the law's damping part */
    if (row) hertz_row_damped(p, d, al, Fr, Fra, &F, &Fa);
  }
  if (F == 0.0 && Fa == 0.0) return NSB_OK;
  if (G.body) {
    hertz_body(e, ec, p, &G, vr, F, Fa, Fd, f, K);
    return NSB_OK;
  }
  if (G.framed) {
    hertz_framed(e, ec, p, &G, obstacle_velocity_gradient(ec->model, &d->shape, &G), vr, F, Fa, Fd, f, K);
    return NSB_OK;
  }
  if (G.hermite) {
    hertz_hermite(e, ec, &G, F, Fa, Fd, f, K);
    return NSB_OK;
  }
  if (G.rectm) {
    hertz_rectm(e, ec, &G, F, Fa, Fd, f, K);
    return NSB_OK;
  }
  /* friction acts in dynamic steps (a static step has no slip velocity) */
  int fric = p->friction > 0.0 && ec->mode != NSB_EVAL_STATIC && !opening;
  nsb_mat3 Dobs = obstacle_velocity_gradient(ec->model, &d->shape, &G);
  int off[4];
  local_offsets(e, off);
  for (int j = 0; j < G.nn; ++j) nsb_local_addv(f, off[j], nsb_v3_scale(-F * G.w[j], G.n));
  if (!K) {
    if (fric) hertz_friction(e, ec, p, &G, Dobs, vr, F, NULL, NULL, f, NULL);
    return NSB_OK;
  }
  /* v_eff: node velocities, the slave's relative to the obstacle */
  nsb_vec3 veff[3], dN_x[3], dN_v[3];
  for (int j = 0; j < G.nn; ++j) veff[j] = nsb_st_v(ec->cur, e->nodes[j]);
  veff[0] = nsb_v3_sub(veff[0], G.vobs);
  for (int k = 0; k < G.nn; ++k) {
    const nsb_kin* kk = &ec->kin[e->nodes[k]];
    /* d alpha / d x_k = -w_k n;  d alpha_dot / d x_k = -(H v_eff)_k (+ D_obs^T n for the slave on a
       spinning obstacle);  d alpha_dot / d v_k = -w_k n */
    nsb_vec3 Hv = nsb_v3_zero();
    for (int j = 0; j < G.nn; ++j) Hv = nsb_v3_add(Hv, nsb_m3_mulv(nsb_contact_gap_hessian(&G, k, j), veff[j]));
    if (k == 0) Hv = nsb_v3_sub(Hv, nsb_m3_tmulv(Dobs, G.n));
    nsb_vec3 dF_dx = nsb_v3_add(nsb_v3_scale(-Fa * G.w[k], G.n), nsb_v3_scale(-Fd, Hv));
    nsb_vec3 dF_dv = nsb_v3_scale(-Fd * G.w[k], G.n);
    if (ec->mode == NSB_EVAL_STATIC) dF_dx = nsb_v3_scale(-Fa * G.w[k], G.n), dF_dv = nsb_v3_zero();
    dN_x[k] = dF_dx;
    dN_v[k] = dF_dv;
    for (int j = 0; j < G.nn; ++j) {
      nsb_mat3 Kx = nsb_m3_add(nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dx)),
                               nsb_m3_scale(-F, nsb_contact_gap_hessian(&G, j, k)));
      nsb_mat3 Kv = nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dv));
      nsb_local_add3(K, e->n_local, off[j], off[k], nsb_kin_t(kk, Kx, Kv, nsb_m3_zero()));
    }
  }
  if (fric) hertz_friction(e, ec, p, &G, Dobs, vr, F, dN_x, dN_v, f, K);
  return NSB_OK;
}

/* The damping part of a compliant contact's normal force F at penetration
   al: F minus the elastic force of the potential, c al^p (Hunt-Crossley's
   c al^p d al', or -c al^p where the law lets go and F = 0; the Winkler
   bed's F - c al while the slave presses it, 0 after it let go); 0 while
   open. */
static double compliant_damping(const nsb_contact_pair* p, const nsb_contact_data* d, double al, double F) {
  if (!(al > 0.0)) return 0.0;
  const int pressed = p->law != NSB_CONTACT_WINKLER || F > 0.0;
  return pressed ? F - nsb_hertz_elastic(contact_stiffness(p, d), p->exponent, al) : 0.0;
}

/* The penetration (*al), its rate -n.v_r (*ald, also while open) and the
   damping part of the normal force of a compliant contact in state st at
   time t (the contact's state d as it is). */
static double compliant_damping_at(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                                   const nsb_contact_data* d, const nsb_state* st, double t, double* al,
                                   double* ald) {
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, st, t, &G);
  *al = -G.g;
  *ald = -nsb_v3_dot(G.n, nsb_contact_geo_velocity(e, &G, st));
  if (!(G.g < 0.0)) return 0.0;
  double Fa, Fd, F = compliant_force(p, d, ec->h, *al, *ald, &Fa, &Fd);
  return compliant_damping(p, d, *al, F);
}

/* The damping force of a compliant contact at t_n (ec->old) that the
   increment of ec is booked from (hertz_energy) and filtered from
   (nsb_contact_finish): as the last accepted increment's equations had it
   (dmp_F) or computed from the state at t_n, with the penetration (*al0),
   its rate (*ald0) and the force filtered by the alpha relation (*Ft0:
   dmp_Ft, or the force where the filters start anew with p = a, the step's
   initial accelerations, and where it is not known). */
static double compliant_damping_old(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                                    const nsb_contact_data* d, double* al0, double* ald0, double* Ft0) {
  double Fd0 = d->dmp_F;
  *al0 = d->dmp_al;
  *ald0 = d->dmp_ald;
  if (!d->dmp_known) Fd0 = compliant_damping_at(e, ec, p, d, ec->old, ec->t - ec->h, al0, ald0);
  /* the system's filtered forces hold (damp_filt set) unless p = a at t_n */
  *Ft0 = d->dmp_ft_known && ec->damp_filt ? d->dmp_Ft : Fd0;
  return Fd0;
}

/* The forces a compliant contact's moving obstacle and SMOOTH friction are
   booked with (hertz_energy), in the geometry G of a state with relative
   velocity vr and normal force F (0 while open): the normal force F n on the
   slave (*Fn), SMOOTH friction's force T on the slave (*T; zero for the other
   laws, while open and on the Hermite centreline, as the equations apply
   it) and the slip velocity v_T = P v_r (*vT). */
static void booking_forces(const nsb_contact_data* d, const nsb_contact_pair* p, const nsb_contact_geo* G,
                           nsb_vec3 vr, double F, double h, nsb_vec3* Fn, nsb_vec3* T, nsb_vec3* vT) {
  *Fn = nsb_v3_scale(F, G->n);
  *T = nsb_v3_zero();
  if (p->friction > 0.0 && p->friction_law == NSB_FRICTION_SMOOTH && F > 0.0 && !G->hermite) {
    nsb_vec3 z, wd;
    *T = friction_end(d, p, G, vr, F, h, vT, &z, &wd);
    return;
  }
  *vT = nsb_m3_mulv(nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n)), vr);
}

/* The booking forces (booking_forces) of a compliant contact in state st at
   time t (the contact's state d as it is), and the obstacle's surface
   velocity there (*vo). */
static void booking_forces_at(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_contact_pair* p,
                              const nsb_contact_data* d, const nsb_state* st, double t, nsb_vec3* Fn, nsb_vec3* T,
                              nsb_vec3* vT, nsb_vec3* vo) {
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, st, t, &G);
  nsb_vec3 vr = nsb_contact_geo_velocity(e, &G, st);
  double F = 0.0;
  if (G.g < 0.0) {
    double Fa, Fd;
    F = compliant_force(p, d, ec->h, -G.g, -nsb_v3_dot(G.n, vr), &Fa, &Fd);
  }
  booking_forces(d, p, &G, vr, F, ec->h, Fn, T, vT);
  *vo = G.vobs;
}

/* The compliant contact's energies.  Its damping (Hunt-Crossley's, the
   Winkler bed's damper) is booked as the work of its force as the discrete
   equations apply it over the increment's change of the penetration, as the
   dashpots' (docs/theory.md §3.6):
     D += (Fd_n + Fd_n+1)/2 (al_n+1 - al_n),
   Fd_n as the last accepted increment's equations had it (dmp_F, dmp_al:
   also across the sub-increments of §6.3, and the bed's state and increment
   of its own), Fd_n+1 as this one's.  With the trapezoidal rule (RHOINF=1)
   that is what the damping takes from the discrete system, for any start
   and also where the velocity alternates; the trapezoidal rule on its power
   Fd al' exceeded it by h/4 (Fd_n+1 - Fd_n)(al'_n+1 - al'_n) an increment
   (docs/contact.md §6, "Energy booking").  Read by the system after an
   accepted dynamic increment only (dissipated_increment).
   A moving obstacle's work on the normal force likewise, the mean of the
   forces F n on the slave at t_n and t_n+1 over the obstacle's displacement
   in the increment (its positions at both ends, *OBSTACLE, AMPLITUDE=),
     W += (F_n n_n + F_n+1 n_n+1)/2 . (p_n+1 - p_n),
   which with the damping's and the elastic part's booking over the change
   of al is the force's work on the slave, (F_n n_n + F_n+1 n_n+1)/2 . dx,
   for a plane (the trapezoidal rule on F n.v_obs missed h/4 dF n.dv_obs).
   SMOOTH friction (T_n, v_T,n, v_obs,n as the last accepted increment's
   equations had them: bk_T, bk_vT, bk_vo) as ELASTOPLASTIC's in
   friction_commit,
     D += -h/4 (T_n + T_n+1).(v_T,n + v_T,n+1),
     W += h/4 (T_n + T_n+1).(v_obs,n + v_obs,n+1),
   whose difference is the force's work on the slave h/4 (T_n + T_n+1).(v_n
   + v_n+1) = (T_n + T_n+1)/2 . dx under the trapezoidal rule (the rule on
   the power -T.v_T missed h/4 dT.dv_T); at a point of a rigid body (a
   framed slave, a body's face) the friction keeps the trapezoidal rule on
   its power and rate.  Otherwise neither adds a power or a rate in a
   dynamic step (the increments above are all of it); static steps keep them
   as they were. */
static void hertz_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_contact_data* d = e->state;
  if (!d->owner) return;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  double al = -G.g, ald = 0.0, F = 0.0;
  if (G.g < 0.0) {
    double Fa, Fd;
    ald = -nsb_v3_dot(G.n, nsb_contact_geo_velocity(e, &G, ec->cur));
    F = compliant_force(p, d, ec->h, al, ald, &Fa, &Fd);
  }
  const int dyn = !ec->step_static;
  /* the friction force acts at the slave's node and, against a particle, at
     the master's (not at a point of a rigid body: a framed slave or a body's
     face, whose moments the product of step averages misses, first order
     where the contact point turns with the body, benchmarks/disk_on_disk
     free_pair: the rule on the power kept their friction) */
  const int point = !d->shape.framed && d->shape.kind != 3;
  if (dyn && ec->old) {
    double al0, ald0, Ft0;
    const double Fd0 = compliant_damping_old(e, ec, p, d, &al0, &ald0, &Ft0);
    const double Fd1 = compliant_damping(p, d, al, F);
    if (nsb_eval_trapezoidal(ec)) {
      if (Fd0 != 0.0 || Fd1 != 0.0) acc->dissipated_increment += 0.5 * (Fd0 + Fd1) * (al - al0);
    } else if (Fd0 != 0.0 || Fd1 != 0.0 || Ft0 != 0.0) {
      /* its share: the force on the slave along n, whose velocity along n is -al' */
      const double ald1 = -nsb_v3_dot(G.n, nsb_contact_geo_velocity(e, &G, ec->cur));
      const double Ft1 = nsb_alpha_filter(ec, nsb_v3(Fd0, 0.0, 0.0), nsb_v3(Fd1, 0.0, 0.0), nsb_v3(Ft0, 0.0, 0.0)).x;
      acc->dissipated_increment += 0.5 * (ald0 + ald1) * ec->h * ((1.0 - ec->gamma) * Ft0 + ec->gamma * Ft1);
    }
    /* the obstacle's work and SMOOTH friction */
    nsb_vec3 Fn0, T0, vT0, vo0, Fn1, T1, vT1;
    if (d->bk_known) {
      Fn0 = nsb_v3_load(d->bk_Fn);
      T0 = nsb_v3_load(d->bk_T);
      vT0 = nsb_v3_load(d->bk_vT);
      vo0 = nsb_v3_load(d->bk_vo);
    } else {
      booking_forces_at(e, ec, p, d, ec->old, ec->t - ec->h, &Fn0, &T0, &vT0, &vo0);
    }
    booking_forces(d, p, &G, nsb_contact_geo_velocity(e, &G, ec->cur), F, ec->h, &Fn1, &T1, &vT1);
    /* a contact closed at t_n: its normal row as the equations had it
       (hertz_mean_row; closed at t_n+1 too, with the law's damping part) */
    double Fo, Foa;
    double Fr = F, Fra = 0.0;
    const int row = hertz_mean_row(e, ec, p, d, &G, &Fo, &Foa);
    if (row == 2) hertz_row_damped(p, d, al, Fo, Foa, &Fr, &Fra);
    if (row) Fn1 = nsb_v3_scale(row == 2 ? Fr : Fo, G.n);
    const nsb_vec3 Ts = nsb_v3_add(T0, T1);
    if (d->shape.kind == 0 && !d->shape.hermite) {
      const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
      if (o->amplitude >= 0) {
        nsb_vec3 v;
        nsb_vec3 dp = nsb_v3_sub(nsb_obstacle_offset(ec->model, o, ec->t, &v),
                                 nsb_obstacle_offset(ec->model, o, ec->t - ec->h, &v));
        acc->external_work_increment += 0.5 * nsb_v3_dot(nsb_v3_add(Fn0, Fn1), dp);
      }
    }
    if (point && ec->h > 0.0 && (Ts.x != 0.0 || Ts.y != 0.0 || Ts.z != 0.0)) {
      acc->external_work_increment += 0.25 * ec->h * nsb_v3_dot(Ts, nsb_v3_add(vo0, G.vobs));
      acc->dissipated_increment -= 0.25 * ec->h * nsb_v3_dot(Ts, nsb_v3_add(vT0, vT1));
    }
  }
  if (!(G.g < 0.0)) return;
  double c = contact_stiffness(p, d);
  /* a Winkler bed stores energy only while the slave presses it */
  int pressed = p->law != NSB_CONTACT_WINKLER || F > 0.0;
  if (pressed) acc->potential += nsb_hertz_potential(c, p->exponent, al);
  if (p->friction_law == NSB_FRICTION_ELASTOPLASTIC)
    acc->potential += 0.5 * p->stick_stiffness * nsb_v3_dot(nsb_v3_load(d->fz), nsb_v3_load(d->fz));
  if (dyn && point) return;
  /* static steps: a moving obstacle's power F n.v_obs; SMOOTH (and in
     dynamic steps at a point of a rigid body): the friction force T on the
     slave dissipates -T.v_T and a moving obstacle works T.v_obs on it
     (ELASTOPLASTIC: its stick element's energy c |z|^2/2 above, its
     dissipation and the obstacle's work per increment in friction_commit) */
  if (!dyn) acc->power += F * nsb_v3_dot(G.n, G.vobs);
  if (p->friction > 0.0 && p->friction_law == NSB_FRICTION_SMOOTH && F > 0.0 && !G.hermite) {
    nsb_vec3 vr = nsb_contact_geo_velocity(e, &G, ec->cur), vT, z, wd;
    nsb_vec3 T = friction_end(d, p, &G, vr, F, ec->h, &vT, &z, &wd);
    acc->dissipation_rate -= nsb_v3_dot(T, vT);
    acc->power += nsb_v3_dot(T, G.vobs);
  }
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

/* A massless slave against a particle master (MASS=REDISTRIBUTED,
   docs/contact.md §7.2): the smooth accelerations at t_n, recomputed after
   every impulsive increment without contact forces, must still see the force
   P_n the contact carries at t_n on the master particle.  The node is held
   in equilibrium by that force (the regularised acceleration solve of its
   element does that by itself), and the trapezoidal rule applies
   (1 - gamma) h P_n + gamma h P_n+1 to the node; the particle receives the
   same impulse only if P_n is in its acceleration at t_n.  Fixed load, no
   tangent.  Obstacle masters have no master node: nothing changes.  In the
   generalized-alpha form the particle takes the impulse as a velocity jump
   instead and carries no contact force at t_n (P_master = 0, massless_jump). */
static void massless_master_load(const nsb_elem* e, const nsb_contact_data* d, double* restrict f) {
  if (!d->massless || !d->owner || d->P_master == 0.0) return;
  int off[4];
  local_offsets(e, off);
  nsb_vec3 n = nsb_v3_load(d->n);
  for (int j = 1; j < e->n_nodes; ++j) nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * d->P_master, n));
}

/* ---- Newton's law on the step average (beam nodes, generalized-alpha form) ------- */

/* Whether a NEWTON contact takes Newton's law on the step-average normal
   velocity (docs/contact.md §7.1): every contact (beam nodes, particles,
   rigid bodies and their point sets, frictionless or with Coulomb friction;
   not a massless slave, not on the Hermite centreline) of a pair with
   simultaneous impacts, solved by the semi-smooth rows, in the
   generalized-alpha form of the modified scheme.  There Moreau's law, which
   holds the velocity at t_n+1, lets a pressed particle or body rise by
   (beta/gamma - 1/2) F h^2/m per increment: the position moves with the step
   average, in which the impulse counts with beta/gamma instead of 1/2.  (In
   the plain scheme, RHOINF=1, the step average is (gamma_N- + gamma_N+)/2:
   nsb_newton_xi_step is this law, and particles keep Moreau's.) */
static int step_law_applies(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  /* particles and bodies (their persistent contacts only, nsb_contact_prepare)
     also under IMPACT=POISSON or CLOSED FORM: a resting contact takes no
     impact at t_n, and one contact then moves as under Newton's law */
  int impact = p->impact == NSB_IMPACT_SIMULTANEOUS || (!d->flexible && p->impact != NSB_IMPACT_SEQUENTIAL);
  /* IMPACT=SEQUENTIAL: a contact of a particle or body at rest on its
     support (nsb_contact_data.rests) is held on the step average; the
     sub-impact rule concerns the others */
  impact = impact || (!d->flexible && p->impact == NSB_IMPACT_SEQUENTIAL && d->rests);
  /* (a body's face, *OBSTACLE, BODY=, and the Hermite centreline with the
     motion of the master's point by its nodes' rotations in step_disp) */
  return ec->mn_alpha && e->ops == &nsb_contact_newton_ops && !d->massless && e->n_mult == 1 && !ec->contact_prox &&
         impact;
}

/* The excess weight of an impulse's velocity jump du in the displacement of
   its increment over the trapezoidal h du/2 (docs/contact.md §7, "Impacts
   under gravity"): (beta/gamma - 1/2) h in the generalized-alpha form of the
   modified scheme (the Newmark parameters of its pseudo-accelerations) and
   in Newmark's scheme (the displacement holds beta h^2 of the acceleration
   whose gamma h is du; no step averages: ec->vbar is NULL); 0 in the plain
   modified scheme (its step average holds beta du; beta = 1/2 by default),
   which nsb_contact_impact_shift leaves alone. */
static double impulse_weight(const nsb_eval_ctx* ec) {
  if (ec->mode != NSB_EVAL_DYNAMIC || ec->step_static || !(ec->gamma > 0.0)) return 0.0;
  if (!ec->mn_alpha && ec->vbar) return 0.0;
  return (ec->beta / ec->gamma - 0.5) * ec->h;
}

/* Whether a NEWTON contact may be held with its force in the smooth
   accelerations (nsb_contact_data.held; docs/contact.md §7, "Gap drift"):
   Coulomb friction under Moreau's law (frictionless persistent contacts take
   the law on the step average instead) of a particle, a rigid body or a beam
   node against an obstacle, a particle, a beam's chord or Hermite centreline
   or a body's face (not a massless slave), simultaneous impacts, the
   semi-smooth rows or the prox sweeps (whose impulses are then the whole
   momentum, contact/lumped.c), the generalized-alpha form of the modified
   scheme.  There Moreau's law holds v_n+1, the positions move with v_n +
   h ((1/2 - beta) p_n + beta p_n+1), and with p_n = -g (the support's force
   left out of the smooth accelerations) the body rose by (beta/gamma - 1/2)
   g h^2 per increment.  The force acts on every node of the contact, the
   master's too, so the momentum it carries is the same on both sides. */
static int held_applies(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  if (!(ec->mn_alpha && e->ops == &nsb_contact_newton_ops && !d->massless && p->impact == NSB_IMPACT_SIMULTANEOUS))
    return 0;
  /* frictionless contacts under the prox sweeps (which have no law on the
     step average) and those of a stack with a held contact (stack_hold) are
     held the same way; not on the Hermite centreline (docs/contact.md §7,
     "Frictionless contacts outside the law on the step average") */
  if (e->n_mult == 3) return !d->step_law;
  return e->n_mult == 1 && !master_turns(d) && (d->stack_held || ec->contact_prox);
}

/* dir . J Ji J^T dir, largest over the three directions: the velocity change
   along dir per unit impulse at a point whose velocity per body angular
   velocity is J (Ji the inverse inertia of the body about its centre of mass,
   body frame). */
static double rotation_share(const nsb_mat3* J, const nsb_mat3* Ji, const nsb_vec3 dir[3]) {
  double w = 0.0;
  for (int k = 0; k < 3; ++k) {
    nsb_vec3 b = nsb_m3_tmulv(*J, dir[k]);
    w = fmax(w, nsb_v3_dot(b, nsb_m3_mulv(*Ji, b)));
  }
  return w;
}

/* The inverse inertia of the rigid body at node q (0 if it is none or its
   inertia is singular). */
static int body_inverse_inertia(const nsb_model* m, int q, nsb_mat3* Ji) {
  const nsb_node* nd = &m->nodes.data[q];
  if (nd->body_kind != NSB_BODY_RIGID) return 0;
  nsb_mat3 J;
  memcpy(J.c, m->rigid_bodies.data[nd->body].J_c, sizeof J.c);
  return nsb_m3_inverse(J, Ji);
}

/* The mass scale of a held contact's rows (nsb_contact_data.m_held): the
   rows' Newton step is the prox step lambda_v - gamma with lambda_v =
   Lambda/m, which converges when m is at most the inverse of the velocity
   change the contact's impulse gives its own point (the local Delassus
   value); larger, the slip rows overshoot and flip between the two slip
   directions (a ball rolling off with the friction of its last slipping
   increment in its smooth accelerations: 1/m + R^2/J = 3.5/m; the four
   corners of a box: 4/m and more).  For a point of a set on a rigid body
   (framed, JA the contact point's velocity per body angular velocity): 1/(n
   (1/m + max_k dir_k . JA J^-1 JA^T dir_k)), J the inertia about the centre of
   mass (an estimate; the scale does not change the solution) and n the
   points of the set.  The master's share adds to 1/m: a beam chord's nodes
   their lumped shares, sum_j w_j^2/m_j (the rows' m_eff is the slave's mass
   alone there), a body's face the rotation of its material point, dir_k .
   JB Jm^-1 JB^T dir_k (m_eff is already the reduced mass of the two bodies).
   Otherwise m_row.  dir: the rows' directions n, t1, t2 (the caller's
   nsb_contact_tangents of n). */
static double held_row_mass(const nsb_elem* e, const nsb_contact_data* d, const nsb_model* m, const nsb_mat3* JA,
                            const nsb_mat3* JB, const nsb_vec3 dir[3]) {
  double w = 0.0;
  int more = 0;
  nsb_mat3 Ji;
  if (JA && e->node_ndof[0] == 6 && body_inverse_inertia(m, e->nodes[0], &Ji)) {
    w += rotation_share(JA, &Ji, dir);
    more = 1;
  }
  if (d->shape.kind == 2)
    for (int j = 1; j < e->n_nodes; ++j) {
      double mj = nsb_contact_node_mass(m, e->nodes[j]);
      if (mj > 0.0 && d->wt[j] != 0.0) {
        w += d->wt[j] * d->wt[j] / mj;
        more = 1;
      }
    }
  if (JB && d->shape.kind == 3 && body_inverse_inertia(m, e->nodes[1], &Ji)) {
    w += rotation_share(JB, &Ji, dir);
    more = 1;
  }
  if (!more) return d->m_row;
  double n_pts = d->m_eff / d->m_row;
  return 1.0 / (n_pts * (1.0 / d->m_eff + w));
}

/* The momentum a held contact's force in the smooth accelerations gives its
   row direction dir over the increment (t_i = nsb_impulse_time): with the
   slave's pseudo-accelerations restarted from the accelerations (p_n = a_n
   = M^-1 (f_n + W Fc)), the increment's velocity change (1 - gamma) h p_n +
   gamma h p_n+1, p_n+1 from (1 - am) p_n+1 + am p_n = (1 - af) a_n+1 + af a_n,
   holds Fc with (1 - gamma) h + gamma h (af - am)/(1 - am) = h - t_i: the
   carry (h - t_i) dir . Fc.  With the pseudo-accelerations continued (a
   contact with a beam node, nsb_contact_data.Phi), p_n holds Phi and a_n Fc:
   h dir . ((1 - gamma) Phi + gamma (af Fc - am Phi)/(1 - am)), the same at
   rest (Phi = Fc).  Zero for a contact that is not held. */
static double held_carry(const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3 dir) {
  if (!d->held) return 0.0;
  if (!d->flexible) return (ec->h - nsb_impulse_time(ec)) * nsb_v3_dot(dir, nsb_v3_load(d->Fc));
  double am = ec->alpha_m, af = ec->alpha_f, g = ec->gamma;
  double fc = nsb_v3_dot(dir, nsb_v3_load(d->Fc)), ph = nsb_v3_dot(dir, nsb_v3_load(d->Phi));
  return ec->h * ((1.0 - g) * ph + g * (af * fc - am * ph) / (1.0 - am));
}

double nsb_contact_held_carry(const nsb_elem* e, const nsb_eval_ctx* ec, int k) {
  const nsb_contact_data* d = e->state;
  if (e->ops != &nsb_contact_newton_ops || k < 0 || k >= e->n_mult) return 0.0;
  return held_carry(d, ec, nsb_v3_load(k == 0 ? d->n : d->t + 3 * (k - 1)));
}

/* Displacement of the contact over the increment, from the positions:
   sum_j w_j (x_j,n+1 - x_j,n) (weights frozen at t_n), plus, for a framed
   slave, the motion of its body point, R_n+1 s - R_n s, minus the
   obstacle's displacement or the motion of a master body's point under the
   contact, R_m,n+1 b - R_m,n b (a body's face). */
static nsb_vec3 step_disp(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  nsb_vec3 u = nsb_v3_zero();
  for (int j = 0; j < e->n_nodes; ++j)
    u = nsb_v3_muladd(u, d->wt[j], nsb_v3_sub(nsb_st_x(ec->cur, e->nodes[j]), nsb_st_x(ec->old, e->nodes[j])));
  if (d->shape.framed && e->node_ndof[0] == 6) {
    nsb_vec3 s = nsb_v3_load(d->shape.s);
    int q = e->nodes[0];
    u = nsb_v3_add(u, nsb_v3_sub(nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->cur, q)), s),
                                 nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->old, q)), s)));
  }
  if (d->shape.kind == 0) {
    const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
    nsb_vec3 vd;
    u = nsb_v3_sub(u, nsb_v3_sub(nsb_obstacle_offset(ec->model, o, ec->t, &vd),
                                 nsb_obstacle_offset(ec->model, o, ec->t - ec->h, &vd)));
  }
  if (master_turns(d))
    for (int k = 0; k < 2; ++k) {
      /* the Hermite centreline's point: h1k R_k b_k of its nodes A, B (the
         node positions are in the sum above); a rectangular master's point
         under the particle likewise (master_arm) */
      int q = e->nodes[1 + k];
      if (e->node_ndof[1 + k] != 6) continue;
      nsb_vec3 b = master_arm(d, k);
      u = nsb_v3_muladd(u, -d->hb[k], nsb_v3_sub(nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->cur, q)), b),
                                                 nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->old, q)), b)));
    }
  if (d->shape.kind == 3 && e->node_ndof[1] == 6) {
    /* a body's face: the master body's material point under the contact
       moves with its node (in the sum above, weight -1) and its rotation */
    nsb_vec3 b = nsb_v3_load(d->sm);
    int q = e->nodes[1];
    u = nsb_v3_muladd(u, d->wt[1], nsb_v3_sub(nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->cur, q)), b),
                                              nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->old, q)), b)));
  }
  return u;
}

/* The law on the step average of a particle or a rigid body's centre (not
   framed, not a beam node) on a fixed sphere or cylinder obstacle (docs/contact.md
   §7, "Gap drift", "On a curved obstacle").  With the frozen normal n_n the
   law n_n . Delta x >= 0 held the step-average velocity tangent at t_n, and
   the particle drifted off the surface by sum |Delta x|^2/2R.  And in the
   generalized-alpha form the impulse Lambda n moves the position by
   (beta/gamma) h Lambda/m, the velocity by Lambda/m: with constant smooth
   accelerations the energy changes over the increment by
       Delta E = Lambda n . (Delta x/h - c Delta v),   c = beta/gamma - 1/2
   (impulse_weight/h), which under n . Delta x = 0 is -c Lambda n . Delta v, the
   centripetal c Lambda h v^2/R > 0 of the turning velocity.  So these
   contacts state the law on the shifted point y = x - c h v: its displacement
   Delta y = Delta x - c h Delta v (step_disp_y), along the normal at the
   midpoint of y, n_m = d_m/|d_m|, d_m = (d(y_n) + d(y_n+1))/2 (d the distance
   vector from the centre or the axis).  Since
       n_m . Delta y = (|d(y_n+1)|^2 - |d(y_n)|^2) / (2 |d_m|),
   the persistent law n_m . Delta y >= 0 holds the distance of y to the
   surface itself, and the impulse along n_m works Lambda n_m . Delta y/h = 0
   when it presses (x = y + c h v is off by c h n . v, the normal velocity that
   the held law leaves, to second order in h).  step_normal returns n_m, and
   *Hm = d n_m / d y_n+1 = (P - n_m n_m^T)/(2 |d_m|) (P the projection normal
   to a cylinder's axis, the identity for a sphere); otherwise n_n and zero. */
static int curved_obstacle(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (d->shape.kind != 0 || d->shape.framed || d->flexible || !d->step_law) return 0;
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  return o->kind != NSB_OBSTACLE_PLANE && o->amplitude < 0;
}

/* The law on the step average on a beam master's Hermite centreline
   (docs/contact.md §7, "On a Hermite centreline"): a particle or a rigid
   body's centre, not framed, not a beam node.  Held with the frozen normal
   n_n it drifted into the ring it ran in by |Delta x|^2/2 rho every
   increment (tests/user ball_in_ring).  Its row and force are along n_m, the
   mean of the centreline's normals at x_n (the master at t_n) and x_n+1 (the
   master at t_n+1), n(x) = D/|D|, D = x - c(xi*(x))
   (nsb_contact_hermite_normal): n_m . Delta x is the increment of the
   distance to the curve up to third order in Delta x (exact on a circle).
   On x itself, not on the shifted point y = x - c h v of a curved obstacle
   (step_shift is 0 here); the tangent takes Hq = d n_m / dq, not symmetric
   (hermite_mean_normal; the row takes Hq^T Delta x). */
static int hermite_step(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return d->shape.kind == 2 && d->shape.hermite && !d->shape.framed && d->step_law &&
         ec->model->nodes.data[e->nodes[0]].n_beams == 0;
}

static int step_normal_applies(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return curved_obstacle(d, ec) || hermite_step(e, d, ec);
}

/* c h of the shifted point y = x - c h v (curved_obstacle), else 0. */
static double step_shift(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  /* not on a Hermite centreline (hermite_step: the law on x itself): there
     the shifted point's alternating normal velocity has no damping
     (step_damping), and a ball set down at rest on a beam sank by c h w_N
     (3.1e-11 m in tests/test_contact_elem.c first_touch_on_beam); a new
     contact that approached is split besides (nsb_contact_step_split, the
     impulse moving x by h Lambda/2m) */
  return curved_obstacle(d, ec) ? impulse_weight(ec) : 0.0;
}

/* hermite_step's n_m from the slave's positions y0 at t_n and y1 at t_n+1
   and Hq[5] = d n_m / d (y1, x_A, Theta_A, x_B, Theta_B) of the master at
   t_n+1 (zero, and n_n, when a normal is undefined) */
static nsb_vec3 hermite_mean_normal(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3 y0,
                                    nsb_vec3 y1, nsb_mat3 Hq[5]) {
  nsb_vec3 n = nsb_v3_load(d->n), n0, n1;
  nsb_mat3 N0[5], N1[5];
  for (int k = 0; k < 5; ++k) Hq[k] = nsb_m3_zero();
  if (!(nsb_contact_hermite_normal(e, &d->shape, y0, ec->old, n, &n0, N0) > 0.0) ||
      !(nsb_contact_hermite_normal(e, &d->shape, y1, ec->cur, n, &n1, N1) > 0.0))
    return n;
  nsb_vec3 sum = nsb_v3_add(n0, n1);
  double r = nsb_v3_norm(sum);
  if (!(r > 0.0)) return n;
  n = nsb_v3_scale(1.0 / r, sum);
  const nsb_mat3 M = nsb_m3_scale(1.0 / r, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(n, n)));
  for (int k = 0; k < 5; ++k) Hq[k] = nsb_m3_mul(M, N1[k]);
  return n;
}

static nsb_vec3 step_normal(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_mat3* Hm) {
  nsb_vec3 n = nsb_v3_load(d->n);
  *Hm = nsb_m3_zero();
  if (!step_normal_applies(e, d, ec)) return n;
  const int q = e->nodes[0];
  const double s = step_shift(d, ec);
  nsb_vec3 y0 = nsb_v3_muladd(nsb_st_x(ec->old, q), -s, nsb_st_v(ec->old, q));
  nsb_vec3 y1 = nsb_v3_muladd(nsb_st_x(ec->cur, q), -s, nsb_st_v(ec->cur, q));
  if (hermite_step(e, d, ec)) {
    nsb_mat3 Hq[5];
    n = hermite_mean_normal(e, d, ec, y0, y1, Hq);
    *Hm = Hq[0];
    return n;
  }
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  nsb_vec3 dm = nsb_v3_sub(nsb_v3_scale(0.5, nsb_v3_add(y0, y1)), nsb_v3_load(o->point));
  nsb_mat3 P = nsb_m3_identity();
  if (o->kind == NSB_OBSTACLE_CYLINDER) {
    nsb_vec3 a = nsb_v3_load(o->dir);
    dm = nsb_v3_muladd(dm, -nsb_v3_dot(dm, a), a);
    P = nsb_m3_sub(P, nsb_m3_outer(a, a));
  }
  double r = nsb_v3_norm(dm);
  if (!(r > 0.0)) return n;
  n = nsb_v3_scale(1.0 / r, dm);
  *Hm = nsb_m3_scale(0.5 / r, nsb_m3_sub(P, nsb_m3_outer(n, n)));
  return n;
}

/* The displacement the law on the step average holds: step_disp, minus
   c h Delta v on a curved obstacle (step_normal). */
static nsb_vec3 step_disp_y(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  nsb_vec3 u = step_disp(e, d, ec);
  const double s = step_shift(d, ec);
  if (s == 0.0) return u;
  const int q = e->nodes[0];
  return nsb_v3_muladd(u, -s, nsb_v3_sub(nsb_st_v(ec->cur, q), nsb_st_v(ec->old, q)));
}

/* Step-average normal velocity of the contact over the increment, from the
   positions: n . step_disp / h (normal frozen at t_n; on a curved obstacle
   n_m . step_disp_y / h, step_normal). */
static double step_vbar(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  nsb_mat3 Hm;
  return nsb_v3_dot(step_normal(e, d, ec, &Hm), step_disp_y(e, d, ec)) / ec->h;
}

/* The normal velocity of the shifted point at t_n on a curved obstacle
   (step_normal): w_N = n(y_n) . (v_n - c h a_n), n(y_n) the obstacle's own
   normal at y_n = x_n - c h v_n and a_n the smooth acceleration.  Under the
   law n_m . Delta y = h dN an increment maps it to
       w_N,n+1 = 2 s - w_N,n + 2 dN,
   s a smooth value of order c h^2 (docs/contact.md §7, "On a curved
   obstacle"): the law holds the position and leaves w_N a mode of
   eigenvalue -1 about s, with the impulse outside the pseudo-accelerations
   whose filter damps every other alternation of the scheme. */
static double shifted_normal_velocity(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  const int q = e->nodes[0];
  const double s = step_shift(d, ec);
  const nsb_vec3 v = nsb_st_v(ec->old, q);
  nsb_vec3 dy = nsb_v3_sub(nsb_v3_muladd(nsb_st_x(ec->old, q), -s, v), nsb_v3_load(o->point));
  if (o->kind == NSB_OBSTACLE_CYLINDER) {
    nsb_vec3 a = nsb_v3_load(o->dir);
    dy = nsb_v3_muladd(dy, -nsb_v3_dot(dy, a), a);
  }
  double r = nsb_v3_norm(dy);
  if (!(r > 0.0)) return 0.0;
  return nsb_v3_dot(dy, nsb_v3_muladd(v, -s, nsb_st_a(ec->old, q))) / r;
}

/* The damping of that mode (dN <= 0, the law n_m . Delta y = h dN): its
   alternating part at t_n is a = (w_N,n - w_N,n-1)/2 (wN_last, from the start
   of the last increment, which left the contact closed under the law);
   where a < 0, dN = a/2 puts w_N,n+1 on s (from a > 0 the next increment
   does), and never elsewhere: the impulse then works Lambda dN <= 0, booked
   as dissipated (step_loss), and y moves towards the obstacle by h |dN|, once
   c h^2 |a_N|/2 from the start of a contact, round-off after. */
static double step_damping(const nsb_contact_data* d) {
  if (!d->persist || d->wN_known == 0) return 0.0;
  const double s = 0.5 * (d->wN + d->wN_last) - d->dN_last;
  const double w = d->wN_known > 1 ? s + 0.5 * (s - d->sN_last) : s;
  return fmin(0.0, 0.5 * (d->wN - w));
}

/* A massless slave (MASS=REDISTRIBUTED) in the generalized-alpha form of the
   modified scheme (docs/contact.md §7.2, "With the default scheme"): the node
   has no inertia, and its equation at t_n+1 and at t_n (the acceleration
   solve) combine to its equation in the Chung-Hulbert form, the node's force
   taken at t_n+1-alpha_f like every force of the scheme.  In the scheme's
   energy balance the node then receives the work h P_n+1-alpha_f vbar_N over
   the increment, vbar_N the step average of the positions.  Its law acts on
   Lambda = h ((1 - alpha_f) P_n+1 + alpha_f P_n) and xi_N = 2 vbar_N, so that
   Lambda vbar_N = 0; a released node's force decays as (-rho_inf)^k.  The
   node's velocities v_n, v_n+1 carry its pseudo-acceleration, which the
   regularised acceleration solve leaves arbitrary, and play no part.  The
   plain scheme (mn_alpha 0) keeps the velocity form, the same law there
   (alpha_f = 1/2, vbar = (v_n + v_n+1)/2). */
static int massless_alpha(const nsb_contact_data* d, const nsb_eval_ctx* ec) { return d->massless && ec->mn_alpha; }

/* The weight of P_n+1 in a contact's impulse: (1 - alpha_f) h for massless_alpha, else
   nsb_impulse_time (the weight of P_n in a massless slave's impulse is h
   minus this, nsb_newton_massless_pre). */
static double contact_impulse_time(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return massless_alpha(d, ec) ? (1.0 - ec->alpha_f) * ec->h : nsb_impulse_time(ec);
}

/* A massless slave against a particle master in the generalized-alpha form
   (docs/contact.md §7.2, "A particle master with the default scheme").  The
   node side is the beam's: its force enters at t_n+1-alpha_f and works
   Lambda vbar_N with vbar_N from the positions (massless_alpha).  The
   particle has mass: a force of the Chung-Hulbert form would stay in its
   pseudo-acceleration, whose decaying alternation after the impact
   ((-alpha_m/(1 - alpha_m))^k) goes on moving the free particle after the
   separation (by up to 1.4e-2 of its velocity in one increment; test
   massless_particle_jump) and its kinetic energy by other amounts than the
   impulse's work.  So the particle takes Lambda = h ((1 - alpha_f)
   P_n+1 + alpha_f P_n) as a velocity jump, like an impact: on its rows the
   force Lambda/t_r at t_n+1 (t_r = nsb_impulse_time, the velocity change
   per unit force held in a_n+1), nothing at t_n (P_master = 0), and the
   accelerations recomputed after the increment drop it from the
   pseudo-accelerations (the impulsive increment's continuation).  Its
   kinetic energy then changes by Lambda (v_n + v_n+1)/2 exactly (besides
   its smooth forces), and the law takes that average for the particle:
   xi_N = 2 (vbar_node - (v_n + v_n+1)/2 particle) . n, workless for both. */
static int massless_jump(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return massless_alpha(d, ec) && d->shape.kind == 1;
}

/* The normal step-average velocity of a massless slave's law: step_vbar, the
   particle's part from its velocities under massless_jump. */
static double massless_vbar(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (!massless_jump(d, ec)) return step_vbar(e, d, ec);
  const int s = e->nodes[0], q = e->nodes[1];
  nsb_vec3 u = nsb_v3_scale(d->wt[0] / ec->h, nsb_v3_sub(nsb_st_x(ec->cur, s), nsb_st_x(ec->old, s)));
  u = nsb_v3_muladd(u, 0.5 * d->wt[1], nsb_v3_add(nsb_st_v(ec->cur, q), nsb_st_v(ec->old, q)));
  return nsb_v3_dot(nsb_v3_load(d->n), u);
}

/* The node rows of a massless slave's normal multiplier P (its force at
   t_n+1) and their columns (scaled by lam_scale) when K is given: -w_j n P
   on every node; under massless_jump the particle's force is Lambda/t_r
   instead (massless_jump). */
static void massless_rows(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, const int off[4],
                          double P, double* restrict f, double* restrict K) {
  const int nl = e->n_local, m0 = nl - e->n_mult, jump = massless_jump(d, ec);
  const nsb_vec3 n = nsb_v3_load(d->n);
  const double t_imp = contact_impulse_time(d, ec), tr = nsb_impulse_time(ec);
  for (int j = 0; j < e->n_nodes; ++j) {
    const int part = jump && j > 0;
    const double Pj = part ? (t_imp * P + nsb_newton_massless_pre(ec->h, t_imp, d->P_pre)) / tr : P;
    nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * Pj, n));
    if (K) {
      nsb_vec3 col = nsb_v3_scale(-d->wt[j] * ec->lam_scale * (part ? t_imp / tr : 1.0), n);
      K[(off[j] + 0) + nl * m0] += col.x;
      K[(off[j] + 1) + nl * m0] += col.y;
      K[(off[j] + 2) + nl * m0] += col.z;
    }
  }
}

/* Whether a held contact with a beam node states Coulomb's law on the
   step-average slip, 2 vbar_T from the positions, instead of the slip
   velocity at t_n+1 (docs/contact.md §7, "A flexible beam on a frictional
   support"): in the generalized-alpha form the positions move with the step
   average, and a node that sticks under the velocity law (v_n = v_n+1 = 0)
   still moves by -(beta/gamma - 1/2) h^2 p_n with its pseudo-acceleration
   p_n, which the beam's filter keeps non-zero (a rigid slave's is restarted,
   p = a = 0 at rest; a beam node's cannot be without cutting it out of its
   element's filter state).  Between two sticking nodes of an axially stiff
   beam a nanometre of that motion is a force above mu N: a free beam on a
   frictional floor slid at its nodes in alternating directions and crept.
   On the step-average slip a sticking node does not move along the
   support.  The normal row keeps Moreau's law (on the step average it would
   leave the node an alternating normal velocity, whose impulses shake the
   master: 5e-12 m at the tip of a cantilever under a resting ball).  Not
   on the Hermite centreline or a body face (no step-average motion of the
   master's point: step_disp), not a framed slave, not a spinning
   obstacle. */
static int position_rows(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (!d->flexible || (master_moments(d) && !d->shape.rectm) || d->shape.framed || d->massless || ec->contact_prox ||
      e->n_mult != 3)
    return 0;
  return !(d->shape.kind == 0 && ec->model->obstacles.data[d->shape.master].spin != 0.0);
}

static int held_position(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return d->held && position_rows(e, d, ec);
}

/* Whether a held contact's normal row holds the step average too, 2 vbar_N
   (+ 2 kappa/h) = 0 from the positions (docs/contact.md §7, "A particle
   resting on a beam"): a particle on a beam's chord.  Moreau's law on the
   relative velocity at t_n+1 leaves the particle and the chord under it a
   common velocity that alternates from increment to increment (+-6e-3 m/s
   for a 2 kg block on a 1 m steel beam at h = 1 ms); the normal impulses
   followed it (0 ... 2 m g h), the increments with the small one slipped,
   and the block crept and sank into the beam.  That alternation grows only
   for a particle heavier than the chord's point, m sum_j w_j^2/m_j > 1 (m_j
   the nodes' lumped masses; measured on that beam: a block of 0.3 kg, 0.95,
   rests under Moreau's law, 0.6 kg, 1.91, starts to alternate, 1 kg and
   more chatter); a lighter one keeps Moreau's law, whose velocity at t_n+1
   does not shake the master (the law on the step average leaves the
   relative velocity a mode of eigenvalue 1 - gamma/beta, about -1: a 0.1 kg
   ball on a cantilever's chord moved relative to the tip by 5.2e-12 m
   instead of 3.4e-14 m). */
static int held_normal_position(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (!held_position(e, d, ec) || d->shape.kind != 2) return 0;
  double w = 0.0;
  for (int j = 1; j < e->n_nodes; ++j) {
    const double mj = nsb_contact_node_mass(ec->model, e->nodes[j]);
    if (mj > 0.0) w += d->wt[j] * d->wt[j] / mj;
  }
  return d->m_eff * w > 1.0;
}

/* The work of a frictional beam-node contact's impulse in the increment,
   per unit impulse along dir (docs/contact.md §7, "What a frictional beam
   node's impulses work"): the impulse Lambda at t_n+1 moves the positions by
   (beta/gamma) h M^-1 Lambda and the velocities by M^-1 Lambda, so with
   step-average displacement u = step_disp/h and velocity change dv (of the
   relative velocity, end minus start) it changes kinetic plus potential
   energy by Lambda . (u - c dv), c h = impulse_weight; a held contact's
   impulse is mostly the force carried in the smooth accelerations
   (held_carry), which moves the positions as a force, and works Lambda . u.
   Under Moreau's law the trapezoidal (gamma+ + gamma-)/2 missed c Lambda . dv
   (the landing increment of a sliding bar: c Lambda_N |gamma_N-|), and under
   the persistent form a held node that the beam lifts (gamma+ = -gamma-)
   worked Lambda_N n . u > 0 booked as 0. */
static double scheme_work(const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3 dir, nsb_vec3 ubar, double post,
                          double pre) {
  const double u = nsb_v3_dot(dir, ubar);
  return d->held ? u : u - impulse_weight(ec) / ec->h * (post - pre);
}

/* Whether the normal rows of a NEWTON contact take the turn of its normal
   over the increment (chord_turn, docs/contact.md §7.1): a contact of a beam
   node with another node or a beam chord (the gap is the distance of two
   points that both move, so the normal turns with the pair; not an obstacle
   or a rigid body's face), straight chord, no framed slave, under Newton's
   law in the time step (the persistent form or the law on the step average;
   not a massless slave, not IMPACT=POISSON or CLOSED FORM, not the prox
   sweeps). */
static int turn_applies(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  return d->flexible && !d->massless && (d->shape.kind == 1 || d->shape.kind == 2) && !master_turns(d) &&
         !d->shape.framed && !ec->contact_prox && p->impact != NSB_IMPACT_POISSON &&
         p->impact != NSB_IMPACT_CLOSED_FORM;
}

/* The direction t of a master chord at state st when the contact's master
   point lies inside it (both chord weights non-zero, weights frozen at t_n)
   or at one of its ends with the slave on the chord's normal plane there
   (|t . (x_s - x_end)| within round-off of the positions): sliding along a
   straight chord does not change the distance.  The second case is a slave
   set down exactly on a node shared by two chords (the projection clamps to
   the end, weight 0 on the far node): without t the activity test and the
   chord turn read its slide along the beam as an orbit about the node
   (|v|^2/D against g) and it sank g h^2 (docs/contact.md §9).  Beyond the
   end (a free end, the outside of a kink) the slave orbits the node: 0.
   Returns 0 (t zero) for a master node, a particle, or a chord end with the
   slave beyond it. */
static int chord_direction(const nsb_elem* e, const nsb_contact_data* d, const nsb_state* st, nsb_vec3* t) {
  *t = nsb_v3_zero();
  if (d->shape.kind != 2 || e->n_nodes != 3 || (d->wt[1] == 0.0 && d->wt[2] == 0.0)) return 0;
  nsb_vec3 xa = nsb_st_x(st, e->nodes[1]), xb = nsb_st_x(st, e->nodes[2]);
  nsb_vec3 c = nsb_v3_sub(xb, xa);
  double l = nsb_v3_norm(c);
  if (!(l > 0.0)) return 0;
  nsb_vec3 tc = nsb_v3_scale(1.0 / l, c);
  if (d->wt[1] == 0.0 || d->wt[2] == 0.0) {
    nsb_vec3 xe = d->wt[1] == 0.0 ? xb : xa, xs = nsb_st_x(st, e->nodes[0]);
    double tol = 16.0 * DBL_EPSILON * (nsb_v3_norm(xs) + nsb_v3_norm(xe));
    if (!(fabs(nsb_v3_dot(tc, nsb_v3_sub(xs, xe))) <= tol)) return 0;
  }
  *t = tc;
  return 1;
}

/* The turn of the contact's normal over the increment, kappa = |P D_n+1| -
   n_n . D_n+1 >= 0, with D = sum_j w_j x_j the slave's position relative to
   its master point (weights frozen at t_n) and P the projection normal to the
   master chord's direction t_n at t_n when the master point lies inside a
   chord (identity otherwise; n_n . t_n = 0 there, and |P D_n| = n_n . D_n).
   The frozen normal n_n alone reads a pair that turns rigidly about an axis
   along t_n as approaching by kappa = |D| (1 - cos phi), phi the turn; the
   laws add kappa to the normal displacement n_n . (D_n+1 - D_n), so that they
   hold |P D|, the distance (|P D| is convex in the positions, so the impulse
   along n_n still never works positively).  n1 gets P D_n+1/|P D_n+1|
   (d kappa / d x_j = w_j (P n1 - n_n) = w_j (n1 - n_n)); zero and n_n when
   the turn does not apply (turn_applies) or P D_n+1 = 0. */
static double chord_turn(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3* n1) {
  nsb_vec3 n = nsb_v3_load(d->n), D = nsb_v3_zero(), t;
  *n1 = n;
  if (!turn_applies(d, ec)) return 0.0;
  for (int j = 0; j < e->n_nodes; ++j) D = nsb_v3_muladd(D, d->wt[j], nsb_st_x(ec->cur, e->nodes[j]));
  if (chord_direction(e, d, ec->old, &t)) D = nsb_v3_muladd(D, -nsb_v3_dot(t, D), t);
  double r = nsb_v3_norm(D);
  if (!(r > 0.0)) return 0.0;
  *n1 = nsb_v3_scale(1.0 / r, D);
  return fmax(r - nsb_v3_dot(n, D), 0.0);
}

/* xi_N of the law on the step average: 2 vbar_N - (1 - e) min(gamma_N-, 0),
   Newton's law stated on the step average (with the trapezoidal rule's
   2 vbar_N = gamma_N+ + gamma_N- it is gamma_N+ + e gamma_N-); a persistent
   contact (it carried an impulse in the last increment) has 2 vbar_N alone;
   a persistent contact of two points (turn_applies) has 2 (vbar_N + g_n/h)
   while its gap g_n is open: it may close the gap, never hold it open
   (position level, g_n+1 >= 0).  vbar_N there is the rate of the distance,
   n_n . (D_n+1 - D_n)/h + kappa/h (chord_turn). */
static double step_xi(const nsb_contact_data* d, const nsb_eval_ctx* ec, double vbar_N) {
  double e = ec->model->contact_pairs.data[d->pair].restitution;
  if (d->persist) return 2.0 * (vbar_N - d->dN + (turn_applies(d, ec) ? fmax(d->gap0, 0.0) / ec->h : 0.0));
  return 2.0 * vbar_N - (1.0 - e) * fmin(d->gN_pre, 0.0);
}

/* The rows of a contact under the law on the step average: its force P at
   t_n+1 on the nodes, and lambda_v = prox_R+(lambda_v - xi_N) (lambda_v =
   nsb_impulse_time P / m, xi_N from step_xi; the factor 2 on vbar_N gives the
   row the scale of gamma_N+ + gamma_N- of the velocity law).  The impulse
   works Lambda vbar_N = Lambda (1 - e) min(gamma_N-, 0)/2 <= 0 over the
   increment, 0 when the contact is persistent: a pressed node does not move
   along the normal. */
static void step_law_rows(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, const int off[4],
                          double* restrict f, double* restrict K) {
  int nl = e->n_local, m0 = nl - 1;
  double P = ec->lambda[e->mult_first];
  double c1 = ec->con_scale[1];
  double sl = nsb_impulse_time(ec) / d->m_eff, lv = sl * P;
  nsb_mat3 Hm;
  nsb_vec3 n = step_normal(e, d, ec, &Hm);
  for (int j = 0; j < e->n_nodes; ++j) {
    nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P, n));
    if (K) {
      nsb_vec3 col = nsb_v3_scale(-d->wt[j] * ec->lam_scale, n);
      K[(off[j] + 0) + nl * m0] += col.x;
      K[(off[j] + 1) + nl * m0] += col.y;
      K[(off[j] + 2) + nl * m0] += col.z;
    }
  }
  nsb_vec3 n1;
  double kappa = chord_turn(e, d, ec, &n1);
  double xi = step_xi(d, ec, step_vbar(e, d, ec) + kappa / ec->h);
  if (step_normal_applies(e, d, ec)) {
    /* a curved obstacle (step_normal): y_n+1 = x_n+1 - c h v_n+1 moves with
       the unknown by cr - c h cv; the midpoint normal turns with it (the
       force's -P Hm), and the row is d (n_m . Delta y)/d y_n+1 = n_m + Hm Delta y
       (one node, weight 1; no turn kappa) */
    const nsb_kin* kq = &ec->kin[e->nodes[0]];
    const double ky = kq->cr - step_shift(d, ec) * kq->cv;
    if (K) nsb_local_add3(K, nl, off[0], off[0], nsb_m3_scale(-P * ky, Hm));
    n1 = nsb_v3_scale(ky / kq->cr, nsb_v3_add(n, nsb_m3_mulv(Hm, step_disp_y(e, d, ec))));
  }
  if (lv - xi > 0.0) {
    f[m0] += c1 * xi;
    if (!K) return;
    K[m0 + nl * m0] += c1 * 1e-9 * sl * ec->lam_scale; /* the proximal term of nsb_newton_coulomb_rows */
    for (int j = 0; j < e->n_nodes; ++j) {
      /* d (vbar_N + kappa/h) / d unknown_j = w_j n_n+1 c_r / h */
      nsb_vec3 row = nsb_v3_scale(c1 * 2.0 * d->wt[j] * ec->kin[e->nodes[j]].cr / ec->h, n1);
      K[m0 + nl * (off[j] + 0)] += row.x;
      K[m0 + nl * (off[j] + 1)] += row.y;
      K[m0 + nl * (off[j] + 2)] += row.z;
    }
  } else {
    f[m0] += c1 * lv;
    if (K) K[m0 + nl * m0] += c1 * sl * ec->lam_scale;
  }
}

/* Framed slave, frozen geometry: the moment rows of the slave node,
   -ja^T dir_l P_l (f), and their multiplier columns (K, when given). */
static void framed_moment_rows(const nsb_elem* e, const nsb_contact_data* d, const nsb_vec3 dir[3], const double* P,
                               int nm, double* f, double* K, double lam_scale) {
  if (!d->shape.framed || e->node_ndof[0] != 6) return;
  int nl = e->n_local, m0 = nl - nm;
  nsb_mat3 Ja;
  memcpy(Ja.c, d->ja, sizeof Ja.c);
  for (int l = 0; l < nm; ++l) {
    nsb_vec3 m = nsb_m3_tmulv(Ja, dir[l]);
    nsb_local_addv(f, 3, nsb_v3_scale(-P[l], m));
    if (K) {
      K[3 + nl * (m0 + l)] -= lam_scale * m.x;
      K[4 + nl * (m0 + l)] -= lam_scale * m.y;
      K[5 + nl * (m0 + l)] -= lam_scale * m.z;
    }
  }
}

/* A held contact of a rigid body's point (framed, restarted: not a beam
   node's): the body-frame moment ja^T F of its force F about the node, with
   the arm of the increment's start; 0 for other contacts. */
static int held_turns(const nsb_elem* e, const nsb_contact_data* d) {
  return d->shape.framed && d->shape.kind == 0 && e->node_ndof[0] == 6 && !d->flexible;
}
static nsb_vec3 held_moment(const nsb_contact_data* d, nsb_vec3 F) {
  nsb_mat3 Ja;
  memcpy(Ja.c, d->ja, sizeof Ja.c);
  return nsb_m3_tmulv(Ja, F);
}

nsb_vec3 nsb_contact_obstacle_velocity_end(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (d->shape.kind != 0) return nsb_v3_zero();
  double arm[3];
  memcpy(arm, d->arm, sizeof arm);
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  if (o->spin != 0.0 && o->kind == NSB_OBSTACLE_PLANE && ec->old) {
    /* a plane spinning about its normal: exactly the surface point under the
       slave (the normal part of the move drops out of dir x arm); a framed
       slave's contact point turns with its body besides, which is not
       carried along.  A spinning cylinder keeps the point of the increment's
       start: carried along, the point would leave its surface, and its
       velocity get a normal part spin |move| */
    nsb_vec3 a = nsb_v3_load(arm);
    for (int j = 0; j < e->n_nodes; ++j)
      a = nsb_v3_muladd(a, d->wt[j], nsb_v3_sub(nsb_st_x(ec->cur, e->nodes[j]), nsb_st_x(ec->old, e->nodes[j])));
    nsb_v3_store(a, arm);
  }
  nsb_vec3 v = nsb_obstacle_point_velocity(ec->model, d->shape.master, arm, ec->t);
  if (o->amplitude >= 0 && ec->old && ec->h > 0.0) {
    /* a translating obstacle: the velocity w_n+1 = 2 (p_n+1 - p_n)/h - pdot_n
       in place of the amplitude's rate at t_n+1, so that the relative
       velocities of the law, gamma_N+ + gamma_N- (gamma_N- with pdot_n),
       are 2 n . (Delta x - Delta p)/h under the trapezoidal rule: the
       obstacle's whole motion over the increment, a kink of its table inside
       the increment included (docs/contact.md §7.7).  Equal to the rate up to
       -h^2 p'''/6 for a smooth amplitude, to round-off for a linear segment */
    nsb_vec3 v1, v0;
    nsb_vec3 dp = nsb_v3_sub(nsb_obstacle_offset(ec->model, o, ec->t, &v1),
                             nsb_obstacle_offset(ec->model, o, ec->t - ec->h, &v0));
    v = nsb_v3_add(nsb_v3_sub(v, v1), nsb_v3_sub(nsb_v3_scale(2.0 / ec->h, dp), v0));
  }
  return v;
}

/* The node rows of a contact's multipliers, -sum_k w_j dir_k P_k, and
   their columns of the local matrix (scaled by lam_scale) when K is given. */
static void node_impulse_rows(const nsb_elem* e, const nsb_contact_data* d, const int off[4], const nsb_vec3 dir[3],
                              const double* P, int nm, double* restrict f, double* restrict K, double lam_scale) {
  const int nl = e->n_local, m0 = nl - nm;
  for (int j = 0; j < e->n_nodes; ++j)
    for (int k = 0; k < nm; ++k) {
      nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
      if (K) {
        nsb_vec3 col = nsb_v3_scale(-d->wt[j] * lam_scale, dir[k]);
        K[(off[j] + 0) + nl * (m0 + k)] += col.x;
        K[(off[j] + 1) + nl * (m0 + k)] += col.y;
        K[(off[j] + 2) + nl * (m0 + k)] += col.z;
      }
    }
}

static int newton_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  int nl = e->n_local, nm = e->n_mult, m0 = nl - nm;
  const double* P = ec->lambda + e->mult_first;
  /* a static step: the unilateral constraint at rest (contact/static_law.h) */
  if (ec->mode == NSB_EVAL_STATIC && ec->step_static && ec->h > 0.0) return nsb_contact_static_eval(e, ec, f, K);
  if (ec->mode == NSB_EVAL_ACCEL && d->held) {
    /* a held contact's force in the smooth accelerations: P = Fc (its mean
       force over the last increment, in the frame of that increment) */
    int off[4];
    local_offsets(e, off);
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += P[k] - nsb_v3_dot(dir[k], nsb_v3_load(d->Fc));
      if (K) K[(m0 + k) * (nl + 1)] += ec->lam_scale;
    }
    node_impulse_rows(e, d, off, dir, P, nm, f, K, ec->lam_scale);
    framed_moment_rows(e, d, dir, P, nm, f, K, ec->lam_scale);
    /* the carried part of the last moment as it was applied (pair.h, Dm) */
    if (held_turns(e, d)) nsb_local_addv(f, 3, nsb_v3_scale(-1.0, nsb_v3_load(d->Dm)));
    /* the master's moment rows: the Hermite centreline's nodes, a body face's body */
    if (master_moments(d)) hermite_moment_rows(e, d, off, dir, P, nm, f, K, ec->lam_scale);
    return NSB_OK;
  }
  if (ec->mode != NSB_EVAL_DYNAMIC || !(ec->h > 0.0)) {
    /* initial/after-impact accelerations: contacts carry no force */
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += P[k];
      if (K) K[(m0 + k) * (nl + 1)] += ec->lam_scale;
    }
    if (ec->mode == NSB_EVAL_ACCEL) massless_master_load(e, d, f);
    return NSB_OK;
  }
  double c1 = ec->con_scale[1];
  /* lambda_v = sl * P (velocity units): a point of a set takes its share of
     the body's mass (m_row), a held contact and a frictional contact of a
     rigid body's sphere or point on an obstacle (rot_rows) its scale with
     the body's rotation (m_held, held_row_mass) */
  const double mrow = d->held || d->rot_rows ? d->m_held : d->m_row;
  const double t_imp = contact_impulse_time(d, ec);
  const int ma = massless_alpha(d, ec);
  double sl = t_imp / mrow;
  double su = sl * ec->lam_scale;                /* d lambda_v / d unknown */
  double lv[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < nm; ++k) lv[k] = sl * P[k];
  /* massless slave: the impulse of the increment also holds the force the
     node carried at t_n (docs/contact.md §7.2) */
  if (d->massless) lv[0] += nsb_newton_massless_pre(ec->h, t_imp, d->P_pre) / d->m_eff;
  int off[4];
  local_offsets(e, off);
  nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  /* on a Hermite centreline the law on the step average acts along the mean
     normal n_m (hermite_step; Hm = d n_m / d y_n+1) */
  nsb_mat3 Hq[5];
  const int hstep = d->active && d->owner && !ec->contact_prox && hermite_step(e, d, ec);
  if (hstep) {
    const int q = e->nodes[0];
    const double cs = step_shift(d, ec);
    dir[0] = hermite_mean_normal(e, d, ec, nsb_v3_muladd(nsb_st_x(ec->old, q), -cs, nsb_st_v(ec->old, q)),
                                 nsb_v3_muladd(nsb_st_x(ec->cur, q), -cs, nsb_st_v(ec->cur, q)), Hq);
  }
  /* a held contact: its rows state Moreau's and Coulomb's laws on the
     increment's whole momentum from it, the part its force in the smooth
     accelerations gives included (an opening contact cancels that part, and
     its impulses never push) */
  for (int k = 0; k < nm; ++k) lv[k] += held_carry(d, ec, dir[k]) / mrow;
  if (!(d->active && d->owner)) {
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += c1 * lv[k];
      if (K) K[(m0 + k) * (nl + 1)] += c1 * su;
    }
    /* a massless slave out of contact: its row makes the increment's impulse
       zero, P_n+1 = -P_n (gamma = 1/2; -rho_inf P_n in the generalized-alpha
       form, massless_alpha), and that force still acts on the node
       (the node's equation at t_n+1), so that the trapezoidal rule of the
       beam applies no impulse to it: no work without contact */
    if (d->massless && d->owner) massless_rows(e, d, ec, off, P[0], f, K);
    return NSB_OK;
  }
  if (ec->contact_prox) {
    /* prox sweeps: the impulses are data (the sweep's, set by the system);
       they load the nodes and add nothing to the matrix, and the contact
       has no equations of its own (docs/contact.md §7.5) */
    for (int j = 0; j < e->n_nodes; ++j)
      for (int k = 0; k < nm; ++k) nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
    if (master_moments(d)) hermite_moment_rows(e, d, off, dir, P, nm, f, NULL, 0.0);
    framed_moment_rows(e, d, dir, P, nm, f, NULL, 0.0);
    return NSB_OK;
  }
  if (d->step_law && nm == 1 && !d->shape.framed && !master_moments(d)) {
    step_law_rows(e, d, ec, off, f, K);
    return NSB_OK;
  }
  /* obstacle velocity at t_{n+1}, under the slave's contact point at t_{n+1} */
  nsb_vec3 vobs = nsb_contact_obstacle_velocity_end(e, d, ec);
  const double spin = d->shape.kind == 0 && ec->model->obstacles.data[d->shape.master].kind == NSB_OBSTACLE_PLANE
                          ? ec->model->obstacles.data[d->shape.master].spin
                          : 0.0;
  nsb_vec3 vr = nsb_contact_rel_velocity(e, d->wt, ec->cur, vobs);
  if (master_moments(d)) vr = nsb_v3_add(vr, nsb_contact_hermite_rot_velocity(e, d->jr[0], ec->cur));
  if (master_moments(d)) hermite_moment_rows(e, d, off, dir, P, nm, f, K, ec->lam_scale);
  if (d->shape.framed) {
    vr = nsb_v3_add(vr, nsb_contact_framed_velocity(e, d->ja, ec->cur));
    framed_moment_rows(e, d, dir, P, nm, f, K, ec->lam_scale);
  }
  double gam[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < nm; ++k) gam[k] = nsb_v3_dot(dir[k], vr);
  /* a held contact with a beam node: the slip on the step average, 2 vbar_T */
  const int hpos = held_position(e, d, ec), hnorm = held_normal_position(e, d, ec);
  if (hpos) {
    nsb_vec3 u = step_disp(e, d, ec);
    for (int k = hnorm ? 0 : 1; k < nm; ++k) gam[k] = 2.0 * nsb_v3_dot(dir[k], u) / ec->h;
  }
  /* node rows: -sum_k w_j dir_k P_k (a massless slave against a particle:
     massless_rows) */
  if (massless_jump(d, ec))
    massless_rows(e, d, ec, off, P[0], f, K);
  else
    node_impulse_rows(e, d, off, dir, P, nm, f, K, ec->lam_scale);
  /* row coefficients: phi_k = sum_l A[k][l] gamma_l + B[k][l] lambda_v_l + const */
  double A[3][3], B[3][3], phi[3];
  /* Newton's law on the step average (framed slaves; the others take
     step_law_rows): xi_N from the positions; the turn of the normal
     (chord_turn) added to the normal displacement (with gamma_N+ + gamma_N- =
     2 n_n . (D_n+1 - D_n)/h of the plain scheme, the velocity law then holds
     the rate of the distance too) */
  nsb_vec3 n1;
  double kappa = chord_turn(e, d, ec, &n1);
  /* a massless slave in the generalized-alpha form: xi_N = 2 vbar_N
     (massless_alpha); a held particle on a chord: the same from the step
     average (held_normal_position) */
  if (ma) gam[0] = 2.0 * massless_vbar(e, d, ec);
  /* (on a Hermite centreline step_vbar's normal is dir[0], formed above) */
  const double vbar = hstep ? nsb_v3_dot(dir[0], step_disp_y(e, d, ec)) / ec->h : d->step_law ? step_vbar(e, d, ec) : 0.0;
  double xiN = d->step_law    ? step_xi(d, ec, vbar + kappa / ec->h)
               : ma || hnorm ? gam[0] + 2.0 * kappa / ec->h
                           : nsb_contact_xi_normal(p, d, gam[0]) + 2.0 * kappa / ec->h;
  /* d xi_N / d x_j = 2 w_j n / h under the law on the step average (the
     velocity law: d gamma_N / d v_j = w_j n) */
  const double sN = d->step_law || ma ? 2.0 / ec->h : 1.0;
  /* static friction: stick test with mu_st, slip rows with mu */
  nsb_newton_coulomb_rows(nm, p->friction_static, p->friction, lv, gam, xiN, phi, A, B);
  if (K && A[0][0] != 0.0 && !hstep)
    for (int j = 0; j < e->n_nodes; ++j) {
      /* d (2 kappa/h) / d unknown_j = 2 w_j (n_n+1 - n_n) c_r / h (no turn on
         a Hermite centreline, whose row is along n_m: hstep below) */
      nsb_vec3 row = nsb_v3_scale(c1 * 2.0 * d->wt[j] * ec->kin[e->nodes[j]].cr / ec->h, nsb_v3_sub(n1, dir[0]));
      K[m0 + nl * (off[j] + 0)] += row.x;
      K[m0 + nl * (off[j] + 1)] += row.y;
      K[m0 + nl * (off[j] + 2)] += row.z;
    }
  if (K && hstep) {
    /* the mean normal n_m turns with y_n+1 = x_n+1 - c h v_n+1 (the slave's
       unknown moves it by c_r - c h c_v) and with the master's nodes at t_n+1
       (x_k by c_r, Theta_k by Bth): column blocks C = Hq dq/du; the forces
       take -w_j P C, the master's moments -P JR_k^T C, and the row (d n_m)^T
       Delta y (the loop above has n_m . d Delta y) */
    const nsb_vec3 dy = step_disp_y(e, d, ec);
    const double cs = step_shift(d, ec);
    for (int c = 0; c < 5; ++c) {
      const int node = (c + 1) / 2, rot = c == 2 || c == 4;
      if (rot && e->node_ndof[node] != 6) continue;
      const nsb_kin* kc = &ec->kin[e->nodes[node]];
      const int col = off[node] + (rot ? 3 : 0);
      const nsb_mat3 C = rot ? nsb_m3_mul(Hq[c], kc->Bth) : nsb_m3_scale(c == 0 ? kc->cr - cs * kc->cv : kc->cr, Hq[c]);
      for (int j = 0; j < e->n_nodes; ++j) {
        nsb_local_add3(K, nl, off[j], col, nsb_m3_scale(-d->wt[j] * P[0], C));
        if (j == 0 || e->node_ndof[j] != 6) continue;
        nsb_mat3 Jr;
        memcpy(Jr.c, d->jr[j - 1], sizeof Jr.c);
        nsb_local_add3(K, nl, off[j] + 3, col, nsb_m3_scale(-P[0], nsb_m3_mul(nsb_m3_transpose(Jr), C)));
      }
      if (A[0][0] == 0.0) continue;
      nsb_vec3 row = nsb_m3_tmulv(C, nsb_v3_scale(c1 * A[0][0] * sN, dy));
      /* and the shift's own -c h c_v n_m in the slave's column */
      if (c == 0) row = nsb_v3_muladd(row, -c1 * A[0][0] * sN * cs * kc->cv, dir[0]);
      K[m0 + nl * (col + 0)] += row.x;
      K[m0 + nl * (col + 1)] += row.y;
      K[m0 + nl * (col + 2)] += row.z;
    }
  }
  for (int k = 0; k < nm; ++k) {
    f[m0 + k] += c1 * phi[k];
    if (!K) continue;
    for (int l = 0; l < nm; ++l) K[(m0 + k) + nl * (m0 + l)] += c1 * B[k][l] * su;
    for (int j = 0; j < e->n_nodes; ++j) {
      const nsb_kin* kj = &ec->kin[e->nodes[j]];
      /* d gamma_l / d v_j = w_j dir_l (l = 0 under the law on the step
         average: d xi_N / d x_j, the column rn below); a spinning obstacle's
         surface velocity under the slave: d gamma_l / d x_j = -w_j (spin
         S(a))^T dir_l = w_j spin a x dir_l */
      nsb_vec3 row = nsb_v3_zero(), rx = nsb_v3_zero(), rp = nsb_v3_zero();
      for (int l = 0; l < nm; ++l) row = nsb_v3_muladd(row, A[k][l], dir[l]);
      /* a held contact with a beam node reads its slip from the positions:
         d (2 vbar_l) / d x_j = 2 w_j dir_l / h (l = 1, 2; held_position; and
         l = 0, held_normal_position) */
      for (int l = hnorm ? 0 : hpos ? 1 : nm; l < nm; ++l) rp = nsb_v3_muladd(rp, A[k][l], dir[l]);
      if (spin != 0.0)
        for (int l = 0; l < nm; ++l)
          rx = nsb_v3_muladd(rx, A[k][l] * spin, nsb_v3_cross(nsb_v3_load(ec->model->obstacles.data[d->shape.master].dir), dir[l]));
      nsb_vec3 rw = row;
      /* under the law on the step average the rows read the positions:
         d (2 vbar_l) / d x_j = 2 w_j dir_l / h */
      if (hpos)
        row = nsb_v3_add(nsb_v3_scale(c1 * d->wt[j] * kj->cv, nsb_v3_sub(row, rp)),
                         nsb_v3_scale(c1 * d->wt[j] * kj->cr * 2.0 / ec->h, rp));
      else if (ma) {
        /* the normal from the positions, d (2 vbar_N) / d x_j = 2 w_j n / h;
           the tangents (friction against an obstacle) stay velocities */
        nsb_vec3 r0 = nsb_v3_scale(A[k][0], dir[0]);
        /* the particle's velocities under massless_jump: d (v_n + v_n+1) = c_v */
        const double cn = massless_jump(d, ec) && j > 0 ? kj->cv : kj->cr * sN;
        row = nsb_v3_add(nsb_v3_add(nsb_v3_scale(c1 * d->wt[j] * kj->cv, nsb_v3_sub(row, r0)),
                                    nsb_v3_scale(c1 * d->wt[j] * cn, r0)),
                         nsb_v3_scale(c1 * d->wt[j] * kj->cr, rx));
      } else
        row = nsb_v3_add(nsb_v3_scale(c1 * d->wt[j] * (d->step_law ? kj->cr * sN : kj->cv), row),
                         nsb_v3_scale(c1 * d->wt[j] * kj->cr, rx));
      K[(m0 + k) + nl * (off[j] + 0)] += row.x;
      K[(m0 + k) + nl * (off[j] + 1)] += row.y;
      K[(m0 + k) + nl * (off[j] + 2)] += row.z;
      if (d->step_law) {
        if (d->shape.framed && j == 0 && e->node_ndof[0] == 6) {
          /* d (R s)/d Theta = -R S(s): d (2 dir.vbar) / d Dr = (2/h) Bth^T S(s) R^T dir */
          nsb_vec3 rn = nsb_m3_tmulv(nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[0])), rw);
          rn = nsb_m3_tmulv(kj->Bth, nsb_v3_cross(nsb_v3_load(d->shape.s), rn));
          rn = nsb_v3_scale(c1 * sN, rn);
          K[(m0 + k) + nl * 3] += rn.x;
          K[(m0 + k) + nl * 4] += rn.y;
          K[(m0 + k) + nl * 5] += rn.z;
        }
        if (master_turns(d) && j >= 1 && e->node_ndof[j] == 6) {
          /* the Hermite centreline's point, -h1k R_k b_k: d (2 dir.vbar) / d Dr_k = -h1k (2/h) Bth^T S(b_k) R_k^T dir
             (a rectangular master's point: b_k = sb_k) */
          nsb_vec3 rn = nsb_m3_tmulv(nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[j])), rw);
          rn = nsb_m3_tmulv(kj->Bth, nsb_v3_cross(master_arm(d, j - 1), rn));
          rn = nsb_v3_scale(-c1 * sN * d->hb[j - 1], rn);
          K[(m0 + k) + nl * (off[j] + 3)] += rn.x;
          K[(m0 + k) + nl * (off[j] + 4)] += rn.y;
          K[(m0 + k) + nl * (off[j] + 5)] += rn.z;
        }
        if (d->shape.kind == 3 && j == 1 && e->node_ndof[1] == 6) {
          /* the master body's point, w_1 R_m b: d (2 dir.vbar) / d Dr_m = w_1 (2/h) Bth^T S(b) R_m^T dir */
          nsb_vec3 rn = nsb_m3_tmulv(nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[1])), rw);
          rn = nsb_m3_tmulv(kj->Bth, nsb_v3_cross(nsb_v3_load(d->sm), rn));
          rn = nsb_v3_scale(c1 * sN * d->wt[1], rn);
          K[(m0 + k) + nl * (off[1] + 3)] += rn.x;
          K[(m0 + k) + nl * (off[1] + 4)] += rn.y;
          K[(m0 + k) + nl * (off[1] + 5)] += rn.z;
        }
        continue;
      }
      if (master_moments(d) && j > 0 && e->node_ndof[j] == 6) {
        /* d gamma_l / d w_j = jr_j^T dir_l, chained by domega = Bw Dr; a held
           rectangular master's slip from the positions (held_position): the
           point's -hb_k R_k sb_k, d (2 dir.vbar) / d Dr_k = -hb_k (2/h) Bth^T S(sb_k) R_k^T dir */
        nsb_mat3 Jr;
        memcpy(Jr.c, d->jr[j - 1], sizeof Jr.c);
        nsb_vec3 rr = nsb_m3_tmulv(kj->Bw, nsb_m3_tmulv(Jr, nsb_v3_scale(c1, hpos ? nsb_v3_sub(rw, rp) : rw)));
        if (hpos) {
          nsb_vec3 rn = nsb_m3_tmulv(nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[j])), rp);
          rn = nsb_m3_tmulv(kj->Bth, nsb_v3_cross(master_arm(d, j - 1), rn));
          rr = nsb_v3_muladd(rr, -c1 * 2.0 / ec->h * d->hb[j - 1], rn);
        }
        K[(m0 + k) + nl * (off[j] + 3)] += rr.x;
        K[(m0 + k) + nl * (off[j] + 4)] += rr.y;
        K[(m0 + k) + nl * (off[j] + 5)] += rr.z;
      }
      if (d->shape.framed && j == 0 && e->node_ndof[0] == 6) {
        /* d gamma_l / d w = ja^T dir_l, chained by domega = Bw Dr */
        nsb_mat3 Ja;
        memcpy(Ja.c, d->ja, sizeof Ja.c);
        nsb_vec3 rr = nsb_m3_tmulv(kj->Bw, nsb_m3_tmulv(Ja, nsb_v3_scale(c1, rw)));
        K[(m0 + k) + nl * 3] += rr.x;
        K[(m0 + k) + nl * 4] += rr.y;
        K[(m0 + k) + nl * 5] += rr.z;
      }
    }
  }
  return NSB_OK;
}

const nsb_elem_ops nsb_contact_newton_ops = {.name = "contact (Newton)", .eval = newton_eval};

/* ---- setup ---------------------------------------------------------------------- */

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
    E->ops = p->law == NSB_CONTACT_NEWTON ? &nsb_contact_newton_ops : &nsb_contact_hertz_ops;
    E->nodes[0] = sn;
    E->model_index = c[i].pair;
    D->pair = c[i].pair;
    D->shape.master = item;
    D->group = p->master_kind == NSB_MASTER_BEAMS ? group : -1;
    D->owner = 1;
    D->n[2] = 1.0;
    D->gap = HUGE_VAL; /* unknown until the first increment: not reported as closed */
    D->shape.weight = 1.0;
    if (c[i].point >= 0 || m->nodes.data[sn].body_kind == NSB_BODY_RIGID) {
      /* a framed slave: the sphere sits on the node's frame (at the point of the set) */
      D->shape.framed = 1;
      if (c[i].point >= 0) {
        const double* q = m->contact_points.data[p->points].p.data + 4 * c[i].point;
        memcpy(D->shape.s, q, sizeof D->shape.s);
        D->shape.weight = q[3];
      }
    }
    double rp = nsb_contact_node_radius(m, p, sn), mp = nsb_contact_node_mass(m, sn);
    /* beam nodes without *DENSITY: static steps only (HERTZ, WINKLER), whose rows never
       use this scale (tests/user beam_on_stop: the same in m, mm and in) */
    if (!(mp > 0.0)) mp = 1.0;
    if (p->master_kind == NSB_MASTER_OBSTACLE && m->obstacles.data[item].body >= 0) {
      /* a face of a rigid body (docs/contact.md §8.2): the body is node 1; the
         rows' mass scale is the reduced mass of the two bodies */
      D->shape.kind = 3;
      E->n_nodes = 2;
      E->nodes[1] = m->obstacles.data[item].body;
      D->shape.radius = rp;
      double mq = nsb_contact_node_mass(m, E->nodes[1]);
      D->m_eff = mp * mq / (mp + mq);
    } else if (p->master_kind == NSB_MASTER_OBSTACLE) {
      D->shape.kind = 0;
      E->n_nodes = 1;
      D->shape.radius = rp;
      D->m_eff = mp;
      const nsb_node* nd = &m->nodes.data[sn];
      if (nd->body_kind == NSB_BODY_NONE && nd->contact_rect && p->slave_radius < 0.0 && c[i].point < 0 &&
          m->obstacles.data[item].kind == NSB_OBSTACLE_PLANE) {
        /* a rectangular section against a plane: its corner or face from the
           node's rotation at each increment's start (nsb_contact_prepare) */
        D->shape.rect = 1;
        memcpy(D->shape.ra, nd->contact_half, sizeof D->shape.ra);
        memcpy(D->shape.re, nd->contact_axes, sizeof D->shape.re);
      }
    } else if (p->master_kind == NSB_MASTER_PARTICLES) {
      D->shape.kind = 1;
      E->n_nodes = 2;
      E->nodes[1] = item;
      D->shape.radius = rp + nsb_contact_node_radius(m, NULL, item);
      double mq = nsb_contact_node_mass(m, item);
      D->m_eff = mp * mq / (mp + mq);
    } else {
      D->shape.kind = 2;
      E->n_nodes = 3;
      E->nodes[1] = m->elements.data[item].nodes[0];
      E->nodes[2] = m->elements.data[item].nodes[1];
      D->shape.radius = rp + nsb_contact_beam_radius(m, p, item);
      D->m_eff = mp;
      if (p->centreline == NSB_CENTRELINE_HERMITE) {
        D->shape.hermite = 1;
        nsb_centreline_end_tangents(m, item, D->shape.b);
      }
      if (m->nodes.data[sn].body_kind == NSB_BODY_PARTICLE &&
          nsb_contact_rect_master(m, p, item, D->shape.ra, D->shape.am)) {
        /* a particle against the beam's rectangle (docs/contact.md §8.4) */
        D->shape.rectm = 1;
        D->shape.radius = rp;
        for (int k = 0; k < 2; ++k) D->shape.mcap[k] = m->nodes.data[E->nodes[1 + k]].n_beams < 2;
      }
    }
    /* the points of a set share the body's mass in their semi-smooth rows:
       lambda_v = Lambda/(m/n_points) is the velocity change the n points
       together give the body, the scale on which the rows of a body on n
       points converge (with the whole mass each point's Newton step is n
       times too long: the friction rows of a box stopping on four corners
       flipped between the two slip directions, and no cutback helped;
       tests/user box_drop_friction) */
    D->m_row = D->m_eff;
    if (c[i].point >= 0) D->m_row = D->m_eff / (double)(m->contact_points.data[p->points].p.count / 4);
    for (int j = 0; j < E->n_nodes; ++j)
      if (m->nodes.data[E->nodes[j]].n_beams > 0) D->flexible = 1;
    D->massless = p->mass_redistributed; /* the deck reader admits beam-node slaves only */
    if (p->law == NSB_CONTACT_NEWTON) {
      E->n_mult = p->friction > 0.0 ? 3 : 1;
      E->mult_first = *mult;
      *mult += E->n_mult;
    }
    E->state = D;
  }
}

/* Contacts whose state outlives a rebuild: massless slaves, contacts that
   carried an impulse (the persistent law), ELASTOPLASTIC friction and
   Winkler beds; and, for its filter alone, a compliant contact's damping
   force filtered under the schemes other than the trapezoidal rule
   (has_filter_memory: the force keeps acting on the nodes through their
   pseudo-accelerations, docs/contact.md §6). */
static int has_state_memory(const nsb_elem* e);
static int has_filter_memory(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return (d->dmp_ft_known && d->dmp_Ft != 0.0) || (d->el_ft_known && d->el_Ft != 0.0);
}
/* a HERTZ contact in an episode or with ended ones (docs/contact.md §6.1) */
static int has_episode_memory(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_hertz_ops && (d->ep_open || d->ep_count > 0 || d->ep_reported);
}
static int has_memory(const nsb_elem* e) {
  return has_state_memory(e) || has_filter_memory(e) || has_episode_memory(e);
}
static void episode_save(const nsb_contact_data* d, nsb_contact_memory* c) {
  c->ep_known = 1;
  c->ep_open = d->ep_open;
  c->ep_steps = d->ep_steps;
  c->ep_count = d->ep_count;
  c->ep_reported = d->ep_reported;
  c->ep_t0 = d->ep_t0;
  c->ep_err = d->ep_err;
  c->ep_vmax = d->ep_vmax;
  c->ep_wh = d->ep_wh;
  c->ep_al = d->ep_al;
  c->ep_F = d->ep_F;
  c->ep_sum = d->ep_sum;
  c->ep_peak = d->ep_peak;
}
static void episode_restore(const nsb_contact_memory* c, nsb_contact_data* d) {
  if (!c->ep_known) return;
  d->ep_open = c->ep_open;
  d->ep_steps = c->ep_steps;
  d->ep_count = c->ep_count;
  d->ep_reported = c->ep_reported;
  d->ep_t0 = c->ep_t0;
  d->ep_err = c->ep_err;
  d->ep_vmax = c->ep_vmax;
  d->ep_wh = c->ep_wh;
  d->ep_al = c->ep_al;
  d->ep_F = c->ep_F;
  d->ep_sum = c->ep_sum;
  d->ep_peak = c->ep_peak;
}
static int has_state_memory(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return d->massless || d->impulse[0] > 0.0 || d->held || d->fslide || d->f_known || d->bed_closed ||
         d->bed_s != 0.0 ||
         (e->ops == &nsb_contact_hertz_ops && (d->fz[0] != 0.0 || d->fz[1] != 0.0 || d->fz[2] != 0.0 ||
                                               d->fv[0] != 0.0 || d->fv[1] != 0.0 || d->fv[2] != 0.0));
}

int nsb_contact_memory_count(const nsb_elem* e, int n) {
  int k = 0;
  for (int i = 0; i < n; ++i) k += has_memory(&e[i]);
  return k;
}

void nsb_contact_memory_save(const nsb_elem* e, int n, const double* lam, nsb_contact_memory* mem) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (!has_memory(&e[i])) continue;
    nsb_contact_memory* c = &mem[k++];
    c->dmp_Ft = d->dmp_Ft;
    c->dmp_ft_known = d->dmp_ft_known;
    c->el_Ft = d->el_Ft;
    c->el_ft_known = d->el_ft_known;
    c->state = has_state_memory(&e[i]);
    if (!c->state) {
      /* the filters and the episode alone: what finds the contact again, the
         rest zero */
      const double Ft = c->dmp_Ft, Et = c->el_Ft;
      const int fd = d->dmp_ft_known && d->dmp_Ft != 0.0, fe = d->el_ft_known && d->el_Ft != 0.0;
      memset(c, 0, sizeof *c);
      c->dmp_Ft = fd ? Ft : 0.0;
      c->dmp_ft_known = fd;
      c->el_Ft = fe ? Et : 0.0;
      c->el_ft_known = fe;
      if (has_episode_memory(&e[i])) episode_save(d, c);
      c->pair = d->pair;
      c->node = e[i].nodes[0];
      c->master = d->shape.master;
      if (!d->shape.rect) memcpy(c->s, d->shape.s, sizeof c->s);
      continue;
    }
    c->ep_known = 0;
    if (has_episode_memory(&e[i])) episode_save(d, c);
    memcpy(c->fz, d->fz, sizeof c->fz);
    memcpy(c->fv, d->fv, sizeof c->fv);
    memcpy(c->fT, d->fT, sizeof c->fT);
    memcpy(c->fo, d->fo, sizeof c->fo);
    c->bed_s = d->bed_s;
    c->bed_closed = d->bed_closed;
    c->fslide = d->fslide;
    c->f_known = d->f_known;
    c->pair = d->pair;
    c->node = e[i].nodes[0];
    c->master = d->shape.master;
    c->gap0 = d->gap0;
    c->gN_bar = d->gN_bar;
    c->gN_bar_known = d->gN_bar_known;
    c->P_pre = d->P_pre;
    c->P_master = d->P_master;
    memcpy(c->Q_pass, d->Q_pass, sizeof c->Q_pass);
    c->Q_h = d->Q_h;
    memcpy(c->F_pre, d->F_pre, sizeof c->F_pre);
    c->pass_max = d->pass_max;
    c->impulse0 = d->impulse[0];
    c->wN_last = d->wN_last;
    c->dN_last = d->dN_last;
    c->sN_last = d->sN_last;
    c->wN_known = d->wN_known;
    /* (a rectangle's corner is chosen again at the next increment's start) */
    if (d->shape.rect) memset(c->s, 0, sizeof c->s);
    else memcpy(c->s, d->shape.s, sizeof c->s);
    /* the multipliers of a contact under the law on the step average: its
       next increment starts from them (solver/assembly.c) */
    c->step_law = d->step_law;
    for (int q = 0; q < 3; ++q) c->lam[q] = q < e[i].n_mult ? lam[e[i].mult_first + q] : 0.0;
    c->held = d->held;
    memcpy(c->Fc, d->Fc, sizeof c->Fc);
    memcpy(c->Phi, d->Phi, sizeof c->Phi);
    memcpy(c->Dm, d->Dm, sizeof c->Dm);
    memcpy(c->Mc, d->Mc, sizeof c->Mc);
  }
}

int nsb_contact_memory_keeps(const nsb_contact_memory* c) { return c->P_pre != 0.0; }

int nsb_contact_keep_candidates(nsb_ctx* ctx, const nsb_contact_memory* mem, int n_mem, nsb_contact_cand** c,
                                int* cap, int* n) {
  for (int k = 0; k < n_mem; ++k) {
    const nsb_contact_memory* q = &mem[k];
    if (!nsb_contact_memory_keeps(q)) continue;
    /* listed already (a massless slave is a beam node: no point set) */
    int found = 0, at = *n;
    for (int i = 0; i < *n && !found; ++i) found = (*c)[i].pair == q->pair && (*c)[i].slave == q->node && (*c)[i].item == q->master;
    if (found) continue;
    /* after the last candidate of its pair and slave, else of its pair, else
       before the first of a later pair */
    int last_ps = -1, last_p = -1, first_later = -1;
    for (int i = 0; i < *n; ++i) {
      if ((*c)[i].pair == q->pair && (*c)[i].slave == q->node) last_ps = i;
      if ((*c)[i].pair == q->pair) last_p = i;
      if ((*c)[i].pair > q->pair && first_later < 0) first_later = i;
    }
    if (last_ps >= 0) at = last_ps + 1;
    else if (last_p >= 0) at = last_p + 1;
    else if (first_later >= 0) at = first_later;
    if (*n + 1 > *cap) {
      int nc = *cap > 0 ? 2 * *cap : 64;
      void* p = nsb_realloc(ctx, *c, (size_t)*cap * sizeof(nsb_contact_cand), (size_t)nc * sizeof(nsb_contact_cand));
      NSB_CHECK(ctx, p, NSB_ERR_ALLOC, "cannot allocate the contact candidates (%d)", nc);
      *c = p;
      *cap = nc;
    }
    memmove(*c + at + 1, *c + at, (size_t)(*n - at) * sizeof(nsb_contact_cand));
    (*c)[at].pair = q->pair;
    (*c)[at].slave = q->node;
    (*c)[at].item = q->master;
    (*c)[at].point = -1;
    ++*n;
  }
  return NSB_OK;
}

void nsb_contact_memory_restore(nsb_elem* e, int n, const nsb_contact_memory* mem, int n_mem, double* lam) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    for (int k = 0; k < n_mem; ++k) {
      const nsb_contact_memory* c = &mem[k];
      /* (the points of a set share pair, node and master: their body point
         tells them apart; it is zero for a contact that is not in a set) */
      if (c->pair != d->pair || c->node != e[i].nodes[0] || c->master != d->shape.master ||
          (!d->shape.rect && memcmp(c->s, d->shape.s, sizeof c->s) != 0))
        continue;
      /* (an entry that only carries an episode leaves the filter unknown) */
      if (c->state || c->dmp_ft_known) {
        d->dmp_Ft = c->dmp_Ft;
        d->dmp_ft_known = c->dmp_ft_known;
      }
      if (c->state || c->el_ft_known) {
        d->el_Ft = c->el_Ft;
        d->el_ft_known = c->el_ft_known;
      }
      episode_restore(c, d);
      if (!c->state) break;
      if (c->step_law && c->impulse0 > 0.0)
        for (int q = 0; q < e[i].n_mult; ++q) lam[e[i].mult_first + q] = c->lam[q];
      /* the friction and bed states (zero for the laws without them) */
      memcpy(d->fz, c->fz, sizeof d->fz);
      memcpy(d->fv, c->fv, sizeof d->fv);
      memcpy(d->fT, c->fT, sizeof d->fT);
      memcpy(d->fo, c->fo, sizeof d->fo);
      d->bed_s = c->bed_s;
      d->bed_closed = c->bed_closed;
      d->fslide = c->fslide;
      d->f_known = c->f_known;
      d->impulse[0] = c->impulse0;
      d->wN_last = c->wN_last;
      d->dN_last = c->dN_last;
      d->sN_last = c->sN_last;
      d->wN_known = c->wN_known;
      d->held = c->held;
      memcpy(d->Fc, c->Fc, sizeof d->Fc);
      memcpy(d->Phi, c->Phi, sizeof d->Phi);
      memcpy(d->Dm, c->Dm, sizeof d->Dm);
      memcpy(d->Mc, c->Mc, sizeof d->Mc);
      if (d->massless) {
        d->gap0 = c->gap0;
        d->gN_bar = c->gN_bar;
        d->gN_bar_known = c->gN_bar_known;
        d->P_pre = c->P_pre;
        d->P_master = c->P_master;
        memcpy(d->F_pre, c->F_pre, sizeof d->F_pre);
      }
      memcpy(d->Q_pass, c->Q_pass, sizeof d->Q_pass);
      d->Q_h = c->Q_h;
      d->pass_max = c->pass_max;
      break;
    }
  }
}

/* ---- the support of resting contacts (stacks) -------------------------------------- */

void nsb_contact_support_init(const nsb_model* m, double* support) {
  const int nn = m->nodes.count;
  for (int q = 0; q < nn; ++q) {
    const nsb_node* nd = &m->nodes.data[q];
    double mass = nd->n_beams == 0 && (nd->body_kind == NSB_BODY_PARTICLE || nd->body_kind == NSB_BODY_RIGID)
                      ? nsb_contact_node_mass(m, q)
                      : 0.0;
    support[q] = mass > 0.0 ? 1.0 / mass : 0.0;
  }
  for (int j = 0; j < m->joints.count; ++j) {
    const nsb_joint* jt = &m->joints.data[j];
    if (jt->node_a >= 0 && jt->node_a < nn) support[jt->node_a] = 0.0;
    if (jt->node_b >= 0 && jt->node_b < nn) support[jt->node_b] = 0.0;
  }
  for (int b = 0; b < m->boundaries.count; ++b) {
    int q = m->boundaries.data[b].node;
    if (q >= 0 && q < nn) support[q] = 0.0;
  }
}

/* The rotation map of node j of a contact (the contact point's relative
   velocity per angular velocity of the node, body frame), or 0: a framed
   slave's JA, a body face's -JB (master_moments; a Hermite centreline's
   nodes are beam nodes, immovable in the estimate). */
static int support_rotation(const nsb_elem* e, const nsb_contact_data* d, int j, nsb_mat3* R) {
  if (e->node_ndof[j] != 6) return 0;
  if (j == 0 && d->shape.framed) {
    memcpy(R->c, d->ja, sizeof R->c);
    return 1;
  }
  if (j > 0 && d->shape.kind == 3 && j == 1) {
    memcpy(R->c, d->jr[0], sizeof R->c);
    return 1;
  }
  return 0;
}

/* n . (relative acceleration of contact i) from the accumulated support
   accelerations acc (6 per node: translation, body-frame angular), and with
   lam != 0 the contact's own force lam n added to acc (its Delassus value
   returned in *W when W is not NULL). */
static double support_apply(const nsb_elem* e, const nsb_contact_data* d, const nsb_model* m, const double* minv,
                            double* acc, double lam, double* W) {
  nsb_vec3 n = nsb_v3_load(d->n);
  double a = 0.0, w = 0.0;
  for (int j = 0; j < e->n_nodes; ++j) {
    int q = e->nodes[j];
    if (minv[q] == 0.0) continue;
    double* aq = acc + 6 * q;
    nsb_mat3 R, Ji;
    int rot = support_rotation(e, d, j, &R) && body_inverse_inertia(m, q, &Ji);
    nsb_vec3 b = rot ? nsb_m3_tmulv(R, n) : nsb_v3_zero(), jb = rot ? nsb_m3_mulv(Ji, b) : nsb_v3_zero();
    if (lam == 0.0) {
      a += d->wt[j] * nsb_v3_dot(n, nsb_v3_load(aq));
      if (rot) a += nsb_v3_dot(b, nsb_v3_load(aq + 3));
    } else {
      nsb_v3_store(nsb_v3_muladd(nsb_v3_load(aq), d->wt[j] * minv[q] * lam, n), aq);
      if (rot) nsb_v3_store(nsb_v3_muladd(nsb_v3_load(aq + 3), lam, jb), aq + 3);
    }
    w += d->wt[j] * d->wt[j] * minv[q] + nsb_v3_dot(b, jb);
  }
  if (W) *W = w;
  return a;
}

/* Whether a NEWTON contact takes part in the support estimate. */
static int support_candidate(const nsb_elem* e, const nsb_contact_data* d) {
  return e->ops == &nsb_contact_newton_ops && d->owner && !d->massless;
}

/* A contact at rest on its support for the smooth acceleration a (a < 0): it
   approaches no faster than a builds in one increment and is closed at the
   midpoint (docs/contact.md §7, "The first touch"). */
static int support_rests(const nsb_contact_data* d, double a, double h) {
  return a < 0.0 && fabs(d->gN_pre) <= -a * h && d->gap0 + 0.5 * h * d->gN_pre + 0.125 * h * h * a <= 0.0;
}

/* The smooth normal accelerations with the support of the resting contacts
   (docs/contact.md §7, "Stacks"): a ball resting on a ball that rests on the
   floor falls freely at t_n with the lower one, so its contact's smooth
   relative acceleration aN_pre is 0, although the lower ball is held.  The
   contacts at rest take the forces lam_i >= 0 that hold them, the
   acceleration-level problem 0 <= lam _|_ aN_pre + W lam >= 0 on the set of
   contacts at rest, with the lumped Delassus operator W (particles' and
   rigid bodies' masses and inertias; beam nodes and nodes held by a *JOINT
   or a *BOUNDARY immovable), by projected Gauss-Seidel sweeps; a contact is
   in the set when it rests (support_rests) with the acceleration the other
   contacts' forces leave it, and that set is found in the same sweeps.  Each
   contact's aN_sup is then aN_pre plus what the other contacts' forces give
   its relative acceleration, where that is smaller than aN_pre.  A contact
   that shares no movable node with a resting one keeps aN_sup = aN_pre
   exactly (a chain or cradle without support, a ball on the floor); the
   touching balls of a chain lying on the floor have horizontal normals,
   orthogonal to their supports' (n_a . n_b = 0 in W), and keep theirs too. */
static void support_estimate(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->aN_sup = d->aN_pre;
  }
  if (!support) return;
  const nsb_model* m = ec->model;
  const double* minv = support;
  double* acc = support + m->nodes.count;
  int any = 0;
  double scale = 0.0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->lam_sup = 0.0;
    if (!support_candidate(&e[i], d)) continue;
    for (int j = 0; j < e[i].n_nodes; ++j) memset(acc + 6 * e[i].nodes[j], 0, 6 * sizeof(double));
    any |= support_rests(d, d->aN_pre, ec->h);
    scale = fmax(scale, fabs(d->aN_pre));
  }
  if (!any) return;
  /* sweeps: until no contact's acceleration changes by more than 1e-12 of
     the largest, or 200 sweeps (the estimate only decides the law of a
     contact at rest and its midpoint test) */
  for (int sweep = 0; sweep < 200; ++sweep) {
    double change = 0.0;
    for (int i = 0; i < n; ++i) {
      nsb_contact_data* d = e[i].state;
      if (!support_candidate(&e[i], d)) continue;
      double W = 0.0;
      if (d->lam_sup != 0.0) support_apply(&e[i], d, m, minv, acc, -d->lam_sup, NULL);
      double a = d->aN_pre + support_apply(&e[i], d, m, minv, acc, 0.0, &W);
      double lam = W > 0.0 && support_rests(d, fmin(a, d->aN_pre), ec->h) ? fmax(-a / W, 0.0) : 0.0;
      change = fmax(change, fabs(lam - d->lam_sup) * W);
      d->lam_sup = lam;
      if (lam != 0.0) support_apply(&e[i], d, m, minv, acc, lam, NULL);
    }
    if (change <= 1e-12 * scale) break;
  }
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    if (!support_candidate(&e[i], d)) continue;
    if (d->lam_sup != 0.0) support_apply(&e[i], d, m, minv, acc, -d->lam_sup, NULL);
    double a = d->aN_pre + support_apply(&e[i], d, m, minv, acc, 0.0, NULL);
    if (d->lam_sup != 0.0) support_apply(&e[i], d, m, minv, acc, d->lam_sup, NULL);
    d->aN_sup = fmin(a, d->aN_pre);
  }
}

/* ---- per increment --------------------------------------------------------------- */

/* A new frictionless contact of a particle or rigid body that touches at
   rest (docs/contact.md §7, "The first touch"): active, pressed by the
   smooth motion (a_N < 0 at t_n) and approaching no faster than that motion
   builds in one increment, |gamma_N-| <= -a_N h.  With v_n = gamma_N-,
   p_n = a_N and one impulse at t_n+1, the generalized-alpha form moves the gap by
       h (1 - beta/gamma) gamma_N- + h (beta/gamma) gamma_N+ + h^2 (1/2 - beta/gamma) a_N;
   Moreau's gamma_N+ = -e gamma_N- moves it by (beta/gamma - 1/2) h ((1 + e)
   |gamma_N-| + h |a_N|) more than Newton's law on the step average
   (2 vbar_N = (1 - e) gamma_N-), whose gamma_N+ differs from -e gamma_N- by
   (1 - gamma/(2 beta)) ((1 + e) gamma_N- + h a_N) instead.  The impulse
   reverses the approach ((1 + e) |gamma_N-| per unit mass, an impact, whose
   velocity Moreau's law gets exactly) and holds the smooth force
   (h |a_N|, a force, which must not move the body).  A contact whose
   approach is within what the force builds in one increment fell from at
   most |a_N| h^2/2 in a free flight shorter than the increment: an impact
   below the scheme's resolution.  It takes the law on the step average from
   its first increment (the law a persistent contact has), and does not rise;
   its velocity is then off by at most (1 - gamma/(2 beta)) (2 + e) |a_N| h,
   of the size the held law leaves anyway.  The test compares two velocities
   (unit-invariant); a_N < 0 strictly keeps the touching balls of a chain
   or cradle (relative smooth acceleration 0: their impulses can only be
   impacts) under Moreau's law. */
/* The gap test of a contact with a translating obstacle (docs/contact.md
   §7.7): the midpoint test reads the obstacle's motion from its rate and
   acceleration at t_n, which miss a kink of the amplitude inside the
   increment (a table point, a ramp that starts after t_n).  The part of the
   obstacle's displacement over the increment that they miss,
   dev = -n . (Delta p - h pdot_n - h^2 pddot_n/2), is added to the gap at
   t_n+1 of the same expansion; the contact is closed when that gap is,
   g_n + h gamma_N- + h^2 a_N/2 + dev <= 0, and dev < 0 (the obstacle comes
   nearer than its expansion says) beyond the round-off of its positions
   (64 eps |d| (|a_n+1| + |a_n| + h |a'_n| + h^2 |a''_n|/2)): a table that is
   linear or quadratic over the increment leaves the midpoint test alone. */
static int obstacle_end_closes(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  if (d->shape.kind != 0) return 0;
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  if (o->amplitude < 0) return 0;
  const nsb_amplitude* am = &ec->model->amplitudes.data[o->amplitude];
  const double h = ec->h;
  double r0 = 0.0, c0 = 0.0, r1 = 0.0;
  const double a0 = nsb_amplitude_eval(am, ec->t, &r0, &c0), a1 = nsb_amplitude_eval(am, ec->t + h, &r1, NULL);
  nsb_vec3 mo = nsb_v3_load(o->motion);
  const double dn = nsb_v3_dot(nsb_v3_load(d->n), mo);
  const double dev = -dn * ((a1 - a0) - h * r0 - 0.5 * h * h * c0);
  const double tiny = 64.0 * DBL_EPSILON * nsb_v3_norm(mo) * (fabs(a1) + fabs(a0) + h * fabs(r0) + 0.5 * h * h * fabs(c0));
  return dev < -tiny && d->gap0 + h * d->gN_pre + 0.5 * h * h * d->aN_sup + dev <= 0.0;
}

static int resting_touch(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  return d->active && d->owner && d->aN_sup < 0.0 && fabs(d->gN_pre) <= -d->aN_sup * ec->h;
}

/* One law per stack (docs/contact.md §7, "Stacks"): a held contact has its
   force in the smooth accelerations of both its bodies, a contact under the
   law on the step average has not; where the two meet on one body, the
   body's smooth acceleration misses the second one's force, its
   pseudo-acceleration is not zero at rest, and the contact under the velocity
   law lets it rise (a frictionless box on the face of a base held on a
   frictional floor: 1.1e-8 m in its first increment, 7.6e-5 m over 1000).
   So a frictionless contact that would take the law on the step average but
   shares a particle or rigid body (support scratch: inverse mass > 0) with a
   held or holdable contact is held too, and so on through the stack. */
static void stack_hold(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support) {
  for (int i = 0; i < n; ++i) ((nsb_contact_data*)e[i].state)->stack_held = 0;
  if (!support || !ec->mn_alpha) return;
  const double* minv = support;
  double* mark = support + ec->model->nodes.count; /* 6 per node; the first one is the mark */
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < e[i].n_nodes; ++j) mark[6 * e[i].nodes[j]] = 0.0;
  int any = 0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    if (!(d->owner && (d->active || d->held) && held_applies(&e[i], d, ec))) continue;
    for (int j = 0; j < e[i].n_nodes; ++j)
      if (minv[e[i].nodes[j]] > 0.0) mark[6 * e[i].nodes[j]] = 1.0;
    any = 1;
  }
  for (int changed = any; changed;) {
    changed = 0;
    for (int i = 0; i < n; ++i) {
      nsb_contact_data* d = e[i].state;
      if (!(d->owner && (d->active || d->held) && e[i].n_mult == 1 && !d->stack_held && step_law_applies(&e[i], d, ec)))
        continue;
      int touch = 0;
      for (int j = 0; j < e[i].n_nodes; ++j) touch |= mark[6 * e[i].nodes[j]] != 0.0;
      if (!touch) continue;
      d->stack_held = 1;
      d->step_law = d->persist = 0;
      for (int j = 0; j < e[i].n_nodes; ++j)
        if (minv[e[i].nodes[j]] > 0.0) mark[6 * e[i].nodes[j]] = 1.0;
      changed = 1;
    }
  }
}

/* A rectangular beam-node slave against a plane (shape.rect, docs/contact.md
   §8.3): its corner nearest the plane, or a face, from the node's rotation
   now (nsb_contact_rect_choose); returns 1 when the shape changed.  The
   corner is a framed slave's point, whose moment the laws here carry except
   the static step's NEWTON law, the prox sweeps, IMPACT=POISSON|CLOSED FORM
   and MASS=REDISTRIBUTED (as for POINTS=, docs/contact.md §8.1): those take
   the node's sphere of radius h(n), the gap right at the increment's start
   and no moment. */
static int rect_choose(const nsb_elem* e, nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
  int framed_ok = e->node_ndof[0] == 6 && !p->mass_redistributed &&
                  (p->law != NSB_CONTACT_NEWTON ||
                   (!ec->step_static && !ec->contact_prox && p->impact != NSB_IMPACT_POISSON &&
                    p->impact != NSB_IMPACT_CLOSED_FORM));
  return nsb_contact_rect_choose(&d->shape, nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[0])), nsb_v3_load(o->dir), framed_ok);
}

/* The inputs of contact e's geometry at the state st and time t with the
   normal n_prev (nsb_contact_geo_memo.key); returns their count. */
static int geo_key(const nsb_elem* e, const nsb_state* st, double t, const double* n_prev, double* key) {
  key[0] = t;
  memcpy(key + 1, n_prev, 3 * sizeof(double));
  int k = 4;
  for (int j = 0; j < e->n_nodes; ++j, k += 7) {
    memcpy(key + k, st->x + 3 * e->nodes[j], 3 * sizeof(double));
    memcpy(key + k + 3, st->q + 4 * e->nodes[j], 4 * sizeof(double));
  }
  return k;
}

/* A HERTZ group's record (its ended episodes' errors summed, their largest
   peak, their number, whether the contact was reported) is kept by its
   owner: one contact, one sum, one warning (docs/contact.md §6.1) */
static void hertz_group_record(nsb_contact_data* from, nsb_contact_data* to) {
  to->ep_sum += from->ep_sum;
  to->ep_peak = fmax(to->ep_peak, from->ep_peak);
  to->ep_count += from->ep_count;
  to->ep_reported |= from->ep_reported;
  from->ep_sum = from->ep_peak = 0.0;
  from->ep_count = 0;
}

/* A massless slave's state goes with its force (MASS=REDISTRIBUTED against a
   beam master, docs/contact.md §7.2, "Against a beam"): the element that
   takes the ownership of a group (the node passing to the next chord) takes
   the force P_n the node carried at t_n, which its law's impulse holds, and
   its activity (an impulse in the last increment, the step-average gap
   rate); without it the force P_n would act on the node in the increment
   (its equilibrium at t_n) with no impulse to account for it.  At the
   handover the contact point is at (or next to) the node the two chords
   share, so the new owner's weights put P_n where the old one's did. */
static void massless_handover(nsb_contact_data* from, nsb_contact_data* to) {
  to->P_pre = from->P_pre;
  to->P_master = from->P_master;
  to->impulse[0] = from->impulse[0];
  to->gN_bar = from->gN_bar;
  to->gN_bar_known = from->gN_bar_known;
  memcpy(to->F_pre, from->F_pre, sizeof to->F_pre);
  from->P_pre = from->P_master = from->impulse[0] = 0.0;
  memset(from->F_pre, 0, sizeof from->F_pre);
}

/* A persistent contact's state goes with the group too (docs/contact.md §7,
   "A particle resting on a beam"): a particle over a node that two chords
   share ties between their contacts, and the nearest of two gaps equal to
   round-off took the ownership now from one, now from the other.  The new
   owner, without an impulse in the last increment, started as a new
   contact (the midpoint test with the master node's alternating velocity,
   the impact law), left the particle out for increments and let it sink
   into the beam (2.3e-4 m for a 2 kg block over the middle node of a 1 m
   steel beam).  Its impulse of the last increment (which makes the law on
   the step average persistent, nsb_contact_prepare) goes with it; a
   massless slave has its own (massless_handover), a held contact keeps its
   group (nsb_contact_finish hands it on). */
static void persistent_handover(nsb_contact_data* from, nsb_contact_data* to) {
  if (from->massless || to->massless || from->held || !(from->impulse[0] > 0.0) || to->impulse[0] != 0.0) return;
  to->impulse[0] = from->impulse[0];
  from->impulse[0] = 0.0;
}

/* ... and its open episode goes with its force: the element that takes the
   ownership of a group (a particle passing to the next chord of a beam)
   continues the episode of the one that had it, from its penetration and
   force at t_n, so that the handover is neither an opening nor a closing
   (docs/contact.md §6.1) */
static void hertz_episode_handover(nsb_contact_data* from, nsb_contact_data* to) {
  to->ep_open = from->ep_open;
  to->ep_steps = from->ep_steps;
  to->ep_t0 = from->ep_t0;
  to->ep_err = from->ep_err;
  to->ep_vmax = from->ep_vmax;
  to->ep_wh = from->ep_wh;
  to->ep_al = from->ep_al;
  to->ep_F = from->ep_F;
  to->el_Ft = from->el_Ft;
  to->el_ft_known = from->el_ft_known;
  from->ep_open = 0;
}

void nsb_contact_prepare(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support,
                         const nsb_contact_geo_memo* memo) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    /* the geometry at t_n: the last finish's, when computed from the same bits
       (and the same shape: a rectangle may turn to another corner) */
    nsb_contact_geo Gn;
    const nsb_contact_geo* G = &Gn;
    double key[sizeof memo->key / sizeof memo->key[0]];
    if ((!d->shape.rect || !rect_choose(&e[i], d, ec)) && memo && memo[i].valid) {
      const int nk = geo_key(&e[i], ec->cur, ec->t, d->n, key);
      if (memcmp(key, memo[i].key, (size_t)nk * sizeof(double)) == 0) G = &memo[i].G;
    }
    if (G == &Gn) nsb_contact_geometry(&e[i], &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &Gn);
    /* the tangents of G->n: with the kept geometry, the finish's (end_tangents) */
    nsb_vec3 t1, t2;
    if (G == &Gn) {
      nsb_contact_tangents(G->n, &t1, &t2);
    } else {
      t1 = nsb_v3_load(memo[i].t);
      t2 = nsb_v3_load(memo[i].t + 3);
    }
    nsb_v3_store(G->n, d->n);
    nsb_v3_store(t1, d->t);
    nsb_v3_store(t2, d->t + 3);
    memcpy(d->wt, G->w, sizeof d->wt);
    if (G->hermite) {
      nsb_contact_geo_jr(G, d->jr);
      d->hb[0] = G->h[2];
      d->hb[1] = G->h[3];
    }
    if (G->rectm) {
      /* a rectangular master (docs/contact.md §8.5): the rectangle's point
         q under the particle, at r_q from the chord's point in its section
         plane (beyond an end the axial offset dropped), turns with the ends'
         rotations weighted 1 - xi, xi: d(x_p - q)/dTheta_k = hb_k S(r_q) R_k */
      nsb_vec3 rq = nsb_v3_sub(nsb_v3_muladd(G->xc, -(G->g + d->shape.radius), G->n), G->point);
      nsb_vec3 ev = nsb_v3_sub(nsb_st_x(ec->cur, e[i].nodes[2]), nsb_st_x(ec->cur, e[i].nodes[1]));
      double L2 = nsb_v3_dot(ev, ev);
      if (L2 > 0.0) rq = nsb_v3_muladd(rq, -nsb_v3_dot(rq, ev) / L2, ev);
      for (int k = 0; k < 2; ++k) {
        nsb_mat3 Rk = nsb_q_to_m3(nsb_st_q(ec->cur, e[i].nodes[1 + k]));
        d->hb[k] = -G->w[1 + k];
        nsb_v3_store(nsb_m3_tmulv(Rk, rq), d->sb[k]);
        memcpy(d->jr[k], nsb_m3_scale(d->hb[k], nsb_m3_mul(nsb_m3_skew(rq), Rk)).c, sizeof d->jr[k]);
      }
    }
    if (G->body) {
      memcpy(d->jr[0], nsb_m3_scale(-1.0, G->JB).c, sizeof d->jr[0]);
      nsb_v3_store(nsb_m3_tmulv(G->Rm, G->bm), d->sm);
    }
    if (G->framed) memcpy(d->ja, G->JA.c, sizeof d->ja);
    /* the row directions n, t1, t2 just stored (nsb_contact_tangents of G->n) */
    const nsb_vec3 dir[3] = {G->n, t1, t2};
    d->m_held = held_row_mass(&e[i], d, ec->model, G->framed ? &G->JA : NULL, G->body ? &G->JB : NULL, dir);
    d->rot_rows = G->framed && e[i].n_mult == 3 && d->shape.kind == 0;
    d->gap0 = G->g;
    /* the gap's round-off: within it a NEWTON contact of two particles or
       bodies counts as closed in the midpoint test (docs/contact.md §7,
       "Activity"); not under IMPACT=SEQUENTIAL, where a touching contact
       takes part only when it approaches, which the test's velocity term
       decides (a touching ball at rest in a chain, approaching by round-off,
       took a round-off impulse in one unit system and not in another); not
       against obstacles, whose resting contacts EVENTS=LOCATE would locate
       again and again in a ball's Zeno bounces (benchmarks/bouncing_ball
       ball_locate: 129253 iterations in one increment) */
    d->gap_tol = e[i].ops == &nsb_contact_newton_ops && d->shape.kind == 1 && !d->flexible &&
                         ec->model->contact_pairs.data[d->pair].impact != NSB_IMPACT_SEQUENTIAL
                     ? 16.0 * DBL_EPSILON * (nsb_v3_norm(G->xc) + fabs(G->g) + d->shape.radius)
                     : 0.0;
    if (d->shape.kind == 0) {
      /* contact point on the obstacle's surface, relative to its (moved) axis point */
      const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
      nsb_vec3 vdummy, p = nsb_v3_add(nsb_v3_load(o->point), nsb_obstacle_offset(ec->model, o, ec->t, &vdummy));
      nsb_v3_store(nsb_v3_sub(nsb_v3_muladd(G->xc, -(G->g + d->shape.radius), G->n), p), d->arm);
    }
    nsb_vec3 vr = nsb_contact_geo_velocity(&e[i], G, ec->cur);
    /* a rectangular master under NEWTON: the velocity of the rows, the
       rectangle's point turning with the ends (as end_rel_velocity) */
    if (G->rectm && e[i].ops == &nsb_contact_newton_ops)
      vr = nsb_v3_add(nsb_contact_rel_velocity(&e[i], d->wt, ec->cur, nsb_v3_zero()),
                      nsb_contact_hermite_rot_velocity(&e[i], d->jr[0], ec->cur));
    d->gN_pre = nsb_v3_dot(G->n, vr);
    /* normal acceleration of the smooth (contact-free) motion */
    nsb_vec3 ar = nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) ar = nsb_v3_muladd(ar, G->w[j], nsb_st_a(ec->cur, e[i].nodes[j]));
    if (G->hermite)
      for (int k = 0; k < 2; ++k) {
        /* d^2(R b)/dt^2 = R (al x b + w x (w x b)): JR al - h1k R (w x (w x b)) */
        int q = e[i].nodes[1 + k];
        if (e[i].node_ndof[1 + k] != 6) continue;
        nsb_vec3 w = nsb_st_w(ec->cur, q), wb = nsb_v3_cross(w, G->b[k]);
        ar = nsb_v3_add(ar, nsb_m3_mulv(G->JR[k], nsb_st_al(ec->cur, q)));
        ar = nsb_v3_muladd(ar, -G->h[2 + k], nsb_m3_mulv(G->R[k], nsb_v3_cross(w, wb)));
      }
    if (G->rectm && e[i].ops == &nsb_contact_newton_ops)
      for (int k = 0; k < 2; ++k) {
        /* the rectangle's point turning with the ends (as the Hermite
           centreline's above): JR_k al_k - hb_k R_k (w x (w x sb_k)) */
        int q = e[i].nodes[1 + k];
        if (e[i].node_ndof[1 + k] != 6) continue;
        nsb_mat3 Jr;
        memcpy(Jr.c, d->jr[k], sizeof Jr.c);
        nsb_vec3 w = nsb_st_w(ec->cur, q), wb = nsb_v3_cross(w, master_arm(d, k));
        ar = nsb_v3_add(ar, nsb_m3_mulv(Jr, nsb_st_al(ec->cur, q)));
        ar = nsb_v3_muladd(ar, -d->hb[k], nsb_m3_mulv(nsb_q_to_m3(nsb_st_q(ec->cur, q)), nsb_v3_cross(w, wb)));
      }
    if (G->framed && e[i].node_ndof[0] == 6) {
      /* the gap's own acceleration: that of the sphere's centre, a + JA al +
         R (w x (w x s)) along n (JA al has the same normal part for the
         centre and the contact point, n . (R al) x (-r n) = 0).  The material
         point under the contact, R s - r n, adds the centripetal r |w_t|^2
         along n, which is no motion of the gap (the contact point moves over
         the sphere): a ball rolling at w = 12.9 rad/s, r = 0.1, read
         16.5 m/s^2 of it against g, its contact opened at every midpoint,
         and it rattled 5.8e-6 m into its support before it came to rest */
      int q = e[i].nodes[0];
      nsb_mat3 R = nsb_q_to_m3(nsb_st_q(ec->cur, q));
      nsb_vec3 w = nsb_st_w(ec->cur, q);
      nsb_vec3 sb = nsb_v3_load(d->shape.s);
      ar = nsb_v3_add(ar, nsb_m3_mulv(G->JA, nsb_st_al(ec->cur, q)));
      ar = nsb_v3_add(ar, nsb_m3_mulv(R, nsb_v3_cross(w, nsb_v3_cross(w, sb))));
    }
    if (d->shape.kind == 0)
      ar = nsb_v3_sub(ar, nsb_obstacle_acceleration(ec->model, &ec->model->obstacles.data[d->shape.master], ec->t));
    if (G->body) {
      /* the master body's material point at the contact point: a_m + JB al_m + Rm (w_m x (w_m x Rm^T b)) (a_m
         is in the weighted sum above) */
      int q = e[i].nodes[1];
      nsb_vec3 w = nsb_st_w(ec->cur, q), bb = nsb_m3_tmulv(G->Rm, G->bm);
      ar = nsb_v3_sub(ar, nsb_m3_mulv(G->JB, nsb_st_al(ec->cur, q)));
      ar = nsb_v3_sub(ar, nsb_m3_mulv(G->Rm, nsb_v3_cross(w, nsb_v3_cross(w, bb))));
    }
    d->aN_pre = nsb_v3_dot(G->n, ar);
    if (e[i].ops == &nsb_contact_newton_ops && turn_applies(d, ec) && G->g + d->shape.radius > 0.0) {
      /* the distance's own curvature, (|P v_r|^2 - gamma_N^2)/|D| (chord_turn):
         a pair turning rigidly about an axis along the master chord keeps its
         distance, which n . a_r alone (the centripetal part) reads as closing
         by (h^2/8) |v_r|^2/|D| at the midpoint */
      nsb_vec3 t, vp = vr;
      if (chord_direction(&e[i], d, ec->cur, &t)) vp = nsb_v3_muladd(vp, -nsb_v3_dot(t, vp), t);
      double gN = nsb_v3_dot(G->n, vr);
      d->aN_pre += fmax(nsb_v3_dot(vp, vp) - gN * gN, 0.0) / (G->g + d->shape.radius);
    }
    d->gT_pre[0] = nsb_v3_dot(t1, vr);
    d->gT_pre[1] = nsb_v3_dot(t2, vr);
    d->owner = 1;
    if (e[i].ops == &nsb_contact_hertz_ops && !d->f_known) {
      /* ELASTOPLASTIC, a contact without a friction state (new, or not yet
         through an increment): its stick element is unloaded (z_n = 0,
         T_n = 0) and its slip velocity at t_n is that of the motion, v_T,n =
         P v_r, not zero.  With v_T,n = 0 a contact that starts while sliding
         read the slip as growing from 0 to v over its first increment: the
         trapezoidal elastic slip h/2 (v_T,n + v_T) against the backward
         plastic increment h w' left |z| ~ h v/2 - h w' (7.7e-5 m for a ring
         point landing at 0.4 m/s, c = 1e7: 0.03 J of stick energy that no
         friction force had worked in, booked as negative dissipation and
         released later), and the first increment's friction work h/4 T.(v_T,n
         + v_T) missed h/4 T.v (docs/contact.md §6.2) */
      nsb_v3_store(nsb_v3_muladd(vr, -nsb_v3_dot(G->n, vr), G->n), d->fv);
      nsb_v3_store(G->vobs, d->fo);
    }
  }
  /* groups (one particle against the chords of one pair): the nearest owns,
     but a held contact keeps its group for this increment (its force is in
     the smooth accelerations of its own nodes; nsb_contact_finish lets it go
     when another chord is nearer at the increment's end) */
  for (int i = 0; i < n;) {
    nsb_contact_data* d = e[i].state;
    int j = i + 1;
    if (d->group >= 0) {
      int best = i, held = d->held ? i : -1;
      while (j < n && ((nsb_contact_data*)e[j].state)->group == d->group) {
        const nsb_contact_data *dj = e[j].state, *db = e[best].state;
        /* a rectangular master's clamped end at a shared node measures in the
           end's section plane: it ties with the next element's interior point,
           which takes the contact (its rows share the force between that
           element's ends) */
        if (group_nearer(dj, dj->gap0, rect_interior(dj), db, db->gap0, rect_interior(db))) best = j;
        if (held < 0 && ((nsb_contact_data*)e[j].state)->held) held = j;
        ++j;
      }
      if (held >= 0) best = held;
      int prev = -1; /* the element that carries the group's open HERTZ episode */
      for (int k = i; k < j; ++k)
        if (e[k].ops == &nsb_contact_hertz_ops && ((nsb_contact_data*)e[k].state)->ep_open) prev = k;
      /* a massless slave's last owner (massless_handover) */
      for (int k = i; k < j; ++k) {
        nsb_contact_data* dk = e[k].state;
        if (k != best && dk->massless && (dk->P_pre != 0.0 || dk->impulse[0] > 0.0))
          massless_handover(dk, e[best].state);
      }
      /* a NEWTON contact that carried an impulse in the last increment: its
         persistence goes to the new owner (persistent_handover) */
      for (int k = i; k < j; ++k)
        if (k != best && e[k].ops == &nsb_contact_newton_ops && e[best].ops == &nsb_contact_newton_ops)
          persistent_handover(e[k].state, e[best].state);
      for (int k = i; k < j; ++k) ((nsb_contact_data*)e[k].state)->owner = k == best;
      /* a particle passing from one element of a Hermite centreline to the
         next stays held: the element it leaves carried the last increment's
         impulse (a new contact there let it fly for an increment, |v h|^2/2 rho
         into a ring, and took twice the impulse in the next) */
      nsb_contact_data* db = e[best].state;
      db->persist_in = 0;
      if (db->shape.hermite && e[best].ops == &nsb_contact_newton_ops)
        for (int k = i; k < j; ++k)
          if (k != best && e[k].ops == &nsb_contact_newton_ops && ((nsb_contact_data*)e[k].state)->impulse[0] > 0.0)
            db->persist_in = 1;
      if (e[best].ops == &nsb_contact_hertz_ops) {
        if (prev >= 0 && prev != best) hertz_episode_handover(e[prev].state, e[best].state);
        for (int k = i; k < j; ++k)
          if (k != best && e[k].ops == &nsb_contact_hertz_ops) hertz_group_record(e[k].state, e[best].state);
      }
    }
    i = j;
  }
  support_estimate(e, n, ec, support);
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->rests = d->owner && d->aN_sup < 0.0 && fabs(d->gN_pre) <= -d->aN_sup * ec->h;
  }
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    /* Moreau: closed at the step midpoint, g(t_n + h/2) to second order */
    double h = ec->h;
    d->active = d->owner && d->gap0 + 0.5 * h * d->gN_pre + 0.125 * h * h * d->aN_sup <= d->gap_tol;
    /* a translating obstacle: its position at t_n+1 too */
    if (d->owner && !d->active) d->active = obstacle_end_closes(d, ec);
    /* a massless node (MASS=REDISTRIBUTED, docs/contact.md §7.2): its velocity
       at t_n alternates in sign from increment to increment (v_n+1 = 2 vbar - v_n
       with vbar = 0 while pressed) and its acceleration is not defined, so the
       midpoint test uses the step-average velocity of the last increment; and
       a contact that carried an impulse stays in (its law releases it).  An
       increment in which a pressed massless node is left out gains or loses
       (h/2) P_n vbar_N: the force P_n the node carried at t_n works without an
       impulse to account for it. */
    if (d->massless && d->owner)
      d->active = d->impulse[0] > 0.0 || d->gap0 + 0.5 * h * (d->gN_bar_known ? d->gN_bar : d->gN_pre) <= 0.0;
    /* Newton's law on the step average (beam nodes, generalized-alpha form;
       docs/contact.md §7.1); a persistent contact, one that carried an impulse
       in the last increment, stays in, held by the position-level law (which
       releases it): its node velocity at t_n, which alternates in sign while
       it is pressed, plays no part */
    d->step_law = step_law_applies(&e[i], d, ec);
    d->persist = d->step_law && d->owner && (d->impulse[0] > 0.0 || (d->persist_in && hermite_step(&e[i], d, ec)));
    /* IMPACT=SEQUENTIAL: a closed contact that does not approach at t_n sits
       this increment out (Waltersberger, Schema 5.3: sub-impact l involves
       only the contacts approaching with u^l; here one sub-impact per
       increment, so a chain resolves over as many increments), unless it
       rests on its support (a^sup < 0: a chain's touching balls have a_N =
       0 and no support along their normals), which the law on the step
       average holds (docs/contact.md §7) */
    if (d->active && e[i].ops == &nsb_contact_newton_ops &&
        ec->model->contact_pairs.data[d->pair].impact == NSB_IMPACT_SEQUENTIAL && !(d->gN_pre < 0.0) &&
        !(d->step_law && d->rests))
      d->active = 0;
  }
  /* The points of one point set (one body, one pair, one master; consecutive
     candidates) persist together: a body held by some of them keeps every
     other point that the midpoint test finds closed under the persistent law.
     The body's velocity at t_n alternates under the held contacts, and the
     restitution term of a point that carried no impulse in the last increment
     (the impulses of a redundant support are not unique) would ask the body
     for a different step-average motion there than the held points allow:
     four position conditions on three degrees of freedom, whose least-change
     solution is an impulse of the size of (inconsistency)/1e-9. */
  for (int i = 0; i < n;) {
    const nsb_contact_data* d = e[i].state;
    int j = i + 1, any = d->persist;
    while (j < n && d->shape.framed && ((const nsb_contact_data*)e[j].state)->shape.framed &&
           ((const nsb_contact_data*)e[j].state)->pair == d->pair && e[j].nodes[0] == e[i].nodes[0] &&
           ((const nsb_contact_data*)e[j].state)->shape.master == d->shape.master) {
      any |= ((const nsb_contact_data*)e[j++].state)->persist;
    }
    for (int k = i; k < j; ++k) {
      nsb_contact_data* dk = e[k].state;
      if (any && dk->step_law && dk->owner && dk->active) dk->persist = 1;
      if (dk->persist) dk->active = 1;
      /* particles and rigid bodies: a new contact keeps Moreau's law at
         velocity level (Newton's impact law v+ = -e v- exactly, chains and
         cradles as in the plain scheme) unless it touches at rest
         (resting_touch); a persistent one is held on the step average, where
         Moreau's law let the body rise */
      if (!dk->flexible) dk->step_law = dk->step_law && (dk->persist || resting_touch(dk, ec));
    }
    i = j;
  }
  stack_hold(e, n, ec, support);
  /* a held contact (its force in the smooth accelerations) takes part
     whatever the midpoint test says: the test reads the smooth motion, which
     the held force has stopped, and a contact left out would let that force
     act without its row (Moreau's law releases it, cancelling the force) */
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->held_law = held_applies(&e[i], d, ec);
    if (!d->held) continue;
    if (d->owner && held_applies(&e[i], d, ec)) {
      d->active = 1;
    } else {
      d->held = 0;
      d->Fc[0] = d->Fc[1] = d->Fc[2] = 0.0;
      d->Phi[0] = d->Phi[1] = d->Phi[2] = 0.0;
      d->Dm[0] = d->Dm[1] = d->Dm[2] = d->Mc[0] = d->Mc[1] = d->Mc[2] = 0.0;
    }
  }
  /* a persistent contact on a curved obstacle: the damping of its law's
     alternating mode, from t_n (step_damping) */
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->dN = 0.0;
    if (!curved_obstacle(d, ec)) continue;
    d->wN = shifted_normal_velocity(&e[i], d, ec);
    d->dN = step_damping(d);
  }
}

/* ---- loads and results --------------------------------------------------------- */

int nsb_contact_node_load(const nsb_elem* e, int j, nsb_vec3 F, double g[6]) {
  const nsb_contact_data* d = e->state;
  nsb_v3_store(nsb_v3_scale(d->wt[j], F), g);
  if (d->shape.framed && j == 0 && e->node_ndof[0] == 6) {
    nsb_mat3 Ja;
    memcpy(Ja.c, d->ja, sizeof Ja.c);
    nsb_v3_store(nsb_m3_tmulv(Ja, F), g + 3);
    return 6;
  }
  if (!(master_moments(d) && j > 0 && e->node_ndof[j] == 6)) return 3;
  nsb_mat3 Jr;
  memcpy(Jr.c, d->jr[j - 1], sizeof Jr.c);
  nsb_v3_store(nsb_m3_tmulv(Jr, F), g + 3);
  return 6;
}

/* HERTZ episode bookkeeping (docs/contact.md §6.1): the energy the time
   scheme makes on the elastic force is, per increment, V(al_n+1) - V(al_n)
   minus its trapezoidal work (F_n + F_n+1)(al_n+1 - al_n)/2; summed over an
   episode (al from 0 back to 0) only the error remains. */
static void hertz_episode(nsb_contact_data* d, const nsb_contact_pair* p, double al, double t, double h,
                          int mean) {
  /* al: signed penetration -g (negative while open); the force acts for al > 0 */
  const double c = contact_stiffness(p, d);
  double F = al > 0.0 ? nsb_hertz_elastic(c, p->exponent, al) : 0.0;
  /* under the row of hertz_mean_row (the contact was closed at t_n): the
     force of t_n+1 that makes the trapezoidal mean the discrete gradient,
     2 Fbar - F_n (the increment's error is then round-off); the next
     increment starts from the law's force of t_n+1, F (0 where it opened:
     the smooth accelerations) */
  double Fm = F;
  if (mean) {
    double dF;
    Fm = 2.0 * nsb_hertz_mean_force(c, p->exponent, d->ep_al, al, &dF) - d->ep_F;
  }
  if (!(al > 0.0) && !d->ep_open) {
    d->ep_al = al; /* where the next episode starts from */
    d->ep_F = 0.0;
    return;
  }
  if (!d->ep_open) {
    d->ep_open = 1;
    d->ep_steps = 0;
    d->ep_t0 = t - h;
    d->ep_err = d->ep_vmax = d->ep_wh = 0.0;
  }
  double V1 = al > 0.0 ? nsb_hertz_potential(c, p->exponent, al) : 0.0;
  double V0 = d->ep_al > 0.0 ? nsb_hertz_potential(c, p->exponent, d->ep_al) : 0.0;
  d->ep_err += V1 - V0 - 0.5 * (d->ep_F + Fm) * (al - d->ep_al);
  d->ep_vmax = fmax(d->ep_vmax, V1);
  if (al > 0.0) {
    /* stiffness of the law at this penetration: p c al^(p-1) */
    double k = p->exponent * c * pow(al, p->exponent - 1.0);
    d->ep_wh = fmax(d->ep_wh, sqrt(k / d->m_eff) * h);
  }
  ++d->ep_steps;
  d->ep_al = al;
  d->ep_F = F;
  if (!(al > 0.0)) {
    d->ep_open = 0;
    d->ep_t1 = t;
    d->ep_sum += d->ep_err;
    d->ep_peak = fmax(d->ep_peak, d->ep_vmax);
    ++d->ep_count;
    if (!d->ep_reported) {
      /* under-resolved, or the contact's episodes together (the first one
         alone) gained more than NSB_HERTZ_GAIN_WARN of their largest peak */
      if (d->ep_wh > NSB_HERTZ_OMEGA_H_WARN)
        d->ep_report = 1;
      else if (d->ep_sum > NSB_HERTZ_GAIN_WARN * d->ep_peak)
        d->ep_report = d->ep_count > 1 ? 2 : 1;
    }
  }
}

int nsb_contact_hertz_report(nsb_ctx* ctx, const nsb_model* m, nsb_elem* e, int n) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    if (e[i].ops == &nsb_contact_hertz_ops && d->fr_report && !d->fr_reported) {
      const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
      d->fr_report = 0;
      d->fr_reported = 1;
      nsb_log(ctx, NSB_LOG_WARN,
              "%s:%d: *CONTACT PAIR, FRICTION LAW=SMOOTH: at t = %.6g the contact of node %d has mu N h/(m v_s) = "
              "%.3g > %g: the friction's regularization (a damper mu N/v_s near zero slip) is much stiffer than "
              "the mass over one increment, and Newton's iteration may cycle at a stick-slip transition; raise "
              "SLIP VELOCITY to %.3g or more, or reduce the time increment (not reported again for this contact)",
              m->source, p->line, d->fr_t, m->nodes.data[e[i].nodes[0]].label, d->fr_ratio, NSB_FRICTION_SMOOTH_WARN,
              p->slip_velocity * d->fr_ratio / NSB_FRICTION_SMOOTH_WARN);
      ++count;
    }
    if (e[i].ops != &nsb_contact_hertz_ops || !d->ep_report) continue;
    const int summed = d->ep_report == 2;
    d->ep_report = 0;
    d->ep_reported = 1;
    const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
    const int label = m->nodes.data[e[i].nodes[0]].label;
    if (d->ep_wh > NSB_HERTZ_OMEGA_H_WARN)
      nsb_log(ctx, NSB_LOG_WARN,
              "%s:%d: *CONTACT PAIR, LAW=HERTZ: the contact of node %d lasted t = %.6g to %.6g in %d increments "
              "with omega h up to %.3g (under-resolved above %.2g): energy error of the episode %.4g "
              "(%.3g of its peak contact energy %.3g); reduce the time increment (further episodes of this "
              "contact are not reported)",
              m->source, p->line, label, d->ep_t0, d->ep_t1, d->ep_steps, d->ep_wh, NSB_HERTZ_OMEGA_H_WARN,
              d->ep_err, d->ep_vmax > 0.0 ? d->ep_err / d->ep_vmax : 0.0, d->ep_vmax);
    else if (!summed)
      nsb_log(ctx, NSB_LOG_WARN,
              "%s:%d: *CONTACT PAIR, LAW=HERTZ: the contact of node %d lasted t = %.6g to %.6g in %d increments "
              "with omega h up to %.3g and gained energy: energy error of the episode %.4g (%.3g of its peak "
              "contact energy %.3g, reported above %g); reduce the time increment (further episodes of this "
              "contact are not reported)",
              m->source, p->line, label, d->ep_t0, d->ep_t1, d->ep_steps, d->ep_wh, d->ep_err,
              d->ep_err / d->ep_vmax, d->ep_vmax, NSB_HERTZ_GAIN_WARN);
    else
      nsb_log(ctx, NSB_LOG_WARN,
              "%s:%d: *CONTACT PAIR, LAW=HERTZ: the contact of node %d gained energy over its %d episodes to "
              "t = %.6g: energy error of the episodes %.4g (%.3g of their largest peak contact energy %.3g, "
              "reported above %g; the last episode, from t = %.6g in %d increments with omega h up to %.3g, "
              "%.4g); reduce the time increment (further episodes of this contact are not reported)",
              m->source, p->line, label, d->ep_count, d->ep_t1, d->ep_sum, d->ep_sum / d->ep_peak, d->ep_peak,
              NSB_HERTZ_GAIN_WARN, d->ep_t0, d->ep_steps, d->ep_wh, d->ep_err);
    ++count;
  }
  return count;
}

/* The energy the law on the step average takes from the motion per unit
   impulse, each term >= 0 when e <= 1 (docs/contact.md §7.1, "What the law
   dissipates"): with xi_N of step_xi, the impulse's own work per unit impulse
   is vbar_N = xi_N/2 - loss, where (kappa_h = kappa/h, chord_turn)
     loss = kappa/h + (1 - e) max(-gamma_N-, 0)/2     (a new contact),
     loss = kappa/h + max(g_n, 0)/h [turn_applies]    (a persistent contact).
   Lambda xi_N/2 is the residual of the law's row (Lambda > 0 => xi_N = 0). */
static double step_loss(const nsb_contact_data* d, const nsb_eval_ctx* ec, double kappa_h) {
  double e = ec->model->contact_pairs.data[d->pair].restitution;
  if (d->persist) return kappa_h - d->dN + (turn_applies(d, ec) ? fmax(d->gap0, 0.0) / ec->h : 0.0);
  return kappa_h + 0.5 * (1.0 - e) * fmax(-d->gN_pre, 0.0);
}

/* Whether the normal row of a contact finished by nsb_contact_finish (not
   under the law on the step average) holds Newton's law in its persistent
   form, xi_N = gamma_N+ + eps gamma_N- + 2 kappa/h with eps = e for
   gamma_N- < 0 and 1 otherwise (nsb_newton_xi_step, docs/contact.md §7.1):
   beam nodes and held contacts; not IMPACT=POISSON or CLOSED FORM (whose
   row is a shifted Signorini condition), not Moreau's law of particles, not
   a massless slave (§7.2: its law does no work, eps = 1, and its booked
   work, -Lambda (gamma_N+ + gamma_N-)/2, is what measures that). */
static int persistent_form(const nsb_contact_pair* p, const nsb_contact_data* d) {
  return p->impact != NSB_IMPACT_POISSON && p->impact != NSB_IMPACT_CLOSED_FORM && !d->massless &&
         (d->flexible || d->held_law);
}

/* The energy such a law takes from the motion per unit normal impulse, each
   term >= 0 when e <= 1 (docs/contact.md §7.1, "What the law dissipates"):
   over the trapezoidal increment the impulse works (gamma_N+ + gamma_N-)/2
   = xi_N/2 - loss per unit impulse, with
     loss = kappa/h + (1 - eps) max(-gamma_N-, 0)/2,
   and Lambda xi_N/2 is the residual of the law's row (Lambda > 0 => xi_N = 0). */
static double persistent_loss(const nsb_contact_pair* p, const nsb_contact_data* d, const nsb_elem* e,
                              const nsb_eval_ctx* ec) {
  nsb_vec3 n1;
  return chord_turn(e, d, ec, &n1) / ec->h + 0.5 * (1.0 - p->restitution) * fmax(-d->gN_pre, 0.0);
}

/* Accepted increment of a contact under the law on the step average: the
   impulse nsb_impulse_time P (zero if the law left the contact open) and the
   energy the law dissipated, impulse times step_loss (>= 0 by construction
   for e <= 1; zero for e = 1 without a turn of the normal), which it returns.
   The impulse's work, impulse vbar_N, differs from minus that by the law's
   residual impulse xi_N/2, which is not booked: like the Newton residual of
   the element equations it stays in the balance kinetic + potential +
   dissipated - external_work.  (Booked as -impulse vbar_N, the round-off of
   vbar_N = 0 under e = 1 summed up to a dissipation of -2e-18 J on
   benchmarks/bar_wall_impact.)
   A moving obstacle works impulse times its step-average normal velocity
   (*obstacle_work).  (The booking only: the law is step_xi's.) */
static double step_law_finish(const nsb_elem* e, nsb_contact_data* d, const nsb_eval_ctx* ec, double* obstacle_work) {
  const double* P = ec->lambda + e->mult_first;
  nsb_mat3 Hm;
  nsb_vec3 n = step_normal(e, d, ec, &Hm), n1;
  double lv = nsb_impulse_time(ec) / d->m_row * P[0], vb = step_vbar(e, d, ec);
  double kappa_h = chord_turn(e, d, ec, &n1) / ec->h;
  int open = !(lv - step_xi(d, ec, vb + kappa_h) > 0.0);
  d->impulse[0] = open ? 0.0 : nsb_impulse_time(ec) * P[0];
  d->force = d->impulse[0] / ec->h;
  /* the start of a closed increment on a curved obstacle and the mean of
     w_N over the last one: the next one's step_damping */
  if (!open && curved_obstacle(d, ec)) {
    if (d->wN_known > 0) d->sN_last = 0.5 * (d->wN + d->wN_last) - d->dN_last;
    d->wN_known = d->wN_known > 0 ? 2 : 1;
    d->wN_last = d->wN;
    d->dN_last = d->dN;
  } else {
    d->wN_known = 0;
  }
  d->dissipated = d->impulse[0] * step_loss(d, ec, kappa_h);
  /* an impact of a beam node (nsb_contact_step_split): a new contact that
     approached */
  d->step_impact = d->impulse[0] != 0.0 && d->flexible && !d->persist && d->gN_pre < 0.0 &&
                   impulse_weight(ec) != 0.0 && d->split_free;
  if (d->shape.kind == 0 && d->impulse[0] != 0.0) {
    const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
    nsb_vec3 vd;
    nsb_vec3 u = nsb_v3_sub(nsb_obstacle_offset(ec->model, o, ec->t, &vd),
                            nsb_obstacle_offset(ec->model, o, ec->t - ec->h, &vd));
    *obstacle_work += d->impulse[0] * nsb_v3_dot(n, u) / ec->h;
  }
  return d->dissipated;
}

/* The slave's velocity relative to the master at the end of the increment
   (the obstacle's velocity in *vobs), with the master's rotation under a
   Hermite or body-face contact and a framed slave's own rotation. */
static nsb_vec3 end_rel_velocity(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3* vobs) {
  *vobs = nsb_contact_obstacle_velocity_end(e, d, ec);
  nsb_vec3 vrf = nsb_contact_rel_velocity(e, d->wt, ec->cur, *vobs);
  if (master_moments(d)) vrf = nsb_v3_add(vrf, nsb_contact_hermite_rot_velocity(e, d->jr[0], ec->cur));
  if (d->shape.framed) vrf = nsb_v3_add(vrf, nsb_contact_framed_velocity(e, d->ja, ec->cur));
  return vrf;
}

int nsb_contact_first_touch(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->touch = 0;
    const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
    if (e[i].ops != &nsb_contact_newton_ops || d->held || !(d->active && d->owner) || !held_applies(&e[i], d, ec))
      continue;
    /* the held start of nsb_contact_finish: after an impulse, or not approaching */
    if (!(d->impulse[0] > 0.0 || !(d->gN_pre < 0.0))) continue;
    /* a frictionless one only at rest on its support (a chain's touching
       balls do not approach either, but carry impacts) */
    if (e[i].n_mult == 1 && !d->rests) continue;
    const double* P = ec->lambda + e[i].mult_first;
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    nsb_vec3 vobs;
    nsb_vec3 vrf = end_rel_velocity(&e[i], d, ec, &vobs);
    nsb_vec3 n1;
    const double xiN =
        nsb_contact_xi_normal(p, d, nsb_v3_dot(dir[0], vrf)) + 2.0 * chord_turn(&e[i], d, ec, &n1) / ec->h;
    const double lv = nsb_impulse_time(ec) * P[0] / d->m_row;
    /* open (the rows' branch; the prox sweeps' impulses are the solution), or no impulse */
    if ((!ec->contact_prox && !(lv - xiN > 0.0)) || !(P[0] > 0.0)) continue;
    nsb_vec3 F = nsb_v3_zero();
    for (int k = 0; k < e[i].n_mult; ++k) F = nsb_v3_muladd(F, nsb_impulse_time(ec) * P[k] / ec->h, dir[k]);
    nsb_v3_store(F, d->Fc);
    /* the acceleration solve at t_n continues the pseudo-accelerations by the
       whole change (gain 1, solver/newton.c): a beam node's hold all of it */
    nsb_v3_store(F, d->Phi);
    nsb_v3_store(nsb_v3_zero(), d->Dm);
    nsb_v3_store(held_turns(&e[i], d) ? held_moment(d, F) : nsb_v3_zero(), d->Mc);
    d->touch = 1;
    ++count;
  }
  return count;
}

void nsb_contact_hold_first_touch(nsb_elem* e, int n) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    if (!d->touch) continue;
    d->touch = 0;
    d->held = 1;
    /* the acceleration solve that follows restarts a rigid slave's
       pseudo-accelerations (solver/assembly.c): a released hold's rest in
       them is gone (pass_on) */
    if (!d->flexible) d->Q_pass[0] = d->Q_pass[1] = d->Q_pass[2] = 0.0;
  }
}

/* The contact point on the master's surface and the surface's normal there, the
   output's (contacts.csv, contacts.vtu), both of the geometry G of the increment's end:
   the geometry's point is a plane's or a body face's surface point, but a sphere's
   centre, a cylinder's axis point, a particle master's centre and the closest point of
   a beam's centreline: each moved out by the master's radius along the normal (a
   rectangular master's: the particle's centre moved in by its distance). */
static void store_master_point(const nsb_model* m, nsb_contact_data* d, const nsb_contact_geo* G) {
  double rm = 0.0;
  if (d->shape.kind == 0) {
    const nsb_obstacle* o = &m->obstacles.data[d->shape.master];
    rm = o->kind == NSB_OBSTACLE_PLANE ? 0.0 : o->radius;
  } else if (d->shape.kind == 1) {
    rm = nsb_contact_node_radius(m, NULL, d->shape.master);
  } else if (d->shape.kind == 2) {
    rm = nsb_contact_beam_radius(m, &m->contact_pairs.data[d->pair], d->shape.master);
  }
  /* a rectangular master: the rectangle's point nearest the particle's centre */
  if (G->rectm) nsb_v3_store(nsb_v3_muladd(G->xc, -(G->g + d->shape.radius), G->n), d->point);
  else nsb_v3_store(nsb_v3_muladd(G->point, rm, G->n), d->point);
  nsb_v3_store(G->n, d->n_end);
}

/* The tangents of the normal n at the end of the increment: those
   nsb_contact_prepare stored with its normal when n is that normal to the
   last bit (a plane's, a contact that did not turn), which is what
   nsb_contact_tangents gives again; computed otherwise. */
static void end_tangents(const nsb_contact_data* d, nsb_vec3 n, nsb_vec3* t1, nsb_vec3* t2) {
  double nn[3];
  nsb_v3_store(n, nn);
  if (memcmp(nn, d->n, sizeof nn) == 0) {
    *t1 = nsb_v3_load(d->t);
    *t2 = nsb_v3_load(d->t + 3);
    return;
  }
  nsb_contact_tangents(n, t1, t2);
}

/* The share of h M p that Q_pass holds, for this increment's h: p persists
   over a change of the increment (a cutback's substeps), h M p scales with h
   (pair.h, Q_h).  On the grid h = t_n+1 - t_n differs from increment to
   increment in its last bits: within 1e-9 the same numbers, bit for bit. */
static nsb_vec3 pass_share(const nsb_contact_data* d, const nsb_eval_ctx* ec) {
  const nsb_vec3 Q = nsb_v3_load(d->Q_pass);
  return d->Q_h > 0.0 && fabs(d->Q_h - ec->h) > 1e-9 * ec->h ? nsb_v3_scale(ec->h / d->Q_h, Q) : Q;
}

/* The momentum a contact gave the slave's body in the accepted increment,
   which contacts.csv reports (nsb_contact_data.passed; docs/contact.md §7.2,
   "What contacts.csv reports"), after the impulses are final
   (nsb_contact_pass_on: after the split's and the joints' rebooking).  Every
   contact but a massless slave's in the generalized-alpha form passes on
   its impulse in the increment: an impact's force leaves the accelerations
   and the pseudo-accelerations at the restart after the increment
   (nsb_scheme_continue_pseudo removes gain (1 - alpha_f)/(1 - alpha_m) of
   it, all the filter held), a held contact's impulse holds the part its
   force in the smooth accelerations gives (held_carry, Phi).  A massless
   slave's force F acts on the beam through the node's equation at t_n+1,
   that is through the elements' internal forces at the positions of t_n+1,
   which the restart does not change: the beam's accelerations hold F at
   t_n+1 and t_n, and its momentum takes it through the pseudo-accelerations
   p of its nodes, (1 - alpha_m) p_n+1 + alpha_m p_n = (1 - alpha_f) a_n+1 +
   alpha_f a_n and M (v_n+1 - v_n) = h M ((1 - gamma) p_n + gamma p_n+1).
   With X = h ((1 - alpha_f) F_n+1 + alpha_f F_n) (its normal part is the
   increment's Lambda) the contact's share of h M p, Q_n+1 = (X - alpha_m
   Q_n)/(1 - alpha_m), passes on (1 - gamma) Q_n + gamma Q_n+1 in the
   increment: X in total over the increments that follow, the rest
   alternating by -alpha_m/(1 - alpha_m) per increment after the contact
   opened.  With alpha_m = alpha_f (RHOINF=1) this is X = Lambda, which is
   reported as it is; under massless_jump the particle master takes Lambda
   itself as a velocity jump, and the rows keep it (the particle's side). */
static void pass_on(nsb_elem* e, const nsb_eval_ctx* ec) {
  nsb_contact_data* d = e->state;
  const int filt =
      !ec->step_static && massless_alpha(d, ec) && !massless_jump(d, ec) && ec->alpha_m != ec->alpha_f;
  if (!filt) {
    memcpy(d->F_pre, d->F_pass, sizeof d->F_pre);
    for (int k = 0; k < 3; ++k) d->passed[k] = d->impulse[k];
    if (ec->step_static || !ec->mn_alpha || d->massless) {
      for (int k = 0; k < 3; ++k) d->Q_pass[k] = 0.0;
      return;
    }
    /* what a released hold left in the pseudo-accelerations decays freely
       (it is in no acceleration): Q_n+1 = -alpha_m Q_n/(1 - alpha_m), and
       passes on (1 - gamma) Q_n + gamma Q_n+1; the carried force of a hold
       that left inactive; the rest of a hold released in this increment
       from the next one on, unless a rigid slave's hold restarts the node's
       pseudo-accelerations (solver/assembly.c) */
    const double am = ec->alpha_m, g = ec->gamma;
    const nsb_vec3 Q0 = pass_share(d, ec), Q1 = nsb_v3_scale(-am / (1.0 - am), Q0);
    const nsb_vec3 pass =
        nsb_v3_add(nsb_v3_add(nsb_v3_scale(1.0 - g, Q0), nsb_v3_scale(g, Q1)), nsb_v3_load(d->pass_carry));
    for (int k = 0; k < e->n_mult && (pass.x != 0.0 || pass.y != 0.0 || pass.z != 0.0); ++k)
      d->passed[k] += nsb_v3_dot(nsb_v3_load(k == 0 ? d->n : d->t + 3 * (k - 1)), pass);
    nsb_v3_store(d->held && !d->flexible ? nsb_v3_zero() : nsb_v3_add(Q1, nsb_v3_load(d->pass_rest)), d->Q_pass);
    d->Q_h = ec->h;
    return;
  }
  const double am = ec->alpha_m, af = ec->alpha_f, g = ec->gamma;
  const nsb_vec3 F1 = nsb_v3_load(d->F_pass), F0 = nsb_v3_load(d->F_pre), Q0 = pass_share(d, ec);
  const nsb_vec3 X = nsb_v3_add(nsb_v3_scale((1.0 - af) * ec->h, F1), nsb_v3_scale(af * ec->h, F0));
  const nsb_vec3 Q1 = nsb_v3_scale(1.0 / (1.0 - am), nsb_v3_sub(X, nsb_v3_scale(am, Q0)));
  const nsb_vec3 pass = nsb_v3_add(nsb_v3_scale(1.0 - g, Q0), nsb_v3_scale(g, Q1));
  nsb_v3_store(Q1, d->Q_pass);
  d->Q_h = ec->h;
  memcpy(d->F_pre, d->F_pass, sizeof d->F_pre);
  /* along the increment's normal and tangents, as the impulses */
  for (int k = 0; k < 3; ++k)
    d->passed[k] = k < e->n_mult ? nsb_v3_dot(nsb_v3_load(k == 0 ? d->n : d->t + 3 * (k - 1)), pass) : 0.0;
}

/* A held contact released in the increment (pass_rest, pair.h): its share
   of the pseudo-accelerations at t_n was h Phi (a rigid slave's restarted,
   Phi = Fc), and its force h Fc was in the accelerations of t_n; the
   increment's own force leaves them again at the restart after the
   increment (nsb_scheme_continue_pseudo, gain (1 - alpha_f)/(1 - alpha_m)),
   so h (alpha_f Fc - alpha_m Phi)/(1 - alpha_m) stays (0 with alpha_m =
   alpha_f, where Phi - Fc alternates from 0). */
static void release_rest(nsb_contact_data* d, const nsb_eval_ctx* ec, nsb_vec3 Fc, nsb_vec3 Phi) {
  if (!ec->mn_alpha) return;
  const double am = ec->alpha_m, af = ec->alpha_f;
  nsb_vec3 r = nsb_v3_scale(ec->h / (1.0 - am), nsb_v3_sub(nsb_v3_scale(af, Fc), nsb_v3_scale(am, Phi)));
  nsb_v3_store(r, d->pass_rest);
}

double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive, double* obstacle_work,
                          nsb_contact_geo_memo* memo) {
  double total = 0.0;
  *impulsive = 0;
  *obstacle_work = 0.0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
    nsb_contact_geo Gn;
    d->vlaw = 0;
    d->step_impact = 0;
    d->split_free = 1;
    for (int c = 0; c < 3; ++c) d->pass_rest[c] = d->pass_carry[c] = 0.0;
    /* the history of step_damping, kept by step_law_finish */
    const int wN_known = d->wN_known;
    d->wN_known = 0;
    /* kept with its inputs for the next increment's nsb_contact_prepare */
    nsb_contact_geo* Gp = memo ? &memo[i].G : &Gn;
    nsb_contact_geometry(&e[i], &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, Gp);
    if (memo) {
      geo_key(&e[i], ec->cur, ec->t, d->n, memo[i].key);
      memo[i].valid = 1;
    }
    d->gap = Gp->g;
    d->rect_in = Gp->rectm && Gp->w[1] < 0.0 && Gp->w[2] < 0.0;
    d->gN_bar = (Gp->g - d->gap0) / ec->h;
    d->gN_bar_known = 1;
    store_master_point(ec->model, d, Gp);
    const double imp_prev = d->impulse[0];
    d->impulse[0] = d->impulse[1] = d->impulse[2] = 0.0;
    d->force = 0.0;
    d->dissipated = 0.0;
    d->ftan[0] = d->ftan[1] = d->ftan[2] = d->frate = 0.0;
    d->fstate = NSB_FSTATE_NONE;
    nsb_vec3 vr = nsb_contact_geo_velocity(&e[i], Gp, ec->cur);
    nsb_vec3 t1, t2;
    end_tangents(d, Gp->n, &t1, &t2);
    if (memo) {
      nsb_v3_store(t1, memo[i].t);
      nsb_v3_store(t2, memo[i].t + 3);
    }
    d->slip = sqrt(nsb_v3_dot(t1, vr) * nsb_v3_dot(t1, vr) + nsb_v3_dot(t2, vr) * nsb_v3_dot(t2, vr));
    if (e[i].ops == &nsb_contact_hertz_ops) {
      /* the damping force at t_n and its filtered value, for the filter to
         t_n+1 below (as hertz_energy had them: before the bed's commit) */
      const int share = d->owner && !ec->step_static && ec->old && !nsb_eval_trapezoidal(ec);
      double al0, ald0, Ft0 = 0.0, Fd0 = 0.0, Et0 = 0.0, E0 = 0.0;
      if (share) Fd0 = compliant_damping_old(&e[i], ec, p, d, &al0, &ald0, &Ft0);
      if (share && p->law == NSB_CONTACT_HERTZ) E0 = hertz_elastic_old(&e[i], ec, p, d, &Et0);
      double al = d->owner ? -Gp->g : fmin(-Gp->g, 0.0);
      if (d->owner && Gp->g < 0.0) {
        double Fa, Fd;
        d->force = compliant_force(p, d, ec->h, al, -nsb_v3_dot(Gp->n, vr), &Fa, &Fd);
      }
      if (p->friction > 0.0 && p->friction_law == NSB_FRICTION_SMOOTH && d->force > 0.0 && !ec->step_static &&
          !d->fr_reported) {
        /* the law's damper mu N/v_s against the mass over one increment, m/h (pair.h) */
        double r = p->friction * d->force * ec->h / (d->m_eff * p->slip_velocity);
        if (r > NSB_FRICTION_SMOOTH_WARN && !d->fr_report) {
          d->fr_report = 1;
          d->fr_ratio = r;
          d->fr_t = ec->t;
        }
      }
      if (p->law == NSB_CONTACT_WINKLER && !ec->step_static) {
        d->dissipated = bed_commit(d, p, al, d->force, ec->h);
        total += d->dissipated;
      }
      if (p->friction > 0.0 && p->friction_law == NSB_FRICTION_ELASTOPLASTIC && !ec->step_static) {
        double df = friction_commit(d, p, Gp, vr, d->force, ec->h, obstacle_work);
        d->dissipated += df;
        total += df;
        if (d->force > 0.0) {
          memcpy(d->ftan, d->fT, sizeof d->ftan);
          d->fstate = nsb_friction_state_elastoplastic(nsb_v3_load(d->fT), nsb_v3_load(d->fv), d->frate);
        }
      }
      if (p->friction > 0.0 && p->friction_law == NSB_FRICTION_SMOOTH && d->force > 0.0 && !ec->step_static &&
          !Gp->hermite) {
        /* output only: the law's force at the end of the increment */
        nsb_vec3 vT, z, wd;
        nsb_v3_store(friction_end(d, p, Gp, vr, d->force, ec->h, &vT, &z, &wd), d->ftan);
        d->fstate = nsb_friction_state_smooth(p->slip_velocity, vT);
      }
      /* an increment from a closed contact under the row of hertz_mean_row:
         its mean force in the episode's error, and the smooth accelerations
         of t_n+1 solved anew with the law's force instead of the row (the
         increment is impulsive: the row is a mean over the increment, not
         the force of the end state) */
      double Fo, Foa;
      const int mean = hertz_mean_row(&e[i], ec, p, d, Gp, &Fo, &Foa) != 0;
      if (mean) *impulsive = 1;
      if (!ec->step_static) hertz_episode(d, p, al, ec->t, ec->h, mean);
      /* the forces of t_n+1 the obstacle's work and SMOOTH friction are
         booked with (hertz_energy) */
      if (!ec->step_static) {
        nsb_vec3 Fn, T, vT;
        booking_forces(d, p, Gp, vr, d->force, ec->h, &Fn, &T, &vT);
        nsb_v3_store(Fn, d->bk_Fn);
        nsb_v3_store(T, d->bk_T);
        nsb_v3_store(vT, d->bk_vT);
        nsb_v3_store(Gp->vobs, d->bk_vo);
      }
      d->bk_known = !ec->step_static;
      /* the damping force of t_n+1 as the equations had it (hertz_energy):
         before bed_commit above changed the bed's state, in d->force */
      {
        /* and filtered by the alpha relation from t_n's, under the schemes
           other than the trapezoidal rule (hertz_energy) */
        double Ft1 = 0.0;
        const double Fd1 = d->owner ? compliant_damping(p, d, al, d->force) : 0.0;
        if (share)
          Ft1 = nsb_alpha_filter(ec, nsb_v3(Fd0, 0.0, 0.0), nsb_v3(Fd1, 0.0, 0.0), nsb_v3(Ft0, 0.0, 0.0)).x;
        d->dmp_al = al;
        d->dmp_F = Fd1;
        d->dmp_ald = -nsb_v3_dot(Gp->n, vr);
        d->dmp_Ft = Ft1;
        d->dmp_ft_known = share;
        /* the elastic force filtered likewise (hertz_mean_row): with the
           open contact's 0 after the increment in which it opened, as the
           smooth accelerations continue the pseudo-accelerations */
        const int el = share && p->law == NSB_CONTACT_HERTZ;
        const double E1 = el && al > 0.0 ? nsb_hertz_elastic(contact_stiffness(p, d), p->exponent, al) : 0.0;
        d->el_Ft = el ? nsb_alpha_filter(ec, nsb_v3(E0, 0.0, 0.0), nsb_v3(E1, 0.0, 0.0), nsb_v3(Et0, 0.0, 0.0)).x : 0.0;
        d->el_ft_known = el;
      }
      d->dmp_known = !ec->step_static;
      continue;
    }
    if (ec->step_static) {
      /* a static step's Signorini row (contact/static_law.h): the force of
         the closed branch, no impulse; an open contact carries nothing,
         exactly (its multiplier is round-off) */
      double g;
      const int fs = nsb_contact_static_state(&e[i], ec, &g, d->ftan);
      const int closed = fs >= 0;
      d->force = closed ? ec->lambda[e[i].mult_first] : 0.0;
      d->fstate = closed ? fs : NSB_FSTATE_NONE;
      d->slip = 0.0;
      d->active = closed;
      d->held = 0;
      for (int c = 0; c < 3; ++c) d->Fc[c] = d->Phi[c] = d->Dm[c] = d->Mc[c] = 0.0;
      continue;
    }
    const double P_pre = d->P_pre;
    if (d->massless) {
      d->P_pre = ec->lambda[e[i].mult_first]; /* the node's force at t_n+1 */
      d->P_master = massless_jump(d, ec) ? 0.0 : d->P_pre;
      /* and along the tangents too, as its rows apply it (newton_eval): the
         normal row of an owner, the tangents' of an active owner (pass_on) */
      const double* Pm = ec->lambda + e[i].mult_first;
      nsb_vec3 F = nsb_v3_scale(d->owner ? Pm[0] : 0.0, nsb_v3_load(d->n));
      for (int k = 1; k < e[i].n_mult && d->active && d->owner; ++k)
        F = nsb_v3_muladd(F, Pm[k], nsb_v3_load(d->t + 3 * (k - 1)));
      nsb_v3_store(F, d->F_pass);
    }
    /* a held contact's force was in the accelerations of t_n: the smooth
       accelerations are recomputed after the increment in any case, so that
       an opening contact's force leaves them */
    const int was_held = d->held;
    if (was_held && e[i].ops == &nsb_contact_newton_ops) *impulsive = 1;
    /* a held force was in the accelerations of t_n (its multiplier changed
       the increment's), a massless slave's force P_n too */
    if (was_held || d->massless) d->split_free = 0;
    if (d->step_law && d->active && d->owner) d->held = 0;
    if (d->step_law && d->active && d->owner) {
      d->wN_known = wN_known;
      total += step_law_finish(&e[i], d, ec, obstacle_work);
      if (d->impulse[0] != 0.0) *impulsive = 1;
      if (d->impulse[0] != 0.0 && !d->step_impact) d->split_free = 0;
      continue;
    }
    if (!(d->active && d->owner)) {
      /* a held contact that left: its rows load no node, and the increment
         passed its carried force on all the same (pass_on) */
      if (was_held) {
        release_rest(d, ec, nsb_v3_load(d->Fc), nsb_v3_load(d->Phi));
        nsb_v3_store(nsb_v3(held_carry(d, ec, nsb_v3(1, 0, 0)), held_carry(d, ec, nsb_v3(0, 1, 0)),
                            held_carry(d, ec, nsb_v3(0, 0, 1))),
                     d->pass_carry);
      }
      /* a massless slave out of contact still carried the force P_n at t_n:
         its row made the increment's impulse zero (P_n+1 = -P_n, see newton_eval) */
      d->held = 0;
      d->Fc[0] = d->Fc[1] = d->Fc[2] = 0.0;
      d->Phi[0] = d->Phi[1] = d->Phi[2] = 0.0;
      d->Dm[0] = d->Dm[1] = d->Dm[2] = d->Mc[0] = d->Mc[1] = d->Mc[2] = 0.0;
      continue;
    }
    const double* P = ec->lambda + e[i].mult_first;
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    nsb_vec3 vobs;
    nsb_vec3 vrf = end_rel_velocity(&e[i], d, ec, &vobs);
    double pre[3] = {d->gN_pre, d->gT_pre[0], d->gT_pre[1]};
    /* The semi-smooth iteration drives the impulse of an open contact (the
       row lambda_v = 0) to zero only up to the round-off of the linear
       solves (1e-31, -1e-46, ... after successive iterations; their size
       depends on the unit system).  Read the branch of the converged state
       instead: an open contact carries no impulse, exactly, so that it
       neither reports a phantom impulse nor makes the increment impulsive. */
    int open = 0;
    /* a massless slave's impulse also holds its force at t_n (newton_eval) */
    const double t_imp = contact_impulse_time(d, ec);
    const int ma = massless_alpha(d, ec);
    const double pre_part = d->massless ? nsb_newton_massless_pre(ec->h, t_imp, P_pre) : 0.0;
    /* a held contact with a beam node, its slip on the step average
       (held_position): its tangential impulses work with the step-average
       slip velocity, Lambda_T . vbar_T */
    const int hpos = held_position(&e[i], d, ec);
    /* a frictional contact of a beam node: every row books its impulse's
       work in the scheme (scheme_work) */
    const int spos = position_rows(&e[i], d, ec) && ec->old && impulse_weight(ec) != 0.0;
    const nsb_vec3 ubar = hpos || spos ? nsb_v3_scale(1.0 / ec->h, step_disp(&e[i], d, ec)) : nsb_v3_zero();
    if (!ec->contact_prox) {
      const double gN = nsb_v3_dot(dir[0], vrf);
      nsb_vec3 n1;
      double xiN = (ma                                  ? 2.0 * massless_vbar(&e[i], d, ec)
                    : held_normal_position(&e[i], d, ec) ? 2.0 * nsb_v3_dot(dir[0], ubar)
                                                          : nsb_contact_xi_normal(p, d, gN)) +
                   2.0 * chord_turn(&e[i], d, ec, &n1) / ec->h;
      const double m_rows = d->held || d->rot_rows ? d->m_held : d->m_row;
      const double lv = d->massless ? (t_imp * P[0] + pre_part) / d->m_eff
                                    : (nsb_impulse_time(ec) * P[0] + held_carry(d, ec, dir[0])) / m_rows;
      open = !(lv - xiN > 0.0);
    }
    for (int k = 0; k < e[i].n_mult; ++k) {
      d->impulse[k] = open ? 0.0 : t_imp * P[k] + held_carry(d, ec, dir[k]);
      if (k == 0 && !open && d->massless) d->impulse[0] += pre_part;
      double post = nsb_v3_dot(dir[k], vrf);
      if (spos)
        d->dissipated -= d->impulse[k] * scheme_work(d, ec, dir[k], ubar, post, pre[k]);
      else if (k == 0 && persistent_form(p, d))
        d->dissipated += d->impulse[0] * persistent_loss(p, d, &e[i], ec);
      else if (k == 0 && ma)
        d->dissipated -= d->impulse[0] * massless_vbar(&e[i], d, ec); /* the work Lambda vbar_N */
      else
        d->dissipated -= d->impulse[k] * (hpos && k > 0 ? nsb_v3_dot(dir[k], ubar) : 0.5 * (post + pre[k]));
    }
    /* held in the next increment: closed at the end of this one, after a
       start that was persistent (it carried an impulse in the last
       increment) or did not approach (a body set down at rest); an
       approaching new contact's impulse is an impact, not a force.  Its mean
       force over the increment goes into the smooth accelerations. */
    d->held = held_applies(&e[i], d, ec) && !open && d->impulse[0] > 0.0 &&
              (was_held || imp_prev > 0.0 || !(d->gN_pre < 0.0)) && (e[i].n_mult == 3 || was_held || d->rests);
    /* an impact of a free particle or rigid body under the law on the
       velocity at t_n+1 (nsb_contact_impact_shift): a new contact (no impulse
       in the last increment) that approached, not held before or after, not
       a beam node or a massless slave; against an obstacle or a particle (a
       rigid body's sphere or point against an obstacle); semi-smooth rows or
       the prox sweeps, simultaneous or sequential (one sub-impact per
       increment: a closed contact that sits the increment out carries
       nothing) */
    d->vlaw = impulse_weight(ec) != 0.0 && !open && !was_held && !ma && !hpos && !d->massless && !d->flexible &&
              !d->step_law && (d->shape.kind == 0 || (d->shape.kind == 1 && !d->shape.framed)) &&
              d->gN_pre < 0.0 && imp_prev == 0.0 && !d->held && e[i].ops == &nsb_contact_newton_ops;
    const nsb_vec3 Fc_old = nsb_v3_load(d->Fc), Phi_old = nsb_v3_load(d->Phi), Mc_old = nsb_v3_load(d->Mc);
    if (was_held && !d->held) release_rest(d, ec, Fc_old, Phi_old);
    for (int c = 0; c < 3; ++c) d->Fc[c] = d->Phi[c] = d->Dm[c] = d->Mc[c] = 0.0;
    if (d->held) {
      nsb_vec3 F = nsb_v3_zero();
      for (int k = 0; k < e[i].n_mult; ++k) F = nsb_v3_muladd(F, d->impulse[k] / ec->h, dir[k]);
      nsb_v3_store(F, d->Fc);
      /* a rigid body's point: the part (h - t_i) Fc_old of F that the last
         acceleration solve carried keeps the moment it was applied with,
         Mc_old, not the one of the arm now (pair.h, Dm) */
      if (held_turns(&e[i], d)) {
        const nsb_vec3 Dm = was_held ? nsb_v3_scale((ec->h - nsb_impulse_time(ec)) / ec->h,
                                                    nsb_v3_sub(Mc_old, held_moment(d, Fc_old)))
                                     : nsb_v3_zero();
        nsb_v3_store(Dm, d->Dm);
        nsb_v3_store(nsb_v3_add(held_moment(d, F), Dm), d->Mc);
        /* the angular impulse h Dm that the impulses' moments with this arm
           miss works on the body with its mean angular velocity and on a
           spinning obstacle with its spin (body frame): booked like them */
        if (was_held && ec->old) {
          const int nd = e[i].nodes[0];
          const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
          const nsb_vec3 C = nsb_v3_scale(ec->h, Dm);
          const nsb_vec3 wm = nsb_v3_scale(0.5, nsb_v3_add(nsb_st_w(ec->old, nd), nsb_st_w(ec->cur, nd)));
          const nsb_vec3 ws = nsb_q_rotate_inv(nsb_st_q(ec->old, nd), nsb_v3_scale(o->spin, nsb_v3_load(o->dir)));
          d->dissipated -= nsb_v3_dot(C, nsb_v3_sub(wm, ws));
          *obstacle_work += nsb_v3_dot(C, ws);
        }
      }
      /* the part of it the continued pseudo-accelerations hold (pair.h, Phi):
         p_n+1 = ((1 - af) a* + af a_n - am p_n)/(1 - am) after the acceleration
         solve (the increment's own a_n+1 drops out of the continuation) */
      nsb_vec3 Phi = F;
      if (d->flexible) {
        const double am = ec->alpha_m, af = ec->alpha_f;
        const nsb_vec3 Fo = was_held ? Fc_old : nsb_v3_zero(), Po = was_held ? Phi_old : nsb_v3_zero();
        Phi = nsb_v3_scale(1.0 / (1.0 - am),
                           nsb_v3_add(nsb_v3_scale(1.0 - af, F), nsb_v3_sub(nsb_v3_scale(af, Fo), nsb_v3_scale(am, Po))));
      }
      nsb_v3_store(Phi, d->Phi);
    }
    if (e[i].n_mult == 3) {
      double a = nsb_v3_dot(dir[1], vrf), b = nsb_v3_dot(dir[2], vrf);
      d->slip = sqrt(a * a + b * b);
    }
    d->force = d->impulse[0] / ec->h;
    if (d->shape.kind == 0 && (ec->model->obstacles.data[d->shape.master].amplitude >= 0 ||
                               ec->model->obstacles.data[d->shape.master].spin != 0.0)) {
      /* a moving (or spinning) obstacle works on the particle: impulse times its step-average velocity */
      nsb_vec3 v0 = nsb_obstacle_point_velocity(ec->model, d->shape.master, d->arm, ec->t - ec->h);
      nsb_vec3 va = nsb_v3_scale(0.5, nsb_v3_add(v0, vobs));
      for (int k = 0; k < e[i].n_mult; ++k) *obstacle_work += d->impulse[k] * nsb_v3_dot(dir[k], va);
    }
    if (d->impulse[0] != 0.0 || (e[i].n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)))
      *impulsive = 1;
    if (d->impulse[0] != 0.0 || (e[i].n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)) || d->held)
      d->split_free = 0;
    total += d->dissipated;
  }
  /* a held contact of a group (one slave against the chords of one pair)
     that is no longer the nearest at the increment's end hands its force on
     to the nearest: the slave has just passed the node the two chords share,
     where the weights of the other nodes vanish (dropped, the force would
     leave the accelerations and the next owner start as a new contact, which
     lifts the slave by (beta/gamma - 1/2) g h^2 at every node it passes) */
  for (int i = 0; i < n;) {
    const nsb_contact_data* d = e[i].state;
    int j = i + 1, best = i, held = d->held ? i : -1;
    while (d->group >= 0 && j < n && ((const nsb_contact_data*)e[j].state)->group == d->group) {
      const nsb_contact_data *dj = e[j].state, *db = e[best].state;
      /* ties: a rectangular master's interior point (group_nearer) */
      if (group_nearer(dj, dj->gap, dj->rect_in, db, db->gap, db->rect_in)) best = j;
      if (held < 0 && ((const nsb_contact_data*)e[j].state)->held) held = j;
      ++j;
    }
    if (held >= 0 && held != best && d->group >= 0) {
      nsb_contact_data *dh = e[held].state, *db = e[best].state;
      db->held = 1;
      memcpy(db->Fc, dh->Fc, sizeof db->Fc);
      memcpy(db->Phi, dh->Phi, sizeof db->Phi);
      memcpy(db->Dm, dh->Dm, sizeof db->Dm);
      memcpy(db->Mc, dh->Mc, sizeof db->Mc);
      dh->held = 0;
      for (int c = 0; c < 3; ++c) dh->Fc[c] = dh->Phi[c] = dh->Dm[c] = dh->Mc[c] = 0.0;
    }
    i = j;
  }
  return total;
}

void nsb_contact_pass_on(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  for (int i = 0; i < n; ++i) {
    pass_on(&e[i], ec);
    nsb_contact_data* d = e[i].state;
    for (int k = 0; k < 3; ++k) d->pass_max = fmax(d->pass_max, fabs(d->passed[k]));
  }
}

/* The velocity jump (dv global, dw body frame) of the rigid body at node q
   for the impulse F (global) and the moment impulse Mo about the node (body
   frame), its mass matrix at the state st (elements/rigid_body.c): with the
   centre of mass c, J_c dw = Mo - c x R^T F and dv = F/m + R (c x dw). */
int nsb_contact_body_velocity_jump(const nsb_model* m, int q, const nsb_state* st, nsb_vec3 F, nsb_vec3 Mo,
                                   nsb_vec3* dv, nsb_vec3* dw) {
  nsb_mat3 Ji;
  if (!body_inverse_inertia(m, q, &Ji)) return 0;
  const nsb_rigid_body* b = &m->rigid_bodies.data[m->nodes.data[q].body];
  const nsb_quat R = nsb_st_q(st, q);
  const nsb_vec3 c = nsb_v3_load(b->com);
  *dw = nsb_m3_mulv(Ji, nsb_v3_sub(Mo, nsb_v3_cross(c, nsb_q_rotate_inv(R, F))));
  *dv = nsb_v3_add(nsb_v3_scale(1.0 / b->mass, F), nsb_q_rotate(R, nsb_v3_cross(c, *dw)));
  return 1;
}

/* docs/contact.md §7, "Impacts under gravity".  In the generalized-alpha
   form (and in Newmark's scheme, impulse_weight) an impulse Lambda enters the
   pseudo-accelerations at t_n+1: it jumps the velocity by du = M^-1 G^T
   Lambda and moves the body by h (beta/gamma) du, while its work is booked
   with the trapezoidal average, h du/2; a smooth force that works on the
   difference (gravity) gains m g (beta/gamma - 1/2) h du per impact.  Chen,
   Acary, Virlez & Bruls (2013) integrate the impulse's part of the position
   with the weight 1/2: here after the increment, for free particles and
   rigid bodies (lumped mass or the body's own 6 x 6 mass matrix, so du
   follows from the impulses alone; no joint, boundary, beam or spring), and
   only where every contact of the body in the increment was such an impact
   (a held contact or one on the step average states the position itself).
   A rigid body's rotation takes the same split on SO(3): R = R_n exp(h wbar)
   with wbar less (beta/gamma - 1/2) dw, dw its body-frame angular velocity
   jump. */
int nsb_contact_impact_shift(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support, nsb_state* cur) {
  if (!support || ec->step_static) return 0;
  const double c = impulse_weight(ec);
  if (c == 0.0) return 0;
  const nsb_model* m = ec->model;
  const int nn = m->nodes.count;
  const double* minv = support;
  /* 6 per node: the impulses (global force, body-frame moment about the node) */
  double* acc = support + nn;
  double* mark = support + 7 * nn; /* 1 shift, -1 none, 2 moved */
  int any = 0;
  for (int i = 0; i < n; ++i) {
    any |= ((const nsb_contact_data*)e[i].state)->vlaw;
    for (int j = 0; j < e[i].n_nodes; ++j) {
      memset(acc + 6 * e[i].nodes[j], 0, 6 * sizeof(double));
      mark[e[i].nodes[j]] = 0.0;
    }
  }
  if (!any) return 0;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    const int part = d->vlaw || d->held || (d->owner && d->active) || d->force != 0.0 || d->impulse[0] != 0.0;
    if (d->vlaw || !part) continue;
    for (int j = 0; j < e[i].n_nodes; ++j) mark[e[i].nodes[j]] = -1.0;
  }
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (!d->vlaw) continue;
    nsb_vec3 L = nsb_v3_zero();
    const nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    for (int k = 0; k < e[i].n_mult && k < 3; ++k) L = nsb_v3_muladd(L, d->impulse[k], dir[k]);
    for (int j = 0; j < e[i].n_nodes; ++j) {
      const int q = e[i].nodes[j];
      const nsb_body_kind kind = m->nodes.data[q].body_kind;
      double* a = acc + 6 * q;
      nsb_mat3 Rj;
      /* a rigid body's moment: the contact's rotation map (a framed slave's
         JA, a face's -JB), as its rows applied it; a body without one is
         not shifted */
      const int rot = kind == NSB_BODY_RIGID && support_rotation(&e[i], d, j, &Rj);
      if (mark[q] < 0.0 || !(minv[q] > 0.0) || (kind != NSB_BODY_PARTICLE && !rot)) {
        mark[q] = -1.0;
        continue;
      }
      mark[q] = 1.0;
      /* a particle's velocity jump, a body's impulses (its jump below) */
      nsb_v3_store(nsb_v3_muladd(nsb_v3_load(a), rot ? d->wt[j] : d->wt[j] * minv[q], L), a);
      if (rot) nsb_v3_store(nsb_v3_add(nsb_v3_load(a + 3), nsb_m3_tmulv(Rj, L)), a + 3);
    }
  }
  int moved = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < e[i].n_nodes; ++j) {
      const int q = e[i].nodes[j];
      const double* a = acc + 6 * q;
      if (mark[q] != 1.0) continue;
      mark[q] = 2.0; /* moved: once per body */
      ++moved;
      if (m->nodes.data[q].body_kind == NSB_BODY_PARTICLE) {
        for (int k = 0; k < 3; ++k) cur->x[3 * q + k] -= c * a[k];
        continue;
      }
      nsb_vec3 dv, dw;
      if (!nsb_contact_body_velocity_jump(m, q, cur, nsb_v3_load(a), nsb_v3_load(a + 3), &dv, &dw)) continue;
      nsb_v3_store(nsb_v3_muladd(nsb_v3_load(cur->x + 3 * q), -c, dv), cur->x + 3 * q);
      /* R = R_n exp(Theta - c dw), Theta the increment's rotation (body frame) */
      const nsb_quat qn = nsb_st_q(ec->old, q);
      const nsb_vec3 th = nsb_so3_log_q(nsb_q_mul(nsb_q_conj(qn), nsb_st_q(cur, q)));
      nsb_q_store(nsb_q_normalize(nsb_q_mul(qn, nsb_so3_exp_q(nsb_v3_muladd(th, -c, dw)))), cur->q + 4 * q);
    }
  if (!moved) return 0;
  /* the gaps at the end of the increment, of every contact of a moved body */
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    int touched = 0;
    for (int j = 0; j < e[i].n_nodes; ++j) touched |= mark[e[i].nodes[j]] == 2.0;
    if (!touched || e[i].ops != &nsb_contact_newton_ops) continue;
    nsb_contact_geo G;
    nsb_contact_geometry(&e[i], &d->shape, nsb_v3_load(d->n), m, ec->cur, ec->t, &G);
    d->gap = G.g;
    d->gN_bar = (G.g - d->gap0) / ec->h;
    store_master_point(m, d, &G);
  }
  return moved;
}

/* docs/contact.md §7, "Impacts under gravity", beam nodes.  The law on the
   step average states the position of an impact, 2 vbar_N = (1 - e)
   gamma_N-, and books the impulse's work with that vbar_N.  In the
   generalized-alpha form the position holds the impulse's velocity jump with
   the weight h beta/gamma (the pseudo-accelerations' step average), so the
   same position left the velocity short of the trapezoidal one by
   (2 beta/gamma - 1) times the jump (v+ = -0.49625 v- at e = 0.5 for a rod
   dropped on its ends, whatever h) and the impact increment lost energy that
   dissipated did not book.  Chen, Acary, Virlez & Bruls (2013) take the
   impulse's part of the position at the trapezoidal weight h/2: the same
   position then holds the jump of the impulse (2 beta/gamma) Lambda.  Here,
   after an increment in which every multiplier was an impact of a beam node
   under that law (nsb_contact_data.step_impact, split_free), the velocities
   take alpha du more (nsb_contact_split_weight, applied by the acceleration
   solve: du = gamma h gain (a_increment - a_smooth), the consistent mass
   matrix's response M^-1 W Lambda), and the impulses, forces, dissipation
   and obstacle work are scaled by 1 + alpha (nsb_contact_split_book). */
int nsb_contact_step_split(const nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  if (ec->step_static || !ec->mn_alpha || impulse_weight(ec) == 0.0) return 0;
  int any = 0;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (e[i].ops != &nsb_contact_newton_ops) continue;
    if (!d->split_free && !d->step_impact) return 0;
    any |= d->step_impact;
  }
  return any;
}

/* alpha = (2 beta/gamma - 1) sum_k Lambda_k dv_k / sum_k Lambda_k du_k over
   the contacts of the split (nsb_contact_step_split), dv_k = gamma_N+ -
   gamma_N- the normal velocity change the increment gave the contact and
   du_k = n . sum_j w_j du_j the part the impulses' jump du has there (ec at
   t_n+1 with the increment's velocities; a_inc, a_smooth the nodes'
   accelerations, t_i = gamma h gain).  Where the increment resolves the
   contact node's response, du_k = dv_k up to the smooth part (O(h)) and
   alpha is Chen's 2 beta/gamma - 1; where it does not (the consistent mass
   gives the node a jump du_k that the stiffness takes back within the
   increment: 18 dv_k on tests/user pendulum_stop, h = 0.2 ms), the whole
   jump scaled by 2 beta/gamma - 1 would add its high-frequency part's energy
   (that run then gained 1.5e-4 m g L/2 in its impact increment), and alpha
   scales it so that the node takes (2 beta/gamma - 1) dv_k: its velocity is
   then the trapezoidal one, v+ = 2 vbar_N - v- (= -e v- for an impact).
   The ratio is capped at 1. */
double nsb_contact_split_weight(const nsb_elem* e, int n, const nsb_eval_ctx* ec, const double* a_inc,
                                const double* a_smooth, double t_i) {
  double num = 0.0, den = 0.0;
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (e[i].ops != &nsb_contact_newton_ops || !d->step_impact) continue;
    const nsb_vec3 nn = nsb_v3_load(d->n);
    nsb_vec3 vobs;
    const double dv = nsb_v3_dot(nn, end_rel_velocity(&e[i], d, ec, &vobs)) - d->gN_pre;
    double du = 0.0;
    for (int j = 0; j < e[i].n_nodes; ++j) {
      const int q = e[i].nodes[j];
      nsb_vec3 a = nsb_v3_sub(nsb_v3_load(a_inc + 3 * q), nsb_v3_load(a_smooth + 3 * q));
      du += d->wt[j] * t_i * nsb_v3_dot(nn, a);
    }
    num += d->impulse[0] * dv;
    den += d->impulse[0] * du;
  }
  /* at most Chen's weight: a node whose velocity change exceeds the
     impulses' jump there (the stiffness pushing the same way, ratio 1.58 in
     a re-contact of the rod at h = 2 us) takes no more than the split */
  return den > 0.0 && num > 0.0 ? (2.0 * ec->beta / ec->gamma - 1.0) * fmin(num / den, 1.0) : 0.0;
}

void nsb_contact_split_book(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* dissipated,
                            double* work) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    if (e[i].ops != &nsb_contact_newton_ops || !d->step_impact) continue;
    *dissipated += alpha * d->dissipated;
    if (d->shape.kind == 0) {
      /* a moving obstacle's work, as step_law_finish booked it */
      const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
      nsb_vec3 vd;
      nsb_vec3 u = nsb_v3_sub(nsb_obstacle_offset(ec->model, o, ec->t, &vd),
                              nsb_obstacle_offset(ec->model, o, ec->t - ec->h, &vd));
      *work += alpha * d->impulse[0] * nsb_v3_dot(nsb_v3_load(d->n), u) / ec->h;
    }
    d->impulse[0] *= 1.0 + alpha;
    d->force *= 1.0 + alpha;
    d->dissipated *= 1.0 + alpha;
  }
}

/* ---- impacts on jointed bodies (solver/system_contact.c) ----------------------- */

double nsb_contact_normal_rate(const nsb_elem* e, const nsb_eval_ctx* ec) {
  const nsb_contact_data* d = e->state;
  nsb_vec3 vobs;
  return nsb_v3_dot(nsb_v3_load(d->n), end_rel_velocity(e, d, ec, &vobs));
}

int nsb_contact_impulse_amendable(const nsb_elem* e, const nsb_eval_ctx* ec) {
  const nsb_contact_data* d = e->state;
  if (e->ops != &nsb_contact_newton_ops || !(d->impulse[0] != 0.0)) return 0;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  if (d->held || d->held_law || d->step_law || d->massless || d->flexible || persistent_form(p, d)) return 0;
  if (e->n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)) return 0;
  if (d->shape.kind == 0) {
    const nsb_obstacle* o = &ec->model->obstacles.data[d->shape.master];
    if (o->amplitude >= 0 || o->spin != 0.0) return 0;
  }
  return 1;
}

double nsb_contact_rebook_impulse(nsb_elem* e, const nsb_eval_ctx* ec, double L, double g_pre, double post) {
  nsb_contact_data* d = e->state;
  const double D_old = d->dissipated;
  d->impulse[0] = L;
  d->force = L / ec->h;
  d->dissipated = -L * 0.5 * (post + g_pre);
  return d->dissipated - D_old;
}

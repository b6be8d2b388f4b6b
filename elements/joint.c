/* joint.c -- bilateral joints with Lagrange multipliers: spherical,
 * revolute, distance; imposed at position or velocity level (Češarek et al. 2013, §4.3.3,
 * eqs. 4.42-4.45), and at acceleration level for the initial accelerations.
 *
 * Kinematics of a joint point on side X (node x, R, body-frame offset s):
 *   p = x + R s,  v_p = v + R (w x s),  a_p = a + R (al x s + w x (w x s)),
 *   dp = dx + P dTheta,  P = -R S(s),
 *   dv_p/dTheta = -R S(w x s),  dv_p/dw = P,  da_p/dal = P.
 * A side without DOFs (ground) is a fixed point; a particle has s = 0.
 *
 * Constraint equations Phi, virtual work lambda . dPhi:
 *   spherical  Phi = p_A - p_B (3)
 *   distance   Phi = (d.d - L^2)/2, d = p_A - p_B (1);  dPhi/dt = d.(v_pA - v_pB),
 *              d2Phi/dt2 = d.(a_pA - a_pB) + |v_pA - v_pB|^2
 *   revolute   spherical + Phi_k = e . f_k, e = R_A axis_A, f_k = R_B b_k (k = 1, 2);
 *              dPhi_k = g_A . dTheta_A + g_B . dTheta_B,
 *              g_A = axis_A x (R_A^T f_k), g_B = b_k x (R_B^T e).
 * Multiplier force at a point, F (global), enters the node rows as
 *   translational + F,  rotational + s x (R^T F)     (body-frame moment);
 * its derivative with respect to the same node's spin adds S(s) S(R^T F).
 * Multiplier rows are Phi (position), dPhi/dt (velocity) or d2Phi/dt2
 * (acceleration), scaled by con_scale; the multiplier unknowns are scaled
 * by lam_scale.  Tangent verified by central differences (tests/test_elements.c).
 */
#include "elements/element.h"

typedef struct side {
  int ndof, off;
  const nsb_kin* k;
  nsb_mat3 R;
  nsb_vec3 s, p, vp, ap, w, al;
  nsb_mat3 P;   /* -R S(s) */
  nsb_mat3 Pvt; /* -R S(w x s) = d v_p / dTheta */
} side;

static void side_init(side* S, const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_joint_geom* g, int k, int off) {
  int node = e->nodes[k];
  S->ndof = e->node_ndof[k];
  S->off = off;
  S->k = &ec->kin[node];
  S->R = nsb_m3_identity();
  S->s = nsb_v3_zero();
  S->w = S->al = S->vp = S->ap = nsb_v3_zero();
  if (S->ndof == 0) {
    S->p = g->ground[k];
  } else {
    const nsb_state* st = ec->cur;
    S->p = nsb_st_x(st, node);
    S->vp = nsb_st_v(st, node);
    S->ap = nsb_st_a(st, node);
    if (S->ndof == 6) {
      S->R = nsb_q_to_m3(nsb_st_q(st, node));
      S->s = g->s[k];
      S->w = nsb_st_w(st, node);
      S->al = nsb_st_al(st, node);
      nsb_vec3 ws = nsb_v3_cross(S->w, S->s);
      S->p = nsb_v3_add(S->p, nsb_m3_mulv(S->R, S->s));
      S->vp = nsb_v3_add(S->vp, nsb_m3_mulv(S->R, ws));
      S->ap = nsb_v3_add(S->ap, nsb_m3_mulv(S->R, nsb_v3_add(nsb_v3_cross(S->al, S->s), nsb_v3_cross(S->w, ws))));
    }
  }
  S->P = nsb_m3_scale(-1.0, nsb_m3_mul(S->R, nsb_m3_skew(S->s)));
  S->Pvt = nsb_m3_scale(-1.0, nsb_m3_mul(S->R, nsb_m3_skew(nsb_v3_cross(S->w, S->s))));
}

/* Add the first nrows rows of block b at (row, col). */
static void add_rows(double* K, int n, int row, int nrows, int col, nsb_mat3 b) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < nrows; ++i) K[(row + i) + n * (col + j)] += b.c[i + 3 * j];
}

/* Rows (row .. row+nrows-1) depend on side S through partials with respect to
   x, Theta, v, w, a, al (3-column blocks; first nrows rows used). */
static void add_side(double* K, int n, int row, int nrows, const side* S, nsb_mat3 fx, nsb_mat3 fth, nsb_mat3 fv,
                     nsb_mat3 fw, nsb_mat3 fa, nsb_mat3 fal) {
  if (S->ndof == 0) return;
  add_rows(K, n, row, nrows, S->off, nsb_kin_t(S->k, fx, fv, fa));
  if (S->ndof == 6) add_rows(K, n, row, nrows, S->off + 3, nsb_kin_r(S->k, fth, fw, fal));
}

/* Row vector r^T stored as the first row of a 3x3 block. */
static nsb_mat3 rowv(nsb_vec3 r) {
  nsb_mat3 m = nsb_m3_zero();
  m.c[0] = r.x;
  m.c[3] = r.y;
  m.c[6] = r.z;
  return m;
}
/* r^T M as a row block */
static nsb_mat3 rowm(nsb_vec3 r, nsb_mat3 M) { return rowv(nsb_m3_tmulv(M, r)); }

/* Point force F (global) on side S: node rows, and the geometric term of the
   rotational rows with respect to the same node's spin. */
static void apply_point_force(const side* S, nsb_vec3 F, double* f, double* K, int n) {
  if (S->ndof == 0) return;
  nsb_local_addv(f, S->off, F);
  if (S->ndof == 6) {
    nsb_vec3 RtF = nsb_m3_tmulv(S->R, F);
    nsb_local_addv(f, S->off + 3, nsb_v3_cross(S->s, RtF));
    if (K) {
      nsb_mat3 Z = nsb_m3_zero();
      nsb_local_add3(K, n, S->off + 3, S->off + 3,
                     nsb_kin_r(S->k, nsb_m3_mul(nsb_m3_skew(S->s), nsb_m3_skew(RtF)), Z, Z));
    }
  }
}

/* Rows of side S's node for a point force F that depends on other unknowns:
   dF = D (column block in the caller's coordinates); returns the rotational
   row map S(s) R^T so that callers can chain. */
static nsb_mat3 rot_map(const side* S) { return nsb_m3_mul(nsb_m3_skew(S->s), nsb_m3_transpose(S->R)); }


/* ELEMENT POINT: Phi = sum_k p_k over the attached node and the element's
   nodes, p_k = wx_k x_k + R_k s_k (a particle or a node without rotation:
   s = 0).  Generalized force of lambda on node k: wx_k lambda and
   s_k x (R_k^T lambda); the rest as for the spherical joint. */
static int element_point_eval(const nsb_elem* e, const nsb_eval_ctx* ec, int level, double* restrict f,
                              double* restrict K) {
  const nsb_joint_geom* g = e->data;
  int n = e->n_local, off = 0;
  double sc = ec->con_scale[level], sl = ec->lam_scale;
  nsb_mat3 I = nsb_m3_identity(), Z = nsb_m3_zero();
  int mrow = 0;
  for (int k = 0; k < e->n_nodes; ++k) mrow += e->node_ndof[k];
  nsb_vec3 L = nsb_v3_load(ec->lambda + e->mult_first), phi = nsb_v3_zero();
  for (int k = 0; k < e->n_nodes; ++k) {
    side S;
    side_init(&S, e, ec, g, k, off);
    off += S.ndof;
    if (S.ndof == 0) continue;
    double w = g->wx[k];
    /* side_init gives x + R s and its rates; weight the node's own part */
    const nsb_state* st = ec->cur;
    int node = e->nodes[k];
    S.p = nsb_v3_muladd(S.p, w - 1.0, nsb_st_x(st, node));
    S.vp = nsb_v3_muladd(S.vp, w - 1.0, nsb_st_v(st, node));
    S.ap = nsb_v3_muladd(S.ap, w - 1.0, nsb_st_a(st, node));
    phi = nsb_v3_add(phi, level == 0 ? S.p : level == 1 ? S.vp : S.ap);
    nsb_local_addv(f, S.off, nsb_v3_scale(w, L));
    if (S.ndof == 6) {
      nsb_vec3 RtL = nsb_m3_tmulv(S.R, L);
      nsb_local_addv(f, S.off + 3, nsb_v3_cross(S.s, RtL));
    }
    if (!K) continue;
    nsb_local_add3(K, n, S.off, mrow, nsb_m3_scale(sl * w, I));
    if (S.ndof == 6) {
      nsb_local_add3(K, n, S.off + 3, mrow, nsb_m3_scale(sl, rot_map(&S)));
      nsb_local_add3(K, n, S.off + 3, S.off + 3,
                     nsb_kin_r(S.k, nsb_m3_mul(nsb_m3_skew(S.s), nsb_m3_skew(nsb_m3_tmulv(S.R, L))), Z, Z));
    }
    nsb_mat3 wI = nsb_m3_scale(sc * w, I);
    if (level == 0)
      add_side(K, n, mrow, 3, &S, wI, nsb_m3_scale(sc, S.P), Z, Z, Z, Z);
    else if (level == 1)
      add_side(K, n, mrow, 3, &S, Z, nsb_m3_scale(sc, S.Pvt), wI, nsb_m3_scale(sc, S.P), Z, Z);
    else
      add_side(K, n, mrow, 3, &S, Z, Z, Z, Z, wI, nsb_m3_scale(sc, S.P));
  }
  nsb_local_addv(f, mrow, nsb_v3_scale(sc, phi));
  return NSB_OK;
}

/* The joint's rows at constraint level `level` (0 position, 1 velocity, 2
   acceleration). */
static int joint_eval_level(const nsb_elem* e, const nsb_eval_ctx* ec, int level, double* restrict f,
                            double* restrict K) {
  const nsb_joint* jm = &ec->model->joints.data[e->model_index];
  if (jm->kind == NSB_JOINT_ELEMENT_POINT) return element_point_eval(e, ec, level, f, K);
  const nsb_joint_geom* g = e->data;
  int n = e->n_local;
  side A, B;
  side_init(&A, e, ec, g, 0, 0);
  side_init(&B, e, ec, g, 1, e->node_ndof[0]);
  int mrow = e->node_ndof[0] + e->node_ndof[1];
  double sc = ec->con_scale[level], sl = ec->lam_scale;
  const double* lam = ec->lambda + e->mult_first;
  nsb_mat3 I = nsb_m3_identity(), Z = nsb_m3_zero();
  NSB_ASSERT(e->n_mult == nsb_joint_n_mult(jm->kind));

  const int rev = jm->kind == NSB_JOINT_REVOLUTE || jm->kind == NSB_JOINT_FIXED;
  if (jm->kind == NSB_JOINT_SPHERICAL || rev) {
    nsb_vec3 L = nsb_v3_load(lam);
    apply_point_force(&A, L, f, K, n);
    apply_point_force(&B, nsb_v3_neg(L), f, K, n);
    nsb_vec3 phi = level == 0 ? nsb_v3_sub(A.p, B.p) : level == 1 ? nsb_v3_sub(A.vp, B.vp) : nsb_v3_sub(A.ap, B.ap);
    nsb_local_addv(f, mrow, nsb_v3_scale(sc, phi));
    if (K) {
      /* node rows with respect to the multipliers */
      if (A.ndof) {
        nsb_local_add3(K, n, A.off, mrow, nsb_m3_scale(sl, I));
        if (A.ndof == 6) nsb_local_add3(K, n, A.off + 3, mrow, nsb_m3_scale(sl, rot_map(&A)));
      }
      if (B.ndof) {
        nsb_local_add3(K, n, B.off, mrow, nsb_m3_scale(-sl, I));
        if (B.ndof == 6) nsb_local_add3(K, n, B.off + 3, mrow, nsb_m3_scale(-sl, rot_map(&B)));
      }
      /* constraint rows */
      for (int k = 0; k < 2; ++k) {
        const side* S = k == 0 ? &A : &B;
        double sg = k == 0 ? sc : -sc;
        if (level == 0)
          add_side(K, n, mrow, 3, S, nsb_m3_scale(sg, I), nsb_m3_scale(sg, S->P), Z, Z, Z, Z);
        else if (level == 1)
          add_side(K, n, mrow, 3, S, Z, nsb_m3_scale(sg, S->Pvt), nsb_m3_scale(sg, I), nsb_m3_scale(sg, S->P), Z, Z);
        else
          add_side(K, n, mrow, 3, S, Z, Z, Z, Z, nsb_m3_scale(sg, I), nsb_m3_scale(sg, S->P));
      }
    }
  }

  if (rev) {
    NSB_ASSERT(A.ndof == 6);
    const int n_rot = jm->kind == NSB_JOINT_FIXED ? 3 : 2;
    for (int kk = 0; kk < n_rot; ++kk) {
      /* rows (axis, b1), (axis, b2) and, for a weld, (b1 in A, b2 in B) */
      nsb_vec3 ax = kk < 2 ? g->axis_a : g->perp_a;
      nsb_vec3 e1 = nsb_m3_mulv(A.R, ax);
      nsb_vec3 ed = nsb_m3_mulv(A.R, nsb_v3_cross(A.w, ax));
      nsb_vec3 edd = nsb_m3_mulv(A.R, nsb_v3_add(nsb_v3_cross(A.al, ax), nsb_v3_cross(A.w, nsb_v3_cross(A.w, ax))));
      int row = mrow + 3 + kk;
      double mu = lam[3 + kk];
      nsb_vec3 b = g->perp_b[kk < 2 ? kk : 1];
      nsb_vec3 fk = nsb_m3_mulv(B.R, b);
      nsb_vec3 fd = nsb_m3_mulv(B.R, nsb_v3_cross(B.w, b));
      nsb_vec3 fdd = nsb_m3_mulv(B.R, nsb_v3_add(nsb_v3_cross(B.al, b), nsb_v3_cross(B.w, nsb_v3_cross(B.w, b))));
      nsb_vec3 RAf = nsb_m3_tmulv(A.R, fk), RBe = nsb_m3_tmulv(B.R, e1);
      nsb_vec3 gA = nsb_v3_cross(ax, RAf), gB = nsb_v3_cross(b, RBe);
      /* moments mu g on the node rows */
      nsb_local_addv(f, A.off + 3, nsb_v3_scale(mu, gA));
      if (B.ndof == 6) nsb_local_addv(f, B.off + 3, nsb_v3_scale(mu, gB));
      double phi = level == 0 ? nsb_v3_dot(e1, fk)
                   : level == 1 ? nsb_v3_dot(gA, A.w) + nsb_v3_dot(gB, B.w)
                                : nsb_v3_dot(edd, fk) + 2.0 * nsb_v3_dot(ed, fd) + nsb_v3_dot(e1, fdd);
      f[row] += sc * phi;
      if (!K) continue;
      nsb_mat3 Sa = nsb_m3_skew(ax), Sb = nsb_m3_skew(b);
      /* dgA/dThA = Sa S(R_A^T f); dgA/dThB = -Sa R_A^T R_B Sb;  dgB/dThB = Sb S(R_B^T e); dgB/dThA = -Sb R_B^T R_A Sa */
      nsb_mat3 gA_A = nsb_m3_mul(Sa, nsb_m3_skew(RAf));
      nsb_mat3 gA_B = nsb_m3_scale(-1.0, nsb_m3_mul(Sa, nsb_m3_mul(nsb_m3_tmul(A.R, B.R), Sb)));
      nsb_mat3 gB_B = nsb_m3_mul(Sb, nsb_m3_skew(RBe));
      nsb_mat3 gB_A = nsb_m3_scale(-1.0, nsb_m3_mul(Sb, nsb_m3_mul(nsb_m3_tmul(B.R, A.R), Sa)));
      /* node rows: d(mu gA)/d(...) */
      nsb_local_add3(K, n, A.off + 3, A.off + 3, nsb_kin_r(A.k, nsb_m3_scale(mu, gA_A), Z, Z));
      for (int i = 0; i < 3; ++i) K[(A.off + 3 + i) + n * row] += sl * nsb_v3_get(gA, i);
      if (B.ndof == 6) {
        nsb_local_add3(K, n, A.off + 3, B.off + 3, nsb_kin_r(B.k, nsb_m3_scale(mu, gA_B), Z, Z));
        nsb_local_add3(K, n, B.off + 3, B.off + 3, nsb_kin_r(B.k, nsb_m3_scale(mu, gB_B), Z, Z));
        nsb_local_add3(K, n, B.off + 3, A.off + 3, nsb_kin_r(A.k, nsb_m3_scale(mu, gB_A), Z, Z));
        for (int i = 0; i < 3; ++i) K[(B.off + 3 + i) + n * row] += sl * nsb_v3_get(gB, i);
      }
      /* constraint row */
      nsb_mat3 thA, thB, wA = Z, wB = Z, alA = Z, alB = Z;
      if (level == 0) {
        thA = rowv(gA);
        thB = rowv(gB);
      } else if (level == 1) {
        thA = nsb_m3_add(rowm(A.w, gA_A), rowm(B.w, gB_A));
        thB = nsb_m3_add(rowm(A.w, gA_B), rowm(B.w, gB_B));
        wA = rowv(gA);
        wB = rowv(gB);
      } else {
        thA = thB = Z; /* acceleration level is only used with da, dal unknowns */
        alA = rowv(gA);
        alB = rowv(gB);
      }
      side As = A, Bs = B;
      add_rows(K, n, row, 1, As.off + 3, nsb_m3_scale(sc, nsb_kin_r(As.k, thA, wA, alA)));
      if (Bs.ndof == 6) add_rows(K, n, row, 1, Bs.off + 3, nsb_m3_scale(sc, nsb_kin_r(Bs.k, thB, wB, alB)));
    }
  }

  if (jm->kind == NSB_JOINT_DISTANCE) {
    double l = lam[0];
    nsb_vec3 d = nsb_v3_sub(A.p, B.p), u = nsb_v3_sub(A.vp, B.vp);
    nsb_vec3 F = nsb_v3_scale(l, d);
    apply_point_force(&A, F, f, K, n);
    apply_point_force(&B, nsb_v3_neg(F), f, K, n);
    double L = g->length;
    double phi = level == 0 ? 0.5 * (nsb_v3_dot(d, d) - L * L)
                 : level == 1 ? nsb_v3_dot(d, u)
                              : nsb_v3_dot(d, nsb_v3_sub(A.ap, B.ap)) + nsb_v3_dot(u, u);
    f[mrow] += sc * phi;
    if (K) {
      /* node rows: F = l d depends on p_A, p_B (dF = l (dp_A - dp_B)) and on l */
      for (int r = 0; r < 2; ++r) {
        const side* S = r == 0 ? &A : &B;
        if (!S->ndof) continue;
        double sr = r == 0 ? 1.0 : -1.0;
        /* translational rows */
        for (int c = 0; c < 2; ++c) {
          const side* C = c == 0 ? &A : &B;
          double scc = sr * (c == 0 ? 1.0 : -1.0) * l;
          if (!C->ndof) continue;
          add_side(K, n, S->off, 3, C, nsb_m3_scale(scc, I), nsb_m3_scale(scc, C->P), Z, Z, Z, Z);
          if (S->ndof == 6) {
            nsb_mat3 Mr = rot_map(S);
            add_side(K, n, S->off + 3, 3, C, nsb_m3_scale(scc, Mr), nsb_m3_scale(scc, nsb_m3_mul(Mr, C->P)), Z, Z, Z,
                     Z);
          }
        }
        nsb_vec3 col = nsb_v3_scale(sr * sl, d);
        for (int i = 0; i < 3; ++i) K[(S->off + i) + n * mrow] += nsb_v3_get(col, i);
        if (S->ndof == 6) {
          nsb_vec3 cr = nsb_m3_mulv(rot_map(S), col);
          for (int i = 0; i < 3; ++i) K[(S->off + 3 + i) + n * mrow] += nsb_v3_get(cr, i);
        }
      }
      /* constraint row */
      for (int c = 0; c < 2; ++c) {
        const side* S = c == 0 ? &A : &B;
        double sg = (c == 0 ? 1.0 : -1.0) * sc;
        if (level == 0) {
          add_side(K, n, mrow, 1, S, rowv(nsb_v3_scale(sg, d)), rowm(nsb_v3_scale(sg, d), S->P), Z, Z, Z, Z);
        } else if (level == 1) {
          nsb_mat3 th = nsb_m3_add(rowm(u, S->P), rowm(d, S->Pvt));
          add_side(K, n, mrow, 1, S, rowv(nsb_v3_scale(sg, u)), nsb_m3_scale(sg, th), rowv(nsb_v3_scale(sg, d)),
                   rowm(nsb_v3_scale(sg, d), S->P), Z, Z);
        } else {
          add_side(K, n, mrow, 1, S, Z, Z, Z, Z, rowv(nsb_v3_scale(sg, d)), rowm(nsb_v3_scale(sg, d), S->P));
        }
      }
    }
  }
  return NSB_OK;
}

/* 1/m of node q's body (0: ground, no body). */
static double inverse_mass(const nsb_model* m, int q) {
  const nsb_node* nd = &m->nodes.data[q];
  double mass = nd->body_kind == NSB_BODY_PARTICLE ? m->particles.data[nd->body].mass
                : nd->body_kind == NSB_BODY_RIGID  ? m->rigid_bodies.data[nd->body].mass
                                                   : 0.0;
  return mass > 0.0 ? 1.0 / mass : 0.0;
}

/* The proximal term of a stabilized joint's velocity rows (the tangent only,
   as the contacts' stick rows carry it: contact/laws.c): eps times the
   row's own Delassus value, the change of its rate per multiplier over the
   increment (c_a G M^-1 G^T of the scaled rows, docs/theory.md §4), of the
   translations: (1/m_A + 1/m_B) for the point rows of SPHERICAL, REVOLUTE
   and FIXED, |d|^2 (1/m_A + 1/m_B) for DISTANCE.  The stuck corners of a
   body hold all its velocities, and the joint's rate row is then one more
   row on them: without the term the multiplier's Newton step in that
   redundant direction is (round-off)/eps of the contacts' term. */
static void joint_proximal(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict K) {
  const nsb_joint* jm = &ec->model->joints.data[e->model_index];
  const nsb_joint_geom* g = e->data;
  const int n = e->n_local, mrow = e->node_ndof[0] + e->node_ndof[1];
  double w = 0.0;
  for (int k = 0; k < 2; ++k)
    if (e->node_ndof[k] > 0) w += inverse_mass(ec->model, e->nodes[k]);
  /* the sign of the rows' own Schur complement, -c_a G M^-1 G^T: the
     term is a compliance of the link, as eps is the contacts' (with the
     other sign the 3-corner box in mm-tonne-s failed at rest) */
  const double eps = -1e-9 * ec->lam_scale;
  if (jm->kind == NSB_JOINT_DISTANCE) {
    side A, B;
    side_init(&A, e, ec, g, 0, 0);
    side_init(&B, e, ec, g, 1, e->node_ndof[0]);
    nsb_vec3 d = nsb_v3_sub(A.p, B.p);
    K[mrow + n * mrow] += eps * nsb_v3_dot(d, d) * w;
    return;
  }
  if (jm->kind == NSB_JOINT_SPHERICAL || jm->kind == NSB_JOINT_REVOLUTE || jm->kind == NSB_JOINT_FIXED)
    for (int r = 0; r < 3; ++r) K[(mrow + r) + n * (mrow + r)] += eps * w;
}

static int joint_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_joint* jm = &ec->model->joints.data[e->model_index];
  const nsb_joint_geom* g = e->data;
  int dyn = g->stabilized ? (int)NSB_LEVEL_VELOCITY : (int)jm->level;
  int level = ec->mode == NSB_EVAL_ACCEL ? 2 : ec->mode == NSB_EVAL_STATIC ? 0 : dyn;
  int st = joint_eval_level(e, ec, level, f, K);
  if (K && g->stabilized && level == 1) joint_proximal(e, ec, K);
  return st;
}

const nsb_elem_ops nsb_joint_ops = {.name = "joint", .eval = joint_eval};

/* The joint's constraint rows at one level (0 positions, 1 velocities),
   unscaled. */
static int joint_rows(const nsb_elem* e, const nsb_eval_ctx* ec, int level, double* out) {
  double f[NSB_ELEM_MAX_LOCAL] = {0};
  int st = joint_eval_level(e, ec, level, f, NULL);
  int mrow = 0;
  for (int k = 0; k < e->n_nodes; ++k) mrow += e->node_ndof[k];
  for (int r = 0; r < e->n_mult; ++r) out[r] = f[mrow + r] / ec->con_scale[level];
  return st;
}

int nsb_joint_rate(const nsb_elem* e, const nsb_eval_ctx* ec, double* rate) { return joint_rows(e, ec, 1, rate); }

int nsb_joint_violation(const nsb_elem* e, const nsb_eval_ctx* ec, double* phi) { return joint_rows(e, ec, 0, phi); }

/* ---- supports along local directions (*TRANSFORM) ------------------------- */

/* Boundary record model_index holds local translational DOFs dof_first ..
   dof_first + n_mult - 1 of a node with a *TRANSFORM (local axes e_k, fixed
   in space): rows Phi_k = e_k . (x - X) = 0 at the position level (static and
   dynamic steps), e_k . a = 0 for the initial accelerations; the multiplier
   lambda_k is the force lambda_k e_k in the node's rows (the support's
   reaction is its negative, solver/assembly.c).  A fixed axis makes the rows
   linear: the tangent is e_k in the multiplier column and the kinematic map
   of the translation in the row. */
static int skew_support_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_model* m = ec->model;
  const nsb_boundary* bc = &m->boundaries.data[e->model_index];
  const double* T = m->transforms.data[bc->transform - 1].T;
  int node = e->nodes[0], n = e->n_local, mrow = e->node_ndof[0];
  int level = ec->mode == NSB_EVAL_ACCEL ? 2 : 0;
  double sc = ec->con_scale[level], sl = ec->lam_scale;
  nsb_vec3 u = level == 0 ? nsb_v3_sub(nsb_st_x(ec->cur, node), nsb_v3_load(m->nodes.data[node].X))
                          : nsb_st_a(ec->cur, node);
  nsb_mat3 Z = nsb_m3_zero();
  for (int k = 0; k < e->n_mult; ++k) {
    nsb_vec3 d = nsb_v3_load(T + 3 * (bc->dof_first - 1 + k));
    nsb_local_addv(f, 0, nsb_v3_scale(ec->lambda[e->mult_first + k], d));
    f[mrow + k] += sc * nsb_v3_dot(d, u);
    if (!K) continue;
    for (int i = 0; i < 3; ++i) K[i + n * (mrow + k)] += sl * nsb_v3_get(d, i);
    nsb_mat3 r = rowv(nsb_v3_scale(sc, d));
    add_rows(K, n, mrow + k, 1, 0,
             level == 0 ? nsb_kin_t(&ec->kin[node], r, Z, Z) : nsb_kin_t(&ec->kin[node], Z, Z, r));
  }
  return NSB_OK;
}

const nsb_elem_ops nsb_skew_support_ops = {.name = "support in a local system", .eval = skew_support_eval};

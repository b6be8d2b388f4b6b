/* rigid_body.c -- rigid body with its reference point at a node.
 *
 * Body point P = x + R rho (rho in the body frame), centre of mass offset c,
 * mass m, inertia J_c about the centre of mass and J_O = J_c + m(|c|^2 I - c c^T)
 * about the reference point.  Virtual work of the inertia forces with
 * dP = dx - R S(rho) dTheta gives (Češarek et al. 2013, eq. 4.41 for c = 0):
 *
 *   f_t = m (a + R(alpha x c + omega x (omega x c))) - m g          (global)
 *   f_r = J_O alpha + omega x J_O omega + m c x (R^T a) - m c x (R^T g)  (body)
 *
 * Partial derivatives (R -> R exp(S(dTheta)) so R^T u -> R^T u + S(R^T u) dTheta):
 *   df_t/da = m I,  df_t/dalpha = -m R S(c),
 *   df_t/domega = -m R (S(omega x c) + S(omega) S(c)),
 *   df_t/dTheta = -m R S(alpha x c + omega x (omega x c)),
 *   df_r/dalpha = J_O,  df_r/domega = S(omega) J_O - S(J_O omega),
 *   df_r/da = m S(c) R^T,  df_r/dTheta = m S(c) S(R^T (a - g)).
 * Verified against central differences in tests/test_elements.c.
 */
#include "elements/element.h"

typedef struct body_terms {
  double m;
  nsb_vec3 c;
  nsb_mat3 JO, Jc;
} body_terms;

static body_terms body_of(const nsb_model* model, int index) {
  const nsb_rigid_body* b = &model->rigid_bodies.data[index];
  body_terms t;
  t.m = b->mass;
  t.c = nsb_v3_load(b->com);
  for (int k = 0; k < 9; ++k) t.Jc.c[k] = b->J_c[k];
  double cc = nsb_v3_dot(t.c, t.c);
  t.JO = nsb_m3_add(t.Jc, nsb_m3_scale(t.m, nsb_m3_sub(nsb_m3_diag(cc, cc, cc), nsb_m3_outer(t.c, t.c))));
  return t;
}

static int rigid_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  body_terms b = body_of(ec->model, e->model_index);
  int i = e->nodes[0];
  const nsb_state* s = ec->cur;
  nsb_mat3 R = nsb_q_to_m3(nsb_st_q(s, i));
  nsb_vec3 g = ec->gravity;
  int inertia = ec->mode != NSB_EVAL_STATIC;
  nsb_vec3 a = inertia ? nsb_st_a(s, i) : nsb_v3_zero();
  nsb_vec3 w = inertia ? nsb_st_w(s, i) : nsb_v3_zero();
  nsb_vec3 al = inertia ? nsb_st_al(s, i) : nsb_v3_zero();
  nsb_vec3 wc = nsb_v3_cross(w, b.c);
  nsb_vec3 acc_c = nsb_v3_add(nsb_v3_cross(al, b.c), nsb_v3_cross(w, wc)); /* alpha x c + w x (w x c) */
  nsb_vec3 ft = nsb_v3_sub(nsb_v3_scale(b.m, nsb_v3_add(a, nsb_m3_mulv(R, acc_c))), nsb_v3_scale(b.m, g));
  nsb_vec3 Rta_g = nsb_m3_tmulv(R, nsb_v3_sub(a, g));
  nsb_vec3 fr = nsb_v3_add(nsb_v3_add(nsb_m3_mulv(b.JO, al), nsb_v3_cross(w, nsb_m3_mulv(b.JO, w))),
                           nsb_v3_scale(b.m, nsb_v3_cross(b.c, Rta_g)));
  nsb_local_addv(f, 0, ft);
  nsb_local_addv(f, 3, fr);
  if (!K) return NSB_OK;
  const nsb_kin* k = &ec->kin[i];
  int n = e->n_local;
  nsb_mat3 Sc = nsb_m3_skew(b.c), Z = nsb_m3_zero();
  /* translational rows */
  nsb_mat3 ft_a = nsb_m3_scale(b.m, nsb_m3_identity());
  nsb_mat3 ft_al = nsb_m3_scale(-b.m, nsb_m3_mul(R, Sc));
  nsb_mat3 ft_w = nsb_m3_scale(-b.m, nsb_m3_mul(R, nsb_m3_add(nsb_m3_skew(wc), nsb_m3_mul(nsb_m3_skew(w), Sc))));
  nsb_mat3 ft_th = nsb_m3_scale(-b.m, nsb_m3_mul(R, nsb_m3_skew(acc_c)));
  /* rotational rows */
  nsb_mat3 fr_al = b.JO;
  nsb_mat3 fr_w = nsb_m3_sub(nsb_m3_mul(nsb_m3_skew(w), b.JO), nsb_m3_skew(nsb_m3_mulv(b.JO, w)));
  nsb_mat3 fr_a = nsb_m3_scale(b.m, nsb_m3_mul(Sc, nsb_m3_transpose(R)));
  nsb_mat3 fr_th = nsb_m3_scale(b.m, nsb_m3_mul(Sc, nsb_m3_skew(Rta_g)));
  if (!inertia) {
    /* static: only the gravity moment depends on the configuration */
    ft_a = ft_al = ft_w = ft_th = fr_al = fr_w = fr_a = Z;
  }
  nsb_local_add3(K, n, 0, 0, nsb_kin_t(k, Z, Z, ft_a));
  nsb_local_add3(K, n, 0, 3, nsb_kin_r(k, ft_th, ft_w, ft_al));
  nsb_local_add3(K, n, 3, 0, nsb_kin_t(k, Z, Z, fr_a));
  nsb_local_add3(K, n, 3, 3, nsb_kin_r(k, fr_th, fr_w, fr_al));
  return NSB_OK;
}

static void rigid_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  body_terms b = body_of(ec->model, e->model_index);
  int i = e->nodes[0];
  const nsb_state* s = ec->cur;
  nsb_quat q = nsb_st_q(s, i);
  nsb_vec3 x = nsb_st_x(s, i), v = nsb_st_v(s, i), w = nsb_st_w(s, i);
  nsb_vec3 xc = nsb_v3_add(x, nsb_q_rotate(q, b.c));
  nsb_vec3 vc = nsb_v3_add(v, nsb_q_rotate(q, nsb_v3_cross(w, b.c)));
  acc->kinetic += 0.5 * b.m * nsb_v3_dot(vc, vc) + 0.5 * nsb_v3_dot(w, nsb_m3_mulv(b.Jc, w));
  acc->potential -= b.m * nsb_v3_dot(ec->gravity, xc);
  acc->momentum = nsb_v3_muladd(acc->momentum, b.m, vc);
  nsb_vec3 L = nsb_v3_add(nsb_v3_scale(b.m, nsb_v3_cross(xc, vc)), nsb_q_rotate(q, nsb_m3_mulv(b.Jc, w)));
  acc->angular_momentum = nsb_v3_add(acc->angular_momentum, L);
}

/* Mass matrix in (dx, dTheta): the acceleration blocks of the tangent,
   df_t/da = m I, df_t/dalpha = -m R S(c), df_r/da = m S(c) R^T, df_r/dalpha = J_O
   (symmetric: (m S(c) R^T)^T = -m R S(c)). */
static void rigid_mass(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict M) {
  body_terms b = body_of(ec->model, e->model_index);
  nsb_mat3 R = nsb_q_to_m3(nsb_st_q(ec->cur, e->nodes[0]));
  nsb_mat3 Sc = nsb_m3_skew(b.c);
  int n = e->n_local;
  nsb_local_add3(M, n, 0, 0, nsb_m3_scale(b.m, nsb_m3_identity()));
  nsb_local_add3(M, n, 0, 3, nsb_m3_scale(-b.m, nsb_m3_mul(R, Sc)));
  nsb_local_add3(M, n, 3, 0, nsb_m3_scale(b.m, nsb_m3_mul(Sc, nsb_m3_transpose(R))));
  nsb_local_add3(M, n, 3, 3, b.JO);
}

const nsb_elem_ops nsb_rigid_body_ops = {
    .name = "rigid body", .eval = rigid_eval, .energy = rigid_energy, .mass = rigid_mass};

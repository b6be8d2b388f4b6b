/* spring.c -- linear axial spring (SPRINGA) between the reference points of
 * two nodes.  d = x_B - x_A, l = |d|, n = d/l, L0 = initial length:
 *   f_A = -k (l - L0) n,  f_B = +k (l - L0) n,
 *   d f_A / d x_A = K = k [n n^T + (l - L0)/l (I - n n^T)],  d f_A / d x_B = -K.
 * L0 is the free length given with *SPRING, else the initial distance.
 * A node without DOFs is a fixed anchor (its columns are eliminated).
 */
#include "elements/element.h"

static double spring_length0(const nsb_model* m, const nsb_element* el) {
  if (el->rest_length >= 0.0) return el->rest_length;
  nsb_vec3 d = nsb_v3_sub(nsb_v3_load(m->nodes.data[el->nodes[1]].X), nsb_v3_load(m->nodes.data[el->nodes[0]].X));
  return nsb_v3_norm(d);
}

/* Two-node axial element: force F on node B (-F on A); its derivatives
   with respect to d = x_B - x_A (Kx) and u = v_B - v_A (Kv).  Local layout:
   node A's unknowns (if it has any), then node B's; a node without DOFs is a
   fixed anchor (its columns are eliminated). */
static void two_node_axial(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_vec3 F, nsb_mat3 Kx, nsb_mat3 Kv,
                           double* restrict f, double* restrict K) {
  int hasA = e->node_ndof[0] > 0, hasB = e->node_ndof[1] > 0, rowB = e->node_ndof[0];
  if (hasA) nsb_local_addv(f, 0, nsb_v3_neg(F));
  if (hasB) nsb_local_addv(f, rowB, F);
  if (!K) return;
  nsb_mat3 Z = nsb_m3_zero();
  int nl = e->n_local;
  nsb_mat3 KA = nsb_kin_t(&ec->kin[e->nodes[0]], Kx, Kv, Z), KB = nsb_kin_t(&ec->kin[e->nodes[1]], Kx, Kv, Z);
  if (hasA) nsb_local_add3(K, nl, 0, 0, KA);
  if (hasA && hasB) nsb_local_add3(K, nl, 0, rowB, nsb_m3_scale(-1.0, KB));
  if (hasA && hasB) nsb_local_add3(K, nl, rowB, 0, nsb_m3_scale(-1.0, KA));
  if (hasB) nsb_local_add3(K, nl, rowB, rowB, KB);
}

static int spring_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_element* el = &ec->model->elements.data[e->model_index];
  double k = el->stiffness, L0 = spring_length0(ec->model, el);
  nsb_vec3 d = nsb_v3_sub(nsb_node_position(ec, e->nodes[1]), nsb_node_position(ec, e->nodes[0]));
  double l = nsb_v3_norm(d);
  if (!(l > 0.0)) return NSB_ERR_NOT_FINITE;
  nsb_vec3 n = nsb_v3_scale(1.0 / l, d);
  nsb_vec3 F = nsb_v3_scale(k * (l - L0), n);
  nsb_mat3 nn = nsb_m3_outer(n, n);
  nsb_mat3 Ks = nsb_m3_scale(k, nsb_m3_add(nn, nsb_m3_scale((l - L0) / l, nsb_m3_sub(nsb_m3_identity(), nn))));
  two_node_axial(e, ec, F, Ks, nsb_m3_zero(), f, K);
  return NSB_OK;
}

static void spring_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_element* el = &ec->model->elements.data[e->model_index];
  double L0 = spring_length0(ec->model, el);
  double l = nsb_v3_norm(nsb_v3_sub(nsb_node_position(ec, e->nodes[1]), nsb_node_position(ec, e->nodes[0])));
  acc->potential += 0.5 * el->stiffness * (l - L0) * (l - L0);
}

const nsb_elem_ops nsb_spring_ops = {.name = "spring", .eval = spring_eval, .energy = spring_energy};

/* DASHPOTA: linear axial dashpot, force c (n.(v_B - v_A)) on B along n and
 * the opposite on A, u = v_B - v_A, n = d/l:
 *   f_A = -c (n.u) n,  f_B = +c (n.u) n,
 *   d f_B / d v_B = c n n^T,
 *   d f_B / d x_B = c [(n.u) P + n (P u)^T] / l,  P = I - n n^T.
 * It dissipates c (n.u)^2 (negative c feeds energy in); booked as the
 * discrete work of the increment (dashpot_energy). */
static int dashpot_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_element* el = &ec->model->elements.data[e->model_index];
  if (ec->mode == NSB_EVAL_STATIC) return NSB_OK;
  double c = el->damping;
  nsb_vec3 d = nsb_v3_sub(nsb_node_position(ec, e->nodes[1]), nsb_node_position(ec, e->nodes[0]));
  double l = nsb_v3_norm(d);
  if (!(l > 0.0)) return NSB_ERR_NOT_FINITE;
  nsb_vec3 n = nsb_v3_scale(1.0 / l, d);
  nsb_vec3 u = nsb_v3_zero();
  if (e->node_ndof[1] > 0) u = nsb_v3_add(u, nsb_st_v(ec->cur, e->nodes[1]));
  if (e->node_ndof[0] > 0) u = nsb_v3_sub(u, nsb_st_v(ec->cur, e->nodes[0]));
  double nu = nsb_v3_dot(n, u);
  nsb_mat3 nn = nsb_m3_outer(n, n), P = nsb_m3_sub(nsb_m3_identity(), nn);
  nsb_mat3 Kv = nsb_m3_scale(c, nn);
  nsb_mat3 Kx = nsb_m3_scale(c / l, nsb_m3_add(nsb_m3_scale(nu, P), nsb_m3_outer(n, nsb_m3_mulv(P, u))));
  two_node_axial(e, ec, nsb_v3_scale(c * nu, n), Kx, Kv, f, K);
  return NSB_OK;
}

/* The dashpot's force on B, c (n.u) n, B's position relative to A (d) and
   velocity (u) in state st (a node without DOFs: its reference position, at
   rest). */
static nsb_vec3 dashpot_force(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_state* st, nsb_vec3* d,
                              nsb_vec3* u) {
  const nsb_element* el = &ec->model->elements.data[e->model_index];
  const nsb_model* m = ec->model;
  nsb_vec3 xA = e->node_ndof[0] > 0 ? nsb_st_x(st, e->nodes[0]) : nsb_v3_load(m->nodes.data[e->nodes[0]].X);
  nsb_vec3 xB = e->node_ndof[1] > 0 ? nsb_st_x(st, e->nodes[1]) : nsb_v3_load(m->nodes.data[e->nodes[1]].X);
  *d = nsb_v3_sub(xB, xA);
  *u = nsb_v3_zero();
  if (e->node_ndof[1] > 0) *u = nsb_v3_add(*u, nsb_st_v(st, e->nodes[1]));
  if (e->node_ndof[0] > 0) *u = nsb_v3_sub(*u, nsb_st_v(st, e->nodes[0]));
  double l = nsb_v3_norm(*d);
  if (!(l > 0.0)) return nsb_v3_zero();
  nsb_vec3 n = nsb_v3_scale(1.0 / l, *d);
  return nsb_v3_scale(el->damping * nsb_v3_dot(n, *u), n);
}

/* The force on B at t_n (ec->old) filtered by the alpha relation: from the
   forces at t_n and t_n+1 and the filtered force at t_n (ec->damp_filt, or
   the force at t_n, where p = a). */
static nsb_vec3 dashpot_filtered(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_vec3 F0, nsb_vec3 F1) {
  const nsb_vec3 Ft0 = ec->damp_filt ? nsb_v3_load(ec->damp_filt + 3 * e->model_index) : F0;
  return nsb_alpha_filter(ec, F0, F1, Ft0);
}

nsb_vec3 nsb_dashpot_filtered(const nsb_elem* e, const nsb_eval_ctx* ec) {
  nsb_vec3 d, u;
  if (!ec->old) return nsb_v3_zero();
  const nsb_vec3 F0 = dashpot_force(e, ec, ec->old, &d, &u), F1 = dashpot_force(e, ec, ec->cur, &d, &u);
  return dashpot_filtered(e, ec, F0, F1);
}

/* The energy the dashpot took in the increment from t_n (ec->old) to t_{n+1}
   (ec->cur), booked as the discrete equations give it (docs/theory.md §3.6,
   "Dashpots" and "Loads and dampers under rho_inf < 1").  Under the trapezoidal rule
   (RHOINF=1, nsb_eval_trapezoidal) as the scheme's averaged equations do
   it (as the beams' Rayleigh damping, docs/theory_beam.md §10): the mean of
   its forces at t_n and t_{n+1} over the increment's displacement,
     D = (F_n + F_{n+1})/2 . (d_{n+1} - d_n),   d = x_B - x_A,
   so that the balance closes to round-off for any start, also where the
   velocity jumps (the rule on the power c (n.u)^2 exceeded it by
   c h (n.du)^2/4 an increment).  Under the other schemes (generalized-alpha,
   RHOINF < 1) as its share of the change of the kinetic energy, the loads'
   share of nodal_load.c with the force on B, -F:
     D = h (u_n + u_{n+1})/2 . ((1 - gamma) F~_n + gamma F~_{n+1}),
   u = v_B - v_A, F~ the force filtered by the alpha relation (M p of the
   nodes; dashpot_filtered), which with alpha_m = alpha_f, gamma = 1/2 is the
   mean above.  Read by the system after an accepted dynamic increment only
   (dissipated_increment). */
static void dashpot_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  if (!ec->old || ec->step_static) return; /* static steps move no velocity (docs/theory.md §3.6) */
  nsb_vec3 d0, d1, u0, u1;
  nsb_vec3 F0 = dashpot_force(e, ec, ec->old, &d0, &u0), F1 = dashpot_force(e, ec, ec->cur, &d1, &u1);
  if (nsb_eval_trapezoidal(ec)) {
    acc->dissipated_increment += 0.5 * nsb_v3_dot(nsb_v3_add(F0, F1), nsb_v3_sub(d1, d0));
    return;
  }
  const nsb_vec3 Ft0 = ec->damp_filt ? nsb_v3_load(ec->damp_filt + 3 * e->model_index) : F0;
  const nsb_vec3 Ft1 = dashpot_filtered(e, ec, F0, F1);
  acc->dissipated_increment += 0.5 * nsb_v3_dot(nsb_v3_add(u0, u1), nsb_share_weight(ec, Ft0, Ft1));
}

const nsb_elem_ops nsb_dashpot_ops = {.name = "dashpot", .eval = dashpot_eval, .energy = dashpot_energy};

/* particle.c -- point mass with translational DOFs only (Češarek et al. 2013, eq. 7.1):
 *   f_t = m a - m g,   df_t/da = m I.
 */
#include "elements/element.h"

static int particle_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_particle* p = &ec->model->particles.data[e->model_index];
  int i = e->nodes[0];
  nsb_vec3 a = ec->mode != NSB_EVAL_STATIC ? nsb_st_a(ec->cur, i) : nsb_v3_zero();
  nsb_local_addv(f, 0, nsb_v3_scale(p->mass, nsb_v3_sub(a, ec->gravity)));
  if (K && ec->mode != NSB_EVAL_STATIC) {
    nsb_mat3 Z = nsb_m3_zero();
    nsb_local_add3(K, e->n_local, 0, 0, nsb_kin_t(&ec->kin[i], Z, Z, nsb_m3_scale(p->mass, nsb_m3_identity())));
  }
  return NSB_OK;
}

static void particle_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_particle* p = &ec->model->particles.data[e->model_index];
  int i = e->nodes[0];
  nsb_vec3 x = nsb_st_x(ec->cur, i), v = nsb_st_v(ec->cur, i);
  acc->kinetic += 0.5 * p->mass * nsb_v3_dot(v, v);
  acc->potential -= p->mass * nsb_v3_dot(ec->gravity, x);
  acc->momentum = nsb_v3_muladd(acc->momentum, p->mass, v);
  acc->angular_momentum = nsb_v3_add(acc->angular_momentum, nsb_v3_scale(p->mass, nsb_v3_cross(x, v)));
}

static void particle_mass(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict M) {
  double m = ec->model->particles.data[e->model_index].mass;
  nsb_local_add3(M, e->n_local, 0, 0, nsb_m3_scale(m, nsb_m3_identity()));
}

const nsb_elem_ops nsb_particle_ops = {
    .name = "particle", .eval = particle_eval, .energy = particle_energy, .mass = particle_mass};

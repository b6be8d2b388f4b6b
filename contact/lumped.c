/* lumped.c -- prox sweeps of the time step on the lumped-mass Delassus
 * operator; see lumped.h and docs/contact.md §7.5. */
#include "contact/lumped.h"

#include <math.h>
#include <string.h>

#include "contact/laws.h"

static int prox_taking_part(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_newton_ops && d->active && d->owner;
}

/* Lumped mass of a contact node (particle, or half the beam elements at a
   beam node); floored so that a massless node gives a tiny, safe step. */
static double lumped_mass(const nsb_model* m, int node) { return fmax(nsb_contact_node_mass(m, node), 1e-12); }

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
    double sl = ec->gamma * ec->h / d->m_eff;
    const double* P = ec->lambda + e[i].mult_first;
    for (int k = 0; k < e[i].n_mult; ++k) d->pfix[k] = sl * P[k];
    nsb_prox_coulomb(e[i].n_mult, p->friction, d->pfix, d->pfix);
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
    nsb_vec3 vr = d->shape.kind == 0 ? nsb_v3_neg(nsb_obstacle_point_velocity(m, d->shape.master, d->arm, ec->t))
                                     : nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) vr = nsb_v3_muladd(vr, d->wt[j], nsb_v3_load(vel + 3 * e[i].nodes[j]));
    /* Hermite: the rotational part from the state's angular velocities (the
       lumped response inside the sweep is translational only; the fixed
       point, reached through the exact back substitution, is exact) */
    if (d->shape.hermite) vr = nsb_v3_add(vr, nsb_contact_hermite_rot_velocity(&e[i], d->jr[0], ec->cur));
    double r = alpha * d->r_prox, old[3] = {d->pfix[0], d->pfix[1], d->pfix[2]};
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    double xiN = nsb_newton_xi(nsb_v3_dot(dir[0], vr), p->restitution, d->gN_pre);
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

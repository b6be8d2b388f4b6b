/* lumped.c -- prox sweeps of the time step on the lumped-mass Delassus
 * operator; see lumped.h and docs/contact.md §7.5. */
#include "contact/lumped.h"

#include <math.h>
#include <string.h>

#include "contact/prox.h"

static int prox_taking_part(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_newton_ops && d->active && d->owner;
}

/* Lumped mass of a contact node (particle, or half the beam elements at a
   beam node); floored at 1e-12 of the contact's mass scale m_eff so that a
   massless node gives a tiny, safe step r_i = 1 / (m_eff W_ii) in any units
   (the steps and the responses w_q m_eff / m_q are numbers). */
static double lumped_mass(const nsb_model* m, int node, double m_eff) {
  return fmax(nsb_contact_node_mass(m, node), 1e-12 * m_eff);
}

void nsb_contact_prox_begin(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  const nsb_model* m = ec->model;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->pfix[0] = d->pfix[1] = d->pfix[2] = 0.0;
    if (!prox_taking_part(&e[i])) continue;
    /* diagonal of the lumped-mass Delassus operator, W_ii = sum_q w_iq^2 / m_q
       (impulse units); r = 1 / W_ii is m_eff r in lambda_v units */
    double W = 0.0;
    for (int j = 0; j < e[i].n_nodes; ++j) W += d->wt[j] * d->wt[j] / lumped_mass(m, e[i].nodes[j], d->m_eff);
    d->r_prox = W > 0.0 ? 1.0 / (d->m_eff * W) : 0.0;
    /* warm start: the multipliers of the last increment, projected; the
       impulses are the whole momentum of the contact, a held contact's part
       from its force in the smooth accelerations included (contact/pair.h) */
    const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
    double sl = nsb_impulse_time(ec) / d->m_eff;
    const double* P = ec->lambda + e[i].mult_first;
    for (int k = 0; k < e[i].n_mult; ++k) d->pfix[k] = sl * P[k] + nsb_contact_held_carry(&e[i], ec, k) / d->m_eff;
    nsb_prox_coulomb(e[i].n_mult, p->friction, d->pfix, d->pfix);
  }
}

/* The contacts as nsb_prox_gauss_seidel sees them: the impulses are each
   element's pfix, the velocities those of vel, which carries the lumped-mass
   response of the changes made so far in the sweep. */
typedef struct lumped_sweep {
  nsb_elem* e;
  const nsb_eval_ctx* ec;
  double alpha; /* relaxation of the steps r_prox */
  double* vel;  /* 3 per model node */
} lumped_sweep;

/* xi from the node velocities of vel: x_N = n.v_r + e min(gamma_N-, 0), x_T = t_k.v_r,
   v_r = sum_j w_j v_j - v_obs (+ the Hermite centreline's rotational part). */
static int lumped_local(void* data, int i, nsb_prox_local* c) {
  const lumped_sweep* ls = data;
  const nsb_elem* E = &ls->e[i];
  const nsb_contact_data* d = E->state;
  if (!prox_taking_part(E)) return 0;
  const nsb_model* m = ls->ec->model;
  const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
  nsb_vec3 vr = nsb_v3_neg(nsb_contact_obstacle_velocity_end(E, d, ls->ec));
  for (int j = 0; j < E->n_nodes; ++j) vr = nsb_v3_muladd(vr, d->wt[j], nsb_v3_load(ls->vel + 3 * E->nodes[j]));
  /* Hermite: the rotational part from the state's angular velocities (the
     lumped response inside the sweep is translational only; the fixed
     point, reached through the exact back substitution, is exact) */
  if (d->shape.hermite || d->shape.rectm) vr = nsb_v3_add(vr, nsb_contact_hermite_rot_velocity(E, d->jr[0], ls->ec->cur));
  double r = ls->alpha * d->r_prox;
  nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  c->n_dir = E->n_mult;
  c->mu = p->friction;
  c->mu_stick = p->friction_static; /* static friction: stick disk mu_st, slip disk mu (contact/laws.h) */
  memcpy(c->lambda, d->pfix, sizeof c->lambda);
  double gN = nsb_v3_dot(dir[0], vr);
  c->r_xi[0] = r * nsb_contact_xi_normal(p, d, gN);
  c->r_xi[1] = c->r_xi[2] = 0.0;
  if (E->n_mult == 3) {
    c->r_xi[1] = r * nsb_v3_dot(dir[1], vr);
    c->r_xi[2] = r * nsb_v3_dot(dir[2], vr);
  }
  return 1;
}

/* Store the impulses; Gauss-Seidel: the next contacts see the nodes'
   lumped-mass response Delta v_q = w_q / m_q sum_k m_eff Delta lambda_k dir_k. */
static void lumped_update(void* data, int i, const double* lambda, const double* dlambda) {
  const lumped_sweep* ls = data;
  const nsb_elem* E = &ls->e[i];
  nsb_contact_data* d = E->state;
  const nsb_model* m = ls->ec->model;
  memcpy(d->pfix, lambda, sizeof d->pfix);
  nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  nsb_vec3 dimp = nsb_v3_zero(); /* impulse change, global */
  for (int k = 0; k < E->n_mult; ++k) {
    d->dpfix[k] = dlambda[k];
    dimp = nsb_v3_muladd(dimp, d->m_eff * d->dpfix[k], dir[k]);
  }
  for (int j = 0; j < E->n_nodes; ++j) {
    int q = E->nodes[j];
    nsb_v3_store(nsb_v3_muladd(nsb_v3_load(ls->vel + 3 * q), d->wt[j] / lumped_mass(m, q, d->m_eff), dimp), ls->vel + 3 * q);
  }
}

static const nsb_prox_gs_ops lumped_ops = {lumped_local, lumped_update};

double nsb_contact_prox_sweep(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* vel) {
  /* local velocities of the contact nodes, updated contact by contact; the
     velocity scale (resting contacts have vanishing impulses) */
  double speed = 0.0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    d->dpfix[0] = d->dpfix[1] = d->dpfix[2] = 0.0;
    if (!prox_taking_part(&e[i])) continue;
    for (int j = 0; j < e[i].n_nodes; ++j) {
      nsb_vec3 v = nsb_st_v(ec->cur, e[i].nodes[j]);
      nsb_v3_store(v, vel + 3 * e[i].nodes[j]);
      speed = fmax(speed, nsb_v3_norm(v));
    }
  }
  lumped_sweep ls = {e, ec, alpha, vel};
  nsb_prox_gs gs = {&lumped_ops, &ls, n, NULL, NSB_PROX_SPLIT, NSB_PROX_NORM_MAX};
  nsb_prox_gs_stats st;
  int status = nsb_prox_gauss_seidel(&gs, &st);
  NSB_ASSERT(status == NSB_OK); /* lumped_local cannot fail */
  (void)status;
  double lmax = fmax(fmax(st.size, st.size_before), speed);
  return st.change > 0.0 ? st.change / lmax : 0.0;
}

void nsb_contact_prox_multipliers(const nsb_elem* e, int n, double impulse_time, double* lambda) {
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (e[i].ops != &nsb_contact_newton_ops) continue;
    double sl = impulse_time / d->m_eff;
    for (int k = 0; k < e[i].n_mult; ++k) lambda[e[i].mult_first + k] = d->pfix[k] / sl;
  }
}

/* The node rows' residual changes by -g_j for an impulse change
   (nsb_contact_node_load: w_j d_k dP_k, and on the Hermite centreline also
   the moments jr_j^T d_k dP_k), so the response solves A dx = sum g_j. */
void nsb_contact_prox_response(const nsb_elem* e, int n, double impulse_time, const int* node_eq, double* rhs) {
  for (int i = 0; i < n; ++i) {
    const nsb_contact_data* d = e[i].state;
    if (e[i].ops != &nsb_contact_newton_ops) continue;
    double sl = impulse_time / d->m_eff;
    nsb_vec3 dP = nsb_v3_zero(), dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    for (int k = 0; k < e[i].n_mult; ++k) dP = nsb_v3_muladd(dP, d->dpfix[k] / sl, dir[k]);
    for (int j = 0; j < e[i].n_nodes; ++j) {
      double g[6];
      int nr = nsb_contact_node_load(&e[i], j, dP, g);
      for (int c = 0; c < nr; ++c) {
        int q = node_eq[6 * e[i].nodes[j] + c];
        if (q >= 0) rhs[q] += g[c];
      }
    }
  }
}

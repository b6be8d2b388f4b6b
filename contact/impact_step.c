/* impact_step.c -- IMPACT=POISSON and IMPACT=CLOSED FORM in the time step:
 * the impact at t_n at impulse level and the targets of the increment's rows.
 * See impact_step.h and docs/contact.md §7.3; the laws themselves are those
 * of contact/impact.c (Waltersberger 2007, eqs. 5.10-5.13; Fischer & Hennig,
 * eqs. 9-11), here on the Delassus operator of free bodies, formed contact by
 * contact. */
#include "contact/impact_step.h"

#include <math.h>
#include <string.h>

#include "contact/prox.h"

static nsb_impact_mode mode_of(const nsb_model* m, const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return m->contact_pairs.data[d->pair].impact;
}

static int newton_active(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_newton_ops && d->active && d->owner;
}

static int takes_part(const nsb_model* m, const nsb_elem* e, nsb_impact_mode mode) {
  return newton_active(e) && mode_of(m, e) == mode;
}

/* W_ab = n_a . n_b sum_{q shared} w_aq w_bq / m_q (free bodies; 0 if no node is shared) */
static double delassus(const nsb_model* m, const nsb_elem* a, const nsb_elem* b) {
  const nsb_contact_data *da = a->state, *db = b->state;
  double s = 0.0;
  for (int j = 0; j < a->n_nodes; ++j)
    for (int k = 0; k < b->n_nodes; ++k)
      if (a->nodes[j] == b->nodes[k]) s += da->wt[j] * db->wt[k] / nsb_contact_node_mass(m, a->nodes[j]);
  if (s == 0.0) return 0.0;
  return s * (da->n[0] * db->n[0] + da->n[1] * db->n[1] + da->n[2] * db->n[2]);
}

/* A node of contact a that contact b also acts on, or -1. */
static int shared_node(const nsb_elem* a, const nsb_elem* b) {
  for (int j = 0; j < a->n_nodes; ++j)
    for (int k = 0; k < b->n_nodes; ++k)
      if (a->nodes[j] == b->nodes[k]) return a->nodes[j];
  return -1;
}

/* ---- CLOSED FORM: one contact at a time ---------------------------------------- */

static int closed_form(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  const nsb_model* m = ec->model;
  for (int i = 0; i < n; ++i) {
    if (!takes_part(m, &e[i], NSB_IMPACT_CLOSED_FORM)) continue;
    nsb_contact_data* d = e[i].state;
    if (!(d->gN_pre < 0.0)) continue; /* not approaching: no impact, Signorini (target 0) */
    const nsb_contact_pair* p = &m->contact_pairs.data[d->pair];
    for (int j = 0; j < n; ++j) {
      int q = j == i || !newton_active(&e[j]) ? -1 : shared_node(&e[i], &e[j]);
      if (q < 0) continue;
      const nsb_contact_pair* pj = &m->contact_pairs.data[((nsb_contact_data*)e[j].state)->pair];
      NSB_CHECK(ctx, 0, NSB_ERR_UNSUPPORTED,
                "%s:%d: *CONTACT PAIR, IMPACT=CLOSED FORM: at t = %.9g the contact of node %d approaches while the "
                "contact of node %d (%s:%d) is closed and shares node %d with it: the closed form of Fischer & "
                "Hennig resolves one impact direction; use IMPACT=POISSON or IMPACT=SIMULTANEOUS",
                m->source, p->line, ec->t, m->nodes.data[e[i].nodes[0]].label, m->nodes.data[e[j].nodes[0]].label,
                m->source, pj->line, m->nodes.data[q].label);
    }
    /* Fischer & Hennig (9)-(11) without bilateral constraints, G the nodes'
       masses: u = G^-1 h with h the contact's gap-rate row, h^T u = W_ii,
       p0 = -(1 + kappa)(h^T qdot1)/(h^T u); the normal velocity after it is
       gamma_N- + W_ii p0 = -kappa gamma_N- */
    double hu = delassus(m, &e[i], &e[i]);
    NSB_CHECK(ctx, hu > 0.0, NSB_ERR_SINGULAR, "%s:%d: *CONTACT PAIR, IMPACT=CLOSED FORM: h^T u = %g at node %d",
              m->source, p->line, hu, m->nodes.data[e[i].nodes[0]].label);
    double p0 = -(1.0 + p->restitution) * d->gN_pre / hu;
    d->imp_lc = -d->gN_pre / hu;
    d->imp_l = p0;
    d->imp_target = fmax(d->gN_pre + hu * p0, 0.0);
  }
  return NSB_OK;
}

/* ---- POISSON: two LCPs ------------------------------------------------------------ */

static double restitution(const nsb_model* m, const nsb_elem* e) {
  return m->contact_pairs.data[((const nsb_contact_data*)e->state)->pair].restitution;
}

/* Few contacts (np <= NSB_LCP_EXACT_MAX, listed in idx): both phases exact on
   the dense W of these contacts, in stack arrays:
     0 <= Lambda_C _|_ gamma- + W Lambda_C >= 0,
     0 <= Lambda_R _|_ gamma- + W (1 + e) Lambda_C + W Lambda_R >= 0,
   Lambda = (1 + e) Lambda_C + Lambda_R, target gamma- + W Lambda where Lambda > 0. */
static int poisson_exact(nsb_ctx* ctx, nsb_elem* e, const nsb_model* m, const int* idx, int np) {
  enum { K = NSB_LCP_EXACT_MAX };
  double W[K * K] = {0}, q[K] = {0}, lc[K] = {0}, lr[K] = {0}, lam[K] = {0}, work[NSB_LCP_EXACT_WORK(K)];
  for (int a = 0; a < np; ++a) {
    q[a] = ((const nsb_contact_data*)e[idx[a]].state)->gN_pre;
    for (int b = 0; b < np; ++b) W[a + b * np] = delassus(m, &e[idx[a]], &e[idx[b]]);
  }
  NSB_CALL(nsb_lcp_exact(ctx, np, W, np, q, lc, NULL, work));
  for (int a = 0; a < np; ++a) {
    double s = ((const nsb_contact_data*)e[idx[a]].state)->gN_pre;
    for (int b = 0; b < np; ++b) s += W[a + b * np] * (1.0 + restitution(m, &e[idx[b]])) * lc[b];
    q[a] = s;
  }
  NSB_CALL(nsb_lcp_exact(ctx, np, W, np, q, lr, NULL, work));
  for (int a = 0; a < np; ++a) lam[a] = (1.0 + restitution(m, &e[idx[a]])) * lc[a] + lr[a];
  for (int a = 0; a < np; ++a) {
    nsb_contact_data* d = e[idx[a]].state;
    d->imp_lc = lc[a];
    d->imp_l = lam[a];
    if (!(lam[a] > 0.0)) continue;
    double g = d->gN_pre;
    for (int b = 0; b < np; ++b) g += W[a + b * np] * lam[b];
    d->imp_target = fmax(g, 0.0);
  }
  return NSB_OK;
}

/* Many contacts: 0 <= z _|_ imp_q + W z >= 0 over the POISSON contacts, z
   into imp_l, by Gauss-Seidel with the exact local solve
   z_i = max(0, z_i - gamma_i / W_ii); W formed entry by entry (no scratch). */
static int poisson_gauss_seidel(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_model* m, int np) {
  for (int i = 0; i < n; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON)) ((nsb_contact_data*)e[i].state)->imp_l = 0.0;
  for (int sweep = 1; sweep <= 100000; ++sweep) {
    double change = 0.0, zmax = 0.0;
    for (int i = 0; i < n; ++i) {
      if (!takes_part(m, &e[i], NSB_IMPACT_POISSON)) continue;
      nsb_contact_data* d = e[i].state;
      double g = d->imp_q, wii = 0.0;
      for (int j = 0; j < n; ++j) {
        if (!takes_part(m, &e[j], NSB_IMPACT_POISSON)) continue;
        double w = delassus(m, &e[i], &e[j]);
        if (j == i) wii = w;
        g += w * ((nsb_contact_data*)e[j].state)->imp_l;
      }
      if (!(wii > 0.0)) continue;
      double z = fmax(0.0, d->imp_l - g / wii);
      change = fmax(change, fabs(z - d->imp_l));
      zmax = fmax(zmax, z);
      d->imp_l = z;
    }
    if (change <= 1e-14 * zmax) return NSB_OK;
  }
  int line = 0;
  for (int i = 0; i < n && line == 0; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON))
      line = m->contact_pairs.data[((const nsb_contact_data*)e[i].state)->pair].line;
  NSB_CHECK(ctx, 0, NSB_ERR_NO_CONVERGENCE,
            "%s:%d: *CONTACT PAIR, IMPACT=POISSON: the impact of %d contacts did not settle in 100000 "
            "Gauss-Seidel sweeps",
            m->source, line, np);
  return NSB_ERR_NO_CONVERGENCE;
}

/* The same two phases as poisson_exact with poisson_gauss_seidel. */
static int poisson_many(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_model* m, int np) {
  for (int i = 0; i < n; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON)) {
      nsb_contact_data* d = e[i].state;
      d->imp_q = d->gN_pre;
    }
  NSB_CALL(poisson_gauss_seidel(ctx, e, n, m, np));
  for (int i = 0; i < n; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON)) {
      nsb_contact_data* d = e[i].state;
      d->imp_lc = d->imp_l;
    }
  for (int i = 0; i < n; ++i) {
    if (!takes_part(m, &e[i], NSB_IMPACT_POISSON)) continue;
    nsb_contact_data* d = e[i].state;
    double q = d->gN_pre;
    for (int j = 0; j < n; ++j)
      if (takes_part(m, &e[j], NSB_IMPACT_POISSON)) {
        const nsb_contact_data* dj = e[j].state;
        q += delassus(m, &e[i], &e[j]) * (1.0 + restitution(m, &e[j])) * dj->imp_lc;
      }
    d->imp_q = q;
  }
  NSB_CALL(poisson_gauss_seidel(ctx, e, n, m, np));
  for (int i = 0; i < n; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON)) {
      nsb_contact_data* d = e[i].state;
      d->imp_l += (1.0 + restitution(m, &e[i])) * d->imp_lc;
    }
  for (int i = 0; i < n; ++i) {
    if (!takes_part(m, &e[i], NSB_IMPACT_POISSON)) continue;
    nsb_contact_data* d = e[i].state;
    if (!(d->imp_l > 0.0)) continue;
    double g = d->gN_pre;
    for (int j = 0; j < n; ++j)
      if (takes_part(m, &e[j], NSB_IMPACT_POISSON))
        g += delassus(m, &e[i], &e[j]) * ((const nsb_contact_data*)e[j].state)->imp_l;
    d->imp_target = fmax(g, 0.0);
  }
  return NSB_OK;
}

static int poisson(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  const nsb_model* m = ec->model;
  int np = 0, approaching = 0, idx[NSB_LCP_EXACT_MAX];
  for (int i = 0; i < n; ++i)
    if (takes_part(m, &e[i], NSB_IMPACT_POISSON)) {
      if (np < NSB_LCP_EXACT_MAX) idx[np] = i;
      approaching += ((const nsb_contact_data*)e[i].state)->gN_pre < 0.0;
      ++np;
    }
  if (approaching == 0) return NSB_OK; /* no compression impulse: every target 0 */
  return np <= NSB_LCP_EXACT_MAX ? poisson_exact(ctx, e, m, idx, np) : poisson_many(ctx, e, n, m, np);
}

int nsb_contact_impact_targets(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  int any = 0;
  for (int i = 0; i < n; ++i) {
    if (e[i].ops != &nsb_contact_newton_ops) continue;
    nsb_contact_data* d = e[i].state;
    d->imp_target = d->imp_q = d->imp_lc = d->imp_l = 0.0;
    nsb_impact_mode k = mode_of(ec->model, &e[i]);
    any |= k == NSB_IMPACT_POISSON || k == NSB_IMPACT_CLOSED_FORM;
  }
  if (!any) return NSB_OK;
  NSB_CALL(closed_form(ctx, e, n, ec));
  return poisson(ctx, e, n, ec);
}

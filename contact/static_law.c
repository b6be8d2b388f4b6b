/* static_law.c -- the Signorini row of a LAW=NEWTON contact in a static step;
 * see static_law.h, derivation in docs/contact.md §7.6. */
#include "contact/static_law.h"

#include <math.h>

#include "contact/geometry.h"
#include "contact/pair.h"

/* The branch of the row min(g, P/r): closed when P - r g > 0; with r = 0
   the limit r -> 0+ (closed when P > 0, or P = 0 and g < 0). */
static int closed_branch(double P, double g, double r) {
  if (r > 0.0 && isfinite(r)) return P - r * g > 0.0;
  return P > 0.0 || (P == 0.0 && g < 0.0);
}

/* The open row P/r in length units, as the closed row g (1 when r is not
   usable: the row's scale does not change the Newton step). */
static double open_scale(double r) { return r > 0.0 && isfinite(r) ? 1.0 / r : 1.0; }

int nsb_contact_static_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const int nl = e->n_local, m0 = nl - 1;
  const double P = ec->lambda[e->mult_first];
  const double r = ec->contact_stiffness;
  NSB_ASSERT(e->n_mult == 1);
  if (!d->owner) {
    /* a candidate of a group that another element owns carries nothing */
    f[m0] += open_scale(r) * P;
    if (K) K[m0 * (nl + 1)] += open_scale(r);
    return NSB_OK;
  }
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  int off[4] = {0, 0, 0, 0};
  for (int q = 0; q < e->n_nodes; ++q) off[q + 1] = off[q] + e->node_ndof[q];
  /* node rows: the force P along n on the slave, its reaction on the master
     (weights w_j carry the sign), -w_j n P; d/dx_k: -P H_jk (the gap's
     Hessian), d/dP: -w_j n */
  for (int j = 0; j < G.nn; ++j) {
    nsb_local_addv(f, off[j], nsb_v3_scale(-P * G.w[j], G.n));
    if (!K) continue;
    nsb_vec3 col = nsb_v3_scale(-G.w[j], G.n);
    K[(off[j] + 0) + nl * m0] += col.x;
    K[(off[j] + 1) + nl * m0] += col.y;
    K[(off[j] + 2) + nl * m0] += col.z;
    if (P != 0.0)
      for (int k = 0; k < G.nn; ++k)
        nsb_local_add3(K, nl, off[j], off[k],
                       nsb_kin_t(&ec->kin[e->nodes[k]], nsb_m3_scale(-P, nsb_contact_gap_hessian(&G, j, k)),
                                 nsb_m3_zero(), nsb_m3_zero()));
  }
  if (closed_branch(P, G.g, r)) {
    /* closed: g = 0, d g / d x_k = w_k n (times the static map's c_r) */
    f[m0] += G.g;
    if (K)
      for (int k = 0; k < G.nn; ++k) {
        nsb_vec3 row = nsb_v3_scale(G.w[k] * ec->kin[e->nodes[k]].cr, G.n);
        K[m0 + nl * (off[k] + 0)] += row.x;
        K[m0 + nl * (off[k] + 1)] += row.y;
        K[m0 + nl * (off[k] + 2)] += row.z;
      }
  } else {
    /* open: P = 0 */
    f[m0] += open_scale(r) * P;
    if (K) K[m0 * (nl + 1)] += open_scale(r);
  }
  return NSB_OK;
}

int nsb_contact_static_closed(const nsb_elem* e, const nsb_eval_ctx* ec, double* gap) {
  const nsb_contact_data* d = e->state;
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  *gap = G.g;
  return d->owner && closed_branch(ec->lambda[e->mult_first], G.g, ec->contact_stiffness);
}

const char* nsb_contact_static_refusal(const nsb_model* m, int ip) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  if (p->law != NSB_CONTACT_NEWTON) return NULL;
  if (p->friction > 0.0)
    return "with FRICTION: the static step's unilateral constraint is frictionless (give FRICTION only to a pair "
           "used in dynamic steps, or use LAW=HERTZ)";
  if (p->points >= 0) return "with POINTS=: a point set's moments are not part of the static law";
  if (p->master_kind == NSB_MASTER_BEAMS && p->centreline == NSB_CENTRELINE_HERMITE)
    return "with CENTRELINE=HERMITE: the Hermite centreline's rotations are not part of the static law";
  if (p->master_kind == NSB_MASTER_OBSTACLE && m->obstacles.data[p->master].body >= 0)
    return "against the face of a rigid body (*OBSTACLE, BODY=): the body's moment is not part of the static law";
  const nsb_nset* ns = &m->nsets.data[p->slave_nset];
  for (int i = 0; i < ns->nodes.count; ++i)
    if (m->nodes.data[ns->nodes.data[i]].body_kind == NSB_BODY_RIGID)
      return "with a rigid body among the slaves: its moment is not part of the static law";
  return NULL;
}

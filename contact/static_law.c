/* static_law.c -- the Signorini row of a LAW=NEWTON contact in a static step;
 * see static_law.h, derivation in docs/contact.md §7.6. */
#include "contact/static_law.h"

#include <math.h>

#include "contact/geometry.h"
#include "contact/friction.h"
#include "contact/laws.h"
#include "contact/pair.h"

/* The branch parameter r, usable (> 0): the flux over the length; before the
   first assembly (r = 0) every multiplier is still 0, and with P = 0 any
   r > 0 takes the branches of the limit r -> 0+ (closed when g < 0, stick
   at the increment's start), so 1 serves. */
static double usable_r(double r) { return r > 0.0 && isfinite(r) ? r : 1.0; }

/* The increment's tangential displacement of the contact point along the
   frozen tangents t_l: u_l = t_l . sum_j w_j (x_j - x_j,n), with the weights
   of the increment's start (Coulomb's law at rest on the slip of the
   increment; d u_l / d x_j = w_j t_l). */
static void slip_of_increment(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec, double u[2]) {
  nsb_vec3 du = nsb_v3_zero();
  for (int j = 0; j < e->n_nodes; ++j)
    du = nsb_v3_muladd(du, d->wt[j], nsb_v3_sub(nsb_st_x(ec->cur, e->nodes[j]), nsb_st_x(ec->old, e->nodes[j])));
  u[0] = nsb_v3_dot(nsb_v3_load(d->t), du);
  u[1] = nsb_v3_dot(nsb_v3_load(d->t + 3), du);
}

int nsb_contact_static_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  const int nl = e->n_local, nm = e->n_mult, m0 = nl - nm;
  const double* P = ec->lambda + e->mult_first;
  const double r = usable_r(ec->contact_stiffness);
  NSB_ASSERT(nm == 1 || nm == 3);
  if (!d->owner) {
    /* a candidate of a group that another element owns carries nothing */
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += P[k] / r;
      if (K) K[(m0 + k) * (nl + 1)] += 1.0 / r;
    }
    return NSB_OK;
  }
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  int off[4] = {0, 0, 0, 0};
  for (int q = 0; q < e->n_nodes; ++q) off[q + 1] = off[q] + e->node_ndof[q];
  const nsb_vec3 tdir[2] = {nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  /* node rows: the normal force P_0 along the current normal on the slave,
     its reaction on the master (weights w_j carry the sign), -w_j n P_0,
     d/dx_k: -P_0 H_jk (the gap's Hessian), d/dP_0: -w_j n; the friction
     forces along the increment's frozen tangents, -w_j t_l P_l */
  for (int j = 0; j < G.nn; ++j) {
    nsb_local_addv(f, off[j], nsb_v3_scale(-P[0] * G.w[j], G.n));
    for (int l = 1; l < nm; ++l) nsb_local_addv(f, off[j], nsb_v3_scale(-P[l] * d->wt[j], tdir[l - 1]));
    if (!K) continue;
    for (int l = 0; l < nm; ++l) {
      nsb_vec3 col = l == 0 ? nsb_v3_scale(-G.w[j], G.n) : nsb_v3_scale(-d->wt[j], tdir[l - 1]);
      K[(off[j] + 0) + nl * (m0 + l)] += col.x;
      K[(off[j] + 1) + nl * (m0 + l)] += col.y;
      K[(off[j] + 2) + nl * (m0 + l)] += col.z;
    }
    if (P[0] != 0.0)
      for (int k = 0; k < G.nn; ++k)
        nsb_local_add3(K, nl, off[j], off[k],
                       nsb_kin_t(&ec->kin[e->nodes[k]], nsb_m3_scale(-P[0], nsb_contact_gap_hessian(&G, j, k)),
                                 nsb_m3_zero(), nsb_m3_zero()));
  }
  /* the rows of Signorini's and Coulomb's laws on lengths (contact/laws.h):
     lambda = P/r, the gap for the normal velocity, the increment's slip for
     the tangential ones */
  double lv[3] = {P[0] / r, 0.0, 0.0}, gam[3] = {G.g, 0.0, 0.0}, phi[3], A[3][3], B[3][3];
  if (nm == 3) {
    double u[2];
    slip_of_increment(e, d, ec, u);
    lv[1] = P[1] / r;
    lv[2] = P[2] / r;
    gam[1] = u[0];
    gam[2] = u[1];
  }
  /* one coefficient: the stick test with STATIC FRICTION > FRICTION would
     read the increment's slip against (mu_st - mu) P_N / r, a length that r
     sets (a sliding contact would stick again unless it slid that far in
     the increment: the iteration alternated, and the answer depended on r) */
  nsb_newton_coulomb_rows(nm, p->friction, p->friction, lv, gam, G.g, phi, A, B);
  if (P[0] == 0.0 && G.g == 0.0) {
    /* touching without force (a body set down on its support, the first
       iteration): the closed branch, or the open row would leave the body
       without support in the first Newton matrix (singular); the closed
       row's residual g = 0 holds there as the open one's P = 0 does */
    phi[0] = 0.0;
    for (int l = 0; l < 3; ++l) A[0][l] = B[0][l] = 0.0;
    A[0][0] = 1.0;
    B[0][0] = 1e-9; /* the rows' proximal term (contact/laws.c) */
  }
  for (int k = 0; k < nm; ++k) {
    f[m0 + k] += phi[k];
    if (!K) continue;
    for (int l = 0; l < nm; ++l) K[(m0 + k) + nl * (m0 + l)] += B[k][l] / r;
    for (int j = 0; j < e->n_nodes; ++j) {
      /* d gam_0 / d x_j = w_j n (current), d gam_l / d x_j = w_j t_l (frozen) */
      nsb_vec3 row = j < G.nn ? nsb_v3_scale(A[k][0] * G.w[j], G.n) : nsb_v3_zero();
      for (int l = 1; l < nm; ++l) row = nsb_v3_muladd(row, A[k][l] * d->wt[j], tdir[l - 1]);
      row = nsb_v3_scale(ec->kin[e->nodes[j]].cr, row);
      K[(m0 + k) + nl * (off[j] + 0)] += row.x;
      K[(m0 + k) + nl * (off[j] + 1)] += row.y;
      K[(m0 + k) + nl * (off[j] + 2)] += row.z;
    }
  }
  return NSB_OK;
}

int nsb_contact_static_state(const nsb_elem* e, const nsb_eval_ctx* ec, double* gap, double ftan[3]) {
  const nsb_contact_data* d = e->state;
  const double* P = ec->lambda + e->mult_first;
  const int closed = nsb_contact_static_closed(e, ec, gap);
  ftan[0] = ftan[1] = ftan[2] = 0.0;
  if (!closed || e->n_mult != 3) return closed ? NSB_FSTATE_NONE : -1;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  nsb_vec3 F = nsb_v3_add(nsb_v3_scale(P[1], nsb_v3_load(d->t)), nsb_v3_scale(P[2], nsb_v3_load(d->t + 3)));
  nsb_v3_store(F, ftan);
  /* the stick test of the rows (contact/laws.c) at the converged state */
  double u[2], r = usable_r(ec->contact_stiffness);
  slip_of_increment(e, d, ec, u);
  const double y0 = P[1] / r - u[0], y1 = P[2] / r - u[1];
  return sqrt(y0 * y0 + y1 * y1) <= p->friction * P[0] / r ? NSB_FSTATE_STICK : NSB_FSTATE_SLIDE;
}

int nsb_contact_static_closed(const nsb_elem* e, const nsb_eval_ctx* ec, double* gap) {
  const nsb_contact_data* d = e->state;
  nsb_contact_geo G;
  nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), ec->model, ec->cur, ec->t, &G);
  *gap = G.g;
  return d->owner && ec->lambda[e->mult_first] / usable_r(ec->contact_stiffness) - G.g > 0.0;
}

const char* nsb_contact_static_refusal(const nsb_model* m, int ip) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  if (p->law != NSB_CONTACT_NEWTON) return NULL;
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

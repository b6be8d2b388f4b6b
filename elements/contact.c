/* contact.c -- see contact.h; derivations in docs/contact.md §5-§7.
 *
 * Local layout of every contact element: the slave particle (3 unknowns),
 * then the master nodes (a particle: 3; beam chord ends: 6 each, of which
 * only the translations are touched), then the NEWTON multipliers (1, or 3
 * with friction).  Tangents verified against central differences
 * (tests/test_contact.c).
 */
#include "elements/contact.h"

#include "contact/prox.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- geometry ------------------------------------------------------------------ */

typedef struct geo {
  int nn;          /* nodes used: 1 obstacle, 2 particle pair, 3 chord */
  double w[3];     /* d g / d x_j = w_j n */
  nsb_vec3 n;      /* unit normal (from master to slave) */
  nsb_vec3 point;  /* closest point on the master surface's reference (centre/axis/plane) */
  nsb_vec3 vobs;   /* obstacle velocity (zero for particles and beams) */
  double g;        /* gap */
  nsb_mat3 Pd;     /* d n / d d: (I - n n^T)/|d| (cylinder: (P_a - n n^T)/|d|; plane: 0) */
  int interior;    /* chord with 0 < xi < 1: closest-point motion enters the Hessian */
  nsb_vec3 a[3];   /* d g_xi / d x_j for the interior chord */
  double gxx;      /* d^2 g / d xi^2 */
  int degenerate;  /* zero distance: normal undefined (the stored one is used) */
} geo;

static nsb_vec3 obstacle_offset(const nsb_model* m, const nsb_obstacle* o, double t, nsb_vec3* vel) {
  if (o->amplitude < 0) {
    *vel = nsb_v3_zero();
    return nsb_v3_zero();
  }
  double d1 = 0.0, a = nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, NULL);
  nsb_vec3 mo = nsb_v3_load(o->motion);
  *vel = nsb_v3_scale(d1, mo);
  return nsb_v3_scale(a, mo);
}

static nsb_vec3 obstacle_acceleration(const nsb_model* m, const nsb_obstacle* o, double t) {
  if (o->amplitude < 0) return nsb_v3_zero();
  double d1 = 0.0, d2 = 0.0;
  (void)nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, &d2);
  return nsb_v3_scale(d2, nsb_v3_load(o->motion));
}

/* Velocity of a spinning obstacle's surface point at arm r from its axis point. */
static nsb_vec3 spin_velocity(const nsb_obstacle* o, nsb_vec3 r) {
  return nsb_v3_scale(o->spin, nsb_v3_cross(nsb_v3_load(o->dir), r));
}

/* Obstacle velocity at the contact point frozen at the start of the
   increment (NEWTON law: the geometry of the increment is frozen). */
static nsb_vec3 frozen_obstacle_velocity(const nsb_model* m, const nsb_contact_data* d, double t) {
  const nsb_obstacle* o = &m->obstacles.data[d->master];
  nsb_vec3 v;
  (void)obstacle_offset(m, o, t, &v);
  if (o->spin != 0.0) v = nsb_v3_add(v, spin_velocity(o, nsb_v3_load(d->arm)));
  return v;
}

/* Point-to-point part shared by spheres, particles and chords: d = x_p - c. */
static void geo_point(geo* G, nsb_vec3 d, nsb_vec3 fallback_n) {
  double dist = nsb_v3_norm(d);
  if (!(dist > 0.0)) {
    G->degenerate = 1;
    G->n = fallback_n;
    G->Pd = nsb_m3_zero();
    G->g = -G->g; /* filled by caller as -radius */
    return;
  }
  G->n = nsb_v3_scale(1.0 / dist, d);
  G->Pd = nsb_m3_scale(1.0 / dist, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n)));
  G->g = dist;
}

static void geometry(const nsb_elem* e, const nsb_contact_data* d, const nsb_model* m, const double* x, double t,
                     geo* G) {
  memset(G, 0, sizeof *G);
  nsb_vec3 xp = nsb_v3_load(x + 3 * e->nodes[0]);
  nsb_vec3 nprev = nsb_v3_load(d->n);
  G->w[0] = 1.0;
  if (d->kind == 0) {
    const nsb_obstacle* o = &m->obstacles.data[d->master];
    nsb_vec3 off = obstacle_offset(m, o, t, &G->vobs);
    nsb_vec3 p = nsb_v3_add(nsb_v3_load(o->point), off);
    nsb_vec3 dir = nsb_v3_load(o->dir);
    G->nn = 1;
    if (o->kind == NSB_OBSTACLE_PLANE) {
      G->n = dir;
      G->g = nsb_v3_dot(dir, nsb_v3_sub(xp, p)) - d->radius;
      G->point = nsb_v3_muladd(xp, -(G->g + d->radius), dir);
      if (o->spin != 0.0) G->vobs = nsb_v3_add(G->vobs, spin_velocity(o, nsb_v3_sub(G->point, p)));
      return;
    }
    nsb_vec3 dd = nsb_v3_sub(xp, p);
    if (o->kind == NSB_OBSTACLE_CYLINDER) dd = nsb_v3_muladd(dd, -nsb_v3_dot(dd, dir), dir);
    G->g = d->radius;
    geo_point(G, dd, nprev);
    if (o->kind == NSB_OBSTACLE_CYLINDER && !G->degenerate)
      G->Pd = nsb_m3_sub(G->Pd, nsb_m3_scale(1.0 / G->g, nsb_m3_outer(dir, dir)));
    G->point = nsb_v3_sub(xp, dd);
    G->g -= d->radius + (o->kind == NSB_OBSTACLE_PLANE ? 0.0 : o->radius);
    /* a spinning cylinder's surface point moves with spin a x (s - p) */
    if (o->spin != 0.0)
      G->vobs = nsb_v3_add(G->vobs, spin_velocity(o, nsb_v3_sub(nsb_v3_muladd(xp, -(G->g + d->radius), G->n), p)));
    return;
  }
  if (d->kind == 1) {
    nsb_vec3 xq = nsb_v3_load(x + 3 * e->nodes[1]);
    G->nn = 2;
    G->w[1] = -1.0;
    G->g = d->radius;
    geo_point(G, nsb_v3_sub(xp, xq), nprev);
    G->point = xq;
    G->g -= d->radius;
    return;
  }
  /* particle against the chord A-B */
  nsb_vec3 xa = nsb_v3_load(x + 3 * e->nodes[1]), xb = nsb_v3_load(x + 3 * e->nodes[2]);
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0;
  G->interior = xi > 0.0 && xi < 1.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  nsb_vec3 c = nsb_v3_muladd(xa, xi, ev);
  G->nn = 3;
  G->w[1] = -(1.0 - xi);
  G->w[2] = -xi;
  G->g = d->radius;
  geo_point(G, nsb_v3_sub(xp, c), nprev);
  G->point = c;
  double dist = G->g;
  G->g -= d->radius;
  if (G->interior && !G->degenerate) {
    /* closest-point motion: H = H|_xi - a a^T / g_xixi (docs/contact.md §5) */
    nsb_vec3 Pe = nsb_m3_mulv(G->Pd, ev); /* P e / |d| */
    G->gxx = nsb_v3_dot(ev, Pe);
    nsb_vec3 z[3] = {nsb_v3_zero(), G->n, nsb_v3_neg(G->n)};
    for (int j = 0; j < 3; ++j) G->a[j] = nsb_v3_muladd(z[j], -G->w[j], Pe);
    if (!(G->gxx > 1e-14 * L2 / (dist > 0.0 ? dist : 1.0))) G->interior = 0;
  }
}

/* Hessian block H_ij of the gap (translations of nodes i, j). */
static nsb_mat3 hess(const geo* G, int i, int j) {
  nsb_mat3 H = nsb_m3_scale(G->w[i] * G->w[j], G->Pd);
  if (G->interior) H = nsb_m3_sub(H, nsb_m3_scale(1.0 / G->gxx, nsb_m3_outer(G->a[i], G->a[j])));
  return H;
}

static void local_offsets(const nsb_elem* e, int off[4]) {
  off[0] = 0;
  for (int q = 0; q < e->n_nodes; ++q) off[q + 1] = off[q] + e->node_ndof[q];
}

/* Relative velocity of the slave with respect to the master point: sum_j w_j v_j - v_obs. */
static nsb_vec3 rel_velocity(const nsb_elem* e, const double* w, const nsb_state* st, nsb_vec3 vobs) {
  nsb_vec3 v = nsb_v3_neg(vobs);
  for (int j = 0; j < e->n_nodes; ++j) v = nsb_v3_muladd(v, w[j], nsb_st_v(st, e->nodes[j]));
  return v;
}

static void tangents(nsb_vec3 n, nsb_vec3* t1, nsb_vec3* t2) {
  nsb_vec3 a = fabs(n.x) < 0.6 ? nsb_v3(1, 0, 0) : fabs(n.y) < 0.6 ? nsb_v3(0, 1, 0) : nsb_v3(0, 0, 1);
  nsb_vec3 u = nsb_v3_muladd(a, -nsb_v3_dot(a, n), n);
  *t1 = nsb_v3_scale(1.0 / nsb_v3_norm(u), u);
  *t2 = nsb_v3_cross(n, *t1);
}

/* ---- Hertz -------------------------------------------------------------------------- */

/* Force and its partial derivatives for penetration al and its rate ald. */
static double hertz_force(const nsb_contact_pair* p, double al, double ald, double* F_al, double* F_ald) {
  *F_al = *F_ald = 0.0;
  if (!(al > 0.0)) return 0.0;
  double ap = pow(al, p->exponent);
  double F = p->stiffness * ap * (1.0 + p->damping * ald);
  if (F <= 0.0) return 0.0; /* Hunt-Crossley: no pull */
  *F_al = p->stiffness * p->exponent * pow(al, p->exponent - 1.0) * (1.0 + p->damping * ald);
  *F_ald = p->stiffness * ap * p->damping;
  return F;
}

static int hertz_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  if (!d->owner || ec->mode == NSB_EVAL_ACCEL) return NSB_OK;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  geo G;
  geometry(e, d, ec->model, ec->cur->x, ec->t, &G);
  if (!(G.g < 0.0)) return NSB_OK;
  nsb_vec3 vr = rel_velocity(e, G.w, ec->cur, G.vobs);
  double al = -G.g, ald = ec->mode == NSB_EVAL_STATIC ? 0.0 : -nsb_v3_dot(G.n, vr);
  double Fa, Fd, F = hertz_force(p, al, ald, &Fa, &Fd);
  if (F == 0.0) return NSB_OK;
  int off[4];
  local_offsets(e, off);
  for (int j = 0; j < G.nn; ++j) nsb_local_addv(f, off[j], nsb_v3_scale(-F * G.w[j], G.n));
  if (!K) return NSB_OK;
  /* v_eff: node velocities, the slave's relative to the obstacle */
  nsb_vec3 veff[3];
  for (int j = 0; j < G.nn; ++j) veff[j] = nsb_st_v(ec->cur, e->nodes[j]);
  veff[0] = nsb_v3_sub(veff[0], G.vobs);
  for (int k = 0; k < G.nn; ++k) {
    const nsb_kin* kk = &ec->kin[e->nodes[k]];
    /* d alpha / d x_k = -w_k n;  d alpha_dot / d x_k = -(H v_eff)_k;  d alpha_dot / d v_k = -w_k n */
    nsb_vec3 Hv = nsb_v3_zero();
    for (int j = 0; j < G.nn; ++j) Hv = nsb_v3_add(Hv, nsb_m3_mulv(hess(&G, k, j), veff[j]));
    nsb_vec3 dF_dx = nsb_v3_add(nsb_v3_scale(-Fa * G.w[k], G.n), nsb_v3_scale(-Fd, Hv));
    nsb_vec3 dF_dv = nsb_v3_scale(-Fd * G.w[k], G.n);
    if (ec->mode == NSB_EVAL_STATIC) dF_dx = nsb_v3_scale(-Fa * G.w[k], G.n), dF_dv = nsb_v3_zero();
    for (int j = 0; j < G.nn; ++j) {
      nsb_mat3 Kx = nsb_m3_add(nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dx)), nsb_m3_scale(-F, hess(&G, j, k)));
      nsb_mat3 Kv = nsb_m3_scale(-G.w[j], nsb_m3_outer(G.n, dF_dv));
      nsb_local_add3(K, e->n_local, off[j], off[k], nsb_kin_t(kk, Kx, Kv, nsb_m3_zero()));
    }
  }
  return NSB_OK;
}

static void hertz_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_contact_data* d = e->state;
  if (!d->owner) return;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  geo G;
  geometry(e, d, ec->model, ec->cur->x, ec->t, &G);
  if (!(G.g < 0.0)) return;
  double al = -G.g, ald = -nsb_v3_dot(G.n, rel_velocity(e, G.w, ec->cur, G.vobs));
  acc->potential += p->stiffness * pow(al, p->exponent + 1.0) / (p->exponent + 1.0);
  double Fa, Fd, F = hertz_force(p, al, ald, &Fa, &Fd);
  /* the damping part of the force times the approach rate is dissipated;
     a moving obstacle does work F n.v_obs */
  double Fel = p->stiffness * pow(al, p->exponent);
  acc->dissipation_rate += (F - Fel) * ald;
  acc->power += F * nsb_v3_dot(G.n, G.vobs);
}

const nsb_elem_ops nsb_contact_hertz_ops = {.name = "contact (Hertz)", .eval = hertz_eval, .energy = hertz_energy};

/* ---- Newton / Coulomb ------------------------------------------------------------- */

static int newton_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_contact_data* d = e->state;
  const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
  int nl = e->n_local, nm = e->n_mult, m0 = nl - nm;
  const double* P = ec->lambda + e->mult_first;
  if (ec->mode != NSB_EVAL_DYNAMIC || !(ec->h > 0.0)) {
    /* initial/after-impact accelerations: contacts carry no force */
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += P[k];
      if (K) K[(m0 + k) * (nl + 1)] += ec->lam_scale;
    }
    return NSB_OK;
  }
  double c1 = ec->con_scale[1];
  double sl = ec->gamma * ec->h / d->m_eff;      /* lambda_v = sl * P (velocity units) */
  double su = sl * ec->lam_scale;                /* d lambda_v / d unknown */
  double lv[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < nm; ++k) lv[k] = sl * P[k];
  if (!(d->active && d->owner)) {
    for (int k = 0; k < nm; ++k) {
      f[m0 + k] += c1 * lv[k];
      if (K) K[(m0 + k) * (nl + 1)] += c1 * su;
    }
    return NSB_OK;
  }
  int off[4];
  local_offsets(e, off);
  nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
  if (ec->contact_prox) {
    /* prox sweeps: the impulses are data (the sweep's, set by the system);
       they load the nodes and add nothing to the matrix, and the contact
       has no equations of its own (docs/contact.md §7.5) */
    for (int j = 0; j < e->n_nodes; ++j)
      for (int k = 0; k < nm; ++k) nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
    return NSB_OK;
  }
  /* obstacle velocity at t_{n+1} */
  nsb_vec3 vobs = d->kind == 0 ? frozen_obstacle_velocity(ec->model, d, ec->t) : nsb_v3_zero();
  nsb_vec3 vr = rel_velocity(e, d->wt, ec->cur, vobs);
  double gam[3];
  for (int k = 0; k < nm; ++k) gam[k] = nsb_v3_dot(dir[k], vr);
  /* node rows: -sum_k w_j dir_k P_k */
  for (int j = 0; j < e->n_nodes; ++j)
    for (int k = 0; k < nm; ++k) {
      nsb_local_addv(f, off[j], nsb_v3_scale(-d->wt[j] * P[k], dir[k]));
      if (K) {
        nsb_vec3 col = nsb_v3_scale(-d->wt[j] * ec->lam_scale, dir[k]);
        K[(off[j] + 0) + nl * (m0 + k)] += col.x;
        K[(off[j] + 1) + nl * (m0 + k)] += col.y;
        K[(off[j] + 2) + nl * (m0 + k)] += col.z;
      }
    }
  /* row coefficients: phi_k = sum_l A[k][l] gamma_l + B[k][l] lambda_v_l + const */
  double A[3][3] = {{0}}, B[3][3] = {{0}}, phi[3] = {0.0, 0.0, 0.0};
  double xiN = gam[0] + p->restitution * (d->gN_pre < 0.0 ? d->gN_pre : 0.0);
  /* Rigid contacts are often redundant (a particle on a floor against a wall
     and its neighbours in a pile), which makes the saddle matrix of the
     closed and stick branches singular.  Their tangent carries eps on the
     impulse (a proximal-point term eps (Lambda - Lambda_k)/m, zero at the
     current iterate, so the residual and the converged solution are exact);
     in redundant directions it picks the step of least change. */
  const double eps = 1e-9;
  if (lv[0] - xiN > 0.0) {
    phi[0] = xiN;
    A[0][0] = 1.0;
    B[0][0] = eps;
  } else {
    phi[0] = lv[0];
    B[0][0] = 1.0;
  }
  if (nm == 3) {
    double y[2] = {lv[1] - gam[1], lv[2] - gam[2]};
    double ny = sqrt(y[0] * y[0] + y[1] * y[1]);
    double rho = p->friction * (lv[0] > 0.0 ? lv[0] : 0.0);
    if (ny <= rho) {
      /* stick: gamma_T = 0 (with the compliance eps, see above) */
      phi[1] = gam[1];
      phi[2] = gam[2];
      A[1][1] = A[2][2] = 1.0;
      B[1][1] = B[2][2] = eps;
    } else {
      double yh[2] = {y[0] / ny, y[1] / ny};
      phi[1] = lv[1] - rho * yh[0];
      phi[2] = lv[2] - rho * yh[1];
      /* d(rho yh) = yh d rho + rho/|y| (I - yh yh^T) (d lambda_vT - d gamma_T) */
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
          double Pab = (a == b ? 1.0 : 0.0) - yh[a] * yh[b];
          /* near the stick boundary (|y| -> rho) the row tends to the stick
             row gamma_T = 0: the same proximal term eps keeps it regular */
          B[1 + a][1 + b] = (a == b ? 1.0 + eps : 0.0) - rho / ny * Pab;
          A[1 + a][1 + b] = rho / ny * Pab;
        }
        if (lv[0] > 0.0) B[1 + a][0] = -p->friction * yh[a];
      }
    }
  }
  for (int k = 0; k < nm; ++k) {
    f[m0 + k] += c1 * phi[k];
    if (!K) continue;
    for (int l = 0; l < nm; ++l) K[(m0 + k) + nl * (m0 + l)] += c1 * B[k][l] * su;
    for (int j = 0; j < e->n_nodes; ++j) {
      const nsb_kin* kj = &ec->kin[e->nodes[j]];
      /* d gamma_l / d v_j = w_j dir_l */
      nsb_vec3 row = nsb_v3_zero();
      for (int l = 0; l < nm; ++l) row = nsb_v3_muladd(row, A[k][l], dir[l]);
      row = nsb_v3_scale(c1 * d->wt[j] * kj->cv, row);
      K[(m0 + k) + nl * (off[j] + 0)] += row.x;
      K[(m0 + k) + nl * (off[j] + 1)] += row.y;
      K[(m0 + k) + nl * (off[j] + 2)] += row.z;
    }
  }
  return NSB_OK;
}

const nsb_elem_ops nsb_contact_newton_ops = {.name = "contact (Newton)", .eval = newton_eval};

/* ---- setup ---------------------------------------------------------------------- */

static double beam_contact_radius(const nsb_model* m, const nsb_contact_pair* p, int el) {
  if (p->master_radius >= 0.0) return p->master_radius;
  return nsb_section_contact_radius(&m->sections.data[m->elements.data[el].section]);
}

/* A contact node is a particle (its radius and mass) or a beam node (slaves
   only: the pair's SLAVE RADIUS or the sections' radius, half the adjacent
   elements' mass; nsb_model_beam_node_contact).  p = NULL for master nodes,
   which are particles. */
static double node_radius(const nsb_model* m, const nsb_contact_pair* p, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  if (nd->body_kind == NSB_BODY_PARTICLE) return m->particles.data[nd->body].radius;
  return p && p->slave_radius >= 0.0 ? p->slave_radius : nd->contact_radius;
}
static double node_mass(const nsb_model* m, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  return nd->body_kind == NSB_BODY_PARTICLE ? m->particles.data[nd->body].mass : nd->contact_mass;
}

/* ---- candidates: broad phase (cell grid), setup --------------------------------- */

double nsb_contact_default_skin(const nsb_model* m) {
  double r = 0.0, lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->particles.count; ++i) r = fmax(r, m->particles.data[i].radius);
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->slave_nset >= 0) {
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      for (int a = 0; a < S->nodes.count; ++a) r = fmax(r, node_radius(m, p, S->nodes.data[a]));
    }
    if (p->master_kind != NSB_MASTER_BEAMS) continue;
    const nsb_elset* es = &m->elsets.data[p->master];
    for (int k = 0; k < es->elements.count; ++k) r = fmax(r, beam_contact_radius(m, p, es->elements.data[k]));
  }
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  double size = 0.0;
  for (int c = 0; c < 3 && m->nodes.count > 0; ++c) size = fmax(size, hi[c] - lo[c]);
  /* half the largest radius: a pile of equal spheres then lists only its
     face neighbours (the candidate graph sets the fill of the direct solve:
     a skin of 2 r lists 26 neighbours per sphere and made the factorization
     17x slower in benchmarks/contact_scaling), at the price of a rebuild
     after every r/4 of motion */
  return fmax(0.5 * r, 1e-3 * (size > 0.0 ? size : 1.0));
}

typedef struct cell_item {
  uint64_t key;
  int item;
} cell_item;

static int cmp_cell(const void* a, const void* b) {
  const cell_item *x = a, *y = b;
  return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->item > y->item) - (x->item < y->item);
}

static uint64_t cell_key(long ix, long iy, long iz) {
  const long off = 1L << 20;
  return ((uint64_t)((ix + off) & 0x1FFFFF) << 42) | ((uint64_t)((iy + off) & 0x1FFFFF) << 21) |
         (uint64_t)((iz + off) & 0x1FFFFF);
}

static long cell_of(double x, double h) { return (long)floor(x / h); }

/* Grow *c to hold at least need entries. */
static int cand_reserve(nsb_ctx* ctx, nsb_contact_cand** c, int* cap, int need) {
  if (need <= *cap) return NSB_OK;
  int nc = *cap > 0 ? *cap : 64;
  while (nc < need) nc *= 2;
  void* p = nsb_realloc(ctx, *c, (size_t)*cap * sizeof(nsb_contact_cand), (size_t)nc * sizeof(nsb_contact_cand));
  if (!p) return NSB_ERR_ALLOC;
  *c = p;
  *cap = nc;
  return NSB_OK;
}

static double point_chord_distance(nsb_vec3 xp, nsb_vec3 xa, nsb_vec3 xb) {
  nsb_vec3 e = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(e, e);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), e) / L2 : 0.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  return nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_muladd(xa, xi, e)));
}

/* Candidates of one pair against particles or beams through a cell grid:
   master items are binned by the cells their (inflated) boxes overlap, every
   slave looks at the 27 cells around its own.  Items found twice (boxes
   spanning cells) are skipped with a stamp per item. */
static int grid_candidates(nsb_ctx* ctx, const nsb_model* m, int ip, const double* x, double skin,
                           nsb_contact_cand** out, int* cap, int* n_out) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  const nsb_nset* S = &m->nsets.data[p->slave_nset];
  int beams = p->master_kind == NSB_MASTER_BEAMS;
  int n_items = beams ? m->elsets.data[p->master].elements.count : m->nsets.data[p->master].nodes.count;
  if (n_items == 0 || S->nodes.count == 0) return NSB_OK;
  double rmax = 0.0, lmax = 0.0;
  for (int a = 0; a < S->nodes.count; ++a) rmax = fmax(rmax, node_radius(m, p, S->nodes.data[a]));
  for (int b = 0; b < n_items; ++b) {
    if (beams) {
      int el = m->elsets.data[p->master].elements.data[b];
      const nsb_element* E = &m->elements.data[el];
      nsb_vec3 xa = nsb_v3_load(x + 3 * E->nodes[0]), xb = nsb_v3_load(x + 3 * E->nodes[1]);
      lmax = fmax(lmax, nsb_v3_norm(nsb_v3_sub(xb, xa)));
      rmax = fmax(rmax, beam_contact_radius(m, p, el));
    } else {
      rmax = fmax(rmax, node_radius(m, NULL, m->nsets.data[p->master].nodes.data[b]));
    }
  }
  /* cell size: every item box fits in 2 cells per direction, every contact
     partner lies in the neighbouring cells */
  double h = fmax(lmax, 2.0 * rmax + skin);
  if (!(h > 0.0)) h = 1.0;
  double infl = 2.0 * rmax + skin;
  /* bin the items */
  int n_bins = 0, cap_bins = 8 * n_items;
  cell_item* bins = NSB_NEW_ARRAY(ctx, cap_bins, cell_item);
  int* stamp = NSB_NEW_ARRAY(ctx, n_items, int);
  if (!bins || !stamp) {
    NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
    NSB_FREE_ARRAY(ctx, stamp, n_items, int);
    return NSB_ERR_ALLOC;
  }
  for (int b = 0; b < n_items; ++b) {
    stamp[b] = -1;
    double lo[3], hi[3];
    if (beams) {
      const nsb_element* E = &m->elements.data[m->elsets.data[p->master].elements.data[b]];
      for (int c = 0; c < 3; ++c) {
        lo[c] = fmin(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) - infl;
        hi[c] = fmax(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) + infl;
      }
    } else {
      int q = m->nsets.data[p->master].nodes.data[b];
      for (int c = 0; c < 3; ++c) lo[c] = hi[c] = x[3 * q + c];
    }
    long i0 = cell_of(lo[0], h), i1 = cell_of(hi[0], h), j0 = cell_of(lo[1], h), j1 = cell_of(hi[1], h);
    long k0 = cell_of(lo[2], h), k1 = cell_of(hi[2], h);
    for (long ix = i0; ix <= i1; ++ix)
      for (long iy = j0; iy <= j1; ++iy)
        for (long iz = k0; iz <= k1; ++iz) {
          if (n_bins == cap_bins) {
            void* nb = nsb_realloc(ctx, bins, (size_t)cap_bins * sizeof(cell_item), (size_t)2 * cap_bins * sizeof(cell_item));
            if (!nb) {
              NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
              NSB_FREE_ARRAY(ctx, stamp, n_items, int);
              return NSB_ERR_ALLOC;
            }
            bins = nb;
            cap_bins *= 2;
          }
          bins[n_bins].key = cell_key(ix, iy, iz);
          bins[n_bins].item = b;
          ++n_bins;
        }
  }
  qsort(bins, (size_t)n_bins, sizeof(cell_item), cmp_cell);
  int st = NSB_OK;
  int same_set = !beams && p->master == p->slave_nset;
  for (int a = 0; a < S->nodes.count && st == NSB_OK; ++a) {
    int sn = S->nodes.data[a];
    nsb_vec3 xp = nsb_v3_load(x + 3 * sn);
    double rp = node_radius(m, p, sn);
    long cx = cell_of(xp.x, h), cy = cell_of(xp.y, h), cz = cell_of(xp.z, h);
    int first = *n_out;
    for (long dx = -1; dx <= 1 && st == NSB_OK; ++dx)
      for (long dy = -1; dy <= 1 && st == NSB_OK; ++dy)
        for (long dz = -1; dz <= 1 && st == NSB_OK; ++dz) {
          uint64_t key = cell_key(cx + dx, cy + dy, cz + dz);
          /* lower bound of key in the sorted bins */
          int lo = 0, hi = n_bins;
          while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (bins[mid].key < key) lo = mid + 1;
            else hi = mid;
          }
          for (int q = lo; q < n_bins && bins[q].key == key; ++q) {
            int b = bins[q].item;
            if (stamp[b] == a) continue;
            stamp[b] = a;
            int item;
            double gap;
            if (beams) {
              item = m->elsets.data[p->master].elements.data[b];
              const nsb_element* E = &m->elements.data[item];
              if (E->nodes[0] == sn || E->nodes[1] == sn) continue; /* a beam node never touches its own element */
              gap = point_chord_distance(xp, nsb_v3_load(x + 3 * E->nodes[0]), nsb_v3_load(x + 3 * E->nodes[1])) - rp -
                    beam_contact_radius(m, p, item);
            } else {
              item = m->nsets.data[p->master].nodes.data[b];
              if (item == sn || (same_set && item < sn)) continue;
              gap = nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_load(x + 3 * item))) - rp - node_radius(m, NULL, item);
            }
            if (!(gap < skin)) continue;
            if ((st = cand_reserve(ctx, out, cap, *n_out + 1)) < 0) break;
            (*out)[*n_out].pair = ip;
            (*out)[*n_out].slave = sn;
            (*out)[*n_out].item = item;
            ++*n_out;
          }
        }
    /* deterministic order within a slave: by master item */
    for (int u = first + 1; u < *n_out; ++u)
      for (int v = u; v > first && (*out)[v - 1].item > (*out)[v].item; --v) {
        nsb_contact_cand t = (*out)[v];
        (*out)[v] = (*out)[v - 1];
        (*out)[v - 1] = t;
      }
  }
  NSB_FREE_ARRAY(ctx, bins, cap_bins, cell_item);
  NSB_FREE_ARRAY(ctx, stamp, n_items, int);
  return st;
}

int nsb_contact_broad_phase(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_contact_cand** out,
                            int* cap, int* n_out) {
  *n_out = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->master_kind == NSB_MASTER_OBSTACLE) {
      /* obstacles: every particle is a candidate (one element each, O(n)) */
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      NSB_CALL(cand_reserve(ctx, out, cap, *n_out + S->nodes.count));
      for (int a = 0; a < S->nodes.count; ++a) {
        (*out)[*n_out].pair = ip;
        (*out)[*n_out].slave = S->nodes.data[a];
        (*out)[*n_out].item = p->master;
        ++*n_out;
      }
    } else {
      NSB_CALL(grid_candidates(ctx, m, ip, x, skin, out, cap, n_out));
    }
  }
  return NSB_OK;
}

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
    E->ops = p->law == NSB_CONTACT_HERTZ ? &nsb_contact_hertz_ops : &nsb_contact_newton_ops;
    E->nodes[0] = sn;
    E->model_index = c[i].pair;
    D->pair = c[i].pair;
    D->master = item;
    D->group = p->master_kind == NSB_MASTER_BEAMS ? group : -1;
    D->owner = 1;
    D->n[2] = 1.0;
    D->gap = HUGE_VAL; /* unknown until the first increment: not reported as closed */
    double rp = node_radius(m, p, sn), mp = node_mass(m, sn);
    if (!(mp > 0.0)) mp = 1.0; /* massless beam nodes: rows scaled by 1 kg (scaling only) */
    if (p->master_kind == NSB_MASTER_OBSTACLE) {
      D->kind = 0;
      E->n_nodes = 1;
      D->radius = rp;
      D->m_eff = mp;
    } else if (p->master_kind == NSB_MASTER_PARTICLES) {
      D->kind = 1;
      E->n_nodes = 2;
      E->nodes[1] = item;
      D->radius = rp + node_radius(m, NULL, item);
      double mq = node_mass(m, item);
      D->m_eff = mp * mq / (mp + mq);
    } else {
      D->kind = 2;
      E->n_nodes = 3;
      E->nodes[1] = m->elements.data[item].nodes[0];
      E->nodes[2] = m->elements.data[item].nodes[1];
      D->radius = rp + beam_contact_radius(m, p, item);
      D->m_eff = mp;
    }
    if (p->law == NSB_CONTACT_NEWTON) {
      E->n_mult = p->friction > 0.0 ? 3 : 1;
      E->mult_first = *mult;
      *mult += E->n_mult;
    }
    E->state = D;
  }
}

/* ---- per increment --------------------------------------------------------------- */

void nsb_contact_prepare(nsb_elem* e, int n, const nsb_eval_ctx* ec) {
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    geo G;
    geometry(&e[i], d, ec->model, ec->cur->x, ec->t, &G);
    nsb_vec3 t1, t2;
    tangents(G.n, &t1, &t2);
    nsb_v3_store(G.n, d->n);
    nsb_v3_store(t1, d->t);
    nsb_v3_store(t2, d->t + 3);
    memcpy(d->wt, G.w, sizeof d->wt);
    d->gap0 = G.g;
    if (d->kind == 0) {
      /* contact point on the obstacle's surface, relative to its (moved) axis point */
      const nsb_obstacle* o = &ec->model->obstacles.data[d->master];
      nsb_vec3 vdummy, p = nsb_v3_add(nsb_v3_load(o->point), obstacle_offset(ec->model, o, ec->t, &vdummy));
      nsb_vec3 xp = nsb_st_x(ec->cur, e[i].nodes[0]);
      nsb_v3_store(nsb_v3_sub(nsb_v3_muladd(xp, -(G.g + d->radius), G.n), p), d->arm);
    }
    nsb_vec3 vr = rel_velocity(&e[i], G.w, ec->cur, G.vobs);
    d->gN_pre = nsb_v3_dot(G.n, vr);
    /* normal acceleration of the smooth (contact-free) motion */
    nsb_vec3 ar = nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) ar = nsb_v3_muladd(ar, G.w[j], nsb_st_a(ec->cur, e[i].nodes[j]));
    if (d->kind == 0) ar = nsb_v3_sub(ar, obstacle_acceleration(ec->model, &ec->model->obstacles.data[d->master], ec->t));
    d->aN_pre = nsb_v3_dot(G.n, ar);
    d->gT_pre[0] = nsb_v3_dot(t1, vr);
    d->gT_pre[1] = nsb_v3_dot(t2, vr);
    d->owner = 1;
  }
  /* groups (one particle against the chords of one pair): the nearest owns */
  for (int i = 0; i < n;) {
    nsb_contact_data* d = e[i].state;
    int j = i + 1;
    if (d->group >= 0) {
      int best = i;
      while (j < n && ((nsb_contact_data*)e[j].state)->group == d->group) {
        if (((nsb_contact_data*)e[j].state)->gap0 < ((nsb_contact_data*)e[best].state)->gap0) best = j;
        ++j;
      }
      for (int k = i; k < j; ++k) ((nsb_contact_data*)e[k].state)->owner = k == best;
    }
    i = j;
  }
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    /* Moreau: closed at the step midpoint, g(t_n + h/2) to second order */
    double h = ec->h;
    d->active = d->owner && d->gap0 + 0.5 * h * d->gN_pre + 0.125 * h * h * d->aN_pre <= 0.0;
    /* IMPACT=SEQUENTIAL: a closed contact that does not approach at t_n sits
       this increment out (Waltersberger, Schema 5.3: sub-impact l involves
       only the contacts approaching with u^l; here one sub-impact per
       increment, so a chain resolves over as many increments) */
    if (d->active && e[i].ops == &nsb_contact_newton_ops &&
        ec->model->contact_pairs.data[d->pair].sequential && !(d->gN_pre < 0.0))
      d->active = 0;
  }
}

/* ---- prox sweeps (CONTACT SOLVER=PROX, docs/contact.md §7.5) ------------------------ */

static int prox_taking_part(const nsb_elem* e) {
  const nsb_contact_data* d = e->state;
  return e->ops == &nsb_contact_newton_ops && d->active && d->owner;
}

/* Lumped mass of a contact node (particle, or half the beam elements at a
   beam node); floored so that a massless node gives a tiny, safe step. */
static double lumped_mass(const nsb_model* m, int node) { return fmax(node_mass(m, node), 1e-12); }

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
    d->pfix[0] = nsb_prox_rplus(d->pfix[0]);
    if (e[i].n_mult == 3) nsb_prox_disk(d->pfix + 1, p->friction * d->pfix[0], d->pfix + 1);
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
    nsb_vec3 vr = d->kind == 0 ? nsb_v3_neg(frozen_obstacle_velocity(m, d, ec->t)) : nsb_v3_zero();
    for (int j = 0; j < e[i].n_nodes; ++j) vr = nsb_v3_muladd(vr, d->wt[j], nsb_v3_load(vel + 3 * e[i].nodes[j]));
    double r = alpha * d->r_prox, old[3] = {d->pfix[0], d->pfix[1], d->pfix[2]};
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    double xiN = nsb_v3_dot(dir[0], vr) + p->restitution * (d->gN_pre < 0.0 ? d->gN_pre : 0.0);
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

double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive, double* obstacle_work) {
  double total = 0.0;
  *impulsive = 0;
  *obstacle_work = 0.0;
  for (int i = 0; i < n; ++i) {
    nsb_contact_data* d = e[i].state;
    const nsb_contact_pair* p = &ec->model->contact_pairs.data[d->pair];
    geo G;
    geometry(&e[i], d, ec->model, ec->cur->x, ec->t, &G);
    d->gap = G.g;
    nsb_v3_store(G.point, d->point);
    d->impulse[0] = d->impulse[1] = d->impulse[2] = 0.0;
    d->force = 0.0;
    d->dissipated = 0.0;
    nsb_vec3 vr = rel_velocity(&e[i], G.w, ec->cur, G.vobs);
    nsb_vec3 t1, t2;
    tangents(G.n, &t1, &t2);
    d->slip = sqrt(nsb_v3_dot(t1, vr) * nsb_v3_dot(t1, vr) + nsb_v3_dot(t2, vr) * nsb_v3_dot(t2, vr));
    if (e[i].ops == &nsb_contact_hertz_ops) {
      if (d->owner && G.g < 0.0) {
        double Fa, Fd;
        d->force = hertz_force(p, -G.g, -nsb_v3_dot(G.n, vr), &Fa, &Fd);
      }
      continue;
    }
    if (!(d->active && d->owner)) continue;
    const double* P = ec->lambda + e[i].mult_first;
    nsb_vec3 dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
    nsb_vec3 vobs = d->kind == 0 ? frozen_obstacle_velocity(ec->model, d, ec->t) : nsb_v3_zero();
    nsb_vec3 vrf = rel_velocity(&e[i], d->wt, ec->cur, vobs);
    double pre[3] = {d->gN_pre, d->gT_pre[0], d->gT_pre[1]};
    for (int k = 0; k < e[i].n_mult; ++k) {
      d->impulse[k] = ec->gamma * ec->h * P[k];
      double post = nsb_v3_dot(dir[k], vrf);
      d->dissipated -= d->impulse[k] * 0.5 * (post + pre[k]);
    }
    if (e[i].n_mult == 3) {
      double a = nsb_v3_dot(dir[1], vrf), b = nsb_v3_dot(dir[2], vrf);
      d->slip = sqrt(a * a + b * b);
    }
    d->force = d->impulse[0] / ec->h;
    if (d->kind == 0 && (ec->model->obstacles.data[d->master].amplitude >= 0 ||
                         ec->model->obstacles.data[d->master].spin != 0.0)) {
      /* a moving (or spinning) obstacle works on the particle: impulse times its step-average velocity */
      nsb_vec3 v0 = frozen_obstacle_velocity(ec->model, d, ec->t - ec->h);
      nsb_vec3 va = nsb_v3_scale(0.5, nsb_v3_add(v0, vobs));
      for (int k = 0; k < e[i].n_mult; ++k) *obstacle_work += d->impulse[k] * nsb_v3_dot(dir[k], va);
    }
    if (d->impulse[0] != 0.0 || (e[i].n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)))
      *impulsive = 1;
    total += d->dissipated;
  }
  return total;
}

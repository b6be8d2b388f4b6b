/* contact.c -- see contact.h; derivations in docs/contact.md §5-§7.
 *
 * Local layout of every contact element: the slave particle (3 unknowns),
 * then the master nodes (a particle: 3; beam chord ends: 6 each, of which
 * only the translations are touched), then the NEWTON multipliers (1, or 3
 * with friction).  Tangents verified against central differences
 * (tests/test_contact.c).
 */
#include "elements/contact.h"

#include <math.h>
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
  /* obstacle velocity at t_{n+1} */
  nsb_vec3 vobs = nsb_v3_zero();
  if (d->kind == 0) (void)obstacle_offset(ec->model, &ec->model->obstacles.data[d->master], ec->t, &vobs);
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
  if (lv[0] - xiN > 0.0) {
    phi[0] = xiN;
    A[0][0] = 1.0;
  } else {
    phi[0] = lv[0];
    B[0][0] = 1.0;
  }
  if (nm == 3) {
    double y[2] = {lv[1] - gam[1], lv[2] - gam[2]};
    double ny = sqrt(y[0] * y[0] + y[1] * y[1]);
    double rho = p->friction * (lv[0] > 0.0 ? lv[0] : 0.0);
    if (ny <= rho) {
      /* stick: gamma_T = 0 */
      phi[1] = gam[1];
      phi[2] = gam[2];
      A[1][1] = A[2][2] = 1.0;
    } else {
      double yh[2] = {y[0] / ny, y[1] / ny};
      phi[1] = lv[1] - rho * yh[0];
      phi[2] = lv[2] - rho * yh[1];
      /* d(rho yh) = yh d rho + rho/|y| (I - yh yh^T) (d lambda_vT - d gamma_T) */
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
          double Pab = (a == b ? 1.0 : 0.0) - yh[a] * yh[b];
          B[1 + a][1 + b] = (a == b ? 1.0 : 0.0) - rho / ny * Pab;
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
  const nsb_section* s = &m->sections.data[m->elements.data[el].section];
  switch (s->shape) {
    case NSB_SECTION_RECT:
      return 0.5 * (s->dims[0] < s->dims[1] ? s->dims[0] : s->dims[1]);
    case NSB_SECTION_CIRC:
    case NSB_SECTION_PIPE:
      return s->dims[0];
    default:
      return s->draw_radius;
  }
}

static double particle_radius(const nsb_model* m, int node) {
  return m->particles.data[m->nodes.data[node].body].radius;
}
static double particle_mass(const nsb_model* m, int node) { return m->particles.data[m->nodes.data[node].body].mass; }

/* Visit every candidate of pair p; fn(ctx, slave, master_item) with master
   item as in nsb_contact_data.master.  Returns the count. */
static int pair_candidates(const nsb_model* m, int ip, nsb_elem* e, nsb_contact_data* d, const int* ndof, int* mult,
                           int* group) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  const nsb_nset* S = &m->nsets.data[p->slave_nset];
  int count = 0;
  for (int a = 0; a < S->nodes.count; ++a) {
    int sn = S->nodes.data[a];
    int n_items = p->master_kind == NSB_MASTER_OBSTACLE ? 1
                  : p->master_kind == NSB_MASTER_BEAMS  ? m->elsets.data[p->master].elements.count
                                                        : m->nsets.data[p->master].nodes.count;
    int grp = p->master_kind == NSB_MASTER_BEAMS ? (*group)++ : -1;
    for (int b = 0; b < n_items; ++b) {
      int item = p->master_kind == NSB_MASTER_OBSTACLE ? p->master
                 : p->master_kind == NSB_MASTER_BEAMS  ? m->elsets.data[p->master].elements.data[b]
                                                       : m->nsets.data[p->master].nodes.data[b];
      if (p->master_kind == NSB_MASTER_PARTICLES) {
        if (item == sn) continue;
        /* a set against itself: each unordered pair once */
        if (p->master == p->slave_nset && item < sn) continue;
      }
      if (e) {
        nsb_elem* E = &e[count];
        nsb_contact_data* D = &d[count];
        memset(E, 0, sizeof *E);
        memset(D, 0, sizeof *D);
        E->ops = p->law == NSB_CONTACT_HERTZ ? &nsb_contact_hertz_ops : &nsb_contact_newton_ops;
        E->nodes[0] = sn;
        E->model_index = ip;
        D->pair = ip;
        D->master = item;
        D->group = grp;
        D->owner = 1;
        D->n[2] = 1.0;
        D->gap = HUGE_VAL; /* unknown until the first increment: not reported as closed */
        double rp = particle_radius(m, sn), mp = particle_mass(m, sn);
        if (p->master_kind == NSB_MASTER_OBSTACLE) {
          D->kind = 0;
          E->n_nodes = 1;
          D->radius = rp;
          D->m_eff = mp;
        } else if (p->master_kind == NSB_MASTER_PARTICLES) {
          D->kind = 1;
          E->n_nodes = 2;
          E->nodes[1] = item;
          D->radius = rp + particle_radius(m, item);
          double mq = particle_mass(m, item);
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
        (void)ndof;
      }
      ++count;
    }
  }
  return count;
}

int nsb_contact_count(const nsb_model* m, int* n_mult) {
  int n = 0, g = 0;
  *n_mult = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    int c = pair_candidates(m, ip, NULL, NULL, NULL, NULL, &g);
    n += c;
    if (p->law == NSB_CONTACT_NEWTON) *n_mult += c * (p->friction > 0.0 ? 3 : 1);
  }
  return n;
}

int nsb_contact_setup(const nsb_model* m, const int* ndof, nsb_elem* e, nsb_contact_data* d, int* mult) {
  int k = 0, g = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) k += pair_candidates(m, ip, e + k, d + k, ndof, mult, &g);
  return k;
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
  }
}

double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive) {
  double total = 0.0;
  *impulsive = 0;
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
    nsb_vec3 vobs = nsb_v3_zero();
    if (d->kind == 0) (void)obstacle_offset(ec->model, &ec->model->obstacles.data[d->master], ec->t, &vobs);
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
    if (d->impulse[0] != 0.0 || (e[i].n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0)))
      *impulsive = 1;
    total += d->dissipated;
  }
  return total;
}

double nsb_contact_gap(const nsb_elem* e, const nsb_eval_ctx* ec, double n[3], double point[3]) {
  geo G;
  geometry(e, e->state, ec->model, ec->cur->x, ec->t, &G);
  if (n) nsb_v3_store(G.n, n);
  if (point) nsb_v3_store(G.point, point);
  return G.g;
}

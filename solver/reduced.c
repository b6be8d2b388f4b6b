/* reduced.c -- modal coordinates with unilateral contacts (see reduced.h). */
#include "solver/reduced.h"

#include <lapacke.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contact/geometry.h"
#include "contact/laws.h"
#include "contact/prox.h"

#define RED_MAX_SWEEPS 100000

static nsb_vec3 slave_position(const nsb_reduced* r, int c, const double* y);
static double beam_gap(const nsb_reduced* r, int c, const double* y, nsb_vec3* n, nsb_vec3* xm_out);

static void red_free(nsb_ctx* ctx, nsb_reduced* r) {
  int m = r->m, nc = r->nc;
  NSB_FREE_ARRAY(ctx, r->lam, m, double);
  NSB_FREE_ARRAY(ctx, r->d, m, double);
  NSB_FREE_ARRAY(ctx, r->y, m, double);
  NSB_FREE_ARRAY(ctx, r->v, m, double);
  NSB_FREE_ARRAY(ctx, r->work, m, double);
  int k = nc > 0 ? nc : 1;
  NSB_FREE_ARRAY(ctx, r->c_node, k, int);
  NSB_FREE_ARRAY(ctx, r->c_obst, k, int);
  NSB_FREE_ARRAY(ctx, r->c_pair, k, int);
  NSB_FREE_ARRAY(ctx, r->c_r, k, double);
  NSB_FREE_ARRAY(ctx, r->c_e, k, double);
  NSB_FREE_ARRAY(ctx, r->c_x0, 3 * k, double);
  NSB_FREE_ARRAY(ctx, r->c_B, (size_t)3 * m * k, double);
  NSB_FREE_ARRAY(ctx, r->c_n, 3 * k, double);
  NSB_FREE_ARRAY(ctx, r->c_g, k, double);
  NSB_FREE_ARRAY(ctx, r->c_rm, k, double);
  NSB_FREE_ARRAY(ctx, r->c_mel, k, int);
  NSB_FREE_ARRAY(ctx, r->c_xm0, 3 * k, double);
  NSB_FREE_ARRAY(ctx, r->c_Bm, (size_t)3 * m * k, double);
  NSB_FREE_ARRAY(ctx, r->c_P, k, double);
  NSB_FREE_ARRAY(ctx, r->c_D, k, double);
  NSB_FREE_ARRAY(ctx, r->c_soft, k, unsigned char);
  NSB_FREE_ARRAY(ctx, r->c_E, k, double);
  NSB_FREE_ARRAY(ctx, r->W, (size_t)m * k, double);
  NSB_FREE_ARRAY(ctx, r->G, (size_t)k * k, double);
  NSB_FREE_ARRAY(ctx, r->q, k, double);
  if (r->C) NSB_FREE_ARRAY(ctx, r->C, (size_t)9 * k * k, double);
  NSB_FREE_ARRAY(ctx, r->c_w, k, double);
  NSB_FREE_ARRAY(ctx, r->ytmp, m, double);
  NSB_FREE_ARRAY(ctx, r->mask, k, unsigned char);
  if (r->spin) {
    size_t mm = (size_t)m * (size_t)m;
    NSB_FREE_ARRAY(ctx, r->Dm, mm, double);
    NSB_FREE_ARRAY(ctx, r->Km, mm, double);
    NSB_FREE_ARRAY(ctx, r->S, mm, double);
    NSB_FREE_ARRAY(ctx, r->SW, (size_t)m * k, double);
    NSB_FREE_ARRAY(ctx, r->rhs, m, double);
    NSB_FREE_ARRAY(ctx, r->ipiv, m, int);
  }
}

void nsb_reduced_destroy(nsb_reduced** pr) {
  if (!pr || !*pr) return;
  nsb_reduced* r = *pr;
  nsb_ctx* ctx = r->ctx;
  red_free(ctx, r);
  nsb_free(ctx, r, sizeof *r);
  *pr = NULL;
}

void nsb_reduced_beam_pairing(const nsb_model* model, const nsb_contact_pair* cp, int node, const double* x0,
                              int* elem, double* xi, double* dist) {
  const nsb_elset* es = &model->elsets.data[cp->master];
  nsb_vec3 x = nsb_v3_load(x0 + 3 * node);
  *elem = -1;
  *dist = HUGE_VAL;
  *xi = 0.0;
  for (int k = 0; k < es->elements.count; ++k) {
    const nsb_element* el = &model->elements.data[es->elements.data[k]];
    int a = el->nodes[0], b = el->nodes[1];
    if (a == node || b == node) continue;
    nsb_vec3 xa = nsb_v3_load(x0 + 3 * a), ab = nsb_v3_sub(nsb_v3_load(x0 + 3 * b), xa);
    double l2 = nsb_v3_dot(ab, ab);
    double t = l2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(x, xa), ab) / l2 : 0.0;
    t = fmin(1.0, fmax(0.0, t));
    double d = nsb_v3_norm(nsb_v3_sub(x, nsb_v3_muladd(xa, t, ab)));
    if (d < *dist) {
      *dist = d;
      *elem = es->elements.data[k];
      *xi = t;
    }
  }
}

/* The beam-master candidates from index c on: each slave node of a pair with
   a master element set is paired with the closest point of the set's chords
   (elements not containing the node) in the linearization state x0:
   xm0 = (1 - xi) x_a + xi x_b, Bm = (1 - xi) B_a + xi B_b (reduced.h).  A
   slave that coincides with its closest point has no normal: refused. */
static int pair_beam_candidates(nsb_reduced* r, int c, const double* x0,
                                void (*node_rows)(void* user, int node, double* B), void* user) {
  nsb_ctx* ctx = r->ctx;
  const nsb_model* model = r->model;
  int m = r->m;
  double* Bb = NSB_NEW_ARRAY(ctx, (size_t)3 * m, double);
  NSB_CHECK(ctx, Bb, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  int st = NSB_OK;
  for (int p = 0; p < model->contact_pairs.count && st >= 0; ++p) {
    const nsb_contact_pair* cp = &model->contact_pairs.data[p];
    if (cp->master_kind != NSB_MASTER_BEAMS) continue;
    const nsb_nset* ns = &model->nsets.data[cp->slave_nset];
    for (int i = 0; i < ns->nodes.count && st >= 0; ++i, ++c) {
      int node = ns->nodes.data[i];
      nsb_vec3 x = nsb_v3_load(x0 + 3 * node);
      int best;
      double best_d, best_xi;
      nsb_reduced_beam_pairing(model, cp, node, x0, &best, &best_xi, &best_d);
      if (best < 0 || !(best_d > 0.0)) {
        st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__,
                           "modal dynamics: slave node %d of the *CONTACT PAIR of line %d %s",
                           model->nodes.data[node].label, cp->line,
                           best < 0 ? "has no master element to pair with"
                                    : "lies on the master centre line (no normal)");
        break;
      }
      const nsb_element* el = &model->elements.data[best];
      int a = el->nodes[0], b = el->nodes[1];
      double* Bm = r->c_Bm + (size_t)3 * m * c;
      node_rows(user, a, Bm);
      node_rows(user, b, Bb);
      for (int j = 0; j < 3 * m; ++j) Bm[j] = (1.0 - best_xi) * Bm[j] + best_xi * Bb[j];
      nsb_vec3 xa = nsb_v3_load(x0 + 3 * a), xb = nsb_v3_load(x0 + 3 * b);
      nsb_vec3 xm = nsb_v3_add(nsb_v3_scale(1.0 - best_xi, xa), nsb_v3_scale(best_xi, xb));
      nsb_v3_store(xm, r->c_xm0 + 3 * c);
      nsb_v3_store(nsb_v3_scale(1.0 / best_d, nsb_v3_sub(x, xm)), r->c_n + 3 * c);
      r->c_node[c] = node;
      r->c_obst[c] = -1;
      r->c_pair[c] = p;
      r->c_r[c] = nsb_contact_node_radius(model, cp, node);
      r->c_rm[c] = nsb_contact_beam_radius(model, cp, best);
      r->c_mel[c] = best;
      r->c_e[c] = cp->restitution;
      memcpy(r->c_x0 + 3 * c, x0 + 3 * node, 3 * sizeof(double));
      node_rows(user, node, r->c_B + (size_t)3 * m * c);
      r->c_P[c] = 0.0;
      r->c_D[c] = 0.0;
    }
  }
  NSB_FREE_ARRAY(ctx, Bb, (size_t)3 * m, double);
  return st;
}

int nsb_reduced_create(nsb_ctx* ctx, const nsb_model* model, int m, const double* lam, double alpha, double beta,
                       int qs, const double* x0, void (*node_rows)(void* user, int node, double* B), void* user,
                       nsb_reduced** out) {
  *out = NULL;
  /* candidates: every slave node of every pair with an obstacle master, then
     those of the pairs with a beam master */
  int nc = 0, n_beam = 0;
  for (int p = 0; p < model->contact_pairs.count; ++p) {
    const nsb_contact_pair* cp = &model->contact_pairs.data[p];
    int ns = model->nsets.data[cp->slave_nset].nodes.count;
    if (cp->master_kind == NSB_MASTER_OBSTACLE) nc += ns;
    if (cp->master_kind == NSB_MASTER_BEAMS) n_beam += ns;
  }
  NSB_ASSERT(!(qs && n_beam > 0)); /* refused by the deck reader */
  nc += n_beam;
  nsb_reduced* r = nsb_alloc(ctx, sizeof *r);
  NSB_CHECK(ctx, r, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  memset(r, 0, sizeof *r);
  r->ctx = ctx;
  r->model = model;
  r->m = m;
  r->qs = qs;
  r->nc = nc;
  int k = nc > 0 ? nc : 1;
  r->lam = NSB_NEW_ARRAY(ctx, m, double);
  r->d = NSB_NEW_ARRAY(ctx, m, double);
  r->y = NSB_NEW_ARRAY(ctx, m, double);
  r->v = NSB_NEW_ARRAY(ctx, m, double);
  r->work = NSB_NEW_ARRAY(ctx, m, double);
  r->c_node = NSB_NEW_ARRAY(ctx, k, int);
  r->c_obst = NSB_NEW_ARRAY(ctx, k, int);
  r->c_pair = NSB_NEW_ARRAY(ctx, k, int);
  r->c_r = NSB_NEW_ARRAY(ctx, k, double);
  r->c_e = NSB_NEW_ARRAY(ctx, k, double);
  r->c_x0 = NSB_NEW_ARRAY(ctx, 3 * k, double);
  r->c_B = NSB_NEW_ARRAY(ctx, (size_t)3 * m * k, double);
  r->c_n = NSB_NEW_ARRAY(ctx, 3 * k, double);
  r->c_g = NSB_NEW_ARRAY(ctx, k, double);
  r->n_beam = n_beam;
  r->c_rm = NSB_NEW_ARRAY(ctx, k, double);
  r->c_mel = NSB_NEW_ARRAY(ctx, k, int);
  r->c_xm0 = NSB_NEW_ARRAY(ctx, 3 * k, double);
  r->c_Bm = NSB_NEW_ARRAY(ctx, (size_t)3 * m * k, double);
  r->c_P = NSB_NEW_ARRAY(ctx, k, double);
  r->c_D = NSB_NEW_ARRAY(ctx, k, double);
  r->c_soft = NSB_NEW_ARRAY(ctx, k, unsigned char);
  r->c_E = NSB_NEW_ARRAY(ctx, k, double);
  r->W = NSB_NEW_ARRAY(ctx, (size_t)m * k, double);
  r->G = NSB_NEW_ARRAY(ctx, (size_t)k * k, double);
  r->q = NSB_NEW_ARRAY(ctx, k, double);
  if (qs) r->C = NSB_NEW_ARRAY(ctx, (size_t)9 * k * k, double);
  r->c_w = NSB_NEW_ARRAY(ctx, k, double);
  r->ytmp = NSB_NEW_ARRAY(ctx, m, double);
  r->mask = NSB_NEW_ARRAY(ctx, k, unsigned char);
  if (!r->lam || !r->d || !r->y || !r->v || !r->work || !r->c_node || !r->c_obst || !r->c_pair || !r->c_r ||
      !r->c_e || !r->c_x0 || !r->c_B || !r->c_n || !r->c_g || !r->c_rm || !r->c_mel || !r->c_xm0 || !r->c_Bm ||
      !r->c_P || !r->c_D || !r->c_soft || !r->c_E || !r->W || !r->G || !r->q ||
      (qs && !r->C) || !r->c_w || !r->ytmp || !r->mask) {
    nsb_reduced_destroy(&r);
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
  }
  for (int j = 0; j < m; ++j) {
    r->lam[j] = lam[j];
    r->d[j] = alpha + beta * lam[j];
    r->y[j] = r->v[j] = 0.0;
  }
  int c = 0;
  for (int p = 0; p < model->contact_pairs.count; ++p) {
    const nsb_contact_pair* cp = &model->contact_pairs.data[p];
    if (cp->master_kind != NSB_MASTER_OBSTACLE) continue;
    const nsb_nset* ns = &model->nsets.data[cp->slave_nset];
    for (int i = 0; i < ns->nodes.count; ++i, ++c) {
      int node = ns->nodes.data[i];
      r->c_node[c] = node;
      r->c_obst[c] = cp->master;
      r->c_pair[c] = p;
      r->c_r[c] = nsb_contact_node_radius(model, cp, node);
      r->c_e[c] = cp->restitution;
      memcpy(r->c_x0 + 3 * c, x0 + 3 * node, 3 * sizeof(double));
      node_rows(user, node, r->c_B + (size_t)3 * m * c);
      r->c_n[3 * c] = r->c_n[3 * c + 1] = 0.0;
      r->c_n[3 * c + 2] = 1.0;
      r->c_P[c] = 0.0;
      r->c_D[c] = 0.0;
      r->c_rm[c] = 0.0;
      r->c_mel[c] = -1;
      memset(r->c_xm0 + 3 * c, 0, 3 * sizeof(double));
      memset(r->c_Bm + (size_t)3 * m * c, 0, (size_t)3 * m * sizeof(double));
    }
  }
  int st = n_beam > 0 ? pair_beam_candidates(r, c, x0, node_rows, user) : NSB_OK;
  if (st < 0) {
    nsb_reduced_destroy(&r);
    return st;
  }
  for (c = 0; c < nc; ++c) {
    r->c_soft[c] = model->contact_pairs.data[r->c_pair[c]].law == NSB_CONTACT_HERTZ;
    r->c_E[c] = 0.0;
  }
  NSB_ASSERT(!qs || !memchr(r->c_soft, 1, (size_t)nc)); /* refused by the deck reader */
  *out = r;
  return NSB_OK;
}

int nsb_reduced_n_contacts(const nsb_reduced* r) { return r->nc; }

void nsb_reduced_contact_row(const nsb_reduced* r, int c, double t, nsb_reduced_row* out) {
  nsb_vec3 x = slave_position(r, c, r->y), n, vo, point;
  double g;
  if (r->c_obst[c] < 0) {
    nsb_vec3 xm;
    g = beam_gap(r, c, r->y, &n, &xm);
    point = nsb_v3_muladd(xm, r->c_rm[c], n); /* on the master's surface */
  } else {
    g = nsb_obstacle_gap(r->model, r->c_obst[c], t, x, r->c_r[c], nsb_v3_load(r->c_n + 3 * c), &n, &vo);
    point = nsb_v3_sub(x, nsb_v3_scale(g + r->c_r[c], n));
  }
  out->pair = r->c_pair[c];
  out->node = r->c_node[c];
  out->obstacle = r->c_obst[c];
  out->element = r->c_mel[c];
  out->gap = g;
  out->impulse = r->c_P[c];
  out->dissipated = r->c_D[c];
  nsb_v3_store(point, out->point);
  nsb_v3_store(n, out->n);
}
int nsb_reduced_contact_node(const nsb_reduced* r, int c) { return r->c_node[c]; }

void nsb_reduced_set_flexibility(nsb_reduced* r, const double* C) {
  if (r->C) memcpy(r->C, C, sizeof(double) * 9 * (size_t)r->nc * (size_t)r->nc);
}

/* The diagonal of the smooth step's matrix: S = I + h/2 D + h^2/4 Lambda
   (trapezoidal), I + h D + h^2 Lambda (semi-implicit Euler, QS). */
static double smooth_S(const nsb_reduced* r, int j, double h) {
  return r->qs ? 1.0 + h * r->d[j] + h * h * r->lam[j] : 1.0 + 0.5 * h * r->d[j] + 0.25 * h * h * r->lam[j];
}

/* A point that moves with the modes: x0 + B y (B row-major 3 x m). */
static nsb_vec3 modal_point(const double* x0, const double* B, int m, const double* y) {
  double x[3];
  for (int i = 0; i < 3; ++i) {
    double s = x0[i];
    for (int j = 0; j < m; ++j) s += B[i * m + j] * y[j];
    x[i] = s;
  }
  return nsb_v3_load(x);
}

/* Position of slave c for modal displacement y. */
static nsb_vec3 slave_position(const nsb_reduced* r, int c, const double* y) {
  return modal_point(r->c_x0 + 3 * c, r->c_B + (size_t)3 * r->m * c, r->m, y);
}

/* Beam master (reduced.h): gap and normal of slave c against its paired
   master point at modal displacement y; the normal of the last evaluation
   when the two points coincide. */
static double beam_gap(const nsb_reduced* r, int c, const double* y, nsb_vec3* n, nsb_vec3* xm_out) {
  nsb_vec3 xm = modal_point(r->c_xm0 + 3 * c, r->c_Bm + (size_t)3 * r->m * c, r->m, y);
  nsb_vec3 d = nsb_v3_sub(slave_position(r, c, y), xm);
  double dist = nsb_v3_norm(d);
  *n = dist > 0.0 ? nsb_v3_scale(1.0 / dist, d) : nsb_v3_load(r->c_n + 3 * c);
  *xm_out = xm;
  return dist - r->c_r[c] - r->c_rm[c];
}

/* Gap, normal and W row of slave c at modal displacement y, time t. */
static double slave_gap(nsb_reduced* r, int c, const double* y, double t, double* w_obs) {
  nsb_vec3 x, n, vo;
  const double* B = r->c_B + (size_t)3 * r->m * c;
  double* Wc = r->W + (size_t)r->m * c;
  if (r->c_obst[c] < 0) {
    /* beam master: W = n^T (B - Bm), the master point moves with the modes */
    const double* Bm = r->c_Bm + (size_t)3 * r->m * c;
    double g = beam_gap(r, c, y, &n, &x);
    nsb_v3_store(n, r->c_n + 3 * c);
    for (int j = 0; j < r->m; ++j)
      Wc[j] = n.x * (B[j] - Bm[j]) + n.y * (B[r->m + j] - Bm[r->m + j]) + n.z * (B[2 * r->m + j] - Bm[2 * r->m + j]);
    *w_obs = 0.0;
    return g;
  }
  x = slave_position(r, c, y);
  double g = nsb_obstacle_gap(r->model, r->c_obst[c], t, x, r->c_r[c], nsb_v3_load(r->c_n + 3 * c), &n, &vo);
  nsb_v3_store(n, r->c_n + 3 * c);
  for (int j = 0; j < r->m; ++j) Wc[j] = n.x * B[j] + n.y * B[r->m + j] + n.z * B[2 * r->m + j];
  *w_obs = nsb_v3_dot(n, vo);
  return g;
}

/* Projected Gauss-Seidel (contact/prox.h) for 0 <= G P + q _|_ P >= 0 over
   the contacts with mask[c] == 1 (NEWTON; 2: compliant, 0: open, their P
   fixed in the sweep): one normal impulse per contact,
   the step P <- max(0, P - (G P + q)_a / G_aa), the exact local solve (r =
   1 / G_aa, applied as a division).  A contact with G_aa <= 0 sits out. */
typedef struct red_sweep {
  nsb_reduced* r;
  const unsigned char* mask;
} red_sweep;

static int red_local(void* data, int a, nsb_prox_local* c) {
  const red_sweep* rs = data;
  const nsb_reduced* r = rs->r;
  int nc = r->nc;
  if (rs->mask[a] != 1) return 0;
  double gaa = r->G[a + (size_t)nc * a];
  if (!(gaa > 0.0)) return 0;
  double res = r->q[a];
  for (int b = 0; b < nc; ++b) res += r->G[a + (size_t)nc * b] * r->c_P[b];
  c->n_dir = 1;
  c->mu = 0.0;
  c->lambda[0] = r->c_P[a];
  c->lambda[1] = c->lambda[2] = 0.0;
  c->r_xi[0] = res / gaa;
  c->r_xi[1] = c->r_xi[2] = 0.0;
  return 1;
}

static void red_update(void* data, int a, const double* lambda, const double* dlambda) {
  (void)dlambda;
  const red_sweep* rs = data;
  rs->r->c_P[a] = lambda[0];
}

static const nsb_prox_gs_ops red_sweep_ops = {red_local, red_update};

/* Sweeps until no impulse changes by more than 1e-14 of the largest.
   Returns the sweeps, or -1. */
static long pgs(nsb_reduced* r, const unsigned char* mask) {
  red_sweep rs = {r, mask};
  nsb_prox_gs gs = {&red_sweep_ops, &rs, r->nc, NULL, NSB_PROX_SPLIT, NSB_PROX_NORM_MAX};
  for (long s = 1; s <= RED_MAX_SWEEPS; ++s) {
    nsb_prox_gs_stats st;
    int status = nsb_prox_gauss_seidel(&gs, &st);
    NSB_ASSERT(status == NSB_OK); /* red_local cannot fail */
    (void)status;
    if (st.change <= 1e-14 * st.size || st.size == 0.0) return s;
  }
  return -1;
}

/* The contact impulses of an increment by pgs, counted in r->sweeps; an error
   with the time when they do not settle. */
static int settle_impulses(nsb_reduced* r, const unsigned char* mask, double t) {
  long sw = pgs(r, mask);
  if (sw < 0)
    return nsb_ctx_error(r->ctx, NSB_ERR_NO_CONVERGENCE, __FILE__, __LINE__, __func__,
                         "modal dynamics: the contact impulses did not settle in %d Gauss-Seidel sweeps at t = %.10g",
                         RED_MAX_SWEEPS, t);
  r->sweeps += sw;
  return NSB_OK;
}

/* Compliant candidate a (mask 2; reduced.h): the impulse P = h F(alpha,
   alpha') of the pair's law (nsb_hertz_force) at the end of the step,
   u+ = q_a + sum_b G_ab P_b the end normal velocity (q_a = W_a v_free - w_a),
   alpha' = -u+, alpha = -(g_a + h/2 u+), g_a = r->c_g[a] the gap at
   y + h/2 v.  F falls as P separates the pair, so R(P) = P - h F is
   increasing and its root lies in [0, h F(0)]: Newton's iteration kept in
   that bracket (bisection when it leaves it).  *E: the elastic energy at the
   root. */
static double compliant_impulse(const nsb_reduced* r, int a, double h, double* E) {
  const nsb_contact_pair* cp = &r->model->contact_pairs.data[r->c_pair[a]];
  int nc = r->nc;
  double gaa = r->G[a + (size_t)nc * a], u0 = r->q[a], g = r->c_g[a];
  for (int b = 0; b < nc; ++b)
    if (b != a) u0 += r->G[a + (size_t)nc * b] * r->c_P[b];
  double Fal, Fald;
  double F0 = nsb_hertz_force(cp->stiffness, cp->exponent, cp->damping, -(g + 0.5 * h * u0), -u0, &Fal, &Fald);
  *E = 0.0;
  if (!(F0 > 0.0)) return 0.0;
  double lo = 0.0, hi = h * F0, P = 0.0;
  for (int it = 0; it < 200; ++it) {
    double u = u0 + gaa * P;
    double F = nsb_hertz_force(cp->stiffness, cp->exponent, cp->damping, -(g + 0.5 * h * u), -u, &Fal, &Fald);
    double R = P - h * F;
    if (R < 0.0) lo = P;
    else hi = P;
    double Pn = P - R / (1.0 + h * gaa * (0.5 * h * Fal + Fald));
    if (!(Pn > lo && Pn < hi)) Pn = 0.5 * (lo + hi);
    double dP = fabs(Pn - P);
    P = Pn;
    if (dP <= 1e-15 * h * F0 || hi - lo <= 1e-15 * h * F0) break;
  }
  double al = -(g + 0.5 * h * (u0 + gaa * P));
  if (al > 0.0) *E = nsb_hertz_potential(cp->stiffness, cp->exponent, al);
  return P;
}

/* The impulses of an increment: the NEWTON contacts (mask 1) by pgs, the
   compliant ones (mask 2) by compliant_impulse, in turn (block Gauss-Seidel)
   until no compliant impulse changes by more than 1e-14 of the largest
   impulse; the compliant contacts' elastic energies into E[c] (0 for the
   others).  An error with the time when they do not settle. */
static int settle_contacts(nsb_reduced* r, const unsigned char* mask, double h, double t, double* E) {
  int nc = r->nc, newton = 0, soft = 0, last = -1;
  for (int c = 0; c < nc; ++c) {
    newton += mask[c] == 1;
    soft += mask[c] == 2;
    if (mask[c] == 2) last = c;
    E[c] = 0.0;
  }
  if (!soft) return newton ? settle_impulses(r, mask, t) : NSB_OK;
  if (soft == 1 && !newton) { /* nothing couples to it: one solve is the answer */
    r->c_P[last] = compliant_impulse(r, last, h, &E[last]);
    r->sweeps += 1;
    return NSB_OK;
  }
  for (long s = 1; s <= RED_MAX_SWEEPS; ++s) {
    if (newton) {
      int rc = settle_impulses(r, mask, t);
      if (rc) return rc;
    }
    double change = 0.0, size = 0.0;
    for (int a = 0; a < nc; ++a) {
      if (mask[a] == 2) {
        double P = compliant_impulse(r, a, h, &E[a]);
        change = fmax(change, fabs(P - r->c_P[a]));
        r->c_P[a] = P;
      }
      if (mask[a]) size = fmax(size, r->c_P[a]);
    }
    if (change <= 1e-14 * size || size == 0.0) {
      if (!newton) r->sweeps += s;
      return NSB_OK;
    }
  }
  return nsb_ctx_error(r->ctx, NSB_ERR_NO_CONVERGENCE, __FILE__, __LINE__, __func__,
                       "modal dynamics: the compliant contact impulses did not settle in %d sweeps at t = %.10g",
                       RED_MAX_SWEEPS, t);
}

/* The complementarity mask of candidate c (reduced.h) once slave_gap has
   set its midpoint gap r->c_g[c] and W row: a NEWTON contact closed at the
   midpoint is 1; a compliant one whose end gap with the free velocity vf,
   g + h/2 (W vf - w), is negative is 2; else 0. */
static unsigned char contact_mask(const nsb_reduced* r, int c, const double* vf, double h) {
  if (!r->c_soft[c]) return r->c_g[c] <= 0.0;
  const double* Wc = r->W + (size_t)r->m * c;
  double u = -r->c_w[c];
  for (int j = 0; j < r->m; ++j) u += Wc[j] * vf[j];
  return r->c_g[c] + 0.5 * h * u < 0.0 ? 2 : 0;
}

/* QS: contact a's share 1/2 lambda_a sum_b (n_a.C_ab n_b) lambda_b of the
   truncated modes' energy (lambda = P / h); the shares sum to e_qs. */
static double qs_share(const nsb_reduced* r, int a, double h) {
  int nc = r->nc;
  if (r->c_P[a] == 0.0) return 0.0;
  double s = 0.0;
  for (int b = 0; b < nc; ++b) {
    if (r->c_P[b] == 0.0) continue;
    double cnn = 0.0;
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k)
        cnn += r->c_n[3 * a + i] * r->C[(3 * a + i) + (size_t)3 * nc * (3 * b + k)] * r->c_n[3 * b + k];
    s += cnn * (r->c_P[b] / h);
  }
  return 0.5 * (r->c_P[a] / h) * s;
}

/* ---- the co-rotating model -------------------------------------------------- */

int nsb_spin_matrices_alloc(nsb_ctx* ctx, int m, nsb_spin_matrices* sm) {
  memset(sm, 0, sizeof *sm);
  size_t mm = (size_t)m * (size_t)m;
  sm->m = m;
  sm->G1 = NSB_NEW_ARRAY(ctx, mm, double);
  sm->Kc1 = NSB_NEW_ARRAY(ctx, mm, double);
  sm->P1 = NSB_NEW_ARRAY(ctx, mm, double);
  sm->fc1 = NSB_NEW_ARRAY(ctx, m, double);
  sm->fb1 = NSB_NEW_ARRAY(ctx, m, double);
  sm->Pg = NSB_NEW_ARRAY(ctx, (size_t)3 * m, double);
  if (!sm->G1 || !sm->Kc1 || !sm->P1 || !sm->fc1 || !sm->fb1 || !sm->Pg) {
    nsb_spin_matrices_free(ctx, sm);
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "co-rotating model: out of memory");
  }
  memset(sm->G1, 0, mm * sizeof(double));
  memset(sm->Kc1, 0, mm * sizeof(double));
  memset(sm->P1, 0, mm * sizeof(double));
  memset(sm->fc1, 0, (size_t)m * sizeof(double));
  memset(sm->fb1, 0, (size_t)m * sizeof(double));
  memset(sm->Pg, 0, (size_t)3 * m * sizeof(double));
  return NSB_OK;
}

void nsb_spin_matrices_free(nsb_ctx* ctx, nsb_spin_matrices* sm) {
  size_t m = (size_t)sm->m, mm = m * m;
  if (sm->G1) NSB_FREE_ARRAY(ctx, sm->G1, mm, double);
  if (sm->Kc1) NSB_FREE_ARRAY(ctx, sm->Kc1, mm, double);
  if (sm->P1) NSB_FREE_ARRAY(ctx, sm->P1, mm, double);
  if (sm->fc1) NSB_FREE_ARRAY(ctx, sm->fc1, m, double);
  if (sm->fb1) NSB_FREE_ARRAY(ctx, sm->fb1, m, double);
  if (sm->Pg) NSB_FREE_ARRAY(ctx, sm->Pg, 3 * m, double);
  memset(sm, 0, sizeof *sm);
}

void nsb_spin_system(const nsb_spin_matrices* sm, const double* lam, const double* d, double c, double omega,
                     double* D, double* K) {
  int m = sm->m;
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      size_t ij = (size_t)i + (size_t)m * (size_t)j;
      D[ij] = omega * sm->G1[ij] + (i == j ? d[j] + c : 0.0);
      K[ij] = -omega * omega * sm->Kc1[ij] + c * omega * sm->P1[ij] + (i == j ? lam[j] : 0.0);
    }
}

/* qsort order of eigenvalues: descending real part, then ascending imaginary part */
typedef struct eig_pair {
  double re, im;
} eig_pair;

static int eig_cmp(const void* pa, const void* pb) {
  const eig_pair *a = pa, *b = pb;
  if (a->re != b->re) return a->re > b->re ? -1 : 1;
  if (a->im != b->im) return a->im < b->im ? -1 : 1;
  return 0;
}

int nsb_spin_eigenvalues(nsb_ctx* ctx, int m, const double* D, const double* K, double* work, double* wr,
                         double* wi) {
  /* A = [[0, I], [-K, -D]] (2m x 2m, column-major): x' = A x for x = (y, y') */
  int n = 2 * m;
  double* A = work;
  memset(A, 0, (size_t)n * (size_t)n * sizeof(double));
  for (int j = 0; j < m; ++j) {
    A[j + (size_t)n * (size_t)(m + j)] = 1.0;
    for (int i = 0; i < m; ++i) {
      A[(m + i) + (size_t)n * (size_t)j] = -K[i + (size_t)m * j];
      A[(m + i) + (size_t)n * (size_t)(m + j)] = -D[i + (size_t)m * j];
    }
  }
  lapack_int info = LAPACKE_dgeev(LAPACK_COL_MAJOR, 'N', 'N', n, A, n, wr, wi, NULL, 1, NULL, 1);
  NSB_CHECK(ctx, info == 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgeev failed (info %d)", (int)info);
  /* sort in place through the (now free) head of the work array */
  eig_pair* e = (eig_pair*)work;
  for (int k = 0; k < n; ++k) {
    e[k].re = wr[k];
    e[k].im = wi[k];
  }
  qsort(e, (size_t)n, sizeof *e, eig_cmp);
  for (int k = 0; k < n; ++k) {
    wr[k] = e[k].re;
    wi[k] = e[k].im;
  }
  return NSB_OK;
}

int nsb_spin_stability(nsb_ctx* ctx, const nsb_spin_matrices* sm, const double* lam, const double* d, double c,
                       double omega, double* work, double* wr, double* wi, int* det_sign) {
  int m = sm->m;
  size_t mm = (size_t)m * (size_t)m;
  double *D = work, *K = D + mm, *lu = K + mm;
  nsb_spin_system(sm, lam, d, c, omega, D, K);
  /* the sign of det K from its LU factors (the pivots in the space after lu) */
  memcpy(lu, K, mm * sizeof(double));
  lapack_int* piv = (lapack_int*)(lu + mm);
  lapack_int info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, m, lu, m, piv);
  NSB_CHECK(ctx, info >= 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgetrf failed (info %d)", (int)info);
  int sign = info == 0 ? 1 : 0;
  for (int q = 0; q < m && info == 0; ++q) {
    if (lu[q + (size_t)m * q] < 0.0) sign = -sign;
    if (piv[q] != q + 1) sign = -sign;
  }
  *det_sign = sign;
  return nsb_spin_eigenvalues(ctx, m, D, K, lu, wr, wi);
}

int nsb_spin_forced(nsb_ctx* ctx, const nsb_spin_matrices* sm, const double* lam, const double* d, double c,
                    double omega, const double* fs, const double* fr, const double* fi, double* work, double* ys,
                    double* yr, double* yi) {
  int m = sm->m, n = 2 * m;
  size_t mm = (size_t)m * (size_t)m;
  double *D = work, *K = D + mm, *A = K + mm, *rhs = A + 4 * mm;
  lapack_int* piv = (lapack_int*)(rhs + n); /* 2m pivots in the last 2m doubles */
  nsb_spin_system(sm, lam, d, c, omega, D, K);
  /* the static response: K ys = fs (K copied into A's head) */
  memcpy(A, K, mm * sizeof(double));
  memcpy(ys, fs, (size_t)m * sizeof(double));
  lapack_int info = LAPACKE_dgesv(LAPACK_COL_MAJOR, m, 1, A, m, piv, ys, m);
  NSB_CHECK(ctx, info >= 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgesv failed (info %d)", (int)info);
  NSB_CHECK(ctx, info == 0, NSB_ERR_SINGULAR, "co-rotating model: K singular at the rate %.10g (a critical speed)",
            omega);
  /* the real form of the complex system: [[Kd, -w D], [w D, Kd]] (yr; yi) = (fr; fi), Kd = K - w^2 I */
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      size_t ij = (size_t)i + (size_t)m * j;
      double kd = K[ij] - (i == j ? omega * omega : 0.0), wd = omega * D[ij];
      A[i + (size_t)n * j] = kd;
      A[(m + i) + (size_t)n * (m + j)] = kd;
      A[i + (size_t)n * (m + j)] = -wd;
      A[(m + i) + (size_t)n * j] = wd;
    }
  memcpy(rhs, fr, (size_t)m * sizeof(double));
  memcpy(rhs + m, fi, (size_t)m * sizeof(double));
  info = LAPACKE_dgesv(LAPACK_COL_MAJOR, n, 1, A, n, piv, rhs, n);
  NSB_CHECK(ctx, info >= 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgesv failed (info %d)", (int)info);
  NSB_CHECK(ctx, info == 0, NSB_ERR_SINGULAR,
            "co-rotating model: the forced response is singular at the rate %.10g (a resonance without damping)", omega);
  memcpy(yr, rhs, (size_t)m * sizeof(double));
  memcpy(yi, rhs + m, (size_t)m * sizeof(double));
  return NSB_OK;
}

int nsb_reduced_set_spin(nsb_reduced* r, const nsb_spin_matrices* sm, double omega, double c) {
  nsb_ctx* ctx = r->ctx;
  int m = r->m, k = r->nc > 0 ? r->nc : 1;
  NSB_CHECK(ctx, !r->qs && !r->spin && sm->m == m, NSB_ERR_ARG,
            "co-rotating model: needs the MODAL reduction and %d modes (got %d), once", m, sm->m);
  size_t mm = (size_t)m * (size_t)m;
  r->Dm = NSB_NEW_ARRAY(ctx, mm, double);
  r->Km = NSB_NEW_ARRAY(ctx, mm, double);
  r->S = NSB_NEW_ARRAY(ctx, mm, double);
  r->SW = NSB_NEW_ARRAY(ctx, (size_t)m * k, double);
  r->rhs = NSB_NEW_ARRAY(ctx, m, double);
  r->ipiv = NSB_NEW_ARRAY(ctx, m, int);
  r->spin = 1; /* from here red_free releases the arrays */
  NSB_CHECK(ctx, r->Dm && r->Km && r->S && r->SW && r->rhs && r->ipiv, NSB_ERR_ALLOC,
            "co-rotating model: out of memory");
  nsb_spin_system(sm, r->lam, r->d, c, omega, r->Dm, r->Km);
  r->h_fact = 0.0;
  return NSB_OK;
}

int nsb_reduced_spin_steady(nsb_reduced* r, const double* f) {
  int m = r->m;
  NSB_CHECK(r->ctx, r->spin, NSB_ERR_ARG, "co-rotating model: not set");
  memcpy(r->S, r->Km, (size_t)m * (size_t)m * sizeof(double));
  memcpy(r->y, f, (size_t)m * sizeof(double));
  r->h_fact = 0.0; /* S is overwritten */
  lapack_int info = LAPACKE_dgesv(LAPACK_COL_MAJOR, m, 1, r->S, m, r->ipiv, r->y, m);
  if (info > 0) memset(r->y, 0, (size_t)m * sizeof(double));
  NSB_CHECK(r->ctx, info == 0, info > 0 ? NSB_ERR_SINGULAR : NSB_ERR_LAPACK,
            "co-rotating model: the stiffness Lambda - Omega^2 K_c is singular (the spin is a critical speed): no "
            "steady state (LAPACKE_dgesv info %d)",
            (int)info);
  return NSB_OK;
}

/* The co-rotating step (reduced.h): the trapezoidal rule with the dense
   S = I + h/2 D_s + h^2/4 K_s,
     S v+ = (I - h/2 D_s - h^2/4 K_s) v - h K_s y + h f + W^T P,
   contacts as in the MODAL reduction (Moreau's midpoint test, Newton's law)
   with the Delassus matrix W S^-1 W^T. */
static int spin_step(nsb_reduced* r, double t, double h, const double* f_mid) {
  int m = r->m, nc = r->nc;
  size_t mm = (size_t)m * (size_t)m;
  if (r->h_fact != h) {
    for (size_t p = 0; p < mm; ++p) r->S[p] = 0.5 * h * r->Dm[p] + 0.25 * h * h * r->Km[p];
    for (int j = 0; j < m; ++j) r->S[j + (size_t)m * j] += 1.0;
    lapack_int info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, m, r->S, m, r->ipiv);
    NSB_CHECK(r->ctx, info == 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgetrf failed (info %d)", (int)info);
    r->h_fact = h;
  }
  double* vf = r->work;
  double* rhs = r->rhs;
  for (int i = 0; i < m; ++i) {
    double dv = 0.0, kv = 0.0, ky = 0.0;
    for (int j = 0; j < m; ++j) {
      size_t ij = (size_t)i + (size_t)m * j;
      dv += r->Dm[ij] * r->v[j];
      kv += r->Km[ij] * r->v[j];
      ky += r->Km[ij] * r->y[j];
    }
    rhs[i] = r->v[i] - 0.5 * h * dv - 0.25 * h * h * kv - h * ky + h * f_mid[i];
  }
  memcpy(vf, rhs, (size_t)m * sizeof(double));
  lapack_int info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', m, 1, r->S, m, r->ipiv, vf, m);
  NSB_CHECK(r->ctx, info == 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgetrs failed (info %d)", (int)info);
  unsigned char* mask = r->mask;
  double* tmp = r->ytmp;
  double* wobs = r->c_w;
  int any = 0;
  for (int c = 0; c < nc; ++c) {
    r->c_D[c] = r->c_E[c]; /* the compliant contacts' old elastic energy - the new one (below) */
    r->c_P[c] = 0.0;
    mask[c] = 0;
  }
  if (nc > 0) {
    for (int j = 0; j < m; ++j) tmp[j] = r->y[j] + 0.5 * h * r->v[j];
    for (int c = 0; c < nc; ++c) {
      r->c_g[c] = slave_gap(r, c, tmp, t + 0.5 * h, &wobs[c]);
      mask[c] = contact_mask(r, c, vf, h);
      any |= mask[c];
    }
    if (any) {
      /* S^-1 W^T (W's rows are the columns of W^T, m x nc column-major) */
      memcpy(r->SW, r->W, (size_t)m * (size_t)nc * sizeof(double));
      info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', m, nc, r->S, m, r->ipiv, r->SW, m);
      NSB_CHECK(r->ctx, info == 0, NSB_ERR_LAPACK, "co-rotating model: LAPACKE_dgetrs failed (info %d)", (int)info);
      for (int a = 0; a < nc; ++a) {
        const double* Wa = r->W + (size_t)m * a;
        for (int b = 0; b < nc; ++b) {
          const double* SWb = r->SW + (size_t)m * b;
          double sv = 0.0;
          for (int j = 0; j < m; ++j) sv += Wa[j] * SWb[j];
          r->G[a + (size_t)nc * b] = sv;
        }
        double wv = 0.0, wvf = 0.0;
        for (int j = 0; j < m; ++j) {
          wv += Wa[j] * r->v[j];
          wvf += Wa[j] * vf[j];
        }
        r->q[a] = wvf - wobs[a] + (r->c_soft[a] ? 0.0 : r->c_e[a] * fmin(wv - wobs[a], 0.0));
      }
      int rc = settle_contacts(r, mask, h, t, r->c_E);
      if (rc) return rc;
    }
  }
  r->active = 0;
  for (int c = 0; c < nc; ++c) {
    if (r->c_P[c] == 0.0) continue;
    ++r->active;
    const double* SWc = r->SW + (size_t)m * c;
    for (int j = 0; j < m; ++j) vf[j] += SWc[j] * r->c_P[c];
  }
  /* Energy identity of the step (vm = (v + v+)/2, ym = (y + y+)/2 = y + h/2 vm):
     Delta(1/2 |v|^2 + 1/2 y^T K_sym y) = h f.vm - h vm^T D_s vm - h vm^T K_skew ym + P^T W vm:
     the damping (its skew Coriolis part does no work) and the circulatory
     stiffness both go to the dissipation */
  double impulse_work = 0.0;
  for (int c = 0; c < nc; ++c) {
    if (r->c_P[c] == 0.0) continue;
    const double* Wc = r->W + (size_t)m * c;
    double wvm = 0.0;
    for (int j = 0; j < m; ++j) wvm += Wc[j] * 0.5 * (r->v[j] + vf[j]);
    impulse_work += r->c_P[c] * wvm;
    r->c_D[c] -= r->c_P[c] * wvm;
  }
  /* vm into rhs, ym into tmp */
  for (int j = 0; j < m; ++j) {
    rhs[j] = 0.5 * (r->v[j] + vf[j]);
    tmp[j] = r->y[j] + 0.5 * h * rhs[j];
  }
  double dvv = 0.0, kskew = 0.0, fv = 0.0;
  for (int i = 0; i < m; ++i) {
    fv += f_mid[i] * rhs[i];
    for (int j = 0; j < m; ++j) {
      size_t ij = (size_t)i + (size_t)m * j, ji = (size_t)j + (size_t)m * i;
      dvv += rhs[i] * r->Dm[ij] * rhs[j];
      kskew += rhs[i] * 0.5 * (r->Km[ij] - r->Km[ji]) * tmp[j];
    }
  }
  r->work_loads += h * fv;
  r->dissipated_damping += h * dvv + h * kskew;
  for (int j = 0; j < m; ++j) {
    r->y[j] += h * rhs[j];
    r->v[j] = vf[j];
  }
  double e_el = 0.0;
  for (int c = 0; c < nc; ++c) {
    if (!mask[c]) r->c_E[c] = 0.0; /* an open compliant contact stores nothing */
    r->c_D[c] -= r->c_E[c];
    e_el += r->c_E[c];
  }
  r->dissipated_contact += -impulse_work - (e_el - r->e_qs);
  r->e_qs = e_el;
  return NSB_OK;
}

int nsb_reduced_step(nsb_reduced* r, double t, double h, const double* f_mid) {
  if (r->spin) return spin_step(r, t, h, f_mid);
  int m = r->m, nc = r->nc;
  double* vf = r->work;
  /* free (smooth) velocity: trapezoidal rule (MODAL), or Waltersberger's (2007)
     semi-implicit Euler with y+ = y + h v+ (QUASI-STATIC: a position-level
     constraint with the trapezoidal update y+ = y + h (v + v+)/2 would
     reverse the normal velocity, i.e. act as an elastic impact) */
  for (int j = 0; j < m; ++j) {
    if (!r->qs) {
      double a = 0.5 * h * r->d[j], b = 0.25 * h * h * r->lam[j];
      vf[j] = ((1.0 - a - b) * r->v[j] - h * r->lam[j] * r->y[j] + h * f_mid[j]) / (1.0 + a + b);
    } else {
      vf[j] = (r->v[j] - h * r->lam[j] * r->y[j] + h * f_mid[j]) / (1.0 + h * r->d[j] + h * h * r->lam[j]);
    }
  }
  unsigned char* mask = r->mask;
  double* tmp = r->ytmp;
  double* wobs = r->c_w;
  int any = 0;
  /* + the old share (QS) or elastic energy (compliant) - the new (below) */
  for (int c = 0; c < nc; ++c) r->c_D[c] = r->qs ? qs_share(r, c, h) : r->c_E[c];
  for (int c = 0; c < nc; ++c) {
    r->c_P[c] = 0.0;
    mask[c] = 0;
  }
  if (nc > 0) {
    if (!r->qs) {
      /* Moreau's midpoint test, then Newton's law on the closed contacts */
      for (int j = 0; j < m; ++j) tmp[j] = r->y[j] + 0.5 * h * r->v[j];
      for (int c = 0; c < nc; ++c) {
        r->c_g[c] = slave_gap(r, c, tmp, t + 0.5 * h, &wobs[c]);
        mask[c] = contact_mask(r, c, vf, h);
        any |= mask[c];
      }
    } else {
      /* position level: every candidate, gap at the end of the step with the free velocity */
      for (int j = 0; j < m; ++j) tmp[j] = r->y[j] + h * vf[j];
      for (int c = 0; c < nc; ++c) {
        r->c_g[c] = slave_gap(r, c, tmp, t + h, &wobs[c]);
        mask[c] = 1;
        any = 1;
      }
    }
    if (any) {
      /* Delassus matrix G = W S^-1 W^T (S diagonal) and the free-motion term q */
      for (int a = 0; a < nc; ++a) {
        const double* Wa = r->W + (size_t)m * a;
        for (int b = 0; b <= a; ++b) {
          const double* Wb = r->W + (size_t)m * b;
          double s = 0.0;
          for (int j = 0; j < m; ++j) s += Wa[j] * Wb[j] / smooth_S(r, j, h);
          r->G[a + (size_t)nc * b] = r->G[b + (size_t)nc * a] = s;
        }
      }
      for (int a = 0; a < nc; ++a) {
        const double* Wa = r->W + (size_t)m * a;
        double wv = 0.0, wvf = 0.0;
        for (int j = 0; j < m; ++j) {
          wv += Wa[j] * r->v[j];
          wvf += Wa[j] * vf[j];
        }
        if (!r->qs) {
          double gm = wv - wobs[a];
          r->q[a] = wvf - wobs[a] + (r->c_soft[a] ? 0.0 : r->c_e[a] * fmin(gm, 0.0));
        } else {
          r->q[a] = r->c_g[a];
        }
      }
      if (r->qs) {
        /* lambda = P / h: (h^2 G + C_nn) lambda + g >= 0; in P: (h G + C_nn / h) P + g */
        for (int a = 0; a < nc; ++a)
          for (int b = 0; b < nc; ++b) {
            double cnn = 0.0;
            for (int i = 0; i < 3; ++i)
              for (int k = 0; k < 3; ++k)
                cnn += r->c_n[3 * a + i] * r->C[(3 * a + i) + (size_t)3 * nc * (3 * b + k)] * r->c_n[3 * b + k];
            r->G[a + (size_t)nc * b] = h * r->G[a + (size_t)nc * b] + cnn / h;
          }
      }
      int rc = r->qs ? settle_impulses(r, mask, t) : settle_contacts(r, mask, h, t, r->c_E);
      if (rc) return rc;
    }
  }
  /* v+ = v_free + S^-1 W^T P; energy of the impulses and the damping */
  r->active = 0;
  double* vnew = vf; /* in place */
  for (int c = 0; c < nc; ++c) {
    if (r->c_P[c] == 0.0) continue;
    ++r->active;
    const double* Wc = r->W + (size_t)m * c;
    for (int j = 0; j < m; ++j) vnew[j] += Wc[j] * r->c_P[c] / smooth_S(r, j, h);
  }
  /* Energy identities of the step (exact for the discrete solution):
     trapezoidal, vm = (v + v+)/2:  Delta(1/2 |v|^2 + 1/2 y^T Lambda y) = h f.vm - h vm.D vm + P^T W vm;
     semi-implicit Euler, vm = v+:   the same minus 1/2 |v+ - v|^2 + 1/2 h^2 v+^T Lambda v+
     (the scheme's numerical dissipation, booked with the damping) */
  double impulse_work = 0.0;
  for (int c = 0; c < nc; ++c) {
    if (r->c_P[c] == 0.0) continue;
    const double* Wc = r->W + (size_t)m * c;
    double wvm = 0.0;
    for (int j = 0; j < m; ++j) wvm += Wc[j] * (r->qs ? vnew[j] : 0.5 * (r->v[j] + vnew[j]));
    impulse_work += r->c_P[c] * wvm;
    r->c_D[c] -= r->c_P[c] * wvm;
  }
  for (int j = 0; j < m; ++j) {
    double vm = r->qs ? vnew[j] : 0.5 * (r->v[j] + vnew[j]);
    r->work_loads += h * f_mid[j] * vm;
    r->dissipated_damping += h * r->d[j] * vm * vm;
    if (r->qs) {
      double dv = vnew[j] - r->v[j];
      r->dissipated_damping += 0.5 * dv * dv + 0.5 * h * h * r->lam[j] * vnew[j] * vnew[j];
    }
    r->y[j] += h * vm;
    r->v[j] = vnew[j];
  }
  /* QS: the truncated modes' energy 1/2 lambda^T C_nn lambda, the sum of the
     contacts' shares */
  double e_qs = 0.0;
  for (int a = 0; a < nc; ++a) {
    double share = r->qs ? qs_share(r, a, h) : (mask[a] ? r->c_E[a] : 0.0);
    if (!r->qs) r->c_E[a] = share;
    r->c_D[a] -= share;
    e_qs += share;
  }
  r->dissipated_contact += -impulse_work - (e_qs - r->e_qs);
  r->e_qs = e_qs;
  return NSB_OK;
}

void nsb_reduced_energy(const nsb_reduced* r, double* kinetic, double* potential) {
  double k = 0.0, p = 0.0;
  int m = r->m;
  for (int j = 0; j < m; ++j) {
    k += 0.5 * r->v[j] * r->v[j];
    if (!r->spin) p += 0.5 * r->lam[j] * r->y[j] * r->y[j];
  }
  if (r->spin) /* 1/2 y^T K_s y: the symmetric part only */
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i) p += 0.5 * r->y[i] * r->Km[i + (size_t)m * j] * r->y[j];
  *kinetic = k;
  *potential = p + r->e_qs;
}

/* ---- checkpoint ------------------------------------------------------------- */

/* Layout: int64 m, nc, qs, sweeps, active; doubles work_loads,
   dissipated_damping, dissipated_contact, e_qs; then the arrays of
   red_arrays in order. */
enum { RED_CK_INTS = 5, RED_CK_DOUBLES = 4, RED_CK_ARRAYS = 11 };

/* The arrays of the state with their lengths (in doubles); C only with QS,
   the master points and rows only with beam masters. */
static void red_arrays(const nsb_reduced* r, double* a[RED_CK_ARRAYS], size_t len[RED_CK_ARRAYS]) {
  size_t m = (size_t)r->m, nc = (size_t)r->nc, nb = r->n_beam > 0 ? nc : 0;
  double* p[RED_CK_ARRAYS] = {r->y, r->v, r->c_x0, r->c_B, r->c_n, r->c_g, r->c_P, r->C, r->c_xm0, r->c_Bm, r->c_E};
  size_t n[RED_CK_ARRAYS] = {m, m, 3 * nc, 3 * m * nc, 3 * nc, nc, nc, r->C ? 9 * nc * nc : 0, 3 * nb, 3 * m * nb, nc};
  memcpy(a, p, sizeof p);
  memcpy(len, n, sizeof n);
}

size_t nsb_reduced_state_bytes(const nsb_reduced* r) {
  double* a[RED_CK_ARRAYS];
  size_t len[RED_CK_ARRAYS], n = RED_CK_INTS * sizeof(int64_t) + RED_CK_DOUBLES * sizeof(double);
  red_arrays(r, a, len);
  for (int k = 0; k < RED_CK_ARRAYS; ++k) n += len[k] * sizeof(double);
  return n;
}

void nsb_reduced_state_save(const nsb_reduced* r, void* buf) {
  char* p = buf;
  int64_t iv[RED_CK_INTS] = {r->m, r->nc, r->qs, r->sweeps, r->active};
  double dv[RED_CK_DOUBLES] = {r->work_loads, r->dissipated_damping, r->dissipated_contact, r->e_qs};
  memcpy(p, iv, sizeof iv);
  p += sizeof iv;
  memcpy(p, dv, sizeof dv);
  p += sizeof dv;
  double* a[RED_CK_ARRAYS];
  size_t len[RED_CK_ARRAYS];
  red_arrays(r, a, len);
  for (int k = 0; k < RED_CK_ARRAYS; ++k) {
    if (len[k]) memcpy(p, a[k], len[k] * sizeof(double));
    p += len[k] * sizeof(double);
  }
}

int nsb_reduced_state_load(nsb_reduced* r, const void* buf, size_t bytes) {
  NSB_CHECK(r->ctx, bytes == nsb_reduced_state_bytes(r), NSB_ERR_ARG,
            "checkpoint: modal state of %zu bytes, the step's has %zu", bytes, nsb_reduced_state_bytes(r));
  const char* p = buf;
  int64_t iv[RED_CK_INTS];
  double dv[RED_CK_DOUBLES];
  memcpy(iv, p, sizeof iv);
  p += sizeof iv;
  memcpy(dv, p, sizeof dv);
  p += sizeof dv;
  NSB_CHECK(r->ctx, iv[0] == r->m && iv[1] == r->nc && iv[2] == r->qs, NSB_ERR_ARG,
            "checkpoint: modal state of %lld modes and %lld contact candidates (reduction %lld), the step has %d, %d (%d)",
            (long long)iv[0], (long long)iv[1], (long long)iv[2], r->m, r->nc, r->qs);
  r->sweeps = (long)iv[3];
  r->active = (int)iv[4];
  r->work_loads = dv[0];
  r->dissipated_damping = dv[1];
  r->dissipated_contact = dv[2];
  r->e_qs = dv[3];
  double* a[RED_CK_ARRAYS];
  size_t len[RED_CK_ARRAYS];
  red_arrays(r, a, len);
  for (int k = 0; k < RED_CK_ARRAYS; ++k) {
    if (len[k]) memcpy(a[k], p, len[k] * sizeof(double));
    p += len[k] * sizeof(double);
  }
  return NSB_OK;
}

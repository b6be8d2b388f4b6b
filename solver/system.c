/* system.c -- see system.h. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>
#include "contact/lumped.h"
#include "contact/pair.h"
#include "elements/beam_velocity.h"
#include "solver/convergence.h"
#include "solver/modal.h"
#include "base/clock.h"

struct nsb_system {
  nsb_ctx* ctx;
  const nsb_model* model;
  int n_nodes;
  int* ndof;  /* n */
  double* X0; /* 3n */
  nsb_state cur, old;
  double *lam, *lam_old;
  int n_mult;
  int* mult_level; /* joint level per multiplier */
  nsb_elem* elems;
  int n_elems;
  nsb_joint_geom* jgeom;
  int *eq_pool, *map_pool;
  int eq_pool_size, map_pool_size;
  int* node_eq;  /* 6n */
  int* fixed_t;  /* 3n: boundary record index fixing the component, -1 free */
  unsigned* fixed_r; /* n: mask of held body-axis rotations (bit k: axis k) */
  int* rot_bc;       /* 3n: boundary record prescribing body-axis rotation k of node i, -1 free */
  int* mult_eq;  /* n_mult */
  int n_eq, n_node_eq, max_eq;
  double *r, *dx, *row_unscale;
  nsb_kin* kin;
  nsb_csr* A;
  nsb_linsolver* ls;
  nsb_scheme* scheme;
  const nsb_scheme_ops* ops;
  nsb_step_def step;
  int step_index;
  double t, t_step_start;
  double lam_scale, con_scale[3];
  int has_beams, has_vbeams, has_sbeams; /* any beam; velocity-based (B2V); strain-based (B2S) */
  double work, power; /* work of the non-potential loads since t = 0, their power at t */
  double dissipated, diss_rate; /* energy dissipated since t = 0 (dampers, contacts), damper power at t */
  /* contact elements: elems[first_contact ...], rebuilt from the broad phase
     (Verlet list) when a node has moved half the skin since the last build */
  int first_contact, n_contacts;
  nsb_contact_data* cdata;
  int has_newton_contact;
  int contact_prox;      /* this step solves NEWTON contacts by prox sweeps */
  int reuse_factor;      /* newton(): keep the last factorization (prox sweeps) */
  double* prox_scratch;  /* 3 doubles per node (nsb_contact_prox_sweep) */
  int n_static_elems, n_static_mult, n_node_dof;
  nsb_contact_cand* cand;
  int cand_cap;
  double skin;
  double* x_build; /* 3n positions at the last build */
  int *ceq_pool, *cmap_pool;
  int ceq_size, cmap_size;
  long contact_rebuilds;
  long fresh_before; /* fresh factorizations of linear solvers already destroyed */
  double internal_res2; /* condensed-out residual rows of the last assembly */
  double length;        /* model length scale (convergence test, docs/theory.md §5) */
  nsb_conv conv;        /* Newton's convergence test over the step */
  long inc_in_step;     /* increments accepted in the current step */
  int failed_elem;      /* element whose evaluation failed in the last assembly, or -1 */
  double* react;        /* 6n support reactions of the last increment that computed them (global) */
  int want_react;       /* compute reactions after the next converged increments */
  nsb_conv_norms nrm;   /* norms of the last assembly and correction */
  nsb_stats stats;
  double fK[NSB_ELEM_MAX_LOCAL * NSB_ELEM_MAX_LOCAL], ff[NSB_ELEM_MAX_LOCAL];
  /* *MODAL DYNAMIC: the mass matrix of the linearization (values on the
     pattern of A, nnz_modal of them) and the energies reported instead of
     the elements' (the reduced model's; nsb_system_set_energy) */
  double* modal_M;
  int nnz_modal;
  int energy_override;
  nsb_energy override;
  /* *STATIC, RIKS (solver/arclength.h): the load proportionality factor of
     the step's loads now and at the start of the increment, the step time
     at which the amplitudes of earlier loads are held (that of the end of
     the previous step), and a local scratch row for the load rates */
  double lpf, lpf_old, riks_t_hold;
  double* step_lpf; /* per step: the LPF a Riks step ended with, 1 for the others (nsb_eval_ctx.step_lpf) */
  double fl[NSB_ELEM_MAX_LOCAL], f1[NSB_ELEM_MAX_LOCAL];
};


/* ---- state arrays --------------------------------------------------------- */

static int state_alloc(nsb_ctx* ctx, nsb_state* st, int n) {
  int m = n > 0 ? n : 1;
  st->x = NSB_NEW_ARRAY(ctx, 3 * m, double);
  st->q = NSB_NEW_ARRAY(ctx, 4 * m, double);
  st->v = NSB_NEW_ARRAY(ctx, 3 * m, double);
  st->w = NSB_NEW_ARRAY(ctx, 3 * m, double);
  st->a = NSB_NEW_ARRAY(ctx, 3 * m, double);
  st->al = NSB_NEW_ARRAY(ctx, 3 * m, double);
  return st->x && st->q && st->v && st->w && st->a && st->al ? NSB_OK : NSB_ERR_ALLOC;
}

static void state_free(nsb_ctx* ctx, nsb_state* st, int n) {
  int m = n > 0 ? n : 1;
  NSB_FREE_ARRAY(ctx, st->x, 3 * m, double);
  NSB_FREE_ARRAY(ctx, st->q, 4 * m, double);
  NSB_FREE_ARRAY(ctx, st->v, 3 * m, double);
  NSB_FREE_ARRAY(ctx, st->w, 3 * m, double);
  NSB_FREE_ARRAY(ctx, st->a, 3 * m, double);
  NSB_FREE_ARRAY(ctx, st->al, 3 * m, double);
}

static void state_copy(nsb_state* dst, const nsb_state* src, int n) {
  memcpy(dst->x, src->x, 3 * (size_t)n * sizeof(double));
  memcpy(dst->q, src->q, 4 * (size_t)n * sizeof(double));
  memcpy(dst->v, src->v, 3 * (size_t)n * sizeof(double));
  memcpy(dst->w, src->w, 3 * (size_t)n * sizeof(double));
  memcpy(dst->a, src->a, 3 * (size_t)n * sizeof(double));
  memcpy(dst->al, src->al, 3 * (size_t)n * sizeof(double));
}

/* ---- evaluation context ------------------------------------------------- */

static nsb_vec3 gravity_at(const nsb_system* s, const nsb_eval_ctx* ec) {
  nsb_vec3 g = nsb_v3_zero();
  for (int i = 0; i < s->model->gravities.count; ++i) {
    const nsb_gravity* gr = &s->model->gravities.data[i];
    if (gr->step > s->step_index) continue;
    g = nsb_v3_muladd(g, nsb_load_scale(ec, gr->amplitude, gr->step, NULL, NULL), nsb_v3_load(gr->g));
  }
  return g;
}

static nsb_eval_ctx make_ec(const nsb_system* s, nsb_eval_mode mode, double t) {
  nsb_eval_ctx ec;
  memset(&ec, 0, sizeof ec);
  ec.model = s->model;
  ec.cur = &s->cur;
  ec.kin = s->kin;
  ec.lambda = s->lam;
  ec.mode = mode;
  ec.t = t;
  ec.t_step = t - s->t_step_start;
  ec.t_total_step_start = s->t_step_start;
  ec.step = s->step_index;
  ec.step_static = s->step.kind == NSB_STEP_STATIC && !s->step.modal_dynamic;
  ec.step_period = s->step.period;
  ec.step_lpf = s->step_lpf;
  if (s->step.riks && s->step_index >= 0) {
    /* a Riks step has no time of its own: the step's loads follow the load
       factor, those of earlier steps stay as they were at its start */
    ec.riks = 1;
    ec.lpf = s->lpf;
    ec.t = s->t_step_start;
    ec.t_step = s->riks_t_hold;
    for (int i = 0; i < s->model->gravities.count; ++i)
      if (s->model->gravities.data[i].step == s->step_index)
        ec.gravity_lpf = nsb_v3_add(ec.gravity_lpf, nsb_v3_load(s->model->gravities.data[i].g));
  }
  ec.lam_scale = mode == NSB_EVAL_DYNAMIC ? s->lam_scale : 1.0;
  ec.contact_prox = s->contact_prox;
  for (int k = 0; k < 3; ++k) ec.con_scale[k] = mode == NSB_EVAL_DYNAMIC ? s->con_scale[k] : 1.0;
  ec.gravity = gravity_at(s, &ec);
  ec.old = &s->old;
  if (s->scheme && (s->ops == &nsb_static_ops || s->step.scheme == NSB_SCHEME_MODIFIED_NEWMARK) &&
      s->ops != &nsb_accel_ops) {
    ec.vbar = s->scheme->vbar;
    ec.wbar = s->scheme->wbar;
  }
  if (s->scheme) {
    ec.h = s->scheme->h;
    ec.beta = s->step.beta;
    ec.gamma = s->step.gamma;
  }
  /* generalized-alpha weights only in the equations of motion of a step
     (the initial accelerations are the equilibrium at t_0, unweighted) */
  if (mode == NSB_EVAL_DYNAMIC && s->step.kind == NSB_STEP_DYNAMIC &&
      (s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA || s->step.mn_alpha)) {
    ec.alpha_m = s->step.alpha_m;
    ec.alpha_f = s->step.alpha_f;
    ec.mn_alpha = s->step.mn_alpha;
  }
  if (s->scheme && s->scheme->p_valid) {
    ec.p_old = s->scheme->p_n;
    ec.pw_old = s->scheme->pw_n;
  }
  return ec;
}

/* ---- initial state ---------------------------------------------------------- */

static int init_state(nsb_system* s) {
  const nsb_model* m = s->model;
  for (int i = 0; i < s->n_nodes; ++i) {
    memcpy(s->cur.x + 3 * i, m->nodes.data[i].X, 3 * sizeof(double));
    memcpy(s->X0 + 3 * i, m->nodes.data[i].X, 3 * sizeof(double));
    nsb_q_store(nsb_q_identity(), s->cur.q + 4 * i);
  }
  /* rotations first: body angular velocities given globally need R0 */
  for (int k = 0; k < m->initials.count; ++k) {
    const nsb_initial* in = &m->initials.data[k];
    if (in->kind == NSB_INIT_ROTATION)
      nsb_q_store(nsb_so3_exp_q(nsb_v3_load(in->vec)), s->cur.q + 4 * in->node);
  }
  for (int k = 0; k < m->manufactured.count; ++k) {
    const nsb_manufactured_rotation* mr = &m->manufactured.data[k];
    const nsb_rigid_body* b = &m->rigid_bodies.data[m->nodes.data[mr->node].body];
    NSB_CHECK(s->ctx, nsb_v3_norm(nsb_v3_load(b->com)) == 0.0, NSB_ERR_UNSUPPORTED,
              "%s:%d: *MANUFACTURED ROTATION needs a body whose reference node is its centre of mass", m->source,
              mr->line);
    nsb_vec3 th, w, al;
    nsb_manufactured_kinematics(m, mr, 0.0, &th, &w, &al);
    nsb_q_store(nsb_so3_exp_q(th), s->cur.q + 4 * mr->node);
    nsb_v3_store(w, s->cur.w + 3 * mr->node);
  }
  for (int k = 0; k < m->initials.count; ++k) {
    const nsb_initial* in = &m->initials.data[k];
    int i = in->node;
    if (in->kind == NSB_INIT_VELOCITY) {
      if (in->dof <= 3) {
        s->cur.v[3 * i + in->dof - 1] = in->value;
      } else {
        /* spatial component -> body frame: w_G = R^T w_g, accumulate per component */
        nsb_vec3 wg = nsb_v3_zero();
        if (in->dof == 4) wg.x = in->value;
        if (in->dof == 5) wg.y = in->value;
        if (in->dof == 6) wg.z = in->value;
        nsb_vec3 wb = nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * i), wg);
        nsb_v3_store(nsb_v3_add(nsb_v3_load(s->cur.w + 3 * i), wb), s->cur.w + 3 * i);
      }
    } else if (in->kind == NSB_INIT_BODY_ANGULAR_VEL) {
      nsb_v3_store(nsb_v3_load(in->vec), s->cur.w + 3 * i);
    }
  }
  return NSB_OK;
}

/* ---- joint geometry ----------------------------------------------------------- */

static void joint_geometry(nsb_system* s, int j, nsb_elem* e) {
  const nsb_model* m = s->model;
  const nsb_joint* jm = &m->joints.data[j];
  nsb_joint_geom* g = &s->jgeom[j];
  memset(g, 0, sizeof *g);
  if (jm->kind == NSB_JOINT_ELEMENT_POINT) {
    /* Phi = x_p - (w0 x_A + w1 x_B + t0 R_A a_A + t1 R_B a_B), a_k = R_k(0)^T T_k */
    double w[2], t[2], T[2][3], X0[3];
    nsb_joint_element_point(m, jm, w, t, T[0], T[1], X0);
    const nsb_element* el = &m->elements.data[jm->element];
    e->n_nodes = 3;
    e->nodes[0] = jm->node_a;
    g->wx[0] = 1.0;
    for (int k = 0; k < 2; ++k) {
      int nd = el->nodes[k];
      e->nodes[k + 1] = nd;
      g->wx[k + 1] = -w[k];
      g->s[k + 1] = nsb_v3_scale(-t[k], nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * nd), nsb_v3_load(T[k])));
    }
    return;
  }
  int a = jm->node_a, b = jm->node_b;
  int rev = jm->kind == NSB_JOINT_REVOLUTE || jm->kind == NSB_JOINT_FIXED;
  int swap = s->ndof[a] == 0 || (rev && s->ndof[a] != 6);
  if (swap) {
    int t = a;
    a = b;
    b = t;
  }
  g->swapped = swap;
  int nodes[2] = {a, b};
  nsb_vec3 P = nsb_v3_load(jm->point);
  for (int k = 0; k < 2; ++k) {
    int nd = nodes[k];
    nsb_vec3 X = nsb_v3_load(s->X0 + 3 * nd);
    nsb_vec3 pt = jm->kind == NSB_JOINT_DISTANCE ? X : P;
    if (s->ndof[nd] == 6) g->s[k] = nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * nd), nsb_v3_sub(pt, X));
    g->ground[k] = pt;
  }
  if (jm->kind == NSB_JOINT_DISTANCE) {
    double L0 = nsb_v3_norm(nsb_v3_sub(nsb_v3_load(s->X0 + 3 * a), nsb_v3_load(s->X0 + 3 * b)));
    g->length = jm->length > 0.0 ? jm->length : L0;
  }
  if (rev) {
    /* a weld: any triad; the axis row pair plus (perp_a, perp_b[1]) lock all three rotations */
    nsb_vec3 ax = jm->kind == NSB_JOINT_FIXED ? nsb_v3(1.0, 0.0, 0.0) : nsb_v3_load(jm->axis);
    ax = nsb_v3_scale(1.0 / nsb_v3_norm(ax), ax);
    /* any unit vector normal to the axis, then the third by a cross product */
    nsb_vec3 t = fabs(ax.x) < 0.9 ? nsb_v3(1, 0, 0) : nsb_v3(0, 1, 0);
    nsb_vec3 b1 = nsb_v3_cross(ax, t);
    b1 = nsb_v3_scale(1.0 / nsb_v3_norm(b1), b1);
    nsb_vec3 b2 = nsb_v3_cross(ax, b1);
    g->axis_a = nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * a), ax);
    nsb_quat qb = s->ndof[b] == 6 ? nsb_q_load(s->cur.q + 4 * b) : nsb_q_identity();
    g->perp_b[0] = nsb_q_rotate_inv(qb, b1);
    g->perp_b[1] = nsb_q_rotate_inv(qb, b2);
    g->perp_a = nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * a), b1);
  }
  e->nodes[0] = a;
  e->nodes[1] = b;
}

/* ---- contact candidates ------------------------------------------------------ */

/* Resize a counted array (sizes counted as max(n, 1) elements, as allocated). */
static int resize(nsb_ctx* ctx, void** p, int old_n, int new_n, size_t sz) {
  size_t o = (size_t)(old_n > 0 ? old_n : 1) * sz, n = (size_t)(new_n > 0 ? new_n : 1) * sz;
  if (o == n) return NSB_OK;
  void* q = nsb_realloc(ctx, *p, o, n);
  if (!q) return NSB_ERR_ALLOC;
  *p = q;
  return NSB_OK;
}

static int number_and_analyze(nsb_system* s);
static int compute_reactions(nsb_system* s, nsb_eval_mode mode, double t_new);

/* Rebuild the contact elements from the broad phase at the current
   positions: candidate list, element tail, contact multipliers, pools and,
   inside a step, the equation numbering, pattern and symbolic analysis.
   Allocates: runs at set-up and when the Verlet list expires. */
static int contact_rebuild(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  const nsb_model* m = s->model;
  int nc = 0;
  NSB_CALL(nsb_contact_broad_phase(ctx, m, s->cur.x, s->skin, &s->cand, &s->cand_cap, &nc));
  int nm_new = s->n_static_mult + nsb_contact_mult_count(m, s->cand, nc);
  int ne_new = s->n_static_elems + nc;
  int meq_old = s->max_eq, meq_new = s->n_node_dof + nm_new;
  NSB_CALL(resize(ctx, (void**)&s->elems, s->n_elems, ne_new, sizeof(nsb_elem)));
  NSB_CALL(resize(ctx, (void**)&s->cdata, s->n_contacts, nc, sizeof(nsb_contact_data)));
  NSB_CALL(resize(ctx, (void**)&s->lam, s->n_mult, nm_new, sizeof(double)));
  NSB_CALL(resize(ctx, (void**)&s->lam_old, s->n_mult, nm_new, sizeof(double)));
  NSB_CALL(resize(ctx, (void**)&s->mult_eq, s->n_mult, nm_new, sizeof(int)));
  NSB_CALL(resize(ctx, (void**)&s->mult_level, s->n_mult, nm_new, sizeof(int)));
  NSB_CALL(resize(ctx, (void**)&s->r, meq_old, meq_new, sizeof(double)));
  NSB_CALL(resize(ctx, (void**)&s->dx, meq_old, meq_new, sizeof(double)));
  NSB_CALL(resize(ctx, (void**)&s->row_unscale, meq_old, meq_new, sizeof(double)));
  s->n_elems = ne_new;
  s->n_contacts = nc;
  s->n_mult = nm_new;
  s->max_eq = meq_new;
  for (int q = s->n_static_mult; q < nm_new; ++q) {
    s->lam[q] = s->lam_old[q] = 0.0;
    s->mult_level[q] = NSB_LEVEL_VELOCITY;
  }
  int mult = s->n_static_mult;
  nsb_elem* ce = s->elems + s->n_static_elems;
  nsb_contact_setup(m, s->cand, nc, ce, s->cdata, &mult);
  NSB_ASSERT(mult == nm_new);
  int ceq = 0, cmap = 0;
  s->has_newton_contact = 0;
  for (int i = 0; i < nc; ++i) {
    nsb_elem* e = &ce[i];
    e->n_local = e->n_mult;
    for (int q = 0; q < e->n_nodes; ++q) {
      e->node_ndof[q] = s->ndof[e->nodes[q]];
      e->n_local += e->node_ndof[q];
    }
    NSB_ASSERT(e->n_local <= NSB_ELEM_MAX_LOCAL);
    ceq += e->n_local;
    cmap += e->n_local * e->n_local;
    if (e->ops == &nsb_contact_newton_ops) s->has_newton_contact = 1;
  }
  for (int ip = 0; ip < m->contact_pairs.count; ++ip)
    if (m->contact_pairs.data[ip].law == NSB_CONTACT_NEWTON) s->has_newton_contact = 1;
  NSB_CALL(resize(ctx, (void**)&s->ceq_pool, s->ceq_size, ceq, sizeof(int)));
  s->ceq_size = ceq > 0 ? ceq : 1;
  NSB_CALL(resize(ctx, (void**)&s->cmap_pool, s->cmap_size, cmap, sizeof(int)));
  s->cmap_size = cmap > 0 ? cmap : 1;
  int pe = 0, pm = 0;
  for (int i = 0; i < nc; ++i) {
    ce[i].eq = s->ceq_pool + pe;
    ce[i].map = s->cmap_pool + pm;
    pe += ce[i].n_local;
    pm += ce[i].n_local * ce[i].n_local;
  }
  s->first_contact = s->n_static_elems;
  memcpy(s->x_build, s->cur.x, 3 * (size_t)s->n_nodes * sizeof(double));
  s->contact_rebuilds++;
  s->stats.contact_lists = s->contact_rebuilds;
  if (s->step_index >= 0) NSB_CALL(number_and_analyze(s));
  return NSB_OK;
}

/* Largest node displacement since the last contact build (nodes with DOFs). */
static double moved_since_build(const nsb_system* s) {
  double d2 = 0.0;
  for (int i = 0; i < s->n_nodes; ++i) {
    if (!s->ndof[i]) continue;
    double dx = s->cur.x[3 * i] - s->x_build[3 * i], dy = s->cur.x[3 * i + 1] - s->x_build[3 * i + 1],
           dz = s->cur.x[3 * i + 2] - s->x_build[3 * i + 2];
    d2 = fmax(d2, dx * dx + dy * dy + dz * dz);
  }
  return sqrt(d2);
}

/* ---- creation ------------------------------------------------------------- */

/* The model's length scale for the convergence test (docs/theory.md §5): the
   diagonal of the nodes' bounding box, or a body's size (particle diameter,
   rigid body's radius of gyration) when that is larger; 1 for a model with
   no extent at all (a single point mass: only translations, so no field is
   compared with another and the value does not matter). */
static double model_length(const nsb_model* m) {
  double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, L = 0.0;
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  if (m->nodes.count > 0)
    L = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) + (hi[2] - lo[2]) * (hi[2] - lo[2]));
  for (int i = 0; i < m->particles.count; ++i) L = fmax(L, 2.0 * m->particles.data[i].radius);
  for (int i = 0; i < m->rigid_bodies.count; ++i) {
    const nsb_rigid_body* b = &m->rigid_bodies.data[i];
    double tr = b->J_c[0] + b->J_c[4] + b->J_c[8];
    if (b->mass > 0.0 && tr > 0.0) L = fmax(L, sqrt(tr / b->mass));
  }
  return L > 0.0 && isfinite(L) ? L : 1.0;
}

static int count_mult(nsb_joint_kind k) { return nsb_joint_n_mult(k); }

int nsb_system_create(nsb_ctx* ctx, const nsb_model* model, nsb_system** out) {
  *out = NULL;
  nsb_system* s = nsb_alloc(ctx, sizeof(*s));
  NSB_CHECK(ctx, s, NSB_ERR_ALLOC, "cannot allocate system");
  s->ctx = ctx;
  s->model = model;
  s->n_nodes = model->nodes.count;
  s->step_index = -1;
  s->length = model_length(model);
  int n = s->n_nodes, nm = n > 0 ? n : 1;
  int st = NSB_OK;
  s->ndof = NSB_NEW_ARRAY(ctx, nm, int);
  s->X0 = NSB_NEW_ARRAY(ctx, 3 * nm, double);
  s->node_eq = NSB_NEW_ARRAY(ctx, 6 * nm, int);
  s->fixed_t = NSB_NEW_ARRAY(ctx, 3 * nm, int);
  s->fixed_r = NSB_NEW_ARRAY(ctx, nm, unsigned);
  s->rot_bc = NSB_NEW_ARRAY(ctx, 3 * nm, int);
  s->kin = NSB_NEW_ARRAY(ctx, nm, nsb_kin);
  int nst = model->steps.count > 0 ? model->steps.count : 1;
  s->step_lpf = NSB_NEW_ARRAY(ctx, nst, double);
  if (s->step_lpf)
    for (int k = 0; k < nst; ++k) s->step_lpf[k] = 1.0;
  if (!s->ndof || !s->X0 || !s->node_eq || !s->fixed_t || !s->fixed_r || !s->rot_bc || !s->kin || !s->step_lpf)
    st = NSB_ERR_ALLOC;
  if (st == NSB_OK) st = state_alloc(ctx, &s->cur, n);
  if (st == NSB_OK) st = state_alloc(ctx, &s->old, n);
  if (st < 0) goto fail;
  int n_node_dof = 0;
  for (int i = 0; i < n; ++i) {
    s->ndof[i] = nsb_model_node_ndof(model, i);
    n_node_dof += s->ndof[i];
  }
  s->n_node_dof = n_node_dof;
  s->n_mult = 0;
  for (int j = 0; j < model->joints.count; ++j) s->n_mult += count_mult(model->joints.data[j].kind);
  s->n_static_mult = s->n_mult;
  int nmu = s->n_mult > 0 ? s->n_mult : 1;
  s->lam = NSB_NEW_ARRAY(ctx, nmu, double);
  s->lam_old = NSB_NEW_ARRAY(ctx, nmu, double);
  s->mult_eq = NSB_NEW_ARRAY(ctx, nmu, int);
  s->mult_level = NSB_NEW_ARRAY(ctx, nmu, int);
  s->max_eq = n_node_dof + s->n_mult;
  int meq = s->max_eq > 0 ? s->max_eq : 1;
  s->r = NSB_NEW_ARRAY(ctx, meq, double);
  s->dx = NSB_NEW_ARRAY(ctx, meq, double);
  s->row_unscale = NSB_NEW_ARRAY(ctx, meq, double);
  s->x_build = NSB_NEW_ARRAY(ctx, 3 * nm, double);
  s->react = NSB_NEW_ARRAY(ctx, 6 * nm, double);
  if (s->react) memset(s->react, 0, 6 * (size_t)nm * sizeof(double));
  s->prox_scratch = NSB_NEW_ARRAY(ctx, 3 * nm, double);
  s->cdata = NSB_NEW_ARRAY(ctx, 1, nsb_contact_data);
  s->ceq_pool = NSB_NEW_ARRAY(ctx, 1, int);
  s->cmap_pool = NSB_NEW_ARRAY(ctx, 1, int);
  s->ceq_size = s->cmap_size = 1;
  if (!s->lam || !s->lam_old || !s->mult_eq || !s->mult_level || !s->r || !s->dx || !s->row_unscale || !s->x_build ||
      !s->react ||
      !s->prox_scratch || !s->cdata || !s->ceq_pool || !s->cmap_pool) {
    st = NSB_ERR_ALLOC;
    goto fail;
  }
  if ((st = init_state(s)) < 0) goto fail;

  /* element instances */
  int ne = model->rigid_bodies.count + model->particles.count + model->elements.count + model->cloads.count +
           model->manufactured.count + model->joints.count;
  s->n_elems = ne;
  s->n_static_elems = ne;
  s->elems = NSB_NEW_ARRAY(ctx, ne > 0 ? ne : 1, nsb_elem);
  s->jgeom = NSB_NEW_ARRAY(ctx, model->joints.count > 0 ? model->joints.count : 1, nsb_joint_geom);
  if (!s->elems || !s->jgeom) {
    st = NSB_ERR_ALLOC;
    goto fail;
  }
  int k = 0, mult = 0;
  for (int i = 0; i < model->rigid_bodies.count; ++i, ++k) {
    s->elems[k].ops = &nsb_rigid_body_ops;
    s->elems[k].n_nodes = 1;
    s->elems[k].nodes[0] = model->rigid_bodies.data[i].node;
    s->elems[k].model_index = i;
  }
  for (int i = 0; i < model->particles.count; ++i, ++k) {
    s->elems[k].ops = &nsb_particle_ops;
    s->elems[k].n_nodes = 1;
    s->elems[k].nodes[0] = model->particles.data[i].node;
    s->elems[k].model_index = i;
  }
  for (int i = 0; i < model->elements.count; ++i, ++k) {
    const nsb_element* el = &model->elements.data[i];
    s->elems[k].n_nodes = 2;
    s->elems[k].nodes[0] = el->nodes[0];
    s->elems[k].nodes[1] = el->nodes[1];
    s->elems[k].model_index = i;
    if (el->type == NSB_ETYPE_SPRINGA) {
      s->elems[k].ops = &nsb_spring_ops;
    } else if (el->type == NSB_ETYPE_DASHPOTA) {
      s->elems[k].ops = &nsb_dashpot_ops;
    } else {
      NSB_ASSERT(nsb_etype_is_beam(el->type));
      s->elems[k].ops = &nsb_beam_v_ops;
      s->has_beams = 1;
      if (el->type == NSB_ETYPE_B2V) s->has_vbeams = 1;
      if (el->type == NSB_ETYPE_B2S) s->has_sbeams = 1;
      if ((st = nsb_beam_create(ctx, model, i, s->cur.x, s->cur.q, s->cur.v, s->cur.w, &s->elems[k])) < 0) goto fail;
    }
  }
  for (int i = 0; i < model->cloads.count; ++i, ++k) {
    s->elems[k].ops = &nsb_cload_ops;
    s->elems[k].n_nodes = 1;
    s->elems[k].nodes[0] = model->cloads.data[i].node;
    s->elems[k].model_index = i;
  }
  for (int i = 0; i < model->manufactured.count; ++i, ++k) {
    s->elems[k].ops = &nsb_manufactured_ops;
    s->elems[k].n_nodes = 1;
    s->elems[k].nodes[0] = model->manufactured.data[i].node;
    s->elems[k].model_index = i;
  }
  for (int j = 0; j < model->joints.count; ++j, ++k) {
    nsb_elem* e = &s->elems[k];
    e->ops = &nsb_joint_ops;
    e->n_nodes = 2;
    e->model_index = j;
    e->n_mult = count_mult(model->joints.data[j].kind);
    e->mult_first = mult;
    for (int q = 0; q < e->n_mult; ++q) s->mult_level[mult + q] = (int)model->joints.data[j].level;
    mult += e->n_mult;
    joint_geometry(s, j, e);
    e->data = &s->jgeom[j];
  }
  s->first_contact = k;
  NSB_ASSERT(k == ne && mult == s->n_mult);
  s->eq_pool_size = s->map_pool_size = 0;
  for (int i = 0; i < ne; ++i) {
    nsb_elem* e = &s->elems[i];
    e->n_local = e->n_mult;
    for (int q = 0; q < e->n_nodes; ++q) {
      e->node_ndof[q] = s->ndof[e->nodes[q]];
      e->n_local += e->node_ndof[q];
    }
    NSB_ASSERT(e->n_local <= NSB_ELEM_MAX_LOCAL);
    s->eq_pool_size += e->n_local;
    s->map_pool_size += e->n_local * e->n_local;
  }
  s->eq_pool = NSB_NEW_ARRAY(ctx, s->eq_pool_size > 0 ? s->eq_pool_size : 1, int);
  s->map_pool = NSB_NEW_ARRAY(ctx, s->map_pool_size > 0 ? s->map_pool_size : 1, int);
  if (!s->eq_pool || !s->map_pool) {
    st = NSB_ERR_ALLOC;
    goto fail;
  }
  int pe = 0, pm = 0;
  for (int i = 0; i < ne; ++i) {
    s->elems[i].eq = s->eq_pool + pe;
    s->elems[i].map = s->map_pool + pm;
    pe += s->elems[i].n_local;
    pm += s->elems[i].n_local * s->elems[i].n_local;
  }
  if (model->contact_pairs.count > 0) {
    /* one list for all pairs: the largest SKIN= given, else the default */
    double given = 0.0;
    for (int ip = 0; ip < model->contact_pairs.count; ++ip) given = fmax(given, model->contact_pairs.data[ip].skin);
    s->skin = given > 0.0 ? given : nsb_contact_default_skin(model);
    if ((st = contact_rebuild(s)) < 0) goto fail;
  }
  *out = s;
  return NSB_OK;
fail:
  nsb_system_destroy(&s);
  return st;
}

void nsb_system_destroy(nsb_system** ps) {
  if (!ps || !*ps) return;
  nsb_system* s = *ps;
  nsb_ctx* ctx = s->ctx;
  if (s->modal_M) NSB_FREE_ARRAY(ctx, s->modal_M, s->nnz_modal, double);
  int n = s->n_nodes, nm = n > 0 ? n : 1, nmu = s->n_mult > 0 ? s->n_mult : 1, meq = s->max_eq > 0 ? s->max_eq : 1;
  NSB_FREE_ARRAY(ctx, s->ndof, nm, int);
  NSB_FREE_ARRAY(ctx, s->X0, 3 * nm, double);
  NSB_FREE_ARRAY(ctx, s->node_eq, 6 * nm, int);
  NSB_FREE_ARRAY(ctx, s->fixed_t, 3 * nm, int);
  NSB_FREE_ARRAY(ctx, s->fixed_r, nm, unsigned);
  NSB_FREE_ARRAY(ctx, s->rot_bc, 3 * nm, int);
  NSB_FREE_ARRAY(ctx, s->kin, nm, nsb_kin);
  NSB_FREE_ARRAY(ctx, s->step_lpf, s->model->steps.count > 0 ? s->model->steps.count : 1, double);
  /* unconditionally: a partly failed state_alloc leaves x NULL but others allocated */
  state_free(ctx, &s->cur, n);
  state_free(ctx, &s->old, n);
  NSB_FREE_ARRAY(ctx, s->lam, nmu, double);
  NSB_FREE_ARRAY(ctx, s->lam_old, nmu, double);
  NSB_FREE_ARRAY(ctx, s->mult_eq, nmu, int);
  NSB_FREE_ARRAY(ctx, s->mult_level, nmu, int);
  NSB_FREE_ARRAY(ctx, s->r, meq, double);
  NSB_FREE_ARRAY(ctx, s->dx, meq, double);
  NSB_FREE_ARRAY(ctx, s->row_unscale, meq, double);
  if (s->elems)
    for (int i = 0; i < s->n_elems; ++i)
      if (s->elems[i].ops && s->elems[i].ops->destroy) s->elems[i].ops->destroy(ctx, &s->elems[i]);
  NSB_FREE_ARRAY(ctx, s->elems, s->n_elems > 0 ? s->n_elems : 1, nsb_elem);
  NSB_FREE_ARRAY(ctx, s->cdata, s->n_contacts > 0 ? s->n_contacts : 1, nsb_contact_data);
  NSB_FREE_ARRAY(ctx, s->prox_scratch, 3 * (s->model->nodes.count > 0 ? s->model->nodes.count : 1), double);
  NSB_FREE_ARRAY(ctx, s->x_build, 3 * nm, double);
  NSB_FREE_ARRAY(ctx, s->react, 6 * nm, double);
  NSB_FREE_ARRAY(ctx, s->ceq_pool, s->ceq_size, int);
  NSB_FREE_ARRAY(ctx, s->cmap_pool, s->cmap_size, int);
  NSB_FREE_ARRAY(ctx, s->cand, s->cand_cap, nsb_contact_cand);
  NSB_FREE_ARRAY(ctx, s->jgeom, s->model->joints.count > 0 ? s->model->joints.count : 1, nsb_joint_geom);
  NSB_FREE_ARRAY(ctx, s->eq_pool, s->eq_pool_size > 0 ? s->eq_pool_size : 1, int);
  NSB_FREE_ARRAY(ctx, s->map_pool, s->map_pool_size > 0 ? s->map_pool_size : 1, int);
  nsb_csr_destroy(ctx, &s->A);
  nsb_linsolver_destroy(&s->ls);
  nsb_scheme_destroy(&s->scheme);
  nsb_free(ctx, s, sizeof(*s));
  *ps = NULL;
}

/* Equation numbering (node unknowns, then multipliers), element equation
   maps, sparsity pattern and symbolic factorization for the current supports
   and elements.  Allocates (step start, contact list rebuild). */
/* A NEWTON contact under prox sweeps only loads its nodes: no matrix block
   (so closed contacts add no coupling, and no fill, to the factorization). */
/* Elements left out of the matrix: NEWTON-law contacts solved by prox sweeps
   (their impulses are loads), and every contact in a *FREQUENCY step (the
   modal model is the structure without contacts, docs/theory.md §6). */
static int prox_load_only(const nsb_system* s, int i) {
  if (s->step.n_modes > 0) return i >= s->first_contact;
  return s->contact_prox && i >= s->first_contact && s->elems[i].ops == &nsb_contact_newton_ops;
}

static int number_and_analyze(nsb_system* s) {
  /* equation numbering: node unknowns, then multipliers */
  int eq = 0;
  for (int i = 0; i < s->n_nodes; ++i) {
    for (int d = 0; d < 6; ++d) s->node_eq[6 * i + d] = -1;
    for (int d = 0; d < s->ndof[i]; ++d) {
      int fixed = d < 3 ? s->fixed_t[3 * i + d] >= 0 : (int)((s->fixed_r[i] >> (d - 3)) & 1u);
      if (!fixed) s->node_eq[6 * i + d] = eq++;
    }
  }
  s->n_node_eq = eq;
  /* prox sweeps: contact impulses are data, not unknowns (docs/contact.md §7.5) */
  for (int q = 0; q < s->n_mult; ++q)
    s->mult_eq[q] = (s->contact_prox || s->step.n_modes > 0) && q >= s->n_static_mult ? -1 : eq++;
  s->n_eq = eq;
  for (int i = 0; i < s->n_eq; ++i) s->row_unscale[i] = 1.0;
  for (int i = 0; i < s->n_elems; ++i) {
    nsb_elem* e = &s->elems[i];
    int p = 0;
    for (int q = 0; q < e->n_nodes; ++q)
      for (int d = 0; d < e->node_ndof[q]; ++d) e->eq[p++] = s->node_eq[6 * e->nodes[q] + d];
    for (int q = 0; q < e->n_mult; ++q) e->eq[p++] = s->mult_eq[e->mult_first + q];
  }
  /* pattern, symbolic analysis */
  nsb_csr_destroy(s->ctx, &s->A);
  if (s->ls) s->fresh_before += s->ls->n_factor_fresh;
  nsb_linsolver_destroy(&s->ls);
  if (s->n_eq > 0) {
    nsb_pattern_builder* pb = NULL;
    NSB_CALL(nsb_pattern_builder_create(s->ctx, s->n_eq, &pb));
    int st = NSB_OK;
    for (int i = 0; i < s->n_elems && st == NSB_OK; ++i)
      if (!prox_load_only(s, i)) st = nsb_pattern_builder_add(pb, s->elems[i].eq, s->elems[i].n_local);
    if (st == NSB_OK) st = nsb_pattern_builder_finish(pb, &s->A);
    nsb_pattern_builder_destroy(&pb);
    NSB_CALL(st);
    for (int i = 0; i < s->n_elems; ++i) {
      nsb_elem* e = &s->elems[i];
      if (prox_load_only(s, i)) {
        for (int q = 0; q < e->n_local * e->n_local; ++q) e->map[q] = -1;
        continue;
      }
      NSB_CALL(nsb_csr_block_map(s->A, e->eq, e->n_local, e->map));
    }
    NSB_CALL(nsb_linsolver_create(s->ctx, s->step.linsolver, &s->ls));
    NSB_CALL(nsb_linsolver_analyze(s->ls, s->A));
  }
  return NSB_OK;
}

/* ---- steps ---------------------------------------------------------------- */

int nsb_system_begin_step(nsb_system* s, int k, double t0) {
  double tic = nsb_now_s();
  const nsb_model* m = s->model;
  int prev_dynamic = s->scheme && s->step.kind == NSB_STEP_DYNAMIC && !s->step.modal_dynamic &&
                     m->steps.data[k].kind == NSB_STEP_DYNAMIC;
  /* the step time reached by the previous step: a Riks step holds the
     amplitudes of earlier loads there */
  s->riks_t_hold = s->step_index >= 0 ? s->t - s->t_step_start : 0.0;
  s->step_index = k;
  s->step = m->steps.data[k];
  s->contact_prox = s->step.contact_prox && s->has_newton_contact;
  s->t = t0;
  s->t_step_start = t0;
  s->lpf = s->lpf_old = 0.0;
  NSB_CHECK(s->ctx, !(s->step.riks && m->contact_pairs.count > 0), NSB_ERR_UNSUPPORTED,
            "%s:%d: *STATIC, RIKS does not handle contact pairs (the model has *CONTACT PAIR); use load control "
            "(*STATIC without RIKS)",
            m->source, s->step.line);
  /* supports active in this step */
  for (int i = 0; i < 3 * s->n_nodes; ++i) s->fixed_t[i] = -1;
  for (int i = 0; i < s->n_nodes; ++i) s->fixed_r[i] = 0u;
  for (int i = 0; i < 3 * s->n_nodes; ++i) s->rot_bc[i] = -1;
  int prescribed_rotation = 0;
  for (int b = 0; b < m->boundaries.count; ++b) {
    const nsb_boundary* bc = &m->boundaries.data[b];
    if (bc->step > k) continue;
    for (int d = bc->dof_first; d <= bc->dof_last; ++d) {
      if (d <= 3) {
        s->fixed_t[3 * bc->node + d - 1] = b;
      } else {
        s->fixed_r[bc->node] |= 1u << (d - 4);
        s->rot_bc[3 * bc->node + d - 4] = b;
        if (bc->value != 0.0 || bc->amplitude >= 0) prescribed_rotation = 1;
      }
    }
  }
  /* generalized-alpha runs Newmark on SO(3) for the node unknowns */
  int newmark_nodes = s->step.scheme == NSB_SCHEME_NEWMARK || s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA;
  NSB_CHECK(s->ctx, !(prescribed_rotation && s->step.kind == NSB_STEP_DYNAMIC && newmark_nodes),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: prescribed rotations (non-zero rotational *BOUNDARY) need SCHEME=MODIFIED NEWMARK or a static step",
            m->source, s->step.line);
  for (int i = 0; i < s->n_nodes; ++i)
    NSB_CHECK(s->ctx,
              !(s->fixed_r[i] && s->fixed_r[i] != 7u && s->step.kind == NSB_STEP_DYNAMIC && newmark_nodes),
              NSB_ERR_UNSUPPORTED,
              "%s:%d: node %d: holding only some rotations needs SCHEME=MODIFIED NEWMARK or a static step "
              "(Newmark's incremental rotation vector cannot keep a component fixed)",
              m->source, s->step.line, m->nodes.data[i].label);
  NSB_CHECK(s->ctx, !(s->has_vbeams && s->step.kind == NSB_STEP_DYNAMIC && s->step.scheme != NSB_SCHEME_MODIFIED_NEWMARK),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: the velocity-based beam element (B2V) integrates with SCHEME=MODIFIED NEWMARK (or a static step)",
            m->source, s->step.line);
  /* the strain element integrates its points with Newmark on SO(3); the
     modified scheme with beta = 1/2 is the same discrete map (beta_N =
     gamma/2, gamma_N = gamma; seed 001 end of §4.2.3), other betas are not */
  NSB_CHECK(s->ctx,
            !(s->has_sbeams && s->step.kind == NSB_STEP_DYNAMIC && s->step.scheme == NSB_SCHEME_MODIFIED_NEWMARK &&
              !s->step.mn_alpha && s->step.beta != 0.5),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: the strain-based beam element (B2S) runs with SCHEME=NEWMARK, a static step, or SCHEME=MODIFIED "
            "NEWMARK with BETA=0.5 (which is Newmark with beta = gamma/2)",
            m->source, s->step.line);
  NSB_CHECK(s->ctx,
            !(s->has_newton_contact && s->step.n_modes == 0 &&
              (s->step.kind == NSB_STEP_STATIC || s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA)),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: contact with LAW=NEWTON (impulses) needs a dynamic step with SCHEME=NEWMARK or MODIFIED NEWMARK; "
            "for a static or generalized-alpha step use LAW=HERTZ",
            m->source, s->step.line);
  /* the previous step's scheme: its pseudo-accelerations continue into a
     dynamic step that follows a dynamic one (generalized-alpha forms) */
  nsb_scheme* prev = prev_dynamic ? s->scheme : NULL;
  if (!prev) nsb_scheme_destroy(&s->scheme);
  s->scheme = NULL;
  int st_num = number_and_analyze(s);
  if (st_num < 0) {
    nsb_scheme_destroy(&prev);
    return st_num;
  }
  /* generalized-alpha (Arnold-Bruls form): every element is evaluated at
     t_{n+1} with the scheme's kinematics, so any element that runs with
     Newmark runs with it (the velocity-based beam needs the modified scheme
     and is refused above) */
  int st_create = nsb_scheme_create(s->ctx, newmark_nodes ? NSB_SCHEME_NEWMARK : s->step.scheme, s->step.beta,
                                    s->step.gamma, s->n_nodes, &s->scheme);
  if (st_create == NSB_OK && s->step.kind == NSB_STEP_DYNAMIC &&
      (s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA || s->step.mn_alpha)) {
    nsb_scheme_set_alpha(s->scheme, s->step.alpha_m, s->step.alpha_f);
    nsb_scheme_carry_pseudo(s->scheme, prev);
  }
  nsb_scheme_destroy(&prev);
  NSB_CALL(st_create);
  s->ops = s->step.kind == NSB_STEP_STATIC ? &nsb_static_ops : s->scheme->ops;
  nsb_conv_def cd = {s->step.rel_res, s->step.rel_cor, s->step.tol_res, s->step.tol_inc, s->length};
  nsb_conv_begin_step(&s->conv, &cd);
  s->inc_in_step = 0;
  s->stats.t_setup += nsb_now_s() - tic;
  return NSB_OK;
}

/* Prescribed value of boundary record b (order 0: value, 1: rate, 2: second
   rate) at time t: value * amplitude, or value times the static ramp. */
static double bc_value(const nsb_system* s, int b, double t, int order) {
  const nsb_boundary* bc = &s->model->boundaries.data[b];
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, t);
  double d1, d2, v = nsb_load_scale(&ec, bc->amplitude, bc->step, &d1, &d2);
  return bc->value * (order == 0 ? v : order == 1 ? d1 : d2);
}

/* Prescribed position (order 0), velocity (1) or acceleration (2) of
   translational component c of node i at time t. */
static double support_value(const nsb_system* s, int i, int c, double t, int order) {
  double v = bc_value(s, s->fixed_t[3 * i + c], t, order);
  return order == 0 ? s->X0[3 * i + c] + v : v;
}

static void predict_all(nsb_system* s, nsb_eval_mode mode, double t_new) {
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    s->ops->predict(s->scheme, i, nd, &s->old, &s->cur);
    for (int c = 0; c < 3; ++c)
      if (s->fixed_t[3 * i + c] >= 0)
        s->ops->prescribe(s->scheme, i, c, support_value(s, i, c, t_new, mode == NSB_EVAL_ACCEL ? 2 : 0), &s->old,
                          &s->cur);
    if (nd == 6 && s->fixed_r[i]) {
      /* a prescribed body-axis rotation angle phi(t) enters through its rate:
         wbar_k = (phi(t_{n+1}) - phi(t_n))/h, exact for a fixed axis (the
         other rotations held); alpha_k = phi''(t) for the initial solve */
      double target[3] = {0.0, 0.0, 0.0};
      for (int c = 0; c < 3; ++c) {
        int b = s->rot_bc[3 * i + c];
        if (b < 0) continue;
        if (mode == NSB_EVAL_ACCEL)
          target[c] = bc_value(s, b, t_new, 2);
        else if (s->scheme->h > 0.0)
          target[c] = (bc_value(s, b, t_new, 0) - bc_value(s, b, s->t, 0)) / s->scheme->h;
      }
      s->ops->hold_rotation(s->scheme, i, s->fixed_r[i], target, &s->old, &s->cur);
    }
  }
}

/* Assemble residual and matrix at the current iterate.  Fills the residual
   norms of s->nrm: per field the largest free-row residual and the flux (the
   largest element contribution to a node row of the field, held rows
   included: reactions carry flux), and the 2-norm over all rows (condensed
   interior rows included) for an explicit absolute tolerance. */
static int assemble(nsb_system* s, nsb_eval_mode mode, double t_new, int with_matrix) {
  double tic = nsb_now_s();
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
  nsb_eval_ctx ec = make_ec(s, mode, t_new);
  s->internal_res2 = 0.0;
  ec.internal_res2 = &s->internal_res2;
  memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  if (with_matrix && s->A) nsb_csr_zero(s->A);
  double qf = 0.0, qm = 0.0;
  s->failed_elem = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    if (with_matrix) memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    int est = e->ops->eval(e, &ec, s->ff, with_matrix ? s->fK : NULL);
    if (est < 0) {
      s->failed_elem = i;
      return est;
    }
    for (int q = 0; q < nl; ++q)
      if (e->eq[q] >= 0) s->r[e->eq[q]] += s->ff[q];
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q) {
        double a = fabs(s->ff[q]);
        if (d < 3) qf = a > qf ? a : qf;
        else qm = a > qm ? a : qm;
      }
    if (with_matrix && s->A) nsb_csr_add_mapped(s->A, e->map, nl, s->fK);
  }
  for (int q = 0; q < s->n_mult; ++q) {
    int level = mode == NSB_EVAL_ACCEL ? 2 : mode == NSB_EVAL_STATIC ? 0 : s->mult_level[q];
    if (s->mult_eq[q] >= 0) s->row_unscale[s->mult_eq[q]] = 1.0 / ec.con_scale[level];
  }
  double r2 = 0.0, rf = 0.0, rm = 0.0;
  for (int i = 0; i < s->n_eq; ++i) r2 += s->r[i] * s->r[i] * s->row_unscale[i] * s->row_unscale[i];
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < s->ndof[i]; ++d) {
      int eq = s->node_eq[6 * i + d];
      if (eq < 0) continue;
      double a = fabs(s->r[eq]);
      if (d < 3) rf = a > rf ? a : rf;
      else rm = a > rm ? a : rm;
    }
  r2 += s->internal_res2;
  s->nrm.r_abs = sqrt(r2);
  s->nrm.r_force = rf;
  s->nrm.r_moment = rm;
  s->nrm.q_force = qf;
  s->nrm.q_moment = qm;
  s->stats.t_assemble += nsb_now_s() - tic;
  return NSB_OK;
}

/* Correction norms of the iteration (after apply_increment and post_solve):
   node corrections mapped to positions and rotations by the scheme
   (dx = c_r Delta, dTheta = B_theta Delta_r; the initial accelerations: the
   accelerations themselves), the beams' interior corrections (ic), and the
   motion of the increment so far. */
static void correction_norms(nsb_system* s, nsb_eval_mode mode, const double* dx, const nsb_corr* ic) {
  double ct = ic->trans, cr = ic->rot, ut = 0.0, ur = 0.0, xs = 0.0, c2 = ic->raw2;
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    const nsb_kin* k = &s->kin[i];
    double d[6] = {0, 0, 0, 0, 0, 0};
    for (int c = 0; c < nd; ++c) {
      int eq = s->node_eq[6 * i + c];
      d[c] = eq >= 0 ? dx[eq] : 0.0;
      c2 += d[c] * d[c];
    }
    nsb_vec3 dt = nsb_v3(d[0], d[1], d[2]);
    nsb_vec3 x = nsb_st_x(&s->cur, i), u;
    if (mode == NSB_EVAL_ACCEL) {
      u = nsb_st_a(&s->cur, i);
    } else {
      dt = nsb_v3_scale(k->cr, dt);
      u = nsb_v3_sub(x, nsb_st_x(&s->old, i));
    }
    ct = fmax(ct, nsb_v3_norm(dt));
    ut = fmax(ut, nsb_v3_norm(u));
    xs = fmax(xs, nsb_v3_norm(x));
    if (nd == 6) {
      nsb_vec3 dr = nsb_v3(d[3], d[4], d[5]);
      double th;
      if (mode == NSB_EVAL_ACCEL) {
        th = nsb_v3_norm(nsb_st_al(&s->cur, i));
      } else {
        dr = nsb_m3_mulv(k->Bth, dr);
        /* incremental rotation angle from the quaternions: 2 atan2(|v|, |w|) */
        nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_st_q(&s->old, i)), nsb_st_q(&s->cur, i));
        th = 2.0 * atan2(sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z), fabs(dq.w));
      }
      cr = fmax(cr, nsb_v3_norm(dr));
      ur = fmax(ur, th);
    }
  }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] >= 0) c2 += dx[s->mult_eq[q]] * dx[s->mult_eq[q]];
  s->nrm.c_trans = ct;
  s->nrm.c_rot = cr;
  s->nrm.du_trans = ut;
  s->nrm.du_rot = ur;
  s->nrm.x_size = xs;
  s->nrm.c_abs = sqrt(c2);
}

static void apply_increment(nsb_system* s, const double* dx, double lam_scale) {
  double d[6];
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    for (int k = 0; k < nd; ++k) d[k] = s->node_eq[6 * i + k] >= 0 ? dx[s->node_eq[6 * i + k]] : 0.0;
    s->ops->apply(s->scheme, i, nd, d, &s->old, &s->cur);
  }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] >= 0) s->lam[q] += lam_scale * dx[s->mult_eq[q]];
}

/* Recover the internal unknowns of condensing elements; returns the size of
   their corrections (nsb_corr). */
static nsb_corr post_solve(nsb_system* s, const double* dx) {
  nsb_corr c = {0.0, 0.0, 0.0};
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->post_solve) continue;
    for (int q = 0; q < e->n_local; ++q) du[q] = e->eq[q] >= 0 ? dx[e->eq[q]] : 0.0;
    e->ops->post_solve(e, du, &c);
  }
  return c;
}

/* Name the unknown behind global equation eq: a node DOF or a joint
   multiplier, for messages about singular matrices (an unsupported rigid-body
   mode shows up as a zero pivot in one of its DOFs). */
/* Whether node i has inertia in DOF d (translations: mass; rotations: rotary
   inertia): a body, or a beam element with a non-zero section inertia. */
static int node_has_inertia(const nsb_model* m, int i, int d) {
  if (m->nodes.data[i].body_kind != NSB_BODY_NONE) return 1;
  for (int k = 0; k < m->elements.count; ++k) {
    const nsb_element* e = &m->elements.data[k];
    if (!nsb_etype_is_beam(e->type) || e->section < 0 || (e->nodes[0] != i && e->nodes[1] != i)) continue;
    const nsb_section* sec = &m->sections.data[e->section];
    if (d < 3 ? sec->rhoA > 0.0 : sec->rhoJ[0] + sec->rhoJ[1] + sec->rhoJ[2] > 0.0) return 1;
  }
  return 0;
}

static void describe_equation(const nsb_system* s, int eq, char* buf, size_t n) {
  static const char* const dof_names[6] = {"translation X", "translation Y", "translation Z",
                                           "rotation about body axis 1", "rotation about body axis 2",
                                           "rotation about body axis 3"};
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < 6; ++d)
      if (s->node_eq[6 * i + d] == eq) {
        if ((s->ops == &nsb_accel_ops || s->step.n_modes > 0) && !node_has_inertia(s->model, i, d))
          snprintf(buf, n, " [node %d, DOF %d: %s has no inertia (massless elements): give them a density]",
                   s->model->nodes.data[i].label, d + 1, dof_names[d]);
        else
          snprintf(buf, n, " [node %d, DOF %d: %s; check the supports of this node]", s->model->nodes.data[i].label,
                   d + 1, dof_names[d]);
        return;
      }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] == eq) {
      for (int j = 0; j < s->n_elems; ++j) {
        const nsb_elem* e = &s->elems[j];
        if (e->n_mult > 0 && q >= e->mult_first && q < e->mult_first + e->n_mult) {
          if (e->ops == &nsb_joint_ops)
            snprintf(buf, n, " [multiplier %d of the joint of deck line %d: redundant or conflicting constraint?]",
                     q - e->mult_first + 1, s->model->joints.data[e->model_index].line);
          else
            snprintf(buf, n, " [impulse %d of a contact of the *CONTACT PAIR of deck line %d, particle node %d]",
                     q - e->mult_first + 1, s->model->contact_pairs.data[e->model_index].line,
                     s->model->nodes.data[e->nodes[0]].label);
          return;
        }
      }
    }
}

/* Solve with the current factorization in place (x: right-hand side in,
   solution out), timed; a failure is reported in rep. */
static int timed_solve(nsb_system* s, double* x, nsb_newton_report* rep) {
  double tic = nsb_now_s();
  int st = nsb_linsolver_solve(s->ls, x);
  s->stats.t_solve += nsb_now_s() - tic;
  s->stats.solves++;
  if (st < 0) {
    rep->status = st;
    snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
    nsb_ctx_clear_error(s->ctx);
  }
  return st;
}

/* Static steps of mechanisms (a hanging pendulum, a chain): at the start the
   multipliers are zero, so their geometric stiffness, the only stiffness of
   the mechanism's motion, is missing and the first Newton matrix is
   singular.  Before giving up, set the multipliers to the least-squares
   reactions of the current residual, min |r_n + G^T dlambda| (normal
   equations, dense in the multipliers), and try again.  Returns 1 when it
   changed the multipliers. */
static int static_multiplier_guess(nsb_system* s) {
  int n0 = s->n_node_eq, nm = s->n_eq - n0;
  if (nm <= 0 || nm > 2000) return 0;
  double* N = nsb_alloc(s->ctx, sizeof(double) * (size_t)nm * (size_t)nm);
  double* b = nsb_alloc(s->ctx, sizeof(double) * (size_t)nm);
  lapack_int* piv = nsb_alloc(s->ctx, sizeof(lapack_int) * (size_t)nm);
  int changed = 0;
  if (N && b && piv) {
    memset(N, 0, sizeof(double) * (size_t)nm * (size_t)nm);
    memset(b, 0, sizeof(double) * (size_t)nm);
    for (int i = 0; i < n0; ++i)
      for (int p = s->A->rowptr[i]; p < s->A->rowptr[i + 1]; ++p) {
        int j = s->A->col[p] - n0;
        if (j < 0) continue;
        b[j] -= s->A->val[p] * s->r[i];
        for (int q = s->A->rowptr[i]; q < s->A->rowptr[i + 1]; ++q) {
          int k = s->A->col[q] - n0;
          if (k >= 0) N[j + (size_t)nm * k] += s->A->val[p] * s->A->val[q];
        }
      }
    if (LAPACKE_dgesv(LAPACK_COL_MAJOR, nm, 1, N, nm, piv, b, nm) == 0) {
      for (int q = 0; q < s->n_mult; ++q)
        if (s->mult_eq[q] >= n0 && isfinite(b[s->mult_eq[q] - n0])) {
          s->lam[q] += b[s->mult_eq[q] - n0];
          changed = 1;
        }
    }
  }
  if (N) nsb_free(s->ctx, N, sizeof(double) * (size_t)nm * (size_t)nm);
  if (b) nsb_free(s->ctx, b, sizeof(double) * (size_t)nm);
  if (piv) nsb_free(s->ctx, piv, sizeof(lapack_int) * (size_t)nm);
  return changed;
}

/* The probable cause of a singular Newton matrix or element matrix, in
   words, appended to buf (docs/theory.md §5, "Diagnosis").  In order:
   - a rotation parametrization limit: a beam element whose section frame
     turns by most of a full turn (its interior rotation maps are singular at
     2 pi), or a node that turns by nearly pi in one increment (Newmark's
     incremental rotation vector);
   - a singularity at the start, before any increment of a static step has
     converged: the model is not supported (a mechanism);
   - Newton diverging before it (the residual grew): the increment is too large;
   - after converged increments of a static step: the tangent stiffness has
     become singular on the way, a limit or bifurcation point (buckling,
     snap-through).
   Returns 1 when it named a cause other than missing supports. */
static int singular_cause(const nsb_system* s, nsb_eval_mode mode, int it, const nsb_newton_report* rep, char* buf,
                          size_t n) {
  const nsb_model* m = s->model;
  size_t len = strlen(buf);
  char* out = buf + len;
  n = n > len ? n - len : 0;
  double turn = 0.0, node_turn = 0.0;
  int e_turn = -1, n_turn = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (e->ops != &nsb_beam_v_ops) continue;
    double t = nsb_beam_turn(e);
    if (t > turn) {
      turn = t;
      e_turn = i;
    }
  }
  for (int i = 0; i < s->n_nodes && mode != NSB_EVAL_ACCEL; ++i) {
    if (s->ndof[i] != 6) continue;
    nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_st_q(&s->old, i)), nsb_st_q(&s->cur, i));
    double th = 2.0 * atan2(sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z), fabs(dq.w));
    if (th > node_turn) {
      node_turn = th;
      n_turn = i;
    }
  }
  const double two_pi = 6.283185307179586;
  if (e_turn >= 0 && turn > 0.75 * two_pi) {
    snprintf(out, n,
             "; probable cause: a rotation parametrization limit: beam element %d turns its section frame by %.3g rad "
             "(%.0f %% of a full turn) and one element cannot describe a full turn; use more elements",
             m->elements.data[s->elems[e_turn].model_index].label, turn, 100.0 * turn / two_pi);
    return 1;
  }
  if (n_turn >= 0 && node_turn > 0.9 * 3.141592653589793 && s->step.kind == NSB_STEP_DYNAMIC &&
      s->step.scheme != NSB_SCHEME_MODIFIED_NEWMARK) {
    snprintf(out, n,
             "; probable cause: a rotation parametrization limit: node %d turns by %.3g rad in one increment, near the "
             "limit pi of Newmark's incremental rotation vector; use smaller increments or SCHEME=MODIFIED NEWMARK",
             m->nodes.data[n_turn].label, node_turn);
    return 1;
  }
  int diverged = 0;
  for (int k = 1; k < it && k < NSB_NEWTON_HISTORY; ++k)
    if (rep->res_rel[k] > rep->res_rel[k - 1]) diverged = 1;
  if (mode == NSB_EVAL_STATIC && s->inc_in_step == 0 && s->step_index == 0 && it == 0) return 0;
  if (diverged) {
    snprintf(out, n,
             "; probable cause: the increment is too large (Newton's residual grew before the matrix became singular); "
             "use a smaller increment or allow cutbacks (minimum increment on the step's data line)");
    return 1;
  }
  if (mode == NSB_EVAL_STATIC && (s->inc_in_step > 0 || s->step_index > 0)) {
    double frac = s->step.period > 0.0 ? (s->t - s->t_step_start) / s->step.period : 0.0;
    snprintf(out, n,
             "; probable cause: an instability: the tangent stiffness became singular after %ld converged increments "
             "of this step (step time %.4g, %.3g of the step): a limit or bifurcation point (buckling, "
             "snap-through); follow it with *STATIC, RIKS or a dynamic step",
             s->inc_in_step, s->t - s->t_step_start, frac);
    return 1;
  }
  return 0;
}

static int newton(nsb_system* s, nsb_eval_mode mode, double t_new, nsb_newton_report* rep) {
  memset(rep, 0, sizeof *rep);
  int guessed = 0;
  double lam_scale = mode == NSB_EVAL_DYNAMIC ? s->lam_scale : 1.0;
  nsb_conv_begin_increment(&s->conv);
  for (int it = 0; it < s->step.max_iter; ++it) {
    int st = assemble(s, mode, t_new, !s->reuse_factor);
    if (st < 0) {
      rep->status = st;
      const nsb_elem* fe = s->failed_elem >= 0 ? &s->elems[s->failed_elem] : NULL;
      if (fe && fe->ops == &nsb_beam_v_ops)
        snprintf(rep->cause, sizeof rep->cause, "the interior equations of beam element %d are %s",
                 s->model->elements.data[fe->model_index].label,
                 st == NSB_ERR_SINGULAR ? "singular" : nsb_status_message(st));
      else
        snprintf(rep->cause, sizeof rep->cause, "element evaluation failed: %s", nsb_status_message(st));
      if (st == NSB_ERR_SINGULAR && fe && fe->ops == &nsb_beam_v_ops && mode == NSB_EVAL_ACCEL) {
        /* the accelerations of a massless element are undefined */
        const nsb_element* el = &s->model->elements.data[fe->model_index];
        const nsb_section* sec = &s->model->sections.data[el->section];
        if (!(sec->rhoA > 0.0) || !(sec->rhoJ[0] > 0.0 && sec->rhoJ[1] > 0.0 && sec->rhoJ[2] > 0.0)) {
          size_t len = strlen(rep->cause);
          snprintf(rep->cause + len, sizeof rep->cause - len,
                   ": the element has no inertia (massless elements): give them a density (section rhoA %g, rhoJ %g "
                   "%g %g)",
                   sec->rhoA, sec->rhoJ[0], sec->rhoJ[1], sec->rhoJ[2]);
        }
      } else if (st == NSB_ERR_SINGULAR) {
        (void)singular_cause(s, mode, it, rep, rep->cause, sizeof rep->cause);
      }
      nsb_ctx_clear_error(s->ctx);
      return st;
    }
    if (!isfinite(s->nrm.r_abs)) {
      rep->status = NSB_ERR_NOT_FINITE;
      /* where: the first non-finite row, else the largest (the norm overflowed) */
      char where[160] = "";
      int bad = -1;
      double big = -1.0;
      for (int i = 0; i < s->n_eq && bad < 0; ++i) {
        double a = fabs(s->r[i] * s->row_unscale[i]);
        if (!isfinite(a)) bad = i;
        if (a > big) big = a;
      }
      for (int i = 0; i < s->n_eq && bad < 0; ++i)
        if (fabs(s->r[i] * s->row_unscale[i]) == big) bad = i;
      if (bad >= 0) describe_equation(s, bad, where, sizeof where);
      snprintf(rep->cause, sizeof rep->cause,
               "the residual is not finite%s%s%s: a state, load, obstacle motion or contact value overflowed "
               "(NaN or infinity)",
               bad >= 0 ? " (largest in the row of" : " (in the beams' condensed rows)", where, bad >= 0 ? ")" : "");
      return rep->status;
    }
    if (s->n_eq == 0) {
      rep->converged = 1;
      return NSB_OK;
    }
    /* The initial-acceleration problem is linear: after the first solve its
       residual is at round-off, and the residual test decides (the
       accelerations of sections with tiny rotary inertia reach 1e6 and
       resolve only to ~1e-7, so a correction test would be meaningless). */
    if (mode == NSB_EVAL_ACCEL && it > 0 && nsb_conv_residual_ok(&s->conv, &s->nrm)) {
      rep->converged = 1;
      return NSB_OK;
    }
    double tic = nsb_now_s();
    /* prox sweeps after the first: the matrix changes only through
       nonlinear elements; keep the factorization (modified Newton) */
    st = s->reuse_factor ? NSB_OK : nsb_linsolver_factor(s->ls, s->A);
    if (!s->reuse_factor) {
      s->stats.t_factor += nsb_now_s() - tic;
      s->stats.factorizations++;
      s->stats.factorizations_fresh = s->ls->n_factor_fresh + s->fresh_before;
    }
    if (st == NSB_ERR_SINGULAR && mode == NSB_EVAL_STATIC && it == 0 && !guessed && s->n_mult > 0) {
      guessed = 1;
      if (static_multiplier_guess(s)) {
        nsb_ctx_clear_error(s->ctx);
        --it; /* the same iteration again, with the reactions' geometric stiffness */
        continue;
      }
    }
    if (st < 0) {
      rep->status = st;
      char where[160] = "";
      snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      if (st == NSB_ERR_SINGULAR) {
        if (!singular_cause(s, mode, it, rep, rep->cause, sizeof rep->cause) && s->ls->singular_eq >= 0) {
          describe_equation(s, s->ls->singular_eq, where, sizeof where);
          size_t len = strlen(rep->cause);
          snprintf(rep->cause + len, sizeof rep->cause - len, "%s", where);
        }
      }
      return st;
    }
    for (int i = 0; i < s->n_eq; ++i) s->dx[i] = -s->r[i];
    NSB_CALL(timed_solve(s, s->dx, rep));
    nsb_corr ic = {0.0, 0.0, 0.0};
    if (s->has_beams) ic = post_solve(s, s->dx);
    apply_increment(s, s->dx, lam_scale);
    correction_norms(s, mode, s->dx, &ic);
    rep->iterations = it + 1;
    s->stats.newton_iterations++;
    if (!isfinite(s->nrm.c_abs)) {
      rep->status = NSB_ERR_NOT_FINITE;
      snprintf(rep->cause, sizeof rep->cause, "Newton correction is not finite");
      return rep->status;
    }
    nsb_conv_verdict v = nsb_conv_test(&s->conv, &s->nrm);
    if (it < NSB_NEWTON_HISTORY) {
      rep->res_rel[it] = s->conv.def.abs_residual > 0.0 ? s->nrm.r_abs / s->conv.def.abs_residual : s->conv.r_rel;
      rep->cor_rel[it] = s->conv.def.abs_correction > 0.0 ? s->nrm.c_abs / s->conv.def.abs_correction : s->conv.c_rel;
      rep->r_force[it] = s->nrm.r_force;
      rep->r_moment[it] = s->nrm.r_moment;
      rep->c_trans[it] = s->nrm.c_trans;
      rep->c_rot[it] = s->nrm.c_rot;
    }
    if (v == NSB_CONV_CONVERGED || v == NSB_CONV_FLOOR) {
      if (v == NSB_CONV_FLOOR) s->stats.floor_accepted++;
      rep->converged = 1;
      return NSB_OK;
    }
    if (v == NSB_CONV_STAGNATED) {
      rep->status = NSB_ERR_NO_CONVERGENCE;
      snprintf(rep->cause, sizeof rep->cause,
               "the residual stagnates at |f| = %.3e while the corrections have converged: the absolute residual "
               "tolerance %.3e is below the round-off floor of this model; raise *SOLVER CONTROLS, TOL RESIDUAL or "
               "leave it out (the relative test then decides)",
               s->nrm.r_abs, s->conv.def.abs_residual);
      return rep->status;
    }
  }
  rep->status = NSB_ERR_NO_CONVERGENCE;
  snprintf(rep->cause, sizeof rep->cause,
           "no convergence in %d iterations (last residual %.3g and correction %.3g times their tolerances)",
           s->step.max_iter, s->conv.r_rel, s->conv.c_rel);
  return rep->status;
}

int nsb_system_initial_acceleration(nsb_system* s, nsb_newton_report* rep) {
  const nsb_scheme_ops* keep = s->ops;
  s->ops = &nsb_accel_ops;
  state_copy(&s->old, &s->cur, s->n_nodes);
  /* prescribed velocities at t0 from the supports' amplitudes */
  for (int i = 0; i < s->n_nodes; ++i) {
    for (int c = 0; c < 3 && s->ndof[i]; ++c)
      if (s->fixed_t[3 * i + c] >= 0) s->cur.v[3 * i + c] = support_value(s, i, c, s->t, 1);
    for (int c = 0; c < 3 && s->ndof[i] == 6; ++c)
      if (s->rot_bc[3 * i + c] >= 0) s->cur.w[3 * i + c] = bc_value(s, s->rot_bc[3 * i + c], s->t, 1);
  }
  state_copy(&s->old, &s->cur, s->n_nodes);
  predict_all(s, NSB_EVAL_ACCEL, s->t);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  int st = newton(s, NSB_EVAL_ACCEL, s->t, rep);
  if (st == NSB_OK && s->want_react) st = compute_reactions(s, NSB_EVAL_ACCEL, s->t);
  s->ops = keep;
  if (st == NSB_OK)
    for (int i = 0; i < s->n_elems; ++i)
      if (s->elems[i].ops->after_accel) s->elems[i].ops->after_accel(&s->elems[i]);
  nsb_energy en;
  nsb_system_energy(s, &en);
  s->power = en.power;
  s->diss_rate = en.dissipation_rate;
  return st;
}

/* Every amplitude must be finite at the new time (value and the two rates
   that prescribed motions use): a POLYNOMIAL or PERIODIC amplitude can
   overflow far from where its data were chosen, and a NaN in an obstacle's
   motion would switch the obstacle off without a word. */
static int check_amplitudes(nsb_system* s, double t_new) {
  const nsb_model* m = s->model;
  for (int i = 0; i < m->amplitudes.count; ++i) {
    const nsb_amplitude* a = &m->amplitudes.data[i];
    double arg = a->total_time ? t_new : t_new - s->t_step_start, d1 = 0.0, d2 = 0.0;
    double v = nsb_amplitude_eval(a, arg, &d1, &d2);
    NSB_CHECK(s->ctx, isfinite(v) && isfinite(d1) && isfinite(d2), NSB_ERR_NOT_FINITE,
              "amplitude %s is not finite at %s time %.10g (value %g, rate %g, second rate %g): its data overflow "
              "there",
              a->name, a->total_time ? "total" : "step", arg, v, d1, d2);
  }
  return NSB_OK;
}

int nsb_system_prepare_increment(nsb_system* s, double h) {
  NSB_CALL(check_amplitudes(s, s->t + h));
  s->scheme->h = h;
  nsb_scheme_scales(s->ops, s->scheme, h, &s->lam_scale, s->con_scale);
  /* generalized-alpha: pseudo-accelerations start from the accelerations of the step start */
  if (s->ops != &nsb_static_ops && (s->scheme->am != 0.0 || s->scheme->af != 0.0) && !s->scheme->p_valid)
    nsb_scheme_init_pseudo(s->scheme, &s->cur);
  /* Verlet list: a pair farther apart than the skin at the last build cannot
     touch before one of its nodes has moved half the skin */
  if (s->model->contact_pairs.count > 0 && 2.0 * moved_since_build(s) > s->skin) NSB_CALL(contact_rebuild(s));
  state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  if (s->n_contacts > 0) {
    nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, s->t);
    nsb_contact_prepare(s->elems + s->first_contact, s->n_contacts, &ec);
  }
  predict_all(s, s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC : NSB_EVAL_DYNAMIC, s->t + h);
  return NSB_OK;
}

/* NEWTON-law contacts by prox sweeps (docs/contact.md §7.5).  Newton on the
   smooth system for the warm-start impulses; then sweeps: one projected
   Gauss-Seidel pass over the impulses (lumped-mass response inside the
   pass), and the
   velocities' response to the impulse change by one back substitution with
   the kept factorization (the change enters only the contact rows:
   r = c1 (lambda_v - pfix)).  For a linear system that response is exact;
   once the sweeps have converged a Newton pass with the kept factorization
   re-equilibrates nonlinear elements, and sweeping resumes if that moved the
   impulses.  The relaxation halves when the change grows twice in a row. */
/* Impulse per unit force of the increment (nsb_impulse_time of the step's scheme). */
static double prox_impulse_time(const nsb_system* s) {
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, s->t);
  return nsb_impulse_time(&ec);
}

/* The contacts' multipliers (physical, P = lambda_v m_eff / (gamma h)) from the sweep's impulses. */
static void prox_set_impulses(nsb_system* s) {
  double it = prox_impulse_time(s);
  for (int i = s->first_contact; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_newton_ops) continue;
    double sl = it / d->m_eff;
    for (int k = 0; k < e->n_mult; ++k) s->lam[e->mult_first + k] = d->pfix[k] / sl;
  }
}

static int prox_solve(nsb_system* s, double t_new, nsb_newton_report* rep) {
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, t_new);
  nsb_contact_prox_begin(s->elems + s->first_contact, s->n_contacts, &ec);
  prox_set_impulses(s);
  int st = newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
  if (st < 0) return st;
  double alpha = s->step.contact_relax, prev = HUGE_VAL, prev2 = HUGE_VAL, change = HUGE_VAL;
  int sweeps = 0, converged = 0, equilibrated = 1;
  while (sweeps < s->step.contact_iter) {
    ec = make_ec(s, NSB_EVAL_DYNAMIC, t_new);
    change = nsb_contact_prox_sweep(s->elems + s->first_contact, s->n_contacts, &ec, alpha, s->prox_scratch);
    ++sweeps;
    if (change > prev && prev > prev2) alpha *= 0.5;
    prev2 = prev;
    prev = change;
    if (change <= s->step.contact_tol) {
      if (equilibrated) {
        /* the state is that of the impulses before this sweep: keep them */
        converged = 1; /* a sweep from an equilibrated state moved nothing */
        break;
      }
      /* re-equilibrate nonlinear elements with these impulses, then sweep once more */
      prox_set_impulses(s);
      s->reuse_factor = 1;
      st = newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
      s->reuse_factor = 0;
      if (st == NSB_ERR_NO_CONVERGENCE) st = newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
      if (st < 0) return st;
      equilibrated = 1;
      continue;
    }
    equilibrated = 0;
    /* velocities' response to the impulse change: the node rows' residual
       changes by -g_j (nsb_contact_node_load: w_j d_k dP_k, and on the
       Hermite centreline also the moments jr_j^T d_k dP_k), so A dx = sum g_j */
    memset(s->dx, 0, (size_t)s->n_eq * sizeof(double));
    double it = prox_impulse_time(s);
    for (int i = s->first_contact; i < s->n_elems; ++i) {
      const nsb_elem* e = &s->elems[i];
      const nsb_contact_data* d = e->state;
      if (e->ops != &nsb_contact_newton_ops) continue;
      double sl = it / d->m_eff;
      nsb_vec3 dP = nsb_v3_zero(), dir[3] = {nsb_v3_load(d->n), nsb_v3_load(d->t), nsb_v3_load(d->t + 3)};
      for (int k = 0; k < e->n_mult; ++k) dP = nsb_v3_muladd(dP, d->dpfix[k] / sl, dir[k]);
      for (int j = 0; j < e->n_nodes; ++j) {
        double g[6];
        int nr = nsb_contact_node_load(e, j, dP, g);
        for (int c = 0; c < nr; ++c) {
          int q = s->node_eq[6 * e->nodes[j] + c];
          if (q >= 0) s->dx[q] += g[c];
        }
      }
    }
    prox_set_impulses(s);
    NSB_CALL(timed_solve(s, s->dx, rep));
    if (s->has_beams) (void)post_solve(s, s->dx);
    apply_increment(s, s->dx, s->lam_scale);
  }
  s->stats.contact_sweeps += sweeps;
  if (!converged) {
    rep->status = NSB_ERR_NO_CONVERGENCE;
    snprintf(rep->cause, sizeof rep->cause,
             "contact prox sweeps did not converge in %d sweeps (last relative impulse change %.3e, relaxation "
             "%.3g; raise CONTACT ITERATIONS or lower RELAXATION)",
             s->step.contact_iter, change, alpha);
    return rep->status;
  }
  return NSB_OK;
}

/* Support reactions at the converged state of an increment (before its
   commit, so that the beams' interior states are still those of the
   increment): one residual-only assembly, whose element contributions to
   the rows of held DOFs are the forces and moments the supports exert
   (residual convention of elements/element.h: r = inertia + internal -
   applied, so equilibrium of a held row reads r - R = 0).  Moments of
   rotation rows are in the node frame and are turned into the global one. */
static int compute_reactions(nsb_system* s, nsb_eval_mode mode, double t_new) {
  nsb_conv_norms keep = s->nrm;
  memset(s->react, 0, 6 * (size_t)s->n_nodes * sizeof(double));
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
  nsb_eval_ctx ec = make_ec(s, mode, t_new);
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    memset(s->ff, 0, (size_t)e->n_local * sizeof(double));
    NSB_CALL(e->ops->eval(e, &ec, s->ff, NULL));
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
        if (e->eq[q] < 0) s->react[6 * e->nodes[k] + d] += s->ff[q];
  }
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i] == 6) {
      nsb_vec3 mb = nsb_v3_load(s->react + 6 * i + 3);
      nsb_v3_store(nsb_q_rotate(nsb_st_q(&s->cur, i), mb), s->react + 6 * i + 3);
    }
  s->nrm = keep;
  return NSB_OK;
}

void nsb_system_want_reactions(nsb_system* s, int on) { s->want_react = on; }

const double* nsb_system_reactions(const nsb_system* s) { return s->react; }

int nsb_system_increment(nsb_system* s, double h, nsb_newton_report* rep) {
  int pst = nsb_system_prepare_increment(s, h);
  if (pst < 0) {
    memset(rep, 0, sizeof *rep);
    rep->status = pst;
    snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
    return pst;
  }
  nsb_eval_mode mode = s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC : NSB_EVAL_DYNAMIC;
  int st = s->contact_prox && mode == NSB_EVAL_DYNAMIC ? prox_solve(s, s->t + h, rep) : newton(s, mode, s->t + h, rep);
  if (st < 0) {
    state_copy(&s->cur, &s->old, s->n_nodes);
    memcpy(s->lam, s->lam_old, (size_t)s->n_mult * sizeof(double));
    for (int i = 0; i < s->n_elems; ++i)
      if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
    return st;
  }
  nsb_conv_accept(&s->conv, &s->nrm);
  if (s->want_react) NSB_CALL(compute_reactions(s, mode, s->t + h));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->commit) s->elems[i].ops->commit(&s->elems[i]);
  nsb_scheme_commit(s->scheme, &s->old, &s->cur);
  s->inc_in_step++;
  s->t += h;
  /* external work: trapezoidal rule on the power (second order, like the schemes) */
  nsb_energy en;
  nsb_system_energy(s, &en);
  s->work += 0.5 * h * (s->power + en.power);
  s->power = en.power;
  s->dissipated += 0.5 * h * (s->diss_rate + en.dissipation_rate);
  s->diss_rate = en.dissipation_rate;
  if (s->n_contacts > 0) {
    nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, s->t);
    int impulsive = 0;
    double wobs = 0.0;
    s->dissipated += nsb_contact_finish(s->elems + s->first_contact, s->n_contacts, &ec, &impulsive, &wobs);
    nsb_contact_hertz_report(s->ctx, s->model, s->elems + s->first_contact, s->n_contacts);
    s->work += wobs;
    /* contact impulses belong to the velocity jump of this increment only:
       the acceleration carried into the next increment is the smooth one
       (docs/contact.md §6), so recompute it without contact forces */
    if (impulsive && s->step.kind == NSB_STEP_DYNAMIC) {
      nsb_newton_report arep;
      int st2 = nsb_system_initial_acceleration(s, &arep);
      if (st2 < 0) {
        *rep = arep;
        return st2;
      }
      /* generalized-alpha forms: the pseudo-accelerations restart from the
         smooth accelerations, as at the start of a step (the beams' interior
         points do so in their after_accel) */
      if (s->scheme->p_valid) nsb_scheme_init_pseudo(s->scheme, &s->cur);
    }
  }
  return NSB_OK;
}

/* ---- load-factor steps (*STATIC, RIKS): the parts solver/arclength.c drives ---- */

int nsb_system_riks_begin_increment(nsb_system* s) {
  NSB_CHECK(s->ctx, s->step.riks, NSB_ERR_ARG, "nsb_system_riks_begin_increment: the current step is not *STATIC, RIKS");
  /* the static map with h = 1: increments are displacements and material
     spins of the node frames, the unknowns of the constraint's metric */
  s->scheme->h = 1.0;
  nsb_scheme_scales(s->ops, s->scheme, 1.0, &s->lam_scale, s->con_scale);
  state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  s->lpf_old = s->lpf;
  /* interior unknowns of a zero increment: the first evaluation is the
     converged state itself (its residual is the one the last increment left) */
  for (int i = 0; i < s->n_elems; ++i) {
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
    if (s->elems[i].ops->rest) s->elems[i].ops->rest(&s->elems[i]);
  }
  /* the predictor is the tangent of the arc-length solver, not the
     extrapolated step averages of the static scheme: start from rest */
  s->scheme->n_hist = 0;
  predict_all(s, NSB_EVAL_STATIC, s->t);
  nsb_conv_begin_increment(&s->conv);
  return NSB_OK;
}

/* Residual r (s->r), matrix and the load vector q = -dr/dlpf at the current
   iterate and load factor (docs/theory.md §8), with the residual norms of
   the convergence test as assemble() computes them.  An element without
   interior unknowns is evaluated once more at lpf + 1 (residual only): at a
   fixed state its residual is affine in the load factor, so the difference
   is the derivative.  A condensing element (beam) is asked for its condensed
   derivative (ec.f_lpf), which must use the tangent at lpf. */
int nsb_system_riks_assemble(nsb_system* s, double* q) {
  double tic = nsb_now_s();
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_STATIC, s->t);
  nsb_eval_ctx e1 = ec;
  e1.lpf = ec.lpf + 1.0;
  e1.gravity = nsb_v3_add(ec.gravity, ec.gravity_lpf);
  s->internal_res2 = 0.0;
  ec.internal_res2 = &s->internal_res2;
  memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  memset(q, 0, (size_t)s->n_eq * sizeof(double));
  if (s->A) nsb_csr_zero(s->A);
  double qf = 0.0, qm = 0.0; /* fluxes: largest element contribution to a node force / moment row */
  s->failed_elem = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local, st;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    memset(s->fl, 0, (size_t)nl * sizeof(double));
    if (e->ops->post_solve) {
      NSB_ASSERT(e->ops->post_solve_lpf);
      ec.f_lpf = s->fl;
      st = e->ops->eval(e, &ec, s->ff, s->fK);
      ec.f_lpf = NULL;
    } else {
      memset(s->f1, 0, (size_t)nl * sizeof(double));
      st = e->ops->eval(e, &e1, s->f1, NULL);
      if (st >= 0) st = e->ops->eval(e, &ec, s->ff, s->fK);
      for (int k = 0; k < nl; ++k) s->fl[k] = s->f1[k] - s->ff[k];
    }
    if (st < 0) {
      s->failed_elem = i;
      return st;
    }
    for (int k = 0; k < nl; ++k)
      if (e->eq[k] >= 0) {
        s->r[e->eq[k]] += s->ff[k];
        q[e->eq[k]] -= s->fl[k];
      }
    for (int k = 0, c = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++c) {
        double v = fabs(s->ff[c]);
        if (d < 3) qf = fmax(qf, v);
        else qm = fmax(qm, v);
      }
    if (s->A) nsb_csr_add_mapped(s->A, e->map, nl, s->fK);
  }
  /* static: constraint rows at position level, unscaled (con_scale = 1) */
  for (int k = 0; k < s->n_eq; ++k) s->row_unscale[k] = 1.0;
  double r2 = s->internal_res2, rf = 0.0, rm = 0.0;
  for (int k = 0; k < s->n_eq; ++k) r2 += s->r[k] * s->r[k];
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < s->ndof[i]; ++d) {
      int eq = s->node_eq[6 * i + d];
      if (eq < 0) continue;
      if (d < 3) rf = fmax(rf, fabs(s->r[eq]));
      else rm = fmax(rm, fabs(s->r[eq]));
    }
  s->nrm.r_abs = sqrt(r2);
  s->nrm.r_force = rf;
  s->nrm.r_moment = rm;
  s->nrm.q_force = qf;
  s->nrm.q_moment = qm;
  s->stats.t_assemble += nsb_now_s() - tic;
  return NSB_OK;
}

const double* nsb_system_residual(const nsb_system* s) { return s->r; }

int nsb_system_factor(nsb_system* s, nsb_newton_report* rep) {
  double tic = nsb_now_s();
  int st = nsb_linsolver_factor(s->ls, s->A);
  s->stats.t_factor += nsb_now_s() - tic;
  s->stats.factorizations++;
  s->stats.factorizations_fresh = s->ls->n_factor_fresh + s->fresh_before;
  if (st < 0) {
    rep->status = st;
    char where[144] = "";
    if (st == NSB_ERR_SINGULAR && s->ls->singular_eq >= 0) describe_equation(s, s->ls->singular_eq, where, sizeof where);
    snprintf(rep->cause, sizeof rep->cause, "%s%s", nsb_ctx_error_message(s->ctx), where);
    nsb_ctx_clear_error(s->ctx);
  }
  return st;
}

int nsb_system_solve(nsb_system* s, double* x, nsb_newton_report* rep) { return timed_solve(s, x, rep); }

void nsb_system_riks_apply(nsb_system* s, const double* dx, double dlpf) {
  /* interior unknowns first: their recovery uses the last evaluation's
     condensation, the node increments and the load-factor change */
  nsb_corr ic = {0.0, 0.0, 0.0};
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->post_solve_lpf) continue;
    for (int k = 0; k < e->n_local; ++k) du[k] = e->eq[k] >= 0 ? dx[e->eq[k]] : 0.0;
    e->ops->post_solve_lpf(e, du, dlpf, &ic);
  }
  apply_increment(s, dx, 1.0);
  correction_norms(s, NSB_EVAL_STATIC, dx, &ic);
  s->lpf += dlpf;
  s->stats.newton_iterations++;
}

/* Newton's convergence test (solver/convergence.h) on the last assembly and
   correction, with the report entries newton() writes; the cause of a
   failure after this iteration is set (the status only for a stagnation). */
nsb_conv_verdict nsb_system_riks_test(nsb_system* s, int it, nsb_newton_report* rep) {
  nsb_conv_verdict v = nsb_conv_test(&s->conv, &s->nrm);
  if (it < NSB_NEWTON_HISTORY) {
    rep->res_rel[it] = s->conv.def.abs_residual > 0.0 ? s->nrm.r_abs / s->conv.def.abs_residual : s->conv.r_rel;
    rep->cor_rel[it] = s->conv.def.abs_correction > 0.0 ? s->nrm.c_abs / s->conv.def.abs_correction : s->conv.c_rel;
    rep->r_force[it] = s->nrm.r_force;
    rep->r_moment[it] = s->nrm.r_moment;
    rep->c_trans[it] = s->nrm.c_trans;
    rep->c_rot[it] = s->nrm.c_rot;
  }
  rep->iterations = it + 1;
  if (v == NSB_CONV_FLOOR) s->stats.floor_accepted++;
  if (v == NSB_CONV_STAGNATED) {
    rep->status = NSB_ERR_NO_CONVERGENCE;
    snprintf(rep->cause, sizeof rep->cause,
             "the residual stagnates at |f| = %.3e while the corrections have converged: the absolute residual "
             "tolerance %.3e is below the round-off floor of this model; raise *SOLVER CONTROLS, TOL RESIDUAL or "
             "leave it out (the relative test then decides)",
             s->nrm.r_abs, s->conv.def.abs_residual);
  }
  if (v == NSB_CONV_CONTINUE)
    snprintf(rep->cause, sizeof rep->cause,
             "no convergence in %d iterations (last residual %.3g and correction %.3g times their tolerances)",
             it + 1, s->conv.r_rel, s->conv.c_rel);
  return v;
}

double nsb_system_riks_residual_norm(const nsb_system* s) { return s->nrm.r_abs; }

void nsb_system_riks_restore(nsb_system* s) {
  state_copy(&s->cur, &s->old, s->n_nodes);
  memcpy(s->lam, s->lam_old, (size_t)s->n_mult * sizeof(double));
  s->lpf = s->lpf_old;
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
}

int nsb_system_riks_commit(nsb_system* s, double ds) {
  nsb_conv_accept(&s->conv, &s->nrm);
  if (s->want_react) NSB_CALL(compute_reactions(s, NSB_EVAL_STATIC, s->t));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->commit) s->elems[i].ops->commit(&s->elems[i]);
  s->inc_in_step++;
  s->lpf_old = s->lpf;
  s->step_lpf[s->step_index] = s->lpf;
  s->t += ds;
  /* no velocities: the loads do no work in the energy balance's sense */
  nsb_energy en;
  nsb_system_energy(s, &en);
  s->power = en.power;
  s->diss_rate = en.dissipation_rate;
  return NSB_OK;
}

double nsb_system_load_factor(const nsb_system* s) {
  if (s->step_index < 0) return 0.0;
  if (s->step.riks) return s->lpf;
  if (s->step.kind == NSB_STEP_STATIC && !s->step.modal_dynamic && s->step.n_modes == 0 && s->step.period > 0.0)
    return (s->t - s->t_step_start) / s->step.period;
  return 1.0;
}

const nsb_step_def* nsb_system_step(const nsb_system* s) { return s->step_index >= 0 ? &s->step : NULL; }

int nsb_system_node_equation(const nsb_system* s, int node, int dof) {
  if (node < 0 || node >= s->n_nodes || dof < 0 || dof >= s->ndof[node]) return -1;
  return s->node_eq[6 * node + dof];
}


/* ---- modal analysis (*FREQUENCY) -------------------------------------------- */

/* Back to the state the modal analysis linearizes about: the state at the
   start (s->old), the multipliers, the elements' interior unknowns, and the
   static map with zero increments (the kinematic weights of make_ec). */
static void modal_base(nsb_system* s) {
  state_copy(&s->cur, &s->old, s->n_nodes);
  memcpy(s->lam, s->lam_old, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i) {
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
    if (s->elems[i].ops->rest) s->elems[i].ops->rest(&s->elems[i]);
  }
  predict_all(s, NSB_EVAL_STATIC, s->t);
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
}

/* Leave the modal analysis: the state, multipliers and internal unknowns as
   they were before it (the next step continues as if it had not run). */
static void modal_finish(nsb_system* s) {
  modal_base(s);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
  state_copy(&s->cur, &s->old, s->n_nodes);
}

/* Consistent mass of a beam element from its own interior field (MASS=
   CONSISTENT): the interior points' displacements and rotations per node DOF,
   N_u, N_theta, by central differences of a static increment of that DOF
   (the element's condensed static response, post_solve + eval), then
   M_e = sum_q w_q (rhoA N_u^T N_u + N_theta^T R_q diag(rhoJ) R_q^T N_theta)
   (docs/theory.md §6).  Called at the rested base state; leaves it so. */
/* The central differences of beam_consistent_mass: columns j = 0..11 of the
   interior points' displacements Nu and spatial rotations Nt (3 MAXQ rows
   each, column-major), from the rested base state back to it. */
enum { BEAM_MAXQ = NSB_BEAM_MAX_QP };
static int beam_mass_columns(nsb_system* s, const nsb_elem* e, const nsb_eval_ctx* ec, const double* q0, double len,
                             double* Nu, double* Nt) {
  int nq = nsb_beam_n_qp(e);
  double f[12], du[12], d[6], w[BEAM_MAXQ], rp[3 * BEAM_MAXQ], qp[4 * BEAM_MAXQ], rA, rJ[3];
  nsb_corr ic = {0.0, 0.0, 0.0};
  for (int j = 0; j < 12; ++j) {
    int node = e->nodes[j / 6], dof = j % 6, nd = s->ndof[node];
    if (dof >= nd || s->node_eq[6 * node + dof] < 0) continue; /* held or absent: no motion */
    double eps = dof < 3 ? 1e-7 * len : 1e-7;
    for (int sg = 0; sg < 2; ++sg) {
      double a = sg == 0 ? eps : -eps, c1 = (sg == 0 ? 1.0 : -1.0) / (2.0 * eps);
      memset(d, 0, sizeof d);
      memset(du, 0, sizeof du);
      d[dof] = a;
      du[j] = a;
      s->ops->apply(s->scheme, node, nd, d, &s->old, &s->cur);
      e->ops->post_solve(e, du, &ic);
      NSB_CALL(e->ops->eval(e, ec, f, NULL));
      nsb_beam_mass_points(e, w, rp, qp, &rA, rJ);
      for (int i = 0; i < nq; ++i) {
        /* spatial rotation from the base frame: log(q q0^-1) */
        nsb_vec3 th = nsb_so3_log_q(nsb_q_mul(nsb_q_load(qp + 4 * i), nsb_q_conj(nsb_q_load(q0 + 4 * i))));
        double tv[3];
        nsb_v3_store(th, tv);
        for (int c = 0; c < 3; ++c) {
          Nu[(3 * i + c) + 3 * BEAM_MAXQ * j] += c1 * rp[3 * i + c];
          Nt[(3 * i + c) + 3 * BEAM_MAXQ * j] += c1 * tv[c];
        }
      }
      /* back to the base: the node, the interior unknowns, the condensation */
      d[dof] = -a;
      s->ops->apply(s->scheme, node, nd, d, &s->old, &s->cur);
      if (e->ops->restore) e->ops->restore(e);
      if (e->ops->rest) e->ops->rest(e);
      NSB_CALL(e->ops->eval(e, ec, f, NULL));
    }
  }
  return NSB_OK;
}

/* Consistent mass of a beam element from its own interior field (MASS=
   CONSISTENT): the interior points' displacements and rotations per node DOF,
   N_u, N_theta, by central differences of a static increment of that DOF
   (the element's condensed static response, post_solve + eval), then
   M_e = sum_q w_q (rhoA N_u^T N_u + N_theta^T R_q diag(rhoJ) R_q^T N_theta)
   (docs/theory.md §6).  Called at the rested base state; leaves it so. */
static int beam_consistent_mass(nsb_system* s, const nsb_elem* e, const nsb_eval_ctx* ec, double* M) {
  int nq = nsb_beam_n_qp(e);
  double f[12], w[BEAM_MAXQ], r0[3 * BEAM_MAXQ], q0[4 * BEAM_MAXQ], rhoA, rhoJ[3];
  NSB_CALL(e->ops->eval(e, ec, f, NULL));
  nsb_beam_mass_points(e, w, r0, q0, &rhoA, rhoJ);
  double len = 0.0;
  for (int i = 0; i < nq; ++i) len += w[i];
  size_t nN = (size_t)3 * BEAM_MAXQ * 12;
  double* Nu = NSB_NEW_ARRAY(s->ctx, 2 * nN, double); /* set-up phase of a modal step */
  NSB_CHECK(s->ctx, Nu, NSB_ERR_ALLOC, "modal analysis: out of memory");
  memset(Nu, 0, 2 * nN * sizeof(double));
  double* Nt = Nu + nN;
  int st = beam_mass_columns(s, e, ec, q0, len, Nu, Nt);
  for (int i = 0; i < nq && st == NSB_OK; ++i) {
    nsb_mat3 R = nsb_q_to_m3(nsb_q_load(q0 + 4 * i));
    nsb_mat3 J = nsb_m3_mul(R, nsb_m3_mul(nsb_m3_diag(rhoJ[0], rhoJ[1], rhoJ[2]), nsb_m3_transpose(R)));
    for (int b = 0; b < 12; ++b)
      for (int a = 0; a < 12; ++a) {
        const double* ua = Nu + 3 * i + 3 * BEAM_MAXQ * a;
        const double* ub = Nu + 3 * i + 3 * BEAM_MAXQ * b;
        const double* ta = Nt + 3 * i + 3 * BEAM_MAXQ * a;
        const double* tb = Nt + 3 * i + 3 * BEAM_MAXQ * b;
        double v = rhoA * (ua[0] * ub[0] + ua[1] * ub[1] + ua[2] * ub[2]);
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) v += ta[r] * J.c[r + 3 * c] * tb[c];
        M[a + 12 * b] += w[i] * v;
      }
  }
  NSB_FREE_ARRAY(s->ctx, Nu, 2 * nN, double);
  return st;
}

/* Evaluate the structural elements (contacts left out) at the current
   iterate; with Kv/Mv non-NULL add their static tangent and mass matrix
   into those value arrays (pattern of s->A). */
static int modal_eval_at(nsb_system* s, double t, double* Kv, double* Mv, double* rv) {
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_STATIC, t);
  int n_struct = s->n_contacts > 0 ? s->first_contact : s->n_elems;
  for (int i = 0; i < n_struct; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    if (Kv) memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    int st = e->ops->eval(e, &ec, s->ff, Kv ? s->fK : NULL);
    if (st < 0)
      return nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__,
                           "*FREQUENCY: element %d (%s) cannot be linearized at t = %.10g: %s", i, e->ops->name, s->t,
                           nsb_status_message(st));
    if (rv)
      for (int q = 0; q < nl; ++q)
        if (e->eq[q] >= 0) rv[e->eq[q]] += s->ff[q];
    if (!Kv) continue;
    for (int q = 0; q < nl * nl; ++q)
      if (e->map[q] >= 0) Kv[e->map[q]] += s->fK[q];
    if (!Mv || !e->ops->mass) continue;
    memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    if (s->step.consistent_mass && e->ops == &nsb_beam_v_ops) NSB_CALL(beam_consistent_mass(s, e, &ec, s->fK));
    else e->ops->mass(e, &ec, s->fK);
    for (int q = 0; q < nl * nl; ++q)
      if (e->map[q] >= 0) Mv[e->map[q]] += s->fK[q];
  }
  return NSB_OK;
}

static int modal_eval(nsb_system* s, double* Kv, double* Mv) { return modal_eval_at(s, s->t, Kv, Mv, NULL); }

int nsb_system_modes(nsb_system* s, nsb_modal_result* out) {
  memset(out, 0, sizeof *out);
  const nsb_model* m = s->model;
  NSB_CHECK(s->ctx, s->step.n_modes > 0, NSB_ERR_ARG, "nsb_system_modes: the current step is not a *FREQUENCY step");
  NSB_CHECK(s->ctx, s->n_eq > 0 && s->A, NSB_ERR_ARG, "%s:%d: *FREQUENCY: the model has no free degrees of freedom",
            m->source, s->step.line);
  double tic = nsb_now_s();
  /* the static map with h = 1 about the current state: increments are displacements
     and material spins; constraint rows at position level, unscaled */
  s->scheme->h = 1.0;
  nsb_scheme_scales(s->ops, s->scheme, 1.0, &s->lam_scale, s->con_scale);
  state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  modal_base(s);
  int nnz = s->A->nnz;
  double* Kv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  double* Mv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  int st = Kv && Mv ? NSB_OK : nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
  if (st == NSB_OK) {
    memset(Kv, 0, (size_t)nnz * sizeof(double));
    memset(Mv, 0, (size_t)nnz * sizeof(double));
    /* linearize with the loads the state is in equilibrium with: those of
       the earlier steps (a *MODAL DYNAMIC step's own loads are its excitation,
       and their load stiffness at the start state is not part of K) */
    int k = s->step_index;
    s->step_index = k - 1;
    st = modal_eval(s, Kv, Mv);
    s->step_index = k;
  }
  s->stats.t_assemble += nsb_now_s() - tic;
  if (st == NSB_OK) {
    tic = nsb_now_s();
    st = nsb_modal_solve(s->ctx, s->A, s->ls, Kv, Mv, s->step.n_modes, s->step.shift, s->step.shift_given, 1e-12,
                         1000, out);
    s->stats.t_factor += nsb_now_s() - tic;
    s->stats.factorizations++;
    if (st < 0) {
      char msg[512], where[256] = "";
      snprintf(msg, sizeof msg, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      if (st == NSB_ERR_SINGULAR && s->ls->singular_eq >= 0) describe_equation(s, s->ls->singular_eq, where, sizeof where);
      st = nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__, "%s:%d: *FREQUENCY at t = %.10g: %s%s%s", m->source,
                         s->step.line, s->t, msg, where,
                         st == NSB_ERR_SINGULAR ? "; give that DOF inertia (section rotary inertia, body mass) or "
                                                  "hold it, or choose a SHIFT"
                                                : "");
    }
  }
  if (Kv) NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
  if (st == NSB_OK && s->step.modal_dynamic) { /* kept for the modal dynamics */
    if (s->modal_M) NSB_FREE_ARRAY(s->ctx, s->modal_M, s->nnz_modal, double);
    s->modal_M = Mv;
    s->nnz_modal = nnz;
    Mv = NULL;
  }
  if (Mv) NSB_FREE_ARRAY(s->ctx, Mv, nnz, double);
  modal_finish(s);
  return st;
}

int nsb_system_show_mode(nsb_system* s, const nsb_modal_result* r, int j, double scale) {
  NSB_CHECK(s->ctx, j >= 0 && j < r->n_modes && r->n == s->n_eq, NSB_ERR_ARG, "nsb_system_show_mode: no mode %d", j);
  modal_base(s);
  /* the beams' condensation at the base state, then one static increment */
  NSB_CALL(modal_eval(s, NULL, NULL));
  const double* phi = r->phi + (size_t)r->n * (size_t)j;
  for (int i = 0; i < s->n_eq; ++i) s->dx[i] = scale * phi[i];
  apply_increment(s, s->dx, 0.0);
  (void)post_solve(s, s->dx);
  return modal_eval(s, NULL, NULL);
}

void nsb_system_show_mode_reset(nsb_system* s) {
  modal_base(s);
  (void)modal_eval(s, NULL, NULL);
  modal_finish(s);
}

void nsb_system_mode_node(const nsb_system* s, const nsb_modal_result* r, int j, int node, double d[6]) {
  nsb_system_eq_node(s, r->phi + (size_t)r->n * (size_t)j, node, d);
}

void nsb_system_eq_node(const nsb_system* s, const double* phi, int node, double d[6]) {
  for (int k = 0; k < 6; ++k) {
    int eq = k < s->ndof[node] ? s->node_eq[6 * node + k] : -1;
    d[k] = eq >= 0 ? phi[eq] : 0.0;
  }
}

/* ---- modal dynamics (*MODAL DYNAMIC) ------------------------------------------ */

int nsb_system_modal_load(nsb_system* s, double t, int earlier_only, double* r) {
  modal_base(s);
  memset(r, 0, (size_t)s->n_eq * sizeof(double));
  int k = s->step_index;
  if (earlier_only) s->step_index = k - 1; /* the loads of this step are not yet active (ec.step, gravity) */
  int st = modal_eval_at(s, t, NULL, NULL, r);
  s->step_index = k;
  modal_finish(s);
  return st;
}

void nsb_system_modal_mass_mv(const nsb_system* s, const double* x, double* y) {
  const nsb_csr* A = s->A;
  for (int i = 0; i < A->n; ++i) {
    double v = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) v += s->modal_M[p] * x[A->col[p]];
    y[i] = v;
  }
}

void nsb_system_node_velocities(const nsb_system* s, double* ve) {
  memset(ve, 0, (size_t)s->n_eq * sizeof(double));
  for (int i = 0; i < s->n_nodes; ++i)
    for (int k = 0; k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      if (eq >= 0) ve[eq] = k < 3 ? s->cur.v[3 * i + k] : s->cur.w[3 * i + k - 3];
    }
}

int nsb_system_modal_state(nsb_system* s, const double* dq, const double* dv, double t) {
  modal_base(s);
  NSB_CALL(modal_eval(s, NULL, NULL));
  memcpy(s->dx, dq, (size_t)s->n_eq * sizeof(double));
  apply_increment(s, s->dx, 0.0);
  (void)post_solve(s, s->dx);
  NSB_CALL(modal_eval(s, NULL, NULL));
  for (int i = 0; i < s->n_nodes; ++i)
    for (int k = 0; k < s->ndof[i]; ++k) {
      int eq = s->node_eq[6 * i + k];
      double val = eq >= 0 ? dv[eq] : 0.0;
      if (k < 3) s->cur.v[3 * i + k] = val;
      else s->cur.w[3 * i + k - 3] = val;
    }
  s->t = t;
  return NSB_OK;
}

void nsb_system_set_energy(nsb_system* s, const nsb_energy* e) {
  s->energy_override = e != NULL;
  if (e) s->override = *e;
}

int nsb_system_modal_flexibility(nsb_system* s, const nsb_modal_result* r, int n_nodes, const int* nodes,
                                 double* cols) {
  const nsb_model* m = s->model;
  /* the truncated modes' flexibility sum_{i > m} phi_i phi_i^T / lambda_i =
     (K_s - sigma M)^-1 - sum_{i <= m} phi_i phi_i^T / (lambda_i - sigma) up to
     a relative sigma / lambda_{m+1}: sigma = 0 for a supported structure; a
     free one needs all its rigid-body modes among the retained ones and
     sigma = -1e-9 lambda_m (K_s - sigma M regular) */
  double lam_max = r->lambda[r->n_modes - 1];
  /* rigid-body modes: eigenvalues at round-off of the stiffness scale
     sum |K_ii| / sum M_ii (the automatic shift is -1e-6 of it) */
  double scale = r->shift < 0.0 ? -1e6 * r->shift : lam_max;
  int n_rigid = 0;
  for (int j = 0; j < r->n_modes; ++j)
    if (!(r->lambda[j] > 1e-12 * scale)) ++n_rigid;
  NSB_CHECK(s->ctx, n_rigid < r->n_modes && lam_max > 0.0, NSB_ERR_UNSUPPORTED,
            "%s:%d: REDUCTION=QUASI-STATIC: all %d retained modes are rigid-body modes; retain elastic modes too "
            "(raise MODES)",
            m->source, s->step.line, r->n_modes);
  int n = s->n_eq, nnz = s->A->nnz;
  double* Kv = NSB_NEW_ARRAY(s->ctx, nnz, double);
  double* tmp = n_rigid > 0 ? NSB_NEW_ARRAY(s->ctx, n, double) : NULL;
  if (!Kv || (n_rigid > 0 && !tmp)) {
    if (Kv) NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
    return nsb_ctx_error(s->ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
  }
  memset(Kv, 0, (size_t)nnz * sizeof(double));
  modal_base(s);
  int k = s->step_index;
  s->step_index = k - 1; /* as in nsb_system_modes */
  int st = modal_eval(s, Kv, NULL);
  s->step_index = k;
  /* K_s = (K + K^T)/2 (into A's values, the same pattern) */
  if (st == NSB_OK) {
    nsb_modal_symmetric_part(s->A, Kv, s->A->val);
    memcpy(Kv, s->A->val, (size_t)nnz * sizeof(double));
  }
  /* a supported structure: sigma = 0, exact.  A free one: two shifts
     sigma_1 = -1e-3 lambda_m, sigma_2 = 2 sigma_1 and F_0 = 2 F(sigma_1) - F(sigma_2),
     exact up to (sigma / lambda_{m+1})^2 <= 4e-6 (a shift of order eps would
     make the retained rigid modes, computed to |lambda| ~ 1e-7, cancel
     badly) */
  int n_shift = n_rigid > 0 ? 2 : 1;
  for (int sh = 0; sh < n_shift && st == NSB_OK; ++sh) {
    double sigma = n_rigid > 0 ? -1e-3 * lam_max * (double)(sh + 1) : 0.0;
    for (int p = 0; p < nnz; ++p) s->A->val[p] = Kv[p] - sigma * s->modal_M[p];
    st = nsb_linsolver_factor(s->ls, s->A);
    if (st < 0) {
      char msg[300];
      snprintf(msg, sizeof msg, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      st = nsb_ctx_error(s->ctx, st, __FILE__, __LINE__, __func__,
                         "%s:%d: REDUCTION=QUASI-STATIC: the stiffness matrix is singular (%s): a mechanism "
                         "without mass; use REDUCTION=MODAL",
                         m->source, s->step.line, msg);
      break;
    }
    for (int a = 0; a < n_nodes && st == NSB_OK; ++a)
      for (int c = 0; c < 3 && st == NSB_OK; ++c) {
        double* col = cols + (size_t)n * (3 * a + c);
        double* x = n_shift == 2 && sh == 1 ? tmp : col;
        memset(x, 0, (size_t)n * sizeof(double));
        int eq = c < s->ndof[nodes[a]] ? s->node_eq[6 * nodes[a] + c] : -1;
        if (eq < 0) {
          if (x == col) continue; /* a held translation: no flexibility */
          continue;
        }
        x[eq] = 1.0;
        st = nsb_linsolver_solve(s->ls, x);
        /* minus the retained modes' part: sum_j phi_j phi_j[eq] / (lambda_j - sigma) */
        for (int j = 0; j < r->n_modes && st == NSB_OK; ++j) {
          const double* phi = r->phi + (size_t)n * j;
          double w = phi[eq] / (r->lambda[j] - sigma);
          for (int i = 0; i < n; ++i) x[i] -= w * phi[i];
        }
        if (x == tmp)
          for (int i = 0; i < n; ++i) col[i] = 2.0 * col[i] - tmp[i];
      }
  }
  NSB_FREE_ARRAY(s->ctx, Kv, nnz, double);
  if (tmp) NSB_FREE_ARRAY(s->ctx, tmp, n, double);
  modal_finish(s);
  return st;
}

/* ---- queries ------------------------------------------------------------- */

double nsb_system_time(const nsb_system* s) { return s->t; }
double nsb_system_step_time(const nsb_system* s) { return s->t - s->t_step_start; }
const nsb_state* nsb_system_state(const nsb_system* s) { return &s->cur; }
nsb_stats* nsb_system_stats(nsb_system* s) { return &s->stats; }
const double* nsb_system_x0(const nsb_system* s) { return s->X0; }
int nsb_system_n_equations(const nsb_system* s) { return s->n_eq; }
int nsb_system_n_multipliers(const nsb_system* s) { return s->n_mult; }

nsb_vec3 nsb_system_gravity(const nsb_system* s) {
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, s->t);
  return ec.gravity;
}

void nsb_system_energy(const nsb_system* s, nsb_energy* e) {
  if (s->energy_override) {
    *e = s->override;
    return;
  }
  memset(e, 0, sizeof *e);
  nsb_eval_ctx ec = make_ec(s, NSB_EVAL_DYNAMIC, s->t);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->energy) s->elems[i].ops->energy(&s->elems[i], &ec, e);
  e->external_work = s->work;
  e->dissipated = s->dissipated;
}

const nsb_model* nsb_system_model(const nsb_system* s) { return s->model; }
int nsb_system_n_contacts(const nsb_system* s) { return s->n_contacts; }
long nsb_system_contact_rebuilds(const nsb_system* s) { return s->contact_rebuilds; }
const nsb_elem* nsb_system_contact(const nsb_system* s, int i) { return &s->elems[s->first_contact + i]; }

int nsb_system_n_elements(const nsb_system* s) { return s->n_elems; }

const nsb_elem* nsb_system_model_element(const nsb_system* s, int i) {
  /* creation order: rigid bodies, particles, then the model's elements */
  int k = s->model->rigid_bodies.count + s->model->particles.count + i;
  if (i < 0 || i >= s->model->elements.count || k >= s->n_elems) return NULL;
  return &s->elems[k];
}
const nsb_elem* nsb_system_element(const nsb_system* s, int i) { return &s->elems[i]; }

int nsb_system_eval_element(nsb_system* s, int i_elem, double* f, double* K) {
  const nsb_elem* e = &s->elems[i_elem];
  nsb_eval_mode mode = s->ops == &nsb_accel_ops ? NSB_EVAL_ACCEL
                       : s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC
                                                         : NSB_EVAL_DYNAMIC;
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
  nsb_eval_ctx ec = make_ec(s, mode, s->t + s->scheme->h);
  memset(f, 0, (size_t)e->n_local * sizeof(double));
  if (K) memset(K, 0, (size_t)e->n_local * (size_t)e->n_local * sizeof(double));
  return e->ops->eval(e, &ec, f, K);
}

void nsb_system_apply_local(nsb_system* s, int i_elem, const double* d) {
  const nsb_elem* e = &s->elems[i_elem];
  int p = 0;
  for (int q = 0; q < e->n_nodes; ++q) {
    int nd = e->node_ndof[q];
    if (nd) s->ops->apply(s->scheme, e->nodes[q], nd, d + p, &s->old, &s->cur);
    p += nd;
  }
  nsb_eval_mode mode = s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC : NSB_EVAL_DYNAMIC;
  double ls = mode == NSB_EVAL_DYNAMIC ? s->lam_scale : 1.0;
  for (int q = 0; q < e->n_mult; ++q) s->lam[e->mult_first + q] += ls * d[p + q];
}


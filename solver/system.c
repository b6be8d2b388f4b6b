/* system.c -- see system.h: creation and destruction, the equation numbering,
 * the step set-up and the state queries.  The rest of system.h is implemented
 * in assembly.c, newton.c, system_contact.c, system_riks.c and modal.c
 * (shared struct: system_internal.h). */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include "contact/static_law.h"

#include <math.h>
#include <string.h>
#include "elements/beam_velocity.h"
#include "base/clock.h"

/* ---- state arrays ---------------------------------------------------------- */

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

void nsb_sys_state_copy(nsb_state* dst, const nsb_state* src, int n) {
  memcpy(dst->x, src->x, 3 * (size_t)n * sizeof(double));
  memcpy(dst->q, src->q, 4 * (size_t)n * sizeof(double));
  memcpy(dst->v, src->v, 3 * (size_t)n * sizeof(double));
  memcpy(dst->w, src->w, 3 * (size_t)n * sizeof(double));
  memcpy(dst->a, src->a, 3 * (size_t)n * sizeof(double));
  memcpy(dst->al, src->al, 3 * (size_t)n * sizeof(double));
}

/* The mass and rotary inertia carried by each node (mi[2 i], mi[2 i + 1]):
   a particle's or rigid body's (the rotary inertia about the reference node,
   half the trace of J_c, between its largest principal moment and 1.5 times
   it, plus m |c|^2), or a beam node's share, half the mass and the section's
   largest rotary inertia of each beam element at it (lumped).  The inertial
   flux of the convergence test (nsb_sys_assemble); returns the largest mass,
   the weight flux. */
static double node_inertia(const nsb_model* m, double* mi) {
  double big = 0.0;
  for (int i = 0; i < m->nodes.count; ++i) {
    const nsb_node* nd = &m->nodes.data[i];
    double mn = 0.0, jn = 0.0;
    if (nd->body_kind == NSB_BODY_PARTICLE) {
      mn = m->particles.data[nd->body].mass;
    } else if (nd->body_kind == NSB_BODY_RIGID) {
      const nsb_rigid_body* b = &m->rigid_bodies.data[nd->body];
      mn = b->mass;
      jn = 0.5 * (b->J_c[0] + b->J_c[4] + b->J_c[8]) +
           mn * (b->com[0] * b->com[0] + b->com[1] * b->com[1] + b->com[2] * b->com[2]);
    }
    mi[2 * i] = mn;
    mi[2 * i + 1] = jn;
    big = fmax(big, mn);
  }
  for (int k = 0; k < m->elements.count; ++k) {
    const nsb_element* e = &m->elements.data[k];
    if (!nsb_etype_is_beam(e->type) || e->section < 0) continue;
    const double *A = m->nodes.data[e->nodes[0]].X, *B = m->nodes.data[e->nodes[1]].X;
    double L = sqrt((B[0] - A[0]) * (B[0] - A[0]) + (B[1] - A[1]) * (B[1] - A[1]) + (B[2] - A[2]) * (B[2] - A[2]));
    const nsb_section* sec = &m->sections.data[e->section];
    double jl = fmax(sec->rhoJ[0], fmax(sec->rhoJ[1], sec->rhoJ[2]));
    for (int c = 0; c < 2; ++c) {
      mi[2 * e->nodes[c]] += 0.5 * sec->rhoA * L;
      mi[2 * e->nodes[c] + 1] += 0.5 * jl * L;
    }
    /* a node joins at most a few elements: one element's half is the scale */
    big = fmax(big, 0.5 * sec->rhoA * L);
  }
  return big;
}

/* ---- evaluation context ------------------------------------------------- */

static nsb_vec3 gravity_at(const nsb_system* s, const nsb_eval_ctx* ec) {
  nsb_vec3 g = nsb_v3_zero();
  for (int i = 0; i < s->model->gravities.count; ++i) {
    const nsb_gravity* gr = &s->model->gravities.data[i];
    if (gr->step > s->step_index) continue;
    /* nsb_load_scale's value without its call where it has neither an
       amplitude, a static step's ramp nor a Riks step's factor: 1, times
       the factor a Riks step ended with (the gravity of a particle's
       dynamic step; the context is filled several times an increment) */
    const double v = gr->amplitude < 0 && !ec->riks && !ec->step_static
                         ? (ec->step_lpf && gr->step >= 0 ? 1.0 * ec->step_lpf[gr->step] : 1.0)
                         : nsb_load_scale(ec, gr->amplitude, gr->step, NULL, NULL);
    g = nsb_v3_muladd(g, v, nsb_v3_load(gr->g));
  }
  return g;
}

/* Every member is assigned one by one (no clear of the whole context, no
   copy of it on return): the context is made several times an increment.
   The size check below stops the build when a member is added to
   nsb_eval_ctx (elements/element.h) without being set here. */
_Static_assert(sizeof(nsb_eval_ctx) == 328, "nsb_eval_ctx changed: set every member in nsb_sys_fill_ec");

void nsb_sys_fill_ec(const nsb_system* s, nsb_eval_mode mode, double t, nsb_eval_ctx* ec) {
  const int dyn = mode == NSB_EVAL_DYNAMIC;
  const int riks = s->step.riks && s->step_index >= 0;
  const nsb_scheme* sc = s->scheme;
  /* the scheme's node step averages: static map and modified Newmark only */
  const int bar = sc && (s->ops == &nsb_static_ops || s->step.scheme == NSB_SCHEME_MODIFIED_NEWMARK) &&
                  s->ops != &nsb_accel_ops;
  /* generalized-alpha weights only in the equations of motion of a step
     (the initial accelerations are the equilibrium at t_0, unweighted) */
  const int ga = dyn && s->step.kind == NSB_STEP_DYNAMIC &&
                 (s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA || s->step.mn_alpha);
  const int p_ok = sc && sc->p_valid;
  ec->model = s->model;
  ec->cur = &s->cur;
  ec->kin = s->kin;
  ec->lambda = s->lam;
  ec->mode = mode;
  /* a Riks step has no time of its own: the step's loads follow the load
     factor, those of earlier steps stay as they were at its start */
  ec->t = riks ? s->t_step_start : t;
  ec->t_step = riks ? s->riks_t_hold : t - s->t_step_start;
  ec->t_total_step_start = s->t_step_start;
  ec->step = s->step_index;
  ec->step_static = s->step.kind == NSB_STEP_STATIC && !s->step.modal_dynamic;
  ec->step_period = s->step.period;
  ec->vbar = bar ? sc->vbar : NULL;
  ec->wbar = bar ? sc->wbar : NULL;
  ec->h = sc ? sc->h : 0.0;
  ec->beta = sc ? s->step.beta : 0.0;
  ec->gamma = sc ? s->step.gamma : 0.0;
  ec->old = &s->old;
  ec->internal_res2 = NULL;
  ec->factors = NSB_FACTORS_FRESH;
  ec->lam_scale = dyn ? s->lam_scale : 1.0;
  for (int k = 0; k < 3; ++k) ec->con_scale[k] = dyn ? s->con_scale[k] : 1.0;
  ec->alpha_m = ga ? s->step.alpha_m : 0.0;
  ec->alpha_f = ga ? s->step.alpha_f : 0.0;
  ec->mn_alpha = ga ? s->step.mn_alpha : 0;
  ec->p_old = p_ok ? sc->p_n : NULL;
  ec->pw_old = p_ok ? sc->pw_n : NULL;
  ec->load_filt = s->filt_valid ? s->load_filt : NULL;
  ec->damp_filt = s->filt_valid ? s->damp_filt : NULL;
  ec->contact_prox = s->contact_prox;
  ec->accel_restart = mode == NSB_EVAL_ACCEL && s->accel_restart;
  ec->riks = riks;
  ec->lpf = riks ? s->lpf : 0.0;
  ec->gravity_lpf = nsb_v3_zero();
  if (riks)
    for (int i = 0; i < s->model->gravities.count; ++i)
      if (s->model->gravities.data[i].step == s->step_index)
        ec->gravity_lpf = nsb_v3_add(ec->gravity_lpf, nsb_v3_load(s->model->gravities.data[i].g));
  ec->f_lpf = NULL;
  ec->step_lpf = s->step_lpf;
  ec->gravity = gravity_at(s, ec);
  ec->contact_stiffness = s->length > 0.0 ? s->nrm.q_force / s->length : 0.0;
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
    } else if (in->kind == NSB_INIT_ROTATING_VELOCITY) {
      /* the rigid rotation: v = w x (X - a); the node's frame turns with it */
      nsb_vec3 wg = nsb_v3_load(in->vec);
      nsb_vec3 r = nsb_v3_sub(nsb_v3_load(m->nodes.data[i].X), nsb_v3_load(in->point));
      nsb_v3_store(nsb_v3_cross(wg, r), s->cur.v + 3 * i);
      if (nsb_model_node_ndof(m, i) == 6)
        nsb_v3_store(nsb_q_rotate_inv(nsb_q_load(s->cur.q + 4 * i), wg), s->cur.w + 3 * i);
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

/* ---- creation ------------------------------------------------------------- */

/* The model's length scale for the convergence test (docs/theory.md §5): the
   diagonal of the bounding box of the nodes that carry unknowns, or a body's
   size (particle diameter, rigid body's radius of gyration) when that is
   larger; 1 for a model with no extent at all (a single point mass: only
   translations, so no field is compared with another and the value does not
   matter).  Nodes without unknowns (the anchors of springs and dashpots, which
   a deck may put 10^6 away to fix a direction) do not move and do not count:
   with them L once tied a spinning body's rotation to every translation with
   a factor 10^6. */
static double model_length(const nsb_model* m) {
  double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, L = 0.0;
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3 && nsb_model_node_ndof(m, i) > 0; ++c) {
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

/* Multipliers of a support along local directions: its held local
   translational DOFs (nsb_boundary.transform), 0 for a global record. */
static int skew_mult(const nsb_boundary* bc) {
  return bc->transform > 0 ? (bc->dof_last < 3 ? bc->dof_last : 3) - bc->dof_first + 1 : 0;
}

/* ---- the beam elements, made on the team ------------------------------------ */

/* One member's share of the beam elements: elements lo .. hi-1 of s->elems
   (those with the beam ops), made with a context and a table store of its
   own (a worker's errors and allocations are its own until the caller takes
   them over). */
typedef struct beam_share {
  nsb_ctx* ctx;
  nsb_beam_tables* tabs;
  int lo, hi, status;
} beam_share;

typedef struct beam_job {
  nsb_system* s;
  beam_share* sh;
} beam_job;

static void beam_member(void* arg, int r) {
  const beam_job* j = arg;
  nsb_system* s = j->s;
  beam_share* sh = &j->sh[r];
  for (int k = sh->lo; k < sh->hi && sh->status >= 0; ++k) {
    nsb_elem* e = &s->elems[k];
    if (e->ops != &nsb_beam_v_ops) continue;
    if (!sh->tabs && (sh->status = nsb_beam_tables_create(sh->ctx, &sh->tabs)) < 0) break;
    sh->status =
        nsb_beam_create(sh->ctx, s->model, e->model_index, s->cur.x, s->cur.q, s->cur.v, s->cur.w, sh->tabs, e);
  }
}

/* Make the beam elements among elements k0 .. k1-1 (their ops set): with one
   thread in element order, as before the team; with a team, in contiguous
   shares of about equal count, each on the member that will evaluate about
   those elements (solver/assembly.c), so that their storage is allocated and
   first touched (the page faults, 6 % of a one-thread run of the
   10^4-element cantilever, perf) on that thread.  Each element's data is a
   function of the model alone and equal tables are equal bits, so the
   results do not depend on who made it.  The first failure in element
   order is reported. */
static int create_beams(nsb_system* s, int k0, int k1) {
  nsb_ctx* ctx = s->ctx;
  const int T = s->team ? nsb_team_size(s->team) : 1;
  s->beam_tables = NSB_NEW_ARRAY(ctx, T, nsb_beam_tables*);
  if (!s->beam_tables) return NSB_ERR_ALLOC;
  s->n_beam_tables = T;
  beam_share* sh = NSB_NEW_ARRAY(ctx, T, beam_share);
  if (!sh) return NSB_ERR_ALLOC;
  int st = NSB_OK;
  for (int r = 0; r < T && st >= 0; ++r) {
    sh[r].lo = k0 + (int)((long)(k1 - k0) * r / T);
    sh[r].hi = k0 + (int)((long)(k1 - k0) * (r + 1) / T);
    sh[r].ctx = ctx;
    if (T > 1) st = nsb_ctx_create(&sh[r].ctx);
  }
  if (st >= 0) {
    beam_job job = {s, sh};
    if (T > 1)
      nsb_team_run(s->team, beam_member, &job);
    else
      beam_member(&job, 0);
  }
  for (int r = 0; r < T; ++r) {
    s->beam_tables[r] = sh[r].tabs;
    if (T == 1 || !sh[r].ctx) continue;
    nsb_ctx_adopt(ctx, sh[r].ctx);
    if (st >= 0 && sh[r].status < 0) /* shares ascend: the first failure in element order */
      st = nsb_ctx_error(ctx, sh[r].status, __FILE__, __LINE__, __func__, "%s", nsb_ctx_error_message(sh[r].ctx));
    nsb_ctx_destroy(&sh[r].ctx);
  }
  if (T == 1 && st >= 0) st = sh[0].status;
  NSB_FREE_ARRAY(ctx, sh, T, beam_share);
  return st;
}

/* Modified Newton's kept interior factors of a B2V element stand a limited
   rotation of the element (docs/theory.md §5, "Modified Newton"): its
   interior unknowns vbar'^p, N^0, M^0 and their rows are global components,
   wbar'^p material ones, so turned by R its K_ii becomes P K_ii P^T (P = R on
   the global blocks, I on the material ones), and the iteration with the
   kept inverse contracts by I - K_ii^{-1} P K_ii P^T, whose spectral radius
   grows as about 0.08 theta L/r_g (theta the rotation, L the element's
   length, r_g = sqrt(EI/EA) its smallest radius of gyration; measured on a
   steel wire in elements of 25 to 100 mm, diameters 1 to 10 mm).  Each node
   gets the rotation TURN_LIMIT r_g/L of the most slender of its B2V
   elements, as the cosine of its half for newton.c's tangent_turned.  0.1
   keeps that radius below 0.01: the disk of tests/user torsion_pendulum
   then tilts by 1.6e-15 rad (full Newton 1.7e-15), with 0.25 by 2.8e-13.
   The B2S element mixes the components too (its N^0, M^0, the collocation
   rows R(x_p) C gamma^p - N_g and the closure r^L - r(L) are global, its
   strains and the Galerkin rows material), but the radius of its turned
   kept inverse is 2 sin(theta/2), the rotation's own, whatever L/r_g
   (elements of 25 to 100 mm, diameters 1 to 10 mm, POINTS 1 to 3, both
   weightings, tension 0 to 50 N, twisted or bent): it gets the rotation
   B2S_TURN_LIMIT, a radius of 0.1, at which tests/user
   torsion_pendulum_b2s tilts as with full Newton (1e-14 rad; kept without a
   limit 1.4e-10, with 0.2 rad 2.4e-11). */
#define TURN_LIMIT 0.1
#define B2S_TURN_LIMIT 0.1
static int turn_limits(nsb_system* s) {
  const nsb_model* m = s->model;
  const int nm = s->n_nodes > 0 ? s->n_nodes : 1;
  s->tan_q = NSB_NEW_ARRAY(s->ctx, 4 * nm, double);
  s->tan_turn = NSB_NEW_ARRAY(s->ctx, nm, double);
  s->tan_nodes = NSB_NEW_ARRAY(s->ctx, nm, int);
  NSB_CHECK(s->ctx, s->tan_q && s->tan_turn && s->tan_nodes, NSB_ERR_ALLOC,
            "cannot allocate the kept matrix's node orientations");
  for (int i = 0; i < nm; ++i) s->tan_turn[i] = HUGE_VAL;
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* el = &m->elements.data[i];
    double lim;
    if (el->type == NSB_ETYPE_B2S) {
      lim = B2S_TURN_LIMIT;
    } else if (el->type == NSB_ETYPE_B2V) {
      const nsb_section* c = &m->sections.data[el->section];
      const double* a = m->nodes.data[el->nodes[0]].X;
      const double* b = m->nodes.data[el->nodes[1]].X;
      const double L = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]));
      const double EI = fmin(c->EI2, c->EI3);
      if (!(c->EA > 0.0 && EI > 0.0 && L > 0.0)) continue;
      lim = TURN_LIMIT * sqrt(EI / c->EA) / L;
    } else {
      continue;
    }
    for (int k = 0; k < 2; ++k) s->tan_turn[el->nodes[k]] = fmin(s->tan_turn[el->nodes[k]], lim);
  }
  s->n_tan_nodes = 0;
  for (int i = 0; i < nm; ++i) {
    s->tan_turn[i] = s->tan_turn[i] < 3.0 ? cos(0.5 * s->tan_turn[i]) : -1.0;
    if (i < s->n_nodes && s->tan_turn[i] > -1.0) s->tan_nodes[s->n_tan_nodes++] = i;
  }
  return NSB_OK;
}

int nsb_system_create(nsb_ctx* ctx, const nsb_model* model, nsb_system** out) {
  return nsb_system_create_threads(ctx, model, 1, out);
}

int nsb_system_create_threads(nsb_ctx* ctx, const nsb_model* model, int n_threads, nsb_system** out) {
  *out = NULL;
  NSB_CHECK(ctx, n_threads >= 1, NSB_ERR_ARG, "thread count %d: must be at least 1", n_threads);
  nsb_system* s = nsb_alloc(ctx, sizeof(*s));
  NSB_CHECK(ctx, s, NSB_ERR_ALLOC, "cannot allocate system");
  s->ctx = ctx;
  s->model = model;
  s->n_nodes = model->nodes.count;
  s->step_index = -1;
  s->clock_w = 1.0;
  s->clock_sample = nsb_clock_sample_start();
  s->length = model_length(model);
  s->guard_floor = -1.0; /* computed by the guard's first test */
  int n = s->n_nodes, nm = n > 0 ? n : 1;
  int st = NSB_OK;
  s->node_mi = NSB_NEW_ARRAY(ctx, 2 * nm, double);
  s->node_mass_max = s->node_mi ? node_inertia(model, s->node_mi) : 0.0;
  s->ndof = NSB_NEW_ARRAY(ctx, nm, int);
  s->X0 = NSB_NEW_ARRAY(ctx, 3 * nm, double);
  s->bc_start = NSB_NEW_ARRAY(ctx, 3 * (model->boundaries.count > 0 ? model->boundaries.count : 1), double);
  s->node_eq = NSB_NEW_ARRAY(ctx, 6 * nm, int);
  s->fixed_t = NSB_NEW_ARRAY(ctx, 3 * nm, int);
  s->fixed_r = NSB_NEW_ARRAY(ctx, nm, unsigned);
  s->rot_bc = NSB_NEW_ARRAY(ctx, 3 * nm, int);
  s->driven = NSB_NEW_ARRAY(ctx, nm, int);
  s->kin = NSB_NEW_ARRAY(ctx, nm, nsb_kin);
  int nst = model->steps.count > 0 ? model->steps.count : 1;
  s->step_lpf = NSB_NEW_ARRAY(ctx, nst, double);
  if (s->step_lpf)
    for (int k = 0; k < nst; ++k) s->step_lpf[k] = 1.0;
  if (!s->ndof || !s->X0 || !s->node_mi || !s->bc_start || !s->node_eq || !s->fixed_t || !s->fixed_r || !s->rot_bc || !s->driven || !s->kin || !s->step_lpf)
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
  for (int b = 0; b < model->boundaries.count; ++b) s->n_mult += skew_mult(&model->boundaries.data[b]);
  s->n_static_mult = s->n_mult;
  int nmu = s->n_mult > 0 ? s->n_mult : 1;
  s->mult_cap = nmu;
  s->lam = NSB_NEW_ARRAY(ctx, nmu, double);
  s->lam_old = NSB_NEW_ARRAY(ctx, nmu, double);
  s->mult_eq = NSB_NEW_ARRAY(ctx, nmu, int);
  s->mult_level = NSB_NEW_ARRAY(ctx, nmu, int);
  s->max_eq = n_node_dof + s->n_mult;
  int meq = s->max_eq > 0 ? s->max_eq : 1;
  s->eq_cap = meq;
  s->r = NSB_NEW_ARRAY(ctx, meq, double);
  s->dx = NSB_NEW_ARRAY(ctx, meq, double);
  s->row_unscale = NSB_NEW_ARRAY(ctx, meq, double);
  s->x_build = NSB_NEW_ARRAY(ctx, 3 * nm, double);
  s->react = NSB_NEW_ARRAY(ctx, 6 * nm, double);
  s->load_filt = NSB_NEW_ARRAY(ctx, 3 * (model->cloads.count > 0 ? model->cloads.count : 1), double);
  s->damp_filt = NSB_NEW_ARRAY(ctx, 3 * (model->elements.count > 0 ? model->elements.count : 1), double);
  if (s->react) memset(s->react, 0, 6 * (size_t)nm * sizeof(double));
  /* the contacts' node arrays (232 bytes a node) only in a model with
     contact pairs: the contact elements come from them alone, and with them
     the impulsive increments, the NEWTON contacts' part of the reactions,
     the prox sweeps and the support estimate of resting contacts */
  const int with_contacts = model->contact_pairs.count > 0;
  if (with_contacts) {
    s->react_end = NSB_NEW_ARRAY(ctx, 6 * nm, double);
    s->react_c = NSB_NEW_ARRAY(ctx, 6 * nm, double);
    s->react_c_end = NSB_NEW_ARRAY(ctx, 6 * nm, double);
    s->prox_scratch = NSB_NEW_ARRAY(ctx, 3 * nm, double);
    s->support = NSB_NEW_ARRAY(ctx, 8 * nm, double);
    if (s->support) nsb_contact_support_init(model, s->support);
  }
  s->cdata_cap = 1;
  s->cdata = NSB_NEW_ARRAY(ctx, 1, nsb_contact_data);
  s->cgeo = NSB_NEW_ARRAY(ctx, 1, nsb_contact_geo_memo);
  if (s->cgeo) s->cgeo[0].valid = 0;
  s->ceq_pool = NSB_NEW_ARRAY(ctx, 1, int);
  s->cmap_pool = NSB_NEW_ARRAY(ctx, 1, int);
  s->ceq_size = s->cmap_size = 1;
  s->tan_cK = NSB_NEW_ARRAY(ctx, 1, double);
  s->tan_cK_size = 1;
  if (!s->lam || !s->lam_old || !s->mult_eq || !s->mult_level || !s->r || !s->dx || !s->row_unscale || !s->x_build ||
      !s->react || !s->load_filt || !s->damp_filt || (with_contacts && (!s->react_end || !s->react_c || !s->react_c_end || !s->prox_scratch || !s->support)) ||
      !s->cdata || !s->cgeo || !s->ceq_pool || !s->cmap_pool || !s->tan_cK) {
    st = NSB_ERR_ALLOC;
    goto fail;
  }
  if ((st = init_state(s)) < 0) goto fail;

  /* element instances */
  int ne = model->rigid_bodies.count + model->particles.count + model->elements.count + model->cloads.count +
           model->manufactured.count + model->joints.count;
  for (int b = 0; b < model->boundaries.count; ++b) ne += skew_mult(&model->boundaries.data[b]) > 0;
  s->n_elems = ne;
  s->n_static_elems = ne;
  s->elems_cap = ne > 0 ? ne : 1;
  s->elems = NSB_NEW_ARRAY(ctx, s->elems_cap, nsb_elem);
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
  /* the team first: the beam elements are made on it */
  if (n_threads > 1 && (st = nsb_team_create(ctx, n_threads, &s->team)) < 0) goto fail;
  const int k_elements = k;
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
      s->has_dashpots = 1;
    } else {
      NSB_ASSERT(nsb_etype_is_beam(el->type));
      s->elems[k].ops = &nsb_beam_v_ops;
      s->has_beams = 1;
      if (el->type == NSB_ETYPE_B2V) s->has_vbeams = 1;
      if (el->type == NSB_ETYPE_B2S) s->has_sbeams = 1;
    }
  }
  if (s->has_beams && (st = create_beams(s, k_elements, k)) < 0) goto fail;
  if ((st = turn_limits(s)) < 0) goto fail;
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
  s->first_joint = k;
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
  for (int b = 0; b < model->boundaries.count; ++b) {
    int n_b = skew_mult(&model->boundaries.data[b]);
    if (n_b == 0) continue;
    nsb_elem* e = &s->elems[k++];
    e->ops = &nsb_skew_support_ops;
    e->n_nodes = 1;
    e->nodes[0] = model->boundaries.data[b].node;
    e->model_index = b;
    e->n_mult = n_b;
    e->mult_first = mult;
    for (int q = 0; q < n_b; ++q) s->mult_level[mult + q] = NSB_LEVEL_POSITION;
    mult += n_b;
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
    s->map_pool_size += nsb_elem_map_size(e);
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
    pm += nsb_elem_map_size(&s->elems[i]);
  }
  /* the element ranges (one without threads, until nsb_system_set_threads) */
  if ((st = nsb_sys_make_ranges(s, n_threads)) < 0) goto fail;
  if (model->contact_pairs.count > 0) {
    /* one list for all pairs: the largest SKIN= given, else the default */
    double given = 0.0;
    for (int ip = 0; ip < model->contact_pairs.count; ++ip) given = fmax(given, model->contact_pairs.data[ip].skin);
    s->skin = given > 0.0 ? given : nsb_contact_default_skin(model);
    if ((st = nsb_sys_contact_rebuild(s)) < 0) goto fail;
  }
  *out = s;
  return NSB_OK;
fail:
  nsb_system_destroy(&s);
  return st;
}

/* ---- checkpoint access (solver/checkpoint.c) ---------------------------------- */

int nsb_system_blocks(nsb_system* s, nsb_block* b, int cap) {
  size_t n3 = 3 * (size_t)s->n_nodes * sizeof(double), n4 = 4 * (size_t)s->n_nodes * sizeof(double);
  size_t nm = (size_t)s->n_mult;
  nsb_sys_energy_stale(s); /* a checkpoint's load writes the state through these blocks */
  for (int i = 0; i < s->n_contacts; ++i) s->cgeo[i].valid = 0; /* and the contacts' data */
  const nsb_block all[] = {
      {s->cur.x, n3}, {s->cur.q, n4}, {s->cur.v, n3}, {s->cur.w, n3}, {s->cur.a, n3}, {s->cur.al, n3},
      {s->old.x, n3}, {s->old.q, n4}, {s->old.v, n3}, {s->old.w, n3}, {s->old.a, n3}, {s->old.al, n3},
      {s->lam, nm * sizeof(double)}, {s->lam_old, nm * sizeof(double)}, {s->mult_level, nm * sizeof(int)},
      {s->cdata, (size_t)s->n_contacts * sizeof(nsb_contact_data)}, {s->react, 2 * n3},
      {s->step_lpf, (size_t)s->model->steps.count * sizeof(double)},
      {s->bc_start, 3 * (size_t)s->model->boundaries.count * sizeof(double)},
      {&s->t, sizeof s->t}, {&s->t_step_start, sizeof s->t_step_start}, {&s->work, sizeof s->work},
      {&s->power, sizeof s->power}, {&s->dissipated, sizeof s->dissipated}, {&s->diss_rate, sizeof s->diss_rate},
      {&s->swork, sizeof s->swork}, {&s->spower, sizeof s->spower}, {&s->guard_b0, sizeof s->guard_b0},
      {s->load_filt, 3 * (size_t)s->model->cloads.count * sizeof(double)},
      {s->damp_filt, (s->has_dashpots ? 3 * (size_t)s->model->elements.count : 0) * sizeof(double)},
      {&s->filt_valid, sizeof s->filt_valid},
      {&s->guard_scale, sizeof s->guard_scale}, {&s->guard_on, sizeof s->guard_on},
      {&s->guard_warned, sizeof s->guard_warned},
      {&s->contact_rebuilds, sizeof s->contact_rebuilds}, {&s->internal_res2, sizeof s->internal_res2},
      {&s->conv, sizeof s->conv}, {&s->inc_in_step, sizeof s->inc_in_step}, {&s->nrm, sizeof s->nrm},
      {&s->lpf, sizeof s->lpf}, {&s->lpf_old, sizeof s->lpf_old}, {&s->riks_t_hold, sizeof s->riks_t_hold},
      {&s->stats, sizeof s->stats}};
  int n = (int)(sizeof all / sizeof all[0]);
  for (int i = 0; i < n && i < cap; ++i) b[i] = all[i];
  return n;
}

int nsb_system_contacts_at(nsb_system* s, const double* x, const double** x_build) {
  if (x_build) *x_build = s->x_build;
  if (!x || s->model->contact_pairs.count == 0) return NSB_OK;
  nsb_sys_energy_stale(s);
  size_t n3 = 3 * (size_t)s->n_nodes * sizeof(double);
  memcpy(s->cur.x, x, n3); /* the broad phase runs on the current positions */
  return nsb_sys_contact_rebuild(s);
}

nsb_scheme* nsb_system_scheme(nsb_system* s) { return s->scheme; }
nsb_ctx* nsb_system_ctx(const nsb_system* s) { return s->ctx; }
nsb_linsolver* nsb_system_linsolver(nsb_system* s) { return s->ls; }

void nsb_system_destroy(nsb_system** ps) {
  if (!ps || !*ps) return;
  nsb_system* s = *ps;
  nsb_ctx* ctx = s->ctx;
  if (s->modal_M) NSB_FREE_ARRAY(ctx, s->modal_M, s->nnz_modal, double);
  if (s->modal_rows) NSB_FREE_ARRAY(ctx, s->modal_rows, s->n_modal_rows, int);
  int n = s->n_nodes, nm = n > 0 ? n : 1, nmu = s->mult_cap, meq = s->eq_cap;
  NSB_FREE_ARRAY(ctx, s->ndof, nm, int);
  NSB_FREE_ARRAY(ctx, s->X0, 3 * nm, double);
  if (s->node_mi) NSB_FREE_ARRAY(ctx, s->node_mi, 2 * nm, double);
  if (s->bc_start)
    NSB_FREE_ARRAY(ctx, s->bc_start, 3 * (s->model->boundaries.count > 0 ? s->model->boundaries.count : 1), double);
  NSB_FREE_ARRAY(ctx, s->node_eq, 6 * nm, int);
  NSB_FREE_ARRAY(ctx, s->fixed_t, 3 * nm, int);
  NSB_FREE_ARRAY(ctx, s->fixed_r, nm, unsigned);
  NSB_FREE_ARRAY(ctx, s->rot_bc, 3 * nm, int);
  NSB_FREE_ARRAY(ctx, s->driven, nm, int);
  if (s->sp_keep) nsb_free(ctx, s->sp_keep, s->sp_keep_size);
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
  nsb_sys_free_ranges(s);
  if (s->elems)
    for (int i = 0; i < s->n_elems; ++i)
      if (s->elems[i].ops && s->elems[i].ops->destroy) s->elems[i].ops->destroy(ctx, &s->elems[i]);
  NSB_FREE_ARRAY(ctx, s->elems, s->elems_cap, nsb_elem);
  if (s->beam_tables) { /* after the elements that read them */
    for (int r = 0; r < s->n_beam_tables; ++r) nsb_beam_tables_destroy(ctx, &s->beam_tables[r]);
    NSB_FREE_ARRAY(ctx, s->beam_tables, s->n_beam_tables, nsb_beam_tables*);
  }
  NSB_FREE_ARRAY(ctx, s->cdata, s->cdata_cap, nsb_contact_data);
  NSB_FREE_ARRAY(ctx, s->cgeo, s->cdata_cap, nsb_contact_geo_memo);
  if (s->cmem) NSB_FREE_ARRAY(ctx, s->cmem, s->cmem_cap, nsb_contact_memory);
  nsb_sys_joint_impulse_free(s);
  nsb_broad_ws_free(ctx, &s->broad_ws);
  if (s->prox_scratch) NSB_FREE_ARRAY(ctx, s->prox_scratch, 3 * (s->model->nodes.count > 0 ? s->model->nodes.count : 1), double);
  if (s->support) NSB_FREE_ARRAY(ctx, s->support, 8 * (s->model->nodes.count > 0 ? s->model->nodes.count : 1), double);
  NSB_FREE_ARRAY(ctx, s->x_build, 3 * nm, double);
  NSB_FREE_ARRAY(ctx, s->react, 6 * nm, double);
  if (s->load_filt)
    NSB_FREE_ARRAY(ctx, s->load_filt, 3 * (s->model->cloads.count > 0 ? s->model->cloads.count : 1), double);
  if (s->damp_filt)
    NSB_FREE_ARRAY(ctx, s->damp_filt, 3 * (s->model->elements.count > 0 ? s->model->elements.count : 1), double);
  if (s->react_end) NSB_FREE_ARRAY(ctx, s->react_end, 6 * nm, double);
  if (s->react_c) NSB_FREE_ARRAY(ctx, s->react_c, 6 * nm, double);
  if (s->react_c_end) NSB_FREE_ARRAY(ctx, s->react_c_end, 6 * nm, double);
  NSB_FREE_ARRAY(ctx, s->ceq_pool, s->ceq_size, int);
  NSB_FREE_ARRAY(ctx, s->cmap_pool, s->cmap_size, int);
  if (s->tan_cK) NSB_FREE_ARRAY(ctx, s->tan_cK, s->tan_cK_size, double);
  if (s->tan_q) NSB_FREE_ARRAY(ctx, s->tan_q, 4 * nm, double);
  if (s->tan_turn) NSB_FREE_ARRAY(ctx, s->tan_turn, nm, double);
  if (s->tan_nodes) NSB_FREE_ARRAY(ctx, s->tan_nodes, nm, int);
  NSB_FREE_ARRAY(ctx, s->cand, s->cand_cap, nsb_contact_cand);
  NSB_FREE_ARRAY(ctx, s->jgeom, s->model->joints.count > 0 ? s->model->joints.count : 1, nsb_joint_geom);
  NSB_FREE_ARRAY(ctx, s->eq_pool, s->eq_pool_size > 0 ? s->eq_pool_size : 1, int);
  NSB_FREE_ARRAY(ctx, s->map_pool, s->map_pool_size > 0 ? s->map_pool_size : 1, int);
  nsb_csr_destroy(ctx, &s->A);
  nsb_pattern_builder_destroy(&s->pb);
  nsb_linsolver_destroy(&s->ls);
  nsb_scheme_destroy(&s->scheme);
  nsb_free(ctx, s, sizeof(*s));
  *ps = NULL;
}

/* Elements left out of the matrix: NEWTON-law contacts solved by prox sweeps
   (their impulses are loads: a contact then only loads its nodes, so closed
   contacts add no coupling, and no fill, to the factorization), and every
   contact in a *FREQUENCY step (the modal model is the structure without
   contacts, docs/theory.md §6). */
static int prox_load_only(const nsb_system* s, int i) {
  if (s->step.n_modes > 0) return i >= s->first_contact;
  return s->contact_prox && i >= s->first_contact && s->elems[i].ops == &nsb_contact_newton_ops;
}

/* The matrix positions of member r's share of the elements (each element
   writes its own map); the first failure into rng[r].status. */
static void map_member(void* arg, int r) {
  nsb_system* s = arg;
  long n = s->n_elems, T = s->n_threads;
  s->rng[r].status = NSB_OK;
  for (int i = (int)(n * r / T), hi = (int)(n * (r + 1) / T); i < hi; ++i) {
    nsb_elem* e = &s->elems[i];
    if (prox_load_only(s, i)) {
      for (int q = 0, nm = nsb_elem_map_size(e); q < nm; ++q) e->map[q] = -1;
      continue;
    }
    int st = nsb_csr_block_map_grouped(s->A, e->eq, e->n_local, e->n_nodes, e->node_ndof, e->map);
    if (st < 0) {
      s->rng[r].status = st;
      return;
    }
  }
}

/* The elements' matrix positions (a binary search per entry: 2 % of the
   instructions of a one-thread run of the 10^4-element cantilever,
   callgrind), on the team; the first failure in element order. */
static int block_maps(nsb_system* s) {
  if (s->team)
    nsb_team_run(s->team, map_member, s);
  else
    map_member(s, 0);
  for (int r = 0; r < s->n_threads; ++r) NSB_CALL(s->rng[r].status);
  return NSB_OK;
}

/* Equation numbering (node unknowns, then multipliers), element equation
   maps, sparsity pattern and symbolic factorization for the current supports
   and elements.  Allocates (step start, contact list rebuild). */
int nsb_sys_number_and_analyze(nsb_system* s) {
  s->tan_ok = s->tana_ok = 0; /* a new numbering: no kept iteration matrix (newton.c) */
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
  if (s->n_eq == 0) nsb_csr_destroy(s->ctx, &s->A);
  /* the linear solver is kept (and re-analyzed below) while the step's kind
     of solver stays: its workspace is reused when the contact set changes */
  if (s->ls && (s->n_eq == 0 || s->ls->kind != s->step.linsolver)) {
    s->fresh_before += s->ls->n_factor_fresh;
    s->fallback_before += s->ls->n_factor_fallback;
    nsb_linsolver_destroy(&s->ls);
  }
  if (s->n_eq > 0) {
    /* the builder and the matrix keep their memory from one numbering to the
       next: a contact set that changes during the steps reallocates only when
       the pattern outgrows every earlier one */
    if (s->pb)
      NSB_CALL(nsb_pattern_builder_reset(s->pb, s->n_eq));
    else
      NSB_CALL(nsb_pattern_builder_create(s->ctx, s->n_eq, &s->pb));
    nsb_pattern_builder_set_team(s->pb, s->team); /* the rows' union and sort on it */
    for (int i = 0; i < s->n_elems; ++i)
      if (!prox_load_only(s, i)) NSB_CALL(nsb_pattern_builder_add(s->pb, s->elems[i].eq, s->elems[i].n_local));
    NSB_CALL(s->A ? nsb_pattern_builder_finish_into(s->pb, s->A) : nsb_pattern_builder_finish(s->pb, &s->A));
    NSB_CALL(block_maps(s));
    /* without contact pairs the next pattern is that of the next step: the
       builder's block lists and scratch (about 200 bytes per beam element)
       are not kept through the steps; the next numbering makes it anew */
    if (s->model->contact_pairs.count == 0) nsb_pattern_builder_destroy(&s->pb);
    if (!s->ls) NSB_CALL(nsb_linsolver_create(s->ctx, s->step.linsolver, &s->ls));
    nsb_linsolver_set_team(s->ls, s->team); /* KLU2 factors its two domains on it */
    nsb_linsolver_set_ordering(s->ls, s->step.ordering);
    /* without contact pairs the pattern changes only between steps and no
       impulsive increment restarts the accelerations: the solver need not
       keep its ordering workspace nor the recurring slot's values */
    nsb_linsolver_set_lean(s->ls, s->model->contact_pairs.count == 0);
    NSB_CALL(nsb_linsolver_analyze(s->ls, s->A));
    s->stats.split_nd[0] = s->ls->split_nd[0];
    s->stats.split_nd[1] = s->ls->split_nd[1];
    s->stats.split_ns = s->ls->split_ns;
    s->stats.linsolver = s->ls->ops->name;
    s->stats.linsolver_auto = s->ls->kind == NSB_LINSOLVER_AUTO;
    s->stats.equations = s->n_eq;
    s->stats.order_blocks[0] = s->ls->order_blocks[0];
    s->stats.order_blocks[1] = s->ls->order_blocks[1];
  }
  return NSB_OK;
}

/* ---- steps ---------------------------------------------------------------- */

int nsb_system_begin_step(nsb_system* s, int k, double t0) {
  double tic = nsb_now_s();
  s->clock_w = 1.0; /* a step's work outside its increments is timed whole */
  nsb_sys_energy_stale(s);
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
    /* where the record's step starts: a DOF free before it ramps from there,
       FIXED holds it there (assembly.c, bc_value) */
    if (bc->step == k)
      for (int c = 0; c < 3; ++c) s->bc_start[3 * b + c] = s->cur.x[3 * bc->node + c] - s->X0[3 * bc->node + c];
    if (bc->step > k) continue;
    for (int d = bc->dof_first; d <= bc->dof_last; ++d) {
      if (d <= 3 && bc->transform > 0) continue; /* local directions: constraint rows (nsb_skew_support_ops) */
      if (d <= 3) {
        s->fixed_t[3 * bc->node + d - 1] = b;
      } else {
        s->fixed_r[bc->node] |= 1u << (d - 4);
        s->rot_bc[3 * bc->node + d - 4] = b;
        if (bc->value != 0.0 || bc->amplitude >= 0) prescribed_rotation = 1;
      }
    }
  }
  /* nodes whose supports move in this dynamic step: their reactions do the
     work of support_work (nsb_sys_support_power); a support held at rest
     (value 0, FIXED) does none */
  int plain_dynamic = s->step.kind == NSB_STEP_DYNAMIC && !s->step.modal_dynamic && s->step.n_modes == 0;
  s->n_driven = 0;
  for (int i = 0; i < s->n_nodes; ++i) {
    int drv = 0;
    for (int c = 0; c < 3 && plain_dynamic; ++c) {
      int b[2] = {s->fixed_t[3 * i + c], s->rot_bc[3 * i + c]};
      for (int r = 0; r < 2; ++r)
        if (b[r] >= 0 && !m->boundaries.data[b[r]].fixed && m->boundaries.data[b[r]].value != 0.0) drv = 1;
    }
    s->driven[i] = drv;
    s->n_driven += drv;
  }
  if (s->n_driven > 0 && !s->sp_keep) {
    /* room for the largest beam state (nsb_sys_support_power keeps it) */
    size_t need = 0;
    for (int i = 0; i < s->first_contact; ++i)
      if (s->elems[i].ops == &nsb_beam_v_ops && nsb_beam_state_bytes(&s->elems[i]) > need)
        need = nsb_beam_state_bytes(&s->elems[i]);
    if (need > 0) {
      s->sp_keep = nsb_alloc(s->ctx, need);
      NSB_CHECK(s->ctx, s->sp_keep, NSB_ERR_ALLOC, "out of memory (%zu bytes for the supports' work)", need);
      s->sp_keep_size = need;
    }
  }
  /* the energy guard (nsb_system_energy_guard): a dynamic step that follows
     a dynamic one continues its balance; any other starts it anew from the
     state after the initial accelerations */
  int after_dynamic = k > 0 && m->steps.data[k - 1].kind == NSB_STEP_DYNAMIC && !m->steps.data[k - 1].modal_dynamic &&
                      m->steps.data[k - 1].n_modes == 0;
  if (!plain_dynamic || !after_dynamic) s->guard_on = 0;
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
     gamma/2, gamma_N = gamma; Češarek 2013, end of §4.2.3), other betas are not */
  NSB_CHECK(s->ctx,
            !(s->has_sbeams && s->step.kind == NSB_STEP_DYNAMIC && s->step.scheme == NSB_SCHEME_MODIFIED_NEWMARK &&
              !s->step.mn_alpha && s->step.beta != 0.5),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: the strain-based beam element (B2S) runs with SCHEME=NEWMARK, a static step, or SCHEME=MODIFIED "
            "NEWMARK with BETA=0.5 (which is Newmark with beta = gamma/2)",
            m->source, s->step.line);
  NSB_CHECK(s->ctx,
            !(s->has_newton_contact && s->step.n_modes == 0 && s->step.kind == NSB_STEP_DYNAMIC &&
              s->step.scheme == NSB_SCHEME_GENERALIZED_ALPHA),
            NSB_ERR_UNSUPPORTED,
            "%s:%d: contact with LAW=NEWTON (impulses) needs a dynamic step with SCHEME=NEWMARK or MODIFIED NEWMARK; "
            "for a generalized-alpha step use LAW=HERTZ",
            m->source, s->step.line);
  /* a static step holds a NEWTON pair as a unilateral constraint at rest
     (contact/static_law.h) where its law is the frictionless one of translations */
  if (s->step.kind == NSB_STEP_STATIC && s->step.n_modes == 0 && !s->step.modal_dynamic)
    for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
      const char* why = nsb_contact_static_refusal(m, ip);
      NSB_CHECK(s->ctx, !why, NSB_ERR_UNSUPPORTED, "%s:%d: a static step: LAW=NEWTON contact pair (line %d) %s",
                m->source, s->step.line, m->contact_pairs.data[ip].line, why);
    }
  /* the previous step's scheme: its pseudo-accelerations continue into a
     dynamic step that follows a dynamic one (generalized-alpha forms) */
  nsb_scheme* prev = prev_dynamic ? s->scheme : NULL;
  if (!prev) nsb_scheme_destroy(&s->scheme);
  s->scheme = NULL;
  int st_num = nsb_sys_number_and_analyze(s);
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
  /* acceptance after the first correction (newton.c, accept_first): every
     element that keeps state of an evaluation can move it to an iterate
     without one */
  s->first_capable = 1;
  for (int i = 0; i < s->first_contact; ++i)
    if (s->elems[i].ops->post_solve && !(s->elems[i].ops == &nsb_beam_v_ops && nsb_beam_points_pass(&s->elems[i])))
      s->first_capable = 0;
  nsb_conv_def cd = {s->step.rel_res, s->step.rel_cor, s->step.tol_res, s->step.tol_inc, s->length};
  nsb_conv_begin_step(&s->conv, &cd);
  s->inc_in_step = 0;
  s->stats.t_setup += nsb_now_s() - tic;
  return NSB_OK;
}

double nsb_system_load_factor(const nsb_system* s) {
  if (s->step_index < 0) return 0.0;
  if (s->step.riks) return s->lpf;
  if (s->step.kind == NSB_STEP_STATIC && !s->step.modal_dynamic && s->step.n_modes == 0 && s->step.period > 0.0)
    return (s->t - s->t_step_start) / s->step.period;
  return 1.0;
}

int nsb_system_step_number(const nsb_system* s) { return s->step_index + 1; }
const nsb_step_def* nsb_system_step(const nsb_system* s) { return s->step_index >= 0 ? &s->step : NULL; }

int nsb_system_node_equation(const nsb_system* s, int node, int dof) {
  if (node < 0 || node >= s->n_nodes || dof < 0 || dof >= s->ndof[node]) return -1;
  return s->node_eq[6 * node + dof];
}

/* ---- queries ------------------------------------------------------------- */

double nsb_system_time(const nsb_system* s) { return s->t; }
double nsb_system_clock_weight(const nsb_system* s) { return s->clock_w; }
double nsb_system_step_time(const nsb_system* s) { return s->t - s->t_step_start; }
const nsb_state* nsb_system_state(const nsb_system* s) { return &s->cur; }
nsb_stats* nsb_system_stats(nsb_system* s) { return &s->stats; }
const double* nsb_system_x0(const nsb_system* s) { return s->X0; }
int nsb_system_n_equations(const nsb_system* s) { return s->n_eq; }
int nsb_system_n_multipliers(const nsb_system* s) { return s->n_mult; }

nsb_vec3 nsb_system_gravity(const nsb_system* s) {
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  return ec.gravity;
}

void nsb_system_energy(const nsb_system* s, nsb_energy* e) {
  if (s->energy_override) {
    *e = s->override;
    return;
  }
  if (s->en_last_ok) {
    /* the state of the last increment, unchanged since (system_internal.h);
       the work and dissipation integrals are read as they are now */
    *e = s->en_last;
    e->external_work = s->work;
    e->support_work = s->swork;
    e->dissipated = s->dissipated;
    return;
  }
  memset(e, 0, sizeof *e);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  nsb_sys_energy_sum(s, &ec, e);
  e->external_work = s->work;
  e->support_work = s->swork;
  e->dissipated = s->dissipated;
}

/* The element loop of the rates: a beam's power alone, every other element's
   energies whole (the loop of nsb_sys_energy_sum without a team). */
static void rates_sum(const nsb_system* s, const nsb_eval_ctx* ec, nsb_energy* e) {
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* el = &s->elems[i];
    if (el->ops == &nsb_beam_v_ops)
      nsb_beam_power(el, ec, e);
    else if (el->ops->energy)
      el->ops->energy(el, ec, e);
  }
}

void nsb_sys_rates(const nsb_system* s, nsb_energy* e) {
  if (s->energy_override) {
    *e = s->override;
    return;
  }
  memset(e, 0, sizeof *e);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  rates_sum(s, &ec, e);
}

/* Whether the rates' pass is the whole pass of the energies and the contacts'
   finish leaves them as they are (nsb_sys_increment_energy): a particle or a
   rigid body on obstacles with LAW=NEWTON, whose history row then needs no
   pass of its own. */
static int rates_whole(const nsb_system* s) {
  if (s->team) return 0;
  for (int i = 0; i < s->first_contact; ++i)
    if (s->elems[i].ops == &nsb_beam_v_ops) return 0;
  for (int i = s->first_contact; i < s->n_elems; ++i)
    if (s->elems[i].ops->energy) return 0;
  return 1;
}

int nsb_sys_increment_energy(const nsb_system* s, const nsb_eval_ctx* ec, nsb_energy* e) {
  if (s->energy_override) {
    *e = s->override;
    return s->n_contacts == 0;
  }
  memset(e, 0, sizeof *e);
  if (s->n_contacts == 0) {
    nsb_sys_energy_sum(s, ec, e);
    e->external_work = s->work;
    e->support_work = s->swork;
    e->dissipated = s->dissipated;
    return 1;
  }
  rates_sum(s, ec, e);
  if (!rates_whole(s)) return 0;
  e->external_work = s->work;
  e->support_work = s->swork;
  e->dissipated = s->dissipated;
  return 1;
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

int nsb_system_element_point_load(const nsb_system* s, int j, int* element, nsb_beam_point_load* pl) {
  if (j < 0 || j >= s->model->joints.count) return 0;
  const nsb_joint* jm = &s->model->joints.data[j];
  if (jm->kind != NSB_JOINT_ELEMENT_POINT) return 0;
  /* joint_geometry: Phi = sum_k (wx_k x_k + R_k s_k), node 0 the attached
     one (wx = 1, s = 0), nodes 1, 2 the element's; the multiplier's rows
     (elements/joint.c, residual = -applied) are the force -lambda on the
     attached node, -wx_k lambda and -(R_k s_k) x lambda on the element's
     nodes: the element takes P = lambda at its side of the point */
  const nsb_elem* e = &s->elems[s->first_joint + j];
  const nsb_joint_geom* g = e->data;
  const nsb_state* st = &s->cur;
  const nsb_vec3 L = nsb_v3_load(s->lam + e->mult_first);
  nsb_vec3 p = nsb_v3_zero();
  for (int k = 1; k < 3; ++k) {
    const int node = e->nodes[k];
    const nsb_vec3 Rs = nsb_q_rotate(nsb_st_q(st, node), g->s[k]);
    p = nsb_v3_sub(p, nsb_v3_add(nsb_v3_scale(g->wx[k], nsb_st_x(st, node)), Rs));
    if (k == 1) {
      nsb_v3_store(nsb_v3_scale(-g->wx[k], L), pl->FA);
      nsb_v3_store(nsb_v3_neg(nsb_v3_cross(Rs, L)), pl->MA);
    }
  }
  nsb_v3_store(p, pl->p);
  nsb_v3_store(L, pl->P);
  pl->xi = jm->xi;
  *element = jm->element;
  return 1;
}

void nsb_system_beam_probe(const nsb_system* s, int element, double xi, nsb_beam_probe_out* o) {
  const nsb_elem* e = nsb_system_model_element(s, element);
  nsb_beam_probe(e, &s->cur, s->X0, xi, o);
  for (int j = 0; j < s->model->joints.count; ++j) {
    nsb_beam_point_load pl;
    int el;
    if (s->model->joints.data[j].element == element && nsb_system_element_point_load(s, j, &el, &pl))
      nsb_beam_probe_loads(e, &s->cur, xi, &pl, 1, o);
  }
}

void nsb_system_beam_sample(const nsb_system* s, const nsb_elem* e, nsb_beam_sample_out* o) {
  nsb_beam_sample(e, &s->cur, s->X0, o);
  for (int j = 0; j < s->model->joints.count; ++j) {
    nsb_beam_point_load pl;
    int el;
    if (s->model->joints.data[j].element == e->model_index && nsb_system_element_point_load(s, j, &el, &pl))
      nsb_beam_sample_loads(e, &s->cur, &pl, 1, o);
  }
}

int nsb_system_eval_element(nsb_system* s, int i_elem, double* f, double* K) {
  const nsb_elem* e = &s->elems[i_elem];
  nsb_sys_energy_stale(s);
  nsb_eval_mode mode = s->ops == &nsb_accel_ops ? NSB_EVAL_ACCEL
                       : s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC
                                                         : NSB_EVAL_DYNAMIC;
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, s->t + s->scheme->h, &ec);
  memset(f, 0, (size_t)e->n_local * sizeof(double));
  if (K) memset(K, 0, (size_t)e->n_local * (size_t)e->n_local * sizeof(double));
  return e->ops->eval(e, &ec, f, K);
}

void nsb_system_apply_local(nsb_system* s, int i_elem, const double* d) {
  const nsb_elem* e = &s->elems[i_elem];
  nsb_sys_energy_stale(s);
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

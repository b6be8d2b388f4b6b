/* assembly.c -- the element loop of the discrete system (solver/system.h):
 * predictor with prescribed supports, residual and tangent assembly with the
 * norms of the convergence test, the increment map, support reactions and
 * the initial accelerations. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"
#include "contact/pair.h"

#include <math.h>
#include <string.h>
#include "base/clock.h"

/* Prescribed value of boundary record b on DOF dof (0..5) (order 0: value,
   1: rate, 2: second rate) at time t: value * amplitude, or value times the
   static ramp; a record of a static step without amplitude that replaces one
   of an earlier step on that DOF ramps from the old one's value, old (1 - r)
   + new r (Abaqus: from the value at the end of the previous step; a support
   moved from -10 mm to -20 mm in a second step jumped back to -5 mm in its
   first increment). */
static double bc_value(const nsb_system* s, int b, int dof, double t, int order) {
  const nsb_boundary* bc = &s->model->boundaries.data[b];
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, t, &ec);
  double d1, d2, v = nsb_load_scale(&ec, bc->amplitude, bc->step, &d1, &d2);
  double out = bc->value * (order == 0 ? v : order == 1 ? d1 : d2);
  int pb = bc->prev[dof];
  if (dof < 3 && bc->fixed) return order == 0 ? s->bc_start[3 * b + dof] : 0.0;
  if (dof < 3 && pb < 0 && bc->step >= 0 && bc->amplitude < 0 && bc->step == ec.step && ec.step_static && !ec.riks &&
      ec.step_period > 0.0) {
    /* a DOF free before this step ramps from where the step found it, u_0 (1 - r) + value r
       (Abaqus: from the value at the end of the previous step); before, it ramped from the
       initial position, and the first increment pulled the node back there */
    double u0 = s->bc_start[3 * b + dof];
    out += order == 0 ? u0 * (1.0 - v) : order == 1 ? -u0 * d1 : 0.0;
  }
  if (pb >= 0 && bc->amplitude < 0 && bc->step == ec.step && ec.step_static && !ec.riks && ec.step_period > 0.0 &&
      !(s->model->boundaries.data[pb].step < 0 && ec.step == 0)) {
    /* the ramp r = v (r' = d1, r'' = 0) times the old value, product rule */
    double o0 = bc_value(s, pb, dof, t, 0), o1 = order > 0 ? bc_value(s, pb, dof, t, 1) : 0.0;
    double o2 = order > 1 ? bc_value(s, pb, dof, t, 2) : 0.0;
    out += order == 0 ? o0 * (1.0 - v) : order == 1 ? o1 * (1.0 - v) - o0 * d1 : o2 * (1.0 - v) - 2.0 * o1 * d1;
  }
  return out;
}

/* Prescribed position (order 0), velocity (1) or acceleration (2) of
   translational component c of node i at time t. */
static double support_value(const nsb_system* s, int i, int c, double t, int order) {
  double v = bc_value(s, s->fixed_t[3 * i + c], c, t, order);
  return order == 0 ? s->X0[3 * i + c] + v : v;
}

/* ---- node loops on the team ------------------------------------------------ */

/* The loops over the nodes in which a node's work reads the shared data and
   writes that node's entries only (the scheme's predictor and increment map,
   the kinematics, the correction norms' maxima) run on the team in T
   contiguous node ranges, range 0 on the caller's thread: every node gets
   the operations of the serial loop, so the bits do not depend on the thread
   count.  (Of a one-thread run of the 10^4-element cantilever, callgrind:
   increment map 4.8 %, correction norms 3.7 %, kinematics 1.9 %, predictor
   1.7 % of the instructions, on the calling thread before.)  Below
   NODE_SPLIT_MIN nodes the loop stays on the calling thread: a team's round
   trip (a wake-up and a wait) costs more than such a loop. */
enum { NODE_SPLIT_MIN = 1024 };

typedef void (*node_range_fn)(nsb_system* s, void* arg, int lo, int hi, int r);

typedef struct node_job {
  nsb_system* s;
  node_range_fn fn;
  void* arg;
} node_job;

static void node_member(void* arg, int r) {
  const node_job* j = arg;
  long n = j->s->n_nodes, T = j->s->n_threads;
  j->fn(j->s, j->arg, (int)(n * r / T), (int)(n * (r + 1) / T), r);
}

/* fn over every node, on the team when it pays; returns the number of ranges
   whose results (nsb_sys_range) fn wrote. */
static int node_loop(nsb_system* s, node_range_fn fn, void* arg) {
  if (!s->team || s->n_nodes < NODE_SPLIT_MIN) {
    fn(s, arg, 0, s->n_nodes, 0);
    return 1;
  }
  node_job job = {s, fn, arg};
  nsb_team_run(s->team, node_member, &job);
  return s->n_threads;
}

static void kin_range(nsb_system* s, void* arg, int lo, int hi, int r) {
  (void)arg;
  (void)r;
  for (int i = lo; i < hi; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
}

void nsb_sys_kinematics(nsb_system* s) {
  nsb_sys_energy_stale(s); /* an evaluation follows: the elements' point states change */
  (void)node_loop(s, kin_range, NULL);
}

typedef struct predict_job {
  nsb_eval_mode mode;
  double t_new;
} predict_job;

static void predict_range(nsb_system* s, void* arg, int lo, int hi, int r) {
  (void)r;
  const predict_job* j = arg;
  const nsb_eval_mode mode = j->mode;
  const double t_new = j->t_new;
  for (int i = lo; i < hi; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    s->ops->predict(s->scheme, i, nd, &s->old, &s->cur);
    double h = s->scheme->h, cimp = nsb_scheme_impulse_factor(s->scheme);
    for (int c = 0; c < 3; ++c)
      if (s->fixed_t[3 * i + c] >= 0) {
        /* the rates at t_{n+1} as for a driven rotation (below) */
        double end[2] = {0.0, 0.0};
        int dyn = mode == NSB_EVAL_DYNAMIC && h > 0.0;
        if (dyn) {
          double v1 = support_value(s, i, c, t_new, 1), a1 = support_value(s, i, c, t_new, 2);
          double a0 = support_value(s, i, c, s->t, 2);
          end[0] = v1;
          end[1] = a1 + cimp * ((v1 - s->old.v[3 * i + c]) / h - 0.5 * (a0 + a1));
        }
        s->ops->prescribe(s->scheme, i, c, support_value(s, i, c, t_new, mode == NSB_EVAL_ACCEL ? 2 : 0),
                          dyn ? end : NULL, &s->old, &s->cur);
      }
    if (nd == 6 && s->fixed_r[i]) {
      /* a prescribed body-axis rotation angle phi(t) enters through its rate:
         wbar_k = (phi(t_{n+1}) - phi(t_n))/h, exact for a fixed axis (the
         other rotations held); alpha_k = phi''(t) for the initial solve */
      double target[3] = {0.0, 0.0, 0.0}, end[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
      for (int c = 0; c < 3; ++c) {
        int b = s->rot_bc[3 * i + c];
        if (b < 0) continue;
        if (mode == NSB_EVAL_ACCEL)
          target[c] = bc_value(s, b, 3 + c, t_new, 2);
        else if (s->scheme->h > 0.0)
          target[c] = (bc_value(s, b, 3 + c, t_new, 0) - bc_value(s, b, 3 + c, s->t, 0)) / s->scheme->h;
      }
      /* the rates at t_{n+1} (integrator.c, mn_hold_rotation): the prescribed
         w = phi'(t_{n+1}) and alpha = phi''(t_{n+1}) + c ((w - w_n)/h -
         (phi''(t_n) + phi''(t_{n+1}))/2), where the last terms (zero to O(h^2)
         for a smooth phi) give a jump of the rate -- a kink of a TABULAR
         angle, or a start from rates other than the prescribed ones -- as the
         scheme gives any body's velocity jump, c dw/h at the end point
         (nsb_scheme_impulse_factor); a held component has phi = 0 */
      for (int c = 0; c < 3 && mode == NSB_EVAL_DYNAMIC && h > 0.0; ++c) {
        if (!(s->fixed_r[i] & (1u << c))) continue;
        int b = s->rot_bc[3 * i + c];
        double w1 = b < 0 ? 0.0 : bc_value(s, b, 3 + c, t_new, 1), a1 = b < 0 ? 0.0 : bc_value(s, b, 3 + c, t_new, 2);
        double a0 = b < 0 ? 0.0 : bc_value(s, b, 3 + c, s->t, 2);
        end[c] = w1;
        end[3 + c] = a1 + cimp * ((w1 - s->old.w[3 * i + c]) / h - 0.5 * (a0 + a1));
      }
      s->ops->hold_rotation(s->scheme, i, s->fixed_r[i], target, mode == NSB_EVAL_DYNAMIC ? end : NULL, &s->old,
                            &s->cur);
    }
  }
}

void nsb_sys_predict_all(nsb_system* s, nsb_eval_mode mode, double t_new) {
  nsb_sys_energy_stale(s);
  predict_job job = {mode, t_new};
  (void)node_loop(s, predict_range, &job);
}

/* ---- threaded element loop ------------------------------------------------- */

/* The element loop runs over contiguous ranges of the static elements, one
   thread per range, and stays bit-identical for any number of ranges:
   floating-point addition is not associative, so every entry of r and A must
   receive its element contributions in element order, as the serial loop
   adds them.  A row of a node that the elements of one range alone touch
   gets all its contributions from that range, whose thread adds them in
   element order.  A row of a node that several ranges touch (a shared node:
   for a beam chain, the one node between two ranges) is not added by the
   threads: the elements at such nodes keep their whole block (ff, fK) in
   s->defer, and after the threads have joined one thread adds the shared
   rows of those blocks in element order.  Rows of multipliers belong to the
   joint that owns them.  The threads are a team started once
   (base/team.h), range 0 on the caller's thread.  The contact elements come after every static
   element; they are evaluated and added last, in order, by one thread (they
   are cheap, and their set changes at every rebuild of the contact list).
   What the elements accumulate beyond their blocks goes to per-element slots
   summed in element order (the condensed-out residual rows, elem_sum; the
   interior corrections of nsb_sys_post_solve likewise);
   the flux norms are maxima, which do not depend on the order.  Colouring
   the elements (no two of a colour sharing a node) would need no deferred
   blocks, but it adds each entry's contributions in colour order, which
   differs from element order: results would then move at round-off from
   those of the serial loop. */

/* Cost estimate of one evaluation for the balance of the ranges (speed only,
   never a result): a condensing element (beam) does the work of its interior
   points, about 50 times that of a spring or a joint. */
static long elem_cost(const nsb_elem* e) { return e->ops->post_solve ? 64 : 1 + e->n_local / 4; }

void nsb_sys_free_ranges(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  int ns = s->n_static_ranged > 0 ? s->n_static_ranged : 1, nn = s->n_nodes > 0 ? s->n_nodes : 1;
  if (s->range_lo) NSB_FREE_ARRAY(ctx, s->range_lo, s->n_threads + 1, int);
  if (s->rng) NSB_FREE_ARRAY(ctx, s->rng, s->n_threads, nsb_sys_range);
  if (s->node_range) NSB_FREE_ARRAY(ctx, s->node_range, nn, int);
  if (s->defer_ofs) NSB_FREE_ARRAY(ctx, s->defer_ofs, ns, int);
  if (s->defer_list) NSB_FREE_ARRAY(ctx, s->defer_list, ns, int);
  if (s->elem_sum) NSB_FREE_ARRAY(ctx, s->elem_sum, ns, double);
  if (s->acc_near) NSB_FREE_ARRAY(ctx, s->acc_near, nn, unsigned char);
  if (s->acc_skip) NSB_FREE_ARRAY(ctx, s->acc_skip, ns, unsigned char);
  if (s->defer) NSB_FREE_ARRAY(ctx, s->defer, s->defer_size > 0 ? s->defer_size : 1, double);
  if (s->en_ofs) NSB_FREE_ARRAY(ctx, s->en_ofs, ns, int);
  if (s->en_terms) NSB_FREE_ARRAY(ctx, s->en_terms, s->en_size > 0 ? s->en_size : 1, double);
  if (s->ls) nsb_linsolver_set_team(s->ls, NULL);
  nsb_team_destroy(&s->team);
  s->n_threads = 0;
  s->n_defer = 0;
  s->defer_size = 0;
  s->en_size = 0;
}

int nsb_sys_make_ranges(nsb_system* s, int n_threads) {
  nsb_ctx* ctx = s->ctx;
  NSB_CHECK(ctx, n_threads >= 1, NSB_ERR_ARG, "thread count %d: must be at least 1", n_threads);
  /* a team of this size is kept (nsb_system_create_threads made the beams on it) */
  nsb_team* keep = s->team && nsb_team_size(s->team) == n_threads ? s->team : NULL;
  if (keep) s->team = NULL;
  nsb_sys_free_ranges(s);
  s->team = keep;
  int T = n_threads, ns = s->first_contact, nn = s->n_nodes;
  s->n_threads = T;
  s->n_static_ranged = ns;
  s->range_lo = NSB_NEW_ARRAY(ctx, T + 1, int);
  s->rng = NSB_NEW_ARRAY(ctx, T, nsb_sys_range);
  s->node_range = NSB_NEW_ARRAY(ctx, nn > 0 ? nn : 1, int);
  s->defer_ofs = NSB_NEW_ARRAY(ctx, ns > 0 ? ns : 1, int);
  s->defer_list = NSB_NEW_ARRAY(ctx, ns > 0 ? ns : 1, int);
  s->elem_sum = NSB_NEW_ARRAY(ctx, ns > 0 ? ns : 1, double);
  s->en_ofs = NSB_NEW_ARRAY(ctx, ns > 0 ? ns : 1, int);
  s->acc_near = NSB_NEW_ARRAY(ctx, nn > 0 ? nn : 1, unsigned char);
  s->acc_skip = NSB_NEW_ARRAY(ctx, ns > 0 ? ns : 1, unsigned char);
  s->acc_skip_on = 0;
  if (!s->range_lo || !s->rng || !s->node_range || !s->defer_ofs || !s->defer_list || !s->elem_sum || !s->en_ofs ||
      !s->acc_near || !s->acc_skip) {
    nsb_sys_free_ranges(s);
    return NSB_ERR_ALLOC;
  }
  /* ranges of about equal estimated cost */
  long total = 0, acc = 0;
  for (int i = 0; i < ns; ++i) total += elem_cost(&s->elems[i]);
  int t = 0;
  s->range_lo[0] = 0;
  for (int i = 0; i < ns; ++i) {
    acc += elem_cost(&s->elems[i]);
    while (t + 1 < T && acc * T >= total * (t + 1)) s->range_lo[++t] = i + 1;
  }
  while (t < T) s->range_lo[++t] = ns;
  /* which ranges touch each node (nodes with rows only) */
  for (int i = 0; i < nn; ++i) s->node_range[i] = -1;
  for (int r = 0; r < T; ++r)
    for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i) {
      const nsb_elem* e = &s->elems[i];
      for (int k = 0; k < e->n_nodes; ++k) {
        int* o = &s->node_range[e->nodes[k]];
        if (e->node_ndof[k] == 0) continue;
        *o = *o == -1 ? r : *o == r ? r : -2;
      }
    }
  /* the blocks of the elements at shared nodes */
  size_t size = 0;
  s->n_defer = 0;
  for (int i = 0; i < ns; ++i) {
    const nsb_elem* e = &s->elems[i];
    int shared = 0;
    for (int k = 0; k < e->n_nodes; ++k) shared |= e->node_ndof[k] > 0 && s->node_range[e->nodes[k]] == -2;
    s->defer_ofs[i] = -1;
    if (!shared) continue;
    s->defer_ofs[i] = (int)size;
    s->defer_list[s->n_defer++] = i;
    size += (size_t)e->n_local * (size_t)(e->n_local + 1);
  }
  NSB_CHECK(ctx, size < (size_t)1 << 31, NSB_ERR_ARG, "%d threads: too many elements at shared nodes", T);
  s->defer_size = size;
  s->defer = NSB_NEW_ARRAY(ctx, size > 0 ? size : 1, double);
  if (!s->defer) {
    nsb_sys_free_ranges(s);
    return NSB_ERR_ALLOC;
  }
  /* the energy terms of the elements that split their energy, for a team
     (nsb_sys_energy_sum; one thread calls energy as it is) */
  size_t en_size = 0;
  for (int i = 0; i < ns; ++i) {
    const nsb_elem_ops* ops = s->elems[i].ops;
    s->en_ofs[i] = -1;
    if (T == 1 || !ops->energy_terms) continue;
    s->en_ofs[i] = (int)en_size;
    en_size += (size_t)ops->energy_n_terms(&s->elems[i]);
  }
  NSB_CHECK(ctx, en_size < (size_t)1 << 31, NSB_ERR_ARG, "too many energy terms of the elements");
  s->en_size = en_size;
  s->en_terms = NSB_NEW_ARRAY(ctx, en_size > 0 ? en_size : 1, double);
  if (!s->en_terms) {
    nsb_sys_free_ranges(s);
    return NSB_ERR_ALLOC;
  }
  /* one range per member of the team: the caller's thread takes range 0 */
  if (T > 1 && !s->team) {
    int st = nsb_team_create(ctx, T, &s->team);
    if (st < 0) {
      nsb_sys_free_ranges(s);
      return st;
    }
  }
  if (T > 1 && s->ls) nsb_linsolver_set_team(s->ls, s->team); /* KLU2's two domains */
  return NSB_OK;
}

int nsb_system_set_threads(nsb_system* s, int n_threads) { return nsb_sys_make_ranges(s, n_threads); }

int nsb_system_threads(const nsb_system* s) { return s->n_threads; }

/* Add the rows of an element's block to r and A: those of shared nodes
   (shared = 1) or all the others (shared = 0).  Each entry in the order of
   nsb_csr_add_mapped (column-major over the block). */
static void add_rows(nsb_system* s, const nsb_elem* e, const double* ff, const double* fK, int with_matrix,
                     int shared) {
  int nl = e->n_local, q = 0;
  unsigned char take[NSB_ELEM_MAX_LOCAL];
  for (int k = 0; k < e->n_nodes; ++k) {
    int sh = s->node_range[e->nodes[k]] == -2;
    for (int d = 0; d < e->node_ndof[k]; ++d) take[q++] = (unsigned char)(sh == shared);
  }
  for (; q < nl; ++q) take[q] = (unsigned char)!shared;
  for (q = 0; q < nl; ++q)
    if (take[q] && e->eq[q] >= 0) s->r[e->eq[q]] += ff[q];
  if (!with_matrix || !s->A) return;
  double* v = s->A->val;
  int colg[NSB_ELEM_MAX_LOCAL], colo[NSB_ELEM_MAX_LOCAL];
  nsb_csr_group_cols(e->eq, nl, e->n_nodes, e->node_ndof, colg, colo);
  for (int j = 0; j < nl; ++j) {
    if (colo[j] < 0) continue;
    const int* mg = e->map + (size_t)nl * (size_t)colg[j];
    for (int i = 0; i < nl; ++i) {
      int p = mg[i];
      if (p >= 0 && take[i]) v[p + colo[j]] += fK[i + nl * j];
    }
  }
}

/* The largest force and moment contribution of a block to a node row. */
static void block_flux(const nsb_elem* e, const double* ff, double* qf, double* qm) {
  for (int k = 0, q = 0; k < e->n_nodes; ++k)
    for (int d = 0; d < e->node_ndof[k]; ++d, ++q) {
      double a = fabs(ff[q]);
      if (d < 3) *qf = a > *qf ? a : *qf;
      else *qm = a > *qm ? a : *qm;
    }
}

/* Evaluate range r of the static elements and add what it alone touches.
   ec is the range's own context: it points internal_res2 at each element's sum. */
static void assemble_range(nsb_system* s, nsb_eval_ctx* ec, int r, int with_matrix) {
  nsb_sys_range* g = &s->rng[r];
  g->qf = g->qm = 0.0;
  g->failed = -1;
  g->status = NSB_OK;
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local, o = s->defer_ofs[i];
    double* ff = o >= 0 ? s->defer + o : g->ff;
    double* fK = o >= 0 ? s->defer + o + nl : g->fK;
    memset(ff, 0, (size_t)nl * sizeof(double));
    if (with_matrix) memset(fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    s->elem_sum[i] = 0.0;
    if (s->acc_skip_on && s->acc_skip[i]) {
      /* the restart without a residual sweep (newton.c, restart_far): no
         rows (its block, deferred or not, stays zero), no flux, no
         interior sum; its part is the increment's */
      NSB_ASSERT(!with_matrix);
      nsb_beam_accel_skip(e, ec->cur);
      continue;
    }
    ec->internal_res2 = &s->elem_sum[i];
    int est = e->ops->eval(e, ec, ff, with_matrix ? fK : NULL);
    if (est < 0) {
      g->failed = i;
      g->status = est;
      return;
    }
    block_flux(e, ff, &g->qf, &g->qm);
    if (o >= 0) {
      add_rows(s, e, ff, fK, with_matrix, 0);
      continue;
    }
    for (int q = 0; q < nl; ++q)
      if (e->eq[q] >= 0) s->r[e->eq[q]] += ff[q];
    if (with_matrix && s->A) nsb_elem_add_block(s->A, e, fK);
  }
}

typedef struct range_job {
  nsb_system* s;
  const nsb_eval_ctx* ec;
  int with_matrix;
} range_job;

static void range_member(void* arg, int member) {
  const range_job* j = arg;
  nsb_eval_ctx ec = *j->ec; /* each thread's range its own copy */
  assemble_range(j->s, &ec, member, j->with_matrix);
}

/* A contact's local rows and columns in groups of one unit each: a node's
   translations, a node's rotations, the element's multipliers.  A unit
   system scales the entries of one group's rows in one group's columns by
   one factor, so a change measured against the largest kept entry of its
   own (row group, column group) sub-block is the same number in any units;
   against the largest entry of the whole block, which mixes forces,
   velocities and impulses, a multiplier row that switched its branch went
   unseen in mm-tonne-s and was seen in SI (tests/user
   slider_on_sloped_beam).  Returns the number of groups (at most
   CONTACT_GROUPS) and each local index's group in g. */
#define CONTACT_GROUPS (2 * NSB_ELEM_MAX_NODES + 1)
static int contact_groups(const nsb_elem* e, int* g) {
  int q = 0;
  for (int k = 0; k < e->n_nodes; ++k)
    for (int c = 0; c < e->node_ndof[k]; ++c) g[q++] = 2 * k + (c >= 3);
  for (int m = 0; m < e->n_mult; ++m) g[q++] = 2 * e->n_nodes;
  NSB_ASSERT(q == e->n_local && q <= NSB_ELEM_MAX_NODES * 6 + 8 && e->n_nodes <= NSB_ELEM_MAX_NODES);
  return 2 * e->n_nodes + 1;
}

/* A contact row changed its form since the kept matrix was formed: its
   local matrix fK differs from the kept one cK by more than
   CONTACT_ROW_CHANGE of the largest kept entry of its sub-block (row group,
   column group; contact_groups), or a sub-block that was zero is not (a
   semi-smooth row that switched its branch, a compliant contact's stiffness
   that moved). */
#define CONTACT_ROW_CHANGE 1e-2
static int contact_row_changed(const nsb_elem* e, const double* fK, const double* cK) {
  int g[NSB_ELEM_MAX_NODES * 6 + 8];
  const int nl = e->n_local, ng = contact_groups(e, g);
  double big[CONTACT_GROUPS * CONTACT_GROUPS] = {0.0}, d[CONTACT_GROUPS * CONTACT_GROUPS] = {0.0};
  for (int j = 0; j < nl; ++j)
    for (int i = 0; i < nl; ++i) {
      int b = g[i] + ng * g[j];
      big[b] = nsb_fmax(big[b], fabs(cK[i + nl * j]));
      d[b] = nsb_fmax(d[b], fabs(fK[i + nl * j] - cK[i + nl * j]));
    }
  for (int b = 0; b < ng * ng; ++b)
    if (d[b] > CONTACT_ROW_CHANGE * big[b]) return 1;
  return 0;
}

/* The stricter test of acceptance after the first correction (newton.c,
   accept_first): a row whose entries in one column group moved by more
   than CONTACT_ROW_CHANGE of that row's largest kept entry in the group.
   The block test above misses a change of a row whose sub-block has its
   largest entries in other rows; Newton's iteration then still corrects
   it, an acceptance without a further residual would not. */
static int contact_rows_changed(const nsb_elem* e, const double* fK, const double* cK, double tol) {
  int g[NSB_ELEM_MAX_NODES * 6 + 8];
  const int nl = e->n_local, ng = contact_groups(e, g);
  for (int i = 0; i < nl; ++i) {
    double big[CONTACT_GROUPS] = {0.0}, d[CONTACT_GROUPS] = {0.0};
    for (int j = 0; j < nl; ++j) {
      big[g[j]] = nsb_fmax(big[g[j]], fabs(cK[i + nl * j]));
      d[g[j]] = nsb_fmax(d[g[j]], fabs(fK[i + nl * j] - cK[i + nl * j]));
    }
    for (int b = 0; b < ng; ++b)
      if (d[b] > tol * big[b]) return 1;
  }
  return 0;
}

/* The kept matrix holds a contact's Jacobian at the iterate when no entry
   moved by more than this of its row's largest kept entry in the column
   group (the test above with this bound): the contact-rows correction of
   newton.c (contact_correction) then leaves the rows, linear within their
   form, at this times their residual, below round-off.  A flat obstacle's
   rows (normal, weights, c_r/h) are the same bits from one increment to
   the next, but for h's round-off. */
#define CONTACT_ROW_EXACT 1e-9

int nsb_sys_contact_rows_changed(nsb_system* s, nsb_eval_mode mode, double t_new, double* rc, int* inexact) {
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, t_new, &ec);
  ec.factors = NSB_FACTORS_KEPT;
  const double* cK = s->tan_cK;
  for (int i = s->first_contact; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local, nk = nl * nl;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    memset(s->fK, 0, (size_t)nk * sizeof(double));
    int est = e->ops->eval(e, &ec, s->ff, s->fK);
    if (est < 0) return est;
    if (contact_rows_changed(e, s->fK, cK, CONTACT_ROW_CHANGE)) return 1;
    if (inexact && !*inexact) *inexact = contact_rows_changed(e, s->fK, cK, CONTACT_ROW_EXACT);
    /* the contact's own rows (its multipliers'): no other element adds to them */
    if (rc)
      for (int q = nl - e->n_mult; q < nl; ++q)
        if (e->eq[q] >= 0) rc[e->eq[q]] += s->ff[q];
    cK += nk;
  }
  return 0;
}

/* Assemble residual and matrix at the current iterate.  Fills the residual
   norms of s->nrm: per field the largest free-row residual and the flux (the
   largest element contribution to a node row of the field, held rows
   included: reactions carry flux), and the 2-norm over all rows (condensed
   interior rows included) for an explicit absolute tolerance. */
int nsb_sys_assemble(nsb_system* s, nsb_eval_mode mode, double t_new, nsb_asm_kind what) {
  const double w_clock = s->clock_w, tic = w_clock > 0.0 ? nsb_now_s() : 0.0;
  NSB_ASSERT(s->n_threads >= 1 && s->n_static_ranged == s->first_contact);
  const int with_matrix = what == NSB_ASM_MATRIX || what == NSB_ASM_MATRIX_KEEP;
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, t_new, &ec);
  ec.factors = what == NSB_ASM_MATRIX_KEEP   ? NSB_FACTORS_KEEP
               : what == NSB_ASM_RESIDUAL_KEPT ? NSB_FACTORS_KEPT
                                               : NSB_FACTORS_FRESH;
  /* modified Newton's dynamic iterations: the states an evaluation leaves
     are not kept (an acceptance sets them by the points pass,
     nsb_sys_commit_points, or by the reactions' evaluation; the next
     iteration evaluates from the unknowns), but where the first
     correction's audit compares them with that pass (first_confirm) */
  if (ec.factors == NSB_FACTORS_KEPT && mode == NSB_EVAL_DYNAMIC && !s->first_confirm)
    ec.factors = NSB_FACTORS_KEPT_ALONE;
  memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  if (with_matrix && s->A) nsb_csr_zero(s->A);
  double qf = 0.0, qm = 0.0;
  s->failed_elem = -1;
  if (s->team) {
    range_job job = {s, &ec, with_matrix};
    nsb_team_run(s->team, range_member, &job);
  } else /* one range: the context itself (a 328-byte copy less), its internal_res2 set again below */
    assemble_range(s, &ec, 0, with_matrix);
  for (int r = 0; r < s->n_threads; ++r)
    if (s->rng[r].failed >= 0) { /* ranges ascend: the first failure in element order */
      s->failed_elem = s->rng[r].failed;
      return s->rng[r].status;
    }
  for (int r = 0; r < s->n_threads; ++r) {
    qf = s->rng[r].qf > qf ? s->rng[r].qf : qf;
    qm = s->rng[r].qm > qm ? s->rng[r].qm : qm;
  }
  for (int k = 0; k < s->n_defer; ++k) {
    const nsb_elem* e = &s->elems[s->defer_list[k]];
    const double* blk = s->defer + s->defer_ofs[s->defer_list[k]];
    add_rows(s, e, blk, blk + e->n_local, with_matrix, 1);
  }
  s->internal_res2 = 0.0;
  for (int i = 0; i < s->first_contact; ++i) s->internal_res2 += s->elem_sum[i];
  ec.internal_res2 = &s->internal_res2;
  /* modified Newton: the contacts' local matrices of a kept matrix are kept
     too, and an iteration with it evaluates them again (they are cheap) to
     find a contact row whose form changed (contact_row_changed) */
  const int keep_cK = what == NSB_ASM_MATRIX_KEEP && mode != NSB_EVAL_ACCEL,
            cmp_cK = what == NSB_ASM_RESIDUAL_KEPT && mode != NSB_EVAL_ACCEL;
  double* cK = s->tan_cK;
  s->tan_contact_changed = 0;
  s->tan_contact_rows_changed = 0;
  for (int i = s->first_contact; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local, nk = nl * nl;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    if (with_matrix || cmp_cK) memset(s->fK, 0, (size_t)nk * sizeof(double));
    int est = e->ops->eval(e, &ec, s->ff, with_matrix || cmp_cK ? s->fK : NULL);
    if (est < 0) {
      s->failed_elem = i;
      return est;
    }
    if (keep_cK) memcpy(cK, s->fK, (size_t)nk * sizeof(double));
    if (cmp_cK && !s->tan_contact_changed) s->tan_contact_changed = contact_row_changed(e, s->fK, cK);
    if (cmp_cK && !s->tan_contact_rows_changed)
      s->tan_contact_rows_changed = contact_rows_changed(e, s->fK, cK, CONTACT_ROW_CHANGE);
    cK += nk;
    for (int q = 0; q < nl; ++q)
      if (e->eq[q] >= 0) s->r[e->eq[q]] += s->ff[q];
    block_flux(e, s->ff, &qf, &qm);
    if (with_matrix && s->A) nsb_elem_add_block(s->A, e, s->fK);
  }
  /* the restart without a residual sweep: the rows of the nodes no contact
     reaches are the increment's residual at its accepted iterate (zero to
     the Newton tolerance), also where an evaluated beam added its share */
  for (int i = 0; s->acc_skip_on && i < s->n_nodes; ++i)
    for (int d = 0; d < s->ndof[i] && !s->acc_near[i]; ++d)
      if (s->node_eq[6 * i + d] >= 0) s->r[s->node_eq[6 * i + d]] = 0.0;
  for (int q = 0; q < s->n_mult; ++q) {
    int level = mode == NSB_EVAL_ACCEL ? 2 : mode == NSB_EVAL_STATIC ? 0 : s->mult_level[q];
    if (s->mult_eq[q] >= 0) s->row_unscale[s->mult_eq[q]] = 1.0 / ec.con_scale[level];
  }
  /* A body in free flight has no flux: in every element inertia balances
     gravity, and the largest contribution is round-off, against which no
     residual converges (the test then fell back on its round-off floor after
     a unit-dependent number of iterations).  The weight of the heaviest node
     is a force of the problem: it bounds the flux from below. */
  double wq = s->node_mass_max * nsb_v3_norm(ec.gravity);
  if (mode == NSB_EVAL_DYNAMIC && wq > qf) qf = wq;
  /* Nor does anything bound it without gravity, nor the moment flux ever: a
     body spinning freely balances its inertia to round-off in its moment
     rows.  The momentum of each node at the start of the increment over the
     increment, m |v_n| / h and J |w_n| / h (the force and moment that would
     stop it within the increment), times NSB_CONV_FLUX_NIL, is a force and
     a moment of the problem in any unit system, below the physical flux
     where there is one (at most 0.1 of it in the models measured in
     docs/theory.md §5, "The inertial flux"). */
  if (mode == NSB_EVAL_DYNAMIC && ec.h > 0.0) {
    double pf = 0.0, pm = 0.0;
    for (int i = 0; i < s->n_nodes; ++i) {
      if (!s->ndof[i]) continue;
      pf = nsb_fmax(pf, s->node_mi[2 * i] * nsb_v3_norm(nsb_v3_load(s->old.v + 3 * i)));
      pm = nsb_fmax(pm, s->node_mi[2 * i + 1] * nsb_v3_norm(nsb_v3_load(s->old.w + 3 * i)));
    }
    qf = nsb_fmax(qf, NSB_CONV_FLUX_NIL * pf / ec.h);
    qm = nsb_fmax(qm, NSB_CONV_FLUX_NIL * pm / ec.h);
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
  if (w_clock > 0.0) {
    s->clock_assembled = nsb_now_s();
    s->stats.t_assemble += w_clock * (s->clock_assembled - tic);
  }
  return NSB_OK;
}

/* Correction norms of the iteration (after apply_increment and post_solve):
   node corrections mapped to positions and rotations by the scheme
   (dx = c_r Delta, dTheta = B_theta Delta_r; the initial accelerations: the
   accelerations themselves), the beams' interior corrections (ic), and the
   motion of the increment so far. */
typedef struct norms_job {
  nsb_eval_mode mode;
  const double* dx;
  const nsb_corr* ic;
} norms_job;

/* The maxima of nodes lo .. hi-1 into rng[r].cn (c_trans, c_rot, du_trans,
   du_rot, x_size), each started from the serial loop's start: nsb_fmax takes
   the largest number of its arguments whatever their order, so the maxima
   of the ranges give those of one loop. */
static void norms_range(nsb_system* s, void* arg, int lo, int hi, int r) {
  const norms_job* j = arg;
  const nsb_eval_mode mode = j->mode;
  const double* dx = j->dx;
  double ct = j->ic->trans, cr = j->ic->rot, ut = 0.0, ur = 0.0, xs = 0.0;
  for (int i = lo; i < hi; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    const nsb_kin* k = &s->kin[i];
    double d[6] = {0, 0, 0, 0, 0, 0};
    for (int c = 0; c < nd; ++c) {
      int eq = s->node_eq[6 * i + c];
      d[c] = eq >= 0 ? dx[eq] : 0.0;
    }
    nsb_vec3 dt = nsb_v3(d[0], d[1], d[2]);
    nsb_vec3 x = nsb_st_x(&s->cur, i), u;
    if (mode == NSB_EVAL_ACCEL) {
      u = nsb_st_a(&s->cur, i);
    } else {
      dt = nsb_v3_scale(k->cr, dt);
      u = nsb_v3_sub(x, nsb_st_x(&s->old, i));
    }
    /* the motion of the unknowns only: a prescribed component is no unknown
       of the iteration and must not set the scale of the others' corrections
       (a driven rotation tied by L to the translations let an unconverged
       set-valued contact pass) */
    double uc[3] = {u.x, u.y, u.z};
    for (int c = 0; c < 3; ++c)
      if (s->fixed_t[3 * i + c] >= 0) uc[c] = 0.0;
    u = nsb_v3(uc[0], uc[1], uc[2]);
    ct = nsb_fmax(ct, nsb_v3_norm(dt));
    ut = nsb_fmax(ut, nsb_v3_norm(u));
    xs = nsb_fmax(xs, nsb_v3_norm(x));
    if (nd == 6) {
      nsb_vec3 dr = nsb_v3(d[3], d[4], d[5]);
      double th;
      unsigned held = s->fixed_r[i];
      if (mode == NSB_EVAL_ACCEL) {
        nsb_vec3 al = nsb_st_al(&s->cur, i);
        double a3[3] = {al.x, al.y, al.z}, a2 = 0.0;
        for (int c = 0; c < 3; ++c)
          if (!(held & (1u << c))) a2 += a3[c] * a3[c];
        th = sqrt(a2);
      } else {
        dr = nsb_m3_mulv(k->Bth, dr);
        /* incremental rotation angle from the quaternions, 2 atan2(|v|, |w|),
           of the free body axes (dq is the body-frame increment; the held or
           driven axes are prescribed, exact for a fixed axis) */
        nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_st_q(&s->old, i)), nsb_st_q(&s->cur, i));
        double v3[3] = {dq.x, dq.y, dq.z}, v2 = 0.0;
        for (int c = 0; c < 3; ++c)
          if (!(held & (1u << c))) v2 += v3[c] * v3[c];
        th = 2.0 * atan2(sqrt(v2), fabs(dq.w));
      }
      cr = nsb_fmax(cr, nsb_v3_norm(dr));
      ur = nsb_fmax(ur, th);
    }
  }
  double* cn = s->rng[r].cn;
  cn[0] = ct;
  cn[1] = cr;
  cn[2] = ut;
  cn[3] = ur;
  cn[4] = xs;
}

void nsb_sys_correction_norms(nsb_system* s, nsb_eval_mode mode, const double* dx, const nsb_corr* ic) {
  double ct = ic->trans, cr = ic->rot, ut = 0.0, ur = 0.0, xs = 0.0, c2 = ic->raw2;
  norms_job job = {mode, dx, ic};
  int nr = node_loop(s, norms_range, &job);
  for (int r = 0; r < nr; ++r) {
    const double* cn = s->rng[r].cn;
    ct = nsb_fmax(ct, cn[0]);
    cr = nsb_fmax(cr, cn[1]);
    ut = nsb_fmax(ut, cn[2]);
    ur = nsb_fmax(ur, cn[3]);
    xs = nsb_fmax(xs, cn[4]);
  }
  /* the sum of squares in the serial loop's order: node by node, then the multipliers */
  for (int i = 0; i < s->n_nodes; ++i)
    for (int c = 0; c < s->ndof[i]; ++c) {
      int eq = s->node_eq[6 * i + c];
      double d = eq >= 0 ? dx[eq] : 0.0;
      c2 += d * d;
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

static void apply_range(nsb_system* s, void* arg, int lo, int hi, int r) {
  (void)r;
  const double* dx = arg;
  double d[6];
  for (int i = lo; i < hi; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    for (int k = 0; k < nd; ++k) d[k] = s->node_eq[6 * i + k] >= 0 ? dx[s->node_eq[6 * i + k]] : 0.0;
    s->ops->apply(s->scheme, i, nd, d, &s->old, &s->cur);
  }
}

void nsb_sys_apply_increment(nsb_system* s, const double* dx, double lam_scale) {
  nsb_sys_energy_stale(s);
  (void)node_loop(s, apply_range, (void*)dx);
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] >= 0) s->lam[q] += lam_scale * dx[s->mult_eq[q]];
}

/* Range r of the static elements' interior recoveries: the largest
   corrections of the range into its nsb_sys_range, each element's squared
   norm into elem_sum (summed in element order by the caller). */
typedef struct post_job {
  nsb_system* s;
  const double* dx;
} post_job;

static void post_member(void* arg, int r) {
  const post_job* j = arg;
  nsb_system* s = j->s;
  nsb_corr* c = &s->rng[r].corr;
  c->trans = c->rot = c->raw2 = 0.0;
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i) {
    const nsb_elem* e = &s->elems[i];
    s->elem_sum[i] = 0.0;
    if (!e->ops->post_solve) continue;
    for (int q = 0; q < e->n_local; ++q) du[q] = e->eq[q] >= 0 ? j->dx[e->eq[q]] : 0.0;
    nsb_corr ci = {c->trans, c->rot, 0.0};
    e->ops->post_solve(e, du, &ci);
    c->trans = ci.trans;
    c->rot = ci.rot;
    s->elem_sum[i] = ci.raw2;
  }
}

static void commit_member(void* arg, int r) {
  nsb_system* s = arg;
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i)
    if (s->elems[i].ops->commit) s->elems[i].ops->commit(&s->elems[i]);
}

/* A beam's commit copies its point states (2.6 % of a one-thread run of the
   10^4-element cantilever, perf): on the team, as the element loop. */
void nsb_sys_commit(nsb_system* s) {
  int from = 0;
  if (s->n_threads >= 1 && s->n_static_ranged == s->first_contact) { /* the ranges of the last assembly */
    if (s->team)
      nsb_team_run(s->team, commit_member, s);
    else
      commit_member(s, 0);
    from = s->first_contact;
  }
  for (int i = from; i < s->n_elems; ++i)
    if (s->elems[i].ops->commit) s->elems[i].ops->commit(&s->elems[i]);
}

typedef struct energy_job {
  const nsb_system* s;
  const nsb_eval_ctx* ec;
} energy_job;

static void energy_member(void* arg, int r) {
  const energy_job* job = arg;
  const nsb_system* s = job->s;
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i)
    if (s->en_ofs[i] >= 0) s->elems[i].ops->energy_terms(&s->elems[i], job->ec, s->en_terms + s->en_ofs[i]);
}

/* The elements' energies (nsb_system_energy; 5.7 % of a one-thread run of
   the 10^4-element cantilever, perf).  The terms of the elements that split
   their energy (beams) are computed on the team, range by range, into
   en_terms; then one thread adds every element's terms, or calls the
   energy of the others, in element order, as the serial loop does: the same
   bits for any number of threads.  Without a team the loop is the serial
   one (the round trip through en_terms would only cost memory traffic). */
void nsb_sys_energy_sum(const nsb_system* s, const nsb_eval_ctx* ec, nsb_energy* e) {
  int from = 0;
  if (s->team && s->n_static_ranged == s->first_contact) { /* the ranges of the last assembly */
    energy_job job = {s, ec};
    nsb_team_run(s->team, energy_member, &job);
    for (int i = 0; i < s->first_contact; ++i) {
      const nsb_elem* el = &s->elems[i];
      if (s->en_ofs[i] >= 0)
        el->ops->energy_add(el, s->en_terms + s->en_ofs[i], e);
      else if (el->ops->energy)
        el->ops->energy(el, ec, e);
    }
    from = s->first_contact;
  }
  for (int i = from; i < s->n_elems; ++i)
    if (s->elems[i].ops->energy) s->elems[i].ops->energy(&s->elems[i], ec, e);
}

/* Recover the internal unknowns of condensing elements; returns the size of
   their corrections (nsb_corr).  The static elements on the thread team as
   in nsb_sys_assemble; the squared norms summed in element order. */
nsb_corr nsb_sys_post_solve(nsb_system* s, const double* dx) {
  nsb_sys_energy_stale(s);
  nsb_corr c = {0.0, 0.0, 0.0};
  post_job job = {s, dx};
  if (s->team)
    nsb_team_run(s->team, post_member, &job);
  else
    post_member(&job, 0);
  for (int r = 0; r < s->n_threads; ++r) {
    c.trans = nsb_fmax(c.trans, s->rng[r].corr.trans);
    c.rot = nsb_fmax(c.rot, s->rng[r].corr.rot);
  }
  for (int i = 0; i < s->first_contact; ++i) c.raw2 += s->elem_sum[i];
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = s->first_contact; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->post_solve) continue;
    for (int q = 0; q < e->n_local; ++q) du[q] = e->eq[q] >= 0 ? dx[e->eq[q]] : 0.0;
    e->ops->post_solve(e, du, &c);
  }
  return c;
}

/* Moments of the rotation rows of r (6n) from the node frames into the global one. */
static void moments_to_global(const nsb_system* s, double* r) {
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i] == 6) nsb_v3_store(nsb_q_rotate(nsb_st_q(&s->cur, i), nsb_v3_load(r + 6 * i + 3)), r + 6 * i + 3);
}

/* The reactions of an impulsive increment: the support's impulse over the
   increment divided by h.  Its end point (react_end) holds a velocity jump dv
   as the inertia c m dv/h (nsb_scheme_impulse_factor: c = 2 for beta = gamma
   = 1/2) and the NEWTON contacts as their end-point rows (react_c_end); the
   smooth state after it (react, react_c) holds no jump, and of the contacts
   only the force Fc of a held one (contact/pair.h).  So: the smooth state's
   reactions without the contacts, plus 1/c of the jump of that part, plus
   the contacts' impulses of the increment over h (d->impulse, on the held
   rows; a disk driven against a sliding contact: the friction torque in
   every increment, tests/user driven_disk). */
static void impulsive_reactions(nsb_system* s) {
  double cimp = nsb_scheme_impulse_factor(s->scheme), h = s->scheme->h;
  for (int k = 0; k < 6 * s->n_nodes; ++k) {
    double plus = s->react[k] - s->react_c[k], minus = s->react_end[k] - s->react_c_end[k];
    s->react[k] = plus + (minus - plus) / cimp;
  }
  double* mc = s->react_c_end; /* scratch now: the contacts' mean forces, node frames */
  memset(mc, 0, 6 * (size_t)s->n_nodes * sizeof(double));
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_newton_ops) continue;
    nsb_vec3 F = nsb_v3_scale(d->impulse[0] / h, nsb_v3_load(d->n));
    for (int k = 1; k < e->n_mult; ++k) F = nsb_v3_muladd(F, d->impulse[k] / h, nsb_v3_load(d->t + 3 * (k - 1)));
    for (int j = 0, q = 0; j < e->n_nodes; q += e->node_ndof[j], ++j) {
      double g[6];
      int nr = nsb_contact_node_load(e, j, F, g);
      for (int r = 0; r < nr && r < e->node_ndof[j]; ++r)
        if (e->eq[q + r] < 0) mc[6 * e->nodes[j] + r] -= g[r]; /* the rows' residual changes by -g */
    }
  }
  moments_to_global(s, mc);
  for (int k = 0; k < 6 * s->n_nodes; ++k) s->react[k] += mc[k];
}

/* The elements' after_accel pass of accel_solve (cont: the beams' fused
   continuation, nsb_beam_accel_continue) and the energies of the state it
   leaves (s->en_last, as nsb_system_energy).  Without a team, an energy
   override or a failed solve, one loop over the elements takes both, each
   element's energy after its pass: only a beam has an after_accel,
   which writes that beam's own states (accelerations, pseudo-
   accelerations, damping data) and reads the nodes', and an element's
   energy reads its own states and the nodes' and adds to the sums in the
   order of the elements, so the sums are those of the two loops bit for
   bit; the beam's points come from memory once, not twice (benchmarks/peers
   README, "(2026-11-28, branch `speed3`)"). */
#define AFTER_ACCEL_BLOCK 4

static void after_accel_energy(nsb_system* s, int st, int cont, double p_gain) {
  const int fused = st == NSB_OK && !s->energy_override && !s->en_last_ok && !s->team && !s->acc_energy_apart;
  nsb_energy* e = &s->en_last;
  nsb_eval_ctx ec;
  if (fused) {
    memset(e, 0, sizeof *e);
    nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  }
  /* by blocks of AFTER_ACCEL_BLOCK elements: the passes of a block (14 KB
     of points of B2V POINTS=2 beams, within the first-level cache), then
     their energies; the continuation's loop then runs without a call
     between its elements (one between blocks), as it did alone */
  for (int i0 = 0; st == NSB_OK && i0 < s->n_elems; i0 += AFTER_ACCEL_BLOCK) {
    const int i1 = s->n_elems - i0 > AFTER_ACCEL_BLOCK ? i0 + AFTER_ACCEL_BLOCK : s->n_elems;
    for (int i = i0; i < i1; ++i) {
      const nsb_elem* el = &s->elems[i];
      if (cont && el->ops == &nsb_beam_v_ops)
        nsb_beam_accel_continue(el, &s->cur, p_gain);
      else if (el->ops->after_accel)
        el->ops->after_accel(el, p_gain);
    }
    for (int i = i0; fused && i < i1; ++i)
      if (s->elems[i].ops->energy) s->elems[i].ops->energy(&s->elems[i], &ec, e);
  }
  if (!fused) {
    nsb_system_energy(s, e);
    return;
  }
  e->external_work = s->work;
  e->support_work = s->swork;
  e->dissipated = s->dissipated;
  s->acc_energy_fused++;
}

void nsb_system_fused_energy(nsb_system* s, int on) { s->acc_energy_apart = on == 0; }
long nsb_system_energy_fused(const nsb_system* s) { return s->acc_energy_fused; }

/* The acceleration solve at the current state.  p_gain < 0: the step's
   initial accelerations; p_gain >= 0: the smooth accelerations after an
   impulsive increment, with the pseudo-accelerations of the generalized-alpha
   forms continued by p_gain times the change of the accelerations
   (elements/element.h after_accel, docs/contact.md §6). */
static int accel_solve(nsb_system* s, double p_gain, nsb_newton_report* rep) {
  const nsb_scheme_ops* keep = s->ops;
  nsb_sys_energy_stale(s);
  s->ops = &nsb_accel_ops;
  s->accel_restart = p_gain >= 0.0;
  /* the step's initial accelerations: the pseudo-accelerations start from
     them (p = a), and the filtered forces from the forces */
  if (p_gain < 0.0) s->filt_valid = 0;
  /* prescribed velocities at t0 from the supports' amplitudes (which read
     no node state), then old = cur: one copy of the nodes' states, not one
     before and one after (benchmarks/peers README, "The acceleration
     restart, counted") */
  for (int i = 0; i < s->n_nodes; ++i) {
    for (int c = 0; c < 3 && s->ndof[i]; ++c)
      if (s->fixed_t[3 * i + c] >= 0) s->cur.v[3 * i + c] = support_value(s, i, c, s->t, 1);
    for (int c = 0; c < 3 && s->ndof[i] == 6; ++c)
      if (s->rot_bc[3 * i + c] >= 0) s->cur.w[3 * i + c] = bc_value(s, s->rot_bc[3 * i + c], 3 + c, s->t, 1);
  }
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  nsb_sys_predict_all(s, NSB_EVAL_ACCEL, s->t);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  const long exact0 = s->accel_exact;
  int st = nsb_sys_newton(s, NSB_EVAL_ACCEL, s->t, rep);
  /* accepted without evaluating its iterate (nsb_sys_newton, accel_key):
     the beams' point accelerations are set by the after_accel pass below */
  const int cont = st == NSB_OK && s->accel_exact > exact0 && nsb_sys_accel_continue(s);
  int mean = p_gain >= 0.0 && s->want_react;
  NSB_ASSERT(!mean || s->react_end); /* impulsive increments come from contacts */
  size_t n6 = 6 * (size_t)s->n_nodes * sizeof(double);
  if (mean) {
    memcpy(s->react_end, s->react, n6);
    memcpy(s->react_c_end, s->react_c, n6);
  }
  if (st == NSB_OK && s->want_react) st = nsb_sys_compute_reactions(s, NSB_EVAL_ACCEL, s->t);
  /* the driven supports' power at t (support_work), of the smooth
     accelerations: before an impulsive increment's mean reactions */
  if (st == NSB_OK) st = nsb_sys_support_power(s, NSB_EVAL_ACCEL, s->t, &s->spower);
  if (st == NSB_OK && mean) impulsive_reactions(s);
  s->ops = keep;
  if (st == NSB_OK && p_gain >= 0.0 && s->split != 0.0 && s->split_ec) {
    /* beam nodes' impulses at the trapezoidal weight (contact/pair.h,
       nsb_contact_step_split): old holds the increment's accelerations, and
       split (a_old - a) is the impulses' jump du */
    nsb_elem* ce = s->elems + s->first_contact;
    const double alpha = nsb_contact_split_weight(ce, s->n_contacts, s->split_ec, s->old.a, s->cur.a, s->split);
    const double c = alpha * s->split;
    if (c != 0.0) {
      for (int i = 0; i < s->n_nodes; ++i) {
        for (int k = 0; k < 3 && s->ndof[i]; ++k)
          if (s->fixed_t[3 * i + k] < 0) s->cur.v[3 * i + k] += c * (s->old.a[3 * i + k] - s->cur.a[3 * i + k]);
        for (int k = 0; k < 3 && s->ndof[i] == 6; ++k)
          if (s->rot_bc[3 * i + k] < 0) s->cur.w[3 * i + k] += c * (s->old.al[3 * i + k] - s->cur.al[3 * i + k]);
      }
      for (int i = 0; i < s->n_elems; ++i)
        if (s->elems[i].ops->impulse_split) s->elems[i].ops->impulse_split(&s->elems[i], c, &s->cur);
      nsb_contact_split_book(ce, s->n_contacts, s->split_ec, alpha, &s->dissipated, &s->work);
    }
  }
  s->accel_restart = 0;
  after_accel_energy(s, st, cont, p_gain); /* and the increment's last energies (increment_to) */
  s->power = s->en_last.power;
  s->diss_rate = s->en_last.dissipation_rate;
  return st;
}

/* system_internal.h: a restart after an impulsive increment with no driven
   support (whose power evaluates the elements at its nodes) and no impulse
   split (which reads the beams' point accelerations): properties of the
   model, never of the output asked */
int nsb_sys_accel_far(const nsb_system* s) { return s->accel_restart && s->n_driven == 0 && s->split == 0.0; }

/* system_internal.h: what lies between the solve and the after_accel pass
   in accel_solve reads no point acceleration of a beam here (the reactions'
   and the driven supports' evaluations, the impulse split do) */
int nsb_sys_accel_continue(const nsb_system* s) { return nsb_sys_accel_far(s) && !s->want_react; }

int nsb_system_initial_acceleration(nsb_system* s, nsb_newton_report* rep) {
  int st = accel_solve(s, -1.0, rep);
  /* a dynamic step that starts the energy balance: the guard's start value */
  if (st == NSB_OK && !s->guard_on) (void)nsb_system_energy_guard(s, &s->en_last, 0);
  return st;
}

int nsb_sys_restart_acceleration(nsb_system* s, double p_gain, nsb_newton_report* rep) {
  /* the increment is accepted: lam_old (its start, for a rejection) keeps
     the contact multipliers over the acceleration solve, which sets them to
     0, when a contact under the law on the step average needs them */
  int keep = 0;
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_contact_data* d = s->elems[s->first_contact + i].state;
    keep |= s->elems[s->first_contact + i].ops == &nsb_contact_newton_ops && d->step_law && d->impulse[0] > 0.0;
  }
  if (keep) memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  /* a held contact's force in the smooth accelerations, Fc (contact/pair.h):
     its rows hold P = Fc; set beforehand, since under the prox sweeps the
     multipliers are data, not unknowns */
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_newton_ops || !d->held) continue;
    for (int k = 0; k < e->n_mult; ++k)
      s->lam[e->mult_first + k] = nsb_v3_dot(nsb_v3_load(k == 0 ? d->n : d->t + 3 * (k - 1)), nsb_v3_load(d->Fc));
  }
  int st = accel_solve(s, p_gain, rep);
  /* contacts under the law on the step average (docs/contact.md §7.1) that
     carried an impulse start the next increment from it: a body held on a
     redundant support (a box on four corners with friction) then finds the
     same distribution of its impulses again, instead of one that the
     round-off of a Newton path from zero picks, and a resting increment
     converges at once */
  for (int i = 0; keep && st == NSB_OK && i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops == &nsb_contact_newton_ops && d->step_law && d->impulse[0] > 0.0)
      for (int k = 0; k < e->n_mult; ++k) s->lam[e->mult_first + k] = s->lam_old[e->mult_first + k];
  }
  /* the nodes' pseudo-accelerations: s->old holds the increment's
     accelerations (accel_solve starts from a copy of the committed state) */
  if (st == NSB_OK && s->scheme->p_valid) nsb_scheme_continue_pseudo(s->scheme, &s->old, &s->cur, p_gain);
  /* a particle or rigid body held on a support with its contact force in
     the smooth accelerations (contact/pair.h, held) restarts its
     pseudo-accelerations from them: at rest p = a = 0, so that Moreau's law
     (v_n+1 = 0) also holds the positions (docs/contact.md §7, "Gap drift");
     a contact with a beam node keeps them continued (contact/pair.h, Phi) */
  for (int i = 0; st == NSB_OK && s->scheme->p_valid && i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops == &nsb_contact_newton_ops && d->held && !d->flexible)
      for (int j = 0; j < e->n_nodes; ++j) nsb_scheme_restart_pseudo_node(s->scheme, e->nodes[j], &s->cur);
  }
  return st;
}

/* Whether the reactions need element e's residual: it has a row of a held
   DOF (the rows they read), or it is a support along local directions, or
   it has no state-only pass (elements/element.h points) that would leave
   its state as an evaluation does (all but the beams: cheap, and the
   contacts' laws keep what their evaluation leaves). */
static int react_evaluates(const nsb_elem* e) {
  if (!e->ops->points || e->ops == &nsb_skew_support_ops) return 1;
  for (int k = 0, q = 0; k < e->n_nodes; ++k)
    for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
      if (e->eq[q] < 0) return 1;
  return 0;
}

typedef struct react_points_job {
  const nsb_system* s;
  const nsb_eval_ctx* ec;
} react_points_job;

/* One range of the static elements: the state-only pass of those whose
   residual the reactions do not read (each element's own state: the same
   bits on any thread). */
static void react_points_member(void* arg, int r) {
  const react_points_job* j = arg;
  const nsb_system* s = j->s;
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i)
    if (!react_evaluates(&s->elems[i])) s->elems[i].ops->points(&s->elems[i], j->ec);
}

/* Support reactions at the converged state of an increment (before its
   commit, so that the beams' interior states are still those of the
   increment): the residuals of the elements at a held DOF, whose
   contributions to the rows of held DOFs are the forces and moments the
   supports exert (residual convention of elements/element.h: r = inertia +
   internal - applied, so equilibrium of a held row reads r - R = 0).
   Moments of rotation rows are in the node frame and are turned into the
   global one.  An element with no held row contributes nothing there: a
   beam away from the supports takes the state-only pass instead of its
   evaluation (tangent and condensation), which leaves its committed states
   the same bits (elements/element.h points; docs/theory.md §5, "Support
   reactions"); the others are evaluated in element order as before. */
int nsb_sys_compute_reactions(nsb_system* s, nsb_eval_mode mode, double t_new) {
  nsb_conv_norms keep = s->nrm;
  memset(s->react, 0, 6 * (size_t)s->n_nodes * sizeof(double));
  if (s->react_c) memset(s->react_c, 0, 6 * (size_t)s->n_nodes * sizeof(double));
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, t_new, &ec);
  react_points_job job = {s, &ec};
  if (s->team)
    nsb_team_run(s->team, react_points_member, &job);
  else
    for (int i = 0; i < s->first_contact; ++i)
      if (!react_evaluates(&s->elems[i])) s->elems[i].ops->points(&s->elems[i], &ec);
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int newton = e->ops == &nsb_contact_newton_ops;
    if (i < s->first_contact && !react_evaluates(e)) continue;
    memset(s->ff, 0, (size_t)e->n_local * sizeof(double));
    NSB_CALL(e->ops->eval(e, &ec, s->ff, NULL));
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
        if (e->eq[q] < 0) {
          s->react[6 * e->nodes[k] + d] += s->ff[q];
          if (newton) s->react_c[6 * e->nodes[k] + d] += s->ff[q];
        }
    /* a support along local directions: its force lambda e in the node's rows is
       minus the reaction */
    if (e->ops == &nsb_skew_support_ops)
      for (int d = 0; d < 3; ++d) s->react[6 * e->nodes[0] + d] -= s->ff[d];
  }
  moments_to_global(s, s->react);
  if (s->react_c) moments_to_global(s, s->react_c);
  s->nrm = keep;
  return NSB_OK;
}

/* The power of the driven supports (support_work; docs/theory.md §3.6): at a
   held row the reaction R is what the elements' residual leaves there
   (nsb_sys_compute_reactions), and the velocity is the prescribed one, so
   R . v + M . omega over the driven nodes is the power the supports feed
   in (rows held at rest add nothing; free rows carry no reaction).  When
   the reactions are not computed anyway, only the elements at a driven node
   are evaluated, into those nodes' rows of s->react (which nothing reads
   then): a few elements per increment. */
int nsb_sys_support_power(nsb_system* s, nsb_eval_mode mode, double t_new, double* power) {
  *power = 0.0;
  if (s->n_driven == 0) return NSB_OK;
  if (!s->want_react) {
    nsb_conv_norms keep = s->nrm;
    for (int i = 0; i < s->n_nodes; ++i)
      if (s->driven[i]) memset(s->react + 6 * i, 0, 6 * sizeof(double));
    nsb_sys_kinematics(s);
    nsb_eval_ctx ec;
    nsb_sys_fill_ec(s, mode, t_new, &ec);
    for (int i = 0; i < s->n_elems; ++i) {
      const nsb_elem* e = &s->elems[i];
      int at = 0;
      for (int k = 0; k < e->n_nodes && !at; ++k) at = s->driven[e->nodes[k]];
      if (!at) continue;
      /* the evaluation writes the element's state (a beam's points, a
         contact's law): kept as the increment left it, so that the run
         goes on as without this evaluation, bit for bit */
      int beam = e->ops == &nsb_beam_v_ops && s->sp_keep, contact = i >= s->first_contact;
      nsb_contact_data cd;
      if (beam) nsb_beam_state_save(e, s->sp_keep);
      if (contact) cd = *(const nsb_contact_data*)e->state;
      memset(s->ff, 0, (size_t)e->n_local * sizeof(double));
      int st = e->ops->eval(e, &ec, s->ff, NULL);
      if (beam) nsb_beam_state_load(e, s->sp_keep);
      if (contact) *(nsb_contact_data*)e->state = cd;
      if (st < 0) {
        s->nrm = keep;
        return st;
      }
      for (int k = 0, q = 0; k < e->n_nodes; ++k)
        for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
          if (e->eq[q] < 0 && s->driven[e->nodes[k]]) s->react[6 * e->nodes[k] + d] += s->ff[q];
    }
    for (int i = 0; i < s->n_nodes; ++i)
      if (s->driven[i] && s->ndof[i] == 6)
        nsb_v3_store(nsb_q_rotate(nsb_st_q(&s->cur, i), nsb_v3_load(s->react + 6 * i + 3)), s->react + 6 * i + 3);
    s->nrm = keep;
  }
  double p = 0.0;
  for (int i = 0; i < s->n_nodes; ++i) {
    if (!s->driven[i]) continue;
    p += nsb_v3_dot(nsb_v3_load(s->react + 6 * i), nsb_st_v(&s->cur, i));
    if (s->ndof[i] == 6)
      p += nsb_v3_dot(nsb_v3_load(s->react + 6 * i + 3), nsb_q_rotate(nsb_st_q(&s->cur, i), nsb_st_w(&s->cur, i)));
  }
  *power = p;
  return NSB_OK;
}

void nsb_system_want_reactions(nsb_system* s, int on) { s->want_react = on; }

const double* nsb_system_reactions(const nsb_system* s) { return s->react; }

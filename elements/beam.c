/* beam.c -- the velocity-based beam as a system element: state at interior
 * points, end-frame offsets, static condensation of the internal unknowns.
 *
 * The kernel (elements/beam_velocity.c) works in the element's end frames
 * R_end = R_node Lambda, with Lambda fixed at t = 0 (so two elements meeting
 * at a kink, like the right-angle cantilever's elbow, share the node's
 * rotation but keep their own section axes).  Body-frame node quantities
 * map as w_end = Lambda^T w_node; the kernel's rotational node rows and
 * columns are mapped back with f_node = Lambda f_end, K_node = T K T^T,
 * T = blockdiag(I, Lambda_0, I, Lambda_1, I).
 *
 * The internal unknowns u_i (vbar'^p, wbar'^p, N^0, M^0) are condensed:
 *   K_c = K_nn - K_ni K_ii^{-1} K_in,  f_c = f_n - K_ni K_ii^{-1} f_i,
 * and recovered after the global solve: du_i = -K_ii^{-1} (f_i + K_in du_n).
 * All memory is allocated at creation; eval allocates nothing.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "elements/beam_strain.h"
#include "elements/beam_velocity.h"
#include "elements/element.h"
#include "elements/small_lu.h"

#define BEAM_MAX_DLOADS 8

/* One set of kept interior factors (beam_state.kept): Z the rows of X_n
   (n_int x 12: X's rows without the X_f and zero columns, which a kept set
   does not read, its X_f being xf), inv = K_ii^{-1} (n_int x n_int,
   column-major), kni = K_ni (12 x n_int, column-major); valid once set.  The inverse rather than
   the LU factors: its product with f_i is a matrix-vector product without
   the triangular solves' chain of dependent operations (beam_eval's share
   of the samples of the 100-element bar of benchmarks/peers with
   TANGENT=REUSE: 15.7 % with the LU factors, 12.5 % with the inverse). */
typedef struct beam_kept {
  double *Z, *inv, *kni, *xf; /* xf: X_f of the last frozen evaluation (frozen_rows) */
  int valid;
  /* The compact form (keep_compact), which then replaces the three dense
     arrays in their storage: from Z on the non-zeros of K_ii^{-1} (n_inv)
     and of K_ni (n_kni) and of X_n, each by columns, then, as bytes, the
     count of each of those n_int + n_int + 12 columns and the row index of
     every value.  The kept factors of an element
     that moves along one line (the bars of benchmarks/peers) are three
     quarters zeros (K_ii^{-1} 88 of 324 entries, K_ni 28 of 216, X_n 60 of
     216 on B2V POINTS=2), so a residual-only sweep reads a fifth of the
     bytes and does a third of the products. */
  int compact, n_inv, n_kni, n_vals;
} beam_kept;

/* The sets, how many there are, and the bytes of their allocation (the
   sets' arrays follow it), apart from the element's block so that an
   element of a model without TANGENT=REUSE carries one pointer for them.
   The second set (the acceleration solves after impulsive increments) only
   in a model with contact pairs: only contact impulses start those solves
   (solver/newton.c, the linear solver's recurring slot); without it the
   sets are half the bytes (3.7 KB of B2V POINTS=1). */
typedef struct beam_kept_sets {
  beam_kept kept[2];
  int n_sets;
  size_t bytes;
} beam_kept_sets;

/* What the output and the energy read of an end state (nsb_beam_point) that
   an evaluation leaves: position, frame, velocity, angular velocity (13 of
   its 31 doubles; the rest is the kernel's, in the evaluation's scratch). */
typedef struct beam_end {
  double r[3], q[4], v[3], w[3];
} beam_end;

typedef struct beam_state {
  nsb_beam_geom* geom;          /* interpolation, quadrature, initial strains (in the block; its
                                   tables there or in the system's nsb_beam_tables) */
  nsb_beam_strain_geom* sgeom;  /* strain element: geom is &sgeom->base; NULL for the velocity element */
  nsb_beam_strain_force *old_res, *cur_res; /* strain element: resultant parts (N + 2) for generalized-alpha */
  const nsb_beam_section* sec; /* in the table store (shared by the elements of one section), else in the block */
  nsb_quat lam[2]; /* end frame offsets Lambda (their matrices: nsb_q_to_m3 where used) */
  int N, n_qp, n_int, n_full;
  short galerkin; /* the element's weighting: 0 collocation, 1 Galerkin */
  /* What the current point arrays hold (PTS_*, below): the last
     evaluation's states (0); the old ones but for the accelerations a,
     alpha (1: an acceleration solve's copy, where accel_prepare then
     copies nothing); or nothing valid, the committed states being in the
     old arrays (2, after the velocity element's commit, which swaps the
     arrays instead of copying them; 3: the same, but a, alpha of an
     acceleration solve in the current ones).  Every writer of other
     current fields sets 0 (the kernels' evaluations, a checkpoint's load).
     A byte, with galerkin and emc in an int's place: the block keeps its bytes. */
  unsigned char pts_same;
  /* the energy-consistent form of the plain scheme (docs/theory_beam.md
     §11.2; emc_data): EMC_HAS, the block ends with its stored differences
     (Galerkin velocity elements in a model with a plain-scheme step);
     EMC_ON, the last evaluation or points pass used the form */
  unsigned char emc;
  int n_dloads;  /* (here: in the padding before h_eval) */
  double h_eval; /* the scheme's increment of the last evaluation (interior correction sizes) */
  int dload[BEAM_MAX_DLOADS];
  /* the distributed loads' work over the increment of the last evaluation
     as the equations apply it, minus the trapezoidal rule on their power
     (dload_work; 0 outside dynamic increments under the trapezoidal rule) */
  double dload_w;
  nsb_beam_point *old_qp, *cur_qp, *old_cp, *cur_cp;
  beam_end cur_end[2]; /* the ends as the last evaluation left them (output; end_view) */
  double *u_int, *u_int_old;
  /* what the last evaluation used, for the equilibrium resultants of the
     output (nsb_beam_field): its loads, whether its states carry inertia,
     whether it was an initial-acceleration solve (whose moment rows used the
     unit inertia of accel_inertia where the section has none: a flag, not
     the three values, which field_of recomputes), and (NM0, in the block)
     its N^0, M^0 */
  double field_n[3], field_m[3];
  int field_inertia;
  int field_accel; /* 1: an acceleration solve's states: the rotary inertia of
                      the moment rows was accel_inertia's (field_of), not the section's;
                      2: the same, with the beta stress of the committed rates (keeps_beta) */
  /* condensation (condense): X = K_ii^{-1} [f_i | K_in] of the last
     evaluation, for post_solve: the rows of X_n (n_int x 12) and X_f
     (n_int), laid out as a kept set's Z and xf (formed in the evaluation's
     scratch, NSB_LU_ROW_WIDTH wide, and copied without its zero column) */
  double *X, *Xf, *NM0;
  /* *STATIC, RIKS (eval with ec->f_lpf): Xl = K_ii^{-1} f_i,lpf; NULL in
     the elements of a model without a Riks step */
  double* Xl;
  /* Modified Newton (element.h, nsb_factor_use): the interior factors of the
     last evaluation with NSB_FACTORS_KEEP, one set for the dynamic and
     static modes (kept[0]) and one for the acceleration solves (kept[1]),
     allocated only when a step of the model has TANGENT=REUSE (else
     ks is NULL), the second only with contact pairs (beam_kept_sets).
     xrows: the rows post_solve reads, those the last evaluation left (X,
     or a kept set's Z after its tangent or a frozen evaluation); their X_f
     is Xf, or a kept set's own xf, contiguous (a frozen
     evaluation then writes 18 doubles instead of a column through every row
     of Z, which the residual-only sweeps of large models read from
     memory).  A block of its own, apart from the evaluation's hot data. */
  beam_kept_sets* ks;
  const double* xrows;
  size_t bytes;      /* the whole block */
  size_t tail_bytes; /* the evolving states from old_qp on (checkpoint) */
} beam_state;

/* The kept set of the dynamic and static modes (accel = 0) or of the
   acceleration solves (1); NULL where the element keeps none. */
static beam_kept* kept_set(const beam_state* s, int accel) {
  return s->ks && accel < s->ks->n_sets ? &s->ks->kept[accel] : NULL;
}

/* beam_state.pts_same */
enum { PTS_OWN = 0, PTS_SAME = 1, PTS_OLD = 2, PTS_OLD_ACC = 3 };

/* beam_state.emc */
enum { EMC_HAS = 1, EMC_ON = 2 };

/* The energy-consistent form's stored differences (docs/theory_beam.md
   §11.2): d_n of the triple the rows of t_n carried to the constitutive
   one, 9 a collocation point (A global, M and c material), the last 9 N
   doubles of the block (its tail: the checkpoint carries them); NULL in the
   elements without them. */
static double* emc_data(const beam_state* s) {
  return s->emc & EMC_HAS ? (double*)((char*)s + s->bytes) - 9 * s->N : NULL;
}

/* The element's present point states for the readers between evaluations
   (energies, output, reactions' and contacts' geometry): the current arrays,
   or the committed ones where the commit swapped them (PTS_OLD, PTS_OLD_ACC:
   the current arrays hold nothing valid but, in an acceleration solve, its
   a, alpha, which only the solve's continuation reads). */
static const nsb_beam_point* now_qp(const beam_state* s) { return s->pts_same >= PTS_OLD ? s->old_qp : s->cur_qp; }
static const nsb_beam_point* now_cp(const beam_state* s) { return s->pts_same >= PTS_OLD ? s->old_cp : s->cur_cp; }

/* The first of the block's point arrays (old_qp, cur_qp, old_cp, cur_cp in
   that order at creation; beam_commit swaps the roles of the first two and
   of the last two). */
static nsb_beam_point* pts_base(const beam_state* s) { return s->old_qp < s->cur_qp ? s->old_qp : s->cur_qp; }

/* Before an acceleration solve writes a, alpha into the current points: the
   current arrays become the committed states where they hold an
   evaluation's (copied; PTS_SAME), and where the commit swapped them
   (PTS_OLD) only a, alpha are written (PTS_OLD_ACC): the solve reads the
   committed states from the old arrays. */
static void accel_prepare(beam_state* s) {
  if (s->pts_same == PTS_OWN) {
    memcpy(s->cur_qp, s->old_qp, sizeof(nsb_beam_point) * (size_t)s->n_qp);
    memcpy(s->cur_cp, s->old_cp, sizeof(nsb_beam_point) * (size_t)s->N);
    s->pts_same = PTS_SAME;
  } else if (s->pts_same == PTS_OLD) {
    s->pts_same = PTS_OLD_ACC;
  }
}

/* Largest full local system: 12 node unknowns and the interior of 10 points. */
#define BEAM_MAX_FULL (12 + 6 * NSB_BEAM_MAX_POINTS + 6)

/* Scratch of one evaluation: the local unknowns u in the kernels' layout,
   the full local residual F and tangent K before
   condensation (K_ii factored in place), the residual rate Fp of a Riks step
   (the full residual at lpf + 1, then its difference from the one at lpf),
   the pivots of K_ii, the node states at t_n in the end frames (the
   kernels' old_end) and the end states the kernels leave (cur_ends; the
   element keeps a part of them, end_keep).  Nothing in it is read after the evaluation, so it
   lives on the stack of beam_eval, sized for the largest element (about
   50 KB), of which an element touches its own n_full^2 doubles: the same
   few KB for every element of an assembly loop, hot in the cache.  Kept in
   each element's block before, it was most of the element's memory
   (n_full^2 doubles: 4.6 KB at POINTS=1, 48 KB at 10) and cold at every
   evaluation. */
typedef struct beam_scratch {
  double u[BEAM_MAX_FULL], F[BEAM_MAX_FULL], Fp[BEAM_MAX_FULL], K[BEAM_MAX_FULL * BEAM_MAX_FULL];
  int piv[NSB_LU_MAX];
  double X[NSB_LU_MAX * NSB_LU_ROW_WIDTH]; /* condense's rows of [X_f | X_n | 0] */
  nsb_beam_point ends[2], cur_ends[2];
} beam_scratch;

static void end_keep(beam_end* d, const nsb_beam_point* p) {
  memcpy(d->r, p->r, sizeof d->r);
  memcpy(d->q, p->q, sizeof d->q);
  memcpy(d->v, p->v, sizeof d->v);
  memcpy(d->w, p->w, sizeof d->w);
}

/* nsb_q_to_m3 of an end frame offset Lambda: the identity for the
   quaternion (1, +0, +0, +0), whose matrix nsb_q_to_m3 forms with the
   entries 1 and +0 exactly (2 (+0 + +0), 2 (+0 - +0)): the same bits without
   its arithmetic, at every evaluation of most elements (straight members) */
static nsb_mat3 lam_m3(nsb_quat q) {
  static const nsb_quat id = {1.0, 0.0, 0.0, 0.0};
  if (memcmp(&q, &id, sizeof q) == 0) return nsb_m3_identity();
  return nsb_q_to_m3(q);
}

/* The kept part of an end state as a whole one (the other fields zero). */
static void end_view(nsb_beam_point* p, const beam_end* d) {
  memset(p, 0, sizeof *p);
  memcpy(p->r, d->r, sizeof d->r);
  memcpy(p->q, d->q, sizeof d->q);
  memcpy(p->v, d->v, sizeof d->v);
  memcpy(p->w, d->w, sizeof d->w);
}

static size_t align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

static nsb_vec3 default_n1(nsb_vec3 g1) {
  return fabs(g1.z) > 0.999 ? nsb_v3(0, 1, 0) : nsb_v3(0, 0, 1);
}

/* Straight frame of an element from its axis and the section's n1. */
static nsb_quat straight_frame(nsb_vec3 XA, nsb_vec3 XB, const double* n1v) {
  nsb_vec3 g1 = nsb_v3_sub(XB, XA);
  g1 = nsb_v3_scale(1.0 / nsb_v3_norm(g1), g1);
  nsb_vec3 n1 = nsb_v3_load(n1v);
  if (nsb_v3_norm(n1) == 0.0) n1 = default_n1(g1);
  nsb_vec3 g2 = nsb_v3_muladd(n1, -nsb_v3_dot(n1, g1), g1);
  if (nsb_v3_norm(g2) < 1e-8 * nsb_v3_norm(n1)) g2 = nsb_v3_muladd(default_n1(g1), -nsb_v3_dot(default_n1(g1), g1), g1);
  g2 = nsb_v3_scale(1.0 / nsb_v3_norm(g2), g2);
  return nsb_so3_spurrier(nsb_m3_cols(g1, g2, nsb_v3_cross(g1, g2)));
}

static int node_frame(const nsb_model* m, int node, nsb_quat* q) {
  for (int i = 0; i < m->node_frames.count; ++i) {
    const nsb_node_frame* f = &m->node_frames.data[i];
    if (f->node != node) continue;
    nsb_vec3 g1 = nsb_v3_load(f->g1), g2 = nsb_v3_load(f->g2);
    g1 = nsb_v3_scale(1.0 / nsb_v3_norm(g1), g1);
    g2 = nsb_v3_muladd(g2, -nsb_v3_dot(g2, g1), g1);
    g2 = nsb_v3_scale(1.0 / nsb_v3_norm(g2), g2);
    *q = nsb_so3_spurrier(nsb_m3_cols(g1, g2, nsb_v3_cross(g1, g2)));
    return 1;
  }
  return 0;
}

/* ---- quadrature tables shared between elements (element.h) ----------------
   Content-addressed: a table set is found by the FNV-1a hash of its bytes
   and shared only when equal bit for bit (memcmp), so an element reads the
   same numbers as from its own copy.  Open addressing with linear probing,
   at most half full.  Rejected: a key of (N, Gauss points, L): the tables
   are a function of those, but equality of the bytes is what makes sharing
   exact without relying on it. */
typedef struct tab_slot {
  uint64_t hash;
  size_t n;     /* doubles */
  double* data; /* NULL: empty slot */
} tab_slot;

struct nsb_beam_tables {
  size_t cap, count; /* slots (a power of two), tables stored */
  tab_slot* slots;
  double* scratch; /* one element's tables, built there before tab_intern */
};

enum { TAB_SCRATCH = NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES > NSB_BEAM_GEOM_MAX_DOUBLES ? NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES
                                                                                   : NSB_BEAM_GEOM_MAX_DOUBLES };

int nsb_beam_tables_create(nsb_ctx* ctx, nsb_beam_tables** out) {
  *out = NULL;
  nsb_beam_tables* t = nsb_alloc(ctx, sizeof *t);
  if (!t) return NSB_ERR_ALLOC;
  t->cap = 64;
  t->slots = NSB_NEW_ARRAY(ctx, t->cap, tab_slot);
  t->scratch = NSB_NEW_ARRAY(ctx, TAB_SCRATCH, double);
  if (!t->slots || !t->scratch) {
    nsb_beam_tables_destroy(ctx, &t);
    return NSB_ERR_ALLOC;
  }
  *out = t;
  return NSB_OK;
}

void nsb_beam_tables_destroy(nsb_ctx* ctx, nsb_beam_tables** pt) {
  if (!pt || !*pt) return;
  nsb_beam_tables* t = *pt;
  if (t->slots) {
    for (size_t i = 0; i < t->cap; ++i)
      if (t->slots[i].data) NSB_FREE_ARRAY(ctx, t->slots[i].data, t->slots[i].n, double);
    NSB_FREE_ARRAY(ctx, t->slots, t->cap, tab_slot);
  }
  if (t->scratch) NSB_FREE_ARRAY(ctx, t->scratch, TAB_SCRATCH, double);
  nsb_free(ctx, t, sizeof *t);
  *pt = NULL;
}

static uint64_t tab_hash(const double* d, size_t n) {
  const unsigned char* p = (const unsigned char*)d;
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n * sizeof(double); ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h ^ (uint64_t)n;
}

/* The store's copy of the n doubles d (added if it has none), or NULL when
   out of memory. */
static double* tab_intern(nsb_ctx* ctx, nsb_beam_tables* t, const double* d, size_t n) {
  if (2 * (t->count + 1) > t->cap) { /* grow to keep at most half full */
    size_t cap = 2 * t->cap;
    tab_slot* sl = NSB_NEW_ARRAY(ctx, cap, tab_slot);
    if (!sl) return NULL;
    for (size_t i = 0; i < t->cap; ++i) {
      if (!t->slots[i].data) continue;
      size_t k = (size_t)t->slots[i].hash & (cap - 1);
      while (sl[k].data) k = (k + 1) & (cap - 1);
      sl[k] = t->slots[i];
    }
    NSB_FREE_ARRAY(ctx, t->slots, t->cap, tab_slot);
    t->slots = sl;
    t->cap = cap;
  }
  const uint64_t h = tab_hash(d, n);
  size_t k = (size_t)h & (t->cap - 1);
  for (; t->slots[k].data; k = (k + 1) & (t->cap - 1))
    if (t->slots[k].hash == h && t->slots[k].n == n && !memcmp(t->slots[k].data, d, n * sizeof(double)))
      return t->slots[k].data;
  double* c = NSB_NEW_ARRAY(ctx, n, double);
  if (!c) return NULL;
  memcpy(c, d, n * sizeof(double));
  t->slots[k] = (tab_slot){h, n, c};
  t->count++;
  return c;
}

/* Point the geometry's tables, built in `from`, to their copy `to` (same layout). */
static void tab_rebase(beam_state* s, const double* from, double* to) {
  double** p[] = {&s->geom->wq, &s->geom->Iq, &s->geom->Jq, &s->geom->Jp, &s->geom->JL, &s->geom->xp, &s->geom->xq,
                  s->sgeom ? &s->sgeom->Im : NULL, s->sgeom ? &s->sgeom->Wm : NULL, s->sgeom ? &s->sgeom->xs : NULL};
  for (size_t i = 0; i < sizeof p / sizeof p[0]; ++i)
    if (p[i]) *p[i] = to + (*p[i] - from);
}

static void beam_destroy(nsb_ctx* ctx, nsb_elem* e) {
  beam_state* s = e->state;
  if (!s) return;
  if (s->ks) nsb_free(ctx, s->ks, s->ks->bytes);
  nsb_free(ctx, s, s->bytes);
  e->state = NULL;
}

static double* beta_data(const beam_state* s);

/* Whether a step of the model integrates with the plain modified scheme
   under the trapezoidal rule (beta = gamma = 1/2, RHOINF=1; the steps the
   energy-consistent form acts in, emc_form) */
static int plain_steps(const nsb_model* m) {
  for (int k = 0; k < m->steps.count; ++k) {
    const nsb_step_def* sd = &m->steps.data[k];
    if (sd->kind == NSB_STEP_DYNAMIC && sd->scheme == NSB_SCHEME_MODIFIED_NEWMARK && !sd->mn_alpha &&
        sd->beta == 0.5 && sd->gamma == 0.5)
      return 1;
  }
  return 0;
}

int nsb_beam_create(nsb_ctx* ctx, const nsb_model* m, int el_index, const double* x0, const double* q0,
                    const double* v0, const double* w0, nsb_beam_tables* tabs, nsb_elem* e) {
  const nsb_element* el = &m->elements.data[el_index];
  NSB_CHECK(ctx, el->section >= 0, NSB_ERR_DECK_VALUE, "%s:%d: beam element %d has no section", m->source, el->line,
            el->label);
  int N = el->n_points, ng = N + 2 > NSB_BEAM_MAX_GAUSS ? NSB_BEAM_MAX_GAUSS : N + 2;
  int n_qp = (N + 1) * ng, n_int = 6 * N + 6, n_full = 12 + n_int;
  int strain = el->type == NSB_ETYPE_B2S;
  int a = el->nodes[0], b = el->nodes[1];
  int nodes[2] = {a, b};
  /* a translational mass rule: an end that is a slave node of a
     MASS=REDISTRIBUTED contact pair (the model's mark,
     nsb_model_mark_massless_slaves; checked below) */
  const int has_rule = m->nodes.data[a].massless_slave || m->nodes.data[b].massless_slave ||
                       m->nodes.data[a].lumped_slave || m->nodes.data[b].lumped_slave;
  /* One block per element, in the order an evaluation reads it: the state
     header, the geometry and its tables (sized to N and n_qp), the mass
     rule's points (only in elements that have one), the strain element's
     resultant parts, the point states, the evolving unknowns and
     condensation results. */
  size_t bytes = align8(sizeof(beam_state));
  size_t o_geo = bytes;
  bytes += align8(strain ? sizeof(nsb_beam_strain_geom) : sizeof(nsb_beam_geom));
  size_t o_sec = bytes;
  bytes += tabs ? 0 : align8(sizeof(nsb_beam_section)); /* with a store: its copy */
  size_t o_tab = bytes;
  const size_t n_tab = strain ? nsb_beam_strain_geom_doubles(N, ng) : nsb_beam_geom_doubles(N, ng);
  bytes += tabs ? 0 : sizeof(double) * n_tab; /* with a store: its copy */
  size_t o_rule = bytes;
  bytes += align8(has_rule ? sizeof(nsb_beam_mass_rule) : 0);
  size_t o_res = bytes;
  bytes += align8(strain ? sizeof(nsb_beam_strain_force) * (size_t)(2 * (N + 2)) : 0);
  size_t o_pts = bytes;
  bytes += align8(sizeof(nsb_beam_point) * (size_t)(2 * n_qp + 2 * N));
  size_t o_dbl = bytes;
  int riks = 0;
  for (int k = 0; k < m->steps.count; ++k) riks |= m->steps.data[k].riks;
  const nsb_section* sec_def = &m->sections.data[el->section];
  const int damped = sec_def->damp_alpha != 0.0 || sec_def->damp_beta != 0.0;
  /* damped: damp_data, and with a mass rule its point masses' filtered velocities (rule_data) */
  const size_t n_damp = damped ? (size_t)(48 * N + 3 + 12 * n_qp + (has_rule ? 6 * N : 0)) : 0;
  /* the energy-consistent form's differences (emc) */
  const size_t n_emc = !strain && el->weighting == 1 && plain_steps(m) ? (size_t)(9 * N) : 0;
  size_t n_dbl = (size_t)(2 * n_int + n_int * 13 + 6 + (riks ? n_int : 0)) + n_damp + n_emc;
  bytes += sizeof(double) * n_dbl;
  char* blk = nsb_alloc(ctx, bytes);
  NSB_CHECK(ctx, blk, NSB_ERR_ALLOC, "cannot allocate beam element %d", el->label);
  beam_state* s = (beam_state*)blk;
  s->bytes = bytes;
  s->tail_bytes = bytes - o_pts;
  s->N = N;
  s->n_qp = n_qp;
  s->n_int = n_int;
  s->n_full = n_full;
  s->galerkin = el->weighting == 1;
  double* tables = tabs ? tabs->scratch : (double*)(blk + o_tab);
  if (strain) {
    s->sgeom = (nsb_beam_strain_geom*)(blk + o_geo);
    s->geom = &s->sgeom->base;
    s->old_res = (nsb_beam_strain_force*)(blk + o_res);
    s->cur_res = s->old_res + (N + 2);
  } else {
    s->sgeom = NULL;
    s->geom = (nsb_beam_geom*)(blk + o_geo);
    s->old_res = s->cur_res = NULL;
  }
  nsb_beam_point* pts = (nsb_beam_point*)(blk + o_pts);
  s->old_qp = pts;
  s->cur_qp = pts + n_qp;
  s->old_cp = pts + 2 * n_qp;
  s->cur_cp = pts + 2 * n_qp + N;
  double* d = (double*)(blk + o_dbl);
  s->u_int = d;
  d += n_int;
  s->u_int_old = d;
  d += n_int;
  s->X = d;
  d += n_int * 12;
  s->Xf = d;
  d += n_int;
  s->NM0 = d;
  d += 6;
  s->Xl = riks ? d : NULL;
  if (damped) memset(d + (riks ? n_int : 0), 0, sizeof(double) * n_damp);
  s->emc = n_emc ? EMC_HAS : 0;
  if (n_emc) memset(d + (riks ? n_int : 0) + n_damp, 0, sizeof(double) * n_emc);
  memset(s->X, 0, sizeof(double) * (size_t)(n_int * 13));
  if (s->Xl) memset(s->Xl, 0, sizeof(double) * (size_t)n_int);
  s->xrows = s->X;
  s->ks = NULL;
  e->state = s;
  int reuse = 0;
  for (int k = 0; k < m->steps.count; ++k) reuse |= nsb_step_tangent(m, &m->steps.data[k]) == NSB_TANGENT_REUSE;
  if (reuse) {
    size_t nz = (size_t)n_int * (12 + (size_t)n_int + 12 + 1);
    /* the sets' arrays after the header, aligned for doubles */
    size_t head = (sizeof(beam_kept_sets) + sizeof(double) - 1) / sizeof(double) * sizeof(double);
    const int n_sets = m->contact_pairs.count > 0 ? 2 : 1;
    size_t ks_bytes = head + (size_t)n_sets * sizeof(double) * nz;
    s->ks = nsb_alloc(ctx, ks_bytes);
    if (!s->ks) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "cannot allocate beam element %d",
                           el->label);
    }
    memset(s->ks, 0, ks_bytes);
    s->ks->bytes = ks_bytes;
    s->ks->n_sets = n_sets;
    double* data = (double*)((char*)s->ks + head);
    for (int k = 0; k < n_sets; ++k) {
      beam_kept* z = &s->ks->kept[k];
      z->Z = data + (size_t)k * nz;
      z->inv = z->Z + (size_t)n_int * 12;
      z->kni = z->inv + (size_t)n_int * (size_t)n_int;
      z->xf = z->kni + (size_t)12 * n_int;
    }
  }

  const nsb_section* sec = &m->sections.data[el->section];
  nsb_beam_section bs;
  bs.EA = sec->EA;
  bs.GA2 = sec->GA2;
  bs.GA3 = sec->GA3;
  bs.GJ = sec->GJ;
  bs.EI2 = sec->EI2;
  bs.EI3 = sec->EI3;
  bs.rhoA = sec->rhoA;
  for (int k = 0; k < 3; ++k) bs.rhoJ[k] = sec->rhoJ[k];
  bs.alpha = sec->damp_alpha;
  bs.beta = sec->damp_beta;
  /* the section's data once per store (a mesh has few sections; 96 bytes
     an element when each kept its copy), else in the block */
  if (tabs) {
    _Static_assert(sizeof(nsb_beam_section) % sizeof(double) == 0, "a section is doubles");
    const double* shared = tab_intern(ctx, tabs, (const double*)&bs, sizeof bs / sizeof(double));
    if (!shared) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "cannot allocate the section of beam element %d",
                           el->label);
    }
    s->sec = (const nsb_beam_section*)shared;
  } else {
    nsb_beam_section* own = (nsb_beam_section*)(blk + o_sec);
    *own = bs;
    s->sec = own;
  }
  s->n_dloads = 0;
  for (int i = 0; i < m->dloads.count; ++i) {
    if (m->dloads.data[i].element != el_index) continue;
    if (s->n_dloads == BEAM_MAX_DLOADS) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_DECK_VALUE, __FILE__, __LINE__, __func__,
                           "%s:%d: more than %d *DLOAD records on element %d", m->source, m->dloads.data[i].line,
                           BEAM_MAX_DLOADS, el->label);
    }
    s->dload[s->n_dloads++] = i;
  }

  nsb_vec3 XA = nsb_v3_load(x0 + 3 * a), XB = nsb_v3_load(x0 + 3 * b);
  nsb_quat qs = straight_frame(XA, XB, sec->n1), qe[2];
  for (int k = 0; k < 2; ++k) {
    if (!node_frame(m, nodes[k], &qe[k])) qe[k] = qs;
    nsb_quat qn = nsb_q_load(q0 + 4 * nodes[k]);
    s->lam[k] = nsb_q_normalize(nsb_q_mul(nsb_q_conj(qn), qe[k]));
  }
  int gst = strain ? nsb_beam_strain_geom_init(s->sgeom, tables, N, ng, 4, XA, qe[0], XB, qe[1], s->old_qp, s->old_cp)
                   : nsb_beam_geom_init(s->geom, tables, N, ng, XA, qe[0], XB, qe[1], s->old_qp, s->old_cp);
  if (gst != 0) {
    beam_destroy(ctx, e);
    return nsb_ctx_error(ctx, NSB_ERR_DECK_VALUE, __FILE__, __LINE__, __func__,
                         "%s:%d: beam element %d: invalid geometry (coincident nodes or end frames more than pi apart)",
                         m->source, el->line, el->label);
  }
  if (strain) {
    /* the discrete reference (the kernel's stations and closure rows), with
       the node quaternions as strain_in gives them to the kernel
       (nsb_beam_strain_set_reference): a beam at rest evaluates to exactly
       zero */
    double q_end[8];
    for (int k = 0; k < 2; ++k)
      nsb_q_store(nsb_q_normalize(nsb_q_mul(nsb_q_load(q0 + 4 * nodes[k]), s->lam[k])), q_end + 4 * k);
    nsb_beam_strain_set_reference(s->sgeom, XA, XB, q_end, s->old_qp, s->old_cp);
  }
  if (tabs) {
    double* shared = tab_intern(ctx, tabs, tables, n_tab);
    if (!shared) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "cannot allocate the tables of beam element %d",
                           el->label);
    }
    tab_rebase(s, tables, shared);
  }
  /* MASS=REDISTRIBUTED contact pairs (docs/contact.md §7.2): an end that is
     one of their slave nodes carries no translational mass in this element
     (the deck reader admits B2V elements with POINTS >= 2 and B2S elements
     with POINTS >= 2 and the Galerkin weighting, one such end each; the
     strain element's rule is its base geometry's, docs/theory_beam_strain.md
     §10) */
  for (int q = 0; q < 2 && has_rule; ++q)
    if (m->nodes.data[nodes[q]].massless_slave &&
        (s->geom->massless_end >= 0 || nsb_beam_geom_mass_rule(s->geom, (nsb_beam_mass_rule*)(blk + o_rule), q) != 0)) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_DECK_VALUE, __FILE__, __LINE__, __func__,
                           "%s:%d: beam element %d: no translational mass rule frees node %d of its mass (one "
                           "massless end, POINTS >= 2)",
                           m->source, el->line, el->label, m->nodes.data[nodes[q]].label);
    }
  /* MASS=LUMPED contact pairs (docs/contact.md §7.8): an element at one of
     their slave nodes carries its translational mass at its two ends (the
     deck reader admits B2V and B2S elements with the Galerkin weighting, and
     no slave node of a MASS=REDISTRIBUTED pair on the same element; the
     strain element's rule is its base geometry's, docs/theory_beam_strain.md
     §12) */
  if (has_rule && s->geom->massless_end < 0 && (m->nodes.data[a].lumped_slave || m->nodes.data[b].lumped_slave)) {
    if (el->weighting != 1) {
      beam_destroy(ctx, e);
      return nsb_ctx_error(ctx, NSB_ERR_DECK_VALUE, __FILE__, __LINE__, __func__,
                           "%s:%d: beam element %d: MASS=LUMPED needs the Galerkin weighting", m->source,
                           el->line, el->label);
    }
    (void)nsb_beam_geom_mass_rule_ends(s->geom, (nsb_beam_mass_rule*)(blk + o_rule));
  }
  /* initial velocities: linear between the nodes (exact for rigid motion of
     a straight element); body-frame angular velocity likewise in the end frames */
  nsb_vec3 vA = nsb_v3_load(v0 + 3 * a), vB = nsb_v3_load(v0 + 3 * b);
  nsb_vec3 wA = nsb_m3_tmulv(nsb_q_to_m3(s->lam[0]), nsb_v3_load(w0 + 3 * a));
  nsb_vec3 wB = nsb_m3_tmulv(nsb_q_to_m3(s->lam[1]), nsb_v3_load(w0 + 3 * b));
  double L = s->geom->L;
  for (int i = 0; i < n_qp + N; ++i) {
    nsb_beam_point* p = i < n_qp ? &s->old_qp[i] : &s->old_cp[i - n_qp];
    double xi = (i < n_qp ? s->geom->xq[i] : s->geom->xp[i - n_qp]) / L;
    nsb_v3_store(nsb_v3_add(nsb_v3_scale(1.0 - xi, vA), nsb_v3_scale(xi, vB)), p->v);
    nsb_v3_store(nsb_v3_add(nsb_v3_scale(1.0 - xi, wA), nsb_v3_scale(xi, wB)), p->w);
  }
  if (damped) /* the strain rates of those velocities at the collocation points (BETA's share,
                 beta_data): Rt v' + E x W, W' + K x W; their accelerations start from zero */
    for (int k = 0; k < N; ++k) {
      const nsb_beam_point* p = &s->old_cp[k];
      const nsb_vec3 W = nsb_v3_load(p->w);
      const nsb_vec3 Ed = nsb_v3_add(nsb_m3_tmulv(nsb_q_to_m3(nsb_q_load(p->q)), nsb_v3_scale(1.0 / L, nsb_v3_sub(vB, vA))),
                                     nsb_v3_cross(nsb_v3_load(p->E), W));
      const nsb_vec3 Kd = nsb_v3_add(nsb_v3_scale(1.0 / L, nsb_v3_sub(wB, wA)), nsb_v3_cross(nsb_v3_load(p->K), W));
      for (int c = 0; c < 2; ++c) { /* committed and current (the step's start commits) */
        double* bd = beta_data(s) + (18 * N + 1) * c;
        nsb_v3_store(Ed, bd + 6 * N + 6 * k);
        nsb_v3_store(Kd, bd + 6 * N + 6 * k + 3);
        bd[18 * N] = 2.0; /* the first step starts from y = 0 (beam_after_accel) */
      }
    }
  memcpy(s->cur_qp, s->old_qp, sizeof(nsb_beam_point) * (size_t)n_qp);
  memcpy(s->cur_cp, s->old_cp, sizeof(nsb_beam_point) * (size_t)N);
  s->pts_same = 1;
  memset(s->u_int, 0, sizeof(double) * (size_t)n_int);
  memset(s->u_int_old, 0, sizeof(double) * (size_t)n_int);
  /* the state before any evaluation, for the output: ends at the nodes, at
     rest, unloaded (N^0 = M^0 = 0) */
  memset(s->cur_end, 0, sizeof s->cur_end);
  for (int k = 0; k < 2; ++k) {
    nsb_v3_store(k == 0 ? XA : XB, s->cur_end[k].r);
    nsb_q_store(qe[k], s->cur_end[k].q);
  }
  memset(s->NM0, 0, 6 * sizeof(double));
  memset(s->field_n, 0, sizeof s->field_n);
  memset(s->field_m, 0, sizeof s->field_m);
  s->field_inertia = 0;
  s->field_accel = 0;
  return NSB_OK;
}

/* The rotation of an end's point (end_state), into p->q: also all that
   the residual-only evaluation (nsb_beam_velocity_residual) reads of its
   end 0 at t_n.  The rest of p is left as it was. */
static void end_frame(const beam_state* s, const nsb_state* st, int node, int k, nsb_beam_point* p) {
  /* nsb_q_normalize but for a product of squared norm 1 exactly, which it
     leaves as it is (a square root of 1 and four divisions by 1: the same
     bits without them) */
  nsb_quat q = nsb_q_mul(nsb_q_load(st->q + 4 * node), s->lam[k]);
  const double qn2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
  if (qn2 != 1.0) {
    const double qn = sqrt(qn2);
    q = nsb_q(q.w / qn, q.x / qn, q.y / qn, q.z / qn);
  }
  nsb_q_store(q, p->q);
}

/* End state of node k in the element's end frame (Lm: the matrix of s->lam[k]). */
static void end_state(const beam_state* s, nsb_mat3 Lm, const nsb_state* st, int node, int k, nsb_beam_point* p,
                      const nsb_eval_ctx* ec) {
  /* every member is set below but E and K: those zeroed (a memset of the
     whole point before) */
  memset(p->E, 0, sizeof p->E);
  memset(p->K, 0, sizeof p->K);
  memcpy(p->r, st->x + 3 * node, 3 * sizeof(double));
  memcpy(p->v, st->v + 3 * node, 3 * sizeof(double));
  memcpy(p->a, st->a + 3 * node, 3 * sizeof(double));
  end_frame(s, st, node, k, p);
  nsb_v3_store(nsb_m3_tmulv(Lm, nsb_v3_load(st->w + 3 * node)), p->w);
  nsb_v3_store(nsb_m3_tmulv(Lm, nsb_v3_load(st->al + 3 * node)), p->al);
  /* pseudo-accelerations (generalized-alpha) of the node, else the accelerations */
  memcpy(p->p, ec && ec->p_old ? ec->p_old + 3 * node : p->a, 3 * sizeof(double));
  if (ec && ec->pw_old)
    nsb_v3_store(nsb_m3_tmulv(Lm, nsb_v3_load(ec->pw_old + 3 * node)), p->pw);
  else
    memcpy(p->pw, p->al, 3 * sizeof(double));
}

/* Distributed dead force n and moment m per unit length of the element's
   active *DLOAD records at the evaluation time (gravity not included). */
static void dload_values(const nsb_eval_ctx* ec, const beam_state* s, nsb_vec3* n, nsb_vec3* m) {
  *n = nsb_v3_zero();
  *m = nsb_v3_zero();
  for (int i = 0; i < s->n_dloads; ++i) {
    const nsb_dload* dl = &ec->model->dloads.data[s->dload[i]];
    if (dl->step > ec->step) continue;
    double v = dl->value * nsb_load_scale_until(ec, dl->amplitude, dl->step, dl->replaced, dl->ramp_down, NULL, NULL);
    nsb_vec3 dir = nsb_v3(dl->kind % 3 == 0, dl->kind % 3 == 1, dl->kind % 3 == 2);
    if (dl->kind < 3)
      *n = nsb_v3_muladd(*n, v, dir);
    else
      *m = nsb_v3_muladd(*m, v, dir);
  }
}

/* Whether a load on the element's span follows the LPF of a Riks step: a
   *DLOAD of the step or one the step replaces (1 - LPF), or gravity of the
   step on a section with mass. */
static int lpf_loaded(const nsb_eval_ctx* ec, const beam_state* s) {
  if (s->sec->rhoA != 0.0 && nsb_v3_norm(ec->gravity_lpf) > 0.0) return 1;
  for (int i = 0; i < s->n_dloads; ++i) {
    const nsb_dload* d = &ec->model->dloads.data[s->dload[i]];
    if (d->step == ec->step || d->replaced == ec->step + 1) return 1;
  }
  return 0;
}

/* Loads of the kernel: distributed loads plus gravity (rhoA g), or with a
   translational mass rule gravity apart (on the rule's point masses). */
static void fill_loads(const nsb_eval_ctx* ec, const beam_state* s, nsb_beam_eval_in* in) {
  nsb_vec3 n, mm;
  dload_values(ec, s, &n, &mm);
  if (s->geom->massless_end >= 0)
    nsb_v3_store(ec->gravity, in->grav);
  else
    n = nsb_v3_muladd(n, s->sec->rhoA, ec->gravity);
  nsb_v3_store(n, in->n_load);
  nsb_v3_store(mm, in->m_load);
}

/* Rotary inertia used by the initial-acceleration systems: a zero component
   (Češarek et al. 2013, §6.6.1, uses J = 0) leaves that angular acceleration out of every
   equation, so a unit inertia picks a definite, moment-consistent value
   (it never matters later: J alpha = 0). */
static nsb_vec3 accel_inertia(const nsb_beam_section* c) {
  return nsb_v3(c->rhoJ[0] > 0 ? c->rhoJ[0] : 1.0, c->rhoJ[1] > 0 ? c->rhoJ[1] : 1.0, c->rhoJ[2] > 0 ? c->rhoJ[2] : 1.0);
}

static double* damp_data(const beam_state* s);

/* Whether an acceleration solve keeps the beta stress of the committed
   increment's strain rates (docs/theory_beam.md §10, "After an impulsive
   increment"): after an impulsive increment (the solve that restarts the
   smooth accelerations, p_gain >= 0) of a section with BETA, either element
   and either system (accel_system, accel_system_galerkin, strain_accel).
   The step's initial accelerations have no rates (as before). */
static int keeps_beta(const beam_state* s, int restart) {
  return restart && s->sec->beta != 0.0 && damp_data(s) != NULL;
}

/* The section's stresses at collocation point k in an acceleration solve:
   the elastic ones of the frozen strains, plus beta C (E - E_n)/h,
   beta C (K - K_n)/h of the committed increment (rates, damp_data's first
   6N; NULL: none) where the solve keeps them (keeps_beta). */
static void accel_stress(const nsb_beam_section* c, const nsb_beam_geom* g, const nsb_beam_point* cp,
                         const double* rates, int k, nsb_vec3* NG, nsb_vec3* MG) {
  nsb_vec3 gam = nsb_v3_sub(nsb_v3_load(cp->E), nsb_v3_load(g->E0));
  nsb_vec3 kap = nsb_v3_sub(nsb_v3_load(cp->K), nsb_v3_load(g->K0));
  *NG = nsb_v3(c->EA * gam.x, c->GA2 * gam.y, c->GA3 * gam.z);
  *MG = nsb_v3(c->GJ * kap.x, c->EI2 * kap.y, c->EI3 * kap.z);
  if (!rates) return;
  const double* rk = rates + 6 * k;
  const double b = c->beta;
  *NG = nsb_v3_add(*NG, nsb_v3(b * c->EA * rk[0], b * c->GA2 * rk[1], b * c->GA3 * rk[2]));
  *MG = nsb_v3_add(*MG, nsb_v3(b * c->GJ * rk[3], b * c->EI2 * rk[4], b * c->EI3 * rk[5]));
}

/* Initial accelerations (h -> 0 limit of the element): the configuration and
   velocities are frozen; the unknowns are the node accelerations a^0, alpha^0,
   a^L, alpha^L (end frames), the derivatives a'^p, alpha'^p, and N^0, M^0:
     a(x) = a^0 + sum_p J_p(x) a'^p,  alpha(x) = alpha^0 + sum_p J_p(x) alpha'^p,
   and the residual rows are those of the element with strains fixed.  The
   problem is linear; K is assembled directly, f = K u + f(0).  Moments are
   taken about the position of end 0 (rho = r - r(0)).  KF NULL: the
   residual alone (modified Newton's residual-only evaluation, condensed with
   the kept factors: the matrix would not be read). */
static void accel_system(beam_state* s, const nsb_eval_ctx* ec, int a_node, int b_node, nsb_beam_eval_in* in,
                         double* F, double* KF) {
  const nsb_beam_geom* g = s->geom;
  const nsb_beam_section* c = s->sec;
  int N = s->N, nf = s->n_full;
  const double* u = in->u;
  memset(F, 0, sizeof(double) * (size_t)nf);
  if (KF) memset(KF, 0, sizeof(double) * (size_t)nf * (size_t)nf);
  nsb_vec3 n = nsb_v3_load(in->n_load), mload = nsb_v3_load(in->m_load);
  /* A section without rotary inertia (Češarek et al. 2013, §6.6.1, uses J = 0) leaves the
     angular accelerations out of every equation; they then never matter
     (J alpha = 0), so the initial solve uses a unit inertia in that
     direction to pick a definite, moment-consistent value. */
  nsb_vec3 Jd = accel_inertia(c);
  nsb_mat3 J = nsb_m3_diag(Jd.x, Jd.y, Jd.z);
  nsb_vec3 r0 = nsb_v3_load(in->old_end[0].r);
  /* unknown offsets */
  const int oa0 = 0, oal0 = 3, oaL = 6, oalL = 9, oN = 12 + 6 * N, oM = 12 + 6 * N + 3;
  const double* rates = keeps_beta(s, ec->accel_restart) ? damp_data(s) : NULL;
#define OAP(p) (12 + 6 * (p))
#define OALP(p) (12 + 6 * (p) + 3)
  /* cumulative integrals and their derivative coefficients:
     F = int (rhoA a - n), dF/da^0 = cF0 I, dF/da'^p = cF[p] I
     G = int (R J al + R (w x J w) - m), dG/dal^0 = G0, dG/dal'^p = Gp[p]
     H = int rho x (rhoA a - n), dH/da^0 = H0, dH/da'^p = Hp[p]      */
  nsb_vec3 Fv = nsb_v3_zero(), Gv = nsb_v3_zero(), Hv = nsb_v3_zero();
  double cF0 = 0.0, cF[NSB_BEAM_MAX_POINTS] = {0};
  nsb_mat3 G0 = nsb_m3_zero(), H0 = nsb_m3_zero(), Gp[NSB_BEAM_MAX_POINTS], Hp[NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) Gp[p] = Hp[p] = nsb_m3_zero();
  nsb_vec3 a0 = nsb_v3_load(u + oa0), al0 = nsb_v3_load(u + oal0);
  /* Mass rule (docs/contact.md §7.2): no translational mass at the
     integration points; point masses rhoA w_j at x_j (forces f_j,
     positions rho_j), in the rows as the kernel puts them
     (elements/beam_velocity.c coll_mass_rows), and, in this solve only, a
     regularising mass rhoA L at the massless end (j = n_mp; see
     accel_system_galerkin: its value does not matter) */
  const int rule = g->massless_end >= 0;
  const double rhoA_q = rule ? 0.0 : c->rhoA;
  const int n_pm = rule ? g->n_mp + 1 : 0;
  int pm_src[NSB_BEAM_MAX_POINTS + 1];
  double pm_m[NSB_BEAM_MAX_POINTS + 1], pm_J[NSB_BEAM_MAX_POINTS + 1][NSB_BEAM_MAX_POINTS];
  nsb_vec3 pm_f[NSB_BEAM_MAX_POINTS + 1], pm_rho[NSB_BEAM_MAX_POINTS + 1];
  for (int j = 0; j < n_pm; ++j) {
    const int reg = j == g->n_mp;
    pm_src[j] = reg ? (g->massless_end == 1 ? -2 : -1) : g->mp->src[j];
    pm_m[j] = c->rhoA * (reg ? g->L : g->mp->w[j]);
    for (int p = 0; p < N; ++p) pm_J[j][p] = reg ? (pm_src[j] == -2 ? g->JL[p] : 0.0) : g->mp->J[j][p];
    const nsb_beam_point* pt = pm_src[j] >= 0 ? &s->old_cp[pm_src[j]] : &in->old_end[-1 - pm_src[j]];
    pm_rho[j] = nsb_v3_sub(nsb_v3_load(pt->r), r0);
    nsb_vec3 aj = pm_src[j] == -2 ? nsb_v3_load(u + oaL) : a0;
    if (pm_src[j] != -2)
      for (int p = 0; p < N; ++p) aj = nsb_v3_muladd(aj, pm_J[j][p], nsb_v3_load(u + 12 + 6 * p));
    pm_f[j] = nsb_v3_scale(pm_m[j], reg ? aj : nsb_v3_sub(aj, nsb_v3_load(in->grav)));
    if (c->alpha != 0.0 && !reg) pm_f[j] = nsb_v3_muladd(pm_f[j], c->alpha * pm_m[j], nsb_v3_load(pt->v));
  }
  /* r' = R E at the collocation points (the levers of the moment rows) */
  nsb_vec3 rp[NSB_BEAM_MAX_POINTS];
  for (int m = 0; m < N && rule; ++m) rp[m] = nsb_q_rotate(nsb_q_load(s->old_cp[m].q), nsb_v3_load(s->old_cp[m].E));
  int q = 0;
  for (int sub = 0; sub <= N; ++sub) {
    for (int k = 0; k < g->n_gauss; ++k, ++q) {
      const nsb_beam_point* pt = &s->old_qp[q];
      double w = g->wq[q];
      nsb_vec3 aq = a0, alq = al0;
      for (int p = 0; p < N; ++p) {
        aq = nsb_v3_muladd(aq, g->Jq[N * q + p], nsb_v3_load(u + OAP(p)));
        alq = nsb_v3_muladd(alq, g->Jq[N * q + p], nsb_v3_load(u + OALP(p)));
      }
      nsb_mat3 R = nsb_q_to_m3(nsb_q_load(pt->q));
      nsb_vec3 om = nsb_v3_load(pt->w), rho = nsb_v3_sub(nsb_v3_load(pt->r), r0);
      nsb_vec3 fq = nsb_v3_sub(nsb_v3_scale(rhoA_q, aq), n);
      nsb_vec3 inm = nsb_v3_add(nsb_m3_mulv(J, alq), nsb_v3_cross(om, nsb_m3_mulv(J, om)));
      if (c->alpha != 0.0) { /* mass-proportional damping at the frozen velocities (section's own rhoJ) */
        fq = nsb_v3_muladd(fq, c->alpha * rhoA_q, nsb_v3_load(pt->v));
        inm = nsb_v3_add(inm, nsb_v3(c->alpha * c->rhoJ[0] * om.x, c->alpha * c->rhoJ[1] * om.y,
                                     c->alpha * c->rhoJ[2] * om.z));
      }
      Fv = nsb_v3_muladd(Fv, w, fq);
      nsb_vec3 gq = nsb_v3_sub(nsb_m3_mulv(R, inm), mload);
      Gv = nsb_v3_muladd(Gv, w, gq);
      Hv = nsb_v3_muladd(Hv, w, nsb_v3_cross(rho, fq));
      if (!KF) continue;
      nsb_mat3 RJ = nsb_m3_mul(R, J), Sr = nsb_m3_scale(rhoA_q, nsb_m3_skew(rho));
      cF0 += w * rhoA_q;
      G0 = nsb_m3_muladd(G0, w, RJ);
      H0 = nsb_m3_muladd(H0, w, Sr);
      for (int p = 0; p < N; ++p) {
        double jw = w * g->Jq[N * q + p];
        cF[p] += jw * rhoA_q;
        Gp[p] = nsb_m3_muladd(Gp[p], jw, RJ);
        Hp[p] = nsb_m3_muladd(Hp[p], jw, Sr);
      }
    }
    /* rows at the end of this sub-interval: collocation point sub, or L */
    int at_L = sub == N;
    nsb_vec3 rho_x = at_L ? nsb_v3_sub(nsb_v3_load(in->old_end[1].r), r0) : nsb_v3_sub(nsb_v3_load(s->old_cp[sub].r), r0);
    nsb_vec3 N0 = nsb_v3_load(u + oN), M0 = nsb_v3_load(u + oM);
    nsb_vec3 Ng = nsb_v3_add(N0, Fv);
    nsb_vec3 Mg = nsb_v3_add(nsb_v3_add(M0, Gv), nsb_v3_add(nsb_v3_neg(nsb_v3_cross(rho_x, nsb_v3_add(N0, Fv))), Hv));
    nsb_mat3 Srx = nsb_m3_skew(rho_x), I3 = nsb_m3_identity();
    /* dNg, dMg with respect to the unknown blocks; sign sg and frame map Rr applied per row block */
    int rowN, rowM;
    double sg;
    nsb_mat3 Rr = I3;
    if (at_L) {
      rowN = 6;
      rowM = 9;
      sg = 1.0;
      Rr = nsb_m3_transpose(nsb_q_to_m3(nsb_q_load(in->old_end[1].q)));
    } else {
      const nsb_beam_point* cp = &s->old_cp[sub];
      nsb_mat3 Rc = nsb_q_to_m3(nsb_q_load(cp->q));
      nsb_vec3 NG, MG;
      accel_stress(c, g, cp, rates, sub, &NG, &MG);
      rowN = 12 + 6 * sub;
      rowM = rowN + 3;
      sg = -1.0;
      nsb_local_addv(F, rowN, nsb_m3_mulv(Rc, NG));
      nsb_local_addv(F, rowM, nsb_m3_mulv(Rc, MG));
    }
    /* the point masses: force rows with the weight b of coll_mass_rows;
       moments at L about L (exact), at a collocation point x_k with the
       levers d_kj = sum_m lev[k][j][m] r'(x_m) of coll_mass_rows (the
       regularising mass at end 0: b = 1, lev = J_m(x_k); at L: none) */
    for (int j = 0; j < n_pm; ++j) {
      const int src = pm_src[j];
      const double b = at_L ? 1.0 : 1.0 - pm_J[j][sub] / g->JL[sub];
      const int lever = src != -2;
      nsb_vec3 d = nsb_v3_zero();
      if (at_L)
        d = nsb_v3_sub(rho_x, pm_rho[j]);
      else if (lever)
        for (int m = 0; m < N; ++m)
          d = nsb_v3_muladd(d, j == g->n_mp ? g->Jp[N * sub + m] : g->mp->lev[sub][j][m], rp[m]);
      Ng = nsb_v3_muladd(Ng, b, pm_f[j]);
      if (lever) Mg = nsb_v3_sub(Mg, nsb_v3_cross(d, pm_f[j]));
      if (!KF) continue;
      /* d Ng = b m_j da_j, d Mg = -m_j S(d) da_j (frozen configuration) */
      nsb_mat3 dN = nsb_m3_scale(sg * b * pm_m[j], I3);
      nsb_mat3 dM = nsb_m3_scale(-pm_m[j] * lever, nsb_m3_mul(nsb_m3_scale(sg, Rr), nsb_m3_skew(d)));
      if (src == -2) {
        nsb_local_add3(KF, nf, rowN, oaL, dN);
        nsb_local_add3(KF, nf, rowM, oaL, dM);
        continue;
      }
      nsb_local_add3(KF, nf, rowN, oa0, dN);
      nsb_local_add3(KF, nf, rowM, oa0, dM);
      for (int p = 0; p < N; ++p) {
        nsb_local_add3(KF, nf, rowN, OAP(p), nsb_m3_scale(pm_J[j][p], dN));
        nsb_local_add3(KF, nf, rowM, OAP(p), nsb_m3_scale(pm_J[j][p], dM));
      }
    }
    nsb_local_addv(F, rowN, nsb_v3_scale(sg, Ng));
    nsb_local_addv(F, rowM, nsb_v3_scale(sg, nsb_m3_mulv(Rr, Mg)));
    if (!KF) continue;
    nsb_mat3 sR = nsb_m3_scale(sg, Rr);
    /* d/dN^0, d/dM^0 */
    nsb_local_add3(KF, nf, rowN, oN, nsb_m3_scale(sg, I3));
    nsb_local_add3(KF, nf, rowM, oM, sR);
    nsb_local_add3(KF, nf, rowM, oN, nsb_m3_mul(sR, nsb_m3_scale(-1.0, Srx)));
    /* d/da^0, d/da'^p: dNg = cF I; dMg = -S(rho_x) cF + H */
    nsb_local_add3(KF, nf, rowN, oa0, nsb_m3_scale(sg * cF0, I3));
    nsb_local_add3(KF, nf, rowM, oa0, nsb_m3_mul(sR, nsb_m3_add(nsb_m3_scale(-cF0, Srx), H0)));
    nsb_local_add3(KF, nf, rowM, oal0, nsb_m3_mul(sR, G0));
    for (int p = 0; p < N; ++p) {
      nsb_local_add3(KF, nf, rowN, OAP(p), nsb_m3_scale(sg * cF[p], I3));
      nsb_local_add3(KF, nf, rowM, OAP(p), nsb_m3_mul(sR, nsb_m3_add(nsb_m3_scale(-cF[p], Srx), Hp[p])));
      nsb_local_add3(KF, nf, rowM, OALP(p), nsb_m3_mul(sR, Gp[p]));
    }
  }
  /* node-0 rows: -N^0, -R(0)^T M^0 */
  nsb_mat3 R0t = nsb_m3_transpose(nsb_q_to_m3(nsb_q_load(in->old_end[0].q)));
  nsb_local_addv(F, 0, nsb_v3_neg(nsb_v3_load(u + oN)));
  nsb_local_addv(F, 3, nsb_v3_neg(nsb_m3_mulv(R0t, nsb_v3_load(u + oM))));
  if (KF) {
    nsb_local_add3(KF, nf, 0, oN, nsb_m3_scale(-1.0, nsb_m3_identity()));
    nsb_local_add3(KF, nf, 3, oM, nsb_m3_scale(-1.0, R0t));
  }
  /* closure rows: a^L - a(L), alpha^L - alpha(L) */
  int oc = 12 + 6 * N;
  nsb_vec3 aL = nsb_v3_load(u + oa0), alL = nsb_v3_load(u + oal0);
  for (int p = 0; p < N; ++p) {
    aL = nsb_v3_muladd(aL, g->JL[p], nsb_v3_load(u + OAP(p)));
    alL = nsb_v3_muladd(alL, g->JL[p], nsb_v3_load(u + OALP(p)));
  }
  nsb_local_addv(F, oc, nsb_v3_sub(nsb_v3_load(u + oaL), aL));
  nsb_local_addv(F, oc + 3, nsb_v3_sub(nsb_v3_load(u + oalL), alL));
  nsb_mat3 I3 = nsb_m3_identity(), mI = nsb_m3_scale(-1.0, I3);
  if (KF) {
    nsb_local_add3(KF, nf, oc, oaL, I3);
    nsb_local_add3(KF, nf, oc, oa0, mI);
    nsb_local_add3(KF, nf, oc + 3, oalL, I3);
    nsb_local_add3(KF, nf, oc + 3, oal0, mI);
    for (int p = 0; p < N; ++p) {
      nsb_local_add3(KF, nf, oc, OAP(p), nsb_m3_scale(-g->JL[p], I3));
      nsb_local_add3(KF, nf, oc + 3, OALP(p), nsb_m3_scale(-g->JL[p], I3));
    }
  }
  /* the accelerations become the interior states (committed after the solve) */
  accel_prepare(s);
  for (int i = 0; i < s->n_qp + s->N; ++i) {
    nsb_beam_point* pt = i < s->n_qp ? &s->cur_qp[i] : &s->cur_cp[i - s->n_qp];
    nsb_vec3 aq = a0, alq = al0;
    for (int p = 0; p < N; ++p) {
      double jj = i < s->n_qp ? g->Jq[N * i + p] : g->Jp[N * (i - s->n_qp) + p];
      aq = nsb_v3_muladd(aq, jj, nsb_v3_load(u + OAP(p)));
      alq = nsb_v3_muladd(alq, jj, nsb_v3_load(u + OALP(p)));
    }
    nsb_v3_store(aq, pt->a);
    nsb_v3_store(alq, pt->al);
  }
  (void)a_node;
  (void)b_node;
#undef OAP
#undef OALP
}

/* Initial accelerations of the Galerkin weighting (docs/theory_beam.md §7.4):
   the same unknowns as accel_system (a^0, alpha^0, a^L, alpha^L, a'^p,
   alpha'^p, N^0, M^0), configuration, velocities and strains frozen, and the
   rows of the Galerkin kernel (W_p = J_p(L), c_k = N_G x E + M_G x K at x_k):
     node 0:    -N^0,  -R(0)^T M^0
     node 1:    N^0 + Fv,  R(0)^T M^0 + Gm
     interior:  R N_G(x_p) - N^0 - Fv + FJ_p / W_p,
                M_G(x_p) - R(0)^T M^0 - Gm + GJ_p / W_p
     closure:   a^L - a(L), alpha^L - alpha(L)
   Fv = int (rhoA a - n), FJ_p = int J_p (rhoA a - n),
   Gm = int g + sum_k W_k c_k, GJ_p = int J_p g + sum_k W_k J_p(x_k) c_k,
   g = J alpha + omega x J omega - R^T m (material).  Linear in the unknowns;
   J is constant in material components, so every block is a scalar times I
   or J.  Using the collocation accelerations instead would start the
   Galerkin run from accelerations that do not satisfy its own equations
   (a first-step error of O(h) in v and of O(1) in a_n of the Newmark update).
   KF NULL: the residual alone, as accel_system. */
static void accel_points(beam_state* s, nsb_vec3 a0, nsb_vec3 al0, const double* ui);

static inline __attribute__((always_inline)) void accel_galerkin_n(beam_state* s, const nsb_beam_eval_in* in,
                                                                  const double* rates, const double* ed,
                                                                  double* F, double* KF,
                                                                  const int N, const int n_qp) {
  const nsb_beam_geom* g = s->geom;
  const nsb_beam_section* c = s->sec;
  const int nf = 18 + 6 * N; /* s->n_full */
  const double* u = in->u;
  memset(F, 0, sizeof(double) * (size_t)nf);
  if (KF) memset(KF, 0, sizeof(double) * (size_t)nf * (size_t)nf);
  nsb_vec3 n = nsb_v3_load(in->n_load), mload = nsb_v3_load(in->m_load);
  const int ml_on = mload.x != 0.0 || mload.y != 0.0 || mload.z != 0.0;
  const int rule = g->massless_end >= 0;
  /* zero rotary inertia: unit inertia in that direction (see accel_system) */
  nsb_vec3 Jd = accel_inertia(c);
  nsb_mat3 J = nsb_m3_diag(Jd.x, Jd.y, Jd.z), I3 = nsb_m3_identity();
  const int oN = 12 + 6 * N, oM = oN + 3;
  nsb_vec3 a0 = nsb_v3_load(u), al0 = nsb_v3_load(u + 3);
  nsb_vec3 N0 = nsb_v3_load(u + oN), M0 = nsb_v3_load(u + oM);
  nsb_mat3 R0t = nsb_m3_transpose(nsb_q_to_m3(nsb_q_load(in->old_end[0].q)));
  nsb_vec3 R0tM0 = nsb_m3_mulv(R0t, M0);
  nsb_vec3 Fv = nsb_v3_zero(), Gm = nsb_v3_zero(), FJ[NSB_BEAM_MAX_POINTS], GJ[NSB_BEAM_MAX_POINTS];
  /* S: the integration points' weights (rotary inertia); T: the translational
     masses per rhoA (the same points, or the mass rule's) */
  double S0 = 0.0, Sp[NSB_BEAM_MAX_POINTS], Spr[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
  double T0 = 0.0, Tp[NSB_BEAM_MAX_POINTS], Tpr[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) {
    FJ[p] = GJ[p] = nsb_v3_zero();
    Sp[p] = Tp[p] = 0.0;
    for (int r = 0; r < N; ++r) Spr[p][r] = Tpr[p][r] = 0.0;
  }
  for (int q = 0; q < n_qp; ++q) {
    const nsb_beam_point* pt = &s->old_qp[q];
    const double* Jq = nsb_beam_geom_row(g, g->Jq, q);
    double w = g->wq[q];
    nsb_vec3 aq = a0, alq = al0;
    for (int p = 0; p < N; ++p) {
      aq = nsb_v3_muladd(aq, Jq[p], nsb_v3_load(u + 12 + 6 * p));
      alq = nsb_v3_muladd(alq, Jq[p], nsb_v3_load(u + 15 + 6 * p));
    }
    nsb_vec3 om = nsb_v3_load(pt->w);
    /* with a mass rule the translational mass is at its points (below) */
    const double wt = rule ? 0.0 : w;
    nsb_vec3 fq = rule ? nsb_v3_neg(n) : nsb_v3_sub(nsb_v3_scale(c->rhoA, aq), n);
    nsb_vec3 gq = nsb_beam_accel_gyro(Jd, alq, om);
    if (c->alpha != 0.0) { /* mass-proportional damping at the frozen velocities (section's own rhoJ) */
      if (!rule) fq = nsb_v3_muladd(fq, c->alpha * c->rhoA, nsb_v3_load(pt->v));
      gq = nsb_v3_add(gq, nsb_v3(c->alpha * c->rhoJ[0] * om.x, c->alpha * c->rhoJ[1] * om.y, c->alpha * c->rhoJ[2] * om.z));
    }
    /* a zero without a distributed moment, whose sign cannot reach the
       sums below, which start at +0 */
    if (ml_on) gq = nsb_v3_sub(gq, nsb_q_rotate_inv(nsb_q_load(pt->q), mload));
    Fv = nsb_v3_muladd(Fv, w, fq);
    Gm = nsb_v3_muladd(Gm, w, gq);
    for (int p = 0; p < N; ++p) {
      FJ[p] = nsb_v3_muladd(FJ[p], w * Jq[p], fq);
      GJ[p] = nsb_v3_muladd(GJ[p], w * Jq[p], gq);
    }
    if (!KF) continue;
    S0 += w;
    T0 += wt;
    for (int p = 0; p < N; ++p) {
      Sp[p] += w * Jq[p];
      Tp[p] += wt * Jq[p];
      for (int r = 0; r < N; ++r) {
        Spr[p][r] += w * Jq[p] * Jq[r];
        Tpr[p][r] += wt * Jq[p] * Jq[r];
      }
    }
  }
  /* Mass rule (docs/contact.md §7.2): point masses rhoA w_k at x_k, a(x_k)
     from a^0, a'^p (end 0, collocation points) or a^L (end 1: SL).  The
     massless end's acceleration drops out of every inertia term, so the
     system is singular along the velocity mode that moves that end alone;
     a mass rhoA L at that end, in this solve only, makes it regular.  Its
     value does not matter: along that mode the solve then balances the
     node's unbalanced force f_L with an acceleration f_L/(rhoA L) that no
     inertia term sees, and every other acceleration is the one of the
     massless node in quasi-static equilibrium with a force -f_L on it (the
     contact force while it is pressed). */
  double SL = 0.0, SLp[NSB_BEAM_MAX_POINTS];
  for (int p = 0; p < N; ++p) SLp[p] = 0.0;
  const int ends = g->massless_end == NSB_BEAM_MASS_ENDS; /* MASS=LUMPED: no massless end (below) */
  for (int k = 0; k < g->n_mp + !ends && rule; ++k) {
    const int reg = k == g->n_mp; /* the regularising mass at the massless end */
    const int at_L = reg ? g->massless_end == 1 : g->mp->src[k] == -2;
    const double wk = reg ? g->L : g->mp->w[k];
    double Jk[NSB_BEAM_MAX_POINTS];
    for (int p = 0; p < N; ++p) Jk[p] = reg ? (at_L ? g->JL[p] : 0.0) : g->mp->J[k][p];
    nsb_vec3 ak = at_L ? nsb_v3_load(u + 6) : a0;
    if (!at_L)
      for (int p = 0; p < N; ++p) ak = nsb_v3_muladd(ak, Jk[p], nsb_v3_load(u + 12 + 6 * p));
    nsb_vec3 fk = nsb_v3_scale(c->rhoA * wk, reg ? ak : nsb_v3_sub(ak, nsb_v3_load(in->grav)));
    if (c->alpha != 0.0 && !reg)
      fk = nsb_v3_muladd(fk, c->alpha * c->rhoA * wk, nsb_v3_load(nsb_beam_mass_point(g, in->old_end, s->old_cp, k)->v));
    Fv = nsb_v3_add(Fv, fk);
    for (int p = 0; p < N; ++p) FJ[p] = nsb_v3_muladd(FJ[p], Jk[p], fk);
    if (at_L) {
      SL += wk;
      for (int p = 0; p < N; ++p) SLp[p] += wk * Jk[p];
      continue;
    }
    T0 += wk;
    for (int p = 0; p < N; ++p) {
      Tp[p] += wk * Jk[p];
      for (int r = 0; r < N; ++r) Tpr[p][r] += wk * Jk[p] * Jk[r];
    }
  }
  nsb_vec3 RNG[NSB_BEAM_MAX_POINTS], MG[NSB_BEAM_MAX_POINTS];
  /* ed: a restart keeps the internal forces the increment's rows carried,
     the energy-consistent form's stored differences (emc_data) with the
     triple; NULL: none */
  for (int k = 0; k < N; ++k) {
    const nsb_beam_point* cp = &s->old_cp[k];
    nsb_vec3 E = nsb_v3_load(cp->E), Kc = nsb_v3_load(cp->K);
    nsb_vec3 NG;
    accel_stress(c, g, cp, rates, k, &NG, &MG[k]);
    RNG[k] = nsb_q_rotate(nsb_q_load(cp->q), NG);
    nsb_vec3 ck = nsb_v3_add(nsb_v3_cross(NG, E), nsb_v3_cross(MG[k], Kc));
    if (ed) {
      RNG[k] = nsb_v3_add(RNG[k], nsb_v3_load(ed + 9 * k));
      MG[k] = nsb_v3_add(MG[k], nsb_v3_load(ed + 9 * k + 3));
      ck = nsb_v3_add(ck, nsb_v3_load(ed + 9 * k + 6));
    }
    Gm = nsb_v3_muladd(Gm, g->JL[k], ck);
    for (int p = 0; p < N; ++p) GJ[p] = nsb_v3_muladd(GJ[p], g->JL[k] * g->Jp[N * k + p], ck);
  }
  /* node rows */
  nsb_local_addv(F, 0, nsb_v3_neg(N0));
  nsb_local_addv(F, 3, nsb_v3_neg(R0tM0));
  nsb_local_addv(F, 6, nsb_v3_add(N0, Fv));
  nsb_local_addv(F, 9, nsb_v3_add(R0tM0, Gm));
  if (KF) {
    nsb_local_add3(KF, nf, 0, oN, nsb_m3_scale(-1.0, I3));
    nsb_local_add3(KF, nf, 3, oM, nsb_m3_scale(-1.0, R0t));
    nsb_local_add3(KF, nf, 6, oN, I3);
    nsb_local_add3(KF, nf, 6, 0, nsb_m3_scale(c->rhoA * T0, I3));
    if (rule) nsb_local_add3(KF, nf, 6, 6, nsb_m3_scale(c->rhoA * SL, I3));
    nsb_local_add3(KF, nf, 9, oM, R0t);
    nsb_local_add3(KF, nf, 9, 3, nsb_m3_scale(S0, J));
    for (int r = 0; r < N; ++r) {
      nsb_local_add3(KF, nf, 6, 12 + 6 * r, nsb_m3_scale(c->rhoA * Tp[r], I3));
      nsb_local_add3(KF, nf, 9, 15 + 6 * r, nsb_m3_scale(Sp[r], J));
    }
  }
  /* interior rows */
  for (int p = 0; p < N; ++p) {
    const double iW = 1.0 / g->JL[p];
    const int tr = 12 + 6 * p, rr = tr + 3;
    nsb_local_addv(F, tr, nsb_v3_muladd(nsb_v3_sub(nsb_v3_sub(RNG[p], N0), Fv), iW, FJ[p]));
    nsb_local_addv(F, rr, nsb_v3_muladd(nsb_v3_sub(nsb_v3_sub(MG[p], R0tM0), Gm), iW, GJ[p]));
    if (!KF) continue;
    nsb_local_add3(KF, nf, tr, oN, nsb_m3_scale(-1.0, I3));
    nsb_local_add3(KF, nf, rr, oM, nsb_m3_scale(-1.0, R0t));
    nsb_local_add3(KF, nf, tr, 0, nsb_m3_scale(c->rhoA * (iW * Tp[p] - T0), I3));
    if (rule) nsb_local_add3(KF, nf, tr, 6, nsb_m3_scale(c->rhoA * (iW * SLp[p] - SL), I3));
    nsb_local_add3(KF, nf, rr, 3, nsb_m3_scale(iW * Sp[p] - S0, J));
    for (int r = 0; r < N; ++r) {
      nsb_local_add3(KF, nf, tr, 12 + 6 * r, nsb_m3_scale(c->rhoA * (iW * Tpr[p][r] - Tp[r]), I3));
      nsb_local_add3(KF, nf, rr, 15 + 6 * r, nsb_m3_scale(iW * Spr[p][r] - Sp[r], J));
    }
  }
  /* MASS=LUMPED (docs/contact.md §7.8): the mass rhoA L/2 at each end leaves
     the N - 1 modes of a(x) that vanish at both ends out of every inertia
     term, and the system singular along them.  In this solve only, masses
     rhoA L on b_k = a(x_k) - (1 - xi_k) a^0 - xi_k a^L (xi_k = x_k/L), the
     departure from the chord's linear field at the N collocation points,
     make it regular: the virtual power sum_k db_k . rhoA L b_k vanishes for
     every test field linear along the element, so the node rows and every
     acceleration an inertia term sees are those of the lumped mass whatever
     that value (as point forces: rhoA L b_k at x_k, -(1 - xi_k) of it at
     end 0 and -xi_k at end 1, which cancel in Fv and leave
     (J_p(x_k) - xi_k W_p) rhoA L b_k in FJ_p). */
  for (int k = 0; k < N && ends; ++k) {
    const double mreg = c->rhoA * g->L, xi = g->xp[k] / g->L;
    const double* Jk = g->Jp + N * k;
    nsb_vec3 bk = nsb_v3_scale(xi, nsb_v3_sub(a0, nsb_v3_load(u + 6)));
    for (int r = 0; r < N; ++r) bk = nsb_v3_muladd(bk, Jk[r], nsb_v3_load(u + 12 + 6 * r));
    for (int p = 0; p < N; ++p) {
      const double cpk = mreg * (Jk[p] - xi * g->JL[p]) / g->JL[p];
      const int tr = 12 + 6 * p;
      nsb_local_addv(F, tr, nsb_v3_scale(cpk, bk));
      if (!KF) continue;
      nsb_local_add3(KF, nf, tr, 0, nsb_m3_scale(cpk * xi, I3));
      nsb_local_add3(KF, nf, tr, 6, nsb_m3_scale(-cpk * xi, I3));
      for (int r = 0; r < N; ++r) nsb_local_add3(KF, nf, tr, 12 + 6 * r, nsb_m3_scale(cpk * Jk[r], I3));
    }
  }
  /* closure rows: a^L - a(L), alpha^L - alpha(L) */
  nsb_vec3 aL = a0, alL = al0;
  for (int p = 0; p < N; ++p) {
    aL = nsb_v3_muladd(aL, g->JL[p], nsb_v3_load(u + 12 + 6 * p));
    alL = nsb_v3_muladd(alL, g->JL[p], nsb_v3_load(u + 15 + 6 * p));
  }
  nsb_local_addv(F, oN, nsb_v3_sub(nsb_v3_load(u + 6), aL));
  nsb_local_addv(F, oM, nsb_v3_sub(nsb_v3_load(u + 9), alL));
  if (KF) {
    nsb_local_add3(KF, nf, oN, 6, I3);
    nsb_local_add3(KF, nf, oN, 0, nsb_m3_scale(-1.0, I3));
    nsb_local_add3(KF, nf, oM, 9, I3);
    nsb_local_add3(KF, nf, oM, 3, nsb_m3_scale(-1.0, I3));
    for (int p = 0; p < N; ++p) {
      nsb_local_add3(KF, nf, oN, 12 + 6 * p, nsb_m3_scale(-g->JL[p], I3));
      nsb_local_add3(KF, nf, oM, 15 + 6 * p, nsb_m3_scale(-g->JL[p], I3));
    }
  }
  /* the point accelerations of this iterate; not in modified Newton's
     residual-only evaluation (KF NULL), whose states no caller keeps: every
     acceptance of the acceleration solve sets them again from the accepted
     unknowns (nsb_beam_accel_points, the points pass beam_points, or the
     reactions' evaluation with its matrix), and nothing reads them before */
  if (KF) accel_points(s, a0, al0, u + 12);
}

/* accel_system_galerkin's residual-only evaluation (the modified Newton
   acceleration solves with kept factors) for POINTS = 2 with its 12
   integration points as constants (the loops over the points unrolled, the
   sums in registers: the same operations in the same order), else the
   general sizes */
static __attribute__((noinline)) void accel_galerkin_alone2(beam_state* s, const nsb_beam_eval_in* in,
                                                            const double* rates, const double* ed, double* F) {
  accel_galerkin_n(s, in, rates, ed, F, NULL, 2, 12);
}
static void accel_system_galerkin(beam_state* s, const nsb_eval_ctx* ec, const nsb_beam_eval_in* in, double* F,
                                  double* KF) {
  const double* rates = keeps_beta(s, ec->accel_restart) ? damp_data(s) : NULL;
  const double* ed = ec->accel_restart ? emc_data(s) : NULL;
  if (!KF && s->N == 2 && s->n_qp == 12) accel_galerkin_alone2(s, in, rates, ed, F);
  else accel_galerkin_n(s, in, rates, ed, F, KF, s->N, s->n_qp);
}

/* The accelerations become the interior states (committed after the solve):
   the frozen states with a(x) = a^0 + sum_p J_p(x) a'^p, alpha(x) likewise
   (ui: the interior unknowns a'^p, alpha'^p), written into the current
   points after accel_prepare. */
/* a(x) and alpha(x) at point i (the integration points, then the
   collocation points) from the node-0 values and the interior unknowns ui. */
static inline __attribute__((always_inline)) void point_accel_n(const beam_state* s, int i, nsb_vec3 a0,
                                                                nsb_vec3 al0, const double* ui, double a[3],
                                                                double al[3], const int N) {
  const nsb_beam_geom* g = s->geom;
  const double* Jx = i < s->n_qp ? nsb_beam_geom_row(g, g->Jq, i) : nsb_beam_geom_row(g, g->Jp, i - s->n_qp);
  nsb_vec3 aq = a0, alq = al0;
  for (int p = 0; p < N; ++p) {
    aq = nsb_v3_muladd(aq, Jx[p], nsb_v3_load(ui + 6 * p));
    alq = nsb_v3_muladd(alq, Jx[p], nsb_v3_load(ui + 3 + 6 * p));
  }
  nsb_v3_store(aq, a);
  nsb_v3_store(alq, al);
}
static void point_accel(const beam_state* s, int i, nsb_vec3 a0, nsb_vec3 al0, const double* ui, double a[3],
                        double al[3]) {
  point_accel_n(s, i, a0, al0, ui, a, al, s->N);
}

static void accel_points(beam_state* s, nsb_vec3 a0, nsb_vec3 al0, const double* ui) {
  accel_prepare(s);
  for (int i = 0; i < s->n_qp + s->N; ++i) {
    nsb_beam_point* pt = i < s->n_qp ? &s->cur_qp[i] : &s->cur_cp[i - s->n_qp];
    point_accel(s, i, a0, al0, ui, pt->a, pt->al);
  }
}

int nsb_beam_accel_frame(const nsb_elem* e, const nsb_state* st, double q[4]) {
  const beam_state* s = e->state;
  if (!s->galerkin || s->sgeom) return 0;
  memcpy(q, st->q + 4 * e->nodes[0], 4 * sizeof(double));
  return 1;
}

void nsb_beam_accel_points(const nsb_elem* e, const nsb_state* cur) {
  beam_state* s = e->state;
  if (!s->galerkin || s->sgeom) return; /* accel_system and the strain element keep their own */
  const int a = e->nodes[0];
  /* the node-0 unknowns as beam_eval forms them (end frame) */
  const nsb_mat3 L0 = nsb_q_to_m3(s->lam[0]);
  nsb_vec3 a0 = nsb_v3_load(cur->a + 3 * a), al0 = nsb_m3_tmulv(L0, nsb_v3_load(cur->al + 3 * a));
  memcpy(s->NM0, s->u_int + 6 * s->N, 6 * sizeof(double));
  /* the copy of the frozen states where no evaluation of this solve made
     it (its residual-only evaluations leave the points: accel_system_galerkin) */
  accel_points(s, a0, al0, s->u_int);
}

int nsb_beam_accel_plain(const nsb_elem* e) {
  const beam_state* s = e->state;
  const nsb_beam_section* c = s->sec;
  const beam_kept* z = kept_set(s, 1);
  return s->galerkin && !s->sgeom && s->geom->massless_end < 0 && c->rhoJ[0] > 0.0 && c->rhoJ[1] > 0.0 &&
         c->rhoJ[2] > 0.0 && c->alpha == 0.0 && c->beta == 0.0 && s->n_dloads == 0 && z && z->valid;
}

/* The restart's residual of such a beam at the increment's accelerations
   is the increment's residual at its accepted iterate (docs/theory.md §5,
   "The restart without a residual sweep"): the node rows are those of a
   converged increment, and with the interior started on the increment's
   acceleration field the interior rows too, so X_f = K_ii^{-1} f_i is of
   that size and is taken zero.  The fit: the N collocation points'
   accelerations of the increment (committed: now_cp) give a'^p through the
   N x N matrix J_p(x_k) (Lagrange integrals, regular); measured on the bar
   of benchmarks/peers, the increment's accelerations at every integration
   point and at end 1 lie on that field to round-off (1e-15 of them), and X_f
   falls from 4e8 (the interior started from the increment's vbar') to
   2e-4 of interior values 4e8. */
void nsb_beam_accel_skip(const nsb_elem* e, const nsb_state* cur) {
  beam_state* s = e->state;
  const nsb_beam_geom* g = s->geom;
  const int N = s->N, a = e->nodes[0];
  const nsb_beam_point* cp = now_cp(s);
  const nsb_mat3 Lm[2] = {lam_m3(s->lam[0]), lam_m3(s->lam[1])};
  const nsb_vec3 a0 = nsb_v3_load(cur->a + 3 * a), al0 = nsb_m3_tmulv(Lm[0], nsb_v3_load(cur->al + 3 * a));
  double A[NSB_BEAM_MAX_POINTS * NSB_BEAM_MAX_POINTS], B[NSB_BEAM_MAX_POINTS * 6];
  int piv[NSB_BEAM_MAX_POINTS];
  for (int k = 0; k < N; ++k) {
    const double* J = nsb_beam_geom_row(g, g->Jp, k);
    for (int p = 0; p < N; ++p) A[k + N * p] = J[p];
    for (int c = 0; c < 3; ++c) {
      B[k + N * c] = cp[k].a[c] - (&a0.x)[c];
      B[k + N * (3 + c)] = cp[k].al[c] - (&al0.x)[c];
    }
  }
  /* J_p(x_k) is regular for distinct collocation points (checked at
     creation, nsb_beam_geom_init) */
  if (nsb_lu_factor(N, A, N, piv) == 0) {
    nsb_lu_solve(N, A, N, piv, 6, B, N);
    for (int p = 0; p < N; ++p)
      for (int c = 0; c < 3; ++c) {
        s->u_int[6 * p + c] = B[p + N * c];
        s->u_int[6 * p + 3 + c] = B[p + N * (3 + c)];
      }
  }
  memcpy(s->NM0, s->u_int + 6 * N, 6 * sizeof(double));
  /* what beam_eval leaves besides the kernel's rows (no loads: plain) */
  nsb_beam_point ends[2];
  end_state(s, Lm[0], cur, a, 0, &ends[0], NULL);
  end_state(s, Lm[1], cur, e->nodes[1], 1, &ends[1], NULL);
  for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &ends[k]);
  memset(s->field_n, 0, sizeof s->field_n);
  memset(s->field_m, 0, sizeof s->field_m);
  s->field_inertia = 1;
  s->field_accel = 1;
  s->h_eval = 0.0;
  beam_kept* z = kept_set(s, 1);
  memset(z->xf, 0, sizeof(double) * (size_t)s->n_int);
  s->xrows = z->Z;
}

/* Whether an evaluation uses the energy-consistent internal forces
   (docs/theory_beam.md §11.2): a Galerkin velocity element of an undamped
   section (BETA keeps the trapezoidal mean, whose booking damped_work
   follows) in a dynamic increment of the plain scheme under the
   trapezoidal rule (nsb_eval_trapezoidal: beta = gamma = 1/2). */
static int emc_form(const beam_state* s, const nsb_eval_ctx* ec) {
  return (s->emc & EMC_HAS) && s->galerkin && s->sec->beta == 0.0 && ec->mode == NSB_EVAL_DYNAMIC && ec->vbar &&
         nsb_eval_trapezoidal(ec);
}

/* The velocity kernels' inputs other than the loads, as beam_eval and the
   points pass (nsb_beam_points) both form them. */
static void eval_in(const beam_state* s, const nsb_eval_ctx* ec, const nsb_beam_point* ends, const double* u,
                    nsb_beam_eval_in* in) {
  memset(in, 0, sizeof *in);
  in->g = s->geom;
  in->sec = s->sec;
  in->old_qp = s->old_qp;
  in->old_cp = s->old_cp;
  in->old_end = ends;
  in->u = u;
  in->h = ec->h;
  in->beta = ec->beta;
  in->gamma = ec->gamma;
  in->gen_alpha = ec->mn_alpha;
  in->alpha_m = ec->alpha_m;
  in->alpha_f = ec->alpha_f;
  in->inertia = ec->mode == NSB_EVAL_DYNAMIC;
  in->galerkin = s->galerkin;
  in->emc = emc_form(s, ec);
  in->emc_d = in->emc ? emc_data(s) : NULL;
}

int nsb_beam_points_pass(const nsb_elem* e) { return !((const beam_state*)e->state)->sgeom; }

static double* damp_data(const beam_state* s);
static void damped_work(beam_state* s, int dynamic, const nsb_eval_ctx* ec, const nsb_beam_point* old_end);
static void dload_work(beam_state* s, const nsb_eval_ctx* ec);

void nsb_beam_points(const nsb_elem* e, const nsb_eval_ctx* ec) {
  beam_state* s = e->state;
  NSB_ASSERT(!s->sgeom && ec->mode != NSB_EVAL_ACCEL && ec->vbar && ec->wbar);
  const int a = e->nodes[0], b = e->nodes[1];
  const nsb_mat3 Lm[2] = {lam_m3(s->lam[0]), lam_m3(s->lam[1])};
  /* the local unknowns, the old ends and the kernel's inputs as beam_eval forms them */
  double u[BEAM_MAX_FULL];
  for (int k = 0; k < 2; ++k) {
    int node = k == 0 ? a : b;
    memcpy(u + 6 * k, ec->vbar + 3 * node, 3 * sizeof(double));
    nsb_v3_store(nsb_m3_tmulv(Lm[k], nsb_v3_load(ec->wbar + 3 * node)), u + 6 * k + 3);
  }
  memcpy(u + 12, s->u_int, sizeof(double) * (size_t)s->n_int);
  memcpy(s->NM0, s->u_int + 6 * s->N, 6 * sizeof(double));
  nsb_beam_point ends[2], cur_ends[2];
  memset(cur_ends, 0, sizeof cur_ends);
  end_state(s, Lm[0], ec->old, a, 0, &ends[0], ec);
  end_state(s, Lm[1], ec->old, b, 1, &ends[1], ec);
  nsb_beam_eval_in in;
  eval_in(s, ec, ends, u, &in);
  s->emc = (unsigned char)((s->emc & EMC_HAS) | (in.emc ? EMC_ON : 0));
  s->pts_same = 0;
  nsb_beam_velocity_points(&in, s->cur_qp, s->cur_cp, cur_ends);
  for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &cur_ends[k]);
  /* a damped section: the strain rates and the damping work of the increment, as beam_eval */
  if (damp_data(s)) damped_work(s, in.inertia, ec, ends);
  dload_work(s, ec);
}

unsigned long nsb_beam_points_hash(const nsb_elem* e, unsigned long h) {
  const beam_state* s = e->state;
  const double* dd = damp_data(s);
  const int fl[2] = {s->field_inertia, s->field_accel};
  const unsigned char* parts[9] = {(const unsigned char*)now_qp(s),   (const unsigned char*)now_cp(s),
                                   (const unsigned char*)s->cur_end,  (const unsigned char*)s->NM0,
                                   (const unsigned char*)(dd ? dd + 6 * s->N : NULL),
                                   (const unsigned char*)s->cur_res,  (const unsigned char*)s->field_n,
                                   (const unsigned char*)s->field_m,  (const unsigned char*)fl};
  const size_t sizes[9] = {sizeof(nsb_beam_point) * (size_t)s->n_qp,
                           sizeof(nsb_beam_point) * (size_t)s->N,
                           sizeof s->cur_end,
                           sizeof s->NM0,
                           dd ? sizeof(double) * (size_t)(6 * s->N + 1) : 0,
                           s->sgeom ? sizeof(nsb_beam_strain_force) * (size_t)(s->N + 2) : 0,
                           sizeof s->field_n,
                           sizeof s->field_m,
                           sizeof fl};
  for (int k = 0; k < 9; ++k)
    for (size_t i = 0; i < sizes[k]; ++i) h = (h ^ parts[k][i]) * 1099511628211ul;
  return h;
}

/* Strain element (elements/beam_strain.h): node positions and end-frame
   material spins as unknowns (Newmark on SO(3)); with the modified scheme
   (beta = 1/2, equivalent to Newmark beta_N = gamma/2, gamma_N = gamma) or a
   static step the node columns are chained with the scheme's map below. */
/* The kernel's inputs of strain_eval (u, q_end[8] the caller's storage). */
static void strain_in(const beam_state* s, const nsb_eval_ctx* ec, int a, int b, const nsb_beam_point* old_end,
                      const double* u, double* q_end, nsb_beam_strain_in* ip) {
  nsb_q_store(nsb_q_normalize(nsb_q_mul(nsb_q_load(ec->cur->q + 4 * a), s->lam[0])), q_end);
  nsb_q_store(nsb_q_normalize(nsb_q_mul(nsb_q_load(ec->cur->q + 4 * b), s->lam[1])), q_end + 4);
  nsb_beam_strain_in in;
  memset(&in, 0, sizeof in);
  in.g = s->sgeom;
  in.sec = s->sec;
  in.old_qp = s->old_qp;
  in.old_cp = s->old_cp;
  in.old_end = old_end;
  in.old_res = s->old_res;
  in.q_end = q_end;
  in.u = u;
  in.h = ec->h;
  if (ec->vbar && !ec->mn_alpha) { /* modified Newmark (beta = 1/2, checked by the system) */
    in.beta = 0.5 * ec->gamma;
    in.gamma_n = ec->gamma;
  } else { /* Newmark, generalized-alpha, or the modified scheme's generalized-alpha form
              (the same Newmark relations on pseudo-accelerations, docs/theory.md §3.5) */
    in.beta = ec->beta;
    in.gamma_n = ec->gamma;
  }
  /* generalized-alpha (0, 0 otherwise).  old_res holds the parts at t_n:
     committed with the point states; at t = 0 the zeros of creation (the
     initial-acceleration solve does not run this kernel), which are the
     parts of a structure at rest, unloaded and unstressed (docs/theory.md
     §3.4).  n_load is the load at t_{n+1}: the kernel blends the external
     part with the one stored in old_res. */
  in.alpha_m = 0.0; /* equations at t_{n+1} (Arnold-Bruls form): no weighting of resultants */
  in.alpha_f = 0.0;
  in.kin_alpha_m = ec->alpha_m;
  in.kin_alpha_f = ec->alpha_f;
  in.inertia = ec->mode == NSB_EVAL_DYNAMIC;
  in.galerkin = s->galerkin; /* WEIGHTING=GALERKIN: docs/theory_beam_strain.md §7 */
  nsb_vec3 n, mm;
  dload_values(ec, s, &n, &mm);
  if (s->geom->massless_end >= 0) /* a mass rule: gravity on its point masses */
    nsb_v3_store(ec->gravity, in.grav);
  else
    n = nsb_v3_muladd(n, s->sec->rhoA, ec->gravity);
  nsb_v3_store(n, in.n_load);
  nsb_v3_store(mm, in.m_load);
  *ip = in;
}

static void strain_eval(beam_state* s, const nsb_eval_ctx* ec, int a, int b, const nsb_beam_point* old_end, double* u,
                        nsb_beam_point* cur_end, double* F, double* KF) {
  memcpy(u + 0, ec->cur->x + 3 * a, 3 * sizeof(double));
  memcpy(u + 6, ec->cur->x + 3 * b, 3 * sizeof(double));
  memset(u + 3, 0, 3 * sizeof(double));
  memset(u + 9, 0, 3 * sizeof(double));
  memcpy(u + 12, s->u_int, sizeof(double) * (size_t)s->n_int);
  double q_end[8];
  nsb_beam_strain_in in;
  strain_in(s, ec, a, b, old_end, u, q_end, &in);
  s->pts_same = 0;
  nsb_beam_strain_eval(&in, s->cur_qp, s->cur_cp, cur_end, s->cur_res, F, KF);
}

/* Accelerations after an impulsive increment (docs/theory_beam_strain.md
   §11): the unknowns v (the wrapper's acceleration layout: the node
   accelerations in end frames, then the strain accelerations and N^0, M^0),
   the configuration and the station states committed by the increment
   frozen, each station's accelerations the increment's plus the compatible
   change J_r dq'', J_Theta dq'' (dq'': the change of the node accelerations
   from old_end's, the strain accelerations), the rows the element's own
   (nsb_beam_strain_in.acc).  A massless end (mass rule) takes a
   regularising mass rhoA L on its node rows, as accel_system_galerkin
   (without it the system is singular along the end's massless mode), here
   on the change of its acceleration: along that mode the end then keeps
   the increment's acceleration but for the unbalanced force over rhoA L
   (on the acceleration itself the B2S ball and floor decks of
   benchmarks/massless_end gained 2.5e-4 E0 instead of 6.7e-6). */
static void strain_accel_rows(beam_state* s, const nsb_eval_ctx* ec, int a, int b, const nsb_beam_point* old_end,
                              const double* v, nsb_beam_point* cur_end, double* F) {
  const int N = s->N, oN = 12 + 6 * N;
  const nsb_beam_geom* g = s->geom;
  double conf[NSB_BEAM_STRAIN_MAX_LOCAL], acc[NSB_BEAM_STRAIN_MAX_LOCAL], q_end[8];
  memcpy(conf + 0, ec->cur->x + 3 * a, 3 * sizeof(double));
  memcpy(conf + 6, ec->cur->x + 3 * b, 3 * sizeof(double));
  memset(conf + 3, 0, 3 * sizeof(double));
  memset(conf + 9, 0, 3 * sizeof(double));
  for (int p = 0; p < N; ++p)
    for (int i = 0; i < 3; ++i) {
      conf[12 + 6 * p + i] = s->old_cp[p].E[i] - g->E0[i];
      conf[15 + 6 * p + i] = s->old_cp[p].K[i] - g->K0[i];
    }
  memcpy(conf + oN, v + oN, 6 * sizeof(double));
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 3; ++i) {
      acc[6 * k + i] = v[6 * k + i] - old_end[k].a[i];
      acc[6 * k + 3 + i] = v[6 * k + 3 + i] - old_end[k].al[i];
    }
  memcpy(acc + 12, v + 12, sizeof(double) * (size_t)(6 * N));
  memset(acc + oN, 0, 6 * sizeof(double));
  nsb_beam_strain_in in;
  strain_in(s, ec, a, b, old_end, conf, q_end, &in);
  in.acc = acc;
  in.acc_rates = keeps_beta(s, ec->accel_restart) ? damp_data(s) : NULL;
  in.inertia = 1;
  in.kin_alpha_m = in.kin_alpha_f = 0.0;
  s->pts_same = 0;
  (void)nsb_beam_strain_eval(&in, s->cur_qp, s->cur_cp, cur_end, s->cur_res, F, NULL);
  if (g->massless_end == 0 || g->massless_end == 1) { /* MASS=LUMPED: the kernel's lumped_rows */
    const int o = 6 * g->massless_end;
    const double m = s->sec->rhoA * g->L;
    for (int i = 0; i < 3; ++i) F[o + i] += m * acc[o + i];
  }
}

/* strain_accel_rows and, with KF, its matrix: the rows are affine in v, so
   that column j is their change by a change of v_j over that change
   (exact but for rounding; the last evaluation is at v itself, whose
   states stay). */
static void strain_accel(beam_state* s, const nsb_eval_ctx* ec, int a, int b, const nsb_beam_point* old_end,
                         const double* v, nsb_beam_point* cur_end, double* F, double* KF) {
  const int nf = s->n_full;
  if (KF) {
    double vj[NSB_BEAM_STRAIN_MAX_LOCAL], Fj[NSB_BEAM_STRAIN_MAX_LOCAL];
    double step = 1.0;
    for (int j = 0; j < nf; ++j) step = fmax(step, fabs(v[j]));
    strain_accel_rows(s, ec, a, b, old_end, v, cur_end, F);
    memcpy(vj, v, sizeof(double) * (size_t)nf);
    for (int j = 0; j < nf; ++j) {
      vj[j] = v[j] + step;
      strain_accel_rows(s, ec, a, b, old_end, vj, cur_end, Fj);
      vj[j] = v[j];
      for (int i = 0; i < nf; ++i) KF[i + (size_t)nf * j] = (Fj[i] - F[i]) / step;
    }
  }
  strain_accel_rows(s, ec, a, b, old_end, v, cur_end, F);
}

/* Node columns of the strain element are with respect to positions and
   node-frame material spins; chain them with the scheme's map
   (dx = cr Dt, dTheta = Bth Dr).  Identity for Newmark. */
static void chain_node_columns(const nsb_elem* e, const nsb_eval_ctx* ec, double* KF, int nf) {
  for (int k = 0; k < 2; ++k) {
    const nsb_kin* kn = &ec->kin[e->nodes[k]];
    int ot = 6 * k, orr = 6 * k + 3;
    for (int i = 0; i < nf; ++i) {
      for (int c = 0; c < 3; ++c) KF[i + nf * (ot + c)] *= kn->cr;
      double r0 = KF[i + nf * orr], r1 = KF[i + nf * (orr + 1)], r2 = KF[i + nf * (orr + 2)];
      for (int c = 0; c < 3; ++c)
        KF[i + nf * (orr + c)] = r0 * kn->Bth.c[0 + 3 * c] + r1 * kn->Bth.c[1 + 3 * c] + r2 * kn->Bth.c[2 + 3 * c];
    }
  }
}

static int condense(beam_state* s, const nsb_eval_ctx* ec, int rate, beam_scratch* sc, double* restrict f,
                    double* restrict K);
static void condense_frozen(beam_state* s, beam_kept* z, const double* F, double* restrict f);

/* The Rayleigh damping's data in the block's tail (docs/theory_beam.md §10),
   only in elements of a damped section (no field of the state header: the
   block of an undamped element is unchanged): the strain rates (E - E_n)/h,
   (K - K_n)/h at the collocation points of the committed increment [0, 6N)
   and of the last evaluation [6N, 12N), then the work of the last dynamic
   evaluation's increment [12N], then the velocities v, w of the integration
   points filtered by the alpha relation (damped_work) of the committed
   increment [12N + 1, 12N + 1 + 6 n_qp) and of the last evaluation (the next
   6 n_qp), then BETA's data of its share (beta_data, 36 N + 2); after the Riks
   solution Xl (else after N^0, M^0), in the tail that checkpoints carry.
   NULL without damping. */
static double* damp_data(const beam_state* s) {
  if (s->sec->alpha == 0.0 && s->sec->beta == 0.0) return NULL;
  return s->Xl ? s->Xl + s->n_int : s->NM0 + 6;
}

/* BETA's share under rho_inf < 1 (damped_work) in damp_data after the
   filtered velocities: per collocation point the strain rates Edot filtered
   by the alpha relation [0, 6N), the strain rates B v at the velocities of
   t_n [6N, 12N) and their pseudo-accelerations B p [12N, 18N), and [18N]
   whether those y are known (0), unknown (1: the next increment takes them
   constant) or zero at the first step's start (2), of the committed
   increment; then the same of the last evaluation [18N + 1, 36N + 2). */
static double* beta_data(const beam_state* s) { return damp_data(s) + 12 * s->N + 1 + 12 * s->n_qp; }

/* ALPHA's share at a mass rule's point masses under rho_inf < 1 (damped_work),
   only in damped elements with a rule (g->massless_end >= 0), after
   beta_data: their velocities filtered by the alpha relation, 3 per point
   (n_mp <= N), of the committed increment [0, 3N) and of the last
   evaluation [3N, 6N). */
static double* rule_data(const beam_state* s) { return beta_data(s) + 36 * s->N + 2; }

/* Work of the Rayleigh damping forces over the increment of the last
   evaluation (docs/theory_beam.md §10), as the scheme's averaged equations
   do it: the mean of the damping forces at t_n and t_{n+1} on the
   increment's mean rates,
     D = h sum_k W_k beta (Edot_n + Edot).C_N Edot / 2 + (K likewise)
       + h alpha int (rhoA vm.vm + wm.J wm),   vm = (v_n + v)/2, wm likewise,
   Edot = (E - E_n)/h at the collocation points (the kernels' damped law;
   Edot_n that of the committed increment, kept in damp_data), W_k the Gauss
   weights of the strain energy, the integral by the kinetic energy's
   quadrature (with a mass rule its point masses).  With the trapezoidal
   rule (RHOINF=1) this is the energy the damping takes from the discrete
   system up to the scheme's own energy error.  Under the other schemes
   (RHOINF < 1, nsb_eval_trapezoidal) the alpha part at the integration
   points is its share of the change of their kinetic energy (docs/theory.md
   §3.6, "Loads and dampers under rho_inf < 1"):
     h alpha sum_q w_q (rhoA vm.((1 - gamma) vt_n + gamma vt)
                        + wm.J ((1 - gamma) wt_n + gamma wt)),
   vt, wt the points' velocities filtered by the alpha relation (the damping
   force alpha rhoA v filtered as the inertia's rhoA p), kept in damp_data
   from the committed increment (the velocities themselves after a step's
   initial accelerations, where p = a), and the beta part likewise its
   share, the damping stress beta C Edot filtered as the nodal forces are
   (Edot~) on the strain rates at the mean of the end velocities (B vm),
     h beta sum_k W_k ((1 - gamma) Edot~_n + gamma Edot~).C (x_n + x)/2,
   x = B v the strain rates at the velocities of t_n, t_n+1: the step
   average r = Edot = B vbar is Newmark's, so x and its pseudo-acceleration
   y = B p follow from r by the scheme's relations,
     y = (r - x_n - h (1/2 - beta) y_n) / (beta h),  x = x_n + h ((1 - gamma) y_n + gamma y),
   exact where the strains are linear in the DOFs (docs/theory.md §3.6);
   a mass rule's point masses take the alpha share as the integration points
   (their filtered velocities in rule_data).  Static evaluation: no
   rates, no work. */
static void damped_work(beam_state* s, int dynamic, const nsb_eval_ctx* ec, const nsb_beam_point* old_end) {
  const double h = ec->h;
  const nsb_beam_section* c = s->sec;
  const int N = s->N;
  double* rn = damp_data(s);
  double* r = rn + 6 * N;
  if (!dynamic) {
    memset(r, 0, sizeof(double) * (size_t)(6 * N));
    r[6 * N] = 0.0;
    beta_data(s)[36 * N + 1] = 1.0; /* after a static increment y is not known */
    return;
  }
  const double ih = 1.0 / h;
  const double Cd[6] = {c->EA, c->GA2, c->GA3, c->GJ, c->EI2, c->EI3};
  double Db = 0.0;
  const int trap = nsb_eval_trapezoidal(ec);
  const double gm = ec->gamma;
  /* the step average's Newmark beta (as strain_in: the plain modified
     scheme's 1/2 is Newmark's gamma/2) */
  const double bn = ec->vbar && !ec->mn_alpha ? 0.5 * gm : ec->beta;
  const double* b0 = beta_data(s);
  double* b1 = (double*)b0 + 18 * N + 1;
  /* where the pseudo-accelerations restarted from the accelerations (a
     later step's start, an impulsive increment: beam_after_accel) y_n is not
     known: the first increment takes it constant, y_n = y, whence
     y = 2 (r - x_n)/h and the mean of the end rates is r */
  const int y_unknown = b0[18 * N] == 1.0;
  b1[18 * N] = 0.0;
  for (int k = 0; k < N; ++k) {
    double pk = 0.0;
    for (int i = 0; i < 3; ++i) {
      r[6 * k + i] = ih * (s->cur_cp[k].E[i] - s->old_cp[k].E[i]);
      r[6 * k + 3 + i] = ih * (s->cur_cp[k].K[i] - s->old_cp[k].K[i]);
    }
    if (trap) {
      for (int i = 0; i < 6; ++i) pk += Cd[i] * 0.5 * (rn[6 * k + i] + r[6 * k + i]) * r[6 * k + i];
    } else if (c->beta != 0.0) {
      /* the strain rates filtered (the damping stress beta C Edot filtered
         as the forces are), and the strain rates at t_n, t_n+1 and their
         pseudo-accelerations by the scheme's relations from the step
         average r = (E - E_n)/h (see beta_data) */
      for (int i = 0; i < 6; i += 3)
        nsb_v3_store(nsb_alpha_filter(ec, nsb_v3_load(rn + 6 * k + i), nsb_v3_load(r + 6 * k + i),
                                      nsb_v3_load(b0 + 6 * k + i)),
                     b1 + 6 * k + i);
      for (int i = 0; i < 6; ++i) {
        const int j = 6 * k + i;
        const double x0 = b0[6 * N + j], y0 = y_unknown ? 2.0 * (r[j] - x0) / h : b0[12 * N + j];
        const double y1 = y_unknown ? y0 : (r[j] - x0 - h * (0.5 - bn) * y0) / (bn * h);
        const double x1 = x0 + h * ((1.0 - gm) * y0 + gm * y1);
        b1[6 * N + j] = x1;
        b1[12 * N + j] = y1;
        pk += Cd[i] * ((1.0 - gm) * b0[j] + gm * b1[j]) * 0.5 * (x0 + x1);
      }
    }
    Db += s->geom->JL[k] * pk;
  }
  double Da = 0.0;
  if (c->alpha != 0.0) {
    const nsb_beam_geom* g = s->geom;
    const double rhoA_q = g->massless_end >= 0 ? 0.0 : c->rhoA;
    const double* ft0 = rn + 12 * N + 1;
    double* ft = r + 6 * N + 1 + 6 * s->n_qp;
    for (int q = 0; q < s->n_qp; ++q) {
      const nsb_beam_point *o = &s->old_qp[q], *p = &s->cur_qp[q];
      nsb_v3_store(nsb_alpha_filter(ec, nsb_v3_load(o->v), nsb_v3_load(p->v), nsb_v3_load(ft0 + 6 * q)), ft + 6 * q);
      nsb_v3_store(nsb_alpha_filter(ec, nsb_v3_load(o->w), nsb_v3_load(p->w), nsb_v3_load(ft0 + 6 * q + 3)),
                   ft + 6 * q + 3);
      double vv = 0.0, wJw = 0.0;
      for (int i = 0; i < 3; ++i) {
        const double vm = 0.5 * (o->v[i] + p->v[i]), wm = 0.5 * (o->w[i] + p->w[i]);
        if (trap) {
          vv += vm * vm;
          wJw += c->rhoJ[i] * wm * wm;
        } else {
          vv += vm * ((1.0 - gm) * ft0[6 * q + i] + gm * ft[6 * q + i]);
          wJw += c->rhoJ[i] * wm * ((1.0 - gm) * ft0[6 * q + 3 + i] + gm * ft[6 * q + 3 + i]);
        }
      }
      Da += g->wq[q] * (rhoA_q * vv + wJw);
    }
    /* the mass rule's point masses as the integration points: their
       velocities at t_n and t_n+1 (ends and collocation points; an end's at
       t_n is its node's, the old end state of the evaluation), filtered
       under rho_inf < 1 (rule_data) */
    const double* mt0 = g->n_mp > 0 ? rule_data(s) : NULL;
    double* mt = g->n_mp > 0 ? rule_data(s) + 3 * N : NULL;
    for (int k = 0; k < g->n_mp; ++k) {
      int src = g->mp->src[k];
      const double* v = src >= 0 ? s->cur_cp[src].v : s->cur_end[-1 - src].v;
      const double* vo = src >= 0 ? s->old_cp[src].v : old_end[-1 - src].v;
      nsb_v3_store(nsb_alpha_filter(ec, nsb_v3_load(vo), nsb_v3_load(v), nsb_v3_load(mt0 + 3 * k)), mt + 3 * k);
      double vv = 0.0;
      for (int i = 0; i < 3; ++i) {
        double vm = 0.5 * (vo[i] + v[i]);
        vv += trap ? vm * vm : vm * ((1.0 - gm) * mt0[3 * k + i] + gm * mt[3 * k + i]);
      }
      Da += c->rhoA * g->mp->w[k] * vv;
    }
  }
  r[6 * N] = h * (c->beta * Db + c->alpha * Da);
}

/* Whether an acceleration solve of the strain element uses its own system
   (strain_accel; docs/theory_beam_strain.md §11): Galerkin rows (whose
   virtual work it keeps), rotary inertia in every direction (else the
   curvature accelerations would carry none), and either after an
   impulsive increment (restart) or with the element at rest (st: node
   velocities; then the change J dq'' from the stored accelerations is the
   whole of d^2/dt^2 of the configuration, the velocity terms being zero).
   A step that starts moving keeps the velocity element's system. */
static int at_rest(const beam_state* s, const nsb_state* st, int a, int b) {
  for (int i = 0; i < s->n_qp + s->N; ++i) {
    const nsb_beam_point* p = i < s->n_qp ? &s->old_qp[i] : &s->old_cp[i - s->n_qp];
    for (int c = 0; c < 3; ++c)
      if (p->v[c] != 0.0 || p->w[c] != 0.0) return 0;
  }
  for (int c = 0; c < 3; ++c)
    if (st->v[3 * a + c] != 0.0 || st->w[3 * a + c] != 0.0 || st->v[3 * b + c] != 0.0 || st->w[3 * b + c] != 0.0)
      return 0;
  return 1;
}

static int strain_restart(const beam_state* s, int restart) {
  const double* J = s->sec->rhoJ;
  return s->sgeom && s->galerkin && restart && J[0] > 0.0 && J[1] > 0.0 && J[2] > 0.0;
}

static int beam_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  beam_state* s = e->state;
  beam_scratch sc; /* not initialised: the kernels write F and K whole */
  int accel = ec->mode == NSB_EVAL_ACCEL;
  if (!accel && !s->sgeom && (!ec->vbar || !ec->wbar)) return NSB_ERR_UNSUPPORTED;
  int a = e->nodes[0], b = e->nodes[1], nf = s->n_full, ni = s->n_int;
  const nsb_mat3 Lm[2] = {lam_m3(s->lam[0]), lam_m3(s->lam[1])};
  /* local unknowns in the kernel's layout (end frames) */
  double* u = sc.u;
  for (int k = 0; k < 2 && (accel || !s->sgeom); ++k) { /* the strain element fills u in strain_eval */
    int node = k == 0 ? a : b;
    const double* tv = accel ? ec->cur->a : ec->vbar;
    const double* rv = accel ? ec->cur->al : ec->wbar;
    memcpy(u + 6 * k, tv + 3 * node, 3 * sizeof(double));
    nsb_v3_store(nsb_m3_tmulv(Lm[k], nsb_v3_load(rv + 3 * node)), u + 6 * k + 3);
  }
  memcpy(u + 12, s->u_int, sizeof(double) * (size_t)ni);
  memcpy(s->NM0, s->u_int + 6 * s->N, 6 * sizeof(double));
  /* *STATIC, RIKS: the residual at lpf + 1 first (no tangent), so that the
     interior states left behind are those of the evaluation proper; the
     residual is affine in the loads at a fixed state (docs/theory.md §8) */
  int rate = ec->f_lpf != NULL && !accel;
  /* modified Newton: the residual alone, condensed with the kept factors */
  beam_kept* kept = kept_set(s, accel);
  int frozen = (ec->factors == NSB_FACTORS_KEPT || ec->factors == NSB_FACTORS_KEPT_ALONE) && !K && kept &&
               kept->valid && !rate;
  /* and in a dynamic iteration whose states the caller discards
     (NSB_FACTORS_KEPT_ALONE): the Galerkin kernel's residual without the
     point states (nsb_beam_velocity_residual), where nothing after the
     kernel reads them (no beta damping, no distributed loads) and no mass
     rule reads the end and collocation states inside it.  The element's
     states stay as they were (pts_same, cur_end); the 3.5 KB of point
     states per element of B2V POINTS=2 are neither formed nor written */
  const int alone = frozen && ec->factors == NSB_FACTORS_KEPT_ALONE && !accel && !s->sgeom && s->galerkin &&
                    s->geom->massless_end < 0 && s->n_dloads == 0 && !damp_data(s);
  nsb_beam_point* ends = sc.ends;
  if (alone) { /* its residual reads end 0's rotation and end 1's unknowns alone */
    end_frame(s, ec->old, a, 0, &ends[0]);
  } else if (!accel) { /* the acceleration systems read the current ends (below) */
    end_state(s, Lm[0], ec->old, a, 0, &ends[0], ec);
    memset(sc.cur_ends, 0, sizeof sc.cur_ends); /* the kernels' end states (kept part: end_keep) */
    end_state(s, Lm[1], ec->old, b, 1, &ends[1], ec);
  }
  nsb_beam_eval_in in;
  eval_in(s, ec, ends, u, &in);
  s->emc = (unsigned char)((s->emc & EMC_HAS) | (in.emc ? EMC_ON : 0));
  s->h_eval = accel ? 0.0 : ec->h;
  fill_loads(ec, s, &in);
  memcpy(s->field_n, in.n_load, sizeof s->field_n);
  memcpy(s->field_m, in.m_load, sizeof s->field_m);
  s->field_inertia = ec->mode != NSB_EVAL_STATIC;
  s->field_accel = 0;
  double* F = sc.F;
  double* KF = sc.K;
  double* Fp = sc.Fp;
  if (frozen && kept->compact) {
    /* the compact set's products (condense_frozen) read about 25 cache lines
       that a sweep over a large model brings from memory: asked for now, they
       arrive while the kernel runs (the results do not depend on it) */
    const char* zb = (const char*)kept->Z;
    const size_t nb = sizeof(double) * (size_t)(kept->n_inv + kept->n_kni);
    for (size_t o = 0; o < nb; o += 64) __builtin_prefetch(zb + o);
    const char* cb = (const char*)(kept->Z + kept->n_vals);
    const size_t nc = (size_t)(2 * ni + 12 + kept->n_inv + kept->n_kni);
    for (size_t o = 0; o < nc; o += 64) __builtin_prefetch(cb + o);
    for (int k = 0; k < ni; k += 8) __builtin_prefetch(kept->xf + k, 1);
  }
  NSB_ASSERT(!rate || s->Xl);
  if (rate && !lpf_loaded(ec, s)) {
    /* nothing on the span follows the LPF: f_i,lpf = 0 and the node rows'
       rate is the other elements' (concentrated loads) */
    memset(s->Xl, 0, sizeof(double) * (size_t)ni);
    rate = 0;
  }
  if (rate) {
    nsb_eval_ctx e1 = *ec;
    e1.lpf = ec->lpf + 1.0;
    e1.gravity = nsb_v3_add(ec->gravity, ec->gravity_lpf);
    e1.f_lpf = NULL;
    e1.internal_res2 = NULL;
    if (s->sgeom) {
      strain_eval(s, &e1, a, b, ends, u, sc.cur_ends, Fp, NULL);
    } else {
      nsb_beam_eval_in in1 = in;
      fill_loads(&e1, s, &in1);
      s->pts_same = 0;
      nsb_beam_velocity_eval(&in1, s->cur_qp, s->cur_cp, sc.cur_ends, Fp, NULL);
    }
  }
  if (accel) {
    end_state(s, Lm[0], ec->cur, a, 0, &ends[0], NULL);
    end_state(s, Lm[1], ec->cur, b, 1, &ends[1], NULL);
    /* modified Newton's residual-only evaluation: no matrix (the kept
       factors condense the residual) */
    if (strain_restart(s, ec->accel_restart || at_rest(s, ec->cur, a, b))) {
      nsb_beam_point olds[2];
      end_state(s, Lm[0], ec->old, a, 0, &olds[0], NULL);
      end_state(s, Lm[1], ec->old, b, 1, &olds[1], NULL);
      strain_accel(s, ec, a, b, olds, u, sc.cur_ends, F, frozen ? NULL : KF);
      for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &sc.cur_ends[k]);
    } else {
      if (s->galerkin)
        accel_system_galerkin(s, ec, &in, F, frozen ? NULL : KF);
      else
        accel_system(s, ec, a, b, &in, F, frozen ? NULL : KF);
      /* output: the ends are the nodes' current states, and the moment rows
         used the unit inertia of accel_inertia */
      for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &ends[k]);
      s->field_accel = keeps_beta(s, ec->accel_restart) ? 2 : 1;
    }
  } else if (s->sgeom) {
    strain_eval(s, ec, a, b, ends, u, sc.cur_ends, F, frozen ? NULL : KF);
  } else if (alone) {
    (void)nsb_beam_velocity_residual(&in, F);
  } else {
    s->pts_same = 0;
    nsb_beam_velocity_eval(&in, s->cur_qp, s->cur_cp, sc.cur_ends, F, frozen ? NULL : KF);
  }
  if (!accel && !alone)
    for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &sc.cur_ends[k]);
  if (!accel && damp_data(s)) damped_work(s, in.inertia, ec, ends);
  if (!accel) dload_work(s, ec);
  if (ec->internal_res2) { /* the sum in a register, stored once: the same additions */
    double r2 = *ec->internal_res2;
    for (int i = 12; i < nf; ++i) r2 += F[i] * F[i];
    *ec->internal_res2 = r2;
  }
  if (rate)
    for (int i = 0; i < nf; ++i) Fp[i] -= F[i]; /* f_lpf = f(lpf + 1) - f(lpf), end frames */
  /* rotate the node rotational rows and columns into the node frames (not
     at an end whose frame is the node's: Lambda = I, a product with the
     identity, as in most meshes of straight members) */
  for (int k = 0; k < 2; ++k) {
    const nsb_quat lk = s->lam[k];
    if (lk.w == 1.0 && lk.x == 0.0 && lk.y == 0.0 && lk.z == 0.0) continue;
    int o = 6 * k + 3;
    nsb_mat3 L = Lm[k];
    nsb_vec3 r = nsb_m3_mulv(L, nsb_v3_load(F + o));
    nsb_v3_store(r, F + o);
    if (rate) nsb_v3_store(nsb_m3_mulv(L, nsb_v3_load(Fp + o)), Fp + o);
    if (frozen) continue;
    for (int j = 0; j < nf; ++j) { /* rows: K[o..o+2][j] <- L K[o..][j] */
      nsb_vec3 c = nsb_v3(KF[o + nf * j], KF[o + 1 + nf * j], KF[o + 2 + nf * j]);
      c = nsb_m3_mulv(L, c);
      KF[o + nf * j] = c.x;
      KF[o + 1 + nf * j] = c.y;
      KF[o + 2 + nf * j] = c.z;
    }
    for (int i = 0; i < nf; ++i) { /* columns: K[i][o..o+2] <- K[i][o..] L^T */
      nsb_vec3 rr = nsb_v3(KF[i + nf * o], KF[i + nf * (o + 1)], KF[i + nf * (o + 2)]);
      rr = nsb_m3_mulv(L, rr); /* (row * L^T)^T = L row^T */
      KF[i + nf * o] = rr.x;
      KF[i + nf * (o + 1)] = rr.y;
      KF[i + nf * (o + 2)] = rr.z;
    }
  }
  if (frozen) {
    condense_frozen(s, kept, F, f);
    return NSB_OK;
  }
  if (s->sgeom && !accel) chain_node_columns(e, ec, KF, nf);
  return condense(s, ec, rate, &sc, f, K);
}

/* The compact form of a kept set (beam_kept), when it holds at most 40 % of
   the dense entries (with its index bytes it then fits in the dense arrays'
   storage) and n_int <= 24 (the indices and counts are bytes): packed here
   from the dense arrays condense has just written.  Only for the velocity
   element: its post_solve results are those of the dense rows bit for bit
   because a skipped product is a zero that adds nothing to an interior
   unknown, which is never -0 there (it starts at +0 and only sums change
   it; the strain element sets its unknowns from differences of strains,
   which can be -0).  Every other sum (X_f from +0, the residual rows into
   the evaluation's vector, which the assembly clears to +0) sees the
   dense form's non-zero terms in the dense form's order; an infinite or NaN
   right-hand side takes the dense rows rebuilt with their zeros. */
static int beam_compact_on = 1; /* nsb_beam_compact_kept */

void nsb_beam_compact_kept(int on) { beam_compact_on = on != 0; }

static void keep_compact(int ni, beam_kept* z, int allowed) {
  z->compact = 0;
  if (!allowed || !beam_compact_on || ni > 24) return;
  const int dense = ni * ni + 24 * ni;
  int nz = 0;
  /* every value finite (fin stays +0, condense_frozen): a skipped column of
     a zero right-hand side is then a column of zero products */
  double fin = 0.0;
  for (int i = 0; i < dense; ++i) { /* Z, inv, kni are contiguous */
    nz += z->Z[i] != 0.0;
    fin += z->Z[i] - z->Z[i];
  }
  if (5 * nz > 2 * dense || fin != 0.0) return;
  double vals[24 * 48];
  unsigned char bytes[3 * 24 + 24 * 48];
  unsigned char *cnt = bytes, *ix = bytes + 2 * ni + 12;
  int n = 0;
  for (int j = 0; j < ni; ++j) { /* K_ii^{-1} by columns */
    int c = 0;
    for (int k = 0; k < ni; ++k)
      if (z->inv[k + ni * j] != 0.0) vals[n] = z->inv[k + ni * j], ix[n++] = (unsigned char)k, ++c;
    cnt[j] = (unsigned char)c;
  }
  z->n_inv = n;
  for (int q = 0; q < ni; ++q) { /* K_ni by columns */
    int c = 0;
    for (int i = 0; i < 12; ++i)
      if (z->kni[i + 12 * q] != 0.0) vals[n] = z->kni[i + 12 * q], ix[n++] = (unsigned char)i, ++c;
    cnt[ni + q] = (unsigned char)c;
  }
  z->n_kni = n - z->n_inv;
  for (int j = 0; j < 12; ++j) { /* X_n by columns */
    int c = 0;
    for (int q = 0; q < ni; ++q)
      if (z->Z[j + 12 * q] != 0.0) vals[n] = z->Z[j + 12 * q], ix[n++] = (unsigned char)q, ++c;
    cnt[2 * ni + j] = (unsigned char)c;
  }
  z->n_vals = n;
  memcpy(z->Z, vals, sizeof(double) * (size_t)n);
  memcpy(z->Z + n, bytes, (size_t)(2 * ni + 12 + n));
  z->compact = 1;
}

/* Static condensation of the interior unknowns (header of this file):
     X = K_ii^{-1} [f_i | K_in]                    (one LU, 13 right-hand sides)
     f_c = f_n - K_ni X_f,  K_c = K_nn - K_ni X_n.
   K_ii is factored in place in the scratch sc->K; X is formed there too
   (sc->X), by rows (NSB_LU_ROW_WIDTH columns: X_f, the 12 columns of
   X_n, a zero), so that both the solve (nsb_lu_solve_rows) and the Schur
   products run along rows of a constant width: C = [f_n | K_nn | 0] minus,
   for each interior q and node row i, K_ni(i, q) times row q of X.  Every
   entry sees the operations of the column-wise form in the same order (the
   sums over q in increasing q), so the results are those of the column
   form.  RIKS (rate): X_l = K_ii^{-1} f_i,lpf and f_c,lpf = f_n,lpf -
   K_ni X_l with the same factors. */
static int condense(beam_state* s, const nsb_eval_ctx* ec, int rate, beam_scratch* sc, double* restrict f,
                    double* restrict K) {
  enum { W = NSB_LU_ROW_WIDTH };
  const int ni = s->n_int, nf = s->n_full;
  const double* F = sc->F;
  double* KF = sc->K;
  int* piv = sc->piv;
  /* factors kept for modified Newton (X_n goes to Z, X_f to xf), else the
     element's own rows (s->X, s->Xf) for post_solve */
  beam_kept* z = kept_set(s, ec->mode == NSB_EVAL_ACCEL);
  const int keep = z && K && ec->factors == NSB_FACTORS_KEEP;
  double* restrict X = sc->X;
  s->xrows = keep ? z->Z : s->X;
  const double* Kni = KF + (size_t)nf * 12; /* K_ni(i, q) = Kni[i + nf q], i < 12 */
  for (int q = 0; q < ni; ++q) {
    double* xq = X + W * q;
    xq[0] = F[12 + q];
#pragma GCC unroll 12 /* the gathers and the sum below unrolled: a third of their instructions */
    for (int j = 0; j < 12; ++j) xq[1 + j] = KF[(12 + q) + nf * j];
    xq[13] = 0.0;
  }
  double* Kii = KF + 12 + (size_t)nf * 12;
  /* a zero pivot: K_ii singular (NaNs propagate and fail the residual norm check) */
  if (nsb_lu_factor_fixed(ni, Kii, nf, piv) != 0) {
    if (keep) z->valid = 0;
    return NSB_ERR_SINGULAR;
  }
  nsb_lu_solve_rows_fixed(ni, Kii, nf, piv, X);
  if (!keep)
    for (int q = 0; q < ni; ++q) {
      s->Xf[q] = X[W * q];
      memcpy(s->X + (size_t)12 * q, X + W * q + 1, 12 * sizeof(double));
    }
  if (keep) {
    for (int q = 0; q < ni; ++q) {
      z->xf[q] = X[W * q]; /* X_f where post_solve reads a kept set's */
      memcpy(z->Z + (size_t)12 * q, X + W * q + 1, 12 * sizeof(double));
    }
    memset(z->inv, 0, sizeof(double) * (size_t)ni * (size_t)ni);
    for (int q = 0; q < ni; ++q) {
      z->inv[q + (size_t)ni * q] = 1.0;
      memcpy(z->kni + (size_t)12 * q, Kni + (size_t)nf * q, 12 * sizeof(double));
    }
    nsb_lu_solve_fixed(ni, Kii, nf, piv, ni, z->inv, ni);
    z->valid = 1;
    keep_compact(ni, z, s->sgeom == NULL);
  }
  if (rate) {
    double v[12];
    for (int i = 0; i < ni; ++i) s->Xl[i] = sc->Fp[12 + i];
    nsb_lu_solve_fixed(ni, Kii, nf, piv, 1, s->Xl, ni);
    for (int i = 0; i < 12; ++i) v[i] = sc->Fp[i];
    for (int q = 0; q < ni; ++q)
      for (int i = 0; i < 12; ++i) v[i] -= Kni[i + nf * q] * s->Xl[q];
    for (int i = 0; i < 12; ++i) ec->f_lpf[i] += v[i];
  }
  double C[12][W];
  for (int i = 0; i < 12; ++i) {
    C[i][0] = F[i];
#pragma GCC unroll 12
    for (int j = 0; j < 12; ++j) C[i][1 + j] = KF[i + nf * j];
    C[i][13] = 0.0;
  }
  for (int q = 0; q < ni; ++q) {
    const double* restrict xq = X + W * q;
    const double* kq = Kni + (size_t)nf * q;
    for (int i = 0; i < 12; ++i) {
      const double k = kq[i];
      if (k == 0.0) continue; /* K_ni is sparse: a zero subtracts nothing */
      nsb_lu_row_update(C[i], k, xq); /* C[i][c] -= k xq[c], unrolled */
    }
  }
  for (int i = 0; i < 12; ++i) f[i] += C[i][0];
  if (K)
    for (int j = 0; j < 12; ++j)
#pragma GCC unroll 12
      for (int i = 0; i < 12; ++i) K[i + 12 * j] += C[i][1 + j];
  return NSB_OK;
}

/* Modified Newton (element.h, NSB_FACTORS_KEPT): the residual condensed with the
   kept factors of the last tangent,
     X_f = K_ii^{-1} f_i,  f_c = f_n - K_ni X_f,
   X_f into the set's xf (beside the kept rows Z, whose X_n stays that of the
   kept tangent), for post_solve: du_i = -K_ii^{-1} (f_i + K_in du) with the same
   factors as the system's kept matrix K_nn - K_ni K_ii^{-1} K_in, so that the
   iteration is modified Newton on the uncondensed system.  Two
   matrix-vector products (n_int^2 and 12 n_int) instead of the tangent,
   the factorization of K_ii and its 13 right-hand sides. */
static inline void frozen_rows(int ni, const double* restrict inv, const double* restrict kni, const double* restrict F,
                               double* restrict xf, double* restrict f) {
  double v[12];
  /* X_f by columns of K_ii^{-1}: each entry sums over j in increasing order
     from 0.0, the sums of the former blocks of 6 rows held in registers
     bit for bit, in a loop of a constant trip count without aliasing
     (callgrind, bar_n100: this function 3 % fewer instructions at -O2, 8 %
     at -O3, where gcc vectorizes it) */
  for (int k = 0; k < ni; ++k) xf[k] = 0.0;
  for (int j = 0; j < ni; ++j) {
    const double fj = F[12 + j], *restrict cj = inv + (size_t)ni * j;
#pragma GCC unroll 24 /* both products unrolled whole (their sums in registers) */
    for (int k = 0; k < ni; ++k) xf[k] += cj[k] * fj;
  }
  for (int i = 0; i < 12; ++i) v[i] = F[i];
  for (int q = 0; q < ni; ++q) {
    const double* restrict kq = kni + (size_t)12 * q;
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i) v[i] -= kq[i] * xf[q];
  }
  for (int i = 0; i < 12; ++i) f[i] += v[i];
}

/* With the interior sizes of POINTS = 1, 2, 3 as constants (as
   nsb_lu_factor_fixed): loops of a known trip count, which the compiler
   vectorizes at -O2 (a runtime count left the n_int^2 product scalar); every
   entry sees the same operations in the same order. */
static void condense_frozen(beam_state* s, beam_kept* z, const double* F, double* restrict f) {
  if (z->compact) { /* the products with the non-zeros alone (keep_compact) */
    const int ni = s->n_int;
    const double* restrict val = z->Z;
    const unsigned char* restrict cnt = (const unsigned char*)(z->Z + z->n_vals);
    const unsigned char* restrict ix = cnt + 2 * ni + 12;
    double* restrict xf = z->xf;
    double v[12];
    /* whether an entry of f_i is infinite or NaN: x - x is +0 for every
       finite x and NaN otherwise, and a sum of those is NaN exactly when
       one is (a subtraction and an addition per entry instead of the
       classification of isfinite) */
    double fin = 0.0;
    for (int j = 0; j < ni; ++j) fin += F[12 + j] - F[12 + j];
    const int bad = fin != 0.0;
    const double* restrict fi = F + 12;
    if (bad) {
      /* an infinite or NaN f_i: the dense products whole, their zeros
         included (0 x Inf is NaN), rebuilt (every entry is then infinite or
         NaN, whatever the zeros' signs) */
      double dense[24 * 24];
      for (int i = 0; i < ni * ni; ++i) dense[i] = 0.0;
      for (int j = 0; j < ni; ++j)
        for (int c = cnt[j]; c > 0; --c) dense[*ix++ + ni * j] = *val++;
      for (int k = 0; k < ni; ++k) {
        double x = 0.0;
        for (int j = 0; j < ni; ++j) x += dense[k + ni * j] * fi[j];
        xf[k] = x;
      }
      for (int i = 0; i < 12 * ni; ++i) dense[i] = 0.0;
      for (int q = 0; q < ni; ++q)
        for (int c = cnt[ni + q]; c > 0; --c) dense[*ix++ + 12 * q] = *val++;
      for (int i = 0; i < 12; ++i) {
        double r = F[i];
        for (int q = 0; q < ni; ++q) r -= dense[i + 12 * q] * xf[q];
        v[i] = r;
      }
    } else {
      /* by columns, each entry's sum over the same terms in the same
         (increasing) order as the dense products', and the columns of a
         zero f_j or X_f,q left out: their products are zeros (the values
         are finite, keep_compact), which change no sum that starts at +0
         (X_f: such a sum is never -0) or that goes into the evaluation's
         vector, which the assembly cleared to +0 (the residual rows).  On
         the bars of benchmarks/peers, which move along one line, most of
         f_i is zeros. */
      for (int k = 0; k < ni; ++k) xf[k] = 0.0;
      for (int j = 0; j < ni; ++j) {
        const double fj = fi[j];
        const int c = cnt[j];
        if (fj == 0.0) {
          val += c;
          ix += c;
          continue;
        }
        for (int t = 0; t < c; ++t) xf[ix[t]] += val[t] * fj;
        val += c;
        ix += c;
      }
      for (int i = 0; i < 12; ++i) v[i] = F[i];
      for (int q = 0; q < ni; ++q) {
        const double xq = xf[q];
        const int c = cnt[ni + q];
        if (xq == 0.0) {
          val += c;
          ix += c;
          continue;
        }
        for (int t = 0; t < c; ++t) v[ix[t]] -= val[t] * xq;
        val += c;
        ix += c;
      }
    }
    for (int i = 0; i < 12; ++i) f[i] += v[i];
    s->xrows = z->Z;
    return;
  }
  switch (s->n_int) {
    case 12: frozen_rows(12, z->inv, z->kni, F, z->xf, f); break;
    case 18: frozen_rows(18, z->inv, z->kni, F, z->xf, f); break;
    case 24: frozen_rows(24, z->inv, z->kni, F, z->xf, f); break;
    default: frozen_rows(s->n_int, z->inv, z->kni, F, z->xf, f); break;
  }
  s->xrows = z->Z;
}

/* The interior correction as a change of the element's shape: the velocity
   element's rates vbar', wbar' move positions and rotations along the
   element by h L dvbar', h L dwbar' (x = x_n + h vbar, vbar = vbar^0 +
   int vbar'); the strain element's strains gamma, kappa by L dgamma,
   L dkappa.  N^0, M^0 are forces: not a motion. */
/* du_i = -K_ii^{-1} (f_i + K_in du + f_i,lpf dlpf) (element.h post_solve,
   post_solve_lpf; dlpf = 0 outside arc-length steps). */
static void beam_post_solve_lpf(const nsb_elem* e, const double* du, double dlpf, nsb_corr* c) {
  beam_state* s = e->state;
  int ni = s->n_int;
  double scale = s->sgeom ? s->geom->L : s->h_eval * s->geom->L;
  /* X_f and the rows of X_n (12 wide): the element's own, or a kept set's
     (beam_kept) */
  const int own = s->xrows == s->X;
  const double* xf = own ? s->Xf : s->xrows == s->ks->kept[0].Z ? s->ks->kept[0].xf : s->ks->kept[1].xf;
  const double* xn = s->xrows;
  /* a compact kept set (keep_compact): the non-zeros of each column of X_n */
  const beam_kept* zc = own ? NULL : s->xrows == s->ks->kept[0].Z ? &s->ks->kept[0] : &s->ks->kept[1];
  const double* cval = NULL;
  const unsigned char *ccnt = NULL, *cix = NULL;
  if (zc && zc->compact) {
    ccnt = (const unsigned char*)(zc->Z + zc->n_vals) + 2 * ni;
    cval = zc->Z + zc->n_inv + zc->n_kni;
    cix = (const unsigned char*)(zc->Z + zc->n_vals) + 2 * ni + 12 + zc->n_inv + zc->n_kni;
    /* the rows' lines asked for at once (a sweep over a large model reads
       them from memory; the results do not depend on it) */
    const size_t nb = sizeof(double) * (size_t)(zc->n_vals - zc->n_inv - zc->n_kni);
    for (size_t o = 0; o < nb; o += 64) __builtin_prefetch((const char*)cval + o);
    for (size_t o = 0; o < (size_t)(zc->n_vals - zc->n_inv - zc->n_kni); o += 64) __builtin_prefetch(cix + o);
    __builtin_prefetch(ccnt);
  }
  /* the sums and maxima in registers (c is stored to once, at the end; the
     same operations in the same order), the row's kind by a counter
     instead of i % 6 */
  double raw2 = c->raw2, big_t = c->trans, big_r = c->rot;
  double* restrict ui = s->u_int;
  const int nk = 6 * s->N;
  /* an infinite or NaN du: the dense rows whole (0 x Inf is NaN), rebuilt
     (every v is then infinite or NaN, whatever the zeros' signs) */
  double du_fin = 0.0; /* NaN exactly when an entry is infinite or NaN (condense_frozen) */
  for (int j = 0; cval && j < 12; ++j) du_fin += du[j] - du[j];
  const int du_bad = du_fin != 0.0;
  /* the compact columns: each row's sum v_i = -X_f,i - X_n,i du over the
     same terms in the same (increasing) order as the dense rows', the
     columns of a zero du_j left out (their products are zeros of finite
     values, keep_compact: a zero changes v_i at most in its sign, which
     ui += v and the norms below do not see, ui being never -0).  On the
     bars of benchmarks/peers most of du is zeros. */
  double vc[24];
  if (cval) {
    double dense[12 * 24]; /* a compact set has n_int <= 24 */
    if (du_bad) /* rebuilt rows (above) */
      for (int i = 0; i < 12 * ni; ++i) dense[i] = 0.0;
    for (int i = 0; i < ni; ++i) vc[i] = s->Xl ? -xf[i] - dlpf * s->Xl[i] : -xf[i];
    for (int j = 0; j < 12; ++j) {
      const double dj = du[j];
      const int cj = ccnt[j];
      if (du_bad)
        for (int t = 0; t < cj; ++t) dense[j + 12 * cix[t]] = cval[t];
      else if (dj != 0.0)
        for (int t = 0; t < cj; ++t) vc[cix[t]] -= cval[t] * dj;
      cval += cj;
      cix += cj;
    }
    if (du_bad)
      for (int i = 0; i < ni; ++i)
        for (int j = 0; j < 12; ++j) vc[i] -= dense[j + 12 * i] * du[j];
  }
  for (int i = 0, r6 = 0; i < ni; ++i) {
    double v;
    if (cval) {
      v = vc[i];
    } else {
      const double* xi = xn + (size_t)12 * i; /* row i of X_n */
      const double xfi = xf[i];
      /* without a Riks step in the model there is no Xl, and dlpf = 0 (and
         x - (+0) = x: the same bits as with the zeros Xl held before) */
      v = s->Xl ? -xfi - dlpf * s->Xl[i] : -xfi;
      for (int j = 0; j < 12; ++j) v -= xi[j] * du[j];
    }
    ui[i] += v;
    if (i < nk) { /* kinematic internal unknowns (vbar', wbar' or gamma, kappa) */
      raw2 += v * v;
      /* fmax without its call: the maxima are never NaN (they start at 0
         and keep the larger), and a NaN m leaves them, as fmax does */
      double m = scale * fabs(v);
      if (r6 < 3) {
        if (m > big_t) big_t = m;
      } else if (m > big_r) {
        big_r = m;
      }
      if (++r6 == 6) r6 = 0;
    }
  }
  c->raw2 = raw2;
  c->trans = big_t;
  c->rot = big_r;
}

static void beam_post_solve(const nsb_elem* e, const double* du, nsb_corr* c) { beam_post_solve_lpf(e, du, 0.0, c); }

/* element.h, points: the states beam_eval leaves at the element's points,
   from the current node states and interior unknowns, by the operations
   beam_eval applies to them there, without the residual's sums, the
   tangent and the condensation where the kernel has a pass of its own:
   - the velocity element, dynamic and static: nsb_beam_points (the point
     updates of nsb_beam_velocity_points, N^0, M^0, the damping data);
   - an acceleration solve's states (either element, accel_system and
     accel_system_galerkin): the frozen states with the point
     accelerations of the interior unknowns (accel_points), the ends the
     nodes' current states;
   - the strain element, dynamic and static, and its own acceleration rows
     (strain_accel): one run of its kernel without the tangent.  Its
     stations lie along the sweep of the Magnus steps, and the resultant
     parts it keeps for generalized-alpha (cur_res) are the sweep's sums of
     the residual, so the residual is what a points pass would repeat.
   The loads of the output's resultants (field_n, field_m) as well: an
   arc-length step's last correction moved the load factor. */
static void beam_points(const nsb_elem* e, const nsb_eval_ctx* ec) {
  beam_state* s = e->state;
  const int accel = ec->mode == NSB_EVAL_ACCEL, a = e->nodes[0], b = e->nodes[1];
  const nsb_mat3 Lm[2] = {lam_m3(s->lam[0]), lam_m3(s->lam[1])};
  nsb_beam_eval_in in;
  memset(&in, 0, sizeof in);
  fill_loads(ec, s, &in);
  memcpy(s->field_n, in.n_load, sizeof s->field_n);
  memcpy(s->field_m, in.m_load, sizeof s->field_m);
  s->field_inertia = ec->mode != NSB_EVAL_STATIC;
  s->field_accel = 0;
  if (!accel && !s->sgeom) {
    nsb_beam_points(e, ec);
    return;
  }
  s->emc &= EMC_HAS;
  double u[BEAM_MAX_FULL], F[BEAM_MAX_FULL];
  nsb_beam_point ends[2], cur_ends[2];
  memset(cur_ends, 0, sizeof cur_ends);
  if (!accel) { /* the strain element (strain_eval fills u) */
    s->h_eval = ec->h;
    end_state(s, Lm[0], ec->old, a, 0, &ends[0], ec);
    end_state(s, Lm[1], ec->old, b, 1, &ends[1], ec);
    memcpy(s->NM0, s->u_int + 6 * s->N, 6 * sizeof(double));
    strain_eval(s, ec, a, b, ends, u, cur_ends, F, NULL);
    for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &cur_ends[k]);
    if (damp_data(s)) damped_work(s, ec->mode == NSB_EVAL_DYNAMIC, ec, ends);
    return;
  }
  /* an acceleration solve: the unknowns in the kernels' layout as beam_eval forms them */
  for (int k = 0; k < 2; ++k) {
    int node = k == 0 ? a : b;
    memcpy(u + 6 * k, ec->cur->a + 3 * node, 3 * sizeof(double));
    nsb_v3_store(nsb_m3_tmulv(Lm[k], nsb_v3_load(ec->cur->al + 3 * node)), u + 6 * k + 3);
  }
  memcpy(u + 12, s->u_int, sizeof(double) * (size_t)s->n_int);
  memcpy(s->NM0, s->u_int + 6 * s->N, 6 * sizeof(double));
  s->h_eval = 0.0;
  end_state(s, Lm[0], ec->cur, a, 0, &ends[0], NULL);
  end_state(s, Lm[1], ec->cur, b, 1, &ends[1], NULL);
  if (strain_restart(s, ec->accel_restart || at_rest(s, ec->cur, a, b))) {
    nsb_beam_point olds[2];
    end_state(s, Lm[0], ec->old, a, 0, &olds[0], NULL);
    end_state(s, Lm[1], ec->old, b, 1, &olds[1], NULL);
    strain_accel_rows(s, ec, a, b, olds, u, cur_ends, F);
    for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &cur_ends[k]);
    return;
  }
  accel_points(s, nsb_v3_load(u), nsb_v3_load(u + 3), u + 12);
  for (int k = 0; k < 2; ++k) end_keep(&s->cur_end[k], &ends[k]);
  s->field_accel = keeps_beta(s, ec->accel_restart) ? 2 : 1;
}

static void beam_begin(const nsb_elem* e) {
  beam_state* s = e->state;
  memcpy(s->u_int_old, s->u_int, sizeof(double) * (size_t)s->n_int);
}

/* The commit of the point states.  The strain element copies them (its
   current states are read as they are after the commit).  The velocity
   element swaps its old and current arrays where the current ones hold an
   evaluation's states (PTS_OWN): the committed states are then in the old
   arrays, which every later reader takes (now_qp, now_cp; the kernels read
   the old states and write every field of the current ones), instead of
   3.5 KB copied per element of B2V POINTS=2 at every increment.  Where
   the current arrays are the committed ones but for an acceleration
   solve's a, alpha (PTS_SAME, PTS_OLD_ACC), those alone are copied. */
static void commit_accels(nsb_beam_point* old, const nsb_beam_point* cur, int n) {
  for (int i = 0; i < n; ++i) {
    memcpy(old[i].a, cur[i].a, sizeof old[i].a);
    memcpy(old[i].al, cur[i].al, sizeof old[i].al);
  }
}

static int beam_swap_on = 1; /* nsb_beam_swap_commit */

void nsb_beam_swap_commit(int on) { beam_swap_on = on != 0; }

/* The energy-consistent form's differences at a commit (before the arrays
   change roles): those of the committed increment where its evaluation
   used the form and left its states (the current arrays), else zero (the
   commit of the step's initial accelerations, a static or a damped
   increment, rho_inf < 1: the next plain increment starts from the
   constitutive triple).  A restart of the accelerations after an impulsive
   increment or a first touch commits without this (beam_after_accel,
   nsb_beam_accel_continue) and keeps them. */
static void emc_commit(beam_state* s) {
  double* d = emc_data(s);
  if (!d) return;
  if ((s->emc & EMC_ON) && s->pts_same == PTS_OWN)
    nsb_beam_velocity_emc_commit(s->geom, s->sec, s->old_cp, s->cur_cp, d);
  else
    memset(d, 0, sizeof(double) * (size_t)(9 * s->N));
  s->emc = EMC_HAS;
}

/* After the step's initial accelerations, which balance the constitutive
   triple: zero differences */
static void emc_reset(beam_state* s) {
  double* d = emc_data(s);
  if (d) memset(d, 0, sizeof(double) * (size_t)(9 * s->N));
  s->emc &= EMC_HAS;
}

static void beam_commit(const nsb_elem* e) {
  beam_state* s = e->state;
  emc_commit(s);
  if (s->sgeom || (s->pts_same == PTS_OWN && !beam_swap_on)) {
    memcpy(s->old_qp, s->cur_qp, sizeof(nsb_beam_point) * (size_t)s->n_qp);
    memcpy(s->old_cp, s->cur_cp, sizeof(nsb_beam_point) * (size_t)s->N);
    if (s->sgeom) memcpy(s->old_res, s->cur_res, sizeof(nsb_beam_strain_force) * (size_t)(s->N + 2));
    s->pts_same = PTS_SAME;
  } else if (s->pts_same == PTS_OWN) {
    nsb_beam_point* t = s->old_qp;
    s->old_qp = s->cur_qp;
    s->cur_qp = t;
    t = s->old_cp;
    s->old_cp = s->cur_cp;
    s->cur_cp = t;
    s->pts_same = PTS_OLD;
  } else if (s->pts_same == PTS_SAME || s->pts_same == PTS_OLD_ACC) {
    commit_accels(s->old_qp, s->cur_qp, s->n_qp);
    commit_accels(s->old_cp, s->cur_cp, s->N);
    if (s->pts_same == PTS_OLD_ACC) s->pts_same = PTS_OLD;
  }
  double* dd = damp_data(s);
  if (dd) memcpy(dd, dd + 6 * s->N, sizeof(double) * (size_t)(6 * s->N));
  if (dd) memcpy(dd + 12 * s->N + 1, dd + 12 * s->N + 1 + 6 * s->n_qp, sizeof(double) * (size_t)(6 * s->n_qp));
  if (dd) memcpy(beta_data(s), beta_data(s) + 18 * s->N + 1, sizeof(double) * (size_t)(18 * s->N + 1));
  if (dd && s->geom->n_mp > 0) memcpy(rule_data(s), rule_data(s) + 3 * s->N, sizeof(double) * (size_t)(3 * s->N));
}

/* After the initial-acceleration solve: keep N^0, M^0 as the first guess of
   the first increment, but the acceleration derivatives are no guess for the
   velocity derivatives: start those from zero. */
static void continue_pseudo(nsb_beam_point* cur, const nsb_beam_point* old, int n, double gain) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) {
      cur[i].p[k] = old[i].p[k] + gain * (cur[i].a[k] - old[i].a[k]);
      cur[i].pw[k] = old[i].pw[k] + gain * (cur[i].al[k] - old[i].al[k]);
    }
}

/* continue_pseudo, then the (pseudo-)accelerations committed, in one pass
   over the points: the same operations point by point */
static void continue_commit(nsb_beam_point* cur, nsb_beam_point* old, int n, double gain) {
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 3; ++k) {
      cur[i].p[k] = old[i].p[k] + gain * (cur[i].a[k] - old[i].a[k]);
      cur[i].pw[k] = old[i].pw[k] + gain * (cur[i].al[k] - old[i].al[k]);
    }
    memcpy(old[i].a, cur[i].a, sizeof old[i].a);
    memcpy(old[i].al, cur[i].al, sizeof old[i].al);
    memcpy(old[i].p, cur[i].p, sizeof old[i].p);
    memcpy(old[i].pw, cur[i].pw, sizeof old[i].pw);
  }
}

/* element.h, impulse_split: old holds the increment's accelerations, cur the
   smooth ones of the acceleration solve, both the velocities of t_n+1 (in
   cur, or only in old where the commit swapped the arrays: from_old, the
   same sums since the velocities are the same bits) */
static void split_points(nsb_beam_point* cur, nsb_beam_point* old, int n, double c, int from_old) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) {
      if (from_old) {
        old[i].v[k] += c * (old[i].a[k] - cur[i].a[k]);
        old[i].w[k] += c * (old[i].al[k] - cur[i].al[k]);
        cur[i].v[k] = old[i].v[k];
        cur[i].w[k] = old[i].w[k];
        continue;
      }
      cur[i].v[k] += c * (old[i].a[k] - cur[i].a[k]);
      cur[i].w[k] += c * (old[i].al[k] - cur[i].al[k]);
      old[i].v[k] = cur[i].v[k];
      old[i].w[k] = cur[i].w[k];
    }
}

static void beam_impulse_split(const nsb_elem* e, double c, const nsb_state* cur) {
  beam_state* s = e->state;
  const int from_old = s->pts_same >= PTS_OLD;
  split_points(s->cur_qp, s->old_qp, s->n_qp, c, from_old);
  split_points(s->cur_cp, s->old_cp, s->N, c, from_old);
  /* a mass rule's point masses at the ends read the ends' velocities
     (beam_energy_terms): those of the nodes, which took the split */
  if (s->geom->massless_end >= 0)
    for (int k = 0; k < 2; ++k) memcpy(s->cur_end[k].v, cur->v + 3 * e->nodes[k], sizeof s->cur_end[k].v);
}

/* The strain accelerations B a of the velocity element's committed point
   accelerations at its collocation points (BETA's share, damped_work):
   the element's fields are a(x) = a(0) + sum_p J_p(x) a'_p (and the body
   angular accelerations likewise), so a'_p follow from the points' values
   at the collocation points and the first integration point; then
     Gamma'' = R^T a' + E x alpha,  kappa'' = alpha' + K x alpha
   (the linear part: the terms of the velocities' products belong to B's
   own rate).  Returns nonzero when the points do not determine them. */
static int strain_accelerations(const beam_state* s, double* y) {
  const nsb_beam_geom* g = s->geom;
  const int N = s->N, n = N + 1;
  double A[(NSB_BEAM_MAX_POINTS + 1) * (NSB_BEAM_MAX_POINTS + 1)], B[(NSB_BEAM_MAX_POINTS + 1) * 6];
  int piv[NSB_BEAM_MAX_POINTS + 1];
  for (int i = 0; i < n; ++i) {
    const nsb_beam_point* pt = i < N ? &s->old_cp[i] : &s->old_qp[0];
    const double* J = i < N ? nsb_beam_geom_row(g, g->Jp, i) : nsb_beam_geom_row(g, g->Jq, 0);
    A[i] = 1.0;
    for (int p = 0; p < N; ++p) A[i + n * (1 + p)] = J[p];
    for (int c = 0; c < 3; ++c) {
      B[i + n * c] = pt->a[c];
      B[i + n * (3 + c)] = pt->al[c];
    }
  }
  if (nsb_lu_factor(n, A, n, piv) != 0) return 1;
  nsb_lu_solve(n, A, n, piv, 6, B, n);
  for (int k = 0; k < N; ++k) {
    const nsb_beam_point* pt = &s->old_cp[k];
    const nsb_vec3 ad = nsb_v3(B[1 + k], B[1 + k + n], B[1 + k + 2 * n]);
    const nsb_vec3 ald = nsb_v3(B[1 + k + 3 * n], B[1 + k + 4 * n], B[1 + k + 5 * n]);
    const nsb_vec3 al = nsb_v3_load(pt->al);
    nsb_v3_store(nsb_v3_add(nsb_m3_tmulv(nsb_q_to_m3(nsb_q_load(pt->q)), ad), nsb_v3_cross(nsb_v3_load(pt->E), al)),
                 y + 6 * k);
    nsb_v3_store(nsb_v3_add(ald, nsb_v3_cross(nsb_v3_load(pt->K), al)), y + 6 * k + 3);
  }
  return 0;
}

/* The damping data after an acceleration solve (beam_after_accel, also the
   one-pass nsb_beam_accel_continue).  After an impulsive increment an
   element with BETA keeps the beta stress of the committed rates in the
   solve (keeps_beta; docs/theory_beam.md §10): the rates stay the next
   increment's Edot_n, and the filtered rates continue unchanged (the solve's
   force is the increment's).  Otherwise the accelerations of the solve carry
   no beta stress: the next increment's averaged equations start from a zero
   strain rate, which keeps the booked work the scheme's. */
static void after_accel_damping(beam_state* s, double p_gain) {
  double* dd = damp_data(s);
  if (dd && keeps_beta(s, p_gain >= 0.0)) {
    /* the strain rates' pseudo-accelerations y restart with the points'
       (damped_work): unknown */
    double* et = beta_data(s);
    const int n1 = 18 * s->N + 1;
    et[n1 - 1] = et[2 * n1 - 1] = 1.0;
    return;
  }
  if (dd) {
    /* the filtered rates (damped_work) continue as the pseudo-accelerations
       do, by the change of the force: the solve's is zero */
    double* et = beta_data(s);
    const int n1 = 18 * s->N + 1;
    for (int i = 0; i < 6 * s->N; ++i) et[i] = et[n1 + i] = p_gain >= 0.0 ? et[i] - p_gain * dd[i] : 0.0;
    /* the strain rates' pseudo-accelerations y restart with the points'
       (damped_work): unknown but at the first step's start, from the
       initial conditions, where they are taken zero */
    et[n1 - 1] = et[2 * n1 - 1] = p_gain < 0.0 && et[n1 - 1] == 2.0 ? 0.0 : 1.0;
    memset(dd, 0, sizeof(double) * (size_t)(12 * s->N));
  }
}

static void beam_after_accel(const nsb_elem* e, double p_gain) {
  beam_state* s = e->state;
  after_accel_damping(s, p_gain);
  /* the step's initial accelerations balance the constitutive triple; a
     restart kept the stored differences (accel_system_galerkin) */
  if (p_gain < 0.0)
    emc_reset(s);
  else
    s->emc &= EMC_HAS;
  double* dd = damp_data(s);
  if (p_gain >= 0.0) {
    /* after an impulsive increment (element.h): the pseudo-accelerations
       continue from the committed ones by the change of the accelerations */
    if (s->sgeom) {
      continue_pseudo(s->cur_qp, s->old_qp, s->n_qp, p_gain);
      continue_pseudo(s->cur_cp, s->old_cp, s->N, p_gain);
      beam_commit(e);
      if (strain_restart(s, 1)) {
        /* the next increment's Newton starts from the strains (u_int held
           the strain accelerations) */
        for (int p = 0; p < s->N; ++p)
          for (int i = 0; i < 3; ++i) {
            s->u_int[6 * p + i] = s->old_cp[p].E[i] - s->geom->E0[i];
            s->u_int[6 * p + 3 + i] = s->old_cp[p].K[i] - s->geom->K0[i];
          }
        return;
      }
    } else {
      NSB_ASSERT(s->pts_same != PTS_OLD); /* the solve wrote its a, alpha (accel_prepare) */
      /* the acceleration solve's evaluations left the current states the
         committed ones but for the (pseudo-)accelerations (or, after the
         commit's swap, only those valid): commit those (PTS_SAME stays: a,
         alpha, p, pw are now the same too; PTS_OLD_ACC has nothing more to
         commit) */
      continue_commit(s->cur_qp, s->old_qp, s->n_qp, p_gain);
      continue_commit(s->cur_cp, s->old_cp, s->N, p_gain);
      if (s->pts_same == PTS_OLD_ACC) s->pts_same = PTS_OLD;
    }
    memset(s->u_int, 0, sizeof(double) * (size_t)(6 * s->N));
    return;
  }
  beam_commit(e);
  /* generalized-alpha: pseudo-accelerations start from the accelerations */
  for (int i = 0; i < s->n_qp; ++i) {
    memcpy(s->old_qp[i].p, s->old_qp[i].a, 3 * sizeof(double));
    memcpy(s->old_qp[i].pw, s->old_qp[i].al, 3 * sizeof(double));
  }
  for (int i = 0; i < s->N; ++i) {
    memcpy(s->old_cp[i].p, s->old_cp[i].a, 3 * sizeof(double));
    memcpy(s->old_cp[i].pw, s->old_cp[i].al, 3 * sizeof(double));
  }
  /* the old p, pw are no longer the current ones: the committed arrays
     are the ones to read (the current ones are written whole by the next
     evaluation) */
  s->pts_same = s->sgeom ? PTS_OWN : PTS_OLD;
  if (dd) /* and the damping's filtered velocities from the velocities */
    for (int i = 0; i < s->n_qp; ++i) {
      memcpy(dd + 12 * s->N + 1 + 6 * i, s->old_qp[i].v, 3 * sizeof(double));
      memcpy(dd + 12 * s->N + 4 + 6 * i, s->old_qp[i].w, 3 * sizeof(double));
    }
  if (dd) /* the mass rule's point masses likewise (the ends': the nodes', cur_end) */
    for (int k = 0; k < s->geom->n_mp; ++k) {
      const int src = s->geom->mp->src[k];
      memcpy(rule_data(s) + 3 * k, src >= 0 ? s->old_cp[src].v : s->cur_end[-1 - src].v, 3 * sizeof(double));
    }
  if (dd && s->sec->beta != 0.0 && !s->sgeom) { /* BETA's strain pseudo-accelerations y = B a */
    double* bd = beta_data(s);
    const int n1 = 18 * s->N + 1;
    if (strain_accelerations(s, bd + 12 * s->N) == 0) {
      memcpy(bd + n1 + 12 * s->N, bd + 12 * s->N, sizeof(double) * (size_t)(6 * s->N));
      bd[n1 - 1] = bd[2 * n1 - 1] = 0.0;
    }
  }
  memset(s->u_int, 0, sizeof(double) * (size_t)(6 * s->N));
}

/* element.h, nsb_beam_accel_continue: nsb_beam_accel_points and then
   after_accel (p_gain >= 0) in one pass over the points, where the solve's
   caller reads nothing of the point accelerations between the two
   (solver/assembly.c accel_solve).  Where the commit swapped the arrays
   (PTS_OLD: the current ones hold nothing valid, and accel_prepare would
   only mark them PTS_OLD_ACC) the accelerations go straight into the
   committed points: continue_commit's operations on the values accel_points
   would have left in the current ones (a, alpha, then p, pw from them), and
   the current arrays, which no reader takes until the next evaluation writes
   them whole, are not written.  Otherwise the two passes as before. */
static int beam_continue_on = 1; /* nsb_beam_fused_continue */

void nsb_beam_fused_continue(int on) { beam_continue_on = on != 0; }

/* nsb_beam_accel_continue's pass over the committed points: a, alpha from
   the node-0 values a0, al0 and the interior unknowns, the pseudo-
   accelerations continued by p_gain times their change */
static inline __attribute__((always_inline)) void continue_points_n(beam_state* s, nsb_vec3 a0, nsb_vec3 al0,
                                                                    double p_gain, const int N) {
  const double* ui = s->u_int;
  for (int i = 0; i < s->n_qp + N; ++i) {
    nsb_beam_point* pt = i < s->n_qp ? &s->old_qp[i] : &s->old_cp[i - s->n_qp];
    double ca[3], cal[3];
    point_accel_n(s, i, a0, al0, ui, ca, cal, N);
    for (int k = 0; k < 3; ++k) {
      pt->p[k] = pt->p[k] + p_gain * (ca[k] - pt->a[k]);
      pt->pw[k] = pt->pw[k] + p_gain * (cal[k] - pt->al[k]);
    }
    memcpy(pt->a, ca, sizeof pt->a);
    memcpy(pt->al, cal, sizeof pt->al);
  }
}

void nsb_beam_accel_continue(const nsb_elem* e, const nsb_state* cur, double p_gain) {
  beam_state* s = e->state;
  NSB_ASSERT(p_gain >= 0.0);
  if (!beam_continue_on || !s->galerkin || s->sgeom || s->pts_same != PTS_OLD) {
    nsb_beam_accel_points(e, cur);
    beam_after_accel(e, p_gain);
    return;
  }
  const int N = s->N, a = e->nodes[0];
  /* the node-0 unknowns and N^0, M^0 as nsb_beam_accel_points forms them */
  const nsb_mat3 L0 = nsb_q_to_m3(s->lam[0]);
  const nsb_vec3 a0 = nsb_v3_load(cur->a + 3 * a), al0 = nsb_m3_tmulv(L0, nsb_v3_load(cur->al + 3 * a));
  memcpy(s->NM0, s->u_int + 6 * N, 6 * sizeof(double));
  after_accel_damping(s, p_gain); /* as beam_after_accel */
  s->emc &= EMC_HAS;                /* a restart: the stored differences stay */
  if (N == 2) /* POINTS=2 with its size as a constant (the same operations) */
    continue_points_n(s, a0, al0, p_gain, 2);
  else
    continue_points_n(s, a0, al0, p_gain, N);
  memset(s->u_int, 0, sizeof(double) * (size_t)(6 * N));
}

static void beam_restore(const nsb_elem* e) {
  beam_state* s = e->state;
  memcpy(s->u_int, s->u_int_old, sizeof(double) * (size_t)s->n_int);
}

/* The power of the distributed loads n, m at integration point p of weight w. */
static double point_power(const nsb_beam_point* p, double w, nsb_vec3 n, nsb_vec3 mm) {
  nsb_vec3 v = nsb_v3_load(p->v), om = nsb_v3_load(p->w);
  return w * (nsb_v3_dot(n, v) + nsb_v3_dot(mm, nsb_q_rotate(nsb_q_load(p->q), om)));
}

/* The distributed loads' work over the increment of the last evaluation as
   the discrete equations apply it, at the integration points where they act:
   the mean of the loads n, m at t_n and t_n+1 (each with its amplitude at
   its time) over the point's displacement and, for a moment, its body
   components R^T m over the point's body-frame rotation R_n+1 = R_n
   exp(Theta) (as a concentrated load's, elements/nodal_load.c),
     W = sum_q w_q [(n_n + n_n+1)/2 . (r_n+1 - r_n) + (R_n^T m_n + R_n+1^T m_n+1)/2 . Theta],
   kept as its difference to the trapezoidal rule on the power that the
   system books (nsb_beam_power), h/2 (P_n + P_n+1): the rule on the power
   missed h/4 dn.dv an increment, a drift where the velocity alternates
   (docs/theory.md §3.6, "Loads").  Under the trapezoidal rule only
   (nsb_eval_trapezoidal), in dynamic increments; 0 otherwise. */
static void dload_work(beam_state* s, const nsb_eval_ctx* ec) {
  s->dload_w = 0.0;
  if (s->n_dloads == 0 || ec->mode != NSB_EVAL_DYNAMIC || ec->step_static || !(ec->h > 0.0) ||
      !nsb_eval_trapezoidal(ec))
    return;
  nsb_eval_ctx e0 = *ec; /* the times of t_n */
  e0.t -= ec->h;
  e0.t_step -= ec->h;
  nsb_vec3 n0, m0, n1, m1;
  dload_values(&e0, s, &n0, &m0);
  dload_values(ec, s, &n1, &m1);
  const int mom = m0.x != 0.0 || m0.y != 0.0 || m0.z != 0.0 || m1.x != 0.0 || m1.y != 0.0 || m1.z != 0.0;
  const nsb_vec3 ns = nsb_v3_add(n0, n1);
  double W = 0.0;
  for (int i = 0; i < s->n_qp; ++i) {
    const nsb_beam_point *o = &s->old_qp[i], *p = &s->cur_qp[i];
    const double w = s->geom->wq[i];
    double Wi = 0.5 * nsb_v3_dot(ns, nsb_v3_sub(nsb_v3_load(p->r), nsb_v3_load(o->r)));
    if (mom) {
      const nsb_quat q0 = nsb_q_load(o->q), q1 = nsb_q_load(p->q);
      const nsb_vec3 M = nsb_v3_add(nsb_q_rotate_inv(q0, m0), nsb_q_rotate_inv(q1, m1));
      Wi += 0.5 * nsb_v3_dot(M, nsb_so3_log_q(nsb_q_mul(nsb_q_conj(q0), q1)));
    }
    W += w * Wi - 0.5 * ec->h * (point_power(o, w, n0, m0) + point_power(p, w, n1, m1));
  }
  s->dload_w = W;
}

void nsb_beam_power(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const beam_state* s = e->state;
  const double* dd = damp_data(s);
  if (dd) acc->dissipated_increment += dd[12 * s->N]; /* Rayleigh damping, as beam_energy */
  /* without distributed loads every term is a zero (+0 or -0: finite
     states), and adding one leaves the sum's bits as they are: a sum that
     starts at +0 never becomes -0 by them, and x + (+-0) = x otherwise */
  if (s->n_dloads == 0) return;
  nsb_vec3 n, mm;
  dload_values(ec, s, &n, &mm);
  const nsb_beam_point* qp = now_qp(s);
  for (int i = 0; i < s->n_qp; ++i) acc->power += point_power(&qp[i], s->geom->wq[i], n, mm);
  acc->external_work_increment += s->dload_w; /* as beam_energy */
}

/* The energy of a beam in three parts (nsb_elem_ops.energy_terms): the
   terms, in the order beam_energy adds them, are kinetic energy, strain
   energy, the Rayleigh damping work of the last increment, the distributed
   loads' work correction of the last increment (dload_work), then per
   integration point BEAM_QP_TERMS (gravity potential, load power, momentum,
   angular momentum), then per point mass BEAM_MP_TERMS (gravity potential,
   momentum, angular momentum). */
#define BEAM_QP_TERMS 8
#define BEAM_MP_TERMS 7
#define BEAM_MAX_TERMS (4 + BEAM_QP_TERMS * NSB_BEAM_MAX_QP + BEAM_MP_TERMS * NSB_BEAM_MAX_POINTS)

static int beam_energy_n_terms(const nsb_elem* e) {
  const beam_state* s = e->state;
  return 4 + BEAM_QP_TERMS * s->n_qp + BEAM_MP_TERMS * s->geom->n_mp;
}

static void beam_energy_terms(const nsb_elem* e, const nsb_eval_ctx* ec, double* t) {
  const beam_state* s = e->state;
  const nsb_beam_section* c = s->sec;
  double kin = 0.0, strain = 0.0;
  /* kinetic energy by the integration points, strain energy by the Gauss
     rule on the collocation points, where the constitutive law holds (the
     velocity element's integration points carry no strains of their own,
     docs/theory_beam.md §2) */
  nsb_beam_point ends[2];
  for (int k = 0; k < 2; ++k) end_view(&ends[k], &s->cur_end[k]);
  const nsb_beam_point *qp = now_qp(s), *cp = now_cp(s);
  nsb_beam_velocity_energy(s->geom, c, qp, cp, ends, &kin, &strain);
  t[0] = kin;
  t[1] = strain;
  /* Rayleigh damping: the work of the last increment (damped_work); a zero
     without damping, which leaves the sum as it is (nsb_beam_power) */
  const double* dd = damp_data(s);
  t[2] = dd ? dd[12 * s->N] : 0.0;
  /* the distributed loads' work correction (dload_work): +0 without loads */
  t[3] = s->n_dloads == 0 ? 0.0 : s->dload_w;
  t += 4;
  /* power of the distributed loads (gravity is potential energy) */
  nsb_vec3 n, mm;
  dload_values(ec, s, &n, &mm);
  /* translational mass of the integration points: rhoA, or none with a mass rule */
  const double rhoA_q = s->geom->massless_end >= 0 ? 0.0 : c->rhoA;
  for (int i = 0; i < s->n_qp; ++i, t += BEAM_QP_TERMS) {
    const nsb_beam_point* p = &qp[i];
    double w = s->geom->wq[i];
    nsb_vec3 v = nsb_v3_load(p->v), om = nsb_v3_load(p->w), r = nsb_v3_load(p->r);
    nsb_vec3 Jw = nsb_v3(c->rhoJ[0] * om.x, c->rhoJ[1] * om.y, c->rhoJ[2] * om.z);
    t[0] = w * rhoA_q * nsb_v3_dot(ec->gravity, r);
    /* without distributed loads a zero, +0 instead of +-0: the power's sum
       starts at +0 and keeps its bits (nsb_beam_power) */
    t[1] = s->n_dloads == 0 ? 0.0 : point_power(p, w, n, mm);
    nsb_v3_store(nsb_v3_scale(w * rhoA_q, v), t + 2);
    nsb_vec3 L = nsb_v3_add(nsb_v3_scale(rhoA_q, nsb_v3_cross(r, v)), nsb_q_rotate(nsb_q_load(p->q), Jw));
    nsb_v3_store(nsb_v3_scale(w, L), t + 5);
  }
  /* the mass rule's point masses (docs/contact.md §7.2): the same weights as
     the inertia, gravity and kinetic energy of the kernel */
  for (int k = 0; k < s->geom->n_mp; ++k, t += BEAM_MP_TERMS) {
    const nsb_beam_point* p = nsb_beam_mass_point(s->geom, ends, cp, k);
    const double mk = c->rhoA * s->geom->mp->w[k];
    nsb_vec3 v = nsb_v3_load(p->v), r = nsb_v3_load(p->r);
    t[0] = mk * nsb_v3_dot(ec->gravity, r);
    nsb_v3_store(nsb_v3_scale(mk, v), t + 1);
    nsb_v3_store(nsb_v3_scale(mk, nsb_v3_cross(r, v)), t + 4);
  }
}

/* acc plus the three products s b that energy_terms kept: nsb_v3_muladd(acc, s, b), bit for bit
   (no contraction to fused multiply-adds: CMakeLists.txt) */
static nsb_vec3 add_terms(nsb_vec3 acc, const double* t) { return nsb_v3_add(acc, nsb_v3_load(t)); }

static void beam_energy_add(const nsb_elem* e, const double* t, nsb_energy* acc) {
  const beam_state* s = e->state;
  acc->kinetic += t[0];
  acc->potential += t[1];
  acc->dissipated_increment += t[2];
  if (s->n_dloads > 0) acc->external_work_increment += t[3];
  t += 4;
  for (int i = 0; i < s->n_qp; ++i, t += BEAM_QP_TERMS) {
    acc->potential -= t[0];
    acc->power += t[1];
    acc->momentum = add_terms(acc->momentum, t + 2);
    acc->angular_momentum = add_terms(acc->angular_momentum, t + 5);
  }
  for (int k = 0; k < s->geom->n_mp; ++k, t += BEAM_MP_TERMS) {
    acc->potential -= t[0];
    acc->momentum = add_terms(acc->momentum, t + 1);
    acc->angular_momentum = add_terms(acc->angular_momentum, t + 4);
  }
}

static void beam_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  double t[BEAM_MAX_TERMS];
  NSB_ASSERT(beam_energy_n_terms(e) <= BEAM_MAX_TERMS); /* n_mp <= N */
  beam_energy_terms(e, ec, t);
  beam_energy_add(e, t, acc);
}

double nsb_beam_turn(const nsb_elem* e) {
  const beam_state* s = e->state;
  double k = 0.0;
  const nsb_beam_point* cp = now_cp(s);
  for (int p = 0; p < s->N; ++p) k = fmax(k, nsb_v3_norm(nsb_v3_load(cp[p].K)));
  return k * s->geom->L;
}

int nsb_beam_n_qp(const nsb_elem* e) { return ((const beam_state*)e->state)->n_qp; }

void nsb_beam_mass_points(const nsb_elem* e, double* w, double* r, double* q, double* rhoA, double rhoJ[3]) {
  const beam_state* s = e->state;
  const nsb_beam_point* qp = now_qp(s);
  for (int i = 0; i < s->n_qp; ++i) {
    w[i] = s->geom->wq[i];
    memcpy(r + 3 * i, qp[i].r, 3 * sizeof(double));
    memcpy(q + 4 * i, qp[i].q, 4 * sizeof(double));
  }
  *rhoA = s->sec->rhoA;
  for (int k = 0; k < 3; ++k) rhoJ[k] = s->sec->rhoJ[k];
}

/* ---- checkpoint: the evolving state (header values, resultant parts of the
   strain element, and the block from the integration points to its end) ---- */

#define BEAM_CKPT_FIELDS(X) X(lam) X(h_eval) X(field_n) X(field_m) X(field_inertia) X(field_accel)

static size_t beam_tail_bytes(const beam_state* s) { return s->tail_bytes; }

static size_t beam_res_bytes(const beam_state* s) {
  return s->sgeom ? sizeof(nsb_beam_strain_force) * (size_t)(2 * (s->N + 2)) : 0;
}

int nsb_beam_kept_sets(const nsb_elem* e) {
  const beam_state* s = e->state;
  return s->ks ? s->ks->n_sets : 0;
}

int nsb_beam_compact_sets(const nsb_elem* e) {
  const beam_state* s = e->state;
  int n = 0;
  for (int k = 0; s->ks && k < s->ks->n_sets; ++k) n += s->ks->kept[k].valid && s->ks->kept[k].compact;
  return n;
}

size_t nsb_beam_state_bytes(const nsb_elem* e) {
  const beam_state* s = e->state;
  size_t n = 0;
#define X(f) n += sizeof s->f;
  BEAM_CKPT_FIELDS(X)
#undef X
  return n + beam_res_bytes(s) + beam_tail_bytes(s);
}

void nsb_beam_state_save(const nsb_elem* e, void* buf) {
  const beam_state* s = e->state;
  char* p = buf;
#define X(f)                        \
  memcpy(p, &s->f, sizeof s->f);    \
  p += sizeof s->f;
  BEAM_CKPT_FIELDS(X)
#undef X
  if (s->sgeom) memcpy(p, s->old_res, beam_res_bytes(s));
  p += beam_res_bytes(s);
  /* the points as [old_qp | cur_qp | old_cp | cur_cp] whichever way the
     commit left the arrays (beam_commit), the committed states for the
     current ones where those hold nothing valid, with an acceleration
     solve's a, alpha (PTS_OLD_ACC: the current states as the copying commit
     left them); then the rest raw */
  const size_t bq = sizeof(nsb_beam_point) * (size_t)s->n_qp, bc = sizeof(nsb_beam_point) * (size_t)s->N;
  memcpy(p, s->old_qp, bq);
  memcpy(p + bq, now_qp(s), bq);
  memcpy(p + 2 * bq, s->old_cp, bc);
  memcpy(p + 2 * bq + bc, now_cp(s), bc);
  if (s->pts_same == PTS_OLD_ACC) {
    nsb_beam_point pt;
    for (int i = 0; i < s->n_qp + s->N; ++i) {
      char* to = i < s->n_qp ? p + bq + sizeof pt * (size_t)i : p + 2 * bq + bc + sizeof pt * (size_t)(i - s->n_qp);
      const nsb_beam_point* c = i < s->n_qp ? &s->cur_qp[i] : &s->cur_cp[i - s->n_qp];
      memcpy(&pt, to, sizeof pt);
      memcpy(pt.a, c->a, sizeof pt.a);
      memcpy(pt.al, c->al, sizeof pt.al);
      memcpy(to, &pt, sizeof pt);
    }
  }
  const nsb_beam_point* base = pts_base(s);
  memcpy(p + 2 * bq + 2 * bc, base + 2 * s->n_qp + 2 * s->N, beam_tail_bytes(s) - 2 * bq - 2 * bc);
}

void nsb_beam_state_load(const nsb_elem* e, const void* buf) {
  beam_state* s = e->state;
  const char* p = buf;
#define X(f)                        \
  memcpy(&s->f, p, sizeof s->f);    \
  p += sizeof s->f;
  BEAM_CKPT_FIELDS(X)
#undef X
  if (s->sgeom) memcpy(s->old_res, p, beam_res_bytes(s));
  p += beam_res_bytes(s);
  /* the arrays in the order of the block again (beam_commit may have swapped them) */
  nsb_beam_point* base = pts_base(s);
  s->old_qp = base;
  s->cur_qp = base + s->n_qp;
  s->old_cp = base + 2 * s->n_qp;
  s->cur_cp = base + 2 * s->n_qp + s->N;
  memcpy(base, p, beam_tail_bytes(s));
  s->pts_same = PTS_OWN;
}

int nsb_beam_n_samples(const nsb_elem* e) {
  const beam_state* s = e->state;
  return s->n_qp + 2;
}

void nsb_beam_section_draw(const nsb_elem* e, const nsb_model* m, int* shape, double dims[2]) {
  const nsb_section* sec = &m->sections.data[m->elements.data[e->model_index].section];
  *shape = (int)sec->shape;
  dims[0] = sec->dims[0];
  dims[1] = sec->dims[1];
  if (sec->shape == NSB_SECTION_GENERAL) {
    /* no shape given: draw a circle of the section's draw radius, or 2 % of the element length */
    const beam_state* s = e->state;
    dims[0] = sec->draw_radius > 0.0 ? sec->draw_radius : 0.02 * s->geom->L;
    dims[1] = 0.0;
  }
}

/* The element's state as its last evaluation left it (nsb_beam_field), with
   what it points to that the element keeps in a smaller form: the section
   with the rotary inertia of that evaluation, the local unknowns (only N^0,
   M^0 are read; the rest is zero) and the end states (end_view). */
typedef struct field_view {
  nsb_beam_field f;
  nsb_beam_section sec;
  double u[BEAM_MAX_FULL];
  nsb_beam_point end[2];
} field_view;

static void field_of(const beam_state* s, field_view* v) {
  nsb_beam_field* f = &v->f;
  memset(f, 0, sizeof *f);
  v->sec = *s->sec;
  if (s->field_accel) nsb_v3_store(accel_inertia(s->sec), v->sec.rhoJ);
  memset(v->u, 0, sizeof(double) * (size_t)s->n_full);
  memcpy(v->u + 12 + 6 * s->N, s->NM0, 6 * sizeof(double));
  for (int k = 0; k < 2; ++k) end_view(&v->end[k], &s->cur_end[k]);
  f->g = s->geom;
  f->sec = &v->sec;
  f->qp = now_qp(s);
  f->cp = now_cp(s);
  f->end = v->end;
  f->u = v->u;
  memcpy(f->n_load, s->field_n, sizeof f->n_load);
  memcpy(f->m_load, s->field_m, sizeof f->m_load);
  f->inertia = s->field_inertia;
  f->galerkin = s->galerkin;
  const double* dd = damp_data(s);
  f->rate = dd && s->field_inertia && s->field_accel != 1 ? dd + 6 * s->N : NULL;
  f->emc_d = emc_data(s);
}

/* Equilibrium resultants at n sections x (elements/beam_velocity.h). */
static void resultants_at(const beam_state* s, int n, const double* x, nsb_beam_resultant* out) {
  field_view v;
  field_of(s, &v);
  if (s->sgeom)
    nsb_beam_strain_resultants_at(s->sgeom, &v.f, n, x, out);
  else
    nsb_beam_velocity_resultants_at(&v.f, n, x, out);
}

/* Resultants of r written in the output frame q: global N, M, section
   components q^T N, q^T M, and the constitutive strains C^-1 of those. */
static void store_resultants(const nsb_beam_section* c, const nsb_beam_resultant* r, nsb_quat q, double* strain,
                             double* force, double* moment, double* force_local, double* moment_local) {
  nsb_vec3 N = nsb_v3_load(r->N), M = nsb_v3_load(r->M);
  nsb_vec3 Ns = nsb_q_rotate_inv(q, N), Ms = nsb_q_rotate_inv(q, M);
  nsb_v3_store(N, force);
  nsb_v3_store(M, moment);
  nsb_v3_store(Ns, force_local);
  nsb_v3_store(Ms, moment_local);
  nsb_v3_store(nsb_v3(Ns.x / c->EA, Ns.y / c->GA2, Ns.z / c->GA3), strain);
  nsb_v3_store(nsb_v3(Ms.x / c->GJ, Ms.y / c->EI2, Ms.z / c->EI3), strain + 3);
}

void nsb_beam_sample(const nsb_elem* e, const nsb_state* st, const double* X0, nsb_beam_sample_out* o) {
  const beam_state* s = e->state;
  const int n = s->n_qp + 2;
  double xs[NSB_BEAM_MAX_QP + 2];
  nsb_beam_resultant res[NSB_BEAM_MAX_QP + 2];
  xs[0] = 0.0;
  for (int k = 1; k + 1 < n; ++k) xs[k] = s->geom->xq[k - 1];
  xs[n - 1] = s->geom->L;
  resultants_at(s, n, xs, res);
  for (int k = 0; k < n; ++k) {
    nsb_vec3 x, x0, v, wb;
    nsb_quat q;
    if (k == 0 || k == n - 1) {
      int end = k == 0 ? 0 : 1, node = e->nodes[end];
      x = nsb_v3_load(st->x + 3 * node);
      x0 = nsb_v3_load(X0 + 3 * node);
      v = nsb_v3_load(st->v + 3 * node);
      q = nsb_q_normalize(nsb_q_mul(nsb_q_load(st->q + 4 * node), s->lam[end]));
      wb = nsb_m3_tmulv(nsb_q_to_m3(s->lam[end]), nsb_v3_load(st->w + 3 * node));
    } else {
      const nsb_beam_point* p = &now_qp(s)[k - 1];
      x = nsb_v3_load(p->r);
      /* the initial position as nsb_beam_geom_init placed the point: the
         same expression, so the same bits (kept in every element before,
         3 n_qp doubles read only by the output) */
      double r0[3];
      nsb_beam_geom_initial(s->geom, s->geom->xq[k - 1], r0, NULL);
      x0 = nsb_v3_load(r0);
      v = nsb_v3_load(p->v);
      q = nsb_q_load(p->q);
      wb = nsb_v3_load(p->w);
    }
    nsb_v3_store(x, o->x + 3 * k);
    nsb_v3_store(nsb_v3_sub(x, x0), o->u + 3 * k);
    nsb_v3_store(v, o->v + 3 * k);
    nsb_v3_store(nsb_q_rotate(q, wb), o->w + 3 * k);
    nsb_q_store(q, o->q + 4 * k);
    store_resultants(s->sec, &res[k], q, o->strain + 6 * k, o->force + 3 * k, o->moment + 3 * k,
                     o->force_local + 3 * k, o->moment_local + 3 * k);
  }
}

void nsb_beam_probe(const nsb_elem* e, const nsb_state* st, const double* X0, double xi, nsb_beam_probe_out* o) {
  const beam_state* s = e->state;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  if (xi == 0.0 || xi == 1.0) {
    /* an element end: the node's own kinematics, as the samples */
    enum { MAXS = NSB_BEAM_MAX_QP + 2 };
    double x[3 * MAXS], u[3 * MAXS], v[3 * MAXS], w[3 * MAXS], q[4 * MAXS], strain[6 * MAXS], f[3 * MAXS],
        m[3 * MAXS], fl[3 * MAXS], ml[3 * MAXS];
    nsb_beam_sample_out so = {x, u, v, w, q, strain, f, m, fl, ml};
    nsb_beam_sample(e, st, X0, &so);
    int k = xi == 0.0 ? 0 : s->n_qp + 1;
    memcpy(o->x, x + 3 * k, sizeof o->x);
    memcpy(o->u, u + 3 * k, sizeof o->u);
    memcpy(o->v, v + 3 * k, sizeof o->v);
    memcpy(o->w, w + 3 * k, sizeof o->w);
    memcpy(o->q, q + 4 * k, sizeof o->q);
    memcpy(o->strain, strain + 6 * k, sizeof o->strain);
    memcpy(o->force, f + 3 * k, sizeof o->force);
    memcpy(o->moment, m + 3 * k, sizeof o->moment);
    memcpy(o->force_local, fl + 3 * k, sizeof o->force_local);
    memcpy(o->moment_local, ml + 3 * k, sizeof o->moment_local);
    return;
  }
  /* inside: the element's own fields at x (position, frame, resultants),
     rates interpolated on the sub-interval (nsb_beam_field_rates) */
  double x = xi * s->geom->L, r0[3], v[3], wb[3];
  nsb_beam_resultant res;
  resultants_at(s, 1, &x, &res);
  field_view fv;
  field_of(s, &fv);
  nsb_beam_field_rates(&fv.f, x, v, wb);
  nsb_beam_geom_initial(s->geom, x, r0, NULL);
  nsb_quat q = nsb_q_load(res.q);
  memcpy(o->x, res.r, sizeof o->x);
  nsb_v3_store(nsb_v3_sub(nsb_v3_load(res.r), nsb_v3_load(r0)), o->u);
  memcpy(o->v, v, sizeof o->v);
  nsb_v3_store(nsb_q_rotate(q, nsb_v3_load(wb)), o->w);
  nsb_q_store(q, o->q);
  store_resultants(s->sec, &res, q, o->strain, o->force, o->moment, o->force_local, o->moment_local);
}

/* element.h nsb_beam_point_load: the resultants N, M (global) at the
   section x, r of element e with the loads pl added, written like
   store_resultants in the frame q. */
static void point_loads_at(const beam_state* s, nsb_vec3 rA, const nsb_beam_point_load* pl, int n_pl, double x,
                           nsb_vec3 r, nsb_quat q, double* strain, double* force, double* moment, double* force_local,
                           double* moment_local) {
  nsb_vec3 N = nsb_v3_load(force), M = nsb_v3_load(moment);
  for (int i = 0; i < n_pl; ++i) {
    const nsb_vec3 FA = nsb_v3_load(pl[i].FA);
    N = nsb_v3_add(N, FA);
    M = nsb_v3_add(nsb_v3_add(M, nsb_v3_load(pl[i].MA)), nsb_v3_cross(nsb_v3_sub(rA, r), FA));
    if (x > pl[i].xi * s->geom->L) {
      const nsb_vec3 P = nsb_v3_load(pl[i].P);
      N = nsb_v3_sub(N, P);
      M = nsb_v3_add(M, nsb_v3_cross(nsb_v3_sub(r, nsb_v3_load(pl[i].p)), P));
    }
  }
  nsb_beam_resultant res;
  nsb_v3_store(N, res.N);
  nsb_v3_store(M, res.M);
  store_resultants(s->sec, &res, q, strain, force, moment, force_local, moment_local);
}

void nsb_beam_sample_loads(const nsb_elem* e, const nsb_state* st, const nsb_beam_point_load* pl, int n_pl,
                           nsb_beam_sample_out* o) {
  const beam_state* s = e->state;
  if (n_pl <= 0) return;
  const int n = s->n_qp + 2;
  const nsb_vec3 rA = nsb_v3_load(st->x + 3 * e->nodes[0]);
  for (int k = 0; k < n; ++k) {
    const double x = k == 0 ? 0.0 : k == n - 1 ? s->geom->L : s->geom->xq[k - 1];
    point_loads_at(s, rA, pl, n_pl, x, nsb_v3_load(o->x + 3 * k), nsb_q_load(o->q + 4 * k), o->strain + 6 * k,
                   o->force + 3 * k, o->moment + 3 * k, o->force_local + 3 * k, o->moment_local + 3 * k);
  }
}

void nsb_beam_probe_loads(const nsb_elem* e, const nsb_state* st, double xi, const nsb_beam_point_load* pl, int n_pl,
                          nsb_beam_probe_out* o) {
  const beam_state* s = e->state;
  if (n_pl <= 0) return;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  const double x = xi == 1.0 ? s->geom->L : xi * s->geom->L;
  point_loads_at(s, nsb_v3_load(st->x + 3 * e->nodes[0]), pl, n_pl, x, nsb_v3_load(o->x), nsb_q_load(o->q),
                 o->strain, o->force, o->moment, o->force_local, o->moment_local);
}

/* Lumped mass for the modal analysis: each end node carries half the
   element's mass rhoA L and half its section rotary inertia rhoJ L (end
   frame, mapped into the node frame with Lambda: J_node = Lambda J Lambda^T).
   Frequencies converge like 1/n_e^2 (docs/theory.md §6). */
static void beam_mass(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict M) {
  (void)ec;
  const beam_state* s = e->state;
  double half = 0.5 * s->geom->L;
  for (int k = 0; k < 2; ++k) {
    nsb_mat3 J = nsb_m3_diag(half * s->sec->rhoJ[0], half * s->sec->rhoJ[1], half * s->sec->rhoJ[2]);
    nsb_mat3 L = nsb_q_to_m3(s->lam[k]);
    nsb_local_add3(M, 12, 6 * k, 6 * k, nsb_m3_scale(half * s->sec->rhoA, nsb_m3_identity()));
    nsb_local_add3(M, 12, 6 * k + 3, 6 * k + 3, nsb_m3_mul(L, nsb_m3_mul(J, nsb_m3_transpose(L))));
  }
}

/* Velocity element: the internal rate unknowns (vbar'^p, wbar'^p) of a zero
   increment are zero; N^0, M^0 stay.  The strain element's internal
   unknowns are the strains themselves: nothing to do. */
static void beam_rest(const nsb_elem* e) {
  beam_state* s = e->state;
  if (!s->sgeom) memset(s->u_int, 0, sizeof(double) * (size_t)(6 * s->N));
}

const nsb_elem_ops nsb_beam_v_ops = {.name = "velocity-based beam",
                                     .mass = beam_mass,
                                     .rest = beam_rest,
                                     .eval = beam_eval,
                                     .energy = beam_energy,
                                     .energy_n_terms = beam_energy_n_terms,
                                     .energy_terms = beam_energy_terms,
                                     .energy_add = beam_energy_add,
                                     .begin_increment = beam_begin,
                                     .post_solve = beam_post_solve,
                                     .post_solve_lpf = beam_post_solve_lpf,
                                     .points = beam_points,
                                     .commit = beam_commit,
                                     .restore = beam_restore,
                                     .after_accel = beam_after_accel,
                                     .impulse_split = beam_impulse_split,
                                     .destroy = beam_destroy};

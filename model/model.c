/* model.c -- model container, lookups, amplitudes, summary. */
#include "model/model.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

#include "base/so3.h"

int nsb_name_eq(const char* a, const char* b) {
  for (; *a && *b; ++a, ++b)
    if (toupper((unsigned char)*a) != toupper((unsigned char)*b)) return 0;
  return *a == *b;
}

int nsb_model_create(nsb_ctx* ctx, nsb_model** out) {
  nsb_model* m = nsb_alloc(ctx, sizeof(*m));
  *out = m;
  NSB_CHECK(ctx, m, NSB_ERR_ALLOC, "cannot allocate model");
  m->ctx = ctx;
  return NSB_OK;
}

void nsb_model_destroy(nsb_model** pm) {
  if (!pm || !*pm) return;
  nsb_model* m = *pm;
  nsb_ctx* ctx = m->ctx;
  for (int i = 0; i < m->nsets.count; ++i) NSB_ARRAY_FREE(ctx, m->nsets.data[i].nodes);
  for (int i = 0; i < m->elsets.count; ++i) NSB_ARRAY_FREE(ctx, m->elsets.data[i].elements);
  for (int i = 0; i < m->amplitudes.count; ++i)
    NSB_FREE_ARRAY(ctx, m->amplitudes.data[i].data, m->amplitudes.data[i].n_data, double);
  NSB_ARRAY_FREE(ctx, m->nodes);
  NSB_ARRAY_FREE(ctx, m->nsets);
  NSB_ARRAY_FREE(ctx, m->elsets);
  NSB_ARRAY_FREE(ctx, m->elements);
  NSB_ARRAY_FREE(ctx, m->materials);
  NSB_ARRAY_FREE(ctx, m->sections);
  NSB_ARRAY_FREE(ctx, m->node_frames);
  NSB_ARRAY_FREE(ctx, m->dloads);
  NSB_ARRAY_FREE(ctx, m->amplitudes);
  NSB_ARRAY_FREE(ctx, m->particles);
  NSB_ARRAY_FREE(ctx, m->rigid_bodies);
  NSB_ARRAY_FREE(ctx, m->joints);
  NSB_ARRAY_FREE(ctx, m->obstacles);
  NSB_ARRAY_FREE(ctx, m->contact_pairs);
  for (int i = 0; i < m->contact_points.count; ++i) NSB_ARRAY_FREE(ctx, m->contact_points.data[i].p);
  NSB_ARRAY_FREE(ctx, m->contact_points);
  NSB_ARRAY_FREE(ctx, m->boundaries);
  NSB_ARRAY_FREE(ctx, m->cloads);
  NSB_ARRAY_FREE(ctx, m->transforms);
  NSB_ARRAY_FREE(ctx, m->gravities);
  NSB_ARRAY_FREE(ctx, m->manufactured);
  NSB_ARRAY_FREE(ctx, m->initials);
  NSB_ARRAY_FREE(ctx, m->steps);
  NSB_ARRAY_FREE(ctx, m->probes);
  NSB_FREE_ARRAY(ctx, m->node_hash, m->node_hash_cap, int);
  nsb_free(ctx, m, sizeof(*m));
  *pm = NULL;
}

static unsigned hash_label(int label) { return (unsigned)label * 2654435761u; }

static int hash_rebuild(nsb_model* m, int cap) {
  int* h = NSB_NEW_ARRAY(m->ctx, cap, int);
  if (!h) return NSB_ERR_ALLOC;
  for (int i = 0; i < cap; ++i) h[i] = -1;
  for (int i = 0; i < m->nodes.count; ++i) {
    unsigned k = hash_label(m->nodes.data[i].label) & (unsigned)(cap - 1);
    while (h[k] >= 0) k = (k + 1) & (unsigned)(cap - 1);
    h[k] = i;
  }
  NSB_FREE_ARRAY(m->ctx, m->node_hash, m->node_hash_cap, int);
  m->node_hash = h;
  m->node_hash_cap = cap;
  return NSB_OK;
}

int nsb_model_find_node(const nsb_model* m, int label) {
  if (m->node_hash_cap == 0) return -1;
  unsigned k = hash_label(label) & (unsigned)(m->node_hash_cap - 1);
  while (m->node_hash[k] >= 0) {
    if (m->nodes.data[m->node_hash[k]].label == label) return m->node_hash[k];
    k = (k + 1) & (unsigned)(m->node_hash_cap - 1);
  }
  return -1;
}

int nsb_model_add_node(nsb_model* m, int label, const double X[3], int line) {
  if (nsb_model_find_node(m, label) >= 0) return NSB_ERR_DECK_VALUE;
  nsb_node n;
  memset(&n, 0, sizeof n);
  n.label = label;
  memcpy(n.X, X, sizeof n.X);
  n.body_kind = NSB_BODY_NONE;
  n.body = -1;
  n.line = line;
  NSB_CALL(NSB_ARRAY_PUSH(m->ctx, m->nodes, n));
  if (2 * m->nodes.count > m->node_hash_cap) {
    int cap = m->node_hash_cap ? 2 * m->node_hash_cap : 64;
    while (2 * m->nodes.count > cap) cap *= 2;
    int st = hash_rebuild(m, cap);
    if (st < 0) {
      m->nodes.count--;
      return st;
    }
  } else {
    unsigned k = hash_label(label) & (unsigned)(m->node_hash_cap - 1);
    while (m->node_hash[k] >= 0) k = (k + 1) & (unsigned)(m->node_hash_cap - 1);
    m->node_hash[k] = m->nodes.count - 1;
  }
  return m->nodes.count - 1;
}

#define FIND_BY_NAME(arr, name)                                       \
  do {                                                                \
    for (int i_ = 0; i_ < (arr).count; ++i_)                          \
      if (nsb_name_eq((arr).data[i_].name, (name))) return i_;        \
    return -1;                                                        \
  } while (0)

int nsb_model_find_nset(const nsb_model* m, const char* name) { FIND_BY_NAME(m->nsets, name); }
int nsb_model_find_elset(const nsb_model* m, const char* name) { FIND_BY_NAME(m->elsets, name); }
int nsb_model_find_amplitude(const nsb_model* m, const char* name) { FIND_BY_NAME(m->amplitudes, name); }
int nsb_model_find_material(const nsb_model* m, const char* name) { FIND_BY_NAME(m->materials, name); }
int nsb_model_find_obstacle(const nsb_model* m, const char* name) { FIND_BY_NAME(m->obstacles, name); }
int nsb_model_find_contact_points(const nsb_model* m, const char* name) { FIND_BY_NAME(m->contact_points, name); }

int nsb_joint_n_mult(nsb_joint_kind k) {
  return k == NSB_JOINT_DISTANCE                                    ? 1
         : k == NSB_JOINT_SPHERICAL || k == NSB_JOINT_ELEMENT_POINT ? 3
         : k == NSB_JOINT_FIXED                                     ? 6
                                                                    : 5;
}

/* Unit tangent of a beam element's initial end frame at `node`: the node's
   *BEAM NODE FRAME G1 if it has one (elements/beam.c uses it as the end
   frame), else the chord. */
static void end_tangent(const nsb_model* m, int node, const double chord[3], double T[3]) {
  const double* g = chord;
  for (int i = 0; i < m->node_frames.count; ++i)
    if (m->node_frames.data[i].node == node) g = m->node_frames.data[i].g1;
  double n = sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
  for (int c = 0; c < 3; ++c) T[c] = g[c] / n;
}

void nsb_joint_element_point(const nsb_model* m, const nsb_joint* j, double w[2], double t[2], double TA[3],
                             double TB[3], double X0[3]) {
  const nsb_element* e = &m->elements.data[j->element];
  const double *A = m->nodes.data[e->nodes[0]].X, *B = m->nodes.data[e->nodes[1]].X;
  double d[3] = {B[0] - A[0], B[1] - A[1], B[2] - A[2]};
  double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), x = j->xi;
  w[0] = 2.0 * x * x * x - 3.0 * x * x + 1.0;
  w[1] = -2.0 * x * x * x + 3.0 * x * x;
  t[0] = l * (x * x * x - 2.0 * x * x + x);
  t[1] = l * (x * x * x - x * x);
  end_tangent(m, e->nodes[0], d, TA);
  end_tangent(m, e->nodes[1], d, TB);
  for (int c = 0; c < 3; ++c) X0[c] = w[0] * A[c] + w[1] * B[c] + t[0] * TA[c] + t[1] * TB[c];
}

double nsb_section_contact_radius(const nsb_section* s) {
  switch (s->shape) {
    case NSB_SECTION_RECT:
    case NSB_SECTION_BOX: /* BOX and I: half the smaller side of the enclosing rectangle */
    case NSB_SECTION_I:
      return 0.5 * (s->dims[0] < s->dims[1] ? s->dims[0] : s->dims[1]);
    case NSB_SECTION_CIRC:
    case NSB_SECTION_PIPE:
      return s->dims[0];
    default:
      return s->draw_radius;
  }
}

/* Half sides of the rectangle of a section (RECT; BOX, I: the enclosing
   one, centred on the node line as their contact radius is), 0 for others. */
static int section_rect(const nsb_section* s, double half[2]) {
  if (s->shape != NSB_SECTION_RECT && s->shape != NSB_SECTION_BOX && s->shape != NSB_SECTION_I) return 0;
  half[0] = 0.5 * s->dims[0];
  half[1] = 0.5 * s->dims[1];
  return 1;
}

/* G2, G3 of beam element e's end frame at its end k in the initial state:
   the node's *BEAM NODE FRAME, else the element's straight frame from its
   axis and the section's n1 (the frames elements/beam.c builds). */
static void end_axes(const nsb_model* m, const nsb_element* e, int k, nsb_vec3* g2, nsb_vec3* g3) {
  for (int i = 0; i < m->node_frames.count; ++i) {
    const nsb_node_frame* f = &m->node_frames.data[i];
    if (f->node != e->nodes[k]) continue;
    nsb_vec3 g1 = nsb_v3_load(f->g1), v = nsb_v3_load(f->g2);
    g1 = nsb_v3_scale(1.0 / nsb_v3_norm(g1), g1);
    v = nsb_v3_muladd(v, -nsb_v3_dot(v, g1), g1);
    *g2 = nsb_v3_scale(1.0 / nsb_v3_norm(v), v);
    *g3 = nsb_v3_cross(g1, *g2);
    return;
  }
  nsb_vec3 g1 = nsb_v3_sub(nsb_v3_load(m->nodes.data[e->nodes[1]].X), nsb_v3_load(m->nodes.data[e->nodes[0]].X));
  g1 = nsb_v3_scale(1.0 / nsb_v3_norm(g1), g1);
  nsb_vec3 d = fabs(g1.z) > 0.999 ? nsb_v3(0, 1, 0) : nsb_v3(0, 0, 1);
  nsb_vec3 n1 = nsb_v3_load(m->sections.data[e->section].n1);
  if (nsb_v3_norm(n1) == 0.0) n1 = d;
  nsb_vec3 v = nsb_v3_muladd(n1, -nsb_v3_dot(n1, g1), g1);
  if (nsb_v3_norm(v) < 1e-8 * nsb_v3_norm(n1)) v = nsb_v3_muladd(d, -nsb_v3_dot(d, g1), g1);
  *g2 = nsb_v3_scale(1.0 / nsb_v3_norm(v), v);
  *g3 = nsb_v3_cross(g1, *g2);
}

void nsb_beam_end_axes(const nsb_model* m, int el, int k, double g2[3], double g3[3]) {
  nsb_vec3 a, b;
  end_axes(m, &m->elements.data[el], k, &a, &b);
  nsb_v3_store(a, g2);
  nsb_v3_store(b, g3);
}

int nsb_beam_contact_rect(const nsb_model* m, int el, double half[2], double a[2][3]) {
  const nsb_element* e = &m->elements.data[el];
  if (e->section < 0 || !section_rect(&m->sections.data[e->section], half)) return 0;
  for (int k = 0; k < 2; ++k) {
    nsb_vec3 g2, g3;
    end_axes(m, e, k, &g2, &g3);
    for (int i = m->initials.count - 1; i >= 0; --i) {
      const nsb_initial* in = &m->initials.data[i];
      if (in->kind != NSB_INIT_ROTATION || in->node != e->nodes[k]) continue;
      g2 = nsb_q_rotate_inv(nsb_so3_exp_q(nsb_v3_load(in->vec)), g2);
      break;
    }
    nsb_v3_store(g2, a[k]);
  }
  return 1;
}

void nsb_model_beam_node_contact(nsb_model* m) {
  for (int i = 0; i < m->nodes.count; ++i) {
    m->nodes.data[i].contact_radius = HUGE_VAL;
    m->nodes.data[i].contact_mass = 0.0;
    m->nodes.data[i].contact_rect = -1; /* no beam element yet */
  }
  for (int k = 0; k < m->elements.count; ++k) {
    const nsb_element* e = &m->elements.data[k];
    if (!nsb_etype_is_beam(e->type) || e->section < 0) continue;
    const nsb_section* s = &m->sections.data[e->section];
    const double *A = m->nodes.data[e->nodes[0]].X, *B = m->nodes.data[e->nodes[1]].X;
    double L = sqrt((B[0] - A[0]) * (B[0] - A[0]) + (B[1] - A[1]) * (B[1] - A[1]) + (B[2] - A[2]) * (B[2] - A[2]));
    double r = nsb_section_contact_radius(s), half[2] = {0.0, 0.0};
    int rect = section_rect(s, half);
    for (int q = 0; q < 2; ++q) {
      nsb_node* nd = &m->nodes.data[e->nodes[q]];
      nd->contact_radius = fmin(nd->contact_radius, r);
      nd->contact_mass += 0.5 * s->rhoA * L;
      if (nd->contact_rect < 0 && rect) {
        /* the first beam element at the node gives the rectangle and its axes */
        nsb_vec3 g[2];
        end_axes(m, e, q, &g[0], &g[1]);
        nd->contact_rect = 1;
        for (int c = 0; c < 2; ++c) {
          nd->contact_half[c] = half[c];
          nsb_v3_store(g[c], nd->contact_axes[c]);
        }
      } else if (nd->contact_rect < 0 || (nd->contact_rect == 1 && (!rect || half[0] != nd->contact_half[0] ||
                                                                   half[1] != nd->contact_half[1]))) {
        nd->contact_rect = 0; /* a circle, or rectangles of different sides: the round contact */
      }
    }
  }
  for (int i = 0; i < m->nodes.count; ++i) {
    nsb_node* nd = &m->nodes.data[i];
    if (nd->contact_radius == HUGE_VAL) nd->contact_radius = 0.0;
    if (nd->contact_rect != 1) nd->contact_rect = 0;
  }
  /* the axes in the node's frame: R(0)^T G_k, R(0) the node's last
     *INITIAL CONDITIONS, TYPE=ROTATION (as solver/system.c sets it); from
     the last record back, 2 marks a node done */
  for (int k = m->initials.count - 1; k >= 0; --k) {
    const nsb_initial* in = &m->initials.data[k];
    if (in->kind != NSB_INIT_ROTATION || in->node < 0 || in->node >= m->nodes.count) continue;
    nsb_node* nd = &m->nodes.data[in->node];
    if (nd->contact_rect != 1) continue;
    nsb_quat q0 = nsb_so3_exp_q(nsb_v3_load(in->vec));
    for (int c = 0; c < 2; ++c)
      nsb_v3_store(nsb_q_rotate_inv(q0, nsb_v3_load(nd->contact_axes[c])), nd->contact_axes[c]);
    nd->contact_rect = 2;
  }
  for (int i = 0; i < m->nodes.count; ++i)
    if (m->nodes.data[i].contact_rect == 2) m->nodes.data[i].contact_rect = 1;
}

void nsb_model_mark_massless_slaves(nsb_model* m) {
  for (int i = 0; i < m->nodes.count; ++i) m->nodes.data[i].massless_slave = m->nodes.data[i].lumped_slave = 0;
  for (int k = 0; k < m->contact_pairs.count; ++k) {
    const nsb_contact_pair* cp = &m->contact_pairs.data[k];
    if (!(cp->mass_redistributed || cp->mass_lumped) || cp->slave_nset < 0) continue;
    const nsb_nset* ns = &m->nsets.data[cp->slave_nset];
    for (int i = 0; i < ns->nodes.count; ++i) {
      nsb_node* nd = &m->nodes.data[ns->nodes.data[i]];
      if (cp->mass_redistributed) nd->massless_slave = 1;
      else nd->lumped_slave = 1;
    }
  }
}

int nsb_model_node_ndof(const nsb_model* m, int i) {
  if (m->nodes.data[i].n_beams > 0) return 6;
  switch (m->nodes.data[i].body_kind) {
    case NSB_BODY_RIGID:
      return 6;
    case NSB_BODY_PARTICLE:
      return 3;
    default:
      return 0;
  }
}

nsb_step_def nsb_step_default_def(nsb_step_kind kind, nsb_scheme_kind scheme) {
  nsb_step_def d;
  memset(&d, 0, sizeof d);
  d.kind = kind;
  d.scheme = scheme;
  if (scheme == NSB_SCHEME_NEWMARK) {
    d.beta = 0.25;
    d.gamma = 0.5;
  } else {
    d.beta = 0.5;
    d.gamma = 0.5;
  }
  d.h = 0.0;
  d.period = 0.0;
  d.h_min = -1.0; /* resolved to h (no cutback) unless the deck sets it */
  d.max_iter = 25;
  d.tangent = NSB_TANGENT_AUTO;
  d.accept = NSB_ACCEPT_RATE;
  d.rel_res = 1e-8;
  d.rel_cor = 1e-8;
  d.tol_inc = 0.0;
  d.tol_res = 0.0;
  d.linsolver = NSB_LINSOLVER_AUTO;
  d.contact_prox = 0;
  d.contact_iter = 1000;
  d.contact_tol = 1e-10;
  d.contact_relax = 1.0;
  d.vtk_every = 0;
  d.vtk_ascii = 0;
  d.history_every = 1;
  d.riks_node = -1;
  return d;
}

/* Smooth step between (t0, a0) and (t1, a1): a0 + (a1 - a0) s^3 (10 - 15 s + 6 s^2). */
static double smooth_step(double s, double* d1, double* d2) {
  *d1 = 30.0 * s * s * (1.0 - s) * (1.0 - s);
  *d2 = 60.0 * s * (1.0 - s) * (1.0 - 2.0 * s);
  return s * s * s * (10.0 - 15.0 * s + 6.0 * s * s);
}

double nsb_amplitude_eval(const nsb_amplitude* a, double t, double* d1, double* d2) {
  double v = 0.0, v1 = 0.0, v2 = 0.0;
  const double* d = a->data;
  switch (a->kind) {
    case NSB_AMP_SUM: {
      /* flattened terms: kind, n_data, factor, data (model.h) */
      int n = a->n_data > 0 ? (int)d[0] : 0, at = 1;
      for (int k = 0; k < n; ++k) {
        nsb_amplitude term;
        memset(&term, 0, sizeof term);
        term.kind = (nsb_amp_kind)d[at];
        term.n_data = (int)d[at + 1];
        term.data = (double*)(d + at + 3);
        double c = d[at + 2], t1, t2;
        v += c * nsb_amplitude_eval(&term, t, &t1, &t2);
        v1 += c * t1;
        v2 += c * t2;
        at += 3 + term.n_data;
      }
      break;
    }
    case NSB_AMP_TABULAR:
    case NSB_AMP_SMOOTH_STEP: {
      int np = a->n_data / 2;
      if (np == 0) break;
      /* right-continuous at every point, the first included: at t0 the
         rates are those of the first piece, the motion the table gives for
         t >= t0 (a driven disk whose angle table starts at t = 0 with a slope
         turns at that rate from the start; it was set at rest there and spun
         up in the first increment, tests/user driven_disk) */
      if (t < d[0]) {
        v = d[1];
      } else if (t >= d[2 * (np - 1)]) {
        v = d[2 * (np - 1) + 1];
      } else {
        int k = 0;
        while (k + 1 < np && d[2 * (k + 1)] <= t) ++k;
        double t0 = d[2 * k], a0 = d[2 * k + 1], t1 = d[2 * k + 2], a1 = d[2 * k + 3];
        double dt = t1 - t0;
        if (a->kind == NSB_AMP_TABULAR) {
          v1 = (a1 - a0) / dt;
          v = a0 + v1 * (t - t0);
        } else {
          double s1, s2, s = smooth_step((t - t0) / dt, &s1, &s2);
          v = a0 + (a1 - a0) * s;
          v1 = (a1 - a0) * s1 / dt;
          v2 = (a1 - a0) * s2 / (dt * dt);
        }
      }
      break;
    }
    case NSB_AMP_POLYNOMIAL:
      for (int k = a->n_data - 1; k >= 0; --k) {
        v2 = v2 * t + 2.0 * v1;
        v1 = v1 * t + v;
        v = v * t + d[k];
      }
      break;
    case NSB_AMP_DECAY: {
      /* Abaqus: A0 before t0, a jump to A0 + A at t0 (right-continuous), then the decay */
      double t0 = d[2], td = d[3];
      v = d[0];
      if (t < t0) break;
      double e = d[1] * exp(-(t - t0) / td);
      v += e;
      v1 = -e / td;
      v2 = e / (td * td);
      break;
    }
    case NSB_AMP_MODULATED: {
      /* Abaqus: A0 up to t0 (equal to the formula there); at t0 the rates after it */
      double t0 = d[2], w1 = d[3], w2 = d[4], A = d[1];
      v = d[0];
      if (t < t0) break;
      double s = t - t0, s1 = sin(w1 * s), c1 = cos(w1 * s), s2 = sin(w2 * s), c2 = cos(w2 * s);
      v += A * s1 * s2;
      v1 = A * (w1 * c1 * s2 + w2 * s1 * c2);
      v2 = A * (2.0 * w1 * w2 * c1 * c2 - (w1 * w1 + w2 * w2) * s1 * s2);
      break;
    }
    case NSB_AMP_PERIODIC: {
      int n = (int)d[0];
      double w = d[1], t0 = d[2];
      v = d[3];
      if (t < t0) break;
      for (int k = 1; k <= n; ++k) {
        double A = d[4 + 2 * (k - 1)], B = d[5 + 2 * (k - 1)];
        double kw = k * w, c = cos(kw * (t - t0)), s = sin(kw * (t - t0));
        v += A * c + B * s;
        v1 += kw * (-A * s + B * c);
        v2 += -kw * kw * (A * c + B * s);
      }
      break;
    }
  }
  if (d1) *d1 = v1;
  if (d2) *d2 = v2;
  return v;
}

nsb_tangent_kind nsb_step_tangent(const nsb_model* m, const nsb_step_def* st) {
  if (st->tangent != NSB_TANGENT_AUTO) return (nsb_tangent_kind)st->tangent;
  /* where the kept matrix pays and is safe: small increments of a dynamic
     step (the tangent changes little over one), a tangent that costs much
     more than the residual (the beams' kernels with their tangent and the
     condensation of their interiors), and no checkpoints (a run continued
     from the checkpoint of a signal would form its matrix where the
     uninterrupted run kept one: equal only within the Newton tolerance) */
  if (st->kind != NSB_STEP_DYNAMIC || st->n_modes > 0 || m->restart_every > 0) return NSB_TANGENT_FULL;
  for (int i = 0; i < m->elements.count; ++i)
    if (nsb_etype_is_beam(m->elements.data[i].type)) return NSB_TANGENT_REUSE;
  return NSB_TANGENT_FULL;
}

void nsb_model_print_summary(const nsb_model* m, FILE* out) {
  int ndof = 0, n_ground = 0;
  for (int i = 0; i < m->nodes.count; ++i) {
    int nd = nsb_model_node_ndof(m, i);
    ndof += nd;
    if (nd == 0) ++n_ground;
  }
  int n_mult = 0;
  for (int i = 0; i < m->joints.count; ++i) {
    const nsb_joint* j = &m->joints.data[i];
    n_mult += nsb_joint_n_mult(j->kind);
  }
  fprintf(out, "model: %s\n", m->heading[0] ? m->heading : "(no heading)");
  if (m->source[0]) fprintf(out, "  deck:          %s\n", m->source);
  fprintf(out, "  nodes:         %d (%d ground points)\n", m->nodes.count, n_ground);
  fprintf(out, "  rigid bodies:  %d\n", m->rigid_bodies.count);
  fprintf(out, "  particles:     %d\n", m->particles.count);
  int n_gal = 0, n_coll = 0;
  for (int i = 0; i < m->elements.count; ++i)
    if (nsb_etype_is_beam(m->elements.data[i].type)) {
      if (m->elements.data[i].weighting == 1)
        ++n_gal;
      else
        ++n_coll;
    }
  if (n_gal + n_coll > 0)
    fprintf(out, "  elements:      %d (beams: %d Galerkin, %d collocation)\n", m->elements.count, n_gal, n_coll);
  else
    fprintf(out, "  elements:      %d\n", m->elements.count);
  fprintf(out, "  joints:        %d (%d multipliers)\n", m->joints.count, n_mult);
  fprintf(out, "  obstacles:     %d\n", m->obstacles.count);
  int n_massless = 0;
  for (int i = 0; i < m->contact_pairs.count; ++i) n_massless += m->contact_pairs.data[i].mass_redistributed != 0;
  int n_lumped = 0;
  for (int i = 0; i < m->contact_pairs.count; ++i) n_lumped += m->contact_pairs.data[i].mass_lumped != 0;
  if (m->contact_pairs.count > 0 && n_lumped > 0)
    fprintf(out, "  contact pairs: %d (%d with MASS=REDISTRIBUTED, %d with MASS=LUMPED)\n", m->contact_pairs.count,
            n_massless, n_lumped);
  else if (m->contact_pairs.count > 0)
    fprintf(out, "  contact pairs: %d (%d with MASS=REDISTRIBUTED)\n", m->contact_pairs.count, n_massless);
  else
    fprintf(out, "  contact pairs: 0\n");
  fprintf(out, "  DOFs:          %d nodal + %d multipliers (before supports)\n", ndof, n_mult);
  fprintf(out, "  node sets:     %d", m->nsets.count);
  for (int i = 0; i < m->nsets.count; ++i)
    fprintf(out, "%s%s(%d)", i ? ", " : " ", m->nsets.data[i].name, m->nsets.data[i].nodes.count);
  fprintf(out, "\n  element sets:  %d", m->elsets.count);
  for (int i = 0; i < m->elsets.count; ++i)
    fprintf(out, "%s%s(%d)", i ? ", " : " ", m->elsets.data[i].name, m->elsets.data[i].elements.count);
  fprintf(out, "\n  materials:     %d", m->materials.count);
  for (int i = 0, k = 0; i < m->materials.count; ++i) { /* those with *DAMPING (Rayleigh) */
    const nsb_material* mt = &m->materials.data[i];
    if (mt->has_damping)
      fprintf(out, "%s%s(*DAMPING ALPHA=%.6g BETA=%.6g)", k++ ? ", " : " ", mt->name, mt->damp_alpha, mt->damp_beta);
  }
  fprintf(out, "\n");
  fprintf(out, "  amplitudes:    %d\n", m->amplitudes.count);
  fprintf(out, "  loads:         %d concentrated, %d gravity, %d manufactured rotation\n", m->cloads.count,
          m->gravities.count, m->manufactured.count);
  fprintf(out, "  supports:      %d\n", m->boundaries.count);
  fprintf(out, "  probes:        %d\n", m->probes.count);
  fprintf(out, "  steps:         %d\n", m->steps.count);
  static const char* scheme_names[] = {"Newmark on SO(3)", "modified Newmark", "generalized-alpha"};
  for (int i = 0; i < m->steps.count; ++i) {
    const nsb_step_def* s = &m->steps.data[i];
    if (s->kind == NSB_STEP_DYNAMIC && (s->mn_alpha || s->scheme == NSB_SCHEME_GENERALIZED_ALPHA))
      fprintf(out, "    %d: %s dynamic, %s (rho_inf=%g: beta=%g, gamma=%g, alpha_m=%g, alpha_f=%g), h=%g, period=%g, %.0f "
              "increments\n", i + 1, s->name[0] ? s->name : "-",
              s->mn_alpha ? "modified Newmark, generalized-alpha form" : scheme_names[s->scheme], s->rho_inf, s->beta,
              s->gamma, s->alpha_m, s->alpha_f, s->h, s->period, ceil(s->period / s->h - 1e-9));
    else if (s->kind == NSB_STEP_DYNAMIC)
      fprintf(out, "    %d: %s dynamic, %s (beta=%g, gamma=%g), h=%g, period=%g, %.0f increments\n", i + 1,
              s->name[0] ? s->name : "-", scheme_names[s->scheme], s->beta, s->gamma, s->h, s->period,
              ceil(s->period / s->h - 1e-9));
    else if (s->n_modes > 0 && s->shift_given)
      fprintf(out, "    %d: %s frequency, %d modes nearest the shift %g\n", i + 1, s->name[0] ? s->name : "-",
              s->n_modes, s->shift);
    else if (s->n_modes > 0)
      fprintf(out, "    %d: %s frequency, %d lowest modes\n", i + 1, s->name[0] ? s->name : "-", s->n_modes);
    else if (s->riks)
      fprintf(out, "    %d: %s static Riks (%s), arc-length increment=%g, total arc length=%g, at most %d increments\n",
              i + 1, s->name[0] ? s->name : "-", s->riks_cylindrical ? "cylindrical" : "spherical", s->h, s->period,
              s->riks_max_inc);
    else
      fprintf(out, "    %d: %s static, increment=%g, period=%g\n", i + 1, s->name[0] ? s->name : "-", s->h,
              s->period);
  }
}

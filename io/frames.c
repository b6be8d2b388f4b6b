/* frames.c -- the output-frame buffers of io/frames.h. */
#include "io/frames.h"

#include <math.h>
#include <string.h>

#include "contact/pair.h"

int nsb_frame_buf_setup(nsb_ctx* ctx, const nsb_model* m, nsb_frame_buf* fb) {
  int n = m->nodes.count > 0 ? m->nodes.count : 1;
  fb->n = m->nodes.count;
  fb->n_lines = m->joints.count + m->elements.count;
  int nl = fb->n_lines > 0 ? fb->n_lines : 1;
  fb->u = NSB_NEW_ARRAY(ctx, 3 * n, double);
  fb->wg = NSB_NEW_ARRAY(ctx, 3 * n, double);
  fb->mass = NSB_NEW_ARRAY(ctx, n, double);
  fb->radius = NSB_NEW_ARRAY(ctx, n, double);
  fb->rf = NSB_NEW_ARRAY(ctx, 3 * n, double);
  fb->rm = NSB_NEW_ARRAY(ctx, 3 * n, double);
  fb->label = NSB_NEW_ARRAY(ctx, n, int);
  fb->kind = NSB_NEW_ARRAY(ctx, n, int);
  fb->lines = NSB_NEW_ARRAY(ctx, 2 * nl, int);
  fb->line_kind = NSB_NEW_ARRAY(ctx, nl, int);
  if (!fb->u || !fb->wg || !fb->mass || !fb->radius || !fb->rf || !fb->rm || !fb->label || !fb->kind || !fb->lines ||
      !fb->line_kind)
    return NSB_ERR_ALLOC;
  for (int i = 0; i < m->nodes.count; ++i) {
    const nsb_node* nd = &m->nodes.data[i];
    fb->label[i] = nd->label;
    fb->kind[i] = (int)nd->body_kind;
    if (nd->body_kind == NSB_BODY_PARTICLE) {
      fb->mass[i] = m->particles.data[nd->body].mass;
      fb->radius[i] = m->particles.data[nd->body].radius;
    } else if (nd->body_kind == NSB_BODY_RIGID) {
      fb->mass[i] = m->rigid_bodies.data[nd->body].mass;
    }
  }
  int k = 0;
  for (int j = 0; j < m->joints.count; ++j, ++k) {
    fb->lines[2 * k] = m->joints.data[j].node_a;
    fb->lines[2 * k + 1] = m->joints.data[j].node_b;
    fb->line_kind[k] = (int)m->joints.data[j].kind;
  }
  for (int e = 0; e < m->elements.count; ++e, ++k) {
    fb->lines[2 * k] = m->elements.data[e].nodes[0];
    fb->lines[2 * k + 1] = m->elements.data[e].nodes[1];
    fb->line_kind[k] = 5; /* spring */
  }
  return NSB_OK;
}

void nsb_frame_buf_free(nsb_ctx* ctx, nsb_frame_buf* fb) {
  int n = fb->n > 0 ? fb->n : 1, nl = fb->n_lines > 0 ? fb->n_lines : 1;
  NSB_FREE_ARRAY(ctx, fb->u, 3 * n, double);
  NSB_FREE_ARRAY(ctx, fb->wg, 3 * n, double);
  NSB_FREE_ARRAY(ctx, fb->mass, n, double);
  NSB_FREE_ARRAY(ctx, fb->radius, n, double);
  NSB_FREE_ARRAY(ctx, fb->rf, 3 * n, double);
  NSB_FREE_ARRAY(ctx, fb->rm, 3 * n, double);
  NSB_FREE_ARRAY(ctx, fb->label, n, int);
  NSB_FREE_ARRAY(ctx, fb->kind, n, int);
  NSB_FREE_ARRAY(ctx, fb->lines, 2 * nl, int);
  NSB_FREE_ARRAY(ctx, fb->line_kind, nl, int);
}

int nsb_frame_buf_write(nsb_vtk_writer* w, nsb_frame_buf* fb, const nsb_system* s, double time,
                        const double* frequency) {
  const nsb_state* st = nsb_system_state(s);
  const double* X0 = nsb_system_x0(s);
  for (int i = 0; i < fb->n; ++i) {
    for (int c = 0; c < 3; ++c) fb->u[3 * i + c] = st->x[3 * i + c] - X0[3 * i + c];
    nsb_v3_store(nsb_q_rotate(nsb_st_q(st, i), nsb_st_w(st, i)), fb->wg + 3 * i);
  }
  nsb_vtk_frame f;
  memset(&f, 0, sizeof f);
  f.time = time;
  f.frequency = frequency;
  f.n_points = fb->n;
  f.x = st->x;
  f.u = fb->u;
  f.v = st->v;
  f.q = st->q;
  f.w = fb->wg;
  f.label = fb->label;
  f.kind = fb->kind;
  f.mass = fb->mass;
  f.radius = fb->radius;
  const double* react = nsb_system_reactions(s);
  for (int i = 0; i < fb->n; ++i)
    for (int c = 0; c < 3; ++c) {
      fb->rf[3 * i + c] = react[6 * i + c];
      fb->rm[3 * i + c] = react[6 * i + 3 + c];
    }
  f.rf = fb->rf;
  f.rm = fb->rm;
  f.n_lines = fb->n_lines;
  f.line_points = fb->lines;
  f.line_kind = fb->line_kind;
  return nsb_vtk_write(w, &f);
}


int nsb_beam_buf_setup(nsb_ctx* ctx, const nsb_model* m, const nsb_system* s, nsb_beam_buf* bb) {
  memset(bb, 0, sizeof *bb);
  for (int i = 0; i < nsb_system_n_elements(s); ++i) {
    const nsb_elem* e = nsb_system_element(s, i);
    if (e->ops != &nsb_beam_v_ops) continue;
    bb->n_lines++;
    bb->n_points += nsb_beam_n_samples(e);
  }
  if (bb->n_lines == 0) return NSB_OK;
  int nl = bb->n_lines, np = bb->n_points;
  bb->line_start = NSB_NEW_ARRAY(ctx, nl + 1, int);
  bb->label = NSB_NEW_ARRAY(ctx, nl, int);
  bb->shape = NSB_NEW_ARRAY(ctx, nl, int);
  bb->dims = NSB_NEW_ARRAY(ctx, 2 * nl, double);
  bb->x = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->u = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->v = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->w = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->q = NSB_NEW_ARRAY(ctx, 4 * np, double);
  bb->strain = NSB_NEW_ARRAY(ctx, 6 * np, double);
  bb->force = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->moment = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->force_local = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->moment_local = NSB_NEW_ARRAY(ctx, 3 * np, double);
  bb->lin = NSB_NEW_ARRAY(ctx, NSB_BEAM_FIELDS * np, double);
  if (!bb->line_start || !bb->label || !bb->shape || !bb->dims || !bb->x || !bb->u || !bb->v || !bb->w || !bb->q ||
      !bb->strain || !bb->force || !bb->moment || !bb->force_local || !bb->moment_local || !bb->lin)
    return NSB_ERR_ALLOC;
  int k = 0, p = 0;
  for (int i = 0; i < nsb_system_n_elements(s); ++i) {
    const nsb_elem* e = nsb_system_element(s, i);
    if (e->ops != &nsb_beam_v_ops) continue;
    bb->line_start[k] = p;
    bb->label[k] = m->elements.data[e->model_index].label;
    nsb_beam_section_draw(e, m, &bb->shape[k], bb->dims + 2 * k);
    /* a BOX or I section is drawn as its enclosing rectangle (dims: the
       outer width along G2 and height along G3), centred on the axis */
    if (bb->shape[k] == NSB_SECTION_BOX || bb->shape[k] == NSB_SECTION_I) bb->shape[k] = NSB_VTK_SECTION_RECT;
    p += nsb_beam_n_samples(e);
    ++k;
  }
  bb->line_start[k] = p;
  return NSB_OK;
}

void nsb_beam_buf_free(nsb_ctx* ctx, nsb_beam_buf* bb) {
  if (bb->n_lines == 0) return;
  int nl = bb->n_lines, np = bb->n_points;
  NSB_FREE_ARRAY(ctx, bb->line_start, nl + 1, int);
  NSB_FREE_ARRAY(ctx, bb->label, nl, int);
  NSB_FREE_ARRAY(ctx, bb->shape, nl, int);
  NSB_FREE_ARRAY(ctx, bb->dims, 2 * nl, double);
  NSB_FREE_ARRAY(ctx, bb->x, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->u, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->v, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->w, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->q, 4 * np, double);
  NSB_FREE_ARRAY(ctx, bb->strain, 6 * np, double);
  NSB_FREE_ARRAY(ctx, bb->force, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->moment, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->force_local, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->moment_local, 3 * np, double);
  NSB_FREE_ARRAY(ctx, bb->lin, NSB_BEAM_FIELDS * np, double);
}

/* Sample every beam of the system's current state into the buffers. */
static void sample_beams(nsb_beam_buf* bb, const nsb_system* s) {
  int k = 0;
  for (int i = 0; i < nsb_system_n_elements(s); ++i) {
    const nsb_elem* e = nsb_system_element(s, i);
    if (e->ops != &nsb_beam_v_ops) continue;
    int p = bb->line_start[k++];
    nsb_beam_sample_out o = {bb->x + 3 * p,      bb->u + 3 * p,      bb->v + 3 * p,           bb->w + 3 * p,
                             bb->q + 4 * p,      bb->strain + 6 * p, bb->force + 3 * p,       bb->moment + 3 * p,
                             bb->force_local + 3 * p, bb->moment_local + 3 * p};
    nsb_system_beam_sample(s, e, &o);
  }
}

/* The strain and resultant arrays of the buffer, in the order of bb->lin:
   strain (6 per point), force, moment, force_local, moment_local (3 each). */
static void beam_fields(nsb_beam_buf* bb, double* f[5], int width[5]) {
  double* a[5] = {bb->strain, bb->force, bb->moment, bb->force_local, bb->moment_local};
  static const int wd[5] = {6, 3, 3, 3, 3};
  for (int k = 0; k < 5; ++k) {
    f[k] = a[k];
    width[k] = wd[k] * bb->n_points;
  }
}

int nsb_beam_buf_linearize(nsb_beam_buf* bb, nsb_system* s, const nsb_modal_result* r, int j, double eps) {
  if (bb->n_lines == 0) return NSB_OK;
  double* f[5];
  int width[5];
  beam_fields(bb, f, width);
  /* f'(0) phi ~ (f(+eps) - f(-eps)) / (2 eps): the even terms (the axial
     strain of a bending mode is one) cancel, the error is O(eps^2) */
  for (int side = 0; side < 2; ++side) {
    int st = nsb_system_show_mode(s, r, j, side == 0 ? eps : -eps);
    if (st < 0) return st;
    sample_beams(bb, s);
    double* lin = bb->lin;
    for (int k = 0; k < 5; ++k) {
      for (int i = 0; i < width[k]; ++i)
        lin[i] = side == 0 ? f[k][i] : (lin[i] - f[k][i]) / (2.0 * eps);
      lin += width[k];
    }
  }
  return NSB_OK;
}

void nsb_beam_buf_sample_fields(nsb_beam_buf* bb, const nsb_system* s, double* out) {
  if (bb->n_lines == 0) return;
  double* f[5];
  int width[5];
  beam_fields(bb, f, width);
  sample_beams(bb, s);
  for (int k = 0; k < 5; ++k) {
    memcpy(out, f[k], (size_t)width[k] * sizeof(double));
    out += width[k];
  }
}

static int write_beam_frame(nsb_vtk_beam_writer* w, const nsb_beam_buf* bb, double time, const double* frequency);

int nsb_beam_buf_write(nsb_vtk_beam_writer* w, nsb_beam_buf* bb, const nsb_system* s, double time,
                       const double* frequency) {
  sample_beams(bb, s);
  return write_beam_frame(w, bb, time, frequency);
}

int nsb_beam_buf_write_linearized(nsb_vtk_beam_writer* w, nsb_beam_buf* bb, const nsb_system* s, double time,
                                  const double* frequency) {
  sample_beams(bb, s);
  double* f[5];
  int width[5];
  beam_fields(bb, f, width);
  const double* lin = bb->lin;
  for (int k = 0; k < 5; ++k) {
    memcpy(f[k], lin, (size_t)width[k] * sizeof(double));
    lin += width[k];
  }
  return write_beam_frame(w, bb, time, frequency);
}

static int write_beam_frame(nsb_vtk_beam_writer* w, const nsb_beam_buf* bb, double time, const double* frequency) {
  nsb_vtk_beam_frame f;
  memset(&f, 0, sizeof f);
  f.time = time;
  f.frequency = frequency;
  f.n_lines = bb->n_lines;
  f.line_start = bb->line_start;
  f.n_points = bb->n_points;
  f.x = bb->x;
  f.u = bb->u;
  f.v = bb->v;
  f.w = bb->w;
  f.q = bb->q;
  f.strain = bb->strain;
  f.force = bb->force;
  f.moment = bb->moment;
  f.force_local = bb->force_local;
  f.moment_local = bb->moment_local;
  f.elem_label = bb->label;
  f.shape = bb->shape;
  f.dims = bb->dims;
  return nsb_vtk_write_beams(w, &f);
}

/* (Re)size the buffers for n contacts (allocates; called when the contact
   candidate list has grown beyond the capacity). */
int nsb_contact_buf_reserve(nsb_ctx* ctx, nsb_contact_buf* cb, int n) {
  if (n <= cb->cap && cb->cap > 0) return NSB_OK;
  nsb_contact_buf_free(ctx, cb);
  cb->cap = n > 0 ? n : 1;
  cb->x = NSB_NEW_ARRAY(ctx, 3 * cb->cap, double);
  cb->normal = NSB_NEW_ARRAY(ctx, 3 * cb->cap, double);
  cb->gap = NSB_NEW_ARRAY(ctx, cb->cap, double);
  cb->force = NSB_NEW_ARRAY(ctx, cb->cap, double);
  cb->impulse = NSB_NEW_ARRAY(ctx, 3 * cb->cap, double);
  cb->slip = NSB_NEW_ARRAY(ctx, cb->cap, double);
  cb->pair = NSB_NEW_ARRAY(ctx, cb->cap, int);
  cb->slave = NSB_NEW_ARRAY(ctx, cb->cap, int);
  cb->friction = NSB_NEW_ARRAY(ctx, 3 * cb->cap, double);
  cb->stick = NSB_NEW_ARRAY(ctx, 3 * cb->cap, double);
  cb->fstate = NSB_NEW_ARRAY(ctx, cb->cap, int);
  cb->rate = NSB_NEW_ARRAY(ctx, cb->cap, double);
  return cb->x && cb->normal && cb->gap && cb->force && cb->impulse && cb->slip && cb->pair && cb->slave &&
                 cb->friction && cb->stick && cb->fstate && cb->rate
             ? NSB_OK
             : NSB_ERR_ALLOC;
}

void nsb_contact_buf_free(nsb_ctx* ctx, nsb_contact_buf* cb) {
  if (cb->cap == 0) return;
  NSB_FREE_ARRAY(ctx, cb->x, 3 * cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->normal, 3 * cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->gap, cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->force, cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->impulse, 3 * cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->slip, cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->pair, cb->cap, int);
  NSB_FREE_ARRAY(ctx, cb->slave, cb->cap, int);
  NSB_FREE_ARRAY(ctx, cb->friction, 3 * cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->stick, 3 * cb->cap, double);
  NSB_FREE_ARRAY(ctx, cb->fstate, cb->cap, int);
  NSB_FREE_ARRAY(ctx, cb->rate, cb->cap, double);
  cb->cap = 0;
}

int nsb_contact_buf_write(nsb_ctx* ctx, nsb_vtk_contact_writer* w, nsb_contact_buf* cb, const nsb_system* s) {
  const nsb_model* m = nsb_system_model(s);
  int nc = nsb_system_n_contacts(s);
  NSB_CALL(nsb_contact_buf_reserve(ctx, cb, nc));
  NSB_CALL(nsb_vtk_contact_writer_reserve(w, nc));
  int k = 0;
  for (int i = 0; i < nsb_system_n_contacts(s); ++i) {
    const nsb_elem* e = nsb_system_contact(s, i);
    const nsb_contact_data* d = e->state;
    int loaded = d->impulse[0] != 0.0 || d->impulse[1] != 0.0 || d->impulse[2] != 0.0 || d->force != 0.0;
    if (!(d->owner && (d->gap <= 0.0 || loaded))) continue;
    memcpy(cb->x + 3 * k, d->point, 3 * sizeof(double));
    memcpy(cb->normal + 3 * k, d->n_end, 3 * sizeof(double));
    memcpy(cb->impulse + 3 * k, d->impulse, 3 * sizeof(double));
    cb->gap[k] = d->gap;
    cb->force[k] = d->force;
    cb->slip[k] = d->slip;
    cb->pair[k] = d->pair + 1;
    cb->slave[k] = m->nodes.data[e->nodes[0]].label;
    /* the friction columns of contacts.csv (io/history.c): zero for the laws
       that have no compliant friction force or stick element */
    memcpy(cb->friction + 3 * k, d->ftan, 3 * sizeof(double));
    memcpy(cb->stick + 3 * k, d->fz, 3 * sizeof(double));
    cb->fstate[k] = d->fstate;
    cb->rate[k] = d->frate;
    ++k;
  }
  nsb_vtk_contact_frame f = {.time = nsb_system_time(s), .n = k,          .x = cb->x,
                             .normal = cb->normal,       .gap = cb->gap,  .force = cb->force,
                             .impulse = cb->impulse,     .slip = cb->slip, .pair = cb->pair,
                             .slave = cb->slave,         .fstate = cb->fstate, .friction = cb->friction,
                             .stick = cb->stick,         .rate = cb->rate};
  return nsb_vtk_write_contacts(w, &f);
}

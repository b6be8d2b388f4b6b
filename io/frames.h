/* frames.h -- what the VTK writers get from the system: per-output-frame
 * buffers of the bodies (every node a point), of the beams (axis points with
 * frames and resultants) and of the contact points, filled from the discrete
 * system at an output time and handed to io/vtk.h.  Sized once at set-up
 * (the contact buffer grows with the candidate list, outside the step loop's
 * steady state); writing allocates nothing.  Used by the run driver (io/run.c).
 */
#ifndef NSB_FRAMES_H
#define NSB_FRAMES_H

#include "base/ctx.h"
#include "io/vtk.h"
#include "model/model.h"
#include "solver/system.h"

/* Output buffers for VTK frames: every node is a point (ground points kind 0). */
typedef struct nsb_frame_buf {
  int n;
  double *u, *wg, *mass, *radius, *rf, *rm;
  int *label, *kind, *lines, *line_kind;
  int n_lines;
} nsb_frame_buf;

/* Output buffers for beam frames: every beam element is one polyline through
   its samples (ends and integration points). */
typedef struct nsb_beam_buf {
  int n_lines, n_points;
  int *line_start, *label, *shape;
  double* dims;
  double *x, *u, *v, *w, *q, *strain, *force, *moment, *force_local, *moment_local;
  double* lin; /* NSB_BEAM_FIELDS per point: linearized strain, force, moment, force_local, moment_local of a mode */
} nsb_beam_buf;
enum { NSB_BEAM_FIELDS = 18 }; /* 6 strains + 4 x 3 resultants per beam point */

/* Output buffers for contact points (closed or loaded contacts); friction,
   stick: 3 per contact, the compliant friction force and ELASTOPLASTIC's
   stick elongation; rate: its plastic rate; fstate: nsb_friction_state. */
typedef struct nsb_contact_buf {
  int cap;
  double *x, *normal, *gap, *force, *impulse, *slip, *friction, *stick, *rate;
  int *pair, *slave, *fstate;
} nsb_contact_buf;

int nsb_frame_buf_setup(nsb_ctx* ctx, const nsb_model* m, nsb_frame_buf* fb);
void nsb_frame_buf_free(nsb_ctx* ctx, nsb_frame_buf* fb);
int nsb_frame_buf_write(nsb_vtk_writer* w, nsb_frame_buf* fb, const nsb_system* s, double time,
                        const double* frequency);
int nsb_beam_buf_setup(nsb_ctx* ctx, const nsb_model* m, const nsb_system* s, nsb_beam_buf* bb);
void nsb_beam_buf_free(nsb_ctx* ctx, nsb_beam_buf* bb);
int nsb_beam_buf_write(nsb_vtk_beam_writer* w, nsb_beam_buf* bb, const nsb_system* s, double time,
                       const double* frequency);
/* The linearized strains and resultants of mode j into bb->lin: their
   directional derivative at the linearization state along phi_j (with r's
   normalization: mass, or displacement, nsb_system_modes_displacement), by central differences of the states shown with
   nsb_system_show_mode at +-eps (eps > 0; the caller picks a small multiple
   of the drawing scale).  Leaves the system showing the mode at -eps: show the
   drawn shape next.  No allocation. */
int nsb_beam_buf_linearize(nsb_beam_buf* bb, nsb_system* s, const nsb_modal_result* r, int j, double eps);
/* The beams' strains and resultants of the system's current state into f
   (NSB_BEAM_FIELDS per point, bb->lin's layout).  No allocation. */
void nsb_beam_buf_sample_fields(nsb_beam_buf* bb, const nsb_system* s, double* f);
/* A beam frame of the current (drawn) state whose strain and resultant arrays
   are those of bb->lin (nsb_beam_buf_linearize): mode files colour by the
   mode's linearized fields, not by those of the finitely displaced shape. */
int nsb_beam_buf_write_linearized(nsb_vtk_beam_writer* w, nsb_beam_buf* bb, const nsb_system* s, double time,
                                  const double* frequency);
int nsb_contact_buf_reserve(nsb_ctx* ctx, nsb_contact_buf* cb, int n);
void nsb_contact_buf_free(nsb_ctx* ctx, nsb_contact_buf* cb);
int nsb_contact_buf_write(nsb_ctx* ctx, nsb_vtk_contact_writer* w, nsb_contact_buf* cb, const nsb_system* s);

/* frequency: NULL, or the natural frequency of a mode-shape frame (FieldData Frequency). */

#endif

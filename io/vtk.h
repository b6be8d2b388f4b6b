/* vtk.h -- VTK XML UnstructuredGrid (.vtu) output and a .pvd time collection,
 * written without linking VTK.
 *
 * One writer produces dir/base_000000.vtu, dir/base_000001.vtu, ... (one file
 * per call of nsb_vtk_write) and dir/base.pvd, the ParaView collection that
 * lists every written step with its time.  The .pvd is written at create (with
 * no steps) and rewritten after every step through a temporary file and
 * rename(), so a run that stops at any point leaves a .pvd that opens in
 * ParaView and lists only complete .vtu files.  Each .vtu is itself written
 * to base_NNNNNN.vtu.tmp and renamed, so a .vtu name exists only for a
 * complete file (a kill -9 can leave a stray .tmp, never a partial .vtu).  File names in the .pvd are
 * relative (the .vtu files sit beside it), so the output directory can be
 * moved.
 *
 * What a .vtu holds (format spec: docs.vtk.org "VTK XML File Formats"; layout
 * follows STYLE.md "VTK XML output"; how to view it: docs/paraview.md):
 *   Points       one point per body/particle, Float64 x 3 (current position)
 *   Cells        one VTK_VERTEX (1) per point, in point order, then one
 *                VTK_LINE (3) per line (joints, springs); connectivity and
 *                offsets are Int64, types UInt8
 *   PointData    displacement(3) velocity(3) angular_velocity(3)
 *                quaternion(4, w x y z) e1(3) e2(3) e3(3) mass(1) radius(1)
 *                as Float64; label(1) kind(1) as Int32.  e1, e2, e3 are the
 *                body axes, the columns of R(q) (q normalised first), so a
 *                Glyph filter oriented by e1 shows the body's first axis.
 *   CellData     kind (Int32): vertex cells carry the body kind of their
 *                point (1 particle, 2 rigid body, nsb_body_kind); line cells
 *                carry line_kind + 10, so one threshold separates bodies
 *                (< 10) from lines (>= 10).
 *   FieldData    TimeValue (Float64, 1 tuple) = frame time, which ParaView
 *                also uses when a single .vtu is opened.
 * Encodings (the int called ascii in the functions below): NSB_VTK_BINARY
 * (0, the default) writes each array inline as format="binary": base64 of
 * zlib blocks in the layout of VTK's vtkZLibDataCompressor; NSB_VTK_BASE64
 * (2) the same without compression; NSB_VTK_ASCII (1) format="ascii" with
 * every real as %.17g (round trips exactly; used for golden files).  Binary
 * data are inline, not in an <AppendedData> block: Debian 12's ParaView 5.11
 * with its current libexpat cannot read raw appended data (io/vtk_codec.h).
 * Byte order: the host's (byte_order in the header says which).  Non-finite
 * values are written as they are (ascii: "nan"/"inf", which VTK's ASCII
 * parser rejects; use a binary encoding to inspect a diverged run).
 *
 * Memory: every buffer is allocated in nsb_vtk_writer_create from max_points
 * and max_lines; nsb_vtk_write allocates nothing.  Rewriting the .pvd copies
 * the previous file's entries (through a fixed buffer) instead of keeping the
 * list of times in memory, so the number of steps is unbounded without
 * allocation; the price is O(steps) bytes copied per step, the same order as
 * rewriting the file from a list.  Rejected: appending to the .pvd in place
 * (a crash mid-write leaves malformed XML) and a growable list of times
 * (allocates during the run).
 *
 * Inside vtk.c the XML and appended-data code is generic (a grid = lists of
 * named typed arrays per section, a series = one .pvd and its .vtu names), so
 * the beam writer below is one more frame type and one more write function on
 * the same helpers.
 *
 * Beams (nsb_vtk_beam_writer) get two series of their own, because the two
 * views are different grids that a user switches on and off separately:
 *   dir/base.pvd, base_NNNNNN.vtu  the axis: one VTK_POLY_LINE (4) per element
 *       through its points; PointData displacement(3) velocity(3)
 *       angular_velocity(3) quaternion(4) e1 e2 e3(3, section axes = columns
 *       of R(q)) strain(6: gamma1 gamma2 gamma3 kappa1 kappa2 kappa3, named
 *       by ComponentName0..5 attributes) force(3) moment(3) (global frame)
 *       force_section(3: axial shear2 shear3) moment_section(3: torsion
 *       bending2 bending3) (section frame, components named the same way);
 *       CellData element (Int32 label); FieldData TimeValue.
 *   dir/base_surface.pvd, base_surface_NNNNNN.vtu  the swept solid: at every
 *       axis point a ring of vertices in the section plane (x + a G2 + b G3):
 *       the 4 corners of a rectangle (+,+) (-,+) (-,-) (+,-) in (G2, G3), or
 *       `ring` points x + r (cos t G2 + sin t G3), t = 2 pi k / ring, for the
 *       round shapes; consecutive rings of an element joined by VTK_QUAD (9)
 *       cells with outward normals, each element closed by two VTK_POLYGON (7)
 *       caps (normals -G1 at the first point, +G1 at the last).  Cells are
 *       ordered per element: its quads, then its first and last cap.
 *       PointData displacement velocity force_section moment_section strain
 *       e1 e2 e3, copied from the ring's axis point (so the solid can be
 *       coloured by bending moment); CellData element; FieldData TimeValue.
 * A separate .pvd per view (rejected: part="1" of one collection): ParaView's
 * PVD reader turns parts into blocks of one multiblock dataset, so every
 * filter (Glyph on the axis, Clip on the solid) would apply to both and
 * arrays present on one block only would show as partial; two files are two
 * pipeline sources, each with its own filters and colouring.
 * Memory is as for bodies: sized at create from max_points, max_lines and
 * ring; nsb_vtk_write_beams allocates nothing.
 */
#ifndef NSB_VTK_H
#define NSB_VTK_H

#include "base/ctx.h"

/* The encodings of the writers' ascii argument. */
enum { NSB_VTK_BINARY = 0, NSB_VTK_ASCII = 1, NSB_VTK_BASE64 = 2 };
/* zlib level of NSB_VTK_BINARY: 1, the fastest (the demo: output 1.7 s and 44 MB at level 1,
   2.7 s and 42 MB at zlib's default 6; raw appended data was 128 MB). */
enum { NSB_VTK_ZLIB_LEVEL = 1 };

/// Where a collection stands, to continue it in a later process (restart):
/// the steps written and the bytes of each .pvd before its footer.
typedef struct nsb_vtk_resume {
  int n_steps;
  long pvd_bytes;     ///< the collection (the axis one for beams)
  long surface_bytes; ///< beams: the swept-surface collection; 0 otherwise
} nsb_vtk_resume;

/// A borrowed view of what to draw at one output time; all arrays are read
/// only during nsb_vtk_write and not retained.
typedef struct nsb_vtk_frame {
  double time;             ///< simulation time (s); the .pvd timestep and the FieldData TimeValue
  int n_points;            ///< bodies and particles, one point each
  const double* x;         ///< 3n current positions
  const double* u;         ///< 3n displacements (NULL -> zeros)
  const double* v;         ///< 3n velocities
  const double* q;         ///< 4n orientation quaternions (w,x,y,z); NULL -> identity for all
  const double* w;         ///< 3n angular velocities, global frame (NULL -> zeros)
  const int* label;        ///< n node labels (deck labels)
  const int* kind;         ///< n: 1 particle, 2 rigid body (nsb_body_kind values in model/model.h)
  const double* mass;      ///< n
  const double* radius;    ///< n (0 for rigid bodies)
  int n_lines;             ///< line cells (joints, springs) between points
  const int* line_points;  ///< 2*n_lines point indices (0-based, into the points above)
  const int* line_kind;    ///< n_lines: a small integer type id, written as cell data kind = line_kind + 10
  const double* rf;        ///< 3n support reaction forces, global (NULL -> zeros)
  const double* rm;        ///< 3n support reaction moments, global (NULL -> zeros)
  const double* frequency; ///< NULL, or a mode shape's natural frequency (FieldData Frequency)
} nsb_vtk_frame;

typedef struct nsb_vtk_writer nsb_vtk_writer;

/// Create a writer for dir/base_NNNNNN.vtu files and dir/base.pvd.
/// dir (borrowed, copied) is created with mkdir -p semantics if missing; base
/// (borrowed, copied) is a non-empty file name stem without '/'.  ascii = 1:
/// format="ascii" with %.17g; ascii = 0: format="appended" raw binary with
/// UInt64 headers.  max_points, max_lines (>= 0) are the largest frame the
/// writer accepts; all buffers are sized from them here.  Writes an empty
/// .pvd, so an unwritable directory is reported now.
/// *out is owned by the caller (nsb_vtk_writer_destroy), NULL on failure.
/// Errors: NSB_ERR_ARG (bad argument), NSB_ERR_IO (directory cannot be
/// created or written; the path is in the context's message), NSB_ERR_ALLOC.
int nsb_vtk_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                          int max_lines, nsb_vtk_writer** out);

/// Write one .vtu for frame f (borrowed, read only during the call) and
/// rewrite the .pvd (temporary file + rename) so that an interrupted run stays
/// readable.  Allocates nothing.  The step number in the file name counts the
/// successful calls.  Errors: NSB_ERR_ARG (frame exceeds max_points/max_lines,
/// a required array is NULL, a line point index is out of range),
/// NSB_ERR_NOT_FINITE (time is not finite), NSB_ERR_IO (with the path in the
/// context's message; the .pvd then still lists the previous steps).
int nsb_vtk_write(nsb_vtk_writer* w, const nsb_vtk_frame* f);

/// As nsb_vtk_writer_create, continuing the collection an earlier writer
/// left in dir (r from its nsb_vtk_resume_point; NULL: start a new one): the
/// .pvd keeps its first r->n_steps steps (rewritten by rename, so later steps
/// of the earlier run are dropped) and the step numbers go on from there.
/// Errors as create, and NSB_ERR_IO when the .pvd is missing or shorter.
int nsb_vtk_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                                 int max_lines, const nsb_vtk_resume* r, nsb_vtk_writer** out);
nsb_vtk_resume nsb_vtk_resume_point(const nsb_vtk_writer* w);

/// Path of the .pvd; view valid while the writer lives.
const char* nsb_vtk_pvd_path(const nsb_vtk_writer* w);

/// Number of steps written so far.
int nsb_vtk_n_steps(const nsb_vtk_writer* w);

/// Destroy a writer (the files stay); accepts NULL and *w == NULL, sets *w = NULL.
void nsb_vtk_writer_destroy(nsb_vtk_writer** w);

/* ---- beams ----------------------------------------------------------------- */

/// Cross-section shapes as drawn by the swept solid (values of
/// nsb_vtk_beam_frame.shape); dims are 2 numbers per element.
enum {
  NSB_VTK_SECTION_GENERAL = 0, ///< drawn as a circle of radius dims[0]
  NSB_VTK_SECTION_RECT = 1,    ///< b = dims[0] along G2, h = dims[1] along G3
  NSB_VTK_SECTION_CIRCLE = 2,  ///< radius r = dims[0]
  NSB_VTK_SECTION_PIPE = 3     ///< outer radius r = dims[0], wall t = dims[1] (the outer circle is drawn)
};

/// A borrowed view of the beams at one output time.  Each element is drawn as
/// one polyline through n points (element ends and interior points, in order).
/// The elements partition the points: line_start[0] = 0, line_start[n_lines] =
/// n_points, at least 2 points per element (a node shared by two elements is
/// given twice, once per element).  Arrays are read only during
/// nsb_vtk_write_beams and not retained.  Required when n_points > 0: x, v,
/// q, elem_label, shape, dims, line_start; the others may be NULL (written as
/// zeros, as for bodies).
typedef struct nsb_vtk_beam_frame {
  double time;                ///< simulation time (s)
  int n_lines;                ///< elements
  const int* line_start;      ///< n_lines + 1: points of element e are [line_start[e], line_start[e+1])
  int n_points;
  const double* x;            ///< 3n deformed axis positions
  const double* u;            ///< 3n displacements
  const double* v;            ///< 3n velocities
  const double* w;            ///< 3n angular velocities, global frame
  const double* q;            ///< 4n cross-section frames (w,x,y,z): columns of R(q) = section axes G1 (axis), G2, G3
  const double* strain;       ///< 6n: gamma_1..3, kappa_1..3 (section frame)
  const double* force;        ///< 3n: N, global frame
  const double* moment;       ///< 3n: M, global frame
  const double* force_local;  ///< 3n: N in the section frame (axial, shear 2, shear 3)
  const double* moment_local; ///< 3n: M in the section frame (torsion, bending 2, bending 3)
  const int* elem_label;      ///< n_lines element labels (deck labels)
  const int* shape;           ///< n_lines: NSB_VTK_SECTION_*
  const double* dims;         ///< 2 per line, lengths >= 0 (see NSB_VTK_SECTION_*)
  const double* frequency; ///< NULL, or a mode shape's natural frequency (FieldData Frequency)
} nsb_vtk_beam_frame;

typedef struct nsb_vtk_beam_writer nsb_vtk_beam_writer;

/// Create a beam writer for dir/base.pvd (axis polylines, base_NNNNNN.vtu) and
/// dir/base_surface.pvd (swept solid, base_surface_NNNNNN.vtu).  dir, base:
/// as for nsb_vtk_writer_create (borrowed, copied; dir created if missing).
/// ascii: 1 ascii %.17g, 0 appended raw binary.  max_points, max_lines (>= 0)
/// bound the frames accepted; ring (>= 3) is the number of vertices of a
/// round section's ring (rectangles always use 4).  All buffers are sized here
/// (the surface holds up to max_points * max(ring, 4) vertices).  Writes both
/// .pvd files with no steps.  *out is owned by the caller
/// (nsb_vtk_beam_writer_destroy), NULL on failure.  Errors: NSB_ERR_ARG,
/// NSB_ERR_IO (path in the context's message), NSB_ERR_ALLOC.
int nsb_vtk_beam_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                               int max_lines, int ring, nsb_vtk_beam_writer** out);

/// Write the axis .vtu and the surface .vtu of frame f (borrowed, read only
/// during the call), then rewrite both .pvd files (temporary file + rename).
/// Allocates nothing.  Either both collections list the step or (on error)
/// neither does: if the surface .pvd fails after the axis .pvd was rewritten,
/// the axis .pvd is rewritten again without the step.  Errors: NSB_ERR_ARG
/// (frame exceeds the capacities, a required array is NULL, line_start does
/// not partition the points into elements of >= 2 points, unknown shape,
/// negative or non-finite dims), NSB_ERR_NOT_FINITE (time), NSB_ERR_IO (with
/// the path in the context's message).
int nsb_vtk_write_beams(nsb_vtk_beam_writer* w, const nsb_vtk_beam_frame* f);

/// As nsb_vtk_writer_create_resume, for both beam collections.
int nsb_vtk_beam_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                                      int max_lines, int ring, const nsb_vtk_resume* r, nsb_vtk_beam_writer** out);
nsb_vtk_resume nsb_vtk_beam_resume_point(const nsb_vtk_beam_writer* w);

/// Path of the axis collection dir/base.pvd; view valid while the writer lives.
const char* nsb_vtk_beam_pvd_path(const nsb_vtk_beam_writer* w);

/// Path of the swept-solid collection dir/base_surface.pvd; view valid while the writer lives.
const char* nsb_vtk_beam_surface_pvd_path(const nsb_vtk_beam_writer* w);

/// Number of steps written so far (listed in both collections).
int nsb_vtk_beam_n_steps(const nsb_vtk_beam_writer* w);

/// Destroy a beam writer (the files stay); accepts NULL and *w == NULL, sets *w = NULL.
void nsb_vtk_beam_writer_destroy(nsb_vtk_beam_writer** w);

/* ---- contact points ------------------------------------------------------------- */

/// Contacts at one output time (closed or loaded contacts only), borrowed.
/// dir/base.pvd + base_NNNNNN.vtu: one VTK_VERTEX per contact at the contact
/// point on the master; PointData normal (master -> slave), gap,
/// normal_force (Hertz force, or impulse / h), impulse (normal, t1, t2 of the
/// last increment), slip_speed, pair (1-based), slave (node label),
/// friction_state (Int32: 0 none, 1 stick, 2 transition, 3 sliding, the
/// states of Stamm 2011, nsb_friction_state), friction (the compliant laws'
/// friction force on the slave), stick_elongation (FRICTION
/// LAW=ELASTOPLASTIC's elastic slip z) and plastic_rate (its |w'|), as
/// contacts.csv's friction_state, friction_x..z, stick_x..z and plastic_rate
/// (zero where the law has no such state);
/// FieldData TimeValue.  Glyph the normal scaled by normal_force to see the
/// contact forces; colour by friction_state to see stick and slip.
typedef struct nsb_vtk_contact_frame {
  double time;
  int n;
  const double* x;        ///< 3n contact points
  const double* normal;   ///< 3n
  const double* gap;      ///< n
  const double* force;    ///< n
  const double* impulse;  ///< 3n
  const double* slip;     ///< n
  const int* pair;        ///< n
  const int* slave;       ///< n
  const int* fstate;      ///< n, nsb_friction_state values
  const double* friction; ///< 3n
  const double* stick;    ///< 3n
  const double* rate;     ///< n
} nsb_vtk_contact_frame;

typedef struct nsb_vtk_contact_writer nsb_vtk_contact_writer;
/// As nsb_vtk_writer_create, for at most max_contacts points per frame.
int nsb_vtk_contact_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_contacts,
                                  nsb_vtk_contact_writer** out);
/// Write one frame (allocates nothing).  Errors as nsb_vtk_write.
int nsb_vtk_write_contacts(nsb_vtk_contact_writer* w, const nsb_vtk_contact_frame* f);
const char* nsb_vtk_contact_pvd_path(const nsb_vtk_contact_writer* w);
/// As nsb_vtk_writer_create_resume.
int nsb_vtk_contact_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_contacts,
                                         const nsb_vtk_resume* r, nsb_vtk_contact_writer** out);
nsb_vtk_resume nsb_vtk_contact_resume_point(const nsb_vtk_contact_writer* w);
/// Grow the capacity to max_contacts points (allocates; no-op when large enough).
int nsb_vtk_contact_writer_reserve(nsb_vtk_contact_writer* w, int max_contacts);
void nsb_vtk_contact_writer_destroy(nsb_vtk_contact_writer** w);

#endif

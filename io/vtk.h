/* vtk.h -- VTK XML UnstructuredGrid (.vtu) output and a .pvd time collection,
 * written without linking VTK.
 *
 * One writer produces dir/base_000000.vtu, dir/base_000001.vtu, ... (one file
 * per call of nsb_vtk_write) and dir/base.pvd, the ParaView collection that
 * lists every written step with its time.  The .pvd is written at create (with
 * no steps) and rewritten after every step through a temporary file and
 * rename(), so a run that stops at any point leaves a .pvd that opens in
 * ParaView and lists only complete .vtu files.  File names in the .pvd are
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
 * Encodings: ascii = 1 writes format="ascii" with every real as %.17g (round
 * trips exactly; used for golden files); ascii = 0 writes format="appended"
 * with one <AppendedData encoding="raw"> block: '_' then, per array, a UInt64
 * byte count followed by the raw bytes in host byte order (byte_order in the
 * header says which).  Non-finite values are written as they are (ascii:
 * "nan"/"inf", which VTK's ASCII parser rejects; use the binary encoding to
 * inspect a diverged run).
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
 * named typed arrays per section), so a later beam output (polylines, swept
 * surfaces) is one more frame type and one more write function on the same
 * helpers and the same .pvd (as another part).
 */
#ifndef NSB_VTK_H
#define NSB_VTK_H

#include "solver/base/ctx.h"

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
  const int* kind;         ///< n: 1 particle, 2 rigid body (nsb_body_kind values in solver/model.h)
  const double* mass;      ///< n
  const double* radius;    ///< n (0 for rigid bodies)
  int n_lines;             ///< line cells (joints, springs) between points
  const int* line_points;  ///< 2*n_lines point indices (0-based, into the points above)
  const int* line_kind;    ///< n_lines: a small integer type id, written as cell data kind = line_kind + 10
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

/// Path of the .pvd; view valid while the writer lives.
const char* nsb_vtk_pvd_path(const nsb_vtk_writer* w);

/// Number of steps written so far.
int nsb_vtk_n_steps(const nsb_vtk_writer* w);

/// Destroy a writer (the files stay); accepts NULL and *w == NULL, sets *w = NULL.
void nsb_vtk_writer_destroy(nsb_vtk_writer** w);

#endif

/* vtk.c -- VTK XML UnstructuredGrid (.vtu) writer and .pvd collection.
 *
 * Two layers.  The lower one is generic and knows nothing about bodies: a
 * vtk_grid is a point count, a cell count and, per XML section (FieldData,
 * PointData, CellData, Points, Cells), a list of vtk_array {name, type,
 * components, tuples, borrowed pointer}; write_grid() turns it into one .vtu,
 * either inline ASCII or with every array in one raw <AppendedData> block, and
 * pvd_add() appends a <DataSet> to the collection.  The upper layer
 * (nsb_vtk_write) only fills writer-owned scratch buffers (cells, body axes,
 * defaults for optional arrays) and builds the array lists.  A beam output
 * (VTK_POLY_LINE / VTK_LINE cells along centre lines, directors as point
 * arrays, or a swept tube surface) becomes a second upper-layer function that
 * builds its own vtk_grid and calls the same two helpers, listing its files as
 * part="1" of the same .pvd.
 *
 * Appended layout (docs.vtk.org "VTK XML File Formats", checked against
 * petsc src/dm/impls/plex/plexvtu.c): after <AppendedData encoding="raw"> and
 * whitespace comes '_'; then for each array, in the order in which the
 * DataArray elements appear in the file, a UInt64 byte count (header_type)
 * followed by that many raw bytes.  The DataArray attribute offset is the
 * position of the array's byte count relative to the first byte after '_', so
 * offset_k = sum over j < k of (8 + bytes_j); both passes below walk the
 * sections in the same order, which is the invariant that keeps offsets right.
 */
#define _POSIX_C_SOURCE 200809L

#include "io/vtk.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "solver/base/vec.h"

/* User int arrays (label, kind) are written directly as Int32. */
_Static_assert(sizeof(int) == 4 && INT_MAX == INT32_MAX, "Int32 arrays are written from int");

/* VTK cell type ids (vtkCellType.h). */
enum { VTK_VERTEX = 1, VTK_LINE = 3 };

/* Line cells carry kind = line_kind + LINE_KIND_SHIFT in the cell data, so one
 * threshold separates them from body vertex cells (kind 1, 2). */
enum { LINE_KIND_SHIFT = 10 };

/* ---- generic grid description ------------------------------------------ */

typedef enum vtk_type { VTK_T_FLOAT64, VTK_T_INT64, VTK_T_INT32, VTK_T_UINT8 } vtk_type;

/// One DataArray: n_tuples x n_comp values of type, read from data (borrowed).
typedef struct vtk_array {
  const char* name;
  vtk_type type;
  int n_comp;
  size_t n_tuples;
  const void* data;
} vtk_array;

/* Sections in file order (the order VTK's own writer uses).  FieldData sits in
 * <UnstructuredGrid> before <Piece>, the others inside <Piece>. */
enum { SEC_FIELD, SEC_POINT_DATA, SEC_CELL_DATA, SEC_POINTS, SEC_CELLS, N_SEC };
static const char* const section_tag[N_SEC] = {"FieldData", "PointData", "CellData", "Points", "Cells"};

/// One UnstructuredGrid piece; every pointer is borrowed for the call.
typedef struct vtk_grid {
  size_t n_points;
  size_t n_cells;
  const vtk_array* arrays[N_SEC];
  int n_arrays[N_SEC];
} vtk_grid;

static const char* type_name(vtk_type t) {
  switch (t) {
    case VTK_T_FLOAT64: return "Float64";
    case VTK_T_INT64: return "Int64";
    case VTK_T_INT32: return "Int32";
    case VTK_T_UINT8: return "UInt8";
  }
  return "?";
}

static size_t type_size(vtk_type t) {
  switch (t) {
    case VTK_T_FLOAT64: return 8;
    case VTK_T_INT64: return 8;
    case VTK_T_INT32: return 4;
    case VTK_T_UINT8: return 1;
  }
  return 0;
}

static uint64_t array_bytes(const vtk_array* a) {
  return (uint64_t)a->n_tuples * (uint64_t)a->n_comp * (uint64_t)type_size(a->type);
}

static int host_is_little_endian(void) {
  const uint16_t one = 1;
  unsigned char b;
  memcpy(&b, &one, 1);
  return b == 1;
}

/* ---- generic writers --------------------------------------------------- */

/* Inline ASCII values, one tuple per line, each line starting with indent. */
static void write_ascii_values(FILE* f, const vtk_array* a, const char* indent) {
  size_t n = a->n_tuples * (size_t)a->n_comp;
  for (size_t k = 0; k < n; ++k) {
    if (k % (size_t)a->n_comp == 0) fputs(indent, f);
    switch (a->type) {
      case VTK_T_FLOAT64: fprintf(f, "%.17g", ((const double*)a->data)[k]); break;
      case VTK_T_INT64: fprintf(f, "%" PRId64, ((const int64_t*)a->data)[k]); break;
      case VTK_T_INT32: fprintf(f, "%" PRId32, ((const int32_t*)a->data)[k]); break;
      case VTK_T_UINT8: fprintf(f, "%u", (unsigned)((const uint8_t*)a->data)[k]); break;
    }
    fputc((k + 1) % (size_t)a->n_comp == 0 ? '\n' : ' ', f);
  }
}

/* One DataArray element at indentation depth (in units of two spaces);
 * *offset is advanced by the appended size. */
static void write_data_array(FILE* f, const vtk_array* a, int depth, int is_field, int ascii, uint64_t* offset) {
  static const char spaces[] = "                    ";
  NSB_ASSERT(a->name && !strpbrk(a->name, "\"<>&'"));
  NSB_ASSERT(a->n_comp >= 1 && (a->data || a->n_tuples == 0));
  NSB_ASSERT(depth >= 0 && 2 * depth + 2 < (int)sizeof spaces);
  const char* indent = spaces + sizeof spaces - 1 - 2 * depth;
  fprintf(f, "%s<DataArray type=\"%s\" Name=\"%s\" NumberOfComponents=\"%d\"", indent, type_name(a->type), a->name,
          a->n_comp);
  if (is_field) fprintf(f, " NumberOfTuples=\"%zu\"", a->n_tuples);
  if (ascii) {
    fputs(" format=\"ascii\">\n", f);
    write_ascii_values(f, a, indent - 2);
    fprintf(f, "%s</DataArray>\n", indent);
  } else {
    fprintf(f, " format=\"appended\" offset=\"%" PRIu64 "\"/>\n", *offset);
    *offset += sizeof(uint64_t) + array_bytes(a);
  }
}

static void write_section(FILE* f, const vtk_grid* g, int sec, int ascii, uint64_t* offset) {
  if (g->n_arrays[sec] == 0 && sec != SEC_POINTS && sec != SEC_CELLS) return;
  int depth = sec == SEC_FIELD ? 2 : 3; /* FieldData in <UnstructuredGrid>, the others in <Piece> */
  const char* indent = sec == SEC_FIELD ? "    " : "      ";
  fprintf(f, "%s<%s>\n", indent, section_tag[sec]);
  for (int i = 0; i < g->n_arrays[sec]; ++i)
    write_data_array(f, &g->arrays[sec][i], depth + 1, sec == SEC_FIELD, ascii, offset);
  fprintf(f, "%s</%s>\n", indent, section_tag[sec]);
}

/// Write grid g to path as one .vtu.  Errors: NSB_ERR_IO with the path (a
/// partly written file is removed).
static int write_grid(nsb_ctx* ctx, const char* path, const vtk_grid* g, int ascii) {
  FILE* f = fopen(path, "wb");
  NSB_CHECK(ctx, f, NSB_ERR_IO, "cannot open '%s' for writing: %s", path, strerror(errno));
  uint64_t offset = 0;
  fprintf(f,
          "<?xml version=\"1.0\"?>\n"
          "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\">\n"
          "  <UnstructuredGrid>\n",
          host_is_little_endian() ? "LittleEndian" : "BigEndian");
  write_section(f, g, SEC_FIELD, ascii, &offset);
  fprintf(f, "    <Piece NumberOfPoints=\"%zu\" NumberOfCells=\"%zu\">\n", g->n_points, g->n_cells);
  for (int sec = SEC_FIELD + 1; sec < N_SEC; ++sec) write_section(f, g, sec, ascii, &offset);
  fputs("    </Piece>\n  </UnstructuredGrid>\n", f);
  if (!ascii) {
    fputs("  <AppendedData encoding=\"raw\">\n   _", f);
    for (int sec = 0; sec < N_SEC; ++sec) {
      for (int i = 0; i < g->n_arrays[sec]; ++i) {
        const vtk_array* a = &g->arrays[sec][i];
        uint64_t nbytes = array_bytes(a);
        fwrite(&nbytes, sizeof nbytes, 1, f);
        if (nbytes > 0) fwrite(a->data, 1, (size_t)nbytes, f);
      }
    }
    fputs("\n  </AppendedData>\n", f);
  }
  fputs("</VTKFile>\n", f);
  int bad = ferror(f);
  int err = errno;
  if (fclose(f) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    remove(path);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "error writing '%s': %s", path, strerror(err));
  }
  return NSB_OK;
}

/* ---- writer ------------------------------------------------------------- */

enum { COPY_BUF_SIZE = 8192 };
/* Room in a path buffer after "dir/base": "_" + up to 20 digits + ".pvd.tmp" + NUL. */
enum { PATH_SLACK = 40 };

static const char pvd_header[] = "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n  <Collection>\n";
static const char pvd_footer[] = "  </Collection>\n</VTKFile>\n";

struct nsb_vtk_writer {
  nsb_ctx* ctx;          /* borrowed */
  int ascii;
  int max_points, max_lines;
  int n_steps;
  size_t path_size;      /* size of each path buffer below */
  char* dir;             /* output directory, trailing '/' removed */
  char* base;            /* file name stem */
  char* pvd_path;        /* dir/base.pvd */
  char* tmp_path;        /* dir/base.pvd.tmp */
  char* vtu_path;        /* dir/base_NNNNNN.vtu of the step being written; also mkdir scratch */
  long pvd_body_bytes;   /* bytes of the current .pvd before the footer (header + entries) */
  char* copy_buf;        /* COPY_BUF_SIZE */
  double* zeros;         /* 3 max_points zeros: u, w when NULL */
  double* identity_q;    /* 4 max_points: (1,0,0,0) per point, q when NULL */
  double* axes;          /* 9 max_points: e1 | e2 | e3, 3 max_points each */
  int64_t* connectivity; /* max_points + 2 max_lines */
  int64_t* offsets;      /* max_points + max_lines (cell end positions) */
  uint8_t* types;        /* max_points + max_lines */
  int32_t* cell_kind;    /* max_points + max_lines */
};

static size_t max_cells(const nsb_vtk_writer* w) { return (size_t)w->max_points + (size_t)w->max_lines; }

/* mkdir -p dir; path is scratch of at least strlen(dir) + 1 bytes. */
static int make_dirs(nsb_ctx* ctx, const char* dir, char* path) {
  size_t n = strlen(dir);
  memcpy(path, dir, n + 1);
  for (size_t i = 1; i <= n; ++i) {
    if (path[i] != '/' && path[i] != '\0') continue;
    char c = path[i];
    path[i] = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      int err = errno;
      return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot create output directory '%s': %s",
                           path, strerror(err));
    }
    path[i] = c;
  }
  struct stat st;
  NSB_CHECK(ctx, stat(dir, &st) == 0 && S_ISDIR(st.st_mode), NSB_ERR_IO, "output directory '%s' is not a directory",
            dir);
  return NSB_OK;
}

/* Finish the temporary .pvd (footer, close) and rename it over the .pvd.
 * Consumes tmp (closed on every path); on failure the temporary is removed. */
static int pvd_commit(nsb_vtk_writer* w, FILE* tmp) {
  fputs(pvd_footer, tmp);
  int bad = ferror(tmp);
  int err = errno;
  if (fclose(tmp) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  if (!bad && rename(w->tmp_path, w->pvd_path) != 0) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    remove(w->tmp_path);
    return nsb_ctx_error(w->ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "error writing '%s': %s", w->pvd_path,
                         strerror(err));
  }
  return NSB_OK;
}

/// Write a .pvd with no steps.
static int pvd_init(nsb_vtk_writer* w) {
  FILE* tmp = fopen(w->tmp_path, "wb");
  NSB_CHECK(w->ctx, tmp, NSB_ERR_IO, "cannot open '%s' for writing: %s", w->tmp_path, strerror(errno));
  fputs(pvd_header, tmp);
  NSB_CALL(pvd_commit(w, tmp));
  w->pvd_body_bytes = (long)(sizeof pvd_header - 1);
  return NSB_OK;
}

/// Rewrite the .pvd with one more DataSet: copy header and entries of the
/// current file, add the entry, close, rename.  file is relative to dir.
static int pvd_add(nsb_vtk_writer* w, double time, int part, const char* file) {
  nsb_ctx* ctx = w->ctx;
  NSB_ASSERT(!strpbrk(file, "\"<>&'"));
  FILE* in = fopen(w->pvd_path, "rb");
  NSB_CHECK(ctx, in, NSB_ERR_IO, "cannot reopen '%s': %s", w->pvd_path, strerror(errno));
  FILE* tmp = fopen(w->tmp_path, "wb");
  if (!tmp) {
    int err = errno;
    fclose(in);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot open '%s' for writing: %s",
                         w->tmp_path, strerror(err));
  }
  long left = w->pvd_body_bytes;
  while (left > 0) {
    size_t chunk = left < COPY_BUF_SIZE ? (size_t)left : COPY_BUF_SIZE;
    size_t got = fread(w->copy_buf, 1, chunk, in);
    if (got != chunk) break;
    fwrite(w->copy_buf, 1, got, tmp);
    left -= (long)got;
  }
  fclose(in);
  if (left > 0) {
    fclose(tmp);
    remove(w->tmp_path);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__,
                         "'%s' is shorter than written (changed by another program?)", w->pvd_path);
  }
  int n = fprintf(tmp, "    <DataSet timestep=\"%.17g\" group=\"\" part=\"%d\" file=\"%s\"/>\n", time, part, file);
  if (n < 0) n = 0; /* the error is caught by ferror in pvd_commit */
  NSB_CALL(pvd_commit(w, tmp));
  w->pvd_body_bytes += n;
  return NSB_OK;
}

void nsb_vtk_writer_destroy(nsb_vtk_writer** pw) {
  if (!pw || !*pw) return;
  nsb_vtk_writer* w = *pw;
  nsb_ctx* ctx = w->ctx;
  size_t np = (size_t)w->max_points, nc = max_cells(w);
  if (w->dir) nsb_free(ctx, w->dir, strlen(w->dir) + 1);
  if (w->base) nsb_free(ctx, w->base, strlen(w->base) + 1);
  nsb_free(ctx, w->pvd_path, w->path_size);
  nsb_free(ctx, w->tmp_path, w->path_size);
  nsb_free(ctx, w->vtu_path, w->path_size);
  nsb_free(ctx, w->copy_buf, COPY_BUF_SIZE);
  NSB_FREE_ARRAY(ctx, w->zeros, 3 * np, double);
  NSB_FREE_ARRAY(ctx, w->identity_q, 4 * np, double);
  NSB_FREE_ARRAY(ctx, w->axes, 9 * np, double);
  NSB_FREE_ARRAY(ctx, w->connectivity, nc + (size_t)w->max_lines, int64_t);
  NSB_FREE_ARRAY(ctx, w->offsets, nc, int64_t);
  NSB_FREE_ARRAY(ctx, w->types, nc, uint8_t);
  NSB_FREE_ARRAY(ctx, w->cell_kind, nc, int32_t);
  nsb_free(ctx, w, sizeof *w);
  *pw = NULL;
}

static char* copy_string(nsb_ctx* ctx, const char* s, size_t n) {
  char* p = nsb_alloc(ctx, n + 1);
  if (p) memcpy(p, s, n);
  return p;
}

int nsb_vtk_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points, int max_lines,
                          nsb_vtk_writer** out) {
  NSB_ASSERT(ctx && out);
  *out = NULL;
  NSB_CHECK(ctx, dir && dir[0], NSB_ERR_ARG, "VTK output directory is empty");
  NSB_CHECK(ctx, base && base[0] && !strpbrk(base, "/\"<>&'"), NSB_ERR_ARG,
            "VTK file name stem '%s' is empty or contains one of / \" < > & '", base ? base : "(null)");
  NSB_CHECK(ctx, ascii == 0 || ascii == 1, NSB_ERR_ARG, "VTK ascii flag must be 0 or 1, got %d", ascii);
  NSB_CHECK(ctx, max_points >= 0 && max_lines >= 0, NSB_ERR_ARG, "VTK capacities must be >= 0 (max_points %d, max_lines %d)",
            max_points, max_lines);

  nsb_vtk_writer* w = nsb_alloc(ctx, sizeof *w);
  if (!w) return NSB_ERR_ALLOC;
  w->ctx = ctx;
  w->ascii = ascii;
  w->max_points = max_points;
  w->max_lines = max_lines;

  size_t dir_len = strlen(dir);
  while (dir_len > 1 && dir[dir_len - 1] == '/') --dir_len; /* "out/" -> "out", "/" stays */
  size_t base_len = strlen(base);
  w->path_size = dir_len + 1 + base_len + PATH_SLACK;
  size_t np = (size_t)max_points, nc = max_cells(w);
  w->dir = copy_string(ctx, dir, dir_len);
  w->base = copy_string(ctx, base, base_len);
  w->pvd_path = nsb_alloc(ctx, w->path_size);
  w->tmp_path = nsb_alloc(ctx, w->path_size);
  w->vtu_path = nsb_alloc(ctx, w->path_size);
  w->copy_buf = nsb_alloc(ctx, COPY_BUF_SIZE);
  w->zeros = NSB_NEW_ARRAY(ctx, 3 * np, double);
  w->identity_q = NSB_NEW_ARRAY(ctx, 4 * np, double);
  w->axes = NSB_NEW_ARRAY(ctx, 9 * np, double);
  w->connectivity = NSB_NEW_ARRAY(ctx, nc + (size_t)max_lines, int64_t);
  w->offsets = NSB_NEW_ARRAY(ctx, nc, int64_t);
  w->types = NSB_NEW_ARRAY(ctx, nc, uint8_t);
  w->cell_kind = NSB_NEW_ARRAY(ctx, nc, int32_t);
  if (!w->dir || !w->base || !w->pvd_path || !w->tmp_path || !w->vtu_path || !w->copy_buf || !w->zeros ||
      !w->identity_q || !w->axes || !w->connectivity || !w->offsets || !w->types || !w->cell_kind) {
    nsb_vtk_writer_destroy(&w);
    return NSB_ERR_ALLOC;
  }
  for (size_t i = 0; i < np; ++i) w->identity_q[4 * i] = 1.0;
  snprintf(w->pvd_path, w->path_size, "%s/%s.pvd", w->dir, w->base);
  snprintf(w->tmp_path, w->path_size, "%s/%s.pvd.tmp", w->dir, w->base);

  int status = make_dirs(ctx, w->dir, w->vtu_path);
  if (status == NSB_OK) status = pvd_init(w);
  if (status != NSB_OK) {
    nsb_vtk_writer_destroy(&w);
    return status;
  }
  *out = w;
  return NSB_OK;
}

const char* nsb_vtk_pvd_path(const nsb_vtk_writer* w) { return w->pvd_path; }
int nsb_vtk_n_steps(const nsb_vtk_writer* w) { return w->n_steps; }

/* Body axes e_k = R(q) E_k, the columns of R(q), after normalising q (a zero
 * quaternion counts as identity; NaN propagates so a diverged run shows). */
static void fill_axes(const nsb_vtk_writer* w, const double* q, int n) {
  double* e1 = w->axes;
  double* e2 = w->axes + 3 * (size_t)w->max_points;
  double* e3 = w->axes + 6 * (size_t)w->max_points;
  for (int i = 0; i < n; ++i) {
    nsb_quat qi = q ? nsb_q_load(q + 4 * i) : nsb_q_identity();
    double norm = sqrt(qi.w * qi.w + qi.x * qi.x + qi.y * qi.y + qi.z * qi.z);
    qi = norm == 0.0 ? nsb_q_identity() : nsb_q(qi.w / norm, qi.x / norm, qi.y / norm, qi.z / norm);
    nsb_mat3 r = nsb_q_to_m3(qi);
    nsb_v3_store(nsb_m3_col(r, 0), e1 + 3 * i);
    nsb_v3_store(nsb_m3_col(r, 1), e2 + 3 * i);
    nsb_v3_store(nsb_m3_col(r, 2), e3 + 3 * i);
  }
}

/* Cells: a vertex per point, then a line per line_points pair. */
static void fill_cells(const nsb_vtk_writer* w, const nsb_vtk_frame* f) {
  int n = f->n_points, m = f->n_lines;
  for (int i = 0; i < n; ++i) {
    w->connectivity[i] = i;
    w->offsets[i] = i + 1;
    w->types[i] = VTK_VERTEX;
    w->cell_kind[i] = f->kind[i];
  }
  for (int j = 0; j < m; ++j) {
    w->connectivity[n + 2 * j] = f->line_points[2 * j];
    w->connectivity[n + 2 * j + 1] = f->line_points[2 * j + 1];
    w->offsets[n + j] = (int64_t)n + 2 * (int64_t)(j + 1);
    w->types[n + j] = VTK_LINE;
    w->cell_kind[n + j] = f->line_kind[j] + LINE_KIND_SHIFT;
  }
}

int nsb_vtk_write(nsb_vtk_writer* w, const nsb_vtk_frame* f) {
  NSB_ASSERT(w && f);
  nsb_ctx* ctx = w->ctx;
  int n = f->n_points, m = f->n_lines;
  NSB_CHECK(ctx, n >= 0 && n <= w->max_points, NSB_ERR_ARG, "VTK frame has %d points, the writer holds at most %d",
            n, w->max_points);
  NSB_CHECK(ctx, m >= 0 && m <= w->max_lines, NSB_ERR_ARG, "VTK frame has %d lines, the writer holds at most %d", m,
            w->max_lines);
  NSB_CHECK(ctx, n == 0 || (f->x && f->v && f->label && f->kind && f->mass && f->radius), NSB_ERR_ARG,
            "VTK frame: x, v, label, kind, mass and radius must not be NULL");
  NSB_CHECK(ctx, m == 0 || (f->line_points && f->line_kind), NSB_ERR_ARG,
            "VTK frame: line_points and line_kind must not be NULL");
  for (int j = 0; j < 2 * m; ++j)
    NSB_CHECK(ctx, f->line_points[j] >= 0 && f->line_points[j] < n, NSB_ERR_ARG,
              "VTK frame: line %d refers to point %d, frame has %d points", j / 2, f->line_points[j], n);
  NSB_CHECK(ctx, isfinite(f->time), NSB_ERR_NOT_FINITE, "VTK frame time is not finite");
  NSB_CHECK(ctx, w->n_steps < INT_MAX, NSB_ERR_ARG, "VTK writer step counter overflow");

  fill_axes(w, f->q, n);
  fill_cells(w, f);

  size_t np = (size_t)n, nc = (size_t)n + (size_t)m, cap = (size_t)w->max_points;
  const vtk_array field[] = {{"TimeValue", VTK_T_FLOAT64, 1, 1, &f->time}};
  const vtk_array point_data[] = {
      {"displacement", VTK_T_FLOAT64, 3, np, f->u ? f->u : w->zeros},
      {"velocity", VTK_T_FLOAT64, 3, np, f->v},
      {"angular_velocity", VTK_T_FLOAT64, 3, np, f->w ? f->w : w->zeros},
      {"quaternion", VTK_T_FLOAT64, 4, np, f->q ? f->q : w->identity_q},
      {"e1", VTK_T_FLOAT64, 3, np, w->axes},
      {"e2", VTK_T_FLOAT64, 3, np, w->axes + 3 * cap},
      {"e3", VTK_T_FLOAT64, 3, np, w->axes + 6 * cap},
      {"mass", VTK_T_FLOAT64, 1, np, f->mass},
      {"radius", VTK_T_FLOAT64, 1, np, f->radius},
      {"label", VTK_T_INT32, 1, np, f->label},
      {"kind", VTK_T_INT32, 1, np, f->kind},
  };
  const vtk_array cell_data[] = {{"kind", VTK_T_INT32, 1, nc, w->cell_kind}};
  const vtk_array points[] = {{"Points", VTK_T_FLOAT64, 3, np, f->x}};
  const vtk_array cells[] = {
      {"connectivity", VTK_T_INT64, 1, np + 2 * (size_t)m, w->connectivity},
      {"offsets", VTK_T_INT64, 1, nc, w->offsets},
      {"types", VTK_T_UINT8, 1, nc, w->types},
  };
  vtk_grid g = {np, nc, {NULL}, {0}};
  g.arrays[SEC_FIELD] = field;
  g.n_arrays[SEC_FIELD] = 1;
  g.arrays[SEC_POINT_DATA] = point_data;
  g.n_arrays[SEC_POINT_DATA] = (int)(sizeof point_data / sizeof point_data[0]);
  g.arrays[SEC_CELL_DATA] = cell_data;
  g.n_arrays[SEC_CELL_DATA] = 1;
  g.arrays[SEC_POINTS] = points;
  g.n_arrays[SEC_POINTS] = 1;
  g.arrays[SEC_CELLS] = cells;
  g.n_arrays[SEC_CELLS] = 3;

  snprintf(w->vtu_path, w->path_size, "%s/%s_%06d.vtu", w->dir, w->base, w->n_steps);
  NSB_CALL(write_grid(ctx, w->vtu_path, &g, w->ascii));
  NSB_CALL(pvd_add(w, f->time, 0, w->vtu_path + strlen(w->dir) + 1));
  w->n_steps++;
  return NSB_OK;
}

/* vtk.c -- VTK XML UnstructuredGrid (.vtu) writer and .pvd collection.
 *
 * Two layers.  The lower one is generic and knows nothing about bodies: a
 * vtk_grid is a point count, a cell count and, per XML section (FieldData,
 * PointData, CellData, Points, Cells), a list of vtk_array {name, type,
 * components, tuples, borrowed pointer}; write_grid() turns it into one .vtu,
 * either inline ASCII or with every array in one raw <AppendedData> block, and
 * pvd_add() appends a <DataSet> to the collection.  The upper layer
 * (nsb_vtk_write, nsb_vtk_write_beams) only fills writer-owned scratch
 * buffers (cells, section axes, swept rings, defaults for optional arrays) and
 * builds the array lists.  Between the two sits vtk_series: one .pvd and the
 * names of its .vtu files; the body writer owns one, the beam writer two
 * (axis and swept surface), all sharing pvd_rewrite().
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
#include "io/atomic.h"
#include "io/vtk_codec.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "base/numfmt.h"
#include "base/vec.h"

/* User int arrays (label, kind) are written directly as Int32. */
_Static_assert(sizeof(int) == 4 && INT_MAX == INT32_MAX, "Int32 arrays are written from int");

/* VTK cell type ids (vtkCellType.h). */
enum { VTK_VERTEX = 1, VTK_LINE = 3, VTK_POLY_LINE = 4, VTK_POLYGON = 7, VTK_QUAD = 9 };

/* Line cells carry kind = line_kind + LINE_KIND_SHIFT in the cell data, so one
 * threshold separates them from body vertex cells (kind 1, 2). */
enum { LINE_KIND_SHIFT = 10 };

/* ---- generic grid description ------------------------------------------ */

typedef enum vtk_type { VTK_T_FLOAT64, VTK_T_INT64, VTK_T_INT32, VTK_T_UINT8 } vtk_type;

/// One DataArray: n_tuples x n_comp values of type, read from data (borrowed).
/// comp_names: NULL or n_comp names written as ComponentName0.. attributes
/// (ParaView shows them in the colouring drop-down instead of 0, 1, ...).
typedef struct vtk_array {
  const char* name;
  vtk_type type;
  int n_comp;
  size_t n_tuples;
  const void* data;
  const char* const* comp_names;
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

/* The text of the signed integer v (the bytes of printf's %lld) at buf; its length. */
static int ascii_int(char* buf, long long v) {
  int n = 0;
  if (v < 0) buf[n++] = '-';
  return n + nsb_fmt_digits(buf + n, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
}

/* Inline ASCII values, one tuple per line, each line starting with indent.
   The numbers are printf's %.17g and %d texts, written by base/numfmt.h
   without printf (a tenth of its instructions a double). */
static void write_ascii_values(FILE* f, const vtk_array* a, const char* indent) {
  size_t n = a->n_tuples * (size_t)a->n_comp;
  char buf[NSB_G17_MAX + 1];
  for (size_t k = 0; k < n; ++k) {
    if (k % (size_t)a->n_comp == 0) fputs(indent, f);
    int len = 0;
    switch (a->type) {
      case VTK_T_FLOAT64: len = nsb_fmt_g17(buf, ((const double*)a->data)[k]); break;
      case VTK_T_INT64: len = ascii_int(buf, (long long)((const int64_t*)a->data)[k]); break;
      case VTK_T_INT32: len = ascii_int(buf, (long long)((const int32_t*)a->data)[k]); break;
      case VTK_T_UINT8: len = ascii_int(buf, (long long)((const uint8_t*)a->data)[k]); break;
    }
    buf[len++] = (k + 1) % (size_t)a->n_comp == 0 ? '\n' : ' ';
    fwrite(buf, 1, (size_t)len, f);
  }
}

/* One DataArray element at indentation depth (in units of two spaces): ascii
 * values, or the codec's base64 text (io/vtk_codec.h) inline. */
static int write_data_array(FILE* f, const vtk_array* a, int depth, int is_field, int enc, nsb_vtk_codec* codec) {
  static const char spaces[] = "                    ";
  NSB_ASSERT(a->name && !strpbrk(a->name, "\"<>&'"));
  NSB_ASSERT(a->n_comp >= 1 && (a->data || a->n_tuples == 0));
  NSB_ASSERT(depth >= 0 && 2 * depth + 2 < (int)sizeof spaces);
  const char* indent = spaces + sizeof spaces - 1 - 2 * depth;
  fprintf(f, "%s<DataArray type=\"%s\" Name=\"%s\" NumberOfComponents=\"%d\"", indent, type_name(a->type), a->name,
          a->n_comp);
  for (int c = 0; a->comp_names && c < a->n_comp; ++c) {
    NSB_ASSERT(a->comp_names[c] && !strpbrk(a->comp_names[c], "\"<>&'"));
    fprintf(f, " ComponentName%d=\"%s\"", c, a->comp_names[c]);
  }
  if (is_field) fprintf(f, " NumberOfTuples=\"%zu\"", a->n_tuples);
  if (enc == NSB_VTK_ASCII) {
    fputs(" format=\"ascii\">\n", f);
    write_ascii_values(f, a, indent - 2);
  } else {
    fprintf(f, " format=\"binary\">\n%s  ", indent);
    if (nsb_vtk_codec_write(codec, f, a->data, array_bytes(a)) != 0) return -1;
    fputc('\n', f);
  }
  fprintf(f, "%s</DataArray>\n", indent);
  return 0;
}

static int write_section(FILE* f, const vtk_grid* g, int sec, int enc, nsb_vtk_codec* codec) {
  if (g->n_arrays[sec] == 0 && sec != SEC_POINTS && sec != SEC_CELLS) return 0;
  int depth = sec == SEC_FIELD ? 2 : 3; /* FieldData in <UnstructuredGrid>, the others in <Piece> */
  const char* indent = sec == SEC_FIELD ? "    " : "      ";
  fprintf(f, "%s<%s>\n", indent, section_tag[sec]);
  for (int i = 0; i < g->n_arrays[sec]; ++i)
    if (write_data_array(f, &g->arrays[sec][i], depth + 1, sec == SEC_FIELD, enc, codec) != 0) return -1;
  fprintf(f, "%s</%s>\n", indent, section_tag[sec]);
  return 0;
}

/// Write grid g as one .vtu: to tmp (a temporary name in the same directory),
/// then renamed to path, so that path is either absent or complete at every
/// instant.  Errors: NSB_ERR_IO with the path and the OS error (the
/// temporary is removed).
static int write_grid(nsb_ctx* ctx, const char* path, const char* tmp, const vtk_grid* g, int enc,
                      nsb_vtk_codec* codec) {
  FILE* f = fopen(tmp, "wb");
  NSB_CHECK(ctx, f, NSB_ERR_IO, "cannot open '%s' for writing: %s", tmp, strerror(errno));
  fprintf(f,
          "<?xml version=\"1.0\"?>\n"
          "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\"%s>\n"
          "  <UnstructuredGrid>\n",
          host_is_little_endian() ? "LittleEndian" : "BigEndian",
          enc != NSB_VTK_ASCII && nsb_vtk_codec_compressed(codec) ? " compressor=\"vtkZLibDataCompressor\"" : "");
  int bad = write_section(f, g, SEC_FIELD, enc, codec) != 0;
  fprintf(f, "    <Piece NumberOfPoints=\"%zu\" NumberOfCells=\"%zu\">\n", g->n_points, g->n_cells);
  for (int sec = SEC_FIELD + 1; sec < N_SEC && !bad; ++sec) bad = write_section(f, g, sec, enc, codec) != 0;
  fputs("    </Piece>\n  </UnstructuredGrid>\n", f);
  fputs("</VTKFile>\n", f);
  bad = bad || ferror(f);
  int err = nsb_atomic_commit(f, tmp, path, bad, bad ? errno : 0);
  if (err)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "error writing '%s': %s", path, strerror(err));
  return NSB_OK;
}

/* ---- series: one .pvd collection and the names of its .vtu files ---------- */

enum { COPY_BUF_SIZE = 8192 };
/* Room in a path buffer after "dir/stem": "_" + up to 20 digits + ".vtu.tmp" + NUL. */
enum { PATH_SLACK = 40 };

static const char pvd_header[] = "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n  <Collection>\n";
static const char pvd_footer[] = "  </Collection>\n</VTKFile>\n";

/// dir/stem.pvd listing dir/stem_NNNNNN.vtu.  vtu_path keeps the prefix
/// "dir/stem" between steps; series_vtu() appends "_NNNNNN.vtu".  Before the
/// first step vtu_path is also the scratch for make_dirs().
typedef struct vtk_series {
  size_t path_size;  /* size of each path buffer below */
  size_t dir_len;    /* vtu_path[dir_len] is the '/' before the file name */
  size_t prefix_len; /* strlen("dir/stem") */
  char* pvd_path;    /* dir/stem.pvd */
  char* tmp_path;    /* dir/stem.pvd.tmp */
  char* vtu_path;    /* dir/stem_NNNNNN.vtu of the step being written */
  char* vtu_tmp;     /* dir/stem_NNNNNN.vtu.tmp: where it is written before the rename */
  long body_bytes;   /* bytes of the current .pvd before the footer (header + entries) */
} vtk_series;

/* Length of dir without trailing '/' ("out/" -> "out", "/" stays). */
static size_t trimmed_dir_len(const char* dir) {
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/') --n;
  return n;
}

/// Allocate and fill the paths of the series stem = base + suffix.  On
/// NSB_ERR_ALLOC the buffers already allocated stay in s for series_free().
static int series_alloc(nsb_ctx* ctx, vtk_series* s, const char* dir, const char* base, const char* suffix) {
  s->dir_len = trimmed_dir_len(dir);
  s->path_size = s->dir_len + 1 + strlen(base) + strlen(suffix) + PATH_SLACK;
  s->pvd_path = nsb_alloc(ctx, s->path_size);
  s->tmp_path = nsb_alloc(ctx, s->path_size);
  s->vtu_path = nsb_alloc(ctx, s->path_size);
  s->vtu_tmp = nsb_alloc(ctx, s->path_size);
  if (!s->pvd_path || !s->tmp_path || !s->vtu_path || !s->vtu_tmp) return NSB_ERR_ALLOC;
  int d = (int)s->dir_len;
  snprintf(s->pvd_path, s->path_size, "%.*s/%s%s.pvd", d, dir, base, suffix);
  snprintf(s->tmp_path, s->path_size, "%.*s/%s%s.pvd.tmp", d, dir, base, suffix);
  s->prefix_len = (size_t)snprintf(s->vtu_path, s->path_size, "%.*s/%s%s", d, dir, base, suffix);
  return NSB_OK;
}

static void series_free(nsb_ctx* ctx, vtk_series* s) {
  nsb_free(ctx, s->pvd_path, s->path_size);
  nsb_free(ctx, s->tmp_path, s->path_size);
  nsb_free(ctx, s->vtu_path, s->path_size);
  nsb_free(ctx, s->vtu_tmp, s->path_size);
  s->pvd_path = s->tmp_path = s->vtu_path = s->vtu_tmp = NULL;
}

/* Path of the .vtu of step (kept in s->vtu_path until the next call) and its
   temporary name s->vtu_tmp. */
static const char* series_vtu(vtk_series* s, int step) {
  snprintf(s->vtu_path + s->prefix_len, s->path_size - s->prefix_len, "_%06d.vtu", step);
  snprintf(s->vtu_tmp, s->path_size, "%s.tmp", s->vtu_path);
  return s->vtu_path;
}

/* mkdir -p on the directory part of the series paths. */
static int make_dirs(nsb_ctx* ctx, vtk_series* s) {
  char* path = s->vtu_path;
  size_t n = s->dir_len;
  NSB_ASSERT(path[n] == '/');
  path[n] = '\0';
  int status = NSB_OK;
  for (size_t i = 1; i <= n && status == NSB_OK; ++i) {
    if (path[i] != '/' && path[i] != '\0') continue;
    char c = path[i];
    path[i] = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      int err = errno;
      status = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot create output directory '%s': %s",
                             path, strerror(err));
    }
    path[i] = c;
  }
  struct stat st;
  if (status == NSB_OK && !(stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
    status = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "output directory '%s' is not a directory",
                           path);
  path[n] = '/';
  return status;
}

/* Finish the temporary .pvd (footer, close) and rename it over the .pvd.
 * Consumes tmp (closed on every path); on failure the temporary is removed. */
static int pvd_commit(nsb_ctx* ctx, const vtk_series* s, FILE* tmp) {
  fputs(pvd_footer, tmp);
  int bad = ferror(tmp);
  int err = nsb_atomic_commit(tmp, s->tmp_path, s->pvd_path, bad, bad ? errno : 0);
  if (err)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "error writing '%s': %s", s->pvd_path,
                         strerror(err));
  return NSB_OK;
}

/// Write a .pvd with no steps.
static int pvd_init(nsb_ctx* ctx, vtk_series* s) {
  FILE* tmp = fopen(s->tmp_path, "wb");
  NSB_CHECK(ctx, tmp, NSB_ERR_IO, "cannot open '%s' for writing: %s", s->tmp_path, strerror(errno));
  fputs(pvd_header, tmp);
  NSB_CALL(pvd_commit(ctx, s, tmp));
  s->body_bytes = (long)(sizeof pvd_header - 1);
  return NSB_OK;
}

/// Start the .pvd: empty (keep = 0), or continuing an earlier run's (restart):
/// its first keep bytes (header and the entries to keep) and the footer.
static int series_start(nsb_ctx* ctx, vtk_series* s, char* copy_buf, long keep);

/// Rewrite the .pvd as its first keep bytes (header and the entries to keep)
/// plus, if time is not NULL, one <DataSet> for the current s->vtu_path; then
/// close and rename.  keep = s->body_bytes appends a step; keep = the value
/// before the last append removes that step again.  copy_buf: COPY_BUF_SIZE
/// bytes of scratch.  On failure the .pvd is unchanged.
static int pvd_rewrite(nsb_ctx* ctx, vtk_series* s, char* copy_buf, long keep, const double* time) {
  NSB_ASSERT(keep >= (long)(sizeof pvd_header - 1) && keep <= s->body_bytes);
  const char* file = s->vtu_path + s->dir_len + 1;
  NSB_ASSERT(!strpbrk(file, "\"<>&'"));
  FILE* in = fopen(s->pvd_path, "rb");
  NSB_CHECK(ctx, in, NSB_ERR_IO, "cannot reopen '%s': %s", s->pvd_path, strerror(errno));
  FILE* tmp = fopen(s->tmp_path, "wb");
  if (!tmp) {
    int err = errno;
    fclose(in);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot open '%s' for writing: %s",
                         s->tmp_path, strerror(err));
  }
  long left = keep;
  while (left > 0) {
    size_t chunk = left < COPY_BUF_SIZE ? (size_t)left : COPY_BUF_SIZE;
    size_t got = fread(copy_buf, 1, chunk, in);
    if (got != chunk) break;
    fwrite(copy_buf, 1, got, tmp);
    left -= (long)got;
  }
  fclose(in);
  if (left > 0) {
    fclose(tmp);
    remove(s->tmp_path);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__,
                         "'%s' is shorter than written (changed by another program?)", s->pvd_path);
  }
  int n = 0;
  if (time) n = fprintf(tmp, "    <DataSet timestep=\"%.17g\" group=\"\" part=\"0\" file=\"%s\"/>\n", *time, file);
  if (n < 0) n = 0; /* the error is caught by ferror in pvd_commit */
  NSB_CALL(pvd_commit(ctx, s, tmp));
  s->body_bytes = keep + n;
  return NSB_OK;
}

static int series_start(nsb_ctx* ctx, vtk_series* s, char* copy_buf, long keep) {
  if (keep <= 0) return pvd_init(ctx, s);
  NSB_CHECK(ctx, keep >= (long)(sizeof pvd_header - 1), NSB_ERR_ARG, "'%s': cannot continue from %ld bytes",
            s->pvd_path, keep);
  s->body_bytes = keep;
  return pvd_rewrite(ctx, s, copy_buf, keep, NULL);
}

/* Checks shared by both create functions. */
static int check_names(nsb_ctx* ctx, const char* dir, const char* base, int ascii) {
  NSB_CHECK(ctx, dir && dir[0], NSB_ERR_ARG, "VTK output directory is empty");
  NSB_CHECK(ctx, base && base[0] && !strpbrk(base, "/\"<>&'"), NSB_ERR_ARG,
            "VTK file name stem '%s' is empty or contains one of / \" < > & '", base ? base : "(null)");
  NSB_CHECK(ctx, ascii >= NSB_VTK_BINARY && ascii <= NSB_VTK_BASE64, NSB_ERR_ARG,
            "VTK encoding must be NSB_VTK_BINARY, NSB_VTK_ASCII or NSB_VTK_BASE64, got %d", ascii);
  return NSB_OK;
}

/* Section/body axes e_k = R(q) E_k, the columns of R(q), after normalising q
 * (NULL or a zero quaternion counts as identity; NaN propagates so a diverged
 * run shows). */
static void fill_axes(double* e1, double* e2, double* e3, const double* q, int n) {
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

/* Field data shared by every grid: the frame time. */
static vtk_array time_value(const double* time) {
  vtk_array a = {"TimeValue", VTK_T_FLOAT64, 1, 1, time, NULL};
  return a;
}

/* Field data of a mode-shape frame: its natural frequency (cycles per unit
   time), written only when the frame has one. */
static vtk_array frequency_value(const double* freq) {
  vtk_array a = {"Frequency", VTK_T_FLOAT64, 1, 1, freq, NULL};
  return a;
}

/* ---- body writer ---------------------------------------------------------- */

struct nsb_vtk_writer {
  nsb_ctx* ctx;          /* borrowed */
  int ascii;             /* the encoding, NSB_VTK_* */
  nsb_vtk_codec* codec;  /* binary encodings: base64, zlib */
  int max_points, max_lines;
  int n_steps;
  vtk_series series;     /* dir/base.pvd, dir/base_NNNNNN.vtu */
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

void nsb_vtk_writer_destroy(nsb_vtk_writer** pw) {
  if (!pw || !*pw) return;
  nsb_vtk_writer* w = *pw;
  nsb_ctx* ctx = w->ctx;
  nsb_vtk_codec_destroy(ctx, &w->codec);
  size_t np = (size_t)w->max_points, nc = max_cells(w);
  series_free(ctx, &w->series);
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

int nsb_vtk_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points, int max_lines,
                          nsb_vtk_writer** out) {
  return nsb_vtk_writer_create_resume(ctx, dir, base, ascii, max_points, max_lines, NULL, out);
}

int nsb_vtk_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                                 int max_lines, const nsb_vtk_resume* r, nsb_vtk_writer** out) {
  NSB_ASSERT(ctx && out);
  *out = NULL;
  NSB_CALL(check_names(ctx, dir, base, ascii));
  NSB_CHECK(ctx, max_points >= 0 && max_lines >= 0, NSB_ERR_ARG, "VTK capacities must be >= 0 (max_points %d, max_lines %d)",
            max_points, max_lines);

  nsb_vtk_writer* w = nsb_alloc(ctx, sizeof *w);
  if (!w) return NSB_ERR_ALLOC;
  w->ctx = ctx;
  w->ascii = ascii;
  w->max_points = max_points;
  w->max_lines = max_lines;

  size_t np = (size_t)max_points, nc = max_cells(w);
  int status = series_alloc(ctx, &w->series, dir, base, "");
  w->copy_buf = nsb_alloc(ctx, COPY_BUF_SIZE);
  w->zeros = NSB_NEW_ARRAY(ctx, 3 * np, double);
  w->identity_q = NSB_NEW_ARRAY(ctx, 4 * np, double);
  w->axes = NSB_NEW_ARRAY(ctx, 9 * np, double);
  w->connectivity = NSB_NEW_ARRAY(ctx, nc + (size_t)max_lines, int64_t);
  w->offsets = NSB_NEW_ARRAY(ctx, nc, int64_t);
  w->types = NSB_NEW_ARRAY(ctx, nc, uint8_t);
  w->cell_kind = NSB_NEW_ARRAY(ctx, nc, int32_t);
  size_t big = 9 * np > nc + (size_t)max_lines ? 9 * np : nc + (size_t)max_lines; /* the largest array, words */
  if (status == NSB_OK) status = nsb_vtk_codec_create(ctx, ascii == NSB_VTK_BINARY ? NSB_VTK_ZLIB_LEVEL : 0,
                                                      8 * (uint64_t)big, &w->codec);
  if (status != NSB_OK || !w->copy_buf || !w->zeros || !w->identity_q || !w->axes || !w->connectivity ||
      !w->offsets || !w->types || !w->cell_kind) {
    nsb_vtk_writer_destroy(&w);
    return NSB_ERR_ALLOC;
  }
  for (size_t i = 0; i < np; ++i) w->identity_q[4 * i] = 1.0;

  status = make_dirs(ctx, &w->series);
  if (status == NSB_OK) status = series_start(ctx, &w->series, w->copy_buf, r ? r->pvd_bytes : 0);
  if (status == NSB_OK && r) w->n_steps = r->n_steps;
  if (status != NSB_OK) {
    nsb_vtk_writer_destroy(&w);
    return status;
  }
  *out = w;
  return NSB_OK;
}

const char* nsb_vtk_pvd_path(const nsb_vtk_writer* w) { return w->series.pvd_path; }
int nsb_vtk_n_steps(const nsb_vtk_writer* w) { return w->n_steps; }
nsb_vtk_resume nsb_vtk_resume_point(const nsb_vtk_writer* w) {
  nsb_vtk_resume r = {w->n_steps, w->series.body_bytes, 0};
  return r;
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

  size_t np = (size_t)n, nc = (size_t)n + (size_t)m, cap = (size_t)w->max_points;
  fill_axes(w->axes, w->axes + 3 * cap, w->axes + 6 * cap, f->q, n);
  fill_cells(w, f);

  const vtk_array field[] = {time_value(&f->time), frequency_value(f->frequency)};
  const int n_field = f->frequency ? 2 : 1;
  const vtk_array point_data[] = {
      {"displacement", VTK_T_FLOAT64, 3, np, f->u ? f->u : w->zeros, NULL},
      {"velocity", VTK_T_FLOAT64, 3, np, f->v, NULL},
      {"angular_velocity", VTK_T_FLOAT64, 3, np, f->w ? f->w : w->zeros, NULL},
      {"quaternion", VTK_T_FLOAT64, 4, np, f->q ? f->q : w->identity_q, NULL},
      {"e1", VTK_T_FLOAT64, 3, np, w->axes, NULL},
      {"e2", VTK_T_FLOAT64, 3, np, w->axes + 3 * cap, NULL},
      {"e3", VTK_T_FLOAT64, 3, np, w->axes + 6 * cap, NULL},
      {"mass", VTK_T_FLOAT64, 1, np, f->mass, NULL},
      {"radius", VTK_T_FLOAT64, 1, np, f->radius, NULL},
      {"reaction_force", VTK_T_FLOAT64, 3, np, f->rf ? f->rf : w->zeros, NULL},
      {"reaction_moment", VTK_T_FLOAT64, 3, np, f->rm ? f->rm : w->zeros, NULL},
      {"label", VTK_T_INT32, 1, np, f->label, NULL},
      {"kind", VTK_T_INT32, 1, np, f->kind, NULL},
  };
  const vtk_array cell_data[] = {{"kind", VTK_T_INT32, 1, nc, w->cell_kind, NULL}};
  const vtk_array points[] = {{"Points", VTK_T_FLOAT64, 3, np, f->x, NULL}};
  const vtk_array cells[] = {
      {"connectivity", VTK_T_INT64, 1, np + 2 * (size_t)m, w->connectivity, NULL},
      {"offsets", VTK_T_INT64, 1, nc, w->offsets, NULL},
      {"types", VTK_T_UINT8, 1, nc, w->types, NULL},
  };
  vtk_grid g = {np, nc, {field, point_data, cell_data, points, cells},
                {n_field, (int)(sizeof point_data / sizeof point_data[0]), 1, 1, 3}};

  NSB_CALL(write_grid(ctx, series_vtu(&w->series, w->n_steps), w->series.vtu_tmp, &g, w->ascii, w->codec));
  NSB_CALL(pvd_rewrite(ctx, &w->series, w->copy_buf, w->series.body_bytes, &f->time));
  w->n_steps++;
  return NSB_OK;
}

/* ---- beam writer ------------------------------------------------------------- */

/* Component names of the section-frame arrays, as ParaView shows them in the
 * colouring drop-down (instead of X, Y, Z / 0..5). */
static const char* const strain_names[6] = {"gamma1", "gamma2", "gamma3", "kappa1", "kappa2", "kappa3"};
static const char* const force_section_names[3] = {"axial", "shear2", "shear3"};
static const char* const moment_section_names[3] = {"torsion", "bending2", "bending3"};

/* Surface point arrays copied from the ring's axis point, in file order; the
 * 3-component ones live in surf_data at k * 3 * cap_sp, strain after them. */
enum { SURF_U, SURF_V, SURF_N_LOCAL, SURF_M_LOCAL, SURF_E1, SURF_E2, SURF_E3, N_SURF_VEC3 };

struct nsb_vtk_beam_writer {
  nsb_vtk_codec* codec;  /* binary encodings: base64, zlib */
  nsb_ctx* ctx; /* borrowed */
  int ascii;
  int max_points, max_lines, ring;
  int n_steps;
  size_t cap_sp;          /* surface points: max_points * max(ring, 4) */
  size_t cap_sc;          /* surface cells: cap_sp quads + 2 max_lines caps */
  size_t cap_sk;          /* surface connectivity: 4 cap_sp + 2 max_lines max(ring, 4) */
  vtk_series axis;        /* dir/base.pvd */
  vtk_series surface;     /* dir/base_surface.pvd */
  char* copy_buf;         /* COPY_BUF_SIZE, shared by both series */
  double* zeros;          /* 6 max_points: optional arrays when NULL */
  double* axes;           /* 9 max_points: e1 | e2 | e3 */
  double* ring_cs;        /* 2 ring: cos, sin of 2 pi k / ring */
  int64_t* line_conn;     /* max_points */
  int64_t* line_offsets;  /* max_lines */
  uint8_t* line_types;    /* max_lines */
  double* surf_x;         /* 3 cap_sp */
  double* surf_data;      /* (3 N_SURF_VEC3 + 6) cap_sp */
  int64_t* surf_conn;     /* cap_sk */
  int64_t* surf_offsets;  /* cap_sc */
  uint8_t* surf_types;    /* cap_sc */
  int32_t* surf_element;  /* cap_sc */
};

static int ring_max(int ring) { return ring > 4 ? ring : 4; }

void nsb_vtk_beam_writer_destroy(nsb_vtk_beam_writer** pw) {
  if (!pw || !*pw) return;
  nsb_vtk_beam_writer* w = *pw;
  nsb_ctx* ctx = w->ctx;
  nsb_vtk_codec_destroy(ctx, &w->codec);
  size_t np = (size_t)w->max_points, nl = (size_t)w->max_lines;
  series_free(ctx, &w->axis);
  series_free(ctx, &w->surface);
  nsb_free(ctx, w->copy_buf, COPY_BUF_SIZE);
  NSB_FREE_ARRAY(ctx, w->zeros, 6 * np, double);
  NSB_FREE_ARRAY(ctx, w->axes, 9 * np, double);
  NSB_FREE_ARRAY(ctx, w->ring_cs, 2 * (size_t)w->ring, double);
  NSB_FREE_ARRAY(ctx, w->line_conn, np, int64_t);
  NSB_FREE_ARRAY(ctx, w->line_offsets, nl, int64_t);
  NSB_FREE_ARRAY(ctx, w->line_types, nl, uint8_t);
  NSB_FREE_ARRAY(ctx, w->surf_x, 3 * w->cap_sp, double);
  NSB_FREE_ARRAY(ctx, w->surf_data, (3 * N_SURF_VEC3 + 6) * w->cap_sp, double);
  NSB_FREE_ARRAY(ctx, w->surf_conn, w->cap_sk, int64_t);
  NSB_FREE_ARRAY(ctx, w->surf_offsets, w->cap_sc, int64_t);
  NSB_FREE_ARRAY(ctx, w->surf_types, w->cap_sc, uint8_t);
  NSB_FREE_ARRAY(ctx, w->surf_element, w->cap_sc, int32_t);
  nsb_free(ctx, w, sizeof *w);
  *pw = NULL;
}

int nsb_vtk_beam_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                               int max_lines, int ring, nsb_vtk_beam_writer** out) {
  return nsb_vtk_beam_writer_create_resume(ctx, dir, base, ascii, max_points, max_lines, ring, NULL, out);
}

int nsb_vtk_beam_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_points,
                                      int max_lines, int ring, const nsb_vtk_resume* r, nsb_vtk_beam_writer** out) {
  NSB_ASSERT(ctx && out);
  *out = NULL;
  NSB_CALL(check_names(ctx, dir, base, ascii));
  NSB_CHECK(ctx, max_points >= 0 && max_lines >= 0, NSB_ERR_ARG,
            "VTK beam capacities must be >= 0 (max_points %d, max_lines %d)", max_points, max_lines);
  NSB_CHECK(ctx, ring >= 3, NSB_ERR_ARG, "VTK beam ring must have at least 3 points, got %d", ring);

  nsb_vtk_beam_writer* w = nsb_alloc(ctx, sizeof *w);
  if (!w) return NSB_ERR_ALLOC;
  w->ctx = ctx;
  w->ascii = ascii;
  w->max_points = max_points;
  w->max_lines = max_lines;
  w->ring = ring;
  size_t np = (size_t)max_points, nl = (size_t)max_lines, rm = (size_t)ring_max(ring);
  /* Bounds for a frame whose n <= max_points points are split into m <=
   * max_lines elements: sum n_e r_e <= n rm vertices, sum (n_e - 1) r_e <= n rm
   * quads, 2 m caps of <= rm vertices each. */
  w->cap_sp = np * rm;
  w->cap_sc = w->cap_sp + 2 * nl;
  w->cap_sk = 4 * w->cap_sp + 2 * nl * rm;

  int status = series_alloc(ctx, &w->axis, dir, base, "");
  if (status == NSB_OK) status = series_alloc(ctx, &w->surface, dir, base, "_surface");
  w->copy_buf = nsb_alloc(ctx, COPY_BUF_SIZE);
  w->zeros = NSB_NEW_ARRAY(ctx, 6 * np, double);
  w->axes = NSB_NEW_ARRAY(ctx, 9 * np, double);
  w->ring_cs = NSB_NEW_ARRAY(ctx, 2 * (size_t)ring, double);
  w->line_conn = NSB_NEW_ARRAY(ctx, np, int64_t);
  w->line_offsets = NSB_NEW_ARRAY(ctx, nl, int64_t);
  w->line_types = NSB_NEW_ARRAY(ctx, nl, uint8_t);
  w->surf_x = NSB_NEW_ARRAY(ctx, 3 * w->cap_sp, double);
  w->surf_data = NSB_NEW_ARRAY(ctx, (3 * N_SURF_VEC3 + 6) * w->cap_sp, double);
  w->surf_conn = NSB_NEW_ARRAY(ctx, w->cap_sk, int64_t);
  w->surf_offsets = NSB_NEW_ARRAY(ctx, w->cap_sc, int64_t);
  w->surf_types = NSB_NEW_ARRAY(ctx, w->cap_sc, uint8_t);
  w->surf_element = NSB_NEW_ARRAY(ctx, w->cap_sc, int32_t);
  size_t big = 6 * w->cap_sp > w->cap_sk ? 6 * w->cap_sp : w->cap_sk; /* the largest array, words */
  if (status == NSB_OK) status = nsb_vtk_codec_create(ctx, ascii == NSB_VTK_BINARY ? NSB_VTK_ZLIB_LEVEL : 0,
                                                      8 * (uint64_t)big, &w->codec);
  if (status != NSB_OK || !w->copy_buf || !w->zeros || !w->axes || !w->ring_cs || !w->line_conn ||
      !w->line_offsets || !w->line_types || !w->surf_x || !w->surf_data || !w->surf_conn || !w->surf_offsets ||
      !w->surf_types || !w->surf_element) {
    nsb_vtk_beam_writer_destroy(&w);
    return NSB_ERR_ALLOC;
  }
  /* Ring table once here, so a write evaluates no trigonometry. */
  const double two_pi = 6.283185307179586476925286766559;
  for (int k = 0; k < ring; ++k) {
    w->ring_cs[2 * k] = cos(two_pi * k / ring);
    w->ring_cs[2 * k + 1] = sin(two_pi * k / ring);
  }
  /* Each element's polyline runs through its own points in order, and the
   * elements partition the points, so the connectivity is 0, 1, ..., n - 1. */
  for (size_t i = 0; i < np; ++i) w->line_conn[i] = (int64_t)i;

  status = make_dirs(ctx, &w->axis);
  if (status == NSB_OK) status = series_start(ctx, &w->axis, w->copy_buf, r ? r->pvd_bytes : 0);
  if (status == NSB_OK) status = series_start(ctx, &w->surface, w->copy_buf, r ? r->surface_bytes : 0);
  if (status == NSB_OK && r) w->n_steps = r->n_steps;
  if (status != NSB_OK) {
    nsb_vtk_beam_writer_destroy(&w);
    return status;
  }
  *out = w;
  return NSB_OK;
}

const char* nsb_vtk_beam_pvd_path(const nsb_vtk_beam_writer* w) { return w->axis.pvd_path; }
const char* nsb_vtk_beam_surface_pvd_path(const nsb_vtk_beam_writer* w) { return w->surface.pvd_path; }
int nsb_vtk_beam_n_steps(const nsb_vtk_beam_writer* w) { return w->n_steps; }
nsb_vtk_resume nsb_vtk_beam_resume_point(const nsb_vtk_beam_writer* w) {
  nsb_vtk_resume r = {w->n_steps, w->axis.body_bytes, w->surface.body_bytes};
  return r;
}

/* Is d a usable section length? */
static int good_length(double d) { return isfinite(d) && d >= 0.0; }

/// Argument checks of nsb_vtk_write_beams (everything a caller can get wrong).
static int check_beam_frame(const nsb_vtk_beam_writer* w, const nsb_vtk_beam_frame* f) {
  nsb_ctx* ctx = w->ctx;
  int n = f->n_points, m = f->n_lines;
  NSB_CHECK(ctx, n >= 0 && n <= w->max_points, NSB_ERR_ARG,
            "VTK beam frame has %d points, the writer holds at most %d", n, w->max_points);
  NSB_CHECK(ctx, m >= 0 && m <= w->max_lines, NSB_ERR_ARG,
            "VTK beam frame has %d elements, the writer holds at most %d", m, w->max_lines);
  NSB_CHECK(ctx, n == 0 || (f->x && f->v && f->q), NSB_ERR_ARG, "VTK beam frame: x, v and q must not be NULL");
  NSB_CHECK(ctx, m == 0 || (f->line_start && f->elem_label && f->shape && f->dims), NSB_ERR_ARG,
            "VTK beam frame: line_start, elem_label, shape and dims must not be NULL");
  NSB_CHECK(ctx, m > 0 || n == 0, NSB_ERR_ARG, "VTK beam frame: %d points but no elements", n);
  for (int e = 0; e < m; ++e) {
    long long a = f->line_start[e], b = f->line_start[e + 1];
    NSB_CHECK(ctx, e > 0 || a == 0, NSB_ERR_ARG, "VTK beam frame: line_start[0] = %lld, must be 0", a);
    NSB_CHECK(ctx, b - a >= 2 && b <= n, NSB_ERR_ARG,
              "VTK beam frame: element %d has points [%lld, %lld) of %d; each needs at least 2, in order", e, a, b, n);
    int s = f->shape[e];
    const double* d = f->dims + 2 * e;
    NSB_CHECK(ctx, s >= NSB_VTK_SECTION_GENERAL && s <= NSB_VTK_SECTION_PIPE, NSB_ERR_ARG,
              "VTK beam frame: element %d has unknown section shape %d", e, s);
    NSB_CHECK(ctx, good_length(d[0]) && (s != NSB_VTK_SECTION_RECT || good_length(d[1])), NSB_ERR_ARG,
              "VTK beam frame: element %d has section dims (%g, %g); lengths must be finite and >= 0", e, d[0], d[1]);
  }
  NSB_CHECK(ctx, m == 0 || f->line_start[m] == n, NSB_ERR_ARG,
            "VTK beam frame: elements end at point %d, frame has %d points", m ? f->line_start[m] : 0, n);
  NSB_CHECK(ctx, isfinite(f->time), NSB_ERR_NOT_FINITE, "VTK beam frame time is not finite");
  NSB_CHECK(ctx, w->n_steps < INT_MAX, NSB_ERR_ARG, "VTK beam writer step counter overflow");
  return NSB_OK;
}

/* Position of ring vertex k in the section plane, as coordinates (a, b) on
 * (G2, G3): rectangle corners (+,+) (-,+) (-,-) (+,-) (counter-clockwise
 * about G1, like the circle), else radius r at angle 2 pi k / ring. */
static void ring_coords(const nsb_vtk_beam_writer* w, int shape, const double* dims, int k, double* a, double* b) {
  if (shape == NSB_VTK_SECTION_RECT) {
    *a = (k == 0 || k == 3 ? 0.5 : -0.5) * dims[0];
    *b = (k < 2 ? 0.5 : -0.5) * dims[1];
  } else {
    *a = dims[0] * w->ring_cs[2 * k];
    *b = dims[0] * w->ring_cs[2 * k + 1];
  }
}

typedef struct surf_counts {
  size_t points, cells, conn;
} surf_counts;

/// Fill the swept surface (points, copied point data, cells) from the frame
/// and the section axes already in w->axes.
///   vertex (i, k) = x_i + a_k G2_i + b_k G3_i
///   quad  (ring j, k) = (j,k) (j,k+1) (j+1,k+1) (j+1,k): with the ring
///         counter-clockwise about G1 and G1 pointing to the next ring, the
///         normal (right-hand rule) points outwards;
///   caps: first ring reversed (normal -G1), last ring in order (normal +G1).
static surf_counts fill_surface(const nsb_vtk_beam_writer* w, const nsb_vtk_beam_frame* f) {
  size_t cap = (size_t)w->max_points, csp = w->cap_sp;
  const double* e2 = w->axes + 3 * cap;
  const double* e3 = w->axes + 6 * cap;
  const double* src[N_SURF_VEC3] = {f->u ? f->u : w->zeros,
                                    f->v,
                                    f->force_local ? f->force_local : w->zeros,
                                    f->moment_local ? f->moment_local : w->zeros,
                                    w->axes,
                                    e2,
                                    e3};
  const double* strain = f->strain ? f->strain : w->zeros;
  double* surf_strain = w->surf_data + 3 * N_SURF_VEC3 * csp;
  surf_counts c = {0, 0, 0};
  for (int e = 0; e < f->n_lines; ++e) {
    int shape = f->shape[e];
    const double* dims = f->dims + 2 * e;
    int r = shape == NSB_VTK_SECTION_RECT ? 4 : w->ring;
    int n_e = f->line_start[e + 1] - f->line_start[e];
    size_t first = c.points;
    for (int i = f->line_start[e]; i < f->line_start[e + 1]; ++i) {
      nsb_vec3 x = nsb_v3_load(f->x + 3 * i), g2 = nsb_v3_load(e2 + 3 * i), g3 = nsb_v3_load(e3 + 3 * i);
      for (int k = 0; k < r; ++k, ++c.points) {
        double a, b;
        ring_coords(w, shape, dims, k, &a, &b);
        nsb_v3_store(nsb_v3_add(x, nsb_v3_add(nsb_v3_scale(a, g2), nsb_v3_scale(b, g3))), w->surf_x + 3 * c.points);
        for (int j = 0; j < N_SURF_VEC3; ++j)
          memcpy(w->surf_data + 3 * (j * csp + c.points), src[j] + 3 * i, 3 * sizeof(double));
        memcpy(surf_strain + 6 * c.points, strain + 6 * i, 6 * sizeof(double));
      }
    }
    for (int j = 0; j + 1 < n_e; ++j) {
      int64_t ring0 = (int64_t)(first + (size_t)j * (size_t)r), ring1 = ring0 + r;
      for (int k = 0; k < r; ++k) {
        int k1 = k + 1 == r ? 0 : k + 1;
        int64_t* q = w->surf_conn + c.conn;
        q[0] = ring0 + k;
        q[1] = ring0 + k1;
        q[2] = ring1 + k1;
        q[3] = ring1 + k;
        c.conn += 4;
        w->surf_offsets[c.cells] = (int64_t)c.conn;
        w->surf_types[c.cells] = VTK_QUAD;
        w->surf_element[c.cells++] = f->elem_label[e];
      }
    }
    int64_t last = (int64_t)(first + (size_t)(n_e - 1) * (size_t)r);
    for (int k = 0; k < r; ++k) w->surf_conn[c.conn++] = (int64_t)first + (r - 1 - k);
    w->surf_offsets[c.cells] = (int64_t)c.conn;
    w->surf_types[c.cells] = VTK_POLYGON;
    w->surf_element[c.cells++] = f->elem_label[e];
    for (int k = 0; k < r; ++k) w->surf_conn[c.conn++] = last + k;
    w->surf_offsets[c.cells] = (int64_t)c.conn;
    w->surf_types[c.cells] = VTK_POLYGON;
    w->surf_element[c.cells++] = f->elem_label[e];
  }
  NSB_ASSERT(c.points <= w->cap_sp && c.cells <= w->cap_sc && c.conn <= w->cap_sk);
  return c;
}

int nsb_vtk_write_beams(nsb_vtk_beam_writer* w, const nsb_vtk_beam_frame* f) {
  NSB_ASSERT(w && f);
  nsb_ctx* ctx = w->ctx;
  NSB_CALL(check_beam_frame(w, f));
  size_t np = (size_t)f->n_points, nl = (size_t)f->n_lines, cap = (size_t)w->max_points, csp = w->cap_sp;

  fill_axes(w->axes, w->axes + 3 * cap, w->axes + 6 * cap, f->q, f->n_points);
  for (int e = 0; e < f->n_lines; ++e) {
    w->line_offsets[e] = f->line_start[e + 1];
    w->line_types[e] = VTK_POLY_LINE;
  }
  surf_counts sc = fill_surface(w, f);

  const vtk_array field[] = {time_value(&f->time), frequency_value(f->frequency)};
  const int n_field = f->frequency ? 2 : 1;
  const double* z = w->zeros;
  const vtk_array axis_point_data[] = {
      {"displacement", VTK_T_FLOAT64, 3, np, f->u ? f->u : z, NULL},
      {"velocity", VTK_T_FLOAT64, 3, np, f->v, NULL},
      {"angular_velocity", VTK_T_FLOAT64, 3, np, f->w ? f->w : z, NULL},
      {"quaternion", VTK_T_FLOAT64, 4, np, f->q, NULL},
      {"e1", VTK_T_FLOAT64, 3, np, w->axes, NULL},
      {"e2", VTK_T_FLOAT64, 3, np, w->axes + 3 * cap, NULL},
      {"e3", VTK_T_FLOAT64, 3, np, w->axes + 6 * cap, NULL},
      {"strain", VTK_T_FLOAT64, 6, np, f->strain ? f->strain : z, strain_names},
      {"force", VTK_T_FLOAT64, 3, np, f->force ? f->force : z, NULL},
      {"moment", VTK_T_FLOAT64, 3, np, f->moment ? f->moment : z, NULL},
      {"force_section", VTK_T_FLOAT64, 3, np, f->force_local ? f->force_local : z, force_section_names},
      {"moment_section", VTK_T_FLOAT64, 3, np, f->moment_local ? f->moment_local : z, moment_section_names},
  };
  const vtk_array axis_cell_data[] = {{"element", VTK_T_INT32, 1, nl, f->elem_label, NULL}};
  const vtk_array axis_points[] = {{"Points", VTK_T_FLOAT64, 3, np, f->x, NULL}};
  const vtk_array axis_cells[] = {
      {"connectivity", VTK_T_INT64, 1, np, w->line_conn, NULL},
      {"offsets", VTK_T_INT64, 1, nl, w->line_offsets, NULL},
      {"types", VTK_T_UINT8, 1, nl, w->line_types, NULL},
  };
  vtk_grid ga = {np, nl, {field, axis_point_data, axis_cell_data, axis_points, axis_cells},
                 {n_field, (int)(sizeof axis_point_data / sizeof axis_point_data[0]), 1, 1, 3}};

  const double* sd = w->surf_data;
  const vtk_array surf_point_data[] = {
      {"displacement", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_U * csp, NULL},
      {"velocity", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_V * csp, NULL},
      {"force_section", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_N_LOCAL * csp, force_section_names},
      {"moment_section", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_M_LOCAL * csp, moment_section_names},
      {"strain", VTK_T_FLOAT64, 6, sc.points, sd + 3 * N_SURF_VEC3 * csp, strain_names},
      {"e1", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_E1 * csp, NULL},
      {"e2", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_E2 * csp, NULL},
      {"e3", VTK_T_FLOAT64, 3, sc.points, sd + 3 * SURF_E3 * csp, NULL},
  };
  const vtk_array surf_cell_data[] = {{"element", VTK_T_INT32, 1, sc.cells, w->surf_element, NULL}};
  const vtk_array surf_points[] = {{"Points", VTK_T_FLOAT64, 3, sc.points, w->surf_x, NULL}};
  const vtk_array surf_cells[] = {
      {"connectivity", VTK_T_INT64, 1, sc.conn, w->surf_conn, NULL},
      {"offsets", VTK_T_INT64, 1, sc.cells, w->surf_offsets, NULL},
      {"types", VTK_T_UINT8, 1, sc.cells, w->surf_types, NULL},
  };
  vtk_grid gs = {sc.points, sc.cells, {field, surf_point_data, surf_cell_data, surf_points, surf_cells},
                 {n_field, (int)(sizeof surf_point_data / sizeof surf_point_data[0]), 1, 1, 3}};

  NSB_CALL(write_grid(ctx, series_vtu(&w->axis, w->n_steps), w->axis.vtu_tmp, &ga, w->ascii, w->codec));
  NSB_CALL(write_grid(ctx, series_vtu(&w->surface, w->n_steps), w->surface.vtu_tmp, &gs, w->ascii, w->codec));
  long axis_keep = w->axis.body_bytes;
  NSB_CALL(pvd_rewrite(ctx, &w->axis, w->copy_buf, axis_keep, &f->time));
  int status = pvd_rewrite(ctx, &w->surface, w->copy_buf, w->surface.body_bytes, &f->time);
  if (status != NSB_OK) {
    /* Take the step out of the axis .pvd again, so both list the same steps;
     * if that fails too, the first error (the surface's) stays recorded. */
    pvd_rewrite(ctx, &w->axis, w->copy_buf, axis_keep, NULL);
    return status;
  }
  w->n_steps++;
  return NSB_OK;
}

/* ---- contact writer ------------------------------------------------------------ */

struct nsb_vtk_contact_writer {
  nsb_vtk_codec* codec;  /* binary encodings: base64, zlib */
  nsb_ctx* ctx;
  int ascii, max_n, n_steps;
  vtk_series series;
  char* copy_buf;
  int64_t* connectivity; /* max_n */
  int64_t* offsets;      /* max_n */
  uint8_t* types;        /* max_n */
};

void nsb_vtk_contact_writer_destroy(nsb_vtk_contact_writer** pw) {
  if (!pw || !*pw) return;
  nsb_vtk_contact_writer* w = *pw;
  size_t n = (size_t)(w->max_n > 0 ? w->max_n : 1);
  nsb_vtk_codec_destroy(w->ctx, &w->codec);
  series_free(w->ctx, &w->series);
  nsb_free(w->ctx, w->copy_buf, COPY_BUF_SIZE);
  NSB_FREE_ARRAY(w->ctx, w->connectivity, n, int64_t);
  NSB_FREE_ARRAY(w->ctx, w->offsets, n, int64_t);
  NSB_FREE_ARRAY(w->ctx, w->types, n, uint8_t);
  nsb_free(w->ctx, w, sizeof *w);
  *pw = NULL;
}

int nsb_vtk_contact_writer_create(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_contacts,
                                  nsb_vtk_contact_writer** out) {
  return nsb_vtk_contact_writer_create_resume(ctx, dir, base, ascii, max_contacts, NULL, out);
}

int nsb_vtk_contact_writer_create_resume(nsb_ctx* ctx, const char* dir, const char* base, int ascii, int max_contacts,
                                         const nsb_vtk_resume* r, nsb_vtk_contact_writer** out) {
  NSB_ASSERT(ctx && out);
  *out = NULL;
  NSB_CALL(check_names(ctx, dir, base, ascii));
  NSB_CHECK(ctx, max_contacts >= 0, NSB_ERR_ARG, "VTK contact capacity must be >= 0, got %d", max_contacts);
  nsb_vtk_contact_writer* w = nsb_alloc(ctx, sizeof *w);
  if (!w) return NSB_ERR_ALLOC;
  memset(w, 0, sizeof *w);
  w->ctx = ctx;
  w->ascii = ascii;
  w->max_n = max_contacts;
  size_t n = (size_t)(max_contacts > 0 ? max_contacts : 1);
  int status = series_alloc(ctx, &w->series, dir, base, "");
  w->copy_buf = nsb_alloc(ctx, COPY_BUF_SIZE);
  w->connectivity = NSB_NEW_ARRAY(ctx, n, int64_t);
  w->offsets = NSB_NEW_ARRAY(ctx, n, int64_t);
  w->types = NSB_NEW_ARRAY(ctx, n, uint8_t);
  if (status == NSB_OK) status = nsb_vtk_codec_create(ctx, ascii == NSB_VTK_BINARY ? NSB_VTK_ZLIB_LEVEL : 0,
                                                      8 * 3 * (uint64_t)n, &w->codec);
  if (status != NSB_OK || !w->copy_buf || !w->connectivity || !w->offsets || !w->types) {
    nsb_vtk_contact_writer_destroy(&w);
    return NSB_ERR_ALLOC;
  }
  for (size_t i = 0; i < n; ++i) {
    w->connectivity[i] = (int64_t)i;
    w->offsets[i] = (int64_t)i + 1;
    w->types[i] = VTK_VERTEX;
  }
  status = make_dirs(ctx, &w->series);
  if (status == NSB_OK) status = series_start(ctx, &w->series, w->copy_buf, r ? r->pvd_bytes : 0);
  if (status == NSB_OK && r) w->n_steps = r->n_steps;
  if (status != NSB_OK) {
    nsb_vtk_contact_writer_destroy(&w);
    return status;
  }
  *out = w;
  return NSB_OK;
}

const char* nsb_vtk_contact_pvd_path(const nsb_vtk_contact_writer* w) { return w->series.pvd_path; }
nsb_vtk_resume nsb_vtk_contact_resume_point(const nsb_vtk_contact_writer* w) {
  nsb_vtk_resume r = {w->n_steps, w->series.body_bytes, 0};
  return r;
}

int nsb_vtk_contact_writer_reserve(nsb_vtk_contact_writer* w, int max_contacts) {
  if (max_contacts <= w->max_n) return NSB_OK;
  size_t o = (size_t)(w->max_n > 0 ? w->max_n : 1), n = (size_t)max_contacts;
  int64_t* c = NSB_NEW_ARRAY(w->ctx, n, int64_t);
  int64_t* f = NSB_NEW_ARRAY(w->ctx, n, int64_t);
  uint8_t* t = NSB_NEW_ARRAY(w->ctx, n, uint8_t);
  if (!c || !f || !t) {
    NSB_FREE_ARRAY(w->ctx, c, n, int64_t);
    NSB_FREE_ARRAY(w->ctx, f, n, int64_t);
    NSB_FREE_ARRAY(w->ctx, t, n, uint8_t);
    return NSB_ERR_ALLOC;
  }
  NSB_FREE_ARRAY(w->ctx, w->connectivity, o, int64_t);
  NSB_FREE_ARRAY(w->ctx, w->offsets, o, int64_t);
  NSB_FREE_ARRAY(w->ctx, w->types, o, uint8_t);
  w->connectivity = c;
  w->offsets = f;
  w->types = t;
  for (size_t i = 0; i < n; ++i) {
    c[i] = (int64_t)i;
    f[i] = (int64_t)i + 1;
    t[i] = VTK_VERTEX;
  }
  w->max_n = max_contacts;
  return NSB_OK;
}

int nsb_vtk_write_contacts(nsb_vtk_contact_writer* w, const nsb_vtk_contact_frame* f) {
  NSB_ASSERT(w && f);
  nsb_ctx* ctx = w->ctx;
  NSB_CHECK(ctx, f->n >= 0 && f->n <= w->max_n, NSB_ERR_ARG, "VTK contact frame has %d points, the writer holds at most %d",
            f->n, w->max_n);
  NSB_CHECK(ctx, isfinite(f->time), NSB_ERR_NOT_FINITE, "VTK frame time is not finite");
  size_t n = (size_t)f->n;
  const vtk_array field[] = {time_value(&f->time)};
  const vtk_array point_data[] = {
      {"normal", VTK_T_FLOAT64, 3, n, f->normal, NULL},   {"gap", VTK_T_FLOAT64, 1, n, f->gap, NULL},
      {"normal_force", VTK_T_FLOAT64, 1, n, f->force, NULL}, {"impulse", VTK_T_FLOAT64, 3, n, f->impulse, NULL},
      {"slip_speed", VTK_T_FLOAT64, 1, n, f->slip, NULL},  {"pair", VTK_T_INT32, 1, n, f->pair, NULL},
      {"slave", VTK_T_INT32, 1, n, f->slave, NULL},       {"friction_state", VTK_T_INT32, 1, n, f->fstate, NULL},
      {"friction", VTK_T_FLOAT64, 3, n, f->friction, NULL}, {"stick_elongation", VTK_T_FLOAT64, 3, n, f->stick, NULL},
      {"plastic_rate", VTK_T_FLOAT64, 1, n, f->rate, NULL},
  };
  const vtk_array points[] = {{"Points", VTK_T_FLOAT64, 3, n, f->x, NULL}};
  const vtk_array cells[] = {
      {"connectivity", VTK_T_INT64, 1, n, w->connectivity, NULL},
      {"offsets", VTK_T_INT64, 1, n, w->offsets, NULL},
      {"types", VTK_T_UINT8, 1, n, w->types, NULL},
  };
  vtk_grid g = {n, n, {field, point_data, NULL, points, cells},
                {1, (int)(sizeof point_data / sizeof point_data[0]), 0, 1, 3}};
  NSB_CALL(write_grid(ctx, series_vtu(&w->series, w->n_steps), w->series.vtu_tmp, &g, w->ascii, w->codec));
  NSB_CALL(pvd_rewrite(ctx, &w->series, w->copy_buf, w->series.body_bytes, &f->time));
  w->n_steps++;
  return NSB_OK;
}

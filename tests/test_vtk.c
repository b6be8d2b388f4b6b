/* test_vtk.c -- tests of io/vtk.c: golden ASCII .vtu, appended binary block
 * parsed back, .pvd collection, error paths, allocation-failure sweep.
 *
 * Suite "vtk" tests the body writer, suite "vtk_beams" the beam writer (axis
 * polylines and swept surface), suite "vtk_contacts" the contact points'
 * friction arrays.
 *
 * Files go under NSB_BINARY_DIR/tests_tmp/vtk.  Set NSB_UPDATE_GOLDEN=1 to
 * rewrite tests/data/vtk_golden_*.vtu from the current writer (then inspect
 * the diff by eye before committing it).  The read-back with VTK's own readers
 * is vtk_readback_ascii/binary and vtk_readback_beams[_ascii] (tests/vtk.cmake).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cunit_main.h"
#include "test_util.h"
#include "io/vtk.h"
#include <zlib.h>
#include "base/vec.h"

#define TMP_DIR NSB_BINARY_DIR "/tests_tmp/vtk"

/* ---- helpers --------------------------------------------------------------- */

static int file_exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Minimal XML well-formedness for what the writer produces: declarations,
 * start/end/empty tags properly nested, quoted attributes, exactly one root.
 * Scans text[0, n) (stops at '_' inside AppendedData, whose payload is raw). */
static int xml_well_formed(const char* text, size_t n) {
  char stack[16][32];
  int depth = 0, roots = 0;
  size_t i = 0;
  while (i < n) {
    if (text[i] != '<') {
      if (depth > 0 && strcmp(stack[depth - 1], "AppendedData") == 0 && text[i] == '_') {
        const char* end = NULL; /* skip raw payload up to the closing tag */
        for (size_t k = n; k-- > i;)
          if (strncmp(text + k, "</AppendedData>", 15) == 0 && (end = text + k)) break;
        if (!end) return 0;
        i = (size_t)(end - text);
        continue;
      }
      if (depth == 0 && text[i] != '\n' && text[i] != ' ') return 0;
      ++i;
      continue;
    }
    size_t j = i + 1;
    int quote = 0;
    while (j < n && (quote || text[j] != '>')) {
      if (text[j] == '"') quote = !quote;
      ++j;
    }
    if (j >= n) return 0;
    if (text[i + 1] == '?') {
      if (text[j - 1] != '?') return 0;
    } else if (text[i + 1] == '/') {
      size_t len = strcspn(text + i + 2, " >");
      if (depth == 0 || strlen(stack[depth - 1]) != len || strncmp(stack[depth - 1], text + i + 2, len) != 0) return 0;
      --depth;
    } else {
      size_t len = strcspn(text + i + 1, " />");
      if (len == 0 || len >= 32) return 0;
      if (depth == 0) ++roots;
      if (text[j - 1] != '/') {
        if (depth == 16) return 0;
        memcpy(stack[depth], text + i + 1, len);
        stack[depth][len] = '\0';
        ++depth;
      }
    }
    i = j + 1;
  }
  return depth == 0 && roots == 1;
}

static int count_substr(const char* s, const char* sub) {
  int c = 0;
  for (const char* p = strstr(s, sub); p; p = strstr(p + 1, sub)) ++c;
  return c;
}

/* ---- the sample frame: a particle and a rigid body joined by a line ------ */

enum { N_PTS = 2, N_LINES = 1 };
static const double s_x[3 * N_PTS] = {0.5, -1.25, 2.0, 1.5, 0.0, 0.1};
static const double s_u[3 * N_PTS] = {0.5, 0.0, 0.0, 0.0, -0.25, 0.1};
static const double s_v[3 * N_PTS] = {1.0, 2.0, -3.0, 0.0, 0.0, 0.0};
/* (1/2)(1, 1, 1, 1): 120 degrees about (1,1,1), R is the cyclic permutation
 * with exact columns e1 = (0,1,0), e2 = (0,0,1), e3 = (1,0,0). */
static const double s_q[4 * N_PTS] = {1.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.5};
static const double s_w[3 * N_PTS] = {0.0, 0.0, 0.0, 0.0, 0.0, 6.5};
static const int s_label[N_PTS] = {1, 7};
static const int s_kind[N_PTS] = {1, 2};
static const double s_mass[N_PTS] = {0.25, 3.0};
static const double s_radius[N_PTS] = {0.125, 0.0};
static const int s_line_points[2 * N_LINES] = {0, 1};
static const int s_line_kind[N_LINES] = {0};

static nsb_vtk_frame sample_frame(double time) {
  nsb_vtk_frame f = {time, N_PTS, s_x, s_u, s_v, s_q, s_w, s_label, s_kind, s_mass, s_radius,
                     N_LINES, s_line_points, s_line_kind, NULL, NULL, NULL};
  return f;
}

/* ---- golden ASCII ------------------------------------------------------- */

static void compare_golden(const char* out, const char* golden);

static void test_golden_ascii(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/golden", "bodies", 1, N_PTS, N_LINES, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.125);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  CU_ASSERT(w == NULL);
  nsb_test_end_ctx(&ctx);

  compare_golden(TMP_DIR "/golden/bodies_000000.vtu", NSB_TEST_DATA_DIR "/vtk_golden_bodies.vtu");
}

/* out must equal golden byte for byte (NSB_UPDATE_GOLDEN=1: rewrite golden). */
static void compare_golden(const char* out, const char* golden) {
  size_t n_out = 0, n_gold = 0;
  char* got = nsb_test_slurp(out, &n_out);
  CU_ASSERT_FATAL(got != NULL);
  CU_ASSERT(xml_well_formed(got, n_out));
  const char* update = getenv("NSB_UPDATE_GOLDEN");
  if (update && strcmp(update, "1") == 0) {
    FILE* g = fopen(golden, "wb");
    CU_ASSERT_FATAL(g != NULL);
    fwrite(got, 1, n_out, g);
    fclose(g);
    fprintf(stderr, "  rewrote %s\n", golden);
  }
  char* want = nsb_test_slurp(golden, &n_gold);
  CU_ASSERT_FATAL(want != NULL);
  CU_ASSERT(n_out == n_gold && memcmp(got, want, n_out) == 0);
  if (n_out != n_gold || memcmp(got, want, n_out) != 0) fprintf(stderr, "  diff %s %s\n", golden, out);
  free(got);
  free(want);
}

/* ---- binary read back --------------------------------------------- */

typedef struct expected_array {
  const char* name;
  const char* type;
  int n_comp;
  size_t bytes;
  const void* data;
} expected_array;

/* Value of attribute attr="..." in the tag starting at tag (tag ends at '>'). */
static int tag_attr(const char* tag, const char* attr, char* val, size_t val_size) {
  const char* end = strchr(tag, '>');
  char key[64];
  snprintf(key, sizeof key, " %s=\"", attr);
  const char* p = strstr(tag, key);
  if (!p || p > end) return 0;
  p += strlen(key);
  size_t len = strcspn(p, "\"");
  if (len >= val_size) return 0;
  memcpy(val, p, len);
  val[len] = '\0';
  return 1;
}

static int b64_digit(int ch) {
  if (ch >= 'A' && ch <= 'Z') return ch - 'A';
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
  if (ch >= '0' && ch <= '9') return ch - '0' + 52;
  if (ch == '+') return 62;
  if (ch == '/') return 63;
  return ch == '=' ? 0 : -1;
}

/* Decode the base64 characters in [p, p + n) (whitespace skipped) to out;
   returns the byte count, or -1 on a bad character.  Padding '=' ends a quad. */
static long b64_decode_text(const char* p, size_t n, unsigned char* out) {
  int q[4], nq = 0, pad = 0;
  long m = 0;
  for (size_t i = 0; i < n; ++i) {
    if (p[i] == ' ' || p[i] == '\n') continue;
    int d = b64_digit(p[i]);
    if (d < 0) return -1;
    if (p[i] == '=') ++pad;
    q[nq++] = d;
    if (nq == 4) {
      unsigned v = (unsigned)q[0] << 18 | (unsigned)q[1] << 12 | (unsigned)q[2] << 6 | (unsigned)q[3];
      out[m++] = (unsigned char)(v >> 16);
      if (pad < 2) out[m++] = (unsigned char)(v >> 8);
      if (pad < 1) out[m++] = (unsigned char)v;
      nq = pad = 0;
    }
  }
  return nq == 0 ? m : -1;
}

/* Parse the .vtu at path: every DataArray in file order must match ex[k]
 * (name, type, components, format="binary" inline base64 of the UInt64 byte
 * count and the bytes; with compressed, the zlib block header of VTK's
 * vtkZLibDataCompressor then the blocks), in a well-formed file with no
 * <AppendedData> block. */
static void check_inline(const char* path, const expected_array* ex, int n_ex, int compressed) {
  size_t n = 0;
  char* text = nsb_test_slurp(path, &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "header_type=\"UInt64\"") != NULL);
  CU_ASSERT(strstr(text, "byte_order=\"LittleEndian\"") != NULL); /* test host is x86-64/aarch64 LE */
  CU_ASSERT(strstr(text, "<AppendedData") == NULL);
  CU_ASSERT((strstr(text, "compressor=\"vtkZLibDataCompressor\"") != NULL) == (compressed != 0));
  unsigned char* buf = malloc(n + 16);
  unsigned char* raw = malloc(n * 64 + 1024);
  const char* tag = text;
  int k = 0;
  for (; (tag = strstr(tag, "<DataArray")); ++tag, ++k) {
    CU_ASSERT_FATAL(k < n_ex);
    char name[64], type[32], comp[16], fmt[16];
    CU_ASSERT_FATAL(tag_attr(tag, "Name", name, sizeof name) && tag_attr(tag, "type", type, sizeof type) &&
                    tag_attr(tag, "NumberOfComponents", comp, sizeof comp) && tag_attr(tag, "format", fmt, sizeof fmt));
    CU_ASSERT_STRING_EQUAL(name, ex[k].name);
    CU_ASSERT_STRING_EQUAL(type, ex[k].type);
    CU_ASSERT_STRING_EQUAL(fmt, "binary");
    CU_ASSERT(atoi(comp) == ex[k].n_comp);
    const char* body = strchr(tag, '>') + 1;
    const char* close = strstr(body, "</DataArray>");
    CU_ASSERT_FATAL(close != NULL);
    size_t got = 0;
    if (!compressed) {
      long m = b64_decode_text(body, (size_t)(close - body), buf);
      CU_ASSERT_FATAL(m >= 8);
      uint64_t count;
      memcpy(&count, buf, 8);
      CU_ASSERT(count == ex[k].bytes && (uint64_t)m == 8 + count);
      memcpy(raw, buf + 8, (size_t)m - 8);
      got = (size_t)m - 8;
    } else {
      /* the header is its own base64 stream: 4 characters per 3 bytes, padded */
      const char* p = body;
      while (*p == ' ' || *p == '\n') ++p;
      unsigned char h0[12];
      CU_ASSERT_FATAL(b64_decode_text(p, 12, h0) == 9);
      uint64_t nb;
      memcpy(&nb, h0, 8);
      size_t hb = (size_t)(3 + nb) * 8, hc = 4 * ((hb + 2) / 3);
      CU_ASSERT_FATAL(b64_decode_text(p, hc, buf) == (long)hb);
      uint64_t head[3];
      memcpy(head, buf, sizeof head);
      CU_ASSERT(head[1] == 32768);
      CU_ASSERT(nb == (ex[k].bytes + 32767) / 32768 && head[2] == ex[k].bytes % 32768);
      unsigned char* blocks = buf + hb;
      long m = b64_decode_text(p + hc, (size_t)(close - p) - hc, blocks);
      CU_ASSERT_FATAL(m >= 0);
      size_t pos = 0;
      for (uint64_t i = 0; i < nb; ++i) {
        uint64_t ci;
        memcpy(&ci, buf + 8 * (3 + i), 8);
        uLongf dest = 32768;
        CU_ASSERT_FATAL(uncompress(raw + got, &dest, blocks + pos, (uLong)ci) == Z_OK);
        got += dest;
        pos += ci;
      }
      CU_ASSERT(pos == (size_t)m);
    }
    CU_ASSERT(got == ex[k].bytes);
    if (got != ex[k].bytes) fprintf(stderr, "  %s: %zu bytes, want %zu\n", name, got, ex[k].bytes);
    CU_ASSERT(got != ex[k].bytes || memcmp(raw, ex[k].data, ex[k].bytes) == 0);
  }
  CU_ASSERT(k == n_ex);
  free(raw);
  free(buf);
  free(text);
}

static void test_binary(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_writer* w = NULL;
  /* capacity larger than the frame: arrays must be cut at n, not at capacity */
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/binary", "bodies", NSB_VTK_BASE64, 5, 3, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.125);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  /* second step: optional arrays absent -> zeros and identity */
  f.time = 0.25;
  f.u = NULL;
  f.q = NULL;
  f.w = NULL;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  const double t0 = 0.125, t1 = 0.25;
  const double e1[6] = {1, 0, 0, 0, 1, 0}, e2[6] = {0, 1, 0, 0, 0, 1}, e3[6] = {0, 0, 1, 1, 0, 0};
  const double zeros[6] = {0}, ident_q[8] = {1, 0, 0, 0, 1, 0, 0, 0};
  const double ident_e1[6] = {1, 0, 0, 1, 0, 0}, ident_e2[6] = {0, 1, 0, 0, 1, 0}, ident_e3[6] = {0, 0, 1, 0, 0, 1};
  const int32_t cell_kind[3] = {1, 2, 10};
  const int64_t conn[4] = {0, 1, 0, 1}, offs[3] = {1, 2, 4};
  const uint8_t types[3] = {1, 1, 3};
  expected_array ex[] = {
      {"TimeValue", "Float64", 1, 8, &t0},
      {"displacement", "Float64", 3, 48, s_u},
      {"velocity", "Float64", 3, 48, s_v},
      {"angular_velocity", "Float64", 3, 48, s_w},
      {"quaternion", "Float64", 4, 64, s_q},
      {"e1", "Float64", 3, 48, e1},
      {"e2", "Float64", 3, 48, e2},
      {"e3", "Float64", 3, 48, e3},
      {"mass", "Float64", 1, 16, s_mass},
      {"radius", "Float64", 1, 16, s_radius},
      {"reaction_force", "Float64", 3, 48, zeros},
      {"reaction_moment", "Float64", 3, 48, zeros},
      {"label", "Int32", 1, 8, s_label},
      {"kind", "Int32", 1, 8, s_kind},
      {"kind", "Int32", 1, 12, cell_kind},
      {"Points", "Float64", 3, 48, s_x},
      {"connectivity", "Int64", 1, 32, conn},
      {"offsets", "Int64", 1, 24, offs},
      {"types", "UInt8", 1, 3, types},
  };
  int n_ex = (int)(sizeof ex / sizeof ex[0]);
  check_inline(TMP_DIR "/binary/bodies_000000.vtu", ex, n_ex, 0);
  ex[0].data = &t1;
  ex[1].data = zeros;
  ex[3].data = zeros;
  ex[4].data = ident_q;
  ex[5].data = ident_e1;
  ex[6].data = ident_e2;
  ex[7].data = ident_e3;
  check_inline(TMP_DIR "/binary/bodies_000001.vtu", ex, n_ex, 0);
}

/* Axes of a general (non-normalised) quaternion are orthonormal, right-handed
 * and equal to R(q/|q|) applied to the base vectors. */
static void test_axes_general(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/axes", "axes", NSB_VTK_BASE64, 2, 1, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.0);
  const double q[8] = {2.0, 0.0, 0.0, 0.0, 0.3, -1.1, 0.7, 2.0}; /* |q| != 1 for both */
  f.q = q;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  size_t n = 0;
  char* text = nsb_test_slurp(TMP_DIR "/axes/axes_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  double e[3][6];
  const char* names[3] = {"\"e1\"", "\"e2\"", "\"e3\""};
  for (int k = 0; k < 3; ++k) {
    const char* tag = strstr(text, names[k]);
    CU_ASSERT_FATAL(tag != NULL);
    const char* body = strchr(tag, '>') + 1;
    unsigned char buf[128];
    CU_ASSERT_FATAL(b64_decode_text(body, (size_t)(strstr(body, "</DataArray>") - body), buf) == 8 + sizeof e[k]);
    memcpy(e[k], buf + 8, sizeof e[k]);
  }
  free(text);
  for (int i = 0; i < 2; ++i) {
    nsb_vec3 a = nsb_v3_load(e[0] + 3 * i), b = nsb_v3_load(e[1] + 3 * i), c = nsb_v3_load(e[2] + 3 * i);
    NSB_ASSERT_CLOSE(nsb_v3_dot(a, a), 1.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_dot(b, b), 1.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_dot(a, b), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_dot(a, c), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_v3_cross(a, b), c)), 0.0, 1e-14);
    nsb_quat qi = nsb_q_normalize(nsb_q_load(q + 4 * i));
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_q_rotate(qi, nsb_v3(1, 0, 0)), a)), 0.0, 1e-14);
    NSB_ASSERT_CLOSE(nsb_v3_norm(nsb_v3_sub(nsb_q_rotate(qi, nsb_v3(0, 1, 0)), b)), 0.0, 1e-14);
  }
}

/* ---- .pvd collection --------------------------------------------------------- */

static void test_pvd(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_writer* w = NULL;
  /* trailing slash in dir must not leak into the paths */
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/pvd/deep/", "run", 1, N_PTS, N_LINES, &w) == NSB_OK);
  const char* pvd = nsb_vtk_pvd_path(w);
  CU_ASSERT_STRING_EQUAL(pvd, TMP_DIR "/pvd/deep/run.pvd");

  /* right after create: a valid collection with no steps */
  size_t n = 0;
  char* text = nsb_test_slurp(pvd, &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(count_substr(text, "<DataSet") == 0);
  CU_ASSERT(strstr(text, "<VTKFile type=\"Collection\" version=\"0.1\">") != NULL);
  free(text);

  const double times[] = {0.0, 1e-3, 0.1, 2.5, 1e10};
  const int n_times = (int)(sizeof times / sizeof times[0]);
  long allocs = nsb_ctx_alloc_count(ctx);
  for (int s = 0; s < n_times; ++s) {
    nsb_vtk_frame f = sample_frame(times[s]);
    CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
    CU_ASSERT(nsb_vtk_n_steps(w) == s + 1);
    text = nsb_test_slurp(pvd, &n);
    CU_ASSERT_FATAL(text != NULL);
    CU_ASSERT(xml_well_formed(text, n));
    CU_ASSERT(count_substr(text, "<DataSet ") == s + 1);
    free(text);
  }
  CU_ASSERT(nsb_ctx_alloc_count(ctx) == allocs); /* nsb_vtk_write allocates nothing */
  CU_ASSERT(!file_exists(TMP_DIR "/pvd/deep/run.pvd.tmp"));
  nsb_vtk_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  text = nsb_test_slurp(TMP_DIR "/pvd/deep/run.pvd", &n);
  CU_ASSERT_FATAL(text != NULL);
  const char* want =
      "<?xml version=\"1.0\"?>\n"
      "<VTKFile type=\"Collection\" version=\"0.1\">\n"
      "  <Collection>\n"
      "    <DataSet timestep=\"0\" group=\"\" part=\"0\" file=\"run_000000.vtu\"/>\n"
      "    <DataSet timestep=\"0.001\" group=\"\" part=\"0\" file=\"run_000001.vtu\"/>\n"
      "    <DataSet timestep=\"0.10000000000000001\" group=\"\" part=\"0\" file=\"run_000002.vtu\"/>\n"
      "    <DataSet timestep=\"2.5\" group=\"\" part=\"0\" file=\"run_000003.vtu\"/>\n"
      "    <DataSet timestep=\"10000000000\" group=\"\" part=\"0\" file=\"run_000004.vtu\"/>\n"
      "  </Collection>\n"
      "</VTKFile>\n";
  CU_ASSERT_STRING_EQUAL(text, want);
  free(text);
  char path[512];
  for (int s = 0; s < n_times; ++s) {
    snprintf(path, sizeof path, TMP_DIR "/pvd/deep/run_%06d.vtu", s);
    CU_ASSERT(file_exists(path));
    char* vtu = nsb_test_slurp(path, &n);
    CU_ASSERT_FATAL(vtu != NULL);
    CU_ASSERT(xml_well_formed(vtu, n));
    free(vtu);
  }
}

/* A frame with no points and no lines is a valid (empty) grid. */
static void test_empty_frame(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/empty", "e", 0, 0, 0, &w) == NSB_OK);
  nsb_vtk_frame f = {0};
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);
  size_t n = 0;
  char* text = nsb_test_slurp(TMP_DIR "/empty/e_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "NumberOfPoints=\"0\" NumberOfCells=\"0\"") != NULL);
  free(text);
}

/* ---- errors ----------------------------------------------------------------- */

static void test_error_unwritable_dir(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  /* a regular file where a directory is needed: fails even for root */
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR, "x", 1, 1, 0, &w) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  FILE* blocker = fopen(TMP_DIR "/blocker", "w");
  CU_ASSERT_FATAL(blocker != NULL);
  fclose(blocker);
  w = (nsb_vtk_writer*)&w; /* must be reset to NULL on failure */
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/blocker/sub", "x", 1, 1, 0, &w) == NSB_ERR_IO);
  CU_ASSERT(w == NULL);
  CU_ASSERT(nsb_ctx_error_code(ctx) == NSB_ERR_IO);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/blocker/sub") != NULL);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_clear_error(ctx);

  /* the directory disappears during the run: NSB_ERR_IO naming the .vtu */
  const char* dir = TMP_DIR "/vanishing";
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, dir, "v", 1, N_PTS, N_LINES, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.0);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  CU_ASSERT(remove(TMP_DIR "/vanishing/v_000000.vtu") == 0);
  CU_ASSERT(remove(TMP_DIR "/vanishing/v.pvd") == 0);
  CU_ASSERT(rmdir(dir) == 0);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_IO);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/vanishing/v_000001.vtu") != NULL);
  CU_ASSERT(nsb_vtk_n_steps(w) == 1);
  nsb_ctx_clear_error(ctx);

  /* the .pvd alone is lost: NSB_ERR_IO naming the .pvd, step not counted */
  CU_ASSERT_FATAL(mkdir(dir, 0777) == 0);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_IO);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/vanishing/v.pvd") != NULL);
  CU_ASSERT(nsb_vtk_n_steps(w) == 1);
  nsb_ctx_clear_error(ctx);
  nsb_vtk_writer_destroy(&w);
  remove(TMP_DIR "/vanishing/v_000001.vtu"); /* written before the .pvd failed; keeps reruns clean */
  nsb_test_end_ctx(&ctx);
}

static void test_error_args(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_vtk_writer* w = NULL;
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a/b", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, "", "a", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 3, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 1, -1, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(w == NULL && nsb_ctx_live_bytes(ctx) == 0);

  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 1, 1, 1, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.0); /* 2 points > max_points = 1 */
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_ARG);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "2 points") != NULL);
  nsb_ctx_clear_error(ctx);
  nsb_vtk_writer_destroy(&w);

  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 1, 2, 0, &w) == NSB_OK);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_ARG); /* 1 line > max_lines = 0 */
  nsb_ctx_clear_error(ctx);
  nsb_vtk_writer_destroy(&w);

  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 1, 2, 1, &w) == NSB_OK);
  const int bad_line[2] = {0, 2};
  f.line_points = bad_line;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  f = sample_frame((double)NAN);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_NOT_FINITE);
  nsb_ctx_clear_error(ctx);
  f = sample_frame(0.0);
  f.v = NULL;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_n_steps(w) == 0);
  f = sample_frame(0.0);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  CU_ASSERT(nsb_vtk_n_steps(w) == 1);
  nsb_vtk_writer_destroy(&w);
  nsb_vtk_writer_destroy(&w); /* NULL is fine */
  nsb_vtk_writer_destroy(NULL);
  nsb_test_end_ctx(&ctx);
}

/* Fail the k-th allocation of create for k = 1, 2, ... until create succeeds:
 * every failure returns NSB_ERR_ALLOC, leaves *out NULL and leaks nothing. */
static void test_alloc_sweep(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  int failures = 0;
  for (long k = 1; k < 100; ++k) {
    nsb_vtk_writer* w = NULL;
    nsb_ctx_fail_alloc_after(ctx, k);
    int status = nsb_vtk_writer_create(ctx, TMP_DIR "/sweep", "s", 0, 4, 2, &w);
    nsb_ctx_fail_alloc_after(ctx, 0);
    if (status == NSB_OK) {
      nsb_vtk_frame f = sample_frame(1.0);
      CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
      nsb_vtk_writer_destroy(&w);
      break;
    }
    ++failures;
    CU_ASSERT(status == NSB_ERR_ALLOC);
    CU_ASSERT(w == NULL);
    CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
    nsb_ctx_clear_error(ctx);
  }
  CU_ASSERT(failures >= 10); /* create makes 12 allocations */
  nsb_test_end_ctx(&ctx);
}

/* ==== beams ==================================================================== */

/* Array `name` of a .vtu read into text (inline base64, zlib-compressed when
 * the file names the compressor): a malloc'd (so aligned) copy of its bytes,
 * *bytes their count; NULL if absent.  Only for names that occur once. */
static void* appended_array(const char* text, const char* name, uint64_t* bytes) {
  char key[80];
  snprintf(key, sizeof key, "Name=\"%s\"", name);
  const char* tag = strstr(text, key);
  if (!tag) return NULL;
  const char* body = strchr(tag, '>') + 1;
  const char* close = strstr(body, "</DataArray>");
  if (!close) return NULL;
  size_t len = (size_t)(close - body);
  unsigned char* buf = malloc(len + 16);
  long m = b64_decode_text(body, len, buf);
  void* copy = NULL;
  if (!strstr(text, "vtkZLibDataCompressor")) {
    if (m >= 8) {
      memcpy(bytes, buf, 8);
      copy = malloc(*bytes ? *bytes : 1);
      if (copy) memcpy(copy, buf + 8, *bytes);
    }
  } else {
    /* header stream then block stream: decode them apart */
    const char* p = body;
    while (*p == ' ' || *p == '\n') ++p;
    unsigned char h0[12];
    uint64_t nb = 0;
    if (b64_decode_text(p, 12, h0) == 9) memcpy(&nb, h0, 8);
    size_t hb = (size_t)(3 + nb) * 8, hc = 4 * ((hb + 2) / 3);
    uint64_t* head = malloc(hb);
    if (b64_decode_text(p, hc, (unsigned char*)head) == (long)hb) {
      *bytes = nb ? (nb - 1) * head[1] + (head[2] ? head[2] : head[1]) : 0;
      copy = malloc(*bytes ? *bytes : 1);
      long mb = b64_decode_text(p + hc, (size_t)(close - p) - hc, buf);
      size_t pos = 0, got = 0;
      for (uint64_t i = 0; copy && mb >= 0 && i < nb; ++i) {
        uLongf dest = (uLongf)head[1];
        if (uncompress((unsigned char*)copy + got, &dest, buf + pos, (uLong)head[3 + i]) != Z_OK) {
          free(copy);
          copy = NULL;
          break;
        }
        got += dest;
        pos += head[3 + i];
      }
    }
    free(head);
  }
  free(buf);
  return copy;
}

/* The golden beam frame: element 11 with 3 points along +x, rectangular
 * 0.2 x 0.1, identity frame; element 12 with 2 points along +y, circle r =
 * 0.05, q = (1/2)(1,1,1,1) so that G1 = (0,1,0), G2 = (0,0,1), G3 = (1,0,0)
 * exactly.  The shared node (1,0,0) is given once per element. */
enum { B_PTS = 5, B_LINES = 2, B_RING = 6 };
static const int b_line_start[B_LINES + 1] = {0, 3, 5};
static const double b_x[3 * B_PTS] = {0, 0, 0, 0.5, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0};
static const double b_u[3 * B_PTS] = {0, 0, 0, 0, 0, -0.25, 0, 0, -0.5, 0, 0, -0.5, 0, 0, -0.75};
static const double b_v[3 * B_PTS] = {0, 0, 0, 0, 0, -1, 0, 0, -2, 0, 0, -2, 0, 0, -3};
static const double b_w[3 * B_PTS] = {0, 0, 0, 0, 1.5, 0, 0, 3, 0, 0, 3, 0, 0, 4.5, 0};
static const double b_q[4 * B_PTS] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
static const double b_strain[6 * B_PTS] = {1e-3, 0, 0, 0, 0.5, 0,   1e-3, 0, 0, 0, 0.25, 0, 1e-3, 0, 0, 0, 0, 0,
                                           2e-3, 0, 0.01, 0.125, 0, 0, 2e-3, 0, 0.01, 0.125, 0, 0};
static const double b_force[3 * B_PTS] = {100, 0, -5, 100, 0, -5, 100, 0, -5, 0, 200, 1, 0, 200, 1};
static const double b_moment[3 * B_PTS] = {0, 40, 0, 0, 20, 0, 0, 0, 0, 0, 8, 0, 0, 8, 0};
static const double b_force_local[3 * B_PTS] = {100, 0, -5, 100, 0, -5, 100, 0, -5, 200, 1, 0, 200, 1, 0};
static const double b_moment_local[3 * B_PTS] = {0, 40, 0, 0, 20, 0, 0, 0, 0, 8, 0, 0, 8, 0, 0};
static const int b_label[B_LINES] = {11, 12};
static const int b_shape[B_LINES] = {NSB_VTK_SECTION_RECT, NSB_VTK_SECTION_CIRCLE};
static const double b_dims[2 * B_LINES] = {0.2, 0.1, 0.05, 0.0};

static nsb_vtk_beam_frame beam_frame(double time) {
  nsb_vtk_beam_frame f = {time,     B_LINES, b_line_start,  B_PTS,          b_x,     b_u,     b_v,    b_w, b_q,
                          b_strain, b_force, b_moment,      b_force_local, b_moment_local, b_label, b_shape, b_dims,
                          NULL};
  return f;
}

static void test_beam_golden_ascii(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_beam_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_golden", "beams", 1, B_PTS, B_LINES, B_RING, &w) ==
                  NSB_OK);
  nsb_vtk_beam_frame f = beam_frame(0.125);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  nsb_vtk_beam_writer_destroy(&w);
  CU_ASSERT(w == NULL);
  nsb_test_end_ctx(&ctx);
  compare_golden(TMP_DIR "/beam_golden/beams_000000.vtu", NSB_TEST_DATA_DIR "/vtk_golden_beams.vtu");
  compare_golden(TMP_DIR "/beam_golden/beams_surface_000000.vtu", NSB_TEST_DATA_DIR "/vtk_golden_beams_surface.vtu");
  char* text = nsb_test_slurp(TMP_DIR "/beam_golden/beams_000000.vtu", NULL);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(strstr(text, "Name=\"strain\" NumberOfComponents=\"6\" ComponentName0=\"gamma1\" ComponentName1=\"gamma2\" "
                         "ComponentName2=\"gamma3\" ComponentName3=\"kappa1\" ComponentName4=\"kappa2\" "
                         "ComponentName5=\"kappa3\"") != NULL);
  free(text);
}

/* Axis file in the appended encoding: every array, offset and byte checked. */
static void test_beam_binary(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_beam_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_binary", "beams", 0, 9, 4, 8, &w) == NSB_OK);
  nsb_vtk_beam_frame f = beam_frame(0.125);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  f.time = 0.25; /* optional arrays absent -> zeros */
  f.u = f.w = f.strain = f.force = f.moment = f.force_local = f.moment_local = NULL;
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  const double t0 = 0.125, t1 = 0.25, zeros[6 * B_PTS] = {0};
  const double e1[3 * B_PTS] = {1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0};
  const double e2[3 * B_PTS] = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1};
  const double e3[3 * B_PTS] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0};
  const int64_t conn[B_PTS] = {0, 1, 2, 3, 4}, offs[B_LINES] = {3, 5};
  const uint8_t types[B_LINES] = {4, 4};
  expected_array ex[] = {
      {"TimeValue", "Float64", 1, 8, &t0},
      {"displacement", "Float64", 3, 120, b_u},
      {"velocity", "Float64", 3, 120, b_v},
      {"angular_velocity", "Float64", 3, 120, b_w},
      {"quaternion", "Float64", 4, 160, b_q},
      {"e1", "Float64", 3, 120, e1},
      {"e2", "Float64", 3, 120, e2},
      {"e3", "Float64", 3, 120, e3},
      {"strain", "Float64", 6, 240, b_strain},
      {"force", "Float64", 3, 120, b_force},
      {"moment", "Float64", 3, 120, b_moment},
      {"force_section", "Float64", 3, 120, b_force_local},
      {"moment_section", "Float64", 3, 120, b_moment_local},
      {"element", "Int32", 1, 8, b_label},
      {"Points", "Float64", 3, 120, b_x},
      {"connectivity", "Int64", 1, 40, conn},
      {"offsets", "Int64", 1, 16, offs},
      {"types", "UInt8", 1, 2, types},
  };
  int n_ex = (int)(sizeof ex / sizeof ex[0]);
  check_inline(TMP_DIR "/beam_binary/beams_000000.vtu", ex, n_ex, 1);
  ex[0].data = &t1;
  for (int k = 1; k < 13; ++k)
    if (k != 2 && k != 4 && (k < 5 || k > 7)) ex[k].data = zeros; /* all but velocity, quaternion, axes */
  check_inline(TMP_DIR "/beam_binary/beams_000001.vtu", ex, n_ex, 1);

  /* the surface file parses the same way and ends right after its last array */
  char* text = nsb_test_slurp(TMP_DIR "/beam_binary/beams_surface_000000.vtu", NULL);
  CU_ASSERT_FATAL(text != NULL);
  uint64_t bytes = 0;
  double* ms = appended_array(text, "moment_section", &bytes);
  CU_ASSERT_FATAL(ms != NULL);
  CU_ASSERT(bytes == (3 * 4 + 2 * 8) * 3 * sizeof(double)); /* rect rings of 4, round rings of 8 */
  CU_ASSERT(ms[0] == b_moment_local[0] && ms[3 * 12 + 1] == b_moment_local[3 * 3 + 1]);
  free(ms);
  free(text);
}

/* Test frame generator: a circular arc of radius R in the xy-plane, points
 * at angle th, section frame q = qz(th + pi/2) qx(phi) so that G1 is the arc
 * tangent and the section is twisted by phi about it; every other q is scaled
 * by 3 (the writer must normalise). */
static nsb_quat q_axis_angle(nsb_vec3 axis, double angle) {
  double s = sin(0.5 * angle);
  return nsb_q(cos(0.5 * angle), s * axis.x, s * axis.y, s * axis.z);
}

enum { G_MAX_PTS = 20, G_MAX_LINES = 6, G_RING = 7, G_LINES = 4 };

typedef struct arc_frame {
  int line_start[G_LINES + 1];
  double x[3 * G_MAX_PTS], v[3 * G_MAX_PTS], q[4 * G_MAX_PTS], strain[6 * G_MAX_PTS], m_loc[3 * G_MAX_PTS];
  int label[G_LINES], shape[G_LINES];
  double dims[2 * G_LINES];
} arc_frame;

static nsb_vtk_beam_frame make_arc(arc_frame* a, const int* shapes) {
  static const int n_e[G_LINES] = {2, 3, 4, 2}; /* points per element */
  const double R = 2.0, dth = 0.15;
  int i = 0;
  a->line_start[0] = 0;
  for (int e = 0; e < G_LINES; ++e) {
    for (int j = 0; j < n_e[e]; ++j, ++i) {
      double th = dth * (e * 2 + (double)j * 2.0 / (n_e[e] - 1)), phi = 0.4 * i - 1.0; /* shared ends coincide */
      nsb_v3_store(nsb_v3(R * cos(th), R * sin(th), 0.1 * th), a->x + 3 * i);
      nsb_v3_store(nsb_v3(i, -i, 0.5), a->v + 3 * i);
      nsb_quat q = nsb_q_mul(q_axis_angle(nsb_v3(0, 0, 1), th + 1.5707963267948966),
                             q_axis_angle(nsb_v3(1, 0, 0), phi));
      double s = i % 2 ? 3.0 : 1.0;
      nsb_q_store(nsb_q(s * q.w, s * q.x, s * q.y, s * q.z), a->q + 4 * i);
      for (int c = 0; c < 6; ++c) a->strain[6 * i + c] = 0.01 * c + i;
      nsb_v3_store(nsb_v3(0.5 * i, 10.0 + i, -i), a->m_loc + 3 * i);
    }
    a->line_start[e + 1] = i;
    a->label[e] = 100 + e;
    a->shape[e] = shapes[e];
    a->dims[2 * e] = 0.05 + 0.01 * e;
    a->dims[2 * e + 1] = 0.03 + 0.005 * e;
  }
  nsb_vtk_beam_frame f = {0.5,  G_LINES,  a->line_start, i,    a->x,     NULL,      a->v,     NULL,
                          a->q, a->strain, NULL,          NULL, NULL,     a->m_loc,  a->label, a->shape,
                          a->dims, NULL};
  return f;
}

/* Newell normal of the polygon p[idx[0..n)]. */
static nsb_vec3 newell(const double* p, const int64_t* idx, int n) {
  nsb_vec3 s = nsb_v3_zero();
  for (int k = 0; k < n; ++k) {
    nsb_vec3 a = nsb_v3_load(p + 3 * idx[k]), b = nsb_v3_load(p + 3 * idx[(k + 1) % n]);
    s = nsb_v3_add(s, nsb_v3_cross(a, b));
  }
  return s;
}

/* Check the swept surface of frame f in the binary file path: counts, cell
 * types per element, every ring vertex in the section plane at the right
 * radius / corner, quad normals outward, cap normals -G1 / +G1, point data
 * copied from the axis point. */
static void check_surface(const char* path, const nsb_vtk_beam_frame* f, int ring) {
  char* text = nsb_test_slurp(path, NULL);
  CU_ASSERT_FATAL(text != NULL);
  uint64_t nb_x = 0, nb_conn = 0, nb_off = 0, nb_types = 0, nb_ms = 0, nb_st = 0, nb_e2 = 0, nb_el = 0;
  double* p = appended_array(text, "Points", &nb_x);
  int64_t* conn = appended_array(text, "connectivity", &nb_conn);
  int64_t* offs = appended_array(text, "offsets", &nb_off);
  uint8_t* types = appended_array(text, "types", &nb_types);
  double* ms = appended_array(text, "moment_section", &nb_ms);
  double* st = appended_array(text, "strain", &nb_st);
  double* se2 = appended_array(text, "e2", &nb_e2);
  int32_t* el = appended_array(text, "element", &nb_el);
  free(text);
  CU_ASSERT_FATAL(p && conn && offs && types && ms && st && se2 && el);
  char piece[96];
  snprintf(piece, sizeof piece, "NumberOfPoints=\"%zu\" NumberOfCells=\"%zu\"", (size_t)(nb_x / 24), (size_t)nb_types);

  size_t want_pts = 0, want_quads = 0;
  for (int e = 0; e < f->n_lines; ++e) {
    size_t r = f->shape[e] == NSB_VTK_SECTION_RECT ? 4 : (size_t)ring;
    size_t n_e = (size_t)(f->line_start[e + 1] - f->line_start[e]);
    want_pts += n_e * r;
    want_quads += (n_e - 1) * r;
  }
  size_t n_pts = nb_x / 24, n_cells = nb_types;
  CU_ASSERT(n_pts == want_pts);
  CU_ASSERT(n_cells == want_quads + 2 * (size_t)f->n_lines);
  CU_ASSERT(nb_off == 8 * n_cells && nb_el == 4 * n_cells && nb_ms == 24 * n_pts && nb_st == 48 * n_pts);
  text = nsb_test_slurp(path, NULL); /* the <Piece> header agrees with the arrays */
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(strstr(text, piece) != NULL);
  free(text);
  CU_ASSERT_FATAL(n_pts == want_pts && n_cells == want_quads + 2 * (size_t)f->n_lines);

  size_t sp = 0, c = 0;
  double worst_plane = 0.0, worst_shape = 0.0;
  for (int e = 0; e < f->n_lines; ++e) {
    int shape = f->shape[e], r = shape == NSB_VTK_SECTION_RECT ? 4 : ring;
    const double* d = f->dims + 2 * e;
    size_t first = sp;
    for (int i = f->line_start[e]; i < f->line_start[e + 1]; ++i) {
      nsb_quat q = nsb_q_normalize(nsb_q_load(f->q + 4 * i));
      nsb_vec3 x = nsb_v3_load(f->x + 3 * i), g1 = nsb_q_rotate(q, nsb_v3(1, 0, 0)),
               g2 = nsb_q_rotate(q, nsb_v3(0, 1, 0)), g3 = nsb_q_rotate(q, nsb_v3(0, 0, 1));
      for (int k = 0; k < r; ++k, ++sp) {
        nsb_vec3 dv = nsb_v3_sub(nsb_v3_load(p + 3 * sp), x);
        worst_plane = fmax(worst_plane, fabs(nsb_v3_dot(dv, g1)));
        if (shape == NSB_VTK_SECTION_RECT) {
          double a = (k == 0 || k == 3 ? 0.5 : -0.5) * d[0], b = (k < 2 ? 0.5 : -0.5) * d[1];
          worst_shape = fmax(worst_shape, fabs(nsb_v3_dot(dv, g2) - a) + fabs(nsb_v3_dot(dv, g3) - b));
        } else {
          worst_shape = fmax(worst_shape, fabs(nsb_v3_norm(dv) - d[0]));
          /* angle 2 pi k / ring from G2 towards G3 */
          double ang = atan2(nsb_v3_dot(dv, g3), nsb_v3_dot(dv, g2)), want = 6.283185307179586 * k / ring;
          worst_shape = fmax(worst_shape, fabs(remainder(ang - want, 6.283185307179586)) * d[0]);
        }
        for (int m = 0; m < 3; ++m) {
          CU_ASSERT(ms[3 * sp + m] == (f->moment_local ? f->moment_local[3 * i + m] : 0.0));
          CU_ASSERT(fabs(se2[3 * sp + m] - nsb_v3_get(g2, m)) <= 1e-14);
        }
        for (int m = 0; m < 6; ++m) CU_ASSERT(st[6 * sp + m] == (f->strain ? f->strain[6 * i + m] : 0.0));
      }
    }
    /* quads, then first and last cap */
    int n_e = f->line_start[e + 1] - f->line_start[e];
    for (int j = 0; j + 1 < n_e; ++j) {
      int i = f->line_start[e] + j;
      nsb_vec3 mid = nsb_v3_scale(0.5, nsb_v3_add(nsb_v3_load(f->x + 3 * i), nsb_v3_load(f->x + 3 * i + 3)));
      for (int k = 0; k < r; ++k, ++c) {
        CU_ASSERT(types[c] == 9);
        CU_ASSERT(el[c] == f->elem_label[e]);
        CU_ASSERT_FATAL(offs[c] - (c ? offs[c - 1] : 0) == 4);
        const int64_t* v = conn + offs[c] - 4;
        int64_t r0 = (int64_t)(first + (size_t)j * (size_t)r);
        CU_ASSERT(v[0] == r0 + k && v[1] == r0 + (k + 1) % r && v[2] == r0 + r + (k + 1) % r && v[3] == r0 + r + k);
        nsb_vec3 centre = nsb_v3_zero();
        for (int m = 0; m < 4; ++m) centre = nsb_v3_add(centre, nsb_v3_scale(0.25, nsb_v3_load(p + 3 * v[m])));
        CU_ASSERT(nsb_v3_dot(newell(p, v, 4), nsb_v3_sub(centre, mid)) > 0.0); /* outward */
      }
    }
    for (int end = 0; end < 2; ++end, ++c) {
      int i = end ? f->line_start[e + 1] - 1 : f->line_start[e];
      CU_ASSERT(types[c] == 7);
      CU_ASSERT(el[c] == f->elem_label[e]);
      CU_ASSERT_FATAL(offs[c] - offs[c - 1] == r);
      const int64_t* v = conn + offs[c] - r;
      size_t ring0 = first + (size_t)(i - f->line_start[e]) * (size_t)r;
      for (int k = 0; k < r; ++k) CU_ASSERT((size_t)v[k] >= ring0 && (size_t)v[k] < ring0 + (size_t)r);
      nsb_vec3 g1 = nsb_q_rotate(nsb_q_normalize(nsb_q_load(f->q + 4 * i)), nsb_v3(1, 0, 0));
      double dn = nsb_v3_dot(newell(p, v, r), g1);
      CU_ASSERT(end ? dn > 0.0 : dn < 0.0);
    }
  }
  CU_ASSERT(sp == n_pts && c == n_cells);
  CU_ASSERT((size_t)offs[n_cells - 1] * 8 == nb_conn);
  NSB_ASSERT_CLOSE(worst_plane, 0.0, 1e-14);
  NSB_ASSERT_CLOSE(worst_shape, 0.0, 1e-14);
  free(p);
  free(conn);
  free(offs);
  free(types);
  free(ms);
  free(st);
  free(se2);
  free(el);
}

static void test_beam_surface(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_beam_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_surface", "arc", 0, G_MAX_PTS, G_MAX_LINES, G_RING,
                                             &w) == NSB_OK);
  static arc_frame a1, a2; /* static: a few kB */
  const int mixed[G_LINES] = {NSB_VTK_SECTION_CIRCLE, NSB_VTK_SECTION_RECT, NSB_VTK_SECTION_PIPE,
                              NSB_VTK_SECTION_GENERAL};
  const int round[G_LINES] = {NSB_VTK_SECTION_GENERAL, NSB_VTK_SECTION_CIRCLE, NSB_VTK_SECTION_PIPE,
                              NSB_VTK_SECTION_CIRCLE};
  nsb_vtk_beam_frame f1 = make_arc(&a1, mixed), f2 = make_arc(&a2, round);
  f2.time = 0.75;
  f2.strain = NULL;
  long allocs = nsb_ctx_alloc_count(ctx);
  CU_ASSERT(nsb_vtk_write_beams(w, &f1) == NSB_OK);
  CU_ASSERT(nsb_vtk_write_beams(w, &f2) == NSB_OK);
  CU_ASSERT(nsb_ctx_alloc_count(ctx) == allocs); /* nsb_vtk_write_beams allocates nothing */
  CU_ASSERT(nsb_vtk_beam_n_steps(w) == 2);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  check_surface(TMP_DIR "/beam_surface/arc_surface_000000.vtu", &f1, G_RING);
  check_surface(TMP_DIR "/beam_surface/arc_surface_000001.vtu", &f2, G_RING);
  /* all sections round: n_points * ring vertices, sum (n_e - 1) ring quads, 2 caps per element */
  char* text = nsb_test_slurp(TMP_DIR "/beam_surface/arc_surface_000001.vtu", NULL);
  CU_ASSERT_FATAL(text != NULL);
  char piece[96];
  int quads = (f2.n_points - f2.n_lines) * G_RING;
  snprintf(piece, sizeof piece, "NumberOfPoints=\"%d\" NumberOfCells=\"%d\"", f2.n_points * G_RING,
           quads + 2 * f2.n_lines);
  CU_ASSERT(strstr(text, piece) != NULL);
  free(text);
}

static void test_beam_pvd(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_beam_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_pvd/", "beams", 1, B_PTS, B_LINES, 3, &w) == NSB_OK);
  CU_ASSERT_STRING_EQUAL(nsb_vtk_beam_pvd_path(w), TMP_DIR "/beam_pvd/beams.pvd");
  CU_ASSERT_STRING_EQUAL(nsb_vtk_beam_surface_pvd_path(w), TMP_DIR "/beam_pvd/beams_surface.pvd");
  char* text = nsb_test_slurp(nsb_vtk_beam_surface_pvd_path(w), NULL);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(count_substr(text, "<DataSet") == 0 && xml_well_formed(text, strlen(text)));
  free(text);
  nsb_vtk_beam_frame f = beam_frame(0.0);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  f.time = 0.1;
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  CU_ASSERT(!file_exists(TMP_DIR "/beam_pvd/beams.pvd.tmp") && !file_exists(TMP_DIR "/beam_pvd/beams_surface.pvd.tmp"));
  nsb_vtk_beam_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);

  const char* names[2] = {"beams", "beams_surface"};
  for (int k = 0; k < 2; ++k) {
    char path[512], want[1024];
    snprintf(path, sizeof path, TMP_DIR "/beam_pvd/%s.pvd", names[k]);
    snprintf(want, sizeof want,
             "<?xml version=\"1.0\"?>\n"
             "<VTKFile type=\"Collection\" version=\"0.1\">\n"
             "  <Collection>\n"
             "    <DataSet timestep=\"0\" group=\"\" part=\"0\" file=\"%s_000000.vtu\"/>\n"
             "    <DataSet timestep=\"0.10000000000000001\" group=\"\" part=\"0\" file=\"%s_000001.vtu\"/>\n"
             "  </Collection>\n"
             "</VTKFile>\n",
             names[k], names[k]);
    text = nsb_test_slurp(path, NULL);
    CU_ASSERT_FATAL(text != NULL);
    CU_ASSERT_STRING_EQUAL(text, want);
    free(text);
    for (int s = 0; s < 2; ++s) {
      size_t n = 0;
      snprintf(path, sizeof path, TMP_DIR "/beam_pvd/%s_%06d.vtu", names[k], s);
      char* vtu = nsb_test_slurp(path, &n);
      CU_ASSERT_FATAL(vtu != NULL);
      CU_ASSERT(xml_well_formed(vtu, n));
      free(vtu);
    }
  }
}

/* No elements, no points: two valid empty grids. */
static void test_beam_empty(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_beam_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_empty", "e", 0, 0, 0, 3, &w) == NSB_OK);
  nsb_vtk_beam_frame f = {0};
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);
  const char* files[2] = {TMP_DIR "/beam_empty/e_000000.vtu", TMP_DIR "/beam_empty/e_surface_000000.vtu"};
  for (int k = 0; k < 2; ++k) {
    size_t n = 0;
    char* text = nsb_test_slurp(files[k], &n);
    CU_ASSERT_FATAL(text != NULL);
    CU_ASSERT(xml_well_formed(text, n));
    CU_ASSERT(strstr(text, "NumberOfPoints=\"0\" NumberOfCells=\"0\"") != NULL);
    free(text);
  }
}

static void test_beam_error_args(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_vtk_beam_writer* w = (nsb_vtk_beam_writer*)&w; /* must be reset to NULL on failure */
  const char* dir = TMP_DIR "/beam_args";
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "a/b", 1, 5, 2, 6, &w) == NSB_ERR_ARG);
  CU_ASSERT(w == NULL);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "", 1, 5, 2, 6, &w) == NSB_ERR_ARG);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, "", "a", 1, 5, 2, 6, &w) == NSB_ERR_ARG);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "a", -1, 5, 2, 6, &w) == NSB_ERR_ARG);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, -5, 2, 6, &w) == NSB_ERR_ARG);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, 5, -2, 6, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, 5, 2, 2, &w) == NSB_ERR_ARG);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "ring") != NULL);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(w == NULL && nsb_ctx_live_bytes(ctx) == 0);

  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, 4, 2, 6, &w) == NSB_OK);
  nsb_vtk_beam_frame f = beam_frame(0.0); /* 5 points > 4 */
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_ERR_ARG);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "5 points") != NULL);
  nsb_ctx_clear_error(ctx);
  nsb_vtk_beam_writer_destroy(&w);
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, 5, 1, 6, &w) == NSB_OK);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_ERR_ARG); /* 2 elements > 1 */
  nsb_ctx_clear_error(ctx);
  nsb_vtk_beam_writer_destroy(&w);

  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, dir, "a", 1, 5, 2, 6, &w) == NSB_OK);
  /* each case: one thing wrong in an otherwise valid frame */
  const int start_not_zero[3] = {1, 3, 5}, one_point[3] = {0, 1, 5}, short_end[3] = {0, 3, 4};
  const int decreasing[3] = {0, 6, 5};
  const int bad_shape[2] = {1, 4};
  const double neg_dims[4] = {0.2, -0.1, 0.05, 0.0}, nan_dims[4] = {0.2, 0.1, (double)NAN, 0.0};
  for (int c = 0; c < 12; ++c) {
    f = beam_frame(0.0);
    int want = NSB_ERR_ARG;
    switch (c) {
      case 0: f.line_start = start_not_zero; break;
      case 1: f.line_start = one_point; break;
      case 2: f.line_start = short_end; break;
      case 3: f.line_start = decreasing; break;
      case 4: f.shape = bad_shape; break;
      case 5: f.dims = neg_dims; break;
      case 6: f.dims = nan_dims; break;
      case 7: f.x = NULL; break;
      case 8: f.q = NULL; break;
      case 9: f.line_start = NULL; break;
      case 10: f.n_lines = 0; break; /* 5 points, no elements */
      case 11: f.time = (double)INFINITY; want = NSB_ERR_NOT_FINITE; break;
    }
    CU_ASSERT(nsb_vtk_write_beams(w, &f) == want);
    if (nsb_ctx_error_code(ctx) != want) fprintf(stderr, "  case %d: %s\n", c, nsb_ctx_error_message(ctx));
    nsb_ctx_clear_error(ctx);
  }
  /* a general section ignores dims[1]: only the used lengths are checked */
  const int general[2] = {1, 0};
  const double general_dims[4] = {0.2, 0.1, 0.05, (double)NAN};
  f = beam_frame(0.0);
  f.shape = general;
  f.dims = general_dims;
  CU_ASSERT(nsb_vtk_beam_n_steps(w) == 0);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  CU_ASSERT(nsb_vtk_beam_n_steps(w) == 1);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_vtk_beam_writer_destroy(NULL);
  nsb_test_end_ctx(&ctx);
}

static void test_beam_error_io(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_vtk_beam_writer* w = NULL;
  /* a regular file where the directory should be */
  FILE* blocker = fopen(TMP_DIR "/beam_blocker", "w");
  CU_ASSERT_FATAL(blocker != NULL);
  fclose(blocker);
  CU_ASSERT(nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_blocker/sub", "b", 1, 5, 2, 6, &w) == NSB_ERR_IO);
  CU_ASSERT(w == NULL && nsb_ctx_live_bytes(ctx) == 0);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/beam_blocker/sub") != NULL);
  nsb_ctx_clear_error(ctx);

  const char* dir = TMP_DIR "/beam_io";
  CU_ASSERT_FATAL(nsb_vtk_beam_writer_create(ctx, dir, "b", 1, B_PTS, B_LINES, 4, &w) == NSB_OK);
  nsb_vtk_beam_frame f = beam_frame(0.0);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
  char* axis_before = nsb_test_slurp(TMP_DIR "/beam_io/b.pvd", NULL);
  CU_ASSERT_FATAL(axis_before != NULL);

  /* surface .pvd lost: error names it, the axis .pvd is rolled back, step not counted */
  CU_ASSERT(remove(TMP_DIR "/beam_io/b_surface.pvd") == 0);
  f.time = 1.0;
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_ERR_IO);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/beam_io/b_surface.pvd") != NULL);
  char* axis_after = nsb_test_slurp(TMP_DIR "/beam_io/b.pvd", NULL);
  CU_ASSERT_FATAL(axis_after != NULL);
  CU_ASSERT_STRING_EQUAL(axis_after, axis_before);
  CU_ASSERT(!file_exists(TMP_DIR "/beam_io/b.pvd.tmp"));
  CU_ASSERT(nsb_vtk_beam_n_steps(w) == 1);
  nsb_ctx_clear_error(ctx);
  free(axis_before);
  free(axis_after);

  /* directory gone: error names the axis .vtu */
  const char* files[] = {"b.pvd", "b_000000.vtu", "b_000001.vtu", "b_surface_000000.vtu", "b_surface_000001.vtu"};
  for (size_t k = 0; k < sizeof files / sizeof files[0]; ++k) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, files[k]);
    CU_ASSERT(remove(path) == 0);
  }
  CU_ASSERT(rmdir(dir) == 0);
  CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_ERR_IO);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), TMP_DIR "/beam_io/b_000001.vtu") != NULL);
  CU_ASSERT(nsb_vtk_beam_n_steps(w) == 1);
  nsb_ctx_clear_error(ctx);
  nsb_vtk_beam_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);
}

/* Fail the k-th allocation of create for k = 1, 2, ... until create succeeds. */
static void test_beam_alloc_sweep(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  int failures = 0;
  for (long k = 1; k < 100; ++k) {
    nsb_vtk_beam_writer* w = NULL;
    nsb_ctx_fail_alloc_after(ctx, k);
    int status = nsb_vtk_beam_writer_create(ctx, TMP_DIR "/beam_sweep", "s", 0, B_PTS, B_LINES, B_RING, &w);
    nsb_ctx_fail_alloc_after(ctx, 0);
    if (status == NSB_OK) {
      nsb_vtk_beam_frame f = beam_frame(1.0);
      CU_ASSERT(nsb_vtk_write_beams(w, &f) == NSB_OK);
      nsb_vtk_beam_writer_destroy(&w);
      break;
    }
    ++failures;
    CU_ASSERT(status == NSB_ERR_ALLOC);
    CU_ASSERT(w == NULL);
    CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
    nsb_ctx_clear_error(ctx);
  }
  CU_ASSERT(failures == 30); /* create makes 30 allocations: 22 of its own, 3 of the zlib codec, 5 inside zlib */
  nsb_test_end_ctx(&ctx);
}

/* ---- contact points ------------------------------------------------------- */

/* Two contacts, one sticking (state 1, with a stick elongation) and one
   sliding (3): the ASCII piece carries friction_state as Int32, friction and
   stick_elongation as Float64 triples and plastic_rate, point by point, with the exact values
   (the 17 digits of %.17g give these short decimals back as written). */
static void test_contact_friction_arrays(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_contact_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_contact_writer_create(ctx, TMP_DIR "/contacts", "contacts", NSB_VTK_ASCII, 2, &w) == NSB_OK);
  const double x[6] = {0.0, 0.0, 0.0, 1.0, 0.0, 0.0}, normal[6] = {0.0, 0.0, 1.0, 0.0, 0.0, 1.0};
  const double gap[2] = {-0.001, -0.002}, force[2] = {2.0, 3.0}, impulse[6] = {0.0}, slip[2] = {0.0, 0.5};
  const int pair[2] = {1, 2}, slave[2] = {4, 9}, fstate[2] = {1, 3};
  const double friction[6] = {-0.25, 0.5, 0.0, 0.0, -1.5, 0.0}, stick[6] = {2.5e-05, -5e-05, 0.0, 0.0, 0.0, 0.0};
  const double rate[2] = {0.0, 0.75};
  nsb_vtk_contact_frame f = {.time = 0.5, .n = 2, .x = x, .normal = normal, .gap = gap, .force = force,
                             .impulse = impulse, .slip = slip, .pair = pair, .slave = slave, .fstate = fstate,
                             .friction = friction, .stick = stick, .rate = rate};
  CU_ASSERT(nsb_vtk_write_contacts(w, &f) == NSB_OK);
  nsb_vtk_contact_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);
  size_t n = 0;
  char* text = nsb_test_slurp(TMP_DIR "/contacts/contacts_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "<DataArray type=\"Int32\" Name=\"friction_state\" NumberOfComponents=\"1\" "
                         "format=\"ascii\">\n          1\n          3\n        </DataArray>") != NULL);
  CU_ASSERT(strstr(text, "<DataArray type=\"Float64\" Name=\"friction\" NumberOfComponents=\"3\" "
                         "format=\"ascii\">\n          -0.25 0.5 0\n          0 -1.5 0\n        </DataArray>") != NULL);
  CU_ASSERT(strstr(text, "<DataArray type=\"Float64\" Name=\"stick_elongation\" NumberOfComponents=\"3\" "
                         "format=\"ascii\">\n          2.5000000000000001e-05 -5.0000000000000002e-05 0\n"
                         "          0 0 0\n        </DataArray>") != NULL);
  CU_ASSERT(strstr(text, "<DataArray type=\"Float64\" Name=\"plastic_rate\" NumberOfComponents=\"1\" "
                         "format=\"ascii\">\n          0\n          0.75\n        </DataArray>") != NULL);
  free(text);
}

/* A frame without contacts still declares the friction arrays (empty), so
   that ParaView keeps friction_state selectable over the whole series. */
static void test_contact_empty_frame(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_vtk_contact_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_contact_writer_create(ctx, TMP_DIR "/contacts_empty", "contacts", NSB_VTK_BINARY, 0, &w) ==
                  NSB_OK);
  nsb_vtk_contact_frame f = {.time = 0.0, .n = 0};
  CU_ASSERT(nsb_vtk_write_contacts(w, &f) == NSB_OK);
  nsb_vtk_contact_writer_destroy(&w);
  nsb_test_end_ctx(&ctx);
  size_t n = 0;
  char* text = nsb_test_slurp(TMP_DIR "/contacts_empty/contacts_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "NumberOfPoints=\"0\" NumberOfCells=\"0\"") != NULL);
  CU_ASSERT(count_substr(text, "Name=\"friction_state\"") == 1);
  CU_ASSERT(count_substr(text, "Name=\"friction\"") == 1);
  CU_ASSERT(count_substr(text, "Name=\"stick_elongation\"") == 1);
  CU_ASSERT(count_substr(text, "Name=\"plastic_rate\"") == 1);
  free(text);
}

static const nsb_test_suite suites[] = {
    {"vtk", (const nsb_test_case[]){{"golden_ascii", test_golden_ascii},
                                   {"binary_appended", test_binary},
                                   {"axes_general_quaternion", test_axes_general},
                                   {"pvd_collection", test_pvd},
                                   {"empty_frame", test_empty_frame},
                                   {"error_unwritable_dir", test_error_unwritable_dir},
                                   {"error_args", test_error_args},
                                   {"alloc_sweep", test_alloc_sweep},
                                   {NULL, NULL}}},
    {"vtk_beams", (const nsb_test_case[]){{"golden_ascii", test_beam_golden_ascii},
                                         {"binary_appended", test_beam_binary},
                                         {"surface_geometry", test_beam_surface},
                                         {"pvd_collections", test_beam_pvd},
                                         {"empty_frame", test_beam_empty},
                                         {"error_args", test_beam_error_args},
                                         {"error_io", test_beam_error_io},
                                         {"alloc_sweep", test_beam_alloc_sweep},
                                         {NULL, NULL}}},
    {"vtk_contacts", (const nsb_test_case[]){{"friction_arrays_ascii", test_contact_friction_arrays},
                                            {"empty_frame", test_contact_empty_frame},
                                            {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

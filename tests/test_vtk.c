/* test_vtk.c -- tests of io/vtk.c: golden ASCII .vtu, appended binary block
 * parsed back, .pvd collection, error paths, allocation-failure sweep.
 *
 * Files go under NSB_BINARY_DIR/tests_tmp/vtk.  Set NSB_UPDATE_GOLDEN=1 to
 * rewrite tests/data/vtk_golden_bodies.vtu from the current writer (then
 * inspect the diff by eye before committing it).  The read-back with VTK's own
 * readers is the ctest pair vtk_readback_ascii/binary (tests/vtk.cmake).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cunit_main.h"
#include "io/vtk.h"
#include "solver/base/vec.h"

#define TMP_DIR NSB_BINARY_DIR "/tests_tmp/vtk"

/* ---- helpers --------------------------------------------------------------- */

/* Whole file into a malloc'd NUL-terminated buffer (test code: plain malloc). */
static char* slurp(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc((size_t)n + 1);
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf) buf[n] = '\0';
  if (size) *size = (size_t)n;
  return buf;
}

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
                     N_LINES, s_line_points, s_line_kind};
  return f;
}

static nsb_ctx* new_ctx(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  return ctx;
}

static void end_ctx(nsb_ctx** ctx) {
  CU_ASSERT(nsb_ctx_live_bytes(*ctx) == 0);
  nsb_ctx_destroy(ctx);
}

/* ---- golden ASCII ------------------------------------------------------- */

static void test_golden_ascii(void) {
  nsb_ctx* ctx = new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/golden", "bodies", 1, N_PTS, N_LINES, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.125);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  CU_ASSERT(w == NULL);
  end_ctx(&ctx);

  const char* out = TMP_DIR "/golden/bodies_000000.vtu";
  const char* golden = NSB_TEST_DATA_DIR "/vtk_golden_bodies.vtu";
  size_t n_out = 0, n_gold = 0;
  char* got = slurp(out, &n_out);
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
  char* want = slurp(golden, &n_gold);
  CU_ASSERT_FATAL(want != NULL);
  CU_ASSERT(n_out == n_gold && memcmp(got, want, n_out) == 0);
  if (n_out != n_gold || memcmp(got, want, n_out) != 0) fprintf(stderr, "  diff %s %s\n", golden, out);
  free(got);
  free(want);
}

/* ---- appended binary read back --------------------------------------------- */

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

/* Parse the .vtu at path: every DataArray in file order must match ex[k]
 * (name, type, components, appended offset = running sum, UInt64 byte count,
 * raw bytes), and the block must end right after the last array. */
static void check_appended(const char* path, const expected_array* ex, int n_ex) {
  size_t n = 0;
  char* text = slurp(path, &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "header_type=\"UInt64\"") != NULL);
  CU_ASSERT(strstr(text, "byte_order=\"LittleEndian\"") != NULL); /* test host is x86-64/aarch64 LE */
  const char* app = strstr(text, "<AppendedData encoding=\"raw\">");
  CU_ASSERT_FATAL(app != NULL);
  const char* under = strchr(app, '_');
  CU_ASSERT_FATAL(under != NULL);
  const unsigned char* block = (const unsigned char*)under + 1;
  uint64_t running = 0;
  const char* tag = text;
  int k = 0;
  for (; (tag = strstr(tag, "<DataArray")) && tag < app; ++tag, ++k) {
    CU_ASSERT_FATAL(k < n_ex);
    char name[64], type[32], comp[16], off[32], fmt[16];
    CU_ASSERT_FATAL(tag_attr(tag, "Name", name, sizeof name) && tag_attr(tag, "type", type, sizeof type) &&
                    tag_attr(tag, "NumberOfComponents", comp, sizeof comp) &&
                    tag_attr(tag, "offset", off, sizeof off) && tag_attr(tag, "format", fmt, sizeof fmt));
    CU_ASSERT_STRING_EQUAL(name, ex[k].name);
    CU_ASSERT_STRING_EQUAL(type, ex[k].type);
    CU_ASSERT_STRING_EQUAL(fmt, "appended");
    CU_ASSERT(atoi(comp) == ex[k].n_comp);
    CU_ASSERT(strtoull(off, NULL, 10) == running);
    uint64_t count = 0;
    CU_ASSERT_FATAL(block + running + 8 <= (const unsigned char*)text + n);
    memcpy(&count, block + running, 8);
    CU_ASSERT(count == ex[k].bytes);
    if (count != ex[k].bytes) fprintf(stderr, "  %s: %llu bytes, want %zu\n", name, (unsigned long long)count, ex[k].bytes);
    CU_ASSERT_FATAL(block + running + 8 + count <= (const unsigned char*)text + n);
    CU_ASSERT(memcmp(block + running + 8, ex[k].data, ex[k].bytes) == 0);
    running += 8 + count;
  }
  CU_ASSERT(k == n_ex);
  const char* tail = "\n  </AppendedData>\n</VTKFile>\n";
  CU_ASSERT((size_t)(block - (const unsigned char*)text) + running + strlen(tail) == n);
  CU_ASSERT(memcmp(block + running, tail, strlen(tail)) == 0);
  free(text);
}

static void test_binary(void) {
  nsb_ctx* ctx = new_ctx();
  nsb_vtk_writer* w = NULL;
  /* capacity larger than the frame: arrays must be cut at n, not at capacity */
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/binary", "bodies", 0, 5, 3, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.125);
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  /* second step: optional arrays absent -> zeros and identity */
  f.time = 0.25;
  f.u = NULL;
  f.q = NULL;
  f.w = NULL;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  end_ctx(&ctx);

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
      {"label", "Int32", 1, 8, s_label},
      {"kind", "Int32", 1, 8, s_kind},
      {"kind", "Int32", 1, 12, cell_kind},
      {"Points", "Float64", 3, 48, s_x},
      {"connectivity", "Int64", 1, 32, conn},
      {"offsets", "Int64", 1, 24, offs},
      {"types", "UInt8", 1, 3, types},
  };
  int n_ex = (int)(sizeof ex / sizeof ex[0]);
  check_appended(TMP_DIR "/binary/bodies_000000.vtu", ex, n_ex);
  ex[0].data = &t1;
  ex[1].data = zeros;
  ex[3].data = zeros;
  ex[4].data = ident_q;
  ex[5].data = ident_e1;
  ex[6].data = ident_e2;
  ex[7].data = ident_e3;
  check_appended(TMP_DIR "/binary/bodies_000001.vtu", ex, n_ex);
}

/* Axes of a general (non-normalised) quaternion are orthonormal, right-handed
 * and equal to R(q/|q|) applied to the base vectors. */
static void test_axes_general(void) {
  nsb_ctx* ctx = new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/axes", "axes", 0, 2, 1, &w) == NSB_OK);
  nsb_vtk_frame f = sample_frame(0.0);
  const double q[8] = {2.0, 0.0, 0.0, 0.0, 0.3, -1.1, 0.7, 2.0}; /* |q| != 1 for both */
  f.q = q;
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  end_ctx(&ctx);

  size_t n = 0;
  char* text = slurp(TMP_DIR "/axes/axes_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  const char* app = strchr(strstr(text, "<AppendedData"), '_') + 1;
  double e[3][6];
  const char* names[3] = {"\"e1\"", "\"e2\"", "\"e3\""};
  for (int k = 0; k < 3; ++k) {
    const char* tag = strstr(text, names[k]);
    CU_ASSERT_FATAL(tag != NULL);
    char off[32];
    CU_ASSERT_FATAL(tag_attr(tag, "offset", off, sizeof off));
    memcpy(e[k], app + strtoull(off, NULL, 10) + 8, sizeof e[k]);
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
  nsb_ctx* ctx = new_ctx();
  nsb_vtk_writer* w = NULL;
  /* trailing slash in dir must not leak into the paths */
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/pvd/deep/", "run", 1, N_PTS, N_LINES, &w) == NSB_OK);
  const char* pvd = nsb_vtk_pvd_path(w);
  CU_ASSERT_STRING_EQUAL(pvd, TMP_DIR "/pvd/deep/run.pvd");

  /* right after create: a valid collection with no steps */
  size_t n = 0;
  char* text = slurp(pvd, &n);
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
    text = slurp(pvd, &n);
    CU_ASSERT_FATAL(text != NULL);
    CU_ASSERT(xml_well_formed(text, n));
    CU_ASSERT(count_substr(text, "<DataSet ") == s + 1);
    free(text);
  }
  CU_ASSERT(nsb_ctx_alloc_count(ctx) == allocs); /* nsb_vtk_write allocates nothing */
  CU_ASSERT(!file_exists(TMP_DIR "/pvd/deep/run.pvd.tmp"));
  nsb_vtk_writer_destroy(&w);
  end_ctx(&ctx);

  text = slurp(TMP_DIR "/pvd/deep/run.pvd", &n);
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
    char* vtu = slurp(path, &n);
    CU_ASSERT_FATAL(vtu != NULL);
    CU_ASSERT(xml_well_formed(vtu, n));
    free(vtu);
  }
}

/* A frame with no points and no lines is a valid (empty) grid. */
static void test_empty_frame(void) {
  nsb_ctx* ctx = new_ctx();
  nsb_vtk_writer* w = NULL;
  CU_ASSERT_FATAL(nsb_vtk_writer_create(ctx, TMP_DIR "/empty", "e", 0, 0, 0, &w) == NSB_OK);
  nsb_vtk_frame f = {0};
  CU_ASSERT(nsb_vtk_write(w, &f) == NSB_OK);
  nsb_vtk_writer_destroy(&w);
  end_ctx(&ctx);
  size_t n = 0;
  char* text = slurp(TMP_DIR "/empty/e_000000.vtu", &n);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT(xml_well_formed(text, n));
  CU_ASSERT(strstr(text, "NumberOfPoints=\"0\" NumberOfCells=\"0\"") != NULL);
  free(text);
}

/* ---- errors ----------------------------------------------------------------- */

static void test_error_unwritable_dir(void) {
  nsb_ctx* ctx = new_ctx();
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
  end_ctx(&ctx);
}

static void test_error_args(void) {
  nsb_ctx* ctx = new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_vtk_writer* w = NULL;
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a/b", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, "", "a", 1, 2, 1, &w) == NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(nsb_vtk_writer_create(ctx, TMP_DIR "/args", "a", 2, 2, 1, &w) == NSB_ERR_ARG);
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
  f = sample_frame(NAN);
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
  end_ctx(&ctx);
}

/* Fail the k-th allocation of create for k = 1, 2, ... until create succeeds:
 * every failure returns NSB_ERR_ALLOC, leaves *out NULL and leaks nothing. */
static void test_alloc_sweep(void) {
  nsb_ctx* ctx = new_ctx();
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
  CU_ASSERT(failures >= 10); /* create makes 14 allocations */
  end_ctx(&ctx);
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
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

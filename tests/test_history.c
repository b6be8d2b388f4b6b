/* test_history.c -- the CSV writers of io/history.h.
 *
 * Suites:
 *   g17     nsb_history_format_g17 writes the bytes of snprintf's %.17g for
 *           integral values (zeros of both signs, up to 2^53 and beyond, its
 *           own path), special values, subnormals, decades and a million
 *           random bit patterns;
 *   format  every number of history.csv and contacts.csv, written without
 *           printf, is the text of printf's %.17g of the value it reads
 *           back as (and the integers that of %ld), for a particle bouncing
 *           on a plane: positive and negative values, zeros, large and small
 *           magnitudes, the obstacle's name in the contact rows;
 *   flush   rows are pushed to the file at an output time once a hundredth of a
 *           second has passed since the last flush, and every row by
 *           nsb_history_flush, after which nsb_history_tell is the file's size
 *           (what a checkpoint counts).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "io/deck.h"
#include "io/history.h"
#include "io/run.h"
#include "model/model.h"
#include "solver/system.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

#define OUT NSB_BINARY_DIR "/tests_tmp/history"

/* A particle dropped on a plane, e = 0.5, contact and history rows at every
   increment; the plane's normal tilted so that every probe column moves. */
static const char* const BOUNCE =
    "*NODE, NSET=BALL\n1, 0.1, -0.2, 0.35\n"
    "*PARTICLE, NODE=1, MASS=0.7, RADIUS=0.1\n"
    "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0.1, 0.05, 1\n"
    "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.5\nBALL, FLOOR\n"
    "*GRAVITY\n0, 0, -9.81\n"
    "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, 0.3\n1, 2, -1e-7\n"
    "*PROBE, NAME=ball, NODE=1\nX, U, V\n"
    "*STEP\n*DYNAMIC\n0.001, 0.5\n*OUTPUT, FORMAT=HISTORY\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n";

/* Check every field of the data rows of path: the numbers are %.17g of
   their value, the integer columns (is_int[c]) %ld; text_col is skipped
   (-1: none).  Returns the number of rows. */
static int check_fields(const char* path, const int* is_int, int n_int, int text_col) {
  char* text = nsb_test_slurp(path, NULL);
  CU_ASSERT_FATAL(text != NULL);
  int rows = 0, bad = 0;
  char* save_row = NULL;
  char* line = strtok_r(text, "\n", &save_row);
  for (line = strtok_r(NULL, "\n", &save_row); line; line = strtok_r(NULL, "\n", &save_row)) {
    ++rows;
    int col = 0;
    char* save_f = NULL;
    for (char* f = strtok_r(line, ",", &save_f); f; f = strtok_r(NULL, ",", &save_f), ++col) {
      if (col == text_col) continue;
      char expect[64];
      if (col < n_int && is_int[col])
        snprintf(expect, sizeof expect, "%ld", strtol(f, NULL, 10));
      else
        snprintf(expect, sizeof expect, "%.17g", strtod(f, NULL));
      if (strcmp(expect, f) != 0 && bad++ < 5) printf("\n  %s row %d column %d: '%s', %%.17g '%s'", path, rows, col, f, expect);
    }
  }
  CU_ASSERT_EQUAL(bad, 0);
  free(text);
  return rows;
}

static void test_format(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_FATAL(nsb_deck_read_string(ctx, "bounce.inp", BOUNCE, stderr, &m, &n_err) == NSB_OK);
  nsb_run_options opt = nsb_run_default_options();
  opt.outdir = OUT;
  opt.quiet = 1;
  opt.report = NULL;
  nsb_stats stats;
  CU_ASSERT_FATAL(nsb_run(ctx, m, &opt, &stats) == NSB_OK);
  /* history: time, step, increment, newton_iterations, then numbers */
  const int hist_int[] = {0, 1, 1, 1};
  CU_ASSERT_EQUAL(check_fields(OUT "/history.csv", hist_int, 4, -1), 501);
  /* contacts: time, pair, slave_node, master (a name), then numbers; the
     ball bounces: several impacts, rows at each */
  const int clog_int[] = {0, 1, 1};
  CU_ASSERT(check_fields(OUT "/contacts.csv", clog_int, 3, 3) >= 3);
  char* clog = nsb_test_slurp(OUT "/contacts.csv", NULL);
  CU_ASSERT_FATAL(clog != NULL);
  CU_ASSERT_PTR_NOT_NULL(strstr(clog, ",1,1,FLOOR,"));
  free(clog);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static long file_size(const char* path) {
  struct stat sb;
  return stat(path, &sb) == 0 ? (long)sb.st_size : -1;
}

static void test_flush(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  nsb_system* s = NULL;
  nsb_history* h = NULL;
  int n_err = 0;
  CU_ASSERT_FATAL(nsb_deck_read_string(ctx, "bounce.inp", BOUNCE, stderr, &m, &n_err) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_create(ctx, m, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_begin_step(s, 0, 0.0) == NSB_OK);
  (void)mkdir(NSB_BINARY_DIR "/tests_tmp", 0777);
  (void)mkdir(OUT, 0777);
  const char* path = OUT "/flush.csv";
  CU_ASSERT_FATAL(nsb_history_open(ctx, path, m, &h) == NSB_OK);
  long header = file_size(path);
  CU_ASSERT(header > 0); /* the header is on disk at open */
  for (int k = 0; k < 3; ++k) CU_ASSERT(nsb_history_write(h, s, k, 0) == NSB_OK);
  CU_ASSERT(nsb_history_flush(h) == NSB_OK);
  long three = file_size(path);
  CU_ASSERT(three > header);
  CU_ASSERT_EQUAL(nsb_history_tell(h), three);
  /* well over a hundredth of a second later the next row goes out at once */
  struct timespec nap = {0, 150000000L};
  nanosleep(&nap, NULL);
  CU_ASSERT(nsb_history_write(h, s, 3, 0) == NSB_OK);
  CU_ASSERT_EQUAL(file_size(path), three + (three - header) / 3);
  CU_ASSERT_EQUAL(nsb_history_tell(h), file_size(path));
  nsb_history_close(&h);
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

/* One value: nsb_history_format_g17 against snprintf's %.17g; 1 when they differ. */
static int g17_differs(double x) {
  char got[NSB_HISTORY_G17_MAX + 8], want[64];
  memset(got, 'x', sizeof got);
  int n = nsb_history_format_g17(got, x);
  snprintf(want, sizeof want, "%.17g", x);
  int bad = n != (int)strlen(want) || memcmp(got, want, strlen(want) + 1) != 0;
  if (bad) printf("\n  %.17g: '%.*s' (%d bytes), %%.17g '%s'", x, n > 0 && n < 40 ? n : 0, got, n, want);
  return bad;
}

static void test_g17(void) {
  const double two53 = 9007199254740992.0;
  const double fixed[] = {0.0, -0.0, 1.0, -1.0, 2.0, 10.0, 100.0, 12345.0, -987654321.0, 1e15, -1e15, 1e16, 1e17,
                          1e18, two53 - 1.0, two53, two53 + 2.0, -two53 + 1.0, -two53, 4503599627370495.5, 0.5,
                          -0.5, 1.5, 1e-300, 4.9406564584124654e-324, -2.2250738585072014e-308, 1.7976931348623157e308,
                          0.1, 1.0 / 3.0, 123456789012345678.0, 9.2233720368547758e18, -9.2233720368547758e18,
                          INFINITY, -INFINITY, NAN, -NAN};
  int bad = 0;
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k) bad += g17_differs(fixed[k]);
  /* every power of ten and its neighbours */
  for (int e = -320; e <= 308; ++e) {
    double p = pow(10.0, e);
    bad += g17_differs(p) + g17_differs(nextafter(p, 0.0)) + g17_differs(-nextafter(p, INFINITY));
  }
  /* random integers of every size up to 2^60, and random bit patterns */
  unsigned long long r = 88172645463325252ull;
  for (int k = 0; k < 1000000; ++k) {
    r ^= r << 13;
    r ^= r >> 7;
    r ^= r << 17;
    double x;
    memcpy(&x, &r, sizeof x);
    bad += g17_differs(x);
    long long i = (long long)(r >> (4 + k % 60));
    bad += g17_differs((double)(k % 2 ? i : -i));
  }
  CU_ASSERT_EQUAL(bad, 0);
}

static const nsb_test_suite suites[] = {{"g17", (const nsb_test_case[]){{"exact", test_g17}, {NULL, NULL}}},
                                        {"format", (const nsb_test_case[]){{"rows", test_format}, {NULL, NULL}}},
                                        {"flush", (const nsb_test_case[]){{"interval", test_flush}, {NULL, NULL}}},
                                        {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

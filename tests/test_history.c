/* test_history.c -- the CSV writers of io/history.h and their number format (base/numfmt.h).
 *
 * Suites:
 *   g17     nsb_fmt_g17 writes the bytes of snprintf's %.17g for
 *           integral values (zeros of both signs, up to 2^53 and beyond, its
 *           own path) and all others (its exact path and strfromd beyond):
 *           special values, every power of two (subnormals included) and
 *           of ten with their neighbours, every kind of tie of 17 digits,
 *           random subnormals, random bit patterns over the whole range and
 *           over the exact path's, random 17-digit decimals; NSB_G17_RANDOM=N
 *           in the environment runs N of each random kind (a longer check);
 *   format  every number of history.csv and contacts.csv, written without
 *           printf, is the text of printf's %.17g of the value it reads
 *           back as (and the integers that of %ld), for a particle bouncing
 *           on a plane: positive and negative values, zeros, large and small
 *           magnitudes, the obstacle's name in the contact rows;
 *   flush   rows are pushed to the file at an output time once a hundredth of a
 *           second has passed since the last flush, and every row by
 *           nsb_history_flush, after which nsb_history_tell is the file's size
 *           (what a checkpoint counts);
 *   energies the energies a row reads after an increment, kept from the
 *           increment where they hold (a particle or rigid body on Newton-law
 *           contacts), are those of a fresh evaluation, bit for bit; also
 *           with a compliant contact's friction, whose rows evaluate them.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/numfmt.h"
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

/* One value: nsb_fmt_g17 against snprintf's %.17g; 1 when they differ. */
static int g17_differs(double x) {
  char got[NSB_G17_MAX + 8], want[64];
  memset(got, 'x', sizeof got);
  int n = nsb_fmt_g17(got, x);
  snprintf(want, sizeof want, "%.17g", x);
  int bad = n != (int)strlen(want) || memcmp(got, want, strlen(want) + 1) != 0;
  if (bad) printf("\n  %.17g: '%.*s' (%d bytes), %%.17g '%s'", x, n > 0 && n < 40 ? n : 0, got, n, want);
  return bad;
}

/* xorshift64: the test's random bits, the same sequence in every run */
static unsigned long long next_random(unsigned long long* r) {
  *r ^= *r << 13;
  *r ^= *r >> 7;
  *r ^= *r << 17;
  return *r;
}

/* x and its n neighbours on each side, both signs; returns the count of differences */
static int g17_around(double x, int n) {
  int bad = g17_differs(x) + g17_differs(-x);
  double lo = x, hi = x;
  for (int k = 0; k < n; ++k) {
    lo = nextafter(lo, -INFINITY);
    hi = nextafter(hi, INFINITY);
    bad += g17_differs(lo) + g17_differs(hi) + g17_differs(-lo) + g17_differs(-hi);
  }
  return bad;
}

/* Random comparisons (count each kind): bit patterns over the whole range,
   normal values of the binary exponents the exact path covers, and decimals of
   17 random digits read back (a CSV's own values).  Returns the differences. */
static int g17_random(long count, unsigned long long seed) {
  unsigned long long r = seed;
  int bad = 0;
  for (long k = 0; k < count; ++k) {
    unsigned long long u = next_random(&r);
    double x;
    memcpy(&x, &u, sizeof x);
    bad += g17_differs(x);
    /* biased exponent 1023 - 140 .. 1023 + 155: 1e-42 .. 1e47, the exact range and beyond */
    unsigned long long bits = (u & 0x800fffffffffffffull) | ((unsigned long long)(883 + (long)(u >> 52) % 296) << 52);
    memcpy(&x, &bits, sizeof x);
    bad += g17_differs(x);
    char text[40];
    snprintf(text, sizeof text, "%llu.%017llue%d", (unsigned long long)(u % 9u) + 1u, next_random(&r) % 100000000000000000ull,
             (int)(u >> 40) % 90 - 45);
    bad += g17_differs(strtod(text, NULL));
    long long i = (long long)(u >> (4 + k % 60));
    bad += g17_differs((double)(k % 2 ? i : -i));
  }
  return bad;
}

static void test_g17(void) {
  const double two53 = 9007199254740992.0;
  const double fixed[] = {0.0, -0.0, 1.0, -1.0, 2.0, 10.0, 100.0, 12345.0, -987654321.0, 1e15, -1e15, 1e16, 1e17,
                          1e18, two53 - 1.0, two53, two53 + 2.0, -two53 + 1.0, -two53, 4503599627370495.5, 0.5,
                          -0.5, 1.5, 1e-300, 4.9406564584124654e-324, -2.2250738585072014e-308, 1.7976931348623157e308,
                          0.1, 1.0 / 3.0, 123456789012345678.0, 9.2233720368547758e18, -9.2233720368547758e18,
                          1e-5, 1e-4, 9.99999999999999999e-5, 0.0001000000000000000002, 99999999999999999.0, 1e23,
                          8.5e-5, 1e-39, 1e44, 9.9999999999999999e43, 1.0000000000000001e-39, 1234567890123456.25,
                          1234567890123456.75, INFINITY, -INFINITY, NAN, -NAN};
  int bad = 0;
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k) bad += g17_differs(fixed[k]);
  /* every power of two, subnormals included, and of ten, with neighbours: the
     decades' edges, where the digit count, the %f/%e choice or a rounding carry
     changes */
  for (int e = -1074; e <= 1023; ++e) bad += g17_around(ldexp(1.0, e), 2);
  for (int e = -323; e <= 308; ++e) {
    char text[16];
    snprintf(text, sizeof text, "1e%d", e);
    bad += g17_around(strtod(text, NULL), 4);
  }
  /* every tie of 17 digits is r 2^-j with r odd, j = 17 - k, |x| in [10^k, 10^(k+1)):
     18 significant digits ending in 5, which exist for k = -8 .. 15 (r < 2^53);
     random r of each decade, and the ties' neighbours */
  unsigned long long r = 0x9e3779b97f4a7c15ull;
  int ties = 0, made = 0;
  for (int k = -8; k <= 15; ++k) {
    const int j = 17 - k;
    const double lo = ceil(ldexp(pow(10.0, k), j)), hi = fmin(floor(ldexp(pow(10.0, k + 1), j)), 9007199254740991.0);
    if (!(lo <= hi)) continue;
    for (int n = 0; n < 2000; ++n) {
      unsigned long long span = (unsigned long long)(hi - lo) + 1u;
      unsigned long long v = (unsigned long long)lo + next_random(&r) % span;
      if (!(v & 1u)) v = v + 1u <= (unsigned long long)hi ? v + 1u : v - 1u;
      if (!(v & 1u) || (double)v < lo) continue;
      double x = ldexp((double)v, -j);
      ++made;
      char e18[64];
      snprintf(e18, sizeof e18, "%.40e", x); /* exact: d.ddddddddddddddddd5 then zeros */
      ties += e18[18] == '5' && strspn(e18 + 19, "0") == 23;
      bad += g17_around(x, 1);
    }
  }
  CU_ASSERT(made > 40000);
  CU_ASSERT_EQUAL(ties, made);
  /* subnormals: random mantissas */
  for (int n = 0; n < 20000; ++n) {
    unsigned long long u = next_random(&r) & 0x800fffffffffffffull;
    double x;
    memcpy(&x, &u, sizeof x);
    bad += g17_differs(x);
  }
  /* NSB_G17_RANDOM=N: a longer run of the random comparisons (N of each kind) */
  const char* env = getenv("NSB_G17_RANDOM");
  long count = env ? atol(env) : 300000;
  bad += g17_random(count, 88172645463325252ull);
  if (env) printf("\n  %ld random values of each of 4 kinds, %d differences\n", count, bad);
  CU_ASSERT_EQUAL(bad, 0);
}

/* The memo of recurring numbers (nsb_g17_memo_format): values drawn at random
   from a pool of 300 (so that most recur, and many share a slot of the 64 and
   evict one another), each compared with snprintf's %.17g, including the
   copies a hit makes. */
static void test_g17_memo(void) {
  double pool[300];
  unsigned long long r = 0x2545f4914f6cdd1dull;
  const double special[] = {0.0, -0.0, 1.0, -3.0, 0.5, 1e-300, 4.9406564584124654e-324, INFINITY, -INFINITY, NAN, -NAN,
                            1e44, 1e17, 123456.0};
  const int ns = (int)(sizeof special / sizeof special[0]);
  for (int k = 0; k < 300; ++k) {
    unsigned long long u = next_random(&r);
    double x;
    memcpy(&x, &u, sizeof x);
    if (k < ns)
      x = special[k];
    else if (k % 3 == 0)
      x = ldexp((double)(u >> 11), -(int)(u % 60)); /* values of a row: near 1 and below */
    else if (k % 3 == 1)
      x = -(double)(u >> 20) * 1e-7;
    pool[k] = x;
  }
  nsb_g17_memo memo;
  nsb_g17_memo_init(&memo);
  int bad = 0, hits = 0;
  for (int n = 0; n < 200000; ++n) {
    const double x = pool[next_random(&r) % 300u];
    char got[NSB_G17_MAX + 8], want[64];
    memset(got, 'x', sizeof got);
    unsigned long long bits;
    memcpy(&bits, &x, sizeof bits);
    const int was = memo.bits[(bits * 0x9e3779b97f4a7c15ull) >> 58] == bits;
    int len = nsb_g17_memo_format(&memo, got, x);
    snprintf(want, sizeof want, "%.17g", x);
    hits += was;
    if (len != (int)strlen(want) || memcmp(got, want, strlen(want) + 1) != 0) {
      if (bad < 10) printf("\n  %.17g: '%.*s' (%d bytes), %%.17g '%s'", x, len > 0 && len < 40 ? len : 0, got, len, want);
      ++bad;
    }
  }
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT(hits > 10000); /* the copies were tested, not only the conversions */
}

/* The energies a history row reads after an increment (kept from the
   increment's own pass where they still hold after the contacts' finish,
   nsb_sys_increment_energy) are those of a fresh pass over the elements at
   the same state, bit for bit.  An element's evaluation
   (nsb_system_eval_element) marks the kept ones stale, so the second
   nsb_system_energy evaluates them all. */
static void energies_after_increments(const char* deck, double h, int n) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  nsb_system* s = NULL;
  int n_err = 0;
  CU_ASSERT_FATAL(nsb_deck_read_string(ctx, "energies.inp", deck, stderr, &m, &n_err) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_create(ctx, m, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_begin_step(s, 0, 0.0) == NSB_OK);
  nsb_newton_report rep;
  CU_ASSERT_FATAL(nsb_system_initial_acceleration(s, &rep) == NSB_OK);
  int bad = 0, moved = 0;
  double f[64], e_first = 0.0;
  for (int k = 0; k < n; ++k) {
    CU_ASSERT_FATAL(nsb_system_increment(s, h, &rep) == NSB_OK);
    nsb_energy kept, fresh;
    nsb_system_energy(s, &kept);
    CU_ASSERT_FATAL(nsb_system_element(s, 0)->n_local <= 64);
    CU_ASSERT_FATAL(nsb_system_eval_element(s, 0, f, NULL) >= 0);
    nsb_system_energy(s, &fresh);
    if (memcmp(&kept, &fresh, sizeof kept) != 0 && bad++ < 3)
      printf("\n  increment %d: kinetic %.17g / %.17g, potential %.17g / %.17g, power %.17g / %.17g", k + 1,
             kept.kinetic, fresh.kinetic, kept.potential, fresh.potential, kept.power, fresh.power);
    if (k == 0) e_first = fresh.kinetic + fresh.potential;
    moved |= fresh.kinetic + fresh.potential != e_first || fresh.dissipated > 0.0;
  }
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT(moved); /* the energies changed along the run: compared, not constant */
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static void test_energies_kept(void) {
  /* a particle bouncing on a plane (kept: the ball of benchmarks/peers) */
  energies_after_increments(BOUNCE, 0.001, 500);
  /* a rigid ball with Coulomb friction on a floor (kept: Newton-law contacts) */
  energies_after_increments("*NODE, NSET=BALL\n1, 0.0, 0.0, 0.1\n*RIGID BODY, NODE=1, MASS=1.0\n0.004, 0.004, 0.004\n"
                            "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
                            "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.2, SLAVE RADIUS=0.1\nBALL, FLOOR\n"
                            "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, 2.0\n1, 5, -10.0\n"
                            "*GRAVITY\n0, 0, -9.81\n*STEP\n*DYNAMIC\n0.001, 0.3\n*END STEP\n",
                            0.001, 300);
  /* a compliant contact with elasto-plastic friction, whose finish changes
     its stick energy (not kept: the row evaluates them) */
  energies_after_increments("*NODE, NSET=BALL\n1, 0.0, 0.0, 0.0999\n*PARTICLE, NODE=1, MASS=1.0, RADIUS=0.1\n"
                            "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
                            "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=1e+06, EXPONENT=1.0, DAMPING=100, FRICTION=0.4, "
                            "FRICTION LAW=ELASTOPLASTIC, SLIP VELOCITY=1e-4, STICK EPSILON=0.01, STICK FREQUENCY=10.0, "
                            "STICK MASS=1.0\nBALL, FLOOR\n"
                            "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, 0.5\n"
                            "*GRAVITY\n0, 0, -9.81\n*STEP\n*DYNAMIC\n0.0001, 0.02\n*END STEP\n",
                            0.0001, 200);
}

static const nsb_test_suite suites[] = {{"g17", (const nsb_test_case[]){{"exact", test_g17}, {"memo", test_g17_memo}, {NULL, NULL}}},
                                        {"format", (const nsb_test_case[]){{"rows", test_format}, {NULL, NULL}}},
                                        {"flush", (const nsb_test_case[]){{"interval", test_flush}, {NULL, NULL}}},
                                        {"energies", (const nsb_test_case[]){{"kept", test_energies_kept}, {NULL, NULL}}},
                                        {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

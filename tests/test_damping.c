/* test_damping.c -- the material's Rayleigh damping (*DAMPING) over whole runs.
 *
 * Suites:
 *   balance   a cantilever released from a static tip deflection with
 *             ALPHA and BETA, RHOINF=1: total_energy + dissipated keeps its
 *             value after the release as well as the same run without
 *             damping keeps its energy (the booked work is the scheme's own),
 *             while the damping takes a large part of the energy; for each
 *             beam element and weighting;
 *   ignored   *STATIC and *FREQUENCY steps give bit for bit the results of
 *             the same deck without *DAMPING.
 * Kernel-level checks (tangent, rigid spin, objectivity): tests/test_beam.c
 * and tests/test_beam_strain.c, suites damping; decay rates:
 * benchmarks/beam_rayleigh_damping.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "io/deck.h"
#include "io/run.h"
#include "model/model.h"
#include "test_util.h"

/* The cantilever: 10 elements of `type` (B2V or B2S) along x, L = 1 m,
   steel RECT 0.02 x 0.01 (EI = 350 N m^2 about the weak axis, first bending
   frequency about 52.7 rad/s), clamped at node 1, `damping` (a *DAMPING
   line or ""), tip load -10 N along z held by a static step to t = 1 and
   removed (amplitude REL) for the step `dyn`. */
static void cantilever(char* text, size_t n, const char* type, const char* damping, const char* dyn) {
  size_t k = 0;
  k += (size_t)snprintf(text + k, n - k, "*NODE\n");
  for (int i = 0; i <= 10; ++i) k += (size_t)snprintf(text + k, n - k, "%d, %.17g, 0, 0\n", i + 1, 0.1 * i);
  k += (size_t)snprintf(text + k, n - k, "*ELEMENT, TYPE=%s, ELSET=BEAM\n", type);
  for (int i = 0; i < 10; ++i) k += (size_t)snprintf(text + k, n - k, "%d, %d, %d\n", i + 1, i + 1, i + 2);
  k += (size_t)snprintf(text + k, n - k,
                        "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7800\n%s%s"
                        "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n0.02, 0.01\n0, 0, 1\n"
                        "*BOUNDARY\n1, 1, 6\n"
                        "*AMPLITUDE, NAME=REL, TIME=TOTAL TIME\n0, 1, 1, 1, 1.0000001, 0, 100, 0\n"
                        "*PROBE, NAME=tip, NODE=11\nU\n"
                        "*STEP\n*STATIC\n1, 1\n*CLOAD, AMPLITUDE=REL\n11, 3, -10\n*END STEP\n%s",
                        damping, *damping ? "\n" : "", dyn);
  CU_ASSERT_FATAL(k < n);
}

/* Run a deck into dir; NSB_OK or the failure status. */
static int run_text(const char* dir, const char* text) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  int n_err = 0;
  int st = nsb_deck_read_string(ctx, "damping.inp", text, stderr, &m, &n_err);
  CU_ASSERT_EQUAL(st, NSB_OK);
  if (st == NSB_OK) {
    nsb_run_options opt = nsb_run_default_options();
    opt.outdir = dir;
    opt.quiet = 1;
    opt.report = NULL;
    nsb_stats stats;
    memset(&stats, 0, sizeof stats);
    st = nsb_run(ctx, m, &opt, &stats);
    if (st < 0) printf("\n    nsb_run: status %d, %s", st, nsb_ctx_error_message(ctx));
  }
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
  return st;
}

/* Columns of history.csv: rows of the named columns into cols[c][row]
   (at most max_rows); returns the row count, -1 when a column is missing. */
#define MAX_ROWS 4000
static int read_columns(const char* dir, const char* const* names, int n_names, double (*cols)[MAX_ROWS]) {
  char path[1024];
  snprintf(path, sizeof path, "%s/history.csv", dir);
  char* text = nsb_test_slurp(path, NULL);
  if (!text) return -1;
  int idx[8];
  for (int c = 0; c < n_names; ++c) idx[c] = -1;
  char* save = NULL;
  char* line = strtok_r(text, "\n", &save);
  int col = 0;
  for (char *s2 = NULL, *tok = strtok_r(line, ",", &s2); tok; tok = strtok_r(NULL, ",", &s2), ++col)
    for (int c = 0; c < n_names; ++c)
      if (strcmp(tok, names[c]) == 0) idx[c] = col;
  for (int c = 0; c < n_names; ++c)
    if (idx[c] < 0) {
      free(text);
      return -1;
    }
  int rows = 0;
  while ((line = strtok_r(NULL, "\n", &save)) && rows < MAX_ROWS) {
    col = 0;
    for (char *s2 = NULL, *tok = strtok_r(line, ",", &s2); tok; tok = strtok_r(NULL, ",", &s2), ++col)
      for (int c = 0; c < n_names; ++c)
        if (col == idx[c]) cols[c][rows] = strtod(tok, NULL);
    rows++;
  }
  free(text);
  return rows;
}

static double cols[6][MAX_ROWS];

/* Largest |E + D - W - E_r| / E_r after the release (E_r the total energy at
   t = 1), the dissipated fraction D(end)/E_r, and the largest |E - W - E_r|/E_r
   of the same deck without damping when damping is NULL. */
static int balance(const char* type, const char* damping, double h, double* err, double* frac) {
  char dir[] = "/tmp/nsb_test_damping_XXXXXX";
  CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
  char text[8192], dyn[256];
  snprintf(dyn, sizeof dyn, "*STEP\n*DYNAMIC, RHOINF=1\n%.17g, 0.12\n*END STEP\n", h);
  cantilever(text, sizeof text, type, damping, dyn);
  int st = run_text(dir, text);
  CU_ASSERT_EQUAL(st, NSB_OK);
  static const char* const names[] = {"time", "total_energy", "external_work", "dissipated"};
  int nd = *damping ? 4 : 3;
  int rows = read_columns(dir, names, nd, cols);
  CU_ASSERT_FATAL(rows > 10);
  int r0 = 0;
  while (r0 < rows && cols[0][r0] < 1.0) r0++; /* the release: the end of the static step */
  /* the balance from the end of the first dynamic increment on: the load
     released within the first increment acts in it with the trapezoidal
     mean of its values at t_n and t_{n+1}, an energy error of O(h) that is
     the release's, not the damping's */
  r0++;
  const double Er = cols[1][r0] + (nd == 4 ? cols[3][r0] : 0.0) - cols[2][r0];
  double e = 0.0;
  for (int i = r0; i < rows; ++i) {
    double d = nd == 4 ? cols[3][i] : 0.0;
    e = fmax(e, fabs(cols[1][i] + d - cols[2][i] - Er) / Er);
  }
  *err = e;
  *frac = nd == 4 ? cols[3][rows - 1] / Er : 0.0;
  char cmd[1100];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  CU_ASSERT(system(cmd) == 0);
  return st;
}

static void balance_case(const char* type) {
  const char* damp = "*DAMPING, ALPHA=2.0, BETA=1e-4";
  double e1, e0, f1, f0;
  balance(type, damp, 1e-4, &e1, &f1);
  balance(type, "", 1e-4, &e0, &f0);
  printf("\n    %s: dissipated %.3f of the energy in 0.12 s; balance error %.2e, undamped energy error %.2e", type,
         f1, e1, e0);
  /* the damping takes a large share (zeta_1 = alpha/(2 omega_1) + beta omega_1/2 = 0.022
     gives 1 - exp(-2 zeta_1 omega_1 t) = 0.24 of the first mode's energy in 0.12 s; the
     higher modes of the release lose more) */
  CU_ASSERT(f1 > 0.2 && f1 < 1.0);
  /* the booked work is the scheme's own: the balance closes as well as the
     undamped run conserves its energy (Galerkin: at the level of the Newton
     tolerance, 1e-9; collocation: its own energy error, docs/theory_beam.md
     §6).  The trapezoidal rule on the dissipated power instead left 2e-4,
     first order in h (the strain rates of an increment are its mid-point's). */
  CU_ASSERT(e1 <= 2.0 * e0 + 1e-8);
}

static void test_balance_b2v(void) { balance_case("B2V, POINTS=2"); }
static void test_balance_b2v_galerkin(void) { balance_case("B2V, POINTS=2, WEIGHTING=GALERKIN"); }
static void test_balance_b2s(void) { balance_case("B2S, POINTS=2"); }
static void test_balance_b2s_galerkin(void) { balance_case("B2S, POINTS=2, WEIGHTING=GALERKIN"); }

/* Static and frequency steps: the files of the deck with *DAMPING equal
   those without, byte for byte (history.csv, modes.csv). */
static int same_file(const char* a, const char* b) {
  size_t na = 0, nb = 0;
  char* ta = nsb_test_slurp(a, &na);
  char* tb = nsb_test_slurp(b, &nb);
  int same = ta && tb && na == nb && memcmp(ta, tb, na) == 0;
  free(ta);
  free(tb);
  return same;
}

static void test_ignored(void) {
  const char* types[] = {"B2V, POINTS=2", "B2V, POINTS=2, WEIGHTING=GALERKIN", "B2S, POINTS=2"};
  for (int t = 0; t < 3; ++t) {
    char d1[] = "/tmp/nsb_test_damping_XXXXXX", d2[] = "/tmp/nsb_test_damping_XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(d1) != NULL && mkdtemp(d2) != NULL);
    char text[8192];
    const char* freq = "*STEP\n*FREQUENCY, MASS=CONSISTENT\n4\n*END STEP\n";
    cantilever(text, sizeof text, types[t], "*DAMPING, ALPHA=2.0, BETA=1e-4", freq);
    CU_ASSERT_EQUAL(run_text(d1, text), NSB_OK);
    cantilever(text, sizeof text, types[t], "", freq);
    CU_ASSERT_EQUAL(run_text(d2, text), NSB_OK);
    char a[1100], b[1100];
    int ok = 1;
    const char* files[] = {"modes.csv", "history.csv"};
    for (int f = 0; f < 2; ++f) {
      snprintf(a, sizeof a, "%s/%s", d1, files[f]);
      snprintf(b, sizeof b, "%s/%s", d2, files[f]);
      /* history.csv differs by the dissipated column: compare the tip displacement instead */
      if (f == 1) {
        static const char* const names[] = {"tip.uz", "potential_energy"};
        static double c1[2][MAX_ROWS], c2[2][MAX_ROWS];
        int n1 = read_columns(d1, names, 2, c1), n2 = read_columns(d2, names, 2, c2);
        ok &= n1 == n2 && n1 > 1;
        for (int i = 0; i < n1 && i < n2; ++i) ok &= c1[0][i] == c2[0][i] && c1[1][i] == c2[1][i];
      } else {
        ok &= same_file(a, b);
      }
    }
    printf("\n    %s: static step and *FREQUENCY with *DAMPING %s", types[t], ok ? "identical" : "DIFFERENT");
    CU_ASSERT(ok);
    char cmd[2300];
    snprintf(cmd, sizeof cmd, "rm -rf %s %s", d1, d2);
    CU_ASSERT(system(cmd) == 0);
  }
}

static const nsb_test_suite suites[] = {
    {"balance",
     (const nsb_test_case[]){{"free_decay_b2v", test_balance_b2v},
                             {"free_decay_b2v_galerkin", test_balance_b2v_galerkin},
                             {"free_decay_b2s", test_balance_b2s},
                             {"free_decay_b2s_galerkin", test_balance_b2s_galerkin},
                             {NULL, NULL}}},
    {"ignored", (const nsb_test_case[]){{"static_and_frequency_steps", test_ignored}, {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

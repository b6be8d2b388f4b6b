/* test_deferred.c -- LAPACKE and UMFPACK bound at their first call (base/deferred.h).
 *
 * The cases run in order, in one process:
 *   start      neither library is in the process when the program starts;
 *   klu        the particle of benchmarks/peers/ball.inp (its first bounce) and
 *              a beam under load (LINEAR SOLVER=KLU, and the default AUTO,
 *              which takes the dense LU for its 24 equations: the same
 *              displacements to round-off) run without loading either;
 *   umfpack    the same beam with LINEAR SOLVER=UMFPACK loads UMFPACK (not
 *              LAPACKE) and gives the KLU run's displacements to round-off;
 *   lapacke    LAPACKE_dgesv and LAPACKE_dsyev through the forwarders solve
 *              a 3 x 3 system and eigenproblem to round-off, and LAPACKE is
 *              then loaded.
 */
#define _POSIX_C_SOURCE 200809L
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/deferred.h"
#include "io/deck.h"
#include "model/model.h"
#include "solver/system.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

/* A cantilever of four B2V elements, a tip load, with the given solver line. */
static void beam_deck(char* deck, size_t size, const char* solver) {
  snprintf(deck, size,
           "*NODE\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1, 0, 0\n4, 1.5, 0, 0\n5, 2, 0, 0\n"
           "*ELEMENT, TYPE=B2V, ELSET=B, POINTS=2\n1, 1, 2\n2, 2, 3\n3, 3, 4\n4, 4, 5\n"
           "*MATERIAL, NAME=M\n*ELASTIC\n2e9, 0.3\n*DENSITY\n1000\n"
           "*BEAM SECTION, ELSET=B, MATERIAL=M, SECTION=RECT\n0.05, 0.04\n0, 0, 1\n"
           "*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.25, 1.0\n%s*CLOAD\n5, 3, -300\n5, 2, 100\n*END STEP\n",
           solver);
}

/* Run n_inc increments of size h of the first step of the deck in the
   string deck (or, deck NULL, of the file name); the last node's
   displacement into u. */
static void run_deck(const char* name, const char* deck, int n_inc, double h, double u[3]) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  nsb_system* s = NULL;
  int n_err = 0;
  const int read = deck ? nsb_deck_read_string(ctx, name, deck, stderr, &m, &n_err)
                        : nsb_deck_read(ctx, name, stderr, &m, &n_err);
  CU_ASSERT_FATAL(read == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_create(ctx, m, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_begin_step(s, 0, 0.0) == NSB_OK);
  nsb_newton_report rep;
  for (int j = 0; j < n_inc; ++j) CU_ASSERT_FATAL(nsb_system_increment(s, h, &rep) == NSB_OK);
  const nsb_state* st = nsb_system_state(s);
  const int i_tip = m->nodes.count - 1;
  for (int d = 0; d < 3; ++d) u[d] = st->x[3 * i_tip + d] - m->nodes.data[i_tip].X[d];
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static double u_klu[3];

static void test_start(void) {
  CU_ASSERT_FALSE(nsb_deferred_loaded(NSB_DEFERRED_LAPACKE));
  CU_ASSERT_FALSE(nsb_deferred_loaded(NSB_DEFERRED_UMFPACK));
}

static void test_klu(void) {
  double u[3];
  run_deck(NSB_SOURCE_DIR "/benchmarks/peers/ball.inp", NULL, 4600, 1e-4, u);
  CU_ASSERT(u[2] < -0.95 && u[2] > -1.001); /* it fell the metre to the floor (t = 0.45 s), not through it */
  char deck[2048];
  beam_deck(deck, sizeof deck, "*SOLVER CONTROLS, LINEAR SOLVER=KLU\n");
  run_deck("beam.inp", deck, 4, 0.25, u_klu);
  CU_ASSERT(u_klu[2] < -1e-3 && u_klu[1] > 1e-4); /* it bent */
  beam_deck(deck, sizeof deck, "");
  run_deck("beam_auto.inp", deck, 4, 0.25, u);
  for (int d = 0; d < 3; ++d) NSB_ASSERT_CLOSE(u[d], u_klu[d], 1e-12 * fabs(u_klu[2]));
  CU_ASSERT_FALSE(nsb_deferred_loaded(NSB_DEFERRED_LAPACKE));
  CU_ASSERT_FALSE(nsb_deferred_loaded(NSB_DEFERRED_UMFPACK));
}

static void test_umfpack(void) {
  char deck[2048];
  double u[3];
  beam_deck(deck, sizeof deck, "*SOLVER CONTROLS, LINEAR SOLVER=UMFPACK\n");
  run_deck("beam_umfpack.inp", deck, 4, 0.25, u);
  for (int d = 0; d < 3; ++d) NSB_ASSERT_CLOSE(u[d], u_klu[d], 1e-12 * fabs(u_klu[2]));
  CU_ASSERT(nsb_deferred_loaded(NSB_DEFERRED_UMFPACK));
  CU_ASSERT_FALSE(nsb_deferred_loaded(NSB_DEFERRED_LAPACKE));
}

static void test_lapacke(void) {
  /* A x = b with x = (1, -2, 3) */
  double A[9] = {4, 1, 0, 1, 5, 2, 0, 2, 6}; /* column-major, symmetric */
  double S[9];
  memcpy(S, A, sizeof S);
  double b[3] = {4 * 1 + 1 * -2, 1 * 1 + 5 * -2 + 2 * 3, 2 * -2 + 6 * 3};
  lapack_int piv[3];
  CU_ASSERT_EQUAL(LAPACKE_dgesv(LAPACK_COL_MAJOR, 3, 1, A, 3, piv, b, 3), 0);
  NSB_ASSERT_CLOSE(b[0], 1.0, 1e-14);
  NSB_ASSERT_CLOSE(b[1], -2.0, 1e-14);
  NSB_ASSERT_CLOSE(b[2], 3.0, 1e-14);
  /* eigenvalues of S: their sum is the trace, their product the determinant */
  double w[3];
  CU_ASSERT_EQUAL(LAPACKE_dsyev(LAPACK_COL_MAJOR, 'N', 'U', 3, S, 3, w), 0);
  NSB_ASSERT_CLOSE(w[0] + w[1] + w[2], 15.0, 1e-13);
  NSB_ASSERT_CLOSE(w[0] * w[1] * w[2], 4.0 * (30 - 4) - 1.0 * 6, 1e-12);
  CU_ASSERT(w[0] <= w[1] && w[1] <= w[2]);
  CU_ASSERT(nsb_deferred_loaded(NSB_DEFERRED_LAPACKE));
}

static const nsb_test_suite suites[] = {{"deferred", (const nsb_test_case[]){{"start", test_start},
                                                                             {"klu", test_klu},
                                                                             {"umfpack", test_umfpack},
                                                                             {"lapacke", test_lapacke},
                                                                             {NULL, NULL}}},
                                        {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

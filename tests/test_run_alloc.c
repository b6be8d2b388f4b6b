/* test_run_alloc.c -- allocation-failure sweep over a whole run.
 *
 * tests/decks/reliable/alloc_small.inp (beams, a particle, frictional
 * contact, history, contact and VTK output, a *FREQUENCY step) is run once to
 * count the allocations nsb_run makes, then once per allocation k with the
 * k-th failing (nsb_ctx_fail_alloc_after, the counting hook of base/ctx.h).
 * Every such run must end with a clean error (a negative status, the
 * context's message set), free everything it allocated (live bytes back to
 * the model's), and leave the context usable: a last run without failures
 * must reproduce the first one's history.csv byte for byte.  Under
 * -DNSB_SANITIZE=ON, AddressSanitizer also checks that the library
 * allocations (KLU, UMFPACK, stdio) are released on every error path.
 * tests/decks/reliable/alloc_spin.inp does the same for the co-rotating
 * reduced model (*MODAL DYNAMIC, SPIN with a beam contact, gravity and SWEEP),
 * tests/decks/reliable/alloc_rest.inp for a *MODAL DYNAMIC step with blocks
 * at rest and a chain block (a bar against a wall).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/deck.h"
#include "io/run.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

#define DECK NSB_TEST_DECK_DIR "/reliable/alloc_small.inp"
#define DECK_SPIN NSB_TEST_DECK_DIR "/reliable/alloc_spin.inp"
#define DECK_REST NSB_TEST_DECK_DIR "/reliable/alloc_rest.inp"
#define OUT NSB_BINARY_DIR "/tests_tmp/run_alloc"

static int run_once(nsb_ctx* ctx, const nsb_model* m) {
  nsb_run_options opt = nsb_run_default_options();
  opt.outdir = OUT;
  opt.quiet = 1;
  opt.report = NULL;
  nsb_stats stats;
  return nsb_run(ctx, m, &opt, &stats);
}

static void sweep(const char* deck) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_FATAL(nsb_deck_read(ctx, deck, stderr, &m, &n_err) == NSB_OK);
  size_t model_bytes = nsb_ctx_live_bytes(ctx);

  long before = nsb_ctx_alloc_count(ctx);
  CU_ASSERT_FATAL(run_once(ctx, m) == NSB_OK);
  long n_alloc = nsb_ctx_alloc_count(ctx) - before;
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == model_bytes);
  char* reference = nsb_test_slurp(OUT "/history.csv", NULL);
  CU_ASSERT_FATAL(reference != NULL);
  CU_ASSERT(n_alloc > 50); /* the sweep covers the set-up of every part, not a handful of calls */

  /* failure reports of increments go to stderr: keep the log readable */
  fflush(stderr);
  FILE* saved = fdopen(dup(fileno(stderr)), "w");
  CU_ASSERT_FATAL(freopen("/dev/null", "w", stderr) != NULL);
  long failed = 0, bad_status = 0, leaked = 0, no_message = 0;
  /* NSB_RUN_ALLOC_K=k runs only that k (to debug one failure path) */
  long k_only = getenv("NSB_RUN_ALLOC_K") ? atol(getenv("NSB_RUN_ALLOC_K")) : 0;
  for (long k = k_only > 0 ? k_only : 1; k <= (k_only > 0 ? k_only : n_alloc); ++k) {
    nsb_ctx_clear_error(ctx);
    size_t live = nsb_ctx_live_bytes(ctx); /* a leak is counted once, not again in every later run */
    nsb_ctx_fail_alloc_after(ctx, k);
    int st = run_once(ctx, m);
    nsb_ctx_fail_alloc_after(ctx, 0);
    if (st < 0) ++failed;
    if (st >= 0) ++bad_status;
    if (st < 0 && !nsb_ctx_error_message(ctx)[0]) ++no_message;
    if (nsb_ctx_live_bytes(ctx) != live) {
      ++leaked;
      if (saved)
        fprintf(saved, "run_alloc: allocation %ld failing leaks %zu bytes (%s)\n", k, nsb_ctx_live_bytes(ctx) - live,
                nsb_ctx_error_message(ctx));
    }
  }
  fflush(stderr);
  if (saved) {
    dup2(fileno(saved), fileno(stderr));
    fclose(saved);
  }
  printf("\n  %ld allocations in the run; each made to fail: %ld clean errors, %ld runs that did not fail, "
         "%ld without a message, %ld leaks\n",
         n_alloc, failed, bad_status, no_message, leaked);
  CU_ASSERT(failed == n_alloc);
  CU_ASSERT(bad_status == 0);
  CU_ASSERT(no_message == 0);
  CU_ASSERT(leaked == 0);

  /* the context is still good: the same run again, the same history */
  nsb_ctx_clear_error(ctx);
  CU_ASSERT(run_once(ctx, m) == NSB_OK);
  char* again = nsb_test_slurp(OUT "/history.csv", NULL);
  CU_ASSERT(again && !strcmp(again, reference));
  free(again);
  free(reference);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static void test_sweep(void) { sweep(DECK); }
static void test_sweep_spin(void) { sweep(DECK_SPIN); }
static void test_sweep_rest(void) { sweep(DECK_REST); }

static const nsb_test_suite suites[] = {
    {"run_alloc", (const nsb_test_case[]){{"sweep", test_sweep}, {"sweep_spin", test_sweep_spin},
                                               {"sweep_rest", test_sweep_rest}, {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* test_step_alloc.c -- no allocation in the time-step loop, contact included.
 *
 * tests/decks/reliable/step_alloc.inp has every kind of contact that comes
 * and goes during the steps: beam nodes sliding with Coulomb friction on a
 * rigid floor (the candidate lists are rebuilt as the strip moves), a ball
 * striking the strip (particle-beam impact, followed by the restart of the
 * smooth accelerations), and a second ball that reaches the floor only
 * later.  The test drives the system increment by increment
 * (solver/system.h) and counts the context's allocations
 * (nsb_ctx_alloc_count, base/ctx.h) around each one: the first increment
 * may size workspace, every later one must allocate nothing, also one that
 * rebuilds the candidate lists (the Verlet list expired) and with them the
 * contact elements, the equation numbering and the matrix: the pattern
 * builder, the matrix and the linear solver keep their memory for that
 * (solver/sparse.h, solver/linsolve.h), the broad phase keeps its binning
 * grid (nsb_broad_ws, contact/broad_phase.h) and the system the capacities
 * of its element, contact, equation and contact-memory arrays
 * (solver/system_contact.c):
 * all grow geometrically and never shrink.  A rebuild whose lists outgrow
 * every earlier one would still allocate (REBUILD_ALLOCS = 0: any
 * allocation of a rebuild counts as such a growth); in this run there must be
 * none, the lists at the start being the largest.
 * It also checks
 * that the run did what it is meant to exercise (rebuilds during the loop, a
 * contact set that changes, impulsive increments), with the default contact
 * solver (semi-smooth Newton rows in the global system) and with the prox
 * sweeps (CONTACT SOLVER=PROX, docs/contact.md §7.5), and with the element
 * loop on two threads (nsb_system_set_threads), and with modified Newton
 * (TANGENT=REUSE: kept iteration matrices).  A further case checks
 * the kept pattern builder and matrix on their own (pattern_reuse).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "contact/pair.h"
#include "io/deck.h"
#include "solver/sparse.h"
#include "solver/system.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

#define DECK NSB_TEST_DECK_DIR "/reliable/step_alloc.inp"
#define REBUILD_ALLOCS 0

static void run_counting(int prox, int threads, int tangent) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_ctx_set_log(ctx, NULL, NULL, NSB_LOG_ERROR);
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_FATAL(nsb_deck_read(ctx, DECK, stderr, &m, &n_err) == NSB_OK);
  m->steps.data[0].contact_prox = prox;
  if (prox) m->steps.data[0].contact_relax = 0.5; /* the sliding strip needs an under-relaxed sweep */
  m->steps.data[0].tangent = tangent;
  nsb_system* s = NULL;
  CU_ASSERT_FATAL(nsb_system_create(ctx, m, &s) == NSB_OK);
  if (threads > 1) CU_ASSERT_FATAL(nsb_system_set_threads(s, threads) == NSB_OK);
  CU_ASSERT_FATAL(nsb_system_threads(s) == threads);
  CU_ASSERT_FATAL(nsb_system_begin_step(s, 0, 0.0) == NSB_OK);
  nsb_newton_report rep;
  CU_ASSERT_FATAL(nsb_system_initial_acceleration(s, &rep) == NSB_OK);
  const nsb_step_def* sd = &m->steps.data[0];
  long n_inc = (long)(sd->period / sd->h + 0.5);
  long allocating = 0, first_bad = -1, bad_count = 0, growths = 0;
  long rebuilds_after_first = 0, impulsive = 0;
  int min_contacts = 1 << 30, max_contacts = 0;
  for (long k = 0; k < n_inc; ++k) {
    long before = nsb_ctx_alloc_count(ctx), rb = nsb_system_contact_rebuilds(s);
    int st = nsb_system_increment(s, sd->h, &rep);
    if (st != NSB_OK) printf("\n  increment %ld failed: %s\n", k + 1, rep.cause);
    CU_ASSERT_FATAL(st == NSB_OK);
    long n = nsb_ctx_alloc_count(ctx) - before;
    if (k > 0) {
      long rebuilt = nsb_system_contact_rebuilds(s) - rb;
      rebuilds_after_first += rebuilt;
      int nc = nsb_system_n_contacts(s);
      min_contacts = nc < min_contacts ? nc : min_contacts;
      max_contacts = nc > max_contacts ? nc : max_contacts;
      if (rebuilt > 0) {
        printf(" [increment %ld: %ld]", k + 1, n);
        growths += n > REBUILD_ALLOCS;
      } else if (n != 0) {
        ++allocating;
        if (first_bad < 0) {
          first_bad = k;
          bad_count = n;
        }
      }
    }
    for (int c = 0; c < nsb_system_n_contacts(s); ++c) {
      const nsb_contact_data* cd = nsb_system_contact(s, c)->state;
      if (cd->impulse[0] > 0.0) {
        ++impulsive;
        break;
      }
    }
  }
  printf("\n  %s%s, %d thread%s: %ld increments, %ld contact list rebuilds after the first, %d to %d contact elements, "
         "%ld increments without a rebuild that allocated after the first (first: increment %ld, %ld allocations), "
         "%ld rebuilds with more than %d allocations\n",
         prox ? "prox sweeps" : "Newton rows", tangent == NSB_TANGENT_REUSE ? " (TANGENT=REUSE)" : "", threads, threads > 1 ? "s" : "", n_inc, rebuilds_after_first, min_contacts, max_contacts, allocating,
         first_bad + 1, bad_count, growths, REBUILD_ALLOCS);
  CU_ASSERT(allocating == 0);
  CU_ASSERT(growths == 0);
  /* the run exercised what it is for */
  CU_ASSERT(rebuilds_after_first >= 3);
  CU_ASSERT(max_contacts > min_contacts);
  CU_ASSERT(impulsive > n_inc / 2);
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

/* The pattern builder and the matrix kept between numberings
   (nsb_pattern_builder_reset, nsb_pattern_builder_finish_into): a sequence of
   patterns of chains of 2x2..4x4 blocks, growing and shrinking, each refilled
   into the same matrix equals the fresh nsb_pattern_builder_finish of the same
   blocks (size, row pointers, columns; values zero), and once the largest
   pattern has been seen, refills allocate nothing. */
static void add_chain(nsb_pattern_builder* b, int n, int k, int shift) {
  int idx[4];
  for (int s = 0; s + k <= n; s += k - 1) {
    for (int q = 0; q < k; ++q) idx[q] = (s + q + shift) % n;
    CU_ASSERT(nsb_pattern_builder_add(b, idx, k) == NSB_OK);
  }
}

static void test_pattern_reuse(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  const int sizes[] = {40, 25, 60, 60, 10, 55, 60, 30};
  nsb_pattern_builder* kept = NULL;
  nsb_csr* A = NULL;
  long allocs_late = 0;
  for (int round = 0; round < 2; ++round)
    for (int t = 0; t < (int)(sizeof sizes / sizeof sizes[0]); ++t) {
      int n = sizes[t], k = 2 + (t % 3), shift = t;
      long before = nsb_ctx_alloc_count(ctx);
      if (!kept) {
        CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &kept) == NSB_OK);
      } else {
        CU_ASSERT_FATAL(nsb_pattern_builder_reset(kept, n) == NSB_OK);
      }
      add_chain(kept, n, k, shift);
      if (!A) {
        CU_ASSERT_FATAL(nsb_pattern_builder_finish(kept, &A) == NSB_OK);
      } else {
        CU_ASSERT_FATAL(nsb_pattern_builder_finish_into(kept, A) == NSB_OK);
      }
      if (round == 1) allocs_late += nsb_ctx_alloc_count(ctx) - before;
      for (int p = 0; p < A->nnz; ++p) A->val[p] = 1.0; /* the next refill must zero them */
      nsb_pattern_builder* fresh = NULL;
      nsb_csr* B = NULL;
      CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &fresh) == NSB_OK);
      add_chain(fresh, n, k, shift);
      CU_ASSERT_FATAL(nsb_pattern_builder_finish(fresh, &B) == NSB_OK);
      CU_ASSERT(A->n == B->n && A->nnz == B->nnz);
      int same = A->n == B->n && A->nnz == B->nnz;
      for (int i = 0; same && i <= n; ++i) same = A->rowptr[i] == B->rowptr[i];
      for (int p = 0; same && p < B->nnz; ++p) same = A->col[p] == B->col[p];
      CU_ASSERT(same);
      nsb_csr_destroy(ctx, &B);
      nsb_pattern_builder_destroy(&fresh);
    }
  /* a refill zeroes the values */
  CU_ASSERT_FATAL(nsb_pattern_builder_reset(kept, 30) == NSB_OK);
  add_chain(kept, 30, 3, 1);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish_into(kept, A) == NSB_OK);
  double vmax = 0.0;
  for (int p = 0; p < A->nnz; ++p) vmax = A->val[p] > vmax ? A->val[p] : vmax;
  CU_ASSERT(vmax == 0.0);
  CU_ASSERT(nsb_pattern_builder_reset(kept, 0) == NSB_ERR_ARG);
  printf("\n  allocations of the refills in the second round: %ld", allocs_late);
  CU_ASSERT(allocs_late == 0);
  nsb_csr_destroy(ctx, &A);
  nsb_pattern_builder_destroy(&kept);
  nsb_ctx_clear_error(ctx);
  nsb_test_end_ctx(&ctx);
}

static void test_newton_rows(void) { run_counting(0, 1, NSB_TANGENT_FULL); }
static void test_prox(void) { run_counting(1, 1, NSB_TANGENT_FULL); }
/* the threaded element loop (a team started once by nsb_system_set_threads)
   allocates nothing per increment either */
static void test_newton_rows_threads(void) { run_counting(0, 2, NSB_TANGENT_FULL); }
/* modified Newton (*SOLVER CONTROLS, TANGENT=REUSE): the kept factors live in
   blocks of the elements sized at creation and in the contacts' kept local
   matrices, grown with the contact lists (solver/system_contact.c) */
static void test_newton_rows_reuse(void) { run_counting(0, 1, NSB_TANGENT_REUSE); }

static const nsb_test_suite suites[] = {
    {"step_alloc", (const nsb_test_case[]){{"newton_rows", test_newton_rows},
                                           {"prox", test_prox},
                                           {"newton_rows_threads", test_newton_rows_threads},
                                           {"newton_rows_reuse", test_newton_rows_reuse},
                                           {"pattern_reuse", test_pattern_reuse},
                                           {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* cunit_main.h -- shared CUnit runner for the test executables.
 *
 * A test file defines static test functions and a table of suites:
 *
 *   static const nsb_test_suite suites[] = {
 *     {"so3", (const nsb_test_case[]){{"exp_log", test_exp_log}, {NULL, NULL}}},
 *     {NULL, NULL}};
 *   int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }
 *
 * An optional argument selects one suite by name.  main returns non-zero when
 * any assertion failed (CU_basic_run_tests returns CUE_SUCCESS even then).
 */
#ifndef NSB_CUNIT_MAIN_H
#define NSB_CUNIT_MAIN_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

typedef struct nsb_test_case {
  const char* name;
  void (*fn)(void);
} nsb_test_case;

typedef struct nsb_test_suite {
  const char* name;
  const nsb_test_case* cases;
} nsb_test_suite;

static inline int nsb_test_run(const nsb_test_suite* suites, int argc, char** argv) {
  if (CU_initialize_registry() != CUE_SUCCESS) return 2;
  for (const nsb_test_suite* s = suites; s->name; ++s) {
    if (argc > 1 && strcmp(argv[1], s->name) != 0) continue;
    CU_pSuite suite = CU_add_suite(s->name, NULL, NULL);
    if (!suite) return 2;
    for (const nsb_test_case* c = s->cases; c->name; ++c)
      if (!CU_add_test(suite, c->name, c->fn)) return 2;
  }
  CU_basic_set_mode(CU_BRM_VERBOSE);
  CU_basic_run_tests();
  unsigned failures = CU_get_number_of_failures();
  unsigned ran = CU_get_number_of_tests_run();
  CU_cleanup_registry();
  if (ran == 0) {
    fprintf(stderr, "no test was run\n");
    return 1;
  }
  return failures ? 1 : 0;
}

/* |a - b| <= tol, with the values printed on failure. */
#define NSB_ASSERT_CLOSE(a, b, tol)                                                        \
  do {                                                                                      \
    double nsb_a_ = (a), nsb_b_ = (b), nsb_t_ = (tol);                                      \
    if (!(fabs(nsb_a_ - nsb_b_) <= nsb_t_))                                                 \
      fprintf(stderr, "  %s:%d: %s = %.17g, %s = %.17g, diff %.3g > %.3g\n", __FILE__, __LINE__, #a, \
              nsb_a_, #b, nsb_b_, fabs(nsb_a_ - nsb_b_), nsb_t_);                           \
    CU_ASSERT(fabs(nsb_a_ - nsb_b_) <= nsb_t_);                                             \
  } while (0)

#endif

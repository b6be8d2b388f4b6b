/* test_modal.c -- the subspace eigensolver (solver/modal.c) against closed
 * forms of spring-mass chains, and the *FREQUENCY step in a whole analysis.
 *
 * Chains of n equal masses m and springs k:
 *   fixed-free: lambda_j = (4k/m) sin^2((2j - 1) pi / (2 (2n + 1))), j = 1..n;
 *   free-free:  lambda_j = (4k/m) sin^2((j - 1) pi / (2n)) (lambda_1 = 0: rigid motion).
 * A free-free chain with the first mass held by a Lagrange multiplier row is
 * the fixed-free chain of the other n - 1 masses.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/deck.h"
#include "io/run.h"
#include "base/ctx.h"
#include "solver/linsolve.h"
#include "solver/modal.h"
#include "solver/sparse.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

static const double PI = 3.14159265358979323846;

/* A chain problem: pattern (tridiagonal, plus the multiplier row/column when
   constrained), K and M values, a KLU solver analyzed for it. */
typedef struct chain {
  nsb_csr* A;
  nsb_linsolver* ls;
  double *K, *M;
  int n_mass, n;
} chain;

/* fixed: the spring from mass 0 to the ground; constrained: a multiplier row
   x_0 = 0 (column: the reaction) instead */
static void chain_build(nsb_ctx* ctx, chain* c, int n_mass, double k, double m, int fixed, int constrained) {
  c->n_mass = n_mass;
  c->n = n_mass + (constrained ? 1 : 0);
  nsb_pattern_builder* b = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, c->n, &b) == NSB_OK);
  for (int i = 0; i + 1 < n_mass; ++i) CU_ASSERT_FATAL(nsb_pattern_builder_add(b, (int[]){i, i + 1}, 2) == NSB_OK);
  if (constrained) CU_ASSERT_FATAL(nsb_pattern_builder_add(b, (int[]){0, n_mass}, 2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &c->A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  c->K = calloc((size_t)c->A->nnz, sizeof(double));
  c->M = calloc((size_t)c->A->nnz, sizeof(double));
  CU_ASSERT_FATAL(c->K && c->M);
  for (int i = 0; i < c->n; ++i)
    for (int p = c->A->rowptr[i]; p < c->A->rowptr[i + 1]; ++p) {
      int j = c->A->col[p];
      if (i < n_mass && j < n_mass) {
        if (i == j) {
          int springs = (i > 0 || fixed ? 1 : 0) + (i + 1 < n_mass ? 1 : 0);
          c->K[p] = springs * k;
          c->M[p] = m;
        } else if (abs(i - j) == 1) {
          c->K[p] = -k;
        }
      } else if ((i == 0 && j == n_mass) || (i == n_mass && j == 0)) {
        c->K[p] = 1.0; /* G = [1 0 ... 0] and G^T */
      }
    }
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &c->ls) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(c->ls, c->A) == NSB_OK);
}

static void chain_free(nsb_ctx* ctx, chain* c) {
  nsb_linsolver_destroy(&c->ls);
  nsb_csr_destroy(ctx, &c->A);
  free(c->K);
  free(c->M);
}

/* phi_i^T M phi_j = delta_ij on the mass DOFs */
static double orthonormality_error(const chain* c, const nsb_modal_result* r) {
  double worst = 0.0;
  for (int a = 0; a < r->n_modes; ++a)
    for (int b = 0; b < r->n_modes; ++b) {
      double s = 0.0;
      for (int i = 0; i < c->n_mass; ++i) s += r->phi[i + (size_t)r->n * a] * c->M[c->A->rowptr[i] + (i > 0)] *
                                               r->phi[i + (size_t)r->n * b];
      worst = fmax(worst, fabs(s - (a == b ? 1.0 : 0.0)));
    }
  return worst;
}

/* Build a chain, solve for n_modes pairs (automatic shift), and tear down. */
static void chain_solve(nsb_ctx* ctx, chain* c, int n, double k, double m, int fixed, int constrained, int n_modes,
                        nsb_modal_result* r) {
  chain_build(ctx, c, n, k, m, fixed, constrained);
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve(ctx, c->A, c->ls, c->K, c->M, n_modes, 0.0, 0, 1e-12, 500, r), NSB_OK);
  CU_ASSERT_EQUAL(r->n_modes, n_modes);
  CU_ASSERT(orthonormality_error(c, r) < 1e-10);
}

static void chain_done(nsb_ctx** ctx, chain* c, nsb_modal_result* r) {
  nsb_modal_result_free(*ctx, r);
  chain_free(*ctx, c);
  nsb_test_end_ctx(ctx);
}

/* lambda_j of a fixed-free chain of n masses m and springs k */
static double fixed_free_lambda(int n, double k, double m, int j) {
  double s = sin((2 * j - 1) * PI / (2.0 * (2 * n + 1)));
  return 4.0 * k / m * s * s;
}

static void test_fixed_free_chain(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  nsb_modal_result r;
  chain_solve(ctx, &c, 30, 5.0, 2.0, 1, 0, 6, &r);
  for (int j = 1; j <= 6; ++j) {
    double exact = fixed_free_lambda(30, 5.0, 2.0, j);
    CU_ASSERT(fabs(r.lambda[j - 1] - exact) <= 1e-10 * exact);
    CU_ASSERT(r.residual[j - 1] < 1e-8);
  }
  CU_ASSERT(r.asymmetry == 0.0);
  chain_done(&ctx, &c, &r);
}

static void test_free_chain_rigid_mode(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  nsb_modal_result r;
  int n = 20;
  double k = 3.0, m = 0.5, scale = 4.0 * k / m;
  chain_solve(ctx, &c, n, k, m, 0, 0, 4, &r);
  CU_ASSERT(r.shift < 0.0); /* automatic shift below the spectrum */
  CU_ASSERT(fabs(r.lambda[0]) < 1e-10 * scale);
  for (int j = 2; j <= 4; ++j) {
    double s = sin((j - 1) * PI / (2.0 * n)), exact = scale * s * s;
    CU_ASSERT(fabs(r.lambda[j - 1] - exact) <= 1e-10 * exact);
  }
  /* the rigid mode: all masses move alike, |phi|_M = 1 -> phi_i = 1/sqrt(n m) */
  for (int i = 0; i < n; ++i) CU_ASSERT(fabs(fabs(r.phi[i]) - 1.0 / sqrt(n * m)) < 1e-8);
  chain_done(&ctx, &c, &r);
}

/* Many modes of a larger chain: the dense path (every eigenpair by LAPACK,
   shift-inverted) when the subspace spans an eighth of the DOFs or more, the
   subspace iteration for a few; both against the closed form and each other.
   (200 of 400 modes once stopped the iteration: it could not keep 400
   independent vectors.) */
static void test_many_modes(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c, c6;
  nsb_modal_result r, r6;
  int n = 400, want = 200;
  double k = 3.0, m = 0.5, scale = 4.0 * k / m;
  chain_solve(ctx, &c, n, k, m, 0, 0, want, &r);
  chain_solve(ctx, &c6, n, k, m, 0, 0, 6, &r6);
  CU_ASSERT(r.iterations == 0); /* dense */
  CU_ASSERT(r6.iterations > 0); /* iterated */
  CU_ASSERT(fabs(r.lambda[0]) < 1e-10 * scale);
  double worst = 0.0, worst_res = 0.0, worst6 = 0.0;
  for (int j = 2; j <= want; ++j) {
    double s = sin((j - 1) * PI / (2.0 * n)), exact = scale * s * s;
    worst = fmax(worst, fabs(r.lambda[j - 1] - exact) / exact);
    worst_res = fmax(worst_res, r.residual[j - 1]);
  }
  for (int j = 2; j <= 6; ++j) worst6 = fmax(worst6, fabs(r6.lambda[j - 1] - r.lambda[j - 1]) / r.lambda[j - 1]);
  printf("\n    %d of %d modes dense: eigenvalues to %.2e of the closed form, backward errors <= %.2e; "
         "6 modes iterated (%d iterations) agree to %.2e",
         want, n, worst, worst_res, r6.iterations, worst6);
  CU_ASSERT(worst < 1e-10);
  CU_ASSERT(worst_res <= 1e-12);
  CU_ASSERT(worst6 < 1e-10);
  nsb_modal_result_free(ctx, &r6);
  chain_free(ctx, &c6);
  chain_done(&ctx, &c, &r);
}

/* Two free-free chains in one system (n1 + n2 masses, the spring between
   them zero on the pattern): the dense path solves the two independent blocks
   one by one, also when the system (400 equations, 8 modes) is too large for
   one dense solve; the eigenvalues are those of both chains, ascending, and
   each mode vanishes on the other chain. */
static double ff_lambda(int n, double k, double m, int j) {
  double s = sin((j - 1) * PI / (2.0 * n));
  return 4.0 * k / m * s * s;
}

static void test_independent_blocks(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  nsb_modal_result r;
  int n1 = 250, n2 = 150, n = n1 + n2, want = 8;
  double k = 3.0, m = 0.5, scale = 4.0 * k / m;
  chain_build(ctx, &c, n, k, m, 0, 0);
  for (int i = n1 - 1; i <= n1; ++i)
    for (int p = c.A->rowptr[i]; p < c.A->rowptr[i + 1]; ++p) {
      int j = c.A->col[p];
      if (j == i) c.K[p] -= k;
      else if ((i == n1 - 1 && j == n1) || (i == n1 && j == n1 - 1)) c.K[p] = 0.0;
    }
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, want, 0.0, 0, 1e-12, 500, &r), NSB_OK);
  CU_ASSERT(r.iterations == 0); /* dense, block by block */
  CU_ASSERT(orthonormality_error(&c, &r) < 1e-10);
  /* the closed form: both chains' eigenvalues merged */
  double ex[16];
  int a = 1, b = 1;
  for (int j = 0; j < want; ++j) {
    double la = ff_lambda(n1, k, m, a), lb = ff_lambda(n2, k, m, b);
    ex[j] = la <= lb ? la : lb;
    if (la <= lb) ++a;
    else ++b;
  }
  double worst = 0.0, off = 0.0;
  for (int j = 0; j < want; ++j) {
    worst = fmax(worst, ex[j] > 0.0 ? fabs(r.lambda[j] - ex[j]) / ex[j] : fabs(r.lambda[j]) / scale);
    const double* phi = r.phi + (size_t)n * j;
    double s1 = 0.0, s2 = 0.0;
    for (int i = 0; i < n; ++i) *(i < n1 ? &s1 : &s2) += fabs(phi[i]);
    off = fmax(off, fmin(s1, s2)); /* the other chain's part: exactly zero */
    CU_ASSERT(r.residual[j] <= 1e-12);
  }
  printf("\n    two chains (%d + %d masses), %d modes dense by blocks: eigenvalues to %.2e, off-block %.1e", n1, n2,
         want, worst, off);
  CU_ASSERT(worst < 1e-10);
  CU_ASSERT(off == 0.0);
  chain_done(&ctx, &c, &r);
}

/* The same two chains with only the second one moving
   (nsb_modal_solve_moving): the first stays at rest and is only ranked; the
   pairs returned are exactly the full solve's pairs of the second chain
   among the lowest, with their places in it (rank), and the count of the
   first chain's pairs left out. */
static void test_blocks_at_rest(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  nsb_modal_result full, r;
  int n1 = 250, n2 = 150, n = n1 + n2, want = 12;
  double k = 3.0, m = 0.5;
  chain_build(ctx, &c, n, k, m, 0, 0);
  for (int i = n1 - 1; i <= n1; ++i)
    for (int p = c.A->rowptr[i]; p < c.A->rowptr[i + 1]; ++p) {
      int j = c.A->col[p];
      if (j == i) c.K[p] -= k;
      else if ((i == n1 - 1 && j == n1) || (i == n1 && j == n1 - 1)) c.K[p] = 0.0;
    }
  /* no equal eigenvalues in the two chains (their order would be round-off):
     the first grounded at its mass 0, the second with other masses */
  c.K[c.A->rowptr[0]] += k;
  for (int i = n1; i < n; ++i)
    for (int p = c.A->rowptr[i]; p < c.A->rowptr[i + 1]; ++p)
      if (c.A->col[p] == i) c.M[p] = 0.7;
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, want, 0.0, 0, 1e-12, 500, &full), NSB_OK);
  unsigned char* moving = calloc((size_t)n, 1);
  CU_ASSERT_FATAL(moving != NULL);
  moving[n1 + 7] = 1; /* one row of the second chain */
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve_moving(ctx, c.A, c.ls, c.K, c.M, want, 0.0, 0, 1e-12, 500, moving, &r),
                        NSB_OK);
  int in2 = 0;
  for (int j = 0; j < want; ++j) {
    double s2 = 0.0;
    for (int i = n1; i < n; ++i) s2 += fabs(full.phi[i + (size_t)n * j]);
    if (s2 == 0.0) continue; /* the first chain's */
    CU_ASSERT_FATAL(in2 < r.n_modes);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.rank);
    CU_ASSERT_EQUAL(r.rank[in2], j + 1);
    CU_ASSERT(r.lambda[in2] == full.lambda[j]);
    CU_ASSERT(memcmp(r.phi + (size_t)n * in2, full.phi + (size_t)n * j, (size_t)n * sizeof(double)) == 0);
    ++in2;
  }
  printf("\n    two chains, the second moving: %d of the %d lowest pairs computed, %d at rest", r.n_modes, want,
         r.n_rest);
  CU_ASSERT(in2 > 0 && in2 < want);
  CU_ASSERT_EQUAL(r.n_modes, in2);
  CU_ASSERT_EQUAL(r.n_rest, want - in2);
  nsb_modal_result_free(ctx, &r);
  /* every block moving: the full result */
  moving[0] = 1;
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve_moving(ctx, c.A, c.ls, c.K, c.M, want, 0.0, 0, 1e-12, 500, moving, &r),
                        NSB_OK);
  CU_ASSERT_EQUAL(r.n_modes, want);
  CU_ASSERT_EQUAL(r.n_rest, 0);
  CU_ASSERT_PTR_NULL(r.rank);
  CU_ASSERT(memcmp(r.lambda, full.lambda, (size_t)want * sizeof(double)) == 0);
  free(moving);
  nsb_modal_result_free(ctx, &full);
  chain_done(&ctx, &c, &r);
}

static void test_constrained_chain(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  nsb_modal_result r;
  int n = 16;
  double k = 7.0, m = 1.5;
  chain_solve(ctx, &c, n, k, m, 0, 1, 5, &r);
  for (int j = 1; j <= 5; ++j) {
    double exact = fixed_free_lambda(n - 1, k, m, j); /* the held mass leaves a fixed-free chain of n - 1 */
    CU_ASSERT(fabs(r.lambda[j - 1] - exact) <= 1e-10 * exact);
    const double* phi = r.phi + (size_t)r.n * (j - 1);
    CU_ASSERT(fabs(phi[0]) < 1e-12);                                        /* the constraint holds */
    CU_ASSERT(fabs(phi[n] - k * phi[1]) < 1e-8 * fabs(k * phi[1]) + 1e-12); /* reaction of the held mass */
  }
  chain_done(&ctx, &c, &r);
}

static void test_interior_shift(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  int n = 12;
  double k = 1.0, m = 1.0;
  chain_build(ctx, &c, n, k, m, 1, 0);
  double ex[12];
  for (int j = 1; j <= n; ++j) ex[j - 1] = fixed_free_lambda(n, k, m, j);
  /* a shift just above lambda_5: the two nearest are lambda_5 and lambda_6 */
  double sigma = ex[4] + 0.2 * (ex[5] - ex[4]);
  nsb_modal_result r;
  CU_ASSERT_EQUAL_FATAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, 2, sigma, 1, 1e-12, 500, &r), NSB_OK);
  CU_ASSERT_DOUBLE_EQUAL(r.shift, sigma, 0.0);
  CU_ASSERT(fabs(r.lambda[0] - ex[4]) < 1e-10 * ex[4]);
  CU_ASSERT(fabs(r.lambda[1] - ex[5]) < 1e-10 * ex[5]);
  nsb_modal_result_free(ctx, &r);
  chain_free(ctx, &c);
  nsb_test_end_ctx(&ctx);
}

static void test_bad_requests(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  chain c;
  chain_build(ctx, &c, 3, 1.0, 1.0, 1, 1); /* 3 masses, one held: 3 mass DOFs in the vector */
  nsb_modal_result r;
  CU_ASSERT_EQUAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, 4, 0.0, 0, 1e-12, 500, &r), NSB_ERR_ARG);
  CU_ASSERT_PTR_NOT_NULL(strstr(nsb_ctx_error_message(ctx), "only 3 free DOFs carry mass"));
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_EQUAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, 0, 0.0, 0, 1e-12, 500, &r), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  /* a free chain without shift-free factorization: shift exactly on the rigid mode */
  chain_free(ctx, &c);
  chain_build(ctx, &c, 4, 1.0, 1.0, 0, 0);
  CU_ASSERT_EQUAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, 2, 0.0, 1, 1e-12, 500, &r), NSB_ERR_SINGULAR);
  CU_ASSERT_PTR_NOT_NULL(strstr(nsb_ctx_error_message(ctx), "K - sigma M is singular"));
  nsb_ctx_clear_error(ctx);
  /* an iteration budget that cannot converge */
  CU_ASSERT_EQUAL(nsb_modal_solve(ctx, c.A, c.ls, c.K, c.M, 2, -1e-3, 1, 1e-15, 1, &r), NSB_ERR_NO_CONVERGENCE);
  nsb_ctx_clear_error(ctx);
  chain_free(ctx, &c);
  nsb_test_end_ctx(&ctx);
}

/* ---- *FREQUENCY in a whole analysis ------------------------------------------ */

/* A cantilever: static tip load, then (optionally) a *FREQUENCY step, then a
   dynamic step.  The frequency step must leave the analysis untouched. */
static char* cantilever_deck(int with_frequency) {
  static char buf[8192];
  int n = 0;
  n += snprintf(buf + n, sizeof buf - (size_t)n, "*HEADING\ncantilever\n*NODE\n");
  for (int i = 0; i <= 8; ++i) n += snprintf(buf + n, sizeof buf - (size_t)n, "%d, %g, 0, 0\n", i + 1, 0.5 * i);
  n += snprintf(buf + n, sizeof buf - (size_t)n, "*ELEMENT, TYPE=B2V, ELSET=B, POINTS=2\n");
  for (int i = 0; i < 8; ++i) n += snprintf(buf + n, sizeof buf - (size_t)n, "%d, %d, %d\n", i + 1, i + 1, i + 2);
  n += snprintf(buf + n, sizeof buf - (size_t)n,
                "*BEAM GENERAL SECTION, ELSET=B\n1e6, 1e6, 1e6, 50, 80, 100\n2, 0.01, 0.02, 0.03\n0, 0, 1\n"
                "*BOUNDARY\n1, 1, 6\n"
                "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n9, 3, -4.0\n*SOLVER CONTROLS, TOL RESIDUAL=1e-6\n*END STEP\n");
  if (with_frequency) n += snprintf(buf + n, sizeof buf - (size_t)n, "*STEP\n*FREQUENCY\n6\n*END STEP\n");
  n += snprintf(buf + n, sizeof buf - (size_t)n,
                "*STEP\n*DYNAMIC\n0.01, 0.2\n*CLOAD\n9, 2, 3.0\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n");
  return buf;
}

static void run_deck(const char* text, const char* outdir) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "cantilever.inp", text, stderr, &m, &n_err), NSB_OK);
  nsb_run_options opt = nsb_run_default_options();
  opt.outdir = outdir;
  opt.quiet = 1;
  nsb_stats stats;
  CU_ASSERT_EQUAL(nsb_run(ctx, m, &opt, &stats), NSB_OK);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

/* Remove the second field (the step number) of every line of a CSV text, in place. */
static void drop_step_column(char* text) {
  char* w = text;
  for (const char* r = text; *r;) {
    const char* c1 = strchr(r, ',');
    const char* nl = strchr(r, '\n');
    if (!nl) nl = r + strlen(r);
    if (c1 && c1 < nl) {
      const char* c2 = strchr(c1 + 1, ',');
      if (!c2 || c2 > nl) c2 = nl;
      memmove(w, r, (size_t)(c1 - r));
      w += c1 - r;
      r = c2;
    }
    size_t rest = (size_t)(nl - r) + (*nl ? 1 : 0);
    memmove(w, r, rest);
    w += rest;
    r += rest;
  }
  *w = '\0';
}

static void test_frequency_step_leaves_analysis(void) {
  const char* d1 = NSB_BINARY_DIR "/tests_tmp/modal_with";
  const char* d2 = NSB_BINARY_DIR "/tests_tmp/modal_without";
  run_deck(cantilever_deck(1), d1);
  run_deck(cantilever_deck(0), d2);
  char p1[512], p2[512];
  snprintf(p1, sizeof p1, "%s/history.csv", d1);
  snprintf(p2, sizeof p2, "%s/history.csv", d2);
  char *h1 = nsb_test_slurp(p1, NULL), *h2 = nsb_test_slurp(p2, NULL);
  CU_ASSERT_PTR_NOT_NULL_FATAL(h1);
  CU_ASSERT_PTR_NOT_NULL_FATAL(h2);
  /* bit for bit, but for the step number: the dynamic step is the third with
     the *FREQUENCY step and the second without it */
  drop_step_column(h1);
  drop_step_column(h2);
  CU_ASSERT_STRING_EQUAL(h1, h2);
  free(h1);
  free(h2);
  /* modes.csv: 6 rows of step 2, ascending, positive (a supported cantilever) */
  snprintf(p1, sizeof p1, "%s/modes.csv", d1);
  FILE* f = fopen(p1, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  char line[512];
  CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, f));
  CU_ASSERT_STRING_EQUAL(line, "step,mode,eigenvalue,omega,frequency,period,residual\n");
  int rows = 0;
  double prev = 0.0;
  while (fgets(line, sizeof line, f)) {
    int step, mode;
    double lam, om, fr, per, res;
    CU_ASSERT_EQUAL(sscanf(line, "%d,%d,%lf,%lf,%lf,%lf,%lf", &step, &mode, &lam, &om, &fr, &per, &res), 7);
    CU_ASSERT_EQUAL(step, 2);
    CU_ASSERT_EQUAL(mode, rows + 1);
    CU_ASSERT(lam > prev);
    CU_ASSERT(fabs(om * om - lam) <= 1e-12 * lam);
    CU_ASSERT(fabs(fr * 2.0 * PI - om) <= 1e-12 * om);
    CU_ASSERT(res < 1e-6);
    prev = lam;
    ++rows;
  }
  fclose(f);
  CU_ASSERT_EQUAL(rows, 6);
}

/* ---- *MODAL DYNAMIC ---------------------------------------------------------------- */

/* Column `name` of history.csv in dir: up to cap values; returns the count. */
static int history_column(const char* dir, const char* name, double* out, int cap) {
  char path[512];
  snprintf(path, sizeof path, "%s/history.csv", dir);
  char* text = nsb_test_slurp(path, NULL);
  if (!text) return -1;
  int col = -1, n = 0, row = 0;
  for (char* line = strtok(text, "\n"); line; line = strtok(NULL, "\n"), ++row) {
    int c = 0;
    char* p = line;
    while (p) {
      char* comma = strchr(p, ',');
      if (comma) *comma = '\0';
      if (row == 0 && strcmp(p, name) == 0) col = c;
      if (row > 0 && c == col && n < cap) out[n++] = atof(p);
      p = comma ? comma + 1 : NULL;
      ++c;
    }
  }
  free(text);
  return col >= 0 ? n : -1;
}

/* A particle on a spring bouncing on a wall (e = 1): one mode is the whole
   linear system, so *MODAL DYNAMIC and *DYNAMIC with the plain modified
   scheme (RHOINF=1: the same trapezoidal scheme and midpoint impulses) give
   the same discrete solution. */
static const char* SPRING_WALL =
    "*HEADING\nparticle on a spring against a wall\n*NODE\n1, 0, 0, 0\n2, 0, 0, 1\n"
    "*PARTICLE, NODE=2, MASS=2.0, RADIUS=0.0\n*ELEMENT, TYPE=SPRINGA, ELSET=S\n1, 1, 2\n*SPRING, ELSET=S\n50.0\n"
    "*NSET, NSET=BALL\n2\n*BOUNDARY\n2, 1, 2\n*OBSTACLE, NAME=WALL, TYPE=PLANE\n0, 0, 0.9, 0, 0, 1\n"
    "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1.0\nBALL, WALL\n*INITIAL CONDITIONS, TYPE=VELOCITY\n2, 3, -1.0\n"
    "*PROBE, NAME=P, NODE=2\nX, V\n*STEP\n%s\n0.001, 3.0\n*OUTPUT, FORMAT=HISTORY, EVERY=10\n*END STEP\n";

static void test_modal_dynamic_equals_full(void) {
  char deck[2048];
  const char* d1 = NSB_BINARY_DIR "/tests_tmp/modal_dyn_spring";
  const char* d2 = NSB_BINARY_DIR "/tests_tmp/full_dyn_spring";
  snprintf(deck, sizeof deck, SPRING_WALL, "*MODAL DYNAMIC, MODES=1");
  run_deck(deck, d1);
  snprintf(deck, sizeof deck, SPRING_WALL, "*DYNAMIC, RHOINF=1");
  run_deck(deck, d2);
  static double z1[400], z2[400], e1[400];
  int n1 = history_column(d1, "P.z", z1, 400), n2 = history_column(d2, "P.z", z2, 400);
  CU_ASSERT_EQUAL_FATAL(n1, 301);
  CU_ASSERT_EQUAL_FATAL(n2, 301);
  double worst = 0.0, zmin = 1.0;
  for (int i = 0; i < n1; ++i) {
    worst = fmax(worst, fabs(z1[i] - z2[i]));
    zmin = fmin(zmin, z1[i]);
  }
  CU_ASSERT(worst < 1e-12);
  CU_ASSERT(zmin < 0.91); /* it reached the wall (sampled every 0.01 s; free motion would reach 0.8) */
  CU_ASSERT(zmin > 0.9 - 2e-3);
  /* e = 1: the energy of the trapezoidal rule with midpoint impulses is conserved */
  CU_ASSERT_EQUAL(history_column(d1, "total_energy", e1, 400), 301);
  for (int i = 0; i < n1; ++i) CU_ASSERT(fabs(e1[i] - 1.0) < 1e-12);
}

/* The heading, the 11 nodes (node set nset) of a 1 m beam along x at height
   z and its 10 B2V elements (element set B, the *ELEMENT line's parameters
   after TYPE=B2V, ELSET=B) into buf (cap bytes); returns the length. */
static int ten_element_beam(char* buf, size_t cap, const char* heading, const char* nset, double z,
                            const char* params) {
  int n = snprintf(buf, cap, "*HEADING\n%s\n*NODE, NSET=%s\n", heading, nset);
  for (int i = 0; i <= 10; ++i) n += snprintf(buf + n, cap - (size_t)n, "%d, %g, 0, %g\n", i + 1, 0.1 * i, z);
  n += snprintf(buf + n, cap - (size_t)n, "*ELEMENT, TYPE=B2V, ELSET=B, %s\n", params);
  for (int i = 0; i < 10; ++i) n += snprintf(buf + n, cap - (size_t)n, "%d, %d, %d\n", i + 1, i + 1, i + 2);
  return n;
}

/* A free beam falling flat onto a floor (gravity is the step's load), modal
   and quasi-static reduction: before the impact the momentum is m g t (the
   rigid modes carry the load exactly), and E + D - W stays constant. */
static char* falling_beam_deck(const char* proc) {
  static char buf[8192];
  int n = ten_element_beam(buf, sizeof buf, "falling beam", "ALL", 0.01, "POINTS=2");
  n += snprintf(buf + n, sizeof buf - (size_t)n,
                "*BEAM GENERAL SECTION, ELSET=B\n8.4e7, 2.7e7, 2.7e7, 2e3, 2.8e3, 2.8e3\n3, 2e-4, 1e-4, 1e-4\n0, 1, 0\n"
                "*BOUNDARY\nALL, 2, 2\nALL, 4, 4\nALL, 6, 6\n*NSET, NSET=ENDS\n1, 11\n"
                "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
                "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.5, SLAVE RADIUS=0\nENDS, FLOOR\n"
                "*STEP\n%s\n1e-5, 0.1\n*GRAVITY\n0, 0, -9.81\n*OUTPUT, FORMAT=HISTORY, EVERY=100\n*END STEP\n",
                proc);
  return buf;
}

static void check_falling_beam(const char* proc, const char* dir) {
  run_deck(falling_beam_deck(proc), dir);
  static double t[200], pz[200], E[200], D[200], W[200];
  int n = history_column(dir, "time", t, 200);
  CU_ASSERT_EQUAL_FATAL(n, 101);
  CU_ASSERT_EQUAL(history_column(dir, "linear_momentum_z", pz, 200), n);
  CU_ASSERT_EQUAL(history_column(dir, "total_energy", E, 200), n);
  CU_ASSERT_EQUAL(history_column(dir, "dissipated", D, 200), n);
  CU_ASSERT_EQUAL(history_column(dir, "external_work", W, 200), n);
  /* free fall of 0.01 takes sqrt(2 0.01 / 9.81) = 0.0452 s; mass 3 x 1 */
  for (int i = 0; i < n && t[i] < 0.04; ++i) CU_ASSERT(fabs(pz[i] + 3.0 * 9.81 * t[i]) < 1e-9);
  double b0 = E[0] + D[0] - W[0], worst = 0.0;
  for (int i = 0; i < n; ++i) worst = fmax(worst, fabs(E[i] + D[i] - W[i] - b0));
  CU_ASSERT(worst < 1e-10 * (fabs(W[n - 1]) + 1.0));
  CU_ASSERT(D[n - 1] > 1e-3 * W[n - 1]); /* the impact with e = 0.5 did dissipate */
}

/* Error path: quasi-static reduction needs elastic modes among the retained
   ones; a free beam with only its 3 planar rigid modes retained is refused,
   with the step named, and the run fails cleanly. */
static void test_modal_dynamic_only_rigid_modes(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "fall.inp", falling_beam_deck("*MODAL DYNAMIC, MODES=3, "
                                                                                 "REDUCTION=QUASI-STATIC"),
                                             stderr, &m, &n_err),
                        NSB_OK);
  nsb_run_options opt = nsb_run_default_options();
  opt.outdir = NSB_BINARY_DIR "/tests_tmp/modal_dyn_rigid_only";
  opt.quiet = 1;
  nsb_stats stats;
  CU_ASSERT_EQUAL(nsb_run(ctx, m, &opt, &stats), NSB_ERR_UNSUPPORTED);
  CU_ASSERT_PTR_NOT_NULL(strstr(nsb_ctx_error_message(ctx), "all 3 retained modes are rigid-body modes"));
  nsb_ctx_clear_error(ctx);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static void test_modal_dynamic_falling_beam(void) {
  check_falling_beam("*MODAL DYNAMIC, MODES=6, ALPHA=0, BETA=1e-5", NSB_BINARY_DIR "/tests_tmp/modal_dyn_fall");
  check_falling_beam("*MODAL DYNAMIC, MODES=6, REDUCTION=QUASI-STATIC", NSB_BINARY_DIR "/tests_tmp/modal_dyn_fall_qs");
}

/* A free bar along x at 1 m/s against a wall normal to x (the bar of
   benchmarks/peers, 10 elements): only its axial block moves, so of the
   MODES lowest the step computes the axial ones and leaves the bending and
   torsional ones at rest.  Zero loads on a bending and a torsional DOF of
   every kind (loaded: every block solved) give the full selection, whose
   axial modes must be the computed ones under the same places, and the same
   history (the modes at rest stay exactly zero there).  The same bar with its
   other DOFs held (*BOUNDARY 2-6) and as many modes has the same modes (one
   block, the same matrices): the same history to round-off. */
static char* wall_bar_deck(int held, int modes, int zero_loads) {
  static char buf[8192];
  int n = ten_element_beam(buf, sizeof buf, "bar against a wall", "BAR", 0.0, "WEIGHTING=GALERKIN, POINTS=2");
  n += snprintf(buf + n, sizeof buf - (size_t)n,
                "*BEAM GENERAL SECTION, ELSET=B\n2e7, 2e7, 2e7, 2e7, 2e7, 2e7\n0.8, 1.6e-6, 8e-7, 8e-7\n0, 1, 0\n"
                "*NSET, NSET=TIP\n11\n*OBSTACLE, NAME=WALL, TYPE=PLANE\n1.005, 0, 0, -1, 0, 0\n"
                "*INITIAL CONDITIONS, TYPE=VELOCITY\nBAR, 1, 1\n"
                "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS=0.005\nTIP, WALL\n%s"
                "*STEP\n*MODAL DYNAMIC, MODES=%d\n2e-5, 6e-4\n%s*OUTPUT, FORMAT=HISTORY\n*END STEP\n",
                held ? "*BOUNDARY\nBAR, 2, 6\n" : "", modes, zero_loads ? "*CLOAD\n6, 2, 0\n6, 3, 0\n6, 4, 0\n" : "");
  return buf;
}

/* modes.csv's rows (mode number, eigenvalue) into mode, lam; returns the count */
static int mode_rows(const char* dir, int* mode, double* lam, int cap) {
  char path[512];
  snprintf(path, sizeof path, "%s/modes.csv", dir);
  char* text = nsb_test_slurp(path, NULL);
  CU_ASSERT_PTR_NOT_NULL_FATAL(text);
  int k = 0;
  for (char* line = strchr(text, '\n'); line && line[1] && k < cap; line = strchr(line + 1, '\n')) {
    int step = 0;
    if (sscanf(line + 1, "%d,%d,%lf", &step, mode + k, lam + k) != 3) break;
    ++k;
  }
  free(text);
  return k;
}

static void test_modal_dynamic_modes_at_rest(void) {
  const char* d1 = NSB_BINARY_DIR "/tests_tmp/modal_rest_bar";
  const char* d2 = NSB_BINARY_DIR "/tests_tmp/modal_rest_bar_all";
  const char* d3 = NSB_BINARY_DIR "/tests_tmp/modal_rest_bar_held";
  int want = 30, m1[64], m2[64], m3[64];
  double l1[64], l2[64], l3[64];
  run_deck(wall_bar_deck(0, want, 0), d1);
  run_deck(wall_bar_deck(0, want, 1), d2);
  int n1 = mode_rows(d1, m1, l1, 64), n2 = mode_rows(d2, m2, l2, 64);
  CU_ASSERT_EQUAL_FATAL(n2, want);
  /* the computed modes are the full selection's axial ones, in its places;
     the six rigid modes (eigenvalues round-off of the shift, |lambda| < 1,
     against 2.4e8 for the first elastic one) have their places among the
     first six in an order of round-off in either run */
  int k = 0;
  for (int j = 0; j < n2 && k < n1; ++j) {
    if (fabs(l2[j]) < 1.0) continue;
    if (l1[k] < 1.0) {
      CU_ASSERT(m1[k] <= 6);
      ++k;
    }
    if (k < n1 && m1[k] == m2[j]) {
      CU_ASSERT(l1[k] == l2[j]);
      ++k;
    }
  }
  printf("\n    free bar against a wall: %d of the %d lowest modes computed", n1, want);
  CU_ASSERT_EQUAL(k, n1);
  CU_ASSERT(n1 > 1 && n1 < want);
  run_deck(wall_bar_deck(1, n1, 0), d3);
  CU_ASSERT_EQUAL(mode_rows(d3, m3, l3, 64), n1);
  static const char* cols[] = {"kinetic_energy", "potential_energy", "linear_momentum_x", "dissipated"};
  static double a[100], b[100], c3[100];
  for (int c = 0; c < 4; ++c) {
    int na = history_column(d1, cols[c], a, 100), nb = history_column(d2, cols[c], b, 100);
    CU_ASSERT_EQUAL_FATAL(na, 31);
    CU_ASSERT_EQUAL_FATAL(nb, 31);
    CU_ASSERT_EQUAL_FATAL(history_column(d3, cols[c], c3, 100), 31);
    double same = 0.0, held = 0.0;
    for (int i = 0; i < na; ++i) {
      same = fmax(same, fabs(a[i] - b[i]));
      held = fmax(held, fabs(a[i] - c3[i]));
    }
    /* the energies from the same modal coordinates: the same numbers; the
       momentum of the axial modes alone from their modal momenta (one
       axis: the history rows need no state), that of all blocks from the
       rebuilt state (bending modes move off the axis): round-off of 0.8 */
    CU_ASSERT(c == 2 ? same < 1e-14 : same == 0.0);
    CU_ASSERT(held < 1e-10); /* energies 0.4, momenta 0.8: round-off */
  }
  double p[100];
  CU_ASSERT_EQUAL(history_column(d1, "linear_momentum_x", p, 100), 31);
  CU_ASSERT(p[30] < -0.5); /* it came back from the wall */
}

/* History rows from the modal coordinates (io/run.c modal_history_state,
   docs/theory.md §7): a row of energies, momenta and node probes is taken
   from the reduced model without rebuilding the state when the modes move
   along one axis.  Against the same deck with VTK output at every increment
   (every row rebuilds the whole state: Phi y, Phi v, the elements): the
   energies and the probed node the same numbers, the momenta to round-off
   (other sums of the same terms: at most 1e-14 of the largest), the contact
   rows the same bytes.  The 10-element bar of wall_bar_deck along its axis
   (axial modes only), the same bar struck across (the bending modes: their
   translations and rotations, rebuilt either way), and Saint-Venant's
   particle striking the bar (a particle slave against the bar's elements:
   the particle's and the axial modes). */
static char* history_deck(int kind, int vtk) {
  static char buf[8192];
  int n = ten_element_beam(buf, sizeof buf, "bar", "BAR", 0.0, "WEIGHTING=GALERKIN, POINTS=2");
  n += snprintf(buf + n, sizeof buf - (size_t)n,
                "*BEAM GENERAL SECTION, ELSET=B\n2e7, 2e7, 2e7, 2e7, 2e7, 2e7\n0.8, 1.6e-6, 8e-7, 8e-7\n0, 1, 0\n");
  if (kind == 0) /* along the axis against a wall */
    n += snprintf(buf + n, sizeof buf - (size_t)n,
                  "*NSET, NSET=TIP\n11\n*OBSTACLE, NAME=WALL, TYPE=PLANE\n1.005, 0, 0, -1, 0, 0\n"
                  "*INITIAL CONDITIONS, TYPE=VELOCITY\nBAR, 1, 1\n"
                  "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS=0.005\nTIP, WALL\n"
                  "*PROBE, NAME=tip, NODE=11\nX, V\n");
  else if (kind == 1) /* across, against a wall under its tip */
    n += snprintf(buf + n, sizeof buf - (size_t)n,
                  "*NSET, NSET=TIP\n11\n*OBSTACLE, NAME=WALL, TYPE=PLANE\n0, 0.005, 0, 0, -1, 0\n"
                  "*INITIAL CONDITIONS, TYPE=VELOCITY\nBAR, 2, 1\n"
                  "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS=0.005\nTIP, WALL\n"
                  "*PROBE, NAME=tip, NODE=11\nX, V, W\n");
  else /* a particle of the bar's mass striking its free end, the far end held */
    n += snprintf(buf + n, sizeof buf - (size_t)n,
                  "*NODE, NSET=STRIKER\n12, -0.01, 0, 0\n*PARTICLE, NODE=12, MASS=0.8, RADIUS=0.005\n"
                  "*BOUNDARY\n11, 1, 6\n*INITIAL CONDITIONS, TYPE=VELOCITY\nSTRIKER, 1, 1\n"
                  "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, RADIUS=0.005\nSTRIKER, B\n"
                  "*PROBE, NAME=striker, NODE=12\nV\n");
  snprintf(buf + n, sizeof buf - (size_t)n,
           "*STEP\n*MODAL DYNAMIC, MODES=%d\n2e-5, 8e-4\n*OUTPUT, FORMAT=HISTORY\n*OUTPUT, FORMAT=CONTACT\n%s"
           "*END STEP\n",
           kind == 1 ? 20 : 30, vtk ? "*OUTPUT, FORMAT=VTK, ENCODING=ASCII\n" : "");
  return buf;
}

static void test_modal_dynamic_history_from_modes(void) {
  static const char* names[] = {"axial", "across", "striker"};
  static const char* cols[] = {"kinetic_energy", "potential_energy", "external_work", "dissipated",
                               "tip.x", "tip.vx", "tip.vy", "tip.wz", "striker.vx",
                               "linear_momentum_x", "linear_momentum_y", "angular_momentum_z"};
  static double a[100], b[100];
  for (int kind = 0; kind < 3; ++kind) {
    char d1[256], d2[256], p1[300], p2[300];
    snprintf(d1, sizeof d1, NSB_BINARY_DIR "/tests_tmp/modal_hist_%s", names[kind]);
    snprintf(d2, sizeof d2, NSB_BINARY_DIR "/tests_tmp/modal_hist_%s_vtk", names[kind]);
    run_deck(history_deck(kind, 0), d1);
    run_deck(history_deck(kind, 1), d2);
    int n_cols = 0;
    for (int c = 0; c < (int)(sizeof cols / sizeof cols[0]); ++c) {
      int na = history_column(d1, cols[c], a, 100), nb = history_column(d2, cols[c], b, 100);
      CU_ASSERT_EQUAL(na, nb);
      if (na < 0) continue; /* not a column of this deck */
      CU_ASSERT_EQUAL_FATAL(na, 41);
      ++n_cols;
      double diff = 0.0, big = 0.0;
      for (int i = 0; i < na; ++i) {
        diff = fmax(diff, fabs(a[i] - b[i]));
        big = fmax(big, fabs(b[i]));
      }
      CU_ASSERT(c >= 9 ? diff <= 1e-14 * big : diff == 0.0); /* the momenta: round-off */
      if (c == 9 && kind != 1) CU_ASSERT(big > 0.5);
    }
    CU_ASSERT(n_cols >= 7);
    snprintf(p1, sizeof p1, "%s/contacts.csv", d1);
    snprintf(p2, sizeof p2, "%s/contacts.csv", d2);
    char* t1 = nsb_test_slurp(p1, NULL);
    char* t2 = nsb_test_slurp(p2, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t2);
    CU_ASSERT_STRING_EQUAL(t1, t2);
    CU_ASSERT_PTR_NOT_NULL(strstr(t1, "\n")); /* rows, not just the header */
    free(t1);
    free(t2);
  }
  /* the striker left the bar (Saint-Venant 1867: at -0.69 v0 on a fine mesh) */
  CU_ASSERT_EQUAL(history_column(NSB_BINARY_DIR "/tests_tmp/modal_hist_striker", "striker.vx", a, 100), 41);
  CU_ASSERT(a[40] < -0.5 && a[40] > -0.9);
}

/* ---- hanging mechanisms: a static step, then *FREQUENCY -------------------------------- */

/* The static solve starts with zero reactions, so the first Newton matrix of a
   mechanism is singular (its only stiffness is the reactions' geometric
   stiffness); the system then guesses the reactions by least squares.  The
   modes of the hanging state are the pendulum's: omega^2 = m g l / J_pivot. */
static double first_eigenvalue(const char* deck, const char* dir) {
  run_deck(deck, dir);
  char path[512];
  snprintf(path, sizeof path, "%s/modes.csv", dir);
  char* text = nsb_test_slurp(path, NULL);
  CU_ASSERT_PTR_NOT_NULL_FATAL(text);
  char* line = strchr(text, '\n'); /* skip the header */
  int step = 0, mode = 0;
  double lam = -1.0;
  CU_ASSERT(line && sscanf(line + 1, "%d,%d,%lf", &step, &mode, &lam) == 3);
  free(text);
  return lam;
}

static void test_compound_pendulum(void) {
  const char* deck =
      "*HEADING\ncompound pendulum\n*NODE\n1, 0, 0, 0\n2, 0, 0, -1.0\n*RIGID BODY, NODE=2, MASS=2.0\n0.1, 0.1, 0.1\n"
      "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 1, 0\n*GRAVITY\n0, 0, -9.81\n"
      "*STEP\n*STATIC\n1.0, 1.0\n*END STEP\n*STEP\n*FREQUENCY\n1\n*END STEP\n";
  double exact = 2.0 * 9.81 * 1.0 / (0.1 + 2.0 * 1.0);
  CU_ASSERT(fabs(first_eigenvalue(deck, NSB_BINARY_DIR "/tests_tmp/modal_pendulum") - exact) < 1e-10 * exact);
}

static void test_particle_on_a_string(void) {
  const char* deck =
      "*HEADING\nparticle on a distance joint\n*NODE\n1, 0, 0, 0\n2, 0, 0, -2.0\n*PARTICLE, NODE=2, MASS=3.0\n"
      "*JOINT, TYPE=DISTANCE\n1, 2\n*BOUNDARY\n2, 2, 2\n*GRAVITY\n0, 0, -9.81\n"
      "*STEP\n*STATIC\n1.0, 1.0\n*END STEP\n*STEP\n*FREQUENCY\n1\n*END STEP\n";
  double exact = 9.81 / 2.0;
  CU_ASSERT(fabs(first_eigenvalue(deck, NSB_BINARY_DIR "/tests_tmp/modal_string") - exact) < 1e-10 * exact);
}

/* ---- *MODAL DYNAMIC, SPIN: the co-rotating model ------------------------------------ */

/* A 2-DOF rotor: a particle of mass 2 at (0, 0, R) on two unloaded springs of
   stiffness 50, along y and along z (omega_0^2 = 25, isotropic), held along
   the axis x; the frame turns at OMEGA about x.  With u = y + i (z - R - delta)
   in the turning frame,
     u'' + (a + c + 2 i Omega) u' + (omega_0^2 - Omega^2 + i c Omega) u = 0,
   delta = Omega^2 R / (omega_0^2 - Omega^2) the centrifugal offset (a: ALPHA
   on the relative velocity, c: EXTERNAL DAMPING on the absolute one). */
static const char* ROTOR2 =
    "*HEADING\n2-DOF rotor\n*NODE\n1, 0, -1, 0.5\n2, 0, 0, 0.5\n3, 0, 0, -0.5\n"
    "*PARTICLE, NODE=2, MASS=2.0, RADIUS=0.0\n*ELEMENT, TYPE=SPRINGA, ELSET=S\n1, 1, 2\n2, 3, 2\n*SPRING, ELSET=S\n50.0\n"
    "*BOUNDARY\n2, 1, 1\n*INITIAL CONDITIONS, TYPE=VELOCITY\n2, 3, 0.1\n"
    "*PROBE, NAME=P, NODE=2\nX\n*STEP\n*MODAL DYNAMIC, MODES=2, SPIN=2.0, AXIS=X%s\n%s\n"
    "*OUTPUT, FORMAT=HISTORY, EVERY=100\n*END STEP\n";

/* Undamped: the steady offset delta, then u = (v0 / omega_0) e^{-i Omega t} i sin(omega_0 t)
   (the inertial frame's planar vibration seen from the turning frame; the
   trapezoidal rule's phase error (omega h)^2 / 12 per radian is 5e-8 here);
   the Jacobi integral E - W (W: the work of the centrifugal load) is
   constant.  A Coriolis matrix of the wrong size or
   sign turns the whirl the wrong way at once. */
static void test_spin_whirl_point_mass(void) {
  char deck[2048];
  const char* dir = NSB_BINARY_DIR "/tests_tmp/modal_spin_rotor2";
  snprintf(deck, sizeof deck, ROTOR2, "", "1e-4, 2.0");
  run_deck(deck, dir);
  static double t[400], y[400], z[400], E[400], W[400];
  int n = history_column(dir, "time", t, 400);
  CU_ASSERT_EQUAL_FATAL(n, 201);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "P.y", y, 400), n);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "P.z", z, 400), n);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "total_energy", E, 400), n);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "external_work", W, 400), n);
  CU_ASSERT_EQUAL(history_column(dir, "dissipated", t + 300, 100), -1); /* no damping: no such column */
  const double w0 = 5.0, om = 2.0, v0 = 0.1, R = 0.5, delta = om * om * R / (w0 * w0 - om * om);
  double worst = 0.0, jac = 0.0;
  for (int i = 1; i < n; ++i) { /* row 0: the state before the step */
    double a = v0 / w0 * sin(w0 * t[i]);
    worst = fmax(worst, fabs(y[i] - a * sin(om * t[i])));
    worst = fmax(worst, fabs(z[i] - R - delta - a * cos(om * t[i])));
    jac = fmax(jac, fabs((E[i] - W[i]) - (E[1] - W[1])));
  }
  CU_ASSERT(worst < 1e-6 * v0 / w0);
  CU_ASSERT(jac < 1e-13 * E[1]);
  CU_ASSERT(fabs(W[n - 1] - W[1]) > 1e-4 * E[1]); /* the centrifugal load does work along the orbit */
}

/* The stability map of the damped rotor: SWEEP's eigenvalues against the
   roots of s^2 + (a + c + 2 i Omega) s + (omega_0^2 - Omega^2 + i c Omega) = 0
   and their conjugates; internal damping destabilizes above
   Omega = omega_0 (1 + c / a) = 10 (a = c = 0.1). */
static void test_spin_stability_map(void) {
  char deck[2048];
  const char* dir = NSB_BINARY_DIR "/tests_tmp/modal_spin_rotor2_map";
  snprintf(deck, sizeof deck, ROTOR2, ", ALPHA=0.1, EXTERNAL DAMPING=0.1, SWEEP=8", "1e-3, 1e-3");
  /* SPIN=16 for this one */
  char* at = strstr(deck, "SPIN=2.0");
  CU_ASSERT_PTR_NOT_NULL_FATAL(at);
  memcpy(at, "SPIN=16.", 8);
  run_deck(deck, dir);
  char path[512];
  snprintf(path, sizeof path, "%s/stability.csv", dir);
  FILE* f = fopen(path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  char line[2048];
  CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, f));
  CU_ASSERT_STRING_EQUAL(line, "step,omega,frequency,max_re,det_sign,re1,im1,re2,im2,re3,im3,re4,im4\n");
  int rows = 0;
  const double w0 = 5.0, a = 0.1, c = 0.1;
  while (fgets(line, sizeof line, f)) {
    int step, sign;
    double om, fr, mx, ev[8];
    CU_ASSERT_EQUAL_FATAL(sscanf(line, "%d,%lf,%lf,%lf,%d,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", &step, &om, &fr, &mx, &sign,
                                &ev[0], &ev[1], &ev[2], &ev[3], &ev[4], &ev[5], &ev[6], &ev[7]),
                         13);
    CU_ASSERT(fabs(om - 2.0 * rows) < 1e-12);
    /* s = (-B +- sqrt(B^2 - 4 C)) / 2, B = a + c + 2 i Omega, C = w0^2 - Omega^2 + i c Omega */
    double complex B = a + c + 2.0 * I * om, C = w0 * w0 - om * om + I * c * om;
    double complex sq = csqrt(B * B - 4.0 * C), s[4] = {(-B + sq) / 2.0, (-B - sq) / 2.0, 0.0, 0.0};
    s[2] = conj(s[0]);
    s[3] = conj(s[1]);
    double best_re = -HUGE_VAL;
    for (int k = 0; k < 4; ++k) {
      best_re = fmax(best_re, creal(s[k]));
      double dmin = HUGE_VAL; /* each exact root is among the computed ones */
      for (int q = 0; q < 4; ++q) dmin = fmin(dmin, cabs(s[k] - (ev[2 * q] + I * ev[2 * q + 1])));
      CU_ASSERT(dmin < 1e-10 * (w0 + om));
    }
    CU_ASSERT(fabs(mx - best_re) < 1e-10 * (w0 + om));
    CU_ASSERT(mx == ev[0]);
    CU_ASSERT((mx < 0.0) == (om < w0 * (1.0 + c / a) - 1e-9) || fabs(om - w0 * (1.0 + c / a)) < 1e-9);
    CU_ASSERT_EQUAL(sign, om < w0 ? 1 : om > w0 ? 1 : 0); /* two equal stiffnesses: det = (w0^2 - Omega^2)^2 + (c Omega)^2 */
    ++rows;
  }
  fclose(f);
  CU_ASSERT_EQUAL(rows, 9);
}

/* The steady responses of gravity.csv for the 2-DOF rotor with external
   damping only (c = 0.1) and gravity (0, 0, -9.81): the centrifugal offset
   u = sy + i sz = R (c Omega + i Omega^2) / (omega_0^2 - Omega^2 + i c Omega), and
   gravity's response: the shaft hangs still in the inertial frame (isotropic,
   no internal damping: nothing moves relative to the air), i.e. the static
   sag g / omega_0^2 turning at -Omega in the frame, at every rate:
   u_y = Re[i g / omega_0^2 e^{i Omega t}], u_z = Re[-g / omega_0^2 e^{i Omega t}]. */
static void test_spin_gravity_response(void) {
  char deck[2048];
  const char* dir = NSB_BINARY_DIR "/tests_tmp/modal_spin_rotor2_gravity";
  snprintf(deck, sizeof deck, ROTOR2, ", EXTERNAL DAMPING=0.1, SWEEP=8", "1e-3, 1e-3\n*GRAVITY\n0, 0, -9.81");
  char* at = strstr(deck, "SPIN=2.0");
  CU_ASSERT_PTR_NOT_NULL_FATAL(at);
  memcpy(at, "SPIN=4.0", 8);
  run_deck(deck, dir);
  char path[512];
  snprintf(path, sizeof path, "%s/gravity.csv", dir);
  FILE* f = fopen(path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  char line[2048];
  CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, f));
  CU_ASSERT_STRING_EQUAL(line, "step,omega,frequency,P.sx,P.sy,P.sz,P.ux_re,P.ux_im,P.uy_re,P.uy_im,P.uz_re,P.uz_im\n");
  const double w0 = 5.0, c = 0.1, R = 0.5, g = 9.81;
  int rows = 0;
  while (fgets(line, sizeof line, f)) {
    int step;
    double om, fr, v[9];
    CU_ASSERT_EQUAL_FATAL(sscanf(line, "%d,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", &step, &om, &fr, &v[0], &v[1],
                                &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]),
                         12);
    CU_ASSERT(fabs(om - 0.5 * rows) < 1e-12);
    double complex u = R * (c * om + I * om * om) / (w0 * w0 - om * om + I * c * om);
    CU_ASSERT(fabs(v[0]) < 1e-14);
    CU_ASSERT(fabs(v[1] - creal(u)) < 1e-12);
    CU_ASSERT(fabs(v[2] - cimag(u)) < 1e-12);
    CU_ASSERT(fabs(v[3]) < 1e-14 && fabs(v[4]) < 1e-14);
    CU_ASSERT(fabs(v[5]) < 1e-12);
    CU_ASSERT(fabs(v[6] - g / (w0 * w0)) < 1e-12);
    CU_ASSERT(fabs(v[7] + g / (w0 * w0)) < 1e-12);
    CU_ASSERT(fabs(v[8]) < 1e-12);
    ++rows;
  }
  fclose(f);
  CU_ASSERT_EQUAL(rows, 9);
}

/* The time run with the turning gravity settles on the steady response of
   gravity.csv: EXTERNAL DAMPING=2 (the transients decay as e^{-t}),
   Omega = 4, 12 s; the position in the frame at the end is
   (0, R) + s + Re[u e^{i Omega t}] with s and u of the closed forms above. */
static void test_spin_gravity_time_run(void) {
  char deck[2048];
  const char* dir = NSB_BINARY_DIR "/tests_tmp/modal_spin_rotor2_gravity_run";
  snprintf(deck, sizeof deck, ROTOR2, ", EXTERNAL DAMPING=2", "1e-3, 12.0\n*GRAVITY\n0, 0, -9.81");
  char* at = strstr(deck, "SPIN=2.0");
  CU_ASSERT_PTR_NOT_NULL_FATAL(at);
  memcpy(at, "SPIN=4.0", 8);
  run_deck(deck, dir);
  static double t[200], y[200], z[200];
  int n = history_column(dir, "time", t, 200);
  CU_ASSERT_EQUAL_FATAL(n, 121);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "P.y", y, 200), n);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "P.z", z, 200), n);
  const double w0 = 5.0, c = 2.0, R = 0.5, g = 9.81, om = 4.0;
  double complex s = R * (c * om + I * om * om) / (w0 * w0 - om * om + I * c * om);
  double worst = 0.0;
  for (int i = n - 10; i < n; ++i) {
    double ph = om * t[i], a = g / (w0 * w0);
    double ey = creal(s) - a * sin(ph), ez = R + cimag(s) - a * cos(ph);
    worst = fmax(worst, fmax(fabs(y[i] - ey), fabs(z[i] - ez)));
  }
  /* transients e^{-12} ~ 6e-6 of the 0.1 start velocity's and gravity's onset; the
     trapezoidal rule's phase error (Omega h)^2 / 12 ~ 1e-6 rad per radian */
  CU_ASSERT(worst < 1e-4 * g / (w0 * w0));
}

/* A beam shaft in the co-rotating frame, undamped: 10 B2V elements of a
   section with rotary and polar inertia, 0.02 off the spin axis x (so the
   centrifugal load, the softening and the nodes' rotary terms all act),
   pinned, its spin held, started with a transverse velocity: the Jacobi
   integral E - W is conserved to round-off, which a non-skew G1 or a
   non-symmetric K_c (their sums over translations and rotations) would break. */
static void test_spin_beam_jacobi(void) {
  static char deck[8192];
  int n = snprintf(deck, sizeof deck, "*HEADING\nspinning beam\n*NODE, NSET=ALL\n");
  for (int i = 0; i <= 10; ++i) n += snprintf(deck + n, sizeof deck - (size_t)n, "%d, %g, 0, 0.02\n", i + 1, 0.1 * i);
  n += snprintf(deck + n, sizeof deck - (size_t)n, "*ELEMENT, TYPE=B2V, ELSET=B, POINTS=2\n");
  for (int i = 0; i < 10; ++i) n += snprintf(deck + n, sizeof deck - (size_t)n, "%d, %d, %d\n", i + 1, i + 1, i + 2);
  n += snprintf(deck + n, sizeof deck - (size_t)n,
                "*BEAM GENERAL SECTION, ELSET=B\n2.1e7, 8e6, 8e6, 1.4e2, 1.75e2, 2.1e2\n0.75, 1.2e-5, 5e-6, 7e-6\n0, 1, 0\n"
                "*BOUNDARY\n1, 1, 4\n11, 1, 3\n11, 4, 4\n*INITIAL CONDITIONS, TYPE=VELOCITY\n6, 3, 0.01\n5, 2, -0.005\n"
                "*STEP\n*MODAL DYNAMIC, MODES=12, SPIN=9.0, AXIS=X\n1e-4, 0.5\n*OUTPUT, FORMAT=HISTORY, EVERY=50\n*END STEP\n");
  const char* dir = NSB_BINARY_DIR "/tests_tmp/modal_spin_beam";
  run_deck(deck, dir);
  static double E[200], W[200], K[200];
  int rows = history_column(dir, "total_energy", E, 200);
  CU_ASSERT_EQUAL_FATAL(rows, 101);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "external_work", W, 200), rows);
  CU_ASSERT_EQUAL_FATAL(history_column(dir, "kinetic_energy", K, 200), rows);
  double worst = 0.0, wmax = 0.0;
  for (int i = 1; i < rows; ++i) {
    worst = fmax(worst, fabs((E[i] - W[i]) - (E[1] - W[1])));
    wmax = fmax(wmax, fabs(W[i] - W[1]));
  }
  CU_ASSERT(worst < 1e-12 * E[1]);
  CU_ASSERT(wmax > 1e-3 * E[1]); /* the centrifugal load works along the motion */
  CU_ASSERT(K[1] > 0.0);
}

static const nsb_test_suite suites[] = {
    {"subspace", (const nsb_test_case[]){{"fixed_free_chain", test_fixed_free_chain},
                                         {"free_chain_rigid_mode", test_free_chain_rigid_mode},
                                         {"many_modes", test_many_modes},
                                         {"independent_blocks", test_independent_blocks},
                                         {"blocks_at_rest", test_blocks_at_rest},
                                         {"constrained_chain", test_constrained_chain},
                                         {"interior_shift", test_interior_shift},
                                         {"bad_requests", test_bad_requests},
                                         {NULL, NULL}}},
    {"frequency_step", (const nsb_test_case[]){{"leaves_the_analysis", test_frequency_step_leaves_analysis},
                                               {NULL, NULL}}},
    {"mechanisms", (const nsb_test_case[]){{"compound_pendulum", test_compound_pendulum},
                                           {"particle_on_a_string", test_particle_on_a_string},
                                           {NULL, NULL}}},
    {"modal_dynamic", (const nsb_test_case[]){{"equals_full_linear", test_modal_dynamic_equals_full},
                                              {"falling_beam", test_modal_dynamic_falling_beam},
                                              {"modes_at_rest", test_modal_dynamic_modes_at_rest},
                                              {"history_from_modes", test_modal_dynamic_history_from_modes},
                                              {"qs_only_rigid_modes", test_modal_dynamic_only_rigid_modes},
                                              {NULL, NULL}}},
    {"corotating", (const nsb_test_case[]){{"whirl_point_mass", test_spin_whirl_point_mass},
                                           {"stability_map", test_spin_stability_map},
                                           {"gravity_response", test_spin_gravity_response},
                                           {"gravity_time_run", test_spin_gravity_time_run},
                                           {"beam_jacobi_integral", test_spin_beam_jacobi},
                                           {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

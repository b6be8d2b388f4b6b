/* test_sparse.c -- CSR pattern builder, block assembly, METIS ordering, KLU's choice of
 * ordering by fill, KLU/UMFPACK solves.
 *
 * Dense references (pattern, assembly, LAPACKE_dgesv) are used only here.  The chain test
 * prints analyze/factor/solve times (no timing assertions).
 */
#define _POSIX_C_SOURCE 200809L /* sigaction, pthread_kill, nanosleep */
#include <klu.h>
#include <lapacke.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/ctx.h"
#include "base/team.h"
#include "solver/linsolve.h"
#include "solver/sparse.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

/* ---- helpers ------------------------------------------------------------------ */

/* Small deterministic generator (xorshift64*), no global state. */
static double rnd(unsigned long long* s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return (double)((*s * 2685821657736338717ull) >> 11) * (1.0 / 9007199254740992.0);
}
static int rnd_int(unsigned long long* s, int n) { return (int)(rnd(s) * n) % n; }

static double now(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CSR with the pattern of the nonzeros of the dense column-major D (plus diagonal), values
 * from D.  The pattern is built from 2-index blocks, so it is structurally symmetric. */
static nsb_csr* csr_from_dense(nsb_ctx* ctx, int n, const double* D) {
  nsb_pattern_builder* b = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &b) == NSB_OK);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (D[i + n * j] != 0.0) CU_ASSERT_FATAL(nsb_pattern_builder_add(b, (int[]){i, j}, 2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      int map[4];
      if (D[i + n * j] == 0.0) continue;
      CU_ASSERT_FATAL(nsb_csr_block_map(A, (int[]){i, j}, 2, map) == NSB_OK);
      A->val[map[2]] = D[i + n * j];
    }
  return A;
}

/* x = D^{-1} b with LAPACKE_dgesv (D column-major, not modified). */
static void dense_solve(int n, const double* D, const double* b, double* x) {
  double* M = malloc(sizeof(double) * (size_t)n * (size_t)n);
  lapack_int* ipiv = malloc(sizeof(lapack_int) * (size_t)n);
  memcpy(M, D, sizeof(double) * (size_t)n * (size_t)n);
  memcpy(x, b, sizeof(double) * (size_t)n);
  CU_ASSERT_EQUAL(LAPACKE_dgesv(LAPACK_COL_MAJOR, n, 1, M, n, ipiv, x, n), 0);
  free(M);
  free(ipiv);
}

static double rel_residual(const nsb_csr* A, const double* x, const double* b) {
  double* r = malloc(sizeof(double) * (size_t)A->n);
  nsb_csr_matvec(A, x, r);
  double rr = 0.0, bb = 0.0;
  for (int i = 0; i < A->n; ++i) {
    rr += (r[i] - b[i]) * (r[i] - b[i]);
    bb += b[i] * b[i];
  }
  free(r);
  return sqrt(rr) / sqrt(bb);
}

/* Factor + solve A x = b with the given solver (already analyzed) and compare to dgesv. */
static void check_solve(nsb_linsolver* s, const nsb_csr* A, const double* D, unsigned long long* rng_state,
                        double tol) {
  const int n = A->n;
  double* b = malloc(sizeof(double) * (size_t)n);
  double* x = malloc(sizeof(double) * (size_t)n);
  double* xref = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; ++i) b[i] = rnd(rng_state) - 0.5;
  dense_solve(n, D, b, xref);
  memcpy(x, b, sizeof(double) * (size_t)n);
  CU_ASSERT_EQUAL_FATAL(nsb_linsolver_factor(s, A), NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_solve(s, x), NSB_OK);
  double err = 0.0, xn = 0.0;
  for (int i = 0; i < n; ++i) {
    err = fmax(err, fabs(x[i] - xref[i]));
    xn = fmax(xn, fabs(xref[i]));
  }
  NSB_ASSERT_CLOSE(err / xn, 0.0, tol);
  NSB_ASSERT_CLOSE(rel_residual(A, x, b), 0.0, tol);
  CU_ASSERT(s->rcond_last > 0.0 && s->rcond_last <= 1.0);
  free(b);
  free(x);
  free(xref);
}

/* Random sparse unsymmetric diagonally dominant n x n (column-major dense), ~density fill. */
static double* random_dd(int n, double density, unsigned long long* rng_state) {
  double* D = calloc((size_t)n * (size_t)n, sizeof(double));
  for (int i = 0; i < n; ++i) {
    double rowsum = 0.0;
    for (int j = 0; j < n; ++j)
      if (j != i && rnd(rng_state) < density) {
        D[i + n * j] = 2.0 * rnd(rng_state) - 1.0;
        rowsum += fabs(D[i + n * j]);
      }
    D[i + n * i] = (rnd(rng_state) < 0.5 ? -1.0 : 1.0) * (1.0 + rowsum);
  }
  return D;
}

/* ---- pattern builder -------------------------------------------------------------- */

static void check_csr_invariants(const nsb_csr* A) {
  CU_ASSERT_EQUAL(A->rowptr[0], 0);
  CU_ASSERT_EQUAL(A->rowptr[A->n], A->nnz);
  for (int i = 0; i < A->n; ++i) {
    int has_diag = 0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      CU_ASSERT(A->col[p] >= 0 && A->col[p] < A->n);
      if (p > A->rowptr[i]) CU_ASSERT(A->col[p] > A->col[p - 1]); /* sorted, unique */
      has_diag |= A->col[p] == i;
      CU_ASSERT_EQUAL(A->val[p], 0.0);
    }
    CU_ASSERT(has_diag);
  }
}

static void test_pattern_small(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_pattern_builder* b = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, 6, &b) == NSB_OK);
  CU_ASSERT(nsb_pattern_builder_add(b, (int[]){2, 0, 1}, 3) == NSB_OK);
  CU_ASSERT(nsb_pattern_builder_add(b, (int[]){3, 2}, 2) == NSB_OK);  /* overlaps (2,2) */
  CU_ASSERT(nsb_pattern_builder_add(b, (int[]){-1, 4, -7, 2}, 4) == NSB_OK); /* eliminated */
  CU_ASSERT(nsb_pattern_builder_add(b, (int[]){-1}, 1) == NSB_OK);
  CU_ASSERT(nsb_pattern_builder_add(b, NULL, 0) == NSB_OK);
  CU_ASSERT_EQUAL(nsb_pattern_builder_add(b, (int[]){1, 6}, 2), NSB_ERR_ARG); /* out of range */
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "6") != NULL);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  CU_ASSERT_PTR_NULL(b);
  nsb_pattern_builder_destroy(&b); /* NULL is fine */
  static const int rowptr[] = {0, 3, 6, 11, 13, 15, 16};
  static const int col[] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 2, 3, 2, 4, 5};
  CU_ASSERT_EQUAL_FATAL(A->n, 6);
  CU_ASSERT_EQUAL_FATAL(A->nnz, 16);
  CU_ASSERT(memcmp(A->rowptr, rowptr, sizeof rowptr) == 0);
  CU_ASSERT(memcmp(A->col, col, sizeof col) == 0);
  check_csr_invariants(A);
  nsb_csr_destroy(ctx, &A);
  CU_ASSERT_PTR_NULL(A);
  CU_ASSERT_EQUAL(nsb_pattern_builder_create(ctx, 0, &b), NSB_ERR_ARG);
  nsb_test_end_ctx(&ctx);
}

/* Random blocks with eliminated and repeated indices vs a dense boolean pattern. */
static void test_pattern_random(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 12345;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + rnd_int(&rng_state, 40);
    const int n_blocks = rnd_int(&rng_state, 3 * n);
    char* dense = calloc((size_t)n * (size_t)n, 1);
    nsb_pattern_builder* b = NULL;
    nsb_csr* A = NULL;
    CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &b) == NSB_OK);
    for (int i = 0; i < n; ++i) dense[i + n * i] = 1;
    for (int e = 0; e < n_blocks; ++e) {
      int idx[8];
      const int k = 1 + rnd_int(&rng_state, 8);
      for (int i = 0; i < k; ++i) idx[i] = rnd(&rng_state) < 0.2 ? -1 - rnd_int(&rng_state, 3) : rnd_int(&rng_state, n);
      for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j)
          if (idx[i] >= 0 && idx[j] >= 0) dense[idx[i] + n * idx[j]] = 1;
      CU_ASSERT_FATAL(nsb_pattern_builder_add(b, idx, k) == NSB_OK);
    }
    CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
    nsb_pattern_builder_destroy(&b);
    check_csr_invariants(A);
    int nnz = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) nnz += dense[i + n * j];
    CU_ASSERT_EQUAL(A->nnz, nnz);
    for (int i = 0; i < n; ++i)
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) CU_ASSERT(dense[i + n * A->col[p]]);
    nsb_csr_destroy(ctx, &A);
    free(dense);
  }
  nsb_test_end_ctx(&ctx);
}

/* The pattern made on a team of 2 and 3 (rows in ranges, a marker per
   member) is the one made on one thread, bit for bit, zero values included:
   random blocks with eliminated indices and rows no block touches, patterns
   that grow and shrink through nsb_pattern_builder_finish_into (the members'
   markers kept and regrown), and one too small to share. */
static void test_pattern_team(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 4242;
  for (int T = 2; T <= 3; ++T) {
    nsb_team* team = NULL;
    CU_ASSERT_FATAL(nsb_team_create(ctx, T, &team) == NSB_OK);
    nsb_pattern_builder *b1 = NULL, *bT = NULL;
    nsb_csr *A1 = NULL, *AT = NULL;
    const int sizes[5] = {300, 1200, 500, 40, 2000};
    for (int trial = 0; trial < 5; ++trial) {
      const int n = sizes[trial], n_blocks = n / 2;
      if (!b1) {
        CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &b1) == NSB_OK);
        CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &bT) == NSB_OK);
        nsb_pattern_builder_set_team(bT, team);
      } else {
        CU_ASSERT_FATAL(nsb_pattern_builder_reset(b1, n) == NSB_OK);
        CU_ASSERT_FATAL(nsb_pattern_builder_reset(bT, n) == NSB_OK);
      }
      for (int e = 0; e < n_blocks; ++e) {
        int idx[12];
        const int k = 1 + rnd_int(&rng_state, 12);
        for (int i = 0; i < k; ++i) idx[i] = rnd(&rng_state) < 0.2 ? -1 : rnd_int(&rng_state, n);
        CU_ASSERT_FATAL(nsb_pattern_builder_add(b1, idx, k) == NSB_OK);
        CU_ASSERT_FATAL(nsb_pattern_builder_add(bT, idx, k) == NSB_OK);
      }
      CU_ASSERT_FATAL((A1 ? nsb_pattern_builder_finish_into(b1, A1) : nsb_pattern_builder_finish(b1, &A1)) == NSB_OK);
      if (AT) {
        for (int p = 0; p < AT->nnz; ++p) AT->val[p] = 1.0; /* finish_into zeroes them */
        CU_ASSERT_FATAL(nsb_pattern_builder_finish_into(bT, AT) == NSB_OK);
      } else {
        CU_ASSERT_FATAL(nsb_pattern_builder_finish(bT, &AT) == NSB_OK);
      }
      check_csr_invariants(AT);
      CU_ASSERT_EQUAL_FATAL(AT->n, A1->n);
      CU_ASSERT_EQUAL_FATAL(AT->nnz, A1->nnz);
      CU_ASSERT(memcmp(AT->rowptr, A1->rowptr, sizeof(int) * (size_t)(n + 1)) == 0);
      CU_ASSERT(memcmp(AT->col, A1->col, sizeof(int) * (size_t)A1->nnz) == 0);
      int nonzero = 0;
      for (int p = 0; p < AT->nnz; ++p) nonzero += AT->val[p] != 0.0;
      CU_ASSERT_EQUAL(nonzero, 0);
    }
    nsb_csr_destroy(ctx, &A1);
    nsb_csr_destroy(ctx, &AT);
    nsb_pattern_builder_destroy(&b1);
    nsb_pattern_builder_destroy(&bT);
    nsb_team_destroy(&team);
  }
  nsb_test_end_ctx(&ctx);
}

/* Block maps + nsb_csr_add_mapped == dense assembly; matvec == dense product. */
static void test_block_assembly(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 777;
  enum { N = 25, NB = 40, KMAX = 7 };
  int idx[NB][KMAX], ks[NB];
  int* maps[NB];
  nsb_pattern_builder* b = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, N, &b) == NSB_OK);
  for (int e = 0; e < NB; ++e) {
    ks[e] = 1 + rnd_int(&rng_state, KMAX);
    for (int i = 0; i < ks[e]; ++i) idx[e][i] = rnd(&rng_state) < 0.15 ? -1 : rnd_int(&rng_state, N);
    CU_ASSERT_FATAL(nsb_pattern_builder_add(b, idx[e], ks[e]) == NSB_OK);
  }
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  for (int e = 0; e < NB; ++e) {
    maps[e] = malloc(sizeof(int) * (size_t)(ks[e] * ks[e]));
    CU_ASSERT_FATAL(nsb_csr_block_map(A, idx[e], ks[e], maps[e]) == NSB_OK);
    for (int j = 0; j < ks[e]; ++j)
      for (int i = 0; i < ks[e]; ++i)
        CU_ASSERT_EQUAL(maps[e][i + ks[e] * j] < 0, idx[e][i] < 0 || idx[e][j] < 0);
  }
  /* Two "Newton iterations" with different values: zero, then assemble. */
  for (int it = 0; it < 2; ++it) {
    double dense[N * N] = {0};
    nsb_csr_zero(A);
    for (int e = 0; e < NB; ++e) {
      const int k = ks[e];
      double K[KMAX * KMAX];
      for (int q = 0; q < k * k; ++q) K[q] = rnd(&rng_state) - 0.5;
      for (int j = 0; j < k; ++j)
        for (int i = 0; i < k; ++i)
          if (idx[e][i] >= 0 && idx[e][j] >= 0) dense[idx[e][i] + N * idx[e][j]] += K[i + k * j];
      nsb_csr_add_mapped(A, maps[e], k, K);
    }
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < N; ++j) {
        double v = 0.0;
        for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
          if (A->col[p] == j) v = A->val[p];
        NSB_ASSERT_CLOSE(v, dense[i + N * j], 1e-15);
      }
    }
    double x[N], y[N];
    for (int i = 0; i < N; ++i) x[i] = rnd(&rng_state);
    nsb_csr_matvec(A, x, y);
    for (int i = 0; i < N; ++i) {
      double yi = 0.0;
      for (int j = 0; j < N; ++j) yi += dense[i + N * j] * x[j];
      NSB_ASSERT_CLOSE(y[i], yi, 1e-14);
    }
  }
  /* A block that was never declared is refused. */
  int lone[2] = {0, 1}, map4[4];
  int declared = 0;
  for (int p = A->rowptr[0]; p < A->rowptr[1]; ++p) declared |= A->col[p] == 1;
  CU_ASSERT_EQUAL(nsb_csr_block_map(A, lone, 2, map4), declared ? NSB_OK : NSB_ERR_ARG);
  CU_ASSERT_EQUAL(nsb_csr_block_map(A, (int[]){0, N}, 2, map4), NSB_ERR_ARG);
  for (int e = 0; e < NB; ++e) free(maps[e]);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* Grouped block maps (one position per row and node or multiplier) give
   every entry the position of the full map, and nsb_csr_add_grouped the
   values of nsb_csr_add_mapped bit for bit; a group whose unknowns are not
   consecutive and an undeclared block are refused. */
static void test_block_map_grouped(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 4242;
  enum { NN = 30, NM = 6, NB = 50, KMAX = 3 * 6 + 2 };
  /* nodes of 1..6 unknowns, some held (-1), numbered consecutively, then the multipliers */
  int ndof[NN], neq[NN][6], meq[NM], n = 0;
  for (int i = 0; i < NN; ++i) {
    ndof[i] = 1 + rnd_int(&rng_state, 6);
    for (int d = 0; d < ndof[i]; ++d) neq[i][d] = rnd(&rng_state) < 0.2 ? -1 : n++;
  }
  for (int q = 0; q < NM; ++q) meq[q] = n++;
  int idx[NB][KMAX], ks[NB], nn[NB], gs[NB][3];
  nsb_pattern_builder* b = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &b) == NSB_OK);
  for (int e = 0; e < NB; ++e) {
    nn[e] = 1 + rnd_int(&rng_state, 3);
    int k = 0;
    for (int t = 0; t < nn[e]; ++t) {
      int node = rnd_int(&rng_state, NN);
      gs[e][t] = ndof[node];
      for (int d = 0; d < ndof[node]; ++d) idx[e][k++] = neq[node][d];
    }
    for (int q = rnd_int(&rng_state, 3); q > 0; --q) idx[e][k++] = meq[rnd_int(&rng_state, NM)];
    ks[e] = k;
    CU_ASSERT_FATAL(nsb_pattern_builder_add(b, idx[e], k) == NSB_OK);
  }
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  double* v1 = calloc((size_t)A->nnz, sizeof(double));
  CU_ASSERT_FATAL(v1 != NULL);
  nsb_csr_zero(A);
  for (int e = 0; e < NB; ++e) {
    const int k = ks[e], G = nsb_csr_map_groups(k, nn[e], gs[e]);
    int full[KMAX * KMAX], grp[KMAX * KMAX], colg[KMAX], colo[KMAX];
    CU_ASSERT_FATAL(nsb_csr_block_map(A, idx[e], k, full) == NSB_OK);
    CU_ASSERT_FATAL(nsb_csr_block_map_grouped(A, idx[e], k, nn[e], gs[e], grp) == NSB_OK);
    CU_ASSERT(G == nn[e] + (k - (gs[e][0] + (nn[e] > 1 ? gs[e][1] : 0) + (nn[e] > 2 ? gs[e][2] : 0))));
    nsb_csr_group_cols(idx[e], k, nn[e], gs[e], colg, colo);
    for (int j = 0; j < k; ++j)
      for (int i = 0; i < k; ++i) {
        int g = colo[j] < 0 ? -1 : grp[i + k * colg[j]];
        CU_ASSERT_EQUAL(g < 0 ? -1 : g + colo[j], full[i + k * j]);
      }
    double K[KMAX * KMAX];
    for (int q = 0; q < k * k; ++q) K[q] = rnd(&rng_state) - 0.5;
    nsb_csr_add_mapped(A, full, k, K);
    double* keep = A->val;
    A->val = v1;
    nsb_csr_add_grouped(A, grp, idx[e], k, nn[e], gs[e], K);
    A->val = keep;
  }
  CU_ASSERT(memcmp(v1, A->val, sizeof(double) * (size_t)A->nnz) == 0);
  /* refused: a group of two unknowns that are not consecutive, and a block
     never declared (rows 0 and n - 1 do not meet in this pattern, or they do) */
  int gap[2] = {0, 2}, two[1] = {2}, map2[4];
  CU_ASSERT_EQUAL(nsb_csr_block_map_grouped(A, gap, 2, 1, two, map2), NSB_ERR_ARG);
  int ends[2] = {0, n - 1}, ones[2] = {1, 1};
  int declared = 0;
  for (int p = A->rowptr[0]; p < A->rowptr[1]; ++p) declared |= A->col[p] == n - 1;
  CU_ASSERT_EQUAL(nsb_csr_block_map_grouped(A, ends, 2, 2, ones, map2), declared ? NSB_OK : NSB_ERR_ARG);
  free(v1);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

static void test_pattern_alloc_failure(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  int done = 0;
  for (long fail = 1; !done && fail < 1000; ++fail) {
    nsb_pattern_builder* b = NULL;
    nsb_csr* A = NULL;
    nsb_ctx_fail_alloc_after(ctx, fail);
    int st = nsb_pattern_builder_create(ctx, 50, &b);
    for (int e = 0; st == NSB_OK && e < 49; ++e) st = nsb_pattern_builder_add(b, (int[]){e, e + 1, -1}, 3);
    if (st == NSB_OK) st = nsb_pattern_builder_finish(b, &A);
    if (st == NSB_OK) {
      done = 1;
      CU_ASSERT_EQUAL(A->nnz, 50 + 2 * 49);
    } else {
      CU_ASSERT_EQUAL(st, NSB_ERR_ALLOC);
      CU_ASSERT_EQUAL(nsb_ctx_error_code(ctx), NSB_ERR_ALLOC);
      CU_ASSERT_PTR_NULL(A);
    }
    nsb_csr_destroy(ctx, &A);
    nsb_pattern_builder_destroy(&b);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
    nsb_ctx_clear_error(ctx);
  }
  nsb_ctx_fail_alloc_after(ctx, 0);
  CU_ASSERT(done);
  nsb_test_end_ctx(&ctx);
}

/* ---- METIS ordering ----------------------------------------------------------------- */

static int is_permutation(const int* perm, int n) {
  char* seen = calloc((size_t)n, 1);
  int ok = 1;
  for (int k = 0; k < n; ++k) {
    if (perm[k] < 0 || perm[k] >= n || seen[perm[k]]) ok = 0;
    else seen[perm[k]] = 1;
  }
  free(seen);
  return ok;
}

/* Pattern from a list of edges (blocks of 2), diagonal always present. */
static nsb_csr* graph(nsb_ctx* ctx, int n, const int* edges, int n_edges) {
  nsb_pattern_builder* b = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &b) == NSB_OK);
  for (int e = 0; e < n_edges; ++e) CU_ASSERT_FATAL(nsb_pattern_builder_add(b, edges + 2 * e, 2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(b, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&b);
  return A;
}

static void test_metis_small(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  int perm[64];
  /* n = 1, n = 2, diagonal only */
  nsb_csr* A = graph(ctx, 1, NULL, 0);
  CU_ASSERT(nsb_order_metis(ctx, A, perm) == NSB_OK && perm[0] == 0);
  nsb_csr_destroy(ctx, &A);
  A = graph(ctx, 2, (int[]){0, 1}, 1);
  CU_ASSERT(nsb_order_metis(ctx, A, perm) == NSB_OK && is_permutation(perm, 2));
  nsb_csr_destroy(ctx, &A);
  A = graph(ctx, 9, NULL, 0);
  CU_ASSERT(nsb_order_metis(ctx, A, perm) == NSB_OK && is_permutation(perm, 9));
  nsb_csr_destroy(ctx, &A);
  /* disconnected: two paths and isolated vertices */
  A = graph(ctx, 12, (int[]){0, 1, 1, 2, 2, 3, 5, 6, 6, 7, 7, 8, 8, 9}, 7);
  CU_ASSERT(nsb_order_metis(ctx, A, perm) == NSB_OK && is_permutation(perm, 12));
  nsb_csr_destroy(ctx, &A);
  /* stars: the hub must be eliminated last, which pins down the convention
   * perm[k] = old index at new position k (METIS's minimum degree for small graphs, nested
   * dissection for the larger one) */
  for (int size = 40; size <= 400; size += 360) {
    const int hub = size / 3;
    int* star = malloc(sizeof(int) * 2 * (size_t)size);
    int* p = malloc(sizeof(int) * (size_t)size);
    for (int e = 0, v = 0; e < size - 1; ++e, ++v) {
      if (v == hub) ++v;
      star[2 * e] = hub;
      star[2 * e + 1] = v;
    }
    A = graph(ctx, size, star, size - 1);
    CU_ASSERT(nsb_order_metis(ctx, A, p) == NSB_OK && is_permutation(p, size));
    CU_ASSERT_EQUAL(p[size - 1], hub);
    nsb_csr_destroy(ctx, &A);
    free(star);
    free(p);
  }
  nsb_test_end_ctx(&ctx);
}

/* A long, randomly labelled path (the graph METIS really partitions, n above its small-graph
 * threshold): a valid permutation comes back. */
static void test_metis_path(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  enum { N = 2000 };
  int lab[N], edges[2 * (N - 1)], perm[N];
  unsigned long long rng_state = 99;
  for (int i = 0; i < N; ++i) lab[i] = i;
  for (int i = N - 1; i > 0; --i) {
    int j = rnd_int(&rng_state, i + 1), t = lab[i];
    lab[i] = lab[j];
    lab[j] = t;
  }
  for (int i = 0; i + 1 < N; ++i) {
    edges[2 * i] = lab[i];
    edges[2 * i + 1] = lab[i + 1];
  }
  nsb_csr* A = graph(ctx, N, edges, N - 1);
  CU_ASSERT_FATAL(nsb_order_metis(ctx, A, perm) == NSB_OK);
  CU_ASSERT(is_permutation(perm, N));
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* METIS traps SIGTERM during each of its calls (solver/linsolve.c, "METIS's own signal
 * traps"): the ordering blocks the stop signals around the call and puts their actions back
 * whole.  A thread sends SIGTERM to this one every 20 microseconds while it orders a 60 x 60
 * grid 40 times: every ordering succeeds, the signals reach this test's handler, and the
 * handler and its flags (none: no SA_RESTART) are the test's after each call.  Without the
 * guard, METIS jumps out of the call and fails, and its signal() puts the handler back with
 * SA_RESTART. */
static volatile sig_atomic_t term_seen = 0;
static void on_term(int sig) {
  (void)sig;
  term_seen = term_seen + 1;
}
typedef struct {
  pthread_t target;
  volatile int stop;
  long sent;
} term_sender;
static void* send_terms(void* arg) {
  term_sender* ts = arg;
  struct timespec d = {0, 20000};
  while (!ts->stop) {
    pthread_kill(ts->target, SIGTERM);
    ts->sent++;
    nanosleep(&d, NULL);
  }
  return NULL;
}
static void test_metis_signals(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  enum { W = 60, N = W * W };
  static int edges[2 * 2 * N], perm[N];
  int ne = 0;
  for (int i = 0; i < W; ++i)
    for (int j = 0; j < W; ++j) {
      if (i + 1 < W) edges[2 * ne] = i * W + j, edges[2 * ne + 1] = (i + 1) * W + j, ++ne;
      if (j + 1 < W) edges[2 * ne] = i * W + j, edges[2 * ne + 1] = i * W + j + 1, ++ne;
    }
  nsb_csr* A = graph(ctx, N, edges, ne);
  struct sigaction mine, before, after;
  memset(&mine, 0, sizeof mine);
  mine.sa_handler = on_term;
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = 0;
  CU_ASSERT_FATAL(sigaction(SIGTERM, &mine, &before) == 0);
  term_sender ts = {pthread_self(), 0, 0};
  pthread_t th;
  CU_ASSERT_FATAL(pthread_create(&th, NULL, send_terms, &ts) == 0);
  int ok = 0, kept = 0;
  for (int k = 0; k < 40; ++k) {
    ok += nsb_order_metis(ctx, A, perm) == NSB_OK && is_permutation(perm, N);
    sigaction(SIGTERM, NULL, &after);
    kept += after.sa_handler == on_term && !(after.sa_flags & SA_RESTART);
    if (after.sa_handler != on_term) sigaction(SIGTERM, &mine, NULL); /* the sender must not kill the test */
  }
  ts.stop = 1;
  pthread_join(th, NULL);
  sigaction(SIGTERM, &before, NULL);
  printf("\n    40 orderings with %ld SIGTERM sent (%d reached the handler): %d succeeded, handler kept after %d",
         ts.sent, (int)term_seen, ok, kept);
  CU_ASSERT(ts.sent > 40);
  CU_ASSERT(term_seen > 0);
  CU_ASSERT_EQUAL(ok, 40);
  CU_ASSERT_EQUAL(kept, 40);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* ---- linear solvers ------------------------------------------------------------------ */

static void solve_random(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 4242 + (unsigned long long)kind;
  const int n = 50;
  double* D = random_dd(n, 0.08, &rng_state);
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  check_solve(s, A, D, &rng_state, 1e-12);
  /* Symbolic reuse: new values, same pattern, several times (KLU: refactor path). */
  for (int it = 0; it < 4; ++it) {
    for (int p = 0; p < n * n; ++p)
      if (D[p] != 0.0) D[p] *= 0.5 + rnd(&rng_state);
    for (int i = 0; i < n; ++i) D[i + n * i] *= 3.0;
    nsb_csr_destroy(ctx, &A);
    A = csr_from_dense(ctx, n, D);
    check_solve(s, A, D, &rng_state, 1e-12);
  }
  CU_ASSERT_EQUAL(s->n_analyze, 1);
  CU_ASSERT_EQUAL(s->n_factor, 5);
  CU_ASSERT_EQUAL(s->n_solve, 5);
  nsb_linsolver_destroy(&s);
  CU_ASSERT_PTR_NULL(s);
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* The recurring slot and the lean mode (solver/linsolve.h): a matrix that
 * comes back unchanged in the recurring slot keeps its factors, unless the
 * solver is lean, which factors it again; either way the solutions are the
 * same bits.  A lean analysis keeps less of our memory (the ordering
 * workspace and the copy of the values go). */
static void solve_recurring_lean(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 77 + (unsigned long long)kind;
  const int n = 60;
  double* D = random_dd(n, 0.1, &rng_state);
  nsb_csr* A = csr_from_dense(ctx, n, D);
  double b[60], x[2][2][60];
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng_state) - 0.5;
  size_t kept[2];
  for (int lean = 0; lean < 2; ++lean) {
    nsb_linsolver* s = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
    CU_ASSERT_EQUAL(s->lean, 0);
    nsb_linsolver_set_lean(s, lean);
    size_t live0 = nsb_ctx_live_bytes(ctx);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    kept[lean] = nsb_ctx_live_bytes(ctx) - live0;
    nsb_linsolver_select(s, NSB_LINSOLVER_RECUR);
    for (int k = 0; k < 2; ++k) {
      CU_ASSERT_EQUAL_FATAL(nsb_linsolver_factor(s, A), NSB_OK);
      CU_ASSERT_EQUAL(s->factor_reused, lean ? 0 : k);
      memcpy(x[lean][k], b, sizeof b);
      CU_ASSERT_EQUAL(nsb_linsolver_solve(s, x[lean][k]), NSB_OK);
      NSB_ASSERT_CLOSE(rel_residual(A, x[lean][k], b), 0.0, 1e-12);
    }
    CU_ASSERT_EQUAL(s->n_factor, lean ? 2 : 1);
    CU_ASSERT_EQUAL(s->n_factor_reused, lean ? 0 : 1);
    CU_ASSERT(lean ? s->kept_val == NULL : s->kept_val != NULL);
    nsb_linsolver_destroy(&s);
  }
  CU_ASSERT(memcmp(x[0][0], x[1][0], sizeof(double) * (size_t)n) == 0);
  CU_ASSERT(memcmp(x[0][1], x[1][1], sizeof(double) * (size_t)n) == 0);
  /* the values (n doubles per nnz) and the ordering workspace are not kept */
  CU_ASSERT(kept[1] + sizeof(double) * (size_t)A->nnz <= kept[0]);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

static void count_rejections(void* user, nsb_log_level level, const char* msg) {
  (void)level;
  if (strstr(msg, "refactor rejected")) ++*(int*)user;
}

/* Values drastically changed so that the old pivot order becomes unstable: the pivots of
 * the first factorization are on the diagonal, then the diagonal is made tiny.  KLU must
 * notice (pivot growth) and factor afresh; a small change keeps the refactorization. */
static void solve_pivot_change(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  int n_rejected = 0;
  nsb_ctx_set_log(ctx, count_rejections, &n_rejected, NSB_LOG_DEBUG);
  unsigned long long rng_state = 31 + (unsigned long long)kind;
  const int n = 40;
  double* D = random_dd(n, 0.15, &rng_state);
  for (int i = 0; i + 1 < n; ++i) D[i + n * (i + 1)] = D[(i + 1) + n * i] = 0.5; /* connected */
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  check_solve(s, A, D, &rng_state, 1e-12);
  for (int i = 0; i < n; ++i) D[i + n * i] *= 1.01;
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) A->val[p] = D[i + n * A->col[p]];
  check_solve(s, A, D, &rng_state, 1e-12);
  CU_ASSERT_EQUAL(n_rejected, 0);
  for (int i = 0; i < n; ++i) D[i + n * i] *= 1e-9;
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) A->val[p] = D[i + n * A->col[p]];
  check_solve(s, A, D, &rng_state, 1e-8);
  if (kind != NSB_LINSOLVER_UMFPACK) CU_ASSERT_EQUAL(n_rejected, 1); /* UMFPACK always searches */
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* [[K, G^T], [G, 0]]: K SPD block tridiagonal (3x3 blocks), G full row rank. */
static void solve_saddle(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 2024 + (unsigned long long)kind;
  const int nb = 10, nk = 3 * nb, m = 8, n = nk + m;
  double* D = calloc((size_t)n * (size_t)n, sizeof(double));
  for (int e = 0; e + 1 < nb; ++e) { /* element "springs" between node blocks e and e+1 */
    for (int a = 0; a < 3; ++a) {
      const int i = 3 * e + a, j = 3 * (e + 1) + a;
      const double k = 1.0 + rnd(&rng_state);
      D[i + n * i] += k;
      D[j + n * j] += k;
      D[i + n * j] -= k;
      D[j + n * i] -= k;
      const double c = 0.1 * (rnd(&rng_state) - 0.5); /* symmetric coupling between directions */
      const int i2 = 3 * e + (a + 1) % 3;
      D[i + n * i2] += c;
      D[i2 + n * i] += c;
      D[i + n * i] += fabs(c);
      D[i2 + n * i2] += fabs(c);
    }
  }
  for (int i = 0; i < nk; ++i) D[i + n * i] += 0.01; /* mass-like term: SPD */
  for (int r = 0; r < m; ++r) {                      /* G: distinct leading columns */
    const int c0 = 3 * r + r % 3;
    D[(nk + r) + n * c0] = D[c0 + n * (nk + r)] = 1.0;
    const int c1 = rnd_int(&rng_state, nk);
    if (c1 != c0) D[(nk + r) + n * c1] = D[c1 + n * (nk + r)] = 0.5 * rnd(&rng_state);
  }
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  check_solve(s, A, D, &rng_state, 1e-10);
  check_solve(s, A, D, &rng_state, 1e-10); /* second factor of the same values */
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

static void solve_tiny(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 5;
  const double D1[1] = {-4.0};
  const double D2[4] = {0.0, 2.0, 3.0, 0.0}; /* [[0, 3], [2, 0]]: needs pivoting */
  const double D2b[4] = {1.0, 2.0, 3.0, -1.0};
  const double* Ds[3] = {D1, D2, D2b};
  const int ns[3] = {1, 2, 2};
  for (int c = 0; c < 3; ++c) {
    nsb_csr* A = csr_from_dense(ctx, ns[c], Ds[c]);
    nsb_linsolver* s = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    check_solve(s, A, Ds[c], &rng_state, 1e-15);
    nsb_linsolver_destroy(&s);
    nsb_csr_destroy(ctx, &A);
  }
  nsb_test_end_ctx(&ctx);
}

static void solve_singular(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 8080 + (unsigned long long)kind;
  const int n = 20;
  double* D = random_dd(n, 0.2, &rng_state);
  for (int i = 0; i + 1 < n; ++i) D[i + n * (i + 1)] = 0.25;
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver* s = NULL;
  double b[20];
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
  /* misuse: factor/solve before analyze */
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_ARG);
  CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_ERR_ARG); /* no factor yet */
  nsb_ctx_clear_error(ctx);
  check_solve(s, A, D, &rng_state, 1e-12);

  /* (1) a zero row, 7: values zero, pattern kept; after a good factorization (refactor path) */
  double* Z = malloc(sizeof(double) * (size_t)(n * n));
  memcpy(Z, D, sizeof(double) * (size_t)(n * n));
  for (int j = 0; j < n; ++j) Z[7 + n * j] = 0.0;
  for (int p = A->rowptr[7]; p < A->rowptr[8]; ++p) A->val[p] = 0.0;
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_SINGULAR);
  CU_ASSERT_EQUAL(nsb_ctx_error_code(ctx), NSB_ERR_SINGULAR);
  printf("\n    %s zero row: %s\n", s->ops->name, nsb_ctx_error_message(ctx));
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "column 7 ") != NULL);
  CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_ERR_ARG); /* refused after a failed factor */
  nsb_ctx_clear_error(ctx);

  /* recovers with good values */
  nsb_csr_destroy(ctx, &A);
  A = csr_from_dense(ctx, n, D);
  check_solve(s, A, D, &rng_state, 1e-12);

  /* (2) duplicated rows: row 12 := row 3 (pattern of row 3 is contained in the matrix's) */
  memcpy(Z, D, sizeof(double) * (size_t)(n * n));
  for (int j = 0; j < n; ++j) Z[12 + n * j] = D[3 + n * j];
  nsb_csr* B = csr_from_dense(ctx, n, Z);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, B) == NSB_OK); /* new pattern */
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, B), NSB_ERR_SINGULAR);
  printf("    %s duplicated rows: %s\n", s->ops->name, nsb_ctx_error_message(ctx));
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "column") != NULL);
  nsb_ctx_clear_error(ctx);

  /* pattern mismatch and non-finite values */
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  const double kept5 = A->val[A->rowptr[5]];
  A->val[A->rowptr[5]] = nan("");
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_NOT_FINITE);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "entry (5, ") != NULL);
  nsb_ctx_clear_error(ctx);
  /* an infinity in the last entry (the finiteness sum's last term), named */
  A->val[A->rowptr[5]] = kept5;
  A->val[A->nnz - 1] = -INFINITY;
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_NOT_FINITE);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "entry (19, 19) = -inf") != NULL);
  nsb_ctx_clear_error(ctx);

  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  nsb_csr_destroy(ctx, &B);
  free(Z);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* Allocation-failure sweep over create + analyze (+ factor/solve, which must not allocate). */
static void solve_alloc_failure(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 17;
  const int n = 30;
  double* D = random_dd(n, 0.2, &rng_state);
  nsb_csr* A = csr_from_dense(ctx, n, D);
  const size_t base = nsb_ctx_live_bytes(ctx);
  int done = 0;
  long fail;
  for (fail = 1; !done && fail < 1000; ++fail) {
    nsb_linsolver* s = NULL;
    nsb_ctx_fail_alloc_after(ctx, fail);
    int st = nsb_linsolver_create(ctx, kind, &s);
    if (st == NSB_OK) st = nsb_linsolver_analyze(s, A);
    if (st == NSB_OK) {
      /* everything from here on must work without a single allocation of ours */
      nsb_ctx_fail_alloc_after(ctx, 1);
      double b[30];
      for (int i = 0; i < n; ++i) b[i] = 1.0;
      CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_OK);
      CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_OK);
      CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_OK);
      CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_OK);
      done = 1;
    } else {
      CU_ASSERT_EQUAL(st, NSB_ERR_ALLOC);
      CU_ASSERT_EQUAL(nsb_ctx_error_code(ctx), NSB_ERR_ALLOC);
    }
    nsb_linsolver_destroy(&s);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), base);
    nsb_ctx_clear_error(ctx);
  }
  nsb_ctx_fail_alloc_after(ctx, 0);
  CU_ASSERT(done);
  CU_ASSERT(fail > 3); /* some allocations were really failed */
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* Beam-like chain: nodes 0..NE with 6 unknowns each, node 0 clamped (eliminated), one
 * 12 x 12 unsymmetric element block per pair of neighbours: block tridiagonal with 6 x 6
 * blocks, n = 6 NE.  Pattern, maps and assembly as the Newton loop does them. */
static void solve_chain(nsb_linsolver_kind kind) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  enum { NE = 10000, K = 12 };
  const int n = 6 * NE;
  unsigned long long rng_state = 1 + (unsigned long long)kind;
  int* idx = malloc(sizeof(int) * (size_t)(NE * K));
  int* map = malloc(sizeof(int) * (size_t)(NE * K * K));
  double* Ke = malloc(sizeof(double) * (size_t)(NE * K * K));
  double* b = malloc(sizeof(double) * (size_t)n);
  double* x = malloc(sizeof(double) * (size_t)n);
  for (int e = 0; e < NE; ++e)
    for (int a = 0; a < K; ++a) idx[e * K + a] = 6 * e + a - 6; /* node e -> unknowns 6(e-1).. */

  double t0 = now();
  nsb_pattern_builder* pb = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &pb) == NSB_OK);
  for (int e = 0; e < NE; ++e) CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, idx + e * K, K) == NSB_OK);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(pb, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&pb);
  for (int e = 0; e < NE; ++e) CU_ASSERT_FATAL(nsb_csr_block_map(A, idx + e * K, K, map + e * K * K) == NSB_OK);
  const double t_pattern = now() - t0;
  CU_ASSERT_EQUAL(A->nnz, 36 * (3 * NE - 2));

  for (int T = 1; T <= (kind == NSB_LINSOLVER_KLU2 ? 2 : 1); ++T) { /* KLU2: also on a team of two */
  nsb_team* team = NULL;
  if (T > 1) CU_ASSERT_FATAL(nsb_team_create(ctx, T, &team) == NSB_OK);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kind, &s) == NSB_OK);
  nsb_linsolver_set_team(s, team);
  t0 = now();
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  const double t_analyze = now() - t0;

  double t_assemble = 0.0, t_factor[3] = {0}, t_solve = 0.0;
  for (int it = 0; it < 3; ++it) { /* three "Newton iterations" with new values */
    for (int e = 0; e < NE; ++e)
      for (int j = 0; j < K; ++j)
        for (int i = 0; i < K; ++i)
          Ke[e * K * K + i + K * j] = i == j ? 14.0 + rnd(&rng_state) : rnd(&rng_state) - 0.5;
    t0 = now();
    nsb_csr_zero(A);
    for (int e = 0; e < NE; ++e) nsb_csr_add_mapped(A, map + e * K * K, K, Ke + e * K * K);
    t_assemble += now() - t0;
    t0 = now();
    CU_ASSERT_FATAL(nsb_linsolver_factor(s, A) == NSB_OK);
    t_factor[it] = now() - t0;
    for (int i = 0; i < n; ++i) b[i] = x[i] = rnd(&rng_state) - 0.5;
    t0 = now();
    CU_ASSERT_FATAL(nsb_linsolver_solve(s, x) == NSB_OK);
    t_solve += now() - t0;
    const double res = rel_residual(A, x, b);
    CU_ASSERT(res < 1e-12);
    if (!(res < 1e-12)) fprintf(stderr, "  residual %.3g\n", res);
  }
  printf("\n    %s (%d thread%s) chain of %d 6x6 blocks (n = %d, nnz = %d): pattern+maps %.4f s, analyze %.4f s,\n"
         "    factor #1 %.4f s, #2 %.4f s, #3 %.4f s (KLU: #1 klu_factor, then klu_refactor), solve %.5f s (mean), assembly %.5f s (mean),"
         " rcond %.3g, nnz(L + U) %.4g\n",
         s->ops->name, T, T > 1 ? "s" : "", NE, n, A->nnz, t_pattern, t_analyze, t_factor[0], t_factor[1], t_factor[2],
         t_solve / 3, t_assemble / 3, s->rcond_last, s->nnz_lu);
  nsb_linsolver_destroy(&s);
  nsb_team_destroy(&team);
  }
  nsb_csr_destroy(ctx, &A);
  free(idx);
  free(map);
  free(Ke);
  free(b);
  free(x);
  nsb_test_end_ctx(&ctx);
}

static void test_create_bad_kind(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_linsolver* s = NULL;
  CU_ASSERT_EQUAL(nsb_linsolver_create(ctx, (nsb_linsolver_kind)7, &s), NSB_ERR_ARG);
  CU_ASSERT_PTR_NULL(s);
  nsb_test_end_ctx(&ctx);
}

/* every case but the chain of 60 000 equations (the dense back end's bound is far below) */
#define SOLVER_TESTS_SMALL(kind, tag)                                           \
  static void test_##tag##_random(void) { solve_random(kind); }                 \
  static void test_##tag##_recurring_lean(void) { solve_recurring_lean(kind); } \
  static void test_##tag##_pivot_change(void) { solve_pivot_change(kind); }     \
  static void test_##tag##_saddle(void) { solve_saddle(kind); }                 \
  static void test_##tag##_tiny(void) { solve_tiny(kind); }                     \
  static void test_##tag##_singular(void) { solve_singular(kind); }             \
  static void test_##tag##_alloc_failure(void) { solve_alloc_failure(kind); }
#define SOLVER_TESTS(kind, tag) \
  SOLVER_TESTS_SMALL(kind, tag) \
  static void test_##tag##_chain(void) { solve_chain(kind); }

SOLVER_TESTS(NSB_LINSOLVER_KLU, klu)
SOLVER_TESTS(NSB_LINSOLVER_UMFPACK, umfpack)
SOLVER_TESTS_SMALL(NSB_LINSOLVER_DENSE, dense)
/* below its split threshold KLU2 is the global KLU: the small cases check
   that path; the chain of 60 000 equations is split */
SOLVER_TESTS(NSB_LINSOLVER_KLU2, klu2)

/* ---- KLU2: two domains and a separator -------------------------------------- */

/* Test matrices of KLU2: (a) random banded, unsymmetric, n x n with half
   bandwidth w, diagonally weighted; (b) a beam-like chain of ne 12 x 12
   element blocks (6 unknowns a node, node 0 clamped), n = 6 ne; (c) the chain
   with a joint: every 50th node's first unknown tied to the next node's by
   a multiplier row and column (zero diagonal). */
static nsb_csr* klu2_matrix(nsb_ctx* ctx, int family, int n_or_ne, unsigned long long* rng) {
  nsb_pattern_builder* pb = NULL;
  nsb_csr* A = NULL;
  if (family == 0) {
    const int n = n_or_ne, w = 4;
    CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &pb) == NSB_OK);
    for (int i = 0; i < n; ++i)
      for (int j = i - w; j <= i + w; ++j)
        if (j >= 0 && j < n) CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){i, j}, 2) == NSB_OK);
    CU_ASSERT_FATAL(nsb_pattern_builder_finish(pb, &A) == NSB_OK);
    nsb_pattern_builder_destroy(&pb);
    for (int i = 0; i < n; ++i)
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
        A->val[p] = A->col[p] == i ? 3.0 + rnd(rng) : rnd(rng) - 0.5;
    return A;
  }
  const int ne = n_or_ne, K = 12, nj = family == 2 ? (ne - 1) / 50 : 0;
  const int n = 6 * ne + nj;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &pb) == NSB_OK);
  int idx[12], map[144];
  for (int e = 0; e < ne; ++e) {
    for (int a = 0; a < K; ++a) idx[a] = 6 * e + a - 6;
    CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, idx + (e == 0 ? 6 : 0), e == 0 ? 6 : K) == NSB_OK);
  }
  for (int j = 0; j < nj; ++j) { /* multiplier 6 ne + j ties unknown 6 (50 j) to 6 (50 j + 1) */
    const int u = 6 * (50 * j), v = 6 * (50 * j + 1), l = 6 * ne + j;
    CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){u, v, l}, 3) == NSB_OK);
  }
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(pb, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&pb);
  nsb_csr_zero(A);
  double Ke[144];
  for (int e = 0; e < ne; ++e) {
    for (int a = 0; a < K; ++a) idx[a] = 6 * e + a - 6;
    const int off = e == 0 ? 6 : 0, k = K - off;
    for (int j = 0; j < k; ++j)
      for (int i = 0; i < k; ++i) Ke[i + k * j] = i == j ? 14.0 + rnd(rng) : rnd(rng) - 0.5;
    CU_ASSERT_FATAL(nsb_csr_block_map(A, idx + off, k, map) == NSB_OK);
    nsb_csr_add_mapped(A, map, k, Ke);
  }
  for (int j = 0; j < nj; ++j) {
    const int u = 6 * (50 * j), v = 6 * (50 * j + 1), l = 6 * ne + j;
    const double B[9] = {0, 0, 1, 0, 0, -1, 1, -1, 0}; /* column-major: rows u, v, l */
    CU_ASSERT_FATAL(nsb_csr_block_map(A, (int[]){u, v, l}, 3, map) == NSB_OK);
    nsb_csr_add_mapped(A, map, 3, B);
  }
  return A;
}

/* x = A^{-1} b with the given solver (made and analyzed by the caller). */
static void klu2_solve(nsb_linsolver* s, const nsb_csr* A, const double* b, double* x) {
  memcpy(x, b, sizeof(double) * (size_t)A->n);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_solve(s, x) == NSB_OK);
}

/* KLU2 against KLU on the three families: the same solution to round-off,
   a split with two nonempty domains, and the same bits with 1, 2 and 3
   threads (a team of each size); then three refactorizations with new values
   keep the domains' pivots (no fresh factorization after the first). */
static void test_klu2_vs_klu(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng = 11;
  const int sizes[3] = {3000, 500, 1000};
  for (int family = 0; family < 3; ++family) {
    nsb_csr* A = klu2_matrix(ctx, family, sizes[family], &rng);
    const int n = A->n;
    double* b = malloc(sizeof(double) * (size_t)n);
    double* x0 = malloc(sizeof(double) * (size_t)n);
    double* keep = malloc(sizeof(double) * (size_t)A->nnz);
    memcpy(keep, A->val, sizeof(double) * (size_t)A->nnz);
    double* x[3];
    for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;
    nsb_linsolver* klu = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &klu) == NSB_OK);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(klu, A) == NSB_OK);
    klu2_solve(klu, A, b, x0);
    for (int T = 1; T <= 3; ++T) {
      nsb_team* team = NULL;
      if (T > 1) CU_ASSERT_FATAL(nsb_team_create(ctx, T, &team) == NSB_OK);
      nsb_linsolver* s = NULL;
      memcpy(A->val, keep, sizeof(double) * (size_t)A->nnz);
      CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s) == NSB_OK);
      nsb_linsolver_set_team(s, team);
      nsb_linsolver_set_split_min(s, 100);
      CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
      CU_ASSERT(s->split_ns > 0 && s->split_nd[0] > 0 && s->split_nd[1] > 0);
      CU_ASSERT_EQUAL(s->split_nd[0] + s->split_nd[1] + s->split_ns, n);
      x[T - 1] = malloc(sizeof(double) * (size_t)n);
      klu2_solve(s, A, b, x[T - 1]);
      double dmax = 0.0, xmax = 0.0;
      for (int i = 0; i < n; ++i) {
        dmax = fmax(dmax, fabs(x[T - 1][i] - x0[i]));
        xmax = fmax(xmax, fabs(x0[i]));
      }
      CU_ASSERT(dmax <= 1e-13 * xmax);
      CU_ASSERT(rel_residual(A, x[T - 1], b) < 1e-13);
      if (T == 1)
        printf("\n    family %d: n = %d, domains %d + %d, separator %d, |x - x_KLU| / |x| = %.2g", family, n,
               s->split_nd[0], s->split_nd[1], s->split_ns, dmax / xmax);
      if (T > 1) CU_ASSERT(memcmp(x[T - 1], x[0], sizeof(double) * (size_t)n) == 0);
      /* refactorization with the kept pivots (values moved a little) */
      const long fresh = s->n_factor_fresh;
      CU_ASSERT(fresh >= 2); /* the two domains' first factorizations */
      for (int it = 0; it < 3; ++it) {
        for (int p = 0; p < A->nnz; ++p) A->val[p] *= 1.0 + 1e-3 * (rnd(&rng) - 0.5);
        double* y = malloc(sizeof(double) * (size_t)n);
        klu2_solve(s, A, b, y);
        CU_ASSERT(rel_residual(A, y, b) < 1e-13);
        free(y);
      }
      CU_ASSERT_EQUAL(s->n_factor_fresh, fresh);
      CU_ASSERT_EQUAL(s->n_factor_fallback, 0);
      nsb_linsolver_destroy(&s);
      nsb_team_destroy(&team);
    }
    for (int T = 0; T < 3; ++T) free(x[T]);
    nsb_linsolver_destroy(&klu);
    nsb_csr_destroy(ctx, &A);
    free(b);
    free(x0);
    free(keep);
  }
  printf("\n");
  nsb_test_end_ctx(&ctx);
}

/* Below the split threshold KLU2 is KLU bit for bit (the models of the
   test suite keep their results); a multiplier row next to the separator
   is moved into it; the solver analyzes another pattern and comes back. */
static void test_klu2_small_and_multipliers(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng = 5;
  nsb_csr* A = klu2_matrix(ctx, 2, 1000, &rng);
  const int n = A->n;
  double* b = malloc(sizeof(double) * (size_t)n);
  double* x0 = malloc(sizeof(double) * (size_t)n);
  double* x1 = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;
  nsb_linsolver *klu = NULL, *s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &klu) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(klu, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK); /* n = 6165 < 20 000: not split */
  CU_ASSERT_EQUAL(s->split_ns, 0);
  CU_ASSERT_EQUAL(nsb_linsolver_split_part(s, 0), -1);
  klu2_solve(klu, A, b, x0);
  klu2_solve(s, A, b, x1);
  CU_ASSERT(memcmp(x0, x1, sizeof(double) * (size_t)n) == 0);
  nsb_linsolver_set_split_min(s, 100);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  CU_ASSERT(s->split_ns > 0);
  /* every multiplier row in a domain has all its coupled unknowns there too */
  for (int i = 6 * 1000; i < n; ++i) {
    const int pi = nsb_linsolver_split_part(s, i);
    if (pi == 2) continue;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) CU_ASSERT_EQUAL(nsb_linsolver_split_part(s, A->col[p]), pi);
  }
  /* the same solver on another, larger pattern: a new partition, grown storage */
  nsb_csr* B = klu2_matrix(ctx, 0, 8000, &rng);
  double* y0 = malloc(sizeof(double) * 8000);
  double* y1 = malloc(sizeof(double) * 8000);
  double* c8 = malloc(sizeof(double) * 8000);
  for (int i = 0; i < 8000; ++i) c8[i] = rnd(&rng) - 0.5;
  CU_ASSERT_FATAL(nsb_linsolver_analyze(klu, B) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, B) == NSB_OK);
  CU_ASSERT(s->split_ns > 0);
  klu2_solve(klu, B, c8, y0);
  klu2_solve(s, B, c8, y1);
  double dmax = 0.0, ymax = 0.0;
  for (int i = 0; i < 8000; ++i) {
    dmax = fmax(dmax, fabs(y1[i] - y0[i]));
    ymax = fmax(ymax, fabs(y0[i]));
  }
  CU_ASSERT(dmax <= 1e-13 * ymax);
  /* and back to the first pattern */
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  klu2_solve(s, A, b, x1);
  CU_ASSERT(rel_residual(A, x1, b) < 1e-13);
  nsb_csr_destroy(ctx, &B);
  free(y0);
  free(y1);
  free(c8);
  nsb_linsolver_destroy(&klu);
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(b);
  free(x0);
  free(x1);
  nsb_test_end_ctx(&ctx);
}

/* Allocation failures in create + analyze of a split matrix: each is
   reported as NSB_ERR_ALLOC and leaves nothing behind; after a successful
   analyze, factor and solve of the split matrix allocate nothing of ours. */
static void test_klu2_split_alloc_failure(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng = 9;
  nsb_csr* A = klu2_matrix(ctx, 0, 400, &rng);
  double b[400];
  const size_t base = nsb_ctx_live_bytes(ctx);
  int done = 0;
  long fail;
  for (fail = 1; !done && fail < 1000; ++fail) {
    nsb_linsolver* s = NULL;
    nsb_ctx_fail_alloc_after(ctx, fail);
    int st = nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s);
    if (st == NSB_OK) {
      nsb_linsolver_set_split_min(s, 100);
      st = nsb_linsolver_analyze(s, A);
    }
    if (st == NSB_OK) {
      CU_ASSERT(s->split_ns > 0);
      nsb_ctx_fail_alloc_after(ctx, 1);
      for (int k = 0; k < 2; ++k) {
        for (int i = 0; i < 400; ++i) b[i] = 1.0;
        CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_OK);
        CU_ASSERT_EQUAL(nsb_linsolver_solve(s, b), NSB_OK);
      }
      done = 1;
    } else {
      CU_ASSERT_EQUAL(st, NSB_ERR_ALLOC);
    }
    nsb_linsolver_destroy(&s);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), base);
    nsb_ctx_clear_error(ctx);
  }
  nsb_ctx_fail_alloc_after(ctx, 0);
  CU_ASSERT(done);
  CU_ASSERT(fail > 5);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* A g x g grid (5-point stencil, diagonally dominant), with one more
   coupling between unknowns a and b when a >= 0: a 2-D mesh, whose node
   separators (about g unknowns) exceed the dense back end's bound. */
static nsb_csr* klu2_grid(nsb_ctx* ctx, int g, int a, int b) {
  nsb_pattern_builder* pb = NULL;
  nsb_csr* A = NULL;
  const int n = g * g;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, n, &pb) == NSB_OK);
  for (int i = 0; i < g; ++i)
    for (int j = 0; j < g; ++j) {
      const int u = i * g + j;
      CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){u}, 1) == NSB_OK);
      if (j + 1 < g) CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){u, u + 1}, 2) == NSB_OK);
      if (i + 1 < g) CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){u, u + g}, 2) == NSB_OK);
    }
  if (a >= 0) CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, (int[]){a, b}, 2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_pattern_builder_finish(pb, &A) == NSB_OK);
  nsb_pattern_builder_destroy(&pb);
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) A->val[p] = A->col[p] == i ? 4.5 + 0.001 * (i % 7) : -1.0;
  return A;
}

typedef struct klu2_log_count {
  int searched_unusable, not_searched;
} klu2_log_count;

static void count_klu2_log(void* user, nsb_log_level level, const char* msg) {
  (void)level;
  klu2_log_count* c = user;
  if (strstr(msg, "KLU2: no usable separator")) c->searched_unusable++;
  if (strstr(msg, "KLU2: the pattern is too close to one without a usable separator")) c->not_searched++;
}

/* A pattern whose separator was too large is not searched again while the
   patterns that follow differ from it in fewer rows than the separator's
   excess (the same grid, the grid with one more coupling: a contact); a
   pattern that differs in more (a band matrix) is searched and split, and
   the grid after it is searched again.  The solutions are KLU's bits. */
static void test_klu2_remembered_failure(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  klu2_log_count c = {0, 0};
  nsb_ctx_set_log(ctx, count_klu2_log, &c, NSB_LOG_DEBUG);
  const int g = 100, n = g * g;
  nsb_csr* A = klu2_grid(ctx, g, -1, -1);
  nsb_csr* B = klu2_grid(ctx, g, 0, n - 1);
  unsigned long long rng = 5;
  nsb_csr* C = klu2_matrix(ctx, 0, n, &rng);
  double* b = malloc(sizeof(double) * (size_t)n);
  double* x0 = malloc(sizeof(double) * (size_t)n);
  double* x1 = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;
  nsb_linsolver *klu = NULL, *s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &klu) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s) == NSB_OK);
  nsb_linsolver_set_split_min(s, 100);
  const nsb_csr* seq[5] = {A, A, B, C, A};
  const int unusable[5] = {1, 1, 1, 1, 2}, skipped[5] = {0, 1, 2, 2, 2}, split[5] = {0, 0, 0, 1, 0};
  for (int k = 0; k < 5; ++k) {
    const nsb_csr* M = seq[k];
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, M) == NSB_OK);
    CU_ASSERT_EQUAL(c.searched_unusable, unusable[k]);
    CU_ASSERT_EQUAL(c.not_searched, skipped[k]);
    CU_ASSERT_EQUAL(s->split_ns > 0, split[k]);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(klu, M) == NSB_OK);
    klu2_solve(klu, M, b, x0);
    klu2_solve(s, M, b, x1);
    if (split[k]) {
      double err = 0.0, scale = 0.0;
      for (int i = 0; i < n; ++i) {
        err = fmax(err, fabs(x1[i] - x0[i]));
        scale = fmax(scale, fabs(x0[i]));
      }
      CU_ASSERT(err <= 1e-10 * scale);
    } else {
      CU_ASSERT_EQUAL(memcmp(x0, x1, sizeof(double) * (size_t)n), 0); /* the global KLU */
    }
  }
  nsb_linsolver_destroy(&s);
  nsb_linsolver_destroy(&klu);
  free(b);
  free(x0);
  free(x1);
  nsb_csr_destroy(ctx, &A);
  nsb_csr_destroy(ctx, &B);
  nsb_csr_destroy(ctx, &C);
  nsb_test_end_ctx(&ctx);
}

/* A lean KLU2 (a model without contact pairs) holds X_k of slot 0 only; the
   recurring slot, if selected all the same, gets its X_k at its first
   factorization (at least nd x ns doubles more), and every slot solves to
   the bits of a solver that is not lean.  Slot 0's factorizations allocate
   nothing. */
static void test_klu2_lean_slot(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng = 13;
  nsb_csr* A = klu2_matrix(ctx, 0, 400, &rng);
  const int n = A->n;
  double* b = malloc(sizeof(double) * (size_t)n);
  double* x[2][2];
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;
  for (int lean = 0; lean < 2; ++lean) {
    nsb_linsolver* s = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s) == NSB_OK);
    nsb_linsolver_set_split_min(s, 100);
    nsb_linsolver_set_lean(s, lean);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    CU_ASSERT_FATAL(s->split_ns > 0);
    const long a0 = nsb_ctx_alloc_count(ctx);
    x[lean][0] = malloc(sizeof(double) * (size_t)n);
    x[lean][1] = malloc(sizeof(double) * (size_t)n);
    klu2_solve(s, A, b, x[lean][0]);
    CU_ASSERT_EQUAL(nsb_ctx_alloc_count(ctx), a0);
    const size_t live = nsb_ctx_live_bytes(ctx);
    nsb_linsolver_select(s, NSB_LINSOLVER_RECUR);
    klu2_solve(s, A, b, x[lean][1]);
    const size_t need = (size_t)(s->split_nd[0] + s->split_nd[1]) * (size_t)s->split_ns * sizeof(double);
    if (lean) {
      CU_ASSERT(nsb_ctx_live_bytes(ctx) >= live + need);
    } else {
      CU_ASSERT(nsb_ctx_live_bytes(ctx) < live + need);
    }
    nsb_linsolver_destroy(&s);
  }
  for (int l = 0; l < 2; ++l)
    for (int k = 0; k < 2; ++k) CU_ASSERT_EQUAL(memcmp(x[0][l], x[1][k], sizeof(double) * (size_t)n), 0);
  for (int l = 0; l < 2; ++l)
    for (int k = 0; k < 2; ++k) free(x[l][k]);
  free(b);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* A singular domain block of a regular matrix: a row of domain 1 next to
   the separator keeps only its separator entries.  The factorization falls
   back to the whole matrix's KLU, made with the split (counted, no error,
   no allocation of ours: on a team of two analyzed beside the separator,
   without a team at this first fallback, by KLU's own AMD) and solves, the
   same bits either way; the next regular matrix is split again; a singular
   matrix is reported as KLU reports it. */
static void test_klu2_fallback(void) {
  double* x_team = NULL;
  for (int T = 2; T >= 1; --T) { /* a team of two, then none */
    nsb_ctx* ctx = nsb_test_new_ctx();
    unsigned long long rng = 3;
    nsb_csr* A = klu2_matrix(ctx, 0, 2000, &rng);
    const int n = A->n;
    double* keep = malloc(sizeof(double) * (size_t)A->nnz);
    memcpy(keep, A->val, sizeof(double) * (size_t)A->nnz);
    double* b = malloc(sizeof(double) * (size_t)n);
    double* x = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;
    nsb_team* team = NULL;
    if (T > 1) CU_ASSERT_FATAL(nsb_team_create(ctx, T, &team) == NSB_OK);
    nsb_linsolver* s = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU2, &s) == NSB_OK);
    nsb_linsolver_set_team(s, team);
    nsb_linsolver_set_split_min(s, 100);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    klu2_solve(s, A, b, x);
    int r = -1;
    for (int i = 0; i < n && r < 0; ++i) {
      if (nsb_linsolver_split_part(s, i) != 0) continue;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
        if (nsb_linsolver_split_part(s, A->col[p]) == 2) r = i;
    }
    CU_ASSERT_FATAL(r >= 0);
    for (int p = A->rowptr[r]; p < A->rowptr[r + 1]; ++p)
      if (nsb_linsolver_split_part(s, A->col[p]) != 2) A->val[p] = 0.0;
    /* the fallback was made and analyzed with the split: nothing allocated now */
    const long n_alloc = nsb_ctx_alloc_count(ctx);
    klu2_solve(s, A, b, x);
    CU_ASSERT_EQUAL(nsb_ctx_alloc_count(ctx), n_alloc);
    CU_ASSERT_EQUAL(s->n_factor_fallback, 1);
    CU_ASSERT_EQUAL(nsb_ctx_error_code(ctx), NSB_OK);
    CU_ASSERT(rel_residual(A, x, b) < 1e-12);
    if (T > 1) {
      x_team = malloc(sizeof(double) * (size_t)n);
      memcpy(x_team, x, sizeof(double) * (size_t)n);
    } else {
      CU_ASSERT(x_team && !memcmp(x_team, x, sizeof(double) * (size_t)n));
    }
    memcpy(A->val, keep, sizeof(double) * (size_t)A->nnz);
    klu2_solve(s, A, b, x);
    CU_ASSERT_EQUAL(s->n_factor_fallback, 1);
    CU_ASSERT(rel_residual(A, x, b) < 1e-13);
    /* a zero row: singular, reported with its equation */
    for (int p = A->rowptr[77]; p < A->rowptr[78]; ++p) A->val[p] = 0.0;
    CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_ERR_SINGULAR);
    CU_ASSERT_EQUAL(s->singular_eq, 77);
    CU_ASSERT_EQUAL(nsb_linsolver_solve(s, x), NSB_ERR_ARG);
    nsb_ctx_clear_error(ctx);
    nsb_linsolver_destroy(&s);
    nsb_team_destroy(&team);
    nsb_csr_destroy(ctx, &A);
    free(keep);
    free(b);
    free(x);
    nsb_test_end_ctx(&ctx);
  }
  free(x_team);
}

/* The dense back end refuses a matrix above its bound, at analyze. */
/* ---- KLU: the ordering chosen by fill ------------------------------------------------ */

/* A 2-D mesh: m x m nodes with two unknowns each, one unsymmetric 8 x 8 block per square
   cell of four nodes (a bilinear quadrilateral), diagonally weighted: n = 2 m^2. */
static nsb_csr* grid_matrix(nsb_ctx* ctx, int m, unsigned long long* rng) {
  nsb_pattern_builder* pb = NULL;
  nsb_csr* A = NULL;
  CU_ASSERT_FATAL(nsb_pattern_builder_create(ctx, 2 * m * m, &pb) == NSB_OK);
  int idx[8], map[64];
  double Ke[64];
  for (int pass = 0; pass < 2; ++pass) {
    for (int r = 0; r + 1 < m; ++r)
      for (int c = 0; c + 1 < m; ++c) {
        const int nodes[4] = {r * m + c, r * m + c + 1, (r + 1) * m + c + 1, (r + 1) * m + c};
        for (int a = 0; a < 8; ++a) idx[a] = 2 * nodes[a / 2] + a % 2;
        if (pass == 0) {
          CU_ASSERT_FATAL(nsb_pattern_builder_add(pb, idx, 8) == NSB_OK);
          continue;
        }
        for (int j = 0; j < 8; ++j)
          for (int i = 0; i < 8; ++i) Ke[i + 8 * j] = i == j ? 9.0 + rnd(rng) : rnd(rng) - 0.5;
        CU_ASSERT_FATAL(nsb_csr_block_map(A, idx, 8, map) == NSB_OK);
        nsb_csr_add_mapped(A, map, 8, Ke);
      }
    if (pass == 0) {
      CU_ASSERT_FATAL(nsb_pattern_builder_finish(pb, &A) == NSB_OK);
      nsb_pattern_builder_destroy(&pb);
      nsb_csr_zero(A);
    }
  }
  return A;
}

/* KLU's user ordering as it was before the choice by fill: METIS alone on every block. */
static int metis_only_order(int n, int* Ap, int* Ai, int* perm, klu_common* common) {
  const nsb_csr block = {.n = n, .nnz = Ap[n], .rowptr = Ap, .col = Ai, .val = NULL};
  return nsb_order_metis(common->user_data, &block, perm) == NSB_OK ? -1 : 0;
}

/* x = A^{-1} b by KLU called directly with the given ordering (0: AMD; 3: METIS alone), as
   the back end does it (A^T by the transpose trick, BTF on); returns nnz(L + U) with the
   off-diagonal blocks, and KLU's nnz(L) estimate (diagonal included) in *lnz_est. */
static double klu_direct(nsb_ctx* ctx, const nsb_csr* A, int ordering, const double* b, double* x, double* lnz_est,
                         double t[2]) {
  klu_common c;
  klu_defaults(&c);
  c.btf = 1;
  c.ordering = ordering;
  c.user_order = metis_only_order;
  c.user_data = ctx;
  c.halt_if_singular = 1;
  klu_symbolic* sym = klu_analyze(A->n, A->rowptr, A->col, &c);
  CU_ASSERT_FATAL(sym != NULL);
  double t0 = now();
  klu_numeric* num = klu_factor(A->rowptr, A->col, A->val, sym, &c);
  t[0] = now() - t0;
  CU_ASSERT_FATAL(num != NULL);
  memcpy(x, b, sizeof(double) * (size_t)A->n);
  t0 = now();
  CU_ASSERT_FATAL(klu_tsolve(sym, num, A->n, 1, x, &c));
  t[1] = now() - t0;
  const double nnz = (double)num->lnz + (double)num->unz + (double)num->nzoff;
  *lnz_est = sym->lnz;
  klu_free_numeric(&num, &c);
  klu_free_symbolic(&sym, &c);
  return nnz;
}

/* The back end's choice against KLU with AMD and with METIS alone (the previous back end),
   on the beam chain of solve_chain (10 000 elements, n = 60 000: AMD) and on a 150 x 150
   two-unknown mesh (n = 45 000: METIS).  The kept ordering gives exactly the fill of its
   direct KLU run, the count under AMD is AMD's own nnz(L), and the solution is the previous
   back end's to round-off; with a team (AMD and METIS side by side) the same bits.  Prints fill and times (no timing assertions). */
static void test_klu_order_by_fill(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng = 5;
  for (int family = 0; family < 2; ++family) {
    nsb_csr* A = family == 0 ? klu2_matrix(ctx, 1, 10000, &rng) : grid_matrix(ctx, 150, &rng);
    const int n = A->n;
    double* b = malloc(sizeof(double) * (size_t)n);
    double* x = malloc(sizeof(double) * (size_t)n);
    double* xa = malloc(sizeof(double) * (size_t)n);
    double* xm = malloc(sizeof(double) * (size_t)n);
    CU_ASSERT_FATAL(b && x && xa && xm);
    for (int i = 0; i < n; ++i) b[i] = rnd(&rng) - 0.5;

    nsb_linsolver* s = NULL;
    CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &s) == NSB_OK);
    double t0 = now();
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    const double t_analyze = now() - t0;
    t0 = now();
    CU_ASSERT_FATAL(nsb_linsolver_factor(s, A) == NSB_OK);
    const double t_factor = now() - t0;
    memcpy(x, b, sizeof(double) * (size_t)n);
    t0 = now();
    CU_ASSERT_FATAL(nsb_linsolver_solve(s, x) == NSB_OK);
    const double t_solve = now() - t0;
    CU_ASSERT(rel_residual(A, x, b) < 1e-12);

    double est_amd = 0.0, est_metis = 0.0, ta[2], tm[2];
    const double nnz_amd = klu_direct(ctx, A, 0, b, xa, &est_amd, ta);
    const double nnz_metis = klu_direct(ctx, A, 3, b, xm, &est_metis, tm);
    CU_ASSERT_EQUAL(s->order_blocks[0] + s->order_blocks[1], 1); /* irreducible: one block */
    /* the count under AMD's permutation is AMD's own (KLU's estimate: AMD_LNZ + n) */
    CU_ASSERT_EQUAL(s->order_lnz[0] + n, est_amd);
    if (family == 0) { /* chain: AMD, its fill */
      CU_ASSERT_EQUAL(s->order_blocks[0], 1);
      CU_ASSERT(s->order_lnz[0] < s->order_lnz[1]);
      CU_ASSERT_EQUAL(s->nnz_lu, nnz_amd);
      CU_ASSERT(nnz_amd < nnz_metis);
    } else { /* mesh: METIS, its fill */
      CU_ASSERT_EQUAL(s->order_blocks[1], 1);
      CU_ASSERT(s->order_lnz[1] < s->order_lnz[0]);
      CU_ASSERT_EQUAL(s->nnz_lu, nnz_metis);
      CU_ASSERT(nnz_metis < nnz_amd);
    }
    const int kept_amd = s->order_blocks[0];
    const double lnz_amd = s->order_lnz[0], lnz_metis = s->order_lnz[1], nnz_kept = s->nnz_lu;
    /* on a team of 2 and of 3 (AMD beside METIS): the same choice, counts and bits */
    for (int T = 2; T <= 3; ++T) {
      nsb_team* team = NULL;
      nsb_linsolver* st = NULL;
      CU_ASSERT_FATAL(nsb_team_create(ctx, T, &team) == NSB_OK);
      CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &st) == NSB_OK);
      nsb_linsolver_set_team(st, team);
      CU_ASSERT_FATAL(nsb_linsolver_analyze(st, A) == NSB_OK);
      CU_ASSERT_FATAL(nsb_linsolver_factor(st, A) == NSB_OK);
      memcpy(xa, b, sizeof(double) * (size_t)n);
      CU_ASSERT_FATAL(nsb_linsolver_solve(st, xa) == NSB_OK);
      CU_ASSERT(memcmp(xa, x, sizeof(double) * (size_t)n) == 0);
      CU_ASSERT_EQUAL(st->order_blocks[0], s->order_blocks[0]);
      CU_ASSERT_EQUAL(st->order_blocks[1], s->order_blocks[1]);
      CU_ASSERT_EQUAL(st->order_lnz[0], lnz_amd);
      CU_ASSERT_EQUAL(st->order_lnz[1], lnz_metis);
      CU_ASSERT_EQUAL(st->nnz_lu, nnz_kept);
      nsb_linsolver_destroy(&st);
      nsb_team_destroy(&team);
    }
    /* ORDERING=AMD and METIS: that one alone, its fill, the other not computed */
    for (int forced = 0; forced < 2; ++forced) {
      nsb_linsolver_set_ordering(s, forced == 0 ? NSB_ORDERING_AMD : NSB_ORDERING_METIS);
      CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
      CU_ASSERT_FATAL(nsb_linsolver_factor(s, A) == NSB_OK);
      CU_ASSERT_EQUAL(s->order_blocks[forced], 1);
      CU_ASSERT_EQUAL(s->order_blocks[1 - forced], 0);
      CU_ASSERT_EQUAL(s->order_lnz[1 - forced], 0.0);
      CU_ASSERT_EQUAL(s->nnz_lu, forced == 0 ? nnz_amd : nnz_metis);
    }
    /* the previous back end's solution (METIS alone) to round-off */
    double dmax = 0.0, xmax = 0.0;
    for (int i = 0; i < n; ++i) {
      dmax = fmax(dmax, fabs(x[i] - xm[i]));
      xmax = fmax(xmax, fabs(xm[i]));
    }
    CU_ASSERT(dmax <= 1e-12 * xmax);
    printf("\n    %s (n = %d, nnz = %d): kept %s; nnz(L) of C + C^T: AMD %.4g, METIS %.4g; nnz(L + U): AMD %.4g,"
           " METIS %.4g, kept %.4g\n    back end: analyze %.4f s, factor %.4f s, solve %.5f s; direct KLU factor/solve:"
           " AMD %.4f / %.5f s, METIS %.4f / %.5f s; |x - x_METIS| / |x| %.2g\n",
           family == 0 ? "chain of 10 000 beam elements" : "150 x 150 mesh, 2 unknowns a node", n, A->nnz,
           kept_amd ? "AMD" : "METIS", lnz_amd, lnz_metis, nnz_amd, nnz_metis, nnz_kept,
           t_analyze, t_factor, t_solve, ta[0], ta[1], tm[0], tm[1], dmax / xmax);
    nsb_linsolver_destroy(&s);
    nsb_csr_destroy(ctx, &A);
    free(b);
    free(x);
    free(xa);
    free(xm);
  }
  nsb_test_end_ctx(&ctx);
}

static void test_dense_too_large(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 99;
  const int n = NSB_LINSOLVER_DENSE_MAX_N + 1;
  double* D = random_dd(n, 0.05, &rng_state);
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s) == NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_analyze(s, A), NSB_ERR_UNSUPPORTED);
  CU_ASSERT(strstr(nsb_ctx_error_message(ctx), "more than the") != NULL);
  nsb_ctx_clear_error(ctx);
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* AUTO: the dense back end up to NSB_LINSOLVER_AUTO_DENSE_N equations, KLU
 * above; an analysis of another order switches, both ways, and solves right;
 * a switch whose allocation fails keeps the back end it had. */
static void test_auto_switch(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 123;
  const int ns[4] = {3, NSB_LINSOLVER_AUTO_DENSE_N + 1, NSB_LINSOLVER_AUTO_DENSE_N, 40};
  const char* names[4] = {"dense", "klu", "dense", "klu"};
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_AUTO, &s) == NSB_OK);
  for (int c = 0; c < 4; ++c) {
    double* D = random_dd(ns[c], 0.3, &rng_state);
    nsb_csr* A = csr_from_dense(ctx, ns[c], D);
    CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
    CU_ASSERT_STRING_EQUAL(s->ops->name, names[c]);
    check_solve(s, A, D, &rng_state, 1e-12);
    check_solve(s, A, D, &rng_state, 1e-12);
    nsb_csr_destroy(ctx, &A);
    free(D);
  }
  CU_ASSERT_EQUAL(s->kind, NSB_LINSOLVER_AUTO);
  /* from KLU (n = 40) to dense with every allocation failing: KLU stays */
  double* D = random_dd(5, 0.3, &rng_state);
  nsb_csr* A = csr_from_dense(ctx, 5, D);
  nsb_ctx_fail_alloc_after(ctx, 1);
  CU_ASSERT_EQUAL(nsb_linsolver_analyze(s, A), NSB_ERR_ALLOC);
  nsb_ctx_fail_alloc_after(ctx, 0);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_STRING_EQUAL(s->ops->name, "klu");
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  CU_ASSERT_STRING_EQUAL(s->ops->name, "dense");
  check_solve(s, A, D, &rng_state, 1e-12);
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  free(D);
  nsb_test_end_ctx(&ctx);
}

/* The measurement behind NSB_LINSOLVER_AUTO_DENSE_N: factor + solve, dense
 * against KLU, many repetitions each (a refactor path for both), of the
 * beam-like chain (6 x 6 blocks, 12 x 12 element blocks, as solve_chain) of
 * 1 to 8 elements, and of as many independent 3 x 3 blocks (particles) as
 * give the same order.  Prints the times; asserts that both solve. */
static void test_dense_vs_klu(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 7;
  printf("\n");
  for (int family = 0; family < 2; ++family)
  for (int ne = 1; ne <= 8; ++ne) {
    enum { K = 12, REPS = 4000 };
    const int n = 6 * ne;
    double* D = calloc((size_t)n * (size_t)n, sizeof(double));
    if (family == 0)
      for (int e = 0; e < ne; ++e)
        for (int a = 0; a < K; ++a)
          for (int c = 0; c < K; ++c) {
            const int i = 6 * e + a - 6, j = 6 * e + c - 6;
            if (i >= 0 && j >= 0) D[i + n * j] += a == c ? 14.0 + rnd(&rng_state) : rnd(&rng_state) - 0.5;
          }
    else
      for (int i = 0; i < n; ++i)
        for (int j = i - i % 3; j < i - i % 3 + 3; ++j) D[i + n * j] = i == j ? 4.0 + rnd(&rng_state) : rnd(&rng_state) - 0.5;
    nsb_csr* A = csr_from_dense(ctx, n, D);
    double t[2] = {0.0, 0.0};
    double* x = malloc(sizeof(double) * (size_t)n);
    double* b = malloc(sizeof(double) * (size_t)n);
    const nsb_linsolver_kind kinds[2] = {NSB_LINSOLVER_DENSE, NSB_LINSOLVER_KLU};
    for (int k = 0; k < 2; ++k) {
      nsb_linsolver* s = NULL;
      CU_ASSERT_FATAL(nsb_linsolver_create(ctx, kinds[k], &s) == NSB_OK);
      CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
      for (int i = 0; i < n; ++i) b[i] = rnd(&rng_state) - 0.5;
      double res = 0.0;
      const double t0 = now();
      for (int r = 0; r < REPS; ++r) {
        A->val[0] *= r % 2 ? 1.0 / 1.001 : 1.001; /* new values, same pivots */
        memcpy(x, b, sizeof(double) * (size_t)n);
        CU_ASSERT_FATAL(nsb_linsolver_factor(s, A) == NSB_OK);
        CU_ASSERT_FATAL(nsb_linsolver_solve(s, x) == NSB_OK);
      }
      t[k] = (now() - t0) / REPS;
      res = rel_residual(A, x, b);
      CU_ASSERT(res < 1e-13);
      nsb_linsolver_destroy(&s);
    }
    printf("    %s (n = %2d, nnz = %4d): factor + solve dense %.2f us, KLU %.2f us\n",
           family == 0 ? "chain of 12 x 12 elements" : "3 x 3 blocks             ", n, A->nnz, 1e6 * t[0], 1e6 * t[1]);
    nsb_csr_destroy(ctx, &A);
    free(D);
    free(x);
    free(b);
  }
  nsb_test_end_ctx(&ctx);
}

/* The factorization's pattern guard (NSB_VALIDATE): a matrix of another
 * pattern of the same size (n, nnz) is refused; the analyzed matrix, and a
 * new matrix of the same pattern (another stamp), are factored.  Every
 * pattern the builder writes has a stamp of its own, so the guard passes
 * over the pattern only when the stamp is not one it has seen. */
/* The dense LU's pivot order through a checkpoint (nsb_linsolver_pivots_save
   / _load, solver/checkpoint.c): a solver that factored A and one that only
   analyzed A's pattern and loaded the first one's pivot order factor the
   next matrix alike, by refactorization (no pivot search), to the bit; a
   solver without the order factors it afresh.  A KLU solver keeps no order
   (its load is a no-op: the next factorization is fresh); an order that is
   not a permutation, or one of another size, is refused. */
static void test_dense_pivots_checkpoint(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 77;
  const int n = 12;
  double* D = calloc((size_t)n * n, sizeof(double));
  for (int k = 0; k < n * n; ++k) D[k] = 2.0 * rnd(&rng_state) - 1.0; /* no dominant diagonal: pivoting permutes */
  nsb_csr* A = csr_from_dense(ctx, n, D);
  nsb_linsolver *s1 = NULL, *s2 = NULL, *s3 = NULL, *sk = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s1) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s3) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s1, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  long bytes = nsb_linsolver_pivots_save(s1, NULL);
  char* buf = malloc((size_t)bytes);
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_save(s1, buf), bytes);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s2, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s3, A) == NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_load(s2, buf, bytes), NSB_OK);
  for (int p = 0; p < A->nnz; ++p) A->val[p] *= 1.0 + 0.01 * (rnd(&rng_state) - 0.5); /* the next matrix */
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s2, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s3, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor_fresh, 1); /* the first factorization only */
  CU_ASSERT_EQUAL(s2->n_factor_fresh, 0); /* refactored with the loaded order */
  CU_ASSERT_EQUAL(s3->n_factor_fresh, 1);
  double b1[12], b2[12];
  for (int i = 0; i < n; ++i) b1[i] = b2[i] = rnd(&rng_state) - 0.5;
  CU_ASSERT_FATAL(nsb_linsolver_solve(s1, b1) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_solve(s2, b2) == NSB_OK);
  CU_ASSERT(memcmp(b1, b2, sizeof b1) == 0);
  /* refused: not a permutation (slot 0's first two entries made equal), another size */
  char* bad = malloc((size_t)bytes);
  memcpy(bad, buf, (size_t)bytes);
  const size_t first = 2 * sizeof(int32_t) + sizeof(int32_t) + sizeof(double);
  memcpy(bad + first + sizeof(int32_t), bad + first, sizeof(int32_t));
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_load(s3, bad, bytes), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_load(s3, buf, bytes - 4), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  /* KLU: nothing kept, loading it changes nothing */
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &sk) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(sk, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_factor(sk, A) == NSB_OK);
  char kbuf[64];
  long kbytes = nsb_linsolver_pivots_save(sk, kbuf);
  CU_ASSERT_EQUAL(kbytes, 2 * (long)sizeof(int32_t));
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_load(s3, kbuf, kbytes), NSB_OK);
  free(bad);
  free(buf);
  free(D);
  nsb_linsolver_destroy(&s1);
  nsb_linsolver_destroy(&s2);
  nsb_linsolver_destroy(&s3);
  nsb_linsolver_destroy(&sk);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

/* The dense LU keeps a slot's factors for a matrix equal bit for bit to the
 * one they are of (solver/linsolve.c, dense_factor_op), and they are the bits
 * that factoring it again would give: a fresh factorization of A1 (pivoting
 * permutes) kept for A1 solves as A1 refactored in that pivot order (after
 * A2 in between); the other slot's factorization, a forgotten pivot order
 * and a loaded one do not make it keep. */
static void test_dense_same_matrix(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  unsigned long long rng_state = 91;
  const int n = 12;
  double* D = calloc((size_t)n * n, sizeof(double));
  for (int k = 0; k < n * n; ++k) D[k] = 2.0 * rnd(&rng_state) - 1.0; /* no dominant diagonal: pivoting permutes */
  nsb_csr* A = csr_from_dense(ctx, n, D);
  double v1[144], v2[144], b[12], x[3][12];
  memcpy(v1, A->val, (size_t)A->nnz * sizeof(double));
  for (int p = 0; p < A->nnz; ++p) v2[p] = v1[p] * (1.0 + 0.01 * (rnd(&rng_state) - 0.5));
  for (int i = 0; i < n; ++i) b[i] = rnd(&rng_state) - 0.5;
  nsb_linsolver *s1 = NULL, *s2 = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s1) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &s2) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s1, A) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s2, A) == NSB_OK);
  /* s1: A1 fresh, A1 again (kept) */
  for (int k = 0; k < 2; ++k) CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor, 2);
  CU_ASSERT_EQUAL(s1->n_factor_same, 1);
  CU_ASSERT_EQUAL(s1->n_factor_fresh, 1);
  CU_ASSERT_EQUAL(s1->factor_reused, 0);
  const double rc1 = s1->rcond_last;
  memcpy(x[0], b, sizeof b);
  CU_ASSERT_FATAL(nsb_linsolver_solve(s1, x[0]) == NSB_OK);
  /* s2: A1 fresh, A2 and A1 refactored in A1's pivot order */
  CU_ASSERT_FATAL(nsb_linsolver_factor(s2, A) == NSB_OK);
  memcpy(A->val, v2, (size_t)A->nnz * sizeof(double));
  CU_ASSERT_FATAL(nsb_linsolver_factor(s2, A) == NSB_OK);
  memcpy(A->val, v1, (size_t)A->nnz * sizeof(double));
  CU_ASSERT_FATAL(nsb_linsolver_factor(s2, A) == NSB_OK);
  CU_ASSERT_EQUAL(s2->n_factor_same, 0);
  CU_ASSERT_EQUAL(s2->n_factor_fresh, 1);
  CU_ASSERT(s2->rcond_last == rc1);
  memcpy(x[1], b, sizeof b);
  CU_ASSERT_FATAL(nsb_linsolver_solve(s2, x[1]) == NSB_OK);
  CU_ASSERT(memcmp(x[0], x[1], sizeof b) == 0);
  NSB_ASSERT_CLOSE(rel_residual(A, x[0], b), 0.0, 1e-12);
  /* the recurring slot's factorization of A2 leaves slot 0's of A1 in place */
  nsb_linsolver_select(s1, NSB_LINSOLVER_RECUR);
  memcpy(A->val, v2, (size_t)A->nnz * sizeof(double));
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  nsb_linsolver_select(s1, 0);
  memcpy(A->val, v1, (size_t)A->nnz * sizeof(double));
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor_same, 2);
  memcpy(x[2], b, sizeof b);
  CU_ASSERT_FATAL(nsb_linsolver_solve(s1, x[2]) == NSB_OK);
  CU_ASSERT(memcmp(x[0], x[2], sizeof b) == 0);
  /* one entry changed in its last bit: factored */
  A->val[0] = nextafter(A->val[0], 2.0);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor_same, 2);
  /* forgotten pivots: a fresh factorization of the same matrix */
  nsb_linsolver_forget_pivots(s1);
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor_same, 2);
  CU_ASSERT_EQUAL(s1->n_factor_fresh, 3); /* A1, the recurring slot's A2, this one */
  /* a loaded pivot order has no factors: the same matrix is factored */
  long bytes = nsb_linsolver_pivots_save(s1, NULL);
  char* buf = malloc((size_t)bytes);
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_save(s1, buf), bytes);
  CU_ASSERT_EQUAL(nsb_linsolver_pivots_load(s1, buf, bytes), NSB_OK);
  const long factors = s1->n_factor;
  CU_ASSERT_FATAL(nsb_linsolver_factor(s1, A) == NSB_OK);
  CU_ASSERT_EQUAL(s1->n_factor_same, 2);
  CU_ASSERT_EQUAL(s1->n_factor, factors + 1);
  free(buf);
  free(D);
  nsb_linsolver_destroy(&s1);
  nsb_linsolver_destroy(&s2);
  nsb_csr_destroy(ctx, &A);
  nsb_test_end_ctx(&ctx);
}

static void test_pattern_guard(void) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  /* tridiagonal 4 x 4 (10 entries), and the same size with (0,2),(2,0)
     instead of (2,3),(3,2): 10 entries too */
  const double D1[16] = {4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4};
  const double D2[16] = {4, 1, 1, 0, 1, 4, 1, 0, 1, 1, 4, 0, 0, 0, 0, 4};
  nsb_csr* A = csr_from_dense(ctx, 4, D1);
  nsb_csr* A2 = csr_from_dense(ctx, 4, D1);
  nsb_csr* B = csr_from_dense(ctx, 4, D2);
  CU_ASSERT_EQUAL(A->nnz, B->nnz);
  CU_ASSERT(A->stamp != 0 && A->stamp != A2->stamp && A2->stamp != B->stamp);
  nsb_linsolver* s = NULL;
  CU_ASSERT_FATAL(nsb_linsolver_create(ctx, NSB_LINSOLVER_KLU, &s) == NSB_OK);
  CU_ASSERT_FATAL(nsb_linsolver_analyze(s, A) == NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A2), NSB_OK);
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, A), NSB_OK);
#if defined(NSB_VALIDATE) && NSB_VALIDATE
  CU_ASSERT_EQUAL(nsb_linsolver_factor(s, B), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
#endif
  nsb_linsolver_destroy(&s);
  nsb_csr_destroy(ctx, &A);
  nsb_csr_destroy(ctx, &A2);
  nsb_csr_destroy(ctx, &B);
  nsb_test_end_ctx(&ctx);
}

#define SOLVER_CASES(tag)                                                                  \
  {"random_50", test_##tag##_random}, {"recurring_lean", test_##tag##_recurring_lean},     \
      {"pivot_change", test_##tag##_pivot_change},                                         \
      {"saddle_point", test_##tag##_saddle}, {"tiny_1x1_2x2", test_##tag##_tiny},          \
      {"singular", test_##tag##_singular}, {"alloc_failure", test_##tag##_alloc_failure},  \
      {"chain_10000", test_##tag##_chain}, { NULL, NULL }

static const nsb_test_suite suites[] = {
    {"pattern", (const nsb_test_case[]){{"small", test_pattern_small},
                                        {"random_vs_dense", test_pattern_random},
                                        {"team_vs_one_thread", test_pattern_team},
                                        {"block_assembly", test_block_assembly},
                                        {"block_map_grouped", test_block_map_grouped},
                                        {"alloc_failure", test_pattern_alloc_failure},
                                        {NULL, NULL}}},
    {"metis", (const nsb_test_case[]){{"small_and_disconnected", test_metis_small},
                                      {"path", test_metis_path},
                                      {"stop_signals", test_metis_signals},
                                      {NULL, NULL}}},
    {"klu", (const nsb_test_case[]){SOLVER_CASES(klu)}},
    {"umfpack", (const nsb_test_case[]){SOLVER_CASES(umfpack)}},
    {"dense", (const nsb_test_case[]){{"random_50", test_dense_random},
                                      {"recurring_lean", test_dense_recurring_lean},
                                      {"pivot_change", test_dense_pivot_change},
                                      {"saddle_point", test_dense_saddle},
                                      {"tiny_1x1_2x2", test_dense_tiny},
                                      {"singular", test_dense_singular},
                                      {"alloc_failure", test_dense_alloc_failure},
                                      {"too_large", test_dense_too_large},
                                      {"auto_switch", test_auto_switch},
                                      {"dense_vs_klu", test_dense_vs_klu},
                                      {"pivots_checkpoint", test_dense_pivots_checkpoint},
                                      {"same_matrix", test_dense_same_matrix},
                                      {NULL, NULL}}},
    {"klu2", (const nsb_test_case[]){SOLVER_CASES(klu2)}},
    {"klu2_split", (const nsb_test_case[]){{"vs_klu_threads", test_klu2_vs_klu},
                                           {"small_and_multipliers", test_klu2_small_and_multipliers},
                                           {"fallback", test_klu2_fallback},
                                           {"alloc_failure", test_klu2_split_alloc_failure},
                                           {"remembered_failure", test_klu2_remembered_failure},
                                           {"lean_slot", test_klu2_lean_slot},
                                           {NULL, NULL}}},
    {"klu_order", (const nsb_test_case[]){{"by_fill_chain_and_mesh", test_klu_order_by_fill}, {NULL, NULL}}},
    {"linsolver", (const nsb_test_case[]){{"bad_kind", test_create_bad_kind}, {"pattern_guard", test_pattern_guard},
                                          {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

/* linsolve.c -- KLU and UMFPACK back ends, METIS ordering (see linsolve.h).
 *
 * References: T. A. Davis, E. Palamadai Natarajan, "Algorithm 907: KLU, a direct
 * sparse solver for circuit simulation problems", ACM TOMS 37(3), 2010;
 * T. A. Davis, "Algorithm 832: UMFPACK V4.3", ACM TOMS 30(2), 2004;
 * G. Karypis, V. Kumar, "A fast and high quality multilevel scheme for
 * partitioning irregular graphs", SIAM J. Sci. Comput. 20(1), 1998 (METIS);
 * P. R. Amestoy, T. A. Davis, I. S. Duff, "An approximate minimum degree ordering
 * algorithm", SIAM J. Matrix Anal. Appl. 17(4), 1996 (AMD);
 * J. W. H. Liu, "The role of elimination trees in sparse factorization", SIAM J.
 * Matrix Anal. Appl. 11(1), 1990 (elimination tree, row subtrees).
 */
#define _POSIX_C_SOURCE 200809L /* sigaction, pthread_sigmask */
#include "solver/linsolve.h"

#include <amd.h>
#include <float.h>
#include <klu.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <metis.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <umfpack.h>

_Static_assert(sizeof(idx_t) == sizeof(int), "METIS idx_t must be 32-bit (IDXTYPEWIDTH 32)");

/* A factorization whose crude reciprocal condition estimate min|U_kk| / max|U_kk| (of the
 * row-scaled matrix) is below this is reported as numerically singular: exactly dependent
 * rows rarely give an exactly zero pivot in floating point, and a solution with that few
 * correct digits is useless to Newton anyway. */
#define RCOND_SINGULAR (10.0 * DBL_EPSILON)

/* Record an error in ctx and evaluate to its code (NSB_CHECK with a false condition). */
#define RAISE(ctx, code, ...) nsb_ctx_error((ctx), (code), __FILE__, __LINE__, __func__, __VA_ARGS__)

/* ---- METIS ordering ------------------------------------------------------- */

/* METIS's own signal traps.  Every METIS call installs, for its duration, a
   handler of its own on SIGTERM (and SIGABRT) that jumps out of the call
   (GKlib's gk_sigtrap), and puts the caller's handler back with signal(),
   which drops its flags.  A SIGTERM meant to stop a run (io/main.c: finish
   the increment, write a checkpoint) that arrived during an ordering made
   the call fail ("klu factor: no successful analyze") or freed its memory
   twice.  So the stop signals are blocked around each call and their actions
   put back whole afterwards: a signal that arrived meanwhile is delivered to
   the program's own handler when the call returns. */
typedef struct {
  sigset_t mask;
  struct sigaction act[2];
} metis_guard;

static const int guard_signals[2] = {SIGINT, SIGTERM};

static void metis_guard_on(metis_guard* g) {
  sigset_t block;
  sigemptyset(&block);
  for (int i = 0; i < 2; ++i) {
    sigaddset(&block, guard_signals[i]);
    sigaction(guard_signals[i], NULL, &g->act[i]);
  }
  pthread_sigmask(SIG_BLOCK, &block, &g->mask);
}

static void metis_guard_off(const metis_guard* g) {
  for (int i = 0; i < 2; ++i) sigaction(guard_signals[i], &g->act[i], NULL);
  pthread_sigmask(SIG_SETMASK, &g->mask, NULL);
}

/* Workspace of the ordering, kept by a linear solver from one analyze to the
   next (a contact set that changes re-analyzes during the steps): capacities
   grow geometrically, so that analyses of patterns no larger than an earlier
   one allocate nothing. */
typedef struct metis_ws {
  int cap_n, cap_nnz;  /* tptr, xadj: cap_n + 1; marker, scratch: cap_n; tind: cap_nnz */
  long long cap_adj;
  int *tptr, *tind, *marker;
  idx_t *xadj, *scratch, *adj;
  /* KLU's choice between AMD and METIS (klu_order_by_fill) only: cap_cnt each */
  int cap_cnt;
  int *perm_amd, *parent, *flag;
} metis_ws;

static void metis_ws_free(nsb_ctx* ctx, metis_ws* w) {
  NSB_FREE_ARRAY(ctx, w->tptr, w->cap_n + 1, int);
  NSB_FREE_ARRAY(ctx, w->xadj, w->cap_n + 1, idx_t);
  NSB_FREE_ARRAY(ctx, w->marker, w->cap_n, int);
  NSB_FREE_ARRAY(ctx, w->scratch, w->cap_n, idx_t);
  NSB_FREE_ARRAY(ctx, w->tind, w->cap_nnz, int);
  if (w->adj) NSB_FREE_ARRAY(ctx, w->adj, w->cap_adj, idx_t);
  NSB_FREE_ARRAY(ctx, w->perm_amd, w->cap_cnt, int);
  NSB_FREE_ARRAY(ctx, w->parent, w->cap_cnt, int);
  NSB_FREE_ARRAY(ctx, w->flag, w->cap_cnt, int);
  memset(w, 0, sizeof *w);
}

/* Room for n vertices and nnz entries (the adjacency list: metis_ws_adj). */
static int metis_ws_reserve(nsb_ctx* ctx, metis_ws* w, int n, int nnz) {
  if (n > w->cap_n) {
    int cap = n > 2 * w->cap_n ? n : 2 * w->cap_n;
    NSB_FREE_ARRAY(ctx, w->tptr, w->cap_n + 1, int);
    NSB_FREE_ARRAY(ctx, w->xadj, w->cap_n + 1, idx_t);
    NSB_FREE_ARRAY(ctx, w->marker, w->cap_n, int);
    NSB_FREE_ARRAY(ctx, w->scratch, w->cap_n, idx_t);
    w->cap_n = cap;
    w->tptr = NSB_NEW_ARRAY(ctx, cap + 1, int);
    w->xadj = NSB_NEW_ARRAY(ctx, cap + 1, idx_t);
    w->marker = NSB_NEW_ARRAY(ctx, cap, int);
    w->scratch = NSB_NEW_ARRAY(ctx, cap, idx_t);
    if (!w->tptr || !w->xadj || !w->marker || !w->scratch) {
      metis_ws_free(ctx, w);
      return NSB_ERR_ALLOC;
    }
  }
  if (nnz > w->cap_nnz) {
    int cap = nnz > 2 * w->cap_nnz ? nnz : 2 * w->cap_nnz;
    NSB_FREE_ARRAY(ctx, w->tind, w->cap_nnz, int);
    w->cap_nnz = cap;
    w->tind = NSB_NEW_ARRAY(ctx, cap, int);
    if (!w->tind) {
      metis_ws_free(ctx, w);
      return NSB_ERR_ALLOC;
    }
  }
  return NSB_OK;
}

static int metis_ws_adj(nsb_ctx* ctx, metis_ws* w, long long n_adj) {
  if (n_adj <= w->cap_adj) return NSB_OK;
  long long cap = n_adj > 2 * w->cap_adj ? n_adj : 2 * w->cap_adj;
  if (w->adj) NSB_FREE_ARRAY(ctx, w->adj, w->cap_adj, idx_t);
  w->cap_adj = 0;
  w->adj = NSB_NEW_ARRAY(ctx, cap, idx_t);
  if (!w->adj) return NSB_ERR_ALLOC;
  w->cap_adj = cap;
  return NSB_OK;
}

/* Graph of A + A^T without the diagonal into w->xadj, w->adj (METIS's CSR
 * graph form): rows of A and of A^T merged per vertex, duplicates removed
 * with a marker array (no sortedness assumed).  *n_adj = number of edge
 * entries (0: no edges, adj not set). */
/* The pattern of A^T into w->tptr, w->tind (room reserved by the caller; marker is scratch). */
static void metis_transpose(metis_ws* w, const nsb_csr* A) {
  const int n = A->n;
  const int nnz = A->rowptr[n];
  int* tptr = w->tptr;
  int* marker = w->marker;
  memset(tptr, 0, (size_t)(n + 1) * sizeof(int));
  for (int p = 0; p < nnz; ++p) tptr[A->col[p] + 1]++;
  for (int i = 0; i < n; ++i) tptr[i + 1] += tptr[i];
  for (int i = 0; i < n; ++i) marker[i] = tptr[i];
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) w->tind[marker[A->col[p]]++] = i;
}

static int metis_graph(nsb_ctx* ctx, metis_ws* w, const nsb_csr* A, long long* n_adj_out) {
  const int n = A->n;
  NSB_CALL(metis_ws_reserve(ctx, w, n, A->rowptr[n]));
  int* tptr = w->tptr;
  int* tind = w->tind;
  int* marker = w->marker;
  idx_t* xadj = w->xadj;
  long long n_adj = 0;
  *n_adj_out = 0;
  metis_transpose(w, A);

  for (int pass = 0; pass < 2; ++pass) {
    idx_t* adj = w->adj;
    for (int i = 0; i < n; ++i) marker[i] = -1;
    n_adj = 0;
    for (int i = 0; i < n; ++i) {
      if (pass == 0) xadj[i] = (idx_t)n_adj;
      marker[i] = i; /* excludes the diagonal */
      for (int half = 0; half < 2; ++half) {
        const int* ptr = half ? tptr : A->rowptr;
        const int* ind = half ? tind : A->col;
        for (int p = ptr[i]; p < ptr[i + 1]; ++p) {
          const int j = ind[p];
          if (marker[j] == i) continue;
          marker[j] = i;
          if (pass == 1) adj[n_adj] = j;
          ++n_adj;
        }
      }
    }
    if (pass == 0) {
      NSB_CHECK(ctx, n_adj <= INT_MAX, NSB_ERR_UNSUPPORTED,
                "METIS ordering: graph has %lld edge entries (32-bit limit)", n_adj);
      xadj[n] = (idx_t)n_adj;
      if (n_adj == 0) return NSB_OK; /* only a diagonal */
      NSB_CALL(metis_ws_adj(ctx, w, n_adj));
    }
  }
  *n_adj_out = n_adj;
  return NSB_OK;
}

static int metis_order_ws(nsb_ctx* ctx, metis_ws* w, const nsb_csr* A, int* perm) {
  NSB_CHECK(ctx, A && A->n >= 1 && A->rowptr && (A->col || A->rowptr[A->n] == 0), NSB_ERR_ARG,
            "METIS ordering: empty or incomplete matrix");
  const int n = A->n;
  const int nnz = A->rowptr[n];
  for (int k = 0; k < n; ++k) perm[k] = k;
  if (n < 3 || nnz == 0) return NSB_OK;
  long long n_adj = 0;
  int status = metis_graph(ctx, w, A, &n_adj);
  if (status < 0 || n_adj == 0) return status; /* no edges: keep the identity */
  idx_t* xadj = w->xadj;
  idx_t* adj = w->adj;
  idx_t* scratch = w->scratch;

  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_NUMBERING] = 0;
  options[METIS_OPTION_SEED] = 42; /* reproducible orderings from run to run */
  idx_t nv = n;
  /* METIS manual: row k of the permuted matrix is row perm[k] of A (new -> old, our
   * convention); iperm is the inverse (old -> new), not needed here.  tests/test_sparse.c
   * checks the convention on star graphs, whose hub must be eliminated last. */
  metis_guard guard;
  metis_guard_on(&guard);
  int rc = METIS_NodeND(&nv, xadj, adj, NULL, options, perm, scratch);
  metis_guard_off(&guard);
  if (rc == METIS_ERROR_MEMORY) {
    status = RAISE(ctx, NSB_ERR_ALLOC, "METIS_NodeND: out of memory (n = %d)", n);
  } else if (rc != METIS_OK) {
    status = RAISE(ctx, NSB_ERR_METIS, "METIS_NodeND failed with code %d (n = %d, %lld edge entries)", rc, n,
                           n_adj);
    for (int k = 0; k < n; ++k) perm[k] = k;
  } else {
    status = NSB_OK;
  }
  return status;
}

int nsb_order_metis(nsb_ctx* ctx, const nsb_csr* A, int* perm) {
  metis_ws w;
  memset(&w, 0, sizeof w);
  int status = metis_order_ws(ctx, &w, A, perm);
  metis_ws_free(ctx, &w);
  return status;
}

/* ---- KLU ------------------------------------------------------------------- */

/* Ordering.  klu_analyze runs BTF (maximum transversal + strongly connected components)
 * and calls klu_order_by_fill on every diagonal block of size > 3 through Common.user_order
 * (ordering = 3), KLU's hook for external orderings (its klu_cholmod example does the same
 * with CHOLMOD, which also keeps the better of AMD and METIS).  With ORDERING=AUTO (the
 * default; AMD or METIS: that one alone, nsb_linsolver_set_ordering) the block is ordered twice:
 * by AMD (amd_order on the block as KLU's own ordering = 0 calls it: the same permutation)
 * and by METIS_NodeND (fixed random start, as before).  For each, nnz(L) of the Cholesky
 * factor of the permuted pattern of C + C^T is counted exactly, the same way for both
 * (chol_lnz: elimination tree and row subtrees, Liu 1990; under AMD's permutation it equals
 * AMD's own count, tests/test_sparse.c), and the permutation with fewer entries is kept (a
 * tie: AMD, the cheaper one to compute).  That count + n is KLU's nnz(L) estimate of the
 * block (KLU's AMD path returns the same), from which klu_factor sizes its first LU
 * allocation.  Measured fill, nnz(L + U) (tests/test_sparse.c, klu_order): the 10 000-block
 * chain 1.86e6 with METIS vs 1.14e6 with AMD (AMD kept); a 150 x 150 two-unknown mesh
 * 6.30e6 (METIS) vs 6.42e6 (AMD; METIS kept).  Nested dissection pays off in 2-D/3-D
 * meshes, not on a 1-D chain.  Rejected: the O(nnz(A)) column counts of Gilbert, Ng &
 * Peyton 1994 (a postorder, first descendants and least common ancestors); the row-subtree
 * count costs O(nnz(L)), 1.4e6 steps for both permutations of the chain, in a dozen lines.
 * Also considered: klu_analyze_given(P = Q = perm) with BTF on; it skips the maximum
 * transversal and orders the whole matrix instead of each diagonal block; for an
 * irreducible matrix it ends up the same (measured on the chain and the mesh: identical Q
 * and fill). */

/* Room for the counts of blocks of n unknowns (perm_amd, parent, flag). */
static int order_ws_reserve_counts(nsb_ctx* ctx, metis_ws* w, int n) {
  if (n <= w->cap_cnt) return NSB_OK;
  const int cap = n > 2 * w->cap_cnt ? n : 2 * w->cap_cnt;
  NSB_FREE_ARRAY(ctx, w->perm_amd, w->cap_cnt, int);
  NSB_FREE_ARRAY(ctx, w->parent, w->cap_cnt, int);
  NSB_FREE_ARRAY(ctx, w->flag, w->cap_cnt, int);
  w->cap_cnt = cap;
  w->perm_amd = NSB_NEW_ARRAY(ctx, cap, int);
  w->parent = NSB_NEW_ARRAY(ctx, cap, int);
  w->flag = NSB_NEW_ARRAY(ctx, cap, int);
  if (!w->perm_amd || !w->parent || !w->flag) {
    metis_ws_free(ctx, w);
    return NSB_ERR_ALLOC;
  }
  return NSB_OK;
}

/* nnz(L) below the diagonal of the Cholesky factor of P (A + A^T) P^T, where perm[k] is the
 * old index of new unknown k.  Row k of L holds the row subtree of k in the elimination
 * tree: the union of the tree paths from every i < k adjacent to k up to k (Liu 1990).  The
 * tree grows on the way: a node met without a parent yet is a root of the forest of rows
 * 0..k-1 with an entry in row k, so k is its parent.  O(nnz(A) + nnz(L)) time.  A's pattern
 * by rows (A->rowptr, A->col) and by columns (w->tptr, w->tind, filled by metis_transpose);
 * duplicates and the diagonal are harmless.  w->marker holds the inverse permutation. */
static long long chol_lnz(metis_ws* w, const nsb_csr* A, const int* perm) {
  const int n = A->n;
  int* pinv = w->marker;
  int* parent = w->parent;
  int* flag = w->flag;
  for (int k = 0; k < n; ++k) pinv[perm[k]] = k;
  long long lnz = 0;
  for (int k = 0; k < n; ++k) {
    parent[k] = -1;
    flag[k] = k;
    const int old = perm[k];
    for (int half = 0; half < 2; ++half) {
      const int* ptr = half ? w->tptr : A->rowptr;
      const int* ind = half ? w->tind : A->col;
      for (int p = ptr[old]; p < ptr[old + 1]; ++p) {
        int t = pinv[ind[p]];
        while (t < k && flag[t] != k) {
          flag[t] = k;
          ++lnz;
          if (parent[t] < 0) {
            parent[t] = k;
            break;
          }
          t = parent[t];
        }
      }
    }
  }
  return lnz;
}

/* Numeric factorization: klu_refactor, falling back to klu_factor.  After the first
 * klu_factor, later factor() calls run klu_refactor, which reuses the pivot sequence and the
 * memory of the previous factorization (no pivot search, no allocation).  Its stability is
 * checked with the reciprocal pivot growth klu_rgrowth, O(nnz(A) + nnz(U)): when it is
 * below REFACTOR_GROWTH_RATIO times the value of the last fresh factorization, or refactor
 * hit a zero pivot, or rcond fell below RCOND_SINGULAR, a fresh klu_factor (with partial
 * pivoting) follows.  Between Newton iterations the values move little, so the old pivot
 * sequence almost always stays good; the chain test in tests/test_sparse.c prints both
 * times (refactor about 2x faster there: ~0.045 s vs ~0.10 s, rgrowth and rcond included).  Rejected: always klu_factor (simpler, but
 * pays the pivot search and the LU reallocation on every iteration). */
#define REFACTOR_GROWTH_RATIO 1e-2

typedef struct klu_data {
  klu_common common;
  klu_symbolic* symbolic;
  klu_numeric* numeric[NSB_LINSOLVER_SLOTS]; /* one numeric factorization per slot */
  nsb_ctx* ctx;           /* for the ordering callback */
  int order_status;       /* status of the last ordering callback */
  double rgrowth_fresh[NSB_LINSOLVER_SLOTS]; /* reciprocal pivot growth of the slot's last klu_factor */
  metis_ws ws;            /* ordering workspace, kept between analyses */
  nsb_ordering_kind ordering; /* the solver's, copied by analyze for the callback */
  nsb_team* team;         /* the solver's (NULL: none), copied by analyze: AMD beside METIS */
  int order_blocks[2];    /* blocks of the last analysis ordered by AMD [0] and by METIS [1] */
  double order_lnz[2];    /* their nnz(L) of C + C^T summed over the blocks, under AMD [0] and METIS [1] */
  long n_fresh, n_refactor;
} klu_data;

/* The two orderings of a block, each on a member of the team when there is
   one (METIS on the calling thread, whose context records its errors; AMD,
   which allocates through SuiteSparse's malloc, on the next): each is a
   function of the block alone, so the permutations are those of one thread. */
typedef struct order_job {
  klu_data* d;
  const nsb_csr* block;
  int* perm;
  int T, with_amd, with_metis;
  int st_metis, rc_amd;
} order_job;

static void order_member(void* arg, int r) {
  order_job* j = arg;
  if (r == 0 && j->with_metis) j->st_metis = metis_order_ws(j->d->ctx, &j->d->ws, j->block, j->perm);
  if (r == 1 % j->T && j->with_amd) {
    double info[AMD_INFO];
    j->rc_amd = amd_order(j->block->n, j->block->rowptr, j->block->col, j->d->ws.perm_amd, NULL, info);
  }
}

/* Blocks from this size on are ordered on the team (smaller ones cost less than its wake-up). */
#define ORDER_TEAM_MIN_N 2000

/* KLU's user ordering (see "Ordering." above).  Returns the nnz(L) estimate of the block
 * (diagonal included), -1 when it does not fit an int (KLU then sizes the first LU
 * allocation from nnz(A), Common.initmem), 0 on failure (d->order_status, message recorded). */
static int klu_order_by_fill(int n, int* Ap, int* Ai, int* perm, klu_common* common) {
  klu_data* d = common->user_data;
  nsb_ctx* ctx = d->ctx;
  metis_ws* w = &d->ws;
  /* The block arrives in CSC form; its symmetrized pattern is the same as for CSR. */
  const nsb_csr block = {.n = n, .nnz = Ap[n], .rowptr = Ap, .col = Ai, .val = NULL};
  const int with_amd = d->ordering != NSB_ORDERING_METIS, with_metis = d->ordering != NSB_ORDERING_AMD;
  d->order_status = order_ws_reserve_counts(ctx, w, n);
  if (d->order_status < 0) return 0;
  order_job job = {.d = d, .block = &block, .perm = perm, .T = 1, .with_amd = with_amd, .with_metis = with_metis,
                   .st_metis = NSB_OK, .rc_amd = AMD_OK};
  if (d->team && with_amd && with_metis && n >= ORDER_TEAM_MIN_N && nsb_team_size(d->team) > 1) {
    job.T = nsb_team_size(d->team);
    nsb_team_run(d->team, order_member, &job);
  } else {
    order_member(&job, 0);
  }
  d->order_status = job.st_metis;
  if (d->order_status == NSB_OK) d->order_status = metis_ws_reserve(ctx, w, n, Ap[n]);
  if (d->order_status < 0) return 0;
  if (with_amd) {
    const int rc = job.rc_amd;
    if (rc == AMD_OUT_OF_MEMORY) {
      d->order_status = RAISE(ctx, NSB_ERR_ALLOC, "amd_order: out of memory (block of %d unknowns)", n);
      return 0;
    }
    if (rc != AMD_OK && rc != AMD_OK_BUT_JUMBLED) {
      d->order_status = RAISE(ctx, NSB_ERR_ARG, "amd_order failed with AMD status %d (block of %d unknowns)", rc, n);
      return 0;
    }
  }
  metis_transpose(w, &block);
  const long long lnz_amd = with_amd ? chol_lnz(w, &block, w->perm_amd) : 0;
  const long long lnz_metis = with_metis ? chol_lnz(w, &block, perm) : 0;
  const int amd_kept = !with_metis || (with_amd && lnz_amd <= lnz_metis);
  if (amd_kept) memcpy(perm, w->perm_amd, (size_t)n * sizeof(int));
  d->order_blocks[amd_kept ? 0 : 1]++;
  d->order_lnz[0] += (double)lnz_amd;
  d->order_lnz[1] += (double)lnz_metis;
  const long long estimate = (amd_kept ? lnz_amd : lnz_metis) + n;
  return estimate <= INT_MAX ? (int)estimate : -1;
}

static void klu_free_all(klu_data* d) {
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) klu_free_numeric(&d->numeric[k], &d->common);
  klu_free_symbolic(&d->symbolic, &d->common);
}

static int klu_analyze_op(nsb_linsolver* s, const nsb_csr* A) {
  klu_data* d = s->data;
  klu_free_all(d);
  d->order_status = NSB_OK;
  d->ordering = s->ordering;
  d->team = s->team;
  d->order_blocks[0] = d->order_blocks[1] = 0;
  d->order_lnz[0] = d->order_lnz[1] = 0.0;
  s->order_blocks[0] = s->order_blocks[1] = 0;
  s->order_lnz[0] = s->order_lnz[1] = 0.0;
  d->symbolic = klu_analyze(A->n, A->rowptr, A->col, &d->common);
  if (s->lean) metis_ws_free(s->ctx, &d->ws);
  if (!d->symbolic) {
    if (d->order_status < 0) return d->order_status; /* message already recorded */
    NSB_CHECK(s->ctx, d->common.status != KLU_OUT_OF_MEMORY, NSB_ERR_ALLOC,
              "klu_analyze: out of memory (n = %d, nnz = %d)", A->n, A->nnz);
    return RAISE(s->ctx, NSB_ERR_ARG, "klu_analyze failed with KLU status %d (n = %d, nnz = %d)",
              d->common.status, A->n, A->nnz);
  }
  for (int k = 0; k < 2; ++k) {
    s->order_blocks[k] = d->order_blocks[k];
    s->order_lnz[k] = d->order_lnz[k];
  }
  return NSB_OK;
}

/* Index (in the numbering of the matrix KLU sees, A^T) of the column with the smallest
 * |U_kk|, for messages. */
static int klu_smallest_pivot_col(const klu_data* d, const klu_numeric* num) {
  const double* u = num->Udiag;
  int kmin = 0;
  for (int k = 1; k < d->symbolic->n; ++k)
    if (fabs(u[k]) < fabs(u[kmin])) kmin = k;
  return d->symbolic->Q[kmin];
}

static int klu_factor_op(nsb_linsolver* s, const nsb_csr* A) {
  klu_data* d = s->data;
  klu_common* c = &d->common;
  klu_numeric** num = &d->numeric[s->slot];
  int fresh = 1;
  if (*num) {
    const int ok = klu_refactor(A->rowptr, A->col, A->val, d->symbolic, *num, c);
    if (ok && c->status == KLU_OK && klu_rgrowth(A->rowptr, A->col, A->val, d->symbolic,
                                                 *num, c) &&
        c->rgrowth >= REFACTOR_GROWTH_RATIO * d->rgrowth_fresh[s->slot] && klu_rcond(d->symbolic, *num, c) &&
        c->rcond >= RCOND_SINGULAR) {
      fresh = 0;
      d->n_refactor++;
    } else {
      nsb_log(s->ctx, NSB_LOG_DEBUG,
              "KLU refactor rejected (status %d, rgrowth %.3g vs %.3g): fresh factorization",
              c->status, c->rgrowth, d->rgrowth_fresh[s->slot]);
    }
  }
  if (fresh) {
    klu_free_numeric(num, c);
    *num = klu_factor(A->rowptr, A->col, A->val, d->symbolic, c);
    if (!*num) {
      if (c->status == KLU_SINGULAR) s->singular_eq = c->singular_col;
      NSB_CHECK(s->ctx, c->status != KLU_SINGULAR, NSB_ERR_SINGULAR,
                "singular matrix (KLU): zero pivot in column %d of A^T, i.e. equation (row) %d "
                "of A, original numbering",
                c->singular_col, c->singular_col);
      NSB_CHECK(s->ctx, c->status != KLU_OUT_OF_MEMORY, NSB_ERR_ALLOC,
                "klu_factor: out of memory (n = %d, nnz = %d)", A->n, A->nnz);
      return RAISE(s->ctx, NSB_ERR_ARG, "klu_factor failed with KLU status %d", c->status);
    }
    klu_rgrowth(A->rowptr, A->col, A->val, d->symbolic, *num, c);
    d->rgrowth_fresh[s->slot] = c->rgrowth;
    klu_rcond(d->symbolic, *num, c);
    d->n_fresh++;
    s->n_factor_fresh++;
  }
  s->rcond_last = c->rcond;
  s->nnz_lu = (double)(*num)->lnz + (double)(*num)->unz + (double)(*num)->nzoff;
  if (!(c->rcond >= RCOND_SINGULAR)) {
    const int col = klu_smallest_pivot_col(d, *num);
    s->singular_eq = col;
    klu_free_numeric(num, c);
    return RAISE(s->ctx, NSB_ERR_SINGULAR,
              "numerically singular matrix (KLU, rcond %.3g): smallest pivot in column %d of A^T, "
              "i.e. equation (row) %d of A, original numbering",
              s->rcond_last, col, col);
  }
  return NSB_OK;
}

static int klu_solve_op(nsb_linsolver* s, double* b) {
  klu_data* d = s->data;
  klu_numeric* num = d->numeric[s->slot];
  NSB_CHECK(s->ctx, num, NSB_ERR_ARG, "KLU solve without a successful factorization");
  /* CSR of A = CSC of A^T, so the transposed solve gives A x = b. */
  const int ok = klu_tsolve(d->symbolic, num, d->symbolic->n, 1, b, &d->common);
  NSB_CHECK(s->ctx, ok, NSB_ERR_ARG, "klu_tsolve failed with KLU status %d", d->common.status);
  return NSB_OK;
}

static void klu_destroy_op(nsb_linsolver* s) {
  klu_data* d = s->data;
  if (!d) return;
  klu_free_all(d);
  metis_ws_free(s->ctx, &d->ws);
  /* KLU counts its own bytes: everything it allocated for us must be back. */
  NSB_ASSERT(d->common.memusage == 0);
  nsb_free(s->ctx, d, sizeof(*d));
  s->data = NULL;
}

static const nsb_linsolver_ops klu_ops = {
    .name = "klu",
    .analyze = klu_analyze_op,
    .factor = klu_factor_op,
    .solve = klu_solve_op,
    .destroy_data = klu_destroy_op,
};

static int klu_create_data(nsb_linsolver* s) {
  klu_data* d = nsb_alloc(s->ctx, sizeof(*d));
  if (!d) return NSB_ERR_ALLOC;
  klu_defaults(&d->common);
  d->common.btf = 1;
  d->common.ordering = 3; /* user ordering: AMD or METIS on each BTF block, by fill */
  d->common.user_order = klu_order_by_fill;
  d->common.user_data = d;
  d->common.halt_if_singular = 1;
  d->ctx = s->ctx;
  s->data = d;
  return NSB_OK;
}

/* ---- UMFPACK ---------------------------------------------------------------- */

/* UMFPACK works on CSC as well: it factors A^T (P R A^T Q = L U) and solves with
 * UMFPACK_At.  Column pre-ordering: METIS on A + A^T given as Qinit, with the symmetric
 * strategy, which keeps Qinit and prefers diagonal pivots (threshold partial pivoting still
 * moves off the diagonal for the zero blocks of saddle-point systems).  Iterative refinement
 * is off (UMFPACK_IRSTEP = 0): it would need A at solve time, which the ops interface does
 * not give (and KLU does none either), and it lets umfpack_di_wsolve run in our workspace
 * of n ints and n doubles, allocated at analyze. */
typedef struct umf_data {
  void* symbolic;
  void* numeric[NSB_LINSOLVER_SLOTS]; /* one numeric factorization per slot */
  double control[UMFPACK_CONTROL];
  double info[UMFPACK_INFO];
  int n, cap;   /* order of the analyzed matrix; room of the arrays below (grows geometrically) */
  int* wi;      /* n, solve workspace */
  double* w;    /* n, solve workspace */
  double* x;    /* n, solution before copying back into b */
  int* q;       /* n, column permutation, for singularity messages */
  double* diag; /* n, diagonal of U, for singularity messages */
  metis_ws ws;  /* ordering workspace, kept between analyses */
} umf_data;

/* The factorizations (UMFPACK's own memory); the workspace stays. */
static void umf_free_factors(umf_data* d) {
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k)
    if (d->numeric[k]) umfpack_di_free_numeric(&d->numeric[k]);
  if (d->symbolic) umfpack_di_free_symbolic(&d->symbolic);
}

static void umf_free_all(nsb_linsolver* s) {
  umf_data* d = s->data;
  umf_free_factors(d);
  NSB_FREE_ARRAY(s->ctx, d->wi, d->cap, int);
  NSB_FREE_ARRAY(s->ctx, d->w, d->cap, double);
  NSB_FREE_ARRAY(s->ctx, d->x, d->cap, double);
  NSB_FREE_ARRAY(s->ctx, d->q, d->cap, int);
  NSB_FREE_ARRAY(s->ctx, d->diag, d->cap, double);
  metis_ws_free(s->ctx, &d->ws);
  d->n = d->cap = 0;
}

static int umf_analyze_op(nsb_linsolver* s, const nsb_csr* A) {
  umf_data* d = s->data;
  nsb_ctx* ctx = s->ctx;
  const int n = A->n;
  umf_free_factors(d);
  if (n > d->cap) {
    int cap = n > 2 * d->cap ? n : 2 * d->cap;
    umf_free_all(s);
    d->cap = cap;
    d->wi = NSB_NEW_ARRAY(ctx, cap, int);
    d->w = NSB_NEW_ARRAY(ctx, cap, double);
    d->x = NSB_NEW_ARRAY(ctx, cap, double);
    d->q = NSB_NEW_ARRAY(ctx, cap, int);
    d->diag = NSB_NEW_ARRAY(ctx, cap, double);
    if (!d->wi || !d->w || !d->x || !d->q || !d->diag) {
      umf_free_all(s);
      return NSB_ERR_ALLOC;
    }
  }
  d->n = n;
  /* The METIS permutation is only needed during qsymbolic: borrow d->q for it. */
  int status = metis_order_ws(ctx, &d->ws, A, d->q);
  if (s->lean) metis_ws_free(ctx, &d->ws);
  if (status < 0) {
    umf_free_all(s);
    return status;
  }
  const int rc = umfpack_di_qsymbolic(n, n, A->rowptr, A->col, NULL, d->q, &d->symbolic,
                                      d->control, d->info);
  if (rc != UMFPACK_OK) {
    umf_free_all(s);
    NSB_CHECK(ctx, rc != UMFPACK_ERROR_out_of_memory, NSB_ERR_ALLOC,
              "umfpack_di_qsymbolic: out of memory (n = %d, nnz = %d)", n, A->nnz);
    return RAISE(ctx, NSB_ERR_ARG, "umfpack_di_qsymbolic failed with UMFPACK status %d", rc);
  }
  return NSB_OK;
}

/* Column (of A^T, original numbering) with the smallest |U_kk|; numeric must be valid. */
static int umf_smallest_pivot_col(umf_data* d, void* num) {
  if (umfpack_di_get_numeric(NULL, NULL, NULL, NULL, NULL, NULL, NULL, d->q, d->diag, NULL, NULL,
                             num) != UMFPACK_OK)
    return -1;
  int kmin = 0;
  for (int k = 1; k < d->n; ++k)
    if (fabs(d->diag[k]) < fabs(d->diag[kmin])) kmin = k;
  return d->q[kmin];
}

static int umf_factor_op(nsb_linsolver* s, const nsb_csr* A) {
  umf_data* d = s->data;
  void** num = &d->numeric[s->slot];
  if (*num) umfpack_di_free_numeric(num);
  const int rc = umfpack_di_numeric(A->rowptr, A->col, A->val, d->symbolic, num,
                                    d->control, d->info);
  s->n_factor_fresh++;
  if (rc == UMFPACK_OK || rc == UMFPACK_WARNING_singular_matrix) {
    s->rcond_last = rc == UMFPACK_OK ? d->info[UMFPACK_RCOND] : 0.0;
    if (!(s->rcond_last >= RCOND_SINGULAR)) {
      const int col = umf_smallest_pivot_col(d, *num);
      s->singular_eq = col;
      umfpack_di_free_numeric(num);
      return RAISE(s->ctx, NSB_ERR_SINGULAR,
                "singular matrix (UMFPACK, rcond %.3g): smallest pivot in column %d of A^T, i.e. "
                "equation (row) %d of A, original numbering",
                s->rcond_last, col, col);
    }
    return NSB_OK;
  }
  if (*num) umfpack_di_free_numeric(num);
  NSB_CHECK(s->ctx, rc != UMFPACK_ERROR_out_of_memory, NSB_ERR_ALLOC,
            "umfpack_di_numeric: out of memory (n = %d, nnz = %d)", A->n, A->nnz);
  return RAISE(s->ctx, NSB_ERR_ARG, "umfpack_di_numeric failed with UMFPACK status %d", rc);
}

static int umf_solve_op(nsb_linsolver* s, double* b) {
  umf_data* d = s->data;
  void* num = d->numeric[s->slot];
  NSB_CHECK(s->ctx, num, NSB_ERR_ARG, "UMFPACK solve without a successful factorization");
  const int rc = umfpack_di_wsolve(UMFPACK_At, NULL, NULL, NULL, d->x, b, num, d->control,
                                   d->info, d->wi, d->w);
  NSB_CHECK(s->ctx, rc == UMFPACK_OK, NSB_ERR_ARG, "umfpack_di_wsolve failed with UMFPACK status %d",
            rc);
  memcpy(b, d->x, (size_t)d->n * sizeof(double));
  return NSB_OK;
}

static void umf_destroy_op(nsb_linsolver* s) {
  umf_data* d = s->data;
  if (!d) return;
  umf_free_all(s);
  nsb_free(s->ctx, d, sizeof(*d));
  s->data = NULL;
}

static const nsb_linsolver_ops umf_ops = {
    .name = "umfpack",
    .analyze = umf_analyze_op,
    .factor = umf_factor_op,
    .solve = umf_solve_op,
    .destroy_data = umf_destroy_op,
};

static int umf_create_data(nsb_linsolver* s) {
  umf_data* d = nsb_alloc(s->ctx, sizeof(*d));
  if (!d) return NSB_ERR_ALLOC;
  umfpack_di_defaults(d->control);
  d->control[UMFPACK_STRATEGY] = UMFPACK_STRATEGY_SYMMETRIC;
  d->control[UMFPACK_IRSTEP] = 0;
  s->data = d;
  return NSB_OK;
}

/* ---- dense LU for small systems ---------------------------------------------- */

/* A tiny system (a particle on a floor: 3 equations) spends more in KLU's
 * bookkeeping than in arithmetic: refactor, row scaling, pivot growth and the
 * triangular solves each walk their sparse structures for a handful of
 * flops.  This back end keeps the matrix dense and mirrors what the KLU path
 * does, so that both answer alike:
 *   - it factors A^T (the CSR arrays read as CSC), scaled row by row by the
 *     largest magnitude of each row (KLU's default scaling, Common.scale = 2),
 *     with partial pivoting by rows: P R^{-1} A^T = L U, no column ordering;
 *   - a later factorization of the slot reuses the pivot sequence of the last
 *     fresh one and keeps it unless a pivot is zero, the reciprocal pivot
 *     growth (KLU's klu_rgrowth: min over columns of max|(R^{-1} A^T)_ij| /
 *     max|U_ij|) falls below REFACTOR_GROWTH_RATIO times that of the fresh
 *     one, or the crude reciprocal condition number min|U_kk| / max|U_kk|
 *     (klu_rcond) falls below RCOND_SINGULAR; then a fresh factorization
 *     follows;
 *   - a zero pivot column of the fresh factorization, or a final rcond below
 *     RCOND_SINGULAR, is reported with the equation (row of A) it belongs to.
 * A x = b is solved as U^T L^T P R x = b.  The elimination is the textbook
 * right-looking one (Golub & Van Loan 2013, Algorithm 3.4.1) as in
 * elements/small_lu.h, which always searches its pivots; here a
 * factorization may keep them, row-major so that a row swap and the solves'
 * sweeps run along rows.  The solve refines its solution once (below).  All
 * storage (2 n^2 + n doubles and n ints per slot, the pattern) is allocated
 * in analyze; factor and solve allocate nothing.  Results
 * differ from KLU's at round-off only (another elimination order). */

/* max and min without fmax's NaN rules, which the compiler does not inline
   (a library call per entry); the values are finite (checked by the wrapper) */
static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }

typedef struct dense_data {
  int n, cap;                          /* order of the analyzed matrix; room (cap^2 per slot) */
  double* lu[NSB_LINSOLVER_SLOTS];     /* row k = row piv[k] of R^{-1} A^T, overwritten by L\U */
  double* rs[NSB_LINSOLVER_SLOTS];     /* row scale factors R, by row of A^T (equation of A) */
  int* piv[NSB_LINSOLVER_SLOTS];       /* pivot sequence */
  int valid[NSB_LINSOLVER_SLOTS];      /* the slot holds a successful factorization */
  /* the slot's lu, rs and piv are the factors of its val (a successful
     factor, not cleared since: a pivot order loaded from a checkpoint has
     no factors), and the rcond of that factorization */
  int same[NSB_LINSOLVER_SLOTS];
  double rcond[NSB_LINSOLVER_SLOTS];
  double rgrowth_fresh[NSB_LINSOLVER_SLOTS];
  double* colmax;                      /* cap: max |(R^{-1} A^T)_ij| by column, factor scratch */
  /* the factored matrices as given (CSR: the analyzed pattern, each slot's
     values), for the refinement step of the solve */
  int* rowptr;                         /* cap + 1 */
  int* col;                            /* cap^2 (nnz <= n^2) */
  double* val[NSB_LINSOLVER_SLOTS];    /* cap^2 */
} dense_data;

static void dense_free_arrays(nsb_ctx* ctx, dense_data* d) {
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) {
    NSB_FREE_ARRAY(ctx, d->lu[k], (size_t)d->cap * d->cap, double);
    NSB_FREE_ARRAY(ctx, d->rs[k], d->cap, double);
    NSB_FREE_ARRAY(ctx, d->piv[k], d->cap, int);
    NSB_FREE_ARRAY(ctx, d->val[k], (size_t)d->cap * d->cap, double);
    d->valid[k] = d->same[k] = 0;
  }
  NSB_FREE_ARRAY(ctx, d->colmax, d->cap, double);
  NSB_FREE_ARRAY(ctx, d->rowptr, d->cap + 1, int);
  NSB_FREE_ARRAY(ctx, d->col, (size_t)d->cap * d->cap, int);
  d->n = d->cap = 0;
}

static int dense_analyze_op(nsb_linsolver* s, const nsb_csr* A) {
  dense_data* d = s->data;
  const int n = A->n;
  NSB_CHECK(s->ctx, n <= NSB_LINSOLVER_DENSE_MAX_N, NSB_ERR_UNSUPPORTED,
            "dense linear solver: %d equations, more than the %d it takes (LINEAR SOLVER=KLU or AUTO)", n,
            NSB_LINSOLVER_DENSE_MAX_N);
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) d->valid[k] = d->same[k] = 0;
  if (n > d->cap) {
    const int cap = n > 2 * d->cap ? n : (2 * d->cap < NSB_LINSOLVER_DENSE_MAX_N ? 2 * d->cap : NSB_LINSOLVER_DENSE_MAX_N);
    dense_free_arrays(s->ctx, d);
    d->cap = cap;
    int ok = (d->colmax = NSB_NEW_ARRAY(s->ctx, cap, double)) != NULL;
    ok = ok && (d->rowptr = NSB_NEW_ARRAY(s->ctx, cap + 1, int)) != NULL;
    ok = ok && (d->col = NSB_NEW_ARRAY(s->ctx, (size_t)cap * cap, int)) != NULL;
    for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) {
      ok = ok && (d->lu[k] = NSB_NEW_ARRAY(s->ctx, (size_t)cap * cap, double)) != NULL;
      ok = ok && (d->rs[k] = NSB_NEW_ARRAY(s->ctx, cap, double)) != NULL;
      ok = ok && (d->piv[k] = NSB_NEW_ARRAY(s->ctx, cap, int)) != NULL;
      ok = ok && (d->val[k] = NSB_NEW_ARRAY(s->ctx, (size_t)cap * cap, double)) != NULL;
    }
    if (!ok) {
      dense_free_arrays(s->ctx, d);
      return NSB_ERR_ALLOC;
    }
  }
  d->n = n;
  memcpy(d->rowptr, A->rowptr, (size_t)(n + 1) * sizeof(int));
  memcpy(d->col, A->col, (size_t)A->nnz * sizeof(int));
  return NSB_OK;
}

/* LU of the slot's rows of R^{-1} A^T in the order piv, with (fresh) or
 * without (refactor) the search for the largest pivot of each column.
 * Returns the column of the first zero pivot, or -1; *rgrowth and *rcond as
 * KLU computes them. */
static int dense_lu(dense_data* d, int slot, const nsb_csr* A, int fresh, double* rgrowth, double* rcond) {
  const int n = d->n;
  double* w = d->lu[slot];
  double* rs = d->rs[slot];
  int* piv = d->piv[slot];
  if (fresh)
    for (int k = 0; k < n; ++k) piv[k] = k;
  /* position of each row of A^T in the order piv: colmax serves as the map,
     then as the column maxima */
  int pos[NSB_LINSOLVER_DENSE_MAX_N];
  for (int k = 0; k < n; ++k) pos[piv[k]] = k;
  memset(w, 0, (size_t)n * n * sizeof(double));
  /* (A^T)_{c r} = A_{r c}: entry (r, c) of A goes to row c of A^T (no
     duplicate entries in a row of an nsb_csr: stored, not added) */
  for (int r = 0; r < n; ++r)
    for (int p = A->rowptr[r]; p < A->rowptr[r + 1]; ++p) w[pos[A->col[p]] * n + r] = A->val[p];
  for (int j = 0; j < n; ++j) d->colmax[j] = 0.0;
  for (int k = 0; k < n; ++k) {
    double* row = w + (size_t)k * n;
    double m = 0.0;
    for (int j = 0; j < n; ++j) m = dmax(m, fabs(row[j]));
    if (m == 0.0) m = 1.0; /* an empty row stays empty: its pivot is zero */
    rs[piv[k]] = m;
    const double inv = 1.0 / m;
    for (int j = 0; j < n; ++j) {
      row[j] *= inv;
      d->colmax[j] = dmax(d->colmax[j], fabs(row[j]));
    }
  }
  int zero_col = -1;
  for (int k = 0; k < n; ++k) {
    if (fresh) {
      int p = k;
      for (int i = k + 1; i < n; ++i)
        if (fabs(w[i * n + k]) > fabs(w[p * n + k])) p = i;
      if (p != k) {
        for (int j = 0; j < n; ++j) {
          const double t = w[k * n + j];
          w[k * n + j] = w[p * n + j];
          w[p * n + j] = t;
        }
        const int t = piv[k];
        piv[k] = piv[p];
        piv[p] = t;
      }
    }
    const double pivot = w[k * n + k];
    if (pivot == 0.0) {
      zero_col = k;
      break;
    }
    const double inv = 1.0 / pivot;
    const double* rk = w + (size_t)k * n;
    for (int i = k + 1; i < n; ++i) {
      double* ri = w + (size_t)i * n;
      const double l = ri[k] * inv;
      ri[k] = l;
      if (l != 0.0)
        for (int j = k + 1; j < n; ++j) ri[j] -= l * rk[j];
    }
  }
  if (zero_col >= 0) {
    *rgrowth = 0.0;
    *rcond = 0.0;
    return zero_col;
  }
  double g = 1.0, umin = INFINITY, umax = 0.0;
  for (int j = 0; j < n; ++j) {
    double um = 0.0;
    for (int i = 0; i <= j; ++i) um = dmax(um, fabs(w[i * n + j]));
    if (um > 0.0 && d->colmax[j] / um < g) g = d->colmax[j] / um;
    const double ujj = fabs(w[j * n + j]);
    umin = dmin(umin, ujj);
    umax = dmax(umax, ujj);
  }
  *rgrowth = g;
  *rcond = umax > 0.0 && isfinite(umin) ? umin / umax : 0.0;
  return -1;
}

/* A matrix equal bit for bit to the slot's last factored one (memcmp of the
 * values; the pattern is the analyzed one) keeps the slot's factors, as the
 * recurring slot of every back end does (nsb_linsolver_factor).  Its
 * refactorization would give the same bits: the pivot order is that of the
 * last fresh factorization (kept since), the row scaling and the
 * elimination are the same operations on the same numbers (a fresh
 * factorization's row swaps permute rows that have had the same updates, so
 * its factors are those of the refactorization in its final order), and the
 * same rgrowth and rcond passed the tests.  A free flight of a rigid body
 * (benchmarks/peers ball.inp) factors such a matrix at every iteration. */
static int dense_factor_op(nsb_linsolver* s, const nsb_csr* A) {
  dense_data* d = s->data;
  const int slot = s->slot;
  if (d->same[slot] && !memcmp(d->val[slot], A->val, (size_t)A->nnz * sizeof(double))) {
    s->rcond_last = d->rcond[slot];
    s->n_factor_same++;
    return NSB_OK;
  }
  d->same[slot] = 0;
  double g = 0.0, rc = 0.0;
  int fresh = 1;
  if (d->valid[slot]) {
    const int zero = dense_lu(d, slot, A, 0, &g, &rc);
    if (zero < 0 && g >= REFACTOR_GROWTH_RATIO * d->rgrowth_fresh[slot] && rc >= RCOND_SINGULAR)
      fresh = 0;
    else
      nsb_log(s->ctx, NSB_LOG_DEBUG, "dense refactor rejected (rgrowth %.3g vs %.3g): fresh factorization", g,
              d->rgrowth_fresh[slot]);
  }
  d->valid[slot] = 0;
  if (fresh) {
    const int zero = dense_lu(d, slot, A, 1, &g, &rc);
    if (zero >= 0) {
      s->singular_eq = zero;
      return RAISE(s->ctx, NSB_ERR_SINGULAR,
                   "singular matrix (dense LU): zero pivot in column %d of A^T, i.e. equation (row) %d of A, "
                   "original numbering",
                   zero, zero);
    }
    d->rgrowth_fresh[slot] = g;
    s->n_factor_fresh++;
  }
  s->rcond_last = rc;
  if (!(rc >= RCOND_SINGULAR)) {
    const double* w = d->lu[slot];
    int kmin = 0;
    for (int k = 1; k < d->n; ++k)
      if (fabs(w[k * d->n + k]) < fabs(w[kmin * d->n + kmin])) kmin = k;
    s->singular_eq = kmin;
    return RAISE(s->ctx, NSB_ERR_SINGULAR,
                 "numerically singular matrix (dense LU, rcond %.3g): smallest pivot in column %d of A^T, "
                 "i.e. equation (row) %d of A, original numbering",
                 rc, kmin, kmin);
  }
  memcpy(d->val[slot], A->val, (size_t)A->nnz * sizeof(double));
  d->valid[slot] = d->same[slot] = 1;
  d->rcond[slot] = rc;
  return NSB_OK;
}

/* b := A^{-1} b with the factors of the slot: A = U^T L^T P R, so U^T y = b
   (forward), L^T z = y (backward, unit diagonal), x[piv[k]] = z_k / R[piv[k]].
   Row-wise sweeps over the row-major factors. */
static void dense_sweeps(const dense_data* d, int slot, double* b) {
  const int n = d->n;
  const double* w = d->lu[slot];
  for (int i = 0; i < n; ++i) {
    const double* ri = w + (size_t)i * n;
    const double yi = b[i] / ri[i];
    b[i] = yi;
    for (int k = i + 1; k < n; ++k) b[k] -= ri[k] * yi;
  }
  for (int i = n - 1; i > 0; --i) {
    const double* ri = w + (size_t)i * n;
    const double zi = b[i];
    for (int k = 0; k < i; ++k) b[k] -= ri[k] * zi;
  }
  double x[NSB_LINSOLVER_DENSE_MAX_N];
  const int* piv = d->piv[slot];
  const double* rs = d->rs[slot];
  for (int k = 0; k < n; ++k) x[piv[k]] = b[k] / rs[piv[k]];
  memcpy(b, x, (size_t)n * sizeof(double));
}

/* The solve, then one step of iterative refinement in working precision
 * with the factored matrix (r = b - A x, x += A^{-1} r; skipped when r is
 * exactly zero; Skeel 1980).  Without it, a rigid disk on three symmetric
 * frictional points (tests/user driven_disk, n = 10) kept in-plane
 * reactions of 2e-10 m g, where the exact ones are zero and KLU gives
 * 1e-16 m g; with it 1e-16 m g too.  That solution's componentwise
 * backward error was already within 2 eps (a refinement only beyond it
 * left the 2e-10): the step removes rounding errors of the elimination
 * order from the forward error, which the reactions, m / h^2 times the
 * positions, magnify.  Measured cost: a ball resting on the floor
 * (benchmarks/bouncing_ball ball_grid) takes a fourth Newton iteration
 * instead of three in its resting increments (4637 iterations instead of
 * 4420, the same states to 1e-28): its corrections at rest, now nearer
 * zero, reach the convergence test's round-off floor one iteration later. */
static int dense_solve_op(nsb_linsolver* s, double* b) {
  dense_data* d = s->data;
  const int slot = s->slot;
  NSB_CHECK(s->ctx, d->valid[slot], NSB_ERR_ARG, "dense solve without a successful factorization");
  const int n = d->n;
  double r[NSB_LINSOLVER_DENSE_MAX_N];
  memcpy(r, b, (size_t)n * sizeof(double));
  dense_sweeps(d, slot, b);
  const double* val = d->val[slot];
  int nonzero = 0;
  for (int i = 0; i < n; ++i) {
    double ri = r[i];
    for (int p = d->rowptr[i]; p < d->rowptr[i + 1]; ++p) ri -= val[p] * b[d->col[p]];
    r[i] = ri;
    nonzero |= ri != 0.0;
  }
  if (nonzero) {
    dense_sweeps(d, slot, r);
    for (int i = 0; i < n; ++i) b[i] += r[i];
  }
  return NSB_OK;
}

static void dense_destroy_op(nsb_linsolver* s) {
  dense_data* d = s->data;
  if (!d) return;
  dense_free_arrays(s->ctx, d);
  nsb_free(s->ctx, d, sizeof(*d));
  s->data = NULL;
}

static const nsb_linsolver_ops dense_ops = {
    .name = "dense",
    .analyze = dense_analyze_op,
    .factor = dense_factor_op,
    .solve = dense_solve_op,
    .destroy_data = dense_destroy_op,
};

static int dense_create_data(nsb_linsolver* s) {
  dense_data* d = nsb_alloc(s->ctx, sizeof(*d));
  if (!d) return NSB_ERR_ALLOC;
  memset(d, 0, sizeof *d);
  s->data = d;
  return NSB_OK;
}

/* ---- two domains and a separator (KLU2) -------------------------------------- */

/* A block-bordered (Schur complement) solver for large systems, whose two
 * domain factorizations and solves run on two threads of the team
 * (nsb_linsolver_set_team).  A node separator of the graph of A + A^T (METIS
 * METIS_ComputeVertexSeparator; Karypis & Kumar 1998) splits the unknowns into
 * [domain 1, domain 2, separator s], and with the equations in that order
 *
 *       | A_11   0    A_1s |
 *   A = |  0    A_22  A_2s |,   S = A_ss - A_s1 A_11^{-1} A_1s - A_s2 A_22^{-1} A_2s.
 *       | A_s1  A_s2  A_ss |
 *
 * factor: each domain block A_kk is factored by a KLU solver of its own (its
 * own pivoting, refactorization with the kept pivots and the rgrowth/rcond
 * rules of the KLU back end), and X_k = A_kk^{-1} A_ks is formed by one
 * solve per separator unknown, domain k on member k mod T of the team; then
 * S is formed on the calling thread and factored by the dense back end
 * (partial pivoting, one step of refinement in its solve).
 * solve: y_k = A_kk^{-1} b_k on the two threads, x_s = S^{-1} (b_s - sum_k
 * A_sk y_k), x_k = y_k - X_k x_s (again on the two threads).
 * The partition depends on the pattern only, never on the thread count, and
 * every sum runs in a fixed order (k = 1 then 2, entries in row order), so
 * the results are the same bits for 1, 2 or more threads.
 *
 * Multiplier rows (joints, contacts) have a zero diagonal: a row whose
 * diagonal is not stored that is adjacent to the separator is moved into it
 * (repeatedly), so that such a row stays in a domain only together with
 * every unknown it couples to.  Used for matrices of at least split_min
 * equations (nsb_linsolver_set_split_min); a smaller one, a separator larger
 * than the dense back end takes, or an empty domain give the global KLU (for
 * the pattern), and a singular domain block or Schur complement gives a
 * factorization of the whole matrix by a KLU of its own, the fallback
 * (counted in n_factor_fallback: the statistics say so; a matrix that is
 * singular itself is reported by it).  The fallback is made with the split
 * and ordered by KLU's own AMD, like the domains, so that its analysis
 * allocates nothing of nsbeam's (KLU allocates its own, as in every fresh
 * numerical factorization): on a team it is analyzed on the second member
 * while the first computes the separator; alone, at the first fallback of
 * the pattern (one thread would otherwise pay a whole-matrix analysis that
 * a run without a singular domain block never uses: 1.5e9 of the 3.3e10
 * instructions of the 10^5-element cantilever of benchmarks/threads). */

/* Grow-only array: room for need bytes at *p (capacity *cap bytes). */
static int dd_reserve(nsb_ctx* ctx, void** p, size_t* cap, size_t need) {
  if (need <= *cap) return NSB_OK;
  size_t c = need > 2 * *cap ? need : 2 * *cap;
  void* q = nsb_alloc(ctx, c);
  if (!q) return NSB_ERR_ALLOC;
  if (*p) nsb_free(ctx, *p, *cap);
  *p = q;
  *cap = c;
  return NSB_OK;
}

enum { DD_N = 0, DD_NNZ, DD_NS, DD_NS2, DD_BIG, DD_X0, DD_X1, DD_NARR };

typedef struct dd_data {
  nsb_ctx* sub_ctx[2];        /* contexts of the domain solvers (their errors arise on the workers) */
  nsb_linsolver* dom[2];      /* KLU of A_11, A_22 */
  nsb_linsolver* sch;         /* dense LU of S */
  nsb_linsolver* glob;        /* KLU of A: small matrix or no usable split */
  nsb_ctx* fb_ctx;            /* context of the fallback (analyzed on a worker) */
  nsb_linsolver* fb;          /* KLU of A, AMD: a split pattern's fallback */
  int fb_st;                  /* status of the fallback's analysis */
  int fb_ready;               /* the fallback is analyzed for the split pattern */
  int split;                  /* the analyzed pattern is split (else glob only) */
  int use_glob[NSB_LINSOLVER_SLOTS]; /* the slot's last factorization is whole's (glob or fb) */
  int n, ns, nd[2];
  /* by unknown (n): part (0, 1 domain, 2 separator; its own array, the
     partition's only output before it is known to be usable), index within it */
  int *part, *loc;
  size_t cap_part;
  /* the last search that found a separator too large (dd_search_again):
     its pattern's order, one hash per row, the separator's excess over the
     dense back end's bound */
  int fail_known, fail_n, fail_excess;
  unsigned long long* fail_rowh;
  size_t cap_rowh;
  int* gidx;                  /* n: unknowns of domain 0, of domain 1, of the separator (global indices) */
  int* dst;                   /* nnz of A: index in val of entry p */
  double* val;                /* [D_0 | D_1 | C_0 | C_1 | R_0 | R_1 | A_ss (ns x ns, row-major)] */
  nsb_csr D[2];               /* domain blocks (rowptr, col own; val into val) */
  int *cptr[2], *crow[2];     /* C_k = A_ks by separator column (CSC): local rows */
  int *rptr[2], *rcol[2];     /* R_k = A_sk by separator row (CSR): local columns */
  double *C[2], *R[2], *Ass;  /* into val */
  double* X[NSB_LINSOLVER_SLOTS][2]; /* nd[k] x ns, column-major: X_k = A_kk^{-1} A_ks */
  nsb_csr S;                  /* ns x ns, every entry stored */
  double *y[2], *xs;          /* solve work: nd[k], ns */
  /* storage: the int arrays of the pattern in one block, the rest apart */
  int* ints;
  size_t cap_ints, cap_val, cap_x[NSB_LINSOLVER_SLOTS][2], cap_y[2], cap_xs, cap_srow, cap_scol, cap_sval;
  int st[2];                  /* status of each domain's job */
  metis_ws ws;                /* partition workspace, kept between analyses */
  long n_fallback;
} dd_data;

static void dd_free(nsb_linsolver* s) {
  dd_data* d = s->data;
  nsb_ctx* ctx = s->ctx;
  for (int k = 0; k < 2; ++k) {
    nsb_linsolver_destroy(&d->dom[k]);
    nsb_ctx_destroy(&d->sub_ctx[k]);
    for (int l = 0; l < NSB_LINSOLVER_SLOTS; ++l)
      if (d->X[l][k]) nsb_free(ctx, d->X[l][k], d->cap_x[l][k]);
    if (d->y[k]) nsb_free(ctx, d->y[k], d->cap_y[k]);
  }
  nsb_linsolver_destroy(&d->sch);
  nsb_linsolver_destroy(&d->glob);
  nsb_linsolver_destroy(&d->fb);
  nsb_ctx_destroy(&d->fb_ctx);
  if (d->ints) nsb_free(ctx, d->ints, d->cap_ints);
  if (d->part) nsb_free(ctx, d->part, d->cap_part);
  if (d->fail_rowh) nsb_free(ctx, d->fail_rowh, d->cap_rowh);
  if (d->val) nsb_free(ctx, d->val, d->cap_val);
  metis_ws_free(ctx, &d->ws);
  if (d->xs) nsb_free(ctx, d->xs, d->cap_xs);
  if (d->S.rowptr) nsb_free(ctx, d->S.rowptr, d->cap_srow);
  if (d->S.col) nsb_free(ctx, d->S.col, d->cap_scol);
  if (d->S.val) nsb_free(ctx, d->S.val, d->cap_sval);
}

/* Analyze A with the global KLU (made on first use). */
static int dd_glob_analyze(nsb_linsolver* s, const nsb_csr* A) {
  dd_data* d = s->data;
  if (!d->glob) {
    NSB_CALL(nsb_linsolver_create(s->ctx, NSB_LINSOLVER_KLU, &d->glob));
    nsb_linsolver_set_lean(d->glob, 1); /* the outer wrapper keeps the recurring slot's matrix */
  }
  nsb_linsolver_set_ordering(d->glob, s->ordering);
  NSB_CALL(nsb_linsolver_analyze(d->glob, A));
  for (int k = 0; k < 2; ++k) {
    s->order_blocks[k] = d->glob->order_blocks[k];
    s->order_lnz[k] = d->glob->order_lnz[k];
  }
  return NSB_OK;
}

/* The partition of the unknowns (d->part): METIS vertex separator of the
   graph of A + A^T, then the multiplier rows next to it moved into it.
   Returns 1 when it is usable (two nonempty domains, separator within the
   dense back end's bound), 0 if not. */
static int dd_partition(nsb_linsolver* s, const nsb_csr* A, metis_ws* w, int* usable) {
  dd_data* d = s->data;
  const int n = A->n;
  *usable = 0;
  long long n_adj = 0;
  NSB_CALL(metis_graph(s->ctx, w, A, &n_adj));
  if (n_adj == 0) { /* no edges: no separator */
    memset(d->part, 0, (size_t)n * sizeof(int));
    return NSB_OK;
  }
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_NUMBERING] = 0;
  options[METIS_OPTION_SEED] = 42; /* the same partition from run to run */
  idx_t nv = n, sepsize = 0;
  idx_t* part = (idx_t*)d->part;
  metis_guard guard;
  metis_guard_on(&guard);
  const int rc = METIS_ComputeVertexSeparator(&nv, w->xadj, w->adj, NULL, options, &sepsize, part);
  metis_guard_off(&guard);
  NSB_CHECK(s->ctx, rc != METIS_ERROR_MEMORY, NSB_ERR_ALLOC, "METIS_ComputeVertexSeparator: out of memory (n = %d)", n);
  NSB_CHECK(s->ctx, rc == METIS_OK, NSB_ERR_METIS, "METIS_ComputeVertexSeparator failed with code %d (n = %d)", rc, n);
  /* a row without a stored diagonal stays in a domain only if none of its
     neighbours is in the separator */
  for (int moved = 1; moved;) {
    moved = 0;
    for (int i = 0; i < n; ++i) {
      if (d->part[i] == 2) continue;
      int diag = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) diag |= A->col[p] == i;
      if (diag) continue;
      for (idx_t q = w->xadj[i]; q < w->xadj[i + 1]; ++q)
        if (d->part[w->adj[q]] == 2) {
          d->part[i] = 2;
          moved = 1;
          break;
        }
    }
  }
  int cnt[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) cnt[d->part[i]]++;
  *usable = cnt[0] > 0 && cnt[1] > 0 && cnt[2] > 0 && cnt[2] <= NSB_LINSOLVER_DENSE_MAX_N;
  return NSB_OK;
}

typedef struct dd_job {
  nsb_linsolver* s;
  int T, slot;
} dd_job;

/* Room for the slot's X_k (nd[k] x ns each) of the analyzed split. */
static int dd_reserve_x(nsb_linsolver* s, int slot) {
  dd_data* d = s->data;
  for (int k = 0; k < 2; ++k)
    NSB_CALL(dd_reserve(s->ctx, (void**)&d->X[slot][k], &d->cap_x[slot][k],
                        (size_t)d->nd[k] * (size_t)d->ns * sizeof(double)));
  return NSB_OK;
}

/* A hash of row i's column list (FNV-1a, 64 bits). */
static unsigned long long dd_row_hash(const nsb_csr* A, int i) {
  unsigned long long h = 14695981039346656037ull;
  h = (h ^ (unsigned long long)(A->rowptr[i + 1] - A->rowptr[i])) * 1099511628211ull;
  for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) h = (h ^ (unsigned long long)(unsigned)A->col[p]) * 1099511628211ull;
  return h;
}

/* A search that found a separator of ns > NSB_LINSOLVER_DENSE_MAX_N
   unknowns: kept as its pattern's row hashes and the excess
   ns - NSB_LINSOLVER_DENSE_MAX_N, for dd_search_again. */
static int dd_remember_failure(nsb_linsolver* s, const nsb_csr* A, int excess) {
  dd_data* d = s->data;
  NSB_CALL(dd_reserve(s->ctx, (void**)&d->fail_rowh, &d->cap_rowh, (size_t)A->n * sizeof(unsigned long long)));
  for (int i = 0; i < A->n; ++i) d->fail_rowh[i] = dd_row_hash(A, i);
  d->fail_n = A->n;
  d->fail_excess = excess;
  d->fail_known = 1;
  return NSB_OK;
}

/* Whether a separator is worth searching for in A's graph after a search
   in the graph G of an earlier pattern found one of ns_f unknowns, e =
   ns_f - NSB_LINSOLVER_DENSE_MAX_N too many (a 2-D mesh, as the grillage
   of benchmarks/threads: with contacts, the system analyzes again at every
   change of the contact set, and METIS would search again each time: 1.06e8
   instructions at its 21 576 equations, 29 % of the analysis).  Let R be the rows in which the
   two patterns differ (a row of one only counts too).  An edge of G that
   the new graph G' lacks has an end in R, so a separator S' of G' with R
   added separates G: |S| <= |S'| + |R|.  Taking METIS's separator as G's
   best (it is a heuristic), G' can have one within the bound only if
   |R| >= e: searched again then, not otherwise.  Rows are compared by a
   64-bit hash of their column lists. */
static int dd_search_again(const dd_data* d, const nsb_csr* A) {
  if (!d->fail_known) return 1;
  const int m = A->n < d->fail_n ? A->n : d->fail_n;
  long long r = A->n > d->fail_n ? A->n - d->fail_n : d->fail_n - A->n;
  for (int i = 0; i < m && r < d->fail_excess; ++i) r += dd_row_hash(A, i) != d->fail_rowh[i];
  return r >= d->fail_excess;
}

static void dd_run(nsb_linsolver* s, nsb_team_fn fn);
static int dd_team_size(const nsb_linsolver* s);

/* The whole matrix's solver when the pattern is split (fb) or not (glob). */
static nsb_linsolver* dd_whole(const dd_data* d) { return d->split ? d->fb : d->glob; }

typedef struct dd_part_job {
  nsb_linsolver* s;
  const nsb_csr* A;
  int T, usable, status;
} dd_part_job;

/* Member 0: the partition (METIS, whose state is global: one call at a
   time); member 1 on a team of two or more: the fallback's analysis, by
   KLU's AMD (alone, the fallback is analyzed when it is needed:
   dd_factor_glob). */
static void dd_part_member(void* arg, int member) {
  dd_part_job* job = arg;
  dd_data* d = job->s->data;
  if (member == 0) job->status = dd_partition(job->s, job->A, &d->ws, &job->usable);
  if (member == 1 && job->T > 1) {
    nsb_ctx_clear_error(d->fb_ctx);
    d->fb_st = nsb_linsolver_analyze(d->fb, job->A);
  }
}

static void dd_analyze_member(void* arg, int member) {
  const dd_job* job = arg;
  dd_data* d = job->s->data;
  for (int k = 0; k < 2; ++k)
    if (k % job->T == member) {
      nsb_ctx_clear_error(d->sub_ctx[k]);
      d->st[k] = nsb_linsolver_analyze(d->dom[k], &d->D[k]);
    }
}

static int dd_analyze_op(nsb_linsolver* s, const nsb_csr* A) {
  dd_data* d = s->data;
  nsb_ctx* ctx = s->ctx;
  const int n = A->n, nnz = A->nnz;
  d->split = 0;
  s->split_nd[0] = s->split_nd[1] = s->split_ns = 0;
  s->order_blocks[0] = s->order_blocks[1] = 0;
  s->order_lnz[0] = s->order_lnz[1] = 0.0;
  for (int l = 0; l < NSB_LINSOLVER_SLOTS; ++l) d->use_glob[l] = 1;
  if (n < s->split_min) return dd_glob_analyze(s, A);
  if (!dd_search_again(d, A)) {
    d->fb_ready = 0;
    nsb_log(ctx, NSB_LOG_DEBUG, "KLU2: the pattern is too close to one without a usable separator (n = %d): the global KLU", n);
    return dd_glob_analyze(s, A);
  }
  NSB_CALL(dd_reserve(ctx, (void**)&d->part, &d->cap_part, (size_t)n * sizeof(int)));
  if (!d->fb_ctx) NSB_CALL(nsb_ctx_create(&d->fb_ctx));
  if (!d->fb) {
    NSB_CALL(nsb_linsolver_create(d->fb_ctx, NSB_LINSOLVER_KLU, &d->fb));
    nsb_linsolver_set_lean(d->fb, 1); /* the outer wrapper keeps the recurring slot's matrix */
    klu_data* kd = d->fb->data;
    kd->common.ordering = 0; /* KLU's AMD: no ordering workspace of ours */
  }
  dd_part_job part_job = {.s = s, .A = A, .T = dd_team_size(s)};
  d->fb_st = NSB_OK;
  d->fb_ready = 0;
  if (part_job.T > 1)
    nsb_team_run(s->team, dd_part_member, &part_job);
  else
    dd_part_member(&part_job, 0);
  const int usable = part_job.usable;
  if (s->lean) metis_ws_free(ctx, &d->ws);
  NSB_CALL(part_job.status);
  if (d->fb_st < 0) return RAISE(ctx, d->fb_st, "KLU2, the fallback's analysis: %s", nsb_ctx_error_message(d->fb_ctx));
  d->fb_ready = part_job.T > 1;
  int cnt[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) cnt[d->part[i]]++;
  d->fail_known = 0;
  if (!usable) {
    nsb_log(ctx, NSB_LOG_DEBUG, "KLU2: no usable separator (n = %d, separator %d): the global KLU", n, cnt[2]);
    if (cnt[2] > NSB_LINSOLVER_DENSE_MAX_N) NSB_CALL(dd_remember_failure(s, A, cnt[2] - NSB_LINSOLVER_DENSE_MAX_N));
    return dd_glob_analyze(s, A);
  }
  /* int storage: loc, gidx (n each), dst (nnz), the domain rows and
     columns (2 (n + 1) + nnz), C and R structure (2 (2 ns + 2) + nnz) */
  const size_t n_ints = 2 * (size_t)n + (size_t)nnz + 2 * ((size_t)n + 1) + (size_t)nnz +
                        4 * ((size_t)NSB_LINSOLVER_DENSE_MAX_N + 1) + (size_t)nnz;
  NSB_CALL(dd_reserve(ctx, (void**)&d->ints, &d->cap_ints, n_ints * sizeof(int)));
  d->loc = d->ints;
  d->gidx = d->loc + n;
  d->dst = d->gidx + n;
  /* numbering within the parts, in the order of the unknowns */
  cnt[0] = cnt[1] = cnt[2] = 0;
  for (int i = 0; i < n; ++i) d->loc[i] = cnt[d->part[i]]++;
  const int ns = cnt[2];
  d->n = n;
  d->ns = ns;
  d->nd[0] = cnt[0];
  d->nd[1] = cnt[1];
  for (int i = 0; i < n; ++i) {
    const int pt = d->part[i];
    d->gidx[(pt > 0 ? cnt[0] : 0) + (pt > 1 ? cnt[1] : 0) + d->loc[i]] = i;
  }
  /* count the entries of each block */
  long long nD[2] = {0, 0}, nC[2] = {0, 0}, nR[2] = {0, 0};
  for (int i = 0; i < n; ++i)
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      const int pi = d->part[i], pj = d->part[A->col[p]];
      if (pi < 2 && pj == pi) nD[pi]++;
      else if (pi < 2) nC[pi]++; /* pj == 2: the separator keeps the domains apart */
      else if (pj < 2) nR[pj]++;
    }
  int* q = d->dst + nnz;
  for (int k = 0; k < 2; ++k) {
    d->D[k].n = d->nd[k];
    d->D[k].nnz = (int)nD[k];
    d->D[k].rowptr = q;
    q += d->nd[k] + 1;
    d->D[k].cap_n = d->nd[k];
    d->D[k].cap_nnz = (int)nD[k];
    d->D[k].stamp = 0;
  }
  d->D[0].col = q;
  d->D[1].col = q + nD[0];
  q += nD[0] + nD[1];
  for (int k = 0; k < 2; ++k) {
    d->cptr[k] = q;
    q += ns + 1;
    d->rptr[k] = q;
    q += ns + 1;
  }
  d->crow[0] = q;
  d->crow[1] = q + nC[0];
  d->rcol[0] = q + nC[0] + nC[1];
  d->rcol[1] = d->rcol[0] + nR[0];
  const size_t n_val = (size_t)(nD[0] + nD[1] + nC[0] + nC[1] + nR[0] + nR[1]) + (size_t)ns * (size_t)ns;
  NSB_CALL(dd_reserve(ctx, (void**)&d->val, &d->cap_val, n_val * sizeof(double)));
  d->D[0].val = d->val;
  d->D[1].val = d->val + nD[0];
  d->C[0] = d->D[1].val + nD[1];
  d->C[1] = d->C[0] + nC[0];
  d->R[0] = d->C[1] + nC[1];
  d->R[1] = d->R[0] + nR[0];
  d->Ass = d->R[1] + nR[1];
  /* the entries of A_ss that A does not store stay zero (factor writes the stored ones) */
  memset(d->Ass, 0, (size_t)ns * (size_t)ns * sizeof(double));
  /* domain rows, R rows (in row order); C by separator column (counting sort) */
  int fillD[2] = {0, 0}, fillR[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    d->D[k].rowptr[0] = 0;
    d->rptr[k][0] = 0;
    memset(d->cptr[k], 0, (size_t)(ns + 1) * sizeof(int));
  }
  for (int i = 0; i < n; ++i) {
    const int pi = d->part[i];
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      const int j = A->col[p], pj = d->part[j];
      if (pi < 2 && pj == pi) {
        d->D[pi].col[fillD[pi]] = d->loc[j];
        d->dst[p] = (int)(d->D[pi].val - d->val) + fillD[pi]++;
      } else if (pi < 2) {
        d->cptr[pi][d->loc[j] + 1]++;
      } else if (pj < 2) {
        d->rcol[pj][fillR[pj]] = d->loc[j];
        d->dst[p] = (int)(d->R[pj] - d->val) + fillR[pj]++;
      } else {
        d->dst[p] = (int)(d->Ass - d->val) + d->loc[i] * ns + d->loc[j];
      }
    }
    if (pi < 2) d->D[pi].rowptr[d->loc[i] + 1] = fillD[pi];
    else
      for (int k = 0; k < 2; ++k) d->rptr[k][d->loc[i] + 1] = fillR[k];
  }
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < ns; ++j) d->cptr[k][j + 1] += d->cptr[k][j];
  int fillC[2][NSB_LINSOLVER_DENSE_MAX_N];
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < ns; ++j) fillC[k][j] = d->cptr[k][j];
  for (int i = 0; i < n; ++i) {
    const int pi = d->part[i];
    if (pi == 2) continue;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) {
      const int j = A->col[p];
      if (d->part[j] != 2) continue;
      const int at = fillC[pi][d->loc[j]]++;
      d->crow[pi][at] = d->loc[i];
      d->dst[p] = (int)(d->C[pi] - d->val) + at;
    }
  }
  /* the Schur complement's pattern: every entry */
  const size_t ns2 = (size_t)ns * (size_t)ns;
  NSB_CALL(dd_reserve(ctx, (void**)&d->S.rowptr, &d->cap_srow, (size_t)(ns + 1) * sizeof(int)));
  NSB_CALL(dd_reserve(ctx, (void**)&d->S.col, &d->cap_scol, ns2 * sizeof(int)));
  NSB_CALL(dd_reserve(ctx, (void**)&d->S.val, &d->cap_sval, ns2 * sizeof(double)));
  d->S.n = ns;
  d->S.nnz = (int)ns2;
  d->S.stamp = 0;
  for (int i = 0; i <= ns; ++i) d->S.rowptr[i] = i * ns;
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) d->S.col[i * ns + j] = j;
  NSB_CALL(dd_reserve(ctx, (void**)&d->xs, &d->cap_xs, (size_t)ns * sizeof(double)));
  for (int k = 0; k < 2; ++k) {
    NSB_CALL(dd_reserve(ctx, (void**)&d->y[k], &d->cap_y[k], (size_t)d->nd[k] * sizeof(double)));
  }
  /* X_k of the recurring slot only for a solver that can use it (not lean:
     the system's model has contact pairs, solver/system.c); a lean one
     that selects it all the same gets it at that slot's first
     factorization (dd_reserve_x) */
  for (int l = 0; l < NSB_LINSOLVER_SLOTS; ++l)
    if (l != NSB_LINSOLVER_RECUR || !s->lean) NSB_CALL(dd_reserve_x(s, l));
  /* the solvers: domain blocks with KLU (each with its own context, since
     its errors and messages arise on a worker), S with the dense LU.  The
     domain blocks are ordered by KLU's AMD, not by METIS: on the chain of
     tests/test_sparse.c (60 000 equations) the two domains' factors then
     hold 1.14e6 entries instead of 1.86e6 (nested dissection pays in 2-D
     and 3-D meshes, not on chains: see the KLU section), and AMD keeps no
     global state, so the two domains are analyzed on the team's threads.
     METIS keeps its random number generator in global variables (GKlib):
     two orderings at the same time gave other orderings, and other bits
     (measured: the 1- and 2-thread solutions of the unit tests differed). */
  for (int k = 0; k < 2; ++k) {
    if (!d->sub_ctx[k]) NSB_CALL(nsb_ctx_create(&d->sub_ctx[k]));
    if (!d->dom[k]) {
      NSB_CALL(nsb_linsolver_create(d->sub_ctx[k], NSB_LINSOLVER_KLU, &d->dom[k]));
      klu_data* kd = d->dom[k]->data;
      kd->common.ordering = 0; /* AMD */
      /* the outer wrapper keeps the recurring slot's matrix, and AMD needs
         no ordering workspace of ours: nothing to keep */
      nsb_linsolver_set_lean(d->dom[k], 1);
    }
  }
  dd_run(s, dd_analyze_member);
  for (int k = 0; k < 2; ++k)
    if (d->st[k] < 0) return RAISE(ctx, d->st[k], "KLU2, domain %d: %s", k + 1, nsb_ctx_error_message(d->sub_ctx[k]));
  if (!d->sch) {
    NSB_CALL(nsb_linsolver_create(ctx, NSB_LINSOLVER_DENSE, &d->sch));
    nsb_linsolver_set_lean(d->sch, 1);
  }
  NSB_CALL(nsb_linsolver_analyze(d->sch, &d->S));
  d->split = 1;
  s->split_nd[0] = d->nd[0];
  s->split_nd[1] = d->nd[1];
  s->split_ns = ns;
  return NSB_OK;
}

static int dd_team_size(const nsb_linsolver* s) { return s->team ? nsb_team_size(s->team) : 1; }

/* Run fn for domains 0 and 1: domain k on member k mod T. */
static void dd_run(nsb_linsolver* s, nsb_team_fn fn) {
  dd_job job = {.s = s, .T = dd_team_size(s), .slot = s->slot};
  if (job.T > 1)
    nsb_team_run(s->team, fn, &job);
  else
    fn(&job, 0);
}

/* Factor domain k and form X_k = A_kk^{-1} A_ks: the ns columns of A_ks in
   X_k, solved together (klu_tsolve takes them four at a time: one pass over
   the factors for four right-hand sides). */
static int dd_factor_domain(dd_data* d, int k, int slot) {
  nsb_linsolver* ls = d->dom[k];
  nsb_linsolver_select(ls, slot);
  NSB_CALL(nsb_linsolver_factor(ls, &d->D[k]));
  const int m = d->nd[k];
  double* X = d->X[slot][k];
  memset(X, 0, (size_t)m * (size_t)d->ns * sizeof(double));
  for (int j = 0; j < d->ns; ++j)
    for (int p = d->cptr[k][j]; p < d->cptr[k][j + 1]; ++p) X[(size_t)j * m + d->crow[k][p]] = d->C[k][p];
  klu_data* kd = ls->data;
  const int ok = klu_tsolve(kd->symbolic, kd->numeric[slot], m, d->ns, X, &kd->common);
  NSB_CHECK(ls->ctx, ok, NSB_ERR_ARG, "klu_tsolve failed with KLU status %d", kd->common.status);
  return NSB_OK;
}

static void dd_factor_member(void* arg, int member) {
  const dd_job* job = arg;
  dd_data* d = job->s->data;
  for (int k = 0; k < 2; ++k)
    if (k % job->T == member) {
      nsb_ctx_clear_error(d->sub_ctx[k]);
      d->st[k] = dd_factor_domain(d, k, job->slot);
    }
}

static int dd_factor_glob(nsb_linsolver* s, const nsb_csr* A) {
  dd_data* d = s->data;
  nsb_linsolver* w = dd_whole(d);
  if (d->split && !d->fb_ready) { /* the first fallback of the pattern, without a team at the analysis */
    nsb_ctx_clear_error(d->fb_ctx);
    const int st = nsb_linsolver_analyze(d->fb, A);
    if (st < 0) return RAISE(s->ctx, st, "KLU2, the fallback's analysis: %s", nsb_ctx_error_message(d->fb_ctx));
    d->fb_ready = 1;
  }
  d->use_glob[s->slot] = 1;
  nsb_linsolver_select(w, s->slot);
  const long fresh = w->n_factor_fresh;
  nsb_ctx_clear_error(w->ctx);
  const int status = nsb_linsolver_factor(w, A);
  s->n_factor_fresh += w->n_factor_fresh - fresh;
  s->singular_eq = w->singular_eq;
  s->rcond_last = w->rcond_last;
  s->nnz_lu = w->nnz_lu;
  if (status < 0 && w->ctx != s->ctx) /* the fallback's report, in the caller's context */
    return RAISE(s->ctx, status, "%s", nsb_ctx_error_message(w->ctx));
  return status;
}

static int dd_factor_op(nsb_linsolver* s, const nsb_csr* A) {
  dd_data* d = s->data;
  nsb_ctx* ctx = s->ctx;
  const int slot = s->slot;
  if (!d->split) return dd_factor_glob(s, A);
  NSB_CALL(dd_reserve_x(s, slot)); /* allocates only for a lean solver's recurring slot */
  d->use_glob[slot] = 1;
  for (int p = 0; p < A->nnz; ++p) d->val[d->dst[p]] = A->val[p];
  const long fresh0 = d->dom[0]->n_factor_fresh + d->dom[1]->n_factor_fresh;
  dd_run(s, dd_factor_member);
  s->n_factor_fresh += d->dom[0]->n_factor_fresh + d->dom[1]->n_factor_fresh - fresh0;
  int singular = 0;
  for (int k = 0; k < 2; ++k) {
    if (d->st[k] == NSB_ERR_SINGULAR) {
      singular = 1;
      continue;
    }
    if (d->st[k] < 0)
      return RAISE(ctx, d->st[k], "KLU2, domain %d: %s", k + 1, nsb_ctx_error_message(d->sub_ctx[k]));
  }
  double rc = 0.0;
  if (!singular) {
    /* S = A_ss - A_s1 X_1 - A_s2 X_2, every entry summed in the same order */
    const int ns = d->ns;
    for (int i = 0; i < ns; ++i)
      for (int j = 0; j < ns; ++j) {
        double v = d->Ass[i * ns + j];
        for (int k = 0; k < 2; ++k) {
          const double* x = d->X[slot][k] + (size_t)j * d->nd[k];
          for (int p = d->rptr[k][i]; p < d->rptr[k][i + 1]; ++p) v -= d->R[k][p] * x[d->rcol[k][p]];
        }
        d->S.val[i * ns + j] = v;
      }
    nsb_linsolver_select(d->sch, slot);
    const int st = nsb_linsolver_factor(d->sch, &d->S);
    if (st == NSB_ERR_SINGULAR) {
      singular = 1;
      nsb_ctx_clear_error(ctx);
    } else if (st < 0) {
      return st;
    }
    rc = dmin(dmin(d->dom[0]->rcond_last, d->dom[1]->rcond_last), d->sch->rcond_last);
  }
  if (singular) {
    d->n_fallback++;
    s->n_factor_fallback++;
    nsb_log(ctx, NSB_LOG_DEBUG, "KLU2: a singular domain block or Schur complement: the global KLU");
    return dd_factor_glob(s, A);
  }
  d->use_glob[slot] = 0;
  s->rcond_last = rc;
  s->nnz_lu = d->dom[0]->nnz_lu + d->dom[1]->nnz_lu + (double)d->ns * d->ns;
  return NSB_OK;
}

/* y_k = A_kk^{-1} b_k: b is in d->y[k] already (gathered by the caller). */
static void dd_solve1_member(void* arg, int member) {
  const dd_job* job = arg;
  dd_data* d = job->s->data;
  for (int k = 0; k < 2; ++k)
    if (k % job->T == member) {
      nsb_linsolver_select(d->dom[k], job->slot);
      nsb_ctx_clear_error(d->sub_ctx[k]);
      d->st[k] = nsb_linsolver_solve(d->dom[k], d->y[k]);
    }
}

/* y_k -= X_k x_s */
static void dd_solve2_member(void* arg, int member) {
  const dd_job* job = arg;
  dd_data* d = job->s->data;
  for (int k = 0; k < 2; ++k)
    if (k % job->T == member) {
      const int m = d->nd[k], ns = d->ns;
      double* y = d->y[k];
      const double* X = d->X[job->slot][k];
      const double* xs = d->xs;
      /* four columns a pass over y (one load and store of y[i] for four
         products), each y[i] still reduced by them in the order j = 0, 1, ... */
      int j = 0;
      for (; j + 4 <= ns; j += 4) {
        const double* x0 = X + (size_t)j * m;
        const double *x1 = x0 + m, *x2 = x1 + m, *x3 = x2 + m;
        const double a0 = xs[j], a1 = xs[j + 1], a2 = xs[j + 2], a3 = xs[j + 3];
        for (int i = 0; i < m; ++i) y[i] = y[i] - x0[i] * a0 - x1[i] * a1 - x2[i] * a2 - x3[i] * a3;
      }
      for (; j < ns; ++j) {
        const double* x = X + (size_t)j * m;
        const double a = xs[j];
        for (int i = 0; i < m; ++i) y[i] -= x[i] * a;
      }
    }
}

static int dd_solve_op(nsb_linsolver* s, double* b) {
  dd_data* d = s->data;
  const int slot = s->slot;
  if (d->use_glob[slot]) {
    nsb_linsolver* w = dd_whole(d);
    NSB_CHECK(s->ctx, w, NSB_ERR_ARG, "KLU2 solve without a successful factorization");
    nsb_linsolver_select(w, slot);
    if (w->ctx == s->ctx) return nsb_linsolver_solve(w, b);
    nsb_ctx_clear_error(w->ctx);
    const int st = nsb_linsolver_solve(w, b);
    return st < 0 ? RAISE(s->ctx, st, "%s", nsb_ctx_error_message(w->ctx)) : st;
  }
  const int* g = d->gidx;
  const int n0 = d->nd[0], n1 = d->nd[1], ns = d->ns;
  for (int i = 0; i < n0; ++i) d->y[0][i] = b[g[i]];
  for (int i = 0; i < n1; ++i) d->y[1][i] = b[g[n0 + i]];
  dd_run(s, dd_solve1_member);
  for (int k = 0; k < 2; ++k)
    if (d->st[k] < 0)
      return RAISE(s->ctx, d->st[k], "KLU2, domain %d: %s", k + 1, nsb_ctx_error_message(d->sub_ctx[k]));
  for (int i = 0; i < ns; ++i) {
    double v = b[g[n0 + n1 + i]];
    for (int k = 0; k < 2; ++k)
      for (int p = d->rptr[k][i]; p < d->rptr[k][i + 1]; ++p) v -= d->R[k][p] * d->y[k][d->rcol[k][p]];
    d->xs[i] = v;
  }
  nsb_linsolver_select(d->sch, slot);
  NSB_CALL(nsb_linsolver_solve(d->sch, d->xs));
  dd_run(s, dd_solve2_member);
  for (int i = 0; i < n0; ++i) b[g[i]] = d->y[0][i];
  for (int i = 0; i < n1; ++i) b[g[n0 + i]] = d->y[1][i];
  for (int i = 0; i < ns; ++i) b[g[n0 + n1 + i]] = d->xs[i];
  return NSB_OK;
}

static void dd_destroy_op(nsb_linsolver* s) {
  dd_data* d = s->data;
  if (!d) return;
  dd_free(s);
  nsb_free(s->ctx, d, sizeof(*d));
  s->data = NULL;
}

static const nsb_linsolver_ops dd_ops = {
    .name = "klu2",
    .analyze = dd_analyze_op,
    .factor = dd_factor_op,
    .solve = dd_solve_op,
    .destroy_data = dd_destroy_op,
};

static int dd_create_data(nsb_linsolver* s) {
  dd_data* d = nsb_alloc(s->ctx, sizeof(*d));
  if (!d) return NSB_ERR_ALLOC;
  memset(d, 0, sizeof *d);
  s->data = d;
  return NSB_OK;
}

/* ---- generic wrappers -------------------------------------------------------- */

/* FNV-1a over rowptr and col: a fingerprint of the pattern (NSB_VALIDATE
   only), at every analysis and at a factorization of a matrix whose stamp
   (nsb_csr.stamp) is not the one last found to have the analyzed pattern. */
static unsigned long pattern_fingerprint(const nsb_csr* A) {
  unsigned long h = 2166136261ul;
#if defined(NSB_VALIDATE) && NSB_VALIDATE
  for (int i = 0; i <= A->n; ++i) h = (h ^ (unsigned)A->rowptr[i]) * 16777619ul;
  for (int p = 0; p < A->nnz; ++p) h = (h ^ (unsigned)A->col[p]) * 16777619ul;
#else
  (void)A;
#endif
  return h;
}

/* Make ops the back end of s with fresh data; the old back end's data is
   released after the new one's is made, so that a failure keeps it. */
static int use_back_end(nsb_linsolver* s, const nsb_linsolver_ops* ops) {
  const nsb_linsolver_ops* old_ops = s->ops;
  void* old = s->data;
  s->data = NULL;
  const int status = ops == &klu_ops   ? klu_create_data(s)
                     : ops == &umf_ops ? umf_create_data(s)
                     : ops == &dd_ops  ? dd_create_data(s)
                                       : dense_create_data(s);
  if (status < 0) {
    s->data = old;
    return status;
  }
  void* made = s->data;
  s->data = old;
  if (old_ops && old) old_ops->destroy_data(s);
  s->data = made;
  s->ops = ops;
  return NSB_OK;
}

int nsb_linsolver_create(nsb_ctx* ctx, nsb_linsolver_kind kind, nsb_linsolver** out) {
  *out = NULL;
  NSB_CHECK(ctx,
            kind == NSB_LINSOLVER_KLU || kind == NSB_LINSOLVER_UMFPACK || kind == NSB_LINSOLVER_DENSE ||
                kind == NSB_LINSOLVER_AUTO || kind == NSB_LINSOLVER_KLU2,
            NSB_ERR_ARG, "unknown linear solver kind %d", (int)kind);
  nsb_linsolver* s = nsb_alloc(ctx, sizeof(*s));
  if (!s) return NSB_ERR_ALLOC;
  s->ctx = ctx;
  s->kind = kind;
  s->split_min = NSB_LINSOLVER_SPLIT_MIN_N;
  /* AUTO starts as KLU; analyze picks the back end by the order of the matrix */
  const int status = use_back_end(s, kind == NSB_LINSOLVER_UMFPACK ? &umf_ops
                                     : kind == NSB_LINSOLVER_DENSE ? &dense_ops
                                     : kind == NSB_LINSOLVER_KLU2  ? &dd_ops
                                                                    : &klu_ops);
  if (status < 0) {
    nsb_free(ctx, s, sizeof(*s));
    return status;
  }
  *out = s;
  return NSB_OK;
}

int nsb_linsolver_analyze(nsb_linsolver* s, const nsb_csr* A) {
  NSB_CHECK(s->ctx, A && A->n >= 1 && A->rowptr && A->col && A->nnz == A->rowptr[A->n],
            NSB_ERR_ARG, "%s analyze: empty or inconsistent matrix", s->ops->name);
  s->n = 0; /* invalid until the analysis succeeds */
  s->kept_valid = 0;
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) s->epoch[k]++;
  if (!s->lean && A->nnz > s->kept_cap) { /* geometric growth: a contact set that comes and goes reallocates rarely */
    int cap = A->nnz > 2 * s->kept_cap ? A->nnz : 2 * s->kept_cap;
    double* v = NSB_NEW_ARRAY(s->ctx, cap, double);
    if (!v) return NSB_ERR_ALLOC;
    NSB_FREE_ARRAY(s->ctx, s->kept_val, s->kept_cap, double);
    s->kept_val = v;
    s->kept_cap = cap;
  }
  if (s->kind == NSB_LINSOLVER_AUTO) {
    const int dense = A->n <= NSB_LINSOLVER_AUTO_DENSE_ANY_N ||
                      (A->n <= NSB_LINSOLVER_AUTO_DENSE_N && 4 * A->nnz >= A->n * A->n);
    const nsb_linsolver_ops* ops = dense ? &dense_ops : &klu_ops;
    if (ops != s->ops) NSB_CALL(use_back_end(s, ops));
  }
  NSB_CALL(s->ops->analyze(s, A));
  s->n = A->n;
  s->nnz = A->nnz;
  s->pattern_stamp = A->stamp;
  s->pattern_hash = pattern_fingerprint(A);
  s->n_analyze++;
  return NSB_OK;
}

int nsb_linsolver_factor(nsb_linsolver* s, const nsb_csr* A) {
  nsb_ctx* ctx = s->ctx;
  s->singular_eq = -1;
  s->epoch[s->slot]++;
  NSB_CHECK(ctx, s->n > 0, NSB_ERR_ARG, "%s factor: no successful analyze", s->ops->name);
  /* the pattern is the analyzed one: the stamp of a pattern already found
     so (no pass over the pattern at every factorization: the builder gives
     every pattern it writes a new stamp), else the same fingerprint */
  const int same_pattern = (A->stamp && A->stamp == s->pattern_stamp) || pattern_fingerprint(A) == s->pattern_hash;
  if (same_pattern && A->n == s->n && A->nnz == s->nnz) s->pattern_stamp = A->stamp;
  NSB_CHECK(ctx, A->n == s->n && A->nnz == s->nnz && same_pattern,
            NSB_ERR_ARG, "%s factor: pattern differs from the analyzed one (n %d vs %d, nnz %d vs %d)",
            s->ops->name, A->n, s->n, A->nnz, s->nnz);
  /* every entry finite: v * 0 is +-0 for a finite v and NaN for an infinite
     or NaN one, so the sum is NaN exactly when one is not finite (one
     multiply-add an entry; the loop that names the entry runs only then) */
  double nonfinite = 0.0;
  for (int p = A->rowptr[0]; p < A->rowptr[A->n]; ++p) nonfinite += A->val[p] * 0.0;
  if (nonfinite != 0.0)
    for (int i = 0; i < A->n; ++i)
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p)
        NSB_CHECK(ctx, isfinite(A->val[p]), NSB_ERR_NOT_FINITE,
                  "%s factor: non-finite matrix entry (%d, %d) = %g", s->ops->name, i, A->col[p],
                  A->val[p]);
  s->factor_reused = 0;
  /* a lean solver keeps no values (unless an earlier analysis left room) */
  const int recur = s->slot == NSB_LINSOLVER_RECUR && s->kept_cap >= A->nnz;
  if (recur && s->kept_valid && !memcmp(s->kept_val, A->val, (size_t)A->nnz * sizeof(double))) {
    s->factor_reused = 1;
    s->n_factor_reused++;
    s->rcond_last = s->kept_rcond;
    return NSB_OK;
  }
  if (recur) s->kept_valid = 0;
  NSB_CALL(s->ops->factor(s, A));
  s->n_factor++;
  if (recur) {
    memcpy(s->kept_val, A->val, (size_t)A->nnz * sizeof(double));
    s->kept_valid = 1;
    s->kept_rcond = s->rcond_last;
  }
  return NSB_OK;
}

void nsb_linsolver_set_lean(nsb_linsolver* s, int lean) { s->lean = lean != 0; }

void nsb_linsolver_set_team(nsb_linsolver* s, nsb_team* team) { s->team = team; }

void nsb_linsolver_set_ordering(nsb_linsolver* s, nsb_ordering_kind ordering) { s->ordering = ordering; }

void nsb_linsolver_set_split_min(nsb_linsolver* s, int n) { s->split_min = n; }

int nsb_linsolver_split_part(const nsb_linsolver* s, int i) {
  if (s->ops != &dd_ops || s->n == 0 || !s->split_ns || i < 0 || i >= s->n) return -1;
  const dd_data* d = s->data;
  return d->part[i];
}

void nsb_linsolver_select(nsb_linsolver* s, int slot) {
  NSB_ASSERT(slot >= 0 && slot < NSB_LINSOLVER_SLOTS);
  s->slot = slot;
}

int nsb_linsolver_solve(nsb_linsolver* s, double* b) {
  NSB_CHECK(s->ctx, s->n > 0, NSB_ERR_ARG, "%s solve: no successful analyze", s->ops->name);
  NSB_CALL(s->ops->solve(s, b));
  s->n_solve++;
  return NSB_OK;
}

void nsb_linsolver_destroy(nsb_linsolver** s) {
  if (!s || !*s) return;
  nsb_linsolver* x = *s;
  if (x->ops && x->ops->destroy_data) x->ops->destroy_data(x);
  NSB_FREE_ARRAY(x->ctx, x->kept_val, x->kept_cap, double);
  nsb_free(x->ctx, x, sizeof(*x));
  *s = NULL;
}

void nsb_linsolver_forget_pivots(nsb_linsolver* s) {
  if (!s) return;
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) s->epoch[k]++;
  s->kept_valid = 0; /* the recurring slot factors its next matrix afresh too */
  if (s->ops == &dd_ops && s->data) {
    dd_data* dd = s->data;
    for (int k = 0; k < 2; ++k) nsb_linsolver_forget_pivots(dd->dom[k]);
    nsb_linsolver_forget_pivots(dd->sch);
    nsb_linsolver_forget_pivots(dd->glob);
    nsb_linsolver_forget_pivots(dd->fb);
    return;
  }
  if (s->ops == &dense_ops && s->data) {
    dense_data* dd = s->data;
    for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) dd->valid[k] = dd->same[k] = 0;
    return;
  }
  if (s->ops != &klu_ops || !s->data) return;
  klu_data* d = s->data;
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) klu_free_numeric(&d->numeric[k], &d->common);
}

/* Pivot state of a checkpoint (solver/checkpoint.c): int32 back end (0:
   none kept, 1: dense), int32 n, then per slot int32 valid, double
   rgrowth_fresh, n int32 pivots.  KLU's pivot sequence lives in its numeric
   object with the L and U patterns it fixes, which KLU cannot rebuild from
   the sequence alone: it is not kept (a continued run's first KLU
   factorization is a fresh one). */
long nsb_linsolver_pivots_save(const nsb_linsolver* s, void* buf) {
  if (!s || s->ops != &dense_ops || !s->data) {
    if (buf) memset(buf, 0, 2 * sizeof(int32_t));
    return 2 * sizeof(int32_t);
  }
  const dense_data* d = s->data;
  const long slot_bytes = (long)sizeof(int32_t) + (long)sizeof(double) + (long)d->n * (long)sizeof(int32_t);
  if (buf) {
    char* p = buf;
    const int32_t head[2] = {1, d->n};
    memcpy(p, head, sizeof head);
    p += sizeof head;
    for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) {
      const int32_t valid = d->valid[k];
      memcpy(p, &valid, sizeof valid);
      memcpy(p + sizeof valid, &d->rgrowth_fresh[k], sizeof(double));
      p += sizeof valid + sizeof(double);
      for (int i = 0; i < d->n; ++i, p += sizeof(int32_t)) {
        const int32_t v = valid ? d->piv[k][i] : 0;
        memcpy(p, &v, sizeof v);
      }
    }
  }
  return 2 * (long)sizeof(int32_t) + NSB_LINSOLVER_SLOTS * slot_bytes;
}

int nsb_linsolver_pivots_load(nsb_linsolver* s, const void* buf, long bytes) {
  int32_t head[2];
  NSB_CHECK(s->ctx, bytes >= (long)sizeof head, NSB_ERR_ARG, "checkpoint: pivot state of %ld bytes", bytes);
  memcpy(head, buf, sizeof head);
  if (head[0] == 0) return NSB_OK; /* nothing kept: the next factorization is a fresh one */
  dense_data* d = s->ops == &dense_ops ? s->data : NULL;
  NSB_CHECK(s->ctx, head[0] == 1 && d && head[1] == d->n, NSB_ERR_ARG,
            "checkpoint: pivot order of a dense LU of %d equations, the linear solver has %s of %d", (int)head[1],
            d ? "a dense LU" : "another back end", d ? d->n : 0);
  const long slot_bytes = (long)sizeof(int32_t) + (long)sizeof(double) + (long)d->n * (long)sizeof(int32_t);
  NSB_CHECK(s->ctx, bytes == 2 * (long)sizeof(int32_t) + NSB_LINSOLVER_SLOTS * slot_bytes, NSB_ERR_ARG,
            "checkpoint: pivot state of %ld bytes for %d equations", bytes, d->n);
  const char* p = (const char*)buf + sizeof head;
  for (int k = 0; k < NSB_LINSOLVER_SLOTS; ++k) {
    int32_t valid;
    memcpy(&valid, p, sizeof valid);
    memcpy(&d->rgrowth_fresh[k], p + sizeof valid, sizeof(double));
    p += sizeof valid + sizeof(double);
    int seen[NSB_LINSOLVER_DENSE_MAX_N] = {0}, ok = valid == 0 || valid == 1;
    for (int i = 0; i < d->n; ++i, p += sizeof(int32_t)) {
      int32_t v;
      memcpy(&v, p, sizeof v);
      ok = ok && (!valid || (v >= 0 && v < d->n && !seen[v]));
      if (valid && ok) seen[v] = 1;
      d->piv[k][i] = valid && ok ? v : i;
    }
    NSB_CHECK(s->ctx, ok, NSB_ERR_ARG, "checkpoint: the pivot order of slot %d is not a permutation", k);
    d->valid[k] = valid;
    d->same[k] = 0; /* an order without its factors */
  }
  return NSB_OK;
}

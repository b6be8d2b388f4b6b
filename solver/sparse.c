/* sparse.c -- CSR matrices, pattern builder, block maps (see sparse.h). */
#include "solver/sparse.h"

#include <limits.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

#include "base/array.h"
#include "base/team.h"

struct nsb_pattern_builder {
  nsb_ctx* ctx; /* borrowed */
  int n;
  NSB_ARRAY(int) idx;   /* valid (>= 0) indices of all blocks, concatenated */
  NSB_ARRAY(int) start; /* block b owns idx.data[start.data[b] .. start.data[b+1]-1] */
  /* scratch of finish: row -> block incidence (bptr: cap_n + 1, marker, cnt: cap_n, blk: cap_blk);
     with a team, one marker of cap_n per member beyond the first (mk_more: (T - 1) cap_n) */
  int *bptr, *marker, *cnt, *blk, *mk_more;
  int cap_n, cap_blk, cap_more;
  nsb_team* team; /* borrowed, NULL: one thread */
};

int nsb_pattern_builder_create(nsb_ctx* ctx, int n, nsb_pattern_builder** out) {
  *out = NULL;
  NSB_CHECK(ctx, n >= 1, NSB_ERR_ARG, "pattern builder: matrix size %d < 1", n);
  nsb_pattern_builder* b = nsb_alloc(ctx, sizeof(*b));
  if (!b) return NSB_ERR_ALLOC;
  b->ctx = ctx;
  b->n = n;
  if (NSB_ARRAY_PUSH(ctx, b->start, 0) != NSB_OK) {
    nsb_free(ctx, b, sizeof(*b));
    return NSB_ERR_ALLOC;
  }
  *out = b;
  return NSB_OK;
}

int nsb_pattern_builder_reset(nsb_pattern_builder* b, int n) {
  NSB_CHECK(b->ctx, n >= 1, NSB_ERR_ARG, "pattern builder: matrix size %d < 1", n);
  b->n = n;
  b->idx.count = 0;
  b->start.count = 1; /* start.data[0] = 0 stays */
  return NSB_OK;
}

void nsb_pattern_builder_set_team(nsb_pattern_builder* b, nsb_team* team) { b->team = team; }

static void free_scratch(nsb_pattern_builder* b) {
  NSB_FREE_ARRAY(b->ctx, b->bptr, b->cap_n + 1, int);
  NSB_FREE_ARRAY(b->ctx, b->marker, b->cap_n, int);
  NSB_FREE_ARRAY(b->ctx, b->cnt, b->cap_n, int);
  NSB_FREE_ARRAY(b->ctx, b->blk, b->cap_blk, int);
  NSB_FREE_ARRAY(b->ctx, b->mk_more, b->cap_more, int);
  b->cap_n = b->cap_blk = b->cap_more = 0;
}

void nsb_pattern_builder_destroy(nsb_pattern_builder** b) {
  if (!b || !*b) return;
  nsb_ctx* ctx = (*b)->ctx;
  free_scratch(*b);
  NSB_ARRAY_FREE(ctx, (*b)->idx);
  NSB_ARRAY_FREE(ctx, (*b)->start);
  nsb_free(ctx, *b, sizeof(**b));
  *b = NULL;
}

int nsb_pattern_builder_add(nsb_pattern_builder* b, const int* idx, int k) {
  nsb_ctx* ctx = b->ctx;
  NSB_CHECK(ctx, k >= 0, NSB_ERR_ARG, "pattern builder: block size %d < 0", k);
  int n_valid = 0;
  for (int i = 0; i < k; ++i) {
    NSB_CHECK(ctx, idx[i] < b->n, NSB_ERR_ARG,
              "pattern builder: index %d at block position %d is outside the %d unknowns", idx[i], i,
              b->n);
    n_valid += idx[i] >= 0;
  }
  NSB_CHECK(ctx, b->idx.count <= INT_MAX - n_valid, NSB_ERR_UNSUPPORTED,
            "pattern builder: more than %d block indices (32-bit limit)", INT_MAX);
  /* Reserve both arrays first so that a failure leaves the builder unchanged. */
  NSB_CALL(NSB_ARRAY_RESERVE(ctx, b->idx, b->idx.count + n_valid));
  NSB_CALL(NSB_ARRAY_RESERVE(ctx, b->start, b->start.count + 1));
  for (int i = 0; i < k; ++i)
    if (idx[i] >= 0) b->idx.data[b->idx.count++] = idx[i];
  b->start.data[b->start.count++] = b->idx.count;
  return NSB_OK;
}

static void insertion_sort(int* a, int len) {
  for (int i = 1; i < len; ++i) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = v;
  }
}

static int cmp_int(const void* pa, const void* pb) {
  int a = *(const int*)pa, b = *(const int*)pb;
  return (a > b) - (a < b);
}

/* Rows are short (tens of entries) for element assembly: insertion sort is fastest there;
 * long rows (a rigid body coupled to many elements, a global constraint) go to qsort. */
static void sort_row(int* a, int len) {
  if (len <= 48)
    insertion_sort(a, len);
  else
    qsort(a, (size_t)len, sizeof(int), cmp_int);
}

void nsb_csr_destroy(nsb_ctx* ctx, nsb_csr** A) {
  if (!A || !*A) return;
  nsb_csr* M = *A;
  NSB_FREE_ARRAY(ctx, M->rowptr, M->cap_n + 1, int);
  NSB_FREE_ARRAY(ctx, M->col, M->cap_nnz, int);
  NSB_FREE_ARRAY(ctx, M->val, M->cap_nnz, double);
  nsb_free(ctx, M, sizeof(*M));
  *A = NULL;
}

/* Union of the column sets of the blocks that touch each row lo .. hi-1 of n, plus the
 * diagonal.  With fill == NULL only counts (rowptr[i+1] - rowptr[i]); otherwise writes the
 * columns at col + rowptr[i] and sorts each row.  marker has size n, all -1 on entry and exit. */
static long long row_union(int n, int lo, int hi, const int* bptr, const int* blk, const int* start, const int* idx,
                           int* marker, const int* rowptr, int* counts, int* col) {
  long long total = 0;
  for (int i = lo; i < hi; ++i) {
    int* out = col ? col + rowptr[i] : NULL;
    int len = 0;
    marker[i] = i;
    if (out) out[len] = i;
    ++len;
    for (int p = bptr[i]; p < bptr[i + 1]; ++p) {
      const int bb = blk[p];
      for (int q = start[bb]; q < start[bb + 1]; ++q) {
        const int j = idx[q];
        if (marker[j] != i) {
          marker[j] = i;
          if (out) out[len] = j;
          ++len;
        }
      }
    }
    if (counts) counts[i] = len;
    if (out) sort_row(out, len);
    total += len;
  }
  for (int i = 0; i < n; ++i) marker[i] = -1;
  return total;
}

/* The rows of member r of T (contiguous ranges of about equal count): pass
   1 counts them (cnt, the member's total into total[r]), pass 2 (A given)
   writes and sorts their columns and zeroes their values, so that each
   member first touches its part of A.  Every row's columns are a function
   of the blocks alone: the pattern is the same for any T. */
typedef struct union_job {
  nsb_pattern_builder* b;
  nsb_csr* A; /* NULL: pass 1 */
  int n, T;
  long long total[NSB_PATTERN_MAX_TEAM];
} union_job;

static void union_member(void* arg, int r) {
  union_job* j = arg;
  nsb_pattern_builder* b = j->b;
  const int lo = (int)((long)j->n * r / j->T), hi = (int)((long)j->n * (r + 1) / j->T);
  int* marker = r == 0 ? b->marker : b->mk_more + (size_t)(r - 1) * (size_t)b->cap_n;
  if (!j->A) {
    j->total[r] = row_union(j->n, lo, hi, b->bptr, b->blk, b->start.data, b->idx.data, marker, NULL, b->cnt, NULL);
    return;
  }
  row_union(j->n, lo, hi, b->bptr, b->blk, b->start.data, b->idx.data, marker, j->A->rowptr, NULL, j->A->col);
  memset(j->A->val + j->A->rowptr[lo], 0, (size_t)(j->A->rowptr[hi] - j->A->rowptr[lo]) * sizeof(double));
}

/* Both passes of the row union for the n rows, on the team when there is
   one (the markers of its members are all -1 on entry and exit). */
static long long union_rows(nsb_pattern_builder* b, int n, int T, nsb_csr* A) {
  union_job j = {.b = b, .A = A, .n = n, .T = T};
  if (T > 1)
    nsb_team_run(b->team, union_member, &j);
  else
    union_member(&j, 0);
  long long total = 0;
  for (int r = 0; r < T; ++r) total += j.total[r];
  return total;
}

/* Geometric growth of an int scratch array: room for need (contents dropped). */
static int grow_ints(nsb_ctx* ctx, int** p, int* cap, int extra, int need) {
  if (need <= *cap) return NSB_OK;
  int c = need > 2 * *cap ? need : 2 * *cap;
  int* q = NSB_NEW_ARRAY(ctx, c + extra, int);
  if (!q) return NSB_ERR_ALLOC;
  NSB_FREE_ARRAY(ctx, *p, *cap + extra, int);
  *p = q;
  *cap = c;
  return NSB_OK;
}

/* The pattern into A (whose arrays are reused when large enough, reuse = 1,
   or are new, reuse = 0).  On error A keeps its previous arrays and values. */
/* The patterns written so far, in every thread (nsb_csr.stamp). */
static _Atomic unsigned long pattern_stamps = 0;

static int finish(nsb_pattern_builder* b, nsb_csr* A, int reuse) {
  nsb_ctx* ctx = b->ctx;
  const int n = b->n;
  const int n_blocks = b->start.count - 1;
  const int n_idx = b->idx.count;
  const int* idx = b->idx.data;
  const int* start = b->start.data;

  /* Row -> blocks incidence (counting sort of the block index lists by row), in the
     builder's scratch. */
  if (n > b->cap_n) {
    int c = n > 2 * b->cap_n ? n : 2 * b->cap_n;
    int* bp = NSB_NEW_ARRAY(ctx, c + 1, int);
    int* mk = NSB_NEW_ARRAY(ctx, c, int);
    int* ct = NSB_NEW_ARRAY(ctx, c, int);
    if (!bp || !mk || !ct) {
      NSB_FREE_ARRAY(ctx, bp, c + 1, int);
      NSB_FREE_ARRAY(ctx, mk, c, int);
      NSB_FREE_ARRAY(ctx, ct, c, int);
      return NSB_ERR_ALLOC;
    }
    NSB_FREE_ARRAY(ctx, b->bptr, b->cap_n + 1, int);
    NSB_FREE_ARRAY(ctx, b->marker, b->cap_n, int);
    NSB_FREE_ARRAY(ctx, b->cnt, b->cap_n, int);
    b->bptr = bp;
    b->marker = mk;
    b->cnt = ct;
    b->cap_n = c;
  }
  NSB_CALL(grow_ints(ctx, &b->blk, &b->cap_blk, 0, n_idx > 0 ? n_idx : 1));
  /* the members' markers (a team of more than NSB_PATTERN_MAX_TEAM, or
     rows too few to share, make the pattern on one thread) */
  int T = b->team ? nsb_team_size(b->team) : 1;
  if (T > NSB_PATTERN_MAX_TEAM || n < 64 * T) T = 1;
  if (T > 1 && (long long)(T - 1) * b->cap_n > b->cap_more) {
    const long long need = (long long)(T - 1) * b->cap_n;
    NSB_CHECK(ctx, need <= INT_MAX, NSB_ERR_UNSUPPORTED, "pattern builder: %lld marker entries (32-bit limit)", need);
    int* mk = NSB_NEW_ARRAY(ctx, (int)need, int);
    if (!mk) return NSB_ERR_ALLOC;
    for (long long i = 0; i < need; ++i) mk[i] = -1;
    NSB_FREE_ARRAY(ctx, b->mk_more, b->cap_more, int);
    b->mk_more = mk;
    b->cap_more = (int)need;
  }
  int *bptr = b->bptr, *blk = b->blk, *marker = b->marker;
  memset(bptr, 0, (size_t)(n + 1) * sizeof(int));
  for (int q = 0; q < n_idx; ++q) bptr[idx[q] + 1]++;
  for (int i = 0; i < n; ++i) bptr[i + 1] += bptr[i];
  for (int i = 0; i < n; ++i) marker[i] = bptr[i]; /* next free slot per row */
  for (int bb = 0; bb < n_blocks; ++bb)
    for (int q = start[bb]; q < start[bb + 1]; ++q) blk[marker[idx[q]]++] = bb;
  for (int i = 0; i < n; ++i) marker[i] = -1;

  /* Pass 1: count (row lengths into the scratch cnt), pass 2: fill and sort.  A's arrays
     are reused when they have room, else new ones (geometric growth when reusing); A is
     changed only once everything is allocated. */
  long long nnz = union_rows(b, n, T, NULL);
  if (nnz > INT_MAX)
    return nsb_ctx_error(ctx, NSB_ERR_UNSUPPORTED, __FILE__, __LINE__, __func__,
                         "sparse pattern has %lld entries, more than the 32-bit limit %d", nnz, INT_MAX);
  int cap_n = reuse && n <= A->cap_n ? A->cap_n : (reuse && 2 * A->cap_n > n ? 2 * A->cap_n : n);
  int* rowptr = cap_n == A->cap_n && reuse ? A->rowptr : NSB_NEW_ARRAY(ctx, cap_n + 1, int);
  if (!rowptr) return NSB_ERR_ALLOC;
  int own_rowptr = rowptr != A->rowptr;
  int cap_nnz = reuse && nnz <= A->cap_nnz ? A->cap_nnz
                                           : (reuse && 2LL * A->cap_nnz > nnz && 2LL * A->cap_nnz <= INT_MAX
                                                  ? 2 * A->cap_nnz
                                                  : (int)nnz);
  int* col = cap_nnz == A->cap_nnz && reuse ? A->col : NSB_NEW_ARRAY(ctx, cap_nnz, int);
  double* val = cap_nnz == A->cap_nnz && reuse ? A->val : NSB_NEW_ARRAY(ctx, cap_nnz, double);
  int own_col = col != A->col;
  if (!col || !val) {
    if (own_col) {
      NSB_FREE_ARRAY(ctx, col, cap_nnz, int);
      NSB_FREE_ARRAY(ctx, val, cap_nnz, double);
    }
    if (own_rowptr) NSB_FREE_ARRAY(ctx, rowptr, cap_n + 1, int);
    return NSB_ERR_ALLOC;
  }
  /* from here on nothing fails: replace A's arrays */
  if (own_rowptr) {
    if (reuse) NSB_FREE_ARRAY(ctx, A->rowptr, A->cap_n + 1, int);
    A->rowptr = rowptr;
    A->cap_n = cap_n;
  }
  if (own_col) {
    if (reuse) {
      NSB_FREE_ARRAY(ctx, A->col, A->cap_nnz, int);
      NSB_FREE_ARRAY(ctx, A->val, A->cap_nnz, double);
    }
    A->col = col;
    A->val = val;
    A->cap_nnz = cap_nnz;
  }
  rowptr[0] = 0;
  for (int i = 0; i < n; ++i) rowptr[i + 1] = rowptr[i] + b->cnt[i];
  A->n = n;
  A->nnz = (int)nnz;
  union_rows(b, n, T, A);
  A->stamp = atomic_fetch_add(&pattern_stamps, 1ul) + 1ul;
  return NSB_OK;
}

int nsb_pattern_builder_finish(nsb_pattern_builder* b, nsb_csr** out) {
  *out = NULL;
  nsb_csr* A = nsb_alloc(b->ctx, sizeof(*A));
  if (!A) return NSB_ERR_ALLOC;
  int status = finish(b, A, 0);
  if (status != NSB_OK) {
    nsb_free(b->ctx, A, sizeof(*A));
    return status;
  }
  *out = A;
  return NSB_OK;
}

int nsb_pattern_builder_finish_into(nsb_pattern_builder* b, nsb_csr* A) { return finish(b, A, 1); }

/* Position of entry (r, c) in A->val by binary search in row r, or -1. */
static int csr_find(const nsb_csr* A, int r, int c) {
  int lo = A->rowptr[r], hi = A->rowptr[r + 1] - 1;
  while (lo <= hi) {
    const int mid = lo + (hi - lo) / 2;
    if (A->col[mid] < c)
      lo = mid + 1;
    else if (A->col[mid] > c)
      hi = mid - 1;
    else
      return mid;
  }
  return -1;
}

int nsb_csr_block_map(const nsb_csr* A, const int* idx, int k, int* map) {
  for (int j = 0; j < k; ++j) {
    for (int i = 0; i < k; ++i) {
      int* m = &map[i + k * j];
      const int r = idx[i], c = idx[j];
      *m = -1;
      if (r < 0 || c < 0) continue;
      /* No context to record a message in: the caller owns the error report. */
      if (r >= A->n || c >= A->n) return NSB_ERR_ARG;
      *m = csr_find(A, r, c);
      if (*m < 0) return NSB_ERR_ARG;
    }
  }
  return NSB_OK;
}

int nsb_csr_block_map_grouped(const nsb_csr* A, const int* idx, int k, int ng, const int* gsize, int* map) {
  for (int j = 0, g = 0; j < k; ++g) {
    const int n = g < ng ? gsize[g] : 1;
    if (n < 0 || j + n > k) return NSB_ERR_ARG;
    int first = -1, last = -1;
    for (int t = 0; t < n; ++t) {
      const int c = idx[j + t];
      if (c < 0) continue;
      if (c >= A->n) return NSB_ERR_ARG;
      if (first >= 0 && c != last + 1) return NSB_ERR_ARG; /* not consecutive */
      if (first < 0) first = c;
      last = c;
    }
    int* mg = map + (size_t)k * (size_t)g;
    for (int i = 0; i < k; ++i) {
      const int r = idx[i];
      mg[i] = -1;
      if (r < 0 || first < 0) continue;
      if (r >= A->n) return NSB_ERR_ARG;
      /* the group's first and last columns present and last - first apart:
         every column between them is in the row (sorted, distinct) */
      const int p = csr_find(A, r, first), q = csr_find(A, r, last);
      if (p < 0 || q < 0 || q - p != last - first) return NSB_ERR_ARG;
      mg[i] = p;
    }
    j += n;
  }
  return NSB_OK;
}

void nsb_csr_zero(nsb_csr* A) { memset(A->val, 0, (size_t)A->nnz * sizeof(double)); }

void nsb_csr_matvec(const nsb_csr* A, const double* restrict x, double* restrict y) {
  for (int i = 0; i < A->n; ++i) {
    double s = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; ++p) s += A->val[p] * x[A->col[p]];
    y[i] = s;
  }
}

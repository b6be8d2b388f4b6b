/* sparse.c -- CSR matrices, pattern builder, block maps (see sparse.h). */
#include "solver/sparse.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"

struct nsb_pattern_builder {
  nsb_ctx* ctx; /* borrowed */
  int n;
  NSB_ARRAY(int) idx;   /* valid (>= 0) indices of all blocks, concatenated */
  NSB_ARRAY(int) start; /* block b owns idx.data[start.data[b] .. start.data[b+1]-1] */
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

void nsb_pattern_builder_destroy(nsb_pattern_builder** b) {
  if (!b || !*b) return;
  nsb_ctx* ctx = (*b)->ctx;
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
  NSB_FREE_ARRAY(ctx, M->rowptr, M->n + 1, int);
  NSB_FREE_ARRAY(ctx, M->col, M->nnz, int);
  NSB_FREE_ARRAY(ctx, M->val, M->nnz, double);
  nsb_free(ctx, M, sizeof(*M));
  *A = NULL;
}

/* Union of the column sets of the blocks that touch each row, plus the diagonal.
 * With fill == NULL only counts (rowptr[i+1] - rowptr[i]); otherwise writes the columns
 * at col + rowptr[i] and sorts each row.  marker has size n, all -1 on entry and exit. */
static long long row_union(int n, const int* bptr, const int* blk, const int* start, const int* idx,
                           int* marker, const int* rowptr, int* counts, int* col) {
  long long total = 0;
  for (int i = 0; i < n; ++i) {
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

int nsb_pattern_builder_finish(nsb_pattern_builder* b, nsb_csr** out) {
  nsb_ctx* ctx = b->ctx;
  const int n = b->n;
  const int n_blocks = b->start.count - 1;
  const int n_idx = b->idx.count;
  const int* idx = b->idx.data;
  const int* start = b->start.data;
  *out = NULL;

  /* Row -> blocks incidence (counting sort of the block index lists by row). */
  int* bptr = NSB_NEW_ARRAY(ctx, n + 1, int);
  int* blk = NSB_NEW_ARRAY(ctx, n_idx, int);
  int* marker = NSB_NEW_ARRAY(ctx, n, int);
  nsb_csr* A = nsb_alloc(ctx, sizeof(*A));
  int status = NSB_ERR_ALLOC;
  if (!bptr || !blk || !marker || !A) goto done;
  for (int q = 0; q < n_idx; ++q) bptr[idx[q] + 1]++;
  for (int i = 0; i < n; ++i) bptr[i + 1] += bptr[i];
  for (int i = 0; i < n; ++i) marker[i] = bptr[i]; /* next free slot per row */
  for (int bb = 0; bb < n_blocks; ++bb)
    for (int q = start[bb]; q < start[bb + 1]; ++q) blk[marker[idx[q]]++] = bb;
  for (int i = 0; i < n; ++i) marker[i] = -1;

  /* Pass 1: count, pass 2: fill and sort. */
  A->n = n;
  A->rowptr = NSB_NEW_ARRAY(ctx, n + 1, int);
  if (!A->rowptr) goto done;
  long long nnz = row_union(n, bptr, blk, start, idx, marker, NULL, A->rowptr + 1, NULL);
  if (nnz > INT_MAX) {
    status = nsb_ctx_error(ctx, NSB_ERR_UNSUPPORTED, __FILE__, __LINE__, __func__,
                           "sparse pattern has %lld entries, more than the 32-bit limit %d", nnz,
                           INT_MAX);
    goto done;
  }
  for (int i = 0; i < n; ++i) A->rowptr[i + 1] += A->rowptr[i];
  A->nnz = (int)nnz;
  A->col = NSB_NEW_ARRAY(ctx, A->nnz, int);
  A->val = NSB_NEW_ARRAY(ctx, A->nnz, double);
  if (!A->col || !A->val) goto done;
  row_union(n, bptr, blk, start, idx, marker, A->rowptr, NULL, A->col);
  status = NSB_OK;

done:
  NSB_FREE_ARRAY(ctx, bptr, n + 1, int);
  NSB_FREE_ARRAY(ctx, blk, n_idx, int);
  NSB_FREE_ARRAY(ctx, marker, n, int);
  if (status != NSB_OK) {
    nsb_csr_destroy(ctx, &A); /* frees whatever part of A was allocated */
    return status;
  }
  *out = A;
  return NSB_OK;
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
      int lo = A->rowptr[r], hi = A->rowptr[r + 1] - 1;
      while (lo <= hi) {
        const int mid = lo + (hi - lo) / 2;
        if (A->col[mid] < c)
          lo = mid + 1;
        else if (A->col[mid] > c)
          hi = mid - 1;
        else {
          *m = mid;
          break;
        }
      }
      if (*m < 0) return NSB_ERR_ARG;
    }
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

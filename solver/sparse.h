/* sparse.h -- compressed sparse row matrices, pattern building, block assembly.
 *
 * The global Newton matrix of nsbeam is square (n x n) and assembled from
 * small dense element blocks.  Each block is described by the list of global
 * equation numbers of its local unknowns; a negative number means the unknown
 * is eliminated (prescribed) and its row and column are skipped.
 *
 * Life cycle (PETSc-style setup/step split):
 *   setup:  nsb_pattern_builder_add() for every block, then
 *           nsb_pattern_builder_finish() gives the CSR with all values zero,
 *           then nsb_csr_block_map() once per block gives the positions in
 *           A->val of the block's entries (binary search allowed here);
 *   step:   nsb_csr_zero(), then nsb_csr_add_mapped() per block: no
 *           allocation and no searching in the hot path.
 *
 * Invariants of an nsb_csr produced here: 32-bit indices (METIS idx_t is 32-bit
 * in Debian's libmetis-dev), rowptr[0] = 0, rowptr[n] = nnz, columns strictly
 * increasing within each row (sorted, unique), and the diagonal entry (i, i)
 * is always present in the pattern (possibly with value zero), so that a
 * symmetric permutation keeps a structurally zero-free diagonal.
 *
 * Ownership: an nsb_csr and its arrays are allocated through the context that
 * created the builder and are owned by the caller of
 * nsb_pattern_builder_finish(); free with nsb_csr_destroy() and the same
 * context.  The struct fields are public for reading; only val may be written.
 *
 * Rejected alternative: a dense n x n boolean pattern or a hash of (row, col)
 * pairs.  The builder instead stores the blocks' index lists and, at finish,
 * inverts them into a row -> blocks incidence and unions each row's column set
 * with a marker array (the classic finite-element graph construction): time
 * O(sum k^2 + nnz log(row length)), memory O(sum k + nnz).
 */
#ifndef NSB_SPARSE_H
#define NSB_SPARSE_H

#include "base/ctx.h"
#include "base/team.h"

/// The largest team that makes a pattern's rows (nsb_pattern_builder_set_team).
#define NSB_PATTERN_MAX_TEAM 16

/// Square sparse matrix in compressed sparse row form (see module comment for invariants).
typedef struct nsb_csr {
  int n;       /* rows = columns */
  int nnz;     /* stored entries = rowptr[n] */
  int* rowptr; /* size n + 1 */
  int* col;    /* size nnz; sorted, unique within a row; diagonal always present */
  double* val; /* size nnz */
  int cap_n, cap_nnz; /* room of rowptr (cap_n + 1), col and val (cap_nnz); private */
  /* a value of its own for every pattern the builder writes (its finish),
     never 0; 0: a matrix whose pattern was made elsewhere (the linear
     solver then checks the pattern itself, solver/linsolve.c) */
  unsigned long stamp;
} nsb_csr;

typedef struct nsb_pattern_builder nsb_pattern_builder;

/// Create a pattern builder for an n x n matrix (n >= 1).
/// *out is owned by the caller (free with nsb_pattern_builder_destroy); ctx is borrowed
/// and must outlive the builder and every matrix it produces.
/// Errors: NSB_ERR_ARG (n < 1), NSB_ERR_ALLOC.
int nsb_pattern_builder_create(nsb_ctx* ctx, int n, nsb_pattern_builder** out);

/// Declare that the dense block among global indices idx[0..k-1] (negatives ignored) is nonzero.
/// idx is borrowed (copied).  Repeated indices are allowed (their entries coincide).
/// Errors: NSB_ERR_ARG (k < 0 or an index >= n), NSB_ERR_UNSUPPORTED (more than INT_MAX
/// stored indices), NSB_ERR_ALLOC.  On error the builder is unchanged.
int nsb_pattern_builder_add(nsb_pattern_builder* b, const int* idx, int k);

/// Produce the CSR pattern of all blocks added so far plus the full diagonal, values zero.
/// *out is owned by the caller (free with nsb_csr_destroy).  The builder is not consumed: it
/// can take more blocks and finish again, or be destroyed.
/// Errors: NSB_ERR_UNSUPPORTED (nnz would exceed INT_MAX), NSB_ERR_ALLOC (then *out = NULL).
int nsb_pattern_builder_finish(nsb_pattern_builder* b, nsb_csr** out);

/// Start over with no blocks for an n x n matrix (n >= 1), keeping the memory: a builder
/// that is reset and refilled with no more indices than before allocates nothing.
/// Errors: NSB_ERR_ARG (n < 1).
int nsb_pattern_builder_reset(nsb_pattern_builder* b, int n);
/// nsb_pattern_builder_finish into an existing matrix A made by nsb_pattern_builder_finish
/// (same ctx): its pattern and size are replaced, values zero.  Its arrays, and the
/// builder's own scratch, are reused when large enough and otherwise grow geometrically, so
/// that a pattern that comes back (a contact set that changes during the time steps)
/// allocates nothing.  Errors as nsb_pattern_builder_finish; on error A is unchanged.
int nsb_pattern_builder_finish_into(nsb_pattern_builder* b, nsb_csr* A);
/// Make the rows of the pattern (their column union and sort, the first
/// touch of A's values) on a team from now on, in contiguous row ranges;
/// team is borrowed (NULL: one thread).  The pattern is the same for any
/// team.  A team of more than NSB_PATTERN_MAX_TEAM members, or fewer than
/// 64 rows per member, makes it on one thread.
void nsb_pattern_builder_set_team(nsb_pattern_builder* b, nsb_team* team);
/// Destroy a builder; accepts NULL and *b == NULL, sets *b = NULL.
void nsb_pattern_builder_destroy(nsb_pattern_builder** b);

/// Destroy a matrix made by nsb_pattern_builder_finish with the same ctx; accepts NULL, sets *A = NULL.
void nsb_csr_destroy(nsb_ctx* ctx, nsb_csr** A);

/// For a block with global indices idx[0..k-1], fill map[i + k*j] = position in A->val of
/// entry (idx[i], idx[j]), or -1 when idx[i] < 0 or idx[j] < 0.  Setup-time routine: binary
/// search in each row, O(k^2 log(row length)).  idx is borrowed; map (size k*k) is
/// caller-provided and is typically kept for the life of the pattern.
/// Errors: NSB_ERR_ARG when an index is >= n or an entry is not in the pattern (the block was
/// not declared to the builder).  No message is recorded: a matrix carries no context.
int nsb_csr_block_map(const nsb_csr* A, const int* idx, int k, int* map);

/// Hot path: A->val[map[q]] += K[q] for every q < k*k with map[q] >= 0.
/// K is the dense k x k element block, column-major (K[i + k*j] = entry (i, j)); map comes
/// from nsb_csr_block_map with the same idx and k.  No allocation, no search, no checks.
static inline void nsb_csr_add_mapped(nsb_csr* A, const int* restrict map, int k,
                                      const double* restrict K) {
  double* restrict v = A->val;
  const int kk = k * k;
  for (int q = 0; q < kk; ++q) {
    const int p = map[q];
    if (p >= 0) v[p] += K[q];
  }
}

/// Grouped block maps: one position per row and group of columns instead of
/// one per entry.  The block's indices idx[0..k-1] fall into groups: the
/// first ng of sizes gsize[0..ng-1] (an element's nodes), then one group per
/// remaining index (its multipliers); nsb_csr_map_groups gives their count G.
/// Within a group the non-negative indices must be consecutive increasing
/// integers (a node's free unknowns are numbered so).  Then the columns of one
/// group are consecutive in every CSR row that holds the block (sorted column
/// indices), and
///   map[i + k*g] = position in A->val of entry (idx[i], f_g), f_g the
///                  group's first non-negative index; -1 when idx[i] < 0 or
///                  the group has none,
/// so entry (idx[i], idx[j]), j in group g, idx[j] >= 0, is at
/// map[i + k*g] + idx[j] - f_g.  map holds k*G ints (k*k with nsb_csr_block_map:
/// 96 against 576 bytes for a two-node beam block).  Setup-time routine.
/// Errors: those of nsb_csr_block_map, and NSB_ERR_ARG when a group's indices
/// are not consecutive.
int nsb_csr_block_map_grouped(const nsb_csr* A, const int* idx, int k, int ng, const int* gsize, int* map);

/// Number of column groups of a block of k indices whose first ng groups
/// have sizes gsize[0..ng-1] (the rest: one index each).
static inline int nsb_csr_map_groups(int k, int ng, const int* gsize) {
  int n = 0;
  for (int g = 0; g < ng; ++g) n += gsize[g];
  return ng + (k - n);
}

/// The first present index of a group of n columns (its idx[] entries), or -1.
static inline int nsb_csr_group_first(const int* idx, int n) {
  for (int t = 0; t < n; ++t)
    if (idx[t] >= 0) return idx[t];
  return -1;
}

/// Group g and offset idx[j] - f_g of every column j of a grouped block
/// (colg[k], colo[k]; colo[j] = -1 where idx[j] < 0): entry (i, j) is at
/// map[i + k*colg[j]] + colo[j] when both are >= 0, else absent.
static inline void nsb_csr_group_cols(const int* idx, int k, int ng, const int* gsize, int* colg, int* colo) {
  for (int j = 0, g = 0; j < k; ++g) {
    const int n = g < ng ? gsize[g] : 1;
    const int first = nsb_csr_group_first(idx + j, n);
    for (int t = 0; t < n; ++t, ++j) {
      colg[j] = g;
      colo[j] = idx[j] >= 0 ? idx[j] - first : -1;
    }
  }
}

/// Hot path of grouped maps: A->val[position of (i, j)] += K[i + k*j] for
/// every entry of the block present in A, in the order of nsb_csr_add_mapped
/// (column-major over the block).  No allocation, no search, no checks.
static inline void nsb_csr_add_grouped(nsb_csr* A, const int* restrict map, const int* restrict idx, int k, int ng,
                                       const int* restrict gsize, const double* restrict K) {
  double* restrict v = A->val;
  for (int j = 0, g = 0; j < k; ++g) {
    const int n = g < ng ? gsize[g] : 1;
    const int* restrict mg = map + (size_t)k * (size_t)g;
    const int first = nsb_csr_group_first(idx + j, n);
    for (int t = 0; t < n; ++t, ++j) {
      if (idx[j] < 0) continue;
      const int o = idx[j] - first;
      const double* restrict Kj = K + (size_t)k * (size_t)j;
      for (int i = 0; i < k; ++i) {
        const int p = mg[i];
        if (p >= 0) v[p + o] += Kj[i];
      }
    }
  }
}

/// Set all stored values to zero (pattern unchanged).
void nsb_csr_zero(nsb_csr* A);

/// y = A x (x and y of length A->n, must not overlap).  For tests and residual checks.
void nsb_csr_matvec(const nsb_csr* A, const double* restrict x, double* restrict y);

#endif

/* array.h -- growable arrays {T* data; int count; int capacity;}.
 *
 * NSB_ARRAY(T) declares the struct type; nsb_array_reserve grows capacity
 * geometrically through the context allocator.  Arrays never shrink; free
 * them with NSB_ARRAY_FREE.
 */
#ifndef NSB_ARRAY_H
#define NSB_ARRAY_H

#include "base/ctx.h"

#define NSB_ARRAY(T)  \
  struct {            \
    T* data;          \
    int count;        \
    int capacity;     \
  }

/// Make room for need elements of elem_size bytes; returns NSB_OK or NSB_ERR_ALLOC.
static inline int nsb_array_reserve_(nsb_ctx* ctx, void** data, int* capacity, int need, size_t elem_size) {
  if (need <= *capacity) return NSB_OK;
  int cap = *capacity > 0 ? *capacity : 8;
  while (cap < need) cap *= 2;
  void* p = nsb_realloc(ctx, *data, (size_t)*capacity * elem_size, (size_t)cap * elem_size);
  if (!p) return NSB_ERR_ALLOC;
  *data = p;
  *capacity = cap;
  return NSB_OK;
}

#define NSB_ARRAY_RESERVE(ctx, arr, need) \
  nsb_array_reserve_((ctx), (void**)&(arr).data, &(arr).capacity, (need), sizeof(*(arr).data))

/// Append value (an lvalue or compound literal) and return status.
#define NSB_ARRAY_PUSH(ctx, arr, value)                                                 \
  (NSB_ARRAY_RESERVE(ctx, arr, (arr).count + 1) == NSB_OK                                \
       ? ((arr).data[(arr).count++] = (value), NSB_OK)                                   \
       : NSB_ERR_ALLOC)

#define NSB_ARRAY_FREE(ctx, arr)                                          \
  do {                                                                    \
    nsb_free((ctx), (arr).data, (size_t)(arr).capacity * sizeof(*(arr).data)); \
    (arr).data = NULL;                                                    \
    (arr).count = (arr).capacity = 0;                                     \
  } while (0)

#endif

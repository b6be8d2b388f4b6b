/* ctx.h -- the nsbeam context: error record, logging, counted allocation.
 *
 * Every long-lived object hangs off one nsb_ctx; there is no global mutable
 * state.  The context records the first error raised by NSB_CHECK (file,
 * line, function, message) until nsb_ctx_clear_error().  All heap traffic goes
 * through nsb_alloc/nsb_free so that live bytes are counted (tests assert zero
 * at the end) and so that the N-th allocation can be made to fail on request,
 * which is how error paths are tested (Lua's memerr approach).
 */
#ifndef NSB_CTX_H
#define NSB_CTX_H

#include <stddef.h>
#include <stdio.h>

#include "base/status.h"

typedef enum nsb_log_level {
  NSB_LOG_ERROR = 0,
  NSB_LOG_WARN = 1,
  NSB_LOG_INFO = 2,
  NSB_LOG_DEBUG = 3
} nsb_log_level;

/// Log sink: receives one formatted message (no trailing newline).
typedef void (*nsb_log_fn)(void* user, nsb_log_level level, const char* msg);

typedef struct nsb_ctx nsb_ctx;

/// Create a context (owned by caller, free with nsb_ctx_destroy).
int nsb_ctx_create(nsb_ctx** out);
/// Destroy a context; accepts NULL, sets *ctx = NULL.
void nsb_ctx_destroy(nsb_ctx** ctx);

/// Replace the log sink (default: stderr for warn and error, nothing else).
void nsb_ctx_set_log(nsb_ctx* ctx, nsb_log_fn fn, void* user, nsb_log_level max_level);
/// Log a message through the context's sink.
void nsb_log(nsb_ctx* ctx, nsb_log_level level, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/// Record an error (first one wins until cleared); returns code.
int nsb_ctx_error(nsb_ctx* ctx, int code, const char* file, int line, const char* func,
                  const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/// Message of the recorded error ("" if none). View valid until the next error.
const char* nsb_ctx_error_message(const nsb_ctx* ctx);
/// Code of the recorded error (NSB_OK if none).
int nsb_ctx_error_code(const nsb_ctx* ctx);
/// Forget the recorded error.
void nsb_ctx_clear_error(nsb_ctx* ctx);

/// Allocate size bytes, zero-filled; NULL on failure (also records NSB_ERR_ALLOC).
void* nsb_alloc(nsb_ctx* ctx, size_t size);
/// Free a block from nsb_alloc; size must be the size it was allocated with.
void nsb_free(nsb_ctx* ctx, void* p, size_t size);
/// Grow/shrink a block; on failure the old block stays valid and NULL is returned.
void* nsb_realloc(nsb_ctx* ctx, void* p, size_t old_size, size_t new_size);
/// Bytes currently allocated through this context.
size_t nsb_ctx_live_bytes(const nsb_ctx* ctx);
/// Make the n-th allocation from now fail (n >= 1); 0 disables.
void nsb_ctx_fail_alloc_after(nsb_ctx* ctx, long n);
/// Number of allocations done so far (for allocation-failure sweeps in tests).
long nsb_ctx_alloc_count(const nsb_ctx* ctx);
/// Take over the live blocks of `from` (a context of a worker thread, whose
/// blocks ctx frees later): its live bytes and allocation count move to ctx.
void nsb_ctx_adopt(nsb_ctx* ctx, nsb_ctx* from);

#define NSB_NEW_ARRAY(ctx, n, T) ((T*)nsb_alloc((ctx), (size_t)(n) * sizeof(T)))
#define NSB_FREE_ARRAY(ctx, p, n, T) \
  do {                               \
    nsb_free((ctx), (p), (size_t)(n) * sizeof(T)); \
    (p) = NULL;                      \
  } while (0)

/// Raise: if cond is false, record the error in ctx and return code.
#define NSB_CHECK(ctx, cond, code, ...)                                       \
  do {                                                                       \
    if (!(cond)) {                                                           \
      return nsb_ctx_error((ctx), (code), __FILE__, __LINE__, __func__, __VA_ARGS__); \
    }                                                                        \
  } while (0)

/// Propagate: evaluate expr (an int status); return it if negative.
#define NSB_CALL(expr)            \
  do {                            \
    int nsb_call_status_ = (expr); \
    if (nsb_call_status_ < 0) return nsb_call_status_; \
  } while (0)

/// Programmer-error assertion, on in every build type except with NDEBUG_NSB.
void nsb_assert_fail(const char* expr, const char* file, int line, const char* func);
#define NSB_ASSERT(cond) \
  do {                   \
    if (!(cond)) nsb_assert_fail(#cond, __FILE__, __LINE__, __func__); \
  } while (0)

#endif

/* ctx.c -- context, errors, logging and counted allocation. */
#include "base/ctx.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct nsb_ctx {
  nsb_log_fn log_fn;
  void* log_user;
  nsb_log_level log_max;
  int err_code;
  char err_msg[1024];
  size_t live_bytes;
  long n_allocs;
  long fail_at; /* allocation number that fails; 0 = never */
};

const char* nsb_status_message(int status) {
  switch (status) {
#define NSB_X_CASE(name, value, msg) \
  case value:                        \
    return msg;
    NSB_STATUS_LIST(NSB_X_CASE)
#undef NSB_X_CASE
    default:
      return "unknown status";
  }
}

static void default_log(void* user, nsb_log_level level, const char* msg) {
  (void)user;
  fprintf(stderr, "nsbeam: %s%s\n", level == NSB_LOG_ERROR ? "error: " : level == NSB_LOG_WARN ? "warning: " : "", msg);
}

int nsb_ctx_create(nsb_ctx** out) {
  nsb_ctx* ctx = calloc(1, sizeof(*ctx));
  *out = ctx;
  if (!ctx) return NSB_ERR_ALLOC;
  ctx->log_fn = default_log;
  ctx->log_max = NSB_LOG_WARN;
  return NSB_OK;
}

void nsb_ctx_destroy(nsb_ctx** ctx) {
  if (!ctx || !*ctx) return;
  free(*ctx);
  *ctx = NULL;
}

void nsb_ctx_set_log(nsb_ctx* ctx, nsb_log_fn fn, void* user, nsb_log_level max_level) {
  ctx->log_fn = fn ? fn : default_log;
  ctx->log_user = user;
  ctx->log_max = max_level;
}

void nsb_log(nsb_ctx* ctx, nsb_log_level level, const char* fmt, ...) {
  if (!ctx || level > ctx->log_max) return;
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  ctx->log_fn(ctx->log_user, level, buf);
}

int nsb_ctx_error(nsb_ctx* ctx, int code, const char* file, int line, const char* func,
                  const char* fmt, ...) {
  if (!ctx || ctx->err_code != NSB_OK) return code;
  ctx->err_code = code;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ctx->err_msg, sizeof ctx->err_msg, fmt, ap);
  va_end(ap);
  nsb_log(ctx, NSB_LOG_DEBUG, "%s:%d (%s): %s", file, line, func, ctx->err_msg);
  return code;
}

const char* nsb_ctx_error_message(const nsb_ctx* ctx) { return ctx->err_msg; }
int nsb_ctx_error_code(const nsb_ctx* ctx) { return ctx->err_code; }
void nsb_ctx_clear_error(nsb_ctx* ctx) {
  ctx->err_code = NSB_OK;
  ctx->err_msg[0] = '\0';
}

static int alloc_should_fail(nsb_ctx* ctx) {
  ctx->n_allocs++;
  return ctx->fail_at > 0 && ctx->n_allocs >= ctx->fail_at;
}

void* nsb_alloc(nsb_ctx* ctx, size_t size) {
  if (size == 0) size = 1;
  if (alloc_should_fail(ctx)) {
    nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory (%zu bytes)", size);
    return NULL;
  }
  void* p = calloc(1, size);
  if (!p) {
    nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory (%zu bytes)", size);
    return NULL;
  }
  ctx->live_bytes += size;
  return p;
}

void nsb_free(nsb_ctx* ctx, void* p, size_t size) {
  if (!p) return;
  if (size == 0) size = 1;
  NSB_ASSERT(ctx->live_bytes >= size);
  ctx->live_bytes -= size;
  free(p);
}

void* nsb_realloc(nsb_ctx* ctx, void* p, size_t old_size, size_t new_size) {
  if (!p) return nsb_alloc(ctx, new_size);
  if (old_size == 0) old_size = 1;
  if (new_size == 0) new_size = 1;
  if (alloc_should_fail(ctx)) {
    nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory (%zu bytes)", new_size);
    return NULL;
  }
  void* q = realloc(p, new_size);
  if (!q) {
    nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory (%zu bytes)", new_size);
    return NULL;
  }
  if (new_size > old_size) memset((char*)q + old_size, 0, new_size - old_size);
  ctx->live_bytes = ctx->live_bytes - old_size + new_size;
  return q;
}

size_t nsb_ctx_live_bytes(const nsb_ctx* ctx) { return ctx->live_bytes; }
void nsb_ctx_fail_alloc_after(nsb_ctx* ctx, long n) { ctx->fail_at = n > 0 ? ctx->n_allocs + n : 0; }
long nsb_ctx_alloc_count(const nsb_ctx* ctx) { return ctx->n_allocs; }
void nsb_ctx_adopt(nsb_ctx* ctx, nsb_ctx* from) {
  ctx->live_bytes += from->live_bytes;
  ctx->n_allocs += from->n_allocs;
  from->live_bytes = 0;
  from->n_allocs = 0;
}

void nsb_assert_fail(const char* expr, const char* file, int line, const char* func) {
  fprintf(stderr, "nsbeam: internal assertion failed: %s (%s:%d, %s)\n", expr, file, line, func);
  abort();
}

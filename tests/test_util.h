/* test_util.h -- small helpers shared by the CUnit test files (test code:
 * plain malloc where the library would use its context). */
#ifndef NSB_TEST_UTIL_H
#define NSB_TEST_UTIL_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/ctx.h"

/// A fresh context (fatal assertion on failure).
static inline nsb_ctx* nsb_test_new_ctx(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  return ctx;
}

/// Destroy a context after checking that everything it allocated was freed.
static inline void nsb_test_end_ctx(nsb_ctx** ctx) {
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(*ctx), 0);
  nsb_ctx_destroy(ctx);
}

/// Whole file into a malloc'd NUL-terminated buffer (NULL on failure); size may be NULL.
static inline char* nsb_test_slurp(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  if (buf) buf[n] = '\0';
  if (buf && size) *size = (size_t)n;
  fclose(f);
  return buf;
}

#endif

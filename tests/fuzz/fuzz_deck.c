/* fuzz_deck.c -- libFuzzer target: the deck reader and the model check.
 *
 * The input is a deck.  It is read with nsb_deck_read_string (errors are not
 * printed); when it parses, the discrete system is built and every step is
 * prepared, as `nsbeam check` does (element setup, equation numbering,
 * symbolic factorization, scheme/element/support compatibility).  Any crash,
 * sanitizer report, leak (the context's live bytes must return to zero) or
 * hang is a finding.  tests/fuzz/README.md says how to run it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/deck.h"
#include "solver/system.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  char* text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  nsb_ctx* ctx = NULL;
  if (nsb_ctx_create(&ctx) != NSB_OK) {
    free(text);
    return 0;
  }
  nsb_model* m = NULL;
  int n_err = 0;
  if (nsb_deck_read_string(ctx, "fuzz.inp", text, NULL, &m, &n_err) == NSB_OK) {
    nsb_system* s = NULL;
    int st = nsb_system_create(ctx, m, &s);
    for (int k = 0; st >= 0 && k < m->steps.count; ++k) st = nsb_system_begin_step(s, k, 0.0);
    nsb_system_destroy(&s);
    nsb_model_destroy(&m);
  }
  if (nsb_ctx_live_bytes(ctx) != 0) abort(); /* a leak on some path */
  nsb_ctx_destroy(&ctx);
  free(text);
  return 0;
}

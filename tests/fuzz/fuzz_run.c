/* fuzz_run.c -- libFuzzer target: time stepping, contact and output.
 *
 * The input is a deck.  When it parses, the analysis runs with output
 * (history, contacts, VTK) into a scratch directory, bounded so that one
 * input stays cheap under the sanitizers: models of at most 100 nodes, 60
 * elements and 4 steps; every step is cut to at most 12 increments without
 * cutbacks, 8 Newton iterations, 30 contact sweeps and 6 modes.  Failures of the analysis are normal
 * outcomes (a status, a message); a crash, sanitizer report, leak or hang is
 * a finding.  A deck with *RESTART that left a checkpoint is run a second
 * time, continued from it (nsb_run_options.restart), so that reading a
 * checkpoint and resuming every kind of step are fuzzed too.
 * tests/fuzz/README.md says how to run it.  The scratch directory
 * (/tmp/nsb_fuzz_run_<pid>, flat) is removed when the process exits.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/deck.h"
#include "io/run.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* Bound the work of one input (the fuzzer's job is the code paths, not long runs). */
static int bound_model(nsb_model* m) {
  if (m->nodes.count > 100 || m->elements.count > 60 || m->steps.count > 4) return 0;
  for (int k = 0; k < m->steps.count; ++k) {
    nsb_step_def* s = &m->steps.data[k];
    if (s->h > 0.0 && s->period / s->h > 12.0) s->period = 12.0 * s->h;
    if (s->riks && s->riks_max_inc > 12) s->riks_max_inc = 12;
    s->h_min = s->h; /* no cutbacks: each would repeat the increment's work */
    if (s->max_iter > 8) s->max_iter = 8;
    if (s->contact_iter > 30) s->contact_iter = 30;
    if (s->n_modes > 6) s->n_modes = 6;
  }
  return 1;
}

static char outdir[64];

/* Remove the scratch directory's files, then the directory (atexit). */
static void remove_outdir(void) {
  DIR* d = opendir(outdir);
  if (d) {
    struct dirent* de;
    char path[1024];
    while ((de = readdir(d)) != NULL) {
      if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
      snprintf(path, sizeof path, "%s/%s", outdir, de->d_name);
      unlink(path);
    }
    closedir(d);
  }
  rmdir(outdir);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static char ckpt[96];
  if (!outdir[0]) {
    snprintf(outdir, sizeof outdir, "/tmp/nsb_fuzz_run_%ld", (long)getpid());
    snprintf(ckpt, sizeof ckpt, "%s/restart.nsr", outdir);
    atexit(remove_outdir);
  }
  unlink(ckpt); /* no checkpoint of an earlier input */
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
    if (bound_model(m)) {
      nsb_run_options opt = nsb_run_default_options();
      opt.outdir = outdir;
      opt.quiet = 1;
      opt.report = NULL;
      nsb_stats stats;
      (void)nsb_run(ctx, m, &opt, &stats);
      nsb_ctx_clear_error(ctx);
      if (m->restart_every > 0 && access(ckpt, R_OK) == 0) {
        opt.restart = ckpt;
        (void)nsb_run(ctx, m, &opt, &stats);
      }
    }
    nsb_model_destroy(&m);
  }
  if (nsb_ctx_live_bytes(ctx) != 0) abort(); /* a leak on some path */
  nsb_ctx_destroy(&ctx);
  free(text);
  return 0;
}

/* main.c -- the nsbeam command line; the only place that calls exit(). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/deck.h"
#include "io/run.h"

static void usage(FILE* out) {
  fprintf(out,
          "usage: nsbeam run DECK [-o OUTDIR] [--quiet]   run the analysis of an input deck\n"
          "       nsbeam check DECK                        read and validate a deck, print a model summary\n"
          "       nsbeam --help | --version\n"
          "\n"
          "run writes OUTDIR/history.csv and the ParaView collection OUTDIR/bodies.pvd\n"
          "(default OUTDIR: out/<deck name without extension>).  A progress line is\n"
          "shown on stderr when it is a terminal, unless --quiet.  The deck format is\n"
          "documented in docs/deck.md.  Exit status: 0 success, 1 bad deck or failed\n"
          "analysis, 2 bad command line.\n");
}

static int read_model(nsb_ctx* ctx, const char* path, nsb_model** m) {
  int n_err = 0;
  int st = nsb_deck_read(ctx, path, stderr, m, &n_err);
  if (st < 0) {
    if (n_err > 1)
      fprintf(stderr, "nsbeam: %s: %d errors\n", path, n_err);
    else if (n_err == 0)
      fprintf(stderr, "nsbeam: %s: %s\n", path, nsb_ctx_error_message(ctx)[0] ? nsb_ctx_error_message(ctx) : nsb_status_message(st));
  }
  return st;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("nsbeam %s\n", NSB_VERSION_STRING);
    return 0;
  }
  const char* cmd = argv[1];
  if (strcmp(cmd, "run") != 0 && strcmp(cmd, "check") != 0) {
    fprintf(stderr, "nsbeam: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
  }
  const char* deck = NULL;
  const char* outdir = NULL;
  int quiet = 0;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "-o") && !strcmp(cmd, "run")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "nsbeam: -o needs a directory\n");
        return 2;
      }
      outdir = argv[++i];
    } else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
      quiet = 1;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "nsbeam: unknown option '%s'\n", argv[i]);
      return 2;
    } else if (!deck) {
      deck = argv[i];
    } else {
      fprintf(stderr, "nsbeam: more than one deck given ('%s', '%s')\n", deck, argv[i]);
      return 2;
    }
  }
  if (!deck) {
    fprintf(stderr, "nsbeam: %s needs a deck\n", cmd);
    return 2;
  }
  nsb_ctx* ctx = NULL;
  if (nsb_ctx_create(&ctx) < 0) {
    fprintf(stderr, "nsbeam: out of memory\n");
    return 1;
  }
  nsb_model* m = NULL;
  int st = read_model(ctx, deck, &m);
  int rc = 0;
  if (st < 0) {
    rc = 1;
  } else if (!strcmp(cmd, "check")) {
    nsb_model_print_summary(m, stdout);
  } else {
    char defdir[1024];
    if (!outdir) {
      const char* base = strrchr(deck, '/');
      base = base ? base + 1 : deck;
      size_t len = strcspn(base, ".");
      snprintf(defdir, sizeof defdir, "out/%.*s", (int)len, base);
      outdir = defdir;
    }
    nsb_run_options opt = nsb_run_default_options();
    opt.outdir = outdir;
    opt.quiet = quiet;
    opt.progress = !quiet && isatty(fileno(stderr));
    nsb_stats stats;
    memset(&stats, 0, sizeof stats);
    st = nsb_run(ctx, m, &opt, &stats);
    if (!quiet) nsb_stats_print(&stats, stdout);
    if (st < 0) {
      fprintf(stderr, "nsbeam: %s: analysis failed: %s\n", deck,
              nsb_ctx_error_message(ctx)[0] ? nsb_ctx_error_message(ctx) : nsb_status_message(st));
      rc = 1;
    }
  }
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
  return rc;
}

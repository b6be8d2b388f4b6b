/* main.c -- the nsbeam command line; the only place that calls exit(). */
#define _GNU_SOURCE /* dlsym(RTLD_DEFAULT) */
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/deck.h"
#include "io/run.h"
#include "solver/linsolve.h"
#include "solver/system.h"

static void usage(FILE* out) {
  fprintf(out,
          "usage: nsbeam run DECK [-o OUTDIR] [--quiet] [--restart FILE] [--threads N]\n"
          "                                                run the analysis of an input deck (from a checkpoint)\n"
          "       nsbeam check DECK                        read and validate a deck, print a model summary\n"
          "       nsbeam plot OUTDIR [COLUMN ...] [--svg]  draw the histories of a run (OUTDIR/plots)\n"
          "       nsbeam view OUTDIR [--color ARRAY] [--movie]\n"
          "                                                a first look: OUTDIR/view.png and a ParaView script\n"
          "       nsbeam --help | --version\n"
          "\n"
          "run writes OUTDIR/history.csv and the ParaView collection OUTDIR/bodies.pvd\n"
          "(default OUTDIR: out/<deck name without extension>).  A progress line is\n"
          "shown on stderr when it is a terminal, unless --quiet.  The deck format is\n"
          "documented in docs/deck.md.  SIGINT (Ctrl-C) or SIGTERM stop a run after the\n"
          "current increment with every output file complete.  Exit status: 0 success,\n"
          "1 bad deck or failed analysis, 2 bad command line, 130 (SIGINT) or 143\n"
          "(SIGTERM) interrupted.  With *RESTART, WRITE, FREQUENCY=n in the deck, run writes\n"
          "a checkpoint OUTDIR/restart.nsr every n increments and when SIGINT or SIGTERM\n"
          "stops it; --restart OUTDIR/restart.nsr continues the run from it, appending to\n"
          "the output in OUTDIR.\n"
          "\n"
          "--threads N evaluates the elements with N threads (default 1, or the\n"
          "environment variable NSB_THREADS; the option wins).  The results are\n"
          "bit-identical for every N: each residual and matrix entry adds its element\n"
          "contributions in element order.  Worth it for thousands of beam elements\n"
          "on free cores (docs/theory.md §5, threaded element loop).\n");
}

/* The signal that asked the run to stop (0: none).  The one piece of global
   state of the program: a signal handler can reach nothing else.  The run
   reads it once per increment (nsb_run_options.stop). */
static volatile sig_atomic_t stop_signal = 0;

static void on_stop_signal(int sig) { stop_signal = sig; }

/* SIGINT and SIGTERM end the run cleanly after the current increment.  The
   handler is reset on delivery (SA_RESETHAND): a second Ctrl-C kills the
   program at once, as a user pressing it twice expects. */
static void catch_stop_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* nsbeam plot and nsbeam view: the Python script NAME.py (matplotlib,
   ParaView) next to an installed program (BINDIR/../share/nsbeam/NAME.py) or
   in the source tree it was built from; run by Debian's python3, which has
   python3-matplotlib, unless NSB_PYTHON names another interpreter.  Returns
   only if exec fails. */
static int python_command(const char* name, int argc, char** argv) {
  char script[4096] = "";
  char exe[2048];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = 0;
    char* slash = strrchr(exe, '/');
    if (slash) {
      *slash = 0;
      int len = snprintf(script, sizeof script, "%s/../share/nsbeam/%s.py", exe, name);
      if (len <= 0 || (size_t)len >= sizeof script || access(script, R_OK) != 0) script[0] = 0;
    }
  }
  if (!script[0]) snprintf(script, sizeof script, "%s/io/%s.py", NSB_SOURCE_DIR, name);
  if (access(script, R_OK) != 0) {
    fprintf(stderr, "nsbeam: %s: its script is missing (%s)\n", name, script);
    return 1;
  }
  const char* py = getenv("NSB_PYTHON");
  if (!py || !py[0]) py = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
  char* args[256];
  int k = 0;
  args[k++] = (char*)py;
  args[k++] = script;
  for (int i = 2; i < argc && k < 255; ++i) args[k++] = argv[i];
  args[k] = NULL;
  fflush(stdout);
  execvp(py, args);
  fprintf(stderr, "nsbeam: %s: cannot start %s: %s\n", name, py, strerror(errno));
  return 1;
}

/* A thread count: a whole number from 1 to 1024, nothing else. */
static int parse_threads(const char* text, int* n) {
  char* end = NULL;
  errno = 0;
  long v = text && text[0] ? strtol(text, &end, 10) : 0;
  if (!text || !text[0] || errno || *end || v < 1 || v > 1024) return -1;
  *n = (int)v;
  return 0;
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

/* The dense BLAS/LAPACK calls of nsbeam are small element blocks (at most
   78 x 78); a threaded BLAS (Debian's default OpenBLAS) spends most of such a
   call starting and parking threads (measured: ~40 % of a beam run in
   sched_yield).  Run the BLAS single-threaded unless the user set a thread
   count.  LAPACKE, and with it the BLAS, is opened at its first call
   (base/deferred.h), after this: OPENBLAS_NUM_THREADS=1 in the environment
   makes OpenBLAS start no threads at all when it is opened.  A BLAS that is
   already in the process (linked by a build that does not defer it) is
   asked through its own function, looked up at run time so that any BLAS
   implementation links. */
static void blas_single_thread(void) {
  if (getenv("OPENBLAS_NUM_THREADS") || getenv("OMP_NUM_THREADS")) return;
  (void)setenv("OPENBLAS_NUM_THREADS", "1", 0);
  /* POSIX dlsym returns an object pointer; the union converts it without the
     ISO C cast from object to function pointer */
  union {
    void* obj;
    void (*fn)(int);
  } sym;
  sym.obj = dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
  if (!sym.obj) return;
  sym.fn(1);
  /* OpenBLAS started its server threads when the library was loaded, before
     main; one thread from here on does not stop them, and each may spin in
     sched_yield for up to 2^28 clock ticks before it parks (seen in a
     profile of benchmarks/peers/bar_n100.inp on the loaded machine: 7 % of
     the samples in that spin; paired runs at a lower load showed no
     difference).  Shut them down now: a later threaded call would start
     them again, but with one thread OpenBLAS makes none. */
  union {
    void* obj;
    int (*fn)(void);
  } shut;
  shut.obj = dlsym(RTLD_DEFAULT, "blas_thread_shutdown_");
  if (shut.obj) (void)shut.fn();
}

int main(int argc, char** argv) {
  blas_single_thread();
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
  if (!strcmp(cmd, "plot") || !strcmp(cmd, "view")) return python_command(cmd, argc, argv);
  if (strcmp(cmd, "run") != 0 && strcmp(cmd, "check") != 0) {
    fprintf(stderr, "nsbeam: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
  }
  const char* deck = NULL;
  const char* outdir = NULL;
  const char* restart = NULL;
  int quiet = 0, threads = 1;
  const char* env_threads = getenv("NSB_THREADS");
  if (env_threads && env_threads[0] && parse_threads(env_threads, &threads) != 0) {
    fprintf(stderr, "nsbeam: NSB_THREADS=%s: the thread count must be a whole number from 1 to 1024\n", env_threads);
    return 2;
  }
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "-o") && !strcmp(cmd, "run")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "nsbeam: -o needs a directory\n");
        return 2;
      }
      outdir = argv[++i];
    } else if (!strcmp(argv[i], "--restart") && !strcmp(cmd, "run")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "nsbeam: --restart needs a restart file\n");
        return 2;
      }
      restart = argv[++i];
    } else if (!strcmp(argv[i], "--threads") && !strcmp(cmd, "run")) {
      if (i + 1 >= argc || parse_threads(argv[i + 1], &threads) != 0) {
        fprintf(stderr, "nsbeam: --threads needs a whole number from 1 to 1024\n");
        return 2;
      }
      ++i;
    } else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
      quiet = 1;
    } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      /* `nsbeam run --help`: the usage, as `nsbeam --help` */
      usage(stdout);
      return 0;
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
    /* also the checks that need the discrete system: element setup (beam
       geometry, joints) and each step's scheme/element/support rules, so that
       check refuses what run would refuse when a step starts */
    nsb_system* sys = NULL;
    st = nsb_system_create(ctx, m, &sys);
    for (int k = 0; st >= 0 && k < m->steps.count; ++k) {
      const nsb_stats* ss = sys ? nsb_system_stats(sys) : NULL;
      const char* before = ss ? ss->linsolver : NULL;
      st = nsb_system_begin_step(sys, k, 0.0);
      /* the back end its analysis chose (LINEAR SOLVER=AUTO: by the order) */
      if (st >= 0 && ss && ss->linsolver && (ss->linsolver != before || k == 0))
      {
        printf("  linear solver: %s from step %d, %d equations%s", ss->linsolver, k + 1, ss->equations,
               ss->linsolver_auto ? " (LINEAR SOLVER=AUTO)" : "");
        if (ss->split_ns > 0)
          printf(", two domains of %d and %d unknowns, separator %d", ss->split_nd[0], ss->split_nd[1], ss->split_ns);
        else if (!strcmp(ss->linsolver, "klu2"))
          printf(", not split (fewer than %d equations, or no separator of at most %d unknowns): the global KLU",
                 NSB_LINSOLVER_SPLIT_MIN_N, NSB_LINSOLVER_DENSE_MAX_N);
        printf("\n");
      }
    }
    nsb_system_destroy(&sys);
    if (st < 0) {
      /* the message starts with file:line where the rule belongs to a deck line */
      if (nsb_ctx_error_message(ctx)[0])
        fprintf(stderr, "%s\n", nsb_ctx_error_message(ctx));
      else
        fprintf(stderr, "nsbeam: %s: %s\n", deck, nsb_status_message(st));
      rc = 1;
    }
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
    opt.stop = &stop_signal;
    opt.restart = restart;
    opt.threads = threads;
    nsb_stats stats;
    memset(&stats, 0, sizeof stats);
    catch_stop_signals();
    st = nsb_run(ctx, m, &opt, &stats);
    if (!quiet) nsb_stats_print(&stats, stdout);
    if (!quiet && threads > 1) printf("  element loop on %d threads (results those of one thread)\n", threads);
    if (st < 0) {
      fprintf(stderr, "nsbeam: %s: analysis failed: %s\n", deck,
              nsb_ctx_error_message(ctx)[0] ? nsb_ctx_error_message(ctx) : nsb_status_message(st));
      rc = 1;
    } else if (stop_signal != 0) {
      rc = 128 + (int)stop_signal; /* the shell's convention for a death by signal */
    }
  }
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
  return rc;
}

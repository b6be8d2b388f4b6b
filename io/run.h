/* run.h -- run an analysis: steps, increments with cutback, output,
 * progress line, statistics and failure reports.
 *
 * Output files in opt->outdir: history.csv (io/history.h) and the ParaView
 * collection bodies.pvd with one bodies_NNNNNN.vtu per output time
 * (io/vtk.h).  Both are complete at every instant, so an interrupted or
 * failed run leaves readable files: CSV rows are written whole and flushed at
 * output times at least every hundredth of a second, .vtu files are renamed into
 * place when complete and the .pvd collections are replaced by rename.
 *
 * With *RESTART, WRITE, FREQUENCY=n (model->restart_every) a checkpoint
 * outdir/restart.nsr is written every n increments of static, Riks, dynamic
 * and modal dynamic steps, and after the last increment when opt->stop stops
 * the run: the run's position (step, increment, substep size, where each
 * output file stands), the system's state (solver/checkpoint.c) and the
 * step's own state (the reduced model of *MODAL DYNAMIC, the arc-length
 * continuation of *STATIC, RIKS), versioned and checksummed.  opt->restart continues from one: the files are cut back to
 * the checkpoint and continued, and the result is the uninterrupted run's bit
 * for bit (docs/deck.md, *RESTART).
 */
#ifndef NSB_RUN_H
#define NSB_RUN_H

#include <signal.h>
#include <stdio.h>

#include "solver/system.h"

typedef struct nsb_run_options {
  const char* outdir; /* output directory (created if missing) */
  int quiet;          /* 1: no progress line and no summary */
  int progress;       /* 1: progress line on stderr (caller decides, e.g. isatty) */
  FILE* report;       /* where the summary goes (stdout); failures always go to stderr */
  /* borrowed, may be NULL: a flag a signal handler sets to the signal number.
     Read once per increment; when non-zero the run stops after the increment,
     leaves every output file complete, prints "interrupted at t = ..." on
     stderr (with *RESTART: after a checkpoint of that increment, and how to
     continue from it) and nsb_run returns NSB_OK (the caller decides the
     exit status from the flag). */
  volatile sig_atomic_t* stop;
  /* borrowed, may be NULL: continue from this checkpoint file (*RESTART,
     WRITE; docs/deck.md): the state after its increment, the output files of
     outdir cut back to that point and continued */
  const char* restart;
  /* threads of the element loop (nsb_system_set_threads): 1 by default;
     results do not depend on it */
  int threads;
} nsb_run_options;

/// Default options: outdir "out", summary on stdout, no progress line.
nsb_run_options nsb_run_default_options(void);

/// Run every step of the model.  Returns NSB_OK or the failure status; on
/// failure a report (time, step, increment, Newton history, cause) has been
/// printed to stderr and the context's error message says the cause.
int nsb_run(nsb_ctx* ctx, const nsb_model* m, const nsb_run_options* opt, nsb_stats* stats);

/// Print the statistics table.
void nsb_stats_print(const nsb_stats* st, FILE* out);

#endif

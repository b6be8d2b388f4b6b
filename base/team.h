/* team.h -- a fixed team of threads that runs one job at a time (POSIX threads).
 *
 * nsb_team_create starts n - 1 worker threads once; nsb_team_run then hands a
 * job fn(arg, member) to the n members (the calling thread is member 0, the
 * workers 1 .. n-1) and returns when all have finished it.  Between jobs
 * the workers sleep on a condition variable: they take no processor time
 * while the caller works alone (factorization, output), and they do not
 * spin at a barrier, which on a machine shared with other work costs more
 * than it saves (measured: OpenMP's default active wait made a two-thread run
 * of a small deck 5 to 12 times slower than one thread at a load of 7 on 2 cores;
 * benchmarks/threads/README.md).  No allocation in nsb_team_run.
 *
 * Ownership: the team is owned by the caller of nsb_team_create and freed
 * with nsb_team_destroy.  A job must not call nsb_team_run on its own team.
 * Signals are blocked in the workers, so that a signal handler of the program
 * runs on the thread that installed it.
 */
#ifndef NSB_TEAM_H
#define NSB_TEAM_H

#include "base/ctx.h"

typedef struct nsb_team nsb_team;

/// A job: called once per member, member = 0 .. n-1.
typedef void (*nsb_team_fn)(void* arg, int member);

/// Start a team of n members (n >= 1; n - 1 worker threads).  NSB_ERR_ALLOC
/// when memory or a thread cannot be had.
int nsb_team_create(nsb_ctx* ctx, int n, nsb_team** out);
/// Stop and join the workers, free the team; accepts NULL, sets *t = NULL.
void nsb_team_destroy(nsb_team** t);
/// Run fn(arg, member) on every member and wait for all of them.
void nsb_team_run(nsb_team* t, nsb_team_fn fn, void* arg);
/// Number of members.
int nsb_team_size(const nsb_team* t);

#endif

/* team.c -- see team.h.  One mutex guards the job (fn, arg), its generation
 * number and the count of workers still on it; the workers wait on `go` for
 * a new generation, the caller waits on `done` for the count to reach zero.
 * The mutex also orders memory: what the caller wrote before nsb_team_run is
 * seen by the workers, and what they wrote is seen by the caller after it. */
#define _POSIX_C_SOURCE 200809L
#include "base/team.h"

#include <pthread.h>
#include <signal.h>

typedef struct team_slot {
  nsb_team* team;
  int member;
} team_slot;

struct nsb_team {
  nsb_ctx* ctx;
  int n;
  int n_started;         /* workers running (their threads to join) */
  pthread_t* threads;    /* n - 1 */
  team_slot* slots;      /* n - 1 */
  pthread_mutex_t mu;
  pthread_cond_t go, done;
  unsigned long generation; /* jobs handed out so far */
  int pending;              /* workers still on the current job */
  int quit;
  nsb_team_fn fn;
  void* arg;
};

static void* worker(void* p) {
  const team_slot* slot = p;
  nsb_team* t = slot->team;
  unsigned long seen = 0;
  pthread_mutex_lock(&t->mu);
  for (;;) {
    while (t->generation == seen && !t->quit) pthread_cond_wait(&t->go, &t->mu);
    if (t->quit) break;
    seen = t->generation;
    nsb_team_fn fn = t->fn;
    void* arg = t->arg;
    pthread_mutex_unlock(&t->mu);
    fn(arg, slot->member);
    pthread_mutex_lock(&t->mu);
    if (--t->pending == 0) pthread_cond_signal(&t->done);
  }
  pthread_mutex_unlock(&t->mu);
  return NULL;
}

int nsb_team_create(nsb_ctx* ctx, int n, nsb_team** out) {
  *out = NULL;
  NSB_CHECK(ctx, n >= 1, NSB_ERR_ARG, "a team needs at least one member (asked: %d)", n);
  nsb_team* t = nsb_alloc(ctx, sizeof *t);
  NSB_CHECK(ctx, t, NSB_ERR_ALLOC, "cannot allocate a team of %d threads", n);
  t->ctx = ctx;
  t->n = n;
  int nw = n - 1 > 0 ? n - 1 : 1;
  t->threads = NSB_NEW_ARRAY(ctx, nw, pthread_t);
  t->slots = NSB_NEW_ARRAY(ctx, nw, team_slot);
  int ok = t->threads && t->slots;
  ok = ok && pthread_mutex_init(&t->mu, NULL) == 0;
  if (!ok) {
    NSB_FREE_ARRAY(ctx, t->threads, nw, pthread_t);
    NSB_FREE_ARRAY(ctx, t->slots, nw, team_slot);
    nsb_free(ctx, t, sizeof *t);
    return NSB_ERR_ALLOC;
  }
  pthread_cond_init(&t->go, NULL);
  pthread_cond_init(&t->done, NULL);
  /* the workers start with every signal blocked (they inherit the mask) */
  sigset_t all, keep;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &keep);
  for (int k = 0; k < n - 1; ++k) {
    t->slots[k].team = t;
    t->slots[k].member = k + 1;
    if (pthread_create(&t->threads[k], NULL, worker, &t->slots[k]) != 0) break;
    ++t->n_started;
  }
  pthread_sigmask(SIG_SETMASK, &keep, NULL);
  if (t->n_started < n - 1) {
    int started = t->n_started;
    nsb_team_destroy(&t);
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__,
                         "cannot start %d threads (%d started)", n - 1, started);
  }
  *out = t;
  return NSB_OK;
}

void nsb_team_destroy(nsb_team** pt) {
  if (!pt || !*pt) return;
  nsb_team* t = *pt;
  pthread_mutex_lock(&t->mu);
  t->quit = 1;
  pthread_cond_broadcast(&t->go);
  pthread_mutex_unlock(&t->mu);
  for (int k = 0; k < t->n_started; ++k) pthread_join(t->threads[k], NULL);
  pthread_cond_destroy(&t->go);
  pthread_cond_destroy(&t->done);
  pthread_mutex_destroy(&t->mu);
  int nw = t->n - 1 > 0 ? t->n - 1 : 1;
  nsb_ctx* ctx = t->ctx;
  NSB_FREE_ARRAY(ctx, t->threads, nw, pthread_t);
  NSB_FREE_ARRAY(ctx, t->slots, nw, team_slot);
  nsb_free(ctx, t, sizeof *t);
  *pt = NULL;
}

void nsb_team_run(nsb_team* t, nsb_team_fn fn, void* arg) {
  if (t->n == 1) {
    fn(arg, 0);
    return;
  }
  pthread_mutex_lock(&t->mu);
  t->fn = fn;
  t->arg = arg;
  t->pending = t->n - 1;
  ++t->generation;
  pthread_cond_broadcast(&t->go);
  pthread_mutex_unlock(&t->mu);
  fn(arg, 0);
  pthread_mutex_lock(&t->mu);
  while (t->pending > 0) pthread_cond_wait(&t->done, &t->mu);
  pthread_mutex_unlock(&t->mu);
}

int nsb_team_size(const nsb_team* t) { return t->n; }

/* clock.h -- monotonic wall clock for the statistics tables (seconds), and
 * the sample of increments whose phases are timed.
 * Statistics only: never used to decide anything numerical. */
#ifndef NSB_CLOCK_H
#define NSB_CLOCK_H

#include <time.h>

/// Seconds on the monotonic clock (arbitrary origin).  Needs _POSIX_C_SOURCE
/// >= 199309L in the including file (clock_gettime).
static inline double nsb_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The phase times of the statistics table (assembly, factorization, solve,
   output) of a long run are estimates from a sample of its increments: a
   clock read costs about as much as a small model's whole assembly (a
   particle's increment of 1.5 us read the clock six times, 7 % of the run).
   The first NSB_CLOCK_ALL increments are all timed, each later one with
   probability 1/NSB_CLOCK_STRIDE, its times weighted by NSB_CLOCK_STRIDE:
   the estimate of each sum is unbiased (Horvitz & Thompson 1952).  The
   choice is pseudo-random (xorshift64, Marsaglia 2003, from a fixed start: the same
   increments every run), not every NSB_CLOCK_STRIDE-th, which would alias
   with output every few increments. */
#define NSB_CLOCK_ALL 256
#define NSB_CLOCK_STRIDE 8

typedef struct nsb_clock_sample {
  unsigned long long state; /* xorshift64 state, never 0 */
  long n;                   /* increments decided so far */
} nsb_clock_sample;

/// A sampler at its start.
static inline nsb_clock_sample nsb_clock_sample_start(void) {
  return (nsb_clock_sample){.state = 0x9e3779b97f4a7c15ull, .n = 0};
}

/// The weight of the next increment's phase times: 1 (all timed), 0 (not
/// timed: read no clock) or NSB_CLOCK_STRIDE.
static inline double nsb_clock_sample_next(nsb_clock_sample* c) {
  if (c->n < NSB_CLOCK_ALL) {
    ++c->n;
    return 1.0;
  }
  unsigned long long x = c->state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  c->state = x;
  return (x >> 32) % NSB_CLOCK_STRIDE == 0 ? (double)NSB_CLOCK_STRIDE : 0.0;
}

#endif

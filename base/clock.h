/* clock.h -- monotonic wall clock for the statistics tables (seconds).
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

#endif

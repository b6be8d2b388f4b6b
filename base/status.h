/* status.h -- status codes of nsbeam.
 *
 * One X-macro list gives the enum and the message text (SUNDIALS style).
 * NSB_OK is zero, positive codes are informational outcomes, negative codes
 * are failures.  Every function that a user or the numerics can make fail
 * returns one of these as an int.
 */
#ifndef NSB_STATUS_H
#define NSB_STATUS_H

#define NSB_STATUS_LIST(X)                                                    \
  X(NSB_OK, 0, "success")                                                     \
  X(NSB_STEP_REJECTED, 1, "time step rejected")                              \
  X(NSB_ERR_ALLOC, -1, "out of memory")                                       \
  X(NSB_ERR_IO, -2, "input/output error")                                     \
  X(NSB_ERR_DECK_SYNTAX, -3, "input deck syntax error")                       \
  X(NSB_ERR_DECK_VALUE, -4, "invalid value in input deck")                    \
  X(NSB_ERR_SINGULAR, -5, "singular matrix")                                  \
  X(NSB_ERR_NO_CONVERGENCE, -6, "Newton iteration did not converge")          \
  X(NSB_ERR_LAPACK, -7, "LAPACK error")                                       \
  X(NSB_ERR_METIS, -8, "METIS error")                                         \
  X(NSB_ERR_ARG, -9, "invalid argument")                                      \
  X(NSB_ERR_NOT_FINITE, -10, "non-finite value")                              \
  X(NSB_ERR_UNSUPPORTED, -11, "unsupported combination")                     \
  X(NSB_ERR_UNDER_RESOLVED, -12, "compliant contact under-resolved by the increment")

typedef enum nsb_status {
#define NSB_X_ENUM(name, value, msg) name = value,
  NSB_STATUS_LIST(NSB_X_ENUM)
#undef NSB_X_ENUM
} nsb_status;

/// Message text of a status code (static storage, never NULL).
const char* nsb_status_message(int status);

#endif

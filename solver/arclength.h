/* arclength.h -- arc-length (Riks) continuation of a static step
 * (*STATIC, RIKS; docs/theory.md §8, docs/deck.md).
 *
 * The loads of the step are a reference load times the load proportionality
 * factor (LPF) lambda, an unknown of its own.  Each increment adds one
 * equation, the arc-length constraint of Crisfield (1981, 1983) in a scaled
 * solution space,
 *   psi_u |Delta u|_W^2 + psi_l Delta lambda^2 = Delta s^2,
 * spherical (psi_u = psi_l = 1/2) or cylindrical (psi_u = 1, psi_l = 0).
 * Each iteration factorizes the tangent once and solves twice (bordering,
 * Batoz & Dhatt 1979): K du_r = -r and K du_t = q with q = -dr/dlambda; the
 * constraint then is a quadratic in the LPF correction, and of its two roots
 * the one whose new increment makes the smaller angle with the increment
 * before the correction is taken (with the previous converged increment in
 * the predictor), which carries the path over limit points and around
 * snap-backs.  The metric W makes the constraint independent of the units:
 * translations count as they are, rotations times the model size L (the
 * diagonal of the bounding box of the nodes), and the whole is divided by
 * the norm of the tangent displacement per unit LPF at the step start, so
 * that on that tangent Delta s = Delta lambda.  The arc length is the step's
 * time: the step ends at the latest when it reaches the step's period (the
 * total arc length), as a static step ends at its period.  The increment
 * adapts, Delta s_{n+1} = Delta s_n sqrt(I_d / I_n) (Crisfield 1981), within
 * [1/2, 2] and the step's minimum and maximum; a failed increment is
 * restored and halved, down to the minimum.
 *
 * Lifecycle: nsb_arclength_create at the start of a Riks step (after
 * nsb_system_begin_step; all allocation), nsb_arclength_increment until it
 * reports an end or fails (no allocation), nsb_arclength_destroy.
 */
#ifndef NSB_ARCLENGTH_H
#define NSB_ARCLENGTH_H

#include "solver/system.h"

typedef struct nsb_arclength nsb_arclength;

/// Why a Riks step ended (Abaqus's criteria).
typedef enum nsb_arclength_end {
  NSB_ARC_GOING = 0,        /* not yet */
  NSB_ARC_END_LPF,          /* the LPF reached the step's maximum */
  NSB_ARC_END_DISPLACEMENT, /* the monitored DOF crossed its limit */
  NSB_ARC_END_LENGTH,       /* the total arc length (period) is used up */
  NSB_ARC_END_INCREMENTS    /* the step's increment count (*STEP, INC=) is used up */
} nsb_arclength_end;

/// What one accepted increment did.
typedef struct nsb_arclength_info {
  int iterations;         /* of the accepted increment, summed over its attempts */
  int rejected;           /* attempts that failed and were cut back */
  double ds;              /* arc length of the accepted increment (step time units) */
  double lpf;             /* LPF after it */
  double monitor;         /* the monitored DOF's total displacement after it (0 without a monitor) */
  nsb_arclength_end end;  /* NSB_ARC_GOING, or why the step ends with this increment */
} nsb_arclength_info;

/// Start the arc-length continuation of the current step of s (borrowed;
/// must be a *STATIC, RIKS step begun with nsb_system_begin_step).  Owned
/// by the caller.  Errors: NSB_ERR_ARG (not a Riks step), NSB_ERR_ALLOC.
int nsb_arclength_create(nsb_ctx* ctx, nsb_system* s, nsb_arclength** out);
void nsb_arclength_destroy(nsb_arclength** a);

/// One accepted increment along the path, with cutbacks as needed.  On
/// failure (an increment that does not converge at the minimum arc length,
/// or the reference load does not move the structure) the state is that of
/// the last accepted increment, rep says why and a negative status returns.
int nsb_arclength_increment(nsb_arclength* a, nsb_arclength_info* info, nsb_newton_report* rep);

/// Arc length used so far in the step.
double nsb_arclength_used(const nsb_arclength* a);
/// The arc-length increment the next attempt starts with (after a failure:
/// the one that failed).
double nsb_arclength_ds(const nsb_arclength* a);
/// The end criterion in words (static string).
const char* nsb_arclength_end_text(nsb_arclength_end e);

/// Checkpoint (*RESTART) of the continuation between increments: what the
/// next increment depends on (the metric weights, the last accepted
/// increment and its LPF change, the next arc-length increment, the arc
/// length used, the increment count, the monitored DOF).  The rest is
/// rebuilt by nsb_arclength_create or scratch of one increment.
/// nsb_arclength_state_save writes nsb_arclength_state_bytes(a) bytes;
/// nsb_arclength_state_load reads them into a continuation created for the
/// same step (NSB_ERR_ARG when bytes differ).
size_t nsb_arclength_state_bytes(const nsb_arclength* a);
void nsb_arclength_state_save(const nsb_arclength* a, void* buf);
int nsb_arclength_state_load(nsb_arclength* a, const void* buf, size_t bytes);

#endif

/* convergence.h -- when a Newton iteration has converged, in any unit system.
 *
 * The test is per field and relative, in the spirit of the time-averaged
 * flux criterion of Abaqus (Abaqus Analysis User's Guide, "Commonly used
 * control parameters") and of CalculiX (Dhondt 2004, §"Convergence
 * criteria"); docs/theory.md §5 states it with its reasons.  Fields:
 *
 *   force    residual rows of node translations (a force),
 *   moment   residual rows of node rotations (a moment),
 *   trans    corrections of node positions and of the beams' interior
 *            fields, as a length (the scheme maps its unknown to a position
 *            change: dx = c_r Delta),
 *   rot      corrections of node and interior rotations, in radians.
 *
 * The residual of a field is compared with its flux q: the largest
 * element contribution to a row of that field (inertia, internal, applied
 * and reaction forces all contribute; in a dynamic step at least the
 * heaviest node's weight and NSB_CONV_FLUX_NIL of the nodes' momentum over
 * the increment), averaged over the increments of the step as Abaqus does; a correction with the largest motion of its field's
 * unknowns in the increment (prescribed motion does not count).  The fields
 * are tied by the model's length scale L (forces
 * times L against moments; rotations times L against lengths), so a field
 * that carries nothing (the moments of a beam under an axial load) is judged
 * against the scale of the other.  Multiplier rows (joints, contacts) and the
 * beams' condensed interior rows are not tested directly: after a Newton
 * correction their residual is of second order in it, and their effect on
 * the node rows is in the node residual.  Explicit absolute tolerances
 * (*SOLVER CONTROLS, TOL RESIDUAL / TOL INCREMENT) replace the relative test
 * of their field group when a deck gives them.
 */
#ifndef NSB_CONVERGENCE_H
#define NSB_CONVERGENCE_H

/// Norms of one Newton iteration (filled by the system).
typedef struct nsb_conv_norms {
  double r_force, r_moment;  /* largest |residual| of free node force / moment rows */
  double q_force, q_moment;  /* flux: largest |element contribution| to a node force / moment row */
  double c_trans, c_rot;     /* largest correction: length, radians */
  double du_trans, du_rot;   /* largest motion of the increment so far: length, radians */
  double x_size;             /* largest |position| (round-off floor of positions) */
  double r_abs, c_abs;       /* 2-norms of the residual (all rows) and of the raw unknowns' correction,
                                for explicit absolute tolerances */
} nsb_conv_norms;

/// Tolerances (nsb_step_def) and the model's length scale.
typedef struct nsb_conv_def {
  double rel_residual;   /* field residual <= rel_residual * field flux */
  double rel_correction; /* field correction <= rel_correction * field motion */
  double abs_residual;   /* > 0: |r|_2 <= abs_residual instead of the relative residual test */
  double abs_correction; /* > 0: |dx|_2 <= abs_correction instead of the relative correction test */
  double length;         /* model length scale L (> 0) */
} nsb_conv_def;

/// Outcome of one test.
typedef enum nsb_conv_verdict {
  NSB_CONV_CONTINUE = 0,  /* iterate on */
  NSB_CONV_CONVERGED = 1, /* both tests hold */
  NSB_CONV_FLOOR = 2,     /* corrections converged, the residual at its round-off floor: accept */
  NSB_CONV_STAGNATED = 3  /* an absolute residual tolerance below the round-off floor: fail */
} nsb_conv_verdict;

/// State of the test over one step (the flux average) and one increment.
typedef struct nsb_conv {
  nsb_conv_def def;
  double q_sum_force, q_sum_moment; /* fluxes of the converged increments of the step */
  long n_sum;
  /* the increment's history */
  int n_iter;
  double prev_r, prev_c_rel;     /* residual (relative, or absolute with an absolute tolerance) and
                                    relative correction of the previous iteration */
  int prev_cor_ok, prev_tiny;    /* the previous correction passed its test / was at round-off */
  double prev_c_abs, prev2_c_abs;
  /* last test, for messages */
  double r_rel, c_rel;           /* max over fields of residual / its bound, correction / its bound */
  /* Contraction-rate estimate (nsb_conv_first_ok; Hindmarsh et al. 2005),
     in the norms of the test (corrections and residuals as multiples of
     their tolerances): an increment measures crate = |c_k| / |c_(k-1)| and
     rrate = |r_k| / |c_(k-1)| (the largest over its iterations after the
     first), and a converged one keeps them, each max(measured,
     CRATE_DOWN * the last kept); [1] the last kept since the last
     nsb_conv_rate_reset, [0] the one before (n_rates of them so far, counted
     up to 2), measured in the increments rate_inc[] of the step's count
     n_inc (of its increments and their repeats, not of the acceleration
     solves between them).
     rate_base: the first iteration of the current increment whose
     correction came from the matrix the rates belong to; rate_key: the
     caller's fingerprint of that matrix. */
  long n_inc, rate_inc[2];
  int n_rates, rate_base, inc_measured;
  double crate[2], rrate[2], inc_crate, inc_rrate;
  unsigned long rate_key;
  double est_c, est_r;           /* the last nsb_conv_first_ok's estimates (multiples of the tolerances) */
} nsb_conv;

/// Start a step (the flux average restarts).
void nsb_conv_begin_step(nsb_conv* c, const nsb_conv_def* def);
/// Start an increment (counted != 0) or another solve that shares the
/// iteration's tests but is no increment of the step (an acceleration
/// solve, counted = 0: the rate's age, NSB_CONV_CONFIRM_EVERY, counts the
/// step's increments only).
void nsb_conv_begin_increment(nsb_conv* c, int counted);
/// Test iteration it (0-based) of the increment: n are the residual norms
/// before the correction and the correction computed from them.
nsb_conv_verdict nsb_conv_test(nsb_conv* c, const nsb_conv_norms* n);
/// The iteration matrix changes (formed anew, or another one): the
/// contraction rate is unknown until measured with the new one, whose
/// fingerprint is key; the current increment's corrections from the next
/// test on come from it.
void nsb_conv_rate_reset(nsb_conv* c, unsigned long key);
/// The corrections of the current increment so far do not measure the rate:
/// a correction made with another right-hand side than the residual (the
/// contact rows' alone, solver/newton.c contact_correction) came between.
void nsb_conv_rate_skip(nsb_conv* c);
/// Whether the iterate after the first correction of the increment (one
/// nsb_conv_test so far, which said NSB_CONV_CONTINUE) may be accepted
/// without its residual: two confirmed increments measured the rates with
/// the matrix of fingerprint key, the last of them fewer than
/// NSB_CONV_CONFIRM_EVERY increments ago, and the estimated residual and
/// next correction, rrate |c_0| and crate |c_0| with each rate extrapolated
/// to this increment by its growth between the two measurements (never
/// shrunk), are at most NSB_CONV_FIRST_FRACTION of their tolerances.
int nsb_conv_first_ok(nsb_conv* c, unsigned long key);
#define NSB_CONV_CONFIRM_EVERY 10
#define NSB_CONV_FIRST_FRACTION 0.1
/// The least flux of a dynamic step, as a fraction of the inertial flux
/// m |v_n| / h, J |w_n| / h of the nodes (solver/assembly.c): Abaqus's
/// zero-flux fraction is 1e-5; 1e-6 keeps the bound below the weight of
/// a ball in flight at h = 1e-6 s (docs/theory.md §5).
#define NSB_CONV_FLUX_NIL 1e-6
/// Record the fluxes of a converged increment in the step's average.
void nsb_conv_accept(nsb_conv* c, const nsb_conv_norms* n);
/// The residual in multiples of its tolerance, as the residual test reads
/// it: the largest field residual against its bound (the same number in any
/// unit system), or |r|_2 / TOL RESIDUAL when the deck gives that.
double nsb_conv_residual_measure(const nsb_conv* c, const nsb_conv_norms* n);
/// The residual test alone (linear problems such as the initial
/// accelerations: the residual after one solve decides).
int nsb_conv_residual_ok(const nsb_conv* c, const nsb_conv_norms* n);

#endif

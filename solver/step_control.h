/* step_control.h -- the choice of the next increment of a static or dynamic
 * step (docs/theory.md §9): the nominal grid of the step, cutbacks after a
 * failed increment (halving down to the step's smallest increment), growth
 * back to the nominal increment after success, and with EVENTS=LOCATE the
 * switching points of NEWTON-law contacts (Studer 2008: step-size
 * adaption at switching points): an increment in which a contact would
 * close is shortened to end where its gap reaches zero
 * (nsb_system_contact_event), the impact follows in an increment of
 * NSB_IMPACT_INCREMENT h_nom (the increment's impulse, Newton's law, acts
 * there; its smooth part is O(NSB_IMPACT_INCREMENT h_nom)), and the
 * increments then continue to the next point of the nominal grid.
 *
 * The driver (io/run.c) walks the grid points j = 1 .. n_inc of a step and,
 * for each, asks the control for increments until the system's time has
 * reached the grid time; it reports every failure (nsb_step_control_cutback)
 * and every success (nsb_step_control_accepted).  The control holds no
 * pointer and allocates nothing: a value on the driver's stack, begun once
 * per step (and again from a checkpoint with the substep it held).
 */
#ifndef NSB_STEP_CONTROL_H
#define NSB_STEP_CONTROL_H

#include "model/model.h"
#include "solver/system.h"

/// Length of the impact increment after a located switching point, relative
/// to the nominal increment: the smooth forces act over it, so it is the
/// error of an impact placed at the switching point (a bouncing ball's
/// rebound velocity is off by g NSB_IMPACT_INCREMENT h).
#define NSB_IMPACT_INCREMENT 1e-9
/// Switching points closer than this (relative to the nominal increment)
/// to the start of an increment are left to the increment's impact law: a
/// resting contact's round-off gap would otherwise ask for ever shorter
/// increments, and the flights of a Zeno sequence shorter than this end
/// within one increment.
#define NSB_EVENT_MIN 1e-6

/// LAW=HERTZ contacts: outside DIRECT steps an increment is shortened so that
/// omega h <= NSB_HERTZ_OMEGA_H_TARGET over it for every compliant contact
/// (nsb_system_hertz_increment; omega from the penetration the contact
/// reaches; a closed contact without beam nodes predicted to open within the
/// increment ends it where it opens), at most to NSB_HERTZ_SUBSTEP_MIN h_nom
/// (contact/pair.h), and an increment that still exceeds
/// NSB_HERTZ_OMEGA_H_WARN is repeated with half its length (status
/// NSB_ERR_UNDER_RESOLVED).

/// What the last increment the control chose was.
typedef enum nsb_increment_kind {
  NSB_INC_NOMINAL = 0, /* on the grid, or a substep after a cutback */
  NSB_INC_EVENT = 1,   /* shortened to end at a switching point */
  NSB_INC_IMPACT = 2,  /* the impact increment right after a switching point */
  NSB_INC_EVENT_FLEX = 3 /* shortened to a switching point of a contact with a beam node: no impact increment */
} nsb_increment_kind;

typedef struct nsb_step_control {
  double t0;     /* start time of the step */
  double period; /* its duration */
  long n_inc;    /* nominal increments: the smallest count with period / n_inc <= h */
  double h_nom;  /* nominal increment period / n_inc */
  double h_min;  /* smallest increment a cutback may reach (the step's h without cutbacks) */
  double sub;    /* current substep: h_nom, or less after a cutback until it has grown back */
  double rate;   /* n_inc / period when that is an integer (nominal increments per unit time), else 0 */
  int events;    /* EVENTS=LOCATE (dynamic steps) */
  int hertz;     /* shorten increments for HERTZ contacts (dynamic steps without DIRECT) */
  long n_hertz;  /* increments shortened for HERTZ contacts in the step */
  long n_hertz_land; /* of them, ended where a contact opens (nsb_system_hertz_increment) */
  long n_hertz_grow; /* of them, set by the twofold growth back after shortened increments */
  double hz_prev; /* the last increment shortened for them (0: none), from which increments grow back */
  int impact_pending;      /* the last accepted increment ended at a switching point */
  nsb_increment_kind kind; /* of the increment last chosen */
  long n_events;           /* switching points located in the step */
} nsb_step_control;

/// Begin step sd (borrowed, read here only) at time t0; sub0 > 0 continues
/// with that substep (a checkpoint's), else the substep is h_nom.
void nsb_step_control_begin(nsb_step_control* sc, const nsb_step_def* sd, double t0, double sub0);

/// Time of grid point j (0 .. n_inc) of the step: t0 + j h_nom from the
/// integer index (never a running sum), evaluated as j / rate when the
/// nominal increments per unit time are an integer (then it is the double
/// nearest to the decimal time: 175 / 1000 = 0.175, where 175 * 0.001 gives
/// 0.17500000000000002), and t0 + period exactly at j = n_inc.
double nsb_step_control_grid_time(const nsb_step_control* sc, long j);

/// Has time t reached the grid time t_target (to round-off of h_nom)?
int nsb_step_control_reached(const nsb_step_control* sc, double t, double t_target);

/// End time of the next increment of system s (borrowed) from its time t
/// towards the grid time t_target: t + substep, or t_target itself when the
/// rest is less than 1.5 substeps (the last substep lands on the grid time
/// exactly); with EVENTS=LOCATE the switching point within that increment
/// when a contact closes there, and after one the impact increment.
double nsb_step_control_next(nsb_step_control* sc, nsb_system* s, double t_target);

/// An increment of length h failed with status st: halve the substep if the
/// step allows it (1), or not (0: the failure is final; never after
/// NSB_ERR_ALLOC).  NSB_ERR_UNDER_RESOLVED (a compliant contact): the next
/// increment is h/2 whatever the step's smallest increment (the system
/// refuses no increment shorter than twice NSB_HERTZ_SUBSTEP_MIN h_nom).
int nsb_step_control_cutback(nsb_step_control* sc, int st, double h);
/// As nsb_step_control_cutback, shrinking the increment by f (0 < f < 1/2;
/// nsb_newton_report.shrink) instead of halving it, not below h_min.
int nsb_step_control_cutback_by(nsb_step_control* sc, int st, double h, double f);

/// The increment last chosen was accepted by system s (borrowed): the
/// substep grows back (doubling) towards h_nom; after an impact increment
/// the system's state after the impact (nsb_system_after_impact; its
/// failure status, with rep).
int nsb_step_control_accepted(nsb_step_control* sc, nsb_system* s, nsb_newton_report* rep);

#endif

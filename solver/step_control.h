/* step_control.h -- the choice of the next increment of a static or dynamic
 * step (docs/theory.md §9): the nominal grid of the step, cutbacks after a
 * failed increment (halving down to the step's smallest increment) and
 * growth back to the nominal increment after success.
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

typedef struct nsb_step_control {
  double t0;     /* start time of the step */
  double period; /* its duration */
  long n_inc;    /* nominal increments: the smallest count with period / n_inc <= h */
  double h_nom;  /* nominal increment period / n_inc */
  double h_min;  /* smallest increment a cutback may reach (the step's h without cutbacks) */
  double sub;    /* current substep: h_nom, or less after a cutback until it has grown back */
} nsb_step_control;

/// Begin step sd (borrowed, read here only) at time t0; sub0 > 0 continues
/// with that substep (a checkpoint's), else the substep is h_nom.
void nsb_step_control_begin(nsb_step_control* sc, const nsb_step_def* sd, double t0, double sub0);

/// Time of grid point j (0 .. n_inc) of the step.
double nsb_step_control_grid_time(const nsb_step_control* sc, long j);

/// Has time t reached the grid time t_target (to round-off of h_nom)?
int nsb_step_control_reached(const nsb_step_control* sc, double t, double t_target);

/// Size of the next increment from t towards the grid time t_target: the
/// substep, or the rest when it is less than 1.5 substeps (the last substep
/// lands on the grid time, absorbing round-off).
double nsb_step_control_next(const nsb_step_control* sc, double t, double t_target);

/// An increment failed with status st: halve the substep if the step allows
/// it (1), or not (0: the failure is final; never after NSB_ERR_ALLOC).
int nsb_step_control_cutback(nsb_step_control* sc, int st);

/// An increment was accepted: the substep grows back (doubling) towards h_nom.
void nsb_step_control_accepted(nsb_step_control* sc);

#endif

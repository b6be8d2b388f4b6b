/* step_control.c -- the choice of the next increment (see step_control.h). */
#include "solver/step_control.h"

#include <math.h>
#include "base/status.h"

void nsb_step_control_begin(nsb_step_control* sc, const nsb_step_def* sd, double t0, double sub0) {
  sc->t0 = t0;
  sc->period = sd->period;
  sc->n_inc = (long)ceil(sd->period / sd->h - 1e-9);
  sc->h_nom = sd->period / (double)sc->n_inc;
  sc->sub = sub0 > 0.0 ? sub0 : sc->h_nom;
  sc->h_min = sd->h_min > 0.0 ? sd->h_min : sd->h; /* no cutback unless the deck allows it */
}

double nsb_step_control_grid_time(const nsb_step_control* sc, long j) { return sc->t0 + (double)j * sc->h_nom; }

int nsb_step_control_reached(const nsb_step_control* sc, double t, double t_target) {
  return !(t < t_target - 1e-9 * sc->h_nom);
}

double nsb_step_control_next(const nsb_step_control* sc, double t, double t_target) {
  double rest = t_target - t;
  return rest < 1.5 * sc->sub ? rest : sc->sub;
}

int nsb_step_control_cutback(nsb_step_control* sc, int st) {
  if (sc->sub * 0.5 >= sc->h_min * (1.0 - 1e-12) && st != NSB_ERR_ALLOC) {
    sc->sub *= 0.5;
    return 1;
  }
  return 0;
}

void nsb_step_control_accepted(nsb_step_control* sc) {
  if (sc->sub < sc->h_nom) sc->sub = fmin(2.0 * sc->sub, sc->h_nom); /* grow back after a cutback */
}

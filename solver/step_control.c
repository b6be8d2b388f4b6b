/* step_control.c -- the choice of the next increment (see step_control.h). */
#include "solver/step_control.h"

#include <math.h>
#include "base/status.h"
#include "contact/pair.h"

void nsb_step_control_begin(nsb_step_control* sc, const nsb_step_def* sd, double t0, double sub0) {
  sc->t0 = t0;
  sc->period = sd->period;
  sc->n_inc = (long)ceil(sd->period / sd->h - 1e-9);
  sc->h_nom = sd->period / (double)sc->n_inc;
  sc->sub = sub0 > 0.0 ? sub0 : sc->h_nom;
  sc->h_min = sd->h_min > 0.0 ? sd->h_min : sd->h; /* no cutback unless the deck allows it */
  double r = sc->period > 0.0 ? (double)sc->n_inc / sc->period : 0.0;
  sc->events = sd->kind == NSB_STEP_DYNAMIC && sd->events;
  sc->hertz = sd->kind == NSB_STEP_DYNAMIC && !sd->direct;
  sc->hz_prev = 0.0;
  sc->n_hertz = 0;
  sc->n_hertz_land = 0;
  sc->n_hertz_grow = 0;
  sc->impact_pending = 0;
  sc->kind = NSB_INC_NOMINAL;
  sc->n_events = 0;
  sc->rate = r >= 1.0 && r < 1e15 && fabs(r - nearbyint(r)) <= 1e-9 * r ? nearbyint(r) : 0.0;
}

double nsb_step_control_grid_time(const nsb_step_control* sc, long j) {
  if (j >= sc->n_inc) return sc->t0 + sc->period;
  return sc->t0 + (sc->rate > 0.0 ? (double)j / sc->rate : (double)j * sc->h_nom);
}

int nsb_step_control_reached(const nsb_step_control* sc, double t, double t_target) {
  return !(t < t_target - 1e-9 * sc->h_nom);
}

/* The end of an increment from t towards t_new shortened for HERTZ contacts
   (not below NSB_HERTZ_SUBSTEP_MIN h_nom); a rest to t_target shorter than
   half the increment is shared with it, so that no sliver increment follows. */
static double hertz_limit(nsb_step_control* sc, nsb_system* s, double t, double t_new, double t_target) {
  double h = t_new - t, cap = h;
  /* after shortened increments the increment grows back at most twofold per
     increment: a contact that has just opened may be driven back (a beam's
     vibration) faster than its prediction from now sees */
  if (sc->hz_prev > 0.0) cap = fmin(h, 2.0 * sc->hz_prev);
  int landed = 0;
  double tau_c = nsb_system_hertz_increment(s, cap, NSB_HERTZ_OMEGA_H_TARGET, &landed);
  double tau = fmax(fmin(tau_c, cap), fmin(NSB_HERTZ_SUBSTEP_MIN * sc->h_nom, cap));
  if (!(tau < h)) {
    sc->hz_prev = 0.0;
    return t_new;
  }
  double rest = t_target - t;
  if (rest - tau < 0.5 * tau) tau = 0.5 * rest;
  sc->hz_prev = tau;
  sc->n_hertz++;
  /* what shortened it (the run's statistics): the twofold growth after
     shortened increments (no contact asked for less than the cap), a
     contact predicted to open within it (landed), or the omega h bound */
  if (!(tau_c < cap))
    sc->n_hertz_grow++;
  else if (landed)
    sc->n_hertz_land++;
  return t + tau;
}

double nsb_step_control_next(nsb_step_control* sc, nsb_system* s, double t_target) {
  double t = nsb_system_time(s), rest = t_target - t;
  double t_new = rest < 1.5 * sc->sub ? t_target : t + sc->sub;
  sc->kind = NSB_INC_NOMINAL;
  /* without a compliant pair hertz_limit keeps the increment and clears hz_prev */
  if (sc->hertz && nsb_system_has_compliant_contact(s))
    t_new = hertz_limit(sc, s, t, t_new, t_target);
  else if (sc->hertz)
    sc->hz_prev = 0.0;
  if (!sc->events) return t_new;
  double tau_min = NSB_EVENT_MIN * sc->h_nom;
  if (sc->impact_pending) {
    /* the gap at the switching point is zero to round-off of the positions
       (or, on flexible masters, to the error of the gap's quadratic); a
       contact still open by that much closes within the impact increment
       only when the increment reaches beyond the closing (Moreau's midpoint
       test): the increment is then 4 times the rest, and a rest longer than
       tau_min is a switching point again */
    int flex = 0;
    double rest_gap = nsb_system_contact_event(s, t_new - t, 0.0, &flex), d = NSB_IMPACT_INCREMENT * sc->h_nom;
    if (rest_gap > tau_min) {
      sc->kind = NSB_INC_EVENT;
      return t + rest_gap;
    }
    sc->kind = NSB_INC_IMPACT;
    if (rest_gap > 0.0) d = fmax(d, 4.0 * rest_gap);
    return fmin(t + d, t_new);
  }
  int flex = 0;
  double tau = nsb_system_contact_event(s, t_new - t, tau_min, &flex);
  if (tau > 0.0) {
    /* with a beam node in the contact the impact acts in the ordinary
       increment that starts at the switching point: an increment of
       NSB_IMPACT_INCREMENT h on the velocity-based beams turns their
       interior rotations without bound (measured: 1e11 rad on
       particle_beam_impact) */
    sc->kind = flex ? NSB_INC_EVENT_FLEX : NSB_INC_EVENT;
    double t_e = t + tau;
    /* a switching point within round-off of the grid point is the grid point */
    return t_e > t_new || t_new - t_e <= 1e-9 * sc->h_nom ? t_new : t_e;
  }
  return t_new;
}

int nsb_step_control_cutback(nsb_step_control* sc, int st, double h) {
  if (st == NSB_ERR_UNDER_RESOLVED) {
    sc->sub = 0.5 * h;
    sc->hz_prev = sc->sub;
    return 1;
  }
  if (sc->sub * 0.5 >= sc->h_min * (1.0 - 1e-12) && st != NSB_ERR_ALLOC) {
    sc->sub *= 0.5;
    return 1;
  }
  return 0;
}

int nsb_step_control_cutback_by(nsb_step_control* sc, int st, double h, double f) {
  if (!(f > 0.0 && f < 0.5) || st == NSB_ERR_UNDER_RESOLVED) return nsb_step_control_cutback(sc, st, h);
  if (!(sc->sub * 0.5 >= sc->h_min * (1.0 - 1e-12)) || st == NSB_ERR_ALLOC) return 0;
  sc->sub = fmax(f * fmin(sc->sub, h), sc->h_min);
  return 1;
}

int nsb_step_control_accepted(nsb_step_control* sc, nsb_system* s, nsb_newton_report* rep) {
  if (sc->kind == NSB_INC_EVENT || sc->kind == NSB_INC_EVENT_FLEX) sc->n_events++;
  sc->impact_pending = sc->kind == NSB_INC_EVENT;
  if (sc->sub < sc->h_nom) sc->sub = fmin(2.0 * sc->sub, sc->h_nom); /* grow back after a cutback */
  return sc->kind == NSB_INC_IMPACT ? nsb_system_after_impact(s, rep) : NSB_OK;
}

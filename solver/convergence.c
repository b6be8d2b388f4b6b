/* convergence.c -- see convergence.h and docs/theory.md §5. */
#include "solver/convergence.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* Corrections below this many units of round-off of the positions (or of a
   radian) cannot be resolved and count as converged. */
#define ROUNDOFF_UNITS 64.0

void nsb_conv_begin_step(nsb_conv* c, const nsb_conv_def* def) {
  memset(c, 0, sizeof *c);
  c->def = *def;
  if (!(c->def.length > 0.0)) c->def.length = 1.0;
}

void nsb_conv_begin_increment(nsb_conv* c) {
  c->n_iter = 0;
  c->prev_r = HUGE_VAL;
  c->prev_c_rel = HUGE_VAL;
  c->prev_cor_ok = 0;
  c->prev_tiny = 0;
  c->prev_c_abs = c->prev2_c_abs = 0.0;
  c->r_rel = c->c_rel = 0.0;
}

/* a / b with 0 / 0 = 0 and a / 0 = inf for a > 0 */
static double ratio(double a, double b) {
  if (b > 0.0) return a / b;
  return a > 0.0 ? HUGE_VAL : 0.0;
}

/* The step-averaged fluxes (Abaqus's time-averaged flux: the mean over the
   converged increments of the step and the current iteration), tied across
   fields by the length scale. */
static void fluxes(const nsb_conv* c, const nsb_conv_norms* n, double* qf, double* qm) {
  double L = c->def.length;
  double f = (c->q_sum_force + n->q_force) / (double)(c->n_sum + 1);
  double m = (c->q_sum_moment + n->q_moment) / (double)(c->n_sum + 1);
  *qf = fmax(f, m / L);
  *qm = fmax(m, f * L);
}

/* Largest residual relative to its bound over the fields. */
static double residual_ratio(const nsb_conv* c, const nsb_conv_norms* n) {
  double qf, qm;
  fluxes(c, n, &qf, &qm);
  double tol = c->def.rel_residual;
  return fmax(ratio(n->r_force, tol * qf), ratio(n->r_moment, tol * qm));
}

/* Largest correction relative to its bound over the fields. */
static double correction_ratio(const nsb_conv* c, const nsb_conv_norms* n) {
  double L = c->def.length, tol = c->def.rel_correction;
  double ut = fmax(n->du_trans, n->du_rot * L), ur = fmax(n->du_rot, n->du_trans / L);
  double bt = fmax(tol * ut, ROUNDOFF_UNITS * DBL_EPSILON * n->x_size);
  double br = fmax(tol * ur, ROUNDOFF_UNITS * DBL_EPSILON);
  return fmax(ratio(n->c_trans, bt), ratio(n->c_rot, br));
}

/* Whether the corrections are at the round-off of positions and angles. */
static int correction_at_roundoff(const nsb_conv_norms* n) {
  return n->c_trans <= ROUNDOFF_UNITS * DBL_EPSILON * n->x_size && n->c_rot <= ROUNDOFF_UNITS * DBL_EPSILON;
}

int nsb_conv_residual_ok(const nsb_conv* c, const nsb_conv_norms* n) {
  if (c->def.abs_residual > 0.0) return n->r_abs <= c->def.abs_residual;
  return residual_ratio(c, n) <= 1.0;
}

nsb_conv_verdict nsb_conv_test(nsb_conv* c, const nsb_conv_norms* n) {
  int it = c->n_iter++;
  c->r_rel = residual_ratio(c, n);
  c->c_rel = correction_ratio(c, n);
  int res_ok = c->def.abs_residual > 0.0 ? n->r_abs <= c->def.abs_residual : c->r_rel <= 1.0;
  int cor_ok = c->def.abs_correction > 0.0 ? n->c_abs <= c->def.abs_correction : c->c_rel <= 1.0;
  double r_now = c->def.abs_residual > 0.0 ? n->r_abs : c->r_rel;
  double cor_rel_now = c->def.abs_correction > 0.0 ? n->c_abs / c->def.abs_correction : c->c_rel;
  int tiny = cor_rel_now <= 1e-3 || correction_at_roundoff(n);
  nsb_conv_verdict v = NSB_CONV_CONTINUE;
  if (res_ok && cor_ok) {
    v = NSB_CONV_CONVERGED;
  } else if (c->def.abs_residual <= 0.0 && cor_ok && c->prev_cor_ok && r_now > 0.1 * c->prev_r) {
    /* The corrections are converged twice in a row and the residual no
       longer falls: it sits at its round-off floor (a stiff beam's axial
       rows resolve only to about eps EA); accept. */
    v = NSB_CONV_FLOOR;
  } else if (c->def.abs_residual <= 0.0 && c->def.abs_correction <= 0.0 && it >= 2 && c->c_rel <= 10.0 &&
             c->prev_c_rel <= 10.0 && c->c_rel > 0.25 * c->prev_c_rel && r_now > 0.1 * c->prev_r) {
    /* The corrections stall within ten times their tolerance (they no
       longer shrink by a factor 4) and the residual no longer falls: the
       round-off of the residual, propagated through the tangent, sets a
       floor of the corrections just above the tolerance (a swing of thin
       links: rotation corrections of 1.5e-14 rad against a bound of
       1.4e-14).  The state is as accurate as ten times the correction
       tolerance; accept. */
    v = NSB_CONV_FLOOR;
  } else if (c->def.abs_residual > 0.0 && it > 0 && tiny && c->prev_tiny && r_now > 0.1 * c->prev_r) {
    /* An explicit absolute residual tolerance, corrections at round-off
       (a thousandth of their tolerance, or the round-off of the positions)
       twice in a row and a residual that no longer falls: the tolerance
       lies below the round-off floor and cannot be met; the caller says so. */
    v = NSB_CONV_STAGNATED;
  } else if (res_ok && c->def.abs_correction > 0.0 && it >= 2 && n->c_abs <= 1e3 * c->def.abs_correction &&
             n->c_abs > 0.25 * c->prev_c_abs && c->prev_c_abs > 0.25 * c->prev2_c_abs) {
    /* An explicit absolute increment tolerance: the residual holds but the
       increments no longer shrink (less than a factor 4 per iteration,
       twice) within 1e3 of their tolerance: the round-off floor of the
       unknowns. */
    v = NSB_CONV_FLOOR;
  }
  c->prev2_c_abs = c->prev_c_abs;
  c->prev_c_abs = n->c_abs;
  c->prev_r = r_now;
  c->prev_c_rel = cor_rel_now;
  c->prev_cor_ok = cor_ok;
  c->prev_tiny = tiny;
  return v;
}

void nsb_conv_accept(nsb_conv* c, const nsb_conv_norms* n) {
  c->q_sum_force += n->q_force;
  c->q_sum_moment += n->q_moment;
  c->n_sum++;
}

/* convergence.c -- see convergence.h and docs/theory.md §5. */
#include "solver/convergence.h"

#include "base/vec.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* Corrections below this many units of round-off of the positions (or of a
   radian) cannot be resolved and count as converged. */
#define ROUNDOFF_UNITS 64.0

/* A measured contraction rate decays at most by this factor per measurement
   (CVODE's CRDOWN, Hindmarsh et al. 2005): one fast iteration does not
   erase the memory of slower ones. */
#define CRATE_DOWN 0.3

void nsb_conv_begin_step(nsb_conv* c, const nsb_conv_def* def) {
  memset(c, 0, sizeof *c); /* the rate unknown */
  c->def = *def;
  if (!(c->def.length > 0.0)) c->def.length = 1.0;
}

void nsb_conv_begin_increment(nsb_conv* c, int counted) {
  c->n_iter = 0;
  c->prev_r = HUGE_VAL;
  c->prev_c_rel = HUGE_VAL;
  c->prev_cor_ok = 0;
  c->prev_tiny = 0;
  c->prev_c_abs = c->prev2_c_abs = 0.0;
  c->r_rel = c->c_rel = 0.0;
  c->rate_base = 0; /* the increment's corrections come from the rate's matrix until a reset */
  c->inc_measured = 0;
  c->inc_crate = c->inc_rrate = 0.0;
  if (counted) c->n_inc++;
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
  *qf = nsb_fmax(f, m / L);
  *qm = nsb_fmax(m, f * L);
}

/* Largest residual relative to its bound over the fields. */
static double residual_ratio(const nsb_conv* c, const nsb_conv_norms* n) {
  double qf, qm;
  fluxes(c, n, &qf, &qm);
  double tol = c->def.rel_residual;
  return nsb_fmax(ratio(n->r_force, tol * qf), ratio(n->r_moment, tol * qm));
}

/* Largest correction relative to its bound over the fields. */
static double correction_ratio(const nsb_conv* c, const nsb_conv_norms* n) {
  double L = c->def.length, tol = c->def.rel_correction;
  double ut = nsb_fmax(n->du_trans, n->du_rot * L), ur = nsb_fmax(n->du_rot, n->du_trans / L);
  double bt = nsb_fmax(tol * ut, ROUNDOFF_UNITS * DBL_EPSILON * n->x_size);
  double br = nsb_fmax(tol * ur, ROUNDOFF_UNITS * DBL_EPSILON);
  return nsb_fmax(ratio(n->c_trans, bt), ratio(n->c_rot, br));
}

/* Whether the corrections are at the round-off of positions and angles. */
static int correction_at_roundoff(const nsb_conv_norms* n) {
  return n->c_trans <= ROUNDOFF_UNITS * DBL_EPSILON * n->x_size && n->c_rot <= ROUNDOFF_UNITS * DBL_EPSILON;
}

double nsb_conv_residual_measure(const nsb_conv* c, const nsb_conv_norms* n) {
  if (c->def.abs_residual > 0.0) return n->r_abs / c->def.abs_residual;
  return residual_ratio(c, n);
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
  /* the contraction rate (nsb_conv_first_ok): a correction and the
     residual after the previous one, against that previous correction, when
     both corrections came from the matrix of the rate */
  double r_tol = c->def.abs_residual > 0.0 ? n->r_abs / c->def.abs_residual : c->r_rel;
  if (it > c->rate_base && it > 0 && c->prev_c_rel > 0.0) {
    c->inc_crate = nsb_fmax(c->inc_crate, cor_rel_now / c->prev_c_rel);
    c->inc_rrate = nsb_fmax(c->inc_rrate, r_tol / c->prev_c_rel);
    c->inc_measured = 1;
  }
  c->prev2_c_abs = c->prev_c_abs;
  c->prev_c_abs = n->c_abs;
  c->prev_r = r_now;
  c->prev_c_rel = cor_rel_now;
  c->prev_cor_ok = cor_ok;
  c->prev_tiny = tiny;
  return v;
}

void nsb_conv_rate_reset(nsb_conv* c, unsigned long key) {
  c->n_rates = 0;
  c->rate_key = key;
  c->rate_base = c->n_iter;
  c->inc_measured = 0;
  c->inc_crate = c->inc_rrate = 0.0;
}

void nsb_conv_rate_skip(nsb_conv* c) { c->rate_base = c->n_iter; }

/* A rate measured r[1] at an increment d after r[0], extrapolated `age`
   increments beyond r[1] by its growth per increment (geometric: the rate
   of modified Newton grows with the distance from the state the matrix was
   formed at, and faster than linearly from rest); never below r[1]. */
static double extrapolate(const double r[2], long d, long age) {
  if (!(r[1] > r[0])) return r[1];
  if (!(r[0] > 0.0)) return HUGE_VAL;
  return r[1] * pow(r[1] / r[0], (double)age / (double)d);
}

int nsb_conv_first_ok(nsb_conv* c, unsigned long key) {
  c->est_c = c->est_r = HUGE_VAL;
  /* a first correction of zero (nothing moved) says nothing of the residual left */
  if (c->n_iter != 1 || c->n_rates < 2 || c->rate_key != key || c->rate_base != 0 || !(c->prev_c_rel > 0.0))
    return 0;
  long age = c->n_inc - c->rate_inc[1], d = c->rate_inc[1] - c->rate_inc[0];
  if (age >= NSB_CONV_CONFIRM_EVERY) return 0;
  /* prev_c_rel: the first correction in multiples of its tolerance */
  c->est_c = extrapolate(c->crate, d, age) * c->prev_c_rel;
  c->est_r = extrapolate(c->rrate, d, age) * c->prev_c_rel;
  return c->est_c <= NSB_CONV_FIRST_FRACTION && c->est_r <= NSB_CONV_FIRST_FRACTION;
}

void nsb_conv_accept(nsb_conv* c, const nsb_conv_norms* n) {
  if (c->inc_measured) {
    /* the increment's rates, kept with CVODE's memory of the last ones */
    double cr = c->inc_crate, rr = c->inc_rrate;
    if (c->n_rates > 0) {
      cr = nsb_fmax(cr, CRATE_DOWN * c->crate[1]);
      rr = nsb_fmax(rr, CRATE_DOWN * c->rrate[1]);
    }
    c->crate[0] = c->crate[1];
    c->rrate[0] = c->rrate[1];
    c->rate_inc[0] = c->rate_inc[1];
    c->crate[1] = cr;
    c->rrate[1] = rr;
    c->rate_inc[1] = c->n_inc;
    if (c->n_rates < 2) c->n_rates++;
    c->inc_measured = 0;
  }
  c->q_sum_force += n->q_force;
  c->q_sum_moment += n->q_moment;
  c->n_sum++;
}

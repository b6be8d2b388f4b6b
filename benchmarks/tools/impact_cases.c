/* impact_cases.c -- prints the impact benchmarks of the contact library
 * (contact/impact.h) as CSV rows "case,quantity,value" for benchmarks/validate:
 * Newton's cradle (Waltersberger 2007, §5.1.1) with the simultaneous
 * Newton law, the sequential scheme (Schema 5.3) and the Poisson law with
 * per-contact coefficients (e1, e2) (eqs. 5.10-5.13), and the closed form of
 * Fischer & Hennig for the hybrid girder.  The impact laws are exercised here
 * as a library; the decks of benchmarks/newtons_cradle run the same cradle
 * through the deck-level contact keywords. */
#include <math.h>
#include <stdio.h>

#include "contact/impact.h"

static int cradle(nsb_ctx* ctx, int sequential, double eps) {
  double M[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double J[3 * 6] = {0};
  J[0] = -1; /* contact 1 normal (-1, 1, 0): gap rate u2 - u1 */
  J[1] = 1;
  J[1 + 9] = -1; /* contact 2 normal (0, -1, 1) */
  J[2 + 9] = 1;
  double vm[3] = {1, 0, 0}, vp[3], e[2] = {eps, eps};
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = 3;
  def.max_contacts = 2;
  nsb_impact* imp = NULL;
  nsb_impact_stats st;
  int rc = nsb_impact_create(ctx, &def, &imp);
  if (rc == NSB_OK) rc = nsb_impact_set_system(imp, M, 3, 2, J, 3);
  if (rc == NSB_OK) rc = sequential ? nsb_impact_sequential(imp, e, vm, vp, NULL, &st) : nsb_impact_newton(imp, e, NULL, vm, vp, NULL, &st);
  nsb_impact_destroy(&imp);
  if (rc != NSB_OK) return rc;
  for (int k = 0; k < 3; ++k)
    printf("cradle %s eps=%g,v%d,%.17g\n", sequential ? "sequential" : "simultaneous", eps, k + 1, vp[k]);
  printf("cradle %s eps=%g,sub_impacts,%d\n", sequential ? "sequential" : "simultaneous", eps, st.sub_impacts);
  return NSB_OK;
}

/* The chain with the Poisson law, coefficients (e1, e2) at the two contacts. */
static int cradle_poisson(nsb_ctx* ctx, double e1, double e2) {
  double M[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double J[3 * 6] = {0};
  J[0] = -1;
  J[1] = 1;
  J[1 + 9] = -1;
  J[2 + 9] = 1;
  double vm[3] = {1, 0, 0}, vp[3], e[2] = {e1, e2};
  nsb_impact_def def = nsb_impact_default_def();
  def.n_dof = 3;
  def.max_contacts = 2;
  nsb_impact* imp = NULL;
  int rc = nsb_impact_create(ctx, &def, &imp);
  if (rc == NSB_OK) rc = nsb_impact_set_system(imp, M, 3, 2, J, 3);
  if (rc == NSB_OK) rc = nsb_impact_poisson(imp, e, vm, vp, NULL, NULL, NULL);
  nsb_impact_destroy(&imp);
  if (rc != NSB_OK) return rc;
  for (int k = 0; k < 3; ++k) printf("cradle poisson e1=%g e2=%g,v%d,%.17g\n", e1, e2, k + 1, vp[k]);
  return NSB_OK;
}

static int girder(nsb_ctx* ctx) {
  const double pi = 3.14159265358979323846, m = 1.0;
  double G[16] = {4 * m, 2 * m, 12 * m / pi, 0, 2 * m, 4 * m, 12 * m / pi, 0, 12 * m / pi, 12 * m / pi, 6 * m, 0,
                  0, 0, 0, m};
  double h[4] = {1, 0, 0, -1}, qd[4] = {1, 0, 0, 0}, dq[4];
  nsb_hybrid_impact* hi = NULL;
  nsb_hybrid_result res;
  int rc = nsb_hybrid_impact_create(ctx, 4, 0, &hi);
  /* kappa = 0 and (q1dot - q4dot) = 1: p0 and dq are the printed coefficients / (1 + kappa) */
  if (rc == NSB_OK) rc = nsb_hybrid_impact_solve(hi, G, 4, NULL, 1, h, 0.0, qd, 0.0, dq, NULL, &res);
  if (rc == NSB_OK) {
    for (int k = 0; k < 4; ++k) printf("hybrid girder,u%d,%.17g\n", k + 1, res.u[k]);
    printf("hybrid girder,p0_coefficient,%.17g\n", res.p0);
    for (int k = 0; k < 4; ++k) printf("hybrid girder,dq%d_coefficient,%.17g\n", k + 1, dq[k]);
  }
  nsb_hybrid_impact_destroy(&hi);
  return rc;
}

/* Fischer & Hennig, example 1 (impact vibrator), with the data of
   tests/test_contact.c: m1 = 2, m2 = 3, m3 = 0.5, r = 0.4, J = 0.1, q3 = 0.7,
   kappa = 0.6, qdot = (0.3, -1.2, 5), drive B = (0, 0, 1), h = (-1, 1, 0).
   benchmarks/hybrid_impact/vibrator_closed_form.inp runs its two masses. */
static int vibrator(nsb_ctx* ctx) {
  const double m1 = 2.0, m2 = 3.0, m3 = 0.5, r = 0.4, Jd = 0.1, q3 = 0.7, kappa = 0.6;
  const double c = cos(q3);
  double G[9] = {m1, 0, 0, 0, m2 + m3, -m3 * r * c, 0, -m3 * r * c, m3 * r * r + Jd};
  double B[3] = {0, 0, 1}, h[3] = {-1, 1, 0}, qd[3] = {0.3, -1.2, 5.0}, dq[3], p[1];
  nsb_hybrid_impact* hi = NULL;
  nsb_hybrid_result res;
  int rc = nsb_hybrid_impact_create(ctx, 3, 1, &hi);
  if (rc == NSB_OK) rc = nsb_hybrid_impact_solve(hi, G, 3, B, 3, h, 0.0, qd, kappa, dq, p, &res);
  if (rc == NSB_OK) {
    printf("hybrid vibrator,p0,%.17g\n", res.p0);
    for (int k = 0; k < 3; ++k) printf("hybrid vibrator,q%ddot_after,%.17g\n", k + 1, qd[k] + dq[k]);
    printf("hybrid vibrator,drive_impulse,%.17g\n", p[0]);
  }
  nsb_hybrid_impact_destroy(&hi);
  return rc;
}

int main(void) {
  nsb_ctx* ctx = NULL;
  if (nsb_ctx_create(&ctx) != NSB_OK) return 1;
  printf("case,quantity,value\n");
  int rc = cradle(ctx, 0, 1.0);
  if (rc == NSB_OK) rc = cradle(ctx, 0, 0.0);
  if (rc == NSB_OK) rc = cradle(ctx, 1, 1.0);
  if (rc == NSB_OK) rc = cradle(ctx, 1, 0.5);
  static const double ep[][2] = {{0, 1}, {1, 1}, {0, 0}, {1, 0}, {0.5, 0.5}, {0.25, 1}, {0.2, 0.6}, {0.1, 0.8},
                                 {0.7, 0.3}};
  for (size_t k = 0; rc == NSB_OK && k < sizeof ep / sizeof ep[0]; ++k) rc = cradle_poisson(ctx, ep[k][0], ep[k][1]);
  if (rc == NSB_OK) rc = girder(ctx);
  if (rc == NSB_OK) rc = vibrator(ctx);
  if (rc != NSB_OK) fprintf(stderr, "impact_cases: %s\n", nsb_ctx_error_message(ctx));
  nsb_ctx_destroy(&ctx);
  return rc == NSB_OK ? 0 : 1;
}

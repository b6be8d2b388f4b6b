/* laws.c -- Newton/Coulomb semi-smooth rows and the Hertz/Hunt-Crossley force
 * law; see laws.h and docs/contact.md §6, §7. */
#include "contact/laws.h"

void nsb_newton_coulomb_rows(int nm, double mu_st, double mu, const double lv[3], const double gam[3], double xiN,
                             double phi[3], double A[3][3], double B[3][3]) {
  for (int k = 0; k < 3; ++k) {
    phi[k] = 0.0;
    for (int l = 0; l < 3; ++l) A[k][l] = B[k][l] = 0.0;
  }
  /* Rigid contacts are often redundant (a particle on a floor against a wall
     and its neighbours in a pile), which makes the saddle matrix of the
     closed and stick branches singular.  Their tangent carries eps on the
     impulse (a proximal-point term eps (Lambda - Lambda_k)/m, zero at the
     current iterate, so the residual and the converged solution are exact);
     in redundant directions it picks the step of least change. */
  const double eps = 1e-9;
  if (lv[0] - xiN > 0.0) {
    phi[0] = xiN;
    A[0][0] = 1.0;
    B[0][0] = eps;
  } else {
    phi[0] = lv[0];
    B[0][0] = 1.0;
  }
  if (nm != 3) return;
  double y[2] = {lv[1] - gam[1], lv[2] - gam[2]};
  double ny = sqrt(y[0] * y[0] + y[1] * y[1]);
  double rho = mu * (lv[0] > 0.0 ? lv[0] : 0.0);
  if (ny <= (mu_st > mu ? mu_st : mu) * (lv[0] > 0.0 ? lv[0] : 0.0)) {
    /* stick: gamma_T = 0 (with the compliance eps, see above) */
    phi[1] = gam[1];
    phi[2] = gam[2];
    A[1][1] = A[2][2] = 1.0;
    B[1][1] = B[2][2] = eps;
    return;
  }
  double yh[2] = {y[0] / ny, y[1] / ny};
  phi[1] = lv[1] - rho * yh[0];
  phi[2] = lv[2] - rho * yh[1];
  /* d(rho yh) = yh d rho + rho/|y| (I - yh yh^T) (d lambda_vT - d gamma_T) */
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 2; ++b) {
      double Pab = (a == b ? 1.0 : 0.0) - yh[a] * yh[b];
      /* near the stick boundary (|y| -> rho) the row tends to the stick
         row gamma_T = 0: the same proximal term eps keeps it regular */
      B[1 + a][1 + b] = (a == b ? 1.0 + eps : 0.0) - rho / ny * Pab;
      A[1 + a][1 + b] = rho / ny * Pab;
    }
    if (lv[0] > 0.0) B[1 + a][0] = -mu * yh[a];
  }
}

/* F = c al^p (1 + d ald) (Hertz 1882 with the damping of Hunt & Crossley 1975). */
double nsb_hertz_force(double c, double p, double d, double al, double ald, double* F_al, double* F_ald) {
  *F_al = *F_ald = 0.0;
  if (!(al > 0.0)) return 0.0;
  double ap = pow(al, p);
  double F = c * ap * (1.0 + d * ald);
  if (F <= 0.0) return 0.0; /* Hunt-Crossley: no pull */
  *F_al = c * p * pow(al, p - 1.0) * (1.0 + d * ald);
  *F_ald = c * ap * d;
  return F;
}

double nsb_hertz_elastic(double c, double p, double al) { return c * pow(al, p); }

double nsb_hertz_potential(double c, double p, double al) { return c * pow(al, p + 1.0) / (p + 1.0); }

/* The discrete gradient (Gonzalez 1996) of V(al+) = c (al+)^(p+1)/(p+1) between
   al0 and al1, and its derivative in al1:
     F = (V0 - V1)/(al0 - al1),  dF/dal1 = (F - c (al1+)^p)/(al0 - al1)
   (from d/dal1 of the quotient, dV1/dal1 = c (al1+)^p).  Where al1 = al0 the
   quotient is the force itself (its derivative there p c al^(p-1)/2).
   Inside the contact (al0, al1 > 0: the closed increments, docs/contact.md
   §6.3) the quotient loses the digits of the change al1 - al0 against al;
   there, with u = (al1 - al0)/al0 and V1 - V0 = V0 ((1 + u)^(p+1) - 1),
     F = c al0^p expm1((p+1) log1p(u)) / ((p+1) u),
   exact to round-off for any u > -1, and its derivative
     dF/dal1 = c al0^(p-1) ((1 + u)^p - F/(c al0^p)) / u
   for |u| >= 1e-3 (its cancellation costs eps/|u|), below that the mean's
   Taylor series in d = al1 - al0, F'/2 + F'' d/3 + F''' d^2/8 + F'''' d^3/30
   (the next term is of order u^4/144 of the first). */
static double hertz_mean_inside(double c, double p, double al0, double al1, double* F_al1) {
  const double u = (al1 - al0) / al0, F0 = c * pow(al0, p);
  const double g = u == 0.0 ? 1.0 : expm1((p + 1.0) * log1p(u)) / ((p + 1.0) * u);
  if (fabs(u) >= 1e-3) {
    *F_al1 = F0 / al0 * (exp(p * log1p(u)) - g) / u;
  } else {
    const double k1 = p, k2 = k1 * (p - 1.0), k3 = k2 * (p - 2.0), k4 = k3 * (p - 3.0);
    *F_al1 = F0 / al0 * (k1 / 2.0 + u * (k2 / 3.0 + u * (k3 / 8.0 + u * k4 / 30.0)));
  }
  return F0 * g;
}

double nsb_hertz_mean_force(double c, double p, double al0, double al1, double* F_al1) {
  const double a0 = al0 > 0.0 ? al0 : 0.0, a1 = al1 > 0.0 ? al1 : 0.0;
  if (a0 > 0.0 && a1 > 0.0) return hertz_mean_inside(c, p, a0, a1, F_al1);
  if (al0 == al1) {
    *F_al1 = a0 > 0.0 ? 0.5 * p * c * pow(a0, p - 1.0) : 0.0;
    return a0 > 0.0 ? c * pow(a0, p) : 0.0;
  }
  const double F = (nsb_hertz_potential(c, p, a0) - nsb_hertz_potential(c, p, a1)) / (al0 - al1);
  *F_al1 = (F - nsb_hertz_elastic(c, p, a1)) / (al0 - al1);
  return F;
}

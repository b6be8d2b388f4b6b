/* laws.h -- the contact laws: Signorini with Newton's impact law, Coulomb's
 * friction law, and the compliant Hertz/Hunt-Crossley force law
 * (docs/contact.md §1, §6, §7).
 *
 * The nonsmooth laws are written as projections (prox), for any r > 0
 * (Studer 2008; docs/contact.md §1):
 *
 *     xi_N     = gamma_N + e min(gamma_N^-, 0)                (Newton, Moreau)
 *     Lambda_N = prox_{R+}(Lambda_N - r xi_N)                 (Signorini)
 *     Lambda_T = prox_{D(mu Lambda_N)}(Lambda_T - r gamma_T)  (Coulomb, disk D)
 *
 * The projections are static inline (they sit in the innermost loop of every
 * Gauss-Seidel sweep, contact/prox.h); the semi-smooth rows of the time
 * step's NEWTON contacts (contact/pair.c) are their generalized derivatives.
 * The Hertz law acts on a penetration alpha = -g >= 0 and its rate.
 *
 * Everything here is a pure function of its arguments: no state, no
 * allocation, no model access.
 */
#ifndef NSB_CONTACT_LAWS_H
#define NSB_CONTACT_LAWS_H

#include <math.h>

/* ---- projections --------------------------------------------------------- */

/// prox onto R+: max(x, 0).
static inline double nsb_prox_rplus(double x) { return x > 0.0 ? x : 0.0; }

/// prox onto the closed disk of radius rad >= 0 in R^2 (isotropic Coulomb):
/// y = x if |x| <= rad, else rad x / |x|.  rad <= 0 gives y = 0.  x and y may alias.
static inline void nsb_prox_disk(const double* x, double rad, double* y) {
  double n = sqrt(x[0] * x[0] + x[1] * x[1]);
  if (!(rad > 0.0)) {
    y[0] = y[1] = 0.0;
  } else if (n <= rad) {
    y[0] = x[0];
    y[1] = x[1];
  } else {
    double s = rad / n;
    y[0] = s * x[0];
    y[1] = s * x[1];
  }
}

/// prox onto the Coulomb cone K_mu = {(n, t) : |t| <= mu n} in R^3 (x[0] normal):
/// inside -> x; in the polar cone (mu |t| <= -n) -> 0; else the nearest point on
/// the mantle, n' = (n + mu |t|)/(1 + mu^2), t' = mu n' t/|t|.  mu >= 0; x and y may alias.
static inline void nsb_prox_cone(const double* x, double mu, double* y) {
  double n = x[0], t = sqrt(x[1] * x[1] + x[2] * x[2]);
  if (t <= mu * n) {
    y[0] = x[0];
    y[1] = x[1];
    y[2] = x[2];
  } else if (mu * t <= -n) {
    y[0] = y[1] = y[2] = 0.0;
  } else {
    double np = (n + mu * t) / (1.0 + mu * mu);
    double s = t > 0.0 ? mu * np / t : 0.0;
    y[0] = np;
    y[1] = s * x[1];
    y[2] = s * x[2];
  }
}

/// prox onto the admissible impulses of Signorini and Coulomb taken in turn
/// (the SPLIT law): y_N = prox_{R+}(x_N), then, with friction (n_dir = 3),
/// y_T = prox_{D(mu y_N)}(x_T).  n_dir = 1 (normal only) leaves y[1], y[2]
/// untouched.  x and y may alias.
static inline void nsb_prox_coulomb(int n_dir, double mu, const double* x, double* y) {
  y[0] = nsb_prox_rplus(x[0]);
  if (n_dir == 3) nsb_prox_disk(x + 1, mu * y[0], y + 1);
}

/// The SPLIT law with static friction (n_dir = 3): y_N = prox_{R+}(x_N); the
/// tangential trial x_T sticks (y_T = x_T) inside the disk of radius
/// mu_st y_N, else slides on the disk of radius mu y_N (y_T = mu y_N
/// x_T/|x_T|), mu_st >= mu >= 0.  x and y may alias.
static inline void nsb_prox_coulomb_static(double mu_st, double mu, const double* x, double* y) {
  y[0] = nsb_prox_rplus(x[0]);
  double n = sqrt(x[1] * x[1] + x[2] * x[2]);
  if (n <= mu_st * y[0]) {
    y[1] = x[1];
    y[2] = x[2];
  } else {
    nsb_prox_disk(x + 1, mu * y[0], y + 1);
  }
}

/* ---- Newton's impact law, Coulomb's friction law -------------------------- */

/// The normal velocity of Newton's impact law in Moreau's form,
/// xi_N = gamma_N+ + e min(gamma_N-, 0): restitution e acts only on a contact
/// that approached at the start of the increment (gamma_N- < 0), so a
/// separating contact is never driven apart by -e gamma_N-.
static inline double nsb_newton_xi(double gamma_N, double e, double gamma_N_pre) {
  return gamma_N + e * (gamma_N_pre < 0.0 ? gamma_N_pre : 0.0);
}

/// The normal velocity of Newton's law in the time step (docs/contact.md
/// §7.1): as nsb_newton_xi for an approaching contact, but a contact that
/// separates at t_n (gamma_N- > 0) and is still active gets
/// xi_N = gamma_N+ + gamma_N- (persistency, Laursen & Chawla 1997).  The
/// impulse then works Lambda (gamma_N+ + gamma_N-)/2 = Lambda (1 - e)
/// min(gamma_N-, 0)/2 <= 0 over the increment whatever the sign of
/// gamma_N-: the law never adds energy.
static inline double nsb_newton_xi_step(double gamma_N, double e, double gamma_N_pre) {
  return gamma_N + (gamma_N_pre < 0.0 ? e : 1.0) * gamma_N_pre;
}

/// The law of a contact on a node without translational mass (MASS=REDISTRIBUTED,
/// docs/contact.md §7.2): xi_N = gamma_N + gamma_N_pre for either sign of
/// gamma_N_pre, i.e. the node's step-average normal velocity (gamma_N +
/// gamma_N_pre)/2 of the trapezoidal rule is zero while the contact carries an
/// impulse (persistency, Laursen & Chawla 1997), so the impulse does no work.
/// No restitution: the node's own velocity carries no energy.
static inline double nsb_newton_xi_massless(double gamma_N, double gamma_N_pre) { return gamma_N + gamma_N_pre; }

/// Part of the impulse of an increment that a massless slave's force P_pre
/// at t_n carries (docs/contact.md §7.2): (h - t_imp) P_pre, t_imp the
/// impulse time of P_n+1 (nsb_impulse_time; gamma h), i.e. (1 - gamma) h P_n.
/// The node has no mass, so its equation holds at every t_n with the force
/// of its contact; the trapezoidal rule of the beam then applies
/// (1 - gamma) h P_n + gamma h P_n+1 to it over the increment, and that sum
/// is the impulse the law must make complementary to the node's step-average
/// velocity for the impulse to do no work.  In the generalized-alpha form the
/// node's force enters at t_n+1-alpha_f, and contact/pair.c passes
/// t_imp = (1 - alpha_f) h (massless_alpha).
static inline double nsb_newton_massless_pre(double h, double t_imp, double P_pre) { return (h - t_imp) * P_pre; }

/// The semi-smooth rows of Newton's law and Coulomb's law for one contact at
/// velocity level (docs/contact.md §7), in impulses lv (velocity units,
/// lambda/m) and contact velocities gam (normal, two tangents; xiN from
/// nsb_newton_xi):
///   phi_k = sum_l A[k][l] gamma_l + B[k][l] lv_l + const,
/// with phi the residual of lv = prox(lv - xi) for the branch the iterate is
/// on: normal closed (phi = xi_N) or open (phi = lv_N); tangents stick
/// (phi = gamma_T) or slip (phi = lv_T - mu lv_N y/|y|, y = lv_T - gamma_T,
/// differentiated exactly).  The closed and stick rows carry a proximal term
/// eps = 1e-9 on the impulse in B only (redundant contacts, see laws.c).
/// nm = 1 (frictionless) or 3; mu the friction coefficient of the slip rows;
/// mu_st >= mu the slope of the stick test |y| <= mu_st lambda_N (static
/// friction: the stick cone mu_st, the slip cone mu; mu_st = mu is Coulomb's
/// law).  Fills phi, A and B (zeroed first).
void nsb_newton_coulomb_rows(int nm, double mu_st, double mu, const double lv[3], const double gam[3], double xiN,
                             double phi[3], double A[3][3], double B[3][3]);

/* ---- compliant law ---------------------------------------------------------- */

/// Hertz/Hunt-Crossley force for penetration al >= 0 and its rate ald, with
/// the pair's STIFFNESS c, EXPONENT p and DAMPING d: F = c al^p (1 + d ald)
/// when al > 0 and F > 0 (no pull), else 0; *F_al, *F_ald its partial
/// derivatives (0 where F = 0).
double nsb_hertz_force(double c, double p, double d, double al, double ald, double* F_al, double* F_ald);
/// Elastic part of the Hertz force, c al^p (its damping part is F minus this).
double nsb_hertz_elastic(double c, double p, double al);
/// Potential of the elastic part, c al^(p+1)/(p + 1).
double nsb_hertz_potential(double c, double p, double al);
/// Discrete gradient of the Hertz potential between the penetrations al0 and
/// al1 (Gonzalez 1996): the mean force F = (V(al0+) - V(al1+))/(al0 - al1),
/// al+ = max(al, 0), whose work over the change al1 - al0 is exactly
/// -(V(al1+) - V(al0+)); c al0^p where al1 = al0 (and 0 where both are <= 0).
/// *F_al1 its derivative in al1, (F - c (al1+)^p)/(al0 - al1).  For al0, al1
/// > 0 both are evaluated in the ratio u = (al1 - al0)/al0 (expm1, log1p and
/// a series for |u| < 1e-3), accurate to round-off however close al1 is to al0.
double nsb_hertz_mean_force(double c, double p, double al0, double al1, double* F_al1);

#endif

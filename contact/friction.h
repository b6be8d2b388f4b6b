/* friction.h -- regularized tangential laws for the compliant normal laws
 * (LAW=HERTZ, LAW=WINKLER): the friction force is a function of the slip
 * velocity (and, for ELASTOPLASTIC, of the contact's friction state at t_n),
 * with its derivative, so that the contact element carries a tangent in the
 * step's Newton iteration (docs/contact.md §6.2): the exact one, but for
 * the radial part of ELASTOPLASTIC in slip (a secant, see below).
 *
 * FRICTION LAW=SMOOTH: Coulomb's force regularized in the slip velocity,
 *
 *     T = -mu N v_T / sqrt(|v_T|^2 + v_s^2),
 *
 * |T| < mu N for every v_T, |T| -> mu N for |v_T| >> v_s, T ~ -(mu N / v_s) v_T
 * (a linear damper) for |v_T| << v_s: no true stick, a creep velocity of
 * order v_s F / (mu N) under a load F < mu N.  v_s is SLIP VELOCITY.
 *
 * FRICTION LAW=ELASTOPLASTIC: the elasto-visco-plastic law of Stamm (2011,
 * §4.4): the slip x = z + w splits into an elastic part z (a Kelvin-Voigt
 * element c, beta) and a plastic part w (sliding), in series:
 *
 *     T = -c z - beta z',   w' = lambda (-T),   |T| <= mu N,
 *
 * with the plastic rate (Stamm's eq. 4.72) w' = (c/beta z + x')(1 - mu N /
 * |c z + beta x'|) when that is positive.  In the time step (trapezoidal
 * increment of z, as the scheme moves the nodes) this is a radial return:
 * with the trial force a = c (z_n + h/2 (v_T,n + v_T)) + beta v_T,
 *
 *     T = -a                     if |a| <= mu N   (stick: z follows the slip)
 *     T = -mu N a/|a|            else             (slip)
 *     w' = (a + T)/(beta + c h),  z_n+1 = z_n + h/2 (v_T,n + v_T) - h w'.
 *
 * mu is the static coefficient while the contact sticks (|w'| <= eps_k at
 * t_n, Stamm's re-entry velocity eps_k = SLIP VELOCITY) and the dynamic one
 * while it slides.  c and beta from Stamm's guidelines (§5.5): c = omega_c^2
 * m_c / eps_c, beta = 2 sqrt(c m_c) (critical).
 *
 * Everything here is a pure function of its arguments: no state, no
 * allocation, no model access.
 */
#ifndef NSB_CONTACT_FRICTION_H
#define NSB_CONTACT_FRICTION_H

#include "base/vec.h"

/// The SMOOTH law per unit normal force: S = T / N = -mu v_T / sqrt(|v_T|^2 +
/// vs^2) for the tangential slip velocity vT (vs > 0), and into *dS its
/// derivative dS/dv_T = -mu (k I - k^3 v_T v_T^T), k = (|v_T|^2 + vs^2)^(-1/2).
nsb_vec3 nsb_friction_smooth(double mu, double vs, nsb_vec3 vT, nsb_mat3* dS);

/// ELASTOPLASTIC: the friction force T on the slave for the trial force a
/// (see above) and the slip threshold mu N (mu N >= 0): -a inside the disk,
/// else -mu N a/|a|.  *T_N = dT/dN (0 in stick, -mu a/|a| in slip), *slip = 1
/// in slip, *T_a = dT/da in stick (-I) but the secant -mu N/|a| I in slip:
/// the derivative -mu N/|a| (I - a a^T/|a|^2) has no radial stiffness, and
/// Newton's iteration on the step's equations, whose radial stiffness then
/// drops from m/h + beta + c h/2 in stick to m/h in slip, jumps across the
/// stick disk and back (a two-cycle, the friction force flipping; seen on
/// the whirling disk of benchmarks/rotating_disk); with the secant, whose
/// linear model passes through T(0) = 0, the iteration converged there
/// (linearly near the disk, almost quadratically in gross slip, where
/// mu N/|a| is small).
nsb_vec3 nsb_friction_elastoplastic(double mu, double N, nsb_vec3 a, nsb_vec3* T_N, nsb_mat3* T_a, int* slip);

/// Stamm's (2011, eqs. 5.61-5.62) regularization of the stick: the stiffness
/// c = omega_c^2 m_c / eps_c and the critical damping beta = 2 sqrt(c m_c)
/// of the Kelvin-Voigt element, from the dimensionless eps_c (> 0), the
/// highest frequency of interest omega_c (> 0) and the contact mass m_c (> 0).
void nsb_friction_stick_parameters(double eps_c, double omega_c, double m_c, double* c, double* beta);

/* ---- friction state (output) -------------------------------------------- */

/// The friction state of a compliant contact as contacts.csv reports it
/// (column friction_state), after the three states of Stamm (2011, §4.6,
/// §5.3): stick H, slip with plastic deformation G (the transition) and gross
/// sliding A.  NONE: no friction force (a frictionless pair, LAW=NEWTON, whose
/// tangential impulses are in their own columns, a static step, or no normal
/// force).  The law here has no separate gross-sliding state (it keeps
/// integrating z, docs/contact.md §6.2), so G and A are told apart after the
/// increment by Stamm's angle criterion (his eqs. 4.89-4.93): the friction
/// force within psi_k of -v_T is A.
typedef enum nsb_friction_state {
  NSB_FSTATE_NONE = 0,       /* no friction force */
  NSB_FSTATE_STICK = 1,      /* H: ELASTOPLASTIC w' = 0; SMOOTH |v_T| <= v_s */
  NSB_FSTATE_TRANSITION = 2, /* G: ELASTOPLASTIC w' != 0, angle(T, -v_T) > psi_k */
  NSB_FSTATE_SLIDE = 3       /* A: ELASTOPLASTIC w' != 0, angle(T, -v_T) <= psi_k; SMOOTH |v_T| > v_s */
} nsb_friction_state;

/// Stamm's (2011, eq. 5.76) angle psi_k = pi/500 between the friction force
/// and the slip velocity below which a plastic slip is gross sliding.
#define NSB_FRICTION_PSI_K (3.14159265358979323846 / 500.0)

/// ELASTOPLASTIC: the state of a loaded contact at the end of an increment
/// from its friction force T, slip velocity vT and plastic rate |w'| (>= 0):
/// STICK when |w'| = 0 (the trial force inside the disk: w' is exactly zero
/// there), else SLIDE when T.(-v_T) > cos(psi_k) |T| |v_T| (both nonzero),
/// else TRANSITION.
nsb_friction_state nsb_friction_state_elastoplastic(nsb_vec3 T, nsb_vec3 vT, double rate);

/// SMOOTH (no true stick): STICK while the slip speed |vT| is at most the
/// law's SLIP VELOCITY vs (the steep, damper-like part of the law, where a
/// load below mu N creeps), SLIDE above it.
nsb_friction_state nsb_friction_state_smooth(double vs, nsb_vec3 vT);

#endif

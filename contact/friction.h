/* friction.h -- regularized tangential laws for the compliant normal laws
 * (LAW=HERTZ): the friction force is a smooth function of the slip velocity,
 * with its derivative, so that the contact element carries a consistent
 * tangent in the step's Newton iteration (docs/contact.md §6.2).
 *
 * FRICTION LAW=SMOOTH: Coulomb's force regularized in the slip velocity,
 *
 *     T = -mu N v_T / sqrt(|v_T|^2 + v_s^2),
 *
 * |T| < mu N for every v_T, |T| -> mu N for |v_T| >> v_s, T ~ -(mu N / v_s) v_T
 * (a linear damper) for |v_T| << v_s: no true stick, a creep velocity of
 * order v_s F / (mu N) under a load F < mu N.  v_s is SLIP VELOCITY.
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

#endif

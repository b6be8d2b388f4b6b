/* friction.c -- regularized tangential laws; see friction.h and
 * docs/contact.md §6.2. */
#include "contact/friction.h"

#include <math.h>

nsb_vec3 nsb_friction_smooth(double mu, double vs, nsb_vec3 vT, nsb_mat3* dS) {
  double k = 1.0 / sqrt(nsb_v3_dot(vT, vT) + vs * vs);
  *dS = nsb_m3_sub(nsb_m3_scale(-mu * k, nsb_m3_identity()), nsb_m3_scale(-mu * k * k * k, nsb_m3_outer(vT, vT)));
  return nsb_v3_scale(-mu * k, vT);
}

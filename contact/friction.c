/* friction.c -- regularized tangential laws; see friction.h and
 * docs/contact.md §6.2. */
#include "contact/friction.h"

#include <math.h>

nsb_vec3 nsb_friction_smooth(double mu, double vs, nsb_vec3 vT, nsb_mat3* dS) {
  /* k = (|v_T|^2 + vs^2)^(-1/2) without under- or overflow of the squares,
     and k^3 v_T v_T^T = k u u^T with u = k v_T (|u| < 1) */
  double k = 1.0 / hypot(nsb_v3_norm(vT), vs);
  nsb_vec3 u = nsb_v3_scale(k, vT);
  *dS = nsb_m3_scale(-mu * k, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(u, u)));
  return nsb_v3_scale(-mu, u);
}

nsb_vec3 nsb_friction_elastoplastic(double mu, double N, nsb_vec3 a, nsb_vec3* T_N, nsb_mat3* T_a, int* slip) {
  double na = nsb_v3_norm(a), lim = mu * N;
  if (na <= lim) {
    *slip = 0;
    *T_N = nsb_v3_zero();
    *T_a = nsb_m3_scale(-1.0, nsb_m3_identity());
    return nsb_v3_scale(-1.0, a);
  }
  /* na > lim >= 0: the direction is defined.  T_a is the secant -lim/|a| I
     (see friction.h), not the derivative -lim/|a| (I - ah ah^T). */
  nsb_vec3 ah = nsb_v3_scale(1.0 / na, a);
  *slip = 1;
  *T_N = nsb_v3_scale(-mu, ah);
  *T_a = nsb_m3_scale(-lim / na, nsb_m3_identity());
  return nsb_v3_scale(-lim, ah);
}

void nsb_friction_stick_parameters(double eps_c, double omega_c, double m_c, double* c, double* beta) {
  *c = omega_c * omega_c * m_c / eps_c;
  *beta = 2.0 * sqrt(*c * m_c);
}

nsb_friction_state nsb_friction_state_elastoplastic(nsb_vec3 T, nsb_vec3 vT, double rate) {
  if (!(rate > 0.0)) return NSB_FSTATE_STICK;
  /* cos psi = T.(-v_T)/(|T| |v_T|) > cos psi_k (Stamm 2011, eq. 4.93) */
  double nT = nsb_v3_norm(T), nv = nsb_v3_norm(vT);
  if (nT > 0.0 && nv > 0.0 && -nsb_v3_dot(T, vT) > cos(NSB_FRICTION_PSI_K) * nT * nv) return NSB_FSTATE_SLIDE;
  return NSB_FSTATE_TRANSITION;
}

nsb_friction_state nsb_friction_state_smooth(double vs, nsb_vec3 vT) {
  return nsb_v3_norm(vT) <= vs ? NSB_FSTATE_STICK : NSB_FSTATE_SLIDE;
}

/* integrator.c -- Newmark on SO(3), modified Newmark, static and
 * initial-acceleration maps (see integrator.h and docs/theory.md). */
#include "solver/integrator.h"

#include <string.h>

/* ---- modified Newmark ------------------------------------------------------- */

/* rates from the step averages: v = ((b-1)/b) v_n + vbar/b,
   a = ((g-1)/g) a_n - v_n/(b g h) + vbar/(b g h) */
static void mn_rates(const nsb_scheme* s, const double* vn, const double* an, const double* vb, double* v,
                     double* a) {
  double b = s->beta, g = s->gamma, h = s->h;
  for (int k = 0; k < 3; ++k) {
    v[k] = (b - 1.0) / b * vn[k] + vb[k] / b;
    a[k] = (g - 1.0) / g * an[k] - vn[k] / (b * g * h) + vb[k] / (b * g * h);
  }
}

/* Generalized-alpha form of the modified scheme (docs/theory.md §3.5): the
   step average is Newmark's, vbar = v_n + h ((1/2 - b) p_n + b p), with the
   Newmark parameters b, g of the pseudo-accelerations p (Arnold & Bruls 2007):
     p = (vbar - v_n - h (1/2 - b) p_n) / (b h),
     v = v_n + h ((1 - g) p_n + g p) = (1 - g/b) v_n + (g/b) vbar + h (1 - g/(2b)) p_n,
     (1 - af) a + af a_n = (1 - am) p + am p_n.
   pn NULL: p_n = a_n (pseudo-accelerations not started). */
static void mn_rates_alpha(const nsb_scheme* s, const double* vn, const double* an, const double* pn,
                           const double* vb, double* v, double* a, double* p) {
  double b = s->beta, g = s->gamma, h = s->h, am = s->am, af = s->af;
  if (!pn) pn = an;
  for (int k = 0; k < 3; ++k) {
    p[k] = (vb[k] - vn[k] - h * (0.5 - b) * pn[k]) / (b * h);
    v[k] = vn[k] + h * ((1.0 - g) * pn[k] + g * p[k]);
    a[k] = ((1.0 - am) * p[k] + am * pn[k] - af * an[k]) / (1.0 - af);
  }
}

/* Old pseudo-accelerations of node i (NULL: the accelerations). */
static const double* p_old(const nsb_scheme* s, int i) { return s->p_valid ? s->p_n + 3 * i : NULL; }
static const double* pw_old(const nsb_scheme* s, int i) { return s->p_valid ? s->pw_n + 3 * i : NULL; }

/* New velocity and acceleration (and pseudo-acceleration, generalized-alpha
   form) of a translation (rot = 0) or rotation (rot = 1) of node i from its
   step average vb.  p may be NULL for the plain scheme. */
static void mn_point(const nsb_scheme* s, int i, int rot, const double* vn, const double* an, const double* vb,
                     double* v, double* a, double* p) {
  if (s->pseudo)
    mn_rates_alpha(s, vn, an, rot ? pw_old(s, i) : p_old(s, i), vb, v, a, p);
  else
    mn_rates(s, vn, an, vb, v, a);
}

static void mn_update(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  const double* vb = s->vbar + 3 * i;
  for (int k = 0; k < 3; ++k) cur->x[3 * i + k] = old->x[3 * i + k] + s->h * vb[k];
  mn_point(s, i, 0, old->v + 3 * i, old->a + 3 * i, vb, cur->v + 3 * i, cur->a + 3 * i, s->p ? s->p + 3 * i : NULL);
  /* prescribed translations: the prescribed end rates (mn_prescribe) */
  for (int k = 0; k < 3; ++k)
    if (s->end_mask[i] & (8u << k)) {
      cur->v[3 * i + k] = s->v_end[3 * i + k];
      cur->a[3 * i + k] = s->a_end[3 * i + k];
    }
  if (ndof == 6) {
    const double* wb = s->wbar + 3 * i;
    nsb_quat q = nsb_q_mul(nsb_q_load(old->q + 4 * i), nsb_so3_exp_q(nsb_v3_scale(s->h, nsb_v3_load(wb))));
    nsb_q_store(nsb_q_normalize(q), cur->q + 4 * i);
    mn_point(s, i, 1, old->w + 3 * i, old->al + 3 * i, wb, cur->w + 3 * i, cur->al + 3 * i,
             s->pw ? s->pw + 3 * i : NULL);
    /* prescribed rotations: the prescribed end rates (mn_hold_rotation) */
    for (int k = 0; k < 3; ++k)
      if (s->end_mask[i] & (1u << k)) {
        cur->w[3 * i + k] = s->w_end[3 * i + k];
        cur->al[3 * i + k] = s->al_end[3 * i + k];
      }
  }
}

/* Predictor from the history of the primary unknowns: linear extrapolation
   of the last two converged step averages (second order for smooth motion),
   the last one after a single increment.  vbar is always well determined,
   while v_n and a_n are derived from it and oscillate (beta = gamma = 1/2)
   when part of a model has (almost) no mass, as in the quasi-static beam runs
   of Češarek 2013; a constant-acceleration predictor built from them starts
   Newton far away there.  Returns 0 if there is no history. */
static int history_predict(nsb_scheme* s, int i, int ndof) {
  if (s->n_hist == 0) return 0;
  /* step averages belong to the step midpoints: extrapolate over the
     distance between the midpoints, (h + h_n)/2, per (h_n + h_nm1)/2 */
  double c = 0.0;
  if (s->n_hist == 2) c = 0.5 * (s->h + s->h_n) / (0.5 * (s->h_n + s->h_nm1));
  for (int k = 0; k < 3; ++k) {
    int q = 3 * i + k;
    s->vbar[q] = s->vbar_n[q] + c * (s->vbar_n[q] - s->vbar_nm1[q]);
    if (ndof == 6) s->wbar[q] = s->wbar_n[q] + c * (s->wbar_n[q] - s->wbar_nm1[q]);
  }
  return 1;
}

static void mn_predict(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  s->end_mask[i] = 0; /* prescribe and hold_rotation follow for the node's supports */
  /* without history: constant acceleration, v_{n+1} = v_n + h a_n, vbar = v_n + b h a_n;
     generalized-alpha form: constant pseudo-acceleration, vbar = v_n + h p_n / 2 */
  if (!history_predict(s, i, ndof)) {
    const double* pa = s->pseudo && p_old(s, i) ? p_old(s, i) : old->a + 3 * i;
    const double* pl = s->pseudo && pw_old(s, i) ? pw_old(s, i) : old->al + 3 * i;
    double c = s->pseudo ? 0.5 * s->h : s->beta * s->h;
    for (int k = 0; k < 3; ++k) {
      s->vbar[3 * i + k] = old->v[3 * i + k] + c * pa[k];
      if (ndof == 6) s->wbar[3 * i + k] = old->w[3 * i + k] + c * pl[k];
    }
  }
  mn_update(s, i, ndof, old, cur);
}

static nsb_vec3 nm_theta(const nsb_state* old, const nsb_state* cur, int i);
static const nsb_scheme_ops newmark_ops;

void nsb_scheme_commit(nsb_scheme* s, const nsb_state* old, const nsb_state* cur) {
  size_t n = 3 * (size_t)s->n_nodes * sizeof(double);
  if (s->ops == &newmark_ops) {
    for (int i = 0; i < s->n_nodes; ++i) {
      for (int k = 0; k < 3; ++k) s->vbar[3 * i + k] = (cur->x[3 * i + k] - old->x[3 * i + k]) / s->h;
      nsb_v3_store(nsb_v3_scale(1.0 / s->h, nm_theta(old, cur, i)), s->wbar + 3 * i);
    }
  }
  if (s->p && s->p_valid) {
    memcpy(s->p_n, s->p, n);
    memcpy(s->pw_n, s->pw, n);
  }
  memcpy(s->vbar_nm1, s->vbar_n, n);
  memcpy(s->wbar_nm1, s->wbar_n, n);
  memcpy(s->vbar_n, s->vbar, n);
  memcpy(s->wbar_n, s->wbar, n);
  s->h_nm1 = s->h_n;
  s->h_n = s->h;
  if (s->n_hist < 2) s->n_hist++;
}

static void mn_apply(nsb_scheme* s, int i, int ndof, const double* d, const nsb_state* old, nsb_state* cur) {
  for (int k = 0; k < 3; ++k) s->vbar[3 * i + k] += d[k];
  if (ndof == 6)
    for (int k = 0; k < 3; ++k) s->wbar[3 * i + k] += d[3 + k];
  mn_update(s, i, ndof, old, cur);
}

/* The position follows the prescribed value; with end, its rates at t_{n+1}
   are the prescribed ones, for the reason given at mn_hold_rotation (a
   support driven at a constant speed from rest by a TABULAR amplitude
   otherwise alternated between 0 and twice the speed, its reaction 400,
   -780, 1153, ... N against a 3 N load: tests/user pushed_mass). */
static void mn_prescribe(nsb_scheme* s, int i, int c, double xv, const double* end, const nsb_state* old,
                         nsb_state* cur) {
  s->vbar[3 * i + c] = (xv - old->x[3 * i + c]) / s->h;
  cur->x[3 * i + c] = xv;
  double v[3], a[3], p[3];
  mn_point(s, i, 0, old->v + 3 * i, old->a + 3 * i, s->vbar + 3 * i, v, a, p);
  cur->v[3 * i + c] = v[c];
  cur->a[3 * i + c] = a[c];
  if (s->pseudo) s->p[3 * i + c] = p[c];
  if (!end) return;
  s->v_end[3 * i + c] = cur->v[3 * i + c] = end[0];
  s->a_end[3 * i + c] = cur->a[3 * i + c] = end[1];
  s->end_mask[i] |= 8u << c;
}

/* The rotation follows the prescribed angle through wbar_k; its end rates
   are the prescribed ones (end).  Derived from wbar_k, the end rate
   w_{n+1} = ((b-1)/b) w_n + wbar/b carries any disturbance of w_n with the
   factor (b-1)/b (-1 at b = 1/2, RHOINF=1) from increment to increment, and
   the angular acceleration with it: the support moment, which holds the end
   point's equation of motion, then alternated about the driving torque.  The
   rotation itself is unchanged (a driven component has no correction); the
   elements at the node see the prescribed rates. */
static void mn_hold_rotation(nsb_scheme* s, int i, unsigned mask, const double* target, const double* end,
                             const nsb_state* old, nsb_state* cur) {
  for (int k = 0; k < 3; ++k) {
    if (!(mask & (1u << k))) continue;
    s->wbar[3 * i + k] = target[k];
    if (end) {
      s->w_end[3 * i + k] = end[k];
      s->al_end[3 * i + k] = end[3 + k];
    }
  }
  s->end_mask[i] = (s->end_mask[i] & ~7u) | (end ? mask : 0u);
  mn_update(s, i, 6, old, cur);
}

static void mn_kin(const nsb_scheme* s, int i, int ndof, const nsb_state* old, const nsb_state* cur, nsb_kin* k) {
  (void)old;
  (void)cur;
  double b = s->beta, g = s->gamma, h = s->h;
  k->cr = h;
  /* plain: dv = dvbar/b, da = dvbar/(b g h); generalized-alpha form:
     dv = (g/b) dvbar, da = (1 - am)/((1 - af) b h) dvbar */
  k->cv = s->pseudo ? g / b : 1.0 / b;
  k->ca = s->pseudo ? (1.0 - s->am) / ((1.0 - s->af) * b * h) : 1.0 / (b * g * h);
  if (ndof == 6) {
    /* R = R_n exp(h wbar): dTheta = h T(h wbar)^T dwbar */
    nsb_mat3 T = nsb_so3_T(nsb_v3_scale(h, nsb_v3_load(s->wbar + 3 * i)));
    k->Bth = nsb_m3_scale(h, nsb_m3_transpose(T));
    k->Bw = nsb_m3_scale(k->cv, nsb_m3_identity());
    k->Bal = nsb_m3_scale(k->ca, nsb_m3_identity());
  } else {
    k->Bth = k->Bw = k->Bal = nsb_m3_zero();
  }
}

static const nsb_scheme_ops modified_newmark_ops = {"modified Newmark", mn_predict, mn_apply, mn_prescribe,
                                                     mn_hold_rotation, mn_kin};

/* ---- Newmark on SO(3) ------------------------------------------------------- */

/* v = g/(b h) u + (1 - g/b) v_n + h (1 - g/(2b)) p_n;  p = (u - h v_n - h^2 (1/2 - b) p_n)/(b h^2),
   a = ((1 - am) p + am p_n - af a_n)/(1 - af) (Arnold-Bruls; p = a for Newmark).
   pn NULL: p_n = a_n.  p_out may be NULL. */
static void nm_rates(const nsb_scheme* s, const double* u, const double* vn, const double* an, const double* pn,
                     double* v, double* a, double* p_out) {
  double b = s->beta, g = s->gamma, h = s->h, am = s->am, af = s->af;
  if (!pn) pn = an;
  for (int k = 0; k < 3; ++k) {
    v[k] = g / (b * h) * u[k] + (1.0 - g / b) * vn[k] + h * (1.0 - g / (2.0 * b)) * pn[k];
    double p = (u[k] - h * vn[k] - h * h * (0.5 - b) * pn[k]) / (b * h * h);
    a[k] = ((1.0 - am) * p + am * pn[k] - af * an[k]) / (1.0 - af);
    if (p_out) p_out[k] = p;
  }
}

static double* p_cur(nsb_scheme* s, int i) { return s->p ? s->p + 3 * i : NULL; }
static double* pw_cur(nsb_scheme* s, int i) { return s->pw ? s->pw + 3 * i : NULL; }

static nsb_vec3 nm_theta(const nsb_state* old, const nsb_state* cur, int i) {
  return nsb_so3_log_q(nsb_q_mul(nsb_q_conj(nsb_q_load(old->q + 4 * i)), nsb_q_load(cur->q + 4 * i)));
}

static void nm_update_rates(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  double u[3];
  for (int k = 0; k < 3; ++k) u[k] = cur->x[3 * i + k] - old->x[3 * i + k];
  nm_rates(s, u, old->v + 3 * i, old->a + 3 * i, p_old(s, i), cur->v + 3 * i, cur->a + 3 * i, p_cur(s, i));
  if (ndof == 6) {
    double th[3];
    nsb_v3_store(nm_theta(old, cur, i), th);
    nm_rates(s, th, old->w + 3 * i, old->al + 3 * i, pw_old(s, i), cur->w + 3 * i, cur->al + 3 * i, pw_cur(s, i));
  }
}

static void nm_predict(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  double h = s->h;
  /* with history: extrapolated step averages (see history_predict); the
     constant-acceleration predictor uses v_n, a_n, which oscillate where a
     model part has (almost) no mass */
  if (history_predict(s, i, ndof)) {
    for (int k = 0; k < 3; ++k) cur->x[3 * i + k] = old->x[3 * i + k] + h * s->vbar[3 * i + k];
    if (ndof == 6) {
      nsb_quat q = nsb_q_mul(nsb_q_load(old->q + 4 * i), nsb_so3_exp_q(nsb_v3_scale(h, nsb_v3_load(s->wbar + 3 * i))));
      nsb_q_store(nsb_q_normalize(q), cur->q + 4 * i);
    }
    nm_update_rates(s, i, ndof, old, cur);
    return;
  }
  const double* pa = p_old(s, i) ? p_old(s, i) : old->a + 3 * i;
  const double* pl = pw_old(s, i) ? pw_old(s, i) : old->al + 3 * i;
  for (int k = 0; k < 3; ++k) cur->x[3 * i + k] = old->x[3 * i + k] + h * old->v[3 * i + k] + 0.5 * h * h * pa[k];
  if (ndof == 6) {
    nsb_vec3 th = nsb_v3_muladd(nsb_v3_scale(h, nsb_v3_load(old->w + 3 * i)), 0.5 * h * h, nsb_v3_load(pl));
    nsb_q_store(nsb_q_normalize(nsb_q_mul(nsb_q_load(old->q + 4 * i), nsb_so3_exp_q(th))), cur->q + 4 * i);
  }
  nm_update_rates(s, i, ndof, old, cur);
}

static void nm_apply(nsb_scheme* s, int i, int ndof, const double* d, const nsb_state* old, nsb_state* cur) {
  for (int k = 0; k < 3; ++k) cur->x[3 * i + k] += d[k];
  if (ndof == 6) {
    nsb_quat q = nsb_q_mul(nsb_q_load(cur->q + 4 * i), nsb_so3_exp_q(nsb_v3_load(d + 3)));
    nsb_q_store(nsb_q_normalize(q), cur->q + 4 * i);
  }
  nm_update_rates(s, i, ndof, old, cur);
}

static void nm_prescribe(nsb_scheme* s, int i, int c, double xv, const double* end, const nsb_state* old,
                         nsb_state* cur) {
  (void)end; /* Newmark keeps the rates of its own relations */
  cur->x[3 * i + c] = xv;
  double u[3], v[3], a[3], p[3];
  for (int k = 0; k < 3; ++k) u[k] = cur->x[3 * i + k] - old->x[3 * i + k];
  nm_rates(s, u, old->v + 3 * i, old->a + 3 * i, p_old(s, i), v, a, p);
  cur->v[3 * i + c] = v[c];
  cur->a[3 * i + c] = a[c];
  if (s->p) s->p[3 * i + c] = p[c];
}

static void nm_hold_rotation(nsb_scheme* s, int i, unsigned mask, const double* target, const double* end,
                             const nsb_state* old, nsb_state* cur) {
  (void)end; /* held: the rates of a zero rotation are zero */
  /* the system refuses partial holds and prescribed rotations with this scheme */
  NSB_ASSERT(mask == 7u && target[0] == 0.0 && target[1] == 0.0 && target[2] == 0.0);
  memcpy(cur->q + 4 * i, old->q + 4 * i, 4 * sizeof(double));
  double th[3] = {0, 0, 0};
  nm_rates(s, th, old->w + 3 * i, old->al + 3 * i, pw_old(s, i), cur->w + 3 * i, cur->al + 3 * i, pw_cur(s, i));
}

static void nm_kin(const nsb_scheme* s, int i, int ndof, const nsb_state* old, const nsb_state* cur, nsb_kin* k) {
  double b = s->beta, g = s->gamma, h = s->h;
  /* d a / d u = (1 - am)/((1 - af) b h^2) (Arnold-Bruls; 1/(b h^2) for Newmark) */
  double ca = (1.0 - s->am) / ((1.0 - s->af) * b * h * h);
  k->cr = 1.0;
  k->cv = g / (b * h);
  k->ca = ca;
  if (ndof == 6) {
    /* material spin dTheta; dtheta = T(theta)^{-T} dTheta */
    nsb_mat3 dth = nsb_m3_transpose(nsb_so3_Tinv(nm_theta(old, cur, i)));
    k->Bth = nsb_m3_identity();
    k->Bw = nsb_m3_scale(g / (b * h), dth);
    k->Bal = nsb_m3_scale(ca, dth);
  } else {
    k->Bth = k->Bw = k->Bal = nsb_m3_zero();
  }
}

static const nsb_scheme_ops newmark_ops = {"Newmark on SO(3)", nm_predict, nm_apply, nm_prescribe, nm_hold_rotation,
                                           nm_kin};

/* ---- static: modified-Newmark map over a pseudo-time increment, rates zero ---- */

static void zero_rates(int i, int ndof, nsb_state* cur) {
  memset(cur->v + 3 * i, 0, 3 * sizeof(double));
  memset(cur->a + 3 * i, 0, 3 * sizeof(double));
  if (ndof == 6) {
    memset(cur->w + 3 * i, 0, 3 * sizeof(double));
    memset(cur->al + 3 * i, 0, 3 * sizeof(double));
  }
}

static void st_update(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  for (int k = 0; k < 3; ++k) cur->x[3 * i + k] = old->x[3 * i + k] + s->h * s->vbar[3 * i + k];
  if (ndof == 6) {
    nsb_quat q = nsb_q_mul(nsb_q_load(old->q + 4 * i), nsb_so3_exp_q(nsb_v3_scale(s->h, nsb_v3_load(s->wbar + 3 * i))));
    nsb_q_store(nsb_q_normalize(q), cur->q + 4 * i);
  }
  zero_rates(i, ndof, cur);
}

static void st_predict(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  /* first increment from rest, then extrapolation of the load path */
  if (!history_predict(s, i, ndof)) {
    memset(s->vbar + 3 * i, 0, 3 * sizeof(double));
    memset(s->wbar + 3 * i, 0, 3 * sizeof(double));
  }
  st_update(s, i, ndof, old, cur);
}

static void st_apply(nsb_scheme* s, int i, int ndof, const double* d, const nsb_state* old, nsb_state* cur) {
  for (int k = 0; k < 3; ++k) s->vbar[3 * i + k] += d[k];
  if (ndof == 6)
    for (int k = 0; k < 3; ++k) s->wbar[3 * i + k] += d[3 + k];
  st_update(s, i, ndof, old, cur);
}

static void st_prescribe(nsb_scheme* s, int i, int c, double xv, const double* end, const nsb_state* old,
                         nsb_state* cur) {
  (void)end; /* no rates */
  s->vbar[3 * i + c] = (xv - old->x[3 * i + c]) / s->h;
  cur->x[3 * i + c] = xv;
}

static void st_hold_rotation(nsb_scheme* s, int i, unsigned mask, const double* target, const double* end,
                             const nsb_state* old, nsb_state* cur) {
  (void)end; /* no rates */
  for (int k = 0; k < 3; ++k)
    if (mask & (1u << k)) s->wbar[3 * i + k] = target[k];
  st_update(s, i, 6, old, cur);
}

static void st_kin(const nsb_scheme* s, int i, int ndof, const nsb_state* old, const nsb_state* cur, nsb_kin* k) {
  (void)old;
  (void)cur;
  k->cr = s->h;
  k->cv = k->ca = 0.0;
  k->Bth = ndof == 6 ? nsb_m3_scale(s->h, nsb_m3_transpose(nsb_so3_T(nsb_v3_scale(s->h, nsb_v3_load(s->wbar + 3 * i)))))
                     : nsb_m3_zero();
  k->Bw = k->Bal = nsb_m3_zero();
}

const nsb_scheme_ops nsb_static_ops = {"static", st_predict, st_apply, st_prescribe, st_hold_rotation, st_kin};

/* ---- initial accelerations ------------------------------------------------ */

static void ac_predict(nsb_scheme* s, int i, int ndof, const nsb_state* old, nsb_state* cur) {
  (void)s;
  (void)old;
  (void)i;
  (void)ndof;
  (void)cur;
}

static void ac_apply(nsb_scheme* s, int i, int ndof, const double* d, const nsb_state* old, nsb_state* cur) {
  (void)s;
  (void)old;
  for (int k = 0; k < 3; ++k) cur->a[3 * i + k] += d[k];
  if (ndof == 6)
    for (int k = 0; k < 3; ++k) cur->al[3 * i + k] += d[3 + k];
}

static void ac_prescribe(nsb_scheme* s, int i, int c, double xv, const double* end, const nsb_state* old,
                         nsb_state* cur) {
  (void)end; /* xv is the acceleration */
  /* in this map the prescribed quantity is the acceleration component */
  (void)s;
  (void)old;
  cur->a[3 * i + c] = xv;
}

static void ac_hold_rotation(nsb_scheme* s, int i, unsigned mask, const double* target, const double* end,
                             const nsb_state* old, nsb_state* cur) {
  (void)s;
  (void)end; /* target is the acceleration */
  (void)old;
  for (int k = 0; k < 3; ++k)
    if (mask & (1u << k)) cur->al[3 * i + k] = target[k];
}

static void ac_kin(const nsb_scheme* s, int i, int ndof, const nsb_state* old, const nsb_state* cur, nsb_kin* k) {
  (void)s;
  (void)i;
  (void)old;
  (void)cur;
  k->cr = k->cv = 0.0;
  k->ca = 1.0;
  k->Bth = k->Bw = nsb_m3_zero();
  k->Bal = ndof == 6 ? nsb_m3_identity() : nsb_m3_zero();
}

const nsb_scheme_ops nsb_accel_ops = {"initial acceleration", ac_predict, ac_apply, ac_prescribe, ac_hold_rotation,
                                      ac_kin};

/* ---- creation, scales --------------------------------------------------- */

void nsb_scheme_set_alpha(nsb_scheme* s, double alpha_m, double alpha_f) {
  s->am = alpha_m;
  s->af = alpha_f;
  s->pseudo = 1;
}

void nsb_scheme_carry_pseudo(nsb_scheme* dst, const nsb_scheme* src) {
  if (!src || !dst->pseudo || !src->p_valid || dst->n_nodes != src->n_nodes) return;
  size_t n = 3 * (size_t)dst->n_nodes * sizeof(double);
  memcpy(dst->p_n, src->p_n, n);
  memcpy(dst->pw_n, src->pw_n, n);
  memcpy(dst->p, src->p_n, n);
  memcpy(dst->pw, src->pw_n, n);
  dst->p_valid = 1;
}

void nsb_scheme_init_pseudo(nsb_scheme* s, const nsb_state* cur) {
  if (!s->p) return;
  size_t n = 3 * (size_t)s->n_nodes * sizeof(double);
  memcpy(s->p_n, cur->a, n);
  memcpy(s->pw_n, cur->al, n);
  memcpy(s->p, cur->a, n);
  memcpy(s->pw, cur->al, n);
  s->p_valid = 1;
}

double nsb_scheme_pseudo_gain(const nsb_scheme* s) { return s->pseudo ? (1.0 - s->af) / (1.0 - s->am) : 1.0; }

double nsb_scheme_impulse_factor(const nsb_scheme* s) {
  return s->pseudo ? (1.0 - s->am) / (s->gamma * (1.0 - s->af)) : 1.0 / s->gamma;
}

void nsb_scheme_continue_pseudo(nsb_scheme* s, const nsb_state* before, const nsb_state* after, double g) {
  if (!s->p || !s->p_valid) return;
  for (int k = 0; k < 3 * s->n_nodes; ++k) {
    s->p_n[k] += g * (after->a[k] - before->a[k]);
    s->pw_n[k] += g * (after->al[k] - before->al[k]);
  }
  size_t n = 3 * (size_t)s->n_nodes * sizeof(double);
  memcpy(s->p, s->p_n, n);
  memcpy(s->pw, s->pw_n, n);
}

void nsb_scheme_restart_pseudo_node(nsb_scheme* s, int i, const nsb_state* cur) {
  if (!s->p || !s->p_valid || i < 0 || i >= s->n_nodes) return;
  for (int c = 0; c < 3; ++c) {
    s->p_n[3 * i + c] = s->p[3 * i + c] = cur->a[3 * i + c];
    s->pw_n[3 * i + c] = s->pw[3 * i + c] = cur->al[3 * i + c];
  }
}

int nsb_scheme_create(nsb_ctx* ctx, nsb_scheme_kind kind, double beta, double gamma, int n_nodes, nsb_scheme** out) {
  *out = NULL;
  NSB_CHECK(ctx, beta > 0.0 && gamma > 0.0, NSB_ERR_ARG, "scheme parameters must be positive (beta=%g, gamma=%g)",
            beta, gamma);
  nsb_scheme* s = nsb_alloc(ctx, sizeof(*s));
  NSB_CHECK(ctx, s, NSB_ERR_ALLOC, "cannot allocate scheme");
  s->ctx = ctx;
  s->ops = kind == NSB_SCHEME_NEWMARK ? &newmark_ops : &modified_newmark_ops;
  s->beta = beta;
  s->gamma = gamma;
  s->n_nodes = n_nodes;
  int m = 3 * (n_nodes > 0 ? n_nodes : 1);
  s->vbar = NSB_NEW_ARRAY(ctx, m, double);
  s->wbar = NSB_NEW_ARRAY(ctx, m, double);
  s->vbar_n = NSB_NEW_ARRAY(ctx, m, double);
  s->wbar_n = NSB_NEW_ARRAY(ctx, m, double);
  s->vbar_nm1 = NSB_NEW_ARRAY(ctx, m, double);
  s->wbar_nm1 = NSB_NEW_ARRAY(ctx, m, double);
  /* pseudo-accelerations (used when generalized-alpha sets am, af) */
  s->p_n = NSB_NEW_ARRAY(ctx, m, double);
  s->pw_n = NSB_NEW_ARRAY(ctx, m, double);
  s->p = NSB_NEW_ARRAY(ctx, m, double);
  s->pw = NSB_NEW_ARRAY(ctx, m, double);
  s->end_mask = NSB_NEW_ARRAY(ctx, m / 3, unsigned);
  s->w_end = NSB_NEW_ARRAY(ctx, m, double);
  s->al_end = NSB_NEW_ARRAY(ctx, m, double);
  s->v_end = NSB_NEW_ARRAY(ctx, m, double);
  s->a_end = NSB_NEW_ARRAY(ctx, m, double);
  if (s->end_mask) memset(s->end_mask, 0, (size_t)(m / 3) * sizeof(unsigned));
  if (!s->p_n || !s->pw_n || !s->p || !s->pw || !s->end_mask || !s->w_end || !s->al_end || !s->v_end || !s->a_end) {
    nsb_scheme_destroy(&s);
    return NSB_ERR_ALLOC;
  }
  if (!s->vbar || !s->wbar || !s->vbar_n || !s->wbar_n || !s->vbar_nm1 || !s->wbar_nm1) {
    nsb_scheme_destroy(&s);
    return NSB_ERR_ALLOC;
  }
  *out = s;
  return NSB_OK;
}

void nsb_scheme_destroy(nsb_scheme** ps) {
  if (!ps || !*ps) return;
  nsb_scheme* s = *ps;
  int n = 3 * (s->n_nodes > 0 ? s->n_nodes : 1);
  NSB_FREE_ARRAY(s->ctx, s->vbar, n, double);
  NSB_FREE_ARRAY(s->ctx, s->wbar, n, double);
  NSB_FREE_ARRAY(s->ctx, s->vbar_n, n, double);
  NSB_FREE_ARRAY(s->ctx, s->wbar_n, n, double);
  NSB_FREE_ARRAY(s->ctx, s->vbar_nm1, n, double);
  NSB_FREE_ARRAY(s->ctx, s->wbar_nm1, n, double);
  NSB_FREE_ARRAY(s->ctx, s->p_n, n, double);
  NSB_FREE_ARRAY(s->ctx, s->pw_n, n, double);
  NSB_FREE_ARRAY(s->ctx, s->p, n, double);
  NSB_FREE_ARRAY(s->ctx, s->pw, n, double);
  if (s->end_mask) NSB_FREE_ARRAY(s->ctx, s->end_mask, n / 3, unsigned);
  if (s->w_end) NSB_FREE_ARRAY(s->ctx, s->w_end, n, double);
  if (s->al_end) NSB_FREE_ARRAY(s->ctx, s->al_end, n, double);
  if (s->v_end) NSB_FREE_ARRAY(s->ctx, s->v_end, n, double);
  if (s->a_end) NSB_FREE_ARRAY(s->ctx, s->a_end, n, double);
  nsb_free(s->ctx, s, sizeof(*s));
  *ps = NULL;
}

void nsb_scheme_scales(const nsb_scheme_ops* ops, const nsb_scheme* s, double h, double* lam_scale,
                       double con_scale[3]) {
  double cr, cv, ca, beta = s->beta, gamma = s->gamma;
  if (ops == &modified_newmark_ops && s->pseudo) {
    /* generalized-alpha form: the coefficients of mn_kin */
    cr = h;
    cv = gamma / beta;
    ca = (1.0 - s->am) / ((1.0 - s->af) * beta * h);
  } else if (ops == &modified_newmark_ops) {
    cr = h;
    cv = 1.0 / beta;
    ca = 1.0 / (beta * gamma * h);
  } else if (ops == &newmark_ops) {
    cr = 1.0;
    cv = gamma / (beta * h);
    ca = 1.0 / (beta * h * h);
  } else if (ops == &nsb_static_ops) {
    /* static: x = x_n + h vbar; position-level rows scaled by 1/h so that
       the constraint rows read G, multipliers unscaled */
    *lam_scale = 1.0;
    con_scale[0] = 1.0 / h;
    con_scale[1] = con_scale[2] = 1.0;
    return;
  } else {
    *lam_scale = 1.0;
    con_scale[0] = con_scale[1] = con_scale[2] = 1.0;
    return;
  }
  *lam_scale = ca;
  con_scale[0] = ca / cr;
  con_scale[1] = ca / cv;
  con_scale[2] = 1.0;
}

/* assembly.c -- the element loop of the discrete system (solver/system.h):
 * predictor with prescribed supports, residual and tangent assembly with the
 * norms of the convergence test, the increment map, support reactions and
 * the initial accelerations. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include <math.h>
#include <string.h>
#include "base/clock.h"

/* Prescribed value of boundary record b (order 0: value, 1: rate, 2: second
   rate) at time t: value * amplitude, or value times the static ramp. */
static double bc_value(const nsb_system* s, int b, double t, int order) {
  const nsb_boundary* bc = &s->model->boundaries.data[b];
  nsb_eval_ctx ec = nsb_sys_make_ec(s, NSB_EVAL_DYNAMIC, t);
  double d1, d2, v = nsb_load_scale(&ec, bc->amplitude, bc->step, &d1, &d2);
  return bc->value * (order == 0 ? v : order == 1 ? d1 : d2);
}

/* Prescribed position (order 0), velocity (1) or acceleration (2) of
   translational component c of node i at time t. */
static double support_value(const nsb_system* s, int i, int c, double t, int order) {
  double v = bc_value(s, s->fixed_t[3 * i + c], t, order);
  return order == 0 ? s->X0[3 * i + c] + v : v;
}

void nsb_sys_kinematics(nsb_system* s) {
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i]) s->ops->kin(s->scheme, i, s->ndof[i], &s->old, &s->cur, &s->kin[i]);
}

void nsb_sys_predict_all(nsb_system* s, nsb_eval_mode mode, double t_new) {
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    s->ops->predict(s->scheme, i, nd, &s->old, &s->cur);
    for (int c = 0; c < 3; ++c)
      if (s->fixed_t[3 * i + c] >= 0)
        s->ops->prescribe(s->scheme, i, c, support_value(s, i, c, t_new, mode == NSB_EVAL_ACCEL ? 2 : 0), &s->old,
                          &s->cur);
    if (nd == 6 && s->fixed_r[i]) {
      /* a prescribed body-axis rotation angle phi(t) enters through its rate:
         wbar_k = (phi(t_{n+1}) - phi(t_n))/h, exact for a fixed axis (the
         other rotations held); alpha_k = phi''(t) for the initial solve */
      double target[3] = {0.0, 0.0, 0.0};
      for (int c = 0; c < 3; ++c) {
        int b = s->rot_bc[3 * i + c];
        if (b < 0) continue;
        if (mode == NSB_EVAL_ACCEL)
          target[c] = bc_value(s, b, t_new, 2);
        else if (s->scheme->h > 0.0)
          target[c] = (bc_value(s, b, t_new, 0) - bc_value(s, b, s->t, 0)) / s->scheme->h;
      }
      s->ops->hold_rotation(s->scheme, i, s->fixed_r[i], target, &s->old, &s->cur);
    }
  }
}

/* Assemble residual and matrix at the current iterate.  Fills the residual
   norms of s->nrm: per field the largest free-row residual and the flux (the
   largest element contribution to a node row of the field, held rows
   included: reactions carry flux), and the 2-norm over all rows (condensed
   interior rows included) for an explicit absolute tolerance. */
int nsb_sys_assemble(nsb_system* s, nsb_eval_mode mode, double t_new, int with_matrix) {
  double tic = nsb_now_s();
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec = nsb_sys_make_ec(s, mode, t_new);
  s->internal_res2 = 0.0;
  ec.internal_res2 = &s->internal_res2;
  memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  if (with_matrix && s->A) nsb_csr_zero(s->A);
  double qf = 0.0, qm = 0.0;
  s->failed_elem = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    if (with_matrix) memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    int est = e->ops->eval(e, &ec, s->ff, with_matrix ? s->fK : NULL);
    if (est < 0) {
      s->failed_elem = i;
      return est;
    }
    for (int q = 0; q < nl; ++q)
      if (e->eq[q] >= 0) s->r[e->eq[q]] += s->ff[q];
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q) {
        double a = fabs(s->ff[q]);
        if (d < 3) qf = a > qf ? a : qf;
        else qm = a > qm ? a : qm;
      }
    if (with_matrix && s->A) nsb_csr_add_mapped(s->A, e->map, nl, s->fK);
  }
  for (int q = 0; q < s->n_mult; ++q) {
    int level = mode == NSB_EVAL_ACCEL ? 2 : mode == NSB_EVAL_STATIC ? 0 : s->mult_level[q];
    if (s->mult_eq[q] >= 0) s->row_unscale[s->mult_eq[q]] = 1.0 / ec.con_scale[level];
  }
  /* A body in free flight has no flux: in every element inertia balances
     gravity, and the largest contribution is round-off, against which no
     residual converges (the test then fell back on its round-off floor after
     a unit-dependent number of iterations).  The weight of the heaviest node
     is a force of the problem: it bounds the flux from below. */
  double wq = s->node_mass_max * nsb_v3_norm(ec.gravity);
  if (mode == NSB_EVAL_DYNAMIC && wq > qf) qf = wq;
  double r2 = 0.0, rf = 0.0, rm = 0.0;
  for (int i = 0; i < s->n_eq; ++i) r2 += s->r[i] * s->r[i] * s->row_unscale[i] * s->row_unscale[i];
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < s->ndof[i]; ++d) {
      int eq = s->node_eq[6 * i + d];
      if (eq < 0) continue;
      double a = fabs(s->r[eq]);
      if (d < 3) rf = a > rf ? a : rf;
      else rm = a > rm ? a : rm;
    }
  r2 += s->internal_res2;
  s->nrm.r_abs = sqrt(r2);
  s->nrm.r_force = rf;
  s->nrm.r_moment = rm;
  s->nrm.q_force = qf;
  s->nrm.q_moment = qm;
  s->stats.t_assemble += nsb_now_s() - tic;
  return NSB_OK;
}

/* Correction norms of the iteration (after apply_increment and post_solve):
   node corrections mapped to positions and rotations by the scheme
   (dx = c_r Delta, dTheta = B_theta Delta_r; the initial accelerations: the
   accelerations themselves), the beams' interior corrections (ic), and the
   motion of the increment so far. */
void nsb_sys_correction_norms(nsb_system* s, nsb_eval_mode mode, const double* dx, const nsb_corr* ic) {
  double ct = ic->trans, cr = ic->rot, ut = 0.0, ur = 0.0, xs = 0.0, c2 = ic->raw2;
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    const nsb_kin* k = &s->kin[i];
    double d[6] = {0, 0, 0, 0, 0, 0};
    for (int c = 0; c < nd; ++c) {
      int eq = s->node_eq[6 * i + c];
      d[c] = eq >= 0 ? dx[eq] : 0.0;
      c2 += d[c] * d[c];
    }
    nsb_vec3 dt = nsb_v3(d[0], d[1], d[2]);
    nsb_vec3 x = nsb_st_x(&s->cur, i), u;
    if (mode == NSB_EVAL_ACCEL) {
      u = nsb_st_a(&s->cur, i);
    } else {
      dt = nsb_v3_scale(k->cr, dt);
      u = nsb_v3_sub(x, nsb_st_x(&s->old, i));
    }
    ct = fmax(ct, nsb_v3_norm(dt));
    ut = fmax(ut, nsb_v3_norm(u));
    xs = fmax(xs, nsb_v3_norm(x));
    if (nd == 6) {
      nsb_vec3 dr = nsb_v3(d[3], d[4], d[5]);
      double th;
      if (mode == NSB_EVAL_ACCEL) {
        th = nsb_v3_norm(nsb_st_al(&s->cur, i));
      } else {
        dr = nsb_m3_mulv(k->Bth, dr);
        /* incremental rotation angle from the quaternions: 2 atan2(|v|, |w|) */
        nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_st_q(&s->old, i)), nsb_st_q(&s->cur, i));
        th = 2.0 * atan2(sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z), fabs(dq.w));
      }
      cr = fmax(cr, nsb_v3_norm(dr));
      ur = fmax(ur, th);
    }
  }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] >= 0) c2 += dx[s->mult_eq[q]] * dx[s->mult_eq[q]];
  s->nrm.c_trans = ct;
  s->nrm.c_rot = cr;
  s->nrm.du_trans = ut;
  s->nrm.du_rot = ur;
  s->nrm.x_size = xs;
  s->nrm.c_abs = sqrt(c2);
}

void nsb_sys_apply_increment(nsb_system* s, const double* dx, double lam_scale) {
  double d[6];
  for (int i = 0; i < s->n_nodes; ++i) {
    int nd = s->ndof[i];
    if (!nd) continue;
    for (int k = 0; k < nd; ++k) d[k] = s->node_eq[6 * i + k] >= 0 ? dx[s->node_eq[6 * i + k]] : 0.0;
    s->ops->apply(s->scheme, i, nd, d, &s->old, &s->cur);
  }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] >= 0) s->lam[q] += lam_scale * dx[s->mult_eq[q]];
}

/* Recover the internal unknowns of condensing elements; returns the size of
   their corrections (nsb_corr). */
nsb_corr nsb_sys_post_solve(nsb_system* s, const double* dx) {
  nsb_corr c = {0.0, 0.0, 0.0};
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->post_solve) continue;
    for (int q = 0; q < e->n_local; ++q) du[q] = e->eq[q] >= 0 ? dx[e->eq[q]] : 0.0;
    e->ops->post_solve(e, du, &c);
  }
  return c;
}

/* The acceleration solve at the current state.  p_gain < 0: the step's
   initial accelerations; p_gain >= 0: the smooth accelerations after an
   impulsive increment, with the pseudo-accelerations of the generalized-alpha
   forms continued by p_gain times the change of the accelerations
   (elements/element.h after_accel, docs/contact.md §6). */
static int accel_solve(nsb_system* s, double p_gain, nsb_newton_report* rep) {
  const nsb_scheme_ops* keep = s->ops;
  s->ops = &nsb_accel_ops;
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  /* prescribed velocities at t0 from the supports' amplitudes */
  for (int i = 0; i < s->n_nodes; ++i) {
    for (int c = 0; c < 3 && s->ndof[i]; ++c)
      if (s->fixed_t[3 * i + c] >= 0) s->cur.v[3 * i + c] = support_value(s, i, c, s->t, 1);
    for (int c = 0; c < 3 && s->ndof[i] == 6; ++c)
      if (s->rot_bc[3 * i + c] >= 0) s->cur.w[3 * i + c] = bc_value(s, s->rot_bc[3 * i + c], s->t, 1);
  }
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  nsb_sys_predict_all(s, NSB_EVAL_ACCEL, s->t);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  int st = nsb_sys_newton(s, NSB_EVAL_ACCEL, s->t, rep);
  if (st == NSB_OK && s->want_react) st = nsb_sys_compute_reactions(s, NSB_EVAL_ACCEL, s->t);
  s->ops = keep;
  if (st == NSB_OK)
    for (int i = 0; i < s->n_elems; ++i)
      if (s->elems[i].ops->after_accel) s->elems[i].ops->after_accel(&s->elems[i], p_gain);
  nsb_energy en;
  nsb_system_energy(s, &en);
  s->power = en.power;
  s->diss_rate = en.dissipation_rate;
  return st;
}

int nsb_system_initial_acceleration(nsb_system* s, nsb_newton_report* rep) { return accel_solve(s, -1.0, rep); }

int nsb_sys_restart_acceleration(nsb_system* s, nsb_newton_report* rep) {
  int st = accel_solve(s, nsb_scheme_pseudo_gain(s->scheme), rep);
  /* the nodes' pseudo-accelerations: s->old holds the increment's
     accelerations (accel_solve starts from a copy of the committed state) */
  if (st == NSB_OK && s->scheme->p_valid) nsb_scheme_continue_pseudo(s->scheme, &s->old, &s->cur);
  return st;
}

/* Support reactions at the converged state of an increment (before its
   commit, so that the beams' interior states are still those of the
   increment): one residual-only assembly, whose element contributions to
   the rows of held DOFs are the forces and moments the supports exert
   (residual convention of elements/element.h: r = inertia + internal -
   applied, so equilibrium of a held row reads r - R = 0).  Moments of
   rotation rows are in the node frame and are turned into the global one. */
int nsb_sys_compute_reactions(nsb_system* s, nsb_eval_mode mode, double t_new) {
  nsb_conv_norms keep = s->nrm;
  memset(s->react, 0, 6 * (size_t)s->n_nodes * sizeof(double));
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec = nsb_sys_make_ec(s, mode, t_new);
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    memset(s->ff, 0, (size_t)e->n_local * sizeof(double));
    NSB_CALL(e->ops->eval(e, &ec, s->ff, NULL));
    for (int k = 0, q = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++q)
        if (e->eq[q] < 0) s->react[6 * e->nodes[k] + d] += s->ff[q];
  }
  for (int i = 0; i < s->n_nodes; ++i)
    if (s->ndof[i] == 6) {
      nsb_vec3 mb = nsb_v3_load(s->react + 6 * i + 3);
      nsb_v3_store(nsb_q_rotate(nsb_st_q(&s->cur, i), mb), s->react + 6 * i + 3);
    }
  s->nrm = keep;
  return NSB_OK;
}

void nsb_system_want_reactions(nsb_system* s, int on) { s->want_react = on; }

const double* nsb_system_reactions(const nsb_system* s) { return s->react; }

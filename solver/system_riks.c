/* system_riks.c -- the parts of a *STATIC, RIKS step that solver/arclength.c
 * drives (solver/system.h): increment start, assembly with the load vector,
 * factorization and solve, update, convergence test, restore and commit. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include <math.h>
#include <string.h>
#include "base/clock.h"

/* ---- load-factor steps (*STATIC, RIKS): the parts solver/arclength.c drives ---- */

int nsb_system_riks_begin_increment(nsb_system* s) {
  NSB_CHECK(s->ctx, s->step.riks, NSB_ERR_ARG, "nsb_system_riks_begin_increment: the current step is not *STATIC, RIKS");
  /* the static map with h = 1: increments are displacements and material
     spins of the node frames, the unknowns of the constraint's metric */
  s->scheme->h = 1.0;
  nsb_scheme_scales(s->ops, s->scheme, 1.0, &s->lam_scale, s->con_scale);
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  s->lpf_old = s->lpf;
  /* interior unknowns of a zero increment: the first evaluation is the
     converged state itself (its residual is the one the last increment left) */
  for (int i = 0; i < s->n_elems; ++i) {
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
    if (s->elems[i].ops->rest) s->elems[i].ops->rest(&s->elems[i]);
  }
  /* the predictor is the tangent of the arc-length solver, not the
     extrapolated step averages of the static scheme: start from rest */
  s->scheme->n_hist = 0;
  nsb_sys_predict_all(s, NSB_EVAL_STATIC, s->t);
  nsb_conv_begin_increment(&s->conv, 1);
  /* every increment's first factorization is a fresh one (pivot search):
     KLU's refactor would reuse the pivots of the last fresh factorization,
     an earlier increment's, which a run continued from a checkpoint of the
     last accepted increment cannot know (the checkpoint forgets them).  So
     the path depends only on the converged state, and a checkpoint written
     at any increment, periodic or on a signal, continues bit for bit. */
  nsb_linsolver_forget_pivots(s->ls);
  return NSB_OK;
}

/* Residual r (s->r), matrix and the load vector q = -dr/dlpf at the current
   iterate and load factor (docs/theory.md §8), with the residual norms of
   the convergence test as nsb_sys_assemble() computes them.  An element without
   interior unknowns is evaluated once more at lpf + 1 (residual only): at a
   fixed state its residual is affine in the load factor, so the difference
   is the derivative.  A condensing element (beam) is asked for its condensed
   derivative (ec.f_lpf), which must use the tangent at lpf. */
int nsb_system_riks_assemble(nsb_system* s, double* q) {
  double tic = nsb_now_s();
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_STATIC, s->t, &ec);
  nsb_eval_ctx e1 = ec;
  e1.lpf = ec.lpf + 1.0;
  e1.gravity = nsb_v3_add(ec.gravity, ec.gravity_lpf);
  s->internal_res2 = 0.0;
  ec.internal_res2 = &s->internal_res2;
  memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  memset(q, 0, (size_t)s->n_eq * sizeof(double));
  if (s->A) nsb_csr_zero(s->A);
  double qf = 0.0, qm = 0.0; /* fluxes: largest element contribution to a node force / moment row */
  s->failed_elem = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    int nl = e->n_local, st;
    memset(s->ff, 0, (size_t)nl * sizeof(double));
    memset(s->fK, 0, (size_t)nl * (size_t)nl * sizeof(double));
    memset(s->fl, 0, (size_t)nl * sizeof(double));
    if (e->ops->post_solve) {
      NSB_ASSERT(e->ops->post_solve_lpf);
      ec.f_lpf = s->fl;
      st = e->ops->eval(e, &ec, s->ff, s->fK);
      ec.f_lpf = NULL;
    } else {
      memset(s->f1, 0, (size_t)nl * sizeof(double));
      st = e->ops->eval(e, &e1, s->f1, NULL);
      if (st >= 0) st = e->ops->eval(e, &ec, s->ff, s->fK);
      for (int k = 0; k < nl; ++k) s->fl[k] = s->f1[k] - s->ff[k];
    }
    if (st < 0) {
      s->failed_elem = i;
      return st;
    }
    for (int k = 0; k < nl; ++k)
      if (e->eq[k] >= 0) {
        s->r[e->eq[k]] += s->ff[k];
        q[e->eq[k]] -= s->fl[k];
      }
    for (int k = 0, c = 0; k < e->n_nodes; ++k)
      for (int d = 0; d < e->node_ndof[k]; ++d, ++c) {
        double v = fabs(s->ff[c]);
        if (d < 3) qf = fmax(qf, v);
        else qm = fmax(qm, v);
      }
    if (s->A) nsb_elem_add_block(s->A, e, s->fK);
  }
  /* static: constraint rows at position level, unscaled (con_scale = 1) */
  for (int k = 0; k < s->n_eq; ++k) s->row_unscale[k] = 1.0;
  double r2 = s->internal_res2, rf = 0.0, rm = 0.0;
  for (int k = 0; k < s->n_eq; ++k) r2 += s->r[k] * s->r[k];
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < s->ndof[i]; ++d) {
      int eq = s->node_eq[6 * i + d];
      if (eq < 0) continue;
      if (d < 3) rf = fmax(rf, fabs(s->r[eq]));
      else rm = fmax(rm, fabs(s->r[eq]));
    }
  s->nrm.r_abs = sqrt(r2);
  s->nrm.r_force = rf;
  s->nrm.r_moment = rm;
  s->nrm.q_force = qf;
  s->nrm.q_moment = qm;
  s->stats.t_assemble += nsb_now_s() - tic;
  return NSB_OK;
}

const double* nsb_system_residual(const nsb_system* s) { return s->r; }

int nsb_system_factor(nsb_system* s, nsb_newton_report* rep) {
  double tic = nsb_now_s();
  int st = nsb_linsolver_factor(s->ls, s->A);
  s->stats.t_factor += nsb_now_s() - tic;
  s->stats.factorizations++;
  s->stats.factorizations_fresh = s->ls->n_factor_fresh + s->fresh_before;
  if (st < 0) {
    rep->status = st;
    char where[144] = "";
    if (st == NSB_ERR_SINGULAR && s->ls->singular_eq >= 0) nsb_sys_describe_equation(s, s->ls->singular_eq, where, sizeof where);
    snprintf(rep->cause, sizeof rep->cause, "%s%s", nsb_ctx_error_message(s->ctx), where);
    nsb_ctx_clear_error(s->ctx);
  }
  return st;
}

int nsb_system_solve(nsb_system* s, double* x, nsb_newton_report* rep) { return nsb_sys_timed_solve(s, x, rep); }

void nsb_system_riks_apply(nsb_system* s, const double* dx, double dlpf) {
  /* interior unknowns first: their recovery uses the last evaluation's
     condensation, the node increments and the load-factor change */
  nsb_corr ic = {0.0, 0.0, 0.0};
  double du[NSB_ELEM_MAX_LOCAL];
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!e->ops->post_solve_lpf) continue;
    for (int k = 0; k < e->n_local; ++k) du[k] = e->eq[k] >= 0 ? dx[e->eq[k]] : 0.0;
    e->ops->post_solve_lpf(e, du, dlpf, &ic);
  }
  nsb_sys_apply_increment(s, dx, 1.0);
  nsb_sys_correction_norms(s, NSB_EVAL_STATIC, dx, &ic);
  s->lpf += dlpf;
  s->stats.newton_iterations++;
}

/* Newton's convergence test (solver/convergence.h) on the last assembly and
   correction, with the report entries nsb_sys_newton() writes; the cause of a
   failure after this iteration is set (the status only for a stagnation). */
nsb_conv_verdict nsb_system_riks_test(nsb_system* s, int it, nsb_newton_report* rep) {
  nsb_conv_verdict v = nsb_sys_test_iteration(s, it, rep);
  rep->iterations = it + 1;
  if (v == NSB_CONV_CONTINUE) nsb_sys_no_convergence_cause(s, it + 1, rep);
  return v;
}

double nsb_system_riks_residual_norm(const nsb_system* s) { return s->nrm.r_abs; }

void nsb_system_riks_restore(nsb_system* s) {
  nsb_sys_restore_increment(s);
  s->lpf = s->lpf_old;
}

int nsb_system_riks_commit(nsb_system* s, double ds) {
  nsb_conv_accept(&s->conv, &s->nrm);
  /* accepted after a correction (and a change of the load factor): the
     points of that iterate, which the reactions' evaluation leaves as well */
  if (s->want_react)
    NSB_CALL(nsb_sys_compute_reactions(s, NSB_EVAL_STATIC, s->t));
  else
    nsb_sys_commit_points(s, NSB_EVAL_STATIC, s->t);
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->commit) s->elems[i].ops->commit(&s->elems[i]);
  s->inc_in_step++;
  s->lpf_old = s->lpf;
  s->step_lpf[s->step_index] = s->lpf;
  s->t += ds;
  /* no velocities: the loads do no work in the energy balance's sense */
  nsb_energy en;
  nsb_system_energy(s, &en);
  s->power = en.power;
  s->diss_rate = en.dissipation_rate;
  return NSB_OK;
}

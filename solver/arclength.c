/* arclength.c -- see arclength.h. */
#include "solver/arclength.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Iterations per increment that the adaptation aims at (Crisfield 1981's
   I_d): the predictor and four corrections.  From a tangent predictor of a
   moderate step Newton reaches the default tolerances in three or four, so
   the increments grow until the path bends enough to need more. */
#define ARC_DESIRED_ITER 5.0

struct nsb_arclength {
  nsb_ctx* ctx;
  nsb_system* s;       /* borrowed */
  nsb_step_def step;   /* copy of the step definition */
  int n;               /* equations (fixed in a Riks step: no contact elements) */
  double psi_u, psi_l; /* constraint weights: spherical 1/2, 1/2; cylindrical 1, 0 */
  /* equation space, n values each: */
  double* kind;        /* 1 translation, L^2 rotation, 0 multiplier */
  double* w;           /* metric weights kind / c^2 */
  double *q, *dt, *dr, *dx, *du, *dprev;
  double dlam, dlam_prev; /* LPF increment of the current and of the last accepted increment */
  int have_prev;       /* an increment of this step has been accepted */
  int scaled;          /* w is set (first assembly of the step) */
  double ds, used;     /* next arc-length increment; arc length used (step time units) */
  double ds_min, ds_max;
  long increments;
  double monitor;      /* monitored DOF at the last accepted state */
};

enum { ARC_N_VEC = 8 };

static double** vec(nsb_arclength* a, int k) {
  double** v[ARC_N_VEC] = {&a->kind, &a->w, &a->q, &a->dt, &a->dr, &a->dx, &a->du, &a->dprev};
  return v[k];
}

void nsb_arclength_destroy(nsb_arclength** pa) {
  if (!pa || !*pa) return;
  nsb_arclength* a = *pa;
  int n = a->n > 0 ? a->n : 1;
  for (int k = 0; k < ARC_N_VEC; ++k)
    if (*vec(a, k)) NSB_FREE_ARRAY(a->ctx, *vec(a, k), n, double);
  nsb_free(a->ctx, a, sizeof *a);
  *pa = NULL;
}

/* Total displacement of the monitored DOF: x - X0 for translations, the
   component of the node's rotation vector (the R probe) for rotations. */
static double monitor_value(const nsb_arclength* a) {
  int i = a->step.riks_node, d = a->step.riks_dof - 1;
  if (i < 0) return 0.0;
  const nsb_state* st = nsb_system_state(a->s);
  if (d < 3) return st->x[3 * i + d] - nsb_system_x0(a->s)[3 * i + d];
  double r[3];
  nsb_v3_store(nsb_so3_log_q(nsb_st_q(st, i)), r);
  return r[d - 3];
}

int nsb_arclength_create(nsb_ctx* ctx, nsb_system* s, nsb_arclength** out) {
  *out = NULL;
  const nsb_step_def* sd = nsb_system_step(s);
  NSB_CHECK(ctx, sd && sd->riks, NSB_ERR_ARG, "nsb_arclength_create: the current step is not *STATIC, RIKS");
  NSB_CHECK(ctx, nsb_system_n_equations(s) > 0, NSB_ERR_UNSUPPORTED,
            "%s:%d: *STATIC, RIKS: the model has no free degrees of freedom, so its load moves nothing",
            nsb_system_model(s)->source, sd->line);
  nsb_arclength* a = nsb_alloc(ctx, sizeof *a);
  NSB_CHECK(ctx, a, NSB_ERR_ALLOC, "arc-length continuation: out of memory");
  memset(a, 0, sizeof *a);
  a->ctx = ctx;
  a->s = s;
  a->step = *sd;
  a->n = nsb_system_n_equations(s);
  int n = a->n > 0 ? a->n : 1;
  for (int k = 0; k < ARC_N_VEC; ++k) {
    *vec(a, k) = NSB_NEW_ARRAY(ctx, n, double);
    if (!*vec(a, k)) {
      nsb_arclength_destroy(&a);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "arc-length continuation: out of memory");
    }
    memset(*vec(a, k), 0, (size_t)n * sizeof(double));
  }
  a->psi_u = a->step.riks_cylindrical ? 1.0 : 0.5;
  a->psi_l = a->step.riks_cylindrical ? 0.0 : 0.5;
  /* rotations weigh as the displacement they cause at the distance L, the
     diagonal of the nodes' bounding box: unit-invariant, and of the size of
     the translations for a structure of that size */
  const nsb_model* m = nsb_system_model(s);
  double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  double L2 = 0.0;
  for (int c = 0; c < 3 && m->nodes.count > 0; ++c) L2 += (hi[c] - lo[c]) * (hi[c] - lo[c]);
  for (int i = 0; i < m->nodes.count; ++i)
    for (int d = 0; d < 6; ++d) {
      int eq = nsb_system_node_equation(s, i, d);
      if (eq >= 0) a->kind[eq] = d < 3 ? 1.0 : L2;
    }
  a->ds = a->step.h;
  a->ds_min = a->step.h_min;
  a->ds_max = a->step.riks_h_max > 0.0 ? a->step.riks_h_max : a->step.period;
  a->monitor = monitor_value(a);
  *out = a;
  return NSB_OK;
}

double nsb_arclength_used(const nsb_arclength* a) { return a->used; }
double nsb_arclength_ds(const nsb_arclength* a) { return a->ds; }

const char* nsb_arclength_end_text(nsb_arclength_end e) {
  switch (e) {
    case NSB_ARC_END_LPF: return "the load proportionality factor reached its maximum";
    case NSB_ARC_END_DISPLACEMENT: return "the monitored displacement crossed its limit";
    case NSB_ARC_END_LENGTH: return "the total arc length is used up";
    case NSB_ARC_END_INCREMENTS: return "the step's number of increments (INC) is used up";
    default: return "not ended";
  }
}

/* sum_i w_i x_i y_i */
static double dot_w(const nsb_arclength* a, const double* x, const double* y) {
  double v = 0.0;
  for (int i = 0; i < a->n; ++i) v += a->w[i] * x[i] * y[i];
  return v;
}

/* The norm c of the tangent displacement per unit LPF at the step start in
   the kind metric; the weights become kind / c^2 (docs/theory.md §8). */
static int set_scale(nsb_arclength* a, nsb_newton_report* rep) {
  double c2 = 0.0;
  for (int i = 0; i < a->n; ++i) c2 += a->kind[i] * a->dt[i] * a->dt[i];
  if (!(c2 > 0.0) || !isfinite(c2)) {
    rep->status = NSB_ERR_UNSUPPORTED;
    snprintf(rep->cause, sizeof rep->cause,
             "the reference load of the *STATIC, RIKS step does not move the structure (its tangent displacement is "
             "%s): the supports take it all, or it is not finite",
             isfinite(c2) ? "zero" : "not finite");
    return rep->status;
  }
  for (int i = 0; i < a->n; ++i) a->w[i] = a->kind[i] / c2;
  a->scaled = 1;
  return NSB_OK;
}

/* One attempt at an increment of arc length abar (scaled space, LPF units)
   from the last accepted state.  On failure the caller restores.  The
   convergence test is Newton's (nsb_system_riks_test); the predictor
   iteration only moves onto the constraint, so an increment converges
   from the first correction on. */
static int try_increment(nsb_arclength* a, double abar, nsb_newton_report* rep) {
  nsb_system* s = a->s;
  const nsb_step_def* sd = &a->step;
  memset(rep, 0, sizeof *rep);
  NSB_CALL(nsb_system_riks_begin_increment(s));
  memset(a->du, 0, (size_t)a->n * sizeof(double));
  a->dlam = 0.0;
  for (int it = 0; it < sd->max_iter; ++it) {
    int st = nsb_system_riks_assemble(s, a->q);
    if (st < 0) {
      rep->status = st;
      snprintf(rep->cause, sizeof rep->cause, "element evaluation failed: %s", nsb_status_message(st));
      nsb_ctx_clear_error(a->ctx);
      return st;
    }
    if (!isfinite(nsb_system_riks_residual_norm(s))) {
      rep->status = NSB_ERR_NOT_FINITE;
      snprintf(rep->cause, sizeof rep->cause, "residual is not finite");
      return rep->status;
    }
    /* bordering (Batoz & Dhatt 1979): one factorization, two solves */
    if ((st = nsb_system_factor(s, rep)) < 0) return st;
    const double* r = nsb_system_residual(s);
    memcpy(a->dt, a->q, (size_t)a->n * sizeof(double));
    for (int i = 0; i < a->n; ++i) a->dr[i] = -r[i];
    if ((st = nsb_system_solve(s, a->dt, rep)) < 0) return st;
    if ((st = nsb_system_solve(s, a->dr, rep)) < 0) return st;
    if (!a->scaled && (st = set_scale(a, rep)) < 0) return st;
    /* the constraint on the increment du + dr + dl dt, dlam + dl:
       aq dl^2 + b dl + c = 0 */
    for (int i = 0; i < a->n; ++i) a->dx[i] = a->du[i] + a->dr[i];
    double aq = a->psi_u * dot_w(a, a->dt, a->dt) + a->psi_l;
    double b = 2.0 * (a->psi_u * dot_w(a, a->dx, a->dt) + a->psi_l * a->dlam);
    double c = a->psi_u * dot_w(a, a->dx, a->dx) + a->psi_l * a->dlam * a->dlam - abar * abar;
    double disc = b * b - 4.0 * aq * c;
    if (!(aq > 0.0) || !(disc >= 0.0)) {
      rep->status = NSB_ERR_NO_CONVERGENCE;
      snprintf(rep->cause, sizeof rep->cause,
               "the arc-length constraint has no real root in iteration %d (discriminant %.3e): the path turns "
               "within the increment",
               it + 1, disc);
      return rep->status;
    }
    double sq = sqrt(disc), t = b >= 0.0 ? -0.5 * (b + sq) : -0.5 * (b - sq);
    double root[2] = {t / aq, t != 0.0 ? c / t : t / aq};
    /* root choice (Crisfield 1981): the new increment at the smaller angle
       with the increment before this correction; in the predictor, with
       the last accepted increment; the first predictor of the step loads
       in the direction of the reference load */
    const double* ref = it > 0 ? a->du : a->dprev;
    double ref_l = it > 0 ? a->dlam : a->dlam_prev;
    double sA = a->psi_u * dot_w(a, a->dx, ref) + a->psi_l * a->dlam * ref_l;
    double sB = a->psi_u * dot_w(a, a->dt, ref) + a->psi_l * ref_l;
    double score[2];
    for (int k = 0; k < 2; ++k) score[k] = it == 0 && !a->have_prev ? root[k] : sA + root[k] * sB;
    double dl = score[1] > score[0] ? root[1] : root[0];
    for (int i = 0; i < a->n; ++i) a->dx[i] = a->dr[i] + dl * a->dt[i];
    double d2 = 0.0;
    for (int i = 0; i < a->n; ++i) d2 += a->dx[i] * a->dx[i];
    if (!isfinite(d2) || !isfinite(dl)) {
      rep->status = NSB_ERR_NOT_FINITE;
      snprintf(rep->cause, sizeof rep->cause, "Newton correction is not finite");
      return rep->status;
    }
    nsb_system_riks_apply(s, a->dx, dl);
    for (int i = 0; i < a->n; ++i) a->du[i] += a->dx[i];
    a->dlam += dl;
    nsb_conv_verdict v = nsb_system_riks_test(s, it, rep);
    if (v == NSB_CONV_STAGNATED) return rep->status;
    if (it > 0 && (v == NSB_CONV_CONVERGED || v == NSB_CONV_FLOOR)) {
      rep->status = NSB_OK;
      rep->cause[0] = '\0';
      rep->converged = 1;
      return NSB_OK;
    }
  }
  /* rep->cause: the last test's "no convergence in ... iterations" */
  rep->status = NSB_ERR_NO_CONVERGENCE;
  return rep->status;
}

int nsb_arclength_increment(nsb_arclength* a, nsb_arclength_info* info, nsb_newton_report* rep) {
  memset(info, 0, sizeof *info);
  nsb_stats* stats = nsb_system_stats(a->s);
  double ds = 0.0;
  for (;;) {
    /* the last increment lands on the total arc length */
    ds = fmin(a->ds, a->step.period - a->used);
    int st = try_increment(a, ds, rep);
    info->iterations += rep->iterations;
    if (st == NSB_OK) break;
    nsb_system_riks_restore(a->s);
    nsb_ctx_clear_error(a->ctx);
    stats->rejected++;
    info->rejected++;
    if (st == NSB_ERR_ALLOC || st == NSB_ERR_UNSUPPORTED) return st;
    if (st == NSB_ERR_SINGULAR && rep->iterations == 0) {
      /* the tangent of the last converged state itself: no shorter arc changes it */
      size_t len = strlen(rep->cause);
      snprintf(rep->cause + len, sizeof rep->cause - len,
               "; the tangent of the converged state is singular (a mechanism, or a bifurcation exactly there): "
               "a shorter arc length cannot help");
      return st;
    }
    if (0.5 * ds < a->ds_min * (1.0 - 1e-12)) {
      size_t len = strlen(rep->cause);
      snprintf(rep->cause + len, sizeof rep->cause - len,
               "; at arc-length increment %.6g the next cut would go below the minimum %.6g", ds, a->ds_min);
      return st;
    }
    a->ds = 0.5 * ds;
  }
  NSB_CALL(nsb_system_riks_commit(a->s, ds));
  stats->increments++;
  a->used += ds;
  a->increments++;
  memcpy(a->dprev, a->du, (size_t)a->n * sizeof(double));
  a->dlam_prev = a->dlam;
  a->have_prev = 1;
  /* next increment: Delta s sqrt(I_d / I) (Crisfield 1981), at most doubled,
     at least halved, not grown right after a cutback */
  double f = sqrt(ARC_DESIRED_ITER / (double)(rep->iterations > 0 ? rep->iterations : 1));
  f = fmin(fmax(f, 0.5), info->rejected ? 1.0 : 2.0);
  a->ds = fmin(fmax(ds * f, a->ds_min), a->ds_max);
  info->ds = ds;
  info->lpf = nsb_system_load_factor(a->s);
  double u_old = a->monitor;
  a->monitor = monitor_value(a);
  info->monitor = a->monitor;
  double u_max = a->step.riks_u_max;
  int crossed = a->step.riks_node >= 0 &&
                ((u_old < u_max && a->monitor >= u_max) || (u_old > u_max && a->monitor <= u_max));
  if (a->step.riks_lpf_max > 0.0 && info->lpf >= a->step.riks_lpf_max)
    info->end = NSB_ARC_END_LPF;
  else if (crossed)
    info->end = NSB_ARC_END_DISPLACEMENT;
  else if (a->used >= a->step.period * (1.0 - 1e-12))
    info->end = NSB_ARC_END_LENGTH;
  else if (a->increments >= a->step.riks_max_inc)
    info->end = NSB_ARC_END_INCREMENTS;
  return NSB_OK;
}

/* ---- checkpoint ------------------------------------------------------------- */

/* Layout: int64 n, have_prev, scaled, increments; doubles dlam_prev, ds,
   used, monitor; then w and dprev (n doubles each). */
enum { ARC_CK_INTS = 4, ARC_CK_DOUBLES = 4 };

size_t nsb_arclength_state_bytes(const nsb_arclength* a) {
  return ARC_CK_INTS * sizeof(int64_t) + ARC_CK_DOUBLES * sizeof(double) + 2 * (size_t)a->n * sizeof(double);
}

void nsb_arclength_state_save(const nsb_arclength* a, void* buf) {
  char* p = buf;
  int64_t iv[ARC_CK_INTS] = {a->n, a->have_prev, a->scaled, a->increments};
  double dv[ARC_CK_DOUBLES] = {a->dlam_prev, a->ds, a->used, a->monitor};
  memcpy(p, iv, sizeof iv);
  p += sizeof iv;
  memcpy(p, dv, sizeof dv);
  p += sizeof dv;
  memcpy(p, a->w, (size_t)a->n * sizeof(double));
  p += (size_t)a->n * sizeof(double);
  memcpy(p, a->dprev, (size_t)a->n * sizeof(double));
}

int nsb_arclength_state_load(nsb_arclength* a, const void* buf, size_t bytes) {
  NSB_CHECK(a->ctx, bytes == nsb_arclength_state_bytes(a), NSB_ERR_ARG,
            "checkpoint: arc-length state of %zu bytes, the step's has %zu", bytes, nsb_arclength_state_bytes(a));
  const char* p = buf;
  int64_t iv[ARC_CK_INTS];
  double dv[ARC_CK_DOUBLES];
  memcpy(iv, p, sizeof iv);
  p += sizeof iv;
  memcpy(dv, p, sizeof dv);
  p += sizeof dv;
  NSB_CHECK(a->ctx, iv[0] == a->n, NSB_ERR_ARG, "checkpoint: arc-length state of %lld equations, the step has %d",
            (long long)iv[0], a->n);
  a->have_prev = iv[1] != 0;
  a->scaled = iv[2] != 0;
  a->increments = (long)iv[3];
  a->dlam_prev = dv[0];
  a->ds = dv[1];
  a->used = dv[2];
  a->monitor = dv[3];
  memcpy(a->w, p, (size_t)a->n * sizeof(double));
  p += (size_t)a->n * sizeof(double);
  memcpy(a->dprev, p, (size_t)a->n * sizeof(double));
  return NSB_OK;
}

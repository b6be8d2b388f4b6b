/* newton.c -- Newton's iteration for one increment of the discrete system
 * (solver/system.h): the iteration with its convergence test
 * (solver/convergence.h), the diagnosis of singular matrices, and the
 * acceptance or restore of an increment. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>
#include "contact/impact_step.h"
#include "elements/beam_velocity.h"
#include "base/clock.h"

/* Whether node i has inertia in DOF d (translations: mass; rotations: rotary
   inertia): a body, or a beam element with a non-zero section inertia. */
static int node_has_inertia(const nsb_model* m, int i, int d) {
  if (m->nodes.data[i].body_kind != NSB_BODY_NONE) return 1;
  for (int k = 0; k < m->elements.count; ++k) {
    const nsb_element* e = &m->elements.data[k];
    if (!nsb_etype_is_beam(e->type) || e->section < 0 || (e->nodes[0] != i && e->nodes[1] != i)) continue;
    const nsb_section* sec = &m->sections.data[e->section];
    if (d < 3 ? sec->rhoA > 0.0 : sec->rhoJ[0] + sec->rhoJ[1] + sec->rhoJ[2] > 0.0) return 1;
  }
  return 0;
}

/* Name the unknown behind global equation eq: a node DOF or a joint
   multiplier, for messages about singular matrices (an unsupported rigid-body
   mode shows up as a zero pivot in one of its DOFs). */
void nsb_sys_describe_equation(const nsb_system* s, int eq, char* buf, size_t n) {
  static const char* const dof_names[6] = {"translation X", "translation Y", "translation Z",
                                           "rotation about body axis 1", "rotation about body axis 2",
                                           "rotation about body axis 3"};
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < 6; ++d)
      if (s->node_eq[6 * i + d] == eq) {
        if ((s->ops == &nsb_accel_ops || s->step.n_modes > 0) && !node_has_inertia(s->model, i, d))
          snprintf(buf, n, " [node %d, DOF %d: %s has no inertia (massless elements): give them a density]",
                   s->model->nodes.data[i].label, d + 1, dof_names[d]);
        else
          snprintf(buf, n, " [node %d, DOF %d: %s; check the supports of this node]", s->model->nodes.data[i].label,
                   d + 1, dof_names[d]);
        return;
      }
  for (int q = 0; q < s->n_mult; ++q)
    if (s->mult_eq[q] == eq) {
      for (int j = 0; j < s->n_elems; ++j) {
        const nsb_elem* e = &s->elems[j];
        if (e->n_mult > 0 && q >= e->mult_first && q < e->mult_first + e->n_mult) {
          if (e->ops == &nsb_joint_ops)
            snprintf(buf, n, " [multiplier %d of the joint of deck line %d: redundant or conflicting constraint?]",
                     q - e->mult_first + 1, s->model->joints.data[e->model_index].line);
          else if (e->ops == &nsb_skew_support_ops)
            snprintf(buf, n, " [local DOF %d of the *BOUNDARY of deck line %d in a *TRANSFORM system: redundant or "
                     "conflicting support?]",
                     s->model->boundaries.data[e->model_index].dof_first + q - e->mult_first,
                     s->model->boundaries.data[e->model_index].line);
          else
            snprintf(buf, n, " [impulse %d of a contact of the *CONTACT PAIR of deck line %d, particle node %d]",
                     q - e->mult_first + 1, s->model->contact_pairs.data[e->model_index].line,
                     s->model->nodes.data[e->nodes[0]].label);
          return;
        }
      }
    }
}

/* Solve with the current factorization in place (x: right-hand side in,
   solution out), timed from tic (the clock when the solve's phase began);
   a failure is reported in rep. */
static int timed_solve_from(nsb_system* s, double* x, nsb_newton_report* rep, double tic) {
  int st = nsb_linsolver_solve(s->ls, x);
  if (s->clock_w > 0.0) s->stats.t_solve += s->clock_w * (nsb_now_s() - tic);
  s->stats.solves++;
  if (st < 0) {
    rep->status = st;
    snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
    nsb_ctx_clear_error(s->ctx);
  }
  return st;
}

int nsb_sys_timed_solve(nsb_system* s, double* x, nsb_newton_report* rep) {
  return timed_solve_from(s, x, rep, s->clock_w > 0.0 ? nsb_now_s() : 0.0);
}

/* Static steps of mechanisms (a hanging pendulum, a chain): at the start the
   multipliers are zero, so their geometric stiffness, the only stiffness of
   the mechanism's motion, is missing and the first Newton matrix is
   singular.  Before giving up, set the multipliers to the least-squares
   reactions of the current residual, min |r_n + G^T dlambda| (normal
   equations, dense in the multipliers), and try again.  Returns 1 when it
   changed the multipliers. */
static int static_multiplier_guess(nsb_system* s) {
  int n0 = s->n_node_eq, nm = s->n_eq - n0;
  if (nm <= 0 || nm > 2000) return 0;
  double* N = nsb_alloc(s->ctx, sizeof(double) * (size_t)nm * (size_t)nm);
  double* b = nsb_alloc(s->ctx, sizeof(double) * (size_t)nm);
  lapack_int* piv = nsb_alloc(s->ctx, sizeof(lapack_int) * (size_t)nm);
  int changed = 0;
  if (N && b && piv) {
    memset(N, 0, sizeof(double) * (size_t)nm * (size_t)nm);
    memset(b, 0, sizeof(double) * (size_t)nm);
    for (int i = 0; i < n0; ++i)
      for (int p = s->A->rowptr[i]; p < s->A->rowptr[i + 1]; ++p) {
        int j = s->A->col[p] - n0;
        if (j < 0) continue;
        b[j] -= s->A->val[p] * s->r[i];
        for (int q = s->A->rowptr[i]; q < s->A->rowptr[i + 1]; ++q) {
          int k = s->A->col[q] - n0;
          if (k >= 0) N[j + (size_t)nm * k] += s->A->val[p] * s->A->val[q];
        }
      }
    if (LAPACKE_dgesv(LAPACK_COL_MAJOR, nm, 1, N, nm, piv, b, nm) == 0) {
      for (int q = 0; q < s->n_mult; ++q)
        if (s->mult_eq[q] >= n0 && isfinite(b[s->mult_eq[q] - n0])) {
          s->lam[q] += b[s->mult_eq[q] - n0];
          changed = 1;
        }
    }
  }
  if (N) nsb_free(s->ctx, N, sizeof(double) * (size_t)nm * (size_t)nm);
  if (b) nsb_free(s->ctx, b, sizeof(double) * (size_t)nm);
  if (piv) nsb_free(s->ctx, piv, sizeof(lapack_int) * (size_t)nm);
  return changed;
}

/* The probable cause of a singular Newton matrix or element matrix, in
   words, appended to buf (docs/theory.md §5, "Diagnosis").  In order:
   - a rotation parametrization limit: a beam element whose section frame
     turns by most of a full turn (its interior rotation maps are singular at
     2 pi), or a node that turns by nearly pi in one increment (Newmark's
     incremental rotation vector);
   - a singularity at the start, before any increment of a static step has
     converged: the model is not supported (a mechanism);
   - Newton diverging before it (the residual grew): the increment is too large;
   - after converged increments of a static step: the tangent stiffness has
     become singular on the way, a limit or bifurcation point (buckling,
     snap-through).
   Returns 1 when it named a cause other than missing supports. */
static int singular_cause(const nsb_system* s, nsb_eval_mode mode, int it, const nsb_newton_report* rep, char* buf,
                          size_t n) {
  const nsb_model* m = s->model;
  size_t len = strlen(buf);
  char* out = buf + len;
  n = n > len ? n - len : 0;
  double turn = 0.0, node_turn = 0.0;
  int e_turn = -1, n_turn = -1;
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (e->ops != &nsb_beam_v_ops) continue;
    double t = nsb_beam_turn(e);
    if (t > turn) {
      turn = t;
      e_turn = i;
    }
  }
  for (int i = 0; i < s->n_nodes && mode != NSB_EVAL_ACCEL; ++i) {
    if (s->ndof[i] != 6) continue;
    nsb_quat dq = nsb_q_mul(nsb_q_conj(nsb_st_q(&s->old, i)), nsb_st_q(&s->cur, i));
    double th = 2.0 * atan2(sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z), fabs(dq.w));
    if (th > node_turn) {
      node_turn = th;
      n_turn = i;
    }
  }
  const double two_pi = 6.283185307179586;
  if (e_turn >= 0 && turn > 0.75 * two_pi) {
    snprintf(out, n,
             "; probable cause: a rotation parametrization limit: beam element %d turns its section frame by %.3g rad "
             "(%.0f %% of a full turn) and one element cannot describe a full turn; use more elements",
             m->elements.data[s->elems[e_turn].model_index].label, turn, 100.0 * turn / two_pi);
    return 1;
  }
  if (n_turn >= 0 && node_turn > 0.9 * 3.141592653589793 && s->step.kind == NSB_STEP_DYNAMIC &&
      s->step.scheme != NSB_SCHEME_MODIFIED_NEWMARK) {
    snprintf(out, n,
             "; probable cause: a rotation parametrization limit: node %d turns by %.3g rad in one increment, near the "
             "limit pi of Newmark's incremental rotation vector; use smaller increments or SCHEME=MODIFIED NEWMARK",
             m->nodes.data[n_turn].label, node_turn);
    return 1;
  }
  int diverged = 0;
  for (int k = 1; k < it && k < NSB_NEWTON_HISTORY; ++k)
    if (rep->res_rel[k] > rep->res_rel[k - 1]) diverged = 1;
  if (mode == NSB_EVAL_STATIC && s->inc_in_step == 0 && s->step_index == 0 && it == 0) return 0;
  if (diverged) {
    snprintf(out, n,
             "; probable cause: the increment is too large (Newton's residual grew before the matrix became singular); "
             "use a smaller increment or allow cutbacks (minimum increment on the step's data line)");
    return 1;
  }
  if (mode == NSB_EVAL_STATIC && (s->inc_in_step > 0 || s->step_index > 0)) {
    double frac = s->step.period > 0.0 ? (s->t - s->t_step_start) / s->step.period : 0.0;
    snprintf(out, n,
             "; probable cause: an instability: the tangent stiffness became singular after %ld converged increments "
             "of this step (step time %.4g, %.3g of the step): a limit or bifurcation point (buckling, "
             "snap-through); follow it with *STATIC, RIKS or a dynamic step",
             s->inc_in_step, s->t - s->t_step_start, frac);
    return 1;
  }
  return 0;
}

/* Whether a singular first Newton matrix of an increment is singular for
   every increment length, so that cutting the increment back cannot make it
   regular (the failure is then final: nsb_newton_report.final).
   - A static step: the matrix of the first iteration at the converged start
     state itself, i.e. when the predictor moved no node (the first increment
     of a step, which starts from rest, without prescribed motion in it; in
     later increments the predictor extrapolates the load path, and there a
     singular matrix may be a limit point that a shorter increment stays
     below).  K at that state does not depend on h (a follower load's
     stiffness grows with the load of t_new: a matrix singular at one load
     level and regular at another is left to the cutbacks all the same only
     when the nodes moved).
   - A dynamic step: the zero pivot falls on a node DOF without inertia (a
     massless mechanism): the mass term c M / h^2 that grows as h shrinks
     does not reach that row.  A DOF with inertia keeps the cutbacks.
   eq: the equation of the zero pivot (-1: not known). */
static int singular_for_any_h(const nsb_system* s, nsb_eval_mode mode, int eq) {
  if (mode == NSB_EVAL_STATIC) {
    const size_t n = (size_t)s->n_nodes;
    return !memcmp(s->cur.x, s->old.x, 3 * n * sizeof(double)) && !memcmp(s->cur.q, s->old.q, 4 * n * sizeof(double));
  }
  if (mode != NSB_EVAL_DYNAMIC || eq < 0) return 0;
  for (int i = 0; i < s->n_nodes; ++i)
    for (int d = 0; d < 6; ++d)
      if (s->node_eq[6 * i + d] == eq) return !node_has_inertia(s->model, i, d);
  return 0;
}

/* The probable cause of a final singular matrix (singular_for_any_h) on a
   node DOF, appended to rep->cause after the DOF's name. */
static void mechanism_cause(const nsb_system* s, nsb_eval_mode mode, nsb_newton_report* rep) {
  size_t len = strlen(rep->cause);
  if (mode == NSB_EVAL_STATIC)
    snprintf(rep->cause + len, sizeof rep->cause - len,
             "; probable cause: the model is a mechanism: that DOF has no stiffness at the converged state of step "
             "time %.6g (a singular matrix there does not depend on the increment, so no cutback is tried); add a "
             "support or a joint that holds it",
             s->t - s->t_step_start);
  else
    snprintf(rep->cause + len, sizeof rep->cause - len,
             "; probable cause: a massless mechanism: that DOF has neither stiffness nor inertia (a shorter "
             "increment cannot help, so no cutback is tried); add a support or a joint that holds it, or give the "
             "elements at it a density");
}

nsb_conv_verdict nsb_sys_test_iteration(nsb_system* s, int it, nsb_newton_report* rep) {
  nsb_conv_verdict v = nsb_conv_test(&s->conv, &s->nrm);
  if (it < NSB_NEWTON_HISTORY) {
    rep->res_rel[it] = s->conv.def.abs_residual > 0.0 ? s->nrm.r_abs / s->conv.def.abs_residual : s->conv.r_rel;
    rep->cor_rel[it] = s->conv.def.abs_correction > 0.0 ? s->nrm.c_abs / s->conv.def.abs_correction : s->conv.c_rel;
    rep->r_force[it] = s->nrm.r_force;
    rep->r_moment[it] = s->nrm.r_moment;
    rep->c_trans[it] = s->nrm.c_trans;
    rep->c_rot[it] = s->nrm.c_rot;
  }
  if (v == NSB_CONV_FLOOR) s->stats.floor_accepted++;
  if (v == NSB_CONV_STAGNATED) {
    rep->status = NSB_ERR_NO_CONVERGENCE;
    snprintf(rep->cause, sizeof rep->cause,
             "the residual stagnates at |f| = %.3e while the corrections have converged: the absolute residual "
             "tolerance %.3e is below the round-off floor of this model; raise *SOLVER CONTROLS, TOL RESIDUAL or "
             "leave it out (the relative test then decides)",
             s->nrm.r_abs, s->conv.def.abs_residual);
  }
  return v;
}

void nsb_sys_no_convergence_cause(const nsb_system* s, int iterations, nsb_newton_report* rep) {
  snprintf(rep->cause, sizeof rep->cause,
           "no convergence in %d iterations (last residual %.3g and correction %.3g times their tolerances)",
           iterations, s->conv.r_rel, s->conv.c_rel);
}

void nsb_sys_restore_increment(nsb_system* s) {
  nsb_sys_energy_stale(s);
  s->tan_ok = 0;
  nsb_sys_state_copy(&s->cur, &s->old, s->n_nodes);
  memcpy(s->lam, s->lam_old, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
}

/* Modified Newton (*SOLVER CONTROLS, TANGENT=REUSE; docs/theory.md §5).
   The iteration matrix and the condensing elements' interior factors are
   kept from one iteration to the next and across increments, and an
   iteration with them assembles the residual only (elements/element.h,
   NSB_FACTORS_KEPT) and solves with the kept factorization.  The matrix is
   formed again when what it depends on beyond the state has changed (the
   numbering, the evaluation mode, the increment h, which contacts take part
   and how: contact_form; a contact row that changed during the increment,
   assembly.c).  When the iteration with it contracts slowly (a correction
   above REUSE_RATE times the previous one, or a residual that grew), when
   the test would accept a stalling correction as round-off (the
   round-off-floor verdicts, which read slow contraction as round-off), or
   when it fails, the increment is too nonlinear for the kept matrix: it is
   repeated from its start with full Newton (increment_to), exactly the
   iterations of TANGENT=FULL, before the step control sees any failure, and
   the last matrix of those iterations is kept for the next increment.
   Rejected: switching to full Newton from the iterate reached (the helix
   cantilever's static load steps, tests/decks/tangent: 29 cutbacks instead
   of full Newton's 23, the kept matrix had led some increments astray).  A
   converged state satisfies the residual test and the correction test as
   in full Newton, so it does not depend on the matrix used (a linear rate
   below REUSE_RATE bounds the remaining error by a third of the last
   correction).  Rejected: Broyden updates of the kept factors (the matrix
   of the beams' condensed rows has no cheap low-rank update, and a rank-one
   update of a KLU factorization is not available). */
#define REUSE_RATE 0.25

/* The first correction of a static increment from an equilibrium state is
   the linear response to the increment's loads and prescribed motions: it
   grows in proportion to the increment.  When it moves a node by more than
   ten times the model's size L, or turns one by more than half a turn, the
   tangent at the start cannot carry that increment (a point held at a
   distance of at most L from a support moves by less than pi L in a turn of
   less than half a turn: a rigid pendulum's first correction of 1.6 L
   converges) (a straight cable under its own
   weight: its only transverse stiffness is its small bending stiffness, and
   the first correction of the whole load moves its middle by 7.6 km on a
   10 m cable).  Iterating on from there wastes the iteration limit at every
   halving; instead the increment is given up at once and shrunk so that its
   first correction is FIRST_TRANS L, FIRST_ROT rad (the step control's
   cutback, nsb_step_control_cutback_by).  Returns that factor, or 0 when the
   correction is sensible. */
#define FIRST_TRANS 0.1
#define FIRST_ROT 0.25
static double first_correction_shrink(const nsb_system* s) {
  const double L = s->length, ct = s->nrm.c_trans, cr = s->nrm.c_rot;
  if (!(ct > 10.0 * L) && !(cr > 3.141592653589793)) return 0.0;
  double f = 0.5;
  if (ct > 0.0) f = fmin(f, FIRST_TRANS * L / ct);
  if (cr > 0.0) f = fmin(f, FIRST_ROT / cr);
  return f;
}

/* Fingerprint of the contact rows' form in the increment: which contacts
   take part, own their group and hold a persistent impulse (FNV-1a). */
static unsigned long contact_form(const nsb_system* s) {
  unsigned long h = 14695981039346656037ul ^ (unsigned long)s->n_contacts;
  for (int k = 0; k < s->n_contacts; ++k) {
    const nsb_contact_data* d = s->elems[s->first_contact + k].state;
    unsigned long v = (unsigned long)(d->active != 0) | (unsigned long)(d->owner != 0) << 1 |
                      (unsigned long)(d->persist != 0) << 2;
    h = (h ^ v) * 1099511628211ul;
  }
  return h;
}

/* Whether the kept iteration matrix fits an iteration in mode with the
   increment's h and contact form (and slot 0 still holds its factors). */
static int tangent_kept(const nsb_system* s, nsb_eval_mode mode, unsigned long form) {
  /* h: the step control's increments end on grid times and differ from
     one another at round-off */
  return s->tan_ok && s->tan_mode == (int)mode && fabs(s->scheme->h - s->tan_h) <= 1e-9 * s->tan_h &&
         s->ls->slot == 0 && s->ls->epoch[0] == s->tan_epoch && s->tan_contacts == form;
}

/* Whether a node of a beam element has turned since the kept matrix was
   formed by more than its elements' kept interior factors stand
   (system.c, turn_limits): then the matrix is formed again.  Only the nodes
   with a limit are read. */
static int tangent_turned(const nsb_system* s) {
  for (int k = 0; k < s->n_tan_nodes; ++k) {
    const int i = s->tan_nodes[k];
    const double *a = s->cur.q + 4 * i, *b = s->tan_q + 4 * i;
    if (fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) < s->tan_turn[i]) return 1;
  }
  return 0;
}

static unsigned long fnv_bytes(unsigned long h, const void* p, size_t n) {
  const unsigned char* b = p;
  for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ul;
  return h;
}

/* What the matrix of the acceleration solves is formed from at the current
   state, as an FNV-1a fingerprint into key: the step, the numbering's size,
   the frame of every beam element's node 0 (nsb_beam_accel_frame: the rest
   of a Galerkin beam's acceleration rows is constant data), and the local
   matrices themselves of the particles and contacts (cheap to evaluate; a
   particle's mass rows, a contact's multiplier rows with its normal and
   weights).  The problem is linear in the accelerations, so with equal
   fingerprints the kept factors are those of this state's matrix, up to a
   64-bit hash collision (as the contact rows' form of modified Newton).
   Returns 0 when an element's matrix cannot be told so (rigid bodies,
   joints, springs, collocation and strain beams): the solve then confirms
   its residual as before. */
static int accel_key(nsb_system* s, unsigned long* key) {
  unsigned long h = 14695981039346656037ul;
  h = fnv_bytes(h, &s->step_index, sizeof s->step_index);
  h = fnv_bytes(h, &s->n_eq, sizeof s->n_eq);
  h = fnv_bytes(h, &s->n_elems, sizeof s->n_elems);
  nsb_sys_kinematics(s);
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_ACCEL, s->t, &ec);
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    double q[4];
    if (e->ops == &nsb_beam_v_ops) {
      if (!nsb_beam_accel_frame(e, &s->cur, q)) return 0;
      h = fnv_bytes(h, q, sizeof q);
      continue;
    }
    if (e->ops != &nsb_particle_ops && e->ops != &nsb_contact_newton_ops && e->ops != &nsb_contact_hertz_ops) return 0;
    size_t nk = (size_t)e->n_local * (size_t)e->n_local;
    memset(s->ff, 0, (size_t)e->n_local * sizeof(double));
    memset(s->fK, 0, nk * sizeof(double));
    if (e->ops->eval(e, &ec, s->ff, s->fK) < 0) return 0;
    h = fnv_bytes(h, e->eq, (size_t)e->n_local * sizeof(int));
    h = fnv_bytes(h, s->fK, nk * sizeof(double));
  }
  *key = h;
  return 1;
}

/* The acceleration restart without a residual sweep (docs/theory.md §5,
   "The restart without a residual sweep").  After an impulsive increment
   the restart's residual at the increment's accelerations (its predictor)
   is, element by element, the increment's residual at its accepted iterate
   wherever the acceleration rows are the increment's rows (plain beams,
   nsb_beam_accel_plain): zero to the Newton tolerance at every node that no
   contact reaches.  Measured on the bar and Saint-Venant decks of
   benchmarks/peers: those rows 1e-4 of the residual tolerance, the contact
   nodes' rows and the multiplier rows 1e10 times larger.  So the one
   assembly of the exact path (acc_exact) evaluates the contacts, the
   particles and the beams with a node that a contact, a particle or a beam
   that is not plain reaches, keeps the rows of those nodes and the
   multiplier rows, sets the other nodes' rows to zero, and takes each other
   beam's part from the increment (nsb_beam_accel_skip: its interior started
   on the increment's accelerations, X_f zero).  The error is the
   increment's residual, which Newton accepted.  Marks the nodes and beams
   (acc_near, acc_skip); returns the number of beams so taken, 0 (the
   present path) where none is or gravity acts on the beams (their load
   rows, which gravity_at may move in time). */
static int restart_far(nsb_system* s) {
  if (s->acc_far_off || !s->acc_near || !s->acc_skip || s->n_static_ranged != s->first_contact) return 0;
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_ACCEL, s->t, &ec);
  if (ec.gravity.x != 0.0 || ec.gravity.y != 0.0 || ec.gravity.z != 0.0) return 0;
  memset(s->acc_near, 0, (size_t)s->n_nodes);
  for (int i = 0; i < s->n_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (i < s->first_contact) s->acc_skip[i] = e->ops == &nsb_beam_v_ops && nsb_beam_accel_plain(e);
    if (i < s->first_contact && s->acc_skip[i]) continue;
    for (int k = 0; k < e->n_nodes; ++k)
      if (e->nodes[k] >= 0) s->acc_near[e->nodes[k]] = 1;
  }
  for (int i = 0; s->driven && i < s->n_nodes; ++i)
    if (s->driven[i]) s->acc_near[i] = 1;
  int n = 0;
  for (int i = 0; i < s->first_contact; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (s->acc_skip[i] && (s->acc_near[e->nodes[0]] || s->acc_near[e->nodes[1]])) s->acc_skip[i] = 0;
    n += s->acc_skip[i];
  }
  return n;
}

/* What the beams' evaluations leave at their points (nsb_system_confirm_first). */
static unsigned long points_hash(const nsb_system* s) {
  unsigned long h = 14695981039346656037ul;
  for (int i = 0; i < s->first_contact; ++i)
    if (s->elems[i].ops == &nsb_beam_v_ops) h = nsb_beam_points_hash(&s->elems[i], h);
  return h;
}

static unsigned long first_key(const nsb_system* s) {
  unsigned long h = fnv_bytes(14695981039346656037ul, &s->tan_epoch, sizeof s->tan_epoch);
  return fnv_bytes(h, &s->tan_contacts, sizeof s->tan_contacts);
}

/* Whether a NEWTON-law contact may carry an impulse in the increment: one
   that takes part and owns its rows.  A massless slave out of contact
   (MASS=REDISTRIBUTED, released) does not count: its row Lambda = 0 is
   linear in its multiplier alone (P_n+1 = -rho_inf P_n, contact/pair.c
   newton_eval) with a constant diagonal, so the first correction with the
   kept matrix satisfies it to round-off, and its node load is linear in
   that multiplier; counting it kept every increment after a release from
   ACCEPT=RATE (benchmarks/peers README, "The mass rule by default"). */
static int impulse_rows(const nsb_system* s) {
  for (int k = 0; k < s->n_contacts; ++k) {
    const nsb_elem* e = &s->elems[s->first_contact + k];
    const nsb_contact_data* d = e->state;
    if (e->ops == &nsb_contact_newton_ops && d->owner && d->active) return 1;
  }
  return 0;
}

/* The point states of the accepted iterate (element.h, points).  Newton
   accepts by the norm of its last correction, which no evaluation
   followed: the beams' point states (positions, rotations, rates, strains
   of their integration, collocation and end points, N^0, M^0) are those of
   the iterate before it, while the nodes and the interior unknowns are
   those after it.  Committed so, the run would go on from a state that no
   evaluation gives, and an evaluation at the accepted iterate for the
   output (the reactions of an RF probe or of VTK fields) would change it:
   benchmarks/beam_contact crossing_soft took another Newton path with VTK
   output at every increment.  This pass moves them to the accepted iterate
   by the operations an evaluation there would apply, so the committed
   states do not depend on the output (docs/theory.md §5, "Support
   reactions"). */
typedef struct points_job {
  nsb_system* s;
  const nsb_eval_ctx* ec;
} points_job;

/* One range of the static elements (each element's pass reads and writes
   its own state only: the same bits on any thread). */
static void points_member(void* arg, int r) {
  const points_job* j = arg;
  const nsb_system* s = j->s;
  for (int i = s->range_lo[r]; i < s->range_lo[r + 1]; ++i)
    if (s->elems[i].ops->points) s->elems[i].ops->points(&s->elems[i], j->ec);
}

void nsb_sys_commit_points(nsb_system* s, nsb_eval_mode mode, double t_new) {
  if (!s->has_beams) return;
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, mode, t_new, &ec);
  points_job job = {s, &ec};
  if (s->team)
    nsb_team_run(s->team, points_member, &job);
  else
    for (int i = 0; i < s->first_contact; ++i)
      if (s->elems[i].ops->points) s->elems[i].ops->points(&s->elems[i], &ec);
}

/* The contact rows of an impulsive increment after its first correction
   (accept_first).  Within the form of the kept matrix a NEWTON-law
   contact's rows are linear in the node velocities and its multipliers
   (contact/pair.c step_law_rows: xi_N = 2 vbar_N + const, or lambda_v),
   and where the kept matrix holds their Jacobian (every entry of the
   contact's local matrix within 1e-9 of the kept one, assembly.c
   CONTACT_ROW_EXACT: a flat obstacle) it does so but for the proximal term
   1e-9 sl on the multiplier's diagonal of a closed row, which the residual
   does not have.  So the first correction leaves those rows at
   r_c = -1e-9 c1 sl dP (dP: the impulse the correction made), of the size
   of the Newton tolerance, not of round-off.  The correction
     d = -K^-1 [0; r_c]
   with the kept factors (one back substitution), the elements' rows taken
   at their estimated zero (nsb_conv_first_ok: below a tenth of their
   tolerance), leaves the contact rows at -1e-9 c1 sl dP_d with dP_d of the
   size of r_c / c1: round-off.  The elements' rows move by what their kept
   Jacobian misses of d, which is itself of the size of the tolerance's
   1e-9.  The beams' interior unknowns take the interior part of d,
   -K_ii^-1 K_in d (the recovery of element.h post_solve with a zero
   interior residual): their recovery is redone from the increment's start
   with the first correction and d together, the recovery being affine in
   the node correction (the interior unknowns at the first correction were
   those begin_increment kept: the predictor moves only the nodes).  The
   contacts are evaluated again at the new iterate: when a row changed its
   form there (a contact at its branch's edge), the increment iterates on,
   the correction d not counted in the contraction rate.  Returns 1 when
   the contact rows are exact, 0 to iterate on. */
static int contact_correction(nsb_system* s, nsb_eval_mode mode, double t_new, double lam_scale,
                              nsb_newton_report* rep) {
  double* d = s->r;
  for (int i = 0; i < s->n_eq; ++i) d[i] = -d[i];
  if (timed_solve_from(s, d, rep, s->clock_w > 0.0 ? nsb_now_s() : 0.0) < 0) {
    /* the kept factors did for the first correction: the iteration reports it */
    rep->status = NSB_OK;
    rep->cause[0] = '\0';
    return 0;
  }
  for (int i = 0; i < s->first_contact; ++i)
    if (s->elems[i].ops->restore) s->elems[i].ops->restore(&s->elems[i]);
  for (int i = 0; i < s->n_eq; ++i) s->dx[i] += d[i];
  if (s->has_beams) (void)nsb_sys_post_solve(s, s->dx);
  nsb_sys_apply_increment(s, d, lam_scale);
  if (nsb_sys_contact_rows_changed(s, mode, t_new, NULL, NULL) != 0) {
    nsb_ctx_clear_error(s->ctx);
    nsb_conv_rate_skip(&s->conv);
    return 0;
  }
  return 1;
}

/* Acceptance after the first correction (*SOLVER CONTROLS, ACCEPT=RATE; the
   default; docs/theory.md §5).  Between impacts the bar of benchmarks/peers
   is a linear problem: the second residual of an increment only confirms
   the first correction (its own correction is 1e-12 of the first), and it
   is an evaluation of every element.  As CVODE's nonlinear solver
   (Hindmarsh et al. 2005) the iteration keeps an estimate of its
   contraction rate with the kept matrix, measured in the confirmed
   increments and carried over (solver/convergence.h), and after the first
   correction of an increment it estimates the residual and the next
   correction of the iterate reached, rrate |c_0| and crate |c_0| in
   multiples of their tolerances; at most NSB_CONV_FIRST_FRACTION each, the
   iterate is accepted without its residual.  It is safe only where the
   rate says something of this increment, so the increment iterates as
   without it
   - in an impulsive increment (a NEWTON-law contact that may carry an
     impulse, impulse_rows) whose contact matrices at the iterate are not
     the kept ones to 1e-9 (assembly.c CONTACT_ROW_EXACT): the first
     correction leaves the law satisfied to the Newton tolerance only, and
     the law's work, zero for e = 1 and never a gain (tests/test_contact_elem.c
     `bar_wall_no_gain`, `bar_wall_default_scheme_no_gain`,
     `bar_wall_massless`: 1e-10 of the energy per increment instead of
     round-off), must be exact; where they are, contact_correction above
     makes it so with one back substitution before the acceptance;
   - when the rate is not known: the first increments of a step, an
     increment whose matrix was formed anew (a contact list rebuilt, a
     contact that joined or left the increment's rows or changed its form,
     the impact that starts a persistent contact and the increment after
     it, whose contact then holds its impulse: contact_form; another h;
     a slow iteration repeated with full Newton), until two confirmed
     increments with that matrix have measured it (its growth too:
     solver/convergence.c);
   - when a contact row is not in the form of the kept matrix, row by row
     (assembly.c contact_rows_changed), at the predictor (the first
     correction's residual) or at the iterate (the contacts alone,
     evaluated again there: cheap): a contact that closes or opens;
   - every NSB_CONV_CONFIRM_EVERY-th increment, which confirms the rate
     (CVODE forms its matrix anew every 20 steps, which resets its rate);
   - with an element whose evaluation leaves state behind that cannot be
     moved to the iterate without it (first_capable: the strain beam).
   Accepting leaves the state the confirming residual would have been
   evaluated at: the nodes and the beams' interior unknowns of the first
   correction (and of the contact rows' correction), and the beams' point states moved there by the same
   operations as that evaluation (nsb_beam_points: a pass of the point
   updates alone, no residual, no condensation).  The step's flux average
   (solver/convergence.h) takes the predictor's flux instead of the
   confirming evaluation's.  The results differ from ACCEPT=CONFIRM by the
   correction the confirming iteration would still have made, below a tenth
   of its tolerance by the estimate (tests/test_solver.c
   `first_correction_audit` measures it).  Returns 1 when it accepted, 0
   to iterate on, 2 to iterate on where it would have accepted
   (nsb_system_confirm_first). */
static int accept_first(nsb_system* s, nsb_eval_mode mode, double t_new, double lam_scale, nsb_newton_report* rep) {
  /* an impulse: the contact rows' residual at the iterate, gathered into s->r
     (the predictor's residual, read by nothing after the first correction) */
  const int impulse = impulse_rows(s);
  /* a static step's NEWTON contacts (their Signorini rows): confirmed, as before */
  if (impulse && mode != NSB_EVAL_DYNAMIC) return 0;
  if (impulse) memset(s->r, 0, (size_t)s->n_eq * sizeof(double));
  /* the predictor's contact rows (the first correction's residual) and the
     iterate's in the form of the kept matrix */
  int inexact = 0;
  if (s->n_contacts > 0 &&
      (s->tan_contact_rows_changed ||
       nsb_sys_contact_rows_changed(s, mode, t_new, impulse ? s->r : NULL, impulse ? &inexact : NULL) != 0)) {
    /* a changed row or a failed evaluation: the next assembly forms the
       matrix or reports the failure */
    nsb_ctx_clear_error(s->ctx);
    return 0;
  }
  if (impulse && (inexact || !contact_correction(s, mode, t_new, lam_scale, rep))) return 0;
  /* the points of the iterate it accepts; with the reactions wanted their
     evaluation at this iterate follows in every caller and leaves them
     (nsb_sys_compute_reactions): not twice, as after a converged iteration
     below (the audit's hash reads them here) */
  if (!s->want_react || s->first_confirm) nsb_sys_commit_points(s, mode, t_new);
  if (s->first_confirm) {
    s->first_points = points_hash(s);
    return 2;
  }
  s->stats.first_accepted++;
  return 1;
}

void nsb_system_confirm_first(nsb_system* s, int on) { s->first_confirm = on != 0; }

long nsb_system_first_audits(const nsb_system* s, double* worst, long* points_differ) {
  if (worst) *worst = s->first_worst;
  if (points_differ) *points_differ = s->first_points_differ;
  return s->first_audits;
}

/* Newton's iteration at t_new from the current iterate: assemble, factorize
   (or keep the factorization: prox sweeps, modified Newton above), solve,
   update, test (solver/convergence.h).  A singular first matrix of a static
   step with multipliers gets one more try from the least-squares
   multipliers; every failure leaves its cause in words in rep. */
int nsb_sys_newton(nsb_system* s, nsb_eval_mode mode, double t_new, nsb_newton_report* rep) {
  /* a fresh report without clearing its whole (some 3.7 kB, once an
     increment): the cause is a string, and an iteration's history entries
     are cleared when the iteration starts (nothing reads past
     rep->iterations) */
  rep->iterations = 0;
  rep->converged = 0;
  rep->status = NSB_OK;
  rep->cause[0] = '\0';
  rep->shrink = 0.0;
  rep->final = 0;
  int guessed = 0;
  double lam_scale = mode == NSB_EVAL_DYNAMIC ? s->lam_scale : 1.0;
  /* the acceleration solves after impulsive increments are not counted in
     the age of the contraction rate (nsb_conv_first_ok): counted, they made
     every NSB_CONV_CONFIRM_EVERY-th increment every fifth in a run with an
     impulse in every increment (benchmarks/peers README, "The acceleration
     restart, counted") */
  nsb_conv_begin_increment(&s->conv, mode != NSB_EVAL_ACCEL);
  /* reuse: the matrices are kept; with tan_off (an increment repeated with
     full Newton) they are formed at every iteration all the same */
  const int tangent_reuse = nsb_step_tangent(s->model, &s->step) == NSB_TANGENT_REUSE;
  const int reuse = tangent_reuse && mode != NSB_EVAL_ACCEL && !s->reuse_factor &&
                    !s->contact_prox && s->ls && s->step.n_modes == 0;
  /* The acceleration solves after impulsive increments (recurring slot):
     a linear problem whose matrix (mass and constraint rows) changes only
     with the rotations; kept likewise, its residual assembled with the
     elements' second set of kept factors.  A residual that falls by less
     than REUSE_RATE in an iteration with the kept matrix makes the next
     one form it (on a linear problem that iteration then converges). */
  const int reuse_acc = tangent_reuse && mode == NSB_EVAL_ACCEL && !s->reuse_factor && s->ls &&
                        s->ls->slot == NSB_LINSOLVER_RECUR && s->step.n_modes == 0;
  const unsigned long form = reuse ? contact_form(s) : 0;
  double prev_c = HUGE_VAL, prev_r = HUGE_VAL, prev_ra = HUGE_VAL;
  int acc_fresh = 0;
  /* The acceleration solve with kept factors of this state's matrix (the
     same fingerprint as when it was formed, accel_key: a bar or particles,
     nothing rotated) is exact after its first correction up to round-off,
     so its confirming residual, an evaluation of every element, is not
     assembled: the beams' point accelerations are set from the solution as
     that evaluation would set them (nsb_beam_accel_points), and the
     accelerations are those it would have accepted, bit for bit.  Measured
     on benchmarks/peers (an acceleration solve after most increments): the
     evaluation was 8 % of bar_n100's run. */
  unsigned long akey = 0;
  const int acc_exact = reuse_acc && !s->accel_confirm && s->tana_ok && s->tana_key_ok &&
                        s->ls->epoch[NSB_LINSOLVER_RECUR] == s->tana_epoch && accel_key(s, &akey) &&
                        akey == s->tana_key;
  /* and after an impulsive increment without a driven support or an
     impulse split, without the sweep over the beams that no contact reaches
     (restart_far): chosen from the model alone, the same whether or not the
     reactions are wanted (their evaluation follows the solve and reads the
     states it leaves, nsb_sys_accel_far) */
  const int far = acc_exact && nsb_sys_accel_far(s) ? restart_far(s) : 0;
  s->tan_used = 0;
  /* acceptance after the first correction (accept_first above) */
  const int first = reuse && s->first_capable && s->step.accept == NSB_ACCEPT_RATE;
  /* first_confirm: the rate's bookkeeping as it would be after the
     acceptance, restored when the increment has converged */
  int audit = 0;
  nsb_conv conv_audit;
  for (int it = 0; it < s->step.max_iter; ++it) {
    if (it < NSB_NEWTON_HISTORY)
      rep->res_rel[it] = rep->cor_rel[it] = rep->r_force[it] = rep->r_moment[it] = rep->c_trans[it] =
          rep->c_rot[it] = 0.0;
    if (reuse && s->tan_ok && tangent_turned(s)) s->tan_ok = 0;
    int kept = reuse ? !s->tan_off && tangent_kept(s, mode, form)
                     : reuse_acc && !acc_fresh && s->tana_ok && s->ls->epoch[NSB_LINSOLVER_RECUR] == s->tana_epoch;
    /* the initial-acceleration problem is linear (below): after the first
       iteration its matrix is that of the first, so only the residual is
       assembled, and a further iteration keeps the factors */
    nsb_asm_kind what = kept                                                         ? NSB_ASM_RESIDUAL_KEPT
                        : reuse || reuse_acc                                         ? NSB_ASM_MATRIX_KEEP
                        : !s->reuse_factor && !(mode == NSB_EVAL_ACCEL && it > 0) ? NSB_ASM_MATRIX
                                                                                     : NSB_ASM_RESIDUAL;
    /* the elements' kept factors change */
    if (what == NSB_ASM_MATRIX_KEEP) *(reuse_acc ? &s->tana_ok : &s->tan_ok) = 0;
    s->acc_skip_on = far > 0 && it == 0 && what == NSB_ASM_RESIDUAL_KEPT;
    int st = nsb_sys_assemble(s, mode, t_new, what);
    if (s->acc_skip_on) s->acc_skipped += far;
    s->acc_skip_on = 0;
    if (st >= 0 && kept && it > 0 && s->tan_contact_changed) {
      /* a contact row changed its form during the increment: the kept
         matrix does not fit this iteration; form it now.  Not at the first
         iteration: at the predictor a persistent contact's semi-smooth row
         sits in its open branch (its velocity is the predicted one), and the
         kept matrix with the closed row of the last increment's converged
         iterations is the better Newton matrix there (it then converges
         without a change) */
      kept = 0;
      what = NSB_ASM_MATRIX_KEEP;
      s->tan_ok = 0;
      st = nsb_sys_assemble(s, mode, t_new, what);
    }
    if (st >= 0 && audit && it == 1 && points_hash(s) != s->first_points) s->first_points_differ++;
    if (st < 0) {
      rep->status = st;
      const nsb_elem* fe = s->failed_elem >= 0 ? &s->elems[s->failed_elem] : NULL;
      if (fe && fe->ops == &nsb_beam_v_ops)
        snprintf(rep->cause, sizeof rep->cause, "the interior equations of beam element %d are %s",
                 s->model->elements.data[fe->model_index].label,
                 st == NSB_ERR_SINGULAR ? "singular" : nsb_status_message(st));
      else
        snprintf(rep->cause, sizeof rep->cause, "element evaluation failed: %s", nsb_status_message(st));
      if (st == NSB_ERR_SINGULAR && fe && fe->ops == &nsb_beam_v_ops && mode == NSB_EVAL_ACCEL) {
        /* the accelerations of a massless element are undefined */
        const nsb_element* el = &s->model->elements.data[fe->model_index];
        const nsb_section* sec = &s->model->sections.data[el->section];
        if (!(sec->rhoA > 0.0) || !(sec->rhoJ[0] > 0.0 && sec->rhoJ[1] > 0.0 && sec->rhoJ[2] > 0.0)) {
          size_t len = strlen(rep->cause);
          snprintf(rep->cause + len, sizeof rep->cause - len,
                   ": the element has no inertia (massless elements): give them a density (section rhoA %g, rhoJ %g "
                   "%g %g)",
                   sec->rhoA, sec->rhoJ[0], sec->rhoJ[1], sec->rhoJ[2]);
        }
      } else if (st == NSB_ERR_SINGULAR) {
        (void)singular_cause(s, mode, it, rep, rep->cause, sizeof rep->cause);
      }
      nsb_ctx_clear_error(s->ctx);
      return st;
    }
    if (!isfinite(s->nrm.r_abs)) {
      rep->status = NSB_ERR_NOT_FINITE;
      /* where: the first non-finite row, else the largest (the norm overflowed) */
      char where[160] = "";
      int bad = -1;
      double big = -1.0;
      for (int i = 0; i < s->n_eq && bad < 0; ++i) {
        double a = fabs(s->r[i] * s->row_unscale[i]);
        if (!isfinite(a)) bad = i;
        if (a > big) big = a;
      }
      for (int i = 0; i < s->n_eq && bad < 0; ++i)
        if (fabs(s->r[i] * s->row_unscale[i]) == big) bad = i;
      if (bad >= 0) nsb_sys_describe_equation(s, bad, where, sizeof where);
      snprintf(rep->cause, sizeof rep->cause,
               "the residual is not finite%s%s%s: a state, load, obstacle motion or contact value overflowed "
               "(NaN or infinity)",
               bad >= 0 ? " (largest in the row of" : " (in the beams' condensed rows)", where, bad >= 0 ? ")" : "");
      return rep->status;
    }
    if (s->n_eq == 0) {
      rep->converged = 1;
      return NSB_OK;
    }
    /* The initial-acceleration problem is linear: after the first solve its
       residual is at round-off, and the residual test decides (the
       accelerations of sections with tiny rotary inertia reach 1e6 and
       resolve only to ~1e-7, so a correction test would be meaningless). */
    if (mode == NSB_EVAL_ACCEL && it > 0 && nsb_conv_residual_ok(&s->conv, &s->nrm)) {
      /* the beams' residual-only evaluations with kept factors leave their
         point accelerations (accel_system_galerkin): set from the unknowns
         they evaluated, as the evaluation with a matrix sets them */
      if (what == NSB_ASM_RESIDUAL_KEPT)
        for (int i = 0; i < s->n_elems; ++i)
          if (s->elems[i].ops == &nsb_beam_v_ops) nsb_beam_accel_points(&s->elems[i], &s->cur);
      rep->converged = 1;
      return NSB_OK;
    }
    /* the residual as the test reads it, field by field against its flux:
       the 2-norm r_abs adds forces, moments, constraint rows and the beams'
       condensed rows in the deck's units, and which of them dominates, so
       whether it fell by REUSE_RATE, depended on the unit system.  Read
       only by the acceleration solves with a kept matrix: not computed in
       the other iterations (a particle's increment: 55 instructions of its
       some 10 000) */
    if (reuse_acc) {
      const double ra = nsb_conv_residual_measure(&s->conv, &s->nrm);
      if (kept && it > 0 && !(ra <= REUSE_RATE * prev_ra)) {
        acc_fresh = 1; /* the next iteration forms the matrix at this state */
        continue;
      }
      prev_ra = ra;
    }
    /* the factorization's phase begins where the assembly's ended, the
       solve's where the factorization's ended: one clock read a boundary */
    double tic = s->clock_assembled;
    /* prox sweeps after the first: the matrix changes only through
       nonlinear elements; keep the factorization (modified Newton) */
    const int keep_factor = s->reuse_factor || kept;
    st = keep_factor ? NSB_OK : nsb_linsolver_factor(s->ls, s->A);
    /* the recurring slot keeps the factors of an unchanged matrix (solver/linsolve.h) */
    if (!keep_factor && s->clock_w > 0.0) {
      const double toc = nsb_now_s();
      if (!(st == NSB_OK && s->ls->factor_reused)) s->stats.t_factor += s->clock_w * (toc - tic);
      tic = toc;
    }
    if (!keep_factor && !(st == NSB_OK && s->ls->factor_reused)) {
      s->stats.factorizations++;
      s->stats.factorizations_fresh = s->ls->n_factor_fresh + s->fresh_before;
      s->stats.factorizations_fallback = s->ls->n_factor_fallback + s->fallback_before;
    }
    if (what == NSB_ASM_MATRIX_KEEP && st == NSB_OK && reuse_acc) {
      s->tana_ok = 1;
      s->tana_epoch = s->ls->epoch[NSB_LINSOLVER_RECUR];
      s->tana_key_ok = accel_key(s, &s->tana_key);
      s->stats.tangents++;
    } else if (what == NSB_ASM_MATRIX_KEEP && st == NSB_OK) {
      s->tan_ok = 1;
      s->tan_mode = (int)mode;
      s->tan_h = s->scheme->h;
      s->tan_epoch = s->ls->epoch[0];
      s->tan_contacts = form;
      memcpy(s->tan_q, s->cur.q, sizeof(double) * 4 * (size_t)s->n_nodes);
      s->stats.tangents++;
      nsb_conv_rate_reset(&s->conv, first_key(s)); /* a new matrix: its rate is not known */
    }
    if (kept) {
      s->tan_used = reuse;
      s->stats.tangent_reuses++;
    }
    if (st == NSB_ERR_SINGULAR && mode == NSB_EVAL_STATIC && it == 0 && !guessed && s->n_mult > 0) {
      guessed = 1;
      if (static_multiplier_guess(s)) {
        nsb_ctx_clear_error(s->ctx);
        --it; /* the same iteration again, with the reactions' geometric stiffness */
        continue;
      }
    }
    if (st < 0) {
      rep->status = st;
      char where[160] = "";
      snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
      nsb_ctx_clear_error(s->ctx);
      if (st == NSB_ERR_SINGULAR) {
        const int named = singular_cause(s, mode, it, rep, rep->cause, sizeof rep->cause);
        /* a dynamic step's named causes (a rotation limit of the increment) depend on h */
        rep->final = it == 0 && !(named && mode == NSB_EVAL_DYNAMIC) && singular_for_any_h(s, mode, s->ls->singular_eq);
        if (!named && s->ls->singular_eq >= 0) {
          nsb_sys_describe_equation(s, s->ls->singular_eq, where, sizeof where);
          size_t len = strlen(rep->cause);
          snprintf(rep->cause + len, sizeof rep->cause - len, "%s", where);
          if (rep->final) mechanism_cause(s, mode, rep);
        } else if (rep->final) {
          size_t len = strlen(rep->cause);
          snprintf(rep->cause + len, sizeof rep->cause - len,
                   " (the matrix is singular at the converged state the increment starts from: no cutback is tried)");
        }
      }
      return st;
    }
    for (int i = 0; i < s->n_eq; ++i) s->dx[i] = -s->r[i];
    NSB_CALL(timed_solve_from(s, s->dx, rep, tic));
    nsb_corr ic = {0.0, 0.0, 0.0};
    if (s->has_beams) ic = nsb_sys_post_solve(s, s->dx);
    nsb_sys_apply_increment(s, s->dx, lam_scale);
    nsb_sys_correction_norms(s, mode, s->dx, &ic);
    rep->iterations = it + 1;
    s->stats.newton_iterations++;
    if (mode == NSB_EVAL_ACCEL) s->stats.accel_iterations++;
    /* a static increment whose first correction is out of all proportion
       (first_correction_shrink), where the step may cut back: given up now */
    if (mode == NSB_EVAL_STATIC && it == 0 && !s->step.riks && s->step.h_min > 0.0 &&
        s->step.h_min < s->scheme->h * (1.0 - 1e-12)) {
      double f = first_correction_shrink(s);
      if (f > 0.0) {
        rep->shrink = f;
        rep->status = NSB_ERR_NO_CONVERGENCE;
        snprintf(rep->cause, sizeof rep->cause,
                 "the first correction moves a node by %.3g (the model's size is %.3g) and turns one by %.3g rad: "
                 "the tangent at the increment's start cannot carry the increment h = %.6g",
                 s->nrm.c_trans, s->length, s->nrm.c_rot, s->scheme->h);
        return rep->status;
      }
    }
    if (!isfinite(s->nrm.c_abs)) {
      rep->status = NSB_ERR_NOT_FINITE;
      snprintf(rep->cause, sizeof rep->cause, "Newton correction is not finite");
      return rep->status;
    }
    nsb_conv_verdict v = nsb_sys_test_iteration(s, it, rep);
    if (audit && it == 1) {
      s->first_audits++;
      s->first_worst = fmax(s->first_worst, fmax(rep->res_rel[1], rep->cor_rel[1]));
    }
    /* a residual that grew says slow contraction only while the correction
       has not passed its test: with a passing correction the residual sits
       at its round-off floor, where it moves up or down by round-off (a
       floor near the tolerance, body_on_hinge of tests/user: 1.07 then 1.11
       times the tolerance in mm-tonne-s, 1.12 then 1.09 in SI, while the
       correction fell 20-fold), and the decision would follow the round-off
       of the unit system */
    const int slow = it > 0 && v == NSB_CONV_CONTINUE &&
                     (s->conv.c_rel > REUSE_RATE * prev_c || (s->conv.r_rel > prev_r && s->conv.c_rel > 1.0));
    if (kept && reuse_acc && slow) {
      /* an acceleration solve with the kept matrix that does not contract
         (a rigid body's inertia turned with it since the matrix was
         formed): the next iteration forms it at this state.  Failing here
         would fail the increment, which has converged (its acceleration
         restart is not repeated with full Newton) */
      acc_fresh = 1;
    } else if (kept && reuse && (v == NSB_CONV_FLOOR || v == NSB_CONV_STAGNATED || slow)) {
      /* too nonlinear for the kept matrix: full Newton from the start
         (increment_to) */
      if (v == NSB_CONV_FLOOR) s->stats.floor_accepted--;
      rep->status = NSB_ERR_NO_CONVERGENCE;
      snprintf(rep->cause, sizeof rep->cause,
               "modified Newton contracts too slowly (correction %.3g, then %.3g times its tolerance)", prev_c,
               s->conv.c_rel);
      return rep->status;
    }
    prev_c = s->conv.c_rel;
    prev_r = s->conv.r_rel;
    if (v == NSB_CONV_CONVERGED || v == NSB_CONV_FLOOR) {
      if (audit) s->conv = conv_audit;
      /* accepted after a correction: the points of the iterate it reached.
         With the reactions wanted, their evaluation at this iterate follows
         in every caller before the commit (increment_to, accel_solve) and
         leaves the same states: not twice */
      if (!s->want_react) nsb_sys_commit_points(s, mode, t_new);
      rep->converged = 1;
      return NSB_OK;
    }
    if (first && kept && it == 0 && v == NSB_CONV_CONTINUE && nsb_conv_first_ok(&s->conv, first_key(s))) {
      int acc = accept_first(s, mode, t_new, lam_scale, rep);
      if (acc == 1) {
        rep->converged = 1;
        return NSB_OK;
      }
      if (acc == 2) {
        audit = 1;
        conv_audit = s->conv;
      }
    }
    if (acc_exact && kept && it == 0 && v == NSB_CONV_CONTINUE) {
      /* after an impulsive increment, with nothing reading them before, in
         the pass of the elements' after_accel (accel_solve) */
      for (int i = 0; i < s->n_elems && !nsb_sys_accel_continue(s); ++i)
        if (s->elems[i].ops == &nsb_beam_v_ops) nsb_beam_accel_points(&s->elems[i], &s->cur);
      s->accel_exact++;
      rep->converged = 1;
      return NSB_OK;
    }
    if (v == NSB_CONV_STAGNATED) return rep->status;
  }
  rep->status = NSB_ERR_NO_CONVERGENCE;
  nsb_sys_no_convergence_cause(s, s->step.max_iter, rep);
  return rep->status;
}

/* Every amplitude must be finite at the new time (value and the two rates
   that prescribed motions use): a POLYNOMIAL or PERIODIC amplitude can
   overflow far from where its data were chosen, and a NaN in an obstacle's
   motion would switch the obstacle off without a word. */
static int check_amplitudes(nsb_system* s, double t_new) {
  const nsb_model* m = s->model;
  for (int i = 0; i < m->amplitudes.count; ++i) {
    const nsb_amplitude* a = &m->amplitudes.data[i];
    double arg = a->total_time ? t_new : t_new - s->t_step_start, d1 = 0.0, d2 = 0.0;
    double v = nsb_amplitude_eval(a, arg, &d1, &d2);
    NSB_CHECK(s->ctx, isfinite(v) && isfinite(d1) && isfinite(d2), NSB_ERR_NOT_FINITE,
              "amplitude %s is not finite at %s time %.10g (value %g, rate %g, second rate %g): its data overflow "
              "there",
              a->name, a->total_time ? "total" : "step", arg, v, d1, d2);
  }
  return NSB_OK;
}

/* The increment h from the current time to t_new (t_new = t + h, or the
   step control's time t_new with h = t_new - t). */
static int prepare_increment_to(nsb_system* s, double h, double t_new) {
  nsb_sys_energy_stale(s);
  NSB_CALL(check_amplitudes(s, t_new));
  s->scheme->h = h;
  nsb_scheme_scales(s->ops, s->scheme, h, &s->lam_scale, s->con_scale);
  /* generalized-alpha: pseudo-accelerations start from the accelerations of the step start */
  if (s->ops != &nsb_static_ops && (s->scheme->am != 0.0 || s->scheme->af != 0.0) && !s->scheme->p_valid)
    nsb_scheme_init_pseudo(s->scheme, &s->cur);
  /* Verlet list: a pair farther apart than the skin at the last build cannot
     touch before one of its nodes has moved half the skin */
  if (s->model->contact_pairs.count > 0 && 2.0 * nsb_sys_moved_since_build(s) > s->skin) NSB_CALL(nsb_sys_contact_rebuild(s));
  nsb_sys_state_copy(&s->old, &s->cur, s->n_nodes);
  memcpy(s->lam_old, s->lam, (size_t)s->n_mult * sizeof(double));
  for (int i = 0; i < s->n_elems; ++i)
    if (s->elems[i].ops->begin_increment) s->elems[i].ops->begin_increment(&s->elems[i]);
  if (s->n_contacts > 0) {
    nsb_eval_ctx ec;
    nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
    nsb_contact_prepare(s->elems + s->first_contact, s->n_contacts, &ec, s->support, s->cgeo);
    NSB_CALL(nsb_contact_impact_targets(s->ctx, s->elems + s->first_contact, s->n_contacts, &ec));
  }
  nsb_sys_predict_all(s, s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC : NSB_EVAL_DYNAMIC, t_new);
  return NSB_OK;
}

int nsb_system_prepare_increment(nsb_system* s, double h) { return prepare_increment_to(s, h, s->t + h); }

static int increment_to(nsb_system* s, double h, double t_new, nsb_newton_report* rep) {
  s->clock_w = nsb_clock_sample_next(&s->clock_sample);
  int pst = prepare_increment_to(s, h, t_new);
  if (pst < 0) {
    memset(rep, 0, sizeof *rep);
    rep->status = pst;
    snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
    return pst;
  }
  nsb_eval_mode mode = s->step.kind == NSB_STEP_STATIC ? NSB_EVAL_STATIC : NSB_EVAL_DYNAMIC;
  int st = s->contact_prox && mode == NSB_EVAL_DYNAMIC ? nsb_sys_prox_solve(s, t_new, rep) : nsb_sys_newton(s, mode, t_new, rep);
  if (st < 0 && st != NSB_ERR_ALLOC && s->tan_used) {
    /* it failed after iterations with a kept matrix (modified Newton): the
       increment again from its start with full Newton, before the step
       control hears of a failure */
    nsb_sys_restore_increment(s);
    s->stats.tangent_retries++;
    s->tan_off = 1;
    st = prepare_increment_to(s, h, t_new);
    if (st < 0) {
      memset(rep, 0, sizeof *rep);
      rep->status = st;
      snprintf(rep->cause, sizeof rep->cause, "%s", nsb_ctx_error_message(s->ctx));
    } else {
      st = nsb_sys_newton(s, mode, t_new, rep);
    }
    s->tan_off = 0;
  }
  if (st == NSB_OK && !nsb_sys_hertz_resolved(s, h, t_new)) {
    /* a compliant contact closed deeper than the increment resolves (its
       prediction at the start missed it): repeat the increment shorter */
    st = NSB_ERR_UNDER_RESOLVED;
    rep->status = st;
    snprintf(rep->cause, sizeof rep->cause,
             "a LAW=HERTZ contact reached omega h > %g in the increment h = %.6g (under-resolved)",
             NSB_HERTZ_OMEGA_H_WARN, h);
  }
  /* the context of the increment's end (energies, contacts' finish), when it
     is filled for the first touch below and nothing it is filled from
     changes until then (ec_end_ok) */
  nsb_eval_ctx ec;
  int ec_end_ok = 0;
  if (st == NSB_OK && mode == NSB_EVAL_DYNAMIC && s->n_contacts > 0 && s->scheme->p_valid) {
    /* a first touch (contact/pair.h, nsb_contact_first_touch): the
       increment again from its start, with the support's force it found in
       the smooth accelerations of t_n, as the held contact it would be from
       the next increment on; without, it lifted the body by
       (beta/gamma - 1/2) F h^2/m (docs/contact.md §7, "Gap drift") */
    nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, t_new, &ec);
    ec_end_ok = 1;
    if (nsb_contact_first_touch(s->elems + s->first_contact, s->n_contacts, &ec) > 0) {
      ec_end_ok = 0;
      nsb_sys_restore_increment(s);
      nsb_contact_hold_first_touch(s->elems + s->first_contact, s->n_contacts);
      nsb_newton_report arep;
      if (s->ls) nsb_linsolver_select(s->ls, NSB_LINSOLVER_RECUR);
      /* gain 1: the pseudo-accelerations take the support's force whole,
         as if it had acted before t_n too (the body was set down on its
         support); with the recurrence's gain (1 - af)/(1 - am) they held
         0.909 of it at a beam's nodes (continued, not restarted), and the
         body rose by the rest of (beta/gamma - 1/2) F h^2/m */
      st = nsb_sys_restart_acceleration(s, 1.0, &arep);
      if (s->ls) nsb_linsolver_select(s->ls, 0);
      if (st < 0) {
        *rep = arep;
        return st;
      }
      st = prepare_increment_to(s, h, t_new);
      if (st == NSB_OK) st = s->contact_prox ? nsb_sys_prox_solve(s, t_new, rep) : nsb_sys_newton(s, mode, t_new, rep);
    }
  }
  if (st < 0) {
    nsb_sys_restore_increment(s);
    return st;
  }
  nsb_conv_accept(&s->conv, &s->nrm);
  /* the joints that took velocity rows beside Coulomb contacts: their
     positions back onto Phi = 0 (nsb_sys_joint_project; docs/theory.md §4) */
  if (mode == NSB_EVAL_DYNAMIC && s->jv_stabilized > 0) {
    nsb_eval_ctx pec;
    nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, t_new, &pec);
    if (nsb_sys_joint_project(s, &pec)) ec_end_ok = 0;
  }
  if (s->want_react) {
    NSB_CALL(nsb_sys_compute_reactions(s, mode, t_new));
    ec_end_ok = 0; /* an assembly: the flux the context's contact stiffness reads */
  }
  /* the driven supports' power at the end of the increment (support_work) */
  double spow = 0.0;
  if (mode == NSB_EVAL_DYNAMIC && s->n_driven > 0) {
    NSB_CALL(nsb_sys_support_power(s, mode, t_new, &spow));
    ec_end_ok = 0;
  }
  nsb_sys_commit(s);
  nsb_scheme_commit(s->scheme, &s->old, &s->cur);
  s->inc_in_step++;
  s->t = t_new;
  /* external work: trapezoidal rule on the power (second order, like the
     schemes), and what it misses of the discrete work of the loads that book
     it (external_work_increment: concentrated loads, the beams'
     distributed loads under the trapezoidal rule, moving obstacles on
     compliant contacts) */
  nsb_energy en;
  /* the contacts' finish below changes what their energies read (a friction
     state's stick energy): en_last then holds only when the acceleration
     restart computes it again afterwards, or when no contact has energies
     (nsb_sys_increment_energy); otherwise with contacts only the rates of
     the work integrals are needed here.  One context for the energies and
     the finish: the energies change nothing it is filled from, and the
     commits above nothing either (the time is t_new, the pseudo-
     accelerations were valid before them; the elements' and the scheme's
     commits write states, not what nsb_sys_fill_ec reads) */
  if (!ec_end_ok) nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  int en_ok = nsb_sys_increment_energy(s, &ec, &en);
  if (en_ok) s->en_last = en;
  s->work += 0.5 * h * (s->power + en.power) + en.external_work_increment;
  s->power = en.power;
  /* the concentrated forces and the dashpots' forces filtered to t_n+1, for
     the next increment's work and dissipation under the schemes other than
     the trapezoidal rule (cload_energy, dashpot_energy; the compliant
     contacts filter theirs in nsb_contact_finish, from these arrays' being
     valid) */
  if (mode == NSB_EVAL_DYNAMIC && (s->model->cloads.count > 0 || s->has_dashpots || s->n_contacts > 0)) {
    for (int i = 0; i < s->n_elems; ++i) {
      const nsb_elem* e = &s->elems[i];
      if (e->ops == &nsb_cload_ops)
        nsb_v3_store(nsb_cload_filtered(e, &ec), s->load_filt + 3 * e->model_index);
      else if (e->ops == &nsb_dashpot_ops)
        nsb_v3_store(nsb_dashpot_filtered(e, &ec), s->damp_filt + 3 * e->model_index);
    }
    s->filt_valid = 1;
  }
  if (mode == NSB_EVAL_DYNAMIC) {
    /* the supports' work: the same rule on R . v (docs/theory.md §3.6) */
    s->swork += 0.5 * h * (s->spower + spow);
    s->spower = spow;
  }
  s->dissipated += 0.5 * h * (s->diss_rate + en.dissipation_rate) + en.dissipated_increment;
  s->diss_rate = en.dissipation_rate;
  if (s->n_contacts > 0) {
    int impulsive = 0;
    double wobs = 0.0;
    s->dissipated += nsb_contact_finish(s->elems + s->first_contact, s->n_contacts, &ec, &impulsive, &wobs, s->cgeo);
    /* the joints of the bodies the impulses reached, at velocity level too
       (docs/contact.md §7, "Impacts on jointed bodies") */
    if (impulsive && s->step.kind == NSB_STEP_DYNAMIC) s->dissipated += nsb_sys_joint_impulse(s, &ec);
    /* the compliant contacts' warnings: only LAW=HERTZ elements have them
       (a pair of another law makes has_compliant_contact) */
    if (s->has_compliant_contact)
      nsb_contact_hertz_report(s->ctx, s->model, s->elems + s->first_contact, s->n_contacts);
    s->work += wobs;
    /* contact impulses belong to the velocity jump of this increment only:
       the acceleration carried into the next increment is the smooth one
       (docs/contact.md §6), so recompute it without contact forces */
    if (impulsive && s->step.kind == NSB_STEP_DYNAMIC) {
      /* the impacts' part of the displacements of free particles and rigid
         bodies at the trapezoidal weight (docs/contact.md §7, "Impacts under
         gravity"), before the smooth accelerations and energies of the end
         state */
      nsb_contact_impact_shift(s->elems + s->first_contact, s->n_contacts, &ec, s->support, &s->cur);
      /* beam nodes' impulses under the law on the step average: their
         velocity jump at the trapezoidal weight (contact/pair.h,
         nsb_contact_step_split), applied by the acceleration solve with
         du = gamma h gain (a_increment - a_smooth) */
      s->split = nsb_contact_step_split(s->elems + s->first_contact, s->n_contacts, &ec)
                     ? s->scheme->gamma * h * nsb_scheme_pseudo_gain(s->scheme)
                     : 0.0;
      s->split_ec = &ec;
      /* The matrix of these accelerations (mass matrix and constraint rows)
         goes to the linear solver's recurring slot (solver/linsolve.h): it
         keeps its own pivots apart from the increments' Newton matrices,
         which then keep refactoring with theirs, and when the mass matrix
         did not change since the last impulsive increment (nothing rotated:
         a bar, particles) its factors are reused as they are.  The second
         assembly of that solve, which only confirms the residual, skips the
         matrix (nsb_sys_newton).  Measured on benchmarks/peers (bar and
         Saint-Venant problems, an impulse in most increments): the restart
         took 28 % of the run; CPU time of the run -15 %, results identical
         bit for bit.  Rejected: evaluating only the elements the impulse
         reached: the accelerations are coupled through the mass matrix
         (consistent in the beams) and their interior unknowns, so every
         element's evaluation at the new state is needed. */
      nsb_newton_report arep;
      if (s->ls) nsb_linsolver_select(s->ls, NSB_LINSOLVER_RECUR);
      int st2 = nsb_sys_restart_acceleration(s, nsb_scheme_pseudo_gain(s->scheme), &arep);
      s->split = 0.0;
      s->split_ec = NULL;
      if (s->ls) nsb_linsolver_select(s->ls, 0);
      if (st2 < 0) {
        *rep = arep;
        return st2;
      }
      en_ok = 1;
    }
    nsb_contact_pass_on(s->elems + s->first_contact, s->n_contacts, &ec);
  }
  /* the history row of this increment reads en_last (nsb_system_energy)
     instead of evaluating every element's energy once more */
  s->en_last_ok = en_ok;
  return NSB_OK;
}

void nsb_system_confirm_accelerations(nsb_system* s, int on) { s->accel_confirm = on != 0; }
long nsb_system_exact_accelerations(const nsb_system* s) { return s->accel_exact; }
void nsb_system_restart_far(nsb_system* s, int on) { s->acc_far_off = on == 0; }
long nsb_system_restart_skipped(const nsb_system* s) { return s->acc_skipped; }

int nsb_system_increment(nsb_system* s, double h, nsb_newton_report* rep) { return increment_to(s, h, s->t + h, rep); }

int nsb_system_increment_to(nsb_system* s, double t_new, nsb_newton_report* rep) {
  return increment_to(s, t_new - s->t, t_new, rep);
}

/* nodal_load.c -- concentrated loads at nodes and the manufactured-rotation
 * moment.
 *
 * Concentrated load (one element per *CLOAD record), residual = -applied:
 *   dead force F (global):      f_t -= F
 *   follower force F_G (body):  f_t -= R F_G,      d/dTheta = +R S(F_G)
 *   dead moment M (global):     f_r -= R^T M,      d/dTheta = -S(R^T M)
 *   follower moment M_G (body): f_r -= M_G
 * The rotational rows are body-frame moment balances (see element.h).
 * Generalized-alpha (Arnold-Bruls form, docs/theory.md §3.4): the equations hold at
 * t_{n+1}, so the loads act at t_{n+1} as with Newmark.
 *
 * Manufactured rotation (Češarek et al. 2013, §4.3.1): for the prescribed rotation vector
 * theta(t), R(t) = exp(S(theta)), omega_G = T(theta)^T theta_dot and
 * alpha_G = T^T theta_ddot + (dT/dt)^T theta_dot; the applied body-frame moment
 * R^T M_g = J_O alpha_G + omega_G x J_O omega_G is what makes the free body
 * follow theta(t) exactly.  As a dead global moment M_g = R(t) (...) its body
 * components depend on the current R: f_r -= R^T M_g, d/dTheta = -S(R^T M_g).
 */
#include "elements/element.h"

#include <math.h>

double nsb_load_scale(const nsb_eval_ctx* ec, int amp, int load_step, double* d1, double* d2) {
  double v1 = 0.0, v2 = 0.0, v = 1.0;
  if (ec->riks && load_step == ec->step) {
    v = ec->lpf;
  } else {
    if (amp >= 0) {
      const nsb_amplitude* A = &ec->model->amplitudes.data[amp];
      if (!A->total_time && load_step >= 0 && ec->step > load_step && load_step < ec->model->steps.count) {
        /* a load or support of an earlier step whose amplitude runs on step time stays at its
           value at the end of its own step (Abaqus); it restarted with every step's time, and a
           support driven to 5 mm in step 1 jumped back to its amplitude's start in step 2 */
        v = nsb_amplitude_eval(A, ec->model->steps.data[load_step].period, NULL, NULL);
      } else {
        v = nsb_amplitude_eval(A, A->total_time ? ec->t : ec->t_step, &v1, &v2);
      }
    } else if (ec->step_static && ec->step_period > 0.0 &&
               (load_step == ec->step || (load_step < 0 && ec->step == 0))) {
      /* the ramp from the value at the end of the previous step (Abaqus):
         the loads of this step, and those of the model data in the first
         step, which start from zero as the analysis does (a cable strung
         straight under its own *GRAVITY got the whole weight in the first
         increment and every cutback, tests/user hanging_cable) */
      v = ec->t_step / ec->step_period;
      v1 = 1.0 / ec->step_period;
    }
    /* the loads of a Riks step, once it has ended, stay at the LPF it ended
       with (1 for every other step; a Riks step's loads take no amplitude) */
    if (ec->step_lpf && load_step >= 0) v *= ec->step_lpf[load_step];
  }
  if (d1) *d1 = v1;
  if (d2) *d2 = v2;
  return v;
}

double nsb_load_scale_until(const nsb_eval_ctx* ec, int amp, int load_step, int replaced, int ramp_down, double* d1,
                            double* d2) {
  double r1 = 0.0, r2 = 0.0, v = nsb_load_scale(ec, amp, load_step, &r1, &r2);
  double keep = 1.0, keep1 = 0.0;
  if (replaced > 0 && ec->step >= replaced - 1) {
    int k = replaced - 1;
    keep = 0.0;
    if (ec->step == k) {
      if (ec->riks) {
        keep = 1.0 - ec->lpf;
      } else if (ramp_down && ec->step_static && ec->step_period > 0.0) {
        keep = 1.0 - ec->t_step / ec->step_period;
        keep1 = -1.0 / ec->step_period;
      }
    } else if (ec->step_lpf) {
      keep = 1.0 - ec->step_lpf[k];
    }
  }
  if (d1) *d1 = r1 * keep + v * keep1;
  if (d2) *d2 = r2 * keep + 2.0 * r1 * keep1;
  return v * keep;
}

nsb_vec3 nsb_node_position(const nsb_eval_ctx* ec, int node) {
  return nsb_model_node_ndof(ec->model, node) > 0 ? nsb_st_x(ec->cur, node)
                                                   : nsb_v3_load(ec->model->nodes.data[node].X);
}

/* val times local axis comp (0..2) of the load's *TRANSFORM, global components:
   the load's direction at t = 0 (a follower load turns it with the node). */
static nsb_vec3 cload_local_axis(const nsb_model* m, const nsb_cload* c, int comp, double val) {
  const double* T = m->transforms.data[c->transform - 1].T + 3 * comp;
  return nsb_v3(T[0] * val, T[1] * val, T[2] * val);
}

static int cload_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_cload* c = &ec->model->cloads.data[e->model_index];
  if (c->step > ec->step) return NSB_OK;
  double val = c->value * nsb_load_scale_until(ec, c->amplitude, c->step, c->replaced, c->ramp_down, NULL, NULL);
  int i = e->nodes[0];
  int comp = (c->dof - 1) % 3;
  nsb_vec3 L = nsb_v3_zero();
  if (comp == 0) L.x = val;
  if (comp == 1) L.y = val;
  if (comp == 2) L.z = val;
  if (c->transform > 0) L = cload_local_axis(ec->model, c, comp, val);
  nsb_mat3 R = e->node_ndof[0] == 6 ? nsb_q_to_m3(nsb_st_q(ec->cur, i)) : nsb_m3_identity();
  nsb_mat3 Z = nsb_m3_zero();
  int n = e->n_local;
  if (c->dof <= 3) {
    if (!c->follower) {
      nsb_local_addv(f, 0, nsb_v3_neg(L));
    } else {
      nsb_local_addv(f, 0, nsb_v3_neg(nsb_m3_mulv(R, L)));
      if (K) nsb_local_add3(K, n, 0, 3, nsb_kin_r(&ec->kin[i], nsb_m3_mul(R, nsb_m3_skew(L)), Z, Z));
    }
  } else {
    if (!c->follower) {
      nsb_vec3 Lb = nsb_m3_tmulv(R, L);
      nsb_local_addv(f, 3, nsb_v3_neg(Lb));
      if (K) nsb_local_add3(K, n, 3, 3, nsb_kin_r(&ec->kin[i], nsb_m3_scale(-1.0, nsb_m3_skew(Lb)), Z, Z));
    } else {
      nsb_local_addv(f, 3, nsb_v3_neg(L));
    }
  }
  return NSB_OK;
}

/* The load as applied in state st at the times of ec (dead or follower), global
   components: a force for dof <= 3, else the moment M_g. */
static nsb_vec3 cload_applied(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_state* st) {
  const nsb_cload* c = &ec->model->cloads.data[e->model_index];
  double val = c->value * nsb_load_scale_until(ec, c->amplitude, c->step, c->replaced, c->ramp_down, NULL, NULL);
  int comp = (c->dof - 1) % 3;
  nsb_vec3 L = nsb_v3(comp == 0 ? val : 0.0, comp == 1 ? val : 0.0, comp == 2 ? val : 0.0);
  if (c->transform > 0) L = cload_local_axis(ec->model, c, comp, val);
  if (c->follower && e->node_ndof[0] == 6) L = nsb_q_rotate(nsb_st_q(st, e->nodes[0]), L);
  return L;
}

/* The power of the load L (global components, as applied in state st) at
   node i in state st: F.v for forces, M_g.omega_g for moments
   (omega_g = R omega_G). */
static double cload_power_at(const nsb_elem* e, const nsb_cload* c, const nsb_state* st, nsb_vec3 L) {
  int i = e->nodes[0];
  if (c->dof <= 3) return nsb_v3_dot(L, nsb_st_v(st, i));
  nsb_quat q = e->node_ndof[0] == 6 ? nsb_st_q(st, i) : nsb_q_identity();
  return nsb_v3_dot(L, nsb_q_rotate(q, nsb_st_w(st, i)));
}

/* Whether the dynamic scheme of ec is the trapezoidal rule, under which the
   discrete equations give dT + dV = (f_n + f_n+1)/2 . dx for the translations
   and dx = h (v_n + v_n+1)/2: Newmark beta = 1/4, gamma = 1/2, or the plain
   modified scheme with beta = gamma = 1/2 (docs/theory.md §3.2), and no
   weighting of the accelerations (alpha_m = alpha_f: p = a). */
int nsb_eval_trapezoidal(const nsb_eval_ctx* ec) {
  if (ec->alpha_m != ec->alpha_f || ec->mn_alpha) return 0;
  if (ec->vbar) return ec->beta == 0.5 && ec->gamma == 0.5;
  return ec->beta == 0.25 && ec->gamma == 0.5;
}

/* The eval context of t_n of the increment of ec (the load at its time). */
static nsb_eval_ctx cload_ctx_n(const nsb_eval_ctx* ec) {
  nsb_eval_ctx e0 = *ec;
  e0.t -= ec->h;
  e0.t_step -= ec->h;
  e0.cur = ec->old;
  return e0;
}

/* The load of the *CLOAD element e in the frame its node's equations take it
   in, in state st at the times of ec: a force in global components, a
   moment in the body frame of the node, M_B = R^T M_g. */
static nsb_vec3 cload_in_equations(const nsb_elem* e, const nsb_eval_ctx* ec, const nsb_state* st) {
  const nsb_cload* c = &ec->model->cloads.data[e->model_index];
  const nsb_vec3 L = cload_applied(e, ec, st);
  return c->dof <= 3 ? L : nsb_q_rotate_inv(nsb_st_q(st, e->nodes[0]), L);
}

nsb_vec3 nsb_cload_filtered(const nsb_elem* e, const nsb_eval_ctx* ec) {
  const nsb_cload* c = &ec->model->cloads.data[e->model_index];
  if (c->step > ec->step || (c->dof > 3 && e->node_ndof[0] != 6)) return nsb_v3_zero();
  nsb_eval_ctx e0 = cload_ctx_n(ec);
  const nsb_vec3 F0 = cload_in_equations(e, &e0, ec->old), F1 = cload_in_equations(e, ec, ec->cur);
  const nsb_vec3 Ft0 = ec->load_filt ? nsb_v3_load(ec->load_filt + 3 * e->model_index) : F0;
  return nsb_alpha_filter(ec, F0, F1, Ft0);
}

/* Energy of a concentrated load: its power with the load as applied (the
   system books the trapezoidal rule on it), and in a dynamic increment from
   t_n (ec->old) to t_n+1 (ec->cur) what that rule misses of the load's work
   as the discrete equations apply it (external_work_increment).
   Under the trapezoidal rule (nsb_eval_trapezoidal) the increment's work is
   booked as
     W = (F_n + F_n+1)/2 . (x_n+1 - x_n)
   for a force, each load at its time (its amplitude at t_n and t_n+1, a
   follower force turned with the node's frame of that state), and for a
   moment, over the increment's body-frame rotation R_n+1 = R_n exp(Theta)
   (the schemes' update, solver/integrator.c), with its body components
   M_B = R^T M_g,
     W = (M_B,n + M_B,n+1)/2 . Theta.
   The balance then closes to round-off for any motion, also where the
   velocity alternates (the rule on the power missed h/4 dF.dv an increment,
   docs/theory.md §3.6 "Loads").
   Under the other schemes (generalized-alpha, RHOINF < 1; Newmark with
   gamma != 1/2) a force's work is its share of the change of the kinetic
   energy: with a constant mass matrix, M (v_n+1 - v_n) = h ((1 - gamma) M p_n
   + gamma M p_n+1), and M p is the forces filtered by the alpha relation
   (nsb_cload_filtered, F~), so
     W = h (v_n + v_n+1)/2 . ((1 - gamma) F~_n + gamma F~_n+1),
   exact for a particle under any load; with alpha_m = alpha_f, gamma = 1/2
   the trapezoidal form above.  A moment likewise with the body components
   M_B and the body angular velocities W of its node: with a constant body
   inertia J and the body-frame update W_n+1 = W_n + h ((1 - gamma) P_n +
   gamma P_n+1) of the Lie-group schemes, J P filters the body moments (the
   gyroscopic moment takes its own share), so
     W = h (W_n + W_n+1)/2 . ((1 - gamma) M~_B,n + gamma M~_B,n+1). */
static void cload_energy(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  const nsb_cload* c = &ec->model->cloads.data[e->model_index];
  if (c->step > ec->step) return;
  int i = e->nodes[0];
  nsb_vec3 L = cload_applied(e, ec, ec->cur);
  const double P1 = cload_power_at(e, c, ec->cur, L);
  acc->power += P1;
  if (ec->step_static || !ec->old || !(ec->h > 0.0)) return;
  const int trap = nsb_eval_trapezoidal(ec);
  if (c->dof > 3 && e->node_ndof[0] != 6) return;
  nsb_eval_ctx e0 = cload_ctx_n(ec); /* the times of t_n */
  nsb_vec3 L0 = cload_applied(e, &e0, ec->old);
  const double P0 = cload_power_at(e, c, ec->old, L0);
  double W;
  if (!trap) {
    const nsb_vec3 Ft0 = ec->load_filt ? nsb_v3_load(ec->load_filt + 3 * e->model_index)
                                       : (c->dof <= 3 ? L0 : nsb_q_rotate_inv(nsb_st_q(ec->old, i), L0));
    const nsb_vec3 Ft1 = nsb_cload_filtered(e, ec);
    const double g = ec->gamma;
    const nsb_vec3 vs = c->dof <= 3 ? nsb_v3_add(nsb_st_v(ec->old, i), nsb_st_v(ec->cur, i))
                                    : nsb_v3_add(nsb_st_w(ec->old, i), nsb_st_w(ec->cur, i));
    W = 0.5 * ec->h * nsb_v3_dot(vs, nsb_v3_add(nsb_v3_scale(1.0 - g, Ft0), nsb_v3_scale(g, Ft1)));
  } else if (c->dof <= 3) {
    W = 0.5 * nsb_v3_dot(nsb_v3_add(L0, L), nsb_v3_sub(nsb_st_x(ec->cur, i), nsb_st_x(ec->old, i)));
  } else {
    nsb_quat q0 = nsb_st_q(ec->old, i), q1 = nsb_st_q(ec->cur, i);
    nsb_vec3 M0 = nsb_q_rotate_inv(q0, L0), M1 = nsb_q_rotate_inv(q1, L);
    W = 0.5 * nsb_v3_dot(nsb_v3_add(M0, M1), nsb_so3_log_q(nsb_q_mul(nsb_q_conj(q0), q1)));
  }
  acc->external_work_increment += W - 0.5 * ec->h * (P0 + P1);
}

const nsb_elem_ops nsb_cload_ops = {.name = "concentrated load", .eval = cload_eval, .energy = cload_energy};

/// Exact rotation, body angular velocity and acceleration of a manufactured rotation.
void nsb_manufactured_kinematics(const nsb_model* m, const nsb_manufactured_rotation* mr, double t, nsb_vec3* th,
                                 nsb_vec3* w, nsb_vec3* al) {
  double v[3], d1[3], d2[3];
  for (int k = 0; k < 3; ++k) {
    const nsb_amplitude* A = &m->amplitudes.data[mr->amp[k]];
    v[k] = nsb_amplitude_eval(A, t, &d1[k], &d2[k]);
  }
  nsb_vec3 theta = nsb_v3_load(v), thd = nsb_v3_load(d1), thdd = nsb_v3_load(d2);
  nsb_mat3 T = nsb_so3_T(theta), Td = nsb_so3_T_dot(theta, thd);
  *th = theta;
  *w = nsb_m3_tmulv(T, thd);
  *al = nsb_v3_add(nsb_m3_tmulv(T, thdd), nsb_m3_tmulv(Td, thd));
}

static int manufactured_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K) {
  const nsb_manufactured_rotation* mr = &ec->model->manufactured.data[e->model_index];
  const nsb_rigid_body* b = &ec->model->rigid_bodies.data[ec->model->nodes.data[mr->node].body];
  nsb_vec3 th, w, al;
  nsb_manufactured_kinematics(ec->model, mr, ec->t, &th, &w, &al);
  nsb_vec3 c = nsb_v3_load(b->com);
  nsb_mat3 Jc;
  for (int k = 0; k < 9; ++k) Jc.c[k] = b->J_c[k];
  double cc = nsb_v3_dot(c, c);
  nsb_mat3 JO = nsb_m3_add(Jc, nsb_m3_scale(b->mass, nsb_m3_sub(nsb_m3_diag(cc, cc, cc), nsb_m3_outer(c, c))));
  nsb_vec3 Mb = nsb_v3_add(nsb_m3_mulv(JO, al), nsb_v3_cross(w, nsb_m3_mulv(JO, w)));
  nsb_vec3 Mg = nsb_m3_mulv(nsb_so3_exp(th), Mb);
  int i = e->nodes[0];
  nsb_mat3 R = nsb_q_to_m3(nsb_st_q(ec->cur, i));
  nsb_vec3 Lb = nsb_m3_tmulv(R, Mg);
  nsb_local_addv(f, 3, nsb_v3_neg(Lb));
  if (K) {
    nsb_mat3 Z = nsb_m3_zero();
    nsb_local_add3(K, e->n_local, 3, 3, nsb_kin_r(&ec->kin[i], nsb_m3_scale(-1.0, nsb_m3_skew(Lb)), Z, Z));
  }
  return NSB_OK;
}

static void manufactured_power(const nsb_elem* e, const nsb_eval_ctx* ec, nsb_energy* acc) {
  double f[6] = {0, 0, 0, 0, 0, 0};
  manufactured_eval(e, ec, f, NULL); /* f_r = -R^T M_g */
  acc->power -= nsb_v3_dot(nsb_v3_load(f + 3), nsb_st_w(ec->cur, e->nodes[0]));
}

const nsb_elem_ops nsb_manufactured_ops = {.name = "manufactured rotation", .eval = manufactured_eval,
                                           .energy = manufactured_power};

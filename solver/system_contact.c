/* system_contact.c -- the contact loop of the discrete system
 * (solver/system.h): the contact elements rebuilt from the broad phase
 * (Verlet list) and NEWTON-law contacts solved by prox sweeps around Newton's
 * iteration.  The contact logic itself (pairs, laws, sweeps) is in contact/. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* Capacity for need entries: cap itself when it holds them, else twice it
   or need, whichever is larger (geometric growth, never a shrink). */
static int grown(int cap, int need) {
  if (need <= cap) return cap;
  return need > 2 * cap ? need : 2 * cap;
}

/* Grow a counted array of capacity *cap (>= 1) to hold need entries
   (contents kept). */
static int reserve(nsb_ctx* ctx, void** p, int* cap, int need, size_t sz) {
  int nc = grown(*cap, need);
  if (nc == *cap) return NSB_OK;
  void* q = nsb_realloc(ctx, *p, (size_t)*cap * sz, (size_t)nc * sz);
  if (!q) return NSB_ERR_ALLOC;
  *p = q;
  *cap = nc;
  return NSB_OK;
}

/* Resize several counted arrays together: either all get their new size
   (contents kept up to the smaller one, as realloc) or, when an allocation
   fails, none changes, so that the counters that size them stay true. */
typedef struct resize_req {
  void** p;
  int old_n, new_n;
  size_t sz;
} resize_req;

static int resize_all(nsb_ctx* ctx, resize_req* rq, int n) {
  void* fresh[16];
  NSB_ASSERT(n <= 16);
  for (int i = 0; i < n; ++i) {
    size_t o = (size_t)(rq[i].old_n > 0 ? rq[i].old_n : 1) * rq[i].sz;
    size_t nb = (size_t)(rq[i].new_n > 0 ? rq[i].new_n : 1) * rq[i].sz;
    fresh[i] = NULL;
    if (o == nb) continue; /* as resize: nothing to do */
    fresh[i] = nsb_alloc(ctx, nb);
    if (!fresh[i]) {
      for (int j = 0; j < i; ++j)
        if (fresh[j]) nsb_free(ctx, fresh[j], (size_t)(rq[j].new_n > 0 ? rq[j].new_n : 1) * rq[j].sz);
      return NSB_ERR_ALLOC;
    }
  }
  for (int i = 0; i < n; ++i) {
    if (!fresh[i]) continue;
    size_t o = (size_t)(rq[i].old_n > 0 ? rq[i].old_n : 1) * rq[i].sz;
    size_t nb = (size_t)(rq[i].new_n > 0 ? rq[i].new_n : 1) * rq[i].sz;
    if (*rq[i].p) {
      memcpy(fresh[i], *rq[i].p, o < nb ? o : nb);
      nsb_free(ctx, *rq[i].p, o);
    }
    *rq[i].p = fresh[i];
  }
  return NSB_OK;
}

static int rebuild(nsb_system* s, int n_mem, int* nc_out);
static int joint_impulse_reserve(nsb_system* s);

/* Rebuild the contact elements from the broad phase at the current
   positions: candidate list, element tail, contact multipliers, pools and,
   inside a step, the equation numbering, pattern and symbolic analysis.
   Allocates: runs at set-up and when the Verlet list expires. */
int nsb_sys_contact_rebuild(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  int nc = 0;
  /* what the massless slaves' contacts carry between increments survives the
     rebuild (nsb_contact_memory; docs/contact.md §7.2) */
  int n_mem = s->elems && s->n_contacts > 0 ? nsb_contact_memory_count(s->elems + s->first_contact, s->n_contacts) : 0;
  if (n_mem > s->cmem_cap) {
    /* room for every present contact (n_mem <= n_contacts), doubling */
    int cap = s->n_contacts > 2 * s->cmem_cap ? s->n_contacts : 2 * s->cmem_cap;
    nsb_contact_memory* mem = NSB_NEW_ARRAY(ctx, cap, nsb_contact_memory);
    NSB_CHECK(ctx, mem, NSB_ERR_ALLOC, "cannot allocate the contact memory of %d contacts", n_mem);
    if (s->cmem) NSB_FREE_ARRAY(ctx, s->cmem, s->cmem_cap, nsb_contact_memory);
    s->cmem = mem;
    s->cmem_cap = cap;
  }
  if (n_mem > 0) nsb_contact_memory_save(s->elems + s->first_contact, s->n_contacts, s->lam, s->cmem);
  int st = rebuild(s, n_mem, &nc);
  if (n_mem > 0 && st == NSB_OK) nsb_contact_memory_restore(s->elems + s->first_contact, s->n_contacts, s->cmem, n_mem, s->lam);
  return st;
}

static int rebuild(nsb_system* s, int n_mem, int* nc_out) {
  nsb_ctx* ctx = s->ctx;
  const nsb_model* m = s->model;
  int nc = 0;
  NSB_CALL(nsb_contact_broad_phase_kept(ctx, m, s->cur.x, s->skin, &s->broad_ws, &s->cand, &s->cand_cap, &nc));
  /* a massless slave's contact that carries a force stays a candidate
     whatever its gap (nsb_contact_memory_keeps; docs/contact.md §7.2) */
  if (n_mem > 0) NSB_CALL(nsb_contact_keep_candidates(ctx, s->cmem, n_mem, &s->cand, &s->cand_cap, &nc));
  *nc_out = nc;
  int nm_new = s->n_static_mult + nsb_contact_mult_count(m, s->cand, nc);
  int ne_new = s->n_static_elems + nc;
  int meq_new = s->n_node_dof + nm_new;
  /* the contact memory grows with the largest contact count so far (its
     content, saved by the caller before this rebuild, is kept); grown before the
     arrays below so that a failure leaves every size consistent */
  if (nc > s->cmem_cap) {
    int cap = nc > 2 * s->cmem_cap ? nc : 2 * s->cmem_cap;
    nsb_contact_memory* mem = NSB_NEW_ARRAY(ctx, cap, nsb_contact_memory);
    NSB_CHECK(ctx, mem, NSB_ERR_ALLOC, "cannot allocate the contact memory of %d contacts", cap);
    if (s->cmem) {
      memcpy(mem, s->cmem, (size_t)s->cmem_cap * sizeof *mem);
      NSB_FREE_ARRAY(ctx, s->cmem, s->cmem_cap, nsb_contact_memory);
    }
    s->cmem = mem;
    s->cmem_cap = cap;
  }
  /* the capacities grow geometrically and never shrink (a rebuild allocates
     only when it outgrows every earlier one); all or nothing: the
     capacities below size every one of these arrays */
  int ec = grown(s->elems_cap, ne_new), cc = grown(s->cdata_cap, nc), mc = grown(s->mult_cap, nm_new);
  int qc = grown(s->eq_cap, meq_new);
  resize_req rq[] = {{(void**)&s->elems, s->elems_cap, ec, sizeof(nsb_elem)},
                     {(void**)&s->cdata, s->cdata_cap, cc, sizeof(nsb_contact_data)},
                     {(void**)&s->cgeo, s->cdata_cap, cc, sizeof(nsb_contact_geo_memo)},
                     {(void**)&s->lam, s->mult_cap, mc, sizeof(double)},
                     {(void**)&s->lam_old, s->mult_cap, mc, sizeof(double)},
                     {(void**)&s->mult_eq, s->mult_cap, mc, sizeof(int)},
                     {(void**)&s->mult_level, s->mult_cap, mc, sizeof(int)},
                     {(void**)&s->r, s->eq_cap, qc, sizeof(double)},
                     {(void**)&s->dx, s->eq_cap, qc, sizeof(double)},
                     {(void**)&s->row_unscale, s->eq_cap, qc, sizeof(double)}};
  NSB_CALL(resize_all(ctx, rq, (int)(sizeof rq / sizeof rq[0])));
  s->elems_cap = ec;
  s->cdata_cap = cc;
  s->mult_cap = mc;
  s->eq_cap = qc;
  s->n_elems = ne_new;
  s->n_contacts = nc;
  s->n_mult = nm_new;
  s->max_eq = meq_new;
  for (int q = s->n_static_mult; q < nm_new; ++q) {
    s->lam[q] = s->lam_old[q] = 0.0;
    s->mult_level[q] = NSB_LEVEL_VELOCITY;
  }
  int mult = s->n_static_mult;
  nsb_elem* ce = s->elems + s->n_static_elems;
  nsb_contact_setup(m, s->cand, nc, ce, s->cdata, &mult);
  for (int i = 0; i < nc; ++i) s->cgeo[i].valid = 0; /* new contacts: no geometry kept */
  NSB_ASSERT(mult == nm_new);
  int ceq = 0, cmap = 0, ck = 0;
  s->has_newton_contact = 0;
  for (int i = 0; i < nc; ++i) {
    nsb_elem* e = &ce[i];
    e->n_local = e->n_mult;
    for (int q = 0; q < e->n_nodes; ++q) {
      e->node_ndof[q] = s->ndof[e->nodes[q]];
      e->n_local += e->node_ndof[q];
    }
    NSB_ASSERT(e->n_local <= NSB_ELEM_MAX_LOCAL);
    ceq += e->n_local;
    cmap += nsb_elem_map_size(e);
    ck += e->n_local * e->n_local;
    if (e->ops == &nsb_contact_newton_ops) s->has_newton_contact = 1;
  }
  s->has_compliant_contact = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    if (m->contact_pairs.data[ip].law == NSB_CONTACT_NEWTON) s->has_newton_contact = 1;
    else s->has_compliant_contact = 1;
  }
  NSB_CALL(reserve(ctx, (void**)&s->ceq_pool, &s->ceq_size, ceq, sizeof(int)));
  NSB_CALL(reserve(ctx, (void**)&s->cmap_pool, &s->cmap_size, cmap, sizeof(int)));
  NSB_CALL(reserve(ctx, (void**)&s->tan_cK, &s->tan_cK_size, ck, sizeof(double)));
  int pe = 0, pm = 0;
  for (int i = 0; i < nc; ++i) {
    ce[i].eq = s->ceq_pool + pe;
    ce[i].map = s->cmap_pool + pm;
    pe += ce[i].n_local;
    pm += nsb_elem_map_size(&ce[i]);
  }
  s->first_contact = s->n_static_elems;
  NSB_CALL(joint_impulse_reserve(s));
  memcpy(s->x_build, s->cur.x, 3 * (size_t)s->n_nodes * sizeof(double));
  s->contact_rebuilds++;
  s->stats.contact_lists = s->contact_rebuilds;
  if (s->step_index >= 0) NSB_CALL(nsb_sys_number_and_analyze(s));
  return NSB_OK;
}

/* Largest node displacement since the last contact build (nodes with DOFs). */
double nsb_sys_moved_since_build(const nsb_system* s) {
  double d2 = 0.0;
  for (int i = 0; i < s->n_nodes; ++i) {
    if (!s->ndof[i]) continue;
    double dx = s->cur.x[3 * i] - s->x_build[3 * i], dy = s->cur.x[3 * i + 1] - s->x_build[3 * i + 1],
           dz = s->cur.x[3 * i + 2] - s->x_build[3 * i + 2];
    d2 = fmax(d2, dx * dx + dy * dy + dz * dz);
  }
  return sqrt(d2);
}

/* Impulse per unit force of the increment (nsb_impulse_time of the step's scheme). */
static double prox_impulse_time(const nsb_system* s) {
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  return nsb_impulse_time(&ec);
}

/* The contacts' multipliers (physical, P = lambda_v m_eff / (gamma h)) from the sweep's impulses. */
static void prox_set_impulses(nsb_system* s) {
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  const double ti = nsb_impulse_time(&ec);
  nsb_contact_prox_multipliers(s->elems + s->first_contact, s->n_contacts, ti, s->lam);
  /* a held contact's impulse holds the momentum of its force in the smooth
     accelerations (contact/pair.h): P = (Lambda - carried)/t_i */
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    for (int k = 0; k < e->n_mult && e->ops == &nsb_contact_newton_ops; ++k)
      s->lam[e->mult_first + k] -= nsb_contact_held_carry(e, &ec, k) / ti;
  }
}

/* NEWTON-law contacts by prox sweeps (docs/contact.md §7.5).  Newton on the
   smooth system for the warm-start impulses; then sweeps: one projected
   Gauss-Seidel pass over the impulses (lumped-mass response inside the
   pass), and the velocities' response to the impulse change by one back substitution with
   the kept factorization (the change enters only the contact rows:
   r = c1 (lambda_v - pfix)).  For a linear system that response is exact;
   once the sweeps have converged a Newton pass with the kept factorization
   re-equilibrates nonlinear elements, and sweeping resumes if that moved the
   impulses.  The relaxation halves when the change grows twice in a row. */
int nsb_sys_prox_solve(nsb_system* s, double t_new, nsb_newton_report* rep) {
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, t_new, &ec);
  nsb_contact_prox_begin(s->elems + s->first_contact, s->n_contacts, &ec);
  prox_set_impulses(s);
  int st = nsb_sys_newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
  if (st < 0) return st;
  double alpha = s->step.contact_relax, prev = HUGE_VAL, prev2 = HUGE_VAL, change = HUGE_VAL;
  int sweeps = 0, converged = 0, equilibrated = 1;
  while (sweeps < s->step.contact_iter) {
    nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, t_new, &ec);
    change = nsb_contact_prox_sweep(s->elems + s->first_contact, s->n_contacts, &ec, alpha, s->prox_scratch);
    ++sweeps;
    if (change > prev && prev > prev2) alpha *= 0.5;
    prev2 = prev;
    prev = change;
    if (change <= s->step.contact_tol) {
      if (equilibrated) {
        /* the state is that of the impulses before this sweep: keep them */
        converged = 1; /* a sweep from an equilibrated state moved nothing */
        break;
      }
      /* re-equilibrate nonlinear elements with these impulses, then sweep once more */
      prox_set_impulses(s);
      s->reuse_factor = 1;
      st = nsb_sys_newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
      s->reuse_factor = 0;
      if (st == NSB_ERR_NO_CONVERGENCE) st = nsb_sys_newton(s, NSB_EVAL_DYNAMIC, t_new, rep);
      if (st < 0) return st;
      equilibrated = 1;
      continue;
    }
    equilibrated = 0;
    /* velocities' response to the impulse change (nsb_contact_prox_response) */
    memset(s->dx, 0, (size_t)s->n_eq * sizeof(double));
    nsb_contact_prox_response(s->elems + s->first_contact, s->n_contacts, prox_impulse_time(s), s->node_eq, s->dx);
    prox_set_impulses(s);
    NSB_CALL(nsb_sys_timed_solve(s, s->dx, rep));
    if (s->has_beams) (void)nsb_sys_post_solve(s, s->dx);
    nsb_sys_apply_increment(s, s->dx, s->lam_scale);
  }
  s->stats.contact_sweeps += sweeps;
  if (!converged) {
    rep->status = NSB_ERR_NO_CONVERGENCE;
    snprintf(rep->cause, sizeof rep->cause,
             "contact prox sweeps did not converge in %d sweeps (last relative impulse change %.3e, relaxation "
             "%.3g; raise CONTACT ITERATIONS or lower RELAXATION)",
             s->step.contact_iter, change, alpha);
    return rep->status;
  }
  return NSB_OK;
}

/* Earliest downward zero crossing of g(tau) = g0 + v tau + a tau^2 / 2 in
   (tau_lo, tau_hi], or -1: the roots by the cancellation-free form of the
   quadratic formula, the crossing where g' = v + a tau < 0. */
static double first_closing(double g0, double v, double a, double tau_lo, double tau_hi) {
  double r[2];
  int n = 0;
  if (a == 0.0) {
    if (v != 0.0) r[n++] = -g0 / v;
  } else {
    double disc = v * v - 2.0 * a * g0;
    if (disc < 0.0) return -1.0;
    double q = -(v + copysign(sqrt(disc), v)); /* q = -(v + sgn(v) sqrt(disc)), roots q / a and 2 g0 / q */
    if (q != 0.0) {
      r[n++] = q / a;
      r[n++] = 2.0 * g0 / q;
    } else {
      r[n++] = 0.0; /* v = 0 and disc = 0: g0 = 0, a double root at 0 */
    }
  }
  double best = -1.0;
  for (int i = 0; i < n; ++i)
    if (r[i] > tau_lo && r[i] <= tau_hi && v + a * r[i] < 0.0 && (best < 0.0 || r[i] < best)) best = r[i];
  return best;
}

/* The contacts at the current state for a coming increment h, as the
   increment will see them: the candidate list rebuilt when it has expired
   (as nsb_system_prepare_increment does) and every contact prepared (gap,
   normal, velocities at t).  0 when there is no contact (or the rebuild
   failed: the increment itself will report it). */
static int contacts_now(nsb_system* s, double h) {
  if (2.0 * nsb_sys_moved_since_build(s) > s->skin && nsb_sys_contact_rebuild(s) < 0) {
    nsb_ctx_clear_error(s->ctx);
    return 0;
  }
  if (s->n_contacts == 0) return 0;
  double h_keep = s->scheme->h;
  s->scheme->h = h;
  nsb_eval_ctx ec;
  nsb_sys_fill_ec(s, NSB_EVAL_DYNAMIC, s->t, &ec);
  nsb_contact_prepare(s->elems + s->first_contact, s->n_contacts, &ec, s->support, s->cgeo);
  s->scheme->h = h_keep;
  return 1;
}

double nsb_system_contact_event(nsb_system* s, double h, double tau_lo, int* flexible) {
  *flexible = 0;
  if (!s->has_newton_contact || s->step.kind != NSB_STEP_DYNAMIC || !contacts_now(s, h)) return -1.0;
  double tau = -1.0;
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_newton_ops || !d->owner) continue;
    /* closed and approaching at t: the increment's impact law takes it */
    if (d->gap0 <= 0.0 && d->gN_pre <= 0.0) continue;
    double r = first_closing(d->gap0, d->gN_pre, d->aN_pre, tau_lo, h);
    if (r > 0.0 && (tau < 0.0 || r < tau)) {
      tau = r;
      *flexible = d->flexible;
    }
  }
  return tau;
}

/* Largest penetration over [0, tau] of al(t) = al0 + v t + a t^2 / 2. */
static double peak_penetration(double al0, double v, double a, double tau) {
  double al = fmax(al0, al0 + v * tau + 0.5 * a * tau * tau);
  if (a < 0.0 && v > 0.0 && -v / a < tau) al = fmax(al, al0 - 0.5 * v * v / a);
  return al;
}

/* The first t in (0, h] at which al(t) = al0 + v t + a t^2 / 2, positive at
   t = 0, reaches zero (-1: it stays positive over [0, h]). */
static double first_opening(double al0, double v, double a, double h) {
  if (al0 + v * h + 0.5 * a * h * h > 0.0) {
    /* positive at both ends: it opens inside only through a minimum below zero */
    if (!(a > 0.0 && v < 0.0 && -v / a < h && al0 - 0.5 * v * v / a < 0.0)) return -1.0;
  }
  /* al(t) = 0 where the decreasing branch crosses: bisection on [0, end], end
     the first point at which al <= 0 (the minimum or h) */
  double hi = h;
  if (a > 0.0 && v < 0.0 && -v / a < h) hi = -v / a;
  if (al0 + v * hi + 0.5 * a * hi * hi > 0.0) return -1.0;
  double lo = 0.0;
  for (int it = 0; it < 60 && hi - lo > 1e-9 * hi; ++it) {
    double t = 0.5 * (lo + hi);
    if (al0 + v * t + 0.5 * a * t * t > 0.0)
      lo = t;
    else
      hi = t;
  }
  return hi;
}

/* Largest increment tau <= h with omega(al) tau <= target for a compliant
   contact of law F = c al^p and mass m, al the largest penetration over the
   increment predicted from the penetration al0, its rate v and the
   acceleration a of the smooth motion now (quadratic: a contact that opens
   now but is driven back, by a vibrating beam, closes within the
   increment).  omega^2 = p c al^(p-1) / m and the penetration's peak grow
   with tau, so the condition is monotone: bisection. */
static double hertz_tau(double c, double p, double m, double al0, double v, double a, double h, double target,
                        int land, int* landed) {
  double w2h2_max = target * target;
  *landed = 0;
  /* land: a closed contact without beam nodes predicted to open within the
     increment ends the increment where it opens (5 % beyond, so that
     round-off of the landing does not leave a sliver of contact for the
     next).  Past that point the trapezoidal rule would go on applying half
     the force of the increment's start over the rest of its motion, work the
     contact does not do: a ball rebounding off a Hertz wall at h = 1.4 times
     the contact time gained 0.55 % of its energy (tests/user
     hertz_ball_wall, docs/contact.md §6.3).  A contact with a beam node
     opens and closes with the beam's vibration, which the quadratic from
     the smooth acceleration now does not predict; it keeps the increments
     of the omega h bound. */
  if (land && al0 > 0.0) {
    double t_open = first_opening(al0, v, a, h);
    if (t_open > 0.0 && 1.05 * t_open < h) {
      h = 1.05 * t_open;
      *landed = 1;
    }
  }
  double al_h = peak_penetration(al0, v, a, h);
  if (!(al_h > 0.0)) return h; /* stays open */
  if (p * c * pow(al_h, p - 1.0) / m * h * h <= w2h2_max) return h;
  *landed = 0; /* the omega h bound shortens it further */
  double lo = 0.0, hi = h;
  for (int it = 0; it < 60 && hi - lo > 1e-6 * hi; ++it) {
    double tau = 0.5 * (lo + hi), al = peak_penetration(al0, v, a, tau);
    if (al > 0.0 && p * c * pow(al, p - 1.0) / m * tau * tau > w2h2_max)
      hi = tau;
    else
      lo = tau;
  }
  return lo > 0.0 ? lo : hi;
}

int nsb_sys_hertz_resolved(nsb_system* s, double h, double t_new) {
  if (!s->hertz_check || s->step.kind != NSB_STEP_DYNAMIC || !s->has_compliant_contact || s->n_contacts == 0)
    return 1;
  /* the shortest increment the step control gives compliant contacts */
  double n_inc = ceil(s->step.period / s->step.h - 1e-9), floor_h = NSB_HERTZ_SUBSTEP_MIN * s->step.period / n_inc;
  if (!(h > 2.0 * floor_h)) return 1;
  const nsb_model* m = s->model;
  double w2 = NSB_HERTZ_OMEGA_H_WARN * NSB_HERTZ_OMEGA_H_WARN / (h * h);
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_hertz_ops || !d->owner) continue;
    nsb_contact_geo G;
    nsb_contact_geometry(e, &d->shape, nsb_v3_load(d->n), m, &s->cur, t_new, &G);
    double al = fmax(-G.g, -d->gap0);
    if (!(al > 0.0)) continue;
    const nsb_contact_pair* cp = &m->contact_pairs.data[d->pair];
    if (cp->exponent * cp->stiffness * pow(al, cp->exponent - 1.0) / d->m_eff > w2) return 0;
  }
  return 1;
}

void nsb_system_check_compliant(nsb_system* s, int on) { s->hertz_check = on != 0; }

int nsb_system_has_compliant_contact(const nsb_system* s) { return s->has_compliant_contact; }

double nsb_system_hertz_increment(nsb_system* s, double h, double target, int* landed) {
  *landed = 0;
  if (s->step.kind != NSB_STEP_DYNAMIC || !s->has_compliant_contact || !contacts_now(s, h)) return h;
  const nsb_model* m = s->model;
  double tau = h;
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_hertz_ops || !d->owner) continue;
    const nsb_contact_pair* cp = &m->contact_pairs.data[d->pair];
    int land = 0;
    double t = hertz_tau(cp->stiffness, cp->exponent, d->m_eff, -d->gap0, -d->gN_pre, -d->aN_pre, h, target,
                         !d->flexible, &land);
    if (t < tau) *landed = land;
    tau = fmin(tau, t);
  }
  return tau;
}

int nsb_system_after_impact(nsb_system* s, nsb_newton_report* rep) {
  nsb_sys_energy_stale(s);
  for (int q = s->n_static_mult; q < s->n_mult; ++q) s->lam[q] = 0.0;
  s->scheme->n_hist = 0;
  if (s->step.kind != NSB_STEP_DYNAMIC) return NSB_OK;
  /* the pseudo-accelerations restart from the smooth accelerations (p = a):
     continuing their recurrence across the impact increment,
     p += gain (a_smooth - a_increment), subtracts accelerations of
     impulse / delta and keeps their round-off (impact times of the
     bouncing ball off by 1.7e-9 s instead of 2.5e-12 s with the default
     scheme); with beams elsewhere in the model the restart drops what the
     generalized-alpha filter held of their high frequencies */
  NSB_CALL(nsb_system_initial_acceleration(s, rep));
  if (s->scheme->p_valid) nsb_scheme_init_pseudo(s->scheme, &s->cur);
  return NSB_OK;
}

/* ---- impacts on jointed bodies ---------------------------------------------------- */

/* docs/contact.md §7, "Impacts on jointed bodies".  The joints' rows hold the
   positions of t_n+1 (or, LEVEL=VELOCITY, the velocities); an impulse that
   reaches a body on a position-level joint leaves the joint's relative
   velocity at t_n+1 unheld, and over the next increments that velocity
   alternates (the trapezoidal positions x_n+2 - x_n+1 = h (v_n+1 + v_n+2)/2
   keep the joint closed with v_n+2 = -v_n+1 along it) with the kinetic
   energy it carries.  As the nonsmooth generalized-alpha scheme of Brüls,
   Acary & Cardona 2014 (position constraints on the positions, velocity
   constraints on the velocities), an impulsive increment also enforces the
   joints at velocity level, G v_n+1 = 0 at the positions of t_n+1, with
   impulses of their own that move the velocities and not the positions
   (joint_impulse_solve): C the joints' velocity rows (nsb_joint_rate) and
   the normal rows of the contacts that carried the increment's impulses on
   these bodies, the velocity problem solved again on the Delassus matrix
   C M^-1 C^T for particles and rigid bodies whose own mass alone moves them
   (M block diagonal, the rigid body's 6 x 6). */

/* dv = M^-1 (F, Mo) for node q: a particle's F/m; a rigid body's
   nsb_contact_body_velocity_jump (F global, Mo body frame about the node). */
static void node_minv(const nsb_system* s, int q, const double* f, double* du) {
  const nsb_model* m = s->model;
  const nsb_node* nd = &m->nodes.data[q];
  if (nd->body_kind == NSB_BODY_PARTICLE) {
    const double mi = 1.0 / m->particles.data[nd->body].mass;
    for (int k = 0; k < 3; ++k) du[k] = mi * f[k];
    return;
  }
  nsb_vec3 dv = nsb_v3_zero(), dw = nsb_v3_zero(); /* the inertia was checked when the node was admitted */
  (void)nsb_contact_body_velocity_jump(m, q, &s->cur, nsb_v3_load(f), nsb_v3_load(f + 3), &dv, &dw);
  nsb_v3_store(dv, du);
  nsb_v3_store(dw, du + 3);
}

/* A node whose own mass alone moves it: a particle or a rigid body (with an
   invertible inertia), no beam, no boundary, not a massless slave. */
static int node_free_mass(const nsb_system* s, int q) {
  const nsb_model* m = s->model;
  const nsb_node* nd = &m->nodes.data[q];
  if (nd->n_beams != 0 || nd->massless_slave) return 0;
  if (nd->body_kind == NSB_BODY_PARTICLE) return s->ndof[q] == 3 && m->particles.data[nd->body].mass > 0.0;
  if (nd->body_kind != NSB_BODY_RIGID || s->ndof[q] != 6) return 0;
  const nsb_rigid_body* b = &m->rigid_bodies.data[nd->body];
  nsb_mat3 J, Ji;
  memcpy(J.c, b->J_c, sizeof J.c);
  return b->mass > 0.0 && nsb_m3_inverse(J, &Ji);
}

static int is_joint(const nsb_system* s, const nsb_elem* e) {
  return e->ops == &nsb_joint_ops && s->model->joints.data[e->model_index].kind != NSB_JOINT_ELEMENT_POINT;
}

/* A joint all of whose nodes with DOFs have jv_node > 0. */
static int joint_free(const nsb_system* s, const nsb_elem* e) {
  if (!is_joint(s, e)) return 0;
  for (int k = 0; k < e->n_nodes; ++k)
    if (e->node_ndof[k] > 0 && s->jv_node[e->nodes[k]] == 0) return 0;
  return 1;
}

/* Mark node q (jv_map 0) if a frictional LAW=NEWTON pair reaches it. */
static void mark_nset(nsb_system* s, int nset) {
  if (nset < 0 || nset >= s->model->nsets.count) return;
  const nsb_nset* ns = &s->model->nsets.data[nset];
  for (int k = 0; k < ns->nodes.count; ++k) s->jv_map[ns->nodes.data[k]] = 0;
}

/* A position-level joint among particles and rigid bodies (joint_free) with
   a node of its bodies marked (jv_map 0). */
static int joint_reached(const nsb_system* s, const nsb_model* m, const nsb_elem* e) {
  if (!joint_free(s, e) || m->joints.data[e->model_index].level != NSB_LEVEL_POSITION) return 0;
  for (int k = 0; k < e->n_nodes; ++k)
    if (e->node_ndof[k] > 0 && s->jv_map[e->nodes[k]] == 0) return 1;
  return 0;
}

/* Once, after jv_node: the position-level joints among particles and rigid
   bodies (joint_free) whose bodies, or bodies jointed to them, a frictional
   LAW=NEWTON pair reaches take their rows at velocity level in dynamic
   increments and have the positions projected onto Phi = 0 after each
   (nsb_sys_joint_project; docs/theory.md §4, "Joints on bodies with
   Coulomb contacts").  A sticking contact's rows hold the velocity at
   t_n+1; a body on stuck corners has all of it held, and a position-level
   row then asks for a position the velocities no longer reach (the box on
   a link that stopped the run at its stop).  jv_map serves as the marks and
   is left at -1. */
static void joint_stabilize_flags(nsb_system* s) {
  const nsb_model* m = s->model;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->law != NSB_CONTACT_NEWTON || !(p->friction > 0.0)) continue;
    mark_nset(s, p->slave_nset);
    if (p->master_kind == NSB_MASTER_PARTICLES) mark_nset(s, p->master);
    if (p->master_kind == NSB_MASTER_OBSTACLE && p->master >= 0 && p->master < m->obstacles.count &&
        m->obstacles.data[p->master].body >= 0)
      s->jv_map[m->obstacles.data[p->master].body] = 0;
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < s->n_static_elems; ++i) {
      const nsb_elem* e = &s->elems[i];
      if (!joint_reached(s, m, e)) continue;
      for (int k = 0; k < e->n_nodes; ++k)
        if (e->node_ndof[k] > 0 && s->jv_map[e->nodes[k]] != 0) {
          s->jv_map[e->nodes[k]] = 0;
          changed = 1;
        }
    }
  }
  for (int i = 0; i < s->n_static_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!joint_reached(s, m, e)) continue;
    s->jgeom[e->model_index].stabilized = 1;
    for (int r = 0; r < e->n_mult; ++r) s->mult_level[e->mult_first + r] = NSB_LEVEL_VELOCITY;
    s->jv_stabilized++;
  }
  for (int q = 0; q < m->nodes.count; ++q) s->jv_map[q] = -1;
}

/* Once: jv_node of every node (a node in a joint with a node that is not
   free, or in an ELEMENT POINT joint, is not free either: the joint ties it
   to a mass the solve does not hold), the joints' rows and nodes. */
static int joint_impulse_nodes(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  const nsb_model* m = s->model;
  const int nn = m->nodes.count > 0 ? m->nodes.count : 1;
  s->jv_node = NSB_NEW_ARRAY(ctx, nn, int);
  s->jv_map = NSB_NEW_ARRAY(ctx, nn, int);
  NSB_CHECK(ctx, s->jv_node && s->jv_map, NSB_ERR_ALLOC, "cannot allocate the joints' velocity solve of %d nodes", nn);
  for (int q = 0; q < m->nodes.count; ++q) {
    s->jv_node[q] = node_free_mass(s, q);
    s->jv_map[q] = -1;
  }
  for (int b = 0; b < m->boundaries.count; ++b)
    if (m->boundaries.data[b].node >= 0 && m->boundaries.data[b].node < m->nodes.count)
      s->jv_node[m->boundaries.data[b].node] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < s->n_static_elems; ++i) {
      const nsb_elem* e = &s->elems[i];
      if (e->ops != &nsb_joint_ops || joint_free(s, e)) continue;
      for (int k = 0; k < e->n_nodes; ++k)
        if (e->node_ndof[k] > 0 && s->jv_node[e->nodes[k]] != 0) {
          s->jv_node[e->nodes[k]] = 0;
          changed = 1;
        }
    }
  }
  s->jv_joint_rows = s->jv_joint_nodes = 0;
  for (int i = 0; i < s->n_static_elems; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!joint_free(s, e)) continue;
    s->jv_joint_rows += e->n_mult;
    for (int k = 0; k < e->n_nodes; ++k)
      if (e->node_ndof[k] > 0 && s->jv_node[e->nodes[k]] == 1) {
        s->jv_node[e->nodes[k]] = 2;
        s->jv_joint_nodes++;
      }
  }
  joint_stabilize_flags(s);
  return NSB_OK;
}

static void joint_impulse_free_dense(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  const size_t cr = (size_t)s->jv_cap_r, cu = (size_t)s->jv_cap_u;
  if (s->jv_list) NSB_FREE_ARRAY(ctx, s->jv_list, cu, int);
  if (s->jv_rows) NSB_FREE_ARRAY(ctx, s->jv_rows, cr, int);
  if (s->jv_C) NSB_FREE_ARRAY(ctx, s->jv_C, cr * cu, double);
  if (s->jv_X) NSB_FREE_ARRAY(ctx, s->jv_X, cr * cu, double);
  if (s->jv_A) NSB_FREE_ARRAY(ctx, s->jv_A, cr * cr, double);
  if (s->jv_b) NSB_FREE_ARRAY(ctx, s->jv_b, 3 * cr, double);
  if (s->jv_u) NSB_FREE_ARRAY(ctx, s->jv_u, 2 * cu, double);
  s->jv_cap_r = s->jv_cap_u = 0;
}

void nsb_sys_joint_impulse_free(nsb_system* s) {
  joint_impulse_free_dense(s);
  const int nn = s->model->nodes.count > 0 ? s->model->nodes.count : 1;
  if (s->jv_node) NSB_FREE_ARRAY(s->ctx, s->jv_node, nn, int);
  if (s->jv_map) NSB_FREE_ARRAY(s->ctx, s->jv_map, nn, int);
}

/* At each contact rebuild: room for the joints' rows and nodes and for every
   contact that touches a jointed node, with its nodes. */
static int joint_impulse_reserve(nsb_system* s) {
  nsb_ctx* ctx = s->ctx;
  if (!s->jv_node) NSB_CALL(joint_impulse_nodes(s));
  if (s->jv_joint_rows == 0) return NSB_OK;
  int nr = s->jv_joint_rows, nu = 6 * s->jv_joint_nodes;
  for (int i = 0; i < s->n_contacts; ++i) {
    const nsb_elem* e = &s->elems[s->first_contact + i];
    int touch = 0;
    for (int j = 0; j < e->n_nodes; ++j) touch |= s->jv_node[e->nodes[j]] == 2;
    if (!touch) continue;
    nr += 1;
    nu += 6 * e->n_nodes;
  }
  if (nr <= s->jv_cap_r && nu <= s->jv_cap_u) return NSB_OK;
  joint_impulse_free_dense(s);
  int cr = grown(s->jv_cap_r, nr), cu = grown(s->jv_cap_u, nu);
  s->jv_list = NSB_NEW_ARRAY(ctx, cu, int);
  s->jv_rows = NSB_NEW_ARRAY(ctx, cr, int);
  s->jv_C = NSB_NEW_ARRAY(ctx, (size_t)cr * (size_t)cu, double);
  s->jv_X = NSB_NEW_ARRAY(ctx, (size_t)cr * (size_t)cu, double);
  s->jv_A = NSB_NEW_ARRAY(ctx, (size_t)cr * (size_t)cr, double);
  s->jv_b = NSB_NEW_ARRAY(ctx, 3 * (size_t)cr, double);
  s->jv_u = NSB_NEW_ARRAY(ctx, 2 * (size_t)cu, double);
  s->jv_cap_r = cr;
  s->jv_cap_u = cu;
  if (!s->jv_list || !s->jv_rows || !s->jv_C || !s->jv_X || !s->jv_A || !s->jv_b || !s->jv_u) {
    joint_impulse_free_dense(s);
    NSB_CHECK(ctx, 0, NSB_ERR_ALLOC, "cannot allocate the joints' velocity solve (%d rows, %d unknowns)", nr, nu);
  }
  return NSB_OK;
}

/* Add the nodes of element e with DOFs to the solve (0: one is not free, or
   no room). */
static int add_nodes(nsb_system* s, const nsb_elem* e, int* n_nodes, int* n_u) {
  for (int k = 0; k < e->n_nodes; ++k) {
    const int q = e->nodes[k];
    if (s->ndof[q] == 0 || s->jv_map[q] >= 0) continue;
    if (s->jv_node[q] == 0 || *n_u + s->ndof[q] > s->jv_cap_u) return 0;
    s->jv_map[q] = *n_u;
    s->jv_list[(*n_nodes)++] = q;
    *n_u += s->ndof[q];
  }
  return 1;
}

static int touches(const nsb_system* s, const nsb_elem* e) {
  for (int k = 0; k < e->n_nodes; ++k)
    if (s->jv_map[e->nodes[k]] >= 0) return 1;
  return 0;
}

static int row_taken(const nsb_system* s, int n_rows, int id) {
  for (int r = 0; r < n_rows; ++r)
    if (s->jv_rows[r] == id) return 1;
  return 0;
}

/* The row of element e's rate (k-th of the joint's, a contact's normal
   velocity) over the solve's DOFs, from unit velocities of its nodes: both
   are linear in them (a contact's affine: its value at zero velocities
   subtracted). */
static void probe_rows(nsb_system* s, const nsb_eval_ctx* ec, const nsb_elem* e, int joint, int row, int n_u) {
  double save[NSB_ELEM_MAX_NODES][6], rate[6], base = 0.0;
  nsb_state* st = &s->cur;
  const int nr = joint ? e->n_mult : 1;
  for (int r = 0; r < nr; ++r)
    for (int c = 0; c < n_u; ++c) s->jv_C[(size_t)(row + r) + (size_t)c * (size_t)s->jv_cap_r] = 0.0;
  for (int k = 0; k < e->n_nodes; ++k) {
    const int q = e->nodes[k];
    if (s->ndof[q] == 0) continue;
    for (int c = 0; c < 3; ++c) {
      save[k][c] = st->v[3 * q + c];
      save[k][3 + c] = st->w[3 * q + c];
      st->v[3 * q + c] = st->w[3 * q + c] = 0.0;
    }
  }
  if (!joint) base = nsb_contact_normal_rate(e, ec);
  for (int k = 0; k < e->n_nodes; ++k) {
    const int q = e->nodes[k];
    int seen = 0;
    for (int j = 0; j < k; ++j) seen |= e->nodes[j] == q;
    if (s->ndof[q] == 0 || seen) continue;
    for (int c = 0; c < s->ndof[q]; ++c) {
      double* u = c < 3 ? &st->v[3 * q + c] : &st->w[3 * q + c - 3];
      *u = 1.0;
      if (joint)
        (void)nsb_joint_rate(e, ec, rate);
      else
        rate[0] = nsb_contact_normal_rate(e, ec) - base;
      *u = 0.0;
      const size_t col = (size_t)(s->jv_map[q] + c) * (size_t)s->jv_cap_r;
      for (int r = 0; r < nr; ++r) s->jv_C[(size_t)(row + r) + col] += rate[r];
    }
  }
  for (int k = 0; k < e->n_nodes; ++k) {
    const int q = e->nodes[k];
    if (s->ndof[q] == 0) continue;
    for (int c = 0; c < 3; ++c) {
      st->v[3 * q + c] = save[k][c];
      st->w[3 * q + c] = save[k][3 + c];
    }
  }
}

/* A = C X over the leading n rows, symmetrized, eps = 1e-9 of their own
   diagonal added to the rows from n_exact on (contacts: redundant supports
   stay regular), and its Cholesky factor (0: singular, redundant rows). */
static int delassus_factor_prox(nsb_system* s, int n, int n_exact, int n_u) {
  const int ld = s->jv_cap_r, ldx = s->jv_cap_u;
  for (int b = 0; b < n; ++b)
    for (int a = 0; a <= b; ++a) {
      double s1 = 0.0, s2 = 0.0;
      for (int c = 0; c < n_u; ++c) {
        s1 += s->jv_C[(size_t)a + (size_t)c * (size_t)ld] * s->jv_X[(size_t)c + (size_t)b * (size_t)ldx];
        s2 += s->jv_C[(size_t)b + (size_t)c * (size_t)ld] * s->jv_X[(size_t)c + (size_t)a * (size_t)ldx];
      }
      s->jv_A[(size_t)a + (size_t)b * (size_t)ld] = s->jv_A[(size_t)b + (size_t)a * (size_t)ld] = 0.5 * (s1 + s2);
    }
  for (int r = n_exact; r < n; ++r) s->jv_A[(size_t)r + (size_t)r * (size_t)ld] *= 1.0 + 1e-9;
  return n == 0 || LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, s->jv_A, ld) == 0;
}

/* A = C X over the leading n rows, symmetrized, and its Cholesky factor
   (0: singular, redundant rows). */
static int delassus_factor(nsb_system* s, int n, int n_u) { return delassus_factor_prox(s, n, n, n_u); }

/* Row r of C times the solve's velocities u. */
static double row_dot(const nsb_system* s, int r, const double* u, int n_u) {
  double g = 0.0;
  for (int c = 0; c < n_u; ++c) g += s->jv_C[(size_t)r + (size_t)c * (size_t)s->jv_cap_r] * u[c];
  return g;
}

/* u += X mu over the leading n rows, mu = A^-1 b (A factored). */
static int delassus_step(nsb_system* s, int n, int n_u, double* u) {
  if (n > 0 && LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n, 1, s->jv_A, s->jv_cap_r, s->jv_b, s->jv_cap_r) != 0)
    return 0;
  for (int c = 0; c < n_u; ++c) {
    double du = 0.0;
    for (int r = 0; r < n; ++r) du += s->jv_X[(size_t)c + (size_t)r * (size_t)s->jv_cap_u] * s->jv_b[r];
    u[c] += du;
  }
  return 1;
}

/* The velocity problem of the solve's bodies (rows: the joints' first, then
   the contacts'), from the increment's end velocities v^ (docs/contact.md
   §7, "Impacts on jointed bodies"), the increment's smooth change split in
   halves around the impact (the kick's Strang splitting keeps the
   trapezoidal rule's energy identity of the smooth forces):
     u0 = v^ - M^-1 W Lambda          (the contacts' impulses taken out)
     v- = P (v_n + (u0 - v_n)/2)       (P: onto G v = 0 at t_n+1, least change
                                        in M; it removes whatever the joints'
                                        position-level multipliers put in)
     v+ = v- + M^-1 (G^T mu + W Lambda'),  G v+ = 0,  W^T v+ = -e min(W^T v-, 0)
     v_n+1 = P (v+ + (u0 - v_n)/2)
   The joints' impulses do no work on v- or v+, and the contacts' booked
   -Lambda' (gamma+ + gamma-)/2 (gamma of v+ and v-) is v+'s kinetic energy
   less v-'s, exactly.  If an impulse Lambda' comes out <= 0 (the impact at
   t_n+1 would pull), the joints alone instead, from v^ with the contacts
   held at gamma+ (their further impulses booked with gamma- of t_n). */
static double joint_impulse_solve(nsb_system* s, const nsb_eval_ctx* ec, int n_nodes, int n_u, int n_rows) {
  nsb_elem* ce = s->elems + s->first_contact;
  int* rows = s->jv_rows;
  const int ldx = s->jv_cap_u;
  double *u = s->jv_u, *b = s->jv_b, *gpre = s->jv_b + s->jv_cap_r, *lam = s->jv_b + 2 * s->jv_cap_r;
  /* joints first (stable: a joint's rows stay together) */
  for (int r = 0, w = 0; r < n_rows; ++r)
    if (rows[r] < s->n_static_elems) {
      const int id = rows[r];
      for (int k = r; k > w; --k) rows[k] = rows[k - 1];
      rows[w++] = id;
    }
  int n_g = 0;
  while (n_g < n_rows && rows[n_g] < s->n_static_elems) ++n_g;
  for (int r = 0; r < n_rows;) {
    const int joint = r < n_g;
    const nsb_elem* e = joint ? &s->elems[rows[r]] : &ce[rows[r] - s->n_static_elems];
    probe_rows(s, ec, e, joint, r, n_u);
    r += joint ? e->n_mult : 1;
  }
  /* X = M^-1 C^T (column r: the velocity change of the unit impulse of row r) */
  for (int r = 0; r < n_rows; ++r)
    for (int a = 0; a < n_nodes; ++a) {
      const int q = s->jv_list[a], o = s->jv_map[q];
      double f[6];
      for (int c = 0; c < s->ndof[q]; ++c) f[c] = s->jv_C[(size_t)r + (size_t)(o + c) * (size_t)s->jv_cap_r];
      node_minv(s, q, f, s->jv_X + (size_t)o + (size_t)r * (size_t)ldx);
    }
  for (int a = 0; a < n_nodes; ++a) {
    const int q = s->jv_list[a], o = s->jv_map[q];
    for (int c = 0; c < s->ndof[q]; ++c) u[o + c] = c < 3 ? s->cur.v[3 * q + c] : s->cur.w[3 * q + c - 3];
  }
  /* u0 and the smooth change over the increment, half of it before the impact */
  double* half = u + ldx;
  for (int r = n_g; r < n_rows; ++r) {
    const double L = ((const nsb_contact_data*)ce[rows[r] - s->n_static_elems].state)->impulse[0];
    for (int c = 0; c < n_u; ++c) u[c] -= s->jv_X[(size_t)c + (size_t)r * (size_t)ldx] * L;
  }
  for (int a = 0; a < n_nodes; ++a) {
    const int q = s->jv_list[a], o = s->jv_map[q];
    for (int c = 0; c < s->ndof[q]; ++c) {
      const double vn = c < 3 ? s->old.v[3 * q + c] : s->old.w[3 * q + c - 3];
      half[o + c] = 0.5 * (u[o + c] - vn);
      u[o + c] = vn + half[o + c];
    }
  }
  /* v- = P (v_n + half) */
  for (int r = 0; r < n_g; ++r) b[r] = -row_dot(s, r, u, n_u);
  int solved = delassus_factor(s, n_g, n_u) && delassus_step(s, n_g, n_u, u);
  if (solved) {
    /* v+ from v-: the joints' rows' remainder (round-off) and the contacts'
       Newton law on the approach velocities of v- */
    for (int r = 0; r < n_rows; ++r) {
      const double g = row_dot(s, r, u, n_u);
      if (r < n_g) {
        b[r] = -g;
        continue;
      }
      const nsb_contact_data* d = ce[rows[r] - s->n_static_elems].state;
      gpre[r] = g;
      b[r] = -ec->model->contact_pairs.data[d->pair].restitution * fmin(g, 0.0) - g;
    }
    solved = delassus_factor(s, n_rows, n_u) &&
             LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n_rows, 1, s->jv_A, s->jv_cap_r, b, s->jv_cap_r) == 0;
    for (int r = n_g; r < n_rows && solved; ++r) solved = b[r] > 0.0;
  }
  if (solved) {
    for (int c = 0; c < n_u; ++c) {
      double du = 0.0;
      for (int r = 0; r < n_rows; ++r) du += s->jv_X[(size_t)c + (size_t)r * (size_t)ldx] * b[r];
      u[c] += du;
    }
    /* the impulses and the contacts' gamma+ (in gpost, the joints' part of b
       no longer needed), then the other half of the smooth change and P */
    double* gpost = b;
    for (int r = n_g; r < n_rows; ++r) {
      lam[r] = b[r];
      gpost[r] = row_dot(s, r, u, n_u);
    }
    for (int c = 0; c < n_u; ++c) u[c] += half[c];
    for (int r = 0; r < n_g; ++r) b[r] = -row_dot(s, r, u, n_u);
    solved = delassus_factor(s, n_g, n_u) && delassus_step(s, n_g, n_u, u);
  }
  if (!solved) {
    /* the joints alone: from v^, the contacts held at gamma+, their further
       impulses added to Lambda and booked with gamma- of t_n */
    for (int a = 0; a < n_nodes; ++a) {
      const int q = s->jv_list[a], o = s->jv_map[q];
      for (int c = 0; c < s->ndof[q]; ++c) u[o + c] = c < 3 ? s->cur.v[3 * q + c] : s->cur.w[3 * q + c - 3];
    }
    for (int r = 0; r < n_rows; ++r) b[r] = r < n_g ? -row_dot(s, r, u, n_u) : 0.0;
    if (!delassus_factor(s, n_rows, n_u) ||
        LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n_rows, 1, s->jv_A, s->jv_cap_r, b, s->jv_cap_r) != 0)
      return 0.0; /* redundant rows (a closed loop of joints): left as the increment's rows had it */
    for (int c = 0; c < n_u; ++c) {
      double du = 0.0;
      for (int r = 0; r < n_rows; ++r) du += s->jv_X[(size_t)c + (size_t)r * (size_t)ldx] * b[r];
      u[c] += du;
    }
    for (int r = n_g; r < n_rows; ++r) {
      const nsb_contact_data* d = ce[rows[r] - s->n_static_elems].state;
      lam[r] = d->impulse[0] + b[r];
      gpre[r] = d->gN_pre;
      b[r] = row_dot(s, r, u, n_u); /* gamma+, held */
    }
  }
  for (int a = 0; a < n_nodes; ++a) {
    const int q = s->jv_list[a], o = s->jv_map[q];
    for (int c = 0; c < s->ndof[q]; ++c) {
      if (c < 3)
        s->cur.v[3 * q + c] = u[o + c];
      else
        s->cur.w[3 * q + c - 3] = u[o + c];
    }
  }
  double dD = 0.0;
  for (int r = n_g; r < n_rows; ++r)
    dD += nsb_contact_rebook_impulse(&ce[rows[r] - s->n_static_elems], ec, lam[r], gpre[r], b[r]);
  return dD;
}

double nsb_sys_joint_impulse(nsb_system* s, const nsb_eval_ctx* ec) {
  if (s->jv_joint_rows == 0 || s->n_contacts == 0 || !s->jv_list || ec->cur != &s->cur) return 0.0;
  nsb_elem* ce = s->elems + s->first_contact;
  const int nc = s->n_contacts;
  int n_nodes = 0, n_u = 0, n_rows = 0, n_joints = 0, ok = 1;
  /* the bodies the increment's impulses reached and the joints among them,
     closed under both: a contact that carried an impulse and touches a body
     of the solve or a jointed one, a joint that touches a body of the solve */
  for (int changed = 1; changed && ok;) {
    changed = 0;
    for (int i = 0; i < nc && ok; ++i) {
      const nsb_elem* e = &ce[i];
      const nsb_contact_data* d = e->state;
      if (e->ops != &nsb_contact_newton_ops || row_taken(s, n_rows, s->n_static_elems + i)) continue;
      const int imp = d->impulse[0] != 0.0 || (e->n_mult == 3 && (d->impulse[1] != 0.0 || d->impulse[2] != 0.0));
      int near = touches(s, e);
      for (int k = 0; k < e->n_nodes; ++k) near |= s->jv_node[e->nodes[k]] == 2;
      if (!imp || !near) continue;
      ok = nsb_contact_impulse_amendable(e, ec) && n_rows < s->jv_cap_r && add_nodes(s, e, &n_nodes, &n_u);
      s->jv_rows[n_rows++] = s->n_static_elems + i;
      changed = 1;
    }
    for (int i = 0; i < s->n_static_elems && ok; ++i) {
      const nsb_elem* e = &s->elems[i];
      if (!joint_free(s, e) || !touches(s, e) || row_taken(s, n_rows, i)) continue;
      ok = n_rows + e->n_mult <= s->jv_cap_r && add_nodes(s, e, &n_nodes, &n_u);
      for (int r = 0; r < e->n_mult && ok; ++r) s->jv_rows[n_rows + r] = i;
      n_rows += e->n_mult;
      ++n_joints;
      changed = 1;
    }
  }
  double dD = 0.0;
  if (ok && n_joints > 0) dD = joint_impulse_solve(s, ec, n_nodes, n_u, n_rows);
  for (int a = 0; a < n_nodes; ++a) s->jv_map[s->jv_list[a]] = -1;
  return dD;
}

/* Whether every node with DOFs of element e may move in the solve. */
static int nodes_free(const nsb_system* s, const nsb_elem* e) {
  for (int k = 0; k < e->n_nodes; ++k)
    if (s->ndof[e->nodes[k]] > 0 && s->jv_node[e->nodes[k]] == 0) return 0;
  return 1;
}

/* After a converged dynamic increment: the positions of the bodies of the
   stabilized joints (joint_stabilize_flags) projected onto Phi = 0, least
   change in M, the velocities untouched (post-stabilization, Ascher et al.
   1995, Cline & Pai 2003; the velocity rows of the increment and this
   projection state the joint at both levels, as the nonsmooth
   generalized-alpha scheme of Bruls, Acary & Cardona 2014 does in one
   system), the gaps of the LAW=NEWTON contacts on these bodies that took
   part in the increment kept (rows C_c dq = 0, their normal rates; a link
   with a vertical part otherwise lifted a particle off its floor, 1.1e-7 m
   over a slide, and its weight's potential rose):
     dq = M^-1 C^T mu,  (C M^-1 C^T + eps D_c) mu = (-Phi(q), 0),
   twice (Newton on Phi; the drift of one increment is second order in h,
   its square is round-off).  The contacts' rows carry eps = 1e-9 of their
   own diagonal D_c (four corners on three degrees of freedom are redundant:
   the step of least change, as the contacts' rows in the increment).  dq's
   rotational part is a body-frame spin: R <- R exp(S(dTheta)).  Returns 0
   when nothing was projected (no such joint, or a singular matrix:
   redundant joints, left as the increment had them). */
int nsb_sys_joint_project(nsb_system* s, const nsb_eval_ctx* ec) {
  if (s->jv_stabilized == 0 || !s->jv_list || ec->cur != &s->cur) return 0;
  int n_nodes = 0, n_u = 0, n_rows = 0, ok = 1;
  for (int i = 0; i < s->n_static_elems && ok; ++i) {
    const nsb_elem* e = &s->elems[i];
    if (!is_joint(s, e) || !s->jgeom[e->model_index].stabilized) continue;
    ok = n_rows + e->n_mult <= s->jv_cap_r && add_nodes(s, e, &n_nodes, &n_u);
    for (int r = 0; r < e->n_mult && ok; ++r) s->jv_rows[n_rows + r] = i;
    n_rows += e->n_mult;
  }
  const int n_g = n_rows;
  nsb_elem* ce = s->elems + s->first_contact;
  for (int i = 0; i < s->n_contacts && ok && n_g > 0; ++i) {
    const nsb_elem* e = &ce[i];
    const nsb_contact_data* d = e->state;
    if (e->ops != &nsb_contact_newton_ops || !d->active || !touches(s, e) || !nodes_free(s, e)) continue;
    ok = n_rows < s->jv_cap_r && add_nodes(s, e, &n_nodes, &n_u);
    s->jv_rows[n_rows++] = s->n_static_elems + i;
  }
  int done = 0;
  for (int it = 0; it < 2 && ok && n_g > 0; ++it) {
    double* b = s->jv_b;
    for (int r = 0; r < n_rows;) {
      const int joint = r < n_g;
      const nsb_elem* e = joint ? &s->elems[s->jv_rows[r]] : &ce[s->jv_rows[r] - s->n_static_elems];
      probe_rows(s, ec, e, joint, r, n_u);
      if (!joint) {
        b[r++] = 0.0;
        continue;
      }
      double phi[6];
      (void)nsb_joint_violation(e, ec, phi);
      for (int k = 0; k < e->n_mult; ++k) b[r + k] = -phi[k];
      r += e->n_mult;
    }
    for (int r = 0; r < n_rows; ++r)
      for (int a = 0; a < n_nodes; ++a) {
        const int q = s->jv_list[a], o = s->jv_map[q];
        double f[6];
        for (int c = 0; c < s->ndof[q]; ++c) f[c] = s->jv_C[(size_t)r + (size_t)(o + c) * (size_t)s->jv_cap_r];
        node_minv(s, q, f, s->jv_X + (size_t)o + (size_t)r * (size_t)s->jv_cap_u);
      }
    /* the contacts' proximal term on their diagonal of C M^-1 C^T */
    if (!delassus_factor_prox(s, n_rows, n_g, n_u)) break;
    double* u = s->jv_u;
    for (int c = 0; c < n_u; ++c) u[c] = 0.0;
    if (!delassus_step(s, n_rows, n_u, u)) break;
    for (int a = 0; a < n_nodes; ++a) {
      const int q = s->jv_list[a], o = s->jv_map[q];
      for (int c = 0; c < 3; ++c) s->cur.x[3 * q + c] += u[o + c];
      if (s->ndof[q] == 6) {
        nsb_quat Q = nsb_q_mul(nsb_q_load(s->cur.q + 4 * q), nsb_so3_exp_q(nsb_v3_load(u + o + 3)));
        nsb_q_store(nsb_q_normalize(Q), s->cur.q + 4 * q);
      }
    }
    done = 1;
  }
  for (int a = 0; a < n_nodes; ++a) s->jv_map[s->jv_list[a]] = -1;
  return done;
}

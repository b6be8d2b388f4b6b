/* energy_guard.c -- the run-time guard on the energy balance of dynamic
 * steps (nsb_system_energy_guard, solver/system.h; docs/theory.md §3.6).
 *
 * Without an energy source outside the loads and the driven supports, the
 * balance B = T + V + D - W - W_s keeps its value at the start of the
 * dynamic steps up to the scheme's error, and loses (never gains) by the
 * numerical dissipation of RHOINF < 1.  A gain that is a sizeable part of
 * everything the run moves, T + |V| + |W| + |W_s| + |D| (a ratio of
 * energies: the same in any units), is energy the run makes up: growing
 * modes (the collocation beam's on some meshes), a compliant contact that
 * the increment does not resolve, an unstable step for the model. */
#define _POSIX_C_SOURCE 200809L
#include "solver/system_internal.h"

#include <math.h>
#include <stdio.h>

/* The probable causes the model has, in order of likelihood, into buf. */
static void guard_causes(const nsb_system* s, char* buf, size_t cap) {
  const nsb_model* m = s->model;
  size_t len = 0;
  buf[0] = '\0';
  int coll = 0;
  for (int i = 0; i < m->elements.count && !coll; ++i)
    coll = m->elements.data[i].type == NSB_ETYPE_B2V && m->elements.data[i].weighting == 0;
  if (coll)
    len += (size_t)snprintf(buf + len, cap - len,
                            "beam elements with WEIGHTING=COLLOCATION, whose dynamics has growing modes on some "
                            "meshes (give WEIGHTING=GALERKIN); ");
  if (len < cap && s->has_compliant_contact)
    len += (size_t)snprintf(buf + len, cap - len,
                            "a compliant contact (LAW=HERTZ or WINKLER) that the increment does not resolve "
                            "(reduce the time increment); ");
  if (len < cap)
    len += (size_t)snprintf(buf + len, cap - len, "a time increment too large for the model (%s)",
                            s->scheme->am == 0.0 && s->scheme->af == 0.0
                                ? "reduce it, or give RHOINF < 1 for numerical damping"
                                : "reduce it");
}

int nsb_system_energy_guard(nsb_system* s, const nsb_energy* e, long increment) {
  if (s->step_index < 0 || s->step.kind != NSB_STEP_DYNAMIC || s->step.modal_dynamic || s->step.n_modes > 0) return 0;
  const double b = e->kinetic + e->potential + e->dissipated - e->external_work - e->support_work;
  const double scale = e->kinetic + fabs(e->potential) + fabs(e->external_work) + fabs(e->support_work) +
                       fabs(e->dissipated);
  if (!s->guard_on) {
    s->guard_on = 1;
    s->guard_b0 = b;
    s->guard_scale = scale;
    return 0;
  }
  if (scale > s->guard_scale) s->guard_scale = scale;
  const double gain = b - s->guard_b0;
  s->stats.balance_on = 1;
  s->stats.balance_change = gain;
  s->stats.balance_scale = s->guard_scale;
  if (s->guard_warned || !(gain > NSB_ENERGY_GUARD * s->guard_scale)) return 0;
  s->guard_warned = 1;
  char causes[512];
  guard_causes(s, causes, sizeof causes);
  nsb_log(s->ctx, NSB_LOG_WARN,
          "%s:%d: *DYNAMIC: the energy balance kinetic + potential + dissipated - external_work - support_work "
          "gained %.4g at t = %.6g (step %d, increment %ld), %.3g of the run's energy scale %.4g (warned above "
          "%g): the run makes up energy nothing gives it; probable cause: %s (not reported again)",
          s->model->source, s->step.line, gain, s->t, s->step_index + 1, increment, gain / s->guard_scale,
          s->guard_scale, NSB_ENERGY_GUARD, causes);
  return 1;
}

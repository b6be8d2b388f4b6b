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

#include <float.h>
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

/* The least energy scale of the guard: the work of the round-off of the
   model's elastic members' forces over their lengths, DBL_EPSILON times the
   sum over beams of EA L and over springs of k L^2 (L the member's initial
   length between its end nodes).  A beam resolves its axial force to about
   eps EA (docs/theory.md §5, round-off floor), a spring its force to
   eps k L; the balance books energies from those forces, so a balance that
   moved by less than their work over the member is round-off, not energy
   the run makes up.  A run at rest has an energy scale of round-off or exactly zero,
   and a gain of 1e-21 J was "1 of the run's energy scale" (a B2S beam at
   rest; two particles on a spring whose free length misses their distance
   by round-off).  Force times length: the same in every unit system.  Far
   below the energies of any run that moves (3.7e-8 J for a 1 m steel bar of
   8 cm^2, whose strain energy at a strain of 1e-6 is 8.4e-5 J), and an
   instability grows through it within a few increments. */
static double guard_floor(const nsb_model* m) {
  double w = 0.0;
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* el = &m->elements.data[i];
    if (el->n_nodes < 2) continue;
    const double* a = m->nodes.data[el->nodes[0]].X;
    const double* b = m->nodes.data[el->nodes[el->n_nodes - 1]].X;
    const double L = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]));
    if (nsb_etype_is_beam(el->type) && el->section >= 0)
      w += fabs(m->sections.data[el->section].EA) * L;
    else if (el->type == NSB_ETYPE_SPRINGA)
      w += fabs(el->stiffness) * L * L;
  }
  return DBL_EPSILON * w;
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
  if (s->guard_floor < 0.0) s->guard_floor = guard_floor(s->model);
  const double scale_w = s->guard_scale > s->guard_floor ? s->guard_scale : s->guard_floor;
  if (s->guard_warned || !(gain > NSB_ENERGY_GUARD * scale_w)) return 0;
  s->guard_warned = 1;
  char causes[512];
  guard_causes(s, causes, sizeof causes);
  nsb_log(s->ctx, NSB_LOG_WARN,
          "%s:%d: *DYNAMIC: the energy balance kinetic + potential + dissipated - external_work - support_work "
          "gained %.4g at t = %.6g (step %d, increment %ld), %.3g of the run's energy scale %.4g (warned above "
          "%g): the run makes up energy nothing gives it; probable cause: %s (not reported again)",
          s->model->source, s->step.line, gain, s->t, s->step_index + 1, increment, gain / scale_w, scale_w,
          NSB_ENERGY_GUARD, causes);
  return 1;
}

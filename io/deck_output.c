/* deck_output.c -- the output keywords of the deck reader: *OUTPUT, *PROBE and
 * *RESTART (see deck_internal.h and docs/deck.md).
 */
#include "io/deck_internal.h"

#include <ctype.h>
#include <string.h>

static int valid_probe_name(const char* s) {
  for (; *s; ++s)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-') return 0;
  return 1;
}

void deck_begin_probe(parser* p, loc at, const pval* v) {
  int ok = 1;
  if (!valid_probe_name(v[0].s)) {
    VALUE(p, at, "probe name '%s' may contain only letters, digits, '_' and '-'", v[0].s);
    ok = 0;
  }
  for (int k = 0; k < p->m->probes.count; ++k)
    if (nsb_name_eq(p->m->probes.data[k].name, v[0].s)) {
      VALUE(p, at, "probe %s is already defined (line %d)", v[0].s, p->m->probes.data[k].line);
      ok = 0;
      break;
    }
  int i = -1, el = -1;
  double pos = 0.0;
  if (v[1].set == v[2].set) {
    VALUE(p, at, "*PROBE needs either NODE= or ELEMENT= (with POSITION=)");
    ok = 0;
  } else if (v[1].set) {
    i = nsb_model_find_node(p->m, v[1].i);
    if (i < 0) {
      VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", v[1].i);
      ok = 0;
    }
    if (v[3].set) {
      VALUE(p, at, "POSITION= goes with ELEMENT=, not with NODE=");
      ok = 0;
    }
  } else {
    el = deck_find_element(p, v[2].i);
    if (el < 0) {
      VALUE(p, at, "element %d is not defined (elements must be defined before they are used)", v[2].i);
      ok = 0;
    } else if (!nsb_etype_is_beam(p->m->elements.data[el].type)) {
      VALUE(p, at, "element %d is not a beam: element probes need a beam element (B2V, B2S)", v[2].i);
      ok = 0;
    }
    pos = v[3].set ? v[3].d : 0.5;
    if (!(pos >= 0.0 && pos <= 1.0)) {
      VALUE(p, at, "POSITION must be in [0, 1] (local coordinate along the element), got %.12g", pos);
      ok = 0;
    }
  }
  if (!ok) {
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_probe pr;
  memset(&pr, 0, sizeof pr);
  snprintf(pr.name, sizeof pr.name, "%s", v[0].s);
  pr.node = i;
  pr.element = el;
  pr.position = pos;
  pr.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->probes, pr) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->probes.count - 1;
}

void deck_begin_output(parser* p, loc at, const pval* v) {
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  int every = 1;
  if (v[1].set) {
    if (v[1].i >= 1) every = v[1].i;
    else {
      VALUE(p, at, "EVERY must be >= 1, got %d", v[1].i);
      return;
    }
  }
  if (v[0].i == 0) {
    s->vtk_every = every;
    s->vtk_ascii = v[2].set && v[2].i == 0;
  } else {
    if (v[2].set) {
      SYNTAX(p, at, "parameter ENCODING applies only to FORMAT=VTK");
      return;
    }
    if (v[0].i == 1) s->history_every = every;
    else s->contact_every = every;
  }
}

void deck_data_probe(parser* p, loc at) {
  /* bit k of the quantity mask = names[k] (NSB_PROBE_* in model/model.h) */
  static const char* const names[] = {"X", "U", "V", "R", "W", "Q", "WB", "E", "N", "M", "NS", "MS", "RF", "RM", NULL};
  nsb_probe* pr = &p->m->probes.data[p->b.index];
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = deck_normalize(p->fields[f]);
    int k = 0;
    while (names[k] && strcmp(names[k], q) != 0) ++k;
    if (!names[k]) {
      VALUE(p, at,
            "unknown probe quantity '%s' (allowed: X, U, V, R, W, Q; on nodes also WB, RF, RM; on beam elements also "
            "E, N, M, NS, MS)",
            q);
      continue;
    }
    if (k >= 12 && pr->element >= 0) {
      VALUE(p, at, "probe quantity %s (support reaction) is for node probes (NODE=)", q);
      continue;
    }
    if (k >= 7 && k < 12 && pr->element < 0) {
      VALUE(p, at, "probe quantity %s (strains, resultants) needs an element probe (ELEMENT=, POSITION=)", q);
      continue;
    }
    if (k == 6 && pr->element >= 0) {
      VALUE(p, at, "probe quantity WB is for node probes; use W (global angular velocity) on elements");
      continue;
    }
    pr->quantities |= 1u << k;
  }
}

void deck_end_probe(parser* p) {
  if (p->m->probes.data[p->b.index].quantities == 0 && p->b.n_data == 0)
    SYNTAX(p, p->b.at, "*PROBE needs a data line with the quantities (X, U, V, R, W, Q, WB; on beams E, N, M, NS, MS)");
}

/* *RESTART, WRITE, FREQUENCY=n: a checkpoint every n increments (model-wide). */
void deck_begin_restart(parser* p, loc at, const pval* v) {
  if (v[1].i < 1) {
    VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[1].i);
    return;
  }
  p->m->restart_every = v[1].i;
}

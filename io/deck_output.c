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
    } else if (el >= 0 && deck_b32_partner(p->m, el) >= 0) {
      /* a B32 (two B2V halves): POSITION runs over both, [0, 1/2] is the first half */
      if (pos > 0.5) el = deck_b32_partner(p->m, el);
      pos = pos > 0.5 ? 2.0 * pos - 1.0 : 2.0 * pos;
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

/* *OUTPUT, FORMAT=VTK|HISTORY|CONTACT [, EVERY=n] [, ENCODING=...], or Abaqus's
   *OUTPUT, FIELD|HISTORY [, VARIABLE=PRESELECT|ALL] [, FREQUENCY=n]: FIELD is
   FORMAT=VTK, HISTORY is FORMAT=HISTORY, FREQUENCY is EVERY. */
void deck_begin_output(parser* p, loc at, const pval* v) {
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  p->output_asked = 1;
  int abaqus = v[3].set || v[4].set;
  if ((int)v[0].set + (int)v[3].set + (int)v[4].set != 1) {
    SYNTAX(p, at, "*OUTPUT needs exactly one of FORMAT=VTK|HISTORY|CONTACT, FIELD (Abaqus: VTK files) and HISTORY "
           "(Abaqus: history.csv)");
    return;
  }
  if (abaqus && (v[1].set || v[2].set)) {
    SYNTAX(p, at, "*OUTPUT, %s takes FREQUENCY= and VARIABLE=, not EVERY= or ENCODING= (those go with FORMAT=)",
           v[3].set ? "FIELD" : "HISTORY");
    return;
  }
  if (!abaqus && (v[5].set || v[6].set)) {
    SYNTAX(p, at,
           "*OUTPUT, FORMAT= takes EVERY=, not Abaqus's FREQUENCY= or VARIABLE= (those go with FIELD or HISTORY)");
    return;
  }
  const pval* ev = abaqus ? &v[6] : &v[1];
  int every = 1;
  if (ev->set) {
    if (ev->i >= 1) every = ev->i;
    else {
      VALUE(p, at, "%s must be >= 1, got %d", abaqus ? "FREQUENCY" : "EVERY", ev->i);
      return;
    }
  }
  int format = abaqus ? (v[3].set ? 0 : 1) : v[0].i;
  p->abaqus_history = abaqus && v[4].set;
  if (format == 0) {
    s->vtk_every = every;
    s->vtk_ascii = v[2].set && v[2].i == 0;
  } else {
    if (v[2].set) {
      SYNTAX(p, at, "parameter ENCODING applies only to FORMAT=VTK");
      return;
    }
    if (format == 1) s->history_every = every;
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

/* Index of quantity q in the NULL-terminated names, also for Abaqus's component
   names (U2, RF1, SM3: the whole vector is written); -1 if it is none of them. */
static int quantity_index(const char* const* names, const char* q) {
  size_t n = strlen(q);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1 && !(n >= 2 && q[n - 1] >= '1' && q[n - 1] <= '3')) break;
    for (int k = 0; names[k]; ++k)
      if (pass == 0 ? strcmp(names[k], q) == 0 : strlen(names[k]) == n - 1 && strncmp(names[k], q, n - 1) == 0)
        return k;
  }
  return -1;
}

/* *NODE PRINT, NSET=set [, FREQUENCY=n] (CalculiX/Abaqus): one node probe per
   node of the set, named after the set (one node) or set_label (several), so
   that the history columns read SET.ux or SET_21.ux; FREQUENCY=n is
   *OUTPUT, FORMAT=HISTORY, EVERY=n of the step.  Probes are model-wide: a
   later *NODE PRINT of the same set adds its quantities to the same probes. */
/* Name of the probe of node k of set ns (0: too long for a probe name). */
static int node_print_name(const nsb_model* m, const nsb_nset* ns, int k, char name[NSB_NAME_MAX]) {
  int n = ns->nodes.count == 1 ? snprintf(name, NSB_NAME_MAX, "%s", ns->name)
                               : snprintf(name, NSB_NAME_MAX, "%.40s_%d", ns->name, m->nodes.data[ns->nodes.data[k]].label);
  return n < NSB_NAME_MAX && (ns->nodes.count == 1 || strlen(ns->name) <= 40);
}

static int find_probe(const nsb_model* m, const char* name) {
  for (int j = 0; j < m->probes.count; ++j)
    if (nsb_name_eq(m->probes.data[j].name, name)) return j;
  return -1;
}

/* FREQUENCY= of *NODE PRINT and *EL PRINT (v[1]): >= 1 when given; else an
   error and the block is skipped. */
static int print_frequency_ok(parser* p, loc at, const pval* v) {
  if (!v[1].set || v[1].i >= 1) return 1;
  VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[1].i);
  p->b.kw = KW_SKIP;
  return 0;
}

void deck_begin_node_print(parser* p, loc at, const pval* v) {
  int set = nsb_model_find_nset(p->m, v[0].s);
  if (set < 0) {
    VALUE(p, at, "node set %s is not defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  if (!print_frequency_ok(p, at, v)) return;
  const nsb_nset* ns = &p->m->nsets.data[set];
  if (ns->nodes.count == 0 || !valid_probe_name(ns->name)) {
    VALUE(p, at, ns->nodes.count == 0 ? "*%s: node set %s is empty"
                                      : "*%s: node set name '%s' may contain only letters, digits, '_' and '-' "
                                        "(it names the history columns)",
          p->b.spec->name, ns->name);
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[1].set) p->m->steps.data[p->m->steps.count - 1].history_every = v[1].i;
  p->b.index = p->m->probes.count;
  p->b.n_probes = 0;
  for (int k = 0; k < ns->nodes.count; ++k) {
    nsb_probe pr;
    memset(&pr, 0, sizeof pr);
    if (!node_print_name(p->m, ns, k, pr.name)) {
      VALUE(p, at, "*%s: node set name %s is too long to name the history columns of its %d nodes (at most 40 "
            "characters)", p->b.spec->name, ns->name, ns->nodes.count);
      p->b.kw = KW_SKIP;
      return;
    }
    int old = find_probe(p->m, pr.name);
    if (old >= 0) {
      if (p->m->probes.data[old].node != ns->nodes.data[k]) {
        VALUE(p, at, "*%s: probe %s is already defined (line %d) on another node", p->b.spec->name, pr.name,
              p->m->probes.data[old].line);
        p->b.kw = KW_SKIP;
        return;
      }
      continue;
    }
    pr.node = ns->nodes.data[k];
    pr.element = -1;
    pr.line = at.line;
    if (NSB_ARRAY_PUSH(p->ctx, p->m->probes, pr) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
  p->b.set = set;
}

/* *NODE PRINT data: U, V, RF (CalculiX), UR and RM (Abaqus) -> the node probe
   quantities U, V, RF, R, RM, on every probe of the set. */
void deck_data_node_print(parser* p, loc at) {
  static const char* const names[] = {"U", "V", "RF", "UR", "RM", NULL};
  static const unsigned bits[] = {NSB_PROBE_U, NSB_PROBE_V, NSB_PROBE_RF, NSB_PROBE_R, NSB_PROBE_RM};
  const nsb_nset* ns = &p->m->nsets.data[p->b.set];
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = deck_normalize(p->fields[f]);
    int k = quantity_index(names, q);
    if (k < 0) {
      VALUE(p, at, "*%s: quantity '%s' is not available (available: U, V, RF, UR, RM)", p->b.spec->name, q);
      continue;
    }
    for (int n = 0; n < ns->nodes.count; ++n) {
      char name[NSB_NAME_MAX];
      node_print_name(p->m, ns, n, name);
      int j = find_probe(p->m, name);
      if (j >= 0) p->m->probes.data[j].quantities |= bits[k];
    }
  }
}

/* Name of the probe of element k of set es (0: too long for a probe name). */
static int el_print_name(const nsb_model* m, const nsb_elset* es, int k, char name[NSB_NAME_MAX]) {
  /* a set of one deck element: one B31, or the two halves of one B32 */
  int one = es->elements.count == 1 ||
            (es->elements.count == 2 && deck_b32_partner(m, es->elements.data[0]) == es->elements.data[1]);
  int n = one ? snprintf(name, NSB_NAME_MAX, "%s", es->name)
              : snprintf(name, NSB_NAME_MAX, "%.40s_%d", es->name, m->elements.data[es->elements.data[k]].label);
  return n < NSB_NAME_MAX && (one || strlen(es->name) <= 40);
}

/* *EL PRINT, ELSET=set [, FREQUENCY=n] (CalculiX/Abaqus): one element probe
   per beam element of the set at its midpoint (POSITION=0.5, where B31 has
   its one integration point), named like the probes of *NODE PRINT. */
void deck_begin_el_print(parser* p, loc at, const pval* v) {
  int set = nsb_model_find_elset(p->m, v[0].s);
  if (set < 0) {
    VALUE(p, at, "element set %s is not defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  if (!print_frequency_ok(p, at, v)) return;
  const nsb_elset* es = &p->m->elsets.data[set];
  if (es->elements.count == 0 && p->elements_refused) { /* its elements were refused already */
    p->b.kw = KW_SKIP;
    return;
  }
  if (es->elements.count == 0 || !valid_probe_name(es->name)) {
    VALUE(p, at, es->elements.count == 0 ? "*%s: element set %s is empty"
                                         : "*%s: element set name '%s' may contain only letters, digits, '_' and "
                                           "'-' (it names the history columns)",
          p->b.spec->name, es->name);
    p->b.kw = KW_SKIP;
    return;
  }
  for (int k = 0; k < es->elements.count; ++k) {
    const nsb_element* e = &p->m->elements.data[es->elements.data[k]];
    if (!nsb_etype_is_beam(e->type)) {
      VALUE(p, at, "*%s: element %d of set %s is not a beam (section forces exist on beam elements only)", p->b.spec->name, e->label,
            es->name);
      p->b.kw = KW_SKIP;
      return;
    }
  }
  if (v[1].set) p->m->steps.data[p->m->steps.count - 1].history_every = v[1].i;
  for (int k = 0; k < es->elements.count; ++k) {
    /* a B32 gives one probe, at its middle node (the end of its first half) */
    int half = deck_b32_partner(p->m, es->elements.data[k]);
    if (half >= 0 && half < es->elements.data[k]) continue;
    nsb_probe pr;
    memset(&pr, 0, sizeof pr);
    if (!el_print_name(p->m, es, k, pr.name)) {
      VALUE(p, at, "*%s: element set name %s is too long to name the history columns of its %d elements (at "
            "most 40 characters)", p->b.spec->name, es->name, es->elements.count);
      p->b.kw = KW_SKIP;
      return;
    }
    int old = find_probe(p->m, pr.name);
    if (old >= 0) {
      if (p->m->probes.data[old].element != es->elements.data[k]) {
        VALUE(p, at, "*%s: probe %s is already defined (line %d) elsewhere", p->b.spec->name, pr.name, p->m->probes.data[old].line);
        p->b.kw = KW_SKIP;
        return;
      }
      continue;
    }
    pr.node = -1;
    pr.element = es->elements.data[k];
    pr.position = half >= 0 ? 1.0 : 0.5;
    pr.line = at.line;
    if (NSB_ARRAY_PUSH(p->ctx, p->m->probes, pr) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
  p->b.set = set;
}

/* *EL PRINT data: SF (section forces), SM (section moments), SE (section
   strains), Abaqus's names -> the element probe quantities NS, MS, E (in the
   section frame; nsbeam's m1 is the torsion, Abaqus's SM3). */
void deck_data_el_print(parser* p, loc at) {
  static const char* const names[] = {"SF", "SM", "SE", "SK", NULL};
  static const unsigned bits[] = {NSB_PROBE_NS, NSB_PROBE_MS, NSB_PROBE_E, NSB_PROBE_E};
  const nsb_elset* es = &p->m->elsets.data[p->b.set];
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = deck_normalize(p->fields[f]);
    int k = quantity_index(names, q);
    if (k < 0) {
      VALUE(p, at, "*%s: quantity '%s' is not available (available: SF, SM, SE: section forces, moments, strains)",
            p->b.spec->name, q);
      continue;
    }
    for (int n = 0; n < es->elements.count; ++n) {
      char name[NSB_NAME_MAX];
      el_print_name(p->m, es, n, name);
      int j = find_probe(p->m, name);
      if (j >= 0) p->m->probes.data[j].quantities |= bits[k];
    }
  }
}

/* *NODE FILE, *EL FILE (CalculiX), *NODE OUTPUT, *ELEMENT OUTPUT (Abaqus):
   field output requests, answered by the step's VTK output (*OUTPUT,
   FORMAT=VTK, EVERY=FREQUENCY), which holds every field nsbeam has; the data
   lines name CalculiX/Abaqus variables and are checked against that list. */
void deck_begin_field_output(parser* p, loc at, const pval* v) {
  int every = 1;
  if (v[0].set) {
    if (v[0].i < 1) {
      VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[0].i);
      p->b.kw = KW_SKIP;
      return;
    }
    every = v[0].i;
  }
  p->m->steps.data[p->m->steps.count - 1].vtk_every = every;
}

void deck_data_field_output(parser* p, loc at) {
  static const char* const names[] = {"U", "V", "RF", "UR", "RM", "S", "E", "SF", "SM", "SE", "COORD", NULL};
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = deck_normalize(p->fields[f]);
    if (quantity_index(names, q) < 0)
      VALUE(p, at, "*%s: variable '%s' has no counterpart in nsbeam's VTK output (accepted: U, V, RF, UR, RM, S, E, "
            "SF, SM, SE, COORD)", p->b.spec->name, q);
  }
}

/* *NODE OUTPUT [, NSET=set], *ELEMENT OUTPUT [, ELSET=set] (Abaqus): after *OUTPUT,
   HISTORY in the step they ask for the set's history, answered as *NODE PRINT and
   *EL PRINT answer it (probes, history.csv; the set is needed); otherwise field
   output (*NODE FILE: the VTK files, which hold every node and element, so a set
   changes nothing).  v: set, FREQUENCY[, DIRECTIONS]. */
void deck_begin_abaqus_output(parser* p, loc at, const pval* v) {
  int node = p->b.spec->id == KW_NODE_OUTPUT;
  p->b.sub = 0;
  if (!p->abaqus_history) {
    deck_begin_field_output(p, at, v + 1);
    return;
  }
  if (!v[0].set) {
    SYNTAX(p, at, "*%s after *OUTPUT, HISTORY needs %s= (the %s whose history is written to history.csv)",
           p->b.spec->name, node ? "NSET" : "ELSET", node ? "nodes" : "elements");
    p->b.kw = KW_SKIP;
    return;
  }
  p->b.sub = 1;
  if (node) deck_begin_node_print(p, at, v);
  else deck_begin_el_print(p, at, v);
}

void deck_data_abaqus_output(parser* p, loc at) {
  if (!p->b.sub) deck_data_field_output(p, at);
  else if (p->b.spec->id == KW_NODE_OUTPUT) deck_data_node_print(p, at);
  else deck_data_el_print(p, at);
}

/* *ENERGY PRINT, *ENERGY FILE [, FREQUENCY=n], *ENERGY OUTPUT [, VARIABLE=...]
   (Abaqus): the whole model's energies are always in history.csv (kinetic_energy,
   potential_energy, total_energy, external_work, dissipated); FREQUENCY=n is
   *OUTPUT, FORMAT=HISTORY, EVERY=n.  v: FREQUENCY, VARIABLE, ELSET. */
void deck_begin_energy(parser* p, loc at, const pval* v) {
  if (v[2].set) {
    VALUE(p, at, "*%s, ELSET=: the energies in history.csv are the whole model's (kinetic_energy, potential_energy, "
          "external_work, dissipated); a set's are not written", p->b.spec->name);
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[0].set) {
    if (v[0].i < 1) {
      VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[0].i);
      p->b.kw = KW_SKIP;
      return;
    }
    p->m->steps.data[p->m->steps.count - 1].history_every = v[0].i;
  }
}

void deck_data_energy(parser* p, loc at) {
  static const char* const names[] = {"ALLKE", "ALLSE", "ALLIE", "ALLWK", "ALLVD", "ALLFD", "ALLCD", "ETOTAL", NULL};
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = deck_normalize(p->fields[f]);
    int k = 0;
    while (names[k] && strcmp(names[k], q) != 0) ++k;
    if (!names[k])
      VALUE(p, at, "*%s: variable '%s' has no counterpart in history.csv (accepted: ALLKE: kinetic_energy; ALLSE, "
            "ALLIE: potential_energy, with gravity's; ALLWK: external_work, without gravity's; ALLVD, ALLFD, ALLCD: "
            "dissipated; ETOTAL: total_energy + dissipated - external_work)", p->b.spec->name, q);
  }
}

/* *MONITOR, NODE=label, DOF=d [, FREQUENCY=n] (Abaqus: one degree of freedom in the
   status file): a node probe MONITOR with U (d = 1..3) or the rotation R (4..6),
   written to history.csv every increment (FREQUENCY=n: every n). */
void deck_begin_monitor(parser* p, loc at, const pval* v) {
  int i = nsb_model_find_node(p->m, v[0].i);
  if (i < 0) {
    VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", v[0].i);
    return;
  }
  if (!deck_in_dof_range(p, at, v[1].i, "DOF")) return;
  if (v[2].set && v[2].i < 1) {
    VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[2].i);
    return;
  }
  int j = find_probe(p->m, "MONITOR");
  if (j >= 0 && p->m->probes.data[j].node != i) {
    VALUE(p, at, "*MONITOR: probe MONITOR is already defined (line %d) on another node; nsbeam monitors one node (as "
          "Abaqus does): use *NODE PRINT or *PROBE for more", p->m->probes.data[j].line);
    return;
  }
  if (j < 0) {
    nsb_probe pr;
    memset(&pr, 0, sizeof pr);
    snprintf(pr.name, sizeof pr.name, "MONITOR");
    pr.node = i;
    pr.element = -1;
    pr.line = at.line;
    if (NSB_ARRAY_PUSH(p->ctx, p->m->probes, pr) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
    j = p->m->probes.count - 1;
  }
  p->m->probes.data[j].quantities |= v[1].i <= 3 ? NSB_PROBE_U : NSB_PROBE_R;
  if (v[2].set) p->m->steps.data[p->m->steps.count - 1].history_every = v[2].i;
}

/* *RESTART, WRITE, FREQUENCY=n: a checkpoint every n increments (model-wide). */
/* FREQUENCY=0 is Abaqus's "no restart data" (what Abaqus/CAE writes by default). */
void deck_begin_restart(parser* p, loc at, const pval* v) {
  if (v[1].i < 0) {
    VALUE(p, at, "FREQUENCY must be >= 1 (or 0: no checkpoints), got %d", v[1].i);
    return;
  }
  if (v[1].i > 0) p->m->restart_every = v[1].i;
}

/* deck_model.c -- the model keywords of the deck reader: nodes, elements, node
 * and element sets, springs and dashpots, amplitudes, rigid bodies, particles
 * and joints, and the label and set lookups that every keyword family uses
 * (see deck_internal.h and docs/deck.md).
 */
#include "io/deck_internal.h"

#include "elements/beam_velocity.h" /* NSB_BEAM_MAX_POINTS */

#include <limits.h>
#include <math.h>
#include <string.h>

static int mark_begin(parser* p, const int* members, int count, int universe) {
  if (universe > p->mark_cap) {
    int cap = p->mark_cap ? p->mark_cap : 64;
    while (cap < universe) cap *= 2;
    int* q = nsb_realloc(p->ctx, p->mark, (size_t)p->mark_cap * sizeof(int), (size_t)cap * sizeof(int));
    if (!q) return NSB_ERR_ALLOC;
    p->mark = q;
    p->mark_cap = cap;
  }
  if (p->stamp == INT_MAX) {
    memset(p->mark, 0, (size_t)p->mark_cap * sizeof(int));
    p->stamp = 0;
  }
  p->stamp++;
  for (int i = 0; i < count; ++i) p->mark[members[i]] = p->stamp;
  return NSB_OK;
}

static int find_or_add_nset(parser* p, loc at, const char* name) {
  int s = nsb_model_find_nset(p->m, name);
  if (s >= 0) return s;
  nsb_nset set;
  memset(&set, 0, sizeof set);
  snprintf(set.name, sizeof set.name, "%s", name);
  if (NSB_ARRAY_PUSH(p->ctx, p->m->nsets, set) != NSB_OK) {
    deck_oom(p, at);
    return -1;
  }
  return p->m->nsets.count - 1;
}

static int find_or_add_elset(parser* p, loc at, const char* name) {
  int s = nsb_model_find_elset(p->m, name);
  if (s >= 0) return s;
  nsb_elset set;
  memset(&set, 0, sizeof set);
  snprintf(set.name, sizeof set.name, "%s", name);
  if (NSB_ARRAY_PUSH(p->ctx, p->m->elsets, set) != NSB_OK) {
    deck_oom(p, at);
    return -1;
  }
  return p->m->elsets.count - 1;
}

/* Element label -> index: open-addressing hash owned by the parser (the model
   keeps one only for nodes); capacity a power of two, load <= 1/2. */

static unsigned hash_label(int label) { return (unsigned)label * 2654435761u; }

int deck_find_element(const parser* p, int label) {
  if (p->elem_hash_cap == 0) return -1;
  unsigned mask = (unsigned)(p->elem_hash_cap - 1), k = hash_label(label) & mask;
  for (; p->elem_hash[k] >= 0; k = (k + 1) & mask)
    if (p->m->elements.data[p->elem_hash[k]].label == label) return p->elem_hash[k];
  return -1;
}

/* Enter element i (already pushed) into the hash. */
static int hash_element(parser* p, int i) {
  if (2 * (i + 1) > p->elem_hash_cap) {
    int cap = p->elem_hash_cap ? 2 * p->elem_hash_cap : 64;
    int* h = NSB_NEW_ARRAY(p->ctx, cap, int);
    if (!h) return NSB_ERR_ALLOC;
    NSB_FREE_ARRAY(p->ctx, p->elem_hash, p->elem_hash_cap, int);
    p->elem_hash = h;
    p->elem_hash_cap = cap;
    for (int k = 0; k < cap; ++k) h[k] = -1;
    for (int e = 0; e < i; ++e) {
      unsigned k = hash_label(p->m->elements.data[e].label) & (unsigned)(cap - 1);
      while (h[k] >= 0) k = (k + 1) & (unsigned)(cap - 1);
      h[k] = e;
    }
  }
  unsigned mask = (unsigned)(p->elem_hash_cap - 1), k = hash_label(p->m->elements.data[i].label) & mask;
  while (p->elem_hash[k] >= 0) k = (k + 1) & mask;
  p->elem_hash[k] = i;
  return NSB_OK;
}

/* A B32 line is read as two consecutive B2V elements (end-middle,
   middle-end) that both carry its label; only the first is in the label hash.
   The other half of element i, or -1 when i is not half of a B32.  Labels are
   otherwise unique, so equal labels of neighbours mark exactly the pairs. */
int deck_b32_partner(const nsb_model* m, int i) {
  const nsb_element* e = m->elements.data;
  if (i + 1 < m->elements.count && e[i + 1].label == e[i].label) return i + 1;
  if (i > 0 && e[i - 1].label == e[i].label) return i - 1;
  return -1;
}

/* Push element i onto p->scratch with the other half of its B32, if any. */
static int push_element_ref(parser* p, loc at, int i) {
  int other = deck_b32_partner(p->m, i);
  if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK || (other >= 0 && NSB_ARRAY_PUSH(p->ctx, p->scratch, other) != NSB_OK)) {
    deck_oom(p, at);
    return 0;
  }
  return 1;
}

/* Expand a node reference (label or NSET name) into p->scratch (appending).
   Returns 1 on success, 0 after reporting an error. */

int deck_expand_nodes(parser* p, loc at, const char* field) {
  int label;
  if (deck_parse_int(field, &label)) {
    int i = nsb_model_find_node(p->m, label);
    if (i < 0) {
      VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", label);
      return 0;
    }
    if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK) {
      deck_oom(p, at);
      return 0;
    }
    return 1;
  }
  if (!*field) {
    SYNTAX(p, at, "empty node label or node set name");
    return 0;
  }
  double d;
  if (deck_parse_real(field, &d)) {
    SYNTAX(p, at, "'%s' is neither a node label (integer) nor a node set name", field);
    return 0;
  }
  int s = nsb_model_find_nset(p->m, field);
  if (s < 0) {
    VALUE(p, at, "node set %s is not defined", field);
    return 0;
  }
  const nsb_nset* set = &p->m->nsets.data[s];
  if (NSB_ARRAY_RESERVE(p->ctx, p->scratch, p->scratch.count + set->nodes.count) != NSB_OK) {
    deck_oom(p, at);
    return 0;
  }
  for (int k = 0; k < set->nodes.count; ++k) p->scratch.data[p->scratch.count++] = set->nodes.data[k];
  return 1;
}

/* Node referenced by label only (no sets). Returns index or -1 after an error. */
int deck_node_by_label(parser* p, loc at, const char* field, const char* what) {
  int label;
  if (!deck_get_int(p, at, field, what, &label)) return -1;
  int i = nsb_model_find_node(p->m, label);
  if (i < 0) VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", label);
  return i;
}

/* Expand an element reference (label or ELSET name) into p->scratch (appending).
   Returns 1 on success, 0 after reporting an error. */

int deck_expand_elements(parser* p, loc at, const char* field) {
  int label;
  if (deck_parse_int(field, &label)) {
    int i = deck_find_element(p, label);
    if (i < 0) {
      VALUE(p, at, "element %d is not defined (elements must be defined before they are used)", label);
      return 0;
    }
    return push_element_ref(p, at, i);
  }
  int s = *field ? nsb_model_find_elset(p->m, field) : -1;
  if (s < 0) {
    VALUE(p, at, "element set %s is not defined", *field ? field : "(empty)");
    return 0;
  }
  const nsb_elset* es = &p->m->elsets.data[s];
  if (NSB_ARRAY_RESERVE(p->ctx, p->scratch, p->scratch.count + es->elements.count) != NSB_OK) {
    deck_oom(p, at);
    return 0;
  }
  for (int k = 0; k < es->elements.count; ++k) p->scratch.data[p->scratch.count++] = es->elements.data[k];
  return 1;
}

void deck_begin_node(parser* p, loc at, const pval* v) {
  p->b.set = -1;
  if (v[0].set) p->b.set = find_or_add_nset(p, at, v[0].s);
}

static void begin_set(parser* p, loc at, const pval* v, int is_elset) {
  p->b.generate = v[1].set;
  p->b.set = is_elset ? find_or_add_elset(p, at, v[0].s) : find_or_add_nset(p, at, v[0].s);
  if (p->b.set < 0) return;
  int st = is_elset ? mark_begin(p, p->m->elsets.data[p->b.set].elements.data,
                                 p->m->elsets.data[p->b.set].elements.count, p->m->elements.count)
                    : mark_begin(p, p->m->nsets.data[p->b.set].nodes.data, p->m->nsets.data[p->b.set].nodes.count,
                                 p->m->nodes.count);
  if (st != NSB_OK) deck_oom(p, at);
}

void deck_begin_nset(parser* p, loc at, const pval* v) { begin_set(p, at, v, 0); }

void deck_begin_elset(parser* p, loc at, const pval* v) { begin_set(p, at, v, 1); }

const char* deck_etype_name(nsb_elem_type t) {
  return t == NSB_ETYPE_B2V ? "B2V" : t == NSB_ETYPE_B2S ? "B2S" : t == NSB_ETYPE_DASHPOTA ? "DASHPOTA" : "SPRINGA";
}

void deck_begin_element(parser* p, loc at, const pval* v) {
  /* CalculiX/Abaqus names (docs/deck.md, "CalculiX/Abaqus compatibility"):
     B31 (2-node Timoshenko beam) is a B2V element, and so is T3D2, the 2-node line
     element gmsh writes for line meshes (-format inp): nsbeam has no truss, and
     the line is a beam only under a *BEAM SECTION (without one it is refused as
     a beam element without a section); B32 and B32R (3-node quadratic beam,
     nodes end, middle, end) are mapped to two B2V elements each, end-middle
     and middle-end (deck_data_element): a mesh of the same nodes, not a
     quadratic element. */
  p->b.refused = 0;
  p->b.b32 = 0;
  p->b.set = -1;
  if (strcmp(v[0].s, "SPRINGA") == 0) {
    p->b.elem_type = NSB_ETYPE_SPRINGA;
  } else if (strcmp(v[0].s, "B2V") == 0 || strcmp(v[0].s, "B31") == 0 || strcmp(v[0].s, "T3D2") == 0) {
    p->b.elem_type = NSB_ETYPE_B2V;
  } else if (strcmp(v[0].s, "B32") == 0 || strcmp(v[0].s, "B32R") == 0) {
    p->b.elem_type = NSB_ETYPE_B2V;
    p->b.b32 = 1;
  } else if (strcmp(v[0].s, "B2S") == 0) {
    p->b.elem_type = NSB_ETYPE_B2S;
  } else if (strcmp(v[0].s, "DASHPOTA") == 0) {
    p->b.elem_type = NSB_ETYPE_DASHPOTA;
  } else {
    VALUE(p, at,
          "element type %s is not available (available: SPRINGA, B2V, B2S, DASHPOTA; CalculiX/Abaqus B31, B32, B32R, "
          "T3D2)",
          v[0].s);
    /* the lines are still read, so that the element set exists and the
       nodes are not reported once more as having no degrees of freedom */
    p->b.refused = 1;
    p->elements_refused = 1;
    if (v[1].set) p->b.set = find_or_add_elset(p, at, v[1].s);
    p->section_failed = 1;
    return;
  }
  if (v[2].set && !nsb_etype_is_beam(p->b.elem_type)) {
    VALUE(p, at, "parameter POINTS applies only to beam elements (TYPE=B2V, B2S)");
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[2].set && (v[2].i < 1 || v[2].i > NSB_BEAM_MAX_POINTS)) {
    VALUE(p, at, "POINTS must be between 1 and %d, got %d", NSB_BEAM_MAX_POINTS, v[2].i);
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[3].set && !nsb_etype_is_beam(p->b.elem_type)) {
    VALUE(p, at, "parameter WEIGHTING applies only to TYPE=B2V, B2S");
    p->b.kw = KW_SKIP;
    return;
  }
  /* interpolation/collocation points of a beam.  Default: the smallest N
     that puts the Mattiasson cantilever (P L^2/EI = 10) within 1e-5 L with
     10 elements (docs/deck.md, POINTS): 3 for the velocity element (1.8e-8 L;
     N = 2: 1.1e-5 L, N = 1: 1.1e-3 L), 2 for the strain element (1.3e-6 L;
     N = 1: 2.3e-3 L). */
  int n_default = p->b.elem_type == NSB_ETYPE_B2V ? 3 : 2;
  p->b.n_points = nsb_etype_is_beam(p->b.elem_type) ? (v[2].set ? v[2].i : n_default) : 0;
  /* weighting of the beam equations: collocation or Galerkin (docs/theory_beam.md §7); -1: not
     given, chosen by the analysis once the steps are read (deck_check_model) */
  p->b.weighting = v[3].set ? v[3].i : -1;
  if (v[1].set) p->b.set = find_or_add_elset(p, at, v[1].s);
}

/* *SPRING and *DASHPOT */
void deck_begin_spring(parser* p, loc at, const pval* v) {
  p->b.set = nsb_model_find_elset(p->m, v[0].s);
  if (p->b.set < 0) {
    VALUE(p, at, "element set %s is not defined", v[0].s);
    p->b.kw = KW_SKIP;
  }
}

/* Add a section record for element set `elset` (both section keywords) and
   give it to the elements of the set as it is now (like *SPRING): exactly one
   section per B2V element, no other element types.  Returns the index, or -1
   after an error (the block is then skipped). */

void deck_begin_amplitude(parser* p, loc at, const pval* v) {
  if (nsb_model_find_amplitude(p->m, v[0].s) >= 0) {
    VALUE(p, at, "amplitude %s is already defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  /* Abaqus's EQUALLY SPACED: values a_k at BEGIN + k FIXED INTERVAL, read as a TABULAR table */
  int equal = v[1].set && v[1].i == AMP_EQUALLY_SPACED;
  if (equal && !(v[3].set && v[3].d > 0.0)) {
    VALUE(p, at, "DEFINITION=EQUALLY SPACED needs FIXED INTERVAL= (the time between the values, > 0)%s",
          v[3].set ? "" : ", which is missing");
    p->b.kw = KW_SKIP;
    return;
  }
  if (!equal && (v[3].set || v[4].set)) {
    VALUE(p, at, "FIXED INTERVAL= and BEGIN= go with DEFINITION=EQUALLY SPACED");
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_amplitude a;
  memset(&a, 0, sizeof a);
  snprintf(a.name, sizeof a.name, "%s", v[0].s);
  a.kind = v[1].set && !equal ? (nsb_amp_kind)v[1].i : NSB_AMP_TABULAR;
  a.total_time = v[2].set ? v[2].i : 0;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->amplitudes, a) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->amplitudes.count - 1;
  p->b.sub = equal ? AMP_EQUALLY_SPACED : (int)a.kind;
  p->b.com[0] = equal ? v[3].d : 0.0;                /* FIXED INTERVAL */
  p->b.com[1] = equal && v[4].set ? v[4].d : 0.0;    /* BEGIN */
  p->b.ok = 1;
  p->values.count = 0;
}

/* A node may carry one body; returns 1 if node i is free. */
static int node_free_for_body(parser* p, loc at, int i) {
  const nsb_node* n = &p->m->nodes.data[i];
  if (n->body_kind == NSB_BODY_NONE) return 1;
  VALUE(p, at, "node %d already carries a %s", n->label, n->body_kind == NSB_BODY_RIGID ? "rigid body" : "particle");
  return 0;
}

void deck_begin_rigid_body(parser* p, loc at, const pval* v) {
  int i = nsb_model_find_node(p->m, v[0].i);
  int ok = 1;
  if (i < 0) {
    VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", v[0].i);
    ok = 0;
  } else if (!node_free_for_body(p, at, i)) {
    ok = 0;
  }
  if (!(v[1].d > 0.0)) {
    VALUE(p, at, "MASS must be > 0, got %.12g", v[1].d);
    ok = 0;
  }
  if (!ok) {
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_rigid_body rb;
  memset(&rb, 0, sizeof rb);
  rb.node = i;
  rb.mass = v[1].d;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->rigid_bodies, rb) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->rigid_bodies.count - 1;
  p->m->nodes.data[i].body_kind = NSB_BODY_RIGID;
  p->m->nodes.data[i].body = p->b.index;
  p->b.reference = v[2].set && v[2].i == 1;
  p->b.ok = 0;
}

void deck_begin_particle(parser* p, loc at, const pval* v) {
  int ok = 1;
  if (v[0].set == v[1].set) {
    SYNTAX(p, at, "*PARTICLE needs exactly one of NODE and NSET");
    ok = 0;
  }
  if (!(v[2].d > 0.0)) {
    VALUE(p, at, "MASS must be > 0, got %.12g", v[2].d);
    ok = 0;
  }
  double r = v[3].set ? v[3].d : 0.0;
  if (!(r >= 0.0)) {
    VALUE(p, at, "RADIUS must be >= 0, got %.12g", r);
    ok = 0;
  }
  if (!ok) return;
  p->scratch.count = 0;
  if (v[0].set) {
    char label[32];
    snprintf(label, sizeof label, "%d", v[0].i);
    if (!deck_expand_nodes(p, at, label)) return;
  } else if (!deck_expand_nodes(p, at, v[1].s)) {
    return;
  }
  for (int k = 0; k < p->scratch.count; ++k) {
    int i = p->scratch.data[k];
    if (!node_free_for_body(p, at, i)) continue;
    nsb_particle pa = {i, v[2].d, r};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->particles, pa) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
    p->m->nodes.data[i].body_kind = NSB_BODY_PARTICLE;
    p->m->nodes.data[i].body = p->m->particles.count - 1;
  }
}

void deck_data_node(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 2, 4, "label, x[, y[, z]]")) return;
  int label;
  double X[3] = {0.0, 0.0, 0.0};
  if (!deck_get_int(p, at, p->fields[0], "node label", &label)) return;
  static const char* const coord[] = {"x", "y", "z"};
  for (int k = 1; k < p->n_fields; ++k)
    if (!deck_get_real(p, at, p->fields[k], coord[k - 1], &X[k - 1])) return;
  if (label <= 0) {
    VALUE(p, at, "node label must be positive, got %d", label);
    return;
  }
  int i = nsb_model_find_node(p->m, label);
  if (i >= 0) {
    VALUE(p, at, "node %d is already defined (line %d)", label, p->m->nodes.data[i].line);
    return;
  }
  i = nsb_model_add_node(p->m, label, X, at.line);
  if (i < 0) {
    deck_oom(p, at);
    return;
  }
  if (p->b.set >= 0) {
    nsb_nset* s = &p->m->nsets.data[p->b.set];
    if (deck_push_int(p->ctx, &s->nodes.data, &s->nodes.count, &s->nodes.capacity, i) != NSB_OK) deck_oom(p, at);
  }
}

/* *NGEN [, NSET=name] [, LINE=L]: Abaqus's node generation along a straight
   line.  Data line "first, last[, increment]": the nodes first + k*increment
   strictly between the two defined end nodes are placed at equal spacing on
   the segment between them; NSET collects the line's nodes, ends included.
   Circular and parabolic lines (LINE=C, LINE=P) are refused at the keyword. */
void deck_begin_ngen(parser* p, loc at, const pval* v) {
  p->b.set = -1;
  if (v[1].set && strcmp(v[1].s, "L") != 0) {
    VALUE(p, at, "*NGEN: LINE=%s is not available (only straight lines, LINE=L; write the nodes of a curve with *NODE)",
          v[1].s);
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[0].set) p->b.set = find_or_add_nset(p, at, v[0].s);
}

void deck_data_ngen(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 2, 3, "first node, last node[, increment]")) return;
  int first, last, inc = 1;
  if (!deck_get_int(p, at, p->fields[0], "first node", &first) || !deck_get_int(p, at, p->fields[1], "last node", &last))
    return;
  if (p->n_fields == 3 && !deck_get_int(p, at, p->fields[2], "increment", &inc)) return;
  if (inc == 0) {
    VALUE(p, at, "*NGEN: the increment must not be zero");
    return;
  }
  long long span = (long long)last - first;
  if (span == 0 || (span > 0) != (inc > 0) || span % inc != 0) {
    VALUE(p, at, "*NGEN: last node %d must be reached from %d in steps of %d", last, first, inc);
    return;
  }
  int a = nsb_model_find_node(p->m, first), b = nsb_model_find_node(p->m, last);
  if (a < 0 || b < 0) {
    VALUE(p, at, "*NGEN: end node %d is not defined (define both ends with *NODE first)", a < 0 ? first : last);
    return;
  }
  long long n = span / inc;
  for (long long k = 1; k < n; ++k) {
    int label = (int)(first + k * inc), j = nsb_model_find_node(p->m, label);
    if (j >= 0) {
      VALUE(p, at, "*NGEN: node %d is already defined (line %d)", label, p->m->nodes.data[j].line);
      return;
    }
  }
  for (long long k = 0; k <= n; ++k) {
    int label = (int)(first + k * inc), i;
    if (k == 0 || k == n) {
      i = k == 0 ? a : b;
    } else {
      const double* A = p->m->nodes.data[a].X;
      const double* B = p->m->nodes.data[b].X;
      double s = (double)k / (double)n, X[3];
      for (int c = 0; c < 3; ++c) X[c] = A[c] + s * (B[c] - A[c]);
      if ((i = nsb_model_add_node(p->m, label, X, at.line)) < 0) {
        deck_oom(p, at);
        return;
      }
    }
    if (p->b.set >= 0) {
      nsb_nset* set = &p->m->nsets.data[p->b.set];
      int seen = 0; /* only an end node can be in the set already */
      for (int q = 0; (k == 0 || k == n) && q < set->nodes.count && !seen; ++q) seen = set->nodes.data[q] == i;
      if (!seen && deck_push_int(p->ctx, &set->nodes.data, &set->nodes.count, &set->nodes.capacity, i) != NSB_OK) {
        deck_oom(p, at);
        return;
      }
    }
  }
}

/* NSET / ELSET data line. */
static void data_set(parser* p, loc at, int is_elset) {
  if (p->b.set < 0) return;
  int universe = is_elset ? p->m->elements.count : p->m->nodes.count;
  const char* what = is_elset ? "element" : "node";
  p->scratch.count = 0;
  if (p->b.generate) {
    if (!deck_expect_fields(p, at, 2, 3, "first, last[, increment]")) return;
    int first, last, inc = 1;
    if (!deck_get_int(p, at, p->fields[0], "first label", &first) || !deck_get_int(p, at, p->fields[1], "last label", &last))
      return;
    if (p->n_fields == 3 && !deck_get_int(p, at, p->fields[2], "increment", &inc)) return;
    if (inc <= 0) {
      VALUE(p, at, "GENERATE increment must be > 0, got %d", inc);
      return;
    }
    if (first > last) {
      VALUE(p, at, "GENERATE needs first <= last, got %d > %d", first, last);
      return;
    }
    for (long long l = first; l <= last; l += inc) {
      int i = is_elset ? deck_find_element(p, (int)l) : nsb_model_find_node(p->m, (int)l);
      if (i < 0) {
        VALUE(p, at, "%s %lld (generated from %d, %d, %d) is not defined", what, l, first, last, inc);
        return;
      }
      if (is_elset) {
        if (!push_element_ref(p, at, i)) return;
      } else if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK) {
        deck_oom(p, at);
        return;
      }
    }
  } else {
    if (p->n_fields > 16) {
      SYNTAX(p, at, "*%s: wrong number of fields: expected at most 16 labels or set names per line, got %d",
             p->b.spec->name, p->n_fields);
      return;
    }
    for (int f = 0; f < p->n_fields; ++f)
      if (!(is_elset ? deck_expand_elements(p, at, p->fields[f]) : deck_expand_nodes(p, at, p->fields[f]))) return;
  }
  NSB_ASSERT(universe <= p->mark_cap || p->scratch.count == 0);
  for (int k = 0; k < p->scratch.count; ++k) {
    int i = p->scratch.data[k];
    if (p->mark[i] == p->stamp) continue;
    p->mark[i] = p->stamp;
    int st;
    if (is_elset) {
      nsb_elset* s = &p->m->elsets.data[p->b.set];
      st = deck_push_int(p->ctx, &s->elements.data, &s->elements.count, &s->elements.capacity, i);
    } else {
      nsb_nset* s = &p->m->nsets.data[p->b.set];
      st = deck_push_int(p->ctx, &s->nodes.data, &s->nodes.count, &s->nodes.capacity, i);
    }
    if (st != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
}

void deck_data_nset(parser* p, loc at) { data_set(p, at, 0); }

void deck_data_elset(parser* p, loc at) { data_set(p, at, 1); }

/* Add an element of the current *ELEMENT block from node n1 to n2 (checked
   by the caller), into the label hash when `hashed` (not the second half of a
   B32), and into the block's set.  Returns 0 after an allocation failure. */
static int push_element(parser* p, loc at, int label, int n1, int n2, int hashed) {
  nsb_element e;
  memset(&e, 0, sizeof e);
  e.label = label;
  e.type = p->b.elem_type;
  e.n_nodes = 2;
  e.nodes[0] = n1;
  e.nodes[1] = n2;
  e.section = -1;
  e.rest_length = -1.0;
  e.n_points = p->b.n_points;
  e.weighting = p->b.weighting;
  e.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->elements, e) != NSB_OK || deck_note_rec_file(p, REC_ELEMENT, at.file) != NSB_OK ||
      (hashed && hash_element(p, p->m->elements.count - 1) != NSB_OK)) {
    deck_oom(p, at);
    return 0;
  }
  if (nsb_etype_is_beam(e.type)) {
    p->m->nodes.data[n1].n_beams++;
    p->m->nodes.data[n2].n_beams++;
  }
  if (p->b.set >= 0) {
    nsb_elset* s = &p->m->elsets.data[p->b.set];
    if (deck_push_int(p->ctx, &s->elements.data, &s->elements.count, &s->elements.capacity, p->m->elements.count - 1) !=
        NSB_OK) {
      deck_oom(p, at);
      return 0;
    }
  }
  return 1;
}

static int same_position(const nsb_node* a, const nsb_node* b) {
  return a->X[0] == b->X[0] && a->X[1] == b->X[1] && a->X[2] == b->X[2];
}

/* B32/B32R line "label, end node, middle node, end node" (Abaqus and
   CalculiX order): two B2V elements end-middle and middle-end with the
   line's label.  Everything is checked before either half is added, so a bad
   line gives its error and no element (no later "no section" echo for half a
   B32).  A middle node off the chord is accepted: the two halves are then a
   polygon through it, not the B32's parabola. */
static int b32_line_ok(parser* p, loc at, int* label, int n[3]) {
  if (!deck_expect_fields(p, at, 4, 4, "B32: label, end node, middle node, end node")) return 0;
  if (!deck_get_int(p, at, p->fields[0], "element label", label)) return 0;
  static const char* const what[3] = {"first end node", "middle node", "second end node"};
  for (int k = 0; k < 3; ++k)
    if ((n[k] = deck_node_by_label(p, at, p->fields[k + 1], what[k])) < 0) return 0;
  if (*label <= 0) {
    VALUE(p, at, "element label must be positive, got %d", *label);
    return 0;
  }
  int j = deck_find_element(p, *label);
  if (j >= 0) {
    VALUE(p, at, "element %d is already defined (line %d)", *label, p->m->elements.data[j].line);
    return 0;
  }
  const nsb_node* N[3] = {&p->m->nodes.data[n[0]], &p->m->nodes.data[n[1]], &p->m->nodes.data[n[2]]};
  if (n[0] == n[1] || n[1] == n[2] || n[0] == n[2]) {
    VALUE(p, at, "element %d: a B32 element needs three distinct nodes, got %d, %d, %d", *label, N[0]->label,
          N[1]->label, N[2]->label);
    return 0;
  }
  if (same_position(N[0], N[1]) || same_position(N[1], N[2])) {
    VALUE(p, at, "element %d: the middle node %d is at the position of an end node (each half of a B32, a beam "
          "element, needs a non-zero length)", *label, N[1]->label);
    return 0;
  }
  return 1;
}

/* Nodes named on a line whose element was not added: not reported once
   more as having no degrees of freedom (as for a refused TYPE). */
static void note_line_nodes(parser* p, loc at) {
  for (int f = 1; f < p->n_fields; ++f) {
    int label, n;
    if (deck_parse_int(p->fields[f], &label) && (n = nsb_model_find_node(p->m, label)) >= 0 &&
        NSB_ARRAY_PUSH(p->ctx, p->refused_nodes, n) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
}

static void data_element_b32(parser* p, loc at) {
  int label, n[3];
  if (!b32_line_ok(p, at, &label, n)) {
    note_line_nodes(p, at);
    return;
  }
  if (push_element(p, at, label, n[0], n[1], 1)) push_element(p, at, label, n[1], n[2], 0);
}

void deck_data_element(parser* p, loc at) {
  if (p->b.refused) {
    note_line_nodes(p, at);
    return;
  }
  if (p->b.b32) {
    data_element_b32(p, at);
    return;
  }
  if (!deck_expect_fields(p, at, 3, 3, "label, node1, node2")) return;
  int label;
  if (!deck_get_int(p, at, p->fields[0], "element label", &label)) return;
  int n1 = deck_node_by_label(p, at, p->fields[1], "first node");
  int n2 = deck_node_by_label(p, at, p->fields[2], "second node");
  if (n1 < 0 || n2 < 0) return;
  if (label <= 0) {
    VALUE(p, at, "element label must be positive, got %d", label);
    return;
  }
  int j = deck_find_element(p, label);
  if (j >= 0) {
    VALUE(p, at, "element %d is already defined (line %d)", label, p->m->elements.data[j].line);
    return;
  }
  nsb_elem_type type = p->b.elem_type;
  if (n1 == n2) {
    VALUE(p, at, "element %d: a %s element needs two distinct nodes", label, deck_etype_name(type));
    return;
  }
  const nsb_node* A = &p->m->nodes.data[n1];
  const nsb_node* B = &p->m->nodes.data[n2];
  if (nsb_etype_is_beam(type) && same_position(A, B)) {
    VALUE(p, at, "element %d: nodes %d and %d are at the same position (a beam element needs a non-zero length)", label,
          A->label, B->label);
    return;
  }
  push_element(p, at, label, n1, n2, 1);
}

/* *ELGEN [, ELSET=name]: Abaqus's element generation from a master element.
   Data line "master, n1, node increment 1, element increment 1[, n2, node
   increment 2, element increment 2[, n3, ...]]" (counts include the master,
   defaults 1, 1, 1): element master + i*e1 + j*e2 + k*e3 joins the master's
   nodes shifted by i*d1 + j*d2 + k*d3 and takes its type, POINTS and
   WEIGHTING; ELSET collects the generated elements and the master.  As in
   Abaqus the generated elements join no other set: name ELSET in the
   section. */
void deck_begin_elgen(parser* p, loc at, const pval* v) {
  p->b.set = -1;
  if (v[0].set) p->b.set = find_or_add_elset(p, at, v[0].s);
}

/* Element i into the *ELGEN set; `known`: i may be there already (the
   master; generated elements are new). */
static int elgen_add_to_set(parser* p, loc at, int i, int known) {
  if (p->b.set < 0) return 1;
  nsb_elset* s = &p->m->elsets.data[p->b.set];
  for (int q = 0; known && q < s->elements.count; ++q)
    if (s->elements.data[q] == i) return 1;
  if (deck_push_int(p->ctx, &s->elements.data, &s->elements.count, &s->elements.capacity, i) != NSB_OK) {
    deck_oom(p, at);
    return 0;
  }
  return 1;
}

void deck_data_elgen(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 1, 10, "master element, n1, node increment, element increment[, n2, ...[, n3, ...]]"))
    return;
  int f[10] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  static const char* const what[10] = {"master element",      "number in the first direction",  "node increment 1",
                                       "element increment 1", "number in the second direction", "node increment 2",
                                       "element increment 2", "number in the third direction",  "node increment 3",
                                       "element increment 3"};
  for (int k = 0; k < p->n_fields; ++k)
    if (*p->fields[k] && !deck_get_int(p, at, p->fields[k], what[k], &f[k])) return;
  int master = deck_find_element(p, f[0]);
  if (master < 0) {
    VALUE(p, at, "*ELGEN: master element %d is not defined", f[0]);
    return;
  }
  nsb_element me = p->m->elements.data[master];
  if (master + 1 < p->m->elements.count && p->m->elements.data[master + 1].label == me.label) {
    VALUE(p, at, "*ELGEN: master element %d is a B32 (two halves); generate the elements with *ELEMENT", f[0]);
    return;
  }
  for (int d = 0; d < 3; ++d)
    if (f[1 + 3 * d] < 1) {
      VALUE(p, at, "*ELGEN: the %s must be at least 1, got %d", what[1 + 3 * d], f[1 + 3 * d]);
      return;
    }
  /* every element is checked before any is added */
  for (int pass = 0; pass < 2; ++pass)
    for (long long k = 0; k < f[7]; ++k)
      for (long long j = 0; j < f[4]; ++j)
        for (long long i = 0; i < f[1]; ++i) {
          long long dl = i * f[3] + j * f[6] + k * f[9], dn = i * f[2] + j * f[5] + k * f[8];
          if (dl == 0) {
            if (pass == 1 && !elgen_add_to_set(p, at, master, 1)) return;
            continue;
          }
          long long label = me.label + dl;
          long long l1 = p->m->nodes.data[me.nodes[0]].label + dn, l2 = p->m->nodes.data[me.nodes[1]].label + dn;
          if (label <= 0 || label > INT_MAX || l1 <= 0 || l1 > INT_MAX || l2 <= 0 || l2 > INT_MAX) {
            VALUE(p, at, "*ELGEN: a generated element or node label is out of range (element %lld, nodes %lld, %lld)",
                  label, l1, l2);
            return;
          }
          int n1 = nsb_model_find_node(p->m, (int)l1), n2 = nsb_model_find_node(p->m, (int)l2);
          if (pass == 0) {
            int e = deck_find_element(p, (int)label);
            if (e >= 0) {
              VALUE(p, at, "*ELGEN: element %lld is already defined (line %d)", label, p->m->elements.data[e].line);
              return;
            }
            if (n1 < 0 || n2 < 0) {
              VALUE(p, at, "*ELGEN: element %lld needs node %lld, which is not defined", label, n1 < 0 ? l1 : l2);
              return;
            }
            if (nsb_etype_is_beam(me.type) && same_position(&p->m->nodes.data[n1], &p->m->nodes.data[n2])) {
              VALUE(p, at, "*ELGEN: element %lld: nodes %lld and %lld are at the same position", label, l1, l2);
              return;
            }
            continue;
          }
          nsb_element e = me;
          e.label = (int)label;
          e.nodes[0] = n1;
          e.nodes[1] = n2;
          e.section = -1;
          e.rest_length = -1.0;
          e.line = at.line;
          if (NSB_ARRAY_PUSH(p->ctx, p->m->elements, e) != NSB_OK || deck_note_rec_file(p, REC_ELEMENT, at.file) != NSB_OK ||
              hash_element(p, p->m->elements.count - 1) != NSB_OK) {
            deck_oom(p, at);
            return;
          }
          if (nsb_etype_is_beam(e.type)) {
            p->m->nodes.data[n1].n_beams++;
            p->m->nodes.data[n2].n_beams++;
          }
          if (!elgen_add_to_set(p, at, p->m->elements.count - 1, 0)) return;
        }
}

/* What an element of type t takes its properties from (for messages). */
static const char* property_keyword(nsb_elem_type t) {
  return nsb_etype_is_beam(t) ? "beams take *BEAM SECTION"
         : t == NSB_ETYPE_DASHPOTA ? "dashpots take *DASHPOT"
                                   : "springs take *SPRING";
}

/* *SPRING (stiffness k > 0 of SPRINGA elements) and *DASHPOT (damping
   coefficient c != 0 of DASHPOTA elements; negative c is allowed: a
   negative-damping (self-excited) oscillator needs it). */

void deck_data_spring(parser* p, loc at) {
  int dashpot = p->b.kw == KW_DASHPOT;
  const char* what = dashpot ? "damping coefficient" : "stiffness";
  nsb_elem_type type = dashpot ? NSB_ETYPE_DASHPOTA : NSB_ETYPE_SPRINGA;
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 1, dashpot ? 1 : 2, dashpot ? what : "stiffness[, free length]"))
    return;
  double k, L0 = -1.0;
  if (!deck_get_real(p, at, p->fields[0], what, &k)) return;
  if (p->n_fields == 2) {
    if (!deck_get_real(p, at, p->fields[1], "free length", &L0)) return;
    if (!(L0 >= 0.0)) {
      VALUE(p, at, "spring free length must be >= 0, got %.12g", L0);
      return;
    }
  }
  if (dashpot && k == 0.0) {
    VALUE(p, at, "dashpot damping coefficient must be non-zero, got %.12g", k);
    return;
  }
  if (!dashpot && !(k > 0.0)) {
    VALUE(p, at, "spring stiffness must be > 0, got %.12g", k);
    return;
  }
  const nsb_elset* s = &p->m->elsets.data[p->b.set];
  int other = -1;
  for (int i = 0; i < s->elements.count; ++i) {
    nsb_element* e = &p->m->elements.data[s->elements.data[i]];
    if (e->type != type) {
      if (other < 0) other = s->elements.data[i];
      continue;
    }
    if (dashpot) {
      e->damping = k;
    } else {
      e->stiffness = k;
      e->rest_length = L0;
    }
    e->has_property = 1;
  }
  if (other >= 0) {
    nsb_elem_type ot = p->m->elements.data[other].type;
    VALUE(p, at, "*%s: element %d of set %s is a %s element, not %s (%s)", p->b.spec->name,
          p->m->elements.data[other].label, s->name, deck_etype_name(ot), deck_etype_name(type), property_keyword(ot));
  }
}

static void data_amplitude_sum(parser* p, loc at) {
  if (p->n_fields % 2 != 0 || p->n_fields > 8) {
    SYNTAX(p, at, "*AMPLITUDE, DEFINITION=SUM: wrong number of fields: expected 2, 4, 6 or 8 (pairs amplitude, factor), "
           "got %d", p->n_fields);
    p->b.ok = 0;
    return;
  }
  for (int k = 0; k < p->n_fields; k += 2) {
    double c;
    if (!deck_get_real(p, at, p->fields[k + 1], "factor", &c)) {
      p->b.ok = 0;
      return;
    }
    if (NSB_ARRAY_PUSH(p->ctx, p->values, c) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
    if (!deck_add_amp_ref(p, REC_AMP_SUM, p->b.index, 1, p->values.count - 1, p->fields[k], at)) return;
  }
}

/* DECAY (A0, A, t0, t_d) and MODULATED (A0, A, t0, omega1, omega2): Abaqus's
   one data line, every field given; t_d > 0. */
static void data_amplitude_closed_form(parser* p, loc at, int kind) {
  int decay = kind == NSB_AMP_DECAY;
  const char* layout = decay ? "A0, A, t0, t_d" : "A0, A, t0, omega1, omega2";
  if (p->b.n_data > 1) {
    SYNTAX(p, at, "*AMPLITUDE, DEFINITION=%s takes one data line (%s)", decay ? "DECAY" : "MODULATED", layout);
    p->b.ok = 0;
    return;
  }
  int n = decay ? 4 : 5;
  if (!deck_expect_fields(p, at, n, n, layout)) {
    p->b.ok = 0;
    return;
  }
  static const char* const names[] = {"A0", "A", "t0", NULL, NULL};
  double vals[5];
  for (int k = 0; k < n; ++k) {
    const char* what = k < 3 ? names[k] : decay ? "t_d" : k == 3 ? "omega1" : "omega2";
    if (!p->fields[k][0]) {
      SYNTAX(p, at, "*AMPLITUDE, DEFINITION=%s: field %d (%s) is empty (%s)", decay ? "DECAY" : "MODULATED", k + 1,
             what, layout);
      p->b.ok = 0;
      return;
    }
    if (!deck_get_real(p, at, p->fields[k], what, &vals[k])) {
      p->b.ok = 0;
      return;
    }
  }
  if (decay && !(vals[3] > 0.0)) {
    VALUE(p, at, "DECAY: decay time t_d must be > 0, got %.12g", vals[3]);
    p->b.ok = 0;
    return;
  }
  if (NSB_ARRAY_RESERVE(p->ctx, p->values, p->values.count + n) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  for (int k = 0; k < n; ++k) p->values.data[p->values.count++] = vals[k];
}

void deck_data_amplitude(parser* p, loc at) {
  int kind = p->b.sub;
  if (kind == NSB_AMP_SUM) {
    data_amplitude_sum(p, at);
    return;
  }
  if (kind == AMP_EQUALLY_SPACED) {
    /* the values, any number per line: pairs (BEGIN + k FIXED INTERVAL, a_k) */
    if (NSB_ARRAY_RESERVE(p->ctx, p->values, p->values.count + 2 * p->n_fields) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
    for (int k = 0; k < p->n_fields; ++k) {
      double a;
      if (!deck_get_real(p, at, p->fields[k], "amplitude value", &a)) {
        p->b.ok = 0;
        return;
      }
      double t = p->b.com[1] + (double)(p->values.count / 2) * p->b.com[0];
      p->values.data[p->values.count++] = t;
      p->values.data[p->values.count++] = a;
    }
    return;
  }
  if (kind == NSB_AMP_DECAY || kind == NSB_AMP_MODULATED) {
    data_amplitude_closed_form(p, at, kind);
    return;
  }
  if (kind == NSB_AMP_TABULAR || kind == NSB_AMP_SMOOTH_STEP) {
    if (p->n_fields % 2 != 0 || p->n_fields > 8) {
      SYNTAX(p, at, "*AMPLITUDE: wrong number of fields: expected 2, 4, 6 or 8 (pairs t, a), got %d", p->n_fields);
      p->b.ok = 0;
      return;
    }
  } else if (kind == NSB_AMP_PERIODIC && p->b.n_data == 1) {
    if (!deck_expect_fields(p, at, 4, 4, "N, omega, t0, A0")) {
      p->b.ok = 0;
      return;
    }
  }
  double vals[MAX_FIELDS];
  for (int k = 0; k < p->n_fields; ++k)
    if (!deck_get_real(p, at, p->fields[k], "amplitude value", &vals[k])) {
      p->b.ok = 0;
      return;
    }
  if (kind == NSB_AMP_PERIODIC && p->b.n_data == 1) {
    int n;
    if (!deck_parse_int(p->fields[0], &n) || n < 1) {
      VALUE(p, at, "PERIODIC: number of terms N must be an integer >= 1, got '%s'", p->fields[0]);
      p->b.ok = 0;
      return;
    }
    if (!(vals[1] > 0.0)) {
      VALUE(p, at, "PERIODIC: circular frequency omega must be > 0, got %.12g", vals[1]);
      p->b.ok = 0;
      return;
    }
  }
  if (kind == NSB_AMP_TABULAR || kind == NSB_AMP_SMOOTH_STEP) {
    for (int k = 0; k < p->n_fields; k += 2) {
      double tprev = k > 0 ? vals[k - 2] : p->values.count > 0 ? p->values.data[p->values.count - 2] : -HUGE_VAL;
      if (!(vals[k] > tprev)) {
        VALUE(p, at, "amplitude times must be strictly increasing (%.12g after %.12g)", vals[k], tprev);
        p->b.ok = 0;
        return;
      }
    }
  }
  if (NSB_ARRAY_RESERVE(p->ctx, p->values, p->values.count + p->n_fields) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  for (int k = 0; k < p->n_fields; ++k) p->values.data[p->values.count++] = vals[k];
}

void deck_data_rigid_body(parser* p, loc at) {
  if (p->b.n_data > 2) {
    SYNTAX(p, at, "*RIGID BODY takes one or two data lines (inertia; centre of mass)");
    return;
  }
  if (p->b.n_data == 1) {
    if (!deck_expect_fields(p, at, 3, 6, "I11, I22, I33[, I12, I13, I23]")) return;
    if (p->n_fields == 4 || p->n_fields == 5) {
      SYNTAX(p, at, "*RIGID BODY: wrong number of fields: expected 3 or 6 (I11, I22, I33[, I12, I13, I23]), got %d",
             p->n_fields);
      return;
    }
    double I[6] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < p->n_fields; ++k)
      if (!deck_get_real(p, at, p->fields[k], "inertia component", &I[k])) return;
    memcpy(p->b.inertia, I, sizeof I);
    p->b.ok = 1;
  } else {
    if (!deck_expect_fields(p, at, 3, 3, "cx, cy, cz")) return;
    double c[3];
    for (int k = 0; k < 3; ++k)
      if (!deck_get_real(p, at, p->fields[k], "centre of mass coordinate", &c[k])) return;
    memcpy(p->b.com, c, sizeof c);
  }
}

/* ELEMENT POINT data line "node, element, xi": the node held at the point xi
   of a beam element (defined before).  Position check late (check_joints). */

static void data_joint_element_point(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 3, 3, "node, element, xi")) return;
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = NSB_JOINT_ELEMENT_POINT;
  j.level = (nsb_level)p->b.level;
  j.length = -1.0;
  j.line = at.line;
  j.node_a = deck_node_by_label(p, at, p->fields[0], "node");
  if (j.node_a < 0) return;
  int label;
  if (!deck_get_int(p, at, p->fields[1], "element label", &label)) return;
  j.element = deck_find_element(p, label);
  if (j.element < 0) {
    VALUE(p, at, "element %d is not defined (elements must be defined before they are used)", label);
    return;
  }
  const nsb_element* el = &p->m->elements.data[j.element];
  if (!nsb_etype_is_beam(el->type)) {
    VALUE(p, at, "element %d is not a beam: an ELEMENT POINT joint needs a beam element (B2V, B2S)", label);
    return;
  }
  if (!deck_get_real(p, at, p->fields[2], "xi", &j.xi)) return;
  if (!(j.xi >= 0.0 && j.xi <= 1.0)) {
    VALUE(p, at, "xi must be in [0, 1] (local coordinate along the element), got %.12g", j.xi);
    return;
  }
  /* on a B32, xi runs over both halves: [0, 1/2] is the first, [1/2, 1] the second */
  if (deck_b32_partner(p->m, j.element) >= 0) {
    if (j.xi > 0.5) {
      j.element = deck_b32_partner(p->m, j.element);
      el = &p->m->elements.data[j.element];
    }
    j.xi = j.xi > 0.5 ? 2.0 * j.xi - 1.0 : 2.0 * j.xi;
  }
  if (j.node_a == el->nodes[0] || j.node_a == el->nodes[1]) {
    VALUE(p, at, "node %d is a node of element %d: an ELEMENT POINT joint holds another node at a point of the element",
          p->m->nodes.data[j.node_a].label, label);
    return;
  }
  j.node_b = j.xi <= 0.5 ? el->nodes[0] : el->nodes[1]; /* drawn as a line to the nearer node */
  if (NSB_ARRAY_PUSH(p->ctx, p->m->joints, j) != NSB_OK || deck_note_rec_file(p, REC_JOINT, at.file) != NSB_OK) deck_oom(p, at);
}

/* *JOINT: the type and the level of the constraint, for its data lines. */
void deck_begin_joint(parser* p, loc at, const pval* v) {
  (void)at;
  p->b.sub = v[0].i;
  p->b.level = v[1].set ? v[1].i : NSB_LEVEL_POSITION;
}

void deck_data_joint(parser* p, loc at) {
  int kind = p->b.sub;
  int ok;
  if (kind == NSB_JOINT_ELEMENT_POINT) {
    data_joint_element_point(p, at);
    return;
  }
  if (kind == NSB_JOINT_SPHERICAL || kind == NSB_JOINT_FIXED) ok = deck_expect_fields(p, at, 5, 5, "nodeA, nodeB, px, py, pz");
  else if (kind == NSB_JOINT_REVOLUTE) ok = deck_expect_fields(p, at, 8, 8, "nodeA, nodeB, px, py, pz, ax, ay, az");
  else ok = deck_expect_fields(p, at, 2, 3, "nodeA, nodeB[, length]");
  if (!ok) return;
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = (nsb_joint_kind)kind;
  j.level = (nsb_level)p->b.level;
  j.length = -1.0;
  j.line = at.line;
  j.node_a = deck_node_by_label(p, at, p->fields[0], "node A");
  j.node_b = deck_node_by_label(p, at, p->fields[1], "node B");
  if (j.node_a < 0 || j.node_b < 0) return;
  double x[6];
  for (int k = 2; k < p->n_fields; ++k)
    if (!deck_get_real(p, at, p->fields[k], "joint value", &x[k - 2])) return;
  if (j.node_a == j.node_b) {
    VALUE(p, at, "a joint needs two different nodes (node A = node B = %d)", p->m->nodes.data[j.node_a].label);
    return;
  }
  if (kind != NSB_JOINT_DISTANCE) {
    memcpy(j.point, x, 3 * sizeof(double));
  }
  if (kind == NSB_JOINT_REVOLUTE) {
    double n = sqrt(x[3] * x[3] + x[4] * x[4] + x[5] * x[5]);
    if (!(n > 0.0) || !isfinite(n)) {
      VALUE(p, at, "revolute joint axis must be a non-zero vector");
      return;
    }
    for (int k = 0; k < 3; ++k) j.axis[k] = x[3 + k] / n;
  }
  if (kind == NSB_JOINT_DISTANCE) {
    if (p->n_fields == 3) {
      if (!(x[0] > 0.0)) {
        VALUE(p, at, "distance joint length must be > 0, got %.12g", x[0]);
        return;
      }
      j.length = x[0];
    } else {
      const double* A = p->m->nodes.data[j.node_a].X;
      const double* B = p->m->nodes.data[j.node_b].X;
      if (A[0] == B[0] && A[1] == B[1] && A[2] == B[2]) {
        VALUE(p, at, "distance joint without length between coincident nodes: the initial distance is zero");
        return;
      }
    }
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->joints, j) != NSB_OK || deck_note_rec_file(p, REC_JOINT, at.file) != NSB_OK) deck_oom(p, at);
}

/* Symmetric positive definite check of a 3x3 column-major matrix by leading minors. */
static int spd3(const double* J) {
  double m1 = J[0];
  double m2 = J[0] * J[4] - J[1] * J[3];
  double det = J[0] * (J[4] * J[8] - J[7] * J[5]) - J[3] * (J[1] * J[8] - J[7] * J[2]) +
               J[6] * (J[1] * J[5] - J[4] * J[2]);
  return m1 > 0.0 && m2 > 0.0 && det > 0.0;
}

void deck_end_rigid_body(parser* p) {
  loc at = p->b.at;
  if (p->b.n_data == 0) {
    SYNTAX(p, at, "*RIGID BODY needs a data line with the inertia (I11, I22, I33[, I12, I13, I23])");
    return;
  }
  if (!p->b.ok) return;
  nsb_rigid_body* rb = &p->m->rigid_bodies.data[p->b.index];
  const double* I = p->b.inertia;
  /* column-major: J(i,j) at [i + 3j] */
  double J[9] = {I[0], I[3], I[4], I[3], I[1], I[5], I[4], I[5], I[2]};
  const double* c = p->b.com;
  if (p->b.reference) {
    /* parallel-axis theorem: J_O = J_c + m (|c|^2 1 - c c^T)  =>  J_c = J_O - m (|c|^2 1 - c c^T) */
    double c2 = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) J[i + 3 * j] -= rb->mass * ((i == j ? c2 : 0.0) - c[i] * c[j]);
  }
  memcpy(rb->J_c, J, sizeof J);
  memcpy(rb->com, c, sizeof rb->com);
  if (!spd3(J)) {
    /* a point mass off the node (J_c = 0, or J_O = m (|c|^2 1 - c c^T) up to round-off) is the
       usual way in: say how nsbeam writes it */
    double tr = fabs(J[0]) + fabs(J[4]) + fabs(J[8]);
    double c2 = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    if (tr <= 1e-12 * rb->mass * (c2 > 0.0 ? c2 : 1.0))
      VALUE(p, at,
            "inertia tensor about the centre of mass is not positive definite (J_c diagonal %.6g, %.6g, %.6g): a point "
            "mass has none; write it as *PARTICLE, and one off the node on a node of its own joined to this one by "
            "*JOINT, TYPE=SPHERICAL at its position",
            J[0], J[4], J[8]);
    else
      VALUE(p, at, "inertia tensor about the centre of mass is not positive definite (J_c diagonal %.6g, %.6g, %.6g)",
            J[0], J[4], J[8]);
  }
}

void deck_end_amplitude(parser* p) {
  loc at = p->b.at;
  nsb_amplitude* a = &p->m->amplitudes.data[p->b.index];
  if (!p->b.ok) return;
  int n = p->values.count;
  if (a->kind == NSB_AMP_PERIODIC) {
    if (n < 4) {
      SYNTAX(p, at, "PERIODIC amplitude %s needs a data line N, omega, t0, A0", a->name);
      return;
    }
    int terms = (int)p->values.data[0];
    long need = 4 + 2L * terms;
    if (n != need) {
      VALUE(p, at, "PERIODIC amplitude %s: N = %d needs %d pairs A_k, B_k (%ld values after the first line), got %d values",
            a->name, terms, terms, need - 4, n - 4);
      return;
    }
  } else if (n == 0) {
    SYNTAX(p, at, "amplitude %s has no data (%s)", a->name,
           a->kind == NSB_AMP_POLYNOMIAL  ? "at least one coefficient"
           : a->kind == NSB_AMP_SUM       ? "at least one pair amplitude, factor"
           : a->kind == NSB_AMP_DECAY     ? "a data line A0, A, t0, t_d"
           : a->kind == NSB_AMP_MODULATED ? "a data line A0, A, t0, omega1, omega2"
                                          : "at least one pair t, a");
    return;
  }
  if (a->kind == NSB_AMP_SUM) {
    /* until resolve_amplitudes: n, then (term index, factor) per term; the
       indices are filled in (and the terms' data copied) once the deck is read */
    a->data = NSB_NEW_ARRAY(p->ctx, 1 + 2 * n, double);
    if (!a->data) {
      deck_oom(p, at);
      return;
    }
    a->n_data = 1 + 2 * n;
    a->data[0] = n;
    for (int k = 0; k < n; ++k) {
      a->data[1 + 2 * k] = -1.0;
      a->data[2 + 2 * k] = p->values.data[k];
    }
    return;
  }
  a->data = NSB_NEW_ARRAY(p->ctx, n, double);
  if (!a->data) {
    deck_oom(p, at);
    return;
  }
  a->n_data = n;
  memcpy(a->data, p->values.data, (size_t)n * sizeof(double));
}

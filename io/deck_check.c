/* deck_check.c -- the checks of the deck reader that need the whole deck: they
 * run after the last line (amplitudes defined later, bodies declared after the
 * joints and supports that use them, beam sections and node frames, contact
 * pairs, the steps that linearize) and report the line of the record they
 * concern (see deck_internal.h and docs/deck.md).
 */
#include "io/deck_internal.h"

#include "contact/geometry.h"

#include <math.h>
#include <string.h>

static int same_loc(loc a, loc b) { return a.file == b.file && a.line == b.line; }

/* Copy the terms of every resolved SUM amplitude into its data (layout in
   model/model.h: n, then per term kind, n_data, factor, data), so that
   nsb_amplitude_eval needs no lookup.  A sum with an unresolved term keeps
   its provisional data (the deck has an error then). */

static void flatten_sums(parser* p) {
  nsb_model* m = p->m;
  for (int i = 0; i < m->amplitudes.count && !p->stop; ++i) {
    nsb_amplitude* a = &m->amplitudes.data[i];
    if (a->kind != NSB_AMP_SUM || !a->data) continue;
    int n = (int)a->data[0], size = 1, ok = 1;
    for (int k = 0; k < n; ++k) {
      int t = (int)a->data[1 + 2 * k];
      if (t < 0) {
        ok = 0;
        break;
      }
      size += 3 + m->amplitudes.data[t].n_data;
    }
    if (!ok) continue;
    double* flat = NSB_NEW_ARRAY(p->ctx, size, double);
    if (!flat) {
      deck_oom(p, deck_rec_loc(p, REC_AMP_SUM, 0, 0));
      return;
    }
    flat[0] = n;
    int at = 1;
    for (int k = 0; k < n; ++k) {
      const nsb_amplitude* t = &m->amplitudes.data[(int)a->data[1 + 2 * k]];
      flat[at] = t->kind;
      flat[at + 1] = t->n_data;
      flat[at + 2] = a->data[2 + 2 * k];
      memcpy(flat + at + 3, t->data, (size_t)t->n_data * sizeof(double));
      at += 3 + t->n_data;
    }
    NSB_FREE_ARRAY(p->ctx, a->data, a->n_data, double);
    a->data = flat;
    a->n_data = size;
  }
}

static void resolve_amplitudes(parser* p) {
  nsb_model* m = p->m;
  for (int r = 0; r < p->amp_refs.count && !p->stop; ++r) {
    const amp_ref* ref = &p->amp_refs.data[r];
    int a = nsb_model_find_amplitude(m, ref->name);
    if (a < 0) {
      VALUE(p, ref->at, "amplitude %s is not defined", ref->name);
      continue;
    }
    for (int i = ref->first; i < ref->first + ref->count; ++i) {
      switch (ref->rec) {
        case REC_BOUNDARY:
          m->boundaries.data[i].amplitude = a;
          break;
        case REC_CLOAD:
          m->cloads.data[i].amplitude = a;
          break;
        case REC_GRAVITY:
          m->gravities.data[i].amplitude = a;
          break;
        case REC_MANUFACTURED:
          m->manufactured.data[i].amp[ref->slot] = a;
          break;
        case REC_DLOAD:
          m->dloads.data[i].amplitude = a;
          break;
        case REC_OBSTACLE:
          m->obstacles.data[i].amplitude = a;
          break;
        case REC_AMP_SUM: {
          nsb_amplitude* sum = &m->amplitudes.data[i];
          const nsb_amplitude* term = &m->amplitudes.data[a];
          if (term->kind == NSB_AMP_SUM)
            VALUE(p, ref->at, "SUM amplitude %s: term %s is itself a SUM (a sum takes TABULAR, POLYNOMIAL, PERIODIC, "
                  "SMOOTH STEP, DECAY or MODULATED amplitudes)", sum->name, term->name);
          else if (term->total_time != sum->total_time)
            VALUE(p, ref->at, "SUM amplitude %s uses TIME=%s but its term %s uses TIME=%s (the terms are evaluated "
                  "at the sum's time)", sum->name, sum->total_time ? "TOTAL TIME" : "STEP TIME", term->name,
                  term->total_time ? "TOTAL TIME" : "STEP TIME");
          else if (!term->data)
            ; /* the term's own definition had an error, already reported */
          else if (sum->data)
            sum->data[1 + 2 * ref->slot] = a;
          break;
        }
        default:
          break;
      }
    }
  }
  flatten_sums(p);
}

static double dist3(const double* a, const double* b) {
  double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return sqrt(dx * dx + dy * dy + dz * dz);
}

/* Diagonal of the bounding box of the model's nodes: the length scale of the
   position checks, so that a deck's verdict does not depend on its units. */
static double model_extent(const nsb_model* m) {
  double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->nodes.count; ++i)
    for (int k = 0; k < 3; ++k) {
      lo[k] = fmin(lo[k], m->nodes.data[i].X[k]);
      hi[k] = fmax(hi[k], m->nodes.data[i].X[k]);
    }
  return m->nodes.count > 0 ? dist3(lo, hi) : 0.0;
}

static void check_joints(parser* p) {
  const nsb_model* m = p->m;
  const double extent = model_extent(m);
  static const char* const kinds[] = {"spherical", "revolute", "distance", "fixed", "element point"};
  for (int i = 0; i < m->joints.count && !p->stop; ++i) {
    const nsb_joint* j = &m->joints.data[i];
    loc at = deck_rec_loc(p, REC_JOINT, i, j->line);
    if (j->kind == NSB_JOINT_ELEMENT_POINT) {
      const nsb_node* P = &m->nodes.data[j->node_a];
      const nsb_element* el = &m->elements.data[j->element];
      if (nsb_model_node_ndof(m, j->node_a) == 0) {
        VALUE(p, at, "element point joint: node %d carries no body and no beam (it would be ground)", P->label);
        continue;
      }
      double w[2], t[2], TA[3], TB[3], X0[3];
      nsb_joint_element_point(m, j, w, t, TA, TB, X0);
      double l = dist3(m->nodes.data[el->nodes[0]].X, m->nodes.data[el->nodes[1]].X);
      /* 1e-9 of the element's length, in any units */
      if (dist3(P->X, X0) > 1e-9 * l)
        VALUE(p, at,
              "element point joint: node %d is not at the point xi = %.12g of element %d (distance %.6g; the point "
              "is %.17g, %.17g, %.17g)",
              P->label, j->xi, el->label, dist3(P->X, X0), X0[0], X0[1], X0[2]);
      continue;
    }
    const nsb_node* A = &m->nodes.data[j->node_a];
    const nsb_node* B = &m->nodes.data[j->node_b];
    /* a node's DOFs come from its body and its beams (nsb_model_node_ndof) */
    int nd_a = nsb_model_node_ndof(m, j->node_a), nd_b = nsb_model_node_ndof(m, j->node_b);
    if (nd_a == 0 && nd_b == 0) {
      VALUE(p, at, "%s joint between nodes %d and %d: neither node carries a body or a beam (both are ground)",
            kinds[j->kind], A->label, B->label);
      continue;
    }
    if (j->kind == NSB_JOINT_REVOLUTE || j->kind == NSB_JOINT_FIXED) {
      if (nd_a == 3 || nd_b == 3)
        VALUE(p, at, "%s joint between nodes %d and %d: a particle has no rotation; use a rigid body", kinds[j->kind],
              A->label, B->label);
      else if (nd_a != 6 && nd_b != 6)
        VALUE(p, at, "%s joint between nodes %d and %d needs a rigid body or a beam node on at least one side",
              kinds[j->kind], A->label, B->label);
    }
    /* A position-level link of a given length between nodes at another distance: a first *DYNAMIC
       step would pull them to it in its first increment, with an impulse that makes up energy (a
       box tied 0.5 m from a point by a link of 0.4 m: 1.6e5 J in 1 ms, and only the energy warning,
       which blames the increment); a *STATIC step first may assemble it. */
    if (j->kind == NSB_JOINT_DISTANCE && j->length > 0.0 && j->level == NSB_LEVEL_POSITION && m->steps.count > 0 &&
        m->steps.data[0].kind == NSB_STEP_DYNAMIC) {
      double d0 = dist3(A->X, B->X);
      /* 1e-9 of the model's extent, in any units */
      if (fabs(d0 - j->length) > 1e-9 * extent)
        VALUE(p, at,
              "distance joint between nodes %d and %d: length %.9g, but the nodes are %.9g apart at t = 0 and the first "
              "step (line %d) is *DYNAMIC, which would pull them to that length in its first increment (an impulse that "
              "makes up energy); omit the length (the initial distance is kept) or reach it in a *STATIC step first",
              A->label, B->label, j->length, d0, m->steps.data[0].line);
    }
    if (j->kind == NSB_JOINT_SPHERICAL) {
      /* 1e-9 of the model's extent, in any units */
      double tol = 1e-9 * extent;
      const nsb_node* nodes[2] = {A, B};
      for (int k = 0; k < 2; ++k)
        if (nsb_model_node_ndof(m, k == 0 ? j->node_a : j->node_b) == 3 && dist3(nodes[k]->X, j->point) > tol)
          VALUE(p, at, "spherical joint: particle node %d is not at the joint point (distance %.6g)", nodes[k]->label,
                dist3(nodes[k]->X, j->point));
    }
  }
}

/* Beam checks after reading: node frames (only on beam nodes, one per node);
   every B2V element has a section; a given n1 is not parallel to the axis of
   an element that uses it (an element whose both nodes have a *BEAM NODE
   FRAME does not use n1).  Node frames may follow the elements and sections,
   hence late. */

static void check_beams(parser* p) {
  const nsb_model* m = p->m;
  int n_nodes = m->nodes.count;
  int* frame_of = NSB_NEW_ARRAY(p->ctx, n_nodes > 0 ? n_nodes : 1, int);
  if (!frame_of) {
    loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
    deck_oom(p, end);
    return;
  }
  for (int i = 0; i < n_nodes; ++i) frame_of[i] = -1;
  for (int f = 0; f < m->node_frames.count && !p->stop; ++f) {
    const nsb_node_frame* nf = &m->node_frames.data[f];
    loc at = deck_rec_loc(p, REC_NODE_FRAME, f, nf->line);
    const nsb_node* nd = &m->nodes.data[nf->node];
    if (nd->n_beams == 0) {
      VALUE(p, at, "*BEAM NODE FRAME: node %d is not a node of any beam element", nd->label);
    } else if (frame_of[nf->node] >= 0) {
      int g = frame_of[nf->node];
      loc first = deck_rec_loc(p, REC_NODE_FRAME, g, m->node_frames.data[g].line);
      VALUE(p, at, "*BEAM NODE FRAME: node %d already has a frame (%s:%d); one per node", nd->label,
            deck_file_name(p, first.file), first.line);
    } else {
      frame_of[nf->node] = f;
    }
  }
  for (int i = 0; i < m->sections.count && !p->stop; ++i) {
    const nsb_section* sec = &m->sections.data[i];
    if (sec->n1[0] == 0.0 && sec->n1[1] == 0.0 && sec->n1[2] == 0.0) continue; /* default rule: the solver's */
    const nsb_elset* set = &m->elsets.data[sec->elset];
    int parallel = -1;
    for (int k = 0; k < set->elements.count && parallel < 0; ++k) {
      int ie = set->elements.data[k];
      const nsb_element* e = &m->elements.data[ie];
      if (e->section != i) continue;
      if (frame_of[e->nodes[0]] < 0 || frame_of[e->nodes[1]] < 0) {
        const double* XA = m->nodes.data[e->nodes[0]].X;
        const double* XB = m->nodes.data[e->nodes[1]].X;
        double d[3] = {XB[0] - XA[0], XB[1] - XA[1], XB[2] - XA[2]}, axis[3];
        if (deck_unit3(d, axis)) {
          const double* n = sec->n1;
          double c[3] = {axis[1] * n[2] - axis[2] * n[1], axis[2] * n[0] - axis[0] * n[2],
                         axis[0] * n[1] - axis[1] * n[0]};
          if (deck_dot3(c, c) < 1e-12) parallel = ie; /* sin(angle) < 1e-6 */
        }
      }
    }
    if (parallel >= 0)
      VALUE(p, deck_rec_loc(p, REC_SECTION, i, sec->line),
            "%s: n1 is parallel to the axis of element %d (n1 must not be along the beam axis)",
            sec->shape == NSB_SECTION_GENERAL ? "*BEAM GENERAL SECTION" : "*BEAM SECTION",
            m->elements.data[parallel].label);
  }
  NSB_FREE_ARRAY(p->ctx, frame_of, n_nodes > 0 ? n_nodes : 1, int);
  /* after an error on a section keyword line its elements would only echo it */
  if (p->section_failed) return;
  /* one error per run of consecutive elements without a section (a mesh without its
     section keyword gives one message, not one per element); a B32 is one element,
     reported at its first half */
  for (int i = 0; i < m->elements.count && !p->stop; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (!nsb_etype_is_beam(e->type) || e->section >= 0) continue;
    int first = i, count = 0, last_label = e->label;
    for (; i < m->elements.count; ++i) {
      const nsb_element* f = &m->elements.data[i];
      if (!nsb_etype_is_beam(f->type) || f->section >= 0) break;
      int half = deck_b32_partner(m, i);
      if (half >= 0 && half < i) continue;
      ++count;
      last_label = f->label;
    }
    --i;
    if (count == 1)
      VALUE(p, deck_rec_loc(p, REC_ELEMENT, first, e->line),
            "beam element %d has no beam section (put it in the element set of a *BEAM SECTION or *BEAM GENERAL "
            "SECTION)",
            e->label);
    else
      VALUE(p, deck_rec_loc(p, REC_ELEMENT, first, e->line),
            "beam elements %d to %d (%d elements from this line on) have no beam section (put them in the element set "
            "of a *BEAM SECTION or *BEAM GENERAL SECTION)",
            e->label, last_label, count);
  }
}

#define NO_DOF_MSG "node %d has no degrees of freedom (no *RIGID BODY, *PARTICLE or beam element on it)"

/* 1 if node is an end of a SPRINGA or DASHPOTA element. */
static int node_on_spring(const nsb_model* m, int node) {
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (e->type != NSB_ETYPE_SPRINGA && e->type != NSB_ETYPE_DASHPOTA) continue;
    for (int k = 0; k < e->n_nodes; ++k)
      if (e->nodes[k] == node) return 1;
  }
  return 0;
}

/* Late DOF check of one record: its node must have DOFs, and particle_bad
   says that the record asks for more than a particle has (why: the reason,
   formatted).  Several records from one deck line are reported once. */

static void check_node_dofs(parser* p, loc at, loc* last, int node, int particle_bad, const char* why) {
  const nsb_model* m = p->m;
  if (same_loc(at, *last)) return;
  for (int k = 0; k < p->refused_nodes.count; ++k)
    if (p->refused_nodes.data[k] == node) return; /* its element line was refused already */
  if (nsb_model_node_ndof(m, node) == 0 && node_on_spring(m, node))
    VALUE(p, at,
          "node %d has no degrees of freedom: an end of SPRINGA or DASHPOTA elements only, it is a fixed ground "
          "point already (leave it out of this line)",
          m->nodes.data[node].label);
  else if (nsb_model_node_ndof(m, node) == 0)
    VALUE(p, at, NO_DOF_MSG, m->nodes.data[node].label);
  else if (particle_bad)
    VALUE(p, at, "node %d carries a particle: %s", m->nodes.data[node].label, why);
  else
    return;
  *last = at;
}

static void check_supports_and_loads(parser* p) {
  const nsb_model* m = p->m;
  char why[96];
  loc last = {-1, -1};
  for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
    const nsb_boundary* bc = &m->boundaries.data[i];
    snprintf(why, sizeof why, "only DOFs 1-3 exist, got %d-%d", bc->dof_first, bc->dof_last);
    check_node_dofs(p, deck_rec_loc(p, REC_BOUNDARY, i, bc->line), &last, bc->node,
                    bc->dof_last > nsb_model_node_ndof(m, bc->node), why);
  }
  last.file = last.line = -1;
  for (int i = 0; i < m->cloads.count && !p->stop; ++i) {
    const nsb_cload* c = &m->cloads.data[i];
    snprintf(why, sizeof why, "a moment (dof %d) cannot be applied", c->dof);
    check_node_dofs(p, deck_rec_loc(p, REC_CLOAD, i, c->line), &last, c->node, c->dof > nsb_model_node_ndof(m, c->node),
                    why);
  }
  last.file = last.line = -1;
  for (int i = 0; i < m->initials.count && !p->stop; ++i) {
    const nsb_initial* ic = &m->initials.data[i];
    int particle_bad = nsb_model_node_ndof(m, ic->node) == 3 && ic->kind != NSB_INIT_ROTATING_VELOCITY &&
                       (ic->kind != NSB_INIT_VELOCITY || ic->dof > 3);
    check_node_dofs(p, deck_rec_loc(p, REC_INITIAL, i, ic->line), &last, ic->node, particle_bad,
                    "it has no rotation or angular velocity");
  }
  for (int i = 0; i < m->manufactured.count && !p->stop; ++i) {
    const nsb_manufactured_rotation* mr = &m->manufactured.data[i];
    loc at = deck_rec_loc(p, REC_MANUFACTURED, i, mr->line);
    if (m->nodes.data[mr->node].body_kind != NSB_BODY_RIGID) {
      VALUE(p, at, "*MANUFACTURED ROTATION: node %d does not carry a rigid body", m->nodes.data[mr->node].label);
      continue;
    }
    for (int k = 0; k < m->initials.count; ++k) {
      const nsb_initial* ic = &m->initials.data[k];
      if (ic->node != mr->node) continue;
      if (ic->kind == NSB_INIT_VELOCITY && ic->dof <= 3) continue;
      loc ic_at = deck_rec_loc(p, REC_INITIAL, k, ic->line);
      VALUE(p, at,
            "*MANUFACTURED ROTATION on node %d conflicts with the initial rotation/angular velocity given at %s:%d "
            "(the manufactured rotation sets both)",
            m->nodes.data[mr->node].label, deck_file_name(p, ic_at.file), ic_at.line);
      break;
    }
  }
}

/* *TRANSFORM: a node takes at most one; the *CLOAD records and node probes
   on its nodes act in the local system.  A *BOUNDARY on them that is the same
   in every system (DOFs 1-3, 4-6 or 1-6 held together at zero, or FIXED)
   stays an eliminated global one; one that holds some local translations
   (with 4-6 or without rotations) at zero, in the model data or the first
   step, becomes constraint rows (nsb_boundary.transform), the only record
   holding translations of its node. */
static void check_transforms(parser* p) {
  nsb_model* m = p->m;
  if (m->transforms.count == 0) return;
  int n_nodes = m->nodes.count;
  int* of = NSB_NEW_ARRAY(p->ctx, n_nodes > 0 ? n_nodes : 1, int);
  if (!of) {
    loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
    deck_oom(p, end);
    return;
  }
  for (int i = 0; i < n_nodes; ++i) of[i] = -1;
  for (int t = 0; t < m->transforms.count && !p->stop; ++t) {
    const nsb_transform* tr = &m->transforms.data[t];
    const nsb_nset* set = &m->nsets.data[tr->nset];
    loc at = deck_rec_loc(p, REC_TRANSFORM, t, tr->line);
    for (int k = 0; k < set->nodes.count && !p->stop; ++k) {
      int i = set->nodes.data[k];
      if (of[i] >= 0) {
        loc first = deck_rec_loc(p, REC_TRANSFORM, of[i], m->transforms.data[of[i]].line);
        VALUE(p, at, "*TRANSFORM: node %d already has a *TRANSFORM (%s:%d); one per node", m->nodes.data[i].label,
              deck_file_name(p, first.file), first.line);
        break;
      }
      of[i] = t;
    }
  }
  for (int i = 0; i < m->probes.count; ++i)
    if (m->probes.data[i].node >= 0 && of[m->probes.data[i].node] >= 0)
      m->probes.data[i].transform = of[m->probes.data[i].node] + 1;
  for (int i = 0; i < m->cloads.count; ++i)
    if (of[m->cloads.data[i].node] >= 0) m->cloads.data[i].transform = of[m->cloads.data[i].node] + 1;
  /* a node with a support along local directions: its first record (one per node) */
  int* skew = NSB_NEW_ARRAY(p->ctx, n_nodes > 0 ? n_nodes : 1, int);
  if (!skew) {
    loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
    deck_oom(p, end);
    NSB_FREE_ARRAY(p->ctx, of, n_nodes > 0 ? n_nodes : 1, int);
    return;
  }
  for (int i = 0; i < n_nodes; ++i) skew[i] = -1;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
      nsb_boundary* bc = &m->boundaries.data[i];
      int t = of[bc->node];
      if (t < 0) continue;
      int whole = (bc->dof_first == 1 || bc->dof_first == 4) && (bc->dof_last == 3 || bc->dof_last == 6);
      int zero = !bc->fixed && bc->value == 0.0 && bc->amplitude < 0;
      /* some local translations held: constraint rows (nsb_skew_support_ops); rotations only as a whole */
      int local = !whole && bc->dof_first <= 3 && (bc->dof_last <= 3 || bc->dof_last == 6);
      if (pass == 0) {
        if (local && zero && bc->step <= 0 && skew[bc->node] < 0) {
          skew[bc->node] = i;
          bc->transform = t + 1;
        }
        continue;
      }
      if (skew[bc->node] == i || (whole && (bc->fixed || zero) && (skew[bc->node] < 0 || bc->dof_first > 3)))
        continue;
      loc at = deck_rec_loc(p, REC_BOUNDARY, i, bc->line);
      int label = m->nodes.data[bc->node].label;
      if (skew[bc->node] >= 0 && bc->dof_first <= 3) {
        int f = skew[bc->node];
        loc first = deck_rec_loc(p, REC_BOUNDARY, f, m->boundaries.data[f].line);
        VALUE(p, at,
              "*BOUNDARY on node %d: its translations are held along local directions of its *TRANSFORM by the "
              "*BOUNDARY at %s:%d; give all of its translational supports on that one line",
              label, deck_file_name(p, first.file), first.line);
        continue;
      }
      loc tat = deck_rec_loc(p, REC_TRANSFORM, t, m->transforms.data[t].line);
      const char* why = !whole && !local ? "rotational DOFs are held only together (4-6)"
                        : !zero          ? "DOFs are held only at zero (no value, amplitude or FIXED)"
                                         : "a support along local directions belongs to the model data or the first step";
      VALUE(p, at,
            "*BOUNDARY on node %d, which has a *TRANSFORM (%s:%d), DOFs %d-%d: in a local system %s (docs/deck.md "
            "*TRANSFORM)",
            label, deck_file_name(p, tat.file), tat.line, bc->dof_first, bc->dof_last, why);
    }
  NSB_FREE_ARRAY(p->ctx, skew, n_nodes > 0 ? n_nodes : 1, int);
  NSB_FREE_ARRAY(p->ctx, of, n_nodes > 0 ? n_nodes : 1, int);
}

/* A *FREQUENCY step linearizes about the state the earlier steps reached:
   it takes no loads and no prescribed motion of its own. */

/* A *BEAM SECTION of a material without *DENSITY has no mass: refused when
   a step needs the mass (dynamic, *FREQUENCY, *MODAL DYNAMIC) or *GRAVITY
   loads the beams; reported once per section, naming the material. */
static void check_massless(parser* p) {
  const nsb_model* m = p->m;
  if (p->massless.count == 0) return;
  int step = -1, gravity = m->gravities.count > 0 ? 0 : -1;
  for (int k = 0; k < m->steps.count && step < 0; ++k)
    if (m->steps.data[k].kind == NSB_STEP_DYNAMIC || m->steps.data[k].n_modes > 0) step = k;
  if (step < 0 && gravity < 0) return;
  for (int i = 0; i + 1 < p->massless.count && !p->stop; i += 2) {
    int sec = p->massless.data[i];
    const nsb_material* mt = &m->materials.data[p->massless.data[i + 1]];
    loc at = deck_rec_loc(p, REC_SECTION, sec, m->sections.data[sec].line);
    if (step >= 0) {
      const nsb_step_def* d = &m->steps.data[step];
      VALUE(p, at, "material %s has no *DENSITY, which the %s step of line %d needs (the mass of the beams; a static "
            "step needs none)", mt->name, d->kind == NSB_STEP_DYNAMIC ? "dynamic" : d->modal_dynamic ? "modal dynamic" : "frequency",
            d->line);
    } else {
      loc g = deck_rec_loc(p, REC_GRAVITY, gravity, m->gravities.data[gravity].line);
      VALUE(p, at, "material %s has no *DENSITY, which *GRAVITY (%s:%d) needs (the weight of the beams)", mt->name,
            deck_file_name(p, g.file), g.line);
    }
  }
}

static void check_frequency_steps(parser* p) {
  const nsb_model* m = p->m;
#define NSB_FREQ_STEP(k) \
  ((k) >= 0 && (k) < m->steps.count && m->steps.data[k].n_modes > 0 && !m->steps.data[k].modal_dynamic)
  for (int i = 0; i < m->cloads.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->cloads.data[i].step))
      VALUE(p, deck_rec_loc(p, REC_CLOAD, i, m->cloads.data[i].line),
            "*CLOAD in a *FREQUENCY step: the modes are those of the state reached by the earlier steps; give the "
            "load in a *STATIC step before it");
  for (int i = 0; i < m->dloads.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->dloads.data[i].step))
      VALUE(p, deck_rec_loc(p, REC_DLOAD, i, m->dloads.data[i].line),
            "*DLOAD in a *FREQUENCY step: give the load in a *STATIC step before it");
  for (int i = 0; i < m->gravities.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->gravities.data[i].step))
      VALUE(p, deck_rec_loc(p, REC_GRAVITY, i, m->gravities.data[i].line),
            "*GRAVITY in a *FREQUENCY step: give it in a *STATIC step before it (or in the model data)");
  for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
    const nsb_boundary* bc = &m->boundaries.data[i];
    int k = bc->step;
    if (k >= 0 && k < m->steps.count && m->steps.data[k].n_modes > 0 && (bc->value != 0.0 || bc->amplitude >= 0))
      VALUE(p, deck_rec_loc(p, REC_BOUNDARY, i, bc->line),
            "*BOUNDARY with a prescribed value or amplitude in a *%s step: only holds (value 0) are allowed",
            m->steps.data[k].modal_dynamic ? "MODAL DYNAMIC" : "FREQUENCY");
  }
#undef NSB_FREQ_STEP
  /* a support moved by an amplitude of the model data (or of an earlier step in total time)
     goes on moving in a later *MODAL DYNAMIC step, whose modes are those of the held structure:
     it would be held there without a word (a shaken clamp left the beam at rest) */
  for (int k = 0; k < m->steps.count && !p->stop; ++k) {
    if (!m->steps.data[k].modal_dynamic) continue;
    for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
      const nsb_boundary* bc = &m->boundaries.data[i];
      if (bc->step >= k || bc->amplitude < 0 || bc->value == 0.0) continue;
      /* an earlier step's support on a step-time amplitude stays where its step left it */
      if (bc->step >= 0 && !m->amplitudes.data[bc->amplitude].total_time) continue;
      int live = 0; /* a DOF of the record not replaced by a later record up to step k */
      for (int d = bc->dof_first; d <= bc->dof_last && !live; ++d) {
        int replaced = 0;
        for (int j = 0; j < m->boundaries.count && !replaced; ++j)
          replaced = m->boundaries.data[j].step <= k && m->boundaries.data[j].prev[d - 1] == i;
        live = !replaced;
      }
      if (live)
        VALUE(p, deck_rec_loc(p, REC_BOUNDARY, i, bc->line),
              "*BOUNDARY with AMPLITUDE=%s moves its support in the *MODAL DYNAMIC step of line %d, which cannot move "
              "a support (its modes are those of the held structure; nsbeam has no *BASE MOTION): run that step as "
              "*DYNAMIC",
              m->amplitudes.data[bc->amplitude].name, m->steps.data[k].line);
    }
  }
}

/* *MODAL DYNAMIC (the last step: checked where a later *STEP begins):
   contacts are particles or beam nodes against obstacles, LAW=NEWTON, no
   friction; against beams (chords) too with the MODAL reduction.  After
   check_contact, which resolves the masters' kinds. */
static void check_modal_contacts(parser* p) {
  const nsb_model* m = p->m;
  if (p->modal_at.line > 0) {
    int qs = 0, spin = 0, k_modal = 0;
    for (int k = 0; k < m->steps.count; ++k)
      if (m->steps.data[k].modal_dynamic) {
        qs = m->steps.data[k].reduction;
        spin = m->steps.data[k].spinning;
        k_modal = k;
      }
    /* SPIN: the step's gravity turns in the co-rotating frame; an earlier
       step's gravity is in the start state's equilibrium, which is not a
       steady state of the spinning structure */
    if (spin && qs) VALUE(p, p->modal_at, "*MODAL DYNAMIC, SPIN takes REDUCTION=MODAL only");
    if (spin && m->restart_every > 0)
      VALUE(p, p->modal_at,
            "*MODAL DYNAMIC, SPIN writes no checkpoint (its co-rotating matrices belong to the step's start state); "
            "drop *RESTART, WRITE");
    for (int g = 0; g < m->gravities.count && spin; ++g)
      if (m->gravities.data[g].step < k_modal) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC, SPIN: the *GRAVITY of line %d belongs to an earlier step; give gravity in the "
              "spinning step (it turns in the co-rotating frame)",
              m->gravities.data[g].line);
        break;
      }
    for (int c = 0; c < m->contact_pairs.count && !p->stop; ++c) {
      const nsb_contact_pair* cp = &m->contact_pairs.data[c];
      int beams = cp->master_kind == NSB_MASTER_BEAMS;
      if ((cp->master_kind != NSB_MASTER_OBSTACLE && !beams) ||
          (cp->law != NSB_CONTACT_NEWTON && cp->law != NSB_CONTACT_HERTZ) || cp->friction != 0.0) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC handles contact pairs with an obstacle or a beam element set as master, LAW=NEWTON or "
              "HERTZ and no friction; the *CONTACT PAIR of line %d is not one",
              cp->line);
        break;
      }
      if (qs && cp->law == NSB_CONTACT_HERTZ) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC handles a LAW=HERTZ pair (the *CONTACT PAIR of line %d) with REDUCTION=MODAL only (the "
              "quasi-static reduction's contact law is the plastic position-level one)",
              cp->line);
        break;
      }
      if (spin && !beams) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC, SPIN: the contact pairs must have a beam element set as master (an obstacle stands "
              "in the inertial frame, not in the turning one); the *CONTACT PAIR of line %d has an obstacle",
              cp->line);
        break;
      }
      if (beams && (qs || cp->centreline != NSB_CENTRELINE_CHORD)) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC handles a beam master (the *CONTACT PAIR of line %d) with REDUCTION=MODAL and "
              "CENTRELINE=CHORD only%s",
              cp->line, qs ? " (the quasi-static reduction's flexibility is built for obstacle contacts)" : "");
        break;
      }
    }
  }
}

/* *STATIC, RIKS steps: the step's loads are the reference load the LPF
   scales, so there must be some and they take no amplitude; supports of the
   step only hold; the monitored node must have the DOF; no contact pairs. */

static void check_riks_steps(parser* p) {
  const nsb_model* m = p->m;
  for (int r = 0; r < p->riks_refs.count && !p->stop; ++r) {
    const riks_ref* ref = &p->riks_refs.data[r];
    int k = ref->step;
    const nsb_step_def* sd = &m->steps.data[k];
    int n_loads = 0;
    for (int i = 0; i < m->cloads.count && !p->stop; ++i) {
      if (m->cloads.data[i].step != k) continue;
      ++n_loads;
      if (m->cloads.data[i].amplitude >= 0)
        VALUE(p, deck_rec_loc(p, REC_CLOAD, i, m->cloads.data[i].line),
              "*CLOAD in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    for (int i = 0; i < m->dloads.count && !p->stop; ++i) {
      if (m->dloads.data[i].step != k) continue;
      ++n_loads;
      if (m->dloads.data[i].amplitude >= 0)
        VALUE(p, deck_rec_loc(p, REC_DLOAD, i, m->dloads.data[i].line),
              "*DLOAD in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    for (int i = 0; i < m->gravities.count && !p->stop; ++i) {
      if (m->gravities.data[i].step != k) continue;
      ++n_loads;
      if (m->gravities.data[i].amplitude >= 0)
        VALUE(p, deck_rec_loc(p, REC_GRAVITY, i, m->gravities.data[i].line),
              "*GRAVITY in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    if (n_loads == 0)
      VALUE(p, ref->at,
            "*STATIC, RIKS needs loads of its own step (*CLOAD, *DLOAD or *GRAVITY inside it): they are the reference "
            "load that the load proportionality factor scales");
    for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
      const nsb_boundary* bc = &m->boundaries.data[i];
      if (bc->step == k && (bc->value != 0.0 || bc->amplitude >= 0))
        VALUE(p, deck_rec_loc(p, REC_BOUNDARY, i, bc->line),
              "*BOUNDARY with a prescribed value or amplitude in a *STATIC, RIKS step: only holds (value 0) are "
              "allowed; prescribe the motion in a *STATIC step before it");
    }
    if (sd->riks_node >= 0 && ref->data_at.line > 0) {
      int nd = nsb_model_node_ndof(m, sd->riks_node);
      if (sd->riks_dof > nd)
        VALUE(p, ref->data_at, "monitored node %d has %d degrees of freedom, so no DOF %d",
              m->nodes.data[sd->riks_node].label, nd, sd->riks_dof);
    }
    if (m->contact_pairs.count > 0)
      VALUE(p, ref->at,
            "*STATIC, RIKS does not handle contact pairs (the model has the *CONTACT PAIR of line %d); use load "
            "control (*STATIC without RIKS)",
            m->contact_pairs.data[0].line);
  }
}

static void check_contact_detectable(parser* p, loc at, const nsb_contact_pair* c);
static void default_b2s_weightings(parser* p);
static void check_initial_penetration(parser* p, loc at, const nsb_contact_pair* c);
static void check_rect_round(parser* p, loc at, const nsb_contact_pair* c);

/* The slave of a contact pair: a node set (an element set or an obstacle of
   that name is named in the message).  Returns 0 after an error. */
static int resolve_slave(parser* p, loc at, const contact_ref* ref, nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  int ok = 1;
  c->slave_nset = nsb_model_find_nset(m, ref->slave);
  if (c->slave_nset < 0) {
    const char* what = nsb_model_find_elset(m, ref->slave) >= 0      ? "an element set"
                       : nsb_model_find_obstacle(m, ref->slave) >= 0 ? "an obstacle"
                                                                     : NULL;
    if (what)
      VALUE(p, at,
            "*CONTACT PAIR: slave node set %s is not defined (%s is %s; the slave must be a node set of particles, rigid "
            "bodies or beam nodes)",
            ref->slave, ref->slave, what);
    else
      VALUE(p, at, "*CONTACT PAIR: slave node set %s is not defined", ref->slave);
    ok = 0;
  }
  return ok;
}

/* The master of a contact pair: an obstacle, an element set (beams) or a node
   set (particles), whose name must be unique among them.  Returns 0 after an
   error. */
static int resolve_master(parser* p, loc at, const contact_ref* ref, nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  int ok = 1;
  int ob = nsb_model_find_obstacle(m, ref->master);
  int es = nsb_model_find_elset(m, ref->master);
  int ns = nsb_model_find_nset(m, ref->master);
  if (ob >= 0 && (es >= 0 || ns >= 0)) {
    loc def = deck_rec_loc(p, REC_OBSTACLE, ob, m->obstacles.data[ob].line);
    VALUE(p, at, "*CONTACT PAIR: master name %s is ambiguous: it names an obstacle (%s:%d) and %s", ref->master,
          deck_file_name(p, def.file), def.line,
          es >= 0 && ns >= 0 ? "an element set and a node set"
          : es >= 0          ? "an element set"
                             : "a node set");
    ok = 0;
  } else if (es >= 0 && ns >= 0) {
    VALUE(p, at, "*CONTACT PAIR: master name %s is ambiguous: it names both an element set and a node set",
          ref->master);
    ok = 0;
  } else if (ob >= 0) {
    c->master_kind = NSB_MASTER_OBSTACLE;
    c->master = ob;
  } else if (es >= 0) {
    c->master_kind = NSB_MASTER_BEAMS;
    c->master = es;
  } else if (ns >= 0) {
    c->master_kind = NSB_MASTER_PARTICLES;
    c->master = ns;
  } else {
    VALUE(p, at, "*CONTACT PAIR: master %s is not defined (no obstacle, element set or node set has that name)",
          ref->master);
    ok = 0;
  }
  return ok;
}

/* RADIUS and CENTRELINE=HERMITE apply only to a master element set of beams.
   Returns 0 after an error. */
static int check_master_options(parser* p, loc at, const contact_ref* ref, const nsb_contact_pair* c) {
  if (c->master_radius >= 0.0 && c->master_kind != NSB_MASTER_BEAMS) {
    VALUE(p, at, "*CONTACT PAIR: RADIUS applies only to a master element set of beams; %s is %s", ref->master,
          c->master_kind == NSB_MASTER_OBSTACLE ? "an obstacle" : "a node set");
    return 0;
  }
  if (c->centreline == NSB_CENTRELINE_HERMITE && c->master_kind != NSB_MASTER_BEAMS) {
    VALUE(p, at, "*CONTACT PAIR: CENTRELINE=HERMITE applies only to a master element set of beams; %s is %s",
          ref->master, c->master_kind == NSB_MASTER_OBSTACLE ? "an obstacle" : "a node set");
    return 0;
  }
  return 1;
}

/* What the node sets of a contact pair hold: every slave node a particle or a
   beam node, every node of a master node set (checked when master_ok) a
   particle. */
static void check_pair_node_sets(parser* p, loc at, const nsb_contact_pair* c, int master_ok) {
  const nsb_model* m = p->m;
  for (int side = 0; side < 2 && !p->stop; ++side) {
    int set = side == 0 ? c->slave_nset : master_ok && c->master_kind == NSB_MASTER_PARTICLES ? c->master : -1;
    if (set < 0) continue;
    const nsb_nset* s = &m->nsets.data[set];
    const char* role = side == 0 ? "slave" : "master";
    if (s->nodes.count == 0) {
      VALUE(p, at, "*CONTACT PAIR: %s node set %s is empty", role, s->name);
      continue;
    }
    /* slaves: particles or beam nodes (SLAVE RADIUS concerns the beam nodes only) */
    for (int k = 0; k < s->nodes.count; ++k) {
      const nsb_node* nd = &m->nodes.data[s->nodes.data[k]];
      if (nd->body_kind == NSB_BODY_PARTICLE) continue;
      if (side == 0 && nd->body_kind == NSB_BODY_NONE && nd->n_beams > 0) continue;
      if (side == 0 && nd->body_kind == NSB_BODY_RIGID) continue; /* against obstacles: deck_check_contact_points */
      if (side == 0)
        VALUE(p, at,
              "*CONTACT PAIR: node %d of slave node set %s carries no particle, no rigid body and no beam (a slave "
              "node needs a *PARTICLE, a *RIGID BODY or a beam element)",
              nd->label, s->name);
      else
        VALUE(p, at,
              "*CONTACT PAIR: node %d of master node set %s carries %s, not a particle (a master node set holds "
              "particles; beams are masters through an element set)",
              nd->label, s->name,
              nd->body_kind == NSB_BODY_RIGID ? "a rigid body" : nd->n_beams > 0 ? "a beam" : "no body");
      break;
    }
  }
}

/* A master element set holds beams only.  Returns 0 after an error. */
static int check_master_beams(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  const nsb_elset* s = &m->elsets.data[c->master];
  if (s->elements.count == 0) VALUE(p, at, "*CONTACT PAIR: master element set %s is empty", s->name);
  for (int k = 0; k < s->elements.count; ++k) {
    const nsb_element* e = &m->elements.data[s->elements.data[k]];
    if (nsb_etype_is_beam(e->type)) continue;
    VALUE(p, at, "*CONTACT PAIR: element %d of master element set %s is a %s element, not a beam (B2V, B2S)",
          e->label, s->name, deck_etype_name(e->type));
    return 0;
  }
  return 1;
}

/* Contact pairs after reading: resolve the slave node set and the master
   (obstacle, element set of beams, node set of particles; case-insensitive;
   a name that fits two kinds is ambiguous) and check what they hold against
   the bodies of the whole deck.  Errors at the pair's data line. */
static void check_contact(parser* p) {
  nsb_model* m = p->m;
  if (p->contact_refs.count > 0) nsb_model_beam_node_contact(m);
  for (int r = 0; r < p->contact_refs.count && !p->stop; ++r) {
    contact_ref* ref = &p->contact_refs.data[r];
    nsb_contact_pair* c = &m->contact_pairs.data[ref->pair];
    loc at = ref->at;
    int ok = resolve_slave(p, at, ref, c);
    int master_ok = resolve_master(p, at, ref, c);
    ok = ok && master_ok;
    if (ok) ok = check_master_options(p, at, ref, c);
    check_pair_node_sets(p, at, c, ok);
    if (ok && c->master_kind == NSB_MASTER_BEAMS) ok = check_master_beams(p, at, c);
    ref->resolved = ok;
  }
  default_b2s_weightings(p); /* every pair's bodies known, before the checks that read the weighting */
  for (int r = 0; r < p->contact_refs.count && !p->stop; ++r) {
    const contact_ref* ref = &p->contact_refs.data[r];
    nsb_contact_pair* c = &m->contact_pairs.data[ref->pair];
    loc at = ref->at;
    int ok = ref->resolved;
    if (ok && c->slave_nset >= 0 && m->nsets.data[c->slave_nset].nodes.count > 0)
      ok = deck_check_contact_points(p, at, ref, c);
    if (ok && c->slave_nset >= 0) ok = deck_check_contact_mass(p, at, c);
    if (ok && c->slave_nset >= 0) deck_check_impact_mode(p, at, c);
    if (ok && c->slave_nset >= 0) ok = deck_check_contact_friction(p, at, c);
    if (ok && c->slave_nset >= 0) ok = deck_check_body_face(p, at, ref, c);
    if (ok && c->slave_nset >= 0 && p->n_errors == 0) check_contact_detectable(p, at, c);
    if (ok && p->n_errors == 0) deck_default_contact_mass(p, ref, c);
    if (ok && c->slave_nset >= 0 && p->n_errors == 0) check_initial_penetration(p, at, c);
    if (ok && c->slave_nset >= 0 && p->n_errors == 0) check_rect_round(p, at, c);
  }
  if (p->n_errors == 0) deck_default_contact_mass_shared(p);
  nsb_model_mark_massless_slaves(m);
}

/* A contact between two points (a particle of radius 0 against another, or
   against a beam centreline of radius 0) has a gap that never reaches zero
   in floating point: it can never be detected, and the bodies pass through
   each other silently.  Refuse such a pair, naming a slave node that has it. */

static void check_contact_detectable(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (c->master_kind == NSB_MASTER_OBSTACLE) return; /* planes, spheres, cylinders have extent */
  double master_min = HUGE_VAL;
  if (c->master_kind == NSB_MASTER_PARTICLES) {
    const nsb_nset* ms = &m->nsets.data[c->master];
    for (int k = 0; k < ms->nodes.count; ++k) {
      const nsb_node* nd = &m->nodes.data[ms->nodes.data[k]];
      if (nd->body_kind == NSB_BODY_PARTICLE) master_min = fmin(master_min, m->particles.data[nd->body].radius);
    }
  } else {
    const nsb_elset* es = &m->elsets.data[c->master];
    for (int k = 0; k < es->elements.count; ++k) {
      const nsb_element* e = &m->elements.data[es->elements.data[k]];
      if (e->section < 0) continue;
      double r = c->master_radius >= 0.0 ? c->master_radius : nsb_section_contact_radius(&m->sections.data[e->section]);
      master_min = fmin(master_min, r);
    }
  }
  if (master_min > 0.0 || master_min == HUGE_VAL) return;
  const nsb_nset* ss = &m->nsets.data[c->slave_nset];
  for (int k = 0; k < ss->nodes.count; ++k) {
    const nsb_node* nd = &m->nodes.data[ss->nodes.data[k]];
    double r = nd->body_kind == NSB_BODY_PARTICLE ? m->particles.data[nd->body].radius
               : c->slave_radius >= 0.0           ? c->slave_radius
                                                  : nd->contact_radius;
    if (r > 0.0) continue;
    VALUE(p, at,
          "*CONTACT PAIR: slave node %d has contact radius 0 and so has the master %s: two points never touch, "
          "this contact could never be detected (give the particles a RADIUS, the beams a section or RADIUS=)",
          nd->label, c->master_kind == NSB_MASTER_PARTICLES ? "particle set" : "beam set");
    return;
  }
}

/* The node's rotation at t = 0: its last *INITIAL CONDITIONS, TYPE=ROTATION, else the identity. */
static nsb_mat3 initial_rotation(const nsb_model* m, int node) {
  if (!m->nodes.data[node].contact_rect) return nsb_m3_identity();
  for (int k = m->initials.count - 1; k >= 0; --k)
    if (m->initials.data[k].kind == NSB_INIT_ROTATION && m->initials.data[k].node == node)
      return nsb_so3_exp(nsb_v3_load(m->initials.data[k].vec));
  return nsb_m3_identity();
}

static int nonsquare_rect(const nsb_section* s) {
  return (s->shape == NSB_SECTION_RECT || s->shape == NSB_SECTION_BOX || s->shape == NSB_SECTION_I) &&
         s->dims[0] != s->dims[1];
}

/* Whether particle node pn, at its initial position, lies off the wider faces of its
   nearest element of set es (by the chord; the first of equals), *el that element: a
   non-square rectangle whose boundary, along the in-plane direction u = (u2, u3) from the
   axis at the closest point of the chord, is more than 1 % of the circle's radius beyond
   the circle (at min(a2/|u2|, a3/|u3|) |u|; the half smaller side only straight off a
   wider face).  O(elements of the set). */
static int particle_off_face(const nsb_model* m, const nsb_elset* es, int pn, int* el) {
  nsb_vec3 xp = nsb_v3_load(m->nodes.data[pn].X), d = nsb_v3_zero();
  double best = HUGE_VAL;
  int near = -1;
  for (int k = 0; k < es->elements.count; ++k) {
    const nsb_element* f = &m->elements.data[es->elements.data[k]];
    nsb_vec3 fa = nsb_v3_load(m->nodes.data[f->nodes[0]].X), fv = nsb_v3_sub(nsb_v3_load(m->nodes.data[f->nodes[1]].X), fa);
    double F2 = nsb_v3_dot(fv, fv), t = F2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, fa), fv) / F2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    nsb_vec3 df = nsb_v3_sub(xp, nsb_v3_muladd(fa, t, fv));
    if (nsb_v3_norm(df) < best) best = nsb_v3_norm(df), near = es->elements.data[k], d = df;
  }
  if (near < 0 || m->elements.data[near].section < 0) return 0;
  const nsb_section* s = &m->sections.data[m->elements.data[near].section];
  if (!nonsquare_rect(s)) return 0;
  double a2 = 0.5 * s->dims[0], a3 = 0.5 * s->dims[1], r = fmin(a2, a3), g2[3], g3[3];
  nsb_beam_end_axes(m, near, 0, g2, g3);
  double u2 = fabs(nsb_v3_dot(d, nsb_v3_load(g2))), u3 = fabs(nsb_v3_dot(d, nsb_v3_load(g3))), u = hypot(u2, u3);
  if (!(u > 0.0)) return 0;
  double rho = fmin(u2 > 0.0 ? a2 * u / u2 : HUGE_VAL, u3 > 0.0 ? a3 * u / u3 : HUGE_VAL);
  if (!(rho - r > 0.01 * r)) return 0;
  *el = near;
  return 1;
}

/* A non-square rectangle that a pair treats as a circle (docs/contact.md §8.3-§8.5: the
   rectangle itself for a beam node against a plane and for particles against beams under
   LAW=HERTZ or LAW=NEWTON on the chord, nsb_contact_rect_master, outside *MODAL DYNAMIC
   steps): a beam element of a master set without RADIUS= (beam-beam; particle-beam under
   LAW=WINKLER, on the Hermite centreline or in a model with a *MODAL DYNAMIC step, whose
   reduced contacts keep the circle, when a particle starts off the wider faces of its
   nearest element, particle_off_face), a beam node of the slaves without
   SLAVE RADIUS= against beams, particles, a sphere, a cylinder or a rigid body's face.
   A warning at the pair's data line naming the radius used, not an error: the round
   contact is today's model, and RADIUS=/SLAVE RADIUS= choose it knowingly. */
static void check_rect_round(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (!p->err) return;
  if (c->master_kind == NSB_MASTER_BEAMS && c->master_radius < 0.0) {
    const nsb_elset* es = &m->elsets.data[c->master];
    const nsb_nset* ss = &m->nsets.data[c->slave_nset];
    int beam_slaves = 0;
    for (int k = 0; k < ss->nodes.count; ++k) beam_slaves |= m->nodes.data[ss->nodes.data[k]].body_kind == NSB_BODY_NONE;
    /* beam slaves: any such element; particles only: one that starts where the circle
       misses the rectangle of its nearest element */
    int el = -1, pn = -1;
    for (int k = 0; k < es->elements.count && el < 0 && beam_slaves; ++k) {
      const nsb_element* e = &m->elements.data[es->elements.data[k]];
      if (e->section >= 0 && nonsquare_rect(&m->sections.data[e->section])) el = es->elements.data[k];
    }
    /* particles against a pair that takes the rectangle itself (docs/contact.md §8.4,
       §8.5): no circle, no warning; solver/reduced.c keeps the circle */
    double half[2], ax[2][3];
    int modal = 0;
    for (int k = 0; k < m->steps.count; ++k) modal |= m->steps.data[k].modal_dynamic;
    for (int k = 0; k < ss->nodes.count && el < 0 && !beam_slaves; ++k)
      if (particle_off_face(m, es, ss->nodes.data[k], &el)) {
        pn = ss->nodes.data[k];
        if (!modal && nsb_contact_rect_master(m, c, el, half, ax)) el = pn = -1;
      }
    if (el >= 0) {
      const nsb_element* e = &m->elements.data[el];
      const nsb_section* s = &m->sections.data[e->section];
      char who[64] = "";
      if (pn >= 0) snprintf(who, sizeof who, " (particle node %d starts off its wider faces)", m->nodes.data[pn].label);
      fprintf(p->err,
              "%s:%d: warning: *CONTACT PAIR: beam element %d of master set %s has a %g x %g rectangular section; "
              "this contact takes it as a circle of radius %g (half the smaller side): a body on a narrow face "
              "sinks %g into it%s; give RADIUS= to choose the radius\n",
              deck_file_name(p, at.file), at.line, e->label, es->name, s->dims[0], s->dims[1],
              nsb_section_contact_radius(s), 0.5 * fabs(s->dims[0] - s->dims[1]), who);
    }
  }
  if (c->slave_radius >= 0.0 || c->points >= 0) return;
  int plane = c->master_kind == NSB_MASTER_OBSTACLE && m->obstacles.data[c->master].kind == NSB_OBSTACLE_PLANE &&
              m->obstacles.data[c->master].body < 0;
  const nsb_nset* ss = &m->nsets.data[c->slave_nset];
  for (int k = 0; k < ss->nodes.count; ++k) {
    const nsb_node* nd = &m->nodes.data[ss->nodes.data[k]];
    if (nd->body_kind != NSB_BODY_NONE || !nd->contact_rect || nd->contact_half[0] == nd->contact_half[1] || plane)
      continue;
    fprintf(p->err,
            "%s:%d: warning: *CONTACT PAIR: slave beam node %d has a %g x %g rectangular section; this contact "
            "takes it as a circle of radius %g (half the smaller side; the rectangle itself only against a plane "
            "obstacle); give SLAVE RADIUS= to choose the radius\n",
            deck_file_name(p, at.file), at.line, nd->label, 2.0 * nd->contact_half[0], 2.0 * nd->contact_half[1],
            nd->contact_radius);
    break;
  }
}

/* A particle or beam node that starts inside a fixed or translating obstacle under Newton's law
   is not pushed out (the law acts on velocities: the contact is closed from t = 0 and the
   penetration stays).  A beam node's contact radius is half its section's smaller side (a
   circle's radius) unless SLAVE RADIUS= says otherwise, and against a plane a rectangle's extent
   toward it (nsb_contact_node_extent, docs/contact.md §8.3): a round bar (r = 10 mm) standing on
   its end 0.1 mm above a floor starts 9.9 mm inside it and strikes at t = 0.  A warning at the pair's data line (stderr), not
   an error: a resting body set into its support by round-off is common, so only a penetration
   beyond 1 % of the node's radius (or 1e-9 of the model's size for radius 0) counts. */
static void check_initial_penetration(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (!p->err || c->law != NSB_CONTACT_NEWTON || c->master_kind != NSB_MASTER_OBSTACLE) return;
  if (m->obstacles.data[c->master].body >= 0) return; /* a face of a rigid body: rigid-body slaves */
  const nsb_nset* ss = &m->nsets.data[c->slave_nset];
  double extent = model_extent(m);
  int count = 0, first = -1;
  double first_gap = 0.0, first_r = 0.0;
  for (int k = 0; k < ss->nodes.count; ++k) {
    int node = ss->nodes.data[k];
    const nsb_node* nd = &m->nodes.data[node];
    if (nd->body_kind == NSB_BODY_RIGID) continue;
    double r = nsb_contact_node_extent(m, c, node, nsb_v3_load(m->obstacles.data[c->master].dir), initial_rotation(m, node));
    nsb_vec3 n, v;
    double gap = nsb_obstacle_gap(m, c->master, 0.0, nsb_v3_load(nd->X), r, nsb_v3_load(m->obstacles.data[c->master].dir),
                                  &n, &v);
    if (gap >= -fmax(0.01 * r, 1e-9 * extent)) continue;
    if (count++ == 0) first = node, first_gap = gap, first_r = r;
  }
  if (count == 0) return;
  const nsb_node* nd = &m->nodes.data[first];
  fprintf(p->err,
          "%s:%d: warning: *CONTACT PAIR: slave node %d starts %.3g inside obstacle %s (its contact radius is %.3g%s): "
          "Newton's law does not push it out, the contact is closed from t = 0; place the node outside%s\n",
          deck_file_name(p, at.file), at.line, nd->label, -first_gap, m->obstacles.data[c->master].name, first_r,
          nd->body_kind == NSB_BODY_PARTICLE ? ", the particle's RADIUS"
          : c->slave_radius >= 0.0           ? ", the pair's SLAVE RADIUS"
          : nd->contact_rect && m->obstacles.data[c->master].kind == NSB_OBSTACLE_PLANE
              ? ": the rectangle's extent toward the plane"
              : ": half the section's smaller side, or its radius",
          nd->body_kind == NSB_BODY_PARTICLE ? "" : " or give the pair a SLAVE RADIUS= (0: the node itself)");
  if (count > 1) fprintf(p->err, "  (and %d more slave node%s of the pair)\n", count - 1, count > 2 ? "s" : "");
}

/* Default output, as Abaqus and CalculiX write one: a deck that asks for no
   output at all (no *OUTPUT, *PROBE, *NODE PRINT, *EL PRINT or field output
   keyword) gets, besides the history rows every step writes, VTK frames: about
   100 per time or load step (every increment of a shorter one), every
   increment of an arc-length step, and the mode shapes of a *FREQUENCY step. */
static void default_output(parser* p) {
  nsb_model* m = p->m;
  if (p->output_asked || m->probes.count > 0) return;
  for (int k = 0; k < m->steps.count; ++k) {
    const nsb_step_def* s = &m->steps.data[k];
    if (s->vtk_every > 0 || s->contact_every > 0) return; /* field output asked (*NODE FILE, ...) */
  }
  for (int k = 0; k < m->steps.count; ++k) {
    nsb_step_def* s = &m->steps.data[k];
    double n = 1.0;
    if (!s->riks && s->n_modes == 0 && s->h > 0.0)
      n = s->kind == NSB_STEP_STATIC ? 1.0 / s->h : s->period / s->h;
    long every = n > 100.0 ? (long)(n / 100.0) : 1;
    s->vtk_every = every > 1000000000L ? 1000000000 : (int)every;
  }
}

/* A deck gives no units, but its *GRAVITY does when it is the earth's in one
   of the usual systems: 9.81 is m/s^2, 9810 mm/s^2, 9.81e-3 mm/ms^2, 386.1
   in/s^2.  Then the axial wave speed sqrt(EA / rho A) of every beam section is
   a speed in known units, and one outside 10 m/s (soft rubber is 30 m/s) to
   1e5 m/s (beryllium 12.9 km/s) means that E or rho is in other units than
   the lengths, times and masses (E in MPa in a deck in m and kg: 5 m/s, and
   the run fails to converge without a word).  A warning (stderr, the
   section's line), not an error: a soft silicone member or a link made rigid
   by a huge E is a choice. */
static void check_unit_plausibility(parser* p) {
  const nsb_model* m = p->m;
  static const struct {
    double g, length, time; /* g in the system's units; its units of length and time in m, s */
    const char* name;
  } sys[] = {{9.81, 1.0, 1.0, "m/s^2"}, {9810.0, 1e-3, 1.0, "mm/s^2"}, {9.81e-3, 1e-3, 1e-3, "mm/ms^2"},
             {386.09, 0.0254, 1.0, "in/s^2"}};
  if (!p->err || m->gravities.count == 0) return;
  const nsb_gravity* gr = &m->gravities.data[0];
  double g = sqrt(gr->g[0] * gr->g[0] + gr->g[1] * gr->g[1] + gr->g[2] * gr->g[2]);
  int k = -1;
  for (int j = 0; j < (int)(sizeof sys / sizeof sys[0]); ++j)
    if (fabs(g - sys[j].g) < 0.02 * sys[j].g) k = j; /* 9.78 ... 9.83 m/s^2 on the earth */
  if (k < 0) return;
  for (int i = 0; i < m->sections.count; ++i) {
    const nsb_section* sec = &m->sections.data[i];
    if (!(sec->EA > 0.0 && sec->rhoA > 0.0)) continue;
    double c = sqrt(sec->EA / sec->rhoA) * sys[k].length / sys[k].time;
    if (c >= 10.0 && c <= 1e5) continue;
    loc at = deck_rec_loc(p, REC_SECTION, i, sec->line);
    loc ga = deck_rec_loc(p, REC_GRAVITY, 0, gr->line);
    fprintf(p->err,
            "%s:%d: warning: the section's axial wave speed sqrt(EA/(rho A)) is %.3g m/s if *GRAVITY %g (%s:%d) is in "
            "%s (steel 5200 m/s, rubber 30 m/s): are E and the density in the units of the deck's lengths, masses "
            "and times?\n",
            deck_file_name(p, at.file), at.line, c, g, deck_file_name(p, ga.file), ga.line, sys[k].name);
    return; /* one warning: the others would repeat it */
  }
}

/* The weighting of beam elements whose *ELEMENT line does not name one: Galerkin for velocity
   elements in a model with a *DYNAMIC step, collocation otherwise.  The collocation element's
   linearized mass and stiffness pencil is not symmetric and has growing modes on some meshes
   (benchmarks/step_loaded_cantilever: 4-6 elements of a cantilever under a step load gain up to
   1e11 times the load's work); the Galerkin equations conserve energy.  In statics, frequency and
   modal steps collocation keeps the node equilibrium exact in 3-D (docs/deck.md, WEIGHTING=).
   Strain elements (B2S) are left at -1 here: their default needs the contact pairs resolved
   (default_b2s_weightings, from check_contact). */
static void default_weightings(parser* p) {
  nsb_model* m = p->m;
  int dynamic = 0;
  for (int k = 0; k < m->steps.count; ++k)
    if (m->steps.data[k].kind == NSB_STEP_DYNAMIC) dynamic = 1;
  for (int i = 0; i < m->elements.count; ++i) {
    nsb_element* e = &m->elements.data[i];
    if (e->weighting < 0 && e->type != NSB_ETYPE_B2S) e->weighting = dynamic && e->type == NSB_ETYPE_B2V ? 1 : 0;
  }
}

/* Whether a B2S element is in contact pair c: a node of it among the slave nodes, or the element
   in the master element set. */
static int b2s_in_pair(const nsb_model* m, const nsb_contact_pair* c) {
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (e->type != NSB_ETYPE_B2S) continue;
    if (c->slave_nset >= 0) {
      const nsb_nset* s = &m->nsets.data[c->slave_nset];
      for (int k = 0; k < s->nodes.count; ++k)
        if (s->nodes.data[k] == e->nodes[0] || s->nodes.data[k] == e->nodes[1]) return 1;
    }
    if (c->master_kind == NSB_MASTER_BEAMS) {
      const nsb_elset* s = &m->elsets.data[c->master];
      for (int k = 0; k < s->elements.count; ++k)
        if (s->elements.data[k] == i) return 1;
    }
  }
  return 0;
}

/* The default weighting of B2S elements (docs/deck.md, WEIGHTING=): Galerkin in a model with a
   *DYNAMIC step and a LAW=NEWTON contact pair that holds a B2S element (a node of it among the
   slave nodes, or the element in the master element set), collocation otherwise.  Struck across
   its axis by a ball (e = 0, the node's mass, RHOINF=1) a ten-element collocation cantilever gained
   1.05 E0 and a bar falling tip first on a floor 0.81 E0, where Galerkin kept 2.2e-7 and 1.4e-7;
   with the default scheme a five-element one gained 0.087 E0 (tests/user struck_cantilever_b2s).
   Without impacts collocation keeps the step-loaded cantilever's energy to 1.7e-4 of the work,
   and the tree's dynamic decks run no better with Galerkin (benchmarks/b2s_default).  One choice
   for the whole model, so that a member's elements share their weighting.  Called once every pair
   is resolved (the pairs whose names failed are left out) and before the checks that read the
   weighting. */
static void default_b2s_weightings(parser* p) {
  nsb_model* m = p->m;
  int dynamic = 0, impact = 0;
  for (int k = 0; k < m->steps.count; ++k)
    if (m->steps.data[k].kind == NSB_STEP_DYNAMIC) dynamic = 1;
  for (int r = 0; r < p->contact_refs.count && dynamic && !impact; ++r) {
    const contact_ref* ref = &p->contact_refs.data[r];
    const nsb_contact_pair* c = &m->contact_pairs.data[ref->pair];
    if (ref->resolved && c->law == NSB_CONTACT_NEWTON) impact = b2s_in_pair(m, c);
  }
  for (int i = 0; i < m->elements.count; ++i) {
    nsb_element* e = &m->elements.data[i];
    if (e->type == NSB_ETYPE_B2S && e->weighting < 0) e->weighting = impact;
  }
}

void deck_check_model(parser* p) {
  default_weightings(p);
  const nsb_model* m = p->m;
  loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
  if (p->in_step) SYNTAX(p, p->step_at, "end of file inside the step that starts here (missing *END STEP)");
  resolve_amplitudes(p);
  deck_resolve_section_materials(p);
  for (int i = 0; i < m->elements.count && !p->stop; ++i)
    if (m->elements.data[i].type == NSB_ETYPE_SPRINGA && !m->elements.data[i].has_property)
      VALUE(p, deck_rec_loc(p, REC_ELEMENT, i, m->elements.data[i].line),
            "SPRINGA element %d has no stiffness (add it to an element set with *SPRING)", m->elements.data[i].label);
  for (int i = 0; i < m->elements.count && !p->stop; ++i)
    if (m->elements.data[i].type == NSB_ETYPE_DASHPOTA && !m->elements.data[i].has_property)
      VALUE(p, deck_rec_loc(p, REC_ELEMENT, i, m->elements.data[i].line),
            "DASHPOTA element %d has no damping coefficient (add it to an element set with *DASHPOT)",
            m->elements.data[i].label);
  check_beams(p);
  check_joints(p);
  check_transforms(p);
  check_supports_and_loads(p);
  check_massless(p);
  check_frequency_steps(p);
  check_riks_steps(p);
  deck_check_obstacle_bodies(p);
  check_contact(p);
  check_modal_contacts(p);
  /* emptiness checks only for otherwise clean decks: after other errors they are mostly echoes */
  if (p->n_errors > 0) return;
  if (m->steps.count == 0) SYNTAX(p, end, "the deck has no *STEP");
  default_output(p);
  check_unit_plausibility(p);
  int any_dof = 0;
  for (int i = 0; i < m->nodes.count; ++i)
    if (nsb_model_node_ndof(m, i) > 0) any_dof = 1;
  if (!any_dof)
    VALUE(p, end, "the model has no degrees of freedom (no node carries a *RIGID BODY, *PARTICLE or beam element)");
}

/* deck_contact.c -- the contact keywords of the deck reader: *OBSTACLE and
 * *CONTACT PAIR (see deck_internal.h and docs/deck.md).  The names on the
 * contact pair data lines are resolved once the whole deck is read
 * (deck_check.c).
 */
#include "io/deck_internal.h"

#include <math.h>
#include <string.h>

/* Fields of the *OBSTACLE data line (kind: nsb_obstacle_kind; moving: AMPLITUDE= given). */
static const char* obstacle_usage(int kind, int moving) {
  static const char* const fixed[] = {"px, py, pz, nx, ny, nz", "cx, cy, cz, R", "px, py, pz, ax, ay, az, R"};
  static const char* const moved[] = {"px, py, pz, nx, ny, nz, dx, dy, dz", "cx, cy, cz, R, dx, dy, dz",
                                      "px, py, pz, ax, ay, az, R, dx, dy, dz"};
  return moving ? moved[kind] : fixed[kind];
}

/* Number of geometry fields (before the motion vector) of an obstacle kind. */
static int obstacle_geometry_fields(int kind) {
  return kind == NSB_OBSTACLE_PLANE ? 6 : kind == NSB_OBSTACLE_SPHERE ? 4 : 7;
}

/* *OBSTACLE: the record is pushed at the keyword line (so that a bad data line
   does not make the contact pairs that name it fail too); the data line fills it. */

void deck_begin_obstacle(parser* p, loc at, const pval* v) {
  int o = nsb_model_find_obstacle(p->m, v[0].s);
  if (o >= 0) {
    loc first = deck_rec_loc(p, REC_OBSTACLE, o, p->m->obstacles.data[o].line);
    VALUE(p, at, "obstacle %s is already defined (%s:%d)", v[0].s, deck_file_name(p, first.file), first.line);
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_obstacle ob;
  memset(&ob, 0, sizeof ob);
  snprintf(ob.name, sizeof ob.name, "%s", v[0].s);
  ob.kind = (nsb_obstacle_kind)v[1].i;
  ob.amplitude = -1;
  ob.line = at.line;
  /* a bad SPIN is reported and dropped; the obstacle stays (no echo errors at its contact pairs) */
  if (v[3].set) {
    /* (the parameter parser already refuses non-finite values) */
    if (ob.kind == NSB_OBSTACLE_SPHERE)
      VALUE(p, at, "*OBSTACLE: SPIN applies to TYPE=PLANE (about its normal) and TYPE=CYLINDER (about its axis)");
    else if (fabs(v[3].d) > NSB_DECK_SPIN_MAX)
      VALUE(p, at, "*OBSTACLE: SPIN must satisfy |SPIN| <= %g rad/s (faster than any machine), got %.12g",
            NSB_DECK_SPIN_MAX, v[3].d);
    else
      ob.spin = v[3].d;
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->obstacles, ob) != NSB_OK || deck_note_rec_file(p, REC_OBSTACLE, at.file) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->obstacles.count - 1;
  p->b.sub = v[1].i;
  deck_begin_load(p, &v[2]);
  if (p->b.has_amp) deck_add_amp_ref(p, REC_OBSTACLE, p->b.index, 1, 0, p->b.amp, at);
}

void deck_data_obstacle(parser* p, loc at) {
  static const char* const names[3][7] = {{"px", "py", "pz", "nx", "ny", "nz", NULL},
                                          {"cx", "cy", "cz", "R", NULL, NULL, NULL},
                                          {"px", "py", "pz", "ax", "ay", "az", "R"}};
  static const char* const motion[] = {"dx", "dy", "dz"};
  static const char* const kinds[] = {"PLANE", "SPHERE", "CYLINDER"};
  if (!deck_only_one_line(p, at)) return;
  int kind = p->b.sub, moving = p->b.has_amp;
  int ng = obstacle_geometry_fields(kind);
  int n = p->n_fields;
  if (n == 1 && p->fields[0][0] == '\0') n = 0;
  if (!moving && n == ng + 3) {
    VALUE(p, at,
          "*OBSTACLE: a motion vector (dx, dy, dz) is given but no AMPLITUDE= (the obstacle moves by amplitude(t) * d; "
          "without AMPLITUDE it is fixed and takes %s)",
          obstacle_usage(kind, 0));
    return;
  }
  if (moving && n == ng) {
    VALUE(p, at, "*OBSTACLE with AMPLITUDE=%s needs the motion vector dx, dy, dz after the geometry (%s)", p->b.amp,
          obstacle_usage(kind, 1));
    return;
  }
  if (!deck_expect_fields(p, at, ng + 3 * moving, ng + 3 * moving, obstacle_usage(kind, moving))) return;
  double x[10];
  for (int k = 0; k < n; ++k)
    if (!deck_get_real(p, at, p->fields[k], k < ng ? names[kind][k] : motion[k - ng], &x[k])) return;
  nsb_obstacle* ob = &p->m->obstacles.data[p->b.index];
  int ok = 1;
  if (kind != NSB_OBSTACLE_SPHERE && !deck_unit3(x + 3, ob->dir)) {
    VALUE(p, at, "*OBSTACLE, TYPE=%s: the %s must be a non-zero vector", kinds[kind],
          kind == NSB_OBSTACLE_PLANE ? "normal (nx, ny, nz)" : "axis (ax, ay, az)");
    ok = 0;
  }
  if (kind != NSB_OBSTACLE_PLANE && !(x[ng - 1] > 0.0)) {
    VALUE(p, at, "*OBSTACLE, TYPE=%s: radius R must be > 0, got %.12g", kinds[kind], x[ng - 1]);
    ok = 0;
  }
  if (moving && x[ng] == 0.0 && x[ng + 1] == 0.0 && x[ng + 2] == 0.0) {
    VALUE(p, at,
          "*OBSTACLE: the motion vector (dx, dy, dz) must be non-zero (leave out AMPLITUDE= for a fixed obstacle)");
    ok = 0;
  }
  if (!ok) return;
  memcpy(ob->point, x, sizeof ob->point);
  ob->radius = kind == NSB_OBSTACLE_PLANE ? 0.0 : x[ng - 1];
  if (moving) memcpy(ob->motion, x + ng, sizeof ob->motion);
}

void deck_end_obstacle(parser* p) {
  if (p->b.n_data == 0) SYNTAX(p, p->b.at, "*OBSTACLE needs a data line (%s)", obstacle_usage(p->b.sub, p->b.has_amp));
}

/* Parameter names by position in the *CONTACT PAIR row of kw_table (deck.c). */
static const char* const pair_param_names[] = {"LAW", "RESTITUTION", "FRICTION", "STIFFNESS", "EXPONENT", "DAMPING",
                                               "RADIUS"};

/* *CONTACT PAIR, LAW=NEWTON: RESTITUTION and FRICTION; the Hertz parameters
   are refused.  Returns 0 after an error. */
static int newton_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  int ok = 1;
  for (int k = 3; k <= 5; ++k)
    if (v[k].set) {
      VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=HERTZ", pair_param_names[k]);
      ok = 0;
    }
  if (v[1].set) {
    if (v[1].d >= 0.0 && v[1].d <= 1.0) c->restitution = v[1].d;
    else {
      VALUE(p, at, "RESTITUTION must satisfy 0 <= e <= 1, got %.12g", v[1].d);
      ok = 0;
    }
  }
  if (v[2].set) {
    if (v[2].d >= 0.0) c->friction = v[2].d;
    else {
      VALUE(p, at, "FRICTION must be >= 0, got %.12g", v[2].d);
      ok = 0;
    }
  }
  return ok;
}

/* *CONTACT PAIR, LAW=HERTZ: STIFFNESS (required), EXPONENT and DAMPING; the
   Newton parameters are refused.  Returns 0 after an error. */
static int hertz_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  int ok = 1;
  for (int k = 1; k <= 2; ++k)
    if (v[k].set) {
      VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=NEWTON", pair_param_names[k]);
      ok = 0;
    }
  if (!v[3].set) {
    VALUE(p, at, "*CONTACT PAIR, LAW=HERTZ needs parameter STIFFNESS (c > 0)");
    ok = 0;
  } else if (v[3].d > 0.0) {
    c->stiffness = v[3].d;
  } else {
    VALUE(p, at, "STIFFNESS must be > 0, got %.12g", v[3].d);
    ok = 0;
  }
  if (v[4].set) {
    if (v[4].d >= 1.0) c->exponent = v[4].d;
    else {
      VALUE(p, at, "EXPONENT must be >= 1, got %.12g", v[4].d);
      ok = 0;
    }
  }
  if (v[5].set) {
    if (v[5].d >= 0.0) c->damping = v[5].d;
    else {
      VALUE(p, at, "DAMPING must be >= 0, got %.12g", v[5].d);
      ok = 0;
    }
  }
  return ok;
}

/* *CONTACT PAIR: parameters checked here against the law, kept in p->b.pair
   for every data line. */
void deck_begin_contact_pair(parser* p, loc at, const pval* v) {
  nsb_contact_pair* c = &p->b.pair;
  memset(c, 0, sizeof *c);
  c->slave_nset = -1;
  c->master = -1;
  c->law = (nsb_contact_law)v[0].i;
  c->restitution = 0.0;
  c->friction = 0.0;
  c->stiffness = 0.0;
  c->exponent = 1.5;
  c->damping = 0.0;
  c->master_radius = -1.0;
  c->slave_radius = -1.0;
  int ok = c->law == NSB_CONTACT_NEWTON ? newton_parameters(p, at, v, c) : hertz_parameters(p, at, v, c);
  if (v[6].set) {
    if (v[6].d >= 0.0) c->master_radius = v[6].d;
    else {
      VALUE(p, at, "RADIUS must be >= 0, got %.12g", v[6].d);
      ok = 0;
    }
  }
  if (v[7].set) {
    if (v[7].d > 0.0 && isfinite(v[7].d)) c->skin = v[7].d;
    else {
      VALUE(p, at, "SKIN must be > 0, got %.12g", v[7].d);
      ok = 0;
    }
  }
  if (v[8].set) {
    if (c->law != NSB_CONTACT_NEWTON) {
      VALUE(p, at, "*CONTACT PAIR: parameter IMPACT is allowed only with LAW=NEWTON");
      ok = 0;
    }
    c->impact = (nsb_impact_mode)v[8].i;
    if ((c->impact == NSB_IMPACT_POISSON || c->impact == NSB_IMPACT_CLOSED_FORM) && c->friction > 0.0) {
      VALUE(p, at,
            "*CONTACT PAIR: IMPACT=%s is frictionless (Waltersberger's Poisson law and the closed form of Fischer & "
            "Hennig are normal impact laws), got FRICTION=%.12g; use IMPACT=SIMULTANEOUS for frictional impacts",
            c->impact == NSB_IMPACT_POISSON ? "POISSON" : "CLOSED FORM", c->friction);
      ok = 0;
    }
  }
  if (v[9].set) {
    if (v[9].d >= 0.0 && isfinite(v[9].d)) c->slave_radius = v[9].d;
    else {
      VALUE(p, at, "SLAVE RADIUS must be >= 0, got %.12g", v[9].d);
      ok = 0;
    }
  }
  /* the master kind is known only after reading (check_contact) */
  c->centreline = v[10].set ? (nsb_contact_centreline)v[10].i : NSB_CENTRELINE_CHORD;
  if (v[11].set) {
    if (c->law != NSB_CONTACT_NEWTON && v[11].i == 1) {
      VALUE(p, at, "*CONTACT PAIR: MASS=REDISTRIBUTED is allowed only with LAW=NEWTON");
      ok = 0;
    } else if (v[11].i == 1 && c->restitution != 0.0) {
      /* the contact node has no mass: there is no node velocity for e to
         act on (docs/contact.md §7.2) */
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED takes no RESTITUTION (the contact nodes carry no mass; the rebound "
            "comes from the beam), got %.12g",
            c->restitution);
      ok = 0;
    }
    c->mass_redistributed = v[11].i == 1;
  }
  if (!ok) p->b.kw = KW_SKIP;
}

/* Data line "slave_nset, master": one contact pair; the names are resolved
   after the whole deck is read (check_contact). */

void deck_data_contact_pair(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 2, 2, "slave node set, master obstacle or set")) return;
  if (!deck_check_name(p, at, p->fields[0], "slave node set name") || !deck_check_name(p, at, p->fields[1], "master name"))
    return;
  nsb_contact_pair c = p->b.pair;
  c.line = at.line;
  contact_ref r;
  memset(&r, 0, sizeof r);
  r.pair = p->m->contact_pairs.count;
  snprintf(r.slave, sizeof r.slave, "%s", p->fields[0]);
  snprintf(r.master, sizeof r.master, "%s", p->fields[1]);
  r.at = at;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->contact_pairs, c) != NSB_OK || NSB_ARRAY_PUSH(p->ctx, p->contact_refs, r) != NSB_OK)
    deck_oom(p, at);
}

void deck_end_contact_pair(parser* p) {
  if (p->b.n_data == 0) SYNTAX(p, p->b.at, "*CONTACT PAIR needs at least one data line (slave node set, master)");
}

/* IMPACT=POISSON and IMPACT=CLOSED FORM resolve the impact at impulse level
   with the Delassus operator of the contact nodes' masses
   (contact/impact_step.c), which is exact only for particles that move
   freely: not beam nodes, not in a *JOINT and not held by a *BOUNDARY, against
   obstacles or other such particles (rigid bodies are never contact nodes:
   check_pair_node_sets).  Refuse the rest, naming the first node. */
static int impact_free_node(parser* p, loc at, int node, const char* mode) {
  const nsb_model* m = p->m;
  const nsb_node* nd = &m->nodes.data[node];
  const char* why = NULL;
  if (nd->n_beams > 0 || nd->body_kind == NSB_BODY_NONE)
    why = "is a beam node (its impulse moves the beam, not the node alone)";
  for (int j = 0; !why && j < m->joints.count; ++j)
    if (m->joints.data[j].node_a == node || m->joints.data[j].node_b == node) why = "is in a *JOINT";
  for (int b = 0; !why && b < m->boundaries.count; ++b)
    if (m->boundaries.data[b].node == node) why = "has a *BOUNDARY";
  if (!why) return 1;
  VALUE(p, at,
        "*CONTACT PAIR, IMPACT=%s applies to free particles only: node %d %s; use "
        "IMPACT=SIMULTANEOUS or SEQUENTIAL",
        mode, nd->label, why);
  return 0;
}

void deck_check_impact_mode(parser* p, loc at, const nsb_contact_pair* c) {
  if (c->impact != NSB_IMPACT_POISSON && c->impact != NSB_IMPACT_CLOSED_FORM) return;
  const char* mode = c->impact == NSB_IMPACT_POISSON ? "POISSON" : "CLOSED FORM";
  const nsb_model* m = p->m;
  if (c->master_kind == NSB_MASTER_BEAMS) {
    VALUE(p, at,
          "*CONTACT PAIR, IMPACT=%s applies to free particles against obstacles and particles, "
          "not to a beam master (the impulse would move the beam); use IMPACT=SIMULTANEOUS or SEQUENTIAL",
          mode);
    return;
  }
  const nsb_nset* ss = &m->nsets.data[c->slave_nset];
  for (int k = 0; k < ss->nodes.count; ++k)
    if (!impact_free_node(p, at, ss->nodes.data[k], mode)) return;
  if (c->master_kind == NSB_MASTER_PARTICLES) {
    const nsb_nset* ms = &m->nsets.data[c->master];
    for (int k = 0; k < ms->nodes.count; ++k)
      if (!impact_free_node(p, at, ms->nodes.data[k], mode)) return;
  }
}

/* MASS=REDISTRIBUTED (docs/contact.md §7.2), once the master and the bodies
   are known: an obstacle master, or a particle master without friction;
   slave nodes that are beam nodes only, of velocity-based elements with
   Galerkin weighting and POINTS >= 2 (the element mass rule is built for
   those); no element with both ends among such nodes (its mass would have
   no point left to sit on while keeping its centre).  Returns 0 after an error. */
int deck_check_contact_mass(parser* p, loc at, const nsb_contact_pair* c) {
  if (!c->mass_redistributed) return 1;
  const nsb_model* m = p->m;
  if (c->master_kind == NSB_MASTER_BEAMS) {
    VALUE(p, at,
          "*CONTACT PAIR: MASS=REDISTRIBUTED needs an obstacle or a particle as master (a beam chord master moves "
          "the contact point between nodes: no fixed node to free of mass)");
    return 0;
  }
  if (c->master_kind == NSB_MASTER_PARTICLES && c->friction > 0.0) {
    /* the master particle's acceleration at t_n carries the normal force of
       the massless node's contact only (contact/pair.c, docs/contact.md §7.2) */
    VALUE(p, at,
          "*CONTACT PAIR: MASS=REDISTRIBUTED against a particle master is frictionless, got FRICTION=%.12g",
          c->friction);
    return 0;
  }
  for (int i = 0; i < m->steps.count; ++i)
    if (m->steps.data[i].contact_prox) {
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED is solved by the semi-smooth rows only (step %d has *SOLVER CONTROLS, "
            "CONTACT SOLVER=PROX, whose sweeps assume nodes with mass)",
            i + 1);
      return 0;
    }
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  for (int k = 0; k < s->nodes.count; ++k) {
    const nsb_node* nd = &m->nodes.data[s->nodes.data[k]];
    if (nd->n_beams == 0 || nd->body_kind != NSB_BODY_NONE) {
      VALUE(p, at, "*CONTACT PAIR: MASS=REDISTRIBUTED: node %d of slave node set %s is not a beam node (a particle "
            "keeps its mass)", nd->label, s->name);
      return 0;
    }
  }
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (!nsb_etype_is_beam(e->type)) continue;
    int ends = 0;
    for (int q = 0; q < 2; ++q)
      for (int k = 0; k < s->nodes.count; ++k)
        if (s->nodes.data[k] == e->nodes[q]) ++ends;
    if (ends == 0) continue;
    if (e->type != NSB_ETYPE_B2V || e->weighting != 1 || e->n_points < 2) {
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED is built for TYPE=B2V, WEIGHTING=GALERKIN, POINTS >= 2; element %d "
            "at a slave node of set %s is not one",
            e->label, s->name);
      return 0;
    }
    if (ends == 2) {
      VALUE(p, at, "*CONTACT PAIR: MASS=REDISTRIBUTED: both ends of element %d are slave nodes of set %s (one "
            "massless end per element)", e->label, s->name);
      return 0;
    }
  }
  return 1;
}

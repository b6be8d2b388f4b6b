/* deck_contact.c -- the contact keywords of the deck reader: *OBSTACLE,
 * *CONTACT PAIR and *CONTACT POINTS (see deck_internal.h and docs/deck.md).
 * The names on the contact pair data lines are resolved once the whole deck
 * is read (deck_check.c).
 */
#include "io/deck_internal.h"

#include "contact/friction.h"

#include <math.h>
#include <string.h>

#include "contact/geometry.h"

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
  ob.body = -1;
  ob.body_label = 0;
  ob.line = at.line;
  if (v[4].set) {
    /* a face of a rigid body (docs/contact.md §8.2): a plane that moves with
       the body; its motion is the body's, so AMPLITUDE and SPIN do not apply */
    if (ob.kind != NSB_OBSTACLE_PLANE)
      VALUE(p, at, "*OBSTACLE: BODY applies to TYPE=PLANE only (a flat face of a rigid body), got TYPE=%s",
            ob.kind == NSB_OBSTACLE_SPHERE ? "SPHERE" : "CYLINDER");
    else {
      if (v[2].set || v[3].set)
        VALUE(p, at, "*OBSTACLE: BODY=%d excludes %s (the face moves with its body)", v[4].i,
              v[2].set ? "AMPLITUDE" : "SPIN");
      /* resolved once the whole deck is read (bodies may come later) */
      ob.body = -2;
      ob.body_label = v[4].i;
    }
  }
  /* a bad SPIN is reported and dropped; the obstacle stays (no echo errors at its contact pairs) */
  if (v[3].set && !v[4].set) {
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
  if (ob.body != -1) {
    p->b.has_amp = 0;
    return;
  }
  deck_begin_load(p, &v[2]);
  if (p->b.has_amp) deck_add_amp_ref(p, REC_OBSTACLE, p->b.index, 1, 0, p->b.amp, at);
}

/* The data line of a face of a rigid body (BODY=): px, py, pz, nx, ny, nz[, R]
   in the body frame, relative to the body's node; R > 0 bounds the face to a
   disk of radius R about p (default: unbounded). */
static void data_body_face(parser* p, loc at, int n) {
  static const char* const names[] = {"px", "py", "pz", "nx", "ny", "nz", "R"};
  if (!deck_expect_fields(p, at, 6, 7, "px, py, pz, nx, ny, nz[, R] (body frame, relative to the body's node)"))
    return;
  double x[7];
  for (int k = 0; k < n; ++k)
    if (!deck_get_real(p, at, p->fields[k], names[k], &x[k])) return;
  nsb_obstacle* ob = &p->m->obstacles.data[p->b.index];
  int ok = 1;
  if (!deck_unit3(x + 3, ob->dir)) {
    VALUE(p, at, "*OBSTACLE, TYPE=PLANE: the normal (nx, ny, nz) must be a non-zero vector");
    ok = 0;
  }
  if (n == 7 && !(x[6] > 0.0 && isfinite(x[6]))) {
    VALUE(p, at, "*OBSTACLE, BODY=%d: the face radius R must be > 0 (leave it out for an unbounded face), got %.12g",
          ob->body_label, x[6]);
    ok = 0;
  }
  if (!ok) return;
  memcpy(ob->point, x, sizeof ob->point);
  ob->radius = n == 7 ? x[6] : 0.0;
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
  if (p->m->obstacles.data[p->b.index].body != -1) {
    data_body_face(p, at, n);
    return;
  }
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
  if (p->b.n_data > 0) return;
  if (p->m->obstacles.data[p->b.index].body != -1)
    SYNTAX(p, p->b.at, "*OBSTACLE, BODY= needs a data line (px, py, pz, nx, ny, nz[, R], body frame)");
  else
    SYNTAX(p, p->b.at, "*OBSTACLE needs a data line (%s)", obstacle_usage(p->b.sub, p->b.has_amp));
}

/* Parameter names by position in the *CONTACT PAIR row of kw_table (deck.c). */
static const char* const pair_param_names[] = {"LAW", "RESTITUTION", "FRICTION", "STIFFNESS", "EXPONENT", "DAMPING",
                                               "RADIUS"};
/* Positions of the friction parameters in that row (friction_parameters). */
enum {
  PP_FRICTION = 2,
  PP_FRICTION_LAW = 12,
  PP_SLIP_VELOCITY = 13,
  PP_STATIC_FRICTION = 15,
  PP_STICK_EPSILON = 16,
  PP_STICK_FREQUENCY = 17,
  PP_STICK_MASS = 18
};
/* The friction parameters beyond FRICTION, in the order friction_param_given
   searches them, with their names. */
enum { N_FRICTION_PARAMS = 6 };
static const int friction_params[N_FRICTION_PARAMS] = {PP_FRICTION_LAW,    PP_SLIP_VELOCITY,   PP_STATIC_FRICTION,
                                                       PP_STICK_EPSILON,   PP_STICK_FREQUENCY, PP_STICK_MASS};
static const char* const friction_param_names[N_FRICTION_PARAMS] = {
    "FRICTION LAW", "SLIP VELOCITY", "STATIC FRICTION", "STICK EPSILON", "STICK FREQUENCY", "STICK MASS"};

/* The name of friction parameter position k (one of friction_params). */
static const char* friction_param_name(int k) {
  for (int i = 0; i < N_FRICTION_PARAMS; ++i)
    if (friction_params[i] == k) return friction_param_names[i];
  return "?";
}

/* *CONTACT PAIR, LAW=NEWTON: RESTITUTION and FRICTION; the Hertz parameters
   are refused.  Returns 0 after an error. */
static int newton_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  int ok = 1;
  for (int k = 3; k <= 5; ++k)
    if (v[k].set) {
      VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=HERTZ or LAW=WINKLER", pair_param_names[k]);
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

/* *CONTACT PAIR, LAW=HERTZ or WINKLER: STIFFNESS (required), EXPONENT (HERTZ)
   and DAMPING; the Newton parameters are refused (FRICTION:
   friction_parameters).  Returns 0 after an error. */
static int hertz_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  int ok = 1;
  if (v[1].set) {
    VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=NEWTON", pair_param_names[1]);
    ok = 0;
  }
  if (!v[3].set) {
    VALUE(p, at, "*CONTACT PAIR, LAW=%s needs parameter STIFFNESS (c > 0)",
          c->law == NSB_CONTACT_WINKLER ? "WINKLER" : "HERTZ");
    ok = 0;
  } else if (v[3].d > 0.0) {
    c->stiffness = v[3].d;
  } else {
    VALUE(p, at, "STIFFNESS must be > 0, got %.12g", v[3].d);
    ok = 0;
  }
  if (v[4].set && c->law == NSB_CONTACT_WINKLER) {
    VALUE(p, at, "*CONTACT PAIR: parameter EXPONENT is allowed only with LAW=HERTZ (the Winkler bed is linear)");
    ok = 0;
  } else if (v[4].set) {
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

/* The position of the first friction parameter given among friction_params
   from `first` (a position in that list) on, or -1. */
static int friction_param_given(const pval* v, int first) {
  for (int i = first; i < N_FRICTION_PARAMS; ++i)
    if (v[friction_params[i]].set) return friction_params[i];
  return -1;
}

/* A required parameter of ELASTOPLASTIC: > 0 and finite.  Returns 0 after an error. */
static int stick_parameter(parser* p, loc at, const pval* v, int k, double* out) {
  const char* name = friction_param_name(k);
  if (!v[k].set) {
    VALUE(p, at, "*CONTACT PAIR, FRICTION LAW=ELASTOPLASTIC needs parameter %s (> 0)", name);
    return 0;
  }
  if (!(v[k].d > 0.0 && isfinite(v[k].d))) {
    VALUE(p, at, "%s must be > 0, got %.12g", name, v[k].d);
    return 0;
  }
  *out = v[k].d;
  return 1;
}

/* FRICTION LAW=ELASTOPLASTIC (Stamm 2011): STATIC FRICTION (>= FRICTION,
   default FRICTION) and the stick regularization STICK EPSILON, STICK
   FREQUENCY, STICK MASS (all required).  Returns 0 after an error. */
static int elastoplastic_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  int ok = 1;
  c->friction_static = c->friction;
  const pval* st = &v[PP_STATIC_FRICTION];
  if (st->set) {
    if (!(isfinite(st->d) && st->d >= c->friction)) {
      VALUE(p, at,
            "STATIC FRICTION must be >= FRICTION = %.12g (the static coefficient is not below the dynamic one), "
            "got %.12g",
            c->friction, st->d);
      ok = 0;
    } else {
      c->friction_static = st->d;
    }
  }
  double eps = 0.0, om = 0.0, mass = 0.0;
  ok = stick_parameter(p, at, v, PP_STICK_EPSILON, &eps) && ok;
  ok = stick_parameter(p, at, v, PP_STICK_FREQUENCY, &om) && ok;
  ok = stick_parameter(p, at, v, PP_STICK_MASS, &mass) && ok;
  if (ok) {
    nsb_friction_stick_parameters(eps, om, mass, &c->stick_stiffness, &c->stick_damping);
    if (!(isfinite(c->stick_stiffness) && isfinite(c->stick_damping) && c->stick_stiffness > 0.0)) {
      VALUE(p, at,
            "*CONTACT PAIR: STICK EPSILON=%.12g, STICK FREQUENCY=%.12g, STICK MASS=%.12g give the stick stiffness "
            "c = omega_c^2 m_c / eps_c = %.12g, which is not a positive finite number",
            eps, om, mass, c->stick_stiffness);
      ok = 0;
    }
  }
  return ok;
}

/* Friction of a compliant contact pair (docs/contact.md §6.2): FRICTION,
   FRICTION LAW, SLIP VELOCITY (required with FRICTION > 0) and the
   ELASTOPLASTIC parameters.  A NEWTON pair takes FRICTION only
   (newton_parameters).  Returns 0 after an error. */
static int friction_parameters(parser* p, loc at, const pval* v, nsb_contact_pair* c) {
  const pval* mu = &v[PP_FRICTION];
  const pval* law = &v[PP_FRICTION_LAW];
  const pval* vs = &v[PP_SLIP_VELOCITY];
  c->friction_law = law->set ? (nsb_friction_law)law->i : NSB_FRICTION_SMOOTH;
  int given = friction_param_given(v, 0);
  c->friction_static = c->friction;
  if (c->law == NSB_CONTACT_NEWTON) {
    /* the set-valued law takes STATIC FRICTION only (stick cone mu_st, slip cone mu) */
    const pval* st = &v[PP_STATIC_FRICTION];
    for (int i = 0; i < N_FRICTION_PARAMS; ++i) {
      int k = friction_params[i];
      if (k != PP_STATIC_FRICTION && v[k].set) {
        VALUE(p, at,
              "*CONTACT PAIR: parameter %s is allowed only with LAW=HERTZ (LAW=NEWTON takes Coulomb's set-valued law)",
              friction_param_name(k));
        return 0;
      }
    }
    if (!st->set) return 1;
    if (!(c->friction > 0.0)) {
      VALUE(p, at, "*CONTACT PAIR: parameter STATIC FRICTION needs FRICTION > 0");
      return 0;
    }
    if (!(isfinite(st->d) && st->d >= c->friction)) {
      VALUE(p, at,
            "STATIC FRICTION must be >= FRICTION = %.12g (the static coefficient is not below the dynamic one), "
            "got %.12g",
            c->friction, st->d);
      return 0;
    }
    c->friction_static = st->d;
    return 1;
  }
  if (mu->set) {
    if (!(mu->d >= 0.0 && isfinite(mu->d))) {
      VALUE(p, at, "FRICTION must be >= 0, got %.12g", mu->d);
      return 0;
    }
    c->friction = mu->d;
  }
  if (!(c->friction > 0.0)) {
    if (given < 0) return 1;
    VALUE(p, at, "*CONTACT PAIR: parameter %s needs FRICTION > 0", friction_param_name(given));
    return 0;
  }
  int ok = 1;
  if (!vs->set) {
    VALUE(p, at,
          "*CONTACT PAIR, LAW=%s with FRICTION needs parameter SLIP VELOCITY (v_s > 0, the slip velocity below "
          "which the friction force is regularized)",
          c->law == NSB_CONTACT_WINKLER ? "WINKLER" : "HERTZ");
    ok = 0;
  } else if (!(vs->d > 0.0 && isfinite(vs->d))) {
    VALUE(p, at, "SLIP VELOCITY must be > 0, got %.12g", vs->d);
    ok = 0;
  } else {
    c->slip_velocity = vs->d;
  }
  if (c->friction_law == NSB_FRICTION_ELASTOPLASTIC) return elastoplastic_parameters(p, at, v, c) && ok;
  c->friction_static = c->friction;
  int extra = friction_param_given(v, 2); /* from STATIC FRICTION on */
  if (extra >= 0) {
    VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with FRICTION LAW=ELASTOPLASTIC",
          friction_param_name(extra));
    ok = 0;
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
  c->points = -1;
  int ok = c->law == NSB_CONTACT_NEWTON ? newton_parameters(p, at, v, c) : hertz_parameters(p, at, v, c);
  if (c->law == NSB_CONTACT_WINKLER) c->exponent = 1.0;
  if (!friction_parameters(p, at, v, c)) ok = 0;
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
    c->mass_lumped = v[11].i == 2;
  }
  p->b.mass_set = v[11].set;
  p->b.points[0] = '\0';
  if (v[14].set) snprintf(p->b.points, sizeof p->b.points, "%s", v[14].s); /* POINTS */
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
  snprintf(r.points, sizeof r.points, "%s", p->b.points);
  r.mass_set = p->b.mass_set;
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
  else if (nd->body_kind == NSB_BODY_RIGID)
    why = "is a rigid body (its impulse also turns the body)";
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

/* FRICTION with LAW=HERTZ, once the master is known: an obstacle or a node
   set of particles (the tangent of the friction force on a beam centreline,
   whose closest point moves along the element, is not built).  Returns 0
   after an error. */
int deck_check_contact_friction(parser* p, loc at, const nsb_contact_pair* c) {
  if (c->law == NSB_CONTACT_NEWTON || !(c->friction > 0.0) || c->master_kind != NSB_MASTER_BEAMS) return 1;
  VALUE(p, at,
        "*CONTACT PAIR, LAW=%s: FRICTION applies to an obstacle or particle master, not to a master element set "
        "of beams; use LAW=NEWTON for friction on beams",
        c->law == NSB_CONTACT_WINKLER ? "WINKLER" : "HERTZ");
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

/* A mark per node of the model, 1 on the nodes of set s (n_nodes_mark bytes, NSB_FREE_ARRAY
   after use), so that the loops over the elements below cost the mesh, not the mesh times the
   set; NULL after reporting that memory ran out. */
static int n_nodes_mark(const nsb_model* m) { return m->nodes.count > 0 ? m->nodes.count : 1; }

static unsigned char* node_mark(parser* p, loc at, const nsb_nset* s) {
  unsigned char* mark = NSB_NEW_ARRAY(p->ctx, n_nodes_mark(p->m), unsigned char);
  if (!mark) {
    deck_oom(p, at);
    return NULL;
  }
  memset(mark, 0, (size_t)n_nodes_mark(p->m));
  for (int k = 0; k < s->nodes.count; ++k) mark[s->nodes.data[k]] = 1;
  return mark;
}

/* How many of a beam element's two end nodes are marked. */
static int slave_ends(const unsigned char* mark, const nsb_element* e) { return mark[e->nodes[0]] + mark[e->nodes[1]]; }

/* A mark per node, 1 on the slave nodes of every pair with MASS=LUMPED (lumped 1) or
   MASS=REDISTRIBUTED (lumped 0) as decided so far; NULL without such a pair, or after an error
   (*failed set). */
static unsigned char* mass_mark(parser* p, loc at, int lumped, int* failed) {
  const nsb_model* m = p->m;
  unsigned char* mark = NULL;
  *failed = 0;
  for (int k = 0; k < m->contact_pairs.count; ++k) {
    const nsb_contact_pair* c = &m->contact_pairs.data[k];
    if (!(lumped ? c->mass_lumped : c->mass_redistributed) || c->slave_nset < 0) continue;
    if (!mark) {
      mark = NSB_NEW_ARRAY(p->ctx, n_nodes_mark(m), unsigned char);
      if (!mark) {
        deck_oom(p, at);
        *failed = 1;
        return NULL;
      }
      memset(mark, 0, (size_t)n_nodes_mark(m));
    }
    const nsb_nset* s = &m->nsets.data[c->slave_nset];
    for (int i = 0; i < s->nodes.count; ++i) mark[s->nodes.data[i]] = 1;
  }
  return mark;
}

/* MASS=LUMPED (docs/contact.md §7.8): every beam element at a slave node puts its translational
   mass at its two ends (elements/beam_velocity.c nsb_beam_geom_mass_rule_ends), which is built for
   both elements with the Galerkin weighting (the strain element's acceleration system:
   docs/theory_beam_strain.md §12).  Returns 0 after an error. */
static int check_contact_mass_lumped(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  unsigned char* mark = node_mark(p, at, s);
  if (!mark) return 0;
  int ok = 1;
  for (int i = 0; i < m->elements.count && ok; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (!nsb_etype_is_beam(e->type) || slave_ends(mark, e) == 0) continue;
    if (e->weighting != 1) {
      VALUE(p, at,
            "*CONTACT PAIR: MASS=LUMPED needs the Galerkin weighting; element %d at a slave node of set %s is "
            "collocation (WEIGHTING=COLLOCATION); the rule is built for the Galerkin virtual power only",
            e->label, s->name);
      ok = 0;
    }
  }
  NSB_FREE_ARRAY(p->ctx, mark, n_nodes_mark(m), unsigned char);
  return ok;
}

/* MASS=REDISTRIBUTED against a beam master (docs/contact.md §7.2, "Against a beam"): the slave
   node alone is massless; the master's nodes keep their mass and carry the force P_n of t_n in their
   accelerations (contact/pair.c massless_master_load), as a particle master does, so that the
   trapezoidal impulse reaches both sides and the law makes it workless.  The straight chord only
   (the Hermite centreline's point turns with its nodes' rotations, which that load leaves out), and no
   element of the master set may end at a slave node (its chord would put the contact's impulse on a
   massless node as a master).  Returns 0 after an error. */
static int check_contact_mass_beams(parser* p, loc at, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (c->centreline != NSB_CENTRELINE_CHORD) {
    VALUE(p, at,
          "*CONTACT PAIR: MASS=REDISTRIBUTED against a beam master needs CENTRELINE=CHORD (the Hermite "
          "centreline's contact point turns with the master's nodes, whose moments the rule does not carry)");
    return 0;
  }
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  unsigned char* mark = node_mark(p, at, s);
  if (!mark) return 0;
  const nsb_elset* es = &m->elsets.data[c->master];
  int ok = 1;
  for (int k = 0; k < es->elements.count && ok; ++k) {
    const nsb_element* e = &m->elements.data[es->elements.data[k]];
    if (!nsb_etype_is_beam(e->type) || slave_ends(mark, e) == 0) continue;
    VALUE(p, at,
          "*CONTACT PAIR: MASS=REDISTRIBUTED: element %d of master element set %s ends at node %d of slave node "
          "set %s (a chord contact would put its impulse on that massless node)",
          e->label, es->name, m->nodes.data[mark[e->nodes[0]] ? e->nodes[0] : e->nodes[1]].label, s->name);
    ok = 0;
  }
  NSB_FREE_ARRAY(p->ctx, mark, n_nodes_mark(m), unsigned char);
  return ok;
}

/* MASS=REDISTRIBUTED (docs/contact.md §7.2), once the master and the bodies
   are known: an obstacle master, or a particle master without friction;
   slave nodes that are beam nodes only, of velocity-based elements (either
   weighting) or strain-based elements with the Galerkin weighting, POINTS >= 2
   (the element mass rule is built for those: docs/theory_beam_strain.md §10);
   no element with both ends among such nodes (its mass would have
   no point left to sit on while keeping its centre).  Returns 0 after an error. */
int deck_check_contact_mass(parser* p, loc at, const nsb_contact_pair* c) {
  if (c->mass_lumped) return check_contact_mass_lumped(p, at, c);
  if (!c->mass_redistributed) return 1;
  const nsb_model* m = p->m;
  if (c->master_kind == NSB_MASTER_BEAMS && !check_contact_mass_beams(p, at, c)) return 0;
  if (c->master_kind != NSB_MASTER_OBSTACLE && c->friction > 0.0) {
    /* the master particle's or beam nodes' accelerations at t_n carry the normal force of
       the massless node's contact only (contact/pair.c, docs/contact.md §7.2) */
    VALUE(p, at, "*CONTACT PAIR: MASS=REDISTRIBUTED against a %s master is frictionless, got FRICTION=%.12g",
          c->master_kind == NSB_MASTER_BEAMS ? "beam" : "particle", c->friction);
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
  unsigned char* mark = node_mark(p, at, s);
  if (!mark) return 0;
  int failed = 0;
  unsigned char* lumped = mass_mark(p, at, 1, &failed);
  int ok = !failed;
  for (int i = 0; i < m->elements.count && ok; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (!nsb_etype_is_beam(e->type)) continue;
    const int ends = slave_ends(mark, e);
    if (ends == 0) continue;
    ok = 0;
    if (lumped && slave_ends(lumped, e) > 0)
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED: element %d at a slave node of set %s also has a slave node of a "
            "MASS=LUMPED pair (the one frees an end of its mass, the other puts all of it on the ends)",
            e->label, s->name);
    else if (e->type == NSB_ETYPE_B2S && e->weighting != 1)
      /* docs/theory_beam_strain.md §10: the collocation rows read the resultant at a point mass's own
         station, where it jumps (with this check bypassed the bar lost as much as with the node's mass) */
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED with TYPE=B2S needs WEIGHTING=GALERKIN; element %d at a slave node "
            "of set %s has the collocation rows (a point mass of the rule sits on a collocation point, where the "
            "resultant that those rows read jumps)",
            e->label, s->name);
    else if (e->n_points < 2)
      VALUE(p, at,
            "*CONTACT PAIR: MASS=REDISTRIBUTED needs POINTS >= 2; element %d at a slave node of set %s has POINTS=1 "
            "(its velocity is linear along the element: keeping the mass and its centre leaves all of it at the "
            "midpoint, and no velocity mode moves the end alone, so the end cannot be massless)",
            e->label, s->name);
    else if (ends == 2)
      VALUE(p, at, "*CONTACT PAIR: MASS=REDISTRIBUTED: both ends of element %d are slave nodes of set %s (one "
            "massless end per element)", e->label, s->name);
    else
      ok = 1;
  }
  NSB_FREE_ARRAY(p->ctx, mark, n_nodes_mark(m), unsigned char);
  if (lumped) NSB_FREE_ARRAY(p->ctx, lumped, n_nodes_mark(m), unsigned char);
  return ok;
}

/* The default of MASS= (docs/contact.md §7.2, "The default"): REDISTRIBUTED where the rule is
   admitted and keeps the energy, STANDARD elsewhere.  Called once the whole deck is read and the
   pair has passed its checks (after default_weightings and default_b2s_weightings, so that a
   beam's weighting is its effective one).  The rule is the default when
   - the model has a *DYNAMIC step, every *DYNAMIC step is SCHEME=MODIFIED NEWMARK in its
     generalized-alpha form or with BETA = GAMMA = 1/2 (the law is derived for those, §7.2 "With the
     default scheme"), and no step is a *MODAL DYNAMIC step or has CONTACT SOLVER=PROX;
   - the pair is LAW=NEWTON with e = 0, frictionless, IMPACT=SIMULTANEOUS, without POINTS=;
   - the master is a fixed obstacle (no AMPLITUDE=: one drawn away from a pressed massless node
     releases it half an increment late, the trapezoidal force P_n of the law; tests/user
     pendulum_preload swung h/2 late) or a node set of particles;
   - every slave node is a beam node (no particle, no rigid body, in no *JOINT: the acceleration
     solve's mode that moves the massless node alone would move the joined body too), and every beam
     element at a slave node is TYPE=B2V with one slave end, POINTS >= 2 and the Galerkin
     weighting, or collocation with POINTS >= 3 (collocation POINTS=2 drifts: §7.2, "Every
     element line");
   and no other pair shares its slave nodes with the node's mass or has a master element set with
   an element at them (deck_default_contact_mass_shared).  Where all of these hold but the one slave
   end, the master is a fixed obstacle and every beam element at a slave node is a Galerkin B2V or
   B2S with both ends among the slaves (and none at a slave node of a MASS=REDISTRIBUTED pair), the pair
   takes MASS=LUMPED instead (docs/contact.md §7.8: a beam whose whole length lands).  A MASS= on
   the keyword line is kept as given. */
void deck_default_contact_mass(parser* p, const contact_ref* ref, nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (ref->mass_set || c->slave_nset < 0) return;
  if (c->law != NSB_CONTACT_NEWTON || c->restitution != 0.0 || c->friction != 0.0 ||
      c->impact != NSB_IMPACT_SIMULTANEOUS || c->points >= 0)
    return;
  if (c->master_kind == NSB_MASTER_OBSTACLE &&
      (m->obstacles.data[c->master].body >= 0 || m->obstacles.data[c->master].amplitude >= 0))
    return;
  if (c->master_kind == NSB_MASTER_BEAMS && c->centreline != NSB_CENTRELINE_CHORD) return;
  int dynamic = 0;
  for (int k = 0; k < m->steps.count; ++k) {
    const nsb_step_def* s = &m->steps.data[k];
    if (s->contact_prox || s->modal_dynamic) return;
    if (s->kind != NSB_STEP_DYNAMIC) continue;
    if (s->scheme != NSB_SCHEME_MODIFIED_NEWMARK || (!s->mn_alpha && (s->beta != 0.5 || s->gamma != 0.5))) return;
    dynamic = 1;
  }
  if (!dynamic) return;
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  if (s->nodes.count == 0) return;
  for (int k = 0; k < s->nodes.count; ++k) {
    int node = s->nodes.data[k];
    const nsb_node* nd = &m->nodes.data[node];
    if (nd->n_beams == 0 || nd->body_kind != NSB_BODY_NONE) return;
    for (int j = 0; j < m->joints.count; ++j)
      if (m->joints.data[j].node_a == node || m->joints.data[j].node_b == node) return;
  }
  unsigned char* mark = node_mark(p, ref->at, s);
  if (!mark) return;
  int failed = 0, failed_r = 0;
  unsigned char* lumped = mass_mark(p, ref->at, 1, &failed);
  unsigned char* massless = failed ? NULL : mass_mark(p, ref->at, 0, &failed_r);
  /* admitted: the rule (one slave end per element); ends: MASS=LUMPED, every element at a slave
     node a Galerkin B2V or B2S with both ends among them (docs/contact.md §7.8) */
  int admitted = !failed && !failed_r, ends_all = admitted, any = 0;
  for (int i = 0; i < m->elements.count && (admitted || ends_all); ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (!nsb_etype_is_beam(e->type)) continue;
    const int ends = slave_ends(mark, e);
    if (ends == 0) continue;
    any = 1;
    if (e->type != NSB_ETYPE_B2V || ends == 2 || e->n_points < 2) admitted = 0;
    if (lumped && slave_ends(lumped, e) > 0) admitted = 0; /* MASS=LUMPED puts that element's mass on its ends */
    if (e->weighting != 1 && e->n_points < 3) admitted = 0;
    if (e->weighting != 1 || ends != 2 || (massless && slave_ends(massless, e) > 0))
      ends_all = 0;
  }
  /* a beam master: every slave node is a free end of its beam (one beam element: the measured
     strikes, docs/contact.md §7.2 "Against a beam"; an interior node sliding along the master's chords
     keeps the node's mass), and none of the master's elements ends at a slave node
     (check_contact_mass_beams) */
  if (c->master_kind == NSB_MASTER_BEAMS) {
    for (int k = 0; k < s->nodes.count && admitted; ++k)
      if (m->nodes.data[s->nodes.data[k]].n_beams != 1) admitted = 0;
    const nsb_elset* es = &m->elsets.data[c->master];
    for (int k = 0; k < es->elements.count && admitted; ++k) {
      const nsb_element* e = &m->elements.data[es->elements.data[k]];
      if (nsb_etype_is_beam(e->type) && slave_ends(mark, e) > 0) admitted = 0;
    }
  }
  NSB_FREE_ARRAY(p->ctx, mark, n_nodes_mark(m), unsigned char);
  if (lumped) NSB_FREE_ARRAY(p->ctx, lumped, n_nodes_mark(m), unsigned char);
  if (massless) NSB_FREE_ARRAY(p->ctx, massless, n_nodes_mark(m), unsigned char);
  if (admitted) c->mass_redistributed = 1;
  else if (ends_all && any && c->master_kind == NSB_MASTER_OBSTACLE) c->mass_lumped = 1;
}

/* After every pair's default (deck_default_contact_mass): a pair that took the rule by default
   keeps the node's mass again when one of its slave nodes is also a slave of a pair with the
   node's mass (that pair's law would act on a massless node), or when an element at one of its
   slave nodes is in a master element set (a chord contact puts its impulse on the element's end
   nodes, the massless one included).  Repeated until nothing changes (a pair that goes back can
   send another back). */
void deck_default_contact_mass_shared(parser* p) {
  nsb_model* m = p->m;
  const loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
  const int n_el = m->elements.count > 0 ? m->elements.count : 1;
  /* held: nodes that are slaves of a pair with the node's mass (anew in every round);
     master: elements of a master element set */
  unsigned char* held = NSB_NEW_ARRAY(p->ctx, n_nodes_mark(m), unsigned char);
  unsigned char* master = NSB_NEW_ARRAY(p->ctx, n_el, unsigned char);
  if (!held || !master) {
    deck_oom(p, end);
  } else {
    memset(master, 0, (size_t)n_el);
    for (int k = 0; k < m->contact_pairs.count; ++k) {
      const nsb_contact_pair* c = &m->contact_pairs.data[k];
      if (c->master_kind != NSB_MASTER_BEAMS || c->master < 0) continue;
      const nsb_elset* es = &m->elsets.data[c->master];
      for (int i = 0; i < es->elements.count; ++i) master[es->elements.data[i]] = 1;
    }
    for (int changed = 1; changed;) {
      changed = 0;
      memset(held, 0, (size_t)n_nodes_mark(m));
      for (int k = 0; k < m->contact_pairs.count; ++k) {
        const nsb_contact_pair* c = &m->contact_pairs.data[k];
        if (c->mass_redistributed || c->slave_nset < 0) continue;
        const nsb_nset* s = &m->nsets.data[c->slave_nset];
        for (int i = 0; i < s->nodes.count; ++i) held[s->nodes.data[i]] = 1;
      }
      for (int r = 0; r < p->contact_refs.count && !p->stop; ++r) {
        const contact_ref* ref = &p->contact_refs.data[r];
        nsb_contact_pair* c = &m->contact_pairs.data[ref->pair];
        if (ref->mass_set || !c->mass_redistributed || c->slave_nset < 0) continue;
        const nsb_nset* s = &m->nsets.data[c->slave_nset];
        int back = 0;
        for (int i = 0; i < s->nodes.count && !back; ++i) back = held[s->nodes.data[i]];
        unsigned char* mark = back ? NULL : node_mark(p, ref->at, s);
        for (int e = 0; mark && e < m->elements.count && !back; ++e) {
          const nsb_element* el = &m->elements.data[e];
          back = master[e] && nsb_etype_is_beam(el->type) && slave_ends(mark, el) > 0;
        }
        if (mark) NSB_FREE_ARRAY(p->ctx, mark, n_nodes_mark(m), unsigned char);
        if (back) {
          c->mass_redistributed = 0;
          changed = 1;
        }
      }
    }
  }
  if (held) NSB_FREE_ARRAY(p->ctx, held, n_nodes_mark(m), unsigned char);
  if (master) NSB_FREE_ARRAY(p->ctx, master, n_el, unsigned char);
}

/* ---- *CONTACT POINTS --------------------------------------------------------- */

/* Layouts (index = LAYOUT= value) and their data lines. */
enum { LAYOUT_LIST, LAYOUT_RING, LAYOUT_ANNULUS, LAYOUT_RECTANGLE };
static const char* const layout_names[] = {"LIST", "RING", "ANNULUS", "RECTANGLE"};
static const char* const layout_usage[] = {"x, y, z[, w] (one point per line, body frame)",
                                           "cx, cy, cz, ax, ay, az, R, N",
                                           "cx, cy, cz, ax, ay, az, R1, R2, rings, N",
                                           "cx, cy, cz, ax, ay, az, ux, uy, uz, A, B, NA, NB"};
/* largest point count of one generated layout (a contact element each) */
#define NSB_DECK_POINTS_MAX 100000

/* *CONTACT POINTS, NAME=, LAYOUT=: the record is pushed at the keyword line
   (a pair naming it then reports no echo error); the data lines fill it. */
void deck_begin_contact_points(parser* p, loc at, const pval* v) {
  int o = nsb_model_find_contact_points(p->m, v[0].s);
  if (o >= 0) {
    VALUE(p, at, "*CONTACT POINTS %s is already defined (line %d)", v[0].s, p->m->contact_points.data[o].line);
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_contact_points cp;
  memset(&cp, 0, sizeof cp);
  snprintf(cp.name, sizeof cp.name, "%s", v[0].s);
  cp.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->contact_points, cp) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->contact_points.count - 1;
  p->b.sub = v[1].i;
}

static int push_point(parser* p, loc at, nsb_contact_points* cp, nsb_vec3 s, double w) {
  double q[4] = {s.x, s.y, s.z, w};
  for (int k = 0; k < 4; ++k)
    if (NSB_ARRAY_PUSH(p->ctx, cp->p, q[k]) != NSB_OK) {
      deck_oom(p, at);
      return 0;
    }
  return 1;
}

/* A whole number n with lo <= n <= hi from a real field x. */
static int layout_count(parser* p, loc at, double x, const char* what, int lo, int* n) {
  if (!(x >= lo && x <= NSB_DECK_POINTS_MAX && x == floor(x))) {
    VALUE(p, at, "*CONTACT POINTS: %s must be a whole number in [%d, %d], got %.12g", what, lo, NSB_DECK_POINTS_MAX,
          x);
    return 0;
  }
  *n = (int)x;
  return 1;
}

/* Generated layouts (Stamm 2011, §3.5: the areal contact replaced by a point
   set): points in the plane through c normal to a, the first at the
   direction t1 of nsb_contact_tangents(a), weights the area fractions. */
static void generate_layout(parser* p, loc at, int layout, const double* x, nsb_contact_points* cp) {
  nsb_vec3 c = nsb_v3(x[0], x[1], x[2]), a, t1, t2;
  double au[3];
  if (!deck_unit3(x + 3, au)) {
    VALUE(p, at, "*CONTACT POINTS, LAYOUT=%s: the axis (ax, ay, az) must be a non-zero vector", layout_names[layout]);
    return;
  }
  a = nsb_v3_load(au);
  nsb_contact_tangents(a, &t1, &t2);
  if (layout == LAYOUT_RING) {
    int n;
    if (!(x[6] > 0.0)) {
      VALUE(p, at, "*CONTACT POINTS, LAYOUT=RING: radius R must be > 0, got %.12g", x[6]);
      return;
    }
    if (!layout_count(p, at, x[7], "N", 1, &n)) return;
    for (int k = 0; k < n; ++k) {
      double ph = 2.0 * acos(-1.0) * k / n;
      nsb_vec3 s = nsb_v3_muladd(nsb_v3_muladd(c, x[6] * cos(ph), t1), x[6] * sin(ph), t2);
      if (!push_point(p, at, cp, s, 1.0 / n)) return;
    }
  } else if (layout == LAYOUT_ANNULUS) {
    int nr, n;
    if (!(x[6] >= 0.0 && x[7] > x[6])) {
      VALUE(p, at, "*CONTACT POINTS, LAYOUT=ANNULUS: the radii must satisfy 0 <= R1 < R2, got R1 = %.12g, R2 = %.12g",
            x[6], x[7]);
      return;
    }
    if (!layout_count(p, at, x[8], "rings", 1, &nr) || !layout_count(p, at, x[9], "N", 1, &n)) return;
    if ((long)nr * n > NSB_DECK_POINTS_MAX) {
      VALUE(p, at, "*CONTACT POINTS: rings * N must be <= %d, got %ld", NSB_DECK_POINTS_MAX, (long)nr * n);
      return;
    }
    /* ring i at the mid radius of band i; its points carry the band's area,
       2 pi r_i dr, of the annulus' pi (R2^2 - R1^2) = 2 pi dr sum r_j */
    double dr = (x[7] - x[6]) / nr, sum = 0.0;
    for (int i = 0; i < nr; ++i) sum += x[6] + (i + 0.5) * dr;
    for (int i = 0; i < nr; ++i) {
      double r = x[6] + (i + 0.5) * dr;
      for (int k = 0; k < n; ++k) {
        double ph = 2.0 * acos(-1.0) * (k + 0.5 * (i % 2)) / n; /* alternate rings staggered by half a spacing */
        nsb_vec3 s = nsb_v3_muladd(nsb_v3_muladd(c, r * cos(ph), t1), r * sin(ph), t2);
        if (!push_point(p, at, cp, s, r / (n * sum))) return;
      }
    }
  } else {
    int na, nb;
    nsb_vec3 u = nsb_v3_load(x + 6);
    u = nsb_v3_muladd(u, -nsb_v3_dot(u, a), a);
    double un = nsb_v3_norm(u);
    if (!(un > 1e-12 * nsb_v3_norm(nsb_v3_load(x + 6)))) {
      VALUE(p, at, "*CONTACT POINTS, LAYOUT=RECTANGLE: the side direction (ux, uy, uz) must not be parallel to the axis");
      return;
    }
    u = nsb_v3_scale(1.0 / un, u);
    nsb_vec3 w = nsb_v3_cross(a, u);
    if (!(x[9] > 0.0 && x[10] > 0.0)) {
      VALUE(p, at, "*CONTACT POINTS, LAYOUT=RECTANGLE: the sides A, B must be > 0, got %.12g, %.12g", x[9], x[10]);
      return;
    }
    if (!layout_count(p, at, x[11], "NA", 1, &na) || !layout_count(p, at, x[12], "NB", 1, &nb)) return;
    if ((long)na * nb > NSB_DECK_POINTS_MAX) {
      VALUE(p, at, "*CONTACT POINTS: NA * NB must be <= %d, got %ld", NSB_DECK_POINTS_MAX, (long)na * nb);
      return;
    }
    for (int i = 0; i < na; ++i)
      for (int j = 0; j < nb; ++j) {
        nsb_vec3 s = nsb_v3_muladd(nsb_v3_muladd(c, x[9] * ((i + 0.5) / na - 0.5), u), x[10] * ((j + 0.5) / nb - 0.5), w);
        if (!push_point(p, at, cp, s, 1.0 / ((double)na * nb))) return;
      }
  }
}

void deck_data_contact_points(parser* p, loc at) {
  static const int n_fields[] = {3, 8, 10, 13};
  int layout = p->b.sub;
  nsb_contact_points* cp = &p->m->contact_points.data[p->b.index];
  if (layout != LAYOUT_LIST && !deck_only_one_line(p, at)) return;
  int lo = n_fields[layout], hi = layout == LAYOUT_LIST ? 4 : lo;
  if (!deck_expect_fields(p, at, lo, hi, layout_usage[layout])) return;
  double x[13];
  for (int k = 0; k < p->n_fields; ++k)
    if (!deck_get_real(p, at, p->fields[k], "*CONTACT POINTS field", &x[k])) return;
  if (layout != LAYOUT_LIST) {
    generate_layout(p, at, layout, x, cp);
    return;
  }
  double w = p->n_fields == 4 ? x[3] : 1.0;
  if (!(w > 0.0)) {
    VALUE(p, at, "*CONTACT POINTS: the weight w must be > 0, got %.12g", w);
    return;
  }
  (void)push_point(p, at, cp, nsb_v3(x[0], x[1], x[2]), w);
}

void deck_end_contact_points(parser* p) {
  if (p->b.n_data == 0)
    SYNTAX(p, p->b.at, "*CONTACT POINTS, LAYOUT=%s needs %s (%s)", layout_names[p->b.sub],
           p->b.sub == LAYOUT_LIST ? "at least one data line" : "a data line", layout_usage[p->b.sub]);
}

/* POINTS= and rigid-body slaves, once the master and the bodies are known
   (docs/contact.md §8.1): a slave that carries its contact point on a frame
   (a rigid body, or any slave of a pair with POINTS=) touches obstacles only,
   with the semi-smooth rows (the prox sweeps' lumped response has no
   rotational inertia) and outside modal dynamics; POINTS= needs slaves that
   rotate (rigid bodies, beam nodes). */
int deck_check_contact_points(parser* p, loc at, const contact_ref* ref, nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (ref->points[0]) {
    c->points = nsb_model_find_contact_points(m, ref->points);
    if (c->points < 0) {
      VALUE(p, at, "*CONTACT PAIR: POINTS=%s is not defined (no *CONTACT POINTS of that name)", ref->points);
      return 0;
    }
  }
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  int framed = c->points >= 0, rigid = -1;
  for (int k = 0; k < s->nodes.count; ++k) {
    const nsb_node* nd = &m->nodes.data[s->nodes.data[k]];
    if (nd->body_kind == NSB_BODY_RIGID && rigid < 0) rigid = nd->label;
    if (c->points >= 0 && nd->body_kind == NSB_BODY_PARTICLE) {
      VALUE(p, at, "*CONTACT PAIR: POINTS=%s: node %d of slave node set %s is a particle (no rotation to carry the "
            "points; use a *RIGID BODY)", ref->points, nd->label, s->name);
      return 0;
    }
  }
  if (rigid >= 0) framed = 1;
  if (!framed) return 1;
  if (c->points >= 0 && c->mass_redistributed) {
    VALUE(p, at, "*CONTACT PAIR: POINTS=%s and MASS=REDISTRIBUTED exclude each other (a massless node has no body "
          "to carry a point set)", ref->points);
    return 0;
  }
  const char* what = c->points >= 0 ? "POINTS=" : "a rigid-body slave";
  if (c->master_kind != NSB_MASTER_OBSTACLE) {
    if (c->points >= 0)
      VALUE(p, at, "*CONTACT PAIR: POINTS=%s needs an obstacle as master; %s is %s", ref->points, ref->master,
            c->master_kind == NSB_MASTER_BEAMS ? "an element set" : "a node set");
    else
      VALUE(p, at, "*CONTACT PAIR: node %d of slave node set %s is a rigid body: rigid bodies touch obstacles only; "
            "%s is %s", rigid, s->name, ref->master, c->master_kind == NSB_MASTER_BEAMS ? "an element set" : "a node set");
    return 0;
  }
  for (int i = 0; i < m->steps.count; ++i) {
    const nsb_step_def* st = &m->steps.data[i];
    const char* why = st->contact_prox ? "has *SOLVER CONTROLS, CONTACT SOLVER=PROX (its lumped response has no "
                                         "rotational inertia)"
                      : st->modal_dynamic ? "is a *MODAL DYNAMIC step (its contacts act on nodes, "
                                                             "without moments)"
                                                           : NULL;
    if (c->law != NSB_CONTACT_NEWTON && st->contact_prox) why = NULL;
    if (!why) continue;
    VALUE(p, at, "*CONTACT PAIR with %s: step %d %s", what, i + 1, why);
    return 0;
  }
  return 1;
}

/* ---- faces of rigid bodies (*OBSTACLE, BODY=) ----------------------------------- */

void deck_check_obstacle_bodies(parser* p) {
  nsb_model* m = p->m;
  for (int o = 0; o < m->obstacles.count && !p->stop; ++o) {
    nsb_obstacle* ob = &m->obstacles.data[o];
    if (ob->body != -2) continue;
    loc at = deck_rec_loc(p, REC_OBSTACLE, o, ob->line);
    int node = nsb_model_find_node(m, ob->body_label);
    if (node < 0) {
      VALUE(p, at, "*OBSTACLE, BODY=%d: node %d is not defined", ob->body_label, ob->body_label);
      ob->body = -1;
    } else if (m->nodes.data[node].body_kind != NSB_BODY_RIGID) {
      VALUE(p, at, "*OBSTACLE, BODY=%d: node %d carries no *RIGID BODY (a face moves with a rigid body)",
            ob->body_label, ob->body_label);
      ob->body = -1;
    } else {
      ob->body = node;
    }
  }
}

int deck_check_body_face(parser* p, loc at, const contact_ref* ref, const nsb_contact_pair* c) {
  const nsb_model* m = p->m;
  if (c->master_kind != NSB_MASTER_OBSTACLE) return 1;
  const nsb_obstacle* ob = &m->obstacles.data[c->master];
  if (ob->body < 0) return ob->body == -1 ? 1 : 0;
  const nsb_nset* s = &m->nsets.data[c->slave_nset];
  for (int k = 0; k < s->nodes.count; ++k) {
    const nsb_node* nd = &m->nodes.data[s->nodes.data[k]];
    if (nd->body_kind != NSB_BODY_RIGID) {
      VALUE(p, at,
            "*CONTACT PAIR: the master %s is a face of a rigid body (BODY=%d): node %d of slave node set %s is not a "
            "*RIGID BODY (body-body contacts join two rigid bodies)",
            ref->master, ob->body_label, nd->label, s->name);
      return 0;
    }
    if (s->nodes.data[k] == ob->body) {
      VALUE(p, at, "*CONTACT PAIR: node %d of slave node set %s carries the master face %s itself", nd->label,
            s->name, ref->master);
      return 0;
    }
  }
  return 1;
}

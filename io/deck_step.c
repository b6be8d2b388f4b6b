/* deck_step.c -- the step keywords of the deck reader: *STEP, *END STEP, the
 * procedures (*DYNAMIC, *STATIC with RIKS, *FREQUENCY, *MODAL DYNAMIC),
 * *SOLVER CONTROLS, boundary conditions, loads, *MANUFACTURED ROTATION and
 * *INITIAL CONDITIONS (see deck_internal.h and docs/deck.md).
 */
#include "io/deck_internal.h"

#include <ctype.h>

#include <math.h>
#include <string.h>

static int current_step(const parser* p) { return p->in_step ? p->m->steps.count - 1 : -1; }

void deck_begin_load(parser* p, const pval* amp) {
  p->b.has_amp = amp->set;
  if (amp->set) snprintf(p->b.amp, sizeof p->b.amp, "%s", amp->s);
}

/* *BOUNDARY, *DLOAD, *GRAVITY: the optional AMPLITUDE= (the first parameter). */
void deck_begin_loading(parser* p, loc at, const pval* v) {
  (void)at;
  deck_begin_load(p, &v[0]);
}

/* OP=NEW of *CLOAD, *DLOAD (Abaqus, CalculiX): every load of that keyword from
   an earlier step (or the model data) is removed from this step on, ramped
   down over a static step (nsb_load_scale_until); OP=MOD, the default, only
   replaces the loads that the step's records meet (deck_data_cload,
   deck_data_dload).  Returns 0 after an error (OP=NEW outside a step). */
static int load_op(parser* p, loc at, const pval* op, kw_id kw) {
  if (!op->set || op->i != 1) return 1;
  int k = current_step(p);
  if (k < 0) {
    VALUE(p, at, "OP=NEW removes the loads of earlier steps: it belongs in a step (*STEP ... *END STEP)");
    return 0;
  }
  if (kw == KW_CLOAD) {
    for (int i = 0; i < p->m->cloads.count; ++i) {
      nsb_cload* c = &p->m->cloads.data[i];
      if (c->step < k && c->replaced == 0) {
        c->replaced = k + 1;
        c->ramp_down = 1;
      }
    }
  } else {
    for (int i = 0; i < p->m->dloads.count; ++i) {
      nsb_dload* d = &p->m->dloads.data[i];
      if (d->step < k && d->replaced == 0) {
        d->replaced = k + 1;
        d->ramp_down = 1;
      }
    }
  }
  return 1;
}

/* *BOUNDARY: AMPLITUDE= and OP=; OP=MOD is what a support of a later step
   does anyway (it replaces the earlier one on its DOFs, deck_data_boundary),
   OP=NEW, which would free the DOFs of earlier supports, is refused. */
void deck_begin_boundary(parser* p, loc at, const pval* v) {
  deck_begin_load(p, &v[0]);
  if (v[1].set && v[1].i == 1) {
    VALUE(p, at,
          "*BOUNDARY, OP=NEW (free the supports of earlier steps) is not available: supports stay in every later "
          "step; OP=MOD (the default) replaces a support's value on the DOFs given");
    p->b.kw = KW_SKIP;
  }
  /* FIXED (Abaqus/Standard): the DOFs are held at their values at the start
     of the step, whatever they are (nsb_boundary.fixed) */
  p->b.fixed = v[2].set;
  if (p->b.fixed && current_step(p) < 0) {
    VALUE(p, at, "*BOUNDARY, FIXED holds the values at the start of a step: it belongs in a step (*STEP ... *END STEP)");
    p->b.kw = KW_SKIP;
  } else if (p->b.fixed && v[0].set) {
    VALUE(p, at, "*BOUNDARY, FIXED holds the values at the start of the step: it takes no AMPLITUDE");
    p->b.kw = KW_SKIP;
  }
}

/* *CLOAD: AMPLITUDE=, FOLLOWER= and OP=. */
void deck_begin_cload(parser* p, loc at, const pval* v) {
  deck_begin_load(p, &v[0]);
  /* FOLLOWER=YES|NO, or bare FOLLOWER (Abaqus's flag: YES) */
  p->b.follower = v[1].set ? (v[1].i < 0 ? 1 : v[1].i) : 0;
  if (!load_op(p, at, &v[2], KW_CLOAD)) p->b.kw = KW_SKIP;
}

/* *DLOAD: AMPLITUDE= and OP=. */
void deck_begin_dload(parser* p, loc at, const pval* v) {
  deck_begin_load(p, &v[0]);
  if (!load_op(p, at, &v[1], KW_DLOAD)) p->b.kw = KW_SKIP;
}

void deck_begin_manufactured(parser* p, loc at, const pval* v) {
  int i = nsb_model_find_node(p->m, v[0].i);
  if (i < 0) {
    VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", v[0].i);
    p->b.kw = KW_SKIP;
    return;
  }
  for (int k = 0; k < p->m->manufactured.count; ++k)
    if (p->m->manufactured.data[k].node == i) {
      VALUE(p, at, "node %d already has a *MANUFACTURED ROTATION (line %d)", v[0].i, p->m->manufactured.data[k].line);
      p->b.kw = KW_SKIP;
      return;
    }
  nsb_manufactured_rotation mr = {i, {-1, -1, -1}, at.line};
  if (NSB_ARRAY_PUSH(p->ctx, p->m->manufactured, mr) != NSB_OK || deck_note_rec_file(p, REC_MANUFACTURED, at.file) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->b.index = p->m->manufactured.count - 1;
}

void deck_begin_step(parser* p, loc at, const pval* v) {
  if (p->in_step) {
    SYNTAX(p, at, "*STEP inside a step (the step of line %d has no *END STEP yet); steps do not nest", p->step_at.line);
    p->b.kw = KW_SKIP;
    return;
  }
  if (p->m->steps.count > 0 && p->m->steps.data[p->m->steps.count - 1].modal_dynamic)
    VALUE(p, at, "a step after the *MODAL DYNAMIC step of line %d: it must be the last step (its linear solution is "
          "not carried into a later step)", p->m->steps.data[p->m->steps.count - 1].line);
  nsb_step_def d = nsb_step_default_def(NSB_STEP_DYNAMIC, NSB_SCHEME_MODIFIED_NEWMARK);
  if (v[0].set) snprintf(d.name, sizeof d.name, "%s", v[0].s);
  d.line = at.line;
  p->step_inc = 0;
  /* NLGEOM (CalculiX/Abaqus): the beams are always geometrically exact, so
     NLGEOM and NLGEOM=YES say what nsbeam does anyway; NLGEOM=NO asks for a
     geometrically linear analysis, which nsbeam cannot give. */
  /* with PERTURBATION (Abaqus's linear perturbation step, what Abaqus/CAE writes for a
     frequency step with NLGEOM=NO) the step is linear about the base state anyway: accepted
     for *FREQUENCY and *MODAL DYNAMIC, refused with *STATIC and *DYNAMIC (begin_procedure) */
  p->step_perturbation = v[3].set;
  p->step_nlgeom_no = v[2].set && v[2].i == 0;
  if (p->step_nlgeom_no && !p->step_perturbation)
    VALUE(p, at, "NLGEOM=NO (a geometrically linear analysis) cannot be honoured: nsbeam's beams are always "
          "geometrically exact; remove NLGEOM=NO");
  if (v[1].set) {
    if (v[1].i < 1) VALUE(p, at, "INC must be >= 1, got %d", v[1].i);
    else p->step_inc = v[1].i;
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->steps, d) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->in_step = 1;
  p->abaqus_history = 0;
  p->step_at = at;
  p->step_proc = 0;
}

void deck_begin_end_step(parser* p, loc at, const pval* v) {
  (void)v;
  if (!p->in_step) {
    SYNTAX(p, at, "*END STEP without *STEP");
    return;
  }
  if (!p->step_proc)
    SYNTAX(p, at, "the step of line %d has no procedure (*DYNAMIC, *STATIC, *FREQUENCY or *MODAL DYNAMIC)", p->step_at.line);
  p->in_step = 0;
}

/* Chung-Hulbert parameters from the spectral radius at infinity r
   (Češarek 2013, eq. 6.101): alpha_m, alpha_f and Newmark's beta, gamma. */

static void set_chung_hulbert(nsb_step_def* s, double r) {
  s->rho_inf = r;
  s->alpha_m = (2.0 * r - 1.0) / (r + 1.0);
  s->alpha_f = r / (r + 1.0);
  s->beta = 0.25 * (1.0 - s->alpha_m + s->alpha_f) * (1.0 - s->alpha_m + s->alpha_f);
  s->gamma = 0.5 - s->alpha_m + s->alpha_f;
}

static void begin_procedure(parser* p, loc at, const pval* v, int is_static) {
  if (p->step_proc) {
    SYNTAX(p, at, "a step takes exactly one procedure keyword; this step already has one (line %d)", p->proc_at.line);
    p->b.kw = KW_SKIP;
    return;
  }
  p->step_proc = 1;
  p->proc_at = at;
  if (p->step_perturbation)
    VALUE(p, p->step_at, "*STEP, PERTURBATION (Abaqus's linear perturbation step) goes with *FREQUENCY or *MODAL "
          "DYNAMIC here: nsbeam's *%s is geometrically exact; remove PERTURBATION%s",
          is_static ? "STATIC" : "DYNAMIC", p->step_nlgeom_no ? " and NLGEOM=NO" : "");
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  nsb_scheme_kind scheme = NSB_SCHEME_MODIFIED_NEWMARK;
  if (!is_static && v[0].set) scheme = (nsb_scheme_kind)v[0].i;
  nsb_step_def d = nsb_step_default_def(is_static ? NSB_STEP_STATIC : NSB_STEP_DYNAMIC, scheme);
  s->kind = d.kind;
  s->scheme = d.scheme;
  s->beta = d.beta;
  s->gamma = d.gamma;
  if (!is_static && scheme == NSB_SCHEME_GENERALIZED_ALPHA) {
    /* Chung-Hulbert parameters from rho_inf (Češarek 2013, eq. 6.101); default
       0.9: mild high-frequency dissipation, second order (docs/deck.md) */
    double r = 0.9;
    if (v[3].set) {
      if (v[3].d >= 0.0 && v[3].d <= 1.0) r = v[3].d;
      else VALUE(p, at, "RHOINF must satisfy 0 <= RHOINF <= 1, got %.12g", v[3].d);
    }
    if (v[1].set || v[2].set)
      VALUE(p, at, "SCHEME=GENERALIZED ALPHA takes no %s: beta and gamma follow from RHOINF",
            v[1].set ? "BETA" : "GAMMA");
    set_chung_hulbert(s, r);
    return;
  }
  if (!is_static && scheme == NSB_SCHEME_MODIFIED_NEWMARK && !v[1].set && !v[2].set) {
    /* the generalized-alpha form of the modified scheme (docs/theory.md
       §3.5) with rho_inf < 1; rho_inf = 1 is the plain scheme with
       beta = gamma = 1/2, which the generalized-alpha form equals exactly */
    double r = NSB_MODIFIED_RHOINF_DEFAULT;
    if (v[3].set) {
      if (v[3].d >= 0.0 && v[3].d <= 1.0) r = v[3].d;
      else VALUE(p, at, "RHOINF must satisfy 0 <= RHOINF <= 1, got %.12g", v[3].d);
    }
    s->rho_inf = r;
    if (r < 1.0) {
      set_chung_hulbert(s, r);
      s->mn_alpha = 1;
    }
    return;
  }
  if (!is_static && v[3].set) {
    if (scheme == NSB_SCHEME_MODIFIED_NEWMARK)
      VALUE(p, at, "RHOINF and %s exclude each other: BETA, GAMMA select the plain modified scheme, RHOINF its "
            "generalized-alpha form", v[1].set ? "BETA" : "GAMMA");
    else
      VALUE(p, at, "RHOINF applies to SCHEME=GENERALIZED ALPHA and SCHEME=MODIFIED NEWMARK only");
  }
  if (!is_static) {
    if (v[1].set) {
      if (v[1].d > 0.0 && v[1].d <= 1.0) s->beta = v[1].d;
      else VALUE(p, at, "BETA must satisfy 0 < BETA <= 1, got %.12g", v[1].d);
    }
    if (v[2].set) {
      if (v[2].d > 0.0 && v[2].d <= 1.0) s->gamma = v[2].d;
      else VALUE(p, at, "GAMMA must satisfy 0 < GAMMA <= 1, got %.12g", v[2].d);
    }
  }
}

void deck_begin_dynamic(parser* p, loc at, const pval* v) {
  begin_procedure(p, at, v, 0);
  /* EVENTS=LOCATE: increments end at the switching points of NEWTON contacts (solver/step_control.h) */
  if (p->b.kw != KW_SKIP && v[4].set) {
    int newton = 0;
    for (int i = 0; i < p->m->contact_pairs.count; ++i) newton |= p->m->contact_pairs.data[i].law == NSB_CONTACT_NEWTON;
    if (v[4].i == 1 && !newton)
      VALUE(p, at, "EVENTS=LOCATE locates where LAW=NEWTON contacts close, and no *CONTACT PAIR before this step has "
            "LAW=NEWTON (LAW=HERTZ contacts are resolved by the increments themselves)");
    else
      p->m->steps.data[p->m->steps.count - 1].events = v[4].i;
  }
  /* DIRECT (Abaqus: fixed increments): no sub-increments for HERTZ contacts, and
     no cutback unless the data line gives h_min (deck_data_procedure) */
  if (p->b.kw != KW_SKIP && v[5].set) p->m->steps.data[p->m->steps.count - 1].direct = 1;
}

/* *FREQUENCY: a static-kind step of no duration; the data line gives the
   number of modes, SHIFT= an optional shift in (rad/time)^2 (docs/deck.md,
   docs/theory.md §6). */
static void begin_frequency_step(parser* p, loc at, int consistent) {
  if (p->step_proc) {
    SYNTAX(p, at, "a step takes exactly one procedure keyword; this step already has one (line %d)", p->proc_at.line);
    p->b.kw = KW_SKIP;
    return;
  }
  p->step_proc = 1;
  p->proc_at = at;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  nsb_step_def d = nsb_step_default_def(NSB_STEP_STATIC, NSB_SCHEME_MODIFIED_NEWMARK);
  s->kind = d.kind;
  s->scheme = d.scheme;
  s->beta = d.beta;
  s->gamma = d.gamma;
  s->h = 1.0;
  s->h_min = 1.0;
  s->period = 0.0;
  s->n_modes = 1;
  s->consistent_mass = consistent;
}

void deck_begin_frequency(parser* p, loc at, const pval* v) {
  begin_frequency_step(p, at, v[0].set && v[0].i == 1);
  if (p->b.kw == KW_SKIP) return;
  /* Abaqus's parameters: the eigensolver (any: nsbeam's own), no acoustics; NORMALIZATION=MASS
     (nsbeam's default) or DISPLACEMENT, the output's scaling of the modes */
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  s->disp_normalized = v[2].set && v[2].i == 1;
  if (v[5].set) {
    s->shift = v[5].d;
    s->shift_given = 1;
  }
}

/* *MODAL DYNAMIC, MODES=n [, REDUCTION=] [, ALPHA=] [, BETA=] [, MASS=]
   [, SPIN=, AXIS= [, EXTERNAL DAMPING=] [, SWEEP=]]: data line h, period
   (deck_data_procedure).  The step linearizes like *FREQUENCY; loads of the step act
   with their dynamic meaning (no ramp).  SPIN: the co-rotating model
   (docs/theory.md §7.5); AXIS is then required, and EXTERNAL DAMPING and
   SWEEP need SPIN. */

void deck_begin_modal_dynamic(parser* p, loc at, const pval* v) {
  begin_frequency_step(p, at, v[4].set && v[4].i == 1);
  if (p->b.kw == KW_SKIP) return;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  s->modal_dynamic = 1;
  if (p->modal_at.line <= 0) p->modal_at = at;
  s->h = 0.0;
  s->h_min = -1.0;
  /* up to 100000: modes of blocks that stay at rest are only ranked, so a
     long bar keeps every axial mode among thousands of lowest (docs/deck.md);
     the DOFs with mass bound it at run time */
  if (v[0].i < 1 || v[0].i > 100000) VALUE(p, at, "MODES must satisfy 1 <= MODES <= 100000, got %d", v[0].i);
  else s->n_modes = v[0].i;
  if (v[1].set) s->reduction = v[1].i;
  /* a material's Rayleigh damping is not projected on the modes (its modal
     form is diagonal for one material only): the step's ALPHA, BETA damp the
     modal model (docs/deck.md *DAMPING) */
  for (int i = 0; i < p->m->materials.count; ++i)
    if (p->m->materials.data[i].has_damping) {
      VALUE(p, at, "*MODAL DYNAMIC does not use the *DAMPING of material %s: give the step's Rayleigh damping ALPHA=, "
            "BETA= instead (and remove *DAMPING)", p->m->materials.data[i].name);
      break;
    }
  for (int k = 2; k <= 3; ++k)
    if (v[k].set) {
      if (v[k].d >= 0.0) *(k == 2 ? &s->ray_alpha : &s->ray_beta) = v[k].d;
      else VALUE(p, at, "%s (Rayleigh damping) must be >= 0, got %.12g", k == 2 ? "ALPHA" : "BETA", v[k].d);
    }
  if (v[5].set) {
    s->spinning = 1;
    s->spin = v[5].d;
    if (!v[6].set) VALUE(p, at, "SPIN needs AXIS=X, Y or Z (the global axis through the origin it turns about)");
    else s->spin_axis = v[6].i;
  } else {
    static const char* const need_spin[] = {"AXIS", "EXTERNAL DAMPING", "SWEEP"};
    for (int k = 6; k <= 8; ++k)
      if (v[k].set) VALUE(p, at, "%s needs SPIN= (the co-rotating model)", need_spin[k - 6]);
  }
  if (v[7].set) {
    if (v[7].d >= 0.0) s->ext_damping = v[7].d;
    else VALUE(p, at, "EXTERNAL DAMPING (c of the force -c M v on the absolute velocity, 1/s) must be >= 0, got %.12g",
               v[7].d);
  }
  if (v[8].set && v[5].set) {
    if (v[8].i < 1 || v[8].i > 100000) VALUE(p, at, "SWEEP must satisfy 1 <= SWEEP <= 100000, got %d", v[8].i);
    else if (v[5].d == 0.0) VALUE(p, at, "SWEEP needs SPIN != 0 (the sweep runs from 0 to SPIN)");
    else s->spin_sweep = v[8].i;
  }
}

void deck_data_frequency(parser* p, loc at) {
  if (!deck_only_one_line(p, at)) return;
  /* only the number of modes is read.  A second field means a frequency in cycles/time to
     CalculiX (the lower end of the range) and to Abaqus (its range, shift point, block size),
     so it is refused rather than read as something else (nsbeam's shift is SHIFT=) */
  for (int f = 1; f < p->n_fields; ++f)
    if (p->fields[f][0]) {
      VALUE(p, at, "*FREQUENCY: field %d ('%s') of the data line is not read: nsbeam takes the number of modes "
            "and computes the lowest; CalculiX's and Abaqus's frequency range, shift point and block size are not "
            "available. Leave the other fields empty; for the modes nearest a shift sigma in (rad/time)^2 write "
            "*FREQUENCY, SHIFT=sigma",
            f + 1, p->fields[f]);
      return;
    }
  p->n_fields = 1;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  int n;
  if (!deck_get_int(p, at, p->fields[0], "number of modes", &n)) return;
  if (n < 1 || n > 1000) {
    VALUE(p, at, "the number of modes must satisfy 1 <= n <= 1000, got %d", n);
    return;
  }
  s->n_modes = n;
}

void deck_begin_solver_controls(parser* p, loc at, const pval* v) {
  if (!p->step_proc) {
    SYNTAX(p, at, "*SOLVER CONTROLS must follow the procedure keyword (*DYNAMIC, *STATIC, *FREQUENCY or *MODAL DYNAMIC) of the step");
    return;
  }
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  if (v[0].set) {
    if (v[0].i >= 1 && v[0].i <= NSB_DECK_ITERATIONS_MAX) s->max_iter = v[0].i;
    else VALUE(p, at, "ITERATIONS must satisfy 1 <= ITERATIONS <= %d, got %d", NSB_DECK_ITERATIONS_MAX, v[0].i);
  }
  if (v[1].set) {
    if (v[1].d > 0.0) s->tol_inc = v[1].d;
    else VALUE(p, at, "TOL INCREMENT must be > 0, got %.12g", v[1].d);
  }
  if (v[2].set) {
    if (v[2].d > 0.0) s->tol_res = v[2].d;
    else VALUE(p, at, "TOL RESIDUAL must be > 0, got %.12g", v[2].d);
  }
  if (v[3].set) s->linsolver = (nsb_linsolver_kind)v[3].i;
  if (v[4].set) s->contact_prox = v[4].i;
  if ((v[5].set || v[6].set || v[7].set) && !s->contact_prox)
    VALUE(p, at, "CONTACT ITERATIONS, CONTACT TOLERANCE and RELAXATION go with CONTACT SOLVER=PROX");
  if (v[5].set) {
    if (v[5].i >= 1 && v[5].i <= NSB_DECK_CONTACT_ITERATIONS_MAX) s->contact_iter = v[5].i;
    else
      VALUE(p, at, "CONTACT ITERATIONS must satisfy 1 <= CONTACT ITERATIONS <= %d, got %d",
            NSB_DECK_CONTACT_ITERATIONS_MAX, v[5].i);
  }
  if (v[6].set) {
    if (v[6].d > 0.0 && v[6].d < 1.0) s->contact_tol = v[6].d;
    else VALUE(p, at, "CONTACT TOLERANCE must satisfy 0 < tol < 1, got %.12g", v[6].d);
  }
  if (v[7].set) {
    if (v[7].d > 0.0 && v[7].d < 2.0) s->contact_relax = v[7].d;
    else VALUE(p, at, "RELAXATION must satisfy 0 < alpha < 2, got %.12g", v[7].d);
  }
  for (int k = 8; k <= 9; ++k) {
    if (!v[k].set) continue;
    const char* name = k == 8 ? "RELATIVE RESIDUAL" : "RELATIVE CORRECTION";
    if (v[k].d > 0.0 && v[k].d < 1.0) *(k == 8 ? &s->rel_res : &s->rel_cor) = v[k].d;
    else VALUE(p, at, "%s must satisfy 0 < tol < 1, got %.12g", name, v[k].d);
  }
  if (v[10].set) s->tangent = v[10].i;
  if (v[11].set) s->accept = v[11].i;
  if (v[12].set) s->ordering = (nsb_ordering_kind)v[12].i;
  if (s->ordering != NSB_ORDERING_AUTO && s->linsolver == NSB_LINSOLVER_UMFPACK)
    VALUE(p, at, "ORDERING goes with LINEAR SOLVER=KLU, AUTO or KLU2 (UMFPACK is ordered by METIS)");
  if (v[1].set && v[9].set) VALUE(p, at, "give either TOL INCREMENT (absolute) or RELATIVE CORRECTION, not both");
  if (v[2].set && v[8].set) VALUE(p, at, "give either TOL RESIDUAL (absolute) or RELATIVE RESIDUAL, not both");
}

void deck_data_boundary(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 2, 4, "node or node set, first dof[, last dof[, value]]")) return;
  int first, last;
  double value = 0.0;
  /* Abaqus/CalculiX boundary types: "node, ENCASTRE" (DOFs 1-6), "node, PINNED"
     (1-3) and the symmetry types XSYMM (1, 5, 6), YSYMM (2, 4, 6), ZSYMM (3, 4,
     5): two rotations held about body axes leave the node turning about the
     third body axis only, which then stays the global one, so holding them is
     Abaqus's holding of the global rotation components.  The antisymmetry
     types hold one rotation, about a body axis that turns with the node,
     which a global component is not: refused.  Up to three DOF ranges. */
  int typed = 0, n_ranges = 1;
  int ranges[3][2] = {{0, 0}, {0, 0}, {0, 0}};
  if (p->n_fields == 2 && isalpha((unsigned char)p->fields[1][0])) {
    static const char* const symm[] = {"XSYMM", "YSYMM", "ZSYMM", NULL};
    static const int symm_ranges[3][3][2] = {{{1, 1}, {5, 6}, {0, 0}}, {{2, 2}, {4, 4}, {6, 6}}, {{3, 3}, {4, 5}, {0, 0}}};
    char* t = deck_normalize(p->fields[1]);
    int k = 0;
    while (symm[k] && strcmp(symm[k], t) != 0) ++k;
    if (strcmp(t, "ENCASTRE") == 0 || strcmp(t, "PINNED") == 0) {
      ranges[0][0] = 1;
      ranges[0][1] = t[0] == 'E' ? 6 : 3;
      typed = 1;
    } else if (symm[k]) {
      n_ranges = symm_ranges[k][2][0] ? 3 : 2;
      for (int r = 0; r < n_ranges; ++r) {
        ranges[r][0] = symm_ranges[k][r][0];
        ranges[r][1] = symm_ranges[k][r][1];
      }
      typed = 1;
    } else if (strstr(t, "ASYMM") != NULL) {
      VALUE(p, at, "boundary type %s is not available: it holds one rotation about a global axis, and a single "
            "rotational DOF here is about the node's body axis, which turns with the node; give the DOFs (first "
            "dof, last dof) instead (XSYMM, YSYMM, ZSYMM are available)", t);
      return;
    } else {
      VALUE(p, at, "boundary type %s is not available (available: ENCASTRE = DOFs 1-6, PINNED = DOFs 1-3, XSYMM = "
            "1, 5, 6, YSYMM = 2, 4, 6, ZSYMM = 3, 4, 5)", t);
      return;
    }
  }
  if (!typed && !deck_get_int(p, at, p->fields[1], "first dof", &first)) return;
  if (!typed) last = first;
  if (!typed && p->n_fields >= 3 && p->fields[2][0] && !deck_get_int(p, at, p->fields[2], "last dof", &last)) return;
  if (p->n_fields == 4 && p->b.fixed) {
    VALUE(p, at, "*BOUNDARY, FIXED takes no value (the DOFs keep their values at the start of the step): give "
          "node, first dof[, last dof]");
    return;
  }
  if (p->n_fields == 4 && !deck_get_real(p, at, p->fields[3], "boundary value", &value)) return;
  if (!typed) {
    if (!deck_in_dof_range(p, at, first, "first dof") || !deck_in_dof_range(p, at, last, "last dof")) return;
    if (first > last) {
      VALUE(p, at, "first dof %d is larger than last dof %d", first, last);
      return;
    }
    ranges[0][0] = first;
    ranges[0][1] = last;
  }
  /* any subset of 4..6 may be held; whether the scheme can hold a subset is
     the solver's check (solver/system.c) */
  /* a prescribed rotation (non-zero value or an amplitude) is an angle about
     one body axis: one rotational DOF per data line */
  for (int r = 0; r < n_ranges; ++r)
    if (ranges[r][1] >= 4 && (value != 0.0 || p->b.has_amp) && ranges[r][0] != ranges[r][1]) {
      VALUE(p, at,
            "a prescribed rotation (non-zero value or AMPLITUDE) must name one rotational DOF (first = last), got "
            "%d..%d",
            ranges[r][0], ranges[r][1]);
      return;
    }
  p->scratch.count = 0;
  if (!deck_expand_nodes(p, at, p->fields[0])) return;
  int start = p->m->boundaries.count;
  for (int k = 0; k < p->scratch.count; ++k)
    for (int r = 0; r < n_ranges; ++r) {
      first = ranges[r][0];
      last = ranges[r][1];
      nsb_boundary bc = {p->scratch.data[k], first, last, value, -1, current_step(p), at.line, {-1, -1, -1, -1, -1, -1},
                         p->b.fixed, 0};
      /* the support it replaces on each DOF (the latest of an earlier step): a static step
         ramps from that support's value to this one's (Abaqus), not from zero */
      for (int d = first; d <= last && bc.step >= 0; ++d)
        for (int i = start - 1; i >= 0; --i) {
          const nsb_boundary* o = &p->m->boundaries.data[i];
          if (o->step < bc.step && o->node == bc.node && o->dof_first <= d && d <= o->dof_last) {
            bc.prev[d - 1] = i;
            break;
          }
        }
      if (NSB_ARRAY_PUSH(p->ctx, p->m->boundaries, bc) != NSB_OK ||
          deck_note_rec_file(p, REC_BOUNDARY, at.file) != NSB_OK) {
        deck_oom(p, at);
        return;
      }
    }
  if (p->b.has_amp) deck_add_amp_ref(p, REC_BOUNDARY, start, p->m->boundaries.count - start, 0, p->b.amp, at);
}

void deck_data_cload(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 3, 3, "node or node set, dof, value")) return;
  int dof;
  double value;
  if (!deck_get_int(p, at, p->fields[1], "dof", &dof) || !deck_get_real(p, at, p->fields[2], "load value", &value)) return;
  if (!deck_in_dof_range(p, at, dof, "dof")) return;
  p->scratch.count = 0;
  if (!deck_expand_nodes(p, at, p->fields[0])) return;
  int start = p->m->cloads.count, step = current_step(p);
  for (int k = 0; k < p->scratch.count; ++k) {
    /* Abaqus's OP=MOD: the load replaces those of earlier steps at its node, DOF and kind */
    for (int i = 0; i < start && step >= 0; ++i) {
      nsb_cload* o = &p->m->cloads.data[i];
      if (o->step < step && o->replaced == 0 && o->node == p->scratch.data[k] && o->dof == dof &&
          o->follower == p->b.follower) {
        o->replaced = step + 1;
        o->ramp_down = !p->b.has_amp;
      }
    }
    nsb_cload c = {p->scratch.data[k], dof, value, -1, p->b.follower, step, at.line, 0, 0, 0};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->cloads, c) != NSB_OK || deck_note_rec_file(p, REC_CLOAD, at.file) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
  if (p->b.has_amp) deck_add_amp_ref(p, REC_CLOAD, start, p->scratch.count, 0, p->b.amp, at);
}

/* *DLOAD: element|elset, type, magnitude; one record per element. */
void deck_data_dload(parser* p, loc at) {
  static const char* const types[] = {"PX", "PY", "PZ", "MX", "MY", "MZ", NULL};
  if (p->n_fields >= 2 && strcmp(deck_normalize(p->fields[1]), "GRAV") == 0) {
    VALUE(p, at, "*DLOAD type GRAV is not supported: use *GRAVITY (it acts on every body and beam)");
    return;
  }
  if (p->n_fields >= 2) {
    /* Abaqus's and CalculiX's rotational body loads (omega^2, a point, an axis: 9 fields) */
    const char* t = deck_normalize(p->fields[1]);
    if (strcmp(t, "CENTRIF") == 0 || strcmp(t, "ROTA") == 0 || strcmp(t, "CORIO") == 0) {
      VALUE(p, at,
            "*DLOAD type %s (a load of the structure's spin) is not supported: nsbeam's beams carry their inertia "
            "themselves; spin the structure in a *DYNAMIC step, its support turned by *BOUNDARY on the rotation with "
            "an amplitude and its nodes started with *INITIAL CONDITIONS, TYPE=VELOCITY (docs/deck.md *BOUNDARY)",
            t);
      return;
    }
  }
  if (!deck_expect_fields(p, at, 3, 3, "element or element set, type, magnitude")) return;
  const char* type = deck_normalize(p->fields[1]);
  int kind = 0;
  while (types[kind] && strcmp(types[kind], type) != 0) ++kind;
  if (!types[kind]) {
    if (strcmp(type, "P1") == 0 || strcmp(type, "P2") == 0)
      VALUE(p, at,
            "unknown *DLOAD type %s (allowed: PX, PY, PZ, MX, MY, MZ): the beam's local %s of Abaqus (a load per "
            "length along the section's axis %c, turning with the beam) and of CalculiX (a pressure on a face of the "
            "beam expanded into solids) are not available; give the load per unit length along the global axes",
            type, type, type[1]);
    else
      VALUE(p, at, "unknown *DLOAD type %s (allowed: PX, PY, PZ, MX, MY, MZ)", *type ? type : "(empty)");
    return;
  }
  double value;
  if (!deck_get_real(p, at, p->fields[2], "load magnitude", &value)) return;
  p->scratch.count = 0;
  if (!deck_expand_elements(p, at, p->fields[0])) return;
  for (int k = 0; k < p->scratch.count; ++k) {
    const nsb_element* e = &p->m->elements.data[p->scratch.data[k]];
    if (!nsb_etype_is_beam(e->type)) {
      VALUE(p, at, "*DLOAD: element %d is a %s element; distributed loads act only on beam elements", e->label,
            deck_etype_name(e->type));
      return;
    }
  }
  int start = p->m->dloads.count, step = current_step(p);
  for (int k = 0; k < p->scratch.count; ++k) {
    /* Abaqus's OP=MOD: the load replaces those of earlier steps on its element of its type */
    for (int i = 0; i < start && step >= 0; ++i) {
      nsb_dload* o = &p->m->dloads.data[i];
      if (o->step < step && o->replaced == 0 && o->element == p->scratch.data[k] && o->kind == kind) {
        o->replaced = step + 1;
        o->ramp_down = !p->b.has_amp;
      }
    }
    nsb_dload d = {p->scratch.data[k], kind, value, -1, step, at.line, 0, 0};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->dloads, d) != NSB_OK || deck_note_rec_file(p, REC_DLOAD, at.file) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
  if (p->b.has_amp) deck_add_amp_ref(p, REC_DLOAD, start, p->scratch.count, 0, p->b.amp, at);
}

void deck_data_gravity(parser* p, loc at) {
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 3, 3, "gx, gy, gz")) return;
  nsb_gravity g;
  memset(&g, 0, sizeof g);
  for (int k = 0; k < 3; ++k)
    if (!deck_get_real(p, at, p->fields[k], "gravity component", &g.g[k])) return;
  g.amplitude = -1;
  g.step = current_step(p);
  g.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->gravities, g) != NSB_OK || deck_note_rec_file(p, REC_GRAVITY, at.file) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  if (p->b.has_amp) deck_add_amp_ref(p, REC_GRAVITY, p->m->gravities.count - 1, 1, 0, p->b.amp, at);
}

void deck_data_manufactured(parser* p, loc at) {
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 3, 3, "amplitude names for the x, y, z components")) return;
  for (int k = 0; k < 3; ++k) {
    if (!deck_check_name(p, at, p->fields[k], "amplitude name")) return;
  }
  for (int k = 0; k < 3; ++k)
    if (!deck_add_amp_ref(p, REC_MANUFACTURED, p->b.index, 1, k, p->fields[k], at)) return;
}

/* *INITIAL CONDITIONS: the TYPE= of its data lines. */
void deck_begin_initial(parser* p, loc at, const pval* v) {
  (void)at;
  p->b.sub = v[0].i;
}

void deck_data_initial(parser* p, loc at) {
  nsb_initial ic;
  memset(&ic, 0, sizeof ic);
  ic.kind = (nsb_init_kind)p->b.sub;
  ic.line = at.line;
  const char* nodes = p->fields[0];
  if (ic.kind == NSB_INIT_ROTATING_VELOCITY) {
    /* Abaqus's pair of data lines: node|nset, omega, a (the axis's first point); then b */
    if (!p->b.first_line) {
      p->b.first_line = at.line; /* a first line is read (valid or not): the next line is its second */
      p->b.first_ok = 0;
      if (!deck_expect_fields(p, at, 5, 5, "node or node set, angular velocity, x, y, z of a first point of the axis"))
        return;
      for (int k = 0; k < 4; ++k)
        if (!deck_get_real(p, at, p->fields[k + 1], k ? "axis point coordinate" : "angular velocity",
                           &p->b.inertia[k]))
          return;
      if (!deck_check_name(p, at, p->fields[0], "node or node set")) return;
      snprintf(p->b.amp, sizeof p->b.amp, "%s", p->fields[0]);
      p->b.first_ok = 1;
      return;
    }
    int first_ok = p->b.first_ok;
    ic.line = p->b.first_line;
    p->b.first_line = 0;
    if (!deck_expect_fields(p, at, 3, 3, "x, y, z of a second point of the axis (the first line's pair)")) return;
    double b[3], a[3] = {p->b.inertia[1], p->b.inertia[2], p->b.inertia[3]}, axis[3];
    for (int k = 0; k < 3; ++k)
      if (!deck_get_real(p, at, p->fields[k], "axis point coordinate", &b[k])) return;
    if (!first_ok) return; /* the first line had an error (reported) */
    for (int k = 0; k < 3; ++k) axis[k] = b[k] - a[k];
    if (!deck_unit3(axis, axis)) {
      VALUE(p, at, "the axis's two points coincide: give a second point on the axis of rotation");
      return;
    }
    for (int k = 0; k < 3; ++k) {
      ic.vec[k] = p->b.inertia[0] * axis[k];
      ic.point[k] = a[k];
    }
    nodes = p->b.amp;
  } else if (ic.kind == NSB_INIT_VELOCITY) {
    if (!deck_expect_fields(p, at, 3, 3, "node or node set, dof, value")) return;
    if (!deck_get_int(p, at, p->fields[1], "dof", &ic.dof) || !deck_get_real(p, at, p->fields[2], "velocity", &ic.value)) return;
    if (!deck_in_dof_range(p, at, ic.dof, "dof")) return;
  } else {
    if (!deck_expect_fields(p, at, 4, 4, ic.kind == NSB_INIT_ROTATION ? "node or node set, rx, ry, rz"
                                                                  : "node or node set, wx, wy, wz"))
      return;
    for (int k = 0; k < 3; ++k)
      if (!deck_get_real(p, at, p->fields[k + 1], "vector component", &ic.vec[k])) return;
  }
  p->scratch.count = 0;
  if (!deck_expand_nodes(p, at, nodes)) return;
  for (int k = 0; k < p->scratch.count; ++k) {
    ic.node = p->scratch.data[k];
    if (NSB_ARRAY_PUSH(p->ctx, p->m->initials, ic) != NSB_OK || deck_note_rec_file(p, REC_INITIAL, at.file) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  }
}

/* TYPE=ROTATING VELOCITY: a first data line without its second */
void deck_end_initial(parser* p) {
  if (p->b.sub == NSB_INIT_ROTATING_VELOCITY && p->b.first_line && p->b.first_ok) {
    loc at = {p->b.at.file, p->b.first_line};
    SYNTAX(p, at,
           "*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY: this data line needs its second line (x, y, z of a second "
           "point of the axis)");
  }
}

void deck_data_procedure(parser* p, loc at) {
  if (!deck_only_one_line(p, at)) return;
  int is_static = p->b.kw == KW_STATIC;
  if (p->b.kw == KW_MODAL_DYNAMIC) { /* linear: no cutback */
    if (!deck_expect_fields(p, at, 2, 2, "h, period")) return;
  } else if (!deck_expect_fields(p, at, 2, 4,
                                 is_static ? "increment, period[, h_min[, h_max]]" : "h, period[, h_min[, h_max]]")) {
    return;
  }
  double h, period, h_min;
  if (!deck_get_real(p, at, p->fields[0], "time increment", &h) || !deck_get_real(p, at, p->fields[1], "time period", &period))
    return;
  /* default minimum increment: a static step may cut back to 1e-5 of its
     period (Abaqus's default); a dynamic step to h / 1024 (ten halvings: the
     period of a dynamic step is often 1e5 increments or more, where Abaqus's
     1e-5 period would allow none); a DIRECT dynamic step keeps its increments
     (Abaqus: fixed incrementation, no cutback) unless h_min is given */
  const nsb_step_def* cur = &p->m->steps.data[p->m->steps.count - 1];
  h_min = is_static ? fmin(h, 1e-5 * period) : cur->direct ? h : h * NSB_DYNAMIC_CUTBACK_MIN;
  /* h_min may be left empty (CalculiX/Abaqus: "0.1, 1.0, , 0.2") */
  if (p->n_fields >= 3 && p->fields[2][0] && !deck_get_real(p, at, p->fields[2], "minimum increment", &h_min)) return;
  /* h_max (CalculiX/Abaqus 4th field): the increment never grows beyond h
     (cutbacks grow back to h), so any h_max >= h is honoured as it stands */
  double h_max = h;
  if (p->n_fields == 4 && !deck_get_real(p, at, p->fields[3], "maximum increment", &h_max)) return;
  if (!(h > 0.0) || !(period > 0.0)) {
    VALUE(p, at, "time increment and period must be > 0, got %.12g, %.12g", h, period);
    return;
  }
  if (h > period) {
    VALUE(p, at, "time increment %.12g is larger than the step period %.12g", h, period);
    return;
  }
  if (period / h > NSB_DECK_INCREMENTS_MAX) {
    VALUE(p, at, "the step needs %.3g increments (period %.12g / increment %.12g); at most %.0e per step", period / h,
          period, h, NSB_DECK_INCREMENTS_MAX);
    return;
  }
  if (!(h_min > 0.0 && h_min <= h)) {
    VALUE(p, at, "minimum increment must satisfy 0 < h_min <= h = %.12g, got %.12g", h, h_min);
    return;
  }
  if (!(h_max >= h)) {
    VALUE(p, at, "maximum increment h_max = %.12g is smaller than the increment h = %.12g (the increment never grows "
          "beyond h, so h_max >= h)", h_max, h);
    return;
  }
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  s->h = h;
  s->period = period;
  s->h_min = h_min;
  double need = ceil(period / h);
  if (p->step_inc > 0 && (double)p->step_inc < need)
    VALUE(p, p->step_at, "INC=%d allows fewer increments than period/h needs (%.0f)", p->step_inc, need);
}

/* *STATIC, RIKS [, CONSTRAINT=]: arc-length continuation (solver/arclength.h);
   without RIKS, CONSTRAINT is an error.  v: the *STATIC parameters. */

static void begin_riks(parser* p, loc at, const pval* v) {
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  if (!v[0].set) {
    if (v[1].set) VALUE(p, at, "CONSTRAINT applies to *STATIC, RIKS only");
    return;
  }
  s->riks = 1;
  s->riks_cylindrical = v[1].set && v[1].i == 1;
  s->riks_max_inc = p->step_inc > 0 ? p->step_inc : 100; /* Abaqus: INC= bounds the increments, default 100 */
  if ((double)s->riks_max_inc > NSB_DECK_INCREMENTS_MAX) {
    VALUE(p, p->step_at, "INC=%d: a *STATIC, RIKS step takes at most %.0e increments", s->riks_max_inc,
          NSB_DECK_INCREMENTS_MAX);
    s->riks_max_inc = (int)NSB_DECK_INCREMENTS_MAX;
  }
  riks_ref r = {p->m->steps.count - 1, at, {0, 0}};
  if (NSB_ARRAY_PUSH(p->ctx, p->riks_refs, r) != NSB_OK) deck_oom(p, at);
}

/* One optional real of the Riks data line: an empty field (or none) keeps *out. */
static int riks_real(parser* p, loc at, int k, const char* what, double* out) {
  if (k >= p->n_fields || p->fields[k][0] == '\0') return 1;
  return deck_get_real(p, at, p->fields[k], what, out);
}

/* The Riks data line (Abaqus *STATIC, RIKS): initial arc-length increment,
   total arc length (period), minimum and maximum increment, maximum load
   proportionality factor, node, DOF and the displacement that end the step.
   Every field may be empty; zero means "default" for the first three. */

static void data_riks(parser* p, loc at) {
  if (!deck_only_one_line(p, at)) return;
  if (!deck_expect_fields(p, at, 1, 8,
                     "initial arc-length increment, total arc length, minimum increment, maximum increment, maximum "
                     "LPF, node, DOF, maximum displacement"))
    return;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  riks_ref* r = &p->riks_refs.data[p->riks_refs.count - 1];
  r->data_at = at;
  double ds = 0.0, period = 0.0, ds_min = 0.0, ds_max = 0.0, lpf_max = 0.0, u_max = 0.0;
  if (!riks_real(p, at, 0, "initial arc-length increment", &ds) || !riks_real(p, at, 1, "total arc length", &period) ||
      !riks_real(p, at, 2, "minimum arc-length increment", &ds_min) ||
      !riks_real(p, at, 3, "maximum arc-length increment", &ds_max) ||
      !riks_real(p, at, 4, "maximum load proportionality factor", &lpf_max) ||
      !riks_real(p, at, 7, "maximum displacement", &u_max))
    return;
  if (ds < 0.0 || period < 0.0 || ds_min < 0.0 || ds_max < 0.0) {
    VALUE(p, at, "arc-length increments and the total arc length must be >= 0 (0: default), got %.12g, %.12g, %.12g, "
          "%.12g", ds, period, ds_min, ds_max);
    return;
  }
  if (period == 0.0) period = 1.0;          /* Abaqus defaults */
  if (ds == 0.0) ds = period;
  if (ds_min == 0.0) ds_min = fmin(ds, 1e-5 * period);
  if (ds > period) {
    VALUE(p, at, "initial arc-length increment %.12g is larger than the total arc length %.12g", ds, period);
    return;
  }
  if (ds_min > ds) {
    VALUE(p, at, "minimum arc-length increment %.12g is larger than the initial one %.12g", ds_min, ds);
    return;
  }
  if (ds_max > 0.0 && ds_max < ds) {
    VALUE(p, at, "maximum arc-length increment %.12g is smaller than the initial one %.12g", ds_max, ds);
    return;
  }
  int has_lpf = p->n_fields > 4 && p->fields[4][0] != '\0';
  if (has_lpf && !(lpf_max > 0.0)) {
    VALUE(p, at, "maximum load proportionality factor must be > 0 (the LPF starts at 0 and grows), got %.12g",
          lpf_max);
    return;
  }
  int n_mon = 0;
  for (int k = 5; k < 8; ++k) n_mon += k < p->n_fields && p->fields[k][0] != '\0';
  if (n_mon != 0 && n_mon != 3) {
    SYNTAX(p, at, "the monitored displacement needs all three of node, DOF and maximum displacement (fields 6 to 8)");
    return;
  }
  if (n_mon == 3) {
    int node = deck_node_by_label(p, at, p->fields[5], "monitored node");
    if (node < 0) return;
    int dof;
    if (!deck_get_int(p, at, p->fields[6], "monitored DOF", &dof)) return;
    if (dof < 1 || dof > 6) {
      VALUE(p, at, "monitored DOF must be 1 to 6, got %d", dof);
      return;
    }
    s->riks_node = node;
    s->riks_dof = dof;
    s->riks_u_max = u_max;
  }
  s->h = ds;
  s->period = period;
  s->h_min = ds_min;
  s->riks_h_max = ds_max;
  s->riks_lpf_max = has_lpf ? lpf_max : 0.0;
}

/* *STATIC: a load-controlled step, or with RIKS an arc-length step. */
void deck_begin_static(parser* p, loc at, const pval* v) {
  begin_procedure(p, at, v, 1);
  if (p->b.kw != KW_SKIP) begin_riks(p, at, v);
}

void deck_data_static(parser* p, loc at) {
  if (p->m->steps.data[p->m->steps.count - 1].riks)
    data_riks(p, at);
  else
    deck_data_procedure(p, at);
}

/* *STATIC without a data line: Abaqus's defaults, a period of 1.0 taken in one
   increment that may cut back to 1e-5 of it (the data line's h_min default).
   A RIKS step needs its arc-length data. */
void deck_end_static(parser* p) {
  if (p->b.n_data > 0 || p->m->steps.count == 0) return;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  if (s->riks) {
    deck_end_needs_data(p);
    return;
  }
  s->h = 1.0;
  s->period = 1.0;
  s->h_min = 1e-5;
}

void deck_step_keyword_failed(parser* p, loc at, const kwspec* spec) {
  if (spec->id == KW_STEP && !p->in_step) {
    /* still open the step so that its *END STEP and procedure do not cascade */
    nsb_step_def d = nsb_step_default_def(NSB_STEP_DYNAMIC, NSB_SCHEME_MODIFIED_NEWMARK);
    d.line = at.line;
    if (NSB_ARRAY_PUSH(p->ctx, p->m->steps, d) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
    p->in_step = 1;
    p->step_at = at;
    p->step_proc = 0;
    p->step_inc = 0;
    p->step_perturbation = p->step_nlgeom_no = 0;
    p->abaqus_history = 0;
  }
  if (spec->id == KW_DYNAMIC || spec->id == KW_STATIC || spec->id == KW_FREQUENCY || spec->id == KW_MODAL_DYNAMIC)
    p->step_proc = 1;
}

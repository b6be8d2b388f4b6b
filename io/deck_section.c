/* deck_section.c -- the material and beam section keywords of the deck reader:
 * *MATERIAL, *ELASTIC, *DENSITY, *DAMPING, *BEAM SECTION (RECT, CIRC, PIPE, BOX, I), *BEAM GENERAL SECTION and
 * *BEAM NODE FRAME (see deck_internal.h and docs/deck.md).
 */
#include "io/deck_internal.h"

#include <math.h>
#include <string.h>

static int push_section(parser* p, loc at, const char* elset, nsb_section_shape shape) {
  int set = nsb_model_find_elset(p->m, elset);
  if (set < 0) {
    VALUE(p, at, "element set %s is not defined", elset);
    p->section_failed = 1;
    p->b.kw = KW_SKIP;
    return -1;
  }
  nsb_section sec;
  memset(&sec, 0, sizeof sec);
  sec.elset = set;
  sec.shape = shape;
  sec.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->sections, sec) != NSB_OK || deck_note_rec_file(p, REC_SECTION, at.file) != NSB_OK) {
    deck_oom(p, at);
    return -1;
  }
  int index = p->m->sections.count - 1;
  p->b.index = index;
  const nsb_elset* es = &p->m->elsets.data[set];
  int other = -1, dup = -1, n_dup = 0;
  for (int k = 0; k < es->elements.count; ++k) {
    nsb_element* e = &p->m->elements.data[es->elements.data[k]];
    if (!nsb_etype_is_beam(e->type)) {
      if (other < 0) other = es->elements.data[k];
    } else if (e->section >= 0) {
      if (dup < 0) dup = es->elements.data[k];
      n_dup++;
    } else {
      e->section = index;
      e->has_property = 1;
    }
  }
  const char* kw = p->b.spec->name;
  if (other >= 0)
    VALUE(p, at, "*%s: element %d of set %s is a %s element, not a beam", kw, p->m->elements.data[other].label,
          es->name, deck_etype_name(p->m->elements.data[other].type));
  if (dup >= 0) {
    const nsb_element* e = &p->m->elements.data[dup];
    loc first = deck_rec_loc(p, REC_SECTION, e->section, p->m->sections.data[e->section].line);
    VALUE(p, at, "*%s: element %d already has a beam section (%s:%d); a beam element takes exactly one%s", kw,
          e->label, deck_file_name(p, first.file), first.line, n_dup > 1 ? " (so do further elements of the set)" : "");
  }
  return index;
}

/* Abaqus reads the model data as a whole: Abaqus/CAE writes the sections of a
   part before the materials.  A material that is not (yet) defined is looked up
   after the whole deck (deck_resolve_section_materials). */
void deck_begin_beam_section(parser* p, loc at, const pval* v) {
  int ok = 1;
  int mat = nsb_model_find_material(p->m, v[1].s);
  if (mat < 0) {
    section_ref r;
    memset(&r, 0, sizeof r);
    snprintf(r.material, sizeof r.material, "%s", v[1].s);
    r.at = at;
    r.shear = v[3].set ? v[3].d : 0.0;
    if (NSB_ARRAY_PUSH(p->ctx, p->section_refs, r) != NSB_OK) {
      deck_oom(p, at);
      return;
    }
  } else {
    const nsb_material* mt = &p->m->materials.data[mat];
    /* without *DENSITY the section has no mass: fine for static steps; a
       step or load that needs the mass refuses it (check_massless) */
    if (!mt->has_elastic) {
      VALUE(p, at, "material %s has no *ELASTIC (*BEAM SECTION needs *ELASTIC; *DENSITY for dynamic steps)", mt->name);
      ok = 0;
    }
  }
  if (v[3].set && !(v[3].d > 0.0)) {
    VALUE(p, at, "SHEAR FACTOR must be > 0, got %.12g", v[3].d);
    ok = 0;
  }
  /* the record is kept even when the line has an error, so that its elements
     are not reported once more as having no section */
  if (push_section(p, at, v[0].s, (nsb_section_shape)(v[2].i + 1)) < 0) {
    if (mat < 0) --p->section_refs.count;
    return;
  }
  if (!ok) {
    if (mat < 0) --p->section_refs.count;
    p->section_failed = 1;
    p->b.kw = KW_SKIP;
    return;
  }
  p->b.material = mat;
  p->b.shear = v[3].set ? v[3].d : 0.0;
  if (mat < 0) {
    p->b.pending = p->section_refs.count - 1;
    p->section_refs.data[p->b.pending].section = p->b.index;
    return;
  }
  if (!p->m->materials.data[mat].has_density &&
      (NSB_ARRAY_PUSH(p->ctx, p->massless, p->b.index) != NSB_OK || NSB_ARRAY_PUSH(p->ctx, p->massless, mat) != NSB_OK))
    deck_oom(p, at);
}

void deck_begin_beam_general_section(parser* p, loc at, const pval* v) {
  int ok = 1;
  if (v[1].set && !(v[1].d > 0.0)) {
    VALUE(p, at, "RADIUS must be > 0, got %.12g", v[1].d);
    ok = 0;
  }
  if (push_section(p, at, v[0].s, NSB_SECTION_GENERAL) < 0) return;
  if (!ok) {
    p->section_failed = 1;
    p->b.kw = KW_SKIP;
    return;
  }
  p->m->sections.data[p->b.index].draw_radius = v[1].set ? v[1].d : 0.0;
}

void deck_begin_material(parser* p, loc at, const pval* v) {
  if (nsb_model_find_material(p->m, v[0].s) >= 0) {
    VALUE(p, at, "material %s is already defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_material mat;
  memset(&mat, 0, sizeof mat);
  snprintf(mat.name, sizeof mat.name, "%s", v[0].s);
  if (NSB_ARRAY_PUSH(p->ctx, p->m->materials, mat) != NSB_OK) {
    deck_oom(p, at);
    return;
  }
  p->cur_material = p->m->materials.count - 1;
}

static void begin_material_option(parser* p, loc at, int is_density) {
  if (p->cur_material < 0) {
    SYNTAX(p, at, "*%s must follow *MATERIAL", is_density ? "DENSITY" : "ELASTIC");
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_material* mat = &p->m->materials.data[p->cur_material];
  if (is_density ? mat->has_density : mat->has_elastic) {
    VALUE(p, at, "material %s already has *%s", mat->name, is_density ? "DENSITY" : "ELASTIC");
    p->b.kw = KW_SKIP;
  }
}

void deck_begin_elastic(parser* p, loc at, const pval* v) {
  (void)v;
  begin_material_option(p, at, 0);
}

void deck_begin_density(parser* p, loc at, const pval* v) {
  (void)v;
  begin_material_option(p, at, 1);
}

/* *DAMPING, ALPHA=a, BETA=b (Abaqus's Rayleigh damping of a material): the
   beams of the material get the section law n = C (eps - eps0) + b C eps_dot
   and the forces -a rhoA v, -a rhoJ omega per length in dynamic steps
   (elements/beam_velocity.h, docs/deck.md).  Abaqus's STRUCTURAL (a complex
   stiffness of steady-state analyses) and COMPOSITE (the modal fraction of
   critical damping) have no meaning in a time integration and are refused. */
void deck_begin_damping(parser* p, loc at, const pval* v) {
  if (p->cur_material < 0) {
    SYNTAX(p, at, "*DAMPING must follow *MATERIAL");
    return;
  }
  nsb_material* mat = &p->m->materials.data[p->cur_material];
  int ok = 1;
  if (mat->has_damping) {
    VALUE(p, at, "material %s already has *DAMPING", mat->name);
    ok = 0;
  }
  if (v[2].set || v[3].set) {
    VALUE(p, at, "*DAMPING, %s= is not supported (it belongs to steady-state and modal analyses); give the Rayleigh "
          "damping ALPHA= (1/time, mass-proportional) and BETA= (time, stiffness-proportional)",
          v[2].set ? "STRUCTURAL" : "COMPOSITE");
    ok = 0;
  }
  if (!v[0].set && !v[1].set && !v[2].set && !v[3].set) {
    VALUE(p, at, "*DAMPING needs ALPHA= (1/time, mass-proportional) or BETA= (time, stiffness-proportional)");
    ok = 0;
  }
  for (int i = 0; i < 2; ++i)
    if (v[i].set && !(v[i].d >= 0.0)) {
      VALUE(p, at, "*DAMPING, %s= must be >= 0, got %.12g", i == 0 ? "ALPHA" : "BETA", v[i].d);
      ok = 0;
    }
  if (!ok) return;
  mat->has_damping = 1;
  mat->damp_alpha = v[0].set ? v[0].d : 0.0;
  mat->damp_beta = v[1].set ? v[1].d : 0.0;
}

/* The resultant stiffnesses and inertias from the geometric properties: area A,
 * second moments I2 (about G2), I3 (about G3), torsion constant J and shear
 * areas As2, As3 (shear along G2, G3): EA, GA2 = G As2, GA3 = G As3, GJ, EI2,
 * EI3, rho A, rho (I2 + I3, I2, I3), drawing radius sqrt(A/pi). */
static void set_resultants(nsb_section* s, const nsb_material* mat, double A, double I2, double I3, double J,
                           double As2, double As3) {
  const double pi = 3.14159265358979323846;
  double G = mat->E / (2.0 * (1.0 + mat->nu));
  s->EA = mat->E * A;
  s->GA2 = G * As2;
  s->GA3 = G * As3;
  s->GJ = G * J;
  s->EI2 = mat->E * I2;
  s->EI3 = mat->E * I3;
  s->rhoA = mat->rho * A;
  s->rhoJ[0] = mat->rho * (I2 + I3);
  s->rhoJ[1] = mat->rho * I2;
  s->rhoJ[2] = mat->rho * I3;
  s->damp_alpha = mat->damp_alpha;
  s->damp_beta = mat->damp_beta;
  s->draw_radius = sqrt(A / pi);
}

/* Resultant stiffnesses and inertias of a shaped section, linear elastic and
 * isotropic (Češarek 2013, Ch. 5 and §6.6: N_G = diag(EA, GA2, GA3) gamma_G,
 * M_G = diag(GJ, EI2, EI3) kappa_G, mass inertia per length
 * rho diag(I2 + I3, I2, I3) about G1, G2, G3), G = E / (2 (1 + nu)).
 * G2, G3 are principal axes through the centroid; I2 is the second moment
 * about G2, I3 about G3.
 *   RECT (b along G2, h along G3): A = b h, I2 = b h^3/12, I3 = h b^3/12,
 *     J = a c^3 [1/3 - 0.21 (c/a) (1 - (c/a)^4/12)], a = max(b, h), c = min(b, h)
 *     (Saint-Venant torsion constant, series approximation: Young & Budynas,
 *     Roark's Formulas for Stress and Strain, 7th ed., Table 10.7, case 4;
 *     square: 0.1408 a^4 against the exact 0.1406 a^4).
 *   CIRC (radius r): A = pi r^2, I2 = I3 = pi r^4/4, J = pi r^4/2.
 *   PIPE (outer radius r, wall t, ri = r - t): A = pi t (2r - t) (= pi (r^2 - ri^2)
 *     without the cancellation of a thin wall), I2 = I3 = A (r^2 + ri^2)/4
 *     (= pi (r^4 - ri^4)/4), J = 2 I2.
 * Shear factor k (GA2 = GA3 = k G A) unless SHEAR FACTOR= is given: constants
 * 5/6 (RECT), 0.9 (CIRC), 0.5 (PIPE).  Cowper's nu-dependent values
 * (G. R. Cowper, The shear coefficient in Timoshenko's beam theory, J. Appl.
 * Mech. 33 (1966) 335-340): rectangle 10(1+nu)/(12+11nu), solid circle
 * 6(1+nu)/(7+6nu), thin-walled tube 2(1+nu)/(4+3nu); the constants are the
 * rectangle and tube values at nu = 0 and the circle value at nu = 0.5
 * (at nu = 0.3 Cowper gives 0.850, 0.886, 0.531).  Rejected alternative:
 * Cowper's formulas; constants are easier to check against a hand
 * calculation, and for slender beams k hardly matters.
 * The drawing radius is that of the circle with the same area, sqrt(A/pi). */
static void section_properties(nsb_section* s, const nsb_material* mat, double k_given) {
  const double pi = 3.14159265358979323846;
  double A, I2, I3, J, k;
  if (s->shape == NSB_SECTION_RECT) {
    double b = s->dims[0], h = s->dims[1];
    double a = fmax(b, h), c = fmin(b, h), q = c / a;
    A = b * h;
    I2 = b * h * h * h / 12.0;
    I3 = h * b * b * b / 12.0;
    J = a * c * c * c * (1.0 / 3.0 - 0.21 * q * (1.0 - q * q * q * q / 12.0));
    k = 5.0 / 6.0;
  } else if (s->shape == NSB_SECTION_CIRC) {
    double r = s->dims[0];
    A = pi * r * r;
    I2 = I3 = pi * r * r * r * r / 4.0;
    J = pi * r * r * r * r / 2.0;
    k = 0.9;
  } else {
    double r = s->dims[0], t = s->dims[1], ri = r - t;
    A = pi * t * (2.0 * r - t);
    I2 = I3 = A * (r * r + ri * ri) / 4.0;
    J = 2.0 * I2;
    k = 0.5;
  }
  if (k_given > 0.0) k = k_given;
  set_resultants(s, mat, A, I2, I3, J, k * A, k * A);
}

/* Thin-walled sections of the Abaqus beam cross-section library (Abaqus
 * Analysis User's Guide, "Beam cross-section library"), in the section's local
 * axes 1 (= G2, along n1) and 2 (= G3).  nsbeam's beam axis is the line of
 * centroids and G2, G3 are principal axes there (Češarek 2013, Ch. 5): a
 * section whose centroid lies off the node line by more than CENTROID_TOL of
 * its size is refused (the offset would couple extension and bending, which
 * the resultant law diag(EA, GA2, GA3) / diag(GJ, EI2, EI3) has no place
 * for); both shapes then have I12 = 0 about the centroid (symmetric about
 * both axes, or about axis 2 for the I), so 1 and 2 are the principal axes.
 *
 * Shear areas (shear along G2: As2, along G3: As3) follow the web rule of
 * CEN (2005), EN 1993-1-1, §6.2.6(3)(d), (e) with eta = 1: the walls parallel
 * to the shear carry it (welded I and box sections: Sum hw tw along the webs,
 * A - Sum hw tw along the flanges of an I).  eta = 1.2 there is an allowance
 * of the plastic resistance, not of the elastic stiffness.  SHEAR FACTOR=k
 * replaces both by k A, as for the other shapes. */

static const double CENTROID_TOL = 1e-4;

/* BOX a, b, t1, t2, t3, t4: outer width a along axis 1, outer height b along
 * axis 2, wall thicknesses t1, t3 (the two walls normal to axis 1, at
 * x1 = +-a/2) and t2, t4 (normal to axis 2, at x2 = +-b/2); origin at the
 * centre of the outer rectangle.  Area and second moments are exact for this
 * geometry (outer minus inner rectangle, the inner one off centre by
 * ((t3 - t1)/2, (t4 - t2)/2), moved to the centroid by parallel axes):
 *   A = a b - ai bi,  ai = a - t1 - t3,  bi = b - t2 - t4,
 *   I2 = a b^3/12 - ai bi^3/12 - ai bi cy^2 - A yc^2 (about axis 1 = G2),
 *   I3 = b a^3/12 - bi ai^3/12 - ai bi cx^2 - A xc^2 (about axis 2 = G3).
 * Torsion: Bredt's formula for a thin-walled closed section, on the wall
 * midlines (Young & Budynas, Roark's Formulas for Stress and Strain, 7th ed.,
 * Ch. 10):
 *   J = 4 Am^2 / Sum(s_i / t_i) = 4 (am bm)^2 / (bm (1/t1 + 1/t3) + am (1/t2 + 1/t4)),
 *   am = a - (t1 + t3)/2,  bm = b - (t2 + t4)/2;
 * it neglects the walls' own Saint-Venant torsion (Sum s t^3/3), a relative
 * error of (4/3) (t/am)^2 for a square tube (t = a/10: 1.5 %).
 * Shear areas: As3 = (t1 + t3) bi, As2 = (t2 + t4) ai. */
static int box_properties(parser* p, loc at, nsb_section* s, const double d[6], double k_given,
                          const nsb_material* mat) {
  double a = d[0], b = d[1], t1 = d[2], t2 = d[3], t3 = d[4], t4 = d[5];
  if (!(a > 0.0 && b > 0.0 && t1 > 0.0 && t2 > 0.0 && t3 > 0.0 && t4 > 0.0)) {
    VALUE(p, at, "BOX section: a, b, t1, t2, t3, t4 must be > 0, got %.12g, %.12g, %.12g, %.12g, %.12g, %.12g", a, b,
          t1, t2, t3, t4);
    return 0;
  }
  double ai = a - t1 - t3, bi = b - t2 - t4;
  if (!(ai > 0.0 && bi > 0.0)) {
    VALUE(p, at, "BOX section: the walls fill the box (t1 + t3 = %.12g must be < a = %.12g, t2 + t4 = %.12g < b = %.12g)",
          t1 + t3, a, t2 + t4, b);
    return 0;
  }
  double Ain = ai * bi, A = a * b - Ain;
  double cx = 0.5 * (t3 - t1), cy = 0.5 * (t4 - t2);
  double xc = -Ain * cx / A, yc = -Ain * cy / A;
  if (fabs(xc) > CENTROID_TOL * a || fabs(yc) > CENTROID_TOL * b) {
    VALUE(p, at,
          "BOX section: unequal opposite walls (t1 = %.12g, t3 = %.12g; t2 = %.12g, t4 = %.12g) put the centroid "
          "(%.6g, %.6g) off the section origin; nsbeam's beam axis is the centroid line: give t1 = t3 and t2 = t4",
          t1, t3, t2, t4, xc == 0.0 ? 0.0 : xc, yc == 0.0 ? 0.0 : yc);
    return 0;
  }
  double I2 = a * b * b * b / 12.0 - ai * bi * bi * bi / 12.0 - Ain * cy * cy - A * yc * yc;
  double I3 = b * a * a * a / 12.0 - bi * ai * ai * ai / 12.0 - Ain * cx * cx - A * xc * xc;
  double am = a - 0.5 * (t1 + t3), bm = b - 0.5 * (t2 + t4);
  double J = 4.0 * am * am * bm * bm / (bm * (1.0 / t1 + 1.0 / t3) + am * (1.0 / t2 + 1.0 / t4));
  double As2 = (t2 + t4) * ai, As3 = (t1 + t3) * bi;
  if (k_given > 0.0) As2 = As3 = k_given * A;
  if (mat) set_resultants(s, mat, A, I2, I3, J, As2, As3);
  s->dims[0] = a;
  s->dims[1] = b;
  return 1;
}

/* I l, h, b1, b2, t1, t2, t3: height h along axis 2, bottom flange b1 x t1,
 * top flange b2 x t2, web of thickness t3 centred on axis 2 between them; the
 * section origin (the node line) lies on axis 2 at l above the outer face of
 * the bottom flange.  Three rectangles (flanges and the clear web
 * hw = h - t1 - t2), with y measured from the bottom face:
 *   A = b1 t1 + b2 t2 + hw t3,
 *   yc = (b1 t1 t1/2 + hw t3 (t1 + hw/2) + b2 t2 (h - t2/2)) / A  (must be l),
 *   I2 = Sum (w t^3/12 + w t (y - yc)^2)  (about axis 1 = G2, exact),
 *   I3 = (t1 b1^3 + t2 b2^3 + hw t3^3) / 12  (about axis 2 = G3, exact).
 * Torsion: open thin-walled section, J = (b1 t1^3 + b2 t2^3 + hw t3^3) / 3
 * (the sum of b t^3/3 over the plates; Young & Budynas, Roark's Formulas,
 * 7th ed., Ch. 10).  It overestimates each plate by its free-end
 * effect (the rectangle series above: a factor 1 - 0.63 t/b) and leaves out
 * the stiffening at the web-flange junctions; both are of order t/b.
 * Shear areas: As3 = hw t3 (web), As2 = b1 t1 + b2 t2 (flanges). */
static int i_properties(parser* p, loc at, nsb_section* s, const double d[7], double k_given,
                        const nsb_material* mat) {
  double l = d[0], h = d[1], b1 = d[2], b2 = d[3], t1 = d[4], t2 = d[5], t3 = d[6];
  if (!(h > 0.0 && b1 > 0.0 && b2 > 0.0 && t1 > 0.0 && t2 > 0.0 && t3 > 0.0)) {
    VALUE(p, at, "I section: h, b1, b2, t1, t2, t3 must be > 0, got %.12g, %.12g, %.12g, %.12g, %.12g, %.12g", h, b1,
          b2, t1, t2, t3);
    return 0;
  }
  double hw = h - t1 - t2;
  if (!(hw > 0.0)) {
    VALUE(p, at, "I section: the flanges fill the height (t1 + t2 = %.12g must be < h = %.12g)", t1 + t2, h);
    return 0;
  }
  if (!(t3 <= b1 && t3 <= b2)) {
    VALUE(p, at, "I section: the web (t3 = %.12g) is wider than a flange (b1 = %.12g, b2 = %.12g)", t3, b1, b2);
    return 0;
  }
  const double w[3] = {b1, t3, b2}, t[3] = {t1, hw, t2}, y[3] = {0.5 * t1, t1 + 0.5 * hw, h - 0.5 * t2};
  double A = 0.0, Ay = 0.0;
  for (int k = 0; k < 3; ++k) {
    A += w[k] * t[k];
    Ay += w[k] * t[k] * y[k];
  }
  double yc = Ay / A;
  if (!(fabs(l - yc) <= CENTROID_TOL * h)) {
    VALUE(p, at,
          "I section: the section origin is at l = %.12g above the bottom face, the centroid at %.12g; nsbeam's beam "
          "axis is the centroid line: give l = %.12g",
          l, yc, yc);
    return 0;
  }
  double I2 = 0.0;
  for (int k = 0; k < 3; ++k) I2 += w[k] * t[k] * (t[k] * t[k] / 12.0 + (y[k] - yc) * (y[k] - yc));
  double I3 = (t1 * b1 * b1 * b1 + t2 * b2 * b2 * b2 + hw * t3 * t3 * t3) / 12.0;
  double J = (b1 * t1 * t1 * t1 + b2 * t2 * t2 * t2 + hw * t3 * t3 * t3) / 3.0;
  double As2 = b1 * t1 + b2 * t2, As3 = hw * t3;
  if (k_given > 0.0) As2 = As3 = k_given * A;
  if (mat) set_resultants(s, mat, A, I2, I3, J, As2, As3);
  s->dims[0] = fmax(b1, b2);
  s->dims[1] = h;
  return 1;
}

/* Optional data line n1x, n1y, n1z of both section keywords: stored normalized;
   (0, 0, 0) (not given) means "the default rule" (docs/deck.md). */

static void data_section_n1(parser* p, loc at, nsb_section* s) {
  if (!deck_expect_fields(p, at, 3, 3, "n1x, n1y, n1z")) return;
  double n[3];
  for (int k = 0; k < 3; ++k)
    if (!deck_get_real(p, at, p->fields[k], "n1 component", &n[k])) return;
  if (!deck_unit3(n, s->n1)) VALUE(p, at, "n1 (approximate direction of the section axis G2) must be a non-zero vector");
}

void deck_data_beam_section(parser* p, loc at) {
  nsb_section* s = &p->m->sections.data[p->b.index];
  if (p->b.n_data > 2) {
    SYNTAX(p, at, "*BEAM SECTION takes one or two data lines (dimensions; n1x, n1y, n1z)");
    return;
  }
  if (p->b.n_data == 2) {
    data_section_n1(p, at, s);
    return;
  }
  if (s->shape == NSB_SECTION_BOX || s->shape == NSB_SECTION_I) {
    int box = s->shape == NSB_SECTION_BOX, n = box ? 6 : 7;
    if (!deck_expect_fields(p, at, n, n, box ? "BOX: a, b, t1, t2, t3, t4" : "I: l, h, b1, b2, t1, t2, t3")) return;
    double d[7];
    for (int k = 0; k < n; ++k)
      if (!deck_get_real(p, at, p->fields[k], "section dimension", &d[k])) return;
    const nsb_material* mat = p->b.material >= 0 ? &p->m->materials.data[p->b.material] : NULL;
    int ok = box ? box_properties(p, at, s, d, p->b.shear, mat) : i_properties(p, at, s, d, p->b.shear, mat);
    if (ok && !mat) {
      section_ref* r = &p->section_refs.data[p->b.pending];
      memcpy(r->d, d, sizeof r->d);
      r->dims_ok = 1;
    }
    return;
  }
  /* CIRC: one field is the radius (Abaqus); two fields are CalculiX's form,
     the lengths of the two axes of its elliptical section (diameters: ccx
     2.20 gives I = pi d^4/64 for "d, d"), read as r = d/2 when they are equal */
  int ok = s->shape == NSB_SECTION_RECT   ? deck_expect_fields(p, at, 2, 2, "RECT: b, h")
           : s->shape == NSB_SECTION_CIRC ? deck_expect_fields(p, at, 1, 2, "CIRC: r (or CalculiX's d, d)")
                                          : deck_expect_fields(p, at, 2, 2, "PIPE: r, t");
  if (!ok) return;
  double d[2] = {0.0, 0.0};
  for (int k = 0; k < p->n_fields; ++k)
    if (!deck_get_real(p, at, p->fields[k], "section dimension", &d[k])) return;
  if (s->shape == NSB_SECTION_RECT && !(d[0] > 0.0 && d[1] > 0.0)) {
    VALUE(p, at, "RECT section: b and h must be > 0, got b = %.12g, h = %.12g", d[0], d[1]);
    return;
  }
  if (s->shape == NSB_SECTION_CIRC && p->n_fields == 2) {
    if (d[0] != d[1]) {
      VALUE(p, at, "CIRC section with two axis lengths %.12g, %.12g (CalculiX's elliptical section): only a circle "
            "(equal lengths, the diameter) is available", d[0], d[1]);
      return;
    }
    d[0] = 0.5 * d[0];
    d[1] = 0.0;
  }
  if (s->shape == NSB_SECTION_CIRC && !(d[0] > 0.0)) {
    VALUE(p, at, "CIRC section: radius r must be > 0, got %.12g", d[0]);
    return;
  }
  if (s->shape == NSB_SECTION_PIPE && !(d[0] > 0.0 && d[1] > 0.0 && d[1] < d[0])) {
    VALUE(p, at, "PIPE section: needs outer radius r > 0 and wall thickness 0 < t < r, got r = %.12g, t = %.12g", d[0],
          d[1]);
    return;
  }
  s->dims[0] = d[0];
  s->dims[1] = d[1];
  if (p->b.material < 0) {
    p->section_refs.data[p->b.pending].dims_ok = 1;
    return;
  }
  section_properties(s, &p->m->materials.data[p->b.material], p->b.shear);
}

void deck_resolve_section_materials(parser* p) {
  for (int i = 0; i < p->section_refs.count && !p->stop; ++i) {
    const section_ref* r = &p->section_refs.data[i];
    int mat = nsb_model_find_material(p->m, r->material);
    if (mat < 0) {
      VALUE(p, r->at, "material %s is not defined", r->material);
      p->section_failed = 1;
      continue;
    }
    const nsb_material* mt = &p->m->materials.data[mat];
    if (!mt->has_elastic) {
      VALUE(p, r->at, "material %s has no *ELASTIC (*BEAM SECTION needs *ELASTIC; *DENSITY for dynamic steps)",
            mt->name);
      p->section_failed = 1;
      continue;
    }
    if (!r->dims_ok) continue; /* the data line's error is reported */
    nsb_section* s = &p->m->sections.data[r->section];
    if (s->shape == NSB_SECTION_BOX)
      box_properties(p, r->at, s, r->d, r->shear, mt);
    else if (s->shape == NSB_SECTION_I)
      i_properties(p, r->at, s, r->d, r->shear, mt);
    else
      section_properties(s, mt, r->shear);
    if (!mt->has_density && (NSB_ARRAY_PUSH(p->ctx, p->massless, r->section) != NSB_OK ||
                             NSB_ARRAY_PUSH(p->ctx, p->massless, mat) != NSB_OK))
      deck_oom(p, r->at);
  }
}

void deck_data_beam_general_section(parser* p, loc at) {
  static const char* const stiff[] = {"EA", "GA2", "GA3", "GJ", "EI2", "EI3"};
  static const char* const inert[] = {"rhoA", "rhoJ1", "rhoJ2", "rhoJ3"};
  nsb_section* s = &p->m->sections.data[p->b.index];
  double x[6];
  if (p->b.n_data == 1) {
    if (!deck_expect_fields(p, at, 6, 6, "EA, GA2, GA3, GJ, EI2, EI3")) return;
    for (int k = 0; k < 6; ++k)
      if (!deck_get_real(p, at, p->fields[k], stiff[k], &x[k])) return;
    for (int k = 0; k < 6; ++k)
      if (!(x[k] > 0.0)) {
        VALUE(p, at, "*BEAM GENERAL SECTION: %s must be > 0, got %.12g", stiff[k], x[k]);
        return;
      }
    s->EA = x[0];
    s->GA2 = x[1];
    s->GA3 = x[2];
    s->GJ = x[3];
    s->EI2 = x[4];
    s->EI3 = x[5];
  } else if (p->b.n_data == 2) {
    if (!deck_expect_fields(p, at, 4, 4, "rhoA, rhoJ1, rhoJ2, rhoJ3")) return;
    for (int k = 0; k < 4; ++k)
      if (!deck_get_real(p, at, p->fields[k], inert[k], &x[k])) return;
    for (int k = 0; k < 4; ++k)
      if (!(x[k] >= 0.0)) {
        VALUE(p, at, "*BEAM GENERAL SECTION: %s must be >= 0, got %.12g", inert[k], x[k]);
        return;
      }
    s->rhoA = x[0];
    for (int k = 0; k < 3; ++k) s->rhoJ[k] = x[1 + k];
  } else if (p->b.n_data == 3) {
    data_section_n1(p, at, s);
  } else {
    SYNTAX(p, at,
           "*BEAM GENERAL SECTION takes two or three data lines (EA, GA2, GA3, GJ, EI2, EI3; rhoA, rhoJ1, rhoJ2, "
           "rhoJ3; n1x, n1y, n1z)");
  }
}

/* *BEAM NODE FRAME: G1 and G2 normalized, G2 made orthogonal to G1
   (Gram-Schmidt: G2 <- G2 - (G2.G1) G1, normalized).  G2 must not be within
   sin(angle) < 1e-6 of G1, which would leave its direction to round-off. */

void deck_data_node_frame(parser* p, loc at) {
  if (!deck_expect_fields(p, at, 7, 7, "node, g1x, g1y, g1z, g2x, g2y, g2z")) return;
  nsb_node_frame f;
  memset(&f, 0, sizeof f);
  f.line = at.line;
  f.node = deck_node_by_label(p, at, p->fields[0], "node");
  if (f.node < 0) return;
  double g[6];
  for (int k = 0; k < 6; ++k)
    if (!deck_get_real(p, at, p->fields[k + 1], "frame component", &g[k])) return;
  int axes = deck_frame_axes(g, g + 3, f.g1, f.g2);
  if (axes == 0) {
    VALUE(p, at, "*BEAM NODE FRAME: G1 and G2 must be non-zero vectors");
    return;
  }
  if (axes < 0) {
    VALUE(p, at, "*BEAM NODE FRAME: G1 and G2 are parallel; G2 needs a component perpendicular to G1");
    return;
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->node_frames, f) != NSB_OK || deck_note_rec_file(p, REC_NODE_FRAME, at.file) != NSB_OK)
    deck_oom(p, at);
}

/* *TRANSFORM, NSET=, TYPE=R (Abaqus): a local rectangular system for the
   nodes of the set, one data line a1, a2, a3, b1, b2, b3: local x along a,
   local y in the plane of a and b, towards b (b made orthogonal to a, as in
   *BEAM NODE FRAME), local z = x cross y.  Which nodes it applies to, and
   that a node takes one, is settled once the deck is read (deck_check.c). */

void deck_begin_transform(parser* p, loc at, const pval* v) {
  p->b.set = nsb_model_find_nset(p->m, v[0].s);
  if (p->b.set < 0) {
    VALUE(p, at, "*TRANSFORM: node set %s is not defined (define it with *NSET before the *TRANSFORM)", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  if (v[1].set && v[1].i != 0) {
    VALUE(p, at, "*TRANSFORM, TYPE=%s (%s) is not available: only TYPE=R (rectangular, the default)", v[1].s,
          v[1].i == 1 ? "cylindrical" : "spherical");
    p->b.kw = KW_SKIP;
  }
}

void deck_data_transform(parser* p, loc at) {
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 6, 6, "a1, a2, a3, b1, b2, b3")) return;
  double g[6];
  for (int k = 0; k < 6; ++k)
    if (!deck_get_real(p, at, p->fields[k], "transform component", &g[k])) return;
  nsb_transform t;
  memset(&t, 0, sizeof t);
  t.nset = p->b.set;
  t.line = at.line;
  int axes = deck_frame_axes(g, g + 3, t.T, t.T + 3);
  if (axes == 0) {
    VALUE(p, at, "*TRANSFORM: points a and b must not be the origin");
    return;
  }
  if (axes < 0) {
    VALUE(p, at, "*TRANSFORM: a and b are parallel; b needs a component perpendicular to a");
    return;
  }
  t.T[6] = t.T[1] * t.T[5] - t.T[2] * t.T[4];
  t.T[7] = t.T[2] * t.T[3] - t.T[0] * t.T[5];
  t.T[8] = t.T[0] * t.T[4] - t.T[1] * t.T[3];
  if (NSB_ARRAY_PUSH(p->ctx, p->m->transforms, t) != NSB_OK || deck_note_rec_file(p, REC_TRANSFORM, at.file) != NSB_OK)
    deck_oom(p, at);
}

void deck_data_elastic(parser* p, loc at) {
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 2, 2, "E, nu")) return;
  double E, nu;
  if (!deck_get_real(p, at, p->fields[0], "E", &E) || !deck_get_real(p, at, p->fields[1], "nu", &nu)) return;
  int ok = 1;
  if (!(E > 0.0)) {
    VALUE(p, at, "Young's modulus E must be > 0, got %.12g", E);
    ok = 0;
  }
  if (!(nu > -1.0 && nu < 0.5)) {
    VALUE(p, at, "Poisson's ratio nu must satisfy -1 < nu < 0.5, got %.12g", nu);
    ok = 0;
  }
  if (!ok) return;
  nsb_material* mat = &p->m->materials.data[p->cur_material];
  mat->E = E;
  mat->nu = nu;
  mat->has_elastic = 1;
}

void deck_data_density(parser* p, loc at) {
  if (!deck_only_one_line(p, at) || !deck_expect_fields(p, at, 1, 1, "rho")) return;
  double rho;
  if (!deck_get_real(p, at, p->fields[0], "density", &rho)) return;
  if (!(rho > 0.0)) {
    VALUE(p, at, "density must be > 0, got %.12g", rho);
    return;
  }
  nsb_material* mat = &p->m->materials.data[p->cur_material];
  mat->rho = rho;
  mat->has_density = 1;
}

/* *AMPLITUDE, DEFINITION=SUM data: pairs "name, factor"; the names are
   resolved after the whole deck (resolve_amplitudes), the factors collect in
   p->values. */

void deck_end_beam_section(parser* p) {
  if (p->b.n_data == 0)
    SYNTAX(p, p->b.at, "*BEAM SECTION needs a data line with the section dimensions (RECT: b, h; CIRC: r; PIPE: r, t; BOX: a, b, t1, t2, "
           "t3, t4; I: l, h, b1, b2, t1, t2, t3)");
}

void deck_end_beam_general_section(parser* p) {
  if (p->b.n_data < 2)
    SYNTAX(p, p->b.at,
           "*BEAM GENERAL SECTION needs two data lines: EA, GA2, GA3, GJ, EI2, EI3 and rhoA, rhoJ1, rhoJ2, rhoJ3");
}

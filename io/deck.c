/* deck.c -- streaming reader of keyword decks (see deck.h and docs/deck.md).
 *
 * Structure (inih-like): read_source() reads one line at a time from a file or
 * a string, classifies it (blank, comment, keyword, data) and calls
 * begin_keyword()/data_line(); a keyword block ends at the next keyword line
 * or at the end of its file (end_block()).  Each keyword has one row in
 * kw_table with its parameters and its handlers: begin (keyword line), data
 * (each data line) and end (block closed), which live in the file of the
 * keyword's family (deck_model.c, deck_section.c, deck_contact.c, deck_step.c,
 * deck_output.c; the shared state is in deck_internal.h).  Parameters are
 * parsed and validated generically (unknown, duplicate, missing, enum values)
 * before the begin handler sees them.  A keyword line with an error makes the
 * whole block be skipped, so that one mistake gives one message rather than one
 * per data line.  The checks that need the whole deck are in deck_check.c.
 *
 * Locations: every message carries (file index, line).  File names live in a
 * small table owned by the parser; records checked after the whole deck is read
 * keep their line in the model struct and their file index in a parallel array
 * (rec_file), so that late checks still point at the right line of the right
 * file.  Amplitude references are kept by name (amp_refs) and resolved at the
 * end, because amplitudes may be defined anywhere; so are the set and obstacle
 * names of *CONTACT PAIR data lines (contact_refs), which need the bodies of
 * the whole deck for their checks anyway.
 *
 * Rejected alternative: a two-pass reader (count, then fill).  Growable arrays
 * make one pass enough and keep *INCLUDE handling simple.
 */
#define _POSIX_C_SOURCE 200809L

#include "io/deck_internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* the first seven are nsb_amp_kind; EQUALLY SPACED (Abaqus) is read as a TABULAR table */
static const char* const amp_definitions[] = {"TABULAR", "POLYNOMIAL", "PERIODIC", "SMOOTH STEP", "SUM",
                                              "DECAY",   "MODULATED",  "EQUALLY SPACED", NULL};
static const char* const amp_times[] = {"STEP TIME", "TOTAL TIME", NULL};
static const char* const inertia_refs[] = {"CENTER", "REFERENCE", NULL};
static const char* const joint_types[] = {"SPHERICAL", "REVOLUTE", "DISTANCE", "FIXED", "ELEMENT POINT", NULL};
static const char* const levels[] = {"POSITION", "VELOCITY", NULL};
static const char* const yes_no[] = {"NO", "YES", NULL};
static const char* const load_ops[] = {"MOD", "NEW", NULL}; /* *CLOAD, *DLOAD OP= (Abaqus, CalculiX) */
static const char* const init_types[] = {"VELOCITY", "ROTATION", "BODY ANGULAR VELOCITY", "ROTATING VELOCITY", NULL};
static const char* const schemes[] = {"NEWMARK", "MODIFIED NEWMARK", "GENERALIZED ALPHA", NULL}; /* nsb_scheme_kind */
static const char* const reductions[] = {"MODAL", "QUASI-STATIC", NULL};                      /* step reduction */
static const char* const eigensolvers[] = {"LANCZOS", "SUBSPACE", "AMS", NULL};  /* Abaqus: any, ours */
static const char* const normalizations[] = {"MASS", "DISPLACEMENT", NULL};
static const char* const acoustic_couplings[] = {"ON", "OFF", "PROJECTION", NULL};
static const char* const mass_kinds[] = {"LUMPED", "CONSISTENT", NULL};                       /* modal mass */
static const char* const spin_axes[] = {"X", "Y", "Z", NULL};                                  /* SPIN axis */
static const char* const linsolvers[] = {"KLU", "UMFPACK", "AUTO", "KLU2", NULL}; /* nsb_linsolver_kind */
static const char* const formats[] = {"VTK", "HISTORY", "CONTACT", NULL};
static const char* const encodings[] = {"ASCII", "BINARY", NULL};
/* index + 1 = nsb_section_shape */
static const char* const section_shapes[] = {"RECT", "CIRC", "PIPE", "BOX", "I", NULL};
/* index = nsb_element.weighting */
static const char* const weightings[] = {"COLLOCATION", "GALERKIN", NULL};
/* *TRANSFORM, TYPE= (Abaqus): rectangular, cylindrical, spherical; only R is available */
static const char* const transform_types[] = {"R", "C", "S", NULL};
/* index = nsb_obstacle_kind */
static const char* const obstacle_types[] = {"PLANE", "SPHERE", "CYLINDER", NULL};
/* index = nsb_contact_law */
static const char* const contact_laws[] = {"NEWTON", "HERTZ", "WINKLER", NULL};
static const char* const friction_laws[] = {"SMOOTH", "ELASTOPLASTIC", NULL}; /* nsb_friction_law */
static const char* const impact_modes[] = {"SIMULTANEOUS", "SEQUENTIAL", "POISSON", "CLOSED FORM",
                                           NULL}; /* nsb_impact_mode */
static const char* const centrelines[] = {"CHORD", "HERMITE", NULL}; /* nsb_contact_centreline */
static const char* const point_layouts[] = {"LIST", "RING", "ANNULUS", "RECTANGLE", NULL}; /* *CONTACT POINTS */
static const char* const contact_masses[] = {"STANDARD", "REDISTRIBUTED", "LUMPED",
                                             NULL}; /* nsb_contact_pair.mass_redistributed, .mass_lumped */
static const char* const contact_solvers[] = {"SEMISMOOTH", "PROX", NULL}; /* nsb_step_def.contact_prox */
static const char* const tangent_kinds[] = {"FULL", "REUSE", "AUTO", NULL};        /* nsb_tangent_kind */
static const char* const accept_kinds[] = {"RATE", "CONFIRM", NULL};               /* nsb_accept_kind */
static const char* const ordering_kinds[] = {"AUTO", "AMD", "METIS", NULL};         /* nsb_ordering_kind */
static const char* const event_kinds[] = {"GRID", "LOCATE", NULL};          /* nsb_step_def.events */
static const char* const riks_constraints[] = {"SPHERICAL", "CYLINDRICAL", NULL}; /* nsb_step_def.riks_cylindrical */
/* *ELASTIC, TYPE=: CalculiX's and Abaqus's names of the isotropic law, the only one a
   beam section here takes (their default too) */
static const char* const elastic_types[] = {"ISO", "ISOTROPIC", NULL};
/* *BEAM SECTION, TEMPERATURE=: Abaqus's default (which Abaqus/CAE writes); nsbeam has no
   temperature field, so the way temperatures enter the section means nothing here */
static const char* const temperature_kinds[] = {"GRADIENTS", NULL};
/* *OUTPUT, VARIABLE= (Abaqus): nsbeam writes every quantity it has */
static const char* const output_variables[] = {"PRESELECT", "ALL", NULL};

static void begin_include(parser* p, loc at, const pval* v);

/* The keywords: name, kind, where allowed, parameters, handlers (kwspec in
   deck_internal.h); begin_keyword looks the name up here. */
static const kwspec kw_table[] = {
    {"HEADING", KW_HEADING, W_MODEL, {{NULL, P_FLAG, 0, NULL}},
     NULL, NULL, NULL},
    {"INCLUDE", KW_INCLUDE, W_ANY, {{"INPUT", P_PATH, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     begin_include, NULL, NULL},
    {"NODE", KW_NODE, W_MODEL, {{"NSET", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_node, deck_data_node, NULL},
    /* Abaqus's straight-line node generation (LINE=L); LINE=C|P and SYSTEM are refused */
    {"NGEN", KW_NGEN, W_MODEL, {{"NSET", P_NAME, 0, NULL}, {"LINE", P_WORD, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_ngen, deck_data_ngen, NULL},
    /* INTERNAL (Abaqus/CAE's picked sets): a flag for CAE's display, no effect here */
    {"NSET", KW_NSET, W_MODEL,
     {{"NSET", P_NAME, 1, NULL}, {"GENERATE", P_FLAG, 0, NULL}, {"INTERNAL", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_nset, deck_data_nset, NULL},
    {"ELSET", KW_ELSET, W_MODEL,
     {{"ELSET", P_NAME, 1, NULL}, {"GENERATE", P_FLAG, 0, NULL}, {"INTERNAL", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_elset, deck_data_elset, NULL},
    {"ELEMENT",
     KW_ELEMENT,
     W_MODEL,
     {{"TYPE", P_WORD, 1, NULL},
      {"ELSET", P_NAME, 0, NULL},
      {"POINTS", P_INT, 0, NULL},
      {"WEIGHTING", P_ENUM, 0, weightings},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_element, deck_data_element, NULL},
    {"ELGEN", KW_ELGEN, W_MODEL, {{"ELSET", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_elgen, deck_data_elgen, NULL},
    {"SPRING", KW_SPRING, W_MODEL, {{"ELSET", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_spring, deck_data_spring, deck_end_needs_data},
    {"DASHPOT", KW_DASHPOT, W_MODEL, {{"ELSET", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_spring, deck_data_spring, deck_end_needs_data},
    {"BEAM SECTION",
     KW_BEAM_SECTION,
     W_MODEL,
     {{"ELSET", P_NAME, 1, NULL}, {"MATERIAL", P_NAME, 1, NULL}, {"SECTION", P_ENUM, 1, section_shapes},
      {"SHEAR FACTOR", P_REAL, 0, NULL}, {"TEMPERATURE", P_ENUM, 0, temperature_kinds}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_beam_section, deck_data_beam_section, deck_end_beam_section},
    {"BEAM GENERAL SECTION",
     KW_BEAM_GENERAL_SECTION,
     W_MODEL,
     {{"ELSET", P_NAME, 1, NULL}, {"RADIUS", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_beam_general_section, deck_data_beam_general_section, deck_end_beam_general_section},
    {"BEAM NODE FRAME", KW_BEAM_NODE_FRAME, W_MODEL, {{NULL, P_FLAG, 0, NULL}},
     NULL, deck_data_node_frame, NULL},
    {"TRANSFORM", KW_TRANSFORM, W_MODEL,
     {{"NSET", P_NAME, 1, NULL}, {"TYPE", P_ENUM, 0, transform_types}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_transform, deck_data_transform, deck_end_needs_data},
    {"MATERIAL", KW_MATERIAL, W_MODEL, {{"NAME", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_material, NULL, NULL},
    {"ELASTIC", KW_ELASTIC, W_MODEL, {{"TYPE", P_ENUM, 0, elastic_types}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_elastic, deck_data_elastic, deck_end_needs_data},
    {"DENSITY", KW_DENSITY, W_MODEL, {{NULL, P_FLAG, 0, NULL}},
     deck_begin_density, deck_data_density, deck_end_needs_data},
    /* Rayleigh damping of the material (Abaqus): STRUCTURAL and COMPOSITE are
       read so that they are refused by name (deck_begin_damping) */
    {"DAMPING",
     KW_DAMPING,
     W_MODEL,
     {{"ALPHA", P_REAL, 0, NULL},
      {"BETA", P_REAL, 0, NULL},
      {"STRUCTURAL", P_REAL, 0, NULL},
      {"COMPOSITE", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_damping, NULL, NULL},
    {"AMPLITUDE",
     KW_AMPLITUDE,
     W_ANY,
     {{"NAME", P_NAME, 1, NULL}, {"DEFINITION", P_ENUM, 0, amp_definitions}, {"TIME", P_ENUM, 0, amp_times},
      {"FIXED INTERVAL", P_REAL, 0, NULL}, {"BEGIN", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_amplitude, deck_data_amplitude, deck_end_amplitude},
    {"RIGID BODY",
     KW_RIGID_BODY,
     W_MODEL,
     {{"NODE", P_INT, 1, NULL}, {"MASS", P_REAL, 1, NULL}, {"INERTIA", P_ENUM, 0, inertia_refs}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_rigid_body, deck_data_rigid_body, deck_end_rigid_body},
    {"PARTICLE",
     KW_PARTICLE,
     W_MODEL,
     {{"NODE", P_INT, 0, NULL}, {"NSET", P_NAME, 0, NULL}, {"MASS", P_REAL, 1, NULL}, {"RADIUS", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_particle, NULL, NULL},
    {"JOINT", KW_JOINT, W_MODEL, {{"TYPE", P_ENUM, 1, joint_types}, {"LEVEL", P_ENUM, 0, levels}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_joint, deck_data_joint, NULL},
    {"OBSTACLE",
     KW_OBSTACLE,
     W_MODEL,
     {{"NAME", P_NAME, 1, NULL}, {"TYPE", P_ENUM, 1, obstacle_types}, {"AMPLITUDE", P_NAME, 0, NULL},
      {"SPIN", P_REAL, 0, NULL}, {"BODY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_obstacle, deck_data_obstacle, deck_end_obstacle},
    {"CONTACT PAIR",
     KW_CONTACT_PAIR,
     W_MODEL,
     {{"LAW", P_ENUM, 1, contact_laws},
      {"RESTITUTION", P_REAL, 0, NULL},
      {"FRICTION", P_REAL, 0, NULL},
      {"STIFFNESS", P_REAL, 0, NULL},
      {"EXPONENT", P_REAL, 0, NULL},
      {"DAMPING", P_REAL, 0, NULL},
      {"RADIUS", P_REAL, 0, NULL},
      {"SKIN", P_REAL, 0, NULL},
      {"IMPACT", P_ENUM, 0, impact_modes},
      {"SLAVE RADIUS", P_REAL, 0, NULL},
      {"CENTRELINE", P_ENUM, 0, centrelines},
      {"MASS", P_ENUM, 0, contact_masses},
      {"FRICTION LAW", P_ENUM, 0, friction_laws},
      {"SLIP VELOCITY", P_REAL, 0, NULL},
      {"POINTS", P_NAME, 0, NULL},
      {"STATIC FRICTION", P_REAL, 0, NULL},
      {"STICK EPSILON", P_REAL, 0, NULL},
      {"STICK FREQUENCY", P_REAL, 0, NULL},
      {"STICK MASS", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_contact_pair, deck_data_contact_pair, deck_end_contact_pair},
    {"CONTACT POINTS",
     KW_CONTACT_POINTS,
     W_MODEL,
     {{"NAME", P_NAME, 1, NULL}, {"LAYOUT", P_ENUM, 1, point_layouts}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_contact_points, deck_data_contact_points, deck_end_contact_points},
    {"BOUNDARY",
     KW_BOUNDARY,
     W_ANY,
     {{"AMPLITUDE", P_NAME, 0, NULL}, {"OP", P_ENUM, 0, load_ops}, {"FIXED", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_boundary, deck_data_boundary, NULL},
    {"CLOAD",
     KW_CLOAD,
     W_ANY,
     {{"AMPLITUDE", P_NAME, 0, NULL}, {"FOLLOWER", P_OPT_ENUM, 0, yes_no}, {"OP", P_ENUM, 0, load_ops}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_cload, deck_data_cload, NULL},
    {"DLOAD", KW_DLOAD, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {"OP", P_ENUM, 0, load_ops}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_dload, deck_data_dload, NULL},
    {"GRAVITY", KW_GRAVITY, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_loading, deck_data_gravity, deck_end_needs_data},
    {"MANUFACTURED ROTATION", KW_MANUFACTURED, W_MODEL, {{"NODE", P_INT, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_manufactured, deck_data_manufactured, deck_end_needs_data},
    {"INITIAL CONDITIONS", KW_INITIAL, W_MODEL, {{"TYPE", P_ENUM, 1, init_types}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_initial, deck_data_initial, deck_end_initial},
    {"PROBE",
     KW_PROBE,
     W_MODEL,
     {{"NAME", P_NAME, 1, NULL}, {"NODE", P_INT, 0, NULL}, {"ELEMENT", P_INT, 0, NULL}, {"POSITION", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_probe, deck_data_probe, deck_end_probe},
    {"STEP",
     KW_STEP,
     W_ANY,
     {{"NAME", P_NAME, 0, NULL}, {"INC", P_INT, 0, NULL}, {"NLGEOM", P_OPT_ENUM, 0, yes_no},
      {"PERTURBATION", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_step, NULL, NULL},
    {"END STEP", KW_END_STEP, W_ANY, {{NULL, P_FLAG, 0, NULL}},
     deck_begin_end_step, NULL, NULL},
    {"DYNAMIC",
     KW_DYNAMIC,
     W_STEP,
     {{"SCHEME", P_ENUM, 0, schemes},
      {"BETA", P_REAL, 0, NULL},
      {"GAMMA", P_REAL, 0, NULL},
      {"RHOINF", P_REAL, 0, NULL},
      {"EVENTS", P_ENUM, 0, event_kinds},
      {"DIRECT", P_FLAG, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_dynamic, deck_data_procedure, deck_end_needs_data},
    {"STATIC",
     KW_STATIC,
     W_STEP,
     {{"RIKS", P_FLAG, 0, NULL}, {"CONSTRAINT", P_ENUM, 0, riks_constraints}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_static, deck_data_static, deck_end_static},
    /* Abaqus's EIGENSOLVER, NORMALIZATION, SIM, ACOUSTIC COUPLING (what Abaqus/CAE writes); nsbeam's SHIFT */
    {"FREQUENCY", KW_FREQUENCY, W_STEP,
     {{"MASS", P_ENUM, 0, mass_kinds}, {"EIGENSOLVER", P_ENUM, 0, eigensolvers},
      {"NORMALIZATION", P_ENUM, 0, normalizations}, {"SIM", P_ENUM, 0, yes_no},
      {"ACOUSTIC COUPLING", P_ENUM, 0, acoustic_couplings}, {"SHIFT", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_frequency, deck_data_frequency, deck_end_needs_data},
    {"MODAL DYNAMIC",
     KW_MODAL_DYNAMIC,
     W_STEP,
     {{"MODES", P_INT, 1, NULL},
      {"REDUCTION", P_ENUM, 0, reductions},
      {"ALPHA", P_REAL, 0, NULL},
      {"BETA", P_REAL, 0, NULL},
      {"MASS", P_ENUM, 0, mass_kinds},
      {"SPIN", P_REAL, 0, NULL},
      {"AXIS", P_ENUM, 0, spin_axes},
      {"EXTERNAL DAMPING", P_REAL, 0, NULL},
      {"SWEEP", P_INT, 0, NULL},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_modal_dynamic, deck_data_procedure, deck_end_needs_data},
    {"SOLVER CONTROLS",
     KW_SOLVER_CONTROLS,
     W_STEP,
     {{"ITERATIONS", P_INT, 0, NULL}, {"TOL INCREMENT", P_REAL, 0, NULL}, {"TOL RESIDUAL", P_REAL, 0, NULL},
      {"LINEAR SOLVER", P_ENUM, 0, linsolvers}, {"CONTACT SOLVER", P_ENUM, 0, contact_solvers},
      {"CONTACT ITERATIONS", P_INT, 0, NULL}, {"CONTACT TOLERANCE", P_REAL, 0, NULL},
      {"RELAXATION", P_REAL, 0, NULL}, {"RELATIVE RESIDUAL", P_REAL, 0, NULL},
      {"RELATIVE CORRECTION", P_REAL, 0, NULL}, {"TANGENT", P_ENUM, 0, tangent_kinds},
      {"ACCEPT", P_ENUM, 0, accept_kinds}, {"ORDERING", P_ENUM, 0, ordering_kinds}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_solver_controls, NULL, NULL},
    {"OUTPUT",
     KW_OUTPUT,
     W_STEP,
     {{"FORMAT", P_ENUM, 0, formats}, {"EVERY", P_INT, 0, NULL}, {"ENCODING", P_ENUM, 0, encodings},
      {"FIELD", P_FLAG, 0, NULL}, {"HISTORY", P_FLAG, 0, NULL}, {"VARIABLE", P_ENUM, 0, output_variables},
      {"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_output, NULL, NULL},
    {"NODE PRINT",
     KW_NODE_PRINT,
     W_STEP,
     {{"NSET", P_NAME, 1, NULL}, {"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_node_print, deck_data_node_print, deck_end_needs_data},
    {"EL PRINT",
     KW_EL_PRINT,
     W_STEP,
     {{"ELSET", P_NAME, 1, NULL}, {"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_el_print, deck_data_el_print, deck_end_needs_data},
    {"NODE FILE", KW_FIELD_OUTPUT, W_STEP, {{"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_field_output, deck_data_field_output, NULL},
    {"EL FILE", KW_FIELD_OUTPUT, W_STEP, {{"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_field_output, deck_data_field_output, NULL},
    /* after *OUTPUT, HISTORY: the set's history (probes); else field output (VTK) */
    {"NODE OUTPUT", KW_NODE_OUTPUT, W_STEP,
     {{"NSET", P_NAME, 0, NULL}, {"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_abaqus_output, deck_data_abaqus_output, NULL},
    /* DIRECTIONS (Abaqus: the section directions in its .odb): no effect on the VTK output */
    {"ELEMENT OUTPUT", KW_ELEMENT_OUTPUT, W_STEP,
     {{"ELSET", P_NAME, 0, NULL}, {"FREQUENCY", P_INT, 0, NULL}, {"DIRECTIONS", P_ENUM, 0, yes_no},
      {NULL, P_FLAG, 0, NULL}},
     deck_begin_abaqus_output, deck_data_abaqus_output, NULL},
    /* Abaqus's energy output: the energies are always in history.csv */
#define ENERGY_KEYWORD(name)                                                                                      \
  {name, KW_ENERGY_OUTPUT, W_STEP,                                                                                 \
   {{"FREQUENCY", P_INT, 0, NULL}, {"VARIABLE", P_ENUM, 0, output_variables}, {"ELSET", P_NAME, 0, NULL},          \
    {NULL, P_FLAG, 0, NULL}},                                                                                      \
   deck_begin_energy, deck_data_energy, NULL}
    ENERGY_KEYWORD("ENERGY PRINT"),
    ENERGY_KEYWORD("ENERGY FILE"),
    ENERGY_KEYWORD("ENERGY OUTPUT"),
#undef ENERGY_KEYWORD
    {"MONITOR", KW_MONITOR, W_STEP,
     {{"NODE", P_INT, 1, NULL}, {"DOF", P_INT, 1, NULL}, {"FREQUENCY", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_monitor, NULL, NULL},
    {"RESTART",
     KW_RESTART,
     W_ANY,
     {{"WRITE", P_FLAG, 1, NULL}, {"FREQUENCY", P_INT, 1, NULL}, {NULL, P_FLAG, 0, NULL}},
     deck_begin_restart, NULL, NULL},
    /* Abaqus's printout controls of its .dat file, which nsbeam does not write */
    {"PREPRINT",
     KW_PREPRINT,
     W_ANY,
     {{"ECHO", P_ENUM, 0, yes_no}, {"MODEL", P_ENUM, 0, yes_no}, {"HISTORY", P_ENUM, 0, yes_no},
      {"CONTACT", P_ENUM, 0, yes_no}, {"MASSDIAG", P_ENUM, 0, yes_no}, {NULL, P_FLAG, 0, NULL}},
     NULL, NULL, NULL},
};
#define N_KEYWORDS ((int)(sizeof kw_table / sizeof kw_table[0]))

typedef struct source {
  FILE* f;          /* file source, or NULL */
  const char* text; /* string source */
  size_t pos;
  int file;         /* index into files */
} source;

const char* deck_file_name(const parser* p, int file) {
  if (file >= 0 && file < p->files.count) return p->files.data[file];
  return p->top_name;
}

static void note_code(parser* p, int code) {
  if (code == NSB_ERR_ALLOC) p->had_alloc = 1;
  else if (code == NSB_ERR_IO) p->had_io = 1;
  else if (code == NSB_ERR_DECK_SYNTAX) p->had_syntax = 1;
  else p->had_value = 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void deck_report(parser* p, loc at, int code, const char* fmt, ...) {
  if (p->stop) return;
  note_code(p, code);
  if (p->n_errors >= NSB_DECK_MAX_ERRORS) {
    if (p->err) fprintf(p->err, "%s:%d: too many errors (more than %d), giving up\n", deck_file_name(p, at.file), at.line,
                        NSB_DECK_MAX_ERRORS);
    p->stop = 1;
    return;
  }
  p->n_errors++;
  if (p->err) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(p->err, "%s:%d: ", deck_file_name(p, at.file), at.line);
    vfprintf(p->err, fmt, ap);
    fputc('\n', p->err);
    va_end(ap);
  }
}

/* Allocation failure: report once and stop reading. */
void deck_oom(parser* p, loc at) {
  if (p->stop) return;
  deck_report(p, at, NSB_ERR_ALLOC, "out of memory");
  p->stop = 1;
}

static char* trim(char* s) {
  while (*s && isspace((unsigned char)*s)) ++s;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

/* Upper-case in place and collapse runs of white space into one space. */
char* deck_normalize(char* s) {
  s = trim(s);
  char* w = s;
  for (const char* r = s; *r; ++r) {
    if (isspace((unsigned char)*r)) {
      if (w > s && w[-1] != ' ') *w++ = ' ';
    } else {
      *w++ = (char)toupper((unsigned char)*r);
    }
  }
  *w = '\0';
  return s;
}

/* Split s at commas into p->fields (trimmed); a trailing comma adds no field. */
static void split_fields(parser* p, char* s) {
  p->n_fields = 0;
  for (;;) {
    char* c = strchr(s, ',');
    if (c) *c = '\0';
    if (p->n_fields < MAX_FIELDS) p->fields[p->n_fields++] = trim(s);
    if (!c) break;
    s = c + 1;
  }
  if (p->n_fields > 1 && p->fields[p->n_fields - 1][0] == '\0') p->n_fields--;
}

/* Parse a finite, normal (or zero) real; the whole field must be consumed.
   Subnormal numbers (below 2.2e-308 in magnitude) are refused: as a
   stiffness, mass or radius they are "positive" but vanish in every sum. */

/* strtod that also reads Fortran's D exponent (1.d0, 2.1D5: CalculiX decks write
   numbers so); *rest points past what was read, into s. */
static double deck_strtod(const char* s, const char** rest) {
  char* end;
  errno = 0;
  double v = strtod(s, &end);
  size_t n = strlen(s);
  if (end != s && (*end == 'd' || *end == 'D') && !strpbrk(s, "xX") && n < 128) {
    char buf[128], *e2;
    memcpy(buf, s, n + 1);
    buf[end - s] = 'e';
    errno = 0;
    v = strtod(buf, &e2);
    end = (char*)s + (e2 - buf);
  }
  *rest = end;
  return v;
}

int deck_parse_real(const char* s, double* out) {
  if (!*s) return 0;
  const char* end;
  double v = deck_strtod(s, &end);
  if (*end != '\0' || end == s) return 0;
  if (!isfinite(v) || fpclassify(v) == FP_SUBNORMAL) return 0;
  if (v == 0.0 && errno == ERANGE) return 0; /* 1e-400: underflowed to zero, not written as 0 */
  *out = v;
  return 1;
}

int deck_parse_int(const char* s, int* out) {
  if (!*s) return 0;
  char* end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (*end != '\0' || end == s || errno == ERANGE || v < INT_MIN || v > INT_MAX) return 0;
  *out = (int)v;
  return 1;
}

int deck_get_real(parser* p, loc at, const char* s, const char* what, double* out) {
  if (deck_parse_real(s, out)) return 1;
  const char* end;
  double v = deck_strtod(s, &end);
  if (*s && *end == '\0' && !isfinite(v))
    VALUE(p, at, "%s must be a finite number, got '%s'", what, s);
  else if (*s && *end == '\0' && (fpclassify(v) == FP_SUBNORMAL || (v == 0.0 && errno == ERANGE)))
    VALUE(p, at, "%s '%s' is below the smallest normal number (2.2e-308): use 0 or a representable value", what, s);
  else if (s[0] == '<' && strlen(s) > 2 && s[strlen(s) - 1] == '>')
    SYNTAX(p, at, "%s: '%s' is an Abaqus *PARAMETER reference, which is not read: write the value", what, s);
  else
    SYNTAX(p, at, "%s: '%s' is not a number", what, s);
  return 0;
}

int deck_get_int(parser* p, loc at, const char* s, const char* what, int* out) {
  if (deck_parse_int(s, out)) return 1;
  SYNTAX(p, at, "%s: '%s' is not an integer (whole number within int range)", what, s);
  return 0;
}

int deck_check_name(parser* p, loc at, const char* s, const char* what) {
  if (!*s) {
    SYNTAX(p, at, "%s is empty", what);
    return 0;
  }
  if (strlen(s) >= NSB_NAME_MAX) {
    VALUE(p, at, "%s '%.20s...' is longer than %d characters", what, s, NSB_NAME_MAX - 1);
    return 0;
  }
  return 1;
}

/* u = x / |x| computed without overflow (x is scaled by its largest component
   first); returns 0, leaving u untouched, when x is zero. */

int deck_unit3(const double x[3], double u[3]) {
  double s = fmax(fabs(x[0]), fmax(fabs(x[1]), fabs(x[2])));
  if (!(s > 0.0)) return 0;
  double y[3] = {x[0] / s, x[1] / s, x[2] / s};
  double n = sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
  for (int k = 0; k < 3; ++k) u[k] = y[k] / n;
  return 1;
}

double deck_dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Two orthonormal axes from two vectors: e1 along a, e2 along the part of b
   perpendicular to a (Gram-Schmidt).  Returns 0 if a or b is zero, -1 if they
   are parallel (the perpendicular part below 1e-6 of |b|), 1 otherwise. */
int deck_frame_axes(const double a[3], const double b[3], double e1[3], double e2[3]) {
  double bu[3];
  if (!deck_unit3(a, e1) || !deck_unit3(b, bu)) return 0;
  double c = deck_dot3(bu, e1);
  double w[3] = {bu[0] - c * e1[0], bu[1] - c * e1[1], bu[2] - c * e1[2]};
  if (!(sqrt(deck_dot3(w, w)) >= 1e-6) || !deck_unit3(w, e2)) return -1;
  return 1;
}

/* Wrong field count: message saying how many were expected. */
int deck_expect_fields(parser* p, loc at, int lo, int hi, const char* usage) {
  int n = p->n_fields;
  if (n == 1 && p->fields[0][0] == '\0') n = 0;
  if (n >= lo && n <= hi) return 1;
  if (lo == hi)
    SYNTAX(p, at, "*%s: wrong number of fields: expected %d (%s), got %d", p->b.spec->name, lo, usage, n);
  else
    SYNTAX(p, at, "*%s: wrong number of fields: expected %d to %d (%s), got %d", p->b.spec->name, lo, hi, usage, n);
  return 0;
}

int deck_push_int(nsb_ctx* ctx, int** data, int* count, int* cap, int v) {
  if (nsb_array_reserve_(ctx, (void**)data, cap, *count + 1, sizeof(int)) != NSB_OK) return NSB_ERR_ALLOC;
  (*data)[(*count)++] = v;
  return NSB_OK;
}

int deck_note_rec_file(parser* p, int rec, int file) { return NSB_ARRAY_PUSH(p->ctx, p->rec_file[rec], file); }

/* Location of record i of kind rec (line kept in the record, file in rec_file). */
loc deck_rec_loc(const parser* p, int rec, int i, int line) {
  loc at = {i < p->rec_file[rec].count ? p->rec_file[rec].data[i] : 0, line};
  return at;
}


/* Start a duplicate-free append to a set whose members are members[0..count):
   stamp them in mark[] (universe = number of nodes or elements). */

int deck_add_amp_ref(parser* p, int rec, int first, int count, int slot, const char* name, loc at) {
  amp_ref r;
  memset(&r, 0, sizeof r);
  r.rec = rec;
  r.first = first;
  r.count = count;
  r.slot = slot;
  snprintf(r.name, sizeof r.name, "%s", name);
  r.at = at;
  if (NSB_ARRAY_PUSH(p->ctx, p->amp_refs, r) != NSB_OK) {
    deck_oom(p, at);
    return 0;
  }
  return 1;
}

static void list_values(char* buf, size_t size, const char* const* values) {
  buf[0] = '\0';
  size_t n = 0;
  for (int k = 0; values[k]; ++k) {
    int w = snprintf(buf + n, size - n, "%s%s", k ? ", " : "", values[k]);
    if (w < 0 || (size_t)w >= size - n) break;
    n += (size_t)w;
  }
}

/* Report a parameter name that the keyword does not take, with the allowed names. */
static void unknown_parameter(parser* p, loc at, const kwspec* spec, int np, const char* name) {
  if (spec->id == KW_AMPLITUDE && strcmp(name, "SMOOTH") == 0) {
    /* Abaqus/Standard's default rounds a table's points where a dynamic step
       differentiates it; nsbeam has no such rounding (docs/deck.md *BOUNDARY) */
    SYNTAX(p, at,
           "parameter SMOOTH of *AMPLITUDE (Abaqus's rounding of a table's points) is not available: a TABULAR "
           "table is used as given, its rates right-continuous (a kink is the impulse of one increment); remove "
           "SMOOTH, or write the rounded pieces as DEFINITION=SMOOTH STEP");
    return;
  }
  if (spec->id == KW_DYNAMIC && (strcmp(name, "ALPHA") == 0 || strcmp(name, "APPLICATION") == 0 ||
                                 strcmp(name, "HAFTOL") == 0 || strcmp(name, "INITIAL") == 0)) {
    /* Abaqus/Standard's implicit dynamics (Abaqus/CAE writes APPLICATION=, older files ALPHA=,
       HAFTOL=): nsbeam's scheme and increments are its own */
    SYNTAX(p, at, "parameter %s of *DYNAMIC (Abaqus's %s) is not read: %s (docs/deck.md *DYNAMIC); remove %s", name,
           name[0] == 'A' && name[1] == 'L'   ? "HHT alpha"
           : name[0] == 'A'                   ? "choice of the integrator's dissipation"
           : name[0] == 'H'                   ? "half-increment residual tolerance of its automatic increments"
                                              : "initial acceleration switch",
           name[0] == 'A' ? "nsbeam's default scheme is second order and damps the highest frequencies to RHOINF= "
                            "(default 0.9; HHT's alpha gives the same infinite-frequency damping with RHOINF = (1 + "
                            "alpha) / (1 - alpha))"
           : name[0] == 'H' ? "the increments are the data line's h, shortened only by cutbacks and events"
                            : "the step starts from the accelerations of equilibrium",
           name);
    return;
  }
  if ((spec->id == KW_NODE_PRINT || spec->id == KW_EL_PRINT) &&
      (strcmp(name, "TOTALS") == 0 || strcmp(name, "GLOBAL") == 0)) {
    /* CalculiX's sums over the set and its choice of the global system for the printout */
    int node = spec->id == KW_NODE_PRINT;
    SYNTAX(p, at, "parameter %s of *%s is not read: %s (docs/deck.md *%s); remove %s", name, spec->name,
           name[0] == 'T' ? (node ? "history.csv has one column per node of the set (SET_label.rfx, ...), no sum over "
                                    "it; sum those columns"
                                  : "history.csv has the columns of each element of the set (SET_label.n1, ...), no "
                                    "sum over them; sum those columns")
           : node ? "the columns are in the global system, in a node's *TRANSFORM system if it has one"
                  : "SF, SM, SE are in the section frame (n1 the axial force, m1 the torsion)",
           node ? "NODE PRINT" : "EL PRINT", name);
    return;
  }
  if (spec->id == KW_BEAM_GENERAL_SECTION && (strcmp(name, "SECTION") == 0 || strcmp(name, "DENSITY") == 0 ||
                                              strcmp(name, "POISSON") == 0)) {
    /* Abaqus's *BEAM GENERAL SECTION gives the section's geometry (A, I11, I12, I22, J) and E, G;
       nsbeam's data lines are the resultant stiffnesses and inertias themselves (docs/deck.md) */
    SYNTAX(p, at,
           "parameter %s of *BEAM GENERAL SECTION (Abaqus's form: A, I11, I12, I22, J; n1; E, G) is not "
           "read: nsbeam's data lines are the stiffnesses EA, GA2, GA3, GJ, EI2, EI3 and the inertias rhoA, "
           "rhoJ1, rhoJ2, rhoJ3 per length; for a RECT, CIRC, PIPE, BOX or I section use *BEAM SECTION",
           name);
    return;
  }
  if (np == 0) {
    SYNTAX(p, at, "unknown parameter %s for *%s (it takes no parameters)", name, spec->name);
  } else {
    char allowed[256];
    size_t n = 0;
    allowed[0] = '\0';
    for (int j = 0; j < np; ++j) {
      int w = snprintf(allowed + n, sizeof allowed - n, "%s%s", j ? ", " : "", spec->params[j].name);
      if (w > 0 && (size_t)w < sizeof allowed - n) n += (size_t)w;
    }
    SYNTAX(p, at, "unknown parameter %s for *%s (allowed: %s)", name, spec->name, allowed);
  }
}

/* Check and convert the value of parameter ps into v (value: the trimmed text
   after '='); returns 0 after an error. */
static int parameter_value(parser* p, loc at, const pspec* ps, pval* v, char* value) {
  v->s = value;
  char what[64];
  snprintf(what, sizeof what, "parameter %s", ps->name);
  switch (ps->type) {
    case P_NAME:
      if (!deck_check_name(p, at, value, what)) return 0;
      break;
    case P_PATH:
    case P_FLAG:
      break;
    case P_WORD:
      v->s = deck_normalize(value);
      break;
    case P_INT:
      if (!deck_get_int(p, at, value, what, &v->i)) return 0;
      break;
    case P_REAL:
      if (!deck_get_real(p, at, value, what, &v->d)) return 0;
      break;
    case P_ENUM:
    case P_OPT_ENUM: {
      char* u = deck_normalize(value);
      int e = 0;
      while (ps->values[e] && strcmp(ps->values[e], u) != 0) ++e;
      if (!ps->values[e]) {
        char allowed[256];
        list_values(allowed, sizeof allowed, ps->values);
        SYNTAX(p, at, "invalid value %s for parameter %s (allowed: %s)", u, ps->name, allowed);
        return 0;
      }
      v->i = e;
      break;
    }
  }
  return 1;
}

/* Parse the parameters of a keyword line (fields 1..n) into vals. Returns 1 if all good. */
static int parse_params(parser* p, loc at, const kwspec* spec, pval* vals) {
  int ok = 1, np = 0;
  while (spec->params[np].name) ++np;
  for (int i = 0; i < MAX_PARAMS; ++i) memset(&vals[i], 0, sizeof vals[i]);
  for (int f = 1; f < p->n_fields; ++f) {
    char* field = p->fields[f];
    if (!*field) continue;
    char* eq = strchr(field, '=');
    char* value = NULL;
    if (eq) {
      *eq = '\0';
      value = trim(eq + 1);
    }
    char* name = deck_normalize(field);
    int k = 0;
    while (k < np && strcmp(spec->params[k].name, name) != 0) ++k;
    if (k == np) {
      unknown_parameter(p, at, spec, np, name);
      ok = 0;
      continue;
    }
    const pspec* ps = &spec->params[k];
    pval* v = &vals[k];
    if (v->set) {
      SYNTAX(p, at, "duplicate parameter %s", ps->name);
      ok = 0;
      continue;
    }
    v->set = 1;
    if (ps->type == P_FLAG) {
      if (value) {
        SYNTAX(p, at, "parameter %s takes no value", ps->name);
        ok = 0;
      }
      continue;
    }
    if (ps->type == P_OPT_ENUM && !value) {
      v->i = -1;
      continue;
    }
    if (!value || !*value) {
      SYNTAX(p, at, "parameter %s needs a value (%s=...)", ps->name, ps->name);
      ok = 0;
      continue;
    }
    if (!parameter_value(p, at, ps, v, value)) ok = 0;
  }
  for (int k = 0; k < np; ++k)
    if (spec->params[k].required && !vals[k].set) {
      SYNTAX(p, at, "*%s needs parameter %s", spec->name, spec->params[k].name);
      ok = 0;
    }
  return ok;
}

static void read_file(parser* p, const char* path, loc at);

static void include_file(parser* p, loc at, const pval* v) {
  const char* input = v[0].s;
  char path[PATH_BUF];
  const char* parent = deck_file_name(p, at.file);
  const char* slash = strrchr(parent, '/');
  /* relative to the including file's directory; a string deck has none (current directory) */
  int dir_len = 0;
  if (input[0] != '/' && !(p->string_deck && at.file == 0) && slash) dir_len = (int)(slash - parent) + 1;
  int w = snprintf(path, sizeof path, "%.*s%s", dir_len, parent, input);
  if (w < 0 || (size_t)w >= sizeof path) {
    VALUE(p, at, "*INCLUDE path too long");
    return;
  }
  read_file(p, path, at);
}

/* *INCLUDE: read the file; the included file ended its own blocks, so this
   keyword line is the open block again (data lines after it are an error). */
static void begin_include(parser* p, loc at, const pval* v) {
  const kwspec* spec = p->b.spec;
  include_file(p, at, v);
  memset(&p->b, 0, sizeof p->b);
  p->b.kw = KW_INCLUDE;
  p->b.spec = spec;
  p->b.at = at;
}

int deck_only_one_line(parser* p, loc at) {
  if (p->b.n_data == 1) return 1;
  SYNTAX(p, at, "*%s takes exactly one data line", p->b.spec->name);
  return 0;
}

int deck_in_dof_range(parser* p, loc at, int dof, const char* what) {
  if (dof >= 1 && dof <= 6) return 1;
  VALUE(p, at, "%s must be between 1 and 6, got %d", what, dof);
  return 0;
}

/* *SPRING, *DASHPOT, *ELASTIC, ...: the keyword needs at least one data line. */
void deck_end_needs_data(parser* p) {
  if (p->b.n_data == 0) SYNTAX(p, p->b.at, "*%s needs a data line", p->b.spec->name);
}

/* Close the block of the last keyword: its end handler, then a fresh block. */
static void end_block(parser* p) {
  /* after running out of memory the block's record may be missing: only reset;
     a skipped block (KW_SKIP) and a data line before the first keyword have no handler */
  if (!p->stop && p->b.kw != KW_NONE && p->b.kw != KW_SKIP && p->b.spec->end) p->b.spec->end(p);
  memset(&p->b, 0, sizeof p->b);
  p->b.kw = KW_NONE;
}

/* ---- line dispatch ---------------------------------------------------------------- */

static const kwspec* find_keyword(const char* name) {
  for (int k = 0; k < N_KEYWORDS; ++k)
    if (strcmp(kw_table[k].name, name) == 0) return &kw_table[k];
  return NULL;
}

/* Levenshtein distance of a and b (at most 63 characters each; longer: a large
   number), for the suggestion after an unknown keyword. */
static int edit_distance(const char* a, const char* b) {
  enum { MAXL = 64 };
  size_t na = strlen(a), nb = strlen(b);
  if (na >= MAXL || nb >= MAXL) return MAXL;
  int row[MAXL];
  for (size_t j = 0; j <= nb; ++j) row[j] = (int)j;
  for (size_t i = 1; i <= na; ++i) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= nb; ++j) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[nb];
}

/* The keyword a misspelt name most likely means: the nearest within two edits
   (and fewer than a third of its length), or NULL. */
static const kwspec* nearest_keyword(const char* name) {
  const kwspec* best = NULL;
  int d_best = 3;
  for (int k = 0; k < N_KEYWORDS; ++k) {
    int d = edit_distance(name, kw_table[k].name);
    if (d < d_best && 3 * d < (int)strlen(kw_table[k].name)) {
      d_best = d;
      best = &kw_table[k];
    }
  }
  return best;
}

static void begin_keyword(parser* p, loc at, char* text) {
  end_block(p);
  split_fields(p, text);
  char* name = deck_normalize(p->fields[0]);
  const kwspec* spec = find_keyword(name);
  p->b.at = at;
  p->b.kw = KW_SKIP;
  if (!spec) {
    static const char* const parts[] = {"PART", "END PART", "ASSEMBLY", "END ASSEMBLY", "INSTANCE", "END INSTANCE",
                                        NULL};
    int part = 0;
    while (parts[part] && strcmp(parts[part], name) != 0) ++part;
    const kwspec* near = *name && !parts[part] ? nearest_keyword(name) : NULL;
    if (parts[part]) {
      /* Abaqus/CAE's default input file: say once what to do instead */
      SYNTAX(p, at, "*%s: Abaqus's parts, instances and assembly are not read%s", name,
             p->parts_reported ? ""
                               : "; write the input file without them (Abaqus/CAE: Model > Edit Attributes > Do not "
                                 "use parts and assemblies in input files)");
      p->parts_reported = 1;
    } else if (strcmp(name, "BUCKLE") == 0 || strcmp(name, "STEADY STATE DYNAMICS") == 0) {
      /* Abaqus's and CalculiX's eigenvalue buckling and harmonic response procedures: say what
         does the job here; the step then counts as having its procedure (no "has no procedure"
         echo) */
      if (name[0] == 'B')
        SYNTAX(p, at,
               "*BUCKLE (eigenvalue buckling) is not available: follow the buckling with *STATIC, RIKS on the "
               "model with a small imperfection (docs/deck.md), or find the load at which *FREQUENCY after a "
               "*STATIC step of the preload gives a zero frequency");
      else
        SYNTAX(p, at,
               "*STEADY STATE DYNAMICS (harmonic response) is not available: run *DYNAMIC with a PERIODIC "
               "*AMPLITUDE on the load until the start-up has decayed (*DAMPING), or use *FREQUENCY's modes");
      if (p->in_step) {
        p->step_proc = 1;
        /* a buckling step needs no mass: no "has no *DENSITY" echo for a static deck */
        if (name[0] == 'B') p->m->steps.data[p->m->steps.count - 1].kind = NSB_STEP_STATIC;
      }
    } else if (strcmp(name, "ORIENTATION") == 0) {
      /* Abaqus's local material directions: a beam's section axes come from its section */
      SYNTAX(p, at,
             "*ORIENTATION is not read: a beam's section axes come from the direction on the *BEAM SECTION "
             "second data line (n1) or from *BEAM NODE FRAME, and *TRANSFORM gives a node's local system "
             "for *BOUNDARY, *CLOAD and output (docs/deck.md)");
    } else if (strcmp(name, "CONTROLS") == 0) {
      /* Abaqus's solution controls: nsbeam's own keyword holds Newton's controls */
      SYNTAX(p, at,
             "*CONTROLS (Abaqus's solution controls) is not read: Newton's iterations and tolerances are set by "
             "*SOLVER CONTROLS (ITERATIONS=, RELATIVE RESIDUAL=, RELATIVE CORRECTION=), the increments by the "
             "*STATIC or *DYNAMIC data line; the defaults need neither (docs/deck.md)");
    } else if (strcmp(name, "RELEASE") == 0 || strcmp(name, "MPC") == 0) {
      /* Abaqus's hinges and links in beam frames: the joint that does the same here */
      SYNTAX(p, at,
             "*%s is not available: make a hinge with two nodes at the same place joined by *JOINT, "
             "TYPE=REVOLUTE (one moment released) or TYPE=SPHERICAL (all three: hold the twist of one side at a "
             "support), a rigid link or a weld with *JOINT, TYPE=FIXED (docs/deck.md *JOINT)",
             name);
    } else if (strcmp(name, "PARAMETER") == 0) {
      /* Abaqus's parametrized input: names defined here, used as <name> in data lines */
      SYNTAX(p, at,
             "*PARAMETER (Abaqus's parametrized input, <name> in data lines) is not read: write the values "
             "themselves into the deck (a script that writes the deck can vary them)");
    } else if (strcmp(name, "SECTION POINTS") == 0) {
      /* Abaqus's stress output points of a beam section (a suboption of *BEAM SECTION) */
      SYNTAX(p, at,
             "*SECTION POINTS (Abaqus's stress output points of a beam section) is not read: nsbeam writes the "
             "section's resultants and strains (*EL PRINT SF, SM, SE; the VTK force_section, moment_section, "
             "strain); remove it");
    } else if (strcmp(name, "TRANSVERSE SHEAR STIFFNESS") == 0) {
      SYNTAX(p, at,
             "*TRANSVERSE SHEAR STIFFNESS is not read: a *BEAM SECTION's shear stiffness is k G A of its shape "
             "(docs/deck.md *BEAM SECTION); give other values as GA2, GA3 of a *BEAM GENERAL SECTION");
    } else if (strcmp(name, "CENTROID") == 0 || strcmp(name, "SHEAR CENTER") == 0) {
      SYNTAX(p, at,
             "*%s (an offset of the section from the beam's nodes) is not available: the beam's axis through its "
             "nodes is the centroid and the shear centre; model an offset section with its own nodes joined to "
             "these by *JOINT, TYPE=FIXED (a rigid link, docs/deck.md *JOINT)",
             name);
    } else if (near) {
      SYNTAX(p, at, "unknown keyword *%s (did you mean *%s?)", name, near->name);
      /* a misspelt section keyword: its elements' "no beam section" would echo this */
      if (near->id == KW_BEAM_SECTION || near->id == KW_BEAM_GENERAL_SECTION) p->section_failed = 1;
    } else {
      SYNTAX(p, at, "unknown keyword *%s", *name ? name : "(empty)");
    }
    p->cur_material = -1;
    return;
  }
  p->b.spec = spec;
  if (spec->id != KW_ELASTIC && spec->id != KW_DENSITY && spec->id != KW_DAMPING && spec->id != KW_INCLUDE)
    p->cur_material = -1;
  pval v[MAX_PARAMS];
  int ok = parse_params(p, at, spec, v);
  if (spec->id == KW_BEAM_SECTION || spec->id == KW_BEAM_GENERAL_SECTION)
    p->section_failed |= !ok || (p->in_step && spec->where == W_MODEL);
  if (spec->where == W_MODEL && p->in_step) {
    SYNTAX(p, at, "*%s is model data and is not allowed inside a step (missing *END STEP after line %d?)", spec->name,
           p->step_at.line);
    return;
  }
  if (spec->where == W_STEP && !p->in_step) {
    SYNTAX(p, at, "*%s is only allowed inside a step (*STEP ... *END STEP)", spec->name);
    return;
  }
  if (!ok) {
    deck_step_keyword_failed(p, at, spec);
    return;
  }
  p->b.kw = spec->id;
  if (spec->begin) spec->begin(p, at, v);
}

static void data_line(parser* p, loc at, char* text) {
  if (p->b.kw == KW_SKIP) return;
  if (p->b.kw == KW_NONE) {
    SYNTAX(p, at, "data line before the first keyword of the file");
    p->b.kw = KW_SKIP;
    return;
  }
  p->b.n_data++;
  if (p->b.kw == KW_HEADING) { /* free text, not comma fields */
    if (p->b.n_data == 1) snprintf(p->m->heading, sizeof p->m->heading, "%s", trim(text));
    return;
  }
  split_fields(p, text);
  if (p->b.spec->data) {
    p->b.spec->data(p, at);
  } else {
    SYNTAX(p, at, "*%s takes no data lines", p->b.spec->name);
    p->b.kw = KW_SKIP;
  }
}

/* ---- reading lines ---------------------------------------------------------------- */

static int next_char(source* s) {
  if (s->f) return getc(s->f);
  unsigned char c = (unsigned char)s->text[s->pos];
  if (!c) return EOF;
  s->pos++;
  return c;
}

/* A keyword line that ends with a comma goes on in the next line (Abaqus's rule for keyword
   lines, as Abaqus/CAE and engineers write long ones): the next line that is neither blank nor
   a comment continues it, unless it is a keyword line or starts like a number (a data line
   after a stray comma, read as before).  True when line t continues the keyword line. */
static int continues_keyword(const char* t) {
  return t[0] != '*' && !isdigit((unsigned char)t[0]) && t[0] != '-' && t[0] != '+' && t[0] != '.';
}

/* Read and dispatch every line of a source; ends the last block at end of file. */
static void read_source(parser* p, source* s) {
  char buf[NSB_DECK_LINE_MAX + 2];
  char kw[NSB_DECK_LINE_MAX + 2]; /* a keyword line ending in a comma, waiting for its continuation */
  size_t kw_len = 0;
  loc kw_at = {s->file, 0};
  int line = 0;
  while (!p->stop) {
    size_t n = 0;
    int c, got = 0, overflow = 0, bad = -1;
    while ((c = next_char(s)) != EOF) {
      got = 1;
      if (c == '\n') break;
      if (bad < 0 && ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)) bad = c;
      if (n < NSB_DECK_LINE_MAX + 1) buf[n++] = (char)c;
      else overflow = 1;
    }
    if (!got) break;
    ++line;
    if (s->file == 0) p->main_lines = line;
    loc at = {s->file, line};
    if (bad >= 0) {
      SYNTAX(p, at, "binary data (control character 0x%02x); the rest of this file is skipped", (unsigned)bad);
      break;
    }
    if (!overflow && n > 0 && buf[n - 1] == '\r') --n;
    if (overflow || n > NSB_DECK_LINE_MAX) {
      SYNTAX(p, at, "line longer than %d bytes", NSB_DECK_LINE_MAX);
      continue;
    }
    buf[n] = '\0';
    char* t = trim(buf);
    if (!*t) continue;
    if (t[0] == '*' && t[1] == '*') continue;
    size_t len = strlen(t);
    if (kw_len > 0) {
      if (continues_keyword(t)) {
        if (kw_len + len > NSB_DECK_LINE_MAX) {
          SYNTAX(p, at, "the keyword line of line %d is longer than %d bytes with its continuation lines", kw_at.line,
                 NSB_DECK_LINE_MAX);
          end_block(p);
          p->b.kw = KW_SKIP; /* its data lines are skipped, as after any failed keyword line */
          kw_len = 0;
          continue;
        }
        memcpy(kw + kw_len, t, len + 1);
        kw_len += len;
        if (kw[kw_len - 1] != ',') {
          kw_len = 0;
          begin_keyword(p, kw_at, kw + 1);
        }
        continue;
      }
      kw_len = 0;
      begin_keyword(p, kw_at, kw + 1);
      if (p->stop) break;
    }
    if (t[0] == '*' && t[len - 1] == ',') {
      memcpy(kw, t, len + 1);
      kw_len = len;
      kw_at = at;
    } else if (t[0] == '*') {
      begin_keyword(p, at, t + 1);
    } else {
      data_line(p, at, t);
    }
  }
  if (kw_len > 0 && !p->stop) begin_keyword(p, kw_at, kw + 1);
  if (s->f && ferror(s->f)) {
    loc at = {s->file, line};
    deck_report(p, at, NSB_ERR_IO, "read error: %s", strerror(errno));
  }
  end_block(p);
}

static int add_file_name(parser* p, const char* name) {
  size_t len = strlen(name) + 1;
  char* copy = nsb_alloc(p->ctx, len);
  if (!copy) return -1;
  memcpy(copy, name, len);
  if (NSB_ARRAY_PUSH(p->ctx, p->files, copy) != NSB_OK) {
    nsb_free(p->ctx, copy, len);
    return -1;
  }
  return p->files.count - 1;
}

/* Open and read a deck file; at is the *INCLUDE line (file -1 for the top level). */
static void read_file(parser* p, const char* path, loc at) {
  int top = at.file < 0;
  if (!top && p->depth >= NSB_DECK_INCLUDE_DEPTH_MAX) {
    VALUE(p, at, "*INCLUDE nested deeper than %d levels (recursive *INCLUDE?)", NSB_DECK_INCLUDE_DEPTH_MAX);
    return;
  }
  FILE* f = fopen(path, "rb");
  if (!f) {
    int err = errno; /* before add_file_name, whose allocation may change errno */
    if (top) at.file = add_file_name(p, path) >= 0 ? 0 : -1;
    deck_report(p, at, NSB_ERR_IO, "cannot open %s: %s", path, strerror(err));
    return;
  }
  struct stat st;
  memset(&st, 0, sizeof st);
  int have_id = fstat(fileno(f), &st) == 0;
  if (have_id && S_ISDIR(st.st_mode)) {
    fclose(f);
    if (top) at.file = add_file_name(p, path) >= 0 ? 0 : -1;
    deck_report(p, at, NSB_ERR_IO, "cannot read %s: it is a directory", path);
    return;
  }
  if (have_id)
    for (int d = 0; d < p->n_open; ++d)
      if (p->open_dev[d] == st.st_dev && p->open_ino[d] == st.st_ino) {
        fclose(f);
        VALUE(p, at, "recursive *INCLUDE of %s", path);
        return;
      }
  int file = add_file_name(p, path);
  if (file < 0) {
    fclose(f);
    deck_oom(p, at);
    return;
  }
  int saved_depth = p->depth, saved_open = p->n_open;
  if (have_id && p->n_open < NSB_DECK_INCLUDE_DEPTH_MAX + 2) {
    p->open_dev[p->n_open] = st.st_dev;
    p->open_ino[p->n_open] = st.st_ino;
    p->n_open++;
  }
  p->depth = top ? 0 : p->depth + 1;
  source s = {f, NULL, 0, file};
  read_source(p, &s);
  fclose(f);
  p->depth = saved_depth;
  p->n_open = saved_open;
}

static void parser_free(parser* p) {
  for (int i = 0; i < p->files.count; ++i) nsb_free(p->ctx, p->files.data[i], strlen(p->files.data[i]) + 1);
  NSB_ARRAY_FREE(p->ctx, p->files);
  for (int r = 0; r < REC_COUNT; ++r) NSB_ARRAY_FREE(p->ctx, p->rec_file[r]);
  NSB_ARRAY_FREE(p->ctx, p->amp_refs);
  NSB_ARRAY_FREE(p->ctx, p->contact_refs);
  NSB_ARRAY_FREE(p->ctx, p->riks_refs);
  NSB_ARRAY_FREE(p->ctx, p->section_refs);
  NSB_ARRAY_FREE(p->ctx, p->values);
  NSB_ARRAY_FREE(p->ctx, p->scratch);
  NSB_ARRAY_FREE(p->ctx, p->refused_nodes);
  NSB_ARRAY_FREE(p->ctx, p->massless);
  NSB_FREE_ARRAY(p->ctx, p->mark, p->mark_cap, int);
  NSB_FREE_ARRAY(p->ctx, p->elem_hash, p->elem_hash_cap, int);
}

static int finish(parser* p, nsb_model** out, int* n_errors) {
  if (!p->stop) deck_check_model(p);
  parser_free(p);
  if (n_errors) *n_errors = p->n_errors;
  int status = p->had_alloc    ? NSB_ERR_ALLOC
               : p->had_io     ? NSB_ERR_IO
               : p->had_syntax ? NSB_ERR_DECK_SYNTAX
               : p->had_value  ? NSB_ERR_DECK_VALUE
                               : NSB_OK;
  if (status != NSB_OK) {
    nsb_model_destroy(&p->m);
    *out = NULL;
    return nsb_ctx_error(p->ctx, status, __FILE__, __LINE__, __func__, "%s: %d error(s) in the deck", p->top_name,
                         p->n_errors);
  }
  *out = p->m;
  return NSB_OK;
}

static int start(parser* p, nsb_ctx* ctx, const char* name, FILE* err, nsb_model** out, int* n_errors) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->err = err;
  p->top_name = name;
  p->cur_material = -1;
  *out = NULL;
  if (n_errors) *n_errors = 0;
  if (nsb_model_create(ctx, &p->m) != NSB_OK) {
    if (err) fprintf(err, "%s:0: out of memory\n", name);
    if (n_errors) *n_errors = 1;
    return NSB_ERR_ALLOC;
  }
  snprintf(p->m->source, sizeof p->m->source, "%s", name);
  return NSB_OK;
}

int nsb_deck_read(nsb_ctx* ctx, const char* path, FILE* err, nsb_model** out, int* n_errors) {
  parser p;
  NSB_CALL(start(&p, ctx, path, err, out, n_errors));
  loc top = {-1, 0};
  read_file(&p, path, top);
  return finish(&p, out, n_errors);
}

int nsb_deck_read_string(nsb_ctx* ctx, const char* name, const char* text, FILE* err, nsb_model** out,
                         int* n_errors) {
  parser p;
  NSB_CALL(start(&p, ctx, name, err, out, n_errors));
  int file = add_file_name(&p, name);
  loc at = {-1, 0};
  if (file < 0) {
    deck_oom(&p, at);
  } else {
    p.string_deck = 1;
    source s = {NULL, text, 0, file};
    read_source(&p, &s);
  }
  return finish(&p, out, n_errors);
}

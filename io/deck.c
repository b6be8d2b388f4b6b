/* deck.c -- streaming reader of keyword decks (see deck.h and docs/deck.md).
 *
 * Structure (inih-like): read_source() reads one line at a time from a file or
 * a string, classifies it (blank, comment, keyword, data) and calls
 * begin_keyword()/data_line(); a keyword block ends at the next keyword line
 * or at the end of its file (end_block()).  Each keyword has a row in
 * kw_table with its parameters; parameters are parsed and validated
 * generically (unknown, duplicate, missing, enum values) before the keyword's
 * handler sees them.  A keyword line with an error makes the whole block be
 * skipped, so that one mistake gives one message rather than one per data line.
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

#include "io/deck.h"

#include "elements/beam_velocity.h" /* NSB_BEAM_MAX_POINTS */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FIELDS (NSB_DECK_LINE_MAX / 2 + 8)
#define PATH_BUF 2048

typedef NSB_ARRAY(int) int_array;
typedef NSB_ARRAY(double) double_array;
typedef NSB_ARRAY(char*) str_array;

typedef struct loc {
  int file; /* index into parser.files */
  int line;
} loc;

/* Records checked after reading; their file indices are kept in rec_file[]. */
enum {
  REC_ELEMENT,
  REC_JOINT,
  REC_BOUNDARY,
  REC_CLOAD,
  REC_GRAVITY,
  REC_MANUFACTURED,
  REC_INITIAL,
  REC_SECTION,
  REC_NODE_FRAME,
  REC_DLOAD,
  REC_OBSTACLE,
  REC_AMP_SUM, /* a term of a SUM amplitude: first = the SUM's index, slot = term number */
  REC_COUNT
};

/* A named amplitude reference from records [first, first + count) of one kind. */
typedef struct amp_ref {
  int rec;   /* REC_BOUNDARY, REC_CLOAD, REC_GRAVITY, REC_MANUFACTURED, REC_DLOAD, REC_OBSTACLE, REC_AMP_SUM */
  int first, count;
  int slot;  /* REC_MANUFACTURED: component 0..2; REC_AMP_SUM: term number */
  char name[NSB_NAME_MAX];
  loc at;
} amp_ref;
typedef NSB_ARRAY(amp_ref) amp_ref_array;

/* The names on a *CONTACT PAIR data line, resolved into contact pair `pair`
   once the whole deck is read (check_contact). */
typedef struct contact_ref {
  int pair;
  char slave[NSB_NAME_MAX];
  char master[NSB_NAME_MAX];
  loc at;
} contact_ref;
typedef NSB_ARRAY(contact_ref) contact_ref_array;

/* A *STATIC, RIKS step: its keyword and data line, for the checks made once
   the whole deck is read (check_riks_steps). */
typedef struct riks_ref {
  int step;
  loc at;      /* keyword line */
  loc data_at; /* data line (line 0: none) */
} riks_ref;
typedef NSB_ARRAY(riks_ref) riks_ref_array;

typedef enum kw_id {
  KW_NONE = 0, /* before the first keyword of a file */
  KW_SKIP,     /* after a keyword line with an error: data lines are ignored */
  KW_HEADING,
  KW_INCLUDE,
  KW_NODE,
  KW_NSET,
  KW_ELSET,
  KW_ELEMENT,
  KW_SPRING,
  KW_DASHPOT,
  KW_BEAM_SECTION,
  KW_BEAM_GENERAL_SECTION,
  KW_BEAM_NODE_FRAME,
  KW_MATERIAL,
  KW_ELASTIC,
  KW_DENSITY,
  KW_AMPLITUDE,
  KW_RIGID_BODY,
  KW_PARTICLE,
  KW_JOINT,
  KW_OBSTACLE,
  KW_CONTACT_PAIR,
  KW_BOUNDARY,
  KW_CLOAD,
  KW_DLOAD,
  KW_GRAVITY,
  KW_MANUFACTURED,
  KW_INITIAL,
  KW_PROBE,
  KW_STEP,
  KW_END_STEP,
  KW_DYNAMIC,
  KW_STATIC,
  KW_FREQUENCY,
  KW_MODAL_DYNAMIC,
  KW_SOLVER_CONTROLS,
  KW_OUTPUT,
  KW_RESTART
} kw_id;

/* ---- keyword and parameter tables ------------------------------------------ */

typedef enum ptype { P_NAME, P_INT, P_REAL, P_ENUM, P_FLAG, P_PATH, P_WORD } ptype;

typedef struct pspec {
  const char* name;
  ptype type;
  int required;
  const char* const* values; /* P_ENUM: NULL-terminated list; index = stored value */
} pspec;

typedef struct pval {
  int set;
  const char* s; /* view into the line buffer, valid during begin_keyword only */
  int i;         /* P_INT value, P_ENUM index */
  double d;      /* P_REAL value */
} pval;

#define MAX_PARAMS 12

enum { W_MODEL, W_STEP, W_ANY };

typedef struct kwspec {
  const char* name;
  kw_id id;
  int where;
  pspec params[MAX_PARAMS]; /* terminated by a NULL name */
} kwspec;

static const char* const amp_definitions[] = {"TABULAR", "POLYNOMIAL", "PERIODIC", "SMOOTH STEP", "SUM", NULL};
static const char* const amp_times[] = {"STEP TIME", "TOTAL TIME", NULL};
static const char* const inertia_refs[] = {"CENTER", "REFERENCE", NULL};
static const char* const joint_types[] = {"SPHERICAL", "REVOLUTE", "DISTANCE", "FIXED", "ELEMENT POINT", NULL};
static const char* const levels[] = {"POSITION", "VELOCITY", NULL};
static const char* const yes_no[] = {"NO", "YES", NULL};
static const char* const init_types[] = {"VELOCITY", "ROTATION", "BODY ANGULAR VELOCITY", NULL};
static const char* const schemes[] = {"NEWMARK", "MODIFIED NEWMARK", "GENERALIZED ALPHA", NULL}; /* nsb_scheme_kind */
static const char* const reductions[] = {"MODAL", "QUASI-STATIC", NULL};                      /* step reduction */
static const char* const mass_kinds[] = {"LUMPED", "CONSISTENT", NULL};                       /* modal mass */
static const char* const linsolvers[] = {"KLU", "UMFPACK", NULL};
static const char* const formats[] = {"VTK", "HISTORY", "CONTACT", NULL};
static const char* const encodings[] = {"ASCII", "BINARY", NULL};
/* index + 1 = nsb_section_shape */
static const char* const section_shapes[] = {"RECT", "CIRC", "PIPE", NULL};
/* index = nsb_element.weighting */
static const char* const weightings[] = {"COLLOCATION", "GALERKIN", NULL};
/* index = nsb_obstacle_kind */
static const char* const obstacle_types[] = {"PLANE", "SPHERE", "CYLINDER", NULL};
/* index = nsb_contact_law */
static const char* const contact_laws[] = {"NEWTON", "HERTZ", NULL};
static const char* const impact_modes[] = {"SIMULTANEOUS", "SEQUENTIAL", NULL}; /* nsb_contact_pair.sequential */
static const char* const centrelines[] = {"CHORD", "HERMITE", NULL}; /* nsb_contact_centreline */
static const char* const contact_solvers[] = {"SEMISMOOTH", "PROX", NULL}; /* nsb_step_def.contact_prox */
static const char* const riks_constraints[] = {"SPHERICAL", "CYLINDRICAL", NULL}; /* nsb_step_def.riks_cylindrical */

static const kwspec kw_table[] = {
    {"HEADING", KW_HEADING, W_MODEL, {{NULL, P_FLAG, 0, NULL}}},
    {"INCLUDE", KW_INCLUDE, W_ANY, {{"INPUT", P_PATH, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"NODE", KW_NODE, W_MODEL, {{"NSET", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"NSET", KW_NSET, W_MODEL, {{"NSET", P_NAME, 1, NULL}, {"GENERATE", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"ELSET", KW_ELSET, W_MODEL, {{"ELSET", P_NAME, 1, NULL}, {"GENERATE", P_FLAG, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"ELEMENT",
     KW_ELEMENT,
     W_MODEL,
     {{"TYPE", P_WORD, 1, NULL},
      {"ELSET", P_NAME, 0, NULL},
      {"POINTS", P_INT, 0, NULL},
      {"WEIGHTING", P_ENUM, 0, weightings},
      {NULL, P_FLAG, 0, NULL}}},
    {"SPRING", KW_SPRING, W_MODEL, {{"ELSET", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"DASHPOT", KW_DASHPOT, W_MODEL, {{"ELSET", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"BEAM SECTION",
     KW_BEAM_SECTION,
     W_MODEL,
     {{"ELSET", P_NAME, 1, NULL}, {"MATERIAL", P_NAME, 1, NULL}, {"SECTION", P_ENUM, 1, section_shapes},
      {"SHEAR FACTOR", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"BEAM GENERAL SECTION",
     KW_BEAM_GENERAL_SECTION,
     W_MODEL,
     {{"ELSET", P_NAME, 1, NULL}, {"RADIUS", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"BEAM NODE FRAME", KW_BEAM_NODE_FRAME, W_MODEL, {{NULL, P_FLAG, 0, NULL}}},
    {"MATERIAL", KW_MATERIAL, W_MODEL, {{"NAME", P_NAME, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"ELASTIC", KW_ELASTIC, W_MODEL, {{NULL, P_FLAG, 0, NULL}}},
    {"DENSITY", KW_DENSITY, W_MODEL, {{NULL, P_FLAG, 0, NULL}}},
    {"AMPLITUDE",
     KW_AMPLITUDE,
     W_ANY,
     {{"NAME", P_NAME, 1, NULL}, {"DEFINITION", P_ENUM, 0, amp_definitions}, {"TIME", P_ENUM, 0, amp_times},
      {NULL, P_FLAG, 0, NULL}}},
    {"RIGID BODY",
     KW_RIGID_BODY,
     W_MODEL,
     {{"NODE", P_INT, 1, NULL}, {"MASS", P_REAL, 1, NULL}, {"INERTIA", P_ENUM, 0, inertia_refs}, {NULL, P_FLAG, 0, NULL}}},
    {"PARTICLE",
     KW_PARTICLE,
     W_MODEL,
     {{"NODE", P_INT, 0, NULL}, {"NSET", P_NAME, 0, NULL}, {"MASS", P_REAL, 1, NULL}, {"RADIUS", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}}},
    {"JOINT", KW_JOINT, W_MODEL, {{"TYPE", P_ENUM, 1, joint_types}, {"LEVEL", P_ENUM, 0, levels}, {NULL, P_FLAG, 0, NULL}}},
    {"OBSTACLE",
     KW_OBSTACLE,
     W_MODEL,
     {{"NAME", P_NAME, 1, NULL}, {"TYPE", P_ENUM, 1, obstacle_types}, {"AMPLITUDE", P_NAME, 0, NULL},
      {"SPIN", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
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
      {NULL, P_FLAG, 0, NULL}}},
    {"BOUNDARY", KW_BOUNDARY, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"CLOAD", KW_CLOAD, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {"FOLLOWER", P_ENUM, 0, yes_no}, {NULL, P_FLAG, 0, NULL}}},
    {"DLOAD", KW_DLOAD, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"GRAVITY", KW_GRAVITY, W_ANY, {{"AMPLITUDE", P_NAME, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"MANUFACTURED ROTATION", KW_MANUFACTURED, W_MODEL, {{"NODE", P_INT, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"INITIAL CONDITIONS", KW_INITIAL, W_MODEL, {{"TYPE", P_ENUM, 1, init_types}, {NULL, P_FLAG, 0, NULL}}},
    {"PROBE",
     KW_PROBE,
     W_MODEL,
     {{"NAME", P_NAME, 1, NULL}, {"NODE", P_INT, 0, NULL}, {"ELEMENT", P_INT, 0, NULL}, {"POSITION", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}}},
    {"STEP", KW_STEP, W_ANY, {{"NAME", P_NAME, 0, NULL}, {"INC", P_INT, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"END STEP", KW_END_STEP, W_ANY, {{NULL, P_FLAG, 0, NULL}}},
    {"DYNAMIC",
     KW_DYNAMIC,
     W_STEP,
     {{"SCHEME", P_ENUM, 0, schemes},
      {"BETA", P_REAL, 0, NULL},
      {"GAMMA", P_REAL, 0, NULL},
      {"RHOINF", P_REAL, 0, NULL},
      {NULL, P_FLAG, 0, NULL}}},
    {"STATIC",
     KW_STATIC,
     W_STEP,
     {{"RIKS", P_FLAG, 0, NULL}, {"CONSTRAINT", P_ENUM, 0, riks_constraints}, {NULL, P_FLAG, 0, NULL}}},
    {"FREQUENCY", KW_FREQUENCY, W_STEP, {{"MASS", P_ENUM, 0, mass_kinds}, {NULL, P_FLAG, 0, NULL}}},
    {"MODAL DYNAMIC",
     KW_MODAL_DYNAMIC,
     W_STEP,
     {{"MODES", P_INT, 1, NULL},
      {"REDUCTION", P_ENUM, 0, reductions},
      {"ALPHA", P_REAL, 0, NULL},
      {"BETA", P_REAL, 0, NULL},
      {"MASS", P_ENUM, 0, mass_kinds},
      {NULL, P_FLAG, 0, NULL}}},
    {"SOLVER CONTROLS",
     KW_SOLVER_CONTROLS,
     W_STEP,
     {{"ITERATIONS", P_INT, 0, NULL}, {"TOL INCREMENT", P_REAL, 0, NULL}, {"TOL RESIDUAL", P_REAL, 0, NULL},
      {"LINEAR SOLVER", P_ENUM, 0, linsolvers}, {"CONTACT SOLVER", P_ENUM, 0, contact_solvers},
      {"CONTACT ITERATIONS", P_INT, 0, NULL}, {"CONTACT TOLERANCE", P_REAL, 0, NULL},
      {"RELAXATION", P_REAL, 0, NULL}, {"RELATIVE RESIDUAL", P_REAL, 0, NULL},
      {"RELATIVE CORRECTION", P_REAL, 0, NULL}, {NULL, P_FLAG, 0, NULL}}},
    {"OUTPUT",
     KW_OUTPUT,
     W_STEP,
     {{"FORMAT", P_ENUM, 1, formats}, {"EVERY", P_INT, 0, NULL}, {"ENCODING", P_ENUM, 0, encodings},
      {NULL, P_FLAG, 0, NULL}}},
    {"RESTART",
     KW_RESTART,
     W_ANY,
     {{"WRITE", P_FLAG, 1, NULL}, {"FREQUENCY", P_INT, 1, NULL}, {NULL, P_FLAG, 0, NULL}}},
};
#define N_KEYWORDS ((int)(sizeof kw_table / sizeof kw_table[0]))

/* ---- parser state ---------------------------------------------------------- */

/* State of the current keyword block. */
typedef struct block {
  kw_id kw;
  const kwspec* spec;
  loc at;           /* keyword line */
  int n_data;       /* data lines seen */
  int set;          /* NODE/NSET/ELSET/ELEMENT: set index or -1 */
  int generate;     /* NSET/ELSET */
  int index;        /* amplitude / rigid body / material / probe / manufactured / section index */
  int sub;          /* enumerated TYPE/DEFINITION/... value */
  int level;        /* JOINT: nsb_level */
  int follower;     /* CLOAD */
  int has_amp;      /* BOUNDARY/CLOAD/GRAVITY */
  char amp[NSB_NAME_MAX];
  int ok;           /* RIGID BODY: first data line valid; AMPLITUDE: no data error */
  double inertia[6];
  double com[3];
  int reference;    /* RIGID BODY: INERTIA=REFERENCE */
  nsb_elem_type elem_type; /* ELEMENT: TYPE */
  int n_points;     /* ELEMENT: POINTS (B2V) */
  int weighting;    /* ELEMENT: WEIGHTING (B2V), index into weightings[] */
  int material;     /* BEAM SECTION: material index */
  double shear;     /* BEAM SECTION: shear factor k (0: the shape's default) */
  nsb_contact_pair pair; /* CONTACT PAIR: law and parameters shared by the data lines */
} block;

typedef struct parser {
  nsb_ctx* ctx;
  nsb_model* m;
  FILE* err;
  const char* top_name; /* fallback file name for messages */
  int n_errors;
  int stop;             /* too many errors or out of memory: stop everything */
  int had_alloc, had_io, had_syntax, had_value;
  str_array files;      /* file names (owned, nsb_alloc'ed, strlen + 1 bytes) */
  int_array rec_file[REC_COUNT];
  amp_ref_array amp_refs;
  contact_ref_array contact_refs;
  riks_ref_array riks_refs;
  double_array values;  /* AMPLITUDE data being read */
  int_array scratch;    /* expanded node or element lists */
  int* elem_hash;       /* element label -> index (find_element) */
  int elem_hash_cap;
  int* mark;            /* membership stamps for duplicate-free set appends */
  int mark_cap;
  int stamp;
  block b;
  int cur_material;     /* material that *ELASTIC and *DENSITY apply to, or -1 */
  int section_failed;   /* a beam section keyword line had an error: "no section" would be an echo */
  int in_step;
  loc step_at;
  int step_inc;         /* INC= of the open step, 0 if not given */
  int step_proc;        /* procedure keyword seen in the open step */
  loc proc_at;
  loc modal_at;         /* the *MODAL DYNAMIC keyword (file -1: none yet) */
  int main_lines;       /* lines read from the top-level deck */
  int string_deck;      /* the top-level deck is a string */
  int depth;            /* include depth of the source being read (top level 0) */
  int n_open;           /* files being read, outermost first (to catch recursive *INCLUDE) */
  dev_t open_dev[NSB_DECK_INCLUDE_DEPTH_MAX + 2];
  ino_t open_ino[NSB_DECK_INCLUDE_DEPTH_MAX + 2];
  char* fields[MAX_FIELDS];
  int n_fields;
} parser;

typedef struct source {
  FILE* f;          /* file source, or NULL */
  const char* text; /* string source */
  size_t pos;
  int file;         /* index into files */
} source;

/* ---- error reporting ------------------------------------------------------- */

static const char* file_name(const parser* p, int file) {
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
static void report(parser* p, loc at, int code, const char* fmt, ...) {
  if (p->stop) return;
  note_code(p, code);
  if (p->n_errors >= NSB_DECK_MAX_ERRORS) {
    if (p->err) fprintf(p->err, "%s:%d: too many errors (more than %d), giving up\n", file_name(p, at.file), at.line,
                        NSB_DECK_MAX_ERRORS);
    p->stop = 1;
    return;
  }
  p->n_errors++;
  if (p->err) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(p->err, "%s:%d: ", file_name(p, at.file), at.line);
    vfprintf(p->err, fmt, ap);
    fputc('\n', p->err);
    va_end(ap);
  }
}

/* Allocation failure: report once and stop reading. */
static void oom(parser* p, loc at) {
  if (p->stop) return;
  report(p, at, NSB_ERR_ALLOC, "out of memory");
  p->stop = 1;
}

#define SYNTAX(p, at, ...) report((p), (at), NSB_ERR_DECK_SYNTAX, __VA_ARGS__)
#define VALUE(p, at, ...) report((p), (at), NSB_ERR_DECK_VALUE, __VA_ARGS__)

/* ---- small string and number helpers ------------------------------------- */

static char* trim(char* s) {
  while (*s && isspace((unsigned char)*s)) ++s;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

/* Upper-case in place and collapse runs of white space into one space. */
static char* normalize(char* s) {
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
static int parse_real(const char* s, double* out) {
  if (!*s) return 0;
  char* end;
  errno = 0;
  double v = strtod(s, &end);
  if (*end != '\0' || end == s) return 0;
  if (!isfinite(v) || fpclassify(v) == FP_SUBNORMAL) return 0;
  *out = v;
  return 1;
}

static int parse_int(const char* s, int* out) {
  if (!*s) return 0;
  char* end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (*end != '\0' || end == s || errno == ERANGE || v < INT_MIN || v > INT_MAX) return 0;
  *out = (int)v;
  return 1;
}

static int get_real(parser* p, loc at, const char* s, const char* what, double* out) {
  if (parse_real(s, out)) return 1;
  char* end;
  double v = strtod(s, &end);
  if (*s && *end == '\0' && !isfinite(v))
    VALUE(p, at, "%s must be a finite number, got '%s'", what, s);
  else if (*s && *end == '\0' && (fpclassify(v) == FP_SUBNORMAL || (v == 0.0 && errno == ERANGE)))
    VALUE(p, at, "%s '%s' is below the smallest normal number (2.2e-308): use 0 or a representable value", what, s);
  else
    SYNTAX(p, at, "%s: '%s' is not a number", what, s);
  return 0;
}

static int get_int(parser* p, loc at, const char* s, const char* what, int* out) {
  if (parse_int(s, out)) return 1;
  SYNTAX(p, at, "%s: '%s' is not an integer (whole number within int range)", what, s);
  return 0;
}

static int check_name(parser* p, loc at, const char* s, const char* what) {
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
static int unit3(const double x[3], double u[3]) {
  double s = fmax(fabs(x[0]), fmax(fabs(x[1]), fabs(x[2])));
  if (!(s > 0.0)) return 0;
  double y[3] = {x[0] / s, x[1] / s, x[2] / s};
  double n = sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
  for (int k = 0; k < 3; ++k) u[k] = y[k] / n;
  return 1;
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Wrong field count: message saying how many were expected. */
static int expect_fields(parser* p, loc at, int lo, int hi, const char* usage) {
  int n = p->n_fields;
  if (n == 1 && p->fields[0][0] == '\0') n = 0;
  if (n >= lo && n <= hi) return 1;
  if (lo == hi)
    SYNTAX(p, at, "*%s: wrong number of fields: expected %d (%s), got %d", p->b.spec->name, lo, usage, n);
  else
    SYNTAX(p, at, "*%s: wrong number of fields: expected %d to %d (%s), got %d", p->b.spec->name, lo, hi, usage, n);
  return 0;
}

static int push_int(nsb_ctx* ctx, int** data, int* count, int* cap, int v) {
  if (nsb_array_reserve_(ctx, (void**)data, cap, *count + 1, sizeof(int)) != NSB_OK) return NSB_ERR_ALLOC;
  (*data)[(*count)++] = v;
  return NSB_OK;
}

static int note_rec_file(parser* p, int rec, int file) { return NSB_ARRAY_PUSH(p->ctx, p->rec_file[rec], file); }

/* Location of record i of kind rec (line kept in the record, file in rec_file). */
static loc rec_loc(const parser* p, int rec, int i, int line) {
  loc at = {i < p->rec_file[rec].count ? p->rec_file[rec].data[i] : 0, line};
  return at;
}

/* ---- sets ---------------------------------------------------------------------- */

/* Start a duplicate-free append to a set whose members are members[0..count):
   stamp them in mark[] (universe = number of nodes or elements). */
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
    oom(p, at);
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
    oom(p, at);
    return -1;
  }
  return p->m->elsets.count - 1;
}

/* Element label -> index: open-addressing hash owned by the parser (the model
   keeps one only for nodes); capacity a power of two, load <= 1/2. */
static unsigned hash_label(int label) { return (unsigned)label * 2654435761u; }

static int find_element(const parser* p, int label) {
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

/* Expand a node reference (label or NSET name) into p->scratch (appending).
   Returns 1 on success, 0 after reporting an error. */
static int expand_nodes(parser* p, loc at, const char* field) {
  int label;
  if (parse_int(field, &label)) {
    int i = nsb_model_find_node(p->m, label);
    if (i < 0) {
      VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", label);
      return 0;
    }
    if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK) {
      oom(p, at);
      return 0;
    }
    return 1;
  }
  if (!*field) {
    SYNTAX(p, at, "empty node label or node set name");
    return 0;
  }
  double d;
  if (parse_real(field, &d)) {
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
    oom(p, at);
    return 0;
  }
  for (int k = 0; k < set->nodes.count; ++k) p->scratch.data[p->scratch.count++] = set->nodes.data[k];
  return 1;
}

/* Node referenced by label only (no sets). Returns index or -1 after an error. */
static int node_by_label(parser* p, loc at, const char* field, const char* what) {
  int label;
  if (!get_int(p, at, field, what, &label)) return -1;
  int i = nsb_model_find_node(p->m, label);
  if (i < 0) VALUE(p, at, "node %d is not defined (nodes must be defined before they are used)", label);
  return i;
}

/* Expand an element reference (label or ELSET name) into p->scratch (appending).
   Returns 1 on success, 0 after reporting an error. */
static int expand_elements(parser* p, loc at, const char* field) {
  int label;
  if (parse_int(field, &label)) {
    int i = find_element(p, label);
    if (i < 0) {
      VALUE(p, at, "element %d is not defined (elements must be defined before they are used)", label);
      return 0;
    }
    if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK) {
      oom(p, at);
      return 0;
    }
    return 1;
  }
  int s = *field ? nsb_model_find_elset(p->m, field) : -1;
  if (s < 0) {
    VALUE(p, at, "element set %s is not defined", *field ? field : "(empty)");
    return 0;
  }
  const nsb_elset* es = &p->m->elsets.data[s];
  if (NSB_ARRAY_RESERVE(p->ctx, p->scratch, p->scratch.count + es->elements.count) != NSB_OK) {
    oom(p, at);
    return 0;
  }
  for (int k = 0; k < es->elements.count; ++k) p->scratch.data[p->scratch.count++] = es->elements.data[k];
  return 1;
}

static int add_amp_ref(parser* p, int rec, int first, int count, int slot, const char* name, loc at) {
  amp_ref r;
  memset(&r, 0, sizeof r);
  r.rec = rec;
  r.first = first;
  r.count = count;
  r.slot = slot;
  snprintf(r.name, sizeof r.name, "%s", name);
  r.at = at;
  if (NSB_ARRAY_PUSH(p->ctx, p->amp_refs, r) != NSB_OK) {
    oom(p, at);
    return 0;
  }
  return 1;
}

/* ---- parameters ------------------------------------------------------------------ */

static void list_values(char* buf, size_t size, const char* const* values) {
  buf[0] = '\0';
  size_t n = 0;
  for (int k = 0; values[k]; ++k) {
    int w = snprintf(buf + n, size - n, "%s%s", k ? ", " : "", values[k]);
    if (w < 0 || (size_t)w >= size - n) break;
    n += (size_t)w;
  }
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
    char* name = normalize(field);
    int k = 0;
    while (k < np && strcmp(spec->params[k].name, name) != 0) ++k;
    if (k == np) {
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
    if (!value || !*value) {
      SYNTAX(p, at, "parameter %s needs a value (%s=...)", ps->name, ps->name);
      ok = 0;
      continue;
    }
    v->s = value;
    char what[64];
    snprintf(what, sizeof what, "parameter %s", ps->name);
    switch (ps->type) {
      case P_NAME:
        if (!check_name(p, at, value, what)) ok = 0;
        break;
      case P_PATH:
      case P_FLAG:
        break;
      case P_WORD:
        v->s = normalize(value);
        break;
      case P_INT:
        if (!get_int(p, at, value, what, &v->i)) ok = 0;
        break;
      case P_REAL:
        if (!get_real(p, at, value, what, &v->d)) ok = 0;
        break;
      case P_ENUM: {
        char* u = normalize(value);
        int e = 0;
        while (ps->values[e] && strcmp(ps->values[e], u) != 0) ++e;
        if (!ps->values[e]) {
          char allowed[256];
          list_values(allowed, sizeof allowed, ps->values);
          SYNTAX(p, at, "invalid value %s for parameter %s (allowed: %s)", u, ps->name, allowed);
          ok = 0;
        } else {
          v->i = e;
        }
        break;
      }
    }
  }
  for (int k = 0; k < np; ++k)
    if (spec->params[k].required && !vals[k].set) {
      SYNTAX(p, at, "*%s needs parameter %s", spec->name, spec->params[k].name);
      ok = 0;
    }
  return ok;
}

/* ---- keyword handlers: begin ----------------------------------------------------- */

static void read_file(parser* p, const char* path, loc at);

static void begin_include(parser* p, loc at, const pval* v) {
  const char* input = v[0].s;
  char path[PATH_BUF];
  const char* parent = file_name(p, at.file);
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

static void begin_node(parser* p, loc at, const pval* v) {
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
  if (st != NSB_OK) oom(p, at);
}

static const char* etype_name(nsb_elem_type t) {
  return t == NSB_ETYPE_B2V ? "B2V" : t == NSB_ETYPE_B2S ? "B2S" : t == NSB_ETYPE_DASHPOTA ? "DASHPOTA" : "SPRINGA";
}

static void begin_element(parser* p, loc at, const pval* v) {
  if (strcmp(v[0].s, "SPRINGA") == 0) {
    p->b.elem_type = NSB_ETYPE_SPRINGA;
  } else if (strcmp(v[0].s, "B2V") == 0) {
    p->b.elem_type = NSB_ETYPE_B2V;
  } else if (strcmp(v[0].s, "B2S") == 0) {
    p->b.elem_type = NSB_ETYPE_B2S;
  } else if (strcmp(v[0].s, "DASHPOTA") == 0) {
    p->b.elem_type = NSB_ETYPE_DASHPOTA;
  } else {
    VALUE(p, at, "element type %s is not available (available: SPRINGA, B2V, B2S, DASHPOTA)", v[0].s);
    p->b.kw = KW_SKIP;
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
  /* weighting of the beam equations: collocation (default) or Galerkin (docs/theory_beam.md §7) */
  p->b.weighting = v[3].set ? v[3].i : 0;
  p->b.set = -1;
  if (v[1].set) p->b.set = find_or_add_elset(p, at, v[1].s);
}

/* *SPRING and *DASHPOT */
static void begin_spring(parser* p, loc at, const pval* v) {
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
  if (NSB_ARRAY_PUSH(p->ctx, p->m->sections, sec) != NSB_OK || note_rec_file(p, REC_SECTION, at.file) != NSB_OK) {
    oom(p, at);
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
          es->name, etype_name(p->m->elements.data[other].type));
  if (dup >= 0) {
    const nsb_element* e = &p->m->elements.data[dup];
    loc first = rec_loc(p, REC_SECTION, e->section, p->m->sections.data[e->section].line);
    VALUE(p, at, "*%s: element %d already has a beam section (%s:%d); a beam element takes exactly one%s", kw,
          e->label, file_name(p, first.file), first.line, n_dup > 1 ? " (so do further elements of the set)" : "");
  }
  return index;
}

static void begin_beam_section(parser* p, loc at, const pval* v) {
  int ok = 1;
  int mat = nsb_model_find_material(p->m, v[1].s);
  if (mat < 0) {
    VALUE(p, at, "material %s is not defined (materials must be defined before they are used)", v[1].s);
    ok = 0;
  } else {
    const nsb_material* mt = &p->m->materials.data[mat];
    if (!mt->has_elastic || !mt->has_density) {
      VALUE(p, at, "material %s has no %s (*BEAM SECTION needs *ELASTIC and *DENSITY)", mt->name,
            !mt->has_elastic && !mt->has_density ? "*ELASTIC and no *DENSITY"
            : !mt->has_elastic                   ? "*ELASTIC"
                                                 : "*DENSITY");
      ok = 0;
    }
  }
  if (v[3].set && !(v[3].d > 0.0)) {
    VALUE(p, at, "SHEAR FACTOR must be > 0, got %.12g", v[3].d);
    ok = 0;
  }
  /* the record is kept even when the line has an error, so that its elements
     are not reported once more as having no section */
  if (push_section(p, at, v[0].s, (nsb_section_shape)(v[2].i + 1)) < 0) return;
  if (!ok) {
    p->section_failed = 1;
    p->b.kw = KW_SKIP;
    return;
  }
  p->b.material = mat;
  p->b.shear = v[3].set ? v[3].d : 0.0;
}

static void begin_beam_general_section(parser* p, loc at, const pval* v) {
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

static void begin_material(parser* p, loc at, const pval* v) {
  if (nsb_model_find_material(p->m, v[0].s) >= 0) {
    VALUE(p, at, "material %s is already defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_material mat;
  memset(&mat, 0, sizeof mat);
  snprintf(mat.name, sizeof mat.name, "%s", v[0].s);
  if (NSB_ARRAY_PUSH(p->ctx, p->m->materials, mat) != NSB_OK) {
    oom(p, at);
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

static void begin_amplitude(parser* p, loc at, const pval* v) {
  if (nsb_model_find_amplitude(p->m, v[0].s) >= 0) {
    VALUE(p, at, "amplitude %s is already defined", v[0].s);
    p->b.kw = KW_SKIP;
    return;
  }
  nsb_amplitude a;
  memset(&a, 0, sizeof a);
  snprintf(a.name, sizeof a.name, "%s", v[0].s);
  a.kind = v[1].set ? (nsb_amp_kind)v[1].i : NSB_AMP_TABULAR;
  a.total_time = v[2].set ? v[2].i : 0;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->amplitudes, a) != NSB_OK) {
    oom(p, at);
    return;
  }
  p->b.index = p->m->amplitudes.count - 1;
  p->b.sub = (int)a.kind;
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

static void begin_rigid_body(parser* p, loc at, const pval* v) {
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
    oom(p, at);
    return;
  }
  p->b.index = p->m->rigid_bodies.count - 1;
  p->m->nodes.data[i].body_kind = NSB_BODY_RIGID;
  p->m->nodes.data[i].body = p->b.index;
  p->b.reference = v[2].set && v[2].i == 1;
  p->b.ok = 0;
}

static void begin_particle(parser* p, loc at, const pval* v) {
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
    if (!expand_nodes(p, at, label)) return;
  } else if (!expand_nodes(p, at, v[1].s)) {
    return;
  }
  for (int k = 0; k < p->scratch.count; ++k) {
    int i = p->scratch.data[k];
    if (!node_free_for_body(p, at, i)) continue;
    nsb_particle pa = {i, v[2].d, r};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->particles, pa) != NSB_OK) {
      oom(p, at);
      return;
    }
    p->m->nodes.data[i].body_kind = NSB_BODY_PARTICLE;
    p->m->nodes.data[i].body = p->m->particles.count - 1;
  }
}

static void begin_load(parser* p, const pval* amp) {
  p->b.has_amp = amp->set;
  if (amp->set) snprintf(p->b.amp, sizeof p->b.amp, "%s", amp->s);
}

static void begin_manufactured(parser* p, loc at, const pval* v) {
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
  if (NSB_ARRAY_PUSH(p->ctx, p->m->manufactured, mr) != NSB_OK || note_rec_file(p, REC_MANUFACTURED, at.file) != NSB_OK) {
    oom(p, at);
    return;
  }
  p->b.index = p->m->manufactured.count - 1;
}

static int valid_probe_name(const char* s) {
  for (; *s; ++s)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-') return 0;
  return 1;
}

static void begin_probe(parser* p, loc at, const pval* v) {
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
    el = find_element(p, v[2].i);
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
    oom(p, at);
    return;
  }
  p->b.index = p->m->probes.count - 1;
}

static void begin_step(parser* p, loc at, const pval* v) {
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
  if (v[1].set) {
    if (v[1].i < 1) VALUE(p, at, "INC must be >= 1, got %d", v[1].i);
    else p->step_inc = v[1].i;
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->steps, d) != NSB_OK) {
    oom(p, at);
    return;
  }
  p->in_step = 1;
  p->step_at = at;
  p->step_proc = 0;
}

static void begin_end_step(parser* p, loc at) {
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

static int only_one_line(parser* p, loc at);

/* *FREQUENCY: a static-kind step of no duration; the data line gives the
   number of modes and an optional shift (docs/deck.md, docs/theory.md §6). */
static void begin_frequency(parser* p, loc at, int consistent) {
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

/* *MODAL DYNAMIC, MODES=n [, REDUCTION=] [, ALPHA=] [, BETA=]: data line h, period
   (data_procedure).  The step linearizes like *FREQUENCY; loads of the step act
   with their dynamic meaning (no ramp). */
static void begin_modal_dynamic(parser* p, loc at, const pval* v) {
  begin_frequency(p, at, v[4].set && v[4].i == 1);
  if (p->b.kw == KW_SKIP) return;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  s->modal_dynamic = 1;
  if (p->modal_at.line <= 0) p->modal_at = at;
  s->h = 0.0;
  s->h_min = -1.0;
  if (v[0].i < 1 || v[0].i > 1000) VALUE(p, at, "MODES must satisfy 1 <= MODES <= 1000, got %d", v[0].i);
  else s->n_modes = v[0].i;
  if (v[1].set) s->reduction = v[1].i;
  for (int k = 2; k <= 3; ++k)
    if (v[k].set) {
      if (v[k].d >= 0.0) *(k == 2 ? &s->ray_alpha : &s->ray_beta) = v[k].d;
      else VALUE(p, at, "%s (Rayleigh damping) must be >= 0, got %.12g", k == 2 ? "ALPHA" : "BETA", v[k].d);
    }
}

static void data_frequency(parser* p, loc at) {
  if (!only_one_line(p, at)) return;
  if (!expect_fields(p, at, 1, 2, "number of modes[, shift]")) return;
  nsb_step_def* s = &p->m->steps.data[p->m->steps.count - 1];
  int n;
  if (!get_int(p, at, p->fields[0], "number of modes", &n)) return;
  if (n < 1 || n > 1000) {
    VALUE(p, at, "the number of modes must satisfy 1 <= n <= 1000, got %d", n);
    return;
  }
  s->n_modes = n;
  if (p->n_fields == 2) {
    double sh;
    if (!get_real(p, at, p->fields[1], "shift", &sh)) return;
    s->shift = sh;
    s->shift_given = 1;
  }
}

static void begin_solver_controls(parser* p, loc at, const pval* v) {
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
  if (v[1].set && v[9].set) VALUE(p, at, "give either TOL INCREMENT (absolute) or RELATIVE CORRECTION, not both");
  if (v[2].set && v[8].set) VALUE(p, at, "give either TOL RESIDUAL (absolute) or RELATIVE RESIDUAL, not both");
}

static void begin_output(parser* p, loc at, const pval* v) {
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

/* *RESTART, WRITE, FREQUENCY=n: a checkpoint every n increments (model-wide). */
static void begin_restart(parser* p, loc at, const pval* v) {
  if (v[1].i < 1) {
    VALUE(p, at, "FREQUENCY must be >= 1, got %d", v[1].i);
    return;
  }
  p->m->restart_every = v[1].i;
}

/* ---- keyword handlers: data lines ------------------------------------------------ */

static void data_node(parser* p, loc at) {
  if (!expect_fields(p, at, 2, 4, "label, x[, y[, z]]")) return;
  int label;
  double X[3] = {0.0, 0.0, 0.0};
  if (!get_int(p, at, p->fields[0], "node label", &label)) return;
  static const char* const coord[] = {"x", "y", "z"};
  for (int k = 1; k < p->n_fields; ++k)
    if (!get_real(p, at, p->fields[k], coord[k - 1], &X[k - 1])) return;
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
    oom(p, at);
    return;
  }
  if (p->b.set >= 0) {
    nsb_nset* s = &p->m->nsets.data[p->b.set];
    if (push_int(p->ctx, &s->nodes.data, &s->nodes.count, &s->nodes.capacity, i) != NSB_OK) oom(p, at);
  }
}

/* NSET / ELSET data line. */
static void data_set(parser* p, loc at, int is_elset) {
  if (p->b.set < 0) return;
  int universe = is_elset ? p->m->elements.count : p->m->nodes.count;
  const char* what = is_elset ? "element" : "node";
  p->scratch.count = 0;
  if (p->b.generate) {
    if (!expect_fields(p, at, 2, 3, "first, last[, increment]")) return;
    int first, last, inc = 1;
    if (!get_int(p, at, p->fields[0], "first label", &first) || !get_int(p, at, p->fields[1], "last label", &last))
      return;
    if (p->n_fields == 3 && !get_int(p, at, p->fields[2], "increment", &inc)) return;
    if (inc <= 0) {
      VALUE(p, at, "GENERATE increment must be > 0, got %d", inc);
      return;
    }
    if (first > last) {
      VALUE(p, at, "GENERATE needs first <= last, got %d > %d", first, last);
      return;
    }
    for (long long l = first; l <= last; l += inc) {
      int i = is_elset ? find_element(p, (int)l) : nsb_model_find_node(p->m, (int)l);
      if (i < 0) {
        VALUE(p, at, "%s %lld (generated from %d, %d, %d) is not defined", what, l, first, last, inc);
        return;
      }
      if (NSB_ARRAY_PUSH(p->ctx, p->scratch, i) != NSB_OK) {
        oom(p, at);
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
      if (!(is_elset ? expand_elements(p, at, p->fields[f]) : expand_nodes(p, at, p->fields[f]))) return;
  }
  NSB_ASSERT(universe <= p->mark_cap || p->scratch.count == 0);
  for (int k = 0; k < p->scratch.count; ++k) {
    int i = p->scratch.data[k];
    if (p->mark[i] == p->stamp) continue;
    p->mark[i] = p->stamp;
    int st;
    if (is_elset) {
      nsb_elset* s = &p->m->elsets.data[p->b.set];
      st = push_int(p->ctx, &s->elements.data, &s->elements.count, &s->elements.capacity, i);
    } else {
      nsb_nset* s = &p->m->nsets.data[p->b.set];
      st = push_int(p->ctx, &s->nodes.data, &s->nodes.count, &s->nodes.capacity, i);
    }
    if (st != NSB_OK) {
      oom(p, at);
      return;
    }
  }
}

static void data_element(parser* p, loc at) {
  if (!expect_fields(p, at, 3, 3, "label, node1, node2")) return;
  int label;
  if (!get_int(p, at, p->fields[0], "element label", &label)) return;
  int n1 = node_by_label(p, at, p->fields[1], "first node");
  int n2 = node_by_label(p, at, p->fields[2], "second node");
  if (n1 < 0 || n2 < 0) return;
  if (label <= 0) {
    VALUE(p, at, "element label must be positive, got %d", label);
    return;
  }
  int j = find_element(p, label);
  if (j >= 0) {
    VALUE(p, at, "element %d is already defined (line %d)", label, p->m->elements.data[j].line);
    return;
  }
  nsb_elem_type type = p->b.elem_type;
  if (n1 == n2) {
    VALUE(p, at, "element %d: a %s element needs two distinct nodes", label, etype_name(type));
    return;
  }
  nsb_node* A = &p->m->nodes.data[n1];
  nsb_node* B = &p->m->nodes.data[n2];
  if (nsb_etype_is_beam(type) && A->X[0] == B->X[0] && A->X[1] == B->X[1] && A->X[2] == B->X[2]) {
    VALUE(p, at, "element %d: nodes %d and %d are at the same position (a beam element needs a non-zero length)", label,
          A->label, B->label);
    return;
  }
  nsb_element e;
  memset(&e, 0, sizeof e);
  e.label = label;
  e.type = type;
  e.n_nodes = 2;
  e.nodes[0] = n1;
  e.nodes[1] = n2;
  e.section = -1;
  e.rest_length = -1.0;
  e.n_points = p->b.n_points;
  e.weighting = p->b.weighting;
  e.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->elements, e) != NSB_OK || note_rec_file(p, REC_ELEMENT, at.file) != NSB_OK ||
      hash_element(p, p->m->elements.count - 1) != NSB_OK) {
    oom(p, at);
    return;
  }
  if (nsb_etype_is_beam(type)) {
    A->n_beams++;
    B->n_beams++;
  }
  if (p->b.set >= 0) {
    nsb_elset* s = &p->m->elsets.data[p->b.set];
    if (push_int(p->ctx, &s->elements.data, &s->elements.count, &s->elements.capacity, p->m->elements.count - 1) !=
        NSB_OK)
      oom(p, at);
  }
}

static int only_one_line(parser* p, loc at) {
  if (p->b.n_data == 1) return 1;
  SYNTAX(p, at, "*%s takes exactly one data line", p->b.spec->name);
  return 0;
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
static void data_spring(parser* p, loc at) {
  int dashpot = p->b.kw == KW_DASHPOT;
  const char* what = dashpot ? "damping coefficient" : "stiffness";
  nsb_elem_type type = dashpot ? NSB_ETYPE_DASHPOTA : NSB_ETYPE_SPRINGA;
  if (!only_one_line(p, at) || !expect_fields(p, at, 1, dashpot ? 1 : 2, dashpot ? what : "stiffness[, free length]"))
    return;
  double k, L0 = -1.0;
  if (!get_real(p, at, p->fields[0], what, &k)) return;
  if (p->n_fields == 2) {
    if (!get_real(p, at, p->fields[1], "free length", &L0)) return;
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
          p->m->elements.data[other].label, s->name, etype_name(ot), etype_name(type), property_keyword(ot));
  }
}

/* Resultant stiffnesses and inertias of a shaped section, linear elastic and
 * isotropic (seed 001 §2.2: N_G = diag(EA, GA2, GA3) gamma_G,
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
  double G = mat->E / (2.0 * (1.0 + mat->nu));
  s->EA = mat->E * A;
  s->GA2 = s->GA3 = k * G * A;
  s->GJ = G * J;
  s->EI2 = mat->E * I2;
  s->EI3 = mat->E * I3;
  s->rhoA = mat->rho * A;
  s->rhoJ[0] = mat->rho * (I2 + I3);
  s->rhoJ[1] = mat->rho * I2;
  s->rhoJ[2] = mat->rho * I3;
  s->draw_radius = sqrt(A / pi);
}

/* Optional data line n1x, n1y, n1z of both section keywords: stored normalized;
   (0, 0, 0) (not given) means "the default rule" (docs/deck.md). */
static void data_section_n1(parser* p, loc at, nsb_section* s) {
  if (!expect_fields(p, at, 3, 3, "n1x, n1y, n1z")) return;
  double n[3];
  for (int k = 0; k < 3; ++k)
    if (!get_real(p, at, p->fields[k], "n1 component", &n[k])) return;
  if (!unit3(n, s->n1)) VALUE(p, at, "n1 (approximate direction of the section axis G2) must be a non-zero vector");
}

static void data_beam_section(parser* p, loc at) {
  nsb_section* s = &p->m->sections.data[p->b.index];
  if (p->b.n_data > 2) {
    SYNTAX(p, at, "*BEAM SECTION takes one or two data lines (dimensions; n1x, n1y, n1z)");
    return;
  }
  if (p->b.n_data == 2) {
    data_section_n1(p, at, s);
    return;
  }
  int ok = s->shape == NSB_SECTION_RECT   ? expect_fields(p, at, 2, 2, "RECT: b, h")
           : s->shape == NSB_SECTION_CIRC ? expect_fields(p, at, 1, 1, "CIRC: r")
                                          : expect_fields(p, at, 2, 2, "PIPE: r, t");
  if (!ok) return;
  double d[2] = {0.0, 0.0};
  for (int k = 0; k < p->n_fields; ++k)
    if (!get_real(p, at, p->fields[k], "section dimension", &d[k])) return;
  if (s->shape == NSB_SECTION_RECT && !(d[0] > 0.0 && d[1] > 0.0)) {
    VALUE(p, at, "RECT section: b and h must be > 0, got b = %.12g, h = %.12g", d[0], d[1]);
    return;
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
  section_properties(s, &p->m->materials.data[p->b.material], p->b.shear);
}

static void data_beam_general_section(parser* p, loc at) {
  static const char* const stiff[] = {"EA", "GA2", "GA3", "GJ", "EI2", "EI3"};
  static const char* const inert[] = {"rhoA", "rhoJ1", "rhoJ2", "rhoJ3"};
  nsb_section* s = &p->m->sections.data[p->b.index];
  double x[6];
  if (p->b.n_data == 1) {
    if (!expect_fields(p, at, 6, 6, "EA, GA2, GA3, GJ, EI2, EI3")) return;
    for (int k = 0; k < 6; ++k)
      if (!get_real(p, at, p->fields[k], stiff[k], &x[k])) return;
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
    if (!expect_fields(p, at, 4, 4, "rhoA, rhoJ1, rhoJ2, rhoJ3")) return;
    for (int k = 0; k < 4; ++k)
      if (!get_real(p, at, p->fields[k], inert[k], &x[k])) return;
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
static void data_node_frame(parser* p, loc at) {
  if (!expect_fields(p, at, 7, 7, "node, g1x, g1y, g1z, g2x, g2y, g2z")) return;
  nsb_node_frame f;
  memset(&f, 0, sizeof f);
  f.line = at.line;
  f.node = node_by_label(p, at, p->fields[0], "node");
  if (f.node < 0) return;
  double g[6];
  for (int k = 0; k < 6; ++k)
    if (!get_real(p, at, p->fields[k + 1], "frame component", &g[k])) return;
  double g2[3];
  if (!unit3(g, f.g1) || !unit3(g + 3, g2)) {
    VALUE(p, at, "*BEAM NODE FRAME: G1 and G2 must be non-zero vectors");
    return;
  }
  double c = dot3(g2, f.g1);
  double w[3] = {g2[0] - c * f.g1[0], g2[1] - c * f.g1[1], g2[2] - c * f.g1[2]};
  double sine = sqrt(dot3(w, w));
  if (!(sine >= 1e-6) || !unit3(w, f.g2)) {
    VALUE(p, at, "*BEAM NODE FRAME: G1 and G2 are parallel; G2 needs a component perpendicular to G1");
    return;
  }
  if (NSB_ARRAY_PUSH(p->ctx, p->m->node_frames, f) != NSB_OK || note_rec_file(p, REC_NODE_FRAME, at.file) != NSB_OK)
    oom(p, at);
}

static void data_elastic(parser* p, loc at) {
  if (!only_one_line(p, at) || !expect_fields(p, at, 2, 2, "E, nu")) return;
  double E, nu;
  if (!get_real(p, at, p->fields[0], "E", &E) || !get_real(p, at, p->fields[1], "nu", &nu)) return;
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

static void data_density(parser* p, loc at) {
  if (!only_one_line(p, at) || !expect_fields(p, at, 1, 1, "rho")) return;
  double rho;
  if (!get_real(p, at, p->fields[0], "density", &rho)) return;
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
static void data_amplitude_sum(parser* p, loc at) {
  if (p->n_fields % 2 != 0 || p->n_fields > 8) {
    SYNTAX(p, at, "*AMPLITUDE, DEFINITION=SUM: wrong number of fields: expected 2, 4, 6 or 8 (pairs amplitude, factor), "
           "got %d", p->n_fields);
    p->b.ok = 0;
    return;
  }
  for (int k = 0; k < p->n_fields; k += 2) {
    double c;
    if (!get_real(p, at, p->fields[k + 1], "factor", &c)) {
      p->b.ok = 0;
      return;
    }
    if (NSB_ARRAY_PUSH(p->ctx, p->values, c) != NSB_OK) {
      oom(p, at);
      return;
    }
    if (!add_amp_ref(p, REC_AMP_SUM, p->b.index, 1, p->values.count - 1, p->fields[k], at)) return;
  }
}

static void data_amplitude(parser* p, loc at) {
  int kind = p->b.sub;
  if (kind == NSB_AMP_SUM) {
    data_amplitude_sum(p, at);
    return;
  }
  if (kind == NSB_AMP_TABULAR || kind == NSB_AMP_SMOOTH_STEP) {
    if (p->n_fields % 2 != 0 || p->n_fields > 8) {
      SYNTAX(p, at, "*AMPLITUDE: wrong number of fields: expected 2, 4, 6 or 8 (pairs t, a), got %d", p->n_fields);
      p->b.ok = 0;
      return;
    }
  } else if (kind == NSB_AMP_PERIODIC && p->b.n_data == 1) {
    if (!expect_fields(p, at, 4, 4, "N, omega, t0, A0")) {
      p->b.ok = 0;
      return;
    }
  }
  double vals[MAX_FIELDS];
  for (int k = 0; k < p->n_fields; ++k)
    if (!get_real(p, at, p->fields[k], "amplitude value", &vals[k])) {
      p->b.ok = 0;
      return;
    }
  if (kind == NSB_AMP_PERIODIC && p->b.n_data == 1) {
    int n;
    if (!parse_int(p->fields[0], &n) || n < 1) {
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
    oom(p, at);
    return;
  }
  for (int k = 0; k < p->n_fields; ++k) p->values.data[p->values.count++] = vals[k];
}

static void data_rigid_body(parser* p, loc at) {
  if (p->b.n_data > 2) {
    SYNTAX(p, at, "*RIGID BODY takes one or two data lines (inertia; centre of mass)");
    return;
  }
  if (p->b.n_data == 1) {
    if (!expect_fields(p, at, 3, 6, "I11, I22, I33[, I12, I13, I23]")) return;
    if (p->n_fields == 4 || p->n_fields == 5) {
      SYNTAX(p, at, "*RIGID BODY: wrong number of fields: expected 3 or 6 (I11, I22, I33[, I12, I13, I23]), got %d",
             p->n_fields);
      return;
    }
    double I[6] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < p->n_fields; ++k)
      if (!get_real(p, at, p->fields[k], "inertia component", &I[k])) return;
    memcpy(p->b.inertia, I, sizeof I);
    p->b.ok = 1;
  } else {
    if (!expect_fields(p, at, 3, 3, "cx, cy, cz")) return;
    double c[3];
    for (int k = 0; k < 3; ++k)
      if (!get_real(p, at, p->fields[k], "centre of mass coordinate", &c[k])) return;
    memcpy(p->b.com, c, sizeof c);
  }
}

/* ELEMENT POINT data line "node, element, xi": the node held at the point xi
   of a beam element (defined before).  Position check late (check_joints). */
static void data_joint_element_point(parser* p, loc at) {
  if (!expect_fields(p, at, 3, 3, "node, element, xi")) return;
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = NSB_JOINT_ELEMENT_POINT;
  j.level = (nsb_level)p->b.level;
  j.length = -1.0;
  j.line = at.line;
  j.node_a = node_by_label(p, at, p->fields[0], "node");
  if (j.node_a < 0) return;
  int label;
  if (!get_int(p, at, p->fields[1], "element label", &label)) return;
  j.element = find_element(p, label);
  if (j.element < 0) {
    VALUE(p, at, "element %d is not defined (elements must be defined before they are used)", label);
    return;
  }
  const nsb_element* el = &p->m->elements.data[j.element];
  if (!nsb_etype_is_beam(el->type)) {
    VALUE(p, at, "element %d is not a beam: an ELEMENT POINT joint needs a beam element (B2V, B2S)", label);
    return;
  }
  if (!get_real(p, at, p->fields[2], "xi", &j.xi)) return;
  if (!(j.xi >= 0.0 && j.xi <= 1.0)) {
    VALUE(p, at, "xi must be in [0, 1] (local coordinate along the element), got %.12g", j.xi);
    return;
  }
  if (j.node_a == el->nodes[0] || j.node_a == el->nodes[1]) {
    VALUE(p, at, "node %d is a node of element %d: an ELEMENT POINT joint holds another node at a point of the element",
          p->m->nodes.data[j.node_a].label, label);
    return;
  }
  j.node_b = j.xi <= 0.5 ? el->nodes[0] : el->nodes[1]; /* drawn as a line to the nearer node */
  if (NSB_ARRAY_PUSH(p->ctx, p->m->joints, j) != NSB_OK || note_rec_file(p, REC_JOINT, at.file) != NSB_OK) oom(p, at);
}

static void data_joint(parser* p, loc at) {
  int kind = p->b.sub;
  int ok;
  if (kind == NSB_JOINT_ELEMENT_POINT) {
    data_joint_element_point(p, at);
    return;
  }
  if (kind == NSB_JOINT_SPHERICAL || kind == NSB_JOINT_FIXED) ok = expect_fields(p, at, 5, 5, "nodeA, nodeB, px, py, pz");
  else if (kind == NSB_JOINT_REVOLUTE) ok = expect_fields(p, at, 8, 8, "nodeA, nodeB, px, py, pz, ax, ay, az");
  else ok = expect_fields(p, at, 2, 3, "nodeA, nodeB[, length]");
  if (!ok) return;
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = (nsb_joint_kind)kind;
  j.level = (nsb_level)p->b.level;
  j.length = -1.0;
  j.line = at.line;
  j.node_a = node_by_label(p, at, p->fields[0], "node A");
  j.node_b = node_by_label(p, at, p->fields[1], "node B");
  if (j.node_a < 0 || j.node_b < 0) return;
  double x[6];
  for (int k = 2; k < p->n_fields; ++k)
    if (!get_real(p, at, p->fields[k], "joint value", &x[k - 2])) return;
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
  if (NSB_ARRAY_PUSH(p->ctx, p->m->joints, j) != NSB_OK || note_rec_file(p, REC_JOINT, at.file) != NSB_OK) oom(p, at);
}

/* ---- obstacles and contact pairs ------------------------------------------------- */

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
static void begin_obstacle(parser* p, loc at, const pval* v) {
  int o = nsb_model_find_obstacle(p->m, v[0].s);
  if (o >= 0) {
    loc first = rec_loc(p, REC_OBSTACLE, o, p->m->obstacles.data[o].line);
    VALUE(p, at, "obstacle %s is already defined (%s:%d)", v[0].s, file_name(p, first.file), first.line);
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
  if (NSB_ARRAY_PUSH(p->ctx, p->m->obstacles, ob) != NSB_OK || note_rec_file(p, REC_OBSTACLE, at.file) != NSB_OK) {
    oom(p, at);
    return;
  }
  p->b.index = p->m->obstacles.count - 1;
  p->b.sub = v[1].i;
  begin_load(p, &v[2]);
  if (p->b.has_amp) add_amp_ref(p, REC_OBSTACLE, p->b.index, 1, 0, p->b.amp, at);
}

static void data_obstacle(parser* p, loc at) {
  static const char* const names[3][7] = {{"px", "py", "pz", "nx", "ny", "nz", NULL},
                                          {"cx", "cy", "cz", "R", NULL, NULL, NULL},
                                          {"px", "py", "pz", "ax", "ay", "az", "R"}};
  static const char* const motion[] = {"dx", "dy", "dz"};
  static const char* const kinds[] = {"PLANE", "SPHERE", "CYLINDER"};
  if (!only_one_line(p, at)) return;
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
  if (!expect_fields(p, at, ng + 3 * moving, ng + 3 * moving, obstacle_usage(kind, moving))) return;
  double x[10];
  for (int k = 0; k < n; ++k)
    if (!get_real(p, at, p->fields[k], k < ng ? names[kind][k] : motion[k - ng], &x[k])) return;
  nsb_obstacle* ob = &p->m->obstacles.data[p->b.index];
  int ok = 1;
  if (kind != NSB_OBSTACLE_SPHERE && !unit3(x + 3, ob->dir)) {
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

/* *CONTACT PAIR: parameters checked here against the law, kept in p->b.pair
   for every data line. */
static void begin_contact_pair(parser* p, loc at, const pval* v) {
  static const char* const names[] = {"LAW", "RESTITUTION", "FRICTION", "STIFFNESS", "EXPONENT", "DAMPING", "RADIUS"};
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
  int ok = 1;
  if (c->law == NSB_CONTACT_NEWTON) {
    for (int k = 3; k <= 5; ++k)
      if (v[k].set) {
        VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=HERTZ", names[k]);
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
  } else {
    for (int k = 1; k <= 2; ++k)
      if (v[k].set) {
        VALUE(p, at, "*CONTACT PAIR: parameter %s is allowed only with LAW=NEWTON", names[k]);
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
  }
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
    c->sequential = v[8].i;
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
  if (!ok) p->b.kw = KW_SKIP;
}

/* Data line "slave_nset, master": one contact pair; the names are resolved
   after the whole deck is read (check_contact). */
static void data_contact_pair(parser* p, loc at) {
  if (!expect_fields(p, at, 2, 2, "slave node set, master obstacle or set")) return;
  if (!check_name(p, at, p->fields[0], "slave node set name") || !check_name(p, at, p->fields[1], "master name"))
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
    oom(p, at);
}

static int in_dof_range(parser* p, loc at, int dof, const char* what) {
  if (dof >= 1 && dof <= 6) return 1;
  VALUE(p, at, "%s must be between 1 and 6, got %d", what, dof);
  return 0;
}

static int current_step(const parser* p) { return p->in_step ? p->m->steps.count - 1 : -1; }

static void data_boundary(parser* p, loc at) {
  if (!expect_fields(p, at, 2, 4, "node or node set, first dof[, last dof[, value]]")) return;
  int first, last;
  double value = 0.0;
  if (!get_int(p, at, p->fields[1], "first dof", &first)) return;
  last = first;
  if (p->n_fields >= 3 && p->fields[2][0] && !get_int(p, at, p->fields[2], "last dof", &last)) return;
  if (p->n_fields == 4 && !get_real(p, at, p->fields[3], "boundary value", &value)) return;
  if (!in_dof_range(p, at, first, "first dof") || !in_dof_range(p, at, last, "last dof")) return;
  if (first > last) {
    VALUE(p, at, "first dof %d is larger than last dof %d", first, last);
    return;
  }
  /* any subset of 4..6 may be held; whether the scheme can hold a subset is
     the solver's check (solver/system.c) */
  /* a prescribed rotation (non-zero value or an amplitude) is an angle about
     one body axis: one rotational DOF per data line */
  if (last >= 4 && (value != 0.0 || p->b.has_amp) && first != last) {
    VALUE(p, at,
          "a prescribed rotation (non-zero value or AMPLITUDE) must name one rotational DOF (first = last), got %d..%d",
          first, last);
    return;
  }
  p->scratch.count = 0;
  if (!expand_nodes(p, at, p->fields[0])) return;
  int start = p->m->boundaries.count;
  for (int k = 0; k < p->scratch.count; ++k) {
    nsb_boundary bc = {p->scratch.data[k], first, last, value, -1, current_step(p), at.line};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->boundaries, bc) != NSB_OK || note_rec_file(p, REC_BOUNDARY, at.file) != NSB_OK) {
      oom(p, at);
      return;
    }
  }
  if (p->b.has_amp) add_amp_ref(p, REC_BOUNDARY, start, p->scratch.count, 0, p->b.amp, at);
}

static void data_cload(parser* p, loc at) {
  if (!expect_fields(p, at, 3, 3, "node or node set, dof, value")) return;
  int dof;
  double value;
  if (!get_int(p, at, p->fields[1], "dof", &dof) || !get_real(p, at, p->fields[2], "load value", &value)) return;
  if (!in_dof_range(p, at, dof, "dof")) return;
  p->scratch.count = 0;
  if (!expand_nodes(p, at, p->fields[0])) return;
  int start = p->m->cloads.count;
  for (int k = 0; k < p->scratch.count; ++k) {
    nsb_cload c = {p->scratch.data[k], dof, value, -1, p->b.follower, current_step(p), at.line};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->cloads, c) != NSB_OK || note_rec_file(p, REC_CLOAD, at.file) != NSB_OK) {
      oom(p, at);
      return;
    }
  }
  if (p->b.has_amp) add_amp_ref(p, REC_CLOAD, start, p->scratch.count, 0, p->b.amp, at);
}

/* *DLOAD: element|elset, type, magnitude; one record per element. */
static void data_dload(parser* p, loc at) {
  static const char* const types[] = {"PX", "PY", "PZ", "MX", "MY", "MZ", NULL};
  if (p->n_fields >= 2 && strcmp(normalize(p->fields[1]), "GRAV") == 0) {
    VALUE(p, at, "*DLOAD type GRAV is not supported: use *GRAVITY (it acts on every body and beam)");
    return;
  }
  if (!expect_fields(p, at, 3, 3, "element or element set, type, magnitude")) return;
  const char* type = normalize(p->fields[1]);
  int kind = 0;
  while (types[kind] && strcmp(types[kind], type) != 0) ++kind;
  if (!types[kind]) {
    VALUE(p, at, "unknown *DLOAD type %s (allowed: PX, PY, PZ, MX, MY, MZ)", *type ? type : "(empty)");
    return;
  }
  double value;
  if (!get_real(p, at, p->fields[2], "load magnitude", &value)) return;
  p->scratch.count = 0;
  if (!expand_elements(p, at, p->fields[0])) return;
  for (int k = 0; k < p->scratch.count; ++k) {
    const nsb_element* e = &p->m->elements.data[p->scratch.data[k]];
    if (!nsb_etype_is_beam(e->type)) {
      VALUE(p, at, "*DLOAD: element %d is a %s element; distributed loads act only on beam elements", e->label,
            etype_name(e->type));
      return;
    }
  }
  int start = p->m->dloads.count;
  for (int k = 0; k < p->scratch.count; ++k) {
    nsb_dload d = {p->scratch.data[k], kind, value, -1, current_step(p), at.line};
    if (NSB_ARRAY_PUSH(p->ctx, p->m->dloads, d) != NSB_OK || note_rec_file(p, REC_DLOAD, at.file) != NSB_OK) {
      oom(p, at);
      return;
    }
  }
  if (p->b.has_amp) add_amp_ref(p, REC_DLOAD, start, p->scratch.count, 0, p->b.amp, at);
}

static void data_gravity(parser* p, loc at) {
  if (!only_one_line(p, at) || !expect_fields(p, at, 3, 3, "gx, gy, gz")) return;
  nsb_gravity g;
  memset(&g, 0, sizeof g);
  for (int k = 0; k < 3; ++k)
    if (!get_real(p, at, p->fields[k], "gravity component", &g.g[k])) return;
  g.amplitude = -1;
  g.step = current_step(p);
  g.line = at.line;
  if (NSB_ARRAY_PUSH(p->ctx, p->m->gravities, g) != NSB_OK || note_rec_file(p, REC_GRAVITY, at.file) != NSB_OK) {
    oom(p, at);
    return;
  }
  if (p->b.has_amp) add_amp_ref(p, REC_GRAVITY, p->m->gravities.count - 1, 1, 0, p->b.amp, at);
}

static void data_manufactured(parser* p, loc at) {
  if (!only_one_line(p, at) || !expect_fields(p, at, 3, 3, "amplitude names for the x, y, z components")) return;
  for (int k = 0; k < 3; ++k) {
    if (!check_name(p, at, p->fields[k], "amplitude name")) return;
  }
  for (int k = 0; k < 3; ++k)
    if (!add_amp_ref(p, REC_MANUFACTURED, p->b.index, 1, k, p->fields[k], at)) return;
}

static void data_initial(parser* p, loc at) {
  nsb_initial ic;
  memset(&ic, 0, sizeof ic);
  ic.kind = (nsb_init_kind)p->b.sub;
  ic.line = at.line;
  if (ic.kind == NSB_INIT_VELOCITY) {
    if (!expect_fields(p, at, 3, 3, "node or node set, dof, value")) return;
    if (!get_int(p, at, p->fields[1], "dof", &ic.dof) || !get_real(p, at, p->fields[2], "velocity", &ic.value)) return;
    if (!in_dof_range(p, at, ic.dof, "dof")) return;
  } else {
    if (!expect_fields(p, at, 4, 4, ic.kind == NSB_INIT_ROTATION ? "node or node set, rx, ry, rz"
                                                                  : "node or node set, wx, wy, wz"))
      return;
    for (int k = 0; k < 3; ++k)
      if (!get_real(p, at, p->fields[k + 1], "vector component", &ic.vec[k])) return;
  }
  p->scratch.count = 0;
  if (!expand_nodes(p, at, p->fields[0])) return;
  for (int k = 0; k < p->scratch.count; ++k) {
    ic.node = p->scratch.data[k];
    if (NSB_ARRAY_PUSH(p->ctx, p->m->initials, ic) != NSB_OK || note_rec_file(p, REC_INITIAL, at.file) != NSB_OK) {
      oom(p, at);
      return;
    }
  }
}

static void data_probe(parser* p, loc at) {
  /* bit k of the quantity mask = names[k] (NSB_PROBE_* in model/model.h) */
  static const char* const names[] = {"X", "U", "V", "R", "W", "Q", "WB", "E", "N", "M", "NS", "MS", "RF", "RM", NULL};
  nsb_probe* pr = &p->m->probes.data[p->b.index];
  for (int f = 0; f < p->n_fields; ++f) {
    char* q = normalize(p->fields[f]);
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

static void data_procedure(parser* p, loc at) {
  if (!only_one_line(p, at)) return;
  int is_static = p->b.kw == KW_STATIC;
  if (p->b.kw == KW_MODAL_DYNAMIC) { /* linear: no cutback */
    if (!expect_fields(p, at, 2, 2, "h, period")) return;
  } else if (!expect_fields(p, at, 2, 3, is_static ? "increment, period[, h_min]" : "h, period[, h_min]")) {
    return;
  }
  double h, period, h_min;
  if (!get_real(p, at, p->fields[0], "time increment", &h) || !get_real(p, at, p->fields[1], "time period", &period))
    return;
  /* default minimum increment: a static step may cut back to 1e-5 of its
     period (Abaqus's default), a dynamic step keeps its time grid */
  h_min = is_static ? fmin(h, 1e-5 * period) : h;
  if (p->n_fields == 3 && !get_real(p, at, p->fields[2], "minimum increment", &h_min)) return;
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
  if (NSB_ARRAY_PUSH(p->ctx, p->riks_refs, r) != NSB_OK) oom(p, at);
}

/* One optional real of the Riks data line: an empty field (or none) keeps *out. */
static int riks_real(parser* p, loc at, int k, const char* what, double* out) {
  if (k >= p->n_fields || p->fields[k][0] == '\0') return 1;
  return get_real(p, at, p->fields[k], what, out);
}

/* The Riks data line (Abaqus *STATIC, RIKS): initial arc-length increment,
   total arc length (period), minimum and maximum increment, maximum load
   proportionality factor, node, DOF and the displacement that end the step.
   Every field may be empty; zero means "default" for the first three. */
static void data_riks(parser* p, loc at) {
  if (!only_one_line(p, at)) return;
  if (!expect_fields(p, at, 1, 8,
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
    int node = node_by_label(p, at, p->fields[5], "monitored node");
    if (node < 0) return;
    int dof;
    if (!get_int(p, at, p->fields[6], "monitored DOF", &dof)) return;
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

/* ---- block end -------------------------------------------------------------------- */

/* Symmetric positive definite check of a 3x3 column-major matrix by leading minors. */
static int spd3(const double* J) {
  double m1 = J[0];
  double m2 = J[0] * J[4] - J[1] * J[3];
  double det = J[0] * (J[4] * J[8] - J[7] * J[5]) - J[3] * (J[1] * J[8] - J[7] * J[2]) +
               J[6] * (J[1] * J[5] - J[4] * J[2]);
  return m1 > 0.0 && m2 > 0.0 && det > 0.0;
}

static void end_rigid_body(parser* p) {
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
  if (!spd3(J))
    VALUE(p, at, "inertia tensor about the centre of mass is not positive definite (J_c diagonal %.6g, %.6g, %.6g)",
          J[0], J[4], J[8]);
}

static void end_amplitude(parser* p) {
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
           a->kind == NSB_AMP_POLYNOMIAL ? "at least one coefficient"
           : a->kind == NSB_AMP_SUM      ? "at least one pair amplitude, factor"
                                         : "at least one pair t, a");
    return;
  }
  if (a->kind == NSB_AMP_SUM) {
    /* until resolve_amplitudes: n, then (term index, factor) per term; the
       indices are filled in (and the terms' data copied) once the deck is read */
    a->data = NSB_NEW_ARRAY(p->ctx, 1 + 2 * n, double);
    if (!a->data) {
      oom(p, at);
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
    oom(p, at);
    return;
  }
  a->n_data = n;
  memcpy(a->data, p->values.data, (size_t)n * sizeof(double));
}

static void end_block(parser* p) {
  loc at = p->b.at;
  /* after running out of memory the block's record may be missing: only reset */
  switch (p->stop ? KW_NONE : p->b.kw) {
    case KW_HEADING:
      break;
    case KW_SPRING:
    case KW_DASHPOT:
    case KW_ELASTIC:
    case KW_DENSITY:
    case KW_GRAVITY:
    case KW_MANUFACTURED:
    case KW_DYNAMIC:
    case KW_STATIC:
    case KW_FREQUENCY:
    case KW_MODAL_DYNAMIC:
      if (p->b.n_data == 0) SYNTAX(p, at, "*%s needs a data line", p->b.spec->name);
      break;
    case KW_AMPLITUDE:
      end_amplitude(p);
      break;
    case KW_RIGID_BODY:
      end_rigid_body(p);
      break;
    case KW_BEAM_SECTION:
      if (p->b.n_data == 0)
        SYNTAX(p, at, "*BEAM SECTION needs a data line with the section dimensions (RECT: b, h; CIRC: r; PIPE: r, t)");
      break;
    case KW_BEAM_GENERAL_SECTION:
      if (p->b.n_data < 2)
        SYNTAX(p, at,
               "*BEAM GENERAL SECTION needs two data lines: EA, GA2, GA3, GJ, EI2, EI3 and rhoA, rhoJ1, rhoJ2, rhoJ3");
      break;
    case KW_OBSTACLE:
      if (p->b.n_data == 0)
        SYNTAX(p, at, "*OBSTACLE needs a data line (%s)", obstacle_usage(p->b.sub, p->b.has_amp));
      break;
    case KW_CONTACT_PAIR:
      if (p->b.n_data == 0) SYNTAX(p, at, "*CONTACT PAIR needs at least one data line (slave node set, master)");
      break;
    case KW_PROBE:
      if (p->m->probes.data[p->b.index].quantities == 0 && p->b.n_data == 0)
        SYNTAX(p, at, "*PROBE needs a data line with the quantities (X, U, V, R, W, Q, WB; on beams E, N, M, NS, MS)");
      break;
    default:
      break;
  }
  memset(&p->b, 0, sizeof p->b);
  p->b.kw = KW_NONE;
}

/* ---- line dispatch ---------------------------------------------------------------- */

static void begin_keyword(parser* p, loc at, char* text) {
  end_block(p);
  split_fields(p, text);
  char* name = normalize(p->fields[0]);
  const kwspec* spec = NULL;
  for (int k = 0; k < N_KEYWORDS; ++k)
    if (strcmp(kw_table[k].name, name) == 0) spec = &kw_table[k];
  p->b.at = at;
  p->b.kw = KW_SKIP;
  if (!spec) {
    SYNTAX(p, at, "unknown keyword *%s", *name ? name : "(empty)");
    p->cur_material = -1;
    return;
  }
  p->b.spec = spec;
  if (spec->id != KW_ELASTIC && spec->id != KW_DENSITY && spec->id != KW_INCLUDE) p->cur_material = -1;
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
    if (spec->id == KW_STEP && !p->in_step) {
      /* still open the step so that its *END STEP and procedure do not cascade */
      nsb_step_def d = nsb_step_default_def(NSB_STEP_DYNAMIC, NSB_SCHEME_MODIFIED_NEWMARK);
      d.line = at.line;
      if (NSB_ARRAY_PUSH(p->ctx, p->m->steps, d) != NSB_OK) {
        oom(p, at);
        return;
      }
      p->in_step = 1;
      p->step_at = at;
      p->step_proc = 0;
      p->step_inc = 0;
    }
    if (spec->id == KW_DYNAMIC || spec->id == KW_STATIC || spec->id == KW_FREQUENCY || spec->id == KW_MODAL_DYNAMIC)
      p->step_proc = 1;
    return;
  }
  p->b.kw = spec->id;
  switch (spec->id) {
    case KW_INCLUDE:
      begin_include(p, at, v);
      memset(&p->b, 0, sizeof p->b);
      p->b.kw = KW_INCLUDE;
      p->b.spec = spec;
      p->b.at = at;
      break;
    case KW_NODE:
      begin_node(p, at, v);
      break;
    case KW_NSET:
      begin_set(p, at, v, 0);
      break;
    case KW_ELSET:
      begin_set(p, at, v, 1);
      break;
    case KW_ELEMENT:
      begin_element(p, at, v);
      break;
    case KW_SPRING:
    case KW_DASHPOT:
      begin_spring(p, at, v);
      break;
    case KW_BEAM_SECTION:
      begin_beam_section(p, at, v);
      break;
    case KW_BEAM_GENERAL_SECTION:
      begin_beam_general_section(p, at, v);
      break;
    case KW_MATERIAL:
      begin_material(p, at, v);
      break;
    case KW_ELASTIC:
      begin_material_option(p, at, 0);
      break;
    case KW_DENSITY:
      begin_material_option(p, at, 1);
      break;
    case KW_AMPLITUDE:
      begin_amplitude(p, at, v);
      break;
    case KW_RIGID_BODY:
      begin_rigid_body(p, at, v);
      break;
    case KW_PARTICLE:
      begin_particle(p, at, v);
      break;
    case KW_JOINT:
      p->b.sub = v[0].i;
      p->b.level = v[1].set ? v[1].i : NSB_LEVEL_POSITION;
      break;
    case KW_OBSTACLE:
      begin_obstacle(p, at, v);
      break;
    case KW_CONTACT_PAIR:
      begin_contact_pair(p, at, v);
      break;
    case KW_BOUNDARY:
      begin_load(p, &v[0]);
      break;
    case KW_CLOAD:
      begin_load(p, &v[0]);
      p->b.follower = v[1].set ? v[1].i : 0;
      break;
    case KW_DLOAD:
      begin_load(p, &v[0]);
      break;
    case KW_GRAVITY:
      begin_load(p, &v[0]);
      break;
    case KW_MANUFACTURED:
      begin_manufactured(p, at, v);
      break;
    case KW_INITIAL:
      p->b.sub = v[0].i;
      break;
    case KW_PROBE:
      begin_probe(p, at, v);
      break;
    case KW_STEP:
      begin_step(p, at, v);
      break;
    case KW_END_STEP:
      begin_end_step(p, at);
      break;
    case KW_DYNAMIC:
      begin_procedure(p, at, v, 0);
      break;
    case KW_STATIC:
      begin_procedure(p, at, v, 1);
      if (p->b.kw != KW_SKIP) begin_riks(p, at, v);
      break;
    case KW_FREQUENCY:
      begin_frequency(p, at, v[0].set && v[0].i == 1);
      break;
    case KW_MODAL_DYNAMIC:
      begin_modal_dynamic(p, at, v);
      break;
    case KW_SOLVER_CONTROLS:
      begin_solver_controls(p, at, v);
      break;
    case KW_OUTPUT:
      begin_output(p, at, v);
      break;
    case KW_RESTART:
      begin_restart(p, at, v);
      break;
    default:
      break;
  }
}

static void data_line(parser* p, loc at, char* text) {
  if (p->b.kw == KW_SKIP) return;
  if (p->b.kw == KW_NONE) {
    SYNTAX(p, at, "data line before the first keyword of the file");
    p->b.kw = KW_SKIP;
    return;
  }
  p->b.n_data++;
  if (p->b.kw == KW_HEADING) {
    if (p->b.n_data == 1) snprintf(p->m->heading, sizeof p->m->heading, "%s", trim(text));
    return;
  }
  split_fields(p, text);
  switch (p->b.kw) {
    case KW_NODE:
      data_node(p, at);
      break;
    case KW_NSET:
      data_set(p, at, 0);
      break;
    case KW_ELSET:
      data_set(p, at, 1);
      break;
    case KW_ELEMENT:
      data_element(p, at);
      break;
    case KW_SPRING:
    case KW_DASHPOT:
      data_spring(p, at);
      break;
    case KW_BEAM_SECTION:
      data_beam_section(p, at);
      break;
    case KW_BEAM_GENERAL_SECTION:
      data_beam_general_section(p, at);
      break;
    case KW_BEAM_NODE_FRAME:
      data_node_frame(p, at);
      break;
    case KW_ELASTIC:
      data_elastic(p, at);
      break;
    case KW_DENSITY:
      data_density(p, at);
      break;
    case KW_AMPLITUDE:
      data_amplitude(p, at);
      break;
    case KW_RIGID_BODY:
      data_rigid_body(p, at);
      break;
    case KW_JOINT:
      data_joint(p, at);
      break;
    case KW_OBSTACLE:
      data_obstacle(p, at);
      break;
    case KW_CONTACT_PAIR:
      data_contact_pair(p, at);
      break;
    case KW_BOUNDARY:
      data_boundary(p, at);
      break;
    case KW_CLOAD:
      data_cload(p, at);
      break;
    case KW_DLOAD:
      data_dload(p, at);
      break;
    case KW_GRAVITY:
      data_gravity(p, at);
      break;
    case KW_MANUFACTURED:
      data_manufactured(p, at);
      break;
    case KW_INITIAL:
      data_initial(p, at);
      break;
    case KW_PROBE:
      data_probe(p, at);
      break;
    case KW_DYNAMIC:
    case KW_MODAL_DYNAMIC:
      data_procedure(p, at);
      break;
    case KW_STATIC:
      if (p->m->steps.data[p->m->steps.count - 1].riks)
        data_riks(p, at);
      else
        data_procedure(p, at);
      break;
    case KW_FREQUENCY:
      data_frequency(p, at);
      break;
    default:
      SYNTAX(p, at, "*%s takes no data lines", p->b.spec->name);
      p->b.kw = KW_SKIP;
      break;
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

/* Read and dispatch every line of a source; ends the last block at end of file. */
static void read_source(parser* p, source* s) {
  char buf[NSB_DECK_LINE_MAX + 2];
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
    if (t[0] == '*') begin_keyword(p, at, t + 1);
    else data_line(p, at, t);
  }
  if (s->f && ferror(s->f)) {
    loc at = {s->file, line};
    report(p, at, NSB_ERR_IO, "read error: %s", strerror(errno));
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
    report(p, at, NSB_ERR_IO, "cannot open %s: %s", path, strerror(err));
    return;
  }
  struct stat st;
  memset(&st, 0, sizeof st);
  int have_id = fstat(fileno(f), &st) == 0;
  if (have_id && S_ISDIR(st.st_mode)) {
    fclose(f);
    if (top) at.file = add_file_name(p, path) >= 0 ? 0 : -1;
    report(p, at, NSB_ERR_IO, "cannot read %s: it is a directory", path);
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
    oom(p, at);
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

/* ---- checks after reading --------------------------------------------------------- */

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
      oom(p, rec_loc(p, REC_AMP_SUM, 0, 0));
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
            VALUE(p, ref->at, "SUM amplitude %s: term %s is itself a SUM (a sum takes TABULAR, POLYNOMIAL, PERIODIC "
                  "or SMOOTH STEP amplitudes)", sum->name, term->name);
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

static void check_joints(parser* p) {
  const nsb_model* m = p->m;
  static const char* const kinds[] = {"spherical", "revolute", "distance", "fixed", "element point"};
  for (int i = 0; i < m->joints.count && !p->stop; ++i) {
    const nsb_joint* j = &m->joints.data[i];
    loc at = rec_loc(p, REC_JOINT, i, j->line);
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
      if (dist3(P->X, X0) > 1e-9 * (l > 1.0 ? l : 1.0))
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
    if (j->kind == NSB_JOINT_SPHERICAL) {
      double pn = sqrt(j->point[0] * j->point[0] + j->point[1] * j->point[1] + j->point[2] * j->point[2]);
      double tol = 1e-9 * (pn > 1.0 ? pn : 1.0);
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
    oom(p, end);
    return;
  }
  for (int i = 0; i < n_nodes; ++i) frame_of[i] = -1;
  for (int f = 0; f < m->node_frames.count && !p->stop; ++f) {
    const nsb_node_frame* nf = &m->node_frames.data[f];
    loc at = rec_loc(p, REC_NODE_FRAME, f, nf->line);
    const nsb_node* nd = &m->nodes.data[nf->node];
    if (nd->n_beams == 0) {
      VALUE(p, at, "*BEAM NODE FRAME: node %d is not a node of any beam element", nd->label);
    } else if (frame_of[nf->node] >= 0) {
      int g = frame_of[nf->node];
      loc first = rec_loc(p, REC_NODE_FRAME, g, m->node_frames.data[g].line);
      VALUE(p, at, "*BEAM NODE FRAME: node %d already has a frame (%s:%d); one per node", nd->label,
            file_name(p, first.file), first.line);
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
        if (unit3(d, axis)) {
          const double* n = sec->n1;
          double c[3] = {axis[1] * n[2] - axis[2] * n[1], axis[2] * n[0] - axis[0] * n[2],
                         axis[0] * n[1] - axis[1] * n[0]};
          if (dot3(c, c) < 1e-12) parallel = ie; /* sin(angle) < 1e-6 */
        }
      }
    }
    if (parallel >= 0)
      VALUE(p, rec_loc(p, REC_SECTION, i, sec->line),
            "%s: n1 is parallel to the axis of element %d (n1 must not be along the beam axis)",
            sec->shape == NSB_SECTION_GENERAL ? "*BEAM GENERAL SECTION" : "*BEAM SECTION",
            m->elements.data[parallel].label);
  }
  NSB_FREE_ARRAY(p->ctx, frame_of, n_nodes > 0 ? n_nodes : 1, int);
  /* after an error on a section keyword line its elements would only echo it */
  if (p->section_failed) return;
  for (int i = 0; i < m->elements.count && !p->stop; ++i) {
    const nsb_element* e = &m->elements.data[i];
    if (nsb_etype_is_beam(e->type) && e->section < 0)
      VALUE(p, rec_loc(p, REC_ELEMENT, i, e->line),
            "beam element %d has no beam section (put it in the element set of a *BEAM SECTION or *BEAM GENERAL "
            "SECTION)",
            e->label);
  }
}

#define NO_DOF_MSG "node %d has no degrees of freedom (no *RIGID BODY, *PARTICLE or beam element on it)"

/* Late DOF check of one record: its node must have DOFs, and particle_bad
   says that the record asks for more than a particle has (why: the reason,
   formatted).  Several records from one deck line are reported once. */
static void check_node_dofs(parser* p, loc at, loc* last, int node, int particle_bad, const char* why) {
  const nsb_model* m = p->m;
  if (same_loc(at, *last)) return;
  if (nsb_model_node_ndof(m, node) == 0)
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
    check_node_dofs(p, rec_loc(p, REC_BOUNDARY, i, bc->line), &last, bc->node,
                    bc->dof_last > nsb_model_node_ndof(m, bc->node), why);
  }
  last.file = last.line = -1;
  for (int i = 0; i < m->cloads.count && !p->stop; ++i) {
    const nsb_cload* c = &m->cloads.data[i];
    snprintf(why, sizeof why, "a moment (dof %d) cannot be applied", c->dof);
    check_node_dofs(p, rec_loc(p, REC_CLOAD, i, c->line), &last, c->node, c->dof > nsb_model_node_ndof(m, c->node),
                    why);
  }
  last.file = last.line = -1;
  for (int i = 0; i < m->initials.count && !p->stop; ++i) {
    const nsb_initial* ic = &m->initials.data[i];
    int particle_bad = nsb_model_node_ndof(m, ic->node) == 3 && (ic->kind != NSB_INIT_VELOCITY || ic->dof > 3);
    check_node_dofs(p, rec_loc(p, REC_INITIAL, i, ic->line), &last, ic->node, particle_bad,
                    "it has no rotation or angular velocity");
  }
  for (int i = 0; i < m->manufactured.count && !p->stop; ++i) {
    const nsb_manufactured_rotation* mr = &m->manufactured.data[i];
    loc at = rec_loc(p, REC_MANUFACTURED, i, mr->line);
    if (m->nodes.data[mr->node].body_kind != NSB_BODY_RIGID) {
      VALUE(p, at, "*MANUFACTURED ROTATION: node %d does not carry a rigid body", m->nodes.data[mr->node].label);
      continue;
    }
    for (int k = 0; k < m->initials.count; ++k) {
      const nsb_initial* ic = &m->initials.data[k];
      if (ic->node != mr->node) continue;
      if (ic->kind == NSB_INIT_VELOCITY && ic->dof <= 3) continue;
      loc ic_at = rec_loc(p, REC_INITIAL, k, ic->line);
      VALUE(p, at,
            "*MANUFACTURED ROTATION on node %d conflicts with the initial rotation/angular velocity given at %s:%d "
            "(the manufactured rotation sets both)",
            m->nodes.data[mr->node].label, file_name(p, ic_at.file), ic_at.line);
      break;
    }
  }
}

/* A *FREQUENCY step linearizes about the state the earlier steps reached:
   it takes no loads and no prescribed motion of its own. */
static void check_frequency_steps(parser* p) {
  const nsb_model* m = p->m;
#define NSB_FREQ_STEP(k) \
  ((k) >= 0 && (k) < m->steps.count && m->steps.data[k].n_modes > 0 && !m->steps.data[k].modal_dynamic)
  for (int i = 0; i < m->cloads.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->cloads.data[i].step))
      VALUE(p, rec_loc(p, REC_CLOAD, i, m->cloads.data[i].line),
            "*CLOAD in a *FREQUENCY step: the modes are those of the state reached by the earlier steps; give the "
            "load in a *STATIC step before it");
  for (int i = 0; i < m->dloads.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->dloads.data[i].step))
      VALUE(p, rec_loc(p, REC_DLOAD, i, m->dloads.data[i].line),
            "*DLOAD in a *FREQUENCY step: give the load in a *STATIC step before it");
  for (int i = 0; i < m->gravities.count && !p->stop; ++i)
    if (NSB_FREQ_STEP(m->gravities.data[i].step))
      VALUE(p, rec_loc(p, REC_GRAVITY, i, m->gravities.data[i].line),
            "*GRAVITY in a *FREQUENCY step: give it in a *STATIC step before it (or in the model data)");
  for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
    const nsb_boundary* bc = &m->boundaries.data[i];
    int k = bc->step;
    if (k >= 0 && k < m->steps.count && m->steps.data[k].n_modes > 0 && (bc->value != 0.0 || bc->amplitude >= 0))
      VALUE(p, rec_loc(p, REC_BOUNDARY, i, bc->line),
            "*BOUNDARY with a prescribed value or amplitude in a *%s step: only holds (value 0) are allowed",
            m->steps.data[k].modal_dynamic ? "MODAL DYNAMIC" : "FREQUENCY");
  }
#undef NSB_FREQ_STEP
  /* *MODAL DYNAMIC (the last step: checked where a later *STEP begins):
     contacts are particles or beam nodes against obstacles, LAW=NEWTON, no friction */
  if (p->modal_at.line > 0)
    for (int c = 0; c < m->contact_pairs.count && !p->stop; ++c) {
      const nsb_contact_pair* cp = &m->contact_pairs.data[c];
      if (cp->master_kind != NSB_MASTER_OBSTACLE || cp->law != NSB_CONTACT_NEWTON || cp->friction != 0.0) {
        VALUE(p, p->modal_at,
              "*MODAL DYNAMIC handles contact pairs with an obstacle as master, LAW=NEWTON and no friction; the "
              "*CONTACT PAIR of line %d is not one",
              cp->line);
        break;
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
        VALUE(p, rec_loc(p, REC_CLOAD, i, m->cloads.data[i].line),
              "*CLOAD in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    for (int i = 0; i < m->dloads.count && !p->stop; ++i) {
      if (m->dloads.data[i].step != k) continue;
      ++n_loads;
      if (m->dloads.data[i].amplitude >= 0)
        VALUE(p, rec_loc(p, REC_DLOAD, i, m->dloads.data[i].line),
              "*DLOAD in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    for (int i = 0; i < m->gravities.count && !p->stop; ++i) {
      if (m->gravities.data[i].step != k) continue;
      ++n_loads;
      if (m->gravities.data[i].amplitude >= 0)
        VALUE(p, rec_loc(p, REC_GRAVITY, i, m->gravities.data[i].line),
              "*GRAVITY in a *STATIC, RIKS step takes no AMPLITUDE: the load proportionality factor scales it");
    }
    if (n_loads == 0)
      VALUE(p, ref->at,
            "*STATIC, RIKS needs loads of its own step (*CLOAD, *DLOAD or *GRAVITY inside it): they are the reference "
            "load that the load proportionality factor scales");
    for (int i = 0; i < m->boundaries.count && !p->stop; ++i) {
      const nsb_boundary* bc = &m->boundaries.data[i];
      if (bc->step == k && (bc->value != 0.0 || bc->amplitude >= 0))
        VALUE(p, rec_loc(p, REC_BOUNDARY, i, bc->line),
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

/* Contact pairs after reading: resolve the slave node set and the master
   (obstacle, element set of beams, node set of particles; case-insensitive;
   a name that fits two kinds is ambiguous) and check what they hold against
   the bodies of the whole deck.  Errors at the pair's data line. */
static void check_contact_detectable(parser* p, loc at, const nsb_contact_pair* c);

static void check_contact(parser* p) {
  nsb_model* m = p->m;
  if (p->contact_refs.count > 0) nsb_model_beam_node_contact(m);
  for (int r = 0; r < p->contact_refs.count && !p->stop; ++r) {
    const contact_ref* ref = &p->contact_refs.data[r];
    nsb_contact_pair* c = &m->contact_pairs.data[ref->pair];
    loc at = ref->at;
    int ok = 1;
    c->slave_nset = nsb_model_find_nset(m, ref->slave);
    if (c->slave_nset < 0) {
      const char* what = nsb_model_find_elset(m, ref->slave) >= 0      ? "an element set"
                         : nsb_model_find_obstacle(m, ref->slave) >= 0 ? "an obstacle"
                                                                       : NULL;
      if (what)
        VALUE(p, at,
              "*CONTACT PAIR: slave node set %s is not defined (%s is %s; the slave must be a node set of particles or beam nodes)",
              ref->slave, ref->slave, what);
      else
        VALUE(p, at, "*CONTACT PAIR: slave node set %s is not defined", ref->slave);
      ok = 0;
    }
    int ob = nsb_model_find_obstacle(m, ref->master);
    int es = nsb_model_find_elset(m, ref->master);
    int ns = nsb_model_find_nset(m, ref->master);
    if (ob >= 0 && (es >= 0 || ns >= 0)) {
      loc def = rec_loc(p, REC_OBSTACLE, ob, m->obstacles.data[ob].line);
      VALUE(p, at, "*CONTACT PAIR: master name %s is ambiguous: it names an obstacle (%s:%d) and %s", ref->master,
            file_name(p, def.file), def.line,
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
    if (ok && c->master_radius >= 0.0 && c->master_kind != NSB_MASTER_BEAMS) {
      VALUE(p, at, "*CONTACT PAIR: RADIUS applies only to a master element set of beams; %s is %s", ref->master,
            c->master_kind == NSB_MASTER_OBSTACLE ? "an obstacle" : "a node set");
      ok = 0;
    }
    if (ok && c->centreline == NSB_CENTRELINE_HERMITE && c->master_kind != NSB_MASTER_BEAMS) {
      VALUE(p, at, "*CONTACT PAIR: CENTRELINE=HERMITE applies only to a master element set of beams; %s is %s",
            ref->master, c->master_kind == NSB_MASTER_OBSTACLE ? "an obstacle" : "a node set");
      ok = 0;
    }
    /* what the sets hold: every slave (and particle master) node a particle, beams only in a master element set */
    for (int side = 0; side < 2 && !p->stop; ++side) {
      int set = side == 0 ? c->slave_nset : ok && c->master_kind == NSB_MASTER_PARTICLES ? c->master : -1;
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
        if (side == 0)
          VALUE(p, at,
                "*CONTACT PAIR: node %d of slave node set %s carries %s (a slave node needs a *PARTICLE or a beam "
                "element)",
                nd->label, s->name, nd->body_kind == NSB_BODY_RIGID ? "a rigid body" : "no particle and no beam");
        else
          VALUE(p, at,
                "*CONTACT PAIR: node %d of master node set %s carries %s, not a particle (a master node set holds "
                "particles; beams are masters through an element set)",
                nd->label, s->name,
                nd->body_kind == NSB_BODY_RIGID ? "a rigid body" : nd->n_beams > 0 ? "a beam" : "no body");
        break;
      }
    }
    if (ok && c->master_kind == NSB_MASTER_BEAMS) {
      const nsb_elset* s = &m->elsets.data[c->master];
      if (s->elements.count == 0) VALUE(p, at, "*CONTACT PAIR: master element set %s is empty", s->name);
      for (int k = 0; k < s->elements.count; ++k) {
        const nsb_element* e = &m->elements.data[s->elements.data[k]];
        if (nsb_etype_is_beam(e->type)) continue;
        VALUE(p, at, "*CONTACT PAIR: element %d of master element set %s is a %s element, not a beam (B2V, B2S)",
              e->label, s->name, etype_name(e->type));
        ok = 0;
        break;
      }
    }
    if (ok && c->slave_nset >= 0 && p->n_errors == 0) check_contact_detectable(p, at, c);
  }
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

static void check_deck(parser* p) {
  const nsb_model* m = p->m;
  loc end = {0, p->main_lines > 0 ? p->main_lines : 1};
  if (p->in_step) SYNTAX(p, p->step_at, "end of file inside the step that starts here (missing *END STEP)");
  resolve_amplitudes(p);
  for (int i = 0; i < m->elements.count && !p->stop; ++i)
    if (m->elements.data[i].type == NSB_ETYPE_SPRINGA && !m->elements.data[i].has_property)
      VALUE(p, rec_loc(p, REC_ELEMENT, i, m->elements.data[i].line),
            "SPRINGA element %d has no stiffness (add it to an element set with *SPRING)", m->elements.data[i].label);
  for (int i = 0; i < m->elements.count && !p->stop; ++i)
    if (m->elements.data[i].type == NSB_ETYPE_DASHPOTA && !m->elements.data[i].has_property)
      VALUE(p, rec_loc(p, REC_ELEMENT, i, m->elements.data[i].line),
            "DASHPOTA element %d has no damping coefficient (add it to an element set with *DASHPOT)",
            m->elements.data[i].label);
  check_beams(p);
  check_joints(p);
  check_supports_and_loads(p);
  check_frequency_steps(p);
  check_riks_steps(p);
  check_contact(p);
  /* emptiness checks only for otherwise clean decks: after other errors they are mostly echoes */
  if (p->n_errors > 0) return;
  if (m->steps.count == 0) SYNTAX(p, end, "the deck has no *STEP");
  int any_dof = 0;
  for (int i = 0; i < m->nodes.count; ++i)
    if (nsb_model_node_ndof(m, i) > 0) any_dof = 1;
  if (!any_dof)
    VALUE(p, end, "the model has no degrees of freedom (no node carries a *RIGID BODY, *PARTICLE or beam element)");
}

/* ---- entry points ----------------------------------------------------------------- */

static void parser_free(parser* p) {
  for (int i = 0; i < p->files.count; ++i) nsb_free(p->ctx, p->files.data[i], strlen(p->files.data[i]) + 1);
  NSB_ARRAY_FREE(p->ctx, p->files);
  for (int r = 0; r < REC_COUNT; ++r) NSB_ARRAY_FREE(p->ctx, p->rec_file[r]);
  NSB_ARRAY_FREE(p->ctx, p->amp_refs);
  NSB_ARRAY_FREE(p->ctx, p->contact_refs);
  NSB_ARRAY_FREE(p->ctx, p->riks_refs);
  NSB_ARRAY_FREE(p->ctx, p->values);
  NSB_ARRAY_FREE(p->ctx, p->scratch);
  NSB_FREE_ARRAY(p->ctx, p->mark, p->mark_cap, int);
  NSB_FREE_ARRAY(p->ctx, p->elem_hash, p->elem_hash_cap, int);
}

static int finish(parser* p, nsb_model** out, int* n_errors) {
  if (!p->stop) check_deck(p);
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
    oom(&p, at);
  } else {
    p.string_deck = 1;
    source s = {NULL, text, 0, file};
    read_source(&p, &s);
  }
  return finish(&p, out, n_errors);
}

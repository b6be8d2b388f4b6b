/* deck_internal.h -- state and helpers shared by the files of the deck reader
 * (io/deck*.c); not included outside io/.
 *
 * The reader is split by concern: deck.c holds the public API, the reader
 * loop, the line and parameter tokenizing helpers and the keyword table;
 * deck_model.c, deck_section.c, deck_contact.c, deck_step.c and deck_output.c
 * hold the keyword handlers of one family each; deck_check.c the checks that
 * run once the whole deck is read.  All of them work on one parser (below),
 * owned by the entry points of deck.c; a handler reports problems through
 * SYNTAX/VALUE (deck_report) and goes on.
 */
#ifndef NSB_DECK_INTERNAL_H
#define NSB_DECK_INTERNAL_H

#include <stdio.h>
#include <sys/types.h>

#include "io/deck.h"

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
  REC_TRANSFORM,
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
  char points[NSB_NAME_MAX]; /* POINTS= (empty: none) */
  int mass_set;              /* MASS= given on the keyword line */
  int resolved;              /* check_contact: slave and master resolved and checked */
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

/* A *BEAM SECTION whose material is defined later in the deck (Abaqus/CAE writes
   the sections of a part before the materials): its properties are computed once
   the whole deck is read (deck_resolve_section_materials). */
typedef struct section_ref {
  int section;
  char material[NSB_NAME_MAX];
  loc at;         /* keyword line */
  double shear;   /* SHEAR FACTOR, 0: the shape's default */
  double d[7];    /* BOX, I: the data line's dimensions (others: nsb_section.dims) */
  int dims_ok;    /* the data line was read without error */
} section_ref;
typedef NSB_ARRAY(section_ref) section_ref_array;

typedef enum kw_id {
  KW_NONE = 0, /* before the first keyword of a file */
  KW_SKIP,     /* after a keyword line with an error: data lines are ignored */
  KW_HEADING,
  KW_INCLUDE,
  KW_NODE,
  KW_NGEN,
  KW_NSET,
  KW_ELSET,
  KW_ELEMENT,
  KW_ELGEN,
  KW_SPRING,
  KW_DASHPOT,
  KW_BEAM_SECTION,
  KW_BEAM_GENERAL_SECTION,
  KW_BEAM_NODE_FRAME,
  KW_TRANSFORM,
  KW_MATERIAL,
  KW_ELASTIC,
  KW_DENSITY,
  KW_DAMPING,
  KW_AMPLITUDE,
  KW_RIGID_BODY,
  KW_PARTICLE,
  KW_JOINT,
  KW_OBSTACLE,
  KW_CONTACT_PAIR,
  KW_CONTACT_POINTS,
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
  KW_NODE_PRINT,
  KW_EL_PRINT,
  KW_FIELD_OUTPUT,
  KW_RESTART,
  KW_PREPRINT,
  KW_ENERGY_OUTPUT,
  KW_MONITOR,
  KW_NODE_OUTPUT,
  KW_ELEMENT_OUTPUT
} kw_id;


/* *AMPLITUDE, DEFINITION=EQUALLY SPACED: its index in the DEFINITION values, past the
   nsb_amp_kind ones (block.sub while its data lines are read; stored as TABULAR) */
enum { AMP_EQUALLY_SPACED = 7 };

/* P_OPT_ENUM: a flag that may also take a value from values (bare: i = -1) */
typedef enum ptype { P_NAME, P_INT, P_REAL, P_ENUM, P_FLAG, P_PATH, P_WORD, P_OPT_ENUM } ptype;

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

#define MAX_PARAMS 20

enum { W_MODEL, W_STEP, W_ANY };

typedef struct parser parser;

/* A keyword's handlers, called by the reader loop (deck.c) in this order:
   begin once the keyword line and its parameters are valid (v[k] is the
   value of params[k]), data for each data line (its comma fields are in
   p->fields), end when the next keyword line or the end of the file closes
   the block.  begin NULL: nothing to set up; data NULL: the keyword takes no
   data lines ("*KEY takes no data lines"); end NULL: nothing to check. */
typedef void (*kw_begin_fn)(parser* p, loc at, const pval* v);
typedef void (*kw_data_fn)(parser* p, loc at);
typedef void (*kw_end_fn)(parser* p);

typedef struct kwspec {
  const char* name;
  kw_id id;
  int where;
  pspec params[MAX_PARAMS]; /* terminated by a NULL name */
  kw_begin_fn begin;
  kw_data_fn data;
  kw_end_fn end;
} kwspec;

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
  int fixed;        /* BOUNDARY: FIXED (hold the values of the step's start) */
  char amp[NSB_NAME_MAX];
  int ok;           /* RIGID BODY: first data line valid; AMPLITUDE: no data error */
  double inertia[6];
  double com[3];
  int reference;    /* RIGID BODY: INERTIA=REFERENCE */
  nsb_elem_type elem_type; /* ELEMENT: TYPE */
  int n_points;     /* ELEMENT: POINTS (B2V) */
  int weighting;    /* ELEMENT: WEIGHTING (B2V), index into weightings[] */
  int n_probes;     /* NODE PRINT: probes [index, index + n_probes) */
  int refused;      /* ELEMENT: TYPE refused (reported once); data lines only register nodes and set */
  int b32;          /* ELEMENT: TYPE=B32 or B32R, each line becomes two B2V elements (deck_data_element) */
  int material;     /* BEAM SECTION: material index, -1: defined later (section_refs[pending]) */
  int pending;      /* BEAM SECTION: index into section_refs when material is -1 */
  double shear;     /* BEAM SECTION: shear factor k (0: the shape's default) */
  nsb_contact_pair pair; /* CONTACT PAIR: law and parameters shared by the data lines */
  char points[NSB_NAME_MAX]; /* CONTACT PAIR: POINTS= (empty: none) */
  int mass_set;     /* CONTACT PAIR: MASS= given (otherwise deck_default_contact_mass decides) */
  int first_line;   /* INITIAL CONDITIONS, ROTATING VELOCITY: line of a first data line waiting for its second */
  int first_ok;     /* ... and whether that line was valid */
} block;

struct parser {
  nsb_ctx* ctx;
  nsb_model* m;
  FILE* err;
  const char* top_name; /* fallback file name for messages */
  int n_errors;
  int stop;             /* too many errors or out of memory: stop everything */
  int had_alloc, had_io, had_syntax, had_value;
  int output_asked;     /* an *OUTPUT keyword was read (deck_check: default output otherwise) */
  int abaqus_history;   /* the open step's last *OUTPUT was Abaqus's HISTORY: *NODE OUTPUT, *ELEMENT OUTPUT
                           that follow it ask for history (probes), not field output */
  str_array files;      /* file names (owned, nsb_alloc'ed, strlen + 1 bytes) */
  int_array rec_file[REC_COUNT];
  amp_ref_array amp_refs;
  contact_ref_array contact_refs;
  riks_ref_array riks_refs;
  section_ref_array section_refs;
  double_array values;  /* AMPLITUDE data being read */
  int_array scratch;    /* expanded node or element lists */
  int_array massless;   /* pairs (section, material): *BEAM SECTION of a material without *DENSITY */
  int_array refused_nodes; /* nodes of element lines of a refused TYPE (no "no dof" echo for them) */
  int* elem_hash;       /* element label -> index (deck_find_element) */
  int elem_hash_cap;
  int* mark;            /* membership stamps for duplicate-free set appends */
  int mark_cap;
  int stamp;
  block b;
  int cur_material;     /* material that *ELASTIC and *DENSITY apply to, or -1 */
  int section_failed;   /* a beam section keyword line had an error: "no section" would be an echo */
  int elements_refused; /* an *ELEMENT TYPE was refused: its sets are empty, "set is empty" would be an echo */
  int parts_reported;   /* an Abaqus *PART, *ASSEMBLY or *INSTANCE keyword was refused with its explanation */
  int in_step;
  loc step_at;
  int step_inc;         /* INC= of the open step, 0 if not given */
  int step_proc;        /* procedure keyword seen in the open step */
  int step_perturbation; /* *STEP, PERTURBATION (Abaqus's linear perturbation step) */
  int step_nlgeom_no;   /* *STEP, NLGEOM=NO (accepted with PERTURBATION only) */
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
};

#define SYNTAX(p, at, ...) deck_report((p), (at), NSB_ERR_DECK_SYNTAX, __VA_ARGS__)
#define VALUE(p, at, ...) deck_report((p), (at), NSB_ERR_DECK_VALUE, __VA_ARGS__)

/* deck.c: messages, tokenizing, fields and record bookkeeping */
const char* deck_file_name(const parser* p, int file);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void deck_report(parser* p, loc at, int code, const char* fmt, ...);
void deck_oom(parser* p, loc at);
char* deck_normalize(char* s);
int deck_parse_real(const char* s, double* out);
int deck_parse_int(const char* s, int* out);
int deck_get_real(parser* p, loc at, const char* s, const char* what, double* out);
int deck_get_int(parser* p, loc at, const char* s, const char* what, int* out);
int deck_check_name(parser* p, loc at, const char* s, const char* what);
int deck_unit3(const double x[3], double u[3]);
double deck_dot3(const double a[3], const double b[3]);
int deck_frame_axes(const double a[3], const double b[3], double e1[3], double e2[3]);
int deck_expect_fields(parser* p, loc at, int lo, int hi, const char* usage);
int deck_push_int(nsb_ctx* ctx, int** data, int* count, int* cap, int v);
int deck_note_rec_file(parser* p, int rec, int file);
loc deck_rec_loc(const parser* p, int rec, int i, int line);
int deck_add_amp_ref(parser* p, int rec, int first, int count, int slot, const char* name, loc at);
int deck_only_one_line(parser* p, loc at);
int deck_in_dof_range(parser* p, loc at, int dof, const char* what);
void deck_end_needs_data(parser* p);

/* deck_model.c: lookups */
int deck_find_element(const parser* p, int label);
int deck_expand_nodes(parser* p, loc at, const char* field);
int deck_node_by_label(parser* p, loc at, const char* field, const char* what);
int deck_expand_elements(parser* p, loc at, const char* field);
int deck_b32_partner(const nsb_model* m, int i);
const char* deck_etype_name(nsb_elem_type t);
/* deck_model.c: *NODE, *NSET, *ELSET, *ELEMENT, *SPRING, *DASHPOT, *AMPLITUDE,
   *RIGID BODY, *PARTICLE, *JOINT */
void deck_begin_node(parser* p, loc at, const pval* v);
void deck_data_node(parser* p, loc at);
void deck_begin_nset(parser* p, loc at, const pval* v);
void deck_begin_ngen(parser* p, loc at, const pval* v);
void deck_data_ngen(parser* p, loc at);
void deck_begin_elgen(parser* p, loc at, const pval* v);
void deck_data_elgen(parser* p, loc at);
void deck_data_nset(parser* p, loc at);
void deck_begin_elset(parser* p, loc at, const pval* v);
void deck_data_elset(parser* p, loc at);
void deck_begin_element(parser* p, loc at, const pval* v);
void deck_data_element(parser* p, loc at);
void deck_begin_spring(parser* p, loc at, const pval* v);
void deck_data_spring(parser* p, loc at);
void deck_begin_amplitude(parser* p, loc at, const pval* v);
void deck_data_amplitude(parser* p, loc at);
void deck_end_amplitude(parser* p);
void deck_begin_rigid_body(parser* p, loc at, const pval* v);
void deck_data_rigid_body(parser* p, loc at);
void deck_end_rigid_body(parser* p);
void deck_begin_particle(parser* p, loc at, const pval* v);
void deck_begin_joint(parser* p, loc at, const pval* v);
void deck_data_joint(parser* p, loc at);

/* deck_section.c: *MATERIAL, *ELASTIC, *DENSITY, *BEAM SECTION,
   *BEAM GENERAL SECTION, *BEAM NODE FRAME */
void deck_begin_material(parser* p, loc at, const pval* v);
void deck_begin_elastic(parser* p, loc at, const pval* v);
void deck_data_elastic(parser* p, loc at);
void deck_begin_density(parser* p, loc at, const pval* v);
void deck_data_density(parser* p, loc at);
void deck_begin_damping(parser* p, loc at, const pval* v);
void deck_begin_beam_section(parser* p, loc at, const pval* v);
void deck_data_beam_section(parser* p, loc at);
void deck_end_beam_section(parser* p);
void deck_begin_beam_general_section(parser* p, loc at, const pval* v);
void deck_data_beam_general_section(parser* p, loc at);
void deck_end_beam_general_section(parser* p);
void deck_data_node_frame(parser* p, loc at);
void deck_begin_transform(parser* p, loc at, const pval* v);
void deck_data_transform(parser* p, loc at);

/* deck_contact.c: *OBSTACLE, *CONTACT PAIR */
void deck_begin_obstacle(parser* p, loc at, const pval* v);
void deck_data_obstacle(parser* p, loc at);
void deck_end_obstacle(parser* p);
void deck_begin_contact_pair(parser* p, loc at, const pval* v);
void deck_data_contact_pair(parser* p, loc at);
void deck_end_contact_pair(parser* p);
/* *CONTACT POINTS (point-set contact surfaces) */
void deck_begin_contact_points(parser* p, loc at, const pval* v);
void deck_data_contact_points(parser* p, loc at);
void deck_end_contact_points(parser* p);
/// POINTS= and rigid-body slaves against the resolved master and the steps
/// (io/deck_contact.c): resolves c->points.  Returns 0 after an error.
int deck_check_contact_points(parser* p, loc at, const contact_ref* ref, nsb_contact_pair* c);
/* After the names are resolved: IMPACT=POISSON / CLOSED FORM only between free
   particles (obstacle or particle masters). */
void deck_check_impact_mode(parser* p, loc at, const nsb_contact_pair* c);
/// FRICTION with LAW=HERTZ against the resolved master (io/deck_contact.c).
int deck_check_contact_friction(parser* p, loc at, const nsb_contact_pair* c);
/* *OBSTACLE, BODY=: resolve the body labels (rigid bodies), after reading */
void deck_check_obstacle_bodies(parser* p);
/* a contact pair against a face of a rigid body (docs/contact.md §8.2):
   rigid-body slaves other than the face's body; 0 after an error */
int deck_check_body_face(parser* p, loc at, const contact_ref* ref, const nsb_contact_pair* c);
/// MASS=REDISTRIBUTED against the resolved master and the deck's elements (io/deck_contact.c).
int deck_check_contact_mass(parser* p, loc at, const nsb_contact_pair* c);
/// The default of MASS= of a checked pair without it (io/deck_contact.c; docs/contact.md §7.2).
void deck_default_contact_mass(parser* p, const contact_ref* ref, nsb_contact_pair* c);
/// After every pair's default: back to STANDARD where the pairs share slave nodes or elements.
void deck_default_contact_mass_shared(parser* p);

/* deck_step.c: the optional AMPLITUDE= of a load or an obstacle (amp borrowed) */
void deck_begin_load(parser* p, const pval* amp);
/* deck_step.c: a *STEP or procedure keyword line with an error still opens
   its step or marks its procedure, so that the lines after it do not cascade */
void deck_step_keyword_failed(parser* p, loc at, const kwspec* spec);
/* deck_step.c: *STEP, *END STEP, *DYNAMIC, *STATIC, *FREQUENCY, *MODAL DYNAMIC,
   *SOLVER CONTROLS, *BOUNDARY, *CLOAD, *DLOAD, *GRAVITY, *MANUFACTURED ROTATION,
   *INITIAL CONDITIONS */
void deck_begin_step(parser* p, loc at, const pval* v);
void deck_begin_end_step(parser* p, loc at, const pval* v);
void deck_begin_dynamic(parser* p, loc at, const pval* v);
void deck_begin_static(parser* p, loc at, const pval* v);
void deck_data_static(parser* p, loc at);
void deck_end_static(parser* p);
void deck_data_procedure(parser* p, loc at);
void deck_begin_frequency(parser* p, loc at, const pval* v);
void deck_data_frequency(parser* p, loc at);
void deck_begin_modal_dynamic(parser* p, loc at, const pval* v);
void deck_begin_solver_controls(parser* p, loc at, const pval* v);
void deck_begin_loading(parser* p, loc at, const pval* v);
void deck_begin_boundary(parser* p, loc at, const pval* v);
void deck_begin_cload(parser* p, loc at, const pval* v);
void deck_begin_dload(parser* p, loc at, const pval* v);
void deck_data_boundary(parser* p, loc at);
void deck_data_cload(parser* p, loc at);
void deck_data_dload(parser* p, loc at);
void deck_data_gravity(parser* p, loc at);
void deck_begin_manufactured(parser* p, loc at, const pval* v);
void deck_data_manufactured(parser* p, loc at);
void deck_begin_initial(parser* p, loc at, const pval* v);
void deck_data_initial(parser* p, loc at);
void deck_end_initial(parser* p);

/* deck_output.c: *PROBE, *OUTPUT, *RESTART */
void deck_begin_probe(parser* p, loc at, const pval* v);
void deck_data_probe(parser* p, loc at);
void deck_end_probe(parser* p);
void deck_begin_node_print(parser* p, loc at, const pval* v);
void deck_data_node_print(parser* p, loc at);
void deck_begin_el_print(parser* p, loc at, const pval* v);
void deck_data_el_print(parser* p, loc at);
void deck_begin_field_output(parser* p, loc at, const pval* v);
void deck_data_field_output(parser* p, loc at);
void deck_begin_output(parser* p, loc at, const pval* v);
void deck_begin_abaqus_output(parser* p, loc at, const pval* v);
void deck_data_abaqus_output(parser* p, loc at);
void deck_begin_energy(parser* p, loc at, const pval* v);
void deck_data_energy(parser* p, loc at);
void deck_begin_monitor(parser* p, loc at, const pval* v);
void deck_begin_restart(parser* p, loc at, const pval* v);

/* deck_check.c: the checks that need the whole deck (after the last line) */
void deck_check_model(parser* p);
/// The sections whose material came after them: their properties, or an error at
/// the section's line when the material is not defined or has no *ELASTIC.
void deck_resolve_section_materials(parser* p);

#endif

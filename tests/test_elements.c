/* test_elements.c -- element conformance: every element family's tangent
 * against central finite differences of its residual, for both time schemes
 * and the static map, at generic (rotated, moving, loaded) states with
 * non-zero multipliers; plus rigid-motion and symmetry checks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "fd_tangent.h"
#include "elements/beam_velocity.h"
#include "elements/element.h"
#include "io/deck.h"
#include "solver/system.h"

static unsigned rng = 777u;
static double urand(void) {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 8) & 0xFFFFFF) / (double)0xFFFFFF * 2.0 - 1.0;
}

/* Bodies with offsets, loads of every kind, joints of every kind (the
   element-point joints on a curved beam element: a particle and the node
   of another beam held at xi = 0.3 and 0.7). */
static const char* deck_bodies =
    "*NODE\n"
    "1, 0.1, 0.2, 0.3\n"
    "2, 1.2, -0.3, 0.5\n"
    "3, 0.0, 0.0, 0.0\n"
    "4, 2.0, 1.0, 0.0\n"
    "5, 2.5, 1.5, 0.2\n"
    "10, 3.0, 0.0, 0.0\n"
    "11, 4.0, 0.3, 0.2\n"
    "12, 3.3094240651038174, 0.068718048827863018, 0.072600000000000012\n"
    "13, 3.7219894852422399, 0.1603421139316803, 0.1694\n"
    "14, 3.7, 1.0, 0.6\n"
    "*RIGID BODY, NODE=1, MASS=2.5\n"
    "3.0, 2.0, 1.5, 0.1, -0.2, 0.05\n"
    "0.1, -0.2, 0.3\n"
    "*RIGID BODY, NODE=2, MASS=1.5, INERTIA=REFERENCE\n"
    "4.0, 3.0, 2.0\n"
    "0.2, 0.1, -0.1\n"
    "*PARTICLE, NODE=4, MASS=0.7\n"
    "*PARTICLE, NODE=5, MASS=0.3\n"
    "*INITIAL CONDITIONS, TYPE=ROTATION\n"
    "1, 0.4, -0.3, 1.1\n"
    "2, -1.0, 0.5, 0.2\n"
    "*INITIAL CONDITIONS, TYPE=BODY ANGULAR VELOCITY\n"
    "1, 1.0, -2.0, 0.5\n"
    "2, 0.3, 0.7, -1.2\n"
    "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    "1, 1, 0.3\n"
    "2, 2, -0.4\n"
    "4, 3, 0.8\n"
    "*GRAVITY\n"
    "0.5, -1.0, -9.81\n"
    "*CLOAD\n"
    "1, 1, 3.0\n"
    "1, 5, 2.0\n"
    "4, 2, -1.0\n"
    "*CLOAD, FOLLOWER=YES\n"
    "2, 2, 1.5\n"
    "2, 6, -0.7\n"
    "*ELEMENT, TYPE=SPRINGA, ELSET=S\n"
    "1, 4, 5\n"
    "2, 1, 4\n"
    "3, 5, 3\n"
    "*SPRING, ELSET=S\n"
    "150.0\n"
    "*ELEMENT, TYPE=DASHPOTA, ELSET=D\n"
    "4, 4, 1\n"
    "5, 5, 3\n"
    "*DASHPOT, ELSET=D\n"
    "-2.5\n"
    "*JOINT, TYPE=SPHERICAL, LEVEL=%s\n"
    "1, 2, 0.6, 0.0, 0.4\n"
    "1, 3, 0.0, 0.0, 0.0\n"
    "*JOINT, TYPE=REVOLUTE, LEVEL=%s\n"
    "2, 1, 0.7, -0.1, 0.45, 0.3, 0.8, -0.2\n"
    "3, 2, 1.0, -0.5, 0.5, 0.0, 0.0, 1.0\n"
    "*JOINT, TYPE=FIXED, LEVEL=%s\n"
    "1, 3, 0.3, 0.3, 0.1\n"
    "*ELEMENT, TYPE=%s, ELSET=BB, POINTS=2\n20, 10, 11\n21, 13, 14\n"
    "*BEAM GENERAL SECTION, ELSET=BB\n1e3, 1e3, 1e3, 50.0, 80.0, 60.0\n1.0, 0.2, 0.1, 0.1\n0.0, 0.0, 1.0\n"
    "*BEAM NODE FRAME\n11, 0.8, 0.6, 0.0, 0.0, 0.0, 1.0\n"
    "*PARTICLE, NODE=12, MASS=0.4\n"
    "*INITIAL CONDITIONS, TYPE=VELOCITY\n10, 6, 0.7\n11, 2, -0.5\n14, 4, 0.9\n"
    "*JOINT, TYPE=ELEMENT POINT, LEVEL=%s\n"
    "12, 20, 0.3\n"
    "13, 20, 0.7\n"
    "*JOINT, TYPE=DISTANCE, LEVEL=%s\n"
    "4, 1\n"
    "5, 4\n"
    "5, 3\n"
    "*STEP\n"
    "*%s\n"
    "0.01, 1.0\n"
    "*END STEP\n";

static nsb_model* load(nsb_ctx* ctx, const char* level, const char* proc) {
  char text[4096];
  /* the velocity element runs with the modified scheme and statics, the strain element with Newmark */
  const char* beam = strstr(proc, "SCHEME=NEWMARK") ? "B2S" : "B2V";
  snprintf(text, sizeof text, deck_bodies, level, level, level, beam, level, level, proc);
  nsb_model* m = NULL;
  int n_err = 0;
  int st = nsb_deck_read_string(ctx, "conformance.inp", text, stderr, &m, &n_err);
  CU_ASSERT_EQUAL_FATAL(st, NSB_OK);
  return m;
}

/* Compare every element's tangent with central differences of its residual. */
static double check_tangents(nsb_system* s, const char* label) {
  double worst = 0.0;
  for (int ie = 0; ie < nsb_system_n_elements(s); ++ie) {
    const nsb_elem* e = nsb_system_element(s, ie);
    /* beams condense internal unknowns: their tangents are checked in test_beam*.c */
    if (strstr(e->ops->name, "beam")) continue;
    double kmax = 0.0;
    double err = nsb_fd_element_error(s, ie, 1e-6, &kmax, NULL);
    CU_ASSERT(err >= 0.0);
    double rel = err / (1.0 + kmax);
    if (rel > 1e-6) fprintf(stderr, "  %s: element %d (%s): tangent error %.3e (|K| %.3e)\n", label, ie, e->ops->name, err, kmax);
    CU_ASSERT(rel <= 1e-6);
    worst = fmax(worst, rel);
  }
  return worst;
}

/* Move every node and multiplier to a generic state through the scheme. */
static void perturb(nsb_system* s) {
  for (int ie = 0; ie < nsb_system_n_elements(s); ++ie) {
    const nsb_elem* e = nsb_system_element(s, ie);
    double d[NSB_ELEM_MAX_LOCAL];
    for (int q = 0; q < e->n_local; ++q) d[q] = 0.05 * urand();
    for (int q = e->n_local - e->n_mult; q < e->n_local; ++q) d[q] = 3.0 * urand();
    nsb_system_apply_local(s, ie, d);
  }
}

static void run_conformance(const char* scheme_kw, const char* level) {
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  char proc[128];
  snprintf(proc, sizeof proc, "%s", scheme_kw);
  nsb_model* m = load(ctx, level, proc);
  nsb_system* s = NULL;
  CU_ASSERT_EQUAL_FATAL(nsb_system_create(ctx, m, &s), NSB_OK);
  CU_ASSERT_EQUAL_FATAL(nsb_system_begin_step(s, 0, 0.0), NSB_OK);
  CU_ASSERT_EQUAL(nsb_system_prepare_increment(s, 0.01), NSB_OK);
  perturb(s);
  char label[160];
  snprintf(label, sizeof label, "%s, %s level", scheme_kw, level);
  double w = check_tangents(s, label);
  printf("\n    %-40s worst relative tangent error %.2e", label, w);
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

static void test_modified_position(void) { run_conformance("DYNAMIC, SCHEME=MODIFIED NEWMARK", "POSITION"); }
static void test_modified_velocity(void) { run_conformance("DYNAMIC, SCHEME=MODIFIED NEWMARK", "VELOCITY"); }
/* the default above is the generalized-alpha form (docs/theory.md §3.5); RHOINF=1 the plain scheme */
static void test_modified_plain_position(void) {
  run_conformance("DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1", "POSITION");
}
static void test_modified_plain_velocity(void) {
  run_conformance("DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1", "VELOCITY");
}
static void test_newmark_position(void) { run_conformance("DYNAMIC, SCHEME=NEWMARK", "POSITION"); }
static void test_newmark_velocity(void) { run_conformance("DYNAMIC, SCHEME=NEWMARK", "VELOCITY"); }
static void test_newmark_gamma(void) { run_conformance("DYNAMIC, SCHEME=NEWMARK, BETA=0.3, GAMMA=0.6", "VELOCITY"); }
static void test_static(void) { run_conformance("STATIC", "POSITION"); }

/* Read a deck, build its system and begin its first step. */
static nsb_system* step_system(nsb_ctx* ctx, const char* name, const char* deck, nsb_model** m) {
  int ne = 0;
  *m = NULL;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, name, deck, stderr, m, &ne), NSB_OK);
  nsb_system* s = NULL;
  CU_ASSERT_EQUAL_FATAL(nsb_system_create(ctx, *m, &s), NSB_OK);
  CU_ASSERT_EQUAL_FATAL(nsb_system_begin_step(s, 0, 0.0), NSB_OK);
  return s;
}

/* A free rigid body with no loads: energy and momenta stay constant to the
   Newton tolerance is not a property of Newmark on SO(3), but the tangent
   structure must give the exact rigid-body answer for a torque-free
   symmetric body spinning about its symmetry axis: omega stays constant. */
static void test_free_spin(void) {
  const char* deck =
      "*NODE\n1, 0, 0, 0\n*RIGID BODY, NODE=1, MASS=1\n2, 2, 1\n"
      "*INITIAL CONDITIONS, TYPE=BODY ANGULAR VELOCITY\n1, 0, 0, 7\n"
      "*STEP\n*DYNAMIC\n0.05, 1.0\n*END STEP\n";
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  nsb_system* s = step_system(ctx, "spin.inp", deck, &m);
  nsb_newton_report rep;
  CU_ASSERT_EQUAL(nsb_system_initial_acceleration(s, &rep), NSB_OK);
  for (int k = 0; k < 20; ++k) CU_ASSERT_EQUAL(nsb_system_increment(s, 0.05, &rep), NSB_OK);
  const nsb_state* st = nsb_system_state(s);
  /* exact: R(t) = exp(7 t e3) */
  nsb_quat q = nsb_st_q(st, 0);
  nsb_quat ex = nsb_so3_exp_q(nsb_v3(0, 0, 7.0 * nsb_system_time(s)));
  double dq = fmin(fabs(q.w - ex.w) + fabs(q.z - ex.z), fabs(q.w + ex.w) + fabs(q.z + ex.z));
  NSB_ASSERT_CLOSE(dq, 0.0, 1e-10);
  NSB_ASSERT_CLOSE(st->w[2], 7.0, 1e-10);
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
}


/* A cantilever cut in two at its middle and welded with a FIXED joint
   behaves as the uncut one (large static deflection, force and moment at
   the tip): the weld transmits all six resultants and adds no compliance. */
static double* weld_tip(const char* deck, const char* name, int tip, double out[7]) {
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  nsb_system* s = step_system(ctx, name, deck, &m);
  nsb_newton_report rep;
  for (int k = 0; k < 4; ++k) CU_ASSERT_EQUAL_FATAL(nsb_system_increment(s, 0.25, &rep), NSB_OK);
  int i = nsb_model_find_node(m, tip);
  const nsb_state* st = nsb_system_state(s);
  memcpy(out, st->x + 3 * i, 3 * sizeof(double));
  memcpy(out + 3, st->q + 4 * i, 4 * sizeof(double));
  if (out[3] < 0.0)
    for (int k = 3; k < 7; ++k) out[k] = -out[k];
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
  return out;
}

/* Massless beam elements in a dynamic step: the initial accelerations are
   undefined; the failure names the node and the cause, not the supports. */
static void test_massless_message(void) {
  const char* deck =
      "*NODE\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1.0, 0, 0\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n2, 2, 3\n"
      "*BEAM GENERAL SECTION, ELSET=B\n1e4, 1e4, 1e4, 10, 10, 10\n0, 0, 0, 0\n0, 1, 0\n*BOUNDARY\n1, 1, 6\n"
      "*CLOAD\n3, 3, 1.0\n*STEP\n*DYNAMIC, SCHEME=MODIFIED NEWMARK\n0.01, 0.1\n*END STEP\n";
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  nsb_system* s = step_system(ctx, "massless.inp", deck, &m);
  nsb_newton_report rep;
  CU_ASSERT_EQUAL(nsb_system_initial_acceleration(s, &rep), NSB_ERR_SINGULAR);
  printf("\n    %s", rep.cause);
  CU_ASSERT_PTR_NOT_NULL(strstr(rep.cause, "has no inertia (massless elements): give them a density"));
  nsb_ctx_clear_error(ctx);
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
}

static void test_fixed_joint_weld(void) {
  const char* common =
      "*BEAM GENERAL SECTION, ELSET=B\n1e4, 1e4, 1e4, 50.0, 80.0, 60.0\n1.0, 0.2, 0.1, 0.1\n0.0, 1.0, 0.0\n"
      "*STEP\n*STATIC\n0.25, 1.0\n";
  char a[4096], b[4096];
  snprintf(a, sizeof a,
           "*NODE\n1,0,0,0\n2,0.25,0,0\n3,0.5,0,0\n4,0.75,0,0\n5,1.0,0,0\n6,1.25,0,0\n7,1.5,0,0\n8,1.75,0,0\n9,2.0,0,0\n"
           "*ELEMENT, TYPE=B2V, ELSET=B, POINTS=2\n1,1,2\n2,2,3\n3,3,4\n4,4,5\n5,5,6\n6,6,7\n7,7,8\n8,8,9\n"
           "*BOUNDARY\n1, 1, 6\n%s*CLOAD\n9, 3, 20.0\n9, 4, 15.0\n9, 2, -8.0\n*END STEP\n",
           common);
  snprintf(b, sizeof b,
           "*NODE\n1,0,0,0\n2,0.25,0,0\n3,0.5,0,0\n4,0.75,0,0\n5,1.0,0,0\n105,1.0,0,0\n106,1.25,0,0\n107,1.5,0,0\n"
           "108,1.75,0,0\n109,2.0,0,0\n"
           "*ELEMENT, TYPE=B2V, ELSET=B, POINTS=2\n1,1,2\n2,2,3\n3,3,4\n4,4,5\n5,105,106\n6,106,107\n7,107,108\n8,108,109\n"
           "*JOINT, TYPE=FIXED\n5, 105, 1.0, 0.0, 0.0\n"
           "*BOUNDARY\n1, 1, 6\n%s*CLOAD\n109, 3, 20.0\n109, 4, 15.0\n109, 2, -8.0\n*END STEP\n",
           common);
  double ta[7], tb[7];
  weld_tip(a, "uncut.inp", 9, ta);
  weld_tip(b, "welded.inp", 109, tb);
  double d = 0.0;
  for (int k = 0; k < 7; ++k) d = fmax(d, fabs(ta[k] - tb[k]));
  printf("\n    tip (%.6f, %.6f, %.6f): uncut vs welded max difference %.2e", ta[0], ta[1], ta[2], d);
  CU_ASSERT(fabs(ta[2]) > 0.1); /* a large deflection, or the test proves nothing */
  CU_ASSERT(d < 1e-9);
}

/* Heap bytes of one beam element's block (elements/beam.c), as
   benchmarks/element_kernel measures them: the live bytes nsb_beam_create
   adds.  `step` is the deck's step keyword, `tangent` its TANGENT (NULL:
   the default). */
static size_t beam_block_bytes(const char* type, int points, const char* step, const char* tangent) {
  char deck[1024], controls[64] = "";
  if (tangent) snprintf(controls, sizeof controls, "*SOLVER CONTROLS, TANGENT=%s\n", tangent);
  snprintf(deck, sizeof deck,
           "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=%s, ELSET=BEAM, POINTS=%d\n1, 1, 2\n"
           "*BEAM GENERAL SECTION, ELSET=BEAM\n1e7, 4e6, 4e6, 80, 100, 120\n1, 0.01, 0.02, 0.03\n"
           "*BOUNDARY\n1, 1, 6\n*STEP\n*%s\n0.1, 1\n%s*CLOAD\n2, 2, 1\n*END STEP\n",
           type, points, step, controls);
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  int ne = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "block.inp", deck, stderr, &m, &ne), NSB_OK);
  double x[6] = {0, 0, 0, 1, 0, 0}, q[8] = {1, 0, 0, 0, 1, 0, 0, 0}, v[6] = {0}, w[6] = {0};
  nsb_elem e;
  memset(&e, 0, sizeof e);
  e.ops = &nsb_beam_v_ops;
  e.n_nodes = 2;
  e.nodes[1] = 1;
  size_t live = nsb_ctx_live_bytes(ctx);
  CU_ASSERT_EQUAL_FATAL(nsb_beam_create(ctx, m, 0, x, q, v, w, NULL, &e), NSB_OK);
  size_t bytes = nsb_ctx_live_bytes(ctx) - live;
  e.ops->destroy(ctx, &e);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), live);
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
  return bytes;
}

/* The element blocks stay within the sizes of their layout
   (benchmarks/element_kernel/README.md: B2V POINTS=1 6 096 bytes, of which
   the point states at t_n and at the iterate 3 472, X 1 344, and 16 more
   (since benchmarks/beam_scaling/README.md "Second pass": X without its zero
   column, X_n and X_f 1 248 bytes: 6 024 with the section in the block)
   for modified Newton's two pointers, to the rows post_solve reads and to
   the kept factors allocated apart with TANGENT=REUSE): no mass rule's
   points without MASS=REDISTRIBUTED, no end states of 31 doubles, no local
   unknowns kept; a model with a Riks step adds the load-rate solution of its
   6 POINTS + 6 interior unknowns, and only that.  A dynamic step keeps full
   Newton's block with TANGENT=FULL; with the default (TANGENT=AUTO: modified
   Newton in dynamic steps of beams, model/model.h nsb_step_tangent) it adds
   the kept factors, exactly those of TANGENT=REUSE.  The strain element's
   geometry holds the 6 closure rows of its discrete reference, 48 bytes
   (elements/beam_strain.h gap; docs/theory_beam_strain.md §13). */
static void test_beam_block_sizes(void) {
  static const size_t budget[2][3] = {{6024, 10640, 16584}, {6904, 12144, 19048}};
  const char* types[2] = {"B2V", "B2S"};
  for (int t = 0; t < 2; ++t)
    for (int p = 1; p <= 3; ++p) {
      size_t plain = beam_block_bytes(types[t], p, "STATIC", NULL);
      size_t riks = beam_block_bytes(types[t], p, "STATIC, RIKS", NULL);
      size_t kept = beam_block_bytes(types[t], p, "STATIC", "REUSE");
      printf("\n    %s POINTS=%d: %zu bytes (budget %zu), with a Riks step %zu, with modified Newton's factors %zu",
             types[t], p, plain, budget[t][p - 1], riks, kept);
      CU_ASSERT(plain <= budget[t][p - 1]);
      CU_ASSERT_EQUAL(riks, plain + sizeof(double) * (size_t)(6 * p + 6));
      CU_ASSERT_EQUAL(beam_block_bytes(types[t], p, "DYNAMIC", "FULL"), plain);
      CU_ASSERT(kept > plain);
      CU_ASSERT_EQUAL(beam_block_bytes(types[t], p, "DYNAMIC", NULL), kept);
    }
}

/* Equal elements share their quadrature tables through a store
   (nsb_beam_tables): the first element of a length brings its tables into
   the store, the next ones of that length only their blocks; an element of
   another length brings its own.  The section's data likewise: the first
   element of a section brings it, the others point to it.  Same results: the outputs of whole runs
   are compared bit for bit with the elements' own copies elsewhere
   (benchmarks/element_kernel/README.md); here the sizes. */
static void test_beam_shared_tables(void) {
  const char* deck =
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n4, 3.5, 0, 0\n*ELEMENT, TYPE=B2V, ELSET=BEAM, POINTS=2\n"
      "1, 1, 2\n2, 2, 3\n3, 3, 4\n*BEAM GENERAL SECTION, ELSET=BEAM\n1e7, 4e6, 4e6, 80, 100, 120\n"
      "1, 0.01, 0.02, 0.03\n*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.1, 1\n*END STEP\n";
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  int ne = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "tables.inp", deck, stderr, &m, &ne), NSB_OK);
  double x[12] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3.5, 0, 0}, q[16] = {0}, v[12] = {0}, w[12] = {0};
  for (int k = 0; k < 4; ++k) q[4 * k] = 1.0;
  const size_t own = beam_block_bytes("B2V", 2, "STATIC", NULL);          /* tables in the block */
  const size_t tab = sizeof(double) * nsb_beam_geom_doubles(2, 4); /* POINTS=2: 4 Gauss points */
  nsb_beam_tables* tabs = NULL;
  CU_ASSERT_EQUAL_FATAL(nsb_beam_tables_create(ctx, &tabs), NSB_OK);
  nsb_elem e[3];
  memset(e, 0, sizeof e);
  size_t added[3];
  for (int i = 0; i < 3; ++i) {
    e[i].ops = &nsb_beam_v_ops;
    e[i].n_nodes = 2;
    e[i].nodes[0] = i;
    e[i].nodes[1] = i + 1;
    size_t live = nsb_ctx_live_bytes(ctx);
    CU_ASSERT_EQUAL_FATAL(nsb_beam_create(ctx, m, i, x, q, v, w, tabs, &e[i]), NSB_OK);
    added[i] = nsb_ctx_live_bytes(ctx) - live;
  }
  printf("\n    own tables %zu bytes; with the store: %zu, %zu, %zu (L = 1, 1, 1.5)", own, added[0], added[1], added[2]);
  const size_t sec = sizeof(nsb_beam_section);
  CU_ASSERT_EQUAL(added[0], own);             /* block without tables and section + the store's copies */
  CU_ASSERT_EQUAL(added[1], own - tab - sec); /* the same length and section: the block alone */
  CU_ASSERT_EQUAL(added[2], own - sec);       /* another length: its own tables in the store */
  for (int i = 0; i < 3; ++i) e[i].ops->destroy(ctx, &e[i]);
  nsb_beam_tables_destroy(ctx, &tabs);
  CU_ASSERT_PTR_NULL(tabs);
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* The beam elements made on a team of 2 (nsb_system_create_threads: elements
   1-2 by the calling thread, 3-4 by the worker) equal those made by one
   thread: the same evaluation, bit for bit; a worker's failure is reported
   in the caller's context (the first in element order), and nothing leaks. */
static void test_beams_on_team(void) {
  const char* deck =
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n4, 3.5, 0, 0\n5, 4, 0.5, 0\n"
      "*ELEMENT, TYPE=B2V, ELSET=BEAM, POINTS=2\n1, 1, 2\n2, 2, 3\n3, 3, 4\n4, 4, 5\n"
      "*BEAM GENERAL SECTION, ELSET=BEAM\n1e7, 4e6, 4e6, 80, 100, 120\n"
      "1, 0.01, 0.02, 0.03\n*BOUNDARY\n1, 1, 6\n*STEP\n*DYNAMIC\n0.01, 0.1\n*END STEP\n";
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  int ne = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "team.inp", deck, stderr, &m, &ne), NSB_OK);
  nsb_system* s[2] = {NULL, NULL};
  for (int t = 0; t < 2; ++t) {
    CU_ASSERT_EQUAL_FATAL(nsb_system_create_threads(ctx, m, t + 1, &s[t]), NSB_OK);
    CU_ASSERT_EQUAL(nsb_system_threads(s[t]), t + 1);
    CU_ASSERT_EQUAL_FATAL(nsb_system_begin_step(s[t], 0, 0.0), NSB_OK);
    CU_ASSERT_EQUAL_FATAL(nsb_system_prepare_increment(s[t], 0.01), NSB_OK);
  }
  for (int ie = 0; ie < nsb_system_n_elements(s[0]); ++ie) {
    const nsb_elem* e = nsb_system_element(s[0], ie);
    double f[2][NSB_ELEM_MAX_LOCAL], K[2][NSB_ELEM_MAX_LOCAL * NSB_ELEM_MAX_LOCAL];
    for (int t = 0; t < 2; ++t) CU_ASSERT_EQUAL(nsb_system_eval_element(s[t], ie, f[t], K[t]), NSB_OK);
    CU_ASSERT(memcmp(f[0], f[1], sizeof(double) * (size_t)e->n_local) == 0);
    CU_ASSERT(memcmp(K[0], K[1], sizeof(double) * (size_t)(e->n_local * e->n_local)) == 0);
  }
  for (int t = 0; t < 2; ++t) nsb_system_destroy(&s[t]);
  /* elements 2 (calling thread) and 4 (worker) without a section: element 2 is reported */
  for (int bad = 0; bad < 2; ++bad) {
    m->elements.data[3].section = -1;
    if (bad) m->elements.data[1].section = -1;
    nsb_ctx_clear_error(ctx);
    CU_ASSERT_EQUAL(nsb_system_create_threads(ctx, m, 2, &s[0]), NSB_ERR_DECK_VALUE);
    CU_ASSERT_PTR_NULL(s[0]);
    CU_ASSERT_PTR_NOT_NULL(strstr(nsb_ctx_error_message(ctx), bad ? "beam element 2 has no section"
                                                                   : "beam element 4 has no section"));
  }
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

int main(int argc, char** argv) {
  static const nsb_test_case tangent_cases[] = {{"modified_newmark_position", test_modified_position},
                                                {"modified_newmark_velocity", test_modified_velocity},
                                                {"modified_newmark_plain_position", test_modified_plain_position},
                                                {"modified_newmark_plain_velocity", test_modified_plain_velocity},
                                                {"newmark_position", test_newmark_position},
                                                {"newmark_velocity", test_newmark_velocity},
                                                {"newmark_beta_gamma", test_newmark_gamma},
                                                {"static", test_static},
                                                {NULL, NULL}};
  static const nsb_test_case rigid_cases[] = {{"free_spin", test_free_spin}, {"fixed_joint_weld", test_fixed_joint_weld},
                                              {"massless_message", test_massless_message}, {NULL, NULL}};
  static const nsb_test_case memory_cases[] = {{"beam_block_sizes", test_beam_block_sizes},
                                               {"beam_shared_tables", test_beam_shared_tables},
                                               {"beams_on_team", test_beams_on_team},
                                               {NULL, NULL}};
  static const nsb_test_suite suites[] = {
      {"tangent", tangent_cases}, {"rigid", rigid_cases}, {"memory", memory_cases}, {NULL, NULL}};
  return nsb_test_run(suites, argc, argv);
}

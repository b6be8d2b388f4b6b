/* test_io.c -- CUnit tests of the deck reader (io/deck.c).
 *
 * Suites: good (valid decks parse to the exact expected model), bad (every deck
 * in tests/decks/bad fails with "name.inp:LINE: <expected substring>"),
 * robust (hostile input: empty, binary, long lines, deep includes, several
 * errors in one run), alloc (allocation-failure sweep).  Every test checks
 * that the context has no live bytes once the model is destroyed.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/deck.h"
#include "tests/cunit_main.h"

#define GOOD_DIR NSB_TEST_DECK_DIR "/good"
#define BAD_DIR NSB_TEST_DECK_DIR "/bad"

/* Read all of a temporary error stream into a NUL-terminated heap string. */
static char* slurp(FILE* f) {
  long n = ftell(f);
  if (n < 0) n = 0;
  char* s = malloc((size_t)n + 1);
  rewind(f);
  size_t got = s ? fread(s, 1, (size_t)n, f) : 0;
  if (s) s[got] = '\0';
  return s;
}

typedef struct run {
  nsb_ctx* ctx;
  nsb_model* m;
  int status;
  int n_errors;
  char* errors; /* malloc'ed */
} run;

static run read_deck(const char* path, const char* text) {
  run r;
  memset(&r, 0, sizeof r);
  CU_ASSERT_FATAL(nsb_ctx_create(&r.ctx) == NSB_OK);
  FILE* err = tmpfile();
  CU_ASSERT_FATAL(err != NULL);
  if (text)
    r.status = nsb_deck_read_string(r.ctx, path, text, err, &r.m, &r.n_errors);
  else
    r.status = nsb_deck_read(r.ctx, path, err, &r.m, &r.n_errors);
  r.errors = slurp(err);
  fclose(err);
  if (r.status == NSB_OK) CU_ASSERT_PTR_NOT_NULL(r.m);
  if (r.status != NSB_OK) CU_ASSERT_PTR_NULL(r.m);
  return r;
}

static void run_free(run* r) {
  nsb_model_destroy(&r->m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(r->ctx), 0);
  nsb_ctx_destroy(&r->ctx);
  free(r->errors);
}

static run expect_ok(const char* path, const char* text) {
  run r = read_deck(path, text);
  if (r.status != NSB_OK) fprintf(stderr, "unexpected deck errors:\n%s", r.errors);
  CU_ASSERT_EQUAL(r.status, NSB_OK);
  CU_ASSERT_EQUAL(r.n_errors, 0);
  return r;
}

static int node_label(const nsb_model* m, int i) { return m->nodes.data[i].label; }

/* ---- good decks ---------------------------------------------------------------- */

static void test_full_deck(void) {
  run r = expect_ok(GOOD_DIR "/full.inp", NULL);
  const nsb_model* m = r.m;
  if (!m) {
    run_free(&r);
    return;
  }
  CU_ASSERT_STRING_EQUAL(m->heading, "Every keyword, once at least");
  CU_ASSERT_STRING_EQUAL(m->source, GOOD_DIR "/full.inp");
  /* nodes: 1 2 3 4 5 9 from the deck, then 7 8 from the include */
  CU_ASSERT_EQUAL_FATAL(m->nodes.count, 8);
  static const int labels[] = {1, 2, 3, 4, 5, 9, 7, 8};
  for (int i = 0; i < 8; ++i) CU_ASSERT_EQUAL(node_label(m, i), labels[i]);
  NSB_ASSERT_CLOSE(m->nodes.data[2].X[0], 2.0, 0.0);
  NSB_ASSERT_CLOSE(m->nodes.data[2].X[2], 0.0, 0.0);
  NSB_ASSERT_CLOSE(m->nodes.data[3].X[0], 3.0, 0.0);
  NSB_ASSERT_CLOSE(m->nodes.data[5].X[2], 5.0, 0.0);
  NSB_ASSERT_CLOSE(m->nodes.data[7].X[0], 5.0, 0.0);
  CU_ASSERT_EQUAL(m->nodes.data[0].line, 5);
  CU_ASSERT_EQUAL(m->nodes.data[6].line, 3); /* line 3 of full_part.inc */
  CU_ASSERT_EQUAL(nsb_model_find_node(m, 9), 5);
  CU_ASSERT_EQUAL(nsb_model_find_node(m, 6), -1);

  /* sets */
  CU_ASSERT_EQUAL(m->nsets.count, 5);
  int all = nsb_model_find_nset(m, "all"), parts = nsb_model_find_nset(m, "Parts");
  int mix = nsb_model_find_nset(m, "MIX"), pair = nsb_model_find_nset(m, "pair");
  CU_ASSERT_FATAL(all >= 0 && parts >= 0 && mix >= 0 && pair >= 0);
  CU_ASSERT_EQUAL(m->nsets.data[all].nodes.count, 6);
  CU_ASSERT_EQUAL(m->nsets.data[parts].nodes.count, 2);
  CU_ASSERT_EQUAL(m->nsets.data[parts].nodes.data[0], 1);
  CU_ASSERT_EQUAL(m->nsets.data[parts].nodes.data[1], 3);
  CU_ASSERT_EQUAL_FATAL(m->nsets.data[mix].nodes.count, 2);
  CU_ASSERT_EQUAL(m->nsets.data[mix].nodes.data[0], 3);
  CU_ASSERT_EQUAL(m->nsets.data[mix].nodes.data[1], 1);
  CU_ASSERT_EQUAL(m->nsets.data[pair].nodes.count, 2);
  CU_ASSERT_EQUAL(m->elsets.count, 3);
  int s2 = nsb_model_find_elset(m, "s2");
  CU_ASSERT_FATAL(s2 >= 0);
  CU_ASSERT_EQUAL(m->elsets.data[s2].elements.count, 2);
  CU_ASSERT_EQUAL(m->elsets.data[s2].elements.data[0], 1);
  CU_ASSERT_EQUAL(m->elsets.data[s2].elements.data[1], 0);

  /* elements and material */
  CU_ASSERT_EQUAL_FATAL(m->elements.count, 2);
  CU_ASSERT_EQUAL(m->elements.data[1].type, NSB_ETYPE_SPRINGA);
  CU_ASSERT_EQUAL(m->elements.data[1].nodes[0], 1);
  CU_ASSERT_EQUAL(m->elements.data[1].nodes[1], 2);
  CU_ASSERT_EQUAL(m->elements.data[1].has_property, 1);
  NSB_ASSERT_CLOSE(m->elements.data[0].stiffness, 1000.0, 0.0);
  CU_ASSERT_EQUAL_FATAL(m->materials.count, 1);
  CU_ASSERT_STRING_EQUAL(m->materials.data[0].name, "Steel");
  NSB_ASSERT_CLOSE(m->materials.data[0].E, 210e9, 0.0);
  NSB_ASSERT_CLOSE(m->materials.data[0].nu, 0.3, 0.0);
  NSB_ASSERT_CLOSE(m->materials.data[0].rho, 7850.0, 0.0);
  CU_ASSERT(m->materials.data[0].has_elastic && m->materials.data[0].has_density);

  /* bodies */
  CU_ASSERT_EQUAL_FATAL(m->rigid_bodies.count, 3);
  CU_ASSERT_EQUAL_FATAL(m->particles.count, 3);
  const nsb_rigid_body* b0 = &m->rigid_bodies.data[0];
  CU_ASSERT_EQUAL(b0->node, 1);
  NSB_ASSERT_CLOSE(b0->J_c[0], 1.0, 0.0);
  NSB_ASSERT_CLOSE(b0->J_c[4], 2.0, 0.0);
  NSB_ASSERT_CLOSE(b0->J_c[8], 3.0, 0.0);
  NSB_ASSERT_CLOSE(b0->J_c[1], 0.0, 0.0);
  /* J_c = J_O - m (|c|^2 1 - c c^T), c = (0, 0, 1), m = 2: subtract diag(2, 2, 0) */
  const nsb_rigid_body* b1 = &m->rigid_bodies.data[1];
  static const double Jc[9] = {1.0, 0.5, 0.0, 0.5, 2.0, 0.0, 0.0, 0.0, 5.0};
  for (int k = 0; k < 9; ++k) NSB_ASSERT_CLOSE(b1->J_c[k], Jc[k], 1e-15);
  NSB_ASSERT_CLOSE(b1->com[2], 1.0, 0.0);
  NSB_ASSERT_CLOSE(b1->mass, 2.0, 0.0);
  CU_ASSERT_EQUAL(m->nodes.data[2].body_kind, NSB_BODY_RIGID);
  CU_ASSERT_EQUAL(m->nodes.data[2].body, 1);
  CU_ASSERT_EQUAL(m->nodes.data[3].body_kind, NSB_BODY_PARTICLE);
  CU_ASSERT_EQUAL(m->particles.data[0].node, 3);
  NSB_ASSERT_CLOSE(m->particles.data[0].radius, 0.1, 0.0);
  NSB_ASSERT_CLOSE(m->particles.data[1].mass, 0.25, 0.0);
  NSB_ASSERT_CLOSE(m->particles.data[2].radius, 0.0, 0.0);
  CU_ASSERT_EQUAL(nsb_model_node_ndof(m, 0), 0);
  CU_ASSERT_EQUAL(nsb_model_node_ndof(m, 6), 3);

  /* joints */
  CU_ASSERT_EQUAL_FATAL(m->joints.count, 5);
  CU_ASSERT_EQUAL(m->joints.data[0].kind, NSB_JOINT_SPHERICAL);
  NSB_ASSERT_CLOSE(m->joints.data[0].point[0], 0.5, 0.0);
  const nsb_joint* rev = &m->joints.data[2];
  CU_ASSERT_EQUAL(rev->kind, NSB_JOINT_REVOLUTE);
  CU_ASSERT_EQUAL(rev->level, NSB_LEVEL_VELOCITY);
  NSB_ASSERT_CLOSE(rev->axis[2], 1.0, 0.0);
  NSB_ASSERT_CLOSE(rev->point[0], 1.5, 0.0);
  NSB_ASSERT_CLOSE(m->joints.data[3].length, -1.0, 0.0);
  NSB_ASSERT_CLOSE(m->joints.data[4].length, 1.0, 0.0);
  CU_ASSERT_EQUAL(m->joints.data[4].node_b, 6);

  /* amplitudes */
  CU_ASSERT_EQUAL_FATAL(m->amplitudes.count, 5);
  int ramp = nsb_model_find_amplitude(m, "ramp"), poly = nsb_model_find_amplitude(m, "POLY");
  int wave = nsb_model_find_amplitude(m, "wave"), smooth = nsb_model_find_amplitude(m, "smooth");
  int late = nsb_model_find_amplitude(m, "LATE");
  CU_ASSERT_FATAL(ramp >= 0 && poly >= 0 && wave >= 0 && smooth >= 0 && late >= 0);
  const nsb_amplitude* a = &m->amplitudes.data[ramp];
  CU_ASSERT_EQUAL(a->kind, NSB_AMP_TABULAR);
  CU_ASSERT_EQUAL(a->n_data, 6);
  CU_ASSERT_EQUAL(a->total_time, 0);
  double d1, d2;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.5, &d1, &d2), 0.5, 1e-15);
  NSB_ASSERT_CLOSE(d1, 1.0, 1e-15);
  NSB_ASSERT_CLOSE(d2, 0.0, 0.0);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 1.5, &d1, NULL), 1.0, 1e-15);
  NSB_ASSERT_CLOSE(d1, 0.0, 1e-15);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 7.0, NULL, NULL), 1.0, 0.0);
  a = &m->amplitudes.data[poly]; /* 1 + 2 t + 3 t^2 */
  CU_ASSERT_EQUAL(a->kind, NSB_AMP_POLYNOMIAL);
  CU_ASSERT_EQUAL(a->n_data, 3);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 2.0, &d1, &d2), 17.0, 1e-13);
  NSB_ASSERT_CLOSE(d1, 14.0, 1e-13);
  NSB_ASSERT_CLOSE(d2, 6.0, 1e-13);
  a = &m->amplitudes.data[wave]; /* 1 + 0.5 cos(3 s) + 0.25 sin(3 s) + 0.1 cos(6 s) + 0.2 sin(6 s), s = t - 0.5 */
  CU_ASSERT_EQUAL(a->kind, NSB_AMP_PERIODIC);
  CU_ASSERT_EQUAL(a->total_time, 1);
  CU_ASSERT_EQUAL_FATAL(a->n_data, 8);
  static const double wave_data[8] = {2, 3.0, 0.5, 1.0, 0.5, 0.25, 0.1, 0.2};
  for (int k = 0; k < 8; ++k) NSB_ASSERT_CLOSE(a->data[k], wave_data[k], 0.0);
  double s = 1.25 - 0.5;
  double v = 1.0 + 0.5 * cos(3 * s) + 0.25 * sin(3 * s) + 0.1 * cos(6 * s) + 0.2 * sin(6 * s);
  double v1 = 3 * (-0.5 * sin(3 * s) + 0.25 * cos(3 * s)) + 6 * (-0.1 * sin(6 * s) + 0.2 * cos(6 * s));
  double v2 = -9 * (0.5 * cos(3 * s) + 0.25 * sin(3 * s)) - 36 * (0.1 * cos(6 * s) + 0.2 * sin(6 * s));
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 1.25, &d1, &d2), v, 1e-13);
  NSB_ASSERT_CLOSE(d1, v1, 1e-12);
  NSB_ASSERT_CLOSE(d2, v2, 1e-12);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.0, NULL, NULL), 1.0, 0.0); /* before t0: A0 */
  a = &m->amplitudes.data[smooth]; /* 0 -> 4 over [0, 2]: 4 x^3 (10 - 15 x + 6 x^2), x = t/2 */
  CU_ASSERT_EQUAL(a->kind, NSB_AMP_SMOOTH_STEP);
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 1.0, &d1, &d2), 2.0, 1e-14);
  NSB_ASSERT_CLOSE(d1, 4.0 * 30.0 * 0.0625 / 2.0, 1e-13);
  NSB_ASSERT_CLOSE(d2, 0.0, 1e-13);
  double x = 0.25;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.5, &d1, &d2), 4.0 * x * x * x * (10 - 15 * x + 6 * x * x), 1e-14);
  NSB_ASSERT_CLOSE(d2, 4.0 * 60.0 * x * (1 - x) * (1 - 2 * x) / 4.0, 1e-13);

  /* initial conditions, manufactured rotation */
  CU_ASSERT_EQUAL_FATAL(m->initials.count, 5);
  CU_ASSERT_EQUAL(m->initials.data[0].kind, NSB_INIT_VELOCITY);
  CU_ASSERT_EQUAL(m->initials.data[0].node, 6);
  CU_ASSERT_EQUAL(m->initials.data[1].node, 7);
  CU_ASSERT_EQUAL(m->initials.data[2].dof, 6);
  NSB_ASSERT_CLOSE(m->initials.data[2].value, 0.5, 0.0);
  CU_ASSERT_EQUAL(m->initials.data[3].kind, NSB_INIT_ROTATION);
  NSB_ASSERT_CLOSE(m->initials.data[3].vec[2], 0.3, 0.0);
  CU_ASSERT_EQUAL(m->initials.data[4].kind, NSB_INIT_BODY_ANGULAR_VEL);
  CU_ASSERT_EQUAL_FATAL(m->manufactured.count, 1);
  CU_ASSERT_EQUAL(m->manufactured.data[0].node, 5);
  CU_ASSERT_EQUAL(m->manufactured.data[0].amp[0], poly);
  CU_ASSERT_EQUAL(m->manufactured.data[0].amp[1], wave);
  CU_ASSERT_EQUAL(m->manufactured.data[0].amp[2], smooth);

  /* probes */
  CU_ASSERT_EQUAL_FATAL(m->probes.count, 2);
  CU_ASSERT_STRING_EQUAL(m->probes.data[0].name, "tip-1");
  CU_ASSERT_EQUAL(m->probes.data[0].node, 3);
  CU_ASSERT_EQUAL(m->probes.data[0].quantities, (unsigned)(NSB_PROBE_X | NSB_PROBE_U | NSB_PROBE_V));
  CU_ASSERT_EQUAL(m->probes.data[1].quantities,
                  (unsigned)(NSB_PROBE_R | NSB_PROBE_W | NSB_PROBE_Q | NSB_PROBE_WB));

  /* loads and supports */
  CU_ASSERT_EQUAL_FATAL(m->boundaries.count, 4);
  CU_ASSERT_EQUAL(m->boundaries.data[0].dof_last, 6);
  CU_ASSERT_EQUAL(m->boundaries.data[0].step, -1);
  CU_ASSERT_EQUAL(m->boundaries.data[0].amplitude, -1);
  CU_ASSERT_EQUAL(m->boundaries.data[2].node, 7);
  CU_ASSERT_EQUAL(m->boundaries.data[2].dof_first, 2);
  CU_ASSERT_EQUAL(m->boundaries.data[3].step, 0);
  CU_ASSERT_EQUAL(m->boundaries.data[3].amplitude, ramp);
  NSB_ASSERT_CLOSE(m->boundaries.data[3].value, 0.5, 0.0);
  CU_ASSERT_EQUAL_FATAL(m->cloads.count, 3);
  CU_ASSERT_EQUAL(m->cloads.data[0].dof, 4);
  CU_ASSERT_EQUAL(m->cloads.data[0].follower, 1);
  CU_ASSERT_EQUAL(m->cloads.data[0].amplitude, wave);
  CU_ASSERT_EQUAL(m->cloads.data[2].node, 1);
  CU_ASSERT_EQUAL(m->cloads.data[2].step, 0);
  CU_ASSERT_EQUAL_FATAL(m->gravities.count, 2);
  NSB_ASSERT_CLOSE(m->gravities.data[0].g[2], -9.81, 0.0);
  CU_ASSERT_EQUAL(m->gravities.data[0].step, -1);
  CU_ASSERT_EQUAL(m->gravities.data[0].amplitude, -1);
  CU_ASSERT_EQUAL(m->gravities.data[1].amplitude, late);
  CU_ASSERT_EQUAL(m->gravities.data[1].step, 0);

  /* steps */
  CU_ASSERT_EQUAL_FATAL(m->steps.count, 2);
  const nsb_step_def* st = &m->steps.data[0];
  CU_ASSERT_STRING_EQUAL(st->name, "Drop");
  CU_ASSERT_EQUAL(st->kind, NSB_STEP_DYNAMIC);
  CU_ASSERT_EQUAL(st->scheme, NSB_SCHEME_NEWMARK);
  NSB_ASSERT_CLOSE(st->beta, 0.3, 0.0);
  NSB_ASSERT_CLOSE(st->gamma, 0.6, 0.0);
  NSB_ASSERT_CLOSE(st->h, 0.001, 0.0);
  NSB_ASSERT_CLOSE(st->period, 1.0, 0.0);
  NSB_ASSERT_CLOSE(st->h_min, 1e-5, 0.0);
  CU_ASSERT_EQUAL(st->max_iter, 30);
  NSB_ASSERT_CLOSE(st->tol_inc, 1e-9, 0.0);
  NSB_ASSERT_CLOSE(st->tol_res, 1e-7, 0.0);
  CU_ASSERT_EQUAL(st->linsolver, NSB_LINSOLVER_UMFPACK);
  CU_ASSERT_EQUAL(st->ordering, NSB_ORDERING_AUTO);
  CU_ASSERT_EQUAL(st->vtk_every, 10);
  CU_ASSERT_EQUAL(st->vtk_ascii, 1);
  CU_ASSERT_EQUAL(st->history_every, 5);
  st = &m->steps.data[1];
  CU_ASSERT_EQUAL(st->kind, NSB_STEP_STATIC);
  NSB_ASSERT_CLOSE(st->h, 0.1, 0.0);
  NSB_ASSERT_CLOSE(st->h_min, 1e-5, 0.0); /* a static step may cut back to 1e-5 of its period */
  CU_ASSERT_EQUAL(st->max_iter, 25);
  CU_ASSERT_EQUAL(st->linsolver, NSB_LINSOLVER_AUTO);
  CU_ASSERT_EQUAL(st->ordering, NSB_ORDERING_METIS);
  CU_ASSERT_EQUAL(st->vtk_every, 1);
  CU_ASSERT_EQUAL(st->vtk_ascii, 0);
  CU_ASSERT_EQUAL(st->history_every, 1);
  run_free(&r);
}

static void test_minimal_defaults(void) {
  run r = expect_ok(GOOD_DIR "/minimal.inp", NULL);
  if (r.m) {
    const nsb_step_def* st = &r.m->steps.data[0];
    nsb_step_def d = nsb_step_default_def(NSB_STEP_DYNAMIC, NSB_SCHEME_MODIFIED_NEWMARK);
    CU_ASSERT_EQUAL(st->kind, NSB_STEP_DYNAMIC);
    CU_ASSERT_EQUAL(st->scheme, NSB_SCHEME_MODIFIED_NEWMARK);
    /* the default: the generalized-alpha form with rho_inf = 0.9 and the
       Chung-Hulbert parameters (docs/theory.md §3.5) */
    double ri = NSB_MODIFIED_RHOINF_DEFAULT, am = (2.0 * ri - 1.0) / (ri + 1.0), af = ri / (ri + 1.0);
    CU_ASSERT_EQUAL(st->mn_alpha, 1);
    NSB_ASSERT_CLOSE(st->rho_inf, ri, 0.0);
    NSB_ASSERT_CLOSE(st->alpha_m, am, 1e-15);
    NSB_ASSERT_CLOSE(st->alpha_f, af, 1e-15);
    NSB_ASSERT_CLOSE(st->beta, 0.25 * (1.0 - am + af) * (1.0 - am + af), 1e-15);
    NSB_ASSERT_CLOSE(st->gamma, 0.5 - am + af, 1e-15);
    NSB_ASSERT_CLOSE(st->h_min, 0.01 * NSB_DYNAMIC_CUTBACK_MIN, 0.0); /* cutbacks by default */
    CU_ASSERT_EQUAL(st->max_iter, d.max_iter);
    NSB_ASSERT_CLOSE(st->tol_inc, d.tol_inc, 0.0);
    NSB_ASSERT_CLOSE(st->tol_res, d.tol_res, 0.0);
    CU_ASSERT_EQUAL(st->linsolver, NSB_LINSOLVER_AUTO);
    CU_ASSERT_EQUAL(st->ordering, NSB_ORDERING_AUTO);
    /* no output asked: the default output, VTK about 100 frames per step */
    CU_ASSERT_EQUAL(st->vtk_every, st->period / st->h > 100.0 ? (int)(st->period / st->h / 100.0) : 1);
    CU_ASSERT(st->vtk_every >= 1);
    CU_ASSERT_EQUAL(st->history_every, 1);
    CU_ASSERT_EQUAL(st->name[0], '\0');
    CU_ASSERT_EQUAL(r.m->heading[0], '\0');
    NSB_ASSERT_CLOSE(r.m->nodes.data[0].X[1], -0.25, 0.0);
    NSB_ASSERT_CLOSE(r.m->particles.data[0].mass, 3.0, 0.0);
  }
  run_free(&r);
}

/* DEFINITION=SUM: the spin-up hub angle of benchmarks/spin_up,
   psi = 0.2 t^2 + c (cos(w t) - 1), c = 0.4 (15/(2 pi))^2, w = 2 pi/15, as
   POLYNOMIAL + PERIODIC; the sum is defined before its terms (resolved once
   the deck is read) and carries their data. */
static void test_amplitude_sum(void) {
  const double pi = 3.14159265358979323846;
  const double c = 0.4 * (15.0 / (2.0 * pi)) * (15.0 / (2.0 * pi)), w = 2.0 * pi / 15.0;
  char text[1024];
  snprintf(text, sizeof text,
           "*NODE\n1, 0, 0, 0\n*PARTICLE, NODE=1, MASS=1.0\n"
           "*AMPLITUDE, NAME=PSI, DEFINITION=SUM, TIME=TOTAL TIME\nQUAD, 1.0, COS, 1.0\n"
           "*AMPLITUDE, NAME=QUAD, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n0.0, 0.0, 0.2\n"
           "*AMPLITUDE, NAME=COS, DEFINITION=PERIODIC, TIME=TOTAL TIME\n1, %.17g, 0.0, %.17g\n%.17g, 0.0\n"
           "*STEP\n*DYNAMIC\n0.01, 1.0\n*CLOAD, AMPLITUDE=PSI\n1, 1, 1.0\n*END STEP\n",
           w, -c, c);
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "sum.inp", text, stderr, &m, NULL), NSB_OK);
  const nsb_amplitude* a = &m->amplitudes.data[nsb_model_find_amplitude(m, "psi")];
  CU_ASSERT_EQUAL(a->kind, NSB_AMP_SUM);
  CU_ASSERT_EQUAL(a->total_time, 1);
  CU_ASSERT_EQUAL(a->n_data, 1 + (3 + 3) + (3 + 6));
  CU_ASSERT_EQUAL(m->cloads.data[0].amplitude, nsb_model_find_amplitude(m, "PSI"));
  for (int k = 0; k <= 6; ++k) {
    double t = 2.5 * k, d1, d2;
    double v = nsb_amplitude_eval(a, t, &d1, &d2);
    NSB_ASSERT_CLOSE(v, 0.2 * t * t + c * (cos(w * t) - 1.0), 1e-13);
    NSB_ASSERT_CLOSE(d1, 0.4 * t - c * w * sin(w * t), 1e-13);
    NSB_ASSERT_CLOSE(d2, 0.4 - c * w * w * cos(w * t), 1e-13);
  }
  /* at t = 15: the spin-up ends at angle 45 with rate 6 and no acceleration */
  double d1, d2;
  NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 15.0, &d1, &d2), 45.0, 1e-12);
  NSB_ASSERT_CLOSE(d1, 6.0, 1e-12);
  NSB_ASSERT_CLOSE(d2, 0.0, 1e-13);
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* DEFINITION=EQUALLY SPACED (Abaqus): values at BEGIN + k FIXED INTERVAL, any number per
   line, read as a TABULAR table. */
static void test_amplitude_equally_spaced(void) {
  run r = expect_ok("equal.inp", "*NODE\n1, 0, 0, 0\n*PARTICLE, NODE=1, MASS=1.0\n"
                                 "*AMPLITUDE, NAME=A, DEFINITION=EQUALLY SPACED, FIXED INTERVAL=0.25, BEGIN=0.5\n"
                                 "1., 3., 2.\n0.\n"
                                 "*STEP\n*DYNAMIC\n0.01, 1.0\n*CLOAD, AMPLITUDE=A\n1, 1, 1.0\n*END STEP\n");
  if (r.m) {
    const nsb_amplitude* a = &r.m->amplitudes.data[nsb_model_find_amplitude(r.m, "A")];
    CU_ASSERT_EQUAL(a->kind, NSB_AMP_TABULAR);
    CU_ASSERT_EQUAL(a->n_data, 8);
    static const double t[] = {0.5, 0.75, 1.0, 1.25}, v[] = {1.0, 3.0, 2.0, 0.0};
    for (int k = 0; k < 4 && a->n_data == 8; ++k) {
      NSB_ASSERT_CLOSE(a->data[2 * k], t[k], 0.0);
      NSB_ASSERT_CLOSE(a->data[2 * k + 1], v[k], 0.0);
    }
    double d1, d2;
    NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.625, &d1, &d2), 2.0, 1e-15);
    NSB_ASSERT_CLOSE(d1, 8.0, 1e-13);
    NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.0, &d1, &d2), 1.0, 0.0);
  }
  run_free(&r);
}

/* Abaqus's DECAY and MODULATED amplitudes (one data line each, as Abaqus/CAE writes
   them), TOTAL TIME kept, and the equally spaced table after them still read. */
static void test_amplitude_decay_modulated(void) {
  run r = expect_ok("decay.inp", "*NODE\n1, 0, 0, 0\n*PARTICLE, NODE=1, MASS=1.0\n"
                                 "*Amplitude, name=Amp-1, definition=DECAY, time=TOTAL TIME\n"
                                 "0.5, 2., 0.1, 0.25\n"
                                 "*Amplitude, name=Amp-2, definition=MODULATED\n"
                                 "0., 1.5, 0.2, 31.4159, 6.28318\n"
                                 "*AMPLITUDE, NAME=E, DEFINITION=EQUALLY SPACED, FIXED INTERVAL=0.5\n0., 1.\n"
                                 "*STEP\n*DYNAMIC\n0.01, 1.0\n*CLOAD, AMPLITUDE=AMP-1\n1, 1, 1.0\n"
                                 "*CLOAD, AMPLITUDE=AMP-2\n1, 2, 1.0\n*CLOAD, AMPLITUDE=E\n1, 3, 1.0\n*END STEP\n");
  if (r.m) {
    const nsb_amplitude* a = &r.m->amplitudes.data[nsb_model_find_amplitude(r.m, "AMP-1")];
    CU_ASSERT_EQUAL(a->kind, NSB_AMP_DECAY);
    CU_ASSERT_EQUAL(a->total_time, 1);
    CU_ASSERT_EQUAL_FATAL(a->n_data, 4);
    static const double dv[] = {0.5, 2.0, 0.1, 0.25}, mv[] = {0.0, 1.5, 0.2, 31.4159, 6.28318};
    for (int k = 0; k < 4; ++k) NSB_ASSERT_CLOSE(a->data[k], dv[k], 0.0);
    NSB_ASSERT_CLOSE(nsb_amplitude_eval(a, 0.35, NULL, NULL), 0.5 + 2.0 * exp(-1.0), 1e-15);
    a = &r.m->amplitudes.data[nsb_model_find_amplitude(r.m, "AMP-2")];
    CU_ASSERT_EQUAL(a->kind, NSB_AMP_MODULATED);
    CU_ASSERT_EQUAL(a->total_time, 0);
    CU_ASSERT_EQUAL_FATAL(a->n_data, 5);
    for (int k = 0; k < 5; ++k) NSB_ASSERT_CLOSE(a->data[k], mv[k], 0.0);
    a = &r.m->amplitudes.data[nsb_model_find_amplitude(r.m, "E")];
    CU_ASSERT_EQUAL(a->kind, NSB_AMP_TABULAR);
    CU_ASSERT_EQUAL(a->n_data, 4);
  }
  run_free(&r);
}

/* The smallest increment of *DYNAMIC (docs/deck.md): h / 1024 by default (ten
   halvings), h itself with DIRECT (Abaqus: fixed increments), and a given h_min
   whatever DIRECT says; h_min > h is an error with or without DIRECT. */
static void test_dynamic_h_min(void) {
  static const struct {
    const char* line; /* the procedure keyword and its data line */
    double h_min;     /* expected; < 0: the deck is refused */
  } cases[] = {
      {"*DYNAMIC\n0.01, 0.1\n", 0.01 / 1024.0},
      {"*DYNAMIC, DIRECT\n0.01, 0.1\n", 0.01},
      {"*DYNAMIC, DIRECT\n0.01, 0.1, , 0.01\n", 0.01},
      {"*DYNAMIC, DIRECT\n0.01, 0.1, 0.001\n", 0.001},
      {"*DYNAMIC\n0.01, 0.1, 0.01\n", 0.01},
      {"*DYNAMIC, DIRECT\n0.01, 0.1, 0.02\n", -1.0},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    char text[512];
    snprintf(text, sizeof text, "*NODE\n1, 0, 0, 0\n*PARTICLE, NODE=1, MASS=1\n*STEP\n%s*END STEP\n", cases[c].line);
    run r = cases[c].h_min > 0.0 ? expect_ok("hmin.inp", text) : read_deck("hmin.inp", text);
    if (cases[c].h_min > 0.0 && r.m) {
      NSB_ASSERT_CLOSE(r.m->steps.data[0].h_min, cases[c].h_min, 0.0);
    } else if (cases[c].h_min < 0.0) {
      CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
      CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "hmin.inp:6: minimum increment must satisfy 0 < h_min <= h"));
    }
    run_free(&r);
  }
}

static void test_crlf(void) {
  run r = expect_ok(GOOD_DIR "/crlf.inp", NULL);
  if (r.m) {
    NSB_ASSERT_CLOSE(r.m->nodes.data[0].X[2], 3.0, 0.0);
    CU_ASSERT_STRING_EQUAL(r.m->steps.data[0].name, "Settle");
    CU_ASSERT_EQUAL(r.m->steps.data[0].kind, NSB_STEP_STATIC);
    NSB_ASSERT_CLOSE(r.m->rigid_bodies.data[0].J_c[8], 2.0, 0.0);
  }
  run_free(&r);
}

static const char* const tiny_tail = "*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";

static void test_string_deck(void) {
  char text[512];
  snprintf(text, sizeof text,
           "*NODE\n 1 , 0 , 0 , 0 \n*PARTICLE,NODE=1,MASS=1\n*amplitude ,  name = A1 , definition = smooth   step\n"
           "0, 0, 1, 1, 2, 0, 3, 5\n4, 5\n%s",
           tiny_tail);
  run r = expect_ok("inline.inp", text);
  if (r.m) {
    CU_ASSERT_STRING_EQUAL(r.m->source, "inline.inp");
    CU_ASSERT_EQUAL(r.m->amplitudes.data[0].kind, NSB_AMP_SMOOTH_STEP);
    CU_ASSERT_EQUAL(r.m->amplitudes.data[0].n_data, 10);
  }
  run_free(&r);
}

/* Abaqus's continued keyword lines: a keyword line ending in a comma goes on in the next
   line (comments between are skipped); a line that starts like a number after a stray comma is
   a data line, as before. */
static void test_keyword_continuation(void) {
  const char* text =
      "*NODE,\n NSET=ALL\n1, 0, 0, 0\n2, 1, 0, 0\n*PARTICLE, NODE=1,\n** the mass\nMASS=2\n"
      "*PARTICLE, NODE=2, MASS=3,\n*INITIAL CONDITIONS,\n   TYPE=VELOCITY\nALL, 1, 0.5\n"
      "*NSET,\nNSET=ONE\n1\n*CLOAD,\n1, 2, 4.0\n*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";
  run r = expect_ok("continued.inp", text);
  if (r.m) {
    CU_ASSERT_EQUAL(r.m->nodes.count, 2);
    CU_ASSERT_EQUAL(r.m->particles.count, 2);
    NSB_ASSERT_CLOSE(r.m->particles.data[0].mass, 2.0, 0.0);
    CU_ASSERT_EQUAL(r.m->initials.count, 2);
    CU_ASSERT_EQUAL(r.m->cloads.count, 1);
  }
  run_free(&r);
}

/* Abaqus's TYPE=ROTATING VELOCITY: a pair of data lines per record, omega about the axis a-b. */
static void test_rotating_velocity(void) {
  const char* text =
      "*NODE, NSET=ALL\n1, 1, 0, 0\n2, 0, 1, 0\n*PARTICLE, NSET=ALL, MASS=1\n"
      "*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY\nALL, 2.0, 0, 0, 1\n0, 0, -3\n2, 5, 1, 1, 1\n1, 1, 2\n"
      "*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";
  run r = expect_ok("rotating.inp", text);
  if (r.m) {
    CU_ASSERT_EQUAL(r.m->initials.count, 3);
    const nsb_initial* a = &r.m->initials.data[0];
    CU_ASSERT_EQUAL(a->kind, NSB_INIT_ROTATING_VELOCITY);
    NSB_ASSERT_CLOSE(a->vec[2], -2.0, 0.0); /* from a down to b: -z */
    NSB_ASSERT_CLOSE(a->vec[0], 0.0, 0.0);
    NSB_ASSERT_CLOSE(a->point[2], 1.0, 0.0);
    CU_ASSERT_EQUAL(a->line, 6);
    const nsb_initial* c = &r.m->initials.data[2];
    NSB_ASSERT_CLOSE(c->vec[2], 5.0, 0.0);
    CU_ASSERT_EQUAL(c->line, 8);
  }
  run_free(&r);
}

/* Convert J_O to J_c for an off-diagonal com and compare with the formula. */
static void test_inertia_reference(void) {
  char text[512];
  snprintf(text, sizeof text,
           "*NODE\n1, 0, 0, 0\n*RIGID BODY, NODE=1, MASS=3, INERTIA=REFERENCE\n10, 11, 12, 1, 2, 3\n0.1, -0.2, 0.3\n%s",
           tiny_tail);
  run r = expect_ok("inertia.inp", text);
  if (r.m) {
    const double J_O[9] = {10, 1, 2, 1, 11, 3, 2, 3, 12};
    const double c[3] = {0.1, -0.2, 0.3};
    double c2 = 0.01 + 0.04 + 0.09;
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) {
        double want = J_O[i + 3 * j] - 3.0 * ((i == j ? c2 : 0.0) - c[i] * c[j]);
        NSB_ASSERT_CLOSE(r.m->rigid_bodies.data[0].J_c[i + 3 * j], want, 1e-14);
      }
  }
  run_free(&r);
}

/* |a - b| <= 1e-12 |b| */
#define ASSERT_REL(a, b) NSB_ASSERT_CLOSE((a), (b), 1e-12 * fabs(b))

/* Hand values (computed separately, 17 digits) of a shaped section:
   EA, k G A, GJ, EI2, EI3, rhoA, rhoJ1, rhoJ2, rhoJ3, sqrt(A/pi). */
static void check_section(const nsb_section* s, const double want[10]) {
  ASSERT_REL(s->EA, want[0]);
  ASSERT_REL(s->GA2, want[1]);
  ASSERT_REL(s->GA3, want[1]);
  ASSERT_REL(s->GJ, want[2]);
  ASSERT_REL(s->EI2, want[3]);
  ASSERT_REL(s->EI3, want[4]);
  ASSERT_REL(s->rhoA, want[5]);
  for (int k = 0; k < 3; ++k) ASSERT_REL(s->rhoJ[k], want[6 + k]);
  ASSERT_REL(s->draw_radius, want[9]);
}

static void test_beam_deck(void) {
  run r = expect_ok(GOOD_DIR "/beams.inp", NULL);
  const nsb_model* m = r.m;
  if (!m) {
    run_free(&r);
    return;
  }
  /* elements: type, points, section (RECTS 0, RODS 1, PIPES 2, WIDE 3, GEN 4) */
  CU_ASSERT_EQUAL_FATAL(m->elements.count, 7);
  static const int points[7] = {3, 3, 3, 10, 2, 3, 0}; /* B2V default: 3 points */
  static const int section[7] = {0, 0, 1, 2, 4, 3, -1};
  for (int i = 0; i < 7; ++i) {
    const nsb_element* e = &m->elements.data[i];
    CU_ASSERT_EQUAL(e->label, i + 1);
    CU_ASSERT_EQUAL(e->type, i < 6 ? NSB_ETYPE_B2V : NSB_ETYPE_SPRINGA);
    CU_ASSERT_EQUAL(e->n_nodes, 2);
    CU_ASSERT_EQUAL(e->nodes[0], i);
    CU_ASSERT_EQUAL(e->nodes[1], i + 1);
    CU_ASSERT_EQUAL(e->n_points, points[i]);
    CU_ASSERT_EQUAL(e->section, section[i]);
    CU_ASSERT_EQUAL(e->has_property, 1);
  }
  NSB_ASSERT_CLOSE(m->elements.data[6].stiffness, 1000.0, 0.0);
  /* beam counts and DOFs: a particle or rigid body on a beam node keeps 6 DOFs */
  static const int n_beams[8] = {1, 2, 2, 2, 2, 2, 1, 0};
  for (int i = 0; i < 8; ++i) {
    CU_ASSERT_EQUAL(m->nodes.data[i].n_beams, n_beams[i]);
    CU_ASSERT_EQUAL(nsb_model_node_ndof(m, i), i < 7 ? 6 : 3);
  }
  CU_ASSERT_EQUAL(m->nodes.data[2].body_kind, NSB_BODY_PARTICLE);
  CU_ASSERT_EQUAL(m->nodes.data[6].body_kind, NSB_BODY_RIGID);

  /* sections */
  CU_ASSERT_EQUAL_FATAL(m->sections.count, 5);
  const nsb_section* sec = m->sections.data;
  CU_ASSERT_EQUAL(sec[0].shape, NSB_SECTION_RECT);
  CU_ASSERT_EQUAL(sec[1].shape, NSB_SECTION_CIRC);
  CU_ASSERT_EQUAL(sec[2].shape, NSB_SECTION_PIPE);
  CU_ASSERT_EQUAL(sec[3].shape, NSB_SECTION_RECT);
  CU_ASSERT_EQUAL(sec[4].shape, NSB_SECTION_GENERAL);
  CU_ASSERT_EQUAL(sec[0].elset, nsb_model_find_elset(m, "RECTS"));
  CU_ASSERT_EQUAL(sec[4].elset, nsb_model_find_elset(m, "GEN"));
  CU_ASSERT_EQUAL(sec[0].line, 47);
  NSB_ASSERT_CLOSE(sec[0].dims[0], 0.02, 0.0);
  NSB_ASSERT_CLOSE(sec[0].dims[1], 0.04, 0.0);
  NSB_ASSERT_CLOSE(sec[1].dims[0], 0.01, 0.0);
  NSB_ASSERT_CLOSE(sec[2].dims[0], 0.05, 0.0);
  NSB_ASSERT_CLOSE(sec[2].dims[1], 0.005, 0.0);
  /* RECT steel (E 210e9, nu 0.3, rho 7850), b = 0.02 (G2), h = 0.04 (G3), k = 5/6:
     A = 8e-4, I2 = b h^3/12 = 1.0666...e-7, I3 = h b^3/12 = 2.666...e-8,
     J = 0.04 * 0.02^3 (1/3 - 0.21 * 0.5 (1 - 0.5^4/12)) = 7.32416666...e-8 */
  static const double rect[10] = {168000000.0,           53846153.846153846,    5915.6730769230769,
                                  22400.0,               5600.0,                6.28,
                                  0.0010466666666666667, 0.00083733333333333333, 0.00020933333333333333,
                                  0.015957691216057307};
  check_section(&sec[0], rect);
  /* CIRC aluminium (E 70e9, nu 0.33, rho 2700), r = 0.01, k = 0.9 */
  static const double circ[10] = {21991148.575128553,    7440614.1795547735,    413.36745441970964,
                                  549.77871437821382,    549.77871437821382,    0.84823001646924417,
                                  4.2411500823462209e-5, 2.1205750411731104e-5, 2.1205750411731104e-5,
                                  0.01};
  check_section(&sec[1], circ);
  /* PIPE steel, r = 0.05, t = 0.005, k = 0.5: I = pi (r^4 - (r - t)^4)/4, J = 2 I */
  static const double pipe[10] = {313373867.19558188,   60264205.229919591,   272695.52866538615,
                                  354504.187265002,     354504.187265002,     11.714213607072942,
                                  0.02650340828600253,  0.013251704143001265, 0.013251704143001265,
                                  0.021794494717703368};
  check_section(&sec[2], pipe);
  /* RECT aluminium, b = 0.06 > h = 0.01 (a = b in the torsion formula), SHEAR FACTOR=1.0 */
  static const double wide[10] = {42000000.0, 15789473.684210526, 471.05618502274204, 350.0, 12600.0, 1.62,
                                  0.0004995,  1.35e-5,            0.000486,           0.013819765978853419};
  check_section(&sec[3], wide);
  /* general section: values as given */
  static const double gen[6] = {1e5, 2e5, 3e5, 1e3, 2e3, 3e3};
  const double got[6] = {sec[4].EA, sec[4].GA2, sec[4].GA3, sec[4].GJ, sec[4].EI2, sec[4].EI3};
  for (int k = 0; k < 6; ++k) NSB_ASSERT_CLOSE(got[k], gen[k], 0.0);
  NSB_ASSERT_CLOSE(sec[4].rhoA, 1.0, 0.0);
  for (int k = 0; k < 3; ++k) NSB_ASSERT_CLOSE(sec[4].rhoJ[k], 0.0, 0.0);
  NSB_ASSERT_CLOSE(sec[4].draw_radius, 0.02, 0.0);
  /* n1: normalized when given, (0, 0, 0) = default rule */
  const double h = sqrt(0.5);
  NSB_ASSERT_CLOSE(sec[0].n1[0], 0.0, 0.0);
  NSB_ASSERT_CLOSE(sec[0].n1[2], 1.0, 0.0);
  for (int k = 0; k < 3; ++k) NSB_ASSERT_CLOSE(sec[1].n1[k], 0.0, 0.0);
  NSB_ASSERT_CLOSE(sec[4].n1[0], 0.0, 0.0);
  NSB_ASSERT_CLOSE(sec[4].n1[1], h, 1e-15);
  NSB_ASSERT_CLOSE(sec[4].n1[2], h, 1e-15);

  /* node frames: normalized, G2 orthogonalized against G1 */
  CU_ASSERT_EQUAL_FATAL(m->node_frames.count, 2);
  const nsb_node_frame* f = m->node_frames.data;
  CU_ASSERT_EQUAL(f[0].node, 0);
  static const double g1a[3] = {1, 0, 0}, g2a[3] = {0, 1, 0};
  const double g1b[3] = {h, 0, h};
  for (int k = 0; k < 3; ++k) {
    NSB_ASSERT_CLOSE(f[0].g1[k], g1a[k], 1e-15);
    NSB_ASSERT_CLOSE(f[0].g2[k], g2a[k], 1e-15);
    NSB_ASSERT_CLOSE(f[1].g1[k], g1b[k], 1e-15);
    NSB_ASSERT_CLOSE(f[1].g2[k], g2a[k], 1e-15);
  }
  CU_ASSERT_EQUAL(f[1].node, 3);
  CU_ASSERT_EQUAL(f[1].line, 62);

  /* distributed loads: one record per element */
  CU_ASSERT_EQUAL_FATAL(m->dloads.count, 4);
  const nsb_dload* d = m->dloads.data;
  CU_ASSERT_EQUAL(d[0].element, 0);
  CU_ASSERT_EQUAL(d[1].element, 1);
  CU_ASSERT_EQUAL(d[0].kind, 2);
  CU_ASSERT_EQUAL(d[1].kind, 2);
  NSB_ASSERT_CLOSE(d[1].value, -100.0, 0.0);
  CU_ASSERT_EQUAL(d[1].step, -1);
  CU_ASSERT_EQUAL(d[1].amplitude, -1);
  CU_ASSERT_EQUAL(d[2].element, 2);
  CU_ASSERT_EQUAL(d[2].kind, 3);
  NSB_ASSERT_CLOSE(d[2].value, 2.5, 0.0);
  CU_ASSERT_EQUAL(d[3].element, 4);
  CU_ASSERT_EQUAL(d[3].kind, 1);
  CU_ASSERT_EQUAL(d[3].step, 0);
  CU_ASSERT_EQUAL(d[3].amplitude, nsb_model_find_amplitude(m, "RAMP"));
  CU_ASSERT_EQUAL(d[3].line, 86);

  /* partial rotational supports, initial conditions and moments on beam nodes */
  CU_ASSERT_EQUAL_FATAL(m->boundaries.count, 3);
  CU_ASSERT_EQUAL(m->boundaries.data[1].node, 0);
  CU_ASSERT_EQUAL(m->boundaries.data[1].dof_first, 4);
  CU_ASSERT_EQUAL(m->boundaries.data[1].dof_last, 4);
  CU_ASSERT_EQUAL(m->boundaries.data[2].node, 3);
  CU_ASSERT_EQUAL(m->boundaries.data[2].dof_first, 5);
  CU_ASSERT_EQUAL(m->boundaries.data[2].dof_last, 6);
  CU_ASSERT_EQUAL(m->boundaries.data[2].step, 0);
  CU_ASSERT_EQUAL_FATAL(m->initials.count, 2);
  CU_ASSERT_EQUAL(m->initials.data[0].node, 1);
  CU_ASSERT_EQUAL(m->initials.data[0].dof, 6);
  CU_ASSERT_EQUAL(m->initials.data[1].kind, NSB_INIT_ROTATION);
  CU_ASSERT_EQUAL(m->initials.data[1].node, 4);
  CU_ASSERT_EQUAL_FATAL(m->cloads.count, 1);
  CU_ASSERT_EQUAL(m->cloads.data[0].node, 5);
  CU_ASSERT_EQUAL(m->cloads.data[0].dof, 5);
  run_free(&r);
}

/* Several beam errors in one run, each at its line, and no echoes: the
   section with an unknown material still covers its element. */
static void test_beam_errors(void) {
  char text[1024];
  snprintf(text, sizeof text,
           "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n"
           "*BEAM SECTION, ELSET=B, MATERIAL=NOPE, SECTION=RECT\n0.1, 0.1\n"
           "*BEAM NODE FRAME\n2, 1, 0, 0, 2, 0, 0\n"
           "*DLOAD\n1, GRAV, 9.81, 0, 0, -1\nB, PQ, 1.0\n%s",
           tiny_tail);
  run r = read_deck("beam_errors.inp", text);
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
  CU_ASSERT_EQUAL(r.n_errors, 4);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "beam_errors.inp:6: material NOPE is not defined"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "beam_errors.inp:9: *BEAM NODE FRAME: G1 and G2 are parallel"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "beam_errors.inp:11: *DLOAD type GRAV is not supported: use *GRAVITY"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "beam_errors.inp:12: unknown *DLOAD type PQ"));
  if (r.n_errors != 4) fprintf(stderr, "%s", r.errors);
  run_free(&r);
  /* two sections on one element: error at the second, naming the first; two frames likewise */
  snprintf(text, sizeof text,
           "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n*BEAM GENERAL SECTION, ELSET=B\n"
           "1, 1, 1, 1, 1, 1\n0, 0, 0, 0\n*BEAM GENERAL SECTION, ELSET=B\n1, 1, 1, 1, 1, 1\n0, 0, 0, 0\n"
           "*BEAM NODE FRAME\n1, 1, 0, 0, 0, 1, 0\n1, 1, 0, 0, 0, 0, 1\n%s",
           tiny_tail);
  r = read_deck("dup.inp", text);
  CU_ASSERT_EQUAL(r.n_errors, 2);
  CU_ASSERT_PTR_NOT_NULL(
      strstr(r.errors, "dup.inp:9: *BEAM GENERAL SECTION: element 1 already has a beam section (dup.inp:6)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "dup.inp:14: *BEAM NODE FRAME: node 1 already has a frame (dup.inp:13)"));
  run_free(&r);
  /* a beam alone gives the model its degrees of freedom; holding a subset of rotations is fine */
  snprintf(text, sizeof text,
           "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n*BEAM GENERAL SECTION, ELSET=B\n"
           "1, 1, 1, 1, 1, 1\n0, 0, 0, 0\n*BOUNDARY\n1, 1, 3\n1, 5, 6\n%s",
           tiny_tail);
  r = expect_ok("beam_alone.inp", text);
  if (r.m) {
    CU_ASSERT_EQUAL(nsb_model_node_ndof(r.m, 1), 6);
    NSB_ASSERT_CLOSE(r.m->sections.data[0].draw_radius, 0.0, 0.0);
  }
  run_free(&r);
}

/* Abaqus/CAE writes a part's sections before the materials: a *BEAM SECTION may
   name a material defined later, with the same properties as in the usual order
   (every shape, also SHEAR FACTOR and a material without *DENSITY); a material
   defined nowhere, or later without *ELASTIC, is an error at the section's line. */
/* *NGEN and *ELGEN give the model the explicit *NODE and *ELEMENT lines give:
   a 2 x 3 grid of two-node beams (rows along x, the second direction along y). */
static void test_ngen_elgen(void) {
  const char* sec = "*MATERIAL, NAME=S\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7850\n"
                    "*BEAM SECTION, ELSET=B, MATERIAL=S, SECTION=CIRC\n0.01\n0, 0, 1\n";
  char gen[2048], plain[2048];
  snprintf(gen, sizeof gen,
           "*NODE\n1, 0, 0, 0\n7, 0.6, 0.3, 0\n101, 0, 1, 0\n107, 0.6, 1.3, 0\n"
           "*NGEN, NSET=ROW1\n1, 7, 2\n*NGEN, NSET=ROW2, LINE=L\n101, 107, 2\n"
           "*ELEMENT, TYPE=B31, POINTS=2\n1, 1, 3\n*ELGEN, ELSET=B\n1, 3, 2, 1, 2, 100, 10\n%s%s",
           sec, tiny_tail);
  snprintf(plain, sizeof plain,
           "*NODE, NSET=ROW1\n1, 0, 0, 0\n3, 0.2, 0.1, 0\n5, 0.4, 0.2, 0\n7, 0.6, 0.3, 0\n"
           "*NODE, NSET=ROW2\n101, 0, 1, 0\n103, 0.2, 1.1, 0\n105, 0.4, 1.2, 0\n107, 0.6, 1.3, 0\n"
           "*ELEMENT, TYPE=B31, POINTS=2, ELSET=B\n1, 1, 3\n2, 3, 5\n3, 5, 7\n11, 101, 103\n12, 103, 105\n"
           "13, 105, 107\n%s%s",
           sec, tiny_tail);
  run g = expect_ok("gen.inp", gen), e = expect_ok("plain.inp", plain);
  if (g.m && e.m) {
    CU_ASSERT_EQUAL(g.m->nodes.count, e.m->nodes.count);
    CU_ASSERT_EQUAL(g.m->elements.count, 6);
    for (int i = 0; i < e.m->nodes.count; ++i) {
      const nsb_node* b = &e.m->nodes.data[i];
      int j = nsb_model_find_node(g.m, b->label);
      CU_ASSERT_FATAL(j >= 0);
      for (int c = 0; c < 3; ++c) CU_ASSERT_DOUBLE_EQUAL(g.m->nodes.data[j].X[c], b->X[c], 1e-15);
    }
    for (int k = 0; k < e.m->elements.count; ++k) {
      const nsb_element* b = &e.m->elements.data[k];
      const nsb_element* a = NULL;
      for (int q = 0; q < g.m->elements.count; ++q)
        if (g.m->elements.data[q].label == b->label) a = &g.m->elements.data[q];
      CU_ASSERT_FATAL(a != NULL);
      CU_ASSERT_EQUAL(node_label(g.m, a->nodes[0]), node_label(e.m, b->nodes[0]));
      CU_ASSERT_EQUAL(node_label(g.m, a->nodes[1]), node_label(e.m, b->nodes[1]));
      CU_ASSERT_EQUAL(a->type, b->type);
      CU_ASSERT_EQUAL(a->n_points, 2);
      CU_ASSERT(a->section >= 0);
    }
    for (int s = 0; s < 2; ++s) {
      const char* name = s ? "ROW2" : "ROW1";
      int x = nsb_model_find_nset(g.m, name), y = nsb_model_find_nset(e.m, name);
      CU_ASSERT_FATAL(x >= 0 && y >= 0);
      CU_ASSERT_EQUAL(g.m->nsets.data[x].nodes.count, 4);
      CU_ASSERT_EQUAL(e.m->nsets.data[y].nodes.count, 4);
    }
    int b = nsb_model_find_elset(g.m, "B");
    CU_ASSERT_FATAL(b >= 0);
    CU_ASSERT_EQUAL(g.m->elsets.data[b].elements.count, 6);
  }
  run_free(&g);
  run_free(&e);
}

/* *TRANSFORM: the local axes it makes, which records and probes it reaches
   (a partial translational *BOUNDARY becomes constraint rows, a whole
   block stays global), and the Abaqus forms XSYMM and the bare FOLLOWER. */
static void test_transform(void) {
  const char* text =
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n*NSET, NSET=TIP\n3\n*NSET, NSET=MID\n2\n"
      "*ELEMENT, TYPE=B31, ELSET=B\n1, 1, 2\n2, 2, 3\n"
      "*MATERIAL, NAME=S\n*ELASTIC\n210e9, 0.3\n*BEAM SECTION, ELSET=B, MATERIAL=S, SECTION=CIRC\n0.01\n0, 0, 1\n"
      "*TRANSFORM, NSET=TIP\n2, 2, 0, 0, 3, 0\n*BOUNDARY\n1, ENCASTRE\nTIP, 2, 3\nMID, XSYMM\n"
      "*STEP\n*STATIC\n*NODE PRINT, NSET=TIP\nU, RF\n*NODE PRINT, NSET=MID\nU\n"
      "*CLOAD\nTIP, 1, 5.0\n*CLOAD, FOLLOWER\nMID, 2, 1.0\n*END STEP\n";
  run r = expect_ok("transform.inp", text);
  if (r.m) {
    const nsb_model* m = r.m;
    CU_ASSERT_EQUAL_FATAL(m->transforms.count, 1);
    const double* T = m->transforms.data[0].T, h = sqrt(0.5);
    const double want[9] = {h, h, 0.0, -h, h, 0.0, 0.0, 0.0, 1.0};
    for (int k = 0; k < 9; ++k) CU_ASSERT_DOUBLE_EQUAL(T[k], want[k], 1e-15);
    int tip = nsb_model_find_node(m, 3), mid = nsb_model_find_node(m, 2);
    /* ENCASTRE, the local roller, XSYMM's two records (1; 5-6) */
    CU_ASSERT_EQUAL_FATAL(m->boundaries.count, 4);
    CU_ASSERT_EQUAL(m->boundaries.data[0].transform, 0);
    CU_ASSERT_EQUAL(m->boundaries.data[1].node, tip);
    CU_ASSERT_EQUAL(m->boundaries.data[1].transform, 1);
    CU_ASSERT_EQUAL(m->boundaries.data[2].node, mid);
    CU_ASSERT(m->boundaries.data[2].dof_first == 1 && m->boundaries.data[2].dof_last == 1);
    CU_ASSERT(m->boundaries.data[3].dof_first == 5 && m->boundaries.data[3].dof_last == 6);
    CU_ASSERT_EQUAL(m->boundaries.data[2].transform + m->boundaries.data[3].transform, 0);
    CU_ASSERT_EQUAL_FATAL(m->cloads.count, 2);
    CU_ASSERT(m->cloads.data[0].transform == 1 && !m->cloads.data[0].follower);
    CU_ASSERT(m->cloads.data[1].transform == 0 && m->cloads.data[1].follower == 1);
    for (int i = 0; i < m->probes.count; ++i)
      CU_ASSERT_EQUAL(m->probes.data[i].transform, m->probes.data[i].node == tip ? 1 : 0);
  }
  run_free(&r);
}

static void test_section_material_later(void) {
  static const char* const shapes[] = {"RECT\n0.02, 0.03", "CIRC\n0.01", "PIPE\n0.02, 0.002",
                                       "BOX\n0.1, 0.08, 0.005, 0.004, 0.005, 0.004",
                                       "I\n0.1, 0.2, 0.1, 0.1, 0.01, 0.01, 0.006"};
  const char* mat = "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7850\n";
  for (int k = 0; k < 5; ++k)
    for (int shear = 0; shear < 2; ++shear) {
      char sec[256], text[1024];
      snprintf(sec, sizeof sec, "*BEAM SECTION, ELSET=B, MATERIAL=STEEL%s, SECTION=%s\n0, 0, 1\n",
               shear ? ", SHEAR FACTOR=0.7" : "", shapes[k]);
      const char* mesh = "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n";
      snprintf(text, sizeof text, "%s%s%s%s", mesh, mat, sec, tiny_tail);
      run a = expect_ok("before.inp", text);
      snprintf(text, sizeof text, "%s%s%s%s", mesh, sec, mat, tiny_tail);
      run b = expect_ok("after.inp", text);
      if (a.m && b.m) {
        const nsb_section *x = &a.m->sections.data[0], *y = &b.m->sections.data[0];
        CU_ASSERT(x->EA > 0.0 && x->EA == y->EA && x->GA2 == y->GA2 && x->GA3 == y->GA3 && x->GJ == y->GJ &&
                  x->EI2 == y->EI2 && x->EI3 == y->EI3 && x->rhoA == y->rhoA && x->rhoJ[2] == y->rhoJ[2] &&
                  x->draw_radius == y->draw_radius && x->dims[0] == y->dims[0] && x->dims[1] == y->dims[1]);
      }
      run_free(&a);
      run_free(&b);
    }
  /* without *DENSITY after the section: a dynamic step needs the mass */
  run r = read_deck("later_massless.inp",
                    "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n"
                    "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n0.01\n"
                    "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n");
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "later_massless.inp:6: material STEEL has no *DENSITY"));
  if (!strstr(r.errors, "later_massless.inp:6: material STEEL has no *DENSITY")) fprintf(stderr, "%s", r.errors);
  run_free(&r);
  r = read_deck("later_no_elastic.inp",
                "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n"
                "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n0.01\n"
                "*MATERIAL, NAME=STEEL\n*DENSITY\n7850\n*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n");
  CU_ASSERT_EQUAL(r.n_errors, 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "later_no_elastic.inp:6: material STEEL has no *ELASTIC"));
  run_free(&r);
  r = read_deck("nowhere.inp",
                "*NODE\n1, 0\n2, 1\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n"
                "*BEAM SECTION, ELSET=B, MATERIAL=ALU, SECTION=BOX\n0.1, 0.08, 0.005, 0.004, 0.005, 0.004\n"
                "*STEP\n*STATIC\n*END STEP\n");
  CU_ASSERT_EQUAL(r.n_errors, 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "nowhere.inp:6: material ALU is not defined"));
  if (r.n_errors != 1) fprintf(stderr, "%s", r.errors);
  run_free(&r);
}

/* The complete example at the top of docs/deck.md must stay a valid deck. */
static void test_docs_example(void) {
  FILE* f = fopen(NSB_SOURCE_DIR "/docs/deck.md", "rb");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  char* text = calloc(1, 1 << 16);
  CU_ASSERT_PTR_NOT_NULL_FATAL(text);
  size_t n = 0;
  char line[2048];
  int state = 0; /* 0: before the example heading, 1: before its fence, 2: inside, 3: done */
  while (state < 3 && fgets(line, sizeof line, f)) {
    if (state == 0 && strncmp(line, "## A complete example", 21) == 0) state = 1;
    else if (state == 1 && strncmp(line, "```", 3) == 0) state = 2;
    else if (state == 2 && strncmp(line, "```", 3) == 0) state = 3;
    else if (state == 2 && n + strlen(line) < (1 << 16) - 1) {
      memcpy(text + n, line, strlen(line));
      n += strlen(line);
    }
  }
  fclose(f);
  CU_ASSERT_EQUAL(state, 3);
  run r = expect_ok("deck.md-example.inp", text);
  if (r.m) {
    CU_ASSERT_EQUAL(r.m->rigid_bodies.count, 1);
    CU_ASSERT_EQUAL(r.m->joints.count, 1);
    CU_ASSERT_EQUAL(r.m->steps.count, 1);
  }
  run_free(&r);
  free(text);
}

/* Every contact keyword in one string deck: obstacles (normal and axis
   normalized, amplitude resolved after its use), contact pairs with the
   defaults and the given parameters, masters of all three kinds resolved
   case-insensitively after the whole deck, a DASHPOTA element with a negative
   coefficient, FORMAT=CONTACT output. */
static void test_contact_keywords(void) {
  const char* text =
      "*NODE, NSET=BALLS\n1, 0, 0, 0.5\n2, 1, 0, 0.5\n*NODE\n10, 0, 1, 0\n11, 1, 1, 0\n20, 0, 0, 2\n"
      "*PARTICLE, NSET=BALLS, MASS=0.1, RADIUS=0.05\n*PARTICLE, NODE=20, MASS=0.2\n*NSET, NSET=Top\n20\n"
      "*ELEMENT, TYPE=B2S, ELSET=BEAM\n1, 10, 11\n*BEAM GENERAL SECTION, ELSET=BEAM\n"
      "1e6, 1e5, 1e5, 1e2, 1e2, 1e2\n1, 1e-3, 5e-4, 5e-4\n"
      "*ELEMENT, TYPE=dashpota, ELSET=D\n2, 2, 20\n*DASHPOT, ELSET=d\n-0.75\n"
      "*CONTACT PAIR, LAW=NEWTON\nballs, FLOOR\n"                                         /* 21-22 */
      "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.8, FRICTION=0.3\nTOP, balls\n"            /* 23-24 */
      "*OBSTACLE, NAME=Floor, TYPE=PLANE\n0, 0, -0.1, 0, 0, 2\n"                           /* 25-26 */
      "*OBSTACLE, NAME=Rock, TYPE=SPHERE, AMPLITUDE=lift\n3, 0, 0, 0.5, 0, 0.25, -1\n"   /* 27-28 */
      "*OBSTACLE, NAME=Post, TYPE=CYLINDER\n-2, 0, 0, 0, 3, 4, 0.25\n"                   /* 29-30 */
      "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=1e7, EXPONENT=1.25, DAMPING=0.2, RADIUS=0.03\nBALLS, beam\n"
      "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=2e6\ntop, post\ntop, ROCK\n"
      "*AMPLITUDE, NAME=ZERO\n0, 0\n*AMPLITUDE, NAME=LIFT\n0, 0, 1, 1\n"
      "*STEP\n*DYNAMIC\n0.01, 1\n*OUTPUT, FORMAT=CONTACT, EVERY=3\n*END STEP\n"
      "*STEP\n*DYNAMIC\n0.01, 1\n*OUTPUT, FORMAT=contact\n*END STEP\n"
      "*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";
  run r = expect_ok("contact.inp", text);
  const nsb_model* m = r.m;
  if (!m) {
    run_free(&r);
    return;
  }
  /* dashpot */
  CU_ASSERT_EQUAL_FATAL(m->elements.count, 2);
  const nsb_element* dp = &m->elements.data[1];
  CU_ASSERT_EQUAL(dp->type, NSB_ETYPE_DASHPOTA);
  CU_ASSERT_EQUAL(dp->n_nodes, 2);
  CU_ASSERT_EQUAL(dp->nodes[0], 1);
  CU_ASSERT_EQUAL(dp->nodes[1], 4);
  CU_ASSERT_EQUAL(dp->has_property, 1);
  NSB_ASSERT_CLOSE(dp->damping, -0.75, 0.0);
  NSB_ASSERT_CLOSE(dp->stiffness, 0.0, 0.0);
  CU_ASSERT_EQUAL(dp->n_points, 0);
  NSB_ASSERT_CLOSE(m->elements.data[0].damping, 0.0, 0.0);

  /* obstacles */
  CU_ASSERT_EQUAL_FATAL(m->obstacles.count, 3);
  int lift = nsb_model_find_amplitude(m, "lift");
  CU_ASSERT_EQUAL(lift, 1);
  CU_ASSERT_EQUAL(nsb_model_find_obstacle(m, "FLOOR"), 0);
  CU_ASSERT_EQUAL(nsb_model_find_obstacle(m, "post"), 2);
  CU_ASSERT_EQUAL(nsb_model_find_obstacle(m, "balls"), -1);
  const nsb_obstacle* o = &m->obstacles.data[0];
  CU_ASSERT_STRING_EQUAL(o->name, "Floor");
  CU_ASSERT_EQUAL(o->kind, NSB_OBSTACLE_PLANE);
  static const double floor_p[3] = {0.0, 0.0, -0.1}, floor_n[3] = {0.0, 0.0, 1.0};
  for (int k = 0; k < 3; ++k) {
    NSB_ASSERT_CLOSE(o->point[k], floor_p[k], 0.0);
    NSB_ASSERT_CLOSE(o->dir[k], floor_n[k], 0.0);
    NSB_ASSERT_CLOSE(o->motion[k], 0.0, 0.0);
  }
  NSB_ASSERT_CLOSE(o->radius, 0.0, 0.0);
  CU_ASSERT_EQUAL(o->amplitude, -1);
  CU_ASSERT_EQUAL(o->line, 25);
  o = &m->obstacles.data[1];
  CU_ASSERT_EQUAL(o->kind, NSB_OBSTACLE_SPHERE);
  static const double rock_p[3] = {3.0, 0.0, 0.0}, rock_d[3] = {0.0, 0.25, -1.0};
  for (int k = 0; k < 3; ++k) {
    NSB_ASSERT_CLOSE(o->point[k], rock_p[k], 0.0);
    NSB_ASSERT_CLOSE(o->dir[k], 0.0, 0.0);
    NSB_ASSERT_CLOSE(o->motion[k], rock_d[k], 0.0); /* not normalized: a displacement scale */
  }
  NSB_ASSERT_CLOSE(o->radius, 0.5, 0.0);
  CU_ASSERT_EQUAL(o->amplitude, lift);
  o = &m->obstacles.data[2];
  CU_ASSERT_EQUAL(o->kind, NSB_OBSTACLE_CYLINDER);
  static const double post_p[3] = {-2.0, 0.0, 0.0}, post_a[3] = {0.0, 0.6, 0.8};
  for (int k = 0; k < 3; ++k) {
    NSB_ASSERT_CLOSE(o->point[k], post_p[k], 0.0);
    NSB_ASSERT_CLOSE(o->dir[k], post_a[k], 1e-15);
  }
  NSB_ASSERT_CLOSE(o->radius, 0.25, 0.0);
  CU_ASSERT_EQUAL(o->amplitude, -1);

  /* contact pairs, in data-line order */
  int balls = nsb_model_find_nset(m, "BALLS"), top = nsb_model_find_nset(m, "TOP");
  int beam = nsb_model_find_elset(m, "BEAM");
  CU_ASSERT_FATAL(balls >= 0 && top >= 0 && beam >= 0);
  CU_ASSERT_EQUAL_FATAL(m->contact_pairs.count, 5);
  const nsb_contact_pair* c = &m->contact_pairs.data[0]; /* defaults */
  CU_ASSERT_EQUAL(c->slave_nset, balls);
  CU_ASSERT_EQUAL(c->master_kind, NSB_MASTER_OBSTACLE);
  CU_ASSERT_EQUAL(c->master, 0);
  CU_ASSERT_EQUAL(c->law, NSB_CONTACT_NEWTON);
  NSB_ASSERT_CLOSE(c->restitution, 0.0, 0.0);
  NSB_ASSERT_CLOSE(c->friction, 0.0, 0.0);
  NSB_ASSERT_CLOSE(c->stiffness, 0.0, 0.0);
  NSB_ASSERT_CLOSE(c->exponent, 1.5, 0.0);
  NSB_ASSERT_CLOSE(c->damping, 0.0, 0.0);
  NSB_ASSERT_CLOSE(c->master_radius, -1.0, 0.0);
  CU_ASSERT_EQUAL(c->line, 22);
  c = &m->contact_pairs.data[1];
  CU_ASSERT_EQUAL(c->slave_nset, top);
  CU_ASSERT_EQUAL(c->master_kind, NSB_MASTER_PARTICLES);
  CU_ASSERT_EQUAL(c->master, balls);
  CU_ASSERT_EQUAL(c->law, NSB_CONTACT_NEWTON);
  NSB_ASSERT_CLOSE(c->restitution, 0.8, 0.0);
  NSB_ASSERT_CLOSE(c->friction, 0.3, 0.0);
  CU_ASSERT_EQUAL(c->line, 24);
  c = &m->contact_pairs.data[2];
  CU_ASSERT_EQUAL(c->slave_nset, balls);
  CU_ASSERT_EQUAL(c->master_kind, NSB_MASTER_BEAMS);
  CU_ASSERT_EQUAL(c->master, beam);
  CU_ASSERT_EQUAL(c->law, NSB_CONTACT_HERTZ);
  NSB_ASSERT_CLOSE(c->stiffness, 1e7, 0.0);
  NSB_ASSERT_CLOSE(c->exponent, 1.25, 0.0);
  NSB_ASSERT_CLOSE(c->damping, 0.2, 0.0);
  NSB_ASSERT_CLOSE(c->master_radius, 0.03, 0.0);
  NSB_ASSERT_CLOSE(c->restitution, 0.0, 0.0);
  NSB_ASSERT_CLOSE(c->friction, 0.0, 0.0);
  for (int i = 3; i < 5; ++i) {
    c = &m->contact_pairs.data[i];
    CU_ASSERT_EQUAL(c->slave_nset, top);
    CU_ASSERT_EQUAL(c->master_kind, NSB_MASTER_OBSTACLE);
    CU_ASSERT_EQUAL(c->master, i == 3 ? 2 : 1);
    CU_ASSERT_EQUAL(c->law, NSB_CONTACT_HERTZ);
    NSB_ASSERT_CLOSE(c->stiffness, 2e6, 0.0);
    NSB_ASSERT_CLOSE(c->exponent, 1.5, 0.0);
    NSB_ASSERT_CLOSE(c->damping, 0.0, 0.0);
    NSB_ASSERT_CLOSE(c->master_radius, -1.0, 0.0);
  }
  CU_ASSERT_EQUAL(m->contact_pairs.data[4].line, 35);

  /* contact output */
  CU_ASSERT_EQUAL_FATAL(m->steps.count, 3);
  CU_ASSERT_EQUAL(m->steps.data[0].contact_every, 3);
  CU_ASSERT_EQUAL(m->steps.data[1].contact_every, 1);
  CU_ASSERT_EQUAL(m->steps.data[2].contact_every, 0);
  CU_ASSERT_EQUAL(m->steps.data[0].history_every, 1);
  CU_ASSERT_EQUAL(m->steps.data[0].vtk_every, 0);
  run_free(&r);
}

/* tests/decks/good/contact.inp (uses every contact keyword) reads. */
static void test_contact_deck(void) {
  run r = expect_ok(GOOD_DIR "/contact.inp", NULL);
  if (r.m) {
    CU_ASSERT_EQUAL(r.m->obstacles.count, 3);
    CU_ASSERT_EQUAL(r.m->contact_pairs.count, 5);
    CU_ASSERT_EQUAL(r.m->obstacles.data[1].amplitude, 0);
    CU_ASSERT_EQUAL(r.m->contact_pairs.data[0].master_kind, NSB_MASTER_OBSTACLE);
    CU_ASSERT_EQUAL(r.m->contact_pairs.data[1].master_kind, NSB_MASTER_PARTICLES);
    CU_ASSERT_EQUAL(r.m->contact_pairs.data[2].master_kind, NSB_MASTER_BEAMS);
    NSB_ASSERT_CLOSE(r.m->elements.data[1].damping, -0.5, 0.0);
    CU_ASSERT_EQUAL(r.m->steps.data[0].contact_every, 2);
  }
  run_free(&r);
}

/* Several contact errors in one run, each at its line (the late ones at the
   pair's data line, naming the first definition where there is one). */
static void test_contact_errors(void) {
  const char* text =
      "*NODE, NSET=BALLS\n1, 0, 0, 1\n2, 1, 0, 1\n3, 2, 0, 1\n"    /* 1-4 */
      "*PARTICLE, NODE=1, MASS=1\n*RIGID BODY, NODE=3, MASS=1\n1, 1, 1\n" /* 5-7 */
      "*OBSTACLE, NAME=Floor, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"          /* 8-9 */
      "*OBSTACLE, NAME=FLOOR, TYPE=SPHERE\n0, 0, 0, 1\n"               /* 10-11 */
      "*NSET, NSET=floor\n1\n"                                          /* 12-13 */
      "*CONTACT PAIR, LAW=NEWTON\nBALLS, WALL\nBALLS, Floor\nBALLS, balls\n" /* 14-17 */
      "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=1, RESTITUTION=0.5\nBALLS, balls\n" /* 18-19 */
      "*ELEMENT, TYPE=DASHPOTA\n5, 1, 2\n"                              /* 20-21 */
      "*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";
  run r = read_deck("cerr.inp", text);
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "cerr.inp:10: obstacle FLOOR is already defined (cerr.inp:8)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "cerr.inp:15: *CONTACT PAIR: master WALL is not defined"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors,
                                "cerr.inp:16: *CONTACT PAIR: master name Floor is ambiguous: it names an obstacle "
                                "(cerr.inp:8) and a node set"));
  CU_ASSERT_PTR_NOT_NULL(
      strstr(r.errors, "cerr.inp:17: *CONTACT PAIR: node 2 of slave node set BALLS carries no particle, no rigid body and no beam"));
  CU_ASSERT_PTR_NOT_NULL(
      strstr(r.errors, "cerr.inp:17: *CONTACT PAIR: node 2 of master node set BALLS carries no body, not a particle"));
  CU_ASSERT_PTR_NOT_NULL(
      strstr(r.errors, "cerr.inp:18: *CONTACT PAIR: parameter RESTITUTION is allowed only with LAW=NEWTON"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "cerr.inp:21: DASHPOTA element 5 has no damping coefficient"));
  /* the rigid body of BALLS (node 3) against the particle set of line 17 */
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "cerr.inp:17: *CONTACT PAIR: node 3 of slave node set BALLS is a rigid body: "
                                          "rigid bodies touch obstacles only; balls is a node set"));
  if (r.n_errors != 10) fprintf(stderr, "%s", r.errors);
  /* + the slave check of lines 15 and 16 (node 2 of BALLS) */
  CU_ASSERT_EQUAL(r.n_errors, 10);
  run_free(&r);
}

/* ---- bad decks ----------------------------------------------------------------- */

/* Does some line of out contain "<name>:<digits>: " followed (anywhere) by expect? */
static int has_error_line(const char* out, const char* name, const char* expect) {
  size_t nl = strlen(name);
  for (const char* line = out; line && *line;) {
    const char* end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    const char* hit = NULL;
    for (const char* q = line; q + nl < line + len; ++q) {
      if (strncmp(q, name, nl) != 0 || q[nl] != ':') continue;
      const char* d = q + nl + 1;
      if (!(*d >= '0' && *d <= '9')) continue;
      while (*d >= '0' && *d <= '9') ++d;
      if (d[0] == ':' && d[1] == ' ') hit = d + 2;
      break;
    }
    if (hit) {
      char buf[2048];
      size_t n = len - (size_t)(hit - line) < sizeof buf - 1 ? len - (size_t)(hit - line) : sizeof buf - 1;
      memcpy(buf, hit, n);
      buf[n] = '\0';
      if (strstr(buf, expect)) return 1;
    }
    line = end ? end + 1 : NULL;
  }
  return 0;
}

static int read_expectation(const char* path, char* expect, size_t size) {
  FILE* f = fopen(path, "rb");
  if (!f) return 0;
  char line[1200];
  int ok = fgets(line, sizeof line, f) != NULL;
  fclose(f);
  const char* tag = "** expect: ";
  if (!ok || strncmp(line, tag, strlen(tag)) != 0) return 0;
  snprintf(expect, size, "%s", line + strlen(tag));
  expect[strcspn(expect, "\r\n")] = '\0';
  return expect[0] != '\0';
}

static void test_bad_corpus(void) {
  DIR* dir = opendir(BAD_DIR);
  CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
  int n_decks = 0;
  struct dirent* e;
  while ((e = readdir(dir)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 4, ".inp") != 0) continue;
    char path[1024], expect[1200];
    snprintf(path, sizeof path, "%s/%s", BAD_DIR, e->d_name);
    int has_expect = read_expectation(path, expect, sizeof expect);
    if (!has_expect) fprintf(stderr, "  %s: first line is not '** expect: ...'\n", e->d_name);
    CU_ASSERT(has_expect);
    if (!has_expect) continue;
    ++n_decks;
    run r = read_deck(path, NULL);
    CU_ASSERT(r.status < 0);
    CU_ASSERT(r.n_errors >= 1);
    int found = has_error_line(r.errors, e->d_name, expect);
    if (!found)
      fprintf(stderr, "  %s: expected an error line '%s:LINE: ...%s...', got:\n%s", e->d_name, e->d_name, expect,
              r.errors);
    CU_ASSERT(found);
    run_free(&r);
  }
  closedir(dir);
  CU_ASSERT(n_decks >= 35);
}

/* ---- robustness ---------------------------------------------------------------- */

static void expect_fail(const char* name, const char* text, const char* msg, int min_errors) {
  run r = read_deck(name, text);
  CU_ASSERT(r.status < 0);
  CU_ASSERT(r.n_errors >= min_errors);
  if (msg) {
    int found = has_error_line(r.errors, name, msg) || strstr(r.errors, msg) != NULL;
    if (!found) fprintf(stderr, "  %s: expected '%s', got:\n%s", name, msg, r.errors);
    CU_ASSERT(found);
  }
  run_free(&r);
}

static void test_several_errors(void) {
  const char* text =
      "*NODE\n1, 0, 0, 0\n1, 1, 0, 0\n*PARTICLE, NODE=1, MASS=-1\n*FOO\n*STEP\n*DYNAMIC\n0.01, 1\n*END STEP\n";
  run r = read_deck("three.inp", text);
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_SYNTAX);
  CU_ASSERT(r.n_errors >= 3);
  CU_ASSERT(has_error_line(r.errors, "three.inp", "node 1 is already defined"));
  CU_ASSERT(has_error_line(r.errors, "three.inp", "MASS must be > 0"));
  CU_ASSERT(has_error_line(r.errors, "three.inp", "unknown keyword *FOO"));
  /* exact line numbers */
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "three.inp:3: node 1 is already defined"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "three.inp:4: MASS must be > 0"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "three.inp:5: unknown keyword *FOO"));
  run_free(&r);
}

/* A misspelt keyword names the keyword it most likely means; a misspelt section
   keyword is not echoed by a "no beam section" error for each of its elements; a
   word far from every keyword gets no suggestion. */
static void test_keyword_suggestion(void) {
  const char* text = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n*ELEMENT, TYPE=B2V, ELSET=B\n1, 1, 2\n2, 2, 3\n"
                     "*MATERIAL, NAME=S\n*ELASTIC\n2e11, 0.3\n*BEAM SECTON, ELSET=B, MATERIAL=S, SECTION=CIRC\n0.01\n"
                     "*BOUNDRY\n1, 1, 6\n*STEP\n*STATIC\n*CLOAD\n3, 2, 1.0\n*END STEP\n*FOO\n";
  run r = read_deck("typo.inp", text);
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_SYNTAX);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "typo.inp:11: unknown keyword *BEAM SECTON (did you mean *BEAM SECTION?)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "typo.inp:13: unknown keyword *BOUNDRY (did you mean *BOUNDARY?)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "typo.inp:20: unknown keyword *FOO\n"));
  CU_ASSERT_PTR_NULL(strstr(r.errors, "has no beam section"));
  CU_ASSERT_EQUAL(r.n_errors, 3);
  run_free(&r);
}

static void test_hostile_input(void) {
  expect_fail("empty.inp", "", "the deck has no *STEP", 2);
  expect_fail("blank.inp", "\n\n   \n** only comments\n", "the deck has no *STEP", 2);
  expect_fail("star.inp", "*\n", "unknown keyword *(empty)", 1);
  expect_fail("stars.inp", "*,,,=,=\n", "unknown keyword", 1);
  expect_fail("eq.inp", "*NODE, =A, NSET=\n", "needs a value", 1);
  expect_fail("inf.inp", "*NODE\n1, inf, 0\n", "must be a finite number", 1);
  expect_fail("hex.inp", "*NODE\n0x7fffffffff, 0, 0\n", "is not an integer", 1);
  expect_fail("emptyfield.inp", "*NODE\n1, , 0\n", "x: '' is not a number", 1);
  expect_fail("bignum.inp", "*NODE\n1, 1e308, -1e400\n", "must be a finite number, got '-1e400'", 1);
  expect_fail("gen.inp", "*NODE\n1, 0\n*NSET, NSET=A, GENERATE\n1, 2147483647, 1\n", "is not defined", 1);
  /* the generator must not overflow when stepping past INT_MAX */
  expect_fail("gen2.inp", "*NODE\n2147483645, 0\n2147483647, 0\n*NSET, NSET=A, GENERATE\n2147483645, 2147483647, 2\n",
              "the deck has no *STEP", 1);
  /* a very long line (longer than any buffer), and one exactly at the limit */
  size_t n = 100000;
  char* big = malloc(n + 64);
  CU_ASSERT_FATAL(big != NULL);
  memset(big, '9', n);
  memcpy(big, "*NODE\n1, ", 9);
  strcpy(big + n, "\n");
  expect_fail("long.inp", big, "long.inp:2: line longer than 1024 bytes", 1);
  char line[NSB_DECK_LINE_MAX + 64];
  memset(line, ' ', sizeof line);
  memcpy(line, "** ", 3);
  snprintf(big, n, "%.*s\n*NODE\n", NSB_DECK_LINE_MAX, line);
  expect_fail("limit.inp", big, "limit.inp:2: the deck has no *STEP", 1);
  /* pseudo-random bytes (deterministic generator) */
  unsigned state = 12345u;
  for (size_t i = 0; i < 5000; ++i) {
    state = state * 1103515245u + 12345u;
    big[i] = (char)(1 + (state >> 16) % 255);
  }
  big[5000] = '\0';
  expect_fail("random.inp", big, "random.inp:", 1);
  /* printable garbage: many errors, stops at the limit */
  for (size_t i = 0; i < 20000; ++i) {
    state = state * 1103515245u + 12345u;
    const char alphabet[] = "*,=abcXYZ019.-+ e\n\n";
    big[i] = alphabet[(state >> 16) % (sizeof alphabet - 1)];
  }
  big[20000] = '\0';
  {
    run r = read_deck("garbage.inp", big);
    CU_ASSERT(r.status < 0);
    CU_ASSERT(r.n_errors <= NSB_DECK_MAX_ERRORS);
    run_free(&r);
  }
  free(big);
  /* NULL error stream and NULL n_errors are fine */
  nsb_ctx* ctx;
  nsb_ctx_create(&ctx);
  nsb_model* m = (nsb_model*)&ctx; /* must be overwritten with NULL */
  CU_ASSERT(nsb_deck_read_string(ctx, "q.inp", "*FOO\n", NULL, &m, NULL) == NSB_ERR_DECK_SYNTAX);
  CU_ASSERT_PTR_NULL(m);
  CU_ASSERT(nsb_deck_read(ctx, NSB_TEST_DECK_DIR "/no/such/deck.inp", NULL, &m, NULL) == NSB_ERR_IO);
  CU_ASSERT(nsb_deck_read(ctx, NSB_TEST_DECK_DIR, NULL, &m, NULL) == NSB_ERR_IO);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

static void write_file(const char* path, const char* text) {
  FILE* f = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fputs(text, f);
  fclose(f);
}

/* A chain of includes: depth 10 is accepted, depth 11 is an error at the *INCLUDE line. */
static void test_include_depth(void) {
  char dir[1024], path[1200], text[512];
  snprintf(dir, sizeof dir, "%s/tests/io_include_tmp", NSB_BINARY_DIR);
  mkdir(dir, 0777);
  for (int depth = 10; depth <= 11; ++depth) {
    for (int k = 1; k <= depth; ++k) {
      snprintf(path, sizeof path, "%s/d%d.inc", dir, k);
      if (k < depth)
        snprintf(text, sizeof text, "** level %d\n*INCLUDE, INPUT=d%d.inc\n", k, k + 1);
      else
        snprintf(text, sizeof text, "*NODE\n1, 0\n*PARTICLE, NODE=1, MASS=1\n");
      write_file(path, text);
    }
    snprintf(path, sizeof path, "%s/top.inp", dir);
    snprintf(text, sizeof text, "*INCLUDE, INPUT=d1.inc\n%s", tiny_tail);
    write_file(path, text);
    run r = read_deck(path, NULL);
    if (depth == 10) {
      if (r.status != NSB_OK) fprintf(stderr, "%s", r.errors);
      CU_ASSERT_EQUAL(r.status, NSB_OK);
      if (r.m) CU_ASSERT_EQUAL(r.m->particles.count, 1);
    } else {
      CU_ASSERT(r.status < 0);
      CU_ASSERT(has_error_line(r.errors, "d10.inc", "*INCLUDE nested deeper than 10 levels"));
    }
    run_free(&r);
  }
  /* errors inside an included file name that file and its line */
  snprintf(path, sizeof path, "%s/bad.inc", dir);
  write_file(path, "** bad include\n*NODE\n1, x\n");
  snprintf(path, sizeof path, "%s/top2.inp", dir);
  snprintf(text, sizeof text, "*INCLUDE, INPUT=bad.inc\n*NODE\n2, 0\n*PARTICLE, NODE=2, MASS=1\n%s", tiny_tail);
  write_file(path, text);
  run r = read_deck(path, NULL);
  CU_ASSERT(has_error_line(r.errors, "bad.inc", "x: 'x' is not a number"));
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "bad.inc:3: "));
  run_free(&r);
  /* late checks in an included file also name it */
  snprintf(path, sizeof path, "%s/late.inc", dir);
  write_file(path, "*NODE\n1, 0\n2, 1\n*BOUNDARY\n2, 1, 3\n");
  snprintf(path, sizeof path, "%s/top3.inp", dir);
  snprintf(text, sizeof text, "*INCLUDE, INPUT=late.inc\n*PARTICLE, NODE=1, MASS=1\n%s", tiny_tail);
  write_file(path, text);
  r = read_deck(path, NULL);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "late.inc:5: node 2 has no degrees of freedom"));
  run_free(&r);
}

/* CalculiX/Abaqus on-ramp (docs/deck.md): B31 is B2V with its defaults,
   NLGEOM is accepted, *NODE PRINT makes node probes named after the set, a
   material without *DENSITY serves a static step, *NODE FILE asks for VTK
   output; an unknown element type is one error, not a cascade. */
static void test_calculix_deck(void) {
  static const char* const head =
      "*NODE, NSET=NALL\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1, 0, 0\n*NSET, NSET=FIX\n1\n*NSET, NSET=ENDS\n1, 3\n"
      "*NSET, NSET=TIP\n3\n*ELEMENT, TYPE=%s, ELSET=EALL\n1, 1, 2\n2, 2, 3\n"
      "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
      "*BEAM SECTION, ELSET=EALL, MATERIAL=STEEL, SECTION=RECT\n0.01, 0.01\n0, 0, 1\n*BOUNDARY\nFIX, ENCASTRE\nTIP, PINNED\n"
      "*STEP, NLGEOM, INC=100\n*STATIC\n0.1, 1.0\n*CLOAD\nTIP, 2, 175.\n*NODE PRINT, NSET=TIP, FREQUENCY=2\nU, RF\n"
      "*NODE PRINT, NSET=ENDS\nUR\n*NODE FILE, FREQUENCY=5\nU\n*EL PRINT, ELSET=EALL\nSF, SM\n*END STEP\n";
  char text[2048];
  snprintf(text, sizeof text, head, "B31");
  run r = expect_ok("ccx.inp", text);
  if (r.m) {
    CU_ASSERT_EQUAL(r.m->elements.count, 2);
    CU_ASSERT_EQUAL(r.m->elements.data[0].type, NSB_ETYPE_B2V);
    CU_ASSERT_EQUAL(r.m->elements.data[0].n_points, 3);
    CU_ASSERT_EQUAL(r.m->materials.data[0].has_density, 0);
    CU_ASSERT_EQUAL(r.m->sections.data[0].rhoA, 0.0);
    CU_ASSERT_EQUAL(r.m->steps.data[0].history_every, 2);
    CU_ASSERT_EQUAL(r.m->steps.data[0].vtk_every, 5);
    CU_ASSERT_EQUAL_FATAL(r.m->boundaries.count, 2);
    CU_ASSERT_EQUAL(r.m->boundaries.data[0].dof_first, 1);
    CU_ASSERT_EQUAL(r.m->boundaries.data[0].dof_last, 6);
    CU_ASSERT_EQUAL(r.m->boundaries.data[1].dof_last, 3);
    CU_ASSERT_EQUAL_FATAL(r.m->probes.count, 5);
    CU_ASSERT_STRING_EQUAL(r.m->probes.data[4].name, "EALL_2");
    CU_ASSERT_EQUAL(r.m->probes.data[4].element, 1);
    CU_ASSERT_EQUAL(r.m->probes.data[4].position, 0.5);
    CU_ASSERT_EQUAL(r.m->probes.data[4].quantities, (unsigned)(NSB_PROBE_NS | NSB_PROBE_MS));
    CU_ASSERT_STRING_EQUAL(r.m->probes.data[0].name, "TIP");
    CU_ASSERT_EQUAL(r.m->probes.data[0].quantities, (unsigned)(NSB_PROBE_U | NSB_PROBE_RF));
    CU_ASSERT_STRING_EQUAL(r.m->probes.data[1].name, "ENDS_1");
    CU_ASSERT_STRING_EQUAL(r.m->probes.data[2].name, "ENDS_3");
    CU_ASSERT_EQUAL(r.m->probes.data[2].node, 2);
    CU_ASSERT_EQUAL(r.m->probes.data[2].quantities, (unsigned)NSB_PROBE_R);
  }
  run_free(&r);
  /* CalculiX's CIRC line gives the two axis lengths (diameters) */
  r = expect_ok("circ.inp", "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=B31, ELSET=E\n1, 1, 2\n*MATERIAL, NAME=S\n"
                            "*ELASTIC\n210e9, 0.3\n*BEAM SECTION, ELSET=E, MATERIAL=S, SECTION=CIRC\n0.02, 0.02\n"
                            "*STEP\n*STATIC\n0.1, 1.0, , 0.5\n*END STEP\n");
  if (r.m) {
    NSB_ASSERT_CLOSE(r.m->sections.data[0].dims[0], 0.01, 0.0);
    NSB_ASSERT_CLOSE(r.m->sections.data[0].EI2, 210e9 * 3.14159265358979323846 * 1e-8 / 4.0, 1e-9);
    NSB_ASSERT_CLOSE(r.m->steps.data[0].h_min, 1e-5, 0.0);
  }
  run_free(&r);
  const char* const refused[] = {"B33", "C3D8"};
  for (int k = 0; k < 2; ++k) {
    snprintf(text, sizeof text, head, refused[k]);
    r = read_deck("ccx.inp", text);
    CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
    CU_ASSERT_EQUAL(r.n_errors, 1); /* the type; no "set EALL undefined" or "no degrees of freedom" echoes */
    if (r.n_errors != 1) fprintf(stderr, "%s", r.errors);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "ccx.inp:11: element type"));
    run_free(&r);
  }
}

static void test_return_codes(void) {
  run r = read_deck("v.inp", "*NODE\n1, 0\n*PARTICLE, NODE=1, MASS=0\n*STEP\n*DYNAMIC\n0.1, 1\n*END STEP\n");
  CU_ASSERT_EQUAL(r.status, NSB_ERR_DECK_VALUE);
  CU_ASSERT_EQUAL(r.n_errors, 1); /* MASS; the "no degrees of freedom" echo is suppressed */
  run_free(&r);
  r = read_deck("io.inp", "*INCLUDE, INPUT=/no/such/file.inc\n");
  CU_ASSERT_EQUAL(r.status, NSB_ERR_IO);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.errors, "io.inp:1: cannot open /no/such/file.inc"));
  run_free(&r);
}

/* ---- allocation failures ------------------------------------------------------- */

/* Fail the k-th allocation for k = 1, 2, ... until the good deck at path reads;
   every failure must be a clean NSB_ERR_ALLOC without leaks. */
static void alloc_sweep_deck(nsb_ctx* ctx, const char* path, int n_nodes) {
  int succeeded = 0;
  long k;
  for (k = 1; k < 100000 && !succeeded; ++k) {
    nsb_ctx_fail_alloc_after(ctx, k);
    nsb_model* m = NULL;
    int n_err = 0;
    int st = nsb_deck_read(ctx, path, NULL, &m, &n_err);
    nsb_ctx_fail_alloc_after(ctx, 0);
    if (st == NSB_OK) {
      succeeded = 1;
      CU_ASSERT_PTR_NOT_NULL(m);
      CU_ASSERT_EQUAL(m->nodes.count, n_nodes);
    } else {
      CU_ASSERT_EQUAL(st, NSB_ERR_ALLOC);
      CU_ASSERT_PTR_NULL(m);
      CU_ASSERT(n_err >= 1);
    }
    nsb_model_destroy(&m);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
    nsb_ctx_clear_error(ctx);
  }
  CU_ASSERT(succeeded);
  CU_ASSERT(k > 20); /* the sweep really went through many allocation points */
}

static void test_alloc_sweep(void) {
  nsb_ctx* ctx;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  alloc_sweep_deck(ctx, GOOD_DIR "/full.inp", 8);
  alloc_sweep_deck(ctx, GOOD_DIR "/beams.inp", 8);
  alloc_sweep_deck(ctx, GOOD_DIR "/contact.inp", 5);
  /* same for a string deck with an error: never a leak */
  for (long k = 1; k < 200; ++k) {
    nsb_ctx_fail_alloc_after(ctx, k);
    nsb_model* m = NULL;
    int st = nsb_deck_read_string(ctx, "e.inp", "*NODE, NSET=A\n1, 0\n2, 1\n*BOUNDARY, AMPLITUDE=X\nA, 1, 3\n", NULL,
                                  &m, NULL);
    nsb_ctx_fail_alloc_after(ctx, 0);
    CU_ASSERT(st < 0);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  }
  nsb_ctx_destroy(&ctx);
}

static const nsb_test_suite suites[] = {
    {"good",
     (const nsb_test_case[]){{"full_deck", test_full_deck},
                             {"minimal_defaults", test_minimal_defaults},
                             {"dynamic_h_min", test_dynamic_h_min},
                             {"crlf", test_crlf},
                             {"keyword_continuation", test_keyword_continuation},
                             {"rotating_velocity", test_rotating_velocity},
                             {"amplitude_sum", test_amplitude_sum},
                             {"amplitude_equally_spaced", test_amplitude_equally_spaced},
                             {"amplitude_decay_modulated", test_amplitude_decay_modulated},
                             {"string_deck", test_string_deck},
                             {"inertia_reference", test_inertia_reference},
                             {"docs_example", test_docs_example},
                             {"beam_deck", test_beam_deck},
                             {"contact_keywords", test_contact_keywords},
                             {"contact_deck", test_contact_deck},
                             {"calculix_deck", test_calculix_deck},
                             {"transform", test_transform},
                             {NULL, NULL}}},
    {"bad",
     (const nsb_test_case[]){{"corpus", test_bad_corpus},
                             {"several_errors", test_several_errors},
                             {"keyword_suggestion", test_keyword_suggestion},
                             {"beam_errors", test_beam_errors},
                             {"section_material_later", test_section_material_later},
                             {"ngen_elgen", test_ngen_elgen},
                             {"contact_errors", test_contact_errors},
                             {NULL, NULL}}},
    {"robust",
     (const nsb_test_case[]){{"hostile_input", test_hostile_input},
                             {"include_depth", test_include_depth},
                             {"return_codes", test_return_codes},
                             {NULL, NULL}}},
    {"alloc", (const nsb_test_case[]){{"sweep", test_alloc_sweep}, {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

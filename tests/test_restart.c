/* test_restart.c -- the step states of a checkpoint (*RESTART) at the
 * solver level: the arc-length continuation of a *STATIC, RIKS step
 * (nsb_arclength_state_save/_load) and the reduced motion of a *MODAL
 * DYNAMIC step (nsb_reduced_state_save/_load).  The whole-program tests
 * (tests/reliable.cmake, restart_*) compare the output files of restarted
 * runs; these check the pieces alone.
 *
 * Suites:
 *   riks     a continuation stopped after k increments and continued in a
 *            new system from the saved system and continuation states
 *            follows the same path, bit for bit, to the end (spherical and
 *            cylindrical constraint, the increment adapting); a state of
 *            another size is refused;
 *   reduced  a reduced model with two obstacle contacts (modal and
 *            quasi-static reduction) saved after k steps and loaded into a
 *            new one steps on identically, impulses and energy accumulators
 *            included; a state of another model is refused.
 * Bit identity is the claim (the continued run must reproduce the
 * uninterrupted one's files byte for byte), so the comparisons are exact.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/deck.h"
#include "solver/arclength.h"
#include "solver/reduced.h"
#include "solver/system.h"
#include "tests/cunit_main.h"
#include "tests/test_util.h"

/* ---- riks ------------------------------------------------------------------------------ */

/* The von Mises truss of test_arclength.c (two springs to a loaded apex):
   snap-through, so the path turns and the root choice uses the last
   accepted increment. */
static void truss_deck(char* buf, size_t n, const char* riks) {
  snprintf(buf, n,
           "*NODE\n1, -1.0, 0.0, 0.0\n2, 0.0, 0.5, 0.0\n3, 1.0, 0.0, 0.0\n*PARTICLE, NODE=2, MASS=1.0\n"
           "*ELEMENT, TYPE=SPRINGA, ELSET=BARS\n1, 1, 2\n2, 2, 3\n*SPRING, ELSET=BARS\n1000.0\n"
           "*BOUNDARY\n2, 1, 1\n2, 3, 3\n*STEP, INC=400\n%s\n*CLOAD\n2, 2, -50.0\n*END STEP\n",
           riks);
}

typedef struct riks_run {
  nsb_ctx* ctx;
  nsb_model* m;
  nsb_system* s;
  nsb_arclength* al;
} riks_run;

static int riks_open(riks_run* r, const char* text) {
  memset(r, 0, sizeof *r);
  r->ctx = nsb_test_new_ctx();
  int n_err = 0;
  int st = nsb_deck_read_string(r->ctx, "riks.inp", text, stderr, &r->m, &n_err);
  if (st == NSB_OK) st = nsb_system_create(r->ctx, r->m, &r->s);
  if (st == NSB_OK) st = nsb_system_begin_step(r->s, 0, 0.0);
  if (st == NSB_OK) st = nsb_arclength_create(r->ctx, r->s, &r->al);
  CU_ASSERT_EQUAL(st, NSB_OK);
  return st;
}

static void riks_close(riks_run* r) {
  nsb_arclength_destroy(&r->al);
  nsb_system_destroy(&r->s);
  nsb_model_destroy(&r->m);
  nsb_test_end_ctx(&r->ctx);
}

/* Increments until the step ends (at most max), each one's LPF and apex
   deflection into lpf/w; returns the count (negative: a failure). */
static int riks_follow(riks_run* r, int max, double* lpf, double* w, int* ended) {
  nsb_arclength_info info;
  nsb_newton_report rep;
  int n = 0;
  *ended = 0;
  while (n < max) {
    if (nsb_arclength_increment(r->al, &info, &rep) < 0) return -1;
    lpf[n] = info.lpf;
    w[n] = nsb_system_state(r->s)->x[4];
    ++n;
    if (info.end != NSB_ARC_GOING) {
      *ended = 1;
      break;
    }
  }
  return n;
}

enum { RIKS_MAX = 400 };

/* The path of one run, and of a run stopped after k increments and
   continued in a new system from the checkpoint: equal bit for bit. */
static void riks_continue(const char* name, const char* riks, int k) {
  char text[2048];
  truss_deck(text, sizeof text, riks);
  static double lpf_a[RIKS_MAX], w_a[RIKS_MAX], lpf_b[RIKS_MAX], w_b[RIKS_MAX];
  riks_run a, b;
  int ended = 0;
  if (riks_open(&a, text) != NSB_OK) {
    riks_close(&a);
    return;
  }
  /* the reference path: an uninterrupted run, checkpointed at k as the run driver does */
  int n1 = riks_follow(&a, k, lpf_a, w_a, &ended);
  CU_ASSERT_EQUAL_FATAL(n1, k);
  long sys_bytes = nsb_system_checkpoint_size(a.s);
  size_t al_bytes = nsb_arclength_state_bytes(a.al);
  CU_ASSERT_FATAL(sys_bytes > 0);
  char* buf = malloc((size_t)sys_bytes + al_bytes);
  CU_ASSERT_FATAL(buf != NULL);
  CU_ASSERT_EQUAL(nsb_system_checkpoint_save(a.s, buf), NSB_OK);
  nsb_arclength_state_save(a.al, buf + sys_bytes);
  int n2 = riks_follow(&a, RIKS_MAX - k, lpf_a + k, w_a + k, &ended);
  CU_ASSERT(ended);
  /* the continued run */
  if (riks_open(&b, text) == NSB_OK) {
    CU_ASSERT_EQUAL(nsb_system_checkpoint_load(b.s, buf, sys_bytes), NSB_OK);
    CU_ASSERT_EQUAL(nsb_arclength_state_load(b.al, buf + sys_bytes, al_bytes), NSB_OK);
    /* a state of another size is refused */
    CU_ASSERT_EQUAL(nsb_arclength_state_load(b.al, buf + sys_bytes, al_bytes - 8), NSB_ERR_ARG);
    nsb_ctx_clear_error(b.ctx);
    int m2 = riks_follow(&b, RIKS_MAX - k, lpf_b + k, w_b + k, &ended);
    CU_ASSERT(ended);
    CU_ASSERT_EQUAL(m2, n2);
    int same = m2 == n2;
    for (int i = k; i < k + n2 && same; ++i) same = lpf_a[i] == lpf_b[i] && w_a[i] == w_b[i];
    printf("\n    %s: stopped after %d increments, %d more: %s", name, k, n2, same ? "identical" : "DIFFERENT");
    CU_ASSERT(same);
    CU_ASSERT_DOUBLE_EQUAL(nsb_arclength_used(a.al), nsb_arclength_used(b.al), 0.0);
  }
  riks_close(&b);
  free(buf);
  riks_close(&a);
}

static void test_riks_spherical(void) { riks_continue("spherical", "*STATIC, RIKS\n0.05, 20.0, , 0.5, , 2, 2, -1.2", 17); }

static void test_riks_cylindrical(void) {
  riks_continue("cylindrical", "*STATIC, RIKS, CONSTRAINT=CYLINDRICAL\n0.05, 20.0, , 0.5, , 2, 2, -1.2", 9);
}

/* ---- reduced ---------------------------------------------------------------------------- */

/* Two mass points 1 mm above a floor (the model supplies the contact
   candidates and the obstacle; the modes are set here). */
static const char* const FLOOR_DECK =
    "*NODE, NSET=PTS\n1, 0.0, 0.0, 0.001\n2, 1.0, 0.0, 0.001\n"
    "*PARTICLE, NSET=PTS, MASS=1.0\n"
    "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.3, SLAVE RADIUS=0\nPTS, FLOOR\n"
    "*STEP\n*DYNAMIC\n1e-3, 0.1\n*END STEP\n";

/* Two modes: the points' common vertical motion and their rocking. */
static void floor_rows(void* user, int node, double* B) {
  (void)user;
  memset(B, 0, 6 * sizeof(double));
  B[2 * 2 + 0] = 1.0;                      /* z row, mode 1 */
  B[2 * 2 + 1] = node == 0 ? 0.5 : -0.5; /* z row, mode 2 */
}

static int reduced_new(nsb_ctx* ctx, const nsb_model* m, int qs, nsb_reduced** out) {
  static const double lam[2] = {0.0, 400.0};
  double x0[6] = {0.0, 0.0, 0.001, 1.0, 0.0, 0.001};
  int st = nsb_reduced_create(ctx, m, 2, lam, 0.5, 1e-4, qs, x0, floor_rows, NULL, out);
  CU_ASSERT_EQUAL_FATAL(st, NSB_OK);
  if (qs) {
    double C[36];
    memset(C, 0, sizeof C);
    for (int i = 0; i < 6; ++i) C[i + 6 * i] = 1e-5;
    nsb_reduced_set_flexibility(*out, C);
  }
  return st;
}

static void reduced_continue(int qs) {
  nsb_ctx* ctx = nsb_test_new_ctx();
  nsb_model* m = NULL;
  int n_err = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(ctx, "floor.inp", FLOOR_DECK, stderr, &m, &n_err), NSB_OK);
  nsb_reduced *a = NULL, *b = NULL, *other = NULL;
  reduced_new(ctx, m, qs, &a);
  reduced_new(ctx, m, qs, &b);
  const double h = 1e-3, f[2] = {-9.81, 0.3};
  int k = 40, n = 120, contacts = 0;
  double t = 0.0;
  double d_sum = 0.0; /* the contacts' dissipation shares (contacts.csv), summed */
  for (int i = 0; i < k; ++i, t += h) {
    CU_ASSERT_EQUAL(nsb_reduced_step(a, t, h, f), NSB_OK);
    for (int c = 0; c < 2; ++c) d_sum += a->c_D[c];
  }
  size_t bytes = nsb_reduced_state_bytes(a);
  char* buf = malloc(bytes);
  CU_ASSERT_FATAL(buf != NULL);
  nsb_reduced_state_save(a, buf);
  CU_ASSERT_EQUAL(nsb_reduced_state_load(b, buf, bytes), NSB_OK);
  int same = 1;
  for (int i = 0; i < n; ++i, t += h) {
    CU_ASSERT_EQUAL(nsb_reduced_step(a, t, h, f), NSB_OK);
    CU_ASSERT_EQUAL(nsb_reduced_step(b, t, h, f), NSB_OK);
    contacts += a->active;
    for (int j = 0; j < 2; ++j) same &= a->y[j] == b->y[j] && a->v[j] == b->v[j];
    for (int c = 0; c < 2; ++c) {
      same &= a->c_P[c] == b->c_P[c] && a->c_D[c] == b->c_D[c];
      d_sum += a->c_D[c];
    }
  }
  /* the shares sum to the history's contact dissipation */
  printf("\n    contact dissipation %.17g, sum of the contacts' shares %.17g", a->dissipated_contact, d_sum);
  NSB_ASSERT_CLOSE(d_sum, a->dissipated_contact, 1e-12 * fabs(a->dissipated_contact) + 1e-300);
  CU_ASSERT(fabs(a->dissipated_contact) > 0.0);
  same &= a->work_loads == b->work_loads && a->dissipated_damping == b->dissipated_damping &&
          a->dissipated_contact == b->dissipated_contact && a->e_qs == b->e_qs && a->sweeps == b->sweeps;
  printf("\n    %s reduction: %d steps after the checkpoint, %d contact-steps with an impulse: %s",
         qs ? "quasi-static" : "modal", n, contacts, same ? "identical" : "DIFFERENT");
  CU_ASSERT(contacts > 0); /* the points reach the floor: the contact state is exercised */
  CU_ASSERT(same);
  /* a state of the other reduction is refused (other size, or other flags) */
  reduced_new(ctx, m, !qs, &other);
  CU_ASSERT_EQUAL(nsb_reduced_state_load(other, buf, bytes), NSB_ERR_ARG);
  nsb_ctx_clear_error(ctx);
  free(buf);
  nsb_reduced_destroy(&other);
  nsb_reduced_destroy(&a);
  nsb_reduced_destroy(&b);
  nsb_model_destroy(&m);
  nsb_test_end_ctx(&ctx);
}

static void test_reduced_modal(void) { reduced_continue(0); }
static void test_reduced_quasi_static(void) { reduced_continue(1); }

static const nsb_test_suite suites[] = {
    {"riks",
     (const nsb_test_case[]){{"spherical", test_riks_spherical}, {"cylindrical", test_riks_cylindrical}, {NULL, NULL}}},
    {"reduced",
     (const nsb_test_case[]){{"modal", test_reduced_modal}, {"quasi_static", test_reduced_quasi_static}, {NULL, NULL}}},
    {NULL, NULL}};

int main(int argc, char** argv) { return nsb_test_run(suites, argc, argv); }

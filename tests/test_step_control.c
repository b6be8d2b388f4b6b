/* test_step_control.c -- the choice of increments (solver/step_control.h):
 * exact grid times, cutback and growth, and the location of switching
 * points of NEWTON-law contacts (nsb_system_contact_event) against the
 * closed form of a ball falling onto a floor. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "io/deck.h"
#include "solver/step_control.h"
#include "solver/system.h"

/* A ball (radius 0.1) at height z0 + 0.1 above a floor with vertical
   velocity %g, gravity %g, Newton's law e = 0.5; EVENTS=LOCATE. */
static const char* ball_deck =
    "*NODE, NSET=BALL\n1, 0.0, 0.0, %.17g\n"
    "*PARTICLE, NODE=1, MASS=2.0, RADIUS=0.1\n"
    "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0.0, 0.0, 0.0, 0.0, 0.0, 1.0\n"
    "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.5\nBALL, FLOOR\n"
    "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 3, %.17g\n"
    "*GRAVITY\n0.0, 0.0, %.17g\n"
    "*STEP\n*DYNAMIC, EVENTS=LOCATE, RHOINF=1\n1e-3, 2.0\n*END STEP\n";

typedef struct ball {
  nsb_ctx* ctx;
  nsb_model* m;
  nsb_system* s;
} ball;

static void ball_open(ball* b, double gap, double v0, double g) {
  memset(b, 0, sizeof *b);
  nsb_ctx_create(&b->ctx);
  char text[2048];
  snprintf(text, sizeof text, ball_deck, gap + 0.1, v0, g);
  int n_err = 0;
  CU_ASSERT_EQUAL_FATAL(nsb_deck_read_string(b->ctx, "ball.inp", text, stderr, &b->m, &n_err), NSB_OK);
  CU_ASSERT_EQUAL_FATAL(b->m->steps.data[0].events, 1);
  CU_ASSERT_EQUAL_FATAL(nsb_system_create(b->ctx, b->m, &b->s), NSB_OK);
  CU_ASSERT_EQUAL_FATAL(nsb_system_begin_step(b->s, 0, 0.0), NSB_OK);
  nsb_newton_report rep;
  CU_ASSERT_EQUAL_FATAL(nsb_system_initial_acceleration(b->s, &rep), NSB_OK);
}

static void ball_close(ball* b) {
  nsb_system_destroy(&b->s);
  nsb_model_destroy(&b->m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(b->ctx), 0);
  nsb_ctx_destroy(&b->ctx);
}

/* The switching point from the gap's quadratic: falling, thrown up,
   leaving a penetrated floor, resting, and out of reach of the increment. */
static void test_event_location(void) {
  const double g = 9.81;
  struct {
    double gap, v0, h, tau;
  } c[] = {
      /* from rest: tau = sqrt(2 gap / g) */
      {1.0, 0.0, 1.0, sqrt(2.0 / g)},
      /* falling at 3: tau = (-3 + sqrt(9 + 2 g gap)) / g, written without cancellation */
      {0.5, -3.0, 1.0, 2.0 * 0.5 / (3.0 + sqrt(9.0 + 2.0 * g * 0.5))},
      /* thrown up at 2 from gap 0.2: the downward crossing, (2 + sqrt(4 + 2 g 0.2)) / g */
      {0.2, 2.0, 1.0, (2.0 + sqrt(4.0 + 2.0 * g * 0.2)) / g},
      /* leaving a floor penetrated by 1e-12 at 1: it closes again after ~2 / g */
      {-1e-12, 1.0, 1.0, (1.0 + sqrt(1.0 - 2.0 * g * 1e-12)) / g},
      /* the increment ends before the ball arrives */
      {1.0, 0.0, 0.4, -1.0},
      /* resting on the floor (closed, not separating): the increment's law decides */
      {0.0, 0.0, 1.0, -1.0},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; ++i) {
    ball b;
    ball_open(&b, c[i].gap, c[i].v0, -g);
    int flex = -1;
    double tau = nsb_system_contact_event(b.s, c[i].h, 0.0, &flex);
    printf("\n    gap %-7g v0 %-4g h %-4g: tau %.17g (closed form %.17g)", c[i].gap, c[i].v0, c[i].h, tau, c[i].tau);
    if (c[i].tau < 0.0) {
      CU_ASSERT_EQUAL(tau, -1.0);
    } else {
      CU_ASSERT(fabs(tau - c[i].tau) <= 4e-16 * c[i].tau);
    }
    CU_ASSERT_EQUAL(flex, 0);
    ball_close(&b);
  }
}

/* Grid times from the integer index: the double nearest to the decimal
   time where the increments per unit time are an integer, and the step's
   end time exactly at its last increment. */
static void test_grid_times(void) {
  nsb_step_def sd = nsb_step_default_def(NSB_STEP_DYNAMIC, NSB_SCHEME_MODIFIED_NEWMARK);
  sd.h = 1e-3;
  sd.period = 0.6;
  nsb_step_control sc;
  nsb_step_control_begin(&sc, &sd, 0.0, 0.0);
  CU_ASSERT_EQUAL(sc.n_inc, 600);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 175), 0.175); /* 175 * 0.001 is 0.17500000000000002 */
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 170), 0.17);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 600), 0.6);
  int exact = 1;
  for (long j = 0; j <= 600; ++j) {
    char buf[32];
    snprintf(buf, sizeof buf, "%ld.%03ld", j / 1000, j % 1000);
    exact &= nsb_step_control_grid_time(&sc, j) == strtod(buf, NULL);
  }
  CU_ASSERT(exact);
  /* a second step from 0.6: t0 + j / rate, its end at t0 + period */
  sd.period = 0.3;
  nsb_step_control_begin(&sc, &sd, 0.6, 0.0);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 300), 0.6 + 0.3);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 100), 0.6 + 0.1);
  /* no integer rate (h = 0.3 on 1.0: 4 increments of 0.25): j h_nom */
  sd.h = 0.3;
  sd.period = 1.0;
  nsb_step_control_begin(&sc, &sd, 0.0, 0.0);
  CU_ASSERT_EQUAL(sc.n_inc, 4);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 3), 0.75);
  sd.h = 0.3;
  sd.period = 0.7;
  nsb_step_control_begin(&sc, &sd, 0.0, 0.0);
  CU_ASSERT_EQUAL(sc.n_inc, 3);
  CU_ASSERT_EQUAL(sc.rate, 0.0);
  CU_ASSERT_EQUAL(nsb_step_control_grid_time(&sc, 3), 0.7);
}

/* Cutback halves down to the smallest increment (never after an
   allocation failure); success doubles back to the nominal increment. */
static void test_cutback_growth(void) {
  nsb_step_def sd = nsb_step_default_def(NSB_STEP_STATIC, NSB_SCHEME_MODIFIED_NEWMARK);
  sd.h = 0.1;
  sd.period = 1.0;
  sd.h_min = 0.025;
  nsb_step_control sc;
  nsb_step_control_begin(&sc, &sd, 0.0, 0.0);
  CU_ASSERT_EQUAL(nsb_step_control_cutback(&sc, NSB_ERR_ALLOC, sc.sub), 0);
  CU_ASSERT_EQUAL(nsb_step_control_cutback(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub), 1);
  CU_ASSERT_EQUAL(nsb_step_control_cutback(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub), 1);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.025, 1e-17);
  CU_ASSERT_EQUAL(nsb_step_control_cutback(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub), 0);
  nsb_newton_report rep;
  CU_ASSERT_EQUAL(nsb_step_control_accepted(&sc, NULL, &rep), NSB_OK); /* a nominal increment needs no system */
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.05, 1e-17);
  CU_ASSERT_EQUAL(nsb_step_control_accepted(&sc, NULL, &rep), NSB_OK);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.1, 1e-17);
  CU_ASSERT_EQUAL(nsb_step_control_accepted(&sc, NULL, &rep), NSB_OK);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.1, 1e-17);
}

/* A cutback by a factor (a first correction out of all proportion,
   solver/newton.c): the increment shrinks by it, not below h_min; a factor
   of 1/2 or more, or none, halves; no cutback at h_min. */
static void test_cutback_by(void) {
  nsb_step_def sd = nsb_step_default_def(NSB_STEP_STATIC, NSB_SCHEME_MODIFIED_NEWMARK);
  sd.h = 1.0;
  sd.period = 1.0;
  sd.h_min = 1e-5;
  nsb_step_control sc;
  nsb_step_control_begin(&sc, &sd, 0.0, 0.0);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub, 1.31e-3), 1);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 1.31e-3, 1e-18);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub, 0.7), 1);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.655e-3, 1e-18);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub, 0.0), 1);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 0.3275e-3, 1e-18);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub, 1e-9), 1);
  CU_ASSERT_DOUBLE_EQUAL(sc.sub, 1e-5, 1e-20);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_NO_CONVERGENCE, sc.sub, 1e-3), 0);
  CU_ASSERT_EQUAL(nsb_step_control_cutback_by(&sc, NSB_ERR_ALLOC, sc.sub, 1e-3), 0);
}

/* The control on a falling ball: the increment that contains the impact
   ends at the switching point (closed form to round-off), the impact
   increment follows (rebound e v1 up to g delta), and the next increment
   lands on the grid point. */
static void test_located_impact(void) {
  const double g = 9.81, e = 0.5;
  ball b;
  ball_open(&b, 1.0, 0.0, -g);
  nsb_step_control sc;
  nsb_step_control_begin(&sc, &b.m->steps.data[0], 0.0, 0.0);
  const double t1 = sqrt(2.0 / g), v1 = g * t1, dl = NSB_IMPACT_INCREMENT * sc.h_nom;
  long j = (long)ceil(t1 / sc.h_nom); /* the grid point after the impact */
  nsb_newton_report rep;
  int kinds[4] = {0, 0, 0, 0};
  double t_e = -1.0;
  for (long k = 1; k <= j + 1; ++k) {
    double tg = nsb_step_control_grid_time(&sc, k);
    while (!nsb_step_control_reached(&sc, nsb_system_time(b.s), tg)) {
      double t_new = nsb_step_control_next(&sc, b.s, tg);
      CU_ASSERT_EQUAL_FATAL(nsb_system_increment_to(b.s, t_new, &rep), NSB_OK);
      CU_ASSERT_EQUAL(nsb_system_time(b.s), t_new);
      kinds[sc.kind]++;
      const nsb_state* st = nsb_system_state(b.s);
      if (sc.kind == NSB_INC_EVENT) {
        printf("\n    switching point %.17g (closed form %.17g), gap %.3e", t_new, t1, st->x[2] - 0.1);
        /* to the round-off of the state integrated over 451 increments
           (the quadratic from an exact state is exact to 4e-16: event_location) */
        CU_ASSERT(fabs(t_new - t1) <= 1e-14 * t1);
        t_e = t_new;
        CU_ASSERT(fabs(st->x[2] - 0.1) <= 1e-15);
      }
      if (sc.kind == NSB_INC_IMPACT) {
        printf("\n    after the impact increment: v %.17g (e v1 %.17g)", st->v[2], e * v1);
        CU_ASSERT_DOUBLE_EQUAL(t_new - t_e, dl, 1e-15);
        CU_ASSERT(fabs(st->v[2] - e * v1) <= 2.0 * g * dl);
      }
      CU_ASSERT_EQUAL_FATAL(nsb_step_control_accepted(&sc, b.s, &rep), NSB_OK);
    }
    CU_ASSERT_EQUAL(nsb_system_time(b.s), tg);
  }
  CU_ASSERT_EQUAL(kinds[NSB_INC_EVENT], 1);
  CU_ASSERT_EQUAL(kinds[NSB_INC_IMPACT], 1);
  CU_ASSERT_EQUAL(sc.n_events, 1);
  /* after the impact the smooth acceleration, without the impulse's round-off */
  CU_ASSERT_DOUBLE_EQUAL(nsb_system_state(b.s)->a[2], -g, 1e-12);
  ball_close(&b);
}

int main(int argc, char** argv) {
  static const nsb_test_case cases[] = {{"event_location", test_event_location},
                                        {"grid_times", test_grid_times},
                                        {"cutback_growth", test_cutback_growth},
                                        {"cutback_by", test_cutback_by},
                                        {"located_impact", test_located_impact},
                                        {NULL, NULL}};
  static const nsb_test_suite suites[] = {{"step_control", cases}, {NULL, NULL}};
  return nsb_test_run(suites, argc, argv);
}

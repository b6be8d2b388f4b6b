/* friction_oscillator.c -- the 2-DOF friction oscillator of van de Wouw,
 * Leine & Nijmeijer as used by Stamm (2011, §6.5), run through nsbeam's
 * deck reader and time-stepping system (particles on a plane obstacle,
 * LAW=NEWTON with Coulomb friction, springs with free lengths, dashpots with
 * negative damping), and the bisection for the boundary x1_hat of the basin of
 * permanent stick on the line (x1(0), 0, 0, 0).
 *
 * usage: friction_oscillator h [x_lo x_hi tol t_max [prox]]
 * (prox: the contacts by prox sweeps, *SOLVER CONTROLS, CONTACT SOLVER=PROX,
 * instead of the semi-smooth rows; the discrete problem is the same)
 * prints CSV rows: h,x_hat,runs,steps_total,wall_s and the classification of
 * the bracket ends.
 *
 * Classification of one run: "stick" once both masses are at rest (|v| <
 * 1e-12 over the last increment) with every spring/damper force inside the
 * friction limit mu m g = 1 (nothing can start them again: the dashpots are
 * silent at rest), "grow" once |x1| or |x2| exceeds 2 x(0), "undecided" at
 * t_max.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/deck.h"
#include "solver/system.h"

static const char* deck_fmt =
    "*HEADING\nFriction oscillator (Stamm 2011, §6.5)\n"
    "*NODE\n1, -1000.0, 0, 0\n2, %.17g, 0, 0\n3, 1000.0, 0, 0\n4, 2000.0, 0, 0\n"
    "*NSET, NSET=MASSES\n2, 3\n"
    "*PARTICLE, NSET=MASSES, MASS=1.0\n"
    "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    "*GRAVITY\n0, 0, -10\n"
    "*ELEMENT, TYPE=SPRINGA, ELSET=WALLS\n1, 1, 2\n3, 3, 4\n"
    "*SPRING, ELSET=WALLS\n1.0, 1000.0\n"
    "*ELEMENT, TYPE=SPRINGA, ELSET=COUPLING\n2, 2, 3\n"
    "*SPRING, ELSET=COUPLING\n1.0, 1000.0\n"
    "*ELEMENT, TYPE=DASHPOTA, ELSET=WALLD\n11, 1, 2\n13, 3, 4\n"
    "*DASHPOT, ELSET=WALLD\n0.5\n"
    "*ELEMENT, TYPE=DASHPOTA, ELSET=COUPLED\n12, 2, 3\n"
    "*DASHPOT, ELSET=COUPLED\n-0.375\n"
    "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.1\nMASSES, FLOOR\n"
    "*STEP\n*DYNAMIC, SCHEME=MODIFIED NEWMARK\n%.17g, %.17g\n%s*END STEP\n";

static const char* controls = ""; /* *SOLVER CONTROLS line (prox) or nothing */

/* +1 grow, -1 stick, 0 undecided; *steps: increments done */
static int classify(double x1, double h, double t_max, long* steps) {
  char deck[4096];
  snprintf(deck, sizeof deck, deck_fmt, x1, h, t_max, controls);
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = NULL;
  int n_err = 0, verdict = 0;
  if (nsb_deck_read_string(ctx, "friction_oscillator.inp", deck, stderr, &m, &n_err) != NSB_OK) exit(2);
  nsb_system* s = NULL;
  nsb_newton_report rep;
  if (nsb_system_create(ctx, m, &s) != NSB_OK || nsb_system_begin_step(s, 0, 0.0) != NSB_OK ||
      nsb_system_initial_acceleration(s, &rep) != NSB_OK)
    exit(2);
  long n = (long)llround(t_max / h);
  const nsb_state* st = nsb_system_state(s);
  for (long k = 0; k < n; ++k) {
    if (nsb_system_increment(s, h, &rep) != NSB_OK) {
      fprintf(stderr, "friction_oscillator: increment %ld failed: %s\n", k + 1, rep.cause);
      exit(2);
    }
    *steps += 1;
    double u1 = st->x[3] - 0.0, u2 = st->x[6] - 1000.0;
    if (fabs(u1) > 2.0 * x1 || fabs(u2) > 2.0 * x1) {
      verdict = 1;
      break;
    }
    double v1 = st->v[3], v2 = st->v[6];
    if (fabs(v1) < 1e-12 && fabs(v2) < 1e-12) {
      /* forces of springs only (dashpots silent at rest) */
      double f1 = -1.0 * u1 + 1.0 * (u2 - u1), f2 = -1.0 * u2 - 1.0 * (u2 - u1);
      if (fabs(f1) < 1.0 && fabs(f2) < 1.0) {
        verdict = -1;
        break;
      }
    }
  }
  nsb_system_destroy(&s);
  nsb_model_destroy(&m);
  nsb_ctx_destroy(&ctx);
  return verdict;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: friction_oscillator h [x_lo x_hi tol t_max [prox]]\n");
    return 2;
  }
  double h = atof(argv[1]);
  double lo = argc > 2 ? atof(argv[2]) : 5.78, hi = argc > 3 ? atof(argv[3]) : 5.86;
  double tol = argc > 4 ? atof(argv[4]) : 1e-7, t_max = argc > 5 ? atof(argv[5]) : 600.0;
  if (argc > 6 && strcmp(argv[6], "prox") == 0)
    controls = "*SOLVER CONTROLS, CONTACT SOLVER=PROX, CONTACT TOLERANCE=1e-12\n";
  else if (argc > 6) {
    fprintf(stderr, "friction_oscillator: unknown option %s (want prox)\n", argv[6]);
    return 2;
  }
  long steps = 0;
  int runs = 0;
  clock_t c0 = clock();
  int vlo = classify(lo, h, t_max, &steps), vhi = classify(hi, h, t_max, &steps);
  runs += 2;
  if (vlo != -1 || vhi != 1) {
    printf("h,x_hat,runs,steps,wall_s\n%.17g,nan,%d,%ld,%.3f\n", h, runs, steps,
           (double)(clock() - c0) / CLOCKS_PER_SEC);
    fprintf(stderr, "friction_oscillator: bracket [%g, %g] gives %d, %d (want stick, grow)\n", lo, hi, vlo, vhi);
    return 1;
  }
  int undecided = 0;
  while (hi - lo > tol) {
    double mid = 0.5 * (lo + hi);
    int v = classify(mid, h, t_max, &steps);
    ++runs;
    if (v == 0) ++undecided;
    if (v >= 0) hi = mid; /* undecided counts as not stuck (reported) */
    else lo = mid;
  }
  printf("h,x_hat,runs,steps,wall_s,undecided\n%.17g,%.12f,%d,%ld,%.3f,%d\n", h, 0.5 * (lo + hi), runs, steps,
         (double)(clock() - c0) / CLOCKS_PER_SEC, undecided);
  return 0;
}

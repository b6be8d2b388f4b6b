/* element_kernel.c -- times one beam element evaluation (residual, tangent
 * and static condensation of the interior unknowns: the element's eval op)
 * for the velocity-based (B2V, Češarek et al. 2013) and the strain-based
 * (B2S, Zupan & Saje 2003) element at POINTS = 1, 2, 3, and prints the time
 * per evaluation, the derived flop count of its condensation and the rate
 * achieved on it, and the heap bytes of the element's state.  It times the
 * residual-only evaluation of modified Newton as well (TANGENT=REUSE: the
 * residual condensed with the interior factors kept by an evaluation with
 * the tangent, elements/element.h NSB_FACTORS_KEPT).  See README.md beside
 * this file.
 *
 * The element is a one-element cantilever read from a deck held below; the
 * state is a bent, moving configuration (not the undeformed one, whose many
 * zero blocks would make the evaluation unrepresentatively cheap), reached
 * like a Newton iterate: one evaluation, then a node correction recovered
 * into the interior unknowns by post_solve.  The evaluation is then repeated
 * on that same state (each repetition reads the same inputs and writes the
 * same outputs), as many times as fit into the requested CPU time.
 *
 * usage: element_kernel [--seconds S | --evals E] [--type B2V|B2S] [--points N] [--galerkin]
 *   --seconds S  CPU time per configuration and path (default 0.5)
 *   --evals E    exactly E evaluations per configuration and path, in one
 *                batch (for instruction counts: valgrind --tool=callgrind)
 *   --type T     only that element type (default both)
 *   --points N   only that number of points (default 1, 2, 3)
 *   --galerkin   the elements with WEIGHTING=GALERKIN (default collocation)
 */
#define _GNU_SOURCE /* clock_gettime, RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "elements/element.h"
#include "io/deck.h"

/* CPU time of this thread: on a shared, loaded machine the wall time of a
   batch includes the time the process waits for a core. */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Flops of the condensation of an n x n interior block with 12 node
   unknowns, as the dense algorithm of elements/small_lu.h counts them (one
   multiply-add = 2; skipped zero products counted as done):
     LU:      sum_k [(n-k-1) + 2 (n-k-1)^2] + n  (scaling, update; reciprocals)
     solves:  13 columns x (n (n-1) + n^2)       (L: n(n-1), U: n(n-1) + n divisions)
     Schur:   2 x 12 x n x 13                    (f_c and the 12 columns of K_c) */
static double condensation_flops(int n) {
  double lu = n;
  for (int k = 0; k < n; ++k) lu += (double)(n - k - 1) + 2.0 * (double)(n - k - 1) * (double)(n - k - 1);
  double solve = 13.0 * ((double)n * (double)(n - 1) + (double)n * (double)n);
  double schur = 2.0 * 12.0 * (double)n * 13.0;
  return lu + solve + schur;
}

/* Flops of the residual-only condensation with kept factors (beam.c,
   condense_frozen): X_f = K_ii^{-1} f_i (n^2 multiply-adds) and
   f_c = f_n - K_ni X_f (12 n). */
static double frozen_flops(int n) { return 2.0 * (double)n * (double)n + 2.0 * 12.0 * (double)n; }

typedef struct bench_case {
  nsb_ctx* ctx;
  nsb_model* model;
  nsb_elem elem;
  double x[6], q[8], v[6], w[6], a[6], al[6]; /* the two nodes' states (one state serves t_n and t_{n+1}) */
  double x1[6], q1[8];                         /* t_{n+1}: moved */
  double vbar[6], wbar[6];
  nsb_kin kin[2];
  nsb_state old, cur;
  nsb_eval_ctx ec;
  double f[12], K[144];
  size_t state_bytes; /* heap bytes of the element (its one block) */
} bench_case;

/* reuse: the deck's step asks for modified Newton (TANGENT=REUSE), so that
   the element has its storage for kept factors (the residual-only path), an
   allocation of its own beside the element's block; without it (TANGENT=FULL:
   the default, AUTO, would choose modified Newton in this dynamic step),
   state_bytes is the block alone. */
static int setup(bench_case* b, const char* type, int points, int galerkin, int reuse) {
  char deck[2048];
  snprintf(deck, sizeof deck,
           "*HEADING\none element\n*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n"
           "*ELEMENT, TYPE=%s, ELSET=BEAM, POINTS=%d%s\n1, 1, 2\n"
           "*BEAM GENERAL SECTION, ELSET=BEAM\n1e7, 4e6, 4e6, 80, 100, 120\n1, 0.01, 0.02, 0.03\n"
           "*BOUNDARY\n1, 1, 6\n*STEP\n*DYNAMIC, SCHEME=MODIFIED NEWMARK\n1e-4, 1e-3\n"
           "%s*END STEP\n",
           type, points, galerkin ? ", WEIGHTING=GALERKIN" : "", reuse ? "*SOLVER CONTROLS, TANGENT=REUSE\n" : "*SOLVER CONTROLS, TANGENT=FULL\n");
  memset(b, 0, sizeof *b);
  if (nsb_ctx_create(&b->ctx) != NSB_OK) return -1;
  if (nsb_deck_read_string(b->ctx, "element_kernel.inp", deck, stderr, &b->model, NULL) != NSB_OK) return -1;
  for (int k = 0; k < 2; ++k) {
    for (int i = 0; i < 3; ++i) b->x[3 * k + i] = b->model->nodes.data[k].X[i];
    b->q[4 * k] = 1.0;
  }
  b->elem.n_nodes = 2;
  b->elem.nodes[0] = 0;
  b->elem.nodes[1] = 1;
  b->elem.node_ndof[0] = b->elem.node_ndof[1] = 6;
  b->elem.n_local = 12;
  b->elem.ops = &nsb_beam_v_ops;
  size_t live = nsb_ctx_live_bytes(b->ctx);
  if (nsb_beam_create(b->ctx, b->model, 0, b->x, b->q, b->v, b->w, NULL, &b->elem) != NSB_OK) return -1;
  b->state_bytes = nsb_ctx_live_bytes(b->ctx) - live;
  /* t_{n+1}: node 1 moved and turned (about 0.1 rad), both nodes moving */
  memcpy(b->x1, b->x, sizeof b->x1);
  memcpy(b->q1, b->q, sizeof b->q1);
  b->x1[3] = 0.99;
  b->x1[4] = 0.08;
  b->x1[5] = -0.03;
  nsb_q_store(nsb_q_normalize(nsb_q_load((double[4]){1.0, 0.01, -0.02, 0.05})), b->q1 + 4);
  const double vb[6] = {0.0, 0.0, 0.0, -0.1, 0.8, -0.3}, wb[6] = {0.0, 0.0, 0.0, 0.1, -0.2, 1.0};
  memcpy(b->vbar, vb, sizeof vb);
  memcpy(b->wbar, wb, sizeof wb);
  b->old = (nsb_state){b->x, b->q, b->v, b->w, b->a, b->al};
  b->cur = (nsb_state){b->x1, b->q1, b->vbar, b->wbar, b->a, b->al};
  for (int k = 0; k < 2; ++k) {
    b->kin[k].cr = 1.0;
    b->kin[k].cv = 1.0 / 1e-4;
    b->kin[k].ca = 1.0 / (0.25 * 1e-8);
    b->kin[k].Bth = b->kin[k].Bw = b->kin[k].Bal = nsb_m3_identity();
  }
  const nsb_step_def* st = &b->model->steps.data[0];
  nsb_eval_ctx* ec = &b->ec;
  ec->model = b->model;
  ec->cur = &b->cur;
  ec->old = &b->old;
  ec->kin = b->kin;
  ec->mode = NSB_EVAL_DYNAMIC;
  ec->t = ec->t_step = st->h;
  ec->step_period = st->period;
  ec->vbar = b->vbar;
  ec->wbar = b->wbar;
  ec->h = st->h;
  ec->beta = st->beta;
  ec->gamma = st->gamma;
  ec->lam_scale = 1.0;
  for (int k = 0; k < 3; ++k) ec->con_scale[k] = 1.0;
  /* one Newton iterate: evaluate, recover a node correction into the interior */
  b->elem.ops->begin_increment(&b->elem);
  if (b->elem.ops->eval(&b->elem, ec, b->f, b->K) != NSB_OK) return -1;
  double du[12];
  for (int i = 0; i < 12; ++i) du[i] = i < 6 ? 0.0 : 1e-3 * (double)(i - 5);
  nsb_corr corr = {0};
  b->elem.ops->post_solve(&b->elem, du, &corr);
  return 0;
}

static void teardown(bench_case* b) {
  if (b->elem.state) b->elem.ops->destroy(b->ctx, &b->elem);
  nsb_model_destroy(&b->model);
  nsb_ctx_destroy(&b->ctx);
}

/* Seconds per evaluation: batches of about half a millisecond of CPU time
   until `seconds` of CPU time have passed; the fastest batch (the least
   disturbed by other work: cache traffic, interrupts). */
static double time_eval(bench_case* b, double seconds, long evals, int residual, long* n_evals) {
  double* K = residual ? NULL : b->K;
  long batch = evals > 0 ? evals : 1;
  while (evals <= 0) { /* size the batch */
    double t0 = cpu_seconds();
    for (long r = 0; r < batch; ++r) b->elem.ops->eval(&b->elem, &b->ec, b->f, K);
    if (cpu_seconds() - t0 > 5e-4 || batch >= 1 << 20) break;
    batch *= 2;
  }
  double best = 1e30, t_end = cpu_seconds() + seconds;
  long n = 0;
  do {
    double t0 = cpu_seconds();
    for (long r = 0; r < batch; ++r) {
      memset(b->f, 0, sizeof b->f);
      if (K) memset(K, 0, sizeof b->K);
      b->elem.ops->eval(&b->elem, &b->ec, b->f, K);
    }
    double dt = (cpu_seconds() - t0) / batch;
    if (dt < best) best = dt;
    n += batch;
  } while (evals <= 0 && cpu_seconds() < t_end);
  *n_evals = n;
  return best;
}

/* Seconds per residual-only evaluation of modified Newton: the factors
   kept by one evaluation with the tangent (NSB_FACTORS_KEEP) at the same
   state, then residuals condensed with them (NSB_FACTORS_KEPT, K NULL).
   Returns a negative value when the element does not evaluate.  Not inlined,
   so that callgrind can count it alone (--toggle-collect='time_residual*';
   README.md). */
__attribute__((noinline)) static double time_residual(bench_case* b, double seconds, long evals, long* n_evals) {
  b->ec.factors = NSB_FACTORS_KEEP;
  int st = b->elem.ops->eval(&b->elem, &b->ec, b->f, b->K);
  b->ec.factors = NSB_FACTORS_KEPT;
  if (st != NSB_OK) return -1.0;
  double dt = time_eval(b, seconds, evals, 1, n_evals);
  b->ec.factors = NSB_FACTORS_FRESH;
  return dt;
}

/* The BLAS single-threaded, as nsbeam runs it (io/main.c): unless the user
   set a thread count. */
static void blas_single_thread(void) {
  if (getenv("OPENBLAS_NUM_THREADS") || getenv("OMP_NUM_THREADS")) return;
  union {
    void* obj;
    void (*fn)(int);
  } sym;
  sym.obj = dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
  if (sym.obj) sym.fn(1);
}

int main(int argc, char** argv) {
  blas_single_thread();
  double seconds = 0.5;
  long evals = 0;
  const char* only_type = NULL;
  int only_points = 0, galerkin = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
      seconds = atof(argv[++i]);
    } else if (!strcmp(argv[i], "--evals") && i + 1 < argc) {
      evals = atol(argv[++i]);
      if (evals <= 0) {
        fprintf(stderr, "%s: --evals > 0\n", argv[0]);
        return 2;
      }
    } else if (!strcmp(argv[i], "--type") && i + 1 < argc) {
      only_type = argv[++i];
    } else if (!strcmp(argv[i], "--points") && i + 1 < argc) {
      only_points = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--galerkin")) {
      galerkin = 1;
    } else {
      fprintf(stderr, "usage: %s [--seconds S | --evals E] [--type B2V|B2S] [--points N] [--galerkin]\n", argv[0]);
      return 2;
    }
  }
  if (!(seconds > 0.0) || only_points < 0 || only_points > 10 ||
      (only_type && strcmp(only_type, "B2V") && strcmp(only_type, "B2S"))) {
    fprintf(stderr, "%s: --seconds > 0, --points 1..10, --type B2V or B2S\n", argv[0]);
    return 2;
  }
  const char* types[2] = {"B2V", "B2S"};
  printf("type,weighting,points,n_interior,state_bytes,evaluations,us_per_eval,condensation_flops,gflops_floor,"
         "residual_evaluations,us_per_residual,residual_condensation_flops,residual_gflops_floor\n");
  int rc = 0;
  for (int t = 0; t < 2; ++t) {
    if (only_type && strcmp(only_type, types[t])) continue;
    for (int p = 1; p <= 3 || (only_points > 3 && p <= only_points); ++p) {
      if (only_points && p != only_points) continue;
      bench_case b, br;
      int ok = setup(&b, types[t], p, galerkin, 0) == 0, okr = ok && setup(&br, types[t], p, galerkin, 1) == 0;
      if (!okr) {
        fprintf(stderr, "%s: cannot set up %s POINTS=%d\n", argv[0], types[t], p);
        teardown(&b);
        if (ok) teardown(&br);
        rc = 1;
        continue;
      }
      long n = 0, nr = 0;
      double dt = time_eval(&b, seconds, evals, 0, &n);
      double dr = time_residual(&br, seconds, evals, &nr);
      if (dr < 0.0) {
        fprintf(stderr, "%s: %s POINTS=%d does not evaluate\n", argv[0], types[t], p);
        rc = 1;
      }
      int ni = 6 * p + 6;
      double fl = condensation_flops(ni), flr = frozen_flops(ni);
      printf("%s,%s,%d,%d,%zu,%ld,%.3f,%.0f,%.3f,%ld,%.3f,%.0f,%.3f\n", types[t],
             galerkin ? "galerkin" : "collocation", p, ni, b.state_bytes, n, 1e6 * dt, fl, 1e-9 * fl / dt, nr,
             1e6 * dr, flr, 1e-9 * flr / dr);
      teardown(&b);
      teardown(&br);
    }
  }
  return rc;
}

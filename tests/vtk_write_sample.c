/* vtk_write_sample.c -- write a small .pvd series for the VTK read-back test.
 *
 * usage: vtk_write_sample OUT_DIR ASCII(0|1)
 * Writes OUT_DIR/sample.pvd and 3 steps of 5 points (3 particles, 2 rigid
 * bodies spinning about tilted axes, so e1/e2/e3 are general rotations) and 2
 * lines (a joint between the bodies, a spring from a particle to a body).
 * tests/vtk_readback.py then reads it with VTK's own readers (tests/vtk.cmake).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "io/vtk.h"
#include "solver/base/vec.h"

enum { N_POINTS = 5, N_LINES = 2, N_STEPS = 3 };

int main(int argc, char** argv) {
  if (argc != 3 || (argv[2][0] != '0' && argv[2][0] != '1') || argv[2][1] != '\0') {
    fprintf(stderr, "usage: %s OUT_DIR ASCII(0|1)\n", argv[0]);
    return 2;
  }
  nsb_ctx* ctx = NULL;
  if (nsb_ctx_create(&ctx) != NSB_OK) return 1;
  nsb_vtk_writer* w = NULL;
  int status = nsb_vtk_writer_create(ctx, argv[1], "sample", argv[2][0] == '1', N_POINTS, N_LINES, &w);

  const double x0[3 * N_POINTS] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0.5};
  double x[3 * N_POINTS], u[3 * N_POINTS], v[3 * N_POINTS], q[4 * N_POINTS], om[3 * N_POINTS];
  const int label[N_POINTS] = {1, 2, 3, 10, 11};
  const int kind[N_POINTS] = {1, 1, 1, 2, 2};
  const double mass[N_POINTS] = {0.1, 0.2, 0.3, 5.0, 7.5};
  const double radius[N_POINTS] = {0.05, 0.1, 0.15, 0.0, 0.0};
  const int line_points[2 * N_LINES] = {3, 4, 0, 3};
  const int line_kind[N_LINES] = {1, 2};
  const double dt = 0.05;

  for (int step = 0; status == NSB_OK && step < N_STEPS; ++step) {
    double t = step * dt;
    for (int i = 0; i < N_POINTS; ++i) {
      /* particles fall under gravity, bodies spin about the axis (1, i, 2)/|.| at rate 2 + i */
      nsb_vec3 vi = nsb_v3(0.5, 0.0, -9.81 * t);
      nsb_vec3 ui = nsb_v3(0.5 * t, 0.0, -0.5 * 9.81 * t * t);
      nsb_vec3 axis = nsb_v3_scale(1.0 / sqrt(5.0 + i * i), nsb_v3(1.0, i, 2.0));
      double rate = kind[i] == 2 ? 2.0 + i : 0.0, half = 0.5 * rate * t;
      nsb_quat qi = nsb_q(cos(half), sin(half) * axis.x, sin(half) * axis.y, sin(half) * axis.z);
      nsb_v3_store(nsb_v3_add(nsb_v3_load(x0 + 3 * i), ui), x + 3 * i);
      nsb_v3_store(ui, u + 3 * i);
      nsb_v3_store(vi, v + 3 * i);
      nsb_q_store(qi, q + 4 * i);
      nsb_v3_store(nsb_v3_scale(rate, axis), om + 3 * i);
    }
    nsb_vtk_frame f = {t,     N_POINTS, x,      u,      v,       q,           om,       label,
                       kind,  mass,     radius, N_LINES, line_points, line_kind};
    status = nsb_vtk_write(w, &f);
  }
  if (status == NSB_OK) {
    printf("%s\n", nsb_vtk_pvd_path(w));
  } else {
    fprintf(stderr, "vtk_write_sample: %s: %s\n", nsb_status_message(status), nsb_ctx_error_message(ctx));
  }
  nsb_vtk_writer_destroy(&w);
  nsb_ctx_destroy(&ctx);
  return status == NSB_OK ? 0 : 1;
}

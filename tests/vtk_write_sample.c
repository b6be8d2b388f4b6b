/* vtk_write_sample.c -- write a small .pvd series for the VTK read-back tests.
 *
 * usage: vtk_write_sample OUT_DIR ASCII(0|1) [beams]
 * Without "beams": writes OUT_DIR/sample.pvd and 3 steps of 5 points (3
 * particles, 2 rigid bodies spinning about tilted axes, so e1/e2/e3 are
 * general rotations) and 2 lines (a joint between the bodies, a spring from a
 * particle to a body); prints the .pvd path.
 * With "beams": writes OUT_DIR/beams.pvd and OUT_DIR/beams_surface.pvd, 3
 * steps of a curved, twisted beam of 3 elements with 5 points each (15 axis
 * points: the shared end nodes are given once per element), sections circle,
 * rectangle and pipe; prints the axis .pvd path.
 * tests/vtk_readback.py then reads them with VTK's own readers (tests/vtk.cmake).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/vtk.h"
#include "base/vec.h"

enum { N_POINTS = 5, N_LINES = 2, N_STEPS = 3 };

static int write_bodies(nsb_ctx* ctx, const char* dir, int ascii) {
  nsb_vtk_writer* w = NULL;
  int status = nsb_vtk_writer_create(ctx, dir, "sample", ascii, N_POINTS, N_LINES, &w);

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
                       kind,  mass,     radius, N_LINES, line_points, line_kind, NULL, NULL, NULL};
    status = nsb_vtk_write(w, &f);
  }
  if (status == NSB_OK) printf("%s\n", nsb_vtk_pvd_path(w));
  nsb_vtk_writer_destroy(&w);
  return status;
}

/* ---- beams ------------------------------------------------------------------ */

enum { B_ELEMS = 3, B_PER_ELEM = 5, B_POINTS = B_ELEMS * B_PER_ELEM, B_RING = 12 };

/* The beam at time t: length L, initially straight along +x, bent in the
 * xy-plane into an arc of angle Theta(t) = (1/4 + 5t/2) pi (radius R = L /
 * Theta) and twisted about its axis by phi = 3 t s.  Section frame q =
 * qz(theta) qx(phi) with theta = s / R, so G1 is the arc tangent.  Section
 * stiffnesses GJ = 50, EI2 = EI3 = 100, EA = 1e4 turn the strains into
 * resultants. */
static void beam_point(double t, double s, nsb_vec3* x, nsb_quat* q) {
  const double L = 1.5, pi = 3.14159265358979323846;
  double kappa = (0.25 + 2.5 * t) * pi / L, th = s * kappa, phi = 3.0 * t * s;
  *x = nsb_v3(sin(th) / kappa, (1.0 - cos(th)) / kappa, 0.0);
  double h = 0.5 * th, g = 0.5 * phi;
  *q = nsb_q_mul(nsb_q(cos(h), 0.0, 0.0, sin(h)), nsb_q(cos(g), sin(g), 0.0, 0.0));
}

static int write_beams(nsb_ctx* ctx, const char* dir, int ascii) {
  nsb_vtk_beam_writer* w = NULL;
  int status = nsb_vtk_beam_writer_create(ctx, dir, "beams", ascii, B_POINTS, B_ELEMS, B_RING, &w);
  const double L = 1.5, pi = 3.14159265358979323846, dt = 0.05, h = 1e-6;
  int line_start[B_ELEMS + 1];
  const int label[B_ELEMS] = {101, 102, 103};
  const int shape[B_ELEMS] = {NSB_VTK_SECTION_CIRCLE, NSB_VTK_SECTION_RECT, NSB_VTK_SECTION_PIPE};
  const double dims[2 * B_ELEMS] = {0.04, 0.0, 0.08, 0.04, 0.05, 0.005};
  static double x[3 * B_POINTS], u[3 * B_POINTS], v[3 * B_POINTS], om[3 * B_POINTS], q[4 * B_POINTS];
  static double strain[6 * B_POINTS], nf[3 * B_POINTS], mf[3 * B_POINTS], nl[3 * B_POINTS], ml[3 * B_POINTS];
  for (int e = 0; e <= B_ELEMS; ++e) line_start[e] = e * B_PER_ELEM;

  for (int step = 0; status == NSB_OK && step < N_STEPS; ++step) {
    double t = step * dt;
    double kappa = (0.25 + 2.5 * t) * pi / L;
    for (int e = 0; e < B_ELEMS; ++e) {
      for (int j = 0; j < B_PER_ELEM; ++j) {
        int i = e * B_PER_ELEM + j;
        double s = L * (e + (double)j / (B_PER_ELEM - 1)) / B_ELEMS;
        nsb_vec3 xi, xp, xm;
        nsb_quat qi, qp, qm;
        beam_point(t, s, &xi, &qi);
        beam_point(t + h, s, &xp, &qp);
        beam_point(t - h, s, &xm, &qm);
        nsb_mat3 r = nsb_q_to_m3(qi);
        nsb_vec3 g1 = nsb_m3_col(r, 0);
        /* omega = theta' e_z + phi' G1 (q = qz(theta) qx(phi)) */
        nsb_vec3 omega = nsb_v3_muladd(nsb_v3(0.0, 0.0, s * 2.5 * pi / L), 3.0 * s, g1);
        /* curvature vector kappa e_z + phi_s G1, in section components */
        nsb_vec3 k_loc = nsb_m3_tmulv(r, nsb_v3_muladd(nsb_v3(0.0, 0.0, kappa), 3.0 * t, g1));
        double gamma1 = 1e-4 * (1.0 + t);
        nsb_vec3 n_loc = nsb_v3(1e4 * gamma1, 0.0, 0.0);
        nsb_vec3 m_loc = nsb_v3(50.0 * k_loc.x, 100.0 * k_loc.y, 100.0 * k_loc.z);
        nsb_v3_store(xi, x + 3 * i);
        nsb_v3_store(nsb_v3_sub(xi, nsb_v3(s, 0.0, 0.0)), u + 3 * i);
        nsb_v3_store(nsb_v3_scale(0.5 / h, nsb_v3_sub(xp, xm)), v + 3 * i);
        nsb_v3_store(omega, om + 3 * i);
        nsb_q_store(qi, q + 4 * i);
        double eps[6] = {gamma1, 0.0, 0.0, k_loc.x, k_loc.y, k_loc.z};
        memcpy(strain + 6 * i, eps, sizeof eps);
        nsb_v3_store(n_loc, nl + 3 * i);
        nsb_v3_store(m_loc, ml + 3 * i);
        nsb_v3_store(nsb_m3_mulv(r, n_loc), nf + 3 * i);
        nsb_v3_store(nsb_m3_mulv(r, m_loc), mf + 3 * i);
      }
    }
    nsb_vtk_beam_frame f = {t,  B_ELEMS, line_start, B_POINTS, x,     u,     v,   om, q,
                            strain, nf, mf,     nl,         ml,       label, shape, dims, NULL};
    status = nsb_vtk_write_beams(w, &f);
  }
  if (status == NSB_OK) printf("%s\n", nsb_vtk_beam_pvd_path(w));
  nsb_vtk_beam_writer_destroy(&w);
  return status;
}

int main(int argc, char** argv) {
  int beams = argc == 4 && strcmp(argv[3], "beams") == 0;
  if ((argc != 3 && !beams) || (argv[2][0] != '0' && argv[2][0] != '1') || argv[2][1] != '\0') {
    fprintf(stderr, "usage: %s OUT_DIR ASCII(0|1) [beams]\n", argv[0]);
    return 2;
  }
  nsb_ctx* ctx = NULL;
  if (nsb_ctx_create(&ctx) != NSB_OK) return 1;
  int ascii = argv[2][0] == '1';
  int status = beams ? write_beams(ctx, argv[1], ascii) : write_bodies(ctx, argv[1], ascii);
  if (status != NSB_OK)
    fprintf(stderr, "vtk_write_sample: %s: %s\n", nsb_status_message(status), nsb_ctx_error_message(ctx));
  nsb_ctx_destroy(&ctx);
  return status == NSB_OK ? 0 : 1;
}

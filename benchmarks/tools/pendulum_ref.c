/* pendulum_ref.c -- independent reference for the double pendulum of Češarek (2013)
 * §4.3.3 (Lens & Cardona): the angle form (eq. 4.46) integrated by an adaptive
 * Dormand-Prince 5(4) method with tight tolerances.  It shares no code with
 * nsbeam's solver.
 *
 *   (m1+m2) l1 p1'' + m2 l2 cos(p1-p2) p2'' + m2 l2 sin(p1-p2) p2'^2 + (m1+m2) g sin p1 = 0
 *   m2 l1 cos(p1-p2) p1'' + m2 l2 p2'' - m2 l1 sin(p1-p2) p1'^2 + m2 g sin p2 = 0
 *
 * Angles from the downward vertical, positions x = l sin p, z = -l cos p.
 * Usage: pendulum_ref m1 m2 l1 l2 g p1 p2 t_end dt_out tol > ref.csv
 * Columns: time, x1, z1, x2, z2, v1x, v1z, v2x, v2z, energy.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double M1, M2, L1, L2, G;

static void rhs(const double* y, double* dy) {
  double p1 = y[0], p2 = y[1], w1 = y[2], w2 = y[3];
  double c = cos(p1 - p2), s = sin(p1 - p2);
  double a11 = (M1 + M2) * L1, a12 = M2 * L2 * c, a21 = M2 * L1 * c, a22 = M2 * L2;
  double b1 = -M2 * L2 * s * w2 * w2 - (M1 + M2) * G * sin(p1);
  double b2 = M2 * L1 * s * w1 * w1 - M2 * G * sin(p2);
  double det = a11 * a22 - a12 * a21;
  dy[0] = w1;
  dy[1] = w2;
  dy[2] = (b1 * a22 - a12 * b2) / det;
  dy[3] = (a11 * b2 - a21 * b1) / det;
}

static void output(double t, const double* y) {
  double x1 = L1 * sin(y[0]), z1 = -L1 * cos(y[0]);
  double x2 = x1 + L2 * sin(y[1]), z2 = z1 - L2 * cos(y[1]);
  double v1x = L1 * cos(y[0]) * y[2], v1z = L1 * sin(y[0]) * y[2];
  double v2x = v1x + L2 * cos(y[1]) * y[3], v2z = v1z + L2 * sin(y[1]) * y[3];
  double e = 0.5 * M1 * (v1x * v1x + v1z * v1z) + 0.5 * M2 * (v2x * v2x + v2z * v2z) + M1 * G * z1 + M2 * G * z2;
  printf("%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x1, z1, x2, z2, v1x, v1z, v2x, v2z, e);
}

int main(int argc, char** argv) {
  if (argc != 11) {
    fprintf(stderr, "usage: pendulum_ref m1 m2 l1 l2 g p1 p2 t_end dt_out tol\n");
    return 2;
  }
  M1 = atof(argv[1]);
  M2 = atof(argv[2]);
  L1 = atof(argv[3]);
  L2 = atof(argv[4]);
  G = atof(argv[5]);
  double y[4] = {atof(argv[6]), atof(argv[7]), 0.0, 0.0};
  double t_end = atof(argv[8]), dt_out = atof(argv[9]), tol = atof(argv[10]);
  static const double c[7] = {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1};
  static const double a[7][6] = {{0},
                                 {1.0 / 5},
                                 {3.0 / 40, 9.0 / 40},
                                 {44.0 / 45, -56.0 / 15, 32.0 / 9},
                                 {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
                                 {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
                                 {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
  static const double e[7] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
  (void)c;
  printf("time,x1,z1,x2,z2,v1x,v1z,v2x,v2z,energy\n");
  double t = 0.0, h = 1e-6;
  long n_out = 0, n_steps = 0, n_rej = 0;
  output(t, y);
  while (t < t_end - 1e-12) {
    double t_next = (double)(n_out + 1) * dt_out;
    double hh = h < t_next - t ? h : t_next - t;
    double k[7][4], yt[4];
    rhs(y, k[0]);
    for (int s = 1; s < 7; ++s) {
      for (int i = 0; i < 4; ++i) {
        yt[i] = y[i];
        for (int j = 0; j < s; ++j) yt[i] += hh * a[s][j] * k[j][i];
      }
      rhs(yt, k[s]);
    }
    /* yt = 5th-order solution (stage 7 argument); error = h sum e_i k_i */
    double err = 0.0;
    for (int i = 0; i < 4; ++i) {
      double ei = 0.0;
      for (int s = 0; s < 7; ++s) ei += e[s] * k[s][i];
      ei *= hh;
      double sc = tol * (1.0 + fmax(fabs(y[i]), fabs(yt[i])));
      err = fmax(err, fabs(ei) / sc);
    }
    if (err <= 1.0) {
      for (int i = 0; i < 4; ++i) y[i] = yt[i];
      t += hh;
      ++n_steps;
      if (fabs(t - t_next) < 1e-12) {
        t = t_next;
        ++n_out;
        output(t, y);
      }
    } else {
      ++n_rej;
    }
    double fac = err > 0 ? 0.9 * pow(err, -0.2) : 5.0;
    if (fac > 5.0) fac = 5.0;
    if (fac < 0.2) fac = 0.2;
    h = hh * fac;
  }
  fprintf(stderr, "pendulum_ref: %ld steps, %ld rejected\n", n_steps, n_rej);
  return 0;
}

/* fd_tangent.h -- central-difference check of one system element's tangent
 * (shared by the element conformance and the contact tests).
 *
 * nsb_fd_element_error evaluates element ie's residual f and tangent K at the
 * current state, perturbs each local unknown by +-eps through the scheme
 * (nsb_system_apply_local, restored afterwards) and returns
 * max |(f(+eps) - f(-eps))/(2 eps) - K|; *kmax and *fmax (may be NULL) get
 * max |K| and max |f|.  Returns a negative value when the evaluation fails.
 */
#ifndef NSB_TESTS_FD_TANGENT_H
#define NSB_TESTS_FD_TANGENT_H

#include <math.h>
#include <string.h>

#include "solver/system.h"

static inline double nsb_fd_element_error(nsb_system* s, int ie, double eps, double* kmax, double* fmax_out) {
  const nsb_elem* e = nsb_system_element(s, ie);
  int n = e->n_local;
  double f[NSB_ELEM_MAX_LOCAL], fp[NSB_ELEM_MAX_LOCAL], fm[NSB_ELEM_MAX_LOCAL];
  double K[NSB_ELEM_MAX_LOCAL * NSB_ELEM_MAX_LOCAL], d[NSB_ELEM_MAX_LOCAL];
  if (nsb_system_eval_element(s, ie, f, K) != NSB_OK) return -1.0;
  double km = 0.0, fm_abs = 0.0, err = 0.0;
  for (int q = 0; q < n * n; ++q) km = fmax(km, fabs(K[q]));
  for (int q = 0; q < n; ++q) fm_abs = fmax(fm_abs, fabs(f[q]));
  for (int j = 0; j < n; ++j) {
    memset(d, 0, sizeof d);
    d[j] = eps;
    nsb_system_apply_local(s, ie, d);
    nsb_system_eval_element(s, ie, fp, NULL);
    d[j] = -2 * eps;
    nsb_system_apply_local(s, ie, d);
    nsb_system_eval_element(s, ie, fm, NULL);
    d[j] = eps;
    nsb_system_apply_local(s, ie, d);
    for (int i = 0; i < n; ++i) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * eps) - K[i + n * j]));
  }
  if (kmax) *kmax = km;
  if (fmax_out) *fmax_out = fm_abs;
  return err;
}

#endif

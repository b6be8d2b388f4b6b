/* deferred.c -- see deferred.h.  One table of function names per library;
 * bind_library() opens the library and fills the matching table of pointers, under
 * the library's pthread_once; each forwarder takes its pointer (converted
 * from dlsym's object pointer by memcpy, as POSIX allows) and calls it with
 * its own arguments. */
#define _POSIX_C_SOURCE 200809L
#include "base/deferred.h"

#include "base/ctx.h"

#include <dlfcn.h>
#include <lapacke.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <umfpack.h>

#ifndef NSB_LAPACKE_SONAME
#error "NSB_LAPACKE_SONAME: the soname of LAPACKE, set by CMakeLists.txt"
#endif
#ifndef NSB_UMFPACK_SONAME
#error "NSB_UMFPACK_SONAME: the soname of UMFPACK, set by CMakeLists.txt"
#endif

enum {
  F_DGEEV,
  F_DGESV,
  F_DGESV_WORK,
  F_DGETRF,
  F_DGETRF_WORK,
  F_DGETRS,
  F_DGETRS_WORK,
  F_DPOTRF_WORK,
  F_DPOTRS_WORK,
  F_DSYEV,
  F_DSYGVD,
  N_LAPACKE
};
static const char* const LAPACKE_NAMES[N_LAPACKE] = {
    "LAPACKE_dgeev",       "LAPACKE_dgesv",  "LAPACKE_dgesv_work", "LAPACKE_dgetrf",
    "LAPACKE_dgetrf_work", "LAPACKE_dgetrs", "LAPACKE_dgetrs_work", "LAPACKE_dpotrf_work",
    "LAPACKE_dpotrs_work", "LAPACKE_dsyev",  "LAPACKE_dsygvd"};

enum { F_DEFAULTS, F_FREE_NUMERIC, F_FREE_SYMBOLIC, F_GET_NUMERIC, F_NUMERIC, F_QSYMBOLIC, F_WSOLVE, N_UMFPACK };
static const char* const UMFPACK_NAMES[N_UMFPACK] = {
    "umfpack_di_defaults", "umfpack_di_free_numeric", "umfpack_di_free_symbolic", "umfpack_di_get_numeric",
    "umfpack_di_numeric",  "umfpack_di_qsymbolic",    "umfpack_di_wsolve"};

static void* lapacke_fn[N_LAPACKE];
static void* umfpack_fn[N_UMFPACK];
static pthread_once_t lapacke_once = PTHREAD_ONCE_INIT;
static pthread_once_t umfpack_once = PTHREAD_ONCE_INIT;

const char* nsb_deferred_soname(nsb_deferred_lib lib) {
  return lib == NSB_DEFERRED_LAPACKE ? NSB_LAPACKE_SONAME : NSB_UMFPACK_SONAME;
}

int nsb_deferred_loaded(nsb_deferred_lib lib) {
  void* h = dlopen(nsb_deferred_soname(lib), RTLD_LAZY | RTLD_NOLOAD);
  if (!h) return 0;
  dlclose(h);
  return 1;
}

/* Open soname and look up the n names into fn; stop the process if either
   fails (an installation error, see deferred.h).  The handle is never
   closed: the functions are used until the process ends. */
static void bind_library(const char* soname, const char* const* names, void** fn, int n) {
  char why[512];
  void* h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(why, sizeof why, "%s can be loaded (%s)", soname, dlerror());
    nsb_assert_fail(why, __FILE__, __LINE__, __func__);
  }
  for (int i = 0; i < n; ++i) {
    fn[i] = dlsym(h, names[i]);
    if (!fn[i]) {
      snprintf(why, sizeof why, "%s defines %s (%s)", soname, names[i], dlerror());
      nsb_assert_fail(why, __FILE__, __LINE__, __func__);
    }
  }
}

static void bind_lapacke(void) { bind_library(NSB_LAPACKE_SONAME, LAPACKE_NAMES, lapacke_fn, N_LAPACKE); }
static void bind_umfpack(void) { bind_library(NSB_UMFPACK_SONAME, UMFPACK_NAMES, umfpack_fn, N_UMFPACK); }

static void* lapacke(int i) {
  (void)pthread_once(&lapacke_once, bind_lapacke);
  return lapacke_fn[i];
}

static void* umfpack(int i) {
  (void)pthread_once(&umfpack_once, bind_umfpack);
  return umfpack_fn[i];
}

/* f, a function pointer variable, from the object pointer p */
#define FN_FROM(f, p)                  \
  do {                                 \
    void* fn_obj_ = (p);               \
    memcpy(&(f), &fn_obj_, sizeof(f)); \
  } while (0)

/* ---- LAPACKE ---------------------------------------------------------------------- */

lapack_int LAPACKE_dgeev(int matrix_layout, char jobvl, char jobvr, lapack_int n, double* a, lapack_int lda,
                         double* wr, double* wi, double* vl, lapack_int ldvl, double* vr, lapack_int ldvr) {
  lapack_int (*f)(int, char, char, lapack_int, double*, lapack_int, double*, double*, double*, lapack_int, double*,
                  lapack_int);
  FN_FROM(f, lapacke(F_DGEEV));
  return f(matrix_layout, jobvl, jobvr, n, a, lda, wr, wi, vl, ldvl, vr, ldvr);
}

/* The pairs of a driver and its _work routine with the same arguments (the
   driver allocates the work array the _work routine is given; for these
   three there is none): one call each, the pointer chosen by the caller. */
static lapack_int gesv(int i, int matrix_layout, lapack_int n, lapack_int nrhs, double* a, lapack_int lda,
                       lapack_int* ipiv, double* b, lapack_int ldb) {
  lapack_int (*f)(int, lapack_int, lapack_int, double*, lapack_int, lapack_int*, double*, lapack_int);
  FN_FROM(f, lapacke(i));
  return f(matrix_layout, n, nrhs, a, lda, ipiv, b, ldb);
}

static lapack_int getrf(int i, int matrix_layout, lapack_int m, lapack_int n, double* a, lapack_int lda,
                        lapack_int* ipiv) {
  lapack_int (*f)(int, lapack_int, lapack_int, double*, lapack_int, lapack_int*);
  FN_FROM(f, lapacke(i));
  return f(matrix_layout, m, n, a, lda, ipiv);
}

static lapack_int getrs(int i, int matrix_layout, char trans, lapack_int n, lapack_int nrhs, const double* a,
                        lapack_int lda, const lapack_int* ipiv, double* b, lapack_int ldb) {
  lapack_int (*f)(int, char, lapack_int, lapack_int, const double*, lapack_int, const lapack_int*, double*,
                  lapack_int);
  FN_FROM(f, lapacke(i));
  return f(matrix_layout, trans, n, nrhs, a, lda, ipiv, b, ldb);
}

lapack_int LAPACKE_dgesv(int matrix_layout, lapack_int n, lapack_int nrhs, double* a, lapack_int lda,
                         lapack_int* ipiv, double* b, lapack_int ldb) {
  return gesv(F_DGESV, matrix_layout, n, nrhs, a, lda, ipiv, b, ldb);
}

lapack_int LAPACKE_dgesv_work(int matrix_layout, lapack_int n, lapack_int nrhs, double* a, lapack_int lda,
                              lapack_int* ipiv, double* b, lapack_int ldb) {
  return gesv(F_DGESV_WORK, matrix_layout, n, nrhs, a, lda, ipiv, b, ldb);
}

lapack_int LAPACKE_dgetrf(int matrix_layout, lapack_int m, lapack_int n, double* a, lapack_int lda,
                          lapack_int* ipiv) {
  return getrf(F_DGETRF, matrix_layout, m, n, a, lda, ipiv);
}

lapack_int LAPACKE_dgetrf_work(int matrix_layout, lapack_int m, lapack_int n, double* a, lapack_int lda,
                               lapack_int* ipiv) {
  return getrf(F_DGETRF_WORK, matrix_layout, m, n, a, lda, ipiv);
}

lapack_int LAPACKE_dgetrs(int matrix_layout, char trans, lapack_int n, lapack_int nrhs, const double* a,
                          lapack_int lda, const lapack_int* ipiv, double* b, lapack_int ldb) {
  return getrs(F_DGETRS, matrix_layout, trans, n, nrhs, a, lda, ipiv, b, ldb);
}

lapack_int LAPACKE_dgetrs_work(int matrix_layout, char trans, lapack_int n, lapack_int nrhs, const double* a,
                               lapack_int lda, const lapack_int* ipiv, double* b, lapack_int ldb) {
  return getrs(F_DGETRS_WORK, matrix_layout, trans, n, nrhs, a, lda, ipiv, b, ldb);
}

lapack_int LAPACKE_dpotrf_work(int matrix_layout, char uplo, lapack_int n, double* a, lapack_int lda) {
  lapack_int (*f)(int, char, lapack_int, double*, lapack_int);
  FN_FROM(f, lapacke(F_DPOTRF_WORK));
  return f(matrix_layout, uplo, n, a, lda);
}

lapack_int LAPACKE_dpotrs_work(int matrix_layout, char uplo, lapack_int n, lapack_int nrhs, const double* a,
                               lapack_int lda, double* b, lapack_int ldb) {
  lapack_int (*f)(int, char, lapack_int, lapack_int, const double*, lapack_int, double*, lapack_int);
  FN_FROM(f, lapacke(F_DPOTRS_WORK));
  return f(matrix_layout, uplo, n, nrhs, a, lda, b, ldb);
}

lapack_int LAPACKE_dsyev(int matrix_layout, char jobz, char uplo, lapack_int n, double* a, lapack_int lda, double* w) {
  lapack_int (*f)(int, char, char, lapack_int, double*, lapack_int, double*);
  FN_FROM(f, lapacke(F_DSYEV));
  return f(matrix_layout, jobz, uplo, n, a, lda, w);
}

lapack_int LAPACKE_dsygvd(int matrix_layout, lapack_int itype, char jobz, char uplo, lapack_int n, double* a,
                          lapack_int lda, double* b, lapack_int ldb, double* w) {
  lapack_int (*f)(int, lapack_int, char, char, lapack_int, double*, lapack_int, double*, lapack_int, double*);
  FN_FROM(f, lapacke(F_DSYGVD));
  return f(matrix_layout, itype, jobz, uplo, n, a, lda, b, ldb, w);
}

/* ---- UMFPACK ---------------------------------------------------------------------- */

void umfpack_di_defaults(double Control[UMFPACK_CONTROL]) {
  void (*f)(double*);
  FN_FROM(f, umfpack(F_DEFAULTS));
  f(Control);
}

void umfpack_di_free_numeric(void** Numeric) {
  void (*f)(void**);
  FN_FROM(f, umfpack(F_FREE_NUMERIC));
  f(Numeric);
}

void umfpack_di_free_symbolic(void** Symbolic) {
  void (*f)(void**);
  FN_FROM(f, umfpack(F_FREE_SYMBOLIC));
  f(Symbolic);
}

int umfpack_di_get_numeric(int Lp[], int Lj[], double Lx[], int Up[], int Ui[], double Ux[], int P[], int Q[],
                           double Dx[], int* do_recip, double Rs[], void* Numeric) {
  int (*f)(int*, int*, double*, int*, int*, double*, int*, int*, double*, int*, double*, void*);
  FN_FROM(f, umfpack(F_GET_NUMERIC));
  return f(Lp, Lj, Lx, Up, Ui, Ux, P, Q, Dx, do_recip, Rs, Numeric);
}

int umfpack_di_numeric(const int Ap[], const int Ai[], const double Ax[], void* Symbolic, void** Numeric,
                       const double Control[UMFPACK_CONTROL], double Info[UMFPACK_INFO]) {
  int (*f)(const int*, const int*, const double*, void*, void**, const double*, double*);
  FN_FROM(f, umfpack(F_NUMERIC));
  return f(Ap, Ai, Ax, Symbolic, Numeric, Control, Info);
}

int umfpack_di_qsymbolic(int n_row, int n_col, const int Ap[], const int Ai[], const double Ax[], const int Qinit[],
                         void** Symbolic, const double Control[UMFPACK_CONTROL], double Info[UMFPACK_INFO]) {
  int (*f)(int, int, const int*, const int*, const double*, const int*, void**, const double*, double*);
  FN_FROM(f, umfpack(F_QSYMBOLIC));
  return f(n_row, n_col, Ap, Ai, Ax, Qinit, Symbolic, Control, Info);
}

int umfpack_di_wsolve(int sys, const int Ap[], const int Ai[], const double Ax[], double X[], const double B[],
                      void* Numeric, const double Control[UMFPACK_CONTROL], double Info[UMFPACK_INFO], int Wi[],
                      double W[]) {
  int (*f)(int, const int*, const int*, const double*, double*, const double*, void*, const double*, double*, int*,
           double*);
  FN_FROM(f, umfpack(F_WSOLVE));
  return f(sys, Ap, Ai, Ax, X, B, Numeric, Control, Info, Wi, W);
}

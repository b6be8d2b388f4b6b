/* deferred.h -- LAPACKE and UMFPACK bound at their first call, not at start.
 *
 * nsbeam calls LAPACKE (dense eigenproblems and small solves: modal
 * analysis, the co-rotating reduced model, impacts of rigid bodies) and
 * UMFPACK (the unsymmetric sparse solver) in some models only; a particle,
 * a mechanism or a beam model with the default KLU solver calls neither.
 * Linked the ordinary way, the two libraries bring 11 others into every
 * process (LAPACK, OpenBLAS, CHOLMOD, gfortran, quadmath, gomp, ...), whose
 * loading and relocation cost about 5 ms of CPU time before main: most of
 * what it took to start nsbeam, and more than a tenth of a 20 000-increment
 * particle run.  base/deferred.c defines the LAPACKE_* and umfpack_di_*
 * functions that nsbeam uses, under their own names and with the
 * prototypes of <lapacke.h> and <umfpack.h>: the first call of a function
 * of either library opens it (dlopen of the soname found when the build was
 * configured, RTLD_LOCAL) and looks up all its functions that nsbeam uses;
 * every call goes through the pointer found then.  The callers are
 * unchanged.  Rejected: renaming the calls to nsb_ wrappers (every caller
 * edited, and a call that bypassed them would link the library again
 * unnoticed), and linking the libraries statically (CHOLMOD and OpenBLAS
 * pull in gfortran and libquadmath either way, and a static BLAS fixes the
 * implementation that Debian's alternatives let the user choose).
 *
 * Binding happens once per library and process (pthread_once), so calls
 * from several threads are safe.  A library that cannot be opened, or lacks
 * a function, is an installation error, as it was when the dynamic loader
 * refused to start the program: the process stops through the assert hook
 * with the loader's message.  The bindings are the process's, like the
 * dynamic loader's own tables: the only process-wide state of nsbeam.
 * OpenBLAS reads OPENBLAS_NUM_THREADS when it is opened: io/main.c sets it
 * to 1 (unless the user set a thread count) before anything can load it.
 */
#ifndef NSB_DEFERRED_H
#define NSB_DEFERRED_H

/// The libraries bound at first use.
typedef enum nsb_deferred_lib { NSB_DEFERRED_LAPACKE, NSB_DEFERRED_UMFPACK } nsb_deferred_lib;

/// Whether the library is in the process now (loaded by a call, or by
/// anything else: asks the dynamic loader, RTLD_NOLOAD).  For tests.
int nsb_deferred_loaded(nsb_deferred_lib lib);

/// The soname the library is opened by (static string).
const char* nsb_deferred_soname(nsb_deferred_lib lib);

#endif

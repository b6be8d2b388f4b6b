/* history.h -- CSV time histories (history.csv).
 *
 * One header row of column names, then one row per output time, every value
 * printed with %.17g so that the file round-trips exactly.  The writer is
 * told its columns once; rows are written with no allocation.
 *
 * Crash safety: every row is formatted into a preallocated buffer and reaches
 * the file whole (one fwrite into a stream buffer that is flushed before a row
 * that would not fit), and the file is flushed at an output time when a
 * hundredth of a second of wall time has passed since the last flush, so a run
 * killed at any instant (SIGKILL included) leaves complete rows only: at most
 * the rows of the last hundredth of a second are missing.  nsb_history_flush (at the
 * end of a run, before a checkpoint counts the file's bytes) pushes the rest.
 */
#ifndef NSB_HISTORY_H
#define NSB_HISTORY_H

#include "solver/reduced.h"
#include "solver/system.h"

typedef struct nsb_history nsb_history;

/// Open path for writing and write the header: the fixed columns (time, step,
/// newton_iterations, kinetic_energy, potential_energy, total_energy,
/// linear_momentum_{x,y,z}, angular_momentum_{x,y,z}, external_work: the work
/// of all applied loads except gravity, which is potential energy; dissipated
/// for models with dashpots, contacts or damped beam materials; load_factor: the factor on the
/// current step's loads, nsb_system_load_factor), the probe columns
/// <probe>.<quantity> of the model, and last support_work for models whose
/// supports move in a dynamic step (the work of their reactions).  Owned by caller.
int nsb_history_open(nsb_ctx* ctx, const char* path, const nsb_model* m, nsb_history** out);
/// Continue the history.csv of an earlier run (restart): cut it to its first
/// bytes (nsb_history_tell at the checkpoint) and append.  Errors: NSB_ERR_IO
/// (missing or shorter file).  bytes = 0: as nsb_history_open.
int nsb_history_open_resume(nsb_ctx* ctx, const char* path, const nsb_model* m, long bytes, nsb_history** out);
/// Write one row for the system's current state; the file is flushed when a
/// hundredth of a second has passed since the last flush (see above).
/// Errors: NSB_ERR_IO (the message names the file and the OS error).
int nsb_history_write(nsb_history* h, const nsb_system* s, long increment, int newton_iterations);
/// The same with the energies of the state given (nsb_system_energy of s).
int nsb_history_write_energy(nsb_history* h, const nsb_system* s, const nsb_energy* e, long increment,
                             int newton_iterations);
/// Strain and resultant values of an element probe (E, N, M, NS, MS: 6 + 4 x 3).
enum { NSB_PROBE_FIELDS = 18 };
/// Number of element probes of the model: a field array holds NSB_PROBE_FIELDS
/// values for each, in the probes' order.
int nsb_history_n_element_probes(const nsb_model* m);
/// The element probes' strains and resultants of the system's current state
/// (the order of nsb_beam_probe_out: strain, force, moment, force_local,
/// moment_local) into f (NSB_PROBE_FIELDS per element probe).
void nsb_history_sample_fields(const nsb_model* m, const nsb_system* s, double* f);
/// The rows written next take the element probes' E, N, M, NS, MS from f
/// (nsb_history_sample_fields' layout; kept, not copied: a *MODAL DYNAMIC
/// step's linearized values) instead of the current state; NULL: from the state.
void nsb_history_use_fields(nsb_history* h, const double* f);
/// Push the buffered rows to the file.  Errors: NSB_ERR_IO if any write since
/// open failed (disk full, ...); call it before close, which cannot report.
int nsb_history_flush(nsb_history* h);
/// Bytes written so far (the end of the last complete row), in the file after
/// nsb_history_flush.
long nsb_history_tell(nsb_history* h);
/// Number of columns (for tests).
int nsb_history_n_columns(const nsb_history* h);
/// Flush and close; accepts NULL, sets *h = NULL.
void nsb_history_close(nsb_history** h);

/// Names of the probe quantities of one group bit (NULL-terminated list, static).
const char* const* nsb_probe_quantity_names(unsigned group_bit);

/// Per-contact CSV (contacts.csv): one row per closed or loaded contact and
/// output time (rows whole, flushed as history.csv's):
/// time, pair (1-based, deck order), slave node, master (obstacle name,
/// "node N", "element N"), gap, impulses (normal, two tangential; LAW=NEWTON,
/// over the last increment), normal force (HERTZ: the force; NEWTON:
/// impulse / h), slip speed, energy dissipated in the last increment, the
/// contact point on the master's surface and the normal; then the point of a POINTS=
/// set (1-based; 0 without a set) and the friction of a
/// compliant contact (LAW=HERTZ, WINKLER with FRICTION; 0 otherwise): its
/// state (nsb_friction_state: 0 none, 1 stick, 2 transition, 3 sliding),
/// the friction force on the slave (global), ELASTOPLASTIC's stick
/// elongation z (global) and plastic rate |w'|.
typedef struct nsb_contact_log nsb_contact_log;
int nsb_contact_log_open(nsb_ctx* ctx, const char* path, nsb_contact_log** out);
/// As nsb_history_open_resume, for contacts.csv.
int nsb_contact_log_open_resume(nsb_ctx* ctx, const char* path, long bytes, nsb_contact_log** out);
int nsb_contact_log_write(nsb_contact_log* c, const nsb_system* s);
/// The same rows for the contacts of a *MODAL DYNAMIC step (solver/reduced.h)
/// at time t: the closed or loaded candidates; no friction (tangential columns,
/// force and slip 0).
int nsb_contact_log_write_reduced(nsb_contact_log* c, const nsb_model* m, const nsb_reduced* r, double t);
int nsb_contact_log_flush(nsb_contact_log* c);
/// Bytes written so far, in the file after nsb_contact_log_flush.
long nsb_contact_log_tell(nsb_contact_log* c);
void nsb_contact_log_close(nsb_contact_log** c);

#endif

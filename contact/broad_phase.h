/* broad_phase.h -- candidate lists of the contact elements (docs/contact.md §5,
 * "Candidates").
 *
 * Contact elements exist only for candidates: (pair, slave node, master item)
 * whose gap is below a skin s when the list is built.  Obstacles list every
 * slave (every point of a slave's point set, POINTS=); particles and beam centrelines are binned in a uniform cell grid per
 * pair and every slave looks at the 27 cells around its own, the exact gap
 * (a lower bound of it for Hermite centrelines) deciding.  The list is a
 * Verlet list: a pair farther apart than s cannot touch before one of its
 * nodes has moved s/2, so the system rebuilds it after such a move.
 *
 * Invariants: candidates of one slave and pair are contiguous and ordered by
 * master item (the owner groups of contact/pair.h rely on it); the list equals
 * the brute-force list (tests/test_contact_elem.c, suite broad_phase).
 * Ownership: the candidate array belongs to the caller and grows through
 * nsb_realloc; the grid is scratch, either allocated and freed inside one
 * call (nsb_contact_broad_phase) or kept by the caller between calls
 * (nsb_contact_broad_phase_kept with an nsb_broad_ws: it grows
 * geometrically and never shrinks, so that list rebuilds allocate only when
 * a grid outgrows every earlier one).
 */
#ifndef NSB_CONTACT_BROAD_PHASE_H
#define NSB_CONTACT_BROAD_PHASE_H

#include "model/model.h"

/// A candidate contact: pair, slave node, master item (obstacle index,
/// particle node, or beam model element) and, for a pair with POINTS=, the
/// point of the set (-1: the slave node itself).
typedef struct nsb_contact_cand {
  int pair, slave, item, point;
} nsb_contact_cand;

/// Skin of the candidate lists when no pair gives SKIN=: half the largest
/// particle or beam contact radius, at least 1e-3 of the model's extent;
/// HUGE_VAL (lists never rebuilt) when every pair has an obstacle master (its
/// list does not depend on the positions) or the model has no length.
double nsb_contact_default_skin(const nsb_model* m);
/// Broad phase (Verlet list): every (pair, slave, master item) whose gap at
/// the positions x (3n) is below skin; obstacles list every slave.  Cell
/// grid per pair: O(slaves + items) work plus the sort of the binned items.
/// *out grows (nsb_realloc, capacity *cap; owned by the caller, freed with
/// NSB_FREE_ARRAY(ctx, *out, *cap, nsb_contact_cand)); *n_out candidates.
/// Allocates: call at set-up and on list rebuilds only.  Errors: NSB_ERR_ALLOC.
int nsb_contact_broad_phase(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_contact_cand** out,
                            int* cap, int* n_out);

/// The cell grid's arrays kept between calls (owned by the caller; zero it
/// before the first call, free with nsb_broad_ws_free).
typedef struct nsb_broad_ws {
  void* bins;    /* cap_bins binned items */
  int cap_bins;
  int* stamp;    /* cap_stamp: last slave that saw each item */
  int cap_stamp;
} nsb_broad_ws;
/// As nsb_contact_broad_phase, the grid in ws (grown as needed, kept).
int nsb_contact_broad_phase_kept(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_broad_ws* ws,
                                 nsb_contact_cand** out, int* cap, int* n_out);
/// Free the arrays of ws; accepts an empty one.
void nsb_broad_ws_free(nsb_ctx* ctx, nsb_broad_ws* w);

#endif

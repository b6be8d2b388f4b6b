/* lumped.h -- prox sweeps of the time step (CONTACT SOLVER=PROX,
 * docs/contact.md §7.5): the NEWTON contacts' impulses by projected
 * Gauss-Seidel on the lumped-mass Delassus operator.
 *
 * The operator is W = G M_l^-1 G^T with M_l the lumped node masses (a
 * particle's mass, half the adjacent beam elements' at a beam node), never
 * formed: a sweep keeps the node velocities and adds, contact by contact,
 * the lumped-mass response of each impulse change (Delta v_q = w_iq d
 * Delta Lambda_i / m_q), so the next contacts see it.  The sweep itself is
 * nsb_prox_gauss_seidel (contact/prox.h); the system
 * (solver/system_contact.c) follows every sweep with the exact response of
 * the velocities by one back substitution (its right-hand side from
 * nsb_contact_prox_response) and repeats until the impulses settle.
 *
 * State: each contact's impulses (pfix, velocity units), its change in the
 * last sweep (dpfix) and its step (r_prox) live in its nsb_contact_data
 * (contact/pair.h).  Ownership: elements and data borrowed; the velocity
 * scratch is the caller's; no allocation.
 */
#ifndef NSB_CONTACT_LUMPED_H
#define NSB_CONTACT_LUMPED_H

#include "contact/pair.h"

/// Start of an increment (after nsb_contact_prepare): warm start of every
/// active contact's impulses from the multipliers (projected onto the
/// admissible set), and its step r_i = 1 / W_ii, W_ii the diagonal of the
/// lumped-mass Delassus operator (docs/contact.md §7.5).
void nsb_contact_prox_begin(nsb_elem* e, int n, const nsb_eval_ctx* ec);
/// One projected Gauss-Seidel sweep from the state in ec (the smooth
/// solution for the current impulses): per contact, in order,
/// lambda <- prox(lambda - alpha r xi) with xi from node velocities that
/// carry the lumped-mass response to the impulse changes made so far in
/// the sweep (vel: scratch of the caller, 3 doubles per model node).
/// Returns the largest impulse change relative to the largest impulse or
/// node speed of the contacts taking part (velocity units); the changes are
/// left in dpfix.
double nsb_contact_prox_sweep(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* vel);
/// The NEWTON contacts' multipliers from their impulses (physical units):
/// lambda[mult_first + k] = pfix_k / (t_i / m_eff), t_i = nsb_impulse_time of
/// the increment (impulse_time).  Other contacts' multipliers are untouched.
void nsb_contact_prox_multipliers(const nsb_elem* e, int n, double impulse_time, double* lambda);
/// Right-hand side of the velocities' response to the last sweep's impulse
/// changes: per NEWTON contact the force dP = sum_k dpfix_k / (t_i / m_eff) d_k
/// (d: normal, tangents) at the contact point, and per node of the contact its
/// generalized load g (nsb_contact_node_load) added into rhs[node_eq[6 node + c]]
/// (node_eq: equation of DOF c of each model node, 6 per node, -1 for none).
/// rhs is added to, not cleared.
void nsb_contact_prox_response(const nsb_elem* e, int n, double impulse_time, const int* node_eq, double* rhs);

#endif

/* impact_step.h -- IMPACT=POISSON and IMPACT=CLOSED FORM in the time step
 * (docs/contact.md §7.3).
 *
 * At the start of an increment (after nsb_contact_prepare), the active
 * contacts of pairs with one of these modes are hit by an impact at t_n,
 * resolved at impulse level with the Delassus operator of the contact nodes'
 * masses,
 *     W_ab = n_a . n_b  sum over nodes q shared by a and b of  w_aq w_bq / m_q,
 * which is exact for free particles (the deck allows these modes for
 * nothing else: no beam nodes, no *JOINT, no *BOUNDARY; io/deck_contact.c;
 * rigid bodies take no part in contact at all):
 *  - POISSON (Waltersberger 2007, eqs. 5.10-5.13): all active POISSON
 *    contacts together; compression 0 <= Lambda_C _|_ gamma_N- + W Lambda_C >= 0,
 *    expansion Lambda = (1 + e) Lambda_C + Lambda_R with
 *    0 <= Lambda_R _|_ gamma_N- + W Lambda >= 0; both LCPs exact
 *    (nsb_lcp_exact) up to NSB_LCP_EXACT_MAX contacts, else by Gauss-Seidel
 *    with the exact local solve (cost grows with the square of the number
 *    of contacts per sweep: for chains and clusters, not for piles);
 *  - CLOSED FORM (Fischer & Hennig, eqs. 9-11): each approaching contact
 *    alone, p0 = -(1 + kappa) gamma_N- / (h^T G^-1 h), kappa its RESTITUTION;
 *    an approaching contact that shares a node with another active contact
 *    is refused (NSB_ERR_UNSUPPORTED: the closed form has one impact direction).
 * Each contact then gets a target: the normal velocity gamma_N+ of the impact
 * for contacts that took an impulse, 0 for the others.  In the increment its
 * row is 0 <= Lambda_N _|_ gamma_N - target >= 0 (nsb_contact_xi_normal,
 * contact/pair.h): the impact's velocities solve these conditions, and they
 * have only one solution in the velocities, so an increment without smooth
 * forces ends exactly with the impact's velocities; smooth forces add their
 * impulse over the increment (gravity: no bounce of a resting body, since
 * its gamma_N- = 0 gives no compression impulse).
 * Contacts of other pairs take no part in the impact at t_n (they are solved
 * with the increment).
 *
 * State: the target and the impact's impulses live in each contact's
 * nsb_contact_data (imp_*).  No allocation (the exact LCP works on stack
 * arrays of NSB_LCP_EXACT_MAX contacts).
 */
#ifndef NSB_CONTACT_IMPACT_STEP_H
#define NSB_CONTACT_IMPACT_STEP_H

#include "contact/pair.h"

/// Targets of the POISSON and CLOSED FORM contacts of e[0..n) (contact
/// elements after nsb_contact_prepare; ec at t_n).  Other contacts get
/// target 0 and are not read.  Errors: NSB_ERR_UNSUPPORTED (CLOSED FORM with
/// coupled contacts; the message names the pair's deck line and the nodes),
/// NSB_ERR_NO_CONVERGENCE (Gauss-Seidel above NSB_LCP_EXACT_MAX contacts did
/// not settle in 100000 sweeps, or no exact support was found).
int nsb_contact_impact_targets(nsb_ctx* ctx, nsb_elem* e, int n, const nsb_eval_ctx* ec);

#endif

/* static_law.h -- a LAW=NEWTON contact in a static step: the unilateral
 * (Signorini) constraint at position level, solved in the static Newton
 * iteration (docs/contact.md §7.6).
 *
 * In a dynamic step a NEWTON pair's multiplier is an impulse per time and its
 * rows state Moreau's law on velocities (contact/pair.c).  A static step has
 * no velocities: at rest the same pair is what it models, a unilateral
 * support, with the multiplier P the contact force (force units, unscaled as
 * the static joints' multipliers) and the row
 *
 *     phi = min(g, P / r) = 0   <=>   g >= 0, P >= 0, g P = 0,
 *
 * the gap g of the current positions (contact/geometry.h; its gradient
 * d g / d x_j = w_j n and its Hessian in the node rows -w_j n P), solved
 * with its generalized derivative: the closed branch g = 0 when P - r g > 0
 * (and at a touch without force, g = P = 0, so that a body set down on its
 * supports has them in the first Newton matrix), the open branch P = 0 otherwise (Alart & Curnier 1991; the primal-dual
 * active set of Hüeber & Wohlmuth 2005).  The branch parameter r (a force
 * per length) changes the iterates' branch only, never the solution; it is
 * the system's force flux over the model's length (nsb_eval_ctx,
 * contact_stiffness), so that the iteration is the same in any unit system,
 * and with r = 0 (before the first assembly) the limit r -> 0+: closed when
 * P > 0, or when P = 0 and the gap is closed.
 *
 * With FRICTION, Coulomb's law at rest on the increment's slip u_T (the
 * contact point's tangential displacement over the increment, along the
 * tangents and with the weights of the increment's start) and the friction
 * force P_T, on lengths as the normal row:
 *
 *     P_T / r = prox_{D(mu P_N / r)}(P_T / r - u_T),
 *
 * stick u_T = 0, or slip P_T = mu P_N u_T/|u_T| against it (the rows of
 * nsb_newton_coulomb_rows, contact/laws.h).  One coefficient, FRICTION:
 * STATIC FRICTION's stick test would compare the slip of the increment with
 * (mu_st - mu) P_N / r, a length that r sets, not the model.  A rigid-body or point-set slave, a Hermite centreline or a
 * rigid body's face as master (their moment rows) are refused in a static
 * step (nsb_contact_static_refusal).
 *
 * Pure functions of (element data, state); no allocation.
 */
#ifndef NSB_CONTACT_STATIC_LAW_H
#define NSB_CONTACT_STATIC_LAW_H

#include "elements/element.h"

/// Residual and tangent of NEWTON-law contact element e in a static step
/// (ec->mode == NSB_EVAL_STATIC, ec->h > 0): node rows -w_j n P, the
/// multiplier row min(g, P/r).  f, K as every element's eval (K may be NULL).
int nsb_contact_static_eval(const nsb_elem* e, const nsb_eval_ctx* ec, double* restrict f, double* restrict K);

/// After a converged static increment: 1 when contact e is on the closed
/// branch (P - r g > 0) at the converged state, with its gap in *gap.
int nsb_contact_static_closed(const nsb_elem* e, const nsb_eval_ctx* ec, double* gap);

/// As nsb_contact_static_closed, for the output: -1 open, else the friction
/// state (nsb_friction_state: NONE frictionless, STICK, SLIDE) with the
/// friction force on the slave (global) in ftan.
int nsb_contact_static_state(const nsb_elem* e, const nsb_eval_ctx* ec, double* gap, double ftan[3]);

/// Why pair ip of model m cannot act in a static step (a NULL return: it can).
/// The text completes "a static step: LAW=NEWTON contact pair ...".
const char* nsb_contact_static_refusal(const nsb_model* m, int ip);

#endif

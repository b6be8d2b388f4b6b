/* pair.h -- contact elements: a slave node (particle, beam node or rigid
 * body; a point of a point set, POINTS=) against an obstacle, another
 * particle, the centreline of a beam element, or the plane face of another
 * rigid body (*OBSTACLE, BODY=), in the global Newton system of the time
 * step (docs/contact.md §5-§8).  A framed slave (rigid body, point set) also
 * takes the moment of the contact force about its node; against a body face
 * the master body takes the opposite force at the same point and its moment
 * (docs/contact.md §8.2).
 *
 * One element per candidate (contact/broad_phase.h): (pair, slave node,
 * master item).  The candidates of one slave against the beams of one pair
 * form a group, and only the group's owner (the element whose centreline is
 * nearest at the start of the increment) may carry force, so a particle near
 * a shared node is never pushed twice.  Geometry: contact/geometry.h.
 *
 * Laws (nsb_contact_law; contact/laws.h):
 *  - HERTZ: force element F = c alpha^p (1 + d alpha_dot) >= 0, alpha = -g,
 *    consistent tangent with the exact Hessian of the gap (including the
 *    motion of the closest point along the centreline); with FRICTION, a
 *    regularized tangential force N S(v_T) of the slip velocity
 *    (contact/friction.h; obstacle and particle masters);
 *  - NEWTON: impulses in the step's momentum balance (measure equality),
 *    with multipliers P (force-like, impulse Lambda = gamma h P, times
 *    (1 - alpha_f)/(1 - alpha_m) in the generalized-alpha form of the
 *    modified scheme: nsb_impulse_time) and
 *    semi-smooth complementarity rows
 *       normal:  phi_N = Lambda_N/m - prox_{R+}(Lambda_N/m - xi_N),
 *                xi_N = gamma_N+ + e min(gamma_N-, 0)  (Moreau), or, when a beam
 *                node takes part, + gamma_N- also for gamma_N- >= 0 (the
 *                persistent form, nsb_newton_xi_step: never adds energy);
 *                in the generalized-alpha form, frictionless contacts with a beam node
 *                state it on the step-average normal velocity from the
 *                positions, xi_N = 2 vbar_N - (1 - e) min(gamma_N-, 0), and
 *                2 vbar_N alone for a contact that carried an impulse in the
 *                last increment (docs/contact.md §7.1); particles and rigid
 *                bodies take that law for such persistent contacts and for
 *                new ones that touch at rest, |gamma_N-| <= -a_N h
 *                (docs/contact.md §7, "Gap drift", "The first touch"),
 *       Coulomb: phi_T = Lambda_T/m - prox_{disk(mu Lambda_N/m)}(Lambda_T/m - gamma_T+),
 *                with the step-average slip 2 vbar_T from the positions for gamma_T+
 *                when a held contact (below) has a beam node (docs/contact.md §7),
 *    with contact normal, tangents and weights frozen at the start of the
 *    increment; a contact takes part when the gap at the step midpoint,
 *    g_n + h/2 gamma_N(v_n) + h^2/8 n.a_n, is <= 0 (Moreau's midpoint
 *    test, to second order so that a resting contact pressed by a smooth
 *    force stays closed).  Under CONTACT SOLVER=PROX the impulses are loads
 *    set by the prox sweeps instead (contact/lumped.h).  Contact impulses
 *    never enter the accelerations carried to the next step (the system
 *    recomputes them), but for the mean force of a held frictional contact
 *    in the generalized-alpha form (held, Fc, Phi below; docs/contact.md §7,
 *    "Gap drift"), whose rows then state the laws on the whole momentum
 *    t_i P plus what that force gives the increment.
 *
 * Ownership: the system owns the element array and one nsb_contact_data per
 * element (e->state); nsb_contact_setup fills both, the per-increment calls
 * update the data in place and never allocate.
 */
#ifndef NSB_CONTACT_PAIR_H
#define NSB_CONTACT_PAIR_H

#include "contact/broad_phase.h"
#include "contact/geometry.h"
#include "contact/laws.h"
#include "elements/element.h"

/// What a contact element needs beyond nsb_elem (owned by the system, one per element).
typedef struct nsb_contact_data {
  int pair;                /* model contact pair */
  nsb_contact_shape shape; /* what it touches: kind, master, radius, Hermite end tangents */
  int group;               /* beam candidates of one particle and pair share a group id (else -1) */
  double m_eff;            /* mass scale of the complementarity rows (NEWTON) */
  double m_row;            /* the same under the law on the step average: m_eff / (points of the set) */
  int flexible;            /* a beam node takes part: Newton's law in its persistent form (nsb_newton_xi_step) */
  int massless;            /* MASS=REDISTRIBUTED: the slave node carries no translational mass
                              (nsb_newton_xi_massless; docs/contact.md §7.2) */
  /* frozen at the start of an increment */
  int active, owner;
  double n[3], t[6], wt[3]; /* normal, two tangents, node weights */
  double jr[2][9];  /* HERMITE: d(x_p - c)/dTheta of nodes A, B (3x3 column-major), frozen with n; a face of a
                       rigid body (kind 3): jr[0] = -JB, the relative velocity per master angular velocity */
  double ja[9];     /* framed slave: JA = -S(arm) R, contact point velocity per body angular velocity of
                       the slave (3x3 column-major), frozen with n (docs/contact.md §8.1) */
  double gap0, gN_pre, aN_pre, gT_pre[2];
  /* the round-off of gap0, 16 eps (|x_c| + |g| + r): a gap within it counts
     as closed in Moreau's midpoint test (touching bodies, gap 0 by
     construction, compute it as +-1e-17 m; docs/contact.md §7, "Activity") */
  double gap_tol;
  /* the normal acceleration of the smooth motion with the resting contacts'
     support (nsb_contact_prepare, docs/contact.md §7 "Stacks"): aN_pre plus
     what the other resting contacts' forces give this contact's relative
     acceleration, where that is smaller; aN_pre without such contacts.  The
     midpoint test and the test of a touch at rest read it. */
  double aN_sup;
  double lam_sup; /* that estimate's force of this contact (per unit of the lumped Delassus operator) */
  /* rests: it approaches no faster than aN_sup builds in one increment,
     aN_sup < 0 and |gN_pre| <= -aN_sup h (a frictionless contact is held,
     nsb_contact_data.held, only from such a start) */
  int rests;
  /* stack_held: a frictionless contact that could take the law on the step
     average but shares a particle or rigid body with a held contact (a
     frictional one, or one of the prox sweeps, a Hermite centreline): it is
     held as well (nsb_contact_prepare) */
  int stack_held;
  /* a body's face (kind 3): the master body's material point under the
     contact, body frame, frozen at t_n (its motion is in the step-average
     displacement of the law on the step average) */
  double sm[3];
  /* the Hermite centreline: h10, h11 of the contact point (the weights of
     R_A b_A, R_B b_B in it), frozen at t_n (step_disp) */
  double hb[2];
  /* a rectangular master under NEWTON (docs/contact.md §8.5): the arm r_q =
     q - x_c from the chord's point to the rectangle's point under the
     particle, in the frames of the ends A, B at t_n (R_k^T r_q); the
     rectangle's material point there moves as x_c + sum_k hb_k R_k sb_k
     (hb = 1 - xi, xi), like the Hermite centreline's h1k R_k b_k */
  double sb[2][3];
  /* a rectangular master: the contact point inside its chord at the last
     increment's end (0 < xi < 1; ties of the group's gaps go to it) */
  int rect_in;
  /* massless slave (activity test, docs/contact.md §7.2): the step-average
     normal velocity of the last accepted increment, (g_n+1 - g_n)/h, and
     whether it is known (an increment has finished since this element was built) */
  double gN_bar;
  int gN_bar_known;
  /* massless slave: the normal force P_n the node carried at t_n (the
     multiplier of the last accepted increment); the increment's impulse is
     (1 - gamma) h P_n + gamma h P_n+1 (nsb_newton_massless_impulse) */
  double P_pre;
  /* massless slave against a particle master: the force the particle carries
     in the acceleration solve at t_n (massless_master_load): P_pre in the
     plain scheme; 0 in the generalized-alpha form, where the particle takes
     the increment's impulse as a velocity jump (massless_jump, contact/pair.c) */
  double P_master;
  /* what contacts.csv reports as the increment's impulses (pass_on,
     contact/pair.c; docs/contact.md §7.2, "What contacts.csv reports"): the
     momentum the contact gave the slave's body in the increment, along the
     increment's normal and tangents.  A massless slave's force in the
     generalized-alpha form reaches the beam through its nodes'
     pseudo-accelerations: F_pass is the node's whole force at t_n+1 (the
     multipliers along the normal and the tangents), F_pre its value at t_n;
     Q_pass its share of h M p (a global vector), Q_n+1 = (X - alpha_m Q_n)/
     (1 - alpha_m), X = h ((1 - alpha_f) F_pass + alpha_f F_pre), passes on
     (1 - gamma) Q_n + gamma Q_n+1, also in the increments after the contact
     opened; otherwise passed = impulse and Q_pass = 0.  Q_h: the increment
     length Q_pass was formed with; p persists, so an increment of another
     length (the substeps of a cutback) takes Q_pass h/Q_h. */
  double Q_pass[3], F_pass[3], F_pre[3], passed[3], Q_h;
  /* a held contact released in the increment (its force in the smooth
     accelerations and the share Phi of the pseudo-accelerations leave them):
     the share that stays in the pseudo-accelerations, h (alpha_f Fc -
     alpha_m Phi)/(1 - alpha_m), which then decays by -alpha_m/(1 - alpha_m)
     per increment in Q_pass (pass_on), and, when it left the increment
     inactive (no node rows, impulse 0), the momentum its carried force gave
     all the same, held_carry (global vectors, impulse units) */
  double pass_rest[3], pass_carry[3];
  /* the largest |passed| so far: contacts.csv leaves out the rows of a rest
     below the round-off of it (io/history.c) */
  double pass_max;
  /* Newton's law on the step average (docs/contact.md §7.1 and §7 "Gap
     drift"; the generalized-alpha form of the modified scheme, frictionless
     contacts with a beam node, persistent frictionless contacts of particles
     and rigid bodies):
     step_law = 1, xi_N = 2 vbar_N - (1 - e) min(gamma_N-, 0) with the
     step-average normal velocity vbar_N from the positions; persist = 1 when
     the contact carried an impulse in the last accepted increment: it stays
     in, held by 0 <= Lambda_N _|_ vbar_N >= 0, whatever its velocity at t_n */
  int step_law, persist;
  /* a particle on a Hermite centreline passed to this element of its group
     from another that carried an impulse in the last accepted increment: it
     stays persistent across the hand-over (contact/pair.c hermite_step) */
  int persist_in;
  /* The same law on a curved obstacle (step_normal, contact/pair.c): wN the
     normal velocity of the shifted point at t_n and dN <= 0 the increment's
     damping of the law's alternating mode (step_damping), in the row as
     vbar_N - dN; wN_last, dN_last those of the last accepted increment and
     sN_last the mean of wN over the one before it, kept while the contact
     stays closed under this law (wN_known: the increments known, 0 to 2) */
  double wN, wN_last, dN, dN_last, sN_last;
  int wN_known;
  /* A resting contact with Coulomb friction under Moreau's law (the
     generalized-alpha form; docs/contact.md §7, "Gap drift"): held = 1 when
     the last accepted increment left it closed after a persistent or
     non-approaching start; then its mean force over that
     increment, Fc = sum_k Lambda_k dir_k / h (global), is part of the smooth
     accelerations (the acceleration solve applies it, the slave's
     pseudo-accelerations restart from them), so that the next increment's
     momentum from it is (h - t_i) Fc + t_i P (t_i = nsb_impulse_time), the
     total its rows and results use.  Contacts with a beam node (flexible)
     keep their nodes' pseudo-accelerations continued instead (a restart at
     the nodes alone would cut them out of the element's filter state, which
     its interior points share): Phi (global) is then the part of the
     contact's force that the nodes' pseudo-accelerations hold,
     Phi_n+1 = ((1 - af) Fc_n+1 + af Fc_n - am Phi_n)/(1 - am) (Phi = Fc at
     rest; Phi = Fc always for a restarted contact) */
  int held;
  double Fc[3], Phi[3];
  /* A held contact of a rigid body's point (framed, not flexible): the
     body-frame moment about the node that the acceleration solve applies
     with Fc is ja^T Fc + Dm, and Mc that moment as applied.  The carried
     part (h - t_i) of the last one was applied with the arm of its own
     increment; Fc re-expressed with the arm of the next one turns that part
     with the body (by Omega h on a turntable), which tilts a body that
     turns while held.  So Dm_n+1 = ((h - t_i)/h) (Mc_n - ja_n+1^T Fc_n)
     keeps the carried moment as it was applied (docs/contact.md §7, "A
     turning body held"); 0 when the body does not turn. */
  double Dm[3], Mc[3];
  /* first touch (nsb_contact_first_touch): the converged increment would
     leave the contact held without its having been held in it; Fc, Phi hold
     its mean force until nsb_contact_hold_first_touch makes it held */
  int touch;
  /* vlaw: the last accepted increment was an impact of a free particle or
     rigid body under Newton's law on the velocity at t_n+1 (Moreau's law or
     its persistent form, an approaching contact that was not held, semi-smooth
     rows or prox sweeps, generalized-alpha form or Newmark with beta/gamma !=
     1/2): its impulse moved the body by
     (beta/gamma - 1/2) h du (du its velocity jump) more than the trapezoidal
     average that books its work (nsb_contact_impact_shift) */
  int vlaw;
  /* step_impact: the last accepted increment was an impact of a beam node
     (a new contact that approached) under the law on the step average
     (docs/contact.md §7.1) in the generalized-alpha form, whose velocity
     jump nsb_contact_step_split takes at the trapezoidal weight;
     split_free: it carried no multiplier that
     changed the increment's accelerations in any other way (an impulse of
     another law, a held force before or after) */
  int step_impact, split_free;
  /* held_law: the contact may be held (nsb_contact_prepare): its normal row
     takes Newton's law in its persistent form (nsb_newton_xi_step), so that
     a contact that separates at t_n but is active never works positively */
  int held_law;
  /* the mass scale of a held contact's rows (nsb_contact_prepare): the
     inverse of the velocity change per impulse its body's points take
     together, rotation included, 1/(n (1/m + max_k dir_k.JA J^-1 JA^T dir_k))
     for the n points of a set on a rigid body (m_row otherwise) */
  double m_held;
  /* rot_rows: a frictional contact of a framed slave (a rigid body's sphere
     or point) against an obstacle: its rows take m_held whether held or not
     (docs/contact.md §7, "The rows' mass scale") */
  int rot_rows;
  double arm[3]; /* spinning obstacle: contact point minus the axis point (velocity spin dir x arm) */
  /* CONTACT SOLVER=PROX: impulses of the current sweep (velocity units,
     lambda_v = nsb_impulse_time P / m_eff) and the contact's step r (same units) */
  double pfix[3], r_prox, dpfix[3]; /* dpfix: change of the last sweep */
  /* IMPACT=POISSON / CLOSED FORM (contact/impact_step.h): the normal velocity
     the contact must at least reach in the increment (from the impact at t_n),
     and the impact's LCP data, compression and total impulses (impulse units) */
  double imp_target, imp_q, imp_lc, imp_l;
  /* HERTZ: the current contact episode (closed increments since ep_t0):
     trapezoidal-rule error of the elastic force, sum of
     V(al_n+1) - V(al_n) - (F_n + F_n+1)(al_n+1 - al_n)/2, peak potential,
     largest omega h, increments; ep_al, ep_F: penetration and elastic force
     of the last increment.  ep_report: 1 when an episode that was
     under-resolved or gained energy has just ended, 2 when the episodes of
     the contact together have gained (nsb_contact_hertz_report logs it once
     per contact).  ep_sum, ep_peak, ep_count: the errors of the contact's
     ended episodes summed, their largest peak potential, their number.  The
     episode and these follow the force from element to element of a group
     (hertz_episode_handover). */
  int ep_open, ep_steps, ep_report, ep_reported, ep_count;
  double ep_t0, ep_t1, ep_err, ep_vmax, ep_wh, ep_al, ep_F, ep_sum, ep_peak;
  /* HERTZ, FRICTION LAW=ELASTOPLASTIC (contact/friction.h): the elastic slip
     z_n and the slip velocity v_T,n at t_n (global vectors, tangential when
     stored), its friction force T_n, and whether the contact slid at t_n
     (the dynamic coefficient applies): 1 plastic rate above the pair's SLIP
     VELOCITY, 2 broken away (plastic flow) and the rate not yet above it */
  double fz[3], fv[3], fT[3], fo[3]; /* fo: the obstacle's surface velocity v_obs,n */
  int fslide;
  /* whether fv, fo hold the state of t_n (an increment of the contact was
     accepted, or it was restored across a rebuild); until then
     nsb_contact_prepare takes them from the motion at t_n */
  int f_known;
  /* LAW=WINKLER: the bed's compression s_n at t_n under the slave (the
     penetration while pressed; after the slave lets go, relaxing by
     c s + beta s' = 0) and whether the slave pressed it at t_n */
  double bed_s;
  int bed_closed;
  /* HERTZ, WINKLER: the penetration al = -g and the damping part of the
     normal force (the force minus the elastic force of the potential) at
     the end of the last accepted dynamic increment, as its equations had
     them, and whether they are known (not after a static step, nor for a
     contact made by a rebuild: then they are computed from the state at
     t_n).  The damping's dissipation of the next increment is their work
     over its change of al (hertz_energy, docs/contact.md §6).  Under the
     schemes other than the trapezoidal rule also the penetration's rate
     al' = -n.v_r and the damping force filtered by the alpha relation, whose
     share of the kinetic energy's change is booked instead (docs/theory.md
     §3.6, "Loads and dampers under rho_inf < 1") */
  double dmp_al, dmp_F, dmp_ald, dmp_Ft;
  int dmp_known, dmp_ft_known; /* dmp_ft_known: dmp_Ft holds (also across a rebuild) */
  /* HERTZ under the schemes other than the trapezoidal rule: the elastic
     force c al^p filtered by the alpha relation as the nodes' pseudo-
     accelerations hold it at the end of the last accepted increment (the
     row of the increment in which the contact opens reads it,
     hertz_opening_row; el_ft_known as dmp_ft_known, also across a handover
     and a rebuild) */
  double el_Ft;
  int el_ft_known;
  /* HERTZ, WINKLER: what the moving obstacle's work and SMOOTH friction's
     dissipation of the next increment are booked with (hertz_energy,
     docs/contact.md §6), at the end of the last accepted dynamic increment as
     its equations had them: the normal force F n on the slave, SMOOTH
     friction's force T on the slave (zero for the other laws and while
     open), the slip velocity v_T = P v_r and the obstacle's surface velocity
     v_obs; bk_known as dmp_known (otherwise computed from the state at t_n) */
  double bk_Fn[3], bk_T[3], bk_vT[3], bk_vo[3];
  int bk_known;
  /* FRICTION LAW=SMOOTH: the largest mu N h/(m v_s) of an increment above 1
     (the law's stick damper mu N/v_s stiffer than the mass over one
     increment), its time, and whether it is to be / was reported (once per
     contact, nsb_contact_hertz_report) */
  double fr_ratio, fr_t;
  int fr_report, fr_reported;
  /* results of the last accepted increment (output); point: the contact point on the
     master's surface and n_end the surface's unit normal there (towards the slave), both
     at the increment's end like gap (store_master_point in pair.c; n is the normal frozen
     at its start, which the law's rows use) */
  double gap, impulse[3], force, slip, dissipated, point[3], n_end[3];
  /* compliant friction of the last accepted increment (output, contacts.csv):
     the friction force on the slave at t_n+1 (global), ELASTOPLASTIC's
     plastic rate |w'| and the state (nsb_friction_state, contact/friction.h) */
  double ftan[3], frate;
  int fstate;
} nsb_contact_data;

/// The normal row's xi_N of a NEWTON contact at the normal contact velocity
/// gamma_N of the increment: IMPACT=POISSON / CLOSED FORM, gamma_N - target (the
/// Signorini condition shifted by the post-impact velocity of the impact at t_n,
/// contact/impact_step.h); a massless slave (MASS=REDISTRIBUTED),
/// nsb_newton_xi_massless; beam nodes, Newton's law in its persistent form
/// (nsb_newton_xi_step); otherwise Newton's law (nsb_newton_xi).
static inline double nsb_contact_xi_normal(const nsb_contact_pair* p, const nsb_contact_data* d, double gamma_N) {
  if (p->impact == NSB_IMPACT_POISSON || p->impact == NSB_IMPACT_CLOSED_FORM) return gamma_N - d->imp_target;
  if (d->massless) return nsb_newton_xi_massless(gamma_N, d->gN_pre);
  return d->flexible || d->held_law ? nsb_newton_xi_step(gamma_N, p->restitution, d->gN_pre)
                                    : nsb_newton_xi(gamma_N, p->restitution, d->gN_pre);
}

extern const nsb_elem_ops nsb_contact_newton_ops;
extern const nsb_elem_ops nsb_contact_hertz_ops;

/// The momentum (impulse units) that a held contact's force in the smooth
/// accelerations (nsb_contact_data.held) gives its row k (0 normal, 1-2
/// tangents) over the increment of ec, (h - nsb_impulse_time) dir_k . Fc; 0 for
/// any other contact.  The contact's impulse is nsb_impulse_time P_k plus this.
double nsb_contact_held_carry(const nsb_elem* e, const nsb_eval_ctx* ec, int k);

/// First touch (docs/contact.md §7, "Gap drift"): after a converged
/// increment (ec at its end, before nsb_contact_finish), mark every contact
/// that the increment would leave held without its having been held in it
/// (a body set down on its support, or closed by an impact at t_n): its
/// support's force was not in the smooth accelerations of t_n, and the
/// increment lifted it by (beta/gamma - 1/2) F h^2/m.  Its mean force over the
/// increment is kept in Fc and Phi (the repeated increment's acceleration
/// solve continues the pseudo-accelerations by the whole change, gain 1, so
/// that a beam node's hold all of it).  Returns the number
/// marked; the caller repeats the increment from its start after
/// nsb_contact_hold_first_touch and an acceleration solve with those forces.
int nsb_contact_first_touch(nsb_elem* e, int n, const nsb_eval_ctx* ec);
/// The marked contacts become held with their kept forces (after the
/// increment was restored to its start).
void nsb_contact_hold_first_touch(nsb_elem* e, int n);

/// Multipliers the candidates' elements own.
int nsb_contact_mult_count(const nsb_model* m, const nsb_contact_cand* c, int n);
/// Fill elements e[0..n) and their data d[] (both owned by the caller) from
/// candidates: nodes, laws, multiplier counts (mult_first from *mult,
/// advanced), geometry constants.  No allocation.
/// What a massless slave's contact (MASS=REDISTRIBUTED) carries from one
/// increment to the next (its force at t_n, last impulse, step-average
/// velocity, gap), the last impulse of any contact that carried one (the
/// persistent law, docs/contact.md §7.1), the friction state of an
/// ELASTOPLASTIC contact and the bed state of a WINKLER contact, kept across
/// a rebuild of the contact elements: saved
/// before (nsb_contact_memory_save, mem[nsb_contact_memory_count] owned by
/// the caller) and given to the rebuilt contact of the same pair, slave node
/// and obstacle (nsb_contact_memory_restore).
typedef struct nsb_contact_memory {
  int pair, node, master;
  double gap0, gN_bar, P_pre, P_master, impulse0, Q_pass[3], Q_h, F_pre[3], pass_max;
  double wN_last, dN_last, sN_last; /* a persistent contact on a curved obstacle (nsb_contact_data) */
  int wN_known;
  int gN_bar_known;
  double fz[3], fv[3], fT[3], fo[3]; /* ELASTOPLASTIC friction state (nsb_contact_data) */
  int fslide, f_known;
  double bed_s; /* WINKLER bed state (nsb_contact_data) */
  int bed_closed;
  double s[3];   /* body point of a point set (tells the points of one body apart) */
  int step_law;  /* under the law on the step average: lam, its multipliers, start the next increment */
  double lam[3];
  int held;      /* a resting frictional contact and its force in the smooth accelerations */
  double Fc[3], Phi[3], Dm[3], Mc[3];
  /* a compliant contact's filtered damping force (nsb_contact_data dmp_Ft,
     dmp_ft_known); state: whether the fields above were saved (otherwise
     the entry carries only these, and they are zero) */
  double dmp_Ft, el_Ft; /* el_Ft, el_ft_known: nsb_contact_data's (HERTZ) */
  int dmp_ft_known, el_ft_known, state;
  /* a HERTZ contact's episode and record (nsb_contact_data ep_*; ep_known:
     saved), so that a rebuild neither cuts an episode nor forgets a warning */
  int ep_known, ep_open, ep_steps, ep_count, ep_reported;
  double ep_t0, ep_err, ep_vmax, ep_wh, ep_al, ep_F, ep_sum, ep_peak;
} nsb_contact_memory;
int nsb_contact_memory_count(const nsb_elem* e, int n);
/// lam: the global multipliers (borrowed; read by save, written by restore).
void nsb_contact_memory_save(const nsb_elem* e, int n, const double* lam, nsb_contact_memory* mem);
void nsb_contact_memory_restore(nsb_elem* e, int n, const nsb_contact_memory* mem, int n_mem, double* lam);
/// Whether the contact of a saved memory entry must stay a candidate whatever
/// the positions: a massless slave's contact (MASS=REDISTRIBUTED) that
/// carries a force at t_n (P_pre != 0: the released node's force alternates,
/// and with RHOINF=1 never decays, docs/contact.md §7.2).  Left out of the
/// rebuilt list, the force P_n it put in the master's accelerations at t_n
/// would work (h/2) P_n v in one increment with no impulse to book it.
int nsb_contact_memory_keeps(const nsb_contact_memory* c);
/// Append to the candidates c[0..*n) (capacity *cap, grown with nsb_realloc
/// as the broad phase does) those of the memory entries mem[0..n_mem) that
/// nsb_contact_memory_keeps and the list lacks, each right after its pair's
/// and slave's candidates (the beam chords of one slave stay consecutive).
/// Allocates: a rebuild of the contact elements only.
int nsb_contact_keep_candidates(nsb_ctx* ctx, const nsb_contact_memory* mem, int n_mem, nsb_contact_cand** c,
                                int* cap, int* n);

void nsb_contact_setup(const nsb_model* m, const nsb_contact_cand* c, int n, nsb_elem* e, nsb_contact_data* d,
                       int* mult);

/// The scratch of the support estimate (nsb_contact_prepare) and of
/// nsb_contact_impact_shift: 8 doubles per
/// node of m; this fills the first n_nodes with each node's inverse mass for
/// that estimate: 1/m for a particle or a rigid body that no *JOINT, no
/// *BOUNDARY and no beam element holds, 0 (immovable) for every other node.
/// Once, when the system is built (no allocation; support: borrowed, owned
/// by the caller, 8 * m->nodes.count doubles).
void nsb_contact_support_init(const nsb_model* m, double* support);

/// One contact's geometry at the end of the last accepted increment
/// (nsb_contact_finish) with what it was computed from: the time, the normal
/// n_prev and the positions and rotations of the contact's nodes, bit for
/// bit (key).  nsb_contact_geometry is a pure function of these (the shape
/// and the model do not change while the contact exists), so the next
/// increment's nsb_contact_prepare takes G (and the tangents of its normal)
/// as they are when its own inputs are the same bits, and computes them
/// otherwise (an impact's shift of the positions, a rejected increment, a
/// restored checkpoint).  Owned by the system, one per contact, parallel to
/// the contact elements; valid = 0 after every rebuild of the contacts and
/// every checkpoint access.
typedef struct nsb_contact_geo_memo {
  int valid;
  double key[4 + 7 * 3]; /* t, n_prev, then x (3) and q (4) of each node */
  nsb_contact_geo G;
  double t[6]; /* the tangents t1, t2 of G.n (nsb_contact_tangents; the finish's end_tangents) */
} nsb_contact_geo_memo;

/// Start of an increment (ec on the state at t_n, ec->h the new step):
/// closest points, group owners, frozen normals, the support of resting
/// contacts (support: the scratch of nsb_contact_support_init, borrowed; its
/// inverse masses are read and its accumulators written; or NULL for none:
/// aN_sup = aN_pre), activity of NEWTON contacts.  memo: the geometries of
/// the last nsb_contact_finish (n of them, borrowed, read), or NULL.
void nsb_contact_prepare(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support,
                         const nsb_contact_geo_memo* memo);

/// Generalized load on node j (0 slave, 1, 2 master nodes) of contact
/// element e from a global force F at the contact point, with the geometry
/// frozen at the start of the increment (NEWTON law, prox sweeps): g[0..2] =
/// wt_j F (translational rows); for a master node of a CENTRELINE=HERMITE
/// contact also g[3..5] = jr_j^T F, for a framed slave (j = 0) g[3..5] =
/// ja^T F (body-frame moment rows).  Returns the number of rows filled, 3
/// or 6.  The node's residual rows change by -g.
int nsb_contact_node_load(const nsb_elem* e, int j, nsb_vec3 F, double g[6]);

/// Surface velocity at t_{n+1} of the obstacle under the slave of a contact
/// against an obstacle (zero for other masters).  A spinning plane: at the
/// contact point of the increment's start (arm) carried along with the
/// slave's nodes over the increment, arm + sum_j w_j (x_j(t_{n+1}) - x_j(t_n)),
/// so that a slave sticking to it follows the surface point under it at the
/// end of the increment (docs/contact.md §7); derivative in x_j
/// w_j spin S(dir).  Other obstacles: at arm (no derivative).
nsb_vec3 nsb_contact_obstacle_velocity_end(const nsb_elem* e, const nsb_contact_data* d, const nsb_eval_ctx* ec);

/// Increment accepted (ec at t_{n+1} with the converged multipliers):
/// record gap, impulses/forces, slip and dissipated energy per contact; return
/// the energy dissipated by NEWTON impulses in this increment, set
/// *impulsive when any contact carried an impulse and *obstacle_work to the
/// work of moving obstacles through their impulses (external work).  memo:
/// where each contact's end geometry is kept for the next nsb_contact_prepare
/// (n of them, borrowed, written), or NULL.
double nsb_contact_finish(nsb_elem* e, int n, const nsb_eval_ctx* ec, int* impulsive, double* obstacle_work,
                          nsb_contact_geo_memo* memo);

/// After the increment's impulses are final (nsb_contact_finish, the
/// accelerations' restart and the joints' rebooking): the momentum each
/// contact passed on in it, which contacts.csv reports (nsb_contact_data.passed).
void nsb_contact_pass_on(nsb_elem* e, int n, const nsb_eval_ctx* ec);

/// Impacts on jointed bodies (docs/contact.md §7, "Impacts on jointed
/// bodies"; solver/system_contact.c): the normal relative velocity of
/// contact e at ec->cur with its frozen normal, as nsb_contact_finish reads
/// it (linear in its nodes' velocities); whether a contact that carried an
/// impulse in the increment just finished may have that impulse solved again
/// (a NEWTON contact booked with the trapezoidal average: not held, not on
/// the step average, not persistent, no massless slave, no tangential
/// impulse, no moving obstacle); and its normal impulse set to L, booked as
/// nsb_contact_finish books one, -L (post + g_pre)/2 with the normal
/// velocities g_pre before and post after it (returns the change of the
/// contact's dissipated energy).
double nsb_contact_normal_rate(const nsb_elem* e, const nsb_eval_ctx* ec);
/// The velocity jump (dv global, dw body frame) of the rigid body at node q
/// for the impulse F (global) and the moment impulse Mo about the node (body
/// frame), its mass matrix at the state st (elements/rigid_body.c); 0 if q is
/// no rigid body or its inertia is singular.
int nsb_contact_body_velocity_jump(const nsb_model* m, int q, const nsb_state* st, nsb_vec3 F, nsb_vec3 Mo,
                                   nsb_vec3* dv, nsb_vec3* dw);
int nsb_contact_impulse_amendable(const nsb_elem* e, const nsb_eval_ctx* ec);
double nsb_contact_rebook_impulse(nsb_elem* e, const nsb_eval_ctx* ec, double L, double g_pre, double post);
/// After nsb_contact_finish of an impulsive increment in the generalized-alpha
/// form or Newmark's scheme (docs/contact.md §7, "Impacts under gravity";
/// nothing where beta/gamma = 1/2, nor in the plain modified scheme): the impulse's part of
/// the displacement of every free particle and rigid body whose contacts in
/// the increment were impacts under the velocity law (nsb_contact_data.vlaw)
/// and no other contact, h (beta/gamma) du with du its velocity jump (sum
/// w_j Lambda_k dir_k / m for a particle; for a rigid body the solve of its
/// mass matrix with the impulses and their moments, angular part in the body
/// frame), is taken at the weight 1/2 of the trapezoidal rule instead:
/// x -= (beta/gamma - 1/2) h dv, and a body's rotation R = R_n exp(Theta)
/// becomes R_n exp(Theta - (beta/gamma - 1/2) h dw) (Chen, Acary, Virlez &
/// Bruls 2013).  The velocities stay (v+ = -e v- exactly).  cur: the state
/// at t_n+1 (x, q changed in place; ec->old the start); the shifted
/// contacts' gaps are measured again.  support: the scratch of
/// nsb_contact_support_init (its inverse masses read, the rest written).
/// Returns the number of bodies moved.  No allocation.
int nsb_contact_impact_shift(nsb_elem* e, int n, const nsb_eval_ctx* ec, double* support, nsb_state* cur);

/// After nsb_contact_finish of an impulsive increment: whether its
/// multipliers were all impacts of beam nodes under the law on the step
/// average (nsb_contact_data.step_impact: new contacts that approached)
/// in the generalized-alpha form, no contact carrying anything else
/// (docs/contact.md §7, "Impacts under gravity").  That law states the
/// position, in which the impulse's velocity jump du counts with h beta/gamma;
/// taken at the trapezoidal weight h/2 (Chen, Acary, Virlez & Bruls 2013) the
/// same position holds a larger jump.  The acceleration solve after the
/// increment then adds alpha du to the velocities (nsb_system.split),
/// alpha from nsb_contact_split_weight, and books the impulses with
/// nsb_contact_split_book.
int nsb_contact_step_split(const nsb_elem* e, int n, const nsb_eval_ctx* ec);

/// The weight alpha of that correction: 2 beta/gamma - 1 times the ratio of
/// the normal velocity change the increment gave the contacts to the part
/// of the impulses' jump du = t_i (a_inc - a_smooth) they see (impulse-
/// weighted, at most 1; 1 where the increment resolves the contact node's
/// response), so that the contact node leaves with the trapezoidal velocity
/// 2 vbar_N - v-.
/// ec at t_n+1 with the increment's velocities; a_inc, a_smooth 3 per node.
double nsb_contact_split_weight(const nsb_elem* e, int n, const nsb_eval_ctx* ec, const double* a_inc,
                                const double* a_smooth, double t_i);

/// Scales the impulses, forces and dissipation of the split's contacts by
/// 1 + alpha, adds the extra dissipation to *dissipated and a moving
/// obstacle's extra work to *work.
void nsb_contact_split_book(nsb_elem* e, int n, const nsb_eval_ctx* ec, double alpha, double* dissipated,
                            double* work);

/// Largest omega h of a HERTZ contact episode (omega^2 = dF/dalpha / m,
/// m the slave's mass, the reduced mass against a particle) above which the
/// episode counts as under-resolved: fewer than about 2 pi / 0.5 = 12
/// increments per period of the contact oscillation (docs/contact.md §6.1).
#define NSB_HERTZ_OMEGA_H_WARN 0.5
/// The summed energy errors of a HERTZ contact's ended episodes (the first
/// one's alone), relative to the largest peak contact energy among them,
/// above which the contact is reported whatever its omega h
/// (docs/contact.md §6.1): far above the round-off of the sums (about 1e-15
/// of the peak per increment), below the gains the scheme makes where a
/// contact with beam nodes opens within an increment (tests/user
/// hertz_ball_midspan: 8.2e-4 and 3.6e-3 of the peak at h = 0.1 ms, 10 us),
/// above the net gain of the re-contacts of benchmarks/particle_beam_impact
/// fixed_hertz_h1e-6 (1.7e-4) and of tests/decks/reliable restart_friction
/// (9.7e-5), runs whose E + D never rises.
#define NSB_HERTZ_GAIN_WARN 5e-4
/// The step control's aim for compliant contacts, omega h <= this (about 25
/// increments per period of the contact oscillation), and the shortest
/// increment it gives them relative to the nominal one (solver/step_control.h).
#define NSB_HERTZ_OMEGA_H_TARGET 0.25
#define NSB_HERTZ_SUBSTEP_MIN 1e-3

/// mu N h/(m v_s) of a FRICTION LAW=SMOOTH contact above which it is
/// reported (nsb_contact_hertz_report): on the whirling disk of
/// benchmarks/rotating_disk (h = 0.001) Newton's iteration converged at 11
/// (10 iterations at most) and cycled at 37 and above.
#define NSB_FRICTION_SMOOTH_WARN 10.0

/// After nsb_contact_finish: log a warning (NSB_LOG_WARN) for every HERTZ
/// contact whose episode just ended under-resolved, with its measured energy
/// error, and for every FRICTION LAW=SMOOTH contact whose regularization is
/// stiffer than its mass over one increment (mu N h/(m v_s) above
/// NSB_FRICTION_SMOOTH_WARN: Newton's
/// iteration may cycle across the steep part of the law at a stick-slip
/// transition); once per contact element and kind.  Returns the number of
/// warnings logged.
int nsb_contact_hertz_report(nsb_ctx* ctx, const nsb_model* m, nsb_elem* e, int n);

#endif

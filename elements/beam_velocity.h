/* beam_velocity.h -- the velocity-based geometrically exact beam element
 * (Češarek et al. 2013, §6.1.2, §6.3.2): a pure kernel.
 *
 * Primary unknowns of one element at t_{n+1} (local vector u, layout below):
 *   node 0:  vbar^0 (3, global), wbar^0 (3, body frame of the node)
 *   node 1:  vbar^L (3),         wbar^L (3)
 *   internal: vbar'^p (3, global) and wbar'^p (3, material components),
 *             p = 1..N, at the N interpolation/collocation points x_p, then
 *             N^0 (3, global) and M^0 (3, global): the equilibrium force and
 *             moment resultants at x = 0.
 * Local layout: u = [vbar^0, wbar^0, vbar^L, wbar^L, vbar'^1, wbar'^1, ...,
 *                    vbar'^N, wbar'^N, N^0, M^0],  n_local = 12 + 6N + 6.
 *
 * Interpolation: vbar'(x) = sum_p I_p(x) vbar'^p, wbar'(x) likewise, I_p the
 * Lagrange polynomials on the points x_p (N = 1: constant, x_1 = L/2).
 * Kinematics at any point x (eqs. 6.5-6.18):
 *   vbar(x) = vbar^0 + sum_p J_p(x) vbar'^p,  J_p(x) = int_0^x I_p,
 *   wbar(x) = wbar^0 + sum_p J_p(x) wbar'^p,
 *   r = r_n + h vbar, v, a from the modified Newmark formulas (beta, gamma),
 *   or from their generalized-alpha form (gen_alpha; docs/theory.md §3.5),
 *   R = R_n exp(S(h wbar)), omega, alpha likewise,
 *   E = dR^T E_n + R^T h vbar'(x),        (E = R^T r', the material stretch; E - E_0 = gamma)
 *   K = dR^T K_n + T(h wbar)^T h wbar'(x) (K = axial(R^T R'), K - K_0 = kappa), dR = exp(S(h wbar)).
 * Constitutive (linear elastic, behind nsb_beam_section): N_G = C_N (E - E_0),
 * M_G = C_M (K - K_0), C_N = diag(EA, GA2, GA3), C_M = diag(GJ, EI2, EI3).
 * Integrated equilibrium (6.29-6.38), with distributed loads n, m (global):
 *   N_g(x) = N^0 + F(x),  F(x) = int_0^x f,  f = rhoA a - n,
 *   M_g(x) = M^0 + int_0^x [R J alpha + R(omega x J omega) - m - r' x N_g].
 * Because r' = R E = (r_n + h vbar)' holds exactly (by induction from a
 * consistent initial geometry), the double integral is removed by parts:
 *   int_0^x r' x N_g = (r(x) - r(0)) x N^0 + r(x) x F(x) - int_0^x r x f,
 * so only single integrals from 0 to a collocation point or to L appear; the
 * quadrature uses Gauss points on each sub-interval between consecutive
 * collocation points (the sub-interval ends are exactly the points needed).
 * Residual (local rows, same layout as u):
 *   node 0 rows:  translational  -N^0          (global force balance of the node)
 *                 rotational     -R(0)^T M^0    (body-frame moment balance of node 0)
 *   node 1 rows:  translational  +N_g(L)
 *                 rotational     +R(L)^T M_g(L)
 *   internal rows: for p = 1..N:  R(x_p) N_G(x_p) - N_g(x_p)   (3)
 *                                 R(x_p) M_G(x_p) - M_g(x_p)   (3)
 *                  closure:       vbar^L - vbar(L) (3),  wbar^L - wbar(L) (3)
 * so the local Newton system is square; the internal block is condensed by
 * the caller.  Static mode: inertia off (a, alpha terms dropped), h is the
 * load increment's pseudo time, the kinematic update is the same.
 *
 * Galerkin weighting (in.galerkin = 1; docs/theory_beam.md §7).  Same
 * unknowns, layout, kinematics, points and quadrature; the equations are the
 * virtual power weighted by the velocity shape functions (test = trial:
 * dvbar = dv^0 + sum_p J_p dv'^p, dwbar likewise, material components):
 *   int [dvbar.(rhoA a - n) + dwbar.g] dx
 *     + sum_k W_k [dvbar'(x_k).R N_G + dwbar'(x_k).M_G + dwbar(x_k).c_k]
 *     = boundary terms at 0 and L,
 *   g = J alpha + omega x J omega - R^T m, c = N_G x E + M_G x K,
 *   W_k = J_k(L) (the Gauss weights), inertia by the integration points.
 * The closure rows stay; their multiplier (the end loads at L) is written
 * with the end resultants at x = 0, which keep their slots (N^0 global, M^0
 * global) and their node-0 rows, so n_local and the layout are unchanged:
 *   node 0 rows:  -N^0,  -R(0)^T M^0               (as collocation)
 *   node 1 rows:  N^0 + Fv,  R(0)^T M^0 + Gm,       Fv = int (rhoA a - n),
 *                                                   Gm = int g + sum_k W_k c_k
 *   internal rows, divided by W_p (forces and moments, like collocation's):
 *                 R N_G(x_p) - N^0 - Fv + (1/W_p) int J_p (rhoA a - n)
 *                 M_G(x_p) - R(0)^T M^0 - Gm
 *                   + (1/W_p) [int J_p g + sum_k W_k J_p(x_k) c_k]   (material)
 *                 closure rows as above.
 * The force rows are R N_G(x_p) minus the I_p-weighted mean of N_g, i.e. the
 * collocation row with the point value replaced by a weighted average.
 *
 * Implementation choices (elements/beam_velocity.c, docs/theory_beam.md):
 *  - r(x) in M_g at x_p and at L is r_n(x) + h vbar(x) with the interpolated
 *    vbar (not vbar^L); both agree once the closure rows hold.  Moments are
 *    taken about r_n(0), which changes nothing exactly (the by-parts form is
 *    translation invariant) but avoids cancellation far from the origin.
 *  - In static mode the new rates v, a, omega, alpha are set to zero (the
 *    structure is at rest in a static step); beta and gamma are not used.
 *  - The states at the ends (cur_end) carry E, K copied unchanged from
 *    old_end (the ends have no strain history of their own).
 *  - The collocation points equal the interpolation points, so
 *    I_p(x_k) = delta_pk is used at the collocation points.
 */
#ifndef NSB_BEAM_VELOCITY_H
#define NSB_BEAM_VELOCITY_H

#include <stddef.h>

#include "base/so3.h"

#define NSB_BEAM_MAX_POINTS 10 /* N <= 10 */
#define NSB_BEAM_MAX_GAUSS 12  /* Gauss points per sub-interval */
#define NSB_BEAM_MAX_QP ((NSB_BEAM_MAX_POINTS + 1) * NSB_BEAM_MAX_GAUSS)

/// Section properties (all per unit length of the initial axis).
typedef struct nsb_beam_section {
  double EA, GA2, GA3, GJ, EI2, EI3; /* stiffnesses */
  double rhoA;                       /* mass per length */
  double rhoJ[3];                    /* mass moments of inertia per length about G1 (polar), G2, G3 */
  /* Rayleigh damping (*DAMPING of the material; dynamic evaluations only,
     docs/theory_beam.md §10): beta (time) the Kelvin-Voigt section law
     N_G = C_N (gamma + beta gamma_dot), M_G = C_M (kappa + beta kappa_dot);
     alpha (1/time) the forces alpha rhoA v and moments alpha R rhoJ omega per
     length beside the inertia.  Both 0: no damping, no extra work. */
  double alpha, beta;
} nsb_beam_section;

/// State at one integration point (structure kept flat; 25 doubles).
typedef struct nsb_beam_point {
  double r[3];  /* position (global) */
  double q[4];  /* cross-section orientation R (quaternion) */
  double v[3], a[3];   /* velocity, acceleration (global) */
  double w[3], al[3];  /* angular velocity, acceleration (body frame) */
  double p[3], pw[3];  /* generalized-alpha pseudo-accelerations (= a, al with plain schemes) */
  double E[3];  /* R^T r'  (material stretch; this element updates it at the collocation points only) */
  double K[3];  /* axial(R^T R')  (material curvature; likewise) */
} nsb_beam_point;

/// Geometry and quadrature of one element, fixed at setup.  The tables are
/// sized to the element's own N and n_qp and live in storage the caller
/// gives to nsb_beam_geom_init (nsb_beam_geom_doubles of them; the beam
/// element puts them in its own block beside its states, so that an
/// evaluation reads one small contiguous region).  The struct points into
/// that storage: it is not copied by value, and the storage outlives it.
/// Tables of N columns are row-major with stride N (nsb_beam_geom_row).
typedef struct nsb_beam_geom {
  int N;                              /* interpolation / collocation points */
  int n_sub;                          /* sub-intervals: [0,x_1], [x_1,x_2], ..., [x_N, L] -> N + 1 */
  int n_gauss;                        /* Gauss points per sub-interval */
  int n_qp;                           /* n_sub * n_gauss integration points */
  double L;                           /* initial length */
  double E0[3], K0[3];                /* initial E, K: constant along the element (helicoidal geometry) */
  double XA[3], qA[4];                /* initial placement of end 0: r0(x) = XA + R(qA) x T(x K0) E0 */
  /* in the order of the storage, the tables of every evaluation first */
  double* wq;                         /* [n_qp] integration weights */
  double* Iq;                         /* [n_qp][N] I_p(x_q) */
  double* Jq;                         /* [n_qp][N] J_p(x_q) = int_0^x_q I_p */
  double* Jp;                         /* [N][N] J_p(x_k) at collocation point k: [k][p] */
  double* JL;                         /* [N] J_p(L) */
  double* xp;                         /* [N] collocation points in (0, L), increasing */
  double* xq;                         /* [n_qp] integration point coordinates (setup and output) */
  /* Translational mass rule (nsb_beam_geom_mass_rule; docs/contact.md §7.2).
     massless_end < 0 (set by nsb_beam_geom_init): rhoA by the integration
     points, like every other term, and mp == NULL.  massless_end = 0 or 1:
     the integration points carry no translational mass (rotary inertia and
     distributed loads stay on them); it sits in n_mp point masses
     rhoA mp->w[k] at the other end and at N - 1 collocation points, so that
     no mass acts at that end.  Galerkin: the point masses in the virtual
     power; collocation: in the force rows weighted as the Galerkin rows
     weight the inertia (the L2 projection of their resultant onto the
     polynomials of degree N - 1), in the moment rows by the integral of that
     same projected resultant (docs/contact.md §7.2).  massless_end =
     NSB_BEAM_MASS_ENDS (nsb_beam_geom_mass_rule_ends; Galerkin only): no
     massless end, the translational mass in two point masses rhoA L/2 at the
     two ends (the row-sum lumped mass of the contact nodes, docs/contact.md
     §7.8). */
  int massless_end;
  int n_mp;
  const struct nsb_beam_mass_rule* mp; /* the rule's points (borrowed storage), NULL without one */
} nsb_beam_geom;

/// Points of a translational mass rule (nsb_beam_geom_mass_rule): fixed-size
/// (about 9 KB), so kept apart from nsb_beam_geom in storage that only the
/// elements with a rule are given (the few MASS=REDISTRIBUTED contact
/// elements; in every element it was an eighth of a B2V POINTS=1 element's
/// memory before the lever table).
typedef struct nsb_beam_mass_rule {
  int src[NSB_BEAM_MAX_POINTS];                       /* -1: end 0, -2: end 1, k >= 0: collocation point k */
  double x[NSB_BEAM_MAX_POINTS];                      /* position along the element */
  double w[NSB_BEAM_MAX_POINTS];                      /* weight (mass / rhoA) */
  double J[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS]; /* J_p(x[k]): [k][p] */
  /* Levers of the collocation moment rows: lev[k][j][m] = int_0^{x_k} I_m P_j
     with P_j = sum_l (1 - J_l(x[j])/W_l) I_l the L2 projection of the unit
     step at x[j] onto the polynomials of degree N - 1 (W_l = J_l(L)), so
     that the lever of mass j about collocation point k is
     int_0^{x_k} r' P_j = sum_m lev[k][j][m] r'(x_m) (docs/contact.md §7.2) */
  double lev[NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS][NSB_BEAM_MAX_POINTS];
} nsb_beam_mass_rule;

/// Doubles of the tables of a geometry with N points and n_gauss Gauss
/// points per sub-interval (n_qp = (N + 1) n_gauss).
static inline size_t nsb_beam_geom_doubles(int N, int n_gauss) {
  size_t n = (size_t)N, nq = (size_t)(N + 1) * (size_t)n_gauss;
  return 2 * nq + 2 * nq * n + n * n + 2 * n;
}

/// The most any geometry needs (N = NSB_BEAM_MAX_POINTS, n_gauss = NSB_BEAM_MAX_GAUSS),
/// for fixed-size storage in tests and tools.
#define NSB_BEAM_GEOM_MAX_DOUBLES                                                                            \
  (2 * NSB_BEAM_MAX_QP + 2 * NSB_BEAM_MAX_QP * NSB_BEAM_MAX_POINTS + NSB_BEAM_MAX_POINTS * NSB_BEAM_MAX_POINTS + \
   2 * NSB_BEAM_MAX_POINTS)

/// Row i (N values) of a table of N columns (Iq, Jq or Jp).
static inline const double* nsb_beam_geom_row(const nsb_beam_geom* g, const double* table, int i) {
  return table + (size_t)g->N * (size_t)i;
}

/// Initial geometry of an element between node A (position XA, frame RA) and
/// node B (XB, RB), interpolated with constant curvature and stretch
/// (helicoidal): R0(x) = RA exp(S(x K0)), K0 = log(RA^T RB)/L, and E0
/// constant with r0(L) = XB; L is the arc length |E0| L.  Straight elements
/// with RA = RB give E0 = (L, 0, 0)/L = e1 when XB - XA is along RA e1.
/// Fills g and its tables in `tables` (nsb_beam_geom_doubles(N, n_gauss)
/// doubles, borrowed: g points into them; points x_p: Gauss-Legendre points
/// of [0, L] for N >= 2, L/2 for N = 1; n_gauss Gauss points per
/// sub-interval) and the initial states of the integration points
/// (pts_qp[n_qp]) and of the collocation points (pts_cp[N]) at rest.
/// Returns 0, or -1 for invalid input (N out of range, coincident nodes,
/// |log| >= pi per element).
int nsb_beam_geom_init(nsb_beam_geom* g, double* tables, int N, int n_gauss, nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB,
                       nsb_quat qB, nsb_beam_point* pts_qp, nsb_beam_point* pts_cp);

/// Free end `end` (0: x = 0, 1: x = L) of translational mass (docs/contact.md
/// §7.2): the mass rhoA L moves to point masses at the other end and at the
/// N - 1 collocation points farthest from `end`, weights of the interpolatory
/// rule of [0, L] on those N points (exact for degree N - 1: mass, centre of
/// mass, and for N >= 3 the second moment, are those of rhoA on [0, L]).  A
/// velocity field of the element (degree N in x) that vanishes at those
/// points and at the other end moves `end` alone and carries no kinetic
/// energy: the node at `end` is massless in this element.  Returns 0, or -1
/// for N < 2 (the one point left would be the other end: no centre of mass)
/// or a weight <= 0 (g unchanged).  The rule's points go to `rule` (borrowed:
/// g->mp points to it on success, so it must outlive g).
int nsb_beam_geom_mass_rule(nsb_beam_geom* g, nsb_beam_mass_rule* rule, int end);

/// massless_end of a geometry whose translational mass sits at its two ends
/// (nsb_beam_geom_mass_rule_ends).
#define NSB_BEAM_MASS_ENDS 2

/// Put the translational mass rhoA L of the element in two point masses
/// rhoA L/2 at its ends (docs/contact.md §7.8, MASS=LUMPED): mass and centre
/// of mass are those of rhoA on [0, L], the second moment about the centre
/// is rhoA L^3/4 instead of rhoA L^3/12.  A velocity field that is zero at
/// both nodes carries no kinetic energy: an impulse that stops the nodes
/// stops every translational mass of the element.  The N - 1 velocity modes
/// that vanish at both ends carry no translational inertia (the rotary
/// inertia stays on the integration points); the stiffness fixes them in an
/// increment.  Galerkin weighting only (the collocation rows' levers are not
/// filled).  Returns 0 (g->massless_end = NSB_BEAM_MASS_ENDS, g->n_mp = 2);
/// the rule's points go to `rule` (borrowed, as nsb_beam_geom_mass_rule).
int nsb_beam_geom_mass_rule_ends(nsb_beam_geom* g, nsb_beam_mass_rule* rule);

/// State of mass point k of the rule: the end state or the collocation
/// point's (borrowed arrays of the element's end[2] and cp[N] states).
static inline const nsb_beam_point* nsb_beam_mass_point(const nsb_beam_geom* g, const nsb_beam_point* end,
                                                       const nsb_beam_point* cp, int k) {
  int src = g->mp->src[k];
  return src >= 0 ? &cp[src] : &end[-1 - src];
}

/// Lagrange basis I_p(x) and its integral J_p(x) = int_0^x I_p at any
/// x in [0, L] (p = 0..N-1) into Ix[N], Jx[N], for output and tests.
/// Either output may be NULL.
void nsb_beam_geom_shape(const nsb_beam_geom* g, double x, double* Ix, double* Jx);

/// Inputs of one evaluation.
typedef struct nsb_beam_eval_in {
  const nsb_beam_geom* g;
  const nsb_beam_section* sec;
  const nsb_beam_point* old_qp; /* n_qp states at t_n */
  const nsb_beam_point* old_cp; /* N states at t_n at the collocation points */
  const nsb_beam_point* old_end; /* 2 states at t_n at x = 0 and x = L (the nodes'; E, K unused) */
  const double* u;              /* local unknowns (layout in the header) */
  double h, beta, gamma;        /* plain modified scheme: Cesarek's beta, gamma; gen_alpha: Newmark's */
  /* generalized-alpha form of the modified scheme (docs/theory.md §3.5):
     vbar = v_n + h ((1/2 - beta) p_n + beta p), v = v_n + h ((1 - gamma) p_n + gamma p),
     (1 - alpha_f) a + alpha_f a_n = (1 - alpha_m) p + alpha_m p_n at every point,
     p_n from the old states' p, pw; 0: plain (the new states' p, pw = a, alpha) */
  int gen_alpha;
  double alpha_m, alpha_f;
  int inertia;                  /* 0: static (no inertia terms) */
  double n_load[3], m_load[3];  /* distributed dead force and moment per length (global), constant along the element */
  int galerkin;                 /* 0: collocation (the equations above); 1: Galerkin weighting (below) */
  /* gravity acceleration (global) on the translational masses when the
     element has a mass rule (g->massless_end >= 0; either weighting): n_load
     then holds the *DLOAD forces alone.  Unused (n_load holds rhoA g) otherwise. */
  double grav[3];
  /* the energy-consistent internal forces of the plain scheme (Galerkin
     weighting, docs/theory_beam.md §11.2; Simo, Tarnow & Doblaré 1995):
     emc = 1 replaces the constitutive triple (R N_G, M_G, N_G x E + M_G x K)
     at each point x_k by 2 S_bar - S_n - d_n,
     S_n the point's triple at t_n, d_n its stored difference emc_d[9k..9k+8]
     (A global, M and c material; NULL: zero).  0: the constitutive triple. */
  int emc;
  const double* emc_d;
} nsb_beam_eval_in;

/// Evaluate the element: fills the new states (cur_qp[n_qp], cur_cp[N],
/// cur_end[2] from the node unknowns),
/// the local residual f[n_local] and, if K != NULL, the local tangent
/// K[n_local * n_local] (column-major, K[i + n*j] = d f_i / d u_j).
/// Allocation free.  Returns 0.
int nsb_beam_velocity_eval(const nsb_beam_eval_in* in, nsb_beam_point* cur_qp, nsb_beam_point* cur_cp,
                           nsb_beam_point* cur_end, double* f, double* K);

/// The residual f[n_local] alone, bit for bit as nsb_beam_velocity_eval
/// leaves it without K, and no point state: the scratch of one point takes
/// them, and what the residual does not read is not formed (the integration
/// points' positions and rotations without a distributed moment; end 1,
/// whose in->old_end[1] is not read; of end 0 the rotation: of
/// in->old_end[0] only q is read).
/// For modified Newton's iterations, whose point states the caller discards
/// (elements/beam.c: an acceptance sets them by the points pass).  Galerkin
/// weighting without a mass rule only: returns -1 otherwise, else 0.
/// Allocation free.
int nsb_beam_velocity_residual(const nsb_beam_eval_in* in, double* f);

/// The new point states alone (cur_qp[n_qp], cur_cp[N], cur_end[2]), bit for
/// bit as nsb_beam_velocity_eval leaves them for the same inputs (either
/// weighting), without the residual: the state of an iterate that Newton's
/// iteration accepts without evaluating it (solver/newton.c).  Reads g,
/// old_qp, old_cp, old_end, u, h, beta, gamma, gen_alpha, alpha_m, alpha_f
/// and inertia of in.  Allocation free.
void nsb_beam_velocity_points(const nsb_beam_eval_in* in, nsb_beam_point* cur_qp, nsb_beam_point* cur_cp,
                              nsb_beam_point* cur_end);

/// The stored differences d of the energy-consistent form after a committed
/// increment (docs/theory_beam.md §11.2): at each collocation point k,
///   d_n+1 = 2 S_bar - S_n - d_n - S_n+1,
///   A_bar = (R_n + R)(N_n + N)/4,  M_hat = (T + T^T)(M_n + M)/4,
///   c_hat = (N_n + N) x (T^T E_n + T E)/4 + (M_n + M) x (T^T K_n + T K)/4,
/// N = C_N (E - E0), M = C_M (K - K0) of each time, T = T(theta),
/// theta the rotation vector of R_n^T R_n+1, from the states at t_n
/// (old_cp) and t_n+1 (cur_cp); d[9N] holds d_n on entry, d_n+1 on return.
void nsb_beam_velocity_emc_commit(const nsb_beam_geom* g, const nsb_beam_section* sec, const nsb_beam_point* old_cp,
                                  const nsb_beam_point* cur_cp, double* d);

/// Number of local unknowns for N points.
static inline int nsb_beam_velocity_nlocal(int N) { return 12 + 6 * N + 6; }

/// J alpha + omega x J omega, J = diag(Jd) (the acceleration solve's rotary
/// inertia, elements/beam.c accel_system_galerkin): the products with the
/// diagonal alone when alpha and omega are finite.  Each skipped term
/// 0 * v_j is then a zero, which can change only the sign of a zero
/// component of J v and, through the cross product, of a zero component of
/// the result; the caller adds the result only into sums that start at +0,
/// and a sum of rounded additions that starts at +0 is never -0, so a zero
/// of either sign leaves it the same bits.  With an infinite or NaN
/// component 0 * inf is NaN: the full products then (tests/test_beam.c
/// accel_gyro_same_sums).
static inline nsb_vec3 nsb_beam_accel_gyro(nsb_vec3 Jd, nsb_vec3 al, nsb_vec3 om) {
  const double fin = (al.x - al.x) + (al.y - al.y) + (al.z - al.z) + (om.x - om.x) + (om.y - om.y) + (om.z - om.z);
  if (fin != 0.0) {
    const nsb_mat3 J = nsb_m3_diag(Jd.x, Jd.y, Jd.z);
    return nsb_v3_add(nsb_m3_mulv(J, al), nsb_v3_cross(om, nsb_m3_mulv(J, om)));
  }
  const nsb_vec3 Jom = nsb_v3(Jd.x * om.x, Jd.y * om.y, Jd.z * om.z);
  return nsb_v3_add(nsb_v3(Jd.x * al.x, Jd.y * al.y, Jd.z * al.z), nsb_v3_cross(om, Jom));
}

/// Constitutive stress resultants of the current state at the collocation
/// points (global R N_G and R M_G, N_G = C_N (E - E0), M_G = C_M (K - K0) of
/// the points' kinematic strains).  With collocation weighting they equal the
/// equilibrium resultants there once the element's rows hold; for output
/// along the element use nsb_beam_velocity_resultants_at.
void nsb_beam_velocity_resultants(const nsb_beam_eval_in* in, const nsb_beam_point* cur_cp, double* Ng, double* Mg);

/// Kinetic energy int (rhoA v.v + omega.J omega)/2 by the element's
/// quadrature of pts_qp[n_qp] (with a mass rule, the translational part by
/// its point masses, states pts_end[2] and pts_cp; pts_end may be NULL
/// without one), and strain energy
/// int (gamma.C_N gamma + kappa.C_M kappa)/2 by the N-point Gauss rule on the
/// collocation points pts_cp[N] (where the constitutive equations hold; the
/// integration points keep their initial E0, K0: no equation holds there).  States borrowed; either
/// output may be NULL.
void nsb_beam_velocity_energy(const nsb_beam_geom* g, const nsb_beam_section* sec, const nsb_beam_point* pts_qp,
                              const nsb_beam_point* pts_cp, const nsb_beam_point* pts_end, double* kinetic,
                              double* strain);

/* ---- Equilibrium resultants along the element (output) ---------------------
 *
 * Both elements (and both weightings) carry the resultants at x = 0 as
 * unknowns (N^0, M^0, global) and define the section resultants everywhere
 * by the integrated equilibrium of the segment [0, x] (as the element
 * equations above: Zupan & Saje 2003, Cesarek et al. 2013), split like the strain
 * element's parts (f: end loads and applied loads, m: inertia), moments
 * about c = r(0):
 *   N_f(x) = N^0 + F_e,   F_e = -int_0^x n,        N_m(x) = F_m,  F_m = int_0^x rhoA a,
 *   M_f(x) = M^0 - rho(x) x N^0 - int_0^x m - rho(x) x F_e + int_0^x rho x (-n),
 *   M_m(x) = int_0^x R (J alpha + omega x J omega) - rho(x) x F_m + int_0^x rho x rhoA a,
 *   rho = r - r(0),  N_g = N_f + N_m,  M_g = M_f + M_m.
 * The integrals are the element's own quadrature of [0, x]: the Gauss rules
 * of the whole sub-intervals below x, and on the sub-interval [a, b] that
 * holds x the interpolatory rule on its n_gauss integration points,
 * weights int_a^x l_i (l_i the Lagrange basis on those points).  At a
 * collocation point and at L these are exactly the sums of the element's
 * equations; inside a sub-interval the rule is exact for integrands that are
 * polynomials of degree < n_gauss there (rhoA a - n of the velocity element;
 * rho x n of a straight element in statics).  The integrands are the states
 * of the integration points as the last evaluation left them: the rates of
 * the points cannot be evaluated elsewhere (both elements keep their rate
 * history only at the points).
 * Section frame R(x) and position r(x) (rho(x) above): see
 * nsb_beam_velocity_resultants_at and nsb_beam_strain_resultants_at.
 * Section components N_s = R^T N_g, M_s = R^T M_g, and the strains the
 * constitutive law gives for them, gamma = C_N^-1 N_s, kappa = C_M^-1 M_s.
 */

/// The current state of an element as its last evaluation left it: the
/// input of the resultant functions (all pointers borrowed for the call).
typedef struct nsb_beam_field {
  const nsb_beam_geom* g;
  const nsb_beam_section* sec;  /* rhoA, rhoJ of the inertia terms; stiffnesses for the strains */
  const nsb_beam_point* qp;     /* n_qp states at the integration points */
  const nsb_beam_point* cp;     /* N states at the collocation points */
  const nsb_beam_point* end;    /* 2 states at x = 0 and x = L (end frames) */
  const double* u;              /* local unknowns of that evaluation: N^0 at u + 12 + 6N, M^0 at u + 15 + 6N */
  double n_load[3], m_load[3];  /* distributed loads of that evaluation (global, per length, gravity included) */
  int inertia;                  /* 1: include rhoA a and R (J alpha + omega x J omega) of the states */
  int galerkin;                 /* velocity element with Galerkin weighting: moments in the material form
                                   (nsb_beam_velocity_resultants_at); ignored by the strain element */
  /* with sec->beta: the strain rates (E - E_n)/h, (K - K_n)/h of that
     evaluation at the collocation points (6 per point), for the damping
     stress in the Galerkin moment defect; NULL: none (no damping, or a
     static evaluation) */
  const double* rate;
  /* Galerkin under the plain scheme with the energy-consistent internal
     forces (nsb_beam_eval_in.emc): the stored differences after the commit
     (nsb_beam_velocity_emc_commit, 9 a collocation point), the triple the
     rows used less the constitutive one of the states, whose c part the
     moment defect adds; NULL: none */
  const double* emc_d;
} nsb_beam_field;

/// Equilibrium resultants at one section x, with the section's position and frame.
typedef struct nsb_beam_resultant {
  double r[3], q[4];            /* axis position r(x) and section frame R(x) (quaternion) */
  double Nf[3], Mf[3];          /* part of N^0, M^0 and the applied loads (global) */
  double Nm[3], Mm[3];          /* inertial part (global) */
  double N[3], M[3];            /* N_g = N_f + N_m, M_g = M_f + M_m (global) */
  double Ns[3], Ms[3];          /* R^T N_g (axial, shear 2, shear 3), R^T M_g (torsion, bending 2, bending 3) */
  double strain[6];             /* gamma = C_N^-1 Ns, kappa = C_M^-1 Ms (the constitutive strains of N_g, M_g) */
} nsb_beam_resultant;

/// The integrated equilibrium above at n sections x[i] in [0, L] (any
/// order; clamped to [0, L]), given their positions and frames in out[i].r,
/// out[i].q; fills the other fields of out[i].  The element-specific
/// functions below supply r and q.  O(n_qp + n n_gauss^2), no allocation.
void nsb_beam_equilibrium_at(const nsb_beam_field* f, int n, const double* x, nsb_beam_resultant* out);

/// Velocity element: equilibrium resultants at n sections x[i] (any order).
/// Collocation weighting: nsb_beam_equilibrium_at, which reproduces the
/// element's rows at the collocation points and at L.  Galerkin weighting
/// (f->galerkin): the forces likewise (N_g(L) is the node-1 row N^0 + Fv
/// exactly), but the moment rows of the Galerkin element are not the
/// spatial moment balance of the element (its test space, material
/// angular velocities, lacks the rigid rotations of a bent element; in
/// dynamics this is its angular-momentum error, docs/theory_beam.md §7, §8):
/// the node-1 moment R(L) M_L, M_L = R(0)^T M^0 + Gm, differs from the
/// spatial M_g(L) by a defect D.  The output spreads D uniformly,
///   M(x) = M_g(x) + (x/L) D,
/// i.e. the equilibrium of the element's loads plus a distributed couple
/// -D/L: it equals the element's own end moments at both ends (so adjacent
/// elements balance at their nodes) and is exact wherever the element is
/// (D = 0: planar bending, straight elements under distributed loads).
/// D falls spectrally with N (3-D tip-loaded cantilever: 9e-3, 4e-5, 1e-6,
/// 2e-8, 2e-10 of |F| L for N = 1..5).  Parts: D splits into its inertial
/// part (R(L) int (J alpha + omega x J omega) against M_m(L)) and the rest.
/// Position and frame at x: the velocity element keeps no configuration
/// field between its points, so they are interpolated on the sub-interval
/// [a, b] that holds x through its end states (collocation points, or the
/// element ends) and its integration points (Lagrange, n_gauss + 2 points):
/// the displacement r - r0 (r0 the initial helicoidal axis), and the
/// rotation vectors log(R_a^T R_i) relative to the frame at a.  The
/// displacement is exact: r - r0 is a sum of increments h vbar(x), each a
/// polynomial of degree N (header), and at the points r(x) is what the
/// element's equations use (at L the node position, the field's end once the
/// closure rows hold).  The frame is exact at the points and interpolated in
/// between (it enters only the section components).
void nsb_beam_velocity_resultants_at(const nsb_beam_field* f, int n, const double* x, nsb_beam_resultant* out);

/// Initial axis and frame at x in [0, L] (the helicoidal geometry of
/// nsb_beam_geom_init): r0[3], q0[4]; either may be NULL.
void nsb_beam_geom_initial(const nsb_beam_geom* g, double x, double* r0, double* q0);

/// Velocity and angular velocity (material components of the frame at x)
/// at x, interpolated like the displacement above (exact for the velocity
/// element, whose v and material omega are polynomials of degree <= N in x
/// for polynomial initial data).  Outputs 3 each.
void nsb_beam_field_rates(const nsb_beam_field* f, double x, double* v, double* w);

#endif

/* beam_strain.h -- the strain-based geometrically exact beam element
 * (interpolation of strains of Zupan & Saje 2003; Češarek et al. 2013, §6.1.1, §6.3.1, §6.4.1,
 * §6.5) with Newmark on SO(3) in time: a pure kernel.
 * Derivation and linearization: docs/theory_beam_strain.md.
 *
 * Primary unknowns of one element at t_{n+1} (local vector u, layout below):
 *   node 0:  r^0 (3, global), Theta^0 (3, material rotation vector of node 0)
 *   node 1:  r^L (3),          Theta^L (3)
 *   internal: gamma^p (3), kappa^p (3), p = 1..N: the material strain
 *             changes E - E0 and K - K0 at the interpolation/collocation
 *             points x_p, then N^0 (3, global) and M^0 (3, global): the
 *             equilibrium force and moment resultants at x = 0.
 * Local layout: u = [r^0, Theta^0, r^L, Theta^L, gamma^1, kappa^1, ...,
 *                    gamma^N, kappa^N, N^0, M^0],  n_local = 12 + 6N + 6,
 * the same as the velocity element's (elements/beam_velocity.h), so the
 * caller's condensation of the internal block is shared.
 * Node frames: R^0 = R(q^0) exp(S(Theta^0)), R^L = R(q^L) exp(S(Theta^L)),
 * q^0, q^L the node quaternions of the current iterate (input q_end).  A
 * Newton driver keeps Theta = 0 in u and updates q <- q exp(dTheta): the
 * tangent columns of the rotation slots are then derivatives with respect to
 * the material spins of the end frames (R <- R exp(S(dTheta)), nsbeam's
 * Newmark on SO(3), docs/theory.md §3.1).  For Theta != 0 the columns are the
 * exact derivatives with respect to the slots (material spin times
 * T(Theta)^T), so the whole tangent is d f / d u for every u.
 *
 * Interpolation: gamma(x) = sum_p I_p(x) gamma^p, kappa(x) likewise (I_p the
 * Lagrange polynomials on the points x_p of nsb_beam_geom: N = 1 the
 * midpoint, N >= 2 the Gauss points of [0, L]); E = E0 + gamma,
 * K = K0 + kappa, E0 and K0 the (constant, helicoidal) initial stretch and
 * curvature of nsb_beam_geom_init.
 * Configuration from node 0: the frame H = (R, r) solves
 *   R' = R S(K),  r' = R E     (H' = H xi^, xi = (E, K) in se(3)),
 * integrated with the 4th-order Magnus method on SE(3) (2 Gauss points per
 * step; order 2 = midpoint rule selectable for studies) over "stations":
 * x = 0, the integration points of each sub-interval, the collocation points
 * and L, in increasing order:
 *   H_{i+1} = H_i exp(Omega_i),   R_{i+1} = R_i exp(S(phi)),  r_{i+1} = r_i + R_i T(phi) rho,
 *   (rho, phi) = Omega_i = D/2 (xi_1 + xi_2) + sqrt(3) D^2/12 [xi_1, xi_2],
 *   [xi_1, xi_2] = (K_1 x E_2 - K_2 x E_1, K_1 x K_2),  D = x_{i+1} - x_i.
 * Exact for constant strains (arcs, helices) whatever N; see the theory note
 * for the convergence study that selects order 4.
 * Time integration at every station (Newmark on SO(3), Simo & Vu-Quoc;
 * gamma_N the Newmark parameter):
 *   u = r - r_n,  a = (u - h v_n - h^2 (1/2 - beta) a_n)/(beta h^2),
 *   v = gamma_N/(beta h) u + (1 - gamma_N/beta) v_n + h (1 - gamma_N/(2 beta)) a_n,
 *   theta = log(R_n^T R) (|theta| <= pi),  omega, alpha from theta likewise.
 * Equilibrium (integrated, by parts as the velocity element), split into an
 * internal + external part "f" and an inertial part "m" (Češarek et al. 2013, (6.31)-(6.38)):
 *   N_f(x) = N^0 - int_0^x n,   N_m(x) = int_0^x rhoA a,
 *   M_f(x) = M^0 - (r(x) - r(0)) x N^0 - int_0^x m - r(x) x N_e(x) - int_0^x r x n,
 *   M_m(x) = int_0^x [R (J alpha + omega x J omega) + r x rhoA a] - r(x) x N_m(x),
 * and generalized-alpha averaging (Češarek et al. 2013, §6.5, Chung-Hulbert parameters; the
 * constitutive term stays at t_{n+1}):
 *   N_g = (1 - alpha_f) N_f + alpha_f N_f^n + (1 - alpha_m) N_m + alpha_m N_m^n,  M_g likewise.
 * alpha_m = alpha_f = 0 is plain Newmark (old_res may then be NULL).
 * Residual (local rows, same layout as u):
 *   node 0 rows:  -N_g(0),  -R^0^T M_g(0)             (N_g(0) from N^0, M_g(0) from M^0)
 *   node 1 rows:  +N_g(L),  +R^L^T M_g(L)
 *   internal rows: for p = 1..N:  R(x_p) C_N gamma^p - N_g(x_p)   (3)
 *                                 R(x_p) C_M kappa^p - M_g(x_p)   (3)
 *                  closure:       r^L - r(L) (3),  log(R(L)^T R^L) (3, material)
 * R(x_p), r(x), R(L) are the integrated (station) values; r(L) in M_g(L) is
 * the integrated one, not r^L (both agree once the closure holds).  Moments
 * are taken about r_n(0) (old position of node 0), which changes nothing
 * (the split parts are independent of the reference point, also after
 * quadrature) but avoids cancellation far from the origin.
 * Static mode (inertia = 0): the m parts vanish, rates are set to zero,
 * h, beta, gamma_N unused.
 * Rayleigh damping of the section (sec->alpha, sec->beta; dynamic only,
 * docs/theory_beam_strain.md §9): C_N gamma^p becomes
 * C_N (gamma^p + beta (gamma^p - gamma^p_n)/h) (gamma^p_n = E - E0 of
 * old_cp), C_M kappa^p likewise, and rhoA a, J alpha + omega x J omega take
 * alpha rhoA v, alpha J omega (in the inertial part m).
 * Translational mass rule (g->base.massless_end >= 0, nsb_beam_geom_mass_rule;
 * docs/theory_beam_strain.md §10): the integration points carry no rhoA (their
 * rotary inertia and loads stay); point masses m_k = rhoA w_k at x = 0, at
 * collocation points or at L, at those stations' states, add m_k (a + alpha v)
 * to the inertial part and -m_k grav to the external part of every section
 * after them (at L: to the node-1 rows).  With masses at x = 0 and x_2..x_N
 * the end at L is massless: a shear/stretch variation that holds those
 * stations and every frame moves it alone.
 *
 * Galerkin weighting (in.galerkin = 1, deck WEIGHTING=GALERKIN;
 * docs/theory_beam_strain.md §7).  Same unknowns, layout, node rows and
 * closure rows; the interior rows are the virtual work of the strain test
 * functions instead of collocation, the test functions being the exact
 * variations of the discrete configuration map (Bubnov-Galerkin):
 *   interior rows p:  C_N gamma^p - (1/W_p) sum_i A_p^T T_i^T nu_i                       (3, material)
 *                     C_M kappa^p - (1/W_p) sum_i [A_p^T (D_i^T nu_i + T_i mu_i) + B_p^T T_i^T nu_i]
 * sum over the Magnus steps i (station i -> i + 1), T_i = T(phi_i),
 * D_i = d(T(phi) rho)/d phi at step i, A_p, B_p as in beam_strain.c,
 * nu_i = R_i^T N_g(x_{i+1}^-), mu_i = R_{i+1}^T M_g(x_{i+1}^-) (resultants
 * with the loads of the stations <= i, moment about r_{i+1}), W_p = J_p(L)
 * the weights of the integrator's rule (g->Wm; the Gauss weights for
 * N <= 4, Magnus order 4).  This is the exact discrete virtual work, so the
 * semi-discrete element conserves energy.  Needs alpha_m = alpha_f = 0
 * (the resultants are not stored at every station); kin_alpha_* are free.
 */
#ifndef NSB_BEAM_STRAIN_H
#define NSB_BEAM_STRAIN_H

#include "elements/beam_velocity.h"

/* stations: x = 0, then per sub-interval its integration points and its end */
#define NSB_BEAM_STRAIN_MAX_ST (1 + (NSB_BEAM_MAX_POINTS + 1) * (NSB_BEAM_MAX_GAUSS + 1))
#define NSB_BEAM_STRAIN_MAX_LOCAL (12 + 6 * NSB_BEAM_MAX_POINTS + 6)

/// Geometry, quadrature and integrator tables of one element, fixed at setup.
/// Like nsb_beam_geom, the tables are sized to the element and live in
/// storage given to nsb_beam_strain_geom_init (nsb_beam_strain_geom_doubles
/// of them: the base geometry's tables, then these).
typedef struct nsb_beam_strain_geom {
  nsb_beam_geom base;      /* points x_p, integration points and weights, L, E0, K0 (velocity element's) */
  int magnus_order;        /* 4 (default) or 2 */
  int n_st;                /* 1 + (N + 1)(n_gauss + 1) stations */
  /* I_p at the Magnus points of the step from station i to i + 1 (order 2:
     [i][0] only): [n_st][2][N], row (2 i + j) of N values (nsb_beam_strain_Im) */
  double* Im;
  /* Galerkin weights W_p = int_0^L I_p by the integrator's own rule (the
     Magnus points of every step: sum_i D_i/2 (I_p(c_1) + I_p(c_2)), order 2:
     sum_i D_i I_p(c_1)); equal to the Gauss weights J_p(L) while that rule is
     exact for degree N - 1 (order 4: N <= 4; docs/theory_beam_strain.md §7.2) */
  double* Wm;              /* [N] */
  double* xs;              /* [n_st] station coordinates, increasing, xs[0] = 0, xs[n_st-1] = L */
  /* The closure rows of the reference configuration, r^L - r(L) and
     log(R(L)^T R^L) at zero strains (nsb_beam_strain_set_reference; zero until
     set): round-off, subtracted from the closure rows of every evaluation
     so that the reference is an exact discrete equilibrium. */
  double gap[6];
} nsb_beam_strain_geom;

/// Doubles of the tables of a strain geometry (base tables included).
static inline size_t nsb_beam_strain_geom_doubles(int N, int n_gauss) {
  size_t n_st = 1 + (size_t)(N + 1) * (size_t)(n_gauss + 1);
  return nsb_beam_geom_doubles(N, n_gauss) + n_st + 2 * n_st * (size_t)N + (size_t)N;
}

/// The most any strain geometry needs, for fixed-size storage in tests and tools.
#define NSB_BEAM_STRAIN_GEOM_MAX_DOUBLES \
  (NSB_BEAM_GEOM_MAX_DOUBLES + NSB_BEAM_STRAIN_MAX_ST + 2 * NSB_BEAM_STRAIN_MAX_ST * NSB_BEAM_MAX_POINTS + NSB_BEAM_MAX_POINTS)

/// I_p (p = 0..N-1) at Magnus point j (0 or 1) of the step from station i.
static inline const double* nsb_beam_strain_Im(const nsb_beam_strain_geom* g, int i, int j) {
  return g->Im + (size_t)g->base.N * (size_t)(2 * i + j);
}

/// Split equilibrium resultants of one section at one time (global
/// components): f = internal + external part (weighted with alpha_f),
/// m = inertial part (weighted with alpha_m).  Kept for the previous step
/// by the caller (copy the kernel's cur_res at step acceptance).
typedef struct nsb_beam_strain_force {
  double Nf[3], Nm[3], Mf[3], Mm[3];
} nsb_beam_strain_force;

/// Initialize the geometry (nsb_beam_geom_init, same arguments and initial
/// helicoidal geometry) and the station tables in `tables`
/// (nsb_beam_strain_geom_doubles(N, n_gauss) doubles, borrowed: g points
/// into them); magnus_order is 2 or 4.  pts_qp[n_qp], pts_cp[N] receive the
/// initial states at rest (may be NULL).  Returns 0, or -1 for invalid input
/// (see nsb_beam_geom_init; bad order).
int nsb_beam_strain_geom_init(nsb_beam_strain_geom* g, double* tables, int N, int n_gauss, int magnus_order,
                              nsb_vec3 XA, nsb_quat qA, nsb_vec3 XB, nsb_quat qB, nsb_beam_point* pts_qp,
                              nsb_beam_point* pts_cp);

/// Inputs of one evaluation (all pointers borrowed for the call).
typedef struct nsb_beam_strain_in {
  const nsb_beam_strain_geom* g;
  const nsb_beam_section* sec;
  const nsb_beam_point* old_qp;  /* n_qp states at t_n at the integration points */
  const nsb_beam_point* old_cp;  /* N states at t_n at the collocation points */
  const nsb_beam_point* old_end; /* 2 node states at t_n (x = 0, x = L; E, K unused) */
  const nsb_beam_strain_force* old_res; /* N + 2 parts at t_n: [0..N-1] collocation points, [N] x = 0,
                                           [N+1] x = L; may be NULL when alpha_m = alpha_f = 0 */
  const double* q_end;           /* 8: node quaternions q^0, q^L of the current iterate */
  const double* u;               /* local unknowns (layout in the header) */
  double h, beta, gamma_n;       /* step and Newmark parameters */
  double alpha_m, alpha_f;       /* weights of the resultants (0, 0: equations at t_{n+1}) */
  double kin_alpha_m, kin_alpha_f; /* generalized-alpha (Arnold-Bruls) acceleration map of the points (0, 0: Newmark) */
  int inertia;                   /* 0: static (no inertia terms, rates zero) */
  double n_load[3], m_load[3];   /* distributed dead force and moment per length (global), constant */
  int galerkin;                  /* 0: collocation rows; 1: Galerkin rows (header, docs §7) */
  double grav[3];                /* gravity on the point masses of a translational mass rule (g->base.mp;
                                    n_load then holds no rhoA g); unread without a rule */
  /* Acceleration restart (docs/theory_beam_strain.md §11), or NULL: the
     configuration (u's positions and strains) and the station states of
     old_* frozen, each station's accelerations those of old_* plus the
     compatible change J_r acc, J_Theta acc (acc[n_local] in u's layout:
     node-0 and node-1 acceleration changes, the strain accelerations; its
     N^0, M^0 slots unread), N^0, M^0 from u; the closure rows become
     acc^L - J(L) acc.  Needs inertia, alpha_m = alpha_f = 0 and K = NULL
     (the residual is affine in acc, N^0, M^0); h, beta, gamma_n unread. */
  const double* acc;
  /* With acc: the strain rates of the committed increment at the
     collocation points, (gamma^p - gamma^p_n)/h and (kappa^p - kappa^p_n)/h
     (6 per point, 6N), whose beta stress C_N beta (gamma^p - gamma^p_n)/h,
     C_M likewise, the restart keeps beside the elastic one (the stress the
     increment's equations held; docs/theory_beam_strain.md §11), or NULL:
     the elastic stress alone.  Unread without acc. */
  const double* acc_rates;
} nsb_beam_strain_in;

/// Evaluate the element: fills the new states (cur_qp[n_qp], cur_cp[N],
/// cur_end[2]: node states, E and K copied from old_end), the unaveraged
/// resultant parts at t_{n+1} cur_res[N + 2] (may be NULL), the local
/// residual f[n_local] and, if K != NULL, the local tangent
/// K[n_local * n_local] (column-major, K[i + n*j] = d f_i / d u_j).
/// Allocation free.  Returns 0, or -1 for Galerkin weighting with
/// alpha_m or alpha_f != 0 (not supported; nothing is written then).
int nsb_beam_strain_eval(const nsb_beam_strain_in* in, nsb_beam_point* cur_qp, nsb_beam_point* cur_cp,
                         nsb_beam_point* cur_end, nsb_beam_strain_force* cur_res, double* f, double* K);

/// The discrete reference configuration: zero strains, Theta = 0, the end
/// placements r^0, r^L and the node quaternions q_end[8] exactly as an
/// evaluation reads them (nsb_beam_strain_in.q_end), integrated by the
/// kernel's own sweep.  Writes the positions and frames of the stations
/// into the point states pts_qp[n_qp], pts_cp[N] (either may be NULL; the
/// rest of the states untouched) and the closure rows of that configuration
/// into g->gap.  The geometry's closed form (nsb_beam_geom_init) and the
/// sweep differ by round-off, as do r(L), R(L) and r^L, R^L; an evaluation
/// at rest then saw stations that had moved by round-off within the
/// increment (an acceleration of 1e-16 m / (beta h^2)) and a closure that
/// does not hold, and a residual of round-off that no Newton iteration
/// removes (docs/theory_beam_strain.md §13).  With the states and the gap
/// set, the evaluation at the reference configuration is exactly zero in
/// every row; every other state moves by round-off only.
void nsb_beam_strain_set_reference(nsb_beam_strain_geom* g, nsb_vec3 r0, nsb_vec3 rL, const double* q_end,
                                   nsb_beam_point* pts_qp, nsb_beam_point* pts_cp);

/// Number of local unknowns for N points.
static inline int nsb_beam_strain_nlocal(int N) { return 12 + 6 * N + 6; }

/// Frames along the element for a node-0 placement (r0, q0) and strain
/// unknowns strains[6N] = [gamma^1, kappa^1, ..., gamma^N, kappa^N]: the
/// integrator of the kernel, for output and tests.  Writes r_st[3 n_st] and
/// q_st[4 n_st] at the stations g->xs.
void nsb_beam_strain_frames(const nsb_beam_strain_geom* g, nsb_vec3 r0, nsb_quat q0, const double* strains,
                            double* r_st, double* q_st);

/// Equilibrium resultants at n sections x[i] in [0, L] (any order) of the
/// current state f (nsb_beam_field, beam_velocity.h; f->g = &g->base): the
/// integrated equilibrium of nsb_beam_equilibrium_at, whose parts at the
/// stored sections (x = 0, the collocation points, L) are the kernel's
/// cur_res.  Position and frame at x: the element's own configuration map,
/// one Magnus step (g->magnus_order) from the station before x with the
/// strain field of the collocation states (f->cp: E - E0, K - K0, which are
/// the strain unknowns), so r(x), R(x) at the stations and at L are exactly
/// the kernel's.  These are the resultants at t_{n+1} (alpha_m = alpha_f =
/// 0, what the wrapper uses); with resultant averaging blend the parts with
/// nsb_beam_strain_average.  No allocation.
void nsb_beam_strain_resultants_at(const nsb_beam_strain_geom* g, const nsb_beam_field* f, int n, const double* x,
                                   nsb_beam_resultant* out);

/// Generalized-alpha resultants of one section from its parts at t_{n+1}
/// (cur) and at t_n (old, may be NULL: taken as cur):
///   N_g = (1 - alpha_f) N_f + alpha_f N_f^n + (1 - alpha_m) N_m + alpha_m N_m^n,  M_g likewise
/// (header above).  Outputs 3 each.
void nsb_beam_strain_average(const nsb_beam_resultant* cur, const nsb_beam_strain_force* old, double alpha_m,
                             double alpha_f, double* Ng, double* Mg);

#endif

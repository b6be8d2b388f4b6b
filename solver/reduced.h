/* reduced.h -- linear dynamics in modal coordinates with unilateral contacts
 * (*MODAL DYNAMIC; docs/theory.md §7, Waltersberger 2007 §4).
 *
 * The structure linearized about a state (K, M, mass-normalized modes phi_j,
 * omega_j^2 = lambda_j) is reduced to m modal coordinates y:
 *   y'' + D y' + Lambda y = phi^T F(t) + W^T lambda,   D = diag(alpha + beta lambda_j).
 * Contacts: slave nodes (particles, beam nodes) against obstacles; the gap of
 * slave c at x = x0_c + B_c y (B_c: the node's translation rows of phi) is
 * g_c(x, t), its normal n_c, W_c = n_c^T B_c.
 * Beam-beam contacts (a master element set of beams, MODAL reduction only):
 * each slave node is paired once, at creation, with the closest point of the
 * master centre lines (chords) in the linearization state, on element (a, b)
 * at the parameter xi; that material point moves as xm = xm0 + Bm y,
 * Bm = (1 - xi) B_a + xi B_b (the linear model keeps the pairing: small
 * displacements, no sliding along the master).  Gap g = |x - xm| - r_s - r_m,
 * normal n = (x - xm) / |x - xm|, W_c = n^T (B_c - Bm), no master motion.
 *
 * Time stepping (trapezoidal smooth part, Moreau-type impulses; the smooth
 * part alone conserves the energy of the undamped linear system):
 *   S v+ = (I - h/2 D - h^2/4 Lambda) v - h Lambda y + h f(t + h/2) + W^T P,
 *   y+ = y + h/2 (v + v+),   S = I + h/2 D + h^2/4 Lambda (diagonal).
 *  - MODAL reduction: contacts closed at the midpoint (g(y + h/2 v) <= 0)
 *    obey Newton's law  0 <= W v+ - w + e min(W v - w, 0)  _|_  P >= 0
 *    (w: the obstacle's normal speed, e the pair's restitution);
 *    a compliant pair (LAW=HERTZ, frictionless) instead takes the impulse
 *    P = h F(alpha, alpha') of its force law at the end of the step, with the
 *    normal velocity u+ = W v+ - w and the linearized end gap
 *    g+ = g(y + h/2 v) + h/2 u+ (alpha = -g+, alpha' = -u+): backward Euler
 *    for the contact force on the trapezoidal smooth part, implicit in P
 *    through u+ = q + G P, so a stiff law's damper does not ring; it acts
 *    whenever the free end gap is negative (no midpoint test);
 *  - QUASI-STATIC reduction: the truncated modes respond statically to the
 *    contact forces lambda = P / h with the residual flexibility
 *    C = N^T (K^-1 - phi Lambda^-1 phi^T) N at the contacts (N: normals), and
 *    every candidate obeys the position-level law (Waltersberger 2007, eqs. 5.66-5.70)
 *      0 <= g_c(end of step) + (h^2/2 W S^-1 W^T + C) lambda  _|_  lambda >= 0
 *    (no restitution: plastic).
 * The linear complementarity problems are solved by projected Gauss-Seidel
 * (nsb_prox_gauss_seidel, contact/prox.h) on the (small, dense) Delassus
 * matrix; more contacts than modes are fine.
 * Co-rotating model (nsb_reduced_set_spin, *MODAL DYNAMIC with SPIN;
 * docs/theory.md §7.5, Waltersberger 2007 eq. 5.114): in a frame turning at
 * a constant rate Omega the modal equations gain full matrices,
 *   y'' + (D + c I + Omega G1) y' + (Lambda - Omega^2 Kc1 + c Omega P1) y = f,
 * G1 skew (Coriolis and gyroscopic), Kc1 symmetric (centrifugal softening),
 * P1 the external damping's circulatory part; the smooth step is then the same
 * trapezoidal rule with the dense S = I + h/2 D_s + h^2/4 K_s (LU, factored
 * once per increment length), and the Delassus matrix W S^-1 W^T is
 * unsymmetric (projected Gauss-Seidel takes it as it is).
 * Allocation: create and set_spin only; step allocates nothing.
 */
#ifndef NSB_REDUCED_H
#define NSB_REDUCED_H

#include "base/ctx.h"
#include "model/model.h"

typedef struct nsb_reduced {
  nsb_ctx* ctx;
  const nsb_model* model;
  int m, qs;           /* modes; 1: quasi-static reduction */
  double *lam, *d;     /* m: omega^2 and modal damping alpha + beta omega^2 */
  double *y, *v;       /* m: modal displacement and velocity */
  double *work;        /* m */
  /* contact candidates (pair, slave node, obstacle) */
  int nc;
  int *c_node, *c_obst, *c_pair;
  double *c_r, *c_e;   /* radius, restitution */
  double *c_x0;        /* 3 nc: slave position at the linearization state */
  double *c_B;         /* 3 m per contact: node translation per mode (row-major 3 x m) */
  double *c_n, *c_g;   /* 3 nc normals, nc gaps (last step) */
  int n_beam;          /* candidates with a beam master (they follow the obstacle ones) */
  double *c_rm;        /* beam masters: nc master radii (0 for obstacles) */
  int *c_mel;          /* beam masters: nc paired master elements (-1 for obstacles) */
  double *c_xm0, *c_Bm;/* beam masters: 3 nc master points, 3 m per contact master rows (row-major 3 x m) */
  double *c_P;         /* nc: impulses of the last step (force x h) */
  unsigned char* c_soft; /* nc: 1 for a compliant (LAW=HERTZ) candidate, 0 for a NEWTON one */
  double *c_E;         /* nc: compliant candidates' elastic energy at the end of the last step (0 for NEWTON) */
  double *c_D;         /* nc: energy each contact dissipated in the last step (output only) */
  double *W, *G, *q;   /* nc x m, nc x nc (column-major), nc */
  double* C;           /* QS: 3nc x 3nc truncated flexibility at the slaves (column-major), else NULL */
  double *c_w, *ytmp;  /* scratch: nc obstacle normal speeds, m modal displacements */
  unsigned char* mask; /* nc: contacts in the complementarity problem of the step */
  /* energy bookkeeping since the start of the step */
  double work_loads, dissipated_damping, dissipated_contact; /* contact: -sum P W v_mid - change of the QS energy */
  double e_qs;         /* energy stored in the contacts at the end of the last step: QS, 1/2 lambda^T C_nn
                          lambda (lambda = P / h); MODAL, the compliant contacts' elastic energies (sum of c_E) */
  long sweeps;         /* Gauss-Seidel sweeps, all steps */
  int active;          /* contacts that carried an impulse in the last step */
  /* co-rotating model (nsb_reduced_set_spin); spin = 0 otherwise and the arrays NULL */
  int spin;
  double *Dm, *Km;     /* m x m (column-major): D_s = diag(d) + c I + Omega G1, K_s = Lambda - Omega^2 Kc1 + c Omega P1 */
  double *S, *SW;      /* m x m LU of I + h/2 D_s + h^2/4 K_s; m x nc: S^-1 W^T */
  double* rhs;         /* m */
  int* ipiv;           /* m */
  double h_fact;       /* the increment S was factored for (0: none yet) */
} nsb_reduced;

/* The co-rotating model's modal matrices per unit rate (docs/theory.md §7.5),
   for mass-normalized modes Phi, a frame turning at Omega about the unit axis
   e through the origin (E = [e]x), A the operator E on every node's
   translations, b = E x the rigid spin's velocity per unit rate there (x:
   positions at the step start):
     G1  = Phi^T (M A - A^T M + R_g) Phi       skew (Coriolis + gyroscopic)
     Kc1 = Phi^T (A^T M A + R_k) Phi           symmetric: stiffness - Omega^2 Kc1
     P1  = Phi^T M A Phi                       external damping's stiffness c Omega P1
     fc1 = Phi^T A^T M b                       centrifugal load Omega^2 fc1
     fb1 = Phi^T M b                           external damping's load -c Omega fb1
     Pg  = Phi^T M T (m x 3, column-major)     load of a unit acceleration along x, y, z
   with the nodes' rotary inertia J (the elements' lumped 3 x 3 rotation
   block, held rows included, in the frame of the node's rotation DOFs, e_n =
   R0^T e, E_n = [e_n]x) on their rotation rows (docs/theory.md §7.5):
   R_g = J E_n + E_n J - [J e_n]x, R_k = E_n^T J E_n + ([J e_n]x E_n + E_n [J e_n]x)/2,
   and f_r = E_n^T J e_n in fc1.
   Arrays owned by the struct (nsb_spin_matrices_free). */
typedef struct nsb_spin_matrices {
  int m;
  double *G1, *Kc1, *P1; /* m x m, column-major */
  double *fc1, *fb1;     /* m */
  double* Pg;            /* m x 3, column-major */
} nsb_spin_matrices;

/// Allocate the arrays of an m-mode set (zeroed).  Errors: NSB_ERR_ALLOC.
int nsb_spin_matrices_alloc(nsb_ctx* ctx, int m, nsb_spin_matrices* sm);
/// Free them (accepts an empty struct).
void nsb_spin_matrices_free(nsb_ctx* ctx, nsb_spin_matrices* sm);

/// The damping and stiffness of the co-rotating model at rate omega, modal
/// Rayleigh damping d (m values), external damping c (column-major, m x m):
///   D = diag(d) + c I + omega G1,   K = diag(lam) - omega^2 Kc1 + c omega P1.
void nsb_spin_system(const nsb_spin_matrices* sm, const double* lam, const double* d, double c, double omega,
                     double* D, double* K);

/// Eigenvalues of the damped gyroscopic problem (lambda^2 I + lambda D + K) y = 0
/// (Waltersberger 2007, eq. 5.167) through the 2m x 2m state matrix
/// [[0, I], [-K, -D]] (LAPACKE_dgeev): wr, wi (2m each), sorted by
/// descending real part, then by ascending imaginary part.
/// work: 4 m^2 doubles.  Errors: NSB_ERR_LAPACK.
int nsb_spin_eigenvalues(nsb_ctx* ctx, int m, const double* D, const double* K, double* work, double* wr,
                         double* wi);

/// One row of a stability map: D, K of nsb_spin_system at rate omega, the
/// sign of det K (-1, 0 singular, +1; Waltersberger 2007, eq. 5.168:
/// gyroscopic stabilization needs det K > 0) and the eigenvalues as
/// nsb_spin_eigenvalues.  work: 6 m^2 + m doubles.  Errors: NSB_ERR_LAPACK.
int nsb_spin_stability(nsb_ctx* ctx, const nsb_spin_matrices* sm, const double* lam, const double* d, double c,
                       double omega, double* work, double* wr, double* wi, int* det_sign);

/// Steady responses of the co-rotating model at rate omega (D, K of
/// nsb_spin_system): the static one ys = K^-1 fs, and the complex amplitude
/// y = yr + i yi of the response Re[y e^{i omega t}] to the load
/// Re[(fr + i fi) e^{i omega t}] that turns with the rate (gravity in the
/// co-rotating frame; Waltersberger 2007, eq. 5.163):
///   (K - omega^2 I + i omega D) y = fr + i fi.
/// work: 6 m^2 + 4 m doubles.  Errors: NSB_ERR_SINGULAR (K, or the
/// dynamic matrix at a resonance of the undamped model), NSB_ERR_LAPACK.
int nsb_spin_forced(nsb_ctx* ctx, const nsb_spin_matrices* sm, const double* lam, const double* d, double c,
                    double omega, const double* fs, const double* fr, const double* fi, double* work, double* ys,
                    double* yr, double* yi);

/// Switch the reduced model r to the co-rotating equations at rate omega
/// with the matrices sm and external damping c (after create, before the
/// first step; MODAL reduction only).  Errors: NSB_ERR_ALLOC, NSB_ERR_ARG (QS).
int nsb_reduced_set_spin(nsb_reduced* r, const nsb_spin_matrices* sm, double omega, double c);

/// The steady state of the co-rotating model under the constant modal load
/// f (m values): K_s y = f, into r->y (velocities untouched).
/// Errors: NSB_ERR_SINGULAR (K_s singular: the rate is a critical speed),
/// NSB_ERR_ALLOC.
int nsb_reduced_spin_steady(nsb_reduced* r, const double* f);

/// Create: m modes with eigenvalues lam, Rayleigh damping alpha, beta, the
/// contact candidates of the model's *CONTACT PAIRs (obstacle masters; beam
/// masters paired node to closest chord point, MODAL reduction only: the
/// caller refuses them with qs),
/// their slave positions x0 (3 per model node) and the node translation
/// rows of the modes (node_rows(user, node, B) fills B, row-major 3 x m).
/// qs: quasi-static reduction (then nsb_reduced_set_flexibility must be
/// called before the first step).
int nsb_reduced_create(nsb_ctx* ctx, const nsb_model* model, int m, const double* lam, double alpha, double beta,
                       int qs, const double* x0, void (*node_rows)(void* user, int node, double* B), void* user,
                       nsb_reduced** out);
void nsb_reduced_destroy(nsb_reduced** r);

/// The pairing of a beam-master candidate: the closest point of the master
/// chords of pair cp (elements not containing the node) to slave node `node`
/// at the positions x0 (3 per model node): element *elem (-1: none), its
/// parameter *xi in [0, 1] and the distance *dist.
void nsb_reduced_beam_pairing(const nsb_model* model, const nsb_contact_pair* cp, int node, const double* x0,
                              int* elem, double* xi, double* dist);

/// Indices (model nodes) of the contact slaves, for the flexibility columns.
int nsb_reduced_n_contacts(const nsb_reduced* r);
int nsb_reduced_contact_node(const nsb_reduced* r, int c);
/// A contact candidate as contacts.csv shows it, at the current modal
/// displacement and time t: its pair, slave node and obstacle (indices; -1
/// for a beam master, whose paired element is `element`, else -1), the
/// gap, the normal impulse and the energy it dissipated in the last step
/// (minus the work of its impulse on the modes; QUASI-STATIC: also minus the
/// change of its share of the truncated modes' energy, so that the shares sum
/// to the history's contact dissipation), the contact point on the obstacle
/// and the normal.
typedef struct nsb_reduced_row {
  int pair, node, obstacle, element;
  double gap, impulse, dissipated;
  double point[3], n[3];
} nsb_reduced_row;
void nsb_reduced_contact_row(const nsb_reduced* r, int c, double t, nsb_reduced_row* out);

/// QS: the truncated flexibility blocks, C[(3a + i) + 3 nc (3b + j)] =
/// e_i^T (K^-1 - phi Lambda^-1 phi^T) e_j between the translations of slaves a, b.
void nsb_reduced_set_flexibility(nsb_reduced* r, const double* C);

/// Advance from t by h with the modal load f_mid (m values, at t + h/2).
/// Errors: NSB_ERR_NO_CONVERGENCE (Gauss-Seidel did not settle in 100000 sweeps).
int nsb_reduced_step(nsb_reduced* r, double t, double h, const double* f_mid);

/// Energies of the reduced motion: kinetic 1/2 |v|^2, elastic 1/2 sum lam y^2
/// (+ 1/2 lambda^T C lambda of the truncated modes, QS; co-rotating: 1/2 y^T
/// K_s y with the symmetric part of K_s, the relative motion's energies).
void nsb_reduced_energy(const nsb_reduced* r, double* kinetic, double* potential);

/// Checkpoint (*RESTART) of the reduced motion between steps: the modal
/// displacements and velocities, the contact candidates' linearization
/// positions, mode rows, last normals, gaps and impulses, the truncated
/// flexibility (QS) and the energy and sweep accumulators.
/// nsb_reduced_state_save writes nsb_reduced_state_bytes(r) bytes;
/// nsb_reduced_state_load reads them into a model created with the same
/// modes, contacts and reduction (NSB_ERR_ARG when they differ).
size_t nsb_reduced_state_bytes(const nsb_reduced* r);
void nsb_reduced_state_save(const nsb_reduced* r, void* buf);
int nsb_reduced_state_load(nsb_reduced* r, const void* buf, size_t bytes);

#endif

/* geometry.h -- contact geometry: gaps, normals, closest points and the gap's
 * derivatives for a slave node (particle, beam node or rigid body) against an
 * obstacle, another particle, or the centreline of a beam element
 * (docs/contact.md §5).  A framed slave (a rigid body, or a point of a
 * POINTS= set) carries its sphere on the node's frame: its gap and contact
 * point move with the node's rotation (docs/contact.md §8.1); against the
 * plane face of a rigid body (an obstacle with BODY=) the face moves with
 * that body's node (docs/contact.md §8.2).
 *
 * A contact's geometry is a pure function of what it touches (nsb_contact_shape,
 * fixed when the candidate is set up), the node states and the time:
 * nsb_contact_geometry fills an nsb_contact_geo with the gap g (positive when
 * open), the unit normal n from master to slave, the node weights w_j
 * (d g / d x_j = w_j n), the closest point and what the Hessian of the gap
 * needs.  Obstacles translate rigidly, p(t) = p_0 + a(t) d (amplitude at total
 * time), and planes/cylinders may spin about their own axis.
 *
 * Beam centrelines (the element geometry contact needs).  CENTRELINE=CHORD:
 * x_c(xi) = (1 - xi) x_A + xi x_B, xi clamped to [0, 1]; it depends on the
 * node positions only and misses a bent element's axis by at most
 * kappa L^2 / 8.  CENTRELINE=HERMITE: the cubic Hermite curve of the ELEMENT
 * POINT joint,
 *     c(xi) = h00 x_A + h01 x_B + h10 R_A b_A + h11 R_B b_B,
 * b_k = l R_k(0)^T T_k (initial chord l, unit initial end tangents T_k of
 * nsb_joint_element_point), which depends on the end nodes' positions and
 * rotations only, so the contact never reaches into an element's condensed
 * interior.  The beam's shape enters through nsb_centreline_end_tangents
 * (b_k, once per candidate) and nsb_centreline_sag_bound (broad phase).
 *
 * Also here: contact radii and masses of nodes and beam elements, and the
 * obstacle gap used by the modal dynamics (solver/reduced.c).
 *
 * Invariants / ownership: no allocation, no state; every pointer argument is
 * borrowed for the call.
 */
#ifndef NSB_CONTACT_GEOMETRY_H
#define NSB_CONTACT_GEOMETRY_H

#include "elements/element.h"

/// What one contact touches, fixed when its candidate is set up.
typedef struct nsb_contact_shape {
  int kind;       /* 0 obstacle, 1 particle-particle, 2 particle-beam centreline, 3 face of a rigid body
                     (an *OBSTACLE with BODY=; node 1 of the element is that body, docs/contact.md §8.2) */
  int master;     /* obstacle index (kinds 0, 3), particle node, or beam model element */
  int hermite;    /* kind 2 with CENTRELINE=HERMITE (docs/contact.md §5.1) */
  double b[2][3]; /* HERMITE: b_k = l R_k(0)^T T_k, end tangents of A, B in their node frames (times l) */
  double radius;  /* r_p + r_master */
  /* a framed slave (a rigid body, or a point of a POINTS= set; obstacle
     masters only, docs/contact.md §8.1): the sphere of radius `radius` sits
     at c = x + R s on the slave node's frame R, and the contact point
     c - radius n moves with the body's rotation */
  int framed;
  double s[3];    /* offset of the sphere centre from the node, body frame */
  double weight;  /* the point's weight w (POINTS=; the HERTZ force is w c alpha^p ...), 1 otherwise */
  /* a beam node whose sections are one rectangle, against a plane obstacle,
     without SLAVE RADIUS= (docs/contact.md §8.3): half sides ra along the
     section axes re (node frame); nsb_contact_rect_choose sets framed, s and
     radius from the node's rotation at the start of every increment */
  int rect;
  double ra[2];
  double re[2][3];
  /* a particle against a rectangular master beam (kind 2, docs/contact.md §8.4,
     nsb_contact_rect_master): half sides ra along the section axes, am[k]
     the axis G2 of end k in that node's frame; radius is the particle's */
  int rectm;
  double am[2][3];
  int mcap[2];    /* end k of the element is an end of the beam (its node on one beam element) */
} nsb_contact_shape;

/// The geometry of one contact at one state (nsb_contact_geometry).  Node j
/// of the contact element: 0 the slave, 1 and 2 the master's nodes.
typedef struct nsb_contact_geo {
  /* set for every contact (nsb_contact_geometry clears them first) */
  int nn;          /* nodes used: 1 obstacle, 2 particle pair, 3 chord */
  double w[3];     /* d g / d x_j = w_j n */
  nsb_vec3 n;      /* unit normal (from master to slave) */
  nsb_vec3 point;  /* closest point on the master surface's reference (centre/axis/plane) */
  nsb_vec3 vobs;   /* obstacle velocity (zero for particles and beams) */
  double g;        /* gap */
  nsb_mat3 Pd;     /* d n / d d: (I - n n^T)/|d| (cylinder: (P_a - n n^T)/|d|; plane: 0) */
  int interior;    /* chord with 0 < xi < 1: closest-point motion enters the Hessian */
  nsb_vec3 a[3];   /* d g_xi / d x_j for the interior chord */
  double gxx;      /* d^2 g / d xi^2 */
  int degenerate;  /* zero distance: normal undefined (the stored one is used) */
  int hermite;     /* CENTRELINE=HERMITE: the block xi .. ar below is set */
  int framed;      /* a framed slave (sh->framed): the block JS .. JA below is set */
  int body;        /* a face of a rigid body (kind 3): the block Rm .. JB below is set */
  int outside;     /* the contact point projects outside a bounded face (radius R): open */
  int rectm;       /* a rectangular master (sh->rectm): gr below is set; w holds the chord's weights */
  nsb_vec3 gr[5];  /* rectangular master: the gap gradient in (x_p, x_A, Theta_A, x_B, Theta_B) */
  nsb_vec3 xc;     /* the slave's sphere centre (x_p, or x + R s when framed; zero on the Hermite centreline) */
  /* Each block below is written only for the contacts its flag above names
     (a block the flag does not name is left as it was: read none of it) */
  /* CENTRELINE=HERMITE (docs/contact.md §5.1); a[] and gxx as above, for psi_xi */
  double xi, h[4]; /* closest point and the Hermite basis there */
  nsb_mat3 R[2];   /* node rotations of A, B */
  nsb_vec3 b[2];   /* b_k (node frame) */
  nsb_mat3 JR[2];  /* d(x_p - c)/dTheta_k = h1k R_k S(b_k) (h1k = h10, h11) */
  nsb_mat3 Q[2];   /* d(JR_k^T n)/dTheta_k at fixed n, xi: -h1k S(b_k) S(R_k^T n) */
  nsb_vec3 ar[2];  /* d psi_xi / dTheta_k */
  /* framed slave: sphere centre c = x + R s, contact point c - r n */
  nsb_mat3 JS;     /* d c / dTheta = -R S(s): the gap gradient in the rotation is JS^T n */
  nsb_mat3 QS;     /* d(JS^T n)/dTheta at fixed n: S(s) S(R^T n) */
  nsb_mat3 JA;     /* contact point velocity per body angular velocity: -S(arm) R, arm = R s - r n */
  /* face of a rigid body (kind 3, docs/contact.md §8.2): node 1 is the master body at x_m with rotation Rm;
     the face's normal n = Rm n_b and point d = x_m + Rm p_b (body frame n_b, p_b); the forces act at the
     slave's contact point q = c - r n on both bodies */
  nsb_mat3 Rm;     /* the master body's rotation */
  nsb_vec3 nb;     /* the face normal in the master's body frame */
  nsb_vec3 cm;     /* c - x_m: the sphere centre from the master's node */
  nsb_vec3 bm;     /* q - x_m: the contact point from the master's node */
  nsb_mat3 JN;     /* d n / dTheta_m = -Rm S(n_b) */
  nsb_mat3 JB;     /* the master's material point at q: velocity v_m + JB w_m, JB = -S(bm) Rm */
} nsb_contact_geo;

/* ---- one contact ---------------------------------------------------------- */

/// Geometry of contact element e (nodes: slave, then the master's) with shape
/// sh at the state st and time t: gap, normal, weights, closest point,
/// obstacle velocity and the Hessian's ingredients.  n_prev is the normal
/// used when the distance vanishes (G->degenerate).  Closest point on the
/// Hermite centreline: safeguarded Newton (docs/contact.md §5.1).
void nsb_contact_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev, const nsb_model* m,
                          const nsb_state* st, double t, nsb_contact_geo* G);
/// Hessian block H_ij of the gap with respect to the translations of nodes
/// i and j: w_i w_j P_d, minus a_i a_j^T / g_xixi for an interior chord point.
nsb_mat3 nsb_contact_gap_hessian(const nsb_contact_geo* G, int i, int j);
/// Velocity of the slave relative to the master's contact point of G:
/// sum_j w_j v_j - v_obs, plus sum_k JR_k w_k on the Hermite centreline (body
/// angular velocities w_k of the element's end nodes), plus JA w of a framed
/// slave, minus JB w_m of a master body's face (kind 3).
nsb_vec3 nsb_contact_geo_velocity(const nsb_elem* e, const nsb_contact_geo* G, const nsb_state* st);
/// Framed slave: the velocity JA w of the contact point from the slave
/// node's body angular velocity w (ja: the 3x3 block JA, column-major).
nsb_vec3 nsb_contact_framed_velocity(const nsb_elem* e, const double* ja, const nsb_state* st);
/// sum_j w[j] v_j - vobs over the element's nodes (translations only).
nsb_vec3 nsb_contact_rel_velocity(const nsb_elem* e, const double* w, const nsb_state* st, nsb_vec3 vobs);
/// Hermite centreline: sum_k JR_k w_k, the rotational part of the relative
/// velocity (jr: the two 3x3 blocks JR_A, JR_B, column-major, one after the
/// other; nodes without rotations are skipped).
nsb_vec3 nsb_contact_hermite_rot_velocity(const nsb_elem* e, const double* jr, const nsb_state* st);
/// Hermite centreline: the unit normal at an arbitrary point xp (the master
/// element's nodes at state st) and its derivatives Nq[5] in (xp, x_A,
/// Theta_A, x_B, Theta_B); returns the distance (0: n = n_prev, Nq zero).
double nsb_contact_hermite_normal(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 xp, const nsb_state* st,
                                  nsb_vec3 n_prev, nsb_vec3* n, nsb_mat3 Nq[5]);
/// The blocks JR_A, JR_B of G, column-major, into jr.
void nsb_contact_geo_jr(const nsb_contact_geo* G, double jr[2][9]);
/// Two unit tangents completing the unit normal n to a right-handed frame (t2 = n x t1).
void nsb_contact_tangents(nsb_vec3 n, nsb_vec3* t1, nsb_vec3* t2);

/* ---- obstacles ---------------------------------------------------------------- */

/// Translation a(t) d of obstacle o from its definition point at time t, and
/// its velocity into *vel (zero without amplitude).
nsb_vec3 nsb_obstacle_offset(const nsb_model* m, const nsb_obstacle* o, double t, nsb_vec3* vel);
/// Acceleration a''(t) d of obstacle o (zero without amplitude).
nsb_vec3 nsb_obstacle_acceleration(const nsb_model* m, const nsb_obstacle* o, double t);
/// Velocity of a spinning obstacle's surface point at arm r from its axis
/// point: spin dir x r.
nsb_vec3 nsb_obstacle_spin_velocity(const nsb_obstacle* o, nsb_vec3 r);
/// Velocity of obstacle `obstacle`'s surface point at arm (from its moved
/// axis point) at time t: its translation plus spin dir x arm.  The NEWTON
/// law freezes the arm at the start of the increment.
nsb_vec3 nsb_obstacle_point_velocity(const nsb_model* m, int obstacle, const double arm[3], double t);
/// Gap of a sphere of radius r at x to obstacle `obstacle` at time t (plane,
/// sphere, cylinder, translating with its amplitude), the outward normal n
/// (n_prev when the centre sits on a sphere's centre or a cylinder's axis)
/// and the obstacle's translational velocity (spin moves the surface in
/// itself, not along n).  For the modal dynamics (solver/reduced.c).
double nsb_obstacle_gap(const nsb_model* m, int obstacle, double t, nsb_vec3 x, double r, nsb_vec3 n_prev,
                        nsb_vec3* n, nsb_vec3* vobs);

/* ---- radii, masses, beam centrelines --------------------------------------------- */

/// A rectangle's sides count as parallel to a plane when |n . R e_k| is at
/// most this (an angle, the same in any units; docs/contact.md §8.3).
#define NSB_RECT_FACE_EPS 1e-8
/// A beam whose rectangle has a side parallel to a plane lies on that face
/// when its axis a = e_0 x e_1 is within this of the plane, |n . R a| (the
/// sine of the tilt theta): a bar lying on a face turns its nodes by its
/// bending (up to 3.1e-4 measured in benchmarks/flat_landing), which stays
/// on the face's sphere; within it the sphere of radius a_j and the edge
/// differ by a_j (1 - cos theta) <= 5e-5 a_j in the gap (docs/contact.md
/// §8.3).
#define NSB_RECT_LIE_EPS 1e-2
/// Extent of a rectangle (half sides ra along the node-frame axes re, node
/// rotation R) toward a plane of unit normal n, its support function
/// h(n) = ra_0 |n.R e_0| + ra_1 |n.R e_1| (docs/contact.md §8.3).
double nsb_rect_support(const double ra[2], const double re[2][3], nsb_mat3 R, nsb_vec3 n);
/// A rectangular beam-node slave (sh->rect) against a plane of unit normal
/// n at node rotation R, with c_k = n.R e_k and the axis component
/// c_a = n.R (e_0 x e_1): lying on a face (|c_k| <= NSB_RECT_FACE_EPS for
/// one k and |c_a| <= NSB_RECT_LIE_EPS), a sphere at the node of radius the
/// other half side a_j (the face's centre); n along the axis (both c_k
/// within it), radius 0.  Off the faces (both |c_k| > NSB_RECT_FACE_EPS)
/// and framed_ok, the corner nearest the plane, framed with s = -sum_k a_k
/// sgn(c_k) e_k and radius 0 (gap n.(x + R s - p) = n.(x - p) - h(n), its
/// rotation gradient s x R^T n).  Otherwise — off the faces without
/// framed_ok (laws without the node's moment), or a side parallel to the
/// plane with the axis tilted (the edge between two corners, h(n) =
/// a_j |c_j| < a_j) — a sphere at the node of radius h(n), no moment
/// (docs/contact.md §8.3: the edge's framed midpoint is derived there, not
/// built).  Returns 1 when the shape changed.
int nsb_contact_rect_choose(nsb_contact_shape* sh, nsb_mat3 R, nsb_vec3 n, int framed_ok);
/// Extent of slave node `node` of pair p toward a plane of unit normal n at
/// node rotation R: h(n) for a rectangular beam node against a plane
/// without SLAVE RADIUS=, else nsb_contact_node_radius.
double nsb_contact_node_extent(const nsb_model* m, const nsb_contact_pair* p, int node, nsb_vec3 n, nsb_mat3 R);
/// A rectangular master section on the chord A-B (docs/contact.md §8.4): the
/// signed distance from x_p to the rectangle of half sides ra along the
/// section axes at the closest point of the chord, xi = clamp((x_p -
/// x_A).e/e.e, 0, 1), e = x_B - x_A.  The section frame there is
/// u2 = P m/|P m|, m = (1 - xi) R_A a_A + xi R_B a_B (a_k: the end's axis G2
/// in its node frame, R_k the node rotations, P = I - e e^T/e.e), u3 =
/// e/|e| x u2; the rectangle spans ra[0] along u2 and ra[1] along u3.  At a
/// clamped end k, the distance to that end's rectangle includes the axial
/// offset where cap[k] (the beam ends there), and is the distance in the
/// end's section plane otherwise (the beam goes on in the next element: a
/// particle that crosses the shared node within an increment keeps its
/// gap).  *n: the unit normal (the face's normal on a face, the corner's
/// direction off a corner); grad: the gradient of the distance in the
/// blocks (x_p, x_A, Theta_A, x_B, Theta_B), Theta_k body-frame rotations
/// R_k exp(S(Theta_k)), including the closest point's motion along the
/// axis and the turn of the section frame.  Needs e != 0 and P m != 0 (an
/// axis G2 along the chord); returns 0 with *n = n_prev and zero gradient
/// otherwise, or when x_p lies on the rectangle's centre with ra = 0.
double nsb_rect_master_distance(const double ra[2], const double a[2][3], const int cap[2], nsb_vec3 xp, nsb_vec3 xa,
                                nsb_vec3 xb, nsb_mat3 RA, nsb_mat3 RB, nsb_vec3 n_prev, nsb_vec3* n, nsb_vec3 grad[5]);

/// Whether pair p takes beam element el of its master set as its rectangle
/// against particles (docs/contact.md §8.4, §8.5): LAW=HERTZ without friction
/// or LAW=NEWTON (IMPACT=SIMULTANEOUS, with or without friction), the chord,
/// no RADIUS=, a RECT (BOX, I) section; half sides and end axes as
/// nsb_beam_contact_rect.
int nsb_contact_rect_master(const nsb_model* m, const nsb_contact_pair* p, int el, double half[2], double a[2][3]);
/// Extent of beam element el as a master of pair p for the candidate
/// search: the half diagonal of its rectangle where nsb_contact_rect_master,
/// else nsb_contact_beam_radius.
double nsb_contact_beam_extent(const nsb_model* m, const nsb_contact_pair* p, int el);
/// Rectangular master (G->rectm): the Hessian of the gap in the blocks
/// (x_p, x_A, Theta_A, x_B, Theta_B) by central differences of its analytic
/// gradient (steps 1e-6 of the chord for positions, 1e-6 rad for rotations).
void nsb_rect_master_hessian(const nsb_elem* e, const nsb_contact_shape* sh, const nsb_state* st, nsb_mat3 H[5][5]);
/// Contact radius of a slave node of pair p: a particle's radius, for a
/// beam node the pair's SLAVE RADIUS or its sections' radius, for a rigid
/// body the pair's SLAVE RADIUS (default 0).  p = NULL for master nodes,
/// which are particles.
double nsb_contact_node_radius(const nsb_model* m, const nsb_contact_pair* p, int node);
/// Mass of a contact node: a particle's or rigid body's mass, or half the
/// adjacent beam elements' rho A L (nsb_model_beam_node_contact).
double nsb_contact_node_mass(const nsb_model* m, int node);
/// Contact radius of beam element el as a master of pair p: the pair's
/// RADIUS, else the section's.
double nsb_contact_beam_radius(const nsb_model* m, const nsb_contact_pair* p, int el);
/// Hermite centreline of beam element el: b_k = l R_k(0)^T T_k for its end
/// nodes (T_k of nsb_joint_element_point, l the initial chord, R_k(0) the
/// node's initial rotation).  Work O(node frames + initial conditions).
void nsb_centreline_end_tangents(const nsb_model* m, int el, double b[2][3]);
/// Broad phase: an upper bound of the Hermite centreline's distance from the
/// chord of element el at positions x that needs no rotations, valid until
/// a node has moved skin/2: (l + |x_B - x_A| + skin)/4.
double nsb_centreline_sag_bound(const nsb_model* m, int el, const double* x, double skin);

#endif

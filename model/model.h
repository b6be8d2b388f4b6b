/* model.h -- the model: everything an input deck says, as plain data.
 *
 * A model is data, not code: io/deck.c fills it, the solver reads it and
 * never changes it.  All indices are 0-based; the deck's 1-based, possibly
 * sparse labels are mapped once, when the deck is read (node_label keeps the
 * original label for output).  Arrays are owned by the model and freed by
 * nsb_model_destroy.  Cold data, array-of-structs; the solver builds its own
 * structure-of-arrays state from it (solver/system.h).
 *
 * Nodes: every node has a position and an initial orientation.  A node that
 * carries a rigid body has 6 degrees of freedom (3 translations, 3 rotations);
 * a node that carries a particle has 3; a node with no body and no element is
 * a fixed (ground) point: it can be used as the ground end of a joint.
 * Springs (SPRINGA) connect translational DOFs of two nodes; a spring node
 * without a body is ground.
 */
#ifndef NSB_MODEL_H
#define NSB_MODEL_H

#include <stdio.h>

#include "base/array.h"
#include "base/ctx.h"

#define NSB_NAME_MAX 80

/* ---- amplitudes ---------------------------------------------------------- */

typedef enum nsb_amp_kind {
  NSB_AMP_TABULAR = 0,    /* data: t0, a0, t1, a1, ...; piecewise linear, constant outside */
  NSB_AMP_POLYNOMIAL = 1, /* data: c0, c1, ..., c_{n-1}: a(t) = sum c_k t^k  (ours) */
  NSB_AMP_PERIODIC = 2,   /* data: N, omega, t0, A0, A1, B1, ..., AN, BN (Abaqus PERIODIC) */
  NSB_AMP_SMOOTH_STEP = 3, /* data: t0, a0, t1, a1, ...; quintic blend between points (Abaqus) */
  NSB_AMP_SUM = 4,         /* a(t) = sum_k c_k a_k(t) of other amplitudes (ours; never a SUM themselves),
                              data, once the deck is read: n, then per term kind, n_data, c_k, its data
                              (the terms' data copied, so evaluation needs no lookup) */
  NSB_AMP_DECAY = 5,       /* data: A0, A, t0, t_d: a = A0 + A exp(-(t - t0)/t_d) for t >= t0, A0 before (Abaqus) */
  NSB_AMP_MODULATED = 6    /* data: A0, A, t0, w1, w2: a = A0 + A sin(w1 (t - t0)) sin(w2 (t - t0)) for t >= t0,
                              A0 before (Abaqus) */
} nsb_amp_kind;

typedef struct nsb_amplitude {
  char name[NSB_NAME_MAX];
  nsb_amp_kind kind;
  int total_time; /* 1: argument is total time, 0: step time (Abaqus default) */
  int n_data;
  double* data; /* owned */
} nsb_amplitude;

/// Value of amplitude a at time t, and its first and second time derivatives
/// (d1, d2 may be NULL).  For TABULAR the derivatives are those of the linear
/// piece containing t (right-continuous: at a point, the piece after it; at
/// the first point, the first piece), the second derivative is zero.  A
/// SUM adds its terms' values and derivatives at the same t.
double nsb_amplitude_eval(const nsb_amplitude* a, double t, double* d1, double* d2);

/* ---- nodes, sets --------------------------------------------------------- */

typedef enum nsb_body_kind { NSB_BODY_NONE = 0, NSB_BODY_PARTICLE = 1, NSB_BODY_RIGID = 2 } nsb_body_kind;

typedef struct nsb_node {
  int label;        /* deck label */
  double X[3];      /* initial position (global) */
  nsb_body_kind body_kind;
  int body;         /* index into particles or rigid_bodies, -1 if none */
  int n_beams;      /* number of beam elements connected (a beam node has 6 DOFs) */
  double contact_radius; /* beam node as a contact slave: smallest section contact radius of its
                            beam elements; contact_mass: half their masses (nsb_model_beam_node_contact) */
  double contact_mass;
  /* beam node as a contact slave against a plane: the rectangle of its sections (RECT; BOX, I: the
     enclosing one), when all its beam elements have one of the same sides (nsb_model_beam_node_contact):
     half sides contact_half along G2, G3 of its first beam element's end frame at the node, given in
     the node's frame (R(0)^T G_k, R(0) the node's initial rotation); 0: a circle of contact_radius */
  int contact_rect;
  double contact_half[2];
  double contact_axes[2][3];
  int massless_slave; /* 1: a slave node of a MASS=REDISTRIBUTED contact pair, which its beam elements free of
                         translational mass (nsb_model_mark_massless_slaves) */
  int lumped_slave;   /* 1: a slave node of a MASS=LUMPED contact pair, whose beam elements carry their
                         translational mass at their two ends (nsb_model_mark_massless_slaves) */
  int line;         /* deck line that defined it (for messages) */
} nsb_node;

typedef struct nsb_nset {
  char name[NSB_NAME_MAX];
  NSB_ARRAY(int) nodes; /* 0-based node indices, in deck order, no duplicates */
} nsb_nset;

typedef struct nsb_elset {
  char name[NSB_NAME_MAX];
  NSB_ARRAY(int) elements; /* 0-based element indices */
} nsb_elset;

/* ---- bodies ---------------------------------------------------------------- */

typedef struct nsb_particle {
  int node;
  double mass;
  double radius; /* 0 for a point mass; used by contact (later) and output */
} nsb_particle;

typedef struct nsb_rigid_body {
  int node;       /* reference node: the body's position is the node's position */
  double mass;
  double com[3];  /* centre of mass relative to the reference node, body frame */
  double J_c[9];  /* inertia tensor about the centre of mass, body frame, column-major */
} nsb_rigid_body;

/* ---- elements, materials ------------------------------------------------ */

typedef enum nsb_elem_type {
  NSB_ETYPE_SPRINGA = 1, /* axial spring between two nodes */
  NSB_ETYPE_B2V = 2,     /* velocity-based geometrically exact beam, 2 nodes (elements/beam_velocity.h) */
  NSB_ETYPE_B2S = 3,     /* strain-based geometrically exact beam, 2 nodes (elements/beam_strain.h) */
  NSB_ETYPE_DASHPOTA = 4 /* axial linear dashpot between two nodes (elements/spring.c) */
} nsb_elem_type;

/// 1 for the beam element types (B2V, B2S).
static inline int nsb_etype_is_beam(nsb_elem_type t) { return t == NSB_ETYPE_B2V || t == NSB_ETYPE_B2S; }

typedef struct nsb_element {
  int label;
  nsb_elem_type type;
  int n_nodes;
  int nodes[4];     /* 0-based */
  double stiffness; /* SPRINGA: axial stiffness (from *SPRING) */
  double rest_length; /* SPRINGA: free length (from *SPRING); < 0: the initial distance of the nodes */
  double damping;   /* DASHPOTA: axial damping coefficient (from *DASHPOT; may be negative) */
  int has_property; /* set once a *SPRING, *DASHPOT or a beam section has been assigned */
  int section;      /* beams: index into model->sections */
  int n_points;     /* beams: interpolation/collocation points N (*ELEMENT, POINTS=) */
  int weighting;    /* beams: 0 collocation, 1 Galerkin (*ELEMENT, WEIGHTING=; elements/beam_velocity.h) */
  int line;
} nsb_element;

typedef enum nsb_section_shape {
  NSB_SECTION_GENERAL = 0, /* stiffnesses given directly (*BEAM GENERAL SECTION) */
  NSB_SECTION_RECT = 1,    /* b (along G2), h (along G3) */
  NSB_SECTION_CIRC = 2,    /* radius r */
  NSB_SECTION_PIPE = 3,    /* outer radius r, wall thickness t */
  NSB_SECTION_BOX = 4,     /* Abaqus box a, b, t1..t4; dims: the outer a (along G2), b (along G3) */
  NSB_SECTION_I = 5        /* Abaqus I l, h, b1, b2, t1, t2, t3; dims: the enclosing max(b1, b2) (G2), h (G3) */
} nsb_section_shape;

/* Beam section: the resultant stiffnesses and inertias actually used, plus
   the shape for drawing and the orientation of the section axes. */
typedef struct nsb_section {
  int elset;                 /* element set it applies to */
  nsb_section_shape shape;
  double dims[2];            /* shape dimensions (see nsb_section_shape) */
  double EA, GA2, GA3, GJ, EI2, EI3; /* stiffnesses */
  double rhoA, rhoJ[3];      /* mass per length; mass inertia per length about G1, G2, G3 */
  double damp_alpha, damp_beta; /* Rayleigh damping of the material's *DAMPING (0: none) */
  double n1[3];              /* approximate direction of section axis G2 (global); orthogonalized against the element axis */
  double draw_radius;        /* equivalent radius for drawing/contact when no shape is given */
  int line;
} nsb_section;

/* Initial cross-section frame of a beam node (*BEAM NODE FRAME): when given,
   element ends at this node use it (curved elements follow); otherwise the
   element's own straight frame from its axis and n1 is used. */
typedef struct nsb_node_frame {
  int node;
  double g1[3], g2[3]; /* G1 (axis tangent) and G2, global; G3 = G1 x G2 */
  int line;
} nsb_node_frame;

/* Distributed load per unit initial length on beam elements (*DLOAD). */
typedef struct nsb_dload {
  int element;      /* 0-based element index */
  int kind;         /* 0..2: force PX, PY, PZ; 3..5: moment MX, MY, MZ (global, dead) */
  double value;
  int amplitude;
  int step;
  int line;
  int replaced;     /* as nsb_cload: k + 1 when a *DLOAD of step k on its element and of its type replaces it */
  int ramp_down;
} nsb_dload;

typedef struct nsb_material {
  char name[NSB_NAME_MAX];
  int has_elastic, has_density;
  double E, nu, rho;
  /* *DAMPING: Rayleigh damping of the beams of this material in dynamic
     steps (elements/beam_velocity.h): alpha (1/time, mass-proportional),
     beta (time, stiffness-proportional); 0 without *DAMPING */
  int has_damping;
  double damp_alpha, damp_beta;
} nsb_material;

/* ---- joints ---------------------------------------------------------------- */

/* FIXED: the two sides keep their relative position and orientation (weld). */
typedef enum nsb_joint_kind {
  NSB_JOINT_SPHERICAL = 0,
  NSB_JOINT_REVOLUTE = 1,
  NSB_JOINT_DISTANCE = 2,
  NSB_JOINT_FIXED = 3,
  NSB_JOINT_ELEMENT_POINT = 4 /* node_a held at a point of a beam element (docs/deck.md *JOINT) */
} nsb_joint_kind;
typedef enum nsb_level { NSB_LEVEL_POSITION = 0, NSB_LEVEL_VELOCITY = 1 } nsb_level;

typedef struct nsb_joint {
  nsb_joint_kind kind;
  nsb_level level;
  int node_a, node_b; /* 0-based; a node without a body acts as ground */
  double point[3];    /* SPHERICAL, REVOLUTE: joint location, global, at t = 0 */
  double axis[3];     /* REVOLUTE: unit axis, global, at t = 0 */
  double length;      /* DISTANCE: prescribed distance; < 0 means the initial distance */
  int element;        /* ELEMENT POINT: 0-based beam element (node_b: its node nearer to xi, for drawing) */
  double xi;          /* ELEMENT POINT: 0..1 from the element's first node */
  int line;
} nsb_joint;



/* ---- obstacles and contact pairs (contact/, docs/contact.md) ---- */

typedef enum nsb_obstacle_kind {
  NSB_OBSTACLE_PLANE = 0,   /* half-space {x : n.(x - p) >= 0}: point p, unit outward normal n */
  NSB_OBSTACLE_SPHERE = 1,  /* solid ball: centre p, radius R */
  NSB_OBSTACLE_CYLINDER = 2 /* infinite solid cylinder: point p on the axis, unit axis a, radius R */
} nsb_obstacle_kind;

/* A rigid obstacle (*OBSTACLE).  With an amplitude it translates rigidly:
   position(t) = point + amplitude(t) * motion (total time). */
typedef struct nsb_obstacle {
  char name[NSB_NAME_MAX];
  nsb_obstacle_kind kind;
  double point[3];  /* PLANE: a point of the plane; SPHERE: centre; CYLINDER: a point on the axis */
  double dir[3];    /* PLANE: unit outward normal; CYLINDER: unit axis; SPHERE: zero */
  double radius;    /* SPHERE, CYLINDER: > 0; PLANE: 0 */
  int amplitude;    /* -1: fixed */
  double motion[3]; /* translation direction/scale multiplied by the amplitude (zero when fixed) */
  double spin;      /* PLANE, CYLINDER: angular velocity (rad/s) about dir through point (SPIN=): the surface
                       moves in itself (a turntable, a driven shaft); 0: none */
  /* BODY= (a face of a rigid body, docs/contact.md §8.2): the node index of
     the *RIGID BODY that carries the plane, -1 for a fixed or prescribed
     obstacle; point and dir are then in the body frame, relative to the
     node, and radius (0: unbounded) bounds the face to a disk about point */
  int body;
  int body_label;   /* the deck's node label of BODY= (resolved into body after reading) */
  int line;
} nsb_obstacle;

typedef enum nsb_contact_law {
  NSB_CONTACT_NEWTON = 0, /* nonsmooth: Signorini + Newton impact law + Coulomb, impulses (measure inclusion) */
  NSB_CONTACT_HERTZ = 1,  /* compliant: F = c alpha^p (1 + d alpha_dot), alpha = penetration */
  NSB_CONTACT_WINKLER = 2 /* compliant bed (Stamm 2011, §4.5): F = c alpha + beta alpha_dot >= 0 while the body
                             presses the bed, which relaxes by c s + beta s' = 0 after it lets go */
} nsb_contact_law;

typedef enum nsb_contact_master {
  NSB_MASTER_OBSTACLE = 0,  /* master = obstacle index */
  NSB_MASTER_BEAMS = 1,     /* master = element set of beam elements (contact with their centrelines) */
  NSB_MASTER_PARTICLES = 2  /* master = node set of particles */
} nsb_contact_master;

/* How the impacts of a NEWTON contact pair are resolved (*CONTACT PAIR,
   IMPACT=; index = deck enum; docs/contact.md §7.3). */
typedef enum nsb_impact_mode {
  NSB_IMPACT_SIMULTANEOUS = 0, /* Newton's law for all contacts closed in the increment at once */
  NSB_IMPACT_SEQUENTIAL = 1,   /* only approaching contacts take part in an increment
                                  (Waltersberger's sequential impacts, one sub-impact per increment) */
  NSB_IMPACT_POISSON = 2,      /* Poisson's law at t_n (compression, then expansion >= e x compression),
                                  free particles only */
  NSB_IMPACT_CLOSED_FORM = 3   /* Fischer & Hennig's closed form, one contact at a time,
                                  free particles only */
} nsb_impact_mode;

/* A contact pair (*CONTACT PAIR): every particle of the slave node set
   against the master (obstacle, beams of an element set, particles of a node
   set).  Gap = distance minus the particle radii minus the master radius. */
/* Beam centreline of a particle-beam contact (*CONTACT PAIR, CENTRELINE=;
   index = deck enum): the chord between the element's nodes, or the cubic
   Hermite curve of the nodes and their rotating end tangents (the curve of
   the ELEMENT POINT joint; docs/contact.md §5.1). */
typedef enum nsb_contact_centreline { NSB_CENTRELINE_CHORD = 0, NSB_CENTRELINE_HERMITE = 1 } nsb_contact_centreline;

/* A point-set contact surface (*CONTACT POINTS): points fixed in the frame of
   a slave node that rotates (rigid body, beam node), each a contact element
   of its own against an obstacle (docs/contact.md §8.1).  Stamm (2011)
   replaces an areal contact by such a set. */
typedef struct nsb_contact_points {
  char name[NSB_NAME_MAX];
  NSB_ARRAY(double) p; /* 4 per point: offset s (x, y, z) from the node in its body frame, weight w > 0 */
  int line;
} nsb_contact_points;

/* Tangential law of a compliant (HERTZ) contact pair with friction (*CONTACT
   PAIR, FRICTION LAW=; index = deck enum; docs/contact.md §6.2). */
typedef enum nsb_friction_law {
  NSB_FRICTION_SMOOTH = 0,      /* Coulomb regularized in the slip velocity: T = -mu N v_T / sqrt(|v_T|^2 + v_s^2) */
  NSB_FRICTION_ELASTOPLASTIC = 1 /* Stamm's elasto-visco-plastic law: Kelvin-Voigt stick in series with Coulomb slip */
} nsb_friction_law;

typedef struct nsb_contact_pair {
  int slave_nset;              /* node set of particles, beam nodes and rigid bodies */
  nsb_contact_master master_kind;
  int master;                  /* obstacle, element set or node set index */
  nsb_contact_law law;
  double restitution;          /* NEWTON: Newton's coefficient e in [0, 1] (default 0) */
  double friction;             /* Coulomb coefficient mu >= 0 (default 0: frictionless) */
  nsb_friction_law friction_law; /* HERTZ with friction: the regularized tangential law (default SMOOTH) */
  double slip_velocity;        /* HERTZ with friction: SLIP VELOCITY > 0, v_s (SMOOTH) or Stamm's eps_k
                                  (ELASTOPLASTIC: plastic rate below which the contact sticks again) */
  double friction_static;      /* ELASTOPLASTIC: static coefficient mu_st >= friction (default: friction) */
  double stick_stiffness;      /* ELASTOPLASTIC: c = omega_c^2 m_c / eps_c of the stick element */
  double stick_damping;        /* ELASTOPLASTIC: beta = 2 sqrt(c m_c) */
  double stiffness;            /* HERTZ, WINKLER: c > 0 */
  double exponent;             /* HERTZ: p >= 1 (default 1.5); WINKLER: 1 */
  double damping;              /* HERTZ: Hunt-Crossley d >= 0 in s/m; WINKLER: bed damper beta >= 0 (default 0) */
  double master_radius;        /* BEAMS: contact radius of the beam; < 0: from the section (see docs) */
  double slave_radius;         /* beam nodes among the slaves: their contact radius; < 0: from the sections */
  double skin;                 /* candidate-list skin (length); <= 0: automatic (contact/broad_phase.h) */
  nsb_impact_mode impact;      /* NEWTON: how an impact is resolved (IMPACT=, default SIMULTANEOUS) */
  nsb_contact_centreline centreline; /* BEAMS: the beam axis the slaves touch (default CHORD) */
  int mass_redistributed;      /* NEWTON, MASS=REDISTRIBUTED: the slave beam nodes carry no translational
                                  mass (docs/contact.md §7.2); 0: the elements' own quadrature */
  int mass_lumped;             /* MASS=LUMPED: the beam elements at the slave nodes carry their translational
                                  mass at their ends (docs/contact.md §7.8) */
  int points;                  /* POINTS=: index into contact_points, -1: the slave node itself */
  int line;
} nsb_contact_pair;

/* ---- loads, supports, initial conditions -------------------------------- */

/* Loads and supports belong to a step (step >= 0) or to the model (step = -1).
   As in Abaqus, one defined in step k stays active in every later step, unless a
   concentrated or distributed load of a later step replaces it (replaced). */

typedef struct nsb_boundary {
  int node;
  int dof_first, dof_last; /* 1..6; 4..6 must come together with value 0 */
  double value;            /* prescribed displacement (times amplitude) */
  int amplitude;           /* -1: none (value held from the start of the step) */
  int step;
  int line;
  int prev[6];             /* per DOF 1..6: the record of an earlier step (or the model data) that this
                              one replaces at its node, -1: none; a static step ramps from its value, and
                              a DOF without one (free before this step) from its value at the step's start */
  int fixed;               /* FIXED: held at the values of the step's start (value 0, no amplitude) */
  int transform;           /* 1 + index of the node's *TRANSFORM when the record holds some of its local
                              translational DOFs: each held local direction e is a constraint row
                              e . (x - X) = 0 with a multiplier (elements/joint.c, nsb_skew_support_ops), not
                              an eliminated DOF; 0: the DOFs are the global ones, eliminated */
} nsb_boundary;

typedef struct nsb_cload {
  int node;
  int dof;          /* 1..3 force, 4..6 moment */
  double value;
  int amplitude;    /* -1: constant */
  int follower;     /* 0: components in the global frame (dead); 1: body frame (follower) */
  int step;
  int line;
  int replaced;     /* 0: active from its step on; k + 1: replaced in step k (a *CLOAD of a later step
                       at its node, DOF and kind, Abaqus's OP=MOD, or OP=NEW) */
  int ramp_down;    /* 1: in a static step that replaces it, it ramps down as its replacement ramps up */
  int transform;    /* 1 + index into model->transforms: dof is a local direction of that system
                       (*TRANSFORM on the node); 0: global */
} nsb_cload;

/* A local rectangular system for the nodes of a node set (*TRANSFORM,
   TYPE=R, Abaqus): local x along a, local y in the plane of a and b, towards
   b, local z = x cross y.  *CLOAD directions and *BOUNDARY DOFs on these nodes
   are local; so are the node's U, UR, RF, RM in the output. */
typedef struct nsb_transform {
  int nset;         /* node set index */
  double T[9];      /* column-major: column k = local axis k + 1 in global components */
  int line;
} nsb_transform;

typedef struct nsb_gravity {
  double g[3];      /* acceleration of gravity, global */
  int amplitude;
  int step;
  int line;
} nsb_gravity;

/* Moment that makes a free rigid body follow a prescribed rotation-vector
   history theta(t) = (a_x(t), a_y(t), a_z(t)) exactly (method of manufactured
   solutions, Češarek 2013, §4.3.1): M_g = R (J alpha_G + omega_G x J omega_G),
   omega_G = T(theta)^T theta_dot, alpha_G = d/dt omega_G.  Also sets the node's
   initial rotation and angular velocity to theta(0), omega_G(0). */
typedef struct nsb_manufactured_rotation {
  int node;
  int amp[3];
  int line;
} nsb_manufactured_rotation;

typedef enum nsb_init_kind {
  NSB_INIT_VELOCITY = 0,         /* dof 1..3 velocity, 4..6 spatial angular velocity */
  NSB_INIT_ROTATION = 1,         /* rotation vector (global), vec[3] */
  NSB_INIT_BODY_ANGULAR_VEL = 2, /* angular velocity, body-frame components, vec[3] */
  NSB_INIT_ROTATING_VELOCITY = 3 /* rigid rotation (Abaqus's ROTATING VELOCITY): angular velocity vec[3]
                                    (global) about the axis through point[3]; v = vec x (X - point),
                                    and vec on the rotations of a node that has them */
} nsb_init_kind;

typedef struct nsb_initial {
  nsb_init_kind kind;
  int node;
  int dof;       /* NSB_INIT_VELOCITY only */
  double value;  /* NSB_INIT_VELOCITY only */
  double vec[3]; /* ROTATION, BODY_ANGULAR_VEL, ROTATING_VELOCITY */
  double point[3]; /* ROTATING_VELOCITY: a point of the axis */
  int line;
} nsb_initial;

/* ---- steps and output ------------------------------------------------------ */

typedef enum nsb_step_kind { NSB_STEP_DYNAMIC = 0, NSB_STEP_STATIC = 1 } nsb_step_kind;
/* GENERALIZED_ALPHA: Newmark on SO(3) for the unknowns with Chung-Hulbert
   beta, gamma from rho_inf, and the element equations weighted with
   alpha_m, alpha_f (docs/theory.md §3.4; strain-based beams and
   concentrated loads only). */
/* Default spectral radius at infinite frequency of SCHEME=MODIFIED NEWMARK
   without BETA, GAMMA, RHOINF: its generalized-alpha form (docs/theory.md §3.5). */
#define NSB_MODIFIED_RHOINF_DEFAULT 0.9

typedef enum nsb_scheme_kind {
  NSB_SCHEME_NEWMARK = 0,
  NSB_SCHEME_MODIFIED_NEWMARK = 1,
  NSB_SCHEME_GENERALIZED_ALPHA = 2
} nsb_scheme_kind;
/* *SOLVER CONTROLS, LINEAR SOLVER= (solver/linsolve.h); AUTO, the default, is
   the dense LU for small systems and KLU for the others; KLU2 the two-domain
   solver (KLU's factors of two domain blocks on two threads, a dense Schur
   complement of their separator) for large ones.  DENSE (the dense LU
   whatever the size, up to its bound) is for the library and its tests, not
   a deck value. */
typedef enum nsb_linsolver_kind {
  NSB_LINSOLVER_KLU = 0,
  NSB_LINSOLVER_UMFPACK = 1,
  NSB_LINSOLVER_AUTO = 2,
  NSB_LINSOLVER_KLU2 = 3, /* two domains and a separator on two threads (solver/linsolve.c) */
  NSB_LINSOLVER_DENSE = 4
} nsb_linsolver_kind;

/* *SOLVER CONTROLS, ORDERING= (solver/linsolve.c, "Ordering."): the
   fill-reducing ordering of KLU's diagonal blocks (LINEAR SOLVER=KLU, AUTO's
   KLU, KLU2's global KLU).  AUTO, the default, keeps per block whichever of
   AMD and METIS nested dissection gives the smaller Cholesky factor of
   C + C^T; AMD and METIS take that one alone. */
typedef enum nsb_ordering_kind { NSB_ORDERING_AUTO = 0, NSB_ORDERING_AMD = 1, NSB_ORDERING_METIS = 2 } nsb_ordering_kind;

/* The deck's default smallest increment of a *DYNAMIC step without DIRECT,
   relative to h: ten halvings of a failed increment (docs/deck.md *DYNAMIC).
   A def made by nsb_step_default_def keeps h_min < 0, which the step control
   reads as h (no cutback). */
#define NSB_DYNAMIC_CUTBACK_MIN (1.0 / 1024.0)

/// How Newton's iteration matrix is formed (nsb_step_def.tangent).
typedef enum nsb_tangent_kind { NSB_TANGENT_FULL = 0, NSB_TANGENT_REUSE = 1, NSB_TANGENT_AUTO = 2 } nsb_tangent_kind;
/// When modified Newton accepts an increment (nsb_step_def.accept).
typedef enum nsb_accept_kind { NSB_ACCEPT_RATE = 0, NSB_ACCEPT_CONFIRM = 1 } nsb_accept_kind;

typedef struct nsb_step_def {
  char name[NSB_NAME_MAX];
  nsb_step_kind kind;
  nsb_scheme_kind scheme;
  double beta, gamma;  /* defaults: Newmark 1/4, 1/2; modified Newmark 1/2, 1/2 */
  double h;            /* time increment (static: load increment as a fraction of period) */
  double period;       /* step duration */
  double h_min;        /* smallest increment for cutbacks; h_min >= h disables cutback, < 0: h */
  int max_iter;        /* Newton iterations per increment (default 25) */
  /* *SOLVER CONTROLS, TANGENT=: NSB_TANGENT_FULL re-forms and factors the
     iteration matrix at every Newton iteration, NSB_TANGENT_REUSE keeps it
     across iterations and increments while the iteration contracts (modified
     Newton, docs/theory.md §5), NSB_TANGENT_AUTO (the default) is one of the
     two by the model and the step (nsb_step_tangent) */
  int tangent;
  /* *SOLVER CONTROLS, ACCEPT=: NSB_ACCEPT_RATE (the default) lets modified
     Newton accept an increment after its first correction when the
     contraction rate of earlier increments proves it converged
     (solver/newton.c, docs/theory.md §5); NSB_ACCEPT_CONFIRM confirms every
     increment by a residual evaluation */
  int accept;
  /* Newton's convergence test (solver/convergence.h, docs/theory.md §5):
     relative per field by default; an absolute tolerance given in the deck
     (> 0) replaces the relative test of its kind */
  double rel_res;      /* field residual / field flux (default 1e-8) */
  double rel_cor;      /* field correction / field motion of the increment (default 1e-8) */
  double tol_inc;      /* absolute 2-norm of the raw unknowns' correction; 0: relative test */
  double tol_res;      /* absolute 2-norm of the residual; 0: relative test */
  nsb_linsolver_kind linsolver;
  nsb_ordering_kind ordering; /* *SOLVER CONTROLS, ORDERING= (default AUTO) */
  /* NEWTON-law contacts (docs/contact.md §7.5): 0 semi-smooth Newton rows in
     the global system (default), 1 projected Jacobi (augmented Lagrangian)
     sweeps on the impulses around solves of the smooth system */
  int contact_prox;
  /* *DYNAMIC, EVENTS=: 0 GRID (increments on the nominal grid, the
     default), 1 LOCATE (an increment ends where a NEWTON contact closes,
     the impact follows in an increment of NSB_IMPACT_INCREMENT h;
     solver/step_control.h, docs/theory.md §9) */
  int events;
  /* *DYNAMIC, DIRECT: the increments are those of the grid and of cutbacks
     only; without it a LAW=HERTZ contact shortens the increments it would
     under-resolve (solver/step_control.h, docs/contact.md §6.3) */
  int direct;
  int contact_iter;      /* PROX: largest number of sweeps per increment (default 1000) */
  double contact_tol;    /* PROX: impulse change per sweep, relative (default 1e-10) */
  double contact_relax;  /* PROX: relaxation alpha in (0, 2) of the per-contact step r_i = alpha / B_i (default 1) */
  int vtk_every;       /* write VTK every n increments (0: never) */
  int vtk_ascii;       /* 1: ASCII XML (diffable), 0: raw appended binary */
  int history_every;   /* write a history row every n increments (0: never) */
  int contact_every;   /* write contact rows (contacts.csv) every n increments (0: never) */
  int line;
  /* generalized-alpha (scheme NSB_SCHEME_GENERALIZED_ALPHA, or the modified
     scheme in generalized-alpha form; else 0): spectral radius at infinity
     and the Chung-Hulbert weights (Cesarek 2013, eq. 6.101) */
  double rho_inf, alpha_m, alpha_f;
  /* NSB_SCHEME_MODIFIED_NEWMARK in generalized-alpha form (RHOINF < 1, the
     default; docs/theory.md §3.5): beta, gamma are then the Newmark
     parameters of the pseudo-accelerations (Chung-Hulbert values from
     rho_inf), alpha_m, alpha_f the weights; 0: the plain scheme with beta,
     gamma of Cesarek's update */
  int mn_alpha;
  /* *FREQUENCY (kind NSB_STEP_STATIC, period 0): modes of the linearized
     structure about the current state (docs/theory.md §6); 0 otherwise */
  int n_modes;
  double shift;      /* eigenvalue shift sigma (omega^2) */
  int shift_given;   /* 0: automatic shift below the spectrum */
  int consistent_mass; /* MASS=CONSISTENT: beam mass from the element's own interior field (else lumped) */
  int disp_normalized; /* *FREQUENCY, NORMALIZATION=DISPLACEMENT: the output modes scaled to a largest
                          translation entry of 1 (the solver's stay mass-normalized; docs/theory.md §6) */
  /* *MODAL DYNAMIC (kind NSB_STEP_STATIC with modal_dynamic = 1, n_modes
     retained modes): linear dynamics in modal coordinates about the state at
     the step start, with unilateral contacts (docs/theory.md §7) */
  int modal_dynamic;
  int reduction;             /* 0 MODAL (truncation), 1 QUASI-STATIC (plus residual flexibility at the contacts) */
  double ray_alpha, ray_beta; /* Rayleigh damping D = alpha M + beta K */
  /* SPIN=: the reduced model in a frame turning at spin [rad/s] about the
     global axis spin_axis (0 x, 1 y, 2 z) through the origin (docs/theory.md
     §7.5); ext_damping (EXTERNAL DAMPING=) c of the force -c M v_abs on the
     absolute velocity; spin_sweep (SWEEP=) n > 0: the eigenvalues of the
     gyroscopic model at k spin / n, k = 0..n, into stability.csv */
  int spinning;
  double spin;
  int spin_axis;
  double ext_damping;
  int spin_sweep;
  /* *STATIC, RIKS (kind NSB_STEP_STATIC with riks = 1; solver/arclength.h,
     docs/theory.md §8): h is the initial arc-length increment, period the
     total arc length, h_min the smallest increment (Abaqus's data line) */
  int riks;
  int riks_cylindrical;      /* CONSTRAINT=CYLINDRICAL: no load term in the arc length */
  double riks_h_max;         /* largest arc-length increment; 0: no limit */
  double riks_lpf_max;       /* end when the LPF reaches it; 0: no such limit */
  int riks_node;             /* monitored node (0-based), -1: none */
  int riks_dof;              /* its DOF 1..6 */
  double riks_u_max;         /* end when that DOF's total displacement crosses it */
  int riks_max_inc;          /* at most this many increments (*STEP, INC=; default 100) */
} nsb_step_def;

/* Probe quantity groups (bit mask). */
enum {
  NSB_PROBE_X = 1 << 0,  /* position x y z */
  NSB_PROBE_U = 1 << 1,  /* displacement ux uy uz */
  NSB_PROBE_V = 1 << 2,  /* velocity vx vy vz */
  NSB_PROBE_R = 1 << 3,  /* rotation vector rx ry rz (|r| <= pi) */
  NSB_PROBE_W = 1 << 4,  /* angular velocity wx wy wz, global frame */
  NSB_PROBE_Q = 1 << 5,  /* orientation quaternion qw qx qy qz */
  NSB_PROBE_WB = 1 << 6, /* angular velocity, body frame: wbx wby wbz */
  /* beam probes only (ELEMENT=, POSITION=): */
  NSB_PROBE_E = 1 << 7,  /* strains gamma1..3, kappa1..3 (section frame): g1 g2 g3 k1 k2 k3 */
  NSB_PROBE_N = 1 << 8,  /* force resultant, global: nx ny nz */
  NSB_PROBE_M = 1 << 9,  /* moment resultant, global: mx my mz */
  NSB_PROBE_NS = 1 << 10, /* force resultant, section frame: n1 n2 n3 (axial, shear) */
  NSB_PROBE_MS = 1 << 11, /* moment resultant, section frame: m1 m2 m3 (torsion, bending) */
  /* node probes only: */
  NSB_PROBE_RF = 1 << 12, /* support reaction force, global: rfx rfy rfz */
  NSB_PROBE_RM = 1 << 13  /* support reaction moment, global: rmx rmy rmz */
};

typedef struct nsb_probe {
  char name[NSB_NAME_MAX];
  int node;         /* node probe: 0-based node; -1 for an element probe */
  int element;      /* element probe: 0-based beam element; -1 for a node probe */
  double position;  /* element probe: local coordinate in [0, 1] along the initial axis */
  unsigned quantities;
  int transform;    /* node probe on a node with a *TRANSFORM: 1 + its index; U, V, R, W, RF, RM are then given in
                       that local system (Abaqus); 0: global */
  int line;
} nsb_probe;

/* ---- the model ------------------------------------------------------------- */

typedef struct nsb_model {
  nsb_ctx* ctx; /* borrowed */
  char heading[256];
  char source[512]; /* deck path, for messages */
  NSB_ARRAY(nsb_node) nodes;
  NSB_ARRAY(nsb_nset) nsets;
  NSB_ARRAY(nsb_elset) elsets;
  NSB_ARRAY(nsb_element) elements;
  NSB_ARRAY(nsb_material) materials;
  NSB_ARRAY(nsb_section) sections;
  NSB_ARRAY(nsb_node_frame) node_frames;
  NSB_ARRAY(nsb_dload) dloads;
  NSB_ARRAY(nsb_amplitude) amplitudes;
  NSB_ARRAY(nsb_particle) particles;
  NSB_ARRAY(nsb_rigid_body) rigid_bodies;
  NSB_ARRAY(nsb_joint) joints;
  NSB_ARRAY(nsb_obstacle) obstacles;
  NSB_ARRAY(nsb_contact_pair) contact_pairs;
  NSB_ARRAY(nsb_contact_points) contact_points;
  NSB_ARRAY(nsb_boundary) boundaries;
  NSB_ARRAY(nsb_cload) cloads;
  NSB_ARRAY(nsb_transform) transforms;
  NSB_ARRAY(nsb_gravity) gravities;
  NSB_ARRAY(nsb_manufactured_rotation) manufactured;
  NSB_ARRAY(nsb_initial) initials;
  NSB_ARRAY(nsb_step_def) steps;
  NSB_ARRAY(nsb_probe) probes;
  int restart_every; /* *RESTART, WRITE, FREQUENCY=n: a checkpoint every n increments (0: none) */
  /* label -> index hash for nodes (open addressing), maintained by nsb_model_add_node */
  int* node_hash;
  int node_hash_cap;
} nsb_model;

/// Create an empty model (owned by caller; free with nsb_model_destroy).
int nsb_model_create(nsb_ctx* ctx, nsb_model** out);
/// Destroy a model and everything it owns; accepts NULL, sets *m = NULL.
void nsb_model_destroy(nsb_model** m);

/// Add a node; returns its index (>= 0) or a negative status (duplicate label:
/// NSB_ERR_DECK_VALUE, allocation failure: NSB_ERR_ALLOC).
int nsb_model_add_node(nsb_model* m, int label, const double X[3], int line);
/// Index of the node with this label, or -1.
int nsb_model_find_node(const nsb_model* m, int label);
/// Index of the named set/amplitude/material (case-insensitive), or -1.
int nsb_model_find_nset(const nsb_model* m, const char* name);
int nsb_model_find_elset(const nsb_model* m, const char* name);
int nsb_model_find_amplitude(const nsb_model* m, const char* name);
int nsb_model_find_material(const nsb_model* m, const char* name);
int nsb_model_find_obstacle(const nsb_model* m, const char* name);
int nsb_model_find_contact_points(const nsb_model* m, const char* name);

/// Multipliers of a joint kind: distance 1, spherical 3, revolute 5, fixed 6.
int nsb_joint_n_mult(nsb_joint_kind k);

/// Degrees of freedom carried by node i: 6 (rigid body or beam node), 3 (particle only), 0 (ground).
int nsb_model_node_ndof(const nsb_model* m, int i);
/// Radius of a section's contact surface: half the smaller side of a
/// rectangle, the radius of a circle or pipe, else the drawing radius.
double nsb_section_contact_radius(const nsb_section* s);
/// Section axes G2, G3 (global) of beam element el at its end k (0, 1) in
/// the initial state: the node's *BEAM NODE FRAME, else the element's
/// straight frame from its axis and the section's n1 (as elements/beam.c).
void nsb_beam_end_axes(const nsb_model* m, int el, int k, double g2[3], double g3[3]);
/// The rectangle of beam element el's section as a contact master
/// (docs/contact.md §8.4): 1 for RECT (BOX, I: their enclosing rectangle) with
/// its half sides along G2, G3 in half and the axis G2 of each end k in that
/// node's frame, R_k(0)^T G2 (R_k(0) the node's last *INITIAL CONDITIONS,
/// TYPE=ROTATION), in a[k]; else 0.
int nsb_beam_contact_rect(const nsb_model* m, int el, double half[2], double a[2][3]);
/// Fill contact_radius and contact_mass of every beam node (from the beam
/// elements at the node: smallest section contact radius, half of each
/// element's mass rhoA |X_B - X_A|).  Call once the sections are assigned.
void nsb_model_beam_node_contact(nsb_model* m);
/// Set massless_slave of every node: 1 for the slave nodes of the
/// MASS=REDISTRIBUTED contact pairs, 0 elsewhere, and lumped_slave likewise
/// for the MASS=LUMPED pairs (linear in the nodes and the
/// slave sets; nsb_beam_create reads the mark instead of scanning the sets
/// for every element).  Call once the pairs' MASS= is final (the deck reader
/// does, after its defaults).
void nsb_model_mark_massless_slaves(nsb_model* m);
/// The point of an ELEMENT POINT joint: the cubic Hermite curve through the
/// element's nodes with the end tangents of its initial end frames,
///   p = w[0] x_A + w[1] x_B + t[0] R_A a_A + t[1] R_B a_B,
/// w = (h00, h01), t = l (h10, h11) (l the initial chord), a_k the unit end
/// tangents in the node frames.  Gives w, t, the end tangents TA, TB (global,
/// t = 0) and the initial point X0.
void nsb_joint_element_point(const nsb_model* m, const nsb_joint* j, double w[2], double t[2], double TA[3],
                             double TB[3], double X0[3]);

/// Default step definition for a kind and scheme (all tolerances from Češarek 2013, §6.6).
nsb_step_def nsb_step_default_def(nsb_step_kind kind, nsb_scheme_kind scheme);

/// The tangent that step k of m uses: its TANGENT, and for TANGENT=AUTO
/// modified Newton (NSB_TANGENT_REUSE) in a *DYNAMIC step of a model with
/// beam elements when the run writes no checkpoints, else full Newton
/// (docs/theory.md §5, "Modified Newton").
nsb_tangent_kind nsb_step_tangent(const nsb_model* m, const nsb_step_def* st);

/// Print a human-readable summary (nodes, bodies, elements, DOFs, sets, steps).
void nsb_model_print_summary(const nsb_model* m, FILE* out);

/// Case-insensitive name comparison used for every deck name.
int nsb_name_eq(const char* a, const char* b);

#endif

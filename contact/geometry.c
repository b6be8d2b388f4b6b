/* geometry.c -- see geometry.h; derivations in docs/contact.md §5, §5.1.
 *
 * The tangents built from this geometry (contact/pair.c) are verified against
 * central differences (tests/test_contact_elem.c, suite tangent).
 */
#include "contact/geometry.h"

#include <stddef.h>
#include <math.h>
#include <string.h>

/* ---- obstacles ------------------------------------------------------------------ */

nsb_vec3 nsb_obstacle_offset(const nsb_model* m, const nsb_obstacle* o, double t, nsb_vec3* vel) {
  if (o->amplitude < 0) {
    *vel = nsb_v3_zero();
    return nsb_v3_zero();
  }
  double d1 = 0.0, a = nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, NULL);
  nsb_vec3 mo = nsb_v3_load(o->motion);
  *vel = nsb_v3_scale(d1, mo);
  return nsb_v3_scale(a, mo);
}

nsb_vec3 nsb_obstacle_acceleration(const nsb_model* m, const nsb_obstacle* o, double t) {
  if (o->amplitude < 0) return nsb_v3_zero();
  double d1 = 0.0, d2 = 0.0;
  (void)nsb_amplitude_eval(&m->amplitudes.data[o->amplitude], t, &d1, &d2);
  return nsb_v3_scale(d2, nsb_v3_load(o->motion));
}

/* Velocity of a spinning obstacle's surface point at arm r from its axis point. */
nsb_vec3 nsb_obstacle_spin_velocity(const nsb_obstacle* o, nsb_vec3 r) {
  return nsb_v3_scale(o->spin, nsb_v3_cross(nsb_v3_load(o->dir), r));
}

nsb_vec3 nsb_obstacle_point_velocity(const nsb_model* m, int obstacle, const double arm[3], double t) {
  const nsb_obstacle* o = &m->obstacles.data[obstacle];
  nsb_vec3 v;
  (void)nsb_obstacle_offset(m, o, t, &v);
  if (o->spin != 0.0) v = nsb_v3_add(v, nsb_obstacle_spin_velocity(o, nsb_v3_load(arm)));
  return v;
}

double nsb_obstacle_gap(const nsb_model* m, int obstacle, double t, nsb_vec3 x, double r, nsb_vec3 n_prev,
                        nsb_vec3* n, nsb_vec3* vobs) {
  const nsb_obstacle* o = &m->obstacles.data[obstacle];
  nsb_vec3 p = nsb_v3_add(nsb_v3_load(o->point), nsb_obstacle_offset(m, o, t, vobs));
  nsb_vec3 dir = nsb_v3_load(o->dir);
  if (o->kind == NSB_OBSTACLE_PLANE) {
    *n = dir;
    return nsb_v3_dot(dir, nsb_v3_sub(x, p)) - r;
  }
  nsb_vec3 dd = nsb_v3_sub(x, p);
  if (o->kind == NSB_OBSTACLE_CYLINDER) dd = nsb_v3_muladd(dd, -nsb_v3_dot(dd, dir), dir);
  double dist = nsb_v3_norm(dd);
  *n = dist > 0.0 ? nsb_v3_scale(1.0 / dist, dd) : n_prev;
  return dist - o->radius - r;
}

/* ---- radii and masses ---------------------------------------------------------------- */

double nsb_contact_beam_radius(const nsb_model* m, const nsb_contact_pair* p, int el) {
  if (p->master_radius >= 0.0) return p->master_radius;
  return nsb_section_contact_radius(&m->sections.data[m->elements.data[el].section]);
}

/* A contact node is a particle (its radius and mass) or a beam node (slaves
   only: the pair's SLAVE RADIUS or the sections' radius, half the adjacent
   elements' mass; nsb_model_beam_node_contact).  p = NULL for master nodes,
   which are particles. */
double nsb_contact_node_radius(const nsb_model* m, const nsb_contact_pair* p, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  if (nd->body_kind == NSB_BODY_PARTICLE) return m->particles.data[nd->body].radius;
  if (nd->body_kind == NSB_BODY_RIGID) return p && p->slave_radius >= 0.0 ? p->slave_radius : 0.0;
  return p && p->slave_radius >= 0.0 ? p->slave_radius : nd->contact_radius;
}

double nsb_rect_support(const double ra[2], const double re[2][3], nsb_mat3 R, nsb_vec3 n) {
  nsb_vec3 rn = nsb_m3_tmulv(R, n);
  return ra[0] * fabs(nsb_v3_dot(rn, nsb_v3_load(re[0]))) + ra[1] * fabs(nsb_v3_dot(rn, nsb_v3_load(re[1])));
}

int nsb_contact_rect_choose(nsb_contact_shape* sh, nsb_mat3 R, nsb_vec3 n, int framed_ok) {
  nsb_vec3 rn = nsb_m3_tmulv(R, n);
  double c[2];
  for (int k = 0; k < 2; ++k) c[k] = nsb_v3_dot(rn, nsb_v3_load(sh->re[k]));
  int face[2] = {fabs(c[0]) <= NSB_RECT_FACE_EPS, fabs(c[1]) <= NSB_RECT_FACE_EPS};
  /* a side parallel to the plane (face[k]) with the beam's axis within
     NSB_RECT_LIE_EPS of it too (|n.R a|, a = e_0 x e_1): lying on a face */
  int lying = face[0] != face[1] &&
              fabs(nsb_v3_dot(rn, nsb_v3_cross(nsb_v3_load(sh->re[0]), nsb_v3_load(sh->re[1])))) <= NSB_RECT_LIE_EPS;
  int framed = 0;
  double s[3] = {0.0, 0.0, 0.0}, radius;
  if ((face[0] && face[1]) || lying) {
    /* lying on a face: the face's centre, a sphere at the node (both faces:
       a degenerate normal along the axis, touching with the end: the
       section's extent along the axis is 0) */
    radius = face[0] && face[1] ? 0.0 : face[0] ? sh->ra[1] : sh->ra[0];
  } else if (framed_ok && !face[0] && !face[1]) {
    framed = 1;
    radius = 0.0;
    nsb_vec3 v = nsb_v3_zero();
    for (int k = 0; k < 2; ++k) v = nsb_v3_muladd(v, c[k] > 0.0 ? -sh->ra[k] : sh->ra[k], nsb_v3_load(sh->re[k]));
    nsb_v3_store(v, s);
  } else {
    /* off the faces without the node's moment, or a side parallel to the
       plane with the axis tilted: a sphere of radius h(n) (at the edge
       a_j |c_j|, not a_j; docs/contact.md §8.3 on why not the edge's
       framed midpoint) */
    radius = sh->ra[0] * fabs(c[0]) + sh->ra[1] * fabs(c[1]);
  }
  int changed = framed != sh->framed || radius != sh->radius || memcmp(s, sh->s, sizeof s) != 0;
  sh->framed = framed;
  sh->radius = radius;
  memcpy(sh->s, s, sizeof s);
  return changed;
}

double nsb_contact_node_extent(const nsb_model* m, const nsb_contact_pair* p, int node, nsb_vec3 n, nsb_mat3 R) {
  const nsb_node* nd = &m->nodes.data[node];
  if (nd->body_kind != NSB_BODY_NONE || !nd->contact_rect || p->slave_radius >= 0.0 || p->points >= 0 ||
      p->master_kind != NSB_MASTER_OBSTACLE || m->obstacles.data[p->master].kind != NSB_OBSTACLE_PLANE ||
      m->obstacles.data[p->master].body >= 0)
    return nsb_contact_node_radius(m, p, node);
  return nsb_rect_support(nd->contact_half, (const double(*)[3])nd->contact_axes, R, n);
}

/* The rectangle of a master beam (docs/contact.md §8.4).  With the frame
   coordinates y = (d.u1, d.u2, d.u3) of d = x_p - x_c (u1 = e/|e|) and the
   distance phi(y) to the rectangle, g = phi and n_k = d phi/d y_k, so
     dg = n.dd + sum_k n_k d.du_k,
   dd = dx_p - (1 - xi) dx_A - xi dx_B - e dxi (n.e = 0 on the interior, where
   y1 = 0); du3 = du1 x u2 + u1 x du2 turns the frame term into
   du1.alpha + du2.beta, alpha = n1 d + n3 u2 x d, beta = n2 d + n3 d x u1, and
   du2 = (I - u2 u2^T)/rho (P dm - du1 (u1.m) - u1 (m.du1)), rho = |P m|,
   du1 = P (dx_B - dx_A)/|e|, dm = (R_B a_B - R_A a_A) dxi - (1 - xi) R_A S(a_A)
   dTheta_A - xi R_B S(a_B) dTheta_B, dxi from xi = (x_p - x_A).e/e.e on the
   interior (0 at a clamped end). */
double nsb_rect_master_distance(const double ra[2], const double a[2][3], const int cap[2], nsb_vec3 xp, nsb_vec3 xa,
                                nsb_vec3 xb, nsb_mat3 RA, nsb_mat3 RB, nsb_vec3 n_prev, nsb_vec3* n, nsb_vec3 grad[5]) {
  for (int b = 0; b < 5; ++b) grad[b] = nsb_v3_zero();
  *n = n_prev;
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev), L = sqrt(L2);
  if (!(L2 > 0.0)) return 0.0;
  double xi = nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2;
  int interior = xi > 0.0 && xi < 1.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  nsb_vec3 u1 = nsb_v3_scale(1.0 / L, ev);
  nsb_vec3 ma = nsb_m3_mulv(RA, nsb_v3_load(a[0])), mb = nsb_m3_mulv(RB, nsb_v3_load(a[1]));
  nsb_vec3 m = nsb_v3_add(nsb_v3_scale(1.0 - xi, ma), nsb_v3_scale(xi, mb));
  nsb_vec3 pm = nsb_v3_muladd(m, -nsb_v3_dot(m, u1), u1);
  double rho = nsb_v3_norm(pm);
  if (!(rho > 0.0)) return 0.0;
  nsb_vec3 u2 = nsb_v3_scale(1.0 / rho, pm), u3 = nsb_v3_cross(u1, u2);
  nsb_vec3 d = nsb_v3_sub(xp, nsb_v3_muladd(xa, xi, ev));
  /* beyond an end: the axial offset counts only where the end's rectangle closes the beam */
  int axial = !interior && cap[xi > 0.5];
  double y[3] = {axial ? nsb_v3_dot(d, u1) : 0.0, nsb_v3_dot(d, u2), nsb_v3_dot(d, u3)};
  double o2 = fabs(y[1]) - ra[0], o3 = fabs(y[2]) - ra[1];
  double q[3] = {y[0], o2 > 0.0 ? copysign(o2, y[1]) : 0.0, o3 > 0.0 ? copysign(o3, y[2]) : 0.0};
  double dist = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]), nk[3] = {0.0, 0.0, 0.0};
  if (dist > 0.0) {
    for (int k = 0; k < 3; ++k) nk[k] = q[k] / dist;
  } else if (o2 >= o3) {
    /* inside: the nearer face */
    dist = o2;
    nk[1] = y[1] < 0.0 ? -1.0 : 1.0;
  } else {
    dist = o3;
    nk[2] = y[2] < 0.0 ? -1.0 : 1.0;
  }
  if (dist == 0.0 && ra[0] == 0.0 && ra[1] == 0.0) return 0.0;
  nsb_vec3 nv = nsb_v3_add(nsb_v3_scale(nk[0], u1), nsb_v3_add(nsb_v3_scale(nk[1], u2), nsb_v3_scale(nk[2], u3)));
  *n = nv;
  /* the frame's turn */
  nsb_vec3 alpha = nsb_v3_add(nsb_v3_scale(nk[0], d), nsb_v3_scale(nk[2], nsb_v3_cross(u2, d)));
  nsb_vec3 beta = nsb_v3_add(nsb_v3_scale(nk[1], d), nsb_v3_scale(nk[2], nsb_v3_cross(d, u1)));
  nsb_vec3 gam = nsb_v3_scale(1.0 / rho, nsb_v3_muladd(beta, -nsb_v3_dot(u2, beta), u2));
  nsb_vec3 A = nsb_v3_sub(nsb_v3_muladd(alpha, -nsb_v3_dot(u1, m), gam), nsb_v3_scale(nsb_v3_dot(gam, u1), m));
  nsb_vec3 B = nsb_v3_muladd(gam, -nsb_v3_dot(gam, u1), u1);
  nsb_vec3 PA = nsb_v3_scale(1.0 / L, nsb_v3_muladd(A, -nsb_v3_dot(A, u1), u1));
  grad[0] = nv;
  grad[1] = nsb_v3_sub(nsb_v3_scale(-(1.0 - xi), nv), PA);
  grad[3] = nsb_v3_add(nsb_v3_scale(-xi, nv), PA);
  grad[2] = nsb_v3_scale(1.0 - xi, nsb_v3_cross(nsb_v3_load(a[0]), nsb_m3_tmulv(RA, B)));
  grad[4] = nsb_v3_scale(xi, nsb_v3_cross(nsb_v3_load(a[1]), nsb_m3_tmulv(RB, B)));
  if (interior) {
    /* the closest point's motion along the axis: d xi = (dx_p.e - dx_A.e + (x_p - x_A).(dx_B - dx_A)
       - 2 xi e.(dx_B - dx_A))/e.e */
    double cxi = (nsb_v3_dot(B, nsb_v3_sub(mb, ma)) - nsb_v3_dot(nv, ev)) / L2;
    nsb_vec3 r = nsb_v3_muladd(nsb_v3_sub(xp, xa), -2.0 * xi, ev);
    grad[0] = nsb_v3_muladd(grad[0], cxi, ev);
    grad[1] = nsb_v3_sub(grad[1], nsb_v3_scale(cxi, nsb_v3_add(ev, r)));
    grad[3] = nsb_v3_muladd(grad[3], cxi, r);
  }
  return dist;
}

int nsb_contact_rect_master(const nsb_model* m, const nsb_contact_pair* p, int el, double half[2], double a[2][3]) {
  /* HERTZ without friction (docs/contact.md §8.4); NEWTON with or without,
     simultaneous impacts (§8.5) */
  int law = (p->law == NSB_CONTACT_NEWTON && p->impact == NSB_IMPACT_SIMULTANEOUS) ||
            (p->law == NSB_CONTACT_HERTZ && !(p->friction > 0.0));
  if (p->master_kind != NSB_MASTER_BEAMS || !law || p->centreline != NSB_CENTRELINE_CHORD || p->master_radius >= 0.0)
    return 0;
  /* NEWTON: non-square rectangles only (a square keeps its inscribed circle,
     and the held rows of the chord that hand a sliding particle on at a node) */
  return nsb_beam_contact_rect(m, el, half, a) && (p->law != NSB_CONTACT_NEWTON || half[0] != half[1]);
}

double nsb_contact_beam_extent(const nsb_model* m, const nsb_contact_pair* p, int el) {
  double half[2], a[2][3];
  if (nsb_contact_rect_master(m, p, el, half, a)) return hypot(half[0], half[1]);
  return nsb_contact_beam_radius(m, p, el);
}

double nsb_contact_node_mass(const nsb_model* m, int node) {
  const nsb_node* nd = &m->nodes.data[node];
  if (nd->body_kind == NSB_BODY_RIGID) return m->rigid_bodies.data[nd->body].mass;
  return nd->body_kind == NSB_BODY_PARTICLE ? m->particles.data[nd->body].mass : nd->contact_mass;
}

/* ---- one contact ------------------------------------------------------------------ */

/* Point-to-point part shared by spheres, particles and chords: d = x_p - c. */
static void geo_point(nsb_contact_geo* G, nsb_vec3 d, nsb_vec3 fallback_n) {
  double dist = nsb_v3_norm(d);
  if (!(dist > 0.0)) {
    G->degenerate = 1;
    G->n = fallback_n;
    G->Pd = nsb_m3_zero();
    G->g = 0.0; /* the distance: the caller's g - radius is then -radius */
    return;
  }
  G->n = nsb_v3_scale(1.0 / dist, d);
  G->Pd = nsb_m3_scale(1.0 / dist, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(G->n, G->n)));
  G->g = dist;
}

/* Sphere of radius sh->radius centred at xp against obstacle sh->master. */
static void obstacle_geometry(const nsb_contact_shape* sh, nsb_vec3 n_prev, const nsb_model* m, double t, nsb_vec3 xp,
                              nsb_contact_geo* G) {
  const nsb_obstacle* o = &m->obstacles.data[sh->master];
  nsb_vec3 off = nsb_obstacle_offset(m, o, t, &G->vobs);
  nsb_vec3 p = nsb_v3_add(nsb_v3_load(o->point), off);
  nsb_vec3 dir = nsb_v3_load(o->dir);
  G->nn = 1;
  if (o->kind == NSB_OBSTACLE_PLANE) {
    G->n = dir;
    G->g = nsb_v3_dot(dir, nsb_v3_sub(xp, p)) - sh->radius;
    G->point = nsb_v3_muladd(xp, -(G->g + sh->radius), dir);
    if (o->spin != 0.0) G->vobs = nsb_v3_add(G->vobs, nsb_obstacle_spin_velocity(o, nsb_v3_sub(G->point, p)));
    return;
  }
  nsb_vec3 dd = nsb_v3_sub(xp, p);
  if (o->kind == NSB_OBSTACLE_CYLINDER) dd = nsb_v3_muladd(dd, -nsb_v3_dot(dd, dir), dir);
  G->g = sh->radius;
  geo_point(G, dd, n_prev);
  if (o->kind == NSB_OBSTACLE_CYLINDER && !G->degenerate)
    G->Pd = nsb_m3_sub(G->Pd, nsb_m3_scale(1.0 / G->g, nsb_m3_outer(dir, dir)));
  G->point = nsb_v3_sub(xp, dd);
  G->g -= sh->radius + (o->kind == NSB_OBSTACLE_PLANE ? 0.0 : o->radius);
  /* a spinning cylinder's surface point moves with spin a x (s - p) */
  if (o->spin != 0.0) {
    nsb_vec3 s = nsb_v3_muladd(xp, -(G->g + sh->radius), G->n);
    G->vobs = nsb_v3_add(G->vobs, nsb_obstacle_spin_velocity(o, nsb_v3_sub(s, p)));
  }
}

/* Framed slave: the rotation's part of the gap gradient, its derivative and
   the contact point's velocity from the body angular velocity (docs/contact.md
   §8.1).  With R -> R exp(S(dTheta)): dc = -R S(s) dTheta = JS dTheta,
   d(JS^T n)/dTheta = JS^T P_d JS + S(s) S(R^T n), and the contact point
   c - r n moves with v + R (w x R^T arm) = v + JA w, JA = -S(arm) R. */
static void framed_geometry(const nsb_contact_shape* sh, nsb_mat3 R, nsb_contact_geo* G) {
  nsb_vec3 s = nsb_v3_load(sh->s);
  G->framed = 1;
  G->JS = nsb_m3_scale(-1.0, nsb_m3_mul(R, nsb_m3_skew(s)));
  G->QS = nsb_m3_mul(nsb_m3_skew(s), nsb_m3_skew(nsb_m3_tmulv(R, G->n)));
  nsb_vec3 arm = nsb_v3_muladd(nsb_m3_mulv(R, s), -sh->radius, G->n);
  G->JA = nsb_m3_scale(-1.0, nsb_m3_mul(nsb_m3_skew(arm), R));
}

static void hermite_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev, const nsb_state* st,
                             nsb_contact_geo* G);

/* A framed slave's sphere (centre c, radius r = sh->radius) against the plane
   face of the rigid body at node 1 (docs/contact.md §8.2): normal n = Rm n_b,
   face point d = x_m + Rm p_b (body frame n_b, p_b relative to the node),
   gap g = n.(c - d) - r, weights (1, -1).  Both bodies take the force at the
   slave's contact point q = c - r n.  A bounded face (radius R > 0) is open
   where the centre projects outside the disk of radius R about d: the gap is
   then the centre's distance from the rim minus r, at least 0 (an edge
   contact is not modelled: Stamm 2011, §3.2, asks for boundaryless masters). */
static void body_face_geometry(const nsb_elem* e, const nsb_contact_shape* sh, const nsb_model* m,
                               const nsb_state* st, nsb_vec3 c, nsb_contact_geo* G) {
  const nsb_obstacle* o = &m->obstacles.data[sh->master];
  int mn = e->nodes[1];
  nsb_mat3 Rm = nsb_q_to_m3(nsb_st_q(st, mn));
  nsb_vec3 xm = nsb_st_x(st, mn), nb = nsb_v3_load(o->dir);
  nsb_vec3 n = nsb_m3_mulv(Rm, nb), d = nsb_v3_add(xm, nsb_m3_mulv(Rm, nsb_v3_load(o->point)));
  double hn = nsb_v3_dot(n, nsb_v3_sub(c, d));
  G->nn = 2;
  G->w[1] = -1.0;
  G->body = 1;
  G->n = n;
  G->g = hn - sh->radius;
  G->point = nsb_v3_muladd(c, -hn, n);
  G->vobs = nsb_v3_zero();
  G->Pd = nsb_m3_zero();
  if (o->radius > 0.0) {
    double rho = nsb_v3_norm(nsb_v3_sub(G->point, d));
    if (rho > o->radius) {
      G->outside = 1;
      G->g = fmax(sqrt(hn * hn + (rho - o->radius) * (rho - o->radius)) - sh->radius, 0.0);
    }
  }
  G->Rm = Rm;
  G->nb = nb;
  G->cm = nsb_v3_sub(c, xm);
  G->bm = nsb_v3_muladd(G->cm, -sh->radius, n);
  G->JN = nsb_m3_scale(-1.0, nsb_m3_mul(Rm, nsb_m3_skew(nb)));
  G->JB = nsb_m3_scale(-1.0, nsb_m3_mul(nsb_m3_skew(G->bm), Rm));
}

/* The members every contact has, cleared member by member: a kind's own
   block (Hermite, framed, body face) is written whole by that kind.  A
   particle's increment cleared all 1.4 kB of G twice (a string store whose
   start-up alone was half of this function's time); memset of the 320-byte
   head compiles to the same string store. */
_Static_assert(offsetof(nsb_contact_geo, xi) == 440, "nsb_contact_geo's head changed: clear every member in clear_common");
static void clear_common(nsb_contact_geo* G) {
  const nsb_vec3 z = nsb_v3_zero();
  G->nn = 0;
  G->w[0] = G->w[1] = G->w[2] = 0.0;
  G->n = G->point = G->vobs = z;
  G->g = 0.0;
  G->Pd = nsb_m3_zero();
  G->interior = 0;
  G->a[0] = G->a[1] = G->a[2] = z;
  G->gxx = 0.0;
  G->degenerate = G->hermite = G->framed = G->body = G->outside = G->rectm = 0;
  for (int b = 0; b < 5; ++b) G->gr[b] = z;
  G->xc = z;
}

static void rect_master_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev,
                                 const nsb_state* st, nsb_vec3 xp, nsb_vec3 xa, nsb_vec3 xb, nsb_contact_geo* G);

void nsb_contact_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev, const nsb_model* m,
                          const nsb_state* st, double t, nsb_contact_geo* G) {
  clear_common(G);
  const double* x = st->x;
  if (sh->hermite) {
    memset(&G->xi, 0, offsetof(nsb_contact_geo, JS) - offsetof(nsb_contact_geo, xi));
    hermite_geometry(e, sh, n_prev, st, G);
    return;
  }
  nsb_vec3 xp = nsb_v3_load(x + 3 * e->nodes[0]);
  G->w[0] = 1.0;
  nsb_mat3 Rs = nsb_m3_identity();
  if (sh->framed) {
    /* the sphere centre on the node's frame: c = x + R s */
    Rs = nsb_q_to_m3(nsb_st_q(st, e->nodes[0]));
    xp = nsb_v3_add(xp, nsb_m3_mulv(Rs, nsb_v3_load(sh->s)));
  }
  G->xc = xp;
  if (sh->kind == 3) {
    body_face_geometry(e, sh, m, st, xp, G);
    framed_geometry(sh, Rs, G);
    return;
  }
  if (sh->kind == 0) {
    obstacle_geometry(sh, n_prev, m, t, xp, G);
    if (sh->framed) framed_geometry(sh, Rs, G);
    return;
  }
  if (sh->kind == 1) {
    nsb_vec3 xq = nsb_v3_load(x + 3 * e->nodes[1]);
    G->nn = 2;
    G->w[1] = -1.0;
    G->g = sh->radius;
    geo_point(G, nsb_v3_sub(xp, xq), n_prev);
    G->point = xq;
    G->g -= sh->radius;
    return;
  }
  /* particle against the chord A-B */
  nsb_vec3 xa = nsb_v3_load(x + 3 * e->nodes[1]), xb = nsb_v3_load(x + 3 * e->nodes[2]);
  if (sh->rectm) {
    rect_master_geometry(e, sh, n_prev, st, xp, xa, xb, G);
    return;
  }
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0;
  G->interior = xi > 0.0 && xi < 1.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  nsb_vec3 c = nsb_v3_muladd(xa, xi, ev);
  G->nn = 3;
  G->w[1] = -(1.0 - xi);
  G->w[2] = -xi;
  G->g = sh->radius;
  geo_point(G, nsb_v3_sub(xp, c), n_prev);
  G->point = c;
  double dist = G->g;
  G->g -= sh->radius;
  if (G->interior && !G->degenerate) {
    /* closest-point motion: H = H|_xi - a a^T / g_xixi (docs/contact.md §5) */
    nsb_vec3 Pe = nsb_m3_mulv(G->Pd, ev); /* P e / |d| */
    G->gxx = nsb_v3_dot(ev, Pe);
    nsb_vec3 z[3] = {nsb_v3_zero(), G->n, nsb_v3_neg(G->n)};
    for (int j = 0; j < 3; ++j) G->a[j] = nsb_v3_muladd(z[j], -G->w[j], Pe);
    if (!(G->gxx > 1e-14 * L2 / dist)) G->interior = 0; /* dist > 0: not degenerate */
  }
}

/* A particle against a rectangular master (docs/contact.md §8.4): the
   distance to the rectangle at the chord's closest point, its gradient
   blocks gr, and the chord's weights in w (the master point's share). */
static void rect_master_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev,
                                 const nsb_state* st, nsb_vec3 xp, nsb_vec3 xa, nsb_vec3 xb, nsb_contact_geo* G) {
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  G->nn = 3;
  G->rectm = 1;
  G->w[1] = -(1.0 - xi);
  G->w[2] = -xi;
  G->point = nsb_v3_muladd(xa, xi, ev);
  nsb_mat3 RA = nsb_q_to_m3(nsb_st_q(st, e->nodes[1])), RB = nsb_q_to_m3(nsb_st_q(st, e->nodes[2]));
  nsb_vec3 n = n_prev, gr[5]; /* locals, copied: GCC's object-size check under the sanitizers misjudges G->gr */
  double dist = nsb_rect_master_distance(sh->ra, (const double(*)[3])sh->am, sh->mcap, xp, xa, xb, RA, RB, n_prev, &n, gr);
  G->n = n;
  memcpy(G->gr, gr, sizeof gr);
  G->degenerate = nsb_v3_dot(G->gr[0], G->gr[0]) == 0.0;
  G->g = dist - sh->radius;
}

void nsb_rect_master_hessian(const nsb_elem* e, const nsb_contact_shape* sh, const nsb_state* st, nsb_mat3 H[5][5]) {
  nsb_vec3 x[3];
  nsb_mat3 R[2];
  for (int j = 0; j < 3; ++j) x[j] = nsb_v3_load(st->x + 3 * e->nodes[j]);
  for (int k = 0; k < 2; ++k) R[k] = nsb_q_to_m3(nsb_st_q(st, e->nodes[1 + k]));
  const double hx = 1e-6 * nsb_v3_norm(nsb_v3_sub(x[2], x[1])), hr = 1e-6;
  const double(*am)[3] = (const double(*)[3])sh->am;
  nsb_vec3 n0 = nsb_v3(0.0, 0.0, 1.0), n, gp[5], gm[5];
  for (int c = 0; c < 5; ++c) {
    int rot = c == 2 || c == 4, j = c == 0 ? 0 : c < 3 ? 1 : 2;
    double h = rot ? hr : hx;
    for (int k = 0; k < 3; ++k) {
      nsb_vec3 dk = nsb_v3_zero();
      (&dk.x)[k] = h;
      nsb_vec3 xs[2][3] = {{x[0], x[1], x[2]}, {x[0], x[1], x[2]}};
      nsb_mat3 Rs[2][2] = {{R[0], R[1]}, {R[0], R[1]}};
      if (rot) {
        Rs[0][j - 1] = nsb_m3_mul(R[j - 1], nsb_so3_exp(dk));
        Rs[1][j - 1] = nsb_m3_mul(R[j - 1], nsb_so3_exp(nsb_v3_neg(dk)));
      } else {
        xs[0][j] = nsb_v3_add(x[j], dk);
        xs[1][j] = nsb_v3_sub(x[j], dk);
      }
      (void)nsb_rect_master_distance(sh->ra, am, sh->mcap, xs[0][0], xs[0][1], xs[0][2], Rs[0][0], Rs[0][1], n0, &n, gp);
      (void)nsb_rect_master_distance(sh->ra, am, sh->mcap, xs[1][0], xs[1][1], xs[1][2], Rs[1][0], Rs[1][1], n0, &n, gm);
      /* column k of the blocks H[r][c] */
      for (int r = 0; r < 5; ++r) {
        nsb_vec3 col = nsb_v3_scale(0.5 / h, nsb_v3_sub(gp[r], gm[r]));
        H[r][c].c[3 * k] = col.x;
        H[r][c].c[3 * k + 1] = col.y;
        H[r][c].c[3 * k + 2] = col.z;
      }
    }
  }
}

/* Hessian block H_ij of the gap (translations of nodes i, j). */
nsb_mat3 nsb_contact_gap_hessian(const nsb_contact_geo* G, int i, int j) {
  nsb_mat3 H = nsb_m3_scale(G->w[i] * G->w[j], G->Pd);
  if (G->interior) H = nsb_m3_sub(H, nsb_m3_scale(1.0 / G->gxx, nsb_m3_outer(G->a[i], G->a[j])));
  return H;
}

/* ---- Hermite centreline (CENTRELINE=HERMITE, docs/contact.md §5.1) ------------------ */

/* Cubic Hermite basis on [0, 1] and its first two derivatives,
   h = (h00, h01, h10, h11) = (2s^3 - 3s^2 + 1, 3s^2 - 2s^3, s^3 - 2s^2 + s, s^3 - s^2);
   the curve is c(s) = h00 x_A + h01 x_B + h10 t_A + h11 t_B with t_k = R_k b_k. */
static void hermite_basis(double s, double h[4], double h1[4], double h2[4]) {
  h[0] = (2.0 * s - 3.0) * s * s + 1.0;
  h[1] = (3.0 - 2.0 * s) * s * s;
  h[2] = ((s - 2.0) * s + 1.0) * s;
  h[3] = (s - 1.0) * s * s;
  h1[0] = 6.0 * s * (s - 1.0);
  h1[1] = -h1[0];
  h1[2] = (3.0 * s - 4.0) * s + 1.0;
  h1[3] = (3.0 * s - 2.0) * s;
  h2[0] = 12.0 * s - 6.0;
  h2[1] = -h2[0];
  h2[2] = 6.0 * s - 4.0;
  h2[3] = 6.0 * s - 2.0;
}

static nsb_vec3 hermite_comb(const nsb_vec3 P[4], const double h[4]) {
  nsb_vec3 c = nsb_v3_scale(h[0], P[0]);
  for (int i = 1; i < 4; ++i) c = nsb_v3_muladd(c, h[i], P[i]);
  return c;
}

/* f(s) = d/ds |x_p - c(s)|^2 / 2 = -(x_p - c).c'  and  f'(s) = |c'|^2 - (x_p - c).c'';
   *dist2 = |x_p - c(s)|^2. */
static double hermite_f(const nsb_vec3 P[4], nsb_vec3 xp, double s, double* fp, double* dist2) {
  double h[4], h1[4], h2[4];
  hermite_basis(s, h, h1, h2);
  nsb_vec3 dv = nsb_v3_sub(xp, hermite_comb(P, h)), c1 = hermite_comb(P, h1), c2 = hermite_comb(P, h2);
  *fp = nsb_v3_dot(c1, c1) - nsb_v3_dot(dv, c2);
  *dist2 = nsb_v3_dot(dv, dv);
  return -nsb_v3_dot(dv, c1);
}

/* Closest point s* in [0, 1] of x_p to the curve, from the chord projection s0.
   If f(0) < 0 < f(1) the interval brackets an interior minimum: Newton on f
   safeguarded by bisection (Numerical Recipes' rtsafe: a Newton step that
   leaves the bracket or does not halve the step gives way to bisection; the
   bracket shrinks with the sign of f), so it always converges.  Otherwise an
   end is a local minimum (f(0) >= 0 or f(1) <= 0); an interior minimum may
   still exist, so unbracketed Newton from s0 is tried and accepted only if
   it stays in (0, 1), converges and has f' > 0; the nearest candidate wins.
   Rejected: Newton from s0 alone (diverges or leaves [0, 1] near the element
   ends, where the chord projection clamps), and a global scan (cost, and the
   curve of one element has one minimum for any realistic bending: several
   need the element bent by more than ~180 degrees). */
static double hermite_closest(const nsb_vec3 P[4], nsb_vec3 xp, double s0) {
  const double tol = 1e-15;
  double fp, d2, d0, d1;
  double f0 = hermite_f(P, xp, 0.0, &fp, &d0), f1 = hermite_f(P, xp, 1.0, &fp, &d1);
  s0 = s0 < 0.0 ? 0.0 : s0 > 1.0 ? 1.0 : s0;
  if (f0 < 0.0 && f1 > 0.0) {
    double lo = 0.0, hi = 1.0, s = s0 > 0.0 && s0 < 1.0 ? s0 : 0.5, dx = 1.0, dxold = 1.0;
    double f = hermite_f(P, xp, s, &fp, &d2);
    for (int it = 0; it < 200; ++it) {
      if (f < 0.0) lo = s;
      else if (f > 0.0) hi = s;
      else break;
      int newton = fp > 0.0 && ((s - hi) * fp - f) * ((s - lo) * fp - f) < 0.0 && fabs(2.0 * f) <= fabs(dxold * fp);
      dxold = dx;
      if (newton) {
        dx = f / fp;
        s -= dx;
      } else {
        dx = 0.5 * (hi - lo);
        s = lo + dx;
      }
      if (fabs(dx) <= tol) break;
      f = hermite_f(P, xp, s, &fp, &d2);
    }
    return s;
  }
  double best = f0 >= 0.0 && !(f1 <= 0.0 && d1 < d0) ? 0.0 : 1.0;
  double dbest = best == 0.0 ? d0 : d1;
  if (s0 > 0.0 && s0 < 1.0) {
    double s = s0;
    for (int it = 0; it < 50 && s > 0.0 && s < 1.0; ++it) {
      double f = hermite_f(P, xp, s, &fp, &d2);
      if (!(fp > 0.0)) break;
      double dx = f / fp;
      s -= dx;
      if (fabs(dx) <= tol) {
        (void)hermite_f(P, xp, s, &fp, &d2);
        if (s > 0.0 && s < 1.0 && fp > 0.0 && d2 < dbest) best = s;
        break;
      }
    }
  }
  return best;
}

/* Geometry of a particle against the Hermite centreline of the element
   (nodes 1, 2 of e).  With D = x_p - c(xi*), J_q = dD/dq at fixed xi
   (slave I, A: -h00 I and JR_A, B: -h01 I and JR_B), the gap gradient is
   J^T n, and its derivative (the Hessian with body-frame rotation
   increments) is H = J^T P_d J + Q - a a^T / psi_xixi (docs/contact.md §5.1). */
static void hermite_geometry(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 n_prev, const nsb_state* st,
                             nsb_contact_geo* G) {
  nsb_vec3 xp = nsb_st_x(st, e->nodes[0]);
  nsb_vec3 xa = nsb_st_x(st, e->nodes[1]), xb = nsb_st_x(st, e->nodes[2]);
  G->hermite = 1;
  G->nn = 3;
  for (int k = 0; k < 2; ++k) {
    G->R[k] = nsb_q_to_m3(nsb_st_q(st, e->nodes[1 + k]));
    G->b[k] = nsb_v3_load(sh->b[k]);
  }
  nsb_vec3 P[4] = {xa, xb, nsb_m3_mulv(G->R[0], G->b[0]), nsb_m3_mulv(G->R[1], G->b[1])};
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = hermite_closest(P, xp, L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0);
  double h1[4], h2[4];
  hermite_basis(xi, G->h, h1, h2);
  nsb_vec3 c = hermite_comb(P, G->h), c1 = hermite_comb(P, h1), c2 = hermite_comb(P, h2);
  G->xi = xi;
  G->w[0] = 1.0;
  G->w[1] = -G->h[0];
  G->w[2] = -G->h[1];
  nsb_mat3 RS[2];
  for (int k = 0; k < 2; ++k) {
    RS[k] = nsb_m3_mul(G->R[k], nsb_m3_skew(G->b[k]));
    G->JR[k] = nsb_m3_scale(G->h[2 + k], RS[k]);
  }
  G->g = sh->radius;
  geo_point(G, nsb_v3_sub(xp, c), n_prev);
  G->point = c;
  double dist = G->g;
  G->g -= sh->radius;
  if (G->degenerate) return;
  for (int k = 0; k < 2; ++k)
    G->Q[k] = nsb_m3_scale(-G->h[2 + k], nsb_m3_mul(nsb_m3_skew(G->b[k]), nsb_m3_skew(nsb_m3_tmulv(G->R[k], G->n))));
  G->interior = xi > 0.0 && xi < 1.0;
  if (!G->interior) return;
  /* closest-point motion: psi_xi = -n.c', psi_xixi = c'^T P_d c' - n.c'',
     a = d psi_xi / dq = -J^T P_d c' + J'^T n, J' = dJ/dxi (slave 0) */
  nsb_vec3 Pc = nsb_m3_mulv(G->Pd, c1);
  G->gxx = nsb_v3_dot(c1, Pc) - nsb_v3_dot(G->n, c2);
  const double wp[3] = {0.0, -h1[0], -h1[1]};
  for (int j = 0; j < 3; ++j) G->a[j] = nsb_v3_add(nsb_v3_scale(-G->w[j], Pc), nsb_v3_scale(wp[j], G->n));
  for (int k = 0; k < 2; ++k)
    G->ar[k] = nsb_v3_add(nsb_v3_neg(nsb_m3_tmulv(G->JR[k], Pc)), nsb_v3_scale(h1[2 + k], nsb_m3_tmulv(RS[k], G->n)));
  if (!(G->gxx > 1e-14 * L2 / dist)) G->interior = 0; /* dist > 0: not degenerate */
}

/* The Hermite centreline's unit normal at an arbitrary point xp (the master
   element's nodes at state st), n = D/|D| with D = xp - c(xi*), and its
   derivatives Nq[5] in (xp, x_A, Theta_A, x_B, Theta_B) (Theta_k body-frame
   rotation increments, as JR): with dD = J dq - c' dxi and dxi = -a^T dq /
   psi_xixi (hermite_geometry's J, a and psi_xixi), dn/dq = P_d J + P_d c'
   a^T/psi_xixi (P_d J alone at an end).  Past an end (a particle crossing
   into the next element within the increment) the foot point is on the cubic
   continued beyond it (C1 with the next element's curve), by Newton within a
   quarter of the element, taken when its last step is within 1e-12 (the
   steps stall at the round-off of xi, whether one falls below 1e-15 depended
   on the last bits of the positions: the normal jumped between the
   continued foot point and the end, docs/contact.md §7).  Returns |D|; 0
   (n = n_prev, Nq zero) when D vanishes. */
double nsb_contact_hermite_normal(const nsb_elem* e, const nsb_contact_shape* sh, nsb_vec3 xp, const nsb_state* st,
                                  nsb_vec3 n_prev, nsb_vec3* n, nsb_mat3 Nq[5]) {
  nsb_vec3 xa = nsb_st_x(st, e->nodes[1]), xb = nsb_st_x(st, e->nodes[2]);
  nsb_mat3 R[2] = {nsb_q_to_m3(nsb_st_q(st, e->nodes[1])), nsb_q_to_m3(nsb_st_q(st, e->nodes[2]))};
  nsb_vec3 b[2] = {nsb_v3_load(sh->b[0]), nsb_v3_load(sh->b[1])};
  nsb_vec3 P[4] = {xa, xb, nsb_m3_mulv(R[0], b[0]), nsb_m3_mulv(R[1], b[1])};
  nsb_vec3 ev = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(ev, ev);
  double xi = hermite_closest(P, xp, L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), ev) / L2 : 0.0);
  if (!(xi > 0.0 && xi < 1.0)) {
    double s = xi, fp, d2, dx = 1.0;
    for (int it = 0; it < 50; ++it) {
      double f = hermite_f(P, xp, s, &fp, &d2);
      if (!(fp > 0.0)) break;
      dx = f / fp;
      s -= dx;
      if (!(s > -0.25 && s < 1.25)) break;
      if (fabs(dx) <= 1e-15) break;
    }
    if (s > -0.25 && s < 1.25 && fabs(dx) <= 1e-12) xi = s;
  }
  double h[4], h1[4], h2[4];
  hermite_basis(xi, h, h1, h2);
  nsb_vec3 D = nsb_v3_sub(xp, hermite_comb(P, h));
  double dist = nsb_v3_norm(D);
  *n = n_prev;
  for (int k = 0; k < 5; ++k) Nq[k] = nsb_m3_zero();
  if (!(dist > 0.0)) return 0.0;
  *n = nsb_v3_scale(1.0 / dist, D);
  const nsb_mat3 Pd = nsb_m3_scale(1.0 / dist, nsb_m3_sub(nsb_m3_identity(), nsb_m3_outer(*n, *n)));
  nsb_mat3 RS[2] = {nsb_m3_mul(R[0], nsb_m3_skew(b[0])), nsb_m3_mul(R[1], nsb_m3_skew(b[1]))};
  Nq[0] = Pd;
  Nq[1] = nsb_m3_scale(-h[0], Pd);
  Nq[3] = nsb_m3_scale(-h[1], Pd);
  Nq[2] = nsb_m3_mul(Pd, nsb_m3_scale(h[2], RS[0]));
  Nq[4] = nsb_m3_mul(Pd, nsb_m3_scale(h[3], RS[1]));
  if (xi == 0.0 || xi == 1.0) return dist;
  nsb_vec3 c1 = hermite_comb(P, h1), Pc = nsb_m3_mulv(Pd, c1);
  double gxx = nsb_v3_dot(c1, Pc) - nsb_v3_dot(*n, hermite_comb(P, h2));
  if (!(gxx > 1e-14 * L2 / dist)) return dist;
  /* a = d psi_xi / dq, psi_xi = -n.c' */
  nsb_vec3 a[5];
  a[0] = nsb_v3_neg(Pc);
  a[1] = nsb_v3_add(nsb_v3_scale(h[0], Pc), nsb_v3_scale(-h1[0], *n));
  a[3] = nsb_v3_add(nsb_v3_scale(h[1], Pc), nsb_v3_scale(-h1[1], *n));
  for (int k = 0; k < 2; ++k)
    a[2 + 2 * k] = nsb_v3_add(nsb_v3_neg(nsb_m3_tmulv(nsb_m3_scale(h[2 + k], RS[k]), Pc)),
                              nsb_v3_scale(h1[2 + k], nsb_m3_tmulv(RS[k], *n)));
  for (int k = 0; k < 5; ++k) Nq[k] = nsb_m3_add(Nq[k], nsb_m3_scale(1.0 / gxx, nsb_m3_outer(Pc, a[k])));
  return dist;
}

/* Hermite: sum_k JR_k w_k, the rotational part of the relative velocity
   x_p' - c'|xi (jr: the two 3x3 blocks, column-major, one after the other). */
nsb_vec3 nsb_contact_hermite_rot_velocity(const nsb_elem* e, const double* jr, const nsb_state* st) {
  nsb_vec3 v = nsb_v3_zero();
  for (int k = 0; k < 2; ++k) {
    if (e->node_ndof[1 + k] != 6) continue;
    nsb_mat3 J;
    memcpy(J.c, jr + 9 * k, sizeof J.c);
    v = nsb_v3_add(v, nsb_m3_mulv(J, nsb_st_w(st, e->nodes[1 + k])));
  }
  return v;
}

void nsb_contact_geo_jr(const nsb_contact_geo* G, double jr[2][9]) {
  for (int k = 0; k < 2; ++k) memcpy(jr[k], G->JR[k].c, sizeof G->JR[k].c);
}

/* Relative velocity of the slave with respect to the master point: sum_j w_j v_j - v_obs. */
nsb_vec3 nsb_contact_rel_velocity(const nsb_elem* e, const double* w, const nsb_state* st, nsb_vec3 vobs) {
  nsb_vec3 v = nsb_v3_neg(vobs);
  for (int j = 0; j < e->n_nodes; ++j) v = nsb_v3_muladd(v, w[j], nsb_st_v(st, e->nodes[j]));
  return v;
}

void nsb_contact_tangents(nsb_vec3 n, nsb_vec3* t1, nsb_vec3* t2) {
  nsb_vec3 a = fabs(n.x) < 0.6 ? nsb_v3(1, 0, 0) : fabs(n.y) < 0.6 ? nsb_v3(0, 1, 0) : nsb_v3(0, 0, 1);
  nsb_vec3 u = nsb_v3_muladd(a, -nsb_v3_dot(a, n), n);
  *t1 = nsb_v3_scale(1.0 / nsb_v3_norm(u), u);
  *t2 = nsb_v3_cross(n, *t1);
}

/* Relative velocity of the slave with respect to the contact point of the
   geometry G: the chord's sum_j w_j v_j - v_obs, plus sum_k JR_k w_k on the
   Hermite centreline (body angular velocities w_k). */
nsb_vec3 nsb_contact_framed_velocity(const nsb_elem* e, const double* ja, const nsb_state* st) {
  if (e->node_ndof[0] != 6) return nsb_v3_zero();
  nsb_mat3 J;
  memcpy(J.c, ja, sizeof J.c);
  return nsb_m3_mulv(J, nsb_st_w(st, e->nodes[0]));
}

nsb_vec3 nsb_contact_geo_velocity(const nsb_elem* e, const nsb_contact_geo* G, const nsb_state* st) {
  nsb_vec3 v = nsb_contact_rel_velocity(e, G->w, st, G->vobs);
  if (G->framed) v = nsb_v3_add(v, nsb_contact_framed_velocity(e, G->JA.c, st));
  if (G->body) v = nsb_v3_sub(v, nsb_m3_mulv(G->JB, nsb_st_w(st, e->nodes[1])));
  if (G->hermite) {
    double jr[2][9];
    nsb_contact_geo_jr(G, jr);
    v = nsb_v3_add(v, nsb_contact_hermite_rot_velocity(e, jr[0], st));
  }
  if (G->rectm) {
    /* the normal part: the gap's own rate, sum_b gr_b . qdot_b (body angular velocities) */
    double gd = 0.0;
    for (int b = 0; b < 5; ++b) {
      int j = b == 0 ? 0 : b < 3 ? 1 : 2;
      if ((b == 2 || b == 4) && e->node_ndof[j] != 6) continue;
      gd += nsb_v3_dot(G->gr[b], b == 2 || b == 4 ? nsb_st_w(st, e->nodes[j]) : nsb_st_v(st, e->nodes[j]));
    }
    v = nsb_v3_muladd(v, gd - nsb_v3_dot(G->n, v), G->n);
  }
  return v;
}

/* ---- beam centrelines ---------------------------------------------------------------- */

/* Hermite centreline: b_k = l R_k(0)^T T_k for the ends of beam element el,
   T_k the unit end tangents of nsb_joint_element_point (the node's *BEAM
   NODE FRAME G1, else the chord), l the initial chord and R_k(0) the node's
   initial rotation: identity, or the last *INITIAL CONDITIONS, TYPE=ROTATION
   of the node (as solver/system.c init_state sets it; beam nodes carry no
   manufactured rotation).  Work O(node frames + initial conditions), at
   candidate set-up only. */
void nsb_centreline_end_tangents(const nsb_model* m, int el, double b[2][3]) {
  nsb_joint j;
  memset(&j, 0, sizeof j);
  j.kind = NSB_JOINT_ELEMENT_POINT;
  j.element = el;
  j.xi = 0.5;
  double w[2], t[2], T[2][3], X0[3];
  nsb_joint_element_point(m, &j, w, t, T[0], T[1], X0);
  const nsb_element* E = &m->elements.data[el];
  nsb_vec3 XA = nsb_v3_load(m->nodes.data[E->nodes[0]].X), XB = nsb_v3_load(m->nodes.data[E->nodes[1]].X);
  double l = nsb_v3_norm(nsb_v3_sub(XB, XA));
  for (int k = 0; k < 2; ++k) {
    nsb_quat q0 = nsb_q_identity();
    for (int i = 0; i < m->initials.count; ++i) {
      const nsb_initial* in = &m->initials.data[i];
      if (in->kind == NSB_INIT_ROTATION && in->node == E->nodes[k]) q0 = nsb_so3_exp_q(nsb_v3_load(in->vec));
    }
    nsb_v3_store(nsb_v3_scale(l, nsb_q_rotate_inv(q0, nsb_v3_load(T[k]))), b[k]);
  }
}

/* Broad phase, Hermite centreline: a bound of the curve's distance from the
   chord that needs no rotations.  c(xi) - chord(xi) = h10 (t_A - e) + h11
   (t_B - e) (e = x_B - x_A, h01 - xi = -(h10 + h11)), |h10| + |h11| =
   xi (1 - xi) <= 1/4 and |t_k| = l, so |c - chord| <= (l + |e|)/4 whatever
   the node rotations.  The skin is added to |e| because the list must stay
   valid until a node has moved skin/2 (|e| grows by at most skin meanwhile).
   Rejected: the tighter rotation-dependent bound max |t_k - e| / 4, which
   would need the rotations in the broad phase and a rebuild trigger on
   rotations (the system watches translations only). */
double nsb_centreline_sag_bound(const nsb_model* m, int el, const double* x, double skin) {
  const nsb_element* E = &m->elements.data[el];
  nsb_vec3 XA = nsb_v3_load(m->nodes.data[E->nodes[0]].X), XB = nsb_v3_load(m->nodes.data[E->nodes[1]].X);
  nsb_vec3 e = nsb_v3_sub(nsb_v3_load(x + 3 * E->nodes[1]), nsb_v3_load(x + 3 * E->nodes[0]));
  return 0.25 * (nsb_v3_norm(nsb_v3_sub(XB, XA)) + nsb_v3_norm(e) + skin);
}

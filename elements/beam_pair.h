/* beam_pair.h -- 3-vectors of the beam kernels in SSE2 pairs of lanes: the
 * operations of base/vec.h's nsb_v3_* lane by lane, in the same order, so
 * with the same bits, in about two thirds of the arithmetic instructions
 * (elements/beam_velocity.c).  Each lane of a packed
 * addition, subtraction or multiplication is the IEEE operation of the
 * scalar form; nothing here reassociates or contracts.
 */
#ifndef NSB_BEAM_PAIR_H
#define NSB_BEAM_PAIR_H

#include "base/vec.h"

/* A pair of doubles in one SSE2 register (rates_alpha, q_mul_pk, interp):
   nsb_pair at any 8-byte address (the points' fields), nsb_pair16 aligned
   (a memory operand of the packed instructions). */
typedef double nsb_pair __attribute__((vector_size(16), aligned(8)));
typedef double nsb_pair16 __attribute__((vector_size(16)));

/* A 3-vector as the pair (x, y) and z (pk3): the operations of base/vec.h's
   nsb_v3_* lane by lane, in the same order, for the sums over the
   integration points (eval_galerkin_n) */
typedef struct pk3 {
  nsb_pair16 xy;
  double z;
} pk3;
static inline pk3 pk3_of(nsb_vec3 v) { return (pk3){{v.x, v.y}, v.z}; }
static inline nsb_vec3 v3_of(pk3 a) { return nsb_v3(a.xy[0], a.xy[1], a.z); }
static inline pk3 pk3_load(const double* p) { return (pk3){*(const nsb_pair*)p, p[2]}; }
static inline pk3 pk3_add(pk3 a, pk3 b) { return (pk3){a.xy + b.xy, a.z + b.z}; }
static inline pk3 pk3_muladd(pk3 a, double s, pk3 b) { return (pk3){a.xy + s * b.xy, a.z + s * b.z}; }
static inline pk3 pk3_diag(pk3 d, pk3 v) { return (pk3){d.xy * v.xy, d.z * v.z}; }
static inline pk3 pk3_cross(pk3 a, pk3 b) {
  const nsb_pair16 a_yz = {a.xy[1], a.z}, a_zx = {a.z, a.xy[0]}, b_zx = {b.z, b.xy[0]}, b_yz = {b.xy[1], b.z};
  return (pk3){a_yz * b_zx - a_zx * b_yz, a.xy[0] * b.xy[1] - a.xy[1] * b.xy[0]};
}

#endif

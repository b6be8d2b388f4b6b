/* broad_phase.c -- candidate lists of the contact elements; see broad_phase.h
 * and docs/contact.md §5 ("Candidates"). */
#include "contact/broad_phase.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "contact/geometry.h"

double nsb_contact_default_skin(const nsb_model* m) {
  /* only pairs searched in the cell grid depend on the skin: an obstacle
     lists every slave whatever the positions, so a model whose pairs all have
     obstacle masters never needs a new list (an infinite skin) */
  int grid = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) grid |= m->contact_pairs.data[ip].master_kind != NSB_MASTER_OBSTACLE;
  if (!grid) return HUGE_VAL;
  double r = 0.0, lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int i = 0; i < m->particles.count; ++i) r = fmax(r, m->particles.data[i].radius);
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->slave_nset >= 0) {
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      for (int a = 0; a < S->nodes.count; ++a) r = fmax(r, nsb_contact_node_radius(m, p, S->nodes.data[a]));
    }
    if (p->master_kind != NSB_MASTER_BEAMS) continue;
    const nsb_elset* es = &m->elsets.data[p->master];
    for (int k = 0; k < es->elements.count; ++k) r = fmax(r, nsb_contact_beam_radius(m, p, es->elements.data[k]));
  }
  for (int i = 0; i < m->nodes.count; ++i)
    for (int c = 0; c < 3; ++c) {
      lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
      hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
    }
  double size = 0.0;
  for (int c = 0; c < 3 && m->nodes.count > 0; ++c) size = fmax(size, hi[c] - lo[c]);
  /* half the largest radius: a pile of equal spheres then lists only its
     face neighbours (the candidate graph sets the fill of the direct solve:
     a skin of 2 r lists 26 neighbours per sphere and made the factorization
     17x slower in benchmarks/contact_scaling), at the price of a rebuild
     after every r/4 of motion; at least 1e-3 of the model's extent (both
     lengths of the model, so that the lists are built at the same moments in
     any units).  A model without any length (coincident points without
     radius) lists every pair once. */
  double s = fmax(0.5 * r, 1e-3 * size);
  return s > 0.0 ? s : HUGE_VAL;
}

typedef struct cell_item {
  uint64_t key;
  int item;
} cell_item;

static int cmp_cell(const void* a, const void* b) {
  const cell_item *x = a, *y = b;
  return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->item > y->item) - (x->item < y->item);
}

static uint64_t cell_key(long ix, long iy, long iz) {
  const long off = 1L << 20;
  return ((uint64_t)((ix + off) & 0x1FFFFF) << 42) | ((uint64_t)((iy + off) & 0x1FFFFF) << 21) |
         (uint64_t)((iz + off) & 0x1FFFFF);
}

static long cell_of(double x, double h) { return (long)floor(x / h); }

/* Grow *c to hold at least need entries. */
static int cand_reserve(nsb_ctx* ctx, nsb_contact_cand** c, int* cap, int need) {
  if (need <= *cap) return NSB_OK;
  int nc = *cap > 0 ? *cap : 64;
  while (nc < need) nc *= 2;
  void* p = nsb_realloc(ctx, *c, (size_t)*cap * sizeof(nsb_contact_cand), (size_t)nc * sizeof(nsb_contact_cand));
  if (!p) return NSB_ERR_ALLOC;
  *c = p;
  *cap = nc;
  return NSB_OK;
}

static double point_chord_distance(nsb_vec3 xp, nsb_vec3 xa, nsb_vec3 xb) {
  nsb_vec3 e = nsb_v3_sub(xb, xa);
  double L2 = nsb_v3_dot(e, e);
  double xi = L2 > 0.0 ? nsb_v3_dot(nsb_v3_sub(xp, xa), e) / L2 : 0.0;
  xi = xi < 0.0 ? 0.0 : xi > 1.0 ? 1.0 : xi;
  return nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_muladd(xa, xi, e)));
}

/* Room for need entries of size sz in a kept scratch array (contents
   dropped): grows geometrically, never shrinks. */
static int ws_reserve(nsb_ctx* ctx, void** p, int* cap, int need, size_t sz) {
  if (need <= *cap) return NSB_OK;
  int nc = *cap > 0 ? 2 * *cap : 64;
  while (nc < need) nc *= 2;
  void* q = nsb_alloc(ctx, (size_t)nc * sz);
  if (!q) return NSB_ERR_ALLOC;
  if (*p) nsb_free(ctx, *p, (size_t)*cap * sz);
  *p = q;
  *cap = nc;
  return NSB_OK;
}

void nsb_broad_ws_free(nsb_ctx* ctx, nsb_broad_ws* w) {
  if (w->bins) nsb_free(ctx, w->bins, (size_t)w->cap_bins * sizeof(cell_item));
  if (w->stamp) NSB_FREE_ARRAY(ctx, w->stamp, w->cap_stamp, int);
  w->bins = NULL;
  w->cap_bins = w->cap_stamp = 0;
}

/* Candidates of one pair against particles or beams through a cell grid:
   master items are binned by the cells their (inflated) boxes overlap, every
   slave looks at the 27 cells around its own.  Items found twice (boxes
   spanning cells) are skipped with a stamp per item.  The grid's arrays are
   the kept scratch ws. */
static int grid_candidates(nsb_ctx* ctx, const nsb_model* m, int ip, const double* x, double skin, nsb_broad_ws* ws,
                           nsb_contact_cand** out, int* cap, int* n_out) {
  const nsb_contact_pair* p = &m->contact_pairs.data[ip];
  const nsb_nset* S = &m->nsets.data[p->slave_nset];
  int beams = p->master_kind == NSB_MASTER_BEAMS;
  int hermite = beams && p->centreline == NSB_CENTRELINE_HERMITE;
  int n_items = beams ? m->elsets.data[p->master].elements.count : m->nsets.data[p->master].nodes.count;
  if (n_items == 0 || S->nodes.count == 0) return NSB_OK;
  double rmax = 0.0, lmax = 0.0;
  for (int a = 0; a < S->nodes.count; ++a) rmax = fmax(rmax, nsb_contact_node_radius(m, p, S->nodes.data[a]));
  for (int b = 0; b < n_items; ++b) {
    if (beams) {
      int el = m->elsets.data[p->master].elements.data[b];
      const nsb_element* E = &m->elements.data[el];
      nsb_vec3 xa = nsb_v3_load(x + 3 * E->nodes[0]), xb = nsb_v3_load(x + 3 * E->nodes[1]);
      lmax = fmax(lmax, nsb_v3_norm(nsb_v3_sub(xb, xa)));
      rmax = fmax(rmax, nsb_contact_beam_extent(m, p, el));
    } else {
      rmax = fmax(rmax, nsb_contact_node_radius(m, NULL, m->nsets.data[p->master].nodes.data[b]));
    }
  }
  /* cell size: every item box fits in 2 cells per direction, every contact
     partner lies in the neighbouring cells */
  double h = fmax(lmax, 2.0 * rmax + skin);
  if (!(h > 0.0)) h = 1.0;
  double infl = 2.0 * rmax + skin;
  /* bin the items (an item box spans at most 2 cells per direction: 8 bins) */
  NSB_CALL(ws_reserve(ctx, &ws->bins, &ws->cap_bins, 8 * n_items, sizeof(cell_item)));
  NSB_CALL(ws_reserve(ctx, (void**)&ws->stamp, &ws->cap_stamp, n_items, sizeof(int)));
  cell_item* bins = ws->bins;
  int* stamp = ws->stamp;
  int n_bins = 0;
  for (int b = 0; b < n_items; ++b) {
    stamp[b] = -1;
    double lo[3], hi[3];
    if (beams) {
      int el = m->elsets.data[p->master].elements.data[b];
      const nsb_element* E = &m->elements.data[el];
      double inf_b = hermite ? infl + nsb_centreline_sag_bound(m, el, x, skin) : infl;
      for (int c = 0; c < 3; ++c) {
        lo[c] = fmin(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) - inf_b;
        hi[c] = fmax(x[3 * E->nodes[0] + c], x[3 * E->nodes[1] + c]) + inf_b;
      }
    } else {
      int q = m->nsets.data[p->master].nodes.data[b];
      for (int c = 0; c < 3; ++c) lo[c] = hi[c] = x[3 * q + c];
    }
    long i0 = cell_of(lo[0], h), i1 = cell_of(hi[0], h), j0 = cell_of(lo[1], h), j1 = cell_of(hi[1], h);
    long k0 = cell_of(lo[2], h), k1 = cell_of(hi[2], h);
    for (long ix = i0; ix <= i1; ++ix)
      for (long iy = j0; iy <= j1; ++iy)
        for (long iz = k0; iz <= k1; ++iz) {
          if (n_bins == ws->cap_bins) {
            size_t o = (size_t)ws->cap_bins * sizeof(cell_item);
            void* nb = nsb_realloc(ctx, ws->bins, o, 2 * o);
            if (!nb) return NSB_ERR_ALLOC;
            ws->bins = bins = nb;
            ws->cap_bins *= 2;
          }
          bins[n_bins].key = cell_key(ix, iy, iz);
          bins[n_bins].item = b;
          ++n_bins;
        }
  }
  qsort(bins, (size_t)n_bins, sizeof(cell_item), cmp_cell);
  int st = NSB_OK;
  int same_set = !beams && p->master == p->slave_nset;
  for (int a = 0; a < S->nodes.count && st == NSB_OK; ++a) {
    int sn = S->nodes.data[a];
    nsb_vec3 xp = nsb_v3_load(x + 3 * sn);
    double rp = nsb_contact_node_radius(m, p, sn);
    long cx = cell_of(xp.x, h), cy = cell_of(xp.y, h), cz = cell_of(xp.z, h);
    int first = *n_out;
    for (long dx = -1; dx <= 1 && st == NSB_OK; ++dx)
      for (long dy = -1; dy <= 1 && st == NSB_OK; ++dy)
        for (long dz = -1; dz <= 1 && st == NSB_OK; ++dz) {
          uint64_t key = cell_key(cx + dx, cy + dy, cz + dz);
          /* lower bound of key in the sorted bins */
          int lo = 0, hi = n_bins;
          while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (bins[mid].key < key) lo = mid + 1;
            else hi = mid;
          }
          for (int q = lo; q < n_bins && bins[q].key == key; ++q) {
            int b = bins[q].item;
            if (stamp[b] == a) continue;
            stamp[b] = a;
            int item;
            double gap;
            if (beams) {
              item = m->elsets.data[p->master].elements.data[b];
              const nsb_element* E = &m->elements.data[item];
              if (E->nodes[0] == sn || E->nodes[1] == sn) continue; /* a beam node never touches its own element */
              gap = point_chord_distance(xp, nsb_v3_load(x + 3 * E->nodes[0]), nsb_v3_load(x + 3 * E->nodes[1])) - rp -
                    nsb_contact_beam_extent(m, p, item);
              if (hermite) gap -= nsb_centreline_sag_bound(m, item, x, skin); /* lower bound of the curve's gap */
            } else {
              item = m->nsets.data[p->master].nodes.data[b];
              if (item == sn || (same_set && item < sn)) continue;
              gap = nsb_v3_norm(nsb_v3_sub(xp, nsb_v3_load(x + 3 * item))) - rp -
                    nsb_contact_node_radius(m, NULL, item);
            }
            if (!(gap < skin)) continue;
            if ((st = cand_reserve(ctx, out, cap, *n_out + 1)) < 0) break;
            (*out)[*n_out].pair = ip;
            (*out)[*n_out].slave = sn;
            (*out)[*n_out].item = item;
            (*out)[*n_out].point = -1;
            ++*n_out;
          }
        }
    /* deterministic order within a slave: by master item */
    for (int u = first + 1; u < *n_out; ++u)
      for (int v = u; v > first && (*out)[v - 1].item > (*out)[v].item; --v) {
        nsb_contact_cand t = (*out)[v];
        (*out)[v] = (*out)[v - 1];
        (*out)[v - 1] = t;
      }
  }
  return st;
}

int nsb_contact_broad_phase(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_contact_cand** out,
                            int* cap, int* n_out) {
  nsb_broad_ws ws = {NULL, 0, NULL, 0};
  int st = nsb_contact_broad_phase_kept(ctx, m, x, skin, &ws, out, cap, n_out);
  nsb_broad_ws_free(ctx, &ws);
  return st;
}

int nsb_contact_broad_phase_kept(nsb_ctx* ctx, const nsb_model* m, const double* x, double skin, nsb_broad_ws* ws,
                                 nsb_contact_cand** out, int* cap, int* n_out) {
  *n_out = 0;
  for (int ip = 0; ip < m->contact_pairs.count; ++ip) {
    const nsb_contact_pair* p = &m->contact_pairs.data[ip];
    if (p->master_kind == NSB_MASTER_OBSTACLE) {
      /* obstacles: every slave is a candidate (one element each, O(n)), or
         every point of its point set */
      const nsb_nset* S = &m->nsets.data[p->slave_nset];
      int np = p->points >= 0 ? m->contact_points.data[p->points].p.count / 4 : 1;
      NSB_CALL(cand_reserve(ctx, out, cap, *n_out + S->nodes.count * np));
      for (int a = 0; a < S->nodes.count; ++a)
        for (int k = 0; k < np; ++k) {
          (*out)[*n_out].pair = ip;
          (*out)[*n_out].slave = S->nodes.data[a];
          (*out)[*n_out].item = p->master;
          (*out)[*n_out].point = p->points >= 0 ? k : -1;
          ++*n_out;
        }
    } else {
      NSB_CALL(grid_candidates(ctx, m, ip, x, skin, ws, out, cap, n_out));
    }
  }
  return NSB_OK;
}

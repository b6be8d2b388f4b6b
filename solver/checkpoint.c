/* checkpoint.c -- the system's state as one byte string, and back
 * (nsb_system_checkpoint_*, declared in solver/system.h).
 *
 * Layout (host byte order; the file around it, with its version, model
 * fingerprint and checksum, is io/run.c's):
 *   counts      n_nodes, n_elems, n_contacts, n_eq, number of blocks (int64
 *               each), then the byte count of every block (int64 each)
 *   x_build     3 n_nodes doubles: the positions of the last contact list
 *   blocks      nsb_system_blocks in order: node states at t_n and t_{n+1},
 *               multipliers, contact states, reactions, time, energy
 *               accumulators, convergence averages, statistics
 *   scheme      the integrator's history (step averages of the last two
 *               increments, generalized-alpha pseudo-accelerations) with a
 *               presence flag per array
 *   beams       each beam element's evolving state (nsb_beam_state_save)
 *   energies    a presence flag (int32) and the energies set in place of the
 *               elements' (nsb_system_set_energy: *MODAL DYNAMIC output,
 *               which stays set in the steps after one)
 *   modal mass  its length (int64, 0 for none) and the mass matrix values a
 *               *MODAL DYNAMIC step keeps
 *   pivots      its length (int64) and the linear solver's pivot order
 *               (nsb_linsolver_pivots_save: the dense LU's; none of KLU's)
 *
 * Loading rebuilds the contact elements from the broad phase at x_build,
 * which gives the candidate list the saved run had (the broad phase is a
 * function of the positions), then overwrites the states.  Saving forgets
 * the factorizations (nsb_linsolver_forget_pivots): the iteration matrices
 * that modified Newton and the acceleration solves keep are not saved, so
 * both runs form their next ones anew.  The refactorizations reuse the pivot
 * order of the last fresh factorization: the dense LU's (small systems:
 * particles, rigid bodies, short beams) is saved and installed again, in the
 * saving run too, so that its next factorizations are the ones the run would
 * have made without the checkpoint.  KLU's sequence lives in its numeric
 * object with the L and U patterns it fixes, which KLU cannot rebuild from
 * the sequence: both runs start a fresh KLU factorization here and pivot
 * alike from then on, and a checkpoint written on a signal (one the
 * uninterrupted run did not write) continues bit for bit only where the
 * next factorization is a fresh one anyway (every increment of a *STATIC,
 * RIKS step: solver/system_riks.c), where the fresh factorization picks the
 * old pivots (measured: a cantilever of 10 B2V elements and the 100-element
 * bar of benchmarks/peers against its wall, at every increment tried), or
 * the dense LU solves the increments.
 */
#include <stdint.h>
#include <string.h>

#include "solver/system.h"

enum { MAX_BLOCKS = 64, N_COUNTS = 5 + MAX_BLOCKS };

typedef struct cursor {
  char* p;       /* write position (save) or NULL (size only) */
  const char* q; /* read position (load) */
  long n;        /* bytes so far */
  long cap;      /* load: bytes available */
} cursor;

static void put(cursor* c, const void* src, size_t bytes) {
  if (c->p) {
    memcpy(c->p, src, bytes);
    c->p += bytes;
  }
  c->n += (long)bytes;
}

static int get(cursor* c, void* dst, size_t bytes) {
  if (c->n + (long)bytes > c->cap) return 0;
  memcpy(dst, c->q, bytes);
  c->q += bytes;
  c->n += (long)bytes;
  return 1;
}

/* The sizes that must agree between the saved and the loading system. */
static void counts(nsb_system* s, int64_t out[N_COUNTS]) {
  memset(out, 0, N_COUNTS * sizeof(int64_t));
  out[0] = nsb_system_model(s)->nodes.count;
  out[1] = nsb_system_n_elements(s);
  out[2] = nsb_system_n_contacts(s);
  out[3] = nsb_system_n_equations(s);
  nsb_block b[MAX_BLOCKS];
  int nb = nsb_system_blocks(s, b, MAX_BLOCKS);
  NSB_ASSERT(nb <= MAX_BLOCKS);
  out[4] = nb;
  for (int i = 0; i < nb && i < MAX_BLOCKS; ++i) out[5 + i] = (int64_t)b[i].bytes;
}

/* The integrator's arrays (3 n doubles each, NULL when the scheme has none). */
static int scheme_arrays(nsb_scheme* sc, double** a[10]) {
  double** all[10] = {&sc->vbar, &sc->wbar, &sc->vbar_n, &sc->wbar_n, &sc->vbar_nm1,
                      &sc->wbar_nm1, &sc->p_n, &sc->pw_n, &sc->p, &sc->pw};
  memcpy(a, all, sizeof all);
  return 10;
}

static int is_beam(const nsb_elem* e) { return e->ops == &nsb_beam_v_ops; }

/* Walk the state in file order: save (c->p set), size (c->p NULL). */
static int walk_save(nsb_system* s, cursor* c) {
  nsb_ctx* ctx = nsb_system_ctx(s);
  int64_t cn[N_COUNTS];
  counts(s, cn);
  put(c, cn, sizeof cn);
  const double* x_build = NULL;
  nsb_system_contacts_at(s, NULL, &x_build);
  put(c, x_build, 3 * (size_t)cn[0] * sizeof(double));
  nsb_block b[MAX_BLOCKS];
  int nb = nsb_system_blocks(s, b, MAX_BLOCKS);
  for (int i = 0; i < nb; ++i) put(c, b[i].p, b[i].bytes);
  nsb_scheme* sc = nsb_system_scheme(s);
  NSB_CHECK(ctx, sc, NSB_ERR_UNSUPPORTED, "checkpoint: the step has no integrator");
  double h[3] = {sc->h, sc->h_n, sc->h_nm1};
  int32_t flags[3] = {sc->n_hist, sc->p_valid, sc->n_nodes};
  put(c, h, sizeof h);
  put(c, flags, sizeof flags);
  double** arr[10];
  int na = scheme_arrays(sc, arr);
  for (int i = 0; i < na; ++i) {
    int32_t present = *arr[i] != NULL;
    put(c, &present, sizeof present);
    if (present) put(c, *arr[i], 3 * (size_t)sc->n_nodes * sizeof(double));
  }
  for (int i = 0; i < nsb_system_n_elements(s); ++i) {
    const nsb_elem* e = nsb_system_element(s, i);
    if (i >= nsb_system_n_elements(s) - nsb_system_n_contacts(s)) break; /* contact states are a block */
    if (!e->state) continue;
    NSB_CHECK(ctx, is_beam(e), NSB_ERR_UNSUPPORTED,
              "checkpoint: element %d (%s) keeps a state the checkpoint does not know", i, e->ops->name);
    size_t n = nsb_beam_state_bytes(e);
    if (c->p) nsb_beam_state_save(e, c->p);
    if (c->p) c->p += n;
    c->n += (long)n;
  }
  nsb_energy en;
  memset(&en, 0, sizeof en);
  int32_t has_en = nsb_system_energy_set(s, &en);
  put(c, &has_en, sizeof has_en);
  if (has_en) put(c, &en, sizeof en);
  int nnz = 0;
  const double* mv = nsb_system_modal_mass_values(s, &nnz);
  int64_t n_mass = nnz;
  put(c, &n_mass, sizeof n_mass);
  if (nnz > 0) put(c, mv, (size_t)nnz * sizeof(double));
  /* last: the linear solver's pivot order (nsb_checkpoint_save puts it back
     after forgetting the factorizations) */
  const nsb_linsolver* ls = nsb_system_linsolver(s);
  int64_t n_piv = nsb_linsolver_pivots_save(ls, NULL);
  put(c, &n_piv, sizeof n_piv);
  if (c->p) nsb_linsolver_pivots_save(ls, c->p);
  if (c->p) c->p += n_piv;
  c->n += (long)n_piv;
  return NSB_OK;
}

long nsb_system_checkpoint_size(nsb_system* s) {
  cursor c = {NULL, NULL, 0, 0};
  int st = walk_save(s, &c);
  return st < 0 ? st : c.n;
}

int nsb_system_checkpoint_save(nsb_system* s, void* buf) {
  cursor c = {buf, NULL, 0, 0};
  NSB_CALL(walk_save(s, &c));
  nsb_linsolver* ls = nsb_system_linsolver(s);
  nsb_linsolver_forget_pivots(ls);
  if (!ls) return NSB_OK;
  /* the pivot order that was just saved, as a continued run installs it */
  long n_piv = nsb_linsolver_pivots_save(ls, NULL);
  return nsb_linsolver_pivots_load(ls, c.p - n_piv, n_piv);
}

#define TRUNCATED(ctx) \
  nsb_ctx_error((ctx), NSB_ERR_ARG, __FILE__, __LINE__, __func__, "checkpoint: shorter than the state it describes")

int nsb_system_checkpoint_load(nsb_system* s, const void* buf, long bytes) {
  nsb_ctx* ctx = nsb_system_ctx(s);
  cursor c = {NULL, buf, 0, bytes};
  int64_t saved[N_COUNTS], now[N_COUNTS];
  if (!get(&c, saved, sizeof saved)) return TRUNCATED(ctx);
  NSB_CHECK(ctx, saved[0] == nsb_system_model(s)->nodes.count, NSB_ERR_ARG,
            "checkpoint: %lld nodes, the model has %d", (long long)saved[0], nsb_system_model(s)->nodes.count);
  /* the contact list of the saved run: the broad phase at its positions */
  size_t n3 = 3 * (size_t)saved[0] * sizeof(double);
  if (c.n + (long)n3 > bytes) return TRUNCATED(ctx);
  NSB_CALL(nsb_system_contacts_at(s, (const double*)c.q, NULL));
  const double* x_build = NULL;
  nsb_system_contacts_at(s, NULL, &x_build);
  if (!get(&c, (void*)x_build, n3)) return TRUNCATED(ctx);
  counts(s, now);
  static const char* const what[5] = {"nodes", "elements", "contact elements", "equations", "state blocks"};
  for (int i = 1; i < 5; ++i)
    NSB_CHECK(ctx, saved[i] == now[i], NSB_ERR_ARG, "checkpoint: %lld %s, the model has %lld here",
              (long long)saved[i], what[i], (long long)now[i]);
  for (int i = 5; i < N_COUNTS; ++i)
    NSB_CHECK(ctx, saved[i] == now[i], NSB_ERR_ARG, "checkpoint: state block %d has %lld bytes, the model's %lld",
              i - 5, (long long)saved[i], (long long)now[i]);
  nsb_block b[MAX_BLOCKS];
  int nb = nsb_system_blocks(s, b, MAX_BLOCKS);
  for (int i = 0; i < nb; ++i)
    if (!get(&c, b[i].p, b[i].bytes)) return TRUNCATED(ctx);
  nsb_scheme* sc = nsb_system_scheme(s);
  NSB_CHECK(ctx, sc, NSB_ERR_ARG, "checkpoint: the step has no integrator");
  double h[3];
  int32_t flags[3];
  if (!get(&c, h, sizeof h) || !get(&c, flags, sizeof flags)) return TRUNCATED(ctx);
  NSB_CHECK(ctx, flags[2] == sc->n_nodes, NSB_ERR_ARG, "checkpoint: integrator of %d nodes, the model has %d",
            (int)flags[2], sc->n_nodes);
  sc->h = h[0];
  sc->h_n = h[1];
  sc->h_nm1 = h[2];
  sc->n_hist = flags[0];
  sc->p_valid = flags[1];
  double** arr[10];
  int na = scheme_arrays(sc, arr);
  for (int i = 0; i < na; ++i) {
    int32_t present;
    if (!get(&c, &present, sizeof present)) return TRUNCATED(ctx);
    NSB_CHECK(ctx, present == (*arr[i] != NULL), NSB_ERR_ARG,
              "checkpoint: written with another time integration scheme than the step's");
    if (present && !get(&c, *arr[i], 3 * (size_t)sc->n_nodes * sizeof(double))) return TRUNCATED(ctx);
  }
  for (int i = 0; i < nsb_system_n_elements(s) - nsb_system_n_contacts(s); ++i) {
    const nsb_elem* e = nsb_system_element(s, i);
    if (!e->state) continue;
    NSB_CHECK(ctx, is_beam(e), NSB_ERR_ARG, "checkpoint: element %d keeps a state the checkpoint does not know", i);
    size_t n = nsb_beam_state_bytes(e);
    if (c.n + (long)n > bytes) return TRUNCATED(ctx);
    nsb_beam_state_load(e, c.q);
    c.q += n;
    c.n += (long)n;
  }
  int32_t has_en;
  nsb_energy en;
  if (!get(&c, &has_en, sizeof has_en)) return TRUNCATED(ctx);
  NSB_CHECK(ctx, has_en == 0 || has_en == 1, NSB_ERR_ARG, "checkpoint: corrupt energy flag %d", (int)has_en);
  if (has_en && !get(&c, &en, sizeof en)) return TRUNCATED(ctx);
  nsb_system_set_energy(s, has_en ? &en : NULL);
  int64_t n_mass;
  if (!get(&c, &n_mass, sizeof n_mass)) return TRUNCATED(ctx);
  NSB_CHECK(ctx, n_mass >= 0 && n_mass <= (bytes - c.n) / (long)sizeof(double), NSB_ERR_ARG,
            "checkpoint: a modal mass matrix of %lld entries in %ld bytes", (long long)n_mass, bytes - c.n);
  if (n_mass > 0) {
    NSB_CALL(nsb_system_modal_mass_restore(s, (const double*)c.q, (int)n_mass));
    c.q += n_mass * (long)sizeof(double);
    c.n += n_mass * (long)sizeof(double);
  }
  int64_t n_piv;
  if (!get(&c, &n_piv, sizeof n_piv)) return TRUNCATED(ctx);
  NSB_CHECK(ctx, n_piv >= 0 && n_piv <= bytes - c.n, NSB_ERR_ARG, "checkpoint: a pivot state of %lld bytes in %ld",
            (long long)n_piv, bytes - c.n);
  nsb_linsolver* ls = nsb_system_linsolver(s);
  if (ls) NSB_CALL(nsb_linsolver_pivots_load(ls, c.q, (long)n_piv));
  c.q += n_piv;
  c.n += (long)n_piv;
  NSB_CHECK(ctx, c.n == bytes, NSB_ERR_ARG, "checkpoint: %ld bytes more than the state it describes", bytes - c.n);
  return NSB_OK;
}

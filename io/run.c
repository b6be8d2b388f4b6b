/* run.c -- analysis driver (see run.h). */
#define _POSIX_C_SOURCE 200809L
#include "io/run.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "base/clock.h"

#include "contact/pair.h"
#include "io/atomic.h"
#include "io/frames.h"
#include "io/history.h"
#include "io/vtk.h"
#include "solver/arclength.h"
#include "solver/reduced.h"
#include "solver/step_control.h"


nsb_run_options nsb_run_default_options(void) {
  nsb_run_options o;
  o.outdir = "out";
  o.quiet = 0;
  o.progress = 0;
  o.report = stdout;
  o.stop = NULL;
  o.restart = NULL;
  o.threads = 1;
  return o;
}

/* mkdir -p */
static int make_dirs(nsb_ctx* ctx, const char* path) {
  char buf[1024];
  NSB_CHECK(ctx, strlen(path) < sizeof buf, NSB_ERR_IO, "output path too long: %s", path);
  snprintf(buf, sizeof buf, "%s", path);
  for (char* p = buf + 1; *p; ++p) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
      return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot create %s: %s", buf, strerror(errno));
    *p = '/';
  }
  if (mkdir(buf, 0777) != 0 && errno != EEXIST)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot create %s: %s", buf, strerror(errno));
  struct stat sb;
  if (stat(buf, &sb) != 0 || !S_ISDIR(sb.st_mode))
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot use %s as output directory: %s", buf,
                         strerror(ENOTDIR));
  return NSB_OK;
}

static void print_failure(const nsb_model* m, int k, long inc, double t, double h, const nsb_newton_report* rep) {
  const nsb_step_def* sd = &m->steps.data[k];
  fprintf(stderr, "nsbeam: increment failed at t = %.10g (step %d%s%s%s, increment %ld, h = %.6g): %s\n", t, k + 1,
          sd->name[0] ? " \"" : "", sd->name, sd->name[0] ? "\"" : "", inc, h, rep->cause);
  if (rep->iterations > 0) {
    fprintf(stderr, "  Newton iterations (residual before and correction of each iteration, as multiples of their\n"
                    "  tolerances, then the largest force and moment residual and translation and rotation correction):\n");
    int n = rep->iterations < NSB_NEWTON_HISTORY ? rep->iterations : NSB_NEWTON_HISTORY;
    for (int i = 0; i < n; ++i)
      fprintf(stderr, "  %3d  residual %9.3g  correction %9.3g   |f| %.3e  |m| %.3e  |dx| %.3e  |dtheta| %.3e\n", i + 1,
              rep->res_rel[i], rep->cor_rel[i], rep->r_force[i], rep->r_moment[i], rep->c_trans[i], rep->c_rot[i]);
    /* the residual converged in most of the last iterations while the corrections stay
       large: the iterate alternates between two states, as contact branches do (open and
       closed, stick and slip: a body coming to rest on several contacts) */
    int last = n < 6 ? n : 6, res_ok = 0, cor_big = 0;
    for (int i = n - last; i < n; ++i) {
      res_ok += rep->res_rel[i] <= 1.0;
      cor_big += rep->cor_rel[i] > 1.0;
    }
    if (n == rep->iterations && last >= 4 && 2 * res_ok >= last && cor_big == last && m->contact_pairs.count > 0)
      fprintf(stderr,
              "  the residual has converged but the corrections do not fall: the iterate alternates between two "
              "states,\n  as contacts do that switch between open and closed or stick and slip (a body coming to "
              "rest on\n  several contacts); %s\n",
              sd->h_min > 0.0 && sd->h_min < sd->h ? "a smaller smallest increment h_min or a smaller h may get through"
                                : "allow cutbacks with a smallest increment h_min on the step's data line "
                                  "(\"h, period, h_min\")");
  }
}

static void progress(double t0, double t_end, double t, double wall, long inc, long newton) {
  double frac = t_end > t0 ? (t - t0) / (t_end - t0) : 1.0;
  double rate = wall > 0 ? (double)inc / wall : 0.0;
  double eta = frac > 0 ? wall * (1.0 - frac) / frac : 0.0;
  fprintf(stderr, "\r  t = %-12.6g %5.1f%%  %8.0f incr/s  Newton %-8ld ETA %6.0f s   ", t, 100.0 * frac, rate, newton, eta);
  fflush(stderr);
}

#define NSB_TWO_PI 6.283185307179586476925

/* modes.csv has a generalized_mass column when a *FREQUENCY step of the model
   has NORMALIZATION=DISPLACEMENT (phi^T M phi of the written modes; 1 for the
   mass-normalized modes of the other steps): the files of other models keep
   their columns. */
static int modes_generalized_mass(const nsb_model* m) {
  for (int k = 0; k < m->steps.count; ++k)
    if (m->steps.data[k].n_modes > 0 && m->steps.data[k].disp_normalized) return 1;
  return 0;
}

/* The rows of one step's modes in modes.csv (csv may be NULL); gm_col: the
   generalized_mass column, gm its values (NULL: mass-normalized, 1). */
static int write_mode_rows(nsb_ctx* ctx, FILE* csv, int k, const nsb_modal_result* r, int gm_col, const double* gm) {
  for (int j = 0; j < r->n_modes && csv; ++j) {
    double lam = r->lambda[j], om = lam > 0.0 ? sqrt(lam) : 0.0;
    if (fprintf(csv, "%d,%d,%.17g,%.17g,%.17g,%.17g,%.3e", k + 1, r->rank ? r->rank[j] : j + 1, lam, om,
                om / NSB_TWO_PI,
                om > 0.0 ? NSB_TWO_PI / om : 0.0, r->residual[j]) < 0 ||
        (gm_col && fprintf(csv, ",%.17g", gm ? gm[j] : 1.0) < 0) || fputc('\n', csv) == EOF)
      return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "modes.csv: write failed");
  }
  if (csv && fflush(csv) != 0)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write modes.csv: %s", strerror(errno));
  return NSB_OK;
}

/* A *FREQUENCY step: the modes of the current state (nsb_system_modes), a
   table on the report stream, rows in modes.csv, and with VTK output of the
   step the mode shapes as their own series (modes<k>.pvd, modes<k>_beams.pvd:
   "time" = mode number), each drawn at a displacement of 5 % of the model
   size (rotations at most 0.3 rad) on top of the current state. */
static int frequency_step(nsb_ctx* ctx, const nsb_model* m, nsb_system* s, int k, const nsb_run_options* opt,
                          FILE* csv, nsb_frame_buf* fb, nsb_beam_buf* bb, int ascii) {
  const nsb_step_def* sd = &m->steps.data[k];
  nsb_modal_result r;
  int st = nsb_system_modes(s, &r);
  if (st < 0) return st;
  /* NORMALIZATION=DISPLACEMENT: the modes written (the linearized fields of the VTK
     modes) scaled to a largest translation of 1, with their generalized masses */
  double* gm = NULL;
  if (sd->disp_normalized) {
    gm = NSB_NEW_ARRAY(ctx, r.n_modes, double);
    if (!gm) {
      nsb_modal_result_free(ctx, &r);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory");
    }
    nsb_system_modes_displacement(s, &r, gm);
  }
  if (opt->report && !opt->quiet) {
    fprintf(opt->report, "step %d: %d modes at t = %.10g (shift %.6g, %d subspace iterations, asymmetry of K %.2e)\n",
            k + 1, r.n_modes, nsb_system_time(s), r.shift, r.iterations, r.asymmetry);
    fprintf(opt->report, "  mode   eigenvalue       omega [rad/time]  frequency [1/time]  residual%s\n",
            gm ? "  generalized mass" : "");
  }
  for (int j = 0; j < r.n_modes; ++j) {
    double lam = r.lambda[j], om = lam > 0.0 ? sqrt(lam) : 0.0;
    if (opt->report && !opt->quiet && gm)
      fprintf(opt->report, "  %4d  %15.8e  %16.8e  %18.8e  %.1e  %16.8e\n", j + 1, lam, om, om / NSB_TWO_PI,
              r.residual[j], gm[j]);
    else if (opt->report && !opt->quiet)
      fprintf(opt->report, "  %4d  %15.8e  %16.8e  %18.8e  %.1e\n", j + 1, lam, om, om / NSB_TWO_PI, r.residual[j]);
  }
  st = write_mode_rows(ctx, csv, k, &r, modes_generalized_mass(m), gm);
  nsb_vtk_writer* vtk = NULL;
  nsb_vtk_beam_writer* bvtk = NULL;
  if (st >= 0 && sd->vtk_every > 0) {
    char base[64];
    snprintf(base, sizeof base, "modes%d", k + 1);
    st = nsb_vtk_writer_create(ctx, opt->outdir, base, ascii, fb->n, fb->n_lines, &vtk);
    snprintf(base, sizeof base, "modes%d_beams", k + 1);
    if (st >= 0 && bb->n_lines > 0)
      st = nsb_vtk_beam_writer_create(ctx, opt->outdir, base, ascii, bb->n_points, bb->n_lines, 16, &bvtk);
    /* model size: diagonal of the bounding box of the initial node positions */
    double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (int i = 0; i < m->nodes.count; ++i)
      for (int c = 0; c < 3; ++c) {
        lo[c] = fmin(lo[c], m->nodes.data[i].X[c]);
        hi[c] = fmax(hi[c], m->nodes.data[i].X[c]);
      }
    double size = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                       (hi[2] - lo[2]) * (hi[2] - lo[2]));
    if (!(size > 0.0)) size = 1.0;
    for (int j = 0; j < r.n_modes && st >= 0; ++j) {
      double tmax = 0.0, rmax = 0.0, d[6];
      for (int i = 0; i < m->nodes.count; ++i) {
        nsb_system_mode_node(s, &r, j, i, d);
        tmax = fmax(tmax, sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
        rmax = fmax(rmax, sqrt(d[3] * d[3] + d[4] * d[4] + d[5] * d[5]));
      }
      double scale = HUGE_VAL;
      if (tmax > 0.0) scale = 0.05 * size / tmax;
      if (rmax > 0.0) scale = fmin(scale, 0.3 / rmax);
      if (scale == HUGE_VAL) scale = 0.0;
      /* beams colour by the linearized fields of the mode (differences at
         1e-4 of the drawing scale), drawn at the scale */
      if (bvtk) st = nsb_beam_buf_linearize(bb, s, &r, j, scale > 0.0 ? 1e-4 * scale : 1.0);
      if (st >= 0) st = nsb_system_show_mode(s, &r, j, scale);
      /* FieldData Frequency: the mode's natural frequency in cycles per unit time */
      const double freq = r.lambda[j] > 0.0 ? sqrt(r.lambda[j]) / NSB_TWO_PI : 0.0;
      if (st >= 0) st = nsb_frame_buf_write(vtk, fb, s, (double)(j + 1), &freq);
      if (st >= 0 && bvtk) st = nsb_beam_buf_write_linearized(bvtk, bb, s, (double)(j + 1), &freq);
    }
    nsb_system_show_mode_reset(s);
    if (st >= 0 && opt->report && !opt->quiet) {
      fprintf(opt->report, "ParaView: %s (mode shapes)\n", nsb_vtk_pvd_path(vtk));
      if (bvtk) fprintf(opt->report, "ParaView: %s (mode shapes, beams)\n", nsb_vtk_beam_pvd_path(bvtk));
    }
  }
  nsb_vtk_writer_destroy(&vtk);
  nsb_vtk_beam_writer_destroy(&bvtk);
  if (gm) NSB_FREE_ARRAY(ctx, gm, r.n_modes, double);
  nsb_modal_result_free(ctx, &r);
  return st;
}

/* ---- *MODAL DYNAMIC ---------------------------------------------------------- */

typedef struct modal_rows {
  const nsb_system* s;
  const nsb_modal_result* r;
} modal_rows;

/* Translation rows of the modes at a node (row-major 3 x m). */
static void modal_node_rows(void* user, int node, double* B) {
  const modal_rows* u = user;
  int m = u->r->n_modes;
  double d[6];
  for (int j = 0; j < m; ++j) {
    nsb_system_mode_node(u->s, u->r, j, node, d);
    for (int i = 0; i < 3; ++i) B[i * m + j] = d[i];
  }
}

/* Workspace of a modal dynamic step (allocated at its start, never in the loop). */
typedef struct modal_ws {
  int n, m, nc;
  double *F, *r0, *f, *dq, *dv, *Mdv, *cols;
  /* SPIN (docs/theory.md §7.5): the co-rotating matrices, the constant load
     fs = Omega^2 fc1 - c Omega fb1, the load of the increment f + fs + Pg g_rot */
  int spinning, axis;
  double omega, t0;
  nsb_spin_matrices sm;
  double *fs, *fsp;
  /* the non-zeros of the modes, mode by mode (phi_ptr: m + 1), when they are
     fewer than half of Phi (modes of independent blocks vanish off their
     block, docs/theory.md §6), else NULL */
  size_t phi_nnz;
  size_t* phi_ptr;
  int* phi_row;
  double* phi_val;
  /* instead, when the modes together touch under half of the rows (those of
     the blocks that move, docs/theory.md §7): those n_urows rows urows, Phi
     on them (uphi, n_urows x m, column-major) and the sums on them (uq, uv) */
  int n_urows;
  int* urows;
  double *uphi, *uq, *uv;
  /* history rows from the modal coordinates (modal_history_setup): hmom,
     6 m, the linear and angular momentum of each mode at unit modal
     velocity; the probed nodes' rows hrows (n_hrows) and Phi on them (hphi,
     n_hrows x m, column-major); hist_fast 0 when every row rebuilds the state */
  int hist_fast, n_hrows;
  double* hmom;
  int* hrows;
  double* hphi;
  /* the outputs that are forces, linearized (nsb_system_modal_eps): the
     support reactions (n_react = 6 per node) and the element probes'
     strains and resultants (n_hf) at the linearization state (rx0, hf0), at
     x0 + eps dq (rxp, hfp) and x0 - eps dq (rxm, hfm; hfm then takes the
     linearized values); the beams' VTK fields (n_bf) at x0 (bf0) and
     x0 + eps dq (bfp; those at x0 - eps dq and then the linearized ones in
     the beam buffer's lin).  base_ok: the x0 values are those of the step
     (its loads are constant); else they are evaluated again at every row */
  int n_react, n_hf, n_bf, base_ok;
  double *rx0, *rxp, *rxm, *hf0, *hfp, *hfm, *bf0, *bfp;
  /* their derivatives along each mode (modal_lin_setup; tab 1 when kept):
     the reactions of the n_rn nodes rnode that can have any (dr, 6 n_rn per
     mode), the element probes' (dh, n_hf per mode), the beams' (db, n_bf) */
  int tab, n_rn;
  int* rnode;
  double *dr, *dh, *db;
} modal_ws;

static void modal_ws_free(nsb_ctx* ctx, modal_ws* w) {
  int n = w->n > 0 ? w->n : 1, m = w->m > 0 ? w->m : 1;
  if (w->F) NSB_FREE_ARRAY(ctx, w->F, n, double);
  if (w->r0) NSB_FREE_ARRAY(ctx, w->r0, n, double);
  if (w->f) NSB_FREE_ARRAY(ctx, w->f, m, double);
  if (w->dq) NSB_FREE_ARRAY(ctx, w->dq, n, double);
  if (w->dv) NSB_FREE_ARRAY(ctx, w->dv, n, double);
  if (w->Mdv) NSB_FREE_ARRAY(ctx, w->Mdv, n, double);
  if (w->cols) NSB_FREE_ARRAY(ctx, w->cols, (size_t)n * 3 * (w->nc > 0 ? w->nc : 1), double);
  nsb_spin_matrices_free(ctx, &w->sm);
  if (w->fs) NSB_FREE_ARRAY(ctx, w->fs, m, double);
  if (w->fsp) NSB_FREE_ARRAY(ctx, w->fsp, m, double);
  if (w->phi_ptr) NSB_FREE_ARRAY(ctx, w->phi_ptr, (size_t)m + 1, size_t);
  if (w->phi_row) NSB_FREE_ARRAY(ctx, w->phi_row, w->phi_nnz > 0 ? w->phi_nnz : 1, int);
  if (w->phi_val) NSB_FREE_ARRAY(ctx, w->phi_val, w->phi_nnz > 0 ? w->phi_nnz : 1, double);
  if (w->urows) NSB_FREE_ARRAY(ctx, w->urows, w->n_urows, int);
  if (w->uphi) NSB_FREE_ARRAY(ctx, w->uphi, (size_t)w->n_urows * (size_t)m, double);
  if (w->uq) NSB_FREE_ARRAY(ctx, w->uq, w->n_urows, double);
  if (w->uv) NSB_FREE_ARRAY(ctx, w->uv, w->n_urows, double);
  if (w->hmom) NSB_FREE_ARRAY(ctx, w->hmom, (size_t)6 * m, double);
  if (w->hrows) NSB_FREE_ARRAY(ctx, w->hrows, w->n_hrows, int);
  if (w->hphi) NSB_FREE_ARRAY(ctx, w->hphi, (size_t)w->n_hrows * (size_t)m, double);
  double** lin[] = {&w->rx0, &w->rxp, &w->rxm, &w->hf0, &w->hfp, &w->hfm, &w->bf0, &w->bfp};
  const int len[] = {w->n_react, w->n_react, w->n_react, w->n_hf, w->n_hf, w->n_hf, w->n_bf, w->n_bf};
  for (int k = 0; k < 8; ++k)
    if (*lin[k]) NSB_FREE_ARRAY(ctx, *lin[k], len[k] > 0 ? len[k] : 1, double);
  if (w->rnode) NSB_FREE_ARRAY(ctx, w->rnode, w->n_rn > 0 ? w->n_rn : 1, int);
  if (w->dr) NSB_FREE_ARRAY(ctx, w->dr, (size_t)6 * w->n_rn * m > 0 ? (size_t)6 * w->n_rn * m : 1, double);
  if (w->dh) NSB_FREE_ARRAY(ctx, w->dh, (size_t)w->n_hf * m > 0 ? (size_t)w->n_hf * m : 1, double);
  if (w->db) NSB_FREE_ARRAY(ctx, w->db, (size_t)w->n_bf * m > 0 ? (size_t)w->n_bf * m : 1, double);
}

/* The rows the modes touch and Phi on them into w->urows, w->uphi when they
   are under half of all rows, else the modes' non-zeros into w->phi_* when
   they are under half of Phi (set-up). */
static int modal_sparse_modes(nsb_ctx* ctx, const nsb_modal_result* r, modal_ws* w) {
  size_t nm = (size_t)w->n * (size_t)w->m, nz = 0;
  int nu = 0;
  for (int i = 0; i < w->n; ++i)
    for (int j = 0; j < w->m; ++j)
      if (r->phi[i + (size_t)w->n * j] != 0.0) {
        ++nu;
        break;
      }
  if (2 * nu < w->n && nu > 0) {
    w->n_urows = nu;
    w->urows = NSB_NEW_ARRAY(ctx, nu, int);
    w->uphi = NSB_NEW_ARRAY(ctx, (size_t)nu * (size_t)w->m, double);
    w->uq = NSB_NEW_ARRAY(ctx, nu, double);
    w->uv = NSB_NEW_ARRAY(ctx, nu, double);
    if (!w->urows || !w->uphi || !w->uq || !w->uv)
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
    nu = 0;
    for (int i = 0; i < w->n; ++i)
      for (int j = 0; j < w->m; ++j)
        if (r->phi[i + (size_t)w->n * j] != 0.0) {
          w->urows[nu++] = i;
          break;
        }
    for (int j = 0; j < w->m; ++j)
      for (int k = 0; k < nu; ++k) w->uphi[k + (size_t)nu * j] = r->phi[w->urows[k] + (size_t)w->n * j];
    return NSB_OK;
  }
  for (size_t k = 0; k < nm; ++k) nz += r->phi[k] != 0.0;
  if (2 * nz >= nm) return NSB_OK;
  w->phi_nnz = nz;
  w->phi_ptr = NSB_NEW_ARRAY(ctx, (size_t)w->m + 1, size_t);
  w->phi_row = NSB_NEW_ARRAY(ctx, nz > 0 ? nz : 1, int);
  w->phi_val = NSB_NEW_ARRAY(ctx, nz > 0 ? nz : 1, double);
  if (!w->phi_ptr || !w->phi_row || !w->phi_val)
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
  nz = 0;
  for (int j = 0; j < w->m; ++j) {
    w->phi_ptr[j] = nz;
    const double* phi = r->phi + (size_t)w->n * j;
    for (int i = 0; i < w->n; ++i)
      if (phi[i] != 0.0) {
        w->phi_row[nz] = i;
        w->phi_val[nz++] = phi[i];
      }
  }
  w->phi_ptr[w->m] = nz;
  return NSB_OK;
}

/* SPIN: the load of the increment at time t in the co-rotating frame,
   fsp = f + fs + Pg Q(t)^T g(t): gravity g stands in the inertial frame,
   which the co-rotating one coincides with at t0 and leaves at the rate
   omega about the axis (Q^T turns by -omega (t - t0)). */
static void modal_spin_force(const nsb_system* s, modal_ws* w, double t) {
  double g[3];
  nsb_v3_store(nsb_system_modal_gravity(s, t), g);
  double ph = -w->omega * (t - w->t0), c = cos(ph), sn = sin(ph);
  int a = (w->axis + 1) % 3, b = (w->axis + 2) % 3;
  double ga = c * g[a] - sn * g[b], gb = sn * g[a] + c * g[b];
  g[a] = ga;
  g[b] = gb;
  for (int j = 0; j < w->m; ++j)
    w->fsp[j] = w->f[j] + w->fs[j] + w->sm.Pg[j] * g[0] + w->sm.Pg[j + w->m] * g[1] + w->sm.Pg[j + 2 * w->m] * g[2];
}

/* Modal load at time t: f_j = phi_j^T (r(t_0) - r(t)). */
static int modal_force(nsb_system* s, const nsb_modal_result* r, modal_ws* w, double t) {
  NSB_CALL(nsb_system_modal_load(s, t, 0, w->F));
  for (int i = 0; i < w->n; ++i) w->F[i] = w->r0[i] - w->F[i];
  for (int j = 0; j < w->m; ++j) {
    const double* phi = r->phi + (size_t)w->n * j;
    double v = 0.0;
    for (int i = 0; i < w->n; ++i) v += phi[i] * w->F[i];
    w->f[j] = v;
  }
  return NSB_OK;
}

/* The energies of the reduced motion (momenta left to the caller). */
static nsb_energy modal_energy(const nsb_reduced* red, const nsb_energy* e0) {
  nsb_energy e = *e0;
  double kin, pot;
  nsb_reduced_energy(red, &kin, &pot);
  e.kinetic = kin;
  e.potential = e0->potential + pot;
  e.external_work = e0->external_work + red->work_loads;
  e.dissipated = e0->dissipated + red->dissipated_damping + red->dissipated_contact;
  return e;
}

/* A history row's state from the modal coordinates alone (modal_history_setup):
   the time, the probed nodes (their rows of Phi y, Phi v, summed as
   modal_output_state sums them; the other nodes keep the linearization
   state), the energies and the momenta. */
static int modal_history_state(nsb_system* s, const nsb_reduced* red, modal_ws* w, const nsb_energy* e0, double t) {
  int m = w->m;
  if (w->n_hrows > 0) {
    memset(w->dq, 0, (size_t)w->n * sizeof(double));
    memset(w->dv, 0, (size_t)w->n * sizeof(double));
    for (int q = 0; q < w->n_hrows; ++q) {
      if (w->hrows[q] < 0) continue;
      double a = 0.0, b = 0.0;
      for (int j = 0; j < m; ++j) {
        double yj = red->y[j], vj = red->v[j];
        if (yj == 0.0 && vj == 0.0) continue;
        double ph = w->hphi[q + (size_t)w->n_hrows * j];
        a += ph * yj;
        b += ph * vj;
      }
      w->dq[w->hrows[q]] = a;
      w->dv[w->hrows[q]] = b;
    }
    NSB_CALL(nsb_system_modal_state(s, w->dq, w->dv, t, 1));
  } else {
    nsb_system_modal_time(s, t);
  }
  nsb_energy e = modal_energy(red, e0);
  double pl[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  for (int j = 0; j < m; ++j) {
    double vj = red->v[j];
    if (vj == 0.0) continue;
    for (int c = 0; c < 6; ++c) pl[c] += w->hmom[6 * j + c] * vj;
  }
  e.momentum = nsb_v3_load(pl);
  e.angular_momentum = nsb_v3_load(pl + 3);
  nsb_system_set_energy(s, &e);
  return NSB_OK;
}

/* What a modal output row linearizes (modal_linearize): the support
   reactions, the element probes' strains and resultants, the beams' VTK
   fields; bb: the run's beam buffer (NULL without beam VTK output), whose
   x0 values are taken with the others'; varying: the step's loads have
   amplitudes (the x0 values are evaluated at every row, at its time). */
typedef struct modal_lin {
  nsb_beam_buf* bb;
  int react, hf, bf, varying;
} modal_lin;

/* The outputs that are forces, linearized as the model is (docs/theory.md
   §7; nsb_system_modal_eps): the values at the linearization state x0 plus
   their central difference along dq = w->dq.  The support reactions go into
   the system, the element probes' strains and resultants into w->hfm, the
   beams' into lin->bb->lin.  Leaves the elements at x0 - eps dq. */
static int modal_linearize(nsb_system* s, modal_ws* w, const modal_lin* lin, const double* y, double t) {
  const nsb_model* m = nsb_system_model(s);
  if (!w->base_ok || lin->varying) {
    NSB_CALL(nsb_system_modal_probe(s, w->dq, 0.0, t, w->rx0));
    if (w->n_hf > 0) nsb_history_sample_fields(m, s, w->hf0);
    if (w->n_bf > 0) nsb_beam_buf_sample_fields(lin->bb, s, w->bf0);
    w->base_ok = !lin->varying;
  }
  if (w->tab) {
    /* the derivative along dq = Phi y: sum_j y_j (derivative along phi_j) */
    int nr = 6 * w->n_rn;
    if (lin->react) memcpy(w->rxp, w->rx0, (size_t)w->n_react * sizeof(double));
    if (lin->hf) memcpy(w->hfm, w->hf0, (size_t)w->n_hf * sizeof(double));
    double* f = lin->bf ? lin->bb->lin : NULL;
    if (f) memcpy(f, w->bf0, (size_t)w->n_bf * sizeof(double));
    for (int j = 0; j < w->m; ++j) {
      double yj = y[j];
      if (yj == 0.0) continue;
      if (lin->react) {
        const double* d = w->dr + (size_t)nr * j;
        for (int a = 0; a < w->n_rn; ++a)
          for (int c = 0; c < 6; ++c) w->rxp[6 * w->rnode[a] + c] += yj * d[6 * a + c];
      }
      if (lin->hf) {
        const double* d = w->dh + (size_t)w->n_hf * j;
        for (int i = 0; i < w->n_hf; ++i) w->hfm[i] += yj * d[i];
      }
      if (f) {
        const double* d = w->db + (size_t)w->n_bf * j;
        for (int i = 0; i < w->n_bf; ++i) f[i] += yj * d[i];
      }
    }
    if (lin->react) nsb_system_modal_reactions(s, w->rxp, NULL, NULL, 0.0);
    return NSB_OK;
  }
  double eps = nsb_system_modal_eps(s, w->dq);
  if (eps > 0.0) {
    NSB_CALL(nsb_system_modal_probe(s, w->dq, eps, t, w->rxp));
    if (lin->hf) nsb_history_sample_fields(m, s, w->hfp);
    if (lin->bf) nsb_beam_buf_sample_fields(lin->bb, s, w->bfp);
    NSB_CALL(nsb_system_modal_probe(s, w->dq, -eps, t, w->rxm));
    if (lin->hf) nsb_history_sample_fields(m, s, w->hfm);
    if (lin->bf) nsb_beam_buf_sample_fields(lin->bb, s, lin->bb->lin);
  }
  if (lin->react) nsb_system_modal_reactions(s, w->rx0, w->rxp, w->rxm, eps);
  if (lin->hf)
    for (int i = 0; i < w->n_hf; ++i) w->hfm[i] = eps > 0.0 ? w->hf0[i] + (w->hfp[i] - w->hfm[i]) / (2.0 * eps) : w->hf0[i];
  if (lin->bf) {
    double* f = lin->bb->lin;
    for (int i = 0; i < w->n_bf; ++i) f[i] = eps > 0.0 ? w->bf0[i] + (w->bfp[i] - f[i]) / (2.0 * eps) : w->bf0[i];
  }
  return NSB_OK;
}

/* The state of the reduced solution (modes, plus the truncated modes'
   static response to the contact forces with QS), energies and momenta,
   set in the system for the output writers; with lin, the outputs that are
   forces linearized first (modal_linearize). */
static int modal_output_state(nsb_system* s, const nsb_modal_result* r, const nsb_reduced* red, modal_ws* w,
                              const nsb_energy* e0, double t, double h, int nodes_only, const modal_lin* lin) {
  int n = w->n;
  memset(w->dq, 0, (size_t)n * sizeof(double));
  memset(w->dv, 0, (size_t)n * sizeof(double));
  /* dq = Phi y, dv = Phi v over the modes that move and (sparse modes) their
     non-zeros: the terms left out are exact zeros */
  double* restrict dq = w->dq;
  double* restrict dv = w->dv;
  const double* restrict pv = w->phi_val;
  const int* restrict pr = w->phi_row;
  if (w->urows) {
    /* on the rows the modes touch, contiguous: the same sums in the same
       order, plus the modes' zeros there (which add +-0) */
    int nu = w->n_urows;
    double* restrict uq = w->uq;
    double* restrict uv = w->uv;
    memset(uq, 0, (size_t)nu * sizeof(double));
    memset(uv, 0, (size_t)nu * sizeof(double));
    for (int j = 0; j < w->m; ++j) {
      double yj = red->y[j], vj = red->v[j];
      if (yj == 0.0 && vj == 0.0) continue;
      const double* restrict ph = w->uphi + (size_t)nu * j;
      for (int k = 0; k < nu; ++k) {
        uq[k] += ph[k] * yj;
        uv[k] += ph[k] * vj;
      }
    }
    for (int k = 0; k < nu; ++k) {
      dq[w->urows[k]] = uq[k];
      dv[w->urows[k]] = uv[k];
    }
  }
  for (int j = 0; j < w->m && !w->urows; ++j) {
    double yj = red->y[j], vj = red->v[j];
    if (yj == 0.0 && vj == 0.0) continue;
    if (w->phi_ptr) {
      for (size_t p = w->phi_ptr[j]; p < w->phi_ptr[j + 1]; ++p) {
        dq[pr[p]] += pv[p] * yj;
        dv[pr[p]] += pv[p] * vj;
      }
      continue;
    }
    const double* phi = r->phi + (size_t)n * j;
    for (int i = 0; i < n; ++i) {
      w->dq[i] += phi[i] * yj;
      w->dv[i] += phi[i] * vj;
    }
  }
  if (red->qs)
    for (int c = 0; c < w->nc; ++c) {
      if (red->c_P[c] == 0.0) continue;
      for (int k = 0; k < 3; ++k) {
        double a = red->c_P[c] / h * red->c_n[3 * c + k];
        const double* col = w->cols + (size_t)n * (3 * c + k);
        for (int i = 0; i < n; ++i) w->dq[i] += a * col[i];
      }
    }
  if (lin) NSB_CALL(modal_linearize(s, w, lin, red->y, t));
  NSB_CALL(nsb_system_modal_state(s, w->dq, w->dv, t, nodes_only));
  nsb_energy e = modal_energy(red, e0);
  /* momenta of the lumped masses: p = sum (M dv)_t, L = sum x x (M dv)_t + R (M dv)_r */
  nsb_system_modal_mass_mv(s, w->dv, w->Mdv);
  const nsb_state* st = nsb_system_state(s);
  e.momentum = e.angular_momentum = nsb_v3_zero();
  for (int i = 0; i < nsb_system_model(s)->nodes.count; ++i) {
    double d[6];
    nsb_system_eq_node(s, w->Mdv, i, d);
    nsb_vec3 pt = nsb_v3(d[0], d[1], d[2]);
    e.momentum = nsb_v3_add(e.momentum, pt);
    e.angular_momentum = nsb_v3_add(e.angular_momentum, nsb_v3_cross(nsb_st_x(st, i), pt));
    e.angular_momentum = nsb_v3_add(e.angular_momentum, nsb_q_rotate(nsb_st_q(st, i), nsb_v3(d[3], d[4], d[5])));
  }
  nsb_system_set_energy(s, &e);
  return NSB_OK;
}

/* ---- the run ----------------------------------------------------------------- */

/* Where the run stood after the increment of the checkpoint. */
typedef struct restart_point {
  int64_t step, j, inc; /* step index, increments done in it, increments over the run */
  double sub, t_step0;  /* substep size (after a cutback), step start time */
  int64_t has_output;
  double t_output;
  int64_t hist_bytes, clog_bytes, modes_bytes;
  nsb_vtk_resume vtk, bvtk, cvtk;
  int64_t done;      /* the step ended with this increment (Riks): continue with the next */
  int64_t ext_bytes; /* bytes after the system's state: the reduced model (*MODAL DYNAMIC) or
                        the arc-length continuation (*STATIC, RIKS) */
  double lpf_peak;   /* Riks: the largest LPF of the step so far */
} restart_point;

/* Everything one run holds: the system, the output writers and their
   buffers, and the counters of the progress line and of the report of an
   interrupted run.  Lives on nsb_run's stack. */
typedef struct run {
  nsb_ctx* ctx;
  const nsb_model* m;
  const nsb_run_options* opt;
  nsb_system* s;
  nsb_stats* stats; /* the system's */
  nsb_history* hist;
  nsb_contact_log* clog;
  nsb_vtk_writer* vtk;
  nsb_vtk_beam_writer* bvtk;
  nsb_vtk_contact_writer* cvtk;
  FILE* modes_csv;
  char modes_path[1100];
  nsb_frame_buf fb;
  nsb_beam_buf bb;
  nsb_contact_buf cb;
  int ascii;           /* VTK encoding of the first step with VTK output */
  int probe_reactions; /* history probes with RF or RM */
  int probe_kin;       /* element probes of positions, motions or frames (X U V R W Q WB) */
  int probe_res;       /* element probes of strains or resultants (E N M NS MS) */
  long inc;            /* increments accepted over the run */
  long iter_mark;      /* stats->newton_iterations at the last accepted increment (or the initial
                          output): what an increment's history row counts starts there */
  double t_start;      /* wall clock at the start */
  double t_end;        /* analysis time at the end of the last step */
  double last_progress;
  int has_output;      /* any output written yet */
  double t_output;     /* analysis time of the last output written */
  double t_balance;    /* analysis time of the last history row (the energy guard's balance) */
  int stopped;         /* the signal that stopped the run (opt->stop), 0 while it runs */
  char* ckpt;          /* checkpoint buffer (*RESTART), grown when the contact list grows */
  long ckpt_cap;
  const restart_point* resume; /* the checkpoint a restarted run continues from, or NULL */
} run;

/* What write_output writes (bits). */
enum {
  OUT_HISTORY = 1,  /* a history.csv row */
  OUT_CONTACTS = 2, /* contacts.csv rows */
  OUT_VTK = 4,      /* the VTK frames of bodies and beams */
  OUT_VTK_CONTACTS = 8, /* with OUT_VTK: the contact points too */
  OUT_COUNT = 16,   /* count the VTK frames in the statistics (increment output, not the initial state) */
  OUT_BEAM_LIN = 32 /* with OUT_VTK: the beams' strains and resultants from the beam buffer's lin (a modal step's) */
};

/* Write the outputs `what` (OUT_* bits) of the current state; iters: the
   Newton iterations of the history row.  Every file written is complete
   afterwards. */
static int write_output(run* rn, unsigned what, int iters) {
  nsb_system* s = rn->s;
  /* timed when the increment before it was (base/clock.h) */
  const double w_clock = nsb_system_clock_weight(s), tic = w_clock > 0.0 ? nsb_now_s() : 0.0;
  const double t = nsb_system_time(s);
  int hist = (what & OUT_HISTORY) && rn->hist, clog = (what & OUT_CONTACTS) && rn->clog,
      vtk = (what & OUT_VTK) && rn->vtk;
  if (hist) {
    /* the row's energies, which the guard on the energy balance reads too */
    nsb_energy e;
    nsb_system_energy(s, &e);
    NSB_CALL(nsb_history_write_energy(rn->hist, s, &e, rn->inc, iters));
    (void)nsb_system_energy_guard(s, &e, rn->inc);
    rn->t_balance = t;
  }
  if (clog) NSB_CALL(nsb_contact_log_write(rn->clog, s));
  if (vtk) {
    NSB_CALL(nsb_frame_buf_write(rn->vtk, &rn->fb, s, t, NULL));
    if (rn->bvtk && (what & OUT_BEAM_LIN)) NSB_CALL(nsb_beam_buf_write_linearized(rn->bvtk, &rn->bb, s, t, NULL));
    else if (rn->bvtk) NSB_CALL(nsb_beam_buf_write(rn->bvtk, &rn->bb, s, t, NULL));
    if ((what & OUT_VTK_CONTACTS) && rn->cvtk) NSB_CALL(nsb_contact_buf_write(rn->ctx, rn->cvtk, &rn->cb, s));
    if (what & OUT_COUNT) rn->stats->outputs++;
  }
  if (hist || clog || vtk) {
    rn->has_output = 1;
    rn->t_output = t;
  }
  if (w_clock > 0.0) rn->stats->t_output += w_clock * (nsb_now_s() - tic);
  return NSB_OK;
}

/* The Newton iterations an accepted increment cost, for its history row:
   every one since the increment before it (its attempts: cutbacks, a repeat
   with full Newton or after a first touch; the acceleration solve after its
   impacts; at a step's first increment that step's initial accelerations),
   so that the column sums to the statistics' total. */
static int increment_iterations(run* rn) {
  long d = rn->stats->newton_iterations - rn->iter_mark;
  rn->iter_mark = rn->stats->newton_iterations;
  rn->stats->row_iterations += d;
  return (int)d;
}

/* The progress line, at most four times a second. */
static void show_progress(run* rn) {
  if (!rn->opt->progress || rn->opt->quiet) return;
  double now = nsb_now_s();
  if (now - rn->last_progress <= 0.25) return;
  rn->last_progress = now;
  progress(0.0, rn->t_end, nsb_system_time(rn->s), now - rn->t_start, rn->inc, rn->stats->newton_iterations);
}

/* Checked once per increment: has a signal asked the run to stop? */
static int stop_requested(run* rn) {
  if (rn->opt->stop && *rn->opt->stop != 0) rn->stopped = (int)*rn->opt->stop;
  return rn->stopped != 0;
}

/* Set-up of the history rows from the modal coordinates (docs/theory.md
   §7, "History rows from the modal coordinates"): the momenta of the reduced motion are linear in the modal
   velocities, p = sum_j p_j v_j and L = sum_j L_j v_j with the momenta of
   each mode at unit velocity from M phi_j at the linearization positions
   X0, when the rebuilt state's x x (M dv) and R (M dv)_r terms vanish
   exactly: M phi_j has no rotation rows and every translation row of phi_j
   and M phi_j, over all modes, lies along one global axis (x_i and p_i then
   parallel at every node: the axial motion of a straight bar, a particle
   striking it along the axis).  Not with QUASI-STATIC (its static response
   moves other rows), SPIN, or checkpoints (they hold the system's state).
   Node probes are then served from their nodes' rows of Phi alone. */
static int modal_history_setup(run* rn, int k, const nsb_modal_result* r, modal_ws* w) {
  nsb_ctx* ctx = rn->ctx;
  nsb_system* s = rn->s;
  const nsb_model* model = rn->m;
  const nsb_step_def* sd = &model->steps.data[k];
  if (sd->reduction || sd->spinning || model->restart_every > 0 || rn->resume) return NSB_OK;
  int m = w->m, n = w->n, axis = -1, ok = 1, n_nodes = model->nodes.count;
  w->hmom = NSB_NEW_ARRAY(ctx, (size_t)6 * m, double);
  NSB_CHECK(ctx, w->hmom, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  const nsb_state* st = nsb_system_state(s);
  for (int j = 0; j < m && ok; ++j) {
    const double* phi = r->phi + (size_t)n * j;
    nsb_system_modal_mass_mv(s, phi, w->Mdv);
    nsb_vec3 p = nsb_v3_zero(), L = nsb_v3_zero();
    for (int i = 0; i < n_nodes && ok; ++i) {
      double d[6], e[6];
      nsb_system_eq_node(s, phi, i, d);
      nsb_system_eq_node(s, w->Mdv, i, e);
      ok = e[3] == 0.0 && e[4] == 0.0 && e[5] == 0.0;
      for (int c = 0; c < 3 && ok; ++c)
        if (d[c] != 0.0 || e[c] != 0.0) {
          if (axis < 0) axis = c;
          ok = c == axis;
        }
      nsb_vec3 pt = nsb_v3(e[0], e[1], e[2]);
      p = nsb_v3_add(p, pt);
      L = nsb_v3_add(L, nsb_v3_cross(nsb_st_x(st, i), pt));
    }
    nsb_v3_store(p, w->hmom + 6 * j);
    nsb_v3_store(L, w->hmom + 6 * j + 3);
  }
  if (!ok) {
    NSB_FREE_ARRAY(ctx, w->hmom, (size_t)6 * m, double);
    w->hmom = NULL;
    return NSB_OK;
  }
  int nh = 0;
  for (int p = 0; p < model->probes.count; ++p)
    if (model->probes.data[p].node >= 0) nh += 6;
  if (nh > 0) {
    w->hrows = NSB_NEW_ARRAY(ctx, nh, int);
    w->hphi = NSB_NEW_ARRAY(ctx, (size_t)nh * (size_t)m, double);
    NSB_CHECK(ctx, w->hrows && w->hphi, NSB_ERR_ALLOC, "modal dynamics: out of memory");
    w->n_hrows = nh;
    nh = 0;
    for (int p = 0; p < model->probes.count; ++p) {
      if (model->probes.data[p].node < 0) continue;
      for (int c = 0; c < 6; ++c) w->hrows[nh++] = nsb_system_node_equation(s, model->probes.data[p].node, c);
    }
    for (int j = 0; j < m; ++j)
      for (int q = 0; q < nh; ++q)
        w->hphi[q + (size_t)nh * j] = w->hrows[q] >= 0 ? r->phi[w->hrows[q] + (size_t)n * j] : 0.0;
  }
  w->hist_fast = 1;
  return NSB_OK;
}

/* One *MODAL DYNAMIC step's reduced model: the modes, the reduced motion,
   the workspace, the energies and the loads of the linearization state. */
typedef struct modal_step {
  nsb_modal_result r;
  nsb_reduced* red;
  modal_ws w;
  nsb_energy e0; /* energies at the step start */
  double t0;     /* step start time */
} modal_step;

static void modal_step_free(nsb_ctx* ctx, modal_step* ms) {
  nsb_reduced_destroy(&ms->red);
  modal_ws_free(ctx, &ms->w);
  nsb_modal_result_free(ctx, &ms->r);
}

/* The workspace and the reduced model for the modes ms->r (all allocation
   of the step). */
static int modal_step_alloc(run* rn, int k, modal_step* ms) {
  nsb_ctx* ctx = rn->ctx;
  nsb_system* s = rn->s;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  modal_ws* w = &ms->w;
  w->n = ms->r.n;
  w->m = ms->r.n_modes;
  modal_rows rows = {s, &ms->r};
  NSB_CALL(nsb_reduced_create(ctx, rn->m, w->m, ms->r.lambda, sd->ray_alpha, sd->ray_beta, sd->reduction,
                              nsb_system_state(s)->x, modal_node_rows, &rows, &ms->red));
  w->nc = nsb_reduced_n_contacts(ms->red);
  int nn = w->n > 0 ? w->n : 1;
  w->F = NSB_NEW_ARRAY(ctx, nn, double);
  w->r0 = NSB_NEW_ARRAY(ctx, nn, double);
  w->f = NSB_NEW_ARRAY(ctx, w->m, double);
  w->dq = NSB_NEW_ARRAY(ctx, nn, double);
  w->dv = NSB_NEW_ARRAY(ctx, nn, double);
  w->Mdv = NSB_NEW_ARRAY(ctx, nn, double);
  if (sd->reduction) w->cols = NSB_NEW_ARRAY(ctx, (size_t)nn * 3 * (w->nc > 0 ? w->nc : 1), double);
  if (!w->F || !w->r0 || !w->f || !w->dq || !w->dv || !w->Mdv || (sd->reduction && !w->cols))
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
  NSB_CALL(modal_sparse_modes(ctx, &ms->r, w));
  NSB_CALL(modal_history_setup(rn, k, &ms->r, w));
  /* the linearized outputs' values (modal_linearize) */
  if ((rn->hist && (rn->probe_reactions || rn->probe_res)) || rn->vtk) {
    w->n_react = 6 * rn->m->nodes.count;
    w->n_hf = rn->hist ? NSB_PROBE_FIELDS * nsb_history_n_element_probes(rn->m) : 0;
    w->n_bf = rn->bvtk ? NSB_BEAM_FIELDS * rn->bb.n_points : 0;
    double** lin[] = {&w->rx0, &w->rxp, &w->rxm, &w->hf0, &w->hfp, &w->hfm, &w->bf0, &w->bfp};
    const int len[] = {w->n_react, w->n_react, w->n_react, w->n_hf, w->n_hf, w->n_hf, w->n_bf, w->n_bf};
    for (int q = 0; q < 8; ++q) {
      *lin[q] = NSB_NEW_ARRAY(ctx, len[q] > 0 ? len[q] : 1, double);
      if (!*lin[q]) return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
    }
  }
  if (sd->spinning) {
    /* the co-rotating model about the start state (the deck reader refuses
       *RESTART with SPIN: these come from the start state, not a checkpoint) */
    w->spinning = 1;
    w->axis = sd->spin_axis;
    w->omega = sd->spin;
    w->t0 = nsb_system_time(s);
    NSB_CALL(nsb_spin_matrices_alloc(ctx, w->m, &w->sm));
    w->fs = NSB_NEW_ARRAY(ctx, w->m, double);
    w->fsp = NSB_NEW_ARRAY(ctx, w->m, double);
    if (!w->fs || !w->fsp)
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
    NSB_CALL(nsb_system_spin_matrices(s, &ms->r, sd->spin_axis, &w->sm));
    for (int j = 0; j < w->m; ++j)
      w->fs[j] = sd->spin * sd->spin * w->sm.fc1[j] - sd->ext_damping * sd->spin * w->sm.fb1[j];
    NSB_CALL(nsb_reduced_set_spin(ms->red, &w->sm, sd->spin, sd->ext_damping));
  }
  return NSB_OK;
}

/* SPIN, SWEEP=n with gravity in the step: the steady responses of the
   co-rotating model at the sweep's rates (Waltersberger 2007, eqs. 5.161,
   5.163) into gravity.csv next to modes.csv: step, rate [rad/s], rate [Hz],
   then for each node probe P the static displacement under the centrifugal
   load (and the axial part of gravity) P.sx, P.sy, P.sz, and the complex
   amplitude of the response to gravity turning at -rate in the frame,
   u(t) = Re[(re + i im) e^{i rate (t - t0)}]: P.ux_re, P.ux_im, ... (the
   co-rotating frame's components; gravity of the step's start time). */
static int modal_gravity_sweep(run* rn, int k, modal_step* ms, int dir_len, int has_dir) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_model* model = rn->m;
  const nsb_step_def* sd = &model->steps.data[k];
  modal_ws* w = &ms->w;
  nsb_vec3 g = nsb_system_modal_gravity(rn->s, ms->t0);
  int n_probe = 0;
  for (int p = 0; p < model->probes.count; ++p) n_probe += model->probes.data[p].node >= 0;
  if (nsb_v3_norm(g) == 0.0 || n_probe == 0) return NSB_OK;
  int m = w->m;
  size_t mm = (size_t)m * (size_t)m;
  size_t len = 6 * mm + 4 * (size_t)m + 8 * (size_t)m + (size_t)3 * m * n_probe;
  double* buf = NSB_NEW_ARRAY(ctx, len, double);
  NSB_CHECK(ctx, buf, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  double *work = buf, *fs = work + 6 * mm + 4 * (size_t)m, *fr = fs + m, *fi = fr + m, *ys = fi + m, *yr = ys + m,
         *yi = yr + m, *d = yi + m, *B = d + 2 * (size_t)m;
  /* gravity in the frame: Q(phi)^T g = Re[(g_perp + i e x g) e^{i phi}] + (e.g) e */
  nsb_vec3 e = nsb_v3(w->axis == 0, w->axis == 1, w->axis == 2);
  nsb_vec3 ga = nsb_v3_scale(nsb_v3_dot(e, g), e), gp = nsb_v3_sub(g, ga), gx = nsb_v3_cross(e, g);
  for (int j = 0; j < m; ++j) {
    const double* P = w->sm.Pg;
    fr[j] = P[j] * gp.x + P[j + m] * gp.y + P[j + 2 * m] * gp.z;
    fi[j] = P[j] * gx.x + P[j + m] * gx.y + P[j + 2 * m] * gx.z;
    d[j] = sd->ray_alpha + sd->ray_beta * ms->r.lambda[j];
  }
  modal_rows rows = {rn->s, &ms->r};
  int q = 0;
  for (int p = 0; p < model->probes.count; ++p)
    if (model->probes.data[p].node >= 0) modal_node_rows(&rows, model->probes.data[p].node, B + (size_t)3 * m * q++);
  char path[1100];
  snprintf(path, sizeof path, "%.*s%sgravity.csv", dir_len, rn->modes_path, has_dir ? "/" : "");
  int st = NSB_OK;
  FILE* f = fopen(path, "w");
  if (!f) st = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(errno));
  if (f) {
    fprintf(f, "step,omega,frequency");
    for (int p = 0; p < model->probes.count; ++p) {
      const char* nm = model->probes.data[p].name;
      if (model->probes.data[p].node < 0) continue;
      fprintf(f, ",%s.sx,%s.sy,%s.sz,%s.ux_re,%s.ux_im,%s.uy_re,%s.uy_im,%s.uz_re,%s.uz_im", nm, nm, nm, nm, nm, nm, nm,
              nm, nm);
    }
    fputc('\n', f);
  }
  for (int i = 0; i <= sd->spin_sweep && st >= 0; ++i) {
    double om = sd->spin * (double)i / (double)sd->spin_sweep;
    for (int j = 0; j < m; ++j)
      fs[j] = om * om * w->sm.fc1[j] - sd->ext_damping * om * w->sm.fb1[j] + w->sm.Pg[j] * ga.x +
              w->sm.Pg[j + m] * ga.y + w->sm.Pg[j + 2 * m] * ga.z;
    st = nsb_spin_forced(ctx, &w->sm, ms->r.lambda, d, sd->ext_damping, om, fs, fr, fi, work, ys, yr, yi);
    if (st < 0) break;
    fprintf(f, "%d,%.17g,%.17g", k + 1, om, om / 6.283185307179586);
    for (int pq = 0; pq < q; ++pq) {
      const double* Bp = B + (size_t)3 * m * pq;
      double v[9];
      for (int c = 0; c < 3; ++c) {
        double a = 0.0, br = 0.0, bi = 0.0;
        for (int j = 0; j < m; ++j) {
          a += Bp[c * m + j] * ys[j];
          br += Bp[c * m + j] * yr[j];
          bi += Bp[c * m + j] * yi[j];
        }
        v[c] = a;
        v[3 + 2 * c] = br;
        v[4 + 2 * c] = bi;
      }
      for (int c = 0; c < 9; ++c) fprintf(f, ",%.17g", v[c]);
    }
    fputc('\n', f);
  }
  if (f && fclose(f) != 0 && st >= 0)
    st = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(errno));
  NSB_FREE_ARRAY(ctx, buf, len, double);
  return st;
}

/* SPIN, SWEEP=n: the eigenvalues of the co-rotating model (Waltersberger 2007,
   eq. 5.167) at the rates k spin / n, k = 0..n, into stability.csv next to
   modes.csv: step, rate [rad/s], rate [Hz], max Re lambda, det K_s (its
   sign: Waltersberger's eq. 5.168), then the 2m eigenvalues (re, im) sorted
   by descending real part. */
static int modal_spin_sweep(run* rn, int k, modal_step* ms) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  modal_ws* w = &ms->w;
  int m = w->m;
  size_t mm = (size_t)m * (size_t)m;
  char path[1100];
  const char* slash = strrchr(rn->modes_path, '/');
  int dir_len = slash ? (int)(slash - rn->modes_path) : 0;
  snprintf(path, sizeof path, "%.*s%sstability.csv", dir_len, rn->modes_path, slash ? "/" : "");
  size_t len = 6 * mm + 5 * (size_t)m;
  double* buf = NSB_NEW_ARRAY(ctx, len, double);
  NSB_CHECK(ctx, buf, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  double *work = buf, *wr = work + 6 * mm + (size_t)m, *wi = wr + 2 * m;
  double* d = w->fsp; /* scratch before the first increment: the modal damping */
  int st = NSB_OK;
  FILE* f = fopen(path, "w");
  if (!f) st = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(errno));
  if (f) {
    fprintf(f, "step,omega,frequency,max_re,det_sign");
    for (int i = 0; i < 2 * m; ++i) fprintf(f, ",re%d,im%d", i + 1, i + 1);
    fputc('\n', f);
  }
  for (int j = 0; j < m; ++j) d[j] = sd->ray_alpha + sd->ray_beta * ms->r.lambda[j];
  for (int i = 0; i <= sd->spin_sweep && st >= 0; ++i) {
    double om = sd->spin * (double)i / (double)sd->spin_sweep;
    int sign;
    st = nsb_spin_stability(ctx, &w->sm, ms->r.lambda, d, sd->ext_damping, om, work, wr, wi, &sign);
    if (st < 0) break;
    fprintf(f, "%d,%.17g,%.17g,%.17g,%d", k + 1, om, om / 6.283185307179586, wr[0], sign);
    for (int q = 0; q < 2 * m; ++q) fprintf(f, ",%.17g,%.17g", wr[q], wi[q]);
    fputc('\n', f);
  }
  if (f && fclose(f) != 0 && st >= 0)
    st = nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(errno));
  NSB_FREE_ARRAY(ctx, buf, len, double);
  if (st >= 0) st = modal_gravity_sweep(rn, k, ms, dir_len, slash != NULL);
  return st;
}

/* The start of a modal dynamic step: modes of the current state, the
   reduced model, its initial velocities, the truncated flexibility (QS)
   and the load of the linearization state. */
static int modal_step_start(run* rn, int k, modal_step* ms) {
  nsb_ctx* ctx = rn->ctx;
  nsb_system* s = rn->s;
  const nsb_run_options* opt = rn->opt;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  NSB_CALL(nsb_system_modes(s, &ms->r));
  nsb_modal_result* r = &ms->r;
  if (opt->report && !opt->quiet)
    fprintf(opt->report, "step %d: modal dynamics with %d modes (omega %.6g .. %.6g), %s reduction", k + 1,
            r->n_modes, sqrt(fmax(r->lambda[0], 0.0)), sqrt(fmax(r->lambda[r->n_modes - 1], 0.0)),
            sd->reduction ? "quasi-static" : "modal");
  if (opt->report && !opt->quiet)
    fprintf(opt->report, r->n_rest > 0 ? "; %d more of the %d lowest stay at rest (not computed)\n" : "\n", r->n_rest,
            r->n_modes + r->n_rest);
  NSB_CALL(write_mode_rows(ctx, rn->modes_csv, k, r, modes_generalized_mass(rn->m), NULL));
  nsb_system_energy(s, &ms->e0);
  NSB_CALL(modal_step_alloc(rn, k, ms));
  modal_ws* w = &ms->w;
  nsb_reduced* red = ms->red;
  /* initial modal velocities: the projection phi^T M v of the current velocities */
  nsb_system_node_velocities(s, w->dv);
  nsb_system_modal_mass_mv(s, w->dv, w->Mdv);
  for (int j = 0; j < w->m; ++j) {
    const double* phi = r->phi + (size_t)w->n * j;
    double v = 0.0;
    for (int i = 0; i < w->n; ++i) v += phi[i] * w->Mdv[i];
    red->v[j] = v;
  }
  if (sd->reduction) {
    int st = NSB_OK;
    int nodes_buf[1];
    int* nodes = w->nc > 0 ? NSB_NEW_ARRAY(ctx, w->nc, int) : nodes_buf;
    double* C = w->nc > 0 ? NSB_NEW_ARRAY(ctx, (size_t)9 * w->nc * w->nc, double) : NULL;
    if (w->nc > 0 && (!nodes || !C)) {
      st = nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
    } else {
      for (int c = 0; c < w->nc; ++c) nodes[c] = nsb_reduced_contact_node(red, c);
      st = nsb_system_modal_flexibility(s, r, w->nc, nodes, w->cols);
      for (int a = 0; a < w->nc && st >= 0; ++a)
        for (int b = 0; b < 3 * w->nc; ++b) {
          double d[6];
          nsb_system_eq_node(s, w->cols + (size_t)w->n * b, nodes[a], d);
          for (int i = 0; i < 3; ++i) C[(3 * a + i) + (size_t)3 * w->nc * b] = d[i];
        }
      if (st >= 0) nsb_reduced_set_flexibility(red, C);
    }
    if (w->nc > 0 && nodes) NSB_FREE_ARRAY(ctx, nodes, w->nc, int);
    if (C) NSB_FREE_ARRAY(ctx, C, (size_t)9 * w->nc * w->nc, double);
    NSB_CALL(st);
  }
  ms->t0 = nsb_system_time(s);
  if (w->spinning) {
    /* the structure starts in the steady state of its spin (Waltersberger
       2007, eq. 5.161) with the projected velocities as relative ones */
    NSB_CALL(nsb_reduced_spin_steady(red, w->fs));
    if (sd->spin_sweep > 0) NSB_CALL(modal_spin_sweep(rn, k, ms));
  }
  return nsb_system_modal_load(s, ms->t0, 1, w->r0);
}

/* ---- the reduced model in a checkpoint (*RESTART) ----
 * int64 modes, equations, subspace iterations, contact candidates, QS;
 * doubles shift, asymmetry, step start time; the start energies
 * (nsb_energy); the eigenvalues, backward errors and modes; the load of the
 * linearization state r0 (n) and the last modal load f (m); QS: the
 * flexibility columns (n x 3 candidates); the reduced motion
 * (nsb_reduced_state_save).  Stored rather than recomputed, so that the
 * continued run uses the very numbers the interrupted one did. */
enum { MODAL_CK_INTS = 5, MODAL_CK_DOUBLES = 3 };

static size_t modal_cols_len(const modal_step* ms) {
  return ms->w.cols ? (size_t)ms->w.n * 3 * (size_t)ms->w.nc : 0;
}

static size_t modal_ckpt_bytes(const modal_step* ms) {
  size_t n = (size_t)ms->r.n, m = (size_t)ms->r.n_modes;
  return MODAL_CK_INTS * sizeof(int64_t) + MODAL_CK_DOUBLES * sizeof(double) + sizeof(nsb_energy) +
         (2 * m + n * m + n + m + modal_cols_len(ms)) * sizeof(double) + nsb_reduced_state_bytes(ms->red);
}

static char* ck_put(char* p, const void* src, size_t bytes) {
  if (bytes) memcpy(p, src, bytes);
  return p + bytes;
}

static void modal_ckpt_save(const modal_step* ms, char* p) {
  const nsb_modal_result* r = &ms->r;
  size_t n = (size_t)r->n, m = (size_t)r->n_modes;
  int64_t iv[MODAL_CK_INTS] = {r->n_modes, r->n, r->iterations, ms->w.nc, ms->w.cols != NULL};
  double dv[MODAL_CK_DOUBLES] = {r->shift, r->asymmetry, ms->t0};
  p = ck_put(p, iv, sizeof iv);
  p = ck_put(p, dv, sizeof dv);
  p = ck_put(p, &ms->e0, sizeof ms->e0);
  p = ck_put(p, r->lambda, m * sizeof(double));
  p = ck_put(p, r->residual, m * sizeof(double));
  p = ck_put(p, r->phi, n * m * sizeof(double));
  p = ck_put(p, ms->w.r0, n * sizeof(double));
  p = ck_put(p, ms->w.f, m * sizeof(double));
  p = ck_put(p, ms->w.cols, modal_cols_len(ms) * sizeof(double));
  nsb_reduced_state_save(ms->red, p);
}

/* The reduced model of step k from a checkpoint (buf, bytes: the part
   modal_ckpt_save wrote). */
static int modal_ckpt_load(run* rn, int k, modal_step* ms, const char* p, long bytes) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  int64_t iv[MODAL_CK_INTS];
  double dv[MODAL_CK_DOUBLES];
  long head = (long)(sizeof iv + sizeof dv + sizeof ms->e0);
  NSB_CHECK(ctx, bytes >= head, NSB_ERR_ARG, "restart file: the modal state is cut short");
  memcpy(iv, p, sizeof iv);
  memcpy(dv, p + sizeof iv, sizeof dv);
  memcpy(&ms->e0, p + sizeof iv + sizeof dv, sizeof ms->e0);
  p += head;
  int n_eq = nsb_system_n_equations(rn->s);
  NSB_CHECK(ctx, iv[0] >= 1 && iv[0] <= sd->n_modes && iv[1] == n_eq && iv[4] == (sd->reduction != 0), NSB_ERR_ARG,
            "restart file: a modal state of %lld modes of %lld equations (reduction %lld); the step has at most %d "
            "modes of %d equations (reduction %d)",
            (long long)iv[0], (long long)iv[1], (long long)iv[4], sd->n_modes, n_eq, sd->reduction != 0);
  nsb_modal_result* r = &ms->r;
  size_t n = (size_t)iv[1], m = (size_t)iv[0];
  r->n_modes = (int)m; /* the sizes nsb_modal_result_free frees with */
  r->n = (int)n;
  r->lambda = NSB_NEW_ARRAY(ctx, m, double);
  r->residual = NSB_NEW_ARRAY(ctx, m, double);
  r->phi = NSB_NEW_ARRAY(ctx, n * m, double);
  NSB_CHECK(ctx, r->lambda && r->residual && r->phi, NSB_ERR_ALLOC, "restart: out of memory");
  r->iterations = (int)iv[2];
  r->shift = dv[0];
  r->asymmetry = dv[1];
  ms->t0 = dv[2];
  size_t lead = (2 * m + n * m) * sizeof(double);
  NSB_CHECK(ctx, (size_t)(bytes - head) >= lead, NSB_ERR_ARG, "restart file: the modal state is cut short");
  memcpy(r->lambda, p, m * sizeof(double));
  memcpy(r->residual, p + m * sizeof(double), m * sizeof(double));
  memcpy(r->phi, p + 2 * m * sizeof(double), n * m * sizeof(double));
  p += lead;
  NSB_CALL(modal_step_alloc(rn, k, ms));
  NSB_CHECK(ctx, iv[3] == ms->w.nc, NSB_ERR_ARG, "restart file: %lld contact candidates, the step has %d",
            (long long)iv[3], ms->w.nc);
  NSB_CHECK(ctx, (size_t)bytes == modal_ckpt_bytes(ms), NSB_ERR_ARG,
            "restart file: a modal state of %ld bytes, the step's has %zu", bytes, modal_ckpt_bytes(ms));
  memcpy(ms->w.r0, p, n * sizeof(double));
  p += n * sizeof(double);
  memcpy(ms->w.f, p, m * sizeof(double));
  p += m * sizeof(double);
  if (modal_cols_len(ms)) memcpy(ms->w.cols, p, modal_cols_len(ms) * sizeof(double));
  p += modal_cols_len(ms) * sizeof(double);
  /* lambda of the reduced model is set from the stored eigenvalues at creation */
  return nsb_reduced_state_load(ms->red, p, nsb_reduced_state_bytes(ms->red));
}

/* What a checkpoint holds beyond the system's state: the reduced model of a
   *MODAL DYNAMIC step or the continuation of a *STATIC, RIKS step. */
typedef struct ckpt_extra {
  const modal_step* modal; /* or NULL */
  const nsb_arclength* al; /* or NULL */
  double lpf_peak;         /* Riks: the largest LPF of the step so far */
  int done;                /* Riks: the step ended with this increment */
} ckpt_extra;

static int checkpoint_after(run* rn, int k, long j, double sub, double t_step0, const ckpt_extra* x, int stop);

/* Above this many doubles the per-mode derivative tables of the
   linearized outputs are not kept (each row then differentiates along its
   own modal displacement). */
#define NSB_MODAL_TABLE ((size_t)1 << 23)

/* Set-up of the linearized outputs (modal_linearize) of a modal step whose
   increments write `rows` rows that need them: the values of the
   linearization state at the step's start when its loads are constant, and
   their derivatives along each mode phi_j by central differences at
   +-eps_j phi_j (nsb_system_modal_eps) when the step writes at least as many
   such rows as it has modes: 2 m rebuilds of the state once instead of 2
   per row, and a row then costs a sum over the modes that move.  Not with
   QUASI-STATIC (its static response to the contacts adds directions), nor
   when the tables would exceed NSB_MODAL_TABLE doubles. */
static int modal_lin_setup(run* rn, int k, modal_step* ms, long rows, int varying) {
  nsb_ctx* ctx = rn->ctx;
  nsb_system* s = rn->s;
  const nsb_model* m = rn->m;
  modal_ws* w = &ms->w;
  nsb_beam_buf* bb = rn->bvtk ? &rn->bb : NULL;
  if (!w->rx0 || rows == 0) return NSB_OK;
  int n = w->n, nm = w->m;
  if (!varying) {
    memset(w->dq, 0, (size_t)n * sizeof(double));
    NSB_CALL(nsb_system_modal_probe(s, w->dq, 0.0, ms->t0, w->rx0));
    if (w->n_hf > 0) nsb_history_sample_fields(m, s, w->hf0);
    if (w->n_bf > 0) nsb_beam_buf_sample_fields(bb, s, w->bf0);
    w->base_ok = 1;
  }
  if (m->steps.data[k].reduction || nm > rows) return NSB_OK;
  int nn = m->nodes.count > 0 ? m->nodes.count : 1;
  unsigned char* mark = NSB_NEW_ARRAY(ctx, nn, unsigned char);
  NSB_CHECK(ctx, mark, NSB_ERR_ALLOC, "modal dynamics: out of memory");
  int nr = nsb_system_reaction_nodes(s, mark);
  size_t per = (size_t)6 * nr + (size_t)w->n_hf + (size_t)w->n_bf;
  if (per * (size_t)nm > NSB_MODAL_TABLE) {
    NSB_FREE_ARRAY(ctx, mark, nn, unsigned char);
    return NSB_OK;
  }
  w->n_rn = nr;
  w->rnode = NSB_NEW_ARRAY(ctx, nr > 0 ? nr : 1, int);
  size_t ldr = (size_t)6 * nr * nm, ldh = (size_t)w->n_hf * nm, ldb = (size_t)w->n_bf * nm;
  w->dr = NSB_NEW_ARRAY(ctx, ldr > 0 ? ldr : 1, double);
  w->dh = NSB_NEW_ARRAY(ctx, ldh > 0 ? ldh : 1, double);
  w->db = NSB_NEW_ARRAY(ctx, ldb > 0 ? ldb : 1, double);
  if (!w->rnode || !w->dr || !w->dh || !w->db) {
    NSB_FREE_ARRAY(ctx, mark, nn, unsigned char);
    return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "modal dynamics: out of memory");
  }
  nr = 0;
  for (int i = 0; i < m->nodes.count; ++i)
    if (mark[i]) w->rnode[nr++] = i;
  NSB_FREE_ARRAY(ctx, mark, nn, unsigned char);
  for (int j = 0; j < nm; ++j) {
    const double* phi = ms->r.phi + (size_t)n * j;
    double* dr = w->dr + (size_t)6 * nr * j;
    double* dh = w->dh + (size_t)w->n_hf * j;
    double* db = w->db + (size_t)w->n_bf * j;
    double eps = nsb_system_modal_eps(s, phi);
    if (eps == 0.0) {
      memset(dr, 0, (size_t)6 * nr * sizeof(double));
      memset(dh, 0, (size_t)w->n_hf * sizeof(double));
      memset(db, 0, (size_t)w->n_bf * sizeof(double));
      continue;
    }
    NSB_CALL(nsb_system_modal_probe(s, phi, eps, ms->t0, w->rxp));
    if (w->n_hf > 0) nsb_history_sample_fields(m, s, w->hfp);
    if (w->n_bf > 0) nsb_beam_buf_sample_fields(bb, s, w->bfp);
    NSB_CALL(nsb_system_modal_probe(s, phi, -eps, ms->t0, w->rxm));
    if (w->n_hf > 0) nsb_history_sample_fields(m, s, w->hfm);
    if (w->n_bf > 0) nsb_beam_buf_sample_fields(bb, s, bb->lin);
    for (int a = 0; a < nr; ++a)
      for (int c = 0; c < 6; ++c) {
        int q = 6 * w->rnode[a] + c;
        dr[6 * a + c] = (w->rxp[q] - w->rxm[q]) / (2.0 * eps);
      }
    for (int i = 0; i < w->n_hf; ++i) dh[i] = (w->hfp[i] - w->hfm[i]) / (2.0 * eps);
    for (int i = 0; i < w->n_bf; ++i) db[i] = (w->bfp[i] - bb->lin[i]) / (2.0 * eps);
  }
  w->tab = 1;
  return NSB_OK;
}

/* A *MODAL DYNAMIC step (docs/theory.md §7): modes of the current state,
   then the reduced integration (solver/reduced.h) with the step's loads and
   the obstacle contacts; output as in a dynamic step (the state rebuilt from
   the modal coordinates).  A restarted run continues after increment j0 - 1
   with the reduced model of the checkpoint (ext, ext_bytes); a fresh one
   (ext NULL, j0 = 1) computes it. */
static int modal_dynamic_step(run* rn, int k, const char* ext, long ext_bytes, long j0) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_model* m = rn->m;
  nsb_system* s = rn->s;
  const nsb_step_def* sd = &m->steps.data[k];
  nsb_stats* stats = rn->stats;
  modal_step ms;
  memset(&ms, 0, sizeof ms);
  int st = ext ? modal_ckpt_load(rn, k, &ms, ext, ext_bytes) : modal_step_start(rn, k, &ms);
  if (st < 0) goto out;
  nsb_modal_result* r = &ms.r;
  modal_ws* w = &ms.w;
  nsb_reduced* red = ms.red;
  double t0 = ms.t0;
  long n_inc = (long)ceil(sd->period / sd->h - 1e-9);
  double h = sd->period / (double)n_inc;
  /* without amplitudes the loads are constant over the step: one assembly */
  int varying = 0;
  for (int i = 0; i < m->cloads.count; ++i) varying |= m->cloads.data[i].step <= k && m->cloads.data[i].amplitude >= 0;
  for (int i = 0; i < m->dloads.count; ++i) varying |= m->dloads.data[i].step <= k && m->dloads.data[i].amplitude >= 0;
  for (int i = 0; i < m->gravities.count; ++i)
    varying |= m->gravities.data[i].step <= k && m->gravities.data[i].amplitude >= 0;
  /* the step's rows that linearize outputs (as the loop below decides;
     all of them, so that a restarted step chooses as the whole one did) */
  long lin_rows = 0;
  for (long j = 1; j <= n_inc; ++j) {
    int hist = rn->hist && sd->history_every > 0 && (j % sd->history_every == 0 || j == n_inc);
    int vtk = rn->vtk && sd->vtk_every > 0 && (j % sd->vtk_every == 0 || j == n_inc);
    lin_rows += (hist && (rn->probe_reactions || rn->probe_res)) || vtk;
  }
  if ((st = modal_lin_setup(rn, k, &ms, lin_rows, varying)) < 0) goto out;
  ckpt_extra x = {&ms, NULL, 0.0, 0};
  for (long j = j0; j <= n_inc; ++j) {
    double t = t0 + (double)(j - 1) * h;
    if ((varying || j == 1) && (st = modal_force(s, r, w, t + 0.5 * h)) < 0) goto out;
    if (w->spinning) modal_spin_force(s, w, t + 0.5 * h);
    if ((st = nsb_reduced_step(red, t, h, w->spinning ? w->fsp : w->f)) < 0) {
      /* the only failure of a reduced increment: its contact impulses do not
         settle.  No cutback: the smooth part is linear and unconditionally
         stable, and a shorter increment leaves the contacts' coupling as it is */
      char why[512];
      snprintf(why, sizeof why, "%s", nsb_ctx_error_message(ctx));
      nsb_ctx_clear_error(ctx);
      fprintf(stderr, "nsbeam: increment failed at t = %.10g (step %d%s%s%s, increment %ld, h = %.6g): %s\n", t, k + 1,
              sd->name[0] ? " \"" : "", sd->name, sd->name[0] ? "\"" : "", rn->inc + 1, h, why);
      st = nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__,
                         "t = %.10g, step %d, increment %ld: %s; probable cause: the closed contacts couple the "
                         "retained modes so that their impulses are not unique (more contacts than the modes can tell "
                         "apart); fewer contact points or more MODES", t, k + 1, rn->inc + 1, why);
      goto out;
    }
    stats->increments++;
    ++rn->inc;
    int iters = increment_iterations(rn);
    int want_hist = rn->hist && sd->history_every > 0 && (j % sd->history_every == 0 || j == n_inc);
    int want_vtk = rn->vtk && sd->vtk_every > 0 && (j % sd->vtk_every == 0 || j == n_inc);
    int want_clog = rn->clog && sd->contact_every > 0 && (j % sd->contact_every == 0 || j == n_inc);
    if (want_hist || want_vtk) {
      /* the outputs that are forces are linearized (modal_linearize): the
         support reactions (probes RF, RM; the VTK frames), the element
         probes' strains and resultants, the beams' VTK fields */
      modal_lin lin = {rn->bvtk ? &rn->bb : NULL, (want_hist && rn->probe_reactions) || want_vtk,
                       want_hist && rn->probe_res, want_vtk && rn->bvtk, varying};
      int any = lin.react || lin.hf || lin.bf;
      /* a row of node values needs no element (the energies and momenta
         come from the reduced model); VTK output, element probes of
         positions, motions or frames and the step's last state reconstruct
         the beams */
      int nodes_only = !want_vtk && !(want_hist && rn->probe_kin) && j != n_inc;
      /* a row of energies, momenta and node probes: from the modal
         coordinates when the modes allow it (modal_history_setup) */
      if (nodes_only && !any && w->hist_fast) st = modal_history_state(s, red, w, &ms.e0, t0 + (double)j * h);
      else st = modal_output_state(s, r, red, w, &ms.e0, t0 + (double)j * h, h, nodes_only, any ? &lin : NULL);
      if (st < 0) goto out;
      unsigned what = (want_hist ? OUT_HISTORY : 0u) | (want_vtk ? OUT_VTK | OUT_COUNT : 0u) |
                      (lin.bf ? OUT_BEAM_LIN : 0u);
      if (lin.hf) nsb_history_use_fields(rn->hist, w->hfm);
      st = write_output(rn, what, iters);
      if (rn->hist) nsb_history_use_fields(rn->hist, NULL);
      if (st < 0) goto out;
    }
    if (want_clog) {
      double tic = nsb_now_s();
      if ((st = nsb_contact_log_write_reduced(rn->clog, m, red, t0 + (double)j * h)) < 0) goto out;
      rn->has_output = 1;
      rn->t_output = t0 + (double)j * h;
      stats->t_output += nsb_now_s() - tic;
    }
    int stop = stop_requested(rn);
    if ((st = checkpoint_after(rn, k, j, 0.0, t0, &x, stop)) < 0) goto out;
    show_progress(rn);
    if (stop) break;
  }
  stats->contact_sweeps += red->sweeps;
  /* the step's end state even without output there */
  if (!rn->stopped && !(rn->hist && sd->history_every > 0) && !(rn->vtk && sd->vtk_every > 0))
    st = modal_output_state(s, r, red, w, &ms.e0, t0 + (double)n_inc * h, h, 0, NULL);
out:
  modal_step_free(ctx, &ms);
  return st;
}

/* A *STATIC, RIKS step: arc-length increments (solver/arclength.h) until
   one of the step's end criteria; history and VTK output every EVERY-th
   increment and at the last one, as in any step.  A restarted run continues
   after increment j0 - 1 with the continuation state of the checkpoint (ext,
   ext_bytes) and the largest LPF so far; a fresh one has ext NULL, j0 = 1. */
static int riks_step(run* rn, int k, const char* ext, long ext_bytes, long j0, double lpf_peak) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_model* m = rn->m;
  nsb_system* s = rn->s;
  const nsb_run_options* opt = rn->opt;
  const nsb_step_def* sd = &m->steps.data[k];
  nsb_arclength* al = NULL;
  NSB_CALL(nsb_arclength_create(ctx, s, &al));
  nsb_arclength_info info;
  nsb_newton_report rep;
  int st = ext ? nsb_arclength_state_load(al, ext, (size_t)ext_bytes) : NSB_OK;
  ckpt_extra x = {NULL, al, lpf_peak, 0};
  double t_step0 = nsb_system_time(s) - nsb_system_step_time(s); /* for a checkpoint: the step's start */
  /* support reactions where they may be written: whether an increment is
     the step's last is known only after it, so with reaction probes or VTK
     output in the step every increment computes them */
  nsb_system_want_reactions(s, (rn->hist && sd->history_every > 0 && rn->probe_reactions) ||
                                   (rn->vtk && sd->vtk_every > 0));
  for (long j = j0; st >= 0; ++j) {
    double t0 = nsb_system_time(s);
    st = nsb_arclength_increment(al, &info, &rep);
    rn->stats->attempt_iterations += info.iterations;
    if (st < 0) {
      print_failure(m, k, rn->inc + 1, t0, nsb_arclength_ds(al), &rep);
      nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__, "t = %.10g, step %d, increment %ld (LPF %.10g): %s", t0, k + 1,
                    rn->inc + 1, nsb_system_load_factor(s), rep.cause);
      break;
    }
    ++rn->inc;
    lpf_peak = fmax(lpf_peak, info.lpf);
    x.lpf_peak = lpf_peak;
    int last = info.end != NSB_ARC_GOING;
    int hist_due = sd->history_every > 0 && (j % sd->history_every == 0 || last);
    int vtk_due = sd->vtk_every > 0 && (j % sd->vtk_every == 0 || last);
    unsigned what = (hist_due ? OUT_HISTORY : 0u) | (vtk_due ? OUT_VTK | OUT_COUNT : 0u);
    if ((st = write_output(rn, what, increment_iterations(rn))) < 0) break;
    /* a checkpoint of the last increment continues with the next step */
    x.done = last;
    int stop = stop_requested(rn);
    if ((st = checkpoint_after(rn, k, j, 0.0, t_step0, &x, stop)) < 0) break;
    show_progress(rn);
    if (last) {
      if (opt->report && !opt->quiet)
        fprintf(opt->report, "step %d: Riks path ends after %ld increments at LPF %.10g (largest %.10g), arc length %.6g: %s\n",
                k + 1, j, info.lpf, lpf_peak, nsb_arclength_used(al), nsb_arclength_end_text(info.end));
      break;
    }
    if (stop) break;
  }
  nsb_arclength_destroy(&al);
  return st;
}

/* Is name a file nsbeam writes into an output folder?  history.csv,
   contacts.csv, modes.csv, stability.csv, gravity.csv, restart.nsr, the view files of `nsbeam view`, and
   the series STEM.pvd / STEM_NNNNNN.vtu with STEM bodies, beams,
   beams_surface, contacts or modes<k>[_beams[_surface]] (each possibly with a
   .tmp suffix left by a killed run). */
static int is_output_name(const char* name) {
  static const char* const plain[] = {"history.csv",     "contacts.csv", "modes.csv", "stability.csv", "gravity.csv",
                                      "restart.nsr",     "restart.nsr.tmp", "view.png", "view.gif", "view_paraview.py",
                                      NULL};
  for (const char* const* p = plain; *p; ++p)
    if (!strcmp(name, *p)) return 1;
  const char* r = name;
  static const char* const stems[] = {"beams_surface", "bodies", "beams", "contacts", NULL};
  size_t n = 0;
  for (const char* const* p = stems; *p && !n; ++p)
    if (!strncmp(r, *p, strlen(*p))) n = strlen(*p);
  if (!n && !strncmp(r, "modes", 5) && isdigit((unsigned char)r[5])) {
    n = 5;
    while (isdigit((unsigned char)r[n])) ++n;
    if (!strncmp(r + n, "_beams", 6)) n += 6;
    if (!strncmp(r + n, "_surface", 8)) n += 8;
  }
  if (!n) return 0;
  r += n;
  if (r[0] == '_' && isdigit((unsigned char)r[1])) {
    ++r;
    while (isdigit((unsigned char)*r)) ++r;
  }
  if (strncmp(r, ".pvd", 4) && strncmp(r, ".vtu", 4)) return 0;
  r += 4;
  return !*r || !strcmp(r, ".tmp");
}

/* A fresh run into a folder that holds the output of an earlier one removes
   those files first, so that no stale frame or series of another deck is
   left next to the new ones (ParaView would show them). */
static int remove_earlier_output(run* rn, const char* dir) {
  DIR* d = opendir(dir);
  NSB_CHECK(rn->ctx, d, NSB_ERR_IO, "cannot read the output folder %s: %s", dir, strerror(errno));
  int removed = 0;
  struct dirent* e;
  char path[1400];
  while ((e = readdir(d))) {
    if (!is_output_name(e->d_name)) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat sb;
    if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) continue;
    if (unlink(path) != 0) {
      int err = errno;
      closedir(d);
      return nsb_ctx_error(rn->ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__,
                           "cannot remove %s of an earlier run: %s", path, strerror(err));
    }
    ++removed;
  }
  closedir(d);
  if (removed && rn->opt->report && !rn->opt->quiet)
    fprintf(rn->opt->report, "removed %d output file%s of an earlier run from %s\n", removed, removed == 1 ? "" : "s",
            dir);
  return NSB_OK;
}

/* Create the output directory and the writers the steps ask for; a
   restarted run continues the files of the run it continues (rn->resume). */
static int open_outputs(run* rn) {
  nsb_ctx* ctx = rn->ctx;
  const restart_point* rp = rn->resume;
  const nsb_model* m = rn->m;
  const char* dir = rn->opt->outdir;
  int want_vtk = 0, want_hist = 0, want_clog = 0, want_modes = 0;
  for (int k = 0; k < m->steps.count; ++k) {
    const nsb_step_def* sd = &m->steps.data[k];
    if (sd->vtk_every > 0 && !want_vtk) {
      want_vtk = 1;
      rn->ascii = sd->vtk_ascii;
    }
    want_hist |= sd->history_every > 0;
    want_clog |= sd->contact_every > 0;
    want_modes |= sd->n_modes > 0;
  }
  char path[1100];
  NSB_CALL(make_dirs(ctx, dir));
  if (!rp) NSB_CALL(remove_earlier_output(rn, dir));
  if (want_hist) {
    snprintf(path, sizeof path, "%s/history.csv", dir);
    NSB_CALL(nsb_history_open_resume(ctx, path, m, rp ? (long)rp->hist_bytes : 0, &rn->hist));
  }
  if (want_modes) {
    snprintf(rn->modes_path, sizeof rn->modes_path, "%s/modes.csv", dir);
    if (rp && rp->modes_bytes > 0) {
      struct stat sb;
      NSB_CHECK(ctx, stat(rn->modes_path, &sb) == 0, NSB_ERR_IO, "cannot continue %s: %s", rn->modes_path,
                strerror(errno));
      NSB_CHECK(ctx, sb.st_size >= rp->modes_bytes, NSB_ERR_IO,
                "cannot continue %s: it holds %lld bytes, the checkpoint counts %lld (changed since?)", rn->modes_path,
                (long long)sb.st_size, (long long)rp->modes_bytes);
      NSB_CHECK(ctx, truncate(rn->modes_path, (off_t)rp->modes_bytes) == 0, NSB_ERR_IO, "cannot continue %s: %s",
                rn->modes_path, strerror(errno));
    }
    rn->modes_csv = fopen(rn->modes_path, rp && rp->modes_bytes > 0 ? "a" : "w");
    NSB_CHECK(ctx, rn->modes_csv, NSB_ERR_IO, "cannot write %s: %s", rn->modes_path, strerror(errno));
    if (!(rp && rp->modes_bytes > 0))
      fprintf(rn->modes_csv, "step,mode,eigenvalue,omega,frequency,period,residual%s\n",
              modes_generalized_mass(m) ? ",generalized_mass" : "");
  }
  if (want_clog) {
    snprintf(path, sizeof path, "%s/contacts.csv", dir);
    NSB_CALL(nsb_contact_log_open_resume(ctx, path, rp ? (long)rp->clog_bytes : 0, &rn->clog));
  }
  if (want_vtk) {
    NSB_CALL(nsb_frame_buf_setup(ctx, m, &rn->fb));
    NSB_CALL(nsb_vtk_writer_create_resume(ctx, dir, "bodies", rn->ascii, rn->fb.n, rn->fb.n_lines,
                                          rp ? &rp->vtk : NULL, &rn->vtk));
    NSB_CALL(nsb_beam_buf_setup(ctx, m, rn->s, &rn->bb));
    if (rn->bb.n_lines > 0)
      NSB_CALL(nsb_vtk_beam_writer_create_resume(ctx, dir, "beams", rn->ascii, rn->bb.n_points, rn->bb.n_lines, 16,
                                                 rp ? &rp->bvtk : NULL, &rn->bvtk));
    if (m->contact_pairs.count > 0) {
      NSB_CALL(nsb_contact_buf_reserve(ctx, &rn->cb, nsb_system_n_contacts(rn->s)));
      NSB_CALL(nsb_vtk_contact_writer_create_resume(ctx, dir, "contacts", rn->ascii, rn->cb.cap, rp ? &rp->cvtk : NULL,
                                                    &rn->cvtk));
    }
  }
  return NSB_OK;
}

/* Push what sits in stdio buffers to the files: a failed write there fails the run. */
static int finish_outputs(run* rn) {
  int st = NSB_OK;
  if (rn->hist) st = nsb_history_flush(rn->hist);
  if (st >= 0 && rn->clog) st = nsb_contact_log_flush(rn->clog);
  if (rn->modes_csv) {
    int bad = fclose(rn->modes_csv) != 0;
    int err = errno;
    rn->modes_csv = NULL;
    if (bad && st >= 0)
      st = nsb_ctx_error(rn->ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", rn->modes_path,
                         strerror(err));
  }
  return st;
}

/* Say where the output is, then close and free every writer. */
static void close_outputs(run* rn, int st) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_run_options* opt = rn->opt;
  FILE* rep = opt->report && !opt->quiet ? opt->report : NULL;
  if (rn->modes_csv) fclose(rn->modes_csv);
  rn->modes_csv = NULL;
  if (rep && rn->vtk) fprintf(rep, "ParaView: %s\n", nsb_vtk_pvd_path(rn->vtk));
  if (rep && rn->bvtk)
    fprintf(rep, "ParaView: %s (axis), %s (solid)\n", nsb_vtk_beam_pvd_path(rn->bvtk),
            nsb_vtk_beam_surface_pvd_path(rn->bvtk));
  if (rep && rn->cvtk) fprintf(rep, "ParaView: %s (contact points)\n", nsb_vtk_contact_pvd_path(rn->cvtk));
  if (rep && rn->hist) fprintf(rep, "history:  %s/history.csv\n", opt->outdir);
  if (rep && rn->clog) fprintf(rep, "contacts: %s/contacts.csv\n", opt->outdir);
  if (rep && st >= 0 && rn->modes_path[0]) fprintf(rep, "modes:    %s\n", rn->modes_path);
  nsb_vtk_writer_destroy(&rn->vtk);
  nsb_vtk_beam_writer_destroy(&rn->bvtk);
  nsb_vtk_contact_writer_destroy(&rn->cvtk);
  nsb_contact_buf_free(ctx, &rn->cb);
  nsb_frame_buf_free(ctx, &rn->fb);
  nsb_beam_buf_free(ctx, &rn->bb);
  nsb_history_close(&rn->hist);
  nsb_contact_log_close(&rn->clog);
}

/* The outputs of the initial state (before the first step's increments). */
static int write_initial(run* rn, int contacts) {
  return write_output(rn, OUT_HISTORY | OUT_VTK | (contacts ? OUT_VTK_CONTACTS : 0u), increment_iterations(rn));
}

/* Append to cause (cap bytes) as snprintf does. */
static void cause_add(char* cause, size_t cap, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
static void cause_add(char* cause, size_t cap, const char* fmt, ...) {
  size_t len = strlen(cause);
  if (len + 1 >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cause + len, cap - len, fmt, ap);
  va_end(ap);
}

/* The value of a load of step k at time t (t_step0: the step's start): its
   amplitude at total or step time; a load of an earlier step with a step-time
   amplitude holds its value at the end of its own step (docs/deck.md,
   *AMPLITUDE "In later steps"). */
static double load_value(const nsb_model* m, int k, double t, double t_step0, double value, int amp, int step) {
  if (amp < 0) return value;
  const nsb_amplitude* a = &m->amplitudes.data[amp];
  double arg = a->total_time ? t : step >= 0 && step < k ? m->steps.data[step].period : t - t_step0;
  return value * nsb_amplitude_eval(a, arg, NULL, NULL);
}

/* Beyond it the squares of a residual's entries overflow (sqrt(DBL_MAX) is 1.3e154). */
#define NSB_HUGE_LOAD 1e150

/* A residual that is not finite: the first load of step k (*CLOAD, *DLOAD,
   *GRAVITY) whose value at the increment's end t is not finite or too large
   for the equations, as the probable cause in cause (cap bytes); 0 when
   every load is finite and moderate. */
/* Whether the load value v (at time t) is not finite or too large for the
   equations; if so, that as the probable cause in cause, naming the load by
   what ("*CLOAD of deck.inp:12 (node 3, DOF 2)"). */
static int load_overflows(double v, double t, const char* what, char* cause, size_t cap) {
  if (fabs(v) <= NSB_HUGE_LOAD) return 0;
  cause_add(cause, cap, "; probable cause: the %s is %.3g at t = %.10g, %s; check its value and amplitude", what, v, t,
            isfinite(v) ? "too large for the equations (beyond 1e150 squares overflow)" : "not finite");
  return 1;
}

/* ", AMPLITUDE=name" of a load with an amplitude, "" without. */
static const char* amplitude_part(const nsb_model* m, int amp, char* buf, size_t cap) {
  buf[0] = '\0';
  if (amp >= 0) snprintf(buf, cap, ", AMPLITUDE=%s", m->amplitudes.data[amp].name);
  return buf;
}

/* A residual that is not finite: the first load of step k (*CLOAD, *DLOAD,
   *GRAVITY) whose value at the increment's end t is not finite or too large
   for the equations, as the probable cause in cause (cap bytes); 0 when
   every load is finite and moderate. */
static int huge_load_cause(const nsb_model* m, int k, double t, double t_step0, char* cause, size_t cap) {
  char what[4096 + NSB_NAME_MAX + 96], amp[NSB_NAME_MAX + 16];
  for (int i = 0; i < m->cloads.count; ++i) {
    const nsb_cload* c = &m->cloads.data[i];
    if (c->step > k || (c->replaced && c->replaced - 1 <= k)) continue;
    snprintf(what, sizeof what, "*CLOAD of %s:%d (node %d, DOF %d%s)", m->source, c->line,
             m->nodes.data[c->node].label, c->dof, amplitude_part(m, c->amplitude, amp, sizeof amp));
    if (load_overflows(load_value(m, k, t, t_step0, c->value, c->amplitude, c->step), t, what, cause, cap)) return 1;
  }
  for (int i = 0; i < m->dloads.count; ++i) {
    const nsb_dload* d = &m->dloads.data[i];
    if (d->step > k || (d->replaced && d->replaced - 1 <= k)) continue;
    snprintf(what, sizeof what, "*DLOAD of %s:%d (element %d%s)", m->source, d->line,
             m->elements.data[d->element].label, amplitude_part(m, d->amplitude, amp, sizeof amp));
    if (load_overflows(load_value(m, k, t, t_step0, d->value, d->amplitude, d->step), t, what, cause, cap)) return 1;
  }
  for (int i = 0; i < m->gravities.count; ++i) {
    const nsb_gravity* g = &m->gravities.data[i];
    if (g->step > k) continue;
    if (g->amplitude >= 0)
      snprintf(what, sizeof what, "*GRAVITY of %s:%d (AMPLITUDE=%s)", m->source, g->line,
               m->amplitudes.data[g->amplitude].name);
    else
      snprintf(what, sizeof what, "*GRAVITY of %s:%d", m->source, g->line);
    double gn = sqrt(g->g[0] * g->g[0] + g->g[1] * g->g[1] + g->g[2] * g->g[2]);
    if (load_overflows(load_value(m, k, t, t_step0, gn, g->amplitude, g->step), t, what, cause, cap)) return 1;
  }
  return 0;
}

/* Above this share of the run's energy scale an energy gain before a
   failure of a dynamic step is named as its probable cause (the schemes'
   own error is orders smaller; nsb_system_energy_guard warns at
   NSB_ENERGY_GUARD). */
#define NSB_GAIN_CAUSE 0.1

/* The probable cause of a failed increment (to t_new, of length h) that
   rep->cause does not name yet, or one more probable than the one it names,
   appended to it: a load whose value overflows the equations, an energy
   gain before a dynamic step fails (an unstable integration, which ends in
   whatever the iteration meets first), an increment too large where no
   cutback is allowed. */
static void failure_cause(run* rn, int k, const nsb_step_control* sc, int st, double t_new, double h,
                          nsb_newton_report* rep) {
  const nsb_model* m = rn->m;
  const nsb_step_def* sd = &m->steps.data[k];
  char* cause = rep->cause;
  const size_t cap = sizeof rep->cause;
  if (st == NSB_ERR_ALLOC || st == NSB_ERR_UNDER_RESOLVED) return;
  if (strstr(cause, "not finite") && huge_load_cause(m, k, t_new, sc->t0, cause, cap)) return;
  if (sd->kind == NSB_STEP_DYNAMIC && !sd->modal_dynamic) {
    /* the energy balance at the last history row (nsb_system_energy_guard;
       not at the failure: the failed iterate's energies are not the state's) */
    const nsb_stats* stt = rn->stats;
    if (stt->balance_on && stt->balance_scale > 0.0 && stt->balance_change > NSB_GAIN_CAUSE * stt->balance_scale) {
      /* first, as the cause of what the failed iteration met (that, after it, may be cut short) */
      char head[384], met[sizeof rep->cause];
      snprintf(head, sizeof head,
               "probable cause: an unstable integration: the energy balance (docs/deck.md, statistics) had gained "
               "%.3g by t = %.10g, %.3g of the run's energy scale, energy nothing gives the model; reduce the time "
               "increment%s. The increment then failed with: ",
               stt->balance_change, rn->t_balance, stt->balance_change / stt->balance_scale,
               sd->scheme == NSB_SCHEME_NEWMARK                ? ""
               : sd->alpha_m == 0.0 && sd->alpha_f == 0.0 ? ", or give RHOINF < 1 for numerical damping"
                                                          : ", or a smaller RHOINF for more numerical damping");
      memcpy(met, cause, cap);
      size_t hl = strlen(head), ml = strnlen(met, cap - 1 - hl);
      memcpy(cause, head, hl);
      memcpy(cause + hl, met, ml);
      cause[hl + ml] = '\0';
      return;
    }
  }
  if (strstr(cause, "probable cause") || st != NSB_ERR_NO_CONVERGENCE) return;
  if (sc->h_min >= sc->h_nom * (1.0 - 1e-12))
    cause_add(cause, cap,
              "; probable cause: the increment h = %.6g is too large for the model's nonlinearity here (%s); "
              "no cutback is allowed: give a smaller h, or a smallest increment h_min < h on the data line (\"h, "
              "period, h_min\")",
              h,
              m->contact_pairs.count > 0 ? "contacts that close within one increment, large rotations"
                                         : "large rotations or displacements in one increment");
}

/* Advance from the current time to the grid time t_target of step k with
   the increments the step control sc chooses (solver/step_control.h): one
   increment of h_nom, or substeps after a cutback. */
static int advance_to(run* rn, int k, double t_target, nsb_step_control* sc) {
  nsb_ctx* ctx = rn->ctx;
  nsb_system* s = rn->s;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  nsb_newton_report rep;
  while (!nsb_step_control_reached(sc, nsb_system_time(s), t_target)) {
    double t_new = nsb_step_control_next(sc, s, t_target), hh = t_new - nsb_system_time(s);
    rep.shrink = 0.0;
    rep.final = 0;
    int st = nsb_system_increment_to(s, t_new, &rep);
    rn->stats->attempt_iterations += rep.iterations;
    if (st < 0) {
      rn->stats->rejected++;
      nsb_ctx_clear_error(ctx);
      /* a final failure (a mechanism: singular for every increment length) is reported at once */
      if (!rep.final && nsb_step_control_cutback_by(sc, st, hh, rep.shrink)) continue;
      /* a static step that converged on the way and now fails even at
         the smallest increment: the load has passed a limit point */
      if (st == NSB_ERR_NO_CONVERGENCE && sd->kind == NSB_STEP_STATIC && nsb_system_time(s) > sc->t0 &&
          !strstr(rep.cause, "probable cause")) {
        size_t len = strlen(rep.cause);
        snprintf(rep.cause + len, sizeof rep.cause - len,
                 "; probable cause: a limit point: the load of this step has reached a maximum the structure can "
                 "carry on this path (increments failed down to %.3g, the smallest the step allows, after "
                 "converging up to step time %.6g); follow the path beyond it with *STATIC, RIKS or a dynamic step",
                 hh, nsb_system_time(s) - sc->t0);
      }
      /* a dynamic step: say how far the increment was cut back, or why it was not */
      if (sd->kind == NSB_STEP_DYNAMIC && st != NSB_ERR_ALLOC && st != NSB_ERR_UNDER_RESOLVED && !rep.final) {
        size_t len = strlen(rep.cause);
        if (sc->h_min < sc->h_nom * (1.0 - 1e-12))
          snprintf(rep.cause + len, sizeof rep.cause - len,
                   " (after cutbacks down to h = %.3g; the step's smallest increment h_min is %.3g)", hh, sc->h_min);
        else
          snprintf(rep.cause + len, sizeof rep.cause - len,
                   " (no cutback: %s; a smallest increment h_min < h on the data line allows them)",
                   sd->direct ? "the step is DIRECT and gives no h_min" : "the step's h_min is h");
      }
      failure_cause(rn, k, sc, st, t_new, hh, &rep);
      print_failure(rn->m, k, rn->inc + 1, nsb_system_time(s), hh, &rep);
      return nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__, "t = %.10g, step %d, increment %ld: %s",
                           nsb_system_time(s), k + 1, rn->inc + 1, rep.cause);
    }
    rn->stats->increments++;
    /* located switching points and impacts are in contacts.csv whatever
       the grid: a row at the switching point (gap zero, no impulse yet) and
       one at the end of the impact increment; with EVERY=1 also the
       substeps of a cut-back increment (sub < h_nom until accepted grows it
       back), whose impulses the grid point's rows do not hold (the rows of
       every increment close its momentum, docs/deck.md contacts.csv); not
       the increments shortened for HERTZ contacts, which keep the grid's */
    const int cut = sd->contact_every == 1 && sc->sub < sc->h_nom * (1.0 - 1e-12);
    if ((sc->kind != NSB_INC_NOMINAL || cut) && rn->clog && sd->contact_every > 0 &&
        !nsb_step_control_reached(sc, nsb_system_time(s), t_target))
      NSB_CALL(nsb_contact_log_write(rn->clog, s));
    int ast = nsb_step_control_accepted(sc, s, &rep);
    if (ast < 0) {
      print_failure(rn->m, k, rn->inc + 1, nsb_system_time(s), hh, &rep);
      return nsb_ctx_error(ctx, ast, __FILE__, __LINE__, __func__,
                           "t = %.10g, step %d, after the impact of increment %ld: %s", nsb_system_time(s), k + 1,
                           rn->inc + 1, rep.cause);
    }
  }
  return NSB_OK;
}

/* ---- checkpoints (*RESTART) ----------------------------------------------------
 *
 * <outdir>/restart.nsr, replaced (temporary file + rename) every FREQUENCY
 * increments of static, Riks, dynamic and modal dynamic steps, and after the
 * last increment of a run a signal stops (checkpoint_after):
 *   magic "NSBRSTRT", uint32 version, uint32 0, uint64 model fingerprint,
 *   uint64 payload bytes, the payload (the run's restart_point, then the
 *   system's checkpoint, solver/checkpoint.c, then restart_point.ext_bytes
 *   of the step's own state: the reduced model of a *MODAL DYNAMIC step,
 *   modal_ckpt_save, or the continuation of a *STATIC, RIKS step,
 *   nsb_arclength_state_save), uint64 FNV-1a hash of the payload.  Host byte order: a checkpoint continues on the machine kind
 *   that wrote it.
 * The model fingerprint hashes what sizes and drives the state (nodes and
 * their coordinates, elements and their nodes, steps and their increments,
 * probes, contact pairs), so a checkpoint of another deck or another model
 * size is refused before anything is read. */

#define RESTART_MAGIC "NSBRSTRT"
enum { RESTART_VERSION = 14 }; /* 3: smaller beam element states (elements/beam.c); 4: the linear solver's pivot order (solver/checkpoint.c); 5: the supports' work and the energy guard (solver/system.c blocks); 6: the filtered loads and damping forces of rho_inf < 1 (solver/system.c blocks, beam damping data) and the rectangular sections' contact frames (contact elements); 7: the compliant contacts' filtered damping forces and the rectangular master beams' section axes (contact elements); 8: the beams' BETA share data of rho_inf < 1 (elements/beam.c beta_data); 9: the momentum the Newton contacts pass on (contacts.csv's impulses) and the rectangular masters' arms under NEWTON (contact elements); 10: the run statistics' attempt_iterations (nsb_stats, saved with the system); 11: the compliant contacts' episode records (ep_sum, ep_peak, ep_count: contact elements); 12: the Hertz contacts' filtered elastic forces (el_Ft: contact elements) and the damped beams' mass-rule point velocities (elements/beam.c rule_data); 13: the increment length the Newton contacts' passed momentum was formed with (Q_h: contact elements); 14: the Galerkin B2V elements' stored differences of the energy-consistent internal forces under the plain scheme (elements/beam.c emc, in models with a RHOINF=1 step) */


static uint64_t fnv1a(uint64_t h, const void* p, size_t n) {
  const unsigned char* c = p;
  for (size_t i = 0; i < n; ++i) {
    h ^= c[i];
    h *= 1099511628211ull;
  }
  return h;
}

static uint64_t model_fingerprint(const nsb_model* m) {
  uint64_t h = 14695981039346656037ull;
  int counts[5] = {m->nodes.count, m->elements.count, m->steps.count, m->probes.count, m->contact_pairs.count};
  h = fnv1a(h, counts, sizeof counts);
  for (int i = 0; i < m->nodes.count; ++i) {
    h = fnv1a(h, &m->nodes.data[i].label, sizeof(int));
    h = fnv1a(h, m->nodes.data[i].X, 3 * sizeof(double));
  }
  for (int i = 0; i < m->elements.count; ++i) {
    const nsb_element* e = &m->elements.data[i];
    int v[3] = {e->label, (int)e->type, e->n_points};
    h = fnv1a(h, v, sizeof v);
    h = fnv1a(h, e->nodes, sizeof e->nodes);
  }
  for (int k = 0; k < m->steps.count; ++k) {
    const nsb_step_def* sd = &m->steps.data[k];
    double d[2] = {sd->period, sd->h};
    int v[3] = {(int)sd->kind, sd->riks, sd->n_modes};
    h = fnv1a(h, d, sizeof d);
    h = fnv1a(h, v, sizeof v);
  }
  return h;
}

/* Write the checkpoint after increment j of step k, with what the step
   keeps beyond the system's state (x; allocation only when the state has
   grown beyond the buffer: a longer contact list). */
static int write_checkpoint(run* rn, int k, long j, double sub, double t_step0, const ckpt_extra* x) {
  nsb_ctx* ctx = rn->ctx;
  double tic = nsb_now_s();
  long sys_bytes = nsb_system_checkpoint_size(rn->s);
  if (sys_bytes < 0) return (int)sys_bytes;
  long ext_bytes = x && x->modal ? (long)modal_ckpt_bytes(x->modal)
                   : x && x->al  ? (long)nsb_arclength_state_bytes(x->al)
                                 : 0;
  long need = (long)sizeof(restart_point) + sys_bytes + ext_bytes;
  if (need > rn->ckpt_cap) {
    long cap = need + need / 2;
    char* p = nsb_realloc(ctx, rn->ckpt, (size_t)(rn->ckpt_cap > 0 ? rn->ckpt_cap : 1), (size_t)cap);
    if (!p) return NSB_ERR_ALLOC;
    rn->ckpt = p;
    rn->ckpt_cap = cap;
  }
  restart_point rp;
  memset(&rp, 0, sizeof rp);
  rp.step = k;
  rp.j = j;
  rp.inc = rn->inc;
  rp.sub = sub;
  rp.t_step0 = t_step0;
  rp.has_output = rn->has_output;
  rp.t_output = rn->t_output;
  /* the rows the checkpoint counts are on disk before it is written */
  if (rn->hist) NSB_CALL(nsb_history_flush(rn->hist));
  if (rn->clog) NSB_CALL(nsb_contact_log_flush(rn->clog));
  rp.hist_bytes = rn->hist ? nsb_history_tell(rn->hist) : 0;
  rp.clog_bytes = rn->clog ? nsb_contact_log_tell(rn->clog) : 0;
  /* modes.csv is written once per modal step: on disk before its size is counted */
  if (rn->modes_csv && fflush(rn->modes_csv) != 0)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", rn->modes_path,
                         strerror(errno));
  rp.modes_bytes = rn->modes_csv ? ftell(rn->modes_csv) : 0;
  if (rn->vtk) rp.vtk = nsb_vtk_resume_point(rn->vtk);
  if (rn->bvtk) rp.bvtk = nsb_vtk_beam_resume_point(rn->bvtk);
  if (rn->cvtk) rp.cvtk = nsb_vtk_contact_resume_point(rn->cvtk);
  rp.done = x && x->done;
  rp.ext_bytes = ext_bytes;
  rp.lpf_peak = x ? x->lpf_peak : 0.0;
  memcpy(rn->ckpt, &rp, sizeof rp);
  NSB_CALL(nsb_system_checkpoint_save(rn->s, rn->ckpt + sizeof rp));
  char* ext = rn->ckpt + sizeof rp + sys_bytes;
  if (x && x->modal) modal_ckpt_save(x->modal, ext);
  else if (x && x->al) nsb_arclength_state_save(x->al, ext);
  char path[1100], tmp[1100];
  snprintf(path, sizeof path, "%s/restart.nsr", rn->opt->outdir);
  snprintf(tmp, sizeof tmp, "%s/restart.nsr.tmp", rn->opt->outdir);
  FILE* f = fopen(tmp, "wb");
  NSB_CHECK(ctx, f, NSB_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
  uint32_t ver[2] = {RESTART_VERSION, 0};
  uint64_t head[2] = {model_fingerprint(rn->m), (uint64_t)need};
  uint64_t sum = fnv1a(14695981039346656037ull, rn->ckpt, (size_t)need);
  fwrite(RESTART_MAGIC, 1, 8, f);
  fwrite(ver, sizeof ver, 1, f);
  fwrite(head, sizeof head, 1, f);
  fwrite(rn->ckpt, 1, (size_t)need, f);
  fwrite(&sum, sizeof sum, 1, f);
  errno = 0;
  int bad = fflush(f) != 0 || ferror(f);
  int err = nsb_atomic_commit(f, tmp, path, bad, errno);
  if (err)
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(err));
  rn->stats->t_output += nsb_now_s() - tic;
  return NSB_OK;
}

/* After increment j of step k (every kind of step with increments): the
   checkpoint every FREQUENCY increments, and when a signal stops the run
   (stop) one of this increment, so that the stopped run loses no work. */
static int checkpoint_after(run* rn, int k, long j, double sub, double t_step0, const ckpt_extra* x, int stop) {
  int every = rn->m->restart_every;
  if (every <= 0 || !(rn->inc % every == 0 || stop)) return NSB_OK;
  return write_checkpoint(rn, k, j, sub, t_step0, x);
}

/* Read and check a checkpoint file: *buf (owned by the caller, *bytes
   bytes, nsb_free) holds the payload. */
static int read_checkpoint(run* rn, const char* path, char** buf, long* bytes) {
  nsb_ctx* ctx = rn->ctx;
  *buf = NULL;
  FILE* f = fopen(path, "rb");
  NSB_CHECK(ctx, f, NSB_ERR_IO, "cannot read restart file %s: %s", path, strerror(errno));
  char magic[8];
  uint32_t ver[2];
  uint64_t head[2];
  int st = NSB_OK;
  if (fread(magic, 1, 8, f) != 8 || memcmp(magic, RESTART_MAGIC, 8) != 0)
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__, "%s: not an nsbeam restart file", path);
  else if (fread(ver, sizeof ver, 1, f) != 1 || fread(head, sizeof head, 1, f) != 1)
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__, "%s: truncated restart file (no header)", path);
  else if (ver[0] != RESTART_VERSION)
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__,
                       "%s: restart file version %u; this nsbeam reads version %d", path, ver[0], RESTART_VERSION);
  else if (head[0] != model_fingerprint(rn->m))
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__,
                       "%s: written for another model (nodes, elements, steps or increments differ from %s)", path,
                       rn->m->source);
  else if (head[1] < sizeof(restart_point) || head[1] > (1ull << 40))
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__, "%s: corrupt restart file (payload size)", path);
  if (st < 0) {
    fclose(f);
    return st;
  }
  *bytes = (long)head[1];
  *buf = nsb_alloc(ctx, (size_t)*bytes);
  if (!*buf) {
    fclose(f);
    return NSB_ERR_ALLOC;
  }
  uint64_t sum = 0;
  if (fread(*buf, 1, (size_t)*bytes, f) != (size_t)*bytes || fread(&sum, sizeof sum, 1, f) != 1)
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__,
                       "%s: truncated restart file (shorter than the %ld bytes its header announces)", path, *bytes);
  else if (fgetc(f) != EOF)
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__, "%s: corrupt restart file (bytes after its end)",
                       path);
  else if (sum != fnv1a(14695981039346656037ull, *buf, (size_t)*bytes))
    st = nsb_ctx_error(ctx, NSB_ERR_ARG, __FILE__, __LINE__, __func__, "%s: corrupt restart file (checksum mismatch)",
                       path);
  fclose(f);
  if (st < 0) {
    nsb_free(ctx, *buf, (size_t)*bytes);
    *buf = NULL;
  }
  return st;
}

static int time_step(run* rn, int k, double t_step0, long j0, double sub0);

/* Continue from a checkpoint: the state of step rp->step after its
   increment rp->j, the outputs cut back to that point; then the rest of the
   step, by the driver of its kind.  Returns the index of the step to go on
   with. */
static int resume_run(run* rn, const char* buf, long bytes, int* k_next) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_model* m = rn->m;
  restart_point rp;
  memcpy(&rp, buf, sizeof rp);
  NSB_CHECK(ctx, rp.step >= 0 && rp.step < m->steps.count, NSB_ERR_ARG, "restart file: step %lld out of range",
            (long long)rp.step);
  long rest = bytes - (long)sizeof rp;
  NSB_CHECK(ctx, rp.ext_bytes >= 0 && rp.ext_bytes <= rest && rp.j >= 0, NSB_ERR_ARG,
            "restart file: corrupt (step state of %lld bytes in %ld, increment %lld)", (long long)rp.ext_bytes, rest,
            (long long)rp.j);
  int k = (int)rp.step;
  const nsb_step_def* sd = &m->steps.data[k];
  NSB_CHECK(ctx, (rp.ext_bytes > 0) == (sd->modal_dynamic || sd->riks), NSB_ERR_ARG,
            "restart file: the state of step %d does not fit its kind", k + 1);
  NSB_CALL(nsb_system_begin_step(rn->s, k, rp.t_step0));
  const char* sys = buf + sizeof rp;
  NSB_CALL(nsb_system_checkpoint_load(rn->s, sys, rest - (long)rp.ext_bytes));
  rn->inc = (long)rp.inc;
  /* the next row counts from here, as in the run the checkpoint was written by */
  rn->iter_mark = rn->stats->newton_iterations;
  rn->has_output = (int)rp.has_output;
  rn->t_output = rp.t_output;
  const char* ext = sys + rest - rp.ext_bytes;
  *k_next = k + 1;
  if (rp.done) return NSB_OK;
  if (sd->modal_dynamic) return modal_dynamic_step(rn, k, ext, (long)rp.ext_bytes, (long)rp.j + 1);
  if (sd->riks) return riks_step(rn, k, ext, (long)rp.ext_bytes, (long)rp.j + 1, rp.lpf_peak);
  return time_step(rn, k, rp.t_step0, (long)rp.j + 1, rp.sub);
}

/* A static or dynamic step from its start time t_step0: n_inc increments on
   the grid of the step control (solver/step_control.h), output every
   EVERY-th and at the last. */
static int time_step(run* rn, int k, double t_step0, long j0, double sub0) {
  nsb_system* s = rn->s;
  const nsb_step_def* sd = &rn->m->steps.data[k];
  nsb_step_control sc;
  nsb_step_control_begin(&sc, sd, t_step0, sub0);
  nsb_system_check_compliant(s, sc.hertz);
  long n_inc = sc.n_inc;
  for (long j = j0; j <= n_inc; ++j) {
    /* support reactions only where they are written */
    int hist_due = rn->hist && sd->history_every > 0 && (j % sd->history_every == 0 || j == n_inc);
    int vtk_due = rn->vtk && sd->vtk_every > 0 && (j % sd->vtk_every == 0 || j == n_inc);
    int clog_due = rn->clog && sd->contact_every > 0 && (j % sd->contact_every == 0 || j == n_inc);
    nsb_system_want_reactions(s, (hist_due && rn->probe_reactions) || vtk_due);
    NSB_CALL(advance_to(rn, k, nsb_step_control_grid_time(&sc, j), &sc));
    ++rn->inc;
    int iters = increment_iterations(rn);
    unsigned what = (hist_due ? OUT_HISTORY : 0u) | (clog_due ? OUT_CONTACTS : 0u) |
                    (vtk_due ? OUT_VTK | OUT_VTK_CONTACTS | OUT_COUNT : 0u);
    NSB_CALL(write_output(rn, what, iters));
    int stop = stop_requested(rn);
    NSB_CALL(checkpoint_after(rn, k, j, sc.sub, t_step0, NULL, stop));
    show_progress(rn);
    rn->stats->hertz_shortened += sc.n_hertz;
    rn->stats->hertz_landed += sc.n_hertz_land;
    rn->stats->hertz_grown += sc.n_hertz_grow;
    sc.n_hertz = sc.n_hertz_land = sc.n_hertz_grow = 0;
    if (stop) break;
  }
  return NSB_OK;
}

/* Step k from the current state at time t: its kind decides the driver. */
static int run_step(run* rn, int k, double t) {
  nsb_ctx* ctx = rn->ctx;
  const nsb_model* m = rn->m;
  nsb_system* s = rn->s;
  const nsb_step_def* sd = &m->steps.data[k];
  NSB_CALL(nsb_system_begin_step(s, k, t));
  if (sd->modal_dynamic) {
    if (k == 0) NSB_CALL(write_initial(rn, 0));
    return modal_dynamic_step(rn, k, NULL, 0, 1);
  }
  if (sd->n_modes > 0) {
    if (k == 0) NSB_CALL(write_initial(rn, 0));
    return frequency_step(ctx, m, s, k, rn->opt, rn->modes_csv, &rn->fb, &rn->bb, rn->ascii);
  }
  /* consistent accelerations at the start of the analysis and of every
     dynamic step that follows a static one (the static state has none) */
  if (sd->kind == NSB_STEP_DYNAMIC && (k == 0 || m->steps.data[k - 1].kind == NSB_STEP_STATIC)) {
    nsb_newton_report rep;
    nsb_system_want_reactions(s, k == 0 && ((rn->hist && rn->probe_reactions) || rn->vtk));
    int st = nsb_system_initial_acceleration(s, &rep);
    if (st < 0) {
      print_failure(m, k, 0, t, 0.0, &rep);
      return nsb_ctx_error(ctx, st, __FILE__, __LINE__, __func__, "initial accelerations: %s", rep.cause);
    }
  }
  if (k == 0) NSB_CALL(write_initial(rn, 1));
  if (sd->riks) return riks_step(rn, k, NULL, 0, 1, 0.0);
  return time_step(rn, k, t, 1, 0.0);
}

/* The checkpoint part of the report of a stopped run: where the work
   stands and how to continue, or how a deck can allow continuing. */
static void report_stop_checkpoint(const run* rn) {
  const char* dir = rn->opt->outdir;
  if (rn->m->restart_every <= 0)
    fprintf(stderr, "nsbeam: this run cannot be continued: the deck has no *RESTART; with *RESTART, WRITE, "
                    "FREQUENCY=n in it a stopped run writes a checkpoint and `nsbeam run --restart` continues it\n");
  else /* checkpoint_after wrote it when the stop was seen */
    fprintf(stderr, "nsbeam: checkpoint %s/restart.nsr holds increment %ld; continue with: nsbeam run %s -o %s "
                    "--restart %s/restart.nsr\n", dir, rn->inc, rn->m->source, dir, dir);
}

/* The report of a run stopped by a signal (stderr). */
static void report_stop(const run* rn, int k) {
  const char* name = rn->stopped == SIGINT ? "SIGINT" : rn->stopped == SIGTERM ? "SIGTERM" : "a signal";
  fprintf(stderr, "nsbeam: interrupted at t = %.10g (step %d, increment %ld) by %s; ", nsb_system_time(rn->s), k + 1,
          rn->inc, name);
  if (rn->has_output)
    fprintf(stderr, "output up to t = %.10g is complete\n", rn->t_output);
  else
    fprintf(stderr, "no output had been written yet\n");
  report_stop_checkpoint(rn);
}

/* With threads, each thread beyond the first allocates from a glibc arena
   of its own: a 64 MiB mapping made readable and writable piecewise as its
   top grows (by M_TOP_PAD, 128 KiB by default, beyond each need).  The
   worker making its half of 10^5 beam elements (nsb_system_create_threads)
   took 0.42 s of CPU time, 0.33 s of it in the kernel, against the calling
   thread's 0.26 s for as many elements and as many page faults (115 000
   each): the calling thread waited for it.  A pad of 64 MiB (an arena's
   whole mapping) while the system is made makes the worker's share as cheap
   as the calling thread's (0.25 s; benchmarks/threads/README.md, 2026-11-27
   "The serial start").  The pad reserves address space, not memory (pages
   are taken when first written); it is set back afterwards, so that memory
   freed later goes back to the system as before.  Setting it also fixes
   glibc's mmap threshold at its 128 KiB default. */
static void malloc_pad(int threads, int on) {
#ifdef __GLIBC__
  if (threads > 1) (void)mallopt(M_TOP_PAD, on ? 64 << 20 : 128 << 10);
#else
  (void)threads;
  (void)on;
#endif
}

int nsb_run(nsb_ctx* ctx, const nsb_model* m, const nsb_run_options* opt, nsb_stats* stats_out) {
  run rn;
  memset(&rn, 0, sizeof rn);
  rn.ctx = ctx;
  rn.m = m;
  rn.opt = opt;
  rn.t_start = rn.last_progress = nsb_now_s();
  for (int k = 0; k < m->steps.count; ++k) rn.t_end += m->steps.data[k].period;
  for (int p = 0; p < m->probes.count; ++p) {
    if (m->probes.data[p].quantities & (NSB_PROBE_RF | NSB_PROBE_RM)) rn.probe_reactions = 1;
    if (m->probes.data[p].element < 0) continue;
    unsigned q = m->probes.data[p].quantities;
    if (q & (NSB_PROBE_X | NSB_PROBE_U | NSB_PROBE_V | NSB_PROBE_R | NSB_PROBE_W | NSB_PROBE_Q | NSB_PROBE_WB))
      rn.probe_kin = 1;
    if (q & (NSB_PROBE_E | NSB_PROBE_N | NSB_PROBE_M | NSB_PROBE_NS | NSB_PROBE_MS)) rn.probe_res = 1;
  }
  char* ckpt = NULL;
  long ckpt_bytes = 0;
  malloc_pad(opt->threads, 1);
  int st = nsb_system_create_threads(ctx, m, opt->threads > 1 ? opt->threads : 1, &rn.s);
  malloc_pad(opt->threads, 0);
  if (st >= 0) rn.stats = nsb_system_stats(rn.s);
  if (st >= 0 && opt->restart) {
    st = read_checkpoint(&rn, opt->restart, &ckpt, &ckpt_bytes);
    if (st >= 0) rn.resume = (const restart_point*)ckpt;
  }
  if (st >= 0) st = open_outputs(&rn);
  double t = 0.0;
  int k_first = 0;
  if (st >= 0 && ckpt) {
    st = resume_run(&rn, ckpt, ckpt_bytes, &k_first);
    if (st >= 0) t = nsb_system_time(rn.s);
    if (st >= 0 && rn.stopped) report_stop(&rn, k_first - 1);
  }
  for (int k = k_first; k < m->steps.count && st >= 0 && !rn.stopped; ++k) {
    st = run_step(&rn, k, t);
    t = nsb_system_time(rn.s);
    if (st >= 0 && rn.stopped) {
      report_stop(&rn, k);
      break;
    }
  }
  if (st >= 0) st = finish_outputs(&rn);
  if (opt->progress && !opt->quiet) fprintf(stderr, "\r%80s\r", "");
  if (rn.s) {
    rn.stats->t_total = nsb_now_s() - rn.t_start;
    if (stats_out) *stats_out = *rn.stats;
  }
  close_outputs(&rn, st);
  if (ckpt) nsb_free(ctx, ckpt, (size_t)ckpt_bytes);
  if (rn.ckpt) nsb_free(ctx, rn.ckpt, (size_t)rn.ckpt_cap);
  nsb_system_destroy(&rn.s);
  return st;
}

void nsb_stats_print(const nsb_stats* st, FILE* out) {
  fprintf(out, "statistics:\n");
  fprintf(out, "  increments            %ld\n", st->increments);
  fprintf(out, "  rejected increments   %ld\n", st->rejected);
  if (st->hertz_shortened > 0)
    fprintf(out,
            "  shortened for compliant contacts %ld (%ld for omega h <= %g, %ld ending where a contact opens, %ld "
            "growing back; *DYNAMIC, DIRECT keeps the grid)\n",
            st->hertz_shortened, st->hertz_shortened - st->hertz_landed - st->hertz_grown, NSB_HERTZ_OMEGA_H_TARGET,
            st->hertz_landed, st->hertz_grown);
  if (st->floor_accepted > 0) fprintf(out, "  accepted at the increment round-off floor %ld\n", st->floor_accepted);
  fprintf(out, "  Newton iterations     %ld (history.csv's newton_iterations summed, with a row every increment)\n",
          st->newton_iterations);
  /* of them: the acceleration solves, the repeated attempts, and those in
     no history row (nsb_stats) */
  const long repeated = st->newton_iterations - st->attempt_iterations - st->accel_iterations;
  const long no_row = st->newton_iterations - st->row_iterations;
  if (st->accel_iterations > 0) fprintf(out, "    acceleration solves  %ld\n", st->accel_iterations);
  if (repeated != 0)
    fprintf(out, "    repeated attempts    %ld (an increment's attempt before its repeat with full Newton or after a "
                 "first touch)\n",
            repeated);
  if (no_row != 0)
    fprintf(out, "    in no history row    %ld (a failed increment's, or after the last increment)\n", no_row);
  if (st->linsolver) {
    char name[16];
    size_t k = 0;
    for (; st->linsolver[k] && k + 1 < sizeof name; ++k) name[k] = (char)toupper((unsigned char)st->linsolver[k]);
    name[k] = '\0';
    fprintf(out, "  linear solver         %s%s, %d equations (last analysis%s)\n", name,
            !strcmp(st->linsolver, "dense")                      ? " LU"
            : !strcmp(st->linsolver, "klu2") && st->split_ns == 0 ? " not split: the global KLU"
                                                                  : "",
            st->equations,
            st->linsolver_auto ? "; LINEAR SOLVER=AUTO" : "");
  }
  fprintf(out, "  factorizations        %ld\n", st->factorizations);
  if (st->factorizations_fresh > 0)
    fprintf(out, "    with pivot search    %ld\n", st->factorizations_fresh);
  if (st->order_blocks[0] + st->order_blocks[1] > 0)
    fprintf(out, "    block orderings      AMD %d, METIS %d (KLU: the smaller Cholesky fill, last analysis)\n",
            st->order_blocks[0], st->order_blocks[1]);
  if (st->split_ns > 0)
    fprintf(out, "    two domains          %d + %d unknowns, separator %d (KLU2)\n", st->split_nd[0], st->split_nd[1],
            st->split_ns);
  if (st->factorizations_fallback > 0)
    fprintf(out, "    by the global KLU    %ld (KLU2: a singular domain block or Schur complement)\n",
            st->factorizations_fallback);
  if (st->tangents > 0 || st->tangent_reuses > 0) {
    fprintf(out, "  tangents formed       %ld (modified Newton)\n", st->tangents);
    fprintf(out, "    iterations reusing   %ld\n", st->tangent_reuses);
    if (st->first_accepted > 0)
      fprintf(out, "    increments accepted after one correction %ld\n", st->first_accepted);
    if (st->tangent_retries > 0)
      fprintf(out, "    increments repeated with full Newton %ld\n", st->tangent_retries);
  }
  if (st->contact_lists > 0) fprintf(out, "  contact lists built   %ld\n", st->contact_lists);
  if (st->contact_sweeps > 0) fprintf(out, "  contact prox sweeps   %ld\n", st->contact_sweeps);
  if (st->balance_on)
    fprintf(out,
            "  energy balance        E + D - W - W_s moved by %+.4g since the dynamic steps began, %+.3g of the "
            "energy scale %.4g (the time scheme's damping, or what the history does not book)\n",
            st->balance_change, st->balance_scale > 0.0 ? st->balance_change / st->balance_scale : 0.0,
            st->balance_scale);
  fprintf(out, "  linear solves         %ld\n", st->solves);
  fprintf(out, "  VTK outputs           %ld\n", st->outputs);
  fprintf(out, "  wall time [s]: setup %.3f, assembly %.3f, factorization %.3f, solve %.3f, output %.3f, total %.3f\n",
          st->t_setup, st->t_assemble, st->t_factor, st->t_solve, st->t_output, st->t_total);
}

/* history.c -- CSV time histories. */
#define _POSIX_C_SOURCE 200809L
#include "io/history.h"

#include "base/clock.h"
#include "base/numfmt.h"
#include "contact/pair.h"
#include "solver/reduced.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

/* ---- whole rows ------------------------------------------------------------------
 *
 * A CSV file that a crash (kill -9, power loss of the process) leaves with
 * complete rows only.  Each row is formatted in place at the end of the rows
 * not yet written, in a preallocated buffer that is written out (write(2),
 * no stdio: its fwrite copied every row once more) before a row could not
 * fit, so every write(2) that reaches the file ends at a row boundary.
 * csv_flush_due at each output time pushes the rows out when
 * CSV_FLUSH_INTERVAL seconds of wall time have passed since
 * the last flush: a run that writes thousands of rows a second (a particle,
 * a mechanism) makes one write(2) per interval instead of one per row, which
 * was a fifth of such a run, and a crash loses at most the rows of that
 * last interval.  The callers flush before they count the file's bytes (a
 * checkpoint) and at the end of the run.  No allocation after csv_open.
 *
 * Numbers are written by nsb_fmt_g17 (base/numfmt.h): the bytes of printf's
 * %.17g without printf, through a memo of the last texts (nsb_g17_memo_format):
 * a value that recurs is copied. */
enum { CSV_NUM_MAX = NSB_G17_MAX + 1 }; /* room for one %.17g number or a long, with a separator */
/* s of wall time between flushes at output times: short against anything a
   person or a test that watches the file waits for (rows batched for a tenth
   of a second moved the increment at which a test's signal landed by ten),
   long against a write(2) (a few microseconds) */
#define CSV_FLUSH_INTERVAL 0.01

/* Seconds on a monotonic clock for the flush interval: Linux's coarse clock
   (a few milliseconds' resolution, a fifth of the precise clock's cost, which
   is read at every output time) is fine enough for a hundredth of a second. */
static double flush_clock(void) {
#ifdef CLOCK_MONOTONIC_COARSE
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
  return nsb_now_s();
#endif
}

typedef struct csv_out {
  nsb_ctx* ctx;
  int fd;          /* the file (-1: none) */
  char* row;       /* the row being formatted: io + pending, with room for row_cap bytes */
  size_t row_cap;
  size_t len;      /* bytes of the row so far */
  char* io;        /* io_size bytes: the whole rows not yet written, then the row */
  size_t io_size;
  size_t pending;  /* bytes of whole rows in io since the last flush */
  long written;    /* bytes in the file before io: its size at open, then what the flushes wrote */
  int err;         /* errno of a failed write (every later flush reports it) */
  int truncated;   /* a field did not fit in row (a programming error: row_cap too small) */
  double t_flush;  /* wall clock of the last flush (flush_clock) */
  nsb_g17_memo memo; /* the texts of recurring numbers (csv_num) */
  char path[1024];
} csv_out;

static int csv_flush(csv_out* c);

/* Write the rows still buffered (as fclose did: a failure here goes
   unreported, the callers flush before they close) and free. */
static void csv_close(csv_out* c) {
  if (c->fd >= 0) {
    if (c->pending > 0 && !c->err) (void)csv_flush(c);
    close(c->fd);
  }
  c->fd = -1;
  if (c->io) nsb_free(c->ctx, c->io, c->io_size);
  c->row = c->io = NULL;
}

/* Open path (append = 0: a new file; 1: continue the file) with rows of up to row_cap bytes. */
static int csv_open(nsb_ctx* ctx, csv_out* c, const char* path, int append, size_t row_cap) {
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  c->fd = -1;
  NSB_CHECK(ctx, strlen(path) < sizeof c->path, NSB_ERR_IO, "output path too long: %s", path);
  snprintf(c->path, sizeof c->path, "%s", path);
  c->row_cap = row_cap;
  nsb_g17_memo_init(&c->memo);
  c->io_size = 2 * row_cap > 65536 ? 2 * row_cap : 65536;
  c->io = nsb_alloc(ctx, c->io_size);
  if (!c->io) return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "%s: out of memory", path);
  c->row = c->io;
  /* the flags and permissions of fopen's "w" and "a" */
  c->fd = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0666);
  const off_t end = c->fd >= 0 && append ? lseek(c->fd, 0, SEEK_END) : 0;
  if (c->fd < 0 || end < 0) {
    int err = errno;
    csv_close(c);
    return nsb_ctx_error(ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", path, strerror(err));
  }
  c->written = (long)end;
  c->t_flush = flush_clock();
  return NSB_OK;
}

/* Append printf-formatted text to the row. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void csv_put(csv_out* c, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(c->row + c->len, c->row_cap - c->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= c->row_cap - c->len) {
    c->truncated = 1;
    return;
  }
  c->len += (size_t)n;
}


/* Append sep (unless 0) and x as %.17g. */
static void csv_num(csv_out* c, char sep, double x) {
  if (c->row_cap - c->len < CSV_NUM_MAX) {
    c->truncated = 1;
    return;
  }
  if (sep) c->row[c->len++] = sep;
  c->len += (size_t)nsb_g17_memo_format(&c->memo, c->row + c->len, x);
}

/* Append n numbers x, each after a comma, as %.17g: the numbers of a
   history row, whose room (n * CSV_NUM_MAX) the row's capacity holds
   (nsb_history_open_resume checks it).  One loop with one pointer and no
   check per number: csv_num per number reloaded the row's length after every
   byte stored (a char store may alias it) and cost a call each, about a
   third of what a particle's row cost beside the conversions. */
static void row_nums(csv_out* c, const double* x, int n) {
  NSB_ASSERT(c->row_cap - c->len >= (size_t)n * CSV_NUM_MAX + 1);
  nsb_g17_memo* memo = &c->memo;
  char* const start = c->row + c->len;
  char* p = start;
  for (int k = 0; k < n; ++k) {
    *p++ = ',';
    p += nsb_g17_memo_format(memo, p, x[k]);
  }
  c->len += (size_t)(p - start);
}

/* Append sep and the text str. */
static void csv_str(csv_out* c, char sep, const char* str) {
  size_t n = strlen(str);
  if (c->row_cap - c->len < n + 2) {
    c->truncated = 1;
    return;
  }
  c->row[c->len++] = sep;
  memcpy(c->row + c->len, str, n);
  c->len += n;
}

/* Append sep (unless 0) and the decimal digits of v (as %ld). */
static void csv_int(csv_out* c, char sep, long v) {
  if (c->row_cap - c->len < CSV_NUM_MAX) {
    c->truncated = 1;
    return;
  }
  if (sep) c->row[c->len++] = sep;
  if (v < 0) c->row[c->len++] = '-';
  c->len += (size_t)nsb_fmt_digits(c->row + c->len, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
}

static int csv_io_error(csv_out* c, int err) {
  return nsb_ctx_error(c->ctx, NSB_ERR_IO, __FILE__, __LINE__, __func__, "cannot write %s: %s", c->path,
                       strerror(err ? err : EIO));
}

/* Push the buffered rows to the file (whole rows; one write(2) unless it
   is interrupted or partial). */
static int csv_flush(csv_out* c) {
  if (c->err) return csv_io_error(c, c->err);
  size_t done = 0;
  while (done < c->pending) {
    const ssize_t w = write(c->fd, c->io + done, c->pending - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      c->err = w < 0 && errno ? errno : EIO;
      return csv_io_error(c, c->err);
    }
    done += (size_t)w;
  }
  c->written += (long)c->pending;
  c->pending = 0;
  c->row = c->io;
  c->t_flush = flush_clock();
  return NSB_OK;
}

/* At an output time: flush when CSV_FLUSH_INTERVAL has passed since the last flush. */
static int csv_flush_due(csv_out* c) {
  if (c->pending == 0 || flush_clock() - c->t_flush < CSV_FLUSH_INTERVAL) return NSB_OK;
  return csv_flush(c);
}

/* End the row with a newline: it joins the rows to be written, which are
   written first when the next row might not fit after them. */
static int csv_end_row(csv_out* c) {
  NSB_ASSERT(!c->truncated && c->len + 1 < c->row_cap);
  c->row[c->len++] = '\n';
  c->pending += c->len;
  c->len = 0;
  c->row = c->io + c->pending;
  if (c->io_size - c->pending < c->row_cap) NSB_CALL(csv_flush(c));
  return NSB_OK;
}

/* Continue a file an earlier run wrote (restart): cut it to its first bytes
   (the rows up to the checkpoint) and append from there. */
static int csv_resume(nsb_ctx* ctx, csv_out* c, const char* path, size_t row_cap, long bytes) {
  struct stat sb;
  NSB_CHECK(ctx, stat(path, &sb) == 0, NSB_ERR_IO, "cannot continue %s: %s", path, strerror(errno));
  NSB_CHECK(ctx, sb.st_size >= bytes, NSB_ERR_IO,
            "cannot continue %s: it holds %lld bytes, the checkpoint counts %ld (changed since?)", path,
            (long long)sb.st_size, bytes);
  NSB_CHECK(ctx, truncate(path, bytes) == 0, NSB_ERR_IO, "cannot continue %s: %s", path, strerror(errno));
  return csv_open(ctx, c, path, 1, row_cap);
}

/* Bytes handed to the file so far (after csv_flush: its size). */
static long csv_tell(csv_out* c) { return c->written + (long)c->pending; }

struct nsb_history {
  nsb_ctx* ctx;
  csv_out out;
  const nsb_model* m;
  int n_cols;
  double* vals; /* n_cols: the floating-point numbers of a row after its integers (nsb_history_write_energy) */
  int dissipative; /* the model has dashpots or contacts: a "dissipated" column */
  int driven;      /* the model has supports that move in a dynamic step: a "support_work" column, last */
  const double* fields; /* element probes' strains and resultants, or NULL (nsb_history_use_fields) */
};

/* Models that can dissipate energy get the column "dissipated" after
   external_work, so that kinetic + potential + dissipated - external_work
   can be checked; the others keep the plain header.  Beam sections with a
   material's *DAMPING dissipate. */
static int model_dissipates(const nsb_model* m) {
  if (m->contact_pairs.count > 0) return 1;
  for (int i = 0; i < m->sections.count; ++i)
    if (m->sections.data[i].damp_alpha != 0.0 || m->sections.data[i].damp_beta != 0.0) return 1;
  for (int i = 0; i < m->elements.count; ++i)
    if (m->elements.data[i].type == NSB_ETYPE_DASHPOTA) return 1;
  return 0;
}

/* Models whose supports can move in a dynamic step (a *BOUNDARY record
   with a value other than 0 that is not FIXED, on a DOF held in the global
   axes, and a *DYNAMIC step) get the column "support_work" after all the
   others, so that kinetic + potential + dissipated - external_work -
   support_work can be checked; the others keep their columns
   (solver/system.c, nsb_system_begin_step, books the work of the same
   records). */
static int model_drives(const nsb_model* m) {
  int dynamic = 0;
  for (int k = 0; k < m->steps.count; ++k)
    dynamic |= m->steps.data[k].kind == NSB_STEP_DYNAMIC && !m->steps.data[k].modal_dynamic &&
               m->steps.data[k].n_modes == 0;
  for (int b = 0; b < m->boundaries.count && dynamic; ++b) {
    const nsb_boundary* bc = &m->boundaries.data[b];
    if (bc->fixed || bc->value == 0.0 || (bc->transform > 0 && bc->dof_last <= 3)) continue;
    return 1;
  }
  return 0;
}

static const char* const names_x[] = {"x", "y", "z", NULL};
static const char* const names_u[] = {"ux", "uy", "uz", NULL};
static const char* const names_v[] = {"vx", "vy", "vz", NULL};
static const char* const names_r[] = {"rx", "ry", "rz", NULL};
static const char* const names_w[] = {"wx", "wy", "wz", NULL};
static const char* const names_q[] = {"qw", "qx", "qy", "qz", NULL};
static const char* const names_wb[] = {"wbx", "wby", "wbz", NULL};
static const char* const names_e[] = {"g1", "g2", "g3", "k1", "k2", "k3", NULL};
static const char* const names_n[] = {"nx", "ny", "nz", NULL};
static const char* const names_m[] = {"mx", "my", "mz", NULL};
static const char* const names_ns[] = {"n1", "n2", "n3", NULL};
static const char* const names_ms[] = {"m1", "m2", "m3", NULL};
static const char* const names_rf[] = {"rfx", "rfy", "rfz", NULL};
static const char* const names_rm[] = {"rmx", "rmy", "rmz", NULL};

const char* const* nsb_probe_quantity_names(unsigned bit) {
  switch (bit) {
    case NSB_PROBE_X: return names_x;
    case NSB_PROBE_U: return names_u;
    case NSB_PROBE_V: return names_v;
    case NSB_PROBE_R: return names_r;
    case NSB_PROBE_W: return names_w;
    case NSB_PROBE_Q: return names_q;
    case NSB_PROBE_WB: return names_wb;
    case NSB_PROBE_E: return names_e;
    case NSB_PROBE_N: return names_n;
    case NSB_PROBE_M: return names_m;
    case NSB_PROBE_NS: return names_ns;
    case NSB_PROBE_MS: return names_ms;
    case NSB_PROBE_RF: return names_rf;
    case NSB_PROBE_RM: return names_rm;
    default: return NULL;
  }
}

/* ascending (nsb_history_write takes the bits of a probe in this order) */
static const unsigned probe_bits[] = {NSB_PROBE_X,  NSB_PROBE_U, NSB_PROBE_V, NSB_PROBE_R,  NSB_PROBE_W,
                                      NSB_PROBE_Q,  NSB_PROBE_WB, NSB_PROBE_E, NSB_PROBE_N,  NSB_PROBE_M,
                                      NSB_PROBE_NS, NSB_PROBE_MS, NSB_PROBE_RF, NSB_PROBE_RM};
#define N_PROBE_BITS ((int)(sizeof probe_bits / sizeof probe_bits[0]))
_Static_assert(NSB_PROBE_X == 1 && NSB_PROBE_RM == 1u << (N_PROBE_BITS - 1),
               "probe_bits holds the bits 1 << 0 .. 1 << (N_PROBE_BITS - 1) in ascending order");

/* Columns of the model's history rows, and the bytes a row (or the header) can take. */
static int history_columns(const nsb_model* m, int dissipative, int driven, size_t* row_cap) {
  int n = 15 + dissipative + driven;
  size_t cap = 512 + 32 * (size_t)n;
  for (int p = 0; p < m->probes.count; ++p) {
    const nsb_probe* pr = &m->probes.data[p];
    for (int b = 0; b < N_PROBE_BITS; ++b) {
      if (!(pr->quantities & probe_bits[b])) continue;
      for (const char* const* q = nsb_probe_quantity_names(probe_bits[b]); *q; ++q) {
        n++;
        cap += 32 + strlen(pr->name) + strlen(*q);
      }
    }
  }
  *row_cap = cap;
  return n;
}

int nsb_history_open(nsb_ctx* ctx, const char* path, const nsb_model* m, nsb_history** out) {
  return nsb_history_open_resume(ctx, path, m, 0, out);
}

int nsb_history_open_resume(nsb_ctx* ctx, const char* path, const nsb_model* m, long bytes, nsb_history** out) {
  *out = NULL;
  nsb_history* h = nsb_alloc(ctx, sizeof(*h));
  if (!h) return NSB_ERR_ALLOC;
  h->ctx = ctx;
  h->m = m;
  h->fields = NULL;
  h->dissipative = model_dissipates(m);
  size_t row_cap;
  h->driven = model_drives(m);
  h->n_cols = history_columns(m, h->dissipative, h->driven, &row_cap);
  /* a row's numbers are written without a check of the room each
     (nsb_history_write_energy): every column's room is in row_cap */
  NSB_ASSERT(row_cap >= (size_t)h->n_cols * CSV_NUM_MAX + 1);
  h->vals = NSB_NEW_ARRAY(ctx, h->n_cols, double);
  if (!h->vals) {
    nsb_free(ctx, h, sizeof(*h));
    return NSB_ERR_ALLOC;
  }
  int st = bytes > 0 ? csv_resume(ctx, &h->out, path, row_cap, bytes) : csv_open(ctx, &h->out, path, 0, row_cap);
  if (st < 0) {
    NSB_FREE_ARRAY(ctx, h->vals, h->n_cols, double);
    nsb_free(ctx, h, sizeof(*h));
    return st;
  }
  if (bytes > 0) {
    *out = h;
    return NSB_OK;
  }
  csv_out* c = &h->out;
  csv_put(c, "time,step,increment,newton_iterations,kinetic_energy,potential_energy,total_energy,"
             "linear_momentum_x,linear_momentum_y,linear_momentum_z,"
             "angular_momentum_x,angular_momentum_y,angular_momentum_z,external_work");
  if (h->dissipative) csv_put(c, ",dissipated");
  /* the factor on the current step's loads (nsb_system_load_factor): the
     same column whatever the step kinds */
  csv_put(c, ",load_factor");
  for (int p = 0; p < m->probes.count; ++p) {
    const nsb_probe* pr = &m->probes.data[p];
    for (int b = 0; b < N_PROBE_BITS; ++b) {
      if (!(pr->quantities & probe_bits[b])) continue;
      for (const char* const* n = nsb_probe_quantity_names(probe_bits[b]); *n; ++n) csv_put(c, ",%s.%s", pr->name, *n);
    }
  }
  /* after the probes: readers that count columns keep their places */
  if (h->driven) csv_put(c, ",support_work");
  st = csv_end_row(c);
  if (st >= 0) st = csv_flush(c);
  if (st < 0) {
    nsb_history_close(&h);
    return st;
  }
  *out = h;
  return NSB_OK;
}

int nsb_history_n_columns(const nsb_history* h) { return h->n_cols; }

int nsb_history_write(nsb_history* h, const nsb_system* s, long increment, int newton_iterations) {
  nsb_energy e;
  nsb_system_energy(s, &e);
  return nsb_history_write_energy(h, s, &e, increment, newton_iterations);
}

int nsb_history_write_energy(nsb_history* h, const nsb_system* s, const nsb_energy* en, long increment,
                             int newton_iterations) {
  const nsb_energy e = *en;
  csv_out* c = &h->out;
  csv_num(c, 0, nsb_system_time(s));
  csv_int(c, ',', nsb_system_step_number(s));
  csv_int(c, ',', increment);
  csv_int(c, ',', newton_iterations);
  /* the floating-point numbers after the integers are gathered in vals and
     written by one loop at the end (row_nums) */
  double* val = h->vals;
  const double fixed[] = {e.kinetic,           e.potential,         e.kinetic + e.potential, e.momentum.x,
                          e.momentum.y,        e.momentum.z,        e.angular_momentum.x,    e.angular_momentum.y,
                          e.angular_momentum.z, e.external_work};
  memcpy(val, fixed, sizeof fixed);
  val += sizeof fixed / sizeof fixed[0];
  if (h->dissipative) *val++ = e.dissipated;
  *val++ = nsb_system_load_factor(s);
  const nsb_state* st = nsb_system_state(s);
  const double* X0 = nsb_system_x0(s);
  const double* fields = h->fields;
  for (int p = 0; p < h->m->probes.count; ++p) {
    const nsb_probe* pr = &h->m->probes.data[p];
    nsb_beam_probe_out bo;
    nsb_quat q;
    nsb_vec3 x, u, v, wg, wb = nsb_v3_zero();
    if (pr->element >= 0) {
      /* with the strains and resultants given, the element is read only for
         the kinematics, if any is asked for */
      const unsigned kin = NSB_PROBE_X | NSB_PROBE_U | NSB_PROBE_V | NSB_PROBE_R | NSB_PROBE_W | NSB_PROBE_Q;
      if (fields && !(pr->quantities & kin)) memset(&bo, 0, sizeof bo);
      else nsb_system_beam_probe(s, pr->element, pr->position, &bo);
      x = nsb_v3_load(bo.x);
      u = nsb_v3_load(bo.u);
      v = nsb_v3_load(bo.v);
      wg = nsb_v3_load(bo.w);
      q = nsb_q_load(bo.q);
      if (fields) {
        /* strains and resultants given (a modal step's linearized ones) */
        memcpy(bo.strain, fields, sizeof bo.strain);
        memcpy(bo.force, fields + 6, sizeof bo.force);
        memcpy(bo.moment, fields + 9, sizeof bo.moment);
        memcpy(bo.force_local, fields + 12, sizeof bo.force_local);
        memcpy(bo.moment_local, fields + 15, sizeof bo.moment_local);
        fields += NSB_PROBE_FIELDS;
      }
    } else {
      int i = pr->node;
      q = nsb_st_q(st, i);
      wb = nsb_st_w(st, i);
      x = nsb_st_x(st, i);
      u = nsb_v3_sub(x, nsb_v3_load(X0 + 3 * i));
      v = nsb_st_v(st, i);
      wg = nsb_v3_zero(); /* rotated when asked for (NSB_PROBE_W) */
    }
    double vals[6];
    /* the quantities asked for, in the order of probe_bits: ascending bits */
    for (unsigned rest = pr->quantities & ((1u << N_PROBE_BITS) - 1u); rest; rest &= rest - 1u) {
      const unsigned bit = rest & (0u - rest);
      int n = 3;
      switch (bit) {
        case NSB_PROBE_X: nsb_v3_store(x, vals); break;
        case NSB_PROBE_U: nsb_v3_store(u, vals); break;
        case NSB_PROBE_V: nsb_v3_store(v, vals); break;
        case NSB_PROBE_R: nsb_v3_store(nsb_so3_log_q(q), vals); break;
        case NSB_PROBE_W: nsb_v3_store(pr->element >= 0 ? wg : nsb_q_rotate(q, wb), vals); break;
        case NSB_PROBE_Q: nsb_q_store(q, vals); n = 4; break;
        case NSB_PROBE_WB: nsb_v3_store(wb, vals); break;
        case NSB_PROBE_E: memcpy(vals, bo.strain, sizeof bo.strain); n = 6; break;
        case NSB_PROBE_N: memcpy(vals, bo.force, sizeof bo.force); break;
        case NSB_PROBE_M: memcpy(vals, bo.moment, sizeof bo.moment); break;
        case NSB_PROBE_NS: memcpy(vals, bo.force_local, sizeof bo.force_local); break;
        case NSB_PROBE_MS: memcpy(vals, bo.moment_local, sizeof bo.moment_local); break;
        case NSB_PROBE_RF: memcpy(vals, nsb_system_reactions(s) + 6 * pr->node, 3 * sizeof(double)); break;
        case NSB_PROBE_RM: memcpy(vals, nsb_system_reactions(s) + 6 * pr->node + 3, 3 * sizeof(double)); break;
        default: n = 0;
      }
      if (pr->transform > 0 && n == 3 && bit != NSB_PROBE_X && bit != NSB_PROBE_WB) {
        /* a node with a *TRANSFORM: its vectors in the local system, T^T v */
        const double* T = h->m->transforms.data[pr->transform - 1].T;
        double g[3] = {vals[0], vals[1], vals[2]};
        for (int k = 0; k < 3; ++k) vals[k] = T[3 * k] * g[0] + T[3 * k + 1] * g[1] + T[3 * k + 2] * g[2];
      }
      for (int k = 0; k < n; ++k) *val++ = vals[k];
    }
  }
  if (h->driven) *val++ = e.support_work;
  row_nums(c, h->vals, (int)(val - h->vals));
  /* one row per output time, whole in the file at the next flush */
  NSB_CALL(csv_end_row(c));
  return csv_flush_due(c);
}

int nsb_history_n_element_probes(const nsb_model* m) {
  int n = 0;
  for (int p = 0; p < m->probes.count; ++p) n += m->probes.data[p].element >= 0;
  return n;
}

void nsb_history_sample_fields(const nsb_model* m, const nsb_system* s, double* f) {
  for (int p = 0; p < m->probes.count; ++p) {
    const nsb_probe* pr = &m->probes.data[p];
    if (pr->element < 0) continue;
    nsb_beam_probe_out bo;
    nsb_system_beam_probe(s, pr->element, pr->position, &bo);
    memcpy(f, bo.strain, sizeof bo.strain);
    memcpy(f + 6, bo.force, sizeof bo.force);
    memcpy(f + 9, bo.moment, sizeof bo.moment);
    memcpy(f + 12, bo.force_local, sizeof bo.force_local);
    memcpy(f + 15, bo.moment_local, sizeof bo.moment_local);
    f += NSB_PROBE_FIELDS;
  }
}

void nsb_history_use_fields(nsb_history* h, const double* f) { h->fields = f; }

int nsb_history_flush(nsb_history* h) { return csv_flush(&h->out); }

long nsb_history_tell(nsb_history* h) { return csv_tell(&h->out); }

void nsb_history_close(nsb_history** ph) {
  if (!ph || !*ph) return;
  nsb_history* h = *ph;
  csv_close(&h->out);
  if (h->vals) NSB_FREE_ARRAY(h->ctx, h->vals, h->n_cols, double);
  nsb_free(h->ctx, h, sizeof(*h));
  *ph = NULL;
}

/* ---- contact log ---------------------------------------------------------------- */

struct nsb_contact_log {
  nsb_ctx* ctx;
  csv_out out;
};

int nsb_contact_log_open(nsb_ctx* ctx, const char* path, nsb_contact_log** out) {
  return nsb_contact_log_open_resume(ctx, path, 0, out);
}

int nsb_contact_log_open_resume(nsb_ctx* ctx, const char* path, long bytes, nsb_contact_log** out) {
  *out = NULL;
  nsb_contact_log* c = nsb_alloc(ctx, sizeof(*c));
  if (!c) return NSB_ERR_ALLOC;
  c->ctx = ctx;
  /* 27 numbers, five integers and the master's name */
  size_t row_cap = 32 * 32 + NSB_NAME_MAX + 64;
  int st = bytes > 0 ? csv_resume(ctx, &c->out, path, row_cap, bytes) : csv_open(ctx, &c->out, path, 0, row_cap);
  if (st < 0) {
    nsb_free(ctx, c, sizeof(*c));
    return st;
  }
  if (bytes > 0) {
    *out = c;
    return NSB_OK;
  }
  csv_put(&c->out, "time,pair,slave_node,master,gap,normal_impulse,tangential_impulse_1,tangential_impulse_2,"
                   "normal_force,slip_speed,dissipated,x,y,z,nx,ny,nz,"
                   "point,friction_state,friction_x,friction_y,friction_z,stick_x,stick_y,stick_z,plastic_rate,"
                   "law_nx,law_ny,law_nz");
  st = csv_end_row(&c->out);
  if (st >= 0) st = csv_flush(&c->out);
  if (st < 0) {
    nsb_contact_log_close(&c);
    return st;
  }
  *out = c;
  return NSB_OK;
}

/* The contact's point in its pair's POINTS= set, 1-based (0: the slave node
   itself): the set's point whose body offset the contact carries (copied
   from the set, so compared exactly). */
static int contact_point_index(const nsb_model* m, const nsb_contact_data* d) {
  int set = m->contact_pairs.data[d->pair].points;
  if (set < 0) return 0;
  const nsb_contact_points* cp = &m->contact_points.data[set];
  for (int k = 0; 4 * k + 3 < cp->p.count; ++k)
    if (memcmp(cp->p.data + 4 * k, d->shape.s, sizeof d->shape.s) == 0) return k + 1;
  return 0;
}

int nsb_contact_log_write(nsb_contact_log* c, const nsb_system* s) {
  const nsb_model* m = NULL;
  int n = nsb_system_n_contacts(s);
  for (int i = 0; i < n; ++i) {
    const nsb_elem* e = nsb_system_contact(s, i);
    const nsb_contact_data* d = e->state;
    /* a row for an impulse or a force, and for the rest a massless slave or a
       released hold passes on after the contact (nsb_contact_data.passed)
       down to the round-off of the contact's largest */
    int loaded = d->impulse[0] != 0.0 || d->impulse[1] != 0.0 || d->impulse[2] != 0.0 || d->force != 0.0;
    for (int k = 0; k < 3 && !loaded; ++k) loaded = fabs(d->passed[k]) > DBL_EPSILON * d->pass_max;
    if (!(d->owner && (d->gap <= 0.0 || loaded))) continue;
    if (!m) m = nsb_system_model(s);
    char master[NSB_NAME_MAX + 16];
    if (d->shape.kind == 0 || d->shape.kind == 3)
      snprintf(master, sizeof master, "%s", m->obstacles.data[d->shape.master].name);
    else if (d->shape.kind == 1)
      snprintf(master, sizeof master, "node %d", m->nodes.data[d->shape.master].label);
    else
      snprintf(master, sizeof master, "element %d", m->elements.data[d->shape.master].label);
    csv_out* o = &c->out;
    csv_num(o, 0, nsb_system_time(s));
    csv_int(o, ',', d->pair + 1);
    csv_int(o, ',', m->nodes.data[e->nodes[0]].label);
    csv_str(o, ',', master);
    /* the momentum the contact gave in the increment (nsb_contact_data.passed) */
    const double vals[] = {d->gap,      d->passed[0], d->passed[1], d->passed[2], d->force, d->slip,
                           d->dissipated, d->point[0], d->point[1],   d->point[2],   d->n_end[0], d->n_end[1], d->n_end[2]};
    for (size_t k = 0; k < sizeof vals / sizeof vals[0]; ++k) csv_num(o, ',', vals[k]);
    /* the point of a POINTS= set (1-based), then compliant friction: state,
       force on the slave, ELASTOPLASTIC's stick elongation z and plastic
       rate (zero for the other laws) */
    csv_int(o, ',', contact_point_index(m, d));
    csv_int(o, ',', d->fstate);
    const double fr[] = {d->ftan[0], d->ftan[1], d->ftan[2], d->fz[0], d->fz[1], d->fz[2], d->frate};
    for (size_t k = 0; k < sizeof fr / sizeof fr[0]; ++k) csv_num(o, ',', fr[k]);
    /* the normal the increment's law used, frozen at its start: the direction of
       normal_impulse (nx, ny, nz above is the end's, with gap and point) */
    for (int k = 0; k < 3; ++k) csv_num(o, ',', d->n[k]);
    NSB_CALL(csv_end_row(o));
  }
  /* the rows of one output time go out together */
  return csv_flush_due(&c->out);
}

int nsb_contact_log_write_reduced(nsb_contact_log* c, const nsb_model* m, const nsb_reduced* r, double t) {
  for (int i = 0; i < nsb_reduced_n_contacts(r); ++i) {
    nsb_reduced_row d;
    nsb_reduced_contact_row(r, i, t, &d);
    if (!(d.gap <= 0.0 || d.impulse != 0.0 || d.dissipated != 0.0)) continue;
    char master[NSB_NAME_MAX + 16];
    if (d.obstacle >= 0)
      snprintf(master, sizeof master, "%s", m->obstacles.data[d.obstacle].name);
    else
      snprintf(master, sizeof master, "element %d", m->elements.data[d.element].label);
    csv_out* o = &c->out;
    csv_num(o, 0, t);
    csv_int(o, ',', d.pair + 1);
    csv_int(o, ',', m->nodes.data[d.node].label);
    csv_str(o, ',', master);
    csv_num(o, ',', d.gap);
    csv_num(o, ',', d.impulse);
    /* no friction: tangential impulses, force and slip 0 */
    for (int k = 0; k < 4; ++k) csv_int(o, ',', 0);
    const double vals[] = {d.dissipated, d.point[0], d.point[1], d.point[2], d.n[0], d.n[1], d.n[2]};
    for (size_t k = 0; k < sizeof vals / sizeof vals[0]; ++k) csv_num(o, ',', vals[k]);
    /* no point set, no friction: point, friction_state, force, stick elongation and plastic rate 0 */
    for (int k = 0; k < 9; ++k) csv_int(o, ',', 0);
    /* the law's normal: the reduced model's contact takes the normal of the current state */
    for (int k = 0; k < 3; ++k) csv_num(o, ',', d.n[k]);
    NSB_CALL(csv_end_row(o));
  }
  return csv_flush_due(&c->out);
}

int nsb_contact_log_flush(nsb_contact_log* c) { return csv_flush(&c->out); }

long nsb_contact_log_tell(nsb_contact_log* c) { return csv_tell(&c->out); }

void nsb_contact_log_close(nsb_contact_log** pc) {
  if (!pc || !*pc) return;
  csv_close(&(*pc)->out);
  nsb_free((*pc)->ctx, *pc, sizeof(**pc));
  *pc = NULL;
}

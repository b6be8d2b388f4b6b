/* history.c -- CSV time histories. */
#define _POSIX_C_SOURCE 200809L
/* strfromd (ISO/IEC TS 18661-1, C23; glibc 2.25) */
#define __STDC_WANT_IEC_60559_BFP_EXT__ 1
#include "io/history.h"

#include "base/clock.h"
#include "contact/pair.h"
#include "solver/reduced.h"

#include <errno.h>
#include <fcntl.h>
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
 * Numbers are written by nsb_history_format_g17: the bytes of printf's %.17g
 * without printf.  Integral values (zeros, a load factor of 1: most of a
 * particle's or a planar model's columns) are written as their digits, which
 * is what %.17g prints for them; the others by an exact conversion of our own
 * (below) for magnitudes from 1e-38 to 1e44, with a seventh of the instructions of
 * glibc's (strfromd, or printf, which in a process with libquadmath loaded
 * also parses every format string on its slow positional path), and by
 * strfromd beyond that range.  The CSV writers take them through a memo of
 * the last texts (nsb_g17_memo_format, below): a value that recurs is copied. */
enum { CSV_NUM_MAX = NSB_HISTORY_G17_MAX + 1 }; /* room for one %.17g number or a long, with a separator */
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

static const char DIGIT_PAIRS[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";

/* The decimal digits of u at buf; returns their count.  One and two digits
   (a step number, Newton iterations, most integral values of a row) without
   a division; longer ones (an increment number) counted against the powers of
   ten and written from the end by pairs. */
static int put_digits(char* buf, unsigned long long u) {
  if (u < 10u) {
    buf[0] = (char)('0' + (int)u);
    return 1;
  }
  if (u < 100u) {
    memcpy(buf, DIGIT_PAIRS + 2 * u, 2);
    return 2;
  }
  static const unsigned long long pow10[] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                                            10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
                                            100000000000ull, 1000000000000ull, 10000000000000ull,
                                            100000000000000ull, 1000000000000000ull, 10000000000000000ull,
                                            100000000000000000ull, 1000000000000000000ull,
                                            10000000000000000000ull};
  int len = 3; /* u >= 100; 20 digits at most */
  while (len < 20 && u >= pow10[len]) ++len;
  int p = len;
  while (u >= 100u) {
    p -= 2;
    memcpy(buf + p, DIGIT_PAIRS + 2 * (u % 100u), 2);
    u /= 100u;
  }
  if (u >= 10u)
    memcpy(buf, DIGIT_PAIRS + 2 * u, 2);
  else
    buf[0] = (char)('0' + (int)u);
  return len;
}

/* ---- %.17g without printf ----------------------------------------------------------
 *
 * x = m 2^e (m < 2^53) has the 17 significant digits q = round(x 10^(16-k)), 10^16 <= q
 * < 10^17, where k = floor(log10 |x|) after the rounding; printf rounds the exact
 * binary value, half to even in the default rounding mode (nsbeam never changes it).
 * With s = 16 - k:
 *   s >= 0:  x 10^s = m 5^s 2^(e+s): the product P = m 5^s is exact in 192 bits for
 *            s <= 54 (m 5^54 < 2^53 2^126); q = P >> (-e-s), and the bits shifted out
 *            decide the rounding: above half up, below down, exactly half (the
 *            highest of them set, the rest zero) to the even q.
 *   s < 0:   x 10^s = m 2^(e-t) / 5^t with t = -s: the numerator is exact in 192
 *            bits for e - t <= 139, the divisor below 2^64 for t <= 27; long division
 *            by limbs gives q and the remainder r, and as 5^t is odd there is no tie:
 *            up when 2r > 5^t.
 * That covers every normal double from 1e-38 to 1e44 (k from -38 to 43); the others
 * (subnormals, larger and smaller magnitudes, infinities, NaN) go to strfromd, as do
 * all values where the compiler has no 128-bit integers.  k starts from the binary
 * exponent, floor(e2 log10 2) for 2^e2 <= |x| < 2^(e2+1), which is k or k - 1: a
 * floor(x 10^s) of 18 digits moves it up by one.  Each branch checks its range
 * itself, so a value outside it cannot be formatted wrongly, only more slowly.
 * Ryū printf (Adams 2019) computes the same digits with tables of 10^s for all
 * doubles; for this range the exact products are short enough not to need them.
 * tests/test_history.c compares the bytes with snprintf on every power of two and
 * ten and their neighbours, all ties of 17 digits, subnormals and random values. */
#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 g17_u128;

#define G17_SMALL_S_MAX 54 /* 5^54 = 5^27 5^27, each below 2^63 */
#define G17_LARGE_T_MAX 27 /* 5^27 < 2^63 */
#define G17_TEN16 10000000000000000ull
#define G17_TEN17 100000000000000000ull

static const unsigned long long POW5[G17_LARGE_T_MAX + 1] = {
    1ull, 5ull, 25ull, 125ull, 625ull, 3125ull, 15625ull, 78125ull, 390625ull, 1953125ull, 9765625ull,
    48828125ull, 244140625ull, 1220703125ull, 6103515625ull, 30517578125ull, 152587890625ull,
    762939453125ull, 3814697265625ull, 19073486328125ull, 95367431640625ull, 476837158203125ull,
    2384185791015625ull, 11920928955078125ull, 59604644775390625ull, 298023223876953125ull,
    1490116119384765625ull, 7450580596923828125ull};

/* The 8 decimal digits of v < 10^8 at p, by pairs from the table. */
static void put8(char* p, unsigned v) {
  const unsigned a = v / 10000u, b = v % 10000u;
  memcpy(p, DIGIT_PAIRS + 2 * (a / 100u), 2);
  memcpy(p + 2, DIGIT_PAIRS + 2 * (a % 100u), 2);
  memcpy(p + 4, DIGIT_PAIRS + 2 * (b / 100u), 2);
  memcpy(p + 6, DIGIT_PAIRS + 2 * (b % 100u), 2);
}

/* The 17 decimal digits of q, 10^16 <= q < 10^17, at p. */
static void put17(char* p, unsigned long long q) {
  const unsigned hi = (unsigned)(q / 100000000u); /* < 10^9 */
  p[0] = (char)('0' + hi / 100000000u);
  put8(p + 1, hi % 100000000u);
  put8(p + 9, (unsigned)(q % 100000000u));
}

/* Bit i (0 <= i < 192) of the 192-bit number w (least significant limb first). */
static unsigned limb_bit(const unsigned long long w[3], int i) { return (unsigned)(w[i >> 6] >> (i & 63)) & 1u; }

/* Whether any of the bits 0 .. i-1 of w is set (0 <= i <= 192). */
static int limb_any_below(const unsigned long long w[3], int i) {
  for (int l = 0; l < 3 && 64 * l < i; ++l) {
    const int n = i - 64 * l; /* bits of limb l below i */
    if ((n >= 64 ? w[l] : w[l] & ((1ull << n) - 1u)) != 0) return 1;
  }
  return 0;
}

/* g17_scale outside its 128-bit case. */
static int g17_scale_wide(unsigned long long m, int e, int k, unsigned long long* q, int* up) {
  unsigned long long w[3];
  const int s = 16 - k;
  if (s >= 0) {
    if (s > G17_SMALL_S_MAX) return 0;
    const int a = s < G17_LARGE_T_MAX ? s : G17_LARGE_T_MAX;
    const g17_u128 p = (g17_u128)m * POW5[a]; /* < 2^53 5^27 < 2^117 */
    const int sh = -(e + s);                  /* x 10^s = P 2^-sh */
    const g17_u128 lo = (g17_u128)(unsigned long long)p * POW5[s - a];
    const g17_u128 hi = (p >> 64) * POW5[s - a];
    const g17_u128 mid = (lo >> 64) + (unsigned long long)hi;
    w[0] = (unsigned long long)lo;
    w[1] = (unsigned long long)mid;
    w[2] = (unsigned long long)((mid >> 64) + (hi >> 64));
    if (sh <= 0) {          /* an integer: P 2^-sh must be below 2^64 */
      if (w[1] || w[2] || -sh >= 64 || (w[0] >> (63 + sh)) > 1u) return 0;
      *q = w[0] << -sh;
      *up = 0;
      return 1;
    }
    if (sh >= 192) return 0;
    /* q = bits sh .. sh+63 of P, nothing above them */
    const int l = sh >> 6, b = sh & 63;
    for (int j = l + 1 + (b != 0); j < 3; ++j)
      if (w[j]) return 0;
    unsigned long long v = w[l] >> b;
    if (b && l + 1 < 3) {
      v |= w[l + 1] << (64 - b);
      if (w[l + 1] >> b) return 0; /* bits above sh + 63 */
    }
    *q = v;
    *up = limb_bit(w, sh - 1) && (limb_any_below(w, sh - 1) || (v & 1u));
    return 1;
  }
  const int t = -s, sh = e - t; /* x 10^s = m 2^sh / 5^t */
  if (t > G17_LARGE_T_MAX || sh < 0 || sh > 139) return 0;
  const g17_u128 n = (g17_u128)m << (sh & 63); /* m 2^sh = n 2^(64 (sh/64)) */
  w[0] = w[1] = w[2] = 0;
  w[sh >> 6] = (unsigned long long)n;
  if ((sh >> 6) + 1 < 3) w[(sh >> 6) + 1] = (unsigned long long)(n >> 64);
  const unsigned long long d = POW5[t];
  g17_u128 r = 0;
  unsigned long long qw[3];
  for (int j = 2; j >= 0; --j) {
    r = (r << 64) | w[j];
    qw[j] = (unsigned long long)(r / d);
    r %= d;
  }
  if (qw[1] || qw[2]) return 0;
  *q = qw[0];
  *up = 2 * (unsigned long long)r > d; /* r < d < 2^63; d odd: never a tie */
  return 1;
}

/* floor(x 10^(16-k)) for x = m 2^e into *q, and whether round-to-nearest-even goes up
   from it into *up; 0 when (m, e, k) is outside the range where this is exact.  Here
   the case of most values (k >= -11: s <= 27, P = m 5^s in 128 bits and 0 < sh < 128),
   inline in the caller; g17_scale_wide the others. */
static inline int g17_scale(unsigned long long m, int e, int k, unsigned long long* q, int* up) {
  const int s = 16 - k, sh = -(e + s); /* x 10^s = P 2^-sh */
  if (s >= 0 && s <= G17_LARGE_T_MAX && sh > 0 && sh < 128) {
    const g17_u128 p = (g17_u128)m * POW5[s]; /* < 2^53 5^27 < 2^117 */
    /* the bits shifted out, moved to the top: above half, or half and v odd */
    const g17_u128 v = p >> sh, rest = p << (128 - sh), half = ((g17_u128)1) << 127;
    if (v >> 64) return 0;
    *q = (unsigned long long)v;
    *up = rest > half || (rest == half && (v & 1u));
    return 1;
  }
  return g17_scale_wide(m, e, k, q, up);
}

/* x (finite, normal, not integral below 2^53) as %.17g at buf; 0 outside g17_scale's range. */
static int g17_exact(char* buf, double x) {
  unsigned long long bits;
  memcpy(&bits, &x, sizeof bits);
  const int biased = (int)((bits >> 52) & 0x7ff);
  if (biased == 0 || biased == 0x7ff) return 0; /* subnormal, zero, inf, NaN */
  const unsigned long long m = (bits & ((1ull << 52) - 1u)) | (1ull << 52);
  const int e = biased - 1075;
  const int e2 = e + 52; /* 2^e2 <= |x| < 2^(e2+1) */
  /* floor(e2 log10 2) (78913 / 2^18 is log10 2 to within 2^-26: exact for |e2| < 1650) */
  int k = e2 >= 0 ? (int)(((long)e2 * 78913) >> 18) : -(int)((((long)-e2 * 78913) >> 18) + 1);
  unsigned long long q;
  int up;
  if (!g17_scale(m, e, k, &q, &up)) return 0;
  if (q >= G17_TEN17) {
    ++k;
    if (!g17_scale(m, e, k, &q, &up)) return 0;
  }
  if (q < G17_TEN16 || q >= G17_TEN17) return 0; /* k not found: cannot happen, kept as a guard */
  q += (unsigned long long)up;
  if (q == G17_TEN17) { /* 99..9.5 rounded up to the next decade */
    q = G17_TEN16;
    ++k;
  }
  int nd = 17; /* significant digits without trailing zeros (%g drops them) */
  for (unsigned long long r = q; r % 10u == 0; r /= 10u) --nd;
  int n = 0;
  if (bits >> 63) buf[n++] = '-';
  if (k >= -4 && k < 17) { /* %f style with 16 - k decimals */
    if (k >= 0) {          /* the digits one place on, the first k + 1 moved back before the point */
      put17(buf + n + 1, q);
      for (int j = 0; j <= k; ++j) buf[n + j] = buf[n + 1 + j];
      buf[n + k + 1] = '.';
      n += nd > k + 1 ? nd + 1 : k + 1;
    } else { /* 0.000ddd: -k - 1 zeros after the point */
      memcpy(buf + n, "0.000", 5);
      n += 1 - k;
      put17(buf + n, q);
      n += nd;
    }
  } else { /* %e style: d.ddd e+XX, at least two exponent digits */
    put17(buf + n + 1, q);
    buf[n] = buf[n + 1];
    buf[n + 1] = '.';
    n += nd > 1 ? nd + 1 : 1;
    buf[n++] = 'e';
    buf[n++] = k < 0 ? '-' : '+';
    const int ak = k < 0 ? -k : k;
    if (ak >= 100) buf[n++] = (char)('0' + ak / 100);
    buf[n++] = (char)('0' + ak / 10 % 10);
    buf[n++] = (char)('0' + ak % 10);
  }
  buf[n] = '\0';
  return n;
}
#endif

/* x integral below 2^53 as %.17g at buf; 0 for the others.  %.17g uses fixed
   notation below 1e17 and drops the all-zero fraction with its point (C11
   7.21.6.1, the g conversion); NaN and the infinities fail the first test. */
static inline int g17_integral(char* buf, double x) {
  if (!(fabs(x) < 9007199254740992.0 && x == (double)(long long)x)) return 0;
  long long v = (long long)x;
  int n = 0;
  if (signbit(x)) buf[n++] = '-'; /* "-0" for the negative zero, as printf */
  n += put_digits(buf + n, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
  buf[n] = '\0';
  return n;
}

/* x not integral below 2^53 as %.17g at buf. */
static int g17_other(char* buf, double x) {
#ifdef __SIZEOF_INT128__
  const int n = g17_exact(buf, x);
  if (n > 0) return n;
#endif
  return strfromd(buf, NSB_HISTORY_G17_MAX, "%.17g", x);
}

int nsb_history_format_g17(char* buf, double x) {
  const int n = g17_integral(buf, x);
  return n > 0 ? n : g17_other(buf, x);
}

/* ---- recurring values -------------------------------------------------------------
 *
 * A history row of a particle holds about eight non-integral numbers, and two of
 * them recur: the dissipated energy is constant between impacts, and a unit mass's
 * momentum is its velocity, in another column.  The memo keeps the text of the last
 * value formatted in each of its slots, chosen by a multiplicative hash of the bits
 * (Knuth 1998, §6.4); equal bits have equal text, so a hit copies it.  An empty slot
 * holds the bits of 0 with "0": correct, and never looked up (0 is integral).  A
 * miss costs the hash, a compare and the copy into the slot, a tenth of what the
 * conversion costs. */
void nsb_g17_memo_init(nsb_g17_memo* m) {
  memset(m, 0, sizeof *m);
  for (int k = 0; k < NSB_G17_MEMO_SLOTS; ++k) {
    m->text[k][0] = '0';
    m->len[k] = 1;
  }
}

_Static_assert(NSB_G17_MEMO_SLOTS == 64, "nsb_g17_memo_format's hash takes the top 6 bits of the product");

int nsb_g17_memo_format(nsb_g17_memo* m, char* buf, double x) {
  unsigned long long bits;
  memcpy(&bits, &x, sizeof bits);
  if (bits == 0) { /* +0, half the columns of a particle's row */
    buf[0] = '0';
    buf[1] = '\0';
    return 1;
  }
  int n = g17_integral(buf, x);
  if (n > 0) return n;
  const unsigned k = (unsigned)((bits * 0x9e3779b97f4a7c15ull) >> 58);
  if (m->bits[k] == bits) {
    memcpy(buf, m->text[k], NSB_HISTORY_G17_MAX);
    return m->len[k];
  }
  n = g17_other(buf, x);
  m->bits[k] = bits;
  m->len[k] = (unsigned char)n;
  memcpy(m->text[k], buf, NSB_HISTORY_G17_MAX);
  return n;
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
  c->len += (size_t)put_digits(c->row + c->len, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
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
  int dissipative; /* the model has dashpots or contacts: a "dissipated" column */
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
static int history_columns(const nsb_model* m, int dissipative, size_t* row_cap) {
  int n = 15 + dissipative;
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
  h->n_cols = history_columns(m, h->dissipative, &row_cap);
  int st = bytes > 0 ? csv_resume(ctx, &h->out, path, row_cap, bytes) : csv_open(ctx, &h->out, path, 0, row_cap);
  if (st < 0) {
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
  csv_out* c = &h->out;
  csv_num(c, 0, nsb_system_time(s));
  csv_int(c, ',', nsb_system_step_number(s));
  csv_int(c, ',', increment);
  csv_int(c, ',', newton_iterations);
  const double fixed[] = {e.kinetic,           e.potential,         e.kinetic + e.potential, e.momentum.x,
                          e.momentum.y,        e.momentum.z,        e.angular_momentum.x,    e.angular_momentum.y,
                          e.angular_momentum.z, e.external_work};
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k) csv_num(c, ',', fixed[k]);
  if (h->dissipative) csv_num(c, ',', e.dissipated);
  csv_num(c, ',', nsb_system_load_factor(s));
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
      else nsb_beam_probe(nsb_system_model_element(s, pr->element), st, X0, pr->position, &bo);
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
      for (int k = 0; k < n; ++k) csv_num(c, ',', vals[k]);
    }
  }
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
  const nsb_state* st = nsb_system_state(s);
  const double* X0 = nsb_system_x0(s);
  for (int p = 0; p < m->probes.count; ++p) {
    const nsb_probe* pr = &m->probes.data[p];
    if (pr->element < 0) continue;
    nsb_beam_probe_out bo;
    nsb_beam_probe(nsb_system_model_element(s, pr->element), st, X0, pr->position, &bo);
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
  /* 24 numbers, five integers and the master's name */
  size_t row_cap = 28 * 32 + NSB_NAME_MAX + 64;
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
                   "point,friction_state,friction_x,friction_y,friction_z,stick_x,stick_y,stick_z,plastic_rate");
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
    int loaded = d->impulse[0] != 0.0 || d->impulse[1] != 0.0 || d->impulse[2] != 0.0 || d->force != 0.0;
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
    const double vals[] = {d->gap,      d->impulse[0], d->impulse[1], d->impulse[2], d->force, d->slip,
                           d->dissipated, d->point[0], d->point[1],   d->point[2],   d->n[0],  d->n[1], d->n[2]};
    for (size_t k = 0; k < sizeof vals / sizeof vals[0]; ++k) csv_num(o, ',', vals[k]);
    /* the point of a POINTS= set (1-based), then compliant friction: state,
       force on the slave, ELASTOPLASTIC's stick elongation z and plastic
       rate (zero for the other laws) */
    csv_int(o, ',', contact_point_index(m, d));
    csv_int(o, ',', d->fstate);
    const double fr[] = {d->ftan[0], d->ftan[1], d->ftan[2], d->fz[0], d->fz[1], d->fz[2], d->frate};
    for (size_t k = 0; k < sizeof fr / sizeof fr[0]; ++k) csv_num(o, ',', fr[k]);
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

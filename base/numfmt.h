/* numfmt.h -- numbers as text without printf: printf's "%.17g" of a double,
 * byte for byte, and the decimal digits of an integer.
 *
 * The CSV writers (io/history.c: history.csv, contacts.csv) and the ASCII
 * arrays of the VTK writer (io/vtk.c) print every double with %.17g, so that
 * the files round-trip exactly.  printf's conversion costs about 2 000
 * instructions a number (and, in a process with libquadmath loaded, printf
 * parses every format on its slow positional path); the one here costs about
 * 200 for the magnitudes a simulation writes and falls back to glibc's
 * strfromd for the others (base/numfmt.c says how and why it is exact).
 * Pure functions of their arguments, no allocation, no global state.
 */
#ifndef NSB_NUMFMT_H
#define NSB_NUMFMT_H

#include <math.h>
#include <string.h>

/// Bytes nsb_fmt_g17 may write, the terminating NUL included ("-1.2345678901234567e-308" is 24).
#define NSB_G17_MAX 32

/// x as printf's "%.17g" into buf (NSB_G17_MAX bytes), NUL-terminated; returns
/// the length.  Every double: ±0, subnormals, infinities and NaN included.
int nsb_fmt_g17(char* buf, double x);

/// x as nsb_fmt_g17 writes it, for x that nsb_fmt_g17_integral (below) does
/// not take: the conversion itself, without the integral test.
int nsb_fmt_g17_other(char* buf, double x);

/// The decimal digits of u at buf (at most 20, no NUL: the bytes of "%llu");
/// returns their count.
int nsb_fmt_digits(char* buf, unsigned long long u);

/// x as "%.17g" when it is integral and below 2^53 in magnitude (zeros of
/// both signs included: "0", "-0"), NUL-terminated; 0 (nothing written) for
/// the others, NaN and the infinities among them.  %.17g prints such a value
/// in fixed notation without a point (C11 7.21.6.1, the g conversion): its
/// digits.  Inline: most numbers of a particle's row take it.
static inline int nsb_fmt_g17_integral(char* buf, double x) {
  if (!(fabs(x) < 9007199254740992.0 && x == (double)(long long)x)) return 0;
  const long long v = (long long)x;
  int n = 0;
  if (signbit(x)) buf[n++] = '-'; /* "-0" for the negative zero, as printf */
  n += nsb_fmt_digits(buf + n, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
  buf[n] = '\0';
  return n;
}

/// Slots of nsb_g17_memo (a power of two).
#define NSB_G17_MEMO_SLOTS 64
/// The texts of the non-integral numbers a writer formatted last, by their
/// bits (direct-mapped): a value that recurs (a column constant over many
/// rows, the same value in two columns) is copied, not converted again.
typedef struct nsb_g17_memo {
  unsigned long long bits[NSB_G17_MEMO_SLOTS];
  unsigned char len[NSB_G17_MEMO_SLOTS];
  char text[NSB_G17_MEMO_SLOTS][NSB_G17_MAX];
} nsb_g17_memo;
/// An empty memo (every slot holds 0, written "0": right for those bits).
void nsb_g17_memo_init(nsb_g17_memo* m);

/// x as nsb_fmt_g17 writes it (the same bytes), through the memo; buf must
/// have room for NSB_G17_MAX bytes (all are written).  Inline (a writer's
/// call per number): +0, the integral values and the memo's hits here, the
/// conversion of a miss in base/numfmt.c.  The slot is a multiplicative hash
/// of the bits (Knuth 1998, §6.4).
static inline int nsb_g17_memo_format(nsb_g17_memo* m, char* buf, double x) {
  unsigned long long bits;
  memcpy(&bits, &x, sizeof bits);
  if (bits == 0) { /* +0, half the columns of a particle's row */
    buf[0] = '0';
    buf[1] = '\0';
    return 1;
  }
  const int n = nsb_fmt_g17_integral(buf, x);
  if (n > 0) return n;
  const unsigned k = (unsigned)((bits * 0x9e3779b97f4a7c15ull) >> 58);
  if (m->bits[k] == bits) {
    memcpy(buf, m->text[k], NSB_G17_MAX);
    return m->len[k];
  }
  const int len = nsb_fmt_g17_other(buf, x);
  m->bits[k] = bits;
  m->len[k] = (unsigned char)len;
  memcpy(m->text[k], buf, NSB_G17_MAX);
  return len;
}

#endif

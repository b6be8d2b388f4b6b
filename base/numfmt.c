/* numfmt.c -- see numfmt.h. */
/* strfromd (ISO/IEC TS 18661-1, C23; glibc 2.25) */
#define __STDC_WANT_IEC_60559_BFP_EXT__ 1
#include "base/numfmt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char DIGIT_PAIRS[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";

/* The decimal digits of u at buf; returns their count.  One and two digits
   (a step number, Newton iterations, most integral values of a row) without
   a division; longer ones (an increment number) counted against the powers of
   ten and written from the end by pairs. */
int nsb_fmt_digits(char* buf, unsigned long long u) {
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

int nsb_fmt_g17_other(char* buf, double x) {
#ifdef __SIZEOF_INT128__
  const int n = g17_exact(buf, x);
  if (n > 0) return n;
#endif
  return strfromd(buf, NSB_G17_MAX, "%.17g", x);
}

int nsb_fmt_g17(char* buf, double x) {
  const int n = nsb_fmt_g17_integral(buf, x);
  return n > 0 ? n : nsb_fmt_g17_other(buf, x);
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
 * conversion costs.  The lookup (nsb_g17_memo_format) is inline in numfmt.h: a
 * call per number from the writers' file cost more than the memo saves. */
void nsb_g17_memo_init(nsb_g17_memo* m) {
  memset(m, 0, sizeof *m);
  for (int k = 0; k < NSB_G17_MEMO_SLOTS; ++k) {
    m->text[k][0] = '0';
    m->len[k] = 1;
  }
}

_Static_assert(NSB_G17_MEMO_SLOTS == 64, "nsb_g17_memo_format's hash takes the top 6 bits of the product");

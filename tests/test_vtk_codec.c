/* test_vtk_codec.c -- the binary encodings of VTK data arrays (io/vtk_codec.h):
 * base64 and zlib blocks decoded by an independent decoder here give back the
 * bytes bit for bit, with the header layout of VTK's vtkZLibDataCompressor
 * (block count, block size, size of the last partial block, compressed sizes);
 * no allocation while writing; the allocation count stays balanced. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cunit_main.h"
#include "base/ctx.h"
#include "io/vtk_codec.h"

static int b64_value(int ch) {
  if (ch >= 'A' && ch <= 'Z') return ch - 'A';
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
  if (ch >= '0' && ch <= '9') return ch - '0' + 52;
  if (ch == '+') return 62;
  if (ch == '/') return 63;
  return -1;
}

/* Decode n_chars base64 characters (a multiple of 4, '=' padding) into out;
   returns the number of bytes. */
static size_t b64_decode(const char* in, size_t n_chars, unsigned char* out) {
  size_t n = 0;
  for (size_t i = 0; i + 4 <= n_chars; i += 4) {
    int v[4];
    int pad = 0;
    for (int k = 0; k < 4; ++k) {
      if (in[i + k] == '=') {
        v[k] = 0;
        ++pad;
      } else {
        v[k] = b64_value(in[i + k]);
        CU_ASSERT_FATAL(v[k] >= 0);
      }
    }
    unsigned w = (unsigned)v[0] << 18 | (unsigned)v[1] << 12 | (unsigned)v[2] << 6 | (unsigned)v[3];
    out[n++] = (unsigned char)(w >> 16);
    if (pad < 2) out[n++] = (unsigned char)(w >> 8);
    if (pad < 1) out[n++] = (unsigned char)w;
  }
  return n;
}

static char* encode(int level, const void* data, uint64_t nbytes, size_t* len, long* allocs_while_writing) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == 0);
  nsb_vtk_codec* c = NULL;
  CU_ASSERT_FATAL(nsb_vtk_codec_create(ctx, level, nbytes, &c) == 0);
  FILE* f = tmpfile();
  CU_ASSERT_FATAL(f != NULL);
  long before = nsb_ctx_alloc_count(ctx);
  CU_ASSERT(nsb_vtk_codec_write(c, f, data, nbytes) == 0);
  CU_ASSERT(nsb_vtk_codec_write(c, f, data, nbytes) == 0); /* twice: the codec is reusable */
  *allocs_while_writing = nsb_ctx_alloc_count(ctx) - before;
  CU_ASSERT(nsb_vtk_codec_compressed(c) == (level > 0));
  nsb_vtk_codec_destroy(ctx, &c);
  CU_ASSERT(nsb_ctx_live_bytes(ctx) == 0);
  nsb_ctx_destroy(&ctx);
  *len = (size_t)ftell(f);
  rewind(f);
  char* text = malloc(*len + 1);
  CU_ASSERT_FATAL(fread(text, 1, *len, f) == *len);
  fclose(f);
  text[*len] = 0;
  return text;
}

static void make_data(double* x, size_t n) {
  for (size_t i = 0; i < n; ++i) x[i] = (i % 7 == 0) ? 0.0 : sin(0.001 * (double)i) * 1e3 + (double)(i % 13);
}

static void test_uncompressed(void) {
  for (size_t n = 0; n < 9; ++n) { /* every padding case, and an empty array */
    double x[8];
    make_data(x, 8);
    uint64_t nbytes = n * sizeof(double) + (n % 3); /* also byte counts that are not multiples of 8 */
    if (nbytes > sizeof x) nbytes = sizeof x;
    size_t len;
    long allocs;
    char* text = encode(0, x, nbytes, &len, &allocs);
    CU_ASSERT(allocs == 0);
    CU_ASSERT(len % 2 == 0);
    size_t one = len / 2; /* two identical streams */
    CU_ASSERT(one % 4 == 0);
    CU_ASSERT(memcmp(text, text + one, one) == 0);
    unsigned char out[128];
    size_t m = b64_decode(text, one, out);
    CU_ASSERT(m == 8 + nbytes);
    uint64_t head;
    memcpy(&head, out, 8);
    CU_ASSERT(head == nbytes);
    CU_ASSERT(memcmp(out + 8, x, (size_t)nbytes) == 0);
    free(text);
  }
}

static void check_compressed(size_t n_doubles) {
  double* x = calloc(n_doubles + 1, sizeof *x); /* calloc: gcc cannot see make_data fill it */
  make_data(x, n_doubles);
  uint64_t nbytes = n_doubles * sizeof *x;
  size_t len;
  long allocs;
  char* text = encode(6, x, nbytes, &len, &allocs);
  CU_ASSERT(allocs == 0);
  size_t one = len / 2;
  CU_ASSERT(memcmp(text, text + one, one) == 0);
  uint64_t nb = (nbytes + 32767) / 32768;
  size_t head_bytes = (size_t)(3 + nb) * 8;
  size_t head_chars = 4 * ((head_bytes + 2) / 3);
  unsigned char* head = malloc(head_bytes + 3);
  CU_ASSERT_FATAL(b64_decode(text, head_chars, head) == head_bytes);
  uint64_t h[3];
  memcpy(h, head, sizeof h);
  CU_ASSERT(h[0] == nb);
  CU_ASSERT(h[1] == 32768);
  CU_ASSERT(h[2] == nbytes % 32768);
  unsigned char* blob = malloc(one + 3);
  size_t blob_len = b64_decode(text + head_chars, one - head_chars, blob);
  unsigned char* back = malloc(nbytes + 1);
  size_t pos = 0, got = 0;
  for (uint64_t i = 0; i < nb; ++i) {
    uint64_t ci;
    memcpy(&ci, head + 8 * (3 + i), 8);
    uLongf dest = (uLongf)(nbytes - got);
    CU_ASSERT_FATAL(pos + ci <= blob_len);
    CU_ASSERT_FATAL(uncompress(back + got, &dest, blob + pos, (uLong)ci) == Z_OK);
    CU_ASSERT(dest == (i + 1 < nb || nbytes % 32768 == 0 ? 32768u : nbytes % 32768));
    got += dest;
    pos += ci;
  }
  CU_ASSERT(pos == blob_len);
  CU_ASSERT(got == nbytes);
  CU_ASSERT(memcmp(back, x, (size_t)nbytes) == 0);
  free(back);
  free(blob);
  free(head);
  free(text);
  free(x);
}

static void test_compressed(void) {
  check_compressed(0);
  check_compressed(1);
  check_compressed(4096);  /* exactly one full block */
  check_compressed(4097);  /* a full block and a partial one */
  check_compressed(50000); /* 13 blocks */
}

int main(int argc, char** argv) {
  static const nsb_test_case cases[] = {
      {"uncompressed", test_uncompressed}, {"compressed", test_compressed}, {NULL, NULL}};
  static const nsb_test_suite suites[] = {{"vtk_codec", cases}, {NULL, NULL}};
  return nsb_test_run(suites, argc, argv);
}

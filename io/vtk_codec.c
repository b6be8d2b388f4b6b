/* vtk_codec.c -- base64 and zlib block encoding of VTK XML data arrays
 * (layout and reasons in vtk_codec.h). */
#include "io/vtk_codec.h"

#include <string.h>
#include <zlib.h>

#define BLOCK ((uInt)32768) /* uncompressed bytes per block, VTK's default */

/* A base64 text stream: bytes in, 4 characters per 3 bytes out, buffered. */
typedef struct {
  FILE* f;
  unsigned char pend[3];
  int n_pend;
  char out[4096];
  size_t n_out;
} b64;

static const char b64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void b64_flush_out(b64* s) {
  if (s->n_out) fwrite(s->out, 1, s->n_out, s->f);
  s->n_out = 0;
}

static void b64_quad(b64* s, const unsigned char* p, int n) {
  unsigned v = (unsigned)p[0] << 16 | (n > 1 ? (unsigned)p[1] << 8 : 0u) | (n > 2 ? (unsigned)p[2] : 0u);
  if (s->n_out + 4 > sizeof s->out) b64_flush_out(s);
  s->out[s->n_out++] = b64_alphabet[v >> 18 & 63];
  s->out[s->n_out++] = b64_alphabet[v >> 12 & 63];
  s->out[s->n_out++] = n > 1 ? b64_alphabet[v >> 6 & 63] : '=';
  s->out[s->n_out++] = n > 2 ? b64_alphabet[v & 63] : '=';
}

static void b64_put(b64* s, const void* data, size_t n) {
  const unsigned char* p = data;
  while (n > 0 && s->n_pend > 0 && s->n_pend < 3) {
    s->pend[s->n_pend++] = *p++;
    --n;
  }
  if (s->n_pend == 3) {
    b64_quad(s, s->pend, 3);
    s->n_pend = 0;
  }
  for (; n >= 3; n -= 3, p += 3) b64_quad(s, p, 3);
  while (n-- > 0) s->pend[s->n_pend++] = *p++;
}

/* End the stream: the pending bytes with padding, everything written. */
static void b64_end(b64* s) {
  if (s->n_pend) b64_quad(s, s->pend, s->n_pend);
  s->n_pend = 0;
  b64_flush_out(s);
}

static size_t b64_len(size_t bytes) { return 4 * ((bytes + 2) / 3); }

struct nsb_vtk_codec {
  nsb_ctx* ctx;
  int level;
  int z_ready;
  z_stream z;
  unsigned char* zbuf; /* compressBound(BLOCK) */
  size_t zcap;
  uint64_t* head; /* the compression header: nb, BLOCK, last, then nb sizes */
  size_t cap;     /* its capacity in words */
};

/* zlib's allocations through the context (counted, and failing on request);
   the size is kept in front of the block for the free. */
static voidpf z_alloc(voidpf opaque, uInt items, uInt size) {
  nsb_ctx* ctx = opaque;
  size_t n = (size_t)items * size + 16;
  unsigned char* p = nsb_alloc(ctx, n);
  if (!p) return Z_NULL;
  memcpy(p, &n, sizeof n);
  return p + 16;
}

static void z_free(voidpf opaque, voidpf q) {
  if (!q) return;
  unsigned char* p = (unsigned char*)q - 16;
  size_t n;
  memcpy(&n, p, sizeof n);
  nsb_free(opaque, p, n);
}

int nsb_vtk_codec_create(nsb_ctx* ctx, int level, uint64_t max_bytes, nsb_vtk_codec** out) {
  *out = NULL;
  NSB_CHECK(ctx, level >= 0 && level <= 9, NSB_ERR_ARG, "compression level %d is not in 0..9", level);
  nsb_vtk_codec* c = nsb_alloc(ctx, sizeof *c);
  NSB_CHECK(ctx, c, NSB_ERR_ALLOC, "out of memory for the VTK writer");
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  c->level = level;
  if (level > 0) {
    c->z.zalloc = z_alloc;
    c->z.zfree = z_free;
    c->z.opaque = ctx;
    if (deflateInit(&c->z, level) != Z_OK) {
      nsb_free(ctx, c, sizeof *c);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "cannot set up zlib compression");
    }
    c->z_ready = 1;
    c->zcap = compressBound(BLOCK);
    c->zbuf = nsb_alloc(ctx, c->zcap);
    c->cap = (size_t)((max_bytes + BLOCK - 1) / BLOCK) + 3;
    c->head = NSB_NEW_ARRAY(ctx, c->cap, uint64_t);
    if (!c->zbuf || !c->head) {
      nsb_vtk_codec_destroy(ctx, &c);
      return nsb_ctx_error(ctx, NSB_ERR_ALLOC, __FILE__, __LINE__, __func__, "out of memory for the VTK writer");
    }
  }
  *out = c;
  return NSB_OK;
}

void nsb_vtk_codec_destroy(nsb_ctx* ctx, nsb_vtk_codec** pc) {
  nsb_vtk_codec* c = *pc;
  if (!c) return;
  if (c->z_ready) deflateEnd(&c->z);
  if (c->zbuf) nsb_free(ctx, c->zbuf, c->zcap);
  if (c->head) NSB_FREE_ARRAY(ctx, c->head, c->cap, uint64_t);
  nsb_free(ctx, c, sizeof *c);
  *pc = NULL;
}

int nsb_vtk_codec_compressed(const nsb_vtk_codec* c) { return c->level > 0; }

/* One block through the persistent deflate stream; *out_len its size. */
static int deflate_block(nsb_vtk_codec* c, const unsigned char* in, uInt n, uLong* out_len) {
  if (deflateReset(&c->z) != Z_OK) return -1;
  c->z.next_in = (Bytef*)in;
  c->z.avail_in = n;
  c->z.next_out = c->zbuf;
  c->z.avail_out = (uInt)c->zcap;
  if (deflate(&c->z, Z_FINISH) != Z_STREAM_END) return -1;
  *out_len = c->z.total_out;
  return 0;
}

int nsb_vtk_codec_write(nsb_vtk_codec* c, FILE* f, const void* data, uint64_t nbytes) {
  b64 s = {.f = f};
  if (c->level == 0) {
    b64_put(&s, &nbytes, sizeof nbytes);
    b64_put(&s, data, (size_t)nbytes);
    b64_end(&s);
    return ferror(f) ? -1 : 0;
  }
  /* The header (with the compressed sizes) comes first in the file but is
     known last: '=' characters reserve its exact base64 length, the blocks
     follow, then the header is written over the reserved characters. */
  uint64_t nb = (nbytes + BLOCK - 1) / BLOCK;
  if (nb + 3 > c->cap) { /* only for an array larger than the writer's maximum */
    size_t cap = (size_t)nb + 3;
    uint64_t* h = nsb_realloc(c->ctx, c->head, c->cap * sizeof *h, cap * sizeof *h);
    if (!h) return -1;
    c->head = h;
    c->cap = cap;
  }
  c->head[0] = nb;
  c->head[1] = BLOCK;
  c->head[2] = nbytes % BLOCK;
  size_t head_bytes = (size_t)(3 + nb) * sizeof(uint64_t);
  long at = ftell(f);
  if (at < 0) return -1;
  for (size_t k = b64_len(head_bytes); k > 0; --k) fputc('=', f);
  const unsigned char* p = data;
  for (uint64_t i = 0; i < nb; ++i) {
    uInt n = (uInt)(i + 1 < nb || nbytes % BLOCK == 0 ? BLOCK : nbytes % BLOCK);
    uLong len;
    if (deflate_block(c, p + i * BLOCK, n, &len) != 0) return -1;
    c->head[3 + i] = len;
    b64_put(&s, c->zbuf, len);
  }
  b64_end(&s);
  long end = ftell(f);
  if (end < 0 || fseek(f, at, SEEK_SET) != 0) return -1;
  b64 h = {.f = f};
  b64_put(&h, c->head, head_bytes);
  b64_end(&h);
  if (fseek(f, end, SEEK_SET) != 0) return -1;
  return ferror(f) ? -1 : 0;
}

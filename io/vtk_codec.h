/* vtk_codec.h -- binary data of VTK XML arrays as base64 text (format="binary"),
 * optionally zlib-compressed in the block layout of VTK's vtkZLibDataCompressor.
 *
 * Why inline base64 and not raw appended data: VTK's XML reader stops its XML
 * parser at <AppendedData> by feeding it an artificial end of document; with
 * the reparse deferral of current expat releases (Debian 12's libexpat1
 * 2.5.0-1+deb12u5 and later) the stop comes too late, the parser is fed the
 * raw bytes and the read fails ("not well-formed (invalid token)"): Debian's
 * ParaView 5.11 cannot open a raw-appended file larger than its 4 KiB read
 * buffer, its own included.  Inline base64 is well-formed XML end to end.
 *
 * Layout (VTK file format, header_type="UInt64"):
 *   uncompressed: base64( nbytes | data )                      one stream
 *   compressed:   base64( nb | bs | last | c_1 .. c_nb )       one stream
 *                 base64( zlib(block_1) | .. | zlib(block_nb) )  a second one
 * with blocks of bs = 32 KiB of data (the last one of `last` bytes, 0 when
 * full) and c_i the compressed size of block i.
 *
 * A codec holds a zlib stream and a block buffer made once, at creation, so
 * that writing allocates nothing.
 */
#ifndef NSB_VTK_CODEC_H
#define NSB_VTK_CODEC_H

#include <stdint.h>
#include <stdio.h>

#include "base/ctx.h"

typedef struct nsb_vtk_codec nsb_vtk_codec;

/// A codec: level 0 writes uncompressed base64, 1..9 zlib levels; max_bytes
/// is the largest array the writer will write (a larger one grows a buffer).
int nsb_vtk_codec_create(nsb_ctx* ctx, int level, uint64_t max_bytes, nsb_vtk_codec** out);
void nsb_vtk_codec_destroy(nsb_ctx* ctx, nsb_vtk_codec** c);
/// Nonzero if the codec compresses (the file then names the compressor).
int nsb_vtk_codec_compressed(const nsb_vtk_codec* c);
/// Write the base64 text of the nbytes bytes at data, header included, to f.
/// Returns 0, or -1 on a write error (ferror(f)) or a zlib failure.
int nsb_vtk_codec_write(nsb_vtk_codec* c, FILE* f, const void* data, uint64_t nbytes);

#endif

/* atomic.h -- replacing a file as a whole: write it under a temporary name in
 * the same folder, then close and rename it over the real name, so that the
 * real name is at every instant either the previous file or the complete new
 * one (a crash or a full disk never leaves half a file).  Used by the VTK
 * writers and the restart checkpoints. */
#ifndef NSB_ATOMIC_H
#define NSB_ATOMIC_H

#include <stdio.h>

/// Finish a file written to tmp through f: close f and rename tmp to path.
/// bad/err: a write error already seen by the caller (nonzero) and its errno
/// (0 if unknown).  On any failure the temporary is removed and the errno is
/// returned (EIO if none was recorded); 0 on success.
int nsb_atomic_commit(FILE* f, const char* tmp, const char* path, int bad, int err);

#endif

/* atomic.c -- see atomic.h. */
#include "io/atomic.h"

#include <errno.h>

int nsb_atomic_commit(FILE* f, const char* tmp, const char* path, int bad, int err) {
  if (fclose(f) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  if (!bad && rename(tmp, path) != 0) {
    bad = 1;
    err = errno;
  }
  if (!bad) return 0;
  remove(tmp);
  return err ? err : EIO;
}

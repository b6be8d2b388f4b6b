/* replay.c -- run a fuzz target's LLVMFuzzerTestOneInput on files, without
 * libFuzzer: the regression test of every reproducer kept in
 * tests/fuzz/regress/<target>/ (ctest fuzz_replay_*), in the normal and the
 * sanitizer builds.  Usage: fuzz_<target>_replay FILE...  Exit status 0 when
 * every input was processed (a crash or sanitizer report fails the test).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    FILE* f = fopen(argv[i], "rb");
    if (!f) {
      fprintf(stderr, "replay: cannot open %s\n", argv[i]);
      return 2;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t* buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
      n += got;
      if (n == cap) {
        uint8_t* nb = realloc(buf, cap *= 2);
        if (!nb) free(buf);
        buf = nb;
      }
    }
    fclose(f);
    if (!buf) return 2;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
  }
  printf("replay: %d input(s) processed\n", argc - 1);
  return 0;
}

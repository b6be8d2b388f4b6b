#!/usr/bin/env python3
"""beam_scaling/massif_sites.py MASSIF_OUT NE [SNAPSHOT] -- the heap of one
snapshot of a valgrind massif run (the peak by default) by allocation site,
in bytes per element of an NE-element deck: the callers of nsbeam's counted
allocator (nsb_alloc, nsb_realloc) and of the libraries' allocators (KLU's
klu_malloc, METIS, the C library's malloc), largest first.  Run nsbeam under

    valgrind --tool=massif --depth=6 --massif-out-file=OUT build/nsbeam run DECK -o DIR

The README's breakdown tables are made from its output.  Massif counts
allocated bytes, the resident memory only the pages written: KLU allocates
its LU array at ten times nnz(A) (Common.initmem, its ordering gives no
estimate) and writes only the factors' final size into it, so that
allocation is larger here than in the resident memory (README)."""
import re, sys

def parse(path, want):
    """Nodes (depth, bytes, text) of the snapshot `want` (a number, or None:
    the peak)."""
    lines = open(path).read().splitlines()
    snaps, cur = {}, None
    for ln in lines:
        m = re.match(r"snapshot=(\d+)", ln)
        if m:
            cur = int(m.group(1))
            snaps[cur] = {"tree": [], "peak": False}
            continue
        if cur is None:
            continue
        if ln == "heap_tree=peak":
            snaps[cur]["peak"] = True
        m = re.match(r"( *)n\d+: (\d+) (.*)", ln)
        if m:
            snaps[cur]["tree"].append((len(m.group(1)), int(m.group(2)), m.group(3)))
    if want is None:
        want = next(k for k, v in snaps.items() if v["peak"])
    return want, snaps[want]["tree"]

def sites(tree):
    """Bytes by (allocator, caller): the children of each depth-1 node."""
    out, alloc = {}, None
    for depth, b, text in tree:
        if depth == 1:
            alloc = re.sub(r"^0x[0-9A-F]+: ", "", text)
            alloc = re.sub(r" \(in .*\)$", "", alloc)
            if "below massif's threshold" in text:
                out[("(small)", "")] = out.get(("(small)", ""), 0) + b
        elif depth == 2:
            caller = re.sub(r"^0x[0-9A-F]+: ", "", text)
            caller = re.sub(r" \(in .*\)$", "", caller)
            out[(alloc, caller)] = out.get((alloc, caller), 0) + b
    return out

def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    ne = int(sys.argv[2])
    snap, tree = parse(sys.argv[1], int(sys.argv[3]) if len(sys.argv) > 3 else None)
    total = tree[0][1] if tree else 0
    print("snapshot %d: heap %d bytes, %.1f per element" % (snap, total, total / ne))
    for (alloc, caller), b in sorted(sites(tree).items(), key=lambda kv: -kv[1]):
        print("%10.1f  %-28s %s" % (b / ne, alloc.split(" (")[0], caller))

if __name__ == "__main__":
    main()

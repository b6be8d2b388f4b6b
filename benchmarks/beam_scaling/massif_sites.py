#!/usr/bin/env python3
"""beam_scaling/massif_sites.py MASSIF_OUT NE [--src ROOT] [--sites] -- the
heap of the peak snapshot of a valgrind massif run by component, in bytes
per element of an NE-element deck; with --sites by allocation site: the
callers of nsbeam's counted allocator (nsb_alloc, nsb_realloc) and of the
libraries' allocators (KLU's klu_malloc, the C library's malloc), largest
first.  ROOT (default: this checkout) holds the sources of the binary that
ran: a site's source line tells the components of one function apart.  Run
nsbeam under

    valgrind --tool=massif --threshold=0.01 --depth=6 --massif-out-file=OUT \
        build/nsbeam run DECK -o DIR

The README's breakdown tables are made from its output.  Massif counts
allocated bytes, the resident memory only the pages written: KLU allocates
its LU array at ten times nnz(A) (Common.initmem, its ordering gives no
estimate) and writes only the factors' final size into it, so that
allocation is larger here than in the resident memory (README)."""
import os, re, sys

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
    """Bytes by (allocator, caller): the children of each depth-1 node, or
    for the growable arrays' reserve (base/array.h) its callers."""
    out, alloc, wrapper = {}, None, False
    for depth, b, text in tree:
        caller = re.sub(r" \(in .*\)$", "", re.sub(r"^0x[0-9A-F]+: ", "", text))
        if depth == 1:
            alloc = caller
            if "below massif's threshold" in text:
                out[("(small)", "")] = out.get(("(small)", ""), 0) + b
        elif depth == 2:
            wrapper = "nsb_array_reserve_" in caller
            if not wrapper:
                out[(alloc, caller)] = out.get((alloc, caller), 0) + b
        elif depth == 3 and wrapper:
            out[(alloc, caller)] = out.get((alloc, caller), 0) + b
    return out

_files = {}

def source_line(root, caller):
    """The source text at a caller's file:line, or ""."""
    m = re.search(r"\((\w+\.[ch]):(\d+)\)", caller)
    if not m:
        return ""
    name, line = m.group(1), int(m.group(2))
    if name not in _files:
        _files[name] = None
        for d, _, fs in os.walk(root):
            if name in fs and "build" not in d.split(os.sep):
                _files[name] = open(os.path.join(d, name)).read().splitlines()
                break
    lines = _files[name]
    return lines[line - 1] if lines and line <= len(lines) else ""

# component of an allocation site: (name, test on the caller and its source line)
RULES = [
    ("beam kept interior factors (modified Newton)", lambda c, l: "nsb_beam_create" in c and "s->ks" in l),
    ("beam element blocks", lambda c, l: "nsb_beam_create" in c),
    ("beam quadrature tables (shared)", lambda c, l: "nsb_beam_tables" in c),
    ("KLU LU factors (allocated; resident: the written part)", lambda c, l: "klu_kernel_factor" in c),
    ("KLU other numeric and symbolic arrays", lambda c, l: c.startswith("klu_")),
    ("CSR matrix (values, column indices, row pointers)",
     lambda c, l: "sparse.c" in c and re.search(r"\b(rowptr|col|val) = ", l) is not None),
    ("pattern builder (block lists, scratch)", lambda c, l: "sparse.c" in c or "pattern_builder" in c),
    ("element block maps and equation lists", lambda c, l: "map_pool" in l or "eq_pool" in l),
    ("node states at t_n and t_n+1", lambda c, l: "state_alloc" in c),
    ("node kinematic chain factors", lambda c, l: "s->kin =" in l),
    ("element instances (nsb_elem)", lambda c, l: "s->elems =" in l),
    ("integrator node arrays", lambda c, l: "nsb_scheme_create" in c),
    ("system vectors and node tables", lambda c, l: "nsb_system_create" in c or "system.c" in c),
    ("the model read from the deck", lambda c, l: "model" in c or "deck" in c or "array.h" in c),
    ("history output buffer", lambda c, l: "csv_open" in c),
]

def component(root, caller):
    l = source_line(root, caller)
    for name, test in RULES:
        if test(caller, l):
            return name
    return "the rest"

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) < 2:
        sys.exit(__doc__)
    root = sys.argv[sys.argv.index("--src") + 1] if "--src" in sys.argv else \
        os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if "--src" in sys.argv:
        args.remove(root)
    ne = int(args[1])
    snap, tree = parse(args[0], None)
    total = tree[0][1] if tree else 0
    print("snapshot %d: heap %d bytes, %.1f per element" % (snap, total, total / ne))
    st = sites(tree)
    if "--sites" in sys.argv:
        for (alloc, caller), b in sorted(st.items(), key=lambda kv: -kv[1]):
            print("%10.1f  %-28s %s" % (b / ne, alloc.split(" (")[0], caller))
        return
    comp = {}
    for (alloc, caller), b in st.items():
        name = component(root, caller) if alloc != "(small)" else "the rest"
        comp[name] = comp.get(name, 0) + b
    for name, b in sorted(comp.items(), key=lambda kv: -kv[1]):
        print("%10.1f  %s" % (b / ne, name))

if __name__ == "__main__":
    main()

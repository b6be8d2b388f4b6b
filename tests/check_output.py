#!/usr/bin/env python3
"""Check that an nsbeam output directory is complete and readable.

usage: python3 check_output.py OUTDIR
       python3 check_output.py --selftest SCRATCHDIR

Whatever stopped the run (the end, a failure, SIGTERM, SIGINT, kill -9),
every file nsbeam leaves must be usable:
  - history.csv, contacts.csv, modes.csv: the file ends with a newline,
    every row has as many fields as the header and every numeric field
    parses as a float (contacts.csv's "master" column is a name);
  - every *.pvd is well-formed XML (xml.etree) and every .vtu it lists
    exists and is complete: ASCII files parse as XML; files with raw
    appended data have a well-formed XML head, and the appended block holds
    exactly the arrays the head announces (a UInt64 byte count and that many
    bytes each, at the announced offsets) followed by the closing tags.
Prints a summary line; exit status 0 when everything holds, 1 otherwise.
Importable: check(outdir) returns a list of problems (empty: all good).
--selftest writes broken outputs (a cut row, a cut .pvd, a listed .vtu that
is missing, a .vtu cut inside its appended data, a non-numeric field) into
SCRATCHDIR and fails unless each one is caught, so the checker itself is
tested.
"""
import os
import re
import shutil
import struct
import sys
import xml.etree.ElementTree as ET

TEXT_COLUMNS = {"contacts.csv": {"master"}}


def check_csv(path, problems):
    name = os.path.basename(path)
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        problems.append(f"{name}: empty (not even the header)")
        return 0
    if not data.endswith(b"\n"):
        problems.append(f"{name}: ends inside a row (no final newline)")
    lines = data.decode("ascii").split("\n")
    if lines[-1] == "":
        lines.pop()
    header = lines[0].split(",")
    text = {i for i, h in enumerate(header) if h in TEXT_COLUMNS.get(name, set())}
    for n, line in enumerate(lines[1:], start=2):
        fields = line.split(",")
        if len(fields) != len(header):
            problems.append(f"{name}:{n}: {len(fields)} fields, the header has {len(header)}")
            continue
        for i, v in enumerate(fields):
            if i in text:
                continue
            try:
                float(v)
            except ValueError:
                problems.append(f"{name}:{n}: field {i + 1} ({header[i]}) '{v}' is not a number")
                break
    return len(lines) - 1


def check_vtu(path, problems):
    name = os.path.basename(path)
    with open(path, "rb") as f:
        data = f.read()
    i = data.find(b"<AppendedData")
    if i < 0:
        try:
            ET.fromstring(data)
        except ET.ParseError as e:
            problems.append(f"{name}: not well-formed XML: {e}")
        return
    try:
        head = ET.fromstring(data[:i] + b"</VTKFile>")
    except ET.ParseError as e:
        problems.append(f"{name}: XML head not well-formed: {e}")
        return
    u = data.find(b"_", i)
    if u < 0:
        problems.append(f"{name}: no '_' opening the appended data")
        return
    block = data[u + 1:]
    end = 0
    for da in head.iter("DataArray"):
        if da.get("format") != "appended":
            continue
        off = int(da.get("offset"))
        if off + 8 > len(block):
            problems.append(f"{name}: array {da.get('Name')} at offset {off} is past the end of the file")
            return
        (nbytes,) = struct.unpack("<Q" if head.get("byte_order") == "LittleEndian" else ">Q", block[off:off + 8])
        if off + 8 + nbytes > len(block):
            problems.append(f"{name}: array {da.get('Name')} is cut short")
            return
        end = max(end, off + 8 + nbytes)
    tail = block[end:]
    if not re.fullmatch(rb"\s*</AppendedData>\s*</VTKFile>\s*", tail):
        problems.append(f"{name}: {len(tail)} unexpected bytes after the appended arrays")


def check_pvd(path, problems):
    name = os.path.basename(path)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        problems.append(f"{name}: not well-formed XML: {e}")
        return 0
    sets = root.findall("./Collection/DataSet")
    for ds in sets:
        vtu = os.path.join(os.path.dirname(path), ds.get("file"))
        if not os.path.isfile(vtu):
            problems.append(f"{name}: lists {ds.get('file')}, which does not exist")
            continue
        check_vtu(vtu, problems)
    return len(sets)


def check(outdir):
    problems = []
    counts = {}
    for f in sorted(os.listdir(outdir)):
        p = os.path.join(outdir, f)
        if f.endswith(".csv"):
            counts[f] = check_csv(p, problems)
        elif f.endswith(".pvd"):
            counts[f] = check_pvd(p, problems)
    return problems, counts


GOOD_VTU_HEAD = (b'<?xml version="1.0"?>\n<VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian" '
                 b'header_type="UInt64">\n  <UnstructuredGrid>\n    <Piece NumberOfPoints="1" NumberOfCells="0">\n'
                 b'      <Points>\n        <DataArray type="Float64" Name="Points" NumberOfComponents="3" '
                 b'format="appended" offset="0"/>\n      </Points>\n    </Piece>\n  </UnstructuredGrid>\n'
                 b'  <AppendedData encoding="raw">\n   _')
GOOD_VTU_DATA = struct.pack("<Q3d", 24, 1.0, 2.0, 3.0)
GOOD_VTU_TAIL = b"\n  </AppendedData>\n</VTKFile>\n"


def selftest(scratch):
    def write(d, name, data):
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)

    def pvd(files):
        return ('<?xml version="1.0"?>\n<VTKFile type="Collection" version="0.1">\n  <Collection>\n' +
                "".join(f'    <DataSet timestep="{i}" group="" part="0" file="{f}"/>\n' for i, f in enumerate(files)) +
                "  </Collection>\n</VTKFile>\n").encode()

    good = os.path.join(scratch, "template")
    write(good, "history.csv", b"time,x\n0,1\n0.5,2\n")
    write(good, "b_000000.vtu", GOOD_VTU_HEAD + GOOD_VTU_DATA + GOOD_VTU_TAIL)
    write(good, "b.pvd", pvd(["b_000000.vtu"]))
    cases = {
        "good": None,
        "cut_row": ("history.csv", b"time,x\n0,1\n0.5,"),
        "not_a_number": ("history.csv", b"time,x\n0,1\n0.5,2-\n"),
        "cut_pvd": ("b.pvd", pvd(["b_000000.vtu"])[:-20]),
        "missing_vtu": ("b.pvd", pvd(["b_000000.vtu", "b_000001.vtu"])),
        "cut_vtu": ("b_000000.vtu", GOOD_VTU_HEAD + GOOD_VTU_DATA[:20]),
    }
    failed = False
    for name, case in cases.items():
        d = os.path.join(scratch, name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(good, d)
        if case:
            write(d, *case)
        problems, _ = check(d)
        ok = bool(problems) == (case is not None)
        print(f"selftest {name}: {'caught' if problems else 'clean'}: {problems[:1]}")
        failed |= not ok
    return 1 if failed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--selftest":
        sys.exit(selftest(sys.argv[2]))
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    problems, counts = check(sys.argv[1])
    for p in problems:
        print("check_output:", p)
    print("check_output:", ", ".join(f"{k} {v}" for k, v in counts.items()) or "no output files")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

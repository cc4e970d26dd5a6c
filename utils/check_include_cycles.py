#!/usr/bin/env python3
"""Reports include cycles among the C++ sources of lib/Conversion (or given dirs).

A file's header and its .cpp are one unit (lib/X/Foo.h + lib/X/Foo.cpp =
"X/Foo"): units A and B form a cycle when A's files include B's header and
B's files include A's header (directly or around a longer circle). Also
reports cycles between the folders under each root (e.g. LinalgToGPU's
sub-folders), which a layered stage should not have either.

  python3 utils/check_include_cycles.py [DIR ...]   # default: lib/Conversion

Exit status 1 when a cycle is found.
"""
import os
import re
import sys
from collections import defaultdict

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def source_files(root):
    for dirpath, _, names in os.walk(root):
        for name in names:
            if name.endswith((".h", ".cpp", ".hpp", ".inc")):
                yield os.path.join(dirpath, name)


def resolve(include, including_file, search_dirs, known):
    """The repository file a quoted include names, or None (system/MLIR)."""
    for base in [os.path.dirname(including_file)] + search_dirs:
        path = os.path.normpath(os.path.join(base, include))
        if path in known:
            return path
    return None


def include_search_dirs(root):
    """Each directory with a CMakeLists.txt that adds its own source dir to
    the include path is searched too (LinalgToGPU's root-relative includes)."""
    dirs = []
    for dirpath, _, names in os.walk(root):
        if "CMakeLists.txt" in names:
            with open(os.path.join(dirpath, "CMakeLists.txt")) as f:
                if "${CMAKE_CURRENT_SOURCE_DIR}" in f.read():
                    dirs.append(dirpath)
    return dirs


def unit_of(path):
    return os.path.splitext(path)[0]


def strongly_connected_components(graph):
    """Tarjan's algorithm, iterative; returns the components of size > 1
    (and single nodes with a self edge)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]
    nodes = set(graph) | {m for targets in graph.values() for m in targets}
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter[0]
                    counter[0] += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph.get(succ, ())))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    found.append(sorted(component))
    return found


def main(argv):
    roots = [os.path.abspath(a) for a in argv] or [os.path.join(REPO, "lib", "Conversion")]
    search = [os.path.join(REPO, "include")]
    files = set()
    for root in roots:
        files.update(os.path.normpath(p) for p in source_files(root))
        search += include_search_dirs(root)

    unit_edges = defaultdict(set)   # unit -> units whose headers it includes
    why = {}                        # (unit, unit) -> an include that makes the edge
    for path in sorted(files):
        with open(path, errors="replace") as f:
            text = f.read()
        for include in INCLUDE.findall(text):
            target = resolve(include, path, search, files)
            if target is None:
                continue
            a, b = unit_of(path), unit_of(target)
            if a != b:
                unit_edges[a].add(b)
                why.setdefault((a, b), f"{os.path.relpath(path, REPO)} includes \"{include}\"")

    status = 0
    cycles = strongly_connected_components(unit_edges)
    for cycle in cycles:
        status = 1
        print("include cycle between units:", ", ".join(os.path.relpath(u, REPO) for u in cycle))
        members = set(cycle)
        for a in cycle:
            for b in sorted(unit_edges[a] & members):
                print("   ", why[(a, b)])

    # Folder level: the first path component under each root's stage folder
    # (lib/Conversion/<Stage>/<Folder>/...).
    folder_edges = defaultdict(set)
    folder_why = {}
    for (a, b), reason in why.items():
        fa, fb = os.path.dirname(a), os.path.dirname(b)
        if fa != fb:
            folder_edges[fa].add(fb)
            folder_why.setdefault((fa, fb), reason)
    for cycle in strongly_connected_components(folder_edges):
        status = 1
        print("include cycle between folders:", ", ".join(os.path.relpath(d, REPO) for d in cycle))
        members = set(cycle)
        for a in cycle:
            for b in sorted(folder_edges[a] & members):
                print("   ", folder_why[(a, b)])

    units = {unit_of(p) for p in files}
    print(f"{len(files)} files, {len(units)} units, "
          f"{sum(len(t) for t in unit_edges.values())} unit edges, "
          f"{sum(len(t) for t in folder_edges.values())} folder edges: "
          + ("cycles found" if status else "no cycles"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

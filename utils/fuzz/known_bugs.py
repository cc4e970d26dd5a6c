"""Known-bug exclusions: features the generator leaves out because our backend is known to get
them wrong (each links its reduced repro under utils/fuzz/findings/ and its entry in
docs/fuzzing.md). Fixing the bug means deleting its entry here, which re-enables the feature.

Each entry: name -> (repro path, predicate(key, **context) -> True where the generator must not
emit the construct). Keys the generator asks about: "unary" (fn, dtype), "binary" (fn, dtype),
"cast" (src, dst), "reduce" (kind, dtype, rank, axis), "scan" (kind, dtype, rank, axis),
"dot" (dtype, rank), "atomic" (kind, dtype), "shape" (kind), "fma" (dtype), "where" (dtype), "broadcast" (dtype, rank), "splat" (dtype: a cast of a broadcast scalar), "loop" (kind: for / while / static), "branch",
"return"."""

KNOWN_BUGS = {
}


def excluded(key, **context):
    """The known bug that excludes this construct, or None."""
    for name, (_repro, applies) in KNOWN_BUGS.items():
        if applies(key, **context):
            return name
    return None

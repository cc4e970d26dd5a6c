"""Known-bug exclusions: features the generator leaves out because our backend is known to get
them wrong (each links its reduced repro under utils/fuzz/findings/ and its entry in
docs/fuzzing.md). Fixing the bug means deleting its entry here, which re-enables the feature.

Each entry: name -> (repro path, predicate(key, **context) -> True where the generator must not
emit the construct). Keys the generator asks about: "unary" (fn, dtype), "binary" (fn, dtype),
"cast" (src, dst), "reduce" (kind, dtype, rank, axis), "scan" (kind, dtype, rank, axis),
"dot" (dtype, rank), "atomic" (kind, dtype), "shape" (kind), "fma" (dtype), "where" (dtype), "broadcast" (dtype, rank), "splat" (dtype: a cast of a broadcast scalar), "loop" (kind: for / while / static), "branch",
"return"."""

KNOWN_BUGS = {
    # tl.fma on float16 rounds the product before the add on lavapipe (llvmpipe splits Fma;
    # --exact-float-ops emulates the single rounding for f32 and f64 only; bf16 is right).
    "fma-float16-rounds-twice": (
        "utils/fuzz/findings/fma_float16_rounds_twice.py",
        lambda key, **c: key == "fma" and c.get("dtype") == "float16"),
    # libdevice.cbrt on float32 does not compile (math.cbrt is not legalized; f64 is expanded).
    "cbrt-float32-not-legalized": (
        "utils/fuzz/findings/cbrt_float32_not_legalized.py",
        lambda key, **c: key == "unary" and c.get("fn") == "ld_cbrt" and c.get("dtype") == "float32"),
    # libdevice's float32 atan / tanh / log1p / expm1 are hundreds of ulp off near zero, and the
    # float64 tanh / log1p / expm1 33-65 ulp (the reference allows 8).
    "libdevice-relative-error-near-zero": (
        "utils/fuzz/findings/libdevice_relative_error_near_zero.py",
        lambda key, **c: key == "unary" and (
            (c.get("dtype") == "float32" and c.get("fn") in ("ld_atan", "ld_tanh", "ld_log1p", "ld_expm1"))
            or (c.get("dtype") == "float64" and c.get("fn") in ("ld_tanh", "ld_log1p", "ld_expm1")))),
}


def excluded(key, **context):
    """The known bug that excludes this construct, or None."""
    for name, (_repro, applies) in KNOWN_BUGS.items():
        if applies(key, **context):
            return name
    return None

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
    # tl.where on bfloat16 operands does not compile (a bitcast of i16 lanes to f32 lanes).
    "where-bfloat16-bitcast": (
        "utils/fuzz/findings/where_bfloat16_bitcast.py",
        lambda key, **c: key == "where" and c.get("dtype") == "bfloat16"),
    # libdevice.cbrt on float32 does not compile (math.cbrt is not legalized; f64 is expanded).
    "cbrt-float32-not-legalized": (
        "utils/fuzz/findings/cbrt_float32_not_legalized.py",
        lambda key, **c: key == "unary" and c.get("fn") == "ld_cbrt" and c.get("dtype") == "float32"),
    # tl.sum of bfloat16 (the reduction runs in bf16) does not compile: same bitcast.
    "sum-bfloat16-bitcast": (
        "utils/fuzz/findings/sum_bfloat16_bitcast.py",
        lambda key, **c: key == "reduce" and c.get("kind") == "sum" and c.get("dtype") == "bfloat16"),
    # float64 -> bfloat16 casts do not compile (a bitcast of f32 to i16); the generator casts
    # through float32 instead.
    "cast-float64-to-bfloat16-bitcast": (
        "utils/fuzz/findings/cast_float64_to_bfloat16_bitcast.py",
        lambda key, **c: key == "cast" and c.get("src") == "float64" and c.get("dst") == "bfloat16"),
    # libdevice's float32 atan / tanh / log1p / expm1 are hundreds of ulp off near zero, and the
    # float64 tanh / log1p / expm1 33-65 ulp (the reference allows 8).
    "libdevice-relative-error-near-zero": (
        "utils/fuzz/findings/libdevice_relative_error_near_zero.py",
        lambda key, **c: key == "unary" and (
            (c.get("dtype") == "float32" and c.get("fn") in ("ld_atan", "ld_tanh", "ld_log1p", "ld_expm1"))
            or (c.get("dtype") == "float64" and c.get("fn") in ("ld_tanh", "ld_log1p", "ld_expm1")))),
    # Broadcasting a loaded bfloat16 scalar to a block does not compile (the same bitcast).
    # So does a bf16 block made from a splat of another type's run-time scalar (cast after
    # the broadcast): the generator asks with key "splat" before such a cast.
    "broadcast-bfloat16-scalar-bitcast": (
        "utils/fuzz/findings/broadcast_bfloat16_scalar_bitcast.py",
        lambda key, **c: c.get("dtype") == "bfloat16" and (
            (key == "broadcast" and c.get("rank") == 0) or key == "splat")),
}


def excluded(key, **context):
    """The known bug that excludes this construct, or None."""
    for name, (_repro, applies) in KNOWN_BUGS.items():
        if applies(key, **context):
            return name
    return None

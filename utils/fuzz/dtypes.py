"""Element types the fuzzer knows: their Triton / numpy / torch names and how the reference
rounds a float64 value to them (so it can simulate each op's rounding) or wraps an exact
Python integer into them."""
import numpy as np


class DType:
    def __init__(self, name, kind, bits, mantissa_bits=0, max_finite=0.0):
        self.name = name            # Triton's name: tl.<name>
        self.kind = kind            # 'int', 'uint', 'float', 'bool'
        self.bits = bits
        self.mantissa_bits = mantissa_bits  # significand bits including the implicit one
        self.max_finite = max_finite

    @property
    def is_float(self):
        return self.kind == "float"

    @property
    def is_int(self):
        return self.kind in ("int", "uint")

    @property
    def is_signed(self):
        return self.kind == "int"

    @property
    def eps(self):
        """Unit roundoff: the largest relative error of one correctly rounded result."""
        return 2.0 ** -self.mantissa_bits

    @property
    def tl(self):
        return "tl." + self.name

    @property
    def int_range(self):
        if self.kind == "int":
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        if self.kind == "uint":
            return 0, (1 << self.bits) - 1
        return 0, 1

    def __repr__(self):
        return self.name


DTYPES = {d.name: d for d in [
    DType("int1", "bool", 1),
    DType("int8", "int", 8), DType("int16", "int", 16), DType("int32", "int", 32),
    DType("int64", "int", 64),
    DType("uint8", "uint", 8), DType("uint16", "uint", 16), DType("uint32", "uint", 32),
    DType("uint64", "uint", 64),
    DType("float16", "float", 16, 11, 65504.0),
    DType("bfloat16", "float", 16, 8, 3.3895313892515355e38),
    DType("float32", "float", 32, 24, 3.4028234663852886e38),
    DType("float64", "float", 64, 53, 1.7976931348623157e308),
]}
INT_TYPES = [n for n, d in DTYPES.items() if d.is_int]
FLOAT_TYPES = [n for n, d in DTYPES.items() if d.is_float]
VALUE_TYPES = INT_TYPES + FLOAT_TYPES

# How a buffer of this type travels to the kernel: the torch dtype of the tensor we allocate
# (unsigned types go as the signed type of the same width, reinterpreted for Triton).
TORCH_STORAGE = {"int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
                 "uint8": "uint8", "uint16": "int16", "uint32": "int32", "uint64": "int64",
                 "float16": "float16", "bfloat16": "bfloat16", "float32": "float32",
                 "float64": "float64"}
NUMPY_STORAGE = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
                 "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32,
                 "uint64": np.uint64, "float16": np.float16, "bfloat16": np.float32,
                 "float32": np.float32, "float64": np.float64}


def dtype(name):
    return DTYPES[name]


def round_bf16(x):
    """float64 -> nearest bfloat16 (ties to even), as float64, rounded once (as Triton's
    fp64 -> bf16 casts are): via float32 rounded to odd, which keeps an inexact value off the
    bf16 ties (rounding to nearest float32 first turned 1 + 2^-8 + 2^-30 into a tie)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        f = x.astype(np.float32)
        back = f.astype(np.float64)
    bits = f.view(np.uint32).astype(np.uint64)
    toward_zero = np.where(np.abs(back) > np.abs(x), bits - 1, bits)
    bits = np.where((back != x) & np.isfinite(x), toward_zero | 1, bits)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    out = rounded.astype(np.uint32).view(np.float32).astype(np.float64)
    return np.where(np.isfinite(f), out, f.astype(np.float64))


def round_to(x, name):
    """Round float64 values to the float type `name` (correct rounding, ties to even)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        if name == "float64":
            return x.copy()
        if name == "float32":
            return x.astype(np.float32).astype(np.float64)
        if name == "float16":
            # via float32 is safe: 24 >= 2 * 11 + 2 significand bits.
            return x.astype(np.float32).astype(np.float16).astype(np.float64)
        if name == "bfloat16":
            return round_bf16(x)
    raise ValueError(name)


def ulp_scale(x, name):
    """A bound on half an ulp of the values x in type `name` (relative, plus the subnormal floor)."""
    d = DTYPES[name]
    tiny = {"float16": 2.0 ** -24, "bfloat16": 2.0 ** -133, "float32": 2.0 ** -149,
            "float64": 2.0 ** -1074}[name]
    return np.abs(x) * d.eps + tiny


def wrap_int(values, name):
    """Exact Python integers (an object array) reduced modulo 2**bits into the type's range."""
    d = DTYPES[name]
    if d.kind == "bool":
        return np.vectorize(lambda v: int(v) & 1, otypes=[object])(values) if np.size(values) else values
    mask = (1 << d.bits) - 1
    half = 1 << (d.bits - 1)

    def wrap(v):
        v = int(v) & mask
        if d.kind == "int" and v >= half:
            v -= 1 << d.bits
        return v
    out = np.empty(np.shape(values), dtype=object)
    flat_in = np.asarray(values, dtype=object).reshape(-1)
    flat_out = out.reshape(-1)
    for i, v in enumerate(flat_in):
        flat_out[i] = wrap(v)
    return out


def to_storage(values, name):
    """Reference values (object ints or float64) -> a numpy array in the buffer's storage type."""
    d = DTYPES[name]
    if d.is_float:
        return np.asarray(values, dtype=np.float64).astype(NUMPY_STORAGE[name])
    wrapped = wrap_int(values, name)
    return np.array([int(v) for v in wrapped.reshape(-1)], dtype=object).astype(
        NUMPY_STORAGE[name]).reshape(np.shape(values)) if np.size(values) else np.zeros(
            np.shape(values), dtype=NUMPY_STORAGE[name])


def from_storage(array, name):
    """A numpy array read back from the kernel -> reference values (object ints or float64)."""
    d = DTYPES[name]
    if d.is_float:
        return np.asarray(array, dtype=np.float64)
    flat = [int(v) for v in np.asarray(array).reshape(-1)]
    return wrap_int(np.array(flat, dtype=object).reshape(np.shape(array)), name)

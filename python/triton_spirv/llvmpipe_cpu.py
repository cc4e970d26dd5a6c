"""Which of the host CPU's SIMD features llvmpipe (lavapipe's JIT) may use, chosen before Vulkan
loads it.

Mesa 25's llvmpipe turns every global-memory access of a compute shader into a masked gather or
scatter (its shaders always carry an execution mask). With AVX-512, LLVM emits them as
`vpgatherqq` / `vpscatterqq`, which AMD Zen 4 runs microcoded: a plain copy through lavapipe
moves 12 GB/s there. With AVX2 only (Zen has no fast AVX2 gathers), LLVM emits per-lane scalar
loads and stores instead, and the same copy moves 20 GB/s. Mesa's `GALLIUM_OVERRIDE_CPU_CAPS=avx`
hides AVX-512 alone (AVX2, FMA and F16C stay).
It is a trade, measured on a 2-core Zen 4 (docs/performance.md): add, softmax and layer norm
1.07-1.52x faster; our matmuls 1.02-1.4x slower, most at small tiles (most likely because they
re-read cache-resident tiles, where one gather beats eight per-lane loads).
bench/llvmpipe_avx512.py measures the trade.
So AVX-512 stays by default; TRITON_SPIRV_LLVMPIPE_AVX512=0 hides it, =1 states the default.

Mesa reads the variable once per process, when the Vulkan driver starts, so `configure()` runs
before our runtime creates its instance. A GALLIUM_OVERRIDE_CPU_CAPS the user set is kept.
"""
import os
import warnings

CAPS_VAR = "GALLIUM_OVERRIDE_CPU_CAPS"
CHOICE_VAR = "TRITON_SPIRV_LLVMPIPE_AVX512"
# Mesa's value that clears AVX-512 only (u_cpu_detect.c).
HIDE_AVX512 = "avx"
# AMD family 0x19 with AVX-512 is Zen 4 (Zen 3 has none), where the trade was measured.
_MICROCODED_GATHER_FAMILIES = {("AuthenticAMD", 25)}


def _first_cpu(cpuinfo_text):
    first = cpuinfo_text.split("\n\n")[0]
    fields = {}
    for line in first.splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return fields


def decide(cpuinfo_text, environ):
    """(value for CAPS_VAR or None, reason): what configure() does on this CPU and environment."""
    if environ.get(CAPS_VAR):
        return None, f"{CAPS_VAR}={environ[CAPS_VAR]} set by the user"
    cpu = _first_cpu(cpuinfo_text)
    if "avx512f" not in cpu.get("flags", "").split():
        return None, "no AVX-512 on this CPU"
    choice = environ.get(CHOICE_VAR, "")
    if choice not in ("", "0", "1"):
        # A warning, not an error: this runs while Triton discovers its backends.
        warnings.warn(f"{CHOICE_VAR}={choice!r} ignored: expected 1 (keep AVX-512 in llvmpipe) "
                      "or 0 (hide it)", stacklevel=2)
        choice = ""
    if choice == "1":
        return None, f"AVX-512 kept ({CHOICE_VAR}=1)"
    if choice == "0":
        return HIDE_AVX512, f"AVX-512 hidden ({CHOICE_VAR}=0)"
    try:
        family = int(cpu.get("cpu family", ""))
    except ValueError:
        family = None
    if (cpu.get("vendor_id"), family) in _MICROCODED_GATHER_FAMILIES:
        return None, (f"AVX-512 kept; on this AMD Zen 4 {CHOICE_VAR}=0 makes memory-bound kernels "
                      "faster and small matmuls slower")
    return None, "AVX-512 kept"


_REASON = None


def configure():
    """Sets CAPS_VAR for this process where decide() says so; returns the reason. Idempotent."""
    global _REASON
    if _REASON is None:
        try:
            with open("/proc/cpuinfo") as cpuinfo:
                text = cpuinfo.read()
        except OSError:
            text = ""
        value, _REASON = decide(text, os.environ)
        if value is not None:
            os.environ[CAPS_VAR] = value
    return _REASON


def describe():
    """What llvmpipe was told (for benchmark headers)."""
    return f"{CAPS_VAR}={os.environ.get(CAPS_VAR, '')} ({_REASON or 'not configured'})"

"""What decides lavapipe's speed on a CPU machine, for benchmark headers.

llvmpipe JIT-compiles shaders for the host CPU (its vector width comes from the CPU's SIMD
features: 256 bits with AVX2, 512 possible with AVX-512), runs workgroups on LP_NUM_THREADS
threads (default: one per CPU it may use), and shares the cores with torch. On cloud machines
of one nominal kind the CPU model, its features, a cgroup CPU quota and the hypervisor's steal
time can differ, so headers record them and runs report the steal time they saw. The features
llvmpipe may use decide how it compiles memory accesses (triton_spirv.llvmpipe_cpu: AVX-512
gathers and scatters run microcoded on AMD Zen 4), so headers record that choice too, and runs
the host's memory speed at their start and end (host_copy_gbps).
"""
import os
import platform
import re

# SIMD features LLVM's JIT (llvmpipe) and torch's kernels choose code paths by.
_SIMD_FLAGS = ("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl",
               "avx512_bf16", "avx512_fp16", "amx_tile")


def _cpuinfo():
    try:
        text = open("/proc/cpuinfo").read()
    except OSError:
        return {}
    first = text.split("\n\n")[0]
    return dict((k.strip(), v.strip()) for k, _, v in
                (line.partition(":") for line in first.splitlines()) if k.strip())


def _cgroup_cpu_quota():
    """CPUs the cgroup may use (cgroup v2 cpu.max), None when unlimited or unknown."""
    try:
        quota, period = open("/sys/fs/cgroup/cpu.max").read().split()
        return None if quota == "max" else round(int(quota) / int(period), 2)
    except (OSError, ValueError):
        return None


def cpu_times():
    """(busy, steal) jiffies of all CPUs so far (/proc/stat)."""
    try:
        fields = [int(v) for v in open("/proc/stat").readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq, steal


def steal_fraction(before, after):
    """Share of the CPU time between two cpu_times() samples the hypervisor gave away."""
    if not before or not after:
        return None
    busy = after[0] - before[0]
    steal = after[1] - before[1]
    return round(steal / max(1, busy + steal), 4)


def describe(device_name=""):
    info = _cpuinfo()
    flags = set(info.get("flags", "").split())
    width = re.search(r"(\d+) bits", device_name)
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "cpu_model": info.get("model name") or platform.processor() or platform.machine(),
        "cpu_mhz": info.get("cpu MHz"),
        "cpu_simd": [f for f in _SIMD_FLAGS if f in flags],
        "cpus_usable": usable,
        "cgroup_cpu_quota": _cgroup_cpu_quota(),
        "llvmpipe_vector_bits": int(width.group(1)) if width else None,
        "llvmpipe_threads": int(os.environ["LP_NUM_THREADS"]) if os.environ.get(
            "LP_NUM_THREADS", "").isdigit() else usable,
        "lp_native_vector_width": os.environ.get("LP_NATIVE_VECTOR_WIDTH"),
        # The SIMD features llvmpipe was allowed (triton_spirv.llvmpipe_cpu): decides whether
        # global accesses are AVX-512 gathers/scatters or per-lane scalar accesses.
        "llvmpipe_cpu_caps": _llvmpipe_cpu_caps(),
    }


def host_copy_gbps(megabytes=64, repeats=5):
    """Bytes read and written per second by one thread copying a buffer larger than the caches
    (numpy, best of `repeats`), in GB/s: the host's memory speed at that moment. On shared cloud
    hosts it moves with the neighbours' load, which the steal time does not show, and llvmpipe's
    gathers and scatters move with it (docs/performance.md: the machine drifts)."""
    import time
    import numpy as np
    src = np.ones((megabytes << 20) // 4, dtype=np.float32)
    dst = np.empty_like(src)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        np.copyto(dst, src)
        best = min(best, time.perf_counter() - start)
    return round(2 * src.nbytes / best / 1e9, 1)


def _llvmpipe_cpu_caps():
    try:
        from triton_spirv import llvmpipe_cpu
    except ImportError:
        return os.environ.get("GALLIUM_OVERRIDE_CPU_CAPS")
    return llvmpipe_cpu.describe()


def header_line(machine):
    quota = machine["cgroup_cpu_quota"]
    return (f"# machine: {machine['cpu_model']} @ {machine['cpu_mhz']} MHz, "
            f"{machine['cpus_usable']} usable CPUs"
            f"{'' if quota is None else f' (cgroup quota {quota})'}, SIMD "
            f"{' '.join(machine['cpu_simd']) or 'none listed'}; llvmpipe "
            f"{machine['llvmpipe_vector_bits']}-bit vectors on {machine['llvmpipe_threads']} "
            f"threads; {machine.get('llvmpipe_cpu_caps') or 'CPU features as Mesa detects them'}")

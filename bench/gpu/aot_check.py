"""Ahead-of-time kernels on this machine's Vulkan device, from the installed wheel: compiles
test/python/aot's specializations for the device's profile, links them, builds aot_main.c with
the system C compiler against libtriton_spirv_runtime.so and runs it (no Python in that
process). Prints the program's checks, which specialization each case launched, and timings.

    python3 bench/gpu/aot_check.py [out dir]
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "test" / "python" / "aot"))
import test_aot  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/aot_check")
out.mkdir(parents=True, exist_ok=True)
start = time.perf_counter()
for spec in test_aot.SPECIALIZATIONS:
    test_aot.compile_specialization(out, *spec)
for name in test_aot.LINKED_KERNELS:
    test_aot.run_tool("link", *sorted(out.glob(f"{name}.*_*.h")), "-o", out / name)
generated = time.perf_counter()
binary = test_aot.build_program(out)
built = time.perf_counter()
result = test_aot.run_program(binary)
ran = time.perf_counter()
print(result.stdout, end="")
for case, function in test_aot.dispatched(result.stderr).items():
    print(f"dispatch: {case} -> {function}")
print(f"exit status {result.returncode}; compile+link {generated - start:.1f} s ({len(test_aot.SPECIALIZATIONS)} specializations), "
      f"C build {built - generated:.1f} s, program run {ran - built:.2f} s")
if result.returncode:
    print(result.stderr[-4000:])
sys.exit(result.returncode)

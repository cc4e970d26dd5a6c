"""Times the hand-written staged GEMMs (g_WM_WN_FM_FN_TK[_VARIANT].spv from gen_staged_gemm.py) at 4096^3 against
cuBLAS in the same process, each checked against an fp32 torch product."""
import glob, os, statistics, struct
import triton  # noqa: F401
import torch
from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.driver import _device_address

dev = runtime.get_device()
M = N = K = 4096
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
ref = a.float() @ b.float()
begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for _ in range(20):
    a @ b
begin.record()
for _ in range(50):
    a @ b
end.record()
torch.cuda.synchronize()
cublas = begin.elapsed_time(end) / 50
print(f"cuBLAS {cublas:.4f} ms {2 * M * N * K / cublas / 1e9:.0f} TFLOP/s")
for path in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "g_*.spv"))):
    fields = os.path.basename(path)[2:-4].split("_")
    WM, WN, FM, FN, TK = map(int, fields[:5])
    variant = fields[5] if len(fields) > 5 else "prefetch"
    TM, TN = WM * FM * 16, WN * FN * 16
    c = torch.full((M, N), float("nan"), device="cuda")
    packed = struct.pack("<QQQIII", _device_address(a, "a"), _device_address(b, "b"),
                         _device_address(c, "c"), M, N, K)
    try:
        kernel = dev.load_kernel(open(path, "rb").read(), "main", (WM * WN * 32, 1, 1), len(packed), False)
        grid = (N // TN, M // TM, 1)
        dev.launch(kernel, *grid, packed, sync=True)
        err = float((c - ref).abs().max())
        dev.time_launches(kernel, *grid, packed, 30)
        ms = statistics.median(dev.time_launches(kernel, *grid, packed, 30))
        stats = str(kernel.executables())
        regs = stats[stats.find("Register Count") + 16:stats.find(", 'Binary")]
        print(f"{TM}x{TN}x{TK} subgroups {WM}x{WN} fragments {FM}x{FN} {variant}: {ms:.4f} ms "
              f"{2 * M * N * K / ms / 1e9:.0f} TFLOP/s ({cublas / ms:.2f} of cuBLAS) regs {regs} "
              f"max err {err:.3g} nan {int(c.isnan().sum())}")
    except Exception as ex:
        print(f"{TM}x{TN}x{TK} {WM}x{WN} {FM}x{FN} {variant}: FAILED {ex}")

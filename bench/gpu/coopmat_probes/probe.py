"""Times hand-written workgroup-scope cooperative-matrix GEMMs (VK_NV_cooperative_matrix2;
k_TM_TN_TK_WG_VARIANT.spv beside this file, made by gen_global.py / gen_shared.py and
assembled with SPIRV-Tools >= 2025) on the cuda route's Vulkan device, against cuBLAS fp16 in
the same process, and checks each against an fp32 torch product. C (f32) = A (f16) x B (f16),
row-major, 4096^3.

    TRITON_SPIRV_BACKEND=1 python3 bench/gpu/coopmat_probes/probe.py
"""
import glob, os, statistics, struct, sys, time
import triton  # selects the backend before torch allocates
import torch
from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.driver import _device_address

dev = runtime.get_device()
props = dev.device_properties()
print({k: v for k, v in props["features"].items() if "cooperative" in k})
for size in (4096,):
    M = N = K = size
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    ref = (a.float() @ b.float())
    torch.cuda.synchronize()
    t = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    for _ in range(20): a @ b
    t.record()
    for _ in range(50): a @ b
    e.record(); torch.cuda.synchronize()
    cublas = t.elapsed_time(e) / 50
    print(f"{size}^3 cuBLAS fp16 {cublas:.4f} ms {2*M*N*K/cublas/1e9:.0f} TFLOP/s")
    for path in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "k_*.spv"))):
        TM, TN, TK, WG = map(int, os.path.basename(path)[2:-4].split("_")[:4]); variant = os.path.basename(path)[2:-4].split("_")[4]
        c = torch.full((M, N), float("nan"), device="cuda")
        packed = struct.pack("<QQQIII", _device_address(a, "a"), _device_address(b, "b"),
                             _device_address(c, "c"), M, N, K)
        try:
            t0 = time.time()
            kernel = dev.load_kernel(open(path, "rb").read(), "main", (WG, 1, 1), len(packed), False)
            compile_s = time.time() - t0
            grid = (N // TN, M // TM, 1)
            torch.cuda.synchronize()
            dev.launch(kernel, *grid, packed, sync=True)
            err = float((c - ref).abs().max())
            warm = dev.time_launches(kernel, *grid, packed, 5)
            reps = max(20, min(2000, int(250 / max(statistics.median(warm), 1e-3))))
            dev.time_launches(kernel, *grid, packed, reps)
            ms = statistics.median(dev.time_launches(kernel, *grid, packed, 50))
            stats = ""
            try:
                stats = str(kernel.executables())[:300]
            except Exception as ex:
                stats = f"(no stats: {ex})"
            regs = stats[stats.find("Register"):stats.find("Binary")]
            print(f"  {TM}x{TN}x{TK} wg{WG} {variant}: {ms:.4f} ms {2*M*N*K/ms/1e9:.0f} TFLOP/s  vs cuBLAS {cublas/ms:.3f}  max err {err:.3g}  nan {int(c.isnan().sum())}  pipeline {compile_s:.2f}s {regs}")
        except Exception as ex:
            print(f"  {TM}x{TN}x{TK} wg{WG} {variant}: FAILED {type(ex).__name__}: {ex}")

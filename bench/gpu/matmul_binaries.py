"""Times hand-edited SPIR-V binaries of test/python/e2e/kernels.py's matmul_kernel at 4096^3 with the
arguments Triton's own launch packed, beside the kernel Triton compiled: files DIR/NAME_BM_W.spv
(BLOCK_M = BLOCK_N = BM, BLOCK_K 32, W warps), NAME f16 or bf16 (operand and result dtype) or
anything else (bf16). Used to find what in a binary the driver is slow on (docs/performance.md).

    TRITON_SPIRV_BACKEND=1 python3 bench/gpu/matmul_binaries.py DIR
"""
import glob, os, statistics, sys
os.environ["TRITON_SPIRV_BACKEND"] = "1"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "python"))
import torch
import triton
from e2e.kernels import matmul_kernel
from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.driver import SPIRVLauncher, cuda_route

M = N = K = 4096
device = runtime.get_device()
kinds = {"f16": (torch.float16, torch.float16), "bf16": (torch.bfloat16, torch.bfloat16),
         "f16code-bf16mat": (torch.bfloat16, torch.float16),
         "bf16code-f16mat": (torch.float16, torch.bfloat16)}
begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for dt in (torch.float16, torch.bfloat16):
    a = torch.randn(M, K, device="cuda").to(dt)
    for _ in range(10): a @ a
    begin.record()
    for _ in range(30): a @ a
    end.record(); torch.cuda.synchronize()
    print(f"cuBLAS {dt}: {begin.elapsed_time(end) / 30:.4f} ms", flush=True)


def timed(kernel, grid, packed):
    warm = device.time_launches(kernel, *grid, packed, 5)
    device.time_launches(kernel, *grid, packed, max(20, int(250 / max(statistics.median(warm), 1e-3))))
    return statistics.median(device.time_launches(kernel, *grid, packed, 30))


for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.spv"))):
    name = os.path.basename(path)[:-4]
    variant, bm, w = name.rsplit("_", 2)
    bm, w = int(bm), int(w)
    din, dout = kinds.get(variant, (torch.bfloat16, torch.bfloat16))
    a = torch.randn(M, K, device="cuda").to(din)
    b = torch.randn(K, N, device="cuda").to(din)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=dout)
    compiled = matmul_kernel[(M // bm, N // bm)](a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_M=bm,
                                                 BLOCK_N=bm, BLOCK_K=32, num_warps=w)
    torch.cuda.synchronize()
    kernel, grid, packed = SPIRVLauncher.last_launch
    own = timed(kernel, grid, packed)
    c.fill_(float("nan"))
    ref = a.float() @ b.float()
    try:
        swapped = device.load_kernel(open(path, "rb").read(), "matmul_kernel", (w * 32, 1, 1),
                                     len(packed), False, compiled.metadata.shared)
        cuda_route().interop.launch(swapped, *grid, packed, torch.cuda.current_stream().cuda_stream)
        torch.cuda.synchronize()
        err = float((c.float() - ref).abs().max() / ref.abs().max())
        ms = timed(swapped, grid, packed)
        stats = str(swapped.executables())
        regs = stats[stats.find("Register Count"):stats.find("Register Count") + 22]
        print(f"{name}: {ms:.4f} ms {2 * M * N * K / ms / 1e9:.0f} TFLOP/s {regs} rel err {err:.2g} "
              f"nan {int(c.isnan().sum())} | Triton-compiled ({din}->{dout}) {own:.4f} ms", flush=True)
    except Exception as ex:
        print(f"{name}: FAILED {ex}", flush=True)

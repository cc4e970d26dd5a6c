"""Times the subgroup-scope MMA inner-loop probes (m_WM_WN_FM_FN_KS_VIEW.spv from gen_subgroup_loop.py):
fragments from workgroup memory (views v4h/v4u/f16, '_bar': a barrier per iteration) or
straight from global memory (glb, checked against torch)."""
import glob, os, statistics, struct
import triton  # noqa: F401
import torch
from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.driver import _device_address

dev = runtime.get_device()
ITERS = 512
for PROGRAMS in (528, 1056):
    for path in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "m_*.spv"))):
        parts = os.path.basename(path)[2:-4].split("_")
        WM, WN, FM, FN, KS = map(int, parts[:5])
        view = "_".join(parts[5:])
        TM, TN = WM * FM * 16, WN * FN * 16
        c = torch.empty(PROGRAMS * TM * TN, device="cuda")
        packed = struct.pack("<Q", _device_address(c, "c"))
        if view.startswith("glb"):
            K = ITERS * KS * 16
            a = torch.randn(TM, K, device="cuda", dtype=torch.float16) / 8
            b = torch.randn(K, TN, device="cuda", dtype=torch.float16) / 8
            packed = struct.pack("<QQQ", _device_address(a, "a"), _device_address(b, "b"),
                                 _device_address(c, "c"))
        try:
            kernel = dev.load_kernel(open(path, "rb").read(), "main", (WM * WN * 32, 1, 1),
                                     len(packed), False)
            check = ""
            if view.startswith("glb"):
                dev.launch(kernel, PROGRAMS, 1, 1, packed, sync=True)
                ref = a.float() @ b.float()
                got = c.view(PROGRAMS, TM, TN)[0]
                check = f" max err {float((got - ref).abs().max()):.3g} of {float(ref.abs().max()):.3g}"
            dev.time_launches(kernel, PROGRAMS, 1, 1, packed, 20)
            ms = statistics.median(dev.time_launches(kernel, PROGRAMS, 1, 1, packed, 30))
            flops = 2.0 * PROGRAMS * ITERS * KS * 16 * TM * TN
            stats = str(kernel.executables())
            regs = stats[stats.find("Register Count") + 16:stats.find(", 'Binary")]
            print(f"warps {WM}x{WN} frags {FM}x{FN} ks {KS} view {view:7}: {ms:.4f} ms "
                  f"{flops / ms / 1e9:.0f} TFLOP/s regs {regs}{check}")
        except Exception as ex:
            print(f"warps {WM}x{WN} frags {FM}x{FN} view {view}: FAILED {ex}")

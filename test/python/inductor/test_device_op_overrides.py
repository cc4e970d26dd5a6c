"""Registering the spirv device with Inductor leaves the other devices' generated code alone.

Inductor writes device calls into its Python wrapper from per-device "op overrides"
(`with torch.cuda._DeviceGuard(0):`, `torch.cuda.set_device(0)`). torch <= 2.11 loads its
built-in ones only while that registry is empty; ours registered first (Inductor looks the
device up in every process where it is registered) left CUDA graphs with the CPU's `pass`, and
their wrappers said `with pass:`, a SyntaxError (bench/torch_compile.py's Triton-CUDA baseline
on an H100, torch 2.11). Each case runs in a fresh interpreter: the registry is per process."""
import os
import subprocess
import sys
import textwrap


def run_python(source):
    environment = {**os.environ, "TRITON_SPIRV_TORCH_DEVICE": "spirv"}
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(source)], env=environment,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_builtin_overrides_registered_before_ours():
    # Inductor's own path to us (torch.spirv.Scheduling, as it first generates code), and then
    # the registry as torch <= 2.11 found it: it adds nothing once anything is in it.
    out = run_python("""
        import torch
        import triton_spirv.torch_device as torch_device
        assert torch_device.register()
        from torch._inductor.codegen import common
        assert not common.device_op_overrides_dict
        common.init_backend_registration()
        print(sorted(common.device_op_overrides_dict))
    """)
    registered = eval(out.strip().splitlines()[-1])
    assert "spirv" in registered
    assert {"cpu", "cuda", "xpu"} <= set(registered), registered


def test_wrapper_device_lines_compile():
    # The lines Inductor's wrapper writes at a device guard, for each device, after ours is in.
    run_python("""
        import torch
        import triton_spirv.torch_device as torch_device
        assert torch_device.register()
        from torch._inductor.codegen.common import get_device_op_overrides, init_backend_registration
        init_backend_registration()
        for device, guard in (("cuda", "torch.cuda"), ("xpu", "torch.xpu"),
                              ("spirv", "torch.spirv")):
            ops = get_device_op_overrides(device)
            code = (ops.import_get_raw_stream_as("get_raw_stream") + "\\n"
                    f"with {ops.device_guard(0)}:\\n"
                    f"    {ops.set_device(0)}\\n"
                    "    stream0 = get_raw_stream(0)\\n"
                    f"    {ops.synchronize()}\\n")
            compile(code, f"<{device} wrapper>", "exec")
            assert ops.device_guard(0).startswith(guard), (device, code)
    """)

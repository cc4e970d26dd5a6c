"""Run in its own process with two Vulkan devices (two lavapipe ICD manifests, see
test_multi_device.py): tensors, kernels, copies, the current device, memory, events and errors on
spirv:0 and spirv:1. Prints one `<case> ok` line per case; raises on the first failure."""
import os
import sys
import warnings

import numpy as np
import torch
import triton
import triton.language as tl

from triton_spirv import _vulkan_runtime as runtime


@triton.jit
def affine_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * alpha + y, mask=mask)


def affine(x, y, alpha):
    out = torch.full_like(x, float("nan"))  # every element must be written
    n = x.numel()
    affine_kernel[(triton.cdiv(n, 128),)](x, y, out, n, alpha, BLOCK=128)
    return out


def ok(case):
    print(case, "ok", flush=True)


# Which Vulkan device each launch ran on: lavapipe's device addresses are host addresses, so a
# launch on the wrong device would still compute the right numbers.
launched_on = []
_launch = runtime.Device.launch


def _recording_launch(self, *args, **kwargs):
    launched_on.append(self.device_properties()["index"])
    return _launch(self, *args, **kwargs)


runtime.Device.launch = _recording_launch


rng = np.random.default_rng(int(os.environ.get("SEED", "7")))
expected_order = [int(i) for i in os.environ["EXPECT_VULKAN_INDICES"].split(",")]

# --- which devices ---------------------------------------------------------------------------
assert torch.spirv.is_available()
assert torch.spirv.device_count() == 2, torch.spirv.device_count()
assert runtime.physical_device_indices() == expected_order, runtime.physical_device_indices()
props = [torch.spirv.get_device_properties(i) for i in range(2)]
assert [p.vulkan_index for p in props] == expected_order, props
assert all("llvmpipe" in p.name for p in props)
# One device (the C API's context, Device()) from a list is its first entry.
first_of_reversed = runtime.Device(f"{expected_order[1]},{expected_order[0]}")
assert first_of_reversed.device_properties()["index"] == expected_order[1]
del first_of_reversed
ok("device_count")

# --- a Triton kernel on each device ------------------------------------------------------------
n = 3001  # not a multiple of the block: the mask matters
host = {name: torch.from_numpy(rng.standard_normal(n).astype(np.float32)) for name in "xy"}
results = {}
for index in (0, 1):
    device = torch.device("spirv", index)
    x, y = host["x"].to(device), host["y"].to(device)
    assert x.device == device and y.device == device
    launched_on.clear()
    out = affine(x, y, 1.5)
    assert launched_on == [expected_order[index]], (index, launched_on)
    assert out.device == device, out.device
    results[index] = out
    got = out.cpu().numpy()
    want = host["x"].numpy() * np.float32(1.5) + host["y"].numpy()
    assert not np.isnan(got).any(), f"spirv:{index}: unwritten elements"
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
# Triton runs the launch where its tensors are, whatever the current device is
assert torch.spirv.current_device() == 0
ok("kernel_on_each_device")

# --- copies between the devices ---------------------------------------------------------------
on0 = torch.from_numpy(rng.standard_normal((37, 53)).astype(np.float32)).to("spirv:0")
on1 = on0.to("spirv:1")
assert on1.device == torch.device("spirv", 1)
back = on1.cpu()
assert torch.equal(back, on0.cpu())
strided = on0.t()[5:20:3]  # a non-contiguous view crossing devices
assert torch.equal(strided.to("spirv:1").cpu(), on0.cpu().t()[5:20:3])
into = torch.zeros(37, 53, device="spirv:1")
into.copy_(on0)
assert torch.equal(into.cpu(), on0.cpu())
ok("copies_between_devices")

# --- the current device -------------------------------------------------------------------------
driver = triton.runtime.driver.active
torch.spirv.set_device(1)
assert torch.spirv.current_device() == 1 and driver.get_current_device() == 1
assert torch.empty(4, device="spirv").device == torch.device("spirv", 1)
with torch.spirv.device(0):
    assert torch.spirv.current_device() == 0 and driver.get_current_device() == 0
    assert torch.ones(4, device="spirv").device == torch.device("spirv", 0)
assert torch.spirv.current_device() == 1
torch.spirv.set_device(0)
with torch.spirv.device("spirv:1"):
    x, y = host["x"].to("spirv"), host["y"].to("spirv")  # "spirv" is the current device
    assert x.device.index == 1
    launched_on.clear()
    out = affine(x, y, -2.0)
    assert launched_on == [expected_order[1]], launched_on
    assert driver.get_current_device() == 1
assert out.device.index == 1
np.testing.assert_allclose(out.cpu().numpy(), host["x"].numpy() * np.float32(-2) + host["y"].numpy(),
                           rtol=1e-6, atol=1e-6)
assert torch.spirv.current_device() == 0
ok("current_device")

# --- memory per device --------------------------------------------------------------------------
torch.spirv.synchronize(0)
torch.spirv.synchronize(1)
before = [torch.spirv.memory_allocated(i) for i in (0, 1)]
block = torch.empty(1 << 20, dtype=torch.uint8, device="spirv:1")
assert torch.spirv.memory_allocated(1) - before[1] >= 1 << 20
assert torch.spirv.memory_allocated(0) == before[0]
assert torch.spirv.memory_stats(1)["allocation.all.allocated"] > 0
del block
assert torch.spirv.memory_allocated(1) == before[1]
assert torch.spirv.memory_reserved(1) >= 1 << 20  # cached for reuse on spirv:1
torch.spirv.empty_cache()
assert torch.spirv.memory_reserved(1) < 1 << 20
ok("memory_per_device")

# --- events and streams on spirv:1 ----------------------------------------------------------------
stream = torch.spirv.Stream(1)
assert stream.device_index == 1
with torch.spirv.stream(stream):
    assert torch.spirv.current_device() == 1
    assert torch.spirv.current_stream().stream_id == stream.stream_id
    assert torch.spirv.current_stream(0).stream_id == 0
    start, end = torch.spirv.Event(enable_timing=True), torch.spirv.Event(enable_timing=True)
    start.record()
    big = torch.ones(1 << 18, device="spirv")
    for _ in range(5):
        big = affine(big, big, 0.5)
    end.record()
    end.synchronize()
assert start.elapsed_time(end) > 0
assert torch.spirv.current_device() == 0
assert torch.equal(big.cpu(), torch.full((1 << 18,), 1.5 ** 5 * 1.0))
ok("events_on_device_1")

# --- errors name both devices --------------------------------------------------------------------
a, b = host["x"].to("spirv:0"), host["y"].to("spirv:1")
try:
    affine_kernel[(1,)](a, b, torch.empty_like(a), n, 1.0, BLOCK=128)
    raise AssertionError("a launch mixing two devices ran")
except ValueError as error:
    message = str(error)
    assert "'y_ptr' is on spirv:1 while 'x_ptr' is on spirv:0" in message, message
try:
    torch.add(a, b)
    raise AssertionError("an operator mixing two devices ran")
except RuntimeError as error:
    assert "spirv:0" in str(error) and "spirv:1" in str(error), str(error)
try:
    torch.empty(2, device="spirv:2")
    raise AssertionError("spirv:2 exists")
except RuntimeError as error:
    assert "spirv:2 does not exist: this process has 2 Vulkan devices" in str(error), str(error)
ok("errors")

# --- torch operators on spirv:1 stay there --------------------------------------------------------
x1 = host["x"].to("spirv:1")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the CPU fallback warns once per operator
    erfcx = torch.special.erfcx(x1)  # CPU fallback
    total = (x1 * 2 + 1).sum()
assert erfcx.device.index == 1 and total.device.index == 1
assert torch.allclose(erfcx.cpu(), torch.special.erfcx(host["x"]), rtol=1e-5, atol=1e-6)
assert torch.allclose(total.cpu(), (host["x"] * 2 + 1).sum(), rtol=1e-4)
ok("operators_stay_on_device_1")

# --- autograd on spirv:1 ---------------------------------------------------------------------------
torch.manual_seed(0)
model = torch.nn.Linear(8, 3)
device_model = torch.nn.Linear(8, 3)
device_model.load_state_dict(model.state_dict())
device_model.to("spirv:1")
inputs = torch.randn(5, 8)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    model(inputs).square().sum().backward()
    device_model(inputs.to("spirv:1")).square().sum().backward()
assert device_model.weight.grad.device.index == 1
assert torch.allclose(device_model.weight.grad.cpu(), model.weight.grad, rtol=1e-4, atol=1e-5)
ok("autograd_on_device_1")

# --- code compiled for another device profile is refused ------------------------------------------
# Both devices are lavapipe here: device 1 is made to report an NVIDIA profile.
import triton_spirv.driver as spirv_driver  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402

real_target = spirv_driver.device_target
spirv_driver.device_target = lambda index=0: (GPUTarget("spirv", "nvidia", 32) if index == 1
                                              else real_target(index))


@triton.jit
def negate_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, -tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


on1 = torch.ones(64, device="spirv:1")
try:
    negate_kernel[(1,)](on1, 64, BLOCK=64)  # compiled for the current device, spirv:0
    raise AssertionError("code for lavapipe ran on a device of another profile")
except ValueError as error:
    assert "compiled for spirv:0" in str(error) and "spirv:1 (nvidia, subgroup 32)" in str(error), \
        str(error)
spirv_driver.device_target = real_target
negate_kernel[(1,)](on1, 64, BLOCK=64)
assert torch.equal(on1.cpu(), -torch.ones(64))
ok("other_profile_refused")

sys.exit(0)

"""Run in its own process (the FlagGems vendor and the device are chosen per process): common
FlagGems operators on spirv tensors against torch on the CPU, and an MLP trained with FlagGems'
operators on the device equal to the same on the CPU. Prints one line per case and, last,
`launches N fallbacks [...]`."""
import os
import sys
import warnings

os.environ["TRITON_SPIRV_TORCH_DEVICE"] = "spirv"

import triton_spirv.flaggems as registration  # noqa: E402

registration.install()

import flag_gems  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from triton_spirv.launcher import SPIRVLauncher  # noqa: E402

assert flag_gems.vendor_name == "spirv" and flag_gems.device == "spirv", (
    flag_gems.vendor_name, flag_gems.device)

launches = {"spirv": 0}
original_call = SPIRVLauncher.__call__


def counting_call(self, *args, **kwargs):
    tensors = [a for a in args if hasattr(a, "device")]
    if tensors and all(t.device.type == "spirv" for t in tensors):
        launches["spirv"] += 1
    return original_call(self, *args, **kwargs)


SPIRVLauncher.__call__ = counting_call
flag_gems.enable()

gen = torch.Generator().manual_seed(0)
a, b = torch.randn(64, 96, generator=gen), torch.randn(96, 48, generator=gen)
v, idx = torch.randn(64, 96, generator=gen), torch.randint(0, 64, (32,), generator=gen)
CASES = {
    "add": lambda x, y, w, i: x + 2.5 * w, "mul": lambda x, y, w, i: x * w,
    "div": lambda x, y, w, i: x / (w.abs() + 1), "exp": lambda x, y, w, i: torch.exp(x),
    "abs": lambda x, y, w, i: torch.abs(x), "where": lambda x, y, w, i: torch.where(x > 0, x, w),
    "mm": lambda x, y, w, i: x @ y, "sum": lambda x, y, w, i: x.sum(dim=1),
    "mean": lambda x, y, w, i: x.mean(dim=0), "amax": lambda x, y, w, i: x.amax(dim=1),
    "softmax": lambda x, y, w, i: torch.softmax(x, dim=-1),
    "log_softmax": lambda x, y, w, i: torch.log_softmax(x, dim=-1),
    "layer_norm": lambda x, y, w, i: F.layer_norm(x, (96,)),
    "gelu": lambda x, y, w, i: F.gelu(x), "silu": lambda x, y, w, i: F.silu(x),
    "relu": lambda x, y, w, i: F.relu(x), "tanh": lambda x, y, w, i: torch.tanh(x),
    "index_select": lambda x, y, w, i: x.index_select(0, i),
    "cat": lambda x, y, w, i: torch.cat([x, w], dim=1),
    "transpose_copy": lambda x, y, w, i: x.t().contiguous(),
    # As Inductor's extern convolution calls it (eager F.conv2d reaches FlagGems' conv2d).
    "convolution": lambda x, y, w, i: torch.ops.aten.convolution(
        x.reshape(4, 6, 16, 16), w.flatten()[:216].reshape(4, 6, 3, 3), y.flatten()[:4],
        [2, 1], [1, 0], [1, 2], False, [0, 0], 1),
    "grouped_convolution": lambda x, y, w, i: torch.ops.aten.convolution(
        x.reshape(4, 6, 16, 16), w.flatten()[:108].reshape(4, 3, 3, 3), None,
        [1, 1], [1, 1], [1, 1], False, [0, 0], 2),
}
failures = 0
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for name, fn in CASES.items():
        expected = fn(a, b, v, idx)
        got = fn(a.to("spirv"), b.to("spirv"), v.to("spirv"), idx.to("spirv"))
        ok = got.device.type == "spirv" and torch.allclose(got.cpu(), expected, atol=1e-4, rtol=1e-4)
        failures += not ok
        print(name, "ok" if ok else "WRONG")

    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 4))
    device_model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 4))
    device_model.load_state_dict(model.state_dict())
    device_model.to("spirv")
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    device_opt = torch.optim.SGD(device_model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(3):
        x, target = torch.randn(8, 16, generator=gen), torch.randn(8, 4, generator=gen)
        for m, o, dev in ((model, opt, "cpu"), (device_model, device_opt, "spirv")):
            o.zero_grad()
            F.mse_loss(m(x.to(dev)), target.to(dev)).backward()
            o.step()
    same = all(torch.allclose(q.cpu(), p.detach(), rtol=1e-4, atol=1e-5)
               for p, q in zip(model.parameters(), device_model.parameters()))
    failures += not same
    print("mlp_training", "ok" if same else "WRONG")

fallbacks = sorted({str(w.message).split()[1] for w in caught
                    if "runs on the CPU" in str(w.message)})
print("launches", launches["spirv"], "fallbacks", fallbacks)
sys.exit(1 if failures else 0)

"""Host-side services of the device as torch's accelerator: pinned memory (DataLoader with
`pin_memory=True` pins every batch for the current accelerator, which is `spirv` on a machine
without CUDA) and generators of its own."""
import os
import subprocess
import sys

import torch


def test_data_loader_pins_batches_in_a_process_that_never_used_the_device(tmp_path):
    # A plain CPU training script: nothing touches the device before the loader pins.
    script = tmp_path / "loader.py"
    script.write_text(
        "import torch\n"
        "from torch.utils.data import DataLoader, TensorDataset\n"
        "data = torch.randn(10, 3, generator=torch.Generator().manual_seed(0))\n"
        "batches = [b for (b,) in DataLoader(TensorDataset(data), batch_size=4, pin_memory=True)]\n"
        "print(torch.accelerator.current_accelerator().type,\n"
        "      all(b.is_pinned() for b in batches), torch.equal(torch.cat(batches), data))\n")
    run = subprocess.run([sys.executable, str(script)], env=dict(os.environ),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["spirv", "True", "True"], (run.stdout, run.stderr[-2000:])


def test_pinned_memory_is_tracked_and_copies_to_the_device(spirv):
    source = torch.randn(1000, generator=torch.Generator().manual_seed(1))
    pinned = source.pin_memory()
    assert pinned.is_pinned() and not source.is_pinned()
    assert pinned[10:].is_pinned()  # a view inside a pinned block
    assert torch.equal(pinned, source)
    on_device = pinned.to(spirv, non_blocking=True)
    torch.spirv.synchronize()
    assert torch.equal(on_device.cpu(), source)
    back = on_device.to("cpu", non_blocking=False).pin_memory()
    assert back.is_pinned() and torch.equal(back, source)
    del pinned, back
    assert not torch.empty(8).is_pinned()


def test_generators_of_the_device_reproduce_and_are_independent(spirv):
    first = torch.Generator(device=spirv).manual_seed(7)
    a = torch.randn(64, device=spirv, generator=first)
    first.manual_seed(7)
    b = torch.randn(64, device=spirv, generator=first)
    other = torch.Generator(device=spirv).manual_seed(8)
    c = torch.randn(64, device=spirv, generator=other)
    assert torch.equal(a.cpu(), b.cpu())
    assert not torch.equal(a.cpu(), c.cpu())
    # The device's default generator is seeded by torch.manual_seed, as on CUDA.
    torch.manual_seed(3)
    d = torch.rand(16, device=spirv)
    torch.manual_seed(3)
    assert torch.equal(d.cpu(), torch.rand(16, device=spirv).cpu())

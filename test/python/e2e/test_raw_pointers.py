"""Pointers that do not trace to one kernel argument: integer round trips,
selects between arguments, pointer tables read from memory and walked in
loops (lower-raw-pointers: every pointer becomes a 64-bit address); and
selects between pointers into one argument (a select of offsets)."""
import pytest
import torch

from . import kernels_raw_pointers as k

torch.manual_seed(0)


def test_address_round_trip():
    n = 100
    x = torch.randn(128)
    out = torch.full((128,), float("nan"))
    addrs = torch.zeros(128, dtype=torch.int64)
    k.address_round_trip_kernel[(1,)](x, out, addrs, n, BLOCK=128)
    # Consecutive addresses are 4 bytes apart.
    assert torch.equal(addrs[1:n] - addrs[:n - 1], torch.full((n - 1,), 4, dtype=torch.int64))
    assert torch.equal(out[:n - 1], x[1:n])
    assert out[n - 1].item() == -1.0
    assert out[n:].isnan().all()


def test_select_between_arguments():
    n = 300
    a, b = torch.randn(n), torch.randn(n)
    out = torch.full((n + 1,), float("nan"))
    k.select_between_arguments_kernel[(3,)](a, b, out, n, BLOCK=128)
    offs = torch.arange(n)
    torch.testing.assert_close(out[:n], torch.where(offs % 3 == 0, a, b) * 2.0)
    assert out[n].item() == a[0].item()


@pytest.mark.parametrize("threshold", [3, 20])
def test_select_within_one_argument(threshold):
    n = 300
    x = torch.randn(n)
    out = torch.full((n + 5,), float("nan"))
    k.select_within_argument_kernel[(3,)](x, out, threshold, n, BLOCK=128)
    offs = torch.arange(n)
    ref = torch.where(offs % 3 == 0, x[offs], x[n - 1 - offs]) + x[8 if threshold > 8 else threshold]
    torch.testing.assert_close(out[:n], ref)
    assert out[n:].isnan().all()


def test_pointer_table_in_a_loop():
    x, y = torch.randn(300), torch.randn(70)
    table = torch.zeros(2, dtype=torch.int64)
    # Device addresses come from the device (host pointers may differ).
    k.store_addresses_kernel[(1,)](x, y, table)
    sizes = torch.tensor([300, 70], dtype=torch.int32)
    out = torch.full((2,), float("nan"))
    k.pointer_table_kernel[(2,)](table, sizes, out, x, y, BLOCK=64, STEPS=5)
    torch.testing.assert_close(out, torch.stack([x.sum(), y.sum()]), atol=1e-4, rtol=1e-4)


def test_tables_refused_where_host_addresses_are_not_device_addresses(monkeypatch):
    # CPU tensors on a GPU's Vulkan (TRITON_SPIRV_CUDA=0): the addresses a kernel reads from a
    # table would be the host's, so the launch is refused with a message, not run.
    from triton_spirv import launcher
    monkeypatch.setattr(launcher, "host_addresses_are_device_addresses", lambda: False)
    x, y = torch.randn(300), torch.randn(70)
    table = torch.zeros(2, dtype=torch.int64)
    sizes = torch.tensor([300, 70], dtype=torch.int32)
    out = torch.full((2,), float("nan"))
    with pytest.raises(ValueError, match="kernel 'pointer_table_kernel' makes pointers from "
                                         "integers.*cuda route"):
        k.pointer_table_kernel[(2,)](table, sizes, out, x, y, BLOCK=64, STEPS=5)
    assert out.isnan().all()
    # The same kernel on this device (lavapipe: host pointers are device addresses) runs.
    monkeypatch.undo()
    k.store_addresses_kernel[(1,)](x, y, table)
    k.pointer_table_kernel[(2,)](table, sizes, out, x, y, BLOCK=64, STEPS=5)
    torch.testing.assert_close(out, torch.stack([x.sum(), y.sum()]), atol=1e-4, rtol=1e-4)

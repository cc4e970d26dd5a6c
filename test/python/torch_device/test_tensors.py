"""The spirv torch device on lavapipe: memory, copies, ordering, events, errors (issue 61)."""
import os
import subprocess
import sys
import warnings

import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def scale_add_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * alpha + y, mask=mask)


def scale_add(x, y, alpha, out=None):
    out = torch.full_like(x, float("nan")) if out is None else out
    n = x.numel()
    scale_add_kernel[(triton.cdiv(n, 256),)](x, y, out, n, alpha, BLOCK=256)
    return out


def test_device_is_registered(spirv):
    assert torch._C._get_privateuse1_backend_name() == "spirv"
    assert torch.spirv.is_available() and torch.spirv.device_count() == 1
    props = torch.spirv.get_device_properties(0)
    assert props.name and props.total_memory > 0 and props.multi_processor_count >= 1
    t = torch.ones(3, device=spirv)
    assert t.is_spirv and t.device == spirv and t.spirv().device == spirv


def test_round_trip_every_dtype(spirv):
    gen = torch.Generator().manual_seed(0)
    for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int8,
                  torch.int32, torch.int64, torch.uint8, torch.bool):
        host = (torch.randn(37, 5, generator=gen) * 50).to(dtype)
        device = host.to(spirv)
        assert device.dtype == dtype and device.device == spirv
        assert torch.equal(device.cpu(), host), dtype


def test_copies_of_non_contiguous_views(spirv):
    gen = torch.Generator().manual_seed(1)
    host = torch.randn(6, 8, 10, generator=gen)
    device = host.to(spirv)
    views = [lambda t: t.transpose(0, 2), lambda t: t[::2, 1::3, 2:], lambda t: t.permute(2, 0, 1),
             lambda t: t[:, 3], lambda t: t[1:4, :, ::-1] if False else t[1:4, :, 5],
             lambda t: t[0, 0, 0].expand(4, 5), lambda t: t.unfold(2, 3, 2),
             lambda t: t.reshape(48, 10)[::7]]
    for view in views:
        assert torch.equal(view(device).cpu(), view(host))
        # device -> device between different layouts, and dtype changes on the way
        assert torch.equal(view(device).contiguous().cpu(), view(host).contiguous())
        assert torch.equal(view(device).to(torch.float16).cpu(), view(host).to(torch.float16))
    # host values into a strided device view (the rest of the storage untouched)
    target = host.clone()
    device_target = target.to(spirv)
    values = torch.randn(3, 8, 5, generator=gen)
    device_target[::2, :, 1::2] = values
    target[::2, :, 1::2] = values
    assert torch.equal(device_target.cpu(), target)
    # device view into device view
    device_target[1::2, :, ::2] = device[::2, :, 1::2]
    target[1::2, :, ::2] = host[::2, :, 1::2]
    assert torch.equal(device_target.cpu(), target)


def test_scalars_fills_printing_and_save(spirv, tmp_path):
    t = torch.arange(12, dtype=torch.float32).to(spirv)
    assert t[5].item() == 5.0 and float(t.sum()) == 66.0
    for dtype, value in ((torch.float32, 2.5), (torch.float16, -1.5), (torch.int8, 7),
                         (torch.int64, -3), (torch.float64, 0.1), (torch.bool, True)):
        for n in (1, 3, 4, 1000, 1001):  # unaligned sizes fill through the host
            filled = torch.empty(n, dtype=dtype, device=spirv).fill_(value)
            assert torch.equal(filled.cpu(), torch.full((n,), value, dtype=dtype))
        assert torch.equal(torch.zeros(5, 7, dtype=dtype, device=spirv).cpu(),
                           torch.zeros(5, 7, dtype=dtype))
    assert "device='spirv:0'" in repr(t)
    path = tmp_path / "t.pt"
    torch.save({"t": t}, path)
    loaded = torch.load(path, map_location="cpu")["t"]
    assert torch.equal(loaded, torch.arange(12, dtype=torch.float32))
    back = torch.load(path)["t"]
    assert back.device == spirv and torch.equal(back.cpu(), loaded)


def test_kernel_then_torch_op_then_kernel_in_order(spirv):
    gen = torch.Generator().manual_seed(2)
    x, y = torch.randn(10000, generator=gen), torch.randn(10000, generator=gen)
    dx, dy = x.to(spirv), y.to(spirv)
    first = scale_add(dx, dy, 2.0)               # asynchronous launch
    second = torch.exp(first) - dy               # torch ops (CPU fallback) read it
    third = scale_add(second, first, -0.5)       # a kernel reads both
    dy.fill_(7.0)                                # a fill behind the kernel that read dy
    fourth = scale_add(third, dy, 1.0)
    expected_first = x * 2 + y
    expected_third = (torch.exp(expected_first) - y) * -0.5 + expected_first
    assert torch.allclose(third.cpu(), expected_third, rtol=1e-5, atol=1e-5)
    assert torch.allclose(fourth.cpu(), expected_third + 7.0, rtol=1e-5, atol=1e-5)


def test_many_chained_launches_and_copies_stay_ordered(spirv):
    acc = torch.zeros(4096, device=spirv)
    one = torch.ones(4096, device=spirv)
    for i in range(300):  # more than one asynchronous batch
        scale_add(acc, one, 1.0, out=acc)
        if i % 50 == 0:
            one.copy_(torch.full((4096,), 1.0))
    assert torch.equal(acc.cpu(), torch.full((4096,), 300.0))


def test_allocator_reuses_blocks_without_growth(spirv):
    torch.spirv.synchronize()
    base_allocated = torch.spirv.memory_allocated()
    for i in range(50):  # warm the size classes
        torch.empty(1000 + 37 * (i % 10), device=spirv)
    reserved = torch.spirv.memory_reserved()
    before = torch.spirv.memory_stats()
    for i in range(1000):
        t = torch.empty(1000 + 37 * (i % 10), device=spirv)
        del t
    after = torch.spirv.memory_stats()
    assert torch.spirv.memory_reserved() == reserved
    assert after["num_device_alloc"] == before["num_device_alloc"]
    assert after["num_cache_hits"] - before["num_cache_hits"] == 1000
    assert torch.spirv.memory_allocated() == base_allocated
    big = torch.empty(1 << 22, device=spirv)
    assert torch.spirv.max_memory_allocated() >= big.numel() * 4
    del big
    torch.spirv.empty_cache()
    assert torch.spirv.memory_reserved() <= reserved


def test_events_time_device_work(spirv):
    x = torch.randn(1 << 20).to(spirv)
    out = torch.empty_like(x)
    start, end = torch.spirv.Event(enable_timing=True), torch.spirv.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        scale_add(x, x, 3.0, out=out)
    end.record()
    end.synchronize()
    assert end.query()
    assert start.elapsed_time(end) > 0
    assert torch.equal(out.cpu(), x.cpu() * 4)
    stream = torch.spirv.Stream()
    with torch.spirv.stream(stream):
        assert torch.spirv.current_stream().stream_id == stream.stream_id
    assert torch.spirv.current_stream().stream_id == 0


def test_do_bench_uses_the_device_when_chosen(tmp_path):
    script = tmp_path / "bench.py"
    script.write_text(
        "import torch, triton, triton.language as tl\n"
        "@triton.jit\n"
        "def k(x, n, B: tl.constexpr):\n"
        "    o = tl.program_id(0) * B + tl.arange(0, B)\n"
        "    tl.store(x + o, tl.load(x + o, mask=o < n) + 1, mask=o < n)\n"
        "device = triton.runtime.driver.active.get_active_torch_device()\n"
        "x = torch.zeros(4096, device=device)\n"
        "ms = triton.testing.do_bench(lambda: k[(16,)](x, 4096, B=256), warmup=5, rep=20)\n"
        "print(device, ms > 0, bool((x.cpu() > 0).all()))\n")
    env = dict(os.environ, TRITON_SPIRV_TORCH_DEVICE="spirv")
    run = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["spirv:0", "True", "True"], run.stdout


def test_clear_errors(spirv):
    x = torch.randn(100).to(spirv)
    # a kernel given tensors of two devices
    with pytest.raises(ValueError, match="'y_ptr' is a CPU tensor while 'x_ptr' is on the spirv device"):
        scale_add(x, torch.randn(100), 1.0, out=torch.empty_like(x))
    # a torch operator given tensors of two devices
    with pytest.raises(RuntimeError, match="same device"):
        torch.add(x, torch.randn(100))
    # a tensor whose memory was freed
    freed = torch.randn(100).to(spirv)
    freed.untyped_storage().resize_(0)
    with pytest.raises(ValueError, match="'y_ptr' has no memory"):
        scale_add(x, freed, 1.0)
    # a device index that does not exist
    with pytest.raises(RuntimeError, match="spirv:3 does not exist"):
        torch.empty(3, device="spirv:3")
    # out of memory names the size
    total = torch.spirv.get_device_properties().total_memory
    with pytest.raises(torch.OutOfMemoryError, match="spirv out of memory: tried to allocate"):
        torch.empty(total * 4, dtype=torch.uint8, device=spirv)
    assert torch.equal(x.cpu() * 2, (x + x).cpu())  # the device still works


@triton.jit
def axpy_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * alpha + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


def test_repeated_launches_take_new_arguments_and_still_check_them(spirv):
    """After the first launch on device tensors the launcher packs later ones on a shorter path:
    every argument must still be read anew, and anything but a live device tensor still refused."""
    def launch(x, y, alpha, n):
        out = torch.full((n,), float("nan"), device=spirv)
        axpy_kernel[(triton.cdiv(n, 64),)](x, y, out, n, alpha, BLOCK=64)
        return out

    gen = torch.Generator().manual_seed(5)
    for n, alpha in ((100, 1.5), (300, -2.0), (37, 0.25), (300, 3.0)):
        x, y = torch.randn(n, generator=gen), torch.randn(n, generator=gen)
        got = launch(x.to(spirv), y.to(spirv), alpha, n)
        torch.testing.assert_close(got.cpu(), x * alpha + y)
    x = torch.randn(64, generator=gen).to(spirv)
    with pytest.raises(ValueError, match="'y_ptr' is a CPU tensor while 'x_ptr' is on the spirv device"):
        launch(x, torch.randn(64), 1.0, 64)
    freed = torch.randn(64).to(spirv)
    freed.untyped_storage().resize_(0)
    with pytest.raises(ValueError, match="'y_ptr' has no memory"):
        launch(x, freed, 1.0, 64)
    y = torch.randn(64, generator=gen)
    torch.testing.assert_close(launch(x, y.to(spirv), 2.0, 64).cpu(), x.cpu() * 2.0 + y)


def test_fallback_warns_once_per_operator_and_can_refuse(spirv, monkeypatch):
    x = torch.randn(64).to(spirv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.special.erfcx(x)
        torch.special.erfcx(x)
    messages = [str(w.message) for w in caught if "erfcx" in str(w.message)]
    assert len(messages) == 1 and "runs on the CPU" in messages[0]
    monkeypatch.setenv("TRITON_SPIRV_TORCH_FALLBACK", "error")
    with pytest.raises(RuntimeError, match="aten::special_i1e.*has no spirv kernel"):
        torch.special.i1e(x)


def test_mlp_trains_as_on_the_cpu(spirv):
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 4))
    device_model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(),
                                       torch.nn.Linear(32, 4))
    device_model.load_state_dict(model.state_dict())
    device_model.to(spirv)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    device_opt = torch.optim.AdamW(device_model.parameters(), lr=1e-2)
    gen = torch.Generator().manual_seed(3)
    for _ in range(3):
        x, target = torch.randn(8, 16, generator=gen), torch.randn(8, 4, generator=gen)
        for m, o, dev in ((model, opt, "cpu"), (device_model, device_opt, spirv)):
            o.zero_grad()
            loss = torch.nn.functional.mse_loss(m(x.to(dev)), target.to(dev))
            loss.backward()
            o.step()
    for (name, p), q in zip(model.named_parameters(), device_model.parameters()):
        assert q.device == spirv
        torch.testing.assert_close(q.cpu(), p.detach(), rtol=1e-5, atol=1e-6, msg=name)


def test_convolution_forward_and_backward(spirv):
    torch.manual_seed(5)
    conv = torch.nn.Conv2d(3, 8, 3, padding=1)
    device_conv = torch.nn.Conv2d(3, 8, 3, padding=1)
    device_conv.load_state_dict(conv.state_dict())
    device_conv.to(spirv)
    x = torch.randn(2, 3, 9, 9, requires_grad=True)
    dx = x.detach().to(spirv).requires_grad_()
    y, dy = conv(x), device_conv(dx)
    assert dy.device == spirv and dy.is_contiguous()
    torch.testing.assert_close(dy.cpu(), y, atol=1e-5, rtol=1e-5)
    y.square().sum().backward()
    dy.square().sum().backward()
    torch.testing.assert_close(dx.grad.cpu(), x.grad, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(device_conv.weight.grad.cpu(), conv.weight.grad, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(device_conv.bias.grad.cpu(), conv.bias.grad, atol=1e-4, rtol=1e-4)


def test_cache_stays_bounded_across_many_sizes(spirv):
    # Freed blocks of ever new sizes must not pile up past half the device's memory (on
    # lavapipe that memory is the host's RAM).
    limit = torch.spirv.get_device_properties().total_memory // 2
    step = max(limit // 8, 1 << 20)
    for i in range(20):
        t = torch.empty(step + i * 4096 * 1024, dtype=torch.uint8, device=spirv)
        del t
        assert torch.spirv.memory_reserved() <= limit + 2 * step
    torch.spirv.empty_cache()


@pytest.mark.parametrize("dtype", [torch.float16, torch.float32])
def test_layer_norm_accumulates_as_gpus_do(spirv, dtype):
    # fp16 layer norm and its gradients within about one fp16 step of float64 (torch's CPU kernels
    # accumulate fp16 in fp16: tutorial 05's reference was 8 steps off).
    gen = torch.Generator().manual_seed(7)
    x = (torch.randn(64, 512, generator=gen) * 2).to(dtype)
    w, b = torch.rand(512, generator=gen).to(dtype), torch.randn(512, generator=gen).to(dtype)
    dy = torch.randn(64, 512, generator=gen).to(dtype)
    ref = [t.double().requires_grad_() for t in (x, w, b)]
    y = torch.nn.functional.layer_norm(ref[0], (512,), ref[1], ref[2], 1e-5)
    y.backward(dy.double())
    dev = [t.to(spirv).requires_grad_() for t in (x, w, b)]
    y_dev = torch.nn.functional.layer_norm(dev[0], (512,), dev[1], dev[2], 1e-5)
    y_dev.backward(dy.to(spirv))
    assert y_dev.dtype == dtype
    step = torch.finfo(dtype).eps
    assert (y_dev.cpu().double() - y).abs().max() <= 2 * step * y.abs().max()
    for got, want in zip(dev, ref):
        assert got.grad.dtype == dtype
        assert (got.grad.cpu().double() - want.grad).abs().max() <= 2 * step * want.grad.abs().max()


@triton.jit
def affine_window_kernel(x_ptr, start, n, BLOCK: tl.constexpr):
    offs = start + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    mask = offs < start + n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2 + (offs % 1000).to(tl.float32),
             mask=mask)


def test_tensor_over_one_allocation_limit(spirv):
    limit = torch.spirv.get_device_properties().max_allocation_bytes
    if torch.spirv.get_device_properties().type != "cpu":
        pytest.skip("host-backed allocations are for CPU devices")
    n = (limit + (256 << 20)) // 4  # 2.25 GiB on lavapipe: over maxMemoryAllocationSize
    if torch.spirv.get_device_properties().total_memory < 4 * n:
        pytest.skip("the device reports less memory than the tensor (Mesa 22.3: 2 GiB)")
    x = torch.empty(n, dtype=torch.float32, device=spirv)
    x.fill_(1.5)
    edge = limit // 4  # the first element past one allocation's worth
    start, count = edge - 300_000, 600_000
    affine_window_kernel[(triton.cdiv(count, 1024),)](x, start, count, BLOCK=1024)
    window = x[start - 10:start + count + 10].cpu()
    offs = torch.arange(start, start + count, dtype=torch.int64)
    expected = 3.0 + (offs % 1000).to(torch.float32)
    assert torch.equal(window[10:-10], expected)
    assert torch.equal(window[:10], torch.full((10,), 1.5))
    assert torch.equal(window[-10:], torch.full((10,), 1.5))
    assert x[-1].item() == 1.5
    y = x[edge - 5:edge + 5].clone()  # a copy within the device across the boundary
    assert torch.equal(y.cpu(), x[edge - 5:edge + 5].cpu())
    del x, y
    torch.spirv.empty_cache()


def test_conjugate_and_negative_views(spirv):
    gen = torch.Generator().manual_seed(9)
    z = torch.randn(4, 3, dtype=torch.complex64, generator=gen)
    d = z.to(spirv)
    assert torch.equal(d.conj().cpu(), z.conj())
    assert torch.equal(d.conj().t().cpu(), z.conj().t())
    into = torch.zeros(3, 4, dtype=torch.complex64).to(spirv)
    into.t().conj().copy_(z)  # a write through a conjugate view stores the conjugate
    assert torch.equal(into.cpu(), z.conj().t())
    same_device = torch.empty(4, 3, dtype=torch.complex64, device=spirv)
    same_device.copy_(d.conj())
    assert torch.equal(same_device.cpu(), z.conj())
    r = torch.randn(5, generator=gen).to(spirv)
    assert torch.equal(r._neg_view().cpu(), -r.cpu())


def test_fallback_writes_back_into_views(spirv):
    # In-place and out= operators on strided views, through the CPU fallback: the results land
    # in the view's elements and the rest of the storage keeps its values.
    gen = torch.Generator().manual_seed(10)
    host = torch.randn(6, 5, generator=gen)
    cases = [lambda t: t[:, 1].add_(1), lambda t: t.t()[1:3].mul_(3),
             lambda t: torch.add(t[:, 0], 1, out=t[:, 2]), lambda t: t[::2, ::2].clamp_(-0.1, 0.1)]
    for case in cases:
        want, got = host.clone(), host.to(spirv)
        case(want)
        case(got)
        assert torch.equal(got.cpu(), want)
    empty = torch.empty(0, device=spirv)
    torch.add(host.to(spirv), 1, out=empty)  # out= of the wrong size is resized
    assert empty.shape == host.shape and torch.equal(empty.cpu(), host + 1)


@pytest.mark.parametrize("cell", [torch.nn.LSTM, torch.nn.GRU])
@pytest.mark.parametrize("bias", [True, False])
def test_recurrent_layers_forward_and_backward(spirv, cell, bias):
    # torch runs LSTM and GRU on any non-CPU device through fused cells only CUDA has kernels for.
    torch.manual_seed(11)
    layer = cell(8, 16, num_layers=2, batch_first=True, bias=bias)
    device_layer = cell(8, 16, num_layers=2, batch_first=True, bias=bias)
    device_layer.load_state_dict(layer.state_dict())
    device_layer.to(spirv)
    x = torch.randn(3, 5, 8, requires_grad=True)
    dx = x.detach().to(spirv).requires_grad_()
    y, dy = layer(x)[0], device_layer(dx)[0]
    torch.testing.assert_close(dy.cpu(), y, atol=1e-5, rtol=1e-5)
    (y ** 2).sum().backward()
    (dy ** 2).sum().backward()
    torch.testing.assert_close(dx.grad.cpu(), x.grad, atol=1e-5, rtol=1e-5)
    for p, q in zip(layer.parameters(), device_layer.parameters()):
        torch.testing.assert_close(q.grad.cpu(), p.grad, atol=1e-4, rtol=1e-4)

"""torch.autocast("spirv") and torch.amp.GradScaler("spirv"): CUDA's casting policy on the
device (matrix products and convolutions in the low-precision dtype, precision-sensitive ops in
fp32, reductions of low-precision inputs accumulated in fp32), checked against the same casts done
by hand on the CPU."""
import pytest
import torch
import torch.nn.functional as F

LOW = [torch.bfloat16, torch.float16]


def _random(*shape, seed):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed))


def test_device_module_declares_amp_dtypes(spirv):
    assert set(torch.spirv.get_amp_supported_dtype()) == {torch.float16, torch.bfloat16}
    assert torch.amp.is_autocast_available("spirv")


@pytest.mark.parametrize("dtype", LOW)
def test_matrix_products_and_convolutions_run_in_the_low_precision_dtype(spirv, dtype):
    a, b, bias = _random(8, 16, seed=1), _random(16, 12, seed=2), _random(12, seed=3)
    image, kernel = _random(2, 3, 8, 8, seed=4), _random(4, 3, 3, 3, seed=5)
    with torch.autocast("spirv", dtype=dtype):
        products = {
            "mm": a.to(spirv) @ b.to(spirv),
            "linear": F.linear(a.to(spirv), b.t().to(spirv), bias.to(spirv)),
            "conv2d": F.conv2d(image.to(spirv), kernel.to(spirv)),
        }
    expected = {
        "mm": a.to(dtype) @ b.to(dtype),
        "linear": F.linear(a.to(dtype), b.t().to(dtype), bias.to(dtype)),
        "conv2d": F.conv2d(image.to(dtype).float(), kernel.to(dtype).float()).to(dtype),
    }
    for name, got in products.items():
        assert got.device.type == "spirv" and got.dtype == dtype, (name, got.dtype)
        torch.testing.assert_close(got.cpu().float(), expected[name].float(),
                                   rtol=2e-2, atol=2e-2, msg=name)


@pytest.mark.parametrize("dtype", LOW)
def test_precision_sensitive_ops_run_in_fp32(spirv, dtype):
    x = _random(6, 10, seed=6).to(dtype)  # low-precision inputs, as a model's activations are
    with torch.autocast("spirv", dtype=dtype):
        d = x.to(spirv)
        results = {
            "log_softmax": torch.log_softmax(d, -1),
            "softmax": torch.softmax(d, -1),
            "layer_norm": F.layer_norm(d, (10,)),
            "exp": torch.exp(d),
            "sum": d.sum(),
            "mse_loss": F.mse_loss(d, d.flip(0)),
        }
    x32 = x.float()
    expected = {
        "log_softmax": torch.log_softmax(x32, -1), "softmax": torch.softmax(x32, -1),
        "layer_norm": F.layer_norm(x32, (10,)), "exp": torch.exp(x32), "sum": x32.sum(),
        "mse_loss": F.mse_loss(x32, x32.flip(0)),
    }
    for name, got in results.items():
        assert got.dtype == torch.float32, (name, got.dtype)
        torch.testing.assert_close(got.cpu(), expected[name], rtol=1e-5, atol=1e-5, msg=name)


def test_ops_outside_the_lists_keep_their_dtypes_and_mixed_inputs_promote(spirv):
    half, single = _random(5, seed=7).half(), _random(5, seed=8)
    with torch.autocast("spirv", dtype=torch.float16):
        added = half.to(spirv) + half.to(spirv)
        promoted = torch.addcmul(single.to(spirv), half.to(spirv), single.to(spirv))
    assert added.dtype == torch.float16
    assert promoted.dtype == torch.float32
    torch.testing.assert_close(promoted.cpu(), torch.addcmul(single, half.float(), single))


def test_autocast_off_inside_a_disabled_region(spirv):
    a = _random(4, 4, seed=9).to(spirv)
    with torch.autocast("spirv", dtype=torch.bfloat16):
        with torch.autocast("spirv", enabled=False):
            assert (a @ a).dtype == torch.float32
        assert (a @ a).dtype == torch.bfloat16


def test_binary_cross_entropy_is_refused_with_the_safe_alternative(spirv):
    p = torch.rand(8, generator=torch.Generator().manual_seed(10)).to(spirv)
    with torch.autocast("spirv", dtype=torch.float16):
        with pytest.raises(RuntimeError, match="binary_cross_entropy_with_logits"):
            F.binary_cross_entropy(p, p)


def test_grad_scaler_skips_steps_with_non_finite_gradients(spirv):
    weight = torch.nn.Parameter(torch.ones(4, device=spirv))
    optimizer = torch.optim.SGD([weight], lr=0.5)
    scaler = torch.amp.GradScaler("spirv", init_scale=8.0)
    poisoned = torch.tensor([1.0, float("inf"), 1.0, 1.0], device=spirv)
    scaler.scale((weight * poisoned).sum()).backward()
    scaler.step(optimizer)
    scaler.update()
    assert torch.equal(weight.detach().cpu(), torch.ones(4))  # step skipped
    assert scaler.get_scale() == 4.0  # scale backed off

    optimizer.zero_grad()
    scaler.scale((weight * torch.arange(4.0, device=spirv)).sum()).backward()
    scaler.step(optimizer)
    scaler.update()
    # Unscaled gradient is arange(4): one SGD step of 0.5.
    torch.testing.assert_close(weight.detach().cpu(), 1 - 0.5 * torch.arange(4.0))


def test_mixed_precision_training_follows_fp32_training(spirv):
    """An MLP trained with autocast(bfloat16) and a GradScaler on the device stays within bf16's
    precision of the same MLP trained in fp32 on the CPU."""

    def train(device, amp):
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.GELU(),
                                    torch.nn.LayerNorm(64), torch.nn.Linear(64, 10)).to(device)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
        scaler = torch.amp.GradScaler(device.type, init_scale=2.0 ** 10, enabled=amp)
        x = _random(16, 32, seed=11).to(device)
        y = torch.randint(0, 10, (16,), generator=torch.Generator().manual_seed(12)).to(device)
        losses = []
        for _ in range(5):
            optimizer.zero_grad()
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=amp):
                logits = model(x)
                loss = F.cross_entropy(logits, y)
            assert logits.dtype == (torch.bfloat16 if amp else torch.float32)
            assert loss.dtype == torch.float32
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            losses.append(loss.item())
        return torch.tensor(losses)

    mixed = train(spirv, amp=True)
    full = train(torch.device("cpu"), amp=False)
    assert mixed[-1] < 0.5 * mixed[0]  # it learns
    torch.testing.assert_close(mixed, full, rtol=2e-2, atol=2e-2)

"""torch.compile of models on the spirv device: Inductor's kernels compile for the `spirv` target
and run on tensors in Vulkan memory, agreeing with eager on the CPU (outputs NaN-filled first)."""
import warnings

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._inductor.config  # noqa: F401

import triton_spirv.torch_device as torch_device

from .conftest import LaunchRecorder, assert_all_kernels_ours, compile_and_run, run_recorded

DEVICE = torch.device("spirv", 0)


@pytest.fixture(autouse=True)
def device_ready():
    # CPU work in these graphs (an optimizer's step count) keeps Inductor's default C++ backend.
    assert torch_device.register()
    torch.spirv._lazy_init()
    with torch._inductor.config.patch(cpu_backend="cpp"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="triton-spirv: aten::")  # fallback notices
        yield


def check(fn, *args, atol=1e-5, rtol=1e-5, **compile_options):
    on_device = [a.to(DEVICE) if isinstance(a, torch.Tensor) else a for a in args]
    result, generated, launched = compile_and_run(fn, *on_device, **compile_options)
    expected = fn(*args)
    results = result if isinstance(result, (tuple, list)) else (result,)
    expecteds = expected if isinstance(expected, (tuple, list)) else (expected,)
    for got, want in zip(results, expecteds):
        assert got.device == DEVICE
        torch.testing.assert_close(got.cpu(), want, atol=atol, rtol=rtol)
    assert_all_kernels_ours(generated, launched, target="spirv")


def test_pointwise_and_reductions():
    def fn(x, y):
        z = torch.sigmoid(x * 3 - y)
        return z, z.sum(1), x.amax(0), (x * x).mean(1).sqrt()
    check(fn, torch.randn(129, 257), torch.randn(257), atol=1e-4, rtol=1e-4)


def test_softmax_and_layer_norm():
    norm = nn.LayerNorm(384)
    with torch.no_grad():
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.uniform_(-0.5, 0.5)
    device_norm = nn.LayerNorm(384).to(DEVICE)
    device_norm.load_state_dict(norm.state_dict())
    x = torch.randn(37, 384)
    result, generated, launched = compile_and_run(
        lambda t: torch.softmax(device_norm(t) * 0.5, dim=-1), x.to(DEVICE))
    torch.testing.assert_close(result.cpu(), torch.softmax(norm(x) * 0.5, dim=-1),
                               atol=1e-5, rtol=1e-4)
    assert_all_kernels_ours(generated, launched, target="spirv")


def test_mlp_training_steps_match_eager():
    def make(seed):
        torch.manual_seed(seed)
        return nn.Sequential(nn.Linear(48, 96), nn.GELU(), nn.LayerNorm(96), nn.Linear(96, 10))

    eager, compiled_model = make(1), make(1).to(DEVICE)
    eager_opt = torch.optim.AdamW(eager.parameters(), lr=1e-2)
    compiled_opt = torch.optim.AdamW(compiled_model.parameters(), lr=1e-2)

    def step(model, optimizer, x, y):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        return loss

    compiled_step = torch.compile(lambda x, y: step(compiled_model, compiled_opt, x, y))
    generator = torch.Generator().manual_seed(2)
    for i in range(3):
        x = torch.randn(24, 48, generator=generator)
        y = torch.randint(0, 10, (24,), generator=generator)
        want = step(eager, eager_opt, x, y)
        if i == 0:
            got, generated, launched = run_recorded(compiled_step, x.to(DEVICE), y.to(DEVICE))
            assert any("backward" in n for n in generated), sorted(generated)
            assert_all_kernels_ours(generated, launched, target="spirv")
        else:
            got = compiled_step(x.to(DEVICE), y.to(DEVICE))
        torch.testing.assert_close(got.cpu(), want, atol=1e-5, rtol=1e-5)
    for a, b in zip(eager.parameters(), compiled_model.parameters()):
        assert b.device == DEVICE
        torch.testing.assert_close(b.cpu(), a.detach(), atol=1e-5, rtol=1e-4)


def test_attention_block_and_dynamic_batch():
    def attention(q, k, v):
        scores = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
        causal = torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool, device=q.device).tril()
        return torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1) @ v
    q, k, v = (torch.randn(2, 4, 33, 16) for _ in range(3))
    check(attention, q, k, v, atol=1e-4, rtol=1e-4)

    weight = torch.randn(40, 24)
    device_weight = weight.to(DEVICE)
    compiled = torch.compile(lambda x: torch.log_softmax(x @ device_weight, dim=-1) * 2, dynamic=True)
    with LaunchRecorder() as recorder:
        for batch in (3, 17, 64):
            x = torch.randn(batch, 40)
            torch.testing.assert_close(compiled(x.to(DEVICE)).cpu(),
                                       torch.log_softmax(x @ weight, dim=-1) * 2,
                                       atol=1e-5, rtol=1e-5)
    assert recorder.launched and all(t == "spirv" for t in recorder.launched.values())


def test_small_conv_net_with_autotuning():
    torch.manual_seed(3)
    net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                        nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 10 * 10, 10)).eval()
    device_net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                               nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 10 * 10, 10)).eval()
    device_net.load_state_dict(net.state_dict())
    device_net.to(DEVICE)
    x = torch.randn(4, 3, 20, 20)
    with torch.no_grad():
        result, generated, launched = compile_and_run(
            lambda t: device_net(t), x.to(DEVICE), mode="max-autotune-no-cudagraphs")
        torch.testing.assert_close(result.cpu(), net(x), atol=1e-4, rtol=1e-4)
    assert_all_kernels_ours(generated, launched, target="spirv")


def test_matrix_products_take_triton_templates():
    # Inductor offers templates only on devices it deems big (>= 68 multiprocessors, as the
    # H100); lavapipe is not, so the check is lifted here to compile the templates themselves.
    from unittest import mock
    torch.manual_seed(4)
    linear = nn.Linear(96, 40)
    device_linear = nn.Linear(96, 40).to(DEVICE)
    device_linear.load_state_dict(linear.state_dict())
    x, a, b = torch.randn(24, 96), torch.randn(3, 20, 48), torch.randn(3, 48, 36)
    options = dict(max_autotune_gemm=True, max_autotune_gemm_backends="TRITON")
    with mock.patch("torch._inductor.utils.is_big_gpu", lambda *args, **kwargs: True), \
            torch._inductor.config.patch(options), \
            torch._inductor.config.patch({"test_configs.max_mm_configs": 2}), torch.no_grad():
        for fn, args, want in ((lambda t: torch.relu(device_linear(t)), (x,), torch.relu(linear(x))),
                               (torch.bmm, (a, b), torch.bmm(a, b))):
            torch._dynamo.reset()
            result, generated, launched = compile_and_run(fn, *[t.to(DEVICE) for t in args])
            torch.testing.assert_close(result.cpu(), want, atol=1e-4, rtol=1e-4)
            assert any(name.startswith("triton_tem_") for name in generated), generated
            assert_all_kernels_ours(generated, launched, target="spirv")

"""torch.compile(backend inductor, cpu_backend="triton") on CPU tensors: every Triton kernel
Inductor writes compiles through triton-spirv (Triton's `cpu` target) and agrees with eager."""
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from .conftest import LaunchRecorder, assert_all_kernels_ours, compile_and_run, run_recorded

torch.manual_seed(0)


def check(fn, *args, atol=1e-5, rtol=1e-5, **compile_options):
    result, generated, launched = compile_and_run(fn, *args, **compile_options)
    expected = fn(*args)
    results = result if isinstance(result, (tuple, list)) else (result,)
    expecteds = expected if isinstance(expected, (tuple, list)) else (expected,)
    for got, want in zip(results, expecteds):
        torch.testing.assert_close(got, want, atol=atol, rtol=rtol)
    assert_all_kernels_ours(generated, launched)
    return generated


def test_pointwise_with_broadcast_and_casts():
    def fn(x, y, i):
        return torch.sigmoid(x * 3 - y) + i.to(torch.float32) / 7, (x > y) & (i % 3 == 0)
    x, y = torch.randn(129, 257), torch.randn(257)
    i = torch.randint(-1000, 1000, (129, 257), dtype=torch.int32)
    check(fn, x, y, i)


@pytest.mark.parametrize("dim", [0, 1])
def test_reductions(dim):
    def fn(x):
        return x.sum(dim), x.amax(dim), x.argmin(dim), (x * x).mean(dim).sqrt()
    check(fn, torch.randn(300, 1100), atol=1e-4, rtol=1e-4)


def test_softmax():
    check(lambda x: torch.softmax(x * 0.5, dim=-1), torch.randn(67, 1000))


def test_layer_norm():
    norm = nn.LayerNorm(768)
    with torch.no_grad():
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.uniform_(-0.5, 0.5)
    check(lambda x: norm(x), torch.randn(37, 768), atol=1e-5, rtol=1e-4)


def make_mlp(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(48, 96), nn.GELU(), nn.LayerNorm(96), nn.Linear(96, 10))


def test_mlp_training_steps_match_eager():
    eager, compiled_model = make_mlp(1), make_mlp(1)
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
            got, generated, launched = run_recorded(compiled_step, x, y)
            # Forward, backward and the optimizer's update each got Triton kernels.
            assert any("backward" in n for n in generated), sorted(generated)
            assert_all_kernels_ours(generated, launched)
        else:
            got = compiled_step(x, y)
        torch.testing.assert_close(got, want, atol=1e-5, rtol=1e-5)
    for a, b in zip(eager.parameters(), compiled_model.parameters()):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-4)


def test_small_conv_net():
    torch.manual_seed(3)
    net = nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        nn.Linear(16, 10)).eval()
    with torch.no_grad():
        net[1].running_mean.uniform_(-0.2, 0.2)
        net[1].running_var.uniform_(0.5, 2.0)
    check(lambda x: net(x), torch.randn(4, 3, 20, 20), atol=1e-4, rtol=1e-4)


def test_attention_block():
    torch.manual_seed(4)
    attention = nn.MultiheadAttention(64, 4, batch_first=True)
    norm = nn.LayerNorm(64)

    def block(x):
        return norm(x + attention(x, x, x, need_weights=False)[0])
    with torch.no_grad():
        check(block, torch.randn(2, 19, 64), atol=1e-4, rtol=1e-4)


def test_causal_attention_written_out():
    # (scaled_dot_product_attention itself stays an ATen kernel on CPU.)
    def attention(q, k, v):
        scores = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
        causal = torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool).tril()
        return torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1) @ v
    q, k, v = (torch.randn(2, 4, 33, 16) for _ in range(3))
    check(attention, q, k, v, atol=1e-4, rtol=1e-4)


def test_embedding_bag_of_words():
    table = torch.randn(500, 32)
    ids = torch.randint(0, 500, (16, 7))
    check(lambda ids: F.embedding(ids, table).mean(1).tanh(), ids)


def test_dynamic_batch_sizes():
    weight = torch.randn(40, 24)
    compiled = torch.compile(lambda x: torch.log_softmax(x @ weight, dim=-1) + x.sum(-1, keepdim=True),
                             dynamic=True)
    with LaunchRecorder() as recorder:
        for batch in (3, 17, 64, 5):
            x = torch.randn(batch, 40)
            want = torch.log_softmax(x @ weight, dim=-1) + x.sum(-1, keepdim=True)
            torch.testing.assert_close(compiled(x), want, atol=1e-5, rtol=1e-5)
    assert recorder.launched and all(t == "cpu" for t in recorder.launched.values())


def test_inductor_autotuning_and_benchmarking():
    # max-autotune benchmarks several configurations of each kernel through our launcher.
    check(lambda x: (torch.sin(x) * torch.cos(x)).sum(0) + x.amax(0), torch.randn(300, 500),
          atol=1e-4, rtol=1e-4, mode="max-autotune-no-cudagraphs")

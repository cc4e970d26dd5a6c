"""flash-linear-attention (fla-core), kernels nobody here wrote, on the active device (CPU tensors
on lavapipe): causal softmax attention with grouped heads (`parallel_attn`) and gated linear
attention's recurrence (`fused_recurrent_gla`), forward and backward, against float64 torch.
Unwritten outputs would show: torch's fill of uninitialized memory (NaN) is on."""
import pytest
import torch
import triton

fla_attn = pytest.importorskip("fla.ops.attn")
fla_gla = pytest.importorskip("fla.ops.gla")

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@pytest.fixture(autouse=True)
def nan_filled_outputs():
    previous = (torch.are_deterministic_algorithms_enabled(),
                torch.utils.deterministic.fill_uninitialized_memory)
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.utils.deterministic.fill_uninitialized_memory = True
    yield
    torch.use_deterministic_algorithms(previous[0])
    torch.utils.deterministic.fill_uninitialized_memory = previous[1]


def _random(*shape, seed):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed))


def _forward_and_grads(fn, inputs, seed):
    leaves = [x.detach().to(DEVICE).requires_grad_() for x in inputs]
    out = fn(*leaves)
    weight = _random(*out.shape, seed=seed).to(DEVICE)
    (out.float() * weight).sum().backward()
    return out.detach().cpu(), [leaf.grad.cpu() for leaf in leaves], weight.cpu()


def _reference(fn, inputs, weight):
    leaves = [x.double().requires_grad_() for x in inputs]
    out = fn(*leaves)
    (out * weight.double()).sum().backward()
    return out.detach(), [leaf.grad for leaf in leaves]


def _close(got, expected, rtol):
    scale = expected.abs().max().item()
    assert not torch.isnan(got).any()
    assert (got.double() - expected).abs().max().item() <= rtol * scale


def _causal_attention(q, k, v, scale):
    heads, kv_heads = q.shape[2], k.shape[2]
    k = k.repeat_interleave(heads // kv_heads, dim=2)
    v = v.repeat_interleave(heads // kv_heads, dim=2)
    scores = torch.einsum("bthd,bshd->bhts", q, k) * scale
    t = q.shape[1]
    causal = torch.ones(t, t, dtype=torch.bool).triu(1)
    return torch.einsum("bhts,bshd->bthd", scores.masked_fill(causal, float("-inf")).softmax(-1), v)


@pytest.mark.parametrize("seq_len", [64, 100])  # 100: a partial last block
def test_parallel_attention_forward_and_backward(seq_len):
    batch, heads, kv_heads, head_dim = 2, 4, 2, 32
    q = _random(batch, seq_len, heads, head_dim, seed=1)
    k = _random(batch, seq_len, kv_heads, head_dim, seed=2)
    v = _random(batch, seq_len, kv_heads, head_dim, seed=3)
    scale = head_dim ** -0.5
    out, grads, weight = _forward_and_grads(
        lambda q, k, v: fla_attn.parallel_attn(q, k, v, scale=scale), [q, k, v], seed=4)
    expected, expected_grads = _reference(lambda q, k, v: _causal_attention(q, k, v, scale),
                                          [q, k, v], weight)
    _close(out, expected, 1e-5)
    for got, want in zip(grads, expected_grads):
        _close(got, want, 1e-5)


def _gated_linear_attention(q, k, v, log_gate, scale):
    batch, seq_len, heads, key_dim = q.shape
    state = torch.zeros(batch, heads, key_dim, v.shape[-1], dtype=q.dtype)
    outs = []
    for t in range(seq_len):
        state = state * log_gate[:, t].exp()[..., None] + k[:, t, :, :, None] * v[:, t, :, None, :]
        outs.append(torch.einsum("bhk,bhkv->bhv", q[:, t] * scale, state))
    return torch.stack(outs, dim=1)


def test_gated_linear_attention_recurrence_forward_and_backward():
    batch, seq_len, heads, key_dim, value_dim = 1, 48, 2, 32, 32
    q = _random(batch, seq_len, heads, key_dim, seed=5)
    k = _random(batch, seq_len, heads, key_dim, seed=6)
    v = _random(batch, seq_len, heads, value_dim, seed=7)
    log_gate = torch.nn.functional.logsigmoid(_random(batch, seq_len, heads, key_dim, seed=8))
    scale = key_dim ** -0.5
    out, grads, weight = _forward_and_grads(
        lambda q, k, v, g: fla_gla.fused_recurrent_gla(q, k, v, gk=g, scale=scale)[0],
        [q, k, v, log_gate], seed=9)
    expected, expected_grads = _reference(
        lambda q, k, v, g: _gated_linear_attention(q, k, v, g, scale), [q, k, v, log_gate], weight)
    _close(out, expected, 1e-5)
    for got, want in zip(grads, expected_grads):
        _close(got, want, 1e-5)

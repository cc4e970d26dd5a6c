"""torch.compile of Hugging Face transformers models (code nobody here wrote) through triton-spirv
on CPU tensors: Llama (RMSNorm, rotary embeddings, grouped-query attention, a gated SiLU MLP), ViT
(a convolution's patch embedding, GELU, LayerNorm) and T5 (relative position bias, an encoder and a
decoder), small and randomly initialized. Inference and a backward pass against eager; every
Triton kernel Inductor generated must have run through us."""
import pytest
import torch
from torch._inductor.utils import run_and_get_code

from .conftest import LaunchRecorder, _KERNEL_DEFINITION, assert_all_kernels_ours

transformers = pytest.importorskip("transformers")


def _llama():
    config = transformers.LlamaConfig(num_hidden_layers=2, hidden_size=64, num_attention_heads=4,
                                      num_key_value_heads=2, intermediate_size=128,
                                      vocab_size=512, max_position_embeddings=64)
    return transformers.LlamaForCausalLM(config), {"input_ids": torch.randint(0, 512, (2, 24))}


def _vit():
    config = transformers.ViTConfig(num_hidden_layers=2, hidden_size=64, num_attention_heads=4,
                                    intermediate_size=128, image_size=32, patch_size=8)
    return transformers.ViTModel(config, add_pooling_layer=False), {
        "pixel_values": torch.randn(2, 3, 32, 32)}


def _t5():
    config = transformers.T5Config(num_layers=2, d_model=64, num_heads=4, d_kv=16, d_ff=128,
                                   vocab_size=512, dropout_rate=0.0)
    return transformers.T5Model(config), {"input_ids": torch.randint(0, 512, (2, 16)),
                                          "decoder_input_ids": torch.randint(0, 512, (2, 8))}


MODELS = {"llama": _llama, "vit": _vit, "t5": _t5}


def _step(model, inputs, weight):
    """Forward, then the gradients of a weighted sum of the first output (a plain mean of a
    normalized output has gradients near zero, too small to compare)."""
    out = model(**inputs)[0]
    (out.float() * weight).sum().backward()
    return out.detach()


@pytest.mark.parametrize("name", list(MODELS))
def test_model_forward_and_backward_match_eager(name):
    torch.manual_seed(0)
    model, inputs = MODELS[name]()
    model.train()  # dropout is 0 in these configurations; train mode keeps autograd's graph
    out_shape = model(**inputs)[0].shape
    weight = torch.randn(out_shape, generator=torch.Generator().manual_seed(1))

    model.zero_grad(set_to_none=True)
    expected = _step(model, inputs, weight)
    expected_grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}

    model.zero_grad(set_to_none=True)
    compiled = torch.compile(model)
    with LaunchRecorder() as recorder:
        got, codes = run_and_get_code(_step, compiled, inputs, weight)
    generated = {k for code in codes for k in _KERNEL_DEFINITION.findall(code)}
    assert_all_kernels_ours(generated, recorder.launched)

    torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-5)
    grads = {n: p.grad for n, p in model.named_parameters() if p.grad is not None}
    assert grads.keys() == expected_grads.keys()
    for key, grad in grads.items():
        scale = expected_grads[key].abs().max().item()
        # Some gradients are zero in exact arithmetic (attention key biases: softmax ignores
        # a shift) and come out as rounding noise: an absolute floor of 1e-5.
        torch.testing.assert_close(grad, expected_grads[key], rtol=1e-3,
                                   atol=1e-5 * max(scale, 1.0), msg=key)

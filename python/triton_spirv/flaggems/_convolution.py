"""aten::convolution_overrideable on the spirv device through FlagGems' conv2d kernel.

Convolutions reach a PrivateUse1 device as `convolution_overrideable` (torch's
ConvBackend::Overrideable): Inductor's extern convolution calls it directly, so FlagGems'
`conv2d` entry, which eager `F.conv2d` reaches, never sees them and the device's own kernel
computes them on the host. With FlagGems enabled, 2-D convolutions (not transposed, fp32 or
fp16) run FlagGems' forward kernel on the device instead; the rest, and every backward
(`convolution_backward_overrideable`), stay on the host.
"""
import os
import warnings

import torch

_warned = set()
_DEVICE_DTYPES = (torch.float32, torch.float16)


def _on_host(reason, input, weight, bias, stride, padding, dilation, transposed, output_padding,
             groups):
    # What the device's C++ kernel does, with the same warning and switch.
    if os.environ.get("TRITON_SPIRV_TORCH_FALLBACK") == "error":
        raise RuntimeError(f"triton-spirv: aten::convolution_overrideable ({reason}) has no spirv "
                           "kernel (TRITON_SPIRV_TORCH_FALLBACK=error refuses the CPU fallback)")
    if reason not in _warned:
        _warned.add(reason)
        warnings.warn(f"triton-spirv: aten::convolution_overrideable ({reason}) has no spirv "
                      "kernel; it runs on the CPU, copying its tensors there and back (warned "
                      "once per case; TRITON_SPIRV_TORCH_FALLBACK=error makes it an error)",
                      stacklevel=3)
    result = torch.ops.aten.convolution(
        input.cpu(), weight.cpu(), None if bias is None else bias.cpu(), stride, padding,
        dilation, transposed, output_padding, groups)
    return result.contiguous().to(input.device)


def convolution_overrideable(input, weight, bias, stride, padding, dilation, transposed,
                             output_padding, groups):
    arguments = (input, weight, bias, stride, padding, dilation, transposed, output_padding,
                 groups)
    if transposed:
        return _on_host("transposed", *arguments)
    if input.dim() != 4:
        return _on_host(f"{input.dim() - 2}-d", *arguments)
    if input.dtype not in _DEVICE_DTYPES or weight.dtype != input.dtype or (
            bias is not None and bias.dtype != input.dtype):
        return _on_host(str(input.dtype).replace("torch.", ""), *arguments)
    from flag_gems.ops.conv2d import conv2d
    # Below autograd already (the backward is convolution_backward_overrideable's): FlagGems'
    # autograd Function must not record a graph here.
    with torch.no_grad():
        return conv2d(input, weight, bias, list(stride), list(padding), list(dilation), groups)

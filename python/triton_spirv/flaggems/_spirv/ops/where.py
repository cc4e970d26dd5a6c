"""where: FlagGems' kernel, without upstream's CPU-tensor assumption.

Upstream (flag_gems/ops/where.py) treats CPU tensors as host scalars and
asserts that some operand lives elsewhere ("CPU only. There seems a mistake
to dispatch to here."): on the cpu route every operand is a CPU tensor.
"""

import torch
from flag_gems import device as _device_type
from flag_gems.ops.where import where_inner


def where_self_out(condition, self, other, out=None):
    result_type = torch.result_type(self, other)
    if out is not None and out.dtype != result_type:
        raise TypeError(f"where: out has dtype {out.dtype}, the result is {result_type}")
    c, a, b = (x if isinstance(x, torch.Tensor) else torch.tensor(x) for x in (condition, self, other))
    if c.dtype != torch.bool:
        raise TypeError(f"where expected condition to be a boolean tensor, but got {c.dtype}")
    devices = {x.device for x in (c, a, b) if x.device.type == _device_type and x.ndim > 0}
    devices = devices or {x.device for x in (c, a, b) if x.device.type == _device_type}
    if len(devices) != 1:
        raise RuntimeError(f"where: expected the operands on one {_device_type} device, got "
                           f"{sorted(str(x.device) for x in (c, a, b))}")
    device = devices.pop()
    # 0-dim operands from elsewhere (Python scalars, CPU scalars on the cuda route) move over.
    c, a, b = (x.to(device) if x.device != device else x for x in (c, a, b))
    a, b = a.to(result_type), b.to(result_type)
    if out is None:
        out = torch.empty(torch.broadcast_shapes(c.shape, a.shape, b.shape), dtype=result_type, device=device)
    where_inner.instantiate(max(c.ndim, a.ndim, b.ndim))
    where_inner(c, a, b, out0=out)
    return out


def where_self(condition, self, other):
    return where_self_out(condition, self, other)


def where_scalar_self(condition, self, other):
    return where_self_out(condition, self, other)


def where_scalar_other(condition, self, other):
    return where_self_out(condition, self, other)

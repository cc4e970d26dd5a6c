"""Runs layout.spv (gen_element_layout.py) on the cuda route's Vulkan device and prints, for
each use of a 16x16 subgroup-scope cooperative matrix, which (row, column) each invocation's
components 0..7 hold, and whether the accumulator's order is the A operand's (what keeping
attention's probabilities in registers from one dot to the next needs).

    TRITON_SPIRV_BACKEND=1 python3 bench/gpu/coopmat_probes/element_layout_probe.py
"""
import os
import struct

import triton  # noqa: F401  (selects the backend before torch allocates)
import torch
from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.driver import _device_address

USES = ("A", "B", "C", "Ch")
PER_LANE = 8

dev = runtime.get_device()
values = torch.arange(256, dtype=torch.float32, device="cuda")
in16 = values.to(torch.float16).contiguous()
in32 = values.clone()
out = torch.full((len(USES) * 32 * PER_LANE + len(USES),), -1.0, device="cuda")
packed = struct.pack("<QQQ", _device_address(in16, "in16"), _device_address(in32, "in32"),
                     _device_address(out, "out"))
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layout.spv")
kernel = dev.load_kernel(open(path, "rb").read(), "main", (32, 1, 1), len(packed), False)
dev.launch(kernel, 1, 1, 1, packed, sync=True)
got = out.cpu()
lengths = got[-len(USES):].int().tolist()
table = got[:-len(USES)].view(len(USES), 32, PER_LANE).int()
for slot, use in enumerate(USES):
    print(f"{use}: {lengths[slot]} components per invocation")
    for lane in (0, 1, 2, 3, 4, 31):
        cells = [(v // 16, v % 16) for v in table[slot, lane].tolist()]
        print(f"  lane {lane:2d}: " + " ".join(f"({r},{c})" for r, c in cells))
    seen = sorted(table[slot, :, :min(PER_LANE, lengths[slot])].flatten().tolist())
    print(f"  covers every element once: {seen == list(range(256))}")
print("accumulator f32 order == A order:", bool((table[2] == table[0]).all()))
print("accumulator f16 order == A order:", bool((table[3] == table[0]).all()))
print("accumulator f32 order == B order:", bool((table[2] == table[1]).all()))

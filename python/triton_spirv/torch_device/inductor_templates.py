"""Inductor's Triton matrix-product templates (mm, bmm, addmm, baddbmm, int_mm, mm + mm) for the
spirv device type: their configuration heuristics registered through torch's template-heuristics
registry, as torch registers them for its own devices. Without them Inductor offers these
operators only ATen's kernel under max-autotune (on the device: FlagGems' mm or the CPU
fallback). Inductor still asks for templates only on a device it deems big
(`torch._inductor.utils.is_big_gpu`: 68 multiprocessors or more), so lavapipe keeps ATen.

The mm/bmm/addmm tiles are the ones our matmul measured best on the H100/H200 (docs/performance.md:
fp16/bf16 128x128x32 w4 at 4096^3 and 64x64x64 w4 at 1024^3, fp32 128x128x32 w8 and 64x128x32
w8, num_stages 2 ahead of 3-6), 7 instead of Inductor's 21: each candidate is compiled by us and
timed, and its 5-stage and 128-deep tiles overflow 48 KiB of workgroup memory here. The
exhaustive search space, int_mm and mm + mm keep Inductor's device-neutral lists
(`BaseConfigHeuristic`). The shared-memory bound (used when
`max_autotune_prune_choices_based_on_shared_mem` is set) is read from this device, never from
torch.cuda, so that choosing templates creates no CUDA context."""

from . import DEVICE_TYPE


def _shared_memory_limit():
    import torch
    module = getattr(torch, DEVICE_TYPE)
    return int(module.get_device_properties(module.current_device()).max_shared_memory_per_block)


def register_matmul_templates():
    """Registers the heuristics; False where this torch has no template-heuristics registry
    (matrix products then stay on ATen)."""
    try:
        from torch._inductor.kernel.bmm import bmm_template
        from torch._inductor.kernel.mm import mm_template
        from torch._inductor.kernel.mm_plus_mm import mm_plus_mm_template
        from torch._inductor.template_heuristics.registry import (get_registered_heuristic_class,
                                                                  register_template_heuristic)
        from torch._inductor.template_heuristics.triton import (BaseConfigHeuristic, GemmConfig,
                                                                INT8MMTemplateConfigMixin,
                                                                MMPlusMMTemplateConfigMixin,
                                                                MMTemplateConfigMixin)
        from torch._inductor.template_heuristics.triton_addmm import AddMMConfigMixin
    except ImportError:
        return False
    if get_registered_heuristic_class(mm_template.uid, DEVICE_TYPE, "mm") is not None:
        return True

    class SpirvConfigHeuristic(BaseConfigHeuristic):
        def _get_exceeding_shared_memory_checker(self, has_sm_layout_conversion,
                                                 layout_conversion_byte_size):
            try:
                available = _shared_memory_limit()
            except Exception:  # noqa: BLE001 - no device to ask: no pruning, as torch does
                return None

            def exceeds(gemm_config, dtype_size):
                return self.get_shared_memory_estimation(
                    gemm_config, dtype_size, has_sm_layout_conversion,
                    layout_conversion_byte_size) > available
            return exceeds

    @register_template_heuristic(mm_template.uid, DEVICE_TYPE)
    @register_template_heuristic(bmm_template.uid, DEVICE_TYPE)
    class SpirvMMTemplateConfigHeuristic(MMTemplateConfigMixin, SpirvConfigHeuristic):
        def __init__(self):
            super().__init__()
            # (block_m, block_n, block_k, num_stages, num_warps)
            self.mm_configs = [GemmConfig(*tile) for tile in (
                (32, 32, 16, 1, 2), (64, 64, 32, 2, 4), (64, 64, 64, 2, 4), (128, 64, 32, 2, 4),
                (64, 128, 32, 2, 8), (128, 128, 32, 2, 4), (128, 128, 32, 2, 8))]

    @register_template_heuristic(mm_template.uid, DEVICE_TYPE, op_name="addmm")
    @register_template_heuristic(bmm_template.uid, DEVICE_TYPE, op_name="baddbmm")
    class SpirvAddMMTemplateConfigHeuristic(AddMMConfigMixin, SpirvMMTemplateConfigHeuristic):
        pass

    @register_template_heuristic(mm_template.uid, DEVICE_TYPE, op_name="int_mm")
    class SpirvInt8MMTemplateConfigHeuristic(INT8MMTemplateConfigMixin, SpirvConfigHeuristic):
        def __init__(self):
            super().__init__()
            self.mm_configs = self.exhaustive_configs = self.int8_mm_configs

    @register_template_heuristic(mm_plus_mm_template.uid, DEVICE_TYPE)
    class SpirvMMPlusMMTemplateConfigHeuristic(MMPlusMMTemplateConfigMixin, SpirvConfigHeuristic):
        def __init__(self):
            super().__init__()
            self.mm_configs = self.exhaustive_configs = self.mm_plus_mm_configs

    return True

"""Inductor's Triton matrix-product templates (mm, bmm, addmm, baddbmm, int_mm, mm + mm) for the
spirv device type: their configuration heuristics registered through torch's template-heuristics
registry, as torch registers them for its own devices. Without them Inductor offers these
operators only ATen's kernel under max-autotune (on the device: FlagGems' mm or the CPU
fallback). Inductor still asks for templates only on a device it deems big
(`torch._inductor.utils.is_big_gpu`: 68 multiprocessors or more), so lavapipe keeps ATen.

The configuration lists are Inductor's device-neutral ones (`BaseConfigHeuristic`); the
shared-memory bound (used when `max_autotune_prune_choices_based_on_shared_mem` is set) is read
from this device, never from torch.cuda, so that choosing templates creates no CUDA context."""

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
        from torch._inductor.template_heuristics.triton import (BaseConfigHeuristic,
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
            self.exhaustive_configs = self.mm_configs

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

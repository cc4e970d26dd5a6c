"""Triton backend: TTIR (stock Triton passes) -> linalg -> SPIR-V dialect -> SPIR-V binary."""

import functools
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Tuple

from triton._C.libtriton import ir, passes
from triton.backends.compiler import BaseBackend, GPUTarget, Language

from . import _compiler, debug


@dataclass(frozen=True)
class SPIRVOptions:
    num_warps: int = 4
    num_ctas: int = 1
    # As Triton-CUDA's default: staged tiles are loaded 2 K steps ahead.
    num_stages: int = 3
    profile: str = "lavapipe"
    # Bytes per vector global access; -1: the device profile's, 0: scalar.
    vector_bytes: int = -1
    # f16 dots on cooperative matrices; -1: when the profile's device has
    # them, 0: never, 1: always.
    cooperative_matrix: int = -1
    # Vector copies of contiguous runs that are aligned only when some
    # run-time values (strides, bounds) are multiples of the vector width,
    # taken after a check; -1: the device profile's choice, 0: never, 1: always.
    runtime_alignment_checks: int = -1
    # Vector accesses at offsets wrapped by a remainder (`offs % N`), with
    # run-time sign checks; -1: the device profile's choice, 0: never, 1: always.
    wrapped_offset_vectors: int = -1
    debug: bool = False
    sanitize_overflow: bool = False
    arch: str = None
    enable_fp_fusion: bool = True
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    supported_fp8_dtypes: Tuple[str, ...] = ("fp8e5", "fp8e4nv", "fp8e4b15")
    deprecated_fp8_dot_operand_dtypes: Tuple[str, ...] = ()
    default_dot_input_precision: str = "ieee"
    # tf32 and tf32x3 run as full fp32 (more accurate); bf16x3/bf16x6 as
    # their split bf16 products (TensorOpsToLinalg.cpp).
    allowed_dot_input_precisions: Tuple[str, ...] = ("tf32", "tf32x3", "ieee", "bf16x3", "bf16x6")
    max_num_imprecise_acc_default: int = 0
    extern_libs: dict = None
    backend_name: str = "spirv"
    instrumentation_mode: str = ""
    # Tuning hints of other backends, accepted so that kernels and autotune
    # configs written for them run unchanged (tutorial 03's AMD configs);
    # they have no effect on SPIR-V code.
    maxnreg: int = None
    waves_per_eu: int = 0
    matrix_instr_nonkdim: int = 0
    kpack: int = 1
    # The device's subgroup size; Triton >= 3.9 checks num_warps * warp_size
    # against the workgroup limit with it.
    warp_size: int = 32
    # Triton >= 3.9 passes its floating-point sanitizer knob to every backend.
    fpsan_homomorphic_casts: bool = False

    def hash(self):
        key = "_".join(f"{name}-{value}" for name, value in sorted(self.__dict__.items()))
        return hashlib.sha256(key.encode()).hexdigest()


def _dump(metadata, ext, text):
    """Writes a stage's output under TRITON_SPIRV_DUMP_DIR (kernel name + stage)."""
    root = os.environ.get("TRITON_SPIRV_DUMP_DIR")
    if not root:
        return
    path = Path(root) / f"{metadata.get('name', 'kernel')}.{ext}"
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)


def _kernel_name(ttir_text):
    match = re.search(r"tt\.func public @([\w$.]+)", ttir_text)
    return match.group(1) if match else "kernel"


@functools.lru_cache(maxsize=None)
@functools.lru_cache(maxsize=None)
def _compiler_digest() -> str:
    """The compiler module and the package's Python (stages, fp8 conversions, ABI metadata):
    a new build or an upgrade invalidates Triton's cache."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for module in sorted(here.glob("_compiler*.so")) + sorted(here.glob("*.py")):
        digest.update(module.name.encode())
        digest.update(module.read_bytes())
    return digest.hexdigest()[:16]


def takes_cuda_target() -> bool:
    """Whether Triton's `cuda` target is ours: the user chose triton-spirv where CUDA is
    (TRITON_SPIRV_BACKEND=1), so kernels Inductor compiles for CUDA tensors come here too."""
    return os.environ.get("TRITON_SPIRV_BACKEND") == "1"


class SPIRVBackend(BaseBackend):

    @staticmethod
    def supports_target(target: GPUTarget):
        return target.backend == "spirv" or (target.backend == "cuda" and takes_cuda_target())

    def __init__(self, target: GPUTarget) -> None:
        if target.backend != "spirv":
            # Another target's arch (a compute capability, a CPU's ISA) says nothing of the
            # Vulkan device: its profile and subgroup size decide the code.
            from .driver import current_device_target
            device = current_device_target()
            target = GPUTarget(target.backend, device.arch, device.warp_size)
        super().__init__(target)
        self.binary_ext = "spv"

    def hash(self):
        if self.target.backend != "spirv":
            return f"spirv-{self.target.backend}-{self.target.arch}-{_compiler_digest()}"
        return f"spirv-{self.target.arch}-{_compiler_digest()}"

    def parse_options(self, opts) -> Any:
        args = {k: v for k, v in opts.items() if k in SPIRVOptions.__dataclass_fields__ and v is not None}
        # Triton's contract (its other backends assert it too): a kernel tuned here runs there.
        num_warps = args.get("num_warps", SPIRVOptions.num_warps)
        assert num_warps > 0 and (num_warps & (num_warps - 1)) == 0, "num_warps must be a power of 2"
        args.setdefault("profile", self.target.arch)
        args["arch"] = self.target.arch
        args["warp_size"] = self.target.warp_size
        if "enable_fp_fusion" not in args:
            # TRITON_DEFAULT_FP_FUSION, as Triton's own backends read it (3.6+).
            from triton import knobs
            language = getattr(knobs, "language", None)
            args["enable_fp_fusion"] = getattr(language, "default_fp_fusion", True)
        if "supported_fp8_dtypes" in args:
            args["supported_fp8_dtypes"] = tuple(args["supported_fp8_dtypes"])
        return SPIRVOptions(**args)

    def pack_metadata(self, metadata):
        return (metadata.num_warps, metadata.workgroup_size)

    def get_codegen_implementation(self, options):
        # Imported here: backends load while triton.language is being imported.
        from .fp8e4b15 import convert_custom_types
        return {"min_dot_size": lambda lhs_type, rhs_type: (1, 1, 1), "convert_custom_types": convert_custom_types}

    def get_module_map(self) -> Dict[str, Any]:
        # libdevice calls become tt.extern_elementwise with __nv_* symbols,
        # which the compiler maps onto math operations.
        from triton.language.extra.cuda import libdevice
        return {"triton.language.extra.libdevice": libdevice}

    def load_dialects(self, ctx):
        pass

    @staticmethod
    def make_ttir(mod, metadata, options):
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        passes.common.add_inliner(pm)
        passes.common.add_canonicalizer(pm)
        passes.ttir.add_combine(pm)
        passes.ttir.add_reorder_broadcast(pm)
        passes.common.add_cse(pm)
        passes.common.add_symbol_dce(pm)
        passes.ttir.add_loop_unroll(pm)
        pm.run(mod, "make_ttir")
        return mod

    @staticmethod
    def make_linalg(mod, metadata, options):
        ttir = str(mod)
        metadata["name"] = _kernel_name(ttir)
        metadata["debug_messages"] = debug.messages_of(ttir)
        _dump(metadata, "ttir", ttir)
        linalg = _compiler.to_linalg(ttir)
        # Pointers made from integers the kernel did not get from pointers
        # (pointer tables) are the caller's addresses: the kernel translates
        # them through an address map the launcher passes (lower-raw-pointers).
        metadata["address_map"] = "triton_spirv.address_map" in linalg
        _dump(metadata, "linalg", linalg)
        return linalg

    @staticmethod
    def make_spirvir(src, metadata, options):
        result = _compiler.to_spirvir(src, options.profile, options.num_warps,
                                     options.vector_bytes,
                                     options.cooperative_matrix,
                                     options.num_stages,
                                     options.runtime_alignment_checks,
                                     options.wrapped_offset_vectors,
                                     options.enable_fp_fusion)
        info = result["metadata"]
        metadata["name"] = info["entry"]
        metadata["shared"] = info["shared"]
        metadata["workgroup_size"] = info["workgroup_size"]
        metadata["arguments"] = info["arguments"]
        metadata["argument_bytes"] = info["argument_bytes"]
        metadata["argument_block"] = info["argument_block"]
        # Workgroup memory beyond the device's, moved to global scratch.
        metadata["scratch_bytes_per_program"] = info["scratch_bytes_per_program"]
        _dump(metadata, "spirvir", result["ir"])
        return result["ir"]

    @staticmethod
    def make_spv(src, metadata, options):
        binary = _compiler.to_spv(src)
        _dump(metadata, "spv", binary)
        return binary

    def add_stages(self, stages, options, language=Language.TRITON):
        if language != Language.TRITON:
            raise NotImplementedError("triton-spirv compiles Triton (not Gluon) kernels")
        stages["ttir"] = lambda src, metadata: self.make_ttir(src, metadata, options)
        stages["linalg"] = lambda src, metadata: self.make_linalg(src, metadata, options)
        stages["spirvir"] = lambda src, metadata: self.make_spirvir(src, metadata, options)
        stages["spv"] = lambda src, metadata: self.make_spv(src, metadata, options)

    @functools.lru_cache()
    def hash_key(self):
        return self.hash()

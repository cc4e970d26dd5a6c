"""The types of bench/cases.py: a case (one kernel launch at one size), its tensors and its
tensor arguments, with how a case makes its inputs, launches and checks its outputs."""
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Tuple

import torch
import triton


# Integer outputs start at this value (no int8 product sum reaches it): NaN's role.
_UNWRITTEN_INT = -(2 ** 31)


@dataclass(frozen=True)
class T:
    """A tensor argument, by name."""
    name: str


@dataclass
class Tensor:
    shape: Tuple[int, ...]
    dtype: torch.dtype
    output: bool = False
    init: str = "randn"          # randn | rand_pos (for layer-norm weights)


@dataclass
class Case:
    kernel_name: str             # short name: add, softmax, layer_norm, matmul_fp32, matmul_fp16
    size: str                    # label
    kernel: object               # the @triton.jit function
    tensors: Dict[str, Tensor]
    args: List[object]           # runtime arguments in kernel order (T(name) or python scalars)
    constexprs: Dict[str, int]
    grid: Tuple[int, int, int]
    num_warps: int
    reference: Callable          # dict of tensors -> dict of expected outputs (float64 math)
    torch_fn: Callable           # dict of tensors -> result, torch eager
    bytes: int                   # fewest bytes moved (each input read once, each output written once)
    flops: int = 0               # floating-point operations (matmul: 2MNK)
    tol: float = 1e-5            # max ||out - ref|| / ||ref|| per output
    config: str = ""             # block configuration label
    cuda_only: bool = False      # a Triton-CUDA tuning point (no SPIR-V run)
    num_stages: int = 3          # Triton's (CUDA's default); ours: loads num_stages - 1 steps ahead
    spirv_options: Dict[str, int] = field(default_factory=dict)  # our backend's options only


    @property
    def id(self):
        cfg = f"-{self.config}" if self.config else ""
        stages = f"-s{self.num_stages}" if self.num_stages != 3 else ""
        options = "".join(f"-{k}{v}" for k, v in sorted(self.spirv_options.items()))
        return f"{self.kernel_name}-{self.size}{cfg}-w{self.num_warps}{stages}{options}"

    @property
    def bound(self):
        return "compute" if self.flops else "memory"

    def make(self, device="cpu", seed=0):
        """Fresh random inputs and NaN-poisoned outputs (an unwritten element fails the check)."""
        gen = torch.Generator(device="cpu").manual_seed(seed)
        out = {}
        for name, spec in self.tensors.items():
            integer = not spec.dtype.is_floating_point
            if spec.output and integer:
                t = torch.full(spec.shape, _UNWRITTEN_INT, dtype=spec.dtype)
            elif integer:
                info = torch.iinfo(spec.dtype)
                t = torch.randint(info.min, info.max + 1, spec.shape, generator=gen, dtype=spec.dtype)
            elif spec.output:
                t = torch.full(spec.shape, float("nan"), dtype=spec.dtype)
            elif spec.init == "rand_pos":
                t = (torch.rand(spec.shape, generator=gen) + 0.5).to(spec.dtype)
            else:
                t = torch.randn(spec.shape, generator=gen).to(spec.dtype)
            out[name] = t.to(device)
        return out

    def call_args(self, tensors):
        return [tensors[a.name] if isinstance(a, T) else a for a in self.args]

    def make_dtypes(self):
        """Arguments for kernel.warmup: torch dtypes (Triton's MockTensor) in place of tensors."""
        return [self.tensors[a.name].dtype if isinstance(a, T) else a for a in self.args]

    def launch(self, tensors):
        """Launches through Triton's JIT (whichever backend / interpreter is active)."""
        # Asked only when there are options: the query costs ~5 us of every timed launch.
        options = (self.spirv_options if self.spirv_options and
                   triton.runtime.driver.active.get_current_target().backend == "spirv" else {})
        self.kernel[self.grid](*self.call_args(tensors), **self.constexprs, num_warps=self.num_warps,
                               num_stages=self.num_stages, **options)

    def check(self, tensors):
        """(ok, message): every output written, relative L2 error under tol against float64."""
        ref = self.reference({k: v.double() for k, v in tensors.items()})
        worst, msgs = 0.0, []
        for name, expected in ref.items():
            if not tensors[name].dtype.is_floating_point:
                unwritten = int((tensors[name] == _UNWRITTEN_INT).sum())
                if unwritten:
                    return False, f"{name}: {unwritten} elements not written"
            got = tensors[name].double()
            if torch.isnan(got).any():
                return False, f"{name}: {int(torch.isnan(got).sum())} elements not written (NaN)"
            err = (torch.linalg.vector_norm(got - expected) /
                   max(torch.linalg.vector_norm(expected).item(), 1e-30)).item()
            worst = max(worst, err)
            msgs.append(f"{name} rel.err {err:.1e}")
        return worst <= self.tol, "; ".join(msgs)

"""Ahead-of-time compiler: one specialization of a @triton.jit kernel -> C + embedded SPIR-V.

    python -m triton_spirv.tools.compile kernel.py -n add_kernel \\
        -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" -g "(n_elements + 1023) / 1024, 1, 1" \\
        -w 4 -on add -o out/add --target nvidia

Flags and conventions are those of Triton's `python -m triton.tools.compile`:
- the file is executed (its folder first on sys.path) and `--kernel-name` taken from it;
- the signature lists every parameter: a type (`*fp32`, `i32`, `fp16`, ...), optionally
  hinted `:16` (divisible by 16) or `:1` (equal to 1: becomes a constant), or a number,
  which makes a constexpr parameter that value;
- the grid is three C expressions of the parameters (constexprs may be used too);
- out files are `<out-path>.<hash>_<suffix>.c/.h`, the function `<out-name>_<hash>_<suffix>`,
  where <suffix> names the hinted parameters (`0d2c`: #0 divisible by 16, #2 equal to 1).
The generated code calls the C runtime (triton_spirv_runtime.h): the launch function takes
a TritonSpirvStream where CUDA's takes a CUstream, pointers as 64-bit device addresses.
`--target` picks the device profile (`lavapipe`, `lavapipe-mesa22`, `nvidia`, or Triton's
`spirv:<profile>:<subgroup>`); default: the profile of this machine's Vulkan device.
"""

import argparse
import hashlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import List, Optional

from .specialization import CompileError, Specialization, parse_signature

def load_kernel(path: Path, name: str):
    """The JITFunction `name` defined by executing the Python file at `path`."""
    if not path.is_file():
        raise CompileError(f"{path}: no such file")
    sys.path.insert(0, str(path.parent.resolve()))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        raise CompileError(f"{path}: executing the file failed: {type(error).__name__}: {error}")
    from triton.runtime.jit import JITFunction
    kernels = sorted(n for n, v in vars(module).items() if isinstance(v, JITFunction))
    kernel = getattr(module, name, None)
    # Autotuner / heuristics wrappers keep the JITFunction in .fn.
    while kernel is not None and not isinstance(kernel, JITFunction) and hasattr(kernel, "fn"):
        kernel = kernel.fn
    if not isinstance(kernel, JITFunction):
        found = ", ".join(kernels) or "none"
        raise CompileError(f"{path}: no @triton.jit kernel named '{name}' (kernels there: {found})")
    return kernel


def resolve_target(text: Optional[str]):
    """The GPUTarget for --target: a profile name, spirv:<profile>[:<subgroup>], or this machine's."""
    from triton.backends.compiler import GPUTarget
    from .. import _compiler
    if not text:
        from .. import llvmpipe_cpu
        llvmpipe_cpu.configure()
        from .. import _vulkan_runtime as runtime
        if not runtime.is_available():
            raise CompileError("no Vulkan device here to compile for: pass --target (lavapipe, nvidia)")
        from ..driver import SPIRVDriver
        return SPIRVDriver().get_current_target()
    parts = text.split(":")
    if parts[0] == "spirv":
        parts = parts[1:]
    if not parts or len(parts) > 2:
        raise CompileError(f"--target '{text}': expected a profile (lavapipe, nvidia) or "
                           "spirv:<profile>:<subgroup size>")
    try:
        profile = _compiler.device_profile(parts[0])
    except RuntimeError:
        raise CompileError(f"--target '{text}': unknown device profile '{parts[0]}' "
                           "(known: lavapipe, lavapipe-mesa22, nvidia)") from None
    subgroup = profile["subgroup_size"]
    if len(parts) == 2 and parts[1] != str(subgroup):
        raise CompileError(f"--target '{text}': profile {parts[0]} has subgroup size {subgroup}")
    return GPUTarget("spirv", parts[0], subgroup)


_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def parse_grid(text: str, spec: Specialization) -> List[str]:
    grid = [part.strip() for part in text.split(",")]
    if len(grid) != 3 or not all(grid):
        raise CompileError(f"grid '{text}' must be three comma-separated expressions "
                           f"(got {len([g for g in grid if g])})")
    known = {p.name for p in spec.parameters}
    for expression in grid:
        for name in _IDENTIFIER.findall(expression):
            if name not in known:
                raise CompileError(f"grid expression '{expression}' uses '{name}', which is not "
                                   f"a parameter of {spec.kernel_name} ({', '.join(sorted(known))})")
    return grid


def signature_hash(spec: Specialization, target) -> str:
    meta = f"warps{spec.num_warps}xstages{spec.num_stages}"
    text = " ".join(spec.signature_entries + [meta, f"{target.backend}:{target.arch}"])
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def suffix_of(spec: Specialization) -> str:
    # Only hinted parameters appear: index + 'd' (divisible by 16) or 'c' (== 1).
    return "".join(f"{p.index}{'d' if p.hint == 16 else 'c'}" for p in spec.parameters if p.hint)


def compile_specialization(kernel, spec: Specialization, target):
    import triton
    from triton.compiler import ASTSource
    from ..compiler import SPIRVBackend
    signature = {p.name: ("constexpr" if p.name in spec.constants else p.type)
                 for p in spec.parameters}
    attrs = {(p.index,): [["tt.divisibility", 16]] for p in spec.parameters if p.hint == 16}
    source = ASTSource(fn=kernel, signature=signature, constexprs=dict(spec.constants), attrs=attrs)
    backend = SPIRVBackend(target)
    options = backend.parse_options({"num_warps": spec.num_warps, "num_stages": spec.num_stages})
    compiled = triton.compile(source, target=target, options=options.__dict__)
    metadata = compiled.metadata
    if getattr(metadata, "debug_messages", None):
        raise CompileError(f"kernel {spec.kernel_name} uses tl.device_print / tl.device_assert, "
                           "which ahead-of-time kernels do not support")
    return compiled.asm["spv"], metadata


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="Python file defining the kernel (it is executed)")
    parser.add_argument("--kernel-name", "-n", required=True, help="the @triton.jit function")
    parser.add_argument("--signature", "-s", required=True, help="types / hints / constexpr values")
    parser.add_argument("--grid", "-g", required=True, help="three C expressions of the parameters")
    parser.add_argument("--num-warps", "-w", type=int, default=1)
    parser.add_argument("--num-stages", "-ns", type=int, default=3)
    parser.add_argument("--out-name", "-on", default=None, help="name of the C functions (default: kernel name)")
    parser.add_argument("--out-path", "-o", type=Path, default=None, help="out file stem (default: out name)")
    parser.add_argument("--target", "-t", default=None, help="device profile: lavapipe, nvidia, or spirv:<profile>:<subgroup>")
    args = parser.parse_args(argv)
    try:
        function_name, files = compile_to_c(args)
    except CompileError as error:
        print(f"triton_spirv.tools.compile: error: {error}", file=sys.stderr)
        return 2
    for path in files:
        print(path)
    return 0


def compile_to_c(args):
    from .c_templates import kernel_header, kernel_source
    if args.num_warps < 1 or args.num_warps & (args.num_warps - 1):
        raise CompileError(f"--num-warps must be a power of two, got {args.num_warps}")
    out_name = args.out_name or args.kernel_name
    if not _IDENTIFIER.fullmatch(out_name):
        raise CompileError(f"--out-name '{out_name}' is not a C identifier")
    target = resolve_target(args.target)
    kernel = load_kernel(Path(args.path), args.kernel_name)
    spec = parse_signature(kernel, args.signature, args.num_warps, args.num_stages)
    grid = parse_grid(args.grid, spec)
    try:
        binary, metadata = compile_specialization(kernel, spec, target)
    except CompileError:
        raise
    except Exception as error:
        raise CompileError(f"compiling {args.kernel_name} failed: {error}") from None
    sig_hash = signature_hash(spec, target)
    suffix = suffix_of(spec)
    function_name = f"{out_name}_{sig_hash}_{suffix}"
    out_path = args.out_path or Path(out_name)
    stem = out_path.with_suffix(f".{sig_hash}_{suffix}")
    header_path = stem.with_name(stem.name + ".h")
    source_path = stem.with_name(stem.name + ".c")
    header_path.parent.mkdir(parents=True, exist_ok=True)
    context = dict(function_name=function_name, spec=spec, grid=grid, metadata=metadata,
                   binary=binary, target=target, header_name=header_path.name)
    header_path.write_text(kernel_header(**context))
    source_path.write_text(kernel_source(**context))
    return function_name, [source_path, header_path]


if __name__ == "__main__":
    sys.exit(main())

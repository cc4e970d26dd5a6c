"""The SASS NVIDIA's Vulkan driver makes of our kernels, from its shader disk cache.

NVIDIA's driver keeps every pipeline it compiles in a disk cache (`__GL_SHADER_DISK_CACHE_PATH`,
by default ~/.cache/nvidia/GLCache): one `.bin` file per application holding one zstd frame per
pipeline, each frame an "NVDANVVM" record whose payload from byte 8 on is a `cuVN` container
that `nvdisasm -b SM90` (the copy in Triton's wheel) reads: register count, barriers, SASS.

Collect on the GPU machine (each case in a process and cache of its own, only our route):

    python3 bench/gpu/sass.py collect --set fp16tiles \
        --only 'matmul_fp16-4096^3-128x128x32-w4' --out $OUT/sass

Disassemble where `zstd` is installed (apt-get install zstd), into CASE.N.sass per pipeline and a
summary of the instruction mix (HMMA, LDSM, LDS, STL/LDL spills, BAR, ...) of each pipeline and
of each of its loops (a backward branch's range):

    python3 bench/gpu/sass.py disasm /work/.device/N/sass

Triton-CUDA's SASS of the same cases, compiled here for sm_90 without a GPU (ptxas and cuobjdump
from Triton's wheel; `--triton-mma 2`: mma.sync instead of wgmma), the same summary beside ours:

    python3 bench/gpu/sass.py triton --set tutorial06 --only mha_fwd_fp16-128x4096x64-128x32-w4 \
        --triton-mma 2 --out /tmp/sass
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
RECORD_MAGIC = b"NVDANVVMNVuc"


def collect_one(set_name, case_id):
    """Child process: launch one case on CUDA tensors through our route, so that the
    driver compiles (and caches) its pipeline."""
    sys.path.insert(0, str(HERE.parents[1]))
    import torch
    import cases as C

    for case in C.GPU_SETS[set_name]():
        if case.id == case_id:
            tensors = case.make(device="cuda")
            case.launch(tensors)
            torch.cuda.synchronize()
            ok, check = case.check(tensors)
            print(f"{case_id}: launched, check {'ok' if ok else check}", file=sys.stderr)
            return
    raise SystemExit(f"no case {case_id!r} in set {set_name!r}")


def collect(args):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for case_id in args.only:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, TRITON_SPIRV_BACKEND="1", TRITON_ALWAYS_COMPILE="1",
                       __GL_SHADER_DISK_CACHE="1", __GL_SHADER_DISK_CACHE_PATH=cache,
                       __GL_SHADER_DISK_CACHE_SKIP_CLEANUP="1")
            subprocess.run([sys.executable, str(HERE), "collect-one", "--set", args.set,
                            "--only", case_id], env=env, check=True, timeout=600)
            bins = sorted(Path(cache).rglob("*.bin"), key=lambda p: p.stat().st_size)
            if not bins:
                raise SystemExit(f"{case_id}: the driver wrote no disk cache under {cache}")
            shutil.copy(bins[-1], out / f"{file_name(case_id)}.bin")
            print(f"{case_id}: {bins[-1].stat().st_size} bytes of driver cache", file=sys.stderr)


def pipelines(cache_file):
    """The decompressed records of one disk-cache file (zstd frames; each stops at the
    next record's header, which zstd reports as trailing garbage)."""
    data = cache_file.read_bytes()
    starts = [m.start() for m in re.finditer(re.escape(ZSTD_MAGIC), data)]
    for begin, end in zip(starts, starts[1:] + [len(data)]):
        run = subprocess.run(["zstd", "-d", "-q", "-c"], input=data[begin:end],
                             capture_output=True)
        if run.stdout.startswith(RECORD_MAGIC):
            yield run.stdout


def nvdisasm():
    import triton
    tool = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "nvdisasm"
    if not tool.exists():
        raise SystemExit(f"nvdisasm not found at {tool} (Triton's wheel ships it)")
    return str(tool)


KEYS = ("HGMMA", "HMMA", "IMMA", "FFMA", "LDSM", "LDS", "STS", "LDG", "LDGSTS", "STG", "LDL",
        "STL", "BAR", "SHFL", "MUFU", "BRA")
INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s+(.*?)\s*;", re.M)
BRANCH_TARGET = re.compile(r"\bBRA\b(?:\s+!?U?P\w+,)?\s+(0x[0-9a-f]+)")


def instructions(text):
    """(address, opcode without modifiers or predicate, full text) of each instruction."""
    listing = []
    for match in INSTRUCTION.finditer(text):
        body = re.sub(r"^@!?U?P\w+\s+", "", match.group(2))
        listing.append((int(match.group(1), 16), body.split()[0].split(".")[0], match.group(2)))
    return listing


def summarize(text):
    """Register count and instruction mix of one disassembly."""
    registers = re.search(r"Register count=(\d+)", text)
    opcodes = collections.Counter(op for _, op, _ in instructions(text))
    return (int(registers.group(1)) if registers else None), opcodes


def loops(text):
    """(first, last address, instruction mix) of each loop: a backward branch's range."""
    listing = instructions(text)
    found = []
    for address, op, full in listing:
        target = BRANCH_TARGET.search(full) if op == "BRA" else None
        if target and int(target.group(1), 16) < address:
            first = int(target.group(1), 16)
            found.append((first, address, collections.Counter(
                o for a, o, _ in listing if first <= a <= address)))
    return found


def mix(opcodes):
    return " ".join(f"{k} {opcodes[k]}" for k in KEYS if opcodes[k])


def report(target, text, registers):
    """Writes a disassembly to `target` and prints its summary and its loops'."""
    target.write_text(text)
    _, opcodes = summarize(text)
    print(f"{target.name}: registers {registers}, {sum(opcodes.values())} instructions: "
          f"{mix(opcodes)}")
    for first, last, loop_ops in loops(text):
        print(f"  loop {first:#x}-{last:#x}: {sum(loop_ops.values())} instructions: "
              f"{mix(loop_ops)}")


def file_name(case_id):
    """A case id as a file name (ids hold `^`)."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", case_id)


def disasm(args):
    if not shutil.which("zstd"):
        raise SystemExit("zstd is not installed (apt-get install zstd)")
    tool = nvdisasm()
    for cache_file in sorted(Path(args.dir).glob("*.bin")):
        for i, record in enumerate(pipelines(cache_file)):
            with tempfile.NamedTemporaryFile(suffix=".cubin") as blob:
                blob.write(record[8:])
                blob.flush()
                run = subprocess.run([tool, "-b", "SM90", blob.name], capture_output=True,
                                     text=True)
            text = run.stdout + run.stderr
            report(cache_file.with_suffix(f".{i}.sass"), text, summarize(text)[0])


TRITON_TYPES = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32", "float64": "fp64",
                "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8"}


def triton_source(case):
    """The ASTSource Triton's JIT would build for the case's launch: tensors as 16-byte aligned
    pointers, integers equal to 1 as constants, multiples of 16 marked divisible."""
    import torch
    import triton

    signature, constexprs, attrs = {}, dict(case.constexprs), {}
    values = case.make_dtypes()
    for i, param in enumerate(case.kernel.params):
        name = param.name
        if i >= len(values):  # passed by keyword, or left to its default
            signature[name] = "constexpr"
            constexprs.setdefault(name, param.default)
            continue
        value = values[i]
        if isinstance(value, torch.dtype):
            signature[name] = "*" + TRITON_TYPES[str(value).removeprefix("torch.")]
            attrs[(i,)] = [["tt.divisibility", 16]]
        elif isinstance(value, bool):
            signature[name] = "i1"
        elif isinstance(value, int):
            if value == 1:
                signature[name], constexprs[name] = "constexpr", 1
                continue
            signature[name] = "i32" if -2**31 <= value < 2**31 else "i64"
            if value % 16 == 0:
                attrs[(i,)] = [["tt.divisibility", 16]]
        else:
            signature[name] = "fp32"
    return triton.compiler.ASTSource(case.kernel, signature, constexprs, attrs)


def triton_sass(args):
    """Triton-CUDA's SASS of the same cases, compiled here for sm_90 (no GPU needed), with
    `--triton-mma 2` on mma.sync instead of wgmma: the yardstick for our subgroup matrices."""
    sys.path.insert(0, str(HERE.parents[1]))
    import triton
    from triton.backends.compiler import GPUTarget
    import cases as C

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # Triton's cache key does not include DISABLE_MMA_V3: a cache of this run's own.
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="triton-sass-")
    if args.triton_mma == 2:
        os.environ["DISABLE_MMA_V3"] = "1"
    cuobjdump = str(Path(nvdisasm()).with_name("cuobjdump"))
    chosen = [case for case in C.GPU_SETS[args.set]() if case.id in args.only]
    if len(chosen) != len(set(args.only)):
        raise SystemExit(f"cases not in set {args.set!r}: "
                         f"{sorted(set(args.only) - {case.id for case in chosen})}")
    for case in chosen:
        compiled = triton.compile(triton_source(case), target=GPUTarget("cuda", 90, 32),
                                  options={"num_warps": case.num_warps,
                                           "num_stages": case.num_stages})
        with tempfile.NamedTemporaryFile(suffix=".cubin") as cubin:
            cubin.write(compiled.asm["cubin"])
            cubin.flush()
            text = subprocess.run([cuobjdump, "-sass", cubin.name], capture_output=True,
                                  text=True, check=True).stdout
            usage = subprocess.run([cuobjdump, "-res-usage", cubin.name], capture_output=True,
                                   text=True, check=True).stdout
        registers = re.search(r"REG:(\d+)", usage)
        report(out / f"{file_name(case.id)}.triton-mma{args.triton_mma}.sass", text,
               int(registers.group(1)) if registers else None)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("collect", "collect-one", "disasm", "triton"))
    parser.add_argument("dir", nargs="?", help="disasm: the directory of collected .bin files")
    parser.add_argument("--set", default="suite")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--out", default="sass")
    parser.add_argument("--triton-mma", type=int, choices=(2, 3), default=3)
    args = parser.parse_args()
    if args.mode == "collect-one":
        collect_one(args.set, args.only[0])
    elif args.mode == "triton":
        if not args.only:
            raise SystemExit("triton: name the cases with --only ID (one or more)")
        triton_sass(args)
    elif args.mode == "collect":
        if not args.only:
            raise SystemExit("collect: name the cases with --only ID (one or more)")
        collect(args)
    else:
        if not args.dir:
            raise SystemExit("disasm: name the directory of collected .bin files")
        disasm(args)


if __name__ == "__main__":
    main()

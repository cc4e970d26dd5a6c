#!/usr/bin/env python3
"""Where a command spends its time inside lavapipe's JIT-compiled shaders, instruction by instruction.

    python3 utils/llvmpipe_hotspots.py [--top 15] [--context 3] -- python3 my_kernel.py ARGS

llvmpipe compiles shaders without symbols, so `perf` shows bare addresses. This runs the command
twice: once under `perf record`, once with `GALLIVM_DEBUG=asm` (llvmpipe prints each shader's
disassembly, offsets from the function's start). For every printed function it finds the load
address at which the most sampled addresses fall on instruction starts (a wrong address lands
samples mid-instruction), then lists the hottest instructions with their neighbours. The command
must compile the same kernels both times (same arguments; Triton's cache is fine).

Samples usually land one instruction after the slow one (skid): a hot `movl` right after a
`vpgatherqq` is the gather waiting for memory. Needs `perf` (Debian: `apt install linux-perf`).
"""
import argparse
import collections
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile

_FUNCTION = re.compile(r"^([A-Za-z_][\w.]*):\s*$")
_INSTRUCTION = re.compile(r"^\s*([0-9a-f]+):\s+(\S.*)$")
_SAMPLE = re.compile(r"^\s*([0-9.]+)%\s+\[\.\]\s+0x([0-9a-f]+)\s*$")
# The explained share below which an alignment is reported as a guess.
_TRUSTED_SHARE = 0.6


@dataclasses.dataclass
class Function:
    name: str
    index: int                      # the how-many-th function of this name in the dump
    offsets: list                   # instruction offsets, ascending
    text: dict                      # offset -> instruction text

    @property
    def label(self):
        return f"{self.name}#{self.index}"

    @property
    def size(self):
        return self.offsets[-1] + 1 if self.offsets else 0


@dataclasses.dataclass
class Alignment:
    function: Function
    base: int
    weight: float                   # sample weight that lands on this function's instructions
    in_range: float                 # sample weight inside [base, base + size)


def parse_asm(text):
    """Functions of a GALLIVM_DEBUG=asm dump: a `name:` line, then `offset:<tab>instruction`."""
    functions, seen = [], collections.Counter()
    current = None
    for line in text.splitlines():
        header = _FUNCTION.match(line)
        if header:
            name = header.group(1)
            current = Function(name, seen[name], [], {})
            seen[name] += 1
            functions.append(current)
            continue
        instruction = _INSTRUCTION.match(line)
        if instruction and current is not None:
            offset = int(instruction.group(1), 16)
            if offset not in current.text:
                current.offsets.append(offset)
            current.text[offset] = instruction.group(2).strip()
    return [f for f in functions if f.offsets]


def parse_perf_report(text):
    """(address, percent) of unsymbolized samples in `perf report --sort sym --stdio` output."""
    samples = []
    for line in text.splitlines():
        match = _SAMPLE.match(line)
        if match:
            samples.append((int(match.group(2), 16), float(match.group(1))))
    return samples


def align(function, samples, anchors=6, probes=60):
    """The load address of `function` that puts the most sample weight on instruction starts.

    Candidates pair each of the heaviest `anchors` sampled addresses with every instruction of
    the function; each is scored on the heaviest `probes` addresses.
    """
    weights = collections.defaultdict(float)
    for address, weight in samples:
        weights[address] += weight
    if not weights or not function.offsets:
        return None
    ranked = sorted(weights.items(), key=lambda item: item[1], reverse=True)
    probed = ranked[:probes]
    starts = set(function.offsets)
    best_base, best_score, tried = None, -1.0, set()
    for anchor, _ in ranked[:anchors]:
        for offset in function.offsets:
            base = anchor - offset
            if base in tried:
                continue
            tried.add(base)
            score = sum(w for address, w in probed if address - base in starts)
            if score > best_score:
                best_base, best_score = base, score
    weight = in_range = 0.0
    for address, w in weights.items():
        relative = address - best_base
        if 0 <= relative < function.size:
            in_range += w
            if relative in starts:
                weight += w
    return Alignment(function, best_base, weight, in_range)


def align_all(functions, samples, rounds=4):
    """Greedy: the function explaining the most weight takes its samples; repeat on the rest."""
    total = sum(w for _, w in samples)
    remaining = list(samples)
    found = []
    for _ in range(rounds):
        candidates = [a for a in (align(f, remaining) for f in functions) if a and a.weight > 0]
        if not candidates:
            break
        best = max(candidates, key=lambda a: a.weight)
        # Chance alignments of what is left explain a small share only.
        if found and best.weight < 0.05 * total:
            break
        found.append(best)
        starts = set(best.function.offsets)
        remaining = [(address, w) for address, w in remaining
                     if address - best.base not in starts]
    return found


def hottest(alignment, samples, top, context):
    """Lines describing the `top` heaviest instructions of an aligned function."""
    function, base = alignment.function, alignment.base
    weight = collections.Counter()
    for address, w in samples:
        if address - base in function.text:
            weight[address - base] += w
    position = {offset: i for i, offset in enumerate(function.offsets)}
    lines = []
    for offset, w in weight.most_common(top):
        i = position[offset]
        lines.append(f"{w:6.2f}%  {function.label}+0x{offset:x}")
        for j in range(max(0, i - context), min(len(function.offsets), i + context + 1)):
            other = function.offsets[j]
            marker = ">>" if j == i else "  "
            lines.append(f"        {marker} {other:6x}  {function.text[other]}")
    return lines


def run_twice(command, workdir):
    perf = shutil.which("perf")
    if perf is None:
        sys.exit("llvmpipe_hotspots: `perf` is not installed (Debian: apt install linux-perf)")
    data = os.path.join(workdir, "perf.data")
    # perf puts its own folders (and /usr/bin) first in the command's PATH: keep the caller's.
    path = "PATH=" + os.environ.get("PATH", "")
    recorded = subprocess.run([perf, "record", "-q", "-o", data, "--", "env", path] + command)
    if recorded.returncode != 0:
        sys.exit(f"llvmpipe_hotspots: the command failed under perf (exit {recorded.returncode})")
    report = subprocess.run([perf, "report", "-i", data, "--no-children", "--sort", "sym",
                             "--stdio"], capture_output=True, text=True)
    if report.returncode != 0:
        sys.exit(f"llvmpipe_hotspots: perf report failed: {report.stderr.strip()}")
    env = dict(os.environ, GALLIVM_DEBUG="asm", MESA_SHADER_CACHE_DISABLE="true")
    dump = subprocess.run(command, env=env, capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit(f"llvmpipe_hotspots: the command failed with GALLIVM_DEBUG=asm (exit "
                 f"{dump.returncode})")
    return report.stdout, dump.stdout + dump.stderr


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=15, help="instructions to list")
    parser.add_argument("--context", type=int, default=3, help="neighbours shown on each side")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- the command to profile")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to profile after --")
    with tempfile.TemporaryDirectory() as workdir:
        report, dump = run_twice(command, workdir)
    samples = parse_perf_report(report)
    functions = parse_asm(dump)
    if not functions:
        sys.exit("llvmpipe_hotspots: no disassembly came out (is the device lavapipe?)")
    jit = sum(w for _, w in samples)
    print(f"unsymbolized (JIT) samples: {jit:.1f}% of all; {len(functions)} functions in the dump")
    for alignment in align_all(functions, samples):
        share = alignment.weight / alignment.in_range if alignment.in_range else 0.0
        note = "" if share >= _TRUSTED_SHARE else "  (a guess: few samples fit)"
        print(f"\n{alignment.function.label} at 0x{alignment.base:x}: {alignment.weight:.1f}% of "
              f"all samples on its instructions ({share:.0%} of those in its range){note}")
        print("\n".join(hottest(alignment, samples, args.top, args.context)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Ahead-of-time linker: the headers of several specializations -> one dispatcher per kernel.

    python -m triton_spirv.tools.link out/add.*.h -o add

writes add.h / add.c with, as Triton's `python -m triton.tools.link`:
- per meta-parameter/constant set (`<kernel>_<constants>_warps<W>xstages<S>`), a function that
  calls the most specialized specialization the arguments allow (`x % 16 == 0` for `:16`
  hints, `x == 1` for `:1`), checked in order of most hints first;
- `<kernel>(stream, args..., algo_id)`: those sets as a table indexed by algo_id, in the order
  of the headers; `<kernel>_default(stream, args...)` = algo 0; `<kernel>_get_num_algos()`;
- `load_<kernel>()` / `unload_<kernel>()` for every specialization.
Functions return TritonSpirvResult; a call no specialization (or algo_id) fits returns
TRITON_SPIRV_ERROR_INVALID_VALUE with triton_spirv_last_error() saying why.
"""

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional


class LinkerError(Exception):
    """Malformed or inconsistent headers; the message names the header and the problem."""


_DIRECTIVE = re.compile(r"//\s*tt-linker:\s*(\w+):(.*):(\w+)\s*$")
_BACKEND = re.compile(r"//\s*tt-linker-backend:\s*(\w+)")
_FUNCTION = re.compile(r"^(\w+)_([0-9a-f]{8})_(\w*)$")
_PARAMETER = re.compile(r"^\s*(\w+)\s+(\w+)\s*$")
_HINT = re.compile(r"(\d+)([cd])")


@dataclass
class SpecializationHeader:
    path: Path
    function: str  # <kernel>_<hash>_<suffix>
    kernel: str
    algo: str  # <constants>_warps<W>xstages<S>
    c_types: List[str]
    names: List[str]
    hints: List[Optional[int]]  # per parameter: 16, 1 or None

    @property
    def num_hints(self):
        return sum(h is not None for h in self.hints)

    def launch_parameters(self):
        """(type, name) of the specialization's own launch function: '== 1' ones are constants."""
        return [(t, n) for t, n, h in zip(self.c_types, self.names, self.hints) if h != 1]


def parse_header(path: Path) -> SpecializationHeader:
    try:
        text = path.read_text()
    except OSError as error:
        raise LinkerError(f"{path}: cannot read: {error.strerror}") from None
    directives, backends = [], []
    for line in text.splitlines():
        if (m := _DIRECTIVE.match(line)):
            directives.append(m)
        elif (m := _BACKEND.match(line)):
            backends.append(m.group(1))
    if any(backend != "spirv" for backend in backends):
        raise LinkerError(f"{path}: generated for backend '{backends[0]}', not by "
                          "triton_spirv.tools.compile")
    if len(directives) != 1:
        what = "no tt-linker directive" if not directives else f"{len(directives)} tt-linker directives"
        raise LinkerError(f"{path}: {what} (expected the one triton_spirv.tools.compile writes)")
    function, signature, algo = directives[0].groups()
    m = _FUNCTION.match(function)
    if not m:
        raise LinkerError(f"{path}: '{function}' is not a specialization name "
                          "(<kernel>_<8 hex digits>_<suffix>)")
    kernel, _, suffix = m.groups()
    c_types, names = [], []
    for entry in (signature.split(",") if signature.strip() else []):
        pm = _PARAMETER.match(entry)
        if not pm:
            raise LinkerError(f"{path}: '{entry.strip()}' in the signature of {function} is not "
                              "'<C type> <name>'")
        c_types.append(pm.group(1))
        names.append(pm.group(2))
    if len(set(names)) != len(names):
        raise LinkerError(f"{path}: the signature of {function} repeats a parameter name")
    hints: List[Optional[int]] = [None] * len(names)
    position = 0
    for hm in _HINT.finditer(suffix):
        if hm.start() != position:
            break
        index = int(hm.group(1))
        if index >= len(names) or hints[index] is not None:
            raise LinkerError(f"{path}: suffix '{suffix}' of {function} names parameter #{index}, "
                              f"but the signature has {len(names)}")
        hints[index] = 16 if hm.group(2) == "d" else 1
        position = hm.end()
    if position != len(suffix):
        raise LinkerError(f"{path}: '{suffix}' is not a valid specialization suffix of {function}")
    return SpecializationHeader(path, function, kernel, algo, c_types, names, hints)


def group_headers(headers: List[SpecializationHeader]) -> Dict[str, List[SpecializationHeader]]:
    """Specializations per algo, in the order algos first appear; checks they are one kernel."""
    first = headers[0]
    groups: Dict[str, List[SpecializationHeader]] = {}
    seen: Dict[str, Path] = {}
    for h in headers:
        if h.kernel != first.kernel:
            raise LinkerError(f"headers of different kernels: {first.kernel} ({first.path}) and "
                              f"{h.kernel} ({h.path}); link each kernel separately")
        if (h.c_types, h.names) != (first.c_types, first.names):
            ours = ", ".join(f"{t} {n}" for t, n in zip(h.c_types, h.names))
            theirs = ", ".join(f"{t} {n}" for t, n in zip(first.c_types, first.names))
            raise LinkerError(f"mismatched signature for kernel {h.kernel}: {h.path} has ({ours}), "
                              f"{first.path} has ({theirs})")
        if h.function in seen:
            raise LinkerError(f"{h.path}: specialization {h.function} is also in {seen[h.function]}")
        seen[h.function] = h.path
        group = groups.setdefault(h.algo, [])
        if any(other.hints == h.hints for other in group):
            raise LinkerError(f"{h.path}: {h.function} has the same hints as another "
                              f"specialization of {h.kernel}_{h.algo}")
        group.append(h)
    for group in groups.values():
        group.sort(key=lambda h: -h.num_hints)  # most specialized first (stable)
    return groups


def _parameters(h: SpecializationHeader):
    return ", ".join(f"{t} {n}" for t, n in zip(h.c_types, h.names))


def _with_stream(parameters: str):
    return f"TritonSpirvStream stream, {parameters}" if parameters else "TritonSpirvStream stream"


def _call_arguments(names):
    return ", ".join(["stream", *names])


def _call_all(name, callees):
    """C for `name(void)`: calls every callee, returns the first failure (or success)."""
    lines = [f"TritonSpirvResult {name}(void) {{",
             "  TritonSpirvResult result = TRITON_SPIRV_SUCCESS, each;"]
    for callee in callees:
        lines += [f"  if ((each = {callee}()) != TRITON_SPIRV_SUCCESS && result == TRITON_SPIRV_SUCCESS)",
                  "    result = each;"]
    return lines + ["  return result;", "}", ""]


def render(groups: Dict[str, List[SpecializationHeader]], prefix: str):
    first = next(iter(groups.values()))[0]
    kernel = prefix + first.kernel
    full = _with_stream(_parameters(first))
    header = ["/* Generated by triton_spirv.tools.link: the entry points of kernel "
              f"{first.kernel}. */", "#pragma once", "", "#include <triton_spirv_runtime.h>",
              "#include <stdint.h>", "", "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    for algo in groups:
        header += [f"TritonSpirvResult {kernel}_{algo}({full});",
                   f"TritonSpirvResult load_{kernel}_{algo}(void);",
                   f"TritonSpirvResult unload_{kernel}_{algo}(void);", ""]
    header += [f"int {kernel}_get_num_algos(void);",
               f"TritonSpirvResult {kernel}_default({full});",
               f"TritonSpirvResult {kernel}({full}, int algo_id);",
               f"TritonSpirvResult load_{kernel}(void);",
               f"TritonSpirvResult unload_{kernel}(void);", "",
               "#ifdef __cplusplus", "}", "#endif", ""]

    source = [f"/* Generated by triton_spirv.tools.link: the entry points of kernel {first.kernel}. */",
              "#include <stdio.h>", "", f'#include "{{header}}"', ""]
    for algo, specs in groups.items():
        source.append(f"/* {kernel}_{algo} */")
        for h in specs:
            own = _with_stream(", ".join(f"{t} {n}" for t, n in h.launch_parameters()))
            source += [f"TritonSpirvResult {h.function}({own});",
                       f"TritonSpirvResult load_{h.function}(void);",
                       f"TritonSpirvResult unload_{h.function}(void);"]
        source += ["", f"TritonSpirvResult {kernel}_{algo}({full}) {{"]
        for h in specs:
            conditions = [f"({n} % 16 == 0)" if hint == 16 else f"({n} == 1)"
                          for n, hint in zip(h.names, h.hints) if hint is not None]
            call = f"{h.function}({_call_arguments(n for _, n in h.launch_parameters())})"
            if conditions:
                source += [f"  if ({' && '.join(conditions)})", f"    return {call};"]
            else:
                source += [f"  return {call};"]
        if specs[-1].num_hints:  # no unhinted fallback: report the values that fit none
            source += ["  return triton_spirv_report_error(TRITON_SPIRV_ERROR_INVALID_VALUE,",
                       f'      "{kernel}_{algo}: no specialization fits these arguments '
                       f'(compiled: {", ".join(h.function for h in specs)})");']
        source += ["}", ""]
        for mode in ("load", "unload"):
            source += _call_all(f"{mode}_{kernel}_{algo}", [f"{mode}_{h.function}" for h in specs])
    source += [f"typedef TritonSpirvResult (*{kernel}_algo_t)({full});",
               f"static const {kernel}_algo_t {kernel}_algos[] = {{"]
    source += [f"  {kernel}_{algo}," for algo in groups]
    source += ["};", "",
               f"int {kernel}_get_num_algos(void) {{",
               f"  return (int)(sizeof({kernel}_algos) / sizeof({kernel}_algos[0]));", "}", "",
               f"TritonSpirvResult {kernel}({full}, int algo_id) {{",
               f"  if (algo_id < 0 || algo_id >= {kernel}_get_num_algos()) {{",
               "    char message[128];",
               f'    snprintf(message, sizeof message, "{kernel}: algo_id %d is not in [0, %d)", '
               f"algo_id, {kernel}_get_num_algos());",
               "    return triton_spirv_report_error(TRITON_SPIRV_ERROR_INVALID_VALUE, message);",
               "  }",
               f"  return {kernel}_algos[algo_id]({_call_arguments(first.names)});", "}", "",
               f"TritonSpirvResult {kernel}_default({full}) {{",
               f"  return {kernel}({_call_arguments(first.names)}, 0);", "}", ""]
    for mode in ("load", "unload"):
        source += _call_all(f"{mode}_{kernel}", [f"{mode}_{kernel}_{algo}" for algo in groups])
    return "\n".join(header), "\n".join(source)


def link(header_paths: List[Path], out: Path, prefix: str = ""):
    if not header_paths:
        raise LinkerError("no headers given")
    if prefix and not re.fullmatch(r"\w*", prefix):
        raise LinkerError(f"--prefix '{prefix}' is not part of a C identifier")
    groups = group_headers([parse_header(Path(p)) for p in header_paths])
    header_text, source_text = render(groups, prefix)
    header_path, source_path = out.with_suffix(".h"), out.with_suffix(".c")
    header_path.parent.mkdir(parents=True, exist_ok=True)
    header_path.write_text(header_text)
    source_path.write_text(source_text.replace("{header}", header_path.name, 1))
    return [source_path, header_path]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("headers", nargs="+", help="headers written by triton_spirv.tools.compile")
    parser.add_argument("--out", "-o", type=Path, required=True, help="out file stem (writes .c and .h)")
    parser.add_argument("--prefix", default="", help="prefix of the generated entry points' names")
    args = parser.parse_args(argv)
    try:
        files = link([Path(h) for h in args.headers], args.out, args.prefix)
    except LinkerError as error:
        print(f"triton_spirv.tools.link: error: {error}", file=sys.stderr)
        return 2
    for path in files:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

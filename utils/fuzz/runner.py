"""Runs programs on the Triton backend in a worker process, with a time limit per program: a hang
or a crash kills only the worker, which is then restarted. The worker writes each kernel to a
file (Triton reads a kernel's source from its module), launches it twice with different
sentinels in the output buffers, and sends the buffers back as numpy arrays."""
import importlib.util
import multiprocessing
import os
import re
import tempfile
import traceback

import numpy as np

from .dtypes import DTYPES, NUMPY_STORAGE, TORCH_STORAGE, to_storage
from .emit import kernel_parameters, kernel_source
from .program import buffer_sizes, input_data, sentinel


def host_arrays(program, variant):
    """Each buffer's initial contents in its storage type (numpy)."""
    sizes = buffer_sizes(program)
    arrays = {}
    for name, spec in program.buffers.items():
        n = sizes[name]
        if spec["role"] == "in":
            values = input_data(program, name, n)
        else:
            d = DTYPES[spec["dtype"]]
            s = sentinel(spec["dtype"], variant)
            values = np.full(n, float(s)) if d.is_float else np.array([s] * n, dtype=object)
        arrays[name] = to_storage(values, spec["dtype"])
    return arrays


def _to_torch(array, dtype_name, device="cpu"):
    import torch
    import triton
    import triton.language as tl
    storage = TORCH_STORAGE[dtype_name]
    if dtype_name == "bfloat16":
        return torch.from_numpy(array.astype(np.float32)).to(torch.bfloat16).to(device)
    if dtype_name in ("uint16", "uint32", "uint64"):
        signed = {"uint16": np.int16, "uint32": np.int32, "uint64": np.int64}[dtype_name]
        t = torch.from_numpy(array.view(signed).copy()).to(device)
        return triton.reinterpret(t, getattr(tl, dtype_name))
    return torch.from_numpy(array.copy()).to(getattr(torch, storage)).to(device)


def _from_torch(t, dtype_name):
    import torch
    base = getattr(t, "base", t).cpu()
    if dtype_name == "bfloat16":
        return base.to(torch.float32).numpy().astype(np.float32)
    array = base.numpy()
    if dtype_name in ("uint16", "uint32", "uint64"):
        return array.view(NUMPY_STORAGE[dtype_name]).copy()
    return array.copy()


def launch(program, kernel, device="cpu"):
    """Both runs of one program on tensors of `device` (torch's name: cpu, spirv, cuda):
    {variant: {buffer: numpy array}}."""
    buffers, scalars, _ = kernel_parameters(program)
    results = {}
    for variant in (0, 1):
        arrays = host_arrays(program, variant)
        tensors = {n: _to_torch(arrays[n], program.buffers[n]["dtype"], device) for n in buffers}
        args = [tensors[n] for n in buffers] + [program.scalars[n] for n in scalars]
        kernel[(program.grid,)](*args, **program.dims, num_warps=program.num_warps)
        results[variant] = {n: _from_torch(tensors[n], program.buffers[n]["dtype"])
                            for n in buffers if program.buffers[n]["role"] != "in"}
    return results


def classify_exception(exc):
    """'invalid' where Triton's front end rejected the program (our generator's fault), else
    'backend' (our compiler or runtime failed on a program Triton accepted)."""
    from triton.compiler.errors import CompilationError
    text = "".join(traceback.format_exception(exc))
    if isinstance(exc, CompilationError) and "triton_spirv" not in text:
        return "invalid"
    if "static_assert" in text or "static assertion" in text.lower():
        return "invalid"
    return "backend"


def error_summary(exc, keep=12):
    """The exception's first line and its lines that say what failed (compiler errors carry
    whole IR dumps; those are dropped)."""
    lines = "".join(traceback.format_exception_only(exc)).strip().splitlines()
    said = [line for line in lines[1:] if re.search(r"error|failed|Error|assert|^\s*loc\(", line)
            and len(line) < 800]
    return "\n".join(lines[:1] + said[:keep])[:4000]


def _compile_for_profile(profile):
    """Kernels compile for the named device profile (e.g. "nvidia") whatever device runs them:
    a profile's code paths (cooperative matrices, subgroup size 32, ...) checked on lavapipe."""
    from triton.backends.compiler import GPUTarget
    import triton_spirv.driver as driver
    driver.SPIRVDriver.get_current_target = lambda self: GPUTarget("spirv", profile, 32)


def _worker(conn, workdir, device, profile=None):
    if profile:
        _compile_for_profile(profile)
    while True:
        job = conn.recv()
        if job is None:
            return
        program, source = job
        try:
            path = os.path.join(workdir, f"fuzz_kernel_{program.digest()}.py")
            with open(path, "w") as f:
                f.write(source)
            spec = importlib.util.spec_from_file_location(f"fuzz_kernel_{program.digest()}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            conn.send(("ok", launch(program, module.kernel, device)))
        except BaseException as exc:  # noqa: BLE001 - everything is a result here
            kind = classify_exception(exc)
            # The kernel's own frames and the error itself, last.
            frames = [f"  {f.filename}:{f.lineno}: {f.line}\n"
                      for f in traceback.extract_tb(exc.__traceback__) if "fuzz_kernel_" in f.filename]
            conn.send((kind, "".join(frames[-1:]) + error_summary(exc)))


class Runner:
    """A worker process that runs programs; `run` returns (status, payload):
    ('ok', results) | ('invalid', msg) | ('backend', msg) | ('timeout', secs) | ('crash', code)."""

    def __init__(self, timeout=60.0, device="cpu", profile=None):
        self.timeout = timeout
        self.device = device
        self.profile = profile
        self.workdir = tempfile.mkdtemp(prefix="triton_spirv_fuzz_")
        self.proc = None

    def _start(self):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, self.workdir, self.device, self.profile), daemon=True)
        self.proc.start()

    def run(self, program, source=None):
        """`source` replaces the kernel's module text (tests use it to crash or hang)."""
        if self.proc is None or not self.proc.is_alive():
            self._start()
        self.conn.send((program, source or kernel_source(program)))
        if not self.conn.poll(self.timeout):
            self.kill()
            return ("timeout", self.timeout)
        try:
            return self.conn.recv()
        except EOFError:
            code = self.proc.exitcode
            self.kill()
            return ("crash", code)

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.join()
            self.proc = None

    def close(self):
        if self.proc is not None and self.proc.is_alive():
            self.conn.send(None)
            self.proc.join(5)
        self.kill()

"""Tests of the Vulkan runtime module `_vulkan_runtime` with hand-written
SPIR-V kernels (kernels/*.spvasm, assembled and validated at test time).

Run with the built module on PYTHONPATH, e.g.
    PYTHONPATH=<build>/python pytest test/python/runtime
Set TRITON_SPIRV_VALIDATION=1 to run everything under the Khronos validation
layer; test_zz_no_validation_errors then checks the session stayed clean.
"""
import os
import shutil
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from triton_spirv import _vulkan_runtime as rt

KERNELS = Path(__file__).parent / "kernels"
VECTOR_ADD_ARGS = "<QQQi"  # x, y, out (device addresses), n: 28 bytes

try:
    rt.get_device()
except rt.VulkanError as e:  # only "no Vulkan at all" skips
    pytest.skip(f"no Vulkan device: {e}", allow_module_level=True)


def spirv_tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found: install spirv-tools")
    return path


_assembled = {}


def assemble(stem, tmp_path_factory):
    """kernels/<stem>.spvasm -> validated SPIR-V bytes (cached per session)."""
    if stem not in _assembled:
        out = tmp_path_factory.mktemp("spv") / f"{stem}.spv"
        subprocess.run([spirv_tool("spirv-as"), "--target-env", "vulkan1.2",
                        str(KERNELS / f"{stem}.spvasm"), "-o", str(out)],
                       check=True)
        subprocess.run([spirv_tool("spirv-val"), "--target-env", "vulkan1.2",
                        str(out)], check=True)
        _assembled[stem] = out.read_bytes()
    return _assembled[stem]


@pytest.fixture(scope="session")
def spirv(tmp_path_factory):
    return lambda stem: assemble(stem, tmp_path_factory)


@pytest.fixture(scope="session")
def vector_add(spirv):
    return rt.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1), 28,
                          False)


@pytest.fixture(scope="session")
def vector_add_argblock(spirv):
    return rt.load_kernel(spirv("vector_add_argblock"), "vector_add_argblock",
                          (32, 1, 1), 8, True)


def addr(array):
    """Device address of a numpy array's memory (zero-copy host import).
    Valid for the next launch: on GPUs imports are dropped once it finished,
    so every launch computes its arguments again."""
    return rt.host_address(array.ctypes.data, array.nbytes)


def random_f32(n, seed):
    return np.random.default_rng(seed).standard_normal(n).astype(np.float32)


def lavapipe_device():
    for d in rt.list_devices():
        if "llvmpipe" in d["name"].lower() and d["usable"]:
            return rt.Device(str(d["index"]), validation=0)
    pytest.skip("no lavapipe (llvmpipe) Vulkan device on this machine")


# --- (1) vector add with push-constant arguments ---------------------------

def test_vector_add_push_constants(vector_add):
    n = 100_003  # not a multiple of the workgroup size (64)
    x, y = random_f32(n, 1), random_f32(n, 2)
    out = np.full(n + 100, -7.0, dtype=np.float32)  # tail must stay untouched
    args = struct.pack(VECTOR_ADD_ARGS, addr(x), addr(y), addr(out), n)
    rt.launch(vector_add, (n + 63) // 64, 1, 1, args)
    np.testing.assert_array_equal(out[:n], x + y)
    assert (out[n:] == -7.0).all()


def test_vector_add_torch_cpu_tensors_unaligned(vector_add):
    import torch
    n = 5_000
    gen = torch.Generator().manual_seed(3)
    base = torch.randn(2 * n + 64, generator=gen)
    x, y = base[3:3 + n], base[n + 40:2 * n + 40]  # not page/16-byte aligned
    out = torch.empty(n)
    args = struct.pack(VECTOR_ADD_ARGS,
                       *(rt.host_address(t.data_ptr(), t.numel() * 4)
                         for t in (x, y, out)), n)
    rt.launch(vector_add, (n + 63) // 64, 1, 1, args)
    assert torch.equal(out, x + y)


def test_program_ids_3d_grid(spirv):
    kernel = rt.load_kernel(spirv("program_ids"), "program_ids", (1, 1, 1), 8,
                            False)
    nx, ny, nz = 7, 5, 3
    out = np.zeros(nx * ny * nz, dtype=np.uint32)
    rt.launch(kernel, nx, ny, nz, struct.pack("<Q", addr(out)))
    z, y, x = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx),
                          indexing="ij")
    np.testing.assert_array_equal(out, (x + 1000 * y + 1000000 * z).ravel())


def test_empty_grid_is_a_no_op(vector_add):
    out = np.full(64, 5.0, dtype=np.float32)
    a = addr(out)
    rt.launch(vector_add, 0, 1, 1, struct.pack(VECTOR_ADD_ARGS, a, a, a, 64))
    assert (out == 5.0).all()


# --- (2) argument-block path ------------------------------------------------

def test_vector_add_argument_block(vector_add_argblock):
    n = 77_777
    x, y = random_f32(n, 4), random_f32(n, 5)
    out = np.zeros(n, dtype=np.float32)
    args = struct.pack(VECTOR_ADD_ARGS, addr(x), addr(y), addr(out), n)
    rt.launch(vector_add_argblock, (n + 31) // 32, 1, 1, args)
    np.testing.assert_array_equal(out, x + y)


def test_async_chain_is_ordered(vector_add, vector_add_argblock):
    """Each launch reads the previous one's output; all are submitted before
    one synchronize(). Alternates both argument paths (and so many argument
    blocks live at once)."""
    n, steps = 20_001, 12
    x, y = random_f32(n, 6), random_f32(n, 7)
    bufs = [x] + [np.zeros(n, dtype=np.float32) for _ in range(steps)]
    for i in range(steps):
        args = struct.pack(VECTOR_ADD_ARGS, addr(bufs[i]), addr(y),
                           addr(bufs[i + 1]), n)
        if i % 2:
            rt.launch(vector_add_argblock, (n + 31) // 32, 1, 1, args,
                      sync=False)
        else:
            rt.launch(vector_add, (n + 63) // 64, 1, 1, args, sync=False)
    rt.synchronize()
    expected = x
    for _ in range(steps):
        expected = expected + y
        np.testing.assert_array_equal(bufs[_ + 1], expected)


def test_kernel_released_while_in_flight(spirv):
    kernel = rt.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1), 28,
                            False)
    n = 50_000
    x, y = random_f32(n, 8), random_f32(n, 9)
    out = np.zeros(n, dtype=np.float32)
    rt.launch(kernel, (n + 63) // 64, 1, 1,
              struct.pack(VECTOR_ADD_ARGS, addr(x), addr(y), addr(out), n),
              sync=False)
    del kernel  # its pipeline must outlive the launch
    rt.synchronize()
    np.testing.assert_array_equal(out, x + y)


# --- (3) alloc / copies -------------------------------------------------------

@pytest.mark.parametrize("host_visible", [False, True])
def test_alloc_round_trip(host_visible):
    data = np.random.default_rng(10).integers(0, 256, 300_001, dtype=np.uint8)
    buf = rt.alloc(data.nbytes, host_visible=host_visible)
    assert buf.size == data.nbytes and buf.address != 0
    buf.copy_from_host(data.ctypes.data, data.nbytes)
    back = np.zeros_like(data)
    buf.copy_to_host(back.ctypes.data, back.nbytes)
    np.testing.assert_array_equal(back, data)
    # bytes API with offsets
    buf.write(b"\x01\x02\x03\x04\x05", 1000)
    assert buf.read(7, 999) == bytes([data[999], 1, 2, 3, 4, 5, data[1005]])
    assert buf.read() == bytes(buf.read(buf.size))
    with pytest.raises(rt.VulkanError, match="outside the buffer"):
        buf.read(10, buf.size - 5)
    with pytest.raises(rt.VulkanError, match="outside the buffer"):
        buf.write(b"xx", buf.size - 1)


def test_kernel_on_allocated_buffers(vector_add):
    n = 12_345
    x, y = random_f32(n, 11), random_f32(n, 12)
    dx = rt.alloc(x.nbytes)  # device-local (staging copies on GPUs)
    dy = rt.alloc(y.nbytes, host_visible=True)
    dout = rt.alloc(x.nbytes)
    dx.write(x.tobytes())
    dy.write(y.tobytes())
    args = struct.pack(VECTOR_ADD_ARGS, dx.address, dy.address, dout.address,
                       n)
    rt.launch(vector_add, (n + 63) // 64, 1, 1, args, sync=False)
    out = np.frombuffer(dout.read(), dtype=np.float32)  # read waits
    np.testing.assert_array_equal(out, x + y)


@pytest.mark.parametrize("spin_us", [0, 1, 1_000_000])
def test_fence_spin_budgets(spirv, spin_us):
    """A synchronous launch polls its fence for up to the budget before sleeping on it:
    results are complete however the wait ends, short kernels after long ones included
    (a kernel whose last wait outlasted the budget sleeps at once)."""
    device = rt.Device(fence_spin_us=spin_us)
    kernel = device.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1), 28, False)
    for seed, n in enumerate([3_000_001, 17, 2_000_003, 64, 5]):
        x, y = random_f32(n, seed), random_f32(n, seed + 50)
        out = np.full(n, np.nan, dtype=np.float32)
        args = struct.pack(VECTOR_ADD_ARGS, *(device.host_address(a.ctypes.data, a.nbytes)
                                              for a in (x, y, out)), n)
        device.launch(kernel, (n + 63) // 64, 1, 1, args, sync=True)
        np.testing.assert_array_equal(out, x + y)


# --- (4) timing ---------------------------------------------------------------

def test_time_launches(vector_add, vector_add_argblock):
    n = 1 << 20
    x, y = random_f32(n, 13), random_f32(n, 14)
    out = np.zeros(n, dtype=np.float32)
    args = lambda: struct.pack(VECTOR_ADD_ARGS, addr(x), addr(y), addr(out), n)
    times = rt.time_launches(vector_add, n // 64, 1, 1, args(), 5)
    assert len(times) == 5
    assert all(0 < t < 10_000 for t in times), times
    np.testing.assert_array_equal(out, x + y)  # the timed launches ran
    times = rt.time_launches(vector_add_argblock, n // 32, 1, 1, args(), 3)
    assert len(times) == 3 and all(t > 0 for t in times), times


# --- (5) device properties ------------------------------------------------------

def test_device_properties_are_sane():
    p = rt.device_properties()
    assert p["name"]
    assert p["device_type"] in ("discrete_gpu", "integrated_gpu",
                                "virtual_gpu", "cpu", "other")
    major, minor = map(int, p["api_version"].split(".")[:2])
    assert (major, minor) >= (1, 2)
    sg = p["subgroup_size"]
    assert sg >= 1 and sg & (sg - 1) == 0
    assert p["min_subgroup_size"] <= sg <= p["max_subgroup_size"]
    assert "basic" in p["supported_subgroup_operations"]
    assert p["max_workgroup_invocations"] >= 128
    assert len(p["max_workgroup_size"]) == 3
    assert p["max_shared_mem"] >= 16384
    assert p["max_push_constants_size"] >= 128
    assert p["max_storage_buffer_range"] > 0
    assert p["timestamp_period_ns"] > 0
    assert p["multiprocessor_count"] >= 1 and p["multiprocessor_count_source"]
    assert p["max_num_regs"] == 65536
    assert p["features"]["buffer_device_address"]
    assert p["has_cooperative_matrix"] == bool(p["cooperative_matrix_shapes"])
    for shape in p["cooperative_matrix_shapes"]:
        assert shape["m"] > 0 and shape["n"] > 0 and shape["k"] > 0
        assert shape["a_type"] and shape["scope"]


def test_pipeline_executables(spirv):
    """Driver statistics where VK_KHR_pipeline_executable_properties exists
    (NVIDIA: registers, spills); an empty list elsewhere (lavapipe)."""
    kernel = rt.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1), 28,
                            False, capture_internal_representations=True)
    executables = kernel.executables()
    assert isinstance(executables, list)
    if not rt.device_properties()["features"]["pipeline_executable_info"]:
        assert executables == []
        return
    assert executables and executables[0]["statistics"]
    for exe in executables:
        assert exe["name"] and exe["subgroup_size"] >= 1
        assert all(isinstance(v, (int, float))
                   for v in exe["statistics"].values())


def test_lavapipe_properties():
    p = lavapipe_device().device_properties()
    assert p["device_type"] == "cpu"
    assert p["subgroup_size"] == 8
    assert p["has_external_memory_host"]
    assert p["min_imported_host_pointer_alignment"] == 4096
    # Mesa 22.3 (Debian 12): 128 bytes, Mesa 25 (bookworm-backports): 256; the
    # lavapipe profile plans for 128.
    assert p["max_push_constants_size"] >= 128
    assert p["max_shared_mem"] == 32768
    assert p["max_workgroup_invocations"] == 1024
    assert p["multiprocessor_count"] == os.cpu_count()
    assert p["multiprocessor_count_source"] == "hardware_concurrency"
    assert not p["has_cooperative_matrix"]
    assert not p["features"]["pipeline_executable_info"]
    for feature in ("shader_int64", "shader_float64", "shader_int16",
                    "shader_float16", "shader_int8", "scalar_block_layout",
                    "vulkan_memory_model", "storage_buffer_8bit_access",
                    "storage_buffer_16bit_access",
                    "shader_buffer_float32_atomic_add",
                    "subgroup_size_control"):
        assert p["features"][feature], feature
    assert {"vote", "arithmetic", "ballot", "shuffle"} <= set(
        p["supported_subgroup_operations"])


# --- (6) errors -------------------------------------------------------------------

def test_bad_spirv_raises_naming_the_call(spirv):
    device = lavapipe_device()  # the driver-level case is driver specific
    good = spirv("vector_add")
    with pytest.raises(RuntimeError, match=r"vkCreateShaderModule: not a SPIR-V"):
        device.load_kernel(b"\x00" * 64, "vector_add", (64, 1, 1), 28, False)
    with pytest.raises(RuntimeError, match=r"vkCreateShaderModule: .*multiple of 4"):
        device.load_kernel(good[:-2], "vector_add", (64, 1, 1), 28, False)
    with pytest.raises(RuntimeError, match=r"vkCreateShaderModule: .*truncated"):
        device.load_kernel(good[:-8], "vector_add", (64, 1, 1), 28, False)
    with pytest.raises(RuntimeError,
                       match=r"vkCreateComputePipelines: .*no GLCompute entry "
                             r"point 'nope' \(it has 'vector_add'\)"):
        device.load_kernel(good, "nope", (64, 1, 1), 28, False)
    # An unknown opcode inside the function: only the driver notices.
    words = list(struct.unpack(f"<{len(good) // 4}I", good))
    fadd = max(i for i, w in enumerate(words) if i > 5 and w & 0xFFFF == 129)
    words[fadd] = (words[fadd] & 0xFFFF0000) | 0x7FFF
    corrupt = struct.pack(f"<{len(words)}I", *words)
    with pytest.raises(RuntimeError,
                       match=r"vkCreateComputePipelines failed: VK_ERROR_\w+"):
        device.load_kernel(corrupt, "vector_add", (64, 1, 1), 28, False)
    assert issubclass(rt.VulkanError, RuntimeError)


def test_load_kernel_checks(spirv):
    p = rt.device_properties()
    good = spirv("vector_add")
    with pytest.raises(rt.VulkanError, match="differs from the shader's LocalSize"):
        rt.load_kernel(good, "vector_add", (128, 1, 1), 28, False)
    too_big = p["max_push_constants_size"] + 4
    with pytest.raises(rt.VulkanError, match="argument block"):
        rt.load_kernel(good, "vector_add", (64, 1, 1), too_big, False)
    with pytest.raises(rt.VulkanError, match="shared memory"):
        rt.load_kernel(good, "vector_add", (64, 1, 1), 28, False,
                       shared_mem_bytes=p["max_shared_mem"] + 1)
    rt.load_kernel(good, "vector_add", (64, 1, 1), 28, False,
                   required_subgroup_size=p["subgroup_size"])
    with pytest.raises(rt.VulkanError, match="required_subgroup_size"):
        rt.load_kernel(good, "vector_add", (64, 1, 1), 28, False,
                       required_subgroup_size=p["max_subgroup_size"] * 2)


def test_launch_checks(vector_add, vector_add_argblock):
    with pytest.raises(rt.VulkanError, match="takes 28 bytes of arguments, got 24"):
        rt.launch(vector_add, 1, 1, 1, bytes(24))
    with pytest.raises(rt.VulkanError, match="argument block but got no"):
        rt.launch(vector_add_argblock, 1, 1, 1, b"")
    # Beyond the per-dispatch limit the grid is split (n = 0: nothing is
    # touched); kernels reading num_programs are refused (tested end to end).
    limit = rt.device_properties()["max_workgroup_count"][0]
    rt.launch(vector_add, limit + 1, 1, 1, bytes(28))


# --- host imports ---------------------------------------------------------------

def test_host_import_cache_reuses_and_releases():
    rt.release_host_imports()
    assert rt.get_device().host_import_count() == 0
    backing = np.zeros(200_000, dtype=np.float32)
    a, b = backing[:100_000], backing[-10:]  # pages apart
    base = addr(a)
    assert addr(a) == base
    assert rt.host_address(a.ctypes.data + 4000, 400) == base + 4000
    assert rt.get_device().host_import_count() == 1
    addr(b)
    assert rt.get_device().host_import_count() == 2
    rt.release_host_imports()
    assert rt.get_device().host_import_count() == 0


def test_overlapping_host_imports_merge(spirv):
    """A request that overlaps an imported span without being covered gets
    one union span; the old span retires once no launch can use it."""
    device = rt.Device(validation=0, host_import_cache=16)
    if not device.device_properties()["has_external_memory_host"]:
        pytest.skip("device has no VK_EXT_external_memory_host")
    kernel = device.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1),
                                28, False)
    n = 40_000
    backing = np.zeros(4 * 65536, dtype=np.float32)  # regions pages apart
    x, y = backing[:n], backing[65536:65536 + n]
    big = backing[2 * 65536:2 * 65536 + 3 * n]
    x[:], y[:] = random_f32(n, 15), random_f32(n, 16)
    ax, ay = (device.host_address(a.ctypes.data, a.nbytes) for a in (x, y))
    device.host_address(big.ctypes.data, n * 4)                   # [0, n)
    count = device.host_import_count()
    second = device.host_address(big.ctypes.data + n * 2, n * 4)  # [n/2, 3n/2)
    assert device.host_import_count() == count + 1  # union + retired span
    first = device.host_address(big.ctypes.data, n * 4)  # inside the union
    assert second - first == n * 2
    assert device.host_import_count() == count + 1
    device.launch(kernel, (n + 63) // 64, 1, 1,
                  struct.pack(VECTOR_ADD_ARGS, ax, ay, second, n))
    assert device.host_import_count() == count  # retired span dropped
    np.testing.assert_array_equal(big[n // 2:n // 2 + n], x + y)


def test_host_import_cache_evicts_lru(spirv):
    device = rt.Device(validation=0, host_import_cache=2)
    if not device.device_properties()["has_external_memory_host"]:
        pytest.skip("device has no VK_EXT_external_memory_host")
    kernel = device.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1),
                                28, False)
    # Slices 256 KiB apart never share a page (separate allocations might).
    backing = np.zeros(5 * 65536, dtype=np.float32)
    arrays = [backing[i * 65536:i * 65536 + 50_000] for i in range(5)]
    addrs = [device.host_address(a.ctypes.data, a.nbytes) for a in arrays]
    assert device.host_import_count() == 5  # nothing evicted before a launch
    a0, a1, a2 = addrs[2], addrs[3], addrs[4]  # most recently used
    device.host_address(arrays[0].ctypes.data, 4)  # ...now arrays[0] is
    device.launch(kernel, 1, 1, 1,
                  struct.pack(VECTOR_ADD_ARGS, a1, a2, a1, 64))
    assert device.host_import_count() == 2  # LRU beyond the limit evicted
    # arrays[4] and arrays[0] survived: no new import for them
    device.host_address(arrays[4].ctypes.data, 8)
    device.host_address(arrays[0].ctypes.data, 8)
    assert device.host_import_count() == 2
    device.host_address(arrays[2].ctypes.data, 8)
    assert device.host_import_count() == 3
    del a0


def test_transient_host_imports(spirv):
    """host_import_cache=0 (the default on GPUs): imports live until the
    launch after them completed, even across other device work."""
    device = rt.Device(validation=0, host_import_cache=0)
    if not device.device_properties()["has_external_memory_host"]:
        pytest.skip("device has no VK_EXT_external_memory_host")
    kernel = device.load_kernel(spirv("vector_add"), "vector_add", (64, 1, 1),
                                28, False)
    n = 30_000
    x, y = random_f32(n, 17), random_f32(n, 18)
    out = np.zeros(n, dtype=np.float32)
    args = struct.pack(VECTOR_ADD_ARGS,
                       *(device.host_address(a.ctypes.data, a.nbytes)
                         for a in (x, y, out)), n)
    staged = device.alloc(1024)  # copies/synchronization in between
    staged.write(bytes(range(256)) * 4)
    device.synchronize()
    assert device.host_import_count() == 3
    device.launch(kernel, (n + 63) // 64, 1, 1, args)
    np.testing.assert_array_equal(out, x + y)
    assert device.host_import_count() == 0


# --- processes with their own environment ---------------------------------------

def run_python(code, env_extra, timeout=120):
    env = dict(os.environ, **env_extra)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(Path(rt.__file__).parent), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_device_selection_env():
    code = "from triton_spirv import _vulkan_runtime as rt; print(rt.device_properties()['name'])"
    first = rt.list_devices()[0]
    r = run_python(code, {"TRITON_SPIRV_DEVICE": "0"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == first["name"]
    word = first["name"].split()[0].upper()  # case-insensitive substring
    r = run_python(code, {"TRITON_SPIRV_DEVICE": word})
    assert r.returncode == 0 and first["name"].split()[0] in r.stdout, r.stderr
    r = run_python(code, {"TRITON_SPIRV_DEVICE": "no-such-gpu-xyz"})
    assert r.returncode != 0
    assert "matches no Vulkan device" in r.stderr and first["name"] in r.stderr


def test_queue_family_env():
    """TRITON_SPIRV_QUEUE_FAMILY picks a compute family; anything else names itself."""
    code = "from triton_spirv import _vulkan_runtime as rt; print(rt.device_properties()['name'])"
    r = run_python(code, {"TRITON_SPIRV_QUEUE_FAMILY": "0"})
    assert r.returncode == 0, r.stderr
    for bad in ("99", "x"):
        r = run_python(code, {"TRITON_SPIRV_QUEUE_FAMILY": bad})
        assert r.returncode != 0
        assert f"TRITON_SPIRV_QUEUE_FAMILY={bad} is not a compute queue family" in r.stderr, r.stderr


def _hang_on_lavapipe(spirv, tmp_path, timeout_s, warm_up):
    """Runs the `spin` kernel on lavapipe in a subprocess (which exits without
    waiting for the device) with TRITON_SPIRV_TIMEOUT_S = `timeout_s`: first, if
    `warm_up`, a short launch that prints its count, then one that takes hours
    on any device (~2.5e14 atomics on one address). On lavapipe only: a GPU goes
    on running the hung kernel after the process exits, starving everything
    after it."""
    lavapipe = [d for d in rt.list_devices() if "llvmpipe" in d["name"].lower()]
    if not lavapipe:
        pytest.skip("no lavapipe (llvmpipe) Vulkan device on this machine")
    spv = tmp_path / "spin.spv"
    spv.write_bytes(spirv("spin"))
    code = f"""
        import os, struct, numpy as np
        from triton_spirv import _vulkan_runtime as rt
        k = rt.load_kernel(open({str(spv)!r}, 'rb').read(), 'spin', (1, 1, 1),
                           12, False)
        counter = np.zeros(1024, dtype=np.uint32)
        a = rt.host_address(counter.ctypes.data, counter.nbytes)
        if {warm_up!r}:
            rt.launch(k, 3, 1, 1, struct.pack('<QI', a, 1000))
            print('count', counter[0], flush=True)
        try:
            rt.launch(k, 65535, 65535, 1, struct.pack('<QI', a, 60000))
            print('finished?!', flush=True)
        except RuntimeError as e:
            print('raised', e, flush=True)
        os._exit(0)
    """
    return run_python(code, {"TRITON_SPIRV_TIMEOUT_S": str(timeout_s),
                             "TRITON_SPIRV_DEVICE": str(lavapipe[0]["index"])},
                      timeout=90)


def test_launch_timeout_raises(spirv, tmp_path):
    """A kernel running far longer than TRITON_SPIRV_TIMEOUT_S raises instead
    of hanging."""
    r = _hang_on_lavapipe(spirv, tmp_path, 1, warm_up=True)
    assert "count 3000" in r.stdout, r.stdout + r.stderr
    assert "raised vkWaitForFences timed out after 1" in r.stdout, r.stdout
    assert "VK_TIMEOUT" in r.stdout


def test_first_dispatch_waits_longer_on_cpu_drivers(spirv, tmp_path):
    """llvmpipe compiles a shader at its first dispatch, so the wait for a
    kernel's first dispatch gets 5x TRITON_SPIRV_TIMEOUT_S and says why when it
    runs out; later dispatches keep the plain limit (test_launch_timeout_raises)."""
    r = _hang_on_lavapipe(spirv, tmp_path, 0.5, warm_up=False)
    assert "raised vkWaitForFences timed out after 2.5" in r.stdout, r.stdout + r.stderr
    assert "a kernel's first dispatch" in r.stdout, r.stdout


def test_validation_layer_is_clean(spirv, tmp_path):
    """Every path (push constants, argument block, async, alloc + staging,
    timestamps) under VK_LAYER_KHRONOS_validation with synchronization
    validation: zero errors. A deliberately wrong push-constant size then
    proves that errors are counted."""
    for stem in ("vector_add", "vector_add_argblock"):
        (tmp_path / f"{stem}.spv").write_bytes(spirv(stem))
    code = f"""
        import struct, numpy as np
        from triton_spirv import _vulkan_runtime as rt
        d = {str(tmp_path)!r}
        k = rt.load_kernel(open(d + '/vector_add.spv', 'rb').read(),
                           'vector_add', (64, 1, 1), 28, False)
        kb = rt.load_kernel(open(d + '/vector_add_argblock.spv', 'rb').read(),
                            'vector_add_argblock', (32, 1, 1), 8, True)
        n = 3000
        x = np.arange(n, dtype=np.float32); y = 2 * x
        o = np.zeros(n, dtype=np.float32)
        ha = lambda a: rt.host_address(a.ctypes.data, a.nbytes)
        args = lambda: struct.pack('<QQQi', ha(x), ha(y), ha(o), n)
        rt.launch(k, (n + 63) // 64, 1, 1, args())
        rt.launch(kb, (n + 31) // 32, 1, 1, args(), sync=False)
        rt.launch(k, (n + 63) // 64, 1, 1, args(), sync=False)
        rt.synchronize()
        assert (o == 3 * x).all()
        dx = rt.alloc(x.nbytes); dx.write(x.tobytes())
        dout = rt.alloc(x.nbytes, host_visible=True)
        args2 = lambda: struct.pack('<QQQi', dx.address, ha(y), dout.address, n)
        rt.time_launches(k, (n + 63) // 64, 1, 1, args2(), 4)
        rt.time_launches(kb, (n + 31) // 32, 1, 1, args2(), 2)
        assert np.frombuffer(dout.read(), np.float32).tolist() == (3 * x).tolist()
        del dx, dout, k, kb
        rt.release_host_imports()
        print('clean errors', rt.validation_error_count(), flush=True)
        for m in rt.validation_messages():
            print('message', m)
        rt.load_kernel(open(d + '/vector_add.spv', 'rb').read(),
                       'vector_add', (64, 1, 1), 8, False)
        print('after bad layout', rt.validation_error_count(), flush=True)
    """
    r = run_python(code, {"TRITON_SPIRV_VALIDATION": "sync"})
    if "VK_LAYER_KHRONOS_validation is not installed" in r.stderr:
        pytest.skip("vulkan-validationlayers is not installed")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "clean errors 0" in r.stdout, r.stdout + r.stderr
    assert "message" not in r.stdout, r.stdout  # no warnings either
    bad = int(r.stdout.split("after bad layout")[1].split()[0])
    assert bad >= 1, r.stdout


def test_zz_no_validation_errors():
    """Runs last: with TRITON_SPIRV_VALIDATION set, this whole session must
    not have produced a validation error on the default device."""
    if os.environ.get("TRITON_SPIRV_VALIDATION", "0") in ("", "0"):
        pytest.skip("TRITON_SPIRV_VALIDATION is not set")
    rt.synchronize()
    assert rt.validation_error_count() == 0, rt.validation_messages()

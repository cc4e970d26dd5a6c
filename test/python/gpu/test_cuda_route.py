"""The cuda route (TRITON_SPIRV_BACKEND=1 where torch has CUDA): torch CUDA tensors
through Vulkan on the same GPU. Runs where CUDA and a Vulkan GPU exist."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("torch has no CUDA device here (the cuda route needs one)", allow_module_level=True)


@pytest.fixture(scope="module")
def results():
    env = dict(os.environ, TRITON_SPIRV_BACKEND="1")
    run = subprocess.run([sys.executable, str(Path(__file__).with_name("cuda_route_checks.py"))],
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-4000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def ok(results, name):
    value = results[name]
    assert not (isinstance(value, dict) and "error" in value), value.get("error")
    return value


def test_driver_selected_by_environment(results):
    value = ok(results, "driver_is_ours")
    assert value["driver"] == "triton_spirv.driver.SPIRVDriver"
    assert value["device"].startswith("cuda")


def test_vector_add(results):
    for n, value in ok(results, "vector_add_sizes").items():
        assert value["nan"] == 0, n
        assert value["max_error"] < 1e-6, n


def test_strided_views_and_scalars(results):
    value = ok(results, "strided_views_and_scalars")
    assert value["nan"] == 0
    assert value["max_error"] < 1e-3


def test_reinterpreted_argument(results):
    assert ok(results, "reinterpreted_argument")["mismatches"] == 0


def test_stream_order(results):
    value = ok(results, "ordering_with_torch_ops")
    assert value["max_error"] < 1e-5
    assert value["chain_min"] == value["chain_max"] == 50.0
    assert ok(results, "side_stream")["max_error"] < 1e-5


def test_foreign_memory_is_refused(results):
    value = ok(results, "foreign_memory_is_refused")
    assert value["message"] and "'x_ptr'" in value["message"] and "Vulkan cannot reach" in value["message"]
    assert value["cpu_message"] and "'x_ptr'" in value["cpu_message"] and ".cuda()" in value["cpu_message"]


def test_no_leaks(results):
    value = ok(results, "many_launches_no_leak")
    before, after = value["before"], value["after"]
    assert after["segments"] == before["segments"]
    assert after["live_blocks"] == before["live_blocks"]
    assert after["launches"] - before["launches"] == 500 * 4
    assert value["fds_after"] <= value["fds_before"]


def test_do_bench(results):
    value = ok(results, "do_bench_times_the_device")
    assert value["ms"] > 0 and value["torch_ms"] > 0


def test_device_properties(results):
    value = ok(results, "device_properties")
    assert value["multiprocessor_count"] > 1 and value["warpSize"] == 32


def test_spin_lock_orders_plain_accesses(results):
    # Atomics are acquire-release: the row a program reads after taking the
    # lock holds every earlier program's update.
    assert ok(results, "spin_lock_accumulation")["max_error"] < 1e-3


def test_relaxed_spin_lock_counts_every_program(results):
    assert ok(results, "relaxed_spin_lock_accumulation")["counts"] == [2000.0]


def test_contended_atomics(results):
    cases = ok(results, "contended_atomics")
    assert len(cases) == 3, cases
    for name, case in cases.items():
        assert all(count == 0 for count in case.values()), (name, case)


def test_pointer_tables_are_translated(results):
    result = ok(results, "pointer_table_translated")
    assert result["unwritten"] == 0 and result["max_error"] == 0.0
    assert result["version_changed"]


def assert_16_bit_matmul_cases(value, nvidia_flag):
    """Every element written, within 1e-4 of the result's scale (products of 16-bit floats are
    exact in f32; only the f32 sums round), and `nvidia_flag` set exactly on NVIDIA."""
    for shape, case in value["cases"].items():
        assert case["unwritten"] == 0, shape
        assert case["max_error"] <= 1e-4 * case["scale"], (shape, case)
        assert case[nvidia_flag] == (value["profile"] == "nvidia"), (shape, value["profile"])


def test_bf16_matmul_on_cooperative_matrices(results):
    assert_16_bit_matmul_cases(ok(results, "bf16_matmul_on_cooperative_matrices"), "bf16_matrices")


def test_fp16_matmul_with_transposed_weight(results):
    assert_16_bit_matmul_cases(ok(results, "fp16_matmul_with_transposed_weight"), "column_major_b")


def test_int8_matmul_on_cooperative_matrices(results):
    value = ok(results, "int8_matmul_on_cooperative_matrices")
    assert len(value["cases"]) == 5
    for shape, case in value["cases"].items():
        assert case["unwritten"] == 0 and case["mismatches"] == 0, (shape, case)
        nvidia = value["profile"] == "nvidia"
        assert case["int8_matrices"] == nvidia, (shape, value["profile"])
        # A transposed block (w.T, a.T) is loaded along its rows in memory and multiplied
        # column-major.
        transposed = shape.endswith(("-wT", "-aT"))
        assert case["column_major"] == (nvidia and transposed), (shape, case)


def test_correctly_rounded_ops(results):
    # Mismatching elements per case: fma in f32 and f64, the _rn sqrt, division, reciprocal,
    # 18 directed roundings, 5 roundings to integers in f32 and f64.
    cases = ok(results, "correctly_rounded_ops")
    assert len(cases) == 36 and all(count == 0 for count in cases.values()), cases


def test_bf16_memory_bound_kernels(results):
    for name, case in ok(results, "bf16_memory_bound_kernels").items():
        assert case["unwritten"] == 0, name
        # bf16 keeps 8 significant bits: results (and each rounded step) within a few ulps.
        assert case["max_error"] <= 2 ** -6 * case["scale"], (name, case)


def test_multi_head_attention(results):
    # fp16 probabilities and output: within 4e-3 of float64 (inputs of unit scale).
    for name, case in ok(results, "multi_head_attention").items():
        assert case["unwritten"] == 0, name
        assert case["max_error"] < 4e-3, (name, case)
        assert case["lse_error"] < 1e-3, (name, case)


def test_masked_attention(results):
    # Any sequence length, causal and not: within 4e-3 of float64, every row written.
    cases = ok(results, "masked_attention")
    assert len(cases) == 32, cases
    for name, case in cases.items():
        assert case["unwritten"] == 0, name
        assert case["max_error"] < 4e-3, (name, case)


def test_multi_head_attention_backward(results):
    # fp16 gradients: the largest error within 1% of the largest gradient.
    for name, case in ok(results, "multi_head_attention_backward").items():
        assert case["unwritten"] == 0, name
        # dK/dV-only cases (tutorial 06's tile at 8 warps) have no dq.
        gradients = [g for g in ("dq", "dk", "dv") if g in case]
        assert {"dk", "dv"} <= set(gradients), (name, case)
        for gradient in gradients:
            assert case[gradient] < 1e-2, (name, gradient, case)


def test_nan_operands_of_max_and_min(results):
    value = ok(results, "nan_operands_of_max_and_min")
    assert value.pop("nan_inputs") > 1000
    assert value == {"max": 0, "min": 0, "row_max": 0, "row_min": 0}


def test_reduction_results_in_every_invocation(results):
    cases = ok(results, "reduction_results_in_every_invocation")
    assert len(cases) == 9, cases
    for name, case in cases.items():
        assert case["not_identical"] == 0, (name, case)
        assert case["max_mismatches"] == 0, (name, case)
        assert case["min_mismatches"] == 0, (name, case)
        assert case["sum_error"] < 1e-6, (name, case)

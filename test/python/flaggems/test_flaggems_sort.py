"""FlagGems' sort (a radix sort whose kernels keep tiles in global scratch on lavapipe) against
torch.sort, on the sizes of FlagGems' own test. Sorting along a short dimension makes one
program per row: 4 x 65536 along dim 0 wanted 8.6 GB of scratch, beyond any allocation, before
launches ran such grids in chunks of programs that reuse bounded scratch (issue 63).
"""

import importlib.util

import pytest

if importlib.util.find_spec("flag_gems") is None:
    pytest.skip("FlagGems is not installed (pip install --no-deps flag-gems==5.0.2 "
                "sqlalchemy==2.0.48 PyYAML==6.0.3)", allow_module_level=True)

import triton_spirv.flaggems as registration  # noqa: E402

registration.install()

import flag_gems  # noqa: E402
import torch  # noqa: E402

from triton_spirv import driver  # noqa: E402

if flag_gems.vendor_name != registration.VENDOR:
    pytest.skip(f"FlagGems chose vendor {flag_gems.vendor_name!r}: triton-spirv is not Triton's "
                "active backend here", allow_module_level=True)

DEVICE = flag_gems.device


@pytest.fixture
def launches():
    """(launcher, grid) of every launch of our driver during the test."""
    seen = []
    original = driver.SPIRVLauncher.__call__

    def recording_call(self, gx, gy, gz, *args, **kwargs):
        seen.append((self, (gx, gy, gz)))
        return original(self, gx, gy, gz, *args, **kwargs)

    driver.SPIRVLauncher.__call__ = recording_call
    yield seen
    driver.SPIRVLauncher.__call__ = original


def _check_sort(x, dim, descending, stable):
    expected = torch.sort(x, dim=dim, descending=descending, stable=True)
    with flag_gems.use_gems():
        if stable:
            values, indices = torch.sort(x.to(DEVICE), dim=dim, descending=descending, stable=True)
        else:
            values, indices = torch.sort(x.to(DEVICE), dim=dim, descending=descending)
    # FlagGems' radix sort is stable either way: the indices of ties match too.
    assert torch.equal(values.cpu(), expected.values)
    assert torch.equal(indices.cpu(), expected.indices)


@pytest.mark.parametrize("descending, stable", [(False, False), (True, False), (False, True)])
def test_sort_rows_of_65536(descending, stable):
    x = torch.randn(4, 65536, generator=torch.Generator().manual_seed(1))
    x[:, ::97] = x[:, 5:6]  # ties, which only a stable sort orders by index
    _check_sort(x, -1, descending, stable)


@pytest.mark.parametrize("descending", [False, True])
def test_sort_of_many_short_rows_runs_in_chunks(monkeypatch, launches, descending):
    # 1024 rows of 4 along dim 0: one program per row. A 16 MiB limit makes the histogram
    # (128 KiB per program) and sweep (24 KiB) launches run in chunks, as 4 x 65536 does at the
    # default 256 MiB (which takes minutes on llvmpipe).
    monkeypatch.setenv("TRITON_SPIRV_SCRATCH_LIMIT", str(16 << 20))
    x = torch.randn(4, 1024, generator=torch.Generator().manual_seed(2))
    x[1] = x[0]
    _check_sort(x, 0, descending, stable=True)
    chunked = set()
    for launcher, grid in launches:
        per_program = launcher.metadata.scratch_bytes_per_program
        programs = grid[0] * grid[1] * grid[2]
        if per_program and launcher.kernel.scratch_bytes(*grid) < per_program * programs:
            assert launcher.kernel.scratch_bytes(*grid) <= 16 << 20
            chunked.add(launcher.metadata.name)
    assert {"compute_global_hist_kernel", "sweep"} <= chunked, chunked

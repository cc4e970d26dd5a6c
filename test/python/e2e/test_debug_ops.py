"""tl.device_print prints every element (from a debug buffer the launcher
reads back); tl.device_assert (with debug on) raises naming the message,
program and element."""
import re

import pytest
import torch

from . import kernels_debug as k


def test_device_print_every_element(capsys):
    x = torch.randn(8)
    k.print_kernel[(2,)](x, 8, BLOCK=4)
    lines = capsys.readouterr().out.splitlines()
    values = {}
    offsets = {}
    for line in lines:
        m = re.match(r"pid \((\d+), 0, 0\) idx \(\s*(\d+)\) x: (\S+)$", line)
        if m:
            values[int(m.group(1)) * 4 + int(m.group(2))] = float(m.group(3))
        m = re.match(r"pid \((\d+), 0, 0\) idx \(\s*(\d+)\) pid and offsets: \(operand (\d)\) (-?\d+)$", line)
        if m:
            offsets[(int(m.group(1)), int(m.group(2)), int(m.group(3)))] = int(m.group(4))
    assert sorted(values) == list(range(8))
    assert all(values[i] == x[i].item() for i in range(8))
    for pid in range(2):
        for idx in range(4):
            assert offsets[(pid, idx, 0)] == pid
            assert offsets[(pid, idx, 1)] == pid * 4 + idx


def test_device_assert_raises():
    x = torch.rand(64) + 0.1
    k.assert_kernel[(2,)](x, 64, BLOCK=32, debug=True)  # passes
    x[37] = -1.0
    with pytest.raises(AssertionError, match=r"x must be non-negative.*pid \(1, 0, 0\) idx 5"):
        k.assert_kernel[(2,)](x, 64, BLOCK=32, debug=True)

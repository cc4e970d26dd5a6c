"""utils/llvmpipe_hotspots.py: parsing llvmpipe's disassembly and placing perf samples on it."""
import importlib.util
import pathlib
import random

import pytest

_PATH = pathlib.Path(__file__).resolve().parents[2] / "utils" / "llvmpipe_hotspots.py"
_SPEC = importlib.util.spec_from_file_location("llvmpipe_hotspots", _PATH)
hotspots = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(hotspots)

_LENGTHS = (3, 4, 5, 6, 7, 9, 11)


def _function_text(name, count, rng):
    """A dump section: `name:` then `offset:<tab>instruction` lines of random lengths."""
    lines, offset = [f"{name}:"], 0
    for i in range(count):
        lines.append(f"  {offset:5x}:\tinsn{i}\t%ymm{i % 16}")
        offset += rng.choice(_LENGTHS)
    return "\n".join(lines), offset


def test_parse_asm_numbers_repeated_names_and_skips_empty_functions():
    rng = random.Random(1)
    first, _ = _function_text("cs_co_variant", 40, rng)
    second, _ = _function_text("cs_co_variant", 25, rng)
    dump = "\n".join([first, "sample:", "", "junk line", second])
    functions = hotspots.parse_asm(dump)
    assert [f.label for f in functions] == ["cs_co_variant#0", "cs_co_variant#1"]
    assert [len(f.offsets) for f in functions] == [40, 25]
    assert functions[1].text[functions[1].offsets[3]] == "insn3\t%ymm3"


def test_parse_perf_report_keeps_unsymbolized_samples_only():
    report = """# Overhead  Symbol
    21.14%  [.] 0x00007f057ca47208
     4.56%  [.] gc_collect_main
     1.66%  [.] 0x00007f057ca47f0c
"""
    assert hotspots.parse_perf_report(report) == [(0x7f057ca47208, 21.14), (0x7f057ca47f0c, 1.66)]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_align_recovers_the_load_address_and_the_hot_instruction(seed):
    rng = random.Random(seed)
    small, _ = _function_text("cs_variant", 30, rng)
    big, _ = _function_text("cs_co_variant", 3000, rng)
    functions = hotspots.parse_asm(small + "\n" + big)
    target = functions[1]
    base = 0x7f0000000000 + rng.randrange(0, 1 << 20) * 16
    # Samples on instruction starts, one instruction far hotter than the rest.
    hot = target.offsets[1234]
    samples = [(base + hot, 20.0)]
    samples += [(base + rng.choice(target.offsets), rng.uniform(0.05, 1.0)) for _ in range(200)]
    found = hotspots.align_all(functions, samples)
    assert found and found[0].function.label == "cs_co_variant#0" and found[0].base == base
    total = sum(w for _, w in samples)
    assert found[0].weight == pytest.approx(total)
    lines = hotspots.hottest(found[0], samples, top=1, context=1)
    assert lines[0].endswith(f"cs_co_variant#0+0x{hot:x}")
    assert any(line.strip().startswith(f">> {hot:6x}".strip()) for line in lines[1:])


def test_a_wrong_base_explains_less_than_the_right_one():
    rng = random.Random(7)
    text, _ = _function_text("cs_co_variant", 500, rng)
    function = hotspots.parse_asm(text)[0]
    base = 0x7f1000000000
    samples = [(base + rng.choice(function.offsets), 1.0) for _ in range(100)]
    right = hotspots.align(function, samples)
    assert right.base == base and right.weight == pytest.approx(100.0)
    shifted = [(address + 1, w) for address, w in samples]
    # Every sample one byte into an instruction: the best alignment moves by that byte.
    assert hotspots.align(function, shifted).base == base + 1


def test_main_asks_for_a_command(capsys):
    with pytest.raises(SystemExit):
        hotspots.main([])
    assert "command" in capsys.readouterr().err

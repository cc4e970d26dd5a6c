"""bench/gpu/sass.py: the records of NVIDIA's shader disk cache and the per-loop instruction mix
of a disassembly (the tool's GPU half runs on the GPU machine; these parts run anywhere)."""
import subprocess

from . import REPO, load_bench_script

LISTING = """\
Section REG : size=00000008
\tRegister count=141
        /*0000*/                   MOV R1, c[0x0][0x28] ;
        /*0010*/                   LDG.E.64.STRONG.SM R2, [R4.64] ;
        /*0020*/                   STS.64 [R6], R2 ;
        /*0030*/                   BAR.SYNC 0x0 ;
        /*0040*/                   LDSM.16.M88.4 R8, [R10] ;
        /*0050*/                   HMMA.16816.F32 R12, R8, R14, R12 ;
        /*0060*/               @P0 BRA P1, 0xa0 ;
        /*0070*/              @!P0 BRA 0x10 ;
        /*0080*/                   STL [R1], R3 ;
        /*0090*/                   EXIT ;
        /*00a0*/                   BRA 0xa0 ;
"""


def _sass():
    return load_bench_script("gpu/sass.py", "sass")


def test_summary_counts_opcodes_without_modifiers_or_predicates():
    registers, opcodes = _sass().summarize(LISTING)
    assert registers == 141
    assert (opcodes["LDG"], opcodes["STS"], opcodes["HMMA"], opcodes["STL"]) == (1, 1, 1, 1)
    assert opcodes["BRA"] == 3 and sum(opcodes.values()) == 11


def test_loops_are_backward_branch_ranges():
    # 0x70 branches back to 0x10; the forward branch at 0x60 and the self-branch at 0xa0
    # (the trap after EXIT) are no loops.
    [(first, last, opcodes)] = _sass().loops(LISTING)
    assert (first, last) == (0x10, 0x70)
    assert _sass().mix(opcodes) == "HMMA 1 LDSM 1 STS 1 LDG 1 BAR 1 BRA 2"
    assert opcodes == {"LDG": 1, "STS": 1, "BAR": 1, "LDSM": 1, "HMMA": 1, "BRA": 2}


def test_cache_file_records_are_the_zstd_frames_that_hold_a_pipeline(tmp_path):
    sass = _sass()
    first = sass.RECORD_MAGIC + b"\x01" * 300
    second = sass.RECORD_MAGIC + b"\x02" * 200
    other = b"not a pipeline record" * 4

    def frame(payload):
        return subprocess.run(["zstd", "-q", "-c"], input=payload, capture_output=True,
                              check=True).stdout

    # As the driver writes it: a header, then per entry some bytes of its own and a frame.
    cache = tmp_path / "cache.bin"
    cache.write_bytes(b"CDVN\x00\x00\x04\x00" + bytes(range(60)) + frame(first) +
                      b"entry header" + frame(other) + b"\x00" * 12 + frame(second))
    assert list(sass.pipelines(cache)) == [first, second]


def test_triton_source_specializes_as_the_jit_does():
    # Pointers 16-byte aligned, integers equal to 1 constant, multiples of 16 divisible, a
    # parameter left to its default (ACC_DTYPE) bound as a constexpr.
    sass = _sass()
    import sys
    sys.path.insert(0, str(REPO / "bench"))
    import cases
    import torch

    case = cases.matmul_case(4096, 4096, 4008, torch.float16, 128, 128, 32, 4)
    source = sass.triton_source(case)
    signature = source.signature
    assert signature["a_ptr"] == "*fp16" and signature["c_ptr"] == "*fp16"
    assert signature["M"] == "i32" and signature["K"] == "i32"
    names = list(signature)
    constants = {names[i]: value for (i,), value in source.constants.items()}
    assert signature["stride_ak"] == "constexpr" and constants["stride_ak"] == 1
    assert signature["ACC_DTYPE"] == "constexpr" and constants["ACC_DTYPE"] is not None
    assert constants["BLOCK_K"] == 32
    divisible = {names[i] for (i,), attr in source.attrs.items()
                 if ["tt.divisibility", 16] in attr}
    assert {"a_ptr", "b_ptr", "c_ptr", "M", "N"} <= divisible and "K" not in divisible

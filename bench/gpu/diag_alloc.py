#!/usr/bin/env python3
"""Diagnostic: is a memory-bound kernel's time on the GPU a property of the kernel, or of which
buffers it runs on / when? Times one prepared kernel (default: the suite's vector add, 2^26) over
several sets of device-local buffers allocated one after another, then the first set again, with
GPU timestamps (`time_launches`) and with host wall clock around synchronous launches.

    python3 bench/gpu/diag_alloc.py --runtime /tmp/b/python/src [--bundle .gpubundle] [--case ID]
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bundle", default=str(HERE.parents[1] / ".gpubundle"))
    ap.add_argument("--runtime", required=True)
    ap.add_argument("--case", default="add-2^26-B1024-w4")
    ap.add_argument("--sets", type=int, default=4)
    args = ap.parse_args()
    import torch
    import cases as C
    from run_on_gpu import load_runtime, _upload
    rt, drv = load_runtime(args.runtime)
    dev = rt.get_device()
    bundle = json.loads((Path(args.bundle) / "bundle.json").read_text())
    e = {x["id"]: x for x in bundle["cases"]}[args.case]
    case = C.by_id(C.GPU_SETS[bundle.get("set", "suite")]())[args.case]
    md = e["metadata"]
    kernel = dev.load_kernel((Path(args.bundle) / e["spv"]).read_bytes(), md["entry"],
                             (md["workgroup_size"], 1, 1), md["argument_bytes"], md["argument_block"],
                             md["shared"])
    meta = types.SimpleNamespace(name=md["entry"], arguments=md["arguments"],
                                 argument_bytes=md["argument_bytes"], argument_block=md["argument_block"])
    launcher = drv.SPIRVLauncher(types.SimpleNamespace(signature=e["signature"]), meta)

    def smi(tag):
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,"
                                  "clocks_throttle_reasons.active", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=10).stdout.strip()
        except Exception as ex:
            out = str(ex)
        print(f"  nvidia-smi {tag}: {out}", flush=True)

    def packed_for(bufs):
        bound = dict(zip(case.kernel.arg_names, case.call_args(bufs)))
        bound.update(case.constexprs)
        return launcher.pack([bound[n] for n in case.kernel.arg_names])

    def timed(tag, bufs, reps=50):
        packed = packed_for(bufs)
        dev.launch(kernel, *case.grid, packed, sync=True)
        ts = dev.time_launches(kernel, *case.grid, packed, reps)
        wall = []
        for _ in range(10):
            t0 = time.perf_counter()
            dev.launch(kernel, *case.grid, packed, sync=True)
            wall.append((time.perf_counter() - t0) * 1e3)
        ms = statistics.median(ts)
        addrs = " ".join(hex(b.address) for b in bufs.values())
        print(f"{tag:28s} timestamps median {ms:8.4f} ms ({case.bytes / ms / 1e6:6.0f} GB/s) "
              f"min {min(ts):.4f}  wall median {statistics.median(wall):8.4f} ms   [{addrs}]", flush=True)
        return ms

    print(f"# {dev.device_properties()['name']}: {args.case}, grid {case.grid}", flush=True)
    smi("start")
    sets = []
    for i in range(args.sets):
        sets.append(_upload(dev, case.make(seed=i)))
        timed(f"set {i} (just allocated)", sets[i])
    smi("after sets")
    timed("set 0 again", sets[0])
    timed("set 0, 200 reps", sets[0], reps=200)
    del sets[1:]
    dev.synchronize()
    timed("set 0 after freeing others", sets[0])
    sets.append(_upload(dev, case.make(seed=9)))
    timed("new set after freeing", sets[1])
    # the same buffers, outputs not NaN-poisoned (zeros) / inputs zeros
    z = case.make(seed=0)
    for k, spec in case.tensors.items():
        if spec.output:
            z[k] = torch.zeros_like(z[k])
    sets.append(_upload(dev, z))
    timed("new set, zero-filled outputs", sets[2])
    smi("end")


if __name__ == "__main__":
    main()

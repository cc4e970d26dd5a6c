// RUN: triton-spirv-opt %s --triton-to-linalg | FileCheck %s

// Triton >= 3.7's ttg.barrier (tl.debug_barrier) is a workgroup barrier that
// orders memory, as the gpu.barrier Triton 3.6 emitted is.
// CHECK-LABEL: func.func public @ttg_barrier(
// CHECK:         gpu.barrier
// CHECK-NOT:     ttg.barrier
module {
  tt.func public @ttg_barrier(%p: !tt.ptr<f32>) {
    ttg.barrier all
    tt.return
  }
}

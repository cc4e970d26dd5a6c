// RUN: triton-spirv-opt %s | triton-spirv-opt | FileCheck %s

// Triton 3.7+ emits ttg.barrier for tl.debug_barrier(): the address spaces
// print as keywords, a combination joined by `|`, every space as `all`.

// CHECK-LABEL: tt.func @barriers
tt.func @barriers() {
  // CHECK: ttg.barrier all
  ttg.barrier all
  // CHECK: ttg.barrier local
  ttg.barrier local
  // CHECK: ttg.barrier local|global_read|global_write
  ttg.barrier local|global_read|global_write
  // CHECK: ttg.barrier all
  ttg.barrier local|global_read|global_write|tensor_read|tensor_write
  tt.return
}

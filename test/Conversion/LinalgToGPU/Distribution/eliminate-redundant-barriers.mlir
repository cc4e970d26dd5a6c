// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(eliminate-redundant-barriers))' | FileCheck %s

// Writes to two different buffers need no barrier between them; a read of
// what the first segment wrote does.
// CHECK-LABEL: func.func @write_write_read(
// CHECK:         memref.store %{{.*}}, %[[A:.*]][%{{.*}}]
// CHECK-NEXT:    memref.store %{{.*}}, %[[B:.*]][%{{.*}}]
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.load %[[A]]
// CHECK-NOT:     gpu.barrier
// CHECK:         return
func.func @write_write_read(%x: f32, %i: index, %out: memref<?xf32>) {
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  memref.store %x, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %v = memref.load %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  memref.store %v, %out[%i] : memref<?xf32>
  gpu.barrier
  return
}

// -----

// Reads on both sides do not conflict; a later write after reads does
// (write-after-read).
// CHECK-LABEL: func.func @read_read_write(
// CHECK:         memref.load
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.store
func.func @read_read_write(%x: f32, %i: index, %j: index) -> f32 {
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %v = memref.load %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %w = memref.load %a[%j] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// -----

// The kernel's own barrier (tl.debug_barrier) stays even with nothing in
// workgroup memory around it.
// CHECK-LABEL: func.func @user_barrier(
// CHECK:         gpu.barrier {triton_spirv.user_barrier}
func.func @user_barrier(%x: f32, %i: index, %out: memref<?xf32>) {
  memref.store %x, %out[%i] : memref<?xf32>
  gpu.barrier {triton_spirv.user_barrier}
  %v = memref.load %out[%i] : memref<?xf32>
  memref.store %v, %out[%i] : memref<?xf32>
  return
}

// -----

// In a loop body the first barrier borders the previous iteration (and the
// code before the loop): it stays. The middle one separates two writes of
// different buffers and goes; so does the last, since the first one already
// separates those writes from the next iteration's.
// CHECK-LABEL: func.func @loop_body(
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
func.func @loop_body(%x: f32, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    gpu.barrier
    memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    memref.store %x, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  return
}

// -----

// A segment holding a barrier in a nested region, or a workgroup memref
// whose buffer is not known, keeps the barriers around it.
// CHECK-LABEL: func.func @nested_and_unknown(
// CHECK:         gpu.barrier
// CHECK:         scf.if
// CHECK:           gpu.barrier
// CHECK:         gpu.barrier
// CHECK:         call @opaque
// CHECK:         gpu.barrier
func.func private @opaque(memref<32xf32, #spirv.storage_class<Workgroup>>)
func.func @nested_and_unknown(%x: f32, %i: index, %c: i1, %m: memref<32xf32, #spirv.storage_class<Workgroup>>) {
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.if %c {
    gpu.barrier
  }
  gpu.barrier
  func.call @opaque(%m) : (memref<32xf32, #spirv.storage_class<Workgroup>>) -> ()
  gpu.barrier
  return
}

// -----

// A row loop with two reductions on two buffers: the barrier after the
// second one's reads goes, since the first one's barrier separates them from
// the next row's writes of %b (and the next row writes %a before it).
// CHECK-LABEL: func.func @loop_two_buffers(
// CHECK:         scf.for
// CHECK-NEXT:      memref.store %{{.*}}, %[[A:.*]][%{{.*}}]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.load %[[A]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[B:.*]][%{{.*}}]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.load %[[B]]
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
func.func @loop_two_buffers(%x: f32, %i: index, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  scf.for %r = %c0 to %n step %c1 {
    memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %v = memref.load %a[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %w = memref.load %b[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    memref.store %w, %out[%r] : memref<?xf32>
  }
  return
}

// -----

// One buffer: the next row's write of %a would overtake this row's reads.
// CHECK-LABEL: func.func @loop_one_buffer(
// CHECK:         scf.for
// CHECK-COUNT-2:   gpu.barrier
func.func @loop_one_buffer(%x: f32, %i: index, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  scf.for %r = %c0 to %n step %c1 {
    memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %v = memref.load %a[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    memref.store %v, %out[%r] : memref<?xf32>
  }
  return
}

// -----

// The code after the loop writes %b with no barrier first: the last
// iteration's reads of %b need the loop's last barrier.
// CHECK-LABEL: func.func @written_after_loop(
// CHECK:         scf.for
// CHECK-COUNT-3:   gpu.barrier
// CHECK:         }
// CHECK-NEXT:    memref.store
func.func @written_after_loop(%x: f32, %i: index, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  scf.for %r = %c0 to %n step %c1 {
    memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %v = memref.load %a[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %w = memref.load %b[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
    memref.store %w, %out[%r] : memref<?xf32>
    gpu.barrier
  }
  memref.store %x, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  return
}

// -----

// Inside another loop with no barrier after the inner one, what follows the
// inner loop is not known: its last barrier stays.
// CHECK-LABEL: func.func @nested_loop(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-COUNT-3:     gpu.barrier
func.func @nested_loop(%x: f32, %i: index, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  scf.for %q = %c0 to %n step %c1 {
    scf.for %r = %c0 to %n step %c1 {
      memref.store %x, %a[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %v = memref.load %a[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %v, %b[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %w = memref.load %b[%c0] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %w, %out[%r] : memref<?xf32>
      gpu.barrier
    }
    memref.store %x, %b[%q] : memref<32xf32, #spirv.storage_class<Workgroup>>
  }
  return
}

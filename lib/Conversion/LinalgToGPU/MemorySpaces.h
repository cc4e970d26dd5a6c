//===- MemorySpaces.h - where a distributed kernel's buffers live ---------===//
//
// After distribution a kernel's memrefs are kernel-argument buffers (later
// PhysicalStorageBuffer pointers), workgroup allocs and private allocas. The
// LinalgToGPU passes ask which one a value is.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MEMORYSPACES_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MEMORYSPACES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {

/// Marks a distributed loop that writes every element of its output buffer
/// (a linalg op's, with an identity output map): what a read of that buffer
/// after it sees came from it.
constexpr llvm::StringLiteral kWholeBufferWriteAttr =
    "triton_spirv.writes_whole_buffer";

/// Marks a barrier the kernel itself asked for (`tl.debug_barrier`): it may
/// order global memory too, so no pass removes it.
constexpr llvm::StringLiteral kUserBarrierAttr = "triton_spirv.user_barrier";

/// A memref type in workgroup memory (SPIR-V storage class or GPU address
/// space spelling).
inline bool isWorkgroupSpace(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  auto storage = dyn_cast_or_null<spirv::StorageClassAttr>(space);
  return storage && storage.getValue() == spirv::StorageClass::Workgroup;
}

inline bool isWorkgroupMemref(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && isWorkgroupSpace(type);
}

/// The memref view of an address (TritonToLinalg: a scalar pointer base, or
/// what an atomic through a raw address updates):
/// `unrealized_conversion_cast %address : i64 to memref`. Global memory, as
/// the argument buffers are.
inline bool isRawAddressView(UnrealizedConversionCastOp cast) {
  return cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
         cast.getOperand(0).getType().isInteger(64) &&
         isa<MemRefType>(cast.getResult(0).getType());
}

/// A kernel argument buffer or a view of an address read from memory
/// (later a PhysicalStorageBuffer pointer).
inline bool isGlobalBuffer(Value memref) {
  if (auto view = memref.getDefiningOp<UnrealizedConversionCastOp>())
    return isRawAddressView(view) &&
           !cast<MemRefType>(memref.getType()).getMemorySpace();
  auto arg = dyn_cast<BlockArgument>(memref);
  return arg && isa<func::FuncOp>(arg.getOwner()->getParentOp()) &&
         !cast<MemRefType>(memref.getType()).getMemorySpace();
}

/// Bytes one scalar element takes in memory (i1 counts as a byte).
inline int64_t elementBytes(Type scalar) {
  return std::max<int64_t>(1, scalar.getIntOrFloatBitWidth() / 8);
}

/// Bytes of a statically shaped memref (vector elements counted whole).
inline int64_t bytesOf(MemRefType type) {
  Type element = type.getElementType();
  int64_t count = type.getNumElements();
  if (auto vector = dyn_cast<VectorType>(element)) {
    count *= vector.getNumElements();
    element = vector.getElementType();
  }
  return count * elementBytes(element);
}

/// Workgroup memory the function's allocs take.
inline int64_t workgroupBytesOf(Operation *func) {
  int64_t bytes = 0;
  func->walk([&](memref::AllocOp alloc) {
    if (isWorkgroupMemref(alloc.getResult()))
      bytes += bytesOf(alloc.getType());
  });
  return bytes;
}

/// Erases each barrier that follows an identical one with nothing in between
/// but allocations, pure ops and unused loads (a phase between them went).
inline void eraseRepeatedBarriers(Block *block) {
  gpu::BarrierOp previous;
  for (Operation &op : llvm::make_early_inc_range(*block)) {
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op)) {
      if (previous && previous->getAttrDictionary() == barrier->getAttrDictionary())
        barrier.erase();
      else
        previous = barrier;
      continue;
    }
    // Loads nobody uses (loop lowering reads outputs it then ignores) go
    // as dead code later.
    bool deadLoad = isa<memref::LoadOp>(op) && op.use_empty();
    if (!isa<memref::AllocOp>(op) && !deadLoad &&
        (op.getNumRegions() != 0 || !isMemoryEffectFree(&op)))
      previous = nullptr;
  }
}

} // namespace mlir::triton_spirv

#endif // TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MEMORYSPACES_H

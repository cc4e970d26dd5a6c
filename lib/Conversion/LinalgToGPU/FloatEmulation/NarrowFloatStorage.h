//===- NarrowFloatStorage.h - float types kept as integers in memory ------===//
//
// Shared by store-bf16-as-i16 and emulate-float-conversions: memory and control flow of a
// float type the target lacks carry same-width integers instead; only the
// ops that compute see the float type, through bitcasts.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FLOATEMULATION_NARROWFLOATSTORAGE_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FLOATEMULATION_NARROWFLOATSTORAGE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::triton_spirv {

/// Retypes memrefs whose element type satisfies `isStoredAsInteger` to the
/// same-width integer (function signature included), bitcasts at
/// memref.load/store and around generic atomic updates, and carries such
/// values through scf as integers. memref.atomic_rmw on them is rejected.
LogicalResult
storeFloatsAsIntegers(func::FuncOp func,
                      llvm::function_ref<bool(Type)> isStoredAsInteger);

/// The same with the container chosen per type (`containerFor` returns null
/// for types kept as they are): any same-width type whose bits pass through
/// bitcasts, e.g. f16 for bf16 where a driver handles f16 data better than
/// 16-bit integers.
LogicalResult
storeFloatsAsContainers(func::FuncOp func,
                        llvm::function_ref<Type(Type)> containerFor);

} // namespace mlir::triton_spirv

#endif

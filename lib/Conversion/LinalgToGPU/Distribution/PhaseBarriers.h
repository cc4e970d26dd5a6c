//===- PhaseBarriers.h - barriers between workgroup phases ------*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_PHASEBARRIERS_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_PHASEBARRIERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton_spirv {

/// Marks scf.if regions only invocation 0 runs.
constexpr llvm::StringLiteral kSingleInvocationAttr =
    "triton_spirv.single_invocation";

/// Whether `op` or an op inside it has a memref operand satisfying `pred`.
bool usesMemref(Operation *op, function_ref<bool(Value)> pred);

/// Whether `op` is inside a distributed block loop.
bool isInsideDistributedWork(Operation *op);

/// Places a barrier after every phase of `func` that touches workgroup
/// memory (the top-level block loops, reductions, matmuls and scalar
/// accesses), none in code only invocation 0 runs. With
/// `barrierAfterPrivatePhases` every block loop is a phase; with
/// `shareBarriers` a phase followed directly by one that touches none of the
/// buffers accessed since the last barrier leaves the barrier to that one.
void placePhaseBarriers(func::FuncOp func, Attribute workgroup,
                        ArrayRef<scf::ParallelOp> loops,
                        ArrayRef<linalg::ReduceOp> reductions,
                        ArrayRef<linalg::MatmulOp> matmuls,
                        bool barrierAfterPrivatePhases, bool shareBarriers);

} // namespace mlir::triton_spirv

#endif // TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_PHASEBARRIERS_H

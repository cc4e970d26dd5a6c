//===- Passes.h - triton-spirv passes ----------------------------*- C++ -*-===//
#ifndef TRITON_SPIRV_CONVERSION_PASSES_H
#define TRITON_SPIRV_CONVERSION_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton_spirv {

/// Unit attribute on a memref.generic_atomic_rmw whose Triton atomic asked for
/// no ordering (sem="relaxed"); without it an atomic is acquire-release, as
/// Triton's atomics are by default.
inline constexpr llvm::StringLiteral kRelaxedAtomicAttr =
    "triton_spirv.relaxed_atomic";

/// Unit attribute on a math.sqrt or arith.divf that Triton asks to be
/// correctly rounded (tt.precise_sqrt, tt.precise_divf, libdevice's _rn
/// functions); exact-float-ops computes it exactly where the device's own
/// instruction is an approximation.
inline constexpr llvm::StringLiteral kCorrectlyRoundedAttr =
    "triton_spirv.correctly_rounded";

/// Unit attribute on an f64 arith.addf/subf whose result must be rounded to
/// odd (libdevice's directed-rounding sums of f32 operands, computed in f64
/// and narrowed in their direction: round-to-odd keeps the narrowing exact).
/// exact-float-ops expands it.
inline constexpr llvm::StringLiteral kRoundToOddAttr =
    "triton_spirv.round_to_odd";

/// Unit attribute on a gpu.barrier that also orders global memory among the
/// workgroup's invocations (tl.debug_barrier, as bar.sync does on NVIDIA; the
/// barrier sharing an ordered atomic's result), not just workgroup memory.
inline constexpr llvm::StringLiteral kGlobalMemoryBarrierAttr =
    "triton_spirv.orders_global_memory";

/// Unit attribute on a kernel (func.func, then gpu.func) with a volatile load
/// (`tl.load(..., volatile=True)`): it polls memory that other workgroups
/// write, so its global loads must bypass per-SM caches on GPUs.
inline constexpr llvm::StringLiteral kVolatileLoadsAttr =
    "triton_spirv.volatile_loads";

/// Unit attribute on a linalg.matmul whose f16 operands are bf16 bit
/// patterns (bf16-matmul-operands-as-f16), and on the gpu.subgroup_mma
/// fragment loads of such operands (convert-kernel-to-spirv retypes them to
/// bf16 cooperative matrices).
inline constexpr llvm::StringLiteral kBF16OperandsAttr =
    "triton_spirv.bf16_operands";

/// On a memref.load/store of global memory (and the tt.load/tt.store it came
/// from): the alignment in bytes that `tl.multiple_of` states for the
/// pointers that start each contiguous run of the last dimension
/// (`tt.divisibility` on the pointer's defining op, `tt.divisibility_argN` on
/// the scf.for that carries it). Tiles of several rows imply that the base
/// and every row offset are such multiples (vectorize-contiguous-runs).
inline constexpr llvm::StringLiteral kHintedAlignmentAttr =
    "triton_spirv.hinted_alignment";

/// Unit attribute on the `scf.if` that vectorize-contiguous-runs builds
/// around a run's two copies (then: the vector copy, valid when the
/// condition's terms are multiples of the width; else: the run as before).
/// unswitch-alignment-versions hoists such checks out of loops.
inline constexpr llvm::StringLiteral kAlignmentVersionAttr =
    "triton_spirv.alignment_version";

#define GEN_PASS_DECL
#include "triton-spirv/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "triton-spirv/Conversion/Passes.h.inc"

} // namespace mlir::triton_spirv

#endif

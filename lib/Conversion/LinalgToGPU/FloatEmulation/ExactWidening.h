//===- ExactWidening.h - float widening as integer code ---------*- C++ -*-===//
//
// NVIDIA's Vulkan compiler folds fpext(fptrunc(x)) back to x, NoContraction
// or not, so a value rounded to a narrower float and widened again comes
// back unrounded. Widening by integer code (rebias the exponent, shift the
// mantissa; subnormals through an exact product; inf/NaN kept) is opaque to
// that fold. Used by emulate-float-conversions for such round trips.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FLOATEMULATION_EXACTWIDENING_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FLOATEMULATION_EXACTWIDENING_H

#include "mlir/IR/Builders.h"

namespace mlir::triton_spirv {

/// Whether widenExactly handles `narrow` -> `wide` (element types: f16 to
/// f32 or f64, f32 to f64; scalars or vectors).
bool canWidenExactly(Type narrow, Type wide);

/// `value` (f16 or f32, scalar or vector) widened to `wide` exactly, by
/// integer code.
Value widenExactly(OpBuilder &b, Location loc, Value value, Type wide);

} // namespace mlir::triton_spirv

#endif

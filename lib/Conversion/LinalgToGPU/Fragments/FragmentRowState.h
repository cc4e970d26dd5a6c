//===- FragmentRowState.h - row phases' state kept in registers -*- C++ -*-===//
//
// The per-row state fragment-row-phases' phases store (attention's running
// max and sum), and carrying it through the enclosing key loop as iteration
// arguments instead of a workgroup buffer.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FRAGMENTS_FRAGMENTROWSTATE_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FRAGMENTS_FRAGMENTROWSTATE_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton_spirv::fragment_rows {

/// A per-row state value the phase stores from the quad's first invocation:
/// row `base + quadRow + 8 * half` of `buffer` (`base`: the rows of S's
/// fragment group), the same value in each of the quad's invocations.
struct RowState {
  Value buffer, base;
  int64_t half;
  Value value;
  scf::IfOp store;
};

/// Carries each state buffer through the loops whose bodies hold its
/// phases' stores, where the loop holds at most `registerLimit` 32-bit
/// registers per invocation by an estimate (iteration arguments, fragments
/// read from outside, the scores taken apart, its share of the staged
/// tiles). The rows are loaded in front of a loop (or taken from the
/// previous carried loop) and stored by the quads' first invocations after
/// it.
void carryRowStateInRegisters(ArrayRef<RowState> states, int64_t numThreads,
                              int64_t registerLimit);

} // namespace mlir::triton_spirv::fragment_rows

#endif // TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FRAGMENTS_FRAGMENTROWSTATE_H

//===- GuardZeroTripLoops.cpp - scf.for results right for zero trips ------===//
//
// Upstream SCF-to-SPIR-V stores an scf.for's results into function
// variables from the loop body only; a loop that runs zero times leaves them
// undefined (lavapipe reads 0) instead of yielding its init values. Loops
// with results that may run zero times get an scf.if on their first trip
// condition, the else branch yielding the init values.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_GUARDZEROTRIPLOOPS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether constant bounds prove the body runs at least once.
bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  if (!lower || !upper)
    return false;
  if (loop.getUnsignedCmp())
    return static_cast<uint64_t>(*lower) < static_cast<uint64_t>(*upper);
  return *lower < *upper;
}

struct GuardZeroTripLoopsPass
    : public triton_spirv::impl::GuardZeroTripLoopsBase<GuardZeroTripLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop.getNumResults() && !runsAtLeastOnce(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      Location loc = loop.getLoc();
      OpBuilder builder(loop);
      Value runs = arith::CmpIOp::create(
          builder, loc,
          loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                : arith::CmpIPredicate::slt,
          loop.getLowerBound(), loop.getUpperBound());
      auto guard = scf::IfOp::create(builder, loc, loop.getResultTypes(), runs,
                                     /*withElseRegion=*/true);
      loop->replaceAllUsesWith(guard.getResults());
      builder.setInsertionPointToEnd(guard.thenBlock());
      auto yield = scf::YieldOp::create(builder, loc, loop.getResults());
      loop->moveBefore(yield);
      builder.setInsertionPointToEnd(guard.elseBlock());
      scf::YieldOp::create(builder, loc, loop.getInitArgs());
    }
  }
};
} // namespace

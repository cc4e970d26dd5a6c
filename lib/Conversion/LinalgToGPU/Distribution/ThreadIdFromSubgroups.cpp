//===- ThreadIdFromSubgroups.cpp - invocation IDs from subgroup and lane --===//
//
// The distribution numbers a workgroup's invocations with `gpu.thread_id x`
// (LocalInvocationId.x). llvmpipe derives that builtin, at the start of each
// subgroup's call, from the invocation's linear index with a division and a
// remainder by the workgroup size, which is a runtime value there: eight
// `div` instructions per call. The subgroup ID is a scalar there and the lane
// a constant vector, so subgroup * size + lane costs nothing. Our workgroups
// are one-dimensional and made of whole subgroups (num_warps x subgroup
// size), so that numbering covers 0..N-1 too.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_THREADIDFROMSUBGROUPS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct ThreadIdFromSubgroupsPass
    : public triton_spirv::impl::ThreadIdFromSubgroupsBase<
          ThreadIdFromSubgroupsPass> {
  void runOnOperation() override {
    SmallVector<gpu::ThreadIdOp> ids;
    getOperation().walk([&](gpu::ThreadIdOp id) {
      if (id.getDimension() == gpu::Dimension::x)
        ids.push_back(id);
    });
    for (gpu::ThreadIdOp id : ids) {
      OpBuilder b(id);
      Location loc = id.getLoc();
      Value subgroup = gpu::SubgroupIdOp::create(b, loc, /*upper_bound=*/nullptr);
      Value size = gpu::SubgroupSizeOp::create(b, loc, /*upper_bound=*/nullptr);
      Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
      Value first = arith::MulIOp::create(b, loc, subgroup, size);
      id.replaceAllUsesWith(arith::AddIOp::create(b, loc, first, lane).getResult());
      id.erase();
    }
  }
};
} // namespace

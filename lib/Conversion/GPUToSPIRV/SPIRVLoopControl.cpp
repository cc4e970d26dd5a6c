//===- SPIRVLoopControl.cpp - unroll hints for the driver's compiler ------===//
//
// Loops left in a kernel are ones the compiler chose not to unroll (the
// passes before unroll where it pays: prefetched tiles, vectorized k loops).
// Drivers may unroll them again, which is usually good (llvmpipe keeps
// private arrays in registers), but llvmpipe (Mesa 25) expands every
// workgroup-memory access into a branch per lane: unrolled loops of them made
// a 1024-element scan take 38 s to compile (0.25 s with DontUnroll).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVLOOPCONTROL
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool accessesWorkgroupMemory(spirv::LoopOp loop) {
  auto isWorkgroup = [](Value pointer) {
    return cast<spirv::PointerType>(pointer.getType()).getStorageClass() ==
           spirv::StorageClass::Workgroup;
  };
  WalkResult result = loop.getBody().walk([&](Operation *op) {
    if (auto load = dyn_cast<spirv::LoadOp>(op); load && isWorkgroup(load.getPtr()))
      return WalkResult::interrupt();
    if (auto store = dyn_cast<spirv::StoreOp>(op); store && isWorkgroup(store.getPtr()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

struct SPIRVLoopControlPass
    : public triton_spirv::impl::SPIRVLoopControlBase<SPIRVLoopControlPass> {
  using Base::Base;

  void runOnOperation() override {
    if (dontUnroll == "none")
      return;
    if (dontUnroll != "all" && dontUnroll != "workgroup-memory") {
      getOperation().emitError("spirv-loop-control: dont-unroll must be "
                               "none, all or workgroup-memory, not '")
          << dontUnroll << "'";
      return signalPassFailure();
    }
    getOperation().walk([&](spirv::LoopOp loop) {
      if (loop.getLoopControl() != spirv::LoopControl::None)
        return; // an explicit choice made earlier stays
      if (dontUnroll == "workgroup-memory" && !accessesWorkgroupMemory(loop))
        return;
      loop.setLoopControl(spirv::LoopControl::DontUnroll);
    });
  }
};
} // namespace

//===- SPIRVExecutionOnlyBarriers.cpp - barriers without memory fences ----===//
//
// On a device that runs a workgroup's invocations on one CPU thread (llvmpipe:
// each subgroup a coroutine, a barrier a coroutine switch), the switch
// already orders every memory access before it against every access after
// it (an LLVM call that may touch any memory the shader reaches through
// loaded pointers), and a barrier's memory semantics only add a fence
// (llvmpipe: a sequentially consistent one, `mfence` on x86) per subgroup and
// barrier. Barriers that order only workgroup memory therefore lose their
// memory semantics. Every workgroup memory access becomes Volatile, so that
// the driver's variable-level passes, which reason about one invocation at a
// time, neither forward a store to a later load nor drop an overwritten
// store across such a barrier; buffers spirv-spill-workgroup-memory later
// moves to global memory keep the mark. Barriers that order other memory
// (the kernel's own, an atomic's) stay.
//
// Only for drivers that keep execution-only barriers: Mesa 25's lavapipe
// keeps them; under Mesa 22.3's softmax came out NaN (as if they were
// dropped), so that profile keeps the semantics.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVEXECUTIONONLYBARRIERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// A workgroup barrier whose memory semantics cover workgroup memory alone.
bool ordersOnlyWorkgroupMemory(spirv::ControlBarrierOp barrier) {
  using Semantics = spirv::MemorySemantics;
  const Semantics ordering = Semantics::Acquire | Semantics::Release |
                             Semantics::AcquireRelease |
                             Semantics::SequentiallyConsistent;
  Semantics semantics = barrier.getMemorySemantics();
  return barrier.getExecutionScope() == spirv::Scope::Workgroup &&
         barrier.getMemoryScope() == spirv::Scope::Workgroup &&
         (semantics & Semantics::WorkgroupMemory) == Semantics::WorkgroupMemory &&
         (semantics & ~(ordering | Semantics::WorkgroupMemory)) ==
             Semantics::None;
}

/// Null (not an access) counts as no.
bool isWorkgroupPointer(Value pointer) {
  auto type = pointer ? dyn_cast<spirv::PointerType>(pointer.getType()) : nullptr;
  return type && type.getStorageClass() == spirv::StorageClass::Workgroup;
}

struct SPIRVExecutionOnlyBarriersPass
    : public triton_spirv::impl::SPIRVExecutionOnlyBarriersBase<
          SPIRVExecutionOnlyBarriersPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    bool demoted = false;
    module.walk([&](spirv::ControlBarrierOp barrier) {
      if (!ordersOnlyWorkgroupMemory(barrier))
        return;
      barrier.setMemorySemantics(spirv::MemorySemantics::None);
      demoted = true;
    });
    if (!demoted)
      return;
    module.walk([&](Operation *op) {
      if (isWorkgroupPointer(triton_spirv::accessedPointer(op)))
        triton_spirv::addMemoryAccess(op, spirv::MemoryAccess::Volatile);
    });
  }
};
} // namespace

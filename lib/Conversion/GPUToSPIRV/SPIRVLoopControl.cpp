//===- SPIRVLoopControl.cpp - unroll hints for the driver's compiler ------===//
//
// Loops left in a kernel are ones the compiler chose not to unroll (the
// passes before unroll where it pays: prefetched tiles, vectorized k loops).
// Drivers may unroll them again, which is usually good (llvmpipe keeps
// private arrays in registers), but llvmpipe expands every global and
// workgroup-memory access into a loop over the lanes. Unrolled loops of
// workgroup accesses made a 1024-element scan take 38 s to compile (Mesa 25;
// 0.25 s with DontUnroll). Unrolled loops of global accesses inside another
// loop ran slower than rolled ones on Mesa 22.3 (layer norm's column loop:
// 1.66 -> 1.20 ms rolled), while at the top level unrolled ones were faster
// (a copy: 0.57 vs 0.65 ms), so only the nested ones are marked.
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

/// Whether the loop indexes function-storage arrays: unrolled, their indices
/// become constants and the driver keeps them in registers.
bool indexesPrivateArrays(spirv::LoopOp loop) {
  WalkResult result = loop.getBody().walk([&](spirv::AccessChainOp chain) {
    auto type = cast<spirv::PointerType>(chain.getBasePtr().getType());
    return type.getStorageClass() == spirv::StorageClass::Function
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether the loop's header compares against a constant (a loop the driver
/// can unroll entirely), as scf.for with constant bounds lowers.
bool hasConstantBound(spirv::LoopOp loop) {
  Block *entry = loop.getEntryBlock();
  auto enter = dyn_cast<spirv::BranchOp>(entry->getTerminator());
  if (!enter)
    return false;
  auto test =
      dyn_cast<spirv::BranchConditionalOp>(enter.getTarget()->getTerminator());
  Operation *compare = test ? test.getCondition().getDefiningOp() : nullptr;
  if (!compare || compare->getNumOperands() != 2)
    return false;
  return llvm::any_of(compare->getOperands(), [](Value operand) {
    return operand.getDefiningOp<spirv::ConstantOp>();
  });
}

/// Whether the loop runs inside a loop whose trip count is only known at run
/// time (a kernel's `for off in range(0, N, BLOCK)`).
bool insideRuntimeLoop(spirv::LoopOp loop) {
  for (auto outer = loop->getParentOfType<spirv::LoopOp>(); outer;
       outer = outer->getParentOfType<spirv::LoopOp>())
    if (!hasConstantBound(outer))
      return true;
  return false;
}

/// The loop classes `dont-unroll` may name.
struct LoopClasses {
  bool all = false;
  bool workgroupMemory = false;
  bool nestedGlobal = false;

  bool matches(spirv::LoopOp loop) const {
    if (all)
      return true;
    bool touchesWorkgroup = accessesWorkgroupMemory(loop);
    if (workgroupMemory && touchesWorkgroup)
      return true;
    return nestedGlobal && !touchesWorkgroup && insideRuntimeLoop(loop) &&
           !indexesPrivateArrays(loop);
  }
};

struct SPIRVLoopControlPass
    : public triton_spirv::impl::SPIRVLoopControlBase<SPIRVLoopControlPass> {
  using Base::Base;

  void runOnOperation() override {
    LoopClasses classes;
    SmallVector<StringRef> names;
    StringRef(dontUnroll).split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef name : names) {
      name = name.trim();
      if (name == "none")
        continue;
      if (name == "all")
        classes.all = true;
      else if (name == "workgroup-memory")
        classes.workgroupMemory = true;
      else if (name == "nested-global")
        classes.nestedGlobal = true;
      else {
        getOperation().emitError("spirv-loop-control: dont-unroll takes none, "
                                 "all, workgroup-memory or nested-global "
                                 "(comma-separated), not '")
            << name << "'";
        return signalPassFailure();
      }
    }
    // Decided on the loops as they came: a mark set here does not change
    // what the other loops are.
    SmallVector<spirv::LoopOp> marked;
    getOperation().walk([&](spirv::LoopOp loop) {
      if (loop.getLoopControl() == spirv::LoopControl::None &&
          classes.matches(loop))
        marked.push_back(loop); // an explicit choice made earlier stays
    });
    for (spirv::LoopOp loop : marked)
      loop.setLoopControl(spirv::LoopControl::DontUnroll);
  }
};
} // namespace

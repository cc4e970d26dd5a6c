//===- SPIRVResolveWorkgroupPointerSelects.cpp - selects of values --------===//
//
// A kernel whose `if` yields one of two blocks staged in workgroup memory
// reads and writes through an OpSelect of the two variables' pointers
// (VariablePointers). NVIDIA's driver read the wrong buffer through such a
// pointer (H100/H200, fuzzer seeds 6301322 and 6301412: an `else` branch's
// loaded block came out as the `then` branch's), and devices without the
// variablePointers feature cannot run it at all. Each element access through
// the selected pointer therefore becomes an access to both buffers: a load
// reads both and selects the value, a store writes the chosen buffer under a
// branch. Selects with any other use keep their pointer.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVRESOLVEWORKGROUPPOINTERSELECTS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool isWorkgroupPointer(Type type) {
  auto pointer = dyn_cast<spirv::PointerType>(type);
  return pointer && pointer.getStorageClass() == spirv::StorageClass::Workgroup;
}

/// Whether every use of the select is an element access we can split: an
/// access chain whose uses are loads and stores of its element.
bool onlyElementLoadsAndStores(spirv::SelectOp select) {
  return llvm::all_of(select->getUses(), [](OpOperand &use) {
    auto chain = dyn_cast<spirv::AccessChainOp>(use.getOwner());
    return chain && use.getOperandNumber() == 0 &&
           triton_spirv::onlyLoadedAndStoredThrough(chain);
  });
}

/// The access (its memory-access attributes kept: lavapipe's are Volatile)
/// on another element pointer.
Operation *cloneOnto(OpBuilder &builder, Operation *access, Value element) {
  Operation *clone = builder.clone(*access);
  clone->setOperand(0, element);
  return clone;
}

void resolve(spirv::SelectOp select) {
  Value condition = select.getCondition();
  Value whenTrue = select.getTrueValue(), whenFalse = select.getFalseValue();
  for (Operation *user : llvm::make_early_inc_range(select->getUsers())) {
    auto chain = cast<spirv::AccessChainOp>(user);
    OpBuilder builder(chain);
    Location loc = chain.getLoc();
    auto chainOf = [&](Value base) {
      return spirv::AccessChainOp::create(builder, loc, base, chain.getIndices());
    };
    Value trueElement = chainOf(whenTrue), falseElement = chainOf(whenFalse);
    for (Operation *access : llvm::make_early_inc_range(chain->getUsers())) {
      builder.setInsertionPoint(access);
      if (auto load = dyn_cast<spirv::LoadOp>(access)) {
        Value fromTrue = cloneOnto(builder, load, trueElement)->getResult(0);
        Value fromFalse = cloneOnto(builder, load, falseElement)->getResult(0);
        load.replaceAllUsesWith(
            spirv::SelectOp::create(builder, loc, condition, fromTrue, fromFalse)
                .getResult());
        load.erase();
        continue;
      }
      Value otherwise = spirv::LogicalNotOp::create(builder, loc, condition);
      spirv::SelectionOp::createIfThen(
          loc, condition,
          [&](OpBuilder &then) { cloneOnto(then, access, trueElement); }, builder);
      spirv::SelectionOp::createIfThen(
          loc, otherwise,
          [&](OpBuilder &then) { cloneOnto(then, access, falseElement); }, builder);
      access->erase();
    }
    chain.erase();
  }
  select.erase();
}

struct SPIRVResolveWorkgroupPointerSelects
    : triton_spirv::impl::SPIRVResolveWorkgroupPointerSelectsBase<
          SPIRVResolveWorkgroupPointerSelects> {
  void runOnOperation() override {
    // A choice among three buffers nests selects: resolving the outer one
    // leaves the inner one used by element accesses alone, for the next round.
    while (true) {
      SmallVector<spirv::SelectOp> selects;
      getOperation().walk([&](spirv::SelectOp select) {
        if (isWorkgroupPointer(select.getType()) && onlyElementLoadsAndStores(select))
          selects.push_back(select);
      });
      if (selects.empty())
        return;
      for (spirv::SelectOp select : selects)
        resolve(select);
    }
  }
};
} // namespace

//===- PointerBaseAnalysis.cpp - which kernel argument a pointer comes from ===//
//
// Every Triton pointer value is modelled as (kernel argument, element offset).
// This finds the argument by walking definitions through the ops that only
// move or offset pointers, loop-carried values and selects included.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// What a pointer derives from: one kernel argument, nothing known yet (a
/// loop-carried value being resolved), or several arguments (a select or
/// branch between them: no single base).
struct PointerBase {
  BlockArgument argument;
  bool conflicting = false;
  static PointerBase conflict() { return {BlockArgument(), true}; }
};

class PointerBaseResolver {
public:
  /// Returns the kernel argument `ptr` derives from, or null.
  BlockArgument resolve(Value ptr) { return lookup(ptr).argument; }

private:
  PointerBase lookup(Value ptr) {
    auto it = cache.find(ptr);
    if (it != cache.end())
      return it->second;
    // Break cycles through loop-carried values optimistically.
    cache[ptr] = PointerBase();
    PointerBase base = compute(ptr);
    cache[ptr] = base;
    return base;
  }

  PointerBase both(Value a, Value b) {
    PointerBase baseA = lookup(a), baseB = lookup(b);
    if (baseA.conflicting || baseB.conflicting)
      return PointerBase::conflict();
    if (!baseA.argument)
      return baseB;
    if (!baseB.argument || baseA.argument == baseB.argument)
      return baseA;
    return PointerBase::conflict();
  }

  PointerBase compute(Value ptr) {
    if (auto arg = dyn_cast<BlockArgument>(ptr)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<FuncOp>(owner))
        return {arg};
      if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
        if (arg.getArgNumber() == 0)
          return PointerBase::conflict();
        unsigned index = arg.getArgNumber() - 1;
        return both(forOp.getInitArgs()[index],
                    forOp.getBody()->getTerminator()->getOperand(index));
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(owner)) {
        unsigned index = arg.getArgNumber();
        if (arg.getOwner() == whileOp.getBeforeBody())
          return both(whileOp.getInits()[index],
                      whileOp.getYieldOp().getOperand(index));
        return lookup(whileOp.getConditionOp().getArgs()[index]);
      }
      return PointerBase::conflict();
    }
    Operation *def = ptr.getDefiningOp();
    unsigned resultIndex = cast<OpResult>(ptr).getResultNumber();
    return llvm::TypeSwitch<Operation *, PointerBase>(def)
        .Case<AddPtrOp>([&](auto op) { return lookup(op.getPtr()); })
        .Case<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp>(
            [&](auto op) { return lookup(op.getSrc()); })
        .Case<BitcastOp>([&](BitcastOp op) {
          // Offsets stay in elements: only same-size reinterpretation keeps
          // them valid.
          Type from = getPointeeType(getElementTypeOrSelf(op.getSrc().getType()));
          Type to = getPointeeType(getElementTypeOrSelf(op.getType()));
          if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
            return PointerBase::conflict();
          return lookup(op.getSrc());
        })
        .Case<arith::SelectOp>([&](arith::SelectOp op) {
          return both(op.getTrueValue(), op.getFalseValue());
        })
        .Case<scf::IfOp>([&](scf::IfOp op) {
          return both(op.thenYield().getOperand(resultIndex),
                      op.elseYield().getOperand(resultIndex));
        })
        .Case<scf::ForOp>([&](scf::ForOp op) {
          return both(op.getInitArgs()[resultIndex],
                      op.getBody()->getTerminator()->getOperand(resultIndex));
        })
        .Case<scf::WhileOp>([&](scf::WhileOp op) {
          return lookup(op.getConditionOp().getArgs()[resultIndex]);
        })
        .Default([](Operation *) { return PointerBase::conflict(); });
  }

  DenseMap<Value, PointerBase> cache;
};
} // namespace

/// The pointer operand of a memory op, or null.
static Value accessedPointer(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return load.getPtr();
  if (auto store = dyn_cast<StoreOp>(op))
    return store.getPtr();
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return rmw.getPtr();
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return cas.getPtr();
  return Value();
}

bool mlir::triton_spirv::isRawAddressAccess(Operation *op) {
  Value ptr = accessedPointer(op);
  auto cast = ptr ? ptr.getDefiningOp<IntToPtrOp>() : IntToPtrOp();
  return cast && cast->hasAttr(kRawAddressAttr);
}

bool mlir::triton_spirv::hasUntraceablePointers(Operation *func) {
  PointerBaseResolver resolver;
  WalkResult result = func->walk([&](Operation *op) {
    // An address turned into an integer (or back) is observable: only the
    // raw-address model gives it its real value.
    if (isa<PtrToIntOp, IntToPtrOp>(op))
      return WalkResult::interrupt();
    Value ptr = accessedPointer(op);
    if (ptr && !isa<RankedTensorType>(getPointeeType(getElementTypeOrSelf(ptr.getType()))) &&
        !resolver.resolve(ptr))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

LogicalResult mlir::triton_spirv::annotatePointerBases(Operation *module) {
  PointerBaseResolver resolver;
  WalkResult result = module->walk([&](Operation *op) {
    if (isRawAddressAccess(op))
      return WalkResult::advance();
    Value ptr;
    if (auto load = dyn_cast<LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<StoreOp>(op))
      ptr = store.getPtr();
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      ptr = rmw.getPtr();
    else if (auto cas = dyn_cast<AtomicCASOp>(op))
      ptr = cas.getPtr();
    else
      return WalkResult::advance();
    BlockArgument base = resolver.resolve(ptr);
    if (!base) {
      op->emitError("triton-to-linalg: cannot trace this pointer to a single "
                    "kernel pointer argument (run lower-raw-pointers first)");
      return WalkResult::interrupt();
    }
    op->setAttr(kBaseArgAttr,
                IntegerAttr::get(IntegerType::get(op->getContext(), 32),
                                 base.getArgNumber()));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

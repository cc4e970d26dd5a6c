//===- PointerBaseAnalysis.cpp - which base a pointer comes from ----------===//
//
// Every Triton pointer value is modelled as (base, element offset). A base is
// a kernel argument or a scalar tt.int_to_ptr (an address read from a
// pointer table): either one is a memref from which offsets count. This
// finds the base by walking definitions through the ops that only move or
// offset pointers, loop-carried values and selects included.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// What a pointer derives from: one base (a kernel argument or a scalar
/// tt.int_to_ptr), nothing known yet (a loop-carried value being resolved),
/// or several bases (a select or branch between them: no single base).
struct PointerBase {
  Value base;
  bool conflicting = false;
  static PointerBase conflict() { return {Value(), true}; }
};

class PointerBaseResolver {
public:
  /// Returns the base `ptr` derives from, or null.
  Value resolve(Value ptr) { return lookup(ptr).base; }

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
    if (!baseA.base)
      return baseB;
    if (!baseB.base || baseA.base == baseB.base)
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
        .Case<IntToPtrOp>([&](IntToPtrOp op) {
          // A scalar address of numbers starts a base of its own; a tensor
          // of addresses has none.
          auto pointer = dyn_cast<PointerType>(op.getType());
          if (!pointer || !pointer.getPointeeType().isIntOrFloat())
            return PointerBase::conflict();
          return PointerBase{op.getResult()};
        })
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
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, AtomicLoadOp,
            AtomicStoreOp, AtomicPollOp>([](auto access) { return access.getPtr(); })
      .Default([](Operation *) { return Value(); });
}

/// The last dimension's entry of a `tt.divisibility` hint (an integer, or one
/// per dimension); 0 when there is none.
static int64_t lastDimensionHint(Attribute hint) {
  if (auto value = dyn_cast_or_null<IntegerAttr>(hint))
    return value.getInt();
  auto values = dyn_cast_or_null<DenseIntElementsAttr>(hint);
  if (!values || values.empty())
    return 0;
  return (*(values.value_begin<APInt>() + (values.getNumElements() - 1)))
      .getSExtValue();
}

/// The alignment `tl.multiple_of` states for a tensor of pointers: on the op
/// defining it, or on the scf.for whose loop-carried argument it is.
static int64_t hintedAlignment(Value ptr) {
  if (!isa<RankedTensorType>(ptr.getType()))
    return 0;
  if (Operation *def = ptr.getDefiningOp())
    return lastDimensionHint(def->getAttr("tt.divisibility"));
  auto argument = cast<BlockArgument>(ptr);
  auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
  if (!loop)
    return 0;
  return lastDimensionHint(loop->getAttr(
      ("tt.divisibility_arg" + Twine(argument.getArgNumber())).str()));
}

/// Whether `op` stores, exchanges or compares a pointer's value (not an
/// access through it).
static bool usesPointerAsValue(Operation *op) {
  auto isPointer = [](Value v) {
    return v && isa<PointerType>(getElementTypeOrSelf(v.getType()));
  };
  if (auto store = dyn_cast<StoreOp>(op))
    return isPointer(store.getValue());
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return isPointer(rmw.getVal());
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return isPointer(cas.getVal()) || isPointer(cas.getCmp());
  if (auto store = dyn_cast<AtomicStoreOp>(op))
    return isPointer(store.getVal());
  if (isa<arith::CmpIOp>(op))
    return isPointer(op->getOperand(0));
  return false;
}

bool mlir::triton_spirv::isRawAddressAccess(Operation *op) {
  Value ptr = accessedPointer(op);
  auto cast = ptr ? ptr.getDefiningOp<IntToPtrOp>() : IntToPtrOp();
  return cast && cast->hasAttr(kRawAddressAttr);
}

bool mlir::triton_spirv::hasUntraceablePointers(Operation *func) {
  PointerBaseResolver resolver;
  DominanceInfo dominance(func);
  WalkResult result = func->walk([&](Operation *op) {
    // An address turned into an integer is observable: only the raw-address
    // model gives it its real value. So is a tensor of integers made into
    // pointers (no one base).
    if (isa<PtrToIntOp>(op) ||
        (isa<IntToPtrOp>(op) && isa<RankedTensorType>(op->getResult(0).getType())))
      return WalkResult::interrupt();
    // So is a pointer stored or compared as a value.
    if (usesPointerAsValue(op))
      return WalkResult::interrupt();
    Value ptr = accessedPointer(op);
    if (!ptr || isa<RankedTensorType>(getPointeeType(getElementTypeOrSelf(ptr.getType()))))
      return WalkResult::advance();
    Value base = resolver.resolve(ptr);
    // A scalar address is a base where it is defined before the access.
    if (!base || (!isa<BlockArgument>(base) &&
                  !dominance.properlyDominates(base.getDefiningOp(), op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

LogicalResult mlir::triton_spirv::annotatePointerBases(Operation *module) {
  PointerBaseResolver resolver;
  int64_t nextScalarBase = 0;
  WalkResult result = module->walk([&](Operation *op) {
    if (isRawAddressAccess(op))
      return WalkResult::advance();
    Value ptr = accessedPointer(op);
    if (!ptr)
      return WalkResult::advance();
    Value base = resolver.resolve(ptr);
    if (!base) {
      op->emitError("triton-to-linalg: cannot trace this pointer to a single "
                    "kernel pointer argument (run lower-raw-pointers first)");
      return WalkResult::interrupt();
    }
    auto i32Attr = [&](int64_t v) {
      return IntegerAttr::get(IntegerType::get(op->getContext(), 32), v);
    };
    if (isa<LoadOp, StoreOp>(op))
      if (int64_t alignment = hintedAlignment(ptr); alignment > 1)
        op->setAttr(kHintedAlignmentAttr, i32Attr(alignment));
    if (auto argument = dyn_cast<BlockArgument>(base)) {
      op->setAttr(kBaseArgAttr, i32Attr(argument.getArgNumber()));
      return WalkResult::advance();
    }
    Operation *cast = base.getDefiningOp();
    if (!cast->hasAttr(kScalarBaseAttr))
      cast->setAttr(kScalarBaseAttr, i32Attr(nextScalarBase++));
    op->setAttr(kScalarBaseAttr, cast->getAttr(kScalarBaseAttr));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

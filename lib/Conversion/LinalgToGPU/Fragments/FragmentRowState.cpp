//===- FragmentRowState.cpp - row phases' state kept in registers ---------===//
//
// fragment-row-phases leaves each phase's per-row state in a workgroup
// buffer: loaded at the phase's start, stored by the quad's first
// invocation at its end, every key block. Every invocation of the quad
// computes the stored value, so each can keep its own copy instead: the
// loop carries the rows as iteration arguments. Where that costs more than
// it saves (the driver at its register limit spills), the buffer stays.
//
//===----------------------------------------------------------------------===//
#include "Fragments/FragmentRowState.h"

#include "Fragments/FragmentRowPhaseMatch.h"
#include "MemorySpaces.h"
#include "Shared/WorkgroupAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton_spirv::fragment_rows;

namespace {
/// A row index as a sum of terms plus a constant (through `arith.addi`).
struct RowIndex {
  SmallVector<Value> terms;
  int64_t offset = 0;
};

void addTerms(Value value, RowIndex &index) {
  if (std::optional<int64_t> constant = getConstantIntValue(value)) {
    index.offset += *constant;
    return;
  }
  if (auto add = value.getDefiningOp<arith::AddIOp>()) {
    addTerms(add.getLhs(), index);
    addTerms(add.getRhs(), index);
    return;
  }
  index.terms.push_back(value);
}

/// Whether `a` and `b` hold the same value: one SSA value, or results of
/// equal side-effect-free ops on operands that do (each phase makes its own
/// lane id and quad row).
bool sameValue(Value a, Value b) {
  if (a == b)
    return true;
  auto x = dyn_cast<OpResult>(a), y = dyn_cast<OpResult>(b);
  if (!x || !y || x.getResultNumber() != y.getResultNumber())
    return false;
  Operation *opX = x.getOwner(), *opY = y.getOwner();
  if (opX->getNumRegions() || !isMemoryEffectFree(opX) ||
      !isMemoryEffectFree(opY))
    return false;
  return OperationEquivalence::isEquivalentTo(
      opX, opY,
      [](Value l, Value r) { return success(sameValue(l, r)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// Whether `a` and `b` index the same row (true), different rows (false) or
/// rows whose relation is unknown (nullopt).
std::optional<bool> sameRow(Value a, Value b) {
  RowIndex x, y;
  addTerms(a, x);
  addTerms(b, y);
  if (x.terms.size() != y.terms.size())
    return std::nullopt;
  SmallVector<bool> used(y.terms.size(), false);
  for (Value term : x.terms) {
    auto match = llvm::find_if(llvm::seq<size_t>(0, y.terms.size()),
                               [&](size_t i) {
                                 return !used[i] && sameValue(term, y.terms[i]);
                               });
    if (match == llvm::seq<size_t>(0, y.terms.size()).end())
      return std::nullopt;
    used[*match] = true;
  }
  return x.offset == y.offset;
}

/// `value` computed in front of `loop` (the side-effect-free ops of the body
/// it needs cloned there), or null where it varies in the loop.
Value hoistedCopy(Value value, scf::ForOp loop, OpBuilder &builder,
                  IRMapping &mapping) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return value;
  if (Value copy = mapping.lookupOrNull(value))
    return copy;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() || !isMemoryEffectFree(op))
    return nullptr;
  for (Value operand : op->getOperands())
    if (!hoistedCopy(operand, loop, builder, mapping))
      return nullptr;
  builder.clone(*op, mapping);
  return mapping.lookup(value);
}

bool touches(Operation *op, Value buffer) {
  WalkResult result = op->walk([&](Operation *inner) {
    return llvm::is_contained(inner->getOperands(), buffer)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether a barrier separates `op` from the closest op before it in its
/// block that touches `buffer` (false if none is found).
bool barrierBefore(Operation *op, Value buffer) {
  for (Operation *p = op->getPrevNode(); p; p = p->getPrevNode()) {
    if (isa<gpu::BarrierOp>(p))
      return true;
    if (touches(p, buffer))
      return false;
  }
  return false;
}

/// Whether a barrier separates `op` from the next op of its block that
/// touches `buffer` (true at the end of a function's body).
bool barrierAfter(Operation *op, Value buffer) {
  for (Operation *n = op->getNextNode(); n; n = n->getNextNode()) {
    if (isa<gpu::BarrierOp>(n))
      return true;
    if (touches(n, buffer))
      return false;
  }
  return isa<func::FuncOp>(op->getParentOp());
}

/// A carried loop's rows of a buffer, stored after it by the leaders (and
/// the barrier placed after those stores, if any).
struct CarriedRows {
  scf::IfOp stores;
  gpu::BarrierOp barrier;
  SmallVector<Value> rows, values;
};

/// The values of `rows` that `previous` stored, where nothing touches
/// `buffer` between those stores and `loop`; empty otherwise.
SmallVector<Value>
valuesFromPrevious(const std::optional<CarriedRows> &previous, scf::ForOp loop,
                   Value buffer, ArrayRef<Value> rows) {
  if (!previous || previous->stores->getBlock() != loop->getBlock() ||
      !previous->stores->isBeforeInBlock(loop) ||
      previous->rows.size() != rows.size())
    return {};
  for (Operation *op = previous->stores->getNextNode(); op != loop;
       op = op->getNextNode())
    if (!isa<gpu::BarrierOp>(op) && touches(op, buffer))
      return {};
  SmallVector<Value> values;
  for (Value row : rows) {
    auto match = llvm::find_if(previous->rows, [&](Value stored) {
      return sameRow(row, stored) == std::optional<bool>(true);
    });
    if (match == previous->rows.end())
      return {};
    values.push_back(previous->values[match - previous->rows.begin()]);
  }
  return values;
}

/// Carries `buffer`'s rows that `loop`'s phases read and write (`stores`:
/// the quads' state stores in its body) as iteration arguments. Every
/// invocation of a quad computes the value its leader stores, so each keeps
/// its own copy: a load of a row takes the row's latest value, the rows are
/// loaded in front of the loop (or taken from the `previous` carried loop's
/// results) and stored by the leaders after it.
std::optional<CarriedRows>
carryThroughLoop(scf::ForOp loop, Value buffer, ArrayRef<scf::IfOp> stores,
                 std::optional<CarriedRows> &previous) {
  for (Operation *user : buffer.getUsers())
    if (!isa<memref::LoadOp, memref::StoreOp, gpu::SubgroupMmaLoadMatrixOp,
             gpu::SubgroupMmaStoreMatrixOp>(user))
      return std::nullopt;
  Block *body = loop.getBody();
  // The rows, in the order of first access; each access's row.
  SmallVector<Value> rows;
  DenseMap<Operation *, int64_t> rowOf;
  for (Operation *user : buffer.getUsers()) {
    if (!loop->isAncestor(user))
      continue;
    Operation *inBody = body->findAncestorOpInBlock(*user);
    auto load = dyn_cast<memref::LoadOp>(user);
    auto store = dyn_cast<memref::StoreOp>(user);
    bool stateStore = store && store->getParentOp() == inBody &&
                      llvm::any_of(stores, [&](scf::IfOp guard) {
                        return guard.getOperation() == inBody;
                      });
    if (!(load && inBody == load) && !stateStore)
      return std::nullopt;
    Value row = load ? load.getIndices()[0] : store.getIndices()[0];
    int64_t slot = -1;
    for (auto [i, known] : llvm::enumerate(rows)) {
      std::optional<bool> same = sameRow(row, known);
      if (!same)
        return std::nullopt;
      if (*same)
        slot = i;
    }
    if (slot < 0) {
      slot = rows.size();
      rows.push_back(row);
    }
    rowOf[inBody] = slot;
  }
  if (rows.empty())
    return std::nullopt;

  OpBuilder builder(loop);
  IRMapping hoisted;
  SmallVector<Value> rowsInFront;
  for (Value row : rows) {
    Value copy = hoistedCopy(row, loop, builder, hoisted);
    if (!copy)
      return std::nullopt;
    rowsInFront.push_back(copy);
  }
  scf::IfOp firstStore = stores.front();
  Value leader = hoistedCopy(firstStore.getCondition(), loop, builder,
                             hoisted);
  if (!leader)
    return std::nullopt;
  Location loc = loop.getLoc();
  SmallVector<Value> initial =
      valuesFromPrevious(previous, loop, buffer, rowsInFront);
  if (!initial.empty()) {
    // The previous loop's stores were for this loop; later reads get ours.
    previous->stores.erase();
    if (previous->barrier)
      previous->barrier.erase();
  } else {
    if (!barrierBefore(loop, buffer))
      gpu::BarrierOp::create(builder, loc);
    for (Value row : rowsInFront)
      initial.push_back(
          memref::LoadOp::create(builder, loc, buffer, ValueRange{row}));
  }

  IRRewriter rewriter(loop.getContext());
  auto carry = [&](OpBuilder &, Location, ArrayRef<BlockArgument> carried) {
    SmallVector<Value> latest(carried.begin(), carried.end());
    for (Operation &op : llvm::make_early_inc_range(*body)) {
      auto slot = rowOf.find(&op);
      if (slot == rowOf.end())
        continue;
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        load.getResult().replaceAllUsesWith(latest[slot->second]);
        load.erase();
        continue;
      }
      auto guard = cast<scf::IfOp>(op);
      for (Operation &inner : llvm::make_early_inc_range(*guard.thenBlock()))
        if (auto store = dyn_cast<memref::StoreOp>(inner);
            store && store.getMemref() == buffer) {
          latest[slot->second] = store.getValueToStore();
          store.erase();
        }
      if (guard.thenBlock()->getOperations().size() == 1 &&
          guard.getElseRegion().empty())
        guard.erase();
    }
    return latest;
  };
  FailureOr<LoopLikeOpInterface> replaced =
      loop.replaceWithAdditionalYields(rewriter, initial,
                                       /*replaceInitOperandUsesInLoop=*/false,
                                       carry);
  if (failed(replaced))
    return std::nullopt;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  builder.setInsertionPointAfter(newLoop);
  auto results = newLoop.getResults().take_back(rows.size());
  CarriedRows carried;
  carried.stores = scf::IfOp::create(builder, loc, leader);
  OpBuilder inside = carried.stores.getThenBodyBuilder();
  for (auto [value, row] : llvm::zip(results, rowsInFront))
    memref::StoreOp::create(inside, loc, value, buffer, ValueRange{row});
  if (!barrierAfter(carried.stores, buffer))
    carried.barrier = gpu::BarrierOp::create(builder, loc);
  carried.rows = rowsInFront;
  carried.values = llvm::to_vector_of<Value>(results);
  return carried;
}

/// 32-bit registers an invocation needs for a value of `type`: a 16x16
/// fragment's kComponents elements, a vector's or a scalar's bits (indices
/// are 32-bit in the SPIR-V here).
int64_t registersOf(Type type) {
  if (auto fragment = dyn_cast<gpu::MMAMatrixType>(type))
    return kComponents * fragment.getElementType().getIntOrFloatBitWidth() / 32;
  if (auto vector = dyn_cast<VectorType>(type))
    return llvm::divideCeil(vector.getNumElements() *
                                vector.getElementType().getIntOrFloatBitWidth(),
                            32);
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 32);
  return 1;
}

/// An estimate of the 32-bit registers each invocation holds through
/// `loop`'s body: its iteration arguments, the fragments it reads from
/// outside, the score fragments its phases take apart and its share of the
/// workgroup tiles it stages (which later passes load a step ahead), the
/// phases' state buffers aside.
int64_t registersAcrossLoop(scf::ForOp loop, int64_t numThreads,
                            const llvm::SetVector<Value> &stateBuffers) {
  int64_t total = 0;
  for (Value arg : loop.getRegionIterArgs())
    total += registersOf(arg.getType());
  llvm::SetVector<Value> outside, scores, staged;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (isa<gpu::MMAMatrixType>(operand.getType()) &&
          !loop->isAncestor(operand.getParentRegion()->getParentOp()))
        outside.insert(operand);
    if (auto extract = dyn_cast<gpu::SubgroupMmaExtractThreadLocalOp>(op))
      scores.insert(extract.getMatrix());
    Value written;
    if (auto store = dyn_cast<memref::StoreOp>(op))
      written = store.getMemref();
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      written = store.getBase();
    if (written && triton_spirv::isWorkgroupMemref(written))
      if (Value root = triton_spirv::rootBuffer(written);
          root && !stateBuffers.contains(root))
        staged.insert(root);
  });
  for (const llvm::SetVector<Value> &values : {outside, scores})
    for (Value value : values)
      total += registersOf(value.getType());
  for (Value buffer : staged)
    total += llvm::divideCeil(
        triton_spirv::bytesOf(cast<MemRefType>(buffer.getType())),
        4 * numThreads);
  return total;
}
} // namespace

void mlir::triton_spirv::fragment_rows::carryRowStateInRegisters(
    ArrayRef<RowState> states, int64_t numThreads,
                              int64_t registerLimit) {
  llvm::SetVector<Value> buffers;
  for (const RowState &state : states)
    buffers.insert(state.buffer);
  // Decided for every loop before any gains arguments.
  DenseSet<Operation *> carried;
  DenseMap<Operation *, bool> fits;
  for (const RowState &state : states) {
    auto loop = dyn_cast<scf::ForOp>(state.store->getParentOp());
    if (!loop)
      continue;
    auto [it, inserted] = fits.try_emplace(loop, false);
    if (inserted)
      it->second =
          registersAcrossLoop(loop, numThreads, buffers) <= registerLimit;
    if (it->second)
      carried.insert(state.store);
  }
  for (Value buffer : buffers) {
    llvm::MapVector<Operation *, SmallVector<scf::IfOp>> storesOf;
    for (const RowState &state : states)
      if (state.buffer == buffer && carried.contains(state.store))
        storesOf[state.store->getParentOp()].push_back(state.store);
    std::optional<CarriedRows> previous;
    for (auto &[loop, stores] : storesOf)
      previous = carryThroughLoop(cast<scf::ForOp>(loop), buffer, stores,
                                  previous);
  }
}


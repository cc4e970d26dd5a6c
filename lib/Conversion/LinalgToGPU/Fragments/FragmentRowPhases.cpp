//===- FragmentRowPhases.cpp - attention's row phase on the fragments -----===//
//
// Attention computes S = Q K^T on cooperative matrices and stores S to
// workgroup memory; after a barrier a row phase (one row per invocation: the
// row max, the running max and sum, the exponentials) writes P there, and
// P @ V loads it back as A fragments. Where the device's fragments keep each
// row in one quad of invocations (DeviceProfile::fragmentQuadLayout) and
// each subgroup holds whole rows of S (distribute-to-workgroup
// subgroup-owned-rows), the row phase runs on the fragments instead:
//
//  * each invocation computes the elements of its components, with the
//    phase's per-element code (the same for every column);
//  * a row reduction folds the invocation's elements of that row, then the
//    quad's partials with two xor shuffles;
//  * per-row code runs once per row in each of the row's 4 invocations; the
//    quad's first invocation stores per-row state (running max and sum);
//  * P's elements go into A fragments, component for component (an
//    accumulator's components are in the A operand's order).
//
// S and P no longer pass through workgroup memory, and the barrier between
// S's stores and the phase goes.
//
// Per-row state a later op of the block reads back as a row broadcast onto
// accumulator fragments of the same rows (attention's `acc * alpha[:, None]`:
// a stride-0 column-major fragment load) is taken from the phase's registers
// instead: every invocation of a row's quad holds the row's value, and its
// accumulator components sit in the rows of its S components. A state buffer
// nothing reads any more goes with its stores; the barrier in front of those
// loads then orders nothing, and --eliminate-redundant-barriers (NVIDIA)
// removes it. The running max and sum themselves then stay in registers
// through the key loop where it has room (FragmentRowState.cpp).
//
// The causal diagonal block's mask compares each row's position with
// start_n + j: column 0's comparison runs per component with the
// component's column added.
//
// Attention backward's dK/dV (keys as rows) also reads lse and delta along
// the columns from global memory: each invocation loads the columns of its
// components. Its first step writes P^T back over S^T for the second: the
// written values become fragments stored where S^T's were, and the second
// phase takes them as it takes any dot's stored fragments.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "Fragments/FragmentRowPhaseMatch.h"
#include "Fragments/FragmentRowState.h"

#include "MemorySpaces.h"
#include "Shared/WorkgroupAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <array>

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_FRAGMENTROWPHASES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton_spirv::fragment_rows;

namespace {
/// A fragment of `type` holding the invocation's `components`, in order.
Value fragmentOf(OpBuilder &builder, Location loc, Type type,
                 ArrayRef<Value> components) {
  Type element = cast<gpu::MMAMatrixType>(type).getElementType();
  Value zero = arith::ConstantOp::create(builder, loc, element,
                                         builder.getZeroAttr(element));
  Value fragment =
      gpu::SubgroupMmaConstantMatrixOp::create(builder, loc, type, zero);
  for (auto [c, value] : llvm::enumerate(components))
    fragment = gpu::SubgroupMmaInsertThreadLocalOp::create(
        builder, loc, type, value, fragment,
        ValueRange{arith::ConstantIndexOp::create(builder, loc, c)});
  return fragment;
}

/// Writes the phase on the fragments and removes S's stores, P's loads, the
/// phase and the barrier before it. Appends the per-row state it stores to
/// `states`.
void rewrite(RowPhase &phase, int64_t subgroupSize,
             SmallVectorImpl<RowState> &states) {
  Operation *firstOp = phase.first;
  Location loc = phase.first.getLoc();
  OpBuilder builder(firstOp);
  Value lane = gpu::LaneIdOp::create(builder, loc, /*upperBound=*/nullptr);
  Value four = arith::ConstantIndexOp::create(builder, loc, 4);
  Value quadRow = arith::DivUIOp::create(builder, loc, lane, four);
  int64_t columnTiles = phase.columns / kFragment;
  Value quadLeader = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(builder, loc, lane, four),
      arith::ConstantIndexOp::create(builder, loc, 0));
  Type i32 = builder.getI32Type();
  Value width = arith::ConstantIntOp::create(builder, loc, i32, subgroupSize);
  // The invocation's first column in a fragment: component c's is this plus
  // c % 2 + 8 ((c / 2) % 2).
  Value quadColumn = arith::MulIOp::create(
      builder, loc, arith::RemUIOp::create(builder, loc, lane, four),
      arith::ConstantIndexOp::create(builder, loc, 2));
  auto columnInFragment = [](int64_t component) {
    return component % 2 + 8 * ((component / 2) % 2);
  };
  // An element's column (tile t, component) plus `offset`, as an index.
  auto elementColumn = [&](int64_t t, int64_t component, int64_t offset) {
    return arith::AddIOp::create(
        builder, loc, quadColumn,
        arith::ConstantIndexOp::create(
            builder, loc, offset + t * kFragment + columnInFragment(component)));
  };
  // Column vectors' loads, per vector, base index and the column's place.
  DenseMap<std::tuple<int64_t, Value, int64_t>, Value> columnLoads;
  DenseMap<Value, int64_t> columnVectorOf;
  for (auto [k, vector] : llvm::enumerate(phase.columnVectors))
    columnVectorOf[vector.loads[0]] = k;
  // Written-back scores per update, group, column tile and component.
  SmallVector<SmallVector<SmallVector<SmallVector<Value>>>> updated(
      phase.scoreUpdates.size(),
      SmallVector<SmallVector<SmallVector<Value>>>(
          phase.groups.front().size(),
          SmallVector<SmallVector<Value>>(columnTiles,
                                          SmallVector<Value>(kComponents))));
  DenseMap<Value, int64_t> updateOf;
  for (auto [u, update] : llvm::enumerate(phase.scoreUpdates))
    updateOf[update.second[0]] = u;

  // P's elements per group, column tile and component.
  SmallVector<SmallVector<SmallVector<Value>>> probabilities(
      phase.groups.front().size(),
      SmallVector<SmallVector<Value>>(columnTiles,
                                      SmallVector<Value>(kComponents)));
  DenseSet<Operation *> modelOps(phase.slices[0].begin(),
                                 phase.slices[0].end());
  modelOps.insert(phase.columnOps.begin(), phase.columnOps.end());
  DenseMap<Operation *, int64_t> chainEnds;
  for (auto [i, chain] : llvm::enumerate(phase.chains))
    chainEnds[chain.last] = i;

  for (auto [g, stores] : llvm::enumerate(phase.groups.front())) {
    for (int64_t half = 0; half < 2; ++half) {
      Value row = arith::AddIOp::create(builder, loc,
                                        stores.front().getIndices()[0],
                                        quadRow);
      if (half)
        row = arith::AddIOp::create(
            builder, loc, row,
            arith::ConstantIndexOp::create(builder, loc, kFragment / 2));
      IRMapping rowMap;
      rowMap.map(phase.threadId, row);
      // This row's elements: each column tile's components of the half.
      SmallVector<IRMapping> elements;
      SmallVector<std::pair<int64_t, int64_t>> places;
      for (int64_t t = 0; t < columnTiles; ++t)
        for (int64_t c = 0; c < kRowComponents; ++c) {
          int64_t component = half * kRowComponents + c;
          Value index = arith::ConstantIndexOp::create(builder, loc, component);
          IRMapping element = rowMap;
          for (auto [b, groups] : llvm::enumerate(phase.groups)) {
            Value score = gpu::SubgroupMmaExtractThreadLocalOp::create(
                builder, loc, builder.getF32Type(), groups[g][t].getSrc(),
                ValueRange{index});
            element.map(phase.scoreLoads[b][0], score);
          }
          // Column 0's shifted values, shifted to the element's column.
          for (Value leaf : phase.columnLeaves) {
            Value column = elementColumn(t, component, 0);
            if (!leaf.getType().isIndex())
              column = arith::IndexCastOp::create(builder, loc,
                                                  leaf.getType(), column);
            Value base = rowMap.lookupOrDefault(leaf);
            element.map(leaf,
                        arith::AddIOp::create(builder, loc, base, column));
          }
          elements.push_back(element);
          places.emplace_back(t, component);
        }
      for (Operation *op : phase.ops) {
        if (modelOps.contains(op)) {
          for (IRMapping &element : elements)
            builder.clone(*op, element);
          continue;
        }
        auto kind = [&](Value v) { return phase.info.lookup(v).kind; };
        if (auto load = dyn_cast<memref::LoadOp>(op);
            load && columnVectorOf.count(load.getResult())) {
          // Each element's column: its tile's, the quad's and the
          // component's.
          int64_t k = columnVectorOf.lookup(load.getResult());
          const ColumnVector &vector = phase.columnVectors[k];
          Value root = rowMap.lookupOrDefault(vector.root);
          for (auto [element, place] : llvm::zip(elements, places)) {
            auto [t, component] = place;
            int64_t inBlock = t * kFragment + columnInFragment(component);
            // A row's two halves (and other rows of the same base) share it.
            Value &value = columnLoads[{k, root, inBlock}];
            if (!value) {
              Value index = arith::AddIOp::create(
                  builder, loc, root,
                  elementColumn(t, component, vector.offset));
              value = memref::LoadOp::create(builder, loc, vector.memref,
                                             ValueRange{index});
            }
            element.map(load.getResult(), value);
          }
          continue;
        }
        if (auto store = dyn_cast<memref::StoreOp>(op)) {
          if (auto update = updateOf.find(store.getValueToStore());
              update != updateOf.end()) {
            for (auto [element, place] : llvm::zip(elements, places))
              updated[update->second][g][place.first][place.second] =
                  element.lookup(store.getValueToStore());
            continue;
          }
          if (llvm::is_contained(phase.scores, store.getMemref()))
            continue;
          if (store.getMemref() == phase.probabilities) {
            if (store.getValueToStore() != phase.storedProbabilities[0])
              continue;
            for (auto [element, place] : llvm::zip(elements, places))
              probabilities[g][place.first][place.second] =
                  element.lookup(store.getValueToStore());
            continue;
          }
          // Per-row state: stored once per row.
          auto leader = scf::IfOp::create(builder, loc, quadLeader);
          OpBuilder inside = leader.getThenBodyBuilder();
          inside.clone(*op, rowMap);
          if (store.getIndices().size() == 1 &&
              store.getIndices()[0] == phase.threadId)
            states.push_back({store.getMemref(), stores.front().getIndices()[0],
                              half,
                              rowMap.lookupOrDefault(store.getValueToStore()),
                              leader});
          continue;
        }
        if (auto load = dyn_cast<memref::LoadOp>(op))
          if (llvm::is_contained(phase.scores, load.getMemref()))
            continue;
        if (auto end = chainEnds.find(op); end != chainEnds.end()) {
          const Chain &chain = phase.chains[end->second];
          auto combine = [&](Value a, Value b) {
            IRMapping operands;
            operands.map(op->getOperand(0), a);
            operands.map(op->getOperand(1), b);
            return builder.clone(*op, operands)->getResult(0);
          };
          Value partial;
          for (IRMapping &element : elements) {
            Value v = element.lookup(chain.perColumn.lookup(0));
            partial = partial ? combine(partial, v) : v;
          }
          for (int64_t offset : {1, 2}) {
            Value distance = arith::ConstantIntOp::create(builder, loc, i32,
                                                          offset);
            Value other = gpu::ShuffleOp::create(builder, loc, partial,
                                                 distance, width,
                                                 gpu::ShuffleMode::XOR)
                              .getShuffleResult();
            partial = combine(partial, other);
          }
          if (chain.init)
            partial = combine(rowMap.lookupOrDefault(chain.init), partial);
          rowMap.map(op->getResult(0), partial);
          for (IRMapping &element : elements)
            element.map(op->getResult(0), partial);
          continue;
        }
        bool rowOp = llvm::all_of(op->getResults(), [&](Value r) {
          return !phase.info.count(r) || kind(r) == Kind::Row;
        });
        if (!rowOp)
          continue;
        Operation *clone = builder.clone(*op, rowMap);
        for (IRMapping &element : elements)
          for (auto [from, to] :
               llvm::zip(op->getResults(), clone->getResults()))
            element.map(from, to);
      }
    }
  }

  // P's A fragments, component for component.
  DenseMap<std::pair<int64_t, int64_t>, Value> fragments;
  for (auto [load, group, tile] : phase.probabilityLoads) {
    Value &fragment = fragments[{group, tile}];
    if (!fragment)
      fragment = fragmentOf(builder, loc, load.getRes().getType(),
                            probabilities[group][tile]);
    load.getRes().replaceAllUsesWith(fragment);
    load.erase();
  }
  // Scores written back: fragments stored where S's were, for a later phase
  // (which takes their values) or later reads.
  for (auto [u, update] : llvm::enumerate(phase.scoreUpdates)) {
    for (auto [g, stores] : llvm::enumerate(phase.groups[update.first])) {
      for (auto [t, store] : llvm::enumerate(stores)) {
        // The fragment first: the copy that stores it comes after.
        Value fragment = fragmentOf(builder, loc, store.getSrc().getType(),
                                    updated[u][g][t]);
        Operation *copy = builder.clone(*store);
        copy->setOperand(0, fragment);
      }
    }
  }
  for (Operation *op : llvm::reverse(phase.ops))
    op->erase();
  if (phase.guard) {
    Operation *condition = phase.guard.getCondition().getDefiningOp();
    phase.guard.erase();
    if (condition->use_empty())
      condition->erase();
  }
  for (auto &groups : phase.groups)
    for (auto &stores : groups)
      for (gpu::SubgroupMmaStoreMatrixOp store : stores)
        store.erase();
  if (phase.probabilities.use_empty())
    phase.probabilities.getDefiningOp()->erase();
}

/// Whether the barrier before the phase orders anything once S and P stay in
/// registers: what runs after it until the next barrier (the phase's state,
/// work sharing the barriers) touches a buffer that the ops since the
/// previous barrier touch. (Scores written back go where the subgroup's own
/// fragment stores of S went, with no barrier before those either.)
bool barrierNeeded(const RowPhase &phase) {
  triton_spirv::Accesses after;
  for (Value state : phase.stateBuffers) {
    after.reads.insert(state);
    after.writes.insert(state);
  }
  for (Operation *other : phase.others)
    other->walk([&](Operation *op) { triton_spirv::recordAccess(op, after); });
  Operation *start = phase.first;
  while (start->getPrevNode() && !isa<gpu::BarrierOp>(start->getPrevNode()))
    start = start->getPrevNode();
  triton_spirv::Accesses before = triton_spirv::accessesOf(
      start->getIterator(), phase.first->getIterator());
  return after.sharesBufferWith(before);
}

/// Replaces row broadcasts of the phases' per-row state onto accumulator
/// fragments (`load %state[%base] {leadDimension = 0, transpose}`, later in
/// the block that stored the state) with fragments of the registers, then
/// drops state buffers nothing reads any more (and their entries of
/// `states`). The barrier in front of such a load is left to
/// --eliminate-redundant-barriers.
void broadcastRowStateFromRegisters(SmallVectorImpl<RowState> &states) {
  // (buffer, base, block) -> the two halves' values; keys stored more than
  // once (two phases of a block) are left alone. In the phases' order, so
  // that barriers are tried in a fixed order.
  using Key = std::tuple<Value, Value, Block *>;
  llvm::MapVector<Key, std::array<RowState, 2>> rows;
  DenseMap<Key, unsigned> seen;
  DenseSet<Operation *> stateStores;
  for (const RowState &state : states) {
    Key key{state.buffer, state.base, state.store->getBlock()};
    rows[key][state.half] = state;
    unsigned bit = 1u << state.half;
    seen[key] = seen.lookup(key) & bit ? 4u : seen.lookup(key) | bit;
    stateStores.insert(state.store);
  }
  llvm::SetVector<Value> buffers;
  for (auto &[key, halves] : rows) {
    if (seen.lookup(key) != 3)
      continue;
    auto [buffer, base, block] = key;
    Operation *lastStore = halves[0].store->isBeforeInBlock(halves[1].store)
                               ? halves[1].store
                               : halves[0].store;
    // Writes of the buffer in the block other than the phases' state stores
    // (which write their own groups' rows).
    SmallVector<Operation *> writers;
    for (Operation *user : buffer.getUsers())
      if (!isa<gpu::SubgroupMmaLoadMatrixOp, memref::LoadOp>(user))
        if (Operation *inBlock = block->findAncestorOpInBlock(*user))
          if (!stateStores.contains(inBlock))
            writers.push_back(inBlock);
    for (Operation *user : llvm::to_vector(buffer.getUsers())) {
      auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(user);
      if (!load || load->getBlock() != block ||
          !lastStore->isBeforeInBlock(load) || load.getIndices().size() != 1 ||
          load.getIndices()[0] != base || load.getLeadDimension() != 0 ||
          !load.getTranspose().value_or(false))
        continue;
      auto type = cast<gpu::MMAMatrixType>(load.getRes().getType());
      if (type.getOperand() != "COp" ||
          type.getElementType() != halves[0].value.getType())
        continue;
      if (llvm::any_of(writers, [&](Operation *writer) {
            return lastStore->isBeforeInBlock(writer) &&
                   writer->isBeforeInBlock(load);
          }))
        continue;
      OpBuilder builder(load);
      SmallVector<Value> components;
      for (int64_t c = 0; c < kComponents; ++c)
        components.push_back(halves[c / kRowComponents].value);
      load.getRes().replaceAllUsesWith(
          fragmentOf(builder, load.getLoc(), type, components));
      load.erase();
      buffers.insert(buffer);
    }
  }
  // A state buffer only written now: its stores and itself go.
  for (Value buffer : buffers) {
    if (!llvm::all_of(buffer.getUsers(), llvm::IsaPred<memref::StoreOp>))
      continue;
    llvm::erase_if(states, [&](const RowState &state) {
      return state.buffer == buffer;
    });
    for (Operation *user : llvm::to_vector(buffer.getUsers())) {
      auto guard = dyn_cast<scf::IfOp>(user->getParentOp());
      user->erase();
      if (guard && guard.getElseRegion().empty() &&
          guard.thenBlock()->getOperations().size() == 1)
        guard.erase();
    }
    if (Operation *alloc = buffer.getDefiningOp<memref::AllocOp>())
      alloc->erase();
  }
}

struct FragmentRowPhasesPass
    : triton_spirv::impl::FragmentRowPhasesBase<FragmentRowPhasesPass> {
  using FragmentRowPhasesBase::FragmentRowPhasesBase;

  void runOnOperation() override {
    if (subgroupSize * kComponents != kFragment * kFragment ||
        numThreads % subgroupSize)
      return;
    SmallVector<gpu::BarrierOp> barriers;
    getOperation().walk([&](gpu::BarrierOp b) { barriers.push_back(b); });
    SmallVector<RowState> states;
    for (gpu::BarrierOp barrier : barriers) {
      std::optional<RowPhase> phase =
          matchRowPhase(barrier, numThreads, subgroupSize);
      if (!phase)
        continue;
      bool dropBarrier = !barrierNeeded(*phase);
      rewrite(*phase, subgroupSize, states);
      if (dropBarrier)
        barrier.erase();
    }
    broadcastRowStateFromRegisters(states);
    if (carryStateRegisterLimit > 0)
      carryRowStateInRegisters(states, numThreads, carryStateRegisterLimit);
  }
};
} // namespace

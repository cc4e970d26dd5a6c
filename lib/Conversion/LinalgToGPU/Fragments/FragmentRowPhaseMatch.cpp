//===- FragmentRowPhaseMatch.cpp - row phases fragment-row-phases takes ---===//
#include "Fragments/FragmentRowPhaseMatch.h"
#include "Shared/IndexEvaluation.h"

#include "MemorySpaces.h"
#include "Shared/WorkgroupAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>

using namespace mlir;
using namespace mlir::triton_spirv::fragment_rows;
using mlir::triton_spirv::isWorkgroupMemref;

namespace {
bool isReductionCombiner(Operation *op) {
  return isa<arith::MaxNumFOp, arith::MaximumFOp, arith::MinNumFOp,
             arith::MinimumFOp, arith::AddFOp, arith::MulFOp>(op) &&
         op->getNumOperands() == 2;
}

/// The value of an index expression of constants and the subgroup id.
std::optional<int64_t> evaluate(Value value, int64_t subgroup) {
  return triton_spirv::evaluateIndex(value, [&](Value leaf) -> std::optional<int64_t> {
    if (isa_and_nonnull<gpu::SubgroupIdOp>(leaf.getDefiningOp()))
      return subgroup;
    return std::nullopt;
  });
}

/// An index expression's value in each subgroup.
std::optional<SmallVector<int64_t>> evaluateAll(Value value,
                                                int64_t numSubgroups) {
  SmallVector<int64_t> values;
  for (int64_t s = 0; s < numSubgroups; ++s) {
    std::optional<int64_t> v = evaluate(value, s);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

/// Whether `a` and `b` lie in different branches of one scf.if outside any
/// loop, so that no run executes both (the two copies of a loop that
/// split-loops-at-mask-bounds versions share their workgroup buffers).
bool inExclusiveBranches(Operation *a, Operation *b) {
  for (Operation *parent = a->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (!parent->isAncestor(b))
      continue;
    auto branch = dyn_cast<scf::IfOp>(parent);
    // Inside a loop, one iteration may take each branch.
    if (!branch || branch->getParentOfType<LoopLikeOpInterface>())
      return false;
    Region &then = branch.getThenRegion();
    return then.isAncestor(a->getParentRegion()) !=
           then.isAncestor(b->getParentRegion());
  }
  return false;
}

/// Whether `user` lies in a loop run before or after the one holding `a`
/// (causal attention's two key loops share P's buffer) whose body writes
/// `buffer` before anything reads it there: no value the phase keeps in
/// registers is read in that loop.
bool inLoopWritingFirst(Operation *a, Operation *user, Value buffer) {
  for (Operation *loop = user->getParentOp(); loop; loop = loop->getParentOp()) {
    if (loop->isAncestor(a))
      return false;
    if (!isa<scf::ForOp>(loop) || !loop->getBlock()->findAncestorOpInBlock(*a))
      continue;
    // The first top-level op of the body that touches the buffer only
    // stores into it (a view or a read-and-write does not count).
    for (Operation &op : cast<scf::ForOp>(loop).getBody()->without_terminator()) {
      bool reads = false, writes = false;
      op.walk([&](Operation *inner) {
        for (OpOperand &operand : inner->getOpOperands()) {
          if (operand.get() != buffer)
            continue;
          // The destination of a store (memref, vector or fragment).
          if (isa<memref::StoreOp, vector::StoreOp, gpu::SubgroupMmaStoreMatrixOp>(inner) &&
              operand.getOperandNumber() == 1)
            writes = true;
          else
            reads = true;
        }
      });
      if (reads)
        return false;
      if (writes)
        return true;
    }
    return false;
  }
  return false;
}

bool isThreadIdX(Value value) {
  auto id = value.getDefiningOp<gpu::ThreadIdOp>();
  return id && id.getDimension() == gpu::Dimension::x;
}

class Matcher {
public:
  Matcher(int64_t numThreads, int64_t subgroupSize)
      : numThreads(numThreads), numSubgroups(numThreads / subgroupSize) {}

  std::optional<RowPhase> match(gpu::BarrierOp first) {
    RowPhase phase;
    phase.first = first;
    for (Operation *op = first->getNextNode(); op; op = op->getNextNode()) {
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op)) {
        phase.second = barrier;
        break;
      }
      if (isa<memref::AllocOp>(op))
        continue;
      // Work that only shares the barriers (staging the next tile) stays.
      if (op->getNumRegions() && !isGuard(op)) {
        phase.others.push_back(op);
        continue;
      }
      phase.ops.push_back(op);
    }
    if (!phase.second || phase.ops.empty() || !unwrapGuard(phase) ||
        !collectAccesses(phase) || !othersIndependent(phase) ||
        !matchScoreStores(phase) || !matchProbabilityLoads(phase) ||
        !classify(phase) || !slicesAgree(phase))
      return std::nullopt;
    return phase;
  }

private:
  int64_t numThreads, numSubgroups;

  /// A phase of fewer rows than invocations runs under `if thread < rows`
  /// (beside the comparison and constants).
  static bool isGuard(Operation *op) {
    auto guard = dyn_cast<scf::IfOp>(op);
    auto compare =
        guard ? guard.getCondition().getDefiningOp<arith::CmpIOp>() : nullptr;
    return compare && !guard.getNumResults() &&
           guard.getElseRegion().empty() &&
           compare.getPredicate() == arith::CmpIPredicate::ult &&
           isThreadIdX(compare.getLhs()) &&
           getConstantIntValue(compare.getRhs());
  }

  bool unwrapGuard(RowPhase &phase) const {
    phase.rows = numThreads;
    auto found = llvm::find_if(phase.ops, isGuard);
    if (found == phase.ops.end())
      return true;
    auto guard = cast<scf::IfOp>(*found);
    auto compare = guard.getCondition().getDefiningOp<arith::CmpIOp>();
    std::optional<int64_t> rows = getConstantIntValue(compare.getRhs());
    if (*rows >= numThreads)
      return false;
    for (Operation *op : phase.ops)
      if (op != guard && op != compare && !matchPattern(op, m_Constant()))
        return false;
    phase.guard = guard;
    phase.rows = *rows;
    phase.ops.clear();
    for (Operation &op : guard.getThenRegion().front().without_terminator())
      phase.ops.push_back(&op);
    return !phase.ops.empty();
  }

  /// The other work between the barriers neither uses the phase's values
  /// nor touches its buffers.
  static bool othersIndependent(const RowPhase &phase) {
    DenseSet<Operation *> phaseOps(phase.ops.begin(), phase.ops.end());
    if (phase.guard)
      phaseOps.insert(phase.guard);
    for (Operation *other : phase.others) {
      if (other->getNumResults())
        return false;
      WalkResult walk = other->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands()) {
          // A buffer seen through a view is still that buffer.
          Value buffer = isa<MemRefType>(operand.getType())
                             ? triton_spirv::rootBuffer(operand)
                             : Value();
          if (!buffer)
            buffer = operand;
          if (phaseOps.contains(operand.getDefiningOp()) ||
              llvm::is_contained(phase.scores, buffer) ||
              buffer == phase.probabilities ||
              llvm::is_contained(phase.stateBuffers, buffer))
            return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (walk.wasInterrupted())
        return false;
    }
    return true;
  }

  static std::optional<int64_t> columnOf(ValueRange indices, Value threadId) {
    if (indices.size() != 2 || indices[0] != threadId)
      return std::nullopt;
    return getConstantIntValue(indices[1]);
  }

  static bool isRowBuffer(const RowPhase &phase, Value buffer, int64_t rank) {
    auto type = dyn_cast<MemRefType>(buffer.getType());
    return type && isWorkgroupMemref(buffer) && type.hasStaticShape() &&
           type.getLayout().isIdentity() && type.getRank() == rank &&
           type.getDimSize(0) == phase.rows &&
           buffer.getDefiningOp<memref::AllocOp>();
  }

  /// `index` as a value plus a constant.
  static std::pair<Value, int64_t> splitOffset(Value index) {
    int64_t offset = 0;
    while (auto add = index.getDefiningOp<arith::AddIOp>()) {
      std::optional<int64_t> constant = getConstantIntValue(add.getRhs());
      Value rest = add.getLhs();
      if (!constant) {
        constant = getConstantIntValue(add.getLhs());
        rest = add.getRhs();
      }
      if (!constant)
        break;
      offset += *constant;
      index = rest;
    }
    return {index, offset};
  }

  /// Groups the phase's loads from global memory into column vectors: per
  /// memref and base index, one load at each of `columns` consecutive
  /// offsets (fuse-row-phases writes column j's as `base + j`).
  bool groupColumnLoads(RowPhase &phase, ArrayRef<memref::LoadOp> loads) {
    struct Group {
      Value memref, root;
      std::map<int64_t, Value> byOffset;
    };
    SmallVector<Group> groups;
    for (memref::LoadOp load : loads) {
      auto [root, offset] = splitOffset(load.getIndices()[0]);
      auto *group = llvm::find_if(groups, [&](const Group &g) {
        return g.memref == load.getMemref() && g.root == root;
      });
      if (group == groups.end()) {
        groups.push_back({load.getMemref(), root, {}});
        group = groups.end() - 1;
      }
      if (!group->byOffset.emplace(offset, load.getResult()).second)
        return false;
    }
    for (Group &group : groups) {
      int64_t first = group.byOffset.begin()->first;
      if (static_cast<int64_t>(group.byOffset.size()) != phase.columns ||
          group.byOffset.rbegin()->first != first + phase.columns - 1)
        return false;
      ColumnVector vector{group.memref, group.root, first, {}};
      for (auto &entry : group.byOffset)
        vector.loads.push_back(entry.second);
      phase.columnVectors.push_back(vector);
    }
    return true;
  }

  /// S read at (thread, column), P written at (thread, column), 1-D state
  /// read and written at the thread's row, vectors along the columns read
  /// from global memory, S written back in place; everything else pure.
  bool collectAccesses(RowPhase &phase) {
    SmallVector<DenseMap<int64_t, Value>> scoreLoads;
    DenseMap<int64_t, Value> stored;
    SmallVector<DenseMap<int64_t, Value>> scoreStores;
    SmallVector<memref::LoadOp> globalLoads;
    // A 1-D buffer at the thread's row: per-row state.
    auto recordState = [&](Value buffer) {
      if (!isRowBuffer(phase, buffer, 1))
        return false;
      if (!llvm::is_contained(phase.stateBuffers, buffer))
        phase.stateBuffers.push_back(buffer);
      return true;
    };
    for (Operation *op : phase.ops) {
      if (op->getNumRegions())
        return false;
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        ValueRange indices = load.getIndices();
        if (!isWorkgroupMemref(load.getMemref())) {
          if (indices.size() != 1)
            return false;
          globalLoads.push_back(load);
          continue;
        }
        if (indices.empty() || !isThreadIdX(indices[0]))
          return false;
        if (phase.threadId && phase.threadId != indices[0])
          return false;
        phase.threadId = indices[0];
        Value buffer = load.getMemref();
        if (recordState(buffer))
          continue;
        std::optional<int64_t> column = columnOf(indices, phase.threadId);
        if (!column || !isRowBuffer(phase, buffer, 2) ||
            !load.getType().isF32())
          return false;
        auto *found = llvm::find(phase.scores, buffer);
        if (found == phase.scores.end()) {
          phase.scores.push_back(buffer);
          scoreLoads.emplace_back();
          found = phase.scores.end() - 1;
        }
        auto &columns = scoreLoads[found - phase.scores.begin()];
        if (columns.count(*column))
          return false;
        columns[*column] = load.getResult();
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(op)) {
        ValueRange indices = store.getIndices();
        if (indices.empty() || indices[0] != phase.threadId)
          return false;
        Value buffer = store.getMemref();
        if (recordState(buffer))
          continue;
        std::optional<int64_t> column = columnOf(indices, phase.threadId);
        auto *score = llvm::find(phase.scores, buffer);
        if (column && score != phase.scores.end()) {
          // Written back in place, after its loads.
          int64_t b = score - phase.scores.begin();
          scoreStores.resize(phase.scores.size());
          if (!scoreLoads[b].count(*column) || scoreStores[b].count(*column))
            return false;
          scoreStores[b][*column] = store.getValueToStore();
          continue;
        }
        if (!column || !isRowBuffer(phase, buffer, 2) ||
            !store.getValueToStore().getType().isF16() ||
            (phase.probabilities && phase.probabilities != buffer) ||
            stored.count(*column))
          return false;
        phase.probabilities = buffer;
        stored[*column] = store.getValueToStore();
        continue;
      }
      if (!isMemoryEffectFree(op))
        return false;
    }
    if (phase.scores.empty() || !phase.probabilities ||
        llvm::is_contained(phase.scores, phase.probabilities) ||
        llvm::is_contained(phase.stateBuffers, phase.probabilities) ||
        llvm::any_of(phase.scores, [&](Value b) {
          return llvm::is_contained(phase.stateBuffers, b);
        }))
      return false;
    phase.columns =
        cast<MemRefType>(phase.scores.front().getType()).getDimSize(1);
    if (phase.columns % kFragment ||
        static_cast<int64_t>(stored.size()) != phase.columns ||
        cast<MemRefType>(phase.probabilities.getType()).getDimSize(1) <
            phase.columns)
      return false;
    for (auto [buffer, columns] : llvm::zip(phase.scores, scoreLoads)) {
      if (cast<MemRefType>(buffer.getType()).getDimSize(1) != phase.columns ||
          static_cast<int64_t>(columns.size()) != phase.columns)
        return false;
      phase.scoreLoads.emplace_back();
      for (int64_t j = 0; j < phase.columns; ++j) {
        if (!columns.count(j))
          return false;
        phase.scoreLoads.back().push_back(columns[j]);
      }
    }
    for (int64_t j = 0; j < phase.columns; ++j) {
      if (!stored.count(j))
        return false;
      phase.storedProbabilities.push_back(stored[j]);
    }
    for (auto [b, columns] : llvm::enumerate(scoreStores)) {
      if (columns.empty())
        continue;
      if (static_cast<int64_t>(columns.size()) != phase.columns)
        return false;
      auto &update = phase.scoreUpdates.emplace_back(b, SmallVector<Value>());
      for (int64_t j = 0; j < phase.columns; ++j)
        update.second.push_back(columns[j]);
    }
    return groupColumnLoads(phase, globalLoads);
  }

  /// The fragment stores that wrote each score buffer before the phase: in
  /// every subgroup, whole rows, rows split over the subgroups; group g
  /// covers the same rows in every buffer.
  bool matchScoreStores(RowPhase &phase) {
    SmallVector<SmallVector<int64_t>> firstRows;
    for (Value buffer : phase.scores) {
      SmallVector<SmallVector<int64_t>> groupRows;
      if (!matchScoreStores(phase, buffer, groupRows))
        return false;
      if (firstRows.empty()) {
        firstRows = groupRows;
        continue;
      }
      // Order this buffer's groups as the first buffer's.
      auto &groups = phase.groups.back();
      SmallVector<SmallVector<gpu::SubgroupMmaStoreMatrixOp>> ordered;
      for (const SmallVector<int64_t> &rows : firstRows) {
        auto *found = llvm::find(groupRows, rows);
        if (found == groupRows.end())
          return false;
        ordered.push_back(groups[found - groupRows.begin()]);
      }
      groups = ordered;
    }
    return true;
  }

  bool matchScoreStores(RowPhase &phase, Value scores,
                        SmallVector<SmallVector<int64_t>> &groupRows) {
    Block *block = phase.first->getBlock();
    auto type = cast<MemRefType>(scores.getType());
    SmallVector<gpu::SubgroupMmaStoreMatrixOp> stores;
    Operation *firstStore = nullptr;
    for (Operation *user : scores.getUsers()) {
      auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(user);
      if (!store || store->getBlock() != block ||
          !store->isBeforeInBlock(phase.first))
        continue;
      if (store.getTranspose().value_or(false) ||
          store.getLeadDimension().getSExtValue() != type.getDimSize(1) ||
          store.getSrc().getType().getOperand() != "COp" ||
          !store.getSrc().getType().getElementType().isF32())
        return false;
      stores.push_back(store);
      if (!firstStore || store->isBeforeInBlock(firstStore))
        firstStore = store;
    }
    if (stores.empty())
      return false;
    // Everything else that touches the buffer comes before (its fill and
    // the accumulator's initial load) or is the phase, or after the phase
    // when the phase writes the buffer back.
    bool writtenBack = llvm::any_of(phase.scoreUpdates, [&](auto &update) {
      return phase.scores[update.first] == scores;
    });
    for (Operation *user : scores.getUsers()) {
      if (llvm::is_contained(stores, user) ||
          llvm::is_contained(phase.ops, user) ||
          isa<memref::AllocOp>(user) || inExclusiveBranches(phase.first, user) ||
          inLoopWritingFirst(phase.first, user, scores))
        continue;
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (ancestor && writtenBack && phase.second->isBeforeInBlock(ancestor))
        continue;
      if (!ancestor || !ancestor->isBeforeInBlock(firstStore))
        return false;
    }
    // Group by rows (per subgroup); each group covers every column.
    auto &groups = phase.groups.emplace_back();
    for (gpu::SubgroupMmaStoreMatrixOp store : stores) {
      auto rows = evaluateAll(store.getIndices()[0], numSubgroups);
      auto columns = evaluateAll(store.getIndices()[1], numSubgroups);
      if (!rows || !columns || llvm::any_of(*columns, [&](int64_t c) {
            return c != (*columns)[0];
          }))
        return false;
      auto *found = llvm::find(groupRows, *rows);
      if (found == groupRows.end()) {
        groupRows.push_back(*rows);
        groups.emplace_back();
        found = groupRows.end() - 1;
      }
      groups[found - groupRows.begin()].push_back(store);
    }
    int64_t columnTiles = phase.columns / kFragment;
    DenseSet<int64_t> rowStarts;
    for (auto [rows, group] : llvm::zip(groupRows, groups)) {
      if (static_cast<int64_t>(group.size()) != columnTiles)
        return false;
      llvm::sort(group, [](auto a, auto b) {
        return *getConstantIntValue(a.getIndices()[1]) <
               *getConstantIntValue(b.getIndices()[1]);
      });
      for (int64_t t = 0; t < columnTiles; ++t)
        if (getConstantIntValue(group[t].getIndices()[1]) != t * kFragment)
          return false;
      for (int64_t row : rows)
        if (row % kFragment || row >= type.getDimSize(0) ||
            !rowStarts.insert(row).second)
          return false;
    }
    return static_cast<int64_t>(rowStarts.size()) * kFragment ==
           type.getDimSize(0);
  }

  /// P is read only as A fragments after the phase, each from rows its
  /// subgroup computed. (Its buffer may have held another tile before the
  /// phase: bufferization reuses a dead K tile of the same shape.)
  bool matchProbabilityLoads(RowPhase &phase) {
    Block *block = phase.first->getBlock();
    auto type = cast<MemRefType>(phase.probabilities.getType());
    for (Operation *user : phase.probabilities.getUsers()) {
      if (llvm::is_contained(phase.ops, user) || isa<memref::AllocOp>(user) ||
          inExclusiveBranches(phase.first, user) ||
          inLoopWritingFirst(phase.first, user, phase.probabilities))
        continue;
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (ancestor && ancestor->isBeforeInBlock(phase.first))
        continue;
      auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(user);
      if (!load || load->getBlock() != block ||
          !phase.second->isBeforeInBlock(load) ||
          load.getTranspose().value_or(false) ||
          load.getLeadDimension().getSExtValue() != type.getDimSize(1) ||
          cast<gpu::MMAMatrixType>(load.getRes().getType()).getOperand() !=
              "AOp")
        return false;
      auto rows = evaluateAll(load.getIndices()[0], numSubgroups);
      std::optional<int64_t> column = getConstantIntValue(load.getIndices()[1]);
      if (!rows || !column || *column % kFragment ||
          *column >= phase.columns)
        return false;
      int64_t group = -1;
      for (auto [g, stores] : llvm::enumerate(phase.groups.front()))
        if (*evaluateAll(stores.front().getIndices()[0], numSubgroups) ==
            *rows)
          group = g;
      if (group < 0)
        return false;
      phase.probabilityLoads.emplace_back(load, group, *column / kFragment);
    }
    return !phase.probabilityLoads.empty();
  }

  /// Every value of the phase is per row, one column's element, or a
  /// partial row reduction.
  bool classify(RowPhase &phase) {
    auto &info = phase.info;
    info[phase.threadId] = {Kind::Row};
    for (const SmallVector<Value> &loads : phase.scoreLoads)
      for (auto [j, load] : llvm::enumerate(loads))
        info[load] = {Kind::Element, static_cast<int64_t>(j)};
    for (const ColumnVector &vector : phase.columnVectors)
      for (auto [j, load] : llvm::enumerate(vector.loads))
        info[load] = {Kind::Element, static_cast<int64_t>(j)};
    auto infoOf = [&](Value v) {
      auto it = info.find(v);
      return it == info.end() ? ValueInfo{Kind::Row} : it->second;
    };
    // An element op `x_j op r` (r per row) whose only use continues into a
    // reduction over other columns is that reduction's first step.
    DenseMap<Operation *, Value> initCandidates;
    phase.slices.resize(phase.columns);
    for (Operation *op : phase.ops) {
      if (isa<memref::LoadOp, memref::StoreOp>(op))
        continue;
      SmallVector<ValueInfo> operands;
      for (Value operand : op->getOperands())
        operands.push_back(infoOf(operand));
      auto partial = llvm::find_if(
          operands, [](ValueInfo i) { return i.kind == Kind::Partial; });
      if (partial != operands.end()) {
        // Continues a reduction with one more column.
        Chain &chain = phase.chains[partial->chain];
        int64_t other = 1 - (partial - operands.begin());
        if (op->getName() != chain.combiner || operands.size() != 2 ||
            operands[other].kind != Kind::Element ||
            chain.perColumn.count(operands[other].column) ||
            !op->getOperand(1 - other).hasOneUse())
          return false;
        chain.perColumn[operands[other].column] = op->getOperand(other);
        chain.last = op;
        bool complete =
            static_cast<int64_t>(chain.perColumn.size()) == phase.columns;
        info[op->getResult(0)] = complete ? ValueInfo{Kind::Row}
                                          : ValueInfo{Kind::Partial, -1,
                                                      partial->chain};
        continue;
      }
      SmallVector<int64_t> columns;
      for (ValueInfo i : operands)
        if (i.kind == Kind::Element && !llvm::is_contained(columns, i.column))
          columns.push_back(i.column);
      if (columns.size() > 2 ||
          (columns.size() == 2 && !isReductionCombiner(op)))
        return false;
      if (columns.size() == 2) {
        // Starts a reduction over two columns, or over a row value and two
        // columns when one operand is an init candidate.
        Chain chain{op->getName(), Value(), op, {}};
        for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
          Operation *def = operand.getDefiningOp();
          auto candidate = initCandidates.find(def);
          if (def && candidate != initCandidates.end() &&
              def->getName() == op->getName()) {
            chain.init = candidate->second;
            Value element = def->getOperand(0) == candidate->second
                                ? def->getOperand(1)
                                : def->getOperand(0);
            chain.perColumn[operands[index].column] = element;
            // The first step is the reduction's, not the column's.
            auto &slice = phase.slices[operands[index].column];
            slice.erase(llvm::find(slice, def));
            info[def->getResult(0)] = {Kind::Partial, -1, -1};
            initCandidates.erase(candidate);
          } else {
            chain.perColumn[operands[index].column] = operand;
          }
        }
        phase.chains.push_back(chain);
        bool complete =
            static_cast<int64_t>(chain.perColumn.size()) == phase.columns;
        info[op->getResult(0)] =
            complete ? ValueInfo{Kind::Row}
                     : ValueInfo{Kind::Partial, -1,
                                 static_cast<int64_t>(phase.chains.size()) - 1};
        continue;
      }
      if (columns.size() == 1) {
        if (op->getNumResults() != 1)
          return false;
        info[op->getResult(0)] = {Kind::Element, columns.front()};
        phase.slices[columns.front()].push_back(op);
        if (isReductionCombiner(op) && op->getResult(0).hasOneUse()) {
          Value other = infoOf(op->getOperand(0)).kind == Kind::Element
                            ? op->getOperand(1)
                            : op->getOperand(0);
          if (infoOf(other).kind == Kind::Row)
            initCandidates[op] = other;
        }
        continue;
      }
      for (Value result : op->getResults())
        info[result] = {Kind::Row};
    }
    // A column vector's base index is per row.
    for (const ColumnVector &vector : phase.columnVectors)
      if (infoOf(vector.root).kind != Kind::Row)
        return false;
    // Chains complete; elements and partials stay inside the phase, as do
    // per-row values (the state carries them through memory).
    for (Chain &chain : phase.chains)
      if (static_cast<int64_t>(chain.perColumn.size()) != phase.columns)
        return false;
    for (Operation *op : phase.ops)
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (!llvm::is_contained(phase.ops, user))
            return false;
    return true;
  }

  /// Whether `y` is `x` plus `j`: `x + j`, or `b + k` and `b + k + j`.
  static bool isShifted(Value x, Value y, int64_t j) {
    auto [xBase, xOffset] = splitOffset(x);
    auto [yBase, yOffset] = splitOffset(y);
    return xBase == yBase && yOffset - xOffset == j;
  }

  /// Whether column j's value `y` is column 0's `x` computed from values
  /// defined before the phase, some shifted by j (the causal mask compares
  /// the row's position with start_n + j). Records those values and x's ops.
  bool columnShifted(Value x, Value y, int64_t j, RowPhase &phase,
                     const DenseSet<Operation *> &phaseOps,
                     DenseSet<Value> &unshifted) {
    if (x == y) {
      unshifted.insert(x);
      return true;
    }
    if (isShifted(x, y, j) && !phaseOps.contains(x.getDefiningOp())) {
      if (!llvm::is_contained(phase.columnLeaves, x))
        phase.columnLeaves.push_back(x);
      return true;
    }
    Operation *a = x.getDefiningOp(), *b = y.getDefiningOp();
    if (!a || !b || !phaseOps.contains(a) || !phaseOps.contains(b) ||
        a->getName() != b->getName() ||
        a->getAttrDictionary() != b->getAttrDictionary() ||
        a->getResultTypes() != b->getResultTypes() ||
        a->getNumOperands() != b->getNumOperands() ||
        a->getNumResults() != 1 || a->getNumRegions() ||
        !isMemoryEffectFree(a))
      return false;
    for (auto [u, v] : llvm::zip(a->getOperands(), b->getOperands()))
      if (!columnShifted(u, v, j, phase, phaseOps, unshifted))
        return false;
    if (!llvm::is_contained(phase.columnOps, a))
      phase.columnOps.push_back(a);
    return true;
  }

  /// Column 0's shifted code serves only column 0's elements, and its
  /// leaves are not also used unshifted.
  bool columnCodeSeparate(RowPhase &phase, const DenseSet<Value> &unshifted) {
    for (Value leaf : phase.columnLeaves)
      if (unshifted.contains(leaf) || !leaf.getType().isIntOrIndex())
        return false;
    DenseSet<Operation *> model(phase.slices[0].begin(), phase.slices[0].end());
    for (Operation *op : phase.columnOps)
      for (Operation *user : op->getUsers())
        if (!model.contains(user) && !llvm::is_contained(phase.columnOps, user))
          return false;
    // Phase order, and per element from now on.
    llvm::sort(phase.columnOps, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : phase.columnOps)
      phase.info[op->getResult(0)] = {Kind::Element, 0};
    return true;
  }

  /// Every column's element ops are column 0's with the column's values.
  bool slicesAgree(RowPhase &phase) {
    DenseSet<Operation *> phaseOps(phase.ops.begin(), phase.ops.end());
    DenseSet<Value> unshifted;
    // Position of an element value within its column's slice (-1: the load).
    DenseMap<Value, int64_t> position;
    for (int64_t j = 0; j < phase.columns; ++j) {
      for (auto [b, loads] : llvm::enumerate(phase.scoreLoads))
        position[loads[j]] = -1 - static_cast<int64_t>(b);
      for (auto [k, vector] : llvm::enumerate(phase.columnVectors))
        position[vector.loads[j]] =
            -1 - static_cast<int64_t>(phase.scoreLoads.size() + k);
      for (auto [i, op] : llvm::enumerate(phase.slices[j]))
        position[op->getResult(0)] = i;
    }
    auto samePosition = [&](Value a, Value b) {
      auto pa = position.find(a), pb = position.find(b);
      return pa != position.end() && pb != position.end() &&
             pa->second == pb->second;
    };
    const auto &model = phase.slices[0];
    for (int64_t j = 1; j < phase.columns; ++j) {
      const auto &slice = phase.slices[j];
      if (slice.size() != model.size())
        return false;
      for (auto [a, b] : llvm::zip(model, slice)) {
        if (a->getName() != b->getName() ||
            a->getAttrDictionary() != b->getAttrDictionary() ||
            a->getResultTypes() != b->getResultTypes() ||
            a->getNumOperands() != b->getNumOperands())
          return false;
        for (auto [x, y] : llvm::zip(a->getOperands(), b->getOperands())) {
          auto it = phase.info.find(x);
          bool element =
              it != phase.info.end() && it->second.kind == Kind::Element;
          if (element ? !samePosition(x, y)
                      : !columnShifted(x, y, j, phase, phaseOps, unshifted))
            return false;
        }
      }
      if (!samePosition(phase.storedProbabilities[0],
                        phase.storedProbabilities[j]))
        return false;
      for (auto &update : phase.scoreUpdates)
        if (!samePosition(update.second[0], update.second[j]))
          return false;
      for (Chain &chain : phase.chains)
        if (!samePosition(chain.perColumn[0], chain.perColumn[j]))
          return false;
    }
    return columnCodeSeparate(phase, unshifted);
  }
};
} // namespace

std::optional<RowPhase>
mlir::triton_spirv::fragment_rows::matchRowPhase(gpu::BarrierOp first,
                                                 int64_t numThreads,
                                                 int64_t subgroupSize) {
  return Matcher(numThreads, subgroupSize).match(first);
}

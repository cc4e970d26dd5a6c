//===- RecomputeStagedTiles.cpp - read staged global tiles at their source ===//
//
// A K loop stages its A and B tiles: each invocation loads its share of the
// tile from global memory and stores it into a workgroup tile, a barrier
// publishes the tile, the matmul reads it. Where the tile is a mask-free
// function of its indices (element (i, j) is a load of a kernel argument at
// an address computed from i, j and values fixed before the staging loop),
// each read of the tile can load that element itself. On lavapipe the
// workgroup tile is host memory like the matrices, the CPU caches make the
// repeated reads cheap, and the copy (a gather and a scatter per element)
// and its barriers (a coroutine switch per subgroup each) go away.
//
// A read is recomputed when the nearest writer of its tile before it, in
// the same block or an enclosing one, is a staging loop that writes all of
// the tile (distribute-to-workgroup marks those) with one store of that form,
// and nothing between them writes memory other than other workgroup tiles.
// The copy's reads are recomputed together, only when the copy is made in
// a loop they are in (not once before it), and only when each is a lane of
// an aligned vector load (consecutive columns one element apart in memory):
// scalar loads of the matrix cost more gathers than the tile's vector reads.
// The copy then goes; barriers left in loop bodies that no longer touch
// workgroup memory go too (the kernel's own `tl.debug_barrier`s stay).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "Vectorization/VectorTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_RECOMPUTESTAGEDTILES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::isGlobalBuffer;
using mlir::triton_spirv::isWorkgroupMemref;

namespace {
/// A store of a staged element: `tile[i, j] = f(i, j)`, with the ops of f in
/// program order.
struct StagedStore {
  memref::StoreOp store;
  SmallVector<Operation *> elementOps;
};

/// A workgroup or invocation-private buffer: no kernel argument aliases it.
bool isLocalBuffer(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto space = dyn_cast_or_null<spirv::StorageClassAttr>(type.getMemorySpace());
  return space && (space.getValue() == spirv::StorageClass::Workgroup ||
                   space.getValue() == spirv::StorageClass::Function);
}

bool writes(Operation *op, Value tile) {
  return op
      ->walk([&](memref::StoreOp store) {
        return store.getMemRef() == tile ? WalkResult::interrupt()
                                         : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op` writes no global memory and not `tile` (other workgroup
/// tiles and private arrays are fine; with a null `tile`, any of them).
bool writesOnlyOtherTiles(Operation *op, Value tile) {
  WalkResult result = op->walk([&](Operation *inner) {
    // Reads, and allocations of new buffers, change nothing a read sees.
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (isa<gpu::BarrierOp, memref::AllocOp, memref::AllocaOp>(inner) ||
        isMemoryEffectFree(inner) ||
        (effects && effects.onlyHasEffect<MemoryEffects::Read>()))
      return WalkResult::advance();
    if (auto store = dyn_cast<memref::StoreOp>(inner))
      return isLocalBuffer(store.getMemRef()) && store.getMemRef() != tile
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    // Loops and ifs: their bodies are walked.
    if (isa<scf::ForOp, scf::IfOp, scf::YieldOp>(inner))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// The staging loop `writer`'s one store to `tile` when the loop writes all
/// of the tile and the store's value is a mask-free function of its indices
/// and of values defined outside `writer`.
std::optional<StagedStore> matchStagedStore(Operation *writer, Value tile) {
  if (!writer->hasAttr(triton_spirv::kWholeBufferWriteAttr))
    return std::nullopt;
  SmallVector<memref::StoreOp> stores;
  bool readsTile = false;
  writer->walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op); store && store.getMemRef() == tile)
      stores.push_back(store);
    else if (llvm::is_contained(op->getOperands(), tile))
      readsTile = true;
  });
  // Nothing else it writes may change what the element function loads.
  if (readsTile || stores.size() != 1 || stores[0].getIndices().size() != 2 ||
      !writesOnlyOtherTiles(writer, Value()))
    return std::nullopt;
  memref::StoreOp store = stores[0];
  // Every element is written: only loops between the store and the writer.
  for (Operation *parent = store->getParentOp(); parent != writer->getParentOp();
       parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent))
      return std::nullopt;
  Value row = store.getIndices()[0], column = store.getIndices()[1];
  StagedStore staged{store, {}};
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist{store.getValueToStore()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value == row || value == column)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def) {
      // Block arguments inside the writer (its induction variables) would
      // make the element depend on more than its indices.
      if (writer->isAncestor(value.getParentRegion()->getParentOp()))
        return std::nullopt;
      continue;
    }
    if (!writer->isAncestor(def))
      continue;
    if (def->getNumRegions() != 0)
      return std::nullopt;
    if (auto load = dyn_cast<memref::LoadOp>(def)) {
      if (!isGlobalBuffer(load.getMemRef()))
        return std::nullopt;
    } else if (!isMemoryEffectFree(def)) {
      return std::nullopt;
    }
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  // An element loaded from global memory (a fill of a fixed value is no
  // staging), cloned in program order: all in one block.
  if (llvm::none_of(slice, [](Operation *op) { return isa<memref::LoadOp>(op); }))
    return std::nullopt;
  if (llvm::any_of(slice, [&](Operation *op) {
        return op->getBlock() != store->getBlock();
      }))
    return std::nullopt;
  staged.elementOps.assign(slice.begin(), slice.end());
  llvm::sort(staged.elementOps, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  return staged;
}

/// The op whose stores `read` sees: the nearest op before it (walking out
/// of enclosing regions that hold no writer of the tile) that writes the
/// tile. Null where that is not clear.
Operation *nearestWriter(memref::LoadOp read, Value tile) {
  Operation *at = read;
  while (at) {
    for (Operation *op = at->getPrevNode(); op; op = op->getPrevNode()) {
      if (writes(op, tile))
        return op;
      if (!writesOnlyOtherTiles(op, tile))
        return nullptr;
    }
    Operation *parent = at->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      return nullptr;
    // Leaving a loop body: an earlier iteration must not have written the
    // tile (the staging loop is before the loop, not in it), nor global
    // memory the element function may read.
    if (isa<scf::ForOp, scf::WhileOp, scf::ParallelOp>(parent) &&
        !writesOnlyOtherTiles(parent, tile))
      return nullptr;
    if (!isa<scf::ForOp, scf::IfOp>(parent))
      return nullptr;
    at = parent;
  }
  return nullptr;
}

/// The constant d(value)/d(column) over the staged element's ops (index
/// arithmetic the staging code builds: casts, adds, subtracts, products
/// with a constant); nullopt when not a constant.
std::optional<int64_t> columnCoefficient(Value value, Value column,
                                         const StagedStore &staged,
                                         int depth = 0) {
  if (value == column)
    return 1;
  Operation *def = value.getDefiningOp();
  if (!def || !llvm::is_contained(staged.elementOps, def))
    return 0; // fixed before the staging loop (or the row)
  if (depth > 32)
    return std::nullopt;
  auto of = [&](Value operand) {
    return columnCoefficient(operand, column, staged, depth + 1);
  };
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return of(def->getOperand(0));
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<int64_t> lhs = of(def->getOperand(0)), rhs = of(def->getOperand(1));
    if (!lhs || !rhs)
      return std::nullopt;
    return isa<arith::AddIOp>(def) ? *lhs + *rhs : *lhs - *rhs;
  }
  if (isa<arith::MulIOp>(def)) {
    std::optional<int64_t> lhs = of(def->getOperand(0)), rhs = of(def->getOperand(1));
    if (!lhs || !rhs)
      return std::nullopt;
    if (*lhs == 0 && *rhs == 0)
      return 0;
    std::optional<int64_t> factor =
        getConstantIntValue(def->getOperand(*lhs == 0 ? 0 : 1));
    if (!factor || (*lhs != 0 && *rhs != 0))
      return std::nullopt;
    return *factor * (*lhs == 0 ? *rhs : *lhs);
  }
  for (Value operand : def->getOperands()) {
    std::optional<int64_t> coefficient = of(operand);
    if (!coefficient || *coefficient != 0)
      return std::nullopt;
  }
  return 0;
}

/// Whether anything in `op` accesses a workgroup buffer.
bool touchesWorkgroupMemory(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return llvm::any_of(inner->getOperands(), isWorkgroupMemref)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The ops a builder inserts (to take a recomputation back).
struct CreatedOps : OpBuilder::Listener {
  SmallVector<Operation *> ops;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ops.push_back(op);
  }
};

struct RecomputeStagedTilesPass
    : triton_spirv::impl::RecomputeStagedTilesBase<RecomputeStagedTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::AllocOp> tiles;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (isWorkgroupMemref(alloc) && alloc.getType().getRank() == 2 &&
          alloc.getType().hasStaticShape())
        tiles.push_back(alloc);
    });
    llvm::SetVector<Operation *> changedLoops;
    for (memref::AllocOp alloc : tiles)
      recompute(alloc, changedLoops);
    // Our barriers in those loops' bodies, where nothing touches workgroup
    // memory any more.
    for (Operation *loop : changedLoops) {
      if (touchesWorkgroupMemory(loop))
        continue;
      for (Block &body : loop->getRegion(0))
        for (Operation &op : llvm::make_early_inc_range(body))
          if (isa<gpu::BarrierOp>(op) &&
              !op.hasAttr(triton_spirv::kUserBarrierAttr))
            op.erase();
    }
  }

  /// The global index the staged element function loads at (row, column):
  /// its ops up to the final load, cloned.
  static Value cloneElementIndex(OpBuilder &builder, const StagedStore &staged,
                                 Value row, Value column) {
    memref::StoreOp store = staged.store;
    IRMapping mapping;
    mapping.map(store.getIndices()[0], row);
    mapping.map(store.getIndices()[1], column);
    Operation *load = staged.elementOps.back();
    for (Operation *op : staged.elementOps)
      if (op != load)
        builder.clone(*op, mapping);
    return mapping.lookupOrDefault(cast<memref::LoadOp>(load).getIndices()[0]);
  }

  /// The element `read` wants as one lane of an aligned vector load of the
  /// global buffer (W = vector-bytes / element size consecutive columns, at
  /// most 4), when the staged element is that buffer's element at an index
  /// that moves one per column. CSE merges the lanes' loads. Null otherwise.
  Value vectorElement(OpBuilder &builder, const StagedStore &staged,
                      memref::LoadOp read) {
    memref::StoreOp store = staged.store;
    auto load = dyn_cast<memref::LoadOp>(staged.elementOps.back());
    if (!load || load.getResult() != store.getValueToStore() ||
        load.getIndices().size() != 1)
      return nullptr;
    // Types later passes keep (bf16 and fp8 memory is retyped after this
    // pass, for which vector loads of global memory do not exist yet).
    Type element = load.getType();
    if (!(element.isF16() || element.isF32() || element.isInteger()) ||
        element.getIntOrFloatBitWidth() % 8)
      return nullptr;
    // SPIR-V vectors have at most 4 components.
    int64_t width = std::min<int64_t>(
        vectorBytes / (element.getIntOrFloatBitWidth() / 8), 4);
    Value column = store.getIndices()[1];
    if (width < 2 || columnCoefficient(load.getIndices()[0], column, staged) != 1)
      return nullptr;
    // The read's column as base + offset, base a multiple of the width.
    Value readColumn = read.getIndices()[1];
    Value base;
    int64_t offset = 0;
    if (auto constant = getConstantIntValue(readColumn)) {
      offset = *constant;
    } else {
      base = readColumn;
      if (auto add = readColumn.getDefiningOp<arith::AddIOp>())
        if (auto constant = getConstantIntValue(add.getRhs())) {
          base = add.getLhs();
          offset = *constant;
        }
      if (triton_spirv::knownDivisor(base, nullptr, width) % width)
        return nullptr;
    }
    Location loc = read.getLoc();
    int64_t firstOffset = offset - offset % width;
    Value first = base;
    if (!base || firstOffset != 0) {
      first = arith::ConstantIndexOp::create(builder, loc, firstOffset);
      if (base)
        first = arith::AddIOp::create(builder, loc, base, first);
    }
    Value index = cloneElementIndex(builder, staged, read.getIndices()[0], first);
    if (triton_spirv::knownDivisor(index, nullptr, width) % width)
      return nullptr; // the caller erases the clones
    Value vector = vector::LoadOp::create(
        builder, loc, VectorType::get({width}, element), load.getMemRef(),
        ValueRange{index});
    return vector::ExtractOp::create(builder, loc, vector, offset % width);
  }

  /// Recomputes the reads of `tile` that see a staging loop. A staging
  /// loop's store goes when every read of the tile has a known writer and
  /// all of its own were recomputed; the tile goes when nothing uses it.
  void recompute(memref::AllocOp alloc,
                 llvm::SetVector<Operation *> &changedLoops) {
    Value tile = alloc.getResult();
    llvm::MapVector<Operation *, SmallVector<memref::LoadOp>> readsOf;
    bool unknownWriter = false;
    for (Operation *user : tile.getUsers()) {
      auto read = dyn_cast<memref::LoadOp>(user);
      if (!read) {
        if (!isa<memref::StoreOp>(user))
          return;
        continue;
      }
      if (Operation *writer = nearestWriter(read, tile))
        readsOf[writer].push_back(read);
      else
        unknownWriter = true;
    }
    auto recordLoops = [&](Operation *op) {
      for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
           loop = loop->getParentOfType<scf::ForOp>())
        changedLoops.insert(loop);
    };
    for (auto &[writer, reads] : readsOf) {
      // Only copies made again in a loop the reads are in: one made once
      // for reads in a loop (attention's Q) costs less than recomputing
      // every read (head_dim 128 1.055x the time recomputed, lavapipe).
      auto loop = writer->getParentOfType<scf::ForOp>();
      if (!loop || llvm::any_of(reads, [&](memref::LoadOp read) {
            return !loop->isAncestor(read);
          }))
        continue;
      std::optional<StagedStore> staged = matchStagedStore(writer, tile);
      if (!staged)
        continue;
      // Only where every read is a lane of an aligned vector load: scalar
      // loads of the matrix cost more gathers than the tile's vector reads
      // (fp32 matmul 512^3 1.055x the time; attention's K^T, whose columns
      // are rows of K, 1.04-1.14x).
      CreatedOps created;
      SmallVector<Value> elements;
      for (memref::LoadOp read : reads) {
        OpBuilder builder(read, &created);
        Value element = vectorElement(builder, *staged, read);
        if (!element)
          break;
        elements.push_back(element);
      }
      if (elements.size() != reads.size()) {
        for (Operation *op : llvm::reverse(created.ops))
          op->erase();
        continue;
      }
      for (auto [read, element] : llvm::zip(reads, elements)) {
        read.replaceAllUsesWith(element);
        recordLoops(read);
        read.erase();
      }
      if (unknownWriter)
        continue;
      recordLoops(staged->store);
      staged->store.erase(); // its element ops die with it (canonicalize)
    }
    if (tile.use_empty())
      alloc.erase();
  }
};
} // namespace

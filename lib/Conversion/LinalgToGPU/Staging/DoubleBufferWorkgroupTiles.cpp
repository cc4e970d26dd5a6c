//===- DoubleBufferWorkgroupTiles.cpp - two copies of a K loop's tiles ----===//
//
// A staged K loop runs: stores into workgroup tiles, barrier (the tiles are
// published), reads of the tiles, barrier (the reads are done before the next
// iteration overwrites them). With two copies of every tile, iteration i
// writing copy i % 2, the second barrier is not needed: the next writer of a
// copy (iteration i + 2) has passed iteration i + 1's first barrier, which
// every invocation reaches only after its reads of iteration i. One barrier
// per iteration instead of two, and an invocation that finished its reads
// goes on storing the next tile while others still multiply.
//
// Legal when the loop's only workgroup accesses are writes of its tiles
// before the first barrier and reads after it, and the tiles are used nowhere
// else (a tile the body allocates becomes one allocation in front of it);
// applied when the extra copies fit the device's workgroup memory (on NVIDIA
// only to cooperative-matrix loops: an FMA loop lost occupancy).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_DOUBLEBUFFERWORKGROUPTILES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::bytesOf;
using mlir::triton_spirv::isWorkgroupMemref;
using mlir::triton_spirv::workgroupBytesOf;

namespace {
enum class TileAccess { Read, Write, Unknown };

/// How `op` uses `memref`: the loads and stores the distributed code and the
/// cooperative-matrix lowering emit; anything else is not understood.
TileAccess accessOf(Operation *op, Value memref) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef() == memref ? TileAccess::Read : TileAccess::Unknown;
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getBase() == memref ? TileAccess::Read : TileAccess::Unknown;
  if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op))
    return load.getSrcMemref() == memref ? TileAccess::Read : TileAccess::Unknown;
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef() == memref ? TileAccess::Write : TileAccess::Unknown;
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return store.getBase() == memref ? TileAccess::Write : TileAccess::Unknown;
  if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op))
    return store.getDstMemref() == memref ? TileAccess::Write : TileAccess::Unknown;
  return TileAccess::Unknown;
}

/// The index operands of an access accepted by accessOf.
MutableOperandRange indicesOf(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getIndicesMutable();
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getIndicesMutable();
  if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op))
    return load.getIndicesMutable();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getIndicesMutable();
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return store.getIndicesMutable();
  return cast<gpu::SubgroupMmaStoreMatrixOp>(op).getIndicesMutable();
}

/// A loop of the shape above: its tiles and the barrier that releases them.
struct StagedLoop {
  scf::ForOp loop;
  gpu::BarrierOp releaseBarrier;
  SmallVector<memref::AllocOp> tiles;
  bool readsFragments = false;

  int64_t extraBytes() const {
    int64_t bytes = 0;
    for (memref::AllocOp tile : tiles)
      bytes += bytesOf(tile.getType());
    return bytes;
  }
};

std::optional<StagedLoop> matchStagedLoop(scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<gpu::BarrierOp> barriers;
  for (Operation &op : *body)
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
      barriers.push_back(barrier);
  int64_t nestedBarriers = 0;
  body->walk([&](gpu::BarrierOp) { ++nestedBarriers; });
  if (barriers.size() != 2 || nestedBarriers != 2 ||
      barriers[1]->getNextNode() != body->getTerminator())
    return std::nullopt;
  gpu::BarrierOp publish = barriers[0];

  llvm::SetVector<Operation *> tiles;
  bool readsFragments = false;
  WalkResult result = body->walk([&](Operation *op) {
    if (isa<func::CallOp>(op))
      return WalkResult::interrupt();
    for (Value operand : op->getOperands()) {
      if (!isWorkgroupMemref(operand))
        continue;
      auto alloc = operand.getDefiningOp<memref::AllocOp>();
      TileAccess access = accessOf(op, operand);
      // A tile the body allocates each iteration is allocated once instead.
      bool allocatedByBody = alloc && alloc->getParentOp() == loop;
      if (!alloc || (loop->isAncestor(alloc) && !allocatedByBody) ||
          access == TileAccess::Unknown ||
          !alloc.getType().hasStaticShape() ||
          !alloc.getType().getLayout().isIdentity())
        return WalkResult::interrupt();
      // Writes before the publishing barrier, reads after it.
      bool beforePublish = body->findAncestorOpInBlock(*op)->isBeforeInBlock(publish);
      if (beforePublish != (access == TileAccess::Write))
        return WalkResult::interrupt();
      tiles.insert(alloc);
      readsFragments |= isa<gpu::SubgroupMmaLoadMatrixOp>(op);
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted() || tiles.empty())
    return std::nullopt;
  StagedLoop staged{loop, barriers[1], {}, readsFragments};
  for (Operation *tile : tiles)
    staged.tiles.push_back(cast<memref::AllocOp>(tile));
  return staged;
}

/// ((iv - lb) / step) % 2 as an index: which copy this iteration uses.
Value iterationParity(OpBuilder &builder, scf::ForOp loop) {
  Location loc = loop.getLoc();
  Value iv = loop.getInductionVar();
  Type type = iv.getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc, type, builder.getIntegerAttr(type, v));
  };
  Value iteration = arith::DivUIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, iv, loop.getLowerBound()),
      loop.getStep());
  Value parity = arith::RemUIOp::create(builder, loc, iteration, constant(2));
  if (type.isIndex())
    return parity;
  return arith::IndexCastUIOp::create(builder, loc, builder.getIndexType(), parity);
}

/// Staged loops that share tiles (one K loop in each copy of a kernel body
/// versioned on its masks) get their second copies together: each access
/// takes the parity of the loop it is in.
struct StagedGroup {
  SmallVector<StagedLoop *> loops;
  llvm::SetVector<memref::AllocOp> tiles;

  int64_t extraBytes() const {
    int64_t bytes = 0;
    for (memref::AllocOp tile : tiles)
      bytes += bytesOf(tile.getType());
    return bytes;
  }
};

void doubleBuffer(StagedGroup &group) {
  DenseMap<Operation *, Value> parities;
  for (StagedLoop *staged : group.loops) {
    OpBuilder builder(staged->loop.getBody(), staged->loop.getBody()->begin());
    parities[staged->loop] = iterationParity(builder, staged->loop);
  }
  auto parityOf = [&](Operation *user) {
    for (Operation *op = user->getParentOp(); op; op = op->getParentOp())
      if (Value parity = parities.lookup(op))
        return parity;
    llvm_unreachable("a tile access outside its staged loops");
  };
  OpBuilder builder(group.loops.front()->loop);
  for (memref::AllocOp tile : group.tiles) {
    MemRefType type = tile.getType();
    SmallVector<int64_t> shape{2};
    llvm::append_range(shape, type.getShape());
    auto doubled = MemRefType::get(shape, type.getElementType(), nullptr,
                                   type.getMemorySpace());
    builder.setInsertionPoint(tile);
    for (StagedLoop *staged : group.loops)
      if (staged->loop->isAncestor(tile))
        builder.setInsertionPoint(staged->loop);
    Value copies = memref::AllocOp::create(builder, tile.getLoc(), doubled);
    // Growing the index list reallocates the operands: no OpOperand kept.
    SmallVector<Operation *> users(tile->getUsers());
    for (Operation *user : users) {
      MutableOperandRange indices = indicesOf(user);
      SmallVector<Value> withCopy{parityOf(user)};
      llvm::append_range(withCopy, ValueRange(indices));
      indices.assign(withCopy);
      user->replaceUsesOfWith(tile, copies);
    }
    tile.erase();
  }
  for (StagedLoop *staged : group.loops)
    staged->releaseBarrier.erase();
}

struct DoubleBufferWorkgroupTilesPass
    : triton_spirv::impl::DoubleBufferWorkgroupTilesBase<
          DoubleBufferWorkgroupTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<StagedLoop> candidates;
    func.walk([&](scf::ForOp loop) {
      if (std::optional<StagedLoop> staged = matchStagedLoop(loop))
        candidates.push_back(*staged);
    });
    // Loops that share a tile form one group; a group whose tiles are
    // accessed outside its loops is left alone.
    SmallVector<StagedGroup> groups;
    DenseMap<Operation *, size_t> groupOfTile;
    for (StagedLoop &staged : candidates) {
      std::optional<size_t> joined;
      for (memref::AllocOp tile : staged.tiles)
        if (auto it = groupOfTile.find(tile); it != groupOfTile.end())
          joined = it->second;
      if (!joined) {
        joined = groups.size();
        groups.emplace_back();
      }
      StagedGroup &group = groups[*joined];
      group.loops.push_back(&staged);
      for (memref::AllocOp tile : staged.tiles) {
        group.tiles.insert(tile);
        groupOfTile[tile] = *joined;
      }
    }
    int64_t bytes = workgroupBytesOf(func);
    for (StagedGroup &group : groups) {
      bool inside = llvm::all_of(group.tiles, [&](memref::AllocOp tile) {
        return llvm::all_of(tile->getUsers(), [&](Operation *user) {
          return llvm::any_of(group.loops, [&](StagedLoop *staged) {
            return staged->loop->isAncestor(user);
          });
        });
      });
      bool fragments = llvm::all_of(
          group.loops, [](StagedLoop *staged) { return staged->readsFragments; });
      if (!inside || (fragmentLoopsOnly && !fragments) ||
          bytes + group.extraBytes() > workgroupBytes)
        continue;
      bytes += group.extraBytes();
      doubleBuffer(group);
    }
  }
};
} // namespace

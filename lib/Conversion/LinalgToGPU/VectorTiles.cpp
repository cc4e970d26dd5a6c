//===- VectorTiles.cpp - workgroup tiles as arrays of vectors -------------===//
#include "VectorTiles.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using mlir::triton_spirv::knownDivisor;
using mlir::triton_spirv::isWorkgroupSpace;

namespace {
/// A workgroup buffer this pass may retype to an array of vectors.
bool isWorkgroupTile(Value memref) {
  auto alloc = memref.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return false;
  MemRefType type = alloc.getType();
  return isWorkgroupSpace(type) && type.hasStaticShape() && type.getRank() >= 1 &&
         type.getLayout().isIdentity() &&
         (type.getElementType().isF16() || type.getElementType().isF32() ||
          type.getElementType().isInteger(32) || type.getElementType().isInteger(16));
}

/// The column operand of a cooperative-matrix load or store, its memref and
/// leading dimension; null when `op` is none.
struct FragmentAccess {
  Operation *op = nullptr;
  Value memref;
  OpOperand *column = nullptr;
  int64_t leadDimension = 0;
};

FragmentAccess fragmentAccess(Operation *op) {
  FragmentAccess access;
  if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op)) {
    access = {op, load.getSrcMemref(), &load.getIndicesMutable().slice(
                                            load.getIndices().size() - 1, 1)[0],
              load.getLeadDimension().getSExtValue()};
  } else if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op)) {
    access = {op, store.getDstMemref(), &store.getIndicesMutable().slice(
                                             store.getIndices().size() - 1, 1)[0],
              store.getLeadDimension().getSExtValue()};
  }
  return access;
}

/// A column index written as (multiple of `width`) + constant: the vector
/// holding it and its lane there.
struct VectorLane {
  Value base;
  int64_t offset = 0; // multiple of width added to base
  int64_t lane = 0;
};

std::optional<VectorLane> splitVectorLane(Value index, int64_t width) {
  // A constant column (a fully unrolled k): vector c / width, lane c % width.
  if (std::optional<int64_t> c = getConstantIntValue(index); c && *c >= 0)
    return VectorLane{index, 0, *c % width};
  if (knownDivisor(index, Value(), width) % width == 0)
    return VectorLane{index, 0, 0};
  auto add = index.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (int i = 0; i < 2; ++i) {
    std::optional<int64_t> c = getConstantIntValue(add->getOperand(1 - i));
    Value rest = add->getOperand(i);
    if (c && *c >= 0 && knownDivisor(rest, Value(), width) % width == 0)
      return VectorLane{rest, *c - *c % width, *c % width};
  }
  return std::nullopt;
}

/// Stores outside run loops that together write whole vectors: `width`
/// stores into one block, to lanes 0..width-1 of one vector of one row, with
/// no other access to the tile between the first and the last. Empty when
/// some store belongs to no such group.
SmallVector<SmallVector<memref::StoreOp>>
laneStoreGroups(Value tile, ArrayRef<memref::StoreOp> stores, int64_t width) {
  SmallVector<SmallVector<memref::StoreOp>> groups;
  DenseSet<Operation *> grouped;
  for (memref::StoreOp store : stores) {
    if (grouped.contains(store))
      continue;
    // Which vector a column is in: a constant column's number, or its
    // multiple-of-width base and offset.
    auto vectorOf = [&](Value column)
        -> std::optional<std::tuple<Value, int64_t, int64_t>> {
      if (std::optional<int64_t> c = getConstantIntValue(column); c && *c >= 0)
        return std::make_tuple(Value(), *c / width, *c % width);
      std::optional<VectorLane> split = splitVectorLane(column, width);
      if (!split)
        return std::nullopt;
      return std::make_tuple(split->base, split->offset, split->lane);
    };
    auto vector = vectorOf(store.getIndices().back());
    if (!vector)
      return {};
    // Its partners: same block, same row, same vector.
    SmallVector<memref::StoreOp> group(width);
    for (memref::StoreOp other : stores) {
      if (other->getBlock() != store->getBlock() ||
          !llvm::equal(other.getIndices().drop_back(), store.getIndices().drop_back()))
        continue;
      auto lane = vectorOf(other.getIndices().back());
      if (!lane || std::get<0>(*lane) != std::get<0>(*vector) ||
          std::get<1>(*lane) != std::get<1>(*vector))
        continue;
      int64_t laneIndex = std::get<2>(*lane);
      if (group[laneIndex])
        return {};
      group[laneIndex] = other;
    }
    if (llvm::any_of(group, [](memref::StoreOp s) { return !s; }))
      return {};
    Operation *first = group.front(), *last = group.front();
    for (memref::StoreOp s : group) {
      if (s->isBeforeInBlock(first))
        first = s;
      if (last->isBeforeInBlock(s))
        last = s;
    }
    DenseSet<Operation *> members(group.begin(), group.end());
    for (Operation *op = first; op != last; op = op->getNextNode())
      if (!members.contains(op) && llvm::is_contained(op->getOperands(), tile))
        return {};
    grouped.insert(members.begin(), members.end());
    groups.push_back(std::move(group));
  }
  return groups;
}
} // namespace

DenseMap<Value, int64_t>
mlir::triton_spirv::chooseVectorTiles(func::FuncOp func, const RunLoops &runs,
                                      int64_t laneOnlyBytes) {
  DenseMap<Value, int64_t> tiles;
  func.walk([&](memref::AllocOp alloc) {
    Value tile = alloc.getResult();
    if (!isWorkgroupTile(tile))
      return;
    int64_t width = 0;
    SmallVector<FragmentAccess> fragments;
    SmallVector<memref::LoadOp> laneLoads;
    SmallVector<memref::StoreOp> laneStores;
    for (Operation *user : tile.getUsers()) {
      if (FragmentAccess f = fragmentAccess(user); f.op && f.memref == tile) {
        fragments.push_back(f);
        continue;
      }
      auto load = dyn_cast<memref::LoadOp>(user);
      auto store = dyn_cast<memref::StoreOp>(user);
      if ((!load && !store) || (store && store.getValue() == tile))
        return;
      if (load && !runs.isInsideRun(load)) {
        laneLoads.push_back(load);
        continue;
      }
      if (store && !runs.isInsideRun(store)) {
        laneStores.push_back(store);
        continue;
      }
      ValueRange indices = load ? load.getIndices() : store.getIndices();
      int64_t runWidth = runs.alignedVectorWidth(user, indices);
      if (!runWidth || (width && runWidth != width))
        return;
      width = runWidth;
    }
    // Accessed only lane by lane (and by fragments): the given width.
    if (!width && (!laneLoads.empty() || !laneStores.empty()))
      width = std::min<int64_t>(
          4, laneOnlyBytes / triton_spirv::elementBytes(
                                 cast<MemRefType>(tile.getType()).getElementType()));
    if (width < 2 || cast<MemRefType>(tile.getType()).getShape().back() % width)
      return;
    if (!laneStores.empty() && laneStoreGroups(tile, laneStores, width).empty())
      return;
    for (const FragmentAccess &f : fragments)
      if (f.leadDimension % width ||
          knownDivisor(f.column->get(), Value(), width) % width)
        return;
    for (memref::LoadOp load : laneLoads)
      if (!splitVectorLane(load.getIndices().back(), width))
        return;
    tiles[tile] = width;
  });
  return tiles;
}

void mlir::triton_spirv::retypeAsVectors(Value tile, int64_t width,
                                         const RunLoops &runs) {
  auto type = cast<MemRefType>(tile.getType());
  SmallVector<std::pair<memref::LoadOp, VectorLane>> laneLoads;
  for (Operation *user : tile.getUsers())
    if (auto load = dyn_cast<memref::LoadOp>(user))
      if (!runs.isInsideRun(load))
        laneLoads.push_back({load, *splitVectorLane(load.getIndices().back(), width)});
  SmallVector<memref::StoreOp> laneStores;
  for (Operation *user : tile.getUsers())
    if (auto store = dyn_cast<memref::StoreOp>(user))
      if (!runs.isInsideRun(store))
        laneStores.push_back(store);
  SmallVector<SmallVector<memref::StoreOp>> storeGroups =
      laneStoreGroups(tile, laneStores, width);
  SmallVector<int64_t> shape(type.getShape());
  shape.back() /= width;
  tile.setType(MemRefType::get(shape, VectorType::get({width}, type.getElementType()),
                               MemRefLayoutAttrInterface(), type.getMemorySpace()));
  for (Operation *user : llvm::to_vector(tile.getUsers())) {
    FragmentAccess f = fragmentAccess(user);
    if (!f.op)
      continue;
    OpBuilder b(user);
    Location loc = user->getLoc();
    f.column->set(arith::DivUIOp::create(b, loc, f.column->get(),
                                         arith::ConstantIndexOp::create(b, loc, width)));
    user->setAttr("leadDimension", b.getIndexAttr(f.leadDimension / width));
  }
  for (auto [load, split] : laneLoads) {
    OpBuilder b(load);
    Location loc = load.getLoc();
    Value column = split.base;
    if (split.offset)
      column = arith::AddIOp::create(b, loc, column,
                                     arith::ConstantIndexOp::create(b, loc, split.offset));
    SmallVector<Value> indices(load.getIndices());
    indices.back() = arith::DivUIOp::create(b, loc, column,
                                            arith::ConstantIndexOp::create(b, loc, width));
    Value vector = memref::LoadOp::create(b, loc, tile, indices);
    load.replaceAllUsesWith(vector::ExtractOp::create(b, loc, vector, split.lane).getResult());
    load.erase();
  }
  // A group of lane stores: one vector store where its last store was.
  for (SmallVector<memref::StoreOp> &group : storeGroups) {
    memref::StoreOp last = group.front();
    for (memref::StoreOp store : group)
      if (last->isBeforeInBlock(store))
        last = store;
    OpBuilder b(last);
    Location loc = last.getLoc();
    VectorLane split = *splitVectorLane(group.front().getIndices().back(), width);
    Value column = split.base;
    if (split.offset)
      column = arith::AddIOp::create(b, loc, column,
                                     arith::ConstantIndexOp::create(b, loc, split.offset));
    SmallVector<Value> indices(group.front().getIndices());
    indices.back() = arith::DivUIOp::create(b, loc, column,
                                            arith::ConstantIndexOp::create(b, loc, width));
    SmallVector<Value> lanes;
    for (memref::StoreOp store : group)
      lanes.push_back(store.getValue());
    Value vector = vector::FromElementsOp::create(
        b, loc, VectorType::get({width}, type.getElementType()), lanes);
    memref::StoreOp::create(b, loc, vector, tile, indices);
    for (memref::StoreOp store : group)
      store.erase();
  }
}

int64_t mlir::triton_spirv::knownDivisor(Value v, Value runLane0, int64_t width,
                                         const llvm::DenseSet<Value> *assumedMultiples,
                                         int depth) {
  constexpr int64_t kCap = int64_t(1) << 20;
  if (depth > 32)
    return 1;
  auto recurse = [&](Value x) {
    return knownDivisor(x, runLane0, width, assumedMultiples, depth + 1);
  };
  if (assumedMultiples && assumedMultiples->contains(v))
    return width;
  if (auto c = getConstantIntValue(v))
    return *c == 0 ? kCap : std::min<int64_t>(kCap, std::abs(*c));
  if (runLane0 && v == runLane0)
    return width;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(owner))
      if (arg == forOp.getInductionVar())
        return std::gcd(recurse(forOp.getLowerBound()), recurse(forOp.getStep()));
    if (auto func = dyn_cast<func::FuncOp>(owner))
      if (auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                         "tt.divisibility"))
        return std::max<int64_t>(1, attr.getInt());
    return 1;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return 1;
  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastUIOp>(def))
    return recurse(def->getOperand(0));
  if (isa<arith::AddIOp, arith::SubIOp, arith::RemUIOp>(def))
    return std::gcd(recurse(def->getOperand(0)), recurse(def->getOperand(1)));
  if (isa<arith::MulIOp>(def))
    return std::min<int64_t>(kCap, recurse(def->getOperand(0)) *
                                       recurse(def->getOperand(1)));
  return 1;
}

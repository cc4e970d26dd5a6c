//===- VectorTiles.cpp - workgroup tiles as arrays of vectors -------------===//
#include "Vectorization/VectorTiles.h"

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
          type.getElementType().isInteger(32) || type.getElementType().isInteger(16) ||
          type.getElementType().isInteger(8));
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

/// Which vector a split column falls in, comparable between columns: a
/// constant column's vector by its first column, otherwise base and offset.
std::pair<Value, int64_t> vectorOf(const VectorLane &split) {
  if (std::optional<int64_t> c = getConstantIntValue(split.base))
    return {Value(), *c - split.lane};
  return {split.base, split.offset};
}

/// The index of the vector holding a split column, built at `b`.
Value vectorIndex(OpBuilder &b, Location loc, const VectorLane &split, int64_t width) {
  Value column = split.base;
  if (split.offset)
    column = arith::AddIOp::create(b, loc, column,
                                   arith::ConstantIndexOp::create(b, loc, split.offset));
  return arith::DivUIOp::create(b, loc, column,
                                arith::ConstantIndexOp::create(b, loc, width));
}

/// The last of a group of stores in one block.
memref::StoreOp lastOf(ArrayRef<memref::StoreOp> group) {
  memref::StoreOp last = group.front();
  for (memref::StoreOp store : group)
    if (last->isBeforeInBlock(store))
      last = store;
  return last;
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
    std::optional<VectorLane> split = splitVectorLane(store.getIndices().back(), width);
    if (!split)
      return {};
    // Its partners: same block, same row, same vector.
    SmallVector<memref::StoreOp> group(width);
    for (memref::StoreOp other : stores) {
      if (other->getBlock() != store->getBlock() ||
          !llvm::equal(other.getIndices().drop_back(), store.getIndices().drop_back()))
        continue;
      std::optional<VectorLane> lane = splitVectorLane(other.getIndices().back(), width);
      if (!lane || vectorOf(*lane) != vectorOf(*split))
        continue;
      if (group[lane->lane])
        return {};
      group[lane->lane] = other;
    }
    if (llvm::any_of(group, [](memref::StoreOp s) { return !s; }))
      return {};
    Operation *first = group.front(), *last = lastOf(group);
    for (memref::StoreOp s : group)
      if (s->isBeforeInBlock(first))
        first = s;
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
    // 8-bit tiles only where cooperative matrices read them: lavapipe's FMA
    // matmuls ran 1.2x slower on vector<4xi8> tiles (int8 512^3 64x64x32).
    if (cast<MemRefType>(tile.getType()).getElementType().isInteger(8) &&
        fragments.empty())
      return;
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
  SmallVector<memref::StoreOp> laneStores;
  for (Operation *user : tile.getUsers()) {
    if (runs.isInsideRun(user))
      continue;
    if (auto load = dyn_cast<memref::LoadOp>(user))
      laneLoads.push_back({load, *splitVectorLane(load.getIndices().back(), width)});
    if (auto store = dyn_cast<memref::StoreOp>(user))
      laneStores.push_back(store);
  }
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
    SmallVector<Value> indices(load.getIndices());
    indices.back() = vectorIndex(b, loc, split, width);
    Value vector = memref::LoadOp::create(b, loc, tile, indices);
    load.replaceAllUsesWith(vector::ExtractOp::create(b, loc, vector, split.lane).getResult());
    load.erase();
  }
  // A group of lane stores: one vector store where its last store was.
  for (SmallVector<memref::StoreOp> &group : storeGroups) {
    memref::StoreOp last = lastOf(group);
    OpBuilder b(last);
    Location loc = last.getLoc();
    SmallVector<Value> indices(group.front().getIndices());
    indices.back() = vectorIndex(
        b, loc, *splitVectorLane(group.front().getIndices().back(), width), width);
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
  if (isa<arith::AddIOp, arith::SubIOp, arith::RemUIOp, arith::RemSIOp>(def))
    return std::gcd(recurse(def->getOperand(0)), recurse(def->getOperand(1)));
  if (isa<arith::MulIOp>(def))
    return std::min<int64_t>(kCap, recurse(def->getOperand(0)) *
                                       recurse(def->getOperand(1)));
  return 1;
}

//===- FuseRowPhases.cpp - row-local linalg ops as one loop over rows -----===//
//
// Online softmax (attention's key loop) runs a chain of row-local ops over
// its R x N score tile in workgroup memory: a row max, the running-max
// update on R-vectors, exp2(S - m) into the scores and into P (f16), a row
// sum. Distributed one by one, each is a phase of its own: the tile read or
// written whole, then a barrier. This pass turns a chain of consecutive
// row-local ops into one loop over rows (`scf.parallel` marked
// `triton_spirv.row_phase`, which distribute-to-workgroup gives one row per
// invocation): a row's elements are read once and stay in registers through
// the chain, R-vectors are read and written once per row, and a tile that
// nothing reads after the chain before overwriting it is not written at all.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_FUSEROWPHASES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
// Columns are unrolled: each holds a register per row.
constexpr int64_t kMaxColumns = 128;

/// The rows x columns shape the chain works on.
struct RowShape {
  int64_t rows = 0, columns = 0;
};

/// A buffer the chain reads or writes: a block allocation, seen through its
/// R x 1 view when that is how a 2-D op reads an R-vector.
Value rootOf(Value memref) {
  if (auto view = memref.getDefiningOp<memref::ExpandShapeOp>())
    memref = view.getSrc();
  return memref.getDefiningOp<memref::AllocOp>() ? memref : Value();
}

bool isStaticIdentity(MemRefType type) {
  return type && type.hasStaticShape() && type.getLayout().isIdentity();
}

/// How a 2-D generic reads an operand at (row, column).
enum class Access { Scalar, Element, Row, Column, Unsupported };

Access accessOf(OpOperand &operand, AffineMap map, const RowShape &shape) {
  Value value = operand.get();
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type)
    return map.getNumResults() == 0 ? Access::Scalar : Access::Unsupported;
  if (!isStaticIdentity(type) || !rootOf(value))
    return Access::Unsupported;
  MLIRContext *context = map.getContext();
  AffineExpr d0 = getAffineDimExpr(0, context), d1 = getAffineDimExpr(1, context);
  AffineExpr zero = getAffineConstantExpr(0, context);
  ArrayRef<int64_t> dims = type.getShape();
  if (map.getNumDims() == 1)
    return map == AffineMap::get(1, 0, {d0}, context) && dims.size() == 1 &&
                   dims[0] == shape.rows
               ? Access::Row
               : Access::Unsupported;
  if (map.isIdentity() && dims.size() == 2 && dims[0] == shape.rows &&
      dims[1] == shape.columns)
    return Access::Element;
  if ((map == AffineMap::get(2, 0, {d0}, context) && dims.size() == 1 &&
       dims[0] == shape.rows) ||
      (map == AffineMap::get(2, 0, {d0, zero}, context) && dims.size() == 2 &&
       dims[0] == shape.rows && dims[1] == 1))
    return Access::Row;
  if (map == AffineMap::get(2, 0, {d1}, context) && dims.size() == 1 &&
      dims[0] == shape.columns && operand.getOperandNumber() <
          cast<linalg::LinalgOp>(operand.getOwner()).getNumDpsInputs())
    return Access::Column;
  return Access::Unsupported;
}

/// Whether a region's ops can be cloned per element: pure, no nested regions.
bool isPureBody(Region &region) {
  return llvm::all_of(region.front().without_terminator(), [](Operation &op) {
    return op.getNumRegions() == 0 && isMemoryEffectFree(&op);
  });
}

/// Whether `value`, computed in a generic's body, depends on the element:
/// its position or a non-scalar operand.
bool dependsOnElement(Value value, linalg::GenericOp generic) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != generic.getBody())
      return false;
    OpOperand &operand = generic->getOpOperand(arg.getArgNumber());
    return generic.getMatchingIndexingMap(&operand).getNumResults() != 0 ||
           generic.isDpsInit(&operand);
  }
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != generic.getBody())
    return false;
  if (isa<linalg::IndexOp>(def))
    return true;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return dependsOnElement(operand, generic);
  });
}

/// Whether a body's load index is `offset + column`: the column position
/// reaches it through casts and additions of element-independent values.
/// (The i32 additions of Triton's offsets are taken not to wrap, as its own
/// contiguity analysis takes them.)
bool isColumnOffset(Value index, linalg::GenericOp generic) {
  Operation *def = index.getDefiningOp();
  if (!def || def->getBlock() != generic.getBody())
    return false;
  if (auto position = dyn_cast<linalg::IndexOp>(def))
    return position.getDim() == 1;
  if (isa<arith::IndexCastOp, arith::ExtSIOp>(def))
    return isColumnOffset(def->getOperand(0), generic);
  if (!isa<arith::AddIOp>(def))
    return false;
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  if (dependsOnElement(rhs, generic))
    std::swap(lhs, rhs);
  return !dependsOnElement(rhs, generic) && isColumnOffset(lhs, generic);
}

/// A body load from a kernel argument (global memory) of a vector along the
/// columns: `memref[offset + column]`.
bool isColumnVectorLoad(Operation &op, linalg::GenericOp generic) {
  auto load = dyn_cast<memref::LoadOp>(op);
  return load && generic.getNumLoops() == 2 && load.getIndices().size() == 1 &&
         isa<BlockArgument>(load.getMemref()) &&
         isColumnOffset(load.getIndices()[0], generic);
}

/// Whether a generic's body can be cloned per element: pure ops and loads
/// of column vectors from global memory.
bool isClonableBody(linalg::GenericOp generic, bool allowColumnLoads) {
  return llvm::all_of(generic.getBody()->without_terminator(),
                      [&](Operation &op) {
                        if (allowColumnLoads && isColumnVectorLoad(op, generic))
                          return true;
                        return op.getNumRegions() == 0 &&
                               isMemoryEffectFree(&op);
                      });
}

/// Whether a rows x columns tile fits `shape`, which takes the sizes it does
/// not know yet (a chain may start with R-vector ops).
bool takeShape(RowShape &shape, int64_t rows, int64_t columns) {
  if ((shape.rows && shape.rows != rows) ||
      (shape.columns && shape.columns != columns))
    return false;
  shape = {rows, columns};
  return true;
}

/// Whether `op` is row-local on `shape`, completing the shape from the ops
/// that have one. Generics that load column vectors from global memory count
/// only where `allowColumnLoads` (the chains fragment-row-phases takes).
bool isRowLocal(Operation *op, RowShape &shape, bool allowColumnLoads) {
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    auto type = dyn_cast<MemRefType>(fill.getOutputs()[0].getType());
    return fill.hasPureBufferSemantics() && isStaticIdentity(type) &&
           type.getRank() == 1 && rootOf(fill.getOutputs()[0]) &&
           (shape.rows == 0 || type.getDimSize(0) == shape.rows);
  }
  if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
    if (!reduce.hasPureBufferSemantics() || reduce.getInputs().size() != 1 ||
        reduce.getDimensions() != ArrayRef<int64_t>{1})
      return false;
    auto in = dyn_cast<MemRefType>(reduce.getInputs()[0].getType());
    auto init = dyn_cast<MemRefType>(reduce.getInits()[0].getType());
    if (!isStaticIdentity(in) || !isStaticIdentity(init) || in.getRank() != 2 ||
        !rootOf(reduce.getInputs()[0]) || !rootOf(reduce.getInits()[0]))
      return false;
    Block &body = reduce.getCombiner().front();
    if (body.getOperations().size() != 2 || !isPureBody(reduce.getCombiner()))
      return false;
    return takeShape(shape, in.getDimSize(0), in.getDimSize(1));
  }
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      generic.getNumLoops() > 2 || !isClonableBody(generic, allowColumnLoads))
    return false;
  if (generic.getNumLoops() == 2) {
    // The domain is the tile: its outputs are whole tiles.
    auto out = dyn_cast<MemRefType>(generic.getDpsInits()[0].getType());
    if (!isStaticIdentity(out) || out.getRank() != 2 ||
        !takeShape(shape, out.getDimSize(0), out.getDimSize(1)))
      return false;
  }
  if (shape.rows == 0) {
    auto out = dyn_cast<MemRefType>(generic.getDpsInits()[0].getType());
    if (!out || out.getRank() != 1)
      return false;
    shape.rows = out.getDimSize(0);
  }
  for (OpOperand &operand : generic->getOpOperands()) {
    Access access = accessOf(operand, generic.getMatchingIndexingMap(&operand), shape);
    if (access == Access::Unsupported)
      return false;
    // Outputs are written at their own element: R-vectors by a 1-D
    // generic, tiles by a 2-D one.
    if (generic.isDpsInit(&operand) &&
        access != (generic.getNumLoops() == 1 ? Access::Row : Access::Element))
      return false;
  }
  return true;
}

/// A chain to fuse; a step between two dots (no reduction) is for
/// fragment-row-phases, which keeps the tile it writes for the later dot in
/// registers when that tile has a buffer of its own.
struct Chain {
  SmallVector<Operation *> ops;
  RowShape shape;
  bool betweenDots = false;
};

/// Whether nothing reads `tile` after `last` before overwriting it whole:
/// all its users sit in `last`'s block, at or before `last`, and when that
/// block repeats (a loop body) its first user there is a copy or fill that
/// writes all of it.
bool isDeadAfter(Value tile, Operation *last) {
  Block *block = last->getBlock();
  Operation *first = nullptr;
  for (Operation *user : tile.getUsers()) {
    if (isa<ViewLikeOpInterface>(user))
      return false;
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock || last->isBeforeInBlock(inBlock))
      return false;
    if (!first || inBlock->isBeforeInBlock(first))
      first = inBlock;
  }
  if (!isa<LoopLikeOpInterface>(block->getParentOp()))
    return true;
  if (auto copy = dyn_cast<memref::CopyOp>(first))
    return copy.getTarget() == tile;
  if (auto fill = dyn_cast<linalg::FillOp>(first))
    return fill.getOutputs()[0] == tile;
  return false;
}

/// Whether `op` writes every element of `tile` without reading it.
bool overwritesWhole(Operation *op, Value tile) {
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return copy.getTarget() == tile && copy.getSource() != tile;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getOutputs()[0] == tile;
  if (auto transpose = dyn_cast<linalg::TransposeOp>(op))
    return transpose.getInit() == tile && transpose.getInput() != tile;
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  bool writes = false;
  for (OpOperand &operand : generic->getOpOperands()) {
    if (operand.get() != tile)
      continue;
    if (!generic.isDpsInit(&operand) ||
        !generic.getMatchingIndexingMap(&operand).isIdentity() ||
        !generic.getMatchingBlockArgument(&operand).use_empty())
      return false;
    writes = true;
  }
  return writes;
}

/// Gives a tile the chain writes for later matmuls a buffer of its own when
/// nothing else reads that value: after those matmuls the block overwrites
/// the tile whole, or (a loop body) does so first thing in the next iteration,
/// or never uses it again. Bufferization reuses dead tiles (attention
/// backward's P^T shares dO^T's buffer, dS^T Q^T's); apart, the matmuls' tile
/// stays in registers (fragment-row-phases) and a transpose into the old
/// buffer can become a transposed load (the matmul reading it is its last
/// user).
void renameForLaterDots(Value tile, scf::ParallelOp loop) {
  Block *block = loop->getBlock();
  SmallVector<Operation *> after, before;
  for (Operation *user : tile.getUsers()) {
    if (isa<memref::AllocOp>(user))
      continue;
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock)
      return;
    if (loop->isBeforeInBlock(inBlock))
      after.push_back(inBlock);
    else if (inBlock != loop.getOperation())
      before.push_back(inBlock);
  }
  auto inOrder = [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  };
  llvm::sort(after, inOrder);
  llvm::sort(before, inOrder);
  SmallVector<Operation *> readers;
  Operation *next = nullptr;
  for (Operation *op : after) {
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op);
        matmul && llvm::is_contained(matmul.getInputs(), tile) &&
        matmul.getOutputs()[0] != tile) {
      readers.push_back(op);
      continue;
    }
    next = op;
    break;
  }
  // In a loop, the next iteration's first user follows the last reader.
  bool inLoop = isa<LoopLikeOpInterface>(block->getParentOp());
  if (!next && inLoop && !before.empty())
    next = before.front();
  if (readers.empty() || (next && !overwritesWhole(next, tile)))
    return;
  OpBuilder builder(tile.getDefiningOp());
  builder.setInsertionPointAfter(tile.getDefiningOp());
  Value renamed = builder.clone(*tile.getDefiningOp())->getResult(0);
  loop.getBody()->walk([&](memref::StoreOp store) {
    if (store.getMemref() == tile)
      store.getMemrefMutable().assign(renamed);
  });
  for (Operation *reader : readers)
    reader->replaceUsesOfWith(tile, renamed);
}

/// Builds the body of one row's iteration: the chain's ops in order, on
/// registers.
class RowBuilder {
public:
  RowBuilder(OpBuilder &builder, Location loc, Value row, RowShape shape)
      : b(builder), loc(loc), row(row), shape(shape) {}

  void emit(Operation *op) {
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      Value root = rootOf(fill.getOutputs()[0]);
      rowValues[root] = fill.getInputs()[0];
      writtenRows.insert(root);
      return;
    }
    if (auto reduce = dyn_cast<linalg::ReduceOp>(op))
      return emitReduce(reduce);
    auto generic = cast<linalg::GenericOp>(op);
    SmallVector<Access> accesses;
    for (OpOperand &operand : generic->getOpOperands())
      accesses.push_back(
          accessOf(operand, generic.getMatchingIndexingMap(&operand), shape));
    if (generic.getNumLoops() == 1)
      return emitElement(generic, accesses, {}, std::nullopt);
    ColumnLoadCode columnCode = columnLoadCode(generic);
    for (int64_t c = 0; c < shape.columns; ++c)
      emitElement(generic, accesses, columnCode, c);
  }

  /// Stores what the chain wrote: R-vectors always, tiles unless dead.
  void storeResults(Operation *last) {
    for (auto &[root, value] : rowValues)
      if (writtenRows.contains(root))
        memref::StoreOp::create(b, loc, value, root, rowIndices(root));
    for (auto &[root, values] : tileValues) {
      if (!writtenTiles.contains(root) || isDeadAfter(root, last))
        continue;
      for (int64_t c = 0; c < shape.columns; ++c)
        if (writtenColumns.contains({root, c}))
          memref::StoreOp::create(b, loc, values[c], root,
                                  ValueRange{row, column(c)});
    }
  }

  /// The tiles the chain stores.
  SmallVector<Value> storedTiles() const {
    SmallVector<Value> tiles;
    for (auto &entry : tileValues)
      if (writtenTiles.contains(entry.first))
        tiles.push_back(entry.first);
    return tiles;
  }

private:
  Value column(int64_t c) { return arith::ConstantIndexOp::create(b, loc, c); }

  /// A row's element of an R-vector: memref<R> at [row], memref<Rx1> at [row, 0].
  SmallVector<Value> rowIndices(Value root) {
    if (cast<MemRefType>(root.getType()).getRank() == 2)
      return {row, column(0)};
    return {row};
  }

  Value readRow(Value root) {
    Value &value = rowValues[root];
    if (!value)
      value = memref::LoadOp::create(b, loc, root, rowIndices(root));
    return value;
  }

  Value readElement(Value root, int64_t c) {
    SmallVector<Value> &values = tileValues[root];
    if (values.empty())
      values.resize(shape.columns);
    if (!values[c])
      values[c] = memref::LoadOp::create(b, loc, root, ValueRange{row, column(c)});
    return values[c];
  }

  Value readColumnVector(Value root, int64_t c) {
    return memref::LoadOp::create(b, loc, root, ValueRange{column(c)});
  }

  void emitReduce(linalg::ReduceOp reduce) {
    Value in = rootOf(reduce.getInputs()[0]);
    Value init = rootOf(reduce.getInits()[0]);
    Block &body = reduce.getCombiner().front();
    Value acc = readRow(init);
    for (int64_t c = 0; c < shape.columns; ++c) {
      IRMapping mapping;
      mapping.map(body.getArgument(0), readElement(in, c));
      mapping.map(body.getArgument(1), acc);
      Operation *combined = b.clone(body.front(), mapping);
      acc = combined->getResult(0);
    }
    rowValues[init] = acc;
    writtenRows.insert(init);
  }

  /// A 2-D generic's column-vector loads, and the ops that only compute
  /// their indices (those loads are rebuilt from the column-0 offset).
  struct ColumnLoadCode {
    DenseSet<Operation *> loads, indexOnly;
  };

  static ColumnLoadCode columnLoadCode(linalg::GenericOp generic) {
    ColumnLoadCode code;
    Block &body = *generic.getBody();
    for (Operation &op : body.without_terminator())
      if (isColumnVectorLoad(op, generic))
        code.loads.insert(&op);
    for (Operation &op : llvm::reverse(body.without_terminator()))
      if (!op.use_empty() && isMemoryEffectFree(&op) &&
          llvm::all_of(op.getUsers(), [&](Operation *user) {
            return code.indexOnly.contains(user) || code.loads.contains(user);
          }))
        code.indexOnly.insert(&op);
    return code;
  }

  void emitElement(linalg::GenericOp generic, ArrayRef<Access> accesses,
                   const ColumnLoadCode &columnCode,
                   std::optional<int64_t> c) {
    Block &body = generic.getRegion().front();
    IRMapping mapping;
    for (OpOperand &operand : generic->getOpOperands()) {
      BlockArgument arg = body.getArgument(operand.getOperandNumber());
      if (arg.use_empty())
        continue;
      Value root = rootOf(operand.get());
      switch (accesses[operand.getOperandNumber()]) {
      case Access::Scalar:
        mapping.map(arg, operand.get());
        break;
      case Access::Row:
        mapping.map(arg, readRow(root));
        break;
      case Access::Element:
        mapping.map(arg, readElement(root, *c));
        break;
      case Access::Column:
        mapping.map(arg, readColumnVector(root, *c));
        break;
      case Access::Unsupported:
        llvm_unreachable("checked by isRowLocal");
      }
    }
    for (Operation &op : body.without_terminator()) {
      if (columnCode.indexOnly.contains(&op))
        continue;
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        mapping.map(index.getResult(), index.getDim() == 0 ? row : column(*c));
        continue;
      }
      if (columnCode.loads.contains(&op)) {
        // memref[offset + c], with the offset computed at column 0, so that
        // the columns' loads differ only in the constant added.
        auto load = cast<memref::LoadOp>(op);
        IRMapping atColumnZero;
        for (BlockArgument arg : body.getArguments())
          if (Value mapped = mapping.lookupOrNull(arg))
            atColumnZero.map(arg, mapped);
        Value offset =
            cloneAtColumnZero(load.getIndices()[0], body, atColumnZero);
        Value index = *c ? arith::AddIOp::create(b, loc, offset, column(*c))
                         : offset;
        mapping.map(load.getResult(),
                    memref::LoadOp::create(b, loc, load.getMemref(),
                                           ValueRange{index}));
        continue;
      }
      b.clone(op, mapping);
    }
    for (auto [yielded, init] : llvm::zip(body.getTerminator()->getOperands(),
                                          generic.getDpsInits())) {
      Value root = rootOf(init);
      Value value = mapping.lookupOrDefault(yielded);
      if (!c) {
        rowValues[root] = value;
        writtenRows.insert(root);
        continue;
      }
      SmallVector<Value> &values = tileValues[root];
      if (values.empty())
        values.resize(shape.columns);
      values[*c] = value;
      writtenTiles.insert(root);
      writtenColumns.insert({root, *c});
    }
  }

  /// `value` of `body` with the column position 0.
  Value cloneAtColumnZero(Value value, Block &body, IRMapping &mapping) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &body)
      return value;
    if (auto index = dyn_cast<linalg::IndexOp>(def)) {
      Value position = index.getDim() == 0 ? row : column(0);
      mapping.map(value, position);
      return position;
    }
    for (Value operand : def->getOperands())
      cloneAtColumnZero(operand, body, mapping);
    return b.clone(*def, mapping)->getResult(0);
  }

  OpBuilder &b;
  Location loc;
  Value row;
  RowShape shape;
  llvm::MapVector<Value, Value> rowValues;
  llvm::MapVector<Value, SmallVector<Value>> tileValues;
  DenseSet<Value> writtenRows, writtenTiles;
  DenseSet<std::pair<Value, int64_t>> writtenColumns;
};

void fuseChain(ArrayRef<Operation *> chain, RowShape shape, bool renameTiles) {
  Operation *first = chain.front(), *last = chain.back();
  // Views and other pure ops between the chain's ops move before it.
  // (A chain of one op has nothing between.)
  for (Operation *op = first == last ? last : first->getNextNode();
       op != last;) {
    Operation *next = op->getNextNode();
    if (!llvm::is_contained(chain, op))
      op->moveBefore(first);
    op = next;
  }
  OpBuilder builder(first);
  Location loc = first->getLoc();
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value rows = arith::ConstantIndexOp::create(builder, loc, shape.rows);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  auto loop = scf::ParallelOp::create(builder, loc, ValueRange{zero},
                                      ValueRange{rows}, ValueRange{one});
  loop->setAttr(triton_spirv::kRowPhaseAttr, builder.getUnitAttr());
  OpBuilder body = OpBuilder::atBlockTerminator(loop.getBody());
  RowBuilder rowBuilder(body, loc, loop.getInductionVars()[0], shape);
  for (Operation *op : chain)
    rowBuilder.emit(op);
  rowBuilder.storeResults(last);
  for (Operation *op : llvm::reverse(chain))
    op->erase();
  if (renameTiles)
    for (Value tile : rowBuilder.storedTiles())
      renameForLaterDots(tile, loop);
}

struct FuseRowPhases
    : triton_spirv::impl::FuseRowPhasesBase<FuseRowPhases> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    // Not the bodies of linalg ops: fusing erases them.
    getOperation().walk([&](Block *block) {
      if (!isa<linalg::LinalgOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks)
      for (Chain &chain : chainsIn(*block))
        fuseChain(chain.ops, chain.shape, chain.betweenDots);
  }

  /// Whether an op of `chain` reads a buffer a matmul of `block` writes.
  static bool readsDotOutput(ArrayRef<Operation *> chain, Block &block) {
    DenseSet<Value> dotOutputs;
    for (auto matmul : block.getOps<linalg::MatmulOp>())
      dotOutputs.insert(matmul.getOutputs()[0]);
    return llvm::any_of(chain, [&](Operation *op) {
      return llvm::any_of(op->getOperands(),
                          [&](Value v) { return dotOutputs.contains(v); });
    });
  }

  /// Whether an op of `chain` writes a buffer a later matmul of `block`
  /// reads.
  static bool feedsLaterDot(ArrayRef<Operation *> chain, Block &block) {
    return llvm::any_of(chain, [&](Operation *op) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (!linalgOp)
        return false;
      return llvm::any_of(linalgOp.getDpsInits(), [&](Value out) {
        for (auto matmul : block.getOps<linalg::MatmulOp>())
          if (op->isBeforeInBlock(matmul) &&
              llvm::is_contained(matmul.getInputs(), rootOf(out)))
            return true;
        return false;
      });
    });
  }

  /// Whether a generic of `chain` reads an N-vector along columns.
  static bool readsColumnVectors(ArrayRef<Operation *> chain,
                                 const RowShape &shape) {
    return llvm::any_of(chain, [&](Operation *op) {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic || generic.getNumLoops() != 2)
        return false;
      return llvm::any_of(generic->getOpOperands(), [&](OpOperand &operand) {
        return accessOf(operand, generic.getMatchingIndexingMap(&operand),
                        shape) == Access::Column;
      });
    });
  }

  /// Maximal runs of row-local ops (pure ops between them allowed) with at
  /// least one reduction and two ops, on tiles with a row per invocation.
  SmallVector<Chain> chainsIn(Block &block) {
    SmallVector<Chain> chains;
    SmallVector<Operation *> current;
    RowShape shape;
    DenseSet<Value> dotOutputs;
    for (auto matmul : block.getOps<linalg::MatmulOp>())
      dotOutputs.insert(matmul.getOutputs()[0]);
    // Column-vector loads stay in chains on a dot's output: fragment-row-
    // phases loads them at each fragment component's column.
    auto readsDot = [&](Operation *op) {
      return minRowsAfterDot > 0 &&
             llvm::any_of(op->getOperands(),
                          [&](Value v) { return dotOutputs.contains(v); });
    };
    auto close = [&] {
      bool reduces = llvm::any_of(current, [](Operation *op) {
        return isa<linalg::ReduceOp>(op);
      });
      bool afterDot = minRowsAfterDot > 0 && readsDotOutput(current, block);
      int64_t minRows = afterDot ? std::min<int64_t>(minRowsAfterDot, numThreads)
                                 : numThreads;
      // Without a reduction: the element-wise step between two dots
      // (attention backward's dS from S, dP and per-row vectors), when
      // fragment-row-phases can take it.
      bool betweenDots = afterDot && !reduces && feedsLaterDot(current, block) &&
                         !readsColumnVectors(current, shape);
      if (((reduces && current.size() >= 2) || betweenDots) &&
          shape.columns > 0 && shape.columns <= kMaxColumns &&
          shape.rows >= minRows)
        chains.push_back({current, shape, betweenDots});
      current.clear();
      shape = RowShape();
    };
    // In the fragment form, an update of a later dot's accumulator (the
    // online softmax's acc * alpha) stays out: the cooperative lowering
    // scales the carried fragments, and C never enters workgroup memory.
    auto updatesLaterAccumulator = [&](Operation *op) {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (minRowsAfterDot <= 0 || !generic)
        return false;
      return llvm::any_of(block.getOps<linalg::MatmulOp>(), [&](linalg::MatmulOp matmul) {
        return op->isBeforeInBlock(matmul) &&
               llvm::is_contained(generic.getDpsInits(), matmul.getOutputs()[0]);
      });
    };
    for (Operation &op : block) {
      RowShape extended = shape;
      if (!updatesLaterAccumulator(&op) && isRowLocal(&op, extended, readsDot(&op))) {
        current.push_back(&op);
        shape = extended;
        continue;
      }
      // Pure ops without regions (views, constants) and allocations may sit
      // inside a chain: they move before it.
      if (!current.empty() && op.getNumRegions() == 0 &&
          (isMemoryEffectFree(&op) || isa<memref::AllocOp>(op)))
        continue;
      close();
    }
    close();
    return chains;
  }
};
} // namespace

//===- CooperativeMatmul.cpp - linalg.matmul on cooperative matrices ------===//
//
// Each subgroup computes a tilesM x tilesN block of 16x16 output tiles with
// gpu.subgroup_mma_* ops (SPIR-V KHR cooperative matrices: tensor cores on
// NVIDIA). A and B are read from workgroup memory as 16x16 fragments (16x32
// and 32x16 for 8-bit integers), one row of A fragments and one column of B
// fragments per k step.
//
//===----------------------------------------------------------------------===//
#include "Matmul/CooperativeMatmul.h"
#include "triton-spirv/Conversion/Passes.h"
#include "MemorySpaces.h"
#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton_spirv;

namespace {
constexpr int64_t kTile = 16;
// Accumulator tiles one subgroup keeps in registers (8 values per lane each
// at subgroup size 32).
constexpr int64_t kMaxTilesPerSubgroup = 16;
// Bytes added to each row of the A and B tiles in workgroup memory: 16
// bytes shift consecutive rows by four banks, so the eight 16-byte rows a
// fragment load reads at once hit distinct banks (without it, rows 64 or
// 128 bytes apart all start in the same banks).
constexpr int64_t kRowPaddingBytes = 16;

/// Whether `mul` multiplies the body's A and B arguments (either order), each
/// through an ExtOp, or also directly unless `extended`.
template <typename ExtOp>
bool multipliesOperands(Operation *mul, Block &body, bool extended) {
  auto isArgument = [&](Value v, unsigned index) {
    if (auto ext = v.getDefiningOp<ExtOp>())
      v = ext.getIn();
    else if (extended)
      return false;
    return v == body.getArgument(index);
  };
  Value lhs = mul->getOperand(0), rhs = mul->getOperand(1);
  return (isArgument(lhs, 0) && isArgument(rhs, 1)) ||
         (isArgument(lhs, 1) && isArgument(rhs, 0));
}

/// Whether the body is acc + extsi(a) * extsi(b) in integers.
bool isSignedIntegerMultiplyAccumulate(linalg::MatmulOp matmul) {
  Block &body = matmul->getRegion(0).front();
  if (body.getOperations().size() != 5)
    return false;
  auto mul = accumulatedProductOf<arith::AddIOp, arith::MulIOp>(body);
  return mul && multipliesOperands<arith::ExtSIOp>(mul, body, /*extended=*/true);
}

/// Whether the body is acc + ext(a) * ext(b) (extensions optional).
bool isMultiplyAccumulate(linalg::MatmulOp matmul) {
  Block &body = matmul->getRegion(0).front();
  if (body.getOperations().size() > 5)
    return false;
  arith::MulFOp mul = accumulatedProduct(body);
  return mul && multipliesOperands<arith::ExtFOp>(mul, body, /*extended=*/false);
}

/// The linalg.transpose that fills matmul operand `index` when the matmul can
/// read its source instead: the operand is a 2-D buffer that transpose
/// writes last before the matmul, which alone reads it before it is written
/// whole again; the source a 2-D buffer (a block temporary) nothing writes
/// between the two.
linalg::TransposeOp transposeIntoOperand(linalg::MatmulOp matmul,
                                         unsigned index) {
  Value operand = matmul.getInputs()[index];
  auto alloc = operand.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc.getType().getRank() != 2)
    return nullptr;
  // Bufferization may reuse the buffer for other tensors of the same type.
  // Earlier users are fine when the transpose, which writes all of the
  // buffer, is the last of them (attention backward's K^T, then V^T); of the
  // later users, the first must write every element without reading: the
  // transpose's values are dead by then.
  linalg::TransposeOp transpose;
  Operation *firstLater = nullptr, *lastEarlier = nullptr;
  Block *block = matmul->getBlock();
  for (Operation *user : operand.getUsers()) {
    if (user == matmul.getOperation())
      continue;
    Operation *top = block->findAncestorOpInBlock(*user);
    if (!top)
      return nullptr;
    if (top->isBeforeInBlock(matmul)) {
      auto t = dyn_cast<linalg::TransposeOp>(user);
      if (t && t.getInit() == operand &&
          (!transpose || transpose->isBeforeInBlock(t)))
        transpose = t;
      if (!lastEarlier || lastEarlier->isBeforeInBlock(top))
        lastEarlier = top;
      continue;
    }
    if (!firstLater || top->isBeforeInBlock(firstLater))
      firstLater = top;
  }
  if (!transpose || lastEarlier != transpose.getOperation())
    return nullptr;
  if (firstLater) {
    auto writer = dyn_cast<linalg::LinalgOp>(firstLater);
    OpOperand *init = nullptr;
    if (writer)
      for (OpOperand &candidate : writer.getDpsInitsMutable())
        if (candidate.get() == operand)
          init = &candidate;
    if (!init || writer.getNumParallelLoops() != writer.getNumLoops() ||
        !writer.getMatchingIndexingMap(init).isIdentity() ||
        writer.payloadUsesValueFromOperand(init) ||
        llvm::is_contained(writer.getDpsInputs(), operand))
      return nullptr;
  }
  if (!transpose || transpose->getBlock() != matmul->getBlock() ||
      !transpose->isBeforeInBlock(matmul) ||
      transpose.getPermutation() != ArrayRef<int64_t>{1, 0} ||
      llvm::count(matmul.getInputs(), operand) != 1)
    return nullptr;
  Value source = transpose.getInput();
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  if (!source.getDefiningOp<memref::AllocOp>() || !sourceType.hasStaticShape() ||
      !sourceType.getLayout().isIdentity())
    return nullptr;
  for (Operation *user : source.getUsers()) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (user == transpose.getOperation() || !inBlock ||
        !transpose->isBeforeInBlock(inBlock) || !inBlock->isBeforeInBlock(matmul))
      continue;
    auto linalgUser = dyn_cast<linalg::LinalgOp>(user);
    bool reads = isa<memref::LoadOp>(user) ||
                 (linalgUser && !llvm::is_contained(linalgUser.getDpsInits(), source));
    if (!reads)
      return nullptr;
  }
  return transpose;
}

Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// A fragment operand in workgroup memory, rows padded by kRowPaddingBytes when
/// the buffer is a workgroup alloc only accessed element-wise (every other
/// user then sees the unpadded shape through a subview).
struct FragmentSource {
  Value memref;
  int64_t rowStride;
};

FragmentSource padRows(Value buffer, linalg::MatmulOp matmul) {
  auto type = cast<MemRefType>(buffer.getType());
  // A view (e.g. of a buffer another matmul padded already) keeps its own
  // row stride, which is not its width.
  SmallVector<int64_t> strides;
  int64_t offset;
  int64_t rowStride = type.getDimSize(1);
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(strides[0]))
    rowStride = strides[0];
  FragmentSource unpadded{buffer, rowStride};
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || !type.getLayout().isIdentity())
    return unpadded;
  for (Operation *user : buffer.getUsers())
    if (user != matmul.getOperation() &&
        !isa<memref::LoadOp, memref::StoreOp, linalg::LinalgOp>(user))
      return unpadded;
  OpBuilder builder(alloc);
  Location loc = alloc.getLoc();
  Type element = type.getElementType();
  auto vector = dyn_cast<VectorType>(element);
  int64_t elementBits = vector ? vector.getNumElements() *
                                     vector.getElementTypeBitWidth()
                               : element.getIntOrFloatBitWidth();
  int64_t elementBytes = std::max<int64_t>(1, elementBits / 8);
  rowStride = type.getDimSize(1) + kRowPaddingBytes / elementBytes;
  auto paddedType = MemRefType::get({type.getDimSize(0), rowStride},
                                    type.getElementType(), nullptr,
                                    type.getMemorySpace());
  Value padded = memref::AllocOp::create(builder, loc, paddedType);
  Value view = memref::SubViewOp::create(
      builder, loc, padded, ArrayRef<int64_t>{0, 0}, type.getShape(),
      ArrayRef<int64_t>{1, 1});
  alloc.getResult().replaceUsesWithIf(view, [&](OpOperand &use) {
    return use.getOwner() != matmul.getOperation();
  });
  return {padded, rowStride};
}

/// Where this subgroup's tiles start and what it loads and multiplies.
struct SubgroupTiles {
  const CooperativeTiling &tiling;
  Value a, b, c;
  int64_t aStride, bStride;
  bool aTransposed, bTransposed; // a/b hold A^T / B^T
  SmallVector<Value> rows, columns; // first row/column of each owned tile
  gpu::MMAMatrixType aType, bType, cType;
  // A and B hold bf16 bits (bf16-matmul-operands-as-f16): their
  // multiply-adds carry the marker to convert-kernel-to-spirv.
  bool bf16Operands;

  SubgroupTiles(OpBuilder &builder, Location loc, linalg::MatmulOp matmul,
                const CooperativeTiling &tiling)
      : tiling(tiling), c(matmul.getOutputs()[0]),
        aTransposed(tiling.transposeA), bTransposed(tiling.transposeB),
        bf16Operands(matmul->hasAttr(kBF16OperandsAttr)) {
    linalg::TransposeOp transposeA = tiling.transposeA, transposeB = tiling.transposeB;
    Value aBuffer = aTransposed ? transposeA.getInput() : matmul.getInputs()[0];
    Value bBuffer = bTransposed ? transposeB.getInput() : matmul.getInputs()[1];
    FragmentSource aSource = padRows(aBuffer, matmul);
    FragmentSource bSource =
        bBuffer == aBuffer ? aSource : padRows(bBuffer, matmul);
    a = aSource.memref;
    aStride = aSource.rowStride;
    b = bSource.memref;
    bStride = bSource.rowStride;
    Value subgroup = gpu::SubgroupIdOp::create(builder, loc, nullptr);
    Value warpRow = arith::DivUIOp::create(
        builder, loc, subgroup, constantIndex(builder, loc, tiling.warpsN));
    Value warpColumn = arith::RemUIOp::create(
        builder, loc, subgroup, constantIndex(builder, loc, tiling.warpsN));
    Value firstRow = arith::MulIOp::create(
        builder, loc, warpRow, constantIndex(builder, loc, tiling.tilesM * kTile));
    Value firstColumn = arith::MulIOp::create(
        builder, loc, warpColumn,
        constantIndex(builder, loc, tiling.tilesN * kTile));
    for (int64_t i = 0; i < tiling.tilesM; ++i)
      rows.push_back(arith::AddIOp::create(builder, loc, firstRow,
                                           constantIndex(builder, loc, i * kTile)));
    for (int64_t j = 0; j < tiling.tilesN; ++j)
      columns.push_back(arith::AddIOp::create(
          builder, loc, firstColumn, constantIndex(builder, loc, j * kTile)));
    auto elementOf = [](Value v) {
      return cast<MemRefType>(v.getType()).getElementType();
    };
    // 8-bit operands are signed (sign-extended in the matmul's body): the
    // fragment types say so, and the multiply-adds take them as such.
    auto operandOf = [&](Value v) -> Type {
      Type element = elementOf(v);
      if (element.isInteger(8))
        return IntegerType::get(element.getContext(), 8, IntegerType::Signed);
      return element;
    };
    int64_t depth = tiling.depth;
    aType = gpu::MMAMatrixType::get({kTile, depth}, operandOf(a), "AOp");
    bType = gpu::MMAMatrixType::get({depth, kTile}, operandOf(b), "BOp");
    cType = gpu::MMAMatrixType::get({kTile, kTile}, elementOf(c), "COp");
  }

  /// The 16x16 fragment at (row, column) of the matrix `memref` holds, or of
  /// its transpose (read column-major at (column, row)).
  Value load(OpBuilder &builder, Location loc, gpu::MMAMatrixType type,
             Value memref, Value row, Value column, int64_t stride,
             bool transposed = false) {
    if (transposed)
      std::swap(row, column);
    return gpu::SubgroupMmaLoadMatrixOp::create(
        builder, loc, type, memref, ValueRange{row, column},
        builder.getIndexAttr(stride),
        transposed ? builder.getUnitAttr() : nullptr);
  }

  SmallVector<Value> loadAccumulators(OpBuilder &builder, Location loc) {
    SmallVector<Value> tiles;
    for (Value row : rows)
      for (Value column : columns)
        tiles.push_back(load(builder, loc, cType, c, row, column, tiling.n));
    return tiles;
  }

  void storeAccumulators(OpBuilder &builder, Location loc, ValueRange tiles) {
    unsigned t = 0;
    for (Value row : rows)
      for (Value column : columns)
        gpu::SubgroupMmaStoreMatrixOp::create(
            builder, loc, tiles[t++], c, ValueRange{row, column},
            builder.getIndexAttr(tiling.n), /*transpose=*/nullptr)
            ->setAttr(kCoversAccumulatorAttr, builder.getUnitAttr());
  }

  /// acc[r, c] *= scale[r] on every tile: the scale column read as a matrix
  /// whose columns all repeat it (column-major with stride 0).
  SmallVector<Value> scaleRows(OpBuilder &builder, Location loc, Value scale,
                               ValueRange accumulators) {
    SmallVector<Value> acc(accumulators);
    // Read a 1-D column through its Mx1 view's source: the view does not
    // fold into fragment loads.
    if (auto view = scale.getDefiningOp<memref::ExpandShapeOp>())
      if (view.getSrcType().getRank() == 1)
        scale = view.getSrc();
    bool columnOfRows = cast<MemRefType>(scale.getType()).getRank() == 2;
    for (auto [i, row] : llvm::enumerate(rows)) {
      SmallVector<Value> indices{row};
      if (columnOfRows)
        indices.push_back(constantIndex(builder, loc, 0));
      Value repeated = gpu::SubgroupMmaLoadMatrixOp::create(
          builder, loc, cType, scale, indices, builder.getIndexAttr(0),
          builder.getUnitAttr());
      for (int64_t j = 0; j < tiling.tilesN; ++j) {
        Value &tile = acc[i * tiling.tilesN + j];
        tile = gpu::SubgroupMmaElementwiseOp::create(
            builder, loc, cType, ValueRange{tile, repeated},
            gpu::MMAElementwiseOp::MULF);
      }
    }
    return acc;
  }

  /// acc += A[rows, :] * B[:, columns], k fully unrolled (K is a block size).
  SmallVector<Value> multiplyAccumulate(OpBuilder &builder, Location loc,
                                        ValueRange accumulators) {
    SmallVector<Value> acc(accumulators);
    for (int64_t k = 0; k < tiling.k; k += tiling.depth) {
      Value kIndex = constantIndex(builder, loc, k);
      SmallVector<Value> aTiles, bTiles;
      for (Value row : rows)
        aTiles.push_back(
            load(builder, loc, aType, a, row, kIndex, aStride, aTransposed));
      for (Value column : columns)
        bTiles.push_back(
            load(builder, loc, bType, b, kIndex, column, bStride, bTransposed));
      // The multiply-adds carry the marker (their loads may be rebuilt);
      // convert-kernel-to-spirv marks the loads again.
      for (auto [i, aTile] : llvm::enumerate(aTiles))
        for (auto [j, bTile] : llvm::enumerate(bTiles)) {
          Value &tile = acc[i * tiling.tilesN + j];
          auto compute = gpu::SubgroupMmaComputeOp::create(
              builder, loc, aTile, bTile, tile, nullptr, nullptr);
          if (bf16Operands)
            compute->setAttr(kBF16OperandsAttr, builder.getUnitAttr());
          tile = compute;
        }
    }
    return acc;
  }
};

/// Whether `generic` is C[i, j] = C[i, j] * v[i] in place, v a column of C's
/// element type read through (d0, d1) -> (d0) or (d0, d1) -> (d0, 0).
bool isRowScaleOf(linalg::GenericOp generic, Value c) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getDpsInits()[0] != c ||
      generic.getNumLoops() != 2 || generic.getNumParallelLoops() != 2)
    return false;
  Value scale = generic.getDpsInputs()[0];
  auto scaleType = dyn_cast<MemRefType>(scale.getType());
  auto cType = cast<MemRefType>(c.getType());
  if (scale == c || !scaleType || !scaleType.hasStaticShape() ||
      !scaleType.getLayout().isIdentity() ||
      scaleType.getElementType() != cType.getElementType() ||
      scaleType.getDimSize(0) != cType.getDimSize(0))
    return false;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  MLIRContext *context = generic.getContext();
  AffineExpr row = getAffineDimExpr(0, context);
  AffineMap column = AffineMap::get(2, 0, {row}, context);
  AffineMap columnOfRows =
      AffineMap::get(2, 0, {row, getAffineConstantExpr(0, context)}, context);
  bool scaleMapOk = (maps[0] == column && scaleType.getRank() == 1) ||
                    (maps[0] == columnOfRows && scaleType.getRank() == 2 &&
                     scaleType.getDimSize(1) == 1);
  if (!scaleMapOk || !maps[1].isIdentity())
    return false;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 2)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(body.front());
  if (!mul || body.getTerminator()->getOperand(0) != mul.getResult())
    return false;
  Value in = body.getArgument(0), out = body.getArgument(1);
  return (mul.getLhs() == in && mul.getRhs() == out) ||
         (mul.getLhs() == out && mul.getRhs() == in);
}

/// The scf.for whose iterations accumulate into C through this matmul and
/// row scales of C before it in the same block (C defined outside the loop,
/// no view of C anywhere); `rowScales` gets those, in order.
scf::ForOp accumulatingLoop(linalg::MatmulOp matmul,
                            SmallVectorImpl<linalg::GenericOp> *rowScales =
                                nullptr) {
  auto loop = dyn_cast<scf::ForOp>(matmul->getParentOp());
  Value c = matmul.getOutputs()[0];
  if (!loop || loop->isAncestor(c.getParentBlock()->getParentOp()))
    return nullptr;
  SmallVector<linalg::GenericOp> scales;
  for (Operation *user : c.getUsers()) {
    if (isa<ViewLikeOpInterface>(user))
      return nullptr;
    if (user == matmul || !loop->isAncestor(user))
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (!generic || generic->getBlock() != matmul->getBlock() ||
        !generic->isBeforeInBlock(matmul) || !isRowScaleOf(generic, c))
      return nullptr;
    scales.push_back(generic);
  }
  llvm::sort(scales, [](linalg::GenericOp x, linalg::GenericOp y) {
    return x->isBeforeInBlock(y);
  });
  if (rowScales)
    rowScales->assign(scales.begin(), scales.end());
  return loop;
}
} // namespace

std::optional<CooperativeTiling>
mlir::triton_spirv::cooperativeTiling(linalg::MatmulOp matmul,
                                      int64_t numSubgroups, bool wholeRows,
                                      bool int8) {
  if (!matmul.hasPureBufferSemantics() || matmul.hasUserDefinedMaps() ||
      numSubgroups <= 0)
    return std::nullopt;
  auto a = dyn_cast<MemRefType>(matmul.getInputs()[0].getType());
  auto b = dyn_cast<MemRefType>(matmul.getInputs()[1].getType());
  auto c = dyn_cast<MemRefType>(matmul.getOutputs()[0].getType());
  if (!a || !b || !c || !a.hasStaticShape() || !b.hasStaticShape() ||
      !c.hasStaticShape() || !a.getLayout().isIdentity() ||
      !b.getLayout().isIdentity() || !c.getLayout().isIdentity())
    return std::nullopt;
  bool halves = a.getElementType().isF16() && b.getElementType().isF16() &&
                (c.getElementType().isF32() || c.getElementType().isF16()) &&
                isMultiplyAccumulate(matmul);
  bool bytes = int8 && a.getElementType().isSignlessInteger(8) &&
               b.getElementType().isSignlessInteger(8) &&
               c.getElementType().isSignlessInteger(32) &&
               isSignedIntegerMultiplyAccumulate(matmul);
  if (!halves && !bytes)
    return std::nullopt;
  CooperativeTiling t{c.getDimSize(0), c.getDimSize(1), a.getDimSize(1), 0, 0, 0, 0};
  t.depth = bytes ? kInt8MatrixDepth : kTile;
  t.transposeA = transposeIntoOperand(matmul, 0);
  t.transposeB = transposeIntoOperand(matmul, 1);
  if (t.m % kTile || t.n % kTile || t.k % t.depth)
    return std::nullopt;
  int64_t rowTiles = t.m / kTile, columnTiles = t.n / kTile;
  // The subgroup grid that loads the fewest fragments per k step.
  for (int64_t warpsM = 1; warpsM <= numSubgroups; ++warpsM) {
    int64_t warpsN = numSubgroups / warpsM;
    if (numSubgroups % warpsM || rowTiles % warpsM || columnTiles % warpsN)
      continue;
    int64_t tilesM = rowTiles / warpsM, tilesN = columnTiles / warpsN;
    if (t.warpsM == 0 || tilesM + tilesN < t.tilesM + t.tilesN) {
      t.warpsM = warpsM;
      t.warpsN = warpsN;
      t.tilesM = tilesM;
      t.tilesN = tilesN;
    }
  }
  // Whole rows per subgroup where the tiles split so.
  if (wholeRows && rowTiles % numSubgroups == 0 &&
      (rowTiles / numSubgroups) * columnTiles <= kMaxTilesPerSubgroup) {
    t.warpsM = numSubgroups;
    t.warpsN = 1;
    t.tilesM = rowTiles / numSubgroups;
    t.tilesN = columnTiles;
  }
  if (t.warpsM == 0 || t.tilesM * t.tilesN > kMaxTilesPerSubgroup)
    return std::nullopt;
  accumulatingLoop(matmul, &t.rowScales);
  return t;
}

/// Whether `op` or an op nested in it uses `buffer` (or a view of it).
static bool touches(Operation *op, Value buffer) {
  WalkResult walk = op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      if (auto view = operand.getDefiningOp<ViewLikeOpInterface>())
        operand = view.getViewSource();
      if (operand == buffer)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

void mlir::triton_spirv::giveAttentionDotsWholeRows(
    DenseMap<Operation *, CooperativeTiling> &tilings, int64_t numSubgroups) {
  SetVector<Operation *> retile;
  for (auto &[op, tiling] : tilings) {
    auto second = cast<linalg::MatmulOp>(op);
    Block *block = op->getBlock();
    // Dots of the block with as many rows that feed this one's A through
    // the ops between them (attention: S = Q K^T, then P or dS from it).
    SmallVector<Operation *> feeding;
    for (Operation &other : *block) {
      auto first = dyn_cast<linalg::MatmulOp>(other);
      if (!first || first == second || !tilings.count(first) ||
          tilings.lookup(first).m != tiling.m ||
          !first->isBeforeInBlock(second))
        continue;
      Value scores = first.getOutputs()[0];
      Value operand = second.getInputs()[0];
      // Through a row phase (fuse-row-phases), which fragment-row-phases
      // can run on the fragments.
      bool linked = llvm::any_of(*block, [&](Operation &between) {
        return between.hasAttr(kRowPhaseAttr) &&
               first->isBeforeInBlock(&between) &&
               between.isBeforeInBlock(second) && touches(&between, scores) &&
               touches(&between, operand);
      });
      if (linked)
        feeding.push_back(first);
    }
    // A row-scaled accumulator (P @ V) with the block's dots of as many rows.
    bool scaled = !tiling.rowScales.empty();
    if (scaled)
      for (Operation &other : *block)
        if (tilings.count(&other) && tilings.lookup(&other).m == tiling.m &&
            &other != op)
          feeding.push_back(&other);
    if (feeding.empty() && !scaled)
      continue;
    retile.insert(op);
    retile.insert(feeding.begin(), feeding.end());
  }
  for (Operation *op : retile)
    if (std::optional<CooperativeTiling> whole = cooperativeTiling(
            cast<linalg::MatmulOp>(op), numSubgroups,
            /*wholeRows=*/true, /*int8=*/tilings[op].depth == kInt8MatrixDepth))
      tilings[op] = *whole;
}

void mlir::triton_spirv::lowerMatmulToCooperativeMatrix(
    linalg::MatmulOp matmul, const CooperativeTiling &tiling) {
  Location loc = matmul.getLoc();
  // Row scales the tiling did not claim were lowered with everything else.
  SmallVector<linalg::GenericOp> rowScales;
  scf::ForOp loop = accumulatingLoop(matmul, &rowScales);
  if (rowScales.size() != tiling.rowScales.size())
    loop = nullptr;
  OpBuilder builder(loop ? loop.getOperation() : matmul.getOperation());
  SubgroupTiles tiles(builder, loc, matmul, tiling);
  // The fragments come from the transposes' sources: the transposes and the
  // buffers they filled go with the matmul.
  SmallVector<Value> transposed;
  for (linalg::TransposeOp transpose : {tiling.transposeA, tiling.transposeB})
    if (transpose) {
      transposed.push_back(transpose.getInit());
      transpose.erase();
    }
  auto eraseMatmul = [&] {
    matmul.erase();
    for (Value buffer : transposed)
      if (buffer.use_empty())
        buffer.getDefiningOp()->erase();
  };
  SmallVector<Value> initial = tiles.loadAccumulators(builder, loc);
  if (!loop) {
    builder.setInsertionPoint(matmul);
    tiles.storeAccumulators(builder, loc,
                            tiles.multiplyAccumulate(builder, loc, initial));
    eraseMatmul();
    return;
  }
  // Carry the accumulator tiles through the loop instead of C.
  IRRewriter rewriter(builder);
  FailureOr<LoopLikeOpInterface> carried = loop.replaceWithAdditionalYields(
      rewriter, initial, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> accumulators) {
        SmallVector<Value> acc(accumulators.begin(), accumulators.end());
        for (linalg::GenericOp scale : tiling.rowScales) {
          OpBuilder at(scale);
          acc = tiles.scaleRows(at, scale.getLoc(), scale.getDpsInputs()[0], acc);
          // The generic was a phase: what runs before the matmul (itself
          // followed by a barrier) must not overwrite the column early.
          bool accessesMemory = false;
          for (Operation *op = scale->getNextNode(); op != matmul.getOperation();
               op = op->getNextNode())
            accessesMemory |= !isMemoryEffectFree(op);
          if (accessesMemory)
            gpu::BarrierOp::create(at, scale.getLoc());
        }
        OpBuilder at(matmul);
        return tiles.multiplyAccumulate(at, loc, acc);
      });
  for (linalg::GenericOp scale : tiling.rowScales) {
    Value column = scale.getDpsInputs()[0];
    scale.erase();
    if (auto view = column.getDefiningOp<memref::ExpandShapeOp>())
      if (view->use_empty())
        view.erase();
  }
  auto newLoop = cast<scf::ForOp>(carried->getOperation());
  builder.setInsertionPointAfter(newLoop);
  tiles.storeAccumulators(
      builder, loc, newLoop.getResults().take_back(initial.size()));
  // The epilogue reads C in another distribution.
  gpu::BarrierOp::create(builder, loc);
  eraseMatmul();
}

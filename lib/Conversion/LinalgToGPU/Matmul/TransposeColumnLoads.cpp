//===- TransposeColumnLoads.cpp - load K^T as K, read it column-major ------===//
//
// Attention loads K^T through transposed pointers (`k + n * HEAD_DIM + d`
// for a HEAD_DIM x BLOCK_N block): consecutive elements of a row are
// HEAD_DIM apart in memory, so each invocation's run along the row is one
// 2-byte load per element, and the staged tile takes scalar stores (so does
// the B operand of `x @ w.T`: k + n * stride_bn, a run-time stride, often
// under a mask). Where such a load feeds a cooperative matmul, this pass
// loads the block in its memory order instead (a BLOCK_N x HEAD_DIM
// generic, the two loop indices swapped) followed by a linalg.transpose,
// which the cooperative lowering absorbs by reading the fragments
// column-major:
//
//   %kt = linalg.generic {(d0, d1) -> (d0, d1)} outs(tensor<64x32xf16>) {
//     ... memref.load %k[(d1 * 64 + d0) + %base] ...                    }
// becomes
//   %k = linalg.generic {(d0, d1) -> (d0, d1)} outs(tensor<32x64xf16>) {
//     ... memref.load %k[(d0 * 64 + d1) + %base] ...                    }
//   %kt = linalg.transpose ins(%k) outs(tensor<64x32xf16>) permutation = [1, 0]
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "Matmul/CooperativeMatmul.h"
#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_TRANSPOSECOLUMNLOADS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Fragment edge of the cooperative matmuls this serves.
constexpr int64_t kFragment = 16;

/// A coefficient of an index: a constant, or nullopt for a loop-invariant
/// value known only at run time (a stride argument).
using Coefficient = std::optional<int64_t>;

/// The coefficients of linalg.index 0 and 1 in an integer computed by sums,
/// products with invariant values and casts from them and invariant values.
struct IndexTerms {
  Coefficient row = 0, column = 0;
  bool isInvariant() const { return row == 0 && column == 0; }
};

Coefficient add(Coefficient a, Coefficient b, int64_t sign) {
  if (b == 0)
    return a;
  if (a == 0)
    return b ? Coefficient(sign * *b) : std::nullopt;
  if (a && b)
    return *a + sign * *b;
  return std::nullopt;
}

/// `a` times an invariant factor (`factor`: its value when constant).
Coefficient scale(Coefficient a, Coefficient factor) {
  if (a == 0 || factor == 0)
    return 0;
  if (a && factor)
    return *a * *factor;
  return std::nullopt;
}

/// The terms of `v` in `generic`'s body (null when it is not such a sum).
/// Block arguments are the generic's scalar inputs: invariant.
std::optional<IndexTerms> indexTerms(Value v, Operation *generic) {
  Operation *def = v.getDefiningOp();
  if (!def || !generic->isProperAncestor(def))
    return IndexTerms{}; // invariant in the generic
  if (auto index = dyn_cast<linalg::IndexOp>(def)) {
    IndexTerms terms;
    (index.getDim() == 0 ? terms.row : terms.column) = 1;
    return terms;
  }
  if (isa<arith::ExtSIOp, arith::IndexCastOp>(def))
    return indexTerms(def->getOperand(0), generic);
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
    std::optional<IndexTerms> lhs = indexTerms(def->getOperand(0), generic);
    std::optional<IndexTerms> rhs = indexTerms(def->getOperand(1), generic);
    if (!lhs || !rhs)
      return std::nullopt;
    if (!isa<arith::MulIOp>(def)) {
      int64_t sign = isa<arith::SubIOp>(def) ? -1 : 1;
      return IndexTerms{add(lhs->row, rhs->row, sign), add(lhs->column, rhs->column, sign)};
    }
    // One factor must be invariant: the other's terms scale by it.
    Value factor = def->getOperand(1);
    if (!rhs->isInvariant()) {
      std::swap(lhs, rhs);
      factor = def->getOperand(0);
    }
    if (!rhs->isInvariant())
      return std::nullopt;
    Coefficient constant = getConstantIntValue(factor);
    return IndexTerms{scale(lhs->row, constant), scale(lhs->column, constant)};
  }
  // Anything else is fine when it does not use the indices.
  for (Value operand : def->getOperands()) {
    std::optional<IndexTerms> terms = indexTerms(operand, generic);
    if (!terms || !terms->isInvariant())
      return std::nullopt;
  }
  if (def->getNumRegions() != 0)
    return std::nullopt;
  return IndexTerms{};
}

/// Whether `matmul` can run on cooperative matrices: 16-bit operands (or
/// with `int8`, 8-bit ones) and dimensions that are multiples of the
/// fragment (for 8-bit operands, K a multiple of their 32-deep step).
bool isCooperativeCandidate(linalg::MatmulOp matmul, bool int8) {
  for (auto [index, input] : llvm::enumerate(matmul.getInputs())) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    Type element = type ? type.getElementType() : Type();
    bool bytes = int8 && element && element.isInteger(8);
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        !(element.isF16() || element.isBF16() || bytes) ||
        type.getDimSize(0) % kFragment || type.getDimSize(1) % kFragment)
      return false;
    // A's K is its dim 1, B's its dim 0.
    if (bytes && type.getDimSize(index == 0 ? 1 : 0) %
                     triton_spirv::kInt8MatrixDepth)
      return false;
  }
  return true;
}

/// A 2-D all-parallel generic writing a fresh tensor from one global load
/// whose address steps by one along dim 0 and by something else along
/// dim 1, read only by cooperative matmuls.
bool isColumnContiguousLoad(linalg::GenericOp generic, bool int8) {
  if (generic.getNumLoops() != 2 || generic.getNumParallelLoops() != 2 ||
      generic.getNumDpsInits() != 1 || generic->getNumResults() != 1 ||
      !generic.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>() ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0)).isIdentity())
    return false;
  // Scalar inputs only: their block arguments do not vary with the indices.
  for (OpOperand *input : generic.getDpsInputOperands())
    if (generic.getMatchingIndexingMap(input).getNumResults() != 0)
      return false;
  if (generic->getResult(0).use_empty() ||
      !llvm::all_of(generic->getResult(0).getUsers(), [&](Operation *user) {
        auto matmul = dyn_cast<linalg::MatmulOp>(user);
        return matmul && isCooperativeCandidate(matmul, int8);
      }))
    return false;
  // One global load, perhaps under its mask's branch.
  Block *body = generic.getBody();
  memref::LoadOp load;
  WalkResult walk = body->walk([&](memref::LoadOp candidate) {
    if (load || !triton_spirv::isGlobalBuffer(candidate.getMemRef()) ||
        candidate.getIndices().size() != 1)
      return WalkResult::interrupt();
    load = candidate;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || !load)
    return false;
  std::optional<IndexTerms> terms = indexTerms(load.getIndices()[0], generic);
  return terms && terms->row == 1 && terms->column != 1 && terms->column != 0;
}

void transposeLoad(linalg::GenericOp generic) {
  OpBuilder b(generic);
  Location loc = generic.getLoc();
  auto type = cast<RankedTensorType>(generic->getResult(0).getType());
  auto swapped = RankedTensorType::get({type.getDimSize(1), type.getDimSize(0)},
                                       type.getElementType());
  Value empty = tensor::EmptyOp::create(b, loc, swapped.getShape(), swapped.getElementType());
  // The new iteration (e0, e1) is the old (d1, d0): only the body's indices
  // change (the inputs are scalars, the output map the identity).
  auto loaded = linalg::GenericOp::create(
      b, loc, TypeRange{swapped}, generic.getDpsInputs(), ValueRange{empty},
      generic.getIndexingMapsArray(),
      generic.getIteratorTypesArray(),
      [&](OpBuilder &nested, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(generic.getBody()->getArguments(), args);
        for (Operation &op : generic.getBody()->getOperations())
          nested.clone(op, mapping);
      });
  // Every index, nested regions included, counts the other dimension now.
  loaded.getBody()->walk([&](linalg::IndexOp index) {
    OpBuilder at(index);
    index.replaceAllUsesWith(
        linalg::IndexOp::create(at, index.getLoc(), 1 - index.getDim()).getResult());
    index.erase();
  });
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  auto transpose = linalg::TransposeOp::create(b, loc, loaded->getResult(0), init,
                                               ArrayRef<int64_t>{1, 0});
  generic->replaceAllUsesWith(transpose->getResults());
  generic->erase();
}

struct TransposeColumnLoadsPass
    : public triton_spirv::impl::TransposeColumnLoadsBase<TransposeColumnLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> loads;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isColumnContiguousLoad(generic, int8))
        loads.push_back(generic);
    });
    for (linalg::GenericOp generic : loads)
      transposeLoad(generic);
  }
};
} // namespace

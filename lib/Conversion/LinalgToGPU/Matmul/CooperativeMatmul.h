//===- CooperativeMatmul.h - linalg.matmul on cooperative matrices -*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MATMUL_COOPERATIVEMATMUL_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MATMUL_COOPERATIVEMATMUL_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::triton_spirv {

/// Marks the fragment stores of a cooperative matmul's accumulator: together
/// they write every element of C (the subgroups' tiles partition it).
constexpr llvm::StringLiteral kCoversAccumulatorAttr =
    "triton_spirv.covers_accumulator";

/// The k extent of one multiply-add on 8-bit integer matrices (16x16x32;
/// 16-bit floats take 16).
constexpr int64_t kInt8MatrixDepth = 32;

/// The multiply of a matmul body `acc + x * y` (either operand order) in
/// AddOp and MulOp, or null when the body does not end that way.
template <typename AddOp, typename MulOp>
MulOp accumulatedProductOf(Block &body) {
  auto add = body.getTerminator()->getOperand(0).getDefiningOp<AddOp>();
  if (!add)
    return nullptr;
  Value acc = body.getArgument(2);
  Value product = add.getLhs() == acc   ? add.getRhs()
                  : add.getRhs() == acc ? add.getLhs()
                                        : Value();
  return product ? product.template getDefiningOp<MulOp>() : nullptr;
}

/// The float multiply of a matmul body `acc + x * y`, or null.
inline arith::MulFOp accumulatedProduct(Block &body) {
  return accumulatedProductOf<arith::AddFOp, arith::MulFOp>(body);
}

/// How a matmul's 16x16 output tiles are spread over the subgroups: a
/// warpsM x warpsN grid of subgroups, each owning tilesM x tilesN tiles.
struct CooperativeTiling {
  int64_t m, n, k;
  int64_t warpsM, warpsN, tilesM, tilesN;
  /// The k extent of one multiply-add: 16 for f16, 32 for signed 8-bit
  /// integer operands (into i32).
  int64_t depth = 16;
  /// A and B when they are transposes of workgroup tiles that only this
  /// matmul reads: the fragments are read from the tiles column-major, and
  /// lowering the matmul erases the transposes.
  linalg::TransposeOp transposeA = nullptr, transposeB = nullptr;
  /// Generics of the accumulating loop that scale C's rows in place before
  /// the matmul (attention's `acc * alpha[:, None]`): done on the carried
  /// fragments, so C stays in registers through the loop.
  SmallVector<linalg::GenericOp> rowScales;
};

/// The tiling when `matmul` can run on 16x16x16 cooperative matrices of
/// `numSubgroups` subgroups: f16 operands, an f32 or f16 accumulator, a
/// plain multiply-add body (with `int8`, also sign-extended i8 operands into
/// an i32 accumulator on 16x16x32 matrices, K a multiple of 32), static M,
/// N, K multiples of 16 whose output
/// tiles split evenly over the subgroups. Whatever workgroup memory A, B and
/// C take: the FMA path needs A and B there as well, and buffers beyond the
/// device's limit go to global scratch, still far faster than FMAs.
/// With `wholeRows`, each subgroup owns whole rows of C (a numSubgroups x 1
/// grid) where C's row tiles split evenly so, whatever the fragment count.
std::optional<CooperativeTiling> cooperativeTiling(linalg::MatmulOp matmul,
                                                   int64_t numSubgroups,
                                                   bool wholeRows = false,
                                                   bool int8 = false);

/// Attention's dots take whole rows per subgroup: a matmul whose A operand
/// the ops after an earlier matmul of its block with as many rows compute
/// from that one's output (P @ V after Q @ K^T, dS @ K after Q @ K^T and
/// dO @ V^T), both of them, and a row-scaled accumulating matmul with the
/// block's matmuls of as many rows. The row phase between them then reads
/// and writes only rows its subgroup holds (fragment-row-phases).
void giveAttentionDotsWholeRows(
    llvm::DenseMap<Operation *, CooperativeTiling> &tilings,
    int64_t numSubgroups);

/// Lowers a marked matmul (operands in workgroup memory) to
/// gpu.subgroup_mma_* ops. When it is the only access to its accumulator in
/// the enclosing scf.for (besides the tiling's row scales), the accumulator
/// tiles are loaded before the loop, carried through it in registers and
/// stored (then a barrier) after it.
void lowerMatmulToCooperativeMatrix(linalg::MatmulOp matmul,
                                    const CooperativeTiling &tiling);

} // namespace mlir::triton_spirv

#endif

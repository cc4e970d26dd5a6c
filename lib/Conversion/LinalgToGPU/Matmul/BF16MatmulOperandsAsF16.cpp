//===- BF16MatmulOperandsAsF16.cpp - bf16 dots toward cooperative matrices -===//
//
// The gpu dialect's MMA ops take f16 but no bf16 matrices (nor bf16 or i16
// memrefs), so a bf16 dot could not reach the cooperative-matrix lowering.
// Its operands travel as f16 bit patterns instead:
//
//   %a16 = linalg.generic ins(%a : tensor<64x32xbf16>) { arith.bitcast }
//   linalg.matmul {triton_spirv.bf16_operands} ins(%a16, %b16 : f16, f16)
//                                              outs(%acc : tensor<64x64xf32>)
//
// Only the marker gives the bits their meaning: the cooperative lowering
// marks the fragment loads and convert-kernel-to-spirv loads bf16 matrices
// from them; the FMA lowering widens them as bf16 again.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_BF16MATMULOPERANDSASF16
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {

/// An empty f16 tensor of `shape`, made at the function's entry: a
/// destination defined outside the K loop bufferizes to one workgroup tile
/// allocated before it (inside, the loop would allocate a tile per trip and
/// the tile prefetching that needs a fixed tile would not apply: bf16 4096^3
/// ran 3x slower than fp16).
Value emptyF16AtEntry(OpBuilder &builder, Location loc,
                      ArrayRef<int64_t> shape) {
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<FunctionOpInterface>(parent);
  if (!func)
    func = parent->getParentOfType<FunctionOpInterface>();
  OpBuilder atEntry = OpBuilder::atBlockBegin(&func.getFunctionBody().front());
  return tensor::EmptyOp::create(atEntry, loc, shape, builder.getF16Type());
}

/// `tensor` (of bf16) as a tensor of f16 with the same bits.
Value bitcastToF16(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto f16Type = type.clone(builder.getF16Type());
  Value empty = emptyF16AtEntry(builder, loc, f16Type.getShape());
  AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, f16Type, tensor, empty,
      ArrayRef<AffineMap>{identity, identity}, parallel,
      [](OpBuilder &b, Location l, ValueRange args) {
        Value bits = arith::BitcastOp::create(b, l, b.getF16Type(), args[0]);
        linalg::YieldOp::create(b, l, bits);
      });
  return generic.getResult(0);
}

/// The f16 view of a matmul operand. A transpose that feeds only this
/// operand is rebuilt over the f16 view of its input, so that the
/// cooperative lowering still reads the transpose's source column-major.
Value asF16Operand(OpBuilder &builder, Location loc, Value operand) {
  auto transpose = operand.getDefiningOp<linalg::TransposeOp>();
  if (!transpose || !operand.hasOneUse())
    return bitcastToF16(builder, loc, operand);
  Value input = bitcastToF16(builder, loc, transpose.getInput());
  auto initType = cast<RankedTensorType>(transpose.getInit().getType());
  Value init = emptyF16AtEntry(builder, loc, initType.getShape());
  return linalg::TransposeOp::create(builder, loc, input, init,
                                     transpose.getPermutation())
      .getResult()[0];
}

bool isBF16ToF32Matmul(linalg::MatmulOp matmul) {
  if (!matmul.hasPureTensorSemantics() || matmul.hasUserDefinedMaps())
    return false;
  auto elementOf = [](Value v) { return getElementTypeOrSelf(v.getType()); };
  return elementOf(matmul.getInputs()[0]).isBF16() &&
         elementOf(matmul.getInputs()[1]).isBF16() &&
         elementOf(matmul.getOutputs()[0]).isF32();
}

struct BF16MatmulOperandsAsF16Pass
    : public triton_spirv::impl::BF16MatmulOperandsAsF16Base<
          BF16MatmulOperandsAsF16Pass> {
  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk([&](linalg::MatmulOp matmul) {
      if (isBF16ToF32Matmul(matmul))
        matmuls.push_back(matmul);
    });
    for (linalg::MatmulOp matmul : matmuls) {
      OpBuilder builder(matmul);
      Location loc = matmul.getLoc();
      Value a = asF16Operand(builder, loc, matmul.getInputs()[0]);
      Value b = asF16Operand(builder, loc, matmul.getInputs()[1]);
      auto replacement = linalg::MatmulOp::create(
          builder, loc, matmul.getResultTypes(), ValueRange{a, b},
          matmul.getOutputs());
      // Keep the frontend's attributes (input precision) beside the marker.
      for (NamedAttribute attribute : matmul->getDiscardableAttrs())
        replacement->setAttr(attribute.getName(), attribute.getValue());
      replacement->setAttr(triton_spirv::kBF16OperandsAttr,
                           builder.getUnitAttr());
      matmul.replaceAllUsesWith(replacement.getResults());
      SmallVector<Operation *> producers;
      for (Value operand : matmul.getInputs())
        if (Operation *producer = operand.getDefiningOp())
          producers.push_back(producer);
      matmul.erase();
      // The transposes rebuilt over f16 views.
      for (Operation *producer : producers)
        if (isa<linalg::TransposeOp>(producer) && producer->use_empty())
          producer->erase();
    }
  }
};

} // namespace

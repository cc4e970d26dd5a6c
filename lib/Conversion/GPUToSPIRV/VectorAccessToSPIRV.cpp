//===- VectorAccessToSPIRV.cpp - vector loads/stores of global buffers -----===//
//
// vectorize-contiguous-runs emits vector.load/vector.store on kernel-argument
// buffers at indices it proved aligned to the whole vector. On a
// PhysicalStorageBuffer memref the element pointer is bitcast to a pointer
// to the vector type and accessed with `Aligned` = the vector's size, which
// drivers turn into one wide memory instruction.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace {
/// The vector-typed PhysicalStorageBuffer pointer for an access, or null.
Value vectorPointer(const SPIRVTypeConverter &converter, OpBuilder &b,
                    Location loc, MemRefType memrefType, Value base,
                    ValueRange indices, VectorType vectorType) {
  auto storage = dyn_cast_or_null<spirv::StorageClassAttr>(memrefType.getMemorySpace());
  if (!storage || storage.getValue() != spirv::StorageClass::PhysicalStorageBuffer ||
      vectorType.getRank() != 1)
    return nullptr;
  Type converted = converter.convertType(vectorType);
  if (!converted)
    return nullptr;
  Value element = spirv::getElementPtr(converter, memrefType, base, indices, loc, b);
  if (!element)
    return nullptr;
  return spirv::BitcastOp::create(
      b, loc,
      spirv::PointerType::get(converted, spirv::StorageClass::PhysicalStorageBuffer),
      element);
}

int64_t vectorBytes(VectorType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

struct GlobalVectorLoad : public OpConversionPattern<vector::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(vector::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter = getTypeConverter<SPIRVTypeConverter>();
    Value pointer = vectorPointer(*converter, rewriter, op.getLoc(),
                                  op.getMemRefType(), adaptor.getBase(),
                                  adaptor.getIndices(), op.getVectorType());
    if (!pointer)
      return rewriter.notifyMatchFailure(op, "not a PhysicalStorageBuffer vector");
    rewriter.replaceOpWithNewOp<spirv::LoadOp>(
        op, converter->convertType(op.getVectorType()), pointer, triton_spirv::alignedAccess(getContext()),
        rewriter.getI32IntegerAttr(vectorBytes(op.getVectorType())));
    return success();
  }
};

struct GlobalVectorStore : public OpConversionPattern<vector::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(vector::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter = getTypeConverter<SPIRVTypeConverter>();
    Value pointer = vectorPointer(*converter, rewriter, op.getLoc(),
                                  op.getMemRefType(), adaptor.getBase(),
                                  adaptor.getIndices(), op.getVectorType());
    if (!pointer)
      return rewriter.notifyMatchFailure(op, "not a PhysicalStorageBuffer vector");
    rewriter.replaceOpWithNewOp<spirv::StoreOp>(
        op, pointer, adaptor.getValueToStore(), triton_spirv::alignedAccess(getContext()),
        rewriter.getI32IntegerAttr(vectorBytes(op.getVectorType())));
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateVectorAccessToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  // Upstream: broadcast, extract, insert, from_elements, ... Ours win for
  // global loads/stores.
  populateVectorToSPIRVPatterns(converter, patterns);
  patterns.add<GlobalVectorLoad, GlobalVectorStore>(converter, patterns.getContext(),
                                                    /*benefit=*/10);
}

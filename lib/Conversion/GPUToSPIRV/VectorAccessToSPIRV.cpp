//===- VectorAccessToSPIRV.cpp - vector loads/stores of global buffers -----===//
//
// vectorize-contiguous-runs emits vector.load/vector.store on kernel-argument
// buffers at indices it proved aligned to the whole vector. On a
// PhysicalStorageBuffer memref the element pointer is bitcast to a pointer
// to the vector type and accessed with `Aligned` = the vector's size, which
// drivers turn into one wide memory instruction. With `asInt64`, an 8-byte
// vector is accessed as one i64 and bitcast: llvmpipe makes one scalar
// access per lane and per vector component, so that halves (f32) or
// quarters (f16) its accesses. Workgroup arrays of 8-byte vectors become
// arrays of i64, and of 16-byte vectors arrays of vector<2xi64>, for the
// same reason (packWorkgroupVectorsAsInt64): llvmpipe branches per lane and
// component on each workgroup access, and its compile time grows with the
// square of those branches.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// `pointer` (to an 8-byte vector) as a pointer to i64.
Value asInt64Pointer(OpBuilder &b, Location loc, Value pointer) {
  return spirv::BitcastOp::create(
      b, loc,
      spirv::PointerType::get(b.getI64Type(),
                              spirv::StorageClass::PhysicalStorageBuffer),
      pointer);
}

struct GlobalVectorLoad : public OpConversionPattern<vector::LoadOp> {
  GlobalVectorLoad(const TypeConverter &converter, MLIRContext *context,
                   bool asInt64, PatternBenefit benefit)
      : OpConversionPattern(converter, context, benefit), asInt64(asInt64) {}
  LogicalResult
  matchAndRewrite(vector::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter = getTypeConverter<SPIRVTypeConverter>();
    Value pointer = vectorPointer(*converter, rewriter, op.getLoc(),
                                  op.getMemRefType(), adaptor.getBase(),
                                  adaptor.getIndices(), op.getVectorType());
    if (!pointer)
      return rewriter.notifyMatchFailure(op, "not a PhysicalStorageBuffer vector");
    Type vectorType = converter->convertType(op.getVectorType());
    int64_t bytes = vectorBytes(op.getVectorType());
    auto aligned = rewriter.getI32IntegerAttr(bytes);
    if (asInt64 && bytes == 8) {
      Value word = spirv::LoadOp::create(
          rewriter, op.getLoc(), rewriter.getI64Type(),
          asInt64Pointer(rewriter, op.getLoc(), pointer),
          triton_spirv::alignedAccess(getContext()), aligned);
      rewriter.replaceOpWithNewOp<spirv::BitcastOp>(op, vectorType, word);
      return success();
    }
    rewriter.replaceOpWithNewOp<spirv::LoadOp>(
        op, vectorType, pointer, triton_spirv::alignedAccess(getContext()),
        aligned);
    return success();
  }

private:
  bool asInt64;
};

struct GlobalVectorStore : public OpConversionPattern<vector::StoreOp> {
  GlobalVectorStore(const TypeConverter &converter, MLIRContext *context,
                    bool asInt64, PatternBenefit benefit)
      : OpConversionPattern(converter, context, benefit), asInt64(asInt64) {}
  LogicalResult
  matchAndRewrite(vector::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter = getTypeConverter<SPIRVTypeConverter>();
    Value pointer = vectorPointer(*converter, rewriter, op.getLoc(),
                                  op.getMemRefType(), adaptor.getBase(),
                                  adaptor.getIndices(), op.getVectorType());
    if (!pointer)
      return rewriter.notifyMatchFailure(op, "not a PhysicalStorageBuffer vector");
    Value value = adaptor.getValueToStore();
    int64_t bytes = vectorBytes(op.getVectorType());
    if (asInt64 && bytes == 8) {
      pointer = asInt64Pointer(rewriter, op.getLoc(), pointer);
      value = spirv::BitcastOp::create(rewriter, op.getLoc(),
                                       rewriter.getI64Type(), value);
    }
    rewriter.replaceOpWithNewOp<spirv::StoreOp>(
        op, pointer, value, triton_spirv::alignedAccess(getContext()),
        rewriter.getI32IntegerAttr(bytes));
    return success();
  }

private:
  bool asInt64;
};
} // namespace

void mlir::triton_spirv::populateVectorAccessToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns,
    bool vectorsAsInt64) {
  // Upstream: broadcast, extract, insert, from_elements, ... Ours win for
  // global loads/stores.
  populateVectorToSPIRVPatterns(converter, patterns);
  patterns.add<GlobalVectorLoad, GlobalVectorStore>(
      converter, patterns.getContext(), vectorsAsInt64, /*benefit=*/10);
}

void mlir::triton_spirv::packWorkgroupVectorsAsInt64(gpu::GPUModuleOp module) {
  module.walk([](memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    auto vector = dyn_cast<VectorType>(type.getElementType());
    auto storage =
        dyn_cast_or_null<spirv::StorageClassAttr>(type.getMemorySpace());
    if (!vector || vector.getRank() != 1 || !storage ||
        storage.getValue() != spirv::StorageClass::Workgroup)
      return;
    int64_t bits = vector.getNumElements() * vector.getElementTypeBitWidth();
    if (vector.getElementTypeBitWidth() >= 64 || (bits != 64 && bits != 128))
      return;
    // Only element loads and stores (a cooperative-matrix access or a view
    // would need the vector type).
    Value tile = alloc.getResult();
    if (!llvm::all_of(tile.getUses(), [](OpOperand &use) {
          if (auto store = dyn_cast<memref::StoreOp>(use.getOwner()))
            return use.get() == store.getMemRef();
          return isa<memref::LoadOp>(use.getOwner());
        }))
      return;
    OpBuilder b(alloc);
    Type i64 = b.getI64Type();
    int64_t words = bits / 64;
    auto packedType = VectorType::get({words}, i64);
    // One word is a scalar i64 (SPIR-V has no one-element vectors).
    Type elementType = words == 1 ? i64 : Type(packedType);
    tile.setType(MemRefType::get(type.getShape(), elementType, type.getLayout(),
                                 type.getMemorySpace()));
    for (Operation *user : llvm::to_vector(tile.getUsers())) {
      b.setInsertionPoint(user);
      Location loc = user->getLoc();
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        Value packed = memref::LoadOp::create(b, loc, tile, load.getIndices());
        if (words == 1)
          packed = vector::BroadcastOp::create(b, loc, packedType, packed);
        load.replaceAllUsesWith(
            vector::BitCastOp::create(b, loc, vector, packed).getResult());
        load.erase();
        continue;
      }
      auto store = cast<memref::StoreOp>(user);
      Value packed =
          vector::BitCastOp::create(b, loc, packedType, store.getValueToStore());
      if (words == 1)
        packed = vector::ExtractOp::create(b, loc, packed, 0);
      memref::StoreOp::create(b, loc, packed, tile, store.getIndices());
      store.erase();
    }
  });
}

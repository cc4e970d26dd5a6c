//===- RawAddressToSPIRV.cpp - loads/stores at raw 64-bit addresses --------===//
//
// Kernels whose pointers do not trace to one argument access memory through
// `llvm.inttoptr` + `llvm.load`/`llvm.store` at byte addresses (see
// lower-raw-pointers). An address is an i64 until it is used; each access
// converts it with OpConvertUToPtr to a PhysicalStorageBuffer pointer to the
// accessed type, with the natural alignment.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

using namespace mlir;

namespace {
struct IntToPtrAsAddress : public OpConversionPattern<LLVM::IntToPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LLVM::IntToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!adaptor.getArg().getType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "expected an i64 address");
    rewriter.replaceOp(op, adaptor.getArg());
    return success();
  }
};

Value physicalPointer(OpBuilder &b, Location loc, Value address, Type type) {
  return spirv::ConvertUToPtrOp::create(
      b, loc,
      spirv::PointerType::get(type, spirv::StorageClass::PhysicalStorageBuffer),
      address);
}

struct LoadAtAddress : public OpConversionPattern<LLVM::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LLVM::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !type.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "scalar loads only");
    Value pointer = physicalPointer(rewriter, op.getLoc(), adaptor.getAddr(), type);
    auto access = triton_spirv::alignedAccess(getContext());
    if (op.getVolatile_()) // Triton's volatile load (a poll)
      access = spirv::MemoryAccessAttr::get(
          getContext(), access.getValue() | spirv::MemoryAccess::Volatile);
    rewriter.replaceOpWithNewOp<spirv::LoadOp>(
        op, type, pointer, access,
        rewriter.getI32IntegerAttr(std::max<uint64_t>(1, op.getAlignment().value_or(1))));
    return success();
  }
};

/// A memref view of a raw address (what an atomic through a raw address
/// updates, TritonToLinalg) is the pointer at that address.
struct MemrefViewOfAddress : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!triton_spirv::isMemrefViewOfAddress(op))
      return failure();
    Type type = getTypeConverter()->convertType(op.getResult(0).getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible memref view");
    rewriter.replaceOpWithNewOp<spirv::ConvertUToPtrOp>(op, type,
                                                        adaptor.getOperands()[0]);
    return success();
  }
};

struct StoreAtAddress : public OpConversionPattern<LLVM::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LLVM::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getValue().getType();
    if (!type.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "scalar stores only");
    Value pointer = physicalPointer(rewriter, op.getLoc(), adaptor.getAddr(), type);
    rewriter.replaceOpWithNewOp<spirv::StoreOp>(
        op, pointer, adaptor.getValue(), triton_spirv::alignedAccess(getContext()),
        rewriter.getI32IntegerAttr(std::max<uint64_t>(1, op.getAlignment().value_or(1))));
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateRawAddressToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  // An LLVM pointer is its address until an access converts it.
  converter.addConversion([](LLVM::LLVMPointerType type) -> Type {
    return IntegerType::get(type.getContext(), 64);
  });
  patterns.add<IntToPtrAsAddress, LoadAtAddress, StoreAtAddress,
               MemrefViewOfAddress>(converter, patterns.getContext());
}

//===- GenericAtomicToSPIRV.cpp - memref.generic_atomic_rmw -> SPIR-V -----===//
//
// Triton's atomics arrive as memref.generic_atomic_rmw (any update of the
// current value). SPIR-V gets a compare-exchange loop: read, compute the
// update, OpAtomicCompareExchange, retry with the value seen until it
// matches. Floats are exchanged as same-width integers.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace {
struct GenericAtomicToCompareExchangeLoop
    : public OpConversionPattern<memref::GenericAtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(memref::GenericAtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto *converter = getTypeConverter<SPIRVTypeConverter>();
    auto memrefType = cast<MemRefType>(op.getMemref().getType());
    Type elementType = memrefType.getElementType();
    unsigned width = elementType.getIntOrFloatBitWidth();
    if (width != 32 && width != 64)
      return rewriter.notifyMatchFailure(op, "only 32/64-bit atomics");
    Location loc = op.getLoc();
    Value pointer = spirv::getElementPtr(*converter, memrefType,
                                         adaptor.getMemref(),
                                         adaptor.getIndices(), loc, rewriter);
    if (!pointer)
      return failure();
    auto storage = cast<spirv::PointerType>(pointer.getType()).getStorageClass();
    auto scope = storage == spirv::StorageClass::Workgroup ? spirv::Scope::Workgroup
                                                           : spirv::Scope::Device;
    Type intType = rewriter.getIntegerType(width);
    bool isFloat = isa<FloatType>(elementType);

    // Plain read of the starting value (PhysicalStorageBuffer needs an
    // alignment).
    Value initial;
    if (storage == spirv::StorageClass::PhysicalStorageBuffer)
      initial = spirv::LoadOp::create(
          rewriter, loc, elementType, pointer,
          spirv::MemoryAccessAttr::get(getContext(), spirv::MemoryAccess::Aligned),
          rewriter.getI32IntegerAttr(width / 8));
    else
      initial = spirv::LoadOp::create(rewriter, loc, pointer);
    auto toInt = [&](OpBuilder &b, Value v) -> Value {
      return isFloat ? Value(spirv::BitcastOp::create(b, loc, intType, v)) : v;
    };
    auto fromInt = [&](OpBuilder &b, Value v) -> Value {
      return isFloat ? Value(spirv::BitcastOp::create(b, loc, elementType, v)) : v;
    };
    // An integer view of the pointer for the exchange.
    Value exchangePointer = pointer;
    if (isFloat)
      exchangePointer = spirv::BitcastOp::create(
          rewriter, loc, spirv::PointerType::get(intType, storage), pointer);

    // The serializer does not support loop results: the old value leaves the
    // loop through a function variable (which must sit in the entry block).
    auto function = op->getParentOfType<FunctionOpInterface>();
    if (!function)
      return rewriter.notifyMatchFailure(op, "atomic outside a function");
    Value oldValue;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&function.getFunctionBody().front());
      oldValue = spirv::VariableOp::create(
          rewriter, loc,
          spirv::PointerType::get(elementType, spirv::StorageClass::Function),
          spirv::StorageClass::Function, Value());
    }
    Value initialInt = toInt(rewriter, initial);
    auto loop = spirv::LoopOp::create(rewriter, loc, spirv::LoopControl::None);
    Region &body = loop.getBody();
    Block *entry = rewriter.createBlock(&body);
    Block *header = rewriter.createBlock(&body, body.end(), {intType}, {loc});
    Block *continueBlock = rewriter.createBlock(&body, body.end(), {intType}, {loc});
    Block *merge = rewriter.createBlock(&body, body.end());

    rewriter.setInsertionPointToEnd(entry);
    spirv::BranchOp::create(rewriter, loc, header, ValueRange{initialInt});

    rewriter.setInsertionPointToEnd(header);
    Value current = header->getArgument(0);
    Value currentValue = fromInt(rewriter, current);
    IRMapping mapping;
    mapping.map(op.getCurrentValue(), currentValue);
    Block &update = op.getAtomicBody().front();
    for (Operation &inner : update.without_terminator())
      rewriter.clone(inner, mapping);
    Value next = mapping.lookupOrDefault(
        cast<memref::AtomicYieldOp>(update.getTerminator()).getResult());
    Value seen = spirv::AtomicCompareExchangeOp::create(
        rewriter, loc, exchangePointer, scope, spirv::MemorySemantics::None,
        spirv::MemorySemantics::None, toInt(rewriter, next), current);
    spirv::StoreOp::create(rewriter, loc, oldValue, currentValue);
    Value done = spirv::IEqualOp::create(rewriter, loc, seen, current);
    spirv::BranchConditionalOp::create(rewriter, loc, done, merge, ValueRange{},
                                       continueBlock, ValueRange{seen});

    rewriter.setInsertionPointToEnd(continueBlock);
    spirv::BranchOp::create(rewriter, loc, header,
                            ValueRange{continueBlock->getArgument(0)});

    rewriter.setInsertionPointToEnd(merge);
    spirv::MergeOp::create(rewriter, loc, ValueRange{});

    rewriter.setInsertionPointAfter(loop);
    rewriter.replaceOp(op, spirv::LoadOp::create(rewriter, loc, oldValue));
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateGenericAtomicToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GenericAtomicToCompareExchangeLoop>(converter,
                                                   patterns.getContext());
}

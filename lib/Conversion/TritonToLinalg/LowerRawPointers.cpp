//===- LowerRawPointers.cpp - pointers as 64-bit byte addresses -----------===//
//
// The pointer model traces every pointer to one kernel argument. A kernel
// where that fails somewhere (tt.int_to_ptr, pointers loaded from memory, a
// select between arguments) is rewritten here, as a whole, to the general
// model: every pointer value becomes its i64 byte address (addptr scales the
// offset by the element size; splat/broadcast/select/... move addresses;
// loop-carried pointers are carried as addresses), and each memory op
// accesses `tt.int_to_ptr` of its address, marked for triton-to-linalg.
// Pointer kernel arguments enter as `tt.ptr_to_int` of themselves.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_LOWERRAWPOINTERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;
using triton_spirv::kRawAddressAttr;

namespace {
/// Bytes per element of what `pointerLike` points to (pointers: 8).
int64_t pointeeBytes(Type pointerLike) {
  Type pointee = cast<PointerType>(getElementTypeOrSelf(pointerLike)).getPointeeType();
  if (isa<PointerType>(pointee))
    return 8;
  return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
}

/// The pointer type a raw access uses: pointers stored in memory are i64.
Type accessPointerType(Type pointerLike) {
  auto pointer = cast<PointerType>(getElementTypeOrSelf(pointerLike));
  Type pointee = pointer.getPointeeType();
  if (isa<PointerType>(pointee))
    pointee = IntegerType::get(pointer.getContext(), 64);
  Type type = PointerType::get(pointee, pointer.getAddressSpace());
  if (auto tensor = dyn_cast<RankedTensorType>(pointerLike))
    return RankedTensorType::get(tensor.getShape(), type);
  return type;
}

Value rawPointer(OpBuilder &b, Location loc, Value address, Type originalPointer) {
  auto cast = IntToPtrOp::create(b, loc, accessPointerType(originalPointer), address);
  cast->setAttr(kRawAddressAttr, b.getUnitAttr());
  return cast;
}

Value splatLike(OpBuilder &b, Location loc, Value scalar, Type like) {
  if (auto tensor = dyn_cast<RankedTensorType>(like))
    return SplatOp::create(b, loc, RankedTensorType::get(tensor.getShape(), scalar.getType()),
                           scalar);
  return scalar;
}

struct RawAddPtr : public OpConversionPattern<AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value offset = adaptor.getOffset();
    Type wideType = getTypeConverter()->convertType(op.getType());
    if (!getElementTypeOrSelf(offset.getType()).isInteger(64))
      offset = arith::ExtSIOp::create(rewriter, loc, wideType, offset);
    Value size = splatLike(rewriter, loc,
                           arith::ConstantIntOp::create(rewriter, loc, pointeeBytes(op.getType()), 64),
                           wideType);
    Value bytes = arith::MulIOp::create(rewriter, loc, offset, size);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, adaptor.getPtr(), bytes);
    return success();
  }
};

/// Casts between pointers and integers, and pointer bitcasts: the address.
template <typename OpTy>
struct RawIdentity : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->hasAttr(kRawAddressAttr))
      return failure();
    Value source = adaptor.getOperands()[0];
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (source.getType() != type)
      return failure();
    rewriter.replaceOp(op, source);
    return success();
  }
};

/// Ops that only move values (splat, broadcast, select, ...) on addresses.
struct RawRetype : public ConversionPattern {
  RawRetype(TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp, CatOp,
             JoinOp, SplitOp, arith::SelectOp, GatherOp>(op))
      return failure();
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct RawLoad : public OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value pointer = rawPointer(rewriter, op.getLoc(), adaptor.getPtr(),
                               op.getPtr().getType());
    auto load = LoadOp::create(rewriter, op.getLoc(), pointer, adaptor.getMask(),
                               adaptor.getOther(), ArrayRef<int32_t>{}, nullptr,
                               op.getCache(), op.getEvict(), op.getIsVolatile());
    rewriter.replaceOp(op, load.getResult());
    return success();
  }
};

struct RawStore : public OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value pointer = rawPointer(rewriter, op.getLoc(), adaptor.getPtr(),
                               op.getPtr().getType());
    rewriter.replaceOpWithNewOp<StoreOp>(op, pointer, adaptor.getValue(),
                                         adaptor.getMask(), ArrayRef<int32_t>{},
                                         op.getCache(), op.getEvict());
    return success();
  }
};

/// Atomics keep their operands; the pointer becomes the raw address's.
template <typename OpTy>
struct RawAtomic : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value pointer = rawPointer(rewriter, op.getLoc(), adaptor.getPtr(),
                               op.getPtr().getType());
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperands(adaptor.getOperands());
      op.getPtrMutable().assign(pointer);
    });
    return success();
  }
};

/// Whether an integer made into a pointer was computed from a pointer of the
/// kernel (tt.ptr_to_int, then integer arithmetic). Other integers (read from
/// memory, scalar arguments) may be addresses of the caller's address space.
bool derivesFromPointer(Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def)
    // Loop-carried values start from one of the others; scalar arguments
    // are the caller's.
    return !isa<FuncOp>(value.getParentBlock()->getParentOp());
  if (isa<PtrToIntOp>(def))
    return true;
  if (depth > 16 || def->getNumRegions() != 0 || isa<LoadOp>(def))
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return derivesFromPointer(operand, depth + 1);
  });
}

/// The address in Vulkan's address space of `address`: the row of the
/// address map whose [base, base + bytes) holds it adds its delta; an
/// address no row holds stays as it is.
Value translateAddress(OpBuilder &b, Location loc, Value address, Value map,
                       Value rows) {
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  auto loop = scf::ForOp::create(b, loc, zero, rows, one, ValueRange{address});
  OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
  Value row = arith::MulIOp::create(body, loc, loop.getInductionVar(),
                                    arith::ConstantIntOp::create(body, loc, 3, 32));
  auto field = [&](int64_t column) -> Value {
    Value at = arith::AddIOp::create(body, loc, row,
                                     arith::ConstantIntOp::create(body, loc, column, 32));
    Value pointer = AddPtrOp::create(body, loc, map.getType(), map, at);
    return LoadOp::create(body, loc, pointer, Value(), Value(), ArrayRef<int32_t>{},
                          nullptr, CacheModifier::NONE, EvictionPolicy::NORMAL,
                          /*isVolatile=*/false)
        .getResult();
  };
  Value base = field(0), bytes = field(1), delta = field(2);
  auto splatIn = [&](Value scalar) -> Value {
    if (auto tensor = dyn_cast<RankedTensorType>(address.getType()))
      return SplatOp::create(body, loc, tensor, scalar);
    return scalar;
  };
  Value offset = arith::SubIOp::create(body, loc, address, splatIn(base));
  Value inside = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ult,
                                       offset, splatIn(bytes));
  Value moved = arith::AddIOp::create(body, loc, address, splatIn(delta));
  Value next = arith::SelectOp::create(body, loc, inside, moved,
                                       loop.getRegionIterArgs()[0]);
  scf::YieldOp::create(body, loc, ValueRange{next});
  return loop.getResult(0);
}

/// Appends the address map arguments to `func` and translates every integer
/// made into a pointer that does not derive from the kernel's pointers.
LogicalResult translateForeignAddresses(FuncOp func) {
  SmallVector<IntToPtrOp> foreign;
  func.walk([&](IntToPtrOp cast) {
    if (!derivesFromPointer(cast.getSrc()))
      foreign.push_back(cast);
  });
  if (foreign.empty())
    return success();
  MLIRContext *context = func.getContext();
  auto marked = [&](StringRef name) {
    return DictionaryAttr::get(
        context, {NamedAttribute(StringAttr::get(context, name), UnitAttr::get(context))});
  };
  unsigned index = func.getNumArguments();
  if (failed(func.insertArgument(index, PointerType::get(IntegerType::get(context, 64), 1),
                                 marked(triton_spirv::kAddressMapAttr), func.getLoc())) ||
      failed(func.insertArgument(index + 1, IntegerType::get(context, 32),
                                 marked(triton_spirv::kAddressMapRowsAttr), func.getLoc())))
    return failure();
  Value map = func.getArgument(index), rows = func.getArgument(index + 1);
  for (IntToPtrOp cast : foreign) {
    OpBuilder b(cast);
    Value translated = translateAddress(b, cast.getLoc(), cast.getSrc(), map, rows);
    cast.getSrcMutable().assign(translated);
  }
  return success();
}

struct LowerRawPointersPass
    : public triton_spirv::impl::LowerRawPointersBase<LowerRawPointersPass> {
  void runOnOperation() override {
    SmallVector<FuncOp> rawKernels, tracedKernels;
    getOperation().walk([&](FuncOp func) {
      if (func.isExternal())
        return;
      if (triton_spirv::hasUntraceablePointers(func))
        rawKernels.push_back(func);
      else
        tracedKernels.push_back(func);
    });
    for (FuncOp func : rawKernels)
      if (failed(lowerFunction(func)))
        return signalPassFailure();
    // Addresses read from memory are bases of their own (scalar
    // tt.int_to_ptr) there, translated all the same.
    for (FuncOp func : tracedKernels)
      if (failed(translateForeignAddresses(func)))
        return signalPassFailure();
  }

  LogicalResult lowerFunction(FuncOp func) {
    MLIRContext *context = &getContext();
    if (failed(translateForeignAddresses(func)))
      return failure();
    Type i64 = IntegerType::get(context, 64);
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([&](PointerType type) -> Type {
      if (isa<RankedTensorType>(type.getPointeeType()))
        return type; // block pointers are lowered before
      return i64;
    });
    converter.addConversion([&](RankedTensorType type) -> Type {
      if (isa<PointerType>(type.getElementType()))
        return RankedTensorType::get(type.getShape(), i64);
      return type;
    });
    // Pointer kernel arguments enter as their address.
    converter.addTargetMaterialization(
        [](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
          if (inputs.size() != 1 || !isa<PointerType>(inputs[0].getType()))
            return Value();
          auto cast = PtrToIntOp::create(b, loc, type, inputs[0]);
          cast->setAttr(kRawAddressAttr, b.getUnitAttr());
          return cast;
        });

    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (isa<FuncOp>(op))
        return true;
      if (op->hasAttr(kRawAddressAttr))
        return true;
      if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, AtomicLoadOp,
              AtomicStoreOp, AtomicPollOp>(op))
        return triton_spirv::isRawAddressAccess(op);
      return converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    });
    RewritePatternSet patterns(context);
    patterns.add<RawAddPtr, RawIdentity<IntToPtrOp>, RawIdentity<PtrToIntOp>,
                 RawIdentity<BitcastOp>, RawRetype, RawLoad, RawStore,
                 RawAtomic<AtomicRMWOp>, RawAtomic<AtomicCASOp>,
                 RawAtomic<AtomicLoadOp>, RawAtomic<AtomicStoreOp>,
                 RawAtomic<AtomicPollOp>>(converter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    // Everything is rewritten, the function's own ops included; then the
    // pointer arguments are only used by their tt.ptr_to_int.
    if (failed(applyPartialConversion(func, target, std::move(patterns))))
      return failure();
    func->setAttr(kRawAddressAttr, UnitAttr::get(context));
    return success();
  }
};
} // namespace

//===- DebugOpsToLinalg.cpp - tt.print / tt.assert as debug records -------===//
//
// Kernels that print or assert get one more argument: a debug buffer of i32
// words the launcher allocates and reads back. Word 0 counts the words used
// by records (reserved atomically), word 1 holds the capacity, records
// follow from word 2. A record is 8 words:
//   message id, pid x, pid y, pid z, element index, operand index, value lo, hi
// Message ids number the module's tt.print/tt.assert ops in order; the host
// knows their prefixes and messages from the TTIR. tt.print writes one record
// per element and operand (values widened to 64 bits: integers by their
// signedness, floats to f64); tt.assert writes one (operand index -1) per
// element whose condition is false. Records past the capacity are dropped
// (the count still says how many there were).
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"
#include "triton-spirv/Dialect/TritonGPU/IR/Dialect.h"

#include "triton-spirv/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
constexpr llvm::StringLiteral kDebugIdAttr = "triton_spirv.debug_id";
constexpr int64_t kRecordWords = 8;
constexpr int64_t kHeaderWords = 2;

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

/// The debug buffer argument of the function around `op`.
Value debugBufferOf(Operation *op) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func || func.getNumArguments() == 0)
    return Value();
  unsigned last = func.getNumArguments() - 1;
  if (!func.getArgAttr(last, kDebugBufferAttr))
    return Value();
  return func.getArgument(last);
}

/// `value` as (low, high) i32 words of its 64-bit widening.
std::pair<Value, Value> widen(OpBuilder &b, Location loc, Value value,
                              bool isSigned) {
  Type i64 = b.getI64Type();
  Type type = value.getType();
  Value wide;
  if (auto floatType = dyn_cast<FloatType>(type)) {
    Value f64 = floatType.isF64()
                    ? value
                    : Value(arith::ExtFOp::create(b, loc, b.getF64Type(), value));
    wide = arith::BitcastOp::create(b, loc, i64, f64);
  } else if (type.isInteger(64)) {
    wide = value;
  } else if (isSigned && !type.isInteger(1)) {
    wide = arith::ExtSIOp::create(b, loc, i64, value);
  } else {
    wide = arith::ExtUIOp::create(b, loc, i64, value);
  }
  Value low = arith::TruncIOp::create(b, loc, b.getI32Type(), wide);
  Value high = arith::TruncIOp::create(
      b, loc, b.getI32Type(),
      arith::ShRUIOp::create(b, loc, wide, arith::ConstantIntOp::create(b, loc, 32, 64)));
  return {low, high};
}

/// Reserves a record and writes it (if it fits).
void writeRecord(OpBuilder &b, Location loc, Value buffer, int64_t id,
                 Value elementIndex, int64_t operandIndex, Value low, Value high) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto reserve = memref::GenericAtomicRMWOp::create(b, loc, buffer, ValueRange{zero});
  reserve->setAttr(kRelaxedAtomicAttr, b.getUnitAttr()); // a counter only
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(reserve.getBody());
    memref::AtomicYieldOp::create(
        b, loc,
        arith::AddIOp::create(b, loc, reserve.getCurrentValue(),
                              i32Constant(b, loc, kRecordWords)));
  }
  Value used = reserve.getResult();
  Value capacity = memref::LoadOp::create(
      b, loc, buffer, ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
  Value fits = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::sle,
      arith::AddIOp::create(b, loc, used, i32Constant(b, loc, kRecordWords)),
      capacity);
  scf::IfOp::create(b, loc, fits, [&](OpBuilder &tb, Location l) {
    auto pid = [&](gpu::Dimension dim) -> Value {
      return arith::IndexCastOp::create(tb, l, tb.getI32Type(),
                                        gpu::BlockIdOp::create(tb, l, dim));
    };
    SmallVector<Value> words{i32Constant(tb, l, id), pid(gpu::Dimension::x),
                             pid(gpu::Dimension::y), pid(gpu::Dimension::z),
                             elementIndex, i32Constant(tb, l, operandIndex),
                             low, high};
    Value start = arith::AddIOp::create(tb, l, used, i32Constant(tb, l, kHeaderWords));
    for (auto [k, word] : llvm::enumerate(words)) {
      Value index = arith::IndexCastOp::create(
          tb, l, tb.getIndexType(),
          arith::AddIOp::create(tb, l, start, i32Constant(tb, l, k)));
      memref::StoreOp::create(tb, l, word, buffer, index);
    }
    scf::YieldOp::create(tb, l);
  });
}

/// Row-major linear index of the current element of a linalg body.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  Value index = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [dim, size] : llvm::enumerate(shape)) {
    index = arith::MulIOp::create(b, loc, index,
                                  arith::ConstantIndexOp::create(b, loc, size));
    index = arith::AddIOp::create(b, loc, index, linalg::IndexOp::create(b, loc, dim));
  }
  return arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
}

/// Runs `body(builder, elementIndex, scalarOperands)` once per element of
/// the tensor operands (once if all are scalars).
void forEachElement(
    ConversionPatternRewriter &rewriter, Location loc, ValueRange operands,
    function_ref<void(OpBuilder &, Location, Value, ValueRange)> body) {
  RankedTensorType shapeType;
  for (Value operand : operands)
    if (auto tensor = dyn_cast<RankedTensorType>(operand.getType()))
      shapeType = tensor;
  if (!shapeType) {
    body(rewriter, loc, i32Constant(rewriter, loc, 0), operands);
    return;
  }
  buildElementwiseGeneric(rewriter, loc, shapeType.getShape(), operands, {},
                          [&](OpBuilder &b, Location l, ValueRange args) {
                            body(b, l, linearIndex(b, l, shapeType.getShape()), args);
                            return SmallVector<Value>{};
                          });
}

struct ConvertPrint : public OpConversionPattern<PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value buffer = debugBufferOf(op);
    auto id = op->getAttrOfType<IntegerAttr>(kDebugIdAttr);
    if (!buffer || !id)
      return rewriter.notifyMatchFailure(op, "no debug buffer");
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    forEachElement(rewriter, op.getLoc(), adaptor.getArgs(),
                   [&](OpBuilder &b, Location l, Value element, ValueRange values) {
                     for (auto [k, value] : llvm::enumerate(values)) {
                       bool sign = k < isSigned.size() && isSigned[k];
                       auto [low, high] = widen(b, l, value, sign);
                       writeRecord(b, l, buffer, id.getInt(), element, k, low, high);
                     }
                   });
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertAssert : public OpConversionPattern<AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value buffer = debugBufferOf(op);
    auto id = op->getAttrOfType<IntegerAttr>(kDebugIdAttr);
    if (!buffer || !id)
      return rewriter.notifyMatchFailure(op, "no debug buffer");
    forEachElement(rewriter, op.getLoc(), adaptor.getCondition(),
                   [&](OpBuilder &b, Location l, Value element, ValueRange values) {
                     Value failed = arith::XOrIOp::create(
                         b, l, values[0], arith::ConstantIntOp::create(b, l, 1, 1));
                     scf::IfOp::create(b, l, failed, [&](OpBuilder &tb, Location tl) {
                       Value zero = i32Constant(tb, tl, 0);
                       writeRecord(tb, tl, buffer, id.getInt(), element, -1, zero, zero);
                       scf::YieldOp::create(tb, tl);
                     });
                   });
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

LogicalResult mlir::triton_spirv::prepareDebugOps(ModuleOp module) {
  int64_t nextId = 0;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<PrintOp, AssertOp>(op))
      op->setAttr(kDebugIdAttr,
                  IntegerAttr::get(IntegerType::get(op->getContext(), 32), nextId++));
  });
  if (nextId == 0)
    return success();
  for (FuncOp func : module.getOps<FuncOp>()) {
    bool debugs = false;
    func.walk([&](Operation *op) { debugs |= isa<PrintOp, AssertOp>(op); });
    if (!debugs || func.isExternal())
      continue;
    if (!func.isPublic())
      return func.emitError("tt.print/tt.assert in a non-inlined function "
                            "are not supported");
    MLIRContext *context = func.getContext();
    unsigned index = func.getNumArguments();
    if (failed(func.insertArgument(
            index, PointerType::get(IntegerType::get(context, 32), 1),
            DictionaryAttr::get(context, {NamedAttribute(
                                             StringAttr::get(context, kDebugBufferAttr),
                                             UnitAttr::get(context))}),
            func.getLoc())))
      return failure();
  }
  return success();
}

namespace {
/// ttg.barrier (tl.debug_barrier from Triton >= 3.7) -> gpu.barrier, as
/// Triton 3.6 emitted it: a workgroup barrier that also orders memory, which
/// covers any set of address spaces the op names.
struct ConvertTritonGPUBarrier
    : public OpConversionPattern<ttg::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ttg::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

/// tl.extra.cuda.gdc_wait / gdc_launch_dependents (Triton >= 3.9): a Vulkan
/// dispatch starts after the previous one ended and its writes are visible,
/// as with programmatic dependent launch disabled, where both do nothing.
template <typename OpTy>
struct EraseGridDependency : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateDebugOpConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertPrint, ConvertAssert, ConvertTritonGPUBarrier,
               EraseGridDependency<GridDependencyWaitOp>,
               EraseGridDependency<GridDependencyLaunchDependentsOp>>(
      converter, patterns.getContext());
}

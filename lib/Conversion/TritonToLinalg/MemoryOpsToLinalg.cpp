//===- MemoryOpsToLinalg.cpp - tt.addptr/load/store to memref accesses ----===//
//
// A pointer value is an i64 element offset from its base: a kernel argument
// (converted to memref<?xT>, i.e. offset 0) or a scalar tt.int_to_ptr (a
// memref view of its address, also offset 0). Loads and stores
// become linalg.generic ops over the offsets that read/write that memref;
// masked-off lanes never touch memory.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "triton-spirv/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <memory>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
/// The memref views of the scalar bases (kScalarBaseAttr) converted so far,
/// by number. A base is converted before the accesses it dominates.
struct ScalarBaseViews {
  DenseMap<int64_t, Value> views;
};

/// The memref a memory op accesses: its kernel argument or the view of its
/// scalar base; null for raw-address accesses.
FailureOr<Value> baseMemrefOf(Operation *op, ConversionPatternRewriter &rewriter,
                              const ScalarBaseViews &scalarBases) {
  if (isRawAddressAccess(op))
    return Value();
  if (auto number = op->getAttrOfType<IntegerAttr>(kScalarBaseAttr)) {
    auto it = scalarBases.views.find(number.getInt());
    if (it == scalarBases.views.end())
      return rewriter.notifyMatchFailure(op, "scalar pointer base not converted yet");
    return it->second;
  }
  auto index = op->getAttrOfType<IntegerAttr>(kBaseArgAttr);
  auto func = op->getParentOfType<func::FuncOp>();
  if (!index || !func)
    return rewriter.notifyMatchFailure(op, "pointer base was not resolved");
  return Value(func.getArgument(index.getInt()));
}

/// A memref<?xelement> standing for the memory at an i64 `address` (global
/// memory once convert-func-to-spirv-kernel places it; convert-kernel-to-spirv
/// makes it the pointer).
Value addressView(OpBuilder &b, Location loc, Value address, Type element) {
  auto view = MemRefType::get({ShapedType::kDynamic}, element);
  return UnrealizedConversionCastOp::create(b, loc, TypeRange{view}, ValueRange{address})
      .getResult(0);
}

/// A pattern that reads or fills the scalar bases' views.
template <typename OpTy>
struct ScalarBasePattern : public OpConversionPattern<OpTy> {
  ScalarBasePattern(TypeConverter &converter, MLIRContext *context,
                    std::shared_ptr<ScalarBaseViews> scalarBases)
      : OpConversionPattern<OpTy>(converter, context),
        scalarBases(std::move(scalarBases)) {}
  std::shared_ptr<ScalarBaseViews> scalarBases;
};

/// A scalar base (tt.int_to_ptr of an address read from memory) becomes a
/// memref view of its address, as a kernel argument is a memref; as a
/// pointer value it is offset 0 from that view.
struct ConvertScalarBase : public ScalarBasePattern<IntToPtrOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(IntToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto number = op->getAttrOfType<IntegerAttr>(kScalarBaseAttr);
    if (!number || op->hasAttr(kRawAddressAttr))
      return rewriter.notifyMatchFailure(op, "not a scalar pointer base");
    Type element = cast<PointerType>(op.getType()).getPointeeType();
    if (element.isInteger(1)) // memory holds i1 as bytes
      element = rewriter.getI8Type();
    scalarBases->views[number.getInt()] =
        addressView(rewriter, op.getLoc(), adaptor.getSrc(), element);
    rewriter.replaceOp(op, arith::ConstantIntOp::create(rewriter, op.getLoc(), 0, 64));
    return success();
  }
};

Value zeroOf(OpBuilder &builder, Location loc, Type type) {
  return arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
}

/// A pointer bitcast to another same-size element type reads the base
/// argument's memory as that type.
Value reinterpret(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::BitcastOp::create(builder, loc, type, value);
}

Type baseElementType(Value base) {
  return cast<MemRefType>(base.getType()).getElementType();
}

/// A raw byte address as an LLVM pointer (global memory).
Value addressPointer(OpBuilder &builder, Location loc, Value address) {
  return LLVM::IntToPtrOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext(), 1), address);
}

unsigned naturalAlignment(Type type) {
  return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Memory holds i1 as i8. A null `base` means `offset` is a raw address.
/// `hint`: the access's kHintedAlignmentAttr, kept on the memref.load.
/// A volatile load (one that polls what other programs write) must not be
/// removed or hoisted although its value may look unused or invariant: it
/// becomes an access with effects beyond a read, `llvm.load volatile` at a
/// raw address or a relaxed atomic that writes back what it read.
Value loadScalar(OpBuilder &builder, Location loc, Value base, Value offset,
                 Type elementType, bool isVolatile, Attribute hint) {
  if (!base) {
    Type stored = elementType.isInteger(1) ? builder.getI8Type() : elementType;
    Value value = LLVM::LoadOp::create(builder, loc, stored,
                                       addressPointer(builder, loc, offset),
                                       naturalAlignment(stored), isVolatile);
    if (elementType.isInteger(1))
      return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                   zeroOf(builder, loc, stored));
    return value;
  }
  Value index = arith::IndexCastOp::create(builder, loc,
                                           builder.getIndexType(), offset);
  Value value;
  if (isVolatile) {
    auto reread = memref::GenericAtomicRMWOp::create(builder, loc, base,
                                                     ValueRange{index});
    reread->setAttr(triton_spirv::kRelaxedAtomicAttr, builder.getUnitAttr());
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(reread.getBody());
    memref::AtomicYieldOp::create(builder, loc, reread.getCurrentValue());
    value = reread.getResult();
  } else {
    auto load = memref::LoadOp::create(builder, loc, base, index);
    if (hint)
      load->setAttr(triton_spirv::kHintedAlignmentAttr, hint);
    value = load;
  }
  if (elementType.isInteger(1))
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                 zeroOf(builder, loc, value.getType()));
  return reinterpret(builder, loc, value, elementType);
}

void storeScalar(OpBuilder &builder, Location loc, Value base, Value offset,
                 Value value, Attribute hint) {
  auto asStored = [&](Value v) -> Value {
    if (v.getType().isInteger(1))
      return arith::ExtUIOp::create(builder, loc, builder.getI8Type(), v);
    return v;
  };
  if (!base) {
    value = asStored(value);
    LLVM::StoreOp::create(builder, loc, value, addressPointer(builder, loc, offset),
                          naturalAlignment(value.getType()));
    return;
  }
  Value index = arith::IndexCastOp::create(builder, loc,
                                           builder.getIndexType(), offset);
  value = asStored(value);
  value = reinterpret(builder, loc, value, baseElementType(base));
  auto store = memref::StoreOp::create(builder, loc, value, base, index);
  if (hint)
    store->setAttr(triton_spirv::kHintedAlignmentAttr, hint);
}

/// Runs `body` only where `mask` (if any) is true; yields `otherwise` else.
Value maskedValue(OpBuilder &builder, Location loc, Value mask, Type type,
                  function_ref<Value(OpBuilder &, Location)> body,
                  function_ref<Value(OpBuilder &, Location)> otherwise) {
  if (!mask)
    return body(builder, loc);
  auto ifOp = scf::IfOp::create(
      builder, loc, mask,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, body(b, l));
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, otherwise(b, l));
      });
  (void)type;
  return ifOp.getResult(0);
}

struct ConvertAddPtr : public OpConversionPattern<AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = pointerOffset(rewriter, loc, adaptor.getPtr());
    Value offset = adaptor.getOffset();
    Type i64 = rewriter.getI64Type();
    if (auto tensor = dyn_cast<RankedTensorType>(op.getType())) {
      Value sum = buildElementwiseGeneric(
          rewriter, loc, tensor.getShape(), {base, offset}, {i64},
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value wide = args[1];
            if (!wide.getType().isInteger(64))
              wide = arith::ExtSIOp::create(b, l, i64, wide);
            return SmallVector<Value>{arith::AddIOp::create(b, l, args[0], wide)};
          })[0];
      rewriter.replaceOp(op, sum);
      return success();
    }
    if (!offset.getType().isInteger(64))
      offset = arith::ExtSIOp::create(rewriter, loc, i64, offset);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, base, offset);
    return success();
  }
};

/// Same-size pointer bitcasts keep their element offsets (the analysis
/// rejects others); accesses reinterpret the base argument's elements.
struct ConvertPointerBitcast : public OpConversionPattern<BitcastOp> {
  ConvertPointerBitcast(TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<PointerType>(getElementTypeOrSelf(op.getType())))
      return failure();
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// lower-raw-pointers' casts around raw addresses: the address itself (a
/// pointer argument of a raw-address kernel is already its i64 address).
template <typename OpTy>
struct ConvertRawAddressCast : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kRawAddressAttr))
      return rewriter.notifyMatchFailure(op, "not a raw-address cast");
    Value address = adaptor.getOperands()[0];
    if (!getElementTypeOrSelf(address.getType()).isInteger(64))
      return rewriter.notifyMatchFailure(op, "expected an i64 address");
    rewriter.replaceOp(op, address);
    return success();
  }
};

struct ConvertLoad : public ScalarBasePattern<LoadOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isTensorPointerType(op.getPtr().getType()))
      return rewriter.notifyMatchFailure(op, "block pointers: not yet");
    FailureOr<Value> base = baseMemrefOf(op, rewriter, *scalarBases);
    if (failed(base))
      return failure();
    Location loc = op.getLoc();
    Type elementType = getElementTypeOrSelf(op.getType());
    Value offsets = pointerOffset(rewriter, loc, adaptor.getPtr());
    Value mask = adaptor.getMask(), other = adaptor.getOther();

    auto loadOne = [&](OpBuilder &b, Location l, Value offset, Value laneMask,
                       Value laneOther) {
      return maskedValue(
          b, l, laneMask, elementType,
          [&](OpBuilder &bb, Location ll) {
            return loadScalar(bb, ll, *base, offset, elementType,
                              op.getIsVolatile(),
                              op->getAttr(triton_spirv::kHintedAlignmentAttr));
          },
          [&](OpBuilder &bb, Location ll) {
            return laneOther ? laneOther : zeroOf(bb, ll, elementType);
          });
    };

    auto tensor = dyn_cast<RankedTensorType>(op.getType());
    if (!tensor) {
      rewriter.replaceOp(op, loadOne(rewriter, loc, offsets, mask, other));
      return success();
    }
    SmallVector<Value> inputs{offsets};
    if (mask)
      inputs.push_back(mask);
    if (other)
      inputs.push_back(other);
    Value result = buildElementwiseGeneric(
        rewriter, loc, tensor.getShape(), inputs, {elementType},
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value laneMask = mask ? args[1] : Value();
          Value laneOther = other ? args[mask ? 2 : 1] : Value();
          return SmallVector<Value>{loadOne(b, l, args[0], laneMask, laneOther)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertStore : public ScalarBasePattern<StoreOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isTensorPointerType(op.getPtr().getType()))
      return rewriter.notifyMatchFailure(op, "block pointers: not yet");
    FailureOr<Value> base = baseMemrefOf(op, rewriter, *scalarBases);
    if (failed(base))
      return failure();
    Location loc = op.getLoc();
    Value offsets = pointerOffset(rewriter, loc, adaptor.getPtr());
    Value mask = adaptor.getMask();
    Attribute hint = op->getAttr(triton_spirv::kHintedAlignmentAttr);

    auto storeOne = [&](OpBuilder &b, Location l, Value offset, Value value,
                        Value laneMask) {
      if (!laneMask) {
        storeScalar(b, l, *base, offset, value, hint);
        return;
      }
      scf::IfOp::create(b, l, laneMask, [&](OpBuilder &bb, Location ll) {
        storeScalar(bb, ll, *base, offset, value, hint);
        scf::YieldOp::create(bb, ll);
      });
    };

    auto tensor = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!tensor) {
      storeOne(rewriter, loc, offsets, adaptor.getValue(), mask);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> inputs{offsets, adaptor.getValue()};
    if (mask)
      inputs.push_back(mask);
    buildElementwiseGeneric(rewriter, loc, tensor.getShape(), inputs, {},
                            [&](OpBuilder &b, Location l, ValueRange args) {
                              storeOne(b, l, args[0], args[1],
                                       mask ? args[2] : Value());
                              return SmallVector<Value>{};
                            });
    rewriter.eraseOp(op);
    return success();
  }
};
/// The value an atomic stores, given the current memory value: the whole
/// read-modify-write is one memref.generic_atomic_rmw (SPIR-V lowers it to a
/// native atomic or a compare-exchange loop).
Value atomicUpdate(OpBuilder &b, Location l, RMWOp kind, Value current,
                   Value operand) {
  bool isFloat = isa<FloatType>(current.getType());
  switch (kind) {
  case RMWOp::ADD:
    return arith::AddIOp::create(b, l, current, operand);
  case RMWOp::FADD:
    return arith::AddFOp::create(b, l, current, operand);
  case RMWOp::AND:
    return arith::AndIOp::create(b, l, current, operand);
  case RMWOp::OR:
    return arith::OrIOp::create(b, l, current, operand);
  case RMWOp::XOR:
    return arith::XOrIOp::create(b, l, current, operand);
  case RMWOp::MAX:
    return isFloat ? Value(arith::MaximumFOp::create(b, l, current, operand))
                   : Value(arith::MaxSIOp::create(b, l, current, operand));
  case RMWOp::MIN:
    return isFloat ? Value(arith::MinimumFOp::create(b, l, current, operand))
                   : Value(arith::MinSIOp::create(b, l, current, operand));
  case RMWOp::UMAX:
    return arith::MaxUIOp::create(b, l, current, operand);
  case RMWOp::UMIN:
    return arith::MinUIOp::create(b, l, current, operand);
  case RMWOp::XCHG:
    return operand;
  }
  llvm_unreachable("unknown atomic kind");
}

/// A null `base` means `offset` is a raw address: the atomic then updates
/// element 0 of a view of that address as an integer of the element's width.
Value genericAtomic(OpBuilder &b, Location l, Value base, Value offset,
                    Type elementType, bool relaxed,
                    function_ref<Value(OpBuilder &, Location, Value)> update) {
  if (!base) {
    base = addressView(b, l, offset,
                       b.getIntegerType(elementType.getIntOrFloatBitWidth()));
    offset = arith::ConstantIntOp::create(b, l, 0, 64);
  }
  Value index = arith::IndexCastOp::create(b, l, b.getIndexType(), offset);
  auto atomic = memref::GenericAtomicRMWOp::create(b, l, base, ValueRange{index});
  if (relaxed)
    atomic->setAttr(kRelaxedAtomicAttr, b.getUnitAttr());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(atomic.getBody());
    Value current = reinterpret(b, l, atomic.getCurrentValue(), elementType);
    Value next = update(b, l, current);
    memref::AtomicYieldOp::create(b, l,
                                  reinterpret(b, l, next, baseElementType(base)));
  }
  return reinterpret(b, l, atomic.getResult(), elementType);
}

/// Shared by the atomics: one atomic per lane, masked-off lanes do nothing
/// and yield 0. `valueType`: what the op reads (its result) or writes; an op
/// without a result (atomic_store) is erased.
template <typename OpTy>
LogicalResult lowerAtomic(
    OpTy op, Type valueType, Value offsets, Value mask, ValueRange operands,
    ConversionPatternRewriter &rewriter, const ScalarBaseViews &scalarBases,
    function_ref<Value(OpBuilder &, Location, Value, ValueRange)> update) {
  FailureOr<Value> base = baseMemrefOf(op, rewriter, scalarBases);
  if (failed(base))
    return failure();
  Location loc = op.getLoc();
  Type elementType = getElementTypeOrSelf(valueType);
  const bool relaxed = op.getSem() == MemSemantic::RELAXED;
  // Atomic loads and stores (Triton 3.9) take bytes too: a read, or an
  // exchange of the 32-bit word holding the byte.
  constexpr bool bytes = std::is_same_v<OpTy, AtomicLoadOp> ||
                         std::is_same_v<OpTy, AtomicStoreOp>;
  if (elementType.getIntOrFloatBitWidth() < (bytes ? 8u : 16u))
    return op.emitError("atomics on ") << elementType << " are not supported ("
                                       << (bytes ? "8" : "16") << "/32/64-bit only)";
  auto one = [&](OpBuilder &b, Location l, Value offset, Value laneMask,
                 ValueRange laneOperands) {
    return maskedValue(
        b, l, laneMask, elementType,
        [&](OpBuilder &bb, Location ll) {
          return genericAtomic(bb, ll, *base, offset, elementType, relaxed,
                               [&](OpBuilder &ib, Location il, Value current) {
                                 return update(ib, il, current, laneOperands);
                               });
        },
        [&](OpBuilder &bb, Location ll) { return zeroOf(bb, ll, elementType); });
  };
  auto replace = [&](Value result) {
    if (op->getNumResults() == 0)
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, result);
  };
  auto tensor = dyn_cast<RankedTensorType>(valueType);
  if (!tensor) {
    replace(one(rewriter, loc, offsets, mask, operands));
    return success();
  }
  SmallVector<Value> inputs{offsets};
  llvm::append_range(inputs, operands);
  if (mask)
    inputs.push_back(mask);
  unsigned numOperands = operands.size();
  Value result = buildElementwiseGeneric(
      rewriter, loc, tensor.getShape(), inputs, {elementType},
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value laneMask = mask ? args.back() : Value();
        return SmallVector<Value>{
            one(b, l, args[0], laneMask, args.slice(1, numOperands))};
      })[0];
  replace(result);
  return success();
}

struct ConvertAtomicRMW : public ScalarBasePattern<AtomicRMWOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RMWOp kind = op.getAtomicRmwOp();
    return lowerAtomic(op, op.getType(),
                       pointerOffset(rewriter, op.getLoc(), adaptor.getPtr()),
                       adaptor.getMask(), ValueRange{adaptor.getVal()}, rewriter,
                       *scalarBases, [&](OpBuilder &b, Location l, Value current,
                           ValueRange operands) {
                         return atomicUpdate(b, l, kind, current, operands[0]);
                       });
  }
};

struct ConvertAtomicCAS : public ScalarBasePattern<AtomicCASOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAtomic(
        op, op.getType(), pointerOffset(rewriter, op.getLoc(), adaptor.getPtr()), Value(),
        ValueRange{adaptor.getCmp(), adaptor.getVal()}, rewriter, *scalarBases,
        [](OpBuilder &b, Location l, Value current, ValueRange operands) {
          // Bits are compared, as CUDA's atom.cas does (so -0.0 is not +0.0
          // and a NaN can match itself).
          auto bits = [&](Value v) -> Value {
            auto type = dyn_cast<FloatType>(v.getType());
            return type ? Value(arith::BitcastOp::create(
                              b, l, b.getIntegerType(type.getWidth()), v))
                        : v;
          };
          Value equal = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                              bits(current), bits(operands[0]));
          return arith::SelectOp::create(b, l, equal, operands[1], current);
        });
  }
};
/// tl.atomic_load (Triton >= 3.9): an update that keeps the current value,
/// read as a volatile load (atomically on GPUs) and, unless relaxed, followed
/// by a device-scope acquire fence (GenericAtomicToSPIRV).
struct ConvertAtomicLoad : public ScalarBasePattern<AtomicLoadOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAtomic(op, op.getType(),
                       pointerOffset(rewriter, op.getLoc(), adaptor.getPtr()),
                       adaptor.getMask(), ValueRange{}, rewriter, *scalarBases,
                       [](OpBuilder &, Location, Value current, ValueRange) {
                         return current;
                       });
  }
};

/// tl.atomic_store (Triton >= 3.9): an exchange whose old value is unused.
struct ConvertAtomicStore : public ScalarBasePattern<AtomicStoreOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAtomic(op, op.getVal().getType(),
                       pointerOffset(rewriter, op.getLoc(), adaptor.getPtr()),
                       adaptor.getMask(), ValueRange{adaptor.getVal()}, rewriter,
                       *scalarBases,
                       [](OpBuilder &, Location, Value, ValueRange operands) {
                         return operands[0];
                       });
  }
};

/// tl.atomic_poll (Triton >= 3.9) without a timeout: each element reads its
/// word (an atomic load, acquiring unless relaxed) until it equals
/// `expected`, then the program waits at a barrier for all its polls; every
/// element matched, so the result is true. A timeout in nanoseconds needs a
/// clock Vulkan does not give shaders: refused.
struct ConvertAtomicPoll : public ScalarBasePattern<AtomicPollOp> {
  using ScalarBasePattern::ScalarBasePattern;
  LogicalResult
  matchAndRewrite(AtomicPollOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getTimeout())
      return op.emitError("'tt.atomic_poll' with timeout_ns is not supported: "
                          "Vulkan gives shaders no nanosecond clock (poll "
                          "without a timeout)");
    FailureOr<Value> base = baseMemrefOf(op, rewriter, *scalarBases);
    if (failed(base))
      return failure();
    Location loc = op.getLoc();
    Type elementType = getElementTypeOrSelf(adaptor.getExpected().getType());
    if (elementType.getIntOrFloatBitWidth() < 16)
      return op.emitError("atomic_poll on ")
             << elementType << " is not supported (16/32/64-bit only)";
    const bool relaxed = op.getSem() == MemSemantic::RELAXED;
    auto spin = [&](OpBuilder &b, Location l, Value offset, Value expected) -> Value {
      auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
      {
        OpBuilder::InsertionGuard guard(b);
        b.createBlock(&loop.getBefore());
        Value seen = genericAtomic(b, l, *base, offset, elementType, relaxed,
                                   [](OpBuilder &, Location, Value current) {
                                     return current;
                                   });
        Value waiting = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                              seen, expected);
        scf::ConditionOp::create(b, l, waiting, ValueRange{});
        b.createBlock(&loop.getAfter());
        scf::YieldOp::create(b, l);
      }
      return arith::ConstantIntOp::create(b, l, 1, 1);
    };
    Value offsets = pointerOffset(rewriter, loc, adaptor.getPtr());
    Value result;
    if (auto tensor = dyn_cast<RankedTensorType>(op.getType()))
      result = buildElementwiseGeneric(
          rewriter, loc, tensor.getShape(), {offsets, adaptor.getExpected()},
          {rewriter.getI1Type()},
          [&](OpBuilder &b, Location l, ValueRange args) {
            return SmallVector<Value>{spin(b, l, args[0], args[1])};
          })[0];
    else
      result = spin(rewriter, loc, offsets, adaptor.getExpected());
    auto barrier = gpu::BarrierOp::create(rewriter, loc);
    barrier->setAttr(kGlobalMemoryBarrierAttr, rewriter.getUnitAttr());
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

Value mlir::triton_spirv::pointerOffset(OpBuilder &builder, Location loc,
                                        Value converted) {
  if (isa<MemRefType>(converted.getType()))
    return arith::ConstantIntOp::create(builder, loc, 0, 64);
  return converted;
}

Value mlir::triton_spirv::splatScalar(OpBuilder &builder, Location loc,
                                      ArrayRef<int64_t> shape, Value scalar) {
  return buildElementwiseGeneric(builder, loc, shape, {scalar},
                                 {scalar.getType()},
                                 [](OpBuilder &, Location, ValueRange args) {
                                   return SmallVector<Value>{args[0]};
                                 })[0];
}

SmallVector<Value> mlir::triton_spirv::buildElementwiseGeneric(
    OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
    ValueRange inputs, TypeRange resultElementTypes,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>
        bodyBuilder) {
  MLIRContext *context = builder.getContext();
  unsigned rank = shape.size();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
  AffineMap scalar = AffineMap::get(rank, 0, {}, context);
  SmallVector<AffineMap> maps;
  for (Value input : inputs)
    maps.push_back(isa<RankedTensorType>(input.getType()) ? identity : scalar);
  SmallVector<Value> outputs;
  SmallVector<Type> resultTypes;
  for (Type elementType : resultElementTypes) {
    outputs.push_back(
        tensor::EmptyOp::create(builder, loc, shape, elementType));
    resultTypes.push_back(RankedTensorType::get(shape, elementType));
    maps.push_back(identity);
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  size_t numInputs = inputs.size();
  auto generic = linalg::GenericOp::create(
      builder, loc, resultTypes, inputs, outputs, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        SmallVector<Value> yielded = bodyBuilder(b, l, args.take_front(numInputs));
        linalg::YieldOp::create(b, l, yielded);
      });
  return SmallVector<Value>(generic.getResults().begin(),
                            generic.getResults().end());
}

void mlir::triton_spirv::populateMemoryOpConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertRawAddressCast<IntToPtrOp>, ConvertRawAddressCast<PtrToIntOp>>(
      converter, patterns.getContext());
  patterns.add<ConvertAddPtr, ConvertPointerBitcast>(converter, patterns.getContext());
  auto scalarBases = std::make_shared<ScalarBaseViews>();
  patterns.add<ConvertScalarBase, ConvertLoad, ConvertStore, ConvertAtomicRMW,
               ConvertAtomicCAS, ConvertAtomicLoad, ConvertAtomicStore,
               ConvertAtomicPoll>(converter, patterns.getContext(), scalarBases);
}

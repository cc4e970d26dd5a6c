//===- GenericAtomicToSPIRV.cpp - memref.generic_atomic_rmw -> SPIR-V -----===//
//
// Triton's atomics arrive as memref.generic_atomic_rmw (any update of the
// current value). An update that is itself a compare-exchange (atomic_cas)
// becomes one OpAtomicCompareExchange, an integer add/and/or/xor/min/max or
// exchange its own atomic instruction, a float add OpAtomicFAddEXT where the
// device has it; any other (8/16-bit elements, any other update) gets a
// loop: read, compute the update, OpAtomicCompareExchange, retry with the
// value seen until it matches. Floats are exchanged as same-width integers;
// 8/16-bit elements in global memory are exchanged as the 32-bit word that
// holds them (Vulkan devices rarely have narrower atomics), the rest of the
// word left as it was.
// Semantics: acquire-release at device (or workgroup) scope, none for atomics
// marked relaxed.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;

namespace {
/// Marks a compare-exchange whose result the kernel reads (not only the
/// retry loop's comparison).
constexpr llvm::StringLiteral kReadsAtomicResult = "triton_spirv.reads_atomic_result";
// A retry loop's exchange without semantics of its own, ordered by the fences
// around the loop.
constexpr llvm::StringLiteral kOrderedByFences = "triton_spirv.ordered_by_fences";
/// The comparand and the new value of an update that is a compare-exchange:
/// `select(cmpi eq(bits(current), c), v, current)` where neither `c` nor `v`
/// depends on the current value. Such an update needs one
/// OpAtomicCompareExchange, not a loop of them.
std::optional<std::pair<Value, Value>>
matchCompareExchange(memref::GenericAtomicRMWOp op) {
  Value current = op.getCurrentValue();
  Block &body = op.getAtomicBody().front();
  auto yield = cast<memref::AtomicYieldOp>(body.getTerminator());
  auto select = yield.getResult().getDefiningOp<arith::SelectOp>();
  if (!select || select.getFalseValue() != current)
    return std::nullopt;
  auto equal = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!equal || equal.getPredicate() != arith::CmpIPredicate::eq)
    return std::nullopt;
  auto isCurrentBits = [&](Value v) {
    if (auto cast = v.getDefiningOp<arith::BitcastOp>())
      v = cast.getIn();
    return v == current;
  };
  // Whether `v` is computed from the current value inside the body.
  std::function<bool(Value)> dependsOnCurrent = [&](Value v) {
    if (v == current)
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &body)
      return false;
    return llvm::any_of(def->getOperands(), dependsOnCurrent);
  };
  Value comparand = isCurrentBits(equal.getLhs())   ? equal.getRhs()
                    : isCurrentBits(equal.getRhs()) ? equal.getLhs()
                                                    : Value();
  Value desired = select.getTrueValue();
  if (!comparand || dependsOnCurrent(comparand) || dependsOnCurrent(desired))
    return std::nullopt;
  return std::make_pair(comparand, desired);
}

/// Clones what `v` needs from inside `body` at the rewriter's position.
Value cloneOutOfBody(ConversionPatternRewriter &rewriter, Block &body, Value v,
                     IRMapping &mapping) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != &body)
    return mapping.lookupOrDefault(v);
  if (!mapping.contains(v)) {
    for (Value operand : def->getOperands())
      cloneOutOfBody(rewriter, body, operand, mapping);
    rewriter.clone(*def, mapping);
  }
  return mapping.lookup(v);
}

/// An update SPIR-V has one atomic instruction for: `op(current, v)` for an
/// integer add/and/or/xor/min/max (either operand order where it commutes),
/// or `v` alone (an exchange), with `v` not computed from the current value;
/// a float's update may work on its bits (bitcast in, integer update,
/// bitcast out: Triton's float max/min split by sign). A float add where
/// `floatAdd` holds for its type is one OpAtomicFAddEXT; every other
/// instruction works on the element's bits.
enum class NativeUpdate { Add, FAdd, And, Or, Xor, SMax, SMin, UMax, UMin, Exchange };

std::optional<std::pair<NativeUpdate, Value>>
matchNativeUpdate(memref::GenericAtomicRMWOp op,
                  llvm::function_ref<bool(Type)> floatAdd) {
  Block &body = op.getAtomicBody().front();
  Value current = op.getCurrentValue();
  Value result = cast<memref::AtomicYieldOp>(body.getTerminator()).getResult();
  auto inBody = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->getBlock() == &body;
  };
  // The body's ops besides the yield; a match accounts for all of them.
  int64_t bodyOps = std::distance(body.without_terminator().begin(),
                                  body.without_terminator().end());
  // The body holds nothing else (its operand comes from outside).
  if (bodyOps == 0 && result != current)
    return std::make_pair(NativeUpdate::Exchange, result);
  // `kind` with the operand beside `updated` (the current value or its bits),
  // which must come from outside.
  auto withOperand = [&](NativeUpdate kind, Value a, Value b, Value updated,
                         int64_t matchedOps)
      -> std::optional<std::pair<NativeUpdate, Value>> {
    if (matchedOps != bodyOps)
      return std::nullopt;
    if (a == updated && b != updated && !inBody(b))
      return std::make_pair(kind, b);
    if (b == updated && a != updated && !inBody(a))
      return std::make_pair(kind, a);
    return std::nullopt;
  };
  int64_t matched = 0;
  if (isa<FloatType>(current.getType())) {
    if (floatAdd(current.getType()))
      if (auto add = result.getDefiningOp<arith::AddFOp>(); add && inBody(add))
        return withOperand(NativeUpdate::FAdd, add.getLhs(), add.getRhs(), current, 1);
    auto out = result.getDefiningOp<arith::BitcastOp>();
    auto in = body.empty() ? arith::BitcastOp() : dyn_cast<arith::BitcastOp>(body.front());
    if (!out || !inBody(out) || !in || in.getIn() != current)
      return std::nullopt;
    current = in.getResult();
    result = out.getIn();
    matched = 2;
  }
  if (!isa<IntegerType>(current.getType()))
    return std::nullopt;
  Operation *update = result.getDefiningOp();
  if (!update || update->getBlock() != &body)
    return std::nullopt;
  // min/max as arith-expand leaves them: select(cmpi(p, l, r), l, r).
  if (auto select = dyn_cast<arith::SelectOp>(update)) {
    auto compare = select.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!compare || !inBody(compare) || !compare->hasOneUse())
      return std::nullopt;
    Value l = compare.getLhs(), r = compare.getRhs();
    bool straight = select.getTrueValue() == l && select.getFalseValue() == r;
    bool swapped = select.getTrueValue() == r && select.getFalseValue() == l;
    if (!straight && !swapped)
      return std::nullopt;
    using P = arith::CmpIPredicate;
    std::optional<NativeUpdate> greater, less;
    switch (compare.getPredicate()) {
    case P::sgt: case P::sge: greater = NativeUpdate::SMax; less = NativeUpdate::SMin; break;
    case P::slt: case P::sle: greater = NativeUpdate::SMin; less = NativeUpdate::SMax; break;
    case P::ugt: case P::uge: greater = NativeUpdate::UMax; less = NativeUpdate::UMin; break;
    case P::ult: case P::ule: greater = NativeUpdate::UMin; less = NativeUpdate::UMax; break;
    default: return std::nullopt;
    }
    return withOperand(straight ? *greater : *less, l, r, current, matched + 2);
  }
  if (update->getNumOperands() != 2)
    return std::nullopt;
  std::optional<NativeUpdate> kind =
      llvm::TypeSwitch<Operation *, std::optional<NativeUpdate>>(update)
          .Case<arith::AddIOp>([](auto) { return NativeUpdate::Add; })
          .Case<arith::AndIOp>([](auto) { return NativeUpdate::And; })
          .Case<arith::OrIOp>([](auto) { return NativeUpdate::Or; })
          .Case<arith::XOrIOp>([](auto) { return NativeUpdate::Xor; })
          .Case<arith::MaxSIOp>([](auto) { return NativeUpdate::SMax; })
          .Case<arith::MinSIOp>([](auto) { return NativeUpdate::SMin; })
          .Case<arith::MaxUIOp>([](auto) { return NativeUpdate::UMax; })
          .Case<arith::MinUIOp>([](auto) { return NativeUpdate::UMin; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return std::nullopt;
  return withOperand(*kind, update->getOperand(0), update->getOperand(1), current,
                     matched + 1);
}

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
    Location loc = op.getLoc();
    Value pointer = spirv::getElementPtr(*converter, memrefType,
                                         adaptor.getMemref(),
                                         adaptor.getIndices(), loc, rewriter);
    if (!pointer)
      return failure();
    auto storage = cast<spirv::PointerType>(pointer.getType()).getStorageClass();
    auto scope = storage == spirv::StorageClass::Workgroup ? spirv::Scope::Workgroup
                                                           : spirv::Scope::Device;
    // Triton's atomics order the accesses around them (acq_rel) unless they
    // were relaxed: a successful exchange acquires and releases, a failed
    // one (no write) only acquires.
    const bool relaxed = op->hasAttr(triton_spirv::kRelaxedAtomicAttr);
    const auto storageBit = storage == spirv::StorageClass::Workgroup
                                ? spirv::MemorySemantics::WorkgroupMemory
                                : spirv::MemorySemantics::UniformMemory;
    const auto equalSemantics =
        relaxed ? spirv::MemorySemantics::None
                : spirv::MemorySemantics::AcquireRelease | storageBit;
    const auto unequalSemantics =
        relaxed ? spirv::MemorySemantics::None
                : spirv::MemorySemantics::Acquire | storageBit;
    // Under the GLSL450 memory model drivers may treat an atomic's own
    // semantics as relaxed (GLSL atomics have none): ordered global atomics
    // are also fenced at device scope, as GLSL's memoryBarrier() does.
    const bool fenced =
        !relaxed && storage == spirv::StorageClass::PhysicalStorageBuffer;
    auto fence = [&]() {
      if (fenced)
        spirv::MemoryBarrierOp::create(
            rewriter, loc, spirv::Scope::Device,
            spirv::MemorySemantics::AcquireRelease |
                spirv::MemorySemantics::UniformMemory);
    };
    // An update that keeps the current value is Triton's volatile load: a
    // volatile read (read atomically on GPUs by
    // makeGlobalAccessesCoherentWhereOrdered, as the kernel polls); an
    // acquiring one (Triton 3.9's tl.atomic_load, tl.atomic_poll) is followed
    // by the fence, so later accesses stay after it.
    auto yield = cast<memref::AtomicYieldOp>(op.getAtomicBody().front().getTerminator());
    if (yield.getResult() == op.getCurrentValue()) {
      auto access = spirv::MemoryAccess::Volatile;
      IntegerAttr alignment;
      if (storage == spirv::StorageClass::PhysicalStorageBuffer) {
        access = access | spirv::MemoryAccess::Aligned;
        alignment = rewriter.getI32IntegerAttr(std::max(1u, width / 8));
      }
      auto load = spirv::LoadOp::create(
          rewriter, loc, cast<spirv::PointerType>(pointer.getType()).getPointeeType(),
          pointer, spirv::MemoryAccessAttr::get(getContext(), access), alignment);
      fence();
      rewriter.replaceOp(op, load);
      return success();
    }
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return rewriter.notifyMatchFailure(op, "only 8/16/32/64-bit atomics");
    fence();
    bool subword = width < 32;
    if (subword && storage != spirv::StorageClass::PhysicalStorageBuffer)
      return op.emitError("8/16-bit atomics are only supported on global memory");
    Type intType = rewriter.getIntegerType(width);
    Type wordType = subword ? rewriter.getI32Type() : intType;
    bool isFloat = isa<FloatType>(elementType);
    auto toInt = [&](OpBuilder &b, Value v) -> Value {
      return isFloat ? Value(spirv::BitcastOp::create(b, loc, intType, v)) : v;
    };
    auto fromInt = [&](OpBuilder &b, Value v) -> Value {
      return isFloat ? Value(spirv::BitcastOp::create(b, loc, elementType, v)) : v;
    };
    auto i32Constant = [&](int64_t value) -> Value {
      return spirv::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(value));
    };

    // The exchanged word: the element itself, or the aligned 32-bit word
    // holding an 8- or 16-bit element at bit `shift` (little endian).
    Value wordPointer = pointer;
    Value shift, elementMask;
    if (subword) {
      Type i64 = rewriter.getI64Type();
      Value address = spirv::ConvertPtrToUOp::create(rewriter, loc, i64, pointer);
      auto i64Constant = [&](int64_t value) -> Value {
        return spirv::ConstantOp::create(rewriter, loc, i64,
                                         rewriter.getI64IntegerAttr(value));
      };
      Value aligned =
          spirv::BitwiseAndOp::create(rewriter, loc, address, i64Constant(~int64_t(3)));
      wordPointer = spirv::ConvertUToPtrOp::create(
          rewriter, loc, spirv::PointerType::get(wordType, storage), aligned);
      Value byteInWord = spirv::UConvertOp::create(
          rewriter, loc, wordType,
          spirv::BitwiseAndOp::create(rewriter, loc, address, i64Constant(3)));
      shift = spirv::IMulOp::create(rewriter, loc, byteInWord, i32Constant(8));
      elementMask = spirv::ShiftLeftLogicalOp::create(
          rewriter, loc, i32Constant((1 << width) - 1), shift);
    } else if (isFloat) {
      wordPointer = spirv::BitcastOp::create(
          rewriter, loc, spirv::PointerType::get(intType, storage), pointer);
    }
    // A compare-exchange update (Triton's atomic_cas) is one exchange.
    if (!subword)
      if (auto exchange = matchCompareExchange(op)) {
        IRMapping outside;
        Block &body = op.getAtomicBody().front();
        Value comparand = cloneOutOfBody(rewriter, body, exchange->first, outside);
        Value desired = cloneOutOfBody(rewriter, body, exchange->second, outside);
        auto exchangeOp = spirv::AtomicCompareExchangeOp::create(
            rewriter, loc, wordPointer, scope, equalSemantics, unequalSemantics,
            toInt(rewriter, desired), comparand);
        if (!op.getResult().use_empty())
          exchangeOp->setAttr(kReadsAtomicResult, rewriter.getUnitAttr());
        Value seen = exchangeOp;
        fence();
        rewriter.replaceOp(op, fromInt(rewriter, seen));
        return success();
      }
    // An update SPIR-V has an instruction for: that instruction, no loop
    // (under contention a loop retries). Float adds where the device has
    // them on global memory (VK_EXT_shader_atomic_float's
    // shaderBufferFloat32AtomicAdd / shaderBufferFloat64AtomicAdd).
    auto floatAdd = [&](Type type) {
      const spirv::TargetEnv &env = converter->getTargetEnv();
      return storage == spirv::StorageClass::PhysicalStorageBuffer &&
             ((type.isF32() && env.allows(spirv::Capability::AtomicFloat32AddEXT)) ||
              (type.isF64() && env.allows(spirv::Capability::AtomicFloat64AddEXT)));
    };
    if (!subword)
      if (auto native = matchNativeUpdate(op, floatAdd)) {
        auto semantics = spirv::MemorySemanticsAttr::get(getContext(), equalSemantics);
        auto scopeAttr = spirv::ScopeAttr::get(getContext(), scope);
        // Every instruction but FAdd works on the element's bits.
        Value operand = native->second;
        if (native->first != NativeUpdate::FAdd && isa<FloatType>(operand.getType()))
          operand = toInt(rewriter, operand);
        Value seen;
        switch (native->first) {
#define NATIVE_CASE(KIND, OP)                                                  \
  case NativeUpdate::KIND:                                                     \
    seen = spirv::OP::create(rewriter, loc, intType, wordPointer, scopeAttr,   \
                             semantics, operand);                              \
    break;
          NATIVE_CASE(Add, AtomicIAddOp)
        case NativeUpdate::FAdd:
          seen = spirv::EXTAtomicFAddOp::create(rewriter, loc, elementType, pointer,
                                                scopeAttr, semantics, operand);
          break;
          NATIVE_CASE(And, AtomicAndOp)
          NATIVE_CASE(Or, AtomicOrOp)
          NATIVE_CASE(Xor, AtomicXorOp)
          NATIVE_CASE(SMax, AtomicSMaxOp)
          NATIVE_CASE(SMin, AtomicSMinOp)
          NATIVE_CASE(UMax, AtomicUMaxOp)
          NATIVE_CASE(UMin, AtomicUMinOp)
          NATIVE_CASE(Exchange, AtomicExchangeOp)
#undef NATIVE_CASE
        }
        if (!op.getResult().use_empty())
          seen.getDefiningOp()->setAttr(kReadsAtomicResult, rewriter.getUnitAttr());
        fence();
        rewriter.replaceOp(op, native->first == NativeUpdate::FAdd
                                   ? seen
                                   : fromInt(rewriter, seen));
        return success();
      }
    // Plain read of the starting value (PhysicalStorageBuffer needs an
    // alignment).
    Value initialWord;
    unsigned wordBytes = wordType.getIntOrFloatBitWidth() / 8;
    if (storage == spirv::StorageClass::PhysicalStorageBuffer)
      initialWord = spirv::LoadOp::create(
          rewriter, loc, wordType, wordPointer,
          spirv::MemoryAccessAttr::get(getContext(), spirv::MemoryAccess::Aligned),
          rewriter.getI32IntegerAttr(wordBytes));
    else
      initialWord = spirv::LoadOp::create(rewriter, loc, wordPointer);
    auto elementOf = [&](OpBuilder &b, Value word) -> Value {
      if (!subword)
        return fromInt(b, word);
      Value bits = spirv::ShiftRightLogicalOp::create(b, loc, word, shift);
      return fromInt(b, spirv::UConvertOp::create(b, loc, intType, bits));
    };
    auto withElement = [&](OpBuilder &b, Value word, Value element) -> Value {
      if (!subword)
        return toInt(b, element);
      Value bits = spirv::UConvertOp::create(b, loc, wordType, toInt(b, element));
      Value placed = spirv::ShiftLeftLogicalOp::create(b, loc, bits, shift);
      Value others = spirv::BitwiseAndOp::create(
          b, loc, word, spirv::NotOp::create(b, loc, elementMask));
      return spirv::BitwiseOrOp::create(b, loc, others, placed);
    };

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
    auto loop = spirv::LoopOp::create(rewriter, loc, spirv::LoopControl::None);
    Region &body = loop.getBody();
    Block *entry = rewriter.createBlock(&body);
    Block *header = rewriter.createBlock(&body, body.end(), {wordType}, {loc});
    Block *continueBlock = rewriter.createBlock(&body, body.end(), {wordType}, {loc});
    Block *merge = rewriter.createBlock(&body, body.end());

    rewriter.setInsertionPointToEnd(entry);
    spirv::BranchOp::create(rewriter, loc, header, ValueRange{initialWord});

    rewriter.setInsertionPointToEnd(header);
    Value current = header->getArgument(0);
    Value currentValue = elementOf(rewriter, current);
    IRMapping mapping;
    mapping.map(op.getCurrentValue(), currentValue);
    Block &update = op.getAtomicBody().front();
    for (Operation &inner : update.without_terminator())
      rewriter.clone(inner, mapping);
    Value next = mapping.lookupOrDefault(
        cast<memref::AtomicYieldOp>(update.getTerminator()).getResult());
    // A fenced loop's exchange carries no semantics: the fences around the
    // loop order the one exchange that succeeds, and retries order nothing.
    // (Mesa 22.3's lavapipe, with semantics on an exchange whose retries
    // differ between subgroups, lost later atomics of the workgroup.)
    auto exchangeOp = spirv::AtomicCompareExchangeOp::create(
        rewriter, loc, wordPointer, scope,
        fenced ? spirv::MemorySemantics::None : equalSemantics,
        fenced ? spirv::MemorySemantics::None : unequalSemantics,
        withElement(rewriter, current, next), current);
    if (fenced)
      exchangeOp->setAttr(kOrderedByFences, rewriter.getUnitAttr());
    if (!op.getResult().use_empty())
      exchangeOp->setAttr(kReadsAtomicResult, rewriter.getUnitAttr());
    Value seen = exchangeOp;
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
    fence();
    rewriter.replaceOp(op, spirv::LoadOp::create(rewriter, loc, oldValue));
    return success();
  }
};
} // namespace

namespace {
/// A global load read atomically (OpAtomicOr with 0: the dialect has no
/// OpAtomicLoad). NVIDIA serves even volatile loads from the SM's L1, which
/// another workgroup's writes do not update. Scalars of 32/64 bits and 32-bit
/// vectors read as one word; other loads whose size is a multiple of 32 bits
/// as 32-bit words; a 16-bit scalar as the aligned word holding it. 8-bit
/// loads stay.
void loadAtomically(spirv::LoadOp load) {
  Type type = load.getType();
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  int64_t bits = element.getIntOrFloatBitWidth() * (vector ? vector.getNumElements() : 1);
  OpBuilder b(load);
  Location loc = load.getLoc();
  auto storage = spirv::StorageClass::PhysicalStorageBuffer;
  auto i32 = b.getI32Type();
  auto constant = [&](Type t, int64_t v) -> Value {
    return spirv::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  };
  // The value at an integer pointer, read atomically.
  auto readWord = [&](Value pointer) -> Value {
    Type t = cast<spirv::PointerType>(pointer.getType()).getPointeeType();
    return spirv::AtomicOrOp::create(b, loc, pointer, spirv::Scope::Device,
                                     spirv::MemorySemantics::None, constant(t, 0));
  };
  auto retype = [&](Value pointer, Type pointee) -> Value {
    auto target = spirv::PointerType::get(pointee, storage);
    return pointer.getType() == target
               ? pointer
               : Value(spirv::BitcastOp::create(b, loc, target, pointer));
  };
  auto fromBits = [&](Value bitsValue) -> Value {
    return bitsValue.getType() == type
               ? bitsValue
               : Value(spirv::BitcastOp::create(b, loc, type, bitsValue));
  };
  Value result;
  // A 32-bit vector (4 x i8, 2 x i16) is one word: a vector<1xi32> would not
  // be a SPIR-V type.
  if (bits == 32 || (!vector && bits == 64)) {
    result = fromBits(readWord(retype(load.getPtr(), b.getIntegerType(bits))));
  } else if (bits % 32 == 0) {
    int64_t words = bits / 32;
    auto wordsType = VectorType::get({words}, i32);
    Value base = retype(load.getPtr(), wordsType);
    SmallVector<Value> parts;
    for (int64_t i = 0; i < words; ++i)
      parts.push_back(readWord(spirv::AccessChainOp::create(b, loc, base, constant(i32, i))));
    result = fromBits(spirv::CompositeConstructOp::create(b, loc, wordsType, parts));
  } else if (!vector && bits == 16) {
    auto i64 = b.getI64Type();
    Value address = spirv::ConvertPtrToUOp::create(b, loc, i64, load.getPtr());
    Value aligned = spirv::BitwiseAndOp::create(b, loc, address, constant(i64, ~int64_t(3)));
    Value word = readWord(spirv::ConvertUToPtrOp::create(
        b, loc, spirv::PointerType::get(i32, storage), aligned));
    Value half = spirv::UConvertOp::create(
        b, loc, i32,
        spirv::ShiftRightLogicalOp::create(
            b, loc, spirv::BitwiseAndOp::create(b, loc, address, constant(i64, 2)),
            constant(i64, 1)));
    Value pair = spirv::BitcastOp::create(b, loc, VectorType::get({2}, element), word);
    result = spirv::VectorExtractDynamicOp::create(b, loc, pair, half);
  } else {
    return;
  }
  load.replaceAllUsesWith(result);
  load.erase();
}
} // namespace

namespace {
/// Whether `later` may run after `earlier` in one invocation: a later op of
/// the block they share, or both in a loop. Control flow that is not
/// structured (blocks of one region) counts as "may".
bool mayRunAfter(Operation *earlier, Operation *later) {
  for (Operation *op = later; op; op = op->getParentOp()) {
    Operation *earlierHere = op->getBlock()->findAncestorOpInBlock(*earlier);
    if (!earlierHere)
      continue;
    if (earlierHere == op) // In different blocks of one op's regions.
      return true;
    if (earlierHere->isBeforeInBlock(op))
      return true;
    // `earlier` follows in the block: only a cycle around it brings `later`
    // again (a structured loop, or branches between blocks of a function).
    for (Operation *outer = op->getParentOp(); outer; outer = outer->getParentOp())
      if (isa<spirv::LoopOp>(outer))
        return true;
    Region *region = op->getBlock()->getParent();
    return !region->hasOneBlock() && !isa<spirv::SelectionOp>(region->getParentOp());
  }
  return true;
}
} // namespace

void mlir::triton_spirv::makeGlobalAccessesCoherentWhereOrdered(
    Operation *root) {
  root->walk([&](spirv::FuncOp func) {
    // A volatile load polls what other workgroups write, as a spin lock does.
    bool polls = bool(func->removeAttr(triton_spirv::kVolatileLoadsAttr));
    bool ordered = polls, readsResult = false;
    // Atomics after which loads may observe other workgroups' writes.
    SmallVector<Operation *> synchronizing;
    func.walk([&](Operation *atomic) {
      std::optional<spirv::MemorySemantics> semantics;
      if (auto exchange = dyn_cast<spirv::AtomicCompareExchangeOp>(atomic))
        semantics = exchange.getEqualSemantics();
      else if (atomic->getName().getStringRef().starts_with("spirv.Atomic") ||
               isa<spirv::EXTAtomicFAddOp>(atomic))
        if (auto attr = atomic->getAttrOfType<spirv::MemorySemanticsAttr>("semantics"))
          semantics = attr.getValue();
      if (!semantics)
        return;
      bool isOrdered = *semantics != spirv::MemorySemantics::None ||
                       atomic->hasAttr(kOrderedByFences);
      ordered |= isOrdered;
      readsResult |= atomic->hasAttr(kReadsAtomicResult);
      if (isOrdered || atomic->hasAttr(kReadsAtomicResult))
        synchronizing.push_back(atomic);
      // The serializer would take the markers for decorations.
      atomic->removeAttr(kReadsAtomicResult);
      atomic->removeAttr(kOrderedByFences);
    });
    if (!ordered)
      return;
    // A kernel with ordered atomics that reads what an atomic returned
    // synchronizes through memory (a spin lock, also one taken with a relaxed
    // compare-exchange and released by an ordered exchange, as Triton-CUDA
    // runs it), as one that polls with volatile loads does: its global loads
    // must see other workgroups' writes, so they read atomically, except on
    // CPU devices, whose coherent caches make the volatile loads below enough.
    // Where no volatile load polls, only loads that may run after such an
    // atomic do: a load before every one of them synchronizes with nothing
    // (tutorial 05's backward read its rows atomically, 15x slower on the H100).
    bool synchronizes = polls || readsResult;
    spirv::TargetEnvAttr target = spirv::lookupTargetEnvOrDefault(func);
    if (synchronizes && target.getDeviceType() != spirv::DeviceType::CPU) {
      SmallVector<spirv::LoadOp> loads;
      func.walk([&](spirv::LoadOp load) {
        auto type = cast<spirv::PointerType>(load.getPtr().getType());
        if (type.getStorageClass() != spirv::StorageClass::PhysicalStorageBuffer)
          return;
        if (polls || llvm::any_of(synchronizing, [&](Operation *atomic) {
              return mayRunAfter(atomic, load);
            }))
          loads.push_back(load);
      });
      for (spirv::LoadOp load : loads)
        loadAtomically(load);
    }
    func.walk([&](Operation *op) {
      if (!isa<spirv::LoadOp, spirv::StoreOp>(op))
        return;
      auto type = cast<spirv::PointerType>(accessedPointer(op).getType());
      if (type.getStorageClass() == spirv::StorageClass::PhysicalStorageBuffer)
        addMemoryAccess(op, spirv::MemoryAccess::Volatile);
    });
  });
}

void mlir::triton_spirv::populateGenericAtomicToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GenericAtomicToCompareExchangeLoop>(converter,
                                                   patterns.getContext());
}

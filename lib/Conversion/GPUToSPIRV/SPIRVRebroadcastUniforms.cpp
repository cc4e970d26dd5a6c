//===- SPIRVRebroadcastUniforms.cpp - uniform values again after barriers -===//
//
// llvmpipe runs each subgroup of a workgroup as a coroutine that suspends at
// every barrier. Values live across a barrier are saved as whole per-lane
// vectors, so after it the driver no longer knows that a kernel argument or
// the program id is the same in every lane: each memory access then rebuilds
// its address lane by lane from several saved vectors. Reading such a value
// through OpGroupNonUniformBroadcast of lane 0 right after the barrier gives
// the driver a splat again. The driver's CSE cannot fold the broadcast back
// into the value from before the barrier: subgroup operations are not
// reorderable.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVREBROADCASTUNIFORMS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Built-ins that hold one value per subgroup.
bool isSubgroupUniformBuiltIn(spirv::BuiltIn builtIn) {
  switch (builtIn) {
  case spirv::BuiltIn::WorkgroupId:
  case spirv::BuiltIn::NumWorkgroups:
  case spirv::BuiltIn::WorkgroupSize:
  case spirv::BuiltIn::SubgroupId:
  case spirv::BuiltIn::NumSubgroups:
  case spirv::BuiltIn::SubgroupSize:
    return true;
  default:
    return false;
  }
}

/// Which values are the same in every invocation of a subgroup: derived from
/// constants, push constants and subgroup-uniform built-ins through pure
/// operations.
class SubgroupUniformity {
public:
  explicit SubgroupUniformity(spirv::ModuleOp module) : module(module) {}

  bool isUniform(Value value) {
    auto known = cache.find(value);
    if (known != cache.end())
      return known->second;
    bool uniform = compute(value);
    cache[value] = uniform;
    return uniform;
  }

private:
  bool compute(Value value) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return false; // block arguments (loop-carried values) are not tracked
    if (isa<spirv::ConstantOp, spirv::AddressOfOp>(def))
      return true;
    if (auto load = dyn_cast<spirv::LoadOp>(def))
      return isUniformLoad(load);
    if (auto broadcast = dyn_cast<spirv::GroupNonUniformBroadcastOp>(def))
      return broadcast.getExecutionScope() == spirv::Scope::Subgroup;
    // Address conversions declare no memory effects, and have none.
    bool pure = isa<spirv::ConvertUToPtrOp, spirv::ConvertPtrToUOp>(def) ||
                isMemoryEffectFree(def);
    if (def->getNumRegions() != 0 || !pure)
      return false;
    return llvm::all_of(def->getOperands(),
                        [&](Value operand) { return isUniform(operand); });
  }

  bool isUniformLoad(spirv::LoadOp load) {
    auto pointer = cast<spirv::PointerType>(load.getPtr().getType());
    if (pointer.getStorageClass() == spirv::StorageClass::PushConstant)
      return true;
    if (pointer.getStorageClass() != spirv::StorageClass::Input)
      return false; // memory others may write between two loads
    auto address = load.getPtr().getDefiningOp<spirv::AddressOfOp>();
    auto variable =
        address ? module.lookupSymbol<spirv::GlobalVariableOp>(
                      address.getVariableAttr())
                : spirv::GlobalVariableOp();
    std::optional<StringRef> builtIn =
        variable ? variable.getBuiltIn() : std::nullopt;
    std::optional<spirv::BuiltIn> kind =
        builtIn ? spirv::symbolizeBuiltIn(*builtIn) : std::nullopt;
    return kind && isSubgroupUniformBuiltIn(*kind);
  }

  spirv::ModuleOp module;
  DenseMap<Value, bool> cache;
};

/// How a uniform value crossing a barrier is read again after it.
enum class Rebroadcast {
  Leave,          // constants; pointers the driver derives itself
  Broadcast,      // scalars and vectors of a width subgroup operations take
  BroadcastWords, // 64-bit scalars as two 32-bit words (no extended types)
  Recompute,      // physical-storage-buffer pointers, from their operands
};

/// `extendedTypes`: the device's subgroup operations take 8-, 16- and 64-bit
/// values (shaderSubgroupExtendedTypes).
Rebroadcast howToRebroadcast(Value value, bool extendedTypes) {
  if (value.getDefiningOp<spirv::ConstantOp>())
    return Rebroadcast::Leave;
  Type type = value.getType();
  if (auto pointer = dyn_cast<spirv::PointerType>(type))
    return pointer.getStorageClass() ==
                   spirv::StorageClass::PhysicalStorageBuffer
               ? Rebroadcast::Recompute
               : Rebroadcast::Leave;
  Type element = type;
  if (auto vector = dyn_cast<VectorType>(type))
    element = vector.getElementType();
  if (!isa<IntegerType, FloatType>(element))
    return Rebroadcast::Leave;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits == 1 || bits == 32 || extendedTypes)
    return Rebroadcast::Broadcast;
  if (bits == 64 && !isa<VectorType>(type))
    return Rebroadcast::BroadcastWords;
  return Rebroadcast::Leave;
}

class BarrierRebroadcaster {
public:
  BarrierRebroadcaster(spirv::ControlBarrierOp barrier,
                       SubgroupUniformity &uniformity, bool extendedTypes)
      : barrier(barrier), uniformity(uniformity), extendedTypes(extendedTypes),
        builder(barrier) {
    builder.setInsertionPointAfter(barrier);
  }

  /// Rewrites the uses, after the barrier in its block, of uniform values
  /// defined before it.
  void run() {
    for (Operation *op = barrier->getNextNode(); op; op = op->getNextNode())
      op->walk([&](Operation *user) {
        for (OpOperand &use : user->getOpOperands())
          if (std::optional<Value> replacement = replacementFor(use.get()))
            use.set(*replacement);
      });
  }

private:
  bool definedBeforeBarrier(Value value) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    // Outside the barrier's block, a value used there is defined in an
    // enclosing region or an earlier block of a loop: before the barrier.
    Operation *ancestor = barrier->getBlock()->findAncestorOpInBlock(*def);
    return !ancestor || ancestor->isBeforeInBlock(barrier);
  }

  std::optional<Value> replacementFor(Value value) {
    auto known = replacements.find(value);
    if (known != replacements.end())
      return known->second;
    std::optional<Value> replacement;
    if (definedBeforeBarrier(value) && uniformity.isUniform(value))
      replacement = rebroadcast(value);
    replacements[value] = replacement;
    return replacement;
  }

  Value broadcast(Value value) {
    Location loc = value.getLoc();
    if (!laneZero)
      laneZero = spirv::ConstantOp::create(builder, loc, builder.getI32Type(),
                                           builder.getI32IntegerAttr(0));
    return spirv::GroupNonUniformBroadcastOp::create(
        builder, loc, value.getType(), spirv::Scope::Subgroup, value, laneZero);
  }

  std::optional<Value> rebroadcast(Value value) {
    Location loc = value.getLoc();
    switch (howToRebroadcast(value, extendedTypes)) {
    case Rebroadcast::Leave:
      return std::nullopt;
    case Rebroadcast::Broadcast:
      return broadcast(value);
    case Rebroadcast::BroadcastWords: {
      auto words = VectorType::get({2}, builder.getI32Type());
      Value split = spirv::BitcastOp::create(builder, loc, words, value);
      return spirv::BitcastOp::create(builder, loc, value.getType(),
                                      broadcast(split))
          .getResult();
    }
    case Rebroadcast::Recompute: {
      Operation *def = value.getDefiningOp();
      IRMapping mapping;
      for (Value operand : def->getOperands())
        if (std::optional<Value> replacement = replacementFor(operand))
          mapping.map(operand, *replacement);
      Operation *clone = builder.clone(*def, mapping);
      return clone->getResult(cast<OpResult>(value).getResultNumber());
    }
    }
    llvm_unreachable("covered switch");
  }

  spirv::ControlBarrierOp barrier;
  SubgroupUniformity &uniformity;
  bool extendedTypes;
  OpBuilder builder;
  Value laneZero;
  DenseMap<Value, std::optional<Value>> replacements;
};

struct SPIRVRebroadcastUniformsPass
    : public triton_spirv::impl::SPIRVRebroadcastUniformsBase<
          SPIRVRebroadcastUniformsPass> {
  using Base::Base;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    SmallVector<spirv::ControlBarrierOp> barriers;
    module.walk([&](spirv::ControlBarrierOp barrier) {
      if (barrier.getExecutionScope() == spirv::Scope::Workgroup)
        barriers.push_back(barrier);
    });
    // In program order: the values read again after one barrier are the
    // ones that cross the next.
    SubgroupUniformity uniformity(module);
    for (spirv::ControlBarrierOp barrier : barriers)
      BarrierRebroadcaster(barrier, uniformity, extendedTypes).run();
  }
};
} // namespace

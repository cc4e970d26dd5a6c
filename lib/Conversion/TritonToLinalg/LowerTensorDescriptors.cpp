//===- LowerTensorDescriptors.cpp - descriptors as masked pointer tensors -===//
//
// A tensor descriptor names a strided global tensor (base, shape, strides)
// and a block shape. Its loads, stores, reductions, gathers and scatters
// become tensors of pointers with a bounds mask, which the pointer model of
// triton-to-linalg handles: out-of-bounds lanes never touch memory, loads
// yield the padding (zero, or NaN for padding="nan").
//
// A descriptor kernel argument becomes its base pointer followed by a new
// i1 argument (padding is NaN); the frontend already passes the shape (i32)
// and strides (i64) as the arguments after it.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_LOWERTENSORDESCRIPTORS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;

Value mlir::triton_spirv::broadcastAlongDim(OpBuilder &b, Location loc,
                                            Value vector, ArrayRef<int64_t> shape,
                                            unsigned dim) {
  // Unit dimensions inserted in order leave `vector` along `dim`.
  Value value = vector;
  Type element = cast<RankedTensorType>(vector.getType()).getElementType();
  for (unsigned axis = 0; axis < shape.size(); ++axis) {
    if (axis == dim)
      continue;
    SmallVector<int64_t> newShape(cast<RankedTensorType>(value.getType()).getShape());
    newShape.insert(newShape.begin() + axis, 1);
    value = ExpandDimsOp::create(b, loc, RankedTensorType::get(newShape, element),
                                 value, axis);
  }
  auto full = RankedTensorType::get(shape, element);
  if (value.getType() != full)
    value = BroadcastOp::create(b, loc, full, value);
  return value;
}

namespace {
/// What a descriptor value stands for.
struct Descriptor {
  Value base;                    // !tt.ptr<T>
  SmallVector<Value> shape;      // i32 per dimension
  SmallVector<Value> strides;    // i64 per dimension
  Value padWithNaN;              // i1, or null for a static choice
  bool staticNaN = false;
  RankedTensorType blockType;
};

class DescriptorLowering {
public:
  DescriptorLowering(OpBuilder &builder, Location loc, const Descriptor &desc)
      : b(builder), loc(loc), desc(desc) {}

  Type elementType() { return cast<PointerType>(desc.base.getType()).getPointeeType(); }

  /// Indices `start + [0, size)` along `dim` of a tensor of `shape`, with
  /// their bounds check, broadcast to `shape`.
  std::pair<Value, Value> dimension(ArrayRef<int64_t> shape, unsigned dim,
                                    Value start) {
    auto rangeType = RankedTensorType::get({shape[dim]}, b.getI32Type());
    Value range = MakeRangeOp::create(b, loc, rangeType, 0, shape[dim]);
    Value indices = arith::AddIOp::create(
        b, loc, SplatOp::create(b, loc, rangeType, start), range);
    return {expandTo(indices, shape, dim), inBounds(indices, desc.shape[dim], shape, dim)};
  }

  /// Rows given as a tensor (gather/scatter), placed along `dim`.
  std::pair<Value, Value> given(ArrayRef<int64_t> shape, unsigned dim,
                                Value indices) {
    return {expandTo(indices, shape, dim), inBounds(indices, desc.shape[dim], shape, dim)};
  }

  /// Pointers and mask of the block whose per-dimension indices are given.
  std::pair<Value, Value>
  pointersAndMask(ArrayRef<int64_t> shape,
                  ArrayRef<std::pair<Value, Value>> indicesAndMasks) {
    auto i64Type = RankedTensorType::get(shape, b.getI64Type());
    Value offsets, mask;
    for (auto [dim, entry] : llvm::enumerate(indicesAndMasks)) {
      Value wide = arith::ExtSIOp::create(b, loc, i64Type, entry.first);
      Value stride = SplatOp::create(b, loc, i64Type, desc.strides[dim]);
      Value term = arith::MulIOp::create(b, loc, wide, stride);
      offsets = offsets ? Value(arith::AddIOp::create(b, loc, offsets, term)) : term;
      mask = mask ? Value(arith::AndIOp::create(b, loc, mask, entry.second))
                  : entry.second;
    }
    auto pointerType = RankedTensorType::get(shape, desc.base.getType());
    Value pointers = AddPtrOp::create(
        b, loc, pointerType, SplatOp::create(b, loc, pointerType, desc.base), offsets);
    return {pointers, mask};
  }

  /// The value out-of-bounds lanes load.
  Value padding(ArrayRef<int64_t> shape) {
    Type element = elementType();
    auto type = RankedTensorType::get(shape, element);
    Value zero = arith::ConstantOp::create(b, loc, type, SplatElementsAttr::get(
        type, b.getZeroAttr(element)));
    auto floatType = dyn_cast<FloatType>(element);
    if (!floatType || (!desc.padWithNaN && !desc.staticNaN))
      return zero;
    Value nan = arith::ConstantOp::create(
        b, loc, type,
        SplatElementsAttr::get(type, b.getFloatAttr(element, APFloat::getQNaN(
                                                                  floatType.getFloatSemantics()))));
    if (!desc.padWithNaN)
      return nan;
    return arith::SelectOp::create(b, loc, desc.padWithNaN, nan, zero);
  }

private:
  Value expandTo(Value indices, ArrayRef<int64_t> shape, unsigned dim) {
    return triton_spirv::broadcastAlongDim(b, loc, indices, shape, dim);
  }

  Value inBounds(Value indices, Value extent, ArrayRef<int64_t> shape,
                 unsigned dim) {
    auto type = cast<RankedTensorType>(indices.getType());
    Value zero = arith::ConstantOp::create(
        b, loc, type, SplatElementsAttr::get(type, b.getI32IntegerAttr(0)));
    Value notNegative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, indices, zero);
    Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, indices,
                                        SplatOp::create(b, loc, type, extent));
    return expandTo(arith::AndIOp::create(b, loc, notNegative, below), shape, dim);
  }

  OpBuilder &b;
  Location loc;
  const Descriptor &desc;
};

FailureOr<Descriptor> resolve(Value value,
                              const DenseMap<Value, Descriptor> &arguments,
                              Operation *user) {
  if (auto make = value.getDefiningOp<MakeTensorDescOp>()) {
    Descriptor desc;
    desc.base = make.getBase();
    desc.shape.assign(make.getShape().begin(), make.getShape().end());
    desc.strides.assign(make.getStrides().begin(), make.getStrides().end());
    desc.staticNaN = make.getPadding() == PaddingOption::PAD_NAN;
    desc.blockType = cast<TensorDescType>(make.getType()).getBlockType();
    return desc;
  }
  auto found = arguments.find(value);
  if (found != arguments.end())
    return found->second;
  return user->emitError("tensor descriptor must come from "
                         "tt.make_tensor_descriptor or be a kernel argument "
                         "(descriptors carried by control flow are not supported)");
}

/// The block's shape as `shape` (descriptor ops may drop leading unit dims).
Value reshapeTo(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  return ReshapeOp::create(b, loc, RankedTensorType::get(shape, type.getElementType()),
                           value);
}

std::optional<RMWOp> atomicKindFor(DescriptorReduceKind kind, Type blockElement) {
  bool isFloat = isa<FloatType>(blockElement);
  bool isUnsigned = blockElement.isUnsignedInteger();
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isFloat ? RMWOp::FADD : RMWOp::ADD;
  case DescriptorReduceKind::MIN:
    return isUnsigned ? RMWOp::UMIN : RMWOp::MIN;
  case DescriptorReduceKind::MAX:
    return isUnsigned ? RMWOp::UMAX : RMWOp::MAX;
  case DescriptorReduceKind::AND:
    return RMWOp::AND;
  case DescriptorReduceKind::OR:
    return RMWOp::OR;
  case DescriptorReduceKind::XOR:
    return RMWOp::XOR;
  default:
    return std::nullopt;
  }
}

struct LowerTensorDescriptorsPass
    : public triton_spirv::impl::LowerTensorDescriptorsBase<
          LowerTensorDescriptorsPass> {
  void runOnOperation() override {
    bool failedLowering = false;
    getOperation().walk([&](FuncOp func) {
      if (failed(lowerFunction(func)))
        failedLowering = true;
    });
    if (failedLowering)
      signalPassFailure();
  }

  LogicalResult lowerFunction(FuncOp func) {
    DenseMap<Value, Descriptor> arguments;
    if (failed(rewriteArguments(func, arguments)))
      return failure();
    SmallVector<Operation *> users;
    func.walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
              DescriptorGatherOp, DescriptorScatterOp>(op))
        users.push_back(op);
    });
    OpBuilder b(func.getContext());
    for (Operation *op : users) {
      FailureOr<Descriptor> desc = resolve(op->getOperand(0), arguments, op);
      if (failed(desc))
        return failure();
      b.setInsertionPoint(op);
      if (failed(lowerUse(b, op, *desc)))
        return failure();
    }
    // Descriptors are pure values: unused ones go away.
    SmallVector<MakeTensorDescOp> makes;
    func.walk([&](MakeTensorDescOp make) { makes.push_back(make); });
    for (MakeTensorDescOp make : makes) {
      if (!make->use_empty())
        return make.emitError("tensor descriptor used by an op that cannot "
                              "be lowered to pointers");
      make.erase();
    }
    return success();
  }

  LogicalResult rewriteArguments(FuncOp func,
                                 DenseMap<Value, Descriptor> &arguments) {
    if (func.isExternal())
      return success();
    Block &entry = func.getBody().front();
    for (unsigned index = 0; index < entry.getNumArguments(); ++index) {
      BlockArgument argument = entry.getArgument(index);
      auto descType = dyn_cast<TensorDescType>(argument.getType());
      if (!descType)
        continue;
      RankedTensorType block = descType.getBlockType();
      unsigned rank = block.getRank();
      if (index + 2 * rank >= entry.getNumArguments())
        return func.emitError("tensor descriptor argument #")
               << index << " must be followed by its shape and strides";
      Type element = block.getElementType();
      if (element.isInteger())
        element = IntegerType::get(func.getContext(), element.getIntOrFloatBitWidth());
      auto pointerType = PointerType::get(element, 1);
      argument.setType(pointerType);
      if (failed(func.insertArgument(index + 1, IntegerType::get(func.getContext(), 1),
                                     DictionaryAttr(), argument.getLoc())))
        return failure();
      Descriptor desc;
      desc.base = argument;
      desc.padWithNaN = entry.getArgument(index + 1);
      for (unsigned dim = 0; dim < rank; ++dim) {
        desc.shape.push_back(entry.getArgument(index + 2 + dim));
        desc.strides.push_back(entry.getArgument(index + 2 + rank + dim));
      }
      desc.blockType = block;
      arguments[argument] = desc;
    }
    SmallVector<Type> inputs(entry.getArgumentTypes());
    func.setFunctionType(FunctionType::get(func.getContext(), inputs,
                                           func.getFunctionType().getResults()));
    return success();
  }

  LogicalResult lowerUse(OpBuilder &b, Operation *op, const Descriptor &desc) {
    Location loc = op->getLoc();
    DescriptorLowering lowering(b, loc, desc);
    ArrayRef<int64_t> blockShape = desc.blockType.getShape();
    auto blockAccess = [&](ValueRange indices) {
      SmallVector<std::pair<Value, Value>> dims;
      for (auto [dim, start] : llvm::enumerate(indices))
        dims.push_back(lowering.dimension(blockShape, dim, start));
      return lowering.pointersAndMask(blockShape, dims);
    };
    // Gather/scatter: rows from a tensor, a contiguous run of columns.
    auto rowAccess = [&](Value rows, Value column, ArrayRef<int64_t> shape) {
      SmallVector<std::pair<Value, Value>> dims{lowering.given(shape, 0, rows),
                                                lowering.dimension(shape, 1, column)};
      return lowering.pointersAndMask(shape, dims);
    };
    if (desc.blockType.getRank() != static_cast<int64_t>(desc.shape.size()))
      return op->emitError("descriptor block rank does not match its shape");

    if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
      auto [pointers, mask] = blockAccess(load.getIndices());
      Value loaded = LoadOp::create(b, loc, pointers, mask, lowering.padding(blockShape),
                                    ArrayRef<int32_t>{}, nullptr, load.getCache(),
                                    load.getEvict(), false);
      load.replaceAllUsesWith(
          reshapeTo(b, loc, loaded, cast<RankedTensorType>(load.getType()).getShape()));
    } else if (auto store = dyn_cast<DescriptorStoreOp>(op)) {
      auto [pointers, mask] = blockAccess(store.getIndices());
      StoreOp::create(b, loc, pointers, reshapeTo(b, loc, store.getSrc(), blockShape),
                      mask);
    } else if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
      std::optional<RMWOp> kind =
          atomicKindFor(reduce.getKind(), desc.blockType.getElementType());
      if (!kind)
        return reduce.emitError("descriptor_reduce ")
               << stringifyDescriptorReduceKind(reduce.getKind())
               << " has no atomic equivalent on SPIR-V targets";
      auto [pointers, mask] = blockAccess(reduce.getIndices());
      Value src = reshapeTo(b, loc, reduce.getSrc(), blockShape);
      AtomicRMWOp::create(b, loc, src.getType(), *kind, pointers, src, mask,
                          MemSemantic::RELAXED, MemSyncScope::GPU);
    } else if (auto gather = dyn_cast<DescriptorGatherOp>(op)) {
      ArrayRef<int64_t> shape = cast<RankedTensorType>(gather.getType()).getShape();
      auto [pointers, mask] = rowAccess(gather.getXOffsets(), gather.getYOffset(), shape);
      Value loaded = LoadOp::create(b, loc, pointers, mask, lowering.padding(shape),
                                    ArrayRef<int32_t>{}, nullptr, CacheModifier::NONE,
                                    EvictionPolicy::NORMAL, false);
      gather.replaceAllUsesWith(loaded);
    } else if (auto scatter = dyn_cast<DescriptorScatterOp>(op)) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(scatter.getSrc().getType()).getShape();
      auto [pointers, mask] = rowAccess(scatter.getXOffsets(), scatter.getYOffset(), shape);
      StoreOp::create(b, loc, pointers, scatter.getSrc(), mask);
    }
    op->erase();
    return success();
  }
};
} // namespace

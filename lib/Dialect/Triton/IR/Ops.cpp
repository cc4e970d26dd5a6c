//===- Ops.cpp - `tt` op verifiers, type inference, custom forms ----------===//
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

static int64_t bitWidthOf(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element))
    return 64;
  return element.getIntOrFloatBitWidth();
}

static ArrayRef<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

//===----------------------------------------------------------------------===//
// Tensor sizes (all ops)
//===----------------------------------------------------------------------===//
LogicalResult mlir::triton::verifyTensorSizes(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    int64_t n = tensor.getNumElements();
    if (n > kMaxTensorNumElements)
      return op->emitOpError("tensor ")
             << tensor << " has more than " << kMaxTensorNumElements
             << " elements";
    if (!llvm::isPowerOf2_64(n))
      return op->emitOpError("tensor ")
             << tensor << " must have a power-of-two number of elements";
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//
LogicalResult BitcastOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getType());
  if (isa<PointerType>(src) != isa<PointerType>(dst))
    return emitOpError("cannot bitcast between a pointer and a non-pointer "
                       "type; use tt.ptr_to_int / tt.int_to_ptr");
  if (auto srcPtr = dyn_cast<PointerType>(src)) {
    int dstSpace = cast<PointerType>(dst).getAddressSpace();
    if (srcPtr.getAddressSpace() != dstSpace)
      return emitOpError("cannot bitcast a pointer between address spaces ")
             << srcPtr.getAddressSpace() << " and " << dstSpace;
  }
  if (bitWidthOf(src) != bitWidthOf(dst))
    return emitOpError("cannot bitcast data-type of size ")
           << bitWidthOf(src) << " to data-type of size " << bitWidthOf(dst);
  return success();
}

LogicalResult FpToFpOp::verify() {
  int64_t srcWidth = bitWidthOf(getSrc().getType());
  int64_t dstWidth = bitWidthOf(getType());
  if (dstWidth < srcWidth && !getRounding())
    return emitOpError("rounding mode is required for a floating-point "
                       "downcast");
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//
LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(
      cast<PointerType>(getPtr().getType()).getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError("expects ")
           << block.getRank() << " offsets (one per block dimension), got "
           << getOffsets().size();
  return success();
}

LogicalResult LoadOp::verify() {
  bool blockPointer = isTensorPointerType(getPtr().getType());
  if (blockPointer && (getMask() || getOther()))
    return emitOpError("a block-pointer load takes no mask or other; use "
                       "boundaryCheck and padding");
  if (!blockPointer && (!getBoundaryCheck().empty() || getPadding()))
    return emitOpError("boundaryCheck and padding need a block pointer");
  int64_t rank = shapeOf(getType()).size();
  for (int32_t dim : getBoundaryCheck())
    if (dim < 0 || dim >= rank)
      return emitOpError("boundaryCheck dimension ")
             << dim << " is out of range for rank " << rank;
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

static void impureEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  impureEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  impureEffects(getPure(), effects);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//
LogicalResult UnsplatOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(
      cast<RankedTensorType>(operands[0].getType()).getElementType());
  return success();
}

LogicalResult UnsplatOp::verify() {
  if (cast<RankedTensorType>(getSrc().getType()).getNumElements() != 1)
    return emitOpError("source must have exactly one element");
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ") << axis << " is out of range";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (dst.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the source shape with a 1 "
                       "inserted at axis ")
           << axis;
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  if (src.getNumElements() != dst.getNumElements())
    return emitOpError("number of src and dst elements of reshape must be "
                       "the same");
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  if (src.getRank() != dst.getRank())
    return emitOpError("source rank ")
           << src.getRank() << " does not match result rank "
           << dst.getRank();
  for (auto [s, d] : llvm::zip(src.getShape(), dst.getShape()))
    if (s != d && s != 1)
      return emitOpError("only size-1 dimensions can be broadcast, got ")
             << s << " -> " << d;
  return success();
}

LogicalResult CatOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto dst = cast<RankedTensorType>(getType());
  if (lhs.getRank() != dst.getRank() ||
      dst.getNumElements() != 2 * lhs.getNumElements())
    return emitOpError("result must have the rank of the operands and twice "
                       "their number of elements");
  return success();
}

LogicalResult JoinOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto dst = cast<RankedTensorType>(getType());
  SmallVector<int64_t> expected(lhs.getShape());
  expected.push_back(2);
  if (dst.getShape() != ArrayRef<int64_t>(expected) ||
      dst.getElementType() != lhs.getElementType())
    return emitOpError("result must be the operand type with a new minor "
                       "dimension of size 2");
  return success();
}

LogicalResult SplitOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto out = cast<RankedTensorType>(getOutLHS().getType());
  if (src.getRank() < 1 || src.getShape().back() != 2)
    return emitOpError("source's minor dimension must have size 2");
  if (out.getShape() != src.getShape().drop_back() ||
      out.getElementType() != src.getElementType())
    return emitOpError("results must be the source without its minor "
                       "dimension");
  return success();
}

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != src.getRank())
    return emitOpError("order must have one entry per dimension");
  SmallVector<bool> seen(order.size(), false);
  for (auto [i, o] : llvm::enumerate(order)) {
    if (o < 0 || o >= src.getRank() || seen[o])
      return emitOpError("order must be a permutation of [0, rank)");
    seen[o] = true;
    if (dst.getDimSize(i) != src.getDimSize(o))
      return emitOpError("result dimension ")
             << i << " must equal source dimension " << o;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//
LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  int64_t rank = a.getRank();
  if (rank < 2 || rank > 3 || b.getRank() != rank || c.getRank() != rank)
    return emitOpError("operands must all be 2-D or all be 3-D (batched)");
  if (a.getElementType().getIntOrFloatBitWidth() !=
      b.getElementType().getIntOrFloatBitWidth())
    return emitOpError("element types of a and b must have the same bit "
                       "width");
  if (a.getDimSize(rank - 1) != b.getDimSize(rank - 2))
    return emitOpError("the K dimensions of a and b must match");
  if (c.getDimSize(rank - 2) != a.getDimSize(rank - 2) ||
      c.getDimSize(rank - 1) != b.getDimSize(rank - 1))
    return emitOpError("the accumulator must be M x N");
  if (rank == 3 && (a.getDimSize(0) != b.getDimSize(0) ||
                    a.getDimSize(0) != c.getDimSize(0)))
    return emitOpError("batch dimensions must match");
  return success();
}

// e2m1 (fp4) operands hold two values per i8: along K when k_pack is set,
// otherwise along M (a) or N (b). Each scale covers 32 values of K.
LogicalResult DotScaledOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  int64_t rank = a.getRank();
  if (rank < 2 || rank > 3 || b.getRank() != rank || c.getRank() != rank)
    return emitOpError("operands must all be 2-D or all be 3-D (batched)");
  auto unpacked = [](int64_t size, ScaleDotElemType type, bool packed) {
    return type == ScaleDotElemType::E2M1 && packed ? 2 * size : size;
  };
  int64_t k = unpacked(a.getDimSize(rank - 1), getAElemType(), getLhsKPack());
  if (k != unpacked(b.getDimSize(rank - 2), getBElemType(), getRhsKPack()))
    return emitOpError("the K dimensions of a and b must match");
  int64_t m = unpacked(a.getDimSize(rank - 2), getAElemType(), !getLhsKPack());
  int64_t n = unpacked(b.getDimSize(rank - 1), getBElemType(), !getRhsKPack());
  if (c.getDimSize(rank - 2) != m || c.getDimSize(rank - 1) != n)
    return emitOpError("the accumulator must be M x N");
  if (rank == 3 && (a.getDimSize(0) != b.getDimSize(0) ||
                    a.getDimSize(0) != c.getDimSize(0)))
    return emitOpError("batch dimensions must match");
  auto checkScale = [&](Value scale, StringRef name,
                        int64_t rows) -> LogicalResult {
    if (!scale)
      return success();
    auto type = cast<RankedTensorType>(scale.getType());
    if (type.getRank() != rank || type.getDimSize(rank - 2) != rows ||
        type.getDimSize(rank - 1) * 32 != k)
      return emitOpError() << name << " must be " << rows << " x " << k / 32
                           << " (one scale per 32 values of K), got " << type;
    return success();
  };
  if (failed(checkScale(getAScale(), "a_scale", m)) ||
      failed(checkScale(getBScale(), "b_scale", n)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Reduce / scan / map_elementwise
//===----------------------------------------------------------------------===//
// Checks a combiner block: 2 * N scalar arguments and N returned values, all
// of the operands' element types.
static LogicalResult verifyCombiner(Operation *op, Region &region,
                                    TypeRange elementTypes, unsigned copies) {
  Block &block = region.front();
  unsigned numOperands = elementTypes.size();
  if (block.getNumArguments() != copies * numOperands)
    return op->emitOpError("combiner must take ")
           << copies * numOperands << " arguments";
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elementTypes[i % numOperands])
      return op->emitOpError("combiner argument ")
             << i << " must have type " << elementTypes[i % numOperands];
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != numOperands)
    return op->emitOpError("combiner must return ") << numOperands << " values";
  for (auto [i, value] : llvm::enumerate(terminator->getOperands()))
    if (value.getType() != elementTypes[i])
      return op->emitOpError("combiner result ")
             << i << " must have type " << elementTypes[i];
  return success();
}

static SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(getElementTypeOrSelf(v.getType()));
  return types;
}

LogicalResult ReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  int64_t axis = properties.as<Properties *>()->axis.getInt();
  for (Value operand : operands) {
    auto tensor = cast<RankedTensorType>(operand.getType());
    if (axis < 0 || axis >= tensor.getRank())
      return emitOptionalError(location, "reduce axis out of range");
    SmallVector<int64_t> shape(tensor.getShape());
    shape.erase(shape.begin() + axis);
    if (shape.empty())
      inferred.push_back(tensor.getElementType());
    else
      inferred.push_back(tensor.clone(shape));
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner(*this, getCombineOp(), elementTypesOf(getSrcs()), 2);
}

LogicalResult ScanOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  for (Value operand : operands)
    inferred.push_back(operand.getType());
  return success();
}

LogicalResult ScanOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  auto tensor = cast<RankedTensorType>(getSrcs()[0].getType());
  if (getAxis() >= static_cast<uint64_t>(tensor.getRank()))
    return emitOpError("scan axis out of range");
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner(*this, getCombineOp(), elementTypesOf(getSrcs()), 2);
}

LogicalResult MapElementwiseOp::verify() {
  if (!llvm::isPowerOf2_32(getPack()))
    return emitOpError("pack must be a power of 2");
  return success();
}

// Each element type repeated `pack` times in a row: (a, b) x 2 -> a a b b.
static SmallVector<Type> repeatEach(ArrayRef<Type> types, unsigned pack) {
  SmallVector<Type> repeated;
  for (Type type : types)
    repeated.append(pack, type);
  return repeated;
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("needs a scalar region");
  unsigned pack = getPack();
  Block &block = region.front();
  SmallVector<Type> argTypes = repeatEach(elementTypesOf(getSrcs()), pack);
  if (block.getNumArguments() != argTypes.size())
    return emitOpError("region must take ") << argTypes.size() << " arguments";
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != argTypes[i])
      return emitOpError("region argument ")
             << i << " must have type " << argTypes[i];
  SmallVector<Type> resultTypes =
      repeatEach(elementTypesOf(getResult()), pack);
  WalkResult walk = region.walk([&](Operation *op) -> WalkResult {
    // Each lane runs the region as scalar code, so masked-off lanes would
    // still store: stores are not allowed.
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && effects.hasEffect<MemoryEffects::Write>())
      return op->emitOpError("stores are not allowed inside "
                             "tt.map_elementwise");
    if (isa<MapElementwiseReturnOp>(op) &&
        !llvm::equal(op->getOperandTypes(), resultTypes))
      return emitOpError("region return does not match map_elementwise "
                         "result");
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Misc
//===----------------------------------------------------------------------===//
LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  auto type = cast<RankedTensorType>(getType());
  if (start >= end)
    return emitOpError("start must be less than end");
  if (type.getRank() != 1 || !type.getElementType().isInteger(32))
    return emitOpError("result must be a 1-D tensor of i32");
  if (type.getDimSize(0) != end - start)
    return emitOpError("number of elements in the result must be end - start");
  return success();
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError("packed_element must be at least 1");
  if (getArgs().empty())
    return success();
  if (auto tensor = dyn_cast<RankedTensorType>(getArgs()[0].getType()))
    if (tensor.getNumElements() % getPackedElement() != 0)
      return emitOpError("number of input elements ")
             << tensor.getNumElements()
             << " must be a multiple of packed_element " << getPackedElement();
  ArrayRef<int64_t> shape = shapeOf(getArgs()[0].getType());
  for (Type type : getResultTypes())
    if (shapeOf(type) != shape)
      return emitOpError("results must have the shape of the arguments");
  return success();
}

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto dst = cast<RankedTensorType>(getType());
  if (src.getRank() != indices.getRank())
    return emitOpError("source and indices must have the same rank");
  if (getAxis() >= static_cast<uint64_t>(src.getRank()))
    return emitOpError("gather axis out of range");
  if (dst.getShape() != indices.getShape() ||
      dst.getElementType() != src.getElementType())
    return emitOpError("result must have the indices' shape and the "
                       "source's element type");
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (d != static_cast<int64_t>(getAxis()) &&
        indices.getDimSize(d) != src.getDimSize(d))
      return emitOpError("indices dimension ")
             << d << " must match the source dimension";
  return success();
}

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(
      cast<PointerType>(getType()).getPointeeType());
  size_t rank = block.getRank();
  if (getShape().size() != rank || getStrides().size() != rank ||
      getOffsets().size() != rank || getOrder().size() != rank)
    return emitOpError("shape, strides, offsets and order need one entry per "
                       "block dimension (")
           << rank << ")";
  return success();
}

LogicalResult MakeTensorDescOp::verify() {
  size_t rank = cast<TensorDescType>(getType()).getBlockType().getRank();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError("shape and strides need one entry per block "
                       "dimension (")
           << rank << ")";
  return success();
}

// Descriptors may spell integers with signedness (si32) where tensors use
// signless ones.
static bool sameDescriptorElement(Type a, Type b) {
  if (a == b)
    return true;
  auto intA = dyn_cast<IntegerType>(a), intB = dyn_cast<IntegerType>(b);
  return intA && intB && intA.getWidth() == intB.getWidth();
}

static LogicalResult verifyDescriptorAccess(Operation *op, Type descType,
                                            Type tensorType,
                                            size_t numIndices) {
  RankedTensorType block = cast<TensorDescType>(descType).getBlockType();
  auto tensor = cast<RankedTensorType>(tensorType);
  if (numIndices != static_cast<size_t>(block.getRank()))
    return op->emitOpError("expects one index per block dimension (")
           << block.getRank() << ")";
  // The tensor is the block, possibly without some leading size-1 dims.
  ArrayRef<int64_t> blockShape = block.getShape();
  size_t dropped = blockShape.size() - std::min<size_t>(blockShape.size(),
                                                        tensor.getRank());
  bool leadingOnes = llvm::all_of(blockShape.take_front(dropped),
                                  [](int64_t d) { return d == 1; });
  if (!leadingOnes || blockShape.drop_front(dropped) != tensor.getShape() ||
      !sameDescriptorElement(tensor.getElementType(), block.getElementType()))
    return op->emitOpError("tensor type ")
           << tensor << " does not match the descriptor block " << block;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getType(),
                                getIndices().size());
}
LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}
LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

// Gather/scatter move N whole rows of a 1 x M block: x_offsets is tensor<N>,
// the data tensor<N x M>. (Upstream's TMA minimum sizes are not checked.)
static LogicalResult verifyDescriptorRows(Operation *op, Type descType,
                                          Type offsetsType, Type tensorType) {
  RankedTensorType block = cast<TensorDescType>(descType).getBlockType();
  auto offsets = cast<RankedTensorType>(offsetsType);
  auto tensor = cast<RankedTensorType>(tensorType);
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError("descriptor block must be a 2-D tensor with one "
                           "row, got ")
           << block;
  if (offsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1-D tensor, got ") << offsets;
  int64_t rows = offsets.getDimSize(0), cols = block.getDimSize(1);
  if (tensor.getRank() != 2 || tensor.getDimSize(0) != rows ||
      tensor.getDimSize(1) != cols ||
      !sameDescriptorElement(tensor.getElementType(), block.getElementType()))
    return op->emitOpError("tensor must be ")
           << rows << "x" << cols
           << " with the descriptor's element type, got " << tensor;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getType());
}
LogicalResult DescriptorScatterOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getSrc().getType());
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//
LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this,
                                                            getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee()
                            << "' does not reference a valid function";
  FunctionType type = callee.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()) ||
      !llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("operand and result types must match the callee's "
                       "signature ")
           << type;
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << function.getName() << ") returns " << results.size();
  for (auto [i, type] : llvm::enumerate(results))
    if (getOperand(i).getType() != type)
      return emitOpError("type of return operand ")
             << i << " (" << getOperand(i).getType()
             << ") doesn't match function result type (" << type << ")";
  return success();
}

#define GET_OP_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonOps.cpp.inc"

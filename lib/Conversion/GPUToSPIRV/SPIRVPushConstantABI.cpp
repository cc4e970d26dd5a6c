//===- SPIRVPushConstantABI.cpp - kernel arguments as push constants ------===//
//
// Triton pointers are raw 64-bit addresses. Upstream spirv-lower-abi-attrs
// would turn each argument into a descriptor-bound global, which Vulkan
// rejects for PhysicalStorageBuffer. Here every entry-point argument becomes
// a field of one push-constant block: pointers as i64 buffer device addresses
// (OpConvertUToPtr), scalars by value, at scalar-layout offsets. A block too
// large for the device's push constants moves to memory, and the push
// constant holds only its address.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVPUSHCONSTANTABI
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct ArgumentField {
  // i64 for pointers; scalars narrower than 32 bits (i1, i8, i16, f16) in a
  // 32-bit word, whose low bits hold the value: 8/16-bit push-constant
  // storage (StoragePushConstant8/16) is optional in Vulkan.
  Type storedType;
  int64_t offset;
  int64_t size;
  std::string kind; // "ptr" or the scalar type's spelling
};

int64_t alignTo(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

FailureOr<SmallVector<ArgumentField>> layoutArguments(spirv::FuncOp func,
                                                      int64_t &totalSize) {
  MLIRContext *context = func.getContext();
  SmallVector<ArgumentField> fields;
  int64_t offset = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    ArgumentField field;
    if (auto ptr = dyn_cast<spirv::PointerType>(type)) {
      if (ptr.getStorageClass() != spirv::StorageClass::PhysicalStorageBuffer)
        return func.emitError("spirv-push-constant-abi: argument ")
               << i << " is a pointer outside PhysicalStorageBuffer";
      field.storedType = IntegerType::get(context, 64);
      field.kind = "ptr";
    } else if (type.isIntOrFloat()) {
      field.storedType = type.getIntOrFloatBitWidth() < 32
                             ? IntegerType::get(context, 32)
                             : type;
      std::string spelling;
      llvm::raw_string_ostream os(spelling);
      type.print(os);
      field.kind = spelling;
    } else {
      return func.emitError("spirv-push-constant-abi: unsupported argument "
                            "type ")
             << type;
    }
    field.size = field.storedType.getIntOrFloatBitWidth() / 8;
    field.offset = offset = alignTo(offset, field.size);
    offset += field.size;
    fields.push_back(field);
  }
  totalSize = offset;
  return fields;
}

/// The low bits of a 32-bit word as a narrower scalar: integers truncate;
/// 16-bit floats are the first half of the word seen as two of them (which
/// needs no Int16 capability).
Value narrowScalar(OpBuilder &builder, Location loc, Value word, Type type) {
  if (isa<IntegerType>(type))
    return spirv::UConvertOp::create(builder, loc, type, word);
  auto pair = VectorType::get({2}, type);
  Value halves = spirv::BitcastOp::create(builder, loc, pair, word);
  return spirv::CompositeExtractOp::create(builder, loc, halves,
                                           ArrayRef<int32_t>{0});
}

spirv::StructType structOf(ArrayRef<Type> types, ArrayRef<int64_t> offsets) {
  SmallVector<spirv::StructType::OffsetInfo> offsetInfo(offsets.begin(),
                                                        offsets.end());
  return spirv::StructType::get(types, offsetInfo);
}

struct SPIRVPushConstantABIPass
    : public triton_spirv::impl::SPIRVPushConstantABIBase<
          SPIRVPushConstantABIPass> {
  using SPIRVPushConstantABIBase::SPIRVPushConstantABIBase;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    SmallVector<spirv::FuncOp> entries = triton_spirv::entryPointFunctions(module);
    for (spirv::FuncOp func : entries)
      if (failed(lowerArguments(module, func)))
        return signalPassFailure();
  }

  LogicalResult lowerArguments(spirv::ModuleOp module, spirv::FuncOp func) {
    MLIRContext *context = &getContext();
    int64_t totalSize = 0;
    FailureOr<SmallVector<ArgumentField>> fields =
        layoutArguments(func, totalSize);
    if (failed(fields))
      return failure();
    bool useArgumentBlock = totalSize > maxPushConstantBytes;

    SmallVector<Type> fieldTypes;
    SmallVector<int64_t> fieldOffsets;
    for (const ArgumentField &field : *fields) {
      fieldTypes.push_back(field.storedType);
      fieldOffsets.push_back(field.offset);
    }
    auto i64 = IntegerType::get(context, 64);
    auto i32 = IntegerType::get(context, 32);
    // A kernel without arguments still gets a (one-word) block.
    auto argumentStruct = fields->empty() ? structOf({i32}, {0})
                                          : structOf(fieldTypes, fieldOffsets);
    spirv::StructType pushStruct =
        useArgumentBlock ? structOf({i64}, {0}) : argumentStruct;

    OpBuilder builder(module.getBodyRegion());
    std::string globalName = ("__triton_spirv_args_" + func.getName()).str();
    auto global = spirv::GlobalVariableOp::create(
        builder, func.getLoc(),
        spirv::PointerType::get(pushStruct, spirv::StorageClass::PushConstant),
        globalName);

    Block &entry = func.getBody().front();
    builder.setInsertionPointToStart(&entry);
    Location loc = func.getLoc();
    Value pushConstants = spirv::AddressOfOp::create(builder, loc, global);
    auto fieldIndex = [&](int64_t index) {
      return spirv::ConstantOp::create(builder, loc, i32,
                                       builder.getI32IntegerAttr(index));
    };
    // Loads field `index` from the push constants or the argument block.
    Value argumentBlock;
    if (useArgumentBlock) {
      Value address = spirv::LoadOp::create(
          builder, loc,
          spirv::AccessChainOp::create(builder, loc, pushConstants,
                                       ValueRange{fieldIndex(0)}));
      argumentBlock = spirv::ConvertUToPtrOp::create(
          builder, loc,
          spirv::PointerType::get(argumentStruct,
                                  spirv::StorageClass::PhysicalStorageBuffer),
          address);
    }
    auto loadField = [&](int64_t index, const ArgumentField &field) -> Value {
      if (!useArgumentBlock)
        return spirv::LoadOp::create(
            builder, loc,
            spirv::AccessChainOp::create(builder, loc, pushConstants,
                                         ValueRange{fieldIndex(index)}));
      Value pointer = spirv::AccessChainOp::create(
          builder, loc, argumentBlock, ValueRange{fieldIndex(index)});
      auto aligned = spirv::MemoryAccessAttr::get(
          context, spirv::MemoryAccess::Aligned);
      return spirv::LoadOp::create(
          builder, loc, field.storedType, pointer, aligned,
          builder.getI32IntegerAttr(field.size));
    };

    // Trailing arguments the launcher fills in (spirv-spill-workgroup-memory)
    // are named by their role instead of their type.
    auto hidden = func->getAttrOfType<ArrayAttr>("triton_spirv.hidden_arguments");
    size_t firstHidden = fields->size() - (hidden ? hidden.size() : 0);
    for (size_t i = firstHidden; i < fields->size(); ++i)
      (*fields)[i].kind = cast<StringAttr>(hidden[i - firstHidden]).str();
    SmallVector<Attribute> layout;
    for (auto [index, field] : llvm::enumerate(*fields)) {
      BlockArgument argument = entry.getArgument(index);
      Value value = loadField(index, field);
      if (isa<spirv::PointerType>(argument.getType()))
        value = spirv::ConvertUToPtrOp::create(builder, loc,
                                               argument.getType(), value);
      else if (argument.getType().isInteger(1))
        value = spirv::INotEqualOp::create(
            builder, loc, value,
            spirv::ConstantOp::create(builder, loc, i32,
                                      builder.getI32IntegerAttr(0)));
      else if (argument.getType() != field.storedType)
        value = narrowScalar(builder, loc, value, argument.getType());
      argument.replaceAllUsesWith(value);
      layout.push_back(builder.getDictionaryAttr({
          builder.getNamedAttr("kind", builder.getStringAttr(field.kind)),
          builder.getNamedAttr("offset", builder.getI64IntegerAttr(field.offset)),
          builder.getNamedAttr("size", builder.getI64IntegerAttr(field.size)),
      }));
    }
    int64_t scratchBytes = 0, stagedBytes = 0;
    if (auto bytes = func->getAttrOfType<IntegerAttr>(
            "triton_spirv.scratch_bytes_per_program"))
      scratchBytes = bytes.getInt();
    if (auto bytes = func->getAttrOfType<IntegerAttr>(
            "triton_spirv.staged_scratch_bytes"))
      stagedBytes = bytes.getInt();
    entry.eraseArguments(0, entry.getNumArguments());
    func.setFunctionType(builder.getFunctionType({}, {}));
    func.removeArgAttrsAttr();
    SmallVector<NamedAttribute> abi = {
        builder.getNamedAttr("arguments", builder.getArrayAttr(layout)),
        builder.getNamedAttr("argument_bytes",
                             builder.getI64IntegerAttr(totalSize)),
        builder.getNamedAttr("argument_block",
                             builder.getBoolAttr(useArgumentBlock)),
        builder.getNamedAttr("scratch_bytes_per_program",
                             builder.getI64IntegerAttr(scratchBytes)),
    };
    // Part of the scratch that holds loop-staged tiles (shared memory the
    // kernel reports).
    if (stagedBytes)
      abi.push_back(builder.getNamedAttr("staged_scratch_bytes",
                                         builder.getI64IntegerAttr(stagedBytes)));
    func->setAttr("triton_spirv.abi", builder.getDictionaryAttr(abi));
    func->removeAttr("triton_spirv.hidden_arguments");
    func->removeAttr("triton_spirv.scratch_bytes_per_program");
    func->removeAttr("triton_spirv.staged_scratch_bytes");
    return success();
  }
};
} // namespace

//===- KernelToSPIRVPatterns.h - our GPU -> SPIR-V patterns ------*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_GPUTOSPIRV_PATTERNS_H
#define TRITON_SPIRV_LIB_CONVERSION_GPUTOSPIRV_PATTERNS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "../LinalgToGPU/MemorySpaces.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"

namespace mlir::triton_spirv {

/// The `Aligned` memory-access operand (PhysicalStorageBuffer accesses must
/// state their alignment).
inline spirv::MemoryAccessAttr alignedAccess(MLIRContext *context) {
  return spirv::MemoryAccessAttr::get(context, spirv::MemoryAccess::Aligned);
}

/// The pointer a load or store (plain or cooperative-matrix) accesses; null
/// for any other op.
inline Value accessedPointer(Operation *op) {
  if (auto load = dyn_cast<spirv::LoadOp>(op))
    return load.getPtr();
  if (auto store = dyn_cast<spirv::StoreOp>(op))
    return store.getPtr();
  if (auto load = dyn_cast<spirv::KHRCooperativeMatrixLoadOp>(op))
    return load.getPointer();
  if (auto store = dyn_cast<spirv::KHRCooperativeMatrixStoreOp>(op))
    return store.getPointer();
  return {};
}

/// Adds `bits` to the memory-access operand of an access accessedPointer
/// knows, keeping the bits it has.
inline void addMemoryAccess(Operation *op, spirv::MemoryAccess bits) {
  auto with = [&](std::optional<spirv::MemoryAccess> current) {
    return spirv::MemoryAccessAttr::get(op->getContext(),
                                        current ? bits | *current : bits);
  };
  if (auto load = dyn_cast<spirv::LoadOp>(op))
    load.setMemoryAccessAttr(with(load.getMemoryAccess()));
  else if (auto store = dyn_cast<spirv::StoreOp>(op))
    store.setMemoryAccessAttr(with(store.getMemoryAccess()));
  else if (auto load = dyn_cast<spirv::KHRCooperativeMatrixLoadOp>(op))
    load.setMemoryOperandAttr(with(load.getMemoryOperand()));
  else if (auto store = dyn_cast<spirv::KHRCooperativeMatrixStoreOp>(op))
    store.setMemoryOperandAttr(with(store.getMemoryOperand()));
}

/// memref.generic_atomic_rmw as a compare-exchange loop.
/// In functions with ordered (non-relaxed) atomics, makes every global
/// (PhysicalStorageBuffer) load and store Volatile: under the GLSL450 memory
/// model only volatile accesses are coherent across workgroups, and the data
/// a lock protects must be read and written that way (tutorial 05's dW/dB).
/// Kernels marked kVolatileLoadsAttr (the gpu.func's attributes reach the
/// spirv.func) poll memory too; the marker is removed.
void makeGlobalAccessesCoherentWhereOrdered(Operation *root);

/// On GPUs, global element accesses whose index may be negative (an offset
/// below the pointer argument) address base + index * stride instead of an
/// OpAccessChain index outside the runtime array.
void addressGlobalElementsWithSignedOffsets(Operation *root);

/// A view of an address (isRawAddressView) once placed in global memory.
inline bool isMemrefViewOfAddress(UnrealizedConversionCastOp cast) {
  if (!isRawAddressView(cast))
    return false;
  auto space = dyn_cast_or_null<spirv::StorageClassAttr>(
      llvm::cast<MemRefType>(cast.getResult(0).getType()).getMemorySpace());
  return space && space.getValue() == spirv::StorageClass::PhysicalStorageBuffer;
}

/// Bytes of a scalar or a vector of scalars in memory; 0 for booleans (SPIR-V
/// `type` (a scalar or a vector) with `element` as its element type.
inline Type withElementType(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

/// `value` as a constant attribute of `type`: a scalar, or a vector's splat;
/// integer element types take it truncated toward zero (small values only).
inline TypedAttr scalarOrSplatAttr(Type type, double value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr =
      isa<FloatType>(element)
          ? TypedAttr(FloatAttr::get(element, value))
          : TypedAttr(IntegerAttr::get(element, static_cast<int64_t>(value)));
  if (auto vector = dyn_cast<VectorType>(type))
    attr = SplatElementsAttr::get(vector, attr);
  return attr;
}

/// gives them no size: the driver chooses) and for anything else.
inline int64_t scalarOrVectorBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() * scalarOrVectorBytes(vector.getElementType());
  if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() % 8)
    return 0;
  return type.getIntOrFloatBitWidth() / 8;
}

/// Whether the element pointer `chain` makes is only loaded from or stored
/// to (never itself stored as a value or passed on).
inline bool onlyLoadedAndStoredThrough(spirv::AccessChainOp chain) {
  return llvm::all_of(chain->getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    return isa<spirv::LoadOp>(user) ||
           (isa<spirv::StoreOp>(user) && use.getOperandNumber() == 0);
  });
}

/// A Workgroup variable's pointee with its array (held directly, or as the
/// only member of a plain struct) replaced by `rewrite(array)`; null where
/// the pointee is no such array or `rewrite` returns null.
inline Type
rewriteWorkgroupArray(Type pointee,
                      function_ref<spirv::ArrayType(spirv::ArrayType)> rewrite) {
  if (auto array = dyn_cast<spirv::ArrayType>(pointee))
    return rewrite(array);
  auto structType = dyn_cast<spirv::StructType>(pointee);
  if (!structType || structType.getNumElements() != 1 ||
      structType.hasOffset() || structType.isIdentified())
    return {};
  auto array = dyn_cast<spirv::ArrayType>(structType.getElementType(0));
  if (!array)
    return {};
  if (spirv::ArrayType rewritten = rewrite(array))
    return spirv::StructType::get({rewritten});
  return {};
}

/// Gives each Workgroup variable of `module` the pointee `retype` returns for
/// it (given its pointee and its spirv.mlir.addressof ops), its addresses the
/// matching pointer type; a null result leaves the variable alone. `retype`
/// rewrites the accesses the new type needs.
inline void retypeWorkgroupVariables(
    spirv::ModuleOp module,
    function_ref<Type(Type, ArrayRef<spirv::AddressOfOp>)> retype) {
  llvm::StringMap<SmallVector<spirv::AddressOfOp>> addressesOf;
  module.walk([&](spirv::AddressOfOp address) {
    addressesOf[address.getVariable()].push_back(address);
  });
  for (auto variable : module.getOps<spirv::GlobalVariableOp>()) {
    auto pointer = cast<spirv::PointerType>(variable.getType());
    if (pointer.getStorageClass() != spirv::StorageClass::Workgroup)
      continue;
    ArrayRef<spirv::AddressOfOp> addresses = addressesOf[variable.getSymName()];
    Type pointee = retype(pointer.getPointeeType(), addresses);
    if (!pointee)
      continue;
    auto retyped = spirv::PointerType::get(pointee, spirv::StorageClass::Workgroup);
    variable.setTypeAttr(TypeAttr::get(retyped));
    for (spirv::AddressOfOp address : addresses)
      address.getPointer().setType(retyped);
  }
}

/// The kernel entry points of a SPIR-V module (functions still carrying
/// spirv.entry_point_abi, before spirv-lower-abi-attrs).
inline SmallVector<spirv::FuncOp> entryPointFunctions(spirv::ModuleOp module) {
  SmallVector<spirv::FuncOp> entries;
  module.walk([&](spirv::FuncOp func) {
    if (func->hasAttr(spirv::getEntryPointABIAttrName()))
      entries.push_back(func);
  });
  return entries;
}

/// Before conversion: the A and B fragment loads of every
/// gpu.subgroup_mma_compute marked kBF16OperandsAttr get the marker too
/// (the compute carries it through passes that rebuild loads without their
/// attributes, fold-memref-alias-ops for one). Fails where such an operand
/// is not a fragment load, or a marked load feeds an unmarked compute.
LogicalResult markBF16FragmentLoads(Operation *root);
/// gpu.subgroup_mma_load_matrix marked kBF16OperandsAttr (f16 fragments
/// holding bf16 bits) as cooperative-matrix loads that keep the marker.
void populateBF16FragmentLoadPatterns(SPIRVTypeConverter &converter,
                                      RewritePatternSet &patterns);
/// After conversion: the marked loads' results become bf16 cooperative
/// matrices (the marker removed); fails where one feeds anything but a
/// multiply-add's A or B.
LogicalResult retypeBF16Fragments(Operation *root);

void populateGenericAtomicToSPIRVPatterns(SPIRVTypeConverter &converter,
                                          RewritePatternSet &patterns);

/// llvm.inttoptr/load/store at raw byte addresses (raw-address kernels).
void populateRawAddressToSPIRVPatterns(SPIRVTypeConverter &converter,
                                       RewritePatternSet &patterns);

/// memref.expand_shape/collapse_shape between row-major memrefs that lower to
/// one SPIR-V type: the source's pointer (reshapes fold-memref-alias-ops
/// could not fold into their accesses).
void populateContiguousReshapeToSPIRVPatterns(SPIRVTypeConverter &converter,
                                              RewritePatternSet &patterns);

/// Aligned vector loads/stores of PhysicalStorageBuffer memrefs (from
/// vectorize-contiguous-runs) plus upstream's vector op patterns;
/// `vectorsAsInt64`: 8-byte vectors as one i64 access.
void populateVectorAccessToSPIRVPatterns(SPIRVTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         bool vectorsAsInt64);

/// Workgroup allocs of 8- and 16-byte vectors accessed only by element loads
/// and stores become allocs of i64 and vector<2xi64>, bitcast at each access
/// (before conversion).
void packWorkgroupVectorsAsInt64(gpu::GPUModuleOp module);

/// f64 exp/exp2/expm1/log/log2/log10/log1p/pow as arithmetic (GLSL.std.450
/// has no f64 transcendentals).
void populateFloat64MathExpansionPatterns(RewritePatternSet &patterns);

/// f32 atan/asin/acos, tanh/sinh and inverses, log1p/expm1, erfc and cbrt:
/// with `throughFloat64`, the f64 expansions rounded once (GLSL.std.450's
/// are accurate only in absolute terms); cbrt otherwise (and on f16) as
/// e^(log|x| / 3) plus a Newton step.
void populateFloat32MathExpansionPatterns(RewritePatternSet &patterns,
                                          bool throughFloat64);

/// f32 sin/cos (argument reduced in f64, polynomials) and log/log2 (2^e * m,
/// a polynomial for log1p) within 2 ulp, for drivers whose GLSL ones are
/// accurate only in absolute terms.
void populateAccurateFloat32TranscendentalPatterns(RewritePatternSet &patterns);

/// f16/f32 math.exp2 -> GL.Exp2.
void populateExp2ToSPIRVPatterns(SPIRVTypeConverter &converter,
                                 RewritePatternSet &patterns);

/// pow(x, y) with C's special cases (negative bases, zeros, ones, NaNs,
/// infinities) selected around `magnitudeOfAbs(|x|)`, which computes |x|^y
/// for a non-negative base.
Value powWithSpecialCases(OpBuilder &b, Location loc, Value x, Value y,
                          llvm::function_ref<Value(Value)> magnitudeOfAbs);

/// math.powf on f16/f32 (before conversion): the special cases around a
/// marked math.powf of |x|, which the pattern below turns into GL.Pow; with
/// `float32ThroughFloat64`, f32's |x|^y is exp2 of y * log2|x| taken in f64
/// (within 2 ulp, as libdevice's powf) instead.
void populatePowExpansionPatterns(RewritePatternSet &patterns,
                                  bool float32ThroughFloat64);
void populateNonNegativePowToSPIRVPatterns(SPIRVTypeConverter &converter,
                                           RewritePatternSet &patterns);

/// index_cast of i64 add/sub/mul chains to index recomputed in i32 (only
/// where index is 32-bit, as in SPIR-V).
void populateNarrowIndexArithmeticPatterns(RewritePatternSet &patterns);

} // namespace mlir::triton_spirv

#endif

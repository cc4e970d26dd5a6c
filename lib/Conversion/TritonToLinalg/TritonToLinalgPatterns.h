//===- TritonToLinalgPatterns.h - pattern groups of triton-to-linalg -*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_TRITONTOLINALG_PATTERNS_H
#define TRITON_SPIRV_LIB_CONVERSION_TRITONTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton_spirv {

/// Name of the discardable attribute PointerBaseAnalysis puts on every memory
/// op: the index of the kernel argument its pointer derives from.
inline constexpr llvm::StringLiteral kBaseArgAttr = "triton_spirv.base_arg";

/// On a scalar tt.int_to_ptr that is a base (an address read from memory)
/// and on the memory ops whose pointer derives from it: the base's number
/// in the module. The cast becomes a memref view of its address.
inline constexpr llvm::StringLiteral kScalarBaseAttr = "triton_spirv.scalar_base";

/// Resolves, for every pointer-consuming memory op in `module`, the base its
/// pointer derives from and records it: kBaseArgAttr for a kernel argument,
/// kScalarBaseAttr for a scalar tt.int_to_ptr. Emits a diagnostic naming the
/// op when no single base exists.
LogicalResult annotatePointerBases(Operation *module);

/// Marks the tt.int_to_ptr ops lower-raw-pointers creates right before the
/// memory ops that access raw 64-bit byte addresses, and the functions whose
/// pointers are all raw addresses (their pointer arguments become i64).
constexpr llvm::StringLiteral kRawAddressAttr = "triton_spirv.raw_address";

/// Whether a memory op of `func` accesses a pointer that does not trace to
/// one base defined before it, or `func` turns pointers into integers or
/// tensors of integers into pointers.
bool hasUntraceablePointers(Operation *func);

/// The argument attribute of the debug buffer kernels that print or assert
/// take last (see DebugOpsToLinalg.cpp for its layout).
constexpr llvm::StringLiteral kDebugBufferAttr = "triton_spirv.debug_buffer";
/// The two arguments lower-raw-pointers appends to a kernel that makes
/// pointers from integers it did not get from pointers (pointer tables):
/// a table of (foreign base, bytes, Vulkan base - foreign base) rows and its
/// row count. The launcher fills them (no rows where addresses are Vulkan's).
constexpr llvm::StringLiteral kAddressMapAttr = "triton_spirv.address_map";
constexpr llvm::StringLiteral kAddressMapRowsAttr = "triton_spirv.address_map_rows";

/// Numbers tt.print/tt.assert ops and appends the debug buffer argument to
/// the kernels that have them. Run before the conversion.
LogicalResult prepareDebugOps(ModuleOp module);

/// tt.print/tt.assert as records written to the debug buffer.
void populateDebugOpConversionPatterns(TypeConverter &converter,
                                       RewritePatternSet &patterns);

/// Whether the memory op `op` accesses a raw address (lower-raw-pointers).
bool isRawAddressAccess(Operation *op);

/// `!tt.ptr<T>` -> i64 element offset; tensors of pointers -> tensor of i64.
class TritonPointerTypeConverter : public TypeConverter {
public:
  TritonPointerTypeConverter();
};

/// tt.func/return/call and kernel signatures (pointer args -> memref<?xT>).
void populateFunctionConversionPatterns(TypeConverter &converter,
                                        RewritePatternSet &patterns);
/// addptr, load, store, pointer splat/broadcast: memref accesses at offsets.
void populateMemoryOpConversionPatterns(TypeConverter &converter,
                                        RewritePatternSet &patterns);
/// make_range, splat, broadcast, expand_dims, reshape, trans, reduce, dot,
/// program ids, tensor constants and tt elementwise math.
void populateTensorOpConversionPatterns(TypeConverter &converter,
                                        RewritePatternSet &patterns);

/// unsplat, join, split, cat, gather, histogram.
void populateShapeOpConversionPatterns(TypeConverter &converter,
                                       RewritePatternSet &patterns);
/// tt.scan as log2(N) Hillis-Steele steps.
void populateScanConversionPatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns);
/// tt.extern_elementwise calls of libdevice functions -> math/arith.
void populateExternElementwiseConversionPatterns(TypeConverter &converter,
                                                 RewritePatternSet &patterns);
/// map_elementwise, elementwise_inline_asm (rejected), llvm.intr.assume
/// (dropped).
void populateElementwiseRegionConversionPatterns(TypeConverter &converter,
                                                 RewritePatternSet &patterns);
/// Lifts multi-block tt.func bodies (a `return` inside an `if`) and
/// tt.map_elementwise regions to scf, so that each is one block (a kernel
/// body, a linalg body). Run before the conversion.
LogicalResult liftControlFlowToSCF(Operation *root);

/// `vector` (a 1-D tensor) placed along `dim` of `shape` (tt.expand_dims to
/// unit dimensions around it, then tt.broadcast). TTIR level, used by the
/// descriptor and block pointer lowerings.
Value broadcastAlongDim(OpBuilder &builder, Location loc, Value vector,
                        ArrayRef<int64_t> shape, unsigned dim);

/// The i64 offset a converted pointer operand stands for (a kernel pointer
/// argument, still a memref, is offset 0 from itself).
Value pointerOffset(OpBuilder &builder, Location loc, Value converted);

/// A tensor of `shape` holding `scalar` everywhere (a generic, so it fuses).
Value splatScalar(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                  Value scalar);

/// Builds a parallel linalg.generic over `shape` whose body is produced by
/// `bodyBuilder(builder, loc, scalarInputs) -> yielded values`. Scalar
/// inputs are broadcast; tensor inputs must have `shape`.
SmallVector<Value> buildElementwiseGeneric(
    OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
    ValueRange inputs, TypeRange resultElementTypes,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>
        bodyBuilder);

} // namespace mlir::triton_spirv

#endif

//===- TritonOps.td - operations of the `tt` dialect -------*- tablegen -*-===//
//
// Each op keeps the upstream (triton 3.6.0) name, operands, attributes and
// textual form; ops that upstream prints in generic form (reduce, scan,
// map_elementwise) have no assembly format here either.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_DIALECT_TRITON_OPS
#define TRITON_SPIRV_DIALECT_TRITON_OPS

include "triton-spirv/Dialect/Triton/IR/TritonDialect.td"
include "triton-spirv/Dialect/Triton/IR/TritonTypes.td"
include "triton-spirv/Dialect/Triton/IR/TritonAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CallInterfaces.td"

def TT_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

// Like upstream, every tensor operand and result of a tt op has a power-of-two
// number of elements, at most 2^20 (Dialect.h: TensorSizeTrait).
def TT_TensorSizeTrait : NativeOpTrait<"TensorSizeTrait"> {
  let cppNamespace = "::mlir::triton";
}

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic, !listconcat(traits, [TT_TensorSizeTrait])>;

// Shared textual form `$src attr-dict : type($src) -> type($result)`.
class TT_UnaryCastOp<string mnemonic, Type srcType, Type resultType,
                     list<Trait> traits = []>
    : TT_Op<mnemonic, !listconcat([Pure, Elementwise,
                                   SameOperandsAndResultShape], traits)> {
  let arguments = (ins srcType:$src);
  let results = (outs resultType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//
def TT_IntToPtrOp : TT_UnaryCastOp<"int_to_ptr", TT_I64Like, TT_PtrLike> {
  let summary = "reinterpret a 64-bit integer as a pointer";
}
def TT_PtrToIntOp : TT_UnaryCastOp<"ptr_to_int", TT_PtrLike, TT_I64Like> {
  let summary = "reinterpret a pointer as a 64-bit integer";
}
def TT_BitcastOp : TT_UnaryCastOp<"bitcast", TT_Type, TT_Type> {
  let summary = "reinterpret bits between types of equal width (pointers too)";
  let hasVerifier = 1;
}
def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure, Elementwise,
                                     SameOperandsAndResultShape]> {
  let summary = "float conversion incl. fp8, with an optional rounding mode";
  let arguments = (ins TT_FloatLike:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//
def TT_ClampFOp : TT_Op<"clampf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "clamp x to [min, max]; propagateNan says whether NaN wins";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}
def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Pure, Elementwise,
                                              SameOperandsAndResultType]> {
  let summary = "correctly rounded square root";
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}
def TT_PreciseDivFOp : TT_Op<"precise_divf", [Pure, Elementwise,
                                              SameOperandsAndResultType]> {
  let summary = "correctly rounded division";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}
def TT_ApproxDivFOp : TT_Op<"approx_divf", [Pure, Elementwise,
                                            SameOperandsAndResultType]> {
  let summary = "approximate f32 division (tl.fdiv(approx=True), Triton >= 3.9)";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}
def TT_MulhiUIOp : TT_Op<"mulhiui", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "high half of the unsigned 2N-bit product";
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//
def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise, SameOperandsAndResultShape,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "ptr + offset * sizeof(pointee)";
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($result) `,` type($offset)
  }];
}
def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "move a block pointer by per-dimension element offsets";
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//
def TT_LoadOp : TT_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches ptr type", "ptr", "other",
                   "::mlir::triton::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "load through a tensor of pointers or a block pointer";
  let description = [{
    Lanes whose mask is false do not touch memory and yield `other` (or an
    unspecified value when `other` is absent).
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def TT_StoreOp : TT_Op<"store", [
    MemoryEffects<[MemWrite<TT_GlobalMemory>]>,
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "store through a tensor of pointers or a block pointer";
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [SameOperandsAndResultShape,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"mask type matches value type", "val", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write; returns the old value";
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op, TT_PtrLike:$ptr,
                       TT_Type:$val, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [SameOperandsAndResultShape,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomic compare-and-swap; returns the old value";
  let arguments = (ins TT_PtrLike:$ptr, TT_Type:$cmp, TT_Type:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

// Triton >= 3.9: tl.atomic_load / tl.atomic_store / tl.atomic_poll.
def TT_AtomicLoadOp : TT_Op<"atomic_load", [SameOperandsAndResultShape,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "atomic load (acquire or relaxed)";
  let arguments = (ins TT_PtrLike:$ptr, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
}

def TT_AtomicStoreOp : TT_Op<"atomic_store", [
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>,
    TypesMatchWith<"value type matches ptr type", "ptr", "val",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic store (release or relaxed)";
  let arguments = (ins TT_PtrLike:$ptr, TT_Type:$val, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` type($ptr)
  }];
}

def TT_AtomicPollOp : TT_Op<"atomic_poll", [
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "spin until every element equals `expected` (or the timeout "
                "ends); true where it did";
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$expected,
                       Optional<I64>:$timeout,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_BoolLike:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $expected (`timeout` $timeout^)? attr-dict `:`
    type($ptr) `,` type($expected) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//
def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType]> {
  let summary = "broadcast a scalar to a tensor";
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}
def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the single element of a one-element tensor, as a scalar";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
}
def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "insert a size-1 dimension at `axis`";
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}
def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tensor with another shape (row-major order)";
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}
def TT_BroadcastOp : TT_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "grow size-1 dimensions";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}
def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors along dimension 0";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}
def TT_JoinOp : TT_Op<"join", [NoMemoryEffect, SameTypeOperands]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}
def TT_SplitOp : TT_Op<"split", [NoMemoryEffect,
    TypesMatchWith<"outLHS and outRHS types match", "outLHS", "outRHS", "$_self">]> {
  let summary = "split the minor dimension of size 2 into two tensors";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}
def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permute dimensions (result dim i = source dim order[i])";
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//
def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "this program's index along an axis of the grid";
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}
def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "the grid size along an axis";
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//
def TT_DotOp : TT_Op<"dot", [Pure,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c", "$_self">]> {
  let summary = "d = a * b + c";
  let arguments = (ins TT_FpIntTensor:$a, TT_FpIntTensor:$b, TT_FpIntTensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}
def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c", "$_self">]> {
  let summary = "d = scale(a, a_scale) * scale(b, b_scale) + c (microscaling)";
  let arguments = (ins
    RankedTensorOf<[TT_Float, I8]>:$a, RankedTensorOf<[TT_Float, I8]>:$b,
    TT_FloatTensor:$c,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type, TT_ScaleDotElemTypeAttr:$b_elem_type,
    BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions, scans, regions
//===----------------------------------------------------------------------===//
def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "reduce tensors along `axis` with the combiner region";
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}
def TT_ReduceReturnOp : TT_Op<"reduce.return",
    [HasParent<"ReduceOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of the tt.reduce combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}
def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultShape, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "inclusive associative scan along `axis`";
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis, BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}
def TT_ScanReturnOp : TT_Op<"scan.return",
    [HasParent<"ScanOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of the tt.scan combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}
def TT_MapElementwiseOp : TT_Op<"map_elementwise", [SameOperandsAndResultShape,
                                                    RecursiveMemoryEffects]> {
  let summary = "apply a scalar region to `pack` elements at a time";
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}
def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return",
    [HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of tt.map_elementwise";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Elementwise calls, ranges, inline asm, histogram, gather
//===----------------------------------------------------------------------===//
def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    SameVariadicOperandSize, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "call a device-library function ($symbol) elementwise";
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}
def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "1-D i32 tensor [start, end)";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}
def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "target inline assembly applied elementwise";
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, BoolAttr:$pure,
                       I32Attr:$packed_element, Variadic<TT_Type>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}
def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask type matches src type", "src", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "count of each value in [0, bins) of the source";
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)";
}
def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "gather from a tensor along `axis` with an index tensor";
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//
def TT_PrintOp : TT_Op<"print", [SameVariadicOperandSize,
                                 MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side print";
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<TT_Type>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
}
def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side assert: abort with `message` where condition is false";
  let arguments = (ins AnyTypeOf<[I1, RankedTensorOf<[I1]>]>:$condition,
                       StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

// Programmatic dependent launch (tl.extra.cuda.gdc_*, Triton >= 3.9): a
// Vulkan dispatch starts after the previous one ended, so both are no-ops.
def TT_GridDependencyWaitOp : TT_Op<"grid_dependency_wait",
    [MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "wait for the previous kernel of a dependent launch";
  let assemblyFormat = "attr-dict";
}
def TT_GridDependencyLaunchDependentsOp : TT_Op<"grid_dependency_launch_dependents",
    [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "let the next kernel of a dependent launch start";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//
def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure, SameVariadicOperandSize,
    TypesMatchWith<"infer pointer type from the result type", "result", "base",
                   "::mlir::triton::getBasePointerType($_self)">]> {
  let summary = "block pointer: base, shape, strides, offsets of a block";
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}
def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure,
                                                           SameVariadicOperandSize]> {
  let summary = "tensor descriptor: base, shape, strides; block shape in the type";
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape, Variadic<I64>:$strides,
    DefaultValuedAttr<TT_PaddingOptionAttr, "::mlir::triton::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)
  }];
  let hasVerifier = 1;
}
def TT_DescriptorLoadOp : TT_Op<"descriptor_load",
    [MemoryEffects<[MemRead<TT_GlobalMemory>]>]> {
  let summary = "load the block at `indices` through a descriptor";
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}
def TT_DescriptorStoreOp : TT_Op<"descriptor_store",
    [MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "store a block at `indices` through a descriptor";
  let arguments = (ins TT_TensorDesc:$desc, TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}
def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce",
    [MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomically combine a block into memory through a descriptor";
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, TT_TensorDesc:$desc,
                       TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}
def TT_DescriptorGatherOp : TT_Op<"descriptor_gather",
    [MemoryEffects<[MemRead<TT_GlobalMemory>]>]> {
  let summary = "gather rows `x_offsets` at column `y_offset` through a descriptor";
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}
def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter",
    [MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "scatter rows `x_offsets` at column `y_offset` through a descriptor";
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//
def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "direct call of a tt.func";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove,
    OpAsmOpInterface, HasParent<"ModuleOp">]> {
  let summary = "a Triton function (kernel or callee)";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "return from a tt.func";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange{}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif

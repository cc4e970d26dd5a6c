//===- TritonTypes.td - types of the `tt` dialect ----------*- tablegen -*-===//
#ifndef TRITON_SPIRV_DIALECT_TRITON_TYPES
#define TRITON_SPIRV_DIALECT_TRITON_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "triton-spirv/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// `!tt.ptr<T>` (address space 1, the default, is not printed) or
// `!tt.ptr<T, N>`. T may be a scalar or, for block pointers, a tensor.
def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer into global memory (raw address with arithmetic)";
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
}

// `!tt.tensordesc<tensor<64x64xf16>>`: a descriptor of a block of a global
// tensor (shape/strides live in the op that makes it).
def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "tensor descriptor";
  let description = [{
    Triton 3.6/3.7 print the block as a tensor type
    (`!tt.tensordesc<tensor<64x32xf16>>`), 3.8 and later as its shape
    (`!tt.tensordesc<64x32xf16>`). Both parse; `bareShape` remembers which
    spelling was read so that a module prints back as its frontend wrote it.
  }];
  let parameters = (ins "RankedTensorType":$blockType,
                        DefaultValuedParameter<"bool", "false">:$bareShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "RankedTensorType":$blockType), [{
      return $_get(blockType.getContext(), blockType, false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//
def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_Ptr : Type<CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
                  "Triton pointer", "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : AnyTypeOf<[TT_FloatTensor, TT_IntTensor]>;
def TT_Tensor : AnyTypeOf<[TT_FpIntTensor, TT_PtrTensor]>;

// `!tt.ptr<tensor<...>>`: a block pointer made by tt.make_tensor_ptr.
def TT_TensorPtr : Type<
    CPred<"::mlir::triton::isTensorPointerType($_self)">,
    "pointer to a tensor", "::mlir::triton::PointerType">;

def TT_TensorDesc : Type<
    CPred<"::llvm::isa<::mlir::triton::TensorDescType>($_self)">,
    "tensor descriptor", "::mlir::triton::TensorDescType">;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

#endif

//===- TritonGPUOps.td - the `ttg` ops that TTIR carries -----*- tablegen -*-===//
//
// Triton 3.7 and later emit `ttg.barrier <address spaces>` in TTIR for
// tl.debug_barrier() (3.6 emitted gpu.barrier). Only the ops that appear in
// TTIR are defined here; the rest of TritonGPU is Triton-CUDA's own lowering.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_DIALECT_TRITONGPU_OPS
#define TRITON_SPIRV_DIALECT_TRITONGPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::ttg";
  let summary = "the TritonGPU ops that Triton's TTIR contains";
  let useDefaultAttributePrinterParser = 1;
}

// Which memory a barrier orders, as a set of address spaces.
def TTG_AddrSpaceNone : I32BitEnumAttrCaseNone<"None", "none">;
def TTG_AddrSpaceLocal : I32BitEnumAttrCaseBit<"Local", 0, "local">;
def TTG_AddrSpaceGlobalRead : I32BitEnumAttrCaseBit<"GlobalRead", 1, "global_read">;
def TTG_AddrSpaceGlobalWrite : I32BitEnumAttrCaseBit<"GlobalWrite", 2, "global_write">;
def TTG_AddrSpaceTensorRead : I32BitEnumAttrCaseBit<"TensorRead", 3, "tensor_read">;
def TTG_AddrSpaceTensorWrite : I32BitEnumAttrCaseBit<"TensorWrite", 4, "tensor_write">;
def TTG_AddrSpaceAll : I32BitEnumAttrCaseGroup<"All", [
  TTG_AddrSpaceLocal, TTG_AddrSpaceGlobalRead, TTG_AddrSpaceGlobalWrite,
  TTG_AddrSpaceTensorRead, TTG_AddrSpaceTensorWrite], "all">;
def TTG_AddrSpace : I32BitEnumAttr<"AddrSpace", "", [
  TTG_AddrSpaceNone, TTG_AddrSpaceLocal, TTG_AddrSpaceGlobalRead,
  TTG_AddrSpaceGlobalWrite, TTG_AddrSpaceTensorRead, TTG_AddrSpaceTensorWrite,
  TTG_AddrSpaceAll]> {
  let cppNamespace = "::mlir::ttg";
  let separator = "|";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}

def TTG_AddrSpaceAttr : EnumAttr<TritonGPU_Dialect, TTG_AddrSpace, "addr_space"> {
  let assemblyFormat = "$value";
}

def TTG_BarrierOp : Op<TritonGPU_Dialect, "barrier"> {
  let summary = "workgroup barrier that orders the given address spaces";
  let arguments = (ins TTG_AddrSpaceAttr:$addrSpace);
  // `ttg.barrier all`, `ttg.barrier local|global_read`.
  let hasCustomAssemblyFormat = 1;
}

#endif

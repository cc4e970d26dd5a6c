//===- TritonDialect.td - the `tt` dialect (Triton 3.6.0 TTIR) -*- tablegen -*-===//
//
// Our own definition of Triton's TTIR dialect. It must parse and print exactly
// the text the triton==3.6.0 frontend emits, so names, operands, attributes and
// assembly formats follow the upstream dialect.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_DIALECT_TRITON_DIALECT
#define TRITON_SPIRV_DIALECT_TRITON_DIALECT

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton IR (TTIR), as emitted by the triton 3.6.0 frontend";
  let description = [{
    Block-level tensor programs: one program instance works on whole tensors;
    pointers are raw addresses with arithmetic (`tt.addptr`).
  }];
  let dependentDialects = [
    "arith::ArithDialect", "math::MathDialect", "scf::SCFDialect",
    "cf::ControlFlowDialect", "ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 0;
}

#endif

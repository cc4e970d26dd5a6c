//===- Dialect.h - the `ttg` ops that TTIR carries ---------------*- C++ -*-===//
#ifndef TRITON_SPIRV_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRITON_SPIRV_DIALECT_TRITONGPU_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUDialect.h.inc"
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUAttrs.h.inc"

#define GET_OP_CLASSES
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUOps.h.inc"

#endif

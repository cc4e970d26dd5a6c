//===- Passes.h - triton-spirv passes ----------------------------*- C++ -*-===//
#ifndef TRITON_SPIRV_CONVERSION_PASSES_H
#define TRITON_SPIRV_CONVERSION_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton_spirv {

#define GEN_PASS_DECL
#include "triton-spirv/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "triton-spirv/Conversion/Passes.h.inc"

} // namespace mlir::triton_spirv

#endif

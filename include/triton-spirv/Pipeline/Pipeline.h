//===- Pipeline.h - the one TTIR -> SPIR-V pipeline ---------------*- C++ -*-===//
//
// Used by both `triton-spirv-opt --convert-triton-to-spirv` and the Python
// backend, stage by stage.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_PIPELINE_PIPELINE_H
#define TRITON_SPIRV_PIPELINE_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir::triton_spirv {

struct TritonToSPIRVOptions
    : public PassPipelineOptions<TritonToSPIRVOptions> {
  Option<std::string> profile{*this, "profile",
                              llvm::cl::desc("Device profile: lavapipe (Mesa 25), lavapipe-mesa22 (older Mesa), nvidia"),
                              llvm::cl::init("lavapipe")};
  Option<int64_t> numWarps{*this, "num-warps",
                           llvm::cl::desc("Triton num_warps (workgroup = "
                                          "num_warps x subgroup size)"),
                           llvm::cl::init(4)};
  Option<int64_t> vectorBytes{
      *this, "vector-bytes",
      llvm::cl::desc("Bytes per vector global access (-1: the profile's, "
                     "0: scalar accesses only)"),
      llvm::cl::init(-1)};
  Option<int64_t> cooperativeMatrix{
      *this, "cooperative-matrix",
      llvm::cl::desc("f16 matmuls on cooperative matrices (-1: when the "
                     "profile's device has them, 0: never, 1: always)"),
      llvm::cl::init(-1)};
  Option<int64_t> runtimeAlignmentChecks{
      *this, "runtime-alignment-checks",
      llvm::cl::desc("Vector copies of runs aligned only for some run-time "
                     "values, taken after a check (-1: the profile's choice, "
                     "0: never, 1: always)"),
      llvm::cl::init(-1)};
  Option<int64_t> wrappedOffsetVectors{
      *this, "wrapped-offset-vectors",
      llvm::cl::desc("Vector accesses at offsets wrapped by a remainder "
                     "(-1: the profile's choice, 0: never, 1: always)"),
      llvm::cl::init(-1)};
  Option<bool> fpFusion{
      *this, "fp-fusion",
      llvm::cl::desc("Float multiply-adds may become fused multiply-adds "
                     "(Triton's enable_fp_fusion)"),
      llvm::cl::init(true)};
  Option<int64_t> numStages{
      *this, "num-stages",
      llvm::cl::desc("Triton num_stages: tiles staged in workgroup memory are "
                     "loaded num_stages - 1 (at least 1) iterations ahead "
                     "and, from 2, kept in two copies where they fit"),
      llvm::cl::init(3)};
  Option<std::string> output{*this, "output",
                             llvm::cl::desc("Write the SPIR-V binary here"),
                             llvm::cl::init("")};
};

/// Stage `linalg`: TTIR -> linalg on tensors.
void buildTritonToLinalgPipeline(OpPassManager &pm);
/// Stage `spirvir`: linalg -> distributed GPU code -> SPIR-V dialect.
LogicalResult buildLinalgToSPIRVPipeline(OpPassManager &pm,
                                         const TritonToSPIRVOptions &options);
/// Both, plus serialization when `output` is set.
LogicalResult buildTritonToSPIRVPipeline(OpPassManager &pm,
                                         const TritonToSPIRVOptions &options);

/// Serializes the single spirv.module in `module`.
LogicalResult serializeSPIRV(ModuleOp module, SmallVectorImpl<uint32_t> &binary);

void registerPipelines();

} // namespace mlir::triton_spirv

#endif

//===- triton-spirv-opt.cpp - run triton-spirv passes like mlir-opt -------===//
#include "triton-spirv/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  // Our dialect and the upstream MLIR the pipeline uses (not all of MLIR:
  // that would link every LLVM backend into the tool).
  mlir::triton_spirv::registerAllDialects(registry);
  mlir::triton_spirv::registerUpstreamDialects(registry);
  mlir::triton_spirv::registerAllPasses();
  mlir::triton_spirv::registerUpstreamPasses();

  // MlirOptMain sorts passes alphabetically; the overview lists ours first.
  std::string overview = mlir::triton_spirv::getToolOverview();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, overview, registry));
}

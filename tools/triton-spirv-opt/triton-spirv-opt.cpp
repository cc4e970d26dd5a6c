//===- triton-spirv-opt.cpp - run triton-spirv passes like mlir-opt -------===//
#include "triton-spirv/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton_spirv::registerAllDialects(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::triton_spirv::registerAllPasses();
  mlir::registerAllPasses();

  // MlirOptMain sorts passes alphabetically; the overview lists ours first.
  std::string overview = mlir::triton_spirv::getToolOverview();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, overview, registry));
}

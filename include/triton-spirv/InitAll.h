//===- InitAll.h - register everything triton-spirv defines ------*- C++ -*-===//
#ifndef TRITON_SPIRV_INITALL_H
#define TRITON_SPIRV_INITALL_H

#include <string>

namespace mlir {
class DialectRegistry;
namespace triton_spirv {

/// Our dialects (the `tt` dialect).
void registerAllDialects(DialectRegistry &registry);
/// The upstream dialects and interface models TTIR and our pipeline use.
void registerUpstreamDialects(DialectRegistry &registry);
/// Upstream passes worth running beside ours in triton-spirv-opt.
void registerUpstreamPasses();
/// Our passes and pass pipelines, so that the tool can name them.
void registerAllPasses();
/// The --help overview of triton-spirv-opt: our passes and pipelines first.
std::string getToolOverview();

} // namespace triton_spirv
} // namespace mlir

#endif

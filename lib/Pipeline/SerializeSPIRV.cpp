//===- SerializeSPIRV.cpp - write the kernel's SPIR-V binary --------------===//
#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Pipeline/Pipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SERIALIZESPIRV
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct SerializeSPIRVPass
    : public triton_spirv::impl::SerializeSPIRVBase<SerializeSPIRVPass> {
  using SerializeSPIRVBase::SerializeSPIRVBase;
  void runOnOperation() override {
    SmallVector<uint32_t> binary;
    if (failed(triton_spirv::serializeSPIRV(getOperation(), binary)))
      return signalPassFailure();
    std::error_code error;
    llvm::raw_fd_ostream file(output, error, llvm::sys::fs::OF_None);
    if (error) {
      getOperation().emitError("cannot write ") << output << ": "
                                                << error.message();
      return signalPassFailure();
    }
    file.write(reinterpret_cast<const char *>(binary.data()),
               binary.size() * sizeof(uint32_t));
  }
};
} // namespace

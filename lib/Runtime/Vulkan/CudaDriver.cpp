//===- CudaDriver.cpp - dlopen'ed CUDA driver API -------------------------===//

#include "CudaDriver.h"

#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <cstddef>
#include <dlfcn.h>
#include <mutex>

namespace triton_spirv::runtime::cuda {

// The declarations in CudaDriver.h must match the driver API's layouts.
static_assert(sizeof(ExternalMemoryHandleDesc) == 104, "CUDA ABI");
static_assert(offsetof(ExternalMemoryHandleDesc, size) == 24, "CUDA ABI");
static_assert(sizeof(ExternalMemoryBufferDesc) == 88, "CUDA ABI");
static_assert(sizeof(ExternalSemaphoreHandleDesc) == 96, "CUDA ABI");
static_assert(sizeof(ExternalSemaphoreSignalParams) == 144, "CUDA ABI");
static_assert(sizeof(ExternalSemaphoreWaitParams) == 144, "CUDA ABI");

namespace {
[[noreturn]] void unavailable(const std::string &why) {
  throw VulkanError("CUDA interop: " + why, VK_ERROR_INITIALIZATION_FAILED);
}
} // namespace

const Driver &Driver::get() {
  static Driver driver;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      error = std::string("cannot open libcuda.so.1 (the NVIDIA driver): ") +
              dlerror();
      return;
    }
#define TSPIRV_CUDA_LOAD(name, params)                                         \
  driver.name = reinterpret_cast<Result(*) params>(dlsym(lib, #name));         \
  if (!driver.name) {                                                          \
    error = "libcuda.so.1 lacks " #name " (driver too old)";                   \
    return;                                                                    \
  }
    TSPIRV_CUDA_FNS(TSPIRV_CUDA_LOAD)
#undef TSPIRV_CUDA_LOAD
    Result r = driver.cuInit(0);
    if (r != 0)
      error = "cuInit failed: " + driver.describe(r);
  });
  if (!error.empty())
    unavailable(error);
  return driver;
}

std::string Driver::describe(Result r) const {
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(r, &name);
  if (cuGetErrorString)
    cuGetErrorString(r, &text);
  std::string s = name ? name : "CUresult(" + std::to_string(r) + ")";
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

void Driver::check(Result r, const char *call) const {
  if (r != 0)
    unavailable(std::string(call) + " failed: " + describe(r));
}

} // namespace triton_spirv::runtime::cuda

//===- CudaDriver.h - The few CUDA driver API entry points interop uses ---===//
//
// libcuda.so.1 is opened with dlopen at run time: the runtime builds and runs
// on machines without CUDA. Only the types of the calls below are declared,
// following the CUDA driver API's documented ABI (cuda.h); the sizes are
// checked in CudaDriver.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_RUNTIME_VULKAN_CUDADRIVER_H
#define TRITON_SPIRV_LIB_RUNTIME_VULKAN_CUDADRIVER_H

#include <cstdint>
#include <string>

namespace triton_spirv::runtime::cuda {

using Result = int; // CUresult; 0 is CUDA_SUCCESS
using DevicePtr = unsigned long long; // CUdeviceptr
using Context = struct CtxOpaque *;
using Stream = struct StreamOpaque *;
using ExternalMemory = struct ExtMemOpaque *;
using ExternalSemaphore = struct ExtSemOpaque *;

constexpr int kExternalMemoryOpaqueFd = 1;
constexpr unsigned kExternalMemoryDedicated = 0x1;
constexpr int kExternalSemaphoreTimelineFd = 9;
constexpr unsigned kStreamWaitValueGeq = 0x0; // (int64)(*addr - value) >= 0

struct ExternalMemoryHandleDesc {
  int type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciBufObject;
  } handle;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
};

struct ExternalMemoryBufferDesc {
  unsigned long long offset, size;
  unsigned int flags;
  unsigned int reserved[16];
};

struct ExternalSemaphoreHandleDesc {
  int type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
};

struct ExternalSemaphoreSignalParams {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};

struct ExternalSemaphoreWaitParams {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};

// Every call returns a CUresult: X(name, (parameter types)).
#define TSPIRV_CUDA_FNS(X)                                                     \
  X(cuInit, (unsigned))                                                        \
  X(cuGetErrorName, (Result, const char **))                                   \
  X(cuGetErrorString, (Result, const char **))                                 \
  X(cuDeviceGet, (int *, int))                                                 \
  X(cuDeviceGetCount, (int *))                                                 \
  X(cuDeviceGetUuid, (char *, int))                                            \
  X(cuDevicePrimaryCtxRetain, (Context *, int))                                \
  X(cuCtxGetCurrent, (Context *))                                              \
  X(cuCtxSetCurrent, (Context))                                                \
  X(cuCtxSynchronize, ())                                                      \
  X(cuStreamSynchronize, (Stream))                                             \
  X(cuLaunchHostFunc, (Stream, void (*)(void *), void *))                      \
  X(cuStreamWaitValue64_v2, (Stream, DevicePtr, unsigned long long, unsigned)) \
  X(cuMemAlloc_v2, (DevicePtr *, size_t))                                      \
  X(cuMemFree_v2, (DevicePtr))                                                 \
  X(cuImportExternalMemory, (ExternalMemory *, const ExternalMemoryHandleDesc *)) \
  X(cuExternalMemoryGetMappedBuffer,                                           \
    (DevicePtr *, ExternalMemory, const ExternalMemoryBufferDesc *))           \
  X(cuDestroyExternalMemory, (ExternalMemory))                                 \
  X(cuImportExternalSemaphore,                                                 \
    (ExternalSemaphore *, const ExternalSemaphoreHandleDesc *))                \
  X(cuSignalExternalSemaphoresAsync,                                           \
    (const ExternalSemaphore *, const ExternalSemaphoreSignalParams *,         \
     unsigned, Stream))                                                        \
  X(cuWaitExternalSemaphoresAsync,                                             \
    (const ExternalSemaphore *, const ExternalSemaphoreWaitParams *, unsigned, \
     Stream))                                                                  \
  X(cuDestroyExternalSemaphore, (ExternalSemaphore))

struct Driver {
#define TSPIRV_CUDA_DECLARE(name, params) Result(*name) params = nullptr;
  TSPIRV_CUDA_FNS(TSPIRV_CUDA_DECLARE)
#undef TSPIRV_CUDA_DECLARE

  /// Opens libcuda.so.1 once and calls cuInit; throws VulkanError naming
  /// what is missing.
  static const Driver &get();
  /// Throws VulkanError("<call> failed: CUDA_ERROR_... (<description>)").
  void check(Result r, const char *call) const;
  std::string describe(Result r) const;
};

} // namespace triton_spirv::runtime::cuda

#endif // TRITON_SPIRV_LIB_RUNTIME_VULKAN_CUDADRIVER_H

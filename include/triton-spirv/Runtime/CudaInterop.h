//===- CudaInterop.h - CUDA memory and stream order for Vulkan kernels ----===//
//
// Lets kernels launched through Vulkan take CUDA (torch) tensors on the same
// GPU, with no copies and no host waits:
//  * memory: Vulkan allocates device memory exportable as a POSIX fd
//    (VK_KHR_external_memory_fd); CUDA imports it (cuImportExternalMemory)
//    and maps it. The CUDA pointer is what torch sees; the Vulkan buffer
//    device address is what kernels get. allocate()/release() serve torch's
//    pluggable allocator, with a small cache of freed blocks.
//  * order: every launch ends by writing its sequence number into memory
//    shared with CUDA, and the stream waits for that number on the GPU
//    (cuStreamWaitValue64). The Vulkan work starts once the stream's earlier
//    work is done: the host waits for the stream before submitting (the
//    default), or a CUDA host function submits it, or CUDA signals a
//    timeline semaphore shared with Vulkan (TRITON_SPIRV_CUDA_ORDER;
//    docs/gpu.md has the measurements).
//
// libcuda.so.1 is opened at run time: nothing links against CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_RUNTIME_CUDAINTEROP_H
#define TRITON_SPIRV_RUNTIME_CUDAINTEROP_H

#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace triton_spirv::runtime {

struct CudaInteropStats {
  uint64_t segments = 0;       // Vulkan allocations shared with CUDA
  uint64_t reservedBytes = 0;  // their total size
  uint64_t liveBlocks = 0;     // blocks handed out and not released
  uint64_t liveBytes = 0;      // their (rounded) size
  uint64_t cachedBytes = 0;    // released blocks kept for reuse
  uint64_t launches = 0;
  // Host time spent in launch() by phase (ordering CUDA before, recording and
  // submitting the Vulkan work, ordering CUDA after), in nanoseconds.
  uint64_t beforeNs = 0, submitNs = 0, afterNs = 0;
  std::string order; // the ordering mode
};

/// How a launch is ordered after the earlier work of its CUDA stream.
enum class CudaOrder {
  // CUDA signals a timeline semaphore shared with Vulkan; the submission
  // waits for that value.
  Semaphore,
  // A CUDA host function (cuLaunchHostFunc) submits the Vulkan work once the
  // stream reaches it.
  HostFunction,
  // The host waits for the stream, then submits.
  Synchronize,
  // The host waits for the stream, submits and waits for the launch.
  Host,
};

class CudaInterop {
public:
  /// Interop between `device` and CUDA device `cudaOrdinal`; throws
  /// VulkanError when libcuda is missing, the Vulkan device lacks exportable
  /// memory or timeline semaphores, or it is not that CUDA device (UUIDs).
  /// The order mode comes from TRITON_SPIRV_CUDA_ORDER (semaphore,
  /// host-function, synchronize, host; default synchronize: fastest measured).
  static std::shared_ptr<CudaInterop> create(std::shared_ptr<Device> device,
                                             int cudaOrdinal);
  ~CudaInterop();
  CudaInterop(const CudaInterop &) = delete;
  CudaInterop &operator=(const CudaInterop &) = delete;

  int cudaOrdinal() const { return ordinal_; }
  const std::shared_ptr<Device> &device() const { return device_; }

  /// `nbytes` of device memory that both CUDA and Vulkan reach; returns the
  /// CUDA address (256-byte aligned). Throws on failure.
  uint64_t allocate(uint64_t nbytes);
  /// Returns a block from allocate() to the cache. Work already enqueued on
  /// CUDA streams or Vulkan may still use it: later users are ordered after.
  void release(uint64_t cudaAddress);
  /// Synchronizes CUDA and Vulkan, then frees every cached block's memory.
  void emptyCache();

  /// The Vulkan device address of [cudaAddress, cudaAddress + nbytes), or 0
  /// where that range is not memory from allocate().
  uint64_t vulkanAddress(uint64_t cudaAddress, uint64_t nbytes) const;

  /// Rows (CUDA base, bytes, Vulkan base - CUDA base) of all memory from
  /// allocate(): kernels translate CUDA addresses read from memory with it.
  std::vector<uint64_t> addressMap() const;
  /// Changes whenever addressMap() does (a segment mapped or released), so
  /// callers refetch the map only then.
  uint64_t addressMapVersion() const;

  /// Launches `kernel` ordered after the earlier work of CUDA stream
  /// `stream` (a CUstream, 0 = the legacy default stream) and before its
  /// later work. Never waits on the host.
  void launch(const Kernel &kernel, uint32_t gx, uint32_t gy, uint32_t gz,
              const void *args, size_t argsSize, uint64_t stream);

  CudaInteropStats stats() const;

  /// Plain CUDA memory (cuMemAlloc/cuMemFree in the current context), for
  /// allocations the interop cannot serve; Vulkan cannot reach it.
  static uint64_t allocateUnshared(uint64_t nbytes);
  static void releaseUnshared(uint64_t cudaAddress);
  /// Whether `cudaAddress` is a live block of allocate().
  bool owns(uint64_t cudaAddress) const;

private:
  struct Segment {
    uint64_t cudaBase = 0, size = 0;
    uint64_t vulkanBase = 0;
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void *external = nullptr; // CUexternalMemory
    bool small = false;       // carved into small blocks, never freed alone
  };
  CudaInterop() = default;
  void makeContextCurrent() const;
  Segment &newSegment(uint64_t size, bool small);
  void freeSegment(Segment &segment);
  void releaseCachedLarge();

  std::shared_ptr<Device> device_;
  int ordinal_ = 0;
  void *context_ = nullptr; // CUcontext: the device's primary context
  VkSemaphore timeline_ = VK_NULL_HANDLE;
  void *cudaTimeline_ = nullptr; // CUexternalSemaphore
  uint64_t timelineValue_ = 0;
  Segment sync_;          // holds the last launch's sequence number
  uint64_t sequence_ = 0; // of the last launch
  uint64_t lastStream_ = 0;

  mutable std::mutex mutex_;
  std::map<uint64_t, Segment> segments_;            // by CUDA base
  uint64_t segmentsVersion_ = 0;                     // bumped when segments_ changes
  std::map<uint64_t, uint64_t> live_;               // block -> rounded size
  std::map<uint64_t, std::vector<uint64_t>> free_;  // rounded size -> blocks
  uint64_t smallCursor_ = 0, smallEnd_ = 0;         // bump range in a slab
  uint64_t launches_ = 0;
  CudaOrder order_ = CudaOrder::Synchronize;
  uint64_t beforeNs_ = 0, submitNs_ = 0, afterNs_ = 0;
  // A failure of a submission made from a CUDA host function, reported by
  // the next launch().
  std::mutex errorMutex_;
  std::string deferredError_;
};

} // namespace triton_spirv::runtime

#endif // TRITON_SPIRV_RUNTIME_CUDAINTEROP_H

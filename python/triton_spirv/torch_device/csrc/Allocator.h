// A caching allocator of Vulkan device memory for torch storages, one cache
// per device index.
#pragma once

#include <c10/core/Allocator.h>

#include <cstdint>
#include <map>

namespace triton_spirv_torch {

struct MemoryStats {
  uint64_t allocated = 0, reserved = 0;
  uint64_t peakAllocated = 0, peakReserved = 0;
  uint64_t allocations = 0, frees = 0;
  uint64_t cacheHits = 0, deviceAllocations = 0, outOfMemoryRetries = 0;
};

class CachingAllocator final : public c10::Allocator {
public:
  /// On the current device (torch sets it with a device guard, as for CUDA).
  c10::DataPtr allocate(size_t nbytes) override;
  c10::DeleterFnPtr raw_deleter() const override { return nullptr; }
  void copy_data(void *dest, const void *src, std::size_t count) const override;

  c10::DataPtr allocateOn(c10::DeviceIndex device, size_t nbytes);
  /// Returns every cached block of `device` to it (once work using it retired).
  void emptyCache(c10::DeviceIndex device);
  MemoryStats stats(c10::DeviceIndex device) const;
  void resetPeakStats(c10::DeviceIndex device);
};

CachingAllocator &deviceAllocator();

} // namespace triton_spirv_torch

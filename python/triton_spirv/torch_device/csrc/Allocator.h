// A caching allocator of Vulkan device memory for torch storages.
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
  c10::DataPtr allocate(size_t nbytes) override;
  c10::DeleterFnPtr raw_deleter() const override { return nullptr; }
  void copy_data(void *dest, const void *src, std::size_t count) const override;

  /// Returns every cached block to the device (once work using it retired).
  void emptyCache();
  MemoryStats stats() const;
  void resetPeakStats();
};

CachingAllocator &deviceAllocator();

} // namespace triton_spirv_torch

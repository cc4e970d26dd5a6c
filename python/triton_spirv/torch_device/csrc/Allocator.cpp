// Blocks are rounded to size classes and reused as soon as torch frees them:
// every use of a block (launches, copies, fills) runs in submission order on
// its device's one queue, each submission behind a full memory barrier, so
// work submitted after the free cannot overtake work submitted before it (the
// stream-ordered reuse of CUDA's caching allocator). Memory goes back to the
// device (empty_cache, past half the device's memory, or on out-of-memory
// before retrying) only once the work submitted so far retired. Each device
// index has its own cache, statistics and lock.
#include "Allocator.h"
#include "Bridge.h"

#include <c10/util/Exception.h>

#include <array>
#include <mutex>

namespace triton_spirv_torch {
namespace {

constexpr uint64_t kSmallLimit = 1ull << 20;
constexpr uint64_t kSmallGranule = 512;

/// Small requests round to 512 bytes; larger ones to a quarter of their
/// power of two (at most 25 % slack), so freed blocks fit later requests.
uint64_t roundSize(uint64_t nbytes) {
  if (nbytes <= kSmallLimit)
    return (nbytes + kSmallGranule - 1) / kSmallGranule * kSmallGranule;
  const int log2 = 63 - __builtin_clzll(nbytes);
  const uint64_t step = 1ull << (log2 - 2);
  return (nbytes + step - 1) / step * step;
}

/// A live block: the DataPtr's context, so its free knows its device.
struct Block {
  uint64_t address, size;
  c10::DeviceIndex device;
};

struct DeviceCache {
  std::mutex mutex;
  std::multimap<uint64_t, uint64_t> cached; // size -> address
  MemoryStats stats;
};
std::array<DeviceCache, kMaxDevices> caches;

void releaseCachedLocked(DeviceCache &cache, c10::DeviceIndex device) {
  for (auto &[size, address] : cache.cached) {
    check(bridge().free(device, address), "freeing cached device memory", device);
    cache.stats.reserved -= size;
  }
  cache.cached.clear();
}

void freeBlock(void *ctx) {
  const Block *block = static_cast<const Block *>(ctx);
  DeviceCache &cache = caches[block->device];
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.cached.emplace(block->size, block->address);
    cache.stats.allocated -= block->size;
    cache.stats.frees++;
  }
  delete block;
}

std::string mib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f MiB", bytes / 1048576.0);
  return text;
}

} // namespace

c10::DataPtr CachingAllocator::allocate(size_t nbytes) {
  return allocateOn(currentDevice(), nbytes);
}

c10::DataPtr CachingAllocator::allocateOn(c10::DeviceIndex index, size_t nbytes) {
  index = checkedIndex(index);
  const c10::Device device(kDeviceType, index);
  if (nbytes == 0)
    return c10::DataPtr(nullptr, nullptr, nullptr, device);
  const uint64_t size = roundSize(nbytes);
  const DeviceInfo &info = deviceInfo(index);
  DeviceCache &cache = caches[index];
  MemoryStats &stats = cache.stats;
  std::lock_guard<std::mutex> lock(cache.mutex);
  uint64_t address = 0;
  uint64_t blockBytes = size;
  // The smallest cached block that fits: its own class, or above 1 MiB one
  // up to a quarter larger.
  auto it = cache.cached.lower_bound(size);
  const uint64_t slack = size > kSmallLimit ? size / 4 : 0;
  if (it != cache.cached.end() && it->first <= size + slack) {
    address = it->second;
    blockBytes = it->first;
    cache.cached.erase(it);
    stats.cacheHits++;
  } else {
    // Past half the device's memory, cached blocks go back before new ones
    // come (on CPU drivers device memory is the host's RAM).
    if (stats.reserved + size > info.memoryBytes / 2)
      releaseCachedLocked(cache, index);
    int code = bridge().allocate(index, size, &address);
    if (code == TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY && !cache.cached.empty()) {
      stats.outOfMemoryRetries++;
      releaseCachedLocked(cache, index);
      code = bridge().allocate(index, size, &address);
    }
    if (code == TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY) {
      const std::string message = bridge().last_error();
      TORCH_CHECK_WITH(OutOfMemoryError, false, "spirv out of memory: tried to allocate ", mib(nbytes),
                       " on ", deviceLabel(index), " (", info.name, ", ",
                       mib(info.memoryBytes), " of device memory, at most ",
                       mib(info.maxAllocationBytes), " in one allocation); ",
                       mib(stats.allocated), " allocated by torch, ",
                       mib(stats.reserved), " reserved. The runtime said: ", message);
    }
    check(code, "allocating device memory", index);
    stats.reserved += size;
    stats.deviceAllocations++;
    stats.peakReserved = std::max(stats.peakReserved, stats.reserved);
  }
  stats.allocated += blockBytes;
  stats.allocations++;
  stats.peakAllocated = std::max(stats.peakAllocated, stats.allocated);
  void *pointer = reinterpret_cast<void *>(address);
  return c10::DataPtr(pointer, new Block{address, blockBytes, index}, &freeBlock, device);
}

void CachingAllocator::copy_data(void *dest, const void *src, std::size_t count) const {
  // torch names no device here: the one that holds the source.
  const uint64_t from = reinterpret_cast<uint64_t>(src);
  c10::DeviceIndex device = deviceOfAddress(from);
  TORCH_CHECK(device >= 0, "triton-spirv: copying memory that no ", deviceTypeName(),
              " device holds");
  check(bridge().copy_within_device(device, reinterpret_cast<uint64_t>(dest), from, count),
        "copying device memory", device);
}

void CachingAllocator::emptyCache(c10::DeviceIndex device) {
  device = checkedIndex(device);
  DeviceCache &cache = caches[device];
  std::lock_guard<std::mutex> lock(cache.mutex);
  releaseCachedLocked(cache, device);
}

MemoryStats CachingAllocator::stats(c10::DeviceIndex device) const {
  DeviceCache &cache = caches[checkedIndex(device)];
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.stats;
}

void CachingAllocator::resetPeakStats(c10::DeviceIndex device) {
  DeviceCache &cache = caches[checkedIndex(device)];
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.stats.peakAllocated = cache.stats.allocated;
  cache.stats.peakReserved = cache.stats.reserved;
}

CachingAllocator &deviceAllocator() {
  static CachingAllocator allocator;
  return allocator;
}

} // namespace triton_spirv_torch

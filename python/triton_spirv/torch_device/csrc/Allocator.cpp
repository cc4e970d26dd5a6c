// Blocks are rounded to size classes and reused as soon as torch frees them:
// every use of a block (launches, copies, fills) runs in submission order on
// the device's one queue, each submission behind a full memory barrier, so
// work submitted after the free cannot overtake work submitted before it (the
// stream-ordered reuse of CUDA's caching allocator). Memory goes back to the
// device (empty_cache, past half the device's memory, or on out-of-memory
// before retrying) only once the work submitted so far retired.
#include "Allocator.h"
#include "Bridge.h"

#include <c10/util/Exception.h>

#include <mutex>
#include <unordered_map>

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

std::mutex mutex;
std::multimap<uint64_t, uint64_t> cached;          // size -> address
std::unordered_map<uint64_t, uint64_t> liveBlocks; // address -> size
MemoryStats memoryStats;

void releaseCachedLocked() {
  for (auto &[size, address] : cached) {
    check(bridge().free(address), "freeing cached device memory");
    memoryStats.reserved -= size;
  }
  cached.clear();
}

void freeBlock(void *ctx) {
  const uint64_t address = reinterpret_cast<uint64_t>(ctx);
  std::lock_guard<std::mutex> lock(mutex);
  auto it = liveBlocks.find(address);
  if (it == liveBlocks.end())
    return; // not ours: never happens, but a destructor must not throw
  cached.emplace(it->second, address);
  memoryStats.allocated -= it->second;
  memoryStats.frees++;
  liveBlocks.erase(it);
}

std::string mib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f MiB", bytes / 1048576.0);
  return text;
}

} // namespace

c10::DataPtr CachingAllocator::allocate(size_t nbytes) {
  const c10::Device device(kDeviceType, 0);
  if (nbytes == 0)
    return c10::DataPtr(nullptr, nullptr, nullptr, device);
  const uint64_t size = roundSize(nbytes);
  std::lock_guard<std::mutex> lock(mutex);
  uint64_t address = 0;
  uint64_t blockBytes = size;
  // The smallest cached block that fits: its own class, or above 1 MiB one
  // up to a quarter larger.
  auto it = cached.lower_bound(size);
  const uint64_t slack = size > kSmallLimit ? size / 4 : 0;
  if (it != cached.end() && it->first <= size + slack) {
    address = it->second;
    blockBytes = it->first;
    cached.erase(it);
    memoryStats.cacheHits++;
  } else {
    // Past half the device's memory, cached blocks go back before new ones
    // come (on CPU drivers device memory is the host's RAM).
    if (memoryStats.reserved + size > bridge().device_memory_bytes / 2)
      releaseCachedLocked();
    int code = bridge().allocate(size, &address);
    if (code == TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY && !cached.empty()) {
      memoryStats.outOfMemoryRetries++;
      releaseCachedLocked();
      code = bridge().allocate(size, &address);
    }
    if (code == TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY) {
      const std::string message = bridge().last_error();
      TORCH_CHECK_WITH(OutOfMemoryError, false, "spirv out of memory: tried to allocate ", mib(nbytes),
                       " on ", deviceTypeName(), ":0 (", bridge().device_name, ", ",
                       mib(bridge().device_memory_bytes), " of device memory, at most ",
                       mib(bridge().max_allocation_bytes), " in one allocation); ",
                       mib(memoryStats.allocated), " allocated by torch, ",
                       mib(memoryStats.reserved), " reserved. The runtime said: ", message);
    }
    check(code, "allocating device memory");
    memoryStats.reserved += size;
    memoryStats.deviceAllocations++;
    memoryStats.peakReserved = std::max(memoryStats.peakReserved, memoryStats.reserved);
  }
  liveBlocks[address] = blockBytes;
  memoryStats.allocated += blockBytes;
  memoryStats.allocations++;
  memoryStats.peakAllocated = std::max(memoryStats.peakAllocated, memoryStats.allocated);
  void *pointer = reinterpret_cast<void *>(address);
  return c10::DataPtr(pointer, pointer, &freeBlock, device);
}

void CachingAllocator::copy_data(void *dest, const void *src, std::size_t count) const {
  check(bridge().copy_within_device(reinterpret_cast<uint64_t>(dest),
                                    reinterpret_cast<uint64_t>(src), count),
        "copying device memory");
}

void CachingAllocator::emptyCache() {
  std::lock_guard<std::mutex> lock(mutex);
  releaseCachedLocked();
}

MemoryStats CachingAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return memoryStats;
}

void CachingAllocator::resetPeakStats() {
  std::lock_guard<std::mutex> lock(mutex);
  memoryStats.peakAllocated = memoryStats.allocated;
  memoryStats.peakReserved = memoryStats.reserved;
}

CachingAllocator &deviceAllocator() {
  static CachingAllocator allocator;
  return allocator;
}

} // namespace triton_spirv_torch

// Host memory for `tensor.pin_memory()` with the spirv device as torch's
// accelerator (DataLoader(pin_memory=True) pins every batch for it). Vulkan
// copies to the device read any host memory through the runtime's staging
// path, so these blocks are ordinary host allocations; the allocator only
// records them, so that `is_pinned()` answers for the memory it gave out.
#include "PinnedMemory.h"

#include <c10/util/Exception.h>

#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>

namespace triton_spirv_torch {
namespace {

constexpr size_t kAlignment = 64; // a cache line, as torch's CPU allocator

std::mutex &blocksMutex() {
  static std::mutex mutex;
  return mutex;
}

// Start address -> size of every live block.
std::map<uintptr_t, size_t> &blocks() {
  static std::map<uintptr_t, size_t> live;
  return live;
}

void freeBlock(void *data) {
  if (!data)
    return;
  {
    std::lock_guard<std::mutex> lock(blocksMutex());
    blocks().erase(reinterpret_cast<uintptr_t>(data));
  }
  std::free(data);
}

class PinnedHostAllocator final : public c10::Allocator {
public:
  c10::DataPtr allocate(size_t nbytes) override {
    if (nbytes == 0)
      return {nullptr, nullptr, &freeBlock, c10::Device(c10::DeviceType::CPU)};
    const size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    void *data = std::aligned_alloc(kAlignment, rounded);
    TORCH_CHECK_WITH(OutOfMemoryError, data != nullptr, "triton-spirv: cannot allocate ",
                     nbytes, " bytes of pinned host memory");
    {
      std::lock_guard<std::mutex> lock(blocksMutex());
      blocks()[reinterpret_cast<uintptr_t>(data)] = nbytes;
    }
    return {data, data, &freeBlock, c10::Device(c10::DeviceType::CPU)};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &freeBlock; }
  void copy_data(void *dest, const void *src, std::size_t count) const override {
    default_copy_data(dest, src, count);
  }
};

} // namespace

c10::Allocator *pinnedHostAllocator() {
  static PinnedHostAllocator allocator;
  return &allocator;
}

bool isPinnedHostPointer(const void *data) {
  const auto address = reinterpret_cast<uintptr_t>(data);
  std::lock_guard<std::mutex> lock(blocksMutex());
  auto after = blocks().upper_bound(address);
  if (after == blocks().begin())
    return false;
  auto block = std::prev(after);
  return address < block->first + block->second; // blocks are never empty
}

} // namespace triton_spirv_torch

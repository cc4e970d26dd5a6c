//===- RuntimeBridge.cpp - The runtime as a C table for other extensions --===//
//
// Fills include/triton-spirv/Runtime/triton_spirv_bridge.h's table for the
// process's devices (DeviceSet.h), so the torch device extension (built
// against torch's C++ ABI, not ours) allocates, copies and times on the same
// Vulkan devices, queues and allocations as kernels launched from Python.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBridge.h"
#include "DeviceSet.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>

using namespace triton_spirv::runtime;
namespace devices = triton_spirv::python;

namespace {

// One slot per device, filled on first use and never emptied: torch frees
// tensors during interpreter teardown, after the module dropped its devices
// and static destructors may have run (so the slots are leaked on purpose).
struct Slot {
  std::atomic<Device *> device{nullptr};
  std::shared_ptr<Device> owner;
  std::string name;
};
Slot *slots = nullptr;
uint32_t slotCount = 0;
std::mutex slotMutex;
thread_local std::string lastError;

template <typename Body> int guarded(Body &&body) {
  try {
    body();
    return TRITON_SPIRV_BRIDGE_OK;
  } catch (const VulkanError &e) {
    lastError = e.what();
    const VkResult r = e.result();
    const bool outOfMemory = r == VK_ERROR_OUT_OF_DEVICE_MEMORY ||
                             r == VK_ERROR_OUT_OF_HOST_MEMORY ||
                             std::strstr(e.what(), "maxMemoryAllocationSize");
    return outOfMemory ? TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY
                       : TRITON_SPIRV_BRIDGE_ERROR;
  } catch (const std::exception &e) {
    lastError = e.what();
    return TRITON_SPIRV_BRIDGE_ERROR;
  }
}

void checkIndex(uint32_t index) {
  if (index >= slotCount)
    throw VulkanError("device index " + std::to_string(index) +
                      " does not exist: the runtime has " +
                      std::to_string(slotCount) + " devices");
}

/// Device `index`, created on first use.
Device &device(uint32_t index) {
  checkIndex(index);
  Slot &slot = slots[index];
  if (Device *d = slot.device.load(std::memory_order_acquire))
    return *d;
  std::lock_guard<std::mutex> lock(slotMutex);
  if (!slot.owner) {
    slot.owner = devices::getDevice(index);
    slot.name = slot.owner->properties().name;
    slot.device.store(slot.owner.get(), std::memory_order_release);
  }
  return *slot.owner;
}

const char *bridgeLastError() { return lastError.c_str(); }
int bridgeDeviceInfo(uint32_t index, const char **name, uint64_t *memoryBytes,
                     uint64_t *maxAllocationBytes) {
  return guarded([&] {
    const DeviceProperties &props = device(index).properties();
    *name = slots[index].name.c_str();
    *memoryBytes = props.deviceLocalMemoryBytes;
    *maxAllocationBytes = props.maxMemoryAllocationSize;
  });
}
int bridgeAllocate(uint32_t index, uint64_t nbytes, uint64_t *address) {
  return guarded([&] { *address = device(index).allocateMemory(nbytes); });
}
int bridgeFree(uint32_t index, uint64_t address) {
  return guarded([&] { device(index).freeMemory(address); });
}
int bridgeOwnsAddress(uint32_t index, uint64_t address, int *owned) {
  return guarded([&] {
    checkIndex(index);
    Device *d = slots[index].device.load(std::memory_order_acquire);
    *owned = d && d->ownsAddress(address);
  });
}
int bridgeCopyToDevice(uint32_t index, uint64_t dst, const void *src,
                       uint64_t nbytes) {
  return guarded([&] { device(index).copyToDevice(dst, src, nbytes); });
}
int bridgeCopyFromDevice(uint32_t index, void *dst, uint64_t src,
                         uint64_t nbytes) {
  return guarded([&] { device(index).copyFromDevice(dst, src, nbytes); });
}
int bridgeCopyWithinDevice(uint32_t index, uint64_t dst, uint64_t src,
                           uint64_t nbytes) {
  return guarded([&] { device(index).copyWithinDevice(dst, src, nbytes); });
}
int bridgeFill(uint32_t index, uint64_t dst, uint64_t nbytes, uint32_t pattern) {
  return guarded([&] { device(index).fillMemory(dst, nbytes, pattern); });
}
int bridgeSynchronize(uint32_t index) {
  return guarded([&] {
    checkIndex(index);
    // A device not created yet has no work to wait for.
    if (Device *d = slots[index].device.load(std::memory_order_acquire))
      d->synchronize();
  });
}
int bridgeRecordTimestamp(uint32_t index, uint64_t *id) {
  return guarded([&] { *id = device(index).recordTimestamp(); });
}
int bridgeTimestampReached(uint32_t index, uint64_t id, int *reached) {
  return guarded([&] { *reached = device(index).timestampReached(id); });
}
int bridgeWaitTimestamp(uint32_t index, uint64_t id) {
  return guarded([&] { device(index).waitTimestamp(id); });
}
int bridgeElapsedMs(uint32_t index, uint64_t start, uint64_t end, double *ms) {
  return guarded(
      [&] { *ms = device(index).elapsedMilliseconds(start, end); });
}
int bridgeReleaseTimestamp(uint32_t index, uint64_t id) {
  return guarded([&] { device(index).releaseTimestamp(id); });
}

} // namespace

const triton_spirv_bridge *runtimeBridge() {
  static triton_spirv_bridge table{};
  std::lock_guard<std::mutex> lock(slotMutex);
  if (slots)
    return &table;
  const size_t count = devices::deviceCount(); // throws why there are none
  slots = new Slot[count];
  slotCount = static_cast<uint32_t>(count);
  table.version = TRITON_SPIRV_BRIDGE_VERSION;
  table.device_count = slotCount;
  table.last_error = bridgeLastError;
  table.device_info = bridgeDeviceInfo;
  table.allocate = bridgeAllocate;
  table.free = bridgeFree;
  table.owns_address = bridgeOwnsAddress;
  table.copy_to_device = bridgeCopyToDevice;
  table.copy_from_device = bridgeCopyFromDevice;
  table.copy_within_device = bridgeCopyWithinDevice;
  table.fill = bridgeFill;
  table.synchronize = bridgeSynchronize;
  table.record_timestamp = bridgeRecordTimestamp;
  table.timestamp_reached = bridgeTimestampReached;
  table.wait_timestamp = bridgeWaitTimestamp;
  table.elapsed_ms = bridgeElapsedMs;
  table.release_timestamp = bridgeReleaseTimestamp;
  return &table;
}

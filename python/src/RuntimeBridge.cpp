//===- RuntimeBridge.cpp - The runtime as a C table for other extensions --===//
//
// Fills include/triton-spirv/Runtime/triton_spirv_bridge.h's table for the
// module's default device, so the torch device extension (built against
// torch's C++ ABI, not ours) allocates, copies and times on the same Vulkan
// device, queue and allocations as kernels launched from Python.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBridge.h"

#include <cstring>
#include <string>

using namespace triton_spirv::runtime;

namespace {

// Never destroyed: torch frees tensors during interpreter teardown, after
// static destructors may have run.
std::shared_ptr<Device> *bridgeDevice = nullptr;
std::string bridgeName;
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

Device &device() { return **bridgeDevice; }

const char *bridgeLastError() { return lastError.c_str(); }
int bridgeAllocate(uint64_t nbytes, uint64_t *address) {
  return guarded([&] { *address = device().allocateMemory(nbytes); });
}
int bridgeFree(uint64_t address) {
  return guarded([&] { device().freeMemory(address); });
}
int bridgeOwnsAddress(uint64_t address, int *owned) {
  return guarded([&] { *owned = device().ownsAddress(address); });
}
int bridgeCopyToDevice(uint64_t dst, const void *src, uint64_t nbytes) {
  return guarded([&] { device().copyToDevice(dst, src, nbytes); });
}
int bridgeCopyFromDevice(void *dst, uint64_t src, uint64_t nbytes) {
  return guarded([&] { device().copyFromDevice(dst, src, nbytes); });
}
int bridgeCopyWithinDevice(uint64_t dst, uint64_t src, uint64_t nbytes) {
  return guarded([&] { device().copyWithinDevice(dst, src, nbytes); });
}
int bridgeFill(uint64_t dst, uint64_t nbytes, uint32_t pattern) {
  return guarded([&] { device().fillMemory(dst, nbytes, pattern); });
}
int bridgeSynchronize() {
  return guarded([&] { device().synchronize(); });
}
int bridgeRecordTimestamp(uint64_t *id) {
  return guarded([&] { *id = device().recordTimestamp(); });
}
int bridgeTimestampReached(uint64_t id, int *reached) {
  return guarded([&] { *reached = device().timestampReached(id); });
}
int bridgeWaitTimestamp(uint64_t id) {
  return guarded([&] { device().waitTimestamp(id); });
}
int bridgeElapsedMs(uint64_t start, uint64_t end, double *ms) {
  return guarded([&] { *ms = device().elapsedMilliseconds(start, end); });
}
int bridgeReleaseTimestamp(uint64_t id) {
  return guarded([&] { device().releaseTimestamp(id); });
}

} // namespace

const triton_spirv_bridge *runtimeBridge(std::shared_ptr<Device> forDevice) {
  static triton_spirv_bridge table{};
  if (bridgeDevice) {
    if (bridgeDevice->get() != forDevice.get())
      throw VulkanError("runtime_bridge: the bridge already serves another "
                        "device");
    return &table;
  }
  bridgeDevice = new std::shared_ptr<Device>(std::move(forDevice));
  const DeviceProperties &props = device().properties();
  bridgeName = props.name;
  table.version = TRITON_SPIRV_BRIDGE_VERSION;
  table.device_name = bridgeName.c_str();
  table.device_memory_bytes = props.deviceLocalMemoryBytes;
  table.max_allocation_bytes = props.maxMemoryAllocationSize;
  table.last_error = bridgeLastError;
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

//===- DeviceSet.cpp - The process's Vulkan devices, by torch index -------===//

#include "DeviceSet.h"

#include <mutex>

namespace triton_spirv::python {
using runtime::Device;
using runtime::VulkanError;

namespace {

std::mutex mutex;
bool listed = false;
std::vector<uint32_t> physical;
std::vector<std::shared_ptr<Device>> devices;

// Lists once; a failure is not remembered (the next call says it again).
void listLocked() {
  if (listed)
    return;
  physical = Device::selectPhysicalDevices();
  devices.assign(physical.size(), nullptr);
  listed = true;
}

} // namespace

size_t deviceCount() {
  std::lock_guard<std::mutex> lock(mutex);
  listLocked();
  return physical.size();
}

std::vector<uint32_t> physicalDeviceIndices() {
  std::lock_guard<std::mutex> lock(mutex);
  listLocked();
  return physical;
}

std::shared_ptr<Device> getDevice(size_t index) {
  std::lock_guard<std::mutex> lock(mutex);
  listLocked();
  if (index >= physical.size())
    throw VulkanError("Vulkan device index " + std::to_string(index) +
                      " does not exist: this process has " +
                      std::to_string(physical.size()) +
                      " (TRITON_SPIRV_DEVICE lists them)");
  if (!devices[index]) {
    runtime::DeviceOptions options;
    options.selector = std::to_string(physical[index]);
    devices[index] = Device::create(options);
  }
  return devices[index];
}

std::shared_ptr<Device> existingDevice(size_t index) {
  std::lock_guard<std::mutex> lock(mutex);
  return index < devices.size() ? devices[index] : nullptr;
}

std::vector<std::shared_ptr<Device>> releaseDevices() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::shared_ptr<Device>> out;
  out.swap(devices);
  devices.assign(physical.size(), nullptr);
  return out;
}

} // namespace triton_spirv::python

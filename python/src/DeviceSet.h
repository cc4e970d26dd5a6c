//===- DeviceSet.h - The process's Vulkan devices, by torch index ---------===//
//
// The devices `_vulkan_runtime` and the runtime bridge serve: index i is the
// i-th of Device::selectPhysicalDevices() (TRITON_SPIRV_DEVICE's list, else
// every device of the preferred type). Each is created on first use, so a
// process that only touches index 0 creates one Vulkan device.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_PYTHON_DEVICESET_H
#define TRITON_SPIRV_PYTHON_DEVICESET_H

#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <memory>
#include <vector>

namespace triton_spirv::python {

/// How many devices the process has; throws VulkanError saying why there are
/// none (no loader, no usable device, a selector matching nothing).
size_t deviceCount();
/// Their Vulkan enumeration indices, in index order.
std::vector<uint32_t> physicalDeviceIndices();
/// Device `index`, created on first use; throws naming a missing index.
std::shared_ptr<runtime::Device> getDevice(size_t index = 0);
/// Device `index` if it was created, else null (never creates one).
std::shared_ptr<runtime::Device> existingDevice(size_t index);
/// Hands over the set's references (interpreter teardown).
std::vector<std::shared_ptr<runtime::Device>> releaseDevices();

} // namespace triton_spirv::python

#endif

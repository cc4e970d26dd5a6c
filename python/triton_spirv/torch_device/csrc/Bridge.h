// The runtime as the torch device sees it: the C table from the Python module
// (include/triton-spirv/Runtime/triton_spirv_bridge.h), so this extension,
// built against torch's C++ ABI, shares the process's Vulkan devices. Device
// index i of torch is the bridge's device i.
#pragma once

#include "triton_spirv_bridge.h"

#include <c10/core/Device.h>
#include <c10/util/Exception.h>

#include <cstdint>
#include <string>

namespace triton_spirv_torch {

constexpr c10::DeviceType kDeviceType = c10::DeviceType::PrivateUse1;
/// Per-device state lives in arrays of this size (init refuses more devices).
constexpr int kMaxDevices = 64;

/// The table handed over by `_init`; raises if the device is not initialized.
const triton_spirv_bridge &bridge();
void setBridge(const triton_spirv_bridge *table);
bool hasBridge();

/// How many devices there are (0 before initialization).
c10::DeviceIndex deviceCount();
/// `index` (-1: the current device) once checked to exist; raises naming it.
c10::DeviceIndex checkedIndex(c10::DeviceIndex index);
/// The calling thread's current device (the guard's).
c10::DeviceIndex currentDevice();
void setCurrentDevice(c10::DeviceIndex index);
/// "spirv:1".
std::string deviceLabel(c10::DeviceIndex index);

struct DeviceInfo {
  std::string name;
  uint64_t memoryBytes = 0, maxAllocationBytes = 0;
};
/// The device's name and memory limits (creating it on first use).
const DeviceInfo &deviceInfo(c10::DeviceIndex index);
/// The device whose memory holds `address` among those created, the current
/// device first (two devices may hand out the same address); -1 if none.
c10::DeviceIndex deviceOfAddress(uint64_t address);

/// Raises a torch error (torch.OutOfMemoryError for out-of-memory codes)
/// naming what failed on which device, with the runtime's message.
void check(int code, const char *what, c10::DeviceIndex device);

/// The device name torch shows ("spirv").
std::string deviceTypeName();

/// Refuses (TRITON_SPIRV_TORCH_FALLBACK=error) or warns once that `op` runs
/// on the CPU.
void noteCpuFallback(const std::string &op);

} // namespace triton_spirv_torch

// The runtime as the torch device sees it: the C table from the Python module
// (include/triton-spirv/Runtime/triton_spirv_bridge.h), so this extension,
// built against torch's C++ ABI, shares the process's one Vulkan device.
#pragma once

#include "triton_spirv_bridge.h"

#include <c10/core/Device.h>
#include <c10/util/Exception.h>

#include <string>

namespace triton_spirv_torch {

constexpr c10::DeviceType kDeviceType = c10::DeviceType::PrivateUse1;

/// The table handed over by `_init`; raises if the device is not initialized.
const triton_spirv_bridge &bridge();
void setBridge(const triton_spirv_bridge *table);
bool hasBridge();

/// Raises a torch error (torch.OutOfMemoryError for out-of-memory codes)
/// naming what failed, with the runtime's message.
void check(int code, const char *what);

/// The device name torch shows ("spirv").
std::string deviceTypeName();

/// Refuses (TRITON_SPIRV_TORCH_FALLBACK=error) or warns once that `op` runs
/// on the CPU.
void noteCpuFallback(const std::string &op);

} // namespace triton_spirv_torch

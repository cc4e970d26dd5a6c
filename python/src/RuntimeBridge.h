//===- RuntimeBridge.h - The runtime as a C table for other extensions ----===//
#ifndef TRITON_SPIRV_PYTHON_RUNTIMEBRIDGE_H
#define TRITON_SPIRV_PYTHON_RUNTIMEBRIDGE_H

#include "triton-spirv/Runtime/VulkanRuntime.h"
#include "triton-spirv/Runtime/triton_spirv_bridge.h"

/// The bridge table of the process's devices (DeviceSet.h); the first call
/// lists them (throwing VulkanError when there are none).
const triton_spirv_bridge *runtimeBridge();

#endif

//===- RuntimeBridge.h - The runtime as a C table for other extensions ----===//
#ifndef TRITON_SPIRV_PYTHON_RUNTIMEBRIDGE_H
#define TRITON_SPIRV_PYTHON_RUNTIMEBRIDGE_H

#include "triton-spirv/Runtime/VulkanRuntime.h"
#include "triton-spirv/Runtime/triton_spirv_bridge.h"

/// The bridge table of `device` (the module's default device; the first call
/// fixes it for the process).
const triton_spirv_bridge *
runtimeBridge(std::shared_ptr<triton_spirv::runtime::Device> device);

#endif

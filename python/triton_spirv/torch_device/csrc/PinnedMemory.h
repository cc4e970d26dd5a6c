// Host memory handed out by `pin_memory()` for the spirv device.
#pragma once

#include <c10/core/Allocator.h>

namespace triton_spirv_torch {

c10::Allocator *pinnedHostAllocator();
/// Whether `data` lies in a live block of pinnedHostAllocator().
bool isPinnedHostPointer(const void *data);

} // namespace triton_spirv_torch

//===- TritonSpirvRuntime.cpp - C API over the Vulkan runtime -------------===//
//
// Handles wrap the C++ runtime's shared objects; every entry point catches
// the runtime's exceptions and turns them into a result code plus a
// thread-local message, so no exception crosses into C.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Runtime/triton_spirv_runtime.h"
#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>

#define TRITON_SPIRV_EXPORT extern "C" __attribute__((visibility("default")))

using triton_spirv::runtime::Buffer;
using triton_spirv::runtime::Device;
using triton_spirv::runtime::DeviceOptions;
using triton_spirv::runtime::Kernel;
using triton_spirv::runtime::KernelSpec;
using triton_spirv::runtime::VulkanError;

struct TritonSpirvStream_st {
  TritonSpirvContext context;
};

// Reference counted: buffers and kernels keep their context (and so the
// handle's address) alive, which lets generated code compare contexts.
struct TritonSpirvContext_st {
  std::shared_ptr<Device> device;
  std::string deviceName;
  TritonSpirvStream_st stream{this};
  std::atomic<int> references{1};
  std::mutex scratchMutex;
  std::shared_ptr<Buffer> scratch; // grown, never shrunk
};

struct TritonSpirvBuffer_st {
  TritonSpirvContext context;
  std::shared_ptr<Buffer> buffer;
};

struct TritonSpirvKernel_st {
  TritonSpirvContext context;
  std::shared_ptr<Kernel> kernel;
  std::string name;
  uint32_t argumentBytes;
};

namespace {
thread_local std::string lastError;

std::mutex currentMutex;
TritonSpirvContext currentContext = nullptr; // holds one reference

void retain(TritonSpirvContext context) { context->references++; }
void release(TritonSpirvContext context) {
  if (--context->references == 0)
    delete context;
}

TritonSpirvResult failWith(TritonSpirvResult result, const std::string &what) {
  lastError = what;
  return result;
}

// Runs `body`; runtime errors become result codes. `misuse` is the code for
// the runtime's own checks (VulkanError without a VkResult of the driver).
template <typename Body>
TritonSpirvResult guarded(const char *call, TritonSpirvResult misuse,
                          Body &&body) {
  try {
    body();
    return TRITON_SPIRV_SUCCESS;
  } catch (const VulkanError &error) {
    TritonSpirvResult result = TRITON_SPIRV_ERROR_DEVICE;
    switch (error.result()) {
    case VK_ERROR_UNKNOWN:
      result = misuse;
      break;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
      result = TRITON_SPIRV_ERROR_OUT_OF_MEMORY;
      break;
    case VK_ERROR_INITIALIZATION_FAILED: // the loader could not be opened
      result = TRITON_SPIRV_ERROR_NO_VULKAN;
      break;
    case VK_ERROR_INCOMPATIBLE_DRIVER:
      result = TRITON_SPIRV_ERROR_NO_DEVICE;
      break;
    default:
      break;
    }
    return failWith(result, std::string(call) + ": " + error.what());
  } catch (const std::bad_alloc &) {
    return failWith(TRITON_SPIRV_ERROR_OUT_OF_MEMORY,
                    std::string(call) + ": out of host memory");
  } catch (const std::exception &error) {
    return failWith(TRITON_SPIRV_ERROR_DEVICE,
                    std::string(call) + ": " + error.what());
  }
}

TritonSpirvResult nullArgument(const char *call, const char *argument) {
  return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                  std::string(call) + ": argument '" + argument +
                      "' is NULL");
}

#define REQUIRE(call, argument)                                                \
  do {                                                                         \
    if (!(argument))                                                           \
      return nullArgument(call, #argument);                                    \
  } while (0)

bool traceLaunches() {
  static const bool enabled = [] {
    const char *value = std::getenv("TRITON_SPIRV_TRACE_LAUNCHES");
    return value && *value && std::strcmp(value, "0") != 0;
  }();
  return enabled;
}
} // namespace

TRITON_SPIRV_EXPORT const char *
triton_spirv_result_name(TritonSpirvResult result) {
  switch (result) {
  case TRITON_SPIRV_SUCCESS:
    return "TRITON_SPIRV_SUCCESS";
  case TRITON_SPIRV_ERROR_INVALID_VALUE:
    return "TRITON_SPIRV_ERROR_INVALID_VALUE";
  case TRITON_SPIRV_ERROR_NO_VULKAN:
    return "TRITON_SPIRV_ERROR_NO_VULKAN";
  case TRITON_SPIRV_ERROR_NO_DEVICE:
    return "TRITON_SPIRV_ERROR_NO_DEVICE";
  case TRITON_SPIRV_ERROR_OUT_OF_MEMORY:
    return "TRITON_SPIRV_ERROR_OUT_OF_MEMORY";
  case TRITON_SPIRV_ERROR_UNSUPPORTED:
    return "TRITON_SPIRV_ERROR_UNSUPPORTED";
  case TRITON_SPIRV_ERROR_DEVICE:
    return "TRITON_SPIRV_ERROR_DEVICE";
  }
  return "TRITON_SPIRV_ERROR_(unknown)";
}

TRITON_SPIRV_EXPORT const char *triton_spirv_last_error(void) {
  return lastError.c_str();
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_report_error(TritonSpirvResult result, const char *message) {
  lastError = message ? message : "";
  return result;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_create(const char *device, TritonSpirvContext *context) {
  const char *call = "triton_spirv_context_create";
  REQUIRE(call, context);
  *context = nullptr;
  return guarded(call, TRITON_SPIRV_ERROR_NO_DEVICE, [&] {
    DeviceOptions options;
    if (device)
      options.selector = device;
    auto handle = std::make_unique<TritonSpirvContext_st>();
    handle->device = Device::create(options);
    handle->deviceName = handle->device->properties().name;
    *context = handle.release();
  });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_destroy(TritonSpirvContext context) {
  const char *call = "triton_spirv_context_destroy";
  REQUIRE(call, context);
  TritonSpirvResult result = guarded(call, TRITON_SPIRV_ERROR_DEVICE,
                                     [&] { context->device->synchronize(); });
  {
    std::lock_guard<std::mutex> lock(currentMutex);
    if (currentContext == context) {
      currentContext = nullptr;
      release(context);
    }
  }
  release(context);
  return result;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_set_current(TritonSpirvContext context) {
  REQUIRE("triton_spirv_context_set_current", context);
  std::lock_guard<std::mutex> lock(currentMutex);
  retain(context);
  if (currentContext)
    release(currentContext);
  currentContext = context;
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_get_current(TritonSpirvContext *context) {
  REQUIRE("triton_spirv_context_get_current", context);
  std::lock_guard<std::mutex> lock(currentMutex);
  if (!currentContext) {
    TritonSpirvResult result =
        triton_spirv_context_create(nullptr, &currentContext);
    if (result != TRITON_SPIRV_SUCCESS)
      return result;
  }
  *context = currentContext;
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_device_name(TritonSpirvContext context, const char **name) {
  REQUIRE("triton_spirv_context_device_name", context);
  REQUIRE("triton_spirv_context_device_name", name);
  *name = context->deviceName.c_str();
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_stream(TritonSpirvContext context, TritonSpirvStream *stream) {
  REQUIRE("triton_spirv_context_stream", context);
  REQUIRE("triton_spirv_context_stream", stream);
  *stream = &context->stream;
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_stream_context(TritonSpirvStream stream, TritonSpirvContext *context) {
  REQUIRE("triton_spirv_stream_context", stream);
  REQUIRE("triton_spirv_stream_context", context);
  *context = stream->context;
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_stream_synchronize(TritonSpirvStream stream) {
  const char *call = "triton_spirv_stream_synchronize";
  REQUIRE(call, stream);
  return guarded(call, TRITON_SPIRV_ERROR_DEVICE,
                 [&] { stream->context->device->synchronize(); });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_create(TritonSpirvContext context, uint64_t bytes,
                           uint32_t flags, TritonSpirvBuffer *buffer) {
  const char *call = "triton_spirv_buffer_create";
  REQUIRE(call, context);
  REQUIRE(call, buffer);
  *buffer = nullptr;
  if (bytes == 0)
    return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                    std::string(call) + ": argument 'bytes' is 0");
  if (flags & ~uint32_t(TRITON_SPIRV_BUFFER_HOST_VISIBLE))
    return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                    std::string(call) + ": unknown bits in 'flags' (" +
                        std::to_string(flags) + ")");
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE, [&] {
    auto handle = std::make_unique<TritonSpirvBuffer_st>();
    handle->buffer = context->device->alloc(
        bytes, flags & TRITON_SPIRV_BUFFER_HOST_VISIBLE);
    handle->context = context;
    retain(context);
    *buffer = handle.release();
  });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_destroy(TritonSpirvBuffer buffer) {
  REQUIRE("triton_spirv_buffer_destroy", buffer);
  TritonSpirvContext context = buffer->context;
  delete buffer; // the runtime frees the memory once launches are done
  release(context);
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_address(TritonSpirvBuffer buffer, uint64_t *address) {
  REQUIRE("triton_spirv_buffer_address", buffer);
  REQUIRE("triton_spirv_buffer_address", address);
  *address = buffer->buffer->address();
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_size(TritonSpirvBuffer buffer, uint64_t *bytes) {
  REQUIRE("triton_spirv_buffer_size", buffer);
  REQUIRE("triton_spirv_buffer_size", bytes);
  *bytes = buffer->buffer->size();
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_write(TritonSpirvBuffer buffer, uint64_t offset,
                          const void *src, uint64_t bytes) {
  const char *call = "triton_spirv_buffer_write";
  REQUIRE(call, buffer);
  REQUIRE(call, src);
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE,
                 [&] { buffer->buffer->write(src, bytes, offset); });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_buffer_read(TritonSpirvBuffer buffer, uint64_t offset, void *dst,
                         uint64_t bytes) {
  const char *call = "triton_spirv_buffer_read";
  REQUIRE(call, buffer);
  REQUIRE(call, dst);
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE,
                 [&] { buffer->buffer->read(dst, bytes, offset); });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_host_address(TritonSpirvContext context, const void *host,
                          uint64_t bytes, uint64_t *address) {
  const char *call = "triton_spirv_host_address";
  REQUIRE(call, context);
  REQUIRE(call, host);
  REQUIRE(call, address);
  if (!context->device->properties().hasExternalMemoryHost)
    return failWith(TRITON_SPIRV_ERROR_UNSUPPORTED,
                    std::string(call) + ": device '" + context->deviceName +
                        "' cannot import host memory "
                        "(VK_EXT_external_memory_host); use buffers");
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE, [&] {
    *address = context->device->hostAddress(host, bytes);
  });
}

namespace {
/// The context's scratch buffer, grown to at least `bytes`.
uint64_t scratchAddress(TritonSpirvContext context, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(context->scratchMutex);
  if (!context->scratch || context->scratch->size() < bytes) {
    const uint64_t limit =
        context->device->properties().maxMemoryAllocationSize;
    uint64_t grown = context->scratch ? 2 * context->scratch->size() : 0;
    grown = std::min(std::max(grown, uint64_t(1) << 20), limit);
    // The old buffer is freed once the launches using it are done.
    context->scratch =
        context->device->alloc(std::max(bytes, grown), /*hostVisible=*/false);
  }
  return context->scratch->address();
}
} // namespace

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_context_scratch(TritonSpirvContext context, uint64_t bytes,
                             uint64_t *address) {
  const char *call = "triton_spirv_context_scratch";
  REQUIRE(call, context);
  REQUIRE(call, address);
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE,
                 [&] { *address = scratchAddress(context, bytes); });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_kernel_scratch(TritonSpirvKernel kernel, uint32_t gx, uint32_t gy,
                            uint32_t gz, uint64_t *address) {
  const char *call = "triton_spirv_kernel_scratch";
  REQUIRE(call, kernel);
  REQUIRE(call, address);
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE, [&] {
    uint64_t bytes;
    try {
      bytes = kernel->kernel->scratchBytes(gx, gy, gz);
    } catch (const VulkanError &error) {
      throw VulkanError("kernel '" + kernel->name + "': " + error.what(),
                        error.result());
    }
    *address = scratchAddress(kernel->context, bytes);
  });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_kernel_load(TritonSpirvContext context,
                         const TritonSpirvKernelInfo *info,
                         TritonSpirvKernel *kernel) {
  const char *call = "triton_spirv_kernel_load";
  REQUIRE(call, context);
  REQUIRE(call, info);
  REQUIRE(call, kernel);
  REQUIRE(call, info->spirv);
  REQUIRE(call, info->entry_point);
  *kernel = nullptr;
  const std::string name = info->name ? info->name : info->entry_point;
  if (info->spirv_bytes == 0 || info->spirv_bytes % 4 != 0)
    return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                    std::string(call) + ": kernel '" + name + "': " +
                        std::to_string(info->spirv_bytes) +
                        " bytes of SPIR-V is not a whole number of words");
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE, [&] {
    KernelSpec spec;
    spec.spirv.assign(info->spirv, info->spirv + info->spirv_bytes / 4);
    spec.entry = info->entry_point;
    for (int i = 0; i < 3; ++i)
      spec.workgroupSize[i] = info->workgroup_size[i] ? info->workgroup_size[i] : 1;
    spec.usesArgumentBlock = info->uses_argument_block != 0;
    // In argument-block mode the push constants are the block's address.
    spec.pushConstantSize = spec.usesArgumentBlock ? 8 : info->argument_bytes;
    spec.sharedMemBytes = info->shared_bytes;
    spec.scratchBytesPerProgram = info->scratch_bytes_per_program;
    spec.scratchOffset = info->scratch_offset;
    auto handle = std::make_unique<TritonSpirvKernel_st>();
    try {
      handle->kernel = context->device->loadKernel(spec);
    } catch (const VulkanError &error) {
      throw VulkanError("kernel '" + name + "': " + error.what(),
                        error.result());
    }
    handle->name = name;
    handle->argumentBytes = info->argument_bytes;
    handle->context = context;
    retain(context);
    *kernel = handle.release();
  });
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_kernel_unload(TritonSpirvKernel kernel) {
  REQUIRE("triton_spirv_kernel_unload", kernel);
  TritonSpirvContext context = kernel->context;
  delete kernel; // the pipeline goes once its launches are done
  release(context);
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_kernel_context(TritonSpirvKernel kernel, TritonSpirvContext *context) {
  REQUIRE("triton_spirv_kernel_context", kernel);
  REQUIRE("triton_spirv_kernel_context", context);
  *context = kernel->context;
  return TRITON_SPIRV_SUCCESS;
}

TRITON_SPIRV_EXPORT TritonSpirvResult
triton_spirv_launch(TritonSpirvStream stream, TritonSpirvKernel kernel,
                    uint32_t gx, uint32_t gy, uint32_t gz,
                    const void *arguments, size_t argument_bytes) {
  const char *call = "triton_spirv_launch";
  REQUIRE(call, stream);
  REQUIRE(call, kernel);
  if (kernel->context != stream->context)
    return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                    std::string(call) + ": kernel '" + kernel->name +
                        "' was loaded on another context than the stream's");
  if (argument_bytes != kernel->argumentBytes)
    return failWith(TRITON_SPIRV_ERROR_INVALID_VALUE,
                    std::string(call) + ": kernel '" + kernel->name +
                        "' takes " + std::to_string(kernel->argumentBytes) +
                        " bytes of arguments, got " +
                        std::to_string(argument_bytes));
  if (argument_bytes && !arguments)
    return nullArgument(call, "arguments");
  if (traceLaunches())
    std::fprintf(stderr, "triton-spirv: launch %s grid (%u, %u, %u)\n",
                 kernel->name.c_str(), gx, gy, gz);
  return guarded(call, TRITON_SPIRV_ERROR_INVALID_VALUE, [&] {
    try {
      stream->context->device->launch(*kernel->kernel, gx, gy, gz, arguments,
                                      argument_bytes, /*sync=*/false);
    } catch (const VulkanError &error) {
      throw VulkanError("kernel '" + kernel->name + "': " + error.what(),
                        error.result());
    }
  });
}

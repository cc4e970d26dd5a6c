/*===- triton_spirv_runtime.h - C API of the triton-spirv Vulkan runtime --===*
 *
 * Runs triton-spirv kernels from C with no Python and no MLIR: what
 * `python -m triton_spirv.tools.compile` generates calls it, and programs
 * use it to create a context, allocate memory and wait for results.
 *
 *  - A context is one Vulkan device (chosen as in Python: a selector, else
 *    TRITON_SPIRV_DEVICE, else the first of the preferred type: discrete >
 *    integrated > virtual > cpu). A comma-separated list (the torch device's
 *    several devices) chooses its first entry.
 *  - Kernels reach memory by 64-bit device address: a buffer's
 *    (triton_spirv_buffer_address) or imported host memory's
 *    (triton_spirv_host_address).
 *  - A stream is the context's queue: launches on it run in order, each
 *    seeing the writes of those before; they return before the work is done.
 *    Buffer reads and writes wait for earlier launches first.
 *  - Every call returns a TritonSpirvResult; on failure
 *    triton_spirv_last_error() tells what went wrong, naming the call.
 *
 * Link with -ltriton_spirv_runtime (shared: no other dependency; the Vulkan
 * loader is opened at run time), or with libtriton_spirv_runtime.a plus
 * -lstdc++ -ldl -lpthread.
 *===----------------------------------------------------------------------===*/
#ifndef TRITON_SPIRV_RUNTIME_H
#define TRITON_SPIRV_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRITON_SPIRV_RUNTIME_API_VERSION 2

typedef enum TritonSpirvResult {
  TRITON_SPIRV_SUCCESS = 0,
  /* A null or stale handle, a size out of range, a kernel launched on a
   * stream of another context, argument bytes of the wrong size. */
  TRITON_SPIRV_ERROR_INVALID_VALUE = 1,
  /* No Vulkan loader (libvulkan.so.1) on this machine. */
  TRITON_SPIRV_ERROR_NO_VULKAN = 2,
  /* No usable Vulkan device, or none matches the selector. */
  TRITON_SPIRV_ERROR_NO_DEVICE = 3,
  TRITON_SPIRV_ERROR_OUT_OF_MEMORY = 4,
  /* The device lacks what the call needs (e.g. host-memory import). */
  TRITON_SPIRV_ERROR_UNSUPPORTED = 5,
  /* Any other failure of the driver (device lost, a launch timing out). */
  TRITON_SPIRV_ERROR_DEVICE = 6,
} TritonSpirvResult;

typedef struct TritonSpirvContext_st *TritonSpirvContext;
typedef struct TritonSpirvStream_st *TritonSpirvStream;
typedef struct TritonSpirvBuffer_st *TritonSpirvBuffer;
typedef struct TritonSpirvKernel_st *TritonSpirvKernel;

/* "TRITON_SPIRV_ERROR_NO_DEVICE" etc. */
const char *triton_spirv_result_name(TritonSpirvResult result);
/* The message of this thread's latest failing call ("" if none). */
const char *triton_spirv_last_error(void);
/* Records `message` as this thread's last error and returns `result`: how
 * generated dispatchers report that no specialization fits. */
TritonSpirvResult triton_spirv_report_error(TritonSpirvResult result,
                                            const char *message);

/* --- contexts and streams ------------------------------------------------ */

/* device: a device index or a case-insensitive substring of its name (a
 * comma-separated list: its first entry); NULL or "": TRITON_SPIRV_DEVICE,
 * else the first device of the preferred type. */
TritonSpirvResult triton_spirv_context_create(const char *device,
                                              TritonSpirvContext *context);
/* Releases the caller's reference; buffers and kernels keep the device
 * until they are destroyed. Waits for the context's launches. */
TritonSpirvResult triton_spirv_context_destroy(TritonSpirvContext context);
/* The context generated load_<kernel>() functions use. */
TritonSpirvResult triton_spirv_context_set_current(TritonSpirvContext context);
/* The current context; the first call without one creates it (device as for
 * a NULL selector). */
TritonSpirvResult triton_spirv_context_get_current(TritonSpirvContext *context);
/* The device's name, valid as long as the context. */
TritonSpirvResult triton_spirv_context_device_name(TritonSpirvContext context,
                                                   const char **name);
TritonSpirvResult triton_spirv_context_stream(TritonSpirvContext context,
                                              TritonSpirvStream *stream);
TritonSpirvResult triton_spirv_stream_context(TritonSpirvStream stream,
                                              TritonSpirvContext *context);
/* Waits until every launch on the stream is done. */
TritonSpirvResult triton_spirv_stream_synchronize(TritonSpirvStream stream);

/* --- memory -------------------------------------------------------------- */

enum {
  TRITON_SPIRV_BUFFER_DEVICE_LOCAL = 0, /* fastest for kernels */
  TRITON_SPIRV_BUFFER_HOST_VISIBLE = 1, /* mapped: reads/writes are memcpy */
};
TritonSpirvResult triton_spirv_buffer_create(TritonSpirvContext context,
                                             uint64_t bytes, uint32_t flags,
                                             TritonSpirvBuffer *buffer);
/* Freed once the launches using it are done. */
TritonSpirvResult triton_spirv_buffer_destroy(TritonSpirvBuffer buffer);
TritonSpirvResult triton_spirv_buffer_address(TritonSpirvBuffer buffer,
                                              uint64_t *address);
TritonSpirvResult triton_spirv_buffer_size(TritonSpirvBuffer buffer,
                                           uint64_t *bytes);
TritonSpirvResult triton_spirv_buffer_write(TritonSpirvBuffer buffer,
                                            uint64_t offset, const void *src,
                                            uint64_t bytes);
TritonSpirvResult triton_spirv_buffer_read(TritonSpirvBuffer buffer,
                                           uint64_t offset, void *dst,
                                           uint64_t bytes);
/* The device address of host memory [host, host + bytes), imported with
 * VK_EXT_external_memory_host (zero copy; lavapipe has it, discrete GPUs
 * reach it over PCIe). Call it again before every launch that uses the
 * address: imports are cached and kept while launches use them. */
TritonSpirvResult triton_spirv_host_address(TritonSpirvContext context,
                                            const void *host, uint64_t bytes,
                                            uint64_t *address);

/* The device address of at least `bytes` of the context's scratch memory:
 * where kernels whose workgroup buffers exceed the device's workgroup memory
 * keep them (one slice per program). One buffer per context, grown as
 * needed; launches run in order, so each may use all of it. Generated
 * launch functions call it. */
TritonSpirvResult triton_spirv_context_scratch(TritonSpirvContext context,
                                               uint64_t bytes,
                                               uint64_t *address);

/* --- kernels ------------------------------------------------------------- */

/* What the compiler hands over (generated code fills it). */
typedef struct TritonSpirvKernelInfo {
  const char *name;        /* for messages and launch traces */
  const char *entry_point; /* the SPIR-V entry point */
  const uint32_t *spirv;
  size_t spirv_bytes;
  uint32_t workgroup_size[3];
  uint32_t argument_bytes;      /* bytes of packed arguments a launch takes */
  uint32_t uses_argument_block; /* 1: they travel in memory, not push constants */
  uint32_t shared_bytes;        /* workgroup memory */
  /* Workgroup buffers kept in global scratch (0: none): each program's
   * slice, and where the arguments hold the scratch address. (Added in API
   * version 2.) */
  uint64_t scratch_bytes_per_program;
  uint32_t scratch_offset;
} TritonSpirvKernelInfo;

/* Creates the kernel's pipeline on the context's device (the driver
 * compiles the SPIR-V now). */
TritonSpirvResult triton_spirv_kernel_load(TritonSpirvContext context,
                                           const TritonSpirvKernelInfo *info,
                                           TritonSpirvKernel *kernel);
TritonSpirvResult triton_spirv_kernel_unload(TritonSpirvKernel kernel);
TritonSpirvResult triton_spirv_kernel_context(TritonSpirvKernel kernel,
                                              TritonSpirvContext *context);
/* The address of the context's scratch memory for a launch of the kernel on
 * this grid: its programs' slices, or where they would exceed the kernel's
 * limit (TRITON_SPIRV_SCRATCH_LIMIT bytes, default 256 MiB), one chunk's,
 * which triton_spirv_launch then runs one after another. Generated launch
 * functions call it. */
TritonSpirvResult triton_spirv_kernel_scratch(TritonSpirvKernel kernel,
                                              uint32_t gx, uint32_t gy,
                                              uint32_t gz, uint64_t *address);
/* Queues gx*gy*gz programs of the kernel on the stream; `arguments` holds
 * exactly info.argument_bytes bytes (copied: reusable on return). With
 * TRITON_SPIRV_TRACE_LAUNCHES=1 each launch is printed to stderr. */
TritonSpirvResult triton_spirv_launch(TritonSpirvStream stream,
                                      TritonSpirvKernel kernel, uint32_t gx,
                                      uint32_t gy, uint32_t gz,
                                      const void *arguments,
                                      size_t argument_bytes);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_SPIRV_RUNTIME_H */

/*===- triton_spirv_bridge.h - The runtime as a table of C functions -----===*
 *
 * Code built apart from the Python module (against another C++ ABI: the
 * torch device extension, built against the installed torch) reaches this
 * process's one Vulkan runtime through this table, which the module hands
 * out as a PyCapsule named TRITON_SPIRV_BRIDGE_CAPSULE
 * (`_vulkan_runtime.runtime_bridge()`). Plain C: no C++ type crosses it.
 *
 * Every function returns TRITON_SPIRV_BRIDGE_OK or an error code, with the
 * message from last_error() (per thread). Work is ordered on the device's one
 * queue; only copy_from_device and the wait_* functions wait for the GPU.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TRITON_SPIRV_BRIDGE_H
#define TRITON_SPIRV_BRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRITON_SPIRV_BRIDGE_CAPSULE "triton_spirv.runtime_bridge"
#define TRITON_SPIRV_BRIDGE_VERSION 1

enum {
  TRITON_SPIRV_BRIDGE_OK = 0,
  TRITON_SPIRV_BRIDGE_ERROR = 1,
  TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY = 2,
};

typedef struct triton_spirv_bridge {
  uint32_t version; /* TRITON_SPIRV_BRIDGE_VERSION */
  /* The device's name, total device-local memory, and maxMemoryAllocationSize. */
  const char *device_name;
  uint64_t device_memory_bytes;
  uint64_t max_allocation_bytes;
  const char *(*last_error)(void);

  int (*allocate)(uint64_t nbytes, uint64_t *address);
  int (*free)(uint64_t address); /* once submitted work retired */
  int (*owns_address)(uint64_t address, int *owned);
  int (*copy_to_device)(uint64_t dst, const void *src, uint64_t nbytes);
  int (*copy_from_device)(void *dst, uint64_t src, uint64_t nbytes);
  int (*copy_within_device)(uint64_t dst, uint64_t src, uint64_t nbytes);
  int (*fill)(uint64_t dst, uint64_t nbytes, uint32_t pattern);
  int (*synchronize)(void);

  int (*record_timestamp)(uint64_t *id);
  int (*timestamp_reached)(uint64_t id, int *reached);
  int (*wait_timestamp)(uint64_t id);
  int (*elapsed_ms)(uint64_t start, uint64_t end, double *ms);
  int (*release_timestamp)(uint64_t id);
} triton_spirv_bridge;

#ifdef __cplusplus
}
#endif

#endif /* TRITON_SPIRV_BRIDGE_H */

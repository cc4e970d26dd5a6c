/*===- triton_spirv_bridge.h - The runtime as a table of C functions -----===*
 *
 * Code built apart from the Python module (against another C++ ABI: the
 * torch device extension, built against the installed torch) reaches this
 * process's Vulkan runtime through this table, which the module hands out as
 * a PyCapsule named TRITON_SPIRV_BRIDGE_CAPSULE
 * (`_vulkan_runtime.runtime_bridge()`). Plain C: no C++ type crosses it.
 *
 * The process has device_count Vulkan devices (the torch device's indices:
 * TRITON_SPIRV_DEVICE's list, else every device of the preferred type); every
 * call names one by its index and creates it on first use, except
 * owns_address and synchronize, which never create one. Addresses are per
 * device: two devices may hand out the same address.
 *
 * Every function returns TRITON_SPIRV_BRIDGE_OK or an error code, with the
 * message from last_error() (per thread). Work is ordered on each device's
 * one queue; only copy_from_device and the wait_* functions wait for the GPU.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TRITON_SPIRV_BRIDGE_H
#define TRITON_SPIRV_BRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRITON_SPIRV_BRIDGE_CAPSULE "triton_spirv.runtime_bridge"
/* 2: several devices, a device index on every call. */
#define TRITON_SPIRV_BRIDGE_VERSION 2

enum {
  TRITON_SPIRV_BRIDGE_OK = 0,
  TRITON_SPIRV_BRIDGE_ERROR = 1,
  TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY = 2,
};

typedef struct triton_spirv_bridge {
  uint32_t version; /* TRITON_SPIRV_BRIDGE_VERSION; stays the first field */
  uint32_t device_count;
  const char *(*last_error)(void);

  /* The device's name (valid for the process), total device-local memory
   * and maxMemoryAllocationSize. */
  int (*device_info)(uint32_t device, const char **name,
                     uint64_t *memory_bytes, uint64_t *max_allocation_bytes);
  int (*allocate)(uint32_t device, uint64_t nbytes, uint64_t *address);
  int (*free)(uint32_t device, uint64_t address); /* once submitted work retired */
  int (*owns_address)(uint32_t device, uint64_t address, int *owned);
  int (*copy_to_device)(uint32_t device, uint64_t dst, const void *src,
                        uint64_t nbytes);
  int (*copy_from_device)(uint32_t device, void *dst, uint64_t src,
                          uint64_t nbytes);
  int (*copy_within_device)(uint32_t device, uint64_t dst, uint64_t src,
                            uint64_t nbytes);
  int (*fill)(uint32_t device, uint64_t dst, uint64_t nbytes, uint32_t pattern);
  int (*synchronize)(uint32_t device);

  /* Timestamp ids are per device. */
  int (*record_timestamp)(uint32_t device, uint64_t *id);
  int (*timestamp_reached)(uint32_t device, uint64_t id, int *reached);
  int (*wait_timestamp)(uint32_t device, uint64_t id);
  int (*elapsed_ms)(uint32_t device, uint64_t start, uint64_t end, double *ms);
  int (*release_timestamp)(uint32_t device, uint64_t id);
} triton_spirv_bridge;

#ifdef __cplusplus
}
#endif

#endif /* TRITON_SPIRV_BRIDGE_H */

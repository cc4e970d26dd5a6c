// The extension's Python functions (`torch.spirv` wraps them): initialization
// with the runtime's bridge, the current device, synchronization and memory
// statistics per device index.
#include "Allocator.h"
#include "Bridge.h"

#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/extension.h>

#include <array>
#include <memory>
#include <mutex>

namespace triton_spirv_torch {

void registerHooks();
int64_t currentStreamId(c10::DeviceIndex device);
void setCurrentStreamId(c10::DeviceIndex device, int64_t id);

namespace {
const triton_spirv_bridge *table = nullptr;
std::string typeName = "spirv";
std::mutex infoMutex;
std::array<std::unique_ptr<DeviceInfo>, kMaxDevices> infos;
} // namespace

const triton_spirv_bridge &bridge() {
  TORCH_CHECK(table, "triton-spirv: the ", typeName,
              " device is not initialized (torch.", typeName, "._lazy_init() does it)");
  return *table;
}
bool hasBridge() { return table != nullptr; }
void setBridge(const triton_spirv_bridge *value) { table = value; }
std::string deviceTypeName() { return typeName; }

c10::DeviceIndex deviceCount() {
  return table ? static_cast<c10::DeviceIndex>(table->device_count) : 0;
}

std::string deviceLabel(c10::DeviceIndex index) {
  return typeName + ":" + std::to_string(int(index));
}

c10::DeviceIndex checkedIndex(c10::DeviceIndex index) {
  bridge(); // raises when the device is not initialized
  if (index < 0)
    return currentDevice();
  const c10::DeviceIndex count = deviceCount();
  TORCH_CHECK(index < count, deviceLabel(index), " does not exist: this process has ",
              int(count), count == 1 ? " Vulkan device (index 0)" : " Vulkan devices (indices 0-",
              count == 1 ? "" : std::to_string(count - 1) + ")",
              "; TRITON_SPIRV_DEVICE lists which");
  return index;
}

const DeviceInfo &deviceInfo(c10::DeviceIndex index) {
  index = checkedIndex(index);
  std::lock_guard<std::mutex> lock(infoMutex);
  if (!infos[index]) {
    auto info = std::make_unique<DeviceInfo>();
    const char *name = nullptr;
    check(bridge().device_info(index, &name, &info->memoryBytes, &info->maxAllocationBytes),
          "creating the device", index);
    info->name = name;
    infos[index] = std::move(info);
  }
  return *infos[index];
}

c10::DeviceIndex deviceOfAddress(uint64_t address) {
  const c10::DeviceIndex first = currentDevice(), count = deviceCount();
  for (c10::DeviceIndex k = 0; k < count; ++k) {
    const c10::DeviceIndex device = (first + k) % count;
    int owned = 0;
    if (bridge().owns_address(device, address, &owned) == TRITON_SPIRV_BRIDGE_OK && owned)
      return device;
  }
  return -1;
}

void check(int code, const char *what, c10::DeviceIndex device) {
  if (code == TRITON_SPIRV_BRIDGE_OK)
    return;
  const std::string message = table ? table->last_error() : "no runtime";
  TORCH_CHECK_WITH(OutOfMemoryError, code != TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY,
                   "triton-spirv: ", what, " on ", deviceLabel(device), ": ", message);
  TORCH_CHECK(false, "triton-spirv: ", what, " on ", deviceLabel(device), ": ", message);
}

namespace {

void init(py::capsule capsule, const std::string &name) {
  TORCH_CHECK(std::strcmp(capsule.name(), TRITON_SPIRV_BRIDGE_CAPSULE) == 0,
              "triton-spirv: expected the runtime bridge capsule, got '", capsule.name(), "'");
  const auto *value = capsule.get_pointer<const triton_spirv_bridge>();
  TORCH_CHECK(value->version == TRITON_SPIRV_BRIDGE_VERSION,
              "triton-spirv: the runtime's bridge is version ", value->version,
              ", this torch extension expects ", TRITON_SPIRV_BRIDGE_VERSION,
              ": they come from two installations of triton-spirv (reinstall it, or delete the "
              "extension's cache folder, TRITON_SPIRV_TORCH_EXTENSION_DIR, to rebuild it)");
  TORCH_CHECK(value->device_count >= 1 && value->device_count <= kMaxDevices,
              "triton-spirv: the runtime has ", value->device_count, " devices; the ", name,
              " device serves 1 to ", kMaxDevices, " (TRITON_SPIRV_DEVICE lists which)");
  typeName = name;
  setBridge(value);
  registerHooks();
}

c10::DeviceIndex index(int64_t device) { return checkedIndex(static_cast<c10::DeviceIndex>(device)); }

void synchronize(int64_t device) {
  const c10::DeviceIndex d = index(device);
  py::gil_scoped_release release;
  check(bridge().synchronize(d), "synchronizing", d);
}

py::dict memoryStats(int64_t device) {
  const MemoryStats s = deviceAllocator().stats(index(device));
  py::dict d;
  d["allocated_bytes.all.current"] = s.allocated;
  d["allocated_bytes.all.peak"] = s.peakAllocated;
  d["reserved_bytes.all.current"] = s.reserved;
  d["reserved_bytes.all.peak"] = s.peakReserved;
  d["allocation.all.allocated"] = s.allocations;
  d["allocation.all.freed"] = s.frees;
  d["num_cache_hits"] = s.cacheHits;
  d["num_device_alloc"] = s.deviceAllocations;
  d["num_alloc_retries"] = s.outOfMemoryRetries;
  return d;
}

} // namespace
} // namespace triton_spirv_torch

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  using namespace triton_spirv_torch;
  // `device` arguments: an index, -1 for the calling thread's current device.
  m.def("init", &init, py::arg("bridge"), py::arg("device_type_name"));
  m.def("device_count", [] { return int(deviceCount()); });
  m.def("current_device", [] { return int(currentDevice()); });
  m.def("set_device", [](int64_t device) { setCurrentDevice(index(device)); });
  m.def("synchronize", &synchronize, py::arg("device") = -1);
  m.def("memory_stats", &memoryStats, py::arg("device") = -1);
  m.def("empty_cache", [](int64_t device) { deviceAllocator().emptyCache(index(device)); },
        py::arg("device") = -1);
  m.def("reset_peak_memory_stats",
        [](int64_t device) { deviceAllocator().resetPeakStats(index(device)); },
        py::arg("device") = -1);
  m.def("current_stream_id", [](int64_t device) { return currentStreamId(index(device)); },
        py::arg("device") = -1);
  m.def("set_stream_id", [](int64_t device, int64_t id) { setCurrentStreamId(index(device), id); },
        py::arg("device"), py::arg("stream_id"));
}

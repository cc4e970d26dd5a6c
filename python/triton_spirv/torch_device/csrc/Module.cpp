// The extension's Python functions (`torch.spirv` wraps them): initialization
// with the runtime's bridge, synchronization and memory statistics.
#include "Allocator.h"
#include "Bridge.h"

#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/extension.h>

namespace triton_spirv_torch {

void registerHooks();
int64_t currentStreamId();
void setCurrentStreamId(int64_t id);

namespace {
const triton_spirv_bridge *table = nullptr;
std::string typeName = "spirv";
} // namespace

const triton_spirv_bridge &bridge() {
  TORCH_CHECK(table, "triton-spirv: the ", typeName,
              " device is not initialized (torch.", typeName, "._lazy_init() does it)");
  return *table;
}
bool hasBridge() { return table != nullptr; }
void setBridge(const triton_spirv_bridge *value) { table = value; }
std::string deviceTypeName() { return typeName; }

void check(int code, const char *what) {
  if (code == TRITON_SPIRV_BRIDGE_OK)
    return;
  const std::string message = table ? table->last_error() : "no runtime";
  TORCH_CHECK_WITH(OutOfMemoryError, code != TRITON_SPIRV_BRIDGE_OUT_OF_MEMORY,
                   "triton-spirv: ", what, " on ", typeName, ": ", message);
  TORCH_CHECK(false, "triton-spirv: ", what, " on ", typeName, ": ", message);
}

namespace {

void init(py::capsule capsule, const std::string &name) {
  TORCH_CHECK(std::strcmp(capsule.name(), TRITON_SPIRV_BRIDGE_CAPSULE) == 0,
              "triton-spirv: expected the runtime bridge capsule, got '", capsule.name(), "'");
  const auto *value = capsule.get_pointer<const triton_spirv_bridge>();
  TORCH_CHECK(value->version == TRITON_SPIRV_BRIDGE_VERSION,
              "triton-spirv: the runtime's bridge is version ", value->version,
              ", this torch extension expects ", TRITON_SPIRV_BRIDGE_VERSION,
              " (rebuild it: delete its cache folder)");
  typeName = name;
  setBridge(value);
  registerHooks();
}

void synchronize() {
  py::gil_scoped_release release;
  check(bridge().synchronize(), "synchronizing");
}

py::dict memoryStats() {
  const MemoryStats s = deviceAllocator().stats();
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
  m.def("init", &init, py::arg("bridge"), py::arg("device_type_name"));
  m.def("synchronize", &synchronize);
  m.def("memory_stats", &memoryStats);
  m.def("empty_cache", [] { deviceAllocator().emptyCache(); });
  m.def("reset_peak_memory_stats", [] { deviceAllocator().resetPeakStats(); });
  m.def("current_stream_id", [] { return currentStreamId(); });
  m.def("set_stream_id", [](int64_t id) { setCurrentStreamId(id); });
}

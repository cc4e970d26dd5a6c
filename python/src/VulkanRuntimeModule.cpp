//===- VulkanRuntimeModule.cpp - Python bindings of the Vulkan runtime ----===//
//
// Module `_vulkan_runtime`: Device/Kernel/Buffer classes plus module-level
// functions that act on the process's devices (DeviceSet.h: get_device(i),
// the torch device's index i; the functions without an index act on device
// 0, the default). Calls that wait on the device release the GIL.
//
//===----------------------------------------------------------------------===//

#include "DeviceSet.h"
#include "RuntimeBridge.h"
#include "triton-spirv/Runtime/CudaInterop.h"
#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <cstring>
#include <mutex>
#include <sys/types.h>

namespace py = pybind11;
using namespace triton_spirv::runtime;

namespace {

using triton_spirv::python::getDevice;

// The process-wide CUDA interop: created once, never destroyed, because
// torch may free tensors (calling triton_spirv_cuda_free) during teardown.
std::mutex interopMutex;
std::shared_ptr<CudaInterop> *interop = nullptr;
std::string interopError;

std::shared_ptr<CudaInterop> getInterop(int ordinal) {
  std::lock_guard<std::mutex> lock(interopMutex);
  if (!interop) {
    if (!interopError.empty())
      throw VulkanError(interopError, VK_ERROR_INITIALIZATION_FAILED);
    try {
      interop = new std::shared_ptr<CudaInterop>(
          CudaInterop::create(getDevice(), ordinal));
    } catch (const std::exception &e) {
      interopError = e.what();
      throw;
    }
  }
  if (ordinal >= 0 && (*interop)->cudaOrdinal() != ordinal)
    throw VulkanError("CUDA interop serves CUDA device " +
                          std::to_string((*interop)->cudaOrdinal()) +
                          " (the Vulkan device's), not device " +
                          std::to_string(ordinal),
                      VK_ERROR_INITIALIZATION_FAILED);
  return *interop;
}

/// Copies any C-contiguous bytes-like object (bytes, bytearray, memoryview,
/// numpy array).
std::string bytesOf(const py::object &obj) {
  Py_buffer view;
  if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_C_CONTIGUOUS) != 0)
    throw py::error_already_set();
  std::string out(static_cast<const char *>(view.buf),
                  static_cast<size_t>(view.len));
  PyBuffer_Release(&view);
  return out;
}

std::vector<uint32_t> spirvWords(const py::object &obj) {
  std::string bytes = bytesOf(obj);
  if (bytes.size() % 4)
    throw VulkanError("vkCreateShaderModule: SPIR-V size " +
                          std::to_string(bytes.size()) +
                          " is not a multiple of 4",
                      VK_ERROR_INITIALIZATION_FAILED);
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

py::dict propertiesDict(const DeviceProperties &p) {
  py::dict d;
  d["index"] = p.index;
  d["name"] = p.name;
  d["vendor_id"] = p.vendorId;
  d["device_id"] = p.deviceId;
  d["device_type"] = p.deviceType;
  d["api_version"] = p.apiVersion;
  d["driver_version"] = p.driverVersion;
  d["driver_name"] = p.driverName;
  d["driver_info"] = p.driverInfo;
  d["subgroup_size"] = p.subgroupSize;
  d["min_subgroup_size"] = p.minSubgroupSize;
  d["max_subgroup_size"] = p.maxSubgroupSize;
  d["supported_subgroup_operations"] = p.supportedSubgroupOperations;
  d["max_workgroup_invocations"] = p.maxWorkgroupInvocations;
  d["max_workgroup_size"] = py::make_tuple(
      p.maxWorkgroupSize[0], p.maxWorkgroupSize[1], p.maxWorkgroupSize[2]);
  d["max_workgroup_count"] = py::make_tuple(
      p.maxWorkgroupCount[0], p.maxWorkgroupCount[1], p.maxWorkgroupCount[2]);
  d["max_shared_mem"] = p.maxSharedMem;
  d["max_push_constants_size"] = p.maxPushConstantsSize;
  d["max_storage_buffer_range"] = p.maxStorageBufferRange;
  d["max_memory_allocation_size"] = p.maxMemoryAllocationSize;
  d["device_local_memory_bytes"] = p.deviceLocalMemoryBytes;
  d["timestamp_period_ns"] = p.timestampPeriodNs;
  d["timestamp_valid_bits"] = p.timestampValidBits;
  d["has_external_memory_host"] = p.hasExternalMemoryHost;
  d["min_imported_host_pointer_alignment"] = p.minImportedHostPointerAlignment;
  d["has_external_fd"] = p.hasExternalFd;
  d["device_uuid"] = py::bytes(reinterpret_cast<const char *>(p.deviceUuid.data()),
                               p.deviceUuid.size());
  d["has_cooperative_matrix"] = p.hasCooperativeMatrix;
  d["denorm_preserve_float32"] = p.denormPreserveFloat32;
  py::list shapes;
  for (const CooperativeMatrixShape &s : p.cooperativeMatrixShapes) {
    py::dict shape;
    shape["m"] = s.m;
    shape["n"] = s.n;
    shape["k"] = s.k;
    shape["a_type"] = s.aType;
    shape["b_type"] = s.bType;
    shape["c_type"] = s.cType;
    shape["result_type"] = s.resultType;
    shape["saturating_accumulation"] = s.saturatingAccumulation;
    shape["scope"] = s.scope;
    shapes.append(shape);
  }
  d["cooperative_matrix_shapes"] = shapes;
  d["multiprocessor_count"] = p.multiprocessorCount;
  d["multiprocessor_count_source"] = p.multiprocessorCountSource;
  d["max_num_regs"] = p.maxNumRegs;
  d["max_num_regs_source"] = p.maxNumRegsSource;
  d["features"] = p.features;
  d["extensions"] = p.enabledExtensions;
  return d;
}

std::shared_ptr<Kernel> loadKernel(Device &device, const py::object &spirv,
                                   const std::string &entry,
                                   std::array<uint32_t, 3> workgroupSize,
                                   uint32_t pushConstantSize,
                                   bool usesArgumentBlock,
                                   uint32_t sharedMemBytes,
                                   uint32_t requiredSubgroupSize,
                                   bool captureInternalRepresentations,
                                   uint64_t scratchBytesPerProgram,
                                   uint32_t scratchOffset) {
  KernelSpec spec;
  spec.spirv = spirvWords(spirv);
  spec.entry = entry;
  spec.workgroupSize = workgroupSize;
  spec.pushConstantSize = pushConstantSize;
  spec.usesArgumentBlock = usesArgumentBlock;
  spec.sharedMemBytes = sharedMemBytes;
  spec.requiredSubgroupSize = requiredSubgroupSize;
  spec.captureInternalRepresentations = captureInternalRepresentations;
  spec.scratchBytesPerProgram = scratchBytesPerProgram;
  spec.scratchOffset = scratchOffset;
  py::gil_scoped_release release;
  return device.loadKernel(spec);
}

void launch(Device &device, const Kernel &kernel, uint32_t gx, uint32_t gy,
            uint32_t gz, const py::object &args, bool sync) {
  std::string bytes = bytesOf(args);
  py::gil_scoped_release release;
  device.launch(kernel, gx, gy, gz, bytes.data(), bytes.size(), sync);
}

std::vector<double> timeLaunches(Device &device, const Kernel &kernel,
                                 uint32_t gx, uint32_t gy, uint32_t gz,
                                 const py::object &args, uint32_t reps) {
  std::string bytes = bytesOf(args);
  py::gil_scoped_release release;
  return device.timeLaunches(kernel, gx, gy, gz, bytes.data(), bytes.size(),
                             reps);
}

uint64_t hostAddress(Device &device, uintptr_t ptr, uint64_t nbytes) {
  return device.hostAddress(reinterpret_cast<const void *>(ptr), nbytes);
}

py::list listDevices() {
  py::list out;
  for (const PhysicalDeviceSummary &s : Device::listPhysicalDevices()) {
    py::dict d;
    d["index"] = s.index;
    d["name"] = s.name;
    d["device_type"] = s.deviceType;
    d["api_version"] = s.apiVersion;
    d["vendor_id"] = s.vendorId;
    d["device_id"] = s.deviceId;
    d["usable"] = s.usable;
    d["unusable_reason"] = s.unusableReason;
    out.append(d);
  }
  return out;
}

} // namespace

// torch.cuda.memory.CUDAPluggableAllocator entry points (this module's file
// is the allocator library). Errors cannot cross into torch as exceptions:
// they are printed, and a null pointer makes torch raise its out-of-memory
// error.
extern "C" __attribute__((visibility("default"))) void *
triton_spirv_cuda_malloc(ssize_t size, int device, void * /*stream*/) {
  try {
    std::shared_ptr<CudaInterop> shared;
    try {
      shared = getInterop(device);
    } catch (const std::exception &e) {
      // Torch keeps working; kernels refuse such tensors, naming this reason.
      static std::once_flag warned;
      std::call_once(warned, [&] {
        std::fprintf(stderr, "triton-spirv: CUDA memory is not shared with "
                     "Vulkan (kernels cannot take these tensors): %s\n",
                     e.what());
      });
      return reinterpret_cast<void *>(CudaInterop::allocateUnshared(size));
    }
    return reinterpret_cast<void *>(shared->allocate(size));
  } catch (const std::exception &e) {
    std::fprintf(stderr, "triton-spirv: cannot allocate %zd bytes of CUDA "
                 "memory: %s\n", size, e.what());
    return nullptr;
  }
}

extern "C" __attribute__((visibility("default"))) void
triton_spirv_cuda_free(void *ptr, ssize_t /*size*/, int /*device*/,
                       void * /*stream*/) {
  const uint64_t address = reinterpret_cast<uint64_t>(ptr);
  try {
    std::shared_ptr<CudaInterop> shared;
    {
      std::lock_guard<std::mutex> lock(interopMutex);
      if (interop)
        shared = *interop;
    }
    if (shared && shared->owns(address))
      shared->release(address);
    else
      CudaInterop::releaseUnshared(address);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "triton-spirv: %s\n", e.what());
  }
}

PYBIND11_MODULE(_vulkan_runtime, m) {
  m.doc() = "triton-spirv Vulkan runtime: run SPIR-V compute kernels whose "
            "arguments are push constants / buffer device addresses";
  py::register_exception<VulkanError>(m, "VulkanError", PyExc_RuntimeError);

  py::class_<Kernel, std::shared_ptr<Kernel>>(m, "Kernel")
      .def_property_readonly("entry", &Kernel::entry)
      .def_property_readonly("workgroup_size",
                             [](const Kernel &k) {
                               auto w = k.workgroupSize();
                               return py::make_tuple(w[0], w[1], w[2]);
                             })
      .def_property_readonly("push_constant_size", &Kernel::pushConstantSize)
      .def_property_readonly("uses_argument_block", &Kernel::usesArgumentBlock)
      .def_property_readonly("shared_mem_bytes", &Kernel::sharedMemBytes)
      .def_property_readonly("required_subgroup_size",
                             &Kernel::requiredSubgroupSize)
      .def_property_readonly("scratch_limit", &Kernel::scratchLimit)
      .def("scratch_bytes", &Kernel::scratchBytes, py::arg("gx"), py::arg("gy"),
           py::arg("gz"),
           "Bytes of scratch memory a launch of this grid uses (one chunk's "
           "past scratch_limit)")
      .def(
          "executables",
          [](const Kernel &k) {
            py::list out;
            for (const PipelineExecutable &e : k.executables()) {
              py::dict d, stats, reps;
              d["name"] = e.name;
              d["description"] = e.description;
              d["subgroup_size"] = e.subgroupSize;
              for (const PipelineStatistic &st : e.statistics)
                stats[py::str(st.name)] =
                    st.format == "float"
                        ? py::object(py::float_(st.value))
                        : py::object(py::int_(static_cast<int64_t>(st.value)));
              for (const auto &[name, text] : e.representations)
                reps[py::str(name)] = text;
              d["statistics"] = stats;
              d["representations"] = reps;
              out.append(d);
            }
            return out;
          },
          "The driver's statistics (registers, spills, ...) and, when "
          "captured, internal representations per pipeline executable; empty "
          "without VK_KHR_pipeline_executable_properties.");

  py::class_<Buffer, std::shared_ptr<Buffer>>(m, "Buffer")
      .def_property_readonly("address", &Buffer::address)
      .def_property_readonly("size", &Buffer::size)
      .def_property_readonly("host_visible", &Buffer::hostVisible)
      .def(
          "write",
          [](Buffer &b, const py::object &data, uint64_t offset) {
            std::string bytes = bytesOf(data);
            py::gil_scoped_release release;
            b.write(bytes.data(), bytes.size(), offset);
          },
          py::arg("data"), py::arg("offset") = 0)
      .def(
          "read",
          [](const Buffer &b, int64_t nbytes, uint64_t offset) {
            uint64_t n = nbytes < 0 ? b.size() - std::min(offset, b.size())
                                    : static_cast<uint64_t>(nbytes);
            std::string out(n, '\0');
            {
              py::gil_scoped_release release;
              b.read(out.data(), n, offset);
            }
            return py::bytes(out);
          },
          py::arg("nbytes") = -1, py::arg("offset") = 0,
          "nbytes=-1 reads to the end of the buffer")
      .def(
          "copy_from_host",
          [](Buffer &b, uintptr_t ptr, uint64_t nbytes, uint64_t offset) {
            b.write(reinterpret_cast<const void *>(ptr), nbytes, offset);
          },
          py::arg("ptr"), py::arg("nbytes"), py::arg("offset") = 0,
          py::call_guard<py::gil_scoped_release>())
      .def(
          "copy_to_host",
          [](const Buffer &b, uintptr_t ptr, uint64_t nbytes, uint64_t offset) {
            b.read(reinterpret_cast<void *>(ptr), nbytes, offset);
          },
          py::arg("ptr"), py::arg("nbytes"), py::arg("offset") = 0,
          py::call_guard<py::gil_scoped_release>());

  py::class_<Device, std::shared_ptr<Device>>(m, "Device")
      .def(py::init([](const std::string &selector, int validation,
                       double timeoutSeconds, long hostImportCache,
                       long fenceSpinMicros) {
             DeviceOptions options;
             options.fenceSpinMicros = fenceSpinMicros;
             options.selector = selector;
             options.validation = validation;
             options.timeoutSeconds = timeoutSeconds;
             options.hostImportCacheLimit = hostImportCache;
             return Device::create(options);
           }),
           py::arg("selector") = "", py::arg("validation") = -1,
           py::arg("timeout_s") = -1.0, py::arg("host_import_cache") = -1,
           py::arg("fence_spin_us") = -1,
           "A device of its own; arguments left at their defaults come from "
           "TRITON_SPIRV_DEVICE / _VALIDATION / _TIMEOUT_S / "
           "_HOST_IMPORT_CACHE / _FENCE_SPIN_US")
      .def("device_properties",
           [](const Device &d) { return propertiesDict(d.properties()); })
      .def("host_address", &hostAddress, py::arg("ptr"), py::arg("nbytes"))
      .def("release_host_imports", &Device::releaseHostImports,
           py::call_guard<py::gil_scoped_release>())
      .def("host_import_count", &Device::hostImportCount)
      .def_property("fence_spin_us", &Device::fenceSpinMicros,
                    &Device::setFenceSpinMicros)
      .def("alloc", &Device::alloc, py::arg("nbytes"),
           py::arg("host_visible") = false)
      .def("load_kernel", &loadKernel, py::arg("spirv"), py::arg("entry"),
           py::arg("workgroup_size"), py::arg("push_constant_size"),
           py::arg("uses_argument_block"), py::arg("shared_mem_bytes") = 0,
           py::arg("required_subgroup_size") = 0,
           py::arg("capture_internal_representations") = false,
           py::arg("scratch_bytes_per_program") = 0,
           py::arg("scratch_offset") = 0)
      .def("launch", &launch, py::arg("kernel"), py::arg("gx"), py::arg("gy"),
           py::arg("gz"), py::arg("args"), py::arg("sync") = true)
      .def("synchronize", &Device::synchronize,
           py::call_guard<py::gil_scoped_release>())
      .def("time_launches", &timeLaunches, py::arg("kernel"), py::arg("gx"),
           py::arg("gy"), py::arg("gz"), py::arg("args"), py::arg("reps"))
      .def("validation_error_count", &Device::validationErrorCount)
      .def("validation_messages", &Device::validationMessages);

  // --- module-level API on the default device ---------------------------
  m.def(
      "get_device", [](size_t index) { return getDevice(index); },
      py::arg("index") = 0,
      "Device `index` of the process (the spirv torch device's index; 0: the "
      "default device), created on first use");
  m.def("device_count", &triton_spirv::python::deviceCount,
        "How many devices the process has: TRITON_SPIRV_DEVICE's list, else "
        "every Vulkan device of the preferred type (raises why there are "
        "none)");
  m.def("physical_device_indices", &triton_spirv::python::physicalDeviceIndices,
        "The Vulkan enumeration index (list_devices()) of each device index");
  m.def(
      "is_available",
      []() {
        try {
          getDevice();
          return true;
        } catch (const VulkanError &) {
          return false;
        }
      },
      "Whether a usable Vulkan device exists (get_device() says why not)");
  m.def(
      "runtime_bridge",
      []() {
        getDevice(); // raises naming why there is no usable device
        return py::capsule(static_cast<const void *>(runtimeBridge()),
                           TRITON_SPIRV_BRIDGE_CAPSULE);
      },
      "The process's devices as a table of C functions (a PyCapsule) for "
      "extensions built apart, such as the torch device");
  m.def("list_devices", &listDevices,
        "Every Vulkan physical device with whether triton-spirv can use it");
  m.def(
      "device_properties",
      [](size_t index) { return propertiesDict(getDevice(index)->properties()); },
      py::arg("index") = 0);
  m.def(
      "host_address",
      [](uintptr_t ptr, uint64_t nbytes) {
        return hostAddress(*getDevice(), ptr, nbytes);
      },
      py::arg("ptr"), py::arg("nbytes"));
  m.def("release_host_imports", []() {
    auto device = getDevice();
    py::gil_scoped_release release;
    device->releaseHostImports();
  });
  m.def(
      "alloc",
      [](uint64_t nbytes, bool hostVisible) {
        return getDevice()->alloc(nbytes, hostVisible);
      },
      py::arg("nbytes"), py::arg("host_visible") = false);
  m.def(
      "load_kernel",
      [](const py::object &spirv, const std::string &entry,
         std::array<uint32_t, 3> workgroupSize, uint32_t pushConstantSize,
         bool usesArgumentBlock, uint32_t sharedMemBytes,
         uint32_t requiredSubgroupSize, bool captureInternalRepresentations,
         uint64_t scratchBytesPerProgram, uint32_t scratchOffset) {
        return loadKernel(*getDevice(), spirv, entry, workgroupSize,
                          pushConstantSize, usesArgumentBlock, sharedMemBytes,
                          requiredSubgroupSize, captureInternalRepresentations,
                          scratchBytesPerProgram, scratchOffset);
      },
      py::arg("spirv"), py::arg("entry"), py::arg("workgroup_size"),
      py::arg("push_constant_size"), py::arg("uses_argument_block"),
      py::arg("shared_mem_bytes") = 0, py::arg("required_subgroup_size") = 0,
      py::arg("capture_internal_representations") = false,
      py::arg("scratch_bytes_per_program") = 0, py::arg("scratch_offset") = 0);
  m.def(
      "launch",
      [](const Kernel &kernel, uint32_t gx, uint32_t gy, uint32_t gz,
         const py::object &args, bool sync) {
        launch(*getDevice(), kernel, gx, gy, gz, args, sync);
      },
      py::arg("kernel"), py::arg("gx"), py::arg("gy"), py::arg("gz"),
      py::arg("args"), py::arg("sync") = true);
  m.def("synchronize", []() {
    auto device = getDevice();
    py::gil_scoped_release release;
    device->synchronize();
  });
  m.def(
      "time_launches",
      [](const Kernel &kernel, uint32_t gx, uint32_t gy, uint32_t gz,
         const py::object &args, uint32_t reps) {
        return timeLaunches(*getDevice(), kernel, gx, gy, gz, args, reps);
      },
      py::arg("kernel"), py::arg("gx"), py::arg("gy"), py::arg("gz"),
      py::arg("args"), py::arg("reps"));
  py::class_<CudaInterop, std::shared_ptr<CudaInterop>>(m, "CudaInterop")
      .def_property_readonly("cuda_device", &CudaInterop::cudaOrdinal)
      .def("vulkan_address", &CudaInterop::vulkanAddress,
           py::arg("cuda_address"), py::arg("nbytes"),
           "The Vulkan device address of CUDA memory from this interop's "
           "allocator, 0 for any other memory")
      .def(
          "address_map",
          [](const CudaInterop &self) {
            std::vector<uint64_t> rows = self.addressMap();
            return py::bytes(reinterpret_cast<const char *>(rows.data()),
                             rows.size() * sizeof(uint64_t));
          },
          "Rows of three little-endian u64 (CUDA base, bytes, Vulkan base - "
          "CUDA base) covering all memory from this interop's allocator")
      .def("address_map_version", &CudaInterop::addressMapVersion,
           "Changes whenever address_map() does")
      .def("allocate", &CudaInterop::allocate, py::arg("nbytes"))
      .def("release", &CudaInterop::release, py::arg("cuda_address"))
      .def("empty_cache", &CudaInterop::emptyCache,
           py::call_guard<py::gil_scoped_release>())
      .def(
          "launch",
          [](CudaInterop &self, const Kernel &kernel, uint32_t gx, uint32_t gy,
             uint32_t gz, const py::object &args, uint64_t stream) {
            std::string bytes = bytesOf(args);
            py::gil_scoped_release release;
            self.launch(kernel, gx, gy, gz, bytes.data(), bytes.size(), stream);
          },
          py::arg("kernel"), py::arg("gx"), py::arg("gy"), py::arg("gz"),
          py::arg("args"), py::arg("stream"))
      .def("stats", [](const CudaInterop &self) {
        CudaInteropStats st = self.stats();
        py::dict d;
        d["segments"] = st.segments;
        d["reserved_bytes"] = st.reservedBytes;
        d["live_blocks"] = st.liveBlocks;
        d["live_bytes"] = st.liveBytes;
        d["cached_bytes"] = st.cachedBytes;
        d["launches"] = st.launches;
        d["before_ns"] = st.beforeNs;
        d["submit_ns"] = st.submitNs;
        d["after_ns"] = st.afterNs;
        d["order"] = st.order;
        return d;
      });
  m.def("cuda_interop", &getInterop, py::arg("cuda_device"),
        "The process-wide CUDA interop of the default device with CUDA "
        "device `cuda_device` (-1: the one that is the Vulkan device; "
        "created on first use; raises why not)");
  m.def("validation_error_count",
        []() { return getDevice()->validationErrorCount(); });
  m.def("validation_messages",
        []() { return getDevice()->validationMessages(); });

  // Drop our references before interpreter teardown; a device is destroyed
  // once the last Kernel/Buffer referencing it is gone.
  py::module_::import("atexit").attr("register")(py::cpp_function([]() {
    std::vector<std::shared_ptr<Device>> devices =
        triton_spirv::python::releaseDevices();
    py::gil_scoped_release release;
    for (std::shared_ptr<Device> &device : devices) {
      if (!device)
        continue;
      try {
        device->synchronize();
      } catch (const std::exception &) {
      }
      device.reset();
    }
  }));
}

//===- VulkanRuntime.h - Run compiled SPIR-V kernels through Vulkan -------===//
//
// A small compute-only Vulkan runtime for triton-spirv kernels:
//  * a kernel is a SPIR-V GLCompute entry point whose arguments arrive in a
//    push-constant block (pointers are 64-bit buffer device addresses), or,
//    when they do not fit, in an "argument block" buffer whose device address
//    is the only push constant;
//  * there are no descriptor sets: all memory is reached by device address,
//    either host memory imported with VK_EXT_external_memory_host (zero copy,
//    e.g. torch CPU tensors on lavapipe) or buffers from Device::alloc.
//
// The Vulkan loader is opened with dlopen at run time (not linked), so code
// using this library loads on machines without Vulkan and Device::create()
// reports how to install it. No MLIR/LLVM dependency.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_RUNTIME_VULKANRUNTIME_H
#define TRITON_SPIRV_RUNTIME_VULKANRUNTIME_H

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES // every entry point comes from the dlopen'ed loader
#endif
#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace triton_spirv::runtime {

/// Every failing Vulkan call (and every misuse of this API) throws this.
/// The message names the call and the VkResult, e.g.
/// "vkCreateComputePipelines failed: VK_ERROR_OUT_OF_HOST_MEMORY".
class VulkanError : public std::runtime_error {
public:
  explicit VulkanError(const std::string &message,
                       VkResult result = VK_ERROR_UNKNOWN)
      : std::runtime_error(message), result_(result) {}
  VkResult result() const { return result_; }

private:
  VkResult result_;
};

/// "VK_ERROR_DEVICE_LOST" for VK_ERROR_DEVICE_LOST, "VkResult(<n>)" if unknown.
std::string vkResultName(VkResult result);

struct CooperativeMatrixShape {
  uint32_t m = 0, n = 0, k = 0;
  std::string aType, bType, cType, resultType; // "f16", "f32", "s8", "bf16"...
  bool saturatingAccumulation = false;
  std::string scope; // "subgroup", "workgroup", ...
};

/// One entry of vkEnumeratePhysicalDevices, with why it can(not) be used.
struct PhysicalDeviceSummary {
  uint32_t index = 0;
  std::string name, deviceType, apiVersion;
  uint32_t vendorId = 0, deviceId = 0;
  bool usable = false;
  std::string unusableReason; // empty when usable
};

struct DeviceProperties {
  uint32_t index = 0; // in vkEnumeratePhysicalDevices order
  std::string name;
  uint32_t vendorId = 0, deviceId = 0;
  std::string deviceType; // "discrete_gpu", "integrated_gpu", "cpu", ...
  std::string apiVersion; // the device's, e.g. "1.3.230" (we use <= 1.3)
  uint32_t driverVersion = 0; // raw, vendor-specific encoding
  std::string driverName, driverInfo;

  uint32_t subgroupSize = 0, minSubgroupSize = 0, maxSubgroupSize = 0;
  std::vector<std::string> supportedSubgroupOperations; // "basic", "vote", ...
  uint32_t maxWorkgroupInvocations = 0;
  std::array<uint32_t, 3> maxWorkgroupSize{}, maxWorkgroupCount{};
  uint32_t maxSharedMem = 0; // maxComputeSharedMemorySize
  uint32_t maxPushConstantsSize = 0;
  uint32_t maxStorageBufferRange = 0; // descriptors only; addresses reach more
  uint64_t maxMemoryAllocationSize = 0;
  uint64_t deviceLocalMemoryBytes = 0; // largest DEVICE_LOCAL heap
  double timestampPeriodNs = 0;
  uint32_t timestampValidBits = 0;

  bool hasExternalMemoryHost = false;
  uint64_t minImportedHostPointerAlignment = 0;
  // Memory and timeline semaphores exportable as POSIX file descriptors
  // (VK_KHR_external_{memory,semaphore}_fd): what CUDA interop needs.
  bool hasExternalFd = false;
  std::array<uint8_t, 16> deviceUuid{}; // matches CUDA's cuDeviceGetUuid
  bool hasCooperativeMatrix = false;
  std::vector<CooperativeMatrixShape> cooperativeMatrixShapes;
  // Float controls (Vulkan 1.2): whether a shader may ask to keep f32
  // subnormals (the DenormPreserve execution mode).
  bool denormPreserveFloat32 = false;

  // Vulkan has no "SM count": see Device.cpp for the sources, in order.
  uint32_t multiprocessorCount = 1;
  std::string multiprocessorCountSource;
  // Vulkan exposes no register-file size: 65536 is nominal (the size of an
  // NVIDIA SM's register file, what Triton's heuristics expect).
  uint32_t maxNumRegs = 65536;
  std::string maxNumRegsSource;

  std::map<std::string, bool> features;    // enabled device features
  std::vector<std::string> enabledExtensions; // enabled device extensions
};

/// What the compiler hands over for one kernel.
struct KernelSpec {
  std::vector<uint32_t> spirv; // SPIR-V words
  std::string entry;
  std::array<uint32_t, 3> workgroupSize{1, 1, 1}; // must match LocalSize
  uint32_t pushConstantSize = 0; // bytes the shader's push block spans
  bool usesArgumentBlock = false; // push constants = one u64 address
  uint32_t sharedMemBytes = 0;    // checked against the device limit
  uint32_t requiredSubgroupSize = 0; // 0: the driver's choice
  // Also keep the driver's internal representations (e.g. its ISA) for
  // Kernel::executables(), where VK_KHR_pipeline_executable_properties is
  // supported; statistics are kept whenever it is.
  bool captureInternalRepresentations = false;
  // Kernels with workgroup buffers in global scratch (spirv-spill-workgroup-
  // memory): each program's slice, and where the arguments hold the scratch
  // address. Launches whose grid would need more than Kernel::scratchLimit()
  // run in chunks of programs that reuse the memory.
  uint64_t scratchBytesPerProgram = 0;
  uint32_t scratchOffset = 0;
};

/// One statistic the driver reports for a compiled pipeline (registers,
/// spills, instruction counts...), as VK_KHR_pipeline_executable_properties
/// gives it.
struct PipelineStatistic {
  std::string name, description;
  std::string format; // "bool", "int", "uint", "float"
  double value = 0;
};

struct PipelineExecutable {
  std::string name, description;
  uint32_t subgroupSize = 0;
  std::vector<PipelineStatistic> statistics;
  std::vector<std::pair<std::string, std::string>> representations;
};

struct DeviceOptions {
  // Index or case-insensitive substring of the device name (a
  // comma-separated list: its first entry); empty: env TRITON_SPIRV_DEVICE,
  // else the first of the preferred type (discrete > integrated > virtual >
  // cpu).
  std::string selector;
  int validation = -1;       // -1: env TRITON_SPIRV_VALIDATION (0/1/sync)
  double timeoutSeconds = -1; // -1: env TRITON_SPIRV_TIMEOUT_S, default 60
  // Host-import spans kept after use; -1: env TRITON_SPIRV_HOST_IMPORT_CACHE,
  // default 256 on CPU devices, 0 (drop once idle) elsewhere.
  long hostImportCacheLimit = -1;
  // Microseconds a synchronous wait polls the fence before sleeping on it;
  // -1: env TRITON_SPIRV_FENCE_SPIN_US, default 200. Waking a sleeping
  // thread costs ~30 us on llvmpipe; a kernel whose last wait outlasted the
  // budget sleeps at once (the spin would only take a core from it).
  long fenceSpinMicros = -1;
};

class Device;
class CudaInterop;
namespace detail {
struct RawBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceAddress address = 0;
  VkDeviceSize size = 0;
  void *mapped = nullptr; // set when the memory is HOST_VISIBLE
};
struct DeviceState;
} // namespace detail

/// Device memory from Device::alloc. Reads/writes are ordered after all
/// work submitted before them (they synchronize the device first).
class Buffer {
public:
  ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  uint64_t address() const { return raw_.address; }
  uint64_t size() const { return size_; }
  bool hostVisible() const { return raw_.mapped != nullptr; }
  void write(const void *src, uint64_t nbytes, uint64_t offset = 0);
  void read(void *dst, uint64_t nbytes, uint64_t offset = 0) const;

private:
  friend class Device;
  friend struct detail::DeviceState;
  Buffer(std::shared_ptr<Device> device, detail::RawBuffer raw, uint64_t size)
      : device_(std::move(device)), raw_(raw), size_(size) {}
  std::shared_ptr<Device> device_;
  detail::RawBuffer raw_;
  uint64_t size_;
};

/// A compute pipeline. Destroying it while launches are in flight is safe:
/// the Vulkan objects are released once those launches finished.
class Kernel {
public:
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const std::string &entry() const { return entry_; }
  const std::array<uint32_t, 3> &workgroupSize() const { return wgSize_; }
  uint32_t pushConstantSize() const { return pushSize_; }
  bool usesArgumentBlock() const { return argBlock_; }
  uint32_t sharedMemBytes() const { return sharedMem_; }
  uint32_t requiredSubgroupSize() const { return subgroupSize_; }
  /// Whether the shader reads the NumWorkgroups built-in (tl.num_programs):
  /// grids beyond the device's per-dispatch limit are then refused, because
  /// they are split into several dispatches.
  bool readsNumWorkgroups() const { return readsNumWorkgroups_; }
  uint64_t scratchBytesPerProgram() const { return scratchPerProgram_; }
  /// The most scratch memory one launch uses: TRITON_SPIRV_SCRATCH_LIMIT
  /// bytes if set, else 256 MiB (at most maxMemoryAllocationSize). Kernels
  /// reading tl.num_programs cannot run in chunks: theirs is
  /// maxMemoryAllocationSize.
  uint64_t scratchLimit() const;
  /// Bytes of scratch a launch of this grid needs: the whole grid's slices,
  /// or past scratchLimit() one chunk's. Throws when one program's slice
  /// alone exceeds the limit.
  uint64_t scratchBytes(uint32_t gx, uint32_t gy, uint32_t gz) const;
  /// What the driver made of the pipeline; empty where the device lacks
  /// VK_KHR_pipeline_executable_properties.
  std::vector<PipelineExecutable> executables() const;

private:
  friend class Device;
  friend class CudaInterop;
  friend struct detail::DeviceState;
  Kernel() = default;
  std::shared_ptr<Device> device_;
  VkShaderModule module_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  std::string entry_;
  std::array<uint32_t, 3> wgSize_{1, 1, 1};
  uint32_t pushSize_ = 0;  // as given: bytes launch() expects (direct mode)
  uint32_t pushRange_ = 0; // push-constant range size (multiple of 4)
  bool argBlock_ = false;
  uint32_t sharedMem_ = 0;
  uint32_t subgroupSize_ = 0;
  bool readsNumWorkgroups_ = false;
  uint64_t scratchPerProgram_ = 0;
  uint32_t scratchOffset_ = 0;
  bool captured_ = false;
  mutable uint64_t lastWaitNs_ = 0; // its last synchronous launch's wait
  mutable bool dispatched_ = false;  // recorded into a submission before
};

class Device : public std::enable_shared_from_this<Device> {
public:
  static std::shared_ptr<Device> create(const DeviceOptions &options = {});
  /// All physical devices with their usability; throws if no loader.
  static std::vector<PhysicalDeviceSummary> listPhysicalDevices();
  /// The devices a process uses (the torch device's indices 0, 1, ...), as
  /// enumeration indices: `selector` (empty: env TRITON_SPIRV_DEVICE) as a
  /// comma-separated list of indices or name substrings, else every usable
  /// device of the preferred type in enumeration order. Throws naming the
  /// devices when an entry matches none, or one twice.
  static std::vector<uint32_t> selectPhysicalDevices(const std::string &selector = "");
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const DeviceProperties &properties() const;

  std::shared_ptr<Kernel> loadKernel(const KernelSpec &spec);
  std::shared_ptr<Buffer> alloc(uint64_t nbytes, bool hostVisible);

  /// Device address through which shaders reach host memory
  /// [ptr, ptr + nbytes) (VK_EXT_external_memory_host). Valid at least until
  /// the next launch submitted after this call completed; call it again for
  /// every launch (a cache hit costs a map lookup).
  uint64_t hostAddress(const void *ptr, uint64_t nbytes);
  void releaseHostImports(); // synchronizes, then drops every import
  size_t hostImportCount() const;
  /// The fence-polling budget of synchronous waits (DeviceOptions).
  long fenceSpinMicros() const;
  void setFenceSpinMicros(long micros);

  /// Dispatches gx*gy*gz workgroups. `args` holds exactly the kernel's
  /// push-constant bytes, or in argument-block mode the block's bytes.
  void launch(const Kernel &kernel, uint32_t gx, uint32_t gy, uint32_t gz,
              const void *args, size_t argsSize, bool sync = true);
  /// A submission that first waits until a timeline semaphore reaches
  /// `value` (CudaInterop's semaphore ordering).
  struct TimelineWait {
    VkSemaphore semaphore = VK_NULL_HANDLE;
    uint64_t value = 0;
  };
  void synchronize();
  /// `reps` back-to-back dispatches with barriers between; per-dispatch
  /// durations in milliseconds from timestamp queries.
  std::vector<double> timeLaunches(const Kernel &kernel, uint32_t gx,
                                   uint32_t gy, uint32_t gz, const void *args,
                                   size_t argsSize, uint32_t reps);

  // Device-resident memory (the torch device's storage), reached by
  // address. Every operation below is ordered on the device's one queue after
  // all work submitted before it; none waits for the GPU unless it says so.
  /// Device-local memory of `nbytes`; its device address. Throws VulkanError
  /// naming the size when the device has no room.
  uint64_t allocateMemory(uint64_t nbytes);
  /// Frees memory from allocateMemory once the work submitted so far retired.
  void freeMemory(uint64_t address);
  /// Whether `address` lies in memory from allocateMemory.
  bool ownsAddress(uint64_t address) const;
  /// Host -> device. The host memory may be reused as soon as this returns.
  void copyToDevice(uint64_t dst, const void *src, uint64_t nbytes);
  /// Device -> host: waits until the data has arrived.
  void copyFromDevice(void *dst, uint64_t src, uint64_t nbytes);
  void copyWithinDevice(uint64_t dst, uint64_t src, uint64_t nbytes);
  /// Writes the 32-bit `pattern` over [dst, dst + nbytes); both multiples of 4.
  void fillMemory(uint64_t dst, uint64_t nbytes, uint32_t pattern);
  /// A GPU timestamp written once the work submitted so far finished; an id
  /// for the calls below (releaseTimestamp frees it).
  uint64_t recordTimestamp();
  bool timestampReached(uint64_t id);
  void waitTimestamp(uint64_t id);
  /// Milliseconds between two reached timestamps (waits for both).
  double elapsedMilliseconds(uint64_t start, uint64_t end);
  void releaseTimestamp(uint64_t id);
  /// Bytes currently held by allocateMemory.
  uint64_t allocatedMemoryBytes() const;

  uint64_t validationErrorCount() const;
  std::vector<std::string> validationMessages() const;

private:
  friend class Buffer;
  friend class Kernel;
  friend class CudaInterop;
  Device();
  std::unique_ptr<detail::DeviceState> s_;
};

} // namespace triton_spirv::runtime

#endif // TRITON_SPIRV_RUNTIME_VULKANRUNTIME_H

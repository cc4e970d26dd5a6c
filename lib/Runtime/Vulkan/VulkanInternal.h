//===- VulkanInternal.h - Shared internals of the Vulkan runtime ----------===//
//
// Loader/function tables, the instance, and the device's mutable state.
// Not installed; only lib/Runtime/Vulkan/*.cpp include it.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_RUNTIME_VULKAN_VULKANINTERNAL_H
#define TRITON_SPIRV_LIB_RUNTIME_VULKAN_VULKANINTERNAL_H

#include "triton-spirv/Runtime/VulkanRuntime.h"

#include <atomic>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

// Headers older than 1.3.255 (Debian 12 has 1.3.239) lack
// VK_KHR_cooperative_matrix; declare what we query ourselves (values from the
// Vulkan registry) so the runtime still builds there.
#ifndef VK_KHR_cooperative_matrix
typedef int32_t VkComponentTypeKHR;
typedef int32_t VkScopeKHR;
typedef struct VkCooperativeMatrixPropertiesKHR {
  VkStructureType sType;
  void *pNext;
  uint32_t MSize, NSize, KSize;
  VkComponentTypeKHR AType, BType, CType, ResultType;
  VkBool32 saturatingAccumulation;
  VkScopeKHR scope;
} VkCooperativeMatrixPropertiesKHR;
typedef struct VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 cooperativeMatrix;
  VkBool32 cooperativeMatrixRobustBufferAccess;
} VkPhysicalDeviceCooperativeMatrixFeaturesKHR;
typedef VkResult(VKAPI_PTR *PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(
    VkPhysicalDevice, uint32_t *, VkCooperativeMatrixPropertiesKHR *);
#endif

// VK_NV_cooperative_matrix2 (headers >= 1.3.296): workgroup-scope matrices
// of flexible sizes, reductions, tensor addressing. Values from the registry.
#ifndef VK_NV_cooperative_matrix2
typedef struct VkPhysicalDeviceCooperativeMatrix2FeaturesNV {
  VkStructureType sType;
  void *pNext;
  VkBool32 cooperativeMatrixWorkgroupScope;
  VkBool32 cooperativeMatrixFlexibleDimensions;
  VkBool32 cooperativeMatrixReductions;
  VkBool32 cooperativeMatrixConversions;
  VkBool32 cooperativeMatrixPerElementOperations;
  VkBool32 cooperativeMatrixTensorAddressing;
  VkBool32 cooperativeMatrixBlockLoads;
} VkPhysicalDeviceCooperativeMatrix2FeaturesNV;
#endif

// VK_KHR_shader_bfloat16 (headers >= 1.4.311): bf16 types and bf16
// cooperative matrices. Values from the registry.
#ifndef VK_KHR_shader_bfloat16
typedef struct VkPhysicalDeviceShaderBfloat16FeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 shaderBFloat16Type;
  VkBool32 shaderBFloat16DotProduct;
  VkBool32 shaderBFloat16CooperativeMatrix;
} VkPhysicalDeviceShaderBfloat16FeaturesKHR;
#endif

namespace triton_spirv::runtime::detail {

constexpr const char *kCooperativeMatrix2Ext = "VK_NV_cooperative_matrix2";
constexpr VkStructureType kSTypeCoopMat2Features =
    static_cast<VkStructureType>(1000593000);
constexpr const char *kShaderBFloat16Ext = "VK_KHR_shader_bfloat16";
constexpr VkStructureType kSTypeBFloat16Features =
    static_cast<VkStructureType>(1000141000);
constexpr const char *kCooperativeMatrixExt = "VK_KHR_cooperative_matrix";
constexpr VkStructureType kSTypeCoopMatFeatures =
    static_cast<VkStructureType>(1000506000);
constexpr VkStructureType kSTypeCoopMatProperties =
    static_cast<VkStructureType>(1000506001);

/// Throws VulkanError("<call> failed: <VkResult name>") unless r is VK_SUCCESS.
void check(VkResult r, const char *call);
[[noreturn]] void fail(const std::string &message);

// Entry points resolved through vkGetInstanceProcAddr(NULL, ...).
struct GlobalFns {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  PFN_vkCreateInstance vkCreateInstance = nullptr;
  PFN_vkEnumerateInstanceVersion vkEnumerateInstanceVersion = nullptr;
  PFN_vkEnumerateInstanceLayerProperties vkEnumerateInstanceLayerProperties = nullptr;
  PFN_vkEnumerateInstanceExtensionProperties vkEnumerateInstanceExtensionProperties = nullptr;
};
/// dlopen's the loader once; throws with install instructions if missing.
const GlobalFns &loader();

#define TSPIRV_INSTANCE_FNS(X)                                                 \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)
#define TSPIRV_OPTIONAL_INSTANCE_FNS(X)                                        \
  X(vkCreateDebugUtilsMessengerEXT)                                            \
  X(vkDestroyDebugUtilsMessengerEXT)                                           \
  X(vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)                         \
  X(vkGetPhysicalDeviceExternalBufferProperties)

#define TSPIRV_DEVICE_FNS(X)                                                   \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkFreeCommandBuffers)                                                      \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkResetCommandBuffer)                                                      \
  X(vkCreateFence)                                                             \
  X(vkDestroyFence)                                                            \
  X(vkResetFences)                                                             \
  X(vkWaitForFences)                                                           \
  X(vkGetFenceStatus)                                                          \
  X(vkQueueSubmit)                                                             \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkGetBufferDeviceAddress)                                                  \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreatePipelineCache)                                                     \
  X(vkDestroyPipelineCache)                                                    \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdDispatch)                                                             \
  X(vkCmdDispatchBase)                                                         \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdUpdateBuffer)                                                         \
  X(vkCmdFillBuffer)                                                           \
  X(vkCreateQueryPool)                                                         \
  X(vkDestroyQueryPool)                                                        \
  X(vkCmdResetQueryPool)                                                       \
  X(vkCmdWriteTimestamp)                                                       \
  X(vkGetQueryPoolResults)
#define TSPIRV_OPTIONAL_DEVICE_FNS(X)                                          \
  X(vkGetMemoryFdKHR)                                                          \
  X(vkGetSemaphoreFdKHR)                                                       \
  X(vkCreateSemaphore)                                                         \
  X(vkDestroySemaphore)                                                        \
  X(vkGetSemaphoreCounterValue)                                                \
  X(vkSignalSemaphore)                                                         \
  X(vkGetMemoryHostPointerPropertiesEXT)                                       \
  X(vkGetPipelineExecutablePropertiesKHR)                                      \
  X(vkGetPipelineExecutableStatisticsKHR)                                      \
  X(vkGetPipelineExecutableInternalRepresentationsKHR)                         \
  X(vkResetQueryPool)

#define TSPIRV_DECLARE_FN(name) PFN_##name name = nullptr;
struct InstanceFns {
  TSPIRV_INSTANCE_FNS(TSPIRV_DECLARE_FN)
  TSPIRV_OPTIONAL_INSTANCE_FNS(TSPIRV_DECLARE_FN)
};
struct DeviceFns {
  TSPIRV_DEVICE_FNS(TSPIRV_DECLARE_FN)
  TSPIRV_OPTIONAL_DEVICE_FNS(TSPIRV_DECLARE_FN)
};
#undef TSPIRV_DECLARE_FN

/// One VkInstance per validation mode, shared by the devices made from it.
struct Instance {
  VkInstance instance = VK_NULL_HANDLE;
  uint32_t apiVersion = 0;
  InstanceFns fn;
  int validation = 0; // 0 off, 1 on, 2 on + synchronization validation
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  std::atomic<uint64_t> errorCount{0};
  mutable std::mutex messagesMutex;
  std::vector<std::string> messages; // errors and warnings, capped

  ~Instance();
  static std::shared_ptr<Instance> get(int validation);
  std::vector<VkPhysicalDevice> physicalDevices() const;
};

/// Host-visible chunk that argument blocks are bump-allocated from.
/// In-flight launches hold a reference, so use_count()==1 means free.
struct ArgChunk {
  RawBuffer buf;
  uint64_t used = 0;
};

/// The dispatches of one launch, barrier-separated, with their push
/// constants, and the argument blocks these point to (kept until it retires).
struct LaunchPlan {
  struct Dispatch {
    std::array<uint32_t, 3> base, count;
    std::vector<uint8_t> push;
  };
  std::vector<Dispatch> dispatches; // none for an empty grid
  std::vector<std::shared_ptr<ArgChunk>> chunks;
};

/// One imported span of host memory [start, start + size), page aligned.
struct HostSpan {
  uintptr_t start = 0;
  uint64_t size = 0;
  RawBuffer buf;
  uint64_t stamp = 0;   // launchCount of the first launch that may use it
  uint64_t lastUse = 0; // LRU tick
};

struct InFlight {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  uint64_t serial = 0;
  // Holds some kernel's first dispatch, which a driver that compiles shaders
  // at their first dispatch (llvmpipe) spends compiling.
  bool firstDispatch = false;
  // Memory work recorded since the last barrier (the next memory command
  // must wait for it; timestamps need no barrier: they wait by themselves).
  bool unorderedMemoryWork = false;
  std::vector<std::shared_ptr<ArgChunk>> chunks;
};

struct DeviceState {
  std::shared_ptr<Instance> instance;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  DeviceFns fn;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkPipelineCache pipelineCache = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory{};
  DeviceProperties props;
  bool subgroupSizeControl = false;
  // VK_KHR_pipeline_executable_properties: driver statistics per pipeline.
  bool pipelineExecutableInfo = false;
  uint32_t requiredSubgroupSizeStages = 0;
  uint64_t timeoutNs = 0;
  double timeoutSeconds = 0;
  // The wait for a submission holding a kernel's first dispatch: longer on
  // drivers that compile the shader then (a fully unrolled dot chain took
  // llvmpipe 11 s on an idle 2-core machine, over 60 s beside a build).
  uint64_t firstDispatchTimeoutNs = 0;
  size_t importCacheLimit = 0;
  uint64_t fenceSpinNs = 0;

  // Recursive: Kernel/Buffer destructors may run while a Device method holds
  // the lock (e.g. when a retired launch drops its last reference).
  mutable std::recursive_mutex mutex;
  uint64_t submitSerial = 0; // serial of the last submitted command buffer
  uint64_t launchCount = 0;  // kernel submissions (launch, timeLaunches)
  std::deque<InFlight> inFlight;
  std::vector<std::pair<VkCommandBuffer, VkFence>> freeSlots;
  std::deque<std::pair<uint64_t, std::function<void()>>> deferred;

  std::vector<std::shared_ptr<ArgChunk>> argChunks;
  size_t currentChunk = 0;

  std::map<uintptr_t, HostSpan> hostSpans; // non-overlapping, by start
  std::vector<HostSpan> retiredSpans;      // replaced by a union span
  uint64_t useTick = 0;

  RawBuffer staging;
  // DeviceMemory.cpp: allocateMemory's buffers by address, and timestamps.
  std::map<uint64_t, RawBuffer> ownedMemory;
  // On CPU devices, allocations past maxMemoryAllocationSize: host memory
  // imported in adjacent pieces (device address = host address there).
  struct HostBackedMemory {
    void *host = nullptr;
    uint64_t size = 0;
    std::vector<RawBuffer> pieces;
  };
  std::map<uint64_t, HostBackedMemory> hostBackedMemory;
  uint64_t ownedMemoryBytes = 0;
  struct TimestampSlot {
    VkQueryPool pool = VK_NULL_HANDLE;
    uint32_t query = 0;
    uint64_t serial = 0; // the submission that writes it
  };
  std::vector<VkQueryPool> timestampPools;
  std::vector<TimestampSlot> freeTimestampQueries; // serial: its last write
  std::map<uint64_t, TimestampSlot> timestamps;
  uint64_t nextTimestampId = 1;
  bool serialCompleted(uint64_t serial);
  void waitSerial(uint64_t serial);
  VkQueryPool queryPool = VK_NULL_HANDLE;
  uint32_t queryCapacity = 0;

  // Memory.cpp
  uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                          VkMemoryPropertyFlags preferred) const;
  RawBuffer createBuffer(uint64_t size, VkMemoryPropertyFlags required,
                         VkMemoryPropertyFlags preferred);
  void destroyBuffer(RawBuffer &buf);
  /// Copies args into a host-visible chunk; returns the block's address.
  uint64_t uploadArgumentBlock(const void *args, size_t size,
                               std::shared_ptr<ArgChunk> &chunkOut);
  /// Waits for the work submitted so far, then copies [offset, offset +
  /// nbytes) of `buf` to host memory (through the staging buffer unless mapped).
  void readBuffer(const RawBuffer &buf, uint64_t offset, void *dst, uint64_t nbytes);
  void onIdle(); // drop host imports and deferred objects nobody can use
  void destroyHostSpan(HostSpan &span);

  // Launch.cpp
  // Asynchronous work (launches without host memory, copies, fills,
  // timestamps) is recorded into one open command buffer, barrier-separated,
  // and submitted when the GPU is idle, at kOpenBatchLimit commands, or
  // before anything else is submitted or waited for: no vkQueueSubmit (and
  // the gap NVIDIA leaves between submissions) per launch.
  std::optional<InFlight> open;
  uint32_t openCommands = 0;
  /// The open batch, behind a barrier when `memoryCommand` follows other
  /// memory work in it.
  InFlight &appendAsync(bool memoryCommand = true);
  void afterAsync(bool mayFlush = true);
  void flushOpen();
  /// The serial the next submission (the open batch, if any) will carry.
  uint64_t pendingSerial() const { return submitSerial + (open ? 1 : 0); }
  /// Nothing recorded, queued or running.
  bool idle();
  InFlight beginCommands();
  /// Ends, submits and either waits (returning with the slot recycled) or
  /// queues the submission for synchronize().
  /// With `wait`, polls the fence for up to `spinNs` (default: the device's
  /// budget) before sleeping; returns the ns waited (0 without `wait`).
  uint64_t submit(InFlight &&work, bool wait,
                  const Device::TimelineWait *timelineWait = nullptr,
                  uint64_t spinNs = UINT64_MAX);
  void waitFence(VkFence fence, const char *what, uint64_t spinNs = 0);
  void retireCompleted();
  void waitAll();
  void deferDestroy(std::function<void()> destroy);
  /// Workgroups [base, base + count) of a grid, split at the device's
  /// per-dispatch limit.
  void recordDispatch(InFlight &work, const Kernel &kernel,
                      std::array<uint32_t, 3> base,
                      std::array<uint32_t, 3> count, const void *push);
  /// One launch's dispatches (Scratch.cpp): the grid, or chunks of it that
  /// reuse bounded scratch memory.
  LaunchPlan planLaunch(const Kernel &kernel, uint32_t gx, uint32_t gy,
                        uint32_t gz, const void *args, size_t argsSize);
  void recordLaunch(InFlight &work, const Kernel &kernel,
                    const LaunchPlan &plan);
};

/// The push-constant bytes of one launch (uploading the argument block, which
/// `chunk` then holds until the launch retires).
std::vector<uint8_t> pushBytes(DeviceState &s, const Kernel &kernel,
                               const void *args, size_t argsSize,
                               std::shared_ptr<ArgChunk> &chunk);
/// Imports host memory [start, start + size) (page aligned) as one span, or
/// on CPU devices past one import's limit as adjacent pieces; `nbytes` names
/// the tensor's size in messages.
std::vector<HostSpan> importHostRange(DeviceState &s, uintptr_t start,
                                      uint64_t size, uint64_t nbytes,
                                      uint64_t stamp, uint64_t tick);
/// Refuses grids that a split dispatch cannot run (tl.num_programs).
void checkGrid(const DeviceProperties &p, const Kernel &kernel, uint32_t gx,
               uint32_t gy, uint32_t gz);

/// A memory barrier making earlier compute/transfer writes visible to later
/// compute/transfer work, or to the host (toHost).
void recordBarrier(const DeviceFns &fn, VkCommandBuffer cmd, bool toHost);

} // namespace triton_spirv::runtime::detail

#endif // TRITON_SPIRV_LIB_RUNTIME_VULKAN_VULKANINTERNAL_H

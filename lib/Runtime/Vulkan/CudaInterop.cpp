//===- CudaInterop.cpp - Vulkan memory shared with CUDA, stream order -----===//

#include "triton-spirv/Runtime/CudaInterop.h"

#include "CudaDriver.h"
#include "VulkanInternal.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace triton_spirv::runtime {
using namespace detail;

namespace {
// Blocks up to kSmallLimit are powers of two carved from kSlabBytes slabs;
// larger ones are multiples of kLargeGranule, one Vulkan allocation each
// (as CUDA's caching allocator does, so exact-size reuse is common).
constexpr uint64_t kMinBlock = 512;
constexpr uint64_t kSmallLimit = 1ull << 20;
constexpr uint64_t kSlabBytes = 16ull << 20;
constexpr uint64_t kLargeGranule = 2ull << 20;
constexpr uint64_t kSyncBytes = 4096;

uint64_t roundedSize(uint64_t nbytes) {
  if (nbytes <= kSmallLimit) {
    uint64_t size = kMinBlock;
    while (size < nbytes)
      size <<= 1;
    return size;
  }
  return (nbytes + kLargeGranule - 1) / kLargeGranule * kLargeGranule;
}

const cuda::Driver &cu() { return cuda::Driver::get(); }
CudaOrder orderFromEnv();
} // namespace

std::shared_ptr<CudaInterop> CudaInterop::create(std::shared_ptr<Device> device,
                                                 int cudaOrdinal) {
  const cuda::Driver &driver = cu();
  DeviceState &s = *device->s_;
  const DeviceProperties &p = s.props;
  if (!p.hasExternalFd)
    throw VulkanError("CUDA interop: Vulkan device '" + p.name +
                          "' cannot export memory and timeline semaphores as "
                          "file descriptors (VK_KHR_external_memory_fd, "
                          "VK_KHR_external_semaphore_fd, timelineSemaphore)",
                      VK_ERROR_FEATURE_NOT_PRESENT);
  auto sameGpu = [&](int ordinal, int &cudaDevice) {
    driver.check(driver.cuDeviceGet(&cudaDevice, ordinal), "cuDeviceGet");
    char uuid[16];
    driver.check(driver.cuDeviceGetUuid(uuid, cudaDevice), "cuDeviceGetUuid");
    return std::memcmp(uuid, p.deviceUuid.data(), sizeof(uuid)) == 0;
  };
  int cudaDevice = 0;
  if (cudaOrdinal < 0) { // the CUDA device that is this Vulkan device
    int count = 0;
    driver.check(driver.cuDeviceGetCount(&count), "cuDeviceGetCount");
    for (int i = 0; i < count && cudaOrdinal < 0; ++i)
      if (sameGpu(i, cudaDevice))
        cudaOrdinal = i;
    if (cudaOrdinal < 0)
      throw VulkanError("CUDA interop: no CUDA device is Vulkan device '" +
                            p.name + "' (no UUID matches)",
                        VK_ERROR_INITIALIZATION_FAILED);
  } else if (!sameGpu(cudaOrdinal, cudaDevice)) {
    throw VulkanError("CUDA interop: Vulkan device '" + p.name +
                          "' is not CUDA device " +
                          std::to_string(cudaOrdinal) +
                          " (their UUIDs differ); choose the matching Vulkan "
                          "device with TRITON_SPIRV_DEVICE",
                      VK_ERROR_INITIALIZATION_FAILED);
  }

  std::shared_ptr<CudaInterop> self(new CudaInterop());
  self->device_ = std::move(device);
  self->ordinal_ = cudaOrdinal;
  self->order_ = orderFromEnv();
  cuda::Context context = nullptr;
  driver.check(driver.cuDevicePrimaryCtxRetain(&context, cudaDevice),
               "cuDevicePrimaryCtxRetain");
  self->context_ = context;
  self->makeContextCurrent();

  // The shared timeline semaphore, exported to CUDA.
  VkExportSemaphoreCreateInfo exportInfo{
      VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO};
  exportInfo.handleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkSemaphoreTypeCreateInfo typeInfo{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  typeInfo.pNext = &exportInfo;
  typeInfo.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  typeInfo.initialValue = 0;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  info.pNext = &typeInfo;
  check(s.fn.vkCreateSemaphore(s.device, &info, nullptr, &self->timeline_),
        "vkCreateSemaphore");
  VkSemaphoreGetFdInfoKHR fdInfo{VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR};
  fdInfo.semaphore = self->timeline_;
  fdInfo.handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  int fd = -1;
  check(s.fn.vkGetSemaphoreFdKHR(s.device, &fdInfo, &fd), "vkGetSemaphoreFdKHR");
  cuda::ExternalSemaphoreHandleDesc desc{};
  desc.type = cuda::kExternalSemaphoreTimelineFd;
  desc.handle.fd = fd;
  cuda::ExternalSemaphore semaphore = nullptr;
  cuda::Result r = driver.cuImportExternalSemaphore(&semaphore, &desc);
  if (r != 0)
    close(fd); // on success CUDA owns the descriptor
  driver.check(r, "cuImportExternalSemaphore");
  self->cudaTimeline_ = semaphore;
  // Launch sequence numbers that Vulkan writes and CUDA streams wait for.
  {
    std::lock_guard<std::mutex> lock(self->mutex_);
    auto seg = self->segments_.find(self->newSegment(kSyncBytes, false).cudaBase);
    self->sync_ = seg->second;
    self->segments_.erase(seg);
    ++self->segmentsVersion_;
  }
  return self;
}

CudaInterop::~CudaInterop() {
  // Normally never runs (the process-wide interop lives until exit).
  try {
    emptyCache();
  } catch (const std::exception &) {
  }
  DeviceState &s = *device_->s_;
  if (cudaTimeline_)
    cu().cuDestroyExternalSemaphore(
        static_cast<cuda::ExternalSemaphore>(cudaTimeline_));
  if (timeline_)
    s.fn.vkDestroySemaphore(s.device, timeline_, nullptr);
  freeSegment(sync_);
}

void CudaInterop::makeContextCurrent() const {
  const cuda::Driver &driver = cu();
  cuda::Context current = nullptr;
  driver.check(driver.cuCtxGetCurrent(&current), "cuCtxGetCurrent");
  if (current != static_cast<cuda::Context>(context_))
    driver.check(driver.cuCtxSetCurrent(static_cast<cuda::Context>(context_)),
                 "cuCtxSetCurrent");
}

CudaInterop::Segment &CudaInterop::newSegment(uint64_t size, bool small) {
  DeviceState &s = *device_->s_;
  const cuda::Driver &driver = cu();
  Segment seg;
  seg.size = size;
  seg.small = small;
  VkExternalMemoryBufferCreateInfo external{
      VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
  external.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.pNext = &external;
  info.size = size;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
               VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(s.fn.vkCreateBuffer(s.device, &info, nullptr, &seg.buffer),
        "vkCreateBuffer");
  try {
    // Some drivers export only dedicated allocations; CUDA must be told.
    bool dedicated = false;
    if (s.instance->fn.vkGetPhysicalDeviceExternalBufferProperties) {
      VkPhysicalDeviceExternalBufferInfo query{
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO};
      query.usage = info.usage;
      query.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
      VkExternalBufferProperties props{VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES};
      s.instance->fn.vkGetPhysicalDeviceExternalBufferProperties(s.physical,
                                                                 &query, &props);
      const auto features = props.externalMemoryProperties.externalMemoryFeatures;
      if (!(features & VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT))
        fail("CUDA interop: '" + s.props.name +
             "' cannot export buffer memory as an opaque file descriptor");
      dedicated = features & VK_EXTERNAL_MEMORY_FEATURE_DEDICATED_ONLY_BIT;
    }
    VkMemoryRequirements req;
    s.fn.vkGetBufferMemoryRequirements(s.device, seg.buffer, &req);
    uint32_t type = s.findMemoryType(req.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
    VkMemoryDedicatedAllocateInfo dedicatedInfo{
        VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO};
    dedicatedInfo.buffer = seg.buffer;
    VkExportMemoryAllocateInfo exportInfo{
        VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO};
    exportInfo.pNext = dedicated ? &dedicatedInfo : nullptr;
    exportInfo.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
    VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.pNext = &exportInfo;
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = &flags;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    check(s.fn.vkAllocateMemory(s.device, &alloc, nullptr, &seg.memory),
          "vkAllocateMemory");
    check(s.fn.vkBindBufferMemory(s.device, seg.buffer, seg.memory, 0),
          "vkBindBufferMemory");
    VkBufferDeviceAddressInfo addr{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    addr.buffer = seg.buffer;
    seg.vulkanBase = s.fn.vkGetBufferDeviceAddress(s.device, &addr);

    VkMemoryGetFdInfoKHR fdInfo{VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR};
    fdInfo.memory = seg.memory;
    fdInfo.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
    int fd = -1;
    check(s.fn.vkGetMemoryFdKHR(s.device, &fdInfo, &fd), "vkGetMemoryFdKHR");
    cuda::ExternalMemoryHandleDesc desc{};
    desc.type = cuda::kExternalMemoryOpaqueFd;
    desc.handle.fd = fd;
    desc.size = req.size;
    desc.flags = dedicated ? cuda::kExternalMemoryDedicated : 0;
    cuda::ExternalMemory external = nullptr;
    cuda::Result r = driver.cuImportExternalMemory(&external, &desc);
    if (r != 0)
      close(fd);
    driver.check(r, "cuImportExternalMemory");
    seg.external = external;
    cuda::ExternalMemoryBufferDesc bufferDesc{};
    bufferDesc.offset = 0;
    bufferDesc.size = size;
    cuda::DevicePtr pointer = 0;
    driver.check(driver.cuExternalMemoryGetMappedBuffer(&pointer, external,
                                                        &bufferDesc),
                 "cuExternalMemoryGetMappedBuffer");
    seg.cudaBase = pointer;
  } catch (...) {
    freeSegment(seg);
    throw;
  }
  ++segmentsVersion_;
  return segments_[seg.cudaBase] = seg;
}

void CudaInterop::freeSegment(Segment &seg) {
  DeviceState &s = *device_->s_;
  const cuda::Driver &driver = cu();
  if (seg.cudaBase)
    driver.cuMemFree_v2(seg.cudaBase);
  if (seg.external)
    driver.cuDestroyExternalMemory(static_cast<cuda::ExternalMemory>(seg.external));
  if (seg.buffer)
    s.fn.vkDestroyBuffer(s.device, seg.buffer, nullptr);
  if (seg.memory)
    s.fn.vkFreeMemory(s.device, seg.memory, nullptr);
  seg = Segment{};
}

uint64_t CudaInterop::allocate(uint64_t nbytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  makeContextCurrent();
  const uint64_t size = roundedSize(std::max<uint64_t>(nbytes, 1));
  auto cached = free_.find(size);
  if (cached != free_.end() && !cached->second.empty()) {
    uint64_t block = cached->second.back();
    cached->second.pop_back();
    live_[block] = size;
    return block;
  }
  uint64_t block = 0;
  if (size <= kSmallLimit) {
    if (smallCursor_ + size > smallEnd_) {
      Segment &slab = newSegment(kSlabBytes, /*small=*/true);
      smallCursor_ = slab.cudaBase;
      smallEnd_ = slab.cudaBase + slab.size;
    }
    block = smallCursor_; // sizes are powers of two: blocks stay aligned
    smallCursor_ += size;
  } else {
    try {
      block = newSegment(size, /*small=*/false).cudaBase;
    } catch (const VulkanError &) {
      // Out of memory with blocks cached: give those back, then retry once.
      releaseCachedLarge();
      block = newSegment(size, /*small=*/false).cudaBase;
    }
  }
  live_[block] = size;
  return block;
}

void CudaInterop::release(uint64_t cudaAddress) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(cudaAddress);
  if (it == live_.end())
    fail("CUDA interop: release of " + std::to_string(cudaAddress) +
         ", which allocate() did not return");
  free_[it->second].push_back(cudaAddress);
  live_.erase(it);
}

void CudaInterop::releaseCachedLarge() {
  // Work still queued may use a cached block: wait for all of it.
  makeContextCurrent();
  cu().check(cu().cuCtxSynchronize(), "cuCtxSynchronize");
  device_->synchronize();
  for (auto &[size, blocks] : free_) {
    if (size <= kSmallLimit)
      continue;
    for (uint64_t block : blocks) {
      auto seg = segments_.find(block);
      if (seg != segments_.end()) {
        freeSegment(seg->second);
        segments_.erase(seg);
        ++segmentsVersion_;
      }
    }
    blocks.clear();
  }
}

void CudaInterop::emptyCache() {
  std::lock_guard<std::mutex> lock(mutex_);
  releaseCachedLarge();
}

uint64_t CudaInterop::vulkanAddress(uint64_t cudaAddress, uint64_t nbytes) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = segments_.upper_bound(cudaAddress);
  if (it == segments_.begin())
    return 0;
  const Segment &seg = std::prev(it)->second;
  if (cudaAddress + nbytes > seg.cudaBase + seg.size)
    return 0;
  return seg.vulkanBase + (cudaAddress - seg.cudaBase);
}

uint64_t CudaInterop::addressMapVersion() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return segmentsVersion_;
}

std::vector<uint64_t> CudaInterop::addressMap() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<uint64_t> rows;
  rows.reserve(3 * segments_.size());
  for (const auto &[base, segment] : segments_) {
    rows.push_back(segment.cudaBase);
    rows.push_back(segment.size);
    rows.push_back(segment.vulkanBase - segment.cudaBase); // modulo 2^64
  }
  return rows;
}

namespace {
/// Vulkan work recorded by launch() and submitted from a CUDA host function.
struct PendingSubmit {
  std::shared_ptr<Device> device; // keeps the DeviceState alive
  DeviceState *state;
  InFlight work;
  std::string *error; // CudaInterop::deferredError_
  std::mutex *errorMutex;
};

uint64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

CudaOrder orderFromEnv() {
  const char *value = std::getenv("TRITON_SPIRV_CUDA_ORDER");
  std::string mode = value ? value : "";
  if (mode.empty() || mode == "synchronize")
    return CudaOrder::Synchronize;
  if (mode == "host-function")
    return CudaOrder::HostFunction;
  if (mode == "semaphore")
    return CudaOrder::Semaphore;
  if (mode == "host")
    return CudaOrder::Host;
  throw VulkanError("TRITON_SPIRV_CUDA_ORDER='" + mode +
                        "': expected host-function, semaphore, synchronize "
                        "or host",
                    VK_ERROR_INITIALIZATION_FAILED);
}

const char *orderName(CudaOrder order) {
  switch (order) {
  case CudaOrder::Semaphore:
    return "semaphore";
  case CudaOrder::HostFunction:
    return "host-function";
  case CudaOrder::Synchronize:
    return "synchronize";
  case CudaOrder::Host:
    return "host";
  }
  return "?";
}
} // namespace

extern "C" void tritonSpirvSubmitPending(void *data) {
  std::unique_ptr<PendingSubmit> pending(static_cast<PendingSubmit *>(data));
  DeviceState &s = *pending->state;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  try {
    s.submit(std::move(pending->work), /*wait=*/false);
  } catch (const std::exception &e) {
    // The stream now waits for a sequence number nothing writes: the next
    // launch() reports this, and CUDA's wait is its only symptom until then.
    std::lock_guard<std::mutex> errorLock(*pending->errorMutex);
    *pending->error = std::string("an earlier launch was not run: ") + e.what();
  }
}

void CudaInterop::launch(const Kernel &kernel, uint32_t gx, uint32_t gy,
                         uint32_t gz, const void *args, size_t argsSize,
                         uint64_t stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  {
    std::lock_guard<std::mutex> errorLock(errorMutex_);
    if (!deferredError_.empty()) {
      std::string error = std::move(deferredError_);
      deferredError_.clear();
      fail("CUDA interop: " + error);
    }
  }
  makeContextCurrent();
  const cuda::Driver &driver = cu();
  auto cudaStream = reinterpret_cast<cuda::Stream>(stream);
  const uint64_t t0 = nowNs();
  // Launches run in the Vulkan queue's order: a stream other than the last
  // one first waits for the last launch.
  if (sequence_ != 0 && stream != lastStream_)
    driver.check(driver.cuStreamWaitValue64_v2(cudaStream, sync_.cudaBase,
                                               sequence_, cuda::kStreamWaitValueGeq),
                 "cuStreamWaitValue64");
  lastStream_ = stream;
  Device::TimelineWait semaphoreWait{timeline_, 0};
  if (order_ == CudaOrder::Semaphore) {
    semaphoreWait.value = ++timelineValue_;
    auto semaphore = static_cast<cuda::ExternalSemaphore>(cudaTimeline_);
    cuda::ExternalSemaphoreSignalParams signal{};
    signal.params.fence.value = semaphoreWait.value;
    driver.check(driver.cuSignalExternalSemaphoresAsync(&semaphore, &signal, 1,
                                                        cudaStream),
                 "cuSignalExternalSemaphoresAsync");
  } else if (order_ == CudaOrder::Synchronize || order_ == CudaOrder::Host) {
    driver.check(driver.cuStreamSynchronize(cudaStream), "cuStreamSynchronize");
  }
  const uint64_t sequence = ++sequence_;
  const uint64_t t1 = nowNs();

  DeviceState &s = *device_->s_;
  {
    std::lock_guard<std::recursive_mutex> deviceLock(s.mutex);
    if (kernel.device_.get() != device_.get())
      fail("launch: the kernel was loaded on another device");
    checkGrid(s.props, kernel, gx, gy, gz);
    LaunchPlan plan = s.planLaunch(kernel, gx, gy, gz, args, argsSize);
    InFlight work = s.beginCommands();
    for (auto &chunk : plan.chunks)
      work.chunks.push_back(std::move(chunk));
    s.recordLaunch(work, kernel, plan);
    // The kernel's writes, then the sequence number CUDA waits for.
    recordBarrier(s.fn, work.cmd, /*toHost=*/false);
    s.fn.vkCmdUpdateBuffer(work.cmd, sync_.buffer, 0, sizeof(sequence), &sequence);
    s.launchCount++;
    if (order_ == CudaOrder::HostFunction) {
      auto *pending = new PendingSubmit{device_, &s, std::move(work),
                                        &deferredError_, &errorMutex_};
      cuda::Result r =
          driver.cuLaunchHostFunc(cudaStream, &tritonSpirvSubmitPending, pending);
      if (r != 0) {
        s.freeSlots.emplace_back(pending->work.cmd, pending->work.fence);
        delete pending;
        driver.check(r, "cuLaunchHostFunc");
      }
    } else {
      s.submit(std::move(work), /*wait=*/order_ == CudaOrder::Host,
               semaphoreWait.value ? &semaphoreWait : nullptr);
    }
  }
  const uint64_t t2 = nowNs();
  if (order_ != CudaOrder::Host) // there, the work is done already
    driver.check(driver.cuStreamWaitValue64_v2(cudaStream, sync_.cudaBase, sequence,
                                             cuda::kStreamWaitValueGeq),
               "cuStreamWaitValue64");
  beforeNs_ += t1 - t0;
  submitNs_ += t2 - t1;
  afterNs_ += nowNs() - t2;
  ++launches_;
}

uint64_t CudaInterop::allocateUnshared(uint64_t nbytes) {
  cuda::DevicePtr pointer = 0;
  cu().check(cu().cuMemAlloc_v2(&pointer, std::max<uint64_t>(nbytes, 1)),
             "cuMemAlloc");
  return pointer;
}

void CudaInterop::releaseUnshared(uint64_t cudaAddress) {
  cu().check(cu().cuMemFree_v2(cudaAddress), "cuMemFree");
}

bool CudaInterop::owns(uint64_t cudaAddress) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return live_.count(cudaAddress) != 0;
}

CudaInteropStats CudaInterop::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  CudaInteropStats st;
  st.segments = segments_.size();
  for (const auto &[base, seg] : segments_)
    st.reservedBytes += seg.size;
  st.liveBlocks = live_.size();
  for (const auto &[block, size] : live_)
    st.liveBytes += size;
  for (const auto &[size, blocks] : free_)
    st.cachedBytes += size * blocks.size();
  st.launches = launches_;
  st.beforeNs = beforeNs_;
  st.submitNs = submitNs_;
  st.afterNs = afterNs_;
  st.order = orderName(order_);
  return st;
}

} // namespace triton_spirv::runtime

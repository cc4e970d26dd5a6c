//===- Launch.cpp - Pipelines, submission, synchronization, timing --------===//

#include "VulkanInternal.h"

#include <algorithm>
#include <chrono>
#include <sched.h>
#include <cstring>

namespace triton_spirv::runtime {
using namespace detail;

namespace {
constexpr uint32_t kBuiltInNumWorkgroups = 24;

/// Whether a SPIR-V binary decorates some id with BuiltIn `builtIn`
/// (OpDecorate %id BuiltIn <builtIn>).
bool decoratesBuiltIn(const std::vector<uint32_t> &spirv, uint32_t builtIn) {
  constexpr uint32_t opDecorate = 71, decorationBuiltIn = 11;
  for (size_t i = 5; i < spirv.size();) {
    uint32_t count = spirv[i] >> 16, opcode = spirv[i] & 0xffff;
    if (count == 0)
      break;
    if (opcode == opDecorate && count >= 4 && i + 3 < spirv.size() &&
        spirv[i + 2] == decorationBuiltIn && spirv[i + 3] == builtIn)
      return true;
    i += count;
  }
  return false;
}
} // namespace

namespace {

constexpr size_t kMaxInFlight = 64; // submissions before launch() blocks
constexpr uint32_t kOpenBatchLimit = 128; // commands in one asynchronous batch

struct EntryPointInfo {
  bool found = false;
  bool hasLocalSize = false;
  std::array<uint32_t, 3> localSize{0, 0, 0};
  std::vector<std::string> computeEntries;
};

/// Checks the instruction stream's framing, the entry point and its
/// LocalSize before the driver sees the module: drivers tend to crash, not
/// fail, on a missing entry point or a truncated module (lavapipe segfaults).
/// Anything deeper is spirv-val's job.
EntryPointInfo inspectSpirv(const std::vector<uint32_t> &words,
                            const std::string &entry) {
  constexpr uint32_t kMagic = 0x07230203, kOpEntryPoint = 15,
                     kOpExecutionMode = 16, kOpFunctionEnd = 56,
                     kGLCompute = 5, kLocalSize = 17;
  if (words.size() < 5 || words[0] != kMagic)
    fail("vkCreateShaderModule: not a SPIR-V binary (" +
         std::to_string(words.size() * 4) + " bytes, bad magic number)");
  EntryPointInfo info;
  uint32_t entryId = 0, lastOpcode = 0;
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      fail("vkCreateShaderModule: malformed SPIR-V (bad instruction at word " +
           std::to_string(i) + ")");
    lastOpcode = opcode;
    if (opcode == kOpEntryPoint && count >= 4 && words[i + 1] == kGLCompute) {
      const char *chars = reinterpret_cast<const char *>(&words[i + 3]);
      std::string name(chars, strnlen(chars, (count - 3) * 4));
      info.computeEntries.push_back(name);
      if (name == entry)
        info.found = true, entryId = words[i + 2];
    }
    if (opcode == kOpExecutionMode && count >= 6 && entryId &&
        words[i + 1] == entryId && words[i + 2] == kLocalSize) {
      info.hasLocalSize = true;
      info.localSize = {words[i + 3], words[i + 4], words[i + 5]};
    }
    i += count;
  }
  if (lastOpcode != kOpFunctionEnd)
    fail("vkCreateShaderModule: malformed SPIR-V (truncated: the module does "
         "not end with OpFunctionEnd)");
  return info;
}

std::string join(const std::vector<std::string> &items) {
  std::string s;
  for (const std::string &item : items)
    s += (s.empty() ? "'" : ", '") + item + "'";
  return s.empty() ? "none" : s;
}

} // namespace

std::shared_ptr<Kernel> Device::loadKernel(const KernelSpec &spec) {
  DeviceState &s = *s_;
  const DeviceProperties &p = s.props;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  EntryPointInfo ep = inspectSpirv(spec.spirv, spec.entry);
  if (!ep.found)
    fail("vkCreateComputePipelines: the SPIR-V module has no GLCompute entry "
         "point '" + spec.entry + "' (it has " + join(ep.computeEntries) + ")");
  const auto &wg = spec.workgroupSize;
  if (ep.hasLocalSize && ep.localSize != wg)
    fail("load_kernel: workgroup_size (" + std::to_string(wg[0]) + ", " +
         std::to_string(wg[1]) + ", " + std::to_string(wg[2]) +
         ") differs from the shader's LocalSize (" +
         std::to_string(ep.localSize[0]) + ", " +
         std::to_string(ep.localSize[1]) + ", " +
         std::to_string(ep.localSize[2]) + ")");
  for (int i = 0; i < 3; ++i)
    if (wg[i] == 0 || wg[i] > p.maxWorkgroupSize[i])
      fail("load_kernel: workgroup size " + std::to_string(wg[i]) +
           " in dimension " + std::to_string(i) + " is outside [1, " +
           std::to_string(p.maxWorkgroupSize[i]) + "]");
  if (uint64_t(wg[0]) * wg[1] * wg[2] > p.maxWorkgroupInvocations)
    fail("load_kernel: " + std::to_string(uint64_t(wg[0]) * wg[1] * wg[2]) +
         " invocations per workgroup exceed the device limit of " +
         std::to_string(p.maxWorkgroupInvocations));
  uint32_t pushSize = spec.usesArgumentBlock ? 8 : spec.pushConstantSize;
  if (spec.usesArgumentBlock && spec.pushConstantSize != 0 &&
      spec.pushConstantSize != 8)
    fail("load_kernel: an argument-block kernel pushes one 8-byte address, "
         "not " + std::to_string(spec.pushConstantSize) + " bytes");
  const uint32_t pushRange = (pushSize + 3) / 4 * 4;
  if (pushRange > p.maxPushConstantsSize)
    fail("load_kernel: " + std::to_string(pushSize) +
         " bytes of push constants exceed the device limit of " +
         std::to_string(p.maxPushConstantsSize) +
         " (compile the kernel with an argument block)");
  if (spec.sharedMemBytes > p.maxSharedMem)
    fail("load_kernel: " + std::to_string(spec.sharedMemBytes) +
         " bytes of shared memory exceed the device limit of " +
         std::to_string(p.maxSharedMem));

  VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT subgroup{
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT};
  bool chainSubgroup = false;
  if (const uint32_t want = spec.requiredSubgroupSize) {
    bool controllable = s.subgroupSizeControl &&
                        (s.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                        want >= p.minSubgroupSize && want <= p.maxSubgroupSize &&
                        (want & (want - 1)) == 0;
    if (controllable) {
      subgroup.requiredSubgroupSize = want;
      chainSubgroup = true;
    } else if (want != p.subgroupSize) {
      fail("load_kernel: required_subgroup_size " + std::to_string(want) +
           " is not available on '" + p.name + "' (subgroup size " +
           std::to_string(p.subgroupSize) + ", controllable range [" +
           std::to_string(p.minSubgroupSize) + ", " +
           std::to_string(p.maxSubgroupSize) + "])");
    }
  }

  std::shared_ptr<Kernel> k(new Kernel());
  k->device_ = shared_from_this();
  k->entry_ = spec.entry;
  k->wgSize_ = wg;
  k->pushSize_ = pushSize;
  k->pushRange_ = pushRange;
  k->argBlock_ = spec.usesArgumentBlock;
  k->sharedMem_ = spec.sharedMemBytes;
  k->subgroupSize_ = spec.requiredSubgroupSize;
  k->readsNumWorkgroups_ = decoratesBuiltIn(spec.spirv, kBuiltInNumWorkgroups);
  k->scratchPerProgram_ = spec.scratchBytesPerProgram;
  k->scratchOffset_ = spec.scratchOffset;

  VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = spec.spirv.size() * sizeof(uint32_t);
  moduleInfo.pCode = spec.spirv.data();
  check(s.fn.vkCreateShaderModule(s.device, &moduleInfo, nullptr, &k->module_),
        "vkCreateShaderModule");
  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushRange};
  VkPipelineLayoutCreateInfo layoutInfo{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.pushConstantRangeCount = pushRange ? 1 : 0;
  layoutInfo.pPushConstantRanges = &range;
  check(s.fn.vkCreatePipelineLayout(s.device, &layoutInfo, nullptr, &k->layout_),
        "vkCreatePipelineLayout");
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.pNext = chainSubgroup ? &subgroup : nullptr;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = k->module_;
  info.stage.pName = k->entry_.c_str();
  info.layout = k->layout_;
  // Grids beyond maxComputeWorkGroupCount run as several dispatches with a
  // base workgroup id.
  info.flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT;
  if (s.pipelineExecutableInfo) {
    info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    if (spec.captureInternalRepresentations)
      info.flags |= VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR;
    k->captured_ = true;
  }
  check(s.fn.vkCreateComputePipelines(s.device, s.pipelineCache, 1, &info,
                                      nullptr, &k->pipeline_),
        "vkCreateComputePipelines");
  return k;
}

std::vector<PipelineExecutable> Kernel::executables() const {
  std::vector<PipelineExecutable> result;
  if (!captured_)
    return result;
  DeviceState &s = *device_->s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  VkPipelineInfoKHR pipelineInfo{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
  pipelineInfo.pipeline = pipeline_;
  uint32_t count = 0;
  check(s.fn.vkGetPipelineExecutablePropertiesKHR(s.device, &pipelineInfo,
                                                  &count, nullptr),
        "vkGetPipelineExecutablePropertiesKHR");
  std::vector<VkPipelineExecutablePropertiesKHR> props(
      count, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
  check(s.fn.vkGetPipelineExecutablePropertiesKHR(s.device, &pipelineInfo,
                                                  &count, props.data()),
        "vkGetPipelineExecutablePropertiesKHR");
  for (uint32_t i = 0; i < count; ++i) {
    PipelineExecutable exe;
    exe.name = props[i].name;
    exe.description = props[i].description;
    exe.subgroupSize = props[i].subgroupSize;
    VkPipelineExecutableInfoKHR which{
        VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
    which.pipeline = pipeline_;
    which.executableIndex = i;
    uint32_t n = 0;
    check(s.fn.vkGetPipelineExecutableStatisticsKHR(s.device, &which, &n,
                                                    nullptr),
          "vkGetPipelineExecutableStatisticsKHR");
    std::vector<VkPipelineExecutableStatisticKHR> stats(
        n, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    check(s.fn.vkGetPipelineExecutableStatisticsKHR(s.device, &which, &n,
                                                    stats.data()),
          "vkGetPipelineExecutableStatisticsKHR");
    for (uint32_t j = 0; j < n; ++j) {
      PipelineStatistic st{stats[j].name, stats[j].description, "", 0};
      switch (stats[j].format) {
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
        st.format = "bool", st.value = stats[j].value.b32;
        break;
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
        st.format = "int", st.value = double(stats[j].value.i64);
        break;
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
        st.format = "uint", st.value = double(stats[j].value.u64);
        break;
      default:
        st.format = "float", st.value = stats[j].value.f64;
      }
      exe.statistics.push_back(st);
    }
    // Two-call idiom: first the sizes, then the text.
    uint32_t r = 0;
    if (s.fn.vkGetPipelineExecutableInternalRepresentationsKHR &&
        s.fn.vkGetPipelineExecutableInternalRepresentationsKHR(
            s.device, &which, &r, nullptr) == VK_SUCCESS && r) {
      std::vector<VkPipelineExecutableInternalRepresentationKHR> reps(
          r, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR});
      s.fn.vkGetPipelineExecutableInternalRepresentationsKHR(s.device, &which,
                                                             &r, reps.data());
      std::vector<std::vector<char>> text(r);
      for (uint32_t j = 0; j < r; ++j) {
        text[j].resize(reps[j].dataSize + 1, 0);
        reps[j].pData = reps[j].dataSize ? text[j].data() : nullptr;
      }
      s.fn.vkGetPipelineExecutableInternalRepresentationsKHR(s.device, &which,
                                                             &r, reps.data());
      for (uint32_t j = 0; j < r; ++j) {
        std::string body = reps[j].isText
                               ? std::string(text[j].data())
                               : "<" + std::to_string(reps[j].dataSize) +
                                     " bytes of binary data>";
        exe.representations.emplace_back(reps[j].name, body);
      }
    }
    result.push_back(std::move(exe));
  }
  return result;
}

Kernel::~Kernel() {
  if (!device_)
    return;
  DeviceState *s = device_->s_.get();
  VkShaderModule module = module_;
  VkPipelineLayout layout = layout_;
  VkPipeline pipeline = pipeline_;
  s->deferDestroy([s, module, layout, pipeline] {
    // Null handles (a failed load_kernel) are valid to destroy.
    s->fn.vkDestroyPipeline(s->device, pipeline, nullptr);
    s->fn.vkDestroyPipelineLayout(s->device, layout, nullptr);
    s->fn.vkDestroyShaderModule(s->device, module, nullptr);
  });
}

namespace detail {

InFlight &DeviceState::appendAsync(bool memoryCommand) {
  if (!open)
    open.emplace(beginCommands()); // begins behind a barrier
  else if (memoryCommand && open->unorderedMemoryWork)
    recordBarrier(fn, open->cmd, /*toHost=*/false);
  if (memoryCommand)
    open->unorderedMemoryWork = true;
  return *open;
}

void DeviceState::afterAsync(bool mayFlush) {
  ++openCommands;
  if (openCommands >= kOpenBatchLimit) {
    flushOpen();
    return;
  }
  // A timestamp waits for the work it precedes or follows (an event pair
  // split across submissions would time NVIDIA's gap between them). Work is
  // submitted at once to an idle GPU; to a busy one it accumulates until
  // the GPU is idle, so batches grow with the queue and boundaries are rare.
  if (!mayFlush)
    return;
  retireCompleted();
  if (inFlight.empty())
    flushOpen();
}

void DeviceState::flushOpen() {
  if (!open)
    return;
  InFlight work = std::move(*open);
  open.reset();
  openCommands = 0;
  submit(std::move(work), /*wait=*/false);
}

bool DeviceState::idle() {
  retireCompleted();
  return !open && inFlight.empty();
}

InFlight DeviceState::beginCommands() {
  flushOpen(); // everything recorded before is submitted before
  retireCompleted();
  if (inFlight.size() >= kMaxInFlight) {
    waitFence(inFlight.front().fence, "an earlier launch");
    retireCompleted();
  }
  InFlight work;
  if (!freeSlots.empty()) {
    std::tie(work.cmd, work.fence) = freeSlots.back();
    freeSlots.pop_back();
    check(fn.vkResetFences(device, 1, &work.fence), "vkResetFences");
  } else {
    VkCommandBufferAllocateInfo alloc{
        VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    check(fn.vkAllocateCommandBuffers(device, &alloc, &work.cmd),
          "vkAllocateCommandBuffers");
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkResult r = fn.vkCreateFence(device, &fenceInfo, nullptr, &work.fence);
    if (r != VK_SUCCESS)
      fn.vkFreeCommandBuffers(device, pool, 1, &work.cmd);
    check(r, "vkCreateFence");
  }
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VkResult r = fn.vkBeginCommandBuffer(work.cmd, &begin);
  if (r != VK_SUCCESS)
    freeSlots.emplace_back(work.cmd, work.fence);
  check(r, "vkBeginCommandBuffer");
  // Separate submissions are not ordered by themselves: wait for the writes
  // of everything submitted before (the barrier's scope covers them).
  recordBarrier(fn, work.cmd, /*toHost=*/false);
  return work;
}

uint64_t DeviceState::submit(InFlight &&work, bool wait,
                             const Device::TimelineWait *timelineWait,
                             uint64_t spinNs) {
  recordBarrier(fn, work.cmd, /*toHost=*/true);
  VkResult r = fn.vkEndCommandBuffer(work.cmd);
  if (r == VK_SUCCESS) {
    VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    info.commandBufferCount = 1;
    info.pCommandBuffers = &work.cmd;
    VkTimelineSemaphoreSubmitInfo timeline{
        VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
    const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
    if (timelineWait) {
      timeline.waitSemaphoreValueCount = 1;
      timeline.pWaitSemaphoreValues = &timelineWait->value;
      info.pNext = &timeline;
      info.waitSemaphoreCount = 1;
      info.pWaitSemaphores = &timelineWait->semaphore;
      info.pWaitDstStageMask = &waitStage;
    }
    r = fn.vkQueueSubmit(queue, 1, &info, work.fence);
    if (r != VK_SUCCESS) {
      freeSlots.emplace_back(work.cmd, work.fence);
      check(r, "vkQueueSubmit");
    }
  } else {
    freeSlots.emplace_back(work.cmd, work.fence);
    check(r, "vkEndCommandBuffer");
  }
  work.serial = ++submitSerial;
  VkFence fence = work.fence;
  inFlight.push_back(std::move(work));
  if (!wait)
    return 0;
  const auto start = std::chrono::steady_clock::now();
  waitFence(fence, "a launch", spinNs == UINT64_MAX ? fenceSpinNs : spinNs);
  const auto waited = std::chrono::steady_clock::now() - start;
  retireCompleted();
  return std::chrono::duration_cast<std::chrono::nanoseconds>(waited).count();
}

void DeviceState::waitFence(VkFence fence, const char *what, uint64_t spinNs) {
  if (spinNs) {
    // Yielding lets the driver's threads run where they share this core.
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::nanoseconds(spinNs);
    do {
      VkResult status = fn.vkGetFenceStatus(device, fence);
      if (status == VK_SUCCESS)
        return;
      if (status != VK_NOT_READY)
        check(status, "vkGetFenceStatus");
      sched_yield();
    } while (std::chrono::steady_clock::now() < until);
  }
  uint64_t limitNs = timeoutNs;
  for (const InFlight &work : inFlight)
    if (work.fence == fence && work.firstDispatch)
      limitNs = std::max(limitNs, firstDispatchTimeoutNs);
  VkResult r = fn.vkWaitForFences(device, 1, &fence, VK_TRUE, limitNs);
  if (r == VK_TIMEOUT)
    throw VulkanError(
        "vkWaitForFences timed out after " + std::to_string(limitNs / 1e9) +
            " s waiting for " + what +
            (limitNs > timeoutNs
                 ? " (a kernel's first dispatch, which this driver spends "
                   "compiling the shader too)"
                 : "") +
            " (a hung or very slow kernel; TRITON_SPIRV_TIMEOUT_S sets the "
            "limit): VK_TIMEOUT",
        VK_TIMEOUT);
  check(r, "vkWaitForFences");
}

void DeviceState::retireCompleted() {
  for (auto it = inFlight.begin(); it != inFlight.end();) {
    VkResult r = fn.vkGetFenceStatus(device, it->fence);
    if (r == VK_NOT_READY) {
      ++it;
      continue;
    }
    check(r, "vkGetFenceStatus");
    freeSlots.emplace_back(it->cmd, it->fence);
    it = inFlight.erase(it);
  }
  if (inFlight.empty() && !open) {
    onIdle();
    return;
  }
  uint64_t oldest = pendingSerial() + 1;
  if (open)
    oldest = pendingSerial();
  for (const InFlight &work : inFlight)
    oldest = std::min(oldest, work.serial);
  while (!deferred.empty() && deferred.front().first < oldest) {
    auto destroy = std::move(deferred.front().second);
    deferred.pop_front();
    destroy();
  }
}

void DeviceState::waitAll() {
  flushOpen();
  for (const InFlight &work : inFlight)
    waitFence(work.fence, "pending launches");
  retireCompleted();
}

void DeviceState::deferDestroy(std::function<void()> destroy) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  try {
    retireCompleted();
  } catch (const std::exception &) {
    // Called from destructors: a lost device keeps the object for later.
  }
  if (inFlight.empty() && !open)
    destroy();
  else
    deferred.emplace_back(pendingSerial(), std::move(destroy));
}

void DeviceState::recordDispatch(InFlight &work, const Kernel &kernel,
                                 std::array<uint32_t, 3> base,
                                 std::array<uint32_t, 3> count,
                                 const void *push) {
  work.firstDispatch |= !kernel.dispatched_;
  kernel.dispatched_ = true;
  VkCommandBuffer cmd = work.cmd;
  fn.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.pipeline_);
  if (kernel.pushRange_)
    fn.vkCmdPushConstants(cmd, kernel.layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                          kernel.pushRange_, push);
  // Split along each axis at the device's per-dispatch limit; WorkgroupId
  // includes the base, so program ids are those of the whole grid.
  const uint32_t *limit = props.maxWorkgroupCount.data();
  if (base == std::array<uint32_t, 3>{0, 0, 0} && count[0] <= limit[0] &&
      count[1] <= limit[1] && count[2] <= limit[2]) {
    fn.vkCmdDispatch(cmd, count[0], count[1], count[2]);
    return;
  }
  for (uint32_t z = 0; z < count[2]; z += limit[2])
    for (uint32_t y = 0; y < count[1]; y += limit[1])
      for (uint32_t x = 0; x < count[0]; x += limit[0])
        fn.vkCmdDispatchBase(cmd, base[0] + x, base[1] + y, base[2] + z,
                             std::min(limit[0], count[0] - x),
                             std::min(limit[1], count[1] - y),
                             std::min(limit[2], count[2] - z));
}

} // namespace detail

namespace detail {
/// The push-constant bytes of one launch (uploading the argument block).
std::vector<uint8_t> pushBytes(DeviceState &s, const Kernel &kernel,
                               const void *args, size_t argsSize,
                               std::shared_ptr<ArgChunk> &chunk) {
  std::vector<uint8_t> push((kernel.pushConstantSize() + 3) / 4 * 4, 0);
  if (kernel.usesArgumentBlock()) {
    if (argsSize == 0)
      fail("launch: kernel '" + kernel.entry() +
           "' uses an argument block but got no argument bytes");
    uint64_t address = s.uploadArgumentBlock(args, argsSize, chunk);
    std::memcpy(push.data(), &address, sizeof(address));
  } else {
    if (argsSize != kernel.pushConstantSize())
      fail("launch: kernel '" + kernel.entry() + "' takes " +
           std::to_string(kernel.pushConstantSize()) +
           " bytes of arguments, got " + std::to_string(argsSize));
    if (argsSize)
      std::memcpy(push.data(), args, argsSize);
  }
  return push;
}

/// Larger grids are split into several dispatches, which NumWorkgroups
/// (tl.num_programs) would see one at a time.
void checkGrid(const DeviceProperties &p, const Kernel &kernel, uint32_t gx,
               uint32_t gy, uint32_t gz) {
  const uint32_t grid[3] = {gx, gy, gz};
  for (int i = 0; i < 3; ++i)
    if (grid[i] > p.maxWorkgroupCount[i] && kernel.readsNumWorkgroups())
      fail("launch: grid dimension " + std::to_string(i) + " = " +
           std::to_string(grid[i]) + " exceeds the device limit of " +
           std::to_string(p.maxWorkgroupCount[i]) + " and kernel '" +
           kernel.entry() +
           "' reads tl.num_programs, which a split launch cannot provide");
}
} // namespace detail

void Device::launch(const Kernel &kernel, uint32_t gx, uint32_t gy,
                    uint32_t gz, const void *args, size_t argsSize,
                    bool sync) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (kernel.device_.get() != this)
    fail("launch: the kernel was loaded on another device");
  checkGrid(s.props, kernel, gx, gy, gz);
  LaunchPlan plan = s.planLaunch(kernel, gx, gy, gz, args, argsSize);
  if (plan.dispatches.empty())
    return; // an empty grid launches nothing, as in CUDA
  // launchCount moves after the commands began (their idle point drops the
  // host imports stamped up to it) and before the submission (whose idle
  // point may drop the ones this launch used).
  if (!sync) {
    InFlight &work = s.appendAsync();
    s.launchCount++;
    for (auto &chunk : plan.chunks)
      work.chunks.push_back(std::move(chunk));
    s.recordLaunch(work, kernel, plan);
    s.afterAsync();
    return;
  }
  InFlight work = s.beginCommands();
  s.launchCount++;
  for (auto &chunk : plan.chunks)
    work.chunks.push_back(std::move(chunk));
  s.recordLaunch(work, kernel, plan);
  const uint64_t spin = kernel.lastWaitNs_ <= s.fenceSpinNs ? s.fenceSpinNs : 0;
  const uint64_t waited = s.submit(std::move(work), sync, nullptr, spin);
  if (sync)
    kernel.lastWaitNs_ = waited;
}

long Device::fenceSpinMicros() const {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  return static_cast<long>(s_->fenceSpinNs / 1000);
}

void Device::setFenceSpinMicros(long micros) {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  s_->fenceSpinNs = static_cast<uint64_t>(std::max(0L, micros)) * 1000;
}

void Device::synchronize() {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  s_->waitAll();
}

std::vector<double> Device::timeLaunches(const Kernel &kernel, uint32_t gx,
                                         uint32_t gy, uint32_t gz,
                                         const void *args, size_t argsSize,
                                         uint32_t reps) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (kernel.device_.get() != this)
    fail("time_launches: the kernel was loaded on another device");
  if (reps == 0)
    return {};
  if (s.props.timestampValidBits == 0)
    fail("time_launches: the compute queue of '" + s.props.name +
         "' has no timestamps");
  if (uint64_t(gx) * gy * gz == 0)
    fail("time_launches: empty grid");
  checkGrid(s.props, kernel, gx, gy, gz);
  LaunchPlan plan = s.planLaunch(kernel, gx, gy, gz, args, argsSize);

  const uint32_t queries = reps + 1;
  if (s.queryCapacity < queries) {
    s.waitAll(); // only timeLaunches uses the pool, and it always waits
    if (s.queryPool)
      s.fn.vkDestroyQueryPool(s.device, s.queryPool, nullptr);
    s.queryPool = VK_NULL_HANDLE;
    s.queryCapacity = 0;
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = std::max<uint32_t>(queries, 64);
    check(s.fn.vkCreateQueryPool(s.device, &info, nullptr, &s.queryPool),
          "vkCreateQueryPool");
    s.queryCapacity = info.queryCount;
  }
  // Timestamps at BOTTOM_OF_PIPE between barrier-separated dispatches:
  // t[i+1] - t[i] is dispatch i from the end of the one before.
  InFlight work = s.beginCommands();
  for (auto &chunk : plan.chunks)
    work.chunks.push_back(std::move(chunk));
  s.fn.vkCmdResetQueryPool(work.cmd, s.queryPool, 0, queries);
  s.fn.vkCmdWriteTimestamp(work.cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                           s.queryPool, 0);
  for (uint32_t i = 0; i < reps; ++i) {
    if (i)
      recordBarrier(s.fn, work.cmd, /*toHost=*/false);
    s.recordLaunch(work, kernel, plan);
    s.fn.vkCmdWriteTimestamp(work.cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                             s.queryPool, i + 1);
  }
  s.launchCount++;
  s.submit(std::move(work), /*wait=*/true);

  std::vector<uint64_t> stamps(queries);
  check(s.fn.vkGetQueryPoolResults(
            s.device, s.queryPool, 0, queries, stamps.size() * sizeof(uint64_t),
            stamps.data(), sizeof(uint64_t),
            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
        "vkGetQueryPoolResults");
  const uint32_t bits = s.props.timestampValidBits;
  const uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  std::vector<double> ms(reps);
  for (uint32_t i = 0; i < reps; ++i) {
    uint64_t ticks = ((stamps[i + 1] & mask) - (stamps[i] & mask)) & mask;
    ms[i] = double(ticks) * s.props.timestampPeriodNs * 1e-6;
  }
  return ms;
}

} // namespace triton_spirv::runtime

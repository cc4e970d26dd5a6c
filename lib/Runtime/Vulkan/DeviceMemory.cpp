//===- DeviceMemory.cpp - Memory reached by address, copies, timestamps ---===//
//
// What a device whose tensors live in Vulkan memory needs (the torch device):
// allocations tracked by their device address, copies and fills ordered on
// the queue behind earlier launches, and timestamps for events. Nothing here
// waits for the GPU except reads into host memory and explicit waits.
//
//===----------------------------------------------------------------------===//

#include "VulkanInternal.h"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>

namespace triton_spirv::runtime {
using namespace detail;

namespace {
constexpr VkMemoryPropertyFlags kHostMemory =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
constexpr uint64_t kInlineUpdateBytes = 65536; // vkCmdUpdateBuffer's limit
constexpr uint64_t kStagingPieceBytes = 64ull << 20;
constexpr uint32_t kTimestampsPerPool = 256;

std::string hex(uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

/// The owned buffer holding [address, address + nbytes), and the offset.
std::pair<const RawBuffer *, uint64_t> locate(const DeviceState &s,
                                              uint64_t address, uint64_t nbytes,
                                              const char *what) {
  auto it = s.ownedMemory.upper_bound(address);
  if (it != s.ownedMemory.begin()) {
    --it;
    const RawBuffer &buf = it->second;
    const uint64_t offset = address - it->first;
    if (offset < buf.size || (nbytes == 0 && offset == buf.size)) {
      if (nbytes > buf.size - offset)
        fail(std::string(what) + ": " + std::to_string(nbytes) +
             " bytes at " + hex(address) + " run past the end of its " +
             std::to_string(buf.size) + "-byte allocation");
      return {&buf, offset};
    }
  }
  fail(std::string(what) + ": address " + hex(address) +
       " is not device memory of '" + s.props.name +
       "' (freed, or from another device)");
}
/// The host-backed allocation holding [address, address + nbytes), if any.
const DeviceState::HostBackedMemory *hostBacked(const DeviceState &s, uint64_t address,
                                                uint64_t nbytes, const char *what) {
  auto it = s.hostBackedMemory.upper_bound(address);
  if (it == s.hostBackedMemory.begin())
    return nullptr;
  --it;
  const uint64_t offset = address - it->first;
  if (offset > it->second.size || (offset == it->second.size && nbytes))
    return nullptr;
  if (nbytes > it->second.size - offset)
    fail(std::string(what) + ": " + std::to_string(nbytes) + " bytes at " + hex(address) +
         " run past the end of its " + std::to_string(it->second.size) + "-byte allocation");
  return &it->second;
}

/// Host memory at `address` of a CPU device's allocation: host-backed ones
/// are host memory at the address itself, others mapped. Null if neither.
char *hostView(DeviceState &s, uint64_t address, uint64_t nbytes, const char *what) {
  if (hostBacked(s, address, nbytes, what))
    return reinterpret_cast<char *>(address);
  auto [buf, offset] = locate(s, address, nbytes, what);
  return buf->mapped ? static_cast<char *>(buf->mapped) + offset : nullptr;
}
} // namespace

namespace detail {
bool DeviceState::serialCompleted(uint64_t serial) {
  if (open && serial >= pendingSerial())
    flushOpen(); // asked about: it must reach the GPU
  retireCompleted();
  for (const InFlight &work : inFlight)
    if (work.serial <= serial)
      return false;
  return true;
}

void DeviceState::waitSerial(uint64_t serial) {
  if (open && serial >= pendingSerial())
    flushOpen();
  for (const InFlight &work : inFlight)
    if (work.serial <= serial)
      waitFence(work.fence, "pending work");
  retireCompleted();
}
} // namespace detail

uint64_t Device::allocateMemory(uint64_t nbytes) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (nbytes > s.props.maxMemoryAllocationSize && s.props.deviceType == "cpu" &&
      s.props.hasExternalMemoryHost) {
    // Past one allocation's limit a CPU device takes host memory imported in
    // adjacent pieces: one range to kernels, as its device addresses of host
    // memory are the host addresses.
    const uint64_t align = std::max<uint64_t>(s.props.minImportedHostPointerAlignment, 4096);
    const uint64_t size = (nbytes + align - 1) / align * align;
    if (s.props.deviceLocalMemoryBytes && size > s.props.deviceLocalMemoryBytes)
      throw VulkanError("cannot allocate " + std::to_string(nbytes) + " bytes: over the " +
                            std::to_string(s.props.deviceLocalMemoryBytes) +
                            " bytes of memory device '" + s.props.name + "' has",
                        VK_ERROR_OUT_OF_DEVICE_MEMORY);
    void *host = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (host == MAP_FAILED)
      throw VulkanError("cannot allocate " + std::to_string(nbytes) +
                            " bytes of host memory for device '" + s.props.name + "'",
                        VK_ERROR_OUT_OF_HOST_MEMORY);
    std::vector<HostSpan> pieces;
    try {
      pieces = importHostRange(s, reinterpret_cast<uintptr_t>(host), size, nbytes, 0, 0);
    } catch (...) {
      munmap(host, size);
      throw;
    }
    DeviceState::HostBackedMemory memory{host, size, {}};
    for (HostSpan &piece : pieces)
      memory.pieces.push_back(piece.buf);
    const uint64_t address = pieces.front().buf.address;
    if (address != reinterpret_cast<uint64_t>(host)) {
      for (RawBuffer &piece : memory.pieces)
        s.destroyBuffer(piece);
      munmap(host, size);
      fail("allocate: device '" + s.props.name + "' does not address imported host memory " +
           "by its host address; allocations are limited to " +
           std::to_string(s.props.maxMemoryAllocationSize) + " bytes there");
    }
    s.hostBackedMemory[address] = std::move(memory);
    s.ownedMemoryBytes += size;
    return address;
  }
  RawBuffer buf =
      s.createBuffer(std::max<uint64_t>(nbytes, 1), 0,
                     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  s.ownedMemory[buf.address] = buf;
  s.ownedMemoryBytes += buf.size;
  return buf.address;
}

void Device::freeMemory(uint64_t address) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  auto backed = s.hostBackedMemory.find(address);
  if (backed != s.hostBackedMemory.end()) {
    DeviceState::HostBackedMemory memory = std::move(backed->second);
    s.hostBackedMemory.erase(backed);
    s.ownedMemoryBytes -= memory.size;
    DeviceState *state = &s;
    s.deferDestroy([state, memory]() mutable {
      for (RawBuffer &piece : memory.pieces)
        state->destroyBuffer(piece);
      munmap(memory.host, memory.size);
    });
    return;
  }
  auto it = s.ownedMemory.find(address);
  if (it == s.ownedMemory.end())
    fail("free: address " + hex(address) + " is not an allocation of '" +
         s.props.name + "'");
  RawBuffer buf = it->second;
  s.ownedMemory.erase(it);
  s.ownedMemoryBytes -= buf.size;
  DeviceState *state = &s;
  s.deferDestroy([state, buf]() mutable { state->destroyBuffer(buf); });
}

bool Device::ownsAddress(uint64_t address) const {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  if (hostBacked(*s_, address, 0, "owns"))
    return true;
  auto it = s_->ownedMemory.upper_bound(address);
  if (it == s_->ownedMemory.begin())
    return false;
  --it;
  return address - it->first < it->second.size;
}

uint64_t Device::allocatedMemoryBytes() const {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  return s_->ownedMemoryBytes;
}

void Device::copyToDevice(uint64_t dst, const void *src, uint64_t nbytes) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (hostBacked(s, dst, nbytes, "copy to device")) {
    s.waitAll(); // earlier work may still use it
    std::memcpy(reinterpret_cast<void *>(dst), src, nbytes);
    return;
  }
  auto [buf, offset] = locate(s, dst, nbytes, "copy to device");
  if (nbytes == 0)
    return;
  // Idle and mapped (lavapipe, resizable BAR): nothing can still use it.
  if (buf->mapped && s.idle()) {
    std::memcpy(static_cast<char *>(buf->mapped) + offset, src, nbytes);
    return;
  }
  if (nbytes <= kInlineUpdateBytes && nbytes % 4 == 0 && offset % 4 == 0) {
    InFlight &work = s.appendAsync();
    s.fn.vkCmdUpdateBuffer(work.cmd, buf->buffer, offset, nbytes, src);
    s.afterAsync();
    return;
  }
  for (uint64_t done = 0; done < nbytes;) {
    const uint64_t n = std::min(nbytes - done, kStagingPieceBytes);
    RawBuffer staging = s.createBuffer(n, kHostMemory, 0);
    std::memcpy(staging.mapped, static_cast<const char *>(src) + done, n);
    InFlight &work = s.appendAsync();
    VkBufferCopy region{0, offset + done, n};
    s.fn.vkCmdCopyBuffer(work.cmd, staging.buffer, buf->buffer, 1, &region);
    DeviceState *state = &s;
    // Before afterAsync: keyed to the batch holding the copy.
    s.deferDestroy([state, staging]() mutable { state->destroyBuffer(staging); });
    s.afterAsync();
    done += n;
  }
}

void Device::copyFromDevice(void *dst, uint64_t src, uint64_t nbytes) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (hostBacked(s, src, nbytes, "copy from device")) {
    s.waitAll();
    std::memcpy(dst, reinterpret_cast<const void *>(src), nbytes);
    return;
  }
  auto [buf, offset] = locate(s, src, nbytes, "copy from device");
  if (nbytes)
    s.readBuffer(*buf, offset, dst, nbytes);
}

void Device::copyWithinDevice(uint64_t dst, uint64_t src, uint64_t nbytes) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (hostBacked(s, src, nbytes, "copy within device (source)") ||
      hostBacked(s, dst, nbytes, "copy within device (destination)")) {
    char *from = hostView(s, src, nbytes, "copy within device (source)");
    char *to = hostView(s, dst, nbytes, "copy within device (destination)");
    if (!from || !to)
      fail("copy within device: memory of '" + s.props.name + "' the host cannot reach");
    s.waitAll();
    std::memmove(to, from, nbytes);
    return;
  }
  auto [from, fromOffset] = locate(s, src, nbytes, "copy within device (source)");
  auto [to, toOffset] = locate(s, dst, nbytes, "copy within device (destination)");
  if (nbytes == 0 || (from == to && fromOffset == toOffset))
    return;
  if (from == to && fromOffset < toOffset + nbytes && toOffset < fromOffset + nbytes)
    fail("copy within device: source and destination overlap");
  InFlight &work = s.appendAsync();
  VkBufferCopy region{fromOffset, toOffset, nbytes};
  s.fn.vkCmdCopyBuffer(work.cmd, from->buffer, to->buffer, 1, &region);
  s.afterAsync();
}

void Device::fillMemory(uint64_t dst, uint64_t nbytes, uint32_t pattern) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (hostBacked(s, dst, nbytes, "fill")) {
    if (nbytes % 4 || dst % 4)
      fail("fill: offset and size must be multiples of 4 bytes");
    s.waitAll();
    uint32_t *words = reinterpret_cast<uint32_t *>(dst);
    std::fill(words, words + nbytes / 4, pattern);
    return;
  }
  auto [buf, offset] = locate(s, dst, nbytes, "fill");
  if (nbytes % 4 || offset % 4)
    fail("fill: offset and size must be multiples of 4 bytes (got " +
         std::to_string(offset) + " and " + std::to_string(nbytes) + ")");
  if (nbytes == 0)
    return;
  InFlight &work = s.appendAsync();
  s.fn.vkCmdFillBuffer(work.cmd, buf->buffer, offset, nbytes, pattern);
  s.afterAsync();
}

uint64_t Device::recordTimestamp() {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (s.props.timestampValidBits == 0)
    fail("event: the compute queue of '" + s.props.name + "' has no timestamps");
  // Queries are reset on the host where the device allows it: a reset
  // recorded into the batch is one more GPU command per event (two events
  // with nothing between measured 7.3 us that way on the H100, 0.6 us now).
  const bool hostReset =
      s.fn.vkResetQueryPool && s.props.features["host_query_reset"];
  if (s.freeTimestampQueries.empty()) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = kTimestampsPerPool;
    VkQueryPool pool = VK_NULL_HANDLE;
    check(s.fn.vkCreateQueryPool(s.device, &info, nullptr, &pool),
          "vkCreateQueryPool");
    s.timestampPools.push_back(pool);
    if (hostReset)
      s.fn.vkResetQueryPool(s.device, pool, 0, kTimestampsPerPool);
    for (uint32_t q = kTimestampsPerPool; q-- > 0;)
      s.freeTimestampQueries.push_back({pool, q, 0});
  }
  const DeviceState::TimestampSlot reuse = s.freeTimestampQueries.back();
  s.freeTimestampQueries.pop_back();
  // A BOTTOM_OF_PIPE timestamp is written once every earlier command
  // completed: no barrier before it, none after it (a barrier before each
  // made back-to-back add 2^26 launches measure 0.42 ms instead of 0.27 on
  // the H100).
  // (Asking must not submit the open batch: timestamps never close one.)
  const bool resetOnHost =
      hostReset && !(s.open && reuse.serial >= s.pendingSerial()) &&
      s.serialCompleted(reuse.serial);
  if (resetOnHost && reuse.serial)
    s.fn.vkResetQueryPool(s.device, reuse.pool, reuse.query, 1);
  InFlight &work = s.appendAsync(/*memoryCommand=*/false);
  if (!resetOnHost)
    s.fn.vkCmdResetQueryPool(work.cmd, reuse.pool, reuse.query, 1);
  s.fn.vkCmdWriteTimestamp(work.cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                           reuse.pool, reuse.query);
  const uint64_t id = s.nextTimestampId++;
  s.timestamps[id] = {reuse.pool, reuse.query, s.pendingSerial()};
  s.afterAsync(/*mayFlush=*/false);
  return id;
}

namespace {
DeviceState::TimestampSlot &slotOf(DeviceState &s, uint64_t id) {
  auto it = s.timestamps.find(id);
  if (it == s.timestamps.end())
    fail("event: timestamp " + std::to_string(id) +
         " was never recorded or was released");
  return it->second;
}
} // namespace

bool Device::timestampReached(uint64_t id) {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  return s_->serialCompleted(slotOf(*s_, id).serial);
}

void Device::waitTimestamp(uint64_t id) {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  s_->waitSerial(slotOf(*s_, id).serial);
}

double Device::elapsedMilliseconds(uint64_t start, uint64_t end) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  uint64_t ticks[2];
  const uint64_t ids[2] = {start, end};
  for (int i = 0; i < 2; ++i) {
    const DeviceState::TimestampSlot slot = slotOf(s, ids[i]);
    s.waitSerial(slot.serial);
    check(s.fn.vkGetQueryPoolResults(s.device, slot.pool, slot.query, 1,
                                     sizeof(uint64_t), &ticks[i],
                                     sizeof(uint64_t),
                                     VK_QUERY_RESULT_64_BIT |
                                         VK_QUERY_RESULT_WAIT_BIT),
          "vkGetQueryPoolResults");
  }
  const uint32_t bits = s.props.timestampValidBits;
  const uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  const uint64_t a = ticks[0] & mask, b = ticks[1] & mask;
  // A later event may carry an earlier stamp only by wrapping around.
  const int64_t delta = b >= a ? int64_t(b - a) : -int64_t(a - b);
  return double(delta) * s.props.timestampPeriodNs * 1e-6;
}

void Device::releaseTimestamp(uint64_t id) {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  auto it = s_->timestamps.find(id);
  if (it == s_->timestamps.end())
    return;
  const DeviceState::TimestampSlot slot = it->second;
  s_->timestamps.erase(it);
  // The next use resets it: on the host once this write completed, else by a
  // command that runs after this write. Reuse is safe at once.
  s_->freeTimestampQueries.push_back(slot);
}

} // namespace triton_spirv::runtime

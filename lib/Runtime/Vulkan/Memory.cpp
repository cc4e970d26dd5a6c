//===- Memory.cpp - Buffers, host imports, argument blocks ----------------===//

#include "VulkanInternal.h"

#include <algorithm>
#include <cstring>

namespace triton_spirv::runtime {
using namespace detail;

namespace {
constexpr VkBufferUsageFlags kBufferUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
    VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
constexpr VkMemoryPropertyFlags kHostMemory =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
constexpr uint64_t kArgChunkBytes = 64 * 1024;
constexpr uint64_t kArgBlockAlign = 64; // ≥ any scalar the shader loads
constexpr uint64_t kStagingBytes = 64ull << 20;

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
} // namespace

namespace detail {

uint32_t DeviceState::findMemoryType(uint32_t typeBits,
                                     VkMemoryPropertyFlags required,
                                     VkMemoryPropertyFlags preferred) const {
  int best = -1, bestScore = -1;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    if (!(typeBits & (1u << i)) || (flags & required) != required)
      continue;
    int score = __builtin_popcount(flags & preferred);
    if (score > bestScore)
      best = static_cast<int>(i), bestScore = score;
  }
  if (best < 0)
    fail("no Vulkan memory type with the required properties (flags 0x" +
         std::to_string(required) + ", type bits " + std::to_string(typeBits) +
         ")");
  return static_cast<uint32_t>(best);
}

RawBuffer DeviceState::createBuffer(uint64_t size,
                                    VkMemoryPropertyFlags required,
                                    VkMemoryPropertyFlags preferred) {
  if (size > props.maxMemoryAllocationSize)
    fail("cannot allocate " + std::to_string(size) +
         " bytes: over the device's maxMemoryAllocationSize (" +
         std::to_string(props.maxMemoryAllocationSize) + ")");
  RawBuffer buf;
  buf.size = std::max<uint64_t>(alignUp(size, 4), 4); // size 0 is invalid
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = buf.size;
  info.usage = kBufferUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(fn.vkCreateBuffer(device, &info, nullptr, &buf.buffer),
        "vkCreateBuffer");
  try {
    VkMemoryRequirements req;
    fn.vkGetBufferMemoryRequirements(device, buf.buffer, &req);
    uint32_t type = findMemoryType(req.memoryTypeBits, required, preferred);
    VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = &flags;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    check(fn.vkAllocateMemory(device, &alloc, nullptr, &buf.memory),
          "vkAllocateMemory");
    check(fn.vkBindBufferMemory(device, buf.buffer, buf.memory, 0),
          "vkBindBufferMemory");
    // Map coherent memory for plain memcpy access (on lavapipe and with
    // resizable BAR that covers "device-local" buffers too).
    if ((memory.memoryTypes[type].propertyFlags & kHostMemory) == kHostMemory)
      check(fn.vkMapMemory(device, buf.memory, 0, VK_WHOLE_SIZE, 0,
                           &buf.mapped),
            "vkMapMemory");
    VkBufferDeviceAddressInfo addr{
        VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    addr.buffer = buf.buffer;
    buf.address = fn.vkGetBufferDeviceAddress(device, &addr);
  } catch (...) {
    destroyBuffer(buf);
    throw;
  }
  return buf;
}

void DeviceState::destroyBuffer(RawBuffer &buf) {
  // Freeing the memory unmaps it.
  if (buf.buffer)
    fn.vkDestroyBuffer(device, buf.buffer, nullptr);
  if (buf.memory)
    fn.vkFreeMemory(device, buf.memory, nullptr);
  buf = RawBuffer{};
}

uint64_t DeviceState::uploadArgumentBlock(const void *args, size_t size,
                                          std::shared_ptr<ArgChunk> &chunkOut) {
  const uint64_t need = alignUp(std::max<size_t>(size, 1), kArgBlockAlign);
  auto fits = [&](const ArgChunk &c) { return c.used + need <= c.buf.size; };
  if (currentChunk >= argChunks.size() || !fits(*argChunks[currentChunk])) {
    // A chunk that only this pool references has no launch in flight.
    bool found = false;
    for (size_t i = 0; i < argChunks.size() && !found; ++i)
      if (argChunks[i].use_count() == 1 && argChunks[i]->buf.size >= need) {
        argChunks[i]->used = 0;
        currentChunk = i;
        found = true;
      }
    if (!found) {
      auto chunk = std::make_shared<ArgChunk>();
      chunk->buf = createBuffer(std::max(kArgChunkBytes, need), kHostMemory,
                                VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
      argChunks.push_back(std::move(chunk));
      currentChunk = argChunks.size() - 1;
    }
  }
  ArgChunk &chunk = *argChunks[currentChunk];
  std::memcpy(static_cast<char *>(chunk.buf.mapped) + chunk.used, args, size);
  uint64_t address = chunk.buf.address + chunk.used;
  chunk.used += need;
  chunkOut = argChunks[currentChunk];
  return address;
}

void DeviceState::destroyHostSpan(HostSpan &span) { destroyBuffer(span.buf); }

void DeviceState::onIdle() {
  while (!deferred.empty()) {
    auto destroy = std::move(deferred.front().second);
    deferred.pop_front();
    destroy();
  }
  // A span stamped after the last launch was handed out for a launch that
  // has not been submitted yet (copies in between do not count): keep it.
  auto droppable = [&](const HostSpan &span) {
    return span.stamp <= launchCount;
  };
  for (auto it = retiredSpans.begin(); it != retiredSpans.end();) {
    if (droppable(*it)) {
      destroyHostSpan(*it);
      it = retiredSpans.erase(it);
    } else {
      ++it;
    }
  }
  if (hostSpans.size() <= importCacheLimit)
    return;
  std::vector<std::pair<uint64_t, uintptr_t>> lru; // (lastUse, start)
  for (const auto &[start, span] : hostSpans)
    if (droppable(span))
      lru.emplace_back(span.lastUse, start);
  std::sort(lru.begin(), lru.end());
  for (const auto &[lastUse, start] : lru) {
    if (hostSpans.size() <= importCacheLimit)
      break;
    destroyHostSpan(hostSpans[start]);
    hostSpans.erase(start);
  }
}

} // namespace detail

std::shared_ptr<Buffer> Device::alloc(uint64_t nbytes, bool hostVisible) {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  RawBuffer raw =
      hostVisible
          ? s_->createBuffer(nbytes, kHostMemory, VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
          : s_->createBuffer(nbytes, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  return std::shared_ptr<Buffer>(new Buffer(shared_from_this(), raw, nbytes));
}

Buffer::~Buffer() {
  DeviceState *s = device_->s_.get();
  RawBuffer raw = raw_;
  s->deferDestroy([s, raw]() mutable { s->destroyBuffer(raw); });
}

namespace {
void ensureStaging(DeviceState &s, uint64_t n) {
  if (s.staging.size >= n)
    return;
  s.destroyBuffer(s.staging);
  s.staging = s.createBuffer(std::max(n, uint64_t(1) << 20), kHostMemory,
                             VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
}

void checkRange(const char *what, uint64_t offset, uint64_t nbytes,
                uint64_t size) {
  if (offset > size || nbytes > size - offset)
    fail(std::string(what) + ": range [" + std::to_string(offset) + ", " +
         std::to_string(offset) + "+" + std::to_string(nbytes) +
         ") is outside the buffer of " + std::to_string(size) + " bytes");
}
} // namespace

void Buffer::write(const void *src, uint64_t nbytes, uint64_t offset) {
  checkRange("Buffer.write", offset, nbytes, size_);
  DeviceState &s = *device_->s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  s.waitAll(); // earlier launches may still read or write this buffer
  if (raw_.mapped) {
    std::memcpy(static_cast<char *>(raw_.mapped) + offset, src, nbytes);
    return;
  }
  for (uint64_t done = 0; done < nbytes;) {
    uint64_t n = std::min(nbytes - done, kStagingBytes);
    ensureStaging(s, n);
    std::memcpy(s.staging.mapped, static_cast<const char *>(src) + done, n);
    InFlight work = s.beginCommands();
    VkBufferCopy region{0, offset + done, n};
    s.fn.vkCmdCopyBuffer(work.cmd, s.staging.buffer, raw_.buffer, 1, &region);
    s.submit(std::move(work), /*wait=*/true);
    done += n;
  }
}

void detail::DeviceState::readBuffer(const RawBuffer &buf, uint64_t offset, void *dst,
                                     uint64_t nbytes) {
  waitAll();
  if (buf.mapped) {
    std::memcpy(dst, static_cast<const char *>(buf.mapped) + offset, nbytes);
    return;
  }
  for (uint64_t done = 0; done < nbytes;) {
    uint64_t n = std::min(nbytes - done, kStagingBytes);
    ensureStaging(*this, n);
    InFlight work = beginCommands();
    VkBufferCopy region{offset + done, 0, n};
    fn.vkCmdCopyBuffer(work.cmd, buf.buffer, staging.buffer, 1, &region);
    submit(std::move(work), /*wait=*/true); // ends with a host barrier
    std::memcpy(static_cast<char *>(dst) + done, staging.mapped, n);
    done += n;
  }
}

void Buffer::read(void *dst, uint64_t nbytes, uint64_t offset) const {
  checkRange("Buffer.read", offset, nbytes, size_);
  DeviceState &s = *device_->s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  s.readBuffer(raw_, offset, dst, nbytes);
}

namespace {
// Whether span b starts where span a ends, in host and device addresses.
bool continues(const HostSpan &a, const HostSpan &b) {
  return b.start == a.start + a.size && b.buf.address == a.buf.address + a.size;
}

// Imports host memory [start, start + size) as one buffer.
HostSpan importHostSpan(DeviceState &s, uintptr_t start, uint64_t size,
                        uint64_t stamp, uint64_t tick) {
  HostSpan span;
  span.start = start;
  span.size = size;
  span.stamp = stamp;
  span.lastUse = tick;
  void *host = reinterpret_cast<void *>(start);
  const auto handle = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkMemoryHostPointerPropertiesEXT hostProps{
      VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  check(s.fn.vkGetMemoryHostPointerPropertiesEXT(s.device, handle, host,
                                                 &hostProps),
        "vkGetMemoryHostPointerPropertiesEXT");
  VkExternalMemoryBufferCreateInfo external{
      VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
  external.handleTypes = handle;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.pNext = &external;
  info.size = span.size;
  info.usage = kBufferUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(s.fn.vkCreateBuffer(s.device, &info, nullptr, &span.buf.buffer),
        "vkCreateBuffer");
  span.buf.size = span.size;
  try {
    VkMemoryRequirements req;
    s.fn.vkGetBufferMemoryRequirements(s.device, span.buf.buffer, &req);
    if (req.size > span.size)
      fail("host_address: the driver needs " + std::to_string(req.size) +
           " bytes to import a span of " + std::to_string(span.size));
    uint32_t type = s.findMemoryType(req.memoryTypeBits & hostProps.memoryTypeBits,
                                     0, VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    VkImportMemoryHostPointerInfoEXT import{
        VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT};
    import.handleType = handle;
    import.pHostPointer = host;
    VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.pNext = &import;
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = &flags;
    alloc.allocationSize = span.size;
    alloc.memoryTypeIndex = type;
    check(s.fn.vkAllocateMemory(s.device, &alloc, nullptr, &span.buf.memory),
          "vkAllocateMemory(import host pointer)");
    check(s.fn.vkBindBufferMemory(s.device, span.buf.buffer, span.buf.memory, 0),
          "vkBindBufferMemory");
    VkBufferDeviceAddressInfo addr{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    addr.buffer = span.buf.buffer;
    span.buf.address = s.fn.vkGetBufferDeviceAddress(s.device, &addr);
  } catch (...) {
    s.destroyBuffer(span.buf);
    throw;
  }
  return span;
}

} // namespace

namespace detail {
// One import holds at most maxMemoryAllocationSize bytes. Past that, a CPU
// device (whose device addresses of host memory are the host addresses)
// imports the range in pieces that kernels see as one; elsewhere the pieces
// would land apart, so the range is refused by its size.
std::vector<HostSpan> importHostRange(DeviceState &s, uintptr_t start,
                                      uint64_t size, uint64_t nbytes,
                                      uint64_t stamp, uint64_t tick) {
  const uint64_t align = s.props.minImportedHostPointerAlignment;
  const uint64_t limit = s.props.maxMemoryAllocationSize / align * align;
  const uintptr_t end = start + size;
  std::vector<HostSpan> pieces;
  if (limit == 0 || size <= limit) {
    pieces.push_back(importHostSpan(s, start, size, stamp, tick));
    return pieces;
  }
  if (s.props.deviceType != "cpu")
    fail("host_address: a tensor of " + std::to_string(nbytes) +
         " bytes is over the largest host memory device '" + s.props.name +
         "' can import at once (maxMemoryAllocationSize " +
         std::to_string(s.props.maxMemoryAllocationSize) +
         " bytes); split it, or run on the device's own memory");
  try {
    for (uintptr_t piece = start; piece < end; piece += limit) {
      pieces.push_back(importHostSpan(
          s, piece, std::min<uint64_t>(limit, end - piece), stamp, tick));
      if (pieces.size() > 1 &&
          !continues(pieces[pieces.size() - 2], pieces.back()))
        fail("host_address: device '" + s.props.name + "' placed the " +
             "pieces of a " + std::to_string(nbytes) + "-byte tensor " +
             "apart (each import holds at most " +
             std::to_string(s.props.maxMemoryAllocationSize) + " bytes)");
    }
  } catch (...) {
    for (HostSpan &piece : pieces)
      s.destroyBuffer(piece.buf);
    throw;
  }
  return pieces;
}
} // namespace detail

uint64_t Device::hostAddress(const void *ptr, uint64_t nbytes) {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  if (!s.props.hasExternalMemoryHost)
    fail("host_address: device '" + s.props.name +
         "' lacks VK_EXT_external_memory_host; use alloc() and copies");
  if (!ptr)
    fail("host_address: null pointer");
  const uint64_t align = s.props.minImportedHostPointerAlignment;
  const uintptr_t p = reinterpret_cast<uintptr_t>(ptr);
  const uintptr_t pEnd = p + std::max<uint64_t>(nbytes, 1);
  const uint64_t stamp = s.launchCount + 1; // the next launch may use it
  const uint64_t tick = ++s.useTick;

  // Spans never overlap, so only the one starting at or before p can cover
  // it: alone, or with the adjacent spans of a range imported in pieces.
  auto it = s.hostSpans.upper_bound(p);
  if (it != s.hostSpans.begin()) {
    auto first = std::prev(it), last = first;
    uintptr_t covered = first->second.start + first->second.size;
    while (first->second.start <= p && covered < pEnd) {
      auto next = std::next(last);
      if (next == s.hostSpans.end() || !continues(last->second, next->second))
        break;
      covered += next->second.size;
      last = next;
    }
    if (first->second.start <= p && pEnd <= covered) {
      for (auto span = first;; ++span) {
        span->second.stamp = stamp;
        span->second.lastUse = tick;
        if (span == last)
          break;
      }
      return first->second.buf.address + (p - first->second.start);
    }
  }

  // Import the page-aligned range, grown to the union of every span it
  // overlaps so that spans stay disjoint; replaced spans retire once idle.
  uintptr_t start = p / align * align;
  uintptr_t end = alignUp(pEnd, align);
  std::vector<uintptr_t> overlapping;
  it = s.hostSpans.upper_bound(start);
  if (it != s.hostSpans.begin())
    --it;
  for (; it != s.hostSpans.end() && it->first < end; ++it)
    if (it->first + it->second.size > start) {
      overlapping.push_back(it->first);
      start = std::min(start, it->first);
      end = std::max<uintptr_t>(end, it->first + it->second.size);
    }

  std::vector<HostSpan> pieces =
      importHostRange(s, start, end - start, nbytes, stamp, tick);
  for (uintptr_t old : overlapping) {
    s.retiredSpans.push_back(s.hostSpans[old]);
    s.hostSpans.erase(old);
  }
  uint64_t address = pieces.front().buf.address + (p - start);
  for (HostSpan &piece : pieces)
    s.hostSpans.emplace(piece.start, piece);
  return address;
}

void Device::releaseHostImports() {
  DeviceState &s = *s_;
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  s.waitAll();
  for (auto &[start, span] : s.hostSpans)
    s.destroyHostSpan(span);
  for (HostSpan &span : s.retiredSpans)
    s.destroyHostSpan(span);
  s.hostSpans.clear();
  s.retiredSpans.clear();
}

size_t Device::hostImportCount() const {
  std::lock_guard<std::recursive_mutex> lock(s_->mutex);
  return s_->hostSpans.size() + s_->retiredSpans.size();
}

} // namespace triton_spirv::runtime

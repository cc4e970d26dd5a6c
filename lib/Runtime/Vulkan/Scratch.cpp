//===- Scratch.cpp - Launches whose global scratch is bounded -------------===//
//
// Kernels whose workgroup buffers exceed the device's workgroup memory keep
// them in a scratch buffer, one slice per program, which the shader finds at
//   scratch + ((z * grid_y + y) * grid_x + x) * bytes_per_program
// in 64-bit arithmetic (spirv-spill-workgroup-memory). A grid whose slices
// would exceed Kernel::scratchLimit() runs as consecutive chunks of program
// ids that reuse one chunk's memory: each chunk is dispatched with its base
// workgroup id (program ids stay those of the whole grid), behind a barrier
// (it overwrites the chunk before's slices), with the scratch address moved
// back by its first program's offset, so that the shader's sum (wrapping
// modulo 2^64) lands at the buffer's start.
//
//===----------------------------------------------------------------------===//

#include "VulkanInternal.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace triton_spirv::runtime {
using namespace detail;

namespace {
// One chunk still holds >= 2048 programs of up to 128 KiB, about as many as
// an H100 runs at once (132 SMs x 16 workgroups of 128 invocations), so the
// barriers between chunks cost little; 1/8 of lavapipe's largest allocation.
constexpr uint64_t kDefaultScratchLimit = 256ull << 20;

/// TRITON_SPIRV_SCRATCH_LIMIT in bytes; 0 when unset.
uint64_t scratchLimitFromEnvironment() {
  const char *text = std::getenv("TRITON_SPIRV_SCRATCH_LIMIT");
  if (text == nullptr || *text == '\0')
    return 0;
  char *end = nullptr;
  const unsigned long long bytes = std::strtoull(text, &end, 10);
  if (*end != '\0' || bytes == 0)
    fail(std::string("TRITON_SPIRV_SCRATCH_LIMIT=") + text +
         ": expected a positive number of bytes");
  return bytes;
}

/// Programs of `kernel` one chunk holds; throws where one program's slice
/// exceeds the limit.
uint64_t programsPerChunk(const Kernel &kernel, uint64_t programs) {
  const uint64_t perProgram = kernel.scratchBytesPerProgram();
  const uint64_t limit = kernel.scratchLimit();
  const uint64_t fit = limit / perProgram;
  if (kernel.readsNumWorkgroups() && fit < programs)
    fail("launch: kernel '" + kernel.entry() + "' needs " +
         std::to_string(perProgram) + " bytes of global scratch per program, " +
         std::to_string(programs) + " programs over the device's " +
         std::to_string(limit) +
         "-byte maxMemoryAllocationSize, and reads tl.num_programs, so its "
         "programs cannot run in chunks that reuse the memory");
  if (fit == 0)
    fail("launch: kernel '" + kernel.entry() + "' needs " +
         std::to_string(perProgram) +
         " bytes of global scratch per program (workgroup buffers beyond the "
         "device's workgroup memory), over the limit of " +
         std::to_string(limit) +
         " bytes a launch may use (TRITON_SPIRV_SCRATCH_LIMIT, at most "
         "maxMemoryAllocationSize)");
  return std::min(fit, programs);
}
} // namespace

uint64_t Kernel::scratchLimit() const {
  const uint64_t allocation = device_->properties().maxMemoryAllocationSize;
  if (readsNumWorkgroups_)
    return allocation;
  const uint64_t bytes = scratchLimitFromEnvironment();
  return std::min(bytes ? bytes : kDefaultScratchLimit, allocation);
}

uint64_t Kernel::scratchBytes(uint32_t gx, uint32_t gy, uint32_t gz) const {
  const uint64_t programs = uint64_t(gx) * gy * gz;
  if (scratchPerProgram_ == 0 || programs == 0)
    return 0;
  return programsPerChunk(*this, programs) * scratchPerProgram_;
}

namespace detail {

LaunchPlan DeviceState::planLaunch(const Kernel &kernel, uint32_t gx,
                                  uint32_t gy, uint32_t gz, const void *args,
                                  size_t argsSize) {
  DeviceState &s = *this;
  LaunchPlan plan;
  auto add = [&](std::array<uint32_t, 3> base, std::array<uint32_t, 3> count,
                 const void *bytes) {
    std::shared_ptr<ArgChunk> chunk;
    plan.dispatches.push_back(
        {base, count, pushBytes(s, kernel, bytes, argsSize, chunk)});
    if (chunk && (plan.chunks.empty() || plan.chunks.back() != chunk))
      plan.chunks.push_back(std::move(chunk));
  };
  const uint64_t programs = uint64_t(gx) * gy * gz;
  const uint64_t perProgram = kernel.scratchBytesPerProgram();
  if (programs == 0) {
    std::shared_ptr<ArgChunk> unused;
    pushBytes(s, kernel, args, argsSize, unused); // checks the arguments
    return plan;
  }
  const uint64_t perChunk =
      perProgram ? programsPerChunk(kernel, programs) : programs;
  if (perChunk >= programs) {
    add({0, 0, 0}, {gx, gy, gz}, args);
    return plan;
  }
  const size_t at = kernel.scratchOffset_;
  if (at + sizeof(uint64_t) > argsSize)
    fail("launch: kernel '" + kernel.entry() + "' has its scratch address at "
         "byte " + std::to_string(at) + " of " + std::to_string(argsSize) +
         " argument bytes");
  std::vector<uint8_t> bytes(static_cast<const uint8_t *>(args),
                             static_cast<const uint8_t *>(args) + argsSize);
  uint64_t scratch;
  std::memcpy(&scratch, bytes.data() + at, sizeof(scratch));
  // Chunks of consecutive linear ids: whole planes, whole rows of one plane,
  // or part of one row.
  auto chunk = [&](uint32_t x, uint32_t y, uint32_t z,
                   std::array<uint32_t, 3> count) {
    const uint64_t first = (uint64_t(z) * gy + y) * gx + x;
    const uint64_t biased = scratch - first * perProgram; // wraps: intended
    std::memcpy(bytes.data() + at, &biased, sizeof(biased));
    add({x, y, z}, count, bytes.data());
  };
  const uint64_t plane = uint64_t(gx) * gy;
  if (perChunk >= plane) {
    const uint32_t step = uint32_t(std::min<uint64_t>(perChunk / plane, gz));
    for (uint32_t z = 0; z < gz; z += std::min(step, gz - z))
      chunk(0, 0, z, {gx, gy, std::min(step, gz - z)});
  } else if (perChunk >= gx) {
    const uint32_t step = uint32_t(perChunk / gx);
    for (uint32_t z = 0; z < gz; ++z)
      for (uint32_t y = 0; y < gy; y += std::min(step, gy - y))
        chunk(0, y, z, {gx, std::min(step, gy - y), 1});
  } else {
    const uint32_t step = uint32_t(perChunk);
    for (uint32_t z = 0; z < gz; ++z)
      for (uint32_t y = 0; y < gy; ++y)
        for (uint32_t x = 0; x < gx; x += std::min(step, gx - x))
          chunk(x, y, z, {std::min(step, gx - x), 1, 1});
  }
  return plan;
}

void DeviceState::recordLaunch(InFlight &work, const Kernel &kernel,
                               const LaunchPlan &plan) {
  for (size_t i = 0; i < plan.dispatches.size(); ++i) {
    const LaunchPlan::Dispatch &d = plan.dispatches[i];
    if (i)
      recordBarrier(fn, work.cmd, /*toHost=*/false); // reused scratch
    recordDispatch(work, kernel, d.base, d.count, d.push.data());
  }
}

} // namespace detail
} // namespace triton_spirv::runtime

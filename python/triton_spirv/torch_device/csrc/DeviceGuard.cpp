// torch's view of the device: the guard (current device and stream, events)
// and the PrivateUse1 hooks. One Vulkan queue serves every stream, in
// submission order, so streams never need to wait for one another and an
// event is a GPU timestamp written behind everything submitted before it.
#include "Allocator.h"
#include "Bridge.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>

#include <atomic>

namespace triton_spirv_torch {
namespace {

thread_local c10::StreamId currentStream = 0;
std::atomic<c10::StreamId> nextStream{1};

uint64_t eventId(void *event) { return reinterpret_cast<uint64_t>(event); }

struct GuardImpl final : public c10::impl::DeviceGuardImplInterface {
  static constexpr c10::DeviceType static_type = kDeviceType;

  c10::DeviceType type() const override { return kDeviceType; }

  c10::Device exchangeDevice(c10::Device device) const override {
    setDevice(device);
    return c10::Device(kDeviceType, 0);
  }
  c10::Device getDevice() const override { return c10::Device(kDeviceType, 0); }
  void setDevice(c10::Device device) const override {
    TORCH_CHECK(device.type() == kDeviceType, "expected a ", deviceTypeName(),
                " device, got ", device);
    TORCH_CHECK(!device.has_index() || device.index() == 0, deviceTypeName(), ":",
                int(device.index()),
                " does not exist: this process has one Vulkan device (index 0; "
                "TRITON_SPIRV_DEVICE picks which)");
  }
  void uncheckedSetDevice(c10::Device) const noexcept override {}

  c10::Stream getStream(c10::Device device) const override {
    return c10::Stream(c10::Stream::UNSAFE, device, currentStream);
  }
  c10::Stream getDefaultStream(c10::Device device) const override {
    return c10::Stream(c10::Stream::DEFAULT, device);
  }
  c10::Stream getStreamFromGlobalPool(c10::Device device, bool) const override {
    return getNewStream(device, 0);
  }
  c10::Stream getNewStream(c10::Device device, int) const override {
    return c10::Stream(c10::Stream::UNSAFE, device, nextStream++);
  }
  c10::Stream exchangeStream(c10::Stream stream) const override {
    const c10::Stream previous = getStream(stream.device());
    currentStream = stream.id();
    return previous;
  }
  c10::DeviceIndex deviceCount() const noexcept override { return hasBridge() ? 1 : 0; }

  void record(void **event, const c10::Stream &, const c10::DeviceIndex,
              const c10::EventFlag) const override {
    if (*event)
      check(bridge().release_timestamp(eventId(*event)), "re-recording an event");
    uint64_t id = 0;
    check(bridge().record_timestamp(&id), "recording an event");
    *event = reinterpret_cast<void *>(id);
  }
  void block(void *, const c10::Stream &) const override {} // one in-order queue
  bool queryEvent(void *event) const override {
    if (!event)
      return true;
    int reached = 0;
    check(bridge().timestamp_reached(eventId(event), &reached), "querying an event");
    return reached != 0;
  }
  void destroyEvent(void *event, const c10::DeviceIndex) const noexcept override {
    if (event && hasBridge())
      bridge().release_timestamp(eventId(event));
  }
  void synchronizeEvent(void *event) const override {
    if (event)
      check(bridge().wait_timestamp(eventId(event)), "waiting for an event");
  }
  double elapsedTime(void *start, void *end, const c10::DeviceIndex) const override {
    TORCH_CHECK(start && end, "elapsed_time: both events must have been recorded");
    double ms = 0;
    check(bridge().elapsed_ms(eventId(start), eventId(end), &ms), "timing events");
    return ms;
  }
  bool queryStream(const c10::Stream &stream) const override {
    void *event = nullptr;
    record(&event, stream, 0, c10::EventFlag::PYTORCH_DEFAULT);
    const bool done = queryEvent(event);
    destroyEvent(event, 0);
    return done;
  }
  void synchronizeStream(const c10::Stream &) const override {
    check(bridge().synchronize(), "synchronizing");
  }
  void synchronizeDevice(const c10::DeviceIndex) const override {
    check(bridge().synchronize(), "synchronizing");
  }
  void recordDataPtrOnStream(const c10::DataPtr &, const c10::Stream &) const override {}
};

struct Hooks final : public at::PrivateUse1HooksInterface {
  bool isBuilt() const override { return true; }
  bool isAvailable() const override { return hasBridge(); }
  // Random numbers of this device come from the host's generator (its
  // operators without a device kernel run on the CPU).
  const at::Generator &getDefaultGenerator(c10::DeviceIndex) const override {
    return at::detail::getDefaultCPUGenerator();
  }
  at::Device getDeviceFromPtr(void *) const override { return at::Device(kDeviceType, 0); }
  bool hasPrimaryContext(c10::DeviceIndex) const override { return true; }
  void resizePrivateUse1Bytes(const c10::Storage &storage, size_t newsize) const override;
};

} // namespace

void resizeStorageBytes(c10::StorageImpl *storage, size_t nbytes);

void Hooks::resizePrivateUse1Bytes(const c10::Storage &storage, size_t newsize) const {
  resizeStorageBytes(storage.unsafeGetStorageImpl(), newsize);
}

C10_REGISTER_GUARD_IMPL(PrivateUse1, GuardImpl);

int64_t currentStreamId() { return currentStream; }
void setCurrentStreamId(int64_t id) { currentStream = id; }

void registerHooks() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  at::RegisterPrivateUse1HooksInterface(new Hooks());
  c10::SetAllocator(kDeviceType, &deviceAllocator());
}

} // namespace triton_spirv_torch

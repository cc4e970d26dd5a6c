// torch's view of the device: the guard (current device and stream, events)
// and the PrivateUse1 hooks. Each device index is one Vulkan device with one
// queue serving every stream of that index, in submission order, so streams
// of a device never need to wait for one another and an event is a GPU
// timestamp written behind everything submitted to its device before it.
#include "Allocator.h"
#include "Bridge.h"
#include "PinnedMemory.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>

#include <array>
#include <atomic>

namespace triton_spirv_torch {
namespace {

// As CUDA: the current device and each device's current stream are per thread.
thread_local c10::DeviceIndex current = 0;
thread_local std::array<c10::StreamId, kMaxDevices> currentStreams{};
std::atomic<c10::StreamId> nextStream{1};

// An event is its timestamp id and device index in one pointer (ids start at
// 1, so a recorded event is never null).
void *eventOf(c10::DeviceIndex device, uint64_t id) {
  return reinterpret_cast<void *>((id << 8) | static_cast<uint8_t>(device));
}
uint64_t eventId(void *event) { return reinterpret_cast<uint64_t>(event) >> 8; }
c10::DeviceIndex eventDevice(void *event) {
  return static_cast<c10::DeviceIndex>(reinterpret_cast<uint64_t>(event) & 0xff);
}

c10::DeviceIndex indexOf(const c10::Device &device) {
  return checkedIndex(device.has_index() ? device.index() : -1);
}

struct GuardImpl final : public c10::impl::DeviceGuardImplInterface {
  static constexpr c10::DeviceType static_type = kDeviceType;

  c10::DeviceType type() const override { return kDeviceType; }

  c10::Device exchangeDevice(c10::Device device) const override {
    const c10::Device previous = getDevice();
    setDevice(device);
    return previous;
  }
  c10::Device getDevice() const override { return c10::Device(kDeviceType, current); }
  void setDevice(c10::Device device) const override {
    TORCH_CHECK(device.type() == kDeviceType, "expected a ", deviceTypeName(),
                " device, got ", device);
    current = indexOf(device);
  }
  void uncheckedSetDevice(c10::Device device) const noexcept override {
    if (device.has_index() && device.index() >= 0 && device.index() < deviceCount())
      current = device.index();
  }

  c10::Stream getStream(c10::Device device) const override {
    const c10::DeviceIndex index = indexOf(device);
    return c10::Stream(c10::Stream::UNSAFE, c10::Device(kDeviceType, index),
                       currentStreams[index]);
  }
  c10::Stream getDefaultStream(c10::Device device) const override {
    return c10::Stream(c10::Stream::DEFAULT, c10::Device(kDeviceType, indexOf(device)));
  }
  c10::Stream getStreamFromGlobalPool(c10::Device device, bool) const override {
    return getNewStream(device, 0);
  }
  c10::Stream getNewStream(c10::Device device, int) const override {
    return c10::Stream(c10::Stream::UNSAFE, c10::Device(kDeviceType, indexOf(device)),
                       nextStream++);
  }
  c10::Stream exchangeStream(c10::Stream stream) const override {
    const c10::Stream previous = getStream(stream.device());
    currentStreams[previous.device_index()] = stream.id();
    return previous;
  }
  c10::DeviceIndex deviceCount() const noexcept override {
    return triton_spirv_torch::deviceCount();
  }

  void record(void **event, const c10::Stream &stream, const c10::DeviceIndex,
              const c10::EventFlag) const override {
    const c10::DeviceIndex device = indexOf(stream.device());
    if (*event)
      check(bridge().release_timestamp(eventDevice(*event), eventId(*event)),
            "re-recording an event", eventDevice(*event));
    *event = nullptr;
    uint64_t id = 0;
    check(bridge().record_timestamp(device, &id), "recording an event", device);
    *event = eventOf(device, id);
  }
  // A device's streams share its in-order queue; another device's event is
  // waited for on the host (two Vulkan devices share no semaphore here).
  void block(void *event, const c10::Stream &stream) const override {
    if (event && eventDevice(event) != indexOf(stream.device()))
      synchronizeEvent(event);
  }
  bool queryEvent(void *event) const override {
    if (!event)
      return true;
    int reached = 0;
    check(bridge().timestamp_reached(eventDevice(event), eventId(event), &reached),
          "querying an event", eventDevice(event));
    return reached != 0;
  }
  void destroyEvent(void *event, const c10::DeviceIndex) const noexcept override {
    if (event && hasBridge())
      bridge().release_timestamp(eventDevice(event), eventId(event));
  }
  void synchronizeEvent(void *event) const override {
    if (event)
      check(bridge().wait_timestamp(eventDevice(event), eventId(event)),
            "waiting for an event", eventDevice(event));
  }
  double elapsedTime(void *start, void *end, const c10::DeviceIndex) const override {
    TORCH_CHECK(start && end, "elapsed_time: both events must have been recorded");
    TORCH_CHECK(eventDevice(start) == eventDevice(end),
                "elapsed_time: the events were recorded on two devices, ",
                deviceLabel(eventDevice(start)), " and ", deviceLabel(eventDevice(end)));
    double ms = 0;
    check(bridge().elapsed_ms(eventDevice(start), eventId(start), eventId(end), &ms),
          "timing events", eventDevice(start));
    return ms;
  }
  bool queryStream(const c10::Stream &stream) const override {
    void *event = nullptr;
    record(&event, stream, stream.device_index(), c10::EventFlag::PYTORCH_DEFAULT);
    const bool done = queryEvent(event);
    destroyEvent(event, stream.device_index());
    return done;
  }
  void synchronizeStream(const c10::Stream &stream) const override {
    const c10::DeviceIndex device = indexOf(stream.device());
    check(bridge().synchronize(device), "synchronizing", device);
  }
  void synchronizeDevice(const c10::DeviceIndex index) const override {
    const c10::DeviceIndex device = checkedIndex(index);
    check(bridge().synchronize(device), "synchronizing", device);
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
  // torch.Generator(device="spirv"): a generator of its own, on the host too.
  at::Generator getNewGenerator(c10::DeviceIndex) const override {
    return at::detail::createCPUGenerator();
  }
  at::Allocator *getPinnedMemoryAllocator() const override { return pinnedHostAllocator(); }
  bool isPinnedPtr(const void *data) const override { return isPinnedHostPointer(data); }
  at::Device getDeviceFromPtr(void *data) const override {
    const c10::DeviceIndex device = deviceOfAddress(reinterpret_cast<uint64_t>(data));
    return at::Device(kDeviceType, device >= 0 ? device : currentDevice());
  }
  bool hasPrimaryContext(c10::DeviceIndex device) const override {
    return device >= 0 && device < triton_spirv_torch::deviceCount();
  }
  c10::DeviceIndex deviceCount() const override { return triton_spirv_torch::deviceCount(); }
  void setCurrentDevice(c10::DeviceIndex device) const override {
    triton_spirv_torch::setCurrentDevice(device);
  }
  c10::DeviceIndex getCurrentDevice() const override { return currentDevice(); }
  c10::DeviceIndex exchangeDevice(c10::DeviceIndex device) const override {
    const c10::DeviceIndex previous = currentDevice();
    triton_spirv_torch::setCurrentDevice(device);
    return previous;
  }
  c10::DeviceIndex maybeExchangeDevice(c10::DeviceIndex device) const override {
    return exchangeDevice(device);
  }
  void resizePrivateUse1Bytes(const c10::Storage &storage, size_t newsize) const override;
};

} // namespace

c10::DeviceIndex currentDevice() { return current; }
void setCurrentDevice(c10::DeviceIndex index) { current = checkedIndex(index); }

void resizeStorageBytes(c10::StorageImpl *storage, size_t nbytes);

void Hooks::resizePrivateUse1Bytes(const c10::Storage &storage, size_t newsize) const {
  resizeStorageBytes(storage.unsafeGetStorageImpl(), newsize);
}

C10_REGISTER_GUARD_IMPL(PrivateUse1, GuardImpl);

int64_t currentStreamId(c10::DeviceIndex device) { return currentStreams[checkedIndex(device)]; }
void setCurrentStreamId(c10::DeviceIndex device, int64_t id) {
  currentStreams[checkedIndex(device)] = id;
}

void registerHooks() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  at::RegisterPrivateUse1HooksInterface(new Hooks());
  c10::SetAllocator(kDeviceType, &deviceAllocator());
}

} // namespace triton_spirv_torch

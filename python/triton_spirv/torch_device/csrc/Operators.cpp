// The ATen operators every device needs (creation, views, copies, scalars,
// fills), and the fallback that runs every other operator on the CPU,
// warning once per operator. FlagGems' Triton operators, registered from
// Python for this device, take precedence over the fallback.
#include "Allocator.h"
#include "Bridge.h"
#include "HostCompute.h"

#include <ATen/EmptyTensor.h>
#include <ATen/native/CPUFallback.h>
#include <ATen/native/Resize.h>
#include <ATen/ops/_reshape_alias_native.h>
#include <ATen/ops/as_strided_native.h>
#include <ATen/ops/unfold_native.h>
#include <ATen/ops/view_native.h>
#include <ATen/ATen.h>
#include <c10/core/DeviceGuard.h>
#include <torch/library.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_set>

namespace triton_spirv_torch {

uint64_t addressOf(const at::Tensor &tensor) {
  return reinterpret_cast<uint64_t>(tensor.data_ptr());
}

/// The device index of a tensor of this device.
c10::DeviceIndex indexOf(const at::Tensor &tensor) {
  return checkedIndex(tensor.device().index());
}

void resizeStorageBytes(c10::StorageImpl *storage, size_t nbytes) {
  TORCH_CHECK(storage->resizable(), "Trying to resize storage that is not resizable");
  const size_t keep = std::min(nbytes, storage->nbytes());
  const c10::DeviceIndex device = checkedIndex(storage->device().index());
  c10::DataPtr fresh = deviceAllocator().allocateOn(device, nbytes);
  if (keep)
    check(bridge().copy_within_device(device, reinterpret_cast<uint64_t>(fresh.get()),
                                      reinterpret_cast<uint64_t>(storage->data()), keep),
          "copying a resized storage", device);
  storage->set_data_ptr_noswap(std::move(fresh));
  storage->set_nbytes(nbytes);
}

namespace {

/// The allocator, on `device`'s index (else the current device's) while the
/// guard lives.
struct OnDevice {
  explicit OnDevice(std::optional<c10::Device> device)
      : guard(c10::Device(kDeviceType, checkedIndex(device && device->has_index()
                                                         ? device->index()
                                                         : c10::DeviceIndex(-1)))) {}
  c10::DeviceGuard guard;
};

at::Tensor emptyMemoryFormat(c10::IntArrayRef size, std::optional<at::ScalarType> dtype,
                             std::optional<at::Layout>, std::optional<c10::Device> device,
                             std::optional<bool>, std::optional<at::MemoryFormat> format) {
  OnDevice on(device);
  return at::detail::empty_generic(size, &deviceAllocator(),
                                   c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
                                   c10::dtype_or_default(dtype), format);
}

at::Tensor emptyStrided(c10::IntArrayRef size, c10::IntArrayRef stride,
                        std::optional<at::ScalarType> dtype, std::optional<at::Layout>,
                        std::optional<c10::Device> device, std::optional<bool>) {
  OnDevice on(device);
  return at::detail::empty_strided_generic(size, stride, &deviceAllocator(),
                                           c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
                                           c10::dtype_or_default(dtype));
}

void ensureStorageBytes(const at::Tensor &self) {
  const size_t need = at::detail::computeStorageNbytes(self.sizes(), self.strides(),
                                                       self.dtype().itemsize(),
                                                       self.storage_offset());
  c10::StorageImpl *storage = self.unsafeGetTensorImpl()->unsafe_storage().unsafeGetStorageImpl();
  if (need > storage->nbytes())
    resizeStorageBytes(storage, need);
}

const at::Tensor &resizeTensor(const at::Tensor &self, c10::IntArrayRef size,
                         std::optional<at::MemoryFormat> format) {
  // The same sizes keep the strides (a view written back by the fallback).
  if (self.sizes() == size && (!format || *format == at::MemoryFormat::Preserve))
    return self;
  auto *impl = self.unsafeGetTensorImpl();
  impl->set_sizes_contiguous(size);
  if (format && *format != at::MemoryFormat::Preserve)
    impl->empty_tensor_restride(*format);
  ensureStorageBytes(self);
  return self;
}

at::Tensor &setStorage(at::Tensor &self, at::Storage source, int64_t offset,
                       c10::IntArrayRef size, c10::IntArrayRef stride) {
  at::native::checkSetStorage(self, source, offset, size, stride);
  self.unsafeGetTensorImpl()->set_storage_offset(offset);
  self.unsafeGetTensorImpl()->set_sizes_and_strides(size, stride);
  ensureStorageBytes(self);
  return self;
}

at::Tensor &setStorageWhole(at::Tensor &self, at::Storage source) {
  const int64_t count = static_cast<int64_t>(source.nbytes() / self.dtype().itemsize());
  return setStorage(self, std::move(source), 0, {count}, {1});
}

at::Tensor &setTensor(at::Tensor &self, const at::Tensor &source) {
  if (self.unsafeGetTensorImpl() == source.unsafeGetTensorImpl())
    return self;
  return setStorage(self, source.storage(), source.storage_offset(), source.sizes(),
                    source.strides());
}

at::Tensor &setEmpty(at::Tensor &self) {
  OnDevice on(self.device());
  at::Storage storage(at::Storage::use_byte_size_t(), 0, &deviceAllocator(), true);
  return setStorage(self, std::move(storage), 0, {0}, {});
}

/// `plain` with the conjugate and negative bits of `like`: a view over raw
/// storage means what `like` means (reads see, writes store, the same).
at::Tensor withViewBits(at::Tensor plain, const at::Tensor &like) {
  if (like.is_conj())
    plain = plain.conj();
  if (like.is_neg())
    plain = at::_neg_view(plain);
  return plain;
}

/// [first, last] element offsets (from the storage start) a view touches.
std::pair<int64_t, int64_t> elementSpan(const at::Tensor &t) {
  int64_t last = t.storage_offset();
  for (int64_t d = 0; d < t.dim(); ++d)
    last += (t.size(d) - 1) * t.stride(d);
  return {t.storage_offset(), last};
}

/// A host copy of the storage span a device view touches, and the view of it.
std::pair<at::Tensor, at::Tensor> hostSpan(const at::Tensor &device) {
  const auto [first, last] = elementSpan(device);
  const int64_t item = device.dtype().itemsize();
  at::Tensor span = at::empty({last - first + 1}, device.options().device(at::kCPU));
  const uint64_t base = reinterpret_cast<uint64_t>(device.storage().data()) + first * item;
  check(bridge().copy_from_device(indexOf(device), span.data_ptr(), base,
                                  (last - first + 1) * item),
        "copying to the host", indexOf(device));
  at::Tensor view = withViewBits(span.as_strided(device.sizes(), device.strides(), 0), device);
  return {span, view};
}

at::Tensor toHost(const at::Tensor &device) { return hostSpan(device).second; }

bool denseSameLayout(const at::Tensor &a, const at::Tensor &b) {
  return a.dtype() == b.dtype() && a.sizes() == b.sizes() && a.strides() == b.strides() &&
         a.is_non_overlapping_and_dense() && !a.is_conj() && !b.is_conj() && !a.is_neg() &&
         !b.is_neg();
}

/// Writes host values (any dtype, layout or broadcastable shape) into a
/// device tensor.
void copyHostInto(const at::Tensor &dst, const at::Tensor &src) {
  const int64_t item = dst.dtype().itemsize();
  if (dst.is_non_overlapping_and_dense()) {
    at::Tensor staged = at::empty_strided(dst.sizes(), dst.strides(),
                                          dst.options().device(at::kCPU));
    withViewBits(staged, dst).copy_(src);
    check(bridge().copy_to_device(indexOf(dst), addressOf(dst), staged.data_ptr(),
                                  dst.numel() * item),
          "copying to the device", indexOf(dst));
    return;
  }
  // Gaps or overlaps: rewrite the whole span the view touches.
  auto [span, view] = hostSpan(dst);
  view.copy_(src);
  const uint64_t base = reinterpret_cast<uint64_t>(dst.storage().data()) +
                        elementSpan(dst).first * item;
  check(bridge().copy_to_device(indexOf(dst), base, span.data_ptr(), span.numel() * item),
        "copying to the device", indexOf(dst));
}

at::Tensor copyFrom(const at::Tensor &self, const at::Tensor &dst, bool) {
  if (dst.numel() == 0)
    return dst;
  const bool fromDevice = self.device().type() == kDeviceType;
  const bool toDevice = dst.device().type() == kDeviceType;
  if (fromDevice && toDevice) {
    const c10::DeviceIndex device = indexOf(dst);
    if (indexOf(self) == device && denseSameLayout(self, dst)) {
      check(bridge().copy_within_device(device, addressOf(dst), addressOf(self),
                                        dst.numel() * dst.dtype().itemsize()),
            "copying within the device", device);
      return dst;
    }
    // Two devices share no memory: through the host (the read waits for the
    // source's work; the write is ordered on the destination's queue).
    copyHostInto(dst, toHost(self));
    return dst;
  }
  if (fromDevice) {
    TORCH_CHECK(dst.device().is_cpu(), "copy from ", self.device(), " to ", dst.device(),
                " is not supported: copy through the CPU");
    dst.copy_(toHost(self));
    return dst;
  }
  TORCH_CHECK(self.device().is_cpu(), "copy from ", self.device(), " to ", dst.device(),
              " is not supported: copy through the CPU");
  copyHostInto(dst, self);
  return dst;
}

at::Tensor copyFromAndResize(const at::Tensor &self, const at::Tensor &dst) {
  resizeTensor(dst, self.sizes(), std::nullopt);
  return copyFrom(self, dst, false);
}

at::Scalar localScalarDense(const at::Tensor &self) {
  at::Tensor host = at::empty({}, self.options().device(at::kCPU));
  check(bridge().copy_from_device(indexOf(self), host.data_ptr(), addressOf(self),
                                  self.dtype().itemsize()),
        "reading a scalar", indexOf(self));
  return host.item();
}

/// fill_ by vkCmdFillBuffer where the value's bytes repeat every 4 bytes and
/// the range is 4-byte aligned; through the host otherwise.
at::Tensor &fillScalar(at::Tensor &self, const at::Scalar &value) {
  if (self.numel() == 0)
    return self;
  const int64_t item = self.dtype().itemsize();
  at::Tensor one = at::full({}, value, self.options().device(at::kCPU));
  const uint64_t bytes = self.numel() * item;
  const uint64_t address = addressOf(self);
  if (self.is_non_overlapping_and_dense() && item <= 8 && address % 4 == 0 && bytes % 4 == 0) {
    uint8_t raw[8] = {};
    std::memcpy(raw, one.data_ptr(), item);
    uint8_t word[8];
    for (int i = 0; i < 8; ++i)
      word[i] = raw[i % item];
    uint32_t low, high;
    std::memcpy(&low, word, 4);
    std::memcpy(&high, word + 4, 4);
    if (low == high) {
      check(bridge().fill(indexOf(self), address, bytes, low), "filling", indexOf(self));
      return self;
    }
  }
  copyHostInto(self, one);
  return self;
}

at::Tensor &zero(at::Tensor &self) { return fillScalar(self, 0); }

// --- the CPU fallback ------------------------------------------------------

bool fallbackIsError() {
  const char *value = std::getenv("TRITON_SPIRV_TORCH_FALLBACK");
  return value && std::strcmp(value, "error") == 0;
}

/// CUDA's rule: a kernel's tensors share one device, except 0-dim CPU
/// tensors (scalars).
void checkSameDevice(const c10::OperatorHandle &op, const torch::jit::Stack &stack,
                     size_t arguments) {
  std::optional<c10::Device> first, other;
  auto visit = [&](const at::Tensor &t) {
    if (!t.defined() || other || (t.device().is_cpu() && t.dim() == 0))
      return;
    if (!first)
      first = t.device();
    else if (t.device() != *first)
      other = t.device();
  };
  for (size_t i = stack.size() - arguments; i < stack.size(); ++i) {
    const c10::IValue &value = stack[i];
    if (value.isTensor())
      visit(value.toTensor());
    else if (value.isTensorList())
      for (const at::Tensor &t : value.toTensorVector())
        visit(t);
  }
  if (!other)
    return;
  // As CUDA words it: the device first, the CPU second.
  const c10::Device a = first->is_cpu() ? *other : *first, b = first->is_cpu() ? *first : *other;
  TORCH_CHECK(false, "Expected all tensors to be on the same device, but found at least two "
              "devices, ", a, " and ", b, "! (when checking arguments for ",
              op.schema().operator_name(), ")");
}

} // namespace

void noteCpuFallback(const std::string &op) {
  TORCH_CHECK(!fallbackIsError(), "triton-spirv: ", op, " has no ", deviceTypeName(),
              " kernel (TRITON_SPIRV_TORCH_FALLBACK=error refuses the CPU fallback)");
  static std::mutex mutex;
  static std::unordered_set<std::string> warned;
  std::lock_guard<std::mutex> lock(mutex);
  if (warned.insert(op).second)
    TORCH_WARN("triton-spirv: ", op, " has no ", deviceTypeName(),
               " kernel; it runs on the CPU, copying its tensors there and back "
               "(warned once per operator; TRITON_SPIRV_TORCH_FALLBACK=error makes it an error; "
               "FlagGems runs most operators on the device: triton_spirv.flaggems.install(), "
               "then flag_gems.enable(), docs/flaggems.md)");
}

namespace {

void cpuFallback(const c10::OperatorHandle &op, torch::jit::Stack *stack) {
  checkSameDevice(op, *stack, op.schema().arguments().size());
  noteCpuFallback(c10::toString(op.schema().operator_name()));
  at::native::cpu_fallback(op, stack);
}

// Convolutions reach a device outside ATen's list through these two
// operators, whose default kernels raise instead of falling back. Results are
// contiguous: what torch's fake tensors (hence Inductor) expect of this
// backend (ConvBackend::Overrideable).
at::Tensor convolutionOverrideable(const at::Tensor &input, const at::Tensor &weight,
                                   const std::optional<at::Tensor> &bias,
                                   c10::IntArrayRef stride, c10::IntArrayRef padding,
                                   c10::IntArrayRef dilation, bool transposed,
                                   c10::IntArrayRef outputPadding, int64_t groups) {
  noteCpuFallback("aten::convolution_overrideable");
  return at::convolution(input.cpu(), weight.cpu(), onHost(bias), stride, padding, dilation,
                         transposed, outputPadding, groups)
      .contiguous()
      .to(input.device());
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> convolutionBackwardOverrideable(
    const at::Tensor &gradOutput, const at::Tensor &input, const at::Tensor &weight,
    c10::IntArrayRef stride, c10::IntArrayRef padding, c10::IntArrayRef dilation,
    bool transposed, c10::IntArrayRef outputPadding, int64_t groups,
    std::array<bool, 3> outputMask) {
  noteCpuFallback("aten::convolution_backward_overrideable");
  const int64_t channels = weight.size(transposed ? 1 : 0) * (transposed ? groups : 1);
  std::vector<int64_t> biasSizes{channels};
  auto [gradInput, gradWeight, gradBias] = at::convolution_backward(
      gradOutput.cpu(), input.cpu(), weight.cpu(),
      outputMask[2] ? std::optional<c10::IntArrayRef>(biasSizes) : std::nullopt, stride,
      padding, dilation, transposed, outputPadding, groups, outputMask);
  const at::Device device = input.device();
  if (gradInput.defined())
    gradInput = gradInput.contiguous();
  if (gradWeight.defined())
    gradWeight = gradWeight.contiguous();
  return {onDevice(gradInput, device), onDevice(gradWeight, device),
          onDevice(gradBias, device)};
}

/// A float tensor on the host in at least fp32 (fp16/bf16 widened), as GPU
/// kernels accumulate; undefined stays undefined.
at::Tensor hostWide(const at::Tensor &t) {
  if (!t.defined())
    return t;
  at::Tensor host = t.cpu();
  return at::isReducedFloatingType(host.scalar_type()) ? host.to(at::kFloat) : host;
}

std::optional<at::Tensor> hostWide(const std::optional<at::Tensor> &t) {
  if (!t || !t->defined())
    return t;
  return hostWide(*t);
}

at::Tensor backTo(const at::Tensor &t, const at::Tensor &like) {
  return t.defined() ? t.to(like.options()) : t;
}

// Layer norm as GPUs compute it: fp32 accumulation, fp32 mean and rstd for
// fp16/bf16 inputs (torch's CPU kernels accumulate fp16 in fp16, 8 fp16 steps
// off on tutorial 05's gradients).
std::tuple<at::Tensor, at::Tensor, at::Tensor>
nativeLayerNorm(const at::Tensor &input, c10::IntArrayRef normalizedShape,
                const std::optional<at::Tensor> &weight, const std::optional<at::Tensor> &bias,
                double eps) {
  noteCpuFallback("aten::native_layer_norm");
  auto [out, mean, rstd] =
      at::native_layer_norm(hostWide(input), normalizedShape, hostWide(weight), hostWide(bias), eps);
  const at::Device device = input.device();
  return {backTo(out, input), mean.to(device), rstd.to(device)};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> nativeLayerNormBackward(
    const at::Tensor &gradOut, const at::Tensor &input, c10::IntArrayRef normalizedShape,
    const at::Tensor &mean, const at::Tensor &rstd, const std::optional<at::Tensor> &weight,
    const std::optional<at::Tensor> &bias, std::array<bool, 3> outputMask) {
  noteCpuFallback("aten::native_layer_norm_backward");
  auto [gradInput, gradWeight, gradBias] = at::native_layer_norm_backward(
      hostWide(gradOut), hostWide(input), normalizedShape, hostWide(mean), hostWide(rstd),
      hostWide(weight), hostWide(bias), outputMask);
  return {backTo(gradInput, input),
          weight && weight->defined() ? backTo(gradWeight, *weight) : onDevice(gradWeight, input.device()),
          bias && bias->defined() ? backTo(gradBias, *bias) : onDevice(gradBias, input.device())};
}

} // namespace

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("empty.memory_format", emptyMemoryFormat);
  m.impl("empty_strided", emptyStrided);
  m.impl("as_strided", TORCH_FN(at::native::as_strided_tensorimpl));
  m.impl("view", TORCH_FN(at::native::view));
  m.impl("_reshape_alias", TORCH_FN(at::native::_reshape_alias));
  m.impl("unfold", TORCH_FN(at::native::unfold));
  m.impl("resize_", resizeTensor);
  m.impl("set_.source_Storage_storage_offset", setStorage);
  m.impl("set_.source_Storage", setStorageWhole);
  m.impl("set_.source_Tensor", setTensor);
  m.impl("set_", setEmpty);
  m.impl("_copy_from", copyFrom);
  m.impl("_copy_from_and_resize", copyFromAndResize);
  m.impl("_local_scalar_dense", localScalarDense);
  m.impl("fill_.Scalar", fillScalar);
  m.impl("zero_", zero);
  m.impl("convolution_overrideable", convolutionOverrideable);
  m.impl("convolution_backward_overrideable", convolutionBackwardOverrideable);
  m.impl("native_layer_norm", nativeLayerNorm);
  m.impl("native_layer_norm_backward", nativeLayerNormBackward);
}

// A conjugate or negative view reaches _copy_from as it is (copyFrom honours
// the bits): torch's math fallback for those keys would materialize it with
// clone, which copies through _copy_from again, without end.
TORCH_LIBRARY_IMPL(aten, Conjugate, m) {
  m.impl("_copy_from", torch::CppFunction::makeFallthrough());
  m.impl("_copy_from_and_resize", torch::CppFunction::makeFallthrough());
}

TORCH_LIBRARY_IMPL(aten, Negative, m) {
  m.impl("_copy_from", torch::CppFunction::makeFallthrough());
  m.impl("_copy_from_and_resize", torch::CppFunction::makeFallthrough());
}

TORCH_LIBRARY_IMPL(_, PrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFromBoxedFunction<&cpuFallback>());
}

} // namespace triton_spirv_torch

// Automatic mixed precision (torch.autocast("spirv")) for the device: the same
// casting policy torch applies on CUDA, from the op lists torch's own header
// keeps, so each torch version gets its own lists. Ops in no list run as they
// are (a fallthrough), as on every other backend.
#include <ATen/autocast_mode.h>
#include <torch/library.h>

namespace triton_spirv_torch {
namespace {

using namespace at::autocast;
// The op lists' signatures name ATen's types unqualified (Tensor, Scalar, IntArrayRef, and
// DimnameList in torch 2.11's lists): torch expands them inside namespace at.
using namespace at;

// binary_cross_entropy on reduced-precision inputs is unsafe: CUDA refuses it
// under autocast with the same advice.
at::Tensor refuseBinaryCrossEntropy(const at::Tensor &, const at::Tensor &,
                                    const std::optional<at::Tensor> &, int64_t) {
  TORCH_CHECK(false,
              "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe "
              "to autocast on the spirv device (as on CUDA): use "
              "binary_cross_entropy_with_logits or BCEWithLogitsLoss, which combine the "
              "sigmoid with the loss and are safe to autocast.");
}

TORCH_LIBRARY_IMPL(_, AutocastPrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFallthrough());
}

TORCH_LIBRARY_IMPL(aten, AutocastPrivateUse1, m) {
#define TRITON_SPIRV_LOWER_PRECISION(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, lower_precision_fp)
  AT_FORALL_LOWER_PRECISION_FP(TRITON_SPIRV_LOWER_PRECISION)
#undef TRITON_SPIRV_LOWER_PRECISION

#define TRITON_SPIRV_FP32(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, fp32)
  AT_FORALL_FP32(TRITON_SPIRV_FP32)
#undef TRITON_SPIRV_FP32

#define TRITON_SPIRV_FP32_SET_OPT_DTYPE(...) \
  KERNEL_PRIVATEUSEONE(__VA_ARGS__, fp32_set_opt_dtype)
  AT_FORALL_FP32_SET_OPT_DTYPE(TRITON_SPIRV_FP32_SET_OPT_DTYPE)
#undef TRITON_SPIRV_FP32_SET_OPT_DTYPE

  // The list names its redispatch functions through ADD_NS, which some torch versions' header
  // defines and others leave to the file that expands it.
#ifndef ADD_NS
#define ADD_NS(op) at::op
#define TRITON_SPIRV_DEFINED_ADD_NS
#endif
  AT_FORALL_DIFFERENT_REDISPATCH_SIGNATURE(KERNEL_DIFFERENT_REDISPATCH_SIGNATURE_PRIVATEUSEONE)
#ifdef TRITON_SPIRV_DEFINED_ADD_NS
#undef ADD_NS
#undef TRITON_SPIRV_DEFINED_ADD_NS
#endif

#define TRITON_SPIRV_PROMOTE(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, promote)
  AT_FORALL_PROMOTE(TRITON_SPIRV_PROMOTE)
#undef TRITON_SPIRV_PROMOTE

  m.impl(TORCH_SELECTIVE_NAME("aten::binary_cross_entropy"),
         TORCH_FN(refuseBinaryCrossEntropy));
}

} // namespace
} // namespace triton_spirv_torch

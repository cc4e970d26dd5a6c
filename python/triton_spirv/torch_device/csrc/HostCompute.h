// Moving an operator's tensors to the host and its results back, for the
// operators the device computes on the CPU. Undefined tensors stay undefined.
#pragma once

#include <ATen/ATen.h>

#include <optional>

namespace triton_spirv_torch {

inline at::Tensor onHost(const at::Tensor &t) { return t.defined() ? t.cpu() : t; }

inline std::optional<at::Tensor> onHost(const std::optional<at::Tensor> &t) {
  if (!t || !t->defined())
    return t;
  return t->cpu();
}

inline at::Tensor onDevice(const at::Tensor &t, const at::Device &device) {
  return t.defined() ? t.to(device) : t;
}

} // namespace triton_spirv_torch

// The fused LSTM and GRU cells torch's recurrent layers call on every device
// but the CPU (CUDA has kernels for them; the CPU has none, so the generic
// fallback cannot serve them). Computed on the host in the cells' own terms,
// with the workspace layout their backward reads.
#include "Bridge.h"
#include "HostCompute.h"

#include <ATen/ATen.h>
#include <torch/library.h>

namespace triton_spirv_torch {
namespace {

at::Tensor hostOr(const std::optional<at::Tensor> &t) {
  return onHost(t).value_or(at::Tensor());
}

at::Tensor withBias(at::Tensor gates, const at::Tensor &bias) {
  return bias.defined() ? gates + bias : gates;
}

// gates = [input, forget, cell, output]; workspace = the activated gates.
std::tuple<at::Tensor, at::Tensor, at::Tensor>
fusedLstmCell(const at::Tensor &inputGates, const at::Tensor &hiddenGates, const at::Tensor &cx,
              const std::optional<at::Tensor> &inputBias,
              const std::optional<at::Tensor> &hiddenBias) {
  noteCpuFallback("aten::_thnn_fused_lstm_cell");
  at::Tensor gates = withBias(
      withBias(onHost(inputGates) + onHost(hiddenGates), hostOr(inputBias)), hostOr(hiddenBias));
  auto chunks = gates.chunk(4, 1);
  at::Tensor i = chunks[0].sigmoid(), f = chunks[1].sigmoid(), g = chunks[2].tanh(),
             o = chunks[3].sigmoid();
  at::Tensor cy = f * onHost(cx) + i * g;
  at::Tensor hy = o * cy.tanh();
  at::Tensor workspace = at::cat({i, f, g, o}, 1);
  const at::Device device = inputGates.device();
  return {onDevice(hy, device), onDevice(cy, device), onDevice(workspace, device)};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
fusedLstmCellBackward(const std::optional<at::Tensor> &gradHy,
                      const std::optional<at::Tensor> &gradCy, const at::Tensor &cx,
                      const at::Tensor &cy, const at::Tensor &workspace, bool hasBias) {
  noteCpuFallback("aten::_thnn_fused_lstm_cell_backward_impl");
  auto chunks = onHost(workspace).chunk(4, 1);
  const at::Tensor &i = chunks[0], &f = chunks[1], &g = chunks[2], &o = chunks[3];
  at::Tensor hostCx = onHost(cx), tanhCy = onHost(cy).tanh();
  at::Tensor gh = hostOr(gradHy), gc = hostOr(gradCy);
  if (!gh.defined())
    gh = at::zeros_like(tanhCy);
  at::Tensor gradCell = gh * o * (1 - tanhCy * tanhCy);
  if (gc.defined())
    gradCell = gradCell + gc;
  at::Tensor gradGates = at::cat({gradCell * g * i * (1 - i), gradCell * hostCx * f * (1 - f),
                                  gradCell * i * (1 - g * g), gh * tanhCy * o * (1 - o)},
                                 1);
  at::Tensor gradCx = gradCell * f;
  at::Tensor gradBias = hasBias ? gradGates.sum(0) : at::Tensor();
  const at::Device device = workspace.device();
  return {onDevice(gradGates, device), onDevice(gradCx, device), onDevice(gradBias, device)};
}

// gates = [reset, update, new]; workspace = [r, z, n, hx, hidden new gate].
std::tuple<at::Tensor, at::Tensor>
fusedGruCell(const at::Tensor &inputGates, const at::Tensor &hiddenGates, const at::Tensor &hx,
             const std::optional<at::Tensor> &inputBias,
             const std::optional<at::Tensor> &hiddenBias) {
  noteCpuFallback("aten::_thnn_fused_gru_cell");
  auto in = withBias(onHost(inputGates), hostOr(inputBias)).chunk(3, 1);
  auto hid = withBias(onHost(hiddenGates), hostOr(hiddenBias)).chunk(3, 1);
  at::Tensor hostHx = onHost(hx);
  at::Tensor r = (in[0] + hid[0]).sigmoid(), z = (in[1] + hid[1]).sigmoid();
  at::Tensor n = (in[2] + r * hid[2]).tanh();
  at::Tensor hy = n + z * (hostHx - n);
  at::Tensor workspace = at::cat({r, z, n, hostHx, hid[2]}, 1);
  const at::Device device = inputGates.device();
  return {onDevice(hy, device), onDevice(workspace, device)};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
fusedGruCellBackward(const at::Tensor &gradHy, const at::Tensor &workspace, bool hasBias) {
  noteCpuFallback("aten::_thnn_fused_gru_cell_backward");
  auto chunks = onHost(workspace).chunk(5, 1);
  const at::Tensor &r = chunks[0], &z = chunks[1], &n = chunks[2], &hx = chunks[3],
                   &hn = chunks[4];
  at::Tensor gh = onHost(gradHy);
  at::Tensor gradUpdate = gh * (hx - n) * z * (1 - z);
  at::Tensor gradNew = gh * (1 - z) * (1 - n * n);
  at::Tensor gradReset = gradNew * hn * r * (1 - r);
  at::Tensor gradInputGates = at::cat({gradReset, gradUpdate, gradNew}, 1);
  at::Tensor gradHiddenGates = at::cat({gradReset, gradUpdate, gradNew * r}, 1);
  at::Tensor gradHx = gh * z;
  at::Tensor gradInputBias = hasBias ? gradInputGates.sum(0) : at::Tensor();
  at::Tensor gradHiddenBias = hasBias ? gradHiddenGates.sum(0) : at::Tensor();
  const at::Device device = workspace.device();
  return {onDevice(gradInputGates, device), onDevice(gradHiddenGates, device),
          onDevice(gradHx, device), onDevice(gradInputBias, device),
          onDevice(gradHiddenBias, device)};
}

} // namespace

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("_thnn_fused_lstm_cell", fusedLstmCell);
  m.impl("_thnn_fused_lstm_cell_backward_impl", fusedLstmCellBackward);
  m.impl("_thnn_fused_gru_cell", fusedGruCell);
  m.impl("_thnn_fused_gru_cell_backward", fusedGruCellBackward);
}

} // namespace triton_spirv_torch

// RUN: triton-spirv-opt %s --verify-diagnostics

tt.func @unknown_space() {
  // expected-error @+1 {{unknown address spaces 'shared'}}
  ttg.barrier shared
  tt.return
}

// RUN: not triton-spirv-opt %s --convert-func-to-spirv-kernel="num-threads=2048" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not triton-spirv-opt %s --convert-func-to-spirv-kernel="profile=nvidia num-threads=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: triton-spirv-opt %s --convert-func-to-spirv-kernel="num-threads=1024" | FileCheck %s --check-prefix=MAX
//
// num-threads must lie in [1, maxWorkgroupInvocations] of the profile.
//

// THREADS: error: num-threads 2048 is outside [1, 1024] for lavapipe
// ZERO: error: num-threads 0 is outside [1, 1024] for nvidia
// MAX: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1024, 1, 1]>
module {
  func.func public @k() attributes {triton_spirv.kernel} {
    return
  }
}

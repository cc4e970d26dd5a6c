//===- Device.cpp - Device selection, features, properties ----------------===//

#include "VulkanInternal.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace triton_spirv::runtime {
using namespace detail;

namespace {

std::string versionString(uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." +
         std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

std::string deviceTypeName(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return "integrated_gpu";
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return "discrete_gpu";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return "virtual_gpu";
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return "cpu";
  default:
    return "other";
  }
}

// Lower is better: discrete, integrated, virtual, CPU, other.
int typeRank(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 3;
  default:
    return 4;
  }
}

std::string componentTypeName(int32_t type) {
  static const std::pair<int32_t, const char *> names[] = {
      {0, "f16"},           {1, "f32"},           {2, "f64"},
      {3, "s8"},            {4, "s16"},           {5, "s32"},
      {6, "s64"},           {7, "u8"},            {8, "u16"},
      {9, "u32"},           {10, "u64"},          {1000141000, "bf16"},
      {1000491000, "s8_packed"}, {1000491001, "u8_packed"},
      {1000491002, "f8e4m3"}, {1000491003, "f8e5m2"}};
  for (const auto &[value, name] : names)
    if (value == type)
      return name;
  return "type" + std::to_string(type);
}

std::string scopeName(int32_t scope) {
  switch (scope) {
  case 1:
    return "device";
  case 2:
    return "workgroup";
  case 3:
    return "subgroup";
  case 5:
    return "queue_family";
  default:
    return "scope" + std::to_string(scope);
  }
}

std::string lower(std::string s) {
  for (char &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string envString(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

std::vector<std::string> deviceExtensions(const Instance &inst,
                                          VkPhysicalDevice phys) {
  uint32_t count = 0;
  check(inst.fn.vkEnumerateDeviceExtensionProperties(phys, nullptr, &count,
                                                     nullptr),
        "vkEnumerateDeviceExtensionProperties");
  std::vector<VkExtensionProperties> exts(count);
  check(inst.fn.vkEnumerateDeviceExtensionProperties(phys, nullptr, &count,
                                                     exts.data()),
        "vkEnumerateDeviceExtensionProperties");
  std::vector<std::string> names;
  for (const VkExtensionProperties &e : exts)
    names.push_back(e.extensionName);
  return names;
}

bool contains(const std::vector<std::string> &list, const char *name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

/// Every feature struct we query and enable, linked according to what the
/// device has (a struct of an absent extension must not be chained).
struct FeatureChain {
  VkPhysicalDeviceFeatures2 core{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features v11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceSubgroupSizeControlFeaturesEXT sizeControl{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT atomicFloat2{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT};
  VkPhysicalDeviceCooperativeMatrixFeaturesKHR coopMat{kSTypeCoopMatFeatures};
  VkPhysicalDeviceCooperativeMatrix2FeaturesNV coopMat2{kSTypeCoopMat2Features};
  VkPhysicalDeviceShaderBfloat16FeaturesKHR bfloat16{kSTypeBFloat16Features};
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executableInfo{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};

  FeatureChain() = default;
  FeatureChain(const FeatureChain &) = delete;
  void link(bool is13, bool sizeControlExt, bool hasAtomicFloat,
            bool hasAtomicFloat2, bool hasCoopMat,
            bool hasExecutableInfo = false, bool hasCoopMat2 = false,
            bool hasBFloat16 = false) {
    void **tail = &core.pNext;
    auto append = [&](auto &s) {
      *tail = &s;
      tail = &s.pNext;
    };
    append(v11);
    append(v12);
    if (is13)
      append(v13);
    else if (sizeControlExt)
      append(sizeControl);
    if (hasAtomicFloat)
      append(atomicFloat);
    if (hasAtomicFloat2)
      append(atomicFloat2);
    if (hasCoopMat)
      append(coopMat);
    if (hasCoopMat2)
      append(coopMat2);
    if (hasBFloat16)
      append(bfloat16);
    if (hasExecutableInfo)
      append(executableInfo);
    *tail = nullptr;
  }
};

/// What we learn about a physical device before deciding to use it.
struct Candidate {
  VkPhysicalDevice phys = VK_NULL_HANDLE;
  PhysicalDeviceSummary summary;
  VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
  uint32_t apiVersion = 0; // min(device, instance)
  std::vector<std::string> extensions;
  int queueFamily = -1;
  uint32_t timestampValidBits = 0;
};

Candidate probe(const Instance &inst, VkPhysicalDevice phys, uint32_t index) {
  Candidate c;
  c.phys = phys;
  VkPhysicalDeviceProperties props;
  inst.fn.vkGetPhysicalDeviceProperties(phys, &props);
  c.type = props.deviceType;
  c.apiVersion = std::min(props.apiVersion, inst.apiVersion);
  c.summary.index = index;
  c.summary.name = props.deviceName;
  c.summary.deviceType = deviceTypeName(props.deviceType);
  c.summary.apiVersion = versionString(props.apiVersion);
  c.summary.vendorId = props.vendorID;
  c.summary.deviceId = props.deviceID;
  if (props.apiVersion < VK_API_VERSION_1_2) {
    c.summary.unusableReason = "Vulkan " + c.summary.apiVersion + " < 1.2";
    return c;
  }
  c.extensions = deviceExtensions(inst, phys);
  FeatureChain features;
  features.link(false, false, false, false, false);
  inst.fn.vkGetPhysicalDeviceFeatures2(phys, &features.core);
  if (!features.v12.bufferDeviceAddress) {
    c.summary.unusableReason = "no bufferDeviceAddress";
    return c;
  }
  uint32_t count = 0;
  inst.fn.vkGetPhysicalDeviceQueueFamilyProperties(phys, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  inst.fn.vkGetPhysicalDeviceQueueFamilyProperties(phys, &count,
                                                   families.data());
  // A compute family with timestamps, a compute-only one first (its context
  // carries no graphics state to switch); TRITON_SPIRV_QUEUE_FAMILY picks one.
  auto rank = [&](uint32_t i) {
    const VkQueueFamilyProperties &f = families[i];
    if (!(f.queueFlags & VK_QUEUE_COMPUTE_BIT))
      return -1;
    return (f.timestampValidBits > 0 ? 2 : 0) +
           ((f.queueFlags & VK_QUEUE_GRAPHICS_BIT) ? 0 : 1);
  };
  int bestRank = -1;
  for (uint32_t i = 0; i < count; ++i) {
    if (rank(i) > bestRank) {
      bestRank = rank(i);
      c.queueFamily = static_cast<int>(i);
    }
  }
  if (const char *chosen = std::getenv("TRITON_SPIRV_QUEUE_FAMILY")) {
    char *end = nullptr;
    long i = std::strtol(chosen, &end, 10);
    if (!*chosen || *end || i < 0 || i >= long(count) || rank(uint32_t(i)) < 0) {
      c.summary.unusableReason = std::string("TRITON_SPIRV_QUEUE_FAMILY=") +
                                 chosen + " is not a compute queue family (the device has " +
                                 std::to_string(count) + ")";
      return c;
    }
    c.queueFamily = static_cast<int>(i);
  }
  if (c.queueFamily >= 0)
    c.timestampValidBits = families[c.queueFamily].timestampValidBits;
  if (c.queueFamily < 0) {
    c.summary.unusableReason = "no compute queue";
    return c;
  }
  c.summary.usable = true;
  return c;
}

std::vector<Candidate> probeAll(const Instance &inst) {
  std::vector<Candidate> out;
  std::vector<VkPhysicalDevice> devices = inst.physicalDevices();
  for (uint32_t i = 0; i < devices.size(); ++i)
    out.push_back(probe(inst, devices[i], i));
  return out;
}

const char *kNoDeviceHint =
    "no Vulkan device found: install a driver (Debian/Ubuntu: `apt-get install "
    "libvulkan1 mesa-vulkan-drivers` gives the CPU driver lavapipe; GPUs need "
    "the vendor's Vulkan driver), or point VK_DRIVER_FILES at an ICD json";

std::string describe(const std::vector<Candidate> &all) {
  std::string s;
  for (const Candidate &c : all)
    s += "\n  [" + std::to_string(c.summary.index) + "] " + c.summary.name +
         " (" + c.summary.deviceType + ", Vulkan " + c.summary.apiVersion +
         (c.summary.usable ? "" : ", unusable: " + c.summary.unusableReason) +
         ")";
  return s;
}

const Candidate &select(const std::vector<Candidate> &all,
                        const std::string &selector) {
  if (all.empty())
    fail(kNoDeviceHint);
  const Candidate *match = nullptr;
  bool numeric = std::all_of(selector.begin(), selector.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
  for (const Candidate &c : all) {
    bool hit = numeric ? std::to_string(c.summary.index) == selector
                       : lower(c.summary.name).find(lower(selector)) !=
                             std::string::npos;
    if (hit && (!match || (c.summary.usable && !match->summary.usable)))
      match = &c;
  }
  if (!match)
    fail("TRITON_SPIRV_DEVICE='" + selector +
         "' matches no Vulkan device; devices:" + describe(all));
  if (!match->summary.usable)
    fail("Vulkan device '" + match->summary.name +
         "' cannot run triton-spirv kernels: " +
         match->summary.unusableReason);
  return *match;
}

std::string trim(const std::string &s) {
  size_t begin = s.find_first_not_of(" \t"), end = s.find_last_not_of(" \t");
  return begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

/// The devices a selector names, in its order: a comma-separated list of
/// indices or name substrings; empty: every usable device of the preferred
/// type (discrete > integrated > virtual > cpu), in enumeration order.
std::vector<const Candidate *> selectAll(const std::vector<Candidate> &all,
                                         const std::string &selector) {
  if (all.empty())
    fail(kNoDeviceHint);
  std::vector<const Candidate *> chosen;
  if (!trim(selector).empty()) {
    size_t start = 0;
    while (true) {
      size_t comma = selector.find(',', start);
      std::string entry = trim(selector.substr(
          start, comma == std::string::npos ? std::string::npos : comma - start));
      if (entry.empty())
        fail("TRITON_SPIRV_DEVICE='" + selector + "' has an empty entry");
      const Candidate *c = &select(all, entry);
      if (std::find(chosen.begin(), chosen.end(), c) != chosen.end())
        fail("TRITON_SPIRV_DEVICE='" + selector + "' names Vulkan device [" +
             std::to_string(c->summary.index) + "] " + c->summary.name +
             " twice; devices:" + describe(all));
      chosen.push_back(c);
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
    return chosen;
  }
  int bestRank = 5;
  for (const Candidate &c : all)
    if (c.summary.usable)
      bestRank = std::min(bestRank, typeRank(c.type));
  for (const Candidate &c : all)
    if (c.summary.usable && typeRank(c.type) == bestRank)
      chosen.push_back(&c);
  if (chosen.empty())
    fail("no Vulkan device supports Vulkan 1.2 with bufferDeviceAddress and "
         "a compute queue; devices:" +
         describe(all));
  return chosen;
}

int validationFromEnv() {
  std::string v = lower(envString("TRITON_SPIRV_VALIDATION"));
  if (v.empty() || v == "0" || v == "false" || v == "off")
    return 0;
  return v == "sync" ? 2 : 1;
}

} // namespace

std::vector<uint32_t> Device::selectPhysicalDevices(const std::string &selector) {
  std::shared_ptr<Instance> inst = Instance::get(0);
  const std::vector<Candidate> all = probeAll(*inst); // outlives the pointers
  std::vector<uint32_t> out;
  for (const Candidate *c : selectAll(
           all, selector.empty() ? envString("TRITON_SPIRV_DEVICE") : selector))
    out.push_back(c->summary.index);
  return out;
}

std::vector<PhysicalDeviceSummary> Device::listPhysicalDevices() {
  std::shared_ptr<Instance> inst = Instance::get(0);
  std::vector<PhysicalDeviceSummary> out;
  for (const Candidate &c : probeAll(*inst))
    out.push_back(c.summary);
  return out;
}

Device::Device() : s_(std::make_unique<DeviceState>()) {}

std::shared_ptr<Device> Device::create(const DeviceOptions &options) {
  std::shared_ptr<Device> self(new Device());
  DeviceState &s = *self->s_;
  s.instance = Instance::get(options.validation >= 0 ? options.validation
                                                     : validationFromEnv());
  const Instance &inst = *s.instance;
  std::vector<Candidate> all = probeAll(inst);
  // A list names the process's devices; one device is its first.
  const Candidate &chosen = *selectAll(
      all, options.selector.empty() ? envString("TRITON_SPIRV_DEVICE")
                                    : options.selector)[0];
  s.physical = chosen.phys;
  s.queueFamily = static_cast<uint32_t>(chosen.queueFamily);
  const bool is13 = chosen.apiVersion >= VK_API_VERSION_1_3;
  auto has = [&](const char *ext) { return contains(chosen.extensions, ext); };

  // --- extensions ---------------------------------------------------------
  std::vector<const char *> exts;
  auto enableIfPresent = [&](const char *ext) {
    if (has(ext)) {
      exts.push_back(ext);
      return true;
    }
    return false;
  };
  const bool hostImport =
      enableIfPresent(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
  const bool atomicFloat =
      enableIfPresent(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
  const bool atomicFloat2 =
      atomicFloat && enableIfPresent(VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME);
  const bool coopMat = enableIfPresent(kCooperativeMatrixExt);
  const bool coopMat2 = coopMat && enableIfPresent(kCooperativeMatrix2Ext);
  const bool bfloat16 = enableIfPresent(kShaderBFloat16Ext);
  // CUDA interop (CudaInterop.cpp): memory and semaphores shared by fd.
  const bool externalFd =
      enableIfPresent(VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME) &&
      enableIfPresent(VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME);
  const bool executableInfo =
      enableIfPresent(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  bool sizeControlExt = false;
  if (!is13) { // core in 1.3
    sizeControlExt = enableIfPresent(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
    enableIfPresent(VK_KHR_SHADER_NON_SEMANTIC_INFO_EXTENSION_NAME);
  }
  enableIfPresent("VK_KHR_portability_subset"); // required wherever present
  const bool smBuiltins = has(VK_NV_SHADER_SM_BUILTINS_EXTENSION_NAME);
  const bool amdCores = has(VK_AMD_SHADER_CORE_PROPERTIES_EXTENSION_NAME);

  // --- features: enable the supported ones among those kernels may need ----
  FeatureChain supported, enabled;
  supported.link(is13, sizeControlExt, atomicFloat, atomicFloat2, coopMat,
                 executableInfo, coopMat2, bfloat16);
  enabled.link(is13, sizeControlExt, atomicFloat, atomicFloat2, coopMat,
               executableInfo, coopMat2, bfloat16);
  inst.fn.vkGetPhysicalDeviceFeatures2(s.physical, &supported.core);
  std::map<std::string, bool> &features = s.props.features;
#define ENABLE(name, field)                                                    \
  enabled.field = supported.field;                                             \
  features[name] = supported.field == VK_TRUE;
  ENABLE("shader_int64", core.features.shaderInt64)
  ENABLE("shader_float64", core.features.shaderFloat64)
  ENABLE("shader_int16", core.features.shaderInt16)
  ENABLE("storage_buffer_16bit_access", v11.storageBuffer16BitAccess)
  ENABLE("uniform_and_storage_buffer_16bit_access",
         v11.uniformAndStorageBuffer16BitAccess)
  ENABLE("storage_push_constant16", v11.storagePushConstant16)
  ENABLE("variable_pointers_storage_buffer", v11.variablePointersStorageBuffer)
  ENABLE("variable_pointers", v11.variablePointers)
  ENABLE("buffer_device_address", v12.bufferDeviceAddress)
  ENABLE("scalar_block_layout", v12.scalarBlockLayout)
  ENABLE("vulkan_memory_model", v12.vulkanMemoryModel)
  ENABLE("vulkan_memory_model_device_scope", v12.vulkanMemoryModelDeviceScope)
  ENABLE("vulkan_memory_model_availability_visibility_chains",
         v12.vulkanMemoryModelAvailabilityVisibilityChains)
  ENABLE("shader_float16", v12.shaderFloat16)
  ENABLE("shader_int8", v12.shaderInt8)
  ENABLE("storage_buffer_8bit_access", v12.storageBuffer8BitAccess)
  ENABLE("uniform_and_storage_buffer_8bit_access",
         v12.uniformAndStorageBuffer8BitAccess)
  ENABLE("storage_push_constant8", v12.storagePushConstant8)
  ENABLE("shader_buffer_int64_atomics", v12.shaderBufferInt64Atomics)
  ENABLE("shader_shared_int64_atomics", v12.shaderSharedInt64Atomics)
  ENABLE("subgroup_broadcast_dynamic_id", v12.subgroupBroadcastDynamicId)
  ENABLE("shader_subgroup_extended_types", v12.shaderSubgroupExtendedTypes)
  ENABLE("uniform_buffer_standard_layout", v12.uniformBufferStandardLayout)
  ENABLE("host_query_reset", v12.hostQueryReset)
  ENABLE("timeline_semaphore", v12.timelineSemaphore)
  if (is13) {
    ENABLE("subgroup_size_control", v13.subgroupSizeControl)
    ENABLE("compute_full_subgroups", v13.computeFullSubgroups)
    ENABLE("maintenance4", v13.maintenance4)
    ENABLE("shader_integer_dot_product", v13.shaderIntegerDotProduct)
    ENABLE("shader_zero_initialize_workgroup_memory",
           v13.shaderZeroInitializeWorkgroupMemory)
  } else {
    ENABLE("subgroup_size_control", sizeControl.subgroupSizeControl)
    ENABLE("compute_full_subgroups", sizeControl.computeFullSubgroups)
  }
  ENABLE("shader_buffer_float32_atomics", atomicFloat.shaderBufferFloat32Atomics)
  ENABLE("shader_buffer_float32_atomic_add",
         atomicFloat.shaderBufferFloat32AtomicAdd)
  ENABLE("shader_buffer_float64_atomics", atomicFloat.shaderBufferFloat64Atomics)
  ENABLE("shader_buffer_float64_atomic_add",
         atomicFloat.shaderBufferFloat64AtomicAdd)
  ENABLE("shader_shared_float32_atomics", atomicFloat.shaderSharedFloat32Atomics)
  ENABLE("shader_shared_float32_atomic_add",
         atomicFloat.shaderSharedFloat32AtomicAdd)
  ENABLE("shader_shared_float64_atomics", atomicFloat.shaderSharedFloat64Atomics)
  ENABLE("shader_shared_float64_atomic_add",
         atomicFloat.shaderSharedFloat64AtomicAdd)
  ENABLE("shader_buffer_float16_atomics", atomicFloat2.shaderBufferFloat16Atomics)
  ENABLE("shader_buffer_float16_atomic_add",
         atomicFloat2.shaderBufferFloat16AtomicAdd)
  ENABLE("shader_buffer_float16_atomic_min_max",
         atomicFloat2.shaderBufferFloat16AtomicMinMax)
  ENABLE("shader_buffer_float32_atomic_min_max",
         atomicFloat2.shaderBufferFloat32AtomicMinMax)
  ENABLE("shader_buffer_float64_atomic_min_max",
         atomicFloat2.shaderBufferFloat64AtomicMinMax)
  ENABLE("shader_shared_float16_atomics", atomicFloat2.shaderSharedFloat16Atomics)
  ENABLE("shader_shared_float16_atomic_add",
         atomicFloat2.shaderSharedFloat16AtomicAdd)
  ENABLE("shader_shared_float16_atomic_min_max",
         atomicFloat2.shaderSharedFloat16AtomicMinMax)
  ENABLE("shader_shared_float32_atomic_min_max",
         atomicFloat2.shaderSharedFloat32AtomicMinMax)
  ENABLE("shader_shared_float64_atomic_min_max",
         atomicFloat2.shaderSharedFloat64AtomicMinMax)
  ENABLE("cooperative_matrix", coopMat.cooperativeMatrix)
  ENABLE("cooperative_matrix_workgroup_scope", coopMat2.cooperativeMatrixWorkgroupScope)
  ENABLE("cooperative_matrix_flexible_dimensions",
         coopMat2.cooperativeMatrixFlexibleDimensions)
  ENABLE("cooperative_matrix_reductions", coopMat2.cooperativeMatrixReductions)
  ENABLE("cooperative_matrix_conversions", coopMat2.cooperativeMatrixConversions)
  ENABLE("cooperative_matrix_per_element_operations",
         coopMat2.cooperativeMatrixPerElementOperations)
  ENABLE("cooperative_matrix_tensor_addressing", coopMat2.cooperativeMatrixTensorAddressing)
  ENABLE("cooperative_matrix_block_loads", coopMat2.cooperativeMatrixBlockLoads)
  ENABLE("shader_bfloat16_type", bfloat16.shaderBFloat16Type)
  ENABLE("shader_bfloat16_dot_product", bfloat16.shaderBFloat16DotProduct)
  ENABLE("shader_bfloat16_cooperative_matrix",
         bfloat16.shaderBFloat16CooperativeMatrix)
  ENABLE("pipeline_executable_info", executableInfo.pipelineExecutableInfo)
#undef ENABLE
  s.subgroupSizeControl = features["subgroup_size_control"];

  // --- device, queue, pool, pipeline cache --------------------------------
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = s.queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &enabled.core;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = static_cast<uint32_t>(exts.size());
  info.ppEnabledExtensionNames = exts.data();
  check(inst.fn.vkCreateDevice(s.physical, &info, nullptr, &s.device),
        "vkCreateDevice");
  for (const char *e : exts)
    s.props.enabledExtensions.push_back(e);

  auto load = [&](const char *name) {
    return inst.fn.vkGetDeviceProcAddr(s.device, name);
  };
#define TSPIRV_LOAD_REQUIRED(name)                                             \
  s.fn.name = reinterpret_cast<PFN_##name>(load(#name));                       \
  if (!s.fn.name)                                                              \
    fail("the Vulkan driver does not provide " #name);
#define TSPIRV_LOAD_OPTIONAL(name)                                             \
  s.fn.name = reinterpret_cast<PFN_##name>(load(#name));
  TSPIRV_DEVICE_FNS(TSPIRV_LOAD_REQUIRED)
  TSPIRV_OPTIONAL_DEVICE_FNS(TSPIRV_LOAD_OPTIONAL)
  s.pipelineExecutableInfo = features["pipeline_executable_info"] &&
                             s.fn.vkGetPipelineExecutablePropertiesKHR &&
                             s.fn.vkGetPipelineExecutableStatisticsKHR;
#undef TSPIRV_LOAD_REQUIRED
#undef TSPIRV_LOAD_OPTIONAL

  s.fn.vkGetDeviceQueue(s.device, s.queueFamily, 0, &s.queue);
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = s.queueFamily;
  check(s.fn.vkCreateCommandPool(s.device, &poolInfo, nullptr, &s.pool),
        "vkCreateCommandPool");
  VkPipelineCacheCreateInfo cacheInfo{
      VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  check(s.fn.vkCreatePipelineCache(s.device, &cacheInfo, nullptr,
                                   &s.pipelineCache),
        "vkCreatePipelineCache");
  inst.fn.vkGetPhysicalDeviceMemoryProperties(s.physical, &s.memory);

  // --- properties ---------------------------------------------------------
  VkPhysicalDeviceProperties2 props2{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  VkPhysicalDeviceVulkan11Properties p11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
  VkPhysicalDeviceVulkan12Properties p12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
  VkPhysicalDeviceSubgroupSizeControlPropertiesEXT pSize{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT};
  VkPhysicalDeviceExternalMemoryHostPropertiesEXT pHost{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
  VkPhysicalDeviceShaderSMBuiltinsPropertiesNV pSm{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV};
  VkPhysicalDeviceShaderCorePropertiesAMD pAmd{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CORE_PROPERTIES_AMD};
  void **tail = &props2.pNext;
  auto append = [&](auto &st) {
    *tail = &st;
    tail = &st.pNext;
  };
  append(p11);
  append(p12);
  if (is13 || sizeControlExt)
    append(pSize);
  if (hostImport)
    append(pHost);
  if (smBuiltins)
    append(pSm);
  if (amdCores)
    append(pAmd);
  inst.fn.vkGetPhysicalDeviceProperties2(s.physical, &props2);
  const VkPhysicalDeviceProperties &p = props2.properties;
  const VkPhysicalDeviceLimits &lim = p.limits;

  DeviceProperties &dp = s.props;
  dp.index = chosen.summary.index;
  dp.name = p.deviceName;
  dp.vendorId = p.vendorID;
  dp.deviceId = p.deviceID;
  dp.deviceType = deviceTypeName(p.deviceType);
  dp.apiVersion = versionString(p.apiVersion); // we use at most 1.3 of it
  dp.driverVersion = p.driverVersion;
  dp.driverName = p12.driverName;
  dp.driverInfo = p12.driverInfo;
  dp.denormPreserveFloat32 = p12.shaderDenormPreserveFloat32 == VK_TRUE;
  dp.subgroupSize = p11.subgroupSize;
  dp.minSubgroupSize = (is13 || sizeControlExt) ? pSize.minSubgroupSize
                                                : p11.subgroupSize;
  dp.maxSubgroupSize = (is13 || sizeControlExt) ? pSize.maxSubgroupSize
                                                : p11.subgroupSize;
  s.requiredSubgroupSizeStages = pSize.requiredSubgroupSizeStages;
  static const std::pair<uint32_t, const char *> subgroupOps[] = {
      {VK_SUBGROUP_FEATURE_BASIC_BIT, "basic"},
      {VK_SUBGROUP_FEATURE_VOTE_BIT, "vote"},
      {VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, "arithmetic"},
      {VK_SUBGROUP_FEATURE_BALLOT_BIT, "ballot"},
      {VK_SUBGROUP_FEATURE_SHUFFLE_BIT, "shuffle"},
      {VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, "shuffle_relative"},
      {VK_SUBGROUP_FEATURE_CLUSTERED_BIT, "clustered"},
      {VK_SUBGROUP_FEATURE_QUAD_BIT, "quad"},
      {0x100, "partitioned_nv"},
      {0x200, "rotate"},
      {0x400, "rotate_clustered"}};
  if (p11.subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT)
    for (const auto &[bit, name] : subgroupOps)
      if (p11.subgroupSupportedOperations & bit)
        dp.supportedSubgroupOperations.push_back(name);
  dp.maxWorkgroupInvocations = lim.maxComputeWorkGroupInvocations;
  for (int i = 0; i < 3; ++i) {
    dp.maxWorkgroupSize[i] = lim.maxComputeWorkGroupSize[i];
    dp.maxWorkgroupCount[i] = lim.maxComputeWorkGroupCount[i];
  }
  dp.maxSharedMem = lim.maxComputeSharedMemorySize;
  dp.maxPushConstantsSize = lim.maxPushConstantsSize;
  dp.maxStorageBufferRange = lim.maxStorageBufferRange;
  dp.maxMemoryAllocationSize = p11.maxMemoryAllocationSize;
  for (uint32_t i = 0; i < s.memory.memoryHeapCount; ++i)
    if (s.memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      dp.deviceLocalMemoryBytes =
          std::max<uint64_t>(dp.deviceLocalMemoryBytes, s.memory.memoryHeaps[i].size);
  dp.timestampPeriodNs = lim.timestampPeriod;
  dp.timestampValidBits = chosen.timestampValidBits; // of our queue family
  dp.hasExternalMemoryHost = hostImport && s.fn.vkGetMemoryHostPointerPropertiesEXT;
  dp.minImportedHostPointerAlignment =
      hostImport ? pHost.minImportedHostPointerAlignment : 0;
  dp.hasExternalFd = externalFd && features["timeline_semaphore"] &&
                     s.fn.vkGetMemoryFdKHR && s.fn.vkGetSemaphoreFdKHR &&
                     s.fn.vkCreateSemaphore;
  std::copy(std::begin(p11.deviceUUID), std::end(p11.deviceUUID),
            dp.deviceUuid.begin());

  dp.hasCooperativeMatrix = coopMat && enabled.coopMat.cooperativeMatrix;
  if (dp.hasCooperativeMatrix &&
      inst.fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR) {
    auto query = inst.fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR;
    uint32_t count = 0;
    check(query(s.physical, &count, nullptr),
          "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
    std::vector<VkCooperativeMatrixPropertiesKHR> shapes(count);
    for (auto &shape : shapes)
      shape.sType = kSTypeCoopMatProperties, shape.pNext = nullptr;
    VkResult r = query(s.physical, &count, shapes.data());
    if (r != VK_INCOMPLETE)
      check(r, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
    shapes.resize(count);
    for (const auto &shape : shapes)
      dp.cooperativeMatrixShapes.push_back(
          {shape.MSize, shape.NSize, shape.KSize,
           componentTypeName(static_cast<int32_t>(shape.AType)),
           componentTypeName(static_cast<int32_t>(shape.BType)),
           componentTypeName(static_cast<int32_t>(shape.CType)),
           componentTypeName(static_cast<int32_t>(shape.ResultType)),
           shape.saturatingAccumulation == VK_TRUE,
           scopeName(static_cast<int32_t>(shape.scope))});
  }

  // Vulkan has no portable "number of SMs/CUs". Sources, best first: the
  // NVIDIA SM-builtins extension, AMD's shader-core properties, the host's
  // thread count for CPU drivers (lavapipe runs one worker per core), else 1.
  if (smBuiltins && pSm.shaderSMCount > 0) {
    dp.multiprocessorCount = pSm.shaderSMCount;
    dp.multiprocessorCountSource = "VK_NV_shader_sm_builtins";
  } else if (amdCores && pAmd.shaderEngineCount > 0) {
    dp.multiprocessorCount = pAmd.shaderEngineCount *
                             pAmd.shaderArraysPerEngineCount *
                             pAmd.computeUnitsPerShaderArray;
    dp.multiprocessorCountSource = "VK_AMD_shader_core_properties";
  } else if (p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
    dp.multiprocessorCount = std::max(1u, std::thread::hardware_concurrency());
    dp.multiprocessorCountSource = "hardware_concurrency";
  } else {
    dp.multiprocessorCount = 1;
    dp.multiprocessorCountSource = "unknown";
  }
  // Not queryable through Vulkan: 65536 32-bit registers per SM is exact for
  // NVIDIA GPUs since Kepler, and a nominal value for everything else.
  dp.maxNumRegs = 65536;
  dp.maxNumRegsSource = p.vendorID == 0x10DE ? "nvidia_sm_register_file"
                                             : "nominal";

  // --- runtime knobs --------------------------------------------------------
  s.timeoutSeconds = options.timeoutSeconds;
  if (s.timeoutSeconds < 0) {
    std::string t = envString("TRITON_SPIRV_TIMEOUT_S");
    s.timeoutSeconds = t.empty() ? 60.0 : std::atof(t.c_str());
    if (s.timeoutSeconds <= 0)
      s.timeoutSeconds = 60.0;
  }
  s.timeoutNs = static_cast<uint64_t>(s.timeoutSeconds * 1e9);
  // CPU drivers (llvmpipe) compile a shader at its first dispatch.
  s.firstDispatchTimeoutNs =
      p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 5 * s.timeoutNs : s.timeoutNs;
  long limit = options.hostImportCacheLimit;
  if (limit < 0) {
    std::string v = envString("TRITON_SPIRV_HOST_IMPORT_CACHE");
    // Safe to cache on CPU drivers, which read the host pointer directly.
    // A GPU driver pins the pages it imported: if the host unmaps and reuses
    // the address range, a cached import would reach the old pages.
    limit = !v.empty() ? std::atol(v.c_str())
            : p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 256
                                                          : 0;
  }
  s.importCacheLimit = static_cast<size_t>(std::max(0L, limit));
  long spin = options.fenceSpinMicros;
  if (spin < 0) {
    std::string v = envString("TRITON_SPIRV_FENCE_SPIN_US");
    spin = v.empty() ? 200 : std::atol(v.c_str());
  }
  s.fenceSpinNs = static_cast<uint64_t>(std::max(0L, spin)) * 1000;
  return self;
}

Device::~Device() {
  DeviceState &s = *s_;
  if (s.device == VK_NULL_HANDLE || !s.fn.vkDestroyDevice)
    return; // creation failed before the device was usable: leak, not crash
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  try {
    s.waitAll();
  } catch (const std::exception &e) {
    // A hung dispatch: destroying objects it may still use would crash.
    std::fprintf(stderr, "[triton-spirv] leaking the Vulkan device: %s\n",
                 e.what());
    return;
  }
  s.onIdle();
  for (auto &[start, span] : s.hostSpans)
    s.destroyHostSpan(span);
  for (HostSpan &span : s.retiredSpans)
    s.destroyHostSpan(span);
  for (auto &chunk : s.argChunks)
    s.destroyBuffer(chunk->buf);
  s.destroyBuffer(s.staging);
  for (auto &[address, buf] : s.ownedMemory)
    s.destroyBuffer(buf);
  for (auto &[address, memory] : s.hostBackedMemory)
    for (RawBuffer &piece : memory.pieces)
      s.destroyBuffer(piece); // the host memory itself stays mapped: torch may still free it
  for (VkQueryPool pool : s.timestampPools)
    s.fn.vkDestroyQueryPool(s.device, pool, nullptr);
  for (auto &[cmd, fence] : s.freeSlots) {
    s.fn.vkFreeCommandBuffers(s.device, s.pool, 1, &cmd);
    s.fn.vkDestroyFence(s.device, fence, nullptr);
  }
  if (s.queryPool)
    s.fn.vkDestroyQueryPool(s.device, s.queryPool, nullptr);
  s.fn.vkDestroyPipelineCache(s.device, s.pipelineCache, nullptr);
  s.fn.vkDestroyCommandPool(s.device, s.pool, nullptr);
  s.fn.vkDestroyDevice(s.device, nullptr);
}

const DeviceProperties &Device::properties() const { return s_->props; }

uint64_t Device::validationErrorCount() const {
  return s_->instance->errorCount.load();
}

std::vector<std::string> Device::validationMessages() const {
  std::lock_guard<std::mutex> lock(s_->instance->messagesMutex);
  return s_->instance->messages;
}

} // namespace triton_spirv::runtime

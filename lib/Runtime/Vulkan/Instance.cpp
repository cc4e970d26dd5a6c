//===- Instance.cpp - Loader, VkResult names, instance, validation --------===//

#include "VulkanInternal.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace triton_spirv::runtime {

std::string vkResultName(VkResult result) {
  // Numeric values so that the table compiles against old and new headers.
  static const std::pair<int, const char *> names[] = {
      {0, "VK_SUCCESS"},
      {1, "VK_NOT_READY"},
      {2, "VK_TIMEOUT"},
      {3, "VK_EVENT_SET"},
      {4, "VK_EVENT_RESET"},
      {5, "VK_INCOMPLETE"},
      {-1, "VK_ERROR_OUT_OF_HOST_MEMORY"},
      {-2, "VK_ERROR_OUT_OF_DEVICE_MEMORY"},
      {-3, "VK_ERROR_INITIALIZATION_FAILED"},
      {-4, "VK_ERROR_DEVICE_LOST"},
      {-5, "VK_ERROR_MEMORY_MAP_FAILED"},
      {-6, "VK_ERROR_LAYER_NOT_PRESENT"},
      {-7, "VK_ERROR_EXTENSION_NOT_PRESENT"},
      {-8, "VK_ERROR_FEATURE_NOT_PRESENT"},
      {-9, "VK_ERROR_INCOMPATIBLE_DRIVER"},
      {-10, "VK_ERROR_TOO_MANY_OBJECTS"},
      {-11, "VK_ERROR_FORMAT_NOT_SUPPORTED"},
      {-12, "VK_ERROR_FRAGMENTED_POOL"},
      {-13, "VK_ERROR_UNKNOWN"},
      {-1000069000, "VK_ERROR_OUT_OF_POOL_MEMORY"},
      {-1000072003, "VK_ERROR_INVALID_EXTERNAL_HANDLE"},
      {-1000161000, "VK_ERROR_FRAGMENTATION"},
      {-1000257000, "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS"},
      {1000297000, "VK_PIPELINE_COMPILE_REQUIRED"},
      {-1000011001, "VK_ERROR_VALIDATION_FAILED_EXT"},
      {-1000012000, "VK_ERROR_INVALID_SHADER_NV"},
      {-1000174001, "VK_ERROR_NOT_PERMITTED_KHR"},
      {-1000338000, "VK_ERROR_COMPRESSION_EXHAUSTED_EXT"},
  };
  for (const auto &[value, name] : names)
    if (value == static_cast<int>(result))
      return name;
  return "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
}

namespace detail {

void check(VkResult r, const char *call) {
  if (r == VK_SUCCESS)
    return;
  std::string message = std::string(call) + " failed: " + vkResultName(r);
  if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
    message += " (no usable Vulkan driver: install one, e.g. `apt-get install "
               "mesa-vulkan-drivers` for the CPU driver lavapipe, or the GPU "
               "vendor's driver; VK_DRIVER_FILES can point at its ICD json)";
  throw VulkanError(message, r);
}

void fail(const std::string &message) { throw VulkanError(message); }

const GlobalFns &loader() {
  static GlobalFns fns;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    // An explicit path wins (machines where the loader sits outside the
    // library path); then the soname every distribution ships.
    std::vector<std::string> candidates;
    if (const char *path = std::getenv("TRITON_SPIRV_VULKAN_LIBRARY"))
      candidates.push_back(path);
    candidates.push_back("libvulkan.so.1");
    candidates.push_back("libvulkan.so");
    void *lib = nullptr;
    std::string dlerrors;
    for (const std::string &name : candidates) {
      lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (lib)
        break;
      const char *why = dlerror();
      dlerrors += "\n  " + name + ": " + (why ? why : "not found");
    }
    if (!lib) {
      error = "Vulkan loader not found: install it (Debian/Ubuntu: `apt-get "
              "install libvulkan1 mesa-vulkan-drivers`; mesa-vulkan-drivers "
              "brings the CPU driver lavapipe), or set "
              "TRITON_SPIRV_VULKAN_LIBRARY to the path of libvulkan.so.1." +
              dlerrors;
      return;
    }
    fns.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
        dlsym(lib, "vkGetInstanceProcAddr"));
    if (!fns.vkGetInstanceProcAddr) {
      error = "the Vulkan loader has no vkGetInstanceProcAddr";
      return;
    }
    auto get = [](const char *name) {
      return fns.vkGetInstanceProcAddr(VK_NULL_HANDLE, name);
    };
    fns.vkCreateInstance =
        reinterpret_cast<PFN_vkCreateInstance>(get("vkCreateInstance"));
    fns.vkEnumerateInstanceVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
        get("vkEnumerateInstanceVersion"));
    fns.vkEnumerateInstanceLayerProperties =
        reinterpret_cast<PFN_vkEnumerateInstanceLayerProperties>(
            get("vkEnumerateInstanceLayerProperties"));
    fns.vkEnumerateInstanceExtensionProperties =
        reinterpret_cast<PFN_vkEnumerateInstanceExtensionProperties>(
            get("vkEnumerateInstanceExtensionProperties"));
    if (!fns.vkEnumerateInstanceVersion)
      error = "the Vulkan loader is older than Vulkan 1.1; install a newer "
              "libvulkan1";
  });
  if (!error.empty())
    throw VulkanError(error, VK_ERROR_INITIALIZATION_FAILED);
  return fns;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
onValidationMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                    VkDebugUtilsMessageTypeFlagsEXT,
                    const VkDebugUtilsMessengerCallbackDataEXT *data,
                    void *user) {
  auto *instance = static_cast<Instance *>(user);
  const bool isError = severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  std::string text = std::string(isError ? "error: " : "warning: ") +
                     (data && data->pMessage ? data->pMessage : "");
  if (isError) {
    instance->errorCount++;
    std::fprintf(stderr, "[triton-spirv validation] %s\n", text.c_str());
  }
  std::lock_guard<std::mutex> lock(instance->messagesMutex);
  if (instance->messages.size() < 1000)
    instance->messages.push_back(std::move(text));
  return VK_FALSE; // never abort the call that triggered the message
}

std::shared_ptr<Instance> Instance::get(int validation) {
  static std::mutex mutex;
  static std::map<int, std::weak_ptr<Instance>> live;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto existing = live[validation].lock())
    return existing;

  const GlobalFns &g = loader();
  auto inst = std::make_shared<Instance>();
  inst->validation = validation;
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  check(g.vkEnumerateInstanceVersion(&loaderVersion),
        "vkEnumerateInstanceVersion");
  // 1.3 gives us the Vulkan13 feature structs; an older loader still works
  // with 1.2 devices. The device's own version is checked separately.
  inst->apiVersion = loaderVersion >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3
                                                         : VK_API_VERSION_1_2;
  if (loaderVersion < VK_API_VERSION_1_2)
    fail("the Vulkan loader supports only Vulkan " +
         std::to_string(VK_API_VERSION_MAJOR(loaderVersion)) + "." +
         std::to_string(VK_API_VERSION_MINOR(loaderVersion)) +
         "; triton-spirv needs 1.2 (install a newer libvulkan1)");

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "triton-spirv";
  app.pEngineName = "triton-spirv";
  app.apiVersion = inst->apiVersion;

  std::vector<const char *> layers, extensions;
  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  VkValidationFeatureEnableEXT syncValidation =
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT validationFeatures{
      VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  if (validation) {
    uint32_t count = 0;
    check(g.vkEnumerateInstanceLayerProperties(&count, nullptr),
          "vkEnumerateInstanceLayerProperties");
    std::vector<VkLayerProperties> available(count);
    check(g.vkEnumerateInstanceLayerProperties(&count, available.data()),
          "vkEnumerateInstanceLayerProperties");
    bool found = false;
    for (const VkLayerProperties &layer : available)
      found |= !std::strcmp(layer.layerName, "VK_LAYER_KHRONOS_validation");
    if (!found)
      fail("TRITON_SPIRV_VALIDATION is set but VK_LAYER_KHRONOS_validation is "
           "not installed (Debian/Ubuntu: `apt-get install "
           "vulkan-validationlayers`)");
    layers.push_back("VK_LAYER_KHRONOS_validation");
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    messengerInfo.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messengerInfo.pfnUserCallback = onValidationMessage;
    messengerInfo.pUserData = inst.get();
    // Chained so that vkCreateInstance itself is checked as well.
    info.pNext = &messengerInfo;
    if (validation == 2) {
      extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
      validationFeatures.enabledValidationFeatureCount = 1;
      validationFeatures.pEnabledValidationFeatures = &syncValidation;
      messengerInfo.pNext = &validationFeatures;
    }
  }
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  check(g.vkCreateInstance(&info, nullptr, &inst->instance), "vkCreateInstance");

  auto load = [&](const char *name) {
    return g.vkGetInstanceProcAddr(inst->instance, name);
  };
#define TSPIRV_LOAD_REQUIRED(name)                                             \
  inst->fn.name = reinterpret_cast<PFN_##name>(load(#name));                   \
  if (!inst->fn.name)                                                          \
    fail("the Vulkan loader does not provide " #name);
#define TSPIRV_LOAD_OPTIONAL(name)                                             \
  inst->fn.name = reinterpret_cast<PFN_##name>(load(#name));
  TSPIRV_INSTANCE_FNS(TSPIRV_LOAD_REQUIRED)
  TSPIRV_OPTIONAL_INSTANCE_FNS(TSPIRV_LOAD_OPTIONAL)
#undef TSPIRV_LOAD_REQUIRED
#undef TSPIRV_LOAD_OPTIONAL

  if (validation) {
    if (!inst->fn.vkCreateDebugUtilsMessengerEXT)
      fail("VK_EXT_debug_utils is enabled but vkCreateDebugUtilsMessengerEXT "
           "is missing");
    messengerInfo.pNext = nullptr;
    check(inst->fn.vkCreateDebugUtilsMessengerEXT(inst->instance, &messengerInfo,
                                                  nullptr, &inst->messenger),
          "vkCreateDebugUtilsMessengerEXT");
  }
  live[validation] = inst;
  return inst;
}

Instance::~Instance() {
  if (messenger != VK_NULL_HANDLE && fn.vkDestroyDebugUtilsMessengerEXT)
    fn.vkDestroyDebugUtilsMessengerEXT(instance, messenger, nullptr);
  if (instance != VK_NULL_HANDLE && fn.vkDestroyInstance)
    fn.vkDestroyInstance(instance, nullptr);
}

std::vector<VkPhysicalDevice> Instance::physicalDevices() const {
  uint32_t count = 0;
  check(fn.vkEnumeratePhysicalDevices(instance, &count, nullptr),
        "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> devices(count);
  VkResult r = fn.vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (r != VK_INCOMPLETE)
    check(r, "vkEnumeratePhysicalDevices");
  devices.resize(count);
  return devices;
}

void recordBarrier(const DeviceFns &fn, VkCommandBuffer cmd, bool toHost) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask =
      toHost ? VK_ACCESS_HOST_READ_BIT
             : VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                   VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  const VkPipelineStageFlags work =
      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
  const VkPipelineStageFlags host = VK_PIPELINE_STAGE_HOST_BIT;
  fn.vkCmdPipelineBarrier(cmd, work, toHost ? host : work,
                          0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace detail
} // namespace triton_spirv::runtime

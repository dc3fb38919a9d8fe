// circle's Vulkan host API: runs the compute shaders circle -spirv compiled into this
// executable. A [[spirv::comp(N)]] kernel is found by the same handle CUDA uses (the
// kernel's name), its arguments travel as push constants laid out like a struct of the
// parameters, and pointers in them are Vulkan buffer device addresses.
//
//   circle::vulkan::context vk;                       // first Vulkan device
//   circle::vulkan::buffer<float> x = vk.alloc<float>(n);
//   x.host()[0] = 1;                                  // mapped, coherent
//   vk.dispatch(saxpy, groups, n, a, x.device(), y.device());   // waits for the shader
//
// Errors throw circle::vulkan::error. Link with -lvulkan (circle -spirv adds it).
#pragma once
#include <vulkan/vulkan.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// The table circle -spirv writes into the executable: one row per entry point, in a
// section the linker brackets with __start_/__stop_ symbols.
struct __circle_spirv_entry {
  const void* kernel;     // the host's handle for the kernel
  const uint32_t* code;   // the SPIR-V module (its entry point is "main")
  uint64_t words;
  const char* name;       // the kernel's symbol
  uint32_t push_bytes;    // the parameters' size, laid out like a struct of them
  uint32_t local_size[3];
};
extern "C" {
extern const __circle_spirv_entry __start_circle_spirv_entries[] __attribute__((weak, visibility("hidden")));
extern const __circle_spirv_entry __stop_circle_spirv_entries[] __attribute__((weak, visibility("hidden")));
}

namespace circle::vulkan {

struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) throw error(std::string(what) + " failed (VkResult " + std::to_string(int(r)) + ")");
}

// The entry point compiled for `kernel`, or null.
inline const __circle_spirv_entry* find_entry(const void* kernel) {
  for (const __circle_spirv_entry* e = __start_circle_spirv_entries; e && e != __stop_circle_spirv_entries; ++e)
    if (e->kernel == kernel) return e;
  return nullptr;
}

// How many workgroups a dispatch runs.
struct grid {
  uint32_t x, y = 1, z = 1;
  grid(uint32_t x_, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
};

template <typename T>
class buffer {
public:
  buffer() = default;
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  buffer(buffer&& o) noexcept { *this = std::move(o); }
  buffer& operator=(buffer&& o) noexcept {
    std::swap(dev_, o.dev_), std::swap(buf_, o.buf_), std::swap(mem_, o.mem_);
    std::swap(host_, o.host_), std::swap(addr_, o.addr_), std::swap(count_, o.count_);
    return *this;
  }
  ~buffer() {
    if (!dev_) return;
    vkDestroyBuffer(dev_, buf_, nullptr);
    vkFreeMemory(dev_, mem_, nullptr);
  }
  T* host() const { return host_; }                              // the mapping, for the host
  T* device() const { return reinterpret_cast<T*>(addr_); }       // the address, for shaders
  size_t size() const { return count_; }
  T& operator[](size_t i) const { return host_[i]; }

private:
  friend class context;
  VkDevice dev_ = VK_NULL_HANDLE;
  VkBuffer buf_ = VK_NULL_HANDLE;
  VkDeviceMemory mem_ = VK_NULL_HANDLE;
  T* host_ = nullptr;
  VkDeviceAddress addr_ = 0;
  size_t count_ = 0;
};

class context {
public:
  // `device_index` picks among the devices that have a compute queue and buffer
  // device addresses (the environment's CIRCLE_VULKAN_DEVICE overrides it).
  explicit context(unsigned device_index = 0) {
    try {
      open(device_index);
    } catch (...) {
      // No destructor runs for a constructor that throws.
      if (device_) vkDestroyDevice(device_, nullptr);
      if (instance_) vkDestroyInstance(instance_, nullptr);
      throw;
    }
  }
  context(const context&) = delete;
  context& operator=(const context&) = delete;
  ~context() {
    vkDeviceWaitIdle(device_);
    for (pipeline& p : pipelines_) {
      vkDestroyPipeline(device_, p.pipeline, nullptr);
      vkDestroyPipelineLayout(device_, p.layout, nullptr);
      vkDestroyShaderModule(device_, p.module, nullptr);
    }
    vkDestroyCommandPool(device_, pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
    vkDestroyInstance(instance_, nullptr);
  }

  const std::string& device_name() const { return name_; }
  // Whether shaders may use atomicAdd on float in buffers (VK_EXT_shader_atomic_float).
  bool float_atomics() const { return float_atomics_; }

  // `count` elements of host-visible, coherent memory that shaders reach by address.
  template <typename T>
  buffer<T> alloc(size_t count) {
    buffer<T> b;
    b.dev_ = device_;
    b.count_ = count;
    VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = count ? count * sizeof(T) : 1;
    bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    check(vkCreateBuffer(device_, &bci, nullptr, &b.buf_), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device_, b.buf_, &req);
    VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.pNext = &flags;
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = memory_type(req.memoryTypeBits);
    check(vkAllocateMemory(device_, &mai, nullptr, &b.mem_), "vkAllocateMemory");
    check(vkBindBufferMemory(device_, b.buf_, b.mem_, 0), "vkBindBufferMemory");
    void* p = nullptr;
    check(vkMapMemory(device_, b.mem_, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
    b.host_ = static_cast<T*>(p);
    VkBufferDeviceAddressInfo ai{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    ai.buffer = b.buf_;
    b.addr_ = vkGetBufferDeviceAddress(device_, &ai);
    return b;
  }

  // Runs `kernel`'s compute shader on `groups` workgroups (a count, or {x, y, z}) and
  // waits for it. The arguments convert to the kernel's parameter types.
  template <typename... P, typename... A>
  void dispatch(void (*kernel)(P...), grid groups, A&&... args) {
    static_assert(sizeof...(P) == sizeof...(A), "dispatch: one argument per kernel parameter");
    static_assert((std::is_trivially_copyable_v<P> && ...),
                  "dispatch: a shader's parameters are copied as bytes (trivially copyable types)");
    std::vector<unsigned char> bytes;
    (pack<P>(bytes, std::forward<A>(args)), ...);
    run(reinterpret_cast<const void*>(kernel), groups, bytes);
  }

private:
  // The instance, a device with a compute queue and buffer device addresses, a command pool.
  void open(unsigned device_index) {
    if (const char* env = std::getenv("CIRCLE_VULKAN_DEVICE")) device_index = unsigned(std::atoi(env));
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "circle";
    app.apiVersion = VK_API_VERSION_1_3;
    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    check(vkCreateInstance(&ici, nullptr, &instance_), "vkCreateInstance");
    uint32_t n = 0;
    vkEnumeratePhysicalDevices(instance_, &n, nullptr);
    std::vector<VkPhysicalDevice> all(n);
    vkEnumeratePhysicalDevices(instance_, &n, all.data());
    unsigned seen = 0;
    for (VkPhysicalDevice pd : all) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(pd, &props);
      if (props.apiVersion < VK_API_VERSION_1_3) continue;
      uint32_t qn = 0;
      vkGetPhysicalDeviceQueueFamilyProperties(pd, &qn, nullptr);
      std::vector<VkQueueFamilyProperties> qs(qn);
      vkGetPhysicalDeviceQueueFamilyProperties(pd, &qn, qs.data());
      for (uint32_t q = 0; q < qn; ++q)
        if (qs[q].queueFlags & VK_QUEUE_COMPUTE_BIT) {
          if (seen++ == device_index) {
            physical_ = pd;
            family_ = q;
            name_ = props.deviceName;
          }
          break;
        }
    }
    if (!physical_) throw error("no Vulkan 1.3 device with a compute queue");
    VkPhysicalDeviceFeatures have;
    vkGetPhysicalDeviceFeatures(physical_, &have);
    VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    f12.bufferDeviceAddress = VK_TRUE;
    VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    f2.pNext = &f12;
    f2.features.shaderInt64 = have.shaderInt64;
    f2.features.shaderFloat64 = have.shaderFloat64;
    f2.features.shaderInt16 = have.shaderInt16;
    // atomicAdd on float and double in shaders (OpAtomicFAddEXT), where the device has it.
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomics{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
    std::vector<const char*> extensions;
    if (has_extension(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME)) {
      VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
      query.pNext = &atomics;
      vkGetPhysicalDeviceFeatures2(physical_, &query);
      VkPhysicalDeviceShaderAtomicFloatFeaturesEXT wanted{
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
      wanted.shaderBufferFloat32AtomicAdd = atomics.shaderBufferFloat32AtomicAdd;
      wanted.shaderBufferFloat64AtomicAdd = atomics.shaderBufferFloat64AtomicAdd;
      wanted.shaderSharedFloat32AtomicAdd = atomics.shaderSharedFloat32AtomicAdd;
      wanted.shaderSharedFloat64AtomicAdd = atomics.shaderSharedFloat64AtomicAdd;
      atomics = wanted;
      f12.pNext = &atomics;
      extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
    }
    float_atomics_ = atomics.shaderBufferFloat32AtomicAdd == VK_TRUE;
    float priority = 1;
    VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = family_;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;
    VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.pNext = &f2;
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    dci.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    dci.ppEnabledExtensionNames = extensions.data();
    check(vkCreateDevice(physical_, &dci, nullptr, &device_), "vkCreateDevice");
    vkGetDeviceQueue(device_, family_, 0, &queue_);
    VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pci.queueFamilyIndex = family_;
    check(vkCreateCommandPool(device_, &pci, nullptr, &pool_), "vkCreateCommandPool");
  }

  struct pipeline {
    const __circle_spirv_entry* entry;
    VkShaderModule module;
    VkPipelineLayout layout;
    VkPipeline pipeline;
  };

  // The same layout as the shader reads: each parameter at its alignment, in order.
  template <typename P, typename A>
  static void pack(std::vector<unsigned char>& bytes, A&& arg) {
    P value = static_cast<P>(std::forward<A>(arg));
    size_t at = (bytes.size() + alignof(P) - 1) / alignof(P) * alignof(P);
    bytes.resize(at + sizeof(P));
    std::memcpy(bytes.data() + at, &value, sizeof(P));
  }

  uint32_t memory_type(uint32_t allowed) const {
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(physical_, &mp);
    const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (VkMemoryPropertyFlags extra : {VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), VkMemoryPropertyFlags(0)})
      for (uint32_t i = 0; i < mp.memoryTypeCount; ++i)
        if ((allowed & (1u << i)) && (mp.memoryTypes[i].propertyFlags & (want | extra)) == (want | extra)) return i;
    throw error("no host-visible, coherent Vulkan memory");
  }

  pipeline& pipeline_for(const void* kernel) {
    for (pipeline& p : pipelines_)
      if (p.entry->kernel == kernel) return p;
    const __circle_spirv_entry* e = find_entry(kernel);
    if (!e) throw error("dispatch: this kernel has no SPIR-V entry point (mark it [[spirv::comp(N)]] and compile with -spirv)");
    pipeline p{e, VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};
    VkShaderModuleCreateInfo sci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    sci.codeSize = e->words * 4;
    sci.pCode = e->code;
    check(vkCreateShaderModule(device_, &sci, nullptr, &p.module), "vkCreateShaderModule");
    VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, (e->push_bytes + 3) / 4 * 4};
    VkPipelineLayoutCreateInfo lci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    lci.pushConstantRangeCount = range.size ? 1 : 0;
    lci.pPushConstantRanges = &range;
    check(vkCreatePipelineLayout(device_, &lci, nullptr, &p.layout), "vkCreatePipelineLayout");
    VkComputePipelineCreateInfo cpi{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cpi.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    cpi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cpi.stage.module = p.module;
    cpi.stage.pName = "main";
    cpi.layout = p.layout;
    check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpi, nullptr, &p.pipeline), "vkCreateComputePipelines");
    pipelines_.push_back(p);
    return pipelines_.back();
  }

  void run(const void* kernel, grid g, std::vector<unsigned char>& bytes) {
    pipeline& p = pipeline_for(kernel);
    bytes.resize((p.entry->push_bytes + 3) / 4 * 4);
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = pool_;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    VkCommandBuffer cb;
    check(vkAllocateCommandBuffers(device_, &cai, &cb), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cb, &bi);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
    if (!bytes.empty())
      vkCmdPushConstants(cb, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, uint32_t(bytes.size()), bytes.data());
    vkCmdDispatch(cb, g.x, g.y, g.z);
    check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    VkResult r = vkQueueSubmit(queue_, 1, &si, VK_NULL_HANDLE);
    if (r == VK_SUCCESS) r = vkQueueWaitIdle(queue_);
    vkFreeCommandBuffers(device_, pool_, 1, &cb);
    check(r, "running the compute shader");
  }

  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  uint32_t family_ = 0;
  std::string name_;
  bool float_atomics_ = false;
  std::vector<pipeline> pipelines_;

  bool has_extension(const char* name) const {
    uint32_t n = 0;
    vkEnumerateDeviceExtensionProperties(physical_, nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> all(n);
    vkEnumerateDeviceExtensionProperties(physical_, nullptr, &n, all.data());
    for (const VkExtensionProperties& e : all)
      if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
  }
};

} // namespace circle::vulkan

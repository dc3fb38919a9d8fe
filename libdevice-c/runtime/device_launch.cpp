// Launches from the device (dynamic parallelism, -rdc). Clang lowers `k<<<g, b, s,
// st>>>(args)` in device code to the first CUDA device-runtime interface: take a
// parameter buffer of the arguments' size, store the arguments, launch. CUDA 12's
// device runtime serves that interface only for ordinary streams; the named streams
// (cudaStreamFireAndForget, cudaStreamTailLaunch) need its second interface, whose
// buffer belongs to the launch (it is asked for with the kernel and the grid). The
// device link routes Clang's calls here: the arguments are staged in a heap block
// and copied into the launch's own buffer once the launch is known.
#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" {
void* __circle_malloc(std::size_t);
void __circle_free(void*);
// CUDA's headers define these names away after their own use; libcudadevrt.a has them.
void* launchBufferV2(void* func, dim3 grid, dim3 block, unsigned shared) __asm__("__cudaCDP2GetParameterBufferV2");
cudaError_t launchV2(void* buffer, cudaStream_t stream) __asm__("__cudaCDP2LaunchDeviceV2");
}

namespace {

// Before the 64-byte aligned arguments: the heap block and the arguments' size.
struct Staging {
  void* block;
  std::size_t size;
};
constexpr std::size_t kAlign = 64;

Staging* stagingOf(void* args) { return static_cast<Staging*>(args) - 1; }

} // namespace

extern "C" void* __circle_get_parameter_buffer(std::size_t alignment, std::size_t size) {
  if (alignment > kAlign) return nullptr;
  char* block = static_cast<char*>(__circle_malloc(size + sizeof(Staging) + kAlign));
  if (!block) return nullptr; // the launch is skipped, as when the runtime has no buffer
  std::uintptr_t args = (reinterpret_cast<std::uintptr_t>(block) + sizeof(Staging) + kAlign - 1) & ~(kAlign - 1);
  *stagingOf(reinterpret_cast<void*>(args)) = {block, size};
  return reinterpret_cast<void*>(args);
}

extern "C" cudaError_t __circle_launch_device(void* func, void* args, dim3 grid, dim3 block, unsigned shared,
                                              cudaStream_t stream) {
  Staging staged = *stagingOf(args);
  cudaError_t result = cudaErrorLaunchOutOfResources;
  if (void* buffer = launchBufferV2(func, grid, block, shared)) {
    std::memcpy(buffer, args, staged.size);
    result = launchV2(buffer, stream);
  }
  __circle_free(staged.block);
  return result;
}

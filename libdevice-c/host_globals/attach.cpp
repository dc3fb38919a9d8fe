// The host half of -fgpu-host-globals (targets/host/host_globals.h): built to x86-64
// bitcode at circle's build and linked into each host object whose kernels read the
// program's own host variables, every definition made linkonce_odr and hidden.
//
// A device module reads such a variable through a pointer slot, a device variable the
// host registers. Before each launch, the first time a module meets a GPU, the slots
// get the variables' addresses for that GPU:
//  - a GPU that reads the host's pageable memory (HMM, or hardware coherence as on
//    Grace Hopper; cudaDevAttrPageableMemoryAccess) gets the host addresses;
//  - any other gets the device addresses of the variables' pages, registered with
//    cudaHostRegister (mapped, pinned: every access crosses the bus, as zero-copy does);
//    there a kernel reaches the variables' own bytes, not what they point to in the
//    host's heap.
// Where neither works the program stops with a message: a kernel must never read a
// variable it was not given.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <unistd.h>

extern "C" {

// One per variable, in the host object's constant table: the host side of the slot
// (registered under the slot's device name), the variable, its size in bytes.
struct circle_host_global {
  void* slotShadow;
  void* variable;
  unsigned long long bytes;
};

} // extern "C"

namespace circle_host_globals {

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

[[noreturn]] void fail(int device, const char* what, cudaError_t e) {
  std::fprintf(stderr,
               "circle: this program's kernels read host variables (-fgpu-host-globals), and GPU %d cannot be "
               "given them: %s (%s)\n",
               device, what, cudaGetErrorString(e));
  std::abort();
}

// The device address of `bytes` host bytes at `p`, each page registered (pages two
// variables share, or a variable another object registered, are registered once).
void* mapped(int device, void* p, unsigned long long bytes) {
  uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t begin = reinterpret_cast<uintptr_t>(p) & ~(page - 1);
  uintptr_t end = reinterpret_cast<uintptr_t>(p) + (bytes ? bytes : 1);
  for (uintptr_t at = begin; at < end; at += page) {
    cudaError_t e = cudaHostRegister(reinterpret_cast<void*>(at), page, cudaHostRegisterMapped);
    if (e == cudaErrorInvalidValue) // a read-only page (a const variable)
      e = cudaHostRegister(reinterpret_cast<void*>(at), page, cudaHostRegisterMapped | cudaHostRegisterReadOnly);
    if (e == cudaErrorHostMemoryAlreadyRegistered) cudaGetLastError();
    else if (e != cudaSuccess) fail(device, "cudaHostRegister of a variable's page failed", e);
  }
  void* d = nullptr;
  if (cudaError_t e = cudaHostGetDevicePointer(&d, p, 0); e != cudaSuccess)
    fail(device, "cudaHostGetDevicePointer failed", e);
  return d;
}

} // namespace circle_host_globals

extern "C" void __circle_host_globals_attach(const circle_host_global* globals, unsigned count,
                                             unsigned long long* attached) {
  using namespace circle_host_globals;
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return; // the launch reports it
  unsigned long long bit = device < 64 ? 1ull << device : 0;
  if (bit && (__atomic_load_n(attached, __ATOMIC_ACQUIRE) & bit)) return;
  pthread_mutex_lock(&lock);
  if (!bit || !(*attached & bit)) {
    int pageable = 0;
    cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, device);
    for (unsigned i = 0; i < count; ++i) {
      void* address = pageable ? globals[i].variable : mapped(device, globals[i].variable, globals[i].bytes);
      cudaError_t e = cudaMemcpyToSymbol(globals[i].slotShadow, &address, sizeof address);
      // A slot only another sm's code has: the cubin this GPU runs does not read it.
      if (e == cudaErrorInvalidSymbol) cudaGetLastError();
      else if (e != cudaSuccess) fail(device, "setting a variable's address in the device module failed", e);
    }
    __atomic_fetch_or(attached, bit, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&lock);
}

// Every operator new and delete over the device heap, through the libc's
// size-keeping wrappers (libc/glue.c). Blocks are 16-byte aligned; larger alignments
// over-allocate and keep the block's start just before the pointer handed out.
#include "report.h"

#include <cstddef>
#include <cstdint>
#include <new>

extern "C" void* __circle_malloc(std::size_t);
extern "C" void __circle_free(void*);

namespace {


void* allocate(std::size_t size, const char* form) {
  void* p = __circle_malloc(size ? size : 1);
  if (!p) circle_device::fail("out of device heap in", form); // raise it: cudaDeviceSetLimit(cudaLimitMallocHeapSize, ...)
  return p;
}

void* allocateAligned(std::size_t size, std::align_val_t align, bool nothrow) {
  std::size_t a = static_cast<std::size_t>(align);
  if (a <= 16) return nothrow ? __circle_malloc(size ? size : 1) : allocate(size, "aligned operator new");
  char* block = static_cast<char*>(__circle_malloc(size + a + sizeof(void*)));
  if (!block) {
    if (nothrow) return nullptr;
    circle_device::fail("out of device heap in", "aligned operator new");
  }
  std::uintptr_t user = (reinterpret_cast<std::uintptr_t>(block) + sizeof(void*) + a - 1) & ~(a - 1);
  reinterpret_cast<void**>(user)[-1] = block;
  return reinterpret_cast<void*>(user);
}

void releaseAligned(void* p, std::align_val_t align) {
  if (!p) return;
  if (static_cast<std::size_t>(align) <= 16) __circle_free(p);
  else __circle_free(static_cast<void**>(p)[-1]);
}

} // namespace

void* operator new(std::size_t n) { return allocate(n, "operator new"); }
void* operator new[](std::size_t n) { return allocate(n, "operator new[]"); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return __circle_malloc(n ? n : 1); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return __circle_malloc(n ? n : 1); }
void* operator new(std::size_t n, std::align_val_t a) { return allocateAligned(n, a, false); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocateAligned(n, a, false); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocateAligned(n, a, true);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocateAligned(n, a, true);
}

void operator delete(void* p) noexcept { __circle_free(p); }
void operator delete[](void* p) noexcept { __circle_free(p); }
void operator delete(void* p, std::size_t) noexcept { __circle_free(p); }
void operator delete[](void* p, std::size_t) noexcept { __circle_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { __circle_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { __circle_free(p); }
void operator delete(void* p, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete(void* p, std::size_t, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::size_t, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete(void* p, std::align_val_t a, const std::nothrow_t&) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::align_val_t a, const std::nothrow_t&) noexcept { releaseAligned(p, a); }

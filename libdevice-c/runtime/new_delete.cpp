// Every operator new and delete over the device heap (the malloc/free PTX system
// calls). Device malloc aligns to 16 bytes; larger alignments over-allocate and keep
// the block's start just before the pointer handed out.
#include "report.h"

#include <cstdint>
#include <cstdlib>
#include <new>

namespace {

void* allocate(std::size_t size, const char* form) {
  void* p = malloc(size ? size : 1);
  if (!p) circle_device::fail("out of device heap in", form); // raise it: cudaDeviceSetLimit(cudaLimitMallocHeapSize, ...)
  return p;
}

void* allocateAligned(std::size_t size, std::align_val_t align, bool nothrow) {
  std::size_t a = static_cast<std::size_t>(align);
  if (a <= 16) return nothrow ? malloc(size ? size : 1) : allocate(size, "aligned operator new");
  char* block = static_cast<char*>(malloc(size + a + sizeof(void*)));
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
  if (static_cast<std::size_t>(align) <= 16) free(p);
  else free(static_cast<void**>(p)[-1]);
}

} // namespace

void* operator new(std::size_t n) { return allocate(n, "operator new"); }
void* operator new[](std::size_t n) { return allocate(n, "operator new[]"); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return malloc(n ? n : 1); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return malloc(n ? n : 1); }
void* operator new(std::size_t n, std::align_val_t a) { return allocateAligned(n, a, false); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocateAligned(n, a, false); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocateAligned(n, a, true);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocateAligned(n, a, true);
}

void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, std::size_t) noexcept { free(p); }
void operator delete[](void* p, std::size_t) noexcept { free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { free(p); }
void operator delete(void* p, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete(void* p, std::size_t, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::size_t, std::align_val_t a) noexcept { releaseAligned(p, a); }
void operator delete(void* p, std::align_val_t a, const std::nothrow_t&) noexcept { releaseAligned(p, a); }
void operator delete[](void* p, std::align_val_t a, const std::nothrow_t&) noexcept { releaseAligned(p, a); }

// The Itanium C++ ABI entry points compiled code calls on its own: pure and deleted
// virtual calls, the guards of function-local statics, and static destructors.
#include "report.h"

extern "C" {

void __cxa_pure_virtual() { circle_device::fail("pure virtual function called", nullptr); }
void __cxa_deleted_virtual() { circle_device::fail("deleted virtual function called", nullptr); }

// The 64-bit guard: byte 0 says "initialised" (the ABI's fast path reads it
// inline); the second 32-bit word is the lock. Threads of one warp may contend:
// sm_70 and newer schedule them independently, so the spin cannot deadlock.
int __cxa_guard_acquire(unsigned long long* guard) {
  unsigned char* done = reinterpret_cast<unsigned char*>(guard);
  unsigned* lock = reinterpret_cast<unsigned*>(guard) + 1;
  while (true) {
    if (__atomic_load_n(done, __ATOMIC_ACQUIRE)) return 0;
    unsigned expected = 0;
    if (__atomic_compare_exchange_n(lock, &expected, 1u, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      if (__atomic_load_n(done, __ATOMIC_ACQUIRE)) { // initialised while we waited for the lock
        __atomic_store_n(lock, 0u, __ATOMIC_RELEASE);
        return 0;
      }
      return 1;
    }
  }
}

void __cxa_guard_release(unsigned long long* guard) {
  __atomic_store_n(reinterpret_cast<unsigned char*>(guard), 1, __ATOMIC_RELEASE);
  __atomic_store_n(reinterpret_cast<unsigned*>(guard) + 1, 0u, __ATOMIC_RELEASE);
}

void __cxa_guard_abort(unsigned long long* guard) {
  __atomic_store_n(reinterpret_cast<unsigned*>(guard) + 1, 0u, __ATOMIC_RELEASE);
}

// A kernel's statics live as long as the module; the device has no exit to run
// their destructors at, so registering one does nothing.
int __cxa_atexit(void (*)(void*), void*, void*) { return 0; }

} // extern "C"

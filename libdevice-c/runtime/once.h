// A device-wide once for the runtime's lazily built objects (the classic locale,
// std::cout): a GPU runs no static constructors, so the first thread that needs one
// builds it while the others wait. `state`: 0 not built, 1 being built, 2 ready.
#pragma once

namespace circle_device {

// Room for a T that `once` constructs in place (a __device__ variable may not have a
// constructor that runs).
template <class T> struct Storage {
  alignas(T) unsigned char bytes[sizeof(T)];
  T* get() { return reinterpret_cast<T*>(bytes); }
};

template <class Build> void once(unsigned& state, Build build) {
  if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == 2) return;
  unsigned expected = 0;
  if (__atomic_compare_exchange_n(&state, &expected, 1u, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    build();
    __atomic_store_n(&state, 2u, __ATOMIC_RELEASE);
    return;
  }
  while (__atomic_load_n(&state, __ATOMIC_ACQUIRE) != 2) asm volatile("nanosleep.u32 64;");
}

} // namespace circle_device

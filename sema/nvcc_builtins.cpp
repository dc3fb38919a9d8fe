#include "sema/nvcc_builtins.h"

#include <string>

namespace circle {
namespace {

// One PTX instruction per operand size; the value travels as raw bits.
const char* kCacheHints = R"(
#define __CIRCLE_CACHED_LOAD(NAME, OP)                                                              \
  template <class _T> __device__ inline _T NAME(const _T* __p) {                                    \
    static_assert(sizeof(_T) == 1 || sizeof(_T) == 2 || sizeof(_T) == 4 || sizeof(_T) == 8 ||       \
                  sizeof(_T) == 16, #NAME " loads 1, 2, 4, 8 or 16 bytes");                         \
    _T __r;                                                                                         \
    if constexpr (sizeof(_T) == 1) {                                                                \
      unsigned __v; asm volatile("ld.global." OP ".u8 %0, [%1];" : "=r"(__v) : "l"(__p));           \
      unsigned char __c = (unsigned char)__v; __builtin_memcpy(&__r, &__c, 1);                      \
    } else if constexpr (sizeof(_T) == 2) {                                                         \
      unsigned short __v; asm volatile("ld.global." OP ".u16 %0, [%1];" : "=h"(__v) : "l"(__p));    \
      __builtin_memcpy(&__r, &__v, 2);                                                              \
    } else if constexpr (sizeof(_T) == 4) {                                                         \
      unsigned __v; asm volatile("ld.global." OP ".b32 %0, [%1];" : "=r"(__v) : "l"(__p));          \
      __builtin_memcpy(&__r, &__v, 4);                                                              \
    } else if constexpr (sizeof(_T) == 8) {                                                         \
      unsigned long long __v;                                                                       \
      asm volatile("ld.global." OP ".b64 %0, [%1];" : "=l"(__v) : "l"(__p));                        \
      __builtin_memcpy(&__r, &__v, 8);                                                              \
    } else {                                                                                        \
      unsigned long long __v[2];                                                                    \
      asm volatile("ld.global." OP ".v2.b64 {%0, %1}, [%2];" : "=l"(__v[0]), "=l"(__v[1]) : "l"(__p)); \
      __builtin_memcpy(&__r, __v, 16);                                                              \
    }                                                                                               \
    return __r;                                                                                     \
  }
#define __CIRCLE_CACHED_STORE(NAME, OP)                                                             \
  template <class _T> __device__ inline void NAME(_T* __p, _T __x) {                                \
    static_assert(sizeof(_T) == 1 || sizeof(_T) == 2 || sizeof(_T) == 4 || sizeof(_T) == 8 ||       \
                  sizeof(_T) == 16, #NAME " stores 1, 2, 4, 8 or 16 bytes");                        \
    if constexpr (sizeof(_T) == 1) {                                                                \
      unsigned char __c; __builtin_memcpy(&__c, &__x, 1);                                           \
      asm volatile("st.global." OP ".u8 [%0], %1;" :: "l"(__p), "r"((unsigned)__c) : "memory");    \
    } else if constexpr (sizeof(_T) == 2) {                                                         \
      unsigned short __v; __builtin_memcpy(&__v, &__x, 2);                                          \
      asm volatile("st.global." OP ".u16 [%0], %1;" :: "l"(__p), "h"(__v) : "memory");             \
    } else if constexpr (sizeof(_T) == 4) {                                                         \
      unsigned __v; __builtin_memcpy(&__v, &__x, 4);                                                \
      asm volatile("st.global." OP ".b32 [%0], %1;" :: "l"(__p), "r"(__v) : "memory");             \
    } else if constexpr (sizeof(_T) == 8) {                                                         \
      unsigned long long __v; __builtin_memcpy(&__v, &__x, 8);                                      \
      asm volatile("st.global." OP ".b64 [%0], %1;" :: "l"(__p), "l"(__v) : "memory");             \
    } else {                                                                                        \
      unsigned long long __v[2]; __builtin_memcpy(__v, &__x, 16);                                   \
      asm volatile("st.global." OP ".v2.b64 [%0], {%1, %2};" :: "l"(__p), "l"(__v[0]), "l"(__v[1]) : "memory"); \
    }                                                                                               \
  }
__CIRCLE_CACHED_LOAD(__ldg, "nc")
__CIRCLE_CACHED_LOAD(__ldca, "ca")
__CIRCLE_CACHED_LOAD(__ldcg, "cg")
__CIRCLE_CACHED_LOAD(__ldcs, "cs")
__CIRCLE_CACHED_LOAD(__ldlu, "lu")
__CIRCLE_CACHED_LOAD(__ldcv, "cv")
__CIRCLE_CACHED_STORE(__stwb, "wb")
__CIRCLE_CACHED_STORE(__stcg, "cg")
__CIRCLE_CACHED_STORE(__stcs, "cs")
__CIRCLE_CACHED_STORE(__stwt, "wt")
#undef __CIRCLE_CACHED_LOAD
#undef __CIRCLE_CACHED_STORE
)";

// The scope (last) argument defaults to the system's, as nvcc's does. The orders and
// scopes are nvcc's enumerators (its crt/device_functions.h declares them, a part of
// that header Clang's wrapper leaves out); the orders are the __ATOMIC_* values.
const char* kAtomics = R"(
#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1
enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL,
       __NV_ATOMIC_SEQ_CST };
enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER, __NV_THREAD_SCOPE_DEVICE,
       __NV_THREAD_SCOPE_SYSTEM };
template <class _T> __device__ inline _T __nv_atomic_load_n(_T* __p, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_load_n(__p, __order);
}
template <class _T> __device__ inline void __nv_atomic_load(_T* __p, _T* __ret, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_load(__p, __ret, __order);
}
template <class _T, class _U> __device__ inline void __nv_atomic_store_n(_T* __p, _U __x, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_store_n(__p, (_T)__x, __order);
}
template <class _T> __device__ inline void __nv_atomic_store(_T* __p, _T* __x, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_store(__p, __x, __order);
}
template <class _T, class _U> __device__ inline _T __nv_atomic_exchange_n(_T* __p, _U __x, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_exchange_n(__p, (_T)__x, __order);
}
template <class _T> __device__ inline void __nv_atomic_exchange(_T* __p, _T* __x, _T* __ret, int __order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_exchange(__p, __x, __ret, __order);
}
template <class _T, class _U>
__device__ inline bool __nv_atomic_compare_exchange_n(_T* __p, _T* __expected, _U __desired, bool __weak,
                                                      int __success, int __failure, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_compare_exchange_n(__p, __expected, (_T)__desired, __weak, __success, __failure);
}
template <class _T>
__device__ inline bool __nv_atomic_compare_exchange(_T* __p, _T* __expected, _T* __desired, bool __weak,
                                                    int __success, int __failure, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_compare_exchange(__p, __expected, __desired, __weak, __success, __failure);
}
#define __CIRCLE_NV_FETCH(OP)                                                                       \
  template <class _T, class _U> __device__ inline _T __nv_atomic_fetch_##OP(_T* __p, _U __x, int __order, int = __NV_THREAD_SCOPE_SYSTEM) { \
    return __atomic_fetch_##OP(__p, (_T)__x, __order);                                              \
  }
__CIRCLE_NV_FETCH(add)
__CIRCLE_NV_FETCH(sub)
__CIRCLE_NV_FETCH(and)
__CIRCLE_NV_FETCH(or)
__CIRCLE_NV_FETCH(xor)
__CIRCLE_NV_FETCH(min)
__CIRCLE_NV_FETCH(max)
#undef __CIRCLE_NV_FETCH
__device__ inline void __nv_atomic_thread_fence(int __order, int = __NV_THREAD_SCOPE_SYSTEM) { __atomic_thread_fence(__order); }
)";

// Clang's __prof_trigger is a macro whose asm wants a constant; nvcc's takes any int
// and chooses among the 16 performance-monitor events.
const char* kProfTrigger = R"(
#undef __prof_trigger
__device__ inline void __prof_trigger(int __event) {
  switch (__event) {
#define __CIRCLE_PMEVENT(N) case N: asm volatile("pmevent " #N ";"); break;
  __CIRCLE_PMEVENT(0) __CIRCLE_PMEVENT(1) __CIRCLE_PMEVENT(2) __CIRCLE_PMEVENT(3)
  __CIRCLE_PMEVENT(4) __CIRCLE_PMEVENT(5) __CIRCLE_PMEVENT(6) __CIRCLE_PMEVENT(7)
  __CIRCLE_PMEVENT(8) __CIRCLE_PMEVENT(9) __CIRCLE_PMEVENT(10) __CIRCLE_PMEVENT(11)
  __CIRCLE_PMEVENT(12) __CIRCLE_PMEVENT(13) __CIRCLE_PMEVENT(14) __CIRCLE_PMEVENT(15)
#undef __CIRCLE_PMEVENT
  }
}
)";

} // namespace

const char* nvccBuiltinsPreludeText() {
  static const std::string text = std::string(kCacheHints) + kAtomics + kProfTrigger;
  return text.c_str();
}

} // namespace circle

// The device functions nvcc builds in and the toolkit's headers call by name from the
// definitions they give as source (sm_20_intrinsics.hpp, crt/sm_80_rt.h,
// crt/sm_90_rt.hpp, crt/math_functions.h): circle compiles those headers' device
// side, so its device runtime defines what they call. Each is the PTX nvcc's own
// definition amounts to; tests/e2e/test_toolkit_functions.sh calls every function
// the headers declare.
// They are tagged __device__: Clang declares the NVVM built-ins they use so.
extern "C" __device__ void* malloc(size_t);

namespace {
// A generic pointer to shared memory as the 32-bit address cp.async takes.
__device__ unsigned sharedAddress(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ unsigned predicate(bool b) { return b ? 1u : 0u; }
} // namespace

extern "C" {
__device__ unsigned short __nv_bswap16_impl(unsigned short x) { return __builtin_bswap16(x); }
__device__ unsigned int __nv_bswap32_impl(unsigned int x) { return __builtin_bswap32(x); }
__device__ unsigned long long __nv_bswap64_impl(unsigned long long x) { return __builtin_bswap64(x); }

__device__ unsigned __nv_isGlobal_impl(const void* p) { return predicate(__nvvm_isspacep_global(p)); }
__device__ unsigned __nv_isShared_impl(const void* p) { return predicate(__nvvm_isspacep_shared(p)); }
__device__ unsigned __nv_isConstant_impl(const void* p) { return predicate(__nvvm_isspacep_const(p)); }
__device__ unsigned __nv_isLocal_impl(const void* p) { return predicate(__nvvm_isspacep_local(p)); }
__device__ unsigned __nv_isGridConstant_impl(const void* p) {
  unsigned r;
  asm("{ .reg .pred p; isspacep.param p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r) : "l"(p));
  return r;
}

// Thread block clusters (sm_90).
__device__ unsigned __nv_isClusterShared_impl(const void* p) {
  unsigned r;
  asm("{ .reg .pred p; isspacep.shared::cluster p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r) : "l"(p));
  return r;
}
__device__ void* __nv_cluster_map_shared_rank_impl(const void* p, unsigned rank) {
  void* r;
  asm("mapa.u64 %0, %1, %2;" : "=l"(r) : "l"(p), "r"(rank));
  return r;
}
__device__ unsigned __nv_cluster_query_shared_rank_impl(const void* p) {
  unsigned r;
  asm("getctarank.u64 %0, %1;" : "=r"(r) : "l"(p));
  return r;
}
__device__ unsigned __nv_clusterDimIsSpecifed_impl() {
  unsigned r;
  asm("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(r));
  return r;
}
#define CIRCLE_SREG3(FN, REG)                                                                       \
  __device__ void FN(unsigned* x, unsigned* y, unsigned* z) {                                                  \
    asm("mov.u32 %0, %%" REG ".x;" : "=r"(*x));                                                     \
    asm("mov.u32 %0, %%" REG ".y;" : "=r"(*y));                                                     \
    asm("mov.u32 %0, %%" REG ".z;" : "=r"(*z));                                                     \
  }
CIRCLE_SREG3(__nv_clusterDim_impl, "cluster_nctaid")
CIRCLE_SREG3(__nv_clusterRelativeBlockIdx_impl, "cluster_ctaid")
CIRCLE_SREG3(__nv_clusterGridDimInClusters_impl, "nclusterid")
CIRCLE_SREG3(__nv_clusterIdx_impl, "clusterid")
#undef CIRCLE_SREG3
__device__ unsigned __nv_clusterRelativeBlockRank_impl() {
  unsigned r;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ unsigned __nv_clusterSizeInBlocks_impl() {
  unsigned r;
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(r));
  return r;
}
__device__ void __nv_cluster_barrier_arrive_impl() { asm volatile("barrier.cluster.arrive;" ::: "memory"); }
__device__ void __nv_cluster_barrier_arrive_relaxed_impl() { asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory"); }
__device__ void __nv_cluster_barrier_wait_impl() { asm volatile("barrier.cluster.wait;" ::: "memory"); }
__device__ void __nv_threadfence_cluster_impl() { asm volatile("fence.acq_rel.cluster;" ::: "memory"); }

// Vector float atomics (sm_90), at the scope each name says.
#define CIRCLE_VECTOR_ADD(FN, SCOPE)                                                                \
  __device__ float2 FN##_2(float2* a, float2 v) {                                                              \
    float2 r;                                                                                       \
    asm volatile("atom" SCOPE ".global.v2.f32.add {%0, %1}, [%2], {%3, %4};"                        \
                 : "=f"(r.x), "=f"(r.y) : "l"(a), "f"(v.x), "f"(v.y) : "memory");                  \
    return r;                                                                                       \
  }                                                                                                 \
  __device__ float4 FN##_4(float4* a, float4 v) {                                                              \
    float4 r;                                                                                       \
    asm volatile("atom" SCOPE ".global.v4.f32.add {%0, %1, %2, %3}, [%4], {%5, %6, %7, %8};"        \
                 : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)                                       \
                 : "l"(a), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");                      \
    return r;                                                                                       \
  }
CIRCLE_VECTOR_ADD(circle_vector_add, "")
CIRCLE_VECTOR_ADD(circle_vector_add_block, ".cta")
CIRCLE_VECTOR_ADD(circle_vector_add_system, ".sys")
#undef CIRCLE_VECTOR_ADD
__device__ float2 __f2AtomicAdd(float2* a, float2 v) { return circle_vector_add_2(a, v); }
__device__ float2 __f2AtomicAdd_block(float2* a, float2 v) { return circle_vector_add_block_2(a, v); }
__device__ float2 __f2AtomicAdd_system(float2* a, float2 v) { return circle_vector_add_system_2(a, v); }
__device__ float4 __f4AtomicAdd(float4* a, float4 v) { return circle_vector_add_4(a, v); }
__device__ float4 __f4AtomicAdd_block(float4* a, float4 v) { return circle_vector_add_block_4(a, v); }
__device__ float4 __f4AtomicAdd_system(float4* a, float4 v) { return circle_vector_add_system_4(a, v); }

// cp.async of 4, 8 or 16 bytes (sm_80), zero-filling past src_size.
__device__ void __nv_memcpy_async_shared_global_4_impl(void* dst, const void* src, unsigned size) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(sharedAddress(dst)), "l"(src), "r"(size)
               : "memory");
}
__device__ void __nv_memcpy_async_shared_global_8_impl(void* dst, const void* src, unsigned size) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(sharedAddress(dst)), "l"(src), "r"(size)
               : "memory");
}
__device__ void __nv_memcpy_async_shared_global_16_impl(void* dst, const void* src, unsigned size) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(sharedAddress(dst)), "l"(src), "r"(size)
               : "memory");
}

// An access-property hint for the L2 cache (cuda::annotated_ptr): the pointer itself,
// without the hint.
__device__ void* __nv_associate_access_property_impl(const void* p, unsigned long long) { return (void*)p; }

// The device heap's blocks are 16-byte aligned; a wider alignment it cannot promise
// while free() takes the block back: such a request returns null, as one the heap
// request the heap cannot satisfy (README: Device libraries).
__device__ void* __nv_aligned_device_malloc_impl(size_t size, size_t align) {
  if (align == 0 || (align & (align - 1)) != 0 || align > 16) return nullptr;
  return malloc(size);
}
}

// glibc's assert() calls __assert_fail. In a __host__ __device__ function the host's
// declaration is the one Sema picks (Clang's headers give the device side its own,
// which kernels pick), so device code can reach it by name: it reports as CUDA's
// device assert does. Named by label: this file sees Clang's device overload too.
extern "C" __device__ void __assertfail(const char*, const char*, unsigned, const char*, size_t);
__device__ void circle_assert_fail(const char* message, const char* file, unsigned line,
                                   const char* function) __asm__("__assert_fail");
__device__ void circle_assert_fail(const char* message, const char* file, unsigned line, const char* function) {
  __assertfail(message, file, line, function, sizeof(char));
}

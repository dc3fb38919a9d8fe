// libstdc++ asks glibc's __libc_single_threaded whether reference counts (shared_ptr,
// locale, string COW remnants) may skip atomics. A GPU runs many threads: never.
extern "C" __device__ char __libc_single_threaded = 0;

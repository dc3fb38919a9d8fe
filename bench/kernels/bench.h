// What every kernel benchmark shares: a median kernel time from CUDA events, and one
// line per measurement that bench/kernels/run.sh reads:
//   RESULT <name> <checksum>     (the circle and nvcc builds must agree)
//   TIME <name> <milliseconds>   (median of the repetitions)
//   REFERENCE <name> <checksum>  (optional: what the host computes for it; an output
//                                 that differs from it is wrong, and its time not compared)
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>

#define BENCH_CHECK(call)                                                                \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

// Runs `launch` once to warm up, then `reps` times, each timed alone.
template <class F>
float medianMs(F launch, int reps = 15) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  launch();
  BENCH_CHECK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  BENCH_CHECK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return t[t.size() / 2];
}

// FNV-1a over the bytes: identical results give identical checksums.
inline uint64_t checksum(const void* data, size_t bytes) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

template <class T>
void report(const char* name, const std::vector<T>& out, float ms) {
  std::printf("RESULT %s %016llx\n", name, (unsigned long long)checksum(out.data(), out.size() * sizeof(T)));
  std::printf("TIME %s %.4f\n", name, ms);
}

template <class T>
void reportReference(const char* name, const std::vector<T>& expected) {
  std::printf("REFERENCE %s %016llx\n", name, (unsigned long long)checksum(expected.data(), expected.size() * sizeof(T)));
}

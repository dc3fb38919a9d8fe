// Temporary storage for Thrust's algorithms from a cache that keeps freed blocks
// (thrust::cuda::par(storage)): with cudaMalloc/cudaFree inside the timed region the
// whole-algorithm times moved by up to 20% from run to run on the H100, more than the
// kernels differ.
#pragma once
#include "bench.h"
#include <map>

struct CachedStorage {
  using value_type = char;
  std::multimap<std::ptrdiff_t, char*> free;
  std::map<char*, std::ptrdiff_t> used;
  char* allocate(std::ptrdiff_t n) {
    char* p;
    if (auto it = free.find(n); it != free.end()) {
      p = it->second;
      free.erase(it);
    } else {
      BENCH_CHECK(cudaMalloc(&p, n));
    }
    used[p] = n;
    return p;
  }
  void deallocate(char* p, size_t) {
    free.emplace(used[p], p);
    used.erase(p);
  }
  ~CachedStorage() {
    for (auto& [n, p] : free) cudaFree(p);
  }
};

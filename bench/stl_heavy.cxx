// Benchmark input: STL-heavy host code (many headers, many instantiations) beside
// kernels that use header-only standard algorithms (constexpr in C++20, so nvcc
// accepts them with --expt-relaxed-constexpr).
#include <cuda_runtime.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

__global__ void sort_rows(int* data) {
  std::array<int, 16> row;
  for (int i = 0; i < 16; ++i) row[i] = data[threadIdx.x * 16 + i];
  std::sort(row.begin(), row.end());
  int lo = *std::min_element(row.begin(), row.end());
  int hi = *std::max_element(row.begin(), row.end());
  for (int i = 0; i < 16; ++i) data[threadIdx.x * 16 + i] = std::clamp(row[i], lo + 1, hi - 1);
}

__global__ void scan_rows(float* data) {
  std::array<float, 8> v{};
  for (int i = 0; i < 8; ++i) v[i] = data[threadIdx.x * 8 + i];
  std::partial_sum(v.begin(), v.end(), v.begin());
  data[threadIdx.x] = std::accumulate(v.begin(), v.end(), 0.0f);
}

int main() {
  std::map<std::string, std::vector<int>> index;
  std::unordered_map<int, std::set<std::string>> reverse;
  std::vector<std::function<int(int)>> steps = {[](int x) { return x + 1; }, [](int x) { return x * 2; }};
  for (int i = 0; i < 100; ++i) {
    std::ostringstream os;
    os << "key" << i % 17;
    index[os.str()].push_back(i);
    reverse[i % 5].insert(os.str());
  }
  int acc = 0;
  for (auto& [k, v] : index) acc += std::accumulate(v.begin(), v.end(), 0);
  for (auto& f : steps) acc = f(acc);
  int* d;
  float* f;
  cudaMalloc(&d, 64 * 16 * sizeof(int));
  cudaMalloc(&f, 64 * 8 * sizeof(float));
  sort_rows<<<1, 64>>>(d);
  scan_rows<<<1, 64>>>(f);
  printf("%d %zu\n", acc, reverse.size());
}

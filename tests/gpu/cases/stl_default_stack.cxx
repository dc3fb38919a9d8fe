// The standard library in one kernel launched <<<1, 1>>> without touching
// cudaLimitStackSize: sort and the map/set destructors recurse, so ptxas cannot size
// the stack and CUDA's default 1 KiB per thread was too little (an illegal memory
// access). circle bounds the stack from ptxas's frames and raises the limit before
// the launch; the limit the program sees afterwards is printed.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

__global__ void kernel(int* out) {
  std::vector<int> v;
  for (int i = 0; i < 200; ++i) v.push_back((i * 7919) % 1000);
  std::sort(v.begin(), v.end());
  std::set<int> s(v.begin(), v.end());
  std::map<int, std::string> m;
  for (int i = 0; i < 50; ++i) m[v[i * 4]] = std::to_string(i);
  auto p = std::make_unique<int>(41);
  std::function<int(int)> f = [](int x) { return x + 1; };
  std::optional<int> o = f(*p);
  std::variant<int, std::string> var = std::string("variant");
  out[0] = v.front() + v.back();
  out[1] = (int)s.size();
  out[2] = (int)m.size() + (int)m.begin()->second.size();
  out[3] = *o;
  out[4] = (int)std::get<std::string>(var).size();
}

int main() {
  size_t before = 0, after = 0;
  cudaDeviceGetLimit(&before, cudaLimitStackSize);
  int* out;
  cudaMalloc(&out, 5 * sizeof(int));
  kernel<<<1, 1>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  int h[5] = {};
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  cudaDeviceGetLimit(&after, cudaLimitStackSize);
  printf("%s: %d %d %d %d %d\n", cudaGetErrorString(e), h[0], h[1], h[2], h[3], h[4]);
  printf("stack limit %s (default %zu)\n", after > before ? "raised" : "unchanged", before);
  return e != cudaSuccess;
}

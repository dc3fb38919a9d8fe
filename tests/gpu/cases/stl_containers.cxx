// Standard containers and algorithms inside a kernel, each printing what it holds.
// The same function runs on the host first: the two halves of the output must match.
// (shared_ptr is left out: see tests/gpu/cases/shared_ptr.cxx.)
#include <cuda_runtime.h>
#include <algorithm>
#include <array>
#include <bitset>
#include <cstdio>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <queue>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

void exercise(const char* where) {
  std::map<int, int> m;
  for (int i = 0; i < 20; ++i) m[(i * 7) % 13] += i;
  m.erase(5);
  std::set<int> s;
  for (int i = 0; i < 30; ++i) s.insert((i * 5) % 11);
  s.erase(3);
  std::unordered_map<int, int> u;
  for (int i = 0; i < 50; ++i) u[i % 17] += i;
  std::deque<int> d;
  for (int i = 0; i < 40; ++i) { d.push_back(i); d.push_front(-i); }
  std::list<int> l{5, 3, 9, 1, 7};
  l.sort();
  l.reverse();
  std::priority_queue<int> pq;
  for (int i : {4, 8, 1, 9, 3}) pq.push(i);
  std::function<int(int)> twice = [](int x) { return x * 2; };
  std::optional<int> o = 7;
  auto up = std::make_unique<int>(11);
  auto sp = std::make_unique<std::tuple<int, float>>(3, 2.5f);
  std::array<int, 5> arr{4, 2, 3, 1, 5};
  std::sort(arr.begin(), arr.end());
  std::string_view sv = "hello, device";
  std::bitset<16> bits(0xF0F1);
  std::vector<int> v(12);
  std::iota(v.begin(), v.end(), 1);
  std::nth_element(v.begin(), v.begin() + 4, v.end(), std::greater<>());
  int fifth = v[4];
  std::stable_sort(v.begin(), v.end(), [](int a, int b) { return a % 3 < b % 3; });
  std::vector<int> sums(v.size());
  std::partial_sum(v.begin(), v.end(), sums.begin());
  auto lb = std::lower_bound(arr.begin(), arr.end(), 3) - arr.begin();

  printf("%s: map", where);
  for (auto [k, x] : m) printf(" %d:%d", k, x);
  printf("\n%s: set", where);
  for (int x : s) printf(" %d", x);
  int usum = 0;
  for (auto [k, x] : u) usum += k * x;
  printf("\n%s: unordered_map size %d weighted sum %d\n", where, (int)u.size(), usum);
  printf("%s: deque size %d front %d back %d [10] %d\n", where, (int)d.size(), d.front(), d.back(), d[10]);
  printf("%s: list", where);
  for (int x : l) printf(" %d", x);
  printf("\n%s: priority_queue top %d, function %d, optional %d, unique_ptr %d\n", where, pq.top(), twice(21), *o,
         *up);
  printf("%s: tuple %d %.1f\n", where, std::get<0>(*sp), std::get<1>(*sp));
  printf("%s: array %d %d %d %d %d lower_bound(3) %d\n", where, arr[0], arr[1], arr[2], arr[3], arr[4], (int)lb);
  printf("%s: string_view %d '%c' find %d, bitset count %d\n", where, (int)sv.size(), sv[7], (int)sv.find("dev"),
         (int)bits.count());
  printf("%s: nth_element %d, stable_sort", where, fifth);
  for (int x : v) printf(" %d", x);
  printf(", partial_sum back %d accumulate %d\n", sums.back(), std::accumulate(v.begin(), v.end(), 0));
}

__global__ void kernel() { exercise("device"); }

int main() {
  exercise("host");
  // The kernel's frame is large and std::map's destructor recurses: circle warns at
  // compile time that 1 KiB of stack per thread may not do.
  cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024);
  kernel<<<1, 1>>>();
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) printf("kernel failed: %s\n", cudaGetErrorString(err));
}

// -fgpu-host-globals: kernels read and write the program's own host variables, the
// host's objects themselves (dynamic initialisers run by the host, writes seen by both
// sides after a synchronisation), as a program written for one processor expects.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

int counter = 5;
std::map<int, std::string> names = {{1, "one"}, {2, "two"}, {3, "three"}};
std::vector<int> squares = [] {
  std::vector<int> v;
  for (int i = 0; i < 8; ++i) v.push_back(i * i);
  return v;
}();
struct tracker {
  static int made;
  static inline int inlined = 7;
};
int tracker::made = 0;
template <typename T> struct box { static T value; };
template <typename T> T box<T>::value = T(3);
const double scale[4] = {1.5, 2.5, 3.5, 4.5};
int* results = nullptr;
namespace {
long hidden = 100; // internal linkage
}

__global__ void first(int n) {
  int i = threadIdx.x;
  if (i < n) atomicAdd(&counter, i); // 0 + 1 + ... + 7 = 28
  if (i == 0) {
    tracker::made++;
    results[0] = names.size();
    results[1] = (int)names.find(3)->second.size();
    results[2] = tracker::inlined + box<int>::value;
    hidden += 1;
  }
  if (i < n) results[4 + i] = squares[i] + (int)(scale[i % 4] * 2);
}

__global__ void second() {
  // Sees what the host wrote between the launches.
  results[3] = counter + box<int>::value + (int)hidden;
  // The host's map, written in place. (A node the device allocated would live in the
  // device's heap, which the host cannot read or free: README, "-fgpu-host-globals".)
  names.find(2)->second[0] = 'T';
}

int main() {
  cudaMallocManaged(&results, 12 * sizeof(int));
  first<<<1, 32>>>(8);
  cudaError_t e = cudaDeviceSynchronize();
  printf("first: %s\n", cudaGetErrorString(e));
  printf("counter %d made %d hidden %ld\n", counter, tracker::made, hidden);
  printf("results %d %d %d\n", results[0], results[1], results[2]);
  for (int i = 0; i < 8; ++i) printf("%d ", results[4 + i]);
  printf("\n");
  counter = 1000;
  box<int>::value = 20;
  second<<<1, 1>>>();
  e = cudaDeviceSynchronize();
  printf("second: %s, %d\n", cudaGetErrorString(e), results[3]);
  for (const auto& [k, v] : names) printf("%d=%s ", k, v.c_str());
  printf("\n");
}

// -fgpu-host-globals: kernels read and write the program's own host variables, the
// host's objects themselves (dynamic initialisers run by the host, writes seen by both
// sides after a synchronisation), as a program written for one processor expects.
// Only the variables' own bytes: what they point to in the host's heap (a std::map's
// nodes) a kernel reaches only where the GPU reads pageable memory (HMM), which the
// suite's machines lack.
#include <array>
#include <cstdio>
#include <cstring>

int counter = 5;
struct table {
  int keys[3];
  char names[3][8];
};
table make_table() {
  table t{};
  const char* words[] = {"one", "two", "three"};
  for (int i = 0; i < 3; ++i) {
    t.keys[i] = i + 1;
    std::strcpy(t.names[i], words[i]);
  }
  return t;
}
table names = make_table(); // a dynamic initialiser, run by the host
std::array<int, 8> squares = [] {
  std::array<int, 8> v{};
  for (int i = 0; i < 8; ++i) v[i] = i * i;
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
int* results = nullptr; // a pointer the host sets to device-visible memory
namespace {
long hidden = 100; // internal linkage
}

__device__ int length(const char* s) {
  int n = 0;
  while (s[n]) ++n;
  return n;
}

__global__ void first(int n) {
  int i = threadIdx.x;
  if (i < n) atomicAdd(&counter, i); // 0 + 1 + ... + 7 = 28
  if (i == 0) {
    tracker::made++;
    results[0] = names.keys[2];
    results[1] = length(names.names[2]);
    results[2] = tracker::inlined + box<int>::value;
    hidden += 1;
  }
  if (i < n) results[4 + i] = squares[i] + (int)(scale[i % 4] * 2);
}

__global__ void second() {
  // Sees what the host wrote between the launches.
  results[3] = counter + box<int>::value + (int)hidden;
  names.names[1][0] = 'T'; // the host's object, written in place
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
  for (int i = 0; i < 3; ++i) printf("%d=%s ", names.keys[i], names.names[i]);
  printf("\n");
}

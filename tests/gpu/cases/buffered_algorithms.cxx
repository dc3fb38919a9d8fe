// libstdc++'s algorithms that work through a temporary buffer from the heap
// (stable_partition, stable_sort, inplace_merge) on a thread's local arrays, and
// std::move / std::copy between heap and local memory with run-time lengths: each
// moves elements between address spaces with memmove, which LLVM's NVPTX back end
// deleted (stable_partition left its tail as it was). Every result is compared with
// the host's run of the same code.
#include <algorithm>
#include <cstdio>
#include <new>

constexpr int kN = 37, kRuns = 8;

struct Results {
  int partitioned[kRuns][kN];
  int sorted[kRuns][kN];
  int merged[kRuns][kN];
  int moved[kRuns][kN];
};

void fill(int* x, int run) {
  unsigned s = 2654435761u * unsigned(run + 1);
  for (int i = 0; i < kN; ++i) {
    s = s * 1103515245u + 12345u;
    x[i] = int(s >> 16) % 100;
  }
}

void work(Results& r, int run) {
  int x[kN];
  fill(x, run);
  std::stable_partition(x, x + kN, [run](int v) { return v % (run + 2) == 0; });
  std::copy(x, x + kN, r.partitioned[run]);

  fill(x, run);
  std::stable_sort(x, x + kN, [](int a, int b) { return a / 10 < b / 10; }); // ties keep their order
  std::copy(x, x + kN, r.sorted[run]);

  fill(x, run);
  int half = kN / 2 - run;
  std::sort(x, x + half);
  std::sort(x + half, x + kN);
  std::inplace_merge(x, x + half, x + kN);
  std::copy(x, x + kN, r.merged[run]);

  fill(x, run);
  int* heap = static_cast<int*>(::operator new(kN * sizeof(int), std::nothrow));
  int count = kN - 3 * run; // run-time lengths both ways
  for (int i = 0; i < kN; ++i) heap[i] = -i;
  std::move(heap, heap + count, x);
  std::move(x + run, x + kN, heap);
  std::copy(heap, heap + kN, r.moved[run]);
  ::operator delete(heap);
}

__global__ void kernel(Results* r) {
  int run = threadIdx.x;
  if (run < kRuns) work(*r, run);
}

int main() {
  Results* device = nullptr;
  if (cudaMallocManaged(&device, sizeof(Results)) != cudaSuccess) {
    std::printf("no CUDA device\n");
    return 1;
  }
  kernel<<<1, 32>>>(device);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(e));
    return 1;
  }
  static Results host;
  for (int run = 0; run < kRuns; ++run) work(host, run);
  const char* names[] = {"stable_partition", "stable_sort", "inplace_merge", "move heap<->local"};
  const int(*d[])[kN] = {device->partitioned, device->sorted, device->merged, device->moved};
  const int(*h[])[kN] = {host.partitioned, host.sorted, host.merged, host.moved};
  for (int a = 0; a < 4; ++a) {
    int same = 0;
    for (int run = 0; run < kRuns; ++run) same += std::equal(d[a][run], d[a][run] + kN, h[a][run]);
    std::printf("%-18s %d of %d runs as the host's\n", names[a], same, kRuns);
  }
  std::printf("stable_partition, run 0:");
  for (int i = 0; i < 12; ++i) std::printf(" %d", device->partitioned[0][i]);
  std::printf(" ...\n");
}

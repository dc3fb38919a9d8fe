// Threads that end themselves with `asm volatile("exit;")`, as CUB's onesweep kernel does
// after its short cut: circle treats the asm as the end of the thread
// (targets/nvptx/thread_exits.h), so nothing after it may run for those threads, and
// the others go on, past a barrier the exited threads no longer wait at.
#include <cstdio>
#include <vector>

__global__ void finish_early(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (i % 7 == 3 || i >= n) {
    out[i] = -v;
    asm volatile("exit;");
  }
  __shared__ int sum;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, v);
  __syncthreads();
  out[i] = v * 2 + (v > 0) + (sum & 1);
}

int main() {
  const int threads = 128, blocks = 8, total = threads * blocks;
  std::vector<int> h(total);
  for (int i = 0; i < total; ++i) h[i] = (i * 37) % 101 - 50;
  int *in, *out;
  cudaMalloc(&in, total * sizeof(int));
  cudaMalloc(&out, total * sizeof(int));
  cudaMemcpy(in, h.data(), total * sizeof(int), cudaMemcpyHostToDevice);
  for (int n : {total, total - 100, 5}) {
    cudaMemset(out, 0, total * sizeof(int));
    finish_early<<<blocks, threads>>>(in, out, n);
    std::vector<int> o(total);
    cudaMemcpy(o.data(), out, total * sizeof(int), cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < total; ++i) sum += (long long)o[i] * (i % 11 + 1);
    std::printf("n=%d: %lld, out[3]=%d out[4]=%d\n", n, sum, o[3], o[4]);
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}

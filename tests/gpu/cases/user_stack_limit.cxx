// A stack limit the program set itself stays: circle raises CUDA's per-thread stack
// limit for a kernel ptxas cannot size only over CUDA's default or over a limit circle
// set before (nvcc leaves the program's limit alone; cuda-samples' interval sets 8 KiB
// and times its launches). First launch: the default, raised to circle's bound (64
// levels of depth_sum's frame). Then the program sets 4 KiB, below that bound but
// plenty for the 10 levels this run takes: the second launch keeps it.
#include <cstdio>

__device__ int depth_sum(int n, int* trail) {
  int local[16];
  for (int i = 0; i < 16; ++i) local[i] = n * i + trail[i];
  trail[n] = local[n & 15];
  return n == 0 ? 0 : local[1] + depth_sum(n - 1, trail);
}

__global__ void recurse(int n, int* out, int* trail) { *out = depth_sum(n, trail); }

int run(int* out, int* trail) {
  cudaMemset(trail, 0, 64 * sizeof(int));
  recurse<<<1, 1>>>(10, out, trail);
  cudaError_t e = cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("%s: sum %d\n", cudaGetErrorString(e), h);
  return e != cudaSuccess;
}

int main() {
  int *out, *trail;
  cudaMalloc(&out, sizeof(int));
  cudaMalloc(&trail, 64 * sizeof(int));
  size_t limit = 0;
  int failed = run(out, trail);
  cudaDeviceGetLimit(&limit, cudaLimitStackSize);
  printf("circle's limit over the default: %s\n", limit > 4096 ? "above 4096" : "not raised enough");
  cudaDeviceSetLimit(cudaLimitStackSize, 4096);
  failed |= run(out, trail);
  cudaDeviceGetLimit(&limit, cudaLimitStackSize);
  printf("the program's limit after the launch: %zu\n", limit);
  return failed;
}

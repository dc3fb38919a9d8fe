// gpu-suite: sm_90
// The sm_80 warp reductions (__reduce_{add,min,max}_sync on int and unsigned,
// __reduce_{and,or,xor}_sync), over full and partial masks and divergent lanes.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void reduce(const int* in, int* out) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int v = in[threadIdx.x];
  unsigned u = static_cast<unsigned>(v) * 2654435761u;
  int* o = out + warp * 10;
  o[0] = __reduce_add_sync(0xffffffff, v);
  o[1] = __reduce_min_sync(0xffffffff, v);
  o[2] = __reduce_max_sync(0xffffffff, v);
  o[3] = static_cast<int>(__reduce_add_sync(0xffffffffu, u));
  o[4] = static_cast<int>(__reduce_min_sync(0xffffffffu, u));
  o[5] = static_cast<int>(__reduce_max_sync(0xffffffffu, u));
  o[6] = static_cast<int>(__reduce_and_sync(0xffffffffu, u | 0x80000001u));
  o[7] = static_cast<int>(__reduce_or_sync(0xffffffffu, 1u << lane));
  o[8] = static_cast<int>(__reduce_xor_sync(0xffffffffu, u));
  // Only the even lanes take part.
  if (lane % 2 == 0) {
    int even = __reduce_add_sync(0x55555555, v);
    if (lane == 0) o[9] = even;
  }
}

int main() {
  const int threads = 96;
  int host[threads];
  for (int i = 0; i < threads; ++i) host[i] = (i * 7919) % 1000 - 500;
  int *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, 3 * 10 * sizeof(int));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  reduce<<<1, threads>>>(in, out);
  int result[30];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  for (int w = 0; w < 3; ++w) {
    printf("warp %d:", w);
    for (int k = 0; k < 10; ++k) printf(" %d", result[w * 10 + k]);
    printf("\n");
  }
}

// PTX special registers read with one '%' in extended inline assembly, as CUDA code
// from the internet writes them (nvcc accepts it; the canonical form is '%%').
#include <cuda_runtime.h>
#include <cstdio>

__global__ void read(unsigned long long* t, unsigned* lane) {
  unsigned long long a, b;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(a));
  __nanosleep(1000);
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(b));
  unsigned l;
  asm("mov.u32 %0, %laneid;" : "=r"(l));
  if (threadIdx.x == 5) {
    t[0] = a;
    t[1] = b;
    *lane = l;
  }
}

int main() {
  unsigned long long* t;
  unsigned* lane;
  cudaMalloc(&t, 2 * sizeof(unsigned long long));
  cudaMalloc(&lane, sizeof(unsigned));
  read<<<1, 32>>>(t, lane);
  unsigned long long h[2];
  unsigned l = 0;
  cudaMemcpy(h, t, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&l, lane, sizeof l, cudaMemcpyDeviceToHost);
  printf("globaltimer read: %s, advances: %s, lane of thread 5: %u\n", h[0] != 0 ? "yes" : "no",
         h[1] >= h[0] ? "yes" : "no", l);
  return 0;
}

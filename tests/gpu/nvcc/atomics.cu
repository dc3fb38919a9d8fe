// Atomics on int, unsigned, long long, float and double, plus a CAS loop on a struct.
#include <cuda_runtime.h>
#include <cstdio>

struct pair_t { int count; int max; };

__device__ void add_pair(unsigned long long* slot, int v) {
  unsigned long long old = *slot, assumed;
  do {
    assumed = old;
    pair_t p;
    memcpy(&p, &assumed, sizeof p);
    p.count += 1;
    p.max = p.max > v ? p.max : v;
    unsigned long long next;
    memcpy(&next, &p, sizeof p);
    old = atomicCAS(slot, assumed, next);
  } while (old != assumed);
}

__global__ void hammer(int* i, unsigned* u, unsigned long long* ll, float* f, double* d,
                       unsigned long long* pair) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&i[0], 1);
  atomicSub(&i[1], 2);
  atomicMax(&i[2], t);
  atomicMin(&i[3], -t);
  atomicExch(&i[4], 7);
  atomicAnd(&i[5], ~(1 << (t % 16)));
  atomicOr(&i[6], 1 << (t % 20));
  atomicXor(&i[7], t);
  atomicInc(&u[0], 99);
  atomicDec(&u[1], 1000);
  atomicAdd(&u[2], 3u);
  atomicAdd(&ll[0], 1ull << 33);
  atomicMax(&ll[1], (unsigned long long)t * t);
  atomicAdd(&f[0], 0.5f);
  atomicAdd(&d[0], 0.25);
  atomicAdd_block(&i[8], 1);
  atomicAdd_system(&i[9], 1);
  add_pair(pair, t % 97);
}

int main() {
  int* i; unsigned* u; unsigned long long* ll; float* f; double* d; unsigned long long* pair;
  cudaMallocManaged(&i, 10 * sizeof(int)); cudaMallocManaged(&u, 3 * sizeof(unsigned));
  cudaMallocManaged(&ll, 2 * sizeof(long long)); cudaMallocManaged(&f, sizeof(float));
  cudaMallocManaged(&d, sizeof(double)); cudaMallocManaged(&pair, sizeof(long long));
  for (int k = 0; k < 10; ++k) i[k] = 0;
  i[5] = -1;
  u[0] = 0; u[1] = 0; u[2] = 0; ll[0] = 0; ll[1] = 0; *f = 0; *d = 0; *pair = 0;
  hammer<<<8, 128>>>(i, u, ll, f, d, pair);
  cudaDeviceSynchronize();
  printf("int:");
  for (int k = 0; k < 10; ++k) printf(" %d", i[k]);
  printf("\nunsigned: %u %u %u\nlong long: %llu %llu\nfloat %.1f double %.2f\n", u[0], u[1], u[2], ll[0], ll[1], *f, *d);
  pair_t p;
  memcpy(&p, pair, sizeof p);
  printf("pair: count %d max %d\n", p.count, p.max);
}

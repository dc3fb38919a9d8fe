// cuRAND's device API: XORWOW states seeded with subsequences (curand_init skips ahead
// through curand_kernel.h's matrix-vector product, whose `#pragma unroll` sits in a
// __CUDA_ARCH__ guard), Philox and MRG32k3a, with uniform, normal and Poisson draws and
// skipahead. What each thread draws is printed as sums: nvcc's build prints the same.
#include <curand_kernel.h>
#include <cstdio>

template <class State>
__global__ void draw(unsigned long long seed, double* out, unsigned* bits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  State s;
  curand_init(seed, id, 3, &s);
  skipahead(5ull, &s);
  double u = 0, n = 0;
  for (int i = 0; i < 8; ++i) {
    u += curand_uniform_double(&s);
    n += curand_normal(&s);
  }
  bits[id] = curand(&s) ^ curand_poisson(&s, 4.5);
  out[2 * id] = u, out[2 * id + 1] = n;
}

template <class State>
void run(const char* name) {
  const int threads = 256;
  double* out;
  unsigned* bits;
  cudaMallocManaged(&out, 2 * threads * sizeof(double));
  cudaMallocManaged(&bits, threads * sizeof(unsigned));
  draw<State><<<2, threads / 2>>>(1234, out, bits);
  if (cudaError_t e = cudaDeviceSynchronize()) {
    printf("%s: %s\n", name, cudaGetErrorString(e));
    return;
  }
  double u = 0, n = 0;
  unsigned x = 0;
  for (int i = 0; i < threads; ++i) u += out[2 * i], n += out[2 * i + 1], x ^= bits[i] * (i + 1);
  printf("%s: uniform %.9f normal %.4f bits %08x\n", name, u, n, x);
  cudaFree(out);
  cudaFree(bits);
}

int main() {
  run<curandStateXORWOW_t>("xorwow");
  run<curandStatePhilox4_32_10_t>("philox");
  run<curandStateMRG32k3a_t>("mrg32k3a");
}

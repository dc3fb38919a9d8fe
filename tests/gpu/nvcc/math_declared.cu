// The device functions CUDA's math headers declare that Clang's headers do not define:
// nan()/nanf() with a tag known only at run time, CUDA 13's __tanhf, and glibc's
// classification functions behind signbit/isinf/isnan of long double.
#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void declared(const char* tags, unsigned long long* bits, int* flags, const float* in, float* approx) {
  double d = nan(tags);        // "0x2a"
  float f = nanf(tags + 8);    // "7"
  memcpy(&bits[0], &d, 8);
  unsigned u; memcpy(&u, &f, 4); bits[1] = u;
  long double values[] = {-0.0L, 1.5L, (long double)INFINITY, (long double)NAN};
  for (int i = 0; i < 4; ++i) {
    flags[3 * i] = signbit(values[i]) != 0;
    flags[3 * i + 1] = isinf(values[i]) != 0;
    flags[3 * i + 2] = isnan(values[i]) != 0;
  }
  // Inputs from memory: computed in the kernel, whether a*b+c is fused depends on unrolling.
  for (int i = 0; i < 16; ++i) approx[i] = __tanhf(in[i]);
}

int main() {
  char* tags; unsigned long long* bits; int* flags; float *in, *approx;
  cudaMallocManaged(&tags, 16); cudaMallocManaged(&bits, 16); cudaMallocManaged(&flags, 12 * sizeof(int));
  cudaMallocManaged(&in, 16 * sizeof(float)); cudaMallocManaged(&approx, 16 * sizeof(float));
  for (int i = 0; i < 16; ++i) in[i] = -4.0f + 0.55f * i;
  memcpy(tags, "0x2a\0\0\0\0" "7\0", 10);
  declared<<<1, 1>>>(tags, bits, flags, in, approx);
  if (cudaError_t e = cudaDeviceSynchronize()) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
  printf("nan(\"0x2a\") %016llx nanf(\"7\") %08llx\n", bits[0], bits[1]);
  for (int i = 0; i < 4; ++i) printf("signbit %d isinf %d isnan %d\n", flags[3 * i], flags[3 * i + 1], flags[3 * i + 2]);
  for (int i = 0; i < 16; ++i) { unsigned b; memcpy(&b, &approx[i], 4); printf("__tanhf(%g) = %08x\n", in[i], b); }
}

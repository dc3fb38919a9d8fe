// The torchao FP6 kernel trap (seed 001) without the trap. With nvcc the kernel sat
// inside `#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800`: the host pass
// instantiated fpx_kernel<3, 2> and launched it, the sm_75 pass never defined it, and
// an sm_75 GPU ran... something. circle has no __CUDA_ARCH__; the kernel exists for
// every target with the same signature, and `if target` decides what its body does.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

// Round x to a float with MANTISSA fraction bits and an EXPONENT-bit exponent range.
template <int EXPONENT, int MANTISSA>
float quantize(float x) {
  int e;
  float m = std::frexp(x, &e); // x = m * 2^e, 0.5 <= |m| < 1
  const int bias = (1 << (EXPONENT - 1)) - 1;
  e = std::fmax(std::fmin(e, bias + 1), 2 - bias);
  float scale = float(1 << (MANTISSA + 1));
  return std::ldexp(std::round(m * scale) / scale, e);
}

template <int EXPONENT, int MANTISSA>
__global__ void fpx_kernel(const float* in, float* out, int n, int* unsupported) {
  if target(__nvvm_current_device_sm >= 80) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = quantize<EXPONENT, MANTISSA>(in[i]);
  } else {
    // Older GPUs get the kernel too, so the launch always finds it; it says no.
    if (threadIdx.x == 0 && blockIdx.x == 0) *unsupported = 1;
  }
}

int main() {
  const int n = 8;
  float host_in[n] = {0.1f, -0.7f, 1.3f, 2.9f, -3.14159f, 5.5f, 0.015f, -11.0f};
  float *in, *out;
  int* unsupported;
  cudaMalloc(&in, sizeof host_in);
  cudaMalloc(&out, sizeof host_in);
  cudaMallocManaged(&unsupported, sizeof(int));
  *unsupported = 0;
  cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice);

  fpx_kernel</*EXPONENT=*/3, /*MANTISSA=*/2><<<1, n>>>(in, out, n, unsupported);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess || *unsupported) {
    printf("fpx_kernel: %s\n", err != cudaSuccess ? cudaGetErrorString(err) : "this GPU is older than sm_80");
    return 1;
  }
  float host_out[n];
  cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("%g -> %g\n", host_in[i], host_out[i]);
}

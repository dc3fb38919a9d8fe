// Half and bfloat16 arithmetic through cuda_fp16.h and cuda_bf16.h.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdio>

__global__ void halves(float* out) {
  int t = threadIdx.x;
  __half a = __float2half(1.5f + t), b = __float2half(0.25f);
  __half c = __hadd(a, b), d = __hmul(a, b), e = __hfma(a, b, c);
  __nv_bfloat16 x = __float2bfloat16(2.0f + t), y = __float2bfloat16(0.5f);
  __nv_bfloat16 z = __hmul(x, y);
  __half2 h2 = __floats2half2_rn(t, 2 * t);
  __half2 s2 = __hadd2(h2, h2);
  out[t * 6 + 0] = __half2float(c);
  out[t * 6 + 1] = __half2float(d);
  out[t * 6 + 2] = __half2float(e);
  out[t * 6 + 3] = __bfloat162float(z);
  out[t * 6 + 4] = __low2float(s2);
  out[t * 6 + 5] = __high2float(s2) + (__hlt(a, b) ? 100 : 0);
}

int main() {
  float* out;
  cudaMallocManaged(&out, 4 * 6 * sizeof(float));
  halves<<<1, 4>>>(out);
  cudaDeviceSynchronize();
  for (int t = 0; t < 4; ++t) {
    for (int k = 0; k < 6; ++k) printf(" %g", out[t * 6 + k]);
    printf("\n");
  }
}

// The toolkit's own narrow-float conversions (cuda_fp8.h, cuda_fp6.h, cuda_fp4.h) in
// kernels: each has a device path behind `#if __CUDA_ARCH__ >= 890` (one cvt) and an
// emulation for older targets and the host, and both must round as nvcc's build does.
// Every 8-bit code is decoded, and a sweep of floats (normals, subnormals, ties, NaN,
// infinities) and doubles is encoded with and without saturation.
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>

constexpr int kCodes = 256;
constexpr int kValues = 4096;

__host__ __device__ float sweep(int i) {
  if (i == 0) return NAN;
  if (i == 1) return INFINITY;
  if (i == 2) return -INFINITY;
  // Magnitudes from 2^-20 to 2^20, with fractions that land on and between codes.
  float m = 1.0f + (i % 64) / 64.0f + ((i % 7) == 0 ? 1.0f / 128.0f : 0.0f);
  float v = ldexpf(m, (i / 64) % 41 - 20);
  return (i & 1) ? -v : v;
}

__global__ void decode(float* out) {
  int c = threadIdx.x + blockIdx.x * blockDim.x;
  if (c >= kCodes) return;
  __nv_fp8_storage_t x = (__nv_fp8_storage_t)c;
  out[c * 4 + 0] = __half2float(__half(__nv_cvt_fp8_to_halfraw(x, __NV_E4M3)));
  out[c * 4 + 1] = __half2float(__half(__nv_cvt_fp8_to_halfraw(x, __NV_E5M2)));
  __half2 pair = __half2(__nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(c | (255 - c) << 8), __NV_E4M3));
  out[c * 4 + 2] = __high2float(pair) - __low2float(pair);
  out[c * 4 + 3] = float(__nv_fp6_e2m3(__nv_fp6_e2m3())) + float(*reinterpret_cast<const __nv_fp8_e5m2*>(&x));
}

__global__ void encode(unsigned* out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= kValues) return;
  float v = sweep(i);
  float2 pair = make_float2(v, sweep(kValues - 1 - i));
  unsigned r = 0;
  r |= __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
  r |= __nv_cvt_float_to_fp8(v, __NV_NOSAT, __NV_E5M2) << 8;
  r |= (unsigned)__nv_cvt_float2_to_fp8x2(pair, __NV_SATFINITE, __NV_E5M2) << 16;
  out[i * 4 + 0] = r;
  out[i * 4 + 1] = __nv_cvt_double_to_fp8((double)v * 1.0000001, __NV_SATFINITE, __NV_E4M3) |
                   (unsigned)__nv_cvt_halfraw2_to_fp8x2(__half2(__float2half(v), __float2half(-v)), __NV_SATFINITE,
                                                        __NV_E4M3) << 8;
  out[i * 4 + 2] = __nv_cvt_float_to_fp6(v, __NV_E2M3, cudaRoundNearest) |
                   __nv_cvt_float_to_fp6(v, __NV_E3M2, cudaRoundNearest) << 8 |
                   __nv_cvt_float_to_fp4(v, __NV_E2M1, cudaRoundNearest) << 16;
  out[i * 4 + 3] = __nv_fp8_e4m3(v).__x | __nv_fp8_e5m2(v).__x << 8 | __nv_fp8_e4m3(pair.y).__x << 16;
}

int main() {
  float* decoded;
  unsigned* encoded;
  cudaMallocManaged(&decoded, kCodes * 4 * sizeof(float));
  cudaMallocManaged(&encoded, kValues * 4 * sizeof(unsigned));
  decode<<<kCodes / 128, 128>>>(decoded);
  encode<<<kValues / 256, 256>>>(encoded);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  // FNV-1a over each column's bits, then a few values as the user sees them.
  for (int col = 0; col < 4; ++col) {
    unsigned h = 2166136261u;
    for (int c = 0; c < kCodes; ++c) {
      unsigned bits;
      std::memcpy(&bits, &decoded[c * 4 + col], 4);
      h = (h ^ bits) * 16777619u;
    }
    printf("decode %d: %08x\n", col, h);
  }
  for (int col = 0; col < 4; ++col) {
    unsigned h = 2166136261u;
    for (int i = 0; i < kValues; ++i) h = (h ^ encoded[i * 4 + col]) * 16777619u;
    printf("encode %d: %08x\n", col, h);
  }
  for (int c : {0, 1, 8, 0x38, 0x7e, 0x7f, 0x80, 0xfe})
    printf("e4m3 %02x = %g, e5m2 %02x = %g\n", c, decoded[c * 4], c, decoded[c * 4 + 1]);
  for (int i : {0, 1, 2, 3, 100, 1000, 2047, 4095})
    printf("%g -> %08x %08x %08x %08x\n", sweep(i), encoded[i * 4], encoded[i * 4 + 1], encoded[i * 4 + 2],
           encoded[i * 4 + 3]);
  return 0;
}

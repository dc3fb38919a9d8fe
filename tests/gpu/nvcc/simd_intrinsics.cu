// CUDA's SIMD-within-a-word functions, every one, on edge values and pseudo-random words:
// a checksum per function and a few values, which must be nvcc's. circle computes the
// add/sub (wrapping and saturating) and equality ones with word arithmetic instead of
// PTX's emulated video instructions (targets/nvptx/simd_video.h).
#include <cstdio>

#define BINARY(X) X(vabsdiffs2) X(vabsdiffs4) X(vabsdiffu2) X(vabsdiffu4) X(vadd2) X(vadd4) X(vaddss2) \
  X(vaddss4) X(vaddus2) X(vaddus4) X(vavgs2) X(vavgs4) X(vavgu2) X(vavgu4) X(vcmpeq2) X(vcmpeq4)        \
  X(vcmpges2) X(vcmpges4) X(vcmpgeu2) X(vcmpgeu4) X(vcmpgts2) X(vcmpgts4) X(vcmpgtu2) X(vcmpgtu4)       \
  X(vcmples2) X(vcmples4) X(vcmpleu2) X(vcmpleu4) X(vcmplts2) X(vcmplts4) X(vcmpltu2) X(vcmpltu4)       \
  X(vcmpne2) X(vcmpne4) X(vhaddu2) X(vhaddu4) X(vmaxs2) X(vmaxs4) X(vmaxu2) X(vmaxu4) X(vmins2)         \
  X(vmins4) X(vminu2) X(vminu4) X(vsads2) X(vsads4) X(vsadu2) X(vsadu4) X(vseteq2) X(vseteq4)           \
  X(vsetges2) X(vsetges4) X(vsetgeu2) X(vsetgeu4) X(vsetgts2) X(vsetgts4) X(vsetgtu2) X(vsetgtu4)       \
  X(vsetles2) X(vsetles4) X(vsetleu2) X(vsetleu4) X(vsetlts2) X(vsetlts4) X(vsetltu2) X(vsetltu4)       \
  X(vsetne2) X(vsetne4) X(vsub2) X(vsub4) X(vsubss2) X(vsubss4) X(vsubus2) X(vsubus4)
#define UNARY(X) X(vabs2) X(vabs4) X(vabsss2) X(vabsss4) X(vneg2) X(vneg4) X(vnegss2) X(vnegss4)

#define COUNT(f) +1
constexpr int kBinary = 0 BINARY(COUNT), kUnary = 0 UNARY(COUNT);
const char* names[] = {
#define NAME(f) #f,
    BINARY(NAME) UNARY(NAME)};

__global__ void apply(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  int f = 0;
#define CALL2(g) out[(f++) * n + i] = __##g(x, y);
#define CALL1(g) out[(f++) * n + i] = __##g(x);
  BINARY(CALL2) UNARY(CALL1)
}

int main() {
  // Every pair of the lane values that matter (0, 1, 0x7f, 0x80, 0xff...) in each lane
  // position, then xorshift words.
  const unsigned edges[] = {0x00, 0x01, 0x7e, 0x7f, 0x80, 0x81, 0xfe, 0xff};
  const int n = 64 * 64 + 8192;
  unsigned *a, *b, *out;
  cudaMallocManaged(&a, n * 4); cudaMallocManaged(&b, n * 4);
  cudaMallocManaged(&out, size_t(kBinary + kUnary) * n * 4);
  int k = 0;
  for (unsigned i = 0; i < 64; ++i)
    for (unsigned j = 0; j < 64; ++j, ++k) {
      unsigned x = edges[i % 8], y = edges[j % 8], x2 = edges[i / 8], y2 = edges[j / 8];
      a[k] = x | x2 << 8 | x << 16 | x2 << 24 | (i & 1) << 15;
      b[k] = y | y2 << 8 | y2 << 16 | y << 24 | (j & 2) << 22;
    }
  unsigned s = 2463534242u;
  for (; k < n; ++k) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5; a[k] = s;
    s ^= s << 13; s ^= s >> 17; s ^= s << 5; b[k] = s;
  }
  apply<<<(n + 255) / 256, 256>>>(a, b, out, n);
  if (cudaError_t e = cudaDeviceSynchronize()) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
  for (int f = 0; f < kBinary + kUnary; ++f) {
    unsigned long long h = 1469598103934665603ull;
    for (int i = 0; i < n; ++i) h = (h ^ out[f * n + i]) * 1099511628211ull;
    printf("%-11s %016llx %08x %08x\n", names[f], h, out[f * n + 9], out[f * n + n - 1]);
  }
}

// A radix sort's digit pass: each key's digit is counted into shared memory, the block
// waits and scans the counts, then each key reads its digit's offset by the same digit.
// circle extracts the digits again after the barrier (targets/nvptx/bitfield_extracts.h),
// here for every shift and width a sort uses (widths 0-12, fields reaching past bit 31)
// and for constant masks; each key is still needed where its digit is used again, as in a
// sort's scatter. The offsets are deterministic: the sums are exact.
#include <cstdio>
#include <vector>

constexpr int kItems = 6, kThreads = 128;

__global__ void digit_offsets(const unsigned* keys, unsigned* out, int shift, int bits) {
  __shared__ unsigned counts[4096];
  unsigned k[kItems];
  for (int i = 0; i < kItems; ++i) k[i] = keys[(blockIdx.x * kItems + i) * kThreads + threadIdx.x];
  for (int t = threadIdx.x; t < 4096; t += kThreads) counts[t] = 0;
  __syncthreads();
  unsigned mask = ~(~0u << bits);
  for (int i = 0; i < kItems; ++i) atomicAdd(&counts[(k[i] >> shift) & mask], 1u);
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned sum = 0;
    for (int d = 0; d <= int(mask); ++d) {
      unsigned c = counts[d];
      counts[d] = sum;
      sum += c;
    }
  }
  __syncthreads();
  for (int i = 0; i < kItems; ++i) {
    unsigned digit = (k[i] >> shift) & mask;
    out[(blockIdx.x * kItems + i) * kThreads + threadIdx.x] = counts[digit] * 31 + digit + (k[i] >> 16);
  }
}

// Constant masks: a 6-bit field in the middle and a 5-bit field at the top.
__global__ void constant_fields(const unsigned* keys, unsigned* out) {
  __shared__ unsigned low[64], high[32];
  unsigned k[kItems];
  for (int i = 0; i < kItems; ++i) k[i] = keys[(blockIdx.x * kItems + i) * kThreads + threadIdx.x];
  if (threadIdx.x < 64) low[threadIdx.x] = 0;
  if (threadIdx.x < 32) high[threadIdx.x] = 0;
  __syncthreads();
  for (int i = 0; i < kItems; ++i) {
    atomicAdd(&low[(k[i] >> 9) & 63], 1u);
    atomicAdd(&high[(k[i] >> 27) & 31], 1u);
  }
  __syncthreads();
  for (int i = 0; i < kItems; ++i)
    out[(blockIdx.x * kItems + i) * kThreads + threadIdx.x] =
        low[(k[i] >> 9) & 63] * 1000 + high[(k[i] >> 27) & 31] + (k[i] & 7);
}

int main() {
  const int blocks = 24, n = blocks * kItems * kThreads;
  std::vector<unsigned> h(n);
  unsigned s = 2463534242u;
  for (unsigned& v : h) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    v = s;
  }
  unsigned *keys, *out;
  cudaMalloc(&keys, n * sizeof(unsigned));
  cudaMalloc(&out, n * sizeof(unsigned));
  cudaMemcpy(keys, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  std::vector<unsigned> o(n);
  auto report = [&](const char* what) {
    cudaMemcpy(o.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned long long sum = 0;
    for (int i = 0; i < n; ++i) sum += (unsigned long long)o[i] * (i % 97 + 1);
    std::printf("%s: %llu\n", what, sum);
  };
  const int fields[][2] = {{0, 8}, {8, 8}, {24, 8}, {28, 8}, {31, 4}, {5, 0}, {3, 1}, {20, 12}, {0, 11}};
  for (auto& f : fields) {
    digit_offsets<<<blocks, kThreads>>>(keys, out, f[0], f[1]);
    char what[64];
    std::snprintf(what, sizeof what, "shift %d bits %d", f[0], f[1]);
    report(what);
  }
  constant_fields<<<blocks, kThreads>>>(keys, out);
  report("constant fields");
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}

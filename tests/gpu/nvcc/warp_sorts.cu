// gpu-suite: relaxed-constexpr
// std::sort per thread with 1, 2, 3 and 32 working lanes per warp: circle's build runs
// libstdc++'s introsort for one or two lanes and its heap-sort path for three or more
// (targets/nvptx/warp_sorts.h); nvcc's build heap-sorts throughout (its std::__lg).
// Each line is checked against the host's std::sort; keys are ints, so every correct
// sort prints the same. Counts above 16 only: nvcc's own build sorts exactly 16 wrongly
// (bench/RESULTS.md: its std::move_backward).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

constexpr int kRow = 64;

__global__ void sort_rows(const int* in, int* out, int n, int lanes, bool descending) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 31) >= lanes) return;
  int local[kRow];
  if (n < 0) n = 17 + (threadIdx.x * 13) % 48; // a count of its own per lane
  for (int i = 0; i < n; ++i) local[i] = in[r * kRow + i];
  if (descending) std::sort(local, local + n, std::greater<int>());
  else std::sort(local, local + n);
  for (int i = 0; i < n; ++i) out[r * kRow + i] = local[i];
}

// The count a constant: the introsort's recursion unrolled into the kernel.
__global__ void sort_rows_64(const int* in, int* out, int lanes) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 31) >= lanes) return;
  int local[kRow];
  for (int i = 0; i < kRow; ++i) local[i] = in[r * kRow + i];
  std::sort(local, local + kRow);
  for (int i = 0; i < kRow; ++i) out[r * kRow + i] = local[i];
}

int main() {
  const int threads = 1 << 14, block = 128;
  const char* inputs[] = {"random", "sorted", "reversed", "few keys"};
  std::vector<int> h(threads * kRow), o(h.size());
  int *in, *out;
  cudaMalloc(&in, h.size() * 4);
  cudaMalloc(&out, h.size() * 4);
  for (int input = 0; input < 4; ++input) {
    unsigned s = 11 + input;
    for (int i = 0; i < threads * kRow; ++i) {
      s = s * 1664525u + 1013904223u;
      h[i] = input == 0 ? int(s >> 8) : input == 1 ? i % kRow : input == 2 ? kRow - i % kRow : int(s >> 29);
    }
    cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
    for (int lanes : {1, 2, 3, 32})
      for (int n : {17, 40, kRow, -1, 0})
        for (bool descending : {false, true}) {
          if (n == 0 && descending) continue;
          cudaMemset(out, 0, h.size() * 4);
          if (n == 0) sort_rows_64<<<threads / block, block>>>(in, out, lanes);
          else sort_rows<<<threads / block, block>>>(in, out, n, lanes, descending);
          cudaError_t e = cudaDeviceSynchronize();
          cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
          int wrong = 0;
          unsigned sum = 0;
          for (int r = 0; r < threads; ++r) {
            int lane = r % block % 32, count = n > 0 ? n : n == 0 ? kRow : 17 + (r % block * 13) % 48;
            std::vector<int> ref(kRow, 0);
            if (lane < lanes) {
              std::copy(h.begin() + r * kRow, h.begin() + r * kRow + count, ref.begin());
              if (descending) std::sort(ref.begin(), ref.begin() + count, std::greater<int>());
              else std::sort(ref.begin(), ref.begin() + count);
            }
            if (!std::equal(ref.begin(), ref.end(), o.begin() + r * kRow)) ++wrong;
            for (int i = 0; i < kRow; ++i) sum = sum * 31 + unsigned(o[r * kRow + i]);
          }
          std::printf("%-8s lanes %2d, %s%s: %s, %d rows wrong, checksum %08x\n", inputs[input], lanes,
                      n == 0 ? "64 (a constant)" : n < 0 ? "17..64 by lane" : n == 17 ? "17" : n == 40 ? "40" : "64",
                      descending ? ", descending" : "", cudaGetErrorString(e), wrong, sum);
        }
  }
  cudaFree(in);
  cudaFree(out);
}

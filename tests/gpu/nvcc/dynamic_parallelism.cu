// gpu-suite: rdc
// Dynamic parallelism: kernels launch kernels from the device. A parent grid sizes
// and launches one child grid per block; a kernel launches itself down to depth 4
// (a tree of launches, counted per depth) on the default, fire-and-forget and
// tail-launch streams; a child's work is checked by the host.
#include <cuda_runtime.h>
#include <cstdio>

__device__ unsigned launches_at_depth[3][8];

__global__ void fill_segment(int* data, int begin, int count, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) data[begin + i] = value + i;
}

// One thread per block decides how much work its segment has and launches it.
__global__ void parent(int* data, const int* sizes, const int* offsets) {
  if (threadIdx.x != 0) return;
  int n = sizes[blockIdx.x];
  int threads = 32, blocks = (n + threads - 1) / threads;
  fill_segment<<<blocks, threads>>>(data, offsets[blockIdx.x], n, 1000 * (blockIdx.x + 1));
}

__global__ void tree(int stream_kind, int depth, int fanout) {
  atomicAdd(&launches_at_depth[stream_kind][depth], 1u);
  if (depth == 4 || threadIdx.x != 0) return;
  if (stream_kind == 0) tree<<<fanout, 1>>>(stream_kind, depth + 1, fanout);
  if (stream_kind == 1) tree<<<fanout, 1, 0, cudaStreamFireAndForget>>>(stream_kind, depth + 1, fanout);
  if (stream_kind == 2) tree<<<fanout, 1, 0, cudaStreamTailLaunch>>>(stream_kind, depth + 1, fanout);
}

struct Params {
  int scale;
  float bias;
};

__global__ void with_struct(Params p, float* out) { out[threadIdx.x] = p.scale * threadIdx.x + p.bias; }
__global__ void launch_with_struct(float* out) {
  Params p{3, 0.5f};
  with_struct<<<1, 8>>>(p, out);
}

int main() {
  const int segments = 6;
  int sizes[segments] = {5, 40, 1, 64, 33, 100}, offsets[segments], total = 0;
  for (int i = 0; i < segments; ++i) offsets[i] = total, total += sizes[i];
  int *data, *dsizes, *doffsets;
  cudaMallocManaged(&data, total * sizeof(int));
  cudaMallocManaged(&dsizes, sizeof sizes);
  cudaMallocManaged(&doffsets, sizeof offsets);
  for (int i = 0; i < segments; ++i) dsizes[i] = sizes[i], doffsets[i] = offsets[i];
  parent<<<segments, 32>>>(data, dsizes, doffsets);
  cudaError_t err = cudaDeviceSynchronize();
  printf("parent/child: %s\n", cudaGetErrorString(err));
  long sum = 0;
  bool ok = true;
  for (int s = 0; s < segments; ++s)
    for (int i = 0; i < sizes[s]; ++i) {
      ok &= data[offsets[s] + i] == 1000 * (s + 1) + i;
      sum += data[offsets[s] + i];
    }
  printf("segments filled correctly: %s, sum %ld\n", ok ? "yes" : "no", sum);

  for (int kind = 0; kind < 3; ++kind) tree<<<1, 2>>>(kind, 0, 3);
  err = cudaDeviceSynchronize();
  unsigned counts[3][8];
  cudaMemcpyFromSymbol(counts, launches_at_depth, sizeof counts);
  const char* streams[] = {"default stream", "fire and forget", "tail launch"};
  for (int kind = 0; kind < 3; ++kind) {
    printf("tree on the %s: %s;", streams[kind], cudaGetErrorString(err));
    for (int d = 0; d <= 4; ++d) printf(" depth %d: %u", d, counts[kind][d]);
    printf("\n");
  }

  float* out;
  cudaMallocManaged(&out, 8 * sizeof(float));
  launch_with_struct<<<1, 1>>>(out);
  err = cudaDeviceSynchronize();
  printf("struct argument: %s;", cudaGetErrorString(err));
  for (int i = 0; i < 8; ++i) printf(" %.1f", out[i]);
  printf("\n");
}

// libcu++'s block barrier and pipeline in __shared__ memory, as the CUDA guide writes
// them: cuda::barrier with init/arrive_and_wait, and a two-stage cuda::pipeline
// copying tiles with memcpy_async.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void reverse_with_barrier(const int* in, int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int tile[128];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  tile[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  bar.arrive_and_wait();
  out[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x];
  bar.arrive_and_wait();
}

__global__ void sum_tiles(const int* in, int* out, int tiles) {
  constexpr int stages = 2;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, stages> state;
  __shared__ int buffer[stages][128];
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int acc = 0;
  for (int fetch = 0, use = 0; use < tiles; ++use) {
    for (; fetch < tiles && fetch < use + stages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buffer[fetch % stages], in + fetch * 128, sizeof(int) * 128, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += buffer[use % stages][threadIdx.x];
    pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}

int main() {
  const int n = 4 * 128;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reverse_with_barrier<<<4, 128>>>(in, out);
  int r[n];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("barrier: %d %d %d %d\n", r[0], r[127], r[128], r[511]);
  sum_tiles<<<1, 128>>>(in, out, 4);
  cudaMemcpy(r, out, 128 * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("pipeline: %d %d %d\n", r[0], r[1], r[127]);
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  cudaFree(in);
  cudaFree(out);
}

// Twelve composed lambdas applied in a loop whose trip count is known only at run time.
#include "bench.h"

template <class F, class G>
struct Compose {
  F f;
  G g;
  __host__ __device__ float operator()(float x) const { return g(f(x)); }
};
template <class F, class G>
__host__ __device__ Compose<F, G> compose(F f, G g) { return {f, g}; }

template <class F>
__global__ void apply(F f, const float* in, float* out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i];
  for (int r = 0; r < rounds; ++r) v = f(v);
  out[i] = v;
}

int main(int argc, char**) {
  const int n = 1 << 22;
  int rounds = 16 + argc; // not a constant the compiler can see
  auto f = compose(compose(compose([] __host__ __device__(float x) { return x * 1.0001f + 0.5f; },
                                   [] __host__ __device__(float x) { return x * 0.9999f - 0.25f; }),
                           compose([] __host__ __device__(float x) { return x * x * 0.001f + x; },
                                   [] __host__ __device__(float x) { return x * 0.5f + 0.125f; })),
                   compose(compose([] __host__ __device__(float x) { return x * 1.5f - 0.75f; },
                                   [] __host__ __device__(float x) { return x * 0.75f + 0.0625f; }),
                           compose(compose([] __host__ __device__(float x) { return x * 0.999f + 0.001f; },
                                           [] __host__ __device__(float x) { return x * 1.001f - 0.001f; }),
                                   compose(compose([] __host__ __device__(float x) { return x * 0.9f + 0.1f; },
                                                   [] __host__ __device__(float x) { return x * 1.1f - 0.1f; }),
                                           compose([] __host__ __device__(float x) { return x * 0.95f + 0.05f; },
                                                   [] __host__ __device__(float x) { return x * 1.05f; })))));
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = float(i % 977) / 977.0f;
  float *In, *Out;
  BENCH_CHECK(cudaMalloc(&In, n * 4));
  cudaMalloc(&Out, n * 4);
  cudaMemcpy(In, h.data(), n * 4, cudaMemcpyHostToDevice);
  float ms = medianMs([&] { apply<<<n / 256, 256>>>(f, In, Out, n, rounds); });
  cudaMemcpy(h.data(), Out, n * 4, cudaMemcpyDeviceToHost);
  report("lambda_pipeline", h, ms);
}

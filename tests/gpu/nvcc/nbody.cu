// All-pairs n-body: 1024 bodies, shared-memory tiles of positions, 10 leapfrog steps.
// Printed to 3 significant digits (the two compilers may contract a*b+c differently).
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kTile = 128;

__global__ void forces(const float4* pos, float4* vel, int n, float dt) {
  __shared__ float4 tile[kTile];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float3 acc = {0, 0, 0};
  for (int t = 0; t < n / kTile; ++t) {
    tile[threadIdx.x] = pos[t * kTile + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < kTile; ++j) {
      float3 r = {tile[j].x - p.x, tile[j].y - p.y, tile[j].z - p.z};
      float d2 = r.x * r.x + r.y * r.y + r.z * r.z + 0.01f;
      float inv = rsqrtf(d2);
      float s = tile[j].w * inv * inv * inv;
      acc.x += r.x * s;
      acc.y += r.y * s;
      acc.z += r.z * s;
    }
    __syncthreads();
  }
  vel[i].x += acc.x * dt;
  vel[i].y += acc.y * dt;
  vel[i].z += acc.z * dt;
}

__global__ void advance(float4* pos, const float4* vel, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  pos[i].x += vel[i].x * dt;
  pos[i].y += vel[i].y * dt;
  pos[i].z += vel[i].z * dt;
}

int main() {
  const int n = 1024;
  std::vector<float4> pos(n), vel(n, float4{0, 0, 0, 0});
  for (int i = 0; i < n; ++i) {
    float a = i * 0.61803f, r = 1.0f + (i % 17) * 0.1f;
    pos[i] = {r * cosf(a), r * sinf(a), (i % 7) * 0.05f - 0.15f, 1.0f / n};
  }
  float4 *dpos, *dvel;
  cudaMalloc(&dpos, n * sizeof(float4));
  cudaMalloc(&dvel, n * sizeof(float4));
  cudaMemcpy(dpos, pos.data(), n * sizeof(float4), cudaMemcpyHostToDevice);
  cudaMemcpy(dvel, vel.data(), n * sizeof(float4), cudaMemcpyHostToDevice);
  for (int step = 0; step < 10; ++step) {
    forces<<<n / kTile, kTile>>>(dpos, dvel, n, 0.01f);
    advance<<<n / kTile, kTile>>>(dpos, dvel, 0.01f);
  }
  cudaMemcpy(pos.data(), dpos, n * sizeof(float4), cudaMemcpyDeviceToHost);
  double cx = 0, cy = 0, spread = 0;
  for (const float4& p : pos) {
    cx += p.x / n;
    cy += p.y / n;
  }
  for (const float4& p : pos) spread += std::sqrt((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)) / n;
  printf("%s: centre (%.3f, %.3f) mean radius %.3g body0 (%.3g, %.3g)\n", cudaGetErrorString(cudaGetLastError()), cx,
         cy, spread, pos[0].x, pos[0].y);
}

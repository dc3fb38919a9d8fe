// The particles demo of Circle's CUDA guide, in miniature: the physics is written once,
// as lambdas handed to one generic transform, which runs them through CUDA (a kernel
// launch), through Vulkan (the same kernel as a compute shader) or on the host. Every
// position sits on a 1/16 grid, so the float arithmetic is exact and the three must
// agree bit for bit.
//   circle --cuda-path=/usr/local/cuda -sm_75 -sm_90 -spirv transform.cxx -o transform
#include <circle/vulkan.hpp>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

struct vec3 {
  float x, y, z;
};
vec3 operator+(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
vec3 operator-(vec3 a, vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
vec3 operator*(vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
float dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

struct ivec3 {
  int x, y, z;
};

struct params_t {
  vec3 origin;
  float inv_cell; // 1 / cell size, a power of two
  int grid;       // cells per axis, a power of two
  float radius2, spring, damping, dt;
};

// Ordinary functions, for every target.
ivec3 calc_grid_pos(vec3 p, const params_t& params) {
  return {int(floorf((p.x - params.origin.x) * params.inv_cell)), int(floorf((p.y - params.origin.y) * params.inv_cell)),
          int(floorf((p.z - params.origin.z) * params.inv_cell))};
}
int hash_grid_pos(ivec3 g, const params_t& params) {
  int mask = params.grid - 1;
  return ((g.z & mask) * params.grid + (g.y & mask)) * params.grid + (g.x & mask);
}
vec3 collide_spheres(vec3 a, vec3 b, const params_t& params) {
  vec3 d = a - b;
  float d2 = dot(d, d);
  return d2 > 0 && d2 < params.radius2 ? d * params.spring : vec3{0, 0, 0};
}
float snap(float v) { return floorf(v * 16 + 0.5f) * (1.0f / 16); }
int which_target() {
  if target(__is_spirv_target) return 2;
  else if target(__is_host_target) return 0;
  else return 1;
}

// One kernel for both GPU APIs: launched with <<< >>> on CUDA, dispatched as a
// compute shader on Vulkan.
template <typename F>
[[spirv::comp(128)]] void transform_kernel(F f, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) f(i);
}

enum class api { host, cuda, vulkan };

template <typename F>
void transform(api a, circle::vulkan::context* vk, const F& f, int count) {
  int groups = (count + 127) / 128;
  if (a == api::host)
    for (int i = 0; i < count; ++i) f(i);
  else if (a == api::cuda) {
    transform_kernel<<<groups, 128>>>(f, count);
    cudaDeviceSynchronize();
  } else
    vk->dispatch(transform_kernel<F>, groups, f, count);
}

struct particles {
  vec3 *pos, *vel, *vel_out;
  int *cell, *target;
};

void step(api a, circle::vulkan::context* vk, particles p, int n, const params_t& params) {
  transform(a, vk, [=](int i) {
    vec3 pos = p.pos[i];
    vec3 f{0, 0, 0};
    for (int j = 0; j < n; ++j)
      if (j != i) f = f + collide_spheres(pos, p.pos[j], params);
    p.vel_out[i] = (p.vel[i] + f) * params.damping;
    p.cell[i] = hash_grid_pos(calc_grid_pos(pos, params), params);
    p.target[i] = which_target();
  }, n);
  transform(a, vk, [=](int i) {
    vec3 v = p.vel_out[i];
    p.vel[i] = {snap(v.x), snap(v.y), snap(v.z)};
    vec3 x = p.pos[i] + p.vel[i] * params.dt;
    p.pos[i] = {snap(x.x), snap(x.y), snap(x.z)};
  }, n);
}

constexpr int kParticles = 1024, kSteps = 3;

void initialize(particles p) {
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (int i = 0; i < kParticles; ++i) {
    p.pos[i] = {float(next() >> 25) / 16, float(next() >> 25) / 16, float(next() >> 25) / 16};
    p.vel[i] = {float(int(next() >> 28) - 8) / 16, 0, float(int(next() >> 28) - 8) / 16};
  }
}

// FNV-1a over the simulation's state.
uint32_t checksum(particles p) {
  uint32_t h = 2166136261u;
  auto mix = [&](const void* data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) h = (h ^ static_cast<const unsigned char*>(data)[i]) * 16777619u;
  };
  mix(p.pos, kParticles * sizeof(vec3));
  mix(p.vel, kParticles * sizeof(vec3));
  mix(p.cell, kParticles * sizeof(int));
  return h;
}

uint32_t simulate(api a, circle::vulkan::context* vk, particles p, int& target) {
  const params_t params{{0, 0, 0}, 2.0f, 16, 0.25f, 1.0f / 32, 0.5f, 1.0f / 16};
  initialize(p);
  for (int s = 0; s < kSteps; ++s) step(a, vk, p, kParticles, params);
  target = p.target[0];
  return checksum(p);
}

int main() {
  static vec3 hpos[kParticles], hvel[kParticles], hout[kParticles];
  static int hcell[kParticles], htarget[kParticles];
  int target;
  uint32_t host = simulate(api::host, nullptr, {hpos, hvel, hout, hcell, htarget}, target);
  printf("host:   checksum %08x (target %d)\n", host, target);
  int failures = 0;

  try {
    circle::vulkan::context vk;
    auto pos = vk.alloc<vec3>(kParticles), vel = vk.alloc<vec3>(kParticles), out = vk.alloc<vec3>(kParticles);
    auto cell = vk.alloc<int>(kParticles), tgt = vk.alloc<int>(kParticles);
    // The shaders read and write through the buffers' device addresses; the host
    // through their mappings. Both views are filled from the same simulation.
    particles dev{pos.device(), vel.device(), out.device(), cell.device(), tgt.device()};
    particles view{pos.host(), vel.host(), out.host(), cell.host(), tgt.host()};
    initialize(view);
    const params_t params{{0, 0, 0}, 2.0f, 16, 0.25f, 1.0f / 32, 0.5f, 1.0f / 16};
    for (int s = 0; s < kSteps; ++s) step(api::vulkan, &vk, dev, kParticles, params);
    uint32_t sum = checksum(view);
    printf("vulkan: checksum %08x (target %d): %s\n", sum, view.target[0], sum == host ? "same as host" : "DIFFERS");
    failures += sum != host || view.target[0] != 2;
  } catch (const circle::vulkan::error& e) {
    printf("vulkan: unavailable (%s)\n", e.what());
  }

  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("cuda:   no CUDA device\n");
  } else {
    particles p;
    cudaMallocManaged(&p.pos, kParticles * sizeof(vec3));
    cudaMallocManaged(&p.vel, kParticles * sizeof(vec3));
    cudaMallocManaged(&p.vel_out, kParticles * sizeof(vec3));
    cudaMallocManaged(&p.cell, kParticles * sizeof(int));
    cudaMallocManaged(&p.target, kParticles * sizeof(int));
    uint32_t sum = simulate(api::cuda, nullptr, p, target);
    cudaError_t err = cudaGetLastError();
    printf("cuda:   checksum %08x (target %d): %s%s\n", sum, target, sum == host ? "same as host" : "DIFFERS",
           err == cudaSuccess ? "" : (std::string(" ") + cudaGetErrorString(err)).c_str());
    failures += sum != host || target != 1;
  }
  return failures != 0;
}

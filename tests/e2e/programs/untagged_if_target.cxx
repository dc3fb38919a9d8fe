// One untagged function for both sides: the GPU-only branch is never generated for
// the host, so host code may call it.
#include <cstdio>
int where() {
  if target(__is_host_target) return -1;
  else return threadIdx.x;
}
float scratch(float v) {
  if target(__is_host_target) {
    return v;
  } else {
    __shared__ float tile[32];
    tile[threadIdx.x % 32] = v;
    __syncthreads();
    return tile[0];
  }
}
__global__ void k(float* out) { out[threadIdx.x] = where() + scratch(1); }
int main() { printf("host: %d %g\n", where(), scratch(2.5f)); }

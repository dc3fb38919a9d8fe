__device__ int sum(int v) {
  return __reduce_add_sync(0xffffffffu, v);
}
__global__ void k(int* p) { p[threadIdx.x] = sum(p[threadIdx.x]); }
int main() {}

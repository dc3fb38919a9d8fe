// Each entry point reaches one thing a Vulkan compute shader cannot do.
#include <cstdio>
#include <cstdlib>
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
[[spirv::comp(64)]] void recursion(int* out) { out[threadIdx.x] = fact(threadIdx.x); }
[[spirv::comp(64)]] void fnptr(int* out, int (*f)(int)) { out[threadIdx.x] = f(threadIdx.x); }
struct shape { virtual int area() const { return 1; } };
[[spirv::comp(64)]] void virt(int* out, const shape* s) { out[threadIdx.x] = s->area(); }
[[spirv::comp(64)]] void print(int* out) { printf("hi %d\n", out[0]); }
[[spirv::comp(64)]] void alloc(int** out) { out[0] = (int*)malloc(16); }
[[spirv::comp(64)]] void newdel(int** out) { out[0] = new int(3); }
__device__ int counter;
[[spirv::comp(64)]] void devvar(int* out) { out[0] = counter++; }
extern __shared__ int dyn[];
[[spirv::comp(64)]] void dynshared(int* out) { dyn[threadIdx.x] = 1; __syncthreads(); out[0] = dyn[1]; }
[[spirv::comp(64)]] void shuffle(int* out) { out[threadIdx.x] = __shfl_sync(~0u, out[threadIdx.x], 0); }
[[spirv::comp(64)]] void mixed_memory(int* out, bool local) {
  int mine[4] = {1, 2, 3, 4};
  int* p = local ? mine : out;
  out[threadIdx.x] = p[threadIdx.x & 3];
}
void log_value(int v) { printf("%d\n", v); }
void helper(int* out, int i) { log_value(out[i]); }
[[spirv::comp(64)]] void nested(int* out) { helper(out, threadIdx.x); }
[[spirv::comp(64)]] void float_sub(float* t) { __atomic_fetch_sub(t, 1.0f, __ATOMIC_RELAXED); }
int main() { return 0; }

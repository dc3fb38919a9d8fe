// Host code calling an untagged helper that needs the GPU: the error names the
// construct and the chain of calls from the host.
#include <cstdio>
int lane() { return threadIdx.x & 31; }
int helper() { return lane() + 1; }
int twice(int x) { return 2 * x; }
void bump(int* p) { atomicAdd(p, 1); }
__global__ void k(int* out) { out[threadIdx.x] = helper() + twice(1); bump(out); }
int main() {
  int x = 0;
  bump(&x);
  printf("%d %d\n", twice(3), helper());
}

// Declarations that keep a space of their own: a host function from a system
// header redeclared, and a prototype whose definition is tagged __device__.
#include <cstdio>
extern "C" int puts(const char*);
int twice(int x);
__device__ int twice(int x) { return 2 * x; }
__global__ void k(int* o) { o[0] = twice(1); }
int main() { puts("redeclarations compile"); }

#include <cstdio>
struct S { int i; long double v; };
__device__ long double g = 2.5L;
__device__ S gs = {1, 0.5L};
__global__ void k(double* o, long double* p, S* s){
  long double a = 1.0L, b = 3.0L;
  o[0] = (double)(a / b);
  o[1] = (double)(*p * 2.0L) + (float)1.5L + (int)2.5L;
  printf("%Lf %d %Lf\n", 1.0L, 3, a);
  s->v = g + gs.v;
}
int main() {}

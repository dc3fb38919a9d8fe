// long double in a kernel computes as double: the reproducer printed 0 (the
// optimizer had dropped the x87 stores), and printf's %Lf prints the double.
#include <cstdio>

// A static initializer keeps the host's layout: 16 bytes per long double.
struct Sample {
  int id;
  long double value;
  char tag;
};
__device__ Sample table[2] = {{1, 0.25L, 'a'}, {2, -1.5L, 'b'}};

__global__ void k(double* o, Sample* copies) {
  for (int i = 0; i < 2; ++i) copies[i] = {table[i].id * 10, table[i].value * 3, (char)(table[i].tag + 1)};
  printf("table %d %g %c | %d %g %c\n", table[0].id, (double)table[0].value, table[0].tag, table[1].id,
         (double)table[1].value, table[1].tag);
  long double a = 1.0L, b = 3.0L;
  o[0] = (double)(a / b);
  long double c = a / b;
  printf("device %Lf %.3Lf %10.2Lf|%-8.1Lf|%d %%Lf\n", c, 2.0L / 3.0L, 1234.5678L, 0.75L, 7);
}

int main() {
  double* d;
  Sample* copies;
  cudaMalloc(&d, sizeof(double));
  cudaMalloc(&copies, 2 * sizeof(Sample));
  k<<<1, 1>>>(d, copies);
  // The members around a long double are where the host expects them.
  Sample c[2];
  cudaMemcpy(c, copies, sizeof c, cudaMemcpyDeviceToHost);
  printf("copies %d %c | %d %c\n", c[0].id, c[0].tag, c[1].id, c[1].tag);
  double h = 0;
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  long double a = 1.0L, b = 3.0L;
  printf("kernel %f host %Lf\n", h, a / b);
  printf("host   %Lf %.3Lf %10.2Lf|%-8.1Lf|%d %%Lf\n", a / b, 2.0L / 3.0L, 1234.5678L, 0.75L, 7);
  return 0;
}

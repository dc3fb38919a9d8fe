// long double in a kernel computes as double: the reproducer printed 0 (the
// optimizer had dropped the x87 stores), and printf's %Lf prints the double.
#include <cstdio>

__global__ void k(double* o) {
  long double a = 1.0L, b = 3.0L;
  o[0] = (double)(a / b);
  long double c = a / b;
  printf("device %Lf %.3Lf %10.2Lf|%-8.1Lf|%d %%Lf\n", c, 2.0L / 3.0L, 1234.5678L, 0.75L, 7);
}

int main() {
  double* d;
  cudaMalloc(&d, sizeof(double));
  k<<<1, 1>>>(d);
  double h = 0;
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  long double a = 1.0L, b = 3.0L;
  printf("kernel %f host %Lf\n", h, a / b);
  printf("host   %Lf %.3Lf %10.2Lf|%-8.1Lf|%d %%Lf\n", a / b, 2.0L / 3.0L, 1234.5678L, 0.75L, 7);
  return 0;
}

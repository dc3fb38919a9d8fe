// long double constants in device code (std::log(2.0L): Clang's device code generation
// casts the x87 constant to its double type; NVPTX could not select that cast) computed
// as double, as circle computes long double on the GPU.
#include <cmath>
#include <cstdio>
__global__ void k(double* o, long double x) {
  o[0] = (double)std::log(2.0L);
  o[1] = (double)std::sqrt(x + 2.0L);
  o[2] = (double)std::fmax(x, 1.5L);
}
int main() { double* o; cudaMallocManaged(&o, 3 * sizeof(double)); k<<<1,1>>>(o, 7.0L); cudaError_t e = cudaDeviceSynchronize(); printf("%s: %.6f %.6f %.6f\n", cudaGetErrorString(e), o[0], o[1], o[2]); }

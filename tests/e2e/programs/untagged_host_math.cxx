// Untagged functions host code calls keep the host's overloads: a __device__ one from
// CUDA's headers with a closer match (pow(double, int), fabs(int)) does not win.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
double square(double x) { return pow(x, 2); }
long magnitude(long x) { return abs(x); }
float mixed(float a) { return fabs(a) + sqrt(2) + powf(a, 2); }
double from_std(double x) { return std::pow(x, 3) + std::abs(-x) + std::max(x, 1.0); }
__global__ void k(double* o) { o[0] = square(2) + magnitude(-3) + mixed(1) + from_std(2); }
int main() { printf("%g %ld %.4f %g\n", square(3), magnitude(-4), mixed(-1.5f), from_std(2)); }

// std::complex<float/double> * and / in a kernel (the compiler's __mulsc3, __muldc3,
// __divsc3, __divdc3 from circle's device runtime) and __builtin_powi (a function of the
// module): the device's results against the host's (libgcc's) for ordinary values and
// Annex G's special ones. Products and quotients may differ in the last bits (the
// device may fuse a multiply-add, the host does not): within a few units of the
// larger part's last place, an infinite product or quotient (of infinities, by zero,
// or by overflow) infinite on both sides as Annex G asks; integer powers bit for bit.
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>

constexpr int kValues = 10;
__host__ __device__ double value(int i) {
  const double v[kValues] = {0.0, -0.0, 1.0, -2.5, 3.75, 1e30, -1e-20, INFINITY, -INFINITY, NAN};
  return v[i];
}
constexpr int kCases = kValues * kValues * kValues * kValues;

struct Results {
  std::complex<double> dmul[kCases], ddiv[kCases];
  std::complex<float> fmul[kCases], fdiv[kCases];
  double dpow[kValues * 9];
  float fpow[kValues * 9];
};

__host__ __device__ void compute(Results& r, int i) {
  double a = value(i % kValues), b = value(i / kValues % kValues), c = value(i / 100 % kValues),
         d = value(i / 1000 % kValues);
  std::complex<double> x(a, b), y(c, d);
  r.dmul[i] = x * y;
  r.ddiv[i] = x / y;
  std::complex<float> fx((float)a, (float)b), fy((float)c, (float)d);
  r.fmul[i] = fx * fy;
  r.fdiv[i] = fx / fy;
  if (i < kValues * 9) {
    int n = i / kValues - 4; // -4 ... 4
    r.dpow[i] = __builtin_powi(value(i % kValues) * 1.5, n * 3);
    r.fpow[i] = __builtin_powif((float)(value(i % kValues) * 1.5), n * 3);
  }
}

__global__ void kernel(Results* r) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kCases; i += blockDim.x * gridDim.x) compute(*r, i);
}

template <class T> bool close(T x, T y, T scale) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y)) return x == y;
  T eps = sizeof(T) == 4 ? 1.2e-7f : 2.3e-16;
  return std::fabs(x - y) <= 8 * eps * scale;
}
template <class T> bool close(std::complex<T> x, std::complex<T> y) {
  T scale = std::fmax(std::fabs(y.real()), std::fabs(y.imag()));
  if (!std::isfinite(scale)) scale = 0;
  return close(x.real(), y.real(), scale) && close(x.imag(), y.imag(), scale);
}
template <class T> bool finite(T a, T b, T c, T d) {
  return std::isfinite(a) && std::isfinite(b) && std::isfinite(c) && std::isfinite(d);
}
template <class T> bool infinite(std::complex<T> z) { return std::isinf(z.real()) || std::isinf(z.imag()); }
// A product: the host's within rounding while it is finite. Where it overflows, a fused
// multiply-add keeps the exact a*c that the host rounds to infinity (float's
// (1e30+1e30i)^2: the host's real part inf-inf is NaN, the device's 1e60-inf is -inf):
// then, and for infinite operands, both must be infinities (C's Annex G); with a NaN
// operand anything goes.
template <class T> bool productAgrees(std::complex<T> device, std::complex<T> host, T a, T b, T c, T d) {
  if (finite(a, b, c, d) && std::isfinite(host.real()) && std::isfinite(host.imag())) return close(device, host);
  if (std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isnan(d)) return true;
  return infinite(device) == infinite(host);
}
// A quotient: the host's within rounding for finite operands and a nonzero divisor; C's
// Annex G otherwise (libgcc and circle may make different NaN parts of an infinity):
// infinite / finite is an infinity, finite / infinite a zero, nonzero / zero an infinity.
template <class T> bool quotientAgrees(std::complex<T> device, std::complex<T> host, T a, T b, T c, T d) {
  if (finite(a, b, c, d) && (c != 0 || d != 0)) return close(device, host);
  if (std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isnan(d)) return true;
  bool numInf = std::isinf(a) || std::isinf(b), denInf = std::isinf(c) || std::isinf(d);
  if (numInf && !denInf) return infinite(device);
  if (!numInf && denInf) return device.real() == 0 && device.imag() == 0;
  if (!numInf && c == 0 && d == 0 && (a != 0 || b != 0)) return infinite(device);
  return true; // 0 / 0, infinite / infinite: no value to expect
}
template <class T> bool sameBits(T x, T y) { return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0; }

int main() {
  static Results host, device;
  for (int i = 0; i < kCases; ++i) compute(host, i);
  Results* r;
  cudaMalloc(&r, sizeof(Results));
  kernel<<<40, 256>>>(r);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(&device, r, sizeof(Results), cudaMemcpyDeviceToHost);
  int dm = 0, dd = 0, fm = 0, fd = 0, p = 0;
  for (int i = 0; i < kCases; ++i) {
    double a = value(i % kValues), b = value(i / kValues % kValues), c = value(i / 100 % kValues),
           d = value(i / 1000 % kValues);
    dm += productAgrees(device.dmul[i], host.dmul[i], a, b, c, d);
    dd += quotientAgrees(device.ddiv[i], host.ddiv[i], a, b, c, d);
    fm += productAgrees(device.fmul[i], host.fmul[i], (float)a, (float)b, (float)c, (float)d);
    fd += quotientAgrees(device.fdiv[i], host.fdiv[i], (float)a, (float)b, (float)c, (float)d);
  }
  for (int i = 0; i < kValues * 9; ++i) p += sameBits(device.dpow[i], host.dpow[i]) && sameBits(device.fpow[i], host.fpow[i]);
  printf("%s\n", cudaGetErrorString(e));
  printf("complex<double> *: %d of %d as the host's\n", dm, kCases);
  printf("complex<double> /: %d of %d\n", dd, kCases);
  printf("complex<float> *: %d of %d\n", fm, kCases);
  printf("complex<float> /: %d of %d\n", fd, kCases);
  printf("powi: %d of %d bit for bit\n", p, kValues * 9);
  return e != cudaSuccess;
}

// The compiler's own helpers for complex arithmetic and integer powers, which Clang and
// LLVM call by name (libgcc and compiler-rt hold them for the host): a product or
// quotient of _Complex values (std::complex<float/double>'s * and /; long double is
// double on the GPU) whose quick result is NaN + NaN i, and llvm.powi. The special
// cases are C's Annex G: an infinite operand gives an infinite result, a finite one
// divided by zero an infinite one, a finite one divided by an infinite one zero.
//
// No system header: their declarations would make these host functions. Contraction is
// off, so that the device computes what the host's libgcc computes for the same inputs
// (tests/e2e/test_device_runtime.sh compares them on the host).
#pragma clang fp contract(off)

namespace {

template <class T> bool isNan(T x) { return __builtin_isnan(x); }
template <class T> bool isInf(T x) { return __builtin_isinf(x); }
template <class T> bool isFinite(T x) { return __builtin_isfinite(x); }
template <class T> T copySign(T x, T sign) { return __builtin_copysign(x, sign); }
template <class T> T infinity() { return T(__builtin_inf()); }
// 1 or 0 with x's sign, as x is infinite or not: an infinite operand's direction.
template <class T> T direction(T x) { return copySign(isInf(x) ? T(1) : T(0), x); }
// 0 with x's sign where x is NaN.
template <class T> T zeroIfNan(T x) { return isNan(x) ? copySign(T(0), x) : x; }

template <class T> struct Pair {
  T re, im;
};

template <class T> Pair<T> multiply(T a, T b, T c, T d) {
  T ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  Pair<T> z{ac - bd, ad + bc};
  if (!isNan(z.re) || !isNan(z.im)) return z;
  bool again = false;
  if (isInf(a) || isInf(b)) {
    a = direction(a), b = direction(b), c = zeroIfNan(c), d = zeroIfNan(d);
    again = true;
  }
  if (isInf(c) || isInf(d)) {
    c = direction(c), d = direction(d), a = zeroIfNan(a), b = zeroIfNan(b);
    again = true;
  }
  if (!again && (isInf(ac) || isInf(bd) || isInf(ad) || isInf(bc))) {
    // Overflow in the partial products: the result is infinite.
    a = zeroIfNan(a), b = zeroIfNan(b), c = zeroIfNan(c), d = zeroIfNan(d);
    again = true;
  }
  if (again) z = {infinity<T>() * (a * c - b * d), infinity<T>() * (a * d + b * c)};
  return z;
}

// CUDA's libdevice, linked after this runtime (libm's names would not be mapped to it).
extern "C" float __nv_logbf(float);
extern "C" double __nv_logb(double);
extern "C" float __nv_scalbnf(float, int);
extern "C" double __nv_scalbn(double, int);
float logbOf(float x) { return __nv_logbf(x); }
double logbOf(double x) { return __nv_logb(x); }
float scaled(float x, int e) { return __nv_scalbnf(x, e); }
double scaled(double x, int e) { return __nv_scalbn(x, e); }

template <class T> Pair<T> divide(T a, T b, T c, T d) {
  // Scaled by the divisor's exponent, so that c*c + d*d neither overflows nor vanishes.
  T larger = __builtin_fabs(c) > __builtin_fabs(d) || isNan(d) ? __builtin_fabs(c) : __builtin_fabs(d);
  T logbw = logbOf(larger);
  T c0 = c, d0 = d;
  int e = 0;
  if (isFinite(logbw)) {
    e = int(logbw);
    c = scaled(c, -e);
    d = scaled(d, -e);
  }
  T denominator = c * c + d * d;
  Pair<T> z{scaled((a * c + b * d) / denominator, -e), scaled((b * c - a * d) / denominator, -e)};
  // Annex G recovers where both parts are NaN; so does circle where one is, if the
  // scaling flushed a part of the divisor to zero (an infinity times that zero), as
  // libgcc's result has no NaN there.
  bool flushed = (c == T(0) && c0 != T(0)) || (d == T(0) && d0 != T(0));
  if (!(isNan(z.re) && isNan(z.im)) && !(flushed && (isNan(z.re) || isNan(z.im)))) return z;
  if (denominator == T(0)) {
    z = {copySign(infinity<T>(), c) * a, copySign(infinity<T>(), c) * b};
  } else if ((isInf(a) || isInf(b)) && isFinite(c0) && isFinite(d0)) {
    // With the divisor unscaled: a part the scaling flushed to zero still gives the
    // infinity its sign ((0 + inf i) / (1e300 - 1e-300 i) is -inf + inf i).
    a = direction(a), b = direction(b);
    z = {infinity<T>() * (a * c0 + b * d0), infinity<T>() * (b * c0 - a * d0)};
  } else if (isInf(logbw) && logbw > T(0) && isFinite(a) && isFinite(b)) {
    c = direction(c0), d = direction(d0);
    z = {T(0) * (a * c + b * d), T(0) * (b * c - a * d)};
  }
  return z;
}

template <class T> T power(T x, int n) {
  unsigned m = n < 0 ? 0u - unsigned(n) : unsigned(n);
  T r = T(1);
  while (true) {
    if (m & 1) r *= x;
    m >>= 1;
    if (m == 0) break;
    x *= x;
  }
  return n < 0 ? T(1) / r : r;
}

_Complex float complexOf(Pair<float> z) {
  _Complex float r;
  __real__ r = z.re;
  __imag__ r = z.im;
  return r;
}

_Complex double complexOf(Pair<double> z) {
  _Complex double r;
  __real__ r = z.re;
  __imag__ r = z.im;
  return r;
}

} // namespace

extern "C" {
_Complex float __mulsc3(float a, float b, float c, float d) { return complexOf(multiply(a, b, c, d)); }
_Complex double __muldc3(double a, double b, double c, double d) { return complexOf(multiply(a, b, c, d)); }
// In double, rounded once: in float, the divisor's scaling flushes a small part to zero
// ((0 + inf i) / (1e30 - 1e-20 i) came out NaN + inf i, libgcc's -inf + inf i) and
// quotients in float's subnormal range lose digits libgcc keeps.
_Complex float __divsc3(float a, float b, float c, float d) {
  Pair<double> z = divide<double>(a, b, c, d);
  return complexOf(Pair<float>{float(z.re), float(z.im)});
}
_Complex double __divdc3(double a, double b, double c, double d) { return complexOf(divide(a, b, c, d)); }
float __powisf2(float x, int n) { return power(x, n); }
double __powidf2(double x, int n) { return power(x, n); }
}

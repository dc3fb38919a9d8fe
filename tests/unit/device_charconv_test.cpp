// The device's floating to_chars/from_chars (libdevice-c/runtime/charconv_format.h)
// against libstdc++'s on the host: the same strings for every format, with and
// without a precision, over edge values and a seeded sample of bit patterns. On the
// device the same code runs over newlib's printf and strtod instead of glibc's.
#include "libdevice-c/runtime/charconv_format.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>
#include <string>

namespace {

using circle_device::charconv::fromChars;
using circle_device::charconv::toChars;

const std::chars_format kFormats[] = {std::chars_format::scientific, std::chars_format::fixed,
                                      std::chars_format::general, std::chars_format::hex};

template <class R> std::string text(char* buffer, R r) { return r.ec == std::errc{} ? std::string(buffer, r.ptr) : "(error)"; }

// Every way of writing `value`; the first difference is reported.
template <class T> void sameAsLibstdcxx(T value) {
  char a[400], b[400];
  auto check = [&](auto mine, auto theirs, const char* how) {
    INFO(how << " of " << double(value));
    REQUIRE(text(a, mine) == text(b, theirs));
  };
  check(toChars(a, a + sizeof a, value, {}), std::to_chars(b, b + sizeof b, value), "plain");
  for (std::chars_format f : kFormats) {
    check(toChars(a, a + sizeof a, value, f), std::to_chars(b, b + sizeof b, value, f), "shortest");
    for (int precision : {-1, 0, 3, 40})
      check(toChars(a, a + sizeof a, value, f, precision), std::to_chars(b, b + sizeof b, value, f, precision),
            "with a precision");
  }
}

} // namespace

TEST_CASE("device to_chars writes what libstdc++ writes", "[charconv]") {
  for (double v : {0.0, -0.0, 1.0, 1e23, 1e22, 123456789.0, 1e300, 5e-324, 0.1, 1e-5, 1e21, 9007199254740993.0,
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min()})
    sameAsLibstdcxx(v);
  // The cases: 0 in scientific (0e+00), 1728999936 in fixed (its own digits),
  // a float subnormal in hex (0.000002p-126).
  for (float v : {0.f, -0.f, 1728999936.f, 1.f, 123456792.f, 3.4e38f, 1e-45f, 0.1f, 16777217.f, 1.9999999f})
    sameAsLibstdcxx(v);
  std::mt19937_64 bits(20261128);
  for (int i = 0; i < 4000; ++i) {
    uint64_t d64 = bits();
    uint32_t f32 = uint32_t(bits());
    double d;
    float f;
    memcpy(&d, &d64, sizeof d);
    memcpy(&f, &f32, sizeof f);
    if (std::isfinite(d)) sameAsLibstdcxx(d);
    if (std::isfinite(f)) sameAsLibstdcxx(f);
    // Integers times powers of two: the fixed and general boundaries.
    double scaled = std::ldexp(double(bits() % 100000), int(bits() % 120) - 40);
    sameAsLibstdcxx(scaled);
    sameAsLibstdcxx(float(scaled));
  }
}

TEST_CASE("device from_chars reads back what to_chars writes", "[charconv]") {
  std::mt19937_64 bits(7);
  for (int i = 0; i < 2000; ++i) {
    uint64_t d64 = bits();
    double d, back = 0;
    memcpy(&d, &d64, sizeof d);
    if (!std::isfinite(d)) continue;
    char buffer[64];
    for (std::chars_format f : {std::chars_format::general, std::chars_format::scientific, std::chars_format::hex}) {
      auto w = toChars(buffer, buffer + sizeof buffer, d, f);
      auto r = fromChars(buffer, w.ptr, back, f);
      REQUIRE(r.ec == std::errc{});
      REQUIRE(r.ptr == w.ptr);
      REQUIRE(back == d);
    }
  }
}

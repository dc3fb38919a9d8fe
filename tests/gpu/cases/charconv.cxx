// <charconv>'s floating conversions run once on the host (libstdc++'s own) and once
// in a kernel (circle's device runtime over newlib): every format, with and without a
// precision, over edge values and a seeded sample of bit patterns. Each half prints a
// few strings and a hash of all of them, so the two halves agree only if every string
// does.
#include "host_and_device.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

struct Digest {
  uint64_t hash = 1469598103934665603ull;
  int strings = 0, unread = 0;
  void add(const char* first, const char* last) {
    for (; first != last; ++first) hash = (hash ^ uint8_t(*first)) * 1099511628211ull;
    hash = (hash ^ 0xff) * 1099511628211ull;
    ++strings;
  }
};

template <class T> void every(Digest& d, T value) {
  char text[400];
  auto r = std::to_chars(text, text + sizeof text, value);
  d.add(text, r.ptr);
  T back{};
  if (std::from_chars(text, r.ptr, back).ec != std::errc{} || back != value) ++d.unread;
  for (std::chars_format f : {std::chars_format::scientific, std::chars_format::fixed, std::chars_format::general,
                              std::chars_format::hex}) {
    r = std::to_chars(text, text + sizeof text, value, f);
    d.add(text, r.ptr);
    for (int precision : {0, 3, 25}) {
      r = std::to_chars(text, text + sizeof text, value, f, precision);
      d.add(text, r.ptr);
    }
  }
}

template <class T> void show(const char* where, T value, std::chars_format f) {
  char text[64];
  auto r = std::to_chars(text, text + sizeof text - 1, value, f);
  *r.ptr = 0;
  printf("%s: %s\n", where, text);
}

} // namespace

void run(const char* where) {
  show(where, 0.0f, std::chars_format::scientific);
  show(where, -0.0, std::chars_format::hex);
  show(where, 1728999936.0f, std::chars_format::fixed);
  show(where, 1e23, std::chars_format::fixed);
  show(where, 1.5f, std::chars_format::hex);
  show(where, 123456789.0, std::chars_format::general);
  Digest d;
  uint64_t state = 20261128;
  for (int i = 0; i < 300; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    double wide;
    float narrow;
    uint32_t low = uint32_t(state >> 32);
    memcpy(&wide, &state, sizeof wide);
    memcpy(&narrow, &low, sizeof narrow);
    if (std::isfinite(wide)) every(d, wide);
    if (std::isfinite(narrow)) every(d, narrow);
    double scaled = std::ldexp(double(state % 100000), int(state % 120) - 40);
    every(d, scaled);
    every(d, float(scaled));
  }
  printf("%s: %d strings, hash %016llx, %d not read back\n", where, d.strings, (unsigned long long)d.hash, d.unread);
}

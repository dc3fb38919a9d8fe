// glibc's ctype tables for the "C" locale. Code parsed against glibc's headers may
// test character classes through __ctype_b_loc() and map case through
// __ctype_tolower_loc()/__ctype_toupper_loc() (glibc's inline tolower/toupper with
// optimisation on); the device has no glibc, so these give the same answers.
#include <ctype.h>

namespace {

// glibc's class bits as <ctype.h> defines them for this machine (_ISupper ...).
constexpr unsigned short classify(int c) {
  unsigned short bits = 0;
  bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z', digit = c >= '0' && c <= '9';
  bool alpha = upper || lower, space = c == ' ' || (c >= '\t' && c <= '\r'), print = c >= 0x20 && c < 0x7f;
  bool xdigit = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  if (upper) bits |= _ISupper;
  if (lower) bits |= _ISlower;
  if (alpha) bits |= _ISalpha;
  if (digit) bits |= _ISdigit;
  if (xdigit) bits |= _ISxdigit;
  if (space) bits |= _ISspace;
  if (print) bits |= _ISprint;
  if (print && c != ' ') bits |= _ISgraph;
  if (c == ' ' || c == '\t') bits |= _ISblank;
  if ((c >= 0 && c < 0x20) || c == 0x7f) bits |= _IScntrl;
  if (print && c != ' ' && !alpha && !digit) bits |= _ISpunct;
  if (alpha || digit) bits |= _ISalnum;
  return bits;
}

// Indexed from -128 (signed char EOF-style values) to 255, as glibc's.
template <class T, class F> struct Table {
  T entries[384];
  constexpr Table(F f) : entries() {
    for (int i = 0; i < 384; ++i) entries[i] = f(i - 128);
  }
};

__device__ constexpr auto classes = Table<unsigned short, unsigned short (*)(int)>(classify);
__device__ constexpr auto lower = Table<int, int (*)(int)>([](int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
__device__ constexpr auto upper = Table<int, int (*)(int)>([](int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; });

__device__ const unsigned short* classesAt0 = classes.entries + 128;
__device__ const int* lowerAt0 = lower.entries + 128;
__device__ const int* upperAt0 = upper.entries + 128;

} // namespace

extern "C" {
const unsigned short** __ctype_b_loc() noexcept { return &classesAt0; }
const int** __ctype_tolower_loc() noexcept { return &lowerAt0; }
const int** __ctype_toupper_loc() noexcept { return &upperAt0; }
}

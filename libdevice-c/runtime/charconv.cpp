// <charconv>'s floating-point to_chars and from_chars for the device (the integer
// ones are templates in the header). libstdc++ builds these on Ryu tables and its
// own parser; here they stand on the device libc's printf engine and strtod
// (newlib, ../libc), which round correctly:
// - the shortest form: the fewest significant digits whose %e rendering reads back
//   as the same value, then written in fixed or scientific notation, whichever is
//   shorter (fixed on a tie), as the standard describes;
// - with a precision: printf's %f, %e, %g or %a.
// from_chars checks the standard's pattern itself (no leading '+' or white space,
// hexadecimal without "0x"), then converts the matched text with strtod.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

constexpr int kMostDigits = 17; // enough for any double to read back

struct Digits {
  char digits[kMostDigits + 1]; // significant digits, no point
  int count;
  int exponent; // of the first digit
};

// The shortest digits that read back as `value` (finite, not zero, positive), at most
// `most` of them; `readBack` parses a %e rendering in the value's own type.
template <class T> Digits shortestDigits(T value, int most, T (*readBack)(const char*)) {
  char text[48];
  Digits d{};
  for (int n = 1; n <= most; ++n) {
    snprintf(text, sizeof text, "%.*e", n - 1, double(value));
    if (readBack(text) == value || n == most) break;
  }
  // text: d[.ddd]e±x
  const char* p = text;
  for (; *p && *p != 'e'; ++p)
    if (*p >= '0' && *p <= '9') d.digits[d.count++] = *p;
  d.digits[d.count] = 0;
  d.exponent = atoi(p + 1);
  return d;
}

int scientificLength(const Digits& d) {
  int e = d.exponent < 0 ? -d.exponent : d.exponent;
  return d.count + (d.count > 1) + 2 + (e >= 100 ? 3 : 2);
}

int fixedLength(const Digits& d) {
  if (d.exponent >= d.count - 1) return d.exponent + 1;
  if (d.exponent >= 0) return d.count + 1;
  return 2 + (-d.exponent - 1) + d.count;
}

// Writes `text` at [first, last) or reports that it does not fit.
std::to_chars_result put(char* first, char* last, const char* text, size_t n) {
  if (size_t(last - first) < n) return {last, std::errc::value_too_large};
  memcpy(first, text, n);
  return {first + n, std::errc{}};
}

std::to_chars_result writeScientific(char* first, char* last, bool negative, const Digits& d) {
  char text[48];
  int n = 0;
  if (negative) text[n++] = '-';
  text[n++] = d.digits[0];
  if (d.count > 1) {
    text[n++] = '.';
    for (int i = 1; i < d.count; ++i) text[n++] = d.digits[i];
  }
  n += snprintf(text + n, sizeof text - n, "e%c%02d", d.exponent < 0 ? '-' : '+', d.exponent < 0 ? -d.exponent : d.exponent);
  return put(first, last, text, size_t(n));
}

std::to_chars_result writeFixed(char* first, char* last, bool negative, const Digits& d) {
  size_t need = size_t(fixedLength(d)) + negative;
  if (size_t(last - first) < need) return {last, std::errc::value_too_large};
  char* out = first;
  if (negative) *out++ = '-';
  if (d.exponent < 0) {
    *out++ = '0';
    *out++ = '.';
    for (int i = 0; i < -d.exponent - 1; ++i) *out++ = '0';
    for (int i = 0; i < d.count; ++i) *out++ = d.digits[i];
  } else {
    for (int i = 0; i <= d.exponent || i < d.count; ++i) {
      if (i == d.exponent + 1) *out++ = '.';
      *out++ = i < d.count ? d.digits[i] : '0';
    }
  }
  return {out, std::errc{}};
}

// inf, nan, zero: as printf writes them; true if `value` was one.
template <class T> bool special(char*& first, char* last, T value, std::to_chars_result& r) {
  const char* text = nullptr;
  if (std::isinf(value)) text = std::signbit(value) ? "-inf" : "inf";
  else if (std::isnan(value)) text = std::signbit(value) ? "-nan" : "nan";
  else if (value == 0) text = std::signbit(value) ? "-0" : "0";
  if (!text) return false;
  r = put(first, last, text, strlen(text));
  return true;
}

template <class T>
std::to_chars_result shortest(char* first, char* last, T value, std::chars_format fmt, int most,
                              T (*readBack)(const char*)) {
  std::to_chars_result r;
  if (fmt == std::chars_format::hex) {
    char text[48];
    int n = snprintf(text, sizeof text, "%a", double(value));
    const char* body = text + (text[0] == '-' ? 1 : 0);
    // printf's 0x prefix is not to_chars'
    if (body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
      memmove(text + (body - text), body + 2, strlen(body + 2) + 1);
      n -= 2;
    }
    return put(first, last, text, size_t(n));
  }
  if (special(first, last, value, r)) return r;
  bool negative = std::signbit(value);
  Digits d = shortestDigits<T>(negative ? -value : value, most, readBack);
  if (fmt == std::chars_format::scientific) return writeScientific(first, last, negative, d);
  if (fmt == std::chars_format::fixed) return writeFixed(first, last, negative, d);
  if (fmt == std::chars_format::general) {
    // %g's choice, with the shortest digits as the precision.
    int precision = d.count;
    if (d.exponent < -4 || d.exponent >= precision) return writeScientific(first, last, negative, d);
    return writeFixed(first, last, negative, d);
  }
  return fixedLength(d) <= scientificLength(d) ? writeFixed(first, last, negative, d)
                                                : writeScientific(first, last, negative, d);
}

std::to_chars_result withPrecision(char* first, char* last, double value, std::chars_format fmt, int precision) {
  if (precision < 0) precision = 6;
  const char* format = fmt == std::chars_format::fixed        ? "%.*f"
                       : fmt == std::chars_format::scientific ? "%.*e"
                       : fmt == std::chars_format::hex        ? "%.*a"
                                                              : "%.*g";
  int n = snprintf(nullptr, 0, format, precision, value);
  if (n < 0) return {last, std::errc::value_too_large};
  char small[64];
  char* text = n < int(sizeof small) ? small : static_cast<char*>(malloc(size_t(n) + 1));
  if (!text) return {last, std::errc::value_too_large};
  snprintf(text, size_t(n) + 1, format, precision, value);
  char* body = text + (text[0] == '-' ? 1 : 0);
  if (fmt == std::chars_format::hex && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    memmove(body, body + 2, strlen(body + 2) + 1);
    n -= 2;
  }
  std::to_chars_result r = put(first, last, text, size_t(n));
  if (text != small) free(text);
  return r;
}

double readDouble(const char* s) { return strtod(s, nullptr); }
float readFloat(const char* s) { return strtof(s, nullptr); }

// The end of the longest prefix of [p, last) the standard's pattern for `fmt`
// accepts, or nullptr; `hex` patterns have no "0x".
const char* matchNumber(const char* p, const char* last, std::chars_format fmt) {
  if (p < last && *p == '-') ++p;
  auto lower = [](char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); };
  auto word = [&](const char* s, const char* w) {
    for (; *w; ++s, ++w)
      if (s >= last || lower(*s) != *w) return false;
    return true;
  };
  if (word(p, "inf")) return word(p, "infinity") ? p + 8 : p + 3;
  if (word(p, "nan")) {
    const char* q = p + 3;
    if (q < last && *q == '(') {
      const char* r = q + 1;
      while (r < last && (*r == '_' || (*r >= '0' && *r <= '9') || (lower(*r) >= 'a' && lower(*r) <= 'z'))) ++r;
      if (r < last && *r == ')') return r + 1;
    }
    return q;
  }
  const bool hex = fmt == std::chars_format::hex;
  auto digit = [&](char c) { return (c >= '0' && c <= '9') || (hex && lower(c) >= 'a' && lower(c) <= 'f'); };
  int digits = 0;
  while (p < last && digit(*p)) ++p, ++digits;
  if (p < last && *p == '.') {
    const char* q = p + 1;
    int after = 0;
    while (q < last && digit(*q)) ++q, ++after;
    if (digits || after) p = q, digits += after;
  }
  if (!digits) return nullptr;
  const char marker = hex ? 'p' : 'e';
  const bool exponentAllowed = hex || fmt != std::chars_format::fixed;
  if (exponentAllowed && p < last && lower(*p) == marker) {
    const char* q = p + 1;
    if (q < last && (*q == '+' || *q == '-')) ++q;
    if (q < last && *q >= '0' && *q <= '9') {
      while (q < last && *q >= '0' && *q <= '9') ++q;
      return q;
    }
  }
  if (fmt == std::chars_format::scientific) return nullptr; // its exponent is required
  return p;
}

template <class T> std::from_chars_result parse(const char* first, const char* last, T& value, std::chars_format fmt,
                                                T (*convert)(const char*, char**)) {
  const char* end = matchNumber(first, last, fmt);
  if (!end) return {first, std::errc::invalid_argument};
  const bool hex = fmt == std::chars_format::hex;
  const bool negative = *first == '-';
  // strtod wants a terminated string, and "0x" for hexadecimal.
  size_t n = size_t(end - first) + (hex ? 2 : 0);
  char small[64];
  char* text = n < sizeof small ? small : static_cast<char*>(malloc(n + 1));
  if (!text) return {first, std::errc::not_enough_memory};
  char* out = text;
  const char* in = first;
  if (negative) *out++ = *in++;
  if (hex && !(end - in >= 3 && (in[0] == 'i' || in[0] == 'I' || in[0] == 'n' || in[0] == 'N'))) {
    *out++ = '0';
    *out++ = 'x';
  }
  memcpy(out, in, size_t(end - in));
  out[end - in] = 0;
  int saved = errno;
  errno = 0;
  T result = convert(text, nullptr);
  bool range = errno == ERANGE;
  errno = saved;
  if (text != small) free(text);
  if (range) return {end, std::errc::result_out_of_range};
  value = result;
  return {end, std::errc{}};
}

} // namespace

namespace std {

to_chars_result to_chars(char* first, char* last, double value) noexcept {
  return shortest<double>(first, last, value, chars_format{}, kMostDigits, readDouble);
}
to_chars_result to_chars(char* first, char* last, double value, chars_format fmt) noexcept {
  return shortest<double>(first, last, value, fmt, kMostDigits, readDouble);
}
to_chars_result to_chars(char* first, char* last, double value, chars_format fmt, int precision) noexcept {
  return withPrecision(first, last, value, fmt, precision);
}
to_chars_result to_chars(char* first, char* last, float value) noexcept {
  return shortest<float>(first, last, value, chars_format{}, 9, readFloat);
}
to_chars_result to_chars(char* first, char* last, float value, chars_format fmt) noexcept {
  return shortest<float>(first, last, value, fmt, 9, readFloat);
}
to_chars_result to_chars(char* first, char* last, float value, chars_format fmt, int precision) noexcept {
  return withPrecision(first, last, value, fmt, precision);
}
// long double is double on the device (targets/nvptx/long_double.h).
to_chars_result to_chars(char* first, char* last, long double value) noexcept {
  return to_chars(first, last, double(value));
}
to_chars_result to_chars(char* first, char* last, long double value, chars_format fmt) noexcept {
  return to_chars(first, last, double(value), fmt);
}
to_chars_result to_chars(char* first, char* last, long double value, chars_format fmt, int precision) noexcept {
  return withPrecision(first, last, double(value), fmt, precision);
}

from_chars_result from_chars(const char* first, const char* last, double& value, chars_format fmt) noexcept {
  return parse<double>(first, last, value, fmt, [](const char* s, char** e) { return strtod(s, e); });
}
from_chars_result from_chars(const char* first, const char* last, float& value, chars_format fmt) noexcept {
  return parse<float>(first, last, value, fmt, [](const char* s, char** e) { return strtof(s, e); });
}
from_chars_result from_chars(const char* first, const char* last, long double& value, chars_format fmt) noexcept {
  double d = 0;
  from_chars_result r = from_chars(first, last, d, fmt);
  if (r.ec == errc{}) value = d;
  return r;
}

} // namespace std

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
// Kept in a header so the unit tests compare it, on the host, with libstdc++'s own
// to_chars (tests/unit/device_charconv_test.cpp).
#pragma once
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace circle_device::charconv {

inline constexpr int kMostDigits = 17; // enough for any double to read back

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

inline int scientificLength(const Digits& d) {
  int e = d.exponent < 0 ? -d.exponent : d.exponent;
  return d.count + (d.count > 1) + 2 + (e >= 100 ? 3 : 2);
}

inline int fixedLength(const Digits& d) {
  if (d.exponent >= d.count - 1) return d.exponent + 1;
  if (d.exponent >= 0) return d.count + 1;
  return 2 + (-d.exponent - 1) + d.count;
}

// Writes `text` at [first, last) or reports that it does not fit.
inline std::to_chars_result put(char* first, char* last, const char* text, size_t n) {
  if (size_t(last - first) < n) return {last, std::errc::value_too_large};
  memcpy(first, text, n);
  return {first + n, std::errc{}};
}

inline std::to_chars_result writeScientific(char* first, char* last, bool negative, const Digits& d) {
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

// `value` is what `d` reads back as.
inline std::to_chars_result writeFixed(char* first, char* last, bool negative, const Digits& d, double value) {
  if (d.exponent >= d.count) {
    // Past the shortest digits fixed notation pads with zeros; every string of that
    // length reads back, and the standard then wants the one nearest the value: its
    // own digits (1728999936, not 1729000000), which printf writes exactly.
    char text[320];
    int n = snprintf(text, sizeof text, "%.0f", value);
    return put(first, last, text, size_t(n));
  }
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
    for (int i = 0; i < d.count; ++i) { // exponent < count here: no padding
      if (i == d.exponent + 1) *out++ = '.';
      *out++ = d.digits[i];
    }
  }
  return {out, std::errc{}};
}

// inf and nan: as printf writes them; true if `value` was one.
template <class T> bool special(char*& first, char* last, T value, std::to_chars_result& r) {
  const char* text = nullptr;
  if (std::isinf(value)) text = std::signbit(value) ? "-inf" : "inf";
  else if (std::isnan(value)) text = std::signbit(value) ? "-nan" : "nan";
  if (!text) return false;
  r = put(first, last, text, strlen(text));
  return true;
}

// Hexadecimal from the value's own bits (a float's subnormals keep their exponent,
// -126, which printf's %a of the widened double would not): the leading digit is the
// implicit bit, the fraction's bits are padded to whole digits, and a precision
// rounds to nearest, ties to even, possibly carrying into the leading digit
// (1.f with one digit less is 2.0). A negative precision is the shortest.
template <class T> std::to_chars_result writeHex(char* first, char* last, T value, int precision) {
  constexpr bool isFloat = sizeof(T) == 4;
  constexpr int fractionBits = isFloat ? 23 : 52;
  constexpr int paddedBits = (fractionBits + 3) / 4 * 4;
  constexpr int fullDigits = paddedBits / 4;
  constexpr int bias = isFloat ? 127 : 1023;
  unsigned long long bits = 0;
  memcpy(&bits, &value, sizeof value);
  const bool negative = bits >> (sizeof(T) * 8 - 1);
  const int biased = int((bits >> fractionBits) & ((1ull << (sizeof(T) * 8 - 1 - fractionBits)) - 1));
  unsigned long long fraction = (bits & ((1ull << fractionBits) - 1)) << (paddedBits - fractionBits);
  int exponent = biased == 0 ? (fraction ? 1 - bias : 0) : biased - bias;
  unsigned long long mantissa = (biased ? 1ull << paddedBits : 0) | fraction;
  int shortestDigits = fullDigits;
  while (shortestDigits > 0 && !((fraction >> (4 * (fullDigits - shortestDigits))) & 0xf)) --shortestDigits;
  if (fraction == 0) shortestDigits = 0;
  int digits = precision < 0 ? shortestDigits : precision;
  int written = digits < fullDigits ? digits : fullDigits;
  if (written < fullDigits) {
    const int dropped = 4 * (fullDigits - written);
    const unsigned long long half = 1ull << (dropped - 1), tail = mantissa & ((1ull << dropped) - 1);
    mantissa >>= dropped;
    if (tail > half || (tail == half && (mantissa & 1))) ++mantissa;
    mantissa <<= dropped;
  }
  char power[8];
  const int powerLength = snprintf(power, sizeof power, "p%+d", exponent);
  if (last - first < negative + 1 + (digits > 0) + (long)digits + powerLength) return {last, std::errc::value_too_large};
  if (negative) *first++ = '-';
  *first++ = char('0' + (mantissa >> paddedBits));
  if (digits > 0) *first++ = '.';
  for (int i = 1; i <= digits; ++i)
    *first++ = i <= written ? "0123456789abcdef"[(mantissa >> (paddedBits - 4 * i)) & 0xf] : '0';
  memcpy(first, power, size_t(powerLength));
  return {first + powerLength, std::errc{}};
}

template <class T>
std::to_chars_result shortest(char* first, char* last, T value, std::chars_format fmt, int most,
                              T (*readBack)(const char*)) {
  std::to_chars_result r;
  if (special(first, last, value, r)) return r;
  if (fmt == std::chars_format::hex) return writeHex(first, last, value, -1);
  bool negative = std::signbit(value);
  // Zero is one digit, so each notation writes it as for any other value (0e+00).
  Digits d = value == 0 ? Digits{"0", 1, 0} : shortestDigits<T>(negative ? -value : value, most, readBack);

  if (fmt == std::chars_format::scientific) return writeScientific(first, last, negative, d);
  if (fmt == std::chars_format::fixed) return writeFixed(first, last, negative, d, double(value));
  if (fmt == std::chars_format::general) {
    // %g's choice at its default precision, 6 (there is no precision argument).
    if (d.exponent < -4 || d.exponent >= 6) return writeScientific(first, last, negative, d);
    return writeFixed(first, last, negative, d, double(value));
  }
  return fixedLength(d) <= scientificLength(d) ? writeFixed(first, last, negative, d, double(value))
                                                : writeScientific(first, last, negative, d);
}

template <class T>
std::to_chars_result withPrecision(char* first, char* last, T value, std::chars_format fmt, int precision) {
  std::to_chars_result r;
  if (fmt == std::chars_format::hex) return special(first, last, value, r) ? r : writeHex(first, last, value, precision);
  if (precision < 0) precision = 6;
  const char* format = fmt == std::chars_format::fixed        ? "%.*f"
                       : fmt == std::chars_format::scientific ? "%.*e"
                                                              : "%.*g";
  int n = snprintf(nullptr, 0, format, precision, double(value));
  if (n < 0) return {last, std::errc::value_too_large};
  char small[64];
  char* text = n < int(sizeof small) ? small : static_cast<char*>(malloc(size_t(n) + 1));
  if (!text) return {last, std::errc::value_too_large};
  snprintf(text, size_t(n) + 1, format, precision, double(value));
  r = put(first, last, text, size_t(n));
  if (text != small) free(text);
  return r;
}

inline double readDouble(const char* s) { return strtod(s, nullptr); }
inline float readFloat(const char* s) { return strtof(s, nullptr); }

// The end of the longest prefix of [p, last) the standard's pattern for `fmt`
// accepts, or nullptr; `hex` patterns have no "0x".
inline const char* matchNumber(const char* p, const char* last, std::chars_format fmt) {
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
  // strtod also says ERANGE for a subnormal result, which to_chars' type holds.
  bool range = errno == ERANGE && (result == 0 || std::isinf(result));
  errno = saved;
  if (text != small) free(text);
  if (range) return {end, std::errc::result_out_of_range};
  value = result;
  return {end, std::errc{}};
}

// What std::to_chars and std::from_chars of float and double do.
template <class T> std::to_chars_result toChars(char* first, char* last, T value, std::chars_format fmt) {
  if constexpr (sizeof(T) == sizeof(float)) return shortest<float>(first, last, value, fmt, 9, readFloat);
  else return shortest<double>(first, last, value, fmt, kMostDigits, readDouble);
}
template <class T>
std::to_chars_result toChars(char* first, char* last, T value, std::chars_format fmt, int precision) {
  return withPrecision(first, last, value, fmt, precision);
}
template <class T> std::from_chars_result fromChars(const char* first, const char* last, T& value, std::chars_format fmt) {
  if constexpr (sizeof(T) == sizeof(float))
    return parse<float>(first, last, value, fmt, [](const char* s, char** e) { return strtof(s, e); });
  else return parse<double>(first, last, value, fmt, [](const char* s, char** e) { return strtod(s, e); });
}

} // namespace circle_device::charconv

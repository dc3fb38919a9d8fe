// <charconv>'s floating-point to_chars and from_chars for the device, on
// charconv_format.h. long double is double on the device (targets/nvptx/long_double.h).
#include "charconv_format.h"

using circle_device::charconv::fromChars;
using circle_device::charconv::toChars;

namespace std {

to_chars_result to_chars(char* first, char* last, double value) noexcept { return toChars(first, last, value, {}); }
to_chars_result to_chars(char* first, char* last, double value, chars_format fmt) noexcept {
  return toChars(first, last, value, fmt);
}
to_chars_result to_chars(char* first, char* last, double value, chars_format fmt, int precision) noexcept {
  return toChars(first, last, value, fmt, precision);
}
to_chars_result to_chars(char* first, char* last, float value) noexcept { return toChars(first, last, value, {}); }
to_chars_result to_chars(char* first, char* last, float value, chars_format fmt) noexcept {
  return toChars(first, last, value, fmt);
}
to_chars_result to_chars(char* first, char* last, float value, chars_format fmt, int precision) noexcept {
  return toChars(first, last, value, fmt, precision);
}
to_chars_result to_chars(char* first, char* last, long double value) noexcept {
  return toChars(first, last, double(value), {});
}
to_chars_result to_chars(char* first, char* last, long double value, chars_format fmt) noexcept {
  return toChars(first, last, double(value), fmt);
}
to_chars_result to_chars(char* first, char* last, long double value, chars_format fmt, int precision) noexcept {
  return toChars(first, last, double(value), fmt, precision);
}

from_chars_result from_chars(const char* first, const char* last, double& value, chars_format fmt) noexcept {
  return fromChars(first, last, value, fmt);
}
from_chars_result from_chars(const char* first, const char* last, float& value, chars_format fmt) noexcept {
  return fromChars(first, last, value, fmt);
}
from_chars_result from_chars(const char* first, const char* last, long double& value, chars_format fmt) noexcept {
  double d = 0;
  from_chars_result r = fromChars(first, last, d, fmt);
  if (r.ec == errc{}) value = d;
  return r;
}

} // namespace std

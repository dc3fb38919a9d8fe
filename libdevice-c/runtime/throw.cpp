// libstdc++'s out-of-line throw helpers, which its headers call (vector::at,
// std::function, new). Each throws the exception libstdc++ would: a kernel that reaches
// a handler catches it; otherwise __cxa_throw prints it and traps (exceptions.cpp).
#include "report.h"

#include <bits/functexcept.h>

#include <cstdarg>
#include <functional>
#include <new>
#include <stdexcept>
#include <system_error>
#include <typeinfo>

namespace std {

void __throw_bad_exception() { throw bad_exception(); }
void __throw_bad_alloc() { throw bad_alloc(); }
void __throw_bad_array_new_length() { throw bad_array_new_length(); }
void __throw_bad_cast() { throw bad_cast(); }
void __throw_bad_typeid() { throw bad_typeid(); }
void __throw_logic_error(const char* s) { throw logic_error(s); }
void __throw_domain_error(const char* s) { throw domain_error(s); }
void __throw_invalid_argument(const char* s) { throw invalid_argument(s); }
void __throw_length_error(const char* s) { throw length_error(s); }
void __throw_out_of_range(const char* s) { throw out_of_range(s); }
// Formatted as libstdc++'s own __snprintf_lite does: %s, %zu and %% only, which is
// all its callers use, so no printf engine comes with every kernel that calls at().
void __throw_out_of_range_fmt(const char* fmt, ...) {
  char text[512];
  size_t n = 0;
  auto put = [&](char c) {
    if (n + 1 < sizeof text) text[n++] = c;
  };
  va_list args;
  va_start(args, fmt);
  for (const char* p = fmt; *p; ++p) {
    if (p[0] != '%') put(*p);
    else if (p[1] == 's') {
      for (const char* s = va_arg(args, const char*); *s; ++s) put(*s);
      ++p;
    } else if (p[1] == 'z' && p[2] == 'u') {
      char digits[24];
      int d = 0;
      for (size_t v = va_arg(args, size_t); d == 0 || v; v /= 10) digits[d++] = char('0' + v % 10);
      while (d) put(digits[--d]);
      p += 2;
    } else if (p[1] == '%') {
      put('%');
      ++p;
    } else put(*p);
  }
  va_end(args);
  text[n] = 0;
  throw out_of_range(text);
}
void __throw_runtime_error(const char* s) { throw runtime_error(s); }
void __throw_range_error(const char* s) { throw range_error(s); }
void __throw_overflow_error(const char* s) { throw overflow_error(s); }
void __throw_underflow_error(const char* s) { throw underflow_error(s); }
void __throw_bad_function_call() { throw bad_function_call(); }
void __throw_system_error(int value) { throw system_error(error_code(value, generic_category())); }
// std::future_error's category lives with <future>'s threads, which the device lacks.
void __throw_future_error(int) { circle_device::fail("threw std::future_error", nullptr); }

} // namespace std

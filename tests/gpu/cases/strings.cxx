// std::string, std::wstring and <cwctype> run once on the host and once in a kernel:
// the two halves must print the same. These are the members libstdc++ declares
// `extern template` (its shared library has them; the device gets them from the
// headers' definitions) and the number conversions behind to_string/stoi/stod.
#include "host_and_device.h"

#include <cstdarg>
#include <cstdio>
#include <cwctype>
#include <string>
#include <string_view>

// A variadic function of one's own handing its va_list to the C library.
int format(char* out, size_t n, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int written = vsnprintf(out, n, fmt, args);
  va_end(args);
  return written;
}

// And one reading its arguments itself.
long sum(int count, ...) {
  va_list args;
  va_start(args, count);
  long total = 0;
  for (int i = 0; i < count; ++i) total += i % 2 ? va_arg(args, long) : va_arg(args, int);
  va_end(args);
  return total;
}

void run(const char* where) {
  std::string s = "hello world";
  s += ", again";
  std::string t = s.substr(6, 5);
  size_t found = s.find("again"), missing = s.find("nowhere"), last = s.rfind('o');
  s.replace(0, 5, "HELLO");
  s.insert(0, ">> ");
  s.erase(s.size() - 1);
  s.reserve(100);
  printf("%s: [%s] [%s] find %d %d rfind %d\n", where, s.c_str(), t.c_str(), (int)found,
         missing == std::string::npos, (int)last);
  std::string numbers = std::to_string(1234) + " " + std::to_string(-5) + " " + std::to_string(2.5);
  printf("%s: [%s] stoi %d stol %ld stod %.2f stoul %lu\n", where, numbers.c_str(), std::stoi("77"),
         std::stol("-123456789012"), std::stod("1.5e2"), std::stoul("ff", nullptr, 16));
  std::string r(3, 'x');
  r.resize(5, 'y');
  r.append("zz").push_back('!');
  std::string_view view = r;
  printf("%s: [%s] compare %d %d starts %d\n", where, r.c_str(), t.compare("world"), (s < t) ? 1 : 0,
         view.substr(0, 3) == "xxx");
  char text[64];
  int written = format(text, sizeof text, "%d|%5.2f|%s|%c|%lld", 42, 3.14159, "str", 'z', -9000000000LL);
  printf("%s: format [%s] %d, sum %ld\n", where, text, written, sum(4, 1, 20000000000L, 3, -4L));
  std::wstring w = L"wide";
  w += L" string";
  printf("%s: wide %d %d %d %d\n", where, (int)w.size(), iswalpha(L'a') != 0, (int)towupper(L'q'), (int)w.find(L"str"));
}

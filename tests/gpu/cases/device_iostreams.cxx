// iostreams in kernels with the "C" locale (libdevice-c/runtime/: ios_base.cpp,
// locale.cpp, iostream_templates.cpp, istream_char.cpp, standard_streams.cpp):
// std::cout and std::cerr through the host (stdio.cpp), string streams both ways,
// <iomanip> manipulators, number formatting and parsing, getline, failure bits,
// to_chars/from_chars, and a class of the user's overriding std::streambuf and
// std::exception members. The same function runs on the host first (libstdc++
// there) and then in a kernel; both print the same lines.
#include <cuda_runtime.h>
#include <charconv>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

// Counts what passes through it, for the other stream it forwards to.
struct CountingBuffer : std::streambuf {
  std::streambuf* next;
  int characters = 0;
  explicit CountingBuffer(std::streambuf* n) : next(n) {}
  int_type overflow(int_type c) override {
    ++characters;
    return next->sputc(char(c));
  }
};

struct Mine : std::runtime_error {
  Mine() : std::runtime_error("base") {}
  const char* what() const noexcept override { return "mine"; }
};

void exercise(const char* where) {
  std::cout << where << ": cout " << 3.5 << ' ' << 42 << ' ' << -7 << ' ' << 1234567890123LL << ' ' << 42u << ' '
            << true << ' ' << std::boolalpha << false << std::noboolalpha << '\n';
  std::ostringstream os;
  os << std::setw(8) << std::setfill('*') << 255 << '|' << std::left << std::setw(6) << "ab" << '|' << std::right
     << std::hex << 255 << ' ' << std::showbase << 255 << std::dec << std::noshowbase << '|' << std::oct << 8
     << std::dec << '|' << std::uppercase << std::hex << 48879 << std::nouppercase << std::dec;
  std::cout << where << ": ostringstream " << os.str() << std::endl;
  std::cout << where << ": floats " << std::fixed << std::setprecision(3) << 3.14159 << ' ' << std::scientific
            << 12345.678 << ' ' << std::defaultfloat << std::setprecision(6) << 0.1 << ' ' << 1e21 << ' '
            << 1.0 / 3 << ' ' << std::showpos << 2.5f << std::noshowpos << ' ' << std::setprecision(12) << 1.0 / 7
            << std::setprecision(6) << '\n';

  std::istringstream in("12 -4.5 word 0x1f rest of line\nsecond line\n  7");
  int a = 0, h = 0, last = 0;
  double b = 0;
  std::string w, rest, second;
  in >> a >> b >> w >> std::hex >> h >> std::dec;
  std::getline(in, rest);
  std::getline(in, second);
  in >> last;
  std::cout << where << ": istringstream " << a << ' ' << b << ' ' << w << ' ' << h << " [" << rest << "] ["
            << second << "] " << last << " eof " << in.eof() << '\n';
  std::istringstream bad("abc");
  int n = 7;
  bad >> n;
  std::cout << where << ": bad input fail " << bad.fail() << " value " << n << '\n';
  std::stringstream both;
  both << 1.5 << ' ' << 2 << " tail";
  double x = 0;
  int y = 0;
  char line[16];
  both >> x >> y;
  both.ignore(1);
  both.getline(line, sizeof line);
  std::cout << where << ": stringstream " << x + y << " [" << line << "]\n";

  char digits[32];
  std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, -12345);
  *r.ptr = 0;
  int parsed = 0;
  const char* text = "678xyz";
  std::from_chars_result f = std::from_chars(text, text + 6, parsed);
  std::cout << where << ": to_chars " << digits << " from_chars " << parsed << " stopped at " << f.ptr << '\n';
  for (double v : {0.1, 1.0 / 3, 100.0, 1e21, 0.0001, -2.5e-10, 123456789.0}) {
    r = std::to_chars(digits, digits + sizeof digits, v);
    *r.ptr = 0;
    double back = 0;
    std::from_chars(digits, r.ptr, back);
    std::cout << where << ": to_chars(double) " << digits << " round trip " << (back == v) << '\n';
  }
  double fromText = 0;
  const char* expo = "2.5e3rest";
  std::from_chars_result fe = std::from_chars(expo, expo + 9, fromText);
  std::cout << where << ": from_chars(double) " << fromText << " stopped at " << fe.ptr << '\n';

  CountingBuffer counting(std::cout.rdbuf());
  std::ostream counted(&counting);
  std::cout << where << ": ";
  counted << "through a user's streambuf\n";
  std::cout << where << ": it counted " << counting.characters << '\n';
  Mine mine;
  const std::exception& e = mine;
  std::cout << where << ": overridden what() " << e.what() << '\n';
  std::cerr << where << ": cerr line" << std::endl;
}

__global__ void kernel() { exercise("device"); }

int main() {
  exercise("host");
  std::cout.flush();
  kernel<<<1, 1>>>();
  printf("kernel: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}

// std::cout, std::cerr, std::clog and std::cin on the device, over the device's stdio
// streams (stdio.cpp, served by the host). A GPU runs no static constructors, so the
// device link calls __circle_standard_streams at the entry of every kernel of a module
// that names one of them (targets/nvptx/iostreams.h): the first thread builds
// them, later ones find them built.
//
// Output is unbuffered: each << of a string or number is one request to the host, so
// the lines of threads writing at once may interleave at those boundaries (as host
// threads sharing std::cout do). A line built in a std::ostringstream and written
// with one << stays whole. The streams' state (width, precision, flags) is one for the
// whole device.
#include "once.h"

#include <cstdio>
#include <istream>
#include <new>
#include <ostream>
#include <streambuf>

namespace {

using circle_device::Storage;

class StdioBuffer : public std::streambuf {
public:
  explicit StdioBuffer(FILE* file) : file_(file) {}

protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    return fputc(c, file_) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return std::streamsize(fwrite(s, 1, size_t(n), file_));
  }
  int sync() override { return fflush(file_) == 0 ? 0 : -1; }
  // Input without a get area, as libstdc++'s stdio_sync_filebuf (std::cin synchronised
  // with stdio): a peek reads a character and puts it back, so std::cin and the C
  // functions reading stdin never take one the other has not seen.
  int_type underflow() override {
    int c = fgetc(file_);
    if (c == EOF) return traits_type::eof();
    ungetc(c, file_);
    return c;
  }
  int_type uflow() override {
    int c = fgetc(file_);
    return c == EOF ? traits_type::eof() : c;
  }
  int_type pbackfail(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::eof();
    return ungetc(c, file_) == EOF ? traits_type::eof() : c;
  }

private:
  FILE* file_;
};

// The standard objects, by their symbols (<iostream> declares them for the host).
__device__ Storage<std::ostream> coutObject __asm__("_ZSt4cout");
__device__ Storage<std::ostream> cerrObject __asm__("_ZSt4cerr");
__device__ Storage<std::ostream> clogObject __asm__("_ZSt4clog");
__device__ Storage<std::istream> cinObject __asm__("_ZSt3cin");
__device__ Storage<StdioBuffer> outBuffer, errBuffer, logBuffer, inBuffer;
__device__ unsigned state;

void build() {
  std::ostream* out = new (coutObject.get()) std::ostream(new (outBuffer.get()) StdioBuffer(stdout));
  std::ostream* err = new (cerrObject.get()) std::ostream(new (errBuffer.get()) StdioBuffer(stderr));
  new (clogObject.get()) std::ostream(new (logBuffer.get()) StdioBuffer(stderr));
  std::istream* in = new (cinObject.get()) std::istream(new (inBuffer.get()) StdioBuffer(stdin));
  // As the C++ standard sets them up: cerr unit-buffered, cin and cerr tied to cout.
  err->setf(std::ios_base::unitbuf);
  err->tie(out);
  in->tie(out);
}

} // namespace

extern "C" void __circle_standard_streams() { circle_device::once(state, build); }

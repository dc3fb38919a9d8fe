# iostreams in kernels (libdevice-c/runtime/: ios_base.cpp, locale.cpp,
# iostream_templates.cpp, istream_char.cpp, standard_streams.cpp, charconv.cpp; the
# GPU suite's device_iostreams runs the device half). Here: the host half, what the
# device modules carry, and the two front-end rules the runtime needed, which users'
# code meets too.
source "$(dirname "$0")/lib.sh"

src="$CIRCLE_ROOT/tests/gpu/cases/device_iostreams.cxx"
out=$(cu -sm_90 "$src" -o ios 2>&1)
expect_eq "$?" 0 "std::cout, string streams, <iomanip> and to_chars in a kernel compile ($out)"
timeout 60 ./ios > ios.out 2> ios.err
expect_eq "$(sed '/^kernel:/,$d' ios.out)" "$(sed '/^device:/,$d' "$CIRCLE_ROOT/tests/gpu/expected/device_iostreams.out")" \
  "its host half prints what the device half must"
expect_eq "$(cat ios.err)" "host: cerr line" "the host half's std::cerr"

# device_stdin's expectation is what libstdc++ does on the host with the same reads.
sed -n '/^__global__ void readInput() {$/,/^}$/p' "$CIRCLE_ROOT/tests/gpu/cases/device_stdin.cxx" |
  sed 's/^__global__ void readInput() {$/void readInput() {/' > reads.inc
printf '#include <cstdio>\n#include <iostream>\n#include <string>\n#include "reads.inc"\nint main() { readInput(); }\n' > reads.cxx
out=$(cu -sm_90 reads.cxx -o reads 2>&1)
expect_eq "$?" 0 "the reads compile as host code ($out)"
expect_eq "$(./reads < "$CIRCLE_ROOT/tests/gpu/expected/device_stdin.in")" \
  "$(sed '/^kernel:/d' "$CIRCLE_ROOT/tests/gpu/expected/device_stdin.out")" "device_stdin expects what the host reads"

# std::cout is built at the entry of the kernels of a module that names it; a module
# with string streams only builds nothing.
cat > cout.cxx <<'SRC'
#include <iostream>
__global__ void k(int i) { std::cout << "i=" << i << '\n'; }
int main() { k<<<1, 1>>>(1); }
SRC
cu -sm_90 -S -gpu cout.cxx -o cout > cout.log 2>&1
expect_eq "$?" 0 "a kernel writing to std::cout compiles ($(cat cout.log))"
# (inlined into the kernel: what it builds shows, the stdio buffer std::cout writes through)
expect_contains "$(grep -o 'StdioBuffer' cout.sm_90.ptx | head -1)" "StdioBuffer" "its entry builds the standard streams"
cat > sstream.cxx <<'SRC'
#include <cstdio>
#include <sstream>
__global__ void k(int i) { std::ostringstream os; os << i; printf("%s\n", os.str().c_str()); }
int main() { k<<<1, 1>>>(1); }
SRC
cu -sm_90 -S -gpu sstream.cxx -o sstream > /dev/null 2>&1
expect_eq "$(grep -c 'StdioBuffer\|host_io' sstream.sm_90.ptx)" 0 "string streams alone need no standard streams or host channel"

# A user's override of a host virtual keeps the host's space: it was "a non-virtual
# member function marked 'override' hides virtual member function".
cat > overrides.cxx <<'SRC'
#include <cstdio>
#include <stdexcept>
#include <streambuf>
struct E : std::runtime_error { E() : std::runtime_error("base") {} const char* what() const noexcept override { return "mine"; } };
struct B : std::streambuf { int syncs = 0; int sync() override { return ++syncs, 0; } };
__global__ void k() { E e; const std::exception& x = e; printf("%s\n", x.what()); }
int main() {
  E e; const std::exception& x = e; B b; b.pubsync();
  std::printf("%s %d\n", x.what(), b.syncs);
}
SRC
out=$(cu -sm_90 overrides.cxx -o overrides 2>&1)
expect_eq "$?" 0 "overriding std::exception::what and std::streambuf::sync compiles ($out)"
expect_eq "$(./overrides 2>&1)" "mine 1" "and the host calls the overrides"

# --device-library: explicit instantiations are generated for the modules the library
# is linked into, a constructor's complete variant included.
cat > lib.cxx <<'SRC'
template <class T> struct Box { T v; Box(T x); T get() const; };
template <class T> Box<T>::Box(T x) : v(x) {}
template <class T> T Box<T>::get() const { return v; }
template struct Box<int>;
SRC
cu -sm_75 -gpu -c -emit-llvm --device-library lib.cxx -o lib > lib.log 2>&1
expect_eq "$?" 0 "a device library with an explicit instantiation compiles ($(cat lib.log))"
symbols=$(/usr/lib/llvm-22/bin/llvm-nm lib.sm_75.bc 2>&1)
expect_contains "$symbols" "W _ZNK3BoxIiE3getEv" "the instantiated member is kept, weak"
expect_contains "$symbols" "W _ZN3BoxIiEC1Ei" "the complete constructor exists"
expect_contains "$symbols" "W _ZN3BoxIiEC2Ei" "and the base constructor"

# Wide string streams: the wchar_t facets are in the module that names them (the GPU
# case wide_streams runs it), and only there (locale.cpp's __circle_locale_wide).
out=$(cu -sm_90 -S -gpu "$CIRCLE_ROOT/tests/gpu/cases/wide_streams.cxx" -o wide 2>&1)
expect_eq "$?" 0 "wide string streams compile for the device ($out)"
expect_contains "$(cat wide.sm_90.ptx)" "_ZTVSt5ctypeIwE" "ctype<wchar_t>'s vtable in the wide module"
printf '#include <sstream>\n__global__ void k(int* o) { std::ostringstream s; s << 42; *o = s.str().size(); }\nint main() {}\n' > narrow.cu
cu -sm_90 -S -gpu narrow.cu -o narrow > /dev/null 2>&1
expect_file narrow.sm_90.ptx "a char stream's module"
expect_not_contains "$(cat narrow.sm_90.ptx)" "_ZTVSt5ctypeIwE" "no wide facet where none is named"

finish

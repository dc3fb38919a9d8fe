// std::string's and std::wstring's members, instantiated for the device. Up to C++17
// libstdc++'s headers declare both instantiated elsewhere (`extern template`: its shared
// library holds the members for the host), so a kernel's module compiled with
// -std=c++17 (nvcc's default, and CMake's CUDA_STANDARD 17) has only declarations of
// the members the headers do not define inline (_M_create, _M_replace, _M_append,
// find...). Here they are generated from the headers' own definitions, as libstdc++'s
// string-inst.cc does for the host. From C++20 on the headers declare nothing extern,
// each module has its own copies, and the device link keeps the module's.
#include <string>

namespace std {

template class __cxx11::basic_string<char>;
template class __cxx11::basic_string<wchar_t>;

} // namespace std

#include <sstream>
#include <string>
#include <locale>
#include <cstdio>
__global__ void k(int* out) {
  std::wostringstream os;
  os << L"abc" << 42 << L' ' << 1.5 << ' ' << "xy" << std::endl;
  std::wstring s = os.str();
  out[0] = s.size();
  out[1] = s == L"abc42 1.5 xy\n";
  std::wistringstream is(L"17 2.5 word\nsecond line");
  int a = 0; double b = 0; std::wstring w, line;
  is >> a >> b >> w;
  std::getline(is, line); // rest of the first line: empty
  std::getline(is, line);
  out[2] = a; out[3] = (int)(b * 10); out[4] = w == L"word"; out[5] = line == L"second line";
  const auto& ct = std::use_facet<std::ctype<wchar_t>>(std::locale());
  out[6] = ct.is(std::ctype_base::alpha, L'q') + 2 * ct.is(std::ctype_base::digit, L'q') + 4 * (ct.toupper(L'z') == L'Z') + 8 * (ct.narrow(L'\xe9', '?') == '?');
}
int main() { int* o; cudaMallocManaged(&o, 7 * sizeof(int)); k<<<1,1>>>(o); cudaError_t e = cudaDeviceSynchronize(); printf("%s: %d %d %d %d %d %d %d\n", cudaGetErrorString(e), o[0], o[1], o[2], o[3], o[4], o[5], o[6]); }

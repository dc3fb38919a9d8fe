// The char streams' templates, instantiated for the device. libstdc++'s headers
// declare these instantiations extern (its shared library holds them for the host),
// so Clang generates none in a kernel's module; here they are generated from the
// headers' own template definitions, as the library's build does for the host.
// What the headers declare as explicit specializations is in istream_char.cpp; the
// templates' static members (the facets' ids) are in locale.cpp.
#include <istream>
#include <locale>
#include <ostream>
#include <sstream>

namespace std {

template class basic_ios<char>;
template class basic_streambuf<char>;
template streamsize __copy_streambufs(basic_streambuf<char>*, basic_streambuf<char>*);
template class basic_ostream<char>;
template class basic_istream<char>;
template class basic_iostream<char>;
template class __cxx11::basic_stringbuf<char>;
template class __cxx11::basic_istringstream<char>;
template class __cxx11::basic_ostringstream<char>;
template class __cxx11::basic_stringstream<char>;

template ostream& endl(ostream&);
template ostream& ends(ostream&);
template ostream& flush(ostream&);
template ostream& operator<<(ostream&, char);
template ostream& operator<<(ostream&, unsigned char);
template ostream& operator<<(ostream&, signed char);
template ostream& operator<<(ostream&, const char*);
template ostream& operator<<(ostream&, const unsigned char*);
template ostream& operator<<(ostream&, const signed char*);
template ostream& __ostream_insert(ostream&, const char*, streamsize);
template ostream& ostream::_M_insert(long);
template ostream& ostream::_M_insert(unsigned long);
template ostream& ostream::_M_insert(bool);
template ostream& ostream::_M_insert(long long);
template ostream& ostream::_M_insert(unsigned long long);
template ostream& ostream::_M_insert(double);
template ostream& ostream::_M_insert(long double);
template ostream& ostream::_M_insert(const void*);

template istream& ws(istream&);
template istream& operator>>(istream&, char&);
template istream& operator>>(istream&, unsigned char&);
template istream& operator>>(istream&, signed char&);
template istream& istream::_M_extract(unsigned short&);
template istream& istream::_M_extract(unsigned int&);
template istream& istream::_M_extract(long&);
template istream& istream::_M_extract(unsigned long&);
template istream& istream::_M_extract(bool&);
template istream& istream::_M_extract(long long&);
template istream& istream::_M_extract(unsigned long long&);
template istream& istream::_M_extract(float&);
template istream& istream::_M_extract(double&);
template istream& istream::_M_extract(long double&);
template istream& istream::_M_extract(void*&);

template class __cxx11::numpunct<char>;
template class num_put<char>;
template class num_get<char>;
template const ctype<char>& use_facet<ctype<char>>(const locale&);
template const numpunct<char>& use_facet<numpunct<char>>(const locale&);
template const num_put<char>& use_facet<num_put<char>>(const locale&);
template const num_get<char>& use_facet<num_get<char>>(const locale&);
template bool has_facet<ctype<char>>(const locale&);
template bool has_facet<numpunct<char>>(const locale&);
template bool has_facet<num_put<char>>(const locale&);
template bool has_facet<num_get<char>>(const locale&);
template class __cxx11::collate<char>;
template const collate<char>& use_facet<collate<char>>(const locale&);
template bool has_facet<collate<char>>(const locale&);

} // namespace std

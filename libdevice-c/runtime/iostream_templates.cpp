// The char and wchar_t streams' templates, instantiated for the device. libstdc++'s headers
// declare these instantiations extern (its shared library holds them for the host),
// so Clang generates none in a kernel's module; here they are generated from the
// headers' own template definitions, as the library's build does for the host.
// What the headers declare as explicit specializations is in istream_specializations.cpp; the
// templates' static members (the facets' ids) are in locale.cpp.
#include <istream>
#include <locale>
#include <ostream>
#include <sstream>

namespace std {

// What both character types instantiate alike.
#define CIRCLE_STREAM_TEMPLATES(C)                                                                                  \
  template class basic_ios<C>;                                                                                       \
  template class basic_streambuf<C>;                                                                                 \
  template streamsize __copy_streambufs(basic_streambuf<C>*, basic_streambuf<C>*);                                   \
  template class basic_ostream<C>;                                                                                   \
  template class basic_istream<C>;                                                                                   \
  template class basic_iostream<C>;                                                                                  \
  template class __cxx11::basic_stringbuf<C>;                                                                        \
  template class __cxx11::basic_istringstream<C>;                                                                    \
  template class __cxx11::basic_ostringstream<C>;                                                                    \
  template class __cxx11::basic_stringstream<C>;                                                                     \
  template basic_ostream<C>& endl(basic_ostream<C>&);                                                                \
  template basic_ostream<C>& ends(basic_ostream<C>&);                                                                \
  template basic_ostream<C>& flush(basic_ostream<C>&);                                                               \
  template basic_ostream<C>& operator<<(basic_ostream<C>&, C);                                                       \
  template basic_ostream<C>& operator<<(basic_ostream<C>&, const C*);                                                \
  template basic_ostream<C>& __ostream_insert(basic_ostream<C>&, const C*, streamsize);                              \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(long);                                                      \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(unsigned long);                                             \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(bool);                                                      \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(long long);                                                 \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(unsigned long long);                                        \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(double);                                                    \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(long double);                                               \
  template basic_ostream<C>& basic_ostream<C>::_M_insert(const void*);                                               \
  template basic_istream<C>& ws(basic_istream<C>&);                                                                  \
  template basic_istream<C>& operator>>(basic_istream<C>&, C&);                                                      \
  template basic_istream<C>& basic_istream<C>::_M_extract(unsigned short&);                                          \
  template basic_istream<C>& basic_istream<C>::_M_extract(unsigned int&);                                            \
  template basic_istream<C>& basic_istream<C>::_M_extract(long&);                                                    \
  template basic_istream<C>& basic_istream<C>::_M_extract(unsigned long&);                                           \
  template basic_istream<C>& basic_istream<C>::_M_extract(bool&);                                                    \
  template basic_istream<C>& basic_istream<C>::_M_extract(long long&);                                               \
  template basic_istream<C>& basic_istream<C>::_M_extract(unsigned long long&);                                      \
  template basic_istream<C>& basic_istream<C>::_M_extract(float&);                                                   \
  template basic_istream<C>& basic_istream<C>::_M_extract(double&);                                                  \
  template basic_istream<C>& basic_istream<C>::_M_extract(long double&);                                             \
  template basic_istream<C>& basic_istream<C>::_M_extract(void*&);                                                   \
  template class __cxx11::numpunct<C>;                                                                               \
  template class num_put<C>;                                                                                         \
  template class num_get<C>;                                                                                         \
  template class __cxx11::collate<C>;                                                                                \
  template const ctype<C>& use_facet<ctype<C>>(const locale&);                                                       \
  template const numpunct<C>& use_facet<numpunct<C>>(const locale&);                                                 \
  template const num_put<C>& use_facet<num_put<C>>(const locale&);                                                   \
  template const num_get<C>& use_facet<num_get<C>>(const locale&);                                                   \
  template const collate<C>& use_facet<collate<C>>(const locale&);                                                   \
  template bool has_facet<ctype<C>>(const locale&);                                                                  \
  template bool has_facet<numpunct<C>>(const locale&);                                                               \
  template bool has_facet<num_put<C>>(const locale&);                                                                \
  template bool has_facet<num_get<C>>(const locale&);                                                                \
  template bool has_facet<collate<C>>(const locale&);

CIRCLE_STREAM_TEMPLATES(char)
CIRCLE_STREAM_TEMPLATES(wchar_t)
#undef CIRCLE_STREAM_TEMPLATES

// char's own: the signed and unsigned bytes.
template ostream& operator<<(ostream&, unsigned char);
template ostream& operator<<(ostream&, signed char);
template ostream& operator<<(ostream&, const unsigned char*);
template ostream& operator<<(ostream&, const signed char*);
template istream& operator>>(istream&, unsigned char&);
template istream& operator>>(istream&, signed char&);

// wchar_t's own: narrow characters and strings widened on output, a word into a
// wstring (char's is a specialization, istream_specializations.cpp).
template wostream& operator<<(wostream&, char);
template wostream& operator<<(wostream&, const char*);
template wistream& operator>>(wistream&, wstring&);

} // namespace std

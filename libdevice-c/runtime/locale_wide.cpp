// The "C" locale's wchar_t facets for the device: what libstdc++ keeps out of line
// for ctype<wchar_t>, numpunct<wchar_t> and collate<wchar_t> (its sources build them
// on glibc's wide-character functions), written for the GPU with glibc's "C" locale
// behaviour: ASCII is classified and converted, every other character belongs to no
// class and narrows to the default; a byte above 0x7f widens to WEOF, as btowc
// answers in "C". locale.cpp installs them in modules that use them.
#include <cstring>
#include <cwchar>
#include <locale>

namespace std {

// ---- ctype<wchar_t> ----------------------------------------------------------------

__device__ locale::id ctype<wchar_t>::id;

ctype<wchar_t>::ctype(size_t refs) : __ctype_abstract_base<wchar_t>(refs), _M_c_locale_ctype(nullptr) {
  _M_initialize_ctype();
}

ctype<wchar_t>::ctype(__c_locale, size_t refs) : ctype(refs) {}

ctype<wchar_t>::~ctype() {}

namespace {

bool ascii(wchar_t c) { return c >= 0 && c < 0x80; }

// The char table's classes of an ASCII character: the "C" locale's answer.
ctype_base::mask classes(wchar_t c) {
  return ascii(c) ? ctype<char>::classic_table()[static_cast<unsigned char>(c)]
                  : ctype_base::mask(0);
}

} // namespace

// wctype_t is only an index here: the mask's bits stand for themselves.
ctype<wchar_t>::__wmask_type ctype<wchar_t>::_M_convert_to_wmask(const mask m) const throw() { return m; }

void ctype<wchar_t>::_M_initialize_ctype() throw() {
  for (int i = 0; i < 128; ++i) _M_narrow[i] = char(i);
  _M_narrow_ok = true;
  for (unsigned i = 0; i < sizeof _M_widen / sizeof _M_widen[0]; ++i) _M_widen[i] = i < 0x80 ? wint_t(i) : WEOF;
  for (int i = 0; i < 16; ++i) {
    _M_bit[i] = static_cast<mask>(1u << i);
    _M_wmask[i] = _M_convert_to_wmask(_M_bit[i]);
  }
}

bool ctype<wchar_t>::do_is(mask m, wchar_t c) const { return (classes(c) & m) != 0; }

const wchar_t* ctype<wchar_t>::do_is(const wchar_t* lo, const wchar_t* hi, mask* vec) const {
  for (; lo < hi; ++lo, ++vec) *vec = classes(*lo);
  return hi;
}

const wchar_t* ctype<wchar_t>::do_scan_is(mask m, const wchar_t* lo, const wchar_t* hi) const {
  while (lo < hi && !do_is(m, *lo)) ++lo;
  return lo;
}

const wchar_t* ctype<wchar_t>::do_scan_not(mask m, const wchar_t* lo, const wchar_t* hi) const {
  while (lo < hi && do_is(m, *lo)) ++lo;
  return lo;
}

wchar_t ctype<wchar_t>::do_toupper(wchar_t c) const { return c >= L'a' && c <= L'z' ? c - L'a' + L'A' : c; }
const wchar_t* ctype<wchar_t>::do_toupper(wchar_t* lo, const wchar_t* hi) const {
  for (; lo < hi; ++lo) *lo = do_toupper(*lo);
  return hi;
}
wchar_t ctype<wchar_t>::do_tolower(wchar_t c) const { return c >= L'A' && c <= L'Z' ? c - L'A' + L'a' : c; }
const wchar_t* ctype<wchar_t>::do_tolower(wchar_t* lo, const wchar_t* hi) const {
  for (; lo < hi; ++lo) *lo = do_tolower(*lo);
  return hi;
}

wchar_t ctype<wchar_t>::do_widen(char c) const { return wchar_t(_M_widen[static_cast<unsigned char>(c)]); }
const char* ctype<wchar_t>::do_widen(const char* lo, const char* hi, wchar_t* to) const {
  for (; lo < hi; ++lo, ++to) *to = do_widen(*lo);
  return hi;
}

char ctype<wchar_t>::do_narrow(wchar_t c, char dfault) const { return ascii(c) ? char(c) : dfault; }
const wchar_t* ctype<wchar_t>::do_narrow(const wchar_t* lo, const wchar_t* hi, char dfault, char* to) const {
  for (; lo < hi; ++lo, ++to) *to = do_narrow(*lo, dfault);
  return hi;
}

// ---- numpunct<wchar_t> -------------------------------------------------------------

template <> void numpunct<wchar_t>::_M_initialize_numpunct(__c_locale) {
  if (!_M_data) _M_data = new __numpunct_cache<wchar_t>;
  _M_data->_M_grouping = "";
  _M_data->_M_grouping_size = 0;
  _M_data->_M_use_grouping = false;
  _M_data->_M_decimal_point = L'.';
  _M_data->_M_thousands_sep = L',';
  for (size_t i = 0; i < __num_base::_S_oend; ++i) _M_data->_M_atoms_out[i] = wchar_t(__num_base::_S_atoms_out[i]);
  for (size_t i = 0; i < __num_base::_S_iend; ++i) _M_data->_M_atoms_in[i] = wchar_t(__num_base::_S_atoms_in[i]);
  _M_data->_M_truename = L"true";
  _M_data->_M_truename_size = 4;
  _M_data->_M_falsename = L"false";
  _M_data->_M_falsename_size = 5;
}

template <> numpunct<wchar_t>::~numpunct() { delete _M_data; }

// ---- collate<wchar_t>: the "C" locale compares and transforms code points ------------

template <> int collate<wchar_t>::_M_compare(const wchar_t* a, const wchar_t* b) const throw() {
  for (; *a && *a == *b; ++a, ++b) {
  }
  return *a < *b ? -1 : *a > *b;
}

template <> size_t collate<wchar_t>::_M_transform(wchar_t* to, const wchar_t* from, size_t n) const throw() {
  size_t length = 0;
  while (from[length]) ++length;
  if (n) memcpy(to, from, (length < n ? length + 1 : n) * sizeof(wchar_t));
  return length;
}

} // namespace std

// The "C" locale for the device: what libstdc++'s headers leave out of line for
// std::locale, its facets and the number formatting iostreams use, written for the
// GPU from the classes' declarations (libstdc++'s own sources build the locale from
// glibc's locale model and static initialisation, neither of which a GPU has).
//
// One classic locale per device module, built by the first thread that needs it
// (the others wait for it): ctype, numpunct, num_put, num_get and collate for char,
// and for wchar_t in modules that use wide streams or facets (locale_wide.cpp). std::locale() is that locale; there is no
// locale::global and no named locale but "C" (the others throw std::runtime_error).
// The objects are never destroyed: each holds a reference that is never given back.
#include "once.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <locale>
#include <stdexcept>

extern "C" const unsigned short** __ctype_b_loc() noexcept; // glibc_ctype.cpp

namespace {

using circle_device::Storage;

// Facet ids are handed out as facets are first used; the classic locale's table has
// room for every facet a program may name.
constexpr size_t kFacets = 64;

// 1 unless the device link found no reading from streams in the module
// (targets/nvptx/iostreams.h), and then a constant 0: num_get and what it calls go.
extern "C" __device__ int __circle_locale_reads_numbers = 1;
// Likewise 1 only where the module names a wide stream or facet: the wchar_t facets
// stay out of every other module.
extern "C" __device__ int __circle_locale_wide = 1;

__device__ unsigned classicState;
__device__ Storage<std::locale> classicLocale;
__device__ const std::locale::facet* classicFacets[kFacets];
__device__ const std::locale::facet* classicCaches[kFacets];
constexpr size_t kCategories = 12; // std::locale::_S_categories_size, which is private
__device__ char* classicNames[kCategories];
__device__ Storage<std::ctype<char>> classicCtype;
__device__ Storage<std::numpunct<char>> classicNumpunct;
__device__ Storage<std::num_put<char>> classicNumPut;
__device__ Storage<std::num_get<char>> classicNumGet;
__device__ Storage<std::collate<char>> classicCollate;
__device__ Storage<std::ctype<wchar_t>> classicWideCtype;
__device__ Storage<std::numpunct<wchar_t>> classicWideNumpunct;
__device__ Storage<std::num_put<wchar_t>> classicWideNumPut;
__device__ Storage<std::num_get<wchar_t>> classicWideNumGet;
__device__ Storage<std::collate<wchar_t>> classicWideCollate;

} // namespace

namespace std {

// Static data members are __device__ here: the headers declare them for the host.
// Those of class templates (the facets' ids) cannot be respecified once the headers'
// explicit instantiation declarations are seen, so they are defined by their
// symbols; the instantiations in iostream_templates.cpp refer to them.
__device__ std::locale::id numpunctId __asm__("_ZNSt7__cxx118numpunctIcE2idE");
__device__ std::locale::id numPutId __asm__("_ZNSt7num_putIcSt19ostreambuf_iteratorIcSt11char_traitsIcEEE2idE");
__device__ std::locale::id numGetId __asm__("_ZNSt7num_getIcSt19istreambuf_iteratorIcSt11char_traitsIcEEE2idE");
__device__ std::locale::id collateId __asm__("_ZNSt7__cxx117collateIcE2idE");
__device__ std::locale::id wideNumpunctId __asm__("_ZNSt7__cxx118numpunctIwE2idE");
__device__ std::locale::id wideNumPutId __asm__("_ZNSt7num_putIwSt19ostreambuf_iteratorIwSt11char_traitsIwEEE2idE");
__device__ std::locale::id wideNumGetId __asm__("_ZNSt7num_getIwSt19istreambuf_iteratorIwSt11char_traitsIwEEE2idE");
__device__ std::locale::id wideCollateId __asm__("_ZNSt7__cxx117collateIwE2idE");

// ---- std::locale -------------------------------------------------------------------

locale::_Impl::_Impl(size_t refs) throw()
    : _M_refcount(refs), _M_facets(classicFacets), _M_facets_size(kFacets), _M_caches(classicCaches),
      _M_names(classicNames) {
  static const char c[] = "C";
  _M_names[0] = const_cast<char*>(c);
  // refs 1: the classic locale's facets are never deleted.
  // std::: inside locale, `ctype` names the category.
  _M_init_facet_unchecked(new (classicCtype.get()) std::ctype<char>(nullptr, false, 1));
  _M_init_facet_unchecked(new (classicNumpunct.get()) std::numpunct<char>(1));
  _M_init_facet_unchecked(new (classicNumPut.get()) std::num_put<char>(1));
  if (__circle_locale_reads_numbers) _M_init_facet_unchecked(new (classicNumGet.get()) std::num_get<char>(1));
  _M_init_facet_unchecked(new (classicCollate.get()) std::collate<char>(1));
  if (__circle_locale_wide) {
    _M_init_facet_unchecked(new (classicWideCtype.get()) std::ctype<wchar_t>(1));
    _M_init_facet_unchecked(new (classicWideNumpunct.get()) std::numpunct<wchar_t>(1));
    _M_init_facet_unchecked(new (classicWideNumPut.get()) std::num_put<wchar_t>(1));
    if (__circle_locale_reads_numbers)
      _M_init_facet_unchecked(new (classicWideNumGet.get()) std::num_get<wchar_t>(1));
    _M_init_facet_unchecked(new (classicWideCollate.get()) std::collate<wchar_t>(1));
  }
}

locale::_Impl::~_Impl() throw() {}

void locale::_Impl::_M_install_cache(const facet* cache, size_t index) {
  if (index >= _M_facets_size) return;
  // Two threads may build a cache at once: the first stays, the other is dropped.
  const facet* none = nullptr;
  if (!__atomic_compare_exchange_n(&_M_caches[index], &none, cache, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    delete cache;
}

// Out of line: built once per module, it would otherwise be copied into every stream
// constructor that inlines classic(), each copy more work for ptxas.
[[gnu::noinline]] const locale& locale::classic() {
  circle_device::once(classicState, [] {
    auto* impl = static_cast<_Impl*>(::operator new(sizeof(_Impl)));
    new (impl) _Impl(1); // one reference the classic locale never gives back
    locale* l = classicLocale.get();
    l->_M_impl = impl;
  });
  return *classicLocale.get();
}

locale::locale() throw() : _M_impl(classic()._M_impl) { _M_impl->_M_add_reference(); }
locale::locale(const locale& other) throw() : _M_impl(other._M_impl) { _M_impl->_M_add_reference(); }
locale::locale(const char* name) : _M_impl(classic()._M_impl) {
  if (!name) __throw_runtime_error("locale::locale null not valid");
  if (strcmp(name, "C") != 0 && strcmp(name, "POSIX") != 0 && name[0] != 0)
    __throw_runtime_error("locale::locale name not valid: the device has the \"C\" locale only");
  _M_impl->_M_add_reference();
}
locale::~locale() throw() { _M_impl->_M_remove_reference(); }

const locale& locale::operator=(const locale& other) throw() {
  other._M_impl->_M_add_reference();
  _M_impl->_M_remove_reference();
  _M_impl = other._M_impl;
  return *this;
}

string locale::name() const { return "C"; }
bool locale::operator==(const locale& other) const throw() { return _M_impl == other._M_impl; }

__device__ _Atomic_word locale::id::_S_refcount;

size_t locale::id::_M_id() const throw() {
  size_t index = __atomic_load_n(&_M_index, __ATOMIC_ACQUIRE);
  if (!index) {
    size_t mine = size_t(__atomic_add_fetch(&_S_refcount, 1, __ATOMIC_ACQ_REL));
    size_t none = 0;
    index = __atomic_compare_exchange_n(&_M_index, &none, mine, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ? mine : none;
  }
  return index - 1;
}

locale::facet::~facet() {}
// glibc's locale objects do not exist on the device; the "C" behaviour is built in.
__c_locale locale::facet::_S_get_c_locale() { return nullptr; }
const char* locale::facet::_S_get_c_name() throw() { return "C"; }
// The device's only locale is "C", whose handle is null: nothing to copy or free.
__c_locale locale::facet::_S_clone_c_locale(__c_locale&) throw() { return nullptr; }
void locale::facet::_S_destroy_c_locale(__c_locale& handle) { handle = nullptr; }

// ---- ctype<char> -------------------------------------------------------------------

__device__ locale::id ctype<char>::id;

ctype<char>::ctype(const mask* table, bool del, size_t refs)
    : facet(refs), _M_c_locale_ctype(nullptr), _M_del(table != nullptr && del), _M_toupper(nullptr),
      _M_tolower(nullptr), _M_table(table ? table : classic_table()), _M_widen_ok(0), _M_narrow_ok(0) {
  memset(_M_widen, 0, sizeof _M_widen);
  memset(_M_narrow, 0, sizeof _M_narrow);
}

ctype<char>::ctype(__c_locale, const mask* table, bool del, size_t refs) : ctype(table, del, refs) {}

ctype<char>::~ctype() {
  if (_M_del) delete[] _M_table;
}

const ctype<char>::mask* ctype<char>::classic_table() throw() { return *__ctype_b_loc(); }

char ctype<char>::do_toupper(char c) const { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }
const char* ctype<char>::do_toupper(char* lo, const char* hi) const {
  for (; lo < hi; ++lo) *lo = do_toupper(*lo);
  return hi;
}
char ctype<char>::do_tolower(char c) const { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }
const char* ctype<char>::do_tolower(char* lo, const char* hi) const {
  for (; lo < hi; ++lo) *lo = do_tolower(*lo);
  return hi;
}

// In the "C" locale widen and narrow are the identity unless a derived facet says
// otherwise; the tables let the inline members skip the virtual call.
void ctype<char>::_M_widen_init() const {
  char in[table_size], out[table_size];
  for (size_t i = 0; i < table_size; ++i) in[i] = char(i);
  do_widen(in, in + table_size, out);
  memcpy(_M_widen, out, table_size);
  _M_widen_ok = memcmp(in, out, table_size) ? 2 : 1;
}

void ctype<char>::_M_narrow_init() const {
  char in[table_size], out[table_size];
  for (size_t i = 0; i < table_size; ++i) in[i] = char(i);
  do_narrow(in, in + table_size, 0, out);
  memcpy(_M_narrow, out, table_size);
  _M_narrow_ok = memcmp(in, out, table_size) ? 2 : 1;
}

// ---- numbers -----------------------------------------------------------------------

// The digits and signs num_put and num_get work with, in the order __num_base's
// indices name them.
__device__ const char* __num_base::_S_atoms_out = "-+xX0123456789abcdef0123456789ABCDEF";
__device__ const char* __num_base::_S_atoms_in = "-+xX0123456789abcdefABCDEF";

// The printf conversion for a floating-point value as `io`'s flags ask; the caller
// passes the precision when the format says ".*".
void __num_base::_S_format_float(const ios_base& io, char* format, char modifier) throw() {
  ios_base::fmtflags flags = io.flags();
  *format++ = '%';
  if (flags & ios_base::showpos) *format++ = '+';
  if (flags & ios_base::showpoint) *format++ = '#';
  ios_base::fmtflags notation = flags & ios_base::floatfield;
  if (notation != (ios_base::fixed | ios_base::scientific)) {
    *format++ = '.';
    *format++ = '*';
  }
  if (modifier) *format++ = modifier;
  bool upper = flags & ios_base::uppercase;
  if (notation == ios_base::fixed) *format++ = 'f';
  else if (notation == ios_base::scientific) *format++ = upper ? 'E' : 'e';
  else if (notation == (ios_base::fixed | ios_base::scientific)) *format++ = upper ? 'A' : 'a';
  else *format++ = upper ? 'G' : 'g';
  *format = 0;
}

// Whether the group sizes num_get saw (last group first in `seen`) follow `grouping`.
bool __verify_grouping(const char* grouping, size_t grouping_size, const string& seen) throw() {
  if (seen.empty() || !grouping_size) return true;
  const size_t last = seen.size() - 1, rules = grouping_size - 1;
  size_t i = last, rule = 0;
  bool ok = true;
  // Every group but the first written (last in `seen`) must match its rule exactly;
  // the first may be shorter.
  for (; i > 0 && ok; --i) {
    ok = seen[i] == grouping[rule];
    if (rule < rules) ++rule;
  }
  for (; i > 0; --i) ok = ok && seen[i] == grouping[rules];
  if (static_cast<signed char>(grouping[rule]) > 0 && grouping[rule] != __gnu_cxx::__numeric_traits<char>::__max)
    ok = ok && seen[0] <= grouping[rule];
  return ok;
}

template <class T> static void convertTo(const char* s, T& v, ios_base::iostate& err, T (*convert)(const char*, char**)) {
  char* end;
  int saved = errno;
  errno = 0;
  T value = convert(s, &end);
  if (end == s || *end != 0) {
    v = 0;
    err = ios_base::failbit;
  } else if (errno == ERANGE && (value == numeric_limits<T>::infinity() || value == -numeric_limits<T>::infinity())) {
    v = value > 0 ? numeric_limits<T>::max() : -numeric_limits<T>::max();
    err = ios_base::failbit;
  } else {
    v = value;
  }
  if (!errno) errno = saved;
}

template <> void __convert_to_v(const char* s, float& v, ios_base::iostate& err, const __c_locale&) throw() {
  convertTo<float>(s, v, err, [](const char* p, char** e) { return strtof(p, e); });
}
template <> void __convert_to_v(const char* s, double& v, ios_base::iostate& err, const __c_locale&) throw() {
  convertTo<double>(s, v, err, [](const char* p, char** e) { return strtod(p, e); });
}
// long double is double on the device (targets/nvptx/long_double.h).
template <> void __convert_to_v(const char* s, long double& v, ios_base::iostate& err, const __c_locale&) throw() {
  convertTo<long double>(s, v, err, [](const char* p, char** e) { return static_cast<long double>(strtod(p, e)); });
}

// ---- numpunct<char> ----------------------------------------------------------------

template <> void numpunct<char>::_M_initialize_numpunct(__c_locale) {
  if (!_M_data) _M_data = new __numpunct_cache<char>;
  _M_data->_M_grouping = "";
  _M_data->_M_grouping_size = 0;
  _M_data->_M_use_grouping = false;
  _M_data->_M_decimal_point = '.';
  _M_data->_M_thousands_sep = ',';
  for (size_t i = 0; i < __num_base::_S_oend; ++i) _M_data->_M_atoms_out[i] = __num_base::_S_atoms_out[i];
  for (size_t i = 0; i < __num_base::_S_iend; ++i) _M_data->_M_atoms_in[i] = __num_base::_S_atoms_in[i];
  _M_data->_M_truename = "true";
  _M_data->_M_truename_size = 4;
  _M_data->_M_falsename = "false";
  _M_data->_M_falsename_size = 5;
}

template <> numpunct<char>::~numpunct() { delete _M_data; }

// ---- collate<char>: the "C" locale compares and transforms bytes ----------------------

template <> int collate<char>::_M_compare(const char* a, const char* b) const throw() {
  int r = strcmp(a, b);
  return r < 0 ? -1 : r > 0;
}

template <> size_t collate<char>::_M_transform(char* to, const char* from, size_t n) const throw() {
  size_t length = strlen(from);
  if (n) memcpy(to, from, length < n ? length + 1 : n);
  return length;
}

} // namespace std

// What libstdc++'s printf-based formatting switches to around each call (its
// __convert_from_v): the device has the "C" locale only.
extern "C" __locale_t __uselocale(__locale_t l) noexcept { return l; }

// std::ios_base's out-of-line members for the device: the state every stream keeps
// (flags, precision, width, locale, iword/pword slots, callbacks), written from the
// class's declaration in libstdc++'s <bits/ios_base.h>.
#include "report.h"

#include <ios>
#include <new>

namespace {

// Indices 0-3 are libstdc++'s own (it reserves them for its facets' caches).
__device__ int nextWordIndex = 4;

} // namespace

namespace std {

ios_base::ios_base() throw() : _M_callbacks(nullptr), _M_word_size(_S_local_word_size), _M_word(_M_local_word) {}

ios_base::~ios_base() {
  _M_call_callbacks(erase_event);
  _M_dispose_callbacks();
  if (_M_word != _M_local_word) delete[] _M_word;
}

// What basic_ios::init asks for: C++'s defaults and the locale of the moment.
void ios_base::_M_init() throw() {
  _M_precision = 6;
  _M_width = 0;
  _M_flags = skipws | dec;
  _M_ios_locale = locale();
}

void ios_base::_M_call_callbacks(event e) throw() {
  for (_Callback_list* p = _M_callbacks; p; p = p->_M_next) (*p->_M_fn)(e, *this, p->_M_index);
}

void ios_base::_M_dispose_callbacks() throw() {
  _Callback_list* p = _M_callbacks;
  while (p && p->_M_remove_reference() == 0) {
    _Callback_list* next = p->_M_next;
    delete p;
    p = next;
  }
  _M_callbacks = nullptr;
}

void ios_base::register_callback(event_callback fn, int index) {
  _M_callbacks = new _Callback_list(fn, index, _M_callbacks);
}

int ios_base::xalloc() throw() { return __atomic_fetch_add(&nextWordIndex, 1, __ATOMIC_RELAXED); }

// iword/pword past the slots kept inside the object: a larger array, or the
// failure slot and badbit when there is no memory for one.
ios_base::_Words& ios_base::_M_grow_words(int index, bool iword) {
  if (index < 0 || index >= __gnu_cxx::__numeric_traits<int>::__max - 1) {
    _M_streambuf_state |= badbit;
    if (_M_streambuf_state & _M_exception) __throw_ios_failure("ios_base::_M_grow_words is not valid");
    _M_word_zero = _Words();
    return _M_word_zero;
  }
  int size = index < _S_local_word_size ? _S_local_word_size : index + 1;
  _Words* words = new (nothrow) _Words[size];
  if (!words) {
    _M_streambuf_state |= badbit;
    if (_M_streambuf_state & _M_exception) __throw_ios_failure("ios_base::_M_grow_words allocation failed");
    if (iword) _M_word_zero._M_iword = 0;
    else _M_word_zero._M_pword = nullptr;
    return _M_word_zero;
  }
  for (int i = 0; i < _M_word_size; ++i) words[i] = _M_word[i];
  if (_M_word != _M_local_word) delete[] _M_word;
  _M_word = words;
  _M_word_size = size;
  return _M_word[index];
}

locale ios_base::imbue(const locale& loc) throw() {
  locale old = _M_ios_locale;
  _M_ios_locale = loc;
  _M_call_callbacks(imbue_event);
  return old;
}

// Stream moves and swaps (basic_ios::move/swap): the state changes hands; callbacks
// and iword/pword storage go with it.
void ios_base::_M_move(ios_base& rhs) noexcept {
  _M_precision = rhs._M_precision;
  _M_width = rhs._M_width;
  _M_flags = rhs._M_flags;
  _M_exception = rhs._M_exception;
  _M_streambuf_state = rhs._M_streambuf_state;
  _M_callbacks = rhs._M_callbacks;
  rhs._M_callbacks = nullptr;
  if (_M_word != _M_local_word) delete[] _M_word;
  if (rhs._M_word == rhs._M_local_word) {
    _M_word = _M_local_word;
    _M_word_size = _S_local_word_size;
    for (int i = 0; i < _S_local_word_size; ++i) _M_word[i] = rhs._M_word[i];
  } else {
    _M_word = rhs._M_word;
    _M_word_size = rhs._M_word_size;
    rhs._M_word = rhs._M_local_word;
    rhs._M_word_size = _S_local_word_size;
  }
  _M_ios_locale = rhs._M_ios_locale;
}

void ios_base::_M_swap(ios_base& rhs) noexcept {
  std::swap(_M_precision, rhs._M_precision);
  std::swap(_M_width, rhs._M_width);
  std::swap(_M_flags, rhs._M_flags);
  std::swap(_M_exception, rhs._M_exception);
  std::swap(_M_streambuf_state, rhs._M_streambuf_state);
  std::swap(_M_callbacks, rhs._M_callbacks);
  const bool mineLocal = _M_word == _M_local_word, theirsLocal = rhs._M_word == rhs._M_local_word;
  if (mineLocal && theirsLocal) {
    for (int i = 0; i < _S_local_word_size; ++i) std::swap(_M_local_word[i], rhs._M_local_word[i]);
  } else if (mineLocal) {
    for (int i = 0; i < _S_local_word_size; ++i) rhs._M_local_word[i] = _M_local_word[i];
    _M_word = rhs._M_word;
    rhs._M_word = rhs._M_local_word;
  } else if (theirsLocal) {
    for (int i = 0; i < _S_local_word_size; ++i) _M_local_word[i] = rhs._M_local_word[i];
    rhs._M_word = _M_word;
    _M_word = _M_local_word;
  } else {
    std::swap(_M_word, rhs._M_word);
  }
  std::swap(_M_word_size, rhs._M_word_size);
  std::swap(_M_ios_locale, rhs._M_ios_locale);
}

// A stream whose exceptions() mask asks for a throw: the device reports it and traps
// (ios_base::failure is a std::system_error, whose categories the device lacks).
void __throw_ios_failure(const char* what) { circle_device::fail("threw std::ios_base::failure", what); }
void __throw_ios_failure(const char* what, int) { circle_device::fail("threw std::ios_base::failure", what); }

} // namespace std

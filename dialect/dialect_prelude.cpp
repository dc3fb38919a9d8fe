#include "dialect/dialect_prelude.h"

namespace circle {

namespace {

// Clang's type-trait built-ins, not <type_traits>: the prelude comes before any
// header and must not make std names visible that the user did not include.
const char* kRangeFor = R"(
template <class __T> struct __circle_count_range {
  struct iterator {
    __T __i;
    constexpr __T operator*() const { return __i; }
    constexpr iterator& operator++() { ++__i; return *this; }
    constexpr bool operator==(const iterator& __o) const { return __i == __o.__i; }
    constexpr bool operator!=(const iterator& __o) const { return __i != __o.__i; }
  };
  __T __n;
  constexpr iterator begin() const { return {__T(0)}; }
  constexpr iterator end() const { return {__n > __T(0) ? __n : __T(0)}; }
};
// for (int i : count): __E is decltype((range-init)). A count (an integer, not bool)
// becomes 0 ... count-1; anything else comes back as it was given.
template <class __E, bool = __is_integral(__remove_cvref(__E)) && !__is_same(__remove_cvref(__E), bool)>
struct __circle_range_init {
  static constexpr __E __get(__E __r) { return static_cast<__E&&>(__r); }
};
template <class __E> struct __circle_range_init<__E, true> {
  static constexpr __circle_count_range<__remove_cvref(__E)> __get(__remove_cvref(__E) __n) { return {__n}; }
};
)";

// Statement-level pack expansion over dynamic slices and @range(n): the loop runs
// for the shortest pack.
const char* kPackExpansion = R"(
template <class __R> constexpr auto __circle_slice_size(__R& __r) -> decltype(__r.size()) { return __r.size(); }
template <class __T, decltype(sizeof 0) __N> constexpr decltype(sizeof 0) __circle_slice_size(__T (&)[__N]) {
  return __N;
}
// begin:end:step: how many values begin, begin + step, ... lie before end.
constexpr long long __circle_range_count(long long __b, long long __e, long long __s) {
  long long __n = __s > 0 ? (__e - __b + __s - 1) / __s : __s < 0 ? (__b - __e - __s - 1) / -__s : 0;
  return __n < 0 ? 0 : __n;
}
template <class... __N> constexpr int __circle_pack_count(__N... __n) {
  const long long __lengths[] = {(long long)__n...};
  long long __m = __lengths[0];
  for (long long __l : __lengths) __m = __l < __m ? __l : __m;
  return __m < 0 ? 0 : (int)__m;
}
)";

// Member traits (dialect/member_traits.h): the name is already parsed when its '.'
// is seen, so the trait continues it as `name ->* tag`. Each overload has a class
// operand, the tag, so no other ->* is affected.
const char* kMemberTraits = R"(
template <bool, class __T = void> struct __circle_enable_if {};
template <class __T> struct __circle_enable_if<true, __T> { using type = __T; };
struct __circle_text { const char* __s; };
template <class __T> constexpr const char* operator->*(const __T&, __circle_text __t) { return __t.__s; }
template <int __N> struct __circle_constant {};
template <class __T, int __N> constexpr int operator->*(const __T&, __circle_constant<__N>) { return __N; }
struct __circle_enumerator_name {};
// The enumerator's name: __circle_enum_name is written after each noted enum and found
// by argument-dependent lookup.
template <class __E, class = typename __circle_enable_if<__is_enum(__E)>::type>
constexpr const char* operator->*(__E __v, __circle_enumerator_name) {
  return __circle_enum_name(__v);
}
struct __circle_length_tag {};
template <class __T, decltype(sizeof 0) __N>
constexpr decltype(sizeof 0) operator->*(__T (&)[__N], __circle_length_tag) { return __N; }
// A name circle took for an enum variable or an array may name an object of a class
// elsewhere in the file: its own member keeps its meaning.
template <class __T> constexpr auto operator->*(__T& __x, __circle_enumerator_name) -> decltype((__x.string)) {
  return __x.string;
}
template <class __T> constexpr auto operator->*(__T& __x, __circle_length_tag) -> decltype((__x.length)) {
  return __x.length;
}
)";

// A throw in device-only code (dialect/device_throw.h) is respelled
// `(::__circle_throw(e), ::__circle_thrown{})`: constexpr makes the function a host
// and device one, where Clang accepts a throw; the second operand converts to any
// type, so `c ? x : throw e` keeps x's type. The host throws; a device pass reports
// the type (as __PRETTY_FUNCTION__ spells it) and what() to the device runtime, which
// prints them and traps (libdevice-c/runtime/exceptions.cpp).
const char* kDeviceThrow = R"(
struct __circle_thrown {
  template <class __T> constexpr operator __T() const noexcept { __builtin_unreachable(); }
};
extern "C" [[noreturn]] void __circle_device_throw(const char* __signature, const char* __what);
template <class __E> [[noreturn]] constexpr void __circle_throw(__E&& __e) {
  if (::__circle_if_target(__is_host_target)) {
    throw static_cast<__E&&>(__e);
  } else {
    const char* __what = nullptr;
#if __cplusplus >= 202002L
    if constexpr (__is_convertible(__E, const char*)) {
      __circle_device_throw("[__E = const char*]", __e);
    } else if constexpr (requires { static_cast<const char*>(__e.what()); }) {
      __what = __e.what();
    }
#endif
    __circle_device_throw(__PRETTY_FUNCTION__, __what);
  }
}
template <class = void> [[noreturn]] constexpr void __circle_rethrow() { throw; }
)";

// @meta for (T x : n) when n is known only to the compiler (dialect/statement_takeover.cpp):
// the body is a generic lambda, called once per value.
const char* kMetaFor = R"(
#if __cplusplus >= 202002L
template <class __T, __T... __I> struct __circle_index_seq {};
template <class __F, class __T, __T... __I>
constexpr void __circle_meta_for_each(__F& __f, __circle_index_seq<__T, __I...>) {
  (__f.template operator()<__I>(), ...);
}
template <long long __N, class __F> constexpr void __circle_meta_for(__F&& __f) {
  __circle_meta_for_each(__f, __make_integer_seq<__circle_index_seq, long long, (__N > 0 ? __N : 0)>{});
}
#endif
)";

} // namespace

std::string dialectPreludeText() {
  return std::string("#ifdef __cplusplus\n") + kRangeFor + kPackExpansion + kMemberTraits + kDeviceThrow + kMetaFor +
         "#endif\n";
}

} // namespace circle

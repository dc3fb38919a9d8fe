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
template <class... __N> constexpr int __circle_pack_count(__N... __n) {
  const long long __lengths[] = {(long long)__n...};
  long long __m = __lengths[0];
  for (long long __l : __lengths) __m = __l < __m ? __l : __m;
  return __m < 0 ? 0 : (int)__m;
}
)";

} // namespace

std::string dialectPreludeText() {
  return std::string("#ifdef __cplusplus\n") + kRangeFor + kPackExpansion + "#endif\n";
}

} // namespace circle

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
// The same, the range-init written once (one holding a fold's lambda, which decltype
// may not hold before C++20); an xvalue range is moved into the loop like a prvalue.
template <class __E> constexpr decltype(auto) __circle_range_of(__E&& __r) {
  return ::__circle_range_init<__E>::__get(static_cast<__E&&>(__r));
}
)";

// Statement-level pack expansion over dynamic slices and @range(n): the loop runs
// for the shortest pack.
const char* kPackExpansion = R"(
// A slice reads any range, as a ranged for does: an array or anything with size() and
// operator[] by index; anything with begin() by its iterators, random-access ones by
// begin()[i] (std::map's operator[] takes a key), others (std::set, std::list,
// std::forward_list) by walking from the last element read, so that an expansion
// reading them in order walks each once. Its size: size(), else the walk's length.
template <class __R> constexpr auto __circle_range_kind(int) -> decltype((void)(((__R*)0)->begin() + 1), 1) { return 1; }
template <class __R> constexpr auto __circle_range_kind(long) -> decltype((void)((__R*)0)->begin(), 2) { return 2; }
template <class __R> constexpr int __circle_range_kind(...) { return 0; }
template <class __R, int = __circle_range_kind<__R>(0)> struct __circle_walk {
  __R& __r;
  constexpr decltype(auto) operator[](long long __i) const { return __r[__i]; }
};
template <class __R> struct __circle_walk<__R, 1> {
  __R& __r;
  constexpr decltype(auto) operator[](long long __i) const { return __r.begin()[__i]; }
};
template <class __R> struct __circle_walk<__R, 2> {
  __R& __r;
  decltype(((__R*)0)->begin()) __it = __r.begin();
  long long __at = 0;
  constexpr decltype(auto) operator[](long long __i) {
    if (__i < __at) __it = __r.begin(), __at = 0;
    for (; __at < __i; ++__at) ++__it;
    return *__it;
  }
};
template <class __R> constexpr __circle_walk<__R> __circle_walker(__R& __r) { return {__r}; }
template <class __R> constexpr auto __circle_slice_size_of(__R& __r, int) -> decltype(__r.size()) { return __r.size(); }
template <class __R> constexpr auto __circle_slice_size_of(__R& __r, long) -> decltype((void)__r.end(), 0ll) {
  long long __n = 0;
  for (auto __i = __r.begin(); __i != __r.end(); ++__i) ++__n;
  return __n;
}
template <class __R> constexpr auto __circle_slice_size(__R& __r) -> decltype(__circle_slice_size_of(__r, 0)) {
  return __circle_slice_size_of(__r, 0);
}
template <class __T, decltype(sizeof 0) __N> constexpr decltype(sizeof 0) __circle_slice_size(__T (&)[__N]) {
  return __N;
}
// begin:end:step: how many values begin, begin + step, ... lie before end.
constexpr long long __circle_range_count(long long __b, long long __e, long long __s) {
  long long __n = __s > 0 ? (__e - __b + __s - 1) / __s : __s < 0 ? (__b - __e - __s - 1) / -__s : 0;
  return __n < 0 ? 0 : __n;
}
// The index-th value: begin, begin + step, ... up to end; with a negative step the
// half-open [end, begin) walked down, from begin - 1 (so vt:0:-1 visits vt-1 ... 0,
// the indices of vt items in reverse, as Circle's guide uses it).
constexpr int __circle_range_value(long long __b, long long __i, long long __s) {
  return (int)(__s < 0 ? __b - 1 + __i * __s : __b + __i * __s);
}
template <class... __N> constexpr int __circle_pack_count(__N... __n) {
  const long long __lengths[] = {(long long)__n...};
  long long __m = __lengths[0];
  for (long long __l : __lengths) __m = __l < __m ? __l : __m;
  return __m < 0 ? 0 : (int)__m;
}
// Circle's slice x[begin:end:step] of n elements. An index below 0 counts from the end
// (-1 is n, one past the last); indices are clamped to [0, n]. A positive step visits
// begin, begin + step, ... before end (begin 0 and end n when left out); a negative
// step the half-open [end, begin) down from begin - 1 (begin n and end 0 when left out),
// so x[::-1] is x reversed.
struct __circle_slice_bounds {
  long long __start, __step, __count;
  constexpr long long __at(long long __i) const { return __start + __i * __step; }
};
constexpr long long __circle_slice_index(long long __n, long long __x) {
  return __x < 0 ? (__x + __n + 1 < 0 ? 0 : __x + __n + 1) : __x > __n ? __n : __x;
}
constexpr __circle_slice_bounds __circle_slice_of(long long __n, bool __hb, long long __b, bool __he, long long __e,
                                                  long long __s) {
  return __s > 0 ? __circle_slice_bounds{__hb ? __circle_slice_index(__n, __b) : 0, __s,
                                         __circle_range_count(__hb ? __circle_slice_index(__n, __b) : 0,
                                                              __he ? __circle_slice_index(__n, __e) : __n, __s)}
       : __s < 0 ? __circle_slice_bounds{(__hb ? __circle_slice_index(__n, __b) : __n) - 1, __s,
                                         __circle_range_count(__hb ? __circle_slice_index(__n, __b) : __n,
                                                              __he ? __circle_slice_index(__n, __e) : 0, __s)}
                 : __circle_slice_bounds{0, 0, 0};
}
#if __cplusplus >= 201703L
// Circle's fold over a dynamic pack, left to right (the only direction Circle folds
// them). __elem(i) is the pattern's i-th value; __step(acc, i) is `acc op pattern_i` or
// `f(acc, pattern_i)`, which reads the element itself so that && and || stop reading.
// (... op pack): the accumulator has the pattern's type; an empty pack gives __empty.
template <class __E, class __S, class __D>
constexpr auto __circle_fold_unary(int __n, __E __elem, __S __step, __D&& __empty) -> __decay(decltype(__elem(0))) {
  if (__n <= 0) return static_cast<__D&&>(__empty);
  __decay(decltype(__elem(0))) __acc = __elem(0);
  for (int __i = 1; __i < __n; ++__i) __acc = __step(__acc, __i);
  return __acc;
}
// (init op ... op pack): the result goes into (a copy of) the initializer; an lvalue
// initializer that op hands back (std::cout << ... << x[:]) stays that object.
template <class __I, class __S> constexpr decltype(auto) __circle_fold_into(int __n, __I&& __init, __S __step) {
  using __R = decltype(__step(static_cast<__I&&>(__init), 0));
  if constexpr (__is_lvalue_reference(__R) && __is_same(__remove_cvref(__R), __remove_cvref(__I))) {
    __remove_reference_t(__R)* __acc = &__init;
    for (int __i = 0; __i < __n; ++__i) __acc = &__step(*__acc, __i);
    return *__acc;
  } else {
    __decay(__I) __acc = static_cast<__I&&>(__init);
    for (int __i = 0; __i < __n; ++__i) __acc = __step(__acc, __i);
    return __acc;
  }
}
// A list comprehension's result (dialect/list_expansions.h): the std::vector V it builds,
// which also converts, as Circle's does, to any container made from an iterator range
// (std::string, std::set, std::deque...).
template <class __V> struct __circle_list : __V {
  template <class __C, class = decltype(__C(((const __V*)0)->begin(), ((const __V*)0)->end()))>
  operator __C() const { return __C(this->begin(), this->end()); }
};
// An element that is a comprehension itself is kept as its vector (a vector of vectors).
template <class __T> struct __circle_item { using type = __T; };
template <class __V> struct __circle_item<__circle_list<__V>> { using type = __V; };
template <class __T> using __circle_item_t = typename __circle_item<__T>::type;
// A for-expression's range's element, for its type (an array's, or what begin() reads).
// A for-expression's `pack ...` range: element i is __f(i), for i in 0 ... __n-1, each
// computed as the loop reaches it (an unbounded @range(a:) stops at the comprehension's
// `| n`).
template <class __F> struct __circle_lazy_range {
  struct iterator {
    const __F* __f;
    int __i;
    constexpr decltype(auto) operator*() const { return (*__f)(__i); }
    constexpr iterator& operator++() { ++__i; return *this; }
    constexpr bool operator==(const iterator& __o) const { return __i == __o.__i; }
    constexpr bool operator!=(const iterator& __o) const { return __i != __o.__i; }
  };
  int __n;
  __F __f;
  constexpr iterator begin() const { return {&__f, 0}; }
  constexpr iterator end() const { return {&__f, __n}; }
};
template <class __F> constexpr __circle_lazy_range<__F> __circle_lazy(int __n, __F __f) { return {__n, __f}; }
template <class __R> auto __circle_element_of(__R&& __r) -> decltype(*__r.begin());
template <class __T, decltype(sizeof 0) __N> __T& __circle_element_of(__T (&)[__N]);
// Circle's static slices, args...[b:e:s]: f(index<k>) for k in 0 ... n-1, in order, and
// the argument at a constant index.
template <long long __k> struct __circle_index { static constexpr long long value = __k; };
template <class __T, __T... __k> struct __circle_seq {};
template <class __F, long long... __k> constexpr void __circle_each_index(__F& __f, __circle_seq<long long, __k...>*) {
  (__f(__circle_index<__k>{}), ...);
}
template <long long __n, class __F> constexpr void __circle_for_indices(__F __f) {
  ::__circle_each_index(__f, (__make_integer_seq<__circle_seq, long long, (__n < 0 ? 0 : __n)>*)nullptr);
}
template <class __F, long long... __k> constexpr decltype(auto) __circle_with_seq(__F& __f, __circle_seq<long long, __k...>*) {
  return __f(__circle_index<__k>{}...);
}
// __f(__circle_index<0>{}, ..., __circle_index<n-1>{}): a call's arguments expanded over a
// static slice's constant indices.
template <long long __n, class __F> constexpr decltype(auto) __circle_with_indices(__F __f) {
  return ::__circle_with_seq(__f, (__make_integer_seq<__circle_seq, long long, (__n < 0 ? 0 : __n)>*)nullptr);
}
template <long long __i, class __A, class... __R> constexpr decltype(auto) __circle_pack_at(__A&& __a, __R&&... __r) {
  if constexpr (__i == 0) return static_cast<__A&&>(__a);
  else return ::__circle_pack_at<__i - 1>(static_cast<__R&&>(__r)...);
}
// Circle's static slice of an object's members, obj.[b:e:s] (dialect/pack_expansion.cpp):
// what a structured binding names, a tuple-like's elements, an array's, a class's data
// members (C++26's binding packs, which Clang takes as an extension).
template <class __T> __T& __circle_lvalue_of(); // named where nothing is evaluated
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++26-extensions"
template <class __T> constexpr auto __circle_member_counter() {
  auto&& [... __m] = ::__circle_lvalue_of<__T>();
  return __circle_index<sizeof...(__m)>{};
}
template <class __T> constexpr long long __circle_member_count() {
  return decltype(::__circle_member_counter<__remove_cvref(__T)>())::value;
}
template <long long __i, class __T> constexpr decltype(auto) __circle_member_at(__T&& __o) {
  auto&& [... __m] = __o;
  return ::__circle_pack_at<__i>(__m...);
}
#pragma clang diagnostic pop
// What an empty (... op pack) without a default gives: the value-initialized pattern type.
struct __circle_value_init {
  template <class __T> constexpr operator __T() const { return __T(); }
};
#endif
)";

// Circle's reflection on enumerations, by type (dialect/enum_reflection.h): after each
// noted enum a static_assert instantiates __circle_enum_reg, whose friend gives the
// enum's enumerators (value, name, user attributes) to argument-dependent lookup
// through __circle_enum_tag. A registry keyed by type reaches enums of a function's
// block and a template's enum parameter (one registration per instantiation), which
// no name-keyed table could.
const char* kEnumRegistry = R"(
// A string built while compiling: a static_assert's message joined with '+', an
// integer's .string. Fixed room: it lives in constant expressions.
struct __circle_string {
  char __d[256] = {};
  decltype(sizeof 0) __n = 0;
  constexpr __circle_string() = default;
  // Not trivially copyable, so that passing one to printf's `...` is Clang's error (an
  // integer's .string there would print garbage): `.c_str()` says what is meant.
  constexpr __circle_string(const __circle_string& __o) : __n(__o.__n) {
    for (decltype(sizeof 0) __i = 0; __i < sizeof __d; ++__i) __d[__i] = __o.__d[__i];
  }
  constexpr __circle_string& operator=(const __circle_string&) = default;
  constexpr __circle_string& __add(const char* __s) {
    while (__s && *__s && __n + 1 < sizeof __d) __d[__n++] = *__s++;
    return *this;
  }
  template <class __T> constexpr __circle_string& __add_integer(__T __v) {
    char __digits[24] = {};
    int __k = 0;
    bool __negative = __v < 0;
    do {
      int __digit = (int)(__v % 10);
      __digits[__k++] = (char)('0' + (__digit < 0 ? -__digit : __digit));
      __v /= 10;
    } while (__v != 0);
    if (__negative) __digits[__k++] = '-';
    char __text[24] = {};
    for (int __i = 0; __i < __k; ++__i) __text[__i] = __digits[__k - 1 - __i];
    return __add(__text);
  }
  constexpr const char* data() const { return __d; }
  constexpr decltype(sizeof 0) size() const { return __n; }
  constexpr const char* c_str() const { return __d; }
  friend constexpr __circle_string operator+(__circle_string __a, const char* __s) { return __a.__add(__s); }
  friend constexpr __circle_string operator+(const char* __s, const __circle_string& __b) {
    return __circle_string{}.__add(__s).__add(__b.__d);
  }
  friend constexpr __circle_string operator+(__circle_string __a, const __circle_string& __b) { return __a.__add(__b.__d); }
};
template <char... __C> struct __circle_chars { static constexpr char __s[] = {__C..., 0}; };
// A user attribute given on an enumerator: its declaration's tag and a lambda's type
// that returns its value (none for a flag). A lambda carries any literal value, a
// string literal too, which a template argument could not.
template <class __X, class... __F> struct __circle_av {};
template <auto __V, class __N, class... __A> struct __circle_en {};
template <class... __En> struct __circle_enum_list {};
template <class __E> struct __circle_enum_tag { friend constexpr auto __circle_enum_info(__circle_enum_tag); };
// __N: the enum's name, then its enumerators.
template <class __E, class __N, class... __En> struct __circle_enum_reg {
  friend constexpr auto __circle_enum_info(__circle_enum_tag<__E>) { return __circle_enum_list<__N, __En...>{}; }
  static constexpr bool __ok = true;
};
template <class... __A> struct __circle_attrs : __A... {};
template <class __X, class... __F> constexpr bool __circle_av_of(__circle_av<__X, __F...>*) { return true; }
template <class __X, class __L, class = bool> struct __circle_has_av { static constexpr bool value = false; };
template <class __X, class __L> struct __circle_has_av<__X, __L, decltype(__circle_av_of<__X>((__L*)0))> {
  static constexpr bool value = true;
};
template <class __X, class __F> constexpr auto __circle_av_value(__circle_av<__X, __F>*) { return __F{}(); }
// Not constexpr: a constant expression that asks an enumerator for an attribute it
// lacks (and that has no default) fails here, with this name in Clang's note.
template <class __T> __T __circle_enumerator_lacks_this_attribute() { return __T(); }
template <class __T> __T __circle_enum_index_out_of_range() { return __T(); }

template <class __En> struct __circle_en_traits;
template <auto __V, class __N, class... __A> struct __circle_en_traits<__circle_en<__V, __N, __A...>> {
  static constexpr auto value = __V;
  static constexpr const char* name = __N::__s;
  using __chars = __N;
  template <class __X> static constexpr bool has = __circle_has_av<__X, __circle_attrs<__A...>>::value;
  template <class __X> static constexpr typename __X::type attribute() {
    static_assert(!__is_void(typename __X::type), "a flag attribute has no value: test it with @has_attribute");
    if constexpr (has<__X>) return __circle_av_value<__X>((__circle_attrs<__A...>*)0);
    else if constexpr (__X::__has_default) return __X::__default;
    else return __circle_enumerator_lacks_this_attribute<typename __X::type>();
  }
};
template <class __E, class __L = decltype(__circle_enum_info(__circle_enum_tag<__E>{}))> struct __circle_enum;
template <class __E, class __N, class... __En> struct __circle_enum<__E, __circle_enum_list<__N, __En...>> {
  static constexpr const char* type_name = __N::__s;
  static constexpr int count = sizeof...(__En);
  // One more than the enumerators: an enum may have none.
  static constexpr __E values[] = {__circle_en_traits<__En>::value..., __E()};
  static constexpr const char* names[] = {__circle_en_traits<__En>::name..., nullptr};
  template <int __I> using __name_chars = typename __circle_en_traits<__type_pack_element<__I, __En...>>::__chars;
  static constexpr int index(__E __v) {
    for (int __i = 0; __i < count; ++__i)
      if (values[__i] == __v) return __i;
    return -1;
  }
  template <class __X> static constexpr bool has(__E __v) {
    int __i = index(__v), __k = 0;
    bool __r = false;
    ((__r = __r || (__k++ == __i && __circle_en_traits<__En>::template has<__X>)), ...);
    return __r;
  }
  template <class __X> static constexpr typename __X::type attribute(__E __v) {
    int __i = index(__v), __k = 0;
    if (__i < 0) return __circle_enumerator_lacks_this_attribute<typename __X::type>();
    typename __X::type __r{};
    ((__k++ == __i ? (void)(__r = __circle_en_traits<__En>::template attribute<__X>()) : (void)0), ...);
    return __r;
  }
};
template <class __E> constexpr const char* __circle_enum_name_of(__E __v) {
  int __i = __circle_enum<__E>::index(__v);
  return __i < 0 ? nullptr : __circle_enum<__E>::names[__i];
}
// Circle reads attributes of constant enumerators only: consteval makes each use a
// constant (a launch bound's argument must be one) and a non-constant one an error
// at the user's line.
#if __cplusplus >= 202002L
#define __CIRCLE_REFLECTION consteval
#else
#define __CIRCLE_REFLECTION constexpr
#endif
template <class __X, class __E> __CIRCLE_REFLECTION typename __X::type __circle_attribute(__E __v) {
  return __circle_enum<__E>::template attribute<__X>(__v);
}
template <class __X, class __E> __CIRCLE_REFLECTION bool __circle_has_attribute(__E __v) {
  return __circle_enum<__E>::template has<__X>(__v);
}
template <class __E> __CIRCLE_REFLECTION __E __circle_enum_value(long long __i) {
  if (__i < 0 || __i >= __circle_enum<__E>::count) return __circle_enum_index_out_of_range<__E>();
  return __circle_enum<__E>::values[__i];
}
template <class __E> constexpr int __circle_enum_count = __circle_enum<__E>::count;
template <class __E> constexpr const char* __circle_type_name = __circle_enum<__E>::type_name;
#if __cplusplus >= 202002L
// "a" + E.string outside a static_assert: the joined text as a constant with static
// storage (a template parameter object), so it outlives the expression.
template <__circle_string __S> constexpr const char* __circle_static_string = __S.__d;
#endif
template <class __E, int __I> constexpr __E __circle_enum_value_at = __circle_enum<__E>::values[__I];
// The name as the string literal Circle gives (sizeof counts its characters and the 0).
template <class __E, int __I>
constexpr auto& __circle_enum_name_at = __circle_enum<__E>::template __name_chars<__I>::__s;
template <class __T, __T... __I> struct __circle_int_list {};
// A template's enum packs (dialect/dependent_packs.h): f.operator()<0, 1, ..., n-1>().
template <class __F, int... __I> constexpr decltype(auto) __circle_apply_indices(__F& __f, __circle_int_list<int, __I...>) {
  return __f.template operator()<__I...>();
}
template <class __F, int... __I> constexpr void __circle_each_index(__F& __f, __circle_int_list<int, __I...>) {
  (__f.template operator()<__I>(), ...);
}
template <class __E, class __F> constexpr decltype(auto) __circle_enum_apply(__F&& __f) {
  return ::__circle_apply_indices(__f, __make_integer_seq<__circle_int_list, int, __circle_enum<__E>::count>{});
}
template <class __E, class __F> constexpr void __circle_enum_for_each(__F&& __f) {
  ::__circle_each_index(__f, __make_integer_seq<__circle_int_list, int, __circle_enum<__E>::count>{});
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
// x.string[i]: `x ->* __circle_enumerator_name{}[i]`, the subscript bound to the tag
// first, so that the name token already parsed needs no parenthesis.
struct __circle_enumerator_char { decltype(sizeof 0) __i; };
struct __circle_enumerator_name {
  constexpr __circle_enumerator_char operator[](decltype(sizeof 0) __i) const { return {__i}; }
};
// x.string: an enumerator's name from the registry (kEnumRegistry), an integer's digits.
template <class __E, class = typename __circle_enable_if<__is_enum(__E)>::type>
constexpr const char* operator->*(__E __v, __circle_enumerator_name) {
  return ::__circle_enum_name_of(__v);
}
template <class __T, class = typename __circle_enable_if<__is_integral(__T)>::type, class = void>
constexpr __circle_string operator->*(__T __v, __circle_enumerator_name) {
  return __circle_string{}.__add_integer(__v);
}
template <class __E, class = typename __circle_enable_if<__is_enum(__E)>::type>
constexpr char operator->*(__E __v, __circle_enumerator_char __c) {
  return ::__circle_enum_name_of(__v)[__c.__i];
}
template <class __T, class = typename __circle_enable_if<__is_integral(__T)>::type, class = void>
constexpr char operator->*(__T __v, __circle_enumerator_char __c) {
  return __circle_string{}.__add_integer(__v).__d[__c.__i];
}
struct __circle_length_tag {};
template <class __T, decltype(sizeof 0) __N>
constexpr decltype(sizeof 0) operator->*(__T (&)[__N], __circle_length_tag) { return __N; }
// A name circle took for an enum variable or an array may name an object of a class
// elsewhere in the file: its own member keeps its meaning.
template <class __T> constexpr auto operator->*(__T& __x, __circle_enumerator_name) -> decltype((__x.string)) {
  return __x.string;
}
template <class __T, class = typename __circle_enable_if<!__is_lvalue_reference(__T)>::type>
constexpr auto operator->*(__T&& __x, __circle_enumerator_name) -> decltype((static_cast<__T&&>(__x).string)) {
  return static_cast<__T&&>(__x).string;
}
template <class __T> constexpr auto operator->*(__T& __x, __circle_enumerator_char __c) -> decltype((__x.string[__c.__i])) {
  return __x.string[__c.__i];
}
template <class __T, class = typename __circle_enable_if<!__is_lvalue_reference(__T)>::type>
constexpr auto operator->*(__T&& __x, __circle_enumerator_char __c)
    -> decltype((static_cast<__T&&>(__x).string[__c.__i])) {
  return static_cast<__T&&>(__x).string[__c.__i];
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

// P2392's is and as (dialect/pattern_matching.h) where no user operator applies: x is
// T when x's type is T, and x as T is x. A user's overload, more specialized, wins.
const char* kPatternMatching = R"(
template <class __T, class __X> constexpr bool __circle_operator_is(const __X&) {
  return __is_same(__remove_cvref(__X), __remove_cvref(__T));
}
template <class __T> [[noreturn]] __T __circle_not_matched() { __builtin_trap(); }
template <class __T, class __X> constexpr decltype(auto) __circle_operator_as(__X&& __x) {
  if constexpr (__is_same(__remove_cvref(__X), __remove_cvref(__T))) return static_cast<__X&&>(__x);
  else return __circle_not_matched<__T>(); // an arm whose is was false: never run
}
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
// @meta for enum over an enumeration named in a template (or with an unbraced body): the
// body once per enumerator, by index into the registry (kEnumRegistry).
template <class __E> constexpr bool __circle_enum_seen = requires { __circle_enum_info(__circle_enum_tag<__E>{}); };
template <class __E, class __F> constexpr void __circle_meta_for_enum(__F&& __f) {
  static_assert(__circle_enum_seen<__E>, "@meta for enum: not an enumeration circle has seen in your files; one in "
                                         "a system header, or with a directive in its body, is not noted");
  if constexpr (__circle_enum_seen<__E>) ::__circle_enum_for_each<__E>(__f);
}
#endif
)";

} // namespace

std::string dialectPreludeText() {
  return std::string("#ifdef __cplusplus\n") + kRangeFor + kPackExpansion + kEnumRegistry + kMemberTraits + kDeviceThrow + kPatternMatching + kMetaFor +
         "#endif\n";
}

} // namespace circle

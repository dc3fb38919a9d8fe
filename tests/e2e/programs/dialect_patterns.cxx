// P2392's is/as and inspect, as Circle's guide uses them (tests/e2e/test_dialect.sh),
// on the host: a user type with its own operators, std::variant through requires
// clauses with `T is Ts`, member type traits and a type's .string.
#include <cstdio>
#include <string>
#include <variant>

struct boxed { int value; };
// A boxed is an int when asked.
template <typename T> requires (T is int)
constexpr bool operator is(const boxed&) { return true; }
template <typename T> requires (T is int)
constexpr int operator as(const boxed& b) { return b.value; }

template <typename T, typename... Ts> requires((... || T is Ts))
constexpr bool operator is(const std::variant<Ts...>& x) { return std::holds_alternative<T>(x); }
template <typename T, typename... Ts> requires((... || T is Ts))
constexpr const T& operator as(const std::variant<Ts...>& x) { return std::get<T>(x); }

enum class color { red, green };
template <typename E> const char* name(E e) {
  return e == E.enum_values ...? E.enum_names : "no " + E.string;
}

template <typename T> void traits() {
  using plain = T.remove_reference;
  printf("%d %d %d\n", T.is_reference, plain.is_reference, sizeof(plain) == sizeof(int));
}

template <typename X> void match(const X& x) {
  inspect(x) {
    i as int => printf("int %d\n", i);
    c as color => { printf("color %s\n", name(c)); }
    s as std::string => printf("string '%s'\n", s.c_str());
    is double => printf("a double\n");
    is _ => printf("something else\n");
  }
}

int main() {
  match(boxed{7});
  match(3);
  match(std::variant<color, std::string, double>(color::green));
  match(std::variant<color, std::string, double>(std::string("hi")));
  match(std::variant<color, std::string, double>(2.5));
  match(std::variant<color, std::string, double>((color)9));
  match(1.5f);
  traits<int&>();
  traits<int>();
}

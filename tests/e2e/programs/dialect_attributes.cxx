// Circle's user attributes, reflection on a template's enum and the multi-conditional
// (tests/e2e/test_dialect.sh): what launch2 and tuning1 of the guide use, and around it.
#include <cstdio>
using width [[attribute(8)]] = int;
using label [[attribute]] = const char*;
using fast [[attribute]] = void;
enum class shape {
  dot,
  line [[ .width=2, .label="thin" ]],
  box [[ .fast, .width = 3 * 4 ]],
};

template <int x, int... y>
constexpr int upper_bound = x < y ...?? int... : sizeof...y;

template <class E> constexpr int sum_of_values = (0 + ... + (int)E.enum_values);

template <class E> void describe(E which) {
  printf("%d enumerators:", E.enum_count);
  printf(" %s=%d", E.enum_names, (int)E.enum_values) ...;
  printf("\n");
  int first_big = (int)E.enum_values > 1 ...? int... : -1;
  printf("first above 1 at %d; sum %d\n", first_big, sum_of_values<E>);
  switch ((int)which) {
    @meta for (int i : E.enum_count) {
      case i:
        printf("case %d: %s width %d\n", i, @enum_value(E, i).string, @enum_attribute(E, i, width));
        break;
    }
    default:
      printf("not an enumerator\n");
  }
}

template <class T> void local() {
  enum local_e { a [[.width=sizeof(T)]], b };
  local_e v = b;
  printf("local %s %s %d\n", v.string, local_e::a.string, @enum_attribute(local_e::a, width));
  @meta printf("local<%s> has %d\n", sizeof(T) == 4 ? "int" : "other", @enum_attribute(local_e::a, width));
}

static_assert(upper_bound<5, 1, 5, 9> == 2 && upper_bound<10, 1, 5, 9> == 3, "upper_bound");
static_assert((int)shape::box == 2, "box is " + ((int)shape::box).string + ", not " + shape::box.string);

int main() {
  @meta for enum (shape s : shape) {
    printf("%s: width %d%s%s\n", s.string, @enum_attribute(s, width), @has_attribute(s, fast) ? " fast" : "",
           @has_attribute(s, label) ? " labelled" : "");
  }
  if (@has_attribute(shape::line, label)) {
    printf("line is %s\n", @attribute(shape::line, label));
  }
  printf("%d ", @enum_attributes(shape, width)) ...;
  printf("\n");
  describe(shape::line);
  describe((shape)7);
  local<int>();
  local<double>();
}

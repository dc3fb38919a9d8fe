// Circle's slices over any range a ranged for reads (tests/e2e/test_dialect.sh): a
// sorted set, lists walked by their iterators, a map's pairs (not its operator[]), a
// deque by index, a type with only size() and operator[]; `1...` is a number then '...'.
#include <cstdio>
#include <deque>
#include <forward_list>
#include <list>
#include <map>
#include <set>
#include <string>
#include <vector>
struct Squares {
  int size() const { return 4; }
  long operator[](long i) const { return i * i; }
};
int main() {
  std::set<int> s{5, 1, 3};
  std::printf("%d ", s[:]) ...; std::printf("| set\n");
  std::list<int> l{1, 2, 3, 4};
  l[:] *= 10 ...;
  std::printf("%d ", l[:]) ...; std::printf("| list\n");
  std::printf("%d ", l[1:-2]) ...; std::printf("| list[1:-2]\n");
  std::printf("%d ", l[::-1]) ...; std::printf("| list reversed\n");
  std::forward_list<int> f{7, 8, 9};
  std::printf("%d | forward_list sum\n", (... + f[:]));
  std::map<std::string, int> m{{"b", 2}, {"a", 1}};
  std::printf("%s=%d ", m[:].first.c_str(), m[:].second) ...; std::printf("| map\n");
  std::deque<int> d{0, 1, 2, 3, 4, 5};
  std::printf("%d ", d[::2]) ...; std::printf("| deque[::2]\n");
  std::printf("%d:%d ", s[:], l[:]) ...; std::printf("| set with list\n");
  std::vector<int> w = [s[:] * 2 ...];
  std::printf("%d ", w[:]) ...; std::printf("| comprehension of a set\n");
  w[:] = 7...;
  std::printf("%d ", w[:]) ...; std::printf("| 7...\n");
  Squares q;
  std::printf("%ld ", q[:]) ...; std::printf("| size and operator[]\n");
}

// Circle's folds over dynamic packs and its [begin:end:step] slices (tests/e2e/test_dialect.sh),
// in the positions an expression may take: initializers, returns, arguments, conditions,
// a template, a lambda. Each line's values are worked out by hand in dialect_folds.out.
#include <cstdio>
#include <vector>
#include <string>
#include <iostream>
#include <algorithm>
#include <cmath>
#include <climits>
template <class T> T total(const std::vector<T>& v) { return (... + v[:]); }
int main() {
  std::vector<int> v { 4, 2, 2, 2, 5, 1, 1, 9, 8, 7, 1, 7, 4, 1 };
  std::vector<int> e;
  printf("%d %d\n", total(v), total(e));
  int mx = (... std::max v[:]);
  using std::min;
  int mn = (... min v[:]);
  int md = (... std::max (abs(v[:] - v[1:])));
  int mx2 = (INT_MIN std::max ... v[:]);
  printf("%d %d %d %d\n", mx, mn, md, mx2);
  int prod = (... * @range(1:6));
  int empty = (... * @range(1:1); 1);
  printf("%d %d %d\n", prod, empty, (... + int...(5)));
  (std::cout << ... << v[:]) << '\n';
  std::cout << (0 + ... + v[::-1]) << ' ' << (... || (v[:] == 9)) << (... && (v[:] > 0)) << (... && e[:] > 0) << '\n';
  if ((... || (v[:] == 5))) { printf("has 5\n"); }
  while ((... + e[:]) != 0) {}
  printf("%d ", v[::-1]) ...; printf("\n");
  printf("%d ", v[1:-2]) ...; printf("\n");
  printf("%d ", v[::3]) ...; printf("\n");
  printf("%d ", v[-4:]) ...; printf("\n");
  printf("%d ", v[:5:-2]) ...; printf("\n");
  printf("%d:%d ", @range(1:), v[:4]) ...; printf("\n");
  printf("%d ", @range(10::-2)) ...; printf("\n");
  std::string s = "Hello world";
  int mid = s.size() / 2;
  std::swap(s[:mid], s[::-1])...;
  puts(s.c_str());
  double x = sqrt(... + (double)(v[:] * v[:]));
  printf("%.3f\n", x);
  int sum = 0;
  sum += v[:] ...;
  v[:] += v[1:]...;
  printf("%d ", v[:])...; printf("%d\n", sum);
  auto f = [&]{ printf("%d ", v[:]*2) ...; printf("\n"); };
  f();
  std::vector xs = [ @range(10)... ];
  std::vector ys = [ @range(10::-1)... ];
  std::vector z = [ -1, xs[:] * 2 + ys[:] ..., 100 ];
  printf("%d ", z[:]) ...; printf("%d\n", (int)z.size());
  auto g = [&](int k) { return (... + (v[:] == k)); };
  printf("%d\n", (int)g(1));
}

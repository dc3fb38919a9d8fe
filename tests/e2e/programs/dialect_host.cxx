// Circle's range-for over integers and statement-level pack expansion on the host
// (tests/e2e/test_dialect.sh compares what it prints).
#include <cstdio>
#include <vector>
#include <string>
#include <array>
#include <map>
#include <utility>

struct Tracked {
  std::vector<int> v{1, 2, 3};
  Tracked() = default;
  Tracked(const Tracked& o) : v(o.v) { std::printf("copied\n"); }
  Tracked(Tracked&& o) : v(std::move(o.v)) { std::printf("moved\n"); }
  auto begin() const { return v.begin(); }
  auto end() const { return v.end(); }
};

template <class... Ts> void show(const Ts&... xs) {
  std::printf("[%d]", xs) ...;
  std::printf("\n");
}

template <int N> int sum_to() {
  int s = 0;
  for (int i : N) s += i;
  return s;
}

std::vector<int> make() { return {7, 8, 9}; }

int main() {
  int count = 4;
  for (int i : count) std::printf("%d ", i);
  std::printf("\n");
  for (auto i : 3u) std::printf("%u ", i);
  std::printf("\n");
  for (int i : -2) std::printf("never %d\n", i);
  size_t n = 2;
  for (size_t i : n) std::printf("%zu ", i);
  std::printf("| sum_to<5> %d\n", sum_to<5>());

  std::vector<int> v{10, 20, 30};
  for (int& x : v) x += 1;
  for (auto&& x : std::move(v)) std::printf("%d ", x);
  std::printf("v still has %zu\n", v.size());
  for (int x : make()) std::printf("%d ", x);
  std::printf("\n");
  Tracked t;
  for (int x : t) std::printf("%d ", x);
  for (int x : Tracked()) std::printf("%d ", x);
  std::printf("\n");
  for (int x : {4, 5}) std::printf("%d ", x);
  std::map<int, const char*> m{{1, "a"}, {2, "b"}};
  for (auto [k, s] : m) std::printf("%d=%s ", k, s);
  for (int i = 0, j = 1 ? 2 : 3; i < j; ++i) std::printf("c%d ", i);
  std::printf("\n");

  std::vector<std::string> names{"ann", "bob", "cy"};
  int ages[] = {31, 42, 53};
  std::printf("%d: %s is %d\n", @range(), names[:].c_str(), ages[:]) ...;
  std::printf("range %d\n", @range(3)) ...;
  std::printf("%s; ", names[:].c_str())...; std::printf("%d; ", ages[:])...;
  std::printf("\n");
  if (count > 3) std::printf("if %d\n", ages[:]) ...;
  else std::printf("else\n");
  switch (count) {
  case 4: std::printf("case %d\n", ages[:]) ...; break;
  default: break;
  }
  for (int i : 2) std::printf("nested %d %d\n", i, ages[:]) ...;
  show(1, 2, 3);
  std::vector<std::pair<int, int>> ps{{1, 2}, {3, 4}};
  std::printf("%d-%d\n", ps[:].first, ps[:].second) ...;
}

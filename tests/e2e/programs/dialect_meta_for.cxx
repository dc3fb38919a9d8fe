// Circle's @meta for over a count (tests/e2e/test_dialect.sh).
#include <cstdio>
#include <vector>
enum class color { red, green, blue };
std::vector<int> v{1, 2};
template <int N> void templated() {
  @meta for (int i : N) std::printf("templated %d of %d\n", i, N);
  constexpr int half = N / 2;
  @meta for (int i : half) {
    std::printf("half %d\n", i);
  }
}
int main() {
  @meta for (int i : 3) {
    std::printf("literal %d\n", i);
    std::printf("  slice %d\n", v[:] * 10 + i) ...;
  }
  std::printf("after %d\n", v[:]) ...;
  int x = 1;
  switch (x) {
    @meta for (int i : color.enum_count) {
      case i: std::printf("case %d\n", i); break;
    }
  }
  templated<4>();
  @meta for (long k : 0) std::printf("never\n");
}

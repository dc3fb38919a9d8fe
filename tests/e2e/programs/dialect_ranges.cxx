// Circle's range packs: int..., int...(n), @range(begin:end:step) (tests/e2e/test_dialect.sh).
#include <cstdio>
#include <vector>
template <int... I> void declared() { std::printf("%d ", I) ...; std::printf("\n"); }
void unnamed(int...) {}
int main() {
  std::vector<int> v{10, 20, 30};
  std::printf("%d:%d ", int..., v[:]) ...; std::printf("\n");
  std::printf("%d ", int...(4)) ...; std::printf("\n");
  std::printf("%d ", @range(2:7:2)) ...; std::printf("\n");
  constexpr int vt = 5;
  std::printf("%d ", int...(vt:0:-2)) ...; std::printf("\n");
  int shared[10] = {};
  shared[1 + int...(vt) * 2] = 7 ...;
  std::printf("%d ", shared[:]) ...; std::printf("\n");
  std::printf("%d ", @range(3:1)) ...; std::printf("| empty\n");
  declared<4, 5>();
}

// Circle's enum reflection and member traits on the host (tests/e2e/test_dialect.sh).
#include <cstdio>
#include <vector>
enum class color { red, green = 5, blue };
namespace ns {
enum shape : int { circle, square };
struct holder {
  enum class mode { fast, slow };
  mode m = mode::slow;
};
}
struct text { const char* string; int length; };
template <class E> void show(E e) { std::printf("show %d\n", (int)e); }

int main() {
  std::printf("%d colors, %s\n", color.enum_count, color.string);
  std::printf("%s=%d\n", color.enum_names, (int)color.enum_values) ...;
  color c = color::blue;
  std::printf("c is %s\n", c.string);
  ns::shape s = ns::square;
  std::printf("s is %s\n", s.string);
  ns::holder h;
  using mode = ns::holder::mode;
  std::printf("modes: %d\n", mode.enum_count);
  text t{"plain", 3};
  std::printf("struct members: %s %d\n", t.string, t.length);
  int arr[] { (int)color.enum_values ... };
  std::printf("arr.length = %zu: %d %d %d\n", arr.length, arr[0], arr[1], arr[2]);
  const char* names[] = { color.enum_names ... };
  std::printf("%s|", names[:]) ...; std::printf("\n");
  @meta for enum (color k : color) {
    std::printf("meta %s %d\n", k.string, (int)k);
    std::vector<int> v{(int)k, 1};
    std::printf(" slice %d\n", v[:]) ...;
  }
  int x = 5;
  switch (x) {
    @meta for enum (color k : color) {
      case (int)k: std::printf("case %s\n", k.string); break;
    }
  }
  enum local { one, two, three };
  std::printf("local %d: %s\n", local.enum_count, local.enum_names) ...;
  show(color::green);
}

// Objects that know their own address, passed by value: the C++ ABI passes a class
// with a non-trivial copy constructor as the address of the caller's temporary, so
// the callee's parameter is the object its copy constructor built. Both halves must
// print the same (targets/nvptx/nontrivial_params.h).
#include "host_and_device.h"

#include <string>

struct Self {
  Self* me;
  int value;
  explicit Self(int v) : me(this), value(v) {}
  Self(const Self& o) : me(this), value(o.value) {}
};

__attribute__((noinline)) int check(Self s, int bias) { return s.me == &s ? s.value + bias : -1; }

struct Base {
  virtual ~Base() = default;
  virtual int take(Self s) const { return s.me == &s ? s.value : -1; }
};
struct Derived : Base {
  int take(Self s) const override { return s.me == &s ? 2 * s.value : -1; }
};

__attribute__((noinline)) size_t length(std::string s) { return s.size() + (s.data() == &s[0]); }

void run(const char* where) {
  Self a(20);
  Derived d;
  const Base* b = &d;
  printf("%s: direct %d, virtual %d\n", where, check(a, 1), b->take(a));
  printf("%s: string by value %d\n", where, int(length(std::string("a short string"))));
}

// RTTI, run once on the host and once in a kernel: the two halves must print the
// same lines. typeid of static and dynamic types, type_info's name/==/before/
// hash_code, std::type_index in a std::map, std::any's type() and failed any_cast,
// and dynamic_cast: down, up through virtual bases (a diamond), cross, to void*,
// failures (wrong type, private base, ambiguous base) and references.
#include "host_and_device.h"

#include <any>
#include <cstdio>
#include <map>
#include <typeindex>
#include <typeinfo>

struct animal {
  virtual ~animal() {}
  int legs = 4;
};
struct pet : virtual animal {
  int owner = 1;
};
struct wild : virtual animal {
  // While a cat is being built, its wild part (16 bytes in) is a whole wild object:
  // the construction vtable's type and offset.
  wild() : built_as(typeid(*this).name()), whole(dynamic_cast<void*>(this)) {}
  int range = 2;
  const char* built_as;
  void* whole;
};
struct cat : pet, wild {
  int lives = 9;
};
struct rock {};
struct secret : private animal {
  animal* self() { return this; }
};
struct left : animal {};
struct right : animal {};
struct twin : left, right {};
namespace zoo {
template <class T> struct cage : cat {
  T tag{};
};
} // namespace zoo

void run(const char* where) {
  printf("%s: typeid(int) %s, typeid(const rock*) %s, typeid(zoo::cage<long>) %s\n", where, typeid(int).name(),
         typeid(const rock*).name(), typeid(zoo::cage<long>).name());
  cat* c = new zoo::cage<long>;
  animal* a = static_cast<pet*>(c);
  printf("%s: typeid(*a) %s, == cage<long> %d, == cat %d, before(cat) %d\n", where, typeid(*a).name(),
         typeid(*a) == typeid(zoo::cage<long>), typeid(*a) == typeid(cat), typeid(*a).before(typeid(cat)));
  // Bound to names: Clang evaluates these as constants, from the host's view.
  const std::type_info& bound = typeid(int);
  const std::type_info* pointed = &typeid(double);
  printf("%s: bound %s, pointed %s, equal %d\n", where, bound.name(), pointed->name(), bound == *pointed);
  printf("%s: hash_code equal %d\n", where, typeid(*a).hash_code() == typeid(zoo::cage<long>).hash_code());
  printf("%s: under construction a %s at +%ld\n", where, c->built_as,
         static_cast<const char*>(c->whole) - reinterpret_cast<const char*>(static_cast<wild*>(c)));

  // Down, cross and void* casts; offsets are printed relative to the object.
  const char* base = reinterpret_cast<const char*>(c);
  pet* p = dynamic_cast<pet*>(a);
  wild* w = dynamic_cast<wild*>(p);
  cat* back = dynamic_cast<cat*>(w);
  void* whole = dynamic_cast<void*>(w);
  printf("%s: pet +%ld wild +%ld cat +%ld void* +%ld\n", where, reinterpret_cast<const char*>(p) - base,
         reinterpret_cast<const char*>(w) - base, reinterpret_cast<const char*>(back) - base,
         static_cast<const char*>(whole) - base);
  printf("%s: as cage<int> %d, as left %d\n", where, dynamic_cast<zoo::cage<int>*>(a) != nullptr,
         dynamic_cast<left*>(a) != nullptr);
  cat& ref = dynamic_cast<cat&>(*a);
  printf("%s: reference cast lives %d\n", where, ref.lives);
  animal* null = nullptr;
  printf("%s: null stays null %d\n", where, dynamic_cast<cat*>(null) == nullptr);

  secret s;
  printf("%s: through a private base %d\n", where, dynamic_cast<secret*>(s.self()) != nullptr);
  twin t;
  animal* one = static_cast<left*>(&t);
  printf("%s: twin to right %d, to twin %d, to left %d\n", where,
         dynamic_cast<right*>(one) != nullptr, dynamic_cast<twin*>(one) != nullptr, dynamic_cast<left*>(one) != nullptr);

  std::map<std::type_index, const char*> names;
  names[typeid(int)] = "int";
  names[typeid(cat)] = "cat";
  names[typeid(*a)] = "cage";
  printf("%s: map %s %s %s (%d entries)\n", where, names[typeid(int)], names[typeid(cat)],
         names[typeid(zoo::cage<long>)], static_cast<int>(names.size()));

  std::any any = 2.5;
  printf("%s: any holds double %d, any_cast<int> %s\n", where, any.type() == typeid(double),
         std::any_cast<int>(&any) ? "succeeded" : "is null");
  delete c;
}

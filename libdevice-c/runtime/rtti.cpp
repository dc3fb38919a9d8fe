// RTTI on the device: the vtables of the ABI's type_info classes and dynamic_cast.
// circle emits each device module's type_info objects with the Itanium C++ ABI's
// layout (codegen/device_rtti_objects.cpp); which vtable an object points at is
// its kind. Nothing on the device calls a type_info's virtual members (they serve
// exception matching), so every slot reports and traps.
#include "report.h"

#include <cstring>

namespace {

struct TypeInfo {
  const void* vptr;
  const char* name;
};
struct SingleBase : TypeInfo {
  const TypeInfo* base;
};
struct BaseInfo {
  const TypeInfo* type;
  long offsetFlags; // offset << 8 | virtual 0x1 | public 0x2
};
struct MultipleBases : TypeInfo {
  unsigned flags;
  unsigned baseCount;
  BaseInfo bases[1];
};

void typeInfoVirtualCall() {
  circle_device::fail("a virtual member of std::type_info was called",
                      "the device's type_info objects serve typeid, dynamic_cast, name(), ==, before() and hash_code()");
}

// Offset to top, type_info, then the slots of the ABI's virtual members.
#define CIRCLE_TYPE_INFO_VTABLE(var, symbol)                                                                        \
  extern __device__ const void* const var[] __asm__(symbol) = {                                                         \
      nullptr,                                                                                                     \
      nullptr,                                                                                                     \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
      reinterpret_cast<const void*>(&typeInfoVirtualCall),                                                         \
  }

} // namespace

// Outside the anonymous namespace: the modules' type_info objects link against them.
namespace circle_device {
CIRCLE_TYPE_INFO_VTABLE(classVTable, "_ZTVN10__cxxabiv117__class_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(singleBaseVTable, "_ZTVN10__cxxabiv120__si_class_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(multipleBasesVTable, "_ZTVN10__cxxabiv121__vmi_class_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(fundamentalVTable, "_ZTVN10__cxxabiv123__fundamental_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(pointerVTable, "_ZTVN10__cxxabiv119__pointer_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(memberPointerVTable, "_ZTVN10__cxxabiv129__pointer_to_member_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(arrayVTable, "_ZTVN10__cxxabiv117__array_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(functionVTable, "_ZTVN10__cxxabiv120__function_type_infoE");
CIRCLE_TYPE_INFO_VTABLE(enumVTable, "_ZTVN10__cxxabiv116__enum_type_infoE");
} // namespace circle_device

namespace {
using circle_device::multipleBasesVTable;
using circle_device::singleBaseVTable;

bool sameType(const TypeInfo* a, const TypeInfo* b) {
  return a == b || (a->name[0] != '*' && strcmp(a->name, b->name) == 0);
}

struct Subobject {
  const TypeInfo* type;
  const char* address;
  bool isPublic; // reached from the walk's root through public bases only
};

// Every base subobject of the object of type `root` at `address`, itself first,
// depth first. Iterative with a fixed stack: a recursive walk would give every
// kernel that casts an unbounded stack.
template <class Visit> void forEachSubobject(const TypeInfo* root, const char* address, Visit&& visit) {
  constexpr int kDepth = 64;
  Subobject stack[kDepth];
  int top = 0;
  stack[top++] = {root, address, true};
  while (top > 0) {
    Subobject s = stack[--top];
    visit(s);
    if (s.type->vptr == &singleBaseVTable[2]) {
      if (top == kDepth) circle_device::fail("dynamic_cast: class hierarchy too deep", s.type->name);
      stack[top++] = {static_cast<const SingleBase*>(s.type)->base, s.address, s.isPublic};
    } else if (s.type->vptr == &multipleBasesVTable[2]) {
      const auto* info = static_cast<const MultipleBases*>(s.type);
      for (unsigned i = info->baseCount; i-- > 0;) {
        long flags = info->bases[i].offsetFlags;
        long offset = flags >> 8;
        if (flags & 0x1) offset = *reinterpret_cast<const long*>(*reinterpret_cast<const char* const*>(s.address) + offset);
        if (top == kDepth) circle_device::fail("dynamic_cast: class hierarchy too deep", s.type->name);
        stack[top++] = {info->bases[i].type, s.address + offset, s.isPublic && (flags & 0x2)};
      }
    }
  }
}

// Whether the object of type `root` at `address` has `type` at `at` as a public base.
bool hasPublicBase(const TypeInfo* root, const char* address, const TypeInfo* type, const char* at) {
  bool found = false;
  forEachSubobject(root, address, [&](const Subobject& s) {
    found = found || (s.isPublic && s.address == at && sameType(s.type, type));
  });
  return found;
}

// Subobject addresses, each counted once (a virtual base is reached on every path to it).
struct Distinct {
  static constexpr int kMax = 16;
  const char* addresses[kMax];
  int count = 0;
  void add(const char* address) {
    for (int i = 0; i < count; ++i)
      if (addresses[i] == address) return;
    if (count == kMax) circle_device::fail("dynamic_cast: too many subobjects of the target type", nullptr);
    addresses[count++] = address;
  }
  const char* unique() const { return count == 1 ? addresses[0] : nullptr; }
};

} // namespace

// dynamic_cast in device code (the prelude declares it; codegen/device_rtti_sites.cpp
// calls it). `to` null is dynamic_cast<void*>.
extern "C" void* __circle_dynamic_cast(const void* object, const void* from, const void* to, int isReference) noexcept {
  if (!object) return nullptr;
  const char* vptr = *static_cast<const char* const*>(object);
  const char* whole = static_cast<const char*>(object) + reinterpret_cast<const long*>(vptr)[-2];
  if (!to) return const_cast<char*>(whole);
  const auto* wholeType = reinterpret_cast<const TypeInfo* const*>(vptr)[-1];
  const auto* source = static_cast<const TypeInfo*>(from);
  const auto* target = static_cast<const TypeInfo*>(to);
  const char* at = static_cast<const char*>(object);
  if (!wholeType)
    circle_device::fail("dynamic_cast: the object's vtable has no type_info",
                        "an object under construction in a class with virtual bases");

  // A downcast: the one `target` subobject that has the source object as a public base.
  Distinct downcasts;
  forEachSubobject(wholeType, whole, [&](const Subobject& s) {
    if (sameType(s.type, target) && hasPublicBase(s.type, s.address, source, at)) downcasts.add(s.address);
  });
  const char* result = downcasts.unique();
  // A cross cast: the source is a public base of the whole object, which has exactly
  // one public `target` base.
  if (downcasts.count == 0 && hasPublicBase(wholeType, whole, source, at)) {
    Distinct publicTargets;
    forEachSubobject(wholeType, whole, [&](const Subobject& s) {
      if (s.isPublic && sameType(s.type, target)) publicTargets.add(s.address);
    });
    result = publicTargets.unique();
  }
  if (!result && isReference) circle_device::fail("threw std::bad_cast: dynamic_cast to a reference of type", target->name);
  return const_cast<char*>(result);
}

// The `base` subobject of a complete object of type `type`, when it is a unique public
// base (exceptions.cpp: the what() of a thrown std::exception); null otherwise.
extern "C" const void* __circle_public_base(const void* object, const void* type, const void* base) noexcept {
  Distinct found;
  forEachSubobject(static_cast<const TypeInfo*>(type), static_cast<const char*>(object), [&](const Subobject& s) {
    if (s.isPublic && sameType(s.type, static_cast<const TypeInfo*>(base))) found.add(s.address);
  });
  return found.unique();
}

extern "C" void __cxa_bad_typeid() { circle_device::fail("threw std::bad_typeid", "typeid of a null pointer"); }
extern "C" void __cxa_bad_cast() { circle_device::fail("threw std::bad_cast", nullptr); }

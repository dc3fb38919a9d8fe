// RTTI in device passes. Clang's CodeGen emits no type_info objects for a GPU: the
// vtables' type_info slots are null, typeid of a static type is a null reference and
// dynamic_cast passes null types to __dynamic_cast. circle keeps the one AST and
// changes what the device passes see instead:
//  - typeid of a static type reads an `extern` device variable named like the type's
//    type_info (_ZTI...), which device_rtti_objects.cpp then defines;
//  - dynamic_cast calls the prelude's __circle_dynamic_cast with the two types'
//    type_info objects (libdevice-c/runtime/rtti.cpp walks them);
//  - typeid of a polymorphic object reads the vtable, whose type_info slots
//    device_rtti_objects.cpp fills in;
//  - a throw passes its type's type_info to __cxa_throw (CodeGen passes null on a
//    GPU): each throw's type is noted by file and line, and the call the device
//    pass emitted there gets it (device_rtti_objects.cpp).
// The swaps hold for the length of each device pass only; the host pass sees the
// expressions the parser built. A variable whose initializer holds a swapped
// expression may carry the value Clang's constant evaluator computed from the
// original (`const std::type_info& t = typeid(int);` is a constant reference), and
// CodeGen emits that value: a null type_info on a GPU. Those cached values are
// forgotten for the device pass, so it evaluates the swapped initializer.
#pragma once
#include "clang/AST/Type.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class APValue;
class ASTContext;
class Expr;
class MangleContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace circle {

class WalkTape;

struct DeviceRtti {
  struct Swap {
    clang::Stmt** slot;
    clang::Stmt* original;
    clang::Stmt* replacement;
  };
  std::vector<Swap> swaps;
  // Variables whose initializers contain a swap (their evaluated values differ).
  std::vector<clang::VarDecl*> reevaluate;
  // Every type whose type_info a device module may need, by the ABI's name for the
  // type (the _ZTI/_ZTS/_ZTV symbols' suffix): the types typeid and dynamic_cast
  // name, and every dynamic class (their vtables hold a type_info slot).
  std::map<std::string, clang::QualType> types;
  // The types thrown on each line, by "file name:line" (the file's last component).
  std::map<std::string, std::set<std::string>> throws;
};

// The key of `throws` for a source line.
std::string throwSiteKey(llvm::StringRef file, unsigned line);

// The Itanium ABI's mangling of a type, cv-qualifiers dropped: what follows _ZTI,
// _ZTS and _ZTV in its symbols, and the string type_info::name() returns.
std::string rttiTypeName(clang::MangleContext& mangler, clang::QualType type);

// From the walk of the parsed translation unit.
DeviceRtti findDeviceRtti(const WalkTape& tape);

class DeviceRttiScope {
public:
  explicit DeviceRttiScope(const DeviceRtti& rtti);
  ~DeviceRttiScope();
  DeviceRttiScope(const DeviceRttiScope&) = delete;
  DeviceRttiScope& operator=(const DeviceRttiScope&) = delete;

private:
  const DeviceRtti& rtti_;
  // Parallel to rtti_.reevaluate: the value the host had evaluated, or null.
  std::vector<std::unique_ptr<clang::APValue>> cached_;
};

} // namespace circle

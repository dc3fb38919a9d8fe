// A thrown object on the device: circle's header sits just before it, in the block
// __cxa_allocate_exception takes from the device heap. It holds what the Itanium ABI's
// __cxa_exception holds that the device needs: the type the handlers are matched
// against, the destructor __cxa_end_catch runs, and the pointer a matching handler
// receives (a base subobject, or a pointer's converted value).
#pragma once
#include <cstddef>
#include <typeinfo>

// rtti.cpp: the `base` subobject of an object of type `type` when it is a unique
// public base (the thrown type itself included), or null.
extern "C" const void* __circle_public_base(const void* object, const void* type, const void* base) noexcept;

namespace circle_device {

struct ExceptionHeader {
  const std::type_info* type; // null when circle could not tell the thrown type
  void (*destroy)(void*);
  void* adjusted;
  ExceptionHeader* nextInFlight; // the thread's stacks (catch.cpp)
  ExceptionHeader* nextCaught;
  int handlers; // handlers that began catching it and have not ended
  bool rethrown;
};

// A multiple of 16, so the object keeps the heap's alignment.
constexpr std::size_t kHeaderBytes = (sizeof(ExceptionHeader) + 15) & ~std::size_t(15);

inline ExceptionHeader* headerOf(void* object) {
  return reinterpret_cast<ExceptionHeader*>(static_cast<char*>(object) - kHeaderBytes);
}
inline void* objectOf(ExceptionHeader* h) { return reinterpret_cast<char*>(h) + kHeaderBytes; }

// "circle device runtime: <verb> <type>: <what()> (block, thread)", then a trap.
[[noreturn]] void failWithException(const char* verb, void* object, const std::type_info* type);

} // namespace circle_device

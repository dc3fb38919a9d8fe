// A throw expression on the device: the Itanium C++ ABI's __cxa_allocate_exception and
// __cxa_throw, and the out-of-line members of the standard exceptions, which
// libstdc++ keeps in its shared library (the GPU cannot call it). A module none of
// whose kernels reaches a handler keeps its __cxa_throw calls: they print the
// exception's type and, for a std::exception, its what(), with the thread, and trap.
// Where a kernel reaches a handler, circle's device link turns the throws into
// catch.cpp's calls instead (targets/nvptx/device_exceptions.h). The exceptions keep
// their message as a plain copy in the slot where libstdc++ keeps its
// reference-counted string.
#include "exception_object.h"
#include "report.h"

#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <stdexcept>
#include <typeinfo>

namespace {

const char* copyOf(const char* s, size_t n) {
  char* p = static_cast<char*>(malloc(n + 1));
  if (!p) return s;
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

// Appends the source name of the mangled nested or plain class name at `m` ("St12out_of_range",
// "N2ns5errorE", "8my_error"); returns false for anything else (a template, a
// local class), which is then printed mangled.
bool demangle(const char* m, char* out, size_t cap) {
  size_t used = 0;
  auto put = [&](const char* s, size_t n) {
    if (used + n + 1 > cap) return false;
    memcpy(out + used, s, n);
    used += n;
    out[used] = 0;
    return true;
  };
  bool nested = *m == 'N';
  if (nested) ++m;
  if (m[0] == 'S' && m[1] == 't') {
    if (!put("std", 3)) return false;
    m += 2;
  }
  bool first = used == 0;
  while (*m >= '0' && *m <= '9') {
    size_t n = 0;
    while (*m >= '0' && *m <= '9') n = n * 10 + size_t(*m++ - '0');
    if (strlen(m) < n || (!first && !put("::", 2)) || !put(m, n)) return false;
    m += n;
    first = false;
  }
  return !first && (nested ? (m[0] == 'E' && m[1] == 0) : *m == 0);
}

} // namespace

namespace circle_device {

void failWithException(const char* verb, void* object, const std::type_info* type) {
  // Null when circle could not tell which type a line throws (two on one line).
  if (!type) fail(verb, "an exception whose type is not known on the device");
  const char* mangled = type->name();
  char name[128];
  // `throw "message"` says its message; a fundamental type its name.
  static const char* const kBuiltin[][2] = {{"PKc", "const char*"}, {"Pc", "char*"}, {"i", "int"},
                                            {"j", "unsigned int"}, {"l", "long"},   {"m", "unsigned long"},
                                            {"x", "long long"},    {"d", "double"}, {"f", "float"},
                                            {"b", "bool"},         {"c", "char"}};
  const char* builtin = nullptr;
  for (const auto& b : kBuiltin)
    if (strcmp(mangled, b[0]) == 0) builtin = b[1];
  if (builtin) {
    strncpy(name, builtin, sizeof name);
  } else if (!demangle(mangled, name, sizeof name)) {
    strncpy(name, mangled, sizeof name - 1);
    name[sizeof name - 1] = 0;
  }
  char what[256];
  strncpy(what, verb, 100);
  what[100] = 0;
  strncat(what, " ", 2);
  strncat(what, name, sizeof what - strlen(what) - 1);
  if (mangled[0] == 'P' && (strcmp(mangled, "PKc") == 0 || strcmp(mangled, "Pc") == 0))
    fail(what, *static_cast<const char* const*>(object));
  const void* base = __circle_public_base(object, type, &typeid(std::exception));
  fail(what, base ? static_cast<const std::exception*>(base)->what() : nullptr);
}

} // namespace circle_device

extern "C" {

void* __cxa_allocate_exception(size_t size) noexcept {
  void* p = malloc(circle_device::kHeaderBytes + size);
  if (!p) circle_device::fail("threw an exception and there was no memory for it", nullptr);
  memset(p, 0, circle_device::kHeaderBytes);
  return circle_device::objectOf(static_cast<circle_device::ExceptionHeader*>(p));
}

void __cxa_free_exception(void* p) noexcept { free(circle_device::headerOf(p)); }

[[noreturn]] void __cxa_throw(void* object, std::type_info* type, void (*)(void*)) {
  circle_device::failWithException("threw", object, type);
}

// A throw circle respelled in __device__ or __global__ code (dialect/device_throw.h):
// the type as __PRETTY_FUNCTION__ of __circle_throw<E> spells it, "... [__E = type]",
// and what() when it has one.
[[noreturn]] void __circle_device_throw(const char* signature, const char* what) {
  const char* at = strstr(signature, "[__E = ");
  char message[160] = "threw ";
  if (at) {
    at += 7;
    size_t n = strlen(at);
    if (n && at[n - 1] == ']') --n;                            // the signature's closing bracket
    while (n && (at[n - 1] == '&' || at[n - 1] == ' ')) --n;  // E is a forwarding reference
    if (n > 6 && strncmp(at, "const ", 6) == 0 && at[n - 1] != '*') at += 6, n -= 6;
    strncat(message, at, n < sizeof message - 7 ? n : sizeof message - 7);
  } else {
    strncat(message, "an exception", sizeof message - 7);
  }
  circle_device::fail(message, what);
}

[[noreturn]] void __cxa_rethrow() {
  circle_device::fail("rethrew an exception", "the device catches none, so there is none to rethrow");
}

} // extern "C"

namespace std {

exception::~exception() noexcept {}
const char* exception::what() const noexcept { return "std::exception"; }
bad_exception::~bad_exception() noexcept {}
const char* bad_exception::what() const noexcept { return "std::bad_exception"; }
bad_alloc::~bad_alloc() noexcept {}
const char* bad_alloc::what() const noexcept { return "std::bad_alloc"; }
bad_array_new_length::~bad_array_new_length() noexcept {}
const char* bad_array_new_length::what() const noexcept { return "std::bad_array_new_length"; }
bad_cast::~bad_cast() noexcept {}
const char* bad_cast::what() const noexcept { return "std::bad_cast"; }
bad_typeid::~bad_typeid() noexcept {}
bad_function_call::~bad_function_call() noexcept {}
const char* bad_function_call::what() const noexcept { return "bad_function_call"; }
const char* bad_typeid::what() const noexcept { return "std::bad_typeid"; }

__cow_string::__cow_string() : _M_p("") {}
__cow_string::__cow_string(const std::string& s) : _M_p(copyOf(s.data(), s.size())) {}
__cow_string::__cow_string(const char* s, size_t n) : _M_p(copyOf(s, n)) {}
__cow_string::__cow_string(const __cow_string& o) noexcept : _M_p(o._M_p) {}
__cow_string& __cow_string::operator=(const __cow_string& o) noexcept {
  _M_p = o._M_p;
  return *this;
}
__cow_string::~__cow_string() {}
__cow_string::__cow_string(__cow_string&& o) noexcept : _M_p(o._M_p) {}
__cow_string& __cow_string::operator=(__cow_string&& o) noexcept {
  _M_p = o._M_p;
  return *this;
}

// Each class: its constructors from a string and a C string, and the destructor (the
// key function, which puts the vtable in this device library).
#define CIRCLE_STDEXCEPT(type, base)                                                                              \
  type::type(const string& s) : base(s) {}                                                                         \
  type::type(const char* s) : base(s) {}                                                                           \
  type::~type() noexcept {}

// logic_error and runtime_error: the message, kept by __cow_string above.
#define CIRCLE_MESSAGE_EXCEPTION(type)                                                                            \
  type::type(const string& s) : _M_msg(s) {}                                                                       \
  type::type(const char* s) : _M_msg(s, strlen(s)) {}                                                              \
  type::type(const type& o) noexcept : exception(o), _M_msg(o._M_msg) {}                                           \
  type& type::operator=(const type& o) noexcept {                                                                  \
    _M_msg = o._M_msg;                                                                                             \
    return *this;                                                                                                  \
  }                                                                                                                \
  type::type(type&& o) noexcept : exception(o), _M_msg(o._M_msg) {}                                                \
  type& type::operator=(type&& o) noexcept {                                                                       \
    _M_msg = o._M_msg;                                                                                             \
    return *this;                                                                                                  \
  }                                                                                                                \
  type::~type() noexcept {}                                                                                        \
  const char* type::what() const noexcept { return _M_msg._M_p; }

CIRCLE_MESSAGE_EXCEPTION(logic_error)
CIRCLE_STDEXCEPT(domain_error, logic_error)
CIRCLE_STDEXCEPT(invalid_argument, logic_error)
CIRCLE_STDEXCEPT(length_error, logic_error)
CIRCLE_STDEXCEPT(out_of_range, logic_error)
CIRCLE_MESSAGE_EXCEPTION(runtime_error)
CIRCLE_STDEXCEPT(range_error, runtime_error)
CIRCLE_STDEXCEPT(overflow_error, runtime_error)
CIRCLE_STDEXCEPT(underflow_error, runtime_error)

} // namespace std

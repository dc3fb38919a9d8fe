// libstdc++'s out-of-line throw helpers, which its headers call (vector::at,
// std::function, new). Each throws the exception libstdc++ would: a kernel that reaches
// a handler catches it; otherwise __cxa_throw prints it and traps (exceptions.cpp).
#include "report.h"

#include <bits/functexcept.h>

#include <functional>
#include <new>
#include <stdexcept>
#include <typeinfo>

namespace std {

void __throw_bad_exception() { throw bad_exception(); }
void __throw_bad_alloc() { throw bad_alloc(); }
void __throw_bad_array_new_length() { throw bad_array_new_length(); }
void __throw_bad_cast() { throw bad_cast(); }
void __throw_bad_typeid() { throw bad_typeid(); }
void __throw_logic_error(const char* s) { throw logic_error(s); }
void __throw_domain_error(const char* s) { throw domain_error(s); }
void __throw_invalid_argument(const char* s) { throw invalid_argument(s); }
void __throw_length_error(const char* s) { throw length_error(s); }
void __throw_out_of_range(const char* s) { throw out_of_range(s); }
// The format's arguments are dropped: formatting would pull a printf engine into
// every kernel that indexes with at().
void __throw_out_of_range_fmt(const char* fmt, ...) { throw out_of_range(fmt); }
void __throw_runtime_error(const char* s) { throw runtime_error(s); }
void __throw_range_error(const char* s) { throw range_error(s); }
void __throw_overflow_error(const char* s) { throw overflow_error(s); }
void __throw_underflow_error(const char* s) { throw underflow_error(s); }
void __throw_bad_function_call() { throw bad_function_call(); }
// Their exceptions carry an error_code whose category lives in libstdc++'s shared
// library: these still print and trap.
void __throw_system_error(int) { circle_device::fail("threw std::system_error", nullptr); }
void __throw_future_error(int) { circle_device::fail("threw std::future_error", nullptr); }

} // namespace std

// libstdc++'s out-of-line throw helpers. The device has no unwinder: a throw prints
// what would have been thrown and traps.
#include "report.h"

#include <bits/functexcept.h>

namespace std {

void __throw_bad_exception() { circle_device::fail("threw std::bad_exception", nullptr); }
void __throw_bad_alloc() { circle_device::fail("threw std::bad_alloc", nullptr); }
void __throw_bad_array_new_length() { circle_device::fail("threw std::bad_array_new_length", nullptr); }
void __throw_bad_cast() { circle_device::fail("threw std::bad_cast", nullptr); }
void __throw_bad_typeid() { circle_device::fail("threw std::bad_typeid", nullptr); }
void __throw_logic_error(const char* s) { circle_device::fail("threw std::logic_error", s); }
void __throw_domain_error(const char* s) { circle_device::fail("threw std::domain_error", s); }
void __throw_invalid_argument(const char* s) { circle_device::fail("threw std::invalid_argument", s); }
void __throw_length_error(const char* s) { circle_device::fail("threw std::length_error", s); }
void __throw_out_of_range(const char* s) { circle_device::fail("threw std::out_of_range", s); }
// The format's arguments are dropped: formatting would pull a printf engine into
// every kernel that indexes with at().
void __throw_out_of_range_fmt(const char* fmt, ...) { circle_device::fail("threw std::out_of_range", fmt); }
void __throw_runtime_error(const char* s) { circle_device::fail("threw std::runtime_error", s); }
void __throw_range_error(const char* s) { circle_device::fail("threw std::range_error", s); }
void __throw_overflow_error(const char* s) { circle_device::fail("threw std::overflow_error", s); }
void __throw_underflow_error(const char* s) { circle_device::fail("threw std::underflow_error", s); }
void __throw_system_error(int) { circle_device::fail("threw std::system_error", nullptr); }
void __throw_future_error(int) { circle_device::fail("threw std::future_error", nullptr); }
void __throw_bad_function_call() { circle_device::fail("threw std::bad_function_call", nullptr); }

} // namespace std

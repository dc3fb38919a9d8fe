// How the device runtime reports what cannot continue on the GPU: one line naming
// the thread, then a trap, which the host sees as cudaErrorLaunchFailure. Written as
// plain C++ (PTX special registers through inline asm), like the rest of the runtime:
// circle compiles it tagless, for the device only.
#pragma once
#include <cstdio>

namespace circle_device {

// A 32-bit PTX special register (CIRCLE_DEVICE_SREG64: a 64-bit one). Not volatile:
// a thread's ids do not change while it runs, so repeated reads may be merged (the
// exception tests after calls read them: catch.cpp).
#define CIRCLE_DEVICE_SREG_OF(type, constraint, name)                                                              \
  [] {                                                                                                             \
    type v;                                                                                                        \
    asm("mov." #type " %0, %%" name ";" : "=" constraint(v));                                                      \
    return v;                                                                                                      \
  }()
#define CIRCLE_DEVICE_SREG(name) CIRCLE_DEVICE_SREG_OF(u32, "r", name)
#define CIRCLE_DEVICE_SREG64(name) CIRCLE_DEVICE_SREG_OF(u64, "l", name)
using u32 = unsigned;
using u64 = unsigned long long;

[[noreturn]] inline void fail(const char* what, const char* detail) {
  printf("circle device runtime: %s%s%s (block %u,%u,%u thread %u,%u,%u)\n", what, detail ? ": " : "",
         detail ? detail : "", CIRCLE_DEVICE_SREG("ctaid.x"), CIRCLE_DEVICE_SREG("ctaid.y"),
         CIRCLE_DEVICE_SREG("ctaid.z"), CIRCLE_DEVICE_SREG("tid.x"), CIRCLE_DEVICE_SREG("tid.y"),
         CIRCLE_DEVICE_SREG("tid.z"));
  __builtin_trap();
}

} // namespace circle_device

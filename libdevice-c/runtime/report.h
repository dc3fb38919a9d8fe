// How the device runtime reports what cannot continue on the GPU: one line naming
// the thread, then a trap, which the host sees as cudaErrorLaunchFailure. Written as
// plain C++ (PTX special registers through inline asm), like the rest of the runtime:
// circle compiles it tagless, for the device only.
#pragma once
#include <cstdio>

namespace circle_device {

#define CIRCLE_DEVICE_SREG(name)                                                                                   \
  [] {                                                                                                             \
    unsigned v;                                                                                                    \
    asm volatile("mov.u32 %0, %%" name ";" : "=r"(v));                                                             \
    return v;                                                                                                      \
  }()

[[noreturn]] inline void fail(const char* what, const char* detail) {
  printf("circle device runtime: %s%s%s (block %u,%u,%u thread %u,%u,%u)\n", what, detail ? ": " : "",
         detail ? detail : "", CIRCLE_DEVICE_SREG("ctaid.x"), CIRCLE_DEVICE_SREG("ctaid.y"),
         CIRCLE_DEVICE_SREG("ctaid.z"), CIRCLE_DEVICE_SREG("tid.x"), CIRCLE_DEVICE_SREG("tid.y"),
         CIRCLE_DEVICE_SREG("tid.z"));
  __builtin_trap();
}

} // namespace circle_device

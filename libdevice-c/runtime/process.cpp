// The C library's ways out of a program, in device code. A kernel cannot end its
// process: each says what was called, then traps, so the launch fails with
// cudaErrorLaunchFailure and the host sees it at its next synchronisation (as it
// would see the process die). libstdc++'s testsuite reaches abort() through VERIFY.
#include "report.h"

#include <cstdlib>

extern "C" {

void abort() noexcept { circle_device::fail("abort() was called", nullptr); }

void exit(int status) noexcept {
  printf("circle device runtime: exit(%d) was called in device code, which cannot end the process\n", status);
  circle_device::fail("the kernel stops here", nullptr);
}

void _Exit(int status) noexcept { exit(status); }
void quick_exit(int status) noexcept { exit(status); }

} // extern "C"

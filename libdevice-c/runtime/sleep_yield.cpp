// sched_yield and nanosleep on the GPU. libcu++'s waiting loops (cuda::barrier,
// cuda::pipeline, atomic waits) pick them in their host branch, which circle's one
// pass compiles for kernels too: system headers see __CUDA_ARCH__ undefined.
//
// No system header is included: its declarations would make these host functions.
// The layout is glibc's (and newlib's) struct timespec on x86-64.
struct circle_timespec {
  long tv_sec;
  long tv_nsec;
};

// A warp that spins gives way to the others anyway: nothing to do.
extern "C" int sched_yield() { return 0; }

extern "C" int nanosleep(const circle_timespec* req, circle_timespec* rem) {
  if (req) {
    unsigned long long ns = (unsigned long long)req->tv_sec * 1000000000ull + (unsigned long long)req->tv_nsec;
    // The GPU sleeps about that long, at most a millisecond at a time.
    while (ns) {
      unsigned step = ns > 1000000 ? 1000000u : (unsigned)ns;
      __nvvm_nanosleep(step);
      ns -= step;
    }
  }
  if (rem) {
    rem->tv_sec = 0;
    rem->tv_nsec = 0;
  }
  return 0;
}

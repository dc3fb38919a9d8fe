// std::random_device in device code. A GPU has no entropy device; each value mixes
// the global nanosecond timer, the SM's cycle counter, the thread's ids and a
// per-thread count through SplitMix64's finaliser, so two threads, or two calls of
// one thread, differ. The tokens libstdc++ accepts on x86-64 Linux are accepted
// (one source serves them all); others throw std::runtime_error as the host's do.
// entropy() is 0, as libstdc++ says for a source that is not a hardware generator.
#include "report.h"

#include <random>
#include <stdexcept>
#include <string>

namespace {

unsigned long long mix(unsigned long long z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool knownToken(const std::string& t) {
  for (const char* known : {"default", "rdseed", "rdrand", "rdrnd", "hw", "hardware", "getentropy", "arc4random",
                            "/dev/urandom", "/dev/random", "prng", "mt19937"})
    if (t == known) return true;
  return !t.empty() && t[0] >= '0' && t[0] <= '9'; // a seed for mt19937
}

} // namespace

namespace std {

void random_device::_M_init(const std::string& token) {
  if (!knownToken(token)) __throw_runtime_error("random_device::random_device(const std::string&): unsupported token");
  _M_file = nullptr;
}

void random_device::_M_init_pretr1(const std::string& token) { _M_init(token); }

void random_device::_M_fini() {}

random_device::result_type random_device::_M_getval() {
  using namespace circle_device;
  u64 timer, cycles;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(timer));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(cycles));
  static u64 calls; // over the device: two threads in one cycle still differ
  u64 thread = (u64(CIRCLE_DEVICE_SREG("ctaid.x")) << 42) ^ (u64(CIRCLE_DEVICE_SREG("ctaid.y")) << 21) ^
               CIRCLE_DEVICE_SREG("ctaid.z") ^ (u64(CIRCLE_DEVICE_SREG("tid.x")) << 32) ^
               (u64(CIRCLE_DEVICE_SREG("tid.y")) << 16) ^ CIRCLE_DEVICE_SREG("tid.z");
  return result_type(mix(timer ^ mix(cycles + __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED)) ^ mix(thread)));
}

random_device::result_type random_device::_M_getval_pretr1() { return _M_getval(); }

double random_device::_M_getentropy() const noexcept { return 0.0; }

} // namespace std

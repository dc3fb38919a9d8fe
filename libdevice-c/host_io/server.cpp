// The host half of device stdio (protocol.h): built to x86-64 bitcode at circle's
// build and linked into each host object whose device code uses stdio, every
// definition made linkonce_odr and hidden (targets/host/host_io.cpp), so the objects
// of one program or shared library share one server.
//
// Kernel stubs call __circle_host_io_attach before each launch. The first call for a
// device module (`shadow`, the host side of its registered __circle_host_io_channel)
// on a GPU gives it a channel and starts the server thread; later calls only tell the
// thread that a kernel is coming, so it polls without sleeping for a while.
#include "protocol.h"

#include <cuda_runtime_api.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <sched.h>

using namespace circle_host_io;

namespace circle_host_io_server {

constexpr unsigned kMaxChannels = 256;
constexpr unsigned kMaxStreams = 1024;
// After a launch or a request the thread polls without sleeping this long, then
// sleeps between polls, up to kLongestSleep.
constexpr long long kBusyNanoseconds = 50'000'000;
constexpr long long kLongestSleep = 1'000'000;

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
Channel* channels[kMaxChannels];
unsigned channelCount; // read by the thread with acquire loads
FILE* streams[kMaxStreams];
pthread_t thread;
bool started;
bool stopping;
long long lastActivity; // CLOCK_MONOTONIC nanoseconds
cudaStream_t copyStream;

long long now() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

FILE* streamFor(int n) {
  if (n == 0) return stdin;
  if (n == 1) return stdout;
  if (n == 2) return stderr;
  return n >= kFirstFile && n < int(kMaxStreams) ? streams[n] : nullptr;
}

int openStream(const char* path, const char* mode) {
  FILE* f = fopen(path, mode);
  if (!f) return -1;
  for (unsigned i = kFirstFile; i < kMaxStreams; ++i)
    if (!streams[i]) {
      streams[i] = f;
      return int(i);
    }
  fclose(f);
  errno = EMFILE;
  return -1;
}

void serve(Port& port) {
  Header& h = port.h;
  errno = 0;
  h.result = -1;
  FILE* f = streamFor(h.stream);
  if (!f && h.op != kOpen && h.op != kRemove && h.op != kGetenv && !(h.op == kFlush && h.stream == -1)) {
    h.error = EBADF;
    h.flags = kFailed;
    return;
  }
  switch (h.op) {
  case kWrite:
    h.result = (long long)fwrite(port.payload, 1, h.length, f);
    // Written through before the answer, so a kernel's stdio output is out before the
    // kernel ends, ahead of its device printf (printed when the host synchronises).
    if (f == stdout) fflush(f);
    break;
  case kFlush:
    h.result = fflush(h.stream == -1 ? nullptr : f);
    break;
  case kOpen: {
    const char* path = port.payload;
    const char* mode = path + strlen(path) + 1;
    h.result = openStream(path, mode);
    break;
  }
  case kClose:
    // The host's own stdin, stdout and stderr stay open: the device only flushes them.
    if (h.stream < kFirstFile) {
      h.result = fflush(f);
    } else {
      streams[h.stream] = nullptr;
      h.result = fclose(f);
      f = nullptr;
    }
    break;
  case kRead:
    h.result = (long long)fread(port.payload, 1, (size_t)h.arg[0], f);
    break;
  case kGets:
    h.result = fgets(port.payload, (int)h.arg[0], f) != nullptr;
    break;
  case kGetc:
    h.result = fgetc(f);
    break;
  case kUngetc:
    h.result = ungetc((int)h.arg[0], f);
    break;
  case kSeek:
    h.result = fseek(f, (long)h.arg[0], (int)h.arg[1]);
    break;
  case kTell:
    h.result = ftell(f);
    break;
  case kClearErr:
    clearerr(f);
    h.result = 0;
    break;
  case kRemove:
    h.result = remove(port.payload);
    break;
  case kGetenv:
    if (const char* value = getenv(port.payload)) {
      size_t n = strlen(value) + 1;
      h.result = n <= kPayloadBytes ? 1 : -1;
      if (n <= kPayloadBytes) memcpy(port.payload, value, n);
    } else {
      h.result = 0;
    }
    break;
  default:
    errno = EINVAL;
  }
  h.error = errno;
  h.flags = f ? (feof(f) ? kAtEnd : 0) | (ferror(f) ? kFailed : 0) : 0;
}

void* run(void*) {
  long long sleep = 1000;
  for (;;) {
    // Once stopping, one last pass serves what is waiting.
    bool last = __atomic_load_n(&stopping, __ATOMIC_ACQUIRE), served = false;
    unsigned count = __atomic_load_n(&channelCount, __ATOMIC_ACQUIRE);
    for (unsigned c = 0; c < count; ++c)
      for (Port& port : channels[c]->port) {
        unsigned request = __atomic_load_n(&port.h.request, __ATOMIC_ACQUIRE);
        if (request == port.h.reply) continue;
        serve(port);
        __atomic_store_n(&port.h.reply, request, __ATOMIC_RELEASE);
        served = true;
      }
    if (last) return nullptr;
    long long t = now();
    if (served) {
      __atomic_store_n(&lastActivity, t, __ATOMIC_RELAXED);
      sleep = 1000;
      continue;
    }
    if (t - __atomic_load_n(&lastActivity, __ATOMIC_RELAXED) < kBusyNanoseconds) {
      sched_yield();
      sleep = 1000;
      continue;
    }
    timespec pause{0, sleep};
    nanosleep(&pause, nullptr);
    if (sleep < kLongestSleep) sleep *= 2;
  }
}

// At exit, before the CUDA runtime's own teardown (registered earlier, so run later):
// the thread finishes what is waiting and stops. The channels stay mapped to the end.
void stop() {
  __atomic_store_n(&stopping, true, __ATOMIC_RELEASE);
  pthread_join(thread, nullptr);
}

// A channel for the current GPU, written to the module's device variable.
bool attachChannel(const void* shadow) {
  if (channelCount == kMaxChannels) return false;
  if (!copyStream && cudaStreamCreateWithFlags(&copyStream, cudaStreamNonBlocking) != cudaSuccess) return false;
  void* memory = nullptr;
  if (posix_memalign(&memory, 4096, sizeof(Channel))) return false;
  memset(memory, 0, sizeof(Channel));
  void* device = nullptr;
  if (cudaHostRegister(memory, sizeof(Channel), cudaHostRegisterMapped | cudaHostRegisterPortable) != cudaSuccess) {
    free(memory);
    return false;
  }
  if (cudaHostGetDevicePointer(&device, memory, 0) != cudaSuccess ||
      cudaMemcpyToSymbolAsync(shadow, &device, sizeof device, 0, cudaMemcpyHostToDevice, copyStream) != cudaSuccess ||
      cudaStreamSynchronize(copyStream) != cudaSuccess) {
    cudaHostUnregister(memory);
    free(memory);
    return false;
  }
  channels[channelCount] = static_cast<Channel*>(memory);
  __atomic_store_n(&channelCount, channelCount + 1, __ATOMIC_RELEASE);
  if (!started && pthread_create(&thread, nullptr, run, nullptr) == 0) {
    started = true;
    atexit(stop);
  }
  return true;
}

} // namespace circle_host_io_server

// `attached`: one bit per GPU whose copy of the module has its channel.
extern "C" void __circle_host_io_attach(const void* shadow, unsigned long long* attached) {
  using namespace circle_host_io_server;
  __atomic_store_n(&lastActivity, now(), __ATOMIC_RELAXED);
  int gpu = 0;
  if (cudaGetDevice(&gpu) != cudaSuccess || gpu < 0 || gpu >= 64) return;
  unsigned long long bit = 1ull << gpu;
  if (__atomic_load_n(attached, __ATOMIC_ACQUIRE) & bit) return;
  pthread_mutex_lock(&lock);
  // A failure leaves the device on its fallback (device printf; files fail), and is
  // not retried: each try would cost a launch a pinned allocation.
  if (!(*attached & bit)) {
    if (!attachChannel(shadow)) cudaGetLastError(); // the launch's own status is what its caller asks for
    __atomic_fetch_or(attached, bit, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&lock);
}

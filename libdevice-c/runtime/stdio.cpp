// <stdio.h>'s streams on the device, served by the host process: each call is one
// request on the channel of ../host_io/protocol.h, answered by a host thread that the
// host object starts at the first launch of a kernel from a module that uses them
// (targets/host/host_io.cpp). A thread waits for each answer, so its own calls reach
// the host in the order it made them, and a kernel's requests are all served before
// the kernel ends. Device printf stays CUDA's (its buffer is printed when the host
// synchronises), so a kernel's stdio output comes before its printf output.
//
// FILE is glibc's (the one parse reads glibc's headers): a device stream is a zeroed
// glibc FILE, whose empty buffer sends glibc's inline getc/putc to __uflow/__overflow,
// followed by the host's stream number. The end-of-file and error bits live in
// glibc's _flags, where feof_unlocked and ferror_unlocked look.
//
// Without a channel (a kernel launched where circle's host code did not attach one,
// e.g. from another source of an -rdc program), stdout and stderr fall back to device
// printf and the other calls fail with ENOSYS.
#include "../host_io/protocol.h"
#include "report.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace circle_host_io;
using circle_device::u32;

extern "C" int __circle_vsnprintf(char* s, size_t n, const char* format, va_list ap);
// The device heap, as libdevice-c/libc/glue.c keeps it.
extern "C" void* __circle_malloc(size_t);
extern "C" void __circle_free(void*);

// Filled in by the host (targets/host/host_io.cpp registers it, server.cpp writes it).
extern "C" __device__ Channel* __circle_host_io_channel = nullptr;

namespace {

__device__ u32 portLocks[kPorts];

constexpr int kEofSeen = 0x10, kErrSeen = 0x20; // glibc's _IO_EOF_SEEN and _IO_ERR_SEEN

// Through asm: the stdio functions below redeclare glibc's, so Sema sees host
// functions, which may not call a GPU builtin.
void pause(u32 nanoseconds) { asm volatile("nanosleep.u32 %0;" ::"r"(nanoseconds)); }

struct DeviceFile {
  FILE glibc;
  int stream;
};

__device__ DeviceFile standardFiles[3] = {{{}, 0}, {{}, 1}, {{}, 2}};

int streamOf(FILE* f) { return reinterpret_cast<DeviceFile*>(f)->stream; }

// A port of this module's channel, held by one thread from request to answer.
class Request {
public:
  Request(Op op, int stream) {
    u32 start = (CIRCLE_DEVICE_SREG("tid.x") + 32 * CIRCLE_DEVICE_SREG("ctaid.x")) % kPorts;
    for (;;) {
      for (u32 i = 0; i < kPorts; ++i) {
        u32 p = (start + i) % kPorts, expected = 0;
        if (__atomic_compare_exchange_n(&portLocks[p], &expected, 1u, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
          index_ = p;
          port_ = &__circle_host_io_channel->port[p];
          port_->h.op = op;
          port_->h.stream = stream;
          port_->h.length = 0;
          return;
        }
      }
      pause(256);
    }
  }
  ~Request() { __atomic_store_n(&portLocks[index_], 0u, __ATOMIC_RELEASE); }
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;

  Header& header() { return port_->h; }
  char* payload() { return port_->payload; }

  // Publishes the request and waits for the host's answer; sets `f`'s flags and errno
  // from it.
  long long send(FILE* f = nullptr) {
    u32 number = port_->h.request + 1;
    __atomic_store_n(&port_->h.request, number, __ATOMIC_RELEASE);
    for (u32 wait = 32; __atomic_load_n(&port_->h.reply, __ATOMIC_ACQUIRE) != number;) {
      pause(wait);
      if (wait < 2048) wait *= 2;
    }
    if (f) f->_flags = (f->_flags & ~(kEofSeen | kErrSeen)) | (port_->h.flags & kAtEnd ? kEofSeen : 0) |
                       (port_->h.flags & kFailed ? kErrSeen : 0);
    if (port_->h.error) errno = port_->h.error;
    return port_->h.result;
  }

private:
  u32 index_ = 0;
  Port* port_ = nullptr;
};

bool haveChannel() { return __circle_host_io_channel != nullptr; }

// Without a host thread: stdout and stderr through device printf, in pieces it takes.
size_t printWithoutChannel(int stream, const char* data, size_t n) {
  if (stream != 1 && stream != 2) {
    errno = ENOSYS;
    return 0;
  }
  char piece[128];
  for (size_t done = 0; done < n;) {
    size_t k = n - done < sizeof piece - 1 ? n - done : sizeof piece - 1;
    memcpy(piece, data + done, k);
    piece[k] = 0;
    printf("%s", piece);
    done += k;
  }
  return n;
}

size_t writeBytes(FILE* f, const char* data, size_t n) {
  if (!f) return 0;
  if (!haveChannel()) return printWithoutChannel(streamOf(f), data, n);
  size_t done = 0;
  while (done < n) {
    Request r(kWrite, streamOf(f));
    size_t k = n - done < kPayloadBytes ? n - done : kPayloadBytes;
    memcpy(r.payload(), data + done, k);
    r.header().length = u32(k);
    long long wrote = r.send(f);
    done += wrote > 0 ? size_t(wrote) : 0;
    if (size_t(wrote) != k) break;
  }
  return done;
}

// One request that sends a path (and a second string) and returns the host's result.
long long sendStrings(Op op, const char* first, const char* second, FILE* f = nullptr) {
  size_t a = strlen(first) + 1, b = second ? strlen(second) + 1 : 0;
  if (a + b > kPayloadBytes) {
    errno = ENAMETOOLONG;
    return -1;
  }
  Request r(op, -1);
  memcpy(r.payload(), first, a);
  if (second) memcpy(r.payload() + a, second, b);
  r.header().length = u32(a + b);
  return r.send(f);
}

// A request on `f` with up to two arguments and no payload.
long long simpleRequest(Op op, FILE* f, long long arg0 = 0, long long arg1 = 0) {
  if (!haveChannel()) {
    errno = ENOSYS;
    return -1;
  }
  Request r(op, streamOf(f));
  r.header().arg[0] = arg0;
  r.header().arg[1] = arg1;
  return r.send(f);
}

} // namespace

extern "C" {

__device__ FILE* stdin = &standardFiles[0].glibc;
__device__ FILE* stdout = &standardFiles[1].glibc;
__device__ FILE* stderr = &standardFiles[2].glibc;

size_t fwrite(const void* data, size_t size, size_t count, FILE* f) {
  if (!size || !count) return 0;
  return writeBytes(f, static_cast<const char*>(data), size * count) / size;
}

int fputs(const char* s, FILE* f) {
  size_t n = strlen(s);
  return writeBytes(f, s, n) == n ? 1 : EOF;
}

int puts(const char* s) {
  size_t n = strlen(s);
  if (!haveChannel()) return printWithoutChannel(1, s, n) == n && printWithoutChannel(1, "\n", 1) ? 1 : EOF;
  // One request, so another thread's output never lands between the line and its newline.
  if (n + 1 <= kPayloadBytes) {
    Request r(kWrite, 1);
    memcpy(r.payload(), s, n);
    r.payload()[n] = '\n';
    r.header().length = u32(n + 1);
    return r.send(stdout) == (long long)(n + 1) ? 1 : EOF;
  }
  return writeBytes(stdout, s, n) == n && writeBytes(stdout, "\n", 1) == 1 ? 1 : EOF;
}

int fputc(int c, FILE* f) {
  char ch = char(c);
  return writeBytes(f, &ch, 1) == 1 ? (unsigned char)ch : EOF;
}
int putc(int c, FILE* f) { return fputc(c, f); }
int putchar(int c) { return fputc(c, stdout); }
// glibc's inline putc_unlocked comes here once it sees the (empty) buffer full.
int __overflow(FILE* f, int c) { return c == EOF ? 0 : fputc(c, f); }

int vfprintf(FILE* f, const char* format, va_list ap) {
  if (!f) return -1;
  va_list again;
  va_copy(again, ap);
  // Formatted straight into the port when it fits (one request, never split between
  // threads); otherwise into the device heap and sent in pieces.
  int n;
  if (haveChannel()) {
    Request r(kWrite, streamOf(f));
    n = __circle_vsnprintf(r.payload(), kPayloadBytes, format, ap);
    if (n >= 0 && unsigned(n) < kPayloadBytes) {
      r.header().length = u32(n);
      long long wrote = r.send(f);
      va_end(again);
      return wrote == n ? n : -1;
    }
  } else {
    char small[1];
    n = __circle_vsnprintf(small, sizeof small, format, ap);
  }
  if (n < 0) {
    va_end(again);
    return n;
  }
  char* text = static_cast<char*>(__circle_malloc(size_t(n) + 1));
  if (!text) {
    va_end(again);
    errno = ENOMEM;
    return -1;
  }
  __circle_vsnprintf(text, size_t(n) + 1, format, again);
  va_end(again);
  size_t wrote = writeBytes(f, text, size_t(n));
  __circle_free(text);
  return wrote == size_t(n) ? n : -1;
}

int fprintf(FILE* f, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = vfprintf(f, format, ap);
  va_end(ap);
  return n;
}

int fflush(FILE* f) {
  if (!haveChannel()) return 0;
  Request r(kFlush, f ? streamOf(f) : -1);
  return int(r.send(f));
}

FILE* fopen(const char* path, const char* mode) {
  if (!haveChannel()) {
    errno = ENOSYS;
    return nullptr;
  }
  auto* file = static_cast<DeviceFile*>(__circle_malloc(sizeof(DeviceFile)));
  if (!file) {
    errno = ENOMEM;
    return nullptr;
  }
  long long stream = sendStrings(kOpen, path, mode);
  if (stream < kFirstFile) {
    __circle_free(file);
    return nullptr;
  }
  memset(file, 0, sizeof *file);
  file->stream = int(stream);
  return &file->glibc;
}

int fclose(FILE* f) {
  int result = int(simpleRequest(kClose, f));
  auto* file = reinterpret_cast<DeviceFile*>(f);
  if (file->stream >= kFirstFile) __circle_free(file);
  return result;
}

size_t fread(void* data, size_t size, size_t count, FILE* f) {
  if (!size || !count || !haveChannel()) return 0;
  size_t want = size * count, done = 0;
  while (done < want) {
    Request r(kRead, streamOf(f));
    size_t k = want - done < kPayloadBytes ? want - done : kPayloadBytes;
    r.header().arg[0] = (long long)k;
    long long got = r.send(f);
    if (got <= 0) break;
    memcpy(static_cast<char*>(data) + done, r.payload(), size_t(got));
    done += size_t(got);
    if (size_t(got) < k) break;
  }
  return done / size;
}

char* fgets(char* s, int n, FILE* f) {
  if (n <= 0 || !haveChannel()) return nullptr;
  // A line longer than a port is read a port's worth at a time, as fgets would.
  int done = 0;
  while (done < n - 1) {
    Request r(kGets, streamOf(f));
    int k = n - done < int(kPayloadBytes) ? n - done : int(kPayloadBytes);
    r.header().arg[0] = k;
    if (!r.send(f)) break;
    size_t len = strlen(r.payload());
    memcpy(s + done, r.payload(), len + 1);
    done += int(len);
    if (len == 0 || s[done - 1] == '\n' || int(len) < k - 1) break;
  }
  return done ? s : nullptr;
}

int fgetc(FILE* f) { return int(simpleRequest(kGetc, f)); }
int getc(FILE* f) { return fgetc(f); }
int getchar() { return fgetc(stdin); }
// glibc's inline getc_unlocked comes here on its (always empty) buffer.
int __uflow(FILE* f) { return fgetc(f); }
int ungetc(int c, FILE* f) { return int(simpleRequest(kUngetc, f, c)); }

int fseek(FILE* f, long offset, int whence) { return int(simpleRequest(kSeek, f, offset, whence)); }
long ftell(FILE* f) { return long(simpleRequest(kTell, f)); }
void rewind(FILE* f) {
  simpleRequest(kSeek, f, 0, SEEK_SET);
  if (haveChannel()) simpleRequest(kClearErr, f);
}

int feof(FILE* f) noexcept { return (f->_flags & kEofSeen) != 0; }
int ferror(FILE* f) noexcept { return (f->_flags & kErrSeen) != 0; }
void clearerr(FILE* f) noexcept {
  f->_flags &= ~(kEofSeen | kErrSeen);
  if (haveChannel()) simpleRequest(kClearErr, f);
}
int fileno(FILE* f) noexcept { return streamOf(f) < kFirstFile ? streamOf(f) : -1; }

int remove(const char* path) noexcept {
  if (!haveChannel()) {
    errno = ENOSYS;
    return -1;
  }
  return int(sendStrings(kRemove, path, nullptr));
}

// The host's environment, served like stdio and asked at each call (the host may
// change it between launches). What getenv returns must outlive the call: each
// distinct value is kept in the device heap for the rest of the run, found again when
// asked for again. Without a channel (a launch circle's host code did not see), or for
// a value longer than a port, it is unset.
namespace {

struct KeptValue {
  KeptValue* next;
  char text[1];
};
__device__ KeptValue* keptValues;
__device__ u32 keptLock;

char* keep(const char* value) {
  size_t n = strlen(value) + 1;
  while (__atomic_exchange_n(&keptLock, 1u, __ATOMIC_ACQUIRE)) pause(64);
  KeptValue* v = keptValues;
  while (v && strcmp(v->text, value) != 0) v = v->next;
  if (!v) {
    v = static_cast<KeptValue*>(__circle_malloc(sizeof(KeptValue) + n));
    if (v) {
      memcpy(v->text, value, n);
      v->next = keptValues;
      keptValues = v;
    }
  }
  __atomic_store_n(&keptLock, 0u, __ATOMIC_RELEASE);
  return v ? v->text : nullptr;
}

} // namespace

char* getenv(const char* name) noexcept {
  if (!haveChannel()) return nullptr; // name: nonnull, as glibc declares it
  size_t n = strlen(name) + 1;
  if (n > kPayloadBytes) return nullptr;
  Request r(kGetenv, -1);
  memcpy(r.payload(), name, n);
  r.header().length = u32(n);
  return r.send() == 1 ? keep(r.payload()) : nullptr;
}

// The _unlocked forms: each call is one request, so there is no lock to skip.
int fflush_unlocked(FILE* f) { return fflush(f); }
int getc_unlocked(FILE* f) { return fgetc(f); }
int getchar_unlocked() { return fgetc(stdin); }
int fgetc_unlocked(FILE* f) { return fgetc(f); }
int fputc_unlocked(int c, FILE* f) { return fputc(c, f); }
int putc_unlocked(int c, FILE* f) { return fputc(c, f); }
int putchar_unlocked(int c) { return fputc(c, stdout); }
char* fgets_unlocked(char* s, int n, FILE* f) { return fgets(s, n, f); }
int fputs_unlocked(const char* s, FILE* f) { return fputs(s, f); }
size_t fread_unlocked(void* data, size_t size, size_t count, FILE* f) { return fread(data, size, count, f); }
size_t fwrite_unlocked(const void* data, size_t size, size_t count, FILE* f) { return fwrite(data, size, count, f); }
void clearerr_unlocked(FILE* f) noexcept { clearerr(f); }
int feof_unlocked(FILE* f) noexcept { return feof(f); }
int ferror_unlocked(FILE* f) noexcept { return ferror(f); }
int fileno_unlocked(FILE* f) noexcept { return fileno(f); }

} // extern "C"

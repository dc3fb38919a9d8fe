// The channel between device code's stdio (libdevice-c/runtime/stdio.cpp) and the
// host thread that serves it (server.cpp): one block of pinned, mapped host memory
// per device module and GPU, cut into ports. A GPU thread takes a port (a lock in
// device memory), writes its request, publishes it by bumping `request`, and waits
// until the host has set `reply` to the same number; each side writes only its own
// counter, so neither needs atomics the other can see (PCIe has none both sides share).
// Plain C++ with no headers: the device runtime and the host server both include it.
#pragma once

namespace circle_host_io {

// The device variable holding a module's channel (runtime/stdio.cpp defines it; the
// host registers it by this name and writes it).
constexpr const char* kChannelSymbol = "__circle_host_io_channel";

constexpr unsigned kPorts = 64;
constexpr unsigned kPortBytes = 4096;

enum Op : int {
  kWrite = 1, // payload[0, length) to the stream; result: bytes written
  kFlush,     // fflush; stream -1: every host stream
  kOpen,      // payload "path\0mode\0"; result: the new stream or -1
  kClose,
  kRead,    // up to arg[0] bytes into the payload; result: bytes read
  kGets,    // fgets of at most arg[0] bytes; result: 1 and the line in the payload, or 0
  kGetc,    // result: the character or EOF
  kUngetc,  // arg[0]: the character
  kSeek,    // arg[0]: offset, arg[1]: whence
  kTell,    // result: the position
  kClearErr,
  kRemove, // payload: the path
  kGetenv, // payload: the name; result: 1 and the value in the payload, 0 if unset, -1 if too long
};

// Streams the device names: 0, 1 and 2 are the host's stdin, stdout and stderr;
// files the device opens are numbered from 3.
constexpr int kFirstFile = 3;

// What the host reports about the stream after each request (feof and ferror).
enum StreamFlags : int { kAtEnd = 1, kFailed = 2 };

struct Header {
  unsigned request; // written by the device only
  unsigned reply;   // written by the host only
  int op;
  int stream;
  long long arg[2];
  long long result;
  int flags; // StreamFlags after the request
  int error; // the host's errno after a failed request (glibc's numbers: the device parses glibc's headers)
  unsigned length;
  unsigned unused;
};

constexpr unsigned kPayloadBytes = kPortBytes - sizeof(Header);

struct Port {
  Header h;
  char payload[kPayloadBytes];
};

struct Channel {
  Port port[kPorts];
};

static_assert(sizeof(Port) == kPortBytes, "ports are page-sized");

} // namespace circle_host_io

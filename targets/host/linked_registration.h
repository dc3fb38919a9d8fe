// The start-up code of a program linked from -rdc objects. Clang's host code in each
// such object calls __cudaRegisterLinkedBinary_<module id>(register_globals, ...)
// from a constructor; the linked fat binary exists only now, so the link defines
// those functions: each records its object's register_globals, and the last to
// arrive registers the fat binary with the CUDA runtime and hands the handle to
// every object's register_globals (the kernels and variables live in one module).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace circle {

struct LinkedRegistration {
  std::string fatbin;                     // the linked fat binary's bytes
  std::vector<std::string> registrations; // one per -rdc object, in any order
  // What each of those objects defines (its __fatbinwrap_*): the registration refers to
  // them, as nvcc's does, so that a host linker takes every object whose device code
  // was linked, from a static library too. Otherwise a member no host code calls (a
  // library of __device__ functions) stays out, its constructor never arrives, and
  // the fat binary is never registered: every launch fails.
  std::vector<std::string> objectSymbols;
  // Kernels whose stack ptxas cannot size: the bound each stub reads
  // (targets/host/stack_limits.h, raiseStackFromLinkedBounds).
  std::map<std::string, unsigned long long> stackBytes;
  // The linked device code uses stdio: the server's bitcode (targets/host/host_io.h).
  std::string hostIoServer;
};

// Writes an x86-64 object defining the registration functions. Returns an error
// message, or empty on success.
std::string writeLinkedRegistration(const LinkedRegistration& r, const std::string& objectPath);

} // namespace circle

// What a -rdc object carries for the device link: each sm's device module as LLVM
// bitcode, in a section the host linker leaves out of the executable (SHF_EXCLUDE),
// and the registration hook Clang's host code calls at start-up, which only the
// link can define (it knows the linked fat binary).
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

inline constexpr const char* kDeviceBitcodeSection = ".circle_device";

struct DeviceBitcode {
  int sm = 0;
  std::string bitcode;
};

// Adds one sm's bitcode to the host module as an excluded, always-emitted constant.
void embedDeviceBitcode(llvm::Module& host, int sm, const std::string& bitcode);

struct RelocatableObject {
  std::string path;
  std::vector<DeviceBitcode> modules;     // empty: not compiled with -rdc
  std::vector<std::string> registrations; // __cudaRegisterLinkedBinary_* the object calls
  std::vector<std::string> wrappers;      // __fatbinwrap_* it defines (one per registration)
  bool registersWithCudaRuntime = false;  // it has kernels (from circle, clang or nvcc): the link needs cudart
};

// Reads an object file. Returns an error message, or empty on success.
std::string readRelocatableObject(const std::string& path, RelocatableObject& out);

// Reads the object members of a static library (each named "lib.a(member.o)"). Those
// compiled with -rdc all join the device link, as if the archive were linked whole for
// its device code; the host linker still takes only the members it needs.
std::string readRelocatableArchive(const std::string& path, std::vector<RelocatableObject>& out);

} // namespace circle

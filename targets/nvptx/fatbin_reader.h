// Reads the fat binaries in an executable's or object's .nv_fatbin section (and an
// -rdc object's __nv_relfatbin), or a fat binary file (-fatbin), the way
// cuobjdump -lelf -lptx lists them.
#pragma once
#include <string>
#include <vector>

namespace circle {

struct FatbinEntry {
  enum class Kind { Ptx, Elf, Other } kind;
  int sm; // support/gpu_arch.h: sm_90a is 90 + kArchSpecific
  std::string name; // cuobjdump's: <file>.<n>.sm_XX.cubin / .ptx, n counted per kind
};

// Fills `entries`; returns an error message, or empty on success.
std::string readFatbinEntries(const std::string& file, std::vector<FatbinEntry>& entries);

// One line per entry, as cuobjdump prints them ("ELF file    1: a.1.sm_75.cubin").
std::string formatFatbinListing(const std::vector<FatbinEntry>& entries);

// A fat binary with no entries: what an -rdc object registers as its own (its
// device code is linked later).
std::string emptyFatbin();

// Parses a raw fat binary blob (what fatbinary --create writes, or a section's bytes).
std::string parseFatbinBlob(const unsigned char* data, size_t size, const std::string& fileStem,
                            std::vector<FatbinEntry>& entries);

} // namespace circle

#include "targets/nvptx/fatbin_reader.h"

#include "support/gpu_arch.h"

#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdio>
#include <cstring>

namespace circle {
namespace {

// The layout, as written by the toolkit's fatbinary (little-endian):
//   fat binary header: u32 magic 0xBA55ED50, u16 version, u16 header size, u64 size of what follows
//   then entries: u16 kind (1 PTX, 2 ELF), u16 version, u32 entry header size,
//                 u64 payload size, ..., u32 sm at offset 28, u64 flags at offset 40
//                 (0x100000: an arch-specific sm, sm_90a, seen in fatbinary's output)
constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint64_t kFlagArchSpecific = 0x100000;
constexpr uint16_t kKindPtx = 1, kKindElf = 2;

template <typename T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

} // namespace

std::string emptyFatbin() {
  unsigned char header[16] = {};
  std::memcpy(header, &kFatbinMagic, 4);
  header[4] = 1;  // version
  header[6] = 16; // header size; the body that follows is empty
  return std::string(reinterpret_cast<const char*>(header), sizeof header);
}

std::string parseFatbinBlob(const unsigned char* data, size_t size, const std::string& fileStem,
                            std::vector<FatbinEntry>& entries) {
  int elfCount = 0, ptxCount = 0;
  for (size_t off = 0; off + 16 <= size;) {
    if (load<uint32_t>(data + off) != kFatbinMagic) {
      // Fat binaries are 8-byte aligned within the section; skip padding.
      if (load<uint32_t>(data + off) == 0) { off += 4; continue; }
      return "bad fat binary magic at offset " + std::to_string(off);
    }
    uint16_t headerSize = load<uint16_t>(data + off + 6);
    uint64_t bodySize = load<uint64_t>(data + off + 8);
    if (headerSize < 16 || off + headerSize + bodySize > size) return "truncated fat binary";
    const unsigned char* e = data + off + headerSize;
    const unsigned char* end = e + bodySize;
    while (e + 32 <= end) {
      uint16_t kind = load<uint16_t>(e);
      uint32_t entryHeader = load<uint32_t>(e + 4);
      uint64_t payload = load<uint64_t>(e + 8);
      if (entryHeader < 32 || e + entryHeader + payload > end) return "truncated fat binary entry";
      FatbinEntry fe;
      fe.sm = static_cast<int>(load<uint32_t>(e + 28));
      if (entryHeader >= 48 && (load<uint64_t>(e + 40) & kFlagArchSpecific)) fe.sm += kArchSpecific;
      if (kind == kKindElf) {
        fe.kind = FatbinEntry::Kind::Elf;
        fe.name = fileStem + "." + std::to_string(++elfCount) + "." + smName(fe.sm) + ".cubin";
      } else if (kind == kKindPtx) {
        fe.kind = FatbinEntry::Kind::Ptx;
        fe.name = fileStem + "." + std::to_string(++ptxCount) + "." + smName(fe.sm) + ".ptx";
      } else {
        fe.kind = FatbinEntry::Kind::Other;
        fe.name = fileStem + ".kind" + std::to_string(kind);
      }
      entries.push_back(fe);
      e += entryHeader + payload;
    }
    off += headerSize + bodySize;
  }
  return {};
}

std::string readFatbinEntries(const std::string& file, std::vector<FatbinEntry>& entries) {
  std::string stem = llvm::sys::path::filename(file).str();
  // A fat binary file itself (nvcc's and circle's -fatbin).
  if (auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false, /*RequiresNullTerminator=*/false);
      buf && (*buf)->getBufferSize() >= 4 &&
      load<uint32_t>(reinterpret_cast<const unsigned char*>((*buf)->getBufferStart())) == kFatbinMagic) {
    std::string err = parseFatbinBlob(reinterpret_cast<const unsigned char*>((*buf)->getBufferStart()),
                                      (*buf)->getBufferSize(), stem, entries);
    return err.empty() ? err : "'" + file + "': " + err;
  }
  auto obj = llvm::object::ObjectFile::createObjectFile(file);
  if (!obj) return "cannot read '" + file + "': " + llvm::toString(obj.takeError());
  bool found = false;
  for (const llvm::object::SectionRef& sec : obj->getBinary()->sections()) {
    auto name = sec.getName();
    // __nv_relfatbin: an -rdc object's own (relocatable) fat binary.
    if (!name || (*name != ".nv_fatbin" && *name != "__nv_relfatbin")) continue;
    found = true;
    auto contents = sec.getContents();
    if (!contents) return "cannot read the " + name->str() + " section of '" + file + "'";
    std::string err = parseFatbinBlob(reinterpret_cast<const unsigned char*>(contents->data()), contents->size(),
                                      stem, entries);
    if (!err.empty()) return "'" + file + "': " + err;
  }
  if (!found) return "'" + file + "' has no .nv_fatbin section (no device code)";
  return {};
}

std::string formatFatbinListing(const std::vector<FatbinEntry>& entries) {
  std::string out;
  int elf = 0, ptx = 0;
  for (const FatbinEntry& e : entries) {
    char line[512];
    if (e.kind == FatbinEntry::Kind::Elf)
      std::snprintf(line, sizeof line, "ELF file %4d: %s\n", ++elf, e.name.c_str());
    else if (e.kind == FatbinEntry::Kind::Ptx)
      std::snprintf(line, sizeof line, "PTX file %4d: %s\n", ++ptx, e.name.c_str());
    else
      std::snprintf(line, sizeof line, "other entry: %s\n", e.name.c_str());
    out += line;
  }
  return out;
}

} // namespace circle

#include "targets/nvptx/fatbin_reader.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

using namespace circle;

namespace {
// Builds a fat binary the way the toolkit's fatbinary lays one out.
struct Blob {
  std::vector<unsigned char> bytes;
  template <typename T>
  void put(size_t at, T v) { std::memcpy(&bytes[at], &v, sizeof v); }
  void entry(uint16_t kind, uint32_t sm, uint64_t payload) {
    size_t at = bytes.size();
    bytes.resize(at + 64 + payload, 0);
    put<uint16_t>(at, kind);
    put<uint16_t>(at + 2, 0x0101);
    put<uint32_t>(at + 4, 64);
    put<uint64_t>(at + 8, payload);
    put<uint32_t>(at + 28, sm);
  }
  void header() {
    bytes.resize(16, 0);
    put<uint32_t>(0, 0xBA55ED50);
    put<uint16_t>(4, 1);
    put<uint16_t>(6, 16);
  }
  void close() { put<uint64_t>(8, bytes.size() - 16); }
};
} // namespace

TEST_CASE("fat binary entries are listed like cuobjdump -lelf -lptx") {
  Blob b;
  b.header();
  b.entry(2, 75, 40);
  b.entry(1, 75, 24);
  b.entry(2, 90, 8);
  b.entry(1, 90, 16);
  b.close();
  std::vector<FatbinEntry> entries;
  REQUIRE(parseFatbinBlob(b.bytes.data(), b.bytes.size(), "hello", entries).empty());
  REQUIRE(entries.size() == 4);
  CHECK(formatFatbinListing(entries) ==
        "ELF file    1: hello.1.sm_75.cubin\n"
        "PTX file    1: hello.1.sm_75.ptx\n"
        "ELF file    2: hello.2.sm_90.cubin\n"
        "PTX file    2: hello.2.sm_90.ptx\n");
}

TEST_CASE("damaged fat binaries are reported, not read past their end") {
  Blob b;
  b.header();
  b.entry(2, 75, 40);
  b.close();
  std::vector<FatbinEntry> entries;
  auto truncated = b.bytes;
  truncated.resize(truncated.size() - 10);
  CHECK_FALSE(parseFatbinBlob(truncated.data(), truncated.size(), "x", entries).empty());
  auto badMagic = b.bytes;
  badMagic[0] = 0x11;
  CHECK_FALSE(parseFatbinBlob(badMagic.data(), badMagic.size(), "x", entries).empty());
}

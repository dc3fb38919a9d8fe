#include "targets/spirv/spirv_binary.h"

#include <catch2/catch.hpp>

#include <vector>

using circle::finishForVulkan;

namespace {

uint32_t op(uint32_t opcode, uint32_t words) { return words << 16 | opcode; }

// A module as LLVM's backend writes it for a shader that reaches a buffer address and
// a barrier: CrossWorkgroup pointers, Logical addressing, barrier semantics 0x10, and an
// access chain indexed by an integer OpConstantNull.
std::vector<uint32_t> backendModule() {
  return {0x07230203, 0x00010600, 0, /*bound=*/10, 0,
          op(17, 2), 1,                       // OpCapability Shader
          op(14, 3), 0, 1,                    // OpMemoryModel Logical GLSL450
          op(21, 4), 1, 32, 0,                // %1 = OpTypeInt 32 0
          op(32, 4), 2, 5, 1,                 // %2 = OpTypePointer CrossWorkgroup %1
          op(46, 3), 1, 3,                    // %3 = OpConstantNull %1
          op(43, 4), 1, 4, 16,                // %4 = OpConstant %1 16
          op(65, 5), 2, 5, 6, 3,              // %5 = OpAccessChain %2 %6 %3
          op(224, 4), 4, 4, 4};               // OpControlBarrier %4 %4 %4
}

} // namespace

TEST_CASE("buffer addresses become PhysicalStorageBuffer pointers") {
  std::vector<uint32_t> w = backendModule();
  REQUIRE(finishForVulkan(w).empty());
  // The capability follows the first one; the memory model is PhysicalStorageBuffer64.
  CHECK(w[5] == op(17, 2));
  CHECK(w[7] == op(17, 2));
  CHECK(w[8] == 5347);
  CHECK(w[9] == op(14, 3));
  CHECK(w[10] == 5348);
  // OpTypePointer's storage class.
  int pointers = 0;
  for (size_t at = 5; at < w.size(); at += w[at] >> 16)
    if ((w[at] & 0xffff) == 32) {
      CHECK(w[at + 2] == 5349);
      ++pointers;
    }
  CHECK(pointers == 1);
}

TEST_CASE("barriers order workgroup memory; access chains get a real zero") {
  std::vector<uint32_t> w = backendModule();
  REQUIRE(finishForVulkan(w).empty());
  CHECK(w[3] == 12); // two new ids: the zero's twin and the semantics constant
  uint32_t zero = 0, semantics = 0;
  for (size_t at = 5; at < w.size(); at += w[at] >> 16) {
    uint32_t opcode = w[at] & 0xffff;
    if (opcode == 43 && w[at + 3] == 0) zero = w[at + 2];
    if (opcode == 43 && w[at + 3] == 0x108) semantics = w[at + 2];
    if (opcode == 65) CHECK(w[at + 4] == zero);
    if (opcode == 224) CHECK(w[at + 3] == semantics);
  }
  CHECK(zero >= 10);
  CHECK(semantics >= 10);
  CHECK(zero != semantics);
}

TEST_CASE("not a SPIR-V module") {
  std::vector<uint32_t> w = {1, 2, 3};
  CHECK(finishForVulkan(w) == "not a SPIR-V module");
  std::vector<uint32_t> cut = {0x07230203, 0x00010600, 0, 10, 0, op(17, 5), 1};
  CHECK(finishForVulkan(cut) == "malformed SPIR-V instruction stream");
}

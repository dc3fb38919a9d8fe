// Byte and halfword masks from lane sign bits become one prmt (targets/nvptx/lane_sign_masks.h):
// each form LLVM leaves is matched, each near miss is kept, and the word the prmt computes
// (PTX ISA, prmt.b32 default mode) equals what the original IR computes, run on this machine.
#include "targets/nvptx/lane_sign_masks.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Verifier.h"

#include <cstdint>
#include <map>
#include <string>

using namespace circle;
using namespace circle::test;

namespace {

// prmt.b32 d, a, b, c: result byte i is byte c[i] & 7 of {b, a} (a is bytes 0-3), or, with
// c[i] & 8, that byte's sign bit in all eight bits.
uint32_t prmt(uint32_t a, uint32_t b, uint32_t c) {
  uint64_t bytes = uint64_t(b) << 32 | a;
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t nibble = c >> (4 * i) & 0xf;
    uint32_t byte = bytes >> (8 * (nibble & 7)) & 0xff;
    if (nibble & 8) byte = byte & 0x80 ? 0xff : 0;
    d |= byte << (8 * i);
  }
  return d;
}

// (y >> shift) & mask, times fill: the form, and each near miss of it.
struct Masked {
  const char* name;
  int shift;
  uint32_t mask, fill;
};
const Masked masked[] = {
    {"bytes", 7, 0x01010101u, 0xffu},        {"halves", 15, 0x00010001u, 0xffffu},
    {"lane_missing", 7, 0x01010100u, 0xffu}, {"two_bits", 7, 0x03030303u, 0xffu},
    {"wrong_shift", 6, 0x01010101u, 0xffu},  {"wrong_fill", 7, 0x01010101u, 0xfeu},
};

std::string moduleText() {
  std::string ir;
  for (const Masked& f : masked)
    ir += "define i32 @" + std::string(f.name) + "(i32 %y) {\n  %s = lshr i32 %y, " + std::to_string(f.shift) +
          "\n  %b = and i32 %s, " + std::to_string(f.mask) + "\n  %m = mul i32 %b, " + std::to_string(f.fill) +
          "\n  ret i32 %m\n}\n";
  return ir + R"(
define i32 @shifted_back(i32 %y) {
  %s = lshr i32 %y, 7
  %b = and i32 %s, 16843009
  %h = shl i32 %b, 8
  %m = sub i32 %h, %b
  ret i32 %m
}
define i32 @known_tops(i32 %x) {
  %y = and i32 %x, -2139062144
  %s = lshr i32 %y, 7
  %m = mul i32 %s, 255
  ret i32 %m
}
define i32 @unknown_bits(i32 %y) {
  %s = lshr i32 %y, 7
  %m = mul i32 %s, 255
  ret i32 %m
}
)";
}

} // namespace

TEST_CASE("Lane sign masks become one sign-replicating prmt", "[lane_sign_masks]") {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(moduleText(), context);
  CHECK(permuteLaneSignMasks(*m) == 4);
  REQUIRE_FALSE(llvm::verifyModule(*m, &llvm::errs()));
  // Each rewritten function: its prmt's operands; the others keep their multiply.
  std::map<std::string, llvm::IntrinsicInst*> permutes;
  std::map<std::string, int> multiplies;
  for (llvm::Function& f : *m)
    for (llvm::Instruction& i : llvm::instructions(f)) {
      if (auto* p = llvm::dyn_cast<llvm::IntrinsicInst>(&i); p && p->getIntrinsicID() == llvm::Intrinsic::nvvm_prmt)
        permutes[f.getName().str()] = p;
      if (i.getOpcode() == llvm::Instruction::Mul || i.getOpcode() == llvm::Instruction::Sub)
        ++multiplies[f.getName().str()];
    }
  for (const char* kept : {"lane_missing", "two_bits", "wrong_shift", "wrong_fill", "unknown_bits"}) {
    INFO(kept);
    CHECK(permutes.count(kept) == 0);
    CHECK(multiplies[kept] == 1);
  }
  auto selector = [&](const char* f) {
    return (uint32_t)llvm::cast<llvm::ConstantInt>(permutes.at(f)->getArgOperand(2))->getZExtValue();
  };
  CHECK(selector("bytes") == 0xba98u);
  CHECK(selector("halves") == 0xbb99u);
  CHECK(selector("shifted_back") == 0xba98u);
  CHECK(permutes.at("known_tops")->getArgOperand(0) == m->getFunction("known_tops")->getArg(0)->user_back());
  for (const auto& [f, p] : permutes) {
    INFO(f);
    CHECK(multiplies[f] == 0);
    CHECK(llvm::isa<llvm::ConstantInt>(p->getArgOperand(1)));
  }

  // What the prmt computes, against the original IR run here.
  auto original = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> unchanged = parseModule(moduleText(), *original);
  auto jit = hostJit();
  llvm::orc::JITDylib& lib = addModule(*jit, "original", std::move(unchanged), std::move(original));
  uint32_t s = 2463534242u;
  for (const char* name : {"bytes", "halves", "shifted_back", "known_tops"}) {
    INFO(name);
    auto f = lookup<uint32_t (*)(uint32_t)>(*jit, lib, name);
    uint32_t c = selector(name);
    bool masked = std::string(name) == "known_tops"; // its prmt reads x & 0x80808080
    int wrong = 0;
    for (int i = 0; i < 4096; ++i) {
      uint32_t y = i < 256 ? (i & 1) * 0x80u | (i >> 1 & 1) * 0x8000u | (i >> 2 & 1) * 0x800000u |
                                 (i >> 3 & 1) * 0x80000000u | (i >> 4) * 0x01020304u
                           : (s ^= s << 13, s ^= s >> 17, s ^= s << 5);
      uint32_t word = masked ? y & 0x80808080u : y;
      if (f(y) != prmt(word, 0, c) && ++wrong <= 3) FAIL_CHECK(std::hex << y << ": " << f(y) << " vs " << prmt(word, 0, c));
    }
    CHECK(wrong == 0);
  }
}

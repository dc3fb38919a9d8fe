// PTX's SIMD video instructions as word arithmetic (targets/nvptx/simd_video.h): each
// form CUDA's headers write, lowered and run on this machine, against the instruction's
// definition lane by lane (PTX ISA: vadd/vsub/vmin/vmax/vavrg/vset), on every pair of the
// lane values that matter in every lane and on pseudo-random words. The forms left to
// ptxas stay assembly.
#include "targets/nvptx/simd_video.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace circle;
using namespace circle::test;

namespace {

struct Form {
  std::string text; // the asm, as CUDA's headers write it
  int lanes;
  bool isSigned;
  std::string op;   // add sub min max avrg set
  bool saturate;
  std::string comparison;
};

std::vector<Form> forms() {
  std::vector<Form> out;
  for (int lanes : {2, 4})
    for (bool s : {false, true}) {
      std::string t = s ? "s32" : "u32";
      std::string types = "." + t + "." + t + "." + t;
      for (const char* op : {"add", "sub"}) {
        out.push_back({"v" + std::string(op) + std::to_string(lanes) + types, lanes, s, op, false, ""});
        out.push_back({"v" + std::string(op) + std::to_string(lanes) + types + ".sat", lanes, s, op, true, ""});
      }
      for (const char* op : {"min", "max", "avrg"})
        if (!(s && std::string(op) == "avrg")) // the signed average stays assembly
          out.push_back({"v" + std::string(op) + std::to_string(lanes) + types, lanes, s, op, false, ""});
      for (const char* c : {"eq", "ne", "lt", "le", "gt", "ge"})
        out.push_back({"vset" + std::to_string(lanes) + "." + t + "." + t + "." + c, lanes, s, "set", false, c});
    }
  return out;
}

// The instruction's definition: each lane widened by its type, computed exactly, then
// saturated to the lane's range or truncated into place.
uint32_t reference(const Form& f, uint32_t a, uint32_t b) {
  int width = 32 / f.lanes;
  uint32_t mask = (1u << width) - 1, result = 0;
  auto lane = [&](uint32_t w, int i) {
    int64_t v = (w >> (i * width)) & mask;
    return f.isSigned && (v >> (width - 1)) ? v - (int64_t(1) << width) : v;
  };
  for (int i = 0; i < f.lanes; ++i) {
    int64_t x = lane(a, i), y = lane(b, i), r = 0;
    if (f.op == "add") r = x + y;
    else if (f.op == "sub") r = x - y;
    else if (f.op == "min") r = std::min(x, y);
    else if (f.op == "max") r = std::max(x, y);
    else if (f.op == "avrg") r = (x + y + 1) >> 1;
    else {
      const std::string& c = f.comparison;
      r = c == "eq" ? x == y : c == "ne" ? x != y : c == "lt" ? x < y : c == "le" ? x <= y : c == "gt" ? x > y : x >= y;
    }
    if (f.saturate) {
      int64_t lo = f.isSigned ? -(int64_t(1) << (width - 1)) : 0;
      int64_t hi = f.isSigned ? (int64_t(1) << (width - 1)) - 1 : (int64_t(1) << width) - 1;
      r = std::clamp(r, lo, hi);
    }
    result |= (uint32_t(r) & mask) << (i * width);
  }
  return result;
}

std::string moduleFor(const std::vector<Form>& fs) {
  std::string ir;
  for (size_t i = 0; i < fs.size(); ++i)
    ir += "define i32 @f" + std::to_string(i) + "(i32 %a, i32 %b) {\n  %r = call i32 asm \"" + fs[i].text +
          " $0,$1,$2,$3;\", \"=r,r,r,r\"(i32 %a, i32 %b, i32 0)\n  ret i32 %r\n}\n";
  return ir;
}

int asmCalls(llvm::Module& m) {
  int n = 0;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->isInlineAsm()) ++n;
  return n;
}

} // namespace

TEST_CASE("SIMD video instructions compute as PTX defines them, as word arithmetic", "[simd_video]") {
  std::vector<Form> fs = forms();
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> m = parseModule(moduleFor(fs), *context);
  CHECK(lowerVideoInstructions(*m) == int(fs.size()));
  CHECK(asmCalls(*m) == 0);
  REQUIRE_FALSE(llvm::verifyModule(*m, &llvm::errs()));
  auto jit = hostJit();
  llvm::orc::JITDylib& lib = addModule(*jit, "lowered", std::move(m), std::move(context));

  std::vector<std::pair<uint32_t, uint32_t>> inputs;
  const uint32_t edges[] = {0x00, 0x01, 0x7e, 0x7f, 0x80, 0x81, 0xfe, 0xff};
  for (uint32_t x : edges)
    for (uint32_t y : edges)
      for (uint32_t x2 : edges)
        for (uint32_t y2 : edges) {
          // 8-bit lanes: every pair in lanes 0/1 (and 2/3 swapped); 16-bit lanes: the
          // values at both ends of the lane as well.
          inputs.push_back({x | x2 << 8 | x2 << 16 | x << 24, y | y2 << 8 | y << 16 | y2 << 24});
          inputs.push_back({x << 8 | (x2 & 0x80 ? 0xff : 0) | x2 << 24, y << 8 | (y2 & 0x80 ? 0xff : 0) | y2 << 24});
        }
  uint32_t s = 2463534242u;
  for (int i = 0; i < 4096; ++i) {
    uint32_t a = (s ^= s << 13, s ^= s >> 17, s ^= s << 5);
    uint32_t b = (s ^= s << 13, s ^= s >> 17, s ^= s << 5);
    inputs.push_back({a, b});
  }
  for (size_t i = 0; i < fs.size(); ++i) {
    auto f = lookup<uint32_t (*)(uint32_t, uint32_t)>(*jit, lib, ("f" + std::to_string(i)).c_str());
    int wrong = 0;
    for (auto [a, b] : inputs)
      if (f(a, b) != reference(fs[i], a, b) && ++wrong <= 3)
        FAIL_CHECK(fs[i].text << " " << std::hex << a << ", " << b << ": " << f(a, b) << " instead of "
                              << reference(fs[i], a, b));
    CHECK(wrong == 0);
  }
}

TEST_CASE("SIMD video forms that are not rewritten stay assembly", "[simd_video]") {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(R"(
define i32 @kept(i32 %a, i32 %b) {
  %sad = call i32 asm "vabsdiff4.u32.u32.u32.add $0,$1,$2,$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  %mixed = call i32 asm "vadd4.s32.u32.s32.sat $0,$1,$2,$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %sad)
  %selected = call i32 asm "vsub4.u32.u32.u32 $0.b10,$1,$2,$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %mixed)
  %byte = call i32 asm "vadd4.u32.u32.u32 $0,$1.b3210,$2,$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %selected)
  %average = call i32 asm "vavrg4.s32.s32.s32 $0,$1,$2,$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %byte)
  %other = call i32 asm "vadd4.u32.u32.u32 $0,$1,$2,$3;", "=r,r,r,n"(i32 %a, i32 %average, i32 0)
  ret i32 %other
}
)",
                                                context);
  CHECK(lowerVideoInstructions(*m) == 0);
  CHECK(asmCalls(*m) == 6);
}

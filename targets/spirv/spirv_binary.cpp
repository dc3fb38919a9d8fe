#include "targets/spirv/spirv_binary.h"

#include <spirv-tools/libspirv.hpp>

#include <map>
#include <set>

namespace circle {
namespace {

enum : uint32_t {
  kOpCapability = 17, kOpMemoryModel = 14, kOpTypeInt = 21, kOpTypePointer = 32, kOpTypeForwardPointer = 39,
  kOpConstant = 43, kOpConstantNull = 46, kOpAccessChain = 65, kOpInBoundsAccessChain = 66,
  kOpControlBarrier = 224,
  kCrossWorkgroup = 5, kPhysicalStorageBuffer = 5349, kCapPhysicalAddresses = 5347, kAddressingPhysical64 = 5348,
  // AcquireRelease | WorkgroupMemory.
  kWorkgroupBarrierSemantics = 0x8 | 0x100,
};

uint32_t instruction(uint32_t opcode, uint32_t count) { return count << 16 | opcode; }

} // namespace

std::string finishForVulkan(std::vector<uint32_t>& words) {
  if (words.size() < 5 || words[0] != 0x07230203) return "not a SPIR-V module";
  bool physical = false, barriers = false;
  uint32_t uintType = 0;
  // Integer zeros the backend wrote as OpConstantNull, which an access chain may not
  // use to pick a struct member: each gets an OpConstant 0 twin.
  std::set<uint32_t> intTypes;
  std::map<uint32_t, uint32_t> nullZero;
  for (size_t at = 5; at < words.size();) {
    uint32_t op = words[at] & 0xffff, count = words[at] >> 16;
    if (count == 0 || at + count > words.size()) return "malformed SPIR-V instruction stream";
    if ((op == kOpTypePointer || op == kOpTypeForwardPointer) && words[at + 2] == kCrossWorkgroup) physical = true;
    if (op == kOpTypeInt && count == 4 && words[at + 2] == 32 && words[at + 3] == 0) uintType = words[at + 1];
    if (op == kOpControlBarrier) barriers = true;
    if (op == kOpTypeInt) intTypes.insert(words[at + 1]);
    if (op == kOpConstantNull && count == 3 && intTypes.count(words[at + 1])) nullZero[words[at + 2]] = 0;
    at += count;
  }
  for (auto& [null, zero] : nullZero) zero = words[3]++;
  if (barriers && !uintType) return "a barrier without a 32-bit integer type";
  uint32_t semantics = barriers ? words[3]++ : 0; // a new id for the constant
  std::vector<uint32_t> out(words.begin(), words.begin() + 5);
  bool capabilityAdded = false;
  for (size_t at = 5; at < words.size();) {
    uint32_t op = words[at] & 0xffff, count = words[at] >> 16;
    size_t first = out.size();
    out.insert(out.end(), words.begin() + at, words.begin() + at + count);
    at += count;
    if (op == kOpCapability && physical && !capabilityAdded) {
      out.insert(out.end(), {instruction(kOpCapability, 2), kCapPhysicalAddresses});
      capabilityAdded = true;
    } else if (op == kOpMemoryModel && physical) {
      out[first + 1] = kAddressingPhysical64;
    } else if ((op == kOpTypePointer || op == kOpTypeForwardPointer) && out[first + 2] == kCrossWorkgroup) {
      out[first + 2] = kPhysicalStorageBuffer;
    } else if (op == kOpTypeInt && barriers && out[first + 1] == uintType) {
      out.insert(out.end(), {instruction(kOpConstant, 4), uintType, semantics, kWorkgroupBarrierSemantics});
    } else if (op == kOpControlBarrier) {
      out[first + 3] = semantics;
    } else if (op == kOpConstantNull && nullZero.count(out[first + 2])) {
      out.insert(out.end(), {instruction(kOpConstant, 4), out[first + 1], nullZero[out[first + 2]], 0});
    } else if (op == kOpAccessChain || op == kOpInBoundsAccessChain) {
      for (size_t k = first + 4; k < out.size(); ++k)
        if (auto it = nullZero.find(out[k]); it != nullZero.end()) out[k] = it->second;
    }
  }
  words = std::move(out);
  return {};
}

std::string validateForVulkan(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* message) {
    messages += message;
    messages += '\n';
  });
  if (tools.Validate(words)) return {};
  return messages.empty() ? "spirv-val rejected the module" : messages;
}

std::string disassembleSpirv(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string text;
  if (!tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT))
    return "; SPIRV-Tools could not disassemble this module\n";
  return text;
}

} // namespace circle

// How circle numbers a GPU target. A plain architecture is its number (sm_90: 90). An
// arch-specific one (sm_90a: features only that GPU has, code only it runs) is its
// number plus kArchSpecific, so every table and comparison keyed by the plain number
// (feature levels, __CUDA_ARCH__, nv/target's bits) reads smNumber(), and sm_90 and
// sm_90a stay two targets with their own passes, cubins and PTX.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace circle {

constexpr int kArchSpecific = 1000;

inline int smNumber(int sm) { return sm % kArchSpecific; }
inline bool smArchSpecific(int sm) { return sm >= kArchSpecific; }
// "90", "90a": what follows sm_ or compute_, and fatbinary's sm= value.
inline std::string smDigits(int sm) { return std::to_string(smNumber(sm)) + (smArchSpecific(sm) ? "a" : ""); }
inline std::string smName(int sm) { return "sm_" + smDigits(sm); }
// "sm_75, sm_90": the targets a message names.
inline std::string smNames(const std::vector<int>& sms) {
  std::string names;
  for (int sm : sms) names += (names.empty() ? "" : ", ") + smName(sm);
  return names;
}
// The number every sm shares (sm_90 and sm_90a: 90), or 0: what one compile-time
// PTX version (CUB's tuning) can stand for.
inline int sharedSmNumber(const std::vector<int>& sms) {
  int n = sms.empty() ? 0 : smNumber(sms.front());
  for (int sm : sms)
    if (smNumber(sm) != n) return 0;
  return n;
}
// The target whose features every target of `sms` has (the lowest number; the plain
// sm where sm_90 and sm_90a are both there), or 0 for none: CUDA's sms keep their
// predecessors' features, arch-specific ones aside.
inline int commonFeatureSm(const std::vector<int>& sms) {
  int best = 0;
  for (int sm : sms)
    if (!best || smNumber(sm) < smNumber(best) || (smNumber(sm) == smNumber(best) && !smArchSpecific(sm)))
      best = sm;
  return best;
}
inline bool anyArchSpecific(const std::vector<int>& sms) {
  for (int sm : sms)
    if (smArchSpecific(sm)) return true;
  return false;
}

// The macros nvcc's device passes define for an arch-specific sm, which no other
// target has: __CUDA_ARCH_SPECIFIC__ and __CUDA_ARCH_FAMILY_SPECIFIC__ (sm_90a: 900)
// and __CUDA_ARCH_FEAT_SM90_ALL (1).
inline bool isArchSpecificMacro(std::string_view name) {
  if (name == "__CUDA_ARCH_SPECIFIC__" || name == "__CUDA_ARCH_FAMILY_SPECIFIC__") return true;
  constexpr std::string_view head = "__CUDA_ARCH_FEAT_SM", tail = "_ALL";
  if (name.size() <= head.size() + tail.size() || name.substr(0, head.size()) != head ||
      name.substr(name.size() - tail.size()) != tail)
    return false;
  for (char c : name.substr(head.size(), name.size() - head.size() - tail.size()))
    if (c < '0' || c > '9') return false;
  return true;
}

// A per-target macro's value on target `sm` (0: the host, where none is defined):
// nothing where that target leaves it undefined. `name` is __CUDA_ARCH__ or one
// isArchSpecificMacro accepts.
inline std::optional<long long> cudaArchMacroValue(std::string_view name, int sm) {
  if (sm == 0) return std::nullopt;
  if (name == "__CUDA_ARCH__") return smNumber(sm) * 10;
  if (!smArchSpecific(sm)) return std::nullopt;
  if (name == "__CUDA_ARCH_SPECIFIC__" || name == "__CUDA_ARCH_FAMILY_SPECIFIC__") return smNumber(sm) * 10;
  if (name == "__CUDA_ARCH_FEAT_SM" + std::to_string(smNumber(sm)) + "_ALL") return 1;
  return std::nullopt;
}

} // namespace circle

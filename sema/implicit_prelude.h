// The declarations circle makes in every translation unit before the user's first
// line: the codegen objects, nvvm_arch_t and its standard-C++ iteration helpers, the
// `if target` spelling, and (with CUDA) the 5-argument launch configuration.
#pragma once
#include <string>
#include <vector>

namespace circle {

// The file name diagnostics show for the prelude.
// Absolute, so the force-include finds it without a search; no real file has it.
inline constexpr const char* kPreludeName = "/<circle>/prelude.h";

struct PreludeConfig {
  bool cuda = false;            // --cuda-path given: declare the launch configuration
  std::vector<int> sms;         // ascending
  bool launchChecks = false;    // -g without -DNDEBUG: 5-argument launches check the PTX version
};

std::string preludeText(const PreludeConfig& config);

// The bit __nvvm_arch_mask has for an sm: the toolkit's nv/target table (sm_35 = bit
// 1 ... sm_120 = bit 21); sms newer than that table get bits 22 and up in ascending
// order of the sms ptxas knows today, so every supported sm has its own bit.
unsigned long long nvvmArchBit(int sm);

} // namespace circle

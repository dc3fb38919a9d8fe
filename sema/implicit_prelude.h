// The declarations circle makes in every translation unit before the user's first
// line: the codegen objects, nvvm_arch_t and its standard-C++ iteration helpers, the
// `if target` spelling, and (with CUDA) the 5-argument launch configuration.
#pragma once
#include <string>
#include <vector>

namespace circle {

// The file names diagnostics show for the prelude's two parts. Absolute, so the
// force-include finds them without a search; no real file has them.
// The first comes before everything, CUDA's headers included: they use NV_IF_TARGET,
// which is `if target` (frontend/toolkit_headers.cpp). The second, the launch
// configuration, builds on the CUDA runtime's dim3 and cudaStream_t.
inline constexpr const char* kPreludeName = "/<circle>/prelude.h";
inline constexpr const char* kLaunchPreludeName = "/<circle>/launch.h";

struct PreludeConfig {
  bool cuda = false;            // --cuda-path given: declare the launch configuration
  std::vector<int> sms;         // ascending
  bool launchChecks = false;    // -g without -DNDEBUG: 5-argument launches check the PTX version
};

std::string preludeText(const PreludeConfig& config);
std::string launchPreludeText(const PreludeConfig& config);

// The bit __nvvm_arch_mask has for an sm: the toolkit's nv/target table (sm_35 = bit
// 1 ... sm_120 = bit 21); sms newer than that table get bits 22 and up in ascending
// order of the sms ptxas knows today, so every supported sm has its own bit. An
// arch-specific sm (sm_90a) has its plain one's bit and a feature bit 32 above it,
// which NV_HAS_FEATURE_SM_90a tests.
unsigned long long nvvmArchBit(int sm);

} // namespace circle

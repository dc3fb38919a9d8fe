// The declarations circle makes in every translation unit before the user's first
// line: the codegen objects, nvvm_arch_t and its standard-C++ iteration helpers, the
// `if target` spelling, and (with CUDA) the 5-argument launch configuration.
#pragma once
#include <string>
#include <vector>

namespace circle {

// The prelude's two parts. The first comes before everything, CUDA's headers
// included: they use NV_IF_TARGET, which is `if target` (frontend/toolkit_headers.cpp).
// The second, the launch configuration, builds on the CUDA runtime's dim3 and
// cudaStream_t. Each is a real file named for its text in circle's cache directory
// (frontend/prelude_files.h), so that tools reading -E output or a dependency list
// (ccache's direct mode) find it; these in-memory names serve when there is no cache.
inline constexpr const char* kPreludeName = "/<circle>/circle-prelude.h";
inline constexpr const char* kLaunchPreludeName = "/<circle>/circle-launch.h";
inline constexpr const char* kPreludeFile = "circle-prelude.h";
inline constexpr const char* kLaunchPreludeFile = "circle-launch.h";

// Whether `path` names one of the prelude's parts, wherever it lies.
bool isPreludeFile(const std::string& path);

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

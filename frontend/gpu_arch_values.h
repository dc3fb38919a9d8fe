// The ways nvcc and clang name GPU architectures, read as circle's sm targets.
// circle always embeds a cubin and its PTX for each target, so nvcc's distinction
// between real (sm_XX) and virtual (compute_XX) architectures only picks the number.
// Arch-specific ones (sm_90a, compute_90a) are targets of their own (support/gpu_arch.h).
#pragma once
#include <string>
#include <vector>

namespace circle {

// What a command line asked for, resolved once every option has been read.
struct ArchRequests {
  std::vector<int> sms;           // -sm_XX, --offload-arch, -gencode
  std::vector<int> arch;          // -arch (nvcc): used unless -code names the codes
  std::vector<int> codes;         // -code (nvcc)
  std::string keyword;            // -arch=all / all-major: every (major) sm the toolkit supports
};

// Each returns an empty string or the error for the value.
// "sm_90", "compute_90", "90", "sm_90a", or a comma-separated list of them.
std::string readArchList(const std::string& option, const std::string& value, std::vector<int>& out,
                         std::string* keyword = nullptr);
// "arch=compute_75,code=[sm_75,compute_75]" or "arch=compute_75,code=sm_75".
std::string readGencode(const std::string& value, std::vector<int>& out);
// The sm targets the requests name, ascending and without duplicates.
// `onePtxOrCubin`: -ptx or -cubin, which write one sm's code.
std::vector<int> resolveArchRequests(const ArchRequests& r, std::string& error, bool onePtxOrCubin = false);
// Ascending, each sm once: how circle keeps a list of targets.
void sortUnique(std::vector<int>& v);
// all / all-major against the sms a toolkit's ptxas accepts.
std::vector<int> expandArchKeyword(const std::string& keyword, const std::vector<int>& supported);

} // namespace circle

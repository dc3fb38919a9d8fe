// The toolkit's ptxas (PTX -> cubin) and fatbinary (cubins + PTX -> one fat binary).
#pragma once
#include <string>
#include <vector>

namespace circle {
struct CudaToolkit;

struct SmImage {
  int sm;
  std::string ptxFile;
  std::string cubinFile;
};

// Each returns an empty string on success, else the tool's complaint.
std::string runPtxas(const CudaToolkit& tk, int sm, const std::string& ptxFile, const std::string& cubinFile,
                     bool debug, bool verbose, std::string& warnings);

// Every sm contributes its cubin and its PTX: the PTX lets newer GPUs JIT the code,
// and cuobjdump -lptx -lelf lists both for each sm, as with nvcc.
std::string runFatbinary(const CudaToolkit& tk, const std::vector<SmImage>& images, const std::string& outFile,
                         bool debug, bool verbose);

} // namespace circle

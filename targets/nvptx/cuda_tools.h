// The toolkit's ptxas (PTX -> cubin) and fatbinary (cubins + PTX -> one fat binary).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace circle {
struct CudaToolkit;

struct SmImage {
  int sm;
  std::string ptxFile; // empty: the image has no PTX (it needed a device link)
  std::string cubinFile;
};

// How ptxas runs, from circle's and the user's options.
struct PtxasOptions {
  bool debug = false;       // -G
  bool lineInfo = false;    // -lineinfo
  bool verbose = false;     // circle -v: print the command
  bool report = false;      // -Xptxas -v / --resource-usage: print ptxas's per-kernel report
  bool relocatable = false; // -c, then nvlink: each function on its own (-fgpu-relocatable-ptxas)
  bool unlinked = false;    // -c and no more: -rdc with -cubin or -fatbin, for a later device link
  std::vector<std::string> extra; // -Xptxas, -maxrregcount
};

// Each returns an empty string on success, else the error to report.
// assemblePtx writes `ptx` to ptxFile and runs ptxas on it into outFile; ptxas's
// warnings (and with opts.report its report) are appended to `messages`, for the
// caller to print in order (several sms assemble at once). ptxas always runs with
// -v: `frames`, when given, gets each function's stack frame.
std::string assemblePtx(const CudaToolkit& tk, int sm, const std::string& ptx, const std::string& ptxFile,
                        const std::string& outFile, const PtxasOptions& opts, std::string& messages,
                        std::map<std::string, unsigned>* frames = nullptr);

// The function a ptxas error names ("Entry function '_Z1kv' uses too much shared
// data"), by symbol, or empty: a limit error is reported at that kernel.
std::string functionNamedByPtxas(const std::string& message);

// CUDA's device runtime API (cudaLaunchDevice, cudaGetParameterBuffer,
// cudaGraphSetConditional, the __cudaCDP2* entry points the headers call):
// libcudadevrt.a defines them, so a module calling one is linked with it by nvlink.
bool fromDeviceRuntimeLibrary(const std::string& symbol);

// One sm's image from its PTX: ptxas writes img.cubinFile. With `deviceRuntime` (the
// module calls into libcudadevrt.a) or opts.relocatable, ptxas writes the relocatable
// `objectFile` instead and nvlink links it (with the library) into img.cubinFile; with
// `deviceRuntime` the image carries no PTX: the driver cannot JIT-link PTX that calls
// into the library. With opts.unlinked, ptxas -c writes img.cubinFile and nothing is linked.
std::string assembleImage(const CudaToolkit& tk, const std::string& ptx, SmImage& img, PtxasOptions opts,
                          bool deviceRuntime, const std::string& objectFile, const std::vector<std::string>& nvlinkArgs,
                          std::string& messages, std::map<std::string, unsigned>* frames = nullptr);

// Links a relocatable cubin with the device runtime library (libcudadevrt.a).
std::string runNvlink(const CudaToolkit& tk, int sm, const std::string& cubinFile, const std::string& outFile,
                      bool verbose, const std::vector<std::string>& extra = {});

// Every sm contributes its cubin and its PTX: the PTX lets newer GPUs JIT the code,
// and cuobjdump -lptx -lelf lists both for each sm, as with nvcc. PTX that calls
// into libcudadevrt cannot be JIT-linked by the driver, so such images carry none.
// `relocatable`: the cubins are ptxas -c's (-rdc -fatbin), as nvcc marks them;
// `extra`: the user's fatbinary options (-Xfatbin, -compress-mode=).
std::string runFatbinary(const CudaToolkit& tk, const std::vector<SmImage>& images, const std::string& outFile,
                         bool debug, bool verbose, bool relocatable = false, const std::vector<std::string>& extra = {});

} // namespace circle

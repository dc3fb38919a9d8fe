#include "targets/nvptx/cuda_tools.h"

#include "targets/nvptx/sm_targets.h"
#include "targets/tool_runner.h"

namespace circle {

std::string runPtxas(const CudaToolkit& tk, int sm, const std::string& ptxFile, const std::string& cubinFile,
                     bool debug, bool verbose, std::string& warnings, bool relocatable) {
  std::vector<std::string> args = {"-m64", "-arch=" + smName(sm), ptxFile, "-o", cubinFile};
  if (debug) args.insert(args.begin(), "-g");
  if (relocatable) args.insert(args.begin(), "-c");
  ToolResult r = runTool(tk.ptxas, args, verbose);
  if (r.exitCode != 0) return r.output.empty() ? "ptxas failed" : r.output;
  warnings = r.output;
  return {};
}

std::string runNvlink(const CudaToolkit& tk, int sm, const std::string& cubinFile, const std::string& outFile,
                      bool verbose) {
  ToolResult r = runTool(tk.nvlink, {"--arch=" + smName(sm), "-o", outFile, cubinFile, tk.cudadevrt}, verbose);
  if (r.exitCode != 0) return r.output.empty() ? "nvlink failed" : r.output;
  return {};
}

std::string runFatbinary(const CudaToolkit& tk, const std::vector<SmImage>& images, const std::string& outFile,
                         bool debug, bool verbose) {
  std::vector<std::string> args = {"-64", "--create=" + outFile};
  if (debug) args.push_back("-g");
  for (const SmImage& img : images) {
    std::string sm = std::to_string(img.sm);
    args.push_back("--image3=kind=elf,sm=" + sm + ",file=" + img.cubinFile);
    if (!img.ptxFile.empty()) args.push_back("--image3=kind=ptx,sm=" + sm + ",file=" + img.ptxFile);
  }
  ToolResult r = runTool(tk.fatbinary, args, verbose);
  if (r.exitCode != 0) return r.output.empty() ? "fatbinary failed" : r.output;
  return {};
}

} // namespace circle

// ptxas (and nvlink, for modules that call into libcudadevrt) for every sm, run on a
// few threads while circle lowers the next sm: each sm's tools are separate processes,
// so on a machine with several cores many sms cost little more than one.
#pragma once
#include "targets/nvptx/cuda_tools.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class StdThreadPool;
}

namespace circle {

class ParallelAssembly {
public:
  struct Job {
    std::string ptx;
    SmImage image;
    PtxasOptions ptxas;
    bool deviceRuntime = false;          // link with libcudadevrt.a (assembleImage)
    std::string objectFile;              // ptxas's relocatable output when deviceRuntime
    std::vector<std::string> nvlinkArgs;
  };
  struct Result {
    SmImage image;
    std::string error;    // empty: assembled
    std::string messages; // ptxas's warnings (and -Xptxas -v's report), to print
    std::map<std::string, unsigned> frames; // each function's stack frame
  };

  // At most `threads` tools at once (0: one per core).
  ParallelAssembly(const CudaToolkit& tk, unsigned threads);
  ~ParallelAssembly();

  void start(Job job);
  // Waits for every job started; their results in the order they were started.
  std::vector<Result> finish();

private:
  const CudaToolkit& tk_;
  std::unique_ptr<llvm::StdThreadPool> pool_;
  std::vector<std::unique_ptr<Job>> jobs_;
  std::vector<std::unique_ptr<Result>> results_;
};

} // namespace circle

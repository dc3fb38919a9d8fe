// Where a device module uses each intrinsic, so that an operation the NVPTX backend
// cannot select for an sm (a warp reduction on sm_75, say: a fatal error deep in
// instruction selection, which knows no source) is reported at the user's call.
// Device passes write line tables for this; unless -G keeps debug information they
// are stripped once the sites are known, so PTX and cubins stay as without them.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

struct OperationSite {
  std::string file;  // as the compile named it (relative if given so)
  std::string path;  // to read it
  unsigned line = 0, column = 0;
};

// The first call with a source line of each intrinsic ("llvm.nvvm.redux.sync.add"),
// at the innermost place in the chain of inlined calls that is not in a system
// header (Clang's __reduce_add_sync wrapper is not where the user wrote it).
std::map<std::string, OperationSite> recordIntrinsicSites(const llvm::Module& m,
                                                          const std::function<bool(const std::string&)>& isSystemFile);

// Where the module computes with fp128 (__float128), which NVPTX cannot lower: one
// site per function, at the first such instruction with a line.
std::vector<OperationSite> findQuadFloatSites(const llvm::Module& m,
                                              const std::function<bool(const std::string&)>& isSystemFile);

// "file:line:col: error: message", the source line and a caret, as Clang prints.
std::string formatAtSite(const OperationSite& site, const std::string& message);

} // namespace circle

// The file a line-table location names, as a path to open: the file name as the
// compile was given it, under the compile's directory when it is relative. The
// SPIR-V checks and the NVPTX operation sites both map lowered code back to source.
#pragma once
#include <string>

namespace llvm {
class DILocation;
}

namespace circle {

std::string debugLocationPath(const llvm::DILocation& loc);

} // namespace circle

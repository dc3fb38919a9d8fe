// PTX spells names with ASCII letters, digits, '_' and '$' only; C++ allows more
// (an identifier with 'é' mangles to its UTF-8 bytes). Names only this module uses
// are respelt ('_$c3' for each other byte); a kernel or device variable keeps its
// name, which the host registers it by, so such a name is an error at its
// declaration. NVPTX's own renaming covers '.' and '@' only, and fails on the rest.
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

bool isPtxName(const std::string& name);

// Respells the module's internal names; returns the external ones PTX cannot spell.
std::vector<std::string> legalizePtxNames(llvm::Module& m);

} // namespace circle

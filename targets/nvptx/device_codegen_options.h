// The CodeGen options of a device pass, derived from the host's: the source-level
// choices carry over, the x86 ABI and unwinding choices do not.
#pragma once

namespace clang {
class CodeGenOptions;
}

namespace circle {

// `lineInfo` (-lineinfo): the line tables stay in the PTX as .loc directives.
clang::CodeGenOptions deviceCodeGenOptions(const clang::CodeGenOptions& host, int optLevel, bool debugInfo,
                                           bool lineInfo = false);

} // namespace circle

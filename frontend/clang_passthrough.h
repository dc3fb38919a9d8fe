// Where an option from Clang's driver table goes: circle hands everything it does
// not own to the one parse and to the link, as Clang's own driver would.
#pragma once
#include <string>

namespace llvm::opt {
class Arg;
}

namespace circle {

enum class ClangArgUse {
  Compile, // the parse and the host code (-W, -f, -m, -O, -g, -I, -include...)
  Link,    // the link only (-l, -Wl, -Xlinker, -rpath, -u...)
  Both,    // -pthread, -fsanitize=, -fopenmp, -shared, -static, --coverage...
  Refuse,  // `why` says why
};

struct ClangArgRoute {
  ClangArgUse use = ClangArgUse::Compile;
  std::string why;                  // for Refuse, and a note for options Clang ignores
  bool needsClangRuntime = false;   // the link needs Clang's runtimes (sanitizers, OpenMP, profiles)
  bool hostDebug = false;           // a -g that asks for debug information (not -g0)
  bool disablesDebug = false;       // -g0
};

// `spelling` is the option as the user wrote it, for messages.
ClangArgRoute routeClangArg(const llvm::opt::Arg& a, const std::string& spelling);

} // namespace circle

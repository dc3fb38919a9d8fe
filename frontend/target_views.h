// nvcc preprocesses a .cu file once per target: __CUDA_ARCH__ undefined for the host,
// each sm's number for its device pass, so code may declare different things per
// target (a macro set per sm at namespace scope, a function or a type defined twice,
// guards around case labels: seed 001). circle parses once and reads statement guards
// per target where code is generated (frontend/cuda_arch_branches.h). What that
// rewrite cannot express leaves a file whose text depends on the target; then each
// target's view of the source is preprocessed, and targets whose token streams are
// the same (pragmas included) share a front-end pass: still one when every target
// agrees (a condition that comes out the same for all of them), otherwise one per
// distinct view, as a two-pass compiler does. A remark (-Rcircle-passes) names, for
// each extra pass, the first token where its view departs from the host's.
//
// Only the CUDA toolkit's and Clang's own headers keep the host's view in every pass
// (circle's handling of them is written for it); every other file, system headers
// and -isystem libraries included, is read as each target reads it.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class Preprocessor;
}

namespace circle {

struct ViewGroup {
  int view = 0;         // the target whose view the group's pass parses (0: the host)
  bool host = false;    // the group holds the host
  std::vector<int> sms; // the GPU targets it generates
  // Where a group without the host first departs from the host's tokens: the file,
  // its line and column in the text circle parsed, and file:line:column as the user's
  // lines number it.
  std::string path;
  unsigned line = 0, column = 0;
  std::string presumed;
  std::string macro; // the user's macro the departing token came from, if any
};

// A compiler instance for the source as target `view` reads it (0: the host), ready
// to run an action; `preprocessOnly`: for a preprocessor-only action, which reads the
// preamble's headers themselves (a PCH serves a parse only).
// `copies`: the targets whose copies of statement guards it keeps (all when null).
using ViewInstanceMaker =
    std::function<std::unique_ptr<clang::CompilerInstance>(int view, bool preprocessOnly, const std::vector<int>* copies)>;

// The compile's targets (the host and `sms`) grouped by the token stream each reads,
// the host's group first. Nothing after an error in some target's preprocessing
// (reported: an #error only one sm reaches fails the compile, as with nvcc).
// `keepsHostView(file)`: the toolkit's and Clang's headers, whose macros a remark does not name.
// `begin(pp)` is called as each view's preprocessing begins: what the passes' parse
// actions install, so that a view reads its preamble's headers as its pass will.
using FilePredicate = std::function<bool(llvm::StringRef)>;
using PreprocessorHook = std::function<void(clang::Preprocessor&)>;
std::optional<std::vector<ViewGroup>> groupTargetsByView(const ViewInstanceMaker& make, const std::vector<int>& sms,
                                                         const FilePredicate& keepsHostView,
                                                         const PreprocessorHook& begin);

// A note after errors only some targets' view gave: which targets, read as nvcc's
// device passes read the source (clang's count says "when compiling for sm_XX").
void noteWhoseErrors(const std::vector<int>& sms);

} // namespace circle

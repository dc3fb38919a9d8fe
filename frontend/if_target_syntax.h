// Circle's `if target(pred)` is not C++, so Clang's parser cannot read it as it is.
// The prelude defines a function-like macro `target(...)` expanding to
// `(__circle_if_target(...))`, an ordinary if condition that each code-generation
// pass folds with its own target's values. The macro stays disabled except for
// the one token after `if`, so every other `target` (a variable, a member,
// __attribute__((target("avx2"))) in a system header) is left alone, and the
// source lines diagnostics show are what the user wrote.
//
// Standard C++ wants a block after the else of `if consteval`; Circle allows
// `if consteval {...} else if target(...)`. Such a chain is respelled, in place and
// with the same length, `if __ctceval {...} else ...` (an ordinary if on
// __builtin_is_constant_evaluated()) by the file system every file is read through.
#pragma once
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang
namespace llvm::vfs {
class FileSystem;
}

namespace circle {

// Installs the macro gate on pp; returns what must see every token the parser gets.
std::function<void(const clang::Token&)> gateIfTargetMacro(clang::Preprocessor& pp);

// The respelled text, or nothing when no `if consteval` chain needs it.
std::optional<std::string> respellConstevalChains(llvm::StringRef text);

// The files whose text the host and the GPU targets read differently, as the parse
// met them (frontend/target_views.h).
// Also the toolkit headers whose macros chosen by target (frontend/toolkit_headers.h)
// came out differently for the oldest target than for the newest: the one pass reads
// them for the oldest, so a declaration only newer sms have is missing there. A parse
// that then fails is compiled again as a two-pass compiler does, each target's pass
// reading them for its own sm (`toolkitByView`), the host's as the host does.
struct PerTargetFiles {
  std::vector<std::string> paths;
  std::vector<std::string> toolkitChoices;
  bool toolkitByView = false;
  std::function<void()> firstMet; // called as the first of either kind is met
  bool any() const { return !paths.empty() || !toolkitChoices.empty(); }
};

// Where the parse now reading through a file system is: past its preamble (circle's
// prelude and Clang's CUDA wrapper, read or loaded from their PCH) or not.
struct ParseLink {
  bool pastPreamble = false;
  std::set<std::string> preambleFiles; // the files a PCH of the preamble holds
};
// Sets link.pastPreamble as pp leaves the preamble; each action that reads through the
// file system calls it as it begins, and clears the flag as it ends.
void watchPreambleEnd(clang::Preprocessor& pp, ParseLink& link);

// What the file system respells in the files it reads: `if consteval` chains and the
// toolkit's headers always; with GPU targets, statement-level __CUDA_ARCH__ guards
// (frontend/cuda_arch_branches.h) in every file outside `systemDirs` (the toolkit's and
// Clang's own headers, which keep seeing __CUDA_ARCH__ undefined: circle's handling
// of them, frontend/toolkit_headers.h, is written for that view). What such a file
// leaves per target is read as target `view` reads it (0: the host, where
// __CUDA_ARCH__ is undefined), and the file is listed in `perTarget`.
//
// The toolkit's own headers (`toolkitDirs`, CCCL's included) that the source includes
// get the statement-level rewrite too: nvcc compiles their device paths (cuda_fp8.hpp's
// cvt to e4m3, cuda_awbarrier.h's pending count on sm_90, an assertion in cuda::ptx's
// shfl_sync) with __CUDA_ARCH__ defined, where the host view compiled the emulation or a
// wrong value. Of the rest, the macros a header outside CCCL chooses by target are read
// per target (frontend/toolkit_headers.h: cooperative_groups' features); CCCL's own
// configuration is written for nvc++'s one pass, whose view is the host's, and keeps it
// (libcu++'s thread API: circle's device runtime gives its host branch what it calls).
// Everything else keeps the host's view. The ones the preamble reads are read as Clang's
// CUDA wrapper arranges (its own __CUDA_ARCH__, 9999, "the largest subset of device
// functions"), in the PCH and out of it alike.
struct SourceRespelling {
  // The toolkit's headers as circle's single pass reads them (frontend/toolkit_headers.h);
  // off for host-only code, which reads them as the host compiler does.
  bool toolkitHeaders = true;
  std::vector<int> sms;
  std::vector<std::string> systemDirs; // each ending in '/'
  std::vector<std::string> toolkitDirs; // each ending in '/', among systemDirs
  std::shared_ptr<ParseLink> parse = std::make_shared<ParseLink>();
  int view = 0;
  std::shared_ptr<PerTargetFiles> perTarget;
  // The targets whose copies of a statement guard the parse keeps (0: the host); all
  // of them when unset. A view's pass generates only its own (frontend/target_views.h).
  std::optional<std::vector<int>> copiesFor;
  // The toolkit headers' macros chosen by target are read for target `view` (the host:
  // as it reads them), not for the oldest sm (PerTargetFiles::toolkitByView).
  bool toolkitByView = false;

  // Whether the file Clang names `path` keeps the host's view (it is in systemDirs).
  bool keepsHostView(llvm::StringRef path) const;
  // Whether it is read per target: a file of this file system outside systemDirs (not
  // standard input, the command line or circle's in-memory prelude).
  bool readsPerTarget(llvm::StringRef path) const;
  // Whether it is a toolkit header whose statement guards are rewritten when first
  // opened past the preamble.
  bool rewritesToolkitGuards(llvm::StringRef path) const;
  // Whether it is one of CCCL's (libcu++, CUB, Thrust), as the toolkit ships them.
  static bool isCccl(llvm::StringRef path) { return path.contains("/cccl/"); }
};

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeCircleSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base, SourceRespelling respelling = {});

} // namespace circle

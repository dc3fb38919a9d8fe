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
#include <optional>
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

// What the file system respells in the files it reads: `if consteval` chains and the
// toolkit's headers always; with GPU targets, statement-level __CUDA_ARCH__ guards
// (frontend/cuda_arch_branches.h) in every file outside `systemDirs` (the toolkit's,
// Clang's and the system's headers, which keep seeing __CUDA_ARCH__ undefined).
struct SourceRespelling {
  std::vector<int> sms;
  std::vector<std::string> systemDirs;
};

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeCircleSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base, SourceRespelling respelling = {});

} // namespace circle

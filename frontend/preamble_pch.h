// What circle puts before every CUDA source, its prelude and Clang's CUDA runtime
// wrapper (cuda_runtime.h, the math headers: 45,000 lines), as a precompiled header
// kept in a cache directory, so that a compile parses only the user's own code:
// an empty .cu parses in about a fifth of the time.
//
// The cache key is a hash of everything that shapes the preamble: circle's binary, the
// parse's whole cc1 command line but its main file (language, -std, -D, -I, the sms)
// and the prelude's text. Next to each PCH a list of the files it was built from, with
// their sizes and times, is checked before each use (Clang checks only users' files):
// a changed toolkit header rebuilds it. The cache lives in $CIRCLE_CACHE_DIR, else
// $XDG_CACHE_HOME/circle, else ~/.cache/circle; CIRCLE_CACHE_DIR=off turns it off.
// A PCH is built the second time a configuration is compiled (one seen once may be a
// single file's, -DFILE=...: building it would only cost), written under a temporary
// name and renamed, so parallel builds share it; the 32 most recently used are kept.
// Anything that fails leaves the invocation as it was: the parse reads the headers.
#pragma once
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {

class PhaseReport;

// Clang's CUDA runtime wrapper, the preamble's second implicit include (after circle's
// prelude): where the preamble ends.
inline constexpr const char* kCudaRuntimeWrapper = "__clang_cuda_runtime_wrapper.h";

// $CIRCLE_CACHE_DIR, else $XDG_CACHE_HOME/circle, else ~/.cache/circle; empty when
// off (CIRCLE_CACHE_DIR=off) or there is no home.
std::string circleCacheDir();

struct PreamblePch {
  std::string path;
  std::vector<std::string> inputs; // the files it holds: inputs of this compile too
};

// `inv` as buildInvocation made it for a CUDA source (prelude, then Clang's wrapper,
// first in PreprocessorOptions::Includes); `fs` the file system the parse reads.
std::optional<PreamblePch> usePreamblePch(clang::CompilerInvocation& inv,
                                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs, PhaseReport& report);

// Another invocation of the same source (a target's own front-end pass) reads the PCH
// usePreamblePch chose.
void takePreamblePch(clang::CompilerInvocation& inv, const PreamblePch& pch);

} // namespace circle

// NVIDIA headers written for two passes hide device definitions behind __CUDA_ARCH__,
// which circle never defines. Where a header then gives device code empty host
// stubs instead (mma.h: every WMMA function `{ }` unless __CUDA_ARCH__), circle's file
// system shows the device definitions: a silent empty tensor-core call would be a
// miscompile. A toolkit whose header does not read as expected gets an #error, never
// the stubs.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace circle {

// The text circle reads for the file at `path`, or nothing when it is read as it is.
std::optional<std::string> respellToolkitHeader(llvm::StringRef path, llvm::StringRef text);

} // namespace circle

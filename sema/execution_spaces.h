// How circle reads CUDA execution spaces: every function is callable from a kernel.
#pragma once

namespace clang {
class LangOptions;
}

namespace circle {

// Makes the one (host-side) CUDA parse tagless.
void enableTaglessDeviceCalls(clang::LangOptions& langOpts);

} // namespace circle

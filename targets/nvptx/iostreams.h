// What the device link decides for iostreams (libdevice-c/runtime/), from what the
// kernels' module names before the runtime is linked:
// - std::cout and its siblings are built by the first thread that needs them
//   (runtime/standard_streams.cpp): a GPU runs no static constructors. A module that
//   names one gets a call of the runtime's builder at the entry of each of its
//   kernels; the others pay nothing.
// - The classic locale installs num_get<char> only for a module that reads numbers
//   from a stream (an istream, a string stream that can read, std::cin): num_get's
//   virtual members and strtod are half of what an output-only module would carry to
//   ptxas otherwise (runtime/locale.cpp tests a variable the link makes a constant).
// - Its wchar_t facets only for a module that names a wide stream or facet (a test of
//   another such variable).
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Before the runtime is linked.
void buildStandardStreamsOnEntry(llvm::Module& m);

// Before the runtime is linked: whether the module's code may read from a stream.
bool readsFromStreams(const llvm::Module& m);

// Before the runtime is linked: whether the module's code uses wide streams or facets.
bool usesWideStreams(const llvm::Module& m);

// After the runtime is linked: fixes the locale's choices (a no-op for modules
// without the locale).
void settleLocale(llvm::Module& m, bool reads, bool wide);

} // namespace circle

// How large inlining may make one device function. NVPTX multiplies LLVM's inline
// threshold by 11 (a call costs much more on the GPU than on a CPU), and a function
// with one call site is inlined whatever its size, so a caller making hundreds of
// library calls grows without bound: tests/gpu/cases/device_iostreams.cxx's `exercise`,
// where each `<<` brings a sentry, a facet lookup and a formatter, reached 58,000 IR
// instructions, 79,000 lines of PTX, and ptxas, whose time grows faster than a
// function's length, spent over two minutes on its module. As GCC's large-function
// limits do, inlining into a caller stops at a size where a call's own cost is small
// beside the caller's work; small callees are inlined still, since a call costs more
// than their bodies.
#pragma once

namespace llvm {
class PassBuilder;
}

namespace circle {

// Installs the limit as the inline advisor of the pipelines `pb` builds (LLVM's own
// advice below it).
void addInlineGrowthCap(llvm::PassBuilder& pb);

} // namespace circle

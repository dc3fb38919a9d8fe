// A memmove whose source and destination are in different address spaces (a buffer
// from the heap, a generic pointer, moved into a thread's local array: libstdc++'s
// stable_partition, inplace_merge and rotate with a temporary buffer) is deleted by
// LLVM 22's NVPTX back end: NVPTXLowerAggrCopies erases every memmove it lowers, and
// LowerMemIntrinsics declines to expand one between address spaces it cannot cast
// between, so the copy silently vanished (std::stable_partition left its tail as it
// was). Such a memmove becomes a loop here, over both pointers made generic, whose
// direction the generic addresses decide, as memmove's must.
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

// Returns how many memmoves were expanded.
int expandMovesAcrossAddressSpaces(llvm::Module& m, llvm::TargetMachine& tm);

} // namespace circle

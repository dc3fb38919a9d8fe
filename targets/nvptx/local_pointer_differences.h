// std::sort of a thread's own array computes `last - first` on generic pointers. LLVM
// finds the array local only in NVPTX's code generator, after the optimiser: its
// accesses become ld.local/st.local, but the subtraction keeps generic operands, and
// the conversion to generic (cvta.local) of the pointer a partition loop advances is
// computed inside the loop, on every iteration (37 of the 38 cvta.local of a
// 64-float std::sort kernel sat in loops; nvcc's PTX has none there).
//
// Two generic pointers converted from the same local (or shared) window differ by
// what their local addresses differ by. Each function with stack arrays sees them
// through local memory here, before the optimiser's last clean-up, and a difference
// of two such conversions becomes the difference of the local addresses.
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

// Returns how many pointer differences were rewritten.
int subtractLocalPointersLocally(llvm::Module& m, llvm::TargetMachine& tm);

} // namespace circle

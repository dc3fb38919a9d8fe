// A thread's own array passed to a function that stays a call after optimisation
// (std::sort's recursive std::__introsort_loop) arrives as a generic pointer: every
// access is a generic ld/st, which the GPU must first resolve to local memory,
// where nvcc's code uses ld.local/st.local (measured: std::sort of 64 floats per
// thread at 0.6x nvcc's speed). An internal function whose pointer argument is, at
// every call, derived from a local object (an alloca, or another such argument,
// which makes recursion work) takes that argument as local memory: its uses go
// through an addrspacecast that InferAddressSpaces turns into local accesses. The
// same for pointers such functions return.
#pragma once

namespace llvm {
class Instruction;
class Module;
class TargetMachine;
class Value;
} // namespace llvm

namespace circle {

// Returns how many arguments and return values were found local. Runs LLVM's
// address-space inference and instcombine on the functions it changed.
int localizeArguments(llvm::Module& m, llvm::TargetMachine& tm);

// NVPTX's address spaces, as LLVM numbers them.
inline constexpr unsigned kGenericSpace = 0, kSharedSpace = 3, kLocalSpace = 5;

// Uses of the generic pointer `v` after `at` reach it through a cast to local memory
// and back, which address-space inference then follows.
void useAsLocal(llvm::Value* v, llvm::Instruction* at);

} // namespace circle

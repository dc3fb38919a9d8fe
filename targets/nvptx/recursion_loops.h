// A function that calls itself becomes a loop over a stack of its own frames.
//
// Why: the threads of a warp do not come back from a recursive .func together when they
// took different paths in it (ptxas, CUDA 13.0: a nested call saves and clears the
// convergence barriers the outer call's threads wait on, and frees them). ptxas still
// compiles the caller's code after the call as if they had, keeping loop counters in
// the warp's uniform registers, so each group of threads runs that code with the count
// the other left (measured on the H100: std::sort of a run-time count of floats per
// thread, and a hand-written divergent recursion, read outside the thread's stack or
// sorted wrongly; the same callee from nvcc's PTX fails the same way under such a
// caller; tests/gpu/nvcc/divergent_recursion.cu). Waiting for the threads after the
// call does not mend it: the early ones would wait there while the others wait for
// them at the function's end. Without the call there is nothing to come back from.
//
// How: each self-call pushes the values the caller still needs (and where it resumes),
// and the contents of the function's own arrays it reads again, onto a frame stack in
// the thread's local memory and jumps to the function's start; each return pops a frame
// and resumes its caller, or returns when the stack is empty. A call deeper than
// kLoopFrames frames goes to a copy of the function as written (recursive, as before):
// std::sort's introsort needs 2 log2 n frames. Functions that give a nested call the
// address of an object of their own (it could not tell its object from its caller's)
// or make warp-wide operations, and mutual recursion, stay recursive calls.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

inline constexpr unsigned kLoopFrames = 32;

// Returns how many functions became loops; the caller optimises the module again.
int loopSelfRecursion(llvm::Module& m);

} // namespace circle

// `asm volatile("exit;")` ends the thread, but LLVM sees an ordinary call and lets control
// go on past it. CUB's onesweep kernel exits this way after its short cut for tiles whose
// keys share one digit; LLVM then joined that path's unflipped int keys with the main
// path's sign-flipped ones in phis before the ranking, so the ranking could not reuse the
// digits counted before it and ptxas gave it 80 registers to nvcc's 56. Such calls become
// llvm.nvvm.exit, which does not return, and what followed them is unreachable.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Rewrites inline assembly that is only `exit;` (or `trap;`, as llvm.trap).
void endThreadsAtExits(llvm::Module& m);

} // namespace circle

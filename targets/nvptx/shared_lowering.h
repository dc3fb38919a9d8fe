// sms whose device modules agree are lowered once. Codegen runs per sm (if target,
// codegen objects and an sm's built-ins make modules differ), but most programs
// give every sm the same module: linking the device libraries and LLVM's
// optimisation then run once, for the oldest sm of the group, and each newer sm
// takes a copy of the optimised module to its own back end. The oldest sm's IR is
// what every newer one accepts (NVPTX's features only grow); the PTX each sm's back
// end prints from it is the same as lowering it alone (tests/e2e/test_shared_lowering.sh).
#pragma once
#include <memory>
#include <set>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
}

namespace circle {

// Clang marks every function with the sm it was generated for; the back end's
// TargetMachine says the same, so the marks only keep modules of different sms apart.
void dropSmAttributes(llvm::Module& m);

// Marks a module taken from another sm as `sm`'s again (its name, and Clang's marks
// on its functions), as -gpu -emit-llvm shows it.
void markForSm(llvm::Module& m, int sm, int ptxIsa, const std::string& name);

// What decides how a module lowers: its text (less its name) and the kernels this sm
// drops (the launch chevron's fifth argument). Equal keys lower alike.
std::string loweringKey(llvm::Module& m, const std::set<std::string>& droppedKernels);

// A lowered module kept for the sms that share it, and the copy each of them gets.
// Through bitcode with the order of each value's uses: the back end's choices (and
// so the PTX) follow that order, which llvm::CloneModule does not keep.
std::string saveLowered(const llvm::Module& m);
std::unique_ptr<llvm::Module> loadLowered(const std::string& bitcode, llvm::LLVMContext& context);

} // namespace circle

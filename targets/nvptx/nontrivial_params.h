// Arguments of classes the C++ ABI passes by address. Itanium's rule: an object whose
// class has a non-trivial copy or move constructor or destructor is passed as the
// address of a temporary the caller constructed, so the callee's parameter is that
// very object (its copy constructor saw that `this`). Clang's NVPTX ABI passes every
// aggregate byval instead: the callee gets a bytewise copy, and an object that knows
// its own address reads the wrong one (a class holding `this` compared unequal to its
// own address: GPU case self_address_args). Found with libstdc++'s _ExtPtr_allocator,
// whose relative pointers are offsets from `this`; that vector still faults on the
// GPU for another cause (tests/stdlib/README.md).
//
// After code generation, each device function's parameters of such classes (found in
// the AST: codegen/kernel_index.h) lose `byval`, at the definition and at every call,
// and so do those of any function or call with the same IR type (a virtual call
// through a pointer). Kernels keep their parameters: a launch copies them.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

// `nonTrivialRecordParams`: by symbol, each function's record parameters in order
// (each is a byval argument on NVPTX), true for those passed by address. A function
// whose byval arguments do not line up with them is left as it is. Returns the number
// of parameters and call arguments changed.
int passNonTrivialRecordsByAddress(llvm::Module& m,
                                   const std::map<std::string, std::vector<bool>>& nonTrivialRecordParams);

} // namespace circle

// How circle reads CUDA execution spaces: every function is callable from a kernel.
#pragma once

namespace clang {
class ASTContext;
class LangOptions;
}

namespace circle {

class WalkTape;

// Makes the one (host-side) CUDA parse tagless.
void enableTaglessDeviceCalls(clang::LangOptions& langOpts);

// Device vtables hold only functions CodeGen may emit for the device, which in
// CUDA means __device__ ones; an untagged virtual function would be a null slot and
// a virtual call on the GPU a jump to address 0. After the parse, every virtual
// function the user did not tag becomes implicitly __host__ __device__, like the
// rest of the untagged code it belongs to.
void makeVirtualFunctionsTagless(const WalkTape& tape);

} // namespace circle

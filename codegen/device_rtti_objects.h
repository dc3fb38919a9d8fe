// Gives a device module, fresh from CodeGen, the type_info objects Clang leaves out
// for GPUs (device_rtti_sites.h says how the expressions reach them): a definition
// for every _ZTI the module declares, and the type_info slot of every vtable it
// defines. The layouts are the Itanium C++ ABI's, so libstdc++'s inline type_info
// members (name, ==, before, hash_code) work unchanged; the vtables of the type_info
// classes, which tell the kinds apart, and dynamic_cast are in
// libdevice-c/runtime/rtti.cpp.
#pragma once

namespace clang {
class ASTContext;
}
namespace llvm {
class Module;
}

namespace circle {

struct DeviceRtti;

// Runs while the AST is alive: class layouts and vtable layouts come from it.
void emitDeviceRtti(llvm::Module& m, clang::ASTContext& ast, const DeviceRtti& rtti);

} // namespace circle

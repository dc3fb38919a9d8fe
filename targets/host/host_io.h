// Device stdio's host half (libdevice-c/host_io/). A device module whose code uses
// stdio keeps the runtime's channel variable (targets/nvptx/device_link.h,
// deviceModuleUsesHostIo); its host side
// then registers that variable, links the server (host_io.bc, beside
// device_runtime.bc) and calls __circle_host_io_attach before every launch it makes,
// which gives the module a channel on the current GPU the first time and wakes the
// server thread after.
//
// -rdc: an object cannot know whether the linked program's device code uses stdio.
// Its stubs call the link's attach function through a weak reference; the link's
// registration object defines it only when the program does (defineLinkedHostIo).
#pragma once
#include <string>

namespace llvm {
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace circle {

// Where the server's bitcode is: beside the device runtime's.
std::string hostIoServerPath(const std::string& deviceRuntime);

// A whole-program host module. Returns an error, or empty.
std::string attachHostIo(llvm::Module& host, const std::string& serverBitcode);

// An -rdc object's host module.
void attachLinkedHostIo(llvm::Module& host);

// The -rdc link's registration module: the channel is registered with the fat
// binary's `handle` before `at`. Returns an error, or empty.
std::string defineLinkedHostIo(llvm::Module& registration, llvm::Instruction* at, llvm::Value* handle,
                               const std::string& serverBitcode);

} // namespace circle

// For the unit tests of circle's IR passes: modules written as IR text, and a JIT that
// runs their functions on this machine, each module in a library of its own so that a
// module as written and as transformed can be called side by side.
#pragma once

#include <catch2/catch.hpp>

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace circle::test {

inline std::unique_ptr<llvm::Module> parseModule(llvm::StringRef text, llvm::LLVMContext& context) {
  llvm::SMDiagnostic err;
  std::unique_ptr<llvm::Module> m = llvm::parseIR(llvm::MemoryBufferRef(text, "test"), err, context);
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!m) err.print("test", os);
  INFO(message);
  REQUIRE(m);
  return m;
}

inline std::unique_ptr<llvm::orc::LLJIT> hostJit() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  return llvm::cantFail(llvm::orc::LLJITBuilder().create());
}

// `m` in a library of its own, named `name`.
inline llvm::orc::JITDylib& addModule(llvm::orc::LLJIT& jit, const char* name, std::unique_ptr<llvm::Module> m,
                                      std::unique_ptr<llvm::LLVMContext> context) {
  m->setDataLayout(jit.getDataLayout());
  llvm::orc::JITDylib& lib = llvm::cantFail(jit.createJITDylib(name));
  llvm::cantFail(jit.addIRModule(lib, llvm::orc::ThreadSafeModule(std::move(m), std::move(context))));
  return lib;
}

template <class T>
T lookup(llvm::orc::LLJIT& jit, llvm::orc::JITDylib& lib, const char* name) {
  return llvm::cantFail(jit.lookup(lib, name)).toPtr<T>();
}

} // namespace circle::test

// circle: one C++ source, parsed once, generated for the host and every -sm_XX.
#include "frontend/command.h"
#include "frontend/options.h"
#include "targets/nvptx/device_math.h"
#include "support/diagnostics.h"
#include "support/interrupts.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/raw_ostream.h"

namespace {
constexpr unsigned kCompileStack = 1u << 30; // address space only; pages are touched as used
}

int main(int argc, char** argv) {
  llvm::InitLLVM init(argc, argv);
  // LLVM's crash banner asks for reports to LLVM; the crash is circle's to answer.
  llvm::setBugReportMsg("circle crashed; the stack dump below is for circle's developers:\n");
  circle::interrupts::install();
  std::vector<std::string> args(argv + 1, argv + argc);
  circle::ParseResult parsed = circle::parseOptions(args);
  if (parsed.error) {
    circle::reportError(parsed.error->message);
    return 1;
  }
  const circle::Options& o = parsed.options;
  for (const std::string& note : o.notes) circle::reportNote(note);
  if (o.showHelp) {
    llvm::outs() << circle::helpText();
    return 0;
  }
  if (o.showVersion) {
    llvm::outs() << circle::versionText() << circle::toolkitVersionLine(o);
    return 0;
  }
  if (o.inputs.empty() && o.verbose && !o.listFatbin) {
    llvm::errs() << circle::versionText();
    return 0;
  }
  if (o.printClangdFlags || o.printClangdHeader) {
    llvm::outs() << (o.printClangdFlags ? circle::clangdConfigText(o) : circle::clangdHeaderText(o));
    return 0;
  }

  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeX86AsmParser();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  LLVMInitializeSPIRVTargetInfo();
  LLVMInitializeSPIRVTarget();
  LLVMInitializeSPIRVTargetMC();
  LLVMInitializeSPIRVAsmPrinter();
  circle::configureDeviceMath(o.math);
  // Clang's parser, Sema and CodeGen recurse with the program's nesting (a deep
  // parenthesised or a 50,000-term expression): on a thread with a large stack that
  // ends in Clang's own limits (-fbracket-depth) or succeeds, not in a stack overflow.
  int status = 1;
  llvm::thread compileThread(std::optional<unsigned>(kCompileStack), [&] { status = circle::runCommand(o); });
  compileThread.join();
  return status;
}

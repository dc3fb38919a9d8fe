#include "targets/spirv/spirv_backend.h"

#include "targets/llvm_pipeline.h"
#include "targets/spirv/spirv_binary.h"

#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <cstring>

namespace circle {

std::unique_ptr<llvm::TargetMachine> makeSpirvMachine(std::string& error) {
  llvm::Triple triple("spirv1.6-unknown-vulkan1.3-compute");
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) return nullptr;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, "", "", llvm::TargetOptions(), std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Default));
}

bool emitSpirv(llvm::Module& module, llvm::TargetMachine& tm, std::vector<uint32_t>& words, std::string& error) {
  llvm::SmallString<0> bytes;
  {
    llvm::raw_svector_ostream os(bytes);
    if (!emitWithBackend(module, tm, os, llvm::CodeGenFileType::ObjectFile)) {
      error = "LLVM's SPIR-V backend cannot emit this module";
      return false;
    }
  }
  if (bytes.size() % 4) {
    error = "the SPIR-V backend wrote a module that is not a whole number of words";
    return false;
  }
  words.resize(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  error = finishForVulkan(words);
  if (error.empty()) error = validateForVulkan(words);
  return error.empty();
}

} // namespace circle

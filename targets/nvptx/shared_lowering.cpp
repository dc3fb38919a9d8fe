#include "targets/nvptx/shared_lowering.h"

#include "targets/nvptx/sm_targets.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>
#include <vector>

namespace circle {

void dropSmAttributes(llvm::Module& m) {
  for (llvm::Function& f : m) {
    f.removeFnAttr("target-cpu");
    f.removeFnAttr("target-features");
  }
}

void markForSm(llvm::Module& m, int sm, int ptxIsa, const std::string& name) {
  m.setModuleIdentifier(name);
  m.setSourceFileName(name);
  for (llvm::Function& f : m)
    if (!f.isDeclaration()) {
      f.addFnAttr("target-cpu", smName(sm));
      f.addFnAttr("target-features", ptxFeature(ptxIsa) + ",+" + smName(sm));
    }
}

std::string loweringKey(llvm::Module& m, const std::set<std::string>& droppedKernels) {
  std::string key;
  for (const std::string& k : droppedKernels) key += k + "\n";
  key += "--\n";
  // Every sm's module lives in one LLVMContext, which keeps struct names unique by
  // numbering the later ones (%struct.dim3.5): while printed, the module's structs
  // are named by their order instead, as are the module and its source.
  std::vector<std::pair<llvm::StructType*, std::string>> names;
  for (llvm::StructType* t : m.getIdentifiedStructTypes())
    if (t->hasName()) {
      names.emplace_back(t, t->getName().str());
      t->setName("");
    }
  for (size_t i = 0; i < names.size(); ++i) names[i].first->setName("circle.key." + std::to_string(i));
  std::string id = m.getModuleIdentifier(), source = m.getSourceFileName();
  m.setModuleIdentifier("");
  m.setSourceFileName("");
  llvm::raw_string_ostream os(key);
  m.print(os, nullptr);
  m.setModuleIdentifier(id);
  m.setSourceFileName(source);
  for (auto& [t, name] : names) t->setName("");
  for (auto& [t, name] : names) t->setName(name);
  return key;
}

std::string saveLowered(const llvm::Module& m) {
  std::string bitcode;
  llvm::raw_string_ostream os(bitcode);
  llvm::WriteBitcodeToFile(m, os, /*ShouldPreserveUseListOrder=*/true);
  return bitcode;
}

std::unique_ptr<llvm::Module> loadLowered(const std::string& bitcode, llvm::LLVMContext& context) {
  auto m = llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode, "lowered"), context);
  if (!m) {
    llvm::consumeError(m.takeError());
    return nullptr;
  }
  return std::move(*m);
}

} // namespace circle

#include "targets/nvptx/operation_sites.h"

#include "targets/debug_locations.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

namespace circle {

namespace {

// The innermost location of `inst` outside system headers.
const llvm::DILocation* userLocation(const llvm::Instruction& inst,
                                     const std::function<bool(const std::string&)>& isSystemFile) {
  const llvm::DILocation* loc = inst.getDebugLoc().get();
  while (loc && isSystemFile(debugLocationPath(*loc)) && loc->getInlinedAt()) loc = loc->getInlinedAt();
  return loc && loc->getLine() ? loc : nullptr;
}

OperationSite siteOf(const llvm::DILocation& loc) {
  return OperationSite{loc.getFilename().str(), debugLocationPath(loc), loc.getLine(), loc.getColumn()};
}

} // namespace

std::vector<OperationSite> findQuadFloatSites(const llvm::Module& m,
                                              const std::function<bool(const std::string&)>& isSystemFile) {
  std::vector<OperationSite> sites;
  for (const llvm::Function& f : m) {
    for (const llvm::Instruction& inst : llvm::instructions(f)) {
      bool quad = inst.getType()->isFP128Ty() ||
                  llvm::any_of(inst.operands(), [](const llvm::Use& op) { return op->getType()->isFP128Ty(); });
      if (!quad || llvm::isa<llvm::LoadInst, llvm::StoreInst, llvm::AllocaInst, llvm::PHINode>(inst)) continue;
      if (const llvm::DILocation* loc = userLocation(inst, isSystemFile)) {
        sites.push_back(siteOf(*loc));
        break;
      }
    }
  }
  return sites;
}

std::map<std::string, OperationSite> recordIntrinsicSites(const llvm::Module& m,
                                                          const std::function<bool(const std::string&)>& isSystemFile) {
  std::map<std::string, OperationSite> sites;
  for (const llvm::Function& f : m) {
    if (!f.isIntrinsic()) continue;
    for (const llvm::User* u : f.users()) {
      const auto* call = llvm::dyn_cast<llvm::CallBase>(u);
      const llvm::DILocation* loc = call ? userLocation(*call, isSystemFile) : nullptr;
      if (!loc) continue;
      sites.emplace(f.getName().str(), siteOf(*loc));
      break;
    }
  }
  return sites;
}

std::string formatAtSite(const OperationSite& site, const std::string& message) {
  std::string out = site.file + ":" + std::to_string(site.line) + ":" + std::to_string(site.column) +
                    ": error: " + message + "\n";
  auto buffer = llvm::MemoryBuffer::getFile(site.path);
  if (!buffer) return out;
  llvm::StringRef text = (*buffer)->getBuffer();
  for (unsigned line = 1; line < site.line && !text.empty(); ++line) text = text.split('\n').second;
  llvm::StringRef source = text.split('\n').first.rtrim("\r");
  std::string number = std::to_string(site.line);
  out += std::string(number.size() < 5 ? 5 - number.size() : 0, ' ') + number + " | " + source.str() + "\n";
  out += std::string(std::max<size_t>(number.size(), 5), ' ') + " | " +
         std::string(site.column > 0 ? site.column - 1 : 0, ' ') + "^\n";
  return out;
}

} // namespace circle

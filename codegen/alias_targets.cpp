#include "codegen/alias_targets.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

namespace circle {

void AliasTargets::note(const clang::Decl* d) {
  if (!d->hasAttrs()) return;
  if (const auto* a = d->getAttr<clang::AliasAttr>()) symbols_.push_back(a->getAliasee().str());
  if (const auto* a = d->getAttr<clang::WeakRefAttr>()) symbols_.push_back(a->getAliasee().str());
  if (const auto* a = d->getAttr<clang::IFuncAttr>()) symbols_.push_back(a->getResolver().str());
}

bool AliasTargets::mayName(const clang::NamedDecl& d) const {
  if (symbols_.empty()) return false;
  const clang::IdentifierInfo* id = d.getIdentifier();
  if (!id) return true; // operators, constructors: any alias may be one
  llvm::StringRef name = id->getName();
  for (const std::string& s : symbols_)
    if (llvm::StringRef(s).contains(name)) return true;
  return false;
}

} // namespace circle

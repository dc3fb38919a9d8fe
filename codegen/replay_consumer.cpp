#include "codegen/replay_consumer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Diagnostic.h"

#include <set>

namespace circle {

using Kind = ConsumerEventLog::Kind;

namespace {

// `group` less what `leaveOut` says yes to.
clang::DeclGroupRef without(clang::DeclGroupRef group, clang::ASTContext& ctx,
                            const std::function<bool(const clang::Decl*)>& leaveOut) {
  if (!leaveOut || group.isNull()) return group;
  if (group.isSingleDecl()) return leaveOut(group.getSingleDecl()) ? clang::DeclGroupRef() : group;
  llvm::SmallVector<clang::Decl*, 8> kept;
  for (clang::Decl* d : group)
    if (!leaveOut(d)) kept.push_back(d);
  if (kept.size() == group.getDeclGroup().size()) return group;
  return kept.empty() ? clang::DeclGroupRef() : clang::DeclGroupRef::Create(ctx, kept.data(), kept.size());
}

} // namespace

void ConsumerEventLog::replay(clang::ASTConsumer& target, clang::ASTContext& ctx,
                              const std::function<void()>& beforeEnd,
                              const std::function<bool(const clang::Decl*)>& leaveOut,
                              const std::function<bool(const clang::Decl*)>& notHere) const {
  // CodeGen only reads these declarations; the const_casts restore the signatures
  // the ASTConsumer interface was written with.
  for (const Event& e : events_) {
    auto* decl = const_cast<clang::Decl*>(e.decl);
    if (notHere && decl && notHere(decl)) continue;
    switch (e.kind) {
    case Kind::TopLevelDecl:
      if (clang::DeclGroupRef group = without(without(e.group, ctx, notHere), ctx, leaveOut); !group.isNull())
        target.HandleTopLevelDecl(group);
      break;
    case Kind::InlineFunctionDefinition:
      if (!leaveOut || !leaveOut(decl)) target.HandleInlineFunctionDefinition(llvm::cast<clang::FunctionDecl>(decl));
      break;
    case Kind::TagDeclDefinition: target.HandleTagDeclDefinition(llvm::cast<clang::TagDecl>(decl)); break;
    case Kind::TagDeclRequiredDefinition:
      target.HandleTagDeclRequiredDefinition(llvm::cast<clang::TagDecl>(decl));
      break;
    case Kind::CXXImplicitFunctionInstantiation:
      target.HandleCXXImplicitFunctionInstantiation(llvm::cast<clang::FunctionDecl>(decl));
      break;
    case Kind::CompleteTentativeDefinition:
      target.CompleteTentativeDefinition(llvm::cast<clang::VarDecl>(decl));
      break;
    case Kind::CompleteExternalDeclaration:
      target.CompleteExternalDeclaration(llvm::cast<clang::DeclaratorDecl>(decl));
      break;
    case Kind::AssignInheritanceModel:
      target.AssignInheritanceModel(llvm::cast<clang::CXXRecordDecl>(decl));
      break;
    case Kind::CXXStaticMemberVarInstantiation:
      if (!leaveOut || !leaveOut(decl)) target.HandleCXXStaticMemberVarInstantiation(llvm::cast<clang::VarDecl>(decl));
      break;
    case Kind::VTable: target.HandleVTable(llvm::cast<clang::CXXRecordDecl>(decl)); break;
    }
  }
  if (beforeEnd) beforeEnd();
  target.HandleTranslationUnit(ctx);
}

std::vector<clang::FunctionDecl*> ConsumerEventLog::instantiatedFunctions() const {
  std::vector<clang::FunctionDecl*> out;
  for (const Event& e : events_)
    if (e.kind == Kind::CXXImplicitFunctionInstantiation)
      out.push_back(llvm::cast<clang::FunctionDecl>(const_cast<clang::Decl*>(e.decl)));
  return out;
}

std::vector<clang::FunctionDecl*> ConsumerEventLog::implicitInstantiations() const {
  std::vector<clang::FunctionDecl*> out;
  std::set<const clang::FunctionDecl*> seen;
  auto add = [&](const clang::Decl* d) {
    auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(const_cast<clang::Decl*>(d));
    if (fd && fd->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation && seen.insert(fd).second)
      out.push_back(fd);
  };
  for (const Event& e : events_) {
    if (e.kind == Kind::CXXImplicitFunctionInstantiation) add(e.decl);
    if (e.kind == Kind::TopLevelDecl)
      for (const clang::Decl* d : e.group) add(d);
  }
  return out;
}

bool RecordingConsumer::HandleTopLevelDecl(clang::DeclGroupRef D) {
  log_.record(Kind::TopLevelDecl, D);
  return true;
}
void RecordingConsumer::HandleInlineFunctionDefinition(clang::FunctionDecl* D) {
  log_.record(Kind::InlineFunctionDefinition, D);
}
// ASTConsumer's default forwards interesting decls to HandleTopLevelDecl; so do we.
void RecordingConsumer::HandleInterestingDecl(clang::DeclGroupRef D) { HandleTopLevelDecl(D); }
void RecordingConsumer::HandleTagDeclDefinition(clang::TagDecl* D) { log_.record(Kind::TagDeclDefinition, D); }
void RecordingConsumer::HandleTagDeclRequiredDefinition(const clang::TagDecl* D) {
  log_.record(Kind::TagDeclRequiredDefinition, D);
}
void RecordingConsumer::HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl* D) {
  log_.record(Kind::CXXImplicitFunctionInstantiation, D);
}
void RecordingConsumer::CompleteTentativeDefinition(clang::VarDecl* D) {
  log_.record(Kind::CompleteTentativeDefinition, D);
}
void RecordingConsumer::CompleteExternalDeclaration(clang::DeclaratorDecl* D) {
  log_.record(Kind::CompleteExternalDeclaration, D);
}
void RecordingConsumer::AssignInheritanceModel(clang::CXXRecordDecl* RD) {
  log_.record(Kind::AssignInheritanceModel, RD);
}
void RecordingConsumer::HandleCXXStaticMemberVarInstantiation(clang::VarDecl* D) {
  log_.record(Kind::CXXStaticMemberVarInstantiation, D);
}
void RecordingConsumer::HandleVTable(clang::CXXRecordDecl* RD) { log_.record(Kind::VTable, RD); }

void RecordingConsumer::HandleTranslationUnit(clang::ASTContext& Ctx) { onComplete_(Ctx, log_); }

} // namespace circle

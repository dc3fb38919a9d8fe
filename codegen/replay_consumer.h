// One parse, many code generators: Clang's CodeGen is an ASTConsumer that expects to
// see the translation unit's declarations as the parser produces them. We record
// that stream once and play it back, unchanged and in order, into one CodeGenerator
// per target after the parse has finished.
#pragma once
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclGroup.h"

#include <functional>
#include <vector>

namespace circle {

class ConsumerEventLog {
public:
  enum class Kind {
    TopLevelDecl, InlineFunctionDefinition, TagDeclDefinition, TagDeclRequiredDefinition,
    CXXImplicitFunctionInstantiation, CompleteTentativeDefinition, CompleteExternalDeclaration,
    AssignInheritanceModel, CXXStaticMemberVarInstantiation, VTable,
  };

  void record(Kind kind, clang::DeclGroupRef group) { events_.push_back({kind, group, nullptr}); }
  void record(Kind kind, const clang::Decl* decl) { events_.push_back({kind, {}, decl}); }

  // Feeds every recorded event to `target` (which must already be initialised),
  // calls `beforeEnd` if given, then finishes it with HandleTranslationUnit. The
  // top-level declarations, inline definitions and static member instantiations
  // `leaveOut` says yes to are not fed; nor is anything about a function `notHere`
  // says yes to (a kernel's instantiation for other sms: codegen/kernel_variants.h).
  void replay(clang::ASTConsumer& target, clang::ASTContext& ctx, const std::function<void()>& beforeEnd = nullptr,
              const std::function<bool(const clang::Decl*)>& leaveOut = nullptr,
              const std::function<bool(const clang::Decl*)>& notHere = nullptr) const;
  size_t size() const { return events_.size(); }

  // Every function definition the parse instantiated, in order.
  std::vector<clang::FunctionDecl*> instantiatedFunctions() const;
  // Every implicit instantiation of a function handed over in any event (Sema passes
  // a constexpr one, instantiated where it is first used, as a top-level declaration).
  std::vector<clang::FunctionDecl*> implicitInstantiations() const;

private:
  struct Event {
    Kind kind;
    clang::DeclGroupRef group;
    const clang::Decl* decl;
  };
  std::vector<Event> events_;
};

// The consumer the parser talks to: it records, and when the translation unit is
// complete (and free of errors) hands the finished AST to `onComplete`.
class RecordingConsumer : public clang::ASTConsumer {
public:
  // Called at the end of the translation unit, errors or not.
  using Callback = std::function<void(clang::ASTContext&, const ConsumerEventLog&)>;
  // `skipBody`: the functions whose bodies the parser skips (where the invocation asks
  // it to skip any); none without it.
  explicit RecordingConsumer(Callback onComplete, std::function<bool(const clang::Decl*)> skipBody = {})
      : onComplete_(std::move(onComplete)), skipBody_(std::move(skipBody)) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef D) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl* D) override;
  void HandleInterestingDecl(clang::DeclGroupRef D) override;
  void HandleTagDeclDefinition(clang::TagDecl* D) override;
  void HandleTagDeclRequiredDefinition(const clang::TagDecl* D) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl* D) override;
  void CompleteTentativeDefinition(clang::VarDecl* D) override;
  void CompleteExternalDeclaration(clang::DeclaratorDecl* D) override;
  void AssignInheritanceModel(clang::CXXRecordDecl* RD) override;
  void HandleCXXStaticMemberVarInstantiation(clang::VarDecl* D) override;
  void HandleVTable(clang::CXXRecordDecl* RD) override;
  void HandleTranslationUnit(clang::ASTContext& Ctx) override;
  bool shouldSkipFunctionBody(clang::Decl* D) override { return skipBody_ && skipBody_(D); }

private:
  ConsumerEventLog log_;
  Callback onComplete_;
  std::function<bool(const clang::Decl*)> skipBody_;
};

} // namespace circle

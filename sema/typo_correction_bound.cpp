#include "sema/typo_correction_bound.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Sema.h"

namespace circle {
namespace {

// Sema offers every failed lookup to its external sources before it searches for a
// correction, and reads LangOptions::SpellChecking when it starts that search: the
// source turns spell checking off for that one lookup when the name is too long and
// back to the user's setting for the next. Nothing else writes SpellChecking during a
// parse, so the user's -fno-spell-checking is kept.
class TypoCorrectionBound : public clang::ExternalSemaSource {
public:
  explicit TypoCorrectionBound(clang::LangOptions& lang) : lang_(lang), user_(lang.SpellChecking) {}

  clang::TypoCorrection CorrectTypo(const clang::DeclarationNameInfo& typo, int, clang::Scope*, clang::CXXScopeSpec*,
                                    clang::CorrectionCandidateCallback&, clang::DeclContext*, bool,
                                    const clang::ObjCObjectPointerType*) override {
    const clang::IdentifierInfo* id = typo.getName().getAsIdentifierInfo();
    lang_.SpellChecking = user_ && !(id && id->getLength() > kMaxCorrectedLength);
    return clang::TypoCorrection();
  }

private:
  clang::LangOptions& lang_;
  bool user_;
};

} // namespace

void boundTypoCorrection(clang::Sema& sema, clang::LangOptions& lang) {
  sema.addExternalSource(llvm::makeIntrusiveRefCnt<TypoCorrectionBound>(lang));
}

} // namespace circle

// Clang's typo correction compares an undeclared name with every name in scope by edit
// distance: the cost grows with the name's length times the names the headers declare.
// An undeclared identifier of 100,000 characters (generated code, a broken macro)
// takes Clang 13 s and 200,000 characters a minute, where nvcc answers in under a
// second. No one mistypes a name that long, so names longer than kMaxCorrectedLength
// are reported undeclared without a suggestion; shorter ones are corrected as Clang
// does, still under Clang's per-file limit (-fspell-checking-limit).
#pragma once

namespace clang {
class LangOptions;
class Sema;
} // namespace clang

namespace circle {

constexpr unsigned kMaxCorrectedLength = 256;

// Installs the bound on a Sema before its parse; `lang` is the options it reads.
void boundTypoCorrection(clang::Sema& sema, clang::LangOptions& lang);

} // namespace circle

// A source whose targets read it differently is parsed once per distinct view
// (frontend/target_views.h), and most of its text reads alike in each: a warning the
// host's pass gave (same place, same words) is not given again by another view's pass,
// nor are its notes. Errors are always given.
#pragma once
#include <memory>
#include <set>
#include <string>

namespace clang {
class DiagnosticConsumer;
}

namespace circle {

struct SaidWarnings {
  std::set<std::string> said; // place, level and words of each warning and remark given
};

// `printer` behind a filter: the host's pass (`record`) notes what it says; another
// view's pass leaves out what was said.
std::unique_ptr<clang::DiagnosticConsumer> sayWarningsOnce(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           SaidWarnings& shared, bool record);

} // namespace circle

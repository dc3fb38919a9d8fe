// What the front-end passes of one source say (frontend/target_views.h).
// - A source whose targets read it differently is parsed once per distinct view, and
//   most of its text reads alike in each: a warning the host's pass gave (same place,
//   same words) is not given again by another view's pass, nor are its notes. Errors
//   are always given.
// - The host's pass reads every target's copy of a statement guard; once it has met a
//   file the targets read differently, such a copy may name what only that target's view
//   declares (cuda-samples' simpleAWBarrier calls a function declared under `#if
//   __CUDA_ARCH__ >= 700`). From then on what it says is held: if the parse fails, it is
//   dropped and the host's view is parsed again with only its own targets' copies.
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

class PassDiagnostics;

// `printer` behind the filter: the host's pass (`host`) notes what it says; another
// view's pass leaves out what was said. `control` is set to the filter, for the host's
// pass to hold, release or drop what it says.
std::unique_ptr<clang::DiagnosticConsumer> sayWarningsOnce(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           SaidWarnings& shared, bool host,
                                                           PassDiagnostics** control = nullptr);

class PassDiagnostics {
public:
  virtual ~PassDiagnostics() = default;
  // From now on, what the pass says is held.
  virtual void hold() = 0;
  // Says what was held.
  virtual void release() = 0;
  // Forgets what was held; whether anything went unheld that was an error.
  virtual void drop() = 0;
  virtual bool errorsSaid() const = 0; // an error was said without being held
};

} // namespace circle

// A few of Clang's CUDA diagnostics give advice that does not fit circle (a
// -fgpu-rdc flag it does not have, no word of execution spaces). This consumer
// sits in front of Clang's printer and rewords them; location and caret stay.
#pragma once
#include <memory>

namespace clang {
class DiagnosticConsumer;
}

namespace circle {

std::unique_ptr<clang::DiagnosticConsumer> rewordForCircle(std::unique_ptr<clang::DiagnosticConsumer> printer);

} // namespace circle

// Driver-level messages (bad options, missing tools). Source-level problems go
// through Clang's DiagnosticsEngine so they carry file:line:column and a caret.
#pragma once
#include <string>

namespace circle {

void reportError(const std::string& message);
void reportWarning(const std::string& message);
void reportNote(const std::string& message);

} // namespace circle

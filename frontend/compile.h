// One source's compile: parsed once, then every target's pass over that AST
// (frontend/command.h runs it for each source of a command).
#pragma once
#include <string>

namespace circle {
struct Options;
struct Input;
struct CudaToolkit;
class TempDir;
class PendingOutputs;
class PhaseReport;

// The source's requested output at `output` (for an executable, the object the link
// takes); -E and -M append their text to `text` instead. Reports its errors; returns
// false after one.
bool compileSource(const Options& o, const CudaToolkit* tk, const Input& input, const std::string& output,
                   TempDir& temps, PendingOutputs& outputs, PhaseReport& report, std::string& text);

} // namespace circle

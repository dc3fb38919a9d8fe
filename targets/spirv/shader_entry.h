// What the SPIR-V pass knows about one [[spirv::comp]] kernel: its device symbol, its
// local size and where each parameter sits in the push constants (the layout the host
// API packs: each parameter at its alignment, in order).
#pragma once
#include <array>
#include <string>
#include <vector>

namespace circle {

struct ShaderParam {
  unsigned offset = 0, size = 0;
};

struct ShaderEntry {
  std::string kernel;
  std::array<unsigned, 3> localSize{1, 1, 1};
  std::vector<ShaderParam> params;
  unsigned pushBytes = 0;
};

// A line and column of the source, read from the shader's line tables.
struct SourcePoint {
  std::string file;
  unsigned line = 0, column = 0;
};

// A construct the SPIR-V target cannot express, reached from the entry point: where
// it is, then each call that reaches it from the kernel's body (empty when the line
// tables lost it, and the entry point is the place to point at).
struct ShaderProblem {
  std::string message;
  std::vector<SourcePoint> where;
};

} // namespace circle

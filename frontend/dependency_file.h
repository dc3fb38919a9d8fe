// -M, -MM, -MD, -MMD: the make rule Clang's own dependency file generator writes,
// kept until the compile has succeeded and then written like every other output.
#pragma once
#include "clang/Frontend/Utils.h"

#include <string>

namespace circle {
struct DependencyOptions;

class DependencyFile : public clang::DependencyFileGenerator {
public:
  // `targets` are make-quoted already (the object's name when -MT/-MQ give none).
  DependencyFile(const DependencyOptions& opts, const std::vector<std::string>& targets);
  // circle's prelude and launch header exist only in memory: no rule could make them.
  void maybeAddDependency(llvm::StringRef file, bool fromModule, bool isSystem, bool isModuleFile,
                          bool isMissing) override;
  // Clang writes the file here, even after errors; circle writes text() on success.
  void finishedMainFile(clang::DiagnosticsEngine&) override {}
  std::string text();

private:
  struct Held {
    std::string file;
    bool isSystem, isModuleFile, isMissing;
  };
  std::vector<Held> held_; // a PCH's inputs, until the main file is listed
  bool mainSeen_ = false;
};

struct Options;

// The targets of a source's rule: -MT/-MQ's, else its object (`output` with -c).
std::vector<std::string> dependencyTargets(const Options& o, const std::string& input, const std::string& output);
// Where the rule goes: -MF, else (-MD) the object's name with .d, or the source's
// stem.d when no object is written; -M's rule goes to `output`.
std::string dependencyFileName(const Options& o, const std::string& input, const std::string& output);

// Make's quoting of a target name, as -MQ and the default target get it.
std::string quoteMakeTarget(llvm::StringRef target);

} // namespace circle

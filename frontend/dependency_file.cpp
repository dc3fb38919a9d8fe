#include "frontend/dependency_file.h"

#include "frontend/options.h"
#include "sema/implicit_prelude.h"

#include "clang/Frontend/DependencyOutputOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {
namespace {

clang::DependencyOutputOptions clangOptions(const DependencyOptions& opts, const std::vector<std::string>& targets) {
  clang::DependencyOutputOptions d;
  d.OutputFile = "-"; // never opened: text() writes through outputDependencyFile(raw_ostream&)
  d.Targets = targets;
  d.IncludeSystemHeaders = opts.systemHeaders;
  d.UsePhonyTargets = opts.phonyTargets;
  d.OutputFormat = clang::DependencyOutputFormat::Make;
  return d;
}

} // namespace

DependencyFile::DependencyFile(const DependencyOptions& opts, const std::vector<std::string>& targets)
    : clang::DependencyFileGenerator(clangOptions(opts, targets)) {}

void DependencyFile::maybeAddDependency(llvm::StringRef file, bool fromModule, bool isSystem, bool isModuleFile,
                                        bool isMissing) {
  if (isPreludeFile(file.str())) return;
  // A preamble PCH's headers (frontend/preamble_pch.h) arrive as the PCH loads, before
  // the main file: they follow it, where they came without a PCH (make's $< is the source).
  if (fromModule && !mainSeen_) {
    held_.push_back({file.str(), isSystem, isModuleFile, isMissing});
    return;
  }
  clang::DependencyFileGenerator::maybeAddDependency(file, fromModule, isSystem, isModuleFile, isMissing);
  if (fromModule || mainSeen_) return;
  mainSeen_ = true;
  for (const Held& h : held_)
    clang::DependencyFileGenerator::maybeAddDependency(h.file, true, h.isSystem, h.isModuleFile, h.isMissing);
  held_.clear();
}

std::string DependencyFile::text() {
  std::string s;
  llvm::raw_string_ostream os(s);
  outputDependencyFile(os);
  return s;
}

std::vector<std::string> dependencyTargets(const Options& o, const std::string& input, const std::string& output) {
  if (!o.deps.targets.empty()) return o.deps.targets;
  // -c (and -ptx, -cubin, -fatbin) name the file written; clang's -S, -emit-llvm... the object.
  bool named = o.kind == OutputKind::Object || o.deviceOnly != DeviceOnly::None;
  std::string object = named && !output.empty() ? output
                       : inOutputDirectory(o, llvm::sys::path::stem(input == "-" ? "-" : input).str() + ".o");
  return {quoteMakeTarget(object)};
}

std::string dependencyFileName(const Options& o, const std::string& input, const std::string& output) {
  if (!o.deps.file.empty()) return o.deps.file;
  if (o.kind == OutputKind::Dependencies) return output.empty() ? "-" : output;
  if ((o.kind == OutputKind::Object || o.deviceOnly != DeviceOnly::None) && !o.output.empty()) {
    llvm::SmallString<256> d(o.output);
    llvm::sys::path::replace_extension(d, ".d");
    return d.str().str();
  }
  return llvm::sys::path::stem(input).str() + ".d";
}

std::string quoteMakeTarget(llvm::StringRef target) {
  std::string out;
  for (size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == ' ' || c == '\t') {
      // Backslashes before a blank are doubled, then the blank is escaped.
      for (size_t j = i; j > 0 && target[j - 1] == '\\'; --j) out += '\\';
      out += '\\';
    } else if (c == '$') {
      out += '$';
    } else if (c == '#') {
      out += '\\';
    }
    out += c;
  }
  return out;
}

} // namespace circle

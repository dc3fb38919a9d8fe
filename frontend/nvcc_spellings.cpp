#include "frontend/nvcc_spellings.h"

#include "frontend/option_table.h"

namespace circle {
namespace {

using namespace circle::opt;

// nvcc's warning kinds: Clang's warning for each, or none (a note says so).
struct WarningKind {
  const char* nvcc;
  const char* clang; // nullptr: no such warning in circle
};
constexpr WarningKind kWarningKinds[] = {
    {"all-warnings", ""}, // every warning: plain -Werror
    {"reorder", "reorder"},
    {"deprecated-declarations", "deprecated-declarations"},
    {"cross-execution-space-call", nullptr}, // circle's functions are tagless
    {"default-stream-launch", nullptr},
    {"missing-launch-bounds", nullptr},
    {"ext-lambda-captures-this", nullptr},
};

const WarningKind* findKind(llvm::StringRef k) {
  for (const WarningKind& w : kWarningKinds)
    if (k == w.nvcc) return &w;
  return nullptr;
}

} // namespace

llvm::SmallVector<llvm::StringRef, 4> nvccList(llvm::StringRef list) {
  llvm::SmallVector<llvm::StringRef, 4> parts;
  list.split(parts, ',', -1, /*KeepEmpty=*/false);
  return parts;
}

bool isNvccWarningKinds(llvm::StringRef word) {
  auto parts = nvccList(word);
  if (parts.empty()) return false;
  for (llvm::StringRef p : parts)
    if (!findKind(p)) return false;
  return true;
}

ClangWords clangWordsForWarningKinds(llvm::StringRef kinds) {
  ClangWords r;
  for (llvm::StringRef k : nvccList(kinds)) {
    const WarningKind* w = findKind(k);
    if (!w) {
      r.error = "'" + k.str() + "' is not one of nvcc's -Werror kinds (all-warnings, reorder, deprecated-declarations, "
                "cross-execution-space-call, default-stream-launch, missing-launch-bounds, ext-lambda-captures-this)";
      return r;
    }
    if (!w->clang) r.notes.push_back("-Werror " + k.str() + " ignored: circle has no such warning");
    else if (!*w->clang) r.words.push_back("-Werror");
    else r.words.push_back(std::string("-Werror=") + w->clang);
  }
  if (r.words.empty() && r.notes.empty()) r.error = "-Werror needs a kind, e.g. all-warnings";
  return r;
}

ClangWords clangWordsFor(unsigned id, const std::string& value) {
  ClangWords r;
  switch (id) {
  case OPT_include_path: r.words = {"-I" + value}; break;
  case OPT_system_include: r.words = {"-isystem", value}; break;
  case OPT_pre_include: r.words = {"-include", value}; break;
  case OPT_library: r.words = {"-l" + value}; break;
  case OPT_library_path: r.words = {"-L" + value}; break;
  case OPT_linker_options:
    for (llvm::StringRef p : nvccList(value)) r.words.insert(r.words.end(), {"-Xlinker", p.str()});
    break;
  case OPT_machine:
    if (value == "64") r.words = {"-m64"};
    else r.error = "'--machine " + value + "': circle's host and GPU targets are 64-bit";
    break;
  case OPT_std_separate: r.words = {"-std=" + value}; break;
  case OPT_optimize: r.words = {"-O" + value}; break;
  case OPT_ftemplate_depth: r.words = {"-ftemplate-depth=" + value}; break;
  case OPT_ftemplate_backtrace_limit: r.words = {"-ftemplate-backtrace-limit=" + value}; break;
  case OPT_disable_warnings: r.words = {"-w"}; break;
  case OPT_no_exceptions: r.words = {"-fno-exceptions"}; break;
  case OPT_shared_long: r.words = {"-shared"}; break;
  case OPT_Wreorder_long: r.words = {"-Wreorder"}; break;
  case OPT_Wno_deprecated_declarations_long: r.words = {"-Wno-deprecated-declarations"}; break;
  case OPT_m64_long: r.words = {"-m64"}; break;
  case OPT_profile: r.words = {"-pg"}; break;
  case OPT_frandom_seed: r.words = {"-frandom-seed=" + value}; break;
  default: r.error = "internal error: no Clang spelling for an nvcc option (please report it)";
  }
  return r;
}

} // namespace circle

#include "frontend/nvcc_identity.h"

#include "targets/nvptx/sm_targets.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

namespace circle {

namespace {

constexpr const char* kNvccMacros[] = {"__NVCC__", "__NVCC_DIAG_PRAGMA_SUPPORT__"};

bool isNvccMacro(llvm::StringRef name) { return llvm::is_contained(kNvccMacros, name); }

class NvccMacroScope : public clang::PPCallbacks {
public:
  NvccMacroScope(clang::Preprocessor& pp, std::function<bool(llvm::StringRef)> libraryHeader)
      : pp_(pp), libraryHeader_(std::move(libraryHeader)) {}

  void FileChanged(clang::SourceLocation loc, FileChangeReason, clang::SrcMgr::CharacteristicKind kind,
                   clang::FileID) override {
    if (userTookOver_ || loc.isInvalid()) return;
    const clang::SourceManager& sm = pp_.getSourceManager();
    bool own = kind == clang::SrcMgr::C_User;
    if (own)
      if (clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(sm.getExpansionLoc(loc))))
        own = !libraryHeader_(file->getName());
    if (own == defined_) return;
    defined_ = own;
    for (const char* name : kNvccMacros) {
      clang::IdentifierInfo* id = pp_.getIdentifierInfo(name);
      if (!own) {
        pp_.appendMacroDirective(id, new (pp_.getPreprocessorAllocator()) clang::UndefMacroDirective(loc));
        continue;
      }
      clang::MacroInfo* mi = pp_.AllocateMacroInfo(loc);
      clang::Token one;
      one.startToken();
      one.setKind(clang::tok::numeric_constant);
      pp_.CreateString("1", one);
      mi->setTokens(one, pp_.getPreprocessorAllocator());
      mi->setIsUsed(true);
      pp_.appendDefMacroDirective(id, mi, loc);
    }
  }

  // The user's own #define or #undef of one of them stands from there on.
  void MacroDefined(const clang::Token& name, const clang::MacroDirective*) override { noteUser(name); }
  void MacroUndefined(const clang::Token& name, const clang::MacroDefinition&, const clang::MacroDirective*) override {
    noteUser(name);
  }

private:
  void noteUser(const clang::Token& name) {
    if (const clang::IdentifierInfo* id = name.getIdentifierInfo(); id && isNvccMacro(id->getName()))
      userTookOver_ = true;
  }

  clang::Preprocessor& pp_;
  std::function<bool(llvm::StringRef)> libraryHeader_;
  bool defined_ = false;
  bool userTookOver_ = false;
};

} // namespace

void scopeNvccMacros(clang::Preprocessor& pp, std::function<bool(llvm::StringRef)> libraryHeader) {
  // -D__NVCC__ or -U__NVCC__: the command line decides for every file.
  for (const auto& [macro, undef] : pp.getPreprocessorOpts().Macros)
    if (isNvccMacro(llvm::StringRef(macro).split('=').first)) return;
  pp.addPPCallbacks(std::make_unique<NvccMacroScope>(pp, std::move(libraryHeader)));
}

void addNvccPragmas(clang::Preprocessor& pp) {
  for (const char* name : {"nv_diag_suppress", "nv_diag_warning", "nv_diag_error", "nv_diag_default", "nv_diag_once",
                           "nv_diagnostic", "diag_suppress", "diag_warning", "diag_error", "diag_default",
                           "diag_once", "nv_exec_check_disable", "hd_warning_disable", "nv_abi"})
    pp.AddPragmaHandler(new clang::EmptyPragmaHandler(name));
}

std::string nvccVersionBanner() {
  return "nvcc: NVIDIA (R) Cuda compiler driver: its command line, macros and outputs, as circle gives them\n";
}

std::string nvccEnvironmentLines(const CudaToolkit& tk) {
  std::string text = "#$ TOP=" + tk.root + "\n";
  std::string libdevice = tk.root + "/nvvm/libdevice";
  if (llvm::sys::fs::is_directory(libdevice)) text += "#$ NVVMIR_LIBRARY_DIR=" + libdevice + "\n";
  const char* path = std::getenv("PATH");
  text += "#$ PATH=" + tk.root + "/bin" + (path && *path ? ":" + std::string(path) : "") + "\n";
  text += "#$ INCLUDES=\"-I" + tk.includeDir + "\"\n";
  // As targets/host/link.cpp passes it ("-L" DIR) and -v quotes it.
  text += "#$ LIBRARIES=  \"-L" + tk.libDir + "\"\n";
  return text;
}

} // namespace circle

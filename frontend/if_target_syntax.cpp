#include "frontend/if_target_syntax.h"

#include "frontend/cuda_arch_branches.h"
#include "frontend/preamble_pch.h"
#include "frontend/preprocessed_output.h"
#include "frontend/raw_tokens.h"
#include "frontend/toolkit_headers.h"
#include "support/gpu_arch.h"
#include "sema/implicit_prelude.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>
#include <vector>

namespace circle {

namespace {

// Index of the token after the brace-balanced block that starts at `open`, or npos.
size_t afterBlock(const std::vector<RawToken>& t, size_t open) {
  if (open >= t.size() || t[open].kind != clang::tok::l_brace) return std::string::npos;
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i].kind == clang::tok::l_brace) ++depth;
    if (t[i].kind == clang::tok::r_brace && --depth == 0) return i + 1;
  }
  return std::string::npos;
}

} // namespace

std::optional<std::string> respellConstevalChains(llvm::StringRef text) {
  // Most headers never say "target"; they are handed on untouched.
  if (!text.contains("target") || !text.contains("consteval")) return std::nullopt;
  std::vector<RawToken> t = rawTokens(text);
  std::optional<std::string> out;
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    if (!t[i].is("consteval")) continue;
    bool negated = i >= 2 && (t[i - 1].kind == clang::tok::exclaim || t[i - 1].is("not"));
    if (!t[negated ? i - 2 : i - 1].is("if")) continue;
    size_t next = afterBlock(t, i + 1);
    if (next == std::string::npos || next + 1 >= t.size() || !t[next].is("else") ||
        t[next + 1].kind == clang::tok::l_brace)
      continue;
    size_t from = t[negated ? i - 1 : i].offset, to = t[i].offset + t[i].length;
    if (!out) out = text.str();
    std::string original = text.substr(from, to - from).str();
    // Same length, same line breaks: nothing after the respelling moves.
    std::string spelled = negated ? "__ctnceval" : "__ctceval";
    spelled += std::string(std::count(original.begin(), original.end(), '\n'), '\n');
    spelled += std::string(original.size() - spelled.size(), ' ');
    out->replace(from, to - from, spelled);
  }
  return out;
}

namespace {

class TargetMacroGate : public clang::PPCallbacks {
public:
  explicit TargetMacroGate(clang::Preprocessor& pp) : pp_(pp) {}
  void MacroDefined(const clang::Token& name, const clang::MacroDirective*) override {
    if (name.getIdentifierInfo()->getName() != "target") return;
    macro_ = pp_.getMacroInfo(name.getIdentifierInfo());
    if (macro_ && macro_->isEnabled()) macro_->DisableMacro();
  }
  void MacroUndefined(const clang::Token& name, const clang::MacroDefinition&, const clang::MacroDirective*) override {
    if (name.getIdentifierInfo()->getName() == "target") macro_ = nullptr;
  }
  void onToken(const clang::Token& tok) {
    if (!lookedUp_) {
      // The prelude from a precompiled header (frontend/preamble_pch.h) defined the
      // macro before any callback could see it.
      lookedUp_ = true;
      if (!macro_) {
        macro_ = pp_.getMacroInfo(pp_.getIdentifierInfo("target"));
        if (macro_ && macro_->isEnabled() && !tok.is(clang::tok::kw_if)) macro_->DisableMacro();
      }
    }
    if (!macro_) return;
    bool afterIf = tok.is(clang::tok::kw_if);
    if (afterIf && !macro_->isEnabled()) macro_->EnableMacro();
    else if (!afterIf && macro_->isEnabled()) macro_->DisableMacro();
  }

private:
  clang::Preprocessor& pp_;
  clang::MacroInfo* macro_ = nullptr;
  bool lookedUp_ = false;
};

// Respellings that keep a file's length (toolkit headers, `if consteval` chains): done
// as the file is read, since its size from stat stays right.
class RespelledFile : public llvm::vfs::File {
public:
  RespelledFile(std::unique_ptr<llvm::vfs::File> inner, bool toolkitHeaders)
      : inner_(std::move(inner)), toolkitHeaders_(toolkitHeaders) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return inner_->status(); }
  llvm::ErrorOr<std::string> getName() override { return inner_->getName(); }
  std::error_code close() override { return inner_->close(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t size,
                                                               bool nullTerminated, bool isVolatile) override {
    auto buffer = inner_->getBuffer(name, size, nullTerminated, isVolatile);
    if (!buffer) return buffer;
    llvm::StringRef path = (*buffer)->getBufferIdentifier();
    std::optional<std::string> text;
    if (toolkitHeaders_) text = respellToolkitHeader(path, (*buffer)->getBuffer());
    if (auto chains = respellConstevalChains(text ? *text : (*buffer)->getBuffer())) text = std::move(chains);
    if (!text) return buffer;
    return llvm::MemoryBuffer::getMemBufferCopy(*text, path);
  }

private:
  std::unique_ptr<llvm::vfs::File> inner_;
  bool toolkitHeaders_;
};

// A file whose text circle rewrote to another length: what Clang stats and reads
// must agree (Clang checks a buffer's size against the file's).
class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(llvm::vfs::Status status, const std::string& text) : status_(std::move(status)), text_(text) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::string> getName() override { return status_.getName().str(); }
  std::error_code close() override { return {}; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool,
                                                               bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name.str());
  }

private:
  llvm::vfs::Status status_;
  const std::string& text_;
};

class CircleSyntaxFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  CircleSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base, SourceRespelling respelling)
      : ProxyFileSystem(std::move(base)), respelling_(std::move(respelling)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    auto st = ProxyFileSystem::status(path);
    if (!st) return st;
    const std::string* text = rewritten(path.str(), *st);
    return text ? llvm::vfs::Status::copyWithNewSize(*st, text->size()) : st;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file || isPrecompiled(path.str())) return file;
    auto st = (*file)->status();
    if (st)
      if (const std::string* text = rewritten(path.str(), *st))
        return std::unique_ptr<llvm::vfs::File>(
            std::make_unique<RewrittenFile>(llvm::vfs::Status::copyWithNewSize(*st, text->size()), *text));
    return std::unique_ptr<llvm::vfs::File>(std::make_unique<RespelledFile>(std::move(*file), respelling_.toolkitHeaders));
  }

private:
  // A precompiled header (frontend/preamble_pch.h): no source text to respell, and
  // megabytes of it.
  static bool isPrecompiled(llvm::StringRef path) { return path.ends_with(".pch"); }

  // The __CUDA_ARCH__ rewrite of a user's (or a third-party) file, in this file
  // system's view, read once; null when it needs none.
  const std::string* rewritten(const std::string& path, const llvm::vfs::Status& st) {
    if (respelling_.sms.empty() || !st.isRegularFile()) return nullptr;
    llvm::StringRef p(path);
    if (isPrecompiled(path)) return nullptr;
    if (auto known = cache_.find(path); known != cache_.end()) return known->second ? &*known->second : nullptr;
    bool toolkit = respelling_.rewritesToolkitGuards(p);
    if (toolkit) {
      // Decided once, as it is first met (a PCH's inputs are checked before the parse
      // begins): what Clang stats and what it reads must agree.
      if (!respelling_.parse->pastPreamble || respelling_.parse->preambleFiles.count(path))
        return cache_.try_emplace(path), nullptr;
    } else if (!respelling_.readsPerTarget(p)) {
      return nullptr;
    }
    auto it = cache_.try_emplace(path).first;
    auto buffer = getUnderlyingFS().getBufferForFile(path);
    if (buffer) {
      std::optional<std::string> text;
      if (toolkit) text = respellToolkitHeader(p, (*buffer)->getBuffer());
      if (auto chains = respellConstevalChains(text ? *text : (*buffer)->getBuffer())) text = std::move(chains);
      std::vector<int> copies = respelling_.sms;
      bool hostCopy = true;
      if (respelling_.copiesFor) {
        copies.clear();
        hostCopy = false;
        for (int target : *respelling_.copiesFor) (target ? copies.push_back(target) : void(hostCopy = true));
      }
      if (toolkit) {
        // Its statement guards; of the rest, the macros it chooses by target (outside
        // CCCL: frontend/toolkit_headers.h) for the sm whose features every target has.
        // Its declarations keep the host's view.
        CudaArchRewrite arch = rewriteCudaArchGuards(text ? *text : (*buffer)->getBuffer(), path, copies, hostCopy);
        if (arch.text) text = std::move(arch.text);
        if (arch.perTarget && !SourceRespelling::isCccl(p)) {
          llvm::StringRef read = text ? llvm::StringRef(*text) : (*buffer)->getBuffer();
          std::optional<std::string> chosen;
          if (respelling_.toolkitByView) {
            if (respelling_.view) chosen = chooseMacrosForEveryTarget(read, path, respelling_.view);
          } else {
            int oldest = commonFeatureSm(respelling_.sms);
            chosen = chooseMacrosForEveryTarget(read, path, oldest);
            int newest = *std::max_element(respelling_.sms.begin(), respelling_.sms.end());
            if (chosen && smNumber(newest) != smNumber(oldest) &&
                chooseMacrosForEveryTarget(read, path, newest) != chosen)
              met(path, /*toolkit=*/true);
          }
          if (chosen) text = std::move(chosen);
        }
        it->second = std::move(text);
        return it->second ? &*it->second : nullptr;
      }
      // circle's -E output of a source read per target: each view's own section.
      if (auto section = viewSection(text ? *text : (*buffer)->getBuffer(), respelling_.view)) {
        met(path, /*toolkit=*/false);
        it->second = std::move(section);
        return &*it->second;
      }
      CudaArchRewrite arch = rewriteCudaArchGuards(text ? *text : (*buffer)->getBuffer(), path, copies, hostCopy);
      if (arch.text) text = std::move(arch.text);
      if (arch.perTarget) {
        met(path, /*toolkit=*/false);
        if (respelling_.view)
          if (auto viewed = viewForTarget(text ? *text : (*buffer)->getBuffer(), path, respelling_.view))
            text = std::move(viewed);
      }
      it->second = std::move(text);
    }
    return it->second ? &*it->second : nullptr;
  }

  void met(const std::string& path, bool toolkit) {
    PerTargetFiles* files = respelling_.perTarget.get();
    if (!files) return;
    bool first = !files->any();
    (toolkit ? files->toolkitChoices : files->paths).push_back(path);
    if (first && files->firstMet) files->firstMet();
  }

  SourceRespelling respelling_;
  std::map<std::string, std::optional<std::string>> cache_; // by the path as Clang spells it
};

} // namespace

bool SourceRespelling::keepsHostView(llvm::StringRef path) const {
  return std::any_of(systemDirs.begin(), systemDirs.end(), [&](const std::string& dir) { return path.starts_with(dir); });
}

bool SourceRespelling::rewritesToolkitGuards(llvm::StringRef path) const {
  return !sms.empty() &&
         std::any_of(toolkitDirs.begin(), toolkitDirs.end(), [&](const std::string& dir) { return path.starts_with(dir); });
}

bool SourceRespelling::readsPerTarget(llvm::StringRef path) const {
  return !sms.empty() && !path.empty() && !path.starts_with("<") && !path.starts_with("/<circle>/") &&
         !isPreludeFile(path.str()) &&
         !keepsHostView(path);
}

namespace {

class PreambleEnd : public clang::PPCallbacks {
public:
  PreambleEnd(clang::Preprocessor& pp, ParseLink& link) : pp_(pp), link_(link) {}
  void FileChanged(clang::SourceLocation, FileChangeReason reason, clang::SrcMgr::CharacteristicKind,
                   clang::FileID previous) override {
    if (link_.pastPreamble) return;
    // From a PCH the preamble is there before the first file is entered.
    if (reason == EnterFile && !pp_.getPreprocessorOpts().ImplicitPCHInclude.empty()) link_.pastPreamble = true;
    if (reason == ExitFile)
      if (auto file = pp_.getSourceManager().getFileEntryRefForID(previous))
        link_.pastPreamble = file->getName().ends_with(std::string("/") + kCudaRuntimeWrapper);
  }

private:
  clang::Preprocessor& pp_;
  ParseLink& link_;
};

} // namespace

void watchPreambleEnd(clang::Preprocessor& pp, ParseLink& link) {
  link.pastPreamble = false;
  pp.addPPCallbacks(std::make_unique<PreambleEnd>(pp, link));
}

std::function<void(const clang::Token&)> gateIfTargetMacro(clang::Preprocessor& pp) {
  auto gate = std::make_unique<TargetMacroGate>(pp);
  TargetMacroGate* raw = gate.get();
  pp.addPPCallbacks(std::move(gate));
  return [raw](const clang::Token& tok) { raw->onToken(tok); };
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeCircleSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base, SourceRespelling respelling) {
  return llvm::makeIntrusiveRefCnt<CircleSyntaxFileSystem>(std::move(base), std::move(respelling));
}

} // namespace circle

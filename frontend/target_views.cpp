#include "frontend/target_views.h"

#include "support/diagnostics.h"
#include "support/gpu_arch.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/xxhash.h"

#include <map>

namespace circle {
namespace {

// One target's token stream, as the parser would receive it, each token a hash of its
// kind and spelling; pragmas (which the parser would turn into annotations) by their
// tokens.
struct TokenStream {
  std::vector<uint64_t> tokens;
  std::vector<clang::SourceLocation> locations;
};

uint64_t hashOf(clang::Preprocessor& pp, const clang::Token& tok) {
  uint64_t kind = uint64_t(tok.getKind()) * 0x9E3779B97F4A7C15ull;
  if (tok.isAnnotation() || tok.is(clang::tok::eof) || tok.is(clang::tok::eod)) return kind;
  llvm::SmallString<64> buffer;
  return kind ^ llvm::xxh3_64bits(pp.getSpelling(tok, buffer));
}

class PragmaTokens : public clang::PragmaHandler {
public:
  explicit PragmaTokens(TokenStream& stream) : stream_(stream) {}
  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer, clang::Token& first) override {
    stream_.tokens.push_back(0x5052414741ull); // a pragma starts here
    stream_.locations.push_back(first.getLocation());
    for (clang::Token tok = first; tok.isNot(clang::tok::eod) && tok.isNot(clang::tok::eof); pp.Lex(tok)) {
      stream_.tokens.push_back(hashOf(pp, tok));
      stream_.locations.push_back(tok.getLocation());
    }
  }

private:
  TokenStream& stream_;
};

// Preprocesses the source and keeps its token stream.
class StreamAction : public clang::PreprocessorFrontendAction {
public:
  StreamAction(TokenStream& stream, const PreprocessorHook& begin) : stream_(stream), begin_(begin) {}

protected:
  void ExecuteAction() override {
    clang::Preprocessor& pp = getCompilerInstance().getPreprocessor();
    if (begin_) begin_(pp);
    // Pragmas the parser would take (unroll, pack, clang loop...) have no handler in
    // a preprocessor alone: these see every one of them.
    pp.AddPragmaHandler(new PragmaTokens(stream_));
    pp.AddPragmaHandler("GCC", new PragmaTokens(stream_));
    pp.AddPragmaHandler("clang", new PragmaTokens(stream_));
    pp.EnterMainSourceFile();
    clang::Token tok;
    do {
      pp.Lex(tok);
      stream_.tokens.push_back(hashOf(pp, tok));
      stream_.locations.push_back(tok.getLocation());
    } while (tok.isNot(clang::tok::eof));
  }

  // Clang's count of errors would end "when compiling for host": it is a device view's.
  void EndSourceFileAction() override { getCompilerInstance().getLangOpts().CUDA = 0; }

private:
  TokenStream& stream_;
  const PreprocessorHook& begin_;
};

struct Preprocessed {
  std::unique_ptr<clang::CompilerInstance> ci; // kept: its source manager places the stream's locations
  TokenStream stream;
};

std::optional<Preprocessed> preprocess(const ViewInstanceMaker& make, int view, const PreprocessorHook& begin) {
  Preprocessed p;
  p.ci = make(view, /*preprocessOnly=*/true, /*copies=*/nullptr);
  if (!p.ci) return std::nullopt;
  // Its warnings are the parse's to give; an error (an #error only this target
  // reaches) fails the compile here.
  p.ci->getDiagnostics().setIgnoreAllWarnings(true);
  StreamAction action(p.stream, begin);
  if (!p.ci->ExecuteAction(action) || p.ci->getDiagnostics().hasErrorOccurred()) {
    if (view && p.ci->getDiagnostics().hasErrorOccurred()) noteWhoseErrors({view});
    return std::nullopt;
  }
  return p;
}

// Where `view` first departs from `host`: its token there, or the host's where its
// stream ends first.
void placeDeparture(const Preprocessed& host, const Preprocessed& view, const FilePredicate& keepsHostView,
                    ViewGroup& group) {
  const std::vector<uint64_t>& a = host.stream.tokens;
  const std::vector<uint64_t>& b = view.stream.tokens;
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const Preprocessed& from = i < b.size() ? view : host;
  if (i >= from.stream.locations.size()) return;
  // The macro either side's token came from (a macro of the toolkit's, `__device__`,
  // would say nothing the line does not).
  for (const Preprocessed* side : {&view, &host}) {
    if (i >= side->stream.locations.size() || !group.macro.empty()) continue;
    clang::SourceManager& sm = side->ci->getSourceManager();
    clang::SourceLocation loc = side->stream.locations[i];
    if (loc.isMacroID() && !keepsHostView(sm.getFilename(sm.getSpellingLoc(loc))))
      group.macro = clang::Lexer::getImmediateMacroName(loc, sm, side->ci->getLangOpts()).str();
  }
  clang::SourceManager& sm = from.ci->getSourceManager();
  clang::SourceLocation loc = from.stream.locations[i];
  clang::SourceLocation at = sm.getExpansionLoc(loc);
  clang::PresumedLoc p = sm.getPresumedLoc(at);
  clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(at));
  if (p.isInvalid() || !file) return;
  // The file's own lines: circle's rewrite moved them, and #line tells the user's.
  group.path = file->getName().str();
  group.line = sm.getExpansionLineNumber(at);
  group.column = sm.getExpansionColumnNumber(at);
  group.presumed = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
}

} // namespace

void noteWhoseErrors(const std::vector<int>& sms) {
  std::string names = smNames(sms);
  reportNote("the errors above are from the front-end pass for " + names + " (the source as nvcc's " +
             (sms.size() > 1 ? "passes for them read" : names + " pass reads") + " it, __CUDA_ARCH__ defined)");
}

std::optional<std::vector<ViewGroup>> groupTargetsByView(const ViewInstanceMaker& make, const std::vector<int>& sms,
                                                         const FilePredicate& keepsHostView,
                                                         const PreprocessorHook& begin) {
  std::optional<Preprocessed> host = preprocess(make, 0, begin);
  if (!host) return std::nullopt;
  std::vector<ViewGroup> groups(1);
  groups[0].host = true;
  // Streams of the groups without the host, by group.
  std::map<size_t, std::vector<uint64_t>> streams;
  for (int sm : sms) {
    std::optional<Preprocessed> view = preprocess(make, sm, begin);
    if (!view) return std::nullopt;
    if (view->stream.tokens == host->stream.tokens) {
      groups[0].sms.push_back(sm);
      continue;
    }
    size_t g = 1;
    for (; g < groups.size(); ++g)
      if (streams[g] == view->stream.tokens) break;
    if (g == groups.size()) {
      ViewGroup group;
      group.view = sm;
      placeDeparture(*host, *view, keepsHostView, group);
      groups.push_back(std::move(group));
      streams[g] = std::move(view->stream.tokens);
    }
    groups[g].sms.push_back(sm);
  }
  return groups;
}

} // namespace circle

#include "frontend/preamble_pch.h"

#include "frontend/device_runtime_path.h"
#include "frontend/phase_report.h"
#include "sema/implicit_prelude.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <unistd.h>
#include <utime.h>

namespace circle {

namespace {

constexpr const char* kPreambleMain = "/<circle>/preamble.cu";

std::string cacheDirFromEnvironment() {
  if (auto dir = llvm::sys::Process::GetEnv("CIRCLE_CACHE_DIR")) return *dir == "off" || dir->empty() ? "" : *dir;
  llvm::SmallString<256> path;
  if (auto xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME"); xdg && !xdg->empty()) path = *xdg;
  else if (auto home = llvm::sys::Process::GetEnv("HOME"); home && !home->empty())
    llvm::sys::path::append(path, *home, ".cache");
  else return "";
  llvm::sys::path::append(path, "circle");
  return std::string(path);
}

// size, modification time and path of a file, one line.
std::string stamp(const std::string& path) {
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(path, st)) return "";
  return std::to_string(st.getSize()) + " " +
         std::to_string(st.getLastModificationTime().time_since_epoch().count()) + " " + path;
}

// Clang checks a PCH's system headers by name only: a toolkit updated in place would
// leave a stale PCH. Every file it was built from must still have its size and time.
bool inputsUnchanged(const std::string& manifest, std::vector<std::string>& inputs) {
  auto buffer = llvm::MemoryBuffer::getFile(manifest);
  if (!buffer) return false;
  llvm::SmallVector<llvm::StringRef, 512> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, false);
  if (lines.empty()) return false;
  for (llvm::StringRef line : lines) {
    auto path = line.split(' ').second.split(' ').second;
    if (stamp(path.str()) != line) return false;
    inputs.push_back(path.str());
  }
  return true;
}

// Names a configuration: everything the preamble's text and meaning depend on.
std::string keyOf(const clang::CompilerInvocation& inv) {
  llvm::MD5 md5;
  auto add = [&](llvm::StringRef s) {
    md5.update(s);
    md5.update(llvm::ArrayRef<uint8_t>{0});
  };
  std::string self = circleExecutable();
  add(stamp(self));
  std::string mainFile = inv.getFrontendOpts().Inputs.empty() ? "" : inv.getFrontendOpts().Inputs[0].getFile().str();
  std::vector<std::string> args = inv.getCC1CommandLine();
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == mainFile) continue;
    if (args[i] == "-main-file-name" || args[i] == "-o") {
      ++i;
      continue;
    }
    // What only the diagnostics' looks and the working directory (as debug info names
    // it) change: one PCH serves every directory of a build.
    llvm::StringRef a(args[i]);
    if (a.starts_with("-fdebug-compilation-dir") || a.starts_with("-fcoverage-compilation-dir") ||
        a.starts_with("-fmessage-length") || a.starts_with("-ferror-limit") || a.starts_with("-fcolor-diagnostics") ||
        a.starts_with("-cuid="))
      continue;
    add(args[i]);
  }
  // A relative -I or -include finds other headers from another directory.
  bool relative = false;
  for (const auto& entry : inv.getHeaderSearchOpts().UserEntries) relative |= llvm::sys::path::is_relative(entry.Path);
  for (const std::string& include : inv.getPreprocessorOpts().Includes)
    relative |= llvm::sys::path::is_relative(include);
  if (relative) {
    llvm::SmallString<256> cwd;
    llvm::sys::fs::current_path(cwd);
    add(cwd);
  }
  for (const auto& [name, buffer] : inv.getPreprocessorOpts().RemappedFileBuffers) {
    add(name);
    add(buffer->getBuffer());
  }
  llvm::MD5::MD5Result result;
  md5.final(result);
  return std::string(result.digest());
}

// Builds the PCH of the first `count` implicit includes into `path`; its inputs into
// `manifest` and `inputs`.
bool generate(const clang::CompilerInvocation& inv, size_t count, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs,
              const std::string& path, const std::string& manifest, std::vector<std::string>& inputs) {
  auto pinv = std::make_shared<clang::CompilerInvocation>(inv);
  auto& ppo = pinv->getPreprocessorOpts();
  // The preprocessor owns (and frees) remapped buffers: the copy needs its own.
  for (auto& [name, buffer] : ppo.RemappedFileBuffers)
    buffer = llvm::MemoryBuffer::getMemBufferCopy(buffer->getBuffer(), buffer->getBufferIdentifier()).release();
  ppo.addRemappedFile(kPreambleMain, llvm::MemoryBuffer::getMemBufferCopy("", kPreambleMain).release());
  ppo.Includes.resize(count);
  auto& fo = pinv->getFrontendOpts();
  clang::InputKind kind = fo.Inputs[0].getKind();
  fo.Inputs.clear();
  fo.Inputs.emplace_back(kPreambleMain, kind);
  std::string temp = path + ".tmp" + std::to_string(::getpid());
  fo.OutputFile = temp;
  fo.ProgramAction = clang::frontend::GeneratePCH;
  clang::CompilerInstance pci(pinv);
  pci.createVirtualFileSystem(fs);
  pci.createDiagnostics(new clang::IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  clang::GeneratePCHAction action;
  bool ok = pci.ExecuteAction(action) && !pci.getDiagnostics().hasErrorOccurred();
  std::string lines;
  for (auto it = pci.getSourceManager().fileinfo_begin(); ok && it != pci.getSourceManager().fileinfo_end(); ++it) {
    std::string name = it->first.getName().str();
    if (llvm::StringRef(name).starts_with("/<circle>/") || isPreludeFile(name)) continue; // its text is in the key
    std::string line = stamp(name);
    ok = !line.empty();
    lines += line + "\n";
    inputs.push_back(name);
  }
  std::string manifestTemp = manifest + ".tmp" + std::to_string(::getpid());
  if (ok) {
    std::error_code ec;
    llvm::raw_fd_ostream out(manifestTemp, ec);
    ok = !ec && (out << lines, out.close(), !out.has_error());
  }
  // The PCH first: a manifest says its PCH is whole.
  ok = ok && !llvm::sys::fs::rename(temp, path) && !llvm::sys::fs::rename(manifestTemp, manifest);
  if (!ok) {
    llvm::sys::fs::remove(temp);
    llvm::sys::fs::remove(manifestTemp);
  }
  return ok;
}

// The cache keeps the kMaxPchs most recently used PCHs (10 MB each); marks of
// configurations seen once go with them when they outnumber kMaxPchs many times.
constexpr size_t kMaxPchs = 32;
void evictOldest(const std::string& dir) {
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> pchs, marks;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status(it->path(), st)) continue;
    llvm::StringRef path = it->path();
    if (path.ends_with(".pch")) pchs.push_back({st.getLastModificationTime(), path.str()});
    else if (path.ends_with(".seen")) marks.push_back({st.getLastModificationTime(), path.str()});
  }
  auto dropOldest = [](auto& files, size_t keep, auto remove) {
    if (files.size() <= keep) return;
    std::sort(files.begin(), files.end());
    for (size_t i = 0; i + keep < files.size(); ++i) remove(files[i].second);
  };
  dropOldest(pchs, kMaxPchs, [](const std::string& pch) {
    llvm::sys::fs::remove(pch);
    llvm::sys::fs::remove(llvm::StringRef(pch).drop_back(4).str() + ".inputs");
  });
  dropOldest(marks, 16 * kMaxPchs, [](const std::string& mark) { llvm::sys::fs::remove(mark); });
}

} // namespace

std::string circleCacheDir() { return cacheDirFromEnvironment(); }

std::optional<PreamblePch> usePreamblePch(clang::CompilerInvocation& inv,
                                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs, PhaseReport& report) {
  auto& includes = inv.getPreprocessorOpts().Includes;
  if (includes.size() < 2 || !isPreludeFile(includes[0]) || !llvm::StringRef(includes[1]).ends_with(kCudaRuntimeWrapper) ||
      !inv.getPreprocessorOpts().ImplicitPCHInclude.empty() || inv.getFrontendOpts().Inputs.size() != 1)
    return std::nullopt;
  std::string dir = circleCacheDir();
  if (dir.empty()) return std::nullopt;
  llvm::SmallString<256> base(dir);
  llvm::sys::path::append(base, "preamble");
  if (llvm::sys::fs::create_directories(base)) return std::nullopt;
  std::string key = keyOf(inv);
  PreamblePch pch;
  pch.path = (base + "/" + key + ".pch").str();
  std::string manifest = (base + "/" + key + ".inputs").str();
  if (!llvm::sys::fs::exists(pch.path) || !inputsUnchanged(manifest, pch.inputs)) {
    // A configuration seen once may be one file's own (-DFILE=...): the PCH is built
    // the second time, when it will serve again.
    std::string seen = (base + "/" + key + ".seen").str();
    if (!llvm::sys::fs::exists(seen)) {
      std::error_code ec;
      { llvm::raw_fd_ostream mark(seen, ec); }
      evictOldest(std::string(base));
      return std::nullopt;
    }
    PhaseReport::Scope scope(report, "preamble PCH");
    pch.inputs.clear();
    if (!generate(inv, 2, fs, pch.path, manifest, pch.inputs)) return std::nullopt;
    evictOldest(std::string(base));
  } else {
    ::utime(pch.path.c_str(), nullptr); // recently used: the last to be evicted
  }
  takePreamblePch(inv, pch);
  return pch;
}

void takePreamblePch(clang::CompilerInvocation& inv, const PreamblePch& pch) {
  auto& includes = inv.getPreprocessorOpts().Includes;
  inv.getPreprocessorOpts().ImplicitPCHInclude = pch.path;
  includes.erase(includes.begin(), includes.begin() + 2);
}

} // namespace circle

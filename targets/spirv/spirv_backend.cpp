#include "targets/spirv/spirv_backend.h"

#include "support/interrupts.h"
#include "targets/llvm_pipeline.h"
#include "targets/spirv/spirv_binary.h"

#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace circle {
namespace {

// The child's messages go to the parent through this pipe: its stderr is closed, so
// a crash prints no stack dump of LLVM's over circle's own message.
int childMessages = -1;

// In the child, a fatal error is the child's alone: the parent's handler would
// remove the compile's scratch files and outputs.
void childFatalError(void*, const char* reason, bool) {
  size_t n = std::min<size_t>(std::strlen(reason), 4000); // within one pipe buffer
  if (write(childMessages, reason, n) < 0) _exit(2);
  _exit(2);
}

std::string readAll(int fd) {
  std::string text;
  char buffer[1 << 16];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  return text;
}

// The backend's output for `module`, written by a child process through a pipe.
bool emitInChild(llvm::Module& module, llvm::TargetMachine& tm, std::string& bytes, std::string& error) {
  int fds[2], messages[2];
  if (pipe(fds) != 0) {
    error = std::string("cannot create a pipe for the SPIR-V backend: ") + std::strerror(errno);
    return false;
  }
  if (pipe(messages) != 0) {
    close(fds[0]);
    close(fds[1]);
    error = std::string("cannot create a pipe for the SPIR-V backend: ") + std::strerror(errno);
    return false;
  }
  pid_t child = fork();
  if (child < 0) {
    for (int fd : {fds[0], fds[1], messages[0], messages[1]}) close(fd);
    error = std::string("cannot start the SPIR-V backend: ") + std::strerror(errno);
    return false;
  }
  if (child == 0) {
    interrupts::enterChildProcess();
    close(fds[0]);
    close(messages[0]);
    childMessages = messages[1];
    if (int null = open("/dev/null", O_WRONLY); null >= 0) dup2(null, STDERR_FILENO);
    llvm::remove_fatal_error_handler();
    llvm::install_fatal_error_handler(childFatalError);
    bool ok;
    {
      llvm::raw_fd_ostream out(fds[1], /*shouldClose=*/true);
      ok = emitWithBackend(module, tm, out, llvm::CodeGenFileType::ObjectFile);
    }
    _exit(ok ? 0 : 3); // no destructors: they belong to the parent
  }
  close(fds[1]);
  close(messages[1]);
  // The object first: the child writes its message (a few KB at most) only after it.
  bytes = readAll(fds[0]);
  std::string said = readAll(messages[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3) error = "LLVM's SPIR-V backend cannot emit this module";
  else if (WIFEXITED(status)) error = "LLVM's SPIR-V backend failed: " + llvm::StringRef(said).trim().str();
  else error = "LLVM's SPIR-V backend crashed (signal " + std::to_string(WTERMSIG(status)) + ")";
  return false;
}

} // namespace

// The one SPIR-V extension circle's shaders may use: atomicAdd on float and double
// (OpAtomicFAddEXT). The backend declares it only in a module that needs it, and
// reads the extensions it may use from its command-line option alone.
void allowFloatAtomicAdd() {
  static bool done = false;
  if (done) return;
  done = true;
  auto& options = llvm::cl::getRegisteredOptions();
  if (auto it = options.find("spirv-ext"); it != options.end())
    it->second->addOccurrence(0, "spirv-ext", "+SPV_EXT_shader_atomic_float_add");
}

std::unique_ptr<llvm::TargetMachine> makeSpirvMachine(std::string& error) {
  allowFloatAtomicAdd();
  llvm::Triple triple("spirv1.6-unknown-vulkan1.3-compute");
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) return nullptr;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, "", "", llvm::TargetOptions(), std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Default));
}

bool emitSpirv(llvm::Module& module, llvm::TargetMachine& tm, std::vector<uint32_t>& words, std::string& error) {
  std::string bytes;
  if (!emitInChild(module, tm, bytes, error)) return false;
  if (bytes.size() % 4) {
    error = "the SPIR-V backend wrote a module that is not a whole number of words";
    return false;
  }
  words.resize(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  error = finishForVulkan(words);
  if (error.empty()) error = validateForVulkan(words);
  return error.empty();
}

} // namespace circle

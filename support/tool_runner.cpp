#include "support/tool_runner.h"

#include "support/interrupts.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace circle {
namespace {

int timeoutSeconds() {
  const char* env = std::getenv("CIRCLE_TOOL_TIMEOUT");
  if (!env || !*env) return 1800;
  char* end = nullptr;
  long v = std::strtol(env, &end, 10);
  return (*end || v < 0) ? 1800 : (int)std::min(v, 1L << 24);
}

// Starts the tool in a new process group with the interrupt signals at their
// defaults, its output in `logFd`. Those signals stay blocked in circle until the
// group is registered, so an interrupt in between cannot miss it.
pid_t spawn(const std::string& exe, const std::vector<std::string>& args, int logFd, std::string& err) {
  std::vector<char*> argv{const_cast<char*>(exe.c_str())};
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, logFd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, logFd, STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t stopping, none, previous;
  sigemptyset(&stopping);
  for (int sig : interrupts::kSignals) sigaddset(&stopping, sig);
  sigemptyset(&none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigdefault(&attr, &stopping);
  posix_spawnattr_setsigmask(&attr, &none);

  pthread_sigmask(SIG_BLOCK, &stopping, &previous);
  pid_t pid = -1;
  interrupts::startingTool();
  int rc = posix_spawn(&pid, exe.c_str(), &actions, &attr, argv.data(), environ);
  interrupts::addRunningTool(rc == 0 ? pid : 0);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    err = "cannot run '" + exe + "': " + std::strerror(rc);
    return -1;
  }
  return pid;
}

// Sleeps until the tool may have ended or the deadline passes. Through a pidfd the
// kernel wakes circle the moment the tool exits, so a tool's few milliseconds (ptxas
// per sm, fatbinary) are not stretched to the next look of a polling loop. Without one
// (kernels before 5.3, C libraries that do not name the call), naps of at most 2 ms.
class ExitWatch {
public:
#ifdef SYS_pidfd_open
  explicit ExitWatch(pid_t pid) : pidfd_((int)syscall(SYS_pidfd_open, pid, 0)) {}
#else
  explicit ExitWatch(pid_t) : pidfd_(-1) {}
#endif
  ~ExitWatch() {
    if (pidfd_ >= 0) close(pidfd_);
  }
  // Also wakes when the tool writes to `out` (its output pipe; -1 once it closed).
  void await(std::chrono::steady_clock::time_point deadline, bool limited, int out) {
    using namespace std::chrono;
    if (pidfd_ < 0 && out < 0) {
      std::this_thread::sleep_for(nap_);
      nap_ = std::min(nap_ * 2, microseconds(2000));
      return;
    }
    int ms = -1;
    if (limited) // a minute at most: the caller looks at the clock again
      ms = (int)std::clamp<long long>(duration_cast<milliseconds>(deadline - steady_clock::now()).count() + 1, 0, 60000);
    if (pidfd_ < 0) ms = ms < 0 ? 2 : std::min(ms, 2); // the exit itself wakes nobody
    pollfd p[2] = {{out, POLLIN, 0}, {pidfd_, POLLIN, 0}};
    poll(p, 2, ms); // woken early (EINTR): the caller looks again; negative fds are skipped
  }

private:
  int pidfd_;
  std::chrono::microseconds nap_{100};
};

// How long the output of a finished tool may take to reach its end.
constexpr int kFinalDrainSeconds = 10;

// Reads what the tool wrote so far; closes `fd` and sets it to -1 at its end.
void drain(int& fd, std::string& into) {
  char buf[65536];
  while (fd >= 0) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      into.append(buf, (size_t)n);
      continue;
    }
    if (n < 0 && (errno == EINTR)) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    close(fd); // the end, or an error that no read will cure
    fd = -1;
  }
}

// Waits for the tool, reading its output from `out`, stopping its whole group once
// the limit has passed.
void wait(pid_t pid, int limit, int out, ToolResult& result) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limit);
  ExitWatch watch(pid);
  int status = 0;
  auto finish = [&] {
    // The group was just killed, so the pipe ends soon; a process that left the group
    // and kept the pipe open must not keep circle waiting, so the wait is bounded.
    for (int tries = 0; out >= 0 && tries < kFinalDrainSeconds * 10; ++tries) {
      drain(out, result.output);
      pollfd p{out, POLLIN, 0};
      if (out >= 0) poll(&p, 1, 100);
    }
    if (out >= 0) close(out);
  };
  for (;;) {
    drain(out, result.output);
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) {
      // The interrupt handler reaps the tools it stops (ECHILD here): it ends circle
      // with the signal, and this tool did nothing wrong.
      while (interrupts::inProgress()) pause();
      result.status = ToolResult::Status::NotRun;
      result.output += std::string("lost track of the tool: ") + std::strerror(errno);
      interrupts::removeRunningTool(pid);
      if (out >= 0) close(out);
      return;
    }
    if (limit > 0 && std::chrono::steady_clock::now() >= deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      interrupts::removeRunningTool(pid);
      result.status = ToolResult::Status::TimedOut;
      result.timeoutSeconds = limit;
      finish();
      return;
    }
    watch.await(deadline, limit > 0, out);
  }
  interrupts::removeRunningTool(pid);
  // circle stopped it: the handler, on another thread, ends circle with the signal.
  while (interrupts::inProgress()) pause();
  // Whatever the tool left running in its group has no business outliving it.
  kill(-pid, SIGKILL);
  finish();
  if (WIFSIGNALED(status)) {
    result.status = ToolResult::Status::Crashed;
    result.signal = WTERMSIG(status);
  } else {
    result.status = ToolResult::Status::Exited;
    result.exitCode = WEXITSTATUS(status);
  }
}

} // namespace

std::string ToolResult::failure(const std::string& tool) const {
  switch (status) {
  case Status::Exited: return tool + " failed (exit status " + std::to_string(exitCode) + ")";
  case Status::Crashed:
    return tool + " crashed (signal " + std::to_string(signal) + ": " + strsignal(signal) + ")";
  case Status::TimedOut:
    return tool + " did not finish within " + std::to_string(timeoutSeconds) +
           " s and was stopped (CIRCLE_TOOL_TIMEOUT sets the limit in seconds; 0 removes it)";
  case Status::NotRun: return output.empty() ? "cannot run " + tool : output;
  }
  return tool + " failed";
}

std::string findInPath(const std::string& name) {
  auto p = llvm::sys::findProgramByName(name);
  return p ? *p : std::string();
}

ToolResult runTool(const std::string& program, const std::vector<std::string>& args, bool verbose) {
  ToolResult result;
  std::string exe = program.find('/') == std::string::npos ? findInPath(program) : program;
  if (exe.empty() || !llvm::sys::fs::can_execute(exe)) {
    result.output = "cannot find '" + program + "'";
    return result;
  }
  if (verbose) { // one write: tools for several sms run at once
    std::string line = " \"" + exe + "\"";
    for (const auto& a : args) line += " \"" + a + "\"";
    llvm::errs() << line + "\n";
  }

  // A pipe, not a file: what a tool says must reach the user when the temporary
  // directory is full or gone, which is often why it failed.
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    result.output = "cannot run '" + program + "': no pipe for its output: " + std::strerror(errno);
    return result;
  }
  std::string err;
  pid_t pid = spawn(exe, args, pipeFds[1], err);
  close(pipeFds[1]);
  if (pid < 0) {
    close(pipeFds[0]);
    result.output = err;
    return result;
  }
  fcntl(pipeFds[0], F_SETFL, O_NONBLOCK);
  wait(pid, timeoutSeconds(), pipeFds[0], result);
  return result;
}

} // namespace circle

#include "support/interrupts.h"

#include "llvm/Support/Signals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace circle::interrupts {
namespace {

// Fixed slots, so the handler reads them without locks or allocation. A compile has
// a handful of pending outputs and one scratch directory; more than fit are simply
// not removed by the handler (the ordinary exit paths still remove them).
constexpr int kFileSlots = 256, kDirSlots = 8, kToolSlots = 64;
std::atomic<char*> files[kFileSlots];
std::atomic<char*> dirs[kDirSlots];
std::atomic<pid_t> runningTools[kToolSlots]; // ptxas runs once per sm, concurrently
std::atomic<int> spawning{0};
std::atomic<bool> forkedChild{false};
std::atomic<bool> interrupting{false};

void track(std::atomic<char*>* slots, int n, const std::string& path) {
  char* copy = strdup(path.c_str());
  for (int i = 0; i < n; ++i) {
    char* expected = nullptr;
    if (slots[i].compare_exchange_strong(expected, copy)) return;
  }
  free(copy);
}

void untrack(std::atomic<char*>* slots, int n, const std::string& path) {
  for (int i = 0; i < n; ++i) {
    char* p = slots[i].load();
    if (p && path == p && slots[i].compare_exchange_strong(p, nullptr)) {
      free(p);
      return;
    }
  }
}

// Signals circle was started with ignored (nohup, a background job of a script)
// stay ignored; read before main, ahead of LLVM's own handlers.
struct Ignored {
  bool sig[NSIG] = {};
  Ignored() {
    for (int s : kSignals) {
      struct sigaction old{};
      sig[s] = sigaction(s, nullptr, &old) == 0 && old.sa_handler == SIG_IGN;
    }
  }
} ignoredAtStart;

void say(const char* s) { (void)!write(STDERR_FILENO, s, strlen(s)); }

// Removes the tree below an open directory with async-signal-safe calls only.
void removeTree(int dirfd, int depth) {
  alignas(8) char buf[4096];
  for (;;) {
    long n = syscall(SYS_getdents64, dirfd, buf, sizeof buf);
    if (n <= 0) return;
    bool removedAny = false;
    for (long at = 0; at < n;) {
      struct Entry { ino64_t ino; off64_t off; unsigned short len; unsigned char type; char name[1]; };
      auto* e = reinterpret_cast<Entry*>(buf + at);
      at += e->len;
      if (!strcmp(e->name, ".") || !strcmp(e->name, "..")) continue;
      if (unlinkat(dirfd, e->name, 0) == 0) {
        removedAny = true;
        continue;
      }
      if ((errno == EISDIR || errno == EPERM) && depth < 16) {
        int sub = openat(dirfd, e->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub >= 0) {
          removeTree(sub, depth + 1);
          close(sub);
        }
        if (unlinkat(dirfd, e->name, AT_REMOVEDIR) == 0) removedAny = true;
      }
    }
    // Entries were removed while reading: start over so none is skipped.
    if (removedAny) lseek(dirfd, 0, SEEK_SET);
    else return;
  }
}

// Every registered tool's group gets SIGTERM, then up to a second together to clean
// up after itself, then SIGKILL. A tool being started on another thread registers
// within microseconds: the handler waits for that before it looks.
void stopTools() {
  for (int i = 0; i < 1000 && spawning.load() > 0; ++i) {
    struct timespec ms{0, 1000 * 1000};
    nanosleep(&ms, nullptr);
  }
  pid_t groups[kToolSlots];
  int n = 0;
  for (auto& slot : runningTools)
    if (pid_t g = slot.exchange(0); g > 0) groups[n++] = g;
  for (int i = 0; i < n; ++i) kill(-groups[i], SIGTERM);
  for (int round = 0; round < 100; ++round) {
    bool anyLeft = false;
    for (int i = 0; i < n; ++i) {
      if (groups[i] <= 0) continue;
      int status;
      pid_t r = waitpid(groups[i], &status, WNOHANG);
      if (r == groups[i] || (r < 0 && errno == ECHILD)) {
        kill(-groups[i], SIGKILL); // whatever it left in its group
        groups[i] = 0;
      } else {
        anyLeft = true;
      }
    }
    if (!anyLeft) break;
    struct timespec ten{0, 10 * 1000 * 1000};
    nanosleep(&ten, nullptr);
  }
  for (int i = 0; i < n; ++i)
    if (groups[i] > 0) kill(-groups[i], SIGKILL);
}

void removeTracked() {
  for (auto& slot : files)
    if (char* p = slot.load()) unlink(p);
  for (auto& slot : dirs) {
    char* p = slot.load();
    if (!p) continue;
    int fd = open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
      removeTree(fd, 0);
      close(fd);
    }
    rmdir(p);
  }
}

void onInterrupt(int sig) {
  interrupting = true;
  stopTools();
  removeTracked();
  say("circle: error: interrupted by ");
  say(sig == SIGINT    ? "SIGINT"
      : sig == SIGTERM ? "SIGTERM"
      : sig == SIGHUP  ? "SIGHUP"
      : sig == SIGPIPE ? "SIGPIPE (its output or standard error was closed)"
                       : "a signal");
  say("; the compile was stopped and no output was written\n");
  // Die of the same signal: a build tool must see an interrupted compiler, not a failed one.
  signal(sig, SIG_DFL);
  raise(sig);
}

// After LLVM's stack dump (its handler was installed first): the compile's files are
// removed and circle exits with status 1 as for any error, saying so, so a build sees
// a failed compile with a message rather than a dead process.
void onCrash(void*) {
  if (forkedChild) return;
  stopTools();
  removeTracked();
  say("circle: error: internal error: circle crashed (the stack dump above); no output was written. Please report "
      "it with the command line and the source it compiled (the same command with -E writes it preprocessed)\n");
  _exit(1);
}

} // namespace

void install() {
  struct sigaction sa{};
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals) {
    if (ignoredAtStart.sig[sig]) signal(sig, SIG_IGN);
    else sigaction(sig, &sa, nullptr);
  }
  llvm::sys::AddSignalHandler(onCrash, nullptr);
}

void enterChildProcess() {
  forkedChild = true;
  for (int sig : kSignals) signal(sig, SIG_DFL);
}

void trackFile(const std::string& path) { track(files, kFileSlots, path); }
void untrackFile(const std::string& path) { untrack(files, kFileSlots, path); }
void trackDirectory(const std::string& path) { track(dirs, kDirSlots, path); }
void untrackDirectory(const std::string& path) { untrack(dirs, kDirSlots, path); }
bool inProgress() { return interrupting; }
void startingTool() { ++spawning; }

void addRunningTool(pid_t group) {
  if (group > 0)
    for (auto& slot : runningTools) {
      pid_t expected = 0;
      if (slot.compare_exchange_strong(expected, group)) break;
    }
  --spawning;
}

void removeRunningTool(pid_t group) {
  for (auto& slot : runningTools) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

} // namespace circle::interrupts

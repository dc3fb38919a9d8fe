#include "targets/nvptx/parallel_assembly.h"

#include "support/interrupts.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>

namespace circle {
namespace {

// Pool threads are created while this is alive, and inherit its mask: interrupts are
// handled on the main thread, which stops every tool the workers started.
class InterruptsBlocked {
public:
  InterruptsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : interrupts::kSignals) sigaddset(&set, sig);
    pthread_sigmask(SIG_BLOCK, &set, &previous_);
  }
  ~InterruptsBlocked() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

private:
  sigset_t previous_;
};

// Under `make -jN` every ptxas beyond the first takes one of make's job slots, so a
// parallel build does not run N compiles times their sms' ptxas at once (LLVM's
// jobserver client; without a jobserver in MAKEFLAGS, `threads` alone bounds it).
// make hands its job slots' pipe only to recipes it knows run make (`+`, $(MAKE)); the
// others see the jobserver in MAKEFLAGS with its descriptors closed, where LLVM's
// client would print a warning for each compile.
bool jobserverReachable() {
  const char* flags = std::getenv("MAKEFLAGS");
  if (!flags) return false;
  llvm::StringRef f(flags);
  size_t at = f.rfind("--jobserver-auth=");
  if (at == llvm::StringRef::npos) return false;
  llvm::StringRef auth = f.substr(at + strlen("--jobserver-auth=")).split(' ').first;
  if (auth.consume_front("fifo:")) return llvm::sys::fs::exists(auth);
  auto [r, w] = auth.split(',');
  int rfd, wfd;
  if (r.getAsInteger(10, rfd) || w.getAsInteger(10, wfd)) return false;
  return fcntl(rfd, F_GETFD) != -1 && fcntl(wfd, F_GETFD) != -1;
}

llvm::ThreadPoolStrategy assemblyThreads(unsigned threads) {
  llvm::ThreadPoolStrategy s = llvm::hardware_concurrency(threads);
  s.UseJobserver = jobserverReachable();
  return s;
}

} // namespace

ParallelAssembly::ParallelAssembly(const CudaToolkit& tk, unsigned threads)
    : tk_(tk), pool_(std::make_unique<llvm::StdThreadPool>(assemblyThreads(threads))) {}

ParallelAssembly::~ParallelAssembly() { pool_->wait(); }

void ParallelAssembly::start(Job job) {
  jobs_.push_back(std::make_unique<Job>(std::move(job)));
  results_.push_back(std::make_unique<Result>());
  Job* j = jobs_.back().get();
  Result* r = results_.back().get();
  r->image = j->image;
  InterruptsBlocked blocked;
  pool_->async([this, j, r] {
    r->error = assembleImage(tk_, j->ptx, r->image, j->ptxas, j->deviceRuntime, j->objectFile, j->nvlinkArgs,
                             r->messages, &r->frames);
    j->ptx.clear();
    j->ptx.shrink_to_fit();
  });
}

std::vector<ParallelAssembly::Result> ParallelAssembly::finish() {
  pool_->wait();
  std::vector<Result> results;
  for (auto& r : results_) results.push_back(std::move(*r));
  jobs_.clear();
  results_.clear();
  return results;
}

} // namespace circle

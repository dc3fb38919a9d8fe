#include "targets/nvptx/parallel_assembly.h"

#include "support/interrupts.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <csignal>
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

} // namespace

ParallelAssembly::ParallelAssembly(const CudaToolkit& tk, unsigned threads)
    : tk_(tk), pool_(std::make_unique<llvm::StdThreadPool>(llvm::hardware_concurrency(threads))) {}

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

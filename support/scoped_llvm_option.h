// An LLVM command-line option set for one target's code generation and put back after:
// LLVM reads some of its choices only from these process-wide options, and circle's host
// and device passes run one after another in one process. A value the user gave with
// -mllvm stands.
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace circle {

template <class T> class ScopedLlvmOption {
public:
  ScopedLlvmOption(llvm::StringRef name, T value) {
    auto& options = llvm::cl::getRegisteredOptions();
    auto it = options.find(name);
    if (it == options.end() || it->second->getNumOccurrences() > 0) return;
    option_ = static_cast<llvm::cl::opt<T>*>(it->second);
    saved_ = *option_;
    option_->setValue(value);
  }
  ~ScopedLlvmOption() {
    if (option_) option_->setValue(saved_);
  }
  ScopedLlvmOption(const ScopedLlvmOption&) = delete;
  ScopedLlvmOption& operator=(const ScopedLlvmOption&) = delete;

private:
  llvm::cl::opt<T>* option_ = nullptr;
  T saved_{};
};

} // namespace circle

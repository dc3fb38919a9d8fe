// -ftime-report: how many times each phase ran and for how long. The parse line is
// the proof of the single-pass model: it reads 1 however many -sm_XX are given.
// With -ftime-trace each phase is also an event of the trace (Clang's own events,
// the parse's details, sit inside them).
#pragma once
#include "llvm/Support/Format.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <string>

namespace circle {

class PhaseReport {
public:
  class Scope {
  public:
    Scope(PhaseReport& r, std::string name) : r_(r), name_(std::move(name)) {
      if (llvm::timeTraceProfilerEnabled()) llvm::timeTraceProfilerBegin(name_, "");
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() {
      if (llvm::timeTraceProfilerEnabled()) llvm::timeTraceProfilerEnd();
      auto& e = r_.phases_[name_];
      e.count++;
      e.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    PhaseReport& r_;
    std::string name_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  };
  void print() const {
    for (const auto& [name, e] : phases_)
      llvm::errs() << llvm::format("circle: phase %-22s ran %d time(s), %.3f s\n", name.c_str(), e.count,
                                   e.seconds);
  }

  // nvcc's -time: one CSV row per phase, the column names first when the table is new.
  void printTable(llvm::raw_ostream& os, llvm::StringRef sources, bool header) const {
    if (header) os << "source files,phase,runs,milliseconds\n";
    std::string quoted = "\"";
    for (char c : sources) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    quoted += "\"";
    for (const auto& [name, e] : phases_)
      os << quoted << "," << name << "," << e.count << "," << llvm::format("%.3f", e.seconds * 1000) << "\n";
  }

private:
  struct Entry { int count = 0; double seconds = 0; };
  std::map<std::string, Entry> phases_;
};

} // namespace circle

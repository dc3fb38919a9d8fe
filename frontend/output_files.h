// The files a compile writes for the user. Each waits under a temporary name until
// the whole compile has succeeded, so a failed or interrupted compile leaves nothing
// behind, and is then put in place by the rules a user of a C++ compiler expects:
// - an input is never overwritten, however its path is spelt (another spelling, a
//   symbolic or hard link): that is an error before anything is written;
// - a regular file (or a new name) is replaced atomically: the content is written
//   to a uniquely named file beside it and renamed over it, so concurrent compiles
//   to the same -o never share a scratch name;
// - a symbolic link is followed: what it points to is written, the link stays;
// - anything else (/dev/null, a terminal, a FIFO, `-o -` for standard output) is
//   written through, never replaced.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace circle {

class PendingOutputs {
public:
  // `scratchDir` holds the content of outputs that are written through.
  explicit PendingOutputs(std::string scratchDir) : scratch_(std::move(scratchDir)) {}
  ~PendingOutputs();
  PendingOutputs(const PendingOutputs&) = delete;
  PendingOutputs& operator=(const PendingOutputs&) = delete;

  // A file the compile reads; an output that is the same file is refused.
  void protect(const std::string& input);
  // Whether `finalPath` may be written; reports why not.
  bool check(const std::string& finalPath);
  // The temporary path to write `finalPath`'s content to; empty after reporting why
  // it cannot be written.
  std::string add(const std::string& finalPath);
  // Puts every output in place; false (with a reported error) if one could not be.
  bool commit();
  // Removes every output not committed; the destructor does the same.
  void discard();

private:
  enum class Kind { Replace, WriteThrough, Stdout };
  struct Target {
    std::string path; // symbolic links followed
    Kind kind = Kind::Replace;
  };
  bool resolve(const std::string& finalPath, Target& target);
  struct Entry {
    std::string temp, shown;
    Target target;
  };
  std::string scratch_;
  std::map<std::pair<unsigned long long, unsigned long long>, std::string> inputs_; // (device, inode) -> name
  std::vector<Entry> entries_;
  bool committed_ = false;
};

// Writes `data` to `path` (a path PendingOutputs::add gave); false after reporting
// why not. An empty path is one add() refused (and reported).
bool writeOutputFile(const std::string& path, llvm::StringRef data);

} // namespace circle

// Scratch files for one compile, and outputs that appear only when the compile
// succeeds: a failed compile never leaves a partial output behind.
#pragma once
#include <string>
#include <vector>

namespace circle {

class TempDir {
public:
  explicit TempDir(bool keep);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return dir_; }
  std::string file(const std::string& name) const;
  bool ok() const { return !dir_.empty(); }
  // Removes the directory now (unless kept); the destructor does the same.
  void removeNow();

private:
  std::string dir_;
  bool keep_;
};

// Collects finished outputs under temporary names; commit() renames them all into
// place, and the destructor removes whatever was not committed.
class PendingOutputs {
public:
  ~PendingOutputs();
  // Returns the temporary path to write `finalPath`'s content to.
  std::string add(const std::string& finalPath);
  // Moves every output into place; false (with a reported error) if one could not be.
  bool commit();
  // Removes every output not committed; the destructor does the same.
  void discard();

private:
  struct Entry { std::string temp, final; };
  std::vector<Entry> entries_;
  bool committed_ = false;
};

} // namespace circle

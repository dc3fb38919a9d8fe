// The scratch directory of one compile (PTX, cubins, fat binaries, the host object
// an executable is linked from). It is removed when the compile ends, when circle
// is interrupted and when it crashes, unless --keep-temps keeps it.
#pragma once
#include <string>

namespace circle {

class TempDir {
public:
  // `keepIn`: with `keep`, the directory to keep the files in (nvcc's --keep-dir; made
  // if missing) instead of a new one.
  explicit TempDir(bool keep, const std::string& keepIn = "");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return dir_; }
  std::string file(const std::string& name) const;
  bool ok() const { return !dir_.empty(); }
  // Removes the directory now (unless kept); the destructor does the same.
  void removeNow();
  // What is wrong with the directory, said after a failed compile because it is often
  // the cause a tool's own message hides: removed while circle ran, or its file
  // system full. Empty when nothing is.
  std::string trouble() const;

private:
  std::string dir_;
  std::string where_; // how trouble() names the directory's place ("'/tmp' ($TMPDIR)")
  bool keep_;
};

} // namespace circle

// Untagged functions are __host__ __device__: a helper that reads threadIdx, calls
// atomicAdd or __syncthreads, or declares a __shared__ array needs no tag. How, with
// Clang's Sema left as it is:
// - the launch prelude ends with `#pragma clang attribute push` of circle's own
//   attribute on every function; its handler gives each function of the user's files
//   that carries no __host__/__device__/__global__ of its own (main and redeclarations
//   of host functions aside) implicit __host__ __device__ attributes, before Clang
//   looks at the body;
// - while such a function's body is parsed it is implicitly inline (a token watcher
//   marks it as the body begins), so that a device-only construct in it is a
//   *deferred* diagnostic, said only if host code uses the function, as for
//   templates and lambdas, instead of an error because an external function is
//   always emitted for the host;
// - after the parse the functions are ordinary again; those that reach a device-only
//   construct (Clang's deferred diagnostics, through any chain of calls) are left out
//   of the host's code generation: they exist on the GPU only.
#pragma once
#include <functional>
#include <set>
#include <vector>

namespace clang {
class Attr;
class CompilerInstance;
class FunctionDecl;
class Sema;
class SourceLocation;
class Token;
} // namespace clang

namespace circle {

class UntaggedFunctions {
public:
  UntaggedFunctions();
  ~UntaggedFunctions();

  // Pragma text for the end of the launch prelude.
  static const char* preludeText();

  // The token watcher's part: a function body's first token; the main file's end.
  void onToken(clang::CompilerInstance& ci, const clang::Token& tok);
  // After the parse: which functions exist on the GPU only (a construct in a branch
  // of `if target` the host does not take does not count); inline marks undone.
  void afterParse(clang::Sema& sema, const std::function<bool(clang::SourceLocation)>& deadOnHost);
  // Whether the parser has reached the main file's end.
  bool parseEnded() const { return parseEnded_; }

  // Given implicit __host__ __device__ by the attribute handler.
  void adopt(clang::FunctionDecl* fd);
  // A later declaration tagged the function: the implicit attributes go.
  void disown(clang::FunctionDecl* fd);
  bool isUntagged(const clang::FunctionDecl* fd) const;

  // The host pass leaves these out: each reaches a device-only construct.
  const std::vector<clang::FunctionDecl*>& deviceOnly() const { return deviceOnly_; }

  // While it lives, the device-only functions lack their implicit __host__ attribute,
  // so host CodeGen treats them as __device__ functions.
  class HostPassScope {
  public:
    explicit HostPassScope(const UntaggedFunctions& u);
    ~HostPassScope();

  private:
    const UntaggedFunctions& u_;
  };

  // While it lives, untagged functions lose [[gnu::used]] and [[gnu::retain]]: keeping
  // a function for the host's linker does not put it on the GPU, where it is
  // generated only when a kernel reaches it (it may throw, or call the host's libraries).
  class DevicePassScope {
  public:
    explicit DevicePassScope(const UntaggedFunctions& u);
    ~DevicePassScope();

  private:
    std::vector<std::pair<clang::FunctionDecl*, clang::Attr*>> dropped_;
  };

private:
  void onEndOfMainFile(clang::CompilerInstance& ci, const clang::Token& tok);

  std::set<const clang::FunctionDecl*> untagged_;
  std::vector<clang::FunctionDecl*> madeInline_;
  std::vector<clang::FunctionDecl*> deviceOnly_;
  const clang::FunctionDecl* lastBody_ = nullptr;
  bool parseEnded_ = false;
};

} // namespace circle

// Circle's [[storage_only]]: an object whose storage is defined but whose
// constructor and destructor never run implicitly; the program constructs it with
// placement new and ends it with an explicit destructor call. It is what lets a
// __device__ or __shared__ object have a type with a non-trivial constructor
// (std::vector), which CUDA cannot initialize dynamically.
//
// How: while Sema decides the declaration's initialization, the variable's type is
// an array of bytes of the same size (so no constructor is looked up, a deleted
// default constructor included, and no destructor is registered); the parser's next
// token gives it back its type before anything can name it. Code generation then
// finds no initializer; the host's exit-time destructor registration, which CodeGen
// adds for any global of a type with a destructor, is taken out of the host module.
#pragma once
#include <functional>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class Token;
class VarDecl;
} // namespace clang
namespace llvm {
class Module;
}

namespace circle {

// Registers the attribute with Clang; returns what must see every token the parser gets.
std::function<void(const clang::Token&)> watchStorageOnly();

// The variables declared [[storage_only]] in this compile, after checking each (an
// initializer, automatic storage: errors at the variable). False after an error.
bool checkStorageOnly(clang::DiagnosticsEngine& diags, std::vector<const clang::VarDecl*>& out);

// Drops the exit-time destructor calls CodeGen registered for these variables.
void dropStorageOnlyDestructors(llvm::Module& host, clang::ASTContext& ast,
                                const std::vector<const clang::VarDecl*>& vars);

} // namespace circle

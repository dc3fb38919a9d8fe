// The GlobalDecls one function definition is generated as: itself, or a
// constructor's complete and base variants, a destructor's complete and base ones
// (and its deleting one, which a virtual destructor's vtable names, when asked).
// Each variant is a symbol of its own in a module.
#pragma once
#include "clang/AST/GlobalDecl.h"

#include <vector>

namespace clang {
class FunctionDecl;
}

namespace circle {

std::vector<clang::GlobalDecl> variantsOf(const clang::FunctionDecl& fd, bool withDeleting = false);

} // namespace circle

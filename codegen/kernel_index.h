// Finds the declaration behind a kernel's mangled name, so problems found in a device
// module after code generation can still point at the user's source.
#pragma once
#include <map>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace circle {

// Every __global__ function definition in the translation unit (template
// instantiations included), by the name the device module gives it.
std::map<std::string, const clang::FunctionDecl*> indexKernels(clang::ASTContext& ast);

} // namespace circle

// Explicit instantiation definitions (`template class std::basic_ostream<char>;`) as
// roots of a device pass. Clang's CUDA device CodeGen generates a function only when
// device code uses it, so the instantiations circle's device runtime writes to stand
// in for libstdc++'s shared library (libdevice-c/runtime/iostream_templates.cpp) would
// otherwise come out empty.
#pragma once
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CodeGenerator;
} // namespace clang
namespace llvm {
class Module;
}

namespace circle {

// Hands every explicitly instantiated function with a body (members of explicitly
// instantiated classes, their nested classes' members, function template
// instantiations) to `gen`, each constructor and destructor in all its variants.
// Returns their symbols, to be given to finishExplicitInstantiations once CodeGen has
// released the module.
std::vector<std::string> generateExplicitInstantiations(clang::ASTContext& ast, clang::CodeGenerator& gen);

// Device CodeGen makes the functions internal: they get back the linkage an explicit
// instantiation has (weak_odr). Where CodeGen replaced a constructor's or
// destructor's complete variant by its base variant (equal without virtual bases;
// NVPTX has no aliases), the complete variant is defined as a call of the base one:
// other modules name it.
void finishExplicitInstantiations(llvm::Module& m, const std::vector<std::string>& symbols);

} // namespace circle

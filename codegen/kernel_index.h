// Finds the declarations behind device-module symbol names, so problems found in a
// device module after code generation can still point at the user's source.
#pragma once
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class MangleContext;
class SourceManager;
class VarDecl;
} // namespace clang

namespace circle {

class WalkTape;

// The symbol a function (or kernel) has in a device module. Lambdas are numbered by
// the mangler, so theirs match only when one MangleContext names them all.
std::string deviceSymbolName(clang::MangleContext& mangler, const clang::FunctionDecl& fd);

// The symbol a namespace-scope or static variable has in every module.
std::string variableSymbolName(clang::MangleContext& mangler, const clang::VarDecl& vd);

using DeclsByName = std::map<std::string, const clang::FunctionDecl*>;

// Every __global__ function definition in the translation unit (template
// instantiations included), by the name the device module gives it.
DeclsByName indexKernels(const WalkTape& tape);

// The kernels declared with __cluster_dims__ (codegen/cluster_dims.h).
DeclsByName indexClusterKernels(const WalkTape& tape);

// Functions the user's own files mark __host__ (and not __device__): host-only by
// request, so a kernel must not reach them. System headers are left out.
DeclsByName indexExplicitHostFunctions(const WalkTape& tape);

// Functions whose bodies compute with long double (which the GPU computes as double).
// Not the preamble PCH's (sema/instantiation_visitor.h says why): a call of one with
// a long double puts the long double in the caller.
DeclsByName indexLongDoubleFunctions(const WalkTape& tape);

// Functions (lambdas' call operators, constructors and destructors included) with a
// parameter of a class the C++ ABI passes by address (a non-trivial copy or move
// constructor or destructor), by symbol: for each record parameter in order, whether
// it is one (targets/nvptx/nontrivial_params.h says why).
std::map<std::string, std::vector<bool>> indexNonTrivialRecordParams(const WalkTape& tape);

// The function definitions of the user's files (not system headers), lambdas' call
// operators included, and each symbol of their constructors and destructors.
DeclsByName indexUserFunctions(const WalkTape& tape);

// Those of indexUserFunctions's functions that say `try`, with where they say it
// first (codegen/exception_islands.h).
struct TryFunction {
  const clang::FunctionDecl* decl;
  clang::SourceLocation firstTry;
};
std::map<std::string, TryFunction> findTryFunctions(const DeclsByName& userFunctions, const clang::SourceManager& sm);

// The function definition a device module names `symbol`, or null. A replay of the
// whole translation unit: for error paths.
const clang::FunctionDecl* findFunctionBySymbol(const WalkTape& tape, const std::string& symbol);

// The same for a variable with static storage.
const clang::VarDecl* findVariableBySymbol(const WalkTape& tape, const std::string& symbol);
// The same for several, in one replay; the symbols none declares are left out.
std::map<std::string, const clang::VarDecl*> findVariablesBySymbols(const WalkTape& tape,
                                                                   const std::set<std::string>& symbols);

// Where function bodies name the variable a device module calls `symbol`: each use's
// location and the symbol of the function it is in. A replay: for error paths.
struct VariableUse {
  std::string function;
  clang::SourceLocation at;
};
std::vector<VariableUse> findVariableUses(const WalkTape& tape, const std::string& symbol);

// The variables declared __managed__ (the prelude marks them), by symbol.
std::map<std::string, const clang::VarDecl*> managedVariables(const WalkTape& tape);

} // namespace circle

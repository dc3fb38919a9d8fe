// Header constants such as std::piecewise_construct are ordinary host variables in
// the one parse; a device pass that reaches one would leave it undefined. A CUDA
// device compile makes constexpr variables implicitly __constant__; circle does the
// same for the length of each device pass (and only then: the host must not see
// them as device variables to register).
#pragma once
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace circle {

class WalkTape;

std::vector<clang::VarDecl*> findHostConstexprVariables(const WalkTape& tape);

class DeviceConstantsScope {
public:
  DeviceConstantsScope(clang::ASTContext& ast, const std::vector<clang::VarDecl*>& vars);
  ~DeviceConstantsScope();
  DeviceConstantsScope(const DeviceConstantsScope&) = delete;
  DeviceConstantsScope& operator=(const DeviceConstantsScope&) = delete;

private:
  const std::vector<clang::VarDecl*>& vars_;
};

} // namespace circle

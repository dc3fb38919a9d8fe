#include "codegen/spirv_pass.h"

#include "codegen/codegen_objects.h"
#include "codegen/device_constants.h"
#include "codegen/kernel_index.h"
#include "codegen/source_locations.h"
#include "codegen/target_pass.h"
#include "sema/if_target_rules.h"
#include "sema/spirv_entry_points.h"
#include "targets/nvptx/device_codegen_options.h"
#include "targets/nvptx/sm_targets.h"
#include "targets/spirv/shader_lowering.h"
#include "targets/spirv/spirv_backend.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>

namespace circle {
namespace {

// Vulkan guarantees 128 bytes of push constants on every device.
constexpr unsigned kPushConstantLimit = 128;

// The parameters laid out as circle/vulkan.hpp packs them.
ShaderEntry describeEntry(clang::ASTContext& ast, const clang::FunctionDecl& fd, const std::string& symbol,
                          const std::array<unsigned, 3>& localSize) {
  ShaderEntry e;
  e.kernel = symbol;
  e.localSize = localSize;
  unsigned at = 0;
  for (const clang::ParmVarDecl* p : fd.parameters()) {
    clang::TypeInfoChars info = ast.getTypeInfoInChars(p->getType());
    unsigned align = static_cast<unsigned>(info.Align.getQuantity());
    unsigned size = static_cast<unsigned>(info.Width.getQuantity());
    at = (at + align - 1) / align * align;
    e.params.push_back({at, size});
    at += size;
  }
  e.pushBytes = at;
  return e;
}

// --keep-temps: each shader's lowered IR and SPIR-V, for a look with spirv-dis.
void keep(const std::string& dir, const std::string& name, llvm::function_ref<void(llvm::raw_ostream&)> write) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (!ec) write(os);
}

// At the construct, with a note at each call that reaches it from the kernel; at the
// entry point when the line tables lost the construct's place.
void reportProblem(clang::DiagnosticsEngine& diags, const clang::FunctionDecl& fd, const ShaderProblem& p) {
  clang::SourceManager& sm = diags.getSourceManager();
  std::vector<clang::SourceLocation> where;
  for (const SourcePoint& point : p.where)
    if (clang::SourceLocation loc = locateInSource(sm, point.file, point.line, point.column); loc.isValid())
      where.push_back(loc);
  // __shfl_sync's body is in Clang's header: the user's call to it is the place.
  while (where.size() > 1 && sm.isInSystemHeader(where.front())) where.erase(where.begin());
  if (where.empty()) where.push_back(fd.getLocation());
  diags.Report(where.front(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
      << "SPIR-V entry point '" + fd.getQualifiedNameAsString() + "' " + p.message;
  for (size_t k = 1; k < where.size(); ++k)
    diags.Report(where[k], diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0"))
        << "reached through this call";
}

} // namespace

bool runSpirvPass(const SpirvPassInput& in, std::vector<CompiledShader>& out) {
  clang::CompilerInstance& ci = in.pass.compiler;
  clang::ASTContext& ast = in.pass.ast;
  clang::DiagnosticsEngine& diags = ci.getDiagnostics();
  auto error = [&](clang::SourceLocation loc, const std::string& text) {
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
  };

  std::vector<std::pair<const clang::FunctionDecl*, ShaderEntry>> entries;
  for (const auto& [symbol, fd] : indexKernels(in.pass.tape))
    if (auto size = spirvLocalSize(*fd)) {
      ShaderEntry e = describeEntry(ast, *fd, symbol, *size);
      if (e.pushBytes > kPushConstantLimit) {
        error(fd->getLocation(), "the parameters of SPIR-V entry point '" + fd->getQualifiedNameAsString() +
                                     "' take " + std::to_string(e.pushBytes) + " bytes; push constants hold " +
                                     std::to_string(kPushConstantLimit) + " on every Vulkan device (pass a pointer "
                                     "to a struct instead)");
        continue;
      }
      entries.push_back({fd, std::move(e)});
    }
  if (diags.hasErrorOccurred()) return false;
  if (entries.empty()) return true;
  // Shaders are made, and their diagnostics said, in the order of the source.
  std::sort(entries.begin(), entries.end(), [&](const auto& a, const auto& b) {
    return ci.getSourceManager().isBeforeInTranslationUnit(a.first->getLocation(), b.first->getLocation());
  });

  // CodeGen needs a CUDA device target; the sm does not matter to the IR it writes
  // for shaders (no PTX is made from it).
  DeviceTarget dt = makeDeviceTarget(diags, ci.getTarget().getTriple().str(), 75, in.ptxIsa);
  if (!dt.info) return false;
  clang::CodeGenOptions cgo = deviceCodeGenOptions(ci.getCodeGenOpts(), /*optLevel=*/2, /*debugInfo=*/false);
  // Line tables let a shader's diagnostics point at the construct, not the entry point.
  cgo.setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
  cgo.DebugColumnInfo = true;
  std::unique_ptr<llvm::Module> device;
  {
    CodegenObjectScope values(ast, spirvTargetValues());
    DeviceConstantsScope constants(ast, in.hostConstexprs);
    if (!in.predicates.checkConstant(diags, "SPIR-V")) return false;
    device = runTargetPass(in.pass, *dt.info, /*deviceSide=*/true, cgo, in.llvm, in.moduleName);
  }
  if (!device) return false;

  // One target machine serves every shader: each is emitted in a child process
  // (spirv_backend.h), which leaves the backend's state as it found it.
  std::string why;
  std::unique_ptr<llvm::TargetMachine> tm = makeSpirvMachine(why);
  if (!tm) {
    error(entries.front().first->getLocation(), "cannot create LLVM's SPIR-V backend: " + why);
    return false;
  }
  bool ok = true;
  for (auto& [fd, entry] : entries) {
    std::vector<ShaderProblem> problems;
    std::unique_ptr<llvm::Module> shader = lowerShader(*device, entry, *tm, problems);
    for (const ShaderProblem& p : problems)
      reportProblem(diags, *fd, p);
    if (!shader) {
      ok = false;
      continue;
    }
    if (!in.keepDir.empty()) keep(in.keepDir, entry.kernel + ".ll", [&](llvm::raw_ostream& os) { shader->print(os, nullptr); });
    CompiledShader compiled{fd, entry, {}, nullptr};
    bool emitted = emitSpirv(*shader, *tm, compiled.words, why);
    if (!in.keepDir.empty() && !compiled.words.empty()) // an invalid one too, for the report
      keep(in.keepDir, entry.kernel + ".spv", [&](llvm::raw_ostream& os) {
        os.write(reinterpret_cast<const char*>(compiled.words.data()), compiled.words.size() * 4);
      });
    if (!emitted) {
      error(fd->getLocation(), "internal error: no valid Vulkan 1.3 SPIR-V for entry point '" +
                                   fd->getQualifiedNameAsString() + "'; please report it:\n" + why);
      ok = false;
      continue;
    }
    if (in.keepModules) compiled.module = std::move(shader);
    out.push_back(std::move(compiled));
  }
  return ok;
}

} // namespace circle

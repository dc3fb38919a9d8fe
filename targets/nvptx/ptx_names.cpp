#include "targets/nvptx/ptx_names.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {
namespace {

bool ptxChar(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'; }

std::string respell(llvm::StringRef name) {
  std::string out;
  llvm::raw_string_ostream os(out);
  for (unsigned char c : name) {
    if (ptxChar(c)) os << c;
    else os << "_$" << llvm::format_hex_no_prefix(c, 2);
  }
  return out;
}

} // namespace

bool isPtxName(const std::string& name) {
  return std::all_of(name.begin(), name.end(), [](unsigned char c) { return ptxChar(c) || c == '.' || c == '@'; });
}

std::vector<std::string> legalizePtxNames(llvm::Module& m) {
  std::vector<std::string> external;
  auto visit = [&](llvm::GlobalValue& gv) {
    if (!gv.hasName() || gv.getName().starts_with("llvm.") || isPtxName(gv.getName().str())) return;
    if (gv.hasLocalLinkage()) gv.setName(respell(gv.getName()));
    else if (!gv.isDeclaration()) external.push_back(gv.getName().str());
  };
  for (llvm::Function& f : m) visit(f);
  for (llvm::GlobalVariable& v : m.globals()) visit(v);
  return external;
}

} // namespace circle

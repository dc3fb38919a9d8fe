#include "targets/host/spirv_shaders.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

namespace circle {

void embedSpirvShaders(llvm::Module& host, clang::ASTContext& ast, const std::vector<CompiledShader>& shaders) {
  if (shaders.empty()) return;
  llvm::LLVMContext& ctx = host.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  // Must match __circle_spirv_entry in circle/vulkan.hpp.
  auto* rowType = llvm::StructType::get(ctx, {ptr, ptr, i64, ptr, i32, llvm::ArrayType::get(i32, 3)});
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  std::vector<llvm::GlobalValue*> keep;
  for (const CompiledShader& s : shaders) {
    std::string stubName;
    llvm::raw_string_ostream os(stubName);
    mangler->mangleName(clang::GlobalDecl(s.kernel, clang::KernelReferenceKind::Stub), os);
    // The host never names this kernel (no launch, no dispatch): nothing can run it.
    llvm::Function* stub = host.getFunction(stubName);
    if (!stub) continue;
    auto* code = new llvm::GlobalVariable(host, llvm::ArrayType::get(i32, s.words.size()), true,
                                          llvm::GlobalValue::PrivateLinkage,
                                          llvm::ConstantDataArray::get(ctx, llvm::ArrayRef<uint32_t>(s.words)),
                                          s.entry.kernel + ".spirv");
    code->setSection(".circle_spirv");
    code->setAlignment(llvm::Align(4));
    llvm::Constant* name = llvm::ConstantDataArray::getString(ctx, s.entry.kernel);
    auto* nameVar = new llvm::GlobalVariable(host, name->getType(), true, llvm::GlobalValue::PrivateLinkage, name,
                                             s.entry.kernel + ".spirv.name");
    const auto& size = s.entry.localSize;
    llvm::Constant* fields[] = {
        stub, code, llvm::ConstantInt::get(i64, s.words.size()), nameVar, llvm::ConstantInt::get(i32, s.entry.pushBytes),
        llvm::ConstantArray::get(llvm::ArrayType::get(i32, 3), {llvm::ConstantInt::get(i32, size[0]),
                                                                 llvm::ConstantInt::get(i32, size[1]),
                                                                 llvm::ConstantInt::get(i32, size[2])})};
    auto* row = new llvm::GlobalVariable(host, rowType, true, llvm::GlobalValue::PrivateLinkage,
                                         llvm::ConstantStruct::get(rowType, fields), s.entry.kernel + ".spirv.entry");
    row->setSection("circle_spirv_entries");
    row->setAlignment(llvm::Align(8));
    keep.push_back(row);
  }
  llvm::appendToUsed(host, keep);
}

} // namespace circle

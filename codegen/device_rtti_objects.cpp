#include "codegen/device_rtti_objects.h"

#include "codegen/device_rtti_sites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/VTableBuilder.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <memory>

namespace circle {
namespace {

using namespace clang;

// Where NVPTX keeps device variables; the runtime's type_info vtables live there too.
constexpr unsigned kGlobalSpace = 1;

// The Itanium ABI's __vmi_class_type_info flags.
constexpr unsigned kNonDiamondRepeat = 0x1;
constexpr unsigned kDiamondShaped = 0x2;
// Its base_info offset_flags.
constexpr long kVirtualBase = 0x1;
constexpr long kPublicBase = 0x2;

class RttiEmitter {
public:
  RttiEmitter(llvm::Module& m, ASTContext& ast, const DeviceRtti& rtti)
      : m_(m), ast_(ast), known_(rtti.types), mangler_(ast.createMangleContext()),
        vtables_(*llvm::cast<ItaniumVTableContext>(ast.getVTableContext())), ptr_(llvm::PointerType::get(m.getContext(), 0)),
        i32_(llvm::Type::getInt32Ty(m.getContext())), i64_(llvm::Type::getInt64Ty(m.getContext())) {}

  void run() {
    std::vector<llvm::GlobalVariable*> vtables;
    std::vector<std::string> declared; // by name: defining one type_info replaces its bases' declarations
    for (llvm::GlobalVariable& gv : m_.globals()) {
      llvm::StringRef name = gv.getName();
      if (gv.hasInitializer() && (name.starts_with("_ZTV") || name.starts_with("_ZTC"))) vtables.push_back(&gv);
      else if (gv.isDeclaration() && name.starts_with("_ZTI")) declared.push_back(name.substr(4).str());
    }
    for (llvm::GlobalVariable* gv : vtables) fillVTable(*gv);
    for (const std::string& name : declared) {
      llvm::GlobalVariable* gv = m_.getNamedGlobal("_ZTI" + name);
      if (gv && gv->isDeclaration())
        if (const QualType* type = find(name)) typeInfo(name, *type);
    }
  }

private:
  const QualType* find(llvm::StringRef name) const {
    auto it = known_.find(name.str());
    if (it != known_.end()) return &it->second;
    auto more = added_.find(name.str());
    return more == added_.end() ? nullptr : &more->second;
  }

  // A vtable's type_info slots sit just before its address points: one per vtable of
  // the group. A construction vtable (_ZTC<class><offset>_<base>) is the base's.
  void fillVTable(llvm::GlobalVariable& gv) {
    auto* group = llvm::dyn_cast<llvm::ConstantStruct>(gv.getInitializer());
    if (!group) return;
    llvm::StringRef name = gv.getName();
    std::string owner;
    std::vector<std::pair<unsigned, unsigned>> slots;
    if (name.starts_with("_ZTV")) {
      const QualType* type = find(name.substr(4));
      const CXXRecordDecl* rd = type ? (*type)->getAsCXXRecordDecl() : nullptr;
      if (!rd) return;
      owner = name.substr(4).str();
      for (const auto& [subobject, at] : vtables_.getVTableLayout(rd).getAddressPoints())
        slots.push_back({at.VTableIndex, at.AddressPointIndex - 1});
    } else {
      if (!constructionVTableBase(name.substr(4), owner)) return;
      // Offsets (integers) come first, then the offset to top and the type_info slot,
      // then the virtual functions (never null: pure ones are __cxa_pure_virtual).
      for (unsigned v = 0; v < group->getNumOperands(); ++v) {
        auto* table = llvm::cast<llvm::Constant>(group->getOperand(v));
        unsigned n = table->getNumOperands(), first = 0;
        while (first < n && !llvm::isa<llvm::GlobalValue>(table->getOperand(first))) ++first;
        if (first >= 1) slots.push_back({v, first - 1});
      }
    }
    llvm::Constant* info = typeInfo(owner, *find(owner));
    std::vector<llvm::Constant*> tables;
    for (unsigned v = 0; v < group->getNumOperands(); ++v) {
      auto* table = llvm::dyn_cast<llvm::ConstantArray>(group->getOperand(v));
      if (!table) return;
      std::vector<llvm::Constant*> entries;
      for (unsigned i = 0; i < table->getNumOperands(); ++i) entries.push_back(table->getOperand(i));
      for (auto [t, slot] : slots)
        if (t == v && slot < entries.size() && entries[slot]->isNullValue()) entries[slot] = info;
      tables.push_back(llvm::ConstantArray::get(table->getType(), entries));
    }
    gv.setInitializer(llvm::ConstantStruct::get(group->getType(), tables));
  }

  bool constructionVTableBase(llvm::StringRef rest, std::string& base) const {
    for (size_t i = 1; i < rest.size(); ++i) {
      if (!find(rest.substr(0, i))) continue;
      llvm::StringRef tail = rest.substr(i);
      size_t digits = 0;
      while (digits < tail.size() && llvm::isDigit(tail[digits])) ++digits;
      if (digits == 0 || digits >= tail.size() || tail[digits] != '_') continue;
      if (find(tail.substr(digits + 1))) {
        base = tail.substr(digits + 1).str();
        return true;
      }
    }
    return false;
  }

  llvm::Constant* typeInfoOf(QualType type) {
    std::string name = rttiTypeName(*mangler_, type);
    if (!find(name)) added_.emplace(name, ast_.getCanonicalType(type).getUnqualifiedType());
    return typeInfo(name, *find(name));
  }

  // _ZTI<name>, defined once per module; a declaration CodeGen made is replaced.
  llvm::Constant* typeInfo(const std::string& name, QualType type) {
    std::string symbol = "_ZTI" + name;
    llvm::GlobalVariable* existing = m_.getGlobalVariable(symbol, true);
    if (existing && existing->hasInitializer()) return generic(existing);
    llvm::Constant* init = build(name, type);
    existing = m_.getGlobalVariable(symbol, true);
    auto* gv = new llvm::GlobalVariable(m_, init->getType(), true, llvm::GlobalValue::LinkOnceODRLinkage, init, "",
                                        nullptr, llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    gv->setAlignment(llvm::Align(8));
    if (existing) {
      existing->replaceAllUsesWith(llvm::ConstantExpr::getPointerBitCastOrAddrSpaceCast(gv, existing->getType()));
      existing->eraseFromParent();
    }
    gv->setName(symbol);
    return generic(gv);
  }

  llvm::Constant* build(const std::string& name, QualType type) {
    llvm::Constant* typeName = nameString(name);
    const Type* t = type.getTypePtr();
    if (const CXXRecordDecl* rd = t->getAsCXXRecordDecl(); rd && rd->hasDefinition())
      return classInfo(rd->getDefinition(), typeName);
    if (const auto* p = llvm::dyn_cast<PointerType>(t))
      return object("__pointer_type_info", {typeName, qualifierFlags(p->getPointeeType()), typeInfoOf(p->getPointeeType())});
    if (const auto* mp = llvm::dyn_cast<MemberPointerType>(t))
      return object("__pointer_to_member_type_info",
                    {typeName, qualifierFlags(mp->getPointeeType()), typeInfoOf(mp->getPointeeType()),
                     typeInfoOf(ast_.getCanonicalTagType(mp->getMostRecentCXXRecordDecl()))});
    const char* kind = llvm::isa<EnumType>(t)       ? "__enum_type_info"
                       : llvm::isa<FunctionType>(t) ? "__function_type_info"
                       : llvm::isa<ArrayType>(t)    ? "__array_type_info"
                       : t->isRecordType()          ? "__class_type_info"
                                                    : "__fundamental_type_info";
    return object(kind, {typeName});
  }

  llvm::Constant* classInfo(const CXXRecordDecl* rd, llvm::Constant* typeName) {
    if (rd->getNumBases() == 0) return object("__class_type_info", {typeName});
    const ASTRecordLayout& layout = ast_.getASTRecordLayout(rd);
    const CXXBaseSpecifier& first = *rd->bases_begin();
    if (rd->getNumBases() == 1 && !first.isVirtual() && first.getAccessSpecifier() == AS_public &&
        layout.getBaseClassOffset(first.getType()->getAsCXXRecordDecl()).isZero())
      return object("__si_class_type_info", {typeName, typeInfoOf(first.getType())});

    std::vector<llvm::Constant*> bases;
    for (const CXXBaseSpecifier& b : rd->bases()) {
      const CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
      // A virtual base's offset is read from the vtable, at this (negative) offset.
      long offset = b.isVirtual() ? vtables_.getVirtualBaseOffsetOffset(rd, base).getQuantity()
                                  : layout.getBaseClassOffset(base).getQuantity();
      long flags = (b.isVirtual() ? kVirtualBase : 0) | (b.getAccessSpecifier() == AS_public ? kPublicBase : 0);
      bases.push_back(llvm::ConstantStruct::getAnon({typeInfoOf(b.getType()), llvm::ConstantInt::get(i64_, offset * 256 + flags)}));
    }
    auto* baseArray = llvm::ConstantArray::get(llvm::ArrayType::get(bases.front()->getType(), bases.size()), bases);
    return object("__vmi_class_type_info", {typeName, llvm::ConstantInt::get(i32_, repeatFlags(rd)),
                                            llvm::ConstantInt::get(i32_, bases.size()), baseArray});
  }

  unsigned repeatFlags(const CXXRecordDecl* rd) const {
    std::map<const CXXRecordDecl*, std::pair<int, int>> seen; // non-virtual, virtual occurrences
    std::vector<const CXXRecordDecl*> work{rd};
    while (!work.empty()) {
      const CXXRecordDecl* c = work.back();
      work.pop_back();
      for (const CXXBaseSpecifier& b : c->bases()) {
        const CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl()->getDefinition();
        auto& [plain, virt] = seen[base];
        ++(b.isVirtual() ? virt : plain);
        work.push_back(base);
      }
    }
    unsigned flags = 0;
    for (const auto& [base, count] : seen) {
      if (count.first > 1 || (count.first == 1 && count.second > 0)) flags |= kNonDiamondRepeat;
      if (count.second > 1) flags |= kDiamondShaped;
    }
    return flags;
  }

  llvm::Constant* qualifierFlags(QualType pointee) const {
    return llvm::ConstantInt::get(i32_, (pointee.isConstQualified() ? 0x1 : 0) | (pointee.isVolatileQualified() ? 0x2 : 0) |
                                            (pointee.isRestrictQualified() ? 0x4 : 0));
  }

  // { vptr of the ABI class, fields... }; the address point is two slots in.
  llvm::Constant* object(llvm::StringRef abiClass, std::vector<llvm::Constant*> fields) {
    std::string symbol = ("_ZTVN10__cxxabiv1" + llvm::Twine(abiClass.size()) + abiClass + "E").str();
    llvm::GlobalVariable* vtable = m_.getGlobalVariable(symbol, true);
    if (!vtable)
      vtable = new llvm::GlobalVariable(m_, ptr_, true, llvm::GlobalValue::ExternalLinkage, nullptr, symbol, nullptr,
                                        llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    fields.insert(fields.begin(), llvm::ConstantExpr::getInBoundsGetElementPtr(llvm::Type::getInt8Ty(m_.getContext()),
                                                                               generic(vtable),
                                                                               llvm::ConstantInt::get(i64_, 16)));
    return llvm::ConstantStruct::getAnon(fields);
  }

  llvm::Constant* nameString(const std::string& name) {
    std::string symbol = "_ZTS" + name;
    llvm::GlobalVariable* gv = m_.getGlobalVariable(symbol, true);
    if (!gv) {
      llvm::Constant* text = llvm::ConstantDataArray::getString(m_.getContext(), name);
      gv = new llvm::GlobalVariable(m_, text->getType(), true, llvm::GlobalValue::LinkOnceODRLinkage, text, symbol,
                                    nullptr, llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    }
    return generic(gv);
  }

  llvm::Constant* generic(llvm::GlobalVariable* gv) const {
    return gv->getAddressSpace() == 0 ? static_cast<llvm::Constant*>(gv) : llvm::ConstantExpr::getAddrSpaceCast(gv, ptr_);
  }

  llvm::Module& m_;
  ASTContext& ast_;
  const std::map<std::string, QualType>& known_;
  std::map<std::string, QualType> added_;
  std::unique_ptr<MangleContext> mangler_;
  ItaniumVTableContext& vtables_;
  llvm::PointerType* ptr_;
  llvm::Type* i32_;
  llvm::Type* i64_;
};

} // namespace

namespace {

// __cxa_throw(object, type_info, destructor): CodeGen passes a null type_info on a
// GPU. The type thrown on the call's line, when one type is, is declared here and
// defined with the others below (a line that throws two types keeps null, and the
// runtime says it does not know the type).
void giveThrowsTheirTypes(llvm::Module& m, const DeviceRtti& rtti) {
  llvm::Function* cxaThrow = m.getFunction("__cxa_throw");
  if (!cxaThrow || rtti.throws.empty()) return;
  for (llvm::User* u : cxaThrow->users()) {
    auto* call = llvm::dyn_cast<llvm::CallBase>(u);
    if (!call || call->getCalledFunction() != cxaThrow || call->arg_size() < 2 ||
        !llvm::isa<llvm::ConstantPointerNull>(call->getArgOperand(1)))
      continue;
    const llvm::DebugLoc& at = call->getDebugLoc();
    if (!at) continue;
    auto it = rtti.throws.find(throwSiteKey(at->getFilename(), at.getLine()));
    if (it == rtti.throws.end() || it->second.size() != 1) continue;
    // typeid may have declared it already, as a device variable (another address space).
    llvm::Constant* info = m.getOrInsertGlobal("_ZTI" + *it->second.begin(), llvm::Type::getInt8Ty(m.getContext()));
    call->setArgOperand(1, llvm::ConstantExpr::getPointerBitCastOrAddrSpaceCast(info, call->getArgOperand(1)->getType()));
  }
}

} // namespace

void emitDeviceRtti(llvm::Module& m, clang::ASTContext& ast, const DeviceRtti& rtti) {
  giveThrowsTheirTypes(m, rtti);
  RttiEmitter(m, ast, rtti).run();
}

} // namespace circle

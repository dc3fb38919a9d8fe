#include "targets/nvptx/rdc_objects.h"

#include "support/gpu_arch.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstring>

namespace circle {
namespace {

// Each record: magic, sm, bitcode size, the bitcode, zero padding to 8 bytes. The
// host linker concatenates the sections of one object's records in order.
constexpr char kMagic[8] = {'C', 'I', 'R', 'C', 'L', 'E', 'D', 'V'};
constexpr size_t kHeader = 8 + 4 + 4 + 8;

std::string readRecords(llvm::StringRef data, const std::string& path, std::vector<DeviceBitcode>& out) {
  size_t at = 0;
  while (at < data.size()) {
    if (data[at] == 0) { // alignment padding between sections
      ++at;
      continue;
    }
    if (data.size() - at < kHeader || std::memcmp(data.data() + at, kMagic, 8) != 0)
      return "'" + path + "': the " + kDeviceBitcodeSection + " section is damaged";
    uint32_t sm = llvm::support::endian::read32le(data.data() + at + 8);
    uint64_t size = llvm::support::endian::read64le(data.data() + at + 16);
    if (size > data.size() - at - kHeader)
      return "'" + path + "': the " + kDeviceBitcodeSection + " section is truncated";
    out.push_back({static_cast<int>(sm), data.substr(at + kHeader, size).str()});
    at += kHeader + ((size + 7) & ~uint64_t(7));
  }
  return {};
}

} // namespace

void embedDeviceBitcode(llvm::Module& host, int sm, const std::string& bitcode) {
  std::string record(kMagic, 8);
  char field[8];
  llvm::support::endian::write32le(field, static_cast<uint32_t>(sm));
  record.append(field, 4);
  record.append(4, '\0');
  llvm::support::endian::write64le(field, bitcode.size());
  record.append(field, 8);
  record += bitcode;
  record.append((8 - record.size() % 8) % 8, '\0');

  llvm::LLVMContext& ctx = host.getContext();
  auto* init = llvm::ConstantDataArray::getString(ctx, record, /*AddNull=*/false);
  auto* gv = new llvm::GlobalVariable(host, init->getType(), /*isConstant=*/true,
                                      llvm::GlobalValue::PrivateLinkage, init,
                                      "__circle_device_" + smName(sm));
  gv->setSection(kDeviceBitcodeSection);
  gv->setAlignment(llvm::Align(8));
  gv->setMetadata(llvm::LLVMContext::MD_exclude, llvm::MDNode::get(ctx, {}));
  llvm::appendToCompilerUsed(host, {gv});
}

namespace {

// One object's device bitcode and registration hooks; `path` names it in messages.
std::string readObject(llvm::MemoryBufferRef buffer, const std::string& path, RelocatableObject& out) {
  out.path = path;
  auto obj = llvm::object::ObjectFile::createObjectFile(buffer);
  if (!obj) {
    llvm::consumeError(obj.takeError());
    return "'" + path + "' is not an object file circle can link";
  }
  for (const llvm::object::SectionRef& sec : (*obj)->sections()) {
    auto name = sec.getName();
    if (!name || *name != kDeviceBitcodeSection) {
      if (!name) llvm::consumeError(name.takeError());
      continue;
    }
    auto contents = sec.getContents();
    if (!contents) {
      llvm::consumeError(contents.takeError());
      return "cannot read the " + std::string(kDeviceBitcodeSection) + " section of '" + path + "'";
    }
    if (std::string err = readRecords(*contents, path, out.modules); !err.empty()) return err;
  }
  for (const llvm::object::SymbolRef& sym : (*obj)->symbols()) {
    auto flags = sym.getFlags();
    auto name = sym.getName();
    if (!flags || !name) {
      if (!flags) llvm::consumeError(flags.takeError());
      if (!name) llvm::consumeError(name.takeError());
      continue;
    }
    if (!(*flags & llvm::object::SymbolRef::SF_Undefined)) {
      if (name->starts_with("__fatbinwrap")) out.wrappers.push_back(name->str());
      continue;
    }
    if (name->starts_with("__cudaRegisterLinkedBinary")) out.registrations.push_back(name->str());
    if (name->starts_with("__cudaRegisterFatBinary")) out.registersWithCudaRuntime = true;
  }
  return {};
}

} // namespace

std::string readRelocatableObject(const std::string& path, RelocatableObject& out) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "cannot read '" + path + "': " + buf.getError().message();
  return readObject((*buf)->getMemBufferRef(), path, out);
}

std::string readRelocatableArchive(const std::string& path, std::vector<RelocatableObject>& out) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "cannot read '" + path + "': " + buf.getError().message();
  auto archive = llvm::object::Archive::create((*buf)->getMemBufferRef());
  if (!archive) {
    llvm::consumeError(archive.takeError());
    return "'" + path + "' is not an archive circle can link";
  }
  llvm::Error err = llvm::Error::success();
  for (const llvm::object::Archive::Child& child : (*archive)->children(err)) {
    auto name = child.getName();
    auto member = child.getMemoryBufferRef();
    if (!name || !member) {
      if (!name) llvm::consumeError(name.takeError());
      if (!member) llvm::consumeError(member.takeError());
      return "cannot read a member of '" + path + "'";
    }
    if (!name->ends_with(".o")) continue; // the symbol table, other files
    out.emplace_back();
    if (std::string e = readObject(*member, path + "(" + name->str() + ")", out.back()); !e.empty()) return e;
  }
  if (err) {
    llvm::consumeError(std::move(err));
    return "cannot read the members of '" + path + "'";
  }
  return {};
}

} // namespace circle

#include "targets/nvptx/rdc_device_link.h"

#include "targets/nvptx/cuda_tools.h"
#include "targets/nvptx/device_link.h"
#include "targets/nvptx/parallel_assembly.h"
#include "targets/nvptx/ptx_backend.h"
#include "targets/nvptx/sm_targets.h"
#include "targets/nvptx/stack_bounds.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

namespace circle {
namespace {


std::string scratch(const RdcDeviceLink& link, const std::string& name) {
  llvm::SmallString<256> p(link.scratchDir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

// Every object's module for `sm`, linked into one. Linker complaints (a symbol
// defined twice) are collected into `error`.
std::unique_ptr<llvm::Module> linkObjects(const RdcDeviceLink& link, int sm, llvm::LLVMContext& ctx,
                                          std::string& error) {
  ctx.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo* info, void* out) {
        if (info->getSeverity() != llvm::DS_Error) return;
        llvm::raw_string_ostream os(*static_cast<std::string*>(out));
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        os << "\n";
      },
      &error);
  std::unique_ptr<llvm::Module> program;
  for (const RelocatableObject& obj : link.objects) {
    const DeviceBitcode* mine = nullptr;
    for (const DeviceBitcode& bc : obj.modules)
      if (bc.sm == sm) mine = &bc;
    if (!mine) {
      error = "'" + obj.path + "' has no device code for " + smName(sm) + ": compile it with -" + smName(sm);
      return nullptr;
    }
    auto buf = llvm::MemoryBuffer::getMemBuffer(mine->bitcode, obj.path, /*RequiresNullTerminator=*/false);
    auto m = llvm::parseBitcodeFile(buf->getMemBufferRef(), ctx);
    if (!m) {
      error = "'" + obj.path + "': cannot read its " + smName(sm) + " device code: " + llvm::toString(m.takeError());
      return nullptr;
    }
    if (!program) {
      program = std::move(*m);
      continue;
    }
    if (llvm::Linker::linkModules(*program, std::move(*m))) {
      error = "linking the device code of '" + obj.path + "' for " + smName(sm) + " failed:\n" + error;
      return nullptr;
    }
  }
  return program;
}

} // namespace

std::string linkRelocatableDevice(const RdcDeviceLink& link, LinkedDevice& out) {
  const CudaToolkit& tk = *link.toolkit;
  // Each sm's ptxas (and nvlink) runs while the next sm is linked and lowered; the
  // modules stay until their stack frames are known.
  ParallelAssembly assembly(tk, link.threads);
  std::vector<std::pair<std::unique_ptr<llvm::LLVMContext>, std::unique_ptr<llvm::Module>>> assembling;
  for (int sm : link.sms) {
    auto ctx = std::make_unique<llvm::LLVMContext>();
    std::string error;
    std::unique_ptr<llvm::Module> m = linkObjects(link, sm, *ctx, error);
    if (!m) return error;
    if (std::string err = linkDeviceModule(*m, link.runtimePath, tk.libdevice, {}); !err.empty()) return err;
    applyDeviceMath(*m, link.math);
    auto tm = makeNvptxMachine(sm, tk.ptxIsa, link.optLevel, error, link.math.fmad);
    if (!tm) return "cannot create the NVPTX backend for " + smName(sm) + ": " + error;
    m->setDataLayout(tm->createDataLayout());
    optimizeDeviceModule(*m, *tm, link.optLevel);

    bool needsDeviceRuntime = false;
    std::string missing;
    for (const ReachedFunction& r : findMissingDeviceFunctions(*m)) {
      if (fromDeviceRuntimeLibrary(r.callee)) needsDeviceRuntime = true;
      else missing += "  kernel '" + llvm::demangle(r.kernel) + "' reaches '" + llvm::demangle(r.callee) + "'\n";
    }
    if (!missing.empty())
      return "the device code linked for " + smName(sm) + " uses what no object defines for the device:\n" + missing;

    std::string ptx;
    if (!emitPtx(*m, *tm, ptx, error)) return smName(sm) + ": " + error;
    std::string base = "linked." + smName(sm);
    assembly.start({std::move(ptx), SmImage{sm, scratch(link, base + ".ptx"), scratch(link, base + ".cubin")},
                    link.ptxas, needsDeviceRuntime, scratch(link, base + ".o"), link.nvlinkArgs});
    assembling.emplace_back(std::move(ctx), std::move(m));
  }
  std::vector<SmImage> images;
  std::vector<ParallelAssembly::Result> assembled = assembly.finish();
  for (size_t i = 0; i < assembled.size(); ++i) {
    ParallelAssembly::Result& r = assembled[i];
    llvm::errs() << r.messages;
    if (!r.error.empty()) return r.error;
    if (link.autoStack) keepLargestKernelStacks(out.stackBytes, *assembling[i].second, r.frames);
    if (deviceModuleUsesHostIo(*assembling[i].second)) out.usesHostIo = true;
    images.push_back(r.image);
  }
  out.fatbinPath = scratch(link, "linked.fatbin");
  if (std::string err = runFatbinary(tk, images, out.fatbinPath, link.ptxas.debug, link.ptxas.verbose, false, link.fatbinArgs); !err.empty())
    return "fatbinary failed:\n" + err;
  return {};
}

} // namespace circle

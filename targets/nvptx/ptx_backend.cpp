#include "targets/nvptx/ptx_backend.h"

#include "targets/nvptx/aggregate_copies.h"
#include "targets/nvptx/bitfield_extracts.h"
#include "targets/nvptx/bounded_recursion.h"
#include "targets/nvptx/byval_copies.h"
#include "targets/nvptx/inline_growth.h"
#include "targets/nvptx/kept_flags.h"
#include "targets/nvptx/known_alignment.h"
#include "targets/nvptx/lane_sign_masks.h"
#include "targets/nvptx/local_arguments.h"
#include "targets/nvptx/local_pointer_differences.h"
#include "targets/nvptx/machine_sinking.h"
#include "targets/nvptx/memmove_address_spaces.h"
#include "targets/nvptx/powi_expansion.h"
#include "targets/nvptx/merged_recomputations.h"
#include "targets/nvptx/narrow_float_stores.h"
#include "targets/nvptx/object_alignment.h"
#include "targets/nvptx/ptx_address_offsets.h"
#include "targets/nvptx/ptx_rematerialization.h"
#include "targets/nvptx/ptx_undefined_registers.h"
#include "targets/nvptx/recursion_loops.h"
#include "targets/nvptx/restricted_reads.h"
#include "targets/nvptx/simd_video.h"
#include "targets/nvptx/sm_targets.h"
#include "targets/nvptx/tensor_core_address_spaces.h"
#include "targets/nvptx/tensor_core_loops.h"
#include "targets/nvptx/thread_bound_loops.h"
#include "targets/nvptx/switch_lowering.h"
#include "targets/nvptx/thread_exits.h"
#include "targets/nvptx/unroll_factors.h"
#include "targets/nvptx/warp_sorts.h"
#include "targets/llvm_pipeline.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <set>
#include <vector>

namespace circle {
namespace {

void addReferencedGlobals(const llvm::Constant* c, std::vector<llvm::GlobalVariable*>& out,
                          std::set<const llvm::Constant*>& seen) {
  if (!seen.insert(c).second) return;
  if (auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
    out.push_back(const_cast<llvm::GlobalVariable*>(gv));
    return;
  }
  for (const llvm::Use& op : c->operands())
    if (auto* oc = llvm::dyn_cast<llvm::Constant>(op.get())) addReferencedGlobals(oc, out, seen);
}

void placeAfterDependencies(llvm::GlobalVariable* gv, std::vector<llvm::GlobalVariable*>& order,
                            std::set<llvm::GlobalVariable*>& placed) {
  if (!placed.insert(gv).second) return;
  if (gv->hasInitializer()) {
    std::vector<llvm::GlobalVariable*> deps;
    std::set<const llvm::Constant*> seen;
    addReferencedGlobals(gv->getInitializer(), deps, seen);
    for (llvm::GlobalVariable* d : deps) placeAfterDependencies(d, order, placed);
  }
  order.push_back(gv);
}

// PTX declares a global before any initializer that takes its address. NVPTX's
// printer reorders for that itself, but visits each global's dependencies in the
// order of a pointer-keyed set, so the PTX (string constants' names and places)
// changed from run to run. With the module already in dependency order, in the
// order of each initializer's operands, it has nothing to reorder.
void orderGlobalsByDependency(llvm::Module& m) {
  std::vector<llvm::GlobalVariable*> order;
  std::set<llvm::GlobalVariable*> placed;
  for (llvm::GlobalVariable& gv : m.globals()) placeAfterDependencies(&gv, order, placed);
  for (llvm::GlobalVariable* gv : order) {
    m.removeGlobalVariable(gv);
    m.insertGlobalVariable(gv);
  }
}

// The back end's data layout follows LLVM's nvptx-short-ptr option; it must match
// the one Clang's code generation used (makeDeviceTarget).
void useShortPointers(bool on) {
  auto& options = llvm::cl::getRegisteredOptions();
  if (auto it = options.find("nvptx-short-ptr"); it != options.end())
    static_cast<llvm::cl::opt<bool>*>(it->second)->setValue(on);
}

} // namespace

std::unique_ptr<llvm::TargetMachine> makeNvptxMachine(int sm, int ptxIsa, int optLevel, std::string& error,
                                                      bool fuseAcrossStatements) {
  useShortPointers(deviceShortPointers(optLevel));
  llvm::Triple triple("nvptx64-nvidia-cuda");
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) return nullptr;
  llvm::TargetOptions options;
  options.AllowFPOpFusion = fuseAcrossStatements ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Standard;
  auto level = optLevel == 0 ? llvm::CodeGenOptLevel::None
               : optLevel == 1 ? llvm::CodeGenOptLevel::Less
               : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                               : llvm::CodeGenOptLevel::Aggressive;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, smName(sm), ptxFeature(ptxIsa), options, std::nullopt, std::nullopt, level));
}

void optimizeDeviceModule(llvm::Module& module, llvm::TargetMachine& tm, int optLevel) {
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  auto optimize = [&] {
    DevicePragmaUnrollLimit pragmaLimit(module);
    runModulePasses(module, &tm, [&](llvm::PassBuilder& pb) {
      addThreadBoundLoopSteps(pb, optLevel);
      addUnrollFactors(pb, optLevel);
      addInlineGrowthCap(pb);
      addRestrictedReadScopes(pb, optLevel);
      addKnownAlignment(pb, optLevel);
      // The O0 pipeline still runs the NVPTX callbacks (NVVMReflect, which libdevice needs).
      return optLevel == 0 ? pb.buildO0DefaultPipeline(level) : pb.buildPerModuleDefaultPipeline(level);
    });
  };
  alignDynamicSharedMemory(module);
  lowerSwitchesWithoutTables(module);
  endThreadsAtExits(module);
  heapSortWhereLanesSortTogether(module);
  lowerVideoInstructions(module);
  optimize();
  // Recursion a constant bounds is unrolled (its levels inlined), then other
  // self-recursion becomes a loop; either way the module is optimised again.
  if (optLevel > 0) {
    int unrolled = unrollBoundedRecursion(module);
    if (unrolled + loopSelfRecursion(module) > 0) optimize();
  }
  // What LLVM's pipeline leaves that nvcc's code does not have (each file says why).
  if (optLevel > 0) {
    localizeArguments(module, tm);
    subtractLocalPointersLocally(module, tm);
    keepTensorCoreLoopsRolled(module);
    readRestrictedDataAsInvariant(module, tm);
  }
  widenAggregateCopies(module);
}

bool emitPtx(llvm::Module& module, llvm::TargetMachine& tm, std::string& ptx, std::string& error) {
  module.setDataLayout(tm.createDataLayout());
  orderGlobalsByDependency(module);
  // Last, so that it sees the accesses the optimiser left (and any object it made).
  alignObjectsForTheirAccesses(module);
  if (module.getDataLayout().getPointerSize(5) == 4) copyByvalArguments(module);
  // Shapes for ptxas's register allocation, made here so that no IR pass undoes them (a
  // device library's module is optimised again where it is linked).
  if (tm.getOptLevel() != llvm::CodeGenOptLevel::None) {
    recomputeMergedValues(module);
    extractBitFieldsAgainAfterBarriers(module);
    permuteLaneSignMasks(module);
    testKeptFlagsAtLaterUses(module);
    useSpaceFormsOfTensorCoreAccesses(module);
  }
  // Correctness, at every level: the back end would delete these, or fail on them.
  expandMovesAcrossAddressSpaces(module, tm);
  expandIntegerPowers(module);
  {
    llvm::raw_string_ostream os(ptx);
    llvm::buffer_ostream bos(os);
    DeviceMachineSinkingOff noSinking;
    if (!emitWithBackend(module, tm, bos, llvm::CodeGenFileType::AssemblyFile)) {
      error = "LLVM's NVPTX backend cannot emit PTX for this target";
      return false;
    }
  }
  isolateNarrowStoresOfFloatValues(ptx);
  // Register shapes for ptxas's allocation (each file says what it was measured on).
  if (tm.getOptLevel() != llvm::CodeGenOptLevel::None) {
    defineUndefinedRegisters(ptx);
    foldAddressOffsets(ptx);
    rematerializeCheapValues(ptx);
  }
  return true;
}

} // namespace circle

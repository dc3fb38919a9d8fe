#include "sema/implicit_prelude.h"

#include "sema/nvcc_builtins.h"
#include "sema/untagged_functions.h"
#include "support/gpu_arch.h"

#include "dialect/dialect_prelude.h"
#include "dialect/enum_reflection.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace circle {

bool isPreludeFile(const std::string& path) {
  llvm::StringRef name = llvm::sys::path::filename(path);
  return name == kPreludeFile || name == kLaunchPreludeFile;
}

namespace {

// The codegen objects have no value while the frontend runs: each code-generation
// pass gives them that target's value (codegen/codegen_objects.cpp). A constant
// expression the frontend evaluates (static_assert, a template argument) cannot
// read them, and Clang's note points at these lines, so the comments explain why.
const char* kCodegenObjects = R"(
extern const bool __is_host_target;               // codegen object: known per target; test it with 'if target(...)'
extern const bool __is_spirv_target;              // codegen object: known per target; test it with 'if target(...)'
extern const bool __is_dxil_target;               // codegen object: always false (circle has no DXIL target)
extern const int __nvvm_current_device_sm;        // codegen object: the sm being generated (75, 90...), 0 elsewhere
extern const unsigned long long __nvvm_arch_mask; // codegen object: the sm's nvvm_bits_t bit, 1 off the GPU
extern const nvvm_arch_t __nvvm_arch;             // codegen object: the sm being generated, 0 elsewhere
#define __builtin_current_device_sm() __nvvm_current_device_sm

// 'if target(pred)': this macro expands only right after 'if'
// (frontend/if_target_syntax.cpp); each code-generation pass folds the predicate.
constexpr bool __circle_if_target(bool __pred) { return __pred; }
// CCCL's NV_IF_TARGET (nvc++'s path, frontend/toolkit_headers.cpp): the predicate is
// an nv::target::target_description, one bit per target in nv/target's numbering,
// which __nvvm_arch_mask shares (the host is bit 0).
template <class _Bits, class = decltype(&_Bits::targets)>
constexpr bool __circle_if_target(const _Bits& __b) { return (__b.targets & __nvvm_arch_mask) != 0; }
#define target(...) (::__circle_if_target(__VA_ARGS__))
#define __ctif ::__circle_if_target
// 'if consteval {...} else if target(...)': standard C++ wants a block after that
// else, so such a chain is respelled 'if __ctceval {...}', an ordinary if.
#define __ctceval (__builtin_is_constant_evaluated())
#define __ctnceval (!__builtin_is_constant_evaluated())
)";

// A read of nvc++'s compile-time PTX version in CCCL outside CUB's policy chain
// (frontend/toolkit_headers.cpp, frontend/invocation.cpp): with sms of different
// versions it calls this, which fails where it is instantiated; in an #if its name is
// that of an undefined function-like macro, which the preprocessor names in its error.
const char* kOnePtxVersion = R"(
template <class __T = void> constexpr int __circle_ptx_version_differs_per_sm() {
  static_assert(!__is_same(__T, __T), "CCCL reads its compile-time PTX version here, outside CUB's policy chain "
                                  "(which circle instantiates per sm); circle builds this code for a single -sm_XX");
  return 0;
}
)";

// Standard C++ in place of Circle's reflection on nvvm_arch_t.
const char* kArchHelpers = R"(
template <nvvm_arch_t... __archs> struct nvvm_arch_list {
  static constexpr int size = sizeof...(__archs);
  // Calls f.template operator()<arch>() for each arch, in ascending order.
  template <class __F> static constexpr void for_each(__F&& __f) { (__f.template operator()<__archs>(), ...); }
};
constexpr const char* nvvm_arch_name(nvvm_arch_t __a) {
  switch ((int)__a) {
)";

// Launch configuration with Circle's optional 5th argument, the PTX target to
// ODR-use. Sema builds every <<<...>>> as a call to the last
// __cudaPushCallConfiguration declared at file scope; this C++ overload of the
// runtime's C function takes the extra argument and forwards the first four.
// Its functions are hidden: each executable and shared library talks to its own copy
// of the static CUDA runtime, so a shared library's launch must not bind to the
// program's inline copy of these (ELF interposition), which pushes to the program's.
const char* kLaunchConfiguration = R"(
struct __circle_launch_ptx {
  int value = 0;
  const char* file = nullptr;
  unsigned line = 0;
  const char* function = nullptr;
  constexpr __circle_launch_ptx() = default;
#if __CIRCLE_LAUNCH_CHECKS && __cplusplus >= 202002L
  constexpr __circle_launch_ptx(int __v, const std::source_location& __at = std::source_location::current())
      : value(__v), file(__at.file_name()), line(__at.line()), function(__at.function_name()) {}
#else
  constexpr __circle_launch_ptx(int __v, const char* __file = __builtin_FILE(), unsigned __line = __builtin_LINE(),
                                const char* __function = __builtin_FUNCTION())
      : value(__v), file(__file), line(__line), function(__function) {}
#endif
};

#if __CIRCLE_LAUNCH_CHECKS
__host__ __attribute__((visibility("hidden"))) inline __circle_launch_ptx& __circle_pending_launch() {
  static thread_local __circle_launch_ptx __pending;
  return __pending;
}
#endif

__host__ __attribute__((visibility("hidden"))) inline unsigned __cudaPushCallConfiguration(
    dim3 __grid, dim3 __block, size_t __smem = 0, cudaStream_t __stream = 0, __circle_launch_ptx __ptx = {}) {
#if __CIRCLE_LAUNCH_CHECKS
  __circle_pending_launch() = __ptx; // for the checked launch the stub makes next
#endif
  return static_cast<unsigned (*)(dim3, dim3, size_t, void*)>(::__cudaPushCallConfiguration)(__grid, __block,
                                                                                              __smem, __stream);
}

// Clang knows 'managed' only for HIP and drops it in CUDA mode. circle keeps the
// variable a __device__ one and marks it; the passes make it managed memory
// (targets/nvptx/managed_vars.cpp, targets/host/managed_vars.cpp).
#undef __managed__
#define __managed__ __attribute__((device)) __attribute__((annotate("circle.managed")))

// A __shared__ object of a library type whose defaulted constructor nvcc sees as
// empty (cuda::barrier) is left unconstructed, as with nvcc (sema/storage_only.h).
#undef __shared__
#define __shared__ __attribute__((shared)) __attribute__((circle_shared_storage))

// Launch bounds from inside a kernel's code, so an if-target branch can pick them
// per sm: .maxntid / .minnctapersm of every kernel reaching the call
// (targets/nvptx/launch_bounds.cpp).
extern "C" __device__ void __nvvm_maxntidx(unsigned __threads);
extern "C" __device__ void __nvvm_minctasm(unsigned __blocks_per_sm);

// dynamic_cast in device code becomes a call to this (codegen/device_rtti_sites.cpp):
// Clang's CodeGen gives a GPU no type_info objects, so circle emits them itself
// (codegen/device_rtti_objects.cpp) and walks them in libdevice-c/runtime/rtti.cpp.
extern "C" void* __circle_dynamic_cast(const void* __object, const void* __from, const void* __to,
                                       int __to_reference) noexcept;

// Each typed handler of a try in device code starts with a call naming its type
// (codegen/device_rtti_sites.cpp), since Clang gives a GPU's handlers no type_info;
// the device link reads and removes them (targets/nvptx/device_exceptions.cpp).
extern "C" void __circle_eh_handler_type(const void* __type) noexcept;

#if __CIRCLE_LAUNCH_CHECKS
// Kernel stubs call this instead of cudaLaunchKernel (targets/host/checked_launch.cpp):
// a 5-argument launch asserts that the runtime picked the PTX it names.
extern "C" {
__host__ __attribute__((used, visibility("hidden"))) inline cudaError_t __circle_checked_launch_kernel(
    const void* __func, dim3 __grid, dim3 __block, void** __args, size_t __smem, cudaStream_t __stream) {
  __circle_launch_ptx __site = __circle_pending_launch();
  __circle_pending_launch() = {};
  if (__site.value) {
    cudaFuncAttributes __attr{};
    // sm_90a's value is 1090 (nvvm_arch_t); its PTX version, as sm_90's, is 90.
    if (cudaFuncGetAttributes(&__attr, __func) != cudaSuccess || __attr.ptxVersion != __site.value % 1000) {
      char __msg[128];
      snprintf(__msg, sizeof __msg,
               "contract violation launching CUDA kernel: PTX version %d does not match device architecture.",
               __site.value % 1000);
      __assert_fail(__msg, __site.file, __site.line, __site.function);
    }
  }
  return cudaLaunchKernel(__func, __grid, __block, __args, __smem, __stream);
}
}
#endif
)";

constexpr int kFeatureBitBase = 32;

const std::map<int, int>& archBits() {
  static const std::map<int, int> bits = {
      {35, 1},  {37, 2},  {50, 3},  {52, 4},   {53, 5},   {60, 6},   {61, 7},   {62, 8},
      {70, 9},  {72, 10}, {75, 11}, {80, 12},  {86, 13},  {87, 14},  {89, 15},  {90, 16},
      {100, 17}, {101, 18}, {103, 19}, {110, 20}, {120, 21}, {88, 22}, {121, 23}};
  return bits;
}

} // namespace

unsigned long long nvvmArchBit(int sm) {
  auto it = archBits().find(smNumber(sm));
  if (it == archBits().end()) return 0;
  // An arch-specific sm provides what its plain one does, and a feature bit of its own
  // (above nv/target's, which end at bit 23) for NV_HAS_FEATURE_SM_90a.
  return (1ull << it->second) | (smArchSpecific(sm) ? 1ull << (kFeatureBitBase + it->second) : 0);
}

std::string preludeText(const PreludeConfig& config) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "#pragma clang system_header\n";
  os << "enum nvvm_arch_t : int {";
  for (int sm : config.sms) os << " " << smName(sm) << " = " << sm << ",";
  os << " };\n";
  os << "enum nvvm_bits_t : unsigned long long {";
  for (const auto& [sm, bit] : archBits()) os << " sm_" << sm << "_bit = 1ull << " << bit << ",";
  os << " };\n";
  // NV_HAS_FEATURE_SM_90a... as frontend/toolkit_headers.cpp respells them.
  for (const auto& [sm, bit] : archBits())
    os << "#define _NV_TARGET___NV_FEA" << sm << "A (::nv::target::detail::target_description(1ull << "
       << kFeatureBitBase + bit << "))\n";
  os << kCodegenObjects;
  if (config.cuda && config.sms.size() > 1 && !sharedSmNumber(config.sms)) os << kOnePtxVersion;

  os << kArchHelpers;
  for (int sm : config.sms) os << "  case " << sm << ": return \"" << smName(sm) << "\";\n";
  os << "  }\n  return \"(not a target)\";\n}\n";
  os << "using nvvm_archs = nvvm_arch_list<";
  for (size_t i = 0; i < config.sms.size(); ++i) os << (i ? ", " : "") << smName(config.sms[i]);
  os << ">;\n";
  // A zero-length array is not C++; plain C++ compiles still get the count.
  os << "inline constexpr int nvvm_arch_count = " << config.sms.size() << ";\n";
  if (!config.sms.empty()) {
    os << "inline constexpr nvvm_arch_t nvvm_arch_values[] = {";
    for (int sm : config.sms) os << " " << smName(sm) << ",";
    os << " };\n";
  }
  os << dialectPreludeText();
  os << "#ifdef __cplusplus\n" << enumRegistration(nvvmArchEnum(config.sms)) << "\n#endif\n";
  return text;
}

// nvcc's headers give host code min and max for the arithmetic types (CUDA code
// calls them unqualified in host and __host__ __device__ functions); Clang's give the
// device only. These are the host's, beside Clang's device overloads: host code and
// untagged functions find them, kernels keep the device's.
const char* kHostMinMax = R"(
#define __CIRCLE_MINMAX(T1, T2, R) \
  inline R min(T1 __a, T2 __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  inline R max(T1 __a, T2 __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__CIRCLE_MINMAX(int, int, int)
__CIRCLE_MINMAX(unsigned, unsigned, unsigned)
__CIRCLE_MINMAX(int, unsigned, unsigned)
__CIRCLE_MINMAX(unsigned, int, unsigned)
__CIRCLE_MINMAX(long, long, long)
__CIRCLE_MINMAX(unsigned long, unsigned long, unsigned long)
__CIRCLE_MINMAX(long, unsigned long, unsigned long)
__CIRCLE_MINMAX(unsigned long, long, unsigned long)
__CIRCLE_MINMAX(long long, long long, long long)
__CIRCLE_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__CIRCLE_MINMAX(long long, unsigned long long, unsigned long long)
__CIRCLE_MINMAX(unsigned long long, long long, unsigned long long)
__CIRCLE_MINMAX(float, float, float)
__CIRCLE_MINMAX(double, double, double)
__CIRCLE_MINMAX(float, double, double)
__CIRCLE_MINMAX(double, float, double)
#undef __CIRCLE_MINMAX
)";

// Clang's CUDA headers declare these device overloads (static, in
// __clang_cuda_math_forward_declares.h) and define them nowhere; nvcc's define them.
const char* kDeviceMathDefinitions = R"(
static __device__ __inline__ double nan(const char* __tag) { return __nv_nan((const signed char*)__tag); }
static __device__ __inline__ float nanf(const char* __tag) { return __nv_nanf((const signed char*)__tag); }
)";

std::string launchPreludeText(const PreludeConfig& config) {
  std::string text;
  if (!config.cuda) return text;
  llvm::raw_string_ostream os(text);
  os << "#pragma clang system_header\n";
  // What nvcc's cuda_runtime.h brings into every CUDA source, which host code uses
  // without including it: <math.h>'s ::isfinite/::isnan, <time.h>'s clock, <string.h>...
  os << "#include <math.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <string.h>\n"
        "#include <strings.h>\n#include <time.h>\n#include <ctype.h>\n#include <limits.h>\n"
        "#include <assert.h>\n#include <alloca.h>\n";
  if (config.launchChecks)
    os << "#define __CIRCLE_LAUNCH_CHECKS 1\n#if __cplusplus >= 202002L\n#include <source_location>\n#endif\n";
  os << kLaunchConfiguration;
  os << kHostMinMax;
  os << kDeviceMathDefinitions;
  os << nvccBuiltinsPreludeText();
  os << UntaggedFunctions::preludeText(); // last: it applies to what follows
  return text;
}

} // namespace circle

#include "frontend/toolkit_headers.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>

using namespace circle;

namespace {
const std::string kMmaShape = "/* header */\n#define __CUDA_MMA_DEVICE_DECL__ static __device__ __inline__\n"
                              "#if !defined(__CUDA_ARCH__) && !defined(_NVHPC_CUDA)\n#define __DEF_IF_HOST { }\n"
                              "#else\n#define __DEF_IF_HOST ;\n#endif\nvoid f() __DEF_IF_HOST\n"
                              "#if defined(__CUDA_ARCH__)\n#include \"mma.hpp\"\n#endif\n";
}

// The text circle reads for `path`, which must keep the original's size (Clang checks a
// file's size against the file system's).
std::string respelled(const char* path, const std::string& text) {
  auto out = respellToolkitHeader(path, text);
  REQUIRE(out);
  CHECK(out->size() == text.size());
  return out.value_or("");
}

TEST_CASE("mma.h takes its device definitions, at the same size and line breaks") {
  auto out = respellToolkitHeader("/usr/local/cuda/include/crt/mma.h", kMmaShape);
  REQUIRE(out);
  CHECK(out->size() == kMmaShape.size());
  CHECK(std::count(out->begin(), out->end(), '\n') == std::count(kMmaShape.begin(), kMmaShape.end(), '\n'));
  CHECK(out->find("#if 0 /* circle: device definitions */") != std::string::npos);
  CHECK(out->find("#if 1                     \n#include \"mma.hpp\"") != std::string::npos);
  CHECK(out->find("__CUDA_ARCH__") == std::string::npos);
}

TEST_CASE("an mma.h of another layout becomes an error, never the host stubs") {
  std::string other = "/* header */\n#define __CUDA_MMA_DEVICE_DECL__ static __device__ __inline__\nvoid f();\n";
  auto out = respellToolkitHeader("/opt/cuda/include/crt/mma.h", other);
  REQUIRE(out);
  CHECK(out->size() == other.size());
  CHECK(out->find("#error circle cannot read this mma.h") != std::string::npos);
}

TEST_CASE("other files are read as they are") {
  CHECK_FALSE(respellToolkitHeader("/usr/local/cuda/include/mma.h", kMmaShape));
  CHECK_FALSE(respellToolkitHeader("/home/me/crt/mma.hpp", kMmaShape));
}

TEST_CASE("nv/target takes nvc++'s one-pass path, NV_IF_TARGET becomes circle's if target") {
  std::string target = "#if defined(__NVCC__)\n#elif defined(__NVCOMPILER) && __cplusplus >= 201103L\n#endif\n";
  auto out = respellToolkitHeader("/usr/local/cuda/include/cccl/nv/target", target);
  REQUIRE(out);
  CHECK(out->size() == target.size());
  CHECK(out->find("#elif 1 /* circle: one pass, as nvc++ */") != std::string::npos);
  std::string macros = "#if defined(_NV_COMPILER_NVCXX) && defined(_NVHPC_CUDA)\n"
                       "#  define _NV_TARGET_IF(cond, t, ...) \\\n"
                       "    (if target _NV_ARCH_COND(cond) { _NV_BLOCK_EXPAND(t) } else {})\n#endif\n"
                       "#if defined(_NV_COMPILER_NVCXX) && defined(_NVHPC_CUDA)\n#endif\n";
  out = respellToolkitHeader("/usr/local/cuda/include/nv/detail/__target_macros", macros);
  REQUIRE(out);
  CHECK(out->size() == macros.size());
  CHECK(out->find("_NVHPC_CUDA") == std::string::npos); // both places
  CHECK(out->find("(if(__ctif _NV_ARCH_COND(cond)){") != std::string::npos);
  CHECK(respellToolkitHeader("/usr/local/cuda/include/cccl/nv/target", "/* moved */\n")->find("#error") !=
        std::string::npos);
}

TEST_CASE("CCCL's _NVHPC_CUDA tests read __circle__, except its compiler detection") {
  std::string text = "#if defined(_NVHPC_CUDA)\n#endif\n#if _CCCL_CUDA_COMPILER(NVHPC) || __CUDA_ARCH__ >= 500\n#endif\n";
  auto cub = respellToolkitHeader("/usr/local/cuda/include/cccl/cub/util_device.cuh", text);
  REQUIRE(cub);
  CHECK(cub->size() == text.size());
  CHECK(cub->find("#if defined(__circle__ )") != std::string::npos);
  CHECK(cub->find("#if 1                          || __CUDA_ARCH__ >= 500") != std::string::npos);
  auto ptx = respellToolkitHeader("/usr/local/cuda/include/cccl/cuda/__ptx/instructions/generated/shr.h", text);
  REQUIRE(ptx);
  CHECK(ptx->find("#if 1                          || __CUDA_ARCH__ >= 500") != std::string::npos);
  CHECK_FALSE(respellToolkitHeader("/usr/local/cuda/include/cccl/cuda/std/__cccl/compiler.h", text));
  CHECK_FALSE(respellToolkitHeader("/usr/local/cuda/include/cuda_fp16.h", text));
}

TEST_CASE("CCCL's nvc++ branches: taken where the same conditional's other path reads __CUDA_ARCH__") {
  // Thrust's tuning (core/util.h): the arch test sits in a nested #if of the #else.
  std::string tuning = "#if _CCCL_CUDA_COMPILER(NVHPC)\n#  if (__NVCOMPILER_CUDA_ARCH__ >= 600)\n#    define T sm60\n"
                       "#  endif\n#else\n#  if (__CUDA_ARCH__ >= 600)\n#    define T sm60\n#  endif\n#endif\n";
  auto out = std::optional(respelled("/usr/local/cuda/include/cccl/thrust/system/cuda/detail/core/util.h", tuning));
  CHECK(out->rfind("#if 1 ", 0) == 0);
  // A continued condition, and an #elif.
  std::string continued = "#if A\n#elif _CCCL_CUDA_COMPILER(NVHPC) \\\n  || __CUDA_ARCH_FEAT_SM90_ALL\n#endif\n";
  out = respellToolkitHeader("/usr/local/cuda/include/cccl/cuda/__ptx/x.h", continued);
  REQUIRE(out);
  CHECK(out->find("#elif 1 ") != std::string::npos);
  // nvc++ workarounds that do not choose between the two models stay as they are,
  // as does a conditional after the one that reads __CUDA_ARCH__.
  std::string other = "#if defined(__CUDA_ARCH__)\n#endif\n#if _CCCL_CUDA_COMPILER(NVHPC)\n#  define W 1\n#endif\n";
  CHECK_FALSE(respellToolkitHeader("/usr/local/cuda/include/cccl/cuda/std/__type_traits/x.h", other));
}

TEST_CASE("CCCL's compile-time PTX version: CUB's policy chain reads it, other code reads __circle_ptx") {
  std::string text = "#ifndef CUB_PTX_ARCH\n#define CUB_PTX_ARCH __NVCOMPILER_CUDA_ARCH__\n#endif\n"
                     "  using ActivePolicy = _If<(CUB_PTX_ARCH < V), typename Prev::ActivePolicy, P>;\n"
                     "  constexpr int v = CUB_PTX_ARCH + __NVCOMPILER_CUDA_ARCH__;\n"
                     "#if CUB_PTX_ARCH >= 600\n#endif\n#if (__NVCOMPILER_CUDA_ARCH__ >= 800)\n#endif\n";
  auto out = std::optional(respelled("/usr/local/cuda/include/cccl/cub/util_device.cuh", text));
  CHECK(out->find("#ifndef CUB_PTX_ARCH\n#define CUB_PTX_ARCH __NVCOMPILER_CUDA_ARCH__\n") == 0); // the definition
  CHECK(out->find("_If<(CUB_PTX_ARCH < V)") != std::string::npos);              // the chain
  CHECK(out->find("v = __circle_ptx + __circle_ptx            ;") != std::string::npos); // other code
  CHECK(out->find("#if CUB_PTX_ARCH >= 600") != std::string::npos);             // true for every sm
  CHECK(out->find("#if (__circle_ptx             >= 800)") != std::string::npos);     // not for every sm
}

TEST_CASE("CUB's and Thrust's ABI namespaces keep nvcc's name, from __CUDA_ARCH_LIST__") {
  std::string text = "#if defined(_NVHPC_CUDA)\n"
                     "#  define CUB_NS inline namespace SPLICE(CUB, SM, NV_TARGET_SM_INTEGER_LIST, NVHPC) \\\n  {\n"
                     "#else\n"
                     "#  define CUB_NS inline namespace SPLICE(CUB, SM, __CUDA_ARCH_LIST__) {\n"
                     "#endif\n"
                     "#if defined(_NVHPC_CUDA)\n#  define CUB_TEMP_GET_PTX __builtin_current_device_sm()\n#endif\n";
  auto out = std::optional(respelled("/usr/local/cuda/include/cccl/cub/util_namespace.cuh", text));
  CHECK(out->rfind("#if defined(_NVHPC_CUDA)\n#  define CUB_NS", 0) == 0); // the namespace: nvcc's
  CHECK(out->find("#if defined(__circle__ )\n#  define CUB_TEMP_GET_PTX") != std::string::npos); // the rest: nvc++'s
}

namespace {
// cooperative_groups' features and cuda_pipeline's async copy, as the toolkit chooses them.
const std::string kFeatureMacros = "#if defined(__CUDA_MINIMUM_ARCH__)\n# define ARCH __CUDA_MINIMUM_ARCH__\n"
                                   "#elif defined(__CUDA_ARCH__)\n# define ARCH __CUDA_ARCH__\n#endif\n"
                                   "/* a comment */\n"
                                   "#if (ARCH >= 900) || !defined(ARCH)\n# define HAS_ELECT\n#endif\n"
                                   "# if (__CUDA_ARCH__ >= 800)\n#  define ASYNC 1\n# else\n#  define ASYNC 0\n# endif\n"
                                   "#ifdef __CUDA_ARCH__\n#undef SLOW // not on the device\n#endif\n";
} // namespace

TEST_CASE("macros a toolkit header chooses by target are chosen for the sm every target's features include") {
  auto out = chooseMacrosForEveryTarget(kFeatureMacros, "info.h", 75);
  REQUIRE(out);
  CHECK(out->find("__CUDA_ARCH__") == std::string::npos);
  CHECK(out->find("# define ARCH 750") != std::string::npos);
  CHECK(out->find("# if (750 >= 800)") != std::string::npos);
  CHECK(out->find("#if 1\n#undef SLOW") != std::string::npos);
  // What does not test __CUDA_ARCH__ is left for the preprocessor (ARCH is 750 there).
  CHECK(out->find("#if (ARCH >= 900) || !defined(ARCH)\n# define HAS_ELECT") != std::string::npos);
  CHECK(out->find("defined(__CUDA_MINIMUM_ARCH__)") != std::string::npos);
  auto sm90 = chooseMacrosForEveryTarget(kFeatureMacros, "info.h", 90);
  REQUIRE(sm90);
  CHECK(sm90->find("# if (900 >= 800)") != std::string::npos);
}

TEST_CASE("conditionals around code, includes or pragmas keep the host's view") {
  for (const char* kept : {"#if __CUDA_ARCH__ >= 700\n__device__ void f();\n#endif\n",
                           "#if defined(__CUDA_ARCH__)\n#define X 1\nint x;\n#endif\n",
                           "#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800\n#define Y\n#include \"y.hpp\"\n#endif\n",
                           "#ifdef __CUDA_ARCH__\n#pragma unroll 16\n#endif\n",
                           "#if defined(__CUDA_ARCH__)\n#if 1\n#define Z\n#endif\nvoid g();\n#endif\n",
                           "#if defined(X)\n#define W\n#endif\n"})
    CHECK_FALSE(chooseMacrosForEveryTarget(kept, "h.h", 75));
  // A configuration nested in code is still a configuration.
  auto out = chooseMacrosForEveryTarget("#if defined(A)\nvoid h();\n#if __CUDA_ARCH__ >= 900\n#define V\n#endif\n#endif\n",
                                        "h.h", 90);
  REQUIRE(out);
  CHECK(out->find("void h();\n#if 900 >= 900\n#define V") != std::string::npos);
}
